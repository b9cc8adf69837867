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

__all__ = ["vote_summary"]

#: «Итого: X и Y.», «Итак, X, Y» — a sentence of a summary word and two names (one to three
#: words each, no digits-only word), at a line start or after a sentence's end.
_SUMMARY = re.compile(
    r"(?:(?<=\n)|(?<=^)|(?<=[.!?] ))[ \t]*(итого|итак)[ \t]*[:,—–-]?[ \t]*"
    r"(?=(?:[^\W\d_][\w.'-]*[ \t]*){1,3}(?:и|,|\+)[ \t]*(?:[^\W\d_][\w.'-]*[ \t]*){1,3}"
    r"[.!]?[ \t]*(?:\n|$))",
    re.IGNORECASE)
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
    if votes != 2:
        return text, []
    out: list[str] = []
    marks: list[int] = []
    last = 0
    for m in _SUMMARY.finditer(text):
        if not _VOTE_SAID.search(text, 0, m.start(1)):
            continue
        out.append(text[last:m.end(1)])
        marks.append(sum(map(len, out)) - len(m.group(1)))
        out.append(" голоса: ")
        last = m.end()
    if not marks:
        return text, []
    out.append(text[last:])
    return "".join(out), marks
