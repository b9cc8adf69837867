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
