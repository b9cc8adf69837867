"""The sender's nickname said as his own place (issue 11, a nick that is a common noun).

A player whose nickname is a common noun of a place («Палата №6», «Каморка», «Будуар»)
calls his home by it when he invites: «забираю к себе в палату Зинаиду», «ночью в палату
ко мне — Морфин». The noun there is where the guest goes, never the sender as a target: a
form of a word of the sender's own nickname after «в»/«во», right after or right before «к
себе» / «ко мне», is read as «в гости» (:func:`own_place`). Pure; the length may change.
"""

from __future__ import annotations

import functools
import re

from .words import CYR, is_known_word, morph

__all__ = ["own_place"]

_WORD = re.compile(r"[^\W\d_]+")


@functools.lru_cache(maxsize=1024)
def _place_forms(sender: str) -> frozenset[str]:
    """The case forms (lower case, ё as е) of the Cyrillic dictionary nouns of four letters
    or more among the words of ``sender``'s nickname («палата», «палату», «палате», …)."""
    out: set[str] = set()
    for word in _WORD.findall(sender.lower().replace("ё", "е")):
        if len(word) < 4 or not CYR.fullmatch(word[-1]) or not is_known_word(word):
            continue
        for p in morph().parse(word):
            if p.tag.POS == "NOUN" and "inan" in p.tag and p.normal_form.replace("ё", "е") == word:
                out |= {f.word.replace("ё", "е") for f in p.lexeme}
    return frozenset(out)


_SELF = r"(?:к\s+себе|ко\s+мне)"


def own_place(text: str, sender: str) -> str:
    """``text`` with «в <a form of a word of the sender's nickname>» next to «к себе» / «ко
    мне» written «в гости» («забираю к себе в палату X» from «Палата №6» → «забираю к себе в
    гости X»). Unchanged when the nickname holds no such noun or the letter no such phrase."""
    forms = _place_forms(sender)
    if not forms:
        return text
    low = text.lower().replace("ё", "е")
    if not any(f in low for f in forms):
        return text
    words = "|".join(sorted((re.escape(f) for f in forms), key=len, reverse=True))
    place = rf"(?:в|во)\s+((?:{words}))(?![^\W\d_])"
    pattern = re.compile(rf"(?i)(?<![^\W\d_])(?:{_SELF}\s+{place}|{place}(?=\s+{_SELF}(?![^\W\d_])))")
    out, last = [], 0
    for m in pattern.finditer(text.replace("ё", "е").replace("Ё", "Е")):
        k = 1 if m.group(1) is not None else 2
        out.append(text[last:m.start(k)])
        out.append("гости")
        last = m.end(k)
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
