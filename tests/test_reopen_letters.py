"""``reopen-day N`` tells the players: a fresh host's trial (session 53) found that a reopened
day told nobody anything, though the players had its results (a player killed that night
did not know he was alive again). Each player who got a letter of the close now gets
«День N снова открыт» (mailer.day.reopen_notice)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from click.testing import CliRunner
from sqlmodel import select

from mailer.cli import main
from mailer.config import load_config
from mailer.day import close_day, init_game, reopen_day, set_deadline
from mailer.demo import copy_demo
from mailer.outbox import send_all
from mailer.store import Outgoing, Store
from mailer.sync import sync

START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)  # the demo's day 1: 19:30 Moscow
DEADLINE = START + timedelta(days=1)  # 08.12.2026 19:30 (МСК)


@pytest.fixture
def demo(tmp_path, database_url):
    """The demo game (24 players), day 1 open, without an event; SQLite and PostgreSQL."""
    path = copy_demo(tmp_path / "game")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('database = "game.db"', f'database = "{database_url}"'), encoding="utf-8")
    cfg = load_config(path)
    store = Store(cfg.database_url)
    init_game(cfg, store, now=START - timedelta(minutes=5), event="none")
    yield cfg, store
    store.dispose()


def _letters(store, kind: str = "reopen") -> list[Outgoing]:
    with store.session() as s:
        return list(s.exec(select(Outgoing).where(Outgoing.kind == kind).order_by(Outgoing.id)))


def _cli(cfg, at: datetime, *args: str):
    return CliRunner().invoke(main, ["--config", str(cfg.path), *args], env={"MAFIA_MAIL_NOW": at.isoformat()})


def test_a_reopened_day_tells_who_had_its_results_and_who_is_alive_again(demo):
    """Day 1 closed early, its results sent: ``reopen-day 1`` queues «День 1 снова открыт» to
    each of the 24 players (the CLI line says how many); the dead of that night are told they
    are back; the moves stand until the deadline, ahead. ``preview`` shows the letter; it is
    sent once; closed again, every player who read it gets the results again (even the same)."""
    cfg, store = demo
    sync(cfg, store, now=DEADLINE - timedelta(hours=3))
    closed = close_day(cfg, store, now=DEADLINE - timedelta(hours=2), early=True)
    dead = sorted(d["player"] for d in closed.result.to_json()["deaths"])
    assert dead == ["Ромашка", "Тортилла", "Шершень"]
    send_all(cfg, store, now=DEADLINE - timedelta(hours=2))
    shown = _cli(cfg, DEADLINE - timedelta(hours=1), "reopen-day", "1", "--yes")
    assert shown.exit_code == 0, shown.output
    assert (f"В очереди писем «день 1 снова открыт»: 24 — игрокам, которым уже ушли письма о закрытии дня 1 "
            f"(посмотреть: mafia-mail --config {cfg.path} preview, отправить: mafia-mail --config {cfg.path} "
            "send).") in shown.output
    assert "уже прошёл" not in shown.output
    assert "Уже отправлены (их не вернуть; кому они ушли, тому — письмо «день 1 снова открыт»):" in shown.output
    letters = {x.to_nick: x for x in _letters(store)}
    assert len(letters) == 24 and {x.state for x in letters.values()} == {"queued"}
    romashka = letters["Ромашка"]
    assert romashka.subject == f"[{cfg.name}] День 1 снова открыт"
    assert romashka.body == (
        "Здравствуйте, Ромашка!\n\n"
        f"Ведущий снова открыл день 1 игры «{cfg.name}», чтобы исправить его итоги.\n"
        "Итоги дня 1, которые вы получили письмом, отменены: ведущий подведёт их заново, новые итоги "
        "придут отдельным письмом.\n"
        "Вы снова в игре: в отменённых итогах вы выбыли, теперь это отменено.\n"
        "Ваши ходы на день 1, присланные до сих пор, остаются в силе; изменить их или прислать новые можно "
        "до 08.12.2026 19:30 (МСК): пришлите новое письмо, последний ход заменит прежний.\n\n"
        "— Ведущий\n")
    revived = {nick for nick, x in letters.items() if "Вы снова в игре" in x.body}
    assert revived == set(dead)
    preview = _cli(cfg, DEADLINE - timedelta(hours=1), "preview", str(romashka.id))
    assert preview.exit_code == 0 and "Вы снова в игре" in preview.output, preview.output
    report = send_all(cfg, store, now=DEADLINE - timedelta(minutes=50))
    assert {x.state for x in _letters(store)} == {"sent"}, report
    assert send_all(cfg, store, now=DEADLINE - timedelta(minutes=49)).sent == 0  # never twice
    # closed again with nothing changed: the letter promised the results, so all 24 come
    again = close_day(cfg, store, now=DEADLINE - timedelta(minutes=40), early=True)
    assert (again.letters, again.unchanged) == (24, 0)
    buka = next(x for x in _letters(store, "result") if x.to_nick == "Бука" and x.state == "queued")
    assert buka.body.startswith("Исправленные итоги дня 1: это письмо заменяет прежнее письмо с итогами "
                                "дня 1. Для вас итоги остались прежними.\n\n"), buka.body
    # reopened again before those results went: the players know the day is open, no new letter
    again = _cli(cfg, DEADLINE - timedelta(minutes=30), "reopen-day", "1", "--yes")
    assert again.exit_code == 0, again.output
    assert ("Писем «день 1 снова открыт» в очереди нет: игроки уже получили такое письмо, и писем о закрытии "
            "дня 1 им после него не уходило.") in again.output
    assert len(_letters(store)) == 24


def test_a_reopened_day_whose_results_went_to_nobody_tells_nobody(demo):
    """Nothing of the close went out: for the players the day never closed; the results are
    taken off the queue and no letter is queued (the host is told why)."""
    cfg, store = demo
    sync(cfg, store, now=DEADLINE + timedelta(minutes=15))
    close_day(cfg, store, now=DEADLINE + timedelta(minutes=15))
    told: list[str] = []
    assert reopen_day(cfg, store, 1, told=told, now=DEADLINE + timedelta(minutes=20)) == []
    assert told == [] and _letters(store) == []
    close_day(cfg, store, now=DEADLINE + timedelta(minutes=25))
    shown = _cli(cfg, DEADLINE + timedelta(minutes=30), "reopen-day", "1", "--yes")
    assert shown.exit_code == 0, shown.output
    assert ("Писем «день 1 снова открыт» в очереди нет: письма о закрытии дня 1 ещё никому не ушли — для "
            "игроков день и не закрывался.") in shown.output
    assert _letters(store) == []


def test_a_day_reopened_after_its_deadline_says_so_until_the_deadline_moves(demo):
    """Reopened after its deadline: the letter says the moves on time stand and no new ones
    are taken, and the host is told how to give time. ``deadline`` then writes the new
    deadline into the unsent letters (no second «новый срок» letter to the same players); the
    day closed again takes them off the queue (the new results tell what changed)."""
    cfg, store = demo
    at = DEADLINE + timedelta(minutes=15)
    sync(cfg, store, now=at)
    close_day(cfg, store, now=at)
    send_all(cfg, store, now=at)
    shown = _cli(cfg, at + timedelta(minutes=5), "reopen-day", "1", "--yes")
    assert shown.exit_code == 0, shown.output
    assert ("Срок дня 1 (08.12.2026 19:30 (МСК)) уже прошёл: новых ходов игроки прислать не могут. Дать им "
            f'время: mafia-mail --config {cfg.path} deadline "завтра 23:00".') in shown.output
    letters = _letters(store)
    assert len(letters) == 24
    past = ("Срок дня 1 (08.12.2026 19:30 (МСК)) уже прошёл: ходы, присланные в срок, остаются в силе, новые "
            "ходы на этот день не принимаются. Если ведущий перенесёт срок, вы узнаете об этом письмом.")
    assert all(past in x.body for x in letters)
    set_deadline(cfg, store, "09.12.2026 23:00", now=at + timedelta(minutes=10))
    moved = ("Ваши ходы на день 1, присланные до сих пор, остаются в силе; изменить их или прислать новые "
             "можно до 09.12.2026 23:00 (МСК): пришлите новое письмо, последний ход заменит прежний.")
    letters = _letters(store)
    assert all(moved in x.body and "уже прошёл" not in x.body for x in letters), letters[0].body
    assert [x for x in _letters(store, "deadline") if x.state == "queued"] == []
    set_deadline(cfg, store, "10.12.2026 21:00", now=at + timedelta(minutes=11))
    assert all("можно до 10.12.2026 21:00 (МСК): пришлите" in x.body for x in _letters(store))
    assert [x for x in _letters(store, "deadline") if x.state == "queued"] == []
    close_day(cfg, store, now=at + timedelta(minutes=20), early=True)
    letters = _letters(store)
    assert {(x.state, x.error) for x in letters} == {("dropped", "день 1 закрыт: новые итоги скажут, что изменилось")}


def test_a_reopened_last_day_tells_everyone_the_game_goes_on(tmp_path):
    """The game ended with day 2 and «Игра окончена» went to every player, the dead too:
    ``reopen-day 2`` tells each that the end is cancelled; the player hanged that day is back
    in the game; a player dead before day 2 is not told about moves. Closed again with the
    same end once the letters went, everyone gets «Игра окончена» again, marked corrected."""
    from test_fresh_host49 import ended_on_day_two
    from test_sync import Game

    g = Game(tmp_path)
    try:
        end = ended_on_day_two(g)
        send_all(g.cfg, g.store, now=end)
        told: list[str] = []
        reopen_day(g.cfg, g.store, 2, told=told, now=end + timedelta(minutes=1))
        letters = {x.to_nick: x.body for x in _letters(g.store)}
        assert sorted(told) == sorted(letters) == sorted(p.nick for p in g.cfg.players)
        assert all("Письмо «Игра окончена» отменено: игра продолжается." in b for b in letters.values())
        assert "Вы снова в игре" in letters["Ягуарчик"] and "Итоги дня 2, которые вы получили" in letters["Ягуарчик"]
        serginio = letters["Serginio"]  # hanged on day 1: no results of day 2, no moves
        assert "Итоги дня" not in serginio and "Ваши ходы" not in serginio and "Срок дня" not in serginio
        assert "Вы снова в игре" not in letters["Бука"] and "Срок дня 2" in letters["Бука"]
        send_all(g.cfg, g.store, now=end + timedelta(minutes=2))
        again = close_day(g.cfg, g.store, now=end + timedelta(minutes=3))
        assert again.winner == "civilians" and again.final_unchanged == 0
        finals = [x for x in _letters(g.store, "final") if x.state == "queued"]
        assert len(finals) == len(g.cfg.players)
        assert all(x.body.startswith("Исправление: ведущий пересмотрел итоги дня 2") for x in finals)
    finally:
        g.store.dispose()
