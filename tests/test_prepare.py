"""Letters decoded and parsed ahead in worker processes (mailer/prepare.py) give exactly the
sync of letters prepared in place; a dead worker costs time, never a letter; a batch that
cannot be written is redone letter by letter."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import mailer.prepare as prep
from mailer.day import open as day_open
import mailer.answers as answers_mod
from letters import mailbox, roster_24
from mailer.config import load_config
from mailer.decode import decode
from mailer.store import Store
from mailer.sync import sync
from mailer.day import init_game

SEED = 7
START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)  # 19:30 Moscow
LETTERS = 260


def write_game(folder: Path, batch: int) -> Path:
    """A 24-player game (roster_24(SEED)) reading the Maildir ``folder/box``."""
    lines = ["[game]", 'name = "Мафия: потоки"', 'timezone = "Europe/Moscow"',
             'start = "2026-12-07 19:30"', "weekend_merge = false", f"seed = {SEED}",
             'database = "game.db"', ""]
    for p in roster_24(SEED):
        lines += ["[[player]]", f'nick = "{p["nick"]}"', f'email = "{p["email"]}"',
                  f'role = "{p["role"]}"', ""]
    lines += ["[mailbox]", 'kind = "maildir"', 'path = "box"', f"batch = {batch}", "",
              "[send]", 'kind = "folder"', 'path = "outbox"', 'from = "Ведущий <host@example.org>"']
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for sub in ("new", "cur", "tmp"):
        (folder / "box" / sub).mkdir(parents=True)
    items = list(mailbox(LETTERS, roster_24(SEED), SEED))
    items.append((items[5][0] + timedelta(minutes=3), items[5][1]))  # a second delivery
    for n, (at, raw) in enumerate(items):
        (folder / "box" / "new" / f"{int(at.timestamp())}.M{n}P1.test").write_bytes(raw)
    return folder / "game.toml"


def run_sync(folder: Path, batch: int) -> dict:
    cfg = load_config(write_game(folder, batch))
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(hours=1), event="none")
        report = sync(cfg, store, now=START + timedelta(hours=20))
    finally:
        store.dispose()
    con = sqlite3.connect(folder / "game.db")
    try:
        letters = list(con.execute(
            "SELECT key, state, message_id, nick, day, body, moves_json, problems_json, skip, "
            "cancel, notes_json, duplicate_of FROM letter ORDER BY key"))
        outgoing = list(con.execute(
            "SELECT ref, message_id, kind, to_addr, subject, body, headers_json FROM outgoing ORDER BY ref"))
    finally:
        con.close()
    return {"letters": letters, "outgoing": outgoing, "states": report.states,
            "processed": report.processed}


def test_workers_give_exactly_the_sync_done_in_place(tmp_path, monkeypatch):
    monkeypatch.setattr(prep, "default_workers", lambda: 0)
    # the one random input of a game (its Message-ID key) is the same for both runs
    monkeypatch.setattr(day_open, "new_game_key", lambda: "0123456789abcdef")
    in_place = run_sync(tmp_path / "in_place", batch=100)

    started = []
    real_start = prep.Preparer._start

    def start(self):
        pool = real_start(self)
        started.append(pool is not None)
        return pool

    monkeypatch.setattr(prep, "default_workers", lambda: 2)
    monkeypatch.setattr(prep, "PARALLEL_FROM", 40)
    monkeypatch.setattr(prep, "PREPARE_AHEAD", 60)  # most letters are submitted while processing
    monkeypatch.setattr(prep.Preparer, "_start", start)
    ahead = run_sync(tmp_path / "ahead", batch=20)

    assert started and all(started)  # the pool really ran
    assert ahead == in_place
    assert in_place["processed"] == LETTERS + 1
    assert in_place["states"]["duplicate"] == 1 and in_place["states"]["applied"] > 20
    # letters after day 1's deadline wait for day 2 (DECISIONS.md §8): their moves are answered
    # after the close, a notice that they count for day 2 goes at once to those with a move;
    # every letter was parsed (by the workers in the second run): the comparison covers them all
    answers = [r for r in in_place["outgoing"] if r[2] == "reply" and r[0].startswith("reply:")]
    assert len(answers) == in_place["states"]["applied"] + in_place["states"].get("no_moves", 0)
    waiting = [row for row in in_place["letters"] if row[1] == "pending" and row[6] not in (None, "[]")]
    notices = [r for r in in_place["outgoing"] if r[0].startswith("next_day:")]
    assert waiting and len(notices) == len(waiting)
    assert sum(1 for r in in_place["outgoing"] if r[2] == "reply") == len(answers) + len(notices)
    parsed = [row for row in in_place["letters"] if row[6] not in (None, "[]")]
    assert len(parsed) > 200


def test_preparer_results_equal_prepare_in_place():
    raws = [raw for _, raw in mailbox(60, roster_24(SEED), SEED)]
    context = prep.ParseContext({p["email"]: p["nick"] for p in roster_24(SEED)})
    prep_ahead = prep.Preparer(context, workers=2)
    try:
        prep_ahead.submit(list(enumerate(raws)))
        assert prep_ahead.ahead == 0  # fewer than PARALLEL_FROM: kept back, prepared in place
        got = [prep_ahead.take(i, raw) for i, raw in enumerate(raws)]
    finally:
        prep_ahead.close()
    assert [g.decoded for g in got] == [decode(raw) for raw in raws]
    assert [g.nick for g in got] == [context.players.get(decode(raw).from_addr) for raw in raws]


def test_a_killed_worker_costs_time_not_letters(monkeypatch):
    monkeypatch.setattr(prep, "PARALLEL_FROM", 1)
    raws = [raw for _, raw in mailbox(120, roster_24(SEED), SEED)]
    preparer = prep.Preparer(prep.ParseContext({}), workers=1)
    try:
        preparer.submit(list(enumerate(raws)))
        assert preparer.ahead == len(raws)
        first = preparer.take(0, raws[0])
        for pid in list(preparer._pool._processes):
            os.kill(pid, signal.SIGKILL)
        rest = [preparer.take(i, raw) for i, raw in enumerate(raws) if i]
        preparer.submit([(1000, raws[0])])  # a broken pool: later letters are prepared in place
        late = preparer.take(1000, raws[0])
    finally:
        preparer.close()
    assert [p.decoded for p in [first, *rest]] == [decode(raw) for raw in raws]
    assert late.decoded == first.decoded


def test_a_batch_that_cannot_be_written_is_redone_letter_by_letter(tmp_path, monkeypatch):
    """Writing a batch fails (here: one reply row breaks a NOT NULL column): the batch is
    rolled back and its letters are processed one per transaction; only the letter whose
    row cannot be written is held, every other one is answered."""
    real = answers_mod.outgoing_row

    def outgoing_row(cfg, **letter):
        row = real(cfg, **letter)
        if "СЛОМАЙ" in letter["body"] or "СЛОМАЙ" in row["subject"]:
            row["body"] = None
        return row

    monkeypatch.setattr(answers_mod, "outgoing_row", outgoing_row)
    monkeypatch.setattr(prep, "default_workers", lambda: 0)
    folder = tmp_path / "g"
    cfg = load_config(write_game(folder, batch=100))
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(hours=1), event="none")
        raw = next(raw for _, raw in mailbox(3, roster_24(SEED), SEED))
        broken = raw.replace(b"Subject: ", b"Subject: =?utf-8?b?0KHQm9Ce0JzQkNCZ?= ", 1)
        (folder / "box" / "new" / f"{int(START.timestamp()) + 60}.Mbroken.test").write_bytes(
            broken.replace(b"Message-ID: <", b"Message-ID: <broken.", 1))
        report = sync(cfg, store, now=START + timedelta(hours=20))
    finally:
        store.dispose()
    assert report.processed == LETTERS + 2
    con = sqlite3.connect(folder / "game.db")
    held = con.execute("SELECT notes_json FROM letter WHERE message_id LIKE 'broken.%'").fetchone()
    others = con.execute("SELECT count(*) FROM letter WHERE state = 'held'").fetchone()[0]
    replies = con.execute("SELECT count(*) FROM outgoing WHERE kind = 'reply'").fetchone()[0]
    waiting = con.execute("SELECT count(*) FROM letter WHERE state = 'pending'").fetchone()[0]
    day1 = con.execute("SELECT count(*) FROM letter WHERE day = 1").fetchone()[0]
    con.close()
    assert any("IntegrityError" in note for note in json.loads(held[0]))
    assert others == 1
    # every other letter answered (the loop breaker may hold a few), or, received after day 1's
    # deadline, waiting for day 2 (DECISIONS.md §8)
    assert day1 > 20 and waiting > 200
    assert replies + waiting >= LETTERS - 10


def test_mailbox_batch_is_checked(tmp_path):
    from mailer.config import ConfigError

    path = write_game(tmp_path / "g", batch=0)
    with pytest.raises(ConfigError, match=r"mailbox\.batch \(строка \d+\)"):
        load_config(path)


def test_sync_killed_while_workers_run_leaves_no_worker_behind(tmp_path):
    """SIGKILL of the main process mid-sync: its workers die with it (no hung process keeps
    the run lock or the output pipes), and a re-run ends exactly as a run never killed."""
    import shutil
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "MAFIA_MAIL_CRASH_AFTER"}

    def cli(folder: Path, *args: str, now: str, crash: str | None = None):
        run_env = dict(env, MAFIA_MAIL_NOW=now, **({"MAFIA_MAIL_CRASH_AFTER": crash} if crash else {}))
        return subprocess.run([sys.executable, "-m", "mailer.cli", "--config", str(folder / "game.toml"),
                               *args], env=run_env, capture_output=True, text=True, timeout=120)

    clean = tmp_path / "clean"
    write_game(clean, batch=50)
    assert cli(clean, "init", "--event", "none", now="2026-12-07T19:00:00+03:00").returncode == 0
    crashed = tmp_path / "crashed"
    shutil.copytree(clean, crashed)
    assert prep.PARALLEL_FROM < LETTERS  # the killed run really has workers
    killed = cli(crashed, "sync", now="2026-12-08T12:00:00+03:00", crash="processed:60")
    assert killed.returncode == -signal.SIGKILL  # and subprocess.run returned: no pipe held open
    again = cli(crashed, "sync", now="2026-12-08T12:00:00+03:00")
    assert again.returncode == 0, again.stdout + again.stderr  # the run lock is free
    assert cli(clean, "sync", now="2026-12-08T12:00:00+03:00").returncode == 0

    def rows(folder: Path):
        con = sqlite3.connect(folder / "game.db")
        try:
            return (list(con.execute("SELECT key, state, message_id, nick, day, moves_json, notes_json "
                                     "FROM letter ORDER BY key")),
                    list(con.execute("SELECT ref, message_id, to_addr, body FROM outgoing ORDER BY ref")))
        finally:
            con.close()

    assert rows(crashed) == rows(clean)


def test_small_batches_give_exactly_one_big_batch(tmp_path, monkeypatch):
    """What stands after a player's earlier letters of the day is kept from batch to batch
    (mailer.batch_context.StandingDays), not read again per batch: the replies and letters
    are the same with 3 letters a batch as with one batch of all."""
    monkeypatch.setattr(prep, "default_workers", lambda: 0)
    monkeypatch.setattr(day_open, "new_game_key", lambda: "0123456789abcdef")
    assert run_sync(tmp_path / "small", batch=3) == run_sync(tmp_path / "big", batch=1000)
