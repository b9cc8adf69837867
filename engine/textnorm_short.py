"""A nick's word of seniority written short (issue 11): «палыч мл», «мл. Палыча», «Петрович ст.»
for the nicks «Палыч-младший», «Петрович Старший». The short word is written out in full
(«палыч младший») when it stands right beside another word of exactly such a nick, so the
name reader finds the whole nick; anywhere else it stays as written.

Pure; the text is returned unchanged when it holds no such short word.
"""

from __future__ import annotations

import functools
import re

#: The short forms of the words of seniority and the words they stand for (any gender).
_SHORT = {"мл": ("младший", "младшая"), "ст": ("старший", "старшая")}

#: A short word of seniority standing alone, an optional dot after it.
_SHORT_WORD = re.compile(r"(?i)(?<![\w.\-])(мл|ст)(\.)?(?![\w\-])")
#: A word right before a place in the text (spaces or a hyphen between).
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \t\-]*$")
#: A word right after a place in the text (spaces or a hyphen between).
_WORD_AFTER = re.compile(r"^[ \t\-]*([^\W\d_]+)")


def _words(nick: str) -> list[str]:
    return [w.replace("ё", "е") for w in re.findall(r"[^\W\d_]+", nick.lower())]


@functools.lru_cache(maxsize=64)
def _roster_words(nicks: tuple[str, ...]
                  ) -> tuple[dict[str, list[tuple[str, list[str]]]], frozenset[str]]:
    """What :func:`short_seniority` reads of a roster, made once per roster: (short word →
    [(its full word, the nick's other words)] for each nick holding a full word of
    :data:`_SHORT`, the words of all nicks). The first is empty when no nick holds a full
    word, or when a nick holds a short word itself («Николай Ст.»): the text is then
    returned as written. Never change the answer (it is shared)."""
    full: dict[str, list[tuple[str, list[str]]]] = {}  # short word → (full word, other words)
    plain: set[str] = set()
    for nick in nicks:
        words = _words(nick)
        plain.update(words)
        for short, longs in _SHORT.items():
            for long in longs:
                if long in words:
                    full.setdefault(short, []).append((long, [w for w in words if w != long]))
    if any(short in plain for short in full):
        full = {}
    return full, frozenset(plain)


def _same_word(word: str, nick_word: str) -> bool:
    """True when ``word`` (lower case) is a case form of ``nick_word``: the same first
    letters, at least four or the whole of a shorter word («палыча» of «палыч»)."""
    stem = nick_word[:max(3, min(len(nick_word) - 1, 5))]
    return len(word) >= 3 and word.startswith(stem) and len(word) <= len(nick_word) + 3


def short_seniority(text: str, nicks: tuple[str, ...]) -> str:
    """``text`` with «мл»/«ст» (a dot after it or not) written out as the nick's own word
    («младший», «старшая») where a nick holds that word and the short word stands right
    beside a form of another word of that nick («голоса мастер палыч, палыч мл» → «…, палыч
    младший»; «мл. Палыча» → «младший Палыча»). Not when a nick holds the short word itself
    («Николай Ст.»), nor when two nicks' words would fit (each is then read as written)."""
    full, plain = _roster_words(nicks)
    if not full:
        return text  # (no nick holds a word of seniority: most rosters, no look at the text)
    low = text.lower()
    if "мл" not in low and "ст" not in low:
        return text

    def written_out(m: re.Match) -> str:
        short = m.group(1).lower()
        if short in plain or short not in full:
            return m.group(0)
        before = _WORD_BEFORE.search(text, 0, m.start())
        after = _WORD_AFTER.search(text[m.end():])
        fits_before, fits_after = set(), set()
        for long, others in full[short]:
            for side, fits in ((before, fits_before), (after, fits_after)):
                if side is not None and any(_same_word(_low(side.group(1)), w) for w in others):
                    fits.add(long)
        fits = fits_before or fits_after
        if len(fits) != 1:
            return m.group(0)
        word = next(iter(fits))
        if m.group(1)[0].isupper():
            word = word.capitalize()
        if fits_before:  # «Палыч мл.»: a dot after it may end the sentence, kept
            return word + (m.group(2) or "")
        return word  # «мл. Палыча»: the dot is the short word's own

    return _SHORT_WORD.sub(written_out, text)


def _low(word: str) -> str:
    return word.lower().replace("ё", "е")
