"""«Итого Барон и Ленка»: a two-vote day's vote summary of two bare names (issue 11).

On a day of two votes a player who weighed or corrected his votes often closes with a summary
of the two names and no move word: «Голосую: Кузя и Барон... хотя нет, вместо Кузи Lenka.
Итого Барон и Ленка.», «Добавляю второй голос: Jack. Первый как был — Кузя. Итого Кузя и
Jack.» The summary is the vote he settled on: it is read as the day's votes and, as a
correction would, it replaces the votes read before it (a careful host reads the «итого»).
Read only when the letter spoke of its vote before the summary; otherwise two bare names are
left as they are.
"""

from __future__ import annotations

import re

from .lexicon import lexicon
from .textcase import lower_of
from .words import norm

__all__ = ["vote_summary"]

#: «Итого: X и Y.», «Итого Ёжик в тумане, Кузя» — a sentence of «итого» and two names (one
#: to three words each, the first written with a capital), at a line start or after a
#: sentence's end.
_NAME = r"(?-i:[A-ZА-ЯЁ])[\w.'-]*(?:[ \t]+[^\W\d_][\w.'-]*){0,2}"
_SUMMARY = re.compile(
    r"(?:(?<=\n)|(?<=^)|(?<=[.!?] ))[ \t]*(итого)[ \t]*[:,—–-]?[ \t]*"
    rf"(?=({_NAME})[ \t]*(?:\bи\b|,|\+)[ \t]*({_NAME})[ \t]*[.!]?[ \t]*(?:\n|$))",
    re.IGNORECASE)
#: «Итого: X.» — a sentence of «итого» and one name closing its line (a one-vote day).
_SUMMARY_ONE = re.compile(
    r"(?:(?<=\n)|(?<=^)|(?<=[.!?] ))[ \t]*(итого)[ \t]*[:,—–-]?[ \t]*"
    rf"(?=({_NAME})[ \t]*[.!]?[ \t]*(?:\n|$))", re.IGNORECASE)
#: A word of voting said before the summary.
_VOTE_SAID = re.compile(r"(?i)\b(?:голос\w*|линч\w*|голосую|голосуем)\b")


def vote_summary(text: str, votes: int) -> tuple[str, list[int]]:
    """The letter with a two-vote summary of bare names («Итого Барон и Ленка») said as a
    vote («Итого голоса: Барон и Ленка»), and the offsets of each summary (correction marks:
    the summary replaces the votes read before it, engine.parse_finish).

    Args:
        text: the letter, cleaned (engine.textnorm).
        votes: the day's votes a player (the summary is read only when it is 2).

    Returns:
        The text (unchanged when there is no such summary) and the offsets of the summary
        words in it. Pure."""
    if votes == 1:
        return _one_summary(text)
    if votes != 2:
        return text, []
    return _labelled(text, (m for m in _SUMMARY.finditer(text) if _VOTE_SAID.search(text, 0, m.start(1))
                            and not _move_word(m.group(2), m.group(3))), " голоса: ")


def _labelled(text: str, summaries, label: str) -> tuple[str, list[int]]:
    """``text`` with each match of ``summaries`` (group 1: the summary word, «Итого»)
    followed by ``label`` in place of what it matched after that word, and the offsets of the
    summary words in the new text; ``text`` and [] when there is none."""
    out: list[str] = []
    marks: list[int] = []
    last = 0
    for m in summaries:
        out.append(text[last:m.end(1)])
        marks.append(sum(map(len, out)) - len(m.group(1)))
        out.append(label)
        last = m.end()
    if not marks:
        return text, []
    out.append(text[last:])
    return "".join(out), marks


def _one_summary(text: str) -> tuple[str, list[int]]:
    """:func:`vote_summary` on a one-vote day: «Трибунал — Зорг... хотя нет, Громозека
    шумный. Итого: Громозека.» — one name after «итого», when the last move word before it
    is a word of voting (not «Лечу X… Итого: Y», a summary of another move)."""
    if "тог" not in lower_of(text):
        return text, []
    words = lexicon().words

    def said_of_the_vote(m) -> bool:
        before = [words[w] for w in map(norm, re.findall(r"[^\W\d_]+", text[:m.start(1)]))
                  if w in words]
        return bool(before) and before[-1] == "VOTE" and not _move_word(m.group(2)) and \
            not re.search(r"(?i)\s(?:и|или|да|and|or)\s", m.group(2))
        # (not «Итого Шкаф и Сергей»: two players on a one-vote day)

    return _labelled(text, filter(said_of_the_vote, _SUMMARY_ONE.finditer(text)), " голос: ")


def _move_word(*names: str) -> bool:
    """True when a word of ``names`` is a move word of the lexicon, or the first word of one
    opens a move phrase («Итого: Лечу Бобра, голос Шкаф» is no pair of names)."""
    lex = lexicon()
    for name in names:
        words = [norm(x) for x in re.findall(r"[^\W\d_]+", name)]
        if any(w in lex.words for w in words) or (words and words[0] in lex.by_first):
            return True
    return False
