"""What a fresh host found (forty-second session): ``status`` said «ход или голос принят у 10
из 10» when a player with a night role had sent only his vote; declined confirmations ended
differently from command to command; the re-close marked a corrected reply «(исправлено)»
as often as the day was closed again; the son's rule was told in a game without a son."""

from __future__ import annotations

from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main as cli_main
from mailer.reports import status
from mailer.status import read_status
from test_sync import START, Game, letter


def test_status_names_who_voted_but_owes_a_night_move(tmp_path):
    """Everybody voted, the doctor healed too: the detective and the boss still owe their
    night move, and ``status`` names them apart from who has sent nothing; the boss's
    clan kill alone is his night move (no check owed beside it)."""
    g = Game(tmp_path)
    try:
        for n, (address, body) in enumerate((("marusya@example.org", "Линч: Бука"),
                                             ("buka@example.org", "Лечу Маруську. Линч: Ягуарчик"),
                                             ("jaguar@example.org", "Линч: Бука"),
                                             ("serg@example.org", "Линч: Бука"))):
            g.deliver(letter(address, body, msgid=f"v{n}@x"), START + timedelta(hours=1 + n))
        g.sync()
        fast, slow = read_status(g.cfg), status(g.cfg, g.store)
        g.deliver(letter("jaguar@example.org", "Убиваем Serginio", msgid="k@x"), START + timedelta(hours=6))
        g.sync()
        after_kill = read_status(g.cfg)
    finally:
        g.store.dispose()
    assert fast == slow
    assert fast.no_night == ["Маруська", "Ягуарчик"]
    assert fast.progress() == ("День 1: ход или голос принят у 4 из 4 живых игроков; голос или ход есть, "
                               "ночного хода роли ещё нет у 2: Маруська, Ягуарчик")
    assert after_kill.no_night == ["Маруська"]
    shown = CliRunner().invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "status"],
                               env={"MAFIA_MAIL_NOW": (START + timedelta(hours=7)).isoformat(), "COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert "ночного хода роли ещё нет у 1: Маруська" in shown.output


def test_status_does_not_ask_a_night_move_of_a_silent_player_twice(tmp_path):
    """A player who sent nothing is named once, among those who have not written."""
    g = Game(tmp_path)
    try:
        g.deliver(letter("serg@example.org", "Линч: Бука", msgid="s@x"), START + timedelta(hours=1))
        g.sync()
        rep = read_status(g.cfg)
    finally:
        g.store.dispose()
    assert rep.no_night == ["Маруська", "Бука", "Ягуарчик"]
    assert rep.progress() == ("День 1: ход или голос принят у 1 из 4 живых игроков; ещё нет у 3: "
                              "Маруська, Бука, Ягуарчик")


def _replies_to(g: Game, msgid: str):
    from sqlmodel import select

    from mailer.store import Outgoing, loads

    with g.store.session() as s:
        return [o for o in s.exec(select(Outgoing).where(Outgoing.kind == "reply").order_by(Outgoing.id))
                if (loads(o.headers_json) or {}).get("In-Reply-To") == f"<{msgid}>"]


def test_a_day_closed_again_twice_marks_a_corrected_reply_once(tmp_path):
    """Day 1 re-closed: Serginio is killed on night 1, and his reply for day 2 comes back
    «Re: Ход (исправлено)». He answers it in the same thread; day 1 is reopened once more
    and the doctor's heal, on time for day 1, saves him: the new reply to his answer is marked
    «(исправлено)» once, never «(исправлено) (исправлено)»."""
    from mailer.day import close_day, reopen_day
    from mailer.outbox import send_all
    from mailer.sync import sync
    from test_sync import DEADLINE

    g = Game(tmp_path)
    try:
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        g.deliver(letter("jaguar@example.org", "Убить Serginio", msgid="k1@x"), DEADLINE - timedelta(hours=2))
        g.deliver(letter("serg@example.org", "Линч: Ягуарчик", msgid="s2@x"), DEADLINE + timedelta(hours=1))
        sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=2))
        send_all(g.cfg, g.store, now=DEADLINE + timedelta(hours=2))
        reopen_day(g.cfg, g.store, 1)
        sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=3))
        first = close_day(g.cfg, g.store, now=DEADLINE + timedelta(hours=3))
        send_all(g.cfg, g.store, now=DEADLINE + timedelta(hours=3))
        assert first.corrected == ["Serginio"]
        assert [o.subject for o in _replies_to(g, "s2@x")] == ["Re: Ход", "Re: Ход (исправлено)"]
        g.deliver(letter("serg@example.org", "Как это убит? Линч: Ягуарчик", msgid="s3@x",
                         subject="Re: Ход (исправлено)"), DEADLINE + timedelta(hours=4))
        sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=5))
        send_all(g.cfg, g.store, now=DEADLINE + timedelta(hours=5))
        reopen_day(g.cfg, g.store, 1)
        g.deliver(letter("buka@example.org", "Лечу Serginio", msgid="h1@x"), DEADLINE - timedelta(hours=1))
        sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=6))
        second = close_day(g.cfg, g.store, now=DEADLINE + timedelta(hours=6))
        answers = [(o.subject, o.state) for o in _replies_to(g, "s3@x")]
    finally:
        g.store.dispose()
    assert second.corrected == ["Serginio"]
    assert answers[-1] == ("Re: Ход (исправлено)", "queued")
    assert all("(исправлено) (исправлено)" not in subject for subject, _ in answers)


def test_corrected_subject_marks_once():
    from mailer.day.later import corrected_subject

    assert corrected_subject("Re: Ход") == "Re: Ход (исправлено)"
    assert corrected_subject("Re: Ход (исправлено)") == "Re: Ход (исправлено)"
    assert corrected_subject("[Игра] Итоги дня 1") == "[Игра] Итоги дня 1 (исправлено)"


def test_every_declined_question_says_nothing_was_done_and_exits_1(tmp_path):
    """The four commands that ask (close-day --early, reopen-day, deadline, open-day) end alike
    when the host says «нет», just presses Enter or the input ends: «Ничего не сделано: …»
    and exit code 1 (close-day said «День не закрыт.» with 0, the end of input «Прервано.»
    with 1); the game is as it was."""
    from sqlmodel import select

    from mailer.day import close_day, set_event
    from mailer.store import DayRow
    from test_sync import DEADLINE

    g = Game(tmp_path)
    cfg = str(tmp_path / "game.toml")

    def run(*args, at, answer):
        return CliRunner().invoke(cli_main, ["--config", cfg, *args], input=answer,
                                  env={"MAFIA_MAIL_NOW": at.isoformat()})

    def day_rows():
        with g.store.session() as s:
            return [(r.day, r.status, r.event, r.deadline) for r in s.exec(select(DayRow))]

    try:
        set_event(g.cfg, g.store, "rage", now=START)
        g.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", msgid="b@x"), START + timedelta(hours=1))
        g.sync()
        early = START + timedelta(hours=2)
        asked = {"close-day": (("close-day", "--early"), early, "день не закрыт"),
                 "deadline": (("deadline", "08.12.2026 21:00"), early, "срок не изменён"),
                 "open-day": (("open-day", "--event", "Полнолуние"), early, "событие не изменено")}
        results = {}
        for answer in ("нет\n", "\n", ""):
            before = day_rows()
            for name, (args, at, undone) in asked.items():
                results[name, answer] = (run(*args, at=at, answer=answer), undone)
            assert day_rows() == before
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        for answer in ("нет\n", "\n", ""):
            before = day_rows()
            results["reopen-day", answer] = (run("reopen-day", "1", at=DEADLINE + timedelta(minutes=10),
                                                 answer=answer), "день 1 не возвращён")
            assert day_rows() == before
    finally:
        g.store.dispose()
    for (name, answer), (result, undone) in results.items():
        assert result.exit_code == 1, (name, answer, result.output)
        assert f"Ничего не сделано: {undone}." in result.output, (name, answer, result.output)
        assert "Прервано" not in result.output


_ACTOR = """
[[player]]
nick = "Лис"
email = "lis@example.org"
role = "clan1.actor"
"""
_SON = """
[[player]]
nick = "Бублик"
email = "bublik@example.org"
role = "son"
"""


def _role_letters(tmp_path, players: str) -> dict[str, str]:
    from sqlmodel import select

    from mailer.store import Outgoing

    g = Game(tmp_path, players=players)
    try:
        with g.store.session() as s:
            return {o.to_nick: o.body for o in s.exec(select(Outgoing).where(Outgoing.kind == "role"))}
    finally:
        g.store.dispose()


def test_the_sons_rule_is_told_only_in_a_game_with_a_son(tmp_path):
    """The boss's role letter told how the son becomes boss, and the actor's that he does not
    replace the boss while the son lives, in a game with no son: only a game with one tells it."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    without = _role_letters(tmp_path / "a", _ACTOR)
    with_son = _role_letters(tmp_path / "b", _ACTOR + _SON)
    boss_rule = "Среди мирных может быть внебрачный сын Босса."
    actor_rule = "(кроме босса, пока жив неактивный сын)"
    assert not any("сын" in body for body in without.values())
    assert "Вы можете отправить ход за любого члена своего клана" in without["Ягуарчик"]
    assert ("он засчитывается, если сам игрок хода не прислал или оставил его на ваше усмотрение.\n"
            "Пример письма: «") in without["Ягуарчик"]
    assert "Когда погибнет первый член вашего клана, вы со следующего дня получаете его роль" in without["Лис"]
    assert boss_rule in with_son["Ягуарчик"] and actor_rule in with_son["Лис"]
    assert "сын" not in with_son["Бублик"]  # the son himself knows only that he is a civilian


def test_an_actor_who_becomes_boss_in_a_game_without_a_son_is_not_told_the_sons_rule(tmp_path):
    """The boss lynched, the actor takes his role: his result letter gives the boss's rules,
    without the son's (the game has none)."""
    from sqlmodel import select

    from mailer.day import close_day
    from mailer.store import Outgoing
    from test_sync import DEADLINE

    g = Game(tmp_path, players=_ACTOR)
    try:
        for n, address in enumerate(("marusya@example.org", "buka@example.org", "serg@example.org")):
            g.deliver(letter(address, "Линч: Ягуарчик", msgid=f"l{n}@x"), START + timedelta(hours=1 + n))
        g.sync()
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        with g.store.session() as s:
            [lis] = [o.body for o in s.exec(select(Outgoing).where(Outgoing.kind == "result", Outgoing.to_nick == "Лис"))]
    finally:
        g.store.dispose()
    assert "Вы — глава клана." in lis and "сын" not in lis


def test_a_hosts_own_role_letter_with_the_old_import_still_renders(tmp_path):
    """A host's ``templates/role.txt.j2`` that imports the rules without the letter's context
    (as before) renders as before: the son's rule told, no error."""
    from pathlib import Path

    package = Path(__file__).parent.parent / "templates" / "role.txt.j2"
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "role.txt.j2").write_text(
        package.read_text(encoding="utf-8").replace(" import rules with context", " import rules"), encoding="utf-8")
    letters = _role_letters(tmp_path, "")
    assert "Среди мирных может быть внебрачный сын Босса." in letters["Ягуарчик"]
