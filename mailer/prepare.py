"""Decode and parse letters ahead, in worker processes, while ``sync`` fetches and answers.

Decoding (:func:`mailer.decode.decode`) and parsing (:func:`engine.parse.parse_letter`) are
pure and take most of a big sync's CPU time; the rest (screens against earlier letters,
replies, the database) must run in order in the main process. A :class:`Preparer` hands
the pure part of every stored letter to a small process pool as soon as the raw bytes are
committed, and ``sync`` takes the results in order. The parse done ahead is a guess: it
reads the sender's own text as decoded, with the sender found by his From address; ``sync``
uses it only when its screens leave that text and sender unchanged (no pasted copy of a
game letter cut, a known player, an open day), and parses again otherwise. Results are the
same with and without workers (tested).

Workers are forked (POSIX ``fork``) after the game's state is read, so they start at once and
share the loaded dictionaries; they never touch the database or the mailbox. Without
``fork`` (not Linux) or with fewer letters than :data:`PARALLEL_FROM`, everything runs in
the main process. A worker that dies (out of memory, killed) costs nothing but time: the
letters it held are prepared again in the main process.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

__all__ = ["Prepared", "Preparer", "prepare", "PARALLEL_FROM", "PREPARE_AHEAD"]

#: Fewer pending letters than this are prepared in the main process (forking is not free).
PARALLEL_FROM = 200
#: At most this many letters are prepared ahead of the one being processed (memory bound:
#: a prepared letter holds its decoded text, a few kB).
PREPARE_AHEAD = 4000
#: Letters per job sent to a worker.
JOB_SIZE = 25


@dataclass
class Prepared:
    """One letter decoded, and parsed ahead when its sender is a known player.

    ``decoded``: :class:`mailer.decode.DecodedLetter`. ``nick``: the player of its From
    address, or None. ``result``: :class:`engine.model.ParseResult` of ``decoded.body`` as
    ``nick``'s letter, or None when not parsed (unknown sender, no open day, or the parse
    raised: the main process then parses again and meets the error itself).
    """

    decoded: Any
    nick: str | None = None
    result: Any = None


@dataclass(frozen=True)
class ParseContext:
    """What parsing ahead needs: player by lower-case address, and the open day's
    GameState and TurnInfo (None when no day is open)."""

    players: dict
    day: int | None = None
    state: Any = None
    info: Any = None


def prepare(raw: bytes, context: ParseContext | None) -> Prepared:
    """Decode ``raw`` and parse its text as its sender's letter (see :class:`Prepared`).
    Never raises."""
    from engine.parse import parse_letter

    from .decode import decode

    decoded = decode(raw or b"")
    if context is None:
        return Prepared(decoded)
    nick = context.players.get(decoded.from_addr)
    result = None
    if nick is not None and context.state is not None:
        try:
            result = parse_letter(decoded.body, nick, context.state, context.info)
        except Exception:  # noqa: BLE001 - the main process parses again and holds the letter
            result = None
    return Prepared(decoded, nick, result)


_worker_context: ParseContext | None = None


def _init_worker(context: ParseContext | None, parent: int) -> None:
    """Worker start: keep the parse context; die with the main process (a worker left
    behind by a killed ``sync`` would hold its run lock and its output pipes); leave Ctrl-C
    to the main process, which stops the pool itself."""
    global _worker_context
    _worker_context = context
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:  # Linux: SIGKILL this worker the moment its parent dies (PR_SET_PDEATHSIG = 1)
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)
    except (AttributeError, OSError):
        pass
    if os.getppid() != parent:
        os._exit(0)  # the parent died before the line above

    def watch() -> None:  # elsewhere (and as a second guard): poll for a new parent
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


#: How often a worker checks that the main process is still alive.
PARENT_POLL_SECONDS = 0.5


def _prepare_job(items: list[tuple[int, bytes]]) -> list[tuple[int, Prepared]]:
    return [(letter_id, prepare(raw, _worker_context)) for letter_id, raw in items]


def default_workers() -> int:
    """Worker processes for a big sync: one fewer than the CPUs this process may use (the
    main process keeps working), at most 4; 0 on a single CPU (everything in place)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(0, min(4, cpus - 1))


class Preparer:
    """Prepares letters ahead in a process pool (or in place, see the module docstring).

    Use: :meth:`submit` (id, raw) pairs as soon as they are stored, then :meth:`take` each
    letter when its turn comes; :meth:`close` at the end (also as a context manager).
    """

    def __init__(self, context: ParseContext | None, workers: int = 0,
                 before_fork=None) -> None:
        """``workers``: processes to use (0: none, everything in place). ``before_fork``:
        called once before the pool starts (e.g. to close database connections, which a
        forked child must not inherit)."""
        self.context = context
        self.workers = workers
        self.before_fork = before_fork
        self._pool: ProcessPoolExecutor | None = None
        self._jobs: dict[int, Future] = {}  # letter id → job (a list of prepared letters)
        self._ready: dict[int, Prepared] = {}
        self._submitted: set[int] = set()
        self._backlog: list[tuple[int, bytes]] = []  # held until PARALLEL_FROM letters wait

    def __enter__(self) -> "Preparer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def ahead(self) -> int:
        """Letters submitted and not taken yet."""
        return len(self._jobs) + len(self._ready)

    def not_submitted(self, letter_ids: list[int]) -> list[int]:
        """Those of ``letter_ids`` worth reading to :meth:`submit` (none without workers)."""
        if not self.workers:
            return []
        held = {letter_id for letter_id, _ in self._backlog}
        return [i for i in letter_ids if i not in self._submitted and i not in held]

    def submit(self, items: list[tuple[int, bytes]]) -> None:
        """Start preparing these (letter id, raw bytes) pairs in the workers. Does nothing
        without workers, for letters submitted before, or beyond PREPARE_AHEAD letters ahead
        (those are prepared in place when taken); the pool starts once PARALLEL_FROM letters
        have been submitted."""
        if not self.workers:
            return
        held = {letter_id for letter_id, _ in self._backlog}
        items = [item for item in items if item[0] not in self._submitted and item[0] not in held]
        if self._pool is None:
            self._backlog += items
            if len(self._backlog) < PARALLEL_FROM:
                return
            items, self._backlog = self._backlog, []
        items = items[:max(0, PREPARE_AHEAD - self.ahead)]
        if not items:
            return
        pool = self._start()
        if pool is None:
            return
        for start in range(0, len(items), JOB_SIZE):
            job = items[start: start + JOB_SIZE]
            try:
                future = pool.submit(_prepare_job, job)
            except Exception:  # noqa: BLE001 - a broken pool: prepare in place from now on
                self.workers = 0
                return
            for letter_id, _ in job:
                self._jobs[letter_id] = future
                self._submitted.add(letter_id)

    def take(self, letter_id: int, raw: bytes | None) -> Prepared:
        """The prepared letter ``letter_id`` (waiting for its worker if needed), or prepared
        now from ``raw`` when it was never submitted or its worker failed."""
        if letter_id in self._ready:
            return self._ready.pop(letter_id)
        future = self._jobs.pop(letter_id, None)
        if future is not None:
            try:
                done = future.result()
            except Exception:  # noqa: BLE001 - a dead worker: prepare in place
                done = []
            for other_id, prepared in done:
                if other_id != letter_id and self._jobs.get(other_id) is future:
                    del self._jobs[other_id]
                    self._ready[other_id] = prepared
            for other_id, prepared in done:
                if other_id == letter_id:
                    return prepared
        return prepare(raw or b"", self.context)

    def _start(self) -> ProcessPoolExecutor | None:
        if self._pool is not None:
            return self._pool
        try:
            ctx = multiprocessing.get_context("fork")
        except ValueError:
            self.workers = 0
            return None
        if self.before_fork is not None:
            self.before_fork()
        self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx,
                                         initializer=_init_worker,
                                         initargs=(self.context, os.getpid()))
        return self._pool

    def close(self) -> None:
        """Stop the workers (jobs not taken are cancelled)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._jobs.clear()
        self._ready.clear()
        self._backlog.clear()
