"""A move said to be needed no more («Линч Ромашке уже не нужен, так что Бармалей»; issue 11):
the player named is no target (often one already out of the game), and a name after «так
что», «значит», «поэтому» takes the same move (engine.parse_move).
"""

from __future__ import annotations

from .grammar_tokens import Tok

#: Words that may stand between the target and «не нужен» («Ромашке уже и так не нужен»).
_BETWEEN = frozenset({"уже", "больше", "теперь", "сегодня", "и", "так", "мне", "нам", "точно",
                      "явно", "вообще", "уж", "же", "никак", "по-любому"})

#: What «не …» says of the move: it is not needed, not relevant any more.
_NOT_NEEDED = frozenset({"нужен", "нужна", "нужно", "нужны", "надо", "актуален", "актуальна",
                         "актуально", "актуальны", "требуется", "нужон"})

#: One word saying the same without «не».
_NEEDLESS = frozenset({"неактуален", "неактуальна", "неактуально", "неактуальны",
                       "бессмысленно", "бессмыслен", "бессмысленен"})

#: «…, так что X»: the words that draw the consequence, as token word tuples.
_SO = tuple(sorted((("так", "что"), ("а", "значит"), ("значит",), ("поэтому",), ("следовательно",),
                    ("стало", "быть"), ("тогда",), ("посему",), ("так", "что", "теперь")),
                   key=len, reverse=True))  # (the longest first)


def unneeded_end(clause: list[Tok], k: int, hi: int) -> int | None:
    """The index after «(уже) не нужен» (:data:`_NOT_NEEDED`, :data:`_NEEDLESS`, «ни к чему»)
    when it follows the target that ends at token ``k`` («Линч Ромашке уже не нужен»): the
    move on that target is taken back by the sentence itself. None when the words after the
    target say no such thing."""
    n = k
    while n < hi and clause[n].word and clause[n].w in _BETWEEN:
        n += 1
    if n < hi and clause[n].w in _NEEDLESS:
        return n + 1
    if n + 1 < hi and clause[n].w == "не" and clause[n + 1].w in _NOT_NEEDED:
        return n + 2
    if n + 2 < hi and [t.w for t in clause[n:n + 3]] == ["ни", "к", "чему"]:
        return n + 3
    return None


def so_then(clause: list[Tok], k: int, hi: int) -> int | None:
    """The index after «, так что» / «значит» / «поэтому» (:data:`_SO`) standing at token
    ``k`` (a comma or dash before it is passed): where the name the move goes to instead
    stands. None when no such words stand there."""
    n = k
    while n < hi and clause[n].w in (",", "—", "-", "–", ":"):
        n += 1
    for words in _SO:
        if n + len(words) <= hi and tuple(t.w for t in clause[n:n + len(words)]) == words:
            m = n + len(words)
            while m < hi and clause[m].w in (",", "—", "-", "–", ":"):
                m += 1
            return m
    return None


def instead_of_unneeded(clause: list[Tok], i: int, j: int, hi: int) -> int | None:
    """For a move word at tokens ``i:j`` that «не нужно» / «не надо» negates, before or after
    it («Ромашку уже линчевать не нужно», «не надо лечить Бармалея», «лечение Бармалею не
    нужно»; it stands before the first comma after the word), followed by «, так
    что» / «значит» / «поэтому» (:func:`so_then`): the index where the name the move goes
    to instead stands («…, значит Бармалея»). None otherwise."""
    end = j if i >= 2 and clause[i - 2].w == "не" and clause[i - 1].w in _NOT_NEEDED else None
    k = j
    while end is None and k < hi and clause[k].word:
        end = unneeded_end(clause, k, hi)
        k += 1
    if end is None:
        return None
    for k in range(end, hi):
        if clause[k].w in (",", "—", "-", "–"):
            then = so_then(clause, k, hi)
            return then if then is not None and then < hi else None
    return None


__all__ = ["instead_of_unneeded", "so_then", "unneeded_end"]
