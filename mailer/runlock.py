"""One run at a time: ``sync`` and ``send`` of one game never run twice at once.

Two syncs at once (a cron job and the host by hand) would race for the same letters, two
sends for the same queued rows. Each command holds an exclusive advisory lock (``flock``) on
a file beside the config while it runs; the operating system drops it when the process ends,
even by SIGKILL, so a crash never leaves a stale lock. Where ``fcntl`` is missing (Windows)
no lock is taken.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class AlreadyRunning(Exception):
    """The same command is already running for this game (Russian message)."""


@contextmanager
def exclusive(config_path: Path, name: str) -> Iterator[None]:
    """Hold the ``name`` lock of the game whose config is ``config_path`` (file
    ``<config>.<name>.lock``) for the ``with`` block.

    Raises:
        AlreadyRunning: another process holds it.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    path = Path(config_path).with_name(Path(config_path).name + f".{name}.lock")
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
