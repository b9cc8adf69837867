"""A word written beside a name that fits several players and that names a word of one of
their nicks only (issue 11): «Лену из QA» for «QA-Lena» beside «Елена_С», «Ленку-сейлз» for
«lena.sales», «Лёху-бэкендера» for «Лёха Backend», «Макса-девопса» for «devops_Max».

Players tell two players of one given name apart by the other word of a nick, very often
an occupation or a team written in Latin letters, and they say it in Russian: as written
(«QA»), read in Cyrillic («сейлз»), or as a Russian word built on it («бэкендер»,
«девопс»). A qualifier only ever chooses among the players the name already fits; it never
names a player by itself. Words are normalised (lower case, ё → е).
"""

from __future__ import annotations

import functools
import re

from .translit import cyrillic_reading, name_readings
from .words import CYR, LAT, norm

#: Consonants said alike (voiced as voiceless, «ц» as «тс»); vowels, «й» and signs drop.
_SKELETON = str.maketrans({
    "б": "п", "в": "ф", "г": "к", "д": "т", "ж": "ш", "з": "с", "щ": "ш", "ц": "тс",
    "а": "", "е": "", "ё": "", "и": "", "о": "", "у": "", "ы": "", "э": "", "ю": "", "я": "",
    "й": "", "ь": "", "ъ": "",
})

#: Work words of nicks (team, trade; normalised) → the beginnings of the Russian words said
#: for them («Лену-тестировщицу» for «QA-Lena», «Аню-эйчарку» for «Anna-HR»): in a qualifier
#: only, a written word that begins so names the nick word.
OCCUPATIONS: dict[str, tuple[str, ...]] = {
    "qa": ("тестировщ", "тестир", "тестер", "куа", "кьюэй"), "test": ("тестировщ", "тестер"),
    "tester": ("тестировщ", "тестер"), "dev": ("разраб", "девелопер", "программист", "прогер"),
    "developer": ("разраб", "девелопер", "программист", "прогер"),
    "design": ("дизайн",), "designer": ("дизайн",), "hr": ("эйчар", "кадровик", "кадровичк"),
    "pm": ("пиэм", "пээм", "пэм", "проджект", "менеджер", "манагер"),
    "sales": ("сейлз", "продаж", "продавец", "продавщиц"), "frontend": ("фронт",),
    "front": ("фронт",), "backend": ("бэк", "бек"), "back": ("бэк", "бек"),
    "admin": ("админ", "сисадмин"), "sysadmin": ("сисадмин", "админ"),
    "devops": ("девопс", "девопщ"), "net": ("дотнет",), "manager": ("менеджер", "манагер"),
    "lead": ("лид",), "teamlead": ("тимлид",), "analyst": ("аналитик",),
    "support": ("саппорт", "поддержк"), "marketing": ("маркетолог", "маркетинг"),
    "accountant": ("бухгалтер", "бухгалтерш"), "buh": ("бухгалтер", "бухгалтерш"),
}

#: A word of a nick's skeleton needs this many consonants to be recognised as the start of a
#: Russian word built on it («бкнт» of «бэкендера»; not «пм»).
_MIN_SKELETON = 3


def skeleton(word: str) -> str:
    """The consonants of a Cyrillic ``word`` as they sound, doubled ones once
    («бэкендера» → «пкнтр», «сейлз» → «слс»)."""
    return re.sub(r"(.)\1+", r"\1", word.translate(_SKELETON))


@functools.lru_cache(maxsize=4096)
def _nick_words(nick: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each word of ``nick`` (normalised, two letters or more) with its Cyrillic readings
    (itself for a Cyrillic word; «салес», «салс» for «sales»)."""
    out = []
    for word in re.findall(r"[^\W\d_]{2,}", norm(nick)):
        if LAT.search(word) and not CYR.search(word):
            read = {norm(r) for r in name_readings(word, shortest=2)} | {cyrillic_reading(word)}
        else:
            read = {word}
        out.append((word, frozenset(r for r in read if CYR.search(r) and not LAT.search(r))))
    return tuple(out)


def qualified_owners(word: str, candidates, loose: bool = True) -> set[str]:
    """The ``candidates`` (nicks) one of whose words the written ``word`` (normalised) is,
    other than a word every candidate holds: the word as the nick spells it («qa» of
    «QA-Lena»), a Cyrillic reading of three letters or more of it, in any case («сейлз»,
    «девопса» by sound), and, ``loose``, a Russian word built on it: its sounding consonants
    begin with the nick word's, three or more («бэкендера» for «Backend»), or a work word
    said for it (:data:`OCCUPATIONS`: «тестировщицу» for «QA»).
    ``loose=False`` for a word of a longer aside («Лену, которая qa»), where any word of
    prose might begin so: the word as spelt, or a reading in some case."""
    if len(word) < 2:
        return set()
    shape = skeleton(word) if CYR.search(word) and not LAT.search(word) else ""
    said = shape and loose and len(word) >= 3
    words = {c: _nick_words(c) for c in candidates}
    shared = set.intersection(*({w for w, _ in ws} for ws in words.values())) \
        if len(words) > 1 else set()
    out: set[str] = set()
    if said and len(word) >= 4:
        out |= {nick for nick in words if any(_abbreviates(a, word) for a in _abbreviations(nick))}
    for nick, pairs in words.items():
        for nick_word, readings in pairs:
            if nick_word in shared:
                continue
            if word == nick_word or (said and any(
                    word.startswith(stem) for stem in OCCUPATIONS.get(nick_word, ()))):
                out.add(nick)
            elif shape and len(word) >= 3 and any(
                    _said_as(word, shape, r, loose) for r in readings if len(r) >= 3):
                out.add(nick)
    return out


def _said_as(word: str, shape: str, reading: str, loose: bool) -> bool:
    """True when ``word`` (Cyrillic; ``shape`` its :func:`skeleton`) is ``reading`` said
    in some case (as spelt then an ending, or the same sounding consonants, three or more
    unless ``loose``, the written word no more than a case ending longer), or, ``loose``, a
    word built on it (its consonants, three or more, begin ``shape``)."""
    if word.startswith(reading) and len(word) - len(reading) <= 3:
        return True
    bones = skeleton(reading)
    if len(bones) < (2 if loose else _MIN_SKELETON):
        return False
    if shape == bones and abs(len(word) - len(reading)) <= 3:
        return True
    return loose and len(bones) >= _MIN_SKELETON and shape.startswith(bones)


@functools.lru_cache(maxsize=4096)
def _abbreviations(nick: str) -> tuple[str, ...]:
    """The Latin abbreviations among the words of ``nick`` beside another word, in lower
    case: two to four capitals («on» of «Шурик-ON», «ns» of «Mashka_NS»)."""
    found = re.findall(r"[^\W\d_]+", nick)
    if len(found) < 2:
        return ()
    return tuple(w.lower() for w in found if re.fullmatch(r"[A-Z]{2,4}", w))


#: Latin spellings of Cyrillic letters, for the letters an abbreviation of a place is made of.
_LATIN_OF = {
    "а": ("a",), "б": ("b",), "в": ("v", "w"), "г": ("g",), "д": ("d",), "е": ("e", "ye"),
    "ж": ("zh", "j"), "з": ("z",), "и": ("i",), "й": ("y", "j"), "к": ("k", "c"), "л": ("l",),
    "м": ("m",), "н": ("n",), "о": ("o",), "п": ("p",), "р": ("r",), "с": ("s",), "т": ("t",),
    "у": ("u",), "ф": ("f",), "х": ("h", "kh"), "ц": ("c", "ts", "z"), "ч": ("ch",),
    "ш": ("sh",), "щ": ("sch", "shch"), "ы": ("y",), "э": ("e",), "ю": ("yu", "ju"),
    "я": ("ya", "ja"),
}


def _begins(part: str, latin: str) -> bool:
    """True when the Latin spelling of the Cyrillic ``part`` may begin with ``latin``."""
    if not latin:
        return True
    return any(latin.startswith(s) and _begins(part[1:], latin[len(s):]) or
               (s.startswith(latin)) for s in _LATIN_OF.get(part[:1], ())) if part else False


def _abbreviates(short: str, word: str) -> bool:
    """True when ``short`` (a Latin abbreviation, :func:`_abbreviations`) is how one
    shortens the place or team ``word`` (Cyrillic, normalised) spelt in Latin letters: the
    initials of its hyphened parts («ns» for «нови-сада»), or, of two letters, its first two
    («on» for «онтарио»; not «qa» for «казани», «мs» for «минска»)."""
    parts = [p for p in re.split("[-‐]", word) if p]
    if len(parts) == len(short) and all(_begins(p, c) for p, c in zip(parts, short)):
        return True
    return len(short) == 2 and len(parts) == 1 and _begins(word, short)
