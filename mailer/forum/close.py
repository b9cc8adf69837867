"""What ``close-day`` takes from the thread (FORUM.md, last section): the day's thread votes
merged with letter votes by time (the latest per player wins) and the thread's word counts
for autokill. Host imports (``votes import``, ``posts import``) stay overrides."""

from __future__ import annotations

from sqlmodel import Session, func, select

from ..store import DayInput, DayRow, Letter, loads, utc
from .db import ForumPost


def merge_thread(s: Session, row: DayRow, letters: list[Letter], inputs: list[DayInput],
                 votes: dict[str, list[str]], words: dict[str, int]
                 ) -> tuple[dict[str, list[str]], dict[str, int]]:
    """``(votes, words)`` of day ``row`` for the resolver: ``votes``/``words`` as the host's
    inputs gave them, completed from the stored thread when the day has posts in it.

    A player's thread vote stands when it is later than his latest letter vote and the host
    imported no vote for him; every living player gets a thread word count (0 when silent)
    unless the host imported one."""
    from .tally import day_tally, windows

    if s.exec(select(func.count()).select_from(ForumPost)).one() == 0:
        return votes, words
    t = day_tally(s, row.day)
    if t.posts == 0:
        return votes, words
    hosted = {i.nick for i in inputs if i.kind == "vote"}
    latest_letter: dict[str, object] = {}
    for letter in letters:
        if letter.nick and any(m.get("action") == "vote" for m in loads(letter.moves_json) or []):
            at = utc(letter.received)
            latest_letter[letter.nick] = max(latest_letter.get(letter.nick, at), at)
    votes = dict(votes)
    if not t.secret:
        for nick, p in t.players.items():
            if not p.votes or nick in hosted:
                continue
            if nick in latest_letter and latest_letter[nick] > p.vote_at:
                continue
            votes[nick] = list(p.votes)
    words = {**{nick: p.words for nick, p in t.players.items()}, **words}
    return votes, words
