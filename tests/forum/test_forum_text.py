"""The ``text`` engine, the day's count and its JSON (FORUM.md), and what close-day takes
from the thread."""

from __future__ import annotations

import json
import os
import re
from datetime import timedelta

import pytest
from click.testing import CliRunner

from mailer.cli import main
from mailer.forum.tally import read_vote
from mailer.forum.words import count_words
from mailer.store import DayRow, loads
from mailer.day import close_day
from mailer.reports import status

from .game import DAY1_END, START, make_game

PASTE_DAY1 = """Ягуар
07.12.2026, 20:15
Голосую за Лиса. Он мафия, точно говорю.

lis_fox
07.12.2026, 20:20
Я не мафия! Линч Ягуару.
> Ягуар: Голосую за Лиса

Ведущий
07.12.2026, 20:30
Голосуем, господа. Линч Кузе.

Кот Матроскин
07.12.2026, 20:31
Мяу. Голосую за Зою.

Зоя
08.12.2026, 10:00
Голосую за Лиса
Зоя
Сегодня в 11:00
Снимаю голос. Подумаю ещё.
Гном
Сегодня, 19:30
Линч Лису
Кузя
Сегодня, 19:31
Линч Лису
"""


def _mtime(path, when):
    ts = when.timestamp()
    os.utime(path, (ts, ts))


def _run(cfg, *args):
    return CliRunner().invoke(main, ["--config", str(cfg.path), *args], catch_exceptions=False)


def _import_text(cfg, tmp_path, text: str):
    """``forum import`` of ``text`` pasted into a file dated two hours before day 1's end."""
    paste = tmp_path / "paste.txt"
    paste.write_text(text, encoding="utf-8")
    _mtime(paste, DAY1_END - timedelta(hours=2))
    return _run(cfg, "forum", "import", str(paste))


def test_an_import_after_the_deadline_tells_the_words_minimum(tmp_path):
    """Fresh host 50, #2: an import of part of the thread gave every player a words autokill
    point, told first in the results. The import after the day's deadline (the one close-day
    counts) names who stays under the minimum."""
    cfg, store = make_game(tmp_path / "g")
    paste = tmp_path / "day1.txt"
    paste.write_text("Ягуар\n07.12.2026, 20:15\nГолосую за Лиса. Он мафия, точно говорю.\n\n"
                     "Зоя\n08.12.2026, 10:00\nГолосую за Лиса\n", encoding="utf-8")
    _mtime(paste, DAY1_END + timedelta(minutes=5))
    res = CliRunner().invoke(main, ["--config", str(cfg.path), "forum", "import", str(paste)],
                             env={"MAFIA_MAIL_NOW": (DAY1_END + timedelta(minutes=10)).isoformat()},
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert ("  внимание: день 1 — меньше 66 слов в загруженной ветке у 8 из 8 живых игроков "
            "(Ягуар — 7, Лис — 0, Зоя — 3, Гном — 0, Кузя — 0, Гоша — 0, Тётя Ася — 0, Бука — 0): "
            "если так и останется, close-day даст каждому из них штрафное очко автокилла.") in res.output


def test_words_definition():
    assert count_words("Кто-то из вас rock'n'roll, 123 😀 http://x.ru/a-b mail@x.ru д’Артаньян - а") == 6
    assert count_words("") == 0


def test_withdrawal_and_vote_order(tmp_path):
    from engine.model import TurnInfo
    from mailer.day import load_state
    from mailer.store import Game

    cfg, store = make_game(tmp_path / "g")
    with store.session() as s:
        state = load_state(s.get(Game, 1))
    info = TurnInfo(day=1)
    assert read_vote("Снимаю голос с Лиса.", "Зоя", state, info) == ("withdraw", [])
    assert read_vote("Снимаю голос с Лиса. Голосую за Гнома", "Зоя", state, info) == ("vote", ["Гном"])
    assert read_vote("Лис, привет. Как дела?", "Зоя", state, info) is None
    assert read_vote("Линч Буке", "Зоя", state, TurnInfo(day=1, event="rage")) == ("vote", ["Бука"])
    assert read_vote("Голосую за Лиса и Буку", "Зоя", state, TurnInfo(day=1, event="rage")) == \
        ("vote", ["Лис", "Бука"])
    assert read_vote("Голосую за Лиса и Буку", "Зоя", state, info) is None  # one vote a day


def test_paste_import_tally_json_and_close_day(tmp_path):
    cfg, store = make_game(tmp_path / "g")
    paste = tmp_path / "day1.txt"
    paste.write_text(PASTE_DAY1, encoding="utf-8")
    _mtime(paste, DAY1_END - timedelta(minutes=5))  # «Сегодня» = 08.12
    res = _run(cfg, "forum", "import", str(paste))
    assert res.exit_code == 0, res.output
    assert "день 1: новых постов 6" in res.output and "день 2: новых постов 1" in res.output
    assert "меньше 66 слов" not in res.output  # (the day's deadline is still to come)
    again = _run(cfg, "forum", "import", str(paste))
    assert "новых: 0" in again.output and again.exit_code == 0
    res = _run(cfg, "forum", "tally", "--json")
    data = json.loads(res.output)
    silent = {"posts": 0, "words": 0, "votes": [], "vote_post": None}
    players = data.pop("players")
    ids = {n: p["vote_post"] for n, p in players.items()}
    assert data == {
        "day": 1, "event": "none", "posts": 6,
        "tally": [{"target": "Лис", "count": 2, "voters": ["Ягуар", "Гном"]},
                  {"target": "Ягуар", "count": 1, "voters": ["Лис"]}],
        "not_voted": ["Зоя", "Кузя", "Гоша", "Тётя Ася", "Бука"],
        "under_words": ["Ягуар", "Лис", "Зоя", "Гном", "Кузя", "Гоша", "Тётя Ася", "Бука"],
        "outsiders": [{"author": "Кот Матроскин", "posts": 1}],
        "flags": [],
    }
    assert players == {
        "Ягуар": {"posts": 1, "words": 7, "votes": ["Лис"], "vote_post": ids["Ягуар"]},
        "Лис": {"posts": 1, "words": 5, "votes": ["Ягуар"], "vote_post": ids["Лис"]},
        "Зоя": {"posts": 2, "words": 7, "votes": [], "vote_post": None},
        "Гном": {"posts": 1, "words": 2, "votes": ["Лис"], "vote_post": ids["Гном"]},
        "Кузя": silent, "Гоша": silent, "Тётя Ася": silent, "Бука": silent,
    }
    assert all(ids[n] for n in ("Ягуар", "Лис", "Гном"))
    from mailer.status import read_status

    for rep in (read_status(cfg), status(cfg, store)):  # sqlite3 and SQLModel paths
        assert {p.nick: p.words for p in rep.players} == {
            "Ягуар": 7, "Лис": 5, "Зоя": 7, "Гном": 2, "Кузя": 0, "Гоша": 0, "Тётя Ася": 0, "Бука": 0}
        assert rep.autokill_words == 66
    shown = _run(cfg, "status").output
    assert "7/66" in shown and ("Столбец «Голос»: письма и votes import; и голоса из ветки форума (по "
                                f"ветке подробно: mafia-mail --config {cfg.path} forum tally)") in " ".join(shown.split())
    # (the column counts the thread's votes: Гном voted in the thread only)
    assert re.search(r"Гном\s+да\s+—\s+да\s", shown), shown
    from mailer.day import set_event

    set_event(cfg, store, "secret", now=DAY1_END - timedelta(hours=1))  # «Тайна»: no thread votes
    secret = " ".join(_run(cfg, "status").output.split())
    assert "голоса в ветке сегодня не считаются (событие «Тайна»)" in secret
    assert "close-day учтёт их сам" not in secret
    set_event(cfg, store, "none", now=DAY1_END - timedelta(hours=1))
    bb = _run(cfg, "forum", "tally", "--bbcode").output
    assert bb.splitlines()[:3] == ["[b]Подсчёт голосов, день 1[/b]", "[b]Лис[/b] — 2: Ягуар, Гном",
                                   "[b]Ягуар[/b] — 1: Лис"]
    assert bb.splitlines()[-1] == "[i]Не голосовали:[/i] Зоя, Кузя, Гоша, Тётя Ася, Бука"
    # close-day: the thread lynches Лис; every player under 66 words gets an autokill point
    rep = close_day(cfg, store, now=DAY1_END + timedelta(minutes=10))
    deaths = rep.result.to_json()["deaths"]
    assert {"player": "Лис", "cause": "lynch"} in [{k: d[k] for k in ("player", "cause")} for d in deaths]
    st = {p.nick: p.autokill_points for p in status(cfg, store).players}
    assert st["Ягуар"] == 1 and st["Гном"] == 1  # voted, but few words
    # and close-day says where the votes and the autokill points came from
    assert rep.thread[0] == ("ветка форума дня 1: 6 постов; голоса из ветки у 3 игроков; слова для "
                             "автокилла из ветки у 8 игроков (mafia-mail forum tally — подробности)")
    assert rep.thread[-1].startswith("меньше 66 слов в ветке (штрафное очко автокилла): Ягуар — 7, Лис — 5, ")
    assert not any(line.startswith("голос из письма") for line in rep.thread)  # no letters that day
    assert st["Кузя"] == 2  # his thread vote came after the deadline: no vote, no words
    # day 2: the lynched Лис writes (flagged), Кузя's late vote is day 2's
    res = _run(cfg, "forum", "tally", "--day", "2", "--json")
    day2 = json.loads(res.output)
    assert day2["posts"] == 1 and "Лис" not in day2["players"]
    assert day2["players"]["Кузя"]["votes"] == []  # Лис was dead by then: no vote
    closed = json.loads(_run(cfg, "forum", "tally", "--day", "1", "--json").output)
    assert closed["tally"][0] == {"target": "Лис", "count": 2, "voters": ["Ягуар", "Гном"]}


def test_unreadable_paste_exits_1_and_stores_nothing(tmp_path):
    cfg, store = make_game(tmp_path / "g")
    paste = tmp_path / "junk.txt"
    paste.write_text("просто текст без авторов\nи ещё строка\n", encoding="utf-8")
    res = _run(cfg, "forum", "import", str(paste))
    assert res.exit_code == 1
    assert "строка 1" in res.output and "строка 2" in res.output
    single = tmp_path / "lines.txt"
    single.write_text("Ягуар: голосую за Лиса\nмусор какой-то\nЗоя: привет всем\n", encoding="utf-8")
    _mtime(single, DAY1_END - timedelta(hours=2))
    res = _run(cfg, "forum", "import", str(single))
    assert res.exit_code == 0 and "строка 2" in res.output
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["players"]["Ягуар"]["votes"] == ["Лис"] and data["players"]["Зоя"]["words"] == 2


def test_paste_copied_from_a_forum_page(tmp_path):
    """A browser copy of a phpBB page: subject lines and «Сообщение Ник » дата» headers."""
    cfg, store = make_game(tmp_path / "g")
    paste = tmp_path / "copy.txt"
    paste.write_text("Re: Мафия, день 1\nСообщение Ягуар » 07 дек 2026, 20:15\nГолосую за Лиса, "
                     "он подозрительный\n\nRe: Мафия, день 1\nСообщение tetya_asya » Сегодня, 10:00\n"
                     "Всем доброе утро\n", encoding="utf-8")
    _mtime(paste, DAY1_END - timedelta(hours=2))
    assert _run(cfg, "forum", "import", str(paste)).exit_code == 0
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["posts"] == 2 and data["outsiders"] == []
    assert data["players"]["Ягуар"]["words"] == 5 and data["players"]["Ягуар"]["votes"] == ["Лис"]
    assert data["players"]["Тётя Ася"] == {"posts": 1, "words": 3, "votes": [], "vote_post": None}


def test_paste_of_unread_posts_with_profile_boxes(tmp_path):
    """phpBB's copy of unread posts: «Непрочитанное сообщение Ник » дата» headers and the
    author's profile box («Сообщения: 120», «Зарегистрирован: …» — a date, no post) beside
    the post: the players' posts, the profile lines neither posts nor words."""
    cfg, store = make_game(tmp_path / "g")
    res = _import_text(cfg, tmp_path, "Re: Мафия, день 1\nНепрочитанное сообщение Ягуар » 07 дек "
                       "2026, 20:15\nГолосую за Лиса, он подозрительный\nСообщения: 120\n"
                       "Зарегистрирован: Пн янв 01, 2018 12:00\n\nRe: Мафия, день 1\n"
                       "Unread post by tetya_asya » Сегодня, 10:00\nВсем доброе утро\n"
                       "Joined: Mon Jan 01, 2018 12:00 pm\n")
    assert res.exit_code == 0 and "нет среди игроков" not in res.output, res.output
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["posts"] == 2 and data["outsiders"] == []
    assert data["players"]["Ягуар"]["words"] == 5 and data["players"]["Ягуар"]["votes"] == ["Лис"]
    assert data["players"]["Тётя Ася"]["words"] == 3


PHPBB_COPY = """Мафия: тест — день 1
Модератор: Ведущий
Ответить
Страница 1 из 1  [ Сообщений: 2 ]
Re: Мафия, день 1
Непрочитанное сообщение Ягуар » 07 дек 2026, 20:15
Голосую за Лиса, он подозрительный
Ягуар
Сообщения: 120
Зарегистрирован: Пн янв 01, 2018 12:00
Вернуться к началу
Re: Мафия, день 1
Непрочитанное сообщение Зоя » 07 дек 2026, 20:20
Линч Гному
Зоя
Сообщения: 15
Зарегистрирован: Вт фев 02, 2021 10:00
Вернуться к началу
{more}Ответить
Страница 1 из 1  [ Сообщений: 2 ]
"""


def test_a_browser_copy_of_a_phpbb_page_reads_the_posts_and_nothing_of_the_page(tmp_path):
    """A whole phpBB page copied from the browser (a fresh host, s48): the title and the
    moderator line above the posts, the buttons, the page navigation, the author's nick above
    his profile box — none of it a post or a word; imported again after the page grew, the
    same posts are stored once (the last post no longer takes the footer in)."""
    cfg, store = make_game(tmp_path / "g")
    res = _import_text(cfg, tmp_path, PHPBB_COPY.format(more=""))
    assert res.exit_code == 0 and "нет среди игроков" not in res.output, res.output
    assert "«Мафия: тест — день 1» — над постами" in res.output
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["posts"] == 2 and data["outsiders"] == []
    assert data["players"]["Ягуар"]["words"] == 5 and data["players"]["Ягуар"]["votes"] == ["Лис"]
    assert data["players"]["Зоя"]["words"] == 2 and data["players"]["Зоя"]["votes"] == ["Гном"]
    grown = tmp_path / "copy2.txt"
    grown.write_text(PHPBB_COPY.format(more="Re: Мафия, день 1\nСообщение Гном » 07 дек 2026, "
                                            "20:40\nЛинч Лису\nВернуться к началу\n"),
                     encoding="utf-8")
    _mtime(grown, DAY1_END - timedelta(hours=1))
    res = _run(cfg, "forum", "import", str(grown))
    assert res.exit_code == 0 and "новых: 1; изменённых: 0" in res.output, res.output
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["posts"] == 3 and data["players"]["Зоя"]["posts"] == 1


def test_import_names_new_posts_of_accounts_that_are_no_players(tmp_path):
    """A paste whose authors are matched to no player (a misread copy, an account not in
    forum_name): the import says so at once, with the way to undo it — their votes and words
    would count for nobody."""
    cfg, store = make_game(tmp_path / "g")
    res = _import_text(cfg, tmp_path, "Кот Матроскин » 07 дек 2026, 20:15\nГолосую за Лиса\n\n"
                       "Ягуар » 07 дек 2026, 20:20\nЛинч Лис\n\n"
                       "Кот Матроскин » 07 дек 2026, 20:25\nИ ещё раз\n")
    assert res.exit_code == 0
    assert "новые посты авторов, которых нет среди игроков: «Кот Матроскин» (2)" in res.output
    # the way to undo it as the host types it here (his --config kept)
    assert f"mafia-mail --config {cfg.path} forum forget --source ФАЙЛ" in res.output


def test_close_day_autokill_words_line_names_imported_counts_too(tmp_path):
    """A player whose word count the host imported (``posts import``) over the thread's is
    under 66 words as the resolver counts him (DECISIONS.md §7): close-day's line of who gets
    the autokill point names him with the imported count, as status then shows the point."""
    from mailer.inputs import import_posts

    cfg, store = make_game(tmp_path / "g")
    paste = tmp_path / "day1.txt"
    paste.write_text(PASTE_DAY1, encoding="utf-8")
    _mtime(paste, DAY1_END - timedelta(minutes=5))
    assert _run(cfg, "forum", "import", str(paste)).exit_code == 0
    import_posts(cfg, store, "Гоша, 9\nЗоя, 120\n")
    rep = close_day(cfg, store, now=DAY1_END + timedelta(minutes=10))
    st = {p.nick: p.autokill_points for p in status(cfg, store).players}
    assert st["Гоша"] == 2 and st["Зоя"] == 1  # Гоша: few words and no vote; Зоя: no vote only
    line = rep.thread[-1]
    assert line.startswith("меньше 66 слов в ветке (штрафное очко автокилла): Ягуар — 7, ")
    assert "Гоша — 9 (posts import)" in line and "Зоя" not in line


def test_posts_after_an_early_close_are_the_next_days(tmp_path):
    """Day 1 closed early at 22:30: day 2 began then (DECISIONS.md §2), so a post at 23:00,
    before day 1's deadline, is day 2's in the thread's count and in status's words, as a
    letter received then is (mailer.stamp); a post before the close stays day 1's."""
    from mailer.status import read_status

    cfg, store = make_game(tmp_path / "g")
    close_day(cfg, store, now=START + timedelta(hours=3), early=True)
    paste = tmp_path / "late.txt"
    paste.write_text("Зоя\n07.12.2026, 22:00\nПросто болтаю до закрытия дня.\n\n"
                     "Ягуар\n07.12.2026, 23:00\nГолосую за Лиса. Он мафия, точно говорю.\n",
                     encoding="utf-8")
    _mtime(paste, START + timedelta(hours=4))
    res = _run(cfg, "forum", "import", str(paste))
    assert "день 1: новых постов 1" in res.output and "день 2: новых постов 1" in res.output, res.output
    day2 = json.loads(_run(cfg, "forum", "tally", "--day", "2", "--json").output)
    assert day2["posts"] == 1 and day2["players"]["Ягуар"]["words"] == 7
    for rep in (read_status(cfg), status(cfg, store)):  # sqlite3 and SQLModel paths
        words = {p.nick: p.words for p in rep.players}
        assert words["Ягуар"] == 7 and words["Зоя"] == 0


def test_mixed_paste_reads_the_lines_after_the_dated_blocks(tmp_path):
    """Dated blocks, then «Ник: текст» lines: the lines are posts of their own (not the last
    block's text), and a line that is neither is listed with its number."""
    cfg, store = make_game(tmp_path / "g")
    paste = tmp_path / "mixed.txt"
    paste.write_text("Ягуар\n07.12.2026, 20:15\nГолосую за Лиса.\n\n"
                     "Ведущий\n07.12.2026, 20:30\nНапоминаю о сроке.\n\n"
                     "Гном: Линч Буке, он странный\nКот Матроскин: мяу всем\n"
                     "просто строчка ни о чём\n", encoding="utf-8")
    _mtime(paste, DAY1_END - timedelta(hours=2))
    res = _run(cfg, "forum", "import", str(paste))
    assert res.exit_code == 0, res.output
    assert "Постов прочитано: 4; новых: 4" in res.output
    assert "не прочитано: mixed.txt: строка 11: не понял, чей это пост: «просто строчка ни о чём»" \
        in res.output
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["players"]["Гном"]["votes"] == ["Бука"] and data["players"]["Гном"]["words"] == 4
    assert data["outsiders"] == [{"author": "Кот Матроскин", "posts": 1}]
    assert data["players"]["Ягуар"]["words"] == 3


@pytest.mark.parametrize("gap, line", [("\n", 5), ("", 4)])
def test_lone_nick_line_after_a_post_is_named_to_the_host(tmp_path, gap, line):
    """One «Ник: текст» line in a post's later paragraph, or right under its text (no blank
    line), may be the author's own words: it stays the post's text, and the host is told
    which line it is."""
    cfg, store = make_game(tmp_path / "g")
    res = _import_text(cfg, tmp_path,
                       f"Ягуар\n07.12.2026, 20:15\nГолосую за Лиса.\n{gap}Зоя: подумай ещё\n")
    assert res.exit_code == 0 and "Постов прочитано: 1;" in res.output
    assert f"строка {line}: «Зоя: подумай ещё» прочитана как часть поста Ягуар" in res.output


def test_votes_import_reads_one_word_of_a_nick_of_several(tmp_path):
    """«Тётя» in a tally is «Тётя Ася» (no other nick has that word), as letters read her;
    with --skip-bad the rest is loaded and the host is told so."""
    from mailer.inputs import short_nick

    cfg, store = make_game(tmp_path / "g")
    tally = tmp_path / "tally.csv"
    tally.write_text("voter,target\nТётя,Лис\nЯгуар,тётя\nНикто,Лис\n", encoding="utf-8")
    res = _run(cfg, "votes", "import", "--skip-bad", str(tally))
    assert "Голосов загружено: 2" in res.output, res.output
    assert "строка 4: не понял «Никто,Лис»" in res.output
    assert "остальное загружено" in res.output
    with store.session() as s:
        from sqlmodel import select

        from mailer.store import DayInput
        got = {i.nick: loads(i.value_json) for i in s.exec(select(DayInput).where(DayInput.kind == "vote"))}
    assert got == {"Тётя Ася": ["Лис"], "Ягуар": ["Тётя Ася"]}
    assert short_nick("Лис", ["Лис Патрикеевич", "Лиса"]) == "Лис Патрикеевич"
    assert short_nick("Ася", ["Тётя Ася", "Ася Петровна"]) is None  # two nicks have it
    assert short_nick("Кира", ["Кира"]) is None  # one-word nicks are typed_nick's



def test_a_post_dated_after_the_import_is_flagged_at_import_and_at_close(tmp_path):
    """A post dated later than the import (a wrong zone or clock) counts in the day of its
    time; the import names it, and closing the day before that time names it as the next
    day's (it used to vanish from day 1's count without a word)."""
    cfg, store = make_game(tmp_path / "g")
    paste = tmp_path / "ahead.txt"
    paste.write_text("Ягуар\n07.12.2026, 20:15\nГолосую за Лиса.\n\n"
                     "Зоя\n07.12.2026, 23:00\nГолосую за Буку.\n", encoding="utf-8")
    now = START + timedelta(hours=1, minutes=30)  # 21:00 Moscow
    _mtime(paste, now)
    res = CliRunner().invoke(main, ["--config", str(cfg.path), "forum", "import", str(paste)],
                             env={"MAFIA_MAIL_NOW": now.isoformat()}, catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert ("внимание: постов со временем позже загрузки: 1 (Зоя 07.12.2026 23:00) — проверьте "
            "[forum].timezone и часы.") in res.output
    day1 = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert day1["players"]["Зоя"]["votes"] == ["Бука"]
    rep = close_day(cfg, store, now=now + timedelta(hours=1), early=True)  # 22:00
    assert ("посты позже закрытия дня 1 (в его подсчёт не вошли, это посты дня 2): "
            "Зоя 07.12.2026 23:00") in rep.thread
    day2 = json.loads(_run(cfg, "forum", "tally", "--day", "2", "--json").output)
    assert day2["players"]["Зоя"]["votes"] == ["Бука"]


def test_the_readme_paste_reads_as_the_readme_says():
    """README «Ветка форума текстом»: its example, read by the ``text`` engine, gives the posts
    it describes — a block with the author and time on two lines, one with them on one line,
    quotes (``>`` and ``[quote]``) dropped, and «Ник: текст» lines stamped with the file's time."""
    import re
    from datetime import datetime, timezone
    from pathlib import Path

    from mailer.forum.textpaste import read_text

    readme = (Path(__file__).parent.parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Ветка форума текстом"):]
    paste = re.search(r"```text\n(.*?)```", section, re.DOTALL).group(1)
    undated = datetime(2026, 12, 8, 9, 0, tzinfo=timezone.utc)
    page = read_text(paste, "Europe/Moscow", undated, undated,
                     known=lambda nick: nick in {"Ягуарчик", "Бука", "Маруська", "Serginio"})
    assert page.problems == []
    assert [(p.author, p.at.isoformat(), p.text) for p in page.posts] == [
        ("Ягуарчик", "2026-12-07T17:15:00+00:00", "Голосую за Буку.\nКто со мной?"),
        ("Бука", "2026-12-07T18:03:00+00:00", "Мой голос — за Ягуарчика."),
        ("Маруська", undated.isoformat(), "Линч: Бука"),
        ("Serginio", undated.isoformat(), "голосую за Маруську"),
    ]


def test_unknown_nick_line_in_a_post_is_an_outsiders_post_and_named(tmp_path):
    """fresh26 finding 2: «Васька: голосую за Буку» under a player's post (with or without a
    blank line) — «Васька» is no player and no host: FORUM.md makes the line an outsider's
    post. It is not glued onto the post above (whose vote stood lost: three votes under
    «Ярость»), and the import names it with its line number. «Линч: …» lines stay the author's."""
    cfg, store = make_game(tmp_path / "g", event="rage")
    res = _import_text(cfg, tmp_path, (
        "Гном » 07 дек 2026, 20:40\nНу что, линч: Лис, Бука\n\n"
        "Зоя » 07 дек 2026, 20:42\nЛинч: Лис, Бука\nВаська: голосую за Буку\n\n"
        "Кузя » 07 дек 2026, 20:45\nПодумал.\nЛинч: Лис, Бука\n\nВаська: и я за Буку\n"))
    assert res.exit_code == 0, res.output
    assert "Постов прочитано: 5; новых: 5" in res.output
    out = " ".join(res.output.split())
    assert ("строка 6: «Васька: голосую за Буку» — «Васька» не игрок и не ведущий: прочитана как "
            "отдельный пост постороннего, не как часть поста Зоя") in out
    assert "строка 12: «Васька: и я за Буку»" in out
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["players"]["Зоя"]["votes"] == ["Лис", "Бука"] and data["players"]["Зоя"]["words"] == 3
    assert data["players"]["Кузя"]["votes"] == ["Лис", "Бука"] and data["players"]["Кузя"]["words"] == 4
    assert data["players"]["Гном"]["votes"] == ["Лис", "Бука"]
    assert data["outsiders"] == [{"author": "Васька", "posts": 2}]


def test_a_label_line_in_a_post_stays_the_authors_text_with_its_vote(tmp_path):
    """«Итог: голосую за Буку», «UPD: …», «P.S.: …» inside a post are the author's own lines
    (a label before a colon, no forum name): never lifted out as an outsider's post, so the
    vote in them stays the author's."""
    cfg, store = make_game(tmp_path / "g")
    res = _import_text(cfg, tmp_path, (
        "Зоя » 07 дек 2026, 20:42\nДолго думала, кто тут мафия.\nИтог: голосую за Буку\n\n"
        "Кузя » 07 дек 2026, 20:45\nПодумал.\nUPD: голосую за Лиса\nP.S.: всем удачи\n"))
    assert res.exit_code == 0, res.output
    assert "Постов прочитано: 2; новых: 2" in res.output
    assert "постороннего" not in res.output
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["players"]["Зоя"]["votes"] == ["Бука"]
    assert data["players"]["Кузя"]["votes"] == ["Лис"]
    assert data["outsiders"] == []


def test_an_outsiders_line_in_a_post_gets_the_posts_time_not_the_files(tmp_path):
    """fresh26 (host27) finding 4: «Васька: …» lifted out of a dated post as an outsider's
    post got the file's time (the time of «Ник: текст» lines with no date of their own).
    It was written inside that post: it gets the post's time (and so the post's day)."""
    from datetime import datetime, timezone

    from sqlmodel import select

    from mailer.forum.db import ForumPost
    from mailer.forum.textpaste import read_text
    from mailer.store import utc

    cfg, store = make_game(tmp_path / "g")
    res = _import_text(cfg, tmp_path, "Зоя » 07 дек 2026, 20:42\nЛинч: Лис\nВаська: голосую за Буку\n")
    assert res.exit_code == 0, res.output
    with store.session() as s:
        at = {p.author: utc(p.at) for p in s.exec(select(ForumPost))}
    posted = datetime(2026, 12, 7, 17, 42, tzinfo=timezone.utc)  # 20:42 Moscow
    assert at == {"Зоя": posted, "Васька": posted}
    undated = datetime(2026, 12, 8, 20, 0, tzinfo=timezone.utc)  # a file of the next day
    page = read_text("Зоя » 07 дек 2026, 20:42\nЛинч: Лис\nВаська: голосую за Буку\n\n"
                     "Гном: мяу\nЛис: гав\n", "Europe/Moscow", undated, undated,
                     known=lambda name: name in {"Зоя", "Лис", "Гном"})
    # («Ник: текст» lines of their own, after the post, keep the file's time)
    assert [(p.author, p.at) for p in page.posts] == [("Зоя", posted), ("Васька", posted), ("Гном", undated),
                                                      ("Лис", undated)]


def test_a_line_addressing_a_player_in_the_dative_is_the_authors_own_text(tmp_path):
    """fresh26 (host27) finding 5: «Зое: подумай ещё» in Ягуар's post (Зоя in the dative:
    Ягуар speaks to her) was lifted out as the post of an outsider «Зое». A line starting
    with a roster nick in the dative («Зое», «Кузе», «Гоше») is the author's own text: his
    words count, the vote stays his, and the host is told the line's number. «Васька: …» is
    still an outsider's post."""
    cfg, store = make_game(tmp_path / "g")
    res = _import_text(cfg, tmp_path, (
        "Ягуар » 07 дек 2026, 20:40\nГолосую за Лиса.\nЗое: подумай ещё\nКузе: а ты за кого?\n\n"
        "Гном » 07 дек 2026, 20:45\nНу что.\nГоше: ты с нами?\nВаська: голосую за Буку\n"))
    assert res.exit_code == 0, res.output
    assert "Постов прочитано: 3; новых: 3" in res.output
    out = " ".join(res.output.split())
    assert "строка 3: «Зое: подумай ещё» прочитана как часть поста Ягуар (обращение к игроку Зоя)" in out
    assert "строка 4: «Кузе: а ты за кого?» прочитана как часть поста Ягуар (обращение к игроку Кузя)" in out
    assert "строка 8: «Гоше: ты с нами?» прочитана как часть поста Гном (обращение к игроку Гоша)" in out
    assert "строка 9: «Васька: голосую за Буку» — «Васька» не игрок и не ведущий" in out
    data = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert data["outsiders"] == [{"author": "Васька", "posts": 1}]
    assert data["players"]["Ягуар"]["votes"] == ["Лис"] and data["players"]["Ягуар"]["words"] == 11
    assert data["players"]["Гном"]["words"] == 6


def test_addressed_nick_is_a_dative_of_one_roster_nick():
    from mailer.forum.textpaste import addressed_nick

    nicks = ("Ягуар", "Лис", "Зоя", "Тётя Ася", "Бука")
    assert [addressed_nick(n, nicks) for n in ("Зое", "зое", "Лису", "Тёте Асе", "Буке")] == \
        ["Зоя", "Зоя", "Лис", "Тётя Ася", "Бука"]
    # the nominative (the account itself), another case, and no nick's form are not addresses
    assert [addressed_nick(n, nicks) for n in ("Зоя", "Зою", "Лиса", "Васька", "Тётя Ася", "")] == \
        [None] * 6


def test_a_nick_line_read_as_part_of_a_post_is_not_called_unread(tmp_path):
    """fresh user 27: «Зоя: …» kept in Ягуар's post was listed under «не прочитано» though it
    was read (as his text); it is listed as read, to check, and only a line that is no post
    stays «не прочитано»."""
    cfg, store = make_game(tmp_path / "g")
    res = _import_text(cfg, tmp_path, "Ягуар » 07 дек 2026, 20:40\nГолосую за Лиса.\n\n"
                                      "просто строчка ни о чём\n\nЗоя: подумай ещё\n")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    read = [x for x in lines if "«Зоя: подумай ещё» прочитана как часть поста Ягуар" in x]
    assert read and all(x.startswith("  прочитано, проверьте: ") for x in read)
    assert not any(x.startswith("  не прочитано:") and "Зоя" in x for x in lines)



def test_close_day_warns_when_the_thread_was_loaded_before_the_days_end(tmp_path):
    """A fresh host loaded the thread at noon and closed the day in the evening: every player
    got the word point (DECISIONS.md §7) from a copy that missed the day's later posts, with
    no word that the copy was old. close-day now says when the thread was loaded, that the
    posts after it are not counted, and how many got the point by it; a copy loaded after the
    day's end gets no such line."""
    for name, loaded in (("old", DAY1_END - timedelta(hours=7)), ("new", DAY1_END + timedelta(minutes=2))):
        cfg, store = make_game(tmp_path / name)
        paste = tmp_path / f"{name}.txt"
        paste.write_text(PASTE_DAY1, encoding="utf-8")
        _mtime(paste, loaded)
        assert _run(cfg, "forum", "import", str(paste)).exit_code == 0
        rep = close_day(cfg, store, now=DAY1_END + timedelta(minutes=10))
        stale = [line for line in rep.thread if line.startswith("ветка загружена ")]
        if name == "new":
            assert stale == []
            continue
        under = next(line for line in rep.thread if line.startswith("меньше 66 слов в ветке"))
        assert stale == [f"ветка загружена 08.12 12:30, раньше конца дня 1 (08.12 19:30): посты после "
                         f"этого не посчитаны, а штрафное очко за слова по ней получили "
                         f"{under.count(' — ')} из 8 игроков; если ветка неполная — reopen-day 1, "
                         "forum sync или forum import, close-day"]


def test_a_post_number_before_the_date_is_no_author():
    """A phpBB copy with «Сообщение #2 07 дек 2026, 21:00» under the author's name: a fresh
    host's posts were read as written by «#2 07 дек 2026» (an outsider) and their votes lost.
    The number is the forum's; the author is the line above, the time is the rest."""
    from datetime import datetime, timezone

    from mailer.forum.textpaste import read_text

    text = ("Шерлок\nСообщение #2 07 дек 2026, 21:00\nГолосую за Барсука. Он мутный.\n\n"
            "Кирилл\n#3 07 дек 2026, 21:05\nЛинч: Барсук\n")
    fetched = datetime(2026, 12, 8, tzinfo=timezone.utc)
    page = read_text(text, "Europe/Moscow", fetched, fetched)
    assert [(p.author, p.at.strftime("%d %H:%M"), p.text) for p in page.posts] == [
        ("Шерлок", "07 18:00", "Голосую за Барсука. Он мутный."), ("Кирилл", "07 18:05", "Линч: Барсук")]
    assert page.problems == []
