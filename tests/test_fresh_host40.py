"""What a fresh host found (fortieth session): ``reopen-day N`` and ``close-day`` left the
letters already read for day N+1 as they were read against the old state; ``explain`` named
an intermediate vote as the one replaced after a withdrawal and left out a player who sent
nothing and died that night; the fan's result letter did not say whether a failed earned
check is used up; a beaten boss's result letter did not say why his clan's kill went through."""

from __future__ import annotations

from datetime import timedelta

import pytest
from click.testing import CliRunner
from sqlmodel import select

from mailer.cli import main as cli_main
from mailer.day import close_day, reopen_day
from mailer.outbox import send_all
from mailer.store import Letter, Outgoing, loads
from mailer.sync import sync
from test_sync import DEADLINE, START, Game, letter


@pytest.fixture
def game(tmp_path, database_url):
    """The four-player game of test_sync on SQLite and on PostgreSQL."""
    g = Game(tmp_path, database_url=database_url)
    yield g
    g.store.dispose()


def _cli(g: Game, *args: str, now):
    return CliRunner().invoke(cli_main, ["--config", str(g.root / "game.toml"), *args],
                              env={"MAFIA_MAIL_NOW": now.isoformat()}, catch_exceptions=False)


def _replies(g: Game) -> list[Outgoing]:
    with g.store.session() as s:
        return list(s.exec(select(Outgoing).where(Outgoing.kind == "reply").order_by(Outgoing.id)))


def _to(g: Game, msgid: str) -> list[Outgoing]:
    return [o for o in _replies(g) if (loads(o.headers_json) or {}).get("In-Reply-To") == f"<{msgid}>"]


def _day_two_read_then_day_one_corrected(g: Game):
    """Day 1 closed without the boss's kill (his letter, on time, was fetched after the
    close); day 2's letters read and answered; then ``reopen-day 1``, sync (the kill counts),
    ``close-day``: Serginio dies on night 1."""
    g.deliver(letter("buka@example.org", "Лечу Маруську.", msgid="d1@x"), START + timedelta(hours=2))
    sync(g.cfg, g.store, now=START + timedelta(hours=3))
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    g.deliver(letter("jaguar@example.org", "Убить Serginio", msgid="k1@x"), DEADLINE - timedelta(hours=1))
    g.deliver(letter("serg@example.org", "Линч: Ягуарчик", msgid="s2@x"), DEADLINE + timedelta(hours=1))
    g.deliver(letter("marusya@example.org", "лимонад. Проверяю Serginio. Линч: Serginio", msgid="m2@x"),
              DEADLINE + timedelta(hours=1))
    g.deliver(letter("buka@example.org", "Лечу Ягуарчика. Линч: Ягуарчик", msgid="b2@x"),
              DEADLINE + timedelta(hours=1))
    sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=2))
    send_all(g.cfg, g.store, now=DEADLINE + timedelta(hours=2))
    reopen_day(g.cfg, g.store, 1)
    sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=3))
    return close_day(g.cfg, g.store, now=DEADLINE + timedelta(hours=3))


def test_a_reclose_reads_the_next_days_letters_again_and_tells_what_changed(game):
    """After ``reopen-day 1`` and ``close-day``, day 2's letters are read again against the
    new state: the dead Serginio's own vote and Маруська's moves on him are refused now, and
    each of them gets a new reply «(исправлено)» that says what changed and why; Бука, whose
    reading did not change, gets no second reply; ``status`` shows no vote of the dead."""
    report = _day_two_read_then_day_one_corrected(game)
    at = DEADLINE + timedelta(hours=3)
    status = _cli(game, "status", now=at)
    with game.store.session() as s:
        rows = {x.message_id: x for x in s.exec(select(Letter))}
    assert [d["player"] for d in report.result.to_json()["deaths"]] == ["Serginio"]
    assert sorted(report.corrected) == ["Serginio", "Маруська"]
    assert (rows["s2@x"].state, rows["s2@x"].day, loads(rows["s2@x"].moves_json)) == ("no_moves", 2, [])
    assert (rows["m2@x"].state, loads(rows["m2@x"].moves_json)) == ("no_moves", [])
    assert rows["b2@x"].state == "applied" and len(loads(rows["b2@x"].moves_json)) == 2
    old_s, new_s = _to(game, "s2@x")
    assert old_s.state == "sent" and "Принято (день 2):\n  - Голос на линче: Ягуарчик" in old_s.body
    assert new_s.state == "queued" and new_s.subject == "Re: Ход (исправлено)"
    assert new_s.body.startswith("Здравствуйте, Serginio!\n\nИсправление: ведущий пересмотрел итоги дня 1 "
                                 "и закрыл его заново")
    # the killer is named to nobody (session 53: the reply named the clan, which the
    # newspaper and the results letters never do): the public words of a death
    assert ("  - вы выбыли из игры по исправленным итогам дня 1 (вас убили ночью): ваши ходы не "
            "принимаются.\n  - больше не принято «Голос на линче: Ягуарчик».") in new_s.body
    assert "Вы выбыли из игры, ходы не принимаются: «Линч: Ягуарчик»" in new_s.body
    old_m, new_m = _to(game, "m2@x")
    assert old_m.state == "sent" and new_m.state == "queued"
    assert ("  - больше не принято «Проверка: Serginio» — Serginio убит(а) ночью по исправленным "
            "итогам дня 1.\n  - больше не принято «Голос на линче: Serginio» — Serginio убит(а) ночью "
            "по исправленным итогам дня 1.") in new_m.body
    assert "Клан" not in new_m.body and "Клан" not in new_s.body
    # nothing changed for Бука: no second reply (the new reading's is taken off, kept with why)
    assert [o.state for o in _to(game, "b2@x")] == ["sent", "dropped"]
    assert _to(game, "b2@x")[1].error == "после пересмотра дня 1 письмо прочитано так же: игрок уже получил этот ответ"
    lines = {line.split()[0]: line.split() for line in status.output.splitlines() if line.strip()}
    assert lines["Serginio"][1:4] == ["нет", "—", "1"]  # alive «нет», no moves, no vote column, 1 letter
    assert lines["Маруська"][1:4] == ["да", "—", "нет"]
    assert "ход или голос принят у 1 из 3 живых игроков" in status.output


def test_a_reclose_run_again_doubles_nothing_and_loses_no_correction(game):
    """The same correction run again: while the corrected replies are unsent, a second
    ``reopen-day 1`` + ``close-day`` queues each of them once more (the old ones taken off),
    still with the correction, since the players only had the first answers; once they are
    sent, a third run changes nothing and queues no reply at all."""
    _day_two_read_then_day_one_corrected(game)
    later = DEADLINE + timedelta(hours=4)
    reopen_day(game.cfg, game.store, 1)
    again = close_day(game.cfg, game.store, now=later)
    queued = [o for o in _replies(game) if o.state == "queued" and o.to_nick in ("Serginio", "Маруська")]
    assert sorted(again.corrected) == ["Serginio", "Маруська"]
    assert sorted(o.to_nick for o in queued) == ["Serginio", "Маруська"]
    assert all("Исправление: ведущий пересмотрел итоги дня 1" in o.body for o in queued)
    send_all(game.cfg, game.store, now=later)
    before = len([o for o in _replies(game) if o.state != "dropped"])
    reopen_day(game.cfg, game.store, 1)
    third = close_day(game.cfg, game.store, now=later + timedelta(hours=1))
    sync(game.cfg, game.store, now=later + timedelta(hours=1))
    assert third.corrected == [] and len([o for o in _replies(game) if o.state != "dropped"]) == before
    assert all(o.state != "queued" for o in _replies(game))


def _explain(g: Game, *letters: tuple[str, str]) -> list[str]:
    """Deliver ``(address, body)`` letters an hour apart, sync, close day 1 and return the
    «Ходы:» lines of ``explain``."""
    for n, (address, body) in enumerate(letters):
        g.deliver(letter(address, body, msgid=f"e{n}@x"), START + timedelta(hours=2 + n))
    sync(g.cfg, g.store, now=START + timedelta(hours=9))
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    out = _cli(g, "explain", now=DEADLINE + timedelta(hours=1)).output.splitlines()
    return out[out.index("Ходы:") + 1: next(i for i, line in enumerate(out) if line.startswith(("Голоса:", "Линч:")))]


def test_explain_names_the_vote_really_replaced_before_a_withdrawal(tmp_path):
    """Vote A, «Снимаю голос.», vote B: A was taken back, B counts. Vote A, vote C, «Снимаю
    голос.», vote B: A was replaced by C (not taken back), C taken back, B counts — in order."""
    g = Game(tmp_path)
    try:
        plain = _explain(g, ("serg@example.org", "Линч: Маруська"), ("serg@example.org", "Снимаю голос."),
                         ("serg@example.org", "Линч: Бука"))
    finally:
        g.store.dispose()
    (tmp_path / "two").mkdir()
    h = Game(tmp_path / "two")
    try:
        between = _explain(h, ("serg@example.org", "Линч: Маруська"), ("serg@example.org", "Линч: Ягуарчик"),
                           ("serg@example.org", "Снимаю голос."), ("serg@example.org", "Линч: Бука"))
    finally:
        h.store.dispose()
    assert plain[:3] == ["  Serginio (Мирный) — письма 1, 2, 3:",
                         "    • голос на линче → Маруська — не состоялось: голос снят игроком",
                         "    • голос на линче → Бука — учтён"]
    assert between[:4] == ["  Serginio (Мирный) — письма 1, 2, 3, 4:",
                           "    • голос на линче → Маруська — не состоялось: ход заменён более поздним письмом",
                           "    • голос на линче → Ягуарчик — не состоялось: голос снят игроком",
                           "    • голос на линче → Бука — учтён"]


def test_explain_lists_a_player_who_sent_nothing_and_died_that_night(tmp_path):
    """Serginio (a civilian: no night move owed) sends nothing and the clan kills him: he
    owes no autokill point, yet ``explain`` lists him, with why he is gone."""
    g = Game(tmp_path)
    try:
        moves = _explain(g, ("jaguar@example.org", "Убиваем Serginio. Линч: Бука"))
    finally:
        g.store.dispose()
    assert moves[-2:] == ["  Serginio (Мирный) — писем нет:", "    • выбыл(а) в этот ход: убит(а) Кланом 1"]


_FAN_AND_THUG = """
[[player]]
nick = "Фея"
email = "fan@example.org"
role = "fan"
[[player]]
nick = "Громила"
email = "thug@example.org"
role = "thug"
"""


def test_the_fans_result_letter_says_her_failed_check_is_not_used_up(tmp_path):
    """DECISIONS.md §4 Fan: day 1 she finds the detective and earns a check; day 2 she checks
    Ягуарчик, whom the thug beats: the check fails and, by the rule (only a check carried out
    uses it up), stays hers — her result letter says so, and the state keeps it."""
    from engine.state import GameState
    from mailer.day.open import set_event
    from mailer.store import Game as GameRow

    g = Game(tmp_path, players=_FAN_AND_THUG)
    try:
        g.deliver(letter("fan@example.org", "Ищу Маруську", msgid="f1@x"), START + timedelta(hours=2))
        sync(g.cfg, g.store, now=START + timedelta(hours=3))
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        set_event(g.cfg, g.store, "none", now=DEADLINE + timedelta(minutes=6))
        g.deliver(letter("fan@example.org", "Проверяю Ягуарчика", msgid="f2@x"), DEADLINE + timedelta(hours=2))
        g.deliver(letter("thug@example.org", "Бью Ягуарчика", msgid="t2@x"), DEADLINE + timedelta(hours=2))
        sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=3))
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(days=1, minutes=5))
        with g.store.session() as s:
            [result] = s.exec(select(Outgoing).where(Outgoing.ref == "result:2.0:Фея")).all()
            state = GameState.from_json(loads(s.get(GameRow, 1).state_json))
    finally:
        g.store.dispose()
    assert "  - Проверка: Ягуарчик — не удалась.\n" in result.body
    assert ("Ваша своя проверка не удалась, поэтому она не израсходована: проверка остаётся у вас, "
            "проверить игрока можно с этого дня (день 3) или позже.") in result.body
    assert state.players["Фея"].fan_check_left is True


def test_explain_says_why_a_beaten_bosss_clan_kill_went_through(tmp_path):
    """DECISIONS.md §4 Clan kill: the order is never blocked by the state of the member who
    gave it. The thug beats the boss, whose order kills Serginio all the same: ``explain``
    says why beside the kill (the thug's role text «сам он ничего не делает» is about role
    moves); a kill whose orderer nothing happened to reads as before."""
    g = Game(tmp_path, players=_FAN_AND_THUG)
    try:
        beaten = _explain(g, ("thug@example.org", "Бью Ягуарчика"), ("jaguar@example.org", "Убиваем Serginio"))
    finally:
        g.store.dispose()
    (tmp_path / "two").mkdir()
    h = Game(tmp_path / "two", players=_FAN_AND_THUG)
    try:
        free = _explain(h, ("thug@example.org", "Бью Буку"), ("jaguar@example.org", "Убиваем Serginio"))
    finally:
        h.store.dispose()
    assert ("    • убийство от клана → Serginio — выполнено (приказ клана не блокируется состоянием "
            "отдавшего его: сам(а) избит(а))") in beaten
    assert "    • убийство от клана → Serginio — выполнено" in free
