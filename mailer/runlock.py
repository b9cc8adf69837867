"""One run at a time: ``sync`` and ``send`` of one game never run twice at once.

Two syncs at once (a cron job and the host by hand) would race for the same letters, two
sends for the same queued rows. Each command holds an exclusive advisory lock (``flock``) on
a file beside the config while it runs; the operating system drops it when the process ends,
even by SIGKILL, so a crash never leaves a stale lock. Where ``fcntl`` is missing (Windows)
no file lock is taken.

A game kept in PostgreSQL may be reached from another machine or through another copy of the
config, where the file lock is not seen: there the command also holds a PostgreSQL
session-level advisory lock (``pg_try_advisory_lock``) on its own connection to the game's
database, which the server drops when that connection ends (the process exits or dies).

``mafia-mail watch`` (:mod:`mailer.watch`) holds the ``watch`` lock for as long as it runs
and takes ``sync`` and ``send`` only while it handles a batch of letters (well under a
second). While a watch runs, a command that finds one of those locks busy waits for it (up
to :data:`WAIT_WHILE_WATCHING` seconds) instead of being refused.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

#: Seconds a command waits for a busy lock when a ``watch`` of the game is running.
WAIT_WHILE_WATCHING = 60.0
#: Seconds between two tries of a busy lock.
RETRY_EVERY = 0.05


class AlreadyRunning(Exception):
    """The same command is already running for this game (Russian message)."""


def lock_path(config_path: Path, name: str) -> Path:
    """The lock file of lock ``name`` of the game whose config is ``config_path``."""
    return Path(config_path).with_name(Path(config_path).name + f".{name}.lock")


def is_held(config_path: Path, name: str) -> bool:
    """True when some open file (this process's or another's) holds the ``name`` file lock."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return False
    path = lock_path(config_path, name)
    if not path.exists():
        return False
    with open(path, "a") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
        return False


@contextmanager
def exclusive(config_path: Path, name: str, database_url: str | None = None, *,
              wait: float | None = 0.0, give_up: Callable[[], bool] | None = None,
              mind_watch: bool = True) -> Iterator[None]:
    """Hold the ``name`` lock of the game whose config is ``config_path`` (file
    ``<config>.<name>.lock``) for the ``with`` block; for a PostgreSQL ``database_url`` also
    the database's advisory lock of ``name`` (:func:`database_lock`).

    ``wait``: seconds to keep trying a busy lock (None: until it is free or ``give_up()``
    returns True). With ``mind_watch``, a busy lock is also waited for (up to
    WAIT_WHILE_WATCHING s) while a ``watch`` of this game runs, whose batches hold ``sync``
    and ``send`` briefly (the watch itself passes False).

    Raises:
        AlreadyRunning: the lock stayed busy (or ``give_up()`` said so).
    """
    started = time.monotonic()
    while True:
        stack = ExitStack()
        try:
            stack.enter_context(_file_lock(config_path, name))
            stack.enter_context(database_lock(database_url, name))
            break
        except AlreadyRunning:
            stack.close()
            limit = wait
            if limit is not None and mind_watch and name != "watch" and is_held(config_path, "watch"):
                limit = max(limit, WAIT_WHILE_WATCHING)
            if ((limit is not None and time.monotonic() - started >= limit)
                    or (give_up is not None and give_up())):
                raise
            time.sleep(RETRY_EVERY)
    with stack:
        yield


@contextmanager
def _file_lock(config_path: Path, name: str) -> Iterator[None]:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    path = lock_path(config_path, name)
    with open(path, "a") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise AlreadyRunning(
                f"mafia-mail {name} для этой игры уже выполняется (файл {path.name} занят); "
                "дождитесь его окончания") from None
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def lock_key(name: str) -> int:
    """The signed 64-bit advisory lock key of the command ``name`` (advisory locks are per
    database, so one key serves every game)."""
    digest = hashlib.sha256(f"mafia-mail:{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


@contextmanager
def database_lock(database_url: str | None, name: str) -> Iterator[None]:
    """Hold PostgreSQL's session advisory lock ``lock_key(name)`` in the game's database for
    the ``with`` block, on a connection of its own (autocommit: no transaction stays open).
    Any other database (SQLite, None): nothing to do, the file lock serves.

    Raises:
        AlreadyRunning: another session holds the lock.
    """
    if not database_url or not database_url.startswith(("postgresql", "postgres:")):
        yield
        return
    from sqlalchemy import create_engine, func, select
    from sqlalchemy.pool import NullPool

    from .store import engine_url

    engine = create_engine(engine_url(database_url), poolclass=NullPool,
                           isolation_level="AUTOCOMMIT")
    key = lock_key(name)
    try:
        with engine.connect() as conn:
            if not conn.execute(select(func.pg_try_advisory_lock(key))).scalar():
                raise AlreadyRunning(
                    f"mafia-mail {name} для этой игры уже выполняется (база игры занята другим "
                    "запуском, возможно с другой машины); дождитесь его окончания")
            try:
                yield
            finally:
                try:
                    conn.execute(select(func.pg_advisory_unlock(key)))
                except Exception:  # noqa: BLE001 - a lost connection has dropped the lock anyway
                    pass
    finally:
        engine.dispose()
