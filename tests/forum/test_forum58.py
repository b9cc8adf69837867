"""Session 58, a fresh host's trial of ``forum sync`` on phpBB-style pages served on
127.0.0.1 and ``close-day``: a re-sync that found every page unchanged proves the thread
complete; the «loaded at» minute is the host's clock's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from click.testing import CliRunner

from mailer.cli import main

from .game import DAY1_END, make_game
from .pages import URLS, P, msk, render
from .topic_server import TopicServer

#: day 1's thread (ends 08.12 19:30 Moscow): short posts, every poster under 66 words
DAY1 = [[P(301, "Ягуар", msk(7, 20, 15), [("t", "Голосую за Лиса.")]),
         P(302, "Зоя", msk(7, 21, 0), [("t", "Линч Гному.")])],
        [P(303, "Гном", msk(8, 12, 0), [("t", "Линч Лису.")])],
        [P(304, "Кузя", msk(8, 18, 40), [("t", "Голосую за Буку.")])]]


@pytest.fixture
def server():
    srv = TopicServer().start()
    yield srv
    srv.stop()


def _serve(srv: TopicServer, pages) -> str:
    """Serve ``pages`` as phpBB pages (the server's ``Date`` is its real clock); the topic's URL."""
    for n, html in enumerate(render("phpbb", pages, base=srv.base), start=1):
        srv.pages[URLS["phpbb"](n)] = html
    return srv.base + URLS["phpbb"](1)


def _run(cfg, at, *args):
    res = CliRunner().invoke(main, ["--config", str(cfg.path), *args], catch_exceptions=False,
                             env={"MAFIA_MAIL_NOW": at.isoformat(), "COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    return res.output


def test_a_resync_after_the_deadline_with_every_page_unchanged_proves_the_thread(tmp_path, server):
    """Finding 1: ``forum sync`` at 19:00, again after the 19:30 deadline (every page 304),
    then ``close-day``: it said «Ветка загружена 06.12 18:59, раньше конца дня 1 …» — the
    304s did not count as a load, and the minute was 18:59 for a clock at 19:00 (the HTTP
    ``Date`` has whole seconds, the rehearsal clock's offset had the fraction)."""
    url = _serve(server, DAY1)
    before = DAY1_END - timedelta(minutes=30)  # 08.12 19:00 Moscow
    # only the early sync: close-day names the sync's true minute
    cfg, _store = make_game(tmp_path / "early", url=url)
    _run(cfg, before, "forum", "sync")
    out = _run(cfg, DAY1_END + timedelta(minutes=10), "close-day")
    assert "Ветка загружена 08.12 19:00, раньше конца дня 1 (08.12 19:30)" in out
    # the same, and a second sync after the deadline that found every page unchanged
    cfg, _store = make_game(tmp_path / "again", url=url)
    _run(cfg, before, "forum", "sync")
    server.reset()
    out = _run(cfg, DAY1_END + timedelta(minutes=5), "forum", "sync")
    assert "Страниц скачано: 0; не изменились (304): 3." in out and len(server.fetched(304)) == 3
    out = _run(cfg, DAY1_END + timedelta(minutes=10), "close-day")
    assert "Ветка загружена" not in out and "День 1 закрыт." in out


def test_a_resync_that_failed_midway_proves_nothing(tmp_path, server):
    """A re-sync after the deadline that found page 1 unchanged and then failed on page 2 did
    not check every page: close-day still names the last complete load (19:00)."""
    url = _serve(server, DAY1)
    cfg, _store = make_game(tmp_path / "g", url=url)
    _run(cfg, DAY1_END - timedelta(minutes=30), "forum", "sync")
    server.fail[URLS["phpbb"](2)] = 1
    res = CliRunner().invoke(main, ["--config", str(cfg.path), "forum", "sync"],
                             env={"MAFIA_MAIL_NOW": (DAY1_END + timedelta(minutes=5)).isoformat()})
    assert res.exit_code == 1 and "сервер ответил 500" in res.output
    out = _run(cfg, DAY1_END + timedelta(minutes=10), "close-day")
    assert "Ветка загружена 08.12 19:00, раньше конца дня 1 (08.12 19:30)" in out


def test_close_day_lists_the_flags_forum_tally_shows(tmp_path, server):
    """Finding 3: «пишет мёртвый» posts and «правка после срока» edits were only in ``forum
    tally``; a host who ran close-day alone missed them. close-day lists them in its block of
    what the host decides (FORUM.md: a flag applies nothing). The scenario's day 1: Гном's
    vote post 108 edited at 20:00, after the 19:30 deadline; day 2: Лис, hanged on day 1,
    posts at 21:00 (post 111)."""
    from .pages import FETCHED, PAGES

    for n, html in enumerate(render("phpbb", base=server.base), start=1):
        server.pages[URLS["phpbb"](n)] = html
        server.dates[URLS["phpbb"](n)] = FETCHED[n - 1]
    cfg, _store = make_game(tmp_path / "g", url=server.base + URLS["phpbb"](1))
    res = CliRunner().invoke(main, ["--config", str(cfg.path), "forum", "sync"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    out = _run(cfg, DAY1_END + timedelta(hours=2), "close-day")
    block = out[out.index("РЕШАЕТ ВЕДУЩИЙ"):]
    assert ("! Посты дня 1, отредактированные после конца дня («правка после срока») — голос и "
            "слова посчитаны по тексту после правки") in " ".join(block.split())
    assert "Гном — пост 108, правка 08.12.2026 20:00." in " ".join(block.split())
    assert "пишет мёртвый" not in out
    out = _run(cfg, DAY1_END + timedelta(days=1, minutes=10), "close-day", "--yes")
    block = " ".join(out[out.index("РЕШАЕТ ВЕДУЩИЙ"):].split())
    assert ("! Посты выбывших игроков в ветке дня 2 («пишет мёртвый») — не посчитаны, ни голос, ни "
            "слова (правила разрешают мёртвым только флуд; решает ведущий;") in block
    assert "Лис — пост 111." in block and "правка после срока" not in block


def test_bbcode_says_letter_votes_change_the_count_and_names_them_to_the_host(tmp_path):
    """Finding 4: ``forum tally --bbcode`` showed «Бука — 2: Гоша, Кузя» though Гоша's later
    letter moved his vote, and the host published a count the newspaper contradicts. The
    post (FORUM.md: «a vote count ready to post», its text free) gets a line under the count
    that letter votes are not shown, naming nobody; the host gets, on stderr, the players
    whose vote in the post is not the one close-day counts."""
    from mailer.sync import sync

    from .game import START
    from .test_forum_rules import _letter, _paste

    cfg, store = make_game(tmp_path / "g")
    _run(cfg, START + timedelta(hours=4), "forum", "import", _paste(
        tmp_path, "t.txt", "Гоша\n07.12.2026, 20:00\nГолосую за Буку.\n\n"
                           "Кузя\n07.12.2026, 20:10\nЛинч Буке.\n"))
    res = CliRunner().invoke(main, ["--config", str(cfg.path), "forum", "tally", "--bbcode"],
                             catch_exceptions=False)
    assert "письмами" not in res.stdout and res.stderr == ""  # no letter vote: the post as before
    _letter(cfg, 5, START + timedelta(hours=2), "Линч Лису")  # Гоша, after his post
    _letter(cfg, 2, START + timedelta(hours=2), "Линч Гному")  # Зоя, by letter only
    sync(cfg, store, now=START + timedelta(hours=3))
    res = CliRunner().invoke(main, ["--config", str(cfg.path), "forum", "tally", "--bbcode"],
                             catch_exceptions=False)
    assert res.exit_code == 0
    post = res.stdout.splitlines()
    assert post[1:3] == ["[b]Бука[/b] — 2: Гоша, Кузя",
                         "[i]Голоса письмами ведущему здесь не показаны: итог дня может отличаться.[/i]"]
    assert "Зоя" not in res.stdout and "Лис" not in res.stdout.split("Не голосовали")[0]
    said = " ".join(res.stderr.split())
    assert said.startswith("Внимание (ведущему, не для поста): подсчёт в посте не совпадёт с итогом дня")
    assert ("в посте голос из ветки, но позже пришло письмо с голосом или его снятием (close-day "
            "засчитает письмо): "
            "Гоша (в посте — за Буку); голосовали только письмом, в посте их голосов нет: Зоя") in said


def test_posts_after_the_open_days_deadline_say_the_day_is_not_open(tmp_path):
    """Finding 5: ``forum sync`` said «день 2: новых постов 1» while day 1 was still open (its
    deadline past, close-day not run) and day 2 did not exist. FORUM.md counts new posts per
    day by the calendar's window, so the count stays; the line says the day is not open yet
    and that they are posts after day 1's deadline."""
    from .test_forum_rules import _paste

    cfg, _store = make_game(tmp_path / "g")
    out = _run(cfg, DAY1_END + timedelta(hours=1), "forum", "import", _paste(
        tmp_path, "t.txt", "Гоша\n08.12.2026, 19:00\nГолосую за Буку.\n\n"
                           "Кузя\n08.12.2026, 20:10\nЛинч Буке.\n\nЗоя\n08.12.2026, 20:20\nПривет.\n",
        when=DAY1_END + timedelta(hours=1)))
    lines = out.splitlines()
    assert "  день 1: новых постов 1" in lines
    assert ("  день 2: новых постов 2 — дня 2 ещё нет: это посты после срока дня 1; в день 1 они "
            "не входят, а войдут в день 2, когда его откроет close-day") in lines
