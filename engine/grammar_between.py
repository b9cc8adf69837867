"""Words that stand between a subject and its move word (engine.parse_subject): a stretch of
time («он восьмой день охраняет Кузю»), an object («она всех лечит», «сам себя», «к себе»),
«с» before a move noun in the instrumental («Alex-S с миномётом»: what somebody has), and
«у меня» after a move noun («МО у меня на Смита»: whose move it is).
"""

from __future__ import annotations

from .grammar_keywords import Kw
from .grammar_tokens import Tok, clause_words
from .names import name_index
from .words import is_known_word, morph


#: Objects that may stand between a subject and its verb («она всех лечит», «Кармен всех к
#: себе зовёт», «охранник сам себя прикрывает»); «меня» is :data:`V.SENDER_WORDS`.
_BETWEEN = frozenset({"всех", "себя", "себе", "сам", "сама", "сами", "собой"})


def object_start(clause: list[Tok], k: int) -> int | None:
    """The index of the first token of an object ending at token ``k`` that stands between
    a subject and its verb: «всех», «сам себя», «к себе», «у себя»; else None."""
    if not clause[k].word or clause[k].w not in _BETWEEN:
        return None
    if k >= 1 and clause[k].w in ("себе", "себя", "собой") and clause[k - 1].w in (
            "к", "у", "за", "с", "со"):
        k -= 1
    while k >= 1 and clause[k - 1].word and clause[k - 1].w in _BETWEEN:
        k -= 1
    return k


#: Nouns of a stretch of time counted before a verb («весь день», «третий раз», «два дня»).
_SPANS = frozenset({"день", "дня", "дней", "дни", "ночь", "ночи", "ночей", "вечер", "неделю",
                    "недели", "сутки", "суток", "раз", "раза"})

#: Words before the count of such a stretch («в последние два дня», «за прошлые три ночи»).
_SPAN_LAST = frozenset({"последние", "последних", "прошлые", "прошлых", "эти", "этих"})

#: Words that count such a stretch beside the numerals («весь день», «который день»).
_SPAN_COUNTS = frozenset({"весь", "всю", "целый", "целую", "который", "которую", "каждый",
                          "каждую", "один", "одну", "пару", "несколько", "много"}) | _SPAN_LAST


def duration_start(clause: list[Tok], k: int) -> int | None:
    """The index of the first token of a stretch of time that ends at token ``k`` («весь
    день», «восьмой день», «три дня подряд», «уже который раз»), standing between a subject
    and its verb («он восьмой день охраняет Кузю»: the subject is «он»); else None."""
    if k >= 1 and clause[k].w == "подряд":
        k -= 1
    if k < 1 or clause[k].w not in _SPANS or not clause[k - 1].word:
        return None
    w = clause[k - 1].w
    if w not in _SPAN_COUNTS and not w.isdigit():
        if not is_known_word(w):
            return None
        tag = morph().parse(w)[0].tag
        if tag.POS != "NUMR" and "Anum" not in tag:
            return None
    k -= 1
    if k >= 1 and clause[k - 1].w in _SPAN_LAST and clause[k].w not in _SPAN_LAST:
        k -= 1  # «последние два дня»
    if k >= 1 and clause[k - 1].w in ("в", "во", "за") and clause[k].w in _SPAN_LAST:
        k -= 1  # «в последние два дня», «за эти дни»
    return k - 1 if k >= 1 and clause[k - 1].w == "уже" else k


def between_start(clause: list[Tok], k: int, objects: bool = True) -> int | None:
    """The index of the first token of a stretch of time (:func:`duration_start`) or, with
    ``objects``, of an object (:func:`object_start`) that ends at token ``k``; else None."""
    d = duration_start(clause, k)
    return object_start(clause, k) if d is None and objects else d


def with_noun(clause: list[Tok], kw: Kw) -> int | None:
    """The index of «с» before a move noun in the instrumental («Alex-S сегодня с миномётом»,
    «он с миномётом бабахнул в Грома»): the noun tells what somebody has, and the subject
    before «с» is whose it is; else None."""
    k = kw.i - 1
    if k < 1 or kw.j != kw.i + 1 or clause[k].w not in ("с", "со") or \
            not is_known_word(clause[kw.i].w):
        return None
    tags = [p.tag for p in morph().parse(clause[kw.i].w)[:2]]
    return k if any(t.POS == "NOUN" and "ablt" in t for t in tags) else None


#: Whose move a noun is, right after it («МО у меня», «охота у нас»).
_HOLDERS = frozenset({"меня", "нас"})

#: Words between «у меня» and the target's preposition or dash («МО у меня сегодня на X»).
_HOLDER_SKIP = frozenset({"сегодня", "ночью", "нынче", "опять", "снова", "тоже", "же"})


#: Prepositions before the target after «у меня» («МО у меня на Смита», «Голос у меня за
#: Кузю»).
_BY = ("на", "в", "по", "за", "против")


def holder_end(ctx, clause: list[Tok], kw: Kw) -> int | None:
    """«МО у меня на Смита», «Охота у меня сегодня — Шкаф»: «у меня» (or «у нас») right after
    a move noun says whose the move is, and a nickname follows after a preposition or a dash.
    The index after «у меня», where the target is looked for, or None («Миномёт у меня — ура»
    is left to the keyword's own reading)."""
    k = kw.j
    w = clause[kw.i].w
    if kw.j != kw.i + 1 or k + 2 >= len(clause) or clause[k].w != "у" or \
            clause[k + 1].w not in _HOLDERS or not (is_known_word(w) or w == "мо") or \
            morph().parse(w)[0].tag.POS == "VERB":
        return None  # («ворую у меня…»: a verb's «у» is its target's)
    m = k + 2
    while m < len(clause) and clause[m].word and clause[m].w in _HOLDER_SKIP:
        m += 1
    if m + 2 < len(clause) and clause[m].w == "тот" and clause[m + 1].w == "же":
        m += 2  # «Голос у меня тот же, за Бегемота»: the same as before, named again
        if clause[m].w == "," and m + 1 < len(clause) and clause[m + 1].w in _BY:
            m += 1
    if m + 1 >= len(clause) or clause[m].w not in _BY + ("—", "–", "-", ":"):
        return None
    if clause[m].w in ("—", "–", "-", ":") and m + 2 < len(clause) and \
            clause[m + 1].w in _BY:
        m += 1  # «Миномёт у меня — на Шкафа»
    words = clause_words(clause)
    idx = name_index(ctx.nicks)
    if clause[m + 1].word and (idx.exact(words, m + 1, None) is not None or
                               idx.approximate(words[m + 1]) is not None):
        return k + 2
    return None
