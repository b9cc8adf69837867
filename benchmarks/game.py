"""Running the product against the benchmark mailbox: a fresh game per run, timed sync."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

from benchmarks import fixture as fx
from benchmarks.common import MAFIA_MAIL, ChildRun, run_child


def new_game(account, parent: Path | None = None) -> Path:
    """A fresh game (config + database, ``init --event none``) on ``account``; returns the config."""
    folder = Path(tempfile.mkdtemp(prefix="game-", dir=parent))
    config = fx.write_config(folder, account)
    cli(config, account, "init", "--event", "none", now=fx.INIT_NOW)
    # the stream spans many days: keep day 1 open past its last letter, so that every letter
    # is understood and answered by the sync measured (a letter after the deadline would wait
    # for day 2 unread, which measures less work)
    cli(config, account, "deadline", "2099-12-01 19:30", "--yes", now=fx.INIT_NOW)
    return config


def cli(config: Path, account, *args: str, now: str = fx.SYNC_NOW) -> ChildRun:
    """``mafia-mail --config <config> <args>`` as a timed child process."""
    return run_child([MAFIA_MAIL, "--config", str(config), *args], env=fx.cli_env(account, now))


def sync(config: Path, account) -> ChildRun:
    """One ``mafia-mail sync``; the wall time includes interpreter start-up, like mbsync's."""
    return cli(config, account, "sync")


def counts(config: Path) -> dict[str, int]:
    """Stored letters and queued replies in the game's database (read with sqlite3)."""
    with sqlite3.connect(config.parent / "game.db") as db:
        letters = db.execute("select count(*) from letter").fetchone()[0]
        replies = db.execute("select count(*) from outgoing where kind = 'reply'").fetchone()[0]
    return {"letters": letters, "replies": replies}
