"""Another player's words quoted from the thread after a verb of saying or writing (issue
11): «Барон на форуме уже всех расписал: «Гризли — маф, Кот — маф»», «сама же написала в
теме «моя мо в лису!!!!»». What stands inside such quotes is reported speech, no order of
the sender's, however its sentences are cut (a «!» inside the quote ends a sentence before
the closing mark, so the test is on the letter's text, not on one clause's tokens).
"""

from __future__ import annotations

import re

#: Verbs of saying and writing told of somebody (third person or the past tense), before the
#: opening quote: «написала», «пишет», «расписал», «сказал», «заявил», «кричит».
_SAID = re.compile(
    r"(?<![\w-])(?:на|рас|от|вы)?(?:писал[аи]?|пишет|пишут|сказал[аи]?|говорит|говорят|"
    r"говорил[аи]?|заявил[аи]?|заявляет|кричит|кричал[аи]?|орёт|орет|орал[аи]?|"
    r"утверждает|утверждал[аи]?|объявил[аи]?|выдал[аи]?|спросил[аи]?|ответил[аи]?)(?![\w-])")

#: The thread the words were posted in («на форуме», «в теме», «в ветке», «в чате»): a
#: public post, never a night order of the sender's (a move dictated to whoever types the
#: letter, «Дед сказал написать так: «…»», is his order and stays read).
_FORUM = re.compile(
    r"(?<![\w-])(?:форум\w*|тем[еуа]|ветк\w*|чат\w*|тред\w*|пост\w*|топик\w*)(?![\w-])")

#: The sender himself before the quote («я на форуме написал «…»»): his own words, not
#: somebody else's.
_I = re.compile(r"(?<![\w-])я(?![\w-])")

_OPEN = "«“„"
_CLOSE = "»”"


def in_reported_quote(text: str, pos: int) -> bool:
    """True when offset ``pos`` of ``text`` stands inside quotes opened and closed on its
    line, holding two words or more, and the part of the sentence before the opening mark
    has a verb of saying or writing (:data:`_SAID`) and the thread it was said in
    (:data:`_FORUM`), with no «я»: another player's post reported, no move."""
    lo = text.rfind("\n", 0, pos) + 1
    hi = text.find("\n", pos)
    hi = len(text) if hi < 0 else hi
    opened = max(text.rfind(c, lo, pos) for c in _OPEN)
    if opened < 0 or any(text.find(c, opened, pos) >= 0 for c in _CLOSE):
        return False
    closed = min((k for c in _CLOSE if (k := text.find(c, pos, hi)) >= 0), default=-1)
    if closed < 0 or len(re.findall(r"\w+", text[opened:closed])) < 2:
        return False
    start = max(text.rfind(c, lo, opened) for c in ".!?…") + 1
    before = text[max(start, lo):opened].lower()
    return _SAID.search(before) is not None and _FORUM.search(before) is not None and \
        _I.search(before) is None
