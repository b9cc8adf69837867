"""Move keywords in a clause: words, phrases, typos, negation, merging (issue 3).

:func:`find_keywords` lists the keywords of one clause (:class:`Kw`, a verb class of
:mod:`engine.grammar_vocab` over a token range); :func:`clause_flags` finds the skip, cancel
and «как вчера» phrases; :func:`header_keyword` reads «Врач — Бука» as a move.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from . import grammar_vocab as V
from .grammar_rules import Actor
from .grammar_tokens import Tok, match_phrase
from .lexicon import lexicon
from .translit import latin_words
from .names import NameIndex, is_known_word, max_distance, morph, role_words


_MERGE_PAIRS = {
    frozenset({V.HUNT, V.SHOOT}): V.HUNT,
    frozenset({V.KILL, V.SHOOT}): V.KILL,
    frozenset({V.KILL, V.MANIAC}): V.MANIAC,
    frozenset({V.INVITE, V.MANIAC}): V.INVITE,
    frozenset({V.ROB, V.SWINDLE}): V.SWINDLE,
}


#: Punctuation that starts a new part of a clause (fuzzy verbs, «не буду» after a verb).
_SEGMENT_MARKS = frozenset({",", "—", ":", "(", ")"})

#: A bracket between two keywords keeps them apart («(он оставил ход на моё усмотрение):
#: охраняет …» is a remark and then a move).
_BRACKETS = frozenset({"(", ")"})


@dataclass
class Kw:
    """A keyword found at tokens ``[i, j)`` of a clause."""

    cls: str
    i: int
    j: int
    negated: bool = False
    weak: bool = False
    reported: bool = False  # a noun right after «что»: chatter if a predicate follows
    withdraw: bool = False  # «снимаю голос с X»
    hypothetical: bool | str = False  # after «если», «может», «завтра»; "hedged": «а может …» after
    alt: str | None = None  # the other class of two merged keywords («на страх голосую»)


def is_question(text: str, clause: list[Tok]) -> bool:
    """A clause ending in «?» asks, it does not order: it never gives moves."""
    rest = text[clause[-1].end:clause[-1].end + 8].lstrip(" )»\"")
    return rest.startswith("?")


def _by_first_word(phrases: tuple[tuple[str, ...], ...]) -> dict[str, list[tuple[str, ...]]]:
    """Phrases indexed by their first word, longest first."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for words in sorted(phrases, key=len, reverse=True):
        out.setdefault(words[0], []).append(words)
    return out


_SKIP = _by_first_word(V.SKIP_PHRASES)


_CANCEL = _by_first_word(V.CANCEL_PHRASES)


_OTHER_DAY = _by_first_word(V.OTHER_DAY_PHRASES)


_KEEP = _by_first_word(V.KEEP_PHRASES)


_LATER = _by_first_word(V.LATER_PHRASES)


_ABSTAIN = _by_first_word(V.ABSTAIN_PHRASES)


def correction_end(clause: list[Tok]) -> int | None:
    """Index after the correction words («хотя нет,», «вернее») opening the clause, or None."""
    k, head = 0, False
    while k < len(clause) and (not clause[k].word or clause[k].w in V.CORRECTION_WORDS):
        head = head or clause[k].w in V.CORRECTION_HEADS
        k += 1
    return k if head else None


@functools.lru_cache(maxsize=1)
def trigger_words() -> frozenset[str]:
    """Words without which a sentence holds no move, flag or correction: keywords, the last
    words of move, skip, cancel and «как вчера» phrases, correction words, role words,
    header words, one-word abstain phrases («воздерживаюсь»). (Keep, later and longer abstain
    phrases only qualify a keyword.)"""
    lex = lexicon()
    out = (set(lex.words) - lex.third)
    for phrases in (V.SKIP_PHRASES, V.CANCEL_PHRASES, V.OTHER_DAY_PHRASES, V.ABSTAIN_PHRASES):
        out |= {p[0] for p in phrases if len(p) == 1}
    out |= V.CORRECTION_HEADS | V.CORRECTION_MARKS | {"нет", "тогда", V.AGAINST}
    out |= _CLAN_HEADERS | {"цель", "жертва"} | V.WITHDRAW_WORDS
    out |= {w + "-ка" for w in lex.words}
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def trigger_phrases() -> dict[str, list[frozenset[str]]]:
    """Multi-word phrases that make a sentence worth reading (move idioms, skip, cancel and
    «как вчера» phrases), as word sets keyed by their longest word."""
    out: dict[str, list[frozenset[str]]] = {}
    phrases = list(lexicon().phrases)
    for table in (V.SKIP_PHRASES, V.CANCEL_PHRASES, V.OTHER_DAY_PHRASES):
        phrases += [p for p in table if len(p) > 1]
    for p in phrases:
        out.setdefault(_longest(p), []).append(frozenset(p))
    return out


def _longest(phrase: tuple[str, ...]) -> str:
    """The word a phrase is looked for by (its longest, the last of equals)."""
    return max(reversed(phrase), key=len)


@functools.lru_cache(maxsize=64)
def sender_triggers(role: str, names: frozenset[str]) -> frozenset[str]:
    """Trigger words for a sender of ``role`` besides :func:`trigger_words`: for a boss his
    members' names, role words and third-person verbs («Страж: Индиго», «вор ворует у X»);
    for a swindler the role words of his branches; for anyone his own role's words
    («Врач — Бука») and his own moves in the third person («Шуршик жульничает на X»)."""
    rw = role_words()
    lex = lexicon()
    if role == "boss":
        return frozenset(names) | frozenset(rw) | frozenset(lex.third)
    own = {cls for cls, table in V.CLASS_ACTIONS.items() if role in table}
    third = {w for w in lex.third if lex.words.get(w) in own}  # «Шуршик жульничает на X»
    if role == "swindler":
        return frozenset(rw) | third
    return frozenset(w for w, r in rw.items() if r == role) | third


_ELLIPSIS = "\x01"
#: Words that point at a player named in the sentence before («маньячу его»).
_POINTERS = frozenset({"его", "ее", "её", "ей", "ему", "него", "нее", "неё", "нему", "ней",
                       "тогда"})
_SENTENCE_END = re.compile(r"[!?;\n]|\.(?=\s|$)")  # «Dr.Who» goes on
_WORD_SPLIT = re.compile(r"[\s,:—–()«»\"“”„/+&*•<>\[\]{}\x01…]+")


def reading_windows(visible: str, extra: frozenset[str] = frozenset()) -> list[tuple[int, int]]:
    """The parts of a letter worth tokenizing, as ``(start, end)`` offsets in order: every
    sentence holding a trigger word (:func:`trigger_words`, a phrase of
    :func:`trigger_phrases`, a misspelt move word, or one of ``extra``: a boss's members
    «Страж: Индиго»); with the sentence before it when it holds a pronoun (the name it points
    at), and with the one after it when it ends open («Линч:⏎Бука»). Other sentences are
    chatter, with or without nicknames, and are never tokenized (issue 11: chatter costs
    almost nothing). The words of the whole letter are looked up once as a set; sentences
    are found by searching the few hot words (C-level ``str.find``)."""
    if len(visible) < 200:
        return [(0, len(visible))] if visible.strip() else []
    low = visible.lower()
    if len(low) != len(visible):
        return [(0, len(visible))]
    low = low.replace("ё", "е").replace("...", _ELLIPSIS * 3).replace("..", _ELLIPSIS * 2)
    present = _words_of(low)
    hot_words = _hot_words(present, extra, set(_LATIN_WORDS.findall(low)))
    if not hot_words:
        return []
    bounds = [m.end() for m in _SENTENCE_END.finditer(low)] + [len(low)]
    sentences: dict[int, set[str]] = {}  # sentence → its hot words
    for w in hot_words:
        at = low.find(w)
        while at >= 0:
            end = at + len(w)
            if (at == 0 or not low[at - 1].isalnum()) and \
                    (end == len(low) or not low[end].isalnum()):
                sentences.setdefault(bisect.bisect_right(bounds, at), set()).add(w)
            at = low.find(w, end)
    hot: list[tuple[int, bool, bool]] = []  # (sentence, with the one before, with the next)
    trig = trigger_words()
    weak = _weak_triggers()
    for sent in sorted(sentences):
        lo = bounds[sent - 1] if sent else 0
        text = low[lo:bounds[sent]].rstrip(" \t\n.!?;")
        words = [w for w in _WORD_SPLIT.split(text) if w]
        if not words:
            continue
        found = sentences[sent]
        if found <= weak.keys() and not _weak_holds(found, words, weak):
            continue  # «Вчера все молчали»: a phrase word without its phrase is chatter
        before = not _POINTERS.isdisjoint(words)  # «…маньячу его»: the name before
        after = text.endswith((":", "—", "-", ",", "→", ">")) or words[-1] in trig or \
            words[-1] in V.PREPOSITIONS  # «Линч:⏎Бука», «Голосую за…⏎Сергей»
        hot.append((sent, before, after))
    out: list[tuple[int, int]] = []
    for sent, before, after in hot:
        first = _neighbour(low, bounds, sent, -1) if before else sent
        last = _neighbour(low, bounds, sent, 1) if after else sent
        lo = bounds[first - 1] if first >= 1 else 0
        hi = bounds[last] if last < len(bounds) else len(visible)
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


@functools.lru_cache(maxsize=1)
def _weak_triggers() -> dict[str, list[frozenset[str]]]:
    """Hot words that matter only with the rest of their phrase in the same sentence («как
    вчера», «то есть», «никого не лечу»), as word → its phrases. A «как вчера» word alone
    («вчерашний») matters in a short sentence or next to a move-talk word (see
    :func:`_weak_holds`); it maps to an empty list."""
    strong = trigger_words()
    out = {k: v for k, v in trigger_phrases().items() if k not in strong}
    out["есть"] = [frozenset({"то", "есть"})]
    for p in V.OTHER_DAY_PHRASES:
        if len(p) == 1:
            out[p[0]] = []
    return out


def _weak_holds(found: set[str], words: list[str], weak: dict) -> bool:
    """True when a sentence whose hot words are all weak (:func:`_weak_triggers`) still
    holds what they stand for: a whole phrase, or a lone «как вчера» word in a sentence of
    at most four words or with a move-talk word («Ход вчерашний»)."""
    present = set(words)
    for w in found:
        phrases = weak[w]
        if not phrases:
            if len(words) <= 4 or not present.isdisjoint(V.MOVE_TALK_WORDS):
                return True
        elif any(p <= present for p in phrases):
            return True
    return False


@functools.lru_cache(maxsize=1)
def clause_triggers() -> frozenset[str]:
    """:func:`trigger_words` with every role word and third-person verb, and the first words
    of phrases (inside a window a clause is looked at closely)."""
    lex = lexicon()
    out = set(trigger_words()) | set(role_words()) | lex.third | {p[0] for p in lex.phrases}
    for table in (_SKIP, _CANCEL, _OTHER_DAY):
        out |= set(table)
    out |= {"есть"}
    out.update(part for w in role_words() if " " in w for part in w.split())
    return frozenset(out)


_EDGES = ",:—–()«»\"“”„/+&*•<>[]{}\x01…!?.;"


_WORD = re.compile(r"\w+(?:[-'’`]\w+)*")
_LATIN_WORDS = re.compile(r"(?<![\w'’`])[a-z'’`]+(?![\w'’`])")


def _words_of(low: str) -> set[str]:
    """The distinct words of a lower-cased text (as the tokenizer cuts them: letters and
    digits, with inner hyphens and apostrophes), found at C speed."""
    return set(_WORD.findall(low))


def _hot_words(present: set[str], extra: frozenset[str], latin: set[str] = frozenset()) -> set[str]:
    """The words of a letter (``present``) that make their sentences worth reading;
    ``latin``: its words in Latin letters (transliterated move words are looked for)."""
    hot = present & trigger_words()
    if extra:
        hot |= present & extra
    if latin:
        readings = latin_words(latin)  # «golosuyu za Kuzyu»: transliterated Russian
        hot |= {readings[r] for r in readings.keys() & trigger_words()}
    phrases = trigger_phrases()
    for key in phrases.keys() & present:
        if any(p <= present for p in phrases[key]):
            hot.add(key)
    new = present - _NOT_MISSPELT
    if new:
        misspelt = {w for w in new if len(w) >= 4 and _fuzzy_verb(w)}
        hot |= misspelt
        if len(_NOT_MISSPELT) > 200_000:
            _NOT_MISSPELT.clear()
        _NOT_MISSPELT.update(new - misspelt)
    return hot


#: Words already found to be no misspelt move word (a set difference skips them at C speed).
_NOT_MISSPELT: set[str] = set()


def _neighbour(low: str, bounds: list[int], sent: int, step: int) -> int:
    """The nearest sentence before (``step`` -1) or after (+1) ``sent`` that has a letter in
    it (an empty line is no sentence)."""
    k = sent + step
    while 0 <= k < len(bounds):
        lo = bounds[k - 1] if k else 0
        if any(ch.isalnum() for ch in low[lo:bounds[k]]):
            return k
        k += step
    return sent


def _has_phrase(words: list[str], phrases: dict[str, list[frozenset[str]]]) -> bool:
    keys = phrases.keys() & words
    if not keys:
        return False
    present = set(words)
    return any(p <= present for k in keys for p in phrases[k])


def may_hold_move(clause: list[Tok], names: frozenset[str]) -> bool:
    """False when a clause surely holds no move, flag or correction: none of its words is a
    trigger word or a nickname form (``names``), and no word where a misspelt verb is looked
    for is one. Cheap: set look-ups, and cached misspelling look-ups."""
    words = [t.w for t in clause if t.word]
    if not clause_triggers().isdisjoint(words) or not names.isdisjoint(words):
        return True
    if any(w[:1] == "\x00" for w in words):
        return True
    first = True
    seen = 0
    for t in clause:
        if not t.word:
            first = first or t.w in _SEGMENT_MARKS
            continue
        if (first or seen < 3) and len(t.w) >= 4 and _fuzzy_verb(t.w):
            return True
        first = False
        seen += 1
    return False


_MARK_WORDS = V.CORRECTION_MARKS | {"нет", "есть", "не"}


def correction_marks(clause: list[Tok]) -> list[int]:
    """Letter offsets where a correction starts in a clause (see
    :data:`engine.grammar_vocab.CORRECTION_MARKS`)."""
    out: list[int] = []
    if _MARK_WORDS.isdisjoint([t.w for t in clause]):
        return out
    n = len(clause)
    for k, t in enumerate(clause):
        if not t.word:
            continue
        w = t.w
        if w in V.CORRECTION_MARKS:
            out.append(t.start)
        elif w == "нет" and (k + 1 == n or not clause[k + 1].word or
                             clause[k + 1].w in V.CORRECTION_WORDS) and \
                (k == 0 or clause[k - 1].w != V.NEGATION):
            out.append(t.start)
        elif w == "есть" and k > 0 and clause[k - 1].w == "то":
            out.append(clause[k - 1].start)
        elif w == "не" and k + 1 < n and clause[k + 1].w in (",", "—") and \
                (k == 0 or not clause[k - 1].word):
            out.append(t.start)  # «охраняю Барма… не, он не наш. охраняю Дена»
    return out


_IF_WORDS = frozenset({"если", "ежели", "коли"})
#: Words of a parenthesis that may stand before a hypothesis («Потом, может, проверю Лося»).
_ASIDE = V.HYPOTHETICAL_WORDS | {"потом", "быть", "наверное", "позже", "ну", "и", "а",
                                 "тогда", "вообще"}
_LATER_WORDS = frozenset({"завтра", "послезавтра"})


def hypothetical(clause: list[Tok], i: int, excluded: set[int]) -> bool | str:
    """``"hedged"`` when the sentence leaves the choice open after the move word (see
    :func:`_hedged_after`), else True when the move word at token ``i`` is a hypothesis, not an order: «если» before it
    in its sentence («Если Лось промолчит — проверю его»), or a word of
    :data:`engine.grammar_vocab.HYPOTHETICAL_WORDS` («бы», «может», «завтра») in its own
    comma segment («Я бы проверил Лося, но проверяю Кузю», «Проверю Лося завтра, а сегодня
    Кузю»). Words of the swindler's branches (``excluded``) do not count."""
    if any(t.word and t.w in _IF_WORDS and k not in excluded for k, t in enumerate(clause[:i])):
        return True
    k = i - 1
    while k >= 0 and (clause[k].word or clause[k].w not in _SEGMENT_MARKS):
        if clause[k].w in V.HYPOTHETICAL_WORDS and k not in excluded:
            return True
        if clause[k].w in ("но", "а", "зато"):
            return False
        k -= 1
    if k >= 0 and clause[k].w == ",":  # «Потом, может, проверю Лося»: a parenthesis before
        words = []
        k -= 1
        while k >= 0 and (clause[k].word or clause[k].w == ","):
            if clause[k].word:
                words.append(clause[k].w)
            elif words and all(w in _ASIDE for w in words):
                break  # «Не знаю, может, полечу Кузю»: the parenthesis right before counts
            k -= 1
        if words and all(w in _ASIDE for w in words) and \
                any(w in V.HYPOTHETICAL_WORDS for w in words):
            return True
    if _hedged_after(clause, i, excluded):
        return "hedged"
    k = i + 1
    while k < len(clause) and (clause[k].word or clause[k].w not in _SEGMENT_MARKS):
        if clause[k].w in _LATER_WORDS or clause[k].w in ("но", "а"):
            return clause[k].w in _LATER_WORDS
        k += 1
    return False


#: Words that leave the choice open after a move («…, а может себя», «…, ещё подумаю»).
_UNDECIDED = frozenset({"подумаю", "определюсь", "подумаем"})


def _hedged_after(clause: list[Tok], i: int, excluded: set[int]) -> bool:
    """True when the sentence goes on after the move word at ``i`` with another possibility
    («полечу Кузю, а может себя»; «Охраняю Петю, а если не надо, то Лёху»; «приглашаю,
    может быть, Совёнка») or puts the decision off («…, ещё подумаю»): the move is not
    decided, so it is no order (precision first: the reply asks)."""
    for k in range(i + 1, len(clause)):
        if k in excluded or not clause[k].word:
            continue
        w = clause[k].w
        prev = clause[k - 1].w if k > i + 1 else ""
        if w == "может" and (prev in ("а", "или", "либо") or (
                k + 1 < len(clause) and clause[k + 1].w == "быть")):
            return True
        if w == "если" and prev in ("а", "или", "либо"):
            return True
        if w in _UNDECIDED or (w == "решу" and any(
                clause[n].w in ("позже", "потом", "вечером", "завтра")
                for n in range(max(k - 2, 0), min(k + 3, len(clause))))):
            return True
    return False


@functools.lru_cache(maxsize=1)
def _flag_first() -> frozenset[str]:
    return frozenset(_SKIP) | frozenset(_CANCEL) | frozenset(_OTHER_DAY) | frozenset(_KEEP) | \
        frozenset(_LATER) | frozenset(_ABSTAIN)


@functools.lru_cache(maxsize=1)
def _keyword_first() -> frozenset[str]:
    """Words a keyword may start with (see :func:`_keyword_at`)."""
    lex = lexicon()
    return frozenset(lex.words) | frozenset(lex.by_first) | {V.AGAINST} | \
        frozenset(w + "-ка" for w in lex.words)


def _has(table: dict, w: str, clause: list[Tok], i: int, present: set[str]) -> bool:
    """True when a phrase of ``table`` starting with ``w`` is written at token ``i``."""
    return any(present.issuperset(p) and match_phrase(clause, i, p) for p in table[w])


def clause_flags(clause: list[Tok]) -> dict:
    """Skip / cancel / «как вчера» / «линч прежний» / «потом напишу» phrases of a clause.

    Returns ``{"skip": bool, "cancel": index after the cancel phrase or None, "other_day":
    bool, "keep": bool, "later": bool, "abstain": bool}``.
    """
    out = {"skip": False, "cancel": None, "other_day": False, "keep": False, "later": False,
           "abstain": False}
    first = _flag_first()
    present = {t.w for t in clause if t.word}
    if present.isdisjoint(first):
        return out
    for i, t in enumerate(clause):
        if not t.word or t.w not in first:
            continue
        w = t.w
        if w in _SKIP and _has(_SKIP, w, clause, i, present):
            out["skip"] = True
        if out["cancel"] is None and w in _CANCEL:
            for p in _CANCEL[w]:
                if match_phrase(clause, i, p):
                    out["cancel"] = i + len(p)
                    break
        if w in _OTHER_DAY and _has(_OTHER_DAY, w, clause, i, present):
            out["other_day"] = True
        if w in _KEEP and _has(_KEEP, w, clause, i, present):
            out["keep"] = True
        if w in _LATER and _has(_LATER, w, clause, i, present):
            out["later"] = True
        if w in _ABSTAIN and _has(_ABSTAIN, w, clause, i, present):
            out["abstain"] = True
    return out


def find_keywords(clause: list[Tok], excluded: set[int], idx: NameIndex) -> list[Kw]:
    """Keywords of a clause, merged where they stand side by side. A word that is also a
    nickname («Голос», «Маньяк») right after another keyword is read as the nickname."""
    found: list[Kw] = []
    words = [t.w for t in clause]
    first = _keyword_first()
    i, n = 0, len(clause)
    while i < n:
        t = clause[i]
        if not t.word or t.w not in first or i in excluded:
            i += 1
            continue
        kw = _keyword_at(clause, i) or _vote_against_at(clause, i)
        if kw is None:
            i += 1
            continue
        if found and idx.exact(words, i, None) and only_fillers(clause, found[-1].j, i):
            i += 1
            continue
        if kw.j == i + 1 and t.cap and i > 0 and \
                (kw.weak or clause[i - 1].w not in (":", "—", "→")) and idx.exact(words, i, None):
            i += 1  # «Голоса: Сова и Гость»: a capitalised nickname inside a sentence
            continue
        if t.quoted and i > 0 and clause[i - 1].w in ("«", '"', "“", "„"):
            i = kw.j  # «голос — Гость» in quotes: somebody's words, reported
            continue
        kw.negated = (_negated(clause, i) or (kw.weak and _negated_after(clause, kw.j))
                      or (kw.weak and kw.cls != V.VOTE and _suggested(clause, i, kw.j))
                      or (kw.cls == V.VOTE and _against_vote(clause, i)))
        if (kw.weak or t.w in V.NARRATIVE_NOUNS) and not order_form(clause, kw):
            if _after_past(clause, kw.i):
                i = kw.j
                continue
            kw.reported = _after_report_word(clause, kw.i)
        found.append(kw)
        i = kw.j
    fuzzy = _fuzzy_keywords(clause, excluded, idx, found)
    if fuzzy:
        found = sorted(found + fuzzy, key=lambda kw: kw.i)
    return _withdrawals(clause, _shoot_on_hunt(clause, idx, _merge(clause, found)))


def _shoot_on_hunt(clause: list[Tok], idx: NameIndex, kws: list[Kw]) -> list[Kw]:
    """«Стреляю в Котика на МО»: a shot whose target is followed by the hunt word is the
    hunt (one keyword, read from the shot)."""
    out: list[Kw] = []
    words = None
    for kw in kws:
        prev = out[-1] if out else None
        if prev is not None and prev.cls == V.SHOOT and kw.cls == V.HUNT:
            words = words or [t.w for t in clause]
            between = [k for k in range(prev.j, kw.i) if clause[k].word and
                       clause[k].w not in V.FILLERS and clause[k].w not in V.PREPOSITIONS]
            if len(between) <= 3 and all(idx.exact(words, k, None) or
                                         idx.approximate(words[k]) for k in between[:1]):
                prev.cls = V.HUNT
                continue
        out.append(kw)
    return out


_OWN = frozenset({"свой", "мой", "я", "свои", "мои", "голос", "голоса"})


def _withdrawals(clause: list[Tok], kws: list[Kw]) -> list[Kw]:
    """«Снимаю (свой) голос с X»: the vote keyword becomes a withdrawal; a withdrawal verb
    that was itself a keyword («убираю») is dropped."""
    out: list[Kw] = []
    for kw in kws:
        if kw.cls == V.VOTE:
            k = kw.i - 1
            while k >= 0 and clause[k].word and clause[k].w in _OWN:
                k -= 1
            if k >= 0 and clause[k].word and clause[k].w in V.WITHDRAW_WORDS:
                kw.withdraw, kw.negated, kw.weak = True, False, False
                if out and out[-1].i == k:
                    out.pop()
            elif kw.j < len(clause) and clause[kw.j].w in ("с", "со"):
                kw.withdraw, kw.negated = True, False  # «голос с Кузнеца переношу на Бобра»
        out.append(kw)
    return out


def _negated(clause: list[Tok], i: int) -> bool:
    """«не лечу», «не буду лечить», «не хочу проверять»."""
    if i > 0 and clause[i - 1].w == V.NEGATION:
        return True
    return i > 1 and clause[i - 2].w == V.NEGATION and clause[i - 1].w in V.MODALS


def _against_vote(clause: list[Tok], i: int) -> bool:
    """«против линча Буки», «не за линч Буки»: against the lynch, not a vote."""
    prev = clause[i - 1].w if i > 0 else ""
    return prev == V.AGAINST or (prev == "за" and i > 1 and clause[i - 2].w == V.NEGATION)


def _vote_against_at(clause: list[Tok], i: int) -> Kw | None:
    """«Против Буки», «Я против Буки»: a vote when «против» opens its comma segment (only
    «я», «а», «и», «ну» before it) and no keyword follows it («против линча» is handled by
    :func:`_against_vote`). «Все против Буки» tells about others: no vote."""
    if clause[i].w != V.AGAINST:
        return None
    k = i - 1
    while k >= 0 and clause[k].word:
        if clause[k].w not in V.AGAINST_OPENERS:
            return None
        k -= 1
    if k >= 0 and clause[k].w not in _SEGMENT_MARKS:
        return None
    nxt = i + 1
    if nxt < len(clause) and clause[nxt].word and _keyword_at(clause, nxt) is not None:
        return None
    return Kw(V.VOTE, i, i + 1, weak=True)


def _suggested(clause: list[Tok], i: int, j: int) -> bool:
    """«Убить предлагаю Дениса», «советую проверить Лося»: a suggestion word next to an
    infinitive or noun keyword (two words either side, same comma segment)."""
    for k in list(range(max(0, i - 2), i)) + list(range(j, min(len(clause), j + 2))):
        t = clause[k]
        if t.word and (t.w in V.SUGGEST_WORDS or _suggest_lemma(t.w)):
            return True
    return False


_SUGGEST_LEMMAS = frozenset({"предлагать", "предложить", "советовать", "посоветовать",
                             "рекомендовать", "порекомендовать", "просить", "попросить"})


@functools.lru_cache(maxsize=4096)
def _suggest_lemma(word: str) -> bool:
    """A form of a verb of suggesting in any person or tense («предложил», «советовала»,
    «просила»): what follows is somebody's move asked for, not the sender's order."""
    if len(word) < 5 or not word.startswith(("пред", "сов", "посов", "рек", "порек", "прос",
                                             "попрос")):
        return False
    return any(p.normal_form in _SUGGEST_LEMMAS for p in morph().parse(word)[:2])


def _negated_after(clause: list[Tok], j: int) -> bool:
    """«Линчевать Буку не буду»: «не» and a modal later in the same comma segment."""
    for k in range(j, len(clause) - 1):
        if not clause[k].word and clause[k].w in _SEGMENT_MARKS:
            return False
        if clause[k].w == V.NEGATION and clause[k + 1].w in V.MODALS:
            return True
    return False


def order_form(clause: list[Tok], kw: Kw) -> bool:
    """A colon or dash after the keyword («голос: Бука») makes it an order, whatever
    stands before it."""
    return kw.j < len(clause) and clause[kw.j].w in (":", "—", "→")


def _after_past(clause: list[Tok], i: int) -> bool:
    """A noun keyword after «вчера» in its comma segment tells about the past («вчера
    проверка Буки показала…»)."""
    for k in range(i - 1, -1, -1):
        if not clause[k].word and clause[k].w in (",", "("):
            return False
        if clause[k].w in V.PAST_WORDS:
            return True
    return False


def told_in_past(clause: list[Tok]) -> bool:
    """True when a noun keyword of the clause follows «вчера»/«вчерашний» in its comma
    segment («Вчерашний линч был ошибкой»): the clause tells, it asks nothing."""
    for i, t in enumerate(clause):
        if t.word and (t.w in lexicon().weak or t.w in V.NARRATIVE_NOUNS) and \
                _after_past(clause, i):
            return True
    return False


def _after_report_word(clause: list[Tok], i: int) -> bool:
    """A noun keyword right after «что» («думаю, что линч Буки — ошибка») may be reported
    speech; the parser decides once it knows what follows the target."""
    k = i - 1
    while k >= 0 and clause[k].word and clause[k].w in V.FILLERS:
        k -= 1
    return k >= 0 and clause[k].w in V.REPORT_WORDS


def _keyword_at(clause: list[Tok], i: int) -> Kw | None:
    lex = lexicon()
    for phrase, cls in lex.by_first.get(clause[i].w, ()):
        if match_phrase(clause, i, phrase):
            return Kw(cls, i, i + len(phrase), weak=phrase in lex.weak_phrases)
    w = clause[i].w
    if w.endswith("-ка"):
        w = w[:-3]
    cls = lex.words.get(w)
    if cls is None:
        return None
    return Kw(cls, i, i + 1, weak=w in lex.weak or cls in V.WEAK_CLASSES)


def _fuzzy_keywords(clause: list[Tok], excluded: set[int], idx: NameIndex,
                    found: list[Kw]) -> list[Kw]:
    """Misspelt verbs («лечю», «провиряю», «линчю»); never a nickname. Looked for among the
    first three words of a clause without keywords (the first such verb only), at the first
    word of the clause, and at the first word after a comma, dash or colon."""
    taken = {k for kw in found for k in range(kw.i, kw.j)}
    all_words: list[str] = []

    def verb_at(k: int) -> Kw | None:
        cls = _fuzzy_verb(clause[k].w)  # cached; None for almost every word
        if not cls or k in excluded or k in taken:
            return None
        if not all_words:
            all_words.extend(t.w for t in clause)
        return None if idx.exact(all_words, k, None) else Kw(cls, k, k + 1)

    words = [k for k, t in enumerate(clause) if t.word]
    out: list[Kw] = []
    if not found:
        out = next(([kw] for kw in map(verb_at, words[:3]) if kw), [])
    starts = words[:1] + [k for k in words[1:]
                          if not clause[k - 1].word and clause[k - 1].w in _SEGMENT_MARKS]
    for k in starts:
        if all(kw.i != k for kw in out):
            kw = verb_at(k)
            if kw:
                out.append(kw)
    return sorted(out, key=lambda kw: kw.i)


@functools.lru_cache(maxsize=1)
def _verb_choices() -> list[str]:
    """Strong keywords a misspelt verb is compared with."""
    lex = lexicon()
    return [w for w in lex.words if w not in lex.weak and len(w) >= 3]


@functools.lru_cache(maxsize=50_000)
def _fuzzy_verb(word: str) -> str | None:
    """The keyword class of a misspelt verb (one edit, see engine.names.THRESHOLDS), or None
    when the word is a dictionary word, a role word, or near keywords of several classes."""
    limit = max_distance(len(word), "verb")
    if not limit or is_known_word(word) or word in role_words():
        return None
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    hits = process.extract(word, _verb_choices(), scorer=OSA.distance, score_cutoff=limit,
                           limit=None)
    if not hits:
        return None
    best = min(s for _, s, _ in hits)
    classes = {lexicon().words[c] for c, s, _ in hits if s == best}
    return classes.pop() if len(classes) == 1 else None


def _merge(clause: list[Tok], kws: list[Kw]) -> list[Kw]:
    """Merge keywords that stand side by side («стреляю из миномёта», «голосую на линче»)."""
    out: list[Kw] = []
    for kw in kws:
        prev = out[-1] if out else None
        if prev is not None and only_fillers(clause, prev.j, kw.i) and \
                not any(t.w in _BRACKETS for t in clause[prev.j:kw.i]):
            cls = _merged_class(prev.cls, kw.cls)
            if cls is not None:
                other = kw.cls if cls == prev.cls else prev.cls
                out[-1] = Kw(cls, prev.i, kw.j, prev.negated or kw.negated, prev.weak and kw.weak,
                             alt=other if other != cls else None)
                continue
        out.append(kw)
    return out


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


def only_fillers(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when ``clause[lo:hi]`` holds only punctuation, fillers and prepositions."""
    for t in clause[lo:hi]:
        if t.word and t.w not in V.FILLERS and t.w not in V.PREPOSITIONS:
            return False
    return True


_HEADER_CLASS = {"detective": V.CHECK, "doctor": V.HEAL, "hostess": V.INVITE,
                 "psycho": V.INVITE, "fan": V.SEARCH, "thug": V.BEAT, "witness": V.WATCH,
                 "maniac": V.MANIAC, "thief": V.ROB, "guard": V.GUARD,
                 "swindler": V.SWINDLE}


_CLAN_HEADERS = frozenset({"клан", "мафия", "мафы", "жертва"})


def header_keyword(clause: list[Tok], start: int, actor: Actor) -> list[Kw]:
    """«Врач — Бука» from the doctor, «Клан: Бука» from a clan member: a header word naming
    the sender's own role (or his clan) followed by a colon or a dash stands for the verb."""
    if start + 1 >= len(clause) or not clause[start].word:
        return []
    if clause[start + 1].w not in (":", "—", "→"):
        return []
    w = clause[start].w
    if w in ("жертва", "цель") and actor.role in ("maniac", "psycho"):
        return [Kw(V.MANIAC, start, start + 1)]
    if w == "цель" and actor.role == "swindler":
        return [Kw(V.SWINDLE, start, start + 1)]
    if w in ("ярость", "голоса") or w in V.VOTE_ORDINALS:
        return [Kw(V.VOTE, start, start + 1)]  # «Ярость: Барон и Лось» on a rage day
    if w in _CLAN_HEADERS and actor.mafia:
        return [Kw(V.KILL, start, start + 1)]
    if role_words().get(w) == actor.role and actor.role in _HEADER_CLASS:
        return [Kw(_HEADER_CLASS[actor.role], start, start + 1)]
    return []
