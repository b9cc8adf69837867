"""A day of the thread counted for the host (FORUM.md «Definitions», «JSON of forum tally»):
per living player the posts, words and the standing vote; the vote count; who did not vote
and who wrote too few words; outsiders; the host's flags.

The day of a post is the day whose window holds its first posting time: day 1 starts at the
game's start, day N ends at its deadline minute (as letters, DECISIONS.md §8: with a 23:00
deadline a post at 23:00 still belongs to the day) or, closed early, at its close; the next
day starts right after. Posts before the start belong to no day: a day that ended before the
start (closed early, or with a deadline before it) holds none (:func:`windows`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, select

from engine.calendar import day_window
from engine.state import GameState

from ..store import DayRow, Game, loads, utc
from .db import ForumPost
from .today import thread_key
from .vote_read import read_post_vote, read_vote  # noqa: F401 (the vote a post makes, for the tally and status)

FLAG_ORDER = ("dead_posted", "forbidden_words", "edited_after_deadline")


@dataclass
class PlayerCount:
    """One living player's day: ``votes`` the standing vote's targets, ``vote_post`` its post
    id, ``vote_at`` its aware UTC time (None without a vote)."""

    posts: int = 0
    words: int = 0
    votes: list[str] = field(default_factory=list)
    vote_post: str | None = None
    vote_at: datetime | None = None
    withdrawn_at: datetime | None = None
    #: the standing vote's post is a pasted «Ник: текст» line: its time is the file's
    vote_untimed: bool = False


@dataclass
class DayTally:
    """What ``forum tally`` reports for one day (see :meth:`to_json`)."""

    day: int
    event: str
    start: datetime
    end: datetime
    posts: int = 0
    players: dict[str, PlayerCount] = field(default_factory=dict)
    tally: list[dict[str, Any]] = field(default_factory=list)
    not_voted: list[str] = field(default_factory=list)
    under_words: list[str] = field(default_factory=list)
    outsiders: list[dict[str, Any]] = field(default_factory=list)
    flags: list[dict[str, str]] = field(default_factory=list)
    #: Posts whose vote the rules refused (no vote): for the host's text and close-day's lines
    #: only, same keys as a flag with kind ``vote_refused``; not in the JSON (FORUM.md fixes
    #: its three flag kinds).
    refused: list[dict[str, str]] = field(default_factory=list)
    autokill_words: int = 66
    secret: bool = False
    votes_per_player: int = 1
    #: the day is closed (its results made): the host's text tells no close-day to come; not in
    #: the JSON (FORUM.md)
    closed: bool = False

    def to_json(self) -> dict[str, Any]:
        """The JSON object of FORUM.md exactly."""
        return {
            "day": self.day, "event": self.event, "posts": self.posts,
            "players": {n: {"posts": p.posts, "words": p.words, "votes": list(p.votes),
                            "vote_post": p.vote_post} for n, p in self.players.items()},
            "tally": self.tally, "not_voted": self.not_voted, "under_words": self.under_words,
            "outsiders": self.outsiders, "flags": self.flags,
        }


def _minute_after(at: datetime) -> datetime:
    return at.replace(second=0, microsecond=0) + timedelta(minutes=1)


def windows(s: Session, game: Game, upto: int | None = None, *,
            closing: datetime | None = None) -> list[tuple[int, datetime, datetime]]:
    """``(day, start, end)`` (aware UTC, end exclusive) of every stored day and of the
    calendar's days after them up to ``upto``: the stored days' spans
    (:func:`mailer.forum.today.spans`: a day ends at its deadline minute or when it was closed
    early — its latest close, :func:`mailer.forum.today.posts_closed_at` —, the next day
    begins then; an empty span for a day that ended before the game's
    start), then each calendar day up to its deadline minute. ``closing``: the open day is
    being closed at that moment (close-day): its span is the one it will have once closed."""
    from .today import posts_closed_at, spans

    state = GameState.from_json(loads(game.state_json))
    start = utc(game.start)
    rows = {}
    for r in s.exec(select(DayRow)):
        closed_at, status = posts_closed_at(utc(r.closed_at), utc(r.last_closed_at), r.status), r.status
        if closing is not None and r.status == "open":
            closed_at, status = closing, "closed"  # (a reopened day too: its new close)
        rows[r.day] = (utc(r.deadline), closed_at, status)
    out = [(day, begin, end) for day, (begin, end) in sorted(spans(start, rows).items())]
    begin = out[-1][2] if out else start
    for day in range(len(out) + 1, (upto or 0) + 1):
        end = max(begin, _minute_after(day_window(start, game.timezone, day, state.rules.weekend_merge)[1]))
        out.append((day, begin, end))
        begin = end
    return out


def day_of(at: datetime, wins: list[tuple[int, datetime, datetime]]) -> int | None:
    """The day whose window holds ``at``, or None (before the start, or after the last window;
    an empty window holds nothing)."""
    for day, start, end in wins:
        if start <= at < end:
            return day
    return None


def _order(post: ForumPost):
    return thread_key(utc(post.at), post.post_id, post.seq)


def _state_of(s: Session, game: Game, row: DayRow) -> GameState:
    if row.status == "closed" and row.state_before_json:
        return GameState.from_json(loads(row.state_before_json))
    from ..day import load_state

    return load_state(game)


def day_tally(s: Session, day: int | None = None, *, tz: str | None = None,
              closing: datetime | None = None) -> DayTally:
    """Count day ``day`` (default: the open day, else the last) from the stored posts.
    ``closing``: the open day is being closed at that moment (close-day): it is counted as it
    will stand once closed, up to that moment if it is before the deadline minute's end (the
    tally of the closed day is then the one that was resolved).

    Raises:
        mailer.forum.model.ForumError: no game, or no such day yet (Russian message).
    """
    from ..inputs import palms_words
    from ..day import day_info
    from .model import ForumError

    game = s.get(Game, 1)
    if game is None:
        raise ForumError("игры ещё нет: сначала mafia-mail init")
    day = game.current_day if day is None else day
    row = s.get(DayRow, day)
    if row is None and day == game.current_day and day > 1:
        day -= 1  # the game is over: its last day
        row = s.get(DayRow, day)
    if row is None:
        raise ForumError(f"дня {day} ещё нет")
    tz = tz or game.timezone
    state = _state_of(s, game, row)
    info = day_info(row)
    if info.immune:  # «Выбери меня!»: a thread vote for the partner he named is refused too
        from ..day.context import with_partner
        from ..day.in_place import standing_of

        info = with_partner(info, standing_of(s, info.immune, day))
    wins = windows(s, game, day, closing=closing)
    _, start, end = next(w for w in wins if w[0] == day)  # every stored day has a window
    posts = sorted(s.exec(select(ForumPost).where(ForumPost.at >= start, ForumPost.at < end,
                                                  ForumPost.deleted == False)),  # noqa: E712
                   key=_order)
    rules = state.rules
    secret = row.event == "secret"
    result = DayTally(day=day, event=row.event, start=start, end=end,
                      autokill_words=rules.autokill_words, secret=secret,
                      votes_per_player=info.votes_per_player,
                      closed=row.status == "closed" and closing is None)
    alive = [n for n, p in state.players.items() if p.alive]
    result.players = {n: PlayerCount() for n in alive}
    outsiders: dict[str, int] = {}
    flags: list[tuple[tuple, dict[str, str]]] = []
    refused: list[tuple[tuple, dict[str, str]]] = []
    for post in posts:
        if post.kind == "host":
            continue
        result.posts += 1
        at = utc(post.at)
        if post.kind != "player" or post.nick not in state.players:
            outsiders[post.author] = outsiders.get(post.author, 0) + 1
            continue
        nick = post.nick
        key = _order(post)
        if post.edited_at is not None and utc(post.edited_at) >= end:
            local = utc(post.edited_at).astimezone(_zone(tz)).strftime("%d.%m.%Y %H:%M")
            flags.append((key + (2,), {"player": nick, "kind": "edited_after_deadline",
                                       "post": post.post_id, "detail": local}))
        if nick not in result.players:
            flags.append((key + (0,), {"player": nick, "kind": "dead_posted",
                                       "post": post.post_id, "detail": ""}))
            continue
        mine = result.players[nick]
        mine.posts += 1
        mine.words += post.words
        if row.event == "palms":
            bad = list(dict.fromkeys(palms_words(post.text)))
            if bad:
                flags.append((key + (1,), {"player": nick, "kind": "forbidden_words",
                                           "post": post.post_id, "detail": ", ".join(bad)}))
        if secret:
            continue
        vote, problem = read_post_vote(post.text, nick, state, info)
        if problem is not None:  # a vote the rules refused: no vote, and the host is told
            detail = refused_detail(problem, info)
            if vote is not None and vote[0] == "vote":  # the post's other targets do count
                from engine.words import inflect

                detail += f" (засчитан голос за {', '.join(inflect(v, 'accs') for v in vote[1])})"
            refused.append((key, {"player": nick, "kind": "vote_refused",
                                  "post": post.post_id, "detail": detail, "at": at}))
        if vote is None:
            continue
        if vote[0] == "withdraw":
            mine.votes, mine.vote_post, mine.vote_at, mine.withdrawn_at = [], None, None, at
            mine.vote_untimed = False
        else:
            mine.votes, mine.vote_post, mine.vote_at = vote[1], post.post_id, at
            mine.withdrawn_at = None
            mine.vote_untimed = bool(post.untimed)
    result.flags = [f for _, f in sorted(flags, key=lambda kf: kf[0])]
    result.refused = [f for _, f in sorted(refused, key=lambda kf: kf[0])]
    result.outsiders = [{"author": a, "posts": n} for a, n in outsiders.items()]
    immune = {n for n in (row.immune, row.partner) if n}
    counts: dict[str, dict[str, Any]] = {}
    voters = sorted(((p.vote_at, n) for n, p in result.players.items() if p.votes),
                    key=lambda t: (t[0], alive.index(t[1])))
    for when, nick in voters:
        for target in result.players[nick].votes:
            if target in immune:
                continue
            entry = counts.setdefault(target, {"target": target, "count": 0, "voters": [], "_first": when})
            entry["count"] += 1
            entry["voters"].append(nick)
    result.tally = [{k: v for k, v in e.items() if k != "_first"}
                    for e in sorted(counts.values(), key=lambda e: (-e["count"], e["_first"]))]
    result.not_voted = [] if secret else [n for n in alive if not result.players[n].votes]
    result.under_words = [n for n in alive if result.players[n].words < rules.autokill_words]
    return result


def refused_vote_reason(problem, info) -> str:
    """Why the rules refused a post's vote, in the host's words: «названо больше игроков,
    чем голосов за день (2)», else the refusal's phrase (engine.reasons: «цель уже выбыла из
    игры»)."""
    from engine.reasons import REASONS, phrase

    if problem.reason == "too_many_votes":
        return f"названо больше игроков, чем голосов за день ({info.votes_per_player})"
    if problem.reason == "vote_on_behalf":
        return "голос за другого игрока"
    return phrase(problem.reason, "refused") if problem.reason in REASONS else phrase("not_allowed")


def refused_detail(problem, info) -> str:
    """The ``detail`` of a ``vote_refused`` flag: why, and the post's words quoted."""
    return f"{refused_vote_reason(problem, info)}: «{problem.text.strip()}»"


def _zone(tz: str):
    from zoneinfo import ZoneInfo

    return ZoneInfo(tz)


#: The post's line under an open day's count that letter votes change (FORUM.md leaves the
#: post's text free: «a vote count ready to post in the thread»).
LETTERS_NOT_SHOWN = "Голоса письмами ведущему здесь не показаны: итог дня может отличаться."


def bbcode(t: DayTally, voted_by_letter=(), differs: bool = False) -> str:
    """The vote count as BBCode a host can post in the thread: each candidate with the count
    and the voters in voting order, then «не голосовали»: the players with no vote in the
    thread less ``voted_by_letter`` (a vote sent to the host by letter, which the public post
    neither shows nor calls silence). For a closed day the post says that it is the thread's
    count only, not the day's official one (letter votes and the host's corrections are not
    in it; the results are the newspaper's: ``mafia-mail newspaper --day N --bbcode``).
    ``differs`` (an open day): votes by letter or the host's import change the count (a
    letter vote later than the thread vote, a vote by letter only), so a line under the count
    says the day's result may differ — naming nobody: who voted how by letter is the host's."""
    from engine.reasons import EVENTS_RU

    lines = [f"[b]Подсчёт голосов, день {t.day}[/b]"]
    closed = ["", f"[i]День {t.day} уже закрыт. Здесь только голоса из ветки форума: голоса "
                  "письмами ведущему сюда не входят, поэтому это не официальный итог дня — итог "
                  "дня в газете ведущего.[/i]"] if t.closed else []
    if t.event != "none":
        lines[0] += f" (событие «{EVENTS_RU.get(t.event, t.event)}»)"
    if t.secret:
        lines.append("«Тайна»: голоса в ветке не считаются, голосуют только письмами ведущему.")
        return "\n".join(lines + closed) + "\n"
    if not t.tally:
        lines.append("Голосов в ветке не было." if t.closed else "Голосов пока нет.")
    for e in t.tally:
        lines.append(f"[b]{e['target']}[/b] — {e['count']}: {', '.join(e['voters'])}")
    if differs and not t.closed:
        lines.append(f"[i]{LETTERS_NOT_SHOWN}[/i]")
    lines.append("")
    silent = [n for n in t.not_voted if n not in set(voted_by_letter)]
    lines.append("[i]Не голосовали:[/i] " + (", ".join(silent) if silent else "—"))
    return "\n".join(lines + closed) + "\n"
