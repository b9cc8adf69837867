"""Measure 9 (issue 15): how soon ``mafia-mail watch`` answers a letter.

24 players send 200 letters over 60 s: each is IMAP-APPENDed to the host's INBOX on a
private Dovecot from another connection, at seeded random moments; ``mafia-mail watch``
(a child process, IMAP IDLE) answers through aiosmtpd on 127.0.0.1, which notes when each
reply arrives. Latency of a letter = from just before its APPEND was sent to its reply
(matched by In-Reply-To) reaching the SMTP server. A second run restarts Dovecot twice
during the 60 s (the APPENDs that meet the server down are retried; a letter's time starts
at the APPEND that succeeded). Every letter must be answered exactly once: the rows count
letters without an answer and answers beyond the first.

Dovecot waits 0.5 s before it tells an IDLE client of new mail (a fixed delay in its
source), so about 0.5 s of every latency is the server's. Report only, never a test.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import statistics
import subprocess
import tempfile
import threading
import time
from datetime import datetime, timedelta
from email import message_from_bytes
from pathlib import Path
from zoneinfo import ZoneInfo

from benchmarks.common import MAFIA_MAIL, REPO, Row

#: The issue's targets (seconds).
TARGET_MEDIAN, TARGET_P95 = 0.8, 1.5
PLAYERS = 24


class _Timing:
    """aiosmtpd handler: the arrival time (monotonic) of every reply, by In-Reply-To."""

    def __init__(self) -> None:
        self.arrived: dict[str, list[float]] = {}
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        at = time.monotonic()
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        irt = (message_from_bytes(data).get("In-Reply-To") or "").strip().strip("<>")
        with self.lock:
            self.arrived.setdefault(irt, []).append(at)
        return "250 OK queued"


def _config(folder: Path, account, smtp_port: int) -> Path:
    start = datetime.now(ZoneInfo("Europe/Moscow")) - timedelta(hours=1)
    players = "".join(f'[[player]]\nnick = "Игрок{i:02d}"\nemail = "p{i:02d}@example.org"\n'
                      for i in range(PLAYERS))
    path = folder / "game.toml"
    path.write_text(f"""[game]
name = "Бенчмарк вахты"
start = "{start:%Y-%m-%d %H:%M}"
weekend_merge = false
seed = 15
database = "game.db"

{players}
[mailbox]
kind = "imap"
host = "{account.host}"
port = {account.port}
tls = "none"
user = "{account.user}"
password_env = "BENCH_IMAP_PASSWORD"

[send]
kind = "smtp"
host = "127.0.0.1"
port = {smtp_port}
tls = "none"
from = "Ведущий <host@example.org>"

[watch]
poll = "60s"
""", encoding="utf-8")
    return path


def _letter(i: int, rng: random.Random) -> tuple[str, bytes]:
    me, target = rng.sample(range(PLAYERS), 2)
    msgid = f"bench-{i}-{rng.getrandbits(32):08x}@players.example.org"
    body = rng.choice(["Голосую за Игрок{t:02d}.", "Линч: Игрок{t:02d}", "Мой голос — Игрок{t:02d}, без сомнений."])
    raw = (f"From: p{me:02d}@example.org\r\nTo: host@example.org\r\nSubject: Ход {i}\r\n"
           f"Message-ID: <{msgid}>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
           f"Content-Transfer-Encoding: 8bit\r\n\r\n{body.format(t=target)}\r\n").encode("utf-8")
    return msgid, raw


class _Appender:
    """One IMAP connection that APPENDs; reconnects (every 0.1 s) while the server is down."""

    def __init__(self, account) -> None:
        self.account, self.client = account, None

    def append(self, raw: bytes) -> float:
        """APPEND ``raw``; returns the monotonic time just before the APPEND that succeeded."""
        while True:
            try:
                if self.client is None:
                    self.client = self.account.client()
                started = time.monotonic()
                self.client.append("INBOX", raw)
                return started
            except Exception:  # noqa: BLE001 - the server is restarting: try again
                try:
                    if self.client is not None:
                        self.client.shutdown()
                except Exception:  # noqa: BLE001
                    pass
                self.client = None
                time.sleep(0.1)

    def close(self) -> None:
        if self.client is not None:
            try:
                self.client.logout()
            except Exception:  # noqa: BLE001
                pass


def measure(letters: int, seconds: float, restarts: int, workdir: Path, seed: int = 15) -> dict:
    """One run; returns latencies (s), counts and the watch's log events."""
    import json

    from mailer.config import load_config
    from mailer.store import Letter, Store
    from mailer.day import init_game
    from servers import DovecotServer, SmtpServer

    rng = random.Random(seed)
    root = Path(tempfile.mkdtemp(prefix="mafia-mail-bench-watch-"))
    dovecot = DovecotServer(root=root).start()
    timing = _Timing()
    smtp = SmtpServer(timing).start()
    folder = workdir / f"watch-{letters}-{restarts}"
    folder.mkdir(parents=True, exist_ok=True)
    watch = None
    log_path = folder / "watch.log"
    try:
        account = dovecot.add_user()
        cfg = load_config(_config(folder, account, smtp.port))
        store = Store(cfg.database_url)
        init_game(cfg, store, now=datetime.now(ZoneInfo("UTC")), event="none")
        store.dispose()
        env = {**os.environ, "BENCH_IMAP_PASSWORD": account.password}
        env.pop("MAFIA_MAIL_NOW", None)
        with open(log_path, "wb") as log:
            watch = subprocess.Popen([MAFIA_MAIL, "--config", str(folder / "game.toml"), "watch", "--json"],
                                     cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=log,
                                     start_new_session=True)
        deadline = time.monotonic() + 60
        while b'"waiting"' not in log_path.read_bytes():
            if time.monotonic() > deadline or watch.poll() is not None:
                raise RuntimeError("watch did not start:\n" + log_path.read_text(errors="replace"))
            time.sleep(0.05)
        moments = sorted(rng.uniform(0, seconds) for _ in range(letters))
        restart_at = [seconds * (k + 1) / (restarts + 1) for k in range(restarts)]
        appender = _Appender(account)
        sent: dict[str, float] = {}
        began = time.monotonic()
        for i, at in enumerate(moments):
            while restart_at and time.monotonic() - began >= restart_at[0]:
                restart_at.pop(0)
                dovecot.restart()
            pause = began + at - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            msgid, raw = _letter(i, rng)
            sent[msgid] = appender.append(raw)
        appender.close()
        wait_until = time.monotonic() + 90
        while time.monotonic() < wait_until:
            with timing.lock:
                if all(m in timing.arrived for m in sent):
                    break
            time.sleep(0.1)
        time.sleep(1.0)  # would a second answer come?
        with timing.lock:
            arrived = {k: list(v) for k, v in timing.arrived.items()}
        latencies = sorted(arrived[m][0] - t for m, t in sent.items() if m in arrived)
        with Store(cfg.database_url).session() as s:
            from sqlmodel import select

            stored = len(list(s.exec(select(Letter.id))))
    finally:
        if watch is not None and watch.poll() is None:
            os.killpg(watch.pid, signal.SIGTERM)
            try:
                watch.wait(timeout=30)
            except subprocess.TimeoutExpired:
                watch.kill()
        smtp.stop()
        dovecot.stop()
        shutil.rmtree(root, ignore_errors=True)
    events = []
    for line in log_path.read_text(errors="replace").splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            pass
    return {
        "latencies": latencies,
        "letters": len(sent),
        "stored": stored,
        "missing": sum(1 for m in sent if m not in arrived),
        "doubled": sum(len(v) - 1 for m, v in arrived.items() if m in sent and len(v) > 1),
        "reconnects": sum(1 for e in events if e.get("event") == "connection_lost"),
        "exit": watch.returncode if watch is not None else None,
    }


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    k = max(0, min(len(values) - 1, int(round(q * (len(values) - 1)))))
    return values[k]


def _row(name: str, res: dict) -> Row:
    lat = res["latencies"]
    median = statistics.median(lat) if lat else float("nan")
    p95 = _pct(lat, 0.95)
    exact = res["missing"] == 0 and res["doubled"] == 0 and res["stored"] == res["letters"]
    meets = bool(lat) and median <= TARGET_MEDIAN and p95 <= TARGET_P95 and exact
    return Row(
        measure=name,
        measured=f"median {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {max(lat) * 1000:.0f} ms" if lat else "no replies",
        target=f"median ≤ {TARGET_MEDIAN} s, p95 ≤ {TARGET_P95} s, each answered once",
        ratio=f"{median / TARGET_MEDIAN:.2f}× median target, {p95 / TARGET_P95:.2f}× p95" if lat else "",
        meets=meets,
        detail=(f"{res['letters']} letters, {len(lat)} answered, {res['missing']} unanswered, "
                f"{res['doubled']} answered twice, {res['stored']} stored; "
                f"{res['reconnects']} reconnects logged; watch exit {res['exit']}"),
        numbers={k: v for k, v in res.items()} | {"median": median, "p95": p95},
    )


def run(ctx) -> list[Row]:
    """Full: 200 letters over 60 s, then again with 2 Dovecot restarts. Quick: 30 letters
    over 8 s, no restart (~15 s). Smoke: 6 letters over 2 s."""
    letters, seconds = ctx.scale((200, 60.0), (30, 8.0), smoke=(6, 2.0))
    rows = [_row(f"9. `watch`: APPEND → reply at the SMTP server, {letters} letters / {seconds:g} s, "
                 f"{PLAYERS} players", measure(letters, seconds, 0, ctx.workdir))]
    if not ctx.quick:
        rows.append(_row(f"9b. `watch`, same with Dovecot restarted twice",
                         measure(letters, seconds, 2, ctx.workdir, seed=16)))
    return rows
