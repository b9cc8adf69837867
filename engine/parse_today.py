"""«сегодня Тыкву» (issue 11): a sentence of «сегодня» and one player's name in a case other
than the nominative, nothing else, from a role civilian with one role move that the letter
does not make otherwise: that move on him («сегодня тыкву» from the maniac is his kill,
«Сегодня Тяпу» from the hostess her guest). The open-move net asked about it; the role makes
the reading certain. Pure.
"""

from __future__ import annotations

from .grammar_tokens import clause_words, tokenize_span
from .legality import ROLE_MOVES
from .model import Move, Problem
from .names import name_index, norm

#: The roles whose one move such a sentence names (not the swindler's, which needs its
#: branches, nor a clan member's, whose clan kill is as likely).
_ROLES = frozenset({"detective", "doctor", "hostess", "psycho", "fan", "thug", "witness",
                    "maniac"})

#: The words that may open the sentence («а сегодня Тыкву», «сегодня ночью Тыкву»).
_OPEN = ("сегодня", "седня", "нынче")
_BESIDE = frozenset({"а", "и", "ну", "ночью", "вечером"})


def today_moves(ctx, visible: str, moves: list[Move],
                problems: list[Problem]) -> tuple[list[Move], list[Problem]]:
    """``moves`` and ``problems`` with the one asked sentence «сегодня X» read as the
    sender's role move (see the module's doc), when it is the letter's only problem; else
    both as they are."""
    role = ctx.sender.role
    if role not in _ROLES or len(problems) != 1 or problems[0].kind != "unparsed" or \
            problems[0].reason != "unread":
        return moves, problems
    (action,) = ROLE_MOVES[role]
    if any(m.action == action for m in moves):
        return moves, problems
    text = problems[0].text
    low = text.lower()
    if not any(w in low for w in _OPEN):
        return moves, problems
    at = visible.find(text)
    if at < 0:
        return moves, problems
    idx = name_index(ctx.nicks)
    toks = [t for t in idx.merge(tokenize_span(visible, at, at + len(text))) if t.word]
    words = clause_words(toks)
    k = 0
    while k < len(words) and words[k] in _BESIDE:
        k += 1
    if k >= len(words) or words[k] not in _OPEN:
        return moves, problems
    k += 1
    while k < len(words) and words[k] in _BESIDE:
        k += 1
    if k >= len(words):
        return moves, problems
    hit = idx.exact(words, k, None)
    if hit is None or hit.nick is None or k + hit.length != len(words):
        return moves, problems
    nick = hit.nick
    if nick == ctx.sender.nick or nick not in getattr(ctx, "alive", (nick,)) or \
            toks[k].text.startswith("\x00") or norm(toks[k].text) in idx.bases.get(nick, ()):
        return moves, problems  # (the nominative: a name said, no object of a verb)
    return list(moves) + [Move(action, target=nick, span=text)], []
