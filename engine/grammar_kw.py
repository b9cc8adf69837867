"""The keyword value type of the order grammar (issue 3): :class:`Kw`, a verb class of
:mod:`engine.grammar_vocab` found over a token range of a clause, with what qualifies it.
Found by :func:`engine.grammar_keywords.find_keywords` (which re-exports it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Kw:
    """A keyword found at tokens ``[i, j)`` of a clause."""

    cls: str
    i: int
    j: int
    negated: bool = False
    weak: bool = False
    reported: bool = False  # a noun right after «что»: chatter if a predicate follows
    withdraw: bool = False  # «снимаю голос с X»
    hypothetical: bool | str = False  # after «если», «может», «завтра»; "hedged": «а может …» after
    alt: str | None = None  # the other class of two merged keywords («на страх голосую»)
    imperative: bool = False  # «Вылечи Маруську»: a request, asked about, never applied
    today: bool = False  # the swindler's «Сегодня — X»: his swindle only beside branches
    own: bool = False  # «Сёма зовёт Пепла» from Сёма: his own move told in the third person

