"""The vote a forum post makes (FORUM.md «Votes»), read with the letter grammar; and the
players whose standing thread vote of a day is a vote, for ``status``. No SQLAlchemy here:
the fast ``status`` path (:func:`mailer.status.read_status`) uses it with ``sqlite3``."""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.model import TurnInfo
from engine.state import GameState

#: «снимаю голос», «отзываю свой голос», «голос снимаю»: a withdrawal of the standing vote
_WITHDRAW = re.compile(
    r"(?:\b(?:сним(?:аю|у)|отзыва(?:ю)?|отзову|забира(?:ю)|заберу|убира(?:ю)|уберу)"
    r"\s+(?:(?:свой|мой|свои|мои)\s+)?голос(?:а|ов)?\b"
    r"|\bголос(?:а)?\s+(?:сним(?:аю|у)|отзываю|забираю)\b)",
    re.IGNORECASE)


def read_vote(text: str, nick: str, state: GameState, info: TurnInfo):
    """The vote a post makes: ``("vote", [targets])``, ``("withdraw", [])`` or None.

    Votes are read with the letter grammar (engine.parse.parse_letter), vote moves only, so
    the same legality applies (event limits, living targets, a living voter). A withdrawal
    («снимаю голос») after the post's last vote removes the standing vote."""
    from engine.parse import parse_letter

    cut = []
    pos = 0
    last_withdraw = -1
    for m in _WITHDRAW.finditer(text):
        cut.append(text[pos:m.start()])
        cut.append("." + " " * (m.end() - m.start() - 2) + ".")
        pos = m.end()
        last_withdraw = m.start()
    cut.append(text[pos:])
    clean = "".join(cut)
    parsed = parse_letter(clean, nick, state, info)
    last_vote, targets = -1, None
    search_from = 0
    for move in parsed.moves:
        if move.action != "vote":
            continue
        at = clean.find(move.span, search_from) if move.span else -1
        at = at if at >= 0 else search_from
        search_from = at
        if at >= last_vote:
            last_vote, targets = at, list(move.targets or (move.target,))
    if last_withdraw > last_vote:
        return ("withdraw", [])
    if targets:
        return ("vote", targets)
    return None


def thread_voters(posts: Iterable[tuple[str, str]], state: GameState, info: TurnInfo,
                  want: set[str]) -> set[str]:
    """Those of ``want`` whose latest vote post among ``posts`` (``(nick, text)`` of the day's
    player posts in thread order, as :func:`mailer.forum.tally.day_tally` orders them) stands:
    a vote not withdrawn later («снимаю голос»). Under «Тайна» thread votes are ignored
    (FORUM.md): the empty set. Only the posts of ``want`` are read."""
    if info.event == "secret" or not want:
        return set()
    standing: dict[str, bool] = {}
    for nick, text in posts:
        if nick not in want:
            continue
        vote = read_vote(text or "", nick, state, info)
        if vote is not None:
            standing[nick] = vote[0] == "vote"
    return {nick for nick, voted in standing.items() if voted}
