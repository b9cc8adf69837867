"""A night move taken back by the noun of its kind (issue 11): «МО снимаю», «Охоту отменяю»,
«снимаю свою мирную охоту», «Проверку убираю».

A verb that takes a move back (a withdrawal word, :data:`engine.grammar_vocab.WITHDRAW_WORDS`,
or a cancel verb, «отменяю») stands right by the noun of one move that is not the vote, with
only fillers («свою», «сегодня», «пока») between, and no player is named in that part of the
clause. The move of that kind is taken back: the letter's own earlier moves of the kind are
dropped; when the letter makes none, the move is an earlier letter's, and the letter cancels
the earlier letters' night moves (``ParseResult.cancel``), its own moves standing. Never a
move with no target to ask about, never a move kept that the writer took back.
(The vote, «голос снимаю», is engine.grammar_keywords' withdrawal.)
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_keywords import find_keywords
from .grammar_rules import action_for
from .grammar_tokens import Tok, part_around
from .names import name_index
from .parse_types import Ctx, Item

#: The cancel verbs that take a move back like a withdrawal word («МО отменяю»).
_CANCEL_VERBS = frozenset({"отменяю", "отменяем", "аннулирую"})

#: The verbs of either kind (the cheap test of a clause).
_VERBS = V.WITHDRAW_WORDS | _CANCEL_VERBS

#: Words that may stand in the part beside the move's noun and the verb («свою МО пока
#: снимаю», «сегодняшнюю охоту я отменяю»): nothing of a player or another move.
_FILLERS = frozenset({"свою", "свой", "своё", "свое", "мою", "мой", "моё", "мое", "сегодня",
                      "сегодняшнюю", "сегодняшний", "ночную", "ночной", "эту", "этот", "пока",
                      "я", "тогда", "всё-таки", "все-таки", "уж", "же", "тоже", "лучше",
                      "вчерашнюю", "вчерашний", "прошлую", "прошлый", "и", "а", "ну", "ладно",
                      "нет", "всё", "все", "окончательно", "совсем"})

#: Words that end the part («МО снимаю, а поиск меняю на X»).
_PART_ENDS = frozenset({",", ";", "—", "–", "-", ":", "!", "?", ".", "…"})


def withdrawn_move(ctx: Ctx, clause: list[Tok],
                   items: list[Item]) -> tuple[str, int, int] | None:
    """«МО снимаю», «Охоту отменяю», «снимаю проверку»: the kind of night move the clause
    takes back and the tokens ``[lo, hi)`` of the part that takes it back, or None when the
    clause is no such taking back (or the move's kind is made before it in the clause).
    The letter's own earlier moves of the kind are dropped from ``items``; the action is
    returned with a ``"+"`` in front when none was there (an earlier letter's move)."""
    at = next((k for k, t in enumerate(clause) if t.word and t.w in _VERBS), None)
    if at is None or (at > 0 and clause[at - 1].w == "не"):
        return None
    lo, hi = part_around(clause, at, at, _PART_ENDS)
    found = [kw for kw in find_keywords(clause[lo:hi], set(), name_index(ctx.nicks))
             if not (kw.i <= at - lo < kw.j)]  # («убираю» is also a kill word)
    if len(found) != 1 or found[0].cls == V.VOTE or found[0].negated:
        return None
    kw = found[0]
    if any(t.word and t.w not in _FILLERS and not (kw.i <= n - lo < kw.j) and n != at
           for n, t in enumerate(clause[lo:hi], lo)):
        return None  # («снимаю МО с Кузи», «охоту снимаю и лечу X»: more is said)
    action = action_for(kw.cls, ctx.sender, ctx.turn)
    if action is None or action == "vote":
        return None
    if lo > 0 and any(action_for(other.cls, ctx.sender, ctx.turn) == action for other in
                      find_keywords(clause[:lo], set(), name_index(ctx.nicks))):
        return None  # («Стреляю в X, охоту снимаю»: the move and its taking back, one clause)
    before = clause[lo].start
    hit = [it for it in items if it.pos < before and it.move is not None and
           it.move.action == action]
    items[:] = [it for it in items if it not in hit]
    return (action if hit else "+" + action), lo, hi
