"""Russian written in Latin letters («golosuyu za Kuzyu, MO v Grafinyu», issue 11).

Players on a phone without a Russian keyboard write Russian in the informal transliteration
everybody reads at a glance. The parser reads such a word as its Cyrillic spelling when that
spelling is a Russian word, a move word or a nickname form; a Latin word that is itself a
nickname form («Smith», «Lucky») stays as it is. Only the normalised word of a token changes:
its place in the letter (and so every quoted span) is kept.
"""

from __future__ import annotations

import functools
import re

#: Informal transliteration, longest first (GOST-like and the common phone spellings).
_TABLE: tuple[tuple[str, str], ...] = (
    ("shch", "щ"), ("sch", "щ"), ("zh", "ж"), ("kh", "х"), ("ch", "ч"), ("sh", "ш"),
    ("ts", "ц"), ("tz", "ц"), ("yu", "ю"), ("ju", "ю"), ("ya", "я"), ("ja", "я"),
    ("yo", "е"), ("jo", "е"), ("ye", "е"), ("je", "е"), ("iy", "ий"), ("yy", "ый"),
    ("ij", "ий"), ("ej", "ей"), ("ey", "ей"), ("oj", "ой"), ("oy", "ой"), ("aj", "ай"),
    ("ay", "ай"), ("uj", "уй"), ("'", "ь"), ("’", "ь"), ("`", "ь"),
    ("a", "а"), ("b", "б"), ("v", "в"), ("g", "г"), ("d", "д"), ("e", "е"), ("z", "з"),
    ("i", "и"), ("j", "й"), ("k", "к"), ("l", "л"), ("m", "м"), ("n", "н"), ("o", "о"),
    ("p", "п"), ("r", "р"), ("s", "с"), ("t", "т"), ("u", "у"), ("f", "ф"), ("h", "х"),
    ("c", "ц"), ("y", "ы"), ("w", "в"), ("x", "кс"), ("q", "к"),
)
_VOWELS = "аеиоуыэюя"
#: English words of mixed letters («Two votes: X and Y», «My vote: X») that read as Russian
#: words in Cyrillic («and» → «анд», «my» → «мы»): kept as written.
_ENGLISH = frozenset({"and", "or", "my", "is", "the", "for", "to", "of", "in", "on", "at",
                      "it", "me", "we", "he", "she", "you", "a", "i", "no", "not", "but"})
_LATIN_WORD = re.compile(r"[a-z'’`]+")


@functools.lru_cache(maxsize=20_000)
def cyrillic_reading(word: str) -> str:
    """The Cyrillic spelling of a transliterated Russian word («golosuyu» → «голосую»,
    «b'yu» → «бью», «grafinej» → «графиней»); ``word`` is lower-case Latin (apostrophes for
    the soft sign). A lone «y» after a vowel is «й», else «ы». Not Latin: returned as is."""
    if not _LATIN_WORD.fullmatch(word):
        return word
    return transcribe(word, _TABLE, _y_after_vowel)


def _y_after_vowel(lat: str, cyr: str, out: list[str]) -> str:
    return "й" if lat == "y" and out and out[-1][-1:] in _VOWELS else cyr


def transcribe(word: str, table: tuple[tuple[str, str], ...], adjust=None) -> str:
    """``word`` rewritten by ``table`` (pairs of source and target spellings, longest source
    first; the first that matches at each place wins; a character no pair has stays).
    ``adjust(source, target, written so far)`` may change a pair's target by its context."""
    out: list[str] = []
    i = 0
    while i < len(word):
        for lat, cyr in table:
            if word.startswith(lat, i):
                out.append(adjust(lat, cyr, out) if adjust else cyr)
                i += len(lat)
                break
        else:
            out.append(word[i])
            i += 1
    return "".join(out)


#: A character whose lower case starts with a Latin letter (ASCII, the Kelvin sign, «İ»):
#: a span without one has no token for :func:`read_latin` to read.
_LATIN_START = re.compile("[A-Za-z\u212a\u0130]").search


def read_latin(toks: list, visible: str, known, respell=None) -> list:
    """``toks`` (:class:`engine.grammar_tokens.Tok`) with each Latin word that ``known``
    rejects as written but accepts in Cyrillic («lechu» → «лечу») given the Cyrillic ``w``;
    a soft-sign apostrophe right after the word («Ten'») is read with it; a word of parts
    joined by «_» or «-» («Zhenyu_K») is read part by part, each part known.
    ``respell(cyr)``: a known spelling of a reading the transliteration could not give
    (a soft sign left out: «vafelku» → «вафельку»), or None. ``known(w)``: True
    for a word the parser knows (a Russian word, a move word, a nickname form). Returns the
    same list when nothing changed."""
    if not toks or _LATIN_START(visible, toks[0].start, toks[-1].end) is None:
        return toks  # no word can start with a Latin letter: the common case, at C speed
    out = None
    for n, t in enumerate(toks):
        if not t.word or not ("a" <= t.w[:1] <= "z") or t.w in _ENGLISH or known(t.w):
            continue
        w = t.w
        if t.end < len(visible) and visible[t.end] in "'’`":
            w += "'"
        if "_" in w or "-" in w:  # «Zhenyu_K», «Verochku_K»: each part read on its own
            cyr = _LATIN_WORD.sub(lambda m: cyrillic_reading(m.group()), w)
            if cyr == w or not all(known(c) for c in re.split(r"[_-]", cyr) if c):
                continue
        else:
            cyr = cyrillic_reading(w)
            if cyr != w and not known(cyr) and respell is not None:
                cyr = respell(cyr) or cyr  # «Vafelku»: «вафелку» is «вафельку»
            if cyr == w or not known(cyr):
                continue
        if out is None:
            out = list(toks)
        out[n] = t._replace(w=cyr)
    return toks if out is None else out


def latin_words(words) -> dict[str, str]:
    """The Cyrillic readings of the Latin words among ``words`` (a letter's word set), as
    reading → word written, for finding the sentences a transliterated move word is in."""
    return {cyrillic_reading(w): w for w in words if "a" <= w[:1] <= "z" and
            _LATIN_WORD.fullmatch(w)}
