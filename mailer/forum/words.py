"""The word count of FORUM.md: a word is a maximal run of letters (Unicode categories L*);
a hyphen or an apostrophe between two letters joins them. Digits, emoji, punctuation, URLs
and e-mail addresses are not words."""

from __future__ import annotations

import re
import unicodedata

_URL = re.compile(r"(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)\S+", re.IGNORECASE)
_EMAIL = re.compile(r"[^\s@<>()\[\]]+@[^\s@<>()\[\]]+\.[^\s@<>()\[\]]+")
_JOINERS = frozenset("-'\u2019\u02bc\u2010\u2011")
_NO_JOINERS = str.maketrans("", "", "".join(_JOINERS))
_CANDIDATE = re.compile(r"[^\W\d_]+(?:[-'\u2019\u02bc\u2010\u2011][^\W\d_]+)*")


def _is_letter(ch: str) -> bool:
    return unicodedata.category(ch).startswith("L")


def strip_links(text: str) -> str:
    """``text`` without URLs and e-mail addresses (each replaced by a space)."""
    return _EMAIL.sub(" ", _URL.sub(" ", text))


def words(text: str) -> list[str]:
    """The words of ``text`` in order (NFC), per the definition above."""
    text = unicodedata.normalize("NFC", strip_links(text))
    out: list[str] = []
    for chunk in _CANDIDATE.findall(text):
        if chunk.translate(_NO_JOINERS).isalpha():  # str.isalpha: exactly the L* categories
            out.append(chunk)
            continue
        # \w letters that are not L* (e.g. superscript digits): split on them
        current = ""
        for c in chunk:
            if _is_letter(c):
                current += c
            elif c in _JOINERS and current and not current.endswith(tuple(_JOINERS)):
                current += c
            else:
                if current:
                    out.append(current.rstrip("".join(_JOINERS)))
                current = ""
        if current:
            out.append(current.rstrip("".join(_JOINERS)))
    return [w for w in out if w]


def count_words(text: str) -> int:
    """How many words ``text`` holds (FORUM.md «Words»)."""
    return len(words(text))
