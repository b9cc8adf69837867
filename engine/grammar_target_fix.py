"""A name taken back inside a move's targets (issue 3), for
:func:`engine.grammar_targets.read_targets`: «лечу Буку, хотя нет, за Кира» (the new name
replaces the one before), «за Мельника… ой, нет, он же свой» (taken back, nobody named),
«… ой он же наш нет остапа» (another player after the take-back: asked).
"""

from __future__ import annotations

from .grammar_target_types import Targets
from .grammar_target_words import corrected_name, retracts
from .grammar_tokens import Tok
from .names_match import NameIndex


#: Correction words that take the name before back («нет», «вернее»): a name after them is
#: the new one, never talk («хотя» alone may be a concession: «лечу X, хотя Y просил»).
_TAKE_BACK = frozenset({"нет", "вернее", "точнее", "вру", "нет-нет", "тьфу"})

#: Words that may open a correction of the name before («…, хотя нет, за Y», «ой»).
SELF_CORRECTION = frozenset({"нет", "вернее", "точнее", "ой", "вру", "то", "нет-нет", "хотя",
                             "тьфу", "опечатка", "описка", "пардон"})


def correction(idx: NameIndex, clause: list[Tok], words: list[str], k: int, hi: int,
               out: Targets) -> tuple[int, frozenset[str] | None] | None:
    """The correction word at token ``k`` (:data:`SELF_CORRECTION`, «в смысле») after the
    names ``out`` holds: the new name's index and the cases it may take when a name follows
    (``out.hits`` emptied, ``out.za`` when «за» comes first: which move is it?); None when
    none does and the list ends there (``out.hits`` emptied and ``out.retracted`` when the
    names were taken back, ``out.alternative`` when another player follows unread)."""
    w = clause[k].w
    nxt = corrected_name(idx, clause, words, k, hi)
    if nxt is None:
        if retracts(clause, k, hi):
            out.hits, out.retracted = [], True  # «за Мельника… ой, нет, он же свой»
        elif (w in _TAKE_BACK or "нет" in words[k + 1:k + 5]) and any(
                clause[m].word and idx.exact(words, m, None) is not None
                for m in range(k + 1, hi)):
            # «премией плаща ой он же наш нет остапа» (no punctuation): another
            # player after the take-back, not read as the correction: asked
            out.alternative = True
        return None
    out.za = "за" in words[k:nxt[0]]  # «лечу Буку, хотя нет, за Кира»: which move?
    out.hits = []
    return nxt
