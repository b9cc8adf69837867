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


#: «его голос против X», «её голоса за X», «у них голос за X»: a clause about another player's
#: vote (talk of the thread, as a quote is someone else's words), not the author's vote. The
#: letter grammar reads «его голос против X» as a vote, so a post «Голосую за A! Его голос
#: против B» named two players on a one-vote day and its vote was refused. Up to the end of
#: the clause (., !, ?, ;, a line end). The author's own («мой», «свой» голос) stays.
_OTHERS_VOTE = re.compile(
    r"(?:\b(?:его|её|ее|их)|\bу\s+(?:него|неё|нее|них))\s+(?:\w+\s+)?голос(?:а|ов|ом)?\b[^.!?;\n]*",
    re.IGNORECASE)


#: Refusal reasons (engine.reasons) that concern a vote even where the refused problem does
#: not name the action.
_VOTE_REASONS = frozenset({"too_many_votes", "vote_on_behalf", "appeal_not_allowed", "target_immune"})


def read_vote(text: str, nick: str, state: GameState, info: TurnInfo):
    """The vote a post makes: ``("vote", [targets])``, ``("withdraw", [])`` or None.

    Votes are read with the letter grammar (engine.parse.parse_letter), vote moves only, so
    the same legality applies (event limits, living targets, a living voter). A withdrawal
    («снимаю голос») after the post's last vote removes the standing vote. A clause about
    another player's vote («его голос против X», :data:`_OTHERS_VOTE`) is talk, not the
    author's vote (FORUM.md: a player's vote is his own)."""
    return read_post_vote(text, nick, state, info)[0]


def read_post_vote(text: str, nick: str, state: GameState, info: TurnInfo):
    """``(vote, refused)``: the vote a post makes, as :func:`read_vote`, and the vote the
    rules refused in it (an :class:`engine.model.Problem`: too many players named under
    the day's vote limit, a dead target, …) when that refused vote is the post's last word
    on the vote (no accepted vote or withdrawal after it), else None. The refused vote is
    no vote (nothing is applied); the tally tells the host (``DayTally.refused``, not a JSON flag)."""
    from engine.legality import screen_letter
    from engine.parse import parse_letter

    from ..words import REFUSED_KINDS

    # another player's vote spoken of is no vote of the author's (blanked, same length)
    text = _OTHERS_VOTE.sub(lambda m: " " * len(m.group()), text)
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
    # the same legality as letters (FORUM.md): what the reply to a letter refuses — the
    # «Выбери меня!» immune player and his partner among it — a post does not vote either
    parsed = screen_letter(parse_letter(clean, nick, state, info), nick, state, info)
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
    refused, refused_at = None, -1
    for p in parsed.problems:
        if p.kind in REFUSED_KINDS and (p.action == "vote" or p.reason in _VOTE_REASONS):
            at = clean.find(p.text) if p.text else -1
            if at < 0 and targets is None:
                at = len(clean)  # not found again: with no vote accepted, it is the last word
            if at >= refused_at:
                refused, refused_at = p, at
    if refused is not None and refused_at < max(last_vote, last_withdraw):
        refused = None  # a vote or withdrawal after it: the player said again
    # (a refused target in the phrase of the accepted vote, «за Шершня и Ягуара» with Шершень
    # out of the game, is told every time: the vote counts for the living one only)
    if last_withdraw > last_vote:
        return ("withdraw", []), refused
    if targets:
        return ("vote", targets), refused
    return None, refused


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
