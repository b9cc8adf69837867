"""``forum sync`` against a real HTTP server on 127.0.0.1: pagination, ETag/304, a page that
changes, a server error in the middle (nothing stored twice or lost), no validators."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from click.testing import CliRunner
from sqlmodel import func, select

from mailer.cli import main
from mailer.forum.db import ForumPost

from .game import DAY1_END, make_game
from .pages import FETCHED, PAGES, URLS, P, expected_day1, msk, render
from .topic_server import TopicServer


@pytest.fixture
def server():
    srv = TopicServer().start()
    yield srv
    srv.stop()


def _serve(srv: TopicServer, engine: str, pages=None) -> None:
    url = URLS[engine]
    for n, html in enumerate(render(engine, pages, base=srv.base), start=1):
        srv.pages[url(n)] = html
        srv.dates[url(n)] = FETCHED[n - 1] if pages is None else msk(8, 21, 30)


def _run(cfg, *args):
    return CliRunner().invoke(main, ["--config", str(cfg.path), *args], catch_exceptions=False)


def _count(store) -> int:
    with store.session() as s:
        return s.exec(select(func.count()).select_from(ForumPost)).one()


@pytest.mark.parametrize("engine", ["phpbb", "vbulletin", "xenforo"])
def test_sync_reads_every_page_then_only_changes(tmp_path, server, engine):
    _serve(server, engine)
    cfg, store = make_game(tmp_path / "g", url=server.base + URLS[engine](1))
    res = _run(cfg, "forum", "sync")
    assert res.exit_code == 0, res.output
    assert server.fetched() == [URLS[engine](n) for n in (1, 2, 3)]
    assert "день 1: новых постов 6" in res.output and "день 2: новых постов 3" in res.output
    assert json.loads(_run(cfg, "forum", "tally", "--json").output) == expected_day1()
    server.reset()
    res = _run(cfg, "forum", "sync")
    assert server.fetched(200) == [] and len(server.fetched(304)) == 3
    assert "новых: 0" in res.output
    # Зоя edits her withdrawal into a vote: only page 2 is downloaded, the post replaced
    pages = [list(p) for p in PAGES]
    pages[1][2] = P(107, "Зоя", msk(8, 10, 0), [("t", "Голосую за Буку, передумала.")], relative=True)
    server.pages[URLS[engine](2)] = render(engine, pages, base=server.base)[1]
    server.dates[URLS[engine](2)] = FETCHED[1]
    server.reset()
    res = _run(cfg, "forum", "sync")
    assert server.fetched(200) == [URLS[engine](2)]
    assert "изменённых: 1" in res.output and _count(store) == 11
    zoya = json.loads(_run(cfg, "forum", "tally", "--json").output)["players"]["Зоя"]
    assert zoya == {"posts": 2, "words": 15, "votes": ["Бука"], "vote_post": "107"}


def test_server_error_in_the_middle_loses_nothing(tmp_path, server):
    _serve(server, "smf")
    server.fail[URLS["smf"](2)] = 1
    cfg, store = make_game(tmp_path / "g", url=server.base + URLS["smf"](1))
    res = _run(cfg, "forum", "sync")
    assert res.exit_code == 1 and "сервер ответил 500" in res.output
    assert _count(store) == 4  # page 1 kept
    server.reset()
    res = _run(cfg, "forum", "sync")
    assert res.exit_code == 0, res.output
    assert server.fetched(200) == [URLS["smf"](2), URLS["smf"](3)]
    assert _count(store) == 10  # SMF does not show the deleted post: 11 - 1, none twice
    assert json.loads(_run(cfg, "forum", "tally", "--json").output) == expected_day1()


def test_without_validators_only_the_last_page_is_asked_again(tmp_path):
    srv = TopicServer(validators=False).start()
    try:
        _serve(srv, "ucoz")
        cfg, store = make_game(tmp_path / "g", url=srv.base + URLS["ucoz"](1))
        assert _run(cfg, "forum", "sync").exit_code == 0
        srv.reset()
        _run(cfg, "forum", "sync")
        assert srv.fetched() == [URLS["ucoz"](3)]
        # a fourth page appears: the old last page (now with a «next» link) and the new one
        pages = [list(p) for p in PAGES] + [[P(112, "Бука", msk(8, 22, 0), [("t", "Голосую за Кузю")])]]
        for n, html in enumerate(render("ucoz", pages, base=srv.base), start=1):
            srv.pages[URLS["ucoz"](n)] = html
        srv.reset()
        res = _run(cfg, "forum", "sync")
        assert srv.fetched() == [URLS["ucoz"](3), URLS["ucoz"](4)]
        assert "день 2: новых постов 1" in res.output and _count(store) == 11
    finally:
        srv.stop()


def test_an_edit_after_close_leaves_the_closed_days_figures(tmp_path, server):
    """Зоя edits her day-1 post after day 1 was closed: the post is stored edited (FORUM.md),
    but the day's figures in export stay the ones close-day resolved the day with."""
    from mailer.day import close_day
    from mailer.export import export_game

    _serve(server, "phpbb")
    cfg, store = make_game(tmp_path / "g", url=server.base + URLS["phpbb"](1))
    assert _run(cfg, "forum", "sync").exit_code == 0
    close_day(cfg, store, now=DAY1_END + timedelta(minutes=10))
    before = export_game(cfg, store)
    assert "Зоя" in before
    pages = [list(p) for p in PAGES]
    pages[1][2] = P(107, "Зоя", msk(8, 10, 0), [("t", "Снимаю голос. Подумаю ещё раз, но голосую "
                                                      "теперь за Буку, вот так вот.")], relative=True)
    server.pages[URLS["phpbb"](2)] = render("phpbb", pages, base=server.base)[1]
    res = _run(cfg, "forum", "sync")
    assert "изменённых: 1" in res.output
    assert export_game(cfg, store) == before


def test_a_server_that_is_gone_is_told_in_russian(tmp_path, server):
    """A fresh host (s46) stopped his local forum server and ran ``forum sync``: the line read
    «не скачалась: [Errno 111] Connection refused». The reason is told in Russian, the pages
    read before are kept, and the next sync reads on."""
    _serve(server, "phpbb")
    cfg, store = make_game(tmp_path / "g", url=server.base + URLS["phpbb"](1))
    assert _run(cfg, "forum", "sync").exit_code == 0
    before = _count(store)
    base = server.base
    server.stop()
    res = _run(cfg, "forum", "sync")
    assert res.exit_code == 1
    assert "не скачалась: сервер не принимает соединения (отказ в соединении)" in res.output, res.output
    assert "Errno" not in res.output and "refused" not in res.output
    assert _count(store) == before and base.startswith("http://127.0.0.1:")
