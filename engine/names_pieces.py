"""The pieces a player may call a nickname by (issue 3, issue 11): its words cut at digits and
at capitals inside a word («NoobSlayer228» → noob, slayer), a digit between letters read as
the letter it stands for («J0ker» → joker, «N00b-Slayer» → noob), a nick spelled letter by
letter joined («k.a.t.y.a» → katya). Used by :mod:`engine.names` to build the form index.
"""

from __future__ import annotations

import re

from .words import THRESHOLDS, norm


#: A digit written between letters of a nickname stands for a letter («J0ker» is «Joker»,
#: «dron4ik» is «дрончик»: 4 is «ч» in Russian chat).
_LEET = {"0": "o", "1": "i", "3": "e", "4": "ch", "5": "s", "7": "t"}

#: The other letter a digit between Latin letters stands for in English leet: 4 is «a»
#: («Sh4dow» is «Shadow», «M4ks» is «Maks»), beside the «ч» of Russian chat.
_LEET_LATIN = {"4": "a"}


#: A number written between letters of a nickname read as its Russian name, a syllable of
#: the word («Pro100Vasya» is «Простовася», «Mega7ya» is «Мегасемья»): the Latin
#: spelling and the Cyrillic one.
_SAID = {"100": ("sto", "сто"), "7": ("sem", "семь")}


def _said(number: str, word: str) -> str:
    """``number`` (between letters of ``word``) as its Russian name in the word's script
    (:data:`_SAID`), or as written when it has none."""
    names = _SAID.get(number)
    if names is None:
        return number
    return names[0] if re.search(r"[a-zA-Z]", word) else names[1]


def nick_pieces(nick: str) -> list[str]:
    """The pieces a player may call a nickname by (normalised, three letters or more): its
    words cut at anything but letters, at digits and at a capital inside a word
    («NoobSlayer228» → noob, slayer; «Krot.exe» → krot, exe; «dron4ik» → dron), each word
    of the nick with a digit between letters read as a letter («J0ker» → joker, «dron4ik» →
    dronchik, «Sh4dow» → shadow as well as shchdow, «N00b-Slayer» → noob) or a number as its Russian name («Pro100Vasya» →
    prostovasya), a word with an apostrophe inside written without it
    («Lo'ra» → lora, «Д'Артаньян» → дартаньян), and the letters of a nick spelled letter by letter
    joined («k.a.t.y.a» → katya). The nick itself (one word) is not among them."""
    out: list[str] = []
    words = re.findall(r"[^\W_]+", nick)
    for word in words:
        for chunk in re.split(r"\d+", word):
            out += re.findall(r"[A-ZА-ЯЁ]?[a-zа-яё]+|[A-ZА-ЯЁ]+(?![a-zа-яё])", chunk)
    for word in words:  # («N00b-Slayer» → noob: a word of a longer nick too)
        leet = re.sub(r"(?<=[^\W\d_])\d\d?(?=[^\W\d_])",  # («N00b»: two digits too)
                      lambda m: "".join(_LEET.get(d, "") for d in m.group()), word)
        if leet != word:
            out.append(leet)
        if re.search(r"[a-zA-Z]\d\d?[a-zA-Z]", word) and any(d in word for d in _LEET_LATIN):
            latin = re.sub(r"(?<=[a-zA-Z])\d\d?(?=[a-zA-Z])",  # («Sh4dow» → shadow)
                           lambda m: "".join(_LEET_LATIN.get(d, _LEET.get(d, ""))
                                             for d in m.group()), word)
            if latin != leet:
                out.append(latin)
        said = re.sub(r"(?<=[^\W\d_])\d+(?=[^\W\d_])", lambda m: _said(m.group(), word), word)
        if said != word:
            out.append(said)  # «Pro100Vasya» → prostovasya: «Простовася»
    if len(words) > 2 and all(len(w) == 1 for w in words):
        out.append("".join(words))
    for joined in re.findall(r"[^\W_]+(?:['’`][^\W_]+)+", nick):
        out.append(re.sub(r"['’`]", "", joined))  # «Lo'ra» is also «lora»: «Лору», «Лорочку»
    whole = norm(nick)
    seen: list[str] = []
    for piece in out:
        w = norm(piece)
        if len(w) >= THRESHOLDS["prefix_min_len"] and w != whole and w not in seen:
            seen.append(w)
    return seen
