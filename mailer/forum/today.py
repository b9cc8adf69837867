"""Each player's thread words and posts of one day for ``status``: :func:`words_today` and
:func:`posts_today` read a SQLite game with the standard library's ``sqlite3``, as
:func:`mailer.status.read_status` reads (no SQLAlchemy import); :func:`words_today_sql` and
:func:`posts_today_sql` read any database through SQLAlchemy (the SQLModel path of
``status``, PostgreSQL). All count the same window."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

_FORMAT = "%Y-%m-%d %H:%M:%S.%f"


def _parse(text: str) -> datetime:
    value = datetime.fromisoformat(text)
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def day_end(deadline: datetime, closed_at: datetime | None, status: str) -> datetime:
    """When a stored day ended (aware UTC, exclusive): the minute after its deadline minute,
    or, for a day closed before that (close-day --early), the moment it was closed: the next
    day began then (DECISIONS.md §2), as it did for letters (:func:`mailer.stamp.stamp`).
    A day closed early before it began (before the game's start) still ends at its close;
    :func:`spans` gives it no time then. ``closed_at``: :func:`posts_closed_at` (a day
    reopened with ``reopen-day`` ends at its latest close, and at its deadline while open
    again, as its letters do)."""
    end = deadline.replace(second=0, microsecond=0) + timedelta(minutes=1)
    if closed_at is not None:
        end = min(end, closed_at)
    return end


def posts_closed_at(closed_at: datetime | None, last_closed_at: datetime | None,
                    status: str) -> datetime | None:
    """The close that ends a stored day's thread posts (aware UTC, or None: its deadline
    does), given its row's ``closed_at`` (first close), ``last_closed_at`` (latest close) and
    ``status``. The same rule as its letters (:func:`mailer.stamp.letters_closed_at`): a
    closed day ends at its latest close (``reopen-day`` then ``close-day`` again), so a post
    written after an early close of day N but before day N's close that stands is day N's;
    a day open again after ``reopen-day`` is not closed at all, so a post written then on
    time for its deadline is the reopened day's. An older row without ``last_closed_at``:
    its ``closed_at``."""
    if status != "closed":
        return None
    return last_closed_at or closed_at


def _sql_rows(s, day: int) -> dict[int, tuple]:
    """``{day: (deadline, closed, status)}`` (aware UTC; ``closed``: :func:`posts_closed_at`)
    of the stored days up to ``day``, through SQLAlchemy in the session ``s``."""
    from sqlalchemy import select

    from ..store import DayRow, utc

    c = DayRow.__table__.c
    return {row.day: (utc(row.deadline), posts_closed_at(utc(row.closed_at), utc(row.last_closed_at), row.status),
                      row.status)
            for row in s.execute(select(c.day, c.deadline, c.closed_at, c.last_closed_at, c.status)
                                 .where(c.day <= day))}


def _sqlite_rows(con, day: int) -> dict[int, tuple]:
    """:func:`_sql_rows` from an open ``sqlite3`` connection (a database made before
    ``last_closed_at`` existed: its ``closed_at``)."""
    import sqlite3

    try:
        found = con.execute("SELECT day, deadline, closed_at, last_closed_at, status FROM dayrow "
                            "WHERE day <= ?", (day,)).fetchall()
    except sqlite3.OperationalError:
        found = [(d, t, c, None, st) for d, t, c, st in con.execute(
            "SELECT day, deadline, closed_at, status FROM dayrow WHERE day <= ?", (day,)).fetchall()]
    return {d: (_parse(t), posts_closed_at(_parse(c) if c else None, _parse(last) if last else None, st), st)
            for d, t, c, last, st in found}


def spans(start: datetime, rows: dict[int, tuple]) -> dict[int, tuple[datetime, datetime]]:
    """``{day: (begin, end)}`` (aware UTC, end exclusive) of the stored days 1, 2, … for the
    thread's posts (FORUM.md «Day of a post»): day 1 begins at the game's ``start``, each later
    day where the day before ended, each day ends at :func:`day_end`. Posts before the start
    belong to no day, so a span never begins before ``start`` and never ends before it begins:
    a day that ended before it began (closed early before the start, or with a deadline
    before the start) is empty, ``begin == end``, and holds no post. ``rows``: ``(deadline,
    closed_at, status)``, aware, by day; a missing day ends the chain."""
    out: dict[int, tuple[datetime, datetime]] = {}
    begin = start
    day = 1
    while day in rows:
        end = max(day_end(*rows[day]), begin)
        out[day] = (begin, end)
        begin, day = end, day + 1
    return out


def _window(rows: dict[int, tuple], day: int, start: datetime) -> tuple[datetime, datetime] | None:
    """[begin, end) of ``day``'s posts (:func:`spans`), or None when ``day`` is not stored."""
    return spans(start, rows).get(day)


def words_today_sql(s, day: int, start: datetime) -> dict[str, int] | None:
    """:func:`words_today` through SQLAlchemy in the session ``s`` (any database)."""
    from sqlalchemy import false, func, select

    from .db import ForumPost

    post = ForumPost.__table__.c
    if s.execute(select(post.post_id).limit(1)).first() is None:
        return None
    window = _window(_sql_rows(s, day), day, start)
    if window is None:
        return None
    begin, end = window
    return {nick: int(words) for nick, words in s.execute(
        select(post.nick, func.sum(post.words))
        .where(post.kind == "player", post.deleted == false(), post.at >= begin, post.at < end)
        .group_by(post.nick))}


def words_today(con, day: int, start: datetime) -> dict[str, int] | None:
    """``{nick: words}`` of the players' posts of ``day`` in an open ``sqlite3`` connection,
    or None when the thread holds no post at all. ``start``: aware start of day 1.

    The day's window: :func:`spans` (from the previous day's end, its deadline minute or its
    early close, to this day's; never before the game's start)."""
    try:
        if con.execute("SELECT 1 FROM forumpost LIMIT 1").fetchone() is None:
            return None
        rows = _sqlite_rows(con, day)
    except Exception:  # an older database without the table
        return None
    window = _window(rows, day, start)
    if window is None:
        return None
    begin, end = window
    fmt = lambda t: t.astimezone(timezone.utc).strftime(_FORMAT)  # noqa: E731
    return dict(con.execute(
        "SELECT nick, sum(words) FROM forumpost WHERE kind = 'player' AND deleted = 0 "
        "AND at >= ? AND at < ? GROUP BY nick", (fmt(begin), fmt(end))).fetchall())


def thread_key(at: datetime, post_id: str, seq: int | None) -> tuple:
    """The sort key of a post in thread order: its time (aware), then the forum's post id
    (numeric ids by number, others after them), then its position on the page. One order
    for the tally (:func:`mailer.forum.tally.day_tally`) and ``status``."""
    return (at, int(post_id) if post_id.isdigit() else 1 << 62, seq or 0, post_id)


def _thread_order(rows) -> list[tuple[str, str]]:
    """``(nick, text)`` of ``rows`` ``(nick, text, at, post_id, seq)`` in thread order
    (:func:`thread_key`)."""
    def key(r):
        at = _parse(r[2]) if isinstance(r[2], str) else r[2].replace(tzinfo=r[2].tzinfo or timezone.utc)
        return thread_key(at, str(r[3]), r[4])
    return [(r[0], r[1]) for r in sorted(rows, key=key)]


def posts_today(con, day: int, start: datetime, nicks: set[str]) -> list[tuple[str, str]]:
    """``(nick, text)`` of the posts of ``nicks`` in ``day``'s window (:func:`spans`) in an
    open ``sqlite3`` connection, in thread order; [] without a thread or such posts."""
    if not nicks:
        return []
    try:
        window = _window(_sqlite_rows(con, day), day, start)
        if window is None:
            return []
        fmt = lambda t: t.astimezone(timezone.utc).strftime(_FORMAT)  # noqa: E731
        marks = ", ".join("?" * len(nicks))
        found = con.execute(
            "SELECT nick, text, at, post_id, seq FROM forumpost WHERE kind = 'player' AND deleted = 0 "
            f"AND at >= ? AND at < ? AND nick IN ({marks})", (fmt(window[0]), fmt(window[1]), *sorted(nicks))).fetchall()
    except Exception:  # an older database without the table
        return []
    return _thread_order(found)


def posts_today_sql(s, day: int, start: datetime, nicks: set[str]) -> list[tuple[str, str]]:
    """:func:`posts_today` through SQLAlchemy in the session ``s`` (any database)."""
    from sqlalchemy import false, select

    from .db import ForumPost

    if not nicks:
        return []
    window = _window(_sql_rows(s, day), day, start)
    if window is None:
        return []
    post = ForumPost.__table__.c
    found = s.execute(select(post.nick, post.text, post.at, post.post_id, post.seq).where(
        post.kind == "player", post.deleted == false(), post.at >= window[0], post.at < window[1],
        post.nick.in_(sorted(nicks)))).all()
    return _thread_order([tuple(r) for r in found])


def thread_voters_sql(s, ctx, want: set[str], start: datetime) -> set[str]:
    """Those of ``want`` whose standing vote in the open day's forum thread is a vote
    (:func:`mailer.forum.vote_read.thread_voters` of :func:`posts_today_sql`), as close-day
    counts it: for a reply («голоса в письме нет») and a reminder. ``ctx``: the open day
    (:class:`mailer.day.context.Context`: ``day``, ``state``, ``info``); ``start``: the
    game's start (aware UTC). None under «Тайна» (votes only by letter)."""
    if not want or ctx.info.event == "secret":
        return set()
    posts = posts_today_sql(s, ctx.day, start, want)
    if not posts:
        return set()
    from .vote_read import thread_voters

    return set(thread_voters(posts, ctx.state, ctx.info, want))
