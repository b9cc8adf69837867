"""Measure: ``mafia-mail forum sync`` of a 3,000-post topic (150 pages of 20, phpBB 3 markup
from tests/forum/pages.py) served by a real HTTP server on 127.0.0.1, then a second sync after
one new page appears (issue 16: first sync under 10 s; the second downloads at most two
pages). Both as child processes, so both include interpreter start-up."""

from __future__ import annotations

import random
import sqlite3
from datetime import timedelta

from benchmarks.common import MAFIA_MAIL, Context, Row, fmt_s, run_child

NAME = "forum_sync"
TARGET_S = 10.0
PER_PAGE = 20
WORDS = ("мафия лис голос думаю точно ночью вчера сегодня подозрительно молчит пишет вижу "
         "кажется странно ход игра день город мирный версия логика").split()


def topic(n_posts: int, seed: int = 16):
    """``n_posts`` posts (tests.forum.pages.P) over days 1–3, some quoting, some voting."""
    from forum.game import PLAYERS
    from forum.pages import P, msk

    rnd = random.Random(seed)
    authors = [nick if not forum else forum for nick, _, forum in PLAYERS] + ["Кот Матроскин", "Ведущий"]
    nicks = [nick for nick, _, _ in PLAYERS]
    start = msk(7, 19, 40)
    step = timedelta(days=2.9) / n_posts
    posts = []
    for k in range(n_posts):
        body = [("t", " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(8, 60))))]
        if k and rnd.random() < 0.2:
            body.insert(0, ("q", rnd.choice(authors), [("t", "цитата " * 5)]))
        if rnd.random() < 0.1:
            body.append(("t", f"Голосую за {rnd.choice(nicks)}."))
        if rnd.random() < 0.05:
            body.append(("smile", ":)"))
        posts.append(P(100_000 + k, rnd.choice(authors), start + step * k, body,
                       sig="подпись" if rnd.random() < 0.3 else None))
    return [posts[i:i + PER_PAGE] for i in range(0, n_posts, PER_PAGE)]


def _stored(config) -> int:
    with sqlite3.connect(config.parent / "game.db") as db:
        return db.execute("select count(*) from forumpost").fetchone()[0]


def _serve(server, pages) -> None:
    from forum.pages import URLS, render

    for n, html in enumerate(render("phpbb", pages, base=server.base), start=1):
        server.pages[URLS["phpbb"](n)] = html


def _one(ctx: Context, n_posts: int, validators: bool):
    from forum.game import make_game
    from forum.pages import P, URLS, msk
    from forum.topic_server import TopicServer

    server = TopicServer(validators=validators).start()
    try:
        pages = topic(n_posts)
        _serve(server, pages)
        folder = ctx.workdir / f"forum-{n_posts}-{int(validators)}"
        cfg, store = make_game(folder, engine="phpbb", url=server.base + URLS["phpbb"](1))
        store.dispose()
        first = run_child([MAFIA_MAIL, "--config", str(cfg.path), "forum", "sync"])
        stored = _stored(cfg.path)
        if stored != n_posts:
            raise RuntimeError(f"first forum sync stored {stored} of {n_posts} posts")
        server.reset()
        pages.append([P(900_000 + k, "Зоя", msk(10, 12, k), [("t", "новый пост " * 10)])
                      for k in range(PER_PAGE)])
        _serve(server, pages)
        second = run_child([MAFIA_MAIL, "--config", str(cfg.path), "forum", "sync"])
        if _stored(cfg.path) != n_posts + PER_PAGE:
            raise RuntimeError("second forum sync did not store the new page")
        return first, second, len(server.fetched(200)), len(server.fetched(304)), len(pages)
    finally:
        server.stop()


def run(ctx: Context) -> list[Row]:
    n_posts = ctx.scale(3000, 3000, 200)
    first, second, downloads, revalidated, n_pages = _one(ctx, n_posts, validators=True)
    rows = [
        Row(measure=f"8. Forum sync, {n_posts:,}-post topic ({n_pages - 1} pages), first", measured=fmt_s(first.seconds),
            target=f"≤ {TARGET_S:.0f} s", ratio=f"{first.seconds / TARGET_S:.2f}× target",
            meets=first.seconds <= TARGET_S,
            detail=f"{n_posts} posts, {n_pages - 1} pages, 127.0.0.1 http.server; CPU {first.cpu:.2f} s",
            numbers={"seconds": first.seconds, "cpu": first.cpu, "posts": n_posts, "pages": n_pages - 1}),
        Row(measure="8. Forum sync, one new page (ETag)", measured=f"{downloads} pages downloaded",
            target="≤ 2 pages", ratio=f"{downloads}/2", meets=downloads <= 2,
            detail=f"{revalidated} pages answered 304; {fmt_s(second.seconds)}",
            numbers={"downloaded": downloads, "not_modified": revalidated, "seconds": second.seconds}),
    ]
    _, second_nv, downloads_nv, _, _ = _one(ctx, n_posts, validators=False)
    rows.append(Row(measure="8. Forum sync, one new page (no validators)",
                    measured=f"{downloads_nv} pages requested", target="≤ 2 pages",
                    ratio=f"{downloads_nv}/2", meets=downloads_nv <= 2,
                    detail=f"only the old last page and the new one; {fmt_s(second_nv.seconds)}",
                    numbers={"downloaded": downloads_nv, "seconds": second_nv.seconds}))
    return rows
