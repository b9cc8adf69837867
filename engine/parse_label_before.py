"""A bare move verb whose player stands alone in the sentence right before it (issue 11):
«Вьюга. Маньячу.», «В списке — Лисичка. (маньячу, если непонятно)». The sentence before
must name one player and nothing else but words of a label, carry no move already, and be
no question; the verb's clause must hold nothing but the verb and a remark. Otherwise the
verb stays asked about.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_antecedent import alive_only, clauses_before
from .grammar_keywords import Kw
from .grammar_tokens import Tok, clause_words, visible_text
from .names import NameHit, name_index
from .parse_types import Ctx, Item
from .words import first_singular, is_known_word, morph

#: Words a label sentence may hold beside the player's name («В списке — X», «Цель: X»).
_LABEL = frozenset({"в", "списке", "цель", "мишень", "жертва", "сегодня", "ночью", "этой",
                    "ночи", "моя", "мой", "моей", "итак", "значит", "ну", "клиент", "на",
                    "очереди", "кандидат", "ок", "так", "вот"})
#: Words that may stand before the bare verb in its clause.
_LEAD = frozenset({"и", "а", "ну", "так", "вот", "короче", "значит", "итак", "сегодня",
                   "ночью", "тогда", "да"})
#: Words of a remark after the bare verb and a comma («маньячу, если непонятно»).
_REMARK = frozenset({"если", "что", "непонятно", "неясно", "для", "протокола", "на", "всякий",
                     "случай", "уточняю", "поясняю", "то", "есть", "кто", "не", "понял",
                     "поняла", "понятно"})


def label_before(ctx: Ctx, clause: list[Tok], kw: Kw, lo: int, hi: int,
                 items: list[Item]) -> NameHit | None:
    """The player the label sentence right before ``clause`` names, when ``kw`` is a bare
    move verb of the sender's (nothing but lead words before it, a remark after); None
    otherwise."""
    if kw.weak or kw.reported or kw.hypothetical or kw.negated or kw.j - kw.i != 1 or \
            not _own_verb(clause[kw.i].w):
        return None
    if any(t.word and t.w not in _LEAD for t in clause[lo:kw.i]):
        return None
    rest = [t for t in clause[kw.j:] if t.word or t.w not in (")", "(", ".", "!")]
    if rest and (rest[0].w != "," or any(not t.word or t.w not in _REMARK for t in rest[1:])):
        return None
    before = clauses_before(ctx, clause[0].start)
    if not before:
        return None
    prev = before[0]
    between = visible_text(ctx.text)[prev[-1].end:clause[0].start]
    if "?" in between or any(prev[0].start <= it.pos < clause[0].start for it in items):
        return None  # «Вьюга? Маньячу.»; «Голос — Вьюга. Маньячу.»: which one?
    idx = name_index(ctx.nicks)
    words = clause_words(prev)
    found = None
    k = 0
    while k < len(prev):
        t = prev[k]
        hit = idx.exact(words, k, None) if t.word else None
        if hit is not None:
            if found is not None:
                return None
            found = alive_only(ctx, hit)
            k += hit.length
            continue
        if t.word and t.w not in _LABEL:
            return None
        if not t.word and t.w not in ("—", "–", "-", ":", ","):
            return None
        k += 1
    if found is None or found.nick is None or found.nick == ctx.sender.nick:
        return None
    return found


def _own_verb(word: str) -> bool:
    """True when ``word`` is the sender's own verb in the first person («лечу»), or a word
    of no dictionary shaped so («маньячу», «шизю»)."""
    if not is_known_word(word):
        return word.endswith(("ю", "у"))
    return first_singular(word) or any(  # «режу» (the town Реж's dative reads first)
        p.tag.POS == "VERB" and p.tag.person == "1per" and p.tag.number == "sing"
        for p in morph().parse(word)[:3])
