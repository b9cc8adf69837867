"""Two safety nets for a clan's night order no rule read (issue 11, missed without a
problem): the player is asked instead of the order being dropped with no word.

- «от клана» with a player named, from a clan member whose letter makes no clan kill
  («Заказное (от клана) — X», «на гриль сегодня X (это убийство от клана если что)», «От
  клана предлагаю X, если босс не против»): the words name the clan's move, and the night's
  only move of a whole clan is its kill; the sentence is asked (``unparsed``, ``unread``).
  (A kill a member only proposes with no «от клана», «Убийство предлагаю X — но это решать
  шефу», is left alone: the tuning letters' hosts read it as advice or ask, both.)
- A clause joined to a move a rule read that takes up its player by «его/её/их же» with a
  first-person verb no rule knows («Проверяю X и её же ночью высаживаем», «… и её же
  тушим»): a second move on the same player, asked.

Cheap: each net looks at a sentence only when the letter holds «от клан» or « же».
"""

from __future__ import annotations

import re

from .grammar_rules import problem
from .grammar_tokens import clause_words, tokenize_span
from .model import Problem
from .parse_types import Ctx, Item, asked_already
from .parse_unread import _names, overlaps, read_ranges, sentence_spans
from .textcase import lower_of
from . import parse_unread_words as W

__all__ = ["clan_said", "same_one_after"]

#: «от клана», «от нашего клана», «от клана нашего» (lowered text).
_FROM_CLAN = re.compile(r"(?<!\w)от\s+(?:нашего\s+|всего\s+)?клан[аеу]?(?!\w)")

#: Words of a greeting or thanks sent on the clan's behalf («Привет от клана X»): no order.
_GREETING = frozenset({"привет", "приветы", "приветик", "спасибо", "благодарность",
                       "поздравляю", "поздравления", "поздравляем", "поклон"})

#: Words of another day: the sentence tells of a past or later night, no order of today.
_OTHER_DAY = frozenset({"вчера", "позавчера", "прошлой", "прошлую", "завтра", "послезавтра"})


def clan_said(ctx: Ctx, visible: str, items: list[Item], asked: list[Problem]
              ) -> list[Problem]:
    """The problems of the sentences of ``visible`` that hold «от клана» and name a living
    player who is no mate of the sender's (see the module's doc), when the sender is in a
    clan and the rules read no clan kill; a question, a sentence of another day and one a
    rule read are left alone. ``items``: what the rules read; ``asked``: the problems so
    far (their sentences are not asked again)."""
    if ctx.sender.clan is None:
        return []
    lower = lower_of(visible)
    if "от клан" not in lower:
        return []
    if any(_clan_kill(it) for it in items):
        return []
    mates = frozenset(n for n, p in ctx.state.players.items() if p.clan == ctx.sender.clan)
    read = read_ranges(visible, items)
    quoted = {p.text for p in asked}
    out: list[Problem] = []
    for lo, hi in sentence_spans(visible):
        if _FROM_CLAN.search(lower, lo, hi) is None or overlaps(read, lo, hi):
            continue
        sentence = visible[lo:hi].strip()
        if sentence.endswith("?"):
            continue
        toks = tokenize_span(visible, lo, hi)
        words = clause_words(toks)
        if not _OTHER_DAY.isdisjoint(words) or not _GREETING.isdisjoint(words) or \
                not _names(ctx, toks, words, mates):
            continue
        text = sentence.rstrip(".!…")
        if not asked_already(text, quoted):
            out.append(problem(text, "unparsed", "unread"))
    return out


def _clan_kill(it: Item) -> bool:
    """True when the item ``it`` made a clan kill (or asks about one)."""
    for found in (it, it.also):
        if found is None:
            continue
        if found.move is not None and found.move.action == "clan_kill":
            return True
        if found.problem is not None and found.problem.action == "clan_kill":
            return True
    return False


#: «и её же», «а его же», «и их же» right after what a rule read (lowered text).
_SAME_ONE = re.compile(r"[\s,]*(?:и|а)\s+(?:его|её|ее|их)\s+же(?!\w)")

#: Where the joined clause ends.
_CLAUSE_END = re.compile(r"[.,;:!?()\n—]")


def same_one_after(ctx: Ctx, visible: str, items: list[Item], asked: list[Problem]
                   ) -> list[Problem]:
    """The problems of the clauses «и его/её/их же …» right after a part a rule read whose
    words hold a first-person verb of action or a word of a move lexicon and that no rule
    read (see the module's doc); ``asked``: the problems so far."""
    lower = lower_of(visible)
    if " же" not in lower or len(lower) != len(visible):
        return []
    read = read_ranges(visible, items)
    ends = sorted({b for _, b, _, _ in read})
    quoted = {p.text for p in asked}
    out: list[Problem] = []
    spans = sentence_spans(visible)
    for b in ends:
        m = _SAME_ONE.match(lower, b)
        if m is None:
            continue
        cut = _CLAUSE_END.search(lower, m.end())
        hi = cut.start() if cut is not None else len(visible)
        if overlaps(read, m.end(), hi):
            continue  # («… и его же линчую»: read by a rule)
        words = clause_words(tokenize_span(visible, m.end(), hi))
        if not any(W.move_word(w) in ("first", "move") for w in words) or \
                not W.VETO.isdisjoint(words) or "не" in words:
            continue  # (not «… и его же потом обсудим в ветке»: talk, a plan)
        lo = next((a for a, z in spans if a <= b < z), b)
        text = visible[lo:hi].strip().rstrip(".!…")
        if text and not asked_already(text, quoted):
            out.append(problem(text, "unparsed", "unread"))
            quoted.add(text)
    return out
