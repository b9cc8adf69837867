"""«Вчера лечил Кузю, сегодня — Петю» (engine.parse, issue 11): yesterday's move told in the
past, then today's with the verb left out. The past verb is no move (it is a report); the
part after «сегодня» / «теперь» is today's move of the same kind.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_fuzzy import slang_past
from .grammar_headers import ROLE_CLASS
from .grammar_keywords import Kw
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .names import name_index
from .words import morph, verb_reading
from .parse_types import nick_at

#: Words that open today's part after yesterday's («…, сегодня — X», «…, а теперь X»).
_TODAY = frozenset({"сегодня", "теперь", "седня", "сейчас"})
#: Words that may stand between «сегодня» and the name.
_BETWEEN = frozenset({"—", "-", ":", "за", "у", "к", "на", "в", "же", "уже", "ну", "тогда",
                      "опять", "снова", "тоже"})

#: The one night move of a role, said with any verb in the past before «сегодня — X»
#: («Вчера Петровича с того света вытащила, сегодня — Ласточку» from the doctor).
_OWN_CLASS = {role: ROLE_CLASS[role] for role in
              ("doctor", "thief", "thug", "hostess", "witness", "guard", "maniac")}


def today_after_past(ctx, clause: list[Tok], start: int) -> list[Kw]:
    """A keyword over «сегодня» for the class of the past-tense move verb before it, when a
    comma («, сегодня», «, а теперь») parts the two and a nickname follows «сегодня» with only
    a dash or a preposition between; else an empty list. With no move verb of the lexicon
    before it, one verb in the past after «вчера» stands for the sender's own night move
    («Вчера Петровича с того света вытащила, сегодня — Ласточку» from the doctor). ``ctx``:
    the letter's :class:`engine.parse_types.Ctx`."""
    words = clause_words(clause)
    for m in range(start + 2, len(clause) - 1):
        if words[m] not in _TODAY:
            continue
        before = m - 1 if words[m - 1] != "а" else m - 2
        if before <= start or words[before] != ",":
            continue
        cls = _past_class(words, start, before)
        if cls is None and "вчера" in words[start:before] and _vote_was(words, start, before):
            cls = V.VOTE  # «Вчера голос был за X, сегодня — за Y»: yesterday's vote told
        elif cls is None and "вчера" in words[start:before]:
            cls = _OWN_CLASS.get(ctx.sender.role) if _one_past(words, start, before) else None
        if cls is None or _someone_else(ctx, words, start, before, clause):
            continue
        n = m + 1
        while n < len(clause) and words[n] in _BETWEEN:
            n += 1
        if n < len(clause) and (nick_at(ctx, clause, words, n) is not None or
                                words[n] in ("себя", "сам", "сама")):
            return [Kw(cls, m, m + 1, weak=True)]
        return []
    return []


#: Nouns of the vote and past forms of «быть» telling yesterday's vote («голос был за X»).
_VOTE_NOUNS = frozenset({"голос", "голосок", "линч"})
_WAS = frozenset({"был", "была", "было", "ушёл", "ушел"})


def _vote_was(words: list[str], lo: int, hi: int) -> bool:
    """True when ``words[lo:hi]`` tell a vote in the past with no verb of a move: a noun of
    the vote («голос», «линч») and a past form of «быть» («вчера голос был за X»)."""
    part = words[lo:hi]
    return not _VOTE_NOUNS.isdisjoint(part) and not _WAS.isdisjoint(part)


def _past_class(words: list[str], lo: int, hi: int) -> str | None:
    """The move class of the one past-tense move verb among ``words[lo:hi]`` (None when there
    is none or several)."""
    lex = lexicon()
    found = set()
    for w in words[lo:hi]:
        reading = verb_reading(w) if len(w) >= 3 else None
        if reading is not None and reading[2] == "past" and reading[0] in lex.words:
            found.add(lex.words[reading[0]])
        elif reading is None and (slang := slang_past(w)) is not None:
            found.add(slang)  # «Вчера шизил Совёнка, сегодня Бобра»
    return found.pop() if len(found) == 1 else None


#: Subjects that make the past move somebody else's («вчера он лечил X, сегодня Y»).
_OTHERS = frozenset({"он", "она", "они", "вы", "ты", "меня", "мне"})


def _someone_else(ctx, words: list[str], lo: int, hi: int, clause=None) -> bool:
    """True when a nickname or a third-person pronoun stands before the past verb in
    ``words[lo:hi]``: the told move is another player's («Вчера Бука лечил Кузю, …»)."""
    idx = name_index(ctx.nicks)
    for k in range(lo, hi):
        reading = verb_reading(words[k])
        if reading is not None and reading[2] == "past":
            return False
        if words[k] in _OTHERS:
            return True
        hit = idx.exact(words, k, None) if clause is None else nick_at(ctx, clause, words, k)
        if hit is not None and _may_be_subject(words[k]):
            return True  # («вчера Бороду обнёс»: a name not in the nominative is the object)
    return False


def _one_past(words: list[str], lo: int, hi: int) -> bool:
    """True when exactly one verb in the past singular stands in ``words[lo:hi]`` (the
    sender's own report of yesterday: «вытащила», «обнёс»)."""
    past = [w for w in words[lo:hi] if len(w) >= 3 and (r := verb_reading(w)) is not None and
            r[2] == "past" and not w.endswith("и")]
    return len(past) == 1


def _may_be_subject(word: str) -> bool:
    """False only for a Russian word that cannot be a nominative («Бороду», «Петровича»):
    the player so named is the object of the past verb, not its subject."""
    if not any("а" <= c <= "я" for c in word):
        return True
    return any("nomn" in p.tag or p.tag.POS not in ("NOUN", "ADJF") for p in morph().parse(word))
