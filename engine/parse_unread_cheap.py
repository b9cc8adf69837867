"""The safety net's cheap first test (engine.parse_unread, issue 11): which sentences of a
letter :func:`engine.parse_unread.unread` may ask about at all.

A sentence that is a question, quotes somebody, holds a word of talk, names nobody, or holds
no move word and no word of the sender asks nothing; :func:`may_ask` tells that by set
look-ups, and :func:`may_ask_where` finds the few sentences of a long letter worth the test
(pieces of text cut at whitespace, remembered per roster and sender: a sentence with no move
word and no name costs almost nothing). Pure (the tables are caches).
"""

from __future__ import annotations

import bisect
import functools
import re

from .grammar_hot import letter_pieces, piece_table
from .names import name_index
from .parse_types import Ctx
from . import parse_unread_words as W
from .words import person_name, role_words

__all__ = ["cheap_verdict", "may_ask", "may_ask_where", "own_words", "sentence_verdict"]

#: Quotation marks: a sentence holding one reports somebody's words.
_QUOTE_MARK = re.compile("[«»\"“”„]")  # (a C-level search, no set of its characters)


def own_words(ctx: Ctx) -> frozenset[str]:
    """Words that may name the sender as a story's subject: «я», his role's words, the case
    forms of his nick and of its words."""
    return _own_forms(name_index(ctx.nicks), ctx.sender.nick, ctx.sender.role)


def _own_forms(idx, nick: str, role: str) -> frozenset[str]:
    key = (nick, role)
    cache = _OWN.setdefault(id(idx), {})
    if key not in cache:
        out = {w for w, owners in idx.single.items() if nick in owners}
        out |= {w for w, owners in idx.parts.items() if nick in owners}
        out |= {w for w, r in role_words().items() if r == role}
        cache[key] = frozenset(out | {"я"} | W.BY_ME)  # («Мною проверяется X»)
    return cache[key]


#: id(name index) → (nick, role) → the sender's words (an index lives as long as its roster
#: is cached by :func:`engine.names.name_index`)
_OWN: dict[int, dict] = {}


#: A word of a sentence, and a capitalised one after its first (for the cheap test).
_WORD = re.compile(r"\w[\w'-]*")
_CAPITAL = re.compile(r"[\s,(—-]([А-ЯЁA-Z][\w'-]+)")  # (findall: the word; no look-behind)


def may_ask(ctx: Ctx, sentence: str, lower: str, own: frozenset[str]) -> bool:
    """Cheap test first (set look-ups): a sentence that is a question, quotes somebody,
    holds a word of talk (:data:`W.NOT_ORDER`, :data:`W.FORUM`), names nobody (no nick form,
    no capitalised word after its first) or holds no move word and no word of the sender
    (his nick's forms, a pet form of it written with a capital, his role, «я») asks
    nothing."""
    return cheap_verdict(ctx, sentence, lower, own) is True


def cheap_verdict(ctx: Ctx, sentence: str, lower: str, own: frozenset[str]) -> bool | None:
    """:func:`may_ask`'s answer, its no told apart: None when the sentence is a question,
    quotes somebody or holds a word of :data:`W.VETO` (a part of it that word does not touch
    may still ask: :func:`engine.parse_pause.unvetoed`), False when it asks nothing and
    holds no word of :data:`W.VETO` (so no part of it is cut off by one)."""
    if sentence.rstrip().endswith("?") or _QUOTE_MARK.search(sentence):
        return None
    words = set(_WORD.findall(lower))
    if not W.VETO.isdisjoint(words):
        return None
    idx = name_index(ctx.nicks)
    caps = None  # (found only when needed, as in :func:`sentence_verdict`)
    if idx.trigger_forms().isdisjoint(words):
        caps = _CAPITAL.findall(sentence)
        if not caps and not lower_named(idx, words):
            return False
    if _key_words(words, own):
        return True
    if caps is None:
        caps = _CAPITAL.findall(sentence)
    return _sender_pet_form(caps, idx, ctx.sender.nick)


def sentence_verdict(ctx: Ctx, sentence: str, lower: str, own: frozenset[str]) -> bool | None:
    """:func:`cheap_verdict` of a whole sentence of the letter, with the test of names first:
    False for a sentence that names nobody (no capitalised word after its first, no nick
    form) even when it is a question, quotes somebody or holds a word of :data:`W.VETO`.
    No part of such a sentence may ask either (:func:`engine.parse_pause.unvetoed` cuts it
    at a punctuation mark or at a word's start: a part's words are words of the sentence,
    its capitalised words after a space or a mark are the sentence's too), so the net
    leaves it at once, with no look for a part.

    (The words stay a list: every test of them is a set's ``isdisjoint`` or a pure test of
    each word, so a word written twice changes no answer, and no set is made a sentence.
    The capitalised words are found only when an answer needs them: a sentence with a nick
    form names somebody whatever its capitals, and one with a word of the sender or a move
    word asks without a look at them.)"""
    words = _WORD.findall(lower)
    idx = name_index(ctx.nicks)
    caps = None
    if idx.trigger_forms().isdisjoint(words):
        caps = _CAPITAL.findall(sentence)
        if not caps and not lower_named(idx, words):
            return False
    if sentence.rstrip().endswith("?") or _QUOTE_MARK.search(sentence) or \
            not W.VETO.isdisjoint(words):
        return None
    if tally(sentence):
        return False  # «Zorro — 3 (Белочка, Лис, Совёнок)»: the thread's count of votes
    if _key_words(words, own):
        return True
    if caps is None:
        caps = _CAPITAL.findall(sentence)
    return _sender_pet_form(caps, idx, ctx.sender.nick)


#: A tally line of the thread's votes: a nick, a dash or colon, a count, the voters in
#: brackets or nothing («Лёха — 5 (Джокер, Zorro, Марта)», «Шляпник: 3»).
TALLY = re.compile(r"\s*[^\W\d][^—–:()\n]{0,40}?\s[—–:-]\s*\d{1,2}\s*(?:\([^()]*\)?\s*)?[.;]?\s*$")


def tally(sentence: str) -> bool:
    """``TALLY.match(sentence) is not None``: every match holds a dash or a colon between
    the nick and the count, so a sentence with none of them (most sentences of talk) is
    told by four C-level ``in`` tests, not by the pattern's lazy try of up to 40 lengths."""
    return ("—" in sentence or "–" in sentence or ":" in sentence or "-" in sentence) and \
        TALLY.match(sentence) is not None


def lower_named(idx, words) -> bool:
    """True when one of ``words`` (lower case, as written) is a first name, surname or
    patronymic written small that is a name form of a player («переезжаю лёху», «закатываю
    серегу»): a writer who types no capitals names players so (never a fuzzy guess; a common
    noun such as «ёж» stays the dictionary's, and a word no dictionary knows is left out: «сижу
    у доба» is chatter more often than a name)."""
    for w in words:
        if len(w) > 2 and w.isalpha() and person_name(w):
            hit = idx.approximate(w)
            if hit is not None and hit.kind != "fuzzy":
                return True
    return False


def _key_words(words, own: frozenset[str]) -> bool:
    """True when ``words`` (lower case) hold a word of the sender (``own``), a move word or
    a noun whose second reading is a first-person verb («душу»: :func:`W.first_read_second`) or a
    word no dictionary knows guessed as one («шкерю»: :func:`W.unknown_first`)."""
    return not own.isdisjoint(words) or any(map(W.move_word, words)) or \
        any(map(W.first_read_second, words)) or any(map(W.unknown_first, words))


def _sender_pet_form(caps: list[str], idx, nick: str) -> bool:
    """True when one of the capitalised words ``caps`` is a pet form of ``nick`` that is no
    case form of any nick («Енотик», «Лисичка»; never a fuzzy guess of another player)."""
    for c in caps:
        w = c.lower().replace("ё", "е")
        if len(w) > 3 and w.isalpha() and w not in idx.single:
            near = idx.approximate(w)
            if near is not None and near.nick == nick:
                return True
    return False


def may_ask_where(ctx: Ctx, visible: str, lower: str, spans: list[tuple[int, int]],
                   own: frozenset[str], idx) -> list[int]:
    """The indices (in order) of the sentences ``spans`` that :func:`may_ask` may pass: those
    holding a word of the sender (``own``), a move word (:func:`W.move_word`) or a
    capitalised pet form of the sender; every other sentence it surely fails (issue 11: a
    sentence with no move word and no name costs almost nothing). Cheap: the letter is cut
    at whitespace (C ``str.split``) and the pieces seen before to hold no such word are
    dropped by one set difference (:func:`_plain_pieces`); the places of the others are
    found by ``str.find`` (a superset: :func:`may_ask` decides)."""
    if len(spans) <= 4 or len(lower) != len(visible):  # (a short letter: each is tried)
        return list(range(len(spans)))
    plain = _plain_pieces(idx, ctx.sender.nick, own)
    keyed = piece_table(_KEYED, (idx.nicks, ctx.sender.nick, own))
    found: list[int] = []
    size = len(visible)
    for piece in letter_pieces(visible).difference(plain):
        if piece not in keyed:
            if not _key_piece(piece, own, idx, ctx.sender.nick):
                plain.add(piece)
                continue
            keyed.add(piece)
        if len(piece) <= _SHORT and visible.count(piece) > _MANY:
            # («я» is a bit of many words: one C-level search, not a stop at each)
            found.extend(m.start() for m in alone_pattern(piece).finditer(visible))
            continue
        at = visible.find(piece)
        while at >= 0:  # (the piece itself: whitespace or an end on both sides)
            end = at + len(piece)
            if (at == 0 or visible[at - 1].isspace()) and \
                    (end == size or visible[end].isspace()):
                found.append(at)
            at = visible.find(piece, end)
    if not found:
        return []
    starts = [lo for lo, _ in spans]
    out: set[int] = set()
    for at in found:
        n = bisect.bisect_right(starts, at) - 1
        if n >= 0 and at < spans[n][1]:
            out.add(n)
    return sorted(out)


#: Pieces this long or shorter written more than :data:`_MANY` times (mostly as a bit of
#: other words) are found by :func:`alone_pattern`: ``str.find`` would stop at each.
_SHORT, _MANY = 3, 8


@functools.lru_cache(maxsize=4096)
def alone_pattern(piece: str) -> re.Pattern:
    """``piece`` with whitespace or an end of the text on both sides (as ``str.split`` cuts
    pieces: ``\\s`` and ``str.isspace`` are the same characters). The literal comes first, so
    the search skips along at C speed; the look-behind checks the character before it."""
    p = re.escape(piece)
    return re.compile(rf"{p}(?<!\S{p})(?!\S)")


#: :data:`_CAPITAL` in a piece of text cut at whitespace (its start counts as after a space).
_PIECE_CAPITAL = re.compile(r"(?:^|(?<=[,(—-]))[А-ЯЁA-Z][\w'-]+")


def _key_piece(piece: str, own: frozenset[str], idx, nick: str) -> bool:
    """True when a piece of the letter (cut at whitespace, as written) holds a word
    :func:`may_ask` asks on: a word of ``own``, a move word, or a capitalised word that is
    a pet form of ``nick`` (the same tests, in the same order)."""
    words = _WORD.findall(piece.lower().replace("ё", "е"))
    return _key_words(words, own) or _sender_pet_form(_PIECE_CAPITAL.findall(piece), idx, nick)


#: (roster, sender, his words) → the pieces of text known to hold no word of
#: :func:`_key_piece` (a pure function of the piece and the key).
_PLAIN: dict[tuple, set[str]] = {}


#: The same key → the pieces known to hold such a word (:func:`_key_piece` is asked of a
#: piece once, not in every letter it is written in).
_KEYED: dict[tuple, set[str]] = {}


def _plain_pieces(idx, nick: str, own: frozenset[str]) -> set[str]:
    """The pieces known to hold no word :func:`may_ask` asks on, for the sender ``nick``
    with words ``own`` on the roster of ``idx`` (emptied past 64 keys or 200,000 pieces)."""
    return piece_table(_PLAIN, (idx.nicks, nick, own))
