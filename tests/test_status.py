"""``mafia-mail status``: the SQLite fast path (stdlib sqlite3, no SQLAlchemy) gives exactly
the report of the SQLModel path, and falls back to it when it cannot read the game."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main as cli_main
from mailer.status import read_status
from mailer.reports import status
from test_sync import START, Game, letter


def test_fast_path_equals_sqlmodel_path(tmp_path):
    game = Game(tmp_path)
    try:
        game.deliver(letter("Бука <buka@example.org>", "Лечу Маруську. Линч: Ягуарчик", msgid="s1@x"),
                     START + timedelta(hours=2))
        game.deliver(letter("kot@example.com", "Линч: Бука", msgid="s2@x"), START + timedelta(hours=3))
        game.deliver(letter("serg@example.org", "Всем привет", msgid="s3@x"), START + timedelta(hours=4))
        game.sync()
        fast, slow = read_status(game.cfg), status(game.cfg, game.store)
        # the host answers Serginio himself and marks his letter done: it leaves the count
        from mailer.inbox import inbox, mark_done

        [empty] = [r.id for r in inbox(game.store, game.cfg.zone, state="no_moves")]
        mark_done(game.store, [empty])
        done_fast, done_slow = read_status(game.cfg), status(game.cfg, game.store)
    finally:
        game.store.dispose()
    assert fast == slow and done_fast == done_slow
    assert done_fast.no_moves == 0 and done_fast.silent == fast.silent
    buka = next(p for p in fast.players if p.nick == "Бука")
    assert (buka.moves, buka.voted, buka.letters) == (["heal"], True, 1)
    assert fast.attention == 1 and fast.queued >= 3 and fast.deadline.utcoffset() == timedelta(0)
    assert fast.silent == ["Маруська", "Ягуарчик", "Serginio"]  # Serginio's letter had no move
    assert fast.no_moves == 1  # … and the host is told of it (it may be a question to him)
    assert fast.stripped == []


def test_fast_path_declines_what_it_cannot_read(tmp_path):
    game = Game(tmp_path)
    try:
        other_db = dataclasses.replace(game.cfg, database_url="postgresql://host/db")
        assert read_status(other_db) is None
        missing = dataclasses.replace(game.cfg, database_url=f"sqlite:///{tmp_path / 'none.db'}")
        assert read_status(missing) is None
        assert not (tmp_path / "none.db").exists()  # read-only: nothing created
    finally:
        game.store.dispose()


def test_status_command_does_not_load_sqlalchemy(tmp_path):
    game = Game(tmp_path)
    game.store.dispose()
    probe = ("import sys; from mailer.cli import main\n"
             "try:\n    main(['--config', sys.argv[1], 'status'])\n"
             "except SystemExit:\n    pass\n"
             "print('SQLA' if 'sqlalchemy' in sys.modules else 'NO-SQLA')")
    env = dict(os.environ, MAFIA_MAIL_NOW="2026-12-07T21:00:00+03:00", COLUMNS="200")
    out = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "game.toml")],
                         capture_output=True, text=True, env=env, timeout=60)
    assert "день 1" in out.stdout and out.stdout.strip().endswith("NO-SQLA"), out.stdout + out.stderr
    result = CliRunner().invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "status"])
    assert result.exit_code == 0 and "Бука" in result.output


def test_status_without_a_game_says_so(tmp_path):
    (tmp_path / "g").mkdir()
    game = Game(tmp_path / "g")
    game.store.dispose()
    for path in (tmp_path / "g").glob("g.db*"):
        path.unlink()
    result = CliRunner().invoke(cli_main, ["--config", str(tmp_path / "g" / "game.toml"), "status"])
    assert result.exit_code != 0 and "игры ещё нет" in result.output


def test_a_move_refused_for_a_dead_target_reads_the_same_in_inbox_and_status(tmp_path):
    """The demo's letter 26 («Передумала: лечу Шершня», after the deadline, read into day 2
    when Шершень is dead) was labelled «запрещено правилами» in ``inbox`` while ``status``
    counted it among the letters with no move understood, «возможно, вопросы к ведущему».
    Both now name the rule that refused the move, in the words of ``explain``."""
    from mailer.config import load_config
    from mailer.demo import run_demo
    from mailer.store import Store

    folder = run_demo(str(tmp_path / "demo"), echo=lambda _text: None)
    env = {"MAFIA_MAIL_CONFIG": str(folder / "game.toml"), "COLUMNS": "200",
           "MAFIA_MAIL_NOW": "2026-12-08T20:30:00+03:00"}
    listed = CliRunner().invoke(cli_main, ["inbox", "--state", "без ходов"], env=env)
    assert listed.exit_code == 0, listed.output
    assert "цель уже выбыла из игры: лечу Шершня" in listed.output
    assert "запрещено правилами" not in listed.output
    shown = CliRunner().invoke(cli_main, ["status"], env=env)
    assert shown.exit_code == 0, shown.output
    assert ("Писем, где ходы не приняты по правилам, сегодня: 1 — цель уже выбыла из игры "
            "(mafia-mail inbox --state \"без ходов\")") in shown.output.splitlines()
    assert "без единого понятого хода" not in shown.output
    cfg = load_config(folder / "game.toml")
    store = Store(cfg.database_url)
    try:
        fast, slow = read_status(cfg), status(cfg, store)
    finally:
        store.dispose()
    assert fast == slow and (fast.refused, fast.no_moves) == ({"цель уже выбыла из игры": 1}, 0)


def test_status_warns_when_the_config_renamed_a_player_after_init(tmp_path):
    """The game's players are fixed at init: a nick renamed in the config afterwards is
    silently no player; status says so."""
    game = Game(tmp_path)
    game.store.dispose()
    path = tmp_path / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('nick = "Бука"', 'nick = "Букашка"'),
                    encoding="utf-8")
    result = CliRunner().invoke(cli_main, ["--config", str(path), "status"], env={"COLUMNS": "300"})
    assert result.exit_code == 0
    assert ("Внимание: игроки в настройках и в игре расходятся (состав игры задан при init и не "
            "меняется): в настройках, но не в игре: Букашка; в игре, но не в настройках: Бука"
            ) in result.output


def test_a_cancelling_letter_clears_the_moves_column_at_once(tmp_path):
    """«Отменяю ход» after a role move: status no longer lists the move (close-day would not
    carry it out, engine.legality.standing_moves), the vote stays; both status paths agree."""
    game = Game(tmp_path)
    try:
        game.deliver(letter("Бука <buka@example.org>", "Лечу Маруську. Линч: Ягуарчик", msgid="c1@x"),
                     START + timedelta(hours=2))
        game.sync()
        before = next(p for p in read_status(game.cfg).players if p.nick == "Бука")
        game.deliver(letter("Бука <buka@example.org>", "Отменяю ход.", msgid="c2@x"),
                     START + timedelta(hours=3))
        game.sync()
        fast, slow = read_status(game.cfg), status(game.cfg, game.store)
    finally:
        game.store.dispose()
    assert before.moves == ["heal"]
    assert fast == slow
    buka = next(p for p in fast.players if p.nick == "Бука")
    assert (buka.moves, buka.voted, buka.letters) == ([], True, 2)


def test_status_warns_when_the_config_changed_a_role_after_init(tmp_path):
    """Roles are dealt at init: a ``role`` changed in the config afterwards was silently
    ignored (renames and additions were warned about); status says so the same way."""
    game = Game(tmp_path)
    game.store.dispose()
    path = tmp_path / "game.toml"
    text = path.read_text(encoding="utf-8")
    assert 'role = "doctor"' in text
    path.write_text(text.replace('role = "doctor"', 'role = "clan1.thief"'), encoding="utf-8")
    result = CliRunner().invoke(cli_main, ["--config", str(path), "status"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert ("Внимание: роли в настройках и в игре расходятся (роли розданы при init и не "
            "меняются): Бука — в настройках Вор (Клан 1), в игре Врач") in result.output
    assert "игроки в настройках и в игре расходятся" not in result.output
    path.write_text(text, encoding="utf-8")  # the config as dealt: no warning
    again = CliRunner().invoke(cli_main, ["--config", str(path), "status"], env={"COLUMNS": "300"})
    assert "Внимание" not in again.output


def test_a_refused_move_corrected_by_a_later_letter_is_no_longer_counted():
    """Fresh user 23: status kept «цель уже выбыла из игры» after the player sent a corrected
    letter whose heal was accepted. A later letter of the same player that makes the refused
    move settles it; one that makes another move, or another player's letter, does not."""
    from mailer.status import refused_of

    dead_heal = json.dumps([{"kind": "not_allowed", "reason": "target_dead", "action": "heal",
                             "text": "лечу Шершня"}], ensure_ascii=False)
    refused = ("Пчёлка", "no_moves", "[]", False, "", dead_heal)
    heal = ("Пчёлка", "accepted", json.dumps([{"action": "heal", "target": "Бука"}]), False, "", "[]")
    vote = ("Пчёлка", "accepted", json.dumps([{"action": "vote", "target": "Бука"}]), False, "", "[]")
    others = ("Бука", "accepted", json.dumps([{"action": "heal", "target": "Бука"}]), False, "", "[]")
    assert refused_of([refused]) == {"цель уже выбыла из игры": 1}
    assert refused_of([refused, heal]) == {}
    assert refused_of([refused, vote]) == {"цель уже выбыла из игры": 1}
    assert refused_of([refused, others]) == {"цель уже выбыла из игры": 1}
    assert refused_of([heal, refused]) == {"цель уже выбыла из игры": 1}  # the later letter still stands


def test_a_letter_refused_by_a_rule_of_its_wording_is_counted_as_refused():
    """A fresh host (session 39): «Линч: Бука, Лисичка, Колобок» on a two-vote day, refused
    by the parser's rule (reason ``too_many_votes``, no turn reason), was counted among the
    letters «без единого понятого хода — возможно, вопросы к ведущему»; it is a refusal by a
    rule, named. A not_allowed problem with no reason stored (an old row) stays uncounted
    there, and a name not understood is no refusal."""
    from mailer.status import no_moves_of, refused_of

    def row(problems):
        return ("Штирлиц", "no_moves", "[]", False, "", json.dumps(problems, ensure_ascii=False))

    three = row([{"kind": "not_allowed", "reason": "too_many_votes", "action": "vote",
                  "text": "Линч: Бука, Лисичка, Колобок"}])
    assert refused_of([three]) == {"названо больше игроков, чем голосов": 1}
    assert no_moves_of([three]) == 0
    other = row([{"kind": "not_allowed", "reason": "some_new_rule", "text": "…"}])
    assert refused_of([other]) == {"запрещено правилами": 1}
    old = row([{"kind": "not_allowed", "text": "…"}])
    unknown = row([{"kind": "unknown_name", "text": "Линч: Вася"}])
    assert refused_of([old, unknown]) == {} and no_moves_of([old, unknown]) == 2


def test_clock_line_tells_the_host_the_time_against_the_deadline():
    """``status`` says which clock the commands use (a rehearsal's ``MAFIA_MAIL_NOW`` or the
    real one) and how far the deadline is: a host on the real clock before a game's dates
    saw no sign that «now» was days before the deadline."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from mailer.when import clock_line

    msk = ZoneInfo("Europe/Moscow")
    deadline = datetime(2026, 12, 9, 19, 30, tzinfo=msk)
    at = lambda *hm: datetime(2026, 12, *hm, tzinfo=msk)  # noqa: E731
    assert clock_line(at(5, 2, 50), deadline, msk) == "Сейчас 05.12.2026 02:50 (МСК), до срока 4 д 16 ч 40 мин"
    assert clock_line(at(9, 19, 29, 30), deadline, msk) == "Сейчас 09.12.2026 19:29 (МСК), до срока 1 мин"
    assert clock_line(at(8, 19, 30), deadline, msk) == "Сейчас 08.12.2026 19:30 (МСК), до срока 1 д"
    assert clock_line(deadline, deadline, msk) == "Сейчас 09.12.2026 19:30 (МСК), срок наступил"
    assert clock_line(at(10, 20, 31), deadline, msk) == "Сейчас 10.12.2026 20:31 (МСК), срок прошёл 1 д 1 ч 1 мин назад"
    assert clock_line(at(9, 19, 0), None, msk) == "Сейчас 09.12.2026 19:00 (МСК)"


def test_status_warns_of_a_clock_before_the_last_closed_day(tmp_path):
    """A fresh host (session 39): the demo's status on the real clock, days before the game's
    own dates, said «до срока 4 д» as if it were the game's time; a clock earlier than the
    last day's close is named as not the game's, with how to set a rehearsal clock."""
    from mailer.day import close_day
    from test_sync import DEADLINE

    g = Game(tmp_path)
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=20))
    g.store.dispose()
    env = {"COLUMNS": "300"}
    early = CliRunner().invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "status"],
                               env={**env, "MAFIA_MAIL_NOW": (START - timedelta(days=2)).isoformat()})
    assert early.exit_code == 0, early.output
    assert early.output.splitlines()[2] == (
        "Внимание: часы показывают время раньше, чем был закрыт прошлый день (08.12.2026 19:50 "
        "(МСК)): это не время игры; для репетиции задайте его: MAFIA_MAIL_NOW=ГГГГ-ММ-ДДTЧЧ:ММ+03:00")
    # on an 80-column terminal it wraps at its phrases, not one short line amid long ones
    narrow = CliRunner().invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "status"],
                                env={"COLUMNS": "80", "MAFIA_MAIL_NOW": (START - timedelta(days=2)).isoformat()})
    assert narrow.output.splitlines()[2:5] == [
        "Внимание: часы показывают время раньше,",
        "чем был закрыт прошлый день (08.12.2026 19:50 (МСК)): это не время игры;",
        "для репетиции задайте его: MAFIA_MAIL_NOW=ГГГГ-ММ-ДДTЧЧ:ММ+03:00"]
    later = CliRunner().invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "status"],
                               env={**env, "MAFIA_MAIL_NOW": (DEADLINE + timedelta(hours=1)).isoformat()})
    assert "Внимание: часы" not in later.output


def test_status_shows_the_rehearsal_clock(tmp_path):
    """The second line of ``status`` is the clock the commands run on (``MAFIA_MAIL_NOW``):
    an hour after the game's start (19:30 MSK; day 1 closes at 19:30 the next evening)."""
    g = Game(tmp_path)
    g.store.dispose()
    shown = CliRunner().invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "status"],
                               env={"MAFIA_MAIL_NOW": (START + timedelta(hours=1)).isoformat()})
    assert shown.exit_code == 0, shown.output
    assert shown.output.splitlines()[1] == "Сейчас 07.12.2026 20:30 (МСК), до срока 23 ч"


def test_a_two_vote_day_shows_a_letter_with_one_vote_as_half(tmp_path):
    """«Ярость» (two votes each): a fresh host (s46) saw «да» in the «Голос» column whether a
    player had sent one vote or both. A letter naming one shows «1 из 2»; naming two, «да»;
    both status paths give the same players' votes."""
    from mailer.day import set_event

    game = Game(tmp_path)
    try:
        set_event(game.cfg, game.store, "rage", now=START)
        game.deliver(letter("Бука <buka@example.org>", "Лечу Маруську. Линч: Ягуарчик", msgid="r1@x"),
                     START + timedelta(hours=2))
        game.deliver(letter("serg@example.org", "Голоса: Бука и Маруська", msgid="r2@x"),
                     START + timedelta(hours=3))
        game.sync()
        fast, slow = read_status(game.cfg), status(game.cfg, game.store)
        shown = CliRunner().invoke(cli_main, ["--config", str(game.cfg.path), "status"],
                                   env={"MAFIA_MAIL_NOW": (START + timedelta(hours=4)).isoformat(),
                                        "COLUMNS": "200"})
    finally:
        game.store.dispose()
    assert fast == slow
    votes = {p.nick: p.vote_targets for p in fast.players if p.vote_targets}
    assert votes == {"Бука": ["Ягуарчик"], "Serginio": ["Бука", "Маруська"]}
    rows = {line.split()[0]: line for line in shown.output.splitlines() if line.strip()}
    assert "1 из 2" in rows["Бука"] and "1 из 2" not in rows["Serginio"] and " да " in rows["Serginio"], \
        shown.output
