"""Russian letters written in Latin letters, whole or in part (issue 11, text written oddly).

Two ways a Russian letter arrives in the wrong script, each read back before parsing:

- a whole letter transliterated from a phone with no Cyrillic keyboard («privet veduschiy |
  ohochus na Tamaru Ivanovnu. i golos toje ej»): when most of the letter's letters are Latin
  and most of its Latin words read as Russian words or nickname forms in one of the usual
  schemes (sh/ch/zh/sch/ya/yu/yo/ts, «j» for «й» or «ж», «x» for «х», «4» «6» «3» for «ч»
  «ш» «з», a soft sign left out), each Latin word that only such a looser reading makes
  Russian («toje» → «тоже», «ohochus» → «охочусь», «le4u» → «лечу») is written in Cyrillic
  (:func:`translit_letter`); a word the parser reads as it stands (a Latin move word, a form
  of a Latin nick: «golos za Smitha», «John_Smith») or by the usual transliteration
  (:func:`engine.translit.read_latin`, which keeps the sender's spelling in quotes) stays as
  written. An English letter («vote for Bob») reads as no Russian and is left alone;
- a word of Latin capitals that all look like Cyrillic ones (A B C E H K M O P T X Y) in a
  line of Cyrillic text: an old keyboard's caps («OXOTA - TAMAPA ИBAHOBHA»), written in
  Cyrillic (:func:`caps_lookalikes`), unless it is a word of a Latin nickname («MAX», «TOM»).
  (A word mixing both scripts is put right by :func:`engine.textnorm.clean_text`.)

Both cost a C-level test on an ordinary Cyrillic letter. Pure: no I/O, no state but caches.
"""

from __future__ import annotations

import functools
import re
import string

from .translit import cyrillic_reading, phone_readings
__all__ = ["translit_letter", "caps_lookalikes"]

# ----------------------------------------------------------------- look-alike capitals

_CAPS_TO_CYR = str.maketrans("ABCEHKMOPTXYË", "АВСЕНКМОРТХУЁ")
#: A word of look-alike Latin capitals only (one letter or more). (Its first letter comes
#: first in the pattern, the look behind after it: ``re`` then skips to each such capital
#: by its charset scan instead of trying the look behind at every character.)
_CAPS_WORD = re.compile(r"[ABCEHKMOPTXYË](?<![^\W\d_].)[ABCEHKMOPTXYË]*(?![^\W\d_])")
#: The capitals :data:`_CAPS_WORD` starts with: a letter holding none of them has no such
#: word (one C-level ``in`` each, cheaper than the pattern's scan of a long letter).
_CAPS_CHARS = "ABCEHKMOPTXYË"
_CYR_LETTER = re.compile("[А-Яа-яЁё]")


def caps_lookalikes(text: str, nicks: tuple[str, ...]) -> str:
    """``text`` with each word of look-alike Latin capitals in a line holding Cyrillic
    letters written in Cyrillic («OXOTA» → «ОХОТА»), but for the words of Latin nicknames
    («MAX» beside a nick «Max»)."""
    if text.isascii() or (len(text) > 300 and not any(c in text for c in _CAPS_CHARS)) or \
            _CAPS_WORD.search(text) is None:
        return text
    kept = _latin_nick_words(nicks)
    out: list[str] = []
    for line in text.split("\n"):
        if _CAPS_WORD.search(line) is not None and _CYR_LETTER.search(line) is not None:
            line = _CAPS_WORD.sub(lambda m: m.group() if m.group().lower() in kept
                                  else m.group().translate(_CAPS_TO_CYR), line)
        out.append(line)
    return "\n".join(out)


@functools.lru_cache(maxsize=64)
def _latin_nick_words(nicks: tuple[str, ...]) -> frozenset[str]:
    """The lower-case Latin words of the nicknames (and each nickname whole)."""
    out = set()
    for nick in nicks:
        low = nick.lower()
        out.add(low)
        out.update(re.findall(r"[a-z]+", low))
    return frozenset(out)


# ----------------------------------------------------------------- a transliterated letter

_ASCII_LETTERS = string.ascii_letters.encode()
#: A Latin word, standing alone (no «_», digits or other word characters touching it); the
#: digits 3, 4, 6 inside it are letters («ho4u»), a soft-sign apostrophe goes with it.
_TOKEN = re.compile(r"(?<![\w@/.'’`])(?=[346]*[A-Za-z])[A-Za-z346]+(?:['’`][A-Za-z]*)*(?![\w@/])")
#: English words that read as Russian ones («no» → «но», «on» → «он»): evidence of English.
_ENGLISH = frozenset({"the", "for", "and", "is", "are", "to", "of", "in", "on", "at", "it",
                      "me", "we", "he", "she", "you", "my", "no", "not", "but", "vote",
                      "this", "that", "with", "kill", "heal", "check", "today", "night",
                      "please", "hi", "hello", "i'm", "im", "will", "go", "be", "am"})

#: Spellings and their Cyrillic readings, the usual first, longest spelling first.
_UNITS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("shch", ("щ",)), ("sch", ("щ", "сч")), ("sh", ("ш", "щ")), ("zh", ("ж",)), ("kh", ("х",)),
    ("ch", ("ч", "х")), ("ts", ("ц", "тс")), ("tz", ("ц",)),
    ("yu", ("ю",)), ("ju", ("ю",)), ("iu", ("ю", "иу")), ("ya", ("я",)), ("ja", ("я",)),
    ("ia", ("я", "иа")), ("yo", ("е", "йо")), ("jo", ("е", "йо")), ("ye", ("е", "ые")),
    ("je", ("е", "же")), ("yi", ("ый", "ы")), ("yj", ("ый",)), ("yy", ("ый",)),
    ("iy", ("ий",)), ("ij", ("ий",)), ("ii", ("ий", "ии")),
    ("'", ("ь",)), ("’", ("ь",)), ("`", ("ь",)),
    ("x", ("х", "кс")), ("j", ("й", "ж")), ("y", ("ы", "й", "и")), ("w", ("в", "ш", "щ")),
    ("q", ("к", "я")), ("c", ("ц", "к", "с")), ("h", ("х",)), ("e", ("е", "э")),
    ("u", ("у", "ю")), ("i", ("и", "й")), ("4", ("ч",)), ("6", ("ш",)), ("3", ("з",)),
    ("a", ("а",)), ("b", ("б",)), ("v", ("в",)), ("g", ("г",)), ("d", ("д",)), ("z", ("з",)),
    ("k", ("к",)), ("l", ("л",)), ("m", ("м",)), ("n", ("н",)), ("o", ("о",)), ("p", ("п",)),
    ("r", ("р",)), ("s", ("с",)), ("t", ("т",)), ("f", ("ф",)),
)
_CONSONANTS = "бвгджзклмнпрстфхцчшщ"


@functools.lru_cache(maxsize=8192)
def _readings(word: str) -> tuple[str, ...]:
    """The Cyrillic readings of the lower-case Latin ``word``, fewest unusual choices first
    (at most two), each also with a soft sign after a last consonant."""
    units: list[tuple[str, ...]] = []
    i = 0
    while i < len(word):
        for lat, cyr in _UNITS:
            if word.startswith(lat, i):
                if lat == "e" and i:
                    cyr = ("е",)  # «э» only at the start («eto» → «это»)
                elif lat == "je" and i and word[i - 1] in "aeiou":
                    cyr = ("же", "е")  # «toje», «uje»: «ж» after a vowel
                elif lat in ("yi", "yj", "yy") and i and word[i - 1] in "aeiou":
                    cyr = ("и", "й", "ый")  # «Zoyi» → «Зои»
                units.append(cyr)
                i += len(lat)
                break
        else:
            units.append((word[i],))
            i += 1
    partial: list[tuple[str, int]] = [("", 0)]
    for choices in units:
        partial = [(text + c, odd + (n > 0)) for text, odd in partial
                   for n, c in enumerate(choices) if odd + (n > 0) <= 2]
        if len(partial) > 400:
            partial.sort(key=lambda p: p[1])
            del partial[400:]
    partial.sort(key=lambda p: p[1])
    out: list[str] = []
    for text, _ in partial:
        out.append(text)
        if text[-1:] in _CONSONANTS:
            out.append(text + "ь")
    return tuple(dict.fromkeys(out))


def _known_reading(word: str, known) -> str | None:
    """The first reading of ``word`` the parser knows, or None."""
    return next((r for r in _readings(word) if known(r)), None)


def translit_letter(text: str, nicks: tuple[str, ...]) -> str:
    """``text`` in Cyrillic when it is a Russian letter typed in Latin letters (see the
    module's docstring); any other text as it is."""
    raw = text.encode("utf-8", "surrogatepass")
    latin = len(raw) - len(raw.translate(None, _ASCII_LETTERS))
    if latin < 12 or (raw.count(b"\xd0") + raw.count(b"\xd1")) * 4 > latin:
        return text  # (C-level: a Cyrillic letter, or too few Latin letters)
    known, kept = _known(nicks)
    tokens = list(_TOKEN.finditer(text))
    russian = english = other = 0
    readings: dict[int, str] = {}
    for n, m in enumerate(tokens):
        low = m.group().lower().replace("’", "'").replace("`", "'")
        if low in kept or low.rstrip("'") in kept or known(low):
            continue
        if len(low) < 2:
            continue
        if low in _ENGLISH:
            english += 1
            continue
        found = _known_reading(low, known)
        if found is None:
            other += 1
        else:
            russian += 1
            readings[n] = found
    if russian < 3 or russian < 2 * other or english * 3 > russian:
        return text
    if not any(cyr in _PRONOUNS or not _plainly_read(tokens[n].group(), known)
               for n, cyr in readings.items()):
        return text  # the parser reads every word as it stands (engine.translit.read_latin),
        # quoting the sender's own spelling
    out: list[str] = []
    at = 0
    for n, m in enumerate(tokens):
        word = m.group()
        cyr = readings.get(n) or (_SINGLE.get(word.lower()) if word.lower() not in kept else None)
        if cyr is None:
            continue  # (a nick, an English or an unknown word: as written)
        if word.isupper() and len(word) > 1:
            cyr = cyr.upper()
        elif word[:1].isupper():
            cyr = cyr[:1].upper() + cyr[1:]
        out.append(text[at:m.start()])
        out.append(cyr)
        at = m.end()
    out.append(text[at:])
    return "".join(out)


def _plainly_read(word: str, known) -> bool:
    """True when :func:`engine.translit.read_latin` reads ``word`` by itself."""
    low = word.lower().replace("’", "'").replace("`", "'")
    return any(known(r) for r in (cyrillic_reading(low), *phone_readings(low)))


#: One-letter words: the Russian prepositions and conjunctions they stand for.
_SINGLE = {"i": "и", "v": "в", "k": "к", "s": "с", "u": "у", "o": "о", "a": "а"}

#: Pronouns a target is named by («golos toje ej»): read only when written in Cyrillic.
_PRONOUNS = frozenset({"ей", "ему", "ее", "её", "него", "нее", "неё", "нему", "ней", "им",
                       "их", "его", "он", "она", "него", "ним", "нею"})


@functools.lru_cache(maxsize=16)
def _known(nicks: tuple[str, ...]):
    """(known(word), the Latin words kept as written) for ``nicks``: known is what the parser
    knows as a word (a Russian word, a move or trigger word, a nickname form)."""
    from .grammar_windows import clause_triggers
    from .names import name_index
    from .words import is_known_word

    idx = name_index(nicks)
    forms, parts, triggers = idx.trigger_forms(), idx.parts, clause_triggers()
    kept = frozenset(w for w in forms | frozenset(parts) if w.isascii()) | _latin_nick_words(nicks)

    def known(w: str) -> bool:
        return w in forms or w in parts or w in triggers or is_known_word(w)
    return known, kept
