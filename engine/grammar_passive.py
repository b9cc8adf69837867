"""The sender's move said in the passive voice (issue 11): «Мною проверяется Тётя Мотя»,
«Охраняемым мной сегодня будет Бобёр», «Кузя будет вылечен мной».

A passive form of a move verb in the present (a passive participle, or a reflexive
third-person verb: «проверяется», :func:`engine.parse_unread_words.passive_class`) with
«мной»/«мною» as its agent beside it is the sender's own move of that verb's class; the
player is the grammatical subject, named before or after.
A past participle counts only with «будет» («будет вылечен мной»: «вылечен мной» alone may be
yesterday's, told); a sentence of the past («вчера», «был») is a story, no move.
"""

from __future__ import annotations

from . import parse_unread_words as W
from .grammar_keywords import Kw
from .grammar_tokens import Tok

#: The sender as the agent («мною проверяется X»).
_BY_ME = frozenset({"мной", "мною"})
#: Prepositions that make «мной» no agent («со мной», «за мной», «подо мной»).
_WITH = frozenset({"с", "со", "за", "перед", "передо", "над", "надо", "под", "подо", "между"})
#: Words of the future passive («будет проверен», «станет охраняемым»).
_WILL = frozenset({"будет", "будут", "станет", "станут"})
#: Words that make the sentence a story of the past.
_PAST = frozenset({"вчера", "позавчера", "был", "была", "было", "были", "оказался",
                   "оказалась", "уже"})
#: Words that may stand between the passive word and the player after it.
_GAP = frozenset({"мной", "мною", "сегодня", "нынче", "этой", "ночью", "будет", "будут",
                  "станет", "—", "–", "-", ":"})
#: How far the agent may stand from the passive word.
_NEAR = 3


def passive_own(clause: list[Tok], start: int) -> list[Kw]:
    """A keyword for the passive move word of ``clause`` (from token ``start``) whose agent
    is the sender («мной»), as :func:`engine.grammar_keywords.find_keywords` gives one for
    an active verb: ``[i, j)`` from «будет» before it (the player named first is read back)
    to the player after it; an empty list when there is none."""
    words = [t.w for t in clause]
    agents = [a for a in range(start, len(clause)) if words[a] in _BY_ME and
              (a == 0 or words[a - 1] not in _WITH)]
    if not agents or not _PAST.isdisjoint(words):
        return []
    will = not _WILL.isdisjoint(words)
    for a in agents:
        for p in range(max(start, a - _NEAR), min(len(clause), a + _NEAR + 1)):
            if p == a or not clause[p].word:
                continue
            cls = W.passive_class(words[p]) or (will and W.past_passive_class(words[p]))
            if not cls:
                continue
            i = p - 1 if p > start and words[p - 1] in _WILL else p
            j = p + 1
            while j < len(clause) and words[j] in _GAP:
                j += 1
            return [Kw(cls, i, j)]
    return []
