"""Which parts of a letter are worth reading (issue 11: chatter costs almost nothing).

:func:`reading_windows` finds the sentences that hold a trigger word (:func:`trigger_words`:
move words, flag and correction words; a phrase word only with its phrase), with a
neighbour when a pronoun or an open end needs it; :func:`may_hold_move` drops a clause with
no trigger and no name before any closer look. Transliterated move words count
(:mod:`engine.translit`).
"""

from __future__ import annotations

import bisect
import functools
import re

from . import grammar_vocab as V
from .grammar_tokens import Tok
from .lexicon import lexicon
from .translit import latin_words
from .words import role_words
from .grammar_flags import CANCEL, OTHER_DAY, SEGMENT_MARKS, SKIP
from .grammar_headers import CLAN_HEADERS, TARGET_HEADS
from .grammar_keywords import fuzzy_verb


@functools.lru_cache(maxsize=1)
def trigger_words() -> frozenset[str]:
    """Words without which a sentence holds no move, flag or correction: keywords, the last
    words of move, skip, cancel and «как вчера» phrases, correction words, role words,
    header words, one-word abstain phrases («воздерживаюсь»). (Keep, later and longer abstain
    phrases only qualify a keyword.) Third-person and plain imperative verbs are the
    sender's triggers only for his own moves (:func:`sender_triggers`)."""
    lex = lexicon()
    out = set(lex.words) - lex.third - lex.imperative
    for phrases in (V.SKIP_PHRASES, V.CANCEL_PHRASES, V.OTHER_DAY_PHRASES, V.ABSTAIN_PHRASES):
        out |= {p[0] for p in phrases if len(p) == 1}
    out |= V.CORRECTION_HEADS | V.CORRECTION_MARKS | {"нет", "тогда", V.AGAINST}
    out |= CLAN_HEADERS | TARGET_HEADS | {"жертва"} | V.WITHDRAW_WORDS
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
    («Врач — Бука»), his own moves in the third person («Шуршик жульничает на X») and in the
    plain imperative («Вылечи Бобра»)."""
    rw = role_words()
    lex = lexicon()
    own = {cls for cls, table in V.CLASS_ACTIONS.items() if role in table}
    # «Вылечи Бобра» from the doctor: asked about (engine.parse_judge); anyone else's is talk
    imperative = frozenset(w for w in lex.imperative if lex.words.get(w) in own)
    if role == "boss":
        return frozenset(names) | frozenset(rw) | frozenset(lex.third) | imperative
    third = {w for w in lex.third if lex.words.get(w) in own}  # «Шуршик жульничает на X»
    if role == "swindler":
        return frozenset(rw) | third | imperative
    return frozenset(w for w, r in rw.items() if r == role) | third | imperative


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
    latin = {w for w in present if w.isascii()} if _ANY_LATIN.search(low) else ()
    hot_words = _hot_words(present, extra, latin)
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
    """:func:`trigger_words` with every role word, third-person and imperative verb, and the
    first words of phrases (inside a window a clause is looked at closely)."""
    lex = lexicon()
    out = set(trigger_words()) | set(role_words()) | lex.third | lex.imperative | \
        {p[0] for p in lex.phrases}
    for table in (SKIP, CANCEL, OTHER_DAY):
        out |= set(table)
    out |= {"есть"}
    out.update(part for w in role_words() if " " in w for part in w.split())
    return frozenset(out)


_EDGES = ",:—–()«»\"“”„/+&*•<>[]{}\x01…!?.;"


_WORD = re.compile(r"\w+(?:[-'’`]\w+)*")


_ANY_LATIN = re.compile(r"[a-z]")


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
        misspelt = {w for w in new if len(w) >= 4 and fuzzy_verb(w)}
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
            first = first or t.w in SEGMENT_MARKS
            continue
        if (first or seen < 3) and len(t.w) >= 4 and fuzzy_verb(t.w):
            return True
        first = False
        seen += 1
    return False
