"""Which game day a received letter belongs to, by the server's receipt time (DECISIONS.md §2, §8)."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.calendar import on_time

from .store import utc

__all__ = ["stamp"]


def stamp(received: datetime, prev, row) -> tuple:
    """Which day a letter received at ``received`` (aware, the server's receipt time) belongs
    to, given the open day ``row`` and the day before it ``prev`` (DayRow or None).

    Returns ``(late_for, came_after)``:
    - ``late_for = prev``: received while ``prev`` was still open and on time for it, but read
      only after ``prev`` was closed (``after_close``: it cannot change a closed day);
    - ``late_for = row``: received after the open day's deadline (DECISIONS.md §8: 19:31:00
      is after a 19:30 deadline): it belongs to the next day, which is not open yet;
    - otherwise the letter belongs to ``row``; ``came_after`` is ``prev`` when it was received
      after ``prev``'s deadline but before ``prev`` was closed (a late close): its reply says
      so. A letter received after ``prev`` was closed (even closed early, before its
      deadline) is simply a letter of ``row`` (DECISIONS.md §2).
    """
    if prev is not None and prev.status == "closed":
        closed = utc(prev.closed_at) if prev.closed_at is not None else \
            utc(prev.deadline) + timedelta(minutes=1)
        if received < closed:
            if on_time(received, utc(prev.deadline)):
                return prev, None
            if not on_time(received, utc(row.deadline)):
                return row, None
            return None, prev
    if not on_time(received, utc(row.deadline)):
        return row, None
    return None, None
