"""A list of names under a heading that ends in a colon, one name a line (engine.parse,
issue 11): «Два убийства:⏎1) Gosha.K⏎2) Ёжик в тумане» gives the heading's move both
targets. The first line finishes the heading's open move (:func:`engine.parse_correct.
correction`); :func:`next_listed` tells a further line of the list.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_keywords import find_keywords
from .grammar_plans import IF_WORDS
from .grammar_rules import problem
from .grammar_tokens import Tok, clause_words, tokenize
from .names import name_index
from .parse_types import Ctx, Item, Prev, nick_at
from .words import past_tense


#: Where a remark after a list line's name begins: a dash, a bracket or a comma.
_REMARK = re.compile(r" — | ?\(|, ")

#: A line of a list: an optional number or bullet, then the rest.
_LIST_LINE = re.compile(r"^\s*(?:\d{1,2}[.)]|[-•*—–])?\s*(.*?)\s*$")


def next_listed(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item]) -> bool:
    """True when the clause is one name alone on a line of a list under a heading ending in a
    colon («Два убийства:⏎1) X⏎2) Y»), after lines of one name each that gave the heading's
    move: the next target of that move."""
    return _listed(ctx, clause, prev, items, False)


def listed_on_condition(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item]) -> bool:
    """True when the clause would be :func:`next_listed`'s line but for a condition or a
    doubt after its name, which names no one else («Голоса:⏎— Лось⏎— Шишка, если
    доживёт»): the heading's move may have one more target, so the host asks."""
    return _listed(ctx, clause, prev, items, True)


def _listed(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item], cond: bool) -> bool:
    """:func:`next_listed` (``cond`` False) or :func:`listed_on_condition` (True)."""
    if prev.clause is None or prev.clause[-1].w != ":" or prev.asked or \
            not any(it.move is not None and it.pos > prev.start for it in items):
        return False
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, 0)
    if hit is None:
        return False
    if cond:
        k = hit.length
        if k >= len(clause) or clause[k].w != "," or \
                (IF_WORDS.isdisjoint(words) and V.DOUBT_WORDS.isdisjoint(words)) or \
                any(nick_at(ctx, clause, words, n) is not None
                    for n in range(k + 1, len(clause)) if clause[n].word):
            return False
    elif hit.length != len(clause) and clause[hit.length].w != "—" and \
            not _remark_in_brackets(ctx, clause, words, hit.length):
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


#: Words of another day in a heading: «Голоса вчера были такие:» reports, no move of today.
_OTHER_DAY = frozenset({"вчера", "позавчера", "завтра", "вчерашние", "вчерашний"})


def list_heading(ctx: Ctx, clause: list[Tok], last: Prev | None, items: list[Item],
                 count: int) -> None:
    """A vote heading that says more than the vote word before its colon («У меня два голоса,
    вот они:», «Мои голоса сегодня такие:») and read nothing, with a list of names on the
    lines right after it: the heading's vote is open (``no_target``, as «Два голоса:» alone
    is), so the list's lines give it its targets (:func:`engine.parse_correct.correction`,
    :func:`next_listed`). ``last``: what the clause read; ``count``: the items before it.
    Nothing when the heading tells of another day or in the past, holds another move word,
    or the next line is not one name alone."""
    if last is None or last.cls != V.VOTE or last.items or last.asked or last.hypothetical or \
            len(items) != count or len(clause) < 3 or clause[-1].w != ":":
        return
    rest = ctx.text[clause[-1].end:]
    if not rest[:rest.find("\n") + 1].strip() == "" or "\n" not in rest:
        return  # (the colon ends its line)
    kws = find_keywords(clause, set(), name_index(ctx.nicks))
    if len(kws) != 1 or kws[0].cls != V.VOTE or kws[0].negated or kws[0].reported or \
            kws[0].hypothetical or kws[0].withdraw:
        return
    kw = kws[0]
    words = clause_words(clause)
    if not _OTHER_DAY.isdisjoint(words) or any(
            clause[n].word and past_tense(words[n]) for n in range(len(clause))):
        return  # «Голоса вчера были такие:»: a report
    line = rest.split("\n", 2)[1]
    head = _LIST_LINE.match(line).group(1).split(" — ")[0].rstrip(".;,")  # («X — он мутный»)
    toks = [t for t in tokenize(head) if t.word]
    toks = name_index(ctx.nicks).merge(toks)
    hit = nick_at(ctx, toks, clause_words(toks), 0) if toks else None
    if hit is None or hit.length != len(toks):
        return  # (the next line is one name alone)
    text = ctx.text[clause[kw.i].start:clause[-1].end]
    item = Item(clause[kw.i].start, problem=problem(text, "unparsed", "no_target"), tried="vote")
    items.append(item)
    last.items.append(item)
