"""A list of names under a heading that ends in a colon, one name a line (engine.parse,
issue 11): «Два убийства:⏎1) Gosha.K⏎2) Ёжик в тумане» gives the heading's move both
targets. The first line finishes the heading's open move (:func:`engine.parse_correct.
correction`); :func:`next_listed` tells a further line of the list.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_plans import IF_WORDS
from .grammar_tokens import Tok, clause_words
from .parse_types import Ctx, Item, Prev, nick_at


#: Where a remark after a list line's name begins: a dash, a bracket or a comma.
_REMARK = re.compile(r" — | ?\(|, ")

#: A line of a list: an optional number or bullet, then the rest.
_LIST_LINE = re.compile(r"^\s*(?:\d{1,2}[.)]|[-•*—–])?\s*(.*?)\s*$")


def next_listed(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item]) -> bool:
    """True when the clause is one name alone on a line of a list under a heading ending in a
    colon («Два убийства:⏎1) X⏎2) Y»), after lines of one name each that gave the heading's
    move: the next target of that move."""
    if prev.clause is None or prev.clause[-1].w != ":" or prev.asked or \
            not any(it.move is not None and it.pos > prev.start for it in items):
        return False
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, 0)
    if hit is None or (hit.length != len(clause) and clause[hit.length].w != "—" and
                       not _remark_in_brackets(ctx, clause, words, hit.length)):
        return False  # («2) Глаз-Алмаз — он вчера выжил»: a remark after a dash)
    lines = ctx.text[prev.clause[-1].end:clause[0].start].split("\n")
    if len(lines) < 3 or len(lines) > 6 or lines[0].strip() or \
            _LIST_LINE.match(lines[-1]).group(1):
        return False  # (the heading ends its line; the name opens its own)
    for line in lines[1:-1]:
        rest = _REMARK.split(_LIST_LINE.match(line).group(1))[0].rstrip(";,")
        # («1) Буку;⏎2) Сергея.»: the mark that ends a line of the list)
        if rest and (len(rest.split()) > 4 or any(c in rest for c in ",:;!?—")):
            return False  # a line of one name each (a nick may hold a dot: «Gosha.K»)
    return True


def _remark_in_brackets(ctx: Ctx, clause: list[Tok], words: list[str], k: int) -> bool:
    """True when the name of a list line is followed by a remark that names no one else: in
    brackets («— Гоша (он вчера молчал)») or after a comma, then neither a condition nor a
    doubt («— Гоша, он вчера молчал»; not «— Гоша, если доживёт»): the line stays one name.
    A bracket that opens with «не» may name another: it sets him apart («(не путать с Y)»)."""
    if clause[k].w == "(" and k + 1 < len(clause) and clause[k + 1].w == "не":
        return True  # («— Огурец (не путать с Огурчиком)»: the other name is set apart)
    if clause[k].w not in "(," or any(nick_at(ctx, clause, words, n) is not None
                                      for n in range(k + 1, len(clause)) if clause[n].word):
        return False
    return clause[k].w == "(" or (IF_WORDS.isdisjoint(words) and V.DOUBT_WORDS.isdisjoint(words)
                                  and "?" not in words)
