"""The game calendar: local times, day windows, deadlines (DECISIONS.md §2, §8).

All results are aware UTC datetimes. Day arithmetic is done on the local wall clock of the
game's time zone (``zoneinfo``), so a day ends at the same local clock time as it started even
across a DST change. Pure: no clock is read.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S")
_SATURDAY = 5
_MAX_DAYS = 100_000


def zone(tz: str) -> ZoneInfo:
    """The :class:`ZoneInfo` of ``tz``.

    Raises:
        ValueError: unknown time zone (Russian message).
    """
    try:
        return ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(f"неизвестный часовой пояс «{tz}»") from exc


def parse_local(text: str, tz: str) -> datetime:
    """Parse ``"YYYY-MM-DD HH:MM"`` (seconds and a ``T`` separator also accepted) as local time
    in ``tz`` and return it as an aware UTC datetime.

    Raises:
        ValueError: the text is not such a time, or ``tz`` is unknown (Russian message).
    """
    raw = str(text).strip()
    for fmt in _FORMATS:
        try:
            naive = datetime.strptime(raw, fmt)
        except ValueError:
            continue
        return naive.replace(tzinfo=zone(tz)).astimezone(timezone.utc)
    raise ValueError(f"время «{raw}» не в формате «ГГГГ-ММ-ДД ЧЧ:ММ»")


def format_local(at: datetime, tz: str) -> str:
    """``at`` (aware) as local ``"YYYY-MM-DD HH:MM"`` in ``tz``."""
    return at.astimezone(zone(tz)).strftime("%Y-%m-%d %H:%M")


def _next_end(local_start: datetime, weekend_merge: bool) -> datetime:
    """End (naive local wall time) of the day starting at naive local ``local_start``."""
    end = local_start + timedelta(days=1)
    if weekend_merge and end.weekday() == _SATURDAY:
        end += timedelta(days=1)
    return end


def _to_utc(naive_local: datetime, tz: str) -> datetime:
    return naive_local.replace(tzinfo=zone(tz)).astimezone(timezone.utc)


def day_window(start: datetime, tz: str, day: int, weekend_merge: bool) -> tuple[datetime, datetime]:
    """The aware UTC ``(start, end)`` of game day ``day`` (1-based).

    ``start`` is the aware start of day 1. Each day ends at the same local clock time the next
    calendar day; with ``weekend_merge`` (house rule, DECISIONS.md §2) a day whose end would
    fall on a Saturday ends on Sunday instead, and later days follow from there.

    Raises:
        ValueError: ``day < 1`` or unknown ``tz``.
    """
    if day < 1:
        raise ValueError("номер дня должен быть не меньше 1")
    local = start.astimezone(zone(tz)).replace(tzinfo=None)
    for _ in range(day - 1):
        local = _next_end(local, weekend_merge)
    return _to_utc(local, tz), _to_utc(_next_end(local, weekend_merge), tz)


def deadline_ahead(start: datetime, tz: str, day: int, weekend_merge: bool,
                   after: datetime) -> datetime:
    """The deadline of game day ``day`` opened at ``after`` (aware): the day's calendar end, or,
    when that is already past (a day closed late), the first later calendar end still ahead of
    ``after`` (DECISIONS.md §2: a deadline is never the moment of closing nor in the past).

    Returns an aware UTC datetime strictly later than ``after``.

    Raises:
        ValueError: ``day < 1`` or unknown ``tz``.
    """
    end = day_window(start, tz, day, weekend_merge)[1]
    local = end.astimezone(zone(tz)).replace(tzinfo=None)
    for _ in range(_MAX_DAYS):
        if end > after:
            return end
        local = _next_end(local, weekend_merge)
        end = _to_utc(local, tz)
    raise ValueError("время слишком далеко от начала игры")


def day_of(at: datetime, start: datetime, tz: str, weekend_merge: bool) -> int:
    """The game day whose window holds ``at`` (aware); times before the start give 1."""
    if at < start:
        return 1
    local = start.astimezone(zone(tz)).replace(tzinfo=None)
    for day in range(1, _MAX_DAYS):
        local = _next_end(local, weekend_merge)
        if at < _to_utc(local, tz):
            return day
    raise ValueError("время слишком далеко от начала игры")


def on_time(received: datetime, deadline: datetime) -> bool:
    """True if ``received`` is no later than the deadline minute (DECISIONS.md §8): with a
    23:00 deadline 23:00:59 is on time and 23:01:00 is late. Both aware."""
    minute = deadline.replace(second=0, microsecond=0)
    return received < minute + timedelta(minutes=1)
