"""Which parts of a letter are worth reading (issue 11: chatter costs almost nothing).

:func:`reading_windows` finds the sentences that hold a trigger word
(:func:`engine.grammar_triggers.trigger_words`:
move words, flag and correction words; a phrase word only with its phrase), with a
neighbour when a pronoun or an open end needs it; :func:`may_hold_move` drops a clause with
no trigger and no name before any closer look. Transliterated move words count
(:mod:`engine.translit`).
"""

from __future__ import annotations

import functools
import re

from . import grammar_vocab as V
from .grammar_tokens import Tok
from .lexicon import lexicon
from .translit import latin_words, phone_readings
from .words import role_words
from .grammar_flags import CANCEL, OTHER_DAY, SKIP
from .grammar_plans import SEGMENT_MARKS
from .grammar_headers import DAY_HEADS, NIGHT_HEADS
from .grammar_keywords import fuzzy_verb
from .grammar_triggers import trigger_phrases, trigger_words
from .grammar_own import HOSTESS_COME
from .grammar_talk import attention_only
from .grammar_window_links import taken_back_between, two_votes_told


_ELLIPSIS = "\x01"


#: Words that point at a player named in the sentence before («маньячу его»).
_POINTERS = frozenset({"его", "ее", "её", "ей", "ему", "него", "нее", "неё", "нему", "ней",
                       "тогда", "считать", "считайте", "засчитать", "засчитайте"})


#: «!», «?», «;», a line break, or «.» before a space or the end («Dr.Who» goes on). (Each
#: pattern here opens with one set of characters, so a search skips along at C speed.)
_SENTENCE_END = re.compile(r"[!?;\n.](?:(?<=[!?;\n])|(?=\s|$))")

#: :data:`_SENTENCE_END` on the reversed text: the sentence before a place is found by one
#: search backwards, not by cutting the whole letter into sentences.
_SENTENCE_END_BACK = re.compile(r"[!?;\n.](?:(?<=[!?;\n])|(?<!\S\.))")

#: An aside in brackets on one line, with «!» or «?» in it (ending no sentence).
_BRACKETED = re.compile(r"\([^()\n]*[!?][^()\n]*\)")


def _aside_unended(m: re.Match) -> str:
    """The bracketed aside with its «!» and «?» blanked (same length: offsets stay)."""
    return m.group().replace("!", " ").replace("?", " ")


_ALNUM = re.compile(r"[^\W_]")  # str.isalnum, at C speed


_WORD_SPLIT = re.compile(r"[\s,:—–()«»\"“”„/+&*•<>\[\]{}\x01…]+")


def reading_windows(visible: str, extra: frozenset[str] = frozenset(), talk=None,
                    dropped: list | None = None) -> list[tuple[int, int]]:
    """The parts of a letter worth tokenizing, as ``(start, end)`` offsets in order: every
    sentence holding a trigger word (:func:`trigger_words`, a phrase of
    :func:`trigger_phrases`, a misspelt move word, or one of ``extra``: a boss's members
    «Страж: Индиго»); with the sentence before it when it holds a pronoun (the name it points
    at; one more when that one is read anyway), and with the one after it when it ends open («Линч:⏎Бука»). Other sentences are
    chatter, with or without nicknames, and are never tokenized (issue 11: chatter costs
    almost nothing). The hot words are found with a few set operations on the letter's
    pieces (:func:`_hot_words`) and searched (C-level ``str.find``); only their sentences
    are cut out (one regex search each way, :func:`_sentence_start`).

    ``talk`` (:func:`engine.grammar_talk.talk_test`), when given, is asked of each sentence
    with hot words and no neighbour to read: a window made only of sentences it calls talk
    is left out, and put into ``dropped`` (when given) instead, as ``(start, end, its
    sentences as (start, end))``."""
    if len(visible) < 200:
        return [(0, len(visible))] if visible.strip() else []
    low = visible.lower()
    if len(low) != len(visible):
        return [(0, len(visible))]
    low = low.replace("ё", "е").replace("...", _ELLIPSIS * 3).replace("..", _ELLIPSIS * 2)
    if "(" in low:  # «А голоса (их же два, да?) — X и Y»: an aside's «?» ends no sentence
        low = _BRACKETED.sub(_aside_unended, low)
    hot_words = _hot_words(low, extra)
    if not hot_words:
        return []
    size = len(low)
    back = low[::-1]
    sentences: dict[int, set[str]] = {}  # start of a sentence → its hot words
    back_end = _SENTENCE_END_BACK.search  # (:func:`_sentence_start`, inline: per place)
    for w in hot_words:
        at = low.find(w)
        while at >= 0:
            end = at + len(w)
            if (at == 0 or not low[at - 1].isalnum()) and \
                    (end == size or not low[end].isalnum()):
                m = back_end(back, size - at)
                lo = size - m.start() if m else 0
                if lo in sentences:
                    sentences[lo].add(w)
                else:
                    sentences[lo] = {w}
            at = low.find(w, end)
    hot: list[tuple[int, int, bool, bool]] = []  # (start, end, with the one before, the next)
    trig = trigger_words()
    weak = _weak_triggers()
    for lo in sorted(sentences):
        hi = _sentence_end(low, lo)
        found = sentences[lo]
        if attention_only(found, low[lo:hi]):
            continue  # «Смотрите, как X защищает Y»: no move asked (engine.grammar_talk)
        weak_only = found <= weak.keys()
        if weak_only and not _weak_may_hold(low, lo, hi, found, weak):
            continue  # (no phrase's words even as bits of the sentence: cut no words)
        text = low[lo:hi].rstrip(" \t\n.!?;")
        words = list(filter(None, _WORD_SPLIT.split(text)))
        if not words:
            continue
        if weak_only and not _weak_holds(found, words, weak):
            continue  # «Вчера все молчали»: a phrase word without its phrase is chatter
        before = not _POINTERS.isdisjoint(words)  # «…маньячу его»: the name before
        after = text.endswith((":", "—", "-", ",", "→", ">")) or words[-1] in trig or \
            words[-1] in V.PREPOSITIONS or two_votes_told(words) or \
            taken_back_between(low, hi, sentences, _sentence_after)
        # «Линч:⏎Бука», «Голосую за…⏎Сергей», «Голоса у нас сегодня два. Тиму и Лёху.»
        hot.append((lo, hi, before, after, talk is not None and not before and not after and
                    talk(found, words, visible[lo:hi])))
    out: list[tuple[int, int]] = []
    read: list[bool] = []  # per window of ``out``: it holds a sentence that is no talk
    starts = {h[0] for h in hot}
    for lo, hi, before, after, chat in hot:
        if before:
            lo = _sentence_before(low, back, lo)
            if lo in starts:  # read anyway: «…мне Пульхерия. Портрет — на чай. Шизю её»
                lo = _sentence_before(low, back, lo)
        if after:
            hi = _sentence_after(low, hi)
        keep = not chat
        while out and lo <= out[-1][1]:  # (the sentences before may reach back further)
            lo, hi = min(out[-1][0], lo), max(out[-1][1], hi)
            out.pop()
            keep = read.pop() or keep
        out.append((lo, hi))
        read.append(keep)
    if talk is None or all(read):
        return out
    if dropped is not None:
        talks = [(h[0], h[1]) for h in hot if h[4]]
        dropped.extend((lo, hi, tuple(t for t in talks if lo <= t[0] < hi))
                       for (lo, hi), r in zip(out, read) if not r)
    return [w for w, r in zip(out, read) if r]


def _sentence_start(back: str, size: int, at: int) -> int:
    """The start of the sentence holding offset ``at`` (``back``: the lower-cased letter
    reversed, ``size`` its length): the end of the last :data:`_SENTENCE_END` at or before
    ``at``, or 0."""
    m = _SENTENCE_END_BACK.search(back, size - at)
    return size - m.start() if m else 0


def _sentence_end(low: str, lo: int) -> int:
    """The end of the sentence starting at ``lo``: the end of the first
    :data:`_SENTENCE_END` after it, or the end of the letter."""
    m = _SENTENCE_END.search(low, lo)
    return m.end() if m else len(low)


def _sentence_before(low: str, back: str, lo: int) -> int:
    """The start of the nearest sentence before the one starting at ``lo`` that has a letter
    in it (an empty line is no sentence); ``lo`` when there is none."""
    end = lo
    while end > 0:
        start = _sentence_start(back, len(low), end - 1)
        if _ALNUM.search(low, start, end):
            return start
        end = start
    return lo


def _sentence_after(low: str, hi: int) -> int:
    """The end of the nearest sentence after the one ending at ``hi`` that has a letter in
    it; ``hi`` when there is none."""
    start = hi
    while start < len(low):
        end = _sentence_end(low, start)
        if _ALNUM.search(low, start, end):
            return end
        start = end
    return hi


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


def _weak_may_hold(low: str, lo: int, hi: int, found: set[str], weak: dict) -> bool:
    """False when :func:`_weak_holds` surely is for the sentence ``low[lo:hi]``: no phrase of
    its weak words has all its other words even as substrings of the sentence (its words
    are), and none is a lone «как вчера» word (which needs the words counted)."""
    for w in found:
        phrases = weak[w]
        if not phrases:
            return True
        for p in phrases:
            for u in p:
                if u != w and low.find(u, lo, hi) < 0:
                    break
            else:
                return True
    return False


def _weak_holds(found: set[str], words: list[str], weak: dict) -> bool:
    """True when a sentence whose hot words are all weak (:func:`_weak_triggers`) still
    holds what they stand for: a whole phrase, or a lone «как вчера» word in a sentence of
    at most four words or with a move-talk word («Ход вчерашний»)."""
    present = set(words)
    for w in found:
        phrases = weak[w]
        if not phrases:
            if len(words) <= 4 or V.move_talk(words):
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
    out |= {"есть"} | HOSTESS_COME  # «Ванечка, приходи ещё» (engine.grammar_own)
    out.update(part for w in role_words() if " " in w for part in w.split())
    return frozenset(out)


_EDGES = ",:—–()«»\"“”„/+&*•<>[]{}\x01…!?.;"


_WORD = re.compile(r"\w+(?:[-'’`]\w+)*")


def _hot_words(low: str, extra: frozenset[str]) -> set[str]:
    """The words of a lower-cased letter that make their sentences worth reading (see
    :func:`_is_hot`); the longest word of a phrase only with the phrase's other words
    somewhere in the letter.

    Cheap for chatter: the letter is cut at whitespace only (C ``str.split``), and the
    pieces seen before to hold no hot word (:func:`_boring`, per ``extra``) are dropped by
    one look-up each; only the few pieces left are cut into words (the tokenizer's word
    pattern :data:`_WORD`, which never spans whitespace)."""
    boring = _boring(extra)
    # (a set: a piece written twice is looked at once; a set difference was slower)
    pieces = {p for p in low.split() if p not in boring}
    hot: set[str] = set()
    seen: set[str] = set()  # the words of the pieces left: every word _is_hot knows
    keys: set[str] = set()
    known = _hot_pieces(extra)
    for piece in pieces:
        info = known.get(piece)
        if info is None:
            info = _hot_piece(piece, extra)
            if info is None:
                boring.add(piece)
                continue
            known[piece] = info
        words, hot_here, keys_here = info
        hot.update(hot_here)
        keys.update(keys_here)
        seen.update(words)
    for key in keys:
        if key not in hot and _phrase_in(low, key, seen):
            hot.add(key)
    return hot


def _hot_piece(piece: str, extra: frozenset[str]) -> tuple[tuple[str, ...], ...] | None:
    """What a piece of text (cut at whitespace) holds for :func:`_hot_words`: (its words,
    those that are hot, those that are hot only with the rest of their phrase), or None
    when no word of it is either (:func:`_is_hot`)."""
    words = _WORD.findall(piece)
    hot, keys = [], []
    for w in words:
        why = _is_hot(w, extra)
        if why is not None:
            (hot if why else keys).append(w)
    return (tuple(words), tuple(hot), tuple(keys)) if hot or keys else None


#: Pieces of text (cut at whitespace) that hold a hot word, per ``extra``: piece →
#: :func:`_hot_piece` (a pure function of the piece and ``extra``, remembered).
_HOT_PIECES: dict[frozenset[str], dict[str, tuple[tuple[str, ...], ...]]] = {}


def _hot_pieces(extra: frozenset[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The remembered :func:`_hot_piece` answers for ``extra`` (a new table when there is
    none; all are emptied past 64 tables, a table past 50,000 pieces)."""
    table = _HOT_PIECES.get(extra)
    if table is None or len(table) > 50_000:
        if len(_HOT_PIECES) > 64:
            _HOT_PIECES.clear()
        table = _HOT_PIECES[extra] = {}
    return table


def _is_hot(w: str, extra: frozenset[str]) -> bool | None:
    """True when the word ``w`` makes its sentence worth reading: a trigger word, one of
    ``extra``, a misspelt move word, or a trigger word spelt in Latin letters («golosuyu za
    Kuzyu»); False when it does only with the rest of its phrase (the longest word of a
    phrase of :func:`trigger_phrases`); None when it never does."""
    if w in trigger_words() or w in extra:
        return True
    if "-" in w and all(p in trigger_words() for p in w.split("-")):
        return True  # «кормлю-спаиваю»: move words joined by a hyphen
    if len(w) >= 4 and fuzzy_verb(w):
        return True
    if w.isascii() and (not latin_words((w,)).keys().isdisjoint(trigger_words()) or
                        not trigger_words().isdisjoint(phone_readings(w))):  # («ishu»)
        return True
    return False if w in trigger_phrases() else None


#: Short words found in most letters: a phrase's other words are looked for rarest first.
_COMMON = frozenset({"в", "и", "к", "ко", "на", "не", "за", "у", "из", "под", "как", "что",
                     "то", "мне", "меня", "без", "раз", "сам", "тот", "того"})


def _phrase_in(low: str, key: str, seen: set[str]) -> bool:
    """True when a phrase whose longest word is ``key`` has all its other words somewhere in
    the letter ``low`` (as the tokenizer's words). ``seen``: the words of the letter's
    pieces that hold a hot word (:func:`_hot_words`); a word :func:`_is_hot` knows is in the
    letter only there, any other is looked for (:func:`_has_word`)."""
    for known, plain in _phrase_rest(key):
        if not seen.issuperset(known):
            continue
        for u in plain:  # (a word that is not even a bit of the letter needs no regex)
            if u not in low or not _has_word(low, u):
                break
        else:
            return True
    return False


@functools.lru_cache(maxsize=None)
def _phrase_rest(key: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """The other words of each phrase whose longest word is ``key``: those
    :func:`_is_hot` knows, and the others, rarest first."""
    out = []
    for p in trigger_phrases()[key]:
        others = p - {key}
        known = tuple(sorted(u for u in others if _is_hot(u, frozenset()) is not None))
        plain = sorted(others.difference(known), key=lambda u: (u in _COMMON, -len(u), u))
        out.append((known, tuple(plain)))
    return tuple(out)


def _has_word(low: str, word: str) -> bool:
    """True when ``word`` (letters only) is one of the tokenizer's words of ``low``
    (:data:`_WORD`: not a part of a longer word, nor of a hyphenated or apostrophed one)."""
    return _word_pattern(word).search(low) is not None


@functools.lru_cache(maxsize=None)
def _word_pattern(word: str) -> re.Pattern:
    """``word`` standing alone as :data:`_WORD` cuts words; the literal comes first so the
    search skips along at C speed (the look-behinds check the characters before it)."""
    w = re.escape(word)
    return re.compile(rf"{w}(?<!\w{w})(?<!\w[-'’`]{w})(?!\w)(?![-'’`]\w)")


#: Pieces of text (cut at whitespace) already found to hold no hot word, per ``extra``.
_BORING: dict[frozenset[str], set[str]] = {}


def _boring(extra: frozenset[str]) -> set[str]:
    """The pieces known to hold no hot word for a sender with triggers ``extra`` (the set
    is filled by :func:`_hot_words`; emptied when it grows past 200,000 pieces)."""
    return piece_table(_BORING, extra)


def piece_table(tables: dict, key) -> set[str]:
    """``tables[key]``, the set of text pieces known to hold nothing a cheap test looks for
    under ``key``: a new empty set when there is none or it grew past 200,000 pieces (all
    tables are dropped past 64 keys, so the memory stays bounded)."""
    table = tables.get(key)
    if table is None or len(table) > 200_000:
        if len(tables) > 64:
            tables.clear()
        table = tables[key] = set()
    return table


def _has_phrase(words: list[str], phrases: dict[str, list[frozenset[str]]]) -> bool:
    keys = phrases.keys() & words
    if not keys:
        return False
    present = set(words)
    return any(p <= present for k in keys for p in phrases[k])


_HEADS = NIGHT_HEADS | DAY_HEADS


def may_hold_move(clause: list[Tok], names: frozenset[str]) -> bool:
    """False when a clause surely holds no move, flag or correction: none of its words is a
    trigger word or a nickname form (``names``), and no word where a misspelt verb is looked
    for is one. Cheap: set look-ups, and cached misspelling look-ups."""
    words = [t.w for t in clause if t.word]
    if not clause_triggers().isdisjoint(words) or not names.isdisjoint(words):
        return True
    if words and words[0] in _HEADS and len(clause) > 1 and clause[1].w in (":", "—"):
        return True  # «Ночь: X», «День — X» (engine.grammar_headers)
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
