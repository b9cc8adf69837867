"""Which game day a received letter belongs to, by the server's receipt time (DECISIONS.md §2, §8)."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.calendar import on_time

from .store import utc

__all__ = ["stamp", "letters_closed_at", "closed_early_before"]


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
        if received < letters_closed_at(prev):
            if on_time(received, utc(prev.deadline)):
                return _first_open_then(received, prev, earlier), None
            if not on_time(received, utc(row.deadline)):
                return row, None
            return None, prev
    if not on_time(received, utc(row.deadline)):
        return row, None
    return None, None


def letters_closed_at(day) -> datetime:
    """When the closed day ``day`` stopped taking letters (aware UTC): its latest close — a
    day reopened (``reopen-day``) took letters again until it was closed again — else its
    first close, else its deadline's next minute when neither is stored."""
    at = day.last_closed_at or day.closed_at
    return utc(at) if at is not None else utc(day.deadline) + timedelta(minutes=1)


def closed_early_before(received: datetime, prev) -> object:
    """``prev`` (the day before the open one) when the host closed it early (``close-day
    --early``, before its deadline) and a letter received at ``received`` came after that
    close but on time for ``prev``'s deadline: such a letter counts for the open day, and its
    reply says that the host closed ``prev`` early. None otherwise."""
    if prev is None or prev.status != "closed":
        return None
    if received >= letters_closed_at(prev) and on_time(received, utc(prev.deadline)):
        return prev
    return None


def _first_open_then(received: datetime, day, earlier) -> object:
    """The earliest closed day, from ``day`` back, that was open at ``received`` and whose
    deadline the letter met (``day`` itself when no earlier one was)."""
    while earlier is not None and day.day > 1:
        before = earlier(day.day - 1)
        if before is None or before.status != "closed" or received >= letters_closed_at(before) or \
                not on_time(received, utc(before.deadline)):
            break
        day = before
    return day
