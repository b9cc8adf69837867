"""The words of a letter that make its sentences worth reading (issue 11: chatter costs
almost nothing), for :func:`engine.grammar_windows.reading_windows`.

:func:`hot_words` finds them: a trigger word (:func:`engine.grammar_triggers.trigger_words`),
a sender's extra trigger, a misspelt move word, a trigger spelt in Latin letters, the
longest word of a phrase when the phrase's other words are in the letter too. Pieces of text
seen before are remembered per sender's triggers (:func:`piece_table`), so chatter is
dropped by one set look-up a piece.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from .grammar_keywords import fuzzy_verb
from .grammar_triggers import trigger_phrases, trigger_words
from .textcase import lower_seen, pieces_of
from .translit import latin_words, phone_readings

__all__ = ["has_word", "hot_words", "letter_pieces", "lowered", "memo_table", "piece_table"]

#: A word as the tokenizer cuts it (never spans whitespace).
_WORD = re.compile(r"\w+(?:[-'’`]\w+)*")


def hot_words(low: str, extra: frozenset[str], written: set[str] | None = None,
              keep: Callable[[str], bool] | None = None) -> set[str]:
    """The words of a lower-cased letter that make their sentences worth reading (see
    :func:`_is_hot`); the longest word of a phrase only with the phrase's other words
    somewhere in the letter.

    Cheap for chatter: the letter is cut at whitespace only (C ``str.split``), and the
    pieces seen before to hold no hot word (:func:`_boring`, per ``extra``) are dropped by
    one look-up each; only the few pieces left are cut into words (the tokenizer's word
    pattern :data:`_WORD`, which never spans whitespace).

    ``written``: the pieces of the letter as written (:func:`letter_pieces`, made once for
    the net too), used instead of cutting ``low`` again. A piece is looked at in lower case
    with «е» for «ё»; ``low`` may differ from the letter in lower case only by marks that
    are no word's letters («…» for «...», a bracketed aside's «?» blanked), so the words of
    its pieces are the words of ``written``'s.

    ``keep``: when given, a test of a word that the caller keeps only the hot words passing
    (it drops the others from the answer itself): the longest word of a phrase failing it is
    then not looked for with the rest of its phrase (the answer's words that pass ``keep``
    are the same; issue 11, session 50)."""
    boring = _boring(extra)
    if written is not None:
        pieces = written.difference(boring)
    else:  # (a set: a piece written twice is looked at once; a set difference was slower)
        pieces = {p for p in low.split() if p not in boring}
    hot: set[str] = set()
    seen: set[str] = set()  # the words of the pieces left: every word _is_hot knows
    keys: set[str] = set()
    known = _hot_pieces(extra)
    for piece in pieces:
        info = known.get(piece)
        if info is None:
            info = _hot_piece(piece.lower().replace("ё", "е"), extra)
            if info is None:
                boring.add(piece)
                continue
            known[piece] = info
        words, hot_here, keys_here = info
        hot.update(hot_here)
        keys.update(keys_here)
        seen.update(words)
    for key in keys:
        if key not in hot and (keep is None or keep(key)) and _phrase_in(low, key, seen):
            hot.add(key)
    return hot


def _hot_piece(piece: str, extra: frozenset[str]) -> tuple[tuple[str, ...], ...] | None:
    """What a piece of text (cut at whitespace) holds for :func:`hot_words`: (its words,
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
    return memo_table(_HOT_PIECES, extra, 50_000)


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
    pieces that hold a hot word (:func:`hot_words`); a word :func:`_is_hot` knows is in the
    letter only there, any other is looked for (:func:`has_word`)."""
    for known, plain in _phrase_rest(key):
        if not seen.issuperset(known):
            continue
        for u in plain:  # (a word that is not even a bit of the letter needs no regex)
            if u not in low or not has_word(low, u):
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


def has_word(low: str, word: str) -> bool:
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
    is filled by :func:`hot_words`; emptied when it grows past 200,000 pieces)."""
    return piece_table(_BORING, extra)


#: The last letter lowered by :func:`lowered`: (its text, the answer). The text is kept, so
#: an ``is`` test never meets another string at its address.
_LAST_LOWERED: tuple = ("", "")


def letter_pieces(text: str) -> set[str]:
    """The pieces of ``text`` cut at whitespace (``set(text.split())``), made once per letter
    for the reading windows (:func:`hot_words`), the net
    (:func:`engine.parse_unread_cheap.may_ask_where`) and the typing fixes
    (:func:`engine.textcase.pieces_of`); the set is shared: never change it."""
    return pieces_of(text)


def lowered(text: str) -> str:
    """``text`` in lower case with «е» for «ё» (made once per letter for the reading windows
    and the net)."""
    global _LAST_LOWERED
    last = _LAST_LOWERED
    if last[0] is not text:
        last = _LAST_LOWERED = (text, lower_seen(text).replace("ё", "е"))
    return last[1]


def piece_table(tables: dict, key) -> set[str]:
    """``tables[key]``, the set of text pieces known to hold nothing a cheap test looks for
    under ``key``: a new empty set when there is none or it grew past 200,000 pieces (all
    tables are dropped past 64 keys, so the memory stays bounded)."""
    return memo_table(tables, key, 200_000, set)


def memo_table(tables: dict, key, limit: int, make=dict):
    """``tables[key]``, a table of remembered answers (a roster's, a test's…): a new empty
    one (``make()``) when there is none or it grew past ``limit`` entries; all of
    ``tables`` are dropped past 64 keys, so the memory stays bounded."""
    table = tables.get(key)
    if table is None or len(table) > limit:
        if len(tables) > 64:
            tables.clear()
        table = tables[key] = make()
    return table
