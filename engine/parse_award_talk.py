"""A nomination told as joining the forum's game on a «Парадокс» day (issue 11).

On «Парадокс» the players vote by awarding the prize «Лучший из лучших»; a letter that
first tells how everyone on the forum awards everyone («на форуме все друг друга
награждают») and then says «я тоже номинирую X» may report the sender's own part in that
game on the forum, or give his vote by letter: asked, unless the sentence calls it his vote
(«это мой голос», «считать голосом»).
"""

from __future__ import annotations

import re

from .grammar_tokens import Tok

#: Places of the forum's talk («на форуме», «в ветке», «в теме», «в чате»).
_FORUM = re.compile(r"\b(?:форум|ветк|ветке|теме|тему|чат)\w*", re.I)

#: Stems of awarding told of the others («награждают», «номинируют», «вручают премии»).
_AWARDING = re.compile(r"\b(?:награ[дж]|номинир|вруча|вручи|присужд|прем)\w*", re.I)

#: Words that make the nomination the vote itself («это мой голос», «считать голосом»).
_VOTE = re.compile(r"\b(?:голос\w*|линч\w*)", re.I)


def joins_forum_game(text: str, clause: list[Tok]) -> bool:
    """True when ``clause`` (of the letter ``text``) holds «тоже» and an earlier sentence of
    the letter tells of awarding on the forum (:data:`_FORUM` and :data:`_AWARDING` in one
    sentence), and the clause's sentence names no vote (:data:`_VOTE`)."""
    if not clause or not any(t.w == "тоже" for t in clause):
        return False
    before = text[:clause[0].start]
    if not any(_FORUM.search(s) and _AWARDING.search(s)
               for s in re.split(r"[.!?\n]+", before)):
        return False
    end = re.search(r"[.!?\n]", text[clause[-1].end:])
    rest = text[clause[0].start:clause[-1].end + (end.start() if end else len(text))]
    return not _VOTE.search(rest)
