"""A word broken off and typed again in full (issue 11): «Фокс — у Сов… у Совёнка», «голос
за Сорт... за Сортера». The writer stops mid-word, puts an ellipsis, and starts the word over
(the preposition before it repeated or not): only the full word is meant, the cut-off piece
is no name of its own (which of «Сова», «Совёнок» would «Сов» be?).

Pure: no I/O, no state; the length of the text is kept (the false start is blanked).
"""

from __future__ import annotations

import re

__all__ = ["false_starts"]

#: A piece of a word (three letters at least) right after a space or the line's start, an
#: ellipsis, then the preposition before the piece said again or none, then the next word.
_RESTART = re.compile(
    r"(?<![^\s(«\"'—–-])([^\W\d_]{3,})[ \t]*(?:…|\.{2,})[ \t]*(?:([^\W\d_]{1,3})[ \t]+)?"
    r"([^\W\d_][\w'’.-]*)")

#: The word before the piece, when the piece's preposition is said again.
_BEFORE = re.compile(r"([^\W\d_]{1,3})[ \t]+$")


def false_starts(text: str, nicks: tuple[str, ...] = ()) -> str:
    """``text`` with each false start blanked: a cut-off piece of a word, an ellipsis after
    it and the word started over in full («у Сов… у Совёнка» → «у       Совёнка»). The
    next word must begin with the piece, be longer and written alike (a capital for a
    capital; no capitals-only piece before a plain word: «МО... может»); when a short word stands between
    the ellipsis and it, that word must be the one said right before the piece (the same
    preposition). A piece that is itself a word of a nickname («Кот… Котофей» with a player
    «Кот») is a name of its own, kept. Pure; the length is kept."""
    if "…" not in text and ".." not in text:
        return text
    own = {w.lower() for nick in nicks for w in re.findall(r"[^\W\d_]+", nick)}

    def blank(m: re.Match) -> str:
        piece, again, full = m.group(1), m.group(2), m.group(3)
        low, whole = piece.lower(), full.lower()
        if not whole.startswith(low) or len(whole) <= len(low) or low in own or \
                piece[0].isupper() != full[0].isupper() or \
                (piece.isupper() and not full.isupper()):
            return m.group(0)  # («А МО... может, в Бегемота?»: an abbreviation, then a word)
        if again is not None:
            before = _BEFORE.search(text, 0, m.start())
            if before is None or before.group(1).lower() != again.lower():
                return m.group(0)
        cut = m.start(3) - m.start(0)
        return " " * cut + m.group(0)[cut:]

    return _RESTART.sub(blank, text)
