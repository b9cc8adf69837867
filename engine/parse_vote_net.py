"""The net for bare vote lines (issue 11, missed without a problem): «голос - ёж»,
«голос лису и всё», «gолос в сову» — a sentence that is nothing but a vote word and one or
two words naming a living player in lower case. The name finder leaves a lower-case word of
the dictionary («ёж», «лису», «сову») to the dictionary, so no rule reads the vote and the
net for unread orders (:mod:`engine.parse_unread`, which wants a name it is sure of) passes
the sentence by; the vote would be lost with no word to the player. Such a sentence is
asked about (``unparsed``, reason ``unread``): its every word is the vote's (a vote word, a
preposition of a vote, the players, «и», «тоже»), so it is no chatter.

Cheap: one regular-expression search over the letter before any work.
"""

from __future__ import annotations

import re

from .grammar_rules import problem
from .model import Problem
from .names import name_index
from .parse_types import Ctx

#: A vote word heading a sentence (the cheap test; Latin «g» of a mixed keyboard too).
_HEAD = re.compile(r"(?:^|(?<=[\s.!;—–-]))(?:[gг]олос|линч)", re.IGNORECASE)

#: A whole bare vote sentence: the vote word, a dash or colon, a preposition of a vote, one
#: or two words (group 1), «и» / «,» / «+» between them, a closing «и всё» / «тоже» / «же».
_LINE = re.compile(
    r"\s*(?:[gг]олос(?:а|ую)?|линч[ьа]?|на\s+линч[ье]?)\s*(?:[:—–-]\s*)?"
    r"(?:(?:за|za|в|на|против)\s+)?"
    r"([^\W\d_]{2,}(?:\s*(?:,|\+|\bи\b)\s*[^\W\d_]{2,})?)"
    r"(?:\s+(?:тоже|же))?[^\w]*", re.IGNORECASE | re.DOTALL)

#: Words after which a sentence is more than a bare vote («голос потом», «голос отдам»).
_NOT_NAME = frozenset({"и", "за", "в", "на", "против", "тоже", "же", "все", "всё", "тот",
                       "той", "того", "него", "нее", "неё", "нему", "ней", "никому", "никого",
                       "потом", "позже", "завтра", "свой", "мой", "отдам", "отдаю"})

#: «… и всё» closing a vote line («голос лису и всё»).
_ALL_DONE = re.compile(r"\s+и\s+вс[её]\W*$", re.IGNORECASE)

_WORD = re.compile(r"[^\W\d_]{2,}")


def vote_lines(ctx: Ctx, visible: str, spans: list[tuple[int, int]], read,
               asked: list[Problem]) -> list[Problem]:
    """The problems of the bare vote sentences of ``visible`` (see the module's doc) among
    ``spans`` that no rule read (``read``: the read ranges of :mod:`engine.parse_unread`)
    and no problem quotes (``asked``)."""
    if _HEAD.search(visible) is None:
        return []
    if any(it[3] for it in read):
        return []  # (a vote read in the letter: the line may be its repeat or a tally)
    idx = name_index(ctx.nicks)
    quoted = {p.text for p in asked}
    out: list[Problem] = []
    for lo, hi in spans:
        sentence = visible[lo:hi]
        if _HEAD.search(sentence) is None or any(a < hi and lo < b for a, b, _, _ in read):
            continue
        head = sentence.split(",")[0] if "," in sentence else sentence
        head = _ALL_DONE.sub("", head.strip())
        m = _LINE.fullmatch(head)
        if m is None:
            continue
        words = [w.lower().replace("ё", "е") for w in _WORD.findall(m.group(1))]
        names = [w for w in words if w != "и"]
        if not names or any(w in _NOT_NAME for w in names):
            continue
        if not all(_living(idx, ctx, w) for w in names):
            continue
        text = sentence.strip().rstrip(".!…")
        if text not in quoted and not any(text in q or q in text for q in quoted):
            out.append(problem(text, "unparsed", "unread"))
    return out


def _living(idx, ctx: Ctx, w: str) -> bool:
    """True when the lower-case word ``w`` is a case, part or pet form of one living player
    other than the sender (never a fuzzy guess)."""
    hit = idx.exact([w], 0, None)
    if hit is None:
        hit = idx.approximate(w)
        if hit is None or hit.kind == "fuzzy":
            return False
    owners = (hit.nick,) if hit.nick else tuple(hit.candidates)
    return bool(owners) and all(o in ctx.alive and o != ctx.sender.nick for o in owners)
