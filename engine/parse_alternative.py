"""A move put back in doubt right after it (engine.parse, precision first): «Шизю мадам…
или не, потом решу», «Лечу Кузю. А может, и нет» (:func:`doubted`), or another choice
offered after «или» / «может лучше» («мо в Зефирку. Ну или Ктулху, хз», «…хотя не знаю,
может лучше Гросса»: :func:`alternative`). Such a move is no order: the reply asks, and a
later concluding sentence (:func:`engine.parse_choice.final_choice`) may still choose.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_flags import clause_flags
from .grammar_rules import action_for, problem
from .grammar_keywords import find_keywords
from .grammar_tokens import Tok, span, clause_words
from .names import name_index
from .words import is_known_word, morph
from .parse_choice import open_move
from .parse_types import Ctx, Item, Prev, nick_at

__all__ = ["UNSURE_OPENERS", "alternative", "doubted", "maybe_better", "named_loosely"]


#: «…хотя не знаю, может, лучше X», «хз, может лучше X»: doubt before the other choice.
UNSURE_OPENERS = frozenset({"не", "знаю", "уверен", "уверена", "хз", "даже", "вот"})


def named_loosely(idx, t: Tok) -> bool:
    """True when the word ``t`` may name a player in lower case or shortened («лучше
    гросса»): a part, prefix or pet form of a nickname, a word of no dictionary or a noun
    (not «может, лучше было бы раньше»)."""
    if not t.word or t.w in V.FILLERS or t.w in V.PRONOUNS:
        return False
    near = idx.approximate(t.w) if len(t.w) >= 3 else None
    return (near is not None and near.kind != "fuzzy") or not is_known_word(t.w) or \
        morph().parse(t.w)[0].tag.POS == "NOUN"


def maybe_better(clause: list[Tok], k: int) -> int:
    """Index after «может (быть), лучше» at ``k`` («…хотя не знаю, может лучше Гросса»): the
    sentence offers another target for the move before it (whatever word names it), so
    that move is no order. 0 when the words are not there."""
    if k >= len(clause) or clause[k].w not in ("может", "можно"):
        return 0
    k += 1
    while k < len(clause) and (not clause[k].word or clause[k].w in ("быть", "и", "все-таки")):
        k += 1
    return k + 1 if k < len(clause) and clause[k].w == "лучше" else 0


#: Words that may open a clause of doubt before «или нет» («ну или нет», «хотя, может, и нет»).
_DOUBT_OPENERS = frozenset({"ну", "а", "хотя", "или", "либо", "может", "быть", "и", "же",
                            "блин", "хм", "хмм", "эх"})

#: The «no» of a doubt («…или нет», «…или не», «…а может и не надо»).
_DOUBT_NO = frozenset({"нет", "не"})

#: Another day or a later time as the doubt («Думаю пожулить X… или может завтра»): the move
#: may not be tonight's at all.
_DOUBT_LATER = frozenset({"завтра", "послезавтра", "потом", "позже"})

#: «посмотрим» after the doubt («…или может завтра, посмотрим»): the choice left open, no
#: watch.
_SHRUGS = frozenset({"посмотрим", "поглядим", "посмотрю", "погляжу"})


def doubted(ctx: Ctx, clause: list[Tok], prev: Prev | None, adjacent: bool,
            items: list[Item]) -> bool:
    """«Шизю мадам… или не, потом решу», «Лечу Кузю. А может, и нет», «Думаю пожулить X…
    или может завтра»: right after a move, a
    clause that puts it back in doubt («или нет», «может, и нет») and names no player and
    no move: the move is no order (precision first): it is asked about, and a later
    concluding sentence («ладно, давай X») may still choose. True when the clause was one."""
    if prev is None or not adjacent or prev.asked or not any(
            it.move is not None for it in prev.items):
        return False
    words = clause_words(clause)
    k = 0
    opened = False  # «или» or «может» seen
    while k < len(clause) and (not clause[k].word or clause[k].w in _DOUBT_OPENERS):
        opened = opened or clause[k].w in ("или", "либо", "может")
        k += 1
    if k >= len(clause) or (words[k] not in _DOUBT_NO and not (
            opened and words[k] in _DOUBT_LATER)):
        return False
    later = clause_flags(clause)["later"]
    if not opened and not (later and "хотя" in words[:k]):
        return False  # («хотя не, позже решу»: put off again)
    if k + 1 < len(clause) and clause[k + 1].word and words[k + 1] not in V.FILLERS and \
            not later:
        return False  # «или не Кузю, а Бобра», «а может, не стоит…» with more said: not this
    if any(w in V.WITHDRAW_WORDS for w in words[k + 1:]):
        return False  # «хотя не, снимаю, пока хз»: the move taken back, no doubt left to ask
    idx = name_index(ctx.nicks)
    if any(words[k] not in _DOUBT_LATER or clause[kw.i].w not in _SHRUGS
           for kw in find_keywords(clause, set(), idx)) or any(
            t.word and nick_at(ctx, clause, words, n) is not None
            for n, t in enumerate(clause) if n > k):
        return False
    for n, it in enumerate(items):
        if it.pos < prev.start or it.move is None or not any(it is p for p in prev.items):
            continue
        items[n] = Item(it.pos, problem=problem(it.move.span, "unparsed", "alternative"),
                        tried=it.move.action)
    return True


#: Words that may stand between an opening «или» and the alternative it names («или в Сову»,
#: «ну или лучше Кузю»).
_OR_SKIP = frozenset({"ну", "а", "может", "лучше", "же", "уж", "все-таки", "даже", "тогда"})


#: Words that may stand before an opening «или» / «либо» («Тогда либо Сова, либо Кузя»).
_OR_OPENERS = frozenset({"ну", "а", "хотя", "тогда", "то", "но", "значит", "пока"})


def alternative(ctx: Ctx, clause: list[Tok], prev: Prev | None, adjacent: bool,
                items: list[Item]) -> bool:
    """«мо в Зефирку и линч Зефирка. Ну или Ктулху, хз», «поищу в Ромашке… или в Сове»: a
    clause that opens with «или» / «либо» and names a player or a move right after the
    clause of a move offers another choice, so none of that clause's moves is an order:
    each becomes a question (precision first). True when the clause was one."""
    if prev is None or not adjacent:
        return False
    k = 0
    while k < len(clause) and (not clause[k].word or clause[k].w in _OR_OPENERS or
                               clause[k].w in UNSURE_OPENERS):
        k += 1
    better = maybe_better(clause, k)
    if not better and k < len(clause) and clause[k].w == "может" and not prev.items and \
            open_move(prev):
        better = k + 1  # «Режу… не знаю. Может, Юнгу, может, Жору»: the choice still open
    if k >= len(clause) or (clause[k].w not in ("или", "либо") and not better):
        return False
    if prev.asked and not better:
        return _asked_or(ctx, prev, items)  # «наверное, убиваем Штурмана? Или пусть …»
    k = better or k + 1
    while k < len(clause) and (not clause[k].word or clause[k].w in _OR_SKIP or
                               clause[k].w in V.PREPOSITIONS):
        k += 1
    if k >= len(clause):
        return False
    idx = name_index(ctx.nicks)
    hit = nick_at(ctx, clause, clause_words(clause), k)
    if hit is None and not any(kw.i == k for kw in find_keywords(clause, set(), idx)) and \
            not (better and named_loosely(idx, clause[k])):
        return False  # «или Грей» (a part of «Mr.Grey»), «или проверю Лося»
    if hit is not None and hit.nick and not better and prev.items and all(
            it.move is not None and it.move.target == hit.nick for it in prev.items):
        return True  # «придёт Лорд. Ну или DarkLord_99, как он себя зовёт»: the same player
    hedged = False
    for n, it in enumerate(items):
        if it.pos < prev.start or not (it.move is not None or it.tried):
            continue
        tried = it.tried or (it.move.action if it.move is not None else "")
        text = it.move.span if it.move is not None else it.problem.text
        items[n] = Item(it.pos, problem=problem(text, "unparsed", "alternative"), tried=tried)
        hedged = True
    action = action_for(prev.cls, ctx.sender, ctx.turn)
    if not hedged and not prev.items and action and (prev.cls == V.VOTE or open_move(prev)):
        # «Голос… хотел за Стеллу, но она молчит. Тогда либо Вишня, либо Мирон»: the move
        # the clause before left open is offered here as a choice: ask
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "unparsed", "alternative"), tried=action))
        hedged = True
    return hedged


def _asked_or(ctx: Ctx, prev: Prev, items: list[Item]) -> bool:
    """«По клану: наверное, убиваем Штурмана? Или пусть Бублик сам решает»: the sender's
    own move asked about and another way offered after «или»: no order, but the reply asks
    (a bare «Голосую за X? Кто знает.» stays talk). True when it was one."""
    idx = name_index(ctx.nicks)
    words = [t.w for t in prev.clause]
    action = action_for(prev.cls, ctx.sender, ctx.turn)
    kws = find_keywords(prev.clause, set(), idx)
    if action is None or not kws or kws[-1].negated or kws[-1].reported or not any(
            t.word and idx.exact(words, n, None) is not None
            for n, t in enumerate(prev.clause) if n >= kws[-1].j):
        return False
    items.append(Item(prev.start, problem=problem(
        span(ctx.text, prev.clause, 0, len(prev.clause)), "unparsed", "alternative"),
        tried=action))
    return True
