"""A letter in lower case and cut at whitespace, made once (issue 11: speed).

Many steps of the parser look at the whole letter in lower case or at its pieces between
whitespace; :func:`lower_of` and :func:`pieces_of` make each once per text (the last text
asked about is remembered: the same object, or an equal text — a letter the typing fixes
left as it was is a new object with the same letters) instead of once per step.

Case-blind searches done as plain ones:
A case-blind pattern (``re.IGNORECASE``) cannot use ``re``'s fast skip to its first letter, so
on a long letter it is tried at every character. Where the pattern must hold a word, the
places that word is written at can be found by ``str.find`` in the letter lowered instead,
and the pattern tried (``match``) there only — when the lowered letter stands for the
letter place by place and letter by letter: the same length (no character lowered into
two), and no old Cyrillic letter form (U+1C80–U+1C88: «ᲂ» matches «о» case-blind but is its
own lower case). :func:`plain_lower` gives that lowered text, or None when it does not stand
for the letter; it is made once per letter (the last text is remembered).
"""

from __future__ import annotations

import bisect

__all__ = ["OLD_LETTER_FORMS", "latin1_of", "latin_runs", "lower_of", "lower_seen", "matched_at_word",
           "pieces_of", "plain_lower", "sentences_holding", "word_places"]

#: Letters that match Cyrillic ones only under IGNORECASE (old letter forms), each looked
#: for by a C-level ``in`` (many times faster than a character class scan).
OLD_LETTER_FORMS = "\u1c80\u1c81\u1c82\u1c83\u1c84\u1c85\u1c86\u1c87\u1c88"

#: The last text asked about and the answer, for each function below (the text is kept,
#: so an ``is`` test never meets another string at its address).
_LAST: tuple = ("", "")
_LAST_LOWER: tuple = ("", "")
_LAST_PIECES: tuple = ("", set())
_LAST_LATIN: tuple = ("", ())
_LAST_LATIN1: tuple = ("", b"")


def latin1_of(text: str) -> bytes:
    """``text.encode("latin-1", "replace")``, made once for the same (or an equal) text: one
    byte per character, every character of no Latin-1 a «?» (the places stay the text's)."""
    global _LAST_LATIN1
    last = _LAST_LATIN1
    if last[0] is not text and last[0] != text:
        last = _LAST_LATIN1 = (text, text.encode("latin-1", "replace"))
    return last[1]


#: The letters of a Latin run (:func:`latin_runs`), each a byte of Latin-1.
_LATIN_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\xc4\xd6\xdc\xe4\xf6\xfc\xdf"
#: Latin-1 bytes → themselves for those letters, a space for every other byte.
_LATIN_ONLY = bytes(b if b in _LATIN_LETTERS else 0x20 for b in range(256))


def latin_runs(text: str) -> tuple[str, ...]:
    """``tuple(re.findall("[A-Za-zÄÖÜäöüß]+", text))``, made once for the same (or an equal)
    text, at C speed: a character class is tried at every character of a long letter,
    while the text encoded in Latin-1 (every other character one «?»: the runs keep their
    places apart), its bytes other than those letters made spaces, and split at them gives
    the same runs in a few C-level passes."""
    global _LAST_LATIN
    last = _LAST_LATIN
    if last[0] is not text and last[0] != text:
        runs = latin1_of(text).translate(_LATIN_ONLY).split()
        last = _LAST_LATIN = (text, tuple(r.decode("latin-1") for r in runs))
    return last[1]


def lower_of(text: str) -> str:
    """``text.lower()``, made once for the same (or an equal) text."""
    global _LAST_LOWER
    last = _LAST_LOWER
    if last[0] is not text and last[0] != text:
        last = _LAST_LOWER = (text, text.lower())
    return last[1]


def lower_seen(text: str) -> str:
    """``text.lower()``: the one :func:`lower_of` made when ``text`` is its last text, else
    made anew and not remembered (for pieces of a letter: the letter's stays remembered)."""
    last = _LAST_LOWER
    return last[1] if last[0] is text or last[0] == text else text.lower()


def pieces_of(text: str) -> set[str]:
    """``set(text.split())``: the pieces of ``text`` between whitespace, made once for the
    same (or an equal) text; the set is shared: never change it."""
    global _LAST_PIECES
    last = _LAST_PIECES
    if last[0] is not text and last[0] != text:
        last = _LAST_PIECES = (text, set(text.split()))
    return last[1]


def plain_lower(text: str) -> str | None:
    """``text.lower()`` when it has ``text``'s length and ``text`` holds no old Cyrillic
    letter form (a case-blind Cyrillic word of ``text`` is then the same word of the lowered
    text at the same place); None otherwise."""
    global _LAST
    last = _LAST
    if last[0] is not text and last[0] != text:
        low = lower_of(text)
        if len(low) != len(text) or any(map(text.__contains__, OLD_LETTER_FORMS)):
            low = None
        last = _LAST = (text, low)
    return last[1]


def word_places(low: str, *words: str) -> list[int]:
    """Every offset of ``low`` (a plain lowered letter, :func:`plain_lower`) where one of
    ``words`` is written, in order (one C-level ``str.find`` per place)."""
    places = []
    for word in words:
        at = low.find(word)
        while at >= 0:
            places.append(at)
            at = low.find(word, at + 1)
    return sorted(places) if len(words) > 1 else places


def matched_at_word(pattern, text: str, low: str, word: str) -> bool:
    """True when the compiled ``pattern`` (one that must start with ``word``, case-blind)
    matches ``text`` at a place ``low`` (``text`` lowered plainly) holds ``word``: the same
    answer as ``pattern.search(text) is not None`` for such a pattern, at C speed."""
    match = pattern.match
    return any(match(text, at) is not None for at in word_places(low, word))


def sentences_holding(spans: tuple[tuple[int, int], ...], text: str,
                      words: tuple[str, ...]) -> list[int]:
    """The indices (in order) of the sentences ``spans`` (offsets in ``text``, in order,
    apart) where one of ``words`` is written whole: the same as a search of their
    alternation in each sentence (``text`` cut at its end), found by C-level ``str.find``
    of the whole text."""
    starts = [lo for lo, _ in spans]
    out: set[int] = set()
    for w in words:
        at = text.find(w)
        while at >= 0:
            n = bisect.bisect_right(starts, at) - 1
            if n >= 0 and at + len(w) <= spans[n][1]:
                out.add(n)
                at = text.find(w, spans[n][1])  # (the next sentence on)
            else:
                at = text.find(w, at + 1)
    return sorted(out)
