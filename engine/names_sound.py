"""A Latin nickname named by its sound in Cyrillic letters (issue 11, the generic lever of
session 37): «Дэнни» for «Danny.Ocean», «Гавейна» for «Sir Gawain», «Катюшу» for
«Katjuscha». Both spellings are reduced to a consonant skeleton of sound classes (voiced
and voiceless pairs merged, vowels, й and soft signs dropped, doubled letters once); a
Cyrillic word whose skeleton equals the skeleton of exactly one word of one Latin nick
names that nick. Only a last fallback of :meth:`engine.names_match.NameIndex.approximate`:
never a dictionary word, never a skeleton shorter than two sounds.
"""

from __future__ import annotations

import functools
import re

from .translit import transcribe

#: Cyrillic letters → sound class ("" dropped)
_CYR = {
    "б": "P", "п": "P", "в": "F", "ф": "F", "г": "K", "к": "K", "х": "K", "д": "T", "т": "T",
    "з": "S", "с": "S", "ц": "S", "ж": "J", "ш": "J", "щ": "J", "ч": "J", "л": "L", "м": "M",
    "н": "N", "р": "R",
}
#: Latin letter groups → sound class, longest first
_LAT_GROUPS = (("sch", "J"), ("tch", "J"), ("sh", "J"), ("ch", "J"), ("zh", "J"), ("th", "T"),
               ("ph", "F"), ("ck", "K"), ("qu", "K"), ("gh", ""), ("x", "KS"))
_LAT = {
    "b": "P", "p": "P", "v": "F", "f": "F", "w": "F", "g": "K", "k": "K", "c": "K", "q": "K",
    "h": "K", "d": "T", "t": "T", "z": "S", "s": "S", "j": "", "l": "L", "m": "M", "n": "N",
    "r": "R",
}
#: The groups first, then each letter (a vowel dropped): :func:`latin_skeleton`'s table.
_LAT_TABLE = _LAT_GROUPS + (("ß", "S"),) + tuple(_LAT.items()) + \
    tuple((v, "") for v in "aeiouyäöü")
_ENDINGS = re.compile(r"(?:ом|ем|ой|ей|ым|им|ою|ею)$")
#: A word of a Latin nick, German letters too («Bär», «Müller»)
_LATIN_WORDS = re.compile(r"[A-ZÄÖÜ]?[a-zäöüß]+|[A-ZÄÖÜ]+(?![a-zäöüß])")


def _squeeze(classes: str) -> str:
    """``classes`` with runs of one class written once."""
    return re.sub(r"(.)\1+", r"\1", classes)


def cyrillic_skeleton(word: str) -> str:
    """The sound skeleton of a lower-case Cyrillic word («дэнни» → «TN»)."""
    return _squeeze("".join(_CYR.get(ch, "") for ch in word))


def latin_skeleton(word: str) -> str:
    """The sound skeleton of a Latin word of a nick, letters a–z and German ä, ö, ü, ß
    («Danny» → «TN», «Gawain» → «KFN», «Bär» → «PR»)."""
    return _squeeze(transcribe(word.lower(), _LAT_TABLE))


@functools.lru_cache(maxsize=256)
def _syllables(word: str, vowels: str) -> int:
    """How many runs of ``vowels`` ``word`` holds."""
    return len(re.findall(f"[{vowels}]+", word.lower()))


@functools.lru_cache(maxsize=256)
def skeleton_owners(nicks: tuple[str, ...]) -> dict[str, frozenset[tuple[str, int, int]]]:
    """Of ``nicks``, the skeleton of each word of a Latin nick (at least two sounds) → the
    nicks holding a word of it, each with that word's length and count of vowel runs."""
    table: dict[str, set[tuple[str, int, int]]] = {}
    for nick in nicks:
        if re.search("[а-яёА-ЯЁ]", nick):
            continue
        for part in _LATIN_WORDS.findall(nick):
            key = latin_skeleton(part)
            if len(key) >= 2:
                table.setdefault(key, set()).add((nick, len(part), _syllables(part, "aeiouyäöü")))
    return {k: frozenset(v) for k, v in table.items()}


def sound_owner(nicks: tuple[str, ...], word: str) -> str | None:
    """The one Latin nick of ``nicks`` that the Cyrillic ``word`` (lower case, no dictionary
    word) sounds like, its case ending aside; None when none or several fit."""
    if len(word) < 4 or not re.fullmatch("[а-яё]+", word):
        return None
    table = skeleton_owners(nicks)
    owners: set[str] = set()
    said = _syllables(word, "аеёиоуыэюя")
    for form in {word, _ENDINGS.sub("", word)}:
        # (a word much longer than the nick's word is no reading of it: «бьюпепегу», a verb
        # glued to «Pepega», is left to the glued-word reading); nor one with fewer vowels
        # than the nick's word («Кулбка» is a slip of «Kolobok_13», asked, not its sound)
        owners |= {nick for nick, size, vowels in table.get(cyrillic_skeleton(form), frozenset())
                   if abs(len(form) - size) <= 2 and said >= vowels}
    return next(iter(owners)) if len(owners) == 1 else None
