"""A name taken back inside a move's targets (issue 3), for
:func:`engine.grammar_targets.read_targets`: «лечу Буку, хотя нет, за Кира» (the new name
replaces the one before), «за Мельника… ой, нет, он же свой» (taken back, nobody named),
«… ой он же наш нет остапа» (another player after the take-back: asked), «за Зайкой… хотя,
может, за Лисой» (another name offered in doubt: asked).
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_flags import takes_back
from .grammar_target_types import Targets
from .grammar_target_words import some_name
from .grammar_tokens import Tok
from .names_match import NameIndex


#: Correction words that take the name before back («нет», «вернее»): a name after them is
#: the new one, never talk («хотя» alone may be a concession: «лечу X, хотя Y просил»).
_TAKE_BACK = frozenset({"нет", "вернее", "точнее", "вру", "нет-нет", "тьфу"})

#: Words that may open a correction of the name before («…, хотя нет, за Y», «ой»).
SELF_CORRECTION = frozenset({"нет", "вернее", "точнее", "ой", "вру", "то", "нет-нет", "хотя",
                             "тьфу", "опечатка", "описка", "пардон",
                             # struck out as on paper: «за X (зачёркнуто) за Y»
                             "зачеркнуто", "зачеркнута", "зачеркнут",
                             # a slip owned: «X (оговорилась, Y)»; read-as: «X (читать как: Y)»
                             "оговорился", "оговорилась", "ошибся", "ошиблась", "опечатался",
                             "опечаталась", "читать", "читай"})


def correction(idx: NameIndex, clause: list[Tok], words: list[str], k: int, hi: int,
               out: Targets, again: str = "") -> tuple[int, frozenset[str] | None] | None:
    """The correction word at token ``k`` (:data:`SELF_CORRECTION`, «в смысле») after the
    names ``out`` holds: the new name's index and the cases it may take when a name follows
    (``out.hits`` emptied, ``out.za`` when «за» comes first: which move is it?); None when
    none does and the list ends there (``out.hits`` emptied and ``out.retracted`` when the
    names were taken back, ``out.alternative`` when another player follows unread).
    ``again`` is the move's own heading word, which the correction may say once more
    («клан — X, нет, клан Y»)."""
    w = clause[k].w
    nxt = corrected_name(idx, clause, words, k, hi, again)
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


def corrected_name(idx, clause: list[Tok], words: list[str], k: int, hi: int,
                   again: str = ""):
    """«Лечу Кузю… нет, лучше Бобра», «Проверяю Лося, ой, то есть Кузю»: after correction
    words, a name replaces the names read so far (the move's heading word ``again`` may stand
    before it once more: «Клан — Кузя, нет, клан Бобр»). Returns ``(index of that name,
    expected cases)`` or None when no name follows."""
    expected = frozenset({"accs"})
    head = False
    while k < hi:
        t = clause[k]
        if t.word:
            if head and again and t.w == again and k + 1 < hi and clause[k + 1].word:
                again = ""  # (said once more, right before the new name)
            elif t.w in ("читать", "читай") and k + 1 < hi and clause[k + 1].w == "как":
                head, k = True, k + 2  # «X (читать как: Y)»: Y is what was meant
                continue
            elif t.w in V.CORRECTION_WORDS:
                # («то» heads only «то есть»: «лечу X, а то Y раскричалась» is a reason)
                head = head or t.w in V.CORRECTION_HEADS or t.w == "ой" or (
                    t.w == "то" and k + 1 < hi and clause[k + 1].w == "есть")
                expected = frozenset({"accs"})  # «в смысле Бобра»: not the case of «в»
            elif t.w in V.PREPOSITIONS:
                expected = V.PREPOSITIONS[t.w]
            elif head and t.w in V.CHOOSE_WORDS:
                pass  # «линч барсик хотя нет пусть будет ёлка»: words of choosing
            elif t.w == V.NEGATION and head and k + 1 < hi and clause[k + 1].word and \
                    some_name(idx, words, k + 1):
                k += 1 + some_name(idx, words, k + 1)  # «ой нет, не Крот: Малой»
                continue
            elif t.w == V.NEGATION and head and k + 2 < hi and words[k + 1] in V.PREPOSITIONS \
                    and clause[k + 2].word and some_name(idx, words, k + 2):
                k += 2 + some_name(idx, words, k + 2)  # «ой нет, не у Буки, а у Бублика»
                continue
            elif t.w not in V.FILLERS:
                break
        k += 1
    if not head or k >= hi:
        return None
    found = idx.exact(words, k, expected)
    if found is not None and k + found.length < hi and \
            words[k + found.length] in _SUBJECT_PRONOUNS:
        return None  # «…, оговорилась, X он обворовывал позавчера»: X opens a statement
    if found is None:
        near = idx.approximate(words[k]) if len(words[k]) >= 3 else None
        if near is None or near.kind == "fuzzy" or not (
                k + 1 >= hi or not clause[k + 1].word or parts_after(idx, clause, near, k + 1, hi)):
            return None  # «…, в смысле котяру»: a pet form or part of a nick, at the end
    return k, expected


#: Subject pronouns right after a name: the name opens a statement of its own («X он
#: обворовывал позавчера»), no correction's new target.
_SUBJECT_PRONOUNS = frozenset({"он", "она", "они", "я", "мы"})


def parts_after(idx, clause: list[Tok], near, k: int, hi: int) -> bool:
    """True when the words from ``k`` to the slot's end are a preposition and another word of
    a nick ``near`` (a part of it) may be («пусть будет ультрас из Кирова» for Ultras.Kirov):
    the description names that one nick's parts."""
    if k + 1 >= hi or clause[k].w not in ("из", "с", "со") or not clause[k + 1].word or \
            (k + 2 < hi and clause[k + 2].word):
        return False
    owners = idx.parts.get(clause[k + 1].w, set())
    return len(owners) == 1 and next(iter(owners)) in near.candidates


def retracts(clause: list[Tok], k: int, hi: int) -> bool:
    """True when the correction words from ``k`` hold a head («нет», «вернее»…) and no name
    follows them: the names before are taken back («Голосую за Мельника… ой, нет, он же
    свой»)."""
    words = []
    while k < hi and (not clause[k].word or clause[k].w in V.CORRECTION_WORDS):
        words.append(clause[k].w)
        k += 1
    return takes_back(words)


def doubt_then_name(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int:
    """Index of the preposition or name after «хотя, может,» at ``k`` («Присмотрю за
    Зайкой… хотя, может, за Лисой»): another target offered in doubt, not chosen (an
    alternative, asked); 0 when the words after ``k`` are no such doubt."""
    n, doubt = k + 1, False
    while n < hi and (not clause[n].word or clause[n].w in V.DOUBT_WORDS or
                      clause[n].w == "лучше"):
        doubt = doubt or clause[n].w in V.DOUBT_WORDS
        n += 1
    if not doubt or n >= hi:
        return 0
    m = n + 1 if words[n] in V.PREPOSITIONS else n
    return n if m < hi and idx.exact(words, m, None) is not None else 0
