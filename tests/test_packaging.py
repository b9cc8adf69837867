"""What `pip install .` puts in place: every package of the source tree and its data files
(a package left out of pyproject.toml installs a `mafia-mail` that cannot start)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_every_package_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for top in ("engine", "mailer", "templates") for p in (ROOT / top).rglob("__init__.py")}
    assert found == listed


def test_package_data_covers_the_lexicon_and_templates():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert "*.toml" in data["engine.lexicon"] and "*.j2" in data["templates"]
    assert list((ROOT / "engine" / "lexicon").glob("*.toml"))


def test_readme_links_point_at_files_of_the_repository():
    """A fresh clone has only the repository: every link of the README (and of the case index
    it links to) and every path it names in backquotes is a file or folder of the repository,
    and nothing points outside it (``../shared/rules/`` does not exist in a clone)."""
    import re

    TOP = {"engine", "mailer", "templates", "tests", "contrib", "benchmarks", ".ci", "docs"}
    for doc in (ROOT / "README.md", ROOT / "tests" / "cases" / "README.md"):
        text = doc.read_text(encoding="utf-8")
        assert "../" not in text, doc
        links = re.findall(r"\]\(([^)\s]+)\)", text)
        named = [p for p in re.findall(r"`([\w.][\w./-]*/[\w./-]*)`", text)  # a path in the tree
                 if "*" not in p and p.split("/")[0] in TOP]
        assert links or doc != ROOT / "README.md"  # the top README links the files it names
        for target in links + named:
            assert not re.match(r"[a-z]+:", target), (doc, target)
            base = doc.parent if target in links else ROOT
            assert (base / target).exists() or (ROOT / target).exists(), (doc.name, target)


def test_help_names_only_files_of_the_repository():
    """Every help text of the command line that names a document (``*.md``) or a folder of
    the project names one a fresh clone has: ``parse --help`` named «SCENARIOS.md», which is
    not in the repository (the format of game files is docs/SCENARIOS.md)."""
    import re

    import click

    from mailer.cli import main

    def helps(command: click.Command, path: list[str]):
        ctx = click.Context(command, info_name=" ".join(path))
        yield " ".join(path), command.get_help(ctx)
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                yield from helps(sub, [*path, name])

    named = []
    for where, text in helps(main, ["mafia-mail"]):
        flat = re.sub(r"\s+", " ", text)
        named += [(where, name) for name in re.findall(r"[\w./-]*\.md\b", flat)]
        named += [(where, name) for name in re.findall(r"\b(?:docs|tests)/[\w./-]*", flat)]
    assert ("mafia-mail parse", "docs/SCENARIOS.md") in named
    for where, name in named:
        assert (ROOT / name).exists(), (where, name)
