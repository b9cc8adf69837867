"""The same game kept in a SQLite file and in PostgreSQL: a sync of the same mailbox, the
close of the day and the send give the same rows, column by column; ``status`` reads a
PostgreSQL game through SQLModel (the stdlib-sqlite3 fast path declines it) and shows what
the SQLite fast path shows."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner
from sqlalchemy import select

import mailer.prepare as prep
from letters import mailbox, roster_24
from mailer.cli import main as cli_main
from mailer.config import load_config
from mailer.outbox import send_all
from mailer.status import read_status
from mailer.out_state import OutState
from mailer.store import Outgoing, SQLModel, Store
from mailer.sync import sync
from mailer.day import close_day, init_game
from mailer.day import open as day_open
from mailer.reports import status

SEED = 11
START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)  # 19:30 Moscow
AFTER = START + timedelta(days=1, minutes=5)
#: Letters in the mailbox: sync prepares them in worker processes (forked: the PostgreSQL
#: connections must not be shared with them) once PARALLEL_FROM (lowered here) are waiting.
LETTERS = 90
PARALLEL_FROM = 30


def write_game(folder: Path, database: str, name: str = "game") -> Path:
    """A 24-player game reading the Maildir ``folder/box`` of LETTERS generated letters
    (one of them delivered twice, one oversized), kept in ``database``: its config
    ``folder/<name>.toml`` (the Maildir is written once, shared by every config)."""
    lines = ["[game]", 'name = "Мафия: две базы"', 'timezone = "Europe/Moscow"',
             'start = "2026-12-07 19:30"', "weekend_merge = false", f"seed = {SEED}",
             f'database = "{database}"', "max_letter_size = 20000", ""]
    for p in roster_24(SEED):
        lines += ["[[player]]", f'nick = "{p["nick"]}"', f'email = "{p["email"]}"',
                  f'role = "{p["role"]}"', ""]
    lines += ["[mailbox]", 'kind = "maildir"', 'path = "box"', "batch = 60", "",
              "[send]", 'kind = "folder"', f'path = "outbox-{name}"', 'from = "Ведущий <host@example.org>"']
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / f"{name}.toml"
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if (folder / "box").exists():
        return config
    for sub in ("new", "cur", "tmp"):
        (folder / "box" / sub).mkdir(parents=True)
    items = list(mailbox(LETTERS, roster_24(SEED), SEED))
    items.append((items[5][0] + timedelta(minutes=3), items[5][1]))  # a second delivery
    big = items[7][1].replace(b"\r\n\r\n", b"\r\n\r\n" + b"x" * 30000 + b"\r\n", 1)
    items.append((items[7][0] + timedelta(minutes=1), big))  # over max_letter_size
    for n, (at, raw) in enumerate(items):
        (folder / "box" / "new" / f"{int(at.timestamp())}.M{n}P1.test").write_bytes(raw)
    return config


def dump(store: Store) -> dict[str, list[tuple]]:
    """Every row of every table, ordered by primary key, every column."""
    out = {}
    with store.engine.connect() as con:
        for table in SQLModel.metadata.sorted_tables:
            rows = con.execute(select(table).order_by(*table.primary_key.columns))
            out[table.name] = [tuple(row) for row in rows]
    return out


def play(folder: Path, database: str, name: str) -> tuple[dict, dict, str]:
    """init, sync, close-day and send of the game ``name`` in ``folder``: (the sync report's
    counts, every row, the ``status`` command's output)."""
    cfg = load_config(write_game(folder, database, name))
    assert cfg.database_url == database
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(hours=1), event="none")
        report = sync(cfg, store, now=START + timedelta(hours=20))
        again = sync(cfg, store, now=START + timedelta(hours=21))
        assert (again.fetched, again.processed) == (0, 0)
        close_day(cfg, store, now=AFTER)
        sent = send_all(cfg, store, now=AFTER + timedelta(minutes=1))
        assert (sent.failed, sent.uncertain) == (0, 0)
        rows = dump(store)
        # every queued letter went out (letters after day 1's deadline wait for day 2, issue 12)
        # but the replies held back for a later letter of the same sender (mailer/reply_context)
        state = [c.name for c in Outgoing.__table__.columns].index("state")
        held = [r for r in rows["outgoing"] if r[state] == OutState.DROPPED.value]
        assert sent.sent == len(rows["outgoing"]) - len(held) > 24
        assert status(cfg, store) == (read_status(cfg) or status(cfg, store))
    finally:
        store.dispose()
    # one fixed clock for both databases: status prints the time left to the deadline, and two
    # runs on the real clock may fall on either side of a minute
    shown = CliRunner().invoke(cli_main, ["status"], env={"COLUMNS": "200", "MAFIA_MAIL_CONFIG": str(cfg.path),
                                                          "MAFIA_MAIL_NOW": (AFTER + timedelta(minutes=2)).isoformat()})
    assert shown.exit_code == 0, shown.output
    counts = dict(fetched=report.fetched, processed=report.processed, states=report.states,
                  skipped=report.skipped_large)
    return counts, rows, shown.output


def test_same_mailbox_same_rows_on_sqlite_and_postgresql(tmp_path, postgres_url, monkeypatch):
    monkeypatch.setattr(prep, "default_workers", lambda: 2)  # worker processes on PostgreSQL too
    # the one random input of a game (its Message-ID key) is the same for both databases
    monkeypatch.setattr(day_open, "new_game_key", lambda: "0123456789abcdef")
    monkeypatch.setattr(prep, "PARALLEL_FROM", PARALLEL_FROM)
    pools = []
    real_start = prep.Preparer._start
    monkeypatch.setattr(prep.Preparer, "_start", lambda self: pools.append(real_start(self)) or pools[-1])
    lite = play(tmp_path, f"sqlite:///{tmp_path / 'game.db'}", "sqlite")
    pg = play(tmp_path, postgres_url, "postgresql")
    # one pool of forked workers for each game's first sync
    assert None not in pools and len({id(pool) for pool in pools}) == 2
    assert pg[0] == lite[0]
    assert lite[0]["fetched"] == LETTERS + 1 and lite[0]["skipped"] == 1
    # day 1's letters are applied, the later days' arrive after its deadline: they wait for
    # the next day (issue 12)
    assert lite[0]["states"]["applied"] >= 20 and lite[0]["states"]["pending"] > LETTERS // 2
    assert lite[0]["states"]["duplicate"] >= 1
    for table, rows in lite[1].items():
        assert len(pg[1][table]) == len(rows), table
        for mine, theirs in zip(pg[1][table], rows):
            assert mine == theirs, table
    assert len(lite[1]["letter"]) == LETTERS + 2 and len(lite[1]["dayrow"]) == 2
    col = {c.name: i for i, c in enumerate(Outgoing.__table__.columns)}
    out = lite[1]["outgoing"]
    assert {row[col["state"]] for row in out} <= {"sent", "dropped"}
    # a reply held back stands behind a sent reply to the same player's later letter of the day
    sent_to = {(r[col["to_nick"]], r[col["day"]]) for r in out
               if r[col["state"]] == "sent" and r[col["kind"]] == "reply"}
    assert all((r[col["to_nick"]], r[col["day"]]) in sent_to and r[col["kind"]] == "reply"
               for r in out if r[col["state"]] == "dropped")
    assert pg[2] == lite[2] and "день 2" in lite[2]


def test_status_on_postgresql_reads_through_sqlmodel(tmp_path, postgres_url):
    cfg = load_config(write_game(tmp_path / "g", postgres_url))
    assert read_status(cfg) is None  # not a SQLite file: the fast path declines
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(hours=1), event="none")
        sync(cfg, store, now=START + timedelta(hours=20))
        rep = status(cfg, store)
    finally:
        store.dispose()
    assert rep.day == 1 and rep.deadline == START + timedelta(days=1)
    assert rep.deadline.utcoffset() == timedelta(0)
    assert sum(p.letters for p in rep.players) >= 20 and rep.attention >= 1
    # one fixed clock for both databases: status prints the time left to the deadline, and two
    # runs on the real clock may fall on either side of a minute
    shown = CliRunner().invoke(cli_main, ["status"], env={"COLUMNS": "200", "MAFIA_MAIL_CONFIG": str(cfg.path),
                                                          "MAFIA_MAIL_NOW": (AFTER + timedelta(minutes=2)).isoformat()})
    assert shown.exit_code == 0 and "день 1" in shown.output, shown.output


def test_forum_thread_words_in_status_on_postgresql(tmp_path, postgres_url):
    """The day's thread (pasted text) is stored and counted alike on both databases: status
    shows each player's words today (the SQLite fast path, SQLModel on PostgreSQL)."""
    import os

    from forum.game import DAY1_END, START, make_game
    from forum.test_forum_text import PASTE_DAY1

    paste = tmp_path / "day1.txt"
    paste.write_text(PASTE_DAY1, encoding="utf-8")
    stamp = (DAY1_END - timedelta(minutes=5)).timestamp()
    os.utime(paste, (stamp, stamp))  # «Сегодня» in the paste = 08.12
    reports = {}
    for kind in ("sqlite", "postgresql"):
        cfg, store = make_game(tmp_path / kind)
        if kind == "postgresql":
            store.dispose()
            text = cfg.path.read_text(encoding="utf-8")
            cfg.path.write_text(text.replace('database = "game.db"', f'database = "{postgres_url}"'),
                                encoding="utf-8")
            cfg = load_config(cfg.path)
            store = Store(cfg.database_url)
            init_game(cfg, store, now=START - timedelta(minutes=5), event="none")
        try:
            done = CliRunner().invoke(cli_main, ["--config", str(cfg.path), "forum", "import", str(paste)])
            assert done.exit_code == 0 and "день 1: новых постов 6" in done.output, done.output
            reports[kind] = [read_status(cfg), status(cfg, store)]
        finally:
            store.dispose()
    fast, slow = reports["sqlite"]
    assert reports["postgresql"] == [None, fast] and slow == fast
    assert {p.nick: p.words for p in fast.players} == {
        "Ягуар": 7, "Лис": 5, "Зоя": 7, "Гном": 2, "Кузя": 0, "Гоша": 0, "Тётя Ася": 0, "Бука": 0}


def test_one_sync_per_postgresql_database_whatever_the_config_copy(tmp_path, postgres_url):
    """Two copies of a game's config (another folder, another machine) share its PostgreSQL
    database: while a sync holds the game through one, a sync or close-day through the other
    is refused (the file locks differ; the database's advisory lock is the same), send is not;
    the lock goes with the run."""
    import pytest

    from mailer.runlock import AlreadyRunning, exclusive
    from mailer.day import GameError

    first = load_config(write_game(tmp_path / "a", postgres_url))
    second = load_config(write_game(tmp_path / "b", postgres_url))
    store = Store(postgres_url)
    try:
        init_game(first, store, now=START - timedelta(hours=1), event="none")
        with exclusive(first.path, "sync", first.database_url):
            with pytest.raises(GameError, match="база игры занята"):
                sync(second, store, now=START + timedelta(hours=20))
            with pytest.raises(GameError, match="уже выполняется"):
                close_day(second, store, now=AFTER)
            with pytest.raises(AlreadyRunning):
                with exclusive(second.path, "sync", second.database_url):
                    pass
            assert send_all(second, store, now=START).sent == 24  # the role letters
        rep = sync(second, store, now=START + timedelta(hours=20))
        assert (rep.fetched, rep.skipped_large, rep.processed) == (LETTERS + 1, 1, LETTERS + 1)
    finally:
        store.dispose()


def test_unreachable_database_is_a_russian_error_without_the_password(tmp_path, postgres_server):
    """No server on the port, no such database, or a SQLite file in a missing folder: the
    command says so in Russian (exit 1, no traceback, the password never shown)."""
    from servers import free_port

    cases = {
        f"postgresql://host:s3cret@127.0.0.1:{free_port()}/game": "Connection refused",
        postgres_server.url("no_such_game"): "no_such_game",
        f"sqlite:///{tmp_path / 'missing' / 'game.db'}": "проверьте путь database",
    }
    for n, (url, reason) in enumerate(cases.items()):
        cfg = write_game(tmp_path / f"g{n}", url)
        shown = CliRunner().invoke(cli_main, ["--config", str(cfg), "status"])
        assert shown.exit_code == 1 and shown.exception.__class__ is SystemExit, shown.output
        assert shown.output.startswith("Ошибка: база игры ") and "недоступна" in shown.output
        assert reason in shown.output and "s3cret" not in shown.output and "Traceback" not in shown.output
