"""«Вчера лечил Кузю, сегодня — Петю» (engine.parse, issue 11): yesterday's move told in the
past, then today's with the verb left out. The past verb is no move (it is a report); the
part after «сегодня» / «теперь» is today's move of the same kind.
"""

from __future__ import annotations

from .grammar_keywords import Kw
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .names import name_index
from .words import verb_reading

#: Words that open today's part after yesterday's («…, сегодня — X», «…, а теперь X»).
_TODAY = frozenset({"сегодня", "теперь", "седня", "сейчас"})
#: Words that may stand between «сегодня» and the name.
_BETWEEN = frozenset({"—", "-", ":", "за", "у", "к", "на", "в", "же", "уже", "ну", "тогда"})


def today_after_past(ctx, clause: list[Tok], start: int) -> list[Kw]:
    """A keyword over «сегодня» for the class of the past-tense move verb before it, when a
    comma («, сегодня», «, а теперь») parts the two and a nickname follows «сегодня» with only
    a dash or a preposition between; else an empty list. ``ctx``: the letter's
    :class:`engine.parse_types.Ctx`."""
    words = clause_words(clause)
    for m in range(start + 2, len(clause) - 1):
        if words[m] not in _TODAY:
            continue
        before = m - 1 if words[m - 1] != "а" else m - 2
        if before <= start or words[before] != ",":
            continue
        cls = _past_class(words, start, before)
        if cls is None or _someone_else(ctx, words, start, before):
            continue
        n = m + 1
        while n < len(clause) and words[n] in _BETWEEN:
            n += 1
        if n < len(clause) and name_index(ctx.nicks).exact(words, n, None) is not None:
            return [Kw(cls, m, m + 1, weak=True)]
        return []
    return []


def _past_class(words: list[str], lo: int, hi: int) -> str | None:
    """The move class of the one past-tense move verb among ``words[lo:hi]`` (None when there
    is none or several)."""
    lex = lexicon()
    found = set()
    for w in words[lo:hi]:
        reading = verb_reading(w) if len(w) >= 3 else None
        if reading is not None and reading[2] == "past" and reading[0] in lex.words:
            found.add(lex.words[reading[0]])
    return found.pop() if len(found) == 1 else None


#: Subjects that make the past move somebody else's («вчера он лечил X, сегодня Y»).
_OTHERS = frozenset({"он", "она", "они", "вы", "ты"})


def _someone_else(ctx, words: list[str], lo: int, hi: int) -> bool:
    """True when a nickname or a third-person pronoun stands before the past verb in
    ``words[lo:hi]``: the told move is another player's («Вчера Бука лечил Кузю, …»)."""
    idx = name_index(ctx.nicks)
    for k in range(lo, hi):
        reading = verb_reading(words[k])
        if reading is not None and reading[2] == "past":
            return False
        if words[k] in _OTHERS or idx.exact(words, k, None) is not None:
            return True
    return False
