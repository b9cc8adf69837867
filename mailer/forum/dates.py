"""Times as Russian forums print them, read in the forum's zone (FORUM.md «Day of a post»).

Absolute: «07.12.2026, 20:15», «07 дек 2026, 20:15», «Пн дек 07, 2026 20:15», «07 Декабря
2026, 20:15:33», «Декабрь 07, 2026, 08:15:33 pm», «2026-12-07 20:15», ISO 8601 with a zone.
Relative, against the time the page was fetched: «Сегодня, 14:05», «Вчера в 23:10»,
«5 минут назад», «час назад», «только что». A phrase none of these fit goes to dateparser
(Russian and English). Results are aware UTC datetimes.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo

UTC = timezone.utc

_MONTHS = {
    "янв": 1, "фев": 2, "мар": 3, "апр": 4, "мая": 5, "май": 5, "июн": 6, "июл": 7, "авг": 8,
    "сен": 9, "окт": 10, "ноя": 11, "дек": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "oct": 10, "nov": 11, "dec": 12,
}
_UNITS = {"сек": 1, "мин": 60, "час": 3600, "дн": 86400, "ден": 86400, "день": 86400,
          "нед": 7 * 86400, "sec": 1, "min": 60, "hour": 3600, "day": 86400, "week": 7 * 86400}
_TIME = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?", re.IGNORECASE)
_AGO = re.compile(r"(\d+)?\s*([a-zа-яё]+)\s+(?:назад|ago)", re.IGNORECASE)
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$")
_TOKENS = re.compile(r"\d+|[a-zа-яё]+", re.IGNORECASE)
#: words a line that is only a time may hold besides numbers and month names
_DATE_WORDS = frozenset(
    "пн вт ср чт пт сб вс пон втр сре чет пят суб вос понедельник вторник среда среду четверг "
    "пятница пятницу суббота субботу воскресенье в г года год сегодня вчера назад только что "
    "минуту минуты минут минута час часа часов секунд секунды день дня дней am pm a p m t z "
    "опубликовано написано отправлено добавлено от mon tue wed thu fri sat sun today yesterday "
    "ago just now at".split())


def _local(naive: datetime, zone: ZoneInfo) -> datetime:
    return naive.replace(tzinfo=zone).astimezone(UTC)


def parse_forum_time(text: str, tz: str, fetched: datetime) -> datetime | None:
    """The aware UTC time of a forum's time phrase ``text``, printed in zone ``tz``.

    Args:
        fetched: aware time the page was fetched (relative phrases count from it).
    Returns:
        None when ``text`` holds no time.
    """
    fetched = fetched.astimezone(UTC)
    if _is_relative(text):
        return _parse(" ".join(text.split()), tz, fetched.replace(second=0, microsecond=0), None)
    # an absolute time may omit the year («8 декабря, 20:15»): the fetch date decides it
    return _parse(" ".join(text.split()), tz, None, fetched.astimezone(ZoneInfo(tz)).date())


def is_time_line(text: str, tz: str, fetched: datetime) -> datetime | None:
    """The time of a line that holds nothing but a forum time (a text paste's date line), or
    None: every word must be a month, weekday or time word."""
    low = text.lower().replace("ё", "е")
    if not any(c.isdigit() for c in low) and "только что" not in low:
        return None
    if len(low) > 60:
        return None
    for tok in _TOKENS.findall(low):
        if not (tok.isdigit() or tok[:3] in _MONTHS or tok in _DATE_WORDS
                or any(tok.startswith(u) for u in _UNITS)):
            return None
    return parse_forum_time(text, tz, fetched)


def _is_relative(text: str) -> bool:
    low = text.lower()
    return any(w in low for w in ("сегодня", "вчера", "назад", "только что", "today", "yesterday",
                                  "ago", "just now"))


@lru_cache(maxsize=8192)
def _parse(text: str, tz: str, fetched: datetime | None, today=None) -> datetime | None:
    zone = ZoneInfo(tz)
    low = text.lower().replace("ё", "е")
    if _ISO.match(text.strip()):
        value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
        return value.astimezone(UTC) if value.tzinfo else _local(value, zone)
    if fetched is not None:
        now_local = fetched.astimezone(zone)
        if "только что" in low or "just now" in low:
            return fetched
        m = _AGO.search(low)
        if m:
            unit = next((s for k, s in _UNITS.items() if m.group(2).startswith(k)), None)
            if unit is not None:
                return fetched - timedelta(seconds=unit * int(m.group(1) or 1))
        t = _TIME.search(low)
        if t:
            hour, minute = _hour(t), int(t.group(2))
            back = 1 if ("вчера" in low or "yesterday" in low) else 0
            date = (now_local - timedelta(days=back)).date()
            return _local(datetime(date.year, date.month, date.day, hour, minute,
                                   int(t.group(3) or 0)), zone)
    return _absolute(low, zone, today)


def _hour(t: re.Match) -> int:
    hour = int(t.group(1))
    ampm = (t.group(4) or "").replace(".", "").lower()
    if ampm == "pm" and hour < 12:
        hour += 12
    elif ampm == "am" and hour == 12:
        hour = 0
    return hour


def _absolute(low: str, zone: ZoneInfo, today=None) -> datetime | None:
    t = _TIME.search(low)
    if t is None:
        return _fallback(low, zone)
    rest = low[:t.start()] + " " + low[t.end():]
    tokens = _TOKENS.findall(rest)
    numbers = [tok for tok in tokens if tok.isdigit()]
    month = year = day = None
    for k, tok in enumerate(tokens):
        # a month word followed (within two tokens) by a year: «07 дек 2026», «Декабрь 07, 2026»
        if tok.isdigit() or tok[:3] not in _MONTHS:
            continue
        after = [t for t in tokens[k + 1:k + 3] if t.isdigit()]
        if not any(len(t) == 4 for t in after):
            continue
        before = tokens[k - 1] if k > 0 and tokens[k - 1].isdigit() and len(tokens[k - 1]) <= 2 else None
        day_text = before or next((t for t in after if len(t) <= 2), None)
        if day_text is None:
            continue
        month, day, year = _MONTHS[tok[:3]], int(day_text), int(next(t for t in after if len(t) == 4))
        break
    if month is None and today is not None:
        month, day = _without_year(tokens, numbers)
        if month is not None:
            year = today.year - (1 if (month, day) > (today.month, today.day + 1) else 0)
    try:
        if month is not None:
            pass
        elif len(numbers) >= 3:
            a, b, c = numbers[:3]
            if len(a) == 4:
                year, month, day = int(a), int(b), int(c)
            else:
                day, month, year = int(a), int(b), int(c)
                year += 2000 if year < 100 else 0
        else:
            return _fallback(low, zone)
        return _local(datetime(year, month, day, _hour(t), int(t.group(2)), int(t.group(3) or 0)), zone)
    except ValueError:
        return _fallback(low, zone)


def _without_year(tokens: list[str], numbers: list[str]) -> tuple[int | None, int | None]:
    """(month, day) of «8 декабря» / «08.12» without a year, or (None, None)."""
    for k, tok in enumerate(tokens):
        if tok.isdigit() or tok[:3] not in _MONTHS:
            continue
        near = [t for t in (tokens[k - 1] if k else "", tokens[k + 1] if k + 1 < len(tokens) else "")
                if t.isdigit() and len(t) <= 2]
        if near:
            return _MONTHS[tok[:3]], int(near[0])
    if len(numbers) == 2 and all(len(n) <= 2 for n in numbers) and not any(
            t[:3] in _MONTHS for t in tokens if not t.isdigit()):
        return int(numbers[1]), int(numbers[0])
    return None, None


def _fallback(low: str, zone: ZoneInfo) -> datetime | None:
    import dateparser

    value = dateparser.parse(low, languages=["ru", "en"],
                             settings={"TIMEZONE": zone.key, "RETURN_AS_TIMEZONE_AWARE": True,
                                       "DATE_ORDER": "DMY"})
    return value.astimezone(UTC) if value else None
