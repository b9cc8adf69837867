"""Crash safety: ``mafia-mail sync``/``close-day``/``send`` killed with SIGKILL, then re-run.

Each killed run is a real ``python -m mailer.cli`` subprocess on a copy of the bundled demo
game (24 players, a day of letters in a Maildir, plus a second delivery of one letter), sending
by SMTP to aiosmtpd; the runs that go to completion (``init``, the crash-free reference, the
re-runs after the kills) run the same commands in this process (:func:`run`). The test hook ``MAFIA_MAIL_CRASH_AFTER=<stage>:<n>`` (mailer/crash.py)
kills the process at the n-th pass through a named point. After the re-run to completion:
every letter is stored exactly once with the same state and moves as in a crash-free run,
every reply and result letter is the same, each Message-ID reaches the SMTP server at most
once, and a letter whose sending was interrupted is ``uncertain`` — listed for the host and
resent only with ``--retry-uncertain``. One variant fetches from a real Dovecot.
"""

from __future__ import annotations

import email
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest

import mailer
from e2e_config import run_cli
from servers import RecordingHandler, SmtpServer

DEMO = Path(mailer.__file__).parent / "demo"
SYNC_NOW = "2026-12-08T19:35:00+03:00"  # just after day 1's deadline
CLOSE_NOW = "2026-12-08T19:40:00+03:00"
INIT_NOW = "2026-12-07T19:00:00+03:00"
DUPLICATE_OF = sorted((DEMO / "maildir" / "new").iterdir())[2]
LETTERS = len(list((DEMO / "maildir" / "new").iterdir())) + 1
KILLED = -9

SMTP_SEND = """[send]
kind = "smtp"
host = "127.0.0.1"
port = {port}
tls = "none"
from = "Ведущий демо-игры <host@example.org>"
"""

IMAP_BOX = """[mailbox]
kind = "imap"
host = "127.0.0.1"
port = {port}
tls = "none"
user = "{user}"
password_env = "MM_TEST_IMAP_PASSWORD"
folder = "INBOX"
batch = {batch}
"""


def cli(folder: Path, *args: str, now: str, crash: str | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m mailer.cli --config folder/game.toml *args`` with the clock at ``now``."""
    run_env = {k: v for k, v in os.environ.items() if k != "MAFIA_MAIL_CRASH_AFTER"}
    run_env.update(env or {}, MAFIA_MAIL_NOW=now)
    if crash:
        run_env["MAFIA_MAIL_CRASH_AFTER"] = crash
    return subprocess.run([sys.executable, "-m", "mailer.cli", "--config", str(folder / "game.toml"), *args],
                          env=run_env, capture_output=True, text=True, timeout=120)


def run(folder: Path, *args: str, now: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The same command as :func:`cli` without a crash point, run to completion in this process
    (:func:`e2e_config.run_cli`: no start-up of a new interpreter and lexicon for each run)."""
    run_env: dict[str, str | None] = {**(env or {}), "MAFIA_MAIL_NOW": now, "MAFIA_MAIL_CRASH_AFTER": None}
    return run_cli(["--config", str(folder / "game.toml"), *args], run_env)


def ok(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def killed(proc: subprocess.CompletedProcess) -> None:
    assert proc.returncode == KILLED, f"not killed at the crash point: {proc.returncode}\n{proc.stdout}{proc.stderr}"


def set_section(folder: Path, header: str, text: str) -> None:
    """Replace the TOML table ``header`` (up to the next table or end) of folder/game.toml."""
    conf = (folder / "game.toml").read_text(encoding="utf-8")
    start = conf.index(header)
    nxt = conf.find("\n[", start + len(header))
    conf = conf[:start] + text + ("" if nxt < 0 else conf[nxt:])
    (folder / "game.toml").write_text(conf, encoding="utf-8")


def copy_game(src: Path, dst: Path, smtp_port: int) -> Path:
    shutil.copytree(src, dst)
    set_section(dst, "[send]", SMTP_SEND.format(port=smtp_port))
    return dst


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """The demo game after ``init`` (roles queued), with one letter delivered twice."""
    folder = tmp_path_factory.mktemp("crash") / "base"
    shutil.copytree(DEMO, folder)
    for sub in ("cur", "tmp"):
        (folder / "maildir" / sub).mkdir(exist_ok=True)
    stamp = int(DUPLICATE_OF.name.split(".")[0]) + 600
    shutil.copy(DUPLICATE_OF, folder / "maildir" / "new" / f"{stamp}.Mdup.demo")
    set_section(folder, "[send]", SMTP_SEND.format(port=1))
    conf = (folder / "game.toml").read_text(encoding="utf-8")
    (folder / "game.toml").write_text(conf.replace("[mailbox]\n", f"[mailbox]\nbatch = {BATCH}\n", 1),
                                      encoding="utf-8")
    ok(run(folder, "init", "--event", "none", now=INIT_NOW))
    return folder


@pytest.fixture
def smtp():
    server = SmtpServer(RecordingHandler()).start()
    yield server
    server.stop()


def delivered_ids(server: SmtpServer) -> Counter:
    """Message-ID (no brackets) → how many times the SMTP server received it."""
    return Counter(email.message_from_bytes(m.data)["Message-ID"].strip("<>") for m in server.messages)


def snapshot(folder: Path) -> dict:
    """Letters (by key) and outgoing letters (by ref) as stored, ids replaced by keys."""
    con = sqlite3.connect(folder / "game.db")
    try:
        keys = dict(con.execute("SELECT id, key FROM letter"))
        letters = {}
        for row in con.execute("SELECT key, state, message_id, nick, day, moves_json, problems_json, "
                               "skip, cancel, duplicate_of FROM letter"):
            letters[row[0]] = row[1:-1] + (keys.get(row[-1]),)
        out = {r[0]: r[1:] for r in con.execute(
            "SELECT ref, message_id, kind, to_addr, subject, body FROM outgoing")}
        days = list(con.execute("SELECT day, status, result_json FROM dayrow ORDER BY day"))
        game = con.execute("SELECT current_day, state_json FROM game").fetchone()
    finally:
        con.close()
    return {"letters": letters, "outgoing": out, "days": days, "game": game}


def out_states(folder: Path) -> dict[str, str]:
    con = sqlite3.connect(folder / "game.db")
    try:
        return dict(con.execute("SELECT message_id, state FROM outgoing"))
    finally:
        con.close()


@pytest.fixture(scope="module")
def reference(base, tmp_path_factory) -> tuple[dict, Path]:
    """A crash-free sync → close-day of the base game: (snapshot, folder before send)."""
    folder = tmp_path_factory.mktemp("reference") / "game"
    shutil.copytree(base, folder)
    ok(run(folder, "sync", now=SYNC_NOW))
    ok(run(folder, "close-day", now=CLOSE_NOW))
    before = snapshot(folder)
    ok(run(folder, "sync", now=CLOSE_NOW))  # the recovery's last step, here with nothing to do
    snap = snapshot(folder)
    assert snap == before
    assert len(snap["letters"]) == LETTERS
    states = Counter(v[0] for v in snap["letters"].values())
    # the one letter received after the deadline waited for day 2 (DECISIONS.md §8): close-day
    # read it as soon as day 2 opened; nothing is left pending
    assert states["duplicate"] == 1 and states["applied"] >= 20 and states["pending"] == 0
    assert [v[3] for v in snap["letters"].values() if v[3] == 2] == [2]
    assert sum(1 for r in snap["outgoing"] if r.startswith("next_day:")) == 1
    assert sum(1 for r in snap["outgoing"] if r.startswith("result:")) == 24
    return snap, folder


# ---------------------------------------------------------------------------------------------
# sync and close-day
# ---------------------------------------------------------------------------------------------

#: Letters per transaction in the crash games (``[mailbox] batch``): small, so that a sync of
#: the 27 letters runs through several batches (5, 5, 5, 5, 5, 2).
BATCH = 5

#: Kill sequences: each spec kills one run; the counts are passes within that run (one pass
#: per letter: ``fetch_tx``/``process_tx`` inside a batch's transaction, ``stored``/
#: ``processed`` after its commit). Letters stored / processed after each kill, in order:
#: 0, 5, 15, 25 stored, then 27 stored and none processed; 27 stored, 0, 5, 10, 20 processed;
#: 10, 10 stored, then 27 stored and 0, 15, 20 processed.
SYNC_CRASHES = [
    ["fetch_tx:1", "stored:1", "fetch_tx:13", "stored:7", "process_tx:1"],
    [f"stored:{LETTERS}", "process_tx:1", "processed:4", "process_tx:9", "processed:8"],
    ["stored:6", "fetch_tx:3", "process_tx:2", "processed:11", "process_tx:7"],
]


@pytest.mark.parametrize("crashes", SYNC_CRASHES, ids=lambda c: "+".join(c))
def test_sync_killed_and_rerun_equals_crash_free_run(base, reference, tmp_path, crashes):
    expected, _ = reference
    folder = tmp_path / "game"
    shutil.copytree(base, folder)
    for spec in crashes:
        killed(cli(folder, "sync", now=SYNC_NOW, crash=spec))
        con = sqlite3.connect(folder / "game.db")
        keys = [k for (k,) in con.execute("SELECT key FROM letter")]
        con.close()
        assert len(keys) == len(set(keys))  # never a letter stored twice, even mid-way
    ok(run(folder, "sync", now=SYNC_NOW))
    ok(run(folder, "close-day", now=CLOSE_NOW))
    got = snapshot(folder)
    assert got["letters"] == expected["letters"]
    assert got["outgoing"] == expected["outgoing"]
    assert got["days"] == expected["days"] and got["game"] == expected["game"]


def test_close_day_killed_is_all_or_nothing(base, reference, tmp_path):
    expected, _ = reference
    folder = tmp_path / "game"
    shutil.copytree(base, folder)
    ok(run(folder, "sync", now=SYNC_NOW))
    before = snapshot(folder)
    for spec in ("queued:1", "queued:13", "queued:24"):
        killed(cli(folder, "close-day", now=CLOSE_NOW, crash=spec))
        assert snapshot(folder) == before  # the day is still open, nothing of it was kept
    ok(run(folder, "close-day", now=CLOSE_NOW))
    assert snapshot(folder) == expected


# ---------------------------------------------------------------------------------------------
# send
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("crashes", [
    ["sending:1", "delivered:5", "sent:10", "sending:20", "delivered:33"],
    ["sent:1", "delivered:1", "sending:40", "sent:25"],
], ids=lambda c: "+".join(c))
def test_send_killed_never_resends_blindly(reference, tmp_path, smtp, crashes):
    _, closed = reference
    folder = copy_game(closed, tmp_path / "game", smtp.port)
    total = len(out_states(folder))
    for spec in crashes:
        before = sum(delivered_ids(smtp).values())
        killed(cli(folder, "send", now=CLOSE_NOW, crash=spec))
        stage, n = spec.split(":")
        assert sum(delivered_ids(smtp).values()) - before == int(n) - (stage == "sending")
    report = ok(run(folder, "send", now=CLOSE_NOW))
    states = out_states(folder)
    sent = delivered_ids(smtp)
    assert max(sent.values()) == 1  # every letter reached the server at most once
    flagged = {mid for mid, st in states.items() if st == "uncertain"}
    cut_in_send = sum(s.startswith("delivered") for s in crashes)
    cut_before = sum(s.startswith("sending") for s in crashes)
    assert (len(flagged & set(sent)), len(flagged - set(sent))) == (cut_in_send, cut_before)
    held = sum(st == "dropped" for st in states.values())  # replies held back by a later letter's
    assert Counter(states.values()) == Counter({"sent": total - len(flagged) - held, "uncertain": len(flagged),
                                                "dropped": held}) - Counter()
    assert set(sent) == {mid for mid, st in states.items() if st == "sent"} | (flagged & set(sent))
    assert f"Писем с неясной судьбой: {len(flagged)}" in report
    assert ok(run(folder, "outbox", now=CLOSE_NOW)).count("неясно, ушло ли") == len(flagged)
    ok(run(folder, "send", now=CLOSE_NOW))  # a plain re-run still does not resend them
    assert delivered_ids(smtp) == sent
    ok(run(folder, "send", "--retry-uncertain", now=CLOSE_NOW))  # the host's explicit choice
    again = delivered_ids(smtp)
    assert {mid for mid, n in again.items() if n == 2} == flagged & set(sent)
    kept = {mid for mid, st in states.items() if st != "dropped"}  # a held-back reply is never sent
    assert set(again) == kept and set(out_states(folder).values()) - {"dropped"} == {"sent"}


# ---------------------------------------------------------------------------------------------
# SIGKILL at arbitrary moments (not only at the named points)
# ---------------------------------------------------------------------------------------------

#: Seconds after start: the first ones land in the imports, the later ones inside the work.
DELAYS = (0.25, 0.4, 0.5, 0.6, 0.7, 0.85)


def killed_after(folder: Path, command: str, now: str, delay: float) -> None:
    env = {k: v for k, v in os.environ.items() if k != "MAFIA_MAIL_CRASH_AFTER"}
    env["MAFIA_MAIL_NOW"] = now
    proc = subprocess.Popen([sys.executable, "-m", "mailer.cli", "--config", str(folder / "game.toml"), command],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    proc.kill()  # SIGKILL; a run that already finished is simply over
    proc.wait(timeout=60)


def test_sync_and_close_day_killed_at_arbitrary_moments(base, reference, tmp_path):
    expected, _ = reference
    folder = tmp_path / "game"
    shutil.copytree(base, folder)
    for delay in DELAYS:
        killed_after(folder, "sync", SYNC_NOW, delay)
    ok(run(folder, "sync", now=SYNC_NOW))
    for delay in DELAYS[2:]:
        killed_after(folder, "close-day", CLOSE_NOW, delay)
    if snapshot(folder)["days"][0][1] == "open":
        ok(run(folder, "close-day", now=CLOSE_NOW))
    # a close-day killed after its commit, before it read the letters that waited for day 2,
    # leaves them to the next sync, which reads them exactly as close-day would have
    ok(run(folder, "sync", now=CLOSE_NOW))
    assert snapshot(folder) == expected


def test_close_day_killed_while_reading_the_waiting_letters(base, reference, tmp_path):
    """Killed after the day's close committed, while reading the letter that waited for day 2:
    the day stays closed, the letter pending; the next sync reads it as close-day would have."""
    expected, _ = reference
    folder = tmp_path / "game"
    shutil.copytree(base, folder)
    ok(run(folder, "sync", now=SYNC_NOW))
    killed(cli(folder, "close-day", now=CLOSE_NOW, crash="process_tx:1"))
    snap = snapshot(folder)
    assert snap["days"][0][1] == "closed"
    assert [v[0] for v in snap["letters"].values() if v[0] == "pending"] == ["pending"]
    ok(run(folder, "sync", now=CLOSE_NOW))
    assert snapshot(folder) == expected


def test_send_killed_at_arbitrary_moments(reference, tmp_path, smtp):
    _, closed = reference
    folder = copy_game(closed, tmp_path / "game", smtp.port)
    for delay in DELAYS:
        killed_after(folder, "send", CLOSE_NOW, delay)
    ok(run(folder, "send", now=CLOSE_NOW))
    states = out_states(folder)
    sent = delivered_ids(smtp)
    assert not sent or max(sent.values()) == 1
    assert set(states.values()) <= {"sent", "uncertain", "dropped"}  # dropped: held back at sync
    flagged = {mid for mid, st in states.items() if st == "uncertain"}
    assert len(flagged) <= len(DELAYS)
    assert set(sent) - flagged == {mid for mid, st in states.items() if st == "sent"}


# ---------------------------------------------------------------------------------------------
# real IMAP server
# ---------------------------------------------------------------------------------------------


def test_sync_from_dovecot_killed_and_rerun(base, dovecot, tmp_path):
    for path in sorted((base / "maildir" / "new").iterdir()):
        when = datetime.fromtimestamp(int(path.name.split(".")[0]), tz=timezone.utc)
        dovecot.append(path.read_bytes(), when=when)
    env = {"MM_TEST_IMAP_PASSWORD": dovecot.password}
    runs = {}
    for name, crashes in (("clean", []), ("crashed", ["stored:3", "fetch_tx:5", "processed:2", "process_tx:9"])):
        folder = tmp_path / name
        shutil.copytree(base, folder)
        set_section(folder, "[mailbox]", IMAP_BOX.format(port=dovecot.port, user=dovecot.user, batch=BATCH))
        for spec in crashes:
            killed(cli(folder, "sync", now=SYNC_NOW, crash=spec, env=env))
        ok(run(folder, "sync", now=SYNC_NOW, env=env))
        runs[name] = snapshot(folder)
    assert len(runs["clean"]["letters"]) == LETTERS
    assert runs["crashed"] == runs["clean"]
    assert "pending" not in {v[0] for v in runs["clean"]["letters"].values()}


# ---------------------------------------------------------------------------------------------
# the server takes the letter and the connection breaks before its answer
# ---------------------------------------------------------------------------------------------


class SilentAfterData:
    """A minimal SMTP server on 127.0.0.1 that reads whole letters and hangs up instead of
    answering the final "." (the reply a client can never be sure about)."""

    def __init__(self) -> None:
        import socket
        import threading

        self.letters: list[bytes] = []
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(5)
        self.port = self.sock.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                self._session(conn.makefile("rwb"))

    def _session(self, f) -> None:
        f.write(b"220 test ESMTP\r\n"); f.flush()
        data = None
        for line in f:
            if data is not None:
                if line == b".\r\n":
                    self.letters.append(bytes(data))
                    return  # hang up without "250"
                data += line
                continue
            verb = line[:4].upper()
            if verb == b"EHLO":
                f.write(b"250 test\r\n")
            elif verb == b"DATA":
                f.write(b"354 go on\r\n")
                data = bytearray()
            else:
                f.write(b"250 OK\r\n")
            f.flush()

    def close(self) -> None:
        self.sock.close()


def test_connection_lost_after_data_is_uncertain_not_resent(base, tmp_path):
    server = SilentAfterData()
    try:
        folder = copy_game(base, tmp_path / "game", server.port)  # after init: 24 role letters
        report = run(folder, "send", now=CLOSE_NOW)
        assert report.returncode == 1, report.stderr  # letters not confirmed: the host must look
        states = out_states(folder)
        assert Counter(states.values()) == Counter({"uncertain": 24})
        assert len(server.letters) == 24
        assert "Писем с неясной судьбой: 24" in report.stdout
        ok(run(folder, "send", now=CLOSE_NOW))
        assert len(server.letters) == 24  # not resent blindly
    finally:
        server.close()
