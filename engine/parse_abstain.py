"""Refusing to vote (engine.parse, DECISIONS.md §6–7): there is no abstaining vote, so
«Воздерживаюсь», «Линч: никого», «не голосую» read as no move and a problem that tells the
player how to vote (:func:`abstain`); :func:`refuses_to_vote` tells a refusal from a vote put
off («пока не голосую») or a vote against someone named.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_rules import problem
from .grammar_keywords import Kw
from .grammar_tokens import Tok
from .parse_types import Ctx, Item, name_written


def abstain(text: str, pos: int = 0) -> Item:
    """«Воздерживаюсь», «Линч: никого», «не голосую»: there is no abstaining vote
    (DECISIONS.md §6–7: a living player without a lynch vote gets an autokill point). No move;
    a problem whose message tells the player so and how to vote."""
    return Item(pos, problem=problem(text, "not_allowed", "abstain", action="vote"),
                tried="vote")


#: «не голосую», «голосовать не буду»: the forms of a refusal to vote (not «не повесим»).
_VOTE_FORMS = frozenset({"голосую", "голосовать", "проголосую", "проголосовать"})


#: «пока не голосую», «голосовать не буду, подожду вечера»: the vote is put off, not refused.
_NOT_YET = frozenset({"пока", "еще", "позже", "потом", "попозже", "завтра", "вечером",
                      "сейчас", "подожду", "напишу"})


def refuses_to_vote(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int) -> bool:
    """True when a negated vote word refuses to vote at all («не голосую», «голосовать не
    буду»): a first-person or infinitive form, no player named, nothing put off."""
    return (kw.cls == V.VOTE and not kw.withdraw and clause[kw.i].w in _VOTE_FORMS and
            not any(t.word and t.w in _NOT_YET for t in clause) and
            not name_written(ctx, clause, kw.j, hi) and
            not any(t.w in V.PRONOUNS for t in clause[kw.j:hi]))  # «за него не буду»


def put_off(clause: list[Tok], j: int) -> bool:
    """True when «пока» (or another word of :data:`_NOT_YET`) stands right after the vote
    word, before its «никому» («голос пока никому», «линч пока никого»): the vote put off,
    no refusal."""
    return any(t.word and t.w in _NOT_YET for t in clause[j:j + 2])
