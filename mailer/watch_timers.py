"""The timers of ``watch``, read from the open day at every turn of its loop.

Once the day's deadline has passed: one log line «срок дня N прошёл: пора close-day» (once
per day and run) and, with ``[watch] notify``, one letter to the host (once per day, ever: it
is queued under the ref ``deadline:N``). With ``[watch] remind_before``, that long before the
deadline the day's reminders (:func:`mailer.day.remind`, at most one per player and day)
are queued and sent, once per day.
"""

from __future__ import annotations

import threading
from datetime import datetime
from typing import TYPE_CHECKING, Callable

from .out_state import OutState

if TYPE_CHECKING:
    from .config import GameConfig
    from .store import Store

__all__ = ["DayTimers"]


class DayTimers:
    """The deadline notice and the reminders of one ``watch`` run. ``log``: the watch's
    :class:`mailer.watch.Log`; ``clock``: () → aware now; ``stop``: the run's stop event (a
    busy lock is waited for until it is set); ``stats``: the run's WatchStats (the days
    announced and reminded are appended to it)."""

    def __init__(self, cfg: "GameConfig", store: "Store", *, log, clock: Callable[[], datetime],
                 stop: threading.Event, stats) -> None:
        self.cfg, self.store, self.log, self.clock, self.stop = cfg, store, log, clock, stop
        self.stats = stats
        self._deadline_logged: set[int] = set()
        self._reminded: set[int] = set()

    def tick(self) -> None:
        """Look at the open day: announce a passed deadline, queue the reminders when due."""
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
        body = self._deadline_notice(day, deadline)
        try:
            with exclusive(self.cfg.path, "sync", self.cfg.database_url, wait=None, give_up=self.stop.is_set):
                with self.store.session() as s:
                    row = queue(s, self.cfg, ref=f"deadline:{day}", kind="host_notice", day=day,
                                to_addr=notify, subject=self.cfg.subject(f"срок дня {day} прошёл"),
                                body=body,
                                now=self.clock())
                    row_id, state = row.id, row.state
        except AlreadyRunning:
            return
        if state == OutState.QUEUED:
            self._send_once([row_id], kinds=("host_notice",))

    def _deadline_notice(self, day: int, deadline: datetime) -> str:
        """The host's letter when day ``day``'s deadline (aware) passed: the time as every
        letter states it («(МСК)»), who has no move or no vote yet and the letters waiting for
        his decision (as ``status`` tells them), and what to run next."""
        from .day import GameError
        from .reports import status
        from .when import local_text

        lines = [f"Срок дня {day} прошёл: {local_text(deadline, self.cfg.zone)}."]
        try:
            report = status(self.cfg, self.store)
        except GameError:
            report = None
        if report is not None and report.day == day:
            lines.append(report.progress() + ".")
            if report.attention:
                lines.append(f"Писем, которые ждут вашего решения: {report.attention} (mafia-mail inbox).")
        lines.append("Пора подвести итоги: mafia-mail close-day, затем preview и send.")
        return "\n\n".join(lines) + "\n"

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
