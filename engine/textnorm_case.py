"""A Latin nickname's Russian case ending cut off from it (issue 11, phone writers).

Players decline a Latin nickname with an apostrophe: «голосую за Dimon'а», «у Tolik'a». A
writer who types no punctuation (or whose phone drops the apostrophe) leaves the ending
standing alone: «голосую за dimon а и тимофея», «не давай tolik a он громкий». Read as it
stands, the lone «а» is the conjunction «а» and the next name is taken for a new sentence's
subject. A host reads the ending back onto the nickname. So does :func:`case_rejoined`, when

- the word before is Latin and is a word of a nickname (or its start, one or two letters
  short: «lol а» for Lola),
- the ending is Latin «a», «u» (no Russian word), or Cyrillic «а», «у», «ом», «ой», «ы»
  followed by «и», «или» or the end of the line (the conjunction «а» never stands there).
"""

from __future__ import annotations

import re

from .textcase import latin1_of

#: A Latin word, spaces, a lone case ending, and what may follow it.
_CUT = re.compile(
    r"(?<![\w'’])([A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9])[ \t]+"
    r"(?:([au])(?![\w'’])|([ауы]|ом|ой)(?=[ \t]*(?:\n|$)|[ \t]+(?:и|или)(?!\w)))")

def _cut_after_latin(text: str) -> bool:
    """True when some lone ending of :data:`_ENDING` follows a Latin letter («dimon а»): an
    ASCII letter or digit, spaces, the ending. Looked for after each run of ASCII letters
    and digits only (found at C speed: the text in Latin-1, every other character one «?»,
    its bytes other than those made spaces and split; each run is found by ``str.find``
    from the end of the one before, no such character lying between)."""
    pos = 0
    ending = _ENDING.match
    for run in latin1_of(text).translate(_ALNUM_ONLY).split():
        at = text.find(run.decode("ascii"), pos)
        pos = at + len(run)
        if ending(text, pos) is not None:
            return True
    return False


#: The cheap test before the regular expression :data:`_CUT`: spaces and a lone ending, matched
#: right after a run of Latin letters and digits.
_ENDING = re.compile(r"[ \t]+(?:[auауы]|о[мй])(?![\w'’])")
#: Latin-1 bytes → themselves for ASCII letters and digits, a space for every other byte.
_ALNUM_ONLY = bytes(b if chr(b).isascii() and chr(b).isalnum() else 0x20 for b in range(256))


def _nick_words(nicks: tuple[str, ...]) -> set[str]:
    return {w for n in nicks for w in re.split(r"[^0-9a-z]+", n.lower()) if len(w) >= 3}


def case_rejoined(text: str, nicks: tuple[str, ...]) -> str:
    """``text`` with each Latin nickname's detached case ending written back after an
    apostrophe («dimon а и тимофея» → «dimon'а и тимофея»; see the module's text)."""
    if not nicks or not _cut_after_latin(text):
        return text
    words = _nick_words(nicks)
    if not words:
        return text

    def fix(m: re.Match) -> str:
        w = m.group(1).lower()
        if not any(n == w or (len(w) >= 3 and n.startswith(w) and len(n) - len(w) <= 2)
                   for n in words):
            return m.group(0)
        return m.group(1) + "'" + (m.group(2) or m.group(3))

    return _CUT.sub(fix, text)
