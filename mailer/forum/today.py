"""Each player's thread words of one day for ``status``: :func:`words_today` reads a SQLite
game with the standard library's ``sqlite3``, as :func:`mailer.status.read_status` reads (no
SQLAlchemy import); :func:`words_today_sql` reads any database through SQLAlchemy (the
SQLModel path of ``status``, PostgreSQL). Both count the same window."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

_FORMAT = "%Y-%m-%d %H:%M:%S.%f"


def _parse(text: str) -> datetime:
    value = datetime.fromisoformat(text)
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def _window(deadlines: dict[int, datetime], day: int, start: datetime) -> tuple[datetime, datetime]:
    """[begin, end) of ``day``'s posts: from the previous day's deadline minute (exclusive;
    ``start`` for day 1) to this day's (inclusive). ``deadlines``: aware, by day."""
    minute = timedelta(minutes=1)
    begin = (deadlines[day - 1].replace(second=0, microsecond=0) + minute
             if day - 1 in deadlines else start)
    return begin, deadlines[day].replace(second=0, microsecond=0) + minute


def words_today_sql(s, day: int, start: datetime) -> dict[str, int] | None:
    """:func:`words_today` through SQLAlchemy in the session ``s`` (any database)."""
    from sqlalchemy import false, func, select

    from ..store import DayRow
    from .db import ForumPost

    post = ForumPost.__table__.c
    if s.execute(select(post.post_id).limit(1)).first() is None:
        return None
    deadlines = {row.day: row.deadline for row in s.execute(
        select(DayRow.__table__.c.day, DayRow.__table__.c.deadline)
        .where(DayRow.__table__.c.day.in_((day - 1, day))))}
    if day not in deadlines:
        return None
    begin, end = _window(deadlines, day, start)
    return {nick: int(words) for nick, words in s.execute(
        select(post.nick, func.sum(post.words))
        .where(post.kind == "player", post.deleted == false(), post.at >= begin, post.at < end)
        .group_by(post.nick))}


def words_today(con, day: int, start: datetime) -> dict[str, int] | None:
    """``{nick: words}`` of the players' posts of ``day`` in an open ``sqlite3`` connection,
    or None when the thread holds no post at all. ``start``: aware start of day 1.

    The day's window: from the previous day's deadline minute (exclusive) to this day's."""
    try:
        if con.execute("SELECT 1 FROM forumpost LIMIT 1").fetchone() is None:
            return None
        rows = dict(con.execute("SELECT day, deadline FROM dayrow WHERE day IN (?, ?)",
                                (day - 1, day)).fetchall())
    except Exception:  # an older database without the table
        return None
    if day not in rows:
        return None
    begin, end = _window({d: _parse(t) for d, t in rows.items()}, day, start)
    fmt = lambda t: t.astimezone(timezone.utc).strftime(_FORMAT)  # noqa: E731
    return dict(con.execute(
        "SELECT nick, sum(words) FROM forumpost WHERE kind = 'player' AND deleted = 0 "
        "AND at >= ? AND at < ? GROUP BY nick", (fmt(begin), fmt(end))).fetchall())
