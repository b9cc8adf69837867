"""Move phrases written with words inside them (issue 11): a night visit «иду сегодня к X»,
«загляну ночью к X», «иду с ножом к X»; the hostess's «ко мне на компотик заглянет X». Used by
:mod:`engine.grammar_keywords` when a phrase of the lexicon is not written word for word.
And the other way round: a vote or kill word glued to its number («голос1 — X», «войс2 — Y»),
cut apart (:func:`unglued`).
"""

from __future__ import annotations

import re
from operator import attrgetter

from . import grammar_vocab as V
from .grammar_tokens import Tok


#: Words a night visit or a hostess's invitation may hold between its own words («иду
#: сегодня к X», «загляну ночью к X», «ко мне сегодня заглянет X»).
_VISIT_GAP = frozenset({"сегодня", "ночью", "ночкой", "вечером", "опять", "снова", "тихонько",
                        "тихо", "потихоньку", "я",
                        # «лезу этой ночью к X», «иду нынче к X», «седня иду к X»
                        "этой", "нынче", "седня", "сейчас"})
#: What a visitor takes along («иду с ножом к X», «в гости с ножиком к X»): a visit with it.
_VISIT_TOOLS = frozenset({"ножом", "ножиком", "ножичком", "ножами", "тесаком", "топором",
                          "топориком", "битой", "дубиной", "дубинкой", "кастетом", "ружьем",
                          "ружьишком", "пистолетом", "обрезом", "фонариком", "отмычкой",
                          "отмычками", "мешком", "чемоданчиком", "аптечкой"})
#: The tools of them that kill or hurt: a visit with one is no look at the player.
WEAPONS = _VISIT_TOOLS - {"фонариком", "отмычкой", "отмычками", "мешком", "чемоданчиком",
                          "аптечкой"}


def armed(clause: list[Tok], i: int) -> bool:
    """True when a weapon (:data:`WEAPONS`) is named from token ``i`` on («иду к Сове с
    ножом»): a visit with it means harm, not a look."""
    return any(t.w in WEAPONS for t in clause[i:])


def gap_next(clause: list[Tok], i: int) -> bool:
    """True when the word after ``i`` may stand inside a visit phrase (:func:`gapped`)."""
    w = clause[i + 1].w
    return w in _VISIT_GAP or (w == "с" and i + 2 < len(clause) and
                               clause[i + 2].w in _VISIT_TOOLS)


def gapped(clause: list[Tok], i: int, phrase: tuple[str, ...], cls: str) -> int:
    """The end of a visit phrase ending in «к» (or an invitation phrase of «ко мне …», or a
    check spent «трачу проверку на …») written with words between its own words: time words
    (:data:`_VISIT_GAP`), a tool taken along («с ножом»: :data:`_VISIT_TOOLS`) and, in an
    invitation, the treat («ко мне на компотик заглянет»); 0 when the phrase is not there."""
    if cls == V.VISIT and phrase[-1] in ("к", "ко") and len(phrase) > 1:
        treat = False
    elif cls == V.INVITE and phrase[:2] == ("ко", "мне") and len(phrase) > 2:
        treat = True
    elif cls == V.CHECK and phrase[-1] == "на" and len(phrase) > 2:
        treat = False  # «трачу её сегодня на X», «проверку сегодня трачу на X»: a check spent
    else:
        return 0
    k, n, gaps = i, len(clause), 0
    for m, word in enumerate(phrase):
        while m and k < n and clause[k].word and clause[k].w != word:
            w = clause[k].w
            if w in _VISIT_GAP:
                k += 1
            elif w == "с" and not treat and k + 1 < n and clause[k + 1].w in _VISIT_TOOLS:
                k += 2
            elif w == "на" and treat and k + 1 < n and clause[k + 1].word and \
                    not clause[k + 1].cap and m == 2:
                k += 2
                while k < n and (clause[k].quoted or clause[k].w in _QUOTES):
                    k += 1  # «ко мне на просмотр «Ведьмака» придёт X»: the show's title
            else:
                return 0
            gaps += 1
        if k >= n or clause[k].w != word or not clause[k].word:
            return 0
        k += 1
    return k if gaps else 0


_QUOTES = frozenset({"«", "»", '"', "“", "”", "„"})


_GLUED = re.compile(r"([^\W\d_]+)([12])")
_W = attrgetter("w")  # a token's normalised text


def unglued(toks: list[Tok], idx) -> list[Tok]:
    """The tokens with a vote or kill word glued to its number («голос1», «войс2», «kill1»)
    cut into the word and the number, when the whole is no nickname's form (``idx``: the
    roster's name index; «Lisa99» stays whole)."""
    joined = "".join(map(_W, toks))  # (C-level: most windows hold no «1» or «2» at all)
    if ("1" not in joined and "2" not in joined) or \
            not any(t.word and t.w[-1] in "12" for t in toks):
        return toks  # (the common case)
    from .lexicon import lexicon

    words = lexicon().words
    out: list[Tok] = []
    for t in toks:
        m = _GLUED.fullmatch(t.w) if t.word and t.w[-1] in "12" else None
        if m is None or words.get(m.group(1)) not in (V.VOTE, V.KILL) or \
                idx.exact([t.w], 0, None) is not None or idx.approximate(t.w) is not None:
            out.append(t)
            continue
        cut = t.start + len(m.group(1))
        out.append(t._replace(text=t.text[:len(m.group(1))], w=m.group(1), end=cut))
        out.append(Tok(m.group(2), m.group(2), cut, t.end, True))
    return out
