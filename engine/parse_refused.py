"""A move refused right after it was made (issue 11, engine.parse): «Стреляю в Ray13... а, не,
никуда не стреляю», «Лечу Кузю. Хотя нет, не лечу никого», in one sentence «Стреляю... а, не,
никуда не стреляю» (:func:`taken_back`, from engine.parse_clause). The sender took the move
back and named nobody instead: no move, and nothing to ask (the reply echoes what was read).
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_keywords import Kw, find_keywords
from .grammar_tokens import Tok, clause_words
from .names import name_index
from .parse_types import Ctx, Item, Prev, nick_at
from .words import third_person

#: Words that may open the refusal before the negated move word («а, не, никуда не
#: стреляю», «хотя нет, ни в кого не стреляю», «ой, стоп, не лечу»).
_OPENING = frozenset({"а", "нет", "не", "хотя", "стоп", "ой", "ну", "блин", "никуда", "ни",
                      "в", "кого", "никого", "никому", "я", "все-таки", "всё-таки", "пожалуй",
                      "тогда", "так", "что", "же", "уж", "вообще",
                      # «нет, передумала, никого сегодня не шизю»
                      "передумал", "передумала", "передумали", "сегодня", "ночью"})

#: Words that may follow the negated move word before a comma: nobody, the time, the player
#: the move was on as a pronoun («не стреляю в него», «никого не лечу сегодня»).
_AFTER = V.NOBODY | frozenset({"никуда", "сегодня", "ночью", "пока", "в", "кого", "его",
                               "него", "ее", "её", "нее", "неё", "их", "них", "уже", "вообще",
                               "же", "я", "за", "у", "на"})

#: Words that keep the refusal from being one: the sender himself, a doubt, a condition.
_NOT_REFUSAL = frozenset({"себя", "сам", "сама", "меня", "мне", "может", "наверное",
                          "наверно", "если", "или", "либо", "вчера", "завтра", "а", "но"})


#: Words of which the refusal holds one, before or right after the move word («нет»,
#: «никуда», «никого»…); and with «не» opening it, those a clause must hold to be one.
_REFUSING = frozenset({"нет", "никуда", "стоп"}) | V.NOBODY
_NO_WORDS = _REFUSING | {"не"}


def refused_move(ctx: Ctx, clause: list[Tok], prev: Prev | None, adjacent: bool,
                 items: list[Item]) -> bool:
    """Right after the clause of a move (``prev``, ``adjacent``), a clause whose only move
    word is that move negated, opened by words of «no» or «nobody» (:data:`_OPENING`), with
    no player named and no doubt («а, не, никуда не стреляю, не уверена ни в ком»): the
    move is dropped from ``items`` with no question. True when the clause was one."""
    if prev is None or not adjacent or prev.asked or prev.member is not None or \
            not any(it.move is not None for it in prev.items) or \
            _NO_WORDS.isdisjoint(t.w for t in clause):
        return False  # (no word of «no» or «nobody» anywhere: the test below fails)
    kws = find_keywords(clause, set(), name_index(ctx.nicks))
    words = clause_words(clause)
    if not kws and _wont(ctx, clause, words):
        # «Стреляю в X… ой нет, рано ещё, не буду»: the move taken back in so many words
        dropped = {id(it) for it in prev.items}
        items[:] = [it for it in items if id(it) not in dropped]
        return True
    if not kws or not all(kw.negated and kw.cls == prev.cls and not third_person(words[kw.i])
                          for kw in kws):
        return False  # («…за Лёху никто не голосует»: of others)
    first = kws[0].i
    opening = [w for t, w in zip(clause[:first], words) if t.word]
    if not opening or any(w not in _OPENING for w in opening) or \
            not _REFUSING.intersection(opening + words[kws[-1].j:kws[-1].j + 3]) and \
            opening[0] != "не":
        return False  # («Лося не лечу»: about another player)
    k = kws[-1].j
    while k < len(clause) and clause[k].w != "," and (not clause[k].word or words[k] in _AFTER):
        k += 1
    if k < len(clause) and clause[k].w != ",":
        return False  # «не лечу, а проверяю»: more said than a refusal
    if any(w in _NOT_REFUSAL for w in words[kws[-1].j:]) or any(
            t.word and nick_at(ctx, clause, words, n) is not None for n, t in enumerate(clause)):
        return False
    dropped = {id(it) for it in prev.items}
    items[:] = [it for it in items if id(it) not in dropped]
    return True


def taken_back(ctx: Ctx, clause: list[Tok], kw: Kw, refused: Kw) -> bool:
    """True when the move word ``kw`` is refused by the same move word negated after it
    (``refused``, not said of another: «…никто не голосует») with no player between:
    «Стреляю... а, не, никуда не стреляю», «Лечу… хотя нет, не лечу»: the sender took the
    move back before naming anybody (a move refused after its player is
    :func:`engine.parse_refused.refused_move`'s)."""
    if refused.cls != kw.cls or kw.negated or third_person(clause[refused.i].w):
        return False
    words = clause_words(clause)
    return not any(clause[k].word and nick_at(ctx, clause, words, k) is not None
                   for k in range(kw.j, refused.i))


#: The refusal said with no move word («не буду», «не стану»).
_WONT = frozenset({"буду", "стану"})
#: Words of «no» that open such a refusal («ой нет, …», «а, не, …», «хотя нет, …»).
_NO_OPENERS = frozenset({"нет", "не", "ой", "а", "хотя", "стоп", "ну", "блин", "неа"})


def _wont(ctx: Ctx, clause: list[Tok], words: list[str]) -> bool:
    """True when ``clause`` opens with a «no» («ой нет», «а, не», «хотя нет»), names nobody
    and ends in «не буду» / «не стану» (a short reason between allowed: «ой нет, рано ещё,
    не буду»): the move before is taken back, no other put in its place."""
    said = [w for t, w in zip(clause, words) if t.word]
    if len(said) < 3 or len(said) > 10 or said[-1] not in _WONT or said[-2] != V.NEGATION or \
            said[0] not in _NO_OPENERS or "нет" not in said[:3] and said[0] != "не" or \
            any(w in _NOT_REFUSAL and w not in ("а",) for w in said):
        return False
    return not any(t.word and nick_at(ctx, clause, words, n) is not None
                   for n, t in enumerate(clause))
