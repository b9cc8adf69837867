"""Which game day a received letter belongs to, by the server's receipt time (DECISIONS.md §2, §8)."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.calendar import on_time

from .store import utc

__all__ = ["stamp"]


def stamp(received: datetime, prev, row, earlier=None) -> tuple:
    """Which day a letter received at ``received`` (aware, the server's receipt time) belongs
    to, given the open day ``row`` and the day before it ``prev`` (DayRow or None).

    Returns ``(late_for, came_after)``:
    - ``late_for = prev``: received while ``prev`` was still open and on time for it, but read
      only after ``prev`` was closed (``after_close``: it cannot change a closed day); or an
      earlier closed day when the letter was received while that one was open and on time for
      it (a letter of day 1 read again after days 1 and 2 were closed is day 1's):
      ``earlier(n)`` gives day ``n``'s DayRow (None: not known);
    - ``late_for = row``: received after the open day's deadline (DECISIONS.md §8: 19:31:00
      is after a 19:30 deadline): it belongs to the next day, which is not open yet;
    - otherwise the letter belongs to ``row``; ``came_after`` is ``prev`` when it was received
      after ``prev``'s deadline but before ``prev`` was closed (a late close): its reply says
      so. A letter received after ``prev`` was closed (even closed early, before its
      deadline) is simply a letter of ``row`` (DECISIONS.md §2).
    """
    if prev is not None and prev.status == "closed":
        if received < _closed_at(prev):
            if on_time(received, utc(prev.deadline)):
                return _first_open_then(received, prev, earlier), None
            if not on_time(received, utc(row.deadline)):
                return row, None
            return None, prev
    if not on_time(received, utc(row.deadline)):
        return row, None
    return None, None


def _closed_at(day) -> datetime:
    """When the closed day ``day`` was closed (its deadline's next minute when not stored)."""
    return utc(day.closed_at) if day.closed_at is not None else \
        utc(day.deadline) + timedelta(minutes=1)


def _first_open_then(received: datetime, day, earlier) -> object:
    """The earliest closed day, from ``day`` back, that was open at ``received`` and whose
    deadline the letter met (``day`` itself when no earlier one was)."""
    while earlier is not None and day.day > 1:
        before = earlier(day.day - 1)
        if before is None or before.status != "closed" or received >= _closed_at(before) or \
                not on_time(received, utc(before.deadline)):
            break
        day = before
    return day
