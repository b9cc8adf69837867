"""The holiday mortar told around its noun, written out as the plain shot the parser reads
(issue 11, DECISIONS.md §6.11).

Only in the letter of today's mortar holder (the «Праздник» event) and only after the letter
has named the mortar («миномёт»):

- a participle aside after the noun: «Миномёт, подаренный мне к празднику, направляю на X»
  → «Миномёт направляю на X» (the aside held the noun away from its verb);
- the mortar as a pronoun after a verb of aiming or using it: «…мне вручён миномёт.
  Применяю его этой ночью по X», «навёл его прямо на X» → «Применяю миномёт …», «навёл
  миномёт …» (a pronoun object of these verbs, with the mortar named before it, is the
  mortar: nothing else is aimed or applied «по X»);
- the place of the target after «на»/«по»: «на дом X», «по хате X» → «на X», «по X».

Everybody else's letter, and a letter with no mortar noun, is left as it is. Pure; the
length of the text may change.
"""

from __future__ import annotations

import re

from .grammar_rules import Actor
from .model import TurnInfo

__all__ = ["mortar_story_fixed"]

#: The mortar's noun in any case («миномёт», «миномёта», «миномётом»).
_NOUN = re.compile(r"(?i)(?<!\w)мином[её]т\w*")

#: «Миномёт, подаренный мне к празднику, …»: an aside opened by a participle after the noun.
_ASIDE = re.compile(
    r"(?i)((?<!\w)мином[её]т\w*)\s*,\s*(?:\w+(?:нный|нная|нное|енный|ённый|тый|вший|вшийся|"
    r"щийся|нн\w)\b)[^,.!?\n]{0,50},\s*")

#: A verb of aiming or using a weapon, then «его»: the mortar as a pronoun («Применяю его»,
#: «навёл его», «направлю его»).
_AIMS_IT = re.compile(
    r"(?i)((?<!\w)(?:примен\w*|направ\w*|навож\w*|навод\w*|навед\w*|нав[её]л\w*|нацел\w*|"
    r"использу\w*|использова\w*|задейству\w*|разряж\w*|разряд\w*|пуска\w*|пущу)\s+)"
    r"(?:его|него)(?!\w)(?=(?:\s+[^\s.!?]+){0,4}?\s+(?:на|по|в)\s)")

#: «на дом X», «по хате X»: the place of the target after the preposition of the shot.
_PLACE = re.compile(
    r"(?i)((?<!\w)мином[её]т\w*(?:\s+[^\s.!?\n]+){0,4}?\s+(?:на|по))\s+"
    r"(?:дом|дому|хату|хате|избу|избе|крышу|крыше|окна|окнам|двор|двору|жилище|жилищу)\s+")


def mortar_story_fixed(text: str, actor: Actor | None, turn: TurnInfo) -> str:
    """``text`` with the phrases of the module's docstring written out when ``actor`` holds
    today's mortar; otherwise ``text`` unchanged."""
    if actor is None or turn.event != "holiday" or turn.mortar != actor.nick:
        return text
    first = _NOUN.search(text)
    if first is None:
        return text
    text = _ASIDE.sub(r"\1 ", text)
    first = _NOUN.search(text)
    head, tail = text[:first.end()], text[first.end():]
    tail = _AIMS_IT.sub(r"\1миномёт", tail)
    text = _PLACE.sub(r"\1 ", head + tail)
    return text
