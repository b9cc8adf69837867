"""The host's aliases of players (``[aliases]`` of a config or a game file, ``mafia-mail words
add НИК прозвище``): a name the game's players call somebody by, which no rule of the parser
ties to the nick, read as his nick in any case form once the host has taught it (issue 11)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from click.testing import CliRunner

from engine.textnorm_aliases import aliases_named, install_aliases, installed_aliases
from test_sync import DEADLINE, START, Game, letter

NOW = DEADLINE - timedelta(hours=1)
FILE = """title = "t"
[game]
seed = 3
start = "2026-12-07 19:30"
[roles]
"Маруська" = "detective"
"Бука" = "doctor"
"Ягуарчик" = "clan1.boss"
"Serginio" = "civilian"
"Профессор Курганов" = "civilian"
"""


@pytest.fixture(autouse=True)
def no_aliases_after():
    """Each test leaves the process with no aliases installed (they are the process's)."""
    yield
    install_aliases(None)


def _parse(tmp_path, text: str, sender: str = "Бука", aliases: str = "") -> str:
    from mailer.cli import main

    game = tmp_path / "game-file.toml"
    game.write_text(FILE + aliases, encoding="utf-8")
    out = CliRunner().invoke(main, ["parse", "--game", str(game), "--from", sender], input=text)
    assert out.exit_code == 0, out.output
    return out.output.strip()


def test_an_alias_of_a_game_file_is_read_as_the_nick_in_any_case(tmp_path):
    aliases = '[aliases]\n"Кошак" = "Ягуарчик"\n"Курганыч" = "Профессор Курганов"\n"проф" = "Профессор Курганов"\n'
    assert _parse(tmp_path, "Лечу Кошака. Линч: кошак") == (
        '{"moves": [], "problems": [{"text": "Лечу Кошака", "kind": "unknown_name"}, '
        '{"text": "Линч: кошак", "kind": "unknown_name"}]}')  # unknown without the aliases
    assert _parse(tmp_path, "Лечу Кошака. Линч: кошак", aliases=aliases) == (
        '{"moves": [{"action": "heal", "target": "Ягуарчик"}, {"action": "vote", "target": "Ягуарчик"}], '
        '"problems": []}')
    assert _parse(tmp_path, "Лечу профа. Голос за Курганыча", aliases=aliases) == (
        '{"moves": [{"action": "heal", "target": "Профессор Курганов"}, '
        '{"action": "vote", "target": "Профессор Курганов"}], "problems": []}')
    # only a whole word: «кошаками» (plural, another word) and «Кошаковский» stay as written
    assert _parse(tmp_path, "Линч: Кошаковский", aliases=aliases) == (
        '{"moves": [], "problems": [{"text": "Линч: Кошаковский", "kind": "unknown_name"}]}')


def test_aliases_name_only_players_of_the_roster_and_are_replaced_when_installed_again():
    install_aliases({"Кошак": "Ягуарчик", "Шеф": "Никто"})
    nicks = ("Маруська", "Бука", "Ягуарчик")
    assert aliases_named("Бью кошака, шефа не трогаю", nicks) == "Бью Ягуарчик, шефа не трогаю"
    assert installed_aliases() == {"Кошак": "Ягуарчик", "Шеф": "Никто"}
    install_aliases({})
    assert aliases_named("Бью кошака", nicks) == "Бью кошака"


@pytest.mark.parametrize(("table", "message"), [
    ('"Кошак" = "Пантера"', "[aliases] Кошак: «Пантера» — не ник игрока этой игры"),
    ('"бука" = "Ягуарчик"', "[aliases] бука: «бука» — ник игрока «Бука», прозвищем он быть не может"),
    ('"Кошак" = "Ягуарчик"\n"кошак" = "Бука"', "[aliases] кошак: прозвище «кошак» уже дано игроку «Ягуарчик»"),
    ('" " = "Бука"', "[aliases]  : пустое прозвище"),
])
def test_a_bad_alias_of_a_game_file_is_refused_with_the_reason(tmp_path, table, message):
    from mailer.cli import main

    game = tmp_path / "game-file.toml"
    game.write_text(FILE + "[aliases]\n" + table + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["parse", "--game", str(game), "--from", "Бука"], input="Лечу Маруську")
    assert out.exit_code != 0 and message in out.output, out.output


def test_a_configs_aliases_are_checked_and_read_by_sync(tmp_path):
    from mailer.config import ConfigError, load_config

    bad = tmp_path / "bad"
    bad.mkdir()
    with pytest.raises(ConfigError, match=r"aliases\.Кошак \(строка \d+\): «Пантера» — не ник игрока этой игры"):
        Game(bad, extra='\n[aliases]\n"Кошак" = "Пантера"\n')
    g = Game(tmp_path, extra='\n[aliases]\n"Кошак" = "Ягуарчик"\n')
    try:
        assert load_config(tmp_path / "game.toml").aliases == {"Кошак": "Ягуарчик"}
        g.deliver(letter("buka@example.org", "Лечу Кошака", msgid="k1@x"), START + timedelta(hours=2))
        install_aliases(None)  # sync itself installs the game's aliases (not only the CLI)
        g.sync()
        [row] = g.rows()
        assert row.state == "applied"
        [reply] = g.replies("reply")
        assert "Лечение: Ягуарчик" in reply.body, reply.body
    finally:
        g.store.dispose()


def test_words_add_teaches_a_players_alias_and_reads_the_days_letters_again(tmp_path):
    from sqlmodel import select

    from mailer.cli import main
    from mailer.store import Letter, loads

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Кошака. Линч: Serginio", msgid="k2@x"), START + timedelta(hours=2))
        env = {"MAFIA_MAIL_CONFIG": str(tmp_path / "game.toml"), "MAFIA_MAIL_NOW": NOW.isoformat(),
               "COLUMNS": None}
        runner = CliRunner()
        assert runner.invoke(main, ["sync"], env=env).exit_code == 0
        listed = runner.invoke(main, ["words"], env=env)
        assert 'если прозвище игрока: mafia-mail words add НИК "прозвище"): 1: Бука — «Лечу Кошака»' in \
            " ".join(listed.output.split())

        added = runner.invoke(main, ["words", "add", "ягуарчик", "Кошак"], env=env)
        assert added.exit_code == 0, added.output
        assert "Игра знает новые прозвища игрока Ягуарчик: «Кошак» (в любом падеже)." in added.output
        assert "Письма дня, которые теперь читаются иначе, прочитаны заново: письмо 1;" in added.output
        with g.store.session() as s:
            row = s.exec(select(Letter)).one()
            assert loads(row.moves_json) == [{"action": "heal", "target": "Ягуарчик"},
                                             {"action": "vote", "target": "Serginio"}]
        replies = g.replies("reply")
        assert [r.state for r in replies] == ["dropped", "queued"]
        assert "Лечение: Ягуарчик" in replies[1].body
        listed = runner.invoke(main, ["words"], env=env)
        assert "Прозвища игроков: Ягуарчик — «Кошак» (добавлено)" in listed.output, listed.output
        status = runner.invoke(main, ["status"], env=env)
        assert "Прозвища игроков ([aliases] и mafia-mail words add НИК): Ягуарчик — «Кошак»" in \
            " ".join(status.output.split()), status.output

        taken = runner.invoke(main, ["words", "add", "Бука", "кошак"], env=env)
        assert taken.exit_code != 0 and "прозвище «кошак» уже дано игроку «Ягуарчик»" in taken.output
        # the exported game file carries the alias: it replays on its own
        exported = runner.invoke(main, ["export", str(tmp_path / "file.toml")], env=env)
        assert exported.exit_code == 0, exported.output
        assert '[aliases]\n"Кошак" = "Ягуарчик"' in (tmp_path / "file.toml").read_text(encoding="utf-8")

        removed = runner.invoke(main, ["words", "remove", "Ягуарчик", "Кошак"], env=env)
        assert removed.exit_code == 0 and "Забыты прозвища игрока Ягуарчик: «Кошак»." in removed.output
        assert "прочитаны заново: письмо 1;" in removed.output
        never = runner.invoke(main, ["words", "remove", "Ягуарчик", "Котяра"], env=env)
        assert never.exit_code == 1 and "Этим прозвищам игру не учили: «Котяра»" in never.output
    finally:
        g.store.dispose()
