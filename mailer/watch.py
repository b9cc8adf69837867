"""``mafia-mail watch``: answer every letter within seconds, until SIGINT or SIGTERM.

The loop waits for mail, and each time some may have come it runs one *batch*: the very
pipeline of ``sync`` (:func:`mailer.sync.sync_locked`: fetch, decode, screen, stamp, parse,
queue a reply) under the game's ``sync`` lock, then, with ``[watch] send_replies``, sends the
queued replies to players' letters and unknown-sender notices (:func:`mailer.outbox.send_all`
with ``kinds``) under the ``send`` lock. Role and result letters, reminders queued by the
host and newspapers still wait for the host's ``preview`` and ``send``.

How it waits:

- IMAP: a second connection selects the folder read-only and waits with IDLE (RFC 2177),
  re-issued every :data:`IDLE_RENEW` seconds (the RFC lets a server drop an IDLE after 30
  minutes). Without IDLE in the server's capabilities, or with ``[watch] idle = false``, it
  polls every ``[watch] poll`` seconds.
- Maildir: inotify through :mod:`watchfiles` on ``new/`` and ``cur/``; polling where that
  cannot start or with ``idle = false``.

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

Timers, read from the open day at every turn of the loop: once the day's deadline has
passed, one log line «срок дня N прошёл: пора close-day» (once per day and run) and, with
``[watch] notify``, one letter to the host (once per day, ever: it is queued under the ref
``deadline:N``); with ``[watch] remind_before``, that long before the deadline the day's
reminders (:func:`mailer.day.remind`, at most one per player and day) are queued and sent,
once per day.

Log: one line per event on stderr (local time of the game, what happened), or JSON lines
with ``json_lines``; once waiting for mail, the line «жду писем …» (event ``waiting``).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Callable, TextIO

if TYPE_CHECKING:  # the storage layer is imported only when a watch runs (fast --help)
    from .config import GameConfig
    from .store import Store

__all__ = ["Watcher", "run_watch", "clock_from_env", "IDLE_RENEW", "BACKOFF_START", "BACKOFF_MAX"]

#: Seconds after which an IMAP IDLE is ended and issued again (RFC 2177: at most 29 minutes).
IDLE_RENEW = 29 * 60
#: The first wait before reconnecting after a lost connection, seconds; doubled each failure.
BACKOFF_START = 1.0
#: The longest wait between two reconnection attempts, seconds.
BACKOFF_MAX = 60.0
#: Longest single wait in the loop (seconds): how soon a signal or a due timer is noticed.
SLICE = 0.5
#: Kinds of letters ``watch`` sends by itself.
WATCH_KINDS = ("reply", "unknown_sender")
#: Letter states that get an answer (the rest are only logged).
_REPLY_STATES_RU = {"sent": "ответ отправлен", "queued": "ответ в очереди",
                    "uncertain": "ответ: неясно, ушёл ли", "failed": "ответ: отказ сервера",
                    "sending": "ответ отправляется"}


class Lost(Exception):
    """The mailbox connection is gone (server restart, network drop, expired login)."""


# --------------------------------------------------------------------------------------------
# The log
# --------------------------------------------------------------------------------------------


class Log:
    """One line per event on ``out``: «2026-12-07 19:20:03 письмо 12 от …» in the game's zone,
    or a JSON object per line (``json_lines``) with ``time`` (ISO 8601, UTC), ``event`` and
    ``message`` (the Russian line) plus the event's fields."""

    def __init__(self, cfg: GameConfig, clock: Callable[[], datetime], *, json_lines: bool = False,
                 out: TextIO | None = None) -> None:
        self.cfg, self.clock, self.json_lines = cfg, clock, json_lines
        self.out = out or sys.stderr

    def __call__(self, event: str, message: str, **fields) -> None:
        now = self.clock()
        if self.json_lines:
            line = json.dumps({"time": now.astimezone(timezone.utc).isoformat(timespec="milliseconds"),
                               "event": event, "message": message, **fields}, ensure_ascii=False)
        else:
            line = f"{now.astimezone(self.cfg.zone):%Y-%m-%d %H:%M:%S} {message}"
        print(line, file=self.out, flush=True)


# --------------------------------------------------------------------------------------------
# Where new mail is announced
# --------------------------------------------------------------------------------------------


class PollSource:
    """No news from the server: say "look" every ``every`` seconds."""

    def __init__(self, every: float, what: str) -> None:
        self.every, self.what = every, what
        self.next = time.monotonic() + every

    def open(self) -> None:
        self.next = time.monotonic() + self.every

    def wait(self, timeout: float) -> bool:
        left = self.next - time.monotonic()
        if left > timeout:
            time.sleep(timeout)
            return False
        time.sleep(max(0.0, left))
        self.next = time.monotonic() + self.every
        return True

    def describe(self) -> str:
        return f"{self.what}, проверка раз в {_seconds(self.every)}"

    def close(self) -> None:
        pass


class ImapIdleSource:
    """An IMAP connection that waits with IDLE (RFC 2177) on the game's folder (read-only).

    :meth:`open` raises MailboxError when the server cannot be reached and returns False when
    it does not offer IDLE (the caller then polls). :meth:`wait` raises :class:`Lost` when the
    connection is gone.
    """

    def __init__(self, cfg: GameConfig) -> None:
        self.cfg = cfg
        self.client = None
        self.started = 0.0
        self._fast_empty = 0

    def open(self) -> bool:
        from .fetch import _connect_imap, _quiet_logout, _select_readonly, check_tls_mode, MailboxError

        mb = self.cfg.mailbox
        check_tls_mode(mb.tls, mb.host, MailboxError)
        self.close()
        client = _connect_imap(mb.host, mb.port, mb.tls, mb.user, mb.password(), None)
        try:
            if not client.has_capability("IDLE"):
                _quiet_logout(client)
                return False
            _select_readonly(client, mb.folder)
            client.idle()
        except MailboxError:
            _quiet_logout(client)
            raise
        except Exception as exc:  # noqa: BLE001 - any trouble here is a lost connection
            _quiet_logout(client)
            raise MailboxError(f"IDLE на сервере {mb.host}:{mb.port} не начался: {exc}") from exc
        self.client, self.started, self._fast_empty = client, time.monotonic(), 0
        return True

    def wait(self, timeout: float) -> bool:
        client = self.client
        if client is None:
            raise Lost("нет соединения")
        try:
            if time.monotonic() - self.started >= IDLE_RENEW:
                client.idle_done()
                client.idle()
                self.started = time.monotonic()
            began = time.monotonic()
            responses = client.idle_check(timeout=timeout)
        except Exception as exc:  # noqa: BLE001 - socket, TLS or protocol error: reconnect
            raise Lost(str(exc) or type(exc).__name__) from exc
        if any(r and r[0] == b"BYE" for r in responses):
            raise Lost("сервер закрыл соединение (BYE)")
        if not responses and time.monotonic() - began < timeout / 2:
            # the socket was readable but gave no line: the server closed it (EOF)
            self._fast_empty += 1
            if self._fast_empty >= 3:
                raise Lost("сервер закрыл соединение")
        else:
            self._fast_empty = 0
        return any(len(r) > 1 and r[1] in (b"EXISTS", b"RECENT") for r in responses)

    def describe(self) -> str:
        mb = self.cfg.mailbox
        return f"IMAP IDLE, папка {mb.folder} на {mb.host}:{mb.port}"

    def close(self) -> None:
        from .fetch import _quiet_logout

        if self.client is None:
            return
        client, self.client = self.client, None
        try:
            client.idle_done()
        except Exception:  # noqa: BLE001 - the connection may be gone
            pass
        _quiet_logout(client)


class MaildirSource:
    """inotify (through :mod:`watchfiles`) on the Maildir's ``new/`` and ``cur/``."""

    def __init__(self, cfg: GameConfig, stop: threading.Event) -> None:
        self.cfg, self.stop = cfg, stop
        self._changes = None

    def open(self) -> bool:
        """Start watching; False when inotify cannot be used here (the caller then polls)."""
        try:
            import watchfiles
        except ImportError:
            return False
        root = self.cfg.mailbox.path
        folders = [str(root / sub) for sub in ("new", "cur") if (root / sub).is_dir()]
        if not folders:
            return False
        self._changes = watchfiles.watch(
            *folders, watch_filter=None, debounce=200, step=20, stop_event=self.stop,
            rust_timeout=int(SLICE * 1000), yield_on_timeout=True, raise_interrupt=False,
            force_polling=False, recursive=False)
        try:
            next(self._changes)  # starts the watcher (events from now on are seen)
        except StopIteration:
            return True
        except Exception:  # noqa: BLE001 - e.g. the inotify watch limit reached
            self._changes = None
            return False
        return True

    def wait(self, timeout: float) -> bool:
        if self._changes is None:
            raise Lost("наблюдение за папкой прервалось")
        try:
            return bool(next(self._changes))
        except StopIteration:
            return False
        except Exception as exc:  # noqa: BLE001
            self._changes = None
            raise Lost(str(exc)) from exc

    def describe(self) -> str:
        return f"Maildir {self.cfg.mailbox.path}, inotify"

    def close(self) -> None:
        if self._changes is not None:
            self._changes.close()
            self._changes = None


def _seconds(value: float) -> str:
    if value >= 3600 and value % 3600 == 0:
        return f"{int(value // 3600)} ч"
    if value >= 60 and value % 60 == 0:
        return f"{int(value // 60)} мин"
    return f"{value:g} с"


# --------------------------------------------------------------------------------------------
# The watcher
# --------------------------------------------------------------------------------------------


@dataclass
class _Backoff:
    """1 s, 2 s, 4 s … up to BACKOFF_MAX."""

    delay: float = BACKOFF_START

    def next(self) -> float:
        value = self.delay
        self.delay = min(self.delay * 2, BACKOFF_MAX)
        return value

    def reset(self) -> None:
        self.delay = BACKOFF_START


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
        self._deadline_logged: set[int] = set()
        self._reminded: set[int] = set()
        self._send_retry_at: float | None = None
        self._send_backoff = _Backoff()
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
                self._timers()
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
        self.log("poll", f"{reason}: проверяю почту раз в {_seconds(w.poll)}", poll=w.poll)
        return PollSource(w.poll, what)

    def _open_source(self, first: bool = False, reason: str | None = None):
        """The mail source, connected; reconnects with backoff (one log line for the loss).
        A wrong setting (MailboxError before the first connection ever worked) is raised."""
        from .config import ConfigError
        from .fetch import MailboxError

        backoff = _Backoff()
        while not self.stop.is_set():
            try:
                source = self._make_source()
                if isinstance(source, PollSource):
                    source.open()
                return source
            except (MailboxError, OSError, Lost) as exc:
                if first and isinstance(exc, MailboxError) and _is_setting_error(exc):
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
                 f"(через {_seconds(delay)}, затем реже, до {_seconds(BACKOFF_MAX)})", reason=reason)

    def _reconnect(self, reason: str) -> None:
        """After a lost connection: one log line, reconnect with backoff, then a batch (what
        came meanwhile)."""
        from .fetch import MailboxError

        if self.source is not None:
            self.source.close()
        self._log_lost(reason, BACKOFF_START)
        backoff = _Backoff()
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
                marks = self._marks()
                sync_locked(self.cfg, self.store, now=self.clock(), renderer=self._renderer())
        except AlreadyRunning:
            self.log("busy", "жду: идёт другая команда этой игры (sync, close-day…)")
            try:
                with exclusive(self.cfg.path, "sync", self.cfg.database_url, wait=None, give_up=self.stop.is_set):
                    marks = self._marks()
                    sync_locked(self.cfg, self.store, now=self.clock(), renderer=self._renderer())
            except AlreadyRunning:
                return  # stopped while waiting
        self.stats.batches += 1
        letters, replies = self._since(marks)
        if self.cfg.watch.send_replies and replies:
            self._send_replies()
        self._log_letters(letters, replies)

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

    def _marks(self):
        from sqlalchemy import func, select

        from .letter_state import LetterState
        from .store import Letter, Outgoing

        with self.store.session() as s:
            last_letter = s.execute(select(func.max(Letter.__table__.c.id))).scalar() or 0
            last_out = s.execute(select(func.max(Outgoing.__table__.c.id))).scalar() or 0
            pending = set(s.execute(select(Letter.__table__.c.id).where(
                Letter.__table__.c.state == LetterState.PENDING)).scalars())
        return last_letter, last_out, pending

    def _since(self, marks):
        """(letters handled since ``marks``, their replies by letter id)."""
        from sqlalchemy import or_, select

        from .letter_state import LetterState
        from .store import Letter, Outgoing

        last_letter, last_out, pending = marks
        t, o = Letter.__table__, Outgoing.__table__
        with self.store.session() as s:
            rows = list(s.execute(select(t.c.id, t.c.from_addr, t.c.nick, t.c.state, t.c.message_id,
                                         t.c.subject, t.c.day)
                                  .where(or_(t.c.id > last_letter, t.c.id.in_(pending)))
                                  .order_by(t.c.id)))
            outs = list(s.execute(select(o.c.id, o.c.ref, o.c.kind).where(o.c.id > last_out)))
        rows = [r for r in rows if r.id > last_letter or r.state != LetterState.PENDING]
        by_ref = {out.ref: out.id for out in outs if out.kind in WATCH_KINDS}
        replies = {}
        for r in rows:
            for ref in (f"reply:{r.message_id}#{r.id}", f"reply:{r.message_id}"):
                if ref in by_ref:
                    replies[r.id] = by_ref.pop(ref)
                    break
            else:
                if r.state == LetterState.UNKNOWN_SENDER:
                    ref = next((ref for ref in by_ref if ref.startswith(f"unknown:{r.from_addr}:")), None)
                    if ref is not None:
                        replies[r.id] = by_ref.pop(ref)
        return rows, replies

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
        self.log("send_failed", f"ответы не отправлены ({error}); повторю через {_seconds(delay)}",
                 error=error)

    def _log_letters(self, letters, replies) -> None:
        from sqlalchemy import select

        from .store import Outgoing
        from .letter_state import LetterState

        states = {}
        if replies:
            o = Outgoing.__table__
            with self.store.session() as s:
                states = dict(s.execute(select(o.c.id, o.c.state).where(o.c.id.in_(list(replies.values())))).all())
        for r in letters:
            self.stats.letters += 1
            reply_state = states.get(replies.get(r.id))
            who = f"{r.from_addr or '?'}" + (f" ({r.nick})" if r.nick else "")
            text = f"письмо {r.id} от {who}: {LetterState(r.state).ru}"
            text += "; " + (_REPLY_STATES_RU.get(reply_state, reply_state) if reply_state else "без ответа")
            self.log("letter", text, letter=r.id, message_id=r.message_id, sender=r.from_addr,
                     nick=r.nick, state=r.state, day=r.day, reply=reply_state)

    # --- deadline and reminders

    def _timers(self) -> None:
        from .store import utc
        from .day import current_context

        with self.store.session() as s:
            ctx = current_context(s)
            if ctx is None:
                return
            day, deadline = ctx.day, utc(ctx.row.deadline)
        now = self.clock()
        if now >= deadline and day not in self._deadline_logged:
            self._deadline_passed(day, deadline)
        before = self.cfg.watch.remind_before
        if (before is not None and day not in self._reminded and now < deadline
                and now.timestamp() >= deadline.timestamp() - before):
            self._remind(day)

    def _deadline_passed(self, day: int, deadline: datetime) -> None:
        from .outbox import queue
        from .runlock import AlreadyRunning, exclusive

        self._deadline_logged.add(day)
        self.stats.deadline_notices.append(day)
        self.log("deadline", f"срок дня {day} прошёл: пора close-day", day=day,
                 deadline=deadline.isoformat())
        notify = self.cfg.watch.notify
        if not notify:
            return
        local = deadline.astimezone(self.cfg.zone)
        try:
            with exclusive(self.cfg.path, "sync", self.cfg.database_url, wait=None, give_up=self.stop.is_set):
                with self.store.session() as s:
                    row = queue(s, self.cfg, ref=f"deadline:{day}", kind="host_notice", day=day,
                                to_addr=notify, subject=f"{self.cfg.name}: срок дня {day} прошёл",
                                body=(f"Срок дня {day} прошёл ({local:%d.%m.%Y %H:%M}, "
                                      f"{self.cfg.timezone}).\n\nПора подвести итоги: "
                                      "mafia-mail close-day, затем preview и send.\n"),
                                now=self.clock())
                    row_id, state = row.id, row.state
        except AlreadyRunning:
            return
        if state == "queued":
            self._send_once([row_id], kinds=("host_notice",))

    def _remind(self, day: int) -> None:
        from sqlalchemy import select

        from .runlock import AlreadyRunning, exclusive
        from .store import Outgoing
        from .day import GameError, remind

        self._reminded.add(day)
        o = Outgoing.__table__
        try:
            with exclusive(self.cfg.path, "sync", self.cfg.database_url, wait=None, give_up=self.stop.is_set):
                with self.store.session() as s:
                    done = s.execute(select(o.c.id).where(o.c.ref.like(f"remind:{day}:%"))).first()
                if done is not None:
                    return  # this day's reminders were already queued (by an earlier run or the host)
                nicks = remind(self.cfg, self.store, now=self.clock())
                refs = [f"remind:{day}:{nick}" for nick in nicks]
                with self.store.session() as s:
                    ids = list(s.execute(select(o.c.id).where(o.c.ref.in_(refs))).scalars())
        except (AlreadyRunning, GameError):
            return
        self.stats.reminded_days.append(day)
        self.log("remind", f"напоминания дня {day}: " + (", ".join(nicks) if nicks else "никому"),
                 day=day, nicks=nicks)
        if ids:
            self._send_once(ids, kinds=("reminder",))

    def _send_once(self, ids: list[int], kinds: tuple[str, ...]) -> None:
        """Send the rows ``ids`` now (a failure leaves them queued for the host's ``send``)."""
        from .outbox import send_all
        from .send import SendError

        try:
            report = send_all(self.cfg, self.store, now=self.clock(), kinds=kinds, ids=ids, wait=None)
        except SendError as exc:
            self.log("send_failed", f"письма не отправлены ({exc}): остались в очереди", error=str(exc))
            return
        if report.failed:
            self.log("send_failed", f"письма не отправлены ({'; '.join(report.errors or [])}): "
                     "остались в очереди (mafia-mail send)", error="; ".join(report.errors or []))


def _is_setting_error(exc: Exception) -> bool:
    """True for a MailboxError no reconnecting can cure (wrong login, folder, TLS setting)."""
    text = str(exc)
    return any(word in text for word in ("не принял логин", "не найдена", "не похожа на Maildir",
                                         "Неизвестный режим", "не найден:", "без шифрования"))


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
