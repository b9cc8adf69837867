"""Times the host types: «вторник 23:00», «завтра в 19 часов», «05.03.2027 19:30».

One reading for every command that takes a time (``deadline``; ``parse --at`` takes the same
phrases). A phrase is read as a Russian host means it:

- a date written with dots is always day first (``05.03.2027`` is 5 March); ISO dates
  (``2026-12-08``) are year first; without a year («10.12 21:00») it is the year that puts the
  moment nearest to now (in December «05.01» is next January);
- a weekday («вторник», «во вт», «monday») is the nearest such day whose time is still ahead,
  today included: «вторник 23:00» typed on Tuesday at 10:00 is today;
- the time of day is ``ЧЧ:ММ``, ``ЧЧ.ММ``, «в 19», «в 19 часов», «19 ч», «в 7 вечера», «в полдень»
  (12:00) or «в полночь» (23:59 of the day named: «завтра в полночь» ends tomorrow);
- a phrase with no clear time of day («завтра», «в пятницу») is refused, never guessed.

Date words dateparser knows better than we do («5 декабря», «через 2 дня») go to it for the
date only; the time of day is always ours, so it cannot turn «в 19 часов» into «in 19 hours».
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

WEEKDAYS_SHORT_RU = ("пн", "вт", "ср", "чт", "пт", "сб", "вс")

_WEEKDAYS = {
    0: ("понедельник", "пн", "monday", "mon"),
    1: ("вторник", "вт", "tuesday", "tue"),
    2: ("среда", "среду", "ср", "wednesday", "wed"),
    3: ("четверг", "чт", "thursday", "thu"),
    4: ("пятница", "пятницу", "пт", "friday", "fri"),
    5: ("суббота", "субботу", "сб", "saturday", "sat"),
    6: ("воскресенье", "вс", "sunday", "sun"),
}
_WEEKDAY_OF = {w: d for d, words in _WEEKDAYS.items() for w in words}
_DAY_WORDS = {"вчера": -1, "yesterday": -1, "сегодня": 0, "today": 0, "завтра": 1, "tomorrow": 1, "послезавтра": 2}
_FILLERS = {"в", "во", "к", "на", "до", "at", "on", "by", "г", "г.", "года", "год"}
_PART_OF_DAY = {"утра": "am", "ночи": "night", "дня": "pm", "вечера": "pm"}

EXAMPLE = "пример: «завтра 23:00», «вт 19:30», «05.03.2027 19:30»"

_DATE_DMY = re.compile(r"(?<!\d)(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})(?!\d)")
_DATE_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_TIME_HM = re.compile(r"(?<![\d.:])(\d{1,2})[:.](\d{2})(?![\d.:])")
_TIME_ISO_T = re.compile(r"(?<=\d)t(?=\d)")
_TIME_HOURS = re.compile(
    r"(?:(?<![\w])(?:в|во|к|at)\s+)?(?<![\d.:])(\d{1,2})(?:\s*(?:час(?:а|ов)?|ч\.?)(?!\w))?"
    r"(?:\s+(утра|дня|вечера|ночи))?(?![\d.:\w])")


class WhenError(ValueError):
    """A phrase that is not a clear moment; the message is Russian and gives an example."""


def read_when(phrase: str, *, now: datetime, zone: ZoneInfo) -> datetime:
    """The moment ``phrase`` names, read in ``zone`` relative to ``now``.

    Args:
        phrase: what the host typed (Russian or English, see the module docstring).
        now: the current moment (aware).
        zone: the game's time zone; the phrase is local time there.

    Returns:
        An aware datetime in ``zone``.

    Raises:
        WhenError: the phrase is not a date and a time of day (Russian message with an
            example), or names a date that does not exist.
    """
    local_now = now.astimezone(zone)
    text = " ".join(phrase.lower().replace("ё", "е").replace(",", " ").split())
    text = _TIME_ISO_T.sub(" ", text)
    day, text = _take_date(text)
    day_month = None
    if day is None:
        day_month, text = _take_day_month(text)
    clock, text = _take_time(text, have_date=day is not None or day_month is not None)
    if clock is None:
        raise WhenError(f"не понял срок «{phrase}»: в нём нет времени суток; {EXAMPLE}")
    words = [w for w in text.split() if w not in _FILLERS]
    if day_month is not None:
        if words:
            raise WhenError(f"не понял «{' '.join(words)}» в «{phrase}»; {EXAMPLE}")
        day = _next_day_month(day_month, clock, local_now, zone, phrase)
    elif day is None:
        day = _read_day_words(words, phrase, local_now, clock, zone)
    elif words:
        raise WhenError(f"не понял «{' '.join(words)}» в «{phrase}»; {EXAMPLE}")
    return _at(day, clock, zone)


#: The zones of Russia: their times are told from Moscow's, as Russians say them («МСК+2»).
RUSSIAN_ZONES = frozenset({
    "Europe/Moscow", "Europe/Kaliningrad", "Europe/Samara", "Europe/Volgograd", "Europe/Saratov",
    "Europe/Ulyanovsk", "Europe/Astrakhan", "Europe/Kirov", "Europe/Simferopol", "W-SU",
    "Asia/Yekaterinburg", "Asia/Omsk", "Asia/Novosibirsk", "Asia/Barnaul", "Asia/Tomsk",
    "Asia/Novokuznetsk", "Asia/Krasnoyarsk", "Asia/Irkutsk", "Asia/Chita", "Asia/Yakutsk",
    "Asia/Khandyga", "Asia/Vladivostok", "Asia/Ust-Nera", "Asia/Sakhalin", "Asia/Magadan",
    "Asia/Srednekolymsk", "Asia/Kamchatka", "Asia/Anadyr"})


def zone_label(moment: datetime, zone: ZoneInfo) -> str:
    """How a player reads the zone of ``moment`` (aware): «МСК», «МСК+2», «МСК−1» in the zones of
    Russia (the offset from Moscow's at that moment), else «UTC+1», «UTC−3:30», «UTC»."""
    offset = moment.astimezone(zone).utcoffset() or timedelta(0)
    if zone.key in RUSSIAN_ZONES:
        offset -= moment.astimezone(ZoneInfo("Europe/Moscow")).utcoffset() or timedelta(0)
        base = "МСК"
    else:
        base = "UTC"
    minutes = int(offset.total_seconds()) // 60
    if minutes == 0:
        return base
    sign, minutes = ("+" if minutes > 0 else "−"), abs(minutes)
    return f"{base}{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")


def local_text(moment: datetime | None, zone: ZoneInfo) -> str:
    """«08.12.2026 19:00 (МСК)»: an aware moment in the game's zone, as letters, the newspaper
    and the host's reports state it (the zone as :func:`zone_label` names it); «—» for None."""
    if moment is None:
        return "—"
    return f"{moment.astimezone(zone):%d.%m.%Y %H:%M} ({zone_label(moment, zone)})"


def format_when(moment: datetime, zone: ZoneInfo) -> str:
    """«вт 08.12.2026 19:00 (МСК)»: a moment as the host reads it back."""
    return f"{WEEKDAYS_SHORT_RU[moment.astimezone(zone).weekday()]} {local_text(moment, zone)}"


def _at(day: date, clock: time, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, clock).replace(tzinfo=zone)


def _take_date(text: str) -> tuple[date | None, str]:
    """An explicit numeric date (day first with dots, or ISO), removed from ``text``."""
    for rx, order in ((_DATE_ISO, "ymd"), (_DATE_DMY, "dmy")):
        m = rx.search(text)
        if m is None:
            continue
        a, b, c = (int(g) for g in m.groups())
        y, mo, d = (a, b, c) if order == "ymd" else (c if c >= 100 else 2000 + c, b, a)
        try:
            found = date(y, mo, d)
        except ValueError:
            raise WhenError(f"даты {m.group(0)} не бывает; {EXAMPLE}") from None
        return found, (text[:m.start()] + " " + text[m.end():]).strip()
    return None, text


_DAY_MONTH = re.compile(r"(?<![\d.:])(\d{1,2})\.(\d{1,2})\.?(?![\d:]|\.\d)")


def _take_day_month(text: str) -> tuple[tuple[int, int] | None, str]:
    """A date written ``ДД.ММ`` with no year («10.12 21:00»), removed from ``text``: only when
    the rest still holds a time of day (alone, «19.30» is a time), and the numbers are a day
    and a month. ``((day, month) | None, text)``."""
    for m in _DAY_MONTH.finditer(text):
        d, mo = int(m.group(1)), int(m.group(2))
        if not (1 <= d <= 31 and 1 <= mo <= 12):
            continue
        rest = (text[:m.start()] + " " + text[m.end():]).strip()
        if _take_time(rest, have_date=True)[0] is not None:
            return (d, mo), rest
    return None, text


def _next_day_month(day_month: tuple[int, int], clock: time, local_now: datetime, zone: ZoneInfo,
                    phrase: str) -> date:
    """The date of ``ДД.ММ`` in the year that puts its moment at ``clock`` nearest to
    ``local_now`` («05.01 19:00» typed in December is January's, «09.12 11:00» typed on 9
    December at noon is today's, already past: the command that asked says so)."""
    d, mo = day_month
    days = []
    for year in (local_now.year - 1, local_now.year, local_now.year + 1):
        try:
            days.append(date(year, mo, d))
        except ValueError:
            continue  # 29.02 of a year that has none
    if not days:
        raise WhenError(f"даты {d:02d}.{mo:02d} не бывает; {EXAMPLE}")
    return min(days, key=lambda day: abs(_at(day, clock, zone) - local_now))


#: «в полночь» ends the named day (23:59: the day's deadline minute still counts, DECISIONS.md
#: §8; midnight as 00:00 would fall on the next date), «в полдень» is 12:00.
_NAMED_TIMES = {"полночь": time(23, 59), "midnight": time(23, 59), "полдень": time(12, 0), "noon": time(12, 0)}


def _take_time(text: str, *, have_date: bool) -> tuple[time | None, str]:
    """The time of day, removed from ``text``."""
    for word, clock in _NAMED_TIMES.items():
        if m := re.search(rf"(?<!\w){word}(?!\w)", text):
            return clock, (text[:m.start()] + " " + text[m.end():]).strip()
    m = _TIME_HM.search(text)
    if m is not None:
        h, mi = int(m.group(1)), int(m.group(2))
        if h > 23 or mi > 59:
            raise WhenError(f"времени {m.group(0)} не бывает; {EXAMPLE}")
        tail = text[m.end():].split()
        part = tail.pop(0) if tail and tail[0] in _PART_OF_DAY else None
        return time(_shift(h, part), mi), (text[:m.start()] + " " + " ".join(tail)).strip()
    for m in _TIME_HOURS.finditer(text):
        h, part = int(m.group(1)), m.group(2)
        marked = m.group(0).strip()
        # a bare number is a time of day only with «в …», «… часов» or «… вечера»
        if marked == m.group(1):
            continue
        if h > 23:
            raise WhenError(f"времени «{marked}» не бывает; {EXAMPLE}")
        return time(_shift(h, part), 0), (text[:m.start()] + " " + text[m.end():]).strip()
    return None, text


def _shift(hour: int, part: str | None) -> int:
    """«7 вечера» is 19:00, «12 ночи» is 0:00, «7 утра» is 7:00."""
    kind = _PART_OF_DAY.get(part or "")
    if kind == "pm" and hour < 12:
        return hour + 12
    if kind == "night" and hour == 12:
        return 0
    return hour


def _read_day_words(words: list[str], phrase: str, local_now: datetime, clock: time,
                    zone: ZoneInfo) -> date:
    """The date of the remaining words: nothing, a day word, a weekday, or a dateparser date."""
    today = local_now.date()
    if not words:
        day = today
        return day if _at(day, clock, zone) > local_now else day + timedelta(days=1)
    if len(words) == 1 and words[0] in _DAY_WORDS:
        return today + timedelta(days=_DAY_WORDS[words[0]])
    if len(words) == 1 and words[0].rstrip(".") in _WEEKDAY_OF:
        want = _WEEKDAY_OF[words[0].rstrip(".")]
        ahead = (want - today.weekday()) % 7
        day = today + timedelta(days=ahead)
        if _at(day, clock, zone) <= local_now:
            day += timedelta(days=7)
        return day
    import dateparser

    found = dateparser.parse(
        " ".join(words), languages=["ru", "en"],
        settings={"DATE_ORDER": "DMY", "PREFER_DATES_FROM": "future",
                  "RELATIVE_BASE": local_now.replace(tzinfo=None),
                  "REQUIRE_PARTS": ["day", "month"]})
    if found is None:
        raise WhenError(f"не понял дату в «{phrase}»; {EXAMPLE}")
    return found.date()


def clock_offset(now: datetime) -> timedelta:
    """The host's clock ``now`` (aware) minus the machine's, zero within a minute (the real
    clock). Non-zero while rehearsing on ``MAFIA_MAIL_NOW``: a file's modification time,
    which the machine's clock set (a letter dropped into a Maildir, a saved thread page), is
    moved by it onto the host's clock."""
    from datetime import timezone

    offset = now - datetime.now(timezone.utc)
    return offset if abs(offset) >= timedelta(minutes=1) else timedelta(0)


def clock_line(now: datetime, deadline: datetime | None, zone: ZoneInfo) -> str:
    """The host's clock against the open day's deadline, for ``status``: «Сейчас 08.12.2026
    19:00 (МСК), до срока 30 мин», «…, срок прошёл 1 д 2 ч назад» or «…, срок наступил»
    (days, hours, minutes: a time left rounded up to the minute, a time past rounded down;
    abbreviations, which need no plural). ``now`` and ``deadline``: aware datetimes
    (``deadline`` None: the clock alone). A rehearsal clock (``MAFIA_MAIL_NOW``) shows here,
    so the host sees which time the commands use."""
    text = f"Сейчас {local_text(now, zone)}"
    if deadline is None:
        return text
    seconds = (deadline - now).total_seconds()
    left = -int(-seconds // 60) if seconds > 0 else int(-seconds // 60)
    if not left:
        return f"{text}, срок наступил"
    days, rest = divmod(left, 24 * 60)
    span = " ".join(f"{n} {unit}" for n, unit in ((days, "д"), (rest // 60, "ч"), (rest % 60, "мин")) if n)
    return f"{text}, до срока {span}" if seconds > 0 else f"{text}, срок прошёл {span} назад"
