"""mailer.lexicon_cache: the CLI's move lexicon is read from the cache folder, the same as the
one built, and built again when the file is missing, broken or of another key (issue 11's
start-up: ~1.7 s of pymorphy3 a command before)."""

from __future__ import annotations

from pathlib import Path

import pytest

from click.testing import CliRunner

import engine.lexicon as lexicon_module
from mailer import lexicon_cache
from mailer.cli import main


@pytest.fixture
def builds(monkeypatch, tmp_path):
    """The cache folder is ``tmp_path/cache``; ``shipped`` (counted) gives this process's
    lexicon, so no test pays pymorphy3 again."""
    built = lexicon_module.lexicon()
    calls = []

    def counted():
        calls.append(1)
        return built

    monkeypatch.setattr(lexicon_module, "shipped", counted)
    monkeypatch.setenv("MAFIA_MAIL_CACHE", str(tmp_path / "cache"))
    return calls


def _files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache").glob("lexicon-*.marshal"))


def test_the_lexicon_read_back_is_the_one_built(builds, tmp_path):
    first = lexicon_cache.cached()
    assert builds == [1] and len(_files(tmp_path)) == 1
    again = lexicon_cache.cached()
    assert builds == [1]  # read, not built
    assert again == first and again is not first
    assert again.by_first == first.by_first and again.not_before == first.not_before


def test_a_broken_file_is_built_again_and_rewritten(builds, tmp_path):
    lexicon_cache.cached()
    [path] = _files(tmp_path)
    path.write_bytes(b"\x00 not marshal")
    assert lexicon_cache.cached() == lexicon_module.lexicon()
    assert builds == [1, 1]
    lexicon_cache.cached()
    assert builds == [1, 1]


def test_another_key_is_another_file(builds, tmp_path, monkeypatch):
    lexicon_cache.cached()
    monkeypatch.setattr(lexicon_cache, "key", lambda: "0" * 64)
    lexicon_cache.cached()
    assert builds == [1, 1] and len(_files(tmp_path)) == 2


def test_the_key_follows_the_tables(tmp_path, monkeypatch):
    """An edited table (any file of the engine package) gives another key."""
    import engine

    fake = tmp_path / "engine"
    (fake / "lexicon").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "lexicon" / "heal.toml").write_text('class = "heal"\nverbs = ["лечить"]\n')
    monkeypatch.setattr(engine, "__file__", str(fake / "__init__.py"))
    one = lexicon_cache.key()
    (fake / "lexicon" / "heal.toml").write_text('class = "heal"\nverbs = ["лечить", "чинить"]\n')
    assert lexicon_cache.key() != one


def test_off_builds_every_time_and_writes_nothing(builds, tmp_path, monkeypatch):
    monkeypatch.setenv("MAFIA_MAIL_CACHE", "off")
    lexicon_cache.cached()
    lexicon_cache.cached()
    assert builds == [1, 1] and not (tmp_path / "cache").exists()


def test_a_folder_that_cannot_be_written_is_no_error(builds, tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("MAFIA_MAIL_CACHE", str(tmp_path / "file" / "cache"))
    assert lexicon_cache.cached() == lexicon_module.lexicon()


def test_the_folder_by_default(tmp_path):
    assert lexicon_cache.folder({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "mafia-mail"
    assert lexicon_cache.folder({"MAFIA_MAIL_CACHE": "OFF"}) is None
    assert lexicon_cache.folder({}).parts[-2:] == (".cache", "mafia-mail")


def test_the_cli_parses_with_the_cached_lexicon(builds, tmp_path):
    """``mafia-mail parse`` takes the lexicon through the cache: built and written by the first
    command, read by the next (a new process: here the lexicon built so far is forgotten)."""
    game = Path(__file__).resolve().parent / "cases" / "actor_becomes_indian_unseen.toml"
    args = ["parse", "--game", str(game), "--from", "Det"]
    env = {"MAFIA_MAIL_CACHE": str(tmp_path / "cache"), "MAFIA_MAIL_NOW": None}
    try:
        for _ in range(2):
            lexicon_module.provide(None)
            out = CliRunner().invoke(main, args, input="Проверяю Actor1\n", env=env)
            assert out.exit_code == 0, out.output
            assert '"action": "check", "target": "Actor1"' in out.stdout
        assert builds == [1] and len(_files(tmp_path)) == 1
    finally:
        lexicon_module.provide(None)
        lexicon_module.lexicon()  # this process's lexicon again, for the tests after
