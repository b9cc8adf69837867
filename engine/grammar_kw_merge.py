"""Keywords that stand side by side read as one (issue 3): «стреляю из миномёта», «голосую на
линче», «проверку провожу в отношении X» (:func:`merge_keywords`), and the filler test the
clause readers share (:func:`only_fillers`). Split from :mod:`engine.grammar_keywords`."""

from __future__ import annotations

from dataclasses import replace

from . import grammar_vocab as V
from .lexicon import lexicon
from .grammar_kw import Kw
from .grammar_tokens import Tok
from .words import is_infinitive, morph

_MERGE_PAIRS = {
    frozenset({V.HUNT, V.SHOOT}): V.HUNT,
    frozenset({V.KILL, V.SHOOT}): V.KILL,
    frozenset({V.KILL, V.MANIAC}): V.MANIAC,
    frozenset({V.INVITE, V.MANIAC}): V.INVITE,
    frozenset({V.ROB, V.SWINDLE}): V.SWINDLE,
    frozenset({V.VOTE, V.AWARD}): V.VOTE,  # «голос отдам — X»
}


#: A bracket between two keywords keeps them apart («(он оставил ход на моё усмотрение):
#: охраняет …» is a remark and then a move).
_BRACKETS = frozenset({"(", ")"})


def merge_keywords(clause: list[Tok], kws: list[Kw]) -> list[Kw]:
    """Merge keywords that stand side by side («стреляю из миномёта», «голосую на линче»)."""
    out: list[Kw] = []
    for kw in kws:
        prev = out[-1] if out else None
        if prev is not None and prev.j < len(clause) and clause[prev.j].w == "(" and \
                ")" not in (t.w for t in clause[prev.j:kw.i]) and \
                ")" in (t.w for t in clause[kw.j:kw.j + 12]) and \
                _merged_class(prev.cls, kw.cls) == prev.cls:
            continue  # «Голос (в смысле «премия»): X»: the remark explains the keyword
        if prev is not None and _regarding(clause, kw) and \
                all(not t.word or t.w in _DO_VERBS or t.w in V.FILLERS
                    for t in clause[prev.j:kw.i]):
            # «Проверку провожу в отношении X»: «в отношении» only brings the target
            out[-1] = replace(prev, j=kw.j)
            continue
        if prev is not None and prev.cls == kw.cls == V.INVITE and not prev.negated and \
                not kw.negated and _treat_between(clause, prev.j, kw.i):
            out[-1] = replace(prev, j=kw.j)  # «зову на кофе-брейк к себе X»: one invitation
            continue
        if prev is not None and only_fillers(clause, prev.j, kw.i) and \
                not any(t.w in _BRACKETS for t in clause[prev.j:kw.i]) and \
                not other_time(clause, prev.j, kw.i) and \
                not (prev.cls != kw.cls and _contrast(clause, prev.j, kw.i)) and \
                not _let_other(clause, prev.j, kw) and \
                not (prev.negated != kw.negated and
                     any(t.w in (",", ":", "—", ";") for t in clause[prev.j:kw.i])):
            # («не жульничаю, МО в X», «без жульничества: МО в X»: a refusal and a move
            # stay two)
            cls = _merged_class(prev.cls, kw.cls)
            if V.CHOOSE in (prev.cls, kw.cls) and any(
                    k.cls == V.CHOOSE and clause[k.i].w in lexicon().third for k in (prev, kw)):
                cls = None  # «Убийство сегодня выбирает Барсук»: whose choice, no order
            if cls is not None and prev.cls == kw.cls == V.VOTE and not prev.negated and \
                    not kw.negated and _infinitive_first(clause, prev, kw):
                out[-1] = kw  # «раз уж просят голосовать — голосую за X»: the finite verb
                continue
            if cls is not None:
                other = kw.cls if cls == prev.cls else prev.cls
                out[-1] = Kw(cls, prev.i, kw.j, prev.negated or kw.negated, prev.weak and kw.weak,
                             alt=other if other != cls else None)
                continue
        out.append(kw)
    return out


#: Verbs of carrying a move out, between its noun and «в отношении X» («проверку провожу»).
_DO_VERBS = frozenset({"провожу", "проведу", "проводим", "проведем", "проведём", "делаю",
                       "сделаю", "делаем", "сделаем", "осуществляю", "осуществлю",
                       "устраиваю", "устрою", "назначаю", "назначу",
                       # «охоту прошу произвести в отношении X»: a request in office style
                       "прошу", "просим", "произвести", "провести", "осуществить",
                       "сделать", "произвожу", "произведу"})


def _treat_between(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when ``clause[lo:hi]``, the words between two invitation keywords, is «на» and
    one or two lower-case inanimate nouns in the accusative, what the guest is asked to
    («зову на кофе-брейк к себе X», «зову на шашлыки к себе X»)."""
    words = clause[lo:hi]
    if not 2 <= len(words) <= 3 or words[0].w != "на" or \
            not all(t.word and not t.cap and not t.quoted for t in words[1:]):
        return False
    return all(any(p.tag.POS == "NOUN" and "inan" in p.tag and "accs" in p.tag and
                   not {"Name", "Surn", "Patr", "Geox"} & p.tag.grammemes
                   for p in morph().parse(t.w)[:4]) for t in words[1:])


def _infinitive_first(clause: list[Tok], prev: Kw, kw: Kw) -> bool:
    """True when keyword ``prev`` is one infinitive («голосовать») and ``kw`` one finite
    verb of the first person («голосую»): the verb carries the move, the infinitive repeats
    what was asked («попросили голосовать — голосую за X»)."""
    if prev.j - prev.i != 1 or kw.j - kw.i != 1:
        return False
    a, b = clause[prev.i].w, clause[kw.i].w
    return a.endswith("ть") and b.endswith(("ую", "юю")) and is_infinitive(a)


def _regarding(clause: list[Tok], kw: Kw) -> bool:
    """True when keyword ``kw`` is «в отношении» alone (a target's preposition)."""
    return [t.w for t in clause[kw.i:kw.j]] == ["в", "отношении"]


def _merged_class(a: str, b: str) -> str | None:
    """The class of two adjacent keywords read as one, or None when they stay two moves."""
    if a == b:
        return a
    if V.CHOOSE in (a, b):
        return b if a == V.CHOOSE else a
    for cls in V.MERGE_PRIORITY:
        if cls in (a, b):
            return cls
    return _MERGE_PAIRS.get(frozenset({a, b}))


#: «а», «но» that open a contrast between two clauses of the sentence.
_CONTRAST = frozenset({"а", "но"})

#: Words that name the day a clause is about («завтра Графа отметелю, а сегодня бью X»).
_DAY_WORDS = frozenset({"сегодня", "сёдня", "седня", "завтра", "вчера", "нынче", "теперь",
                        "сейчас", "потом"})


def other_time(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when ``clause[lo:hi]``, the words between two keywords, is a comma, a contrast
    («а», «но») and a day word («, а сегодня», «, но завтра»): the keywords belong to two
    clauses about different days, two moves, never one merged keyword («Графа завтра
    отметелю, а сегодня бью X»: tomorrow's plan, then today's beat)."""
    words = [t.w for t in clause[lo:hi]]
    for n, w in enumerate(words[:-1]):
        if w == "," and words[n + 1] in _CONTRAST and \
                any(x in _DAY_WORDS for x in words[n + 2:]):
            return True
    return False


def _contrast(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when ``clause[lo:hi]``, the words between two keywords, holds a comma and then a
    contrast («, а», «, но»): two clauses of two moves («всё на усмотрение босса, а голосую за
    X»), never one merged keyword."""
    words = [t.w for t in clause[lo:hi]]
    return any(w == "," and nxt in _CONTRAST for w, nxt in zip(words, words[1:]))


def _let_other(clause: list[Tok], lo: int, kw: Kw) -> bool:
    """True when «пусть» or «пускай» stands between two keywords (``clause[lo:kw.i]``) and
    the second is a verb in the third person («миномёт, пусть бережёт себя»): a wish about
    what somebody else does, no word of the first keyword's move."""
    return any(t.w in ("пусть", "пускай") for t in clause[lo:kw.i]) and \
        clause[kw.i].w in lexicon().third


def only_fillers(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when ``clause[lo:hi]`` holds only punctuation, fillers and prepositions."""
    for t in clause[lo:hi]:
        if t.word and t.w not in V.FILLERS and t.w not in V.PREPOSITIONS:
            return False
    return True



#: «из него», «из неё»: the weapon of a shot named by a pronoun.
_IT_WORDS = frozenset({"него", "нее", "неё"})


def shot_from_it(clause: list[Tok], kws: list[Kw]) -> list[Kw]:
    """«Стреляю из него по X» (the mortar of the sentence before): a shot from a weapon named
    by a pronoun is read as the mortar shot (DECISIONS.md §6), never as a hunt — refused and
    asked about when the sender holds no mortar today. The keywords are changed in place.

    :param clause: the clause's tokens; :param kws: its keywords (after merging).
    :returns: ``kws``.
    """
    for k, kw in enumerate(kws):
        if kw.cls != V.SHOOT:
            continue
        j = kw.j if kw.j < len(clause) and clause[kw.j].w == "из" else (
            kw.j - 1 if clause[kw.j - 1].w == "из" else None)  # («пальну из него»: an idiom)
        if j is not None and j + 1 < len(clause) and clause[j + 1].w in _IT_WORDS:
            kws[k] = replace(kw, cls=V.MORTAR, j=j + 2, alt=V.SHOOT)
    return kws
