"""``mafia-mail watch`` as a real process against a real Dovecot (IDLE) or a Maildir
(inotify) and aiosmtpd: letters answered at once, exactly once, across signals, server
restarts, close-day, the deadline and the day's reminders."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta, timezone
from email import message_from_bytes
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlmodel import select

from e2e_config import run_cli, server_sections
from servers import DovecotServer, find_dovecot

from mailer.config import ConfigError, load_config, parse_duration
from mailer.runlock import exclusive, is_held
from mailer.store import DayRow, Letter, Outgoing, Store, to_db
from mailer.day import init_game

ROOT = Path(__file__).resolve().parent.parent
MOSCOW = ZoneInfo("Europe/Moscow")
PLAYERS = [("Маруська", "marusya@example.org", "detective"), ("Бука", "buka@example.org", "doctor"),
           ("Ягуарчик", "jaguar@example.org", "clan1.boss"), ("Serginio", "serg@example.org", "civilian")]
WAIT = 30.0  # seconds a test waits for an event before failing (never a timing assert)

needs_dovecot = pytest.mark.skipif(find_dovecot() is None, reason="dovecot is not installed")


def game_config(*, mailbox: str, watch: str = "", start: datetime | None = None) -> str:
    """A game whose day 1 began an hour ago (its deadline is in 23 hours)."""
    start = start or datetime.now(MOSCOW) - timedelta(hours=1)
    players = "".join(f'[[player]]\nnick = "{n}"\nemail = "{e}"\nrole = "{r}"\n' for n, e, r in PLAYERS)
    return (f'[game]\nname = "Вахта"\nstart = "{start:%Y-%m-%d %H:%M}"\nseed = 5\nweekend_merge = false\n'
            f'database = "g.db"\n\n{players}\n{mailbox}\n[watch]\n{watch}\n')


def letter(sender: str, body: str, msgid: str, subject: str = "Ход") -> bytes:
    return (f"From: {sender}\r\nTo: host@example.org\r\nSubject: {subject}\r\nMessage-ID: <{msgid}>\r\n"
            "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
            "Content-Transfer-Encoding: 8bit\r\n\r\n" + body + "\r\n").encode("utf-8")


class Game:
    """A game folder with its config, database (day 1 open) and optionally a Maildir."""

    def __init__(self, root: Path, sections: str, watch: str = "", maildir: bool = False):
        self.root = root
        if maildir:
            for sub in ("new", "cur", "tmp"):
                (root / "box" / sub).mkdir(parents=True, exist_ok=True)
        (root / "game.toml").write_text(game_config(mailbox=sections, watch=watch), encoding="utf-8")
        self.cfg = load_config(root / "game.toml")
        self.store = Store(self.cfg.database_url)
        init_game(self.cfg, self.store, now=datetime.now(timezone.utc), event="none")
        self.n = 0

    def deliver(self, raw: bytes) -> None:
        """Deliver into the Maildir as an MDA does: write in tmp/, rename into new/."""
        self.n += 1
        name = f"{int(time.time())}.M{self.n}P{os.getpid()}.watchtest"
        tmp = self.root / "box" / "tmp" / name
        tmp.write_bytes(raw)
        os.rename(tmp, self.root / "box" / "new" / name)

    def outgoing(self, **where) -> list[Outgoing]:
        with self.store.session() as s:
            q = select(Outgoing)
            for k, v in where.items():
                q = q.where(getattr(Outgoing, k) == v)
            return list(s.exec(q.order_by(Outgoing.id)))

    def letters(self) -> list[Letter]:
        with self.store.session() as s:
            return list(s.exec(select(Letter).order_by(Letter.id)))

    def set_deadline(self, when: datetime) -> None:
        with self.store.session() as s:
            row = s.get(DayRow, 1)
            row.deadline = to_db(when)
            s.add(row)


MAILDIR = '[mailbox]\nkind = "maildir"\npath = "box"\n'


def smtp_send(smtp) -> str:
    return (f'[send]\nkind = "smtp"\nhost = "{smtp.host}"\nport = {smtp.port}\ntls = "none"\n'
            f'from = "Ведущий <host@example.org>"\n')


class Watch:
    """``mafia-mail --config … watch --json`` as a child process in its own process group
    (as systemd runs it); its JSON log lines are collected as they come."""

    def __init__(self, game: Game, env: dict | None = None):
        self.events: list[dict] = []
        self.raw: list[str] = []
        self.cond = threading.Condition()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mailer.cli", "--config", str(game.root / "game.toml"), "watch", "--json"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
            env={**os.environ, "E2E_IMAP_PASSWORD": "secret", **(env or {})})
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            text = line.decode("utf-8", "replace").rstrip("\n")
            with self.cond:
                self.raw.append(text)
                try:
                    self.events.append(json.loads(text))
                except ValueError:
                    pass
                self.cond.notify_all()

    def wait_for(self, event: str, count: int = 1, timeout: float = WAIT, **fields) -> list[dict]:
        """The first ``count`` log events named ``event`` with ``fields``; fails after ``timeout``."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                found = [e for e in self.events if e.get("event") == event
                         and all(e.get(k) == v for k, v in fields.items())]
                if len(found) >= count:
                    return found
                left = deadline - time.monotonic()
                if left <= 0 or (self.proc.poll() is not None and not self.reader.is_alive()):
                    pytest.fail(f"no {count}× {event} {fields} in the watch log:\n" + "\n".join(self.raw))
                self.cond.wait(min(left, 0.2))

    def named(self, event: str) -> list[dict]:
        with self.cond:
            return [e for e in self.events if e.get("event") == event]

    def send_signal(self, sig=signal.SIGTERM) -> None:
        os.killpg(self.proc.pid, sig)  # to the whole group, as systemd does

    def stop(self, sig=signal.SIGTERM) -> int:
        if self.proc.poll() is None:
            self.send_signal(sig)
        try:
            code = self.proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            pytest.fail("watch did not stop on SIGTERM:\n" + "\n".join(self.raw))
        self.reader.join(timeout=5)
        return code

    def __enter__(self) -> "Watch":
        return self

    def __exit__(self, *exc) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def replies_by_letter(smtp) -> dict[str, int]:
    """In-Reply-To Message-ID → how many letters the SMTP server received answering it."""
    counts: dict[str, int] = {}
    for m in smtp.messages:
        irt = message_from_bytes(m.data).get("In-Reply-To", "").strip().strip("<>")
        if irt:
            counts[irt] = counts.get(irt, 0) + 1
    return counts


def wait_until(predicate, timeout: float = WAIT, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what or predicate}")
        time.sleep(0.05)


# ---------------------------------------------------------------------------------------------
# Config
# ---------------------------------------------------------------------------------------------


def test_watch_section_defaults_and_values(tmp_path):
    (tmp_path / "box" / "new").mkdir(parents=True)
    path = tmp_path / "game.toml"
    path.write_text(game_config(mailbox=MAILDIR + '[send]\nkind = "folder"\npath = "out"\nfrom = "h@example.org"\n'),
                    encoding="utf-8")
    w = load_config(path).watch
    assert (w.poll, w.idle, w.send_replies, w.notify, w.remind_before) == (60.0, True, True, "", None)
    path.write_text(game_config(
        mailbox=MAILDIR + '[send]\nkind = "folder"\npath = "out"\nfrom = "h@example.org"\n',
        watch='poll = "2m"\nsend_replies = false\nnotify = "host@example.org"\nremind_before = "3h"\n'),
        encoding="utf-8")
    w = load_config(path).watch
    assert (w.poll, w.send_replies, w.notify, w.remind_before) == (120.0, False, "host@example.org", 10800.0)
    path.write_text(game_config(
        mailbox=MAILDIR + '[send]\nkind = "folder"\npath = "out"\nfrom = "h@example.org"\n',
        watch='remind_before = "три часа"\n'), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"watch.remind_before \(строка \d+\): не понятна длительность"):
        load_config(path)


def test_durations():
    assert parse_duration("1h30m") == 5400 and parse_duration("500ms") == 0.5
    assert parse_duration("3ч") == 10800 and parse_duration(45) == 45
    for bad in ("", "3x", "h", "-5s"):
        with pytest.raises(ValueError):
            parse_duration(bad)


# ---------------------------------------------------------------------------------------------
# Maildir: inotify and polling
# ---------------------------------------------------------------------------------------------


def test_maildir_letter_is_answered_at_once_and_only_replies_are_sent(tmp_path, smtp_server):
    game = Game(tmp_path, MAILDIR + smtp_send(smtp_server), maildir=True)
    roles_before = [r.id for r in game.outgoing(kind="role")]
    with Watch(game) as w:
        waiting = w.wait_for("waiting")[0]
        assert "inotify" in waiting["message"]
        game.deliver(letter("buka@example.org", "Лечу Маруську", "m1@x"))
        game.deliver(letter("stranger@example.net", "Привет, можно играть?", "m2@x"))
        done = {e["sender"]: e for e in w.wait_for("letter", count=2)}
        assert done["buka@example.org"]["state"] == "applied" and done["buka@example.org"]["reply"] == "sent"
        assert done["stranger@example.net"]["state"] == "unknown_sender"
        assert done["stranger@example.net"]["reply"] == "sent"
        assert w.stop() == 0
    assert replies_by_letter(smtp_server) == {"m1@x": 1, "m2@x": 1}
    assert sorted(m.rcpt_tos[0] for m in smtp_server.messages) == ["buka@example.org", "stranger@example.net"]
    # the role letters queued by init wait for the host's preview and send
    assert [r.id for r in game.outgoing(kind="role", state="queued")] == roles_before and roles_before
    assert [e["event"] for e in w.events][-1] == "stopped"


def test_maildir_polling_when_told_not_to_wait_for_events(tmp_path, smtp_server):
    game = Game(tmp_path, MAILDIR + smtp_send(smtp_server), watch='idle = false\npoll = "1s"\n', maildir=True)
    with Watch(game) as w:
        assert "проверка раз в 1 с" in w.wait_for("waiting")[0]["message"]
        game.deliver(letter("jaguar@example.org", "Голосую за Буку", "p1@x"))
        assert w.wait_for("letter")[0]["reply"] == "sent"
        assert w.stop() == 0
    assert replies_by_letter(smtp_server) == {"p1@x": 1}


def test_send_replies_false_only_queues(tmp_path, smtp_server):
    game = Game(tmp_path, MAILDIR + smtp_send(smtp_server), watch="send_replies = false\n", maildir=True)
    with Watch(game) as w:
        w.wait_for("waiting")
        game.deliver(letter("buka@example.org", "Лечу Маруську", "q1@x"))
        assert w.wait_for("letter")[0]["reply"] == "queued"
        assert w.stop() == 0
    assert smtp_server.messages == []
    assert [r.state for r in game.outgoing(kind="reply")] == ["queued"]


def test_sigterm_mid_batch_finishes_it_and_nothing_is_answered_twice(tmp_path, smtp_server):
    game = Game(tmp_path, MAILDIR + smtp_send(smtp_server), maildir=True)
    senders = [e for _, e, _ in PLAYERS]
    for i in range(300):
        game.deliver(letter(senders[i % 4], f"Голосую за Буку. Письмо {i}", f"t{i}@x"))
    with Watch(game) as w:
        wait_until(lambda: is_held(game.cfg.path, "sync"), what="the first batch to start")
        w.send_signal(signal.SIGTERM)
        assert w.stop() == 0
        assert w.named("waiting") == []  # stopped before waiting: the catch-up batch was in hand
    states = {r.state for r in game.outgoing(kind="reply")}
    # never "sending"/"uncertain": the batch was finished ("dropped": a sender's earlier reply
    # of the batch, held back for his later letter's, mailer.reply_context)
    assert states <= {"sent", "queued", "dropped"}
    assert all(l.state != "pending" for l in game.letters())
    for i in range(300, 310):
        game.deliver(letter(senders[i % 4], f"Голосую за Буку. Письмо {i}", f"t{i}@x"))
    with Watch(game) as w:
        w.wait_for("waiting")
        assert w.stop() == 0
    counts = replies_by_letter(smtp_server)
    rows = game.outgoing(kind="reply")
    replied = {r.ref.removeprefix("reply:") for r in rows if r.state != "dropped"}
    assert set(counts.values()) == {1}  # every letter answered at most once
    # loop breaker aside, all answered: by its own reply, or by a later letter's of the same
    # batch that stands for it (its own held back, mailer.reply_context)
    assert set(counts) == replied and len(rows) >= 300 - 3 * 4
    assert {r.state for r in rows} - {"dropped"} == {"sent"}


# ---------------------------------------------------------------------------------------------
# IMAP: IDLE, polling, restarts
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def own_dovecot(request):
    """A private Dovecot this test may restart (``param``: extra dovecot.conf lines)."""
    if find_dovecot() is None:
        pytest.skip("dovecot is not installed")
    root = Path(tempfile.mkdtemp(prefix="mafia-mail-watch-dovecot-"))
    server = DovecotServer(root=root, extra_conf=getattr(request, "param", "")).start()
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


@needs_dovecot
def test_imap_idle_wakes_up_on_a_new_letter(tmp_path, dovecot, smtp_server):
    game = Game(tmp_path, server_sections(dovecot, smtp_server))
    dovecot.append(letter("serg@example.org", "Голосую за Буку", "before@x"))
    with Watch(game) as w:
        assert "IMAP IDLE" in w.wait_for("waiting")[0]["message"]
        assert w.wait_for("letter")[0]["message_id"] == "before@x"  # the catch-up batch
        dovecot.append(letter("buka@example.org", "Лечу Маруську", "idle1@x"))
        assert w.wait_for("letter", message_id="idle1@x")[0]["reply"] == "sent"
        dovecot.append(letter("marusya@example.org", "Проверяю Буку", "idle2@x"))
        assert w.wait_for("letter", message_id="idle2@x")[0]["state"] in ("applied", "held")
        assert w.stop() == 0
    assert replies_by_letter(smtp_server) == {"before@x": 1, "idle1@x": 1, "idle2@x": 1}
    assert w.named("poll") == [] and w.named("connection_lost") == []


@needs_dovecot
@pytest.mark.parametrize("own_dovecot", ["imap_capability = IMAP4rev1 LITERAL+ UIDPLUS"], indirect=True)
def test_imap_without_idle_falls_back_to_polling(tmp_path, own_dovecot, smtp_server):
    account = own_dovecot.add_user()
    client = account.client()
    assert not client.has_capability("IDLE")  # the server really lacks IDLE
    client.logout()
    game = Game(tmp_path, server_sections(account, smtp_server), watch='poll = "1s"\n')
    with Watch(game) as w:
        assert "IDLE" in w.wait_for("poll")[0]["message"]
        assert "проверка раз в 1 с" in w.wait_for("waiting")[0]["message"]
        account.append(letter("buka@example.org", "Лечу Маруську", "poll1@x"))
        assert w.wait_for("letter", message_id="poll1@x")[0]["reply"] == "sent"
        assert w.stop() == 0
    assert replies_by_letter(smtp_server) == {"poll1@x": 1}


@needs_dovecot
def test_dovecot_restart_during_watch_loses_and_doubles_nothing(tmp_path, own_dovecot, smtp_server):
    account = own_dovecot.add_user()
    game = Game(tmp_path, server_sections(account, smtp_server))
    with Watch(game) as w:
        w.wait_for("waiting")
        account.append(letter("buka@example.org", "Лечу Маруську", "r1@x"))
        w.wait_for("letter", message_id="r1@x")
        own_dovecot.restart(down=1.5)
        account.append(letter("serg@example.org", "Голосую за Буку", "r2@x"))
        w.wait_for("connection_lost")
        w.wait_for("reconnected")
        assert w.wait_for("letter", message_id="r2@x")[0]["reply"] == "sent"
        own_dovecot.restart()
        w.wait_for("reconnected", count=2)
        account.append(letter("jaguar@example.org", "Голосую за Буку", "r3@x"))
        assert w.wait_for("letter", message_id="r3@x")[0]["reply"] == "sent"
        assert w.stop() == 0
    assert len(w.named("connection_lost")) == 2  # one line per loss, not one per attempt
    assert replies_by_letter(smtp_server) == {"r1@x": 1, "r2@x": 1, "r3@x": 1}
    assert [l.state for l in game.letters()] == ["applied"] * 3


# ---------------------------------------------------------------------------------------------
# The host's commands meanwhile
# ---------------------------------------------------------------------------------------------


def test_close_day_while_watching(tmp_path, smtp_server):
    game = Game(tmp_path, MAILDIR + smtp_send(smtp_server), maildir=True)
    with Watch(game) as w:
        w.wait_for("waiting")
        # a close-day in progress (its lock held) makes the watch wait, not fail
        with exclusive(game.cfg.path, "sync"):
            game.deliver(letter("buka@example.org", "Лечу Маруську", "c1@x"))
            w.wait_for("busy")
            time.sleep(0.5)
            assert w.named("letter") == [] and smtp_server.messages == []
        assert w.wait_for("letter", message_id="c1@x")[0]["reply"] == "sent"
        # the host's own commands run while the watch waits; the deadline passed 2 minutes ago
        game.set_deadline(datetime.now(timezone.utc) - timedelta(minutes=2))
        # (in this process, e2e_config.run_cli: another process than the watch, as the host's shell)
        for args in (["status"], ["inbox"], ["close-day"], ["preview"], ["deadline", "завтра 23:00", "--yes"]):
            out = run_cli(["--config", str(game.root / "game.toml"), *args], {})
            assert out.returncode == 0, (args, out.stdout, out.stderr)
        game.deliver(letter("serg@example.org", "Голосую за Ягуарчика", "c2@x"))
        done = w.wait_for("letter", message_id="c2@x")[0]
        assert (done["day"], done["state"], done["reply"]) == (2, "applied", "sent")
        assert w.stop() == 0
    assert w.proc.returncode == 0
    # result letters of day 1 wait for the host's send; only the two replies went out
    assert game.outgoing(kind="result") and {r.state for r in game.outgoing(kind="result")} == {"queued"}
    assert replies_by_letter(smtp_server) == {"c1@x": 1, "c2@x": 1}
    out = run_cli(["--config", str(game.root / "game.toml"), "send"], {})
    assert out.returncode == 0, out.stderr


def test_a_second_watch_is_refused(tmp_path, smtp_server):
    game = Game(tmp_path, MAILDIR + smtp_send(smtp_server), maildir=True)
    with Watch(game) as w:
        w.wait_for("waiting")
        out = subprocess.run([sys.executable, "-m", "mailer.cli", "--config", str(game.root / "game.toml"), "watch"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert out.returncode == 1 and "watch для этой игры уже запущен" in out.stderr
        assert w.stop() == 0


# ---------------------------------------------------------------------------------------------
# Deadline and reminders
# ---------------------------------------------------------------------------------------------


def test_deadline_notice_logged_and_mailed_to_the_host_once(tmp_path, smtp_server):
    game = Game(tmp_path, MAILDIR + smtp_send(smtp_server), watch='notify = "boss@example.org"\n', maildir=True)
    game.set_deadline(datetime.now(timezone.utc) + timedelta(seconds=3))
    with Watch(game) as w:
        w.wait_for("waiting")
        assert w.named("deadline") == []
        notice = w.wait_for("deadline")[0]
        assert notice["message"] == "срок дня 1 прошёл: пора close-day" and notice["day"] == 1
        wait_until(lambda: any(m.rcpt_tos == ["boss@example.org"] for m in smtp_server.messages), what="notice")
        time.sleep(1.5)
        assert len(w.named("deadline")) == 1
        assert w.stop() == 0
    with Watch(game) as w:  # a second run tells the log again but never mails the host twice
        w.wait_for("deadline")
        assert w.stop() == 0
    to_host = [m for m in smtp_server.messages if m.rcpt_tos == ["boss@example.org"]]
    assert len(to_host) == 1
    body = message_from_bytes(to_host[0].data).get_payload(decode=True).decode("utf-8")
    body = body.replace("\r\n", "\n")
    assert "Срок дня 1 прошёл: " in body and " (МСК).\n" in body and "close-day" in body
    # who has not moved yet, as status tells it (a fresh host: the letter said nothing of it)
    assert "\n\nДень 1: ход или голос принят у 0 из " in body and "; ещё нет у " in body


def test_reminders_sent_once_per_day_before_the_deadline(tmp_path, smtp_server):
    game = Game(tmp_path, MAILDIR + smtp_send(smtp_server), watch='remind_before = "1h"\n', maildir=True)
    game.set_deadline(datetime.now(timezone.utc) + timedelta(hours=1, seconds=4))
    game.deliver(letter("buka@example.org", "Лечу Маруську", "rm1@x"))
    with Watch(game) as w:
        w.wait_for("letter", message_id="rm1@x")
        assert w.named("remind") == []  # not yet: an hour and 4 s before the deadline
        event = w.wait_for("remind")[0]
        # Бука sent his heal but no vote: reminded of the vote too (issue 12)
        assert event["day"] == 1 and sorted(event["nicks"]) == ["Serginio", "Бука", "Маруська", "Ягуарчик"]
        wait_until(lambda: len([m for m in smtp_server.messages if b"In-Reply-To" not in m.data]) == 4,
                   what="four reminders")
        assert w.stop() == 0
    with Watch(game) as w:
        w.wait_for("waiting")
        time.sleep(1.5)
        assert w.stop() == 0
        assert w.named("remind") == []
    reminders = [m for m in smtp_server.messages if b"In-Reply-To" not in m.data]
    assert sorted(m.rcpt_tos[0] for m in reminders) == ["buka@example.org", "jaguar@example.org",
                                                         "marusya@example.org", "serg@example.org"]
    assert {r.state for r in game.outgoing(kind="reminder")} == {"sent"}


def test_host_template_edited_while_watching_is_used_and_a_broken_one_waits(tmp_path, smtp_server):
    game = Game(tmp_path, MAILDIR + smtp_send(smtp_server), maildir=True)
    with Watch(game) as w:
        w.wait_for("waiting")
        game.deliver(letter("buka@example.org", "Лечу Маруську", "tp1@x"))
        w.wait_for("letter", message_id="tp1@x")
        (tmp_path / "templates").mkdir()
        (tmp_path / "templates" / "reply.txt.j2").write_text("Ваш ход записан, {{ nick }}.\n{% if %}\n",
                                                             encoding="utf-8")
        game.deliver(letter("serg@example.org", "Голосую за Буку", "tp2@x"))
        assert "reply.txt.j2" in w.wait_for("error")[0]["message"]  # told, not answered, not held
        # not fetched yet, or fetched and pending: never held or answered with a broken template
        assert [l.state for l in game.letters() if l.message_id != "tp1@x"] in ([], ["pending"])
        (tmp_path / "templates" / "reply.txt.j2").write_text("Ваш ход записан, {{ nick }}.\n",
                                                             encoding="utf-8")
        game.deliver(letter("jaguar@example.org", "Голосую за Буку", "tp3@x"))
        w.wait_for("letter", message_id="tp3@x")
        assert w.wait_for("letter", message_id="tp2@x")[0]["reply"] == "sent"
        assert w.stop() == 0
    bodies = {message_from_bytes(m.data)["In-Reply-To"].strip("<>"): message_from_bytes(m.data) for m in smtp_server.messages}
    assert "Ваш ход записан" not in bodies["tp1@x"].get_payload(decode=True).decode()
    assert bodies["tp2@x"].get_payload(decode=True).decode().startswith("Ваш ход записан, Serginio.")
    assert replies_by_letter(smtp_server) == {"tp1@x": 1, "tp2@x": 1, "tp3@x": 1}


def test_plain_log_line_names_the_games_zone():
    """A host reading the journal on a server in another zone sees which zone the time is in;
    the JSON lines stay UTC."""
    import io
    from datetime import datetime, timezone
    from types import SimpleNamespace
    from zoneinfo import ZoneInfo

    from mailer.watch_log import Log

    at = datetime(2026, 12, 8, 16, 31, 2, tzinfo=timezone.utc)
    cfg = SimpleNamespace(zone=ZoneInfo("Europe/Moscow"))
    plain, as_json = io.StringIO(), io.StringIO()
    Log(cfg, lambda: at, out=plain)("waiting", "жду писем")
    Log(cfg, lambda: at, json_lines=True, out=as_json)("waiting", "жду писем")
    assert plain.getvalue() == "2026-12-08 19:31:02 MSK жду писем\n"
    assert json.loads(as_json.getvalue())["time"] == "2026-12-08T16:31:02.000+00:00"
