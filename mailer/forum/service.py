"""``forum import`` and ``forum sync``: read pages, store each post once by its id (an edited
post replaces its stored text), and say how many new posts each day got (FORUM.md).

Every import or sync is one transaction: a failure stores nothing of it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from sqlmodel import Session, select

from ..store import DayRow, Game, Store, to_db, utc
from ..when import clock_offset
from .db import ForumPost
from .model import ForumError, PageRead, Post
from .settings import ForumSettings, forum_settings
from .words import count_words

UTC = timezone.utc


@dataclass
class StoreReport:
    """What an import or sync did: ``new``/``updated`` posts, ``per_day`` day → new posts
    (None: before the game or after the known days), ``before_start`` of those the new
    posts before the game's start (no day's, FORUM.md), ``problems`` (Russian lines: what was
    not read), ``notes`` (Russian lines: what was read in a way to check, :class:`PageRead`),
    ``pages`` fetched or read, ``not_modified`` pages answered 304."""

    new: int = 0
    updated: int = 0
    same: int = 0
    #: posts whose stored version was read from a later copy than this one (an older paste
    #: or page imported again): the stored text kept
    older: int = 0
    per_day: dict[int | None, int] = field(default_factory=dict)
    before_start: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    pages: int = 0
    not_modified: int = 0
    engine: str = ""
    #: posts dated later than the moment they were read: (author, aware UTC time)
    ahead: list[tuple[str, datetime]] = field(default_factory=list)
    #: the closed days among ``per_day``'s: new posts stored into a day already resolved
    closed_days: set[int] = field(default_factory=set)
    #: new posts by accounts matched to no player and not the host's: author → posts (their
    #: votes and words count for nobody, FORUM.md «Author»; a misread paste shows here first)
    outsiders: dict[str, int] = field(default_factory=dict)
    #: the game's last stored day (the open one, or the last of a game over) and whether it
    #: is open: ``per_day``'s days after it are calendar days not open yet (forum sync names
    #: their posts as after that day's deadline, never as a day that does not exist)
    last_day: int | None = None
    last_day_open: bool = False
    #: day windows by the last day they reach (computed once per run, see store_posts)
    windows: dict = field(default_factory=dict, repr=False)


def refresh_authors(s: Session, settings: ForumSettings) -> None:
    """Match every stored post's account to a player again (the config may have changed)."""
    for post in s.exec(select(ForumPost)):
        kind, nick = settings.who(post.author)
        if (kind, nick) != (post.kind, post.nick):
            post.kind, post.nick = kind, nick
            s.add(post)


def store_posts(s: Session, settings: ForumSettings, posts: list[Post], report: StoreReport,
                source: str, now: datetime, seen: datetime | None = None) -> None:
    """Store ``posts``: new ids are added (one bulk insert), a changed text or edit time
    replaces the stored one (the first posting time stays; FORUM.md «Commands»: a post edited
    since it was read replaces its stored text) — unless the stored version was read from a
    later copy: ``seen`` (aware, the host's clock) is when this copy was read (a file's time,
    a page's download), and a copy read before the stored one's ``seen_at``, or whose own
    edit time is before the stored one's, is an older version: kept out
    (``report.older``)."""
    from sqlalchemy import insert

    from .tally import day_of, windows

    game = s.get(Game, 1)
    wins: list = []
    if game is not None:
        last = s.exec(select(DayRow).order_by(DayRow.day.desc())).first()
        if last is not None:
            report.last_day, report.last_day_open = last.day, last.status == "open"
        far = _far_day(s, game, posts)
        if far not in report.windows:
            report.windows[far] = windows(s, game, far)
        wins = report.windows[far]
    ids = list(dict.fromkeys(p.post_id for p in posts))
    existing: dict[str, ForumPost] = {}
    for k in range(0, len(ids), 500):
        chunk = ids[k:k + 500]
        existing.update((row.post_id, row) for row in
                        s.exec(select(ForumPost).where(ForumPost.post_id.in_(chunk))))
    edited = _edited_in_paste(s, posts, existing)
    fresh: dict[str, dict] = {}
    stamp = to_db(now)
    for k, post in enumerate(posts):
        kind, nick = settings.who(post.author)
        if utc(post.at) > now and kind != "host":  # a wrong zone or clock: the host is told
            report.ahead.append((post.author, utc(post.at)))
        old = existing.get(post.post_id) or edited.get(k)
        if old is None and post.post_id in fresh:
            report.same += 1  # the same post twice in one batch (overlapping pages)
            continue
        if old is not None:
            if old.text == post.text and old.deleted == post.deleted and \
                    utc(old.edited_at) == utc(post.edited_at):
                report.same += 1
                if seen is not None and (old.seen_at is None or utc(seen) > utc(old.seen_at)):
                    old.seen_at = to_db(seen)
                    s.add(old)
                continue
            if _older_copy(old, post, seen):
                report.older += 1
                continue
            old.seen_at = to_db(seen) if seen is not None else old.seen_at
            old.text, old.words, old.deleted = post.text, _words(post), post.deleted
            old.edited_at = to_db(post.edited_at) if post.edited_at else old.edited_at
            old.kind, old.nick, old.author = kind, nick, post.author
            old.untimed = post.untimed
            s.add(old)
            report.updated += 1
            continue
        fresh[post.post_id] = dict(
            post_id=post.post_id, author=post.author, nick=nick, kind=kind, at=to_db(post.at),
            edited_at=to_db(post.edited_at) if post.edited_at else None, text=post.text,
            words=_words(post), deleted=post.deleted, seq=post.seq, source=source,
            stored_at=stamp, untimed=post.untimed,
            seen_at=to_db(seen) if seen is not None else None)
        report.new += 1
        if kind == "outsider" and not post.deleted:
            report.outsiders[post.author] = report.outsiders.get(post.author, 0) + 1
        if kind != "host" and not post.deleted:
            day = day_of(post.at, wins)
            report.per_day[day] = report.per_day.get(day, 0) + 1
            if day is not None and day not in report.closed_days:
                row = s.get(DayRow, day)
                if row is not None and row.status == "closed":
                    report.closed_days.add(day)
            if day is None and game is not None and post.at < utc(game.start):
                report.before_start += 1
    if fresh:
        s.execute(insert(ForumPost.__table__), list(fresh.values()))


def _older_copy(old: ForumPost, post: Post, seen: datetime | None) -> bool:
    """True when ``post`` is an older version of the stored ``old`` than the one stored: its
    own edit time is before the stored one's, or it was read (``seen``) before the stored
    version was (``old.seen_at``)."""
    if old.edited_at is not None and not post.deleted and (
            post.edited_at is None or utc(post.edited_at) < utc(old.edited_at)):
        return True
    return seen is not None and old.seen_at is not None and utc(seen) < utc(old.seen_at)


def _edited_in_paste(s: Session, posts: list[Post], existing: dict[str, ForumPost]
                     ) -> dict[int, ForumPost]:
    """The stored posts that ``posts`` of a text paste are edited versions of, by their
    index in ``posts``.

    A text paste has no forum post id (its ids come from author, time and text), so an edited
    post would be stored twice: both versions' words counted, the old vote kept. FORUM.md
    «Commands»: a post edited since it was read replaces its stored text. A pasted post with
    its own date whose id is not stored is the edit of the stored post of the same author and
    the same posting time, the same one of them in order where he posted several in that
    minute, when that stored post is not in this paste as it was (its id not among ``posts``).
    Undated «Ник: текст» lines (their time is the file's) and forum pages (real ids) are not
    matched."""
    ids = {p.post_id for p in posts}
    place: dict[tuple[str, datetime], int] = {}
    found: dict[int, ForumPost] = {}
    rows: dict[tuple[str, datetime], list[ForumPost]] = {}
    for k, post in enumerate(posts):
        if not post.post_id.startswith("t") or post.untimed:
            continue  # a forum's id, or a «Ник: текст» line given the file's time
        key = (post.author, utc(post.at))
        n = place[key] = place.get(key, -1) + 1
        if post.post_id in existing:
            continue
        if key not in rows:
            rows[key] = sorted(s.exec(select(ForumPost).where(ForumPost.author == post.author,
                                                              ForumPost.at == to_db(post.at))),
                               key=lambda r: (r.seq, r.stored_at or r.at, r.post_id))
        same = rows[key]
        if n < len(same) and same[n].post_id.startswith("t") and not same[n].untimed \
                and same[n].post_id not in ids and same[n] not in found.values():
            found[k] = same[n]
    return found


def _stored_texts(s: Session, name: str) -> list[str]:
    """The stored texts of the posts by account ``name`` (or by the player it names), for
    telling where a pasted quote of his ends (:func:`mailer.forum.textpaste._quotes`)."""
    low = name.lower().replace("ё", "е")
    return [p.text for p in s.exec(select(ForumPost))
            if low in (p.author.lower().replace("ё", "е"), (p.nick or "").lower().replace("ё", "е"))]


def _words(post: Post) -> int:
    """The stored word count of ``post``: its own count where the reader gave one
    (:attr:`Post.words`), else its text's (FORUM.md «Words»)."""
    return post.words if post.words is not None else count_words(post.text)


def _far_day(s: Session, game: Game, posts: list[Post]) -> int:
    last = max((utc(p.at) for p in posts), default=None)
    if last is None:
        return game.current_day
    from engine.calendar import day_of as calendar_day

    return max(game.current_day, calendar_day(last, utc(game.start), game.timezone, True) + 1)


def _undated_time(s: Session, fetched: datetime, now: datetime) -> datetime:
    """The time given to «Ник: текст» lines without a date: the file's time ``fetched``, kept
    inside the open day (they are that day's posts): an older file's lines get the moment the
    day began, a file saved after the day's deadline the deadline minute. An older file's
    lines are never moved past the import ``now``, though: they were written by then, and a
    close-day --early after the import must leave them in the day they were imported for
    (FORUM.md: a post belongs to the day whose span holds its time). So before the open day
    has begun (before the game's start) they stay before it, no day's posts."""
    from .tally import windows

    game = s.get(Game, 1)
    if game is None:
        return fetched
    row = s.get(DayRow, game.current_day)
    for day, start, end in windows(s, game, game.current_day):
        if day == game.current_day and row is not None:
            at = max(fetched, min(start, now))
            return min(at, max(start, end - _MINUTE)) if end > start else at
    return fetched


from datetime import timedelta  # noqa: E402

_MINUTE = timedelta(minutes=1)


def read_page(content: bytes | str, settings: ForumSettings, *, url: str | None, fetched: datetime,
              undated: datetime | None = None, engine: str | None = None,
              stored=None) -> PageRead:
    """Read one page: a text paste with the ``text`` engine, an HTML page with ``engine``
    (default the configured one; ``auto`` or ``text``: recognised from the page).
    ``stored``: name → texts of that account's stored posts, for a paste's copied quotes
    (:func:`mailer.forum.textpaste.read_text`)."""
    from .readers import detect, read_html
    from .textpaste import read_text

    text = content if isinstance(content, str) else _decode(content)
    from .readers import looks_html

    if not looks_html(text):  # a text paste, whatever engine the forum has
        from .textpaste import addressed_nick

        nicks = tuple(dict.fromkeys(settings.accounts.values()))
        return read_text(text, settings.timezone, fetched, undated or fetched,
                         known=lambda name: settings.who(name)[0] != "outsider",
                         addressed=lambda name: addressed_nick(name, nicks), stored=stored)
    engine = engine or settings.engine
    if engine in ("auto", "text"):  # an HTML page is never read as text
        engine = detect(text)
    return read_html(engine, text, url=url, tz=settings.timezone, fetched=fetched)


def _decode(raw: bytes) -> str:
    from selectolax.lexbor import LexborHTMLParser  # noqa: F401  (only to fail early if missing)

    head = raw[:4096].lower()
    for enc in ("utf-8",):
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            pass
    if b"windows-1251" in head or b"cp1251" in head:
        return raw.decode("cp1251", errors="replace")
    from charset_normalizer import from_bytes

    best = from_bytes(raw).best()
    return str(best) if best is not None else raw.decode("cp1251", errors="replace")


def import_files(cfg, store: Store, paths: list[str], *, now: datetime) -> StoreReport:
    """``forum import FILE...``: saved pages (any order, overlapping) or a text paste.

    Relative times count from each file's modification time, moved onto the host's clock
    ``now`` (``MAFIA_MAIL_NOW`` in a rehearsal, :func:`mailer.when.clock_offset`, as a Maildir
    letter's time is); undated lines get the file's time kept inside the open day
    (:func:`_undated_time`). One transaction.

    Raises:
        ForumError: a file cannot be read (Russian message); nothing is stored then.
    """
    settings = forum_settings(cfg)
    report = StoreReport()
    with store.session() as s:
        if s.get(Game, 1) is None:
            raise ForumError("игры ещё нет: сначала mafia-mail init")
        for name in paths:
            path = Path(name)
            try:
                raw = path.read_bytes()
                mtime = datetime.fromtimestamp(os.stat(path).st_mtime, UTC)
            except OSError as exc:
                from ..clickru import OS_ERRORS  # the OS's English text, said in Russian

                why = str(exc.strerror or exc)
                raise ForumError(f"не могу прочитать файл {name}: {OS_ERRORS.get(why, why)}") from None
            # «сегодня», «вчера», «назад» count on the host's clock (the machine's clock set
            # the file's time); an undated line's time is the file's on that same clock (a
            # paste's moment is its file's, FORUM.md «Day of a post», not the day's start),
            # kept inside the open day (_undated_time). A time on the host's clock after the
            # import cannot be when the file was saved: its own time is taken then (a file
            # dated on the game's clock in a rehearsal)
            fetched = mtime + clock_offset(now)
            page = read_page(raw, settings, url=None, fetched=fetched,
                             undated=_undated_time(s, fetched if fetched <= now else mtime, now),
                             stored=lambda name: _stored_texts(s, name))
            report.engine = report.engine or page.engine
            report.pages += 1
            report.problems += [f"{path.name}: {p}" for p in page.problems]
            report.notes += [f"{path.name}: {p}" for p in page.notes]
            if not page.posts and not page.problems and not page.notes:
                report.problems.append(f"{path.name}: не нашёл ни одного поста "
                                       f"(движок {page.engine})")
            store_posts(s, settings, page.posts, report, path.name, now,
                        fetched if fetched <= now else mtime)
        refresh_authors(s, settings)
    return report
