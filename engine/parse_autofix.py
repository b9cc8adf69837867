"""Messenger-style corrections of the line before (issue 11, phone letters).

A phone's autocorrect garbles a word («шизу кота», «молчу Тыкву», «линч дурдом») and the
writer fixes it on the next line the way messengers taught everybody: «*шизю», «*мочу блин
автозамена», «упс автозамена, дерден имел в виду». A host puts the new word in place of the
word of the line before that it resembles and reads that line again. :func:`messenger_fixes`
does so on a window's tokens: each word of the correction line (remark words aside) takes
the place of the word of the line before closest to it by edit distance, and the correction
line itself is no longer read. When a word resembles two words equally, or none closely
enough, nothing is replaced and both lines are read as written (precision first).
"""

from __future__ import annotations

from operator import attrgetter

from . import grammar_vocab as V
from .grammar_tokens import Tok

#: Words of a remark about the garbled word, never the new word itself.
_REMARK = frozenset({
    "автозамена", "автозаменa", "автокоррекция", "автоисправление", "т9", "упс", "ой", "блин",
    "сорян", "сори", "сорри", "sorry", "пардон", "имел", "имела", "в", "виду", "то", "есть",
    "конечно", "же", "опечатка", "опечатался", "опечаталась", "телефон", "тупит", "дурацкая",
    "дурацкий", "ааа", "аа", "ну", "тьфу", "извините", "простите", "исправляю",
}) | V.CORRECTION_WORDS
#: Words that say the line is a correction of a garbled word.
_SAYS_FIX = frozenset({"автозамена", "автокоррекция", "автоисправление", "т9"})
#: Tokens one of which a window with a correction line holds (a C-level test for the rest).
_OPENERS = _SAYS_FIX | {"*", "виду"}
_W = attrgetter("w")  # a token's normalised text
#: At most this many new words on a correction line.
_MOST = 3


def messenger_fixes(toks: list[Tok]) -> list[Tok]:
    """``toks`` (one window of the letter) with each correction line applied to the line
    before it (see the module's text): the garbled words' normalised forms replaced (their
    places kept), the correction line's tokens dropped. The same list when none applied."""
    if _OPENERS.isdisjoint(map(_W, toks)):
        return toks  # the common case
    lines = _lines(toks)
    out = list(toks)
    dropped: set[int] = set()
    for n in range(1, len(lines)):
        prev = next((lines[m] for m in range(n - 1, -1, -1)
                     if any(toks[k].word for k in lines[m]) and not dropped.issuperset(lines[m])),
                    None)
        if prev is None:
            continue
        new = _new_words(toks, lines[n])
        if new is None:
            continue
        fixes = _placed(out, prev, new)
        if not fixes:
            continue
        for k, t in fixes.items():
            out[k] = out[k]._replace(w=t.w, cap=t.cap or out[k].cap)
        dropped.update(lines[n])
    if not dropped:
        return toks
    return [t for k, t in enumerate(out) if k not in dropped]


def _lines(toks: list[Tok]) -> list[list[int]]:
    """Token indices line by line (the line ends themselves belong to no line)."""
    lines: list[list[int]] = [[]]
    for k, t in enumerate(toks):
        if t.w == "\n":
            lines.append([])
        else:
            lines[-1].append(k)
    return [line for line in lines if line]


def _new_words(toks: list[Tok], line: list[int]) -> list[int] | None:
    """The new words of a correction line (indices), or None when the line is none: it opens
    with «*» glued to a word («*шизю»), or holds «автозамена», «т9», «имел в виду»."""
    words = [toks[k].w for k in line if toks[k].word]
    first = toks[line[0]]
    starred = first.w == "*" and len(line) > 1 and toks[line[1]].word and \
        toks[line[1]].start == first.end
    meant = any(words[k:k + 3] in (["имел", "в", "виду"], ["имела", "в", "виду"])
                for k in range(len(words)))
    if not (starred or meant or not _SAYS_FIX.isdisjoint(words)):
        return None
    new = [k for k in line if toks[k].word and toks[k].w not in _REMARK]
    if not new or len(new) > _MOST:
        return None
    return new


def _placed(toks: list[Tok], prev: list[int], new: list[int]) -> dict[int, Tok]:
    """Which words of the line before (indices) the new words replace: each new word the
    one word it is closest to by edit distance, close enough (at most half the longer word's
    letters, two at least) and closer than any other; a new word written there as it is
    replaces nothing. Empty when a new word has no such place or nothing would change."""
    from rapidfuzz.distance import Levenshtein  # (only a correction line needs it)

    fixes: dict[int, Tok] = {}
    old = [k for k in prev if toks[k].word]
    for k in new:
        w = toks[k].w
        if any(toks[m].w == w for m in old):
            continue  # («сорян автозамена. бью сыча»: the move word written again)
        scored = sorted((Levenshtein.distance(w, toks[m].w), m) for m in old if m not in fixes)
        if not scored:
            return {}
        best, m = scored[0]
        if best > max(2, max(len(w), len(toks[m].w)) // 2) or \
                (len(scored) > 1 and scored[1][0] == best):
            return {}
        fixes[m] = toks[k]
    return fixes
