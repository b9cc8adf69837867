"""``mafia-mail forum forget``: take stored posts back out (a file imported by mistake, a day
read from the wrong topic), so that ``forum tally`` and ``close-day`` no longer count them.

A fresh host (s46) imported another game's thread into an open day and saw 21 players get an
autokill point at close-day, with no way to undo the import. Posts are selected by the day
whose window holds them (:func:`mailer.forum.tally.day_of`) and/or by the import they were
first stored by (``ForumPost.source``: a file's name, or the topic's page address for
``forum sync``). Posts of a closed day stored before its (latest) close are never removed:
that day's results were made from them (``reopen-day`` first); those stored after it were not
(a paste dated into a day already closed), and go. The pages' HTTP validators are dropped with the posts, so the
next ``forum sync`` downloads every page again and stores anew whatever the topic holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sqlmodel import select

from ..store import DayRow, Game, Store, utc
from .db import ForumPage, ForumPost
from .model import ForumError

__all__ = ["ForgetReport", "forget_posts"]


@dataclass
class ForgetReport:
    """What :func:`forget_posts` did: ``removed`` posts, ``per_day`` day → removed (None: no
    day's, before the start or after the known days), ``kept_closed`` day → posts matched
    but kept (the day is closed), ``pages_reset``: page validators dropped; ``unknown``: the
    ``source`` names that no stored post came from, each with its «может быть, …?» hint
    (:func:`mailer.inputs.close_hint`: a stored import close to it, else ""), and
    ``stored``: the imports the stored posts came from, in name order."""

    removed: int = 0
    per_day: dict[int | None, int] = field(default_factory=dict)
    kept_closed: dict[int, int] = field(default_factory=dict)
    pages_reset: int = 0
    unknown: dict[str, str] = field(default_factory=dict)
    stored: list[str] = field(default_factory=list)


def forget_posts(store: Store, *, day: int | None = None,
                 source: str | tuple[str, ...] | None = None) -> ForgetReport:
    """Remove the stored posts of day ``day`` and/or first stored from ``source`` (a file name as
    ``forum import`` was given it, its path or its name alone; or a page address; or several
    of them, a tuple), except those
    a closed day's close read (stored before it); drop every page's HTTP validators when any
    post is removed. One transaction. Returns what was done (:class:`ForgetReport`).

    Raises:
        ForumError: neither ``day`` nor ``source`` given, no game yet, or ``day`` is not a day
            of the game so far (Russian message).
    """
    from .tally import day_of, windows
    from .today import posts_closed_at

    if day is None and not source:
        raise ForumError("укажите день (--day) или загрузку (--source): что удалить")
    report = ForgetReport()
    with store.session() as s:
        game = s.get(Game, 1)
        if game is None:
            raise ForumError("игры ещё нет: сначала mafia-mail init")
        if day is not None and not 1 <= day <= game.current_day:
            raise ForumError(f"дня {day} в игре нет: идёт день {game.current_day}")
        closed = {r.day: posts_closed_at(utc(r.closed_at), utc(r.last_closed_at), r.status)
                  for r in s.exec(select(DayRow)) if r.status == "closed"}
        sources = (source,) if isinstance(source, str) else tuple(source or ())
        names = {n for src in sources for n in (src, Path(src).name)}
        wins = windows(s, game, game.current_day)
        posts = list(s.exec(select(ForumPost)))
        _unknown_sources(report, sources, {p.source for p in posts if p.source})
        for post in posts:
            if names and post.source not in names:
                continue
            at = day_of(utc(post.at), wins)
            if day is not None and at != day:
                continue
            if at in closed and (post.stored_at is None or closed[at] is None or
                                 utc(post.stored_at) <= closed[at]):
                report.kept_closed[at] = report.kept_closed.get(at, 0) + 1
                continue  # (read by that day's close: its results were made with it)
            s.delete(post)
            report.removed += 1
            report.per_day[at] = report.per_day.get(at, 0) + 1
        if report.removed:
            for page in s.exec(select(ForumPage)):
                page.etag = page.last_modified = None
                page.digest = ""
                s.add(page)
                report.pages_reset += 1
    return report


def _unknown_sources(report: ForgetReport, sources: tuple[str, ...], stored: set[str]) -> None:
    """Fill ``report.unknown`` with the typed ``sources`` no stored post came from (neither as
    typed nor by the file's name alone) and their hints, and ``report.stored``."""
    from ..inputs import close_hint

    report.stored = sorted(stored)
    for src in sources:
        if src not in stored and Path(src).name not in stored:
            report.unknown[src] = close_hint(src, stored) or close_hint(Path(src).name, stored)
