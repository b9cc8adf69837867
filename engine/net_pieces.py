"""What a sentence's tokens surely hold, told from its pieces without making the tokens
(issue 11: the nets' speed on long chatter letters).

The nets of :mod:`engine.parse_unread` leave many sentences of chatter at their first look
at the tokens: a word of talk that names nobody («Не понимаю логику X: …», «… тянуть
больше нельзя»), or a word that makes the whole sentence talk («Смотрите, как X …»). To
see that word they cut the sentence into tokens (:func:`engine.grammar_tokens.tokenize_span`)
and join the words of multi-word nicknames (:meth:`engine.names_match.NameIndex.merge`),
which costs more than all the rest of the look. :func:`holds_word` tells the same from the
sentence's pieces (cut at whitespace), each piece's answer remembered per roster and test:

- a token never spans whitespace (but a line break, a token of no piece), so the tokens of
  a sentence are the tokens of its pieces, one piece after the other, each piece's cut by
  the same pattern with the same normalised words (:data:`_TOKEN_TEXT`,
  :func:`_word_form`);
- the merge leaves every token as it is when no word of the sentence is a word a join
  starts or goes on at (a first or last word of a multi-word nick, initials, a word with
  «_», a nick's first half in lower case), no word of one letter has a dot right after it,
  and the roster spells no name and patronymic by initials (see
  :func:`engine.names_merge.merge_tokens`: its every join needs one of them);
- a line is not in capitals (:data:`_SHOUT`): the words keep the capital they are
  written with.

So a word of a piece that passes the caller's test is a word token of the sentence's merged
tokens, with its normalised text and capital. The answer is True only when sure; False
sends the caller the old way (the tokens made). Pure (the tables are caches).
"""

from __future__ import annotations

from typing import Callable

from .grammar_hot import memo_table
from .grammar_tokens import _SHOUT, _TOKEN_TEXT, _WORD_FORMS, Tok, _word_form, tokenize_span

#: A piece's facts: a word of it may start or go on with a join of the merge.
_JOINS = 1
#: A piece's facts: a word of it passes the test.
_HIT = 2

#: (roster, test's name) → piece → its facts (:func:`_facts`): pure functions of the
#: piece for the roster's index and the test, remembered (emptied past 64 keys, a table
#: past 200,000 pieces).
_TABLES: dict[tuple, dict[str, int]] = {}


def holds_word(idx, visible: str, lo: int, hi: int, name: str,
               test: Callable[[str, bool], bool]) -> bool:
    """True when the merged tokens of ``visible[lo:hi]``
    (``idx.merge(tokenize_span(visible, lo, hi))``; the tokenizer's pattern looks at no
    character outside the span, so its tokens are those of ``visible[lo:hi]``'s pieces)
    surely hold a word token whose normalised text ``w`` and capital ``cap`` pass
    ``test(w, cap)``; False when none does or unsure.

    ``test`` must be a pure function of its two arguments and of the roster of ``idx``
    (its answers are remembered per piece of text under ``name``)."""
    if idx.spelled or _SHOUT.search(visible, lo, hi):
        return False  # (a name and patronymic spelt: the merge may join any two words)
    table = memo_table(_TABLES, (idx.nicks, name), 200_000)
    found = False
    for piece in visible[lo:hi].split():
        facts = table.get(piece)
        if facts is None:
            facts = table[piece] = _facts(idx, piece, test)
        if facts & _JOINS:
            return False
        if facts & _HIT:
            found = True
    return found


def _facts(idx, piece: str, test: Callable[[str, bool], bool]) -> int:
    """:data:`_JOINS` and :data:`_HIT` of a piece of text (cut at whitespace): its tokens as
    :func:`engine.grammar_tokens.tokenize_span` cuts them (a word: remembered as one, or
    opening with a letter, a digit or «_»)."""
    out = 0
    letter = False  # (the token before was a word of one letter)
    for raw in _TOKEN_TEXT.findall(piece):
        form = _WORD_FORMS.get(raw)
        if form is None and (raw[0].isalnum() or raw[0] == "_"):
            form = _word_form(raw)
        if form is None:  # (punctuation)
            if letter and raw == ".":
                out |= _JOINS  # «Т.П.»: initials (any words of one letter and a dot)
            letter = False
            continue
        w, cap = form
        letter = len(w) == 1
        if w in idx.multi_first or w in idx.multi_last or "_" in w or w in idx.initials or \
                (w in idx.heads and not cap):
            out |= _JOINS
        elif not w[:1].isdigit() and w[:1] != "\x00" and test(w, cap):
            out |= _HIT
    return out


#: roster → piece → (a word of it may start or go on with a join, its tokens): pure
#: functions of the piece for the roster's index, remembered (emptied past 64 rosters, a
#: table past 50,000 pieces: tokens weigh more than a flag).
_TOKENS: dict[tuple, dict[str, tuple[bool, tuple[Tok, ...]]]] = {}


def plain_tokens(idx, visible: str, lo: int, hi: int) -> list[Tok] | None:
    """The merged tokens of ``visible[lo:hi]`` as :func:`holds_word` reads them, for a test
    that looks at their words, kinds and capitals only (``w``, ``word``, ``cap``: the
    same, in the same order, as ``idx.merge(tokenize_span(visible, lo, hi))``'s); their
    offsets, text and quotes are each piece's own, never the letter's. None when unsure
    (the merge may join words, a line is in capitals): the caller makes the tokens."""
    if idx.spelled or _SHOUT.search(visible, lo, hi):
        return None
    table = memo_table(_TOKENS, idx.nicks, 50_000)
    out: list[Tok] = []
    for piece in visible[lo:hi].split():
        kept = table.get(piece)
        if kept is None:
            toks = tuple(tokenize_span(piece, 0, len(piece)))
            kept = table[piece] = (bool(_facts(idx, piece, _never) & _JOINS), toks)
        if kept[0]:
            return None
        out.extend(kept[1])
    return out


def _never(w: str, cap: bool) -> bool:
    return False
