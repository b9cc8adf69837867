"""Irony that makes a move word no order (issue 11): «Ага, щас, буду я лечить Лося», «Ну
конечно, давайте все проголосуем за меня», «Проверю Сову? Разбежался». A careful host cannot
take such a sentence as an order either way, so it is asked (precision first: a wrong move
applied with no problem is the worst outcome), like a hedge of :mod:`engine.grammar_plans`.
"""

from __future__ import annotations

from .grammar_tokens import Tok

#: Word sequences (normalised: lower case, ё → е; punctuation between them skipped) that
#: mean «yeah, right» in the sentence that holds them. «Щас» or «конечно» alone are sincere
#: («щас проверю Сову», «конечно, лечу Бобра»); only these turns are irony.
IRONY_MARKS: tuple[tuple[str, ...], ...] = (
    ("ага", "щас"), ("ага", "счас"), ("ага", "сейчас"), ("ага", "щаз"), ("ага", "конечно"),
    ("ага", "как", "же"), ("ага", "разбежался"), ("ага", "разбежалась"),
    ("ну", "конечно"), ("ну", "да", "конечно"), ("ну", "разумеется"),
    ("еще", "чего"), ("держи", "карман"), ("как", "же", "как", "же"),
    ("разбежался",), ("разбежалась",), ("размечтался",), ("размечталась",), ("щаз",),
    ("щазз",), ("счаз",),
    # «…давайте я вылечу X, раз все так хотят»: done for the others' wish, a grumble
    ("раз", "все", "так", "хотят"), ("раз", "все", "хотят"), ("раз", "вы", "так", "хотите"),
    ("раз", "вам", "так", "хочется"), ("раз", "всем", "так", "хочется"),
    ("раз", "все", "так", "просят"),
)
#: «Ну давайте ещё X повесим, ага»: a sentence with «давайте» that ends on «ага».
_LETS = frozenset({"давайте", "давай"})

#: An auxiliary put before «я» / «мы» («буду я лечить», «стану я голосовать») asks «as if I
#: would»: a sincere future says «я буду» or «буду лечить».
_AUX = frozenset({"буду", "будем", "стану", "станем"})
_ME = frozenset({"я", "мы"})

_ENDS = frozenset({".", "!", "?", "…", ";"})
_FIRST = frozenset(m[0] for m in IRONY_MARKS)


def ironic(clause: list[Tok], i: int) -> bool:
    """True when the sentence of ``clause`` that holds the move word at token ``i`` holds a
    turn of irony (:data:`IRONY_MARKS`, anywhere in the sentence) or an auxiliary inverted
    before «я» ahead of the move word («Ага, щас, буду я лечить Лося»), or a «давайте»
    sentence that ends on «ага» («Ну давайте ещё Кузю повесим, ага»). Tokens are
    :class:`engine.grammar_tokens.Tok`; a sentence ends at «.», «!», «?», «…», «;»."""
    lo = i
    while lo > 0 and clause[lo - 1].w not in _ENDS:
        lo -= 1
    hi = i + 1
    while hi < len(clause) and clause[hi].w not in _ENDS:
        hi += 1
    words = [t.w for t in clause[lo:hi] if t.word]
    if len(words) > 2 and words[-1] == "ага" and not _LETS.isdisjoint(words[:-2]):
        return True  # «Ну давайте ещё Кузю повесим, ага»
    if _FIRST.isdisjoint(words) and _AUX.isdisjoint(words):
        return False
    for k, w in enumerate(words):
        if w in _FIRST and any(tuple(words[k:k + len(m)]) == m for m in IRONY_MARKS):
            return True
    before = [t.w for t in clause[lo:i] if t.word]
    return any(w in _AUX and before[k + 1] in _ME for k, w in enumerate(before[:-1]))
