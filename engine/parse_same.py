"""A move said to repeat yesterday's without naming its player (issue 11): «шизю того же, что
вчера», «стреляю в того же, что и вчера», «маньячу ту же», «ищу по-старому», «МО как обычно».
The host knows yesterday's target (``last_targets``); for a move the role may make on the same
player two nights running (not the thief's, doctor's, hostess's or thug's, DECISIONS.md §4)
the move is yesterday's player. A move the role may not repeat stays asked (and refused by
:mod:`engine.parse_repeat`).
"""

from __future__ import annotations

from .grammar_rules import Actor
from .grammar_keywords import Kw
from .grammar_tokens import Tok
from .legality import NO_REPEAT
from .parse_types import Ctx

#: Moves a «the same as yesterday» may repeat (the vote too: «линч как вчера»; «голос тот же»
#: with no earlier day keeps today's earlier letter, engine.grammar_flags).
_REPEATABLE = frozenset({"invite", "maniac_kill", "hunt", "search", "watch", "check", "guard",
                         "boss_check", "vote"})
#: Words between the move word and «the same» («Проверяю снова ту же, что вчера»).
_AGAIN = frozenset({"снова", "опять", "вновь", "сегодня", "ночью"})

#: «тот же» and its case forms (the pronoun of the player).
_SAME = frozenset({"тот", "того", "тому", "тем", "та", "ту", "той"})
#: Words of an earlier night after «как» («как вчера», «как обычно», «как всегда»).
_BEFORE = frozenset({"вчера", "обычно", "всегда", "раньше"})
#: Words by themselves («ищу по-старому»).
_OLD_WAY = frozenset({"по-старому", "по-прежнему"})
#: Words that may go on the «the same» phrase («того же, что и вчера», «в того же»).
_TAIL = frozenset({"что", "и", "вчера", "в", "во", "к", "у", "за", "на", "по",
                   "же", "ж", "самого", "самую", "самое"})
#: Marks that end the phrase («Маньячу ту же, что вчера — видать, …»).
_STOP = frozenset({"—", "–", ";", ":", "(", ")", ".", "!", "?", "..."})


def same_as_before(ctx: Ctx, actor: Actor, kw: Kw, action: str, clause: list[Tok]) -> str | None:
    """Yesterday's target of ``action`` when the move word ``kw`` (no player named) is followed
    right away by «the same as before» («того же, что вчера», «как обычно», «по-старому») and
    nothing else but such words up to a dash or the clause's end; the sender's own move, not
    negated nor hedged, of an action his role may repeat, on a player still alive. None
    otherwise."""
    if action not in _REPEATABLE or kw.negated or kw.hypothetical or kw.reported or kw.imperative:
        return None
    if actor.role in NO_REPEAT.get(action, ()) or actor.nick != ctx.sender.nick:
        return None
    player = ctx.state.players.get(ctx.sender.nick)
    target = player.last_targets.get(action) if player is not None else None
    if target is None or target not in ctx.alive:
        return None
    k = kw.j
    while k < len(clause) and clause[k].w in _AGAIN:
        k += 1
    if k < len(clause) and clause[k].w in ("в", "во", "к", "у", "за", "на", "по"):
        k += 1  # «стреляю в того же»
    if k >= len(clause):
        return None
    w = clause[k].w
    if w in _SAME and k + 1 < len(clause) and clause[k + 1].w in ("же", "ж"):
        k += 2
        said = _yesterday_after(clause, k)
        if not said:
            return None  # «шизю того же» alone: today's earlier letter or yesterday? Asked
    elif w == "как" and k + 1 < len(clause) and clause[k + 1].w in _BEFORE:
        k += 2
    elif w == "как" and k + 2 < len(clause) and clause[k + 1].w == "и" and \
            clause[k + 2].w == "вчера":
        k += 3
    elif w in _OLD_WAY:
        k += 1
    else:
        return None
    while k < len(clause) and clause[k].w not in _STOP:
        if clause[k].w == ",":
            nxt = clause[k + 1].w if k + 1 < len(clause) else ""
            if nxt in _WHO:
                return None  # «того же, кого и Мурка»: another's target
            if nxt not in ("что", "как"):
                break  # «шизю как обычно, голос …»: the phrase ends at the comma
        elif clause[k].word and clause[k].w not in _TAIL:
            return None  # «того же, что у Мурки»: another's
        k += 1
    return target


def _yesterday_after(clause: list[Tok], k: int) -> bool:
    """True when «вчера» follows «тот же» at ``k`` in its phrase («того же, что и вчера»)."""
    while k < len(clause) and clause[k].w not in _STOP:
        if clause[k].w == "вчера":
            return True
        if clause[k].word and clause[k].w not in _TAIL:
            return False
        k += 1
    return False


#: Relative words after «тот же,» that name another's choice («того же, кого и Мурка»).
_WHO = frozenset({"кого", "кому", "кем", "ком", "который", "которого", "которую", "которой",
                  "кто", "чей", "чьего", "куда", "где"})
