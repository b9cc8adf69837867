"""The game calendar (DECISIONS.md §2, §8)."""

from datetime import datetime, timezone

import pytest

from engine.calendar import day_of, day_window, format_local, on_time, parse_local

MSK = "Europe/Moscow"
UTC = timezone.utc


def utc(*args):
    return datetime(*args, tzinfo=UTC)


def test_parse_local_moscow_is_utc_plus_3():
    assert parse_local("2026-12-07 19:30", MSK) == utc(2026, 12, 7, 16, 30)


def test_parse_local_accepts_seconds():
    assert parse_local("2026-12-07 19:30:59", MSK) == utc(2026, 12, 7, 16, 30, 59)


def test_parse_local_rejects_garbage_in_russian():
    with pytest.raises(ValueError, match="ГГГГ-ММ-ДД"):
        parse_local("7 декабря", MSK)


def test_parse_local_unknown_zone():
    with pytest.raises(ValueError, match="часовой пояс"):
        parse_local("2026-12-07 19:30", "Mars/Olympus")


def test_format_local_round_trip():
    assert format_local(parse_local("2026-12-07 19:30", MSK), MSK) == "2026-12-07 19:30"


def test_day_one_is_one_day_long():
    start = parse_local("2026-12-07 19:30", MSK)  # a Monday
    assert day_window(start, MSK, 1, True) == (start, parse_local("2026-12-08 19:30", MSK))


def test_weekend_merge_friday_day_ends_sunday():
    start = parse_local("2026-12-07 19:30", MSK)  # Monday
    # day 4 starts Thursday 19:30 and ends Friday; day 5 starts Friday and would end Saturday
    assert day_window(start, MSK, 5, True) == (
        parse_local("2026-12-11 19:30", MSK), parse_local("2026-12-13 19:30", MSK))
    assert day_window(start, MSK, 6, True)[0] == parse_local("2026-12-13 19:30", MSK)


def test_weekend_not_merged_by_house_rule():
    start = parse_local("2026-12-07 19:30", MSK)
    assert day_window(start, MSK, 5, False)[1] == parse_local("2026-12-12 19:30", MSK)


def test_day_window_keeps_local_clock_across_dst():
    start = parse_local("2027-03-26 19:30", "Europe/Berlin")  # Friday; DST starts 28 March
    begin, end = day_window(start, "Europe/Berlin", 1, True)  # Friday → Sunday (merged)
    assert format_local(end, "Europe/Berlin") == "2027-03-28 19:30"
    assert (end - begin).total_seconds() == 47 * 3600  # the clock jumped an hour forward
    assert format_local(day_window(start, "Europe/Berlin", 2, True)[1], "Europe/Berlin") == (
        "2027-03-29 19:30")


def test_day_window_rejects_day_zero():
    with pytest.raises(ValueError):
        day_window(utc(2026, 12, 7), MSK, 0, True)


def test_day_of():
    start = parse_local("2026-12-07 19:30", MSK)
    assert day_of(parse_local("2026-12-07 10:00", MSK), start, MSK, True) == 1
    assert day_of(parse_local("2026-12-08 19:29", MSK), start, MSK, True) == 1
    assert day_of(parse_local("2026-12-08 19:30", MSK), start, MSK, True) == 2
    assert day_of(parse_local("2026-12-12 23:00", MSK), start, MSK, True) == 5
    assert day_of(parse_local("2026-12-13 19:30", MSK), start, MSK, True) == 6


def test_on_time_is_inclusive_of_the_deadline_minute():
    deadline = utc(2026, 12, 8, 20, 0)
    assert on_time(utc(2026, 12, 8, 20, 0, 59), deadline)
    assert not on_time(utc(2026, 12, 8, 20, 1, 0), deadline)
    assert on_time(utc(2026, 12, 8, 19, 59), deadline)
