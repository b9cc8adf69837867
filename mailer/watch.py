"""``mafia-mail watch``: answer every letter within seconds, until SIGINT or SIGTERM.

The loop waits for mail, and each time some may have come it runs one *batch*: the very
pipeline of ``sync`` (:func:`mailer.sync.sync_locked`: fetch, decode, screen, stamp, parse,
queue a reply) under the game's ``sync`` lock, then, with ``[watch] send_replies``, sends the
queued replies to players' letters and unknown-sender notices (:func:`mailer.outbox.send_all`
with ``kinds``) under the ``send`` lock. Role and result letters, reminders queued by the
host and newspapers still wait for the host's ``preview`` and ``send``.

How it waits (IMAP IDLE, inotify on a Maildir, or polling): :mod:`mailer.watch_sources`.

Locks (:mod:`mailer.runlock`): ``watch`` for the whole run (one watch per game), ``sync`` and
``send`` only during a batch, so the host's ``close-day``, ``send`` and the rest run
meanwhile; a busy lock makes the watch wait, never fail (and makes those commands wait for
the batch in hand). The exactly-once guarantees are those of ``sync`` and ``send``: letters
are stored with the IMAP cursor in one transaction and answered once per Message-ID; a reply
is marked ``sending`` before the SMTP dialogue, so a crash or a lost connection makes it
``uncertain``, never sent twice.

A lost connection (server restart, network drop, expired login) is logged once; the watch
reconnects after 1 s, doubling the wait up to 60 s, and then runs a batch, which takes
whatever came meanwhile. A reply the SMTP server did not take stays queued and is retried
with the same backoff.

Timers (the deadline notice to the host, the day's reminders): :mod:`mailer.watch_timers`.

Log (:mod:`mailer.watch_log`): one line per event on stderr (local time of the game, what
happened), or JSON lines with ``json_lines``; once waiting for mail, the line «жду писем …»
(event ``waiting``).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Callable, TextIO

from .watch_sources import (BACKOFF_MAX, BACKOFF_START, IDLE_RENEW, SLICE, Backoff, ImapIdleSource,
                            Lost, MaildirSource, PollSource, duration_ru, is_setting_error)
from . import watch_log
from .watch_log import WATCH_KINDS, Log
from .watch_timers import DayTimers

if TYPE_CHECKING:  # the storage layer is imported only when a watch runs (fast --help)
    from .config import GameConfig
    from .store import Store

__all__ = ["Watcher", "run_watch", "clock_from_env", "IDLE_RENEW", "BACKOFF_START", "BACKOFF_MAX"]


# --------------------------------------------------------------------------------------------
# The watcher
# --------------------------------------------------------------------------------------------


@dataclass
class WatchStats:
    """What a run did (for tests and the last log line)."""

    batches: int = 0
    letters: int = 0
    replies_sent: int = 0
    reconnects: int = 0
    deadline_notices: list[int] = field(default_factory=list)
    reminded_days: list[int] = field(default_factory=list)


class Watcher:
    """One ``watch`` run over ``cfg``'s mailbox and ``store``.

    ``clock``: () → aware now (the replies' Date, the deadline timers). ``stop``: set it (the
    signal handlers do) to end the loop after the batch in hand. ``log``: a :class:`Log`.
    """

    def __init__(self, cfg: GameConfig, store: Store, *, log: Log,
                 clock: Callable[[], datetime] | None = None,
                 stop: threading.Event | None = None) -> None:
        self.cfg, self.store, self.log = cfg, store, log
        self.clock = clock or (lambda: datetime.now(timezone.utc))
        self.stop = stop or threading.Event()
        self.stats = WatchStats()
        self.source = None
        self.timers = DayTimers(cfg, store, log=log, clock=self.clock, stop=self.stop, stats=self.stats)
        self._send_retry_at: float | None = None
        self._send_backoff = Backoff()
        self._rendering = None  # (templates folder stamp, Renderer)

    # --- the loop

    def run(self) -> WatchStats:
        """Watch until ``stop`` is set. Raises GameError when another watch of this game runs,
        MailboxError when the mailbox is wrongly configured (never for a lost connection)."""
        from .runlock import AlreadyRunning, exclusive
        from .day import GameError

        try:
            with exclusive(self.cfg.path, "watch"):
                self._run()
        except AlreadyRunning:
            raise GameError("mafia-mail watch для этой игры уже запущен (второй не нужен)") from None
        return self.stats

    def _run(self) -> None:
        self.source = self._open_source(first=True)
        if self.source is None:
            return  # stopped while connecting
        try:
            self._batch_or_reconnect()
            if self.stop.is_set():
                return
            self.log("waiting", f"жду писем ({self.source.describe()})", source=self.source.describe())
            while not self.stop.is_set():
                try:
                    woke = self.source.wait(SLICE)
                except Lost as exc:
                    self._reconnect(str(exc))
                    continue
                if self.stop.is_set():
                    break
                if woke:
                    self._batch_or_reconnect()
                if self._send_retry_at is not None and time.monotonic() >= self._send_retry_at:
                    self._send_replies()
                self.timers.tick()
        finally:
            self.source.close()
            self.log("stopped", f"остановлен: писем {self.stats.letters}, ответов отправлено "
                                f"{self.stats.replies_sent}", letters=self.stats.letters,
                     replies_sent=self.stats.replies_sent)

    def _make_source(self):
        w = self.cfg.watch
        kind = self.cfg.mailbox.kind
        what = "IMAP" if kind == "imap" else f"Maildir {self.cfg.mailbox.path}"
        if not w.idle:
            return PollSource(w.poll, what)
        source = ImapIdleSource(self.cfg) if kind == "imap" else MaildirSource(self.cfg, self.stop)
        if source.open():
            return source
        reason = "сервер не умеет IDLE" if kind == "imap" else "inotify недоступен"
        self.log("poll", f"{reason}: проверяю почту раз в {duration_ru(w.poll)}", poll=w.poll)
        return PollSource(w.poll, what)

    def _open_source(self, first: bool = False, reason: str | None = None):
        """The mail source, connected; reconnects with backoff (one log line for the loss).
        A wrong setting (MailboxError before the first connection ever worked) is raised."""
        from .config import ConfigError
        from .fetch import MailboxError

        backoff = Backoff()
        while not self.stop.is_set():
            try:
                source = self._make_source()
                if isinstance(source, PollSource):
                    source.open()
                return source
            except (MailboxError, OSError, Lost) as exc:
                if first and isinstance(exc, MailboxError) and is_setting_error(exc):
                    raise
                if reason is None:
                    reason = str(exc)
                    self._log_lost(reason, backoff.delay)
                self._sleep(backoff.next())
            except ConfigError:
                raise
        return None

    def _log_lost(self, reason: str, delay: float) -> None:
        self.stats.reconnects += 1
        self.log("connection_lost", f"связь с почтовым сервером потеряна ({reason}); переподключаюсь "
                 f"(через {duration_ru(delay)}, затем реже, до {duration_ru(BACKOFF_MAX)})", reason=reason)

    def _reconnect(self, reason: str) -> None:
        """After a lost connection: one log line, reconnect with backoff, then a batch (what
        came meanwhile)."""
        from .fetch import MailboxError

        if self.source is not None:
            self.source.close()
        self._log_lost(reason, BACKOFF_START)
        backoff = Backoff()
        while not self.stop.is_set():
            self._sleep(backoff.next())
            if self.stop.is_set():
                return
            try:
                if self.source is not None:
                    self.source.close()
                self.source = self._make_source()
                if isinstance(self.source, PollSource):
                    self.source.open()
                self._batch()
            except (MailboxError, OSError, Lost):
                continue
            self.log("reconnected", "связь восстановлена")
            return

    def _batch_or_reconnect(self) -> None:
        """A batch; a lost mailbox connection reconnects, any other error is logged (the
        letters stay pending for the next batch) and the watch goes on."""
        from .fetch import MailboxError

        try:
            self._batch()
        except (MailboxError, OSError) as exc:
            self._reconnect(str(exc))
        except Exception as exc:  # noqa: BLE001 - e.g. a broken host template: tell, keep watching
            self.log("error", f"письма не обработаны: {exc}; они ждут следующей пачки",
                     error=f"{type(exc).__name__}: {exc}")

    def _sleep(self, seconds: float) -> None:
        self.stop.wait(seconds)

    # --- one batch

    def _batch(self) -> None:
        """Run sync's pipeline on what is new (under the ``sync`` lock, waiting for it), then
        send the replies; log one line per letter. Raises MailboxError when the mailbox
        cannot be read (nothing is lost: the next batch takes it)."""
        from .runlock import AlreadyRunning, exclusive
        from .sync import sync_locked

        try:
            with exclusive(self.cfg.path, "sync", self.cfg.database_url, wait=0.0, mind_watch=False):
                marks = watch_log.marks(self.store)
                sync_locked(self.cfg, self.store, now=self.clock(), renderer=self._renderer())
        except AlreadyRunning:
            self.log("busy", "жду: идёт другая команда этой игры (sync, close-day…)")
            try:
                with exclusive(self.cfg.path, "sync", self.cfg.database_url, wait=None, give_up=self.stop.is_set):
                    marks = watch_log.marks(self.store)
                    sync_locked(self.cfg, self.store, now=self.clock(), renderer=self._renderer())
            except AlreadyRunning:
                return  # stopped while waiting
        self.stats.batches += 1
        letters, replies = watch_log.handled_since(self.store, marks)
        if self.cfg.watch.send_replies and replies:
            self._send_replies()
        self.stats.letters += watch_log.log_letters(self.log, self.store, letters, replies)

    def _renderer(self):
        """The letters' renderer, made again only when the host's templates folder changed
        (its ``*.j2`` names and modification times): compiling the templates for every batch
        cost ~40 ms of each answer."""
        from .render import Renderer

        folder = self.cfg.path.parent / "templates"
        try:
            stamp = tuple(sorted((p.name, p.stat().st_mtime_ns) for p in folder.glob("*.j2")))
        except OSError:
            stamp = None
        if self._rendering is None or self._rendering[0] != stamp:
            self._rendering = (stamp, Renderer(self.cfg))
        return self._rendering[1]

    def _send_replies(self, ids=None) -> None:
        """Send the queued replies and unknown-sender notices (``ids``: only those rows)."""
        from .outbox import send_all
        from .send import SendError

        try:
            report = send_all(self.cfg, self.store, now=self.clock(), kinds=WATCH_KINDS, ids=ids,
                              wait=None)
        except SendError as exc:
            report = None
            error = str(exc)
        else:
            error = "; ".join(report.errors or [])
        if report is not None:
            self.stats.replies_sent += report.sent
        if report is not None and not report.failed:
            self._send_retry_at = None
            self._send_backoff.reset()
            return
        delay = self._send_backoff.next()
        self._send_retry_at = time.monotonic() + delay
        self.log("send_failed", f"ответы не отправлены ({error}); повторю через {duration_ru(delay)}",
                 error=error)

# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def run_watch(cfg: GameConfig, store: Store, *, json_lines: bool = False,
              clock: Callable[[], datetime] | None = None, out: TextIO | None = None) -> WatchStats:
    """Watch the game's mailbox until SIGINT or SIGTERM (then finish the batch in hand and
    return). Must run in the main thread (it installs the signal handlers, restored after).

    Returns WatchStats. Raises GameError (another watch runs), MailboxError (the mailbox is
    wrongly configured: login, folder, TLS), ConfigError (a missing password variable).
    """
    stop = threading.Event()
    clock = clock or (lambda: datetime.now(timezone.utc))
    log = Log(cfg, clock, json_lines=json_lines, out=out)

    def on_signal(signum, _frame):
        if not stop.is_set():
            log("stopping", f"получен {signal.Signals(signum).name}: заканчиваю начатое и выхожу",
                signal=signal.Signals(signum).name)
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        return Watcher(cfg, store, log=log, clock=clock, stop=stop).run()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def clock_from_env() -> Callable[[], datetime]:
    """The real clock, or with ``MAFIA_MAIL_NOW`` (ISO 8601 with zone) a clock that starts at
    that moment and runs (rehearsals and tests)."""
    forced = os.environ.get("MAFIA_MAIL_NOW")
    if not forced:
        return lambda: datetime.now(timezone.utc)
    base = datetime.fromisoformat(forced)
    if base.tzinfo is None:
        raise ValueError("MAFIA_MAIL_NOW: укажите время с поясом, например 2026-12-08T19:31:00+03:00")
    started = time.monotonic()
    from datetime import timedelta

    return lambda: base.astimezone(timezone.utc) + timedelta(seconds=time.monotonic() - started)
