"""Times the host types (issue 13 «Deadlines»): read as a Russian host means them."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from zoneinfo import ZoneInfo

from mailer.when import WhenError, format_when, read_when

MSK = ZoneInfo("Europe/Moscow")
TUESDAY_10 = datetime(2026, 12, 8, 10, 0, tzinfo=MSK)


@pytest.mark.parametrize("phrase, expected", [
    ("вторник 23:00", datetime(2026, 12, 8, 23, 0)),        # today, not next week
    ("во вт 19.30", datetime(2026, 12, 8, 19, 30)),
    ("завтра 21.30", datetime(2026, 12, 9, 21, 30)),       # the clock time typed, not now's
    ("05.03.2027 19:30", datetime(2027, 3, 5, 19, 30)),    # day first, always
    ("05.03.27 19:30", datetime(2027, 3, 5, 19, 30)),
    ("завтра в 19", datetime(2026, 12, 9, 19, 0)),
    ("завтра в 19 часов", datetime(2026, 12, 9, 19, 0)),   # not «in 19 hours»
    ("послезавтра 19 ч", datetime(2026, 12, 10, 19, 0)),
    ("в пятницу в 7 вечера", datetime(2026, 12, 11, 19, 0)),
    ("пн 19:30", datetime(2026, 12, 14, 19, 30)),
    ("вторник 9:00", datetime(2026, 12, 15, 9, 0)),        # today's 9:00 is past: next week
    ("23:00", datetime(2026, 12, 8, 23, 0)),
    ("9:00", datetime(2026, 12, 9, 9, 0)),
    ("2026-12-08 19:30", datetime(2026, 12, 8, 19, 30)),
    ("2026-12-08T19:30", datetime(2026, 12, 8, 19, 30)),
    ("10 декабря в 18", datetime(2026, 12, 10, 18, 0)),
    ("через 2 дня в 20:00", datetime(2026, 12, 10, 20, 0)),
    ("tomorrow 7:30", datetime(2026, 12, 9, 7, 30)),
    # «в полночь» ends the day named (its last minute, so it stays that date); «в полдень»
    ("послезавтра в полночь", datetime(2026, 12, 10, 23, 59)),
    ("в полночь", datetime(2026, 12, 8, 23, 59)),
    ("в пятницу в полдень", datetime(2026, 12, 11, 12, 0)),
    ("11.12.2026 в полночь", datetime(2026, 12, 11, 23, 59)),
    # a date without the year: the year that puts it nearest (a fresh host typed these)
    ("10.12 21:00", datetime(2026, 12, 10, 21, 0)),
    ("31.12 23:00", datetime(2026, 12, 31, 23, 0)),
    ("10.12 в 21", datetime(2026, 12, 10, 21, 0)),
    ("21:00 10.12", datetime(2026, 12, 10, 21, 0)),
    ("10.12 19.30", datetime(2026, 12, 10, 19, 30)),
    ("05.01 19:00", datetime(2027, 1, 5, 19, 0)),          # January after this December
    ("08.12 9:00", datetime(2026, 12, 8, 9, 0)),           # today's, already past: not next year's
    ("19.30", datetime(2026, 12, 8, 19, 30)),              # alone, a dotted pair is a time
])
def test_phrases_typed_on_tuesday_morning(phrase, expected):
    got = read_when(phrase, now=TUESDAY_10, zone=MSK)
    assert got.replace(tzinfo=None) == expected
    assert got.utcoffset() == MSK.utcoffset(expected)


@pytest.mark.parametrize("phrase, words", [
    ("завтра", "нет времени суток"),
    ("в пятницу", "нет времени суток"),
    ("когда рак на горе свистнет", "нет времени суток"),
    ("31.02.2027 10:00", "даты 31.02.2027 не бывает"),
    ("завтра 25:00", "не бывает"),
    ("30.02 10:00", "даты 30.02 не бывает"),
])
def test_unclear_phrases_are_refused_with_an_example(phrase, words):
    with pytest.raises(WhenError) as err:
        read_when(phrase, now=TUESDAY_10, zone=MSK)
    assert words in str(err.value) and "пример: «завтра 23:00»" in str(err.value)


def test_read_back_with_weekday_and_zone():
    moment = read_when("завтра в 19", now=TUESDAY_10, zone=MSK)
    assert format_when(moment, MSK) == "ср 09.12.2026 19:00 (МСК)"


def test_zone_told_as_players_say_it():
    """Letters name the zone as a player reads it: Moscow's «МСК», the other zones of Russia
    from Moscow's («МСК+2»), any other zone by its UTC offset at that moment (a trial: the
    English zone name was the only English in the letters)."""
    from mailer.when import local_text

    moment = datetime(2026, 12, 8, 16, 30, tzinfo=timezone.utc)
    told = {z: local_text(moment, ZoneInfo(z)) for z in
            ("Europe/Moscow", "Asia/Yekaterinburg", "Europe/Kaliningrad", "Europe/Berlin",
             "Asia/Kolkata", "UTC")}
    assert told == {"Europe/Moscow": "08.12.2026 19:30 (МСК)",
                    "Asia/Yekaterinburg": "08.12.2026 21:30 (МСК+2)",
                    "Europe/Kaliningrad": "08.12.2026 18:30 (МСК−1)",
                    "Europe/Berlin": "08.12.2026 17:30 (UTC+1)",
                    "Asia/Kolkata": "08.12.2026 22:00 (UTC+5:30)",
                    "UTC": "08.12.2026 16:30 (UTC)"}
    summer = datetime(2026, 7, 1, 12, 0, tzinfo=timezone.utc)  # Berlin's summer time
    assert local_text(summer, ZoneInfo("Europe/Berlin")) == "01.07.2026 14:00 (UTC+2)"
