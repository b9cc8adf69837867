"""A fresh host's findings (session 55's trial), fixed in session 56.

1. «Выбери меня!»: the player the draw gave lynch immunity (and the partner he named) was
   shown neither by ``status`` nor by the newspaper; both now name them.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from click.testing import CliRunner

from mailer.cli import main
from test_fresh_host55 import _run, game  # noqa: F401 (the fixture: a game of test_sync's)
from test_sync import DEADLINE, START, Game, letter

ADDRESS = {"Маруська": "marusya@example.org", "Бука": "buka@example.org",
           "Ягуарчик": "jaguar@example.org", "Serginio": "serg@example.org"}


def _flat(text: str) -> str:
    return " ".join(text.split())


def _choose_me(g: Game) -> str:
    """Day 1 set to «Выбери меня!»; returns the player the draw made immune."""
    from mailer.store import DayRow

    opened = _run(g, ["open-day", "--event", "choose_me", "--yes"], START + timedelta(minutes=10))
    assert opened.exit_code == 0, opened.output
    with g.store.session() as s:
        return s.get(DayRow, 1).immune


def test_choose_me_immunity_shown_in_status_and_newspaper(game):
    immune = _choose_me(game)
    partner, voter = [n for n in ADDRESS if n != immune][:2]
    code = "лимонад " if immune == "Маруська" else ""
    game.deliver(letter(ADDRESS[immune], f"{code}Пара: {partner}", msgid="p@x"), START + timedelta(hours=1))
    for n, nick in enumerate(ADDRESS):
        code = "лимонад " if nick == "Маруська" else ""
        target = immune if nick != immune else voter
        game.deliver(letter(ADDRESS[nick], f"{code}Линч: {target}", msgid=f"v{n}@x"),
                     START + timedelta(hours=2, minutes=n))
    game.sync()
    status = _flat(_run(game, ["status"], START + timedelta(hours=3)).output)
    assert (f"«Выбери меня!»: иммунитет на линче — {immune} (по жребию) и {partner} (пара); "
            "голоса за них не засчитываются") in status, status
    closed = _run(game, ["close-day"], DEADLINE + timedelta(minutes=5))
    assert closed.exit_code == 0, closed.output
    paper = _flat(_run(game, ["newspaper"], DEADLINE + timedelta(minutes=6)).output)
    assert (f"Иммунитет на линче («Выбери меня!»): {immune} — по жребию, {partner} — пара. "
            "Голоса за игроков с иммунитетом не засчитываются.") in paper, paper


# 3. A target killed earlier the same night: the result letter said «цель уже выбыла из игры»,
#    which reads as if the player had aimed at someone already out when he wrote (a move on a
#    player out of the game is refused in the reply to the letter, DECISIONS.md §2 «One source
#    of legality»). DECISIONS.md §2: a player killed at step k does nothing after k, and a kill
#    on him fails; the player is told his target died earlier this night (deaths are public in
#    the newspaper), or was hanged, before his move's turn came.

MANIAC = """
[[player]]
nick = "Кузя"
email = "kuzya@example.org"
role = "maniac"
"""


def _result_to(g: Game, nick: str) -> str:
    with g.store.session() as s:
        [body] = [o.body for o in g.store.outgoing(s) if o.kind == "result" and o.to_nick == nick]
    return _flat(body)


def test_a_target_killed_earlier_the_same_night_is_told_so(tmp_path):
    from mailer.day import close_day

    g = Game(tmp_path, players=MANIAC)
    try:
        g.deliver(letter("jaguar@example.org", "Убиваем Serginio. Линч: Бука", msgid="j@x"), START + timedelta(hours=1))
        g.deliver(letter("kuzya@example.org", "Убиваю Serginio. Линч: Бука", msgid="k@x"), START + timedelta(hours=2))
        g.deliver(letter("marusya@example.org", "лимонад Проверяю Serginio. Линч: Бука", msgid="m@x"),
                  START + timedelta(hours=3))
        g.sync()
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        kuzya, marusya = _result_to(g, "Кузя"), _result_to(g, "Маруська")
    finally:
        g.store.dispose()
    for body in (kuzya, marusya):
        assert "уже выбыла из игры" not in body, body
    assert "Убийство маньяка: Serginio — не удалось: цель погибла этой ночью, раньше чем дошла очередь " \
           "вашего хода" in kuzya, kuzya
    assert "Проверка: Serginio — не удалась: цель погибла этой ночью, раньше чем дошла очередь вашего " \
           "хода" in marusya, marusya


# 4. A typo in ``words add`` (the move, or the player's nick) had no «может быть, …?».

@pytest.mark.parametrize("typed, hint", [
    ("приглашенье", "(может быть, «приглашение»?)"), ("invte", "(может быть, «invite»?)"),
    ("Сергинио", None), ("Маруька", "(может быть, игрок «Маруська»?)"),
])
def test_words_add_suggests_the_move_or_the_player_meant(game, typed, hint):
    done = _run(game, ["words", "add", typed, "забирать в палату"], START + timedelta(hours=1))
    assert done.exit_code == 1
    said = _flat(done.output)
    assert f"нет такого хода «{typed}»" in said, said
    if hint:
        assert f"нет такого хода «{typed}» {hint}; ходы: " in said, said


# 5. ``parse --game`` did not know the «Выбери меня!» pair: a vote for the partner — the game
#    file's ``partner`` (SCENARIOS.md) or the one the immune player named in an earlier letter
#    of the day — was accepted, and close-day then refused it (DECISIONS.md §2 «One source of
#    legality»).

def _parse(g: Game, game_file, sender: str, text: str, at: str | None = None) -> dict:
    import json

    args = ["parse", "--game", str(game_file), "--from", sender, "--day", "1"] + (["--at", at] if at else [])
    done = CliRunner().invoke(main, args, input=text)
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def _exported_pair(g: Game):
    """Day 1 under «Выбери меня!»: the immune player names his partner at 20:30 (Moscow), the
    day is closed and the game exported. Returns (file, immune, partner, a third player)."""
    from mailer.day import close_day

    immune = _choose_me(g)
    partner, voter = [n for n in ADDRESS if n != immune][:2]
    code = "лимонад " if immune == "Маруська" else ""
    g.deliver(letter(ADDRESS[immune], f"{code}Пара: {partner}", msgid="p@x"), START + timedelta(hours=1))
    g.sync()
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    exported = g.root / "export.toml"
    assert _run(g, ["export", str(exported)], DEADLINE + timedelta(minutes=10)).exit_code == 0
    assert "immune = " in exported.read_text(encoding="utf-8")
    return exported, immune, partner, voter


def test_parse_knows_the_choose_me_pair_of_an_exported_game(game):
    exported, immune, partner, voter = _exported_pair(game)
    # after the immune player's letter (20:30 Moscow) his partner is immune too
    later = _parse(game, exported, voter, f"Линч: {partner}", at="2026-12-07 21:00")
    assert later["moves"] == [] and [p["kind"] for p in later["problems"]] == ["not_allowed"], later
    assert _parse(game, exported, voter, f"Линч: {immune}", at="2026-12-07 21:00")["moves"] == []
    # before it, nobody had named a partner: the vote stands, as the reply then said
    earlier = _parse(game, exported, voter, f"Линч: {partner}", at="2026-12-07 20:00")
    assert earlier["moves"] == [{"action": "vote", "target": partner}], earlier
    # without --at: the pair as the day stands in the file
    assert _parse(game, exported, voter, f"Линч: {partner}")["moves"] == []


def test_parse_knows_the_partner_the_game_file_gives(tmp_path):
    from pathlib import Path

    case = Path(__file__).parent / "cases" / "event_choose_me_immune_and_partner.toml"
    for target in ("Civ1", "Civ2"):  # the drawn player and the partner the host gave
        done = CliRunner().invoke(main, ["parse", "--game", str(case), "--from", "Det"], input=f"Линч: {target}")
        assert '"moves": []' in done.stdout and "not_allowed" in done.stdout, done.stdout
    done = CliRunner().invoke(main, ["parse", "--game", str(case), "--from", "Det"], input="Линч: Civ3")
    assert '"action": "vote", "target": "Civ3"' in done.stdout, done.stdout
