"""A form's fields that hold no move (issue 11, layout, from :mod:`engine.textnorm_layout`).

Players who fill a form leave the fields they do not use: «МО: нет», «Линч: —», «МО:» with
nothing, a table's row with an empty cell («| МО |  |»), or keep yesterday's line marked as
such («Кража (вчера): Ромашка», «Лечение (было, не считать): Кузя»). A careful host reads no
move there and asks nothing: :func:`empty_fields` takes such lines out of the letter.

A field is a line that opens with a move word of the lexicon (at most two more words, a
note in brackets) and a colon or a dash. A field with nothing after it is taken out only in
a form (another field of the letter holds a value) and when no value follows on the next
line («Линч:⏎Бука» is the label and its value). A nickname written as the value is always
kept («Линч: Нет» with a player «Нет»). Pure; the length may change.
"""

from __future__ import annotations

import functools
import re

from .lexicon import lexicon
from .words import norm

__all__ = ["empty_fields", "is_move_word", "roster_words", "table_cells"]

#: A field's line: the label (a word and at most two more), a note in brackets, a colon or
#: a dash, the value. (A word's letters are never given back (``++``): no letter may follow a
#: word, so a try ends at once.)
_FIELD = re.compile(r"[ \t]*(?:(?:[^\w\s:|()«»\"]{1,3}|\d{1,2}[.)])[ \t]*)?([^\W\d_]++)((?:[ \t]+[^\W\d_]++){0,2})[ \t]*(\([^()\n]*\))?"
                    r"[ \t]*([:—–-])[ \t]*(.*?)[ \t]*")
#: Values that say «none»: a dash, «нет», «никого».
_NONE = frozenset({"", "-", "--", "—", "–", "нет", "нету", "никого", "никто", "пусто",
                   "ничего", "пока нет"})
#: A value that only shows where the nick would go: a form's placeholder left unfilled
#: («МО: (ник)», «Линч: <имя>», «МО: ---»).
_PLACEHOLDER = re.compile(r"[-—–_.…]+|[(\[<{]?\s*(?:ник|ник игрока|nick|имя|кто|цель|игрок)"
                          r"\s*[)\]>}]?")
#: Words of a bracketed note that mark the line as another night's («(вчера)», «(было, не
#: считать)», «(прошлый ход)»).
_OLD = re.compile(r"\b(?:вчера|вчерашн\w*|позавчера|было|был|прошл\w*|стар\w*|не\s+считать|"
                  r"не\s+считай(?:те)?)\b")


def table_cells(line: str) -> tuple[list[str], bool] | None:
    """The cells of a table's row and whether its closing bar is written.

    Args:
        line: one line of a letter («| МО |  |», «| кровь | Сова», «  | a | b |  »).

    Returns:
        ``(cells, closed)``: the cells between the bars, each stripped of white space (an
        empty cell is «»), and True when the row ends with its own closing bar (« | a | b |»;
        the bar that opens the row never closes it). None when ``line`` (stripped) does not
        open with a bar. Never raises. The one reader of a row for :mod:`engine.textnorm_layout`
        (two columns: label and value) and :func:`empty_fields` (an empty cell: no move).
    """
    s = line.strip()
    if not s.startswith("|"):
        return None
    closed = len(s) >= 2 and s.endswith("|")
    return [c.strip() for c in (s[1:-1] if closed else s[1:]).split("|")], closed


def is_move_word(word: str) -> bool:
    """True when ``word`` is any move word of the lexicon (a label or a verb: «МО», «Бью»)."""
    return norm(word) in lexicon().words


def _field(line: str, nick_words: frozenset[str]) -> tuple[str, str] | None:
    """``(note, value)`` of a field's line (the value «» when a table's cells are empty), or
    None when ``line`` is no field."""
    row = table_cells(line) if "|" in line else None  # (a row holds a bar)
    if row is not None and row[1]:
        cells = row[0]
        if len(cells) >= 2 and re.fullmatch(r"[^\W\d_]+", cells[0]) and is_move_word(cells[0]):
            return "", " ".join(c for c in cells[1:] if c)
        return None
    m = _FIELD.fullmatch(line)
    if m is None or not is_move_word(m.group(1)) or \
            any(norm(w) in nick_words for w in m.group(2).split()):
        return None
    return (m.group(3) or "").lower(), m.group(5)


def empty_fields(text: str, nicks: tuple[str, ...] = ()) -> str:
    """``text`` without the lines of a form that hold no move (the module's docstring).

    Args:
        text: the letter (after :func:`engine.textnorm_layout.layout_labels`' other steps).
        nicks: the roster's nicknames (a value that is a nickname or a word of one is kept).

    Returns:
        The text; unchanged unless another field of it holds a value. Never raises.
    """
    if not _marked(text):
        return text  # no colon, dash or bar: no field (the common short letter)
    lines = text.split("\n")
    nick_words = roster_words(nicks)
    fields = [_field(line, nick_words) if _marked(line) else None  # (none: no field)
              for line in lines]
    filled = [k for k, f in enumerate(fields) if f is not None and
              f[1].lower().strip(" .") not in _NONE and not _OLD.search(f[0]) and
              not _PLACEHOLDER.fullmatch(f[1].lower().strip(" ."))]
    if not filled and not any(f is not None and _OLD.search(f[0]) for f in fields):
        return text
    out = []
    for k, (line, f) in enumerate(zip(lines, fields)):
        if f is not None and _empty(k, f, lines, fields, filled, nick_words):
            continue
        out.append(line)
    return "\n".join(out)


#: A character every field's line holds: its colon or dash, or a table's bar.
_MARKS = re.compile("[:—–|-]")


def _marked(text: str) -> bool:
    """``_MARKS.search(text) is not None``, told by five C-level ``in`` tests (a charset
    search is tried at every character: ~9× dearer on the ~20 lines of a long letter;
    issue 11, session 50)."""
    return ":" in text or "-" in text or "—" in text or "–" in text or "|" in text


@functools.lru_cache(maxsize=64)
def roster_words(nicks: tuple[str, ...]) -> frozenset[str]:
    """The roster's nicknames and their words, normalised (a value that is one is kept)."""
    return frozenset({w for n in nicks for w in norm(n).split()} | {norm(n) for n in nicks})


def _empty(k: int, f: tuple[str, str], lines: list[str], fields: list, filled: list[int],
           nick_words: frozenset[str]) -> bool:
    """True when the field ``f`` on line ``k`` holds no move: marked as another night's, or,
    in a form (``filled``: the lines of fields with a value), «none» written as its value or
    nothing with no value on the line after it."""
    note, value = f
    if _OLD.search(note):
        return True
    v = value.lower().strip(" .")
    if _PLACEHOLDER.fullmatch(v) and norm(v.strip("()[]<>{} ")) not in nick_words:
        v = "-"  # «МО: (ник)»: the field left as the form has it, a «none»
    if v not in _NONE or norm(v) in nick_words:
        return False
    if v or not filled:
        return bool(filled)
    nxt = next((n for n in range(k + 1, len(lines)) if lines[n].strip()), None)
    # «Линч:⏎Бука»: the next line is the value; a blank line, the end, or another field: none
    return nxt is None or fields[nxt] is not None
