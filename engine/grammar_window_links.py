"""Sentences that :func:`engine.grammar_windows.reading_windows` reads with the sentence
after a hot one (issue 11): the day's two votes told of («голоса у нас сегодня два» — the
votes may follow), and a sentence taking the move back between two moves («Голосую за X. Не,
погодите, X жалко. Голосую за Y»), and a plan for tomorrow set against today («Может, завтра
проверю X. А сегодня — Y»).
"""

from __future__ import annotations

import re
from typing import Callable

from .lexicon import lexicon

#: Words counting the votes of a two-vote day («голоса у нас сегодня два»).
_TWO = frozenset({"два", "оба", "двое", "двойной", "двойная", "двойные"})


def two_votes_told(words: list[str]) -> bool:
    """True when a sentence (its normalised ``words``) speaks of the day's two votes
    («голоса у нас сегодня два, ярость же», «ой, голоса, их два»): the votes they are may
    follow in the next sentence."""
    return not _TWO.isdisjoint(words) and any(w.startswith("голос") for w in words)


#: A sentence that opens by taking the one before back («Не, погодите, Зину жалко.», «Нет,
#: её жалко.», «Хотя нет, …»), from the end of the sentence before.
_TAKEN_BACK = re.compile(r"[ \t]*\n?[ \t]*(?:(?:ой|ай|ах|а|ну|хотя|блин|э+)[ ,]+)*"
                         r"(?:нет|не|неа|не-не|нет-нет|стоп|отбой|передумал[аи]?)"
                         r"(?:[,.!—–]|\s+[—–])")


def taken_back_between(low: str, hi: int, sentences: dict[int, set[str]],
                       sentence_after: Callable[[str, int], int]) -> bool:
    """True when the sentence after the one ending at ``hi`` of the lower-cased letter
    ``low`` takes it back (:data:`_TAKEN_BACK`) and the sentence after that holds a move word
    (``sentences``: sentence start → its hot words; ``sentence_after(low, end)``: the end of
    the next sentence with a letter). Then the three are read as one part, so that the
    correction mark stands between the two moves and the second corrects the first instead
    of clashing with it; a taking back followed by talk only is left unread as before."""
    if _TAKEN_BACK.match(low, hi) is None:
        return False
    end = sentence_after(low, hi)
    moves = lexicon().words
    return any(any(w in moves for w in sentences.get(start, ()))
               for start in range(end, sentence_after(low, end)))


#: A sentence that opens with today set against the plan before it («А сегодня — Y», «А
#: сегодня мои голоса: …»), from the end of the sentence before.
_TODAY_AGAINST = re.compile(r"[ \t]*\n?[ \t]*а[ \t]+сегодня(?!\w)")


def today_against_plan(words: list[str], low: str, hi: int) -> bool:
    """True when a sentence (its normalised ``words``) speaks of «завтра» and the sentence
    after it, in the lower-cased letter ``low`` from ``hi`` on, opens with «а сегодня»: the
    second is today's move set against the plan (its verb may be left out: «Может, завтра
    проверю X. А сегодня — Y»), so the two are read as one part
    (engine.grammar_tokens.clauses joins them)."""
    return "завтра" in words and _TODAY_AGAINST.match(low, hi) is not None
