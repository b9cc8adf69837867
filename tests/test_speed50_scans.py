"""Speed rewrites of session 50 that must find exactly what the plain forms found (issue 11,
speed): random texts of the characters each rewrite cares about, read both ways."""

import random
import re
import sys

from engine import parse_unread as U
from engine import textnorm_fields as F
from engine import textnorm_layout as L

#: The plain forms before the rewrites.
_NUMBERED = re.compile(r"[.)](?<=\d[.)])")
_MARKS = re.compile("[:—–|-]")
_FIVE_WORDS = re.compile(r"\w[\w'-]*+(?:\W+\w[\w'-]*+){4}")


def _texts(pieces: list[str], count: int, seed: int, most: int = 25):
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(pieces) for _ in range(rng.randint(0, most)))


def test_str_tests_are_the_pattern_classes():
    """``str.isdecimal`` is ``\\d`` and ``str.isalnum`` or «_» is ``\\w``, character by
    character, over all of Unicode (what the rewrites below lean on)."""
    digit, word = re.compile(r"\d"), re.compile(r"\w")
    for c in map(chr, range(sys.maxunicode + 1)):
        assert (digit.match(c) is not None) == c.isdecimal(), hex(ord(c))
        assert (word.match(c) is not None) == (c.isalnum() or c == "_"), hex(ord(c))


def test_numbered_found_as_the_search_finds_it():
    pieces = ["1", "٣", "9", ".", ")", "a", "б", " ", "\n", "..", "1.", "x)", "²", "½"]
    for text in _texts(pieces, 20_000, 1, most=12):
        assert L._numbered(text) == (_NUMBERED.search(text) is not None), text
    assert L._numbered("Голоса: 1) Лось 2) Сова")
    assert not L._numbered("Голоса: а) Лось б) Сова. Всё.")


def test_field_marks_found_as_the_search_finds_them():
    pieces = [":", "—", "–", "|", "-", "−", "‒", "a", "б", " ", "\n", "_", "/"]
    for text in _texts(pieces, 20_000, 2, most=8):
        assert F._marked(text) == (_MARKS.search(text) is not None), text


def test_five_words_told_by_a_match_at_a_word_as_by_the_search():
    """:func:`engine.parse_unread._may_show_where` tries the five-word pattern only at the
    sentence's start when a word opens it: the same answer as a search of the sentence."""
    pieces = ["а", "бв", "x", "_", "1", " ", "  ", "\t", "\n", ",", ".", "-", "'", "’", "`",
              "—", "é", "ё", "Z", "!", "😀"]
    for text in _texts(pieces, 5_000, 3, most=30):
        low = text.lower()
        for lo in range(0, len(low) + 1, 3):
            for hi in (lo, lo + 4, lo + 11, len(low)):
                c = low[lo] if lo < hi <= len(low) else ""
                at = (U._FIVE_WORDS.match if c.isalnum() or c == "_" else U._FIVE_WORDS.search)
                assert (at(low, lo, hi) is None) == (_FIVE_WORDS.search(low, lo, hi) is None), \
                    (low, lo, hi)
