"""Each player's thread words of one day for ``status`` (read with the standard library's
``sqlite3``, as :func:`mailer.status.read_status` reads; no SQLAlchemy import)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

_FORMAT = "%Y-%m-%d %H:%M:%S.%f"


def _parse(text: str) -> datetime:
    value = datetime.fromisoformat(text)
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


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
    minute = timedelta(minutes=1)
    begin = (_parse(rows[day - 1]).replace(second=0, microsecond=0) + minute
             if day - 1 in rows else start)
    end = _parse(rows[day]).replace(second=0, microsecond=0) + minute
    fmt = lambda t: t.astimezone(timezone.utc).strftime(_FORMAT)  # noqa: E731
    return dict(con.execute(
        "SELECT nick, sum(words) FROM forumpost WHERE kind = 'player' AND deleted = 0 "
        "AND at >= ? AND at < ? GROUP BY nick", (fmt(begin), fmt(end))).fetchall())
