"""What a fresh host found (forty-first session) around an early close: the reply to a letter
after ``close-day --early`` did not say the day was closed early; after ``reopen-day`` the
letters that came after the early close, on time, stayed in the next day; a letter that came
while the reopened day was open went silently to the next day when ``close-day --early`` ran
without a sync first."""

from __future__ import annotations

from datetime import datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from zoneinfo import ZoneInfo

import pytest
from sqlmodel import select

from mailer.day import close_day, reopen_day
from mailer.outbox import send_all
from mailer.store import DayRow, Letter, Outgoing, loads
from mailer.sync import sync
from test_sync import START, Game, letter

#: Day 1 is closed early at CLOSED (22:30 Moscow, day 1's deadline is 08.12 19:30).
CLOSED = START + timedelta(hours=3)


@pytest.fixture
def game(tmp_path, database_url):
    """The four-player game of test_sync on SQLite and on PostgreSQL."""
    g = Game(tmp_path, database_url=database_url)
    yield g
    g.store.dispose()


def _replies(g: Game, msgid: str) -> list[Outgoing]:
    with g.store.session() as s:
        return [o for o in s.exec(select(Outgoing).where(Outgoing.kind == "reply").order_by(Outgoing.id))
                if (loads(o.headers_json) or {}).get("In-Reply-To") == f"<{msgid}>"]


def _letters(g: Game) -> dict[str, tuple]:
    with g.store.session() as s:
        return {x.message_id: (x.state, x.day) for x in s.exec(select(Letter))}


def test_reply_after_an_early_close_says_the_host_closed_the_day_early(game):
    """A letter received after day 1's early close, before its deadline, counts for day 2,
    and its reply says so in one sentence: the host closed day 1 early, when, before which
    deadline; a letter without moves is told it belongs to day 2."""
    close_day(game.cfg, game.store, now=CLOSED, early=True)
    game.deliver(letter("buka@example.org", "Лечу Ягуарчика. Линч: Serginio", msgid="b2@x"), CLOSED + timedelta(hours=1))
    game.deliver(letter("serg@example.org", "Привет всем", msgid="s2@x"), CLOSED + timedelta(hours=1))
    sync(game.cfg, game.store, now=CLOSED + timedelta(hours=2))
    [moves], [empty] = _replies(game, "b2@x"), _replies(game, "s2@x")
    assert _letters(game) == {"b2@x": ("applied", 2), "s2@x": ("no_moves", 2)}
    assert moves.body.startswith(
        "Здравствуйте, Бука!\n\nВедущий закрыл день 1 досрочно, 07.12.2026 22:30 (МСК), до срока "
        "08.12.2026 19:30 (МСК), поэтому ходы из этого письма засчитаны в день 2.\n\nПринято (день 2):\n"
        "  - Лечение: Ягуарчик\n  - Голос на линче: Serginio\n")
    assert ("Ведущий закрыл день 1 досрочно, 07.12.2026 22:30 (МСК), до срока 08.12.2026 19:30 (МСК), "
            "поэтому это письмо относится ко дню 2.") in empty.body
    # after day 1's deadline the letters are plain day 2 letters: nothing about the early close
    game.deliver(letter("jaguar@example.org", "Линч: Бука", msgid="j2@x"), START + timedelta(days=1, minutes=1))
    sync(game.cfg, game.store, now=START + timedelta(days=1, hours=1))
    [plain] = _replies(game, "j2@x")
    assert "досрочно" not in plain.body and "Принято (день 2)" in plain.body


def _read_for_day_two_then_reopen(g: Game) -> list[int]:
    """Бука's heal on day 1; day 1 closed early; Бука and Serginio write (on time for day 1)
    after the close, their letters are read for day 2 and the answers sent; ``reopen-day 1``.
    Returns the ids reopen-day named."""
    g.deliver(letter("buka@example.org", "Лечу Маруську", msgid="b1@x"), START + timedelta(hours=2))
    sync(g.cfg, g.store, now=START + timedelta(hours=2, minutes=5))
    close_day(g.cfg, g.store, now=CLOSED, early=True)
    g.deliver(letter("buka@example.org", "Лечу Ягуарчика. Линч: Serginio", msgid="b2@x"), CLOSED + timedelta(hours=1))
    g.deliver(letter("serg@example.org", "Линч: Бука", msgid="s2@x"), CLOSED + timedelta(hours=1))
    sync(g.cfg, g.store, now=CLOSED + timedelta(hours=2))
    send_all(g.cfg, g.store, now=CLOSED + timedelta(hours=2))
    named: list[int] = []
    reopen_day(g.cfg, g.store, 1, reread=named)
    return named


def test_an_unsent_reply_that_said_the_day_is_closed_says_it_is_open_again(game):
    """A fresh host: a reply queued before ``close-day --early`` was rewritten to «День 1
    закрыт …: ходы этого дня больше не меняются» and still went out so after ``reopen-day 1``;
    it now says the host opened the day again and until when moves may be changed."""
    game.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="b1@x"), CLOSED - timedelta(hours=1))
    sync(game.cfg, game.store, now=CLOSED - timedelta(minutes=30))
    close_day(game.cfg, game.store, now=CLOSED, early=True)
    [reply] = _replies(game, "b1@x")
    assert "День 1 закрыт 07.12.2026 22:30 (МСК): ходы этого дня больше не меняются" in reply.body
    reopen_day(game.cfg, game.store, 1)
    [reply] = _replies(game, "b1@x")
    assert "больше не меняются" not in reply.body
    assert ("Ведущий снова открыл день 1: ходы можно прислать или изменить до 08.12.2026 19:30 "
            "(МСК) — пришлите новое письмо, последний ход заменит прежний.") in reply.body


def test_reopen_reads_the_letters_after_the_early_close_for_the_reopened_day(game):
    """After ``reopen-day 1`` the next sync reads the letters that came after the early close
    for day 1, like a new letter of the reopened day: each sender, who had the answer «day 2»,
    gets a new reply «(исправлено)» saying why; the close of day 1 counts them; a second sync
    reads and queues nothing."""
    named = _read_for_day_two_then_reopen(game)
    game.deliver(letter("jaguar@example.org", "Линч: Бука", msgid="j3@x"), CLOSED + timedelta(hours=3))
    report = sync(game.cfg, game.store, now=CLOSED + timedelta(hours=4))
    assert sorted(report.corrected) == ["Serginio", "Бука"]
    assert _letters(game) == {"b1@x": ("applied", 1), "b2@x": ("applied", 1), "s2@x": ("applied", 1),
                              "j3@x": ("applied", 1)}
    with game.store.session() as s:
        assert sorted(named) == sorted(x.id for x in s.exec(select(Letter)) if x.message_id in ("b2@x", "s2@x"))
    old, new = _replies(game, "b2@x")
    assert old.state == "sent" and "засчитаны в день 2" in old.body
    assert (new.state, new.subject) == ("queued", "Re: Ход (исправлено)")
    assert new.body.startswith(
        "Здравствуйте, Бука!\n\nИсправление: ведущий снова открыл день 1, который закрыл досрочно "
        "07.12.2026 22:30 (МСК); ваше письмо, полученное 07.12.2026 23:30 (МСК), пришло до срока дня 1, "
        "поэтому теперь оно прочитано для дня 1, а не для дня 2, как говорил прежний ответ. В силе то, "
        "что написано в этом письме.\n\nПринято (день 1):\n  - Лечение: Ягуарчик\n  - Голос на линче: Serginio\n")
    assert "Эти ходы из ваших прежних писем за день 1 заменены этим письмом:\n  - Лечение: Маруська" in new.body
    assert [o.subject for o in _replies(game, "s2@x")] == ["Re: Ход", "Re: Ход (исправлено)"]
    assert [(o.subject, "Исправление" in o.body) for o in _replies(game, "j3@x")] == [("Re: Ход", False)]
    before = len(_replies(game, "b2@x") + _replies(game, "s2@x"))
    again = sync(game.cfg, game.store, now=CLOSED + timedelta(hours=5))
    assert (again.processed, again.corrected) == (0, [])
    assert len(_replies(game, "b2@x") + _replies(game, "s2@x")) == before
    rep = close_day(game.cfg, game.store, now=CLOSED + timedelta(hours=6), early=True)
    result = rep.result.to_json()
    assert result["lynched"] == ["Бука"]  # Serginio's and Ягуарчик's votes against Бука's one


def test_a_second_reopen_moves_only_the_letters_after_the_second_close(game):
    """Day 1 reopened, closed early again, a letter after that second close read for day 2,
    reopened again: only that letter is read again (the ones read for day 1 stay), each
    corrected reply is queued once, and the letter read before the second close, stamped
    before it, stays day 1's when it is read again."""
    _read_for_day_two_then_reopen(game)
    sync(game.cfg, game.store, now=CLOSED + timedelta(hours=4))
    send_all(game.cfg, game.store, now=CLOSED + timedelta(hours=4))
    second = CLOSED + timedelta(hours=5)
    close_day(game.cfg, game.store, now=second, early=True)
    with game.store.session() as s:
        row = s.get(DayRow, 1)
        assert (row.closed_at.replace(tzinfo=None), row.last_closed_at.replace(tzinfo=None)) == (
            CLOSED.replace(tzinfo=None), second.replace(tzinfo=None))
    game.deliver(letter("marusya@example.org", "лимонад. Проверяю Бука", msgid="m4@x"), second + timedelta(hours=1))
    sync(game.cfg, game.store, now=second + timedelta(hours=2))
    [told] = _replies(game, "m4@x")
    assert "Ведущий закрыл день 1 досрочно, 08.12.2026 03:30 (МСК)" in told.body
    send_all(game.cfg, game.store, now=second + timedelta(hours=2))
    named: list[int] = []
    reopen_day(game.cfg, game.store, 1, reread=named)
    assert len(named) == 1
    report = sync(game.cfg, game.store, now=second + timedelta(hours=3))
    assert (report.processed, report.corrected) == (1, ["Маруська"])
    assert _letters(game)["m4@x"] == ("applied", 1)
    assert [o.subject for o in _replies(game, "b2@x")] == ["Re: Ход", "Re: Ход (исправлено)"]
    [_, fixed] = _replies(game, "m4@x")
    assert "который закрыл досрочно 08.12.2026 03:30 (МСК)" in fixed.body


def test_the_cli_names_the_letters_and_inbox_shows_their_day(game):
    """``reopen-day 1`` names the letters it gives back to day 1, ``sync`` names the players
    told the correction, and ``inbox`` shows day 1 for them (it showed day 2)."""
    from click.testing import CliRunner

    from mailer.cli import main as cli_main

    def run(*args, at):
        return CliRunner().invoke(cli_main, ["--config", str(game.root / "game.toml"), *args],
                                  env={"MAFIA_MAIL_NOW": at.isoformat(), "COLUMNS": "200"}).output

    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="b1@x"), START + timedelta(hours=2))
    run("sync", at=START + timedelta(hours=2, minutes=5))
    run("close-day", "--early", "--yes", at=CLOSED)
    game.deliver(letter("serg@example.org", "Линч: Бука", msgid="s2@x"), CLOSED + timedelta(hours=1))
    run("sync", at=CLOSED + timedelta(hours=2))
    run("send", at=CLOSED + timedelta(hours=2))
    reopened = run("reopen-day", "1", "--yes", at=CLOSED + timedelta(hours=3))
    assert ("Писем, пришедших после досрочного закрытия дня 1 до его срока и прочитанных для следующего "
            "дня: 1 (2). Их прочитает заново для дня 1 mafia-mail") in reopened
    synced = run("sync", at=CLOSED + timedelta(hours=4))
    assert ("Письма, пришедшие после досрочного закрытия дня до его срока, прочитаны заново для снова "
            "открытого дня; исправленный ответ «(исправлено)» в очереди: Serginio") in synced
    rows = [line.split() for line in run("inbox", at=CLOSED + timedelta(hours=4)).splitlines()[1:]]
    assert [(r[0], r[3], r[5]) for r in rows] == [("1", "1", "Бука"), ("2", "1", "Serginio")]


# --- on a real Dovecot: close-day --early reads the mailbox first

MSK = ZoneInfo("Europe/Moscow")
E2E_START = datetime(2026, 10, 5, 19, 30, tzinfo=MSK)  # a Monday in the past (Dovecot dates)


def _append(dovecot, sender: str, body: str, serial: str, at: datetime) -> None:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, "Ведущий <host@example.org>", "Ход"
    msg["Date"], msg["Message-ID"] = format_datetime(at), f"<h41.{serial}@example.net>"
    msg.set_content(body)
    dovecot.append(msg.as_bytes(policy=policy.SMTP), at)


@pytest.mark.e2e
def test_early_close_reads_the_mailbox_first(tmp_path, dovecot, smtp_server):
    """A letter that came while the reopened day 1 was open is read into day 1 by
    ``close-day --early`` run without a sync (it went silently to day 2); with the mailbox
    out of reach, the early close is refused and says to sync."""
    from e2e_config import run_cli, server_sections

    config = tmp_path / "game.toml"
    players = {"Маруська": "detective", "Бука": "doctor", "Ягуарчик": "clan1.boss", "Serginio": "civilian"}
    mail = {"Маруська": "marusya@example.org", "Бука": "buka@example.org", "Ягуарчик": "jaguar@example.org",
            "Serginio": "serg@example.org"}
    config.write_text(f'[game]\nname = "Досрочно"\nstart = "{E2E_START:%Y-%m-%d %H:%M}"\nseed = 4\n'
                      'database = "game.db"\n' + "".join(
                          f'\n[[player]]\nnick = "{n}"\nemail = "{mail[n]}"\nrole = "{r}"\n'
                          for n, r in players.items()) + server_sections(dovecot, smtp_server), encoding="utf-8")

    def host(*args, now, password=dovecot.password, code=0):
        proc = run_cli(args, {"MAFIA_MAIL_CONFIG": str(config), "MAFIA_MAIL_NOW": now.isoformat(),
                              "E2E_IMAP_PASSWORD": password, "COLUMNS": "200"})
        assert proc.returncode == code, proc.stdout + proc.stderr
        return proc

    def states():
        from mailer.config import load_config
        from mailer.store import Store

        store = Store(load_config(config).database_url)
        try:
            with store.session() as s:
                return {x.message_id: (x.state, x.day) for x in s.exec(select(Letter))}
        finally:
            store.dispose()

    host("init", "--event", "none", now=E2E_START - timedelta(hours=1))
    _append(dovecot, mail["Бука"], "Линч: Serginio", "1", E2E_START + timedelta(hours=1))
    host("sync", now=E2E_START + timedelta(hours=2))
    host("close-day", "--early", "--yes", now=E2E_START + timedelta(hours=3))
    host("reopen-day", "1", "--yes", now=E2E_START + timedelta(hours=4))
    _append(dovecot, mail["Маруська"], "лимонад. Линч: Serginio", "2", E2E_START + timedelta(hours=5))
    _append(dovecot, mail["Ягуарчик"], "Линч: Бука", "3", E2E_START + timedelta(hours=5, minutes=30))
    refused = host("close-day", "--early", "--yes", now=E2E_START + timedelta(hours=6),
                   password="wrong", code=1)
    assert "день не закрыт: перед досрочным закрытием close-day забирает почту" in refused.stderr
    assert "mafia-mail sync и повторите mafia-mail close-day --early" in refused.stderr
    assert "h41.2@example.net" not in states()
    closed = host("close-day", "--early", "--yes", now=E2E_START + timedelta(hours=6))
    assert "Перед закрытием прочитано писем дня 1: 2." in closed.stdout
    # the warning counts the votes just read (a fresh host: it named a player whose vote the
    # same command then counted)
    assert "нет голоса у 1 живого игрока: Serginio" in closed.stderr, closed.stderr
    assert states() == {"h41.1@example.net": ("applied", 1), "h41.2@example.net": ("applied", 1),
                        "h41.3@example.net": ("applied", 1)}
    assert "Serginio" in closed.stdout.split("День 1 закрыт.")[0]  # lynched by two votes to one


# --- 2. a letter taken off the queue stays, marked «снято с очереди», with why


def _outbox_all(g: Game, at: datetime) -> str:
    from click.testing import CliRunner

    from mailer.cli import main as cli_main

    return CliRunner().invoke(cli_main, ["--config", str(g.root / "game.toml"), "outbox", "--all"],
                              env={"MAFIA_MAIL_NOW": at.isoformat(), "COLUMNS": "200"}).output


def test_letters_taken_off_the_queue_stay_with_why(game):
    """A reminder made stale by the player's moves, a «новый срок» notice replaced by the
    next move of the deadline, and an «unknown address» answer replaced when the letter is read
    again (reread) were deleted: they stay as «снято с очереди», and ``outbox --all`` lists
    each with why; the new letters in their place are queued all the same."""
    from mailer.day import remind, set_deadline
    from mailer.reread import reread
    from test_reread import _add_address

    at = START + timedelta(hours=1)
    remind(game.cfg, game.store, now=at)
    game.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Serginio", msgid="b1@x"), at + timedelta(minutes=5))
    sync(game.cfg, game.store, now=at + timedelta(minutes=10))
    set_deadline(game.cfg, game.store, "2026-12-08 21:00", now=at + timedelta(minutes=15))
    set_deadline(game.cfg, game.store, "2026-12-08 22:00", now=at + timedelta(minutes=20))
    game.deliver(letter("buka.work@example.net", "Линч: Ягуарчик", msgid="w@x"), at + timedelta(minutes=25))
    sync(game.cfg, game.store, now=at + timedelta(minutes=30))
    [stranger] = [x for x in game.rows() if x.message_id == "w@x"]
    _add_address(game, "buka@example.org", "buka.work@example.net")
    reread(game.cfg, game.store, [stranger.id], now=at + timedelta(minutes=35))
    with game.store.session() as s:
        rows = list(s.exec(select(Outgoing).where(Outgoing.kind != "role").order_by(Outgoing.id)))
    taken = [o for o in rows if o.state == "dropped"]
    dropped = {(o.kind, o.to_nick or o.to_addr): o for o in taken}
    assert dropped[("reminder", "Бука")].error == ("игрок прислал ходы после напоминания: ответ на его письмо "
                                                   "говорит, что в силе")
    assert [o.error for o in rows if o.kind == "deadline" and o.state == "dropped"] == [
        "срок дня 1 снова перенесён: это письмо называет прежний срок"] * 4
    assert [o.to_nick for o in rows if o.kind == "deadline" and o.state == "queued"] == [
        "Маруська", "Бука", "Ягуарчик", "Serginio"]
    assert dropped[("unknown_sender", "buka.work@example.net")].error.startswith("письмо прочитано заново")
    assert [o.state for o in rows if o.ref.startswith("reply:w@x")] == ["queued"]
    shown = _outbox_all(game, at + timedelta(minutes=40))
    lines = shown.split("Почему снято с очереди:\n", 1)[1].splitlines()
    assert f"  {dropped[('reminder', 'Бука')].id}: игрок прислал ходы после напоминания: ответ на его письмо " \
           "говорит, что в силе" in lines
    # (and the reply to Бука's first letter, which the reply to the letter read again stands for)
    assert sorted(o.kind for o in taken) == ["deadline"] * 4 + ["reminder", "reply", "unknown_sender"]
    assert dropped[("reply", "Бука")].error.startswith("его заменил ответ на следующее письмо игрока")
    assert sum("снято с очереди (почему — ниже)" in line for line in shown.splitlines()) == len(taken)
    assert f"снято с очереди — {len(taken)}" in shown.splitlines()[-1]


def test_an_event_letter_taken_off_stays_and_its_ref_is_free_again(game):
    """``open-day --event`` deleted the letters of the replaced event: they stay, dropped
    with why, their ref and Message-ID marked, so that going back to the first event queues
    its letter again (a new row), and every Message-ID stays unique."""
    from mailer.day import set_event

    for n, event in enumerate(("holiday", "choose_me", "full_moon", "holiday")):
        set_event(game.cfg, game.store, event, now=START + timedelta(minutes=n))
    with game.store.session() as s:
        rows = list(s.exec(select(Outgoing).where(Outgoing.kind == "event").order_by(Outgoing.id)))
    taken = [o for o in rows if o.state == "dropped"]
    assert [o.ref.split(":")[1] for o in taken] == ["1.holiday", "1.choose_me"]
    assert all(o.error == "событие дня 1 изменено (open-day --event): письмо о прежнем событии" for o in taken)
    assert all(o.ref.endswith(f"~dropped{o.id}") and o.message_id.startswith(f"dropped{o.id}.") for o in taken)
    [again] = [o for o in rows if o.state == "queued"]
    assert again.ref == taken[0].ref.split("~")[0] and again.id > taken[-1].id
    assert len({o.message_id for o in rows}) == len(rows)


# --- 3. a late player's stale first answer does not go out with the new one

DEADLINE = START + timedelta(days=1)


def test_the_next_day_notice_is_dropped_once_the_letter_is_answered(game):
    """Two letters after day 1's deadline get «counts for day 2, answered after the
    results» notices; while the day is open they wait in the queue. close-day reads the
    letters for day 2 and one reply stands for both: the notices, unsent, are taken off
    (kept, with why) and only that reply goes out; Маруська's notice, already sent, stays."""
    game.deliver(letter("marusya@example.org", "лимонад. Проверяю Бука", msgid="m1@x"), DEADLINE + timedelta(minutes=1))
    sync(game.cfg, game.store, now=DEADLINE + timedelta(minutes=2))
    send_all(game.cfg, game.store, now=DEADLINE + timedelta(minutes=2))
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="b1@x"), DEADLINE + timedelta(minutes=2))
    sync(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    game.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="b2@x"), DEADLINE + timedelta(minutes=6))
    sync(game.cfg, game.store, now=DEADLINE + timedelta(minutes=8))
    assert [o.state for o in _replies(game, "b1@x") + _replies(game, "b2@x")] == ["queued", "queued"]
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=10))
    first, second = _replies(game, "b1@x"), _replies(game, "b2@x")
    notices = [o for o in first + second if o.ref.startswith("next_day:")]
    [answer] = [o for o in second if o.ref == "reply:b2@x"]
    assert [o.state for o in notices] == ["dropped", "dropped"]
    assert all(o.error == f"его заменил ответ {answer.id} о дне 2: письмо прочитано, там сказано, что из него "
                          "принято" for o in notices)
    assert "Принято (день 2):\n  - Лечение: Ягуарчик" in answer.body and answer.state == "queued"
    report = send_all(game.cfg, game.store, now=DEADLINE + timedelta(minutes=11))
    with game.store.session() as s:
        to_buka = [o for o in s.exec(select(Outgoing).where(Outgoing.to_nick == "Бука", Outgoing.kind == "reply"))
                   if o.state == "sent"]
    assert [o.id for o in to_buka] == [answer.id] and report is not None
    assert [o.state for o in _replies(game, "m1@x")] == ["sent", "sent"]  # the sent notice stays sent


# --- 4. the forum's relative times count on the host's clock (MAFIA_MAIL_NOW)

REHEARSAL = "2026-12-08T15:00:00+03:00"  # day 1 of the forum tests' game is open until 08.12 19:30


def _post_times(store) -> dict[str, datetime]:
    from mailer.forum.db import ForumPost
    from mailer.store import utc

    with store.session() as s:
        return {p.author: utc(p.at).astimezone(MSK) for p in s.exec(select(ForumPost))}


def test_forum_import_reads_today_on_the_rehearsal_clock(tmp_path):
    """A pasted thread's «Сегодня, 14:05» and «вчера в 21:03» count from the rehearsal clock
    (MAFIA_MAIL_NOW), as every other command does, not from the machine's date; the posts
    land in day 1."""
    from click.testing import CliRunner
    from forum.game import make_game

    from mailer.cli import main as cli_main

    cfg, store = make_game(tmp_path / "g")
    paste = tmp_path / "day1.txt"
    paste.write_text("Ягуар\nСегодня, 14:05\nГолосую за Лиса.\n\nЗоя\nвчера в 21:03\nЛинч Гному.\n",
                     encoding="utf-8")
    out = CliRunner().invoke(cli_main, ["--config", str(cfg.path), "forum", "import", str(paste)],
                             env={"MAFIA_MAIL_NOW": REHEARSAL})
    assert out.exit_code == 0, out.output
    assert _post_times(store) == {"Ягуар": datetime(2026, 12, 8, 14, 5, tzinfo=MSK),
                                  "Зоя": datetime(2026, 12, 7, 21, 3, tzinfo=MSK)}
    assert "день 1: новых постов 2" in out.output
    store.dispose()


def test_forum_sync_reads_today_on_the_rehearsal_clock(tmp_path):
    """``forum sync`` of a page printing «Сегодня, 14:05», its server's Date the real clock:
    under MAFIA_MAIL_NOW the post is of the rehearsal's today."""
    from click.testing import CliRunner
    from forum.game import make_game
    from forum.pages import URLS, P, msk, render
    from forum.topic_server import TopicServer

    from mailer.cli import main as cli_main

    srv = TopicServer().start()
    try:
        pages = [[P(201, "Ягуар", msk(8, 14, 5), [("t", "Голосую за Лиса.")], relative=True)]]
        srv.pages[URLS["phpbb"](1)] = render("phpbb", pages, base=srv.base)[0]
        assert "Сегодня" in srv.pages[URLS["phpbb"](1)]
        cfg, store = make_game(tmp_path / "g", url=srv.base + URLS["phpbb"](1))
        out = CliRunner().invoke(cli_main, ["--config", str(cfg.path), "forum", "sync"],
                                 env={"MAFIA_MAIL_NOW": REHEARSAL})
        assert out.exit_code == 0, out.output
        assert _post_times(store) == {"Ягуар": datetime(2026, 12, 8, 14, 5, tzinfo=MSK)}
        store.dispose()
    finally:
        srv.stop()
