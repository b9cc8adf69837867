"""Day spans of the thread when a day closes early, before the game's start too (FORUM.md
«Day of a post»): no command crashes, a day closed early ends at its close, a post belongs
to the day whose span holds its time, and close-day counts the day as it stands once closed."""

from __future__ import annotations

import json
import os
from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main
from mailer.day import close_day, set_deadline
from mailer.forum.service import import_files
from mailer.inputs import import_votes
from mailer.store import DayRow, loads

from .game import START, make_game

#: the host runs the game six days before its start (init and day 1 before 07.12 19:30)
EARLY = START - timedelta(days=6)


def _run(cfg, *args, now: str | None = None):
    """The CLI on ``cfg``; ``now``: the clock it reads (``MAFIA_MAIL_NOW``, ISO 8601 with zone)."""
    env = {"MAFIA_MAIL_NOW": now} if now else None
    return CliRunner().invoke(main, ["--config", str(cfg.path), *args], catch_exceptions=False, env=env)


def _tally(cfg, day: int) -> dict:
    res = _run(cfg, "forum", "tally", "--day", str(day), "--json")
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def _paste(tmp_path, name: str, text: str, when):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    os.utime(path, (when.timestamp(), when.timestamp()))
    return str(path)


def _lynched(store, day: int) -> list[str]:
    with store.session() as s:
        return loads(s.get(DayRow, day).result_json)["lynched"]


def test_day_closed_before_the_start_tally_and_export_work(tmp_path):
    """The trial's repro: one move for day 1 before the start, an undated paste imported
    then, day 1 closed early (before the start). Day 1's tally and export crashed
    (StopIteration); the paste's lines, written before the close and before the start, were
    stamped at the start, so day 2 flagged the lynched Ягуар as a dead poster."""
    cfg, store = make_game(tmp_path / "g")
    import_votes(cfg, store, "Гном,Ягуар\nЗоя,Ягуар\nКузя,Лис\n", now=EARLY)
    paste = _paste(tmp_path, "thread.txt", "Ягуар: Всем привет! Голосую за Лиса.\n"
                   "Гном: Линч: Ягуар\nВедущий: Напоминаю про срок.\n", EARLY + timedelta(minutes=1))
    rep = import_files(cfg, store, [paste], now=EARLY + timedelta(minutes=2))
    assert rep.new == 3 and rep.per_day == {None: 2}  # before the game's start: no day's
    close_day(cfg, store, now=EARLY + timedelta(minutes=3), early=True)
    assert _lynched(store, 1) == ["Ягуар"]
    day1, day2 = _tally(cfg, 1), _tally(cfg, 2)
    assert (day1["posts"], day1["tally"], day1["flags"]) == (0, [], [])
    assert (day2["posts"], day2["flags"]) == (0, [])
    assert "Ягуар" in day1["players"] and "Ягуар" not in day2["players"]
    res = _run(cfg, "export", str(tmp_path / "e.toml"))
    assert res.exit_code == 0, res.output
    text = (tmp_path / "e.toml").read_text(encoding="utf-8")
    assert text.count("[[turn]]") == 1 and 'deadline = "2026-12-08 19:30:00"' in text


def test_undated_lines_imported_after_the_start_stay_in_the_open_day(tmp_path):
    """Undated lines of a file saved before the open day began are still that day's, but are
    never stamped later than the import: an early close after the import keeps them."""
    cfg, store = make_game(tmp_path / "g")
    close_day(cfg, store, now=START + timedelta(hours=2), early=True)  # day 2 from 21:30
    paste = _paste(tmp_path, "d2.txt", "Ягуар: Голосую за Лиса\n", START + timedelta(hours=1))
    assert import_files(cfg, store, [paste], now=START + timedelta(hours=3)).per_day == {2: 1}
    import_votes(cfg, store, "Гном,Бука\n", now=START + timedelta(hours=3))
    close_day(cfg, store, now=START + timedelta(hours=4), early=True)
    jaguar = _tally(cfg, 2)["players"]["Ягуар"]
    assert (jaguar["posts"], jaguar["words"], jaguar["votes"]) == (1, 3, ["Лис"])


def _days_before_the_start(tmp_path, deadline: str):
    cfg, store = make_game(tmp_path / "g")
    thread = _paste(tmp_path, "t.txt", "Гном\n07.12.2026, 20:00\nЛинч Лису, он мутный.\n\n"
                    "Зоя\n08.12.2026, 10:00\nГолосую за Лиса\n", EARLY)
    assert import_files(cfg, store, [thread], now=EARLY).new == 2
    import_votes(cfg, store, "Гном,Ягуар\n", now=EARLY)
    close_day(cfg, store, now=EARLY + timedelta(minutes=1), early=True)
    set_deadline(cfg, store, deadline, now=EARLY + timedelta(minutes=2))
    import_votes(cfg, store, "Гном,Бука\n", now=EARLY + timedelta(minutes=3))
    return cfg, store


def test_close_day_with_a_deadline_before_the_start(tmp_path):
    """Day 1 closed before the start, day 2's deadline 07.12 19:00, half an hour before the
    start: close-day crashed (day 2's span [start, 19:01) was inverted). Day 2 holds no post
    (posts before the start are no day's); day 3 begins at the start and holds both."""
    cfg, store = _days_before_the_start(tmp_path, "07.12.2026 19:00")
    rep = close_day(cfg, store, now=START - timedelta(minutes=20))
    assert rep.day == 2 and _lynched(store, 2) == ["Бука"]
    # nothing taken from the thread; the host is told the word rule had nothing to count
    assert [line.split(" — ")[0] for line in rep.thread] == ["в загруженной ветке форума нет постов дня 2"]
    assert _tally(cfg, 2)["posts"] == 0
    day3 = _tally(cfg, 3)
    assert day3["posts"] == 2 and day3["tally"] == [
        {"target": "Лис", "count": 2, "voters": ["Гном", "Зоя"]}]
    res = _run(cfg, "export", str(tmp_path / "e.toml"))
    assert res.exit_code == 0, res.output


def test_close_day_with_a_deadline_at_night_before_the_start(tmp_path):
    """The trial's «deadline 01:02» the night after day 1 closed early, days before the
    start: close-day, forum tally and status work."""
    cfg, store = _days_before_the_start(tmp_path, "02.12.2026 01:02")
    rep = close_day(cfg, store, now=EARLY + timedelta(hours=7))
    assert rep.day == 2 and _lynched(store, 2) == ["Бука"]
    assert [_tally(cfg, d)["posts"] for d in (1, 2, 3)] == [0, 0, 2]
    res = _run(cfg, "status")
    assert res.exit_code == 0, res.output


THREAD = """Гном
07.12.2026, 20:00
Линч Ягуару, он мутный.

Ягуар
07.12.2026, 21:00
Голосую за Лиса

Зоя
07.12.2026, 23:00
Голосую за Лиса
"""


def test_close_day_counts_the_day_as_it_ends_at_the_close(tmp_path):
    """Day 1 closed early at 22:30 with a post of 23:00 already stored (a forum whose clock
    runs ahead): close-day took Зоя's 23:00 vote and lynched Лис, though after the close the
    post is day 2's and day 1's tally shows a tie. It counts [start, close) now."""
    cfg, store = make_game(tmp_path / "g")
    import_files(cfg, store, [_paste(tmp_path, "t.txt", THREAD, START + timedelta(hours=3))],
                 now=START + timedelta(hours=3))
    rep = close_day(cfg, store, now=START + timedelta(hours=3), early=True)
    # Зоя's post is named to the host as day 2's (the close left it out), then the day's line
    assert rep.thread[0] == ("посты позже закрытия дня 1 (в его подсчёт не вошли, это посты дня "
                             "2): Зоя 07.12.2026 23:00")
    assert rep.thread[1].startswith("ветка форума дня 1: 2 поста; голоса из ветки у 2 игроков")
    assert _lynched(store, 1) == []
    day1 = _tally(cfg, 1)
    assert day1["tally"] == [{"target": "Ягуар", "count": 1, "voters": ["Гном"]},
                             {"target": "Лис", "count": 1, "voters": ["Ягуар"]}]
    assert _tally(cfg, 2)["players"]["Зоя"]["votes"] == ["Лис"]


def test_import_says_which_posts_are_before_the_start(tmp_path):
    """«вне дней игры» alone left the host guessing why: posts before the game's start are
    named as such, with the start."""
    cfg, store = make_game(tmp_path / "g")
    paste = _paste(tmp_path, "t.txt", "Гном\n01.12.2026, 19:00\nЖдём начала!\n\n"
                   "Зоя\n07.12.2026, 20:00\nГолосую за Лиса\n", EARLY)
    # imported after the posts were written (else Зоя's post is named as dated later than its
    # import, a wrong zone or clock)
    res = _run(cfg, "forum", "import", paste, now="2026-12-07T21:00:00+03:00")
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[1:] == [
        "  день 1: новых постов 1",
        "  вне дней игры: новых постов 1",
        "    из них до начала игры (07.12.2026 19:30): 1 — посты до начала игры не относятся "
        "ни к одному дню",
    ]


def test_reopening_an_earlier_day_names_what_it_undoes_and_keeps_posts_in_their_day(tmp_path):
    """Trial 13: ``reopen-day 2`` after day 3 was closed silently undid day 3 (its results,
    the event the host set with ``open-day --event``) and moved day 3's posts into day 2.
    Now it names what it undoes and changes nothing without --undo-later; with it the host's
    event stays. The posts follow the letters (session 41): those written after day 1's early
    close, on time for its deadline, are day 1's again while it is open, and stay day 1's
    once it is closed again after them."""
    import pytest

    from mailer.day import GameError, reopen_day, set_event
    from mailer.store import utc

    cfg, store = make_game(tmp_path / "g")
    import_votes(cfg, store, "Гном,Ягуар\nЗоя,Ягуар\n", now=START + timedelta(hours=1))
    close_day(cfg, store, now=START + timedelta(hours=2), early=True)  # day 2 from 21:30
    set_event(cfg, store, "rage", now=START + timedelta(hours=2, minutes=1))
    thread = "Гном\n07.12.2026, 20:00\nЛинч Ягуару.\n\nЗоя\n07.12.2026, 22:00\nГолосую за Гошу\n\n" \
             "Кузя\n07.12.2026, 23:00\nГолосую за Гошу и Гнома\n"
    import_files(cfg, store, [_paste(tmp_path, "t.txt", thread, START + timedelta(hours=6, minutes=40))],
                 now=START + timedelta(hours=3))
    import_votes(cfg, store, "Гном,Кузя\n", now=START + timedelta(hours=3))
    close_day(cfg, store, now=START + timedelta(hours=4), early=True)
    assert [_tally(cfg, d)["posts"] for d in (1, 2)] == [1, 2]
    res = _run(cfg, "reopen-day", "1")
    assert res.exit_code == 1
    assert res.output.startswith("Ошибка: день 1 закрыт не последним: вернуть его значит отменить и всё, что "
                                 "было после:\n  - день 1 снова не закрыт: линч — Ягуар; выбыли — Ягуар\n"
                                 "  - день 2 (событие «Ярость» задано ведущим) снова не закрыт: линч — ")
    assert "  - событие дня 2 «Ярость» задал ведущий: оно останется, когда день 2 откроется снова\n" in res.output
    assert "  - конец игры («Победа: мирные»): отменяется — день 1 снова открыт; кончится ли игра, решат его новые итоги\n" in res.output  # (autokill, forum words)
    # the command as the host can type it here: with the --config he gave
    assert res.output.endswith(f"Если это и нужно: mafia-mail --config {cfg.path} reopen-day 1 --undo-later\n")
    with store.session() as s:  # nothing changed
        assert [s.get(DayRow, d).status for d in (1, 2)] == ["closed", "closed"]
    res = _run(cfg, "reopen-day", "1", "--undo-later", "--yes")
    assert res.exit_code == 0, res.output
    assert "Отменено:\n  - день 1 снова не закрыт" in res.output
    assert "  - день 2 (событие «Ярость» задано ведущим) снова не закрыт" in res.output
    again = _run(cfg, "reopen-day", "1", "--undo-later", "--yes")
    assert again.exit_code == 1 and "день 1 не закрыт — открывать нечего" in again.output
    assert _tally(cfg, 1)["posts"] == 3  # the posts after its first close, on time, are its own again
    with pytest.raises(GameError):
        reopen_day(cfg, store, 2)
    close_day(cfg, store, now=START + timedelta(hours=5), early=True)
    with store.session() as s:
        day1, day2 = s.get(DayRow, 1), s.get(DayRow, 2)
        assert utc(day1.closed_at) == START + timedelta(hours=2)  # its first close
        assert utc(day1.last_closed_at) == START + timedelta(hours=5)  # its posts' and letters' end
        assert (day2.status, day2.event, day2.revision) == ("open", "rage", 1)  # the host's event, not a new draw
    assert [_tally(cfg, d)["posts"] for d in (1, 2)] == [3, 0]
    assert _lynched(store, 1) == ["Ягуар"]
