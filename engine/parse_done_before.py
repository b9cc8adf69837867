"""Players told as done before today's one (issue 11, engine.parse_move): «Ищу комиссара:
Сороку уже смотрела, Корзинкина тоже, сегодня — Валентина Петровна», «Проверяю: Лося вчера
проверял, а сегодня Бобра».

The first name after the move word is followed by a verb in the past tense beside «уже»,
«вчера» or «раньше»: that player is one the sender already took on an earlier turn, told as
the way to today's; more players may be added to him («Корзинкина тоже», «и Бобра»). A word of
today («сегодня», «теперь», «а сегодня») then opens the name the move goes to. Without such a
word nothing is changed here (the sentence may be the move told with a remark).
"""

from __future__ import annotations

from .grammar_tokens import Tok
from .words import is_known_word, morph

#: Words that put a past-tense verb on an earlier turn («уже смотрела», «проверял вчера»).
_EARLIER = frozenset({"уже", "вчера", "позавчера", "раньше", "ранее", "прежде"})

#: Words that may stand between the name and the past-tense verb besides those of
#: :data:`_EARLIER` («Сороку я уже смотрела», «Лося ведь вчера проверял»).
_BETWEEN = frozenset({"я", "ведь", "же", "и", "тоже", "прошлой", "ночью", "в", "прошлый", "раз"})

#: Words of today that open the name the move goes to («…, сегодня — X», «а теперь X»).
_TODAY = frozenset({"сегодня", "теперь", "нынче", "сейчас"})

#: Words that may stand after the word of today before the name («сегодня же —», «сегодня
#: ищу у»: the move word said again is passed by the target reader).
_MARKS = frozenset({",", "—", "-", "–", ":", "же", "очередь", "на", "очереди"})


def _past(word: str) -> bool:
    """True when ``word``'s likeliest reading is a dictionary verb in the past tense."""
    if not is_known_word(word):
        return False
    tag = morph().parse(word)[0].tag
    return tag.POS == "VERB" and "past" in tag


def done_before_end(clause: list[Tok], k: int, hi: int) -> int | None:
    """The index after «уже <verb in the past>» (:data:`_EARLIER` beside the verb, either
    side, words of :data:`_BETWEEN` allowed) right after the name that ends at token ``k``
    («Сороку уже смотрела», «Лося вчера проверял»); None when the words after the name say
    no such thing. (A comma between them is no such statement: «Голос Лосю, уже говорила
    почему» is a remark.)"""
    n, earlier, past = k, False, False
    while n < hi and clause[n].word and n < k + 4:
        w = clause[n].w
        if w in _EARLIER:
            earlier = True
        elif not past and _past(w):
            past = True
        elif w not in _BETWEEN:
            break
        n += 1
    return n if earlier and past else None


def today_after(clause: list[Tok], k: int, hi: int) -> int | None:
    """The index of the first word after a word of today (:data:`_TODAY`, with «а» before it)
    that follows, at most eight tokens after ``k``, the players told as done («, Корзинкина
    тоже, сегодня — X»): where today's target is named. None when no word of today follows
    before the clause ends."""
    for n in range(k, min(hi, k + 9)):
        if clause[n].w in _TODAY and (n == k or not clause[n - 1].word or
                                      clause[n - 1].w == "а" or clause[n - 1].w in _MARKS):
            m = n + 1
            while m < hi and clause[m].w in _MARKS:
                m += 1
            return m if m < hi else None
    return None


__all__ = ["done_before_end", "today_after"]
