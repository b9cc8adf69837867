"""A correction written with no punctuation after a move (issue 11, precision first).

A phone writer who changes his mind leaves no comma to show where the correction starts:
«проверяю лося⏎пс нет лося завтра сегодня кузнеца», «ворую у беловой⏎поправка у виктора
павловича», «упд нет не на кота а на пса», «за бобра и за лося нет лося убираю». With the
commas the rules read the new choice; without them they often keep the move said first and
read nothing of the correction. A host who sees a correcting word after a move and another
player named right after it does not apply the first move: he asks.

The rule: after the last move read before it, a correcting word (:data:`_MARKER`: «upd»,
«апд», «поправка», «исправление», a spoken «нет» answering oneself: «хотя нет», «впрочем
нет», «а нет», «ой нет», «пс нет», or «нет» right after a player's name in the move's own
words) is followed in its line, with no punctuation between, by a living player no move of
that kind is on (not one taken off by «не», «вместо»); no move and no problem was read from
the marker on in that line. Then the letter asks
(``unparsed``, reason ``second_thought``); the moves read stay. Punctuated text is left to
the rules: a comma or a dash there means the writer marked the correction himself.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_rules import problem
from .legality import move_targets
from .names import name_index
from .parse_second_thoughts import named_in
from .parse_types import Ctx, Item, name_form

#: A correcting word of a phone writer (see the module's text); «нет» alone only right after
#: the move's own words (:data:`_NO_AFTER`).
_MARKER = re.compile(
    r"(?<!\w)(?:upd\d?|апд\d?|поправка|исправление|исправляю|"
    r"(?:хотя|впрочем|а|ой|p\s?s|пс|ps)\s+нет)(?!\w)", re.IGNORECASE)

#: «нет» right after the move's own words («за лося нет лося убираю»), not «нет смысла».
_NO_AFTER = re.compile(
    r"[ \t]+нет(?!\w)(?![ \t]+(?:смысла|толку|толка|причин|повода|смысл|сил|времени|ли|его|её|ее|"
    r"их|никого|ничего|ни|сомнений|вопросов|никаких|нигде|разницы|уже|больше)(?!\w))",
    re.IGNORECASE)

#: Punctuation that marks where the writer's correction stands.
_MARKS = re.compile(r"[.,!?;:()«»\"—–-]")

#: How many words after the marker the new player may be named.
_REACH = 12


#: Pieces one of which a letter with a marker holds (a C-level test before the search).
_QUICK = ("нет", "Нет", "НЕТ", "upd", "Upd", "UPD", "апд", "Апд", "АПД", "оправк", "ОПРАВК",
          "справл", "СПРАВЛ")
#: Any of :data:`_QUICK` (one search instead of one per piece).
_QUICK_ANY = re.compile("|".join(_QUICK))


#: Texts this long or longer (from the start looked at) have :data:`_QUICK` placed by
#: ``str.find`` (:func:`_quick_places`).
_FIND_FROM = 400


def _quick_places(text: str, start: int = 0) -> list[tuple[int, int]]:
    """``[m.span() for m in _QUICK_ANY.finditer(text, start)]``, found by C-level
    ``str.find`` of each piece of :data:`_QUICK` (faster than the alternation's scan of
    every character): no two pieces may match at one place or overlap (none is a part of
    another, no end of one opens another or itself), so the pattern's matches are every
    place a piece is written at, in order. (A short text: the pattern's own search, as
    cheap there as one call per piece.)"""
    if len(text) - start < _FIND_FROM:
        return [m.span() for m in _QUICK_ANY.finditer(text, start)]
    out = []
    find = text.find
    for piece in _QUICK:
        at = find(piece, start)
        while at >= 0:
            end = at + len(piece)
            out.append((at, end))
            at = find(piece, end)
    out.sort()
    return out


def _markers(text: str, start: int = 0, places: list[tuple[int, int]] | None = None
             ) -> list[tuple[int, int, None]]:
    """The markers of :data:`_MARKER` in ``text`` from ``start`` on: ``(start, end, None)``
    each (the pieces of :data:`_QUICK` found first, the full pattern only around them; no
    two pieces overlap, so one search finds them all, in order). ``places``: the pieces'
    places (:func:`_quick_places`) from ``start`` or before, when found already."""
    hits = _quick_places(text, start) if places is None else \
        [p for p in places if p[0] >= start]
    if not hits:
        return []
    out = []
    last = -1
    for at, end in hits:
        m = _MARKER.search(text, max(0, at - 9, last), end + 4)
        if m is not None and m.start() <= at < m.end() and m.start() >= last:
            out.append((m.start(), m.end(), None))
            last = m.end()
    return out


def _names(ctx: Ctx, idx, word: str) -> set[str]:
    """The one player ``word`` names as a form of his nickname (a word of it, a pet form, a
    given name: «шамана» for Shaman77), or nobody."""
    hit = name_form(idx, word)
    return set() if hit is None or hit.nick is None else {hit.nick}


def correction_unread(ctx: Ctx, items: list[Item]) -> list[Item]:
    """``items`` and a ``second_thought`` problem for each unpunctuated correction after a
    move that names another living player and from which nothing was read (see the module's
    text)."""
    text = ctx.text
    moves = [it for it in items if it.move is not None and it.move.span and
             it.move.action not in ("delegate",)]
    if not moves:
        return items
    first = min(it.pos for it in moves)
    places = _quick_places(text, first)
    if not places:
        return items  # (no marker's word after a move: the common case, at C speed)
    starts = _markers(text, first + 1, places)  # (a marker after a move only)
    idx = name_index(ctx.nicks)
    for it in moves:
        span = it.move.span.split(" / ")[-1]
        at = text.find(span, it.pos)
        if at < 0:
            continue
        m = _NO_AFTER.match(text, at + len(span))
        if m is not None:
            starts.append((m.start(), m.end(), it))
        for m in _NO_AFTER.finditer(text, at, at + len(span)):
            # «за лося нет лося убираю»: the «нет» read into the move's own words, right
            # after a player's name
            prev = text[:m.start()].split()
            if prev and _names(ctx, idx, prev[-1]):
                starts.append((m.start(), m.end(), it))
    if not starts:
        return items
    out = list(items)
    asked = set()
    for lo, hi, owner in sorted(starts, key=lambda s: s[:2]):
        before = [it for it in moves if it.pos < lo]
        if not before:
            continue
        last = owner or max(before, key=lambda it: it.pos)
        line_end = text.find("\n", hi)
        line_end = len(text) if line_end < 0 else line_end
        mv = last.move
        if any(lo <= it.pos < line_end and (it.problem is not None or it.withdraw or (
                it.move is not None and (owner is None or it.move.action == mv.action)))
               for it in items) or any(
                _read_after(text, it, lo, line_end) for it in moves
                if owner is None or it.move.action == mv.action):
            continue  # (the correction was read: a move or a problem from it on, or a part
            # of a move's words there: «голоса X и Y⏎хотя нет Y убираю вместо него Z»)
        words = list(re.finditer(r"\S+", text[hi:line_end]))
        stop = hi + words[_REACH - 1].end() if len(words) >= _REACH else line_end
        cut = _MARKS.search(text, hi, stop)
        if cut is not None:
            stop = cut.start()
        targets = {t for it in moves if it.move.action == mv.action
                   for t in move_targets(it.move.move if mv.action == "on_behalf" and it.move.move
                                         else it.move)}  # (a player the move is on anyway)
        named = named_in(ctx, text, hi, stop)
        off = set()
        for w in re.finditer(r"\S+", text[hi:stop]):
            here = _names(ctx, idx, w.group(0))
            named |= here
            prior = text[:hi + w.start()].split()
            if prior[-1:] in (["не"], ["вместо"], ["кроме"]) or (
                    prior[-1:] in (["с"], ["со"]) and
                    any(x.lower() in V.WITHDRAW_WORDS for x in text[hi:hi + w.start()].split())):
                off |= here | named_in(ctx, text, hi + w.start(), hi + w.end())
                # («UPD снимаю голос с коти»: the player the vote is taken off, no new choice)
        # («ой нет не крот …»: a player taken off is no new choice)
        named = {n for n in named - off
                 if n in ctx.alive and n != ctx.sender.nick and n not in targets}
        if not named:
            continue
        line_start = text.rfind("\n", 0, lo) + 1
        quote = text[line_start:line_end].strip()
        if quote in asked or any(it.problem is not None and it.problem.text == quote
                                 for it in items):
            continue  # (asked already, «голос X хотя нет …»: engine.parse_finish)
        asked.add(quote)
        p = problem(quote, "unparsed", "second_thought", action=mv.action)
        out.append(Item(lo, problem=p, tried=mv.action))
    return out


def _read_after(text: str, it: Item, lo: int, hi: int) -> bool:
    """True when a part of the move words of ``it`` (its span's parts, « / » between) is
    written in ``text[lo:hi]``."""
    for part in it.move.span.split(" / "):
        at = text.find(part, lo, hi) if part else -1
        if at >= 0:
            return True
    return False
