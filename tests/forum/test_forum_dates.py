"""Russian forum times (FORUM.md «Day of a post»): absolute, without a year, relative to the
fetch time, in the forum's zone."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from mailer.forum.dates import is_time_line, parse_forum_time

FETCHED = datetime(2026, 12, 8, 12, 0, 37, tzinfo=timezone.utc)  # 15:00 in Moscow


def utc(d, h, m, s=0, year=2026, month=12):
    return datetime(year, month, d, h, m, s, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, expected", [
    ("07.12.2026, 20:15", utc(7, 17, 15)),
    ("07 дек 2026, 20:15", utc(7, 17, 15)),
    ("Пн дек 07, 2026 20:15", utc(7, 17, 15)),
    ("07 Декабря 2026, 20:15:33", utc(7, 17, 15, 33)),
    ("Декабрь 07, 2026, 08:15:33 pm", utc(7, 17, 15, 33)),
    ("Опубликовано 07 Декабрь 2026 - 20:15", utc(7, 17, 15)),
    ("« Ответ #1 от: 07 Декабря 2026, 20:15:00 »", utc(7, 17, 15)),
    ("Дата: Понедельник, 07.12.2026, 20:15 | Сообщение # 3", utc(7, 17, 15)),
    ("2026-12-07T17:15:00Z", utc(7, 17, 15)),
    ("2026-12-07T20:15:00+0300", utc(7, 17, 15)),
    ("8 декабря, 10:05", utc(8, 7, 5)),
    ("08.12, 10:05", utc(8, 7, 5)),
    ("30 декабря 20:15", utc(30, 17, 15, year=2025)),  # a December date after today: last year
    ("Сегодня, 14:05", utc(8, 11, 5)),
    ("Сегодня в 14:05:10", utc(8, 11, 5, 10)),
    ("Вчера в 23:10", utc(7, 20, 10)),
    ("5 минут назад", utc(8, 11, 55)),
    ("час назад", utc(8, 11, 0)),
    ("только что", utc(8, 12, 0)),
])
def test_times(text, expected):
    assert parse_forum_time(text, "Europe/Moscow", FETCHED) == expected


def test_zone_of_the_forum():
    assert parse_forum_time("07.12.2026, 20:15", "Asia/Yekaterinburg", FETCHED) == utc(7, 15, 15)


def test_time_lines_of_a_paste_are_only_times():
    assert is_time_line("Сегодня, 14:05", "Europe/Moscow", FETCHED) == utc(8, 11, 5)
    assert is_time_line("Голосую в 20:15 за Лиса", "Europe/Moscow", FETCHED) is None
    assert is_time_line("Ягуар", "Europe/Moscow", FETCHED) is None
