"""A radio operator's sign-off «Отбой» closing a letter written in radio style (issue 11).

Radio talk ends a message with «Приём» (over) or «Отбой» / «Конец связи» (out). In a letter
that speaks so elsewhere («Сокол-7 на связи», «Приём», «Как слышно?», «Конец связи»), a last
line holding nothing but the sign-off («ОТБОЙ», «Отбой, конец связи.») ends the message and
takes no move back; it is blanked (spaces of the same length, so every span stays where it
was). Without another radio mark in the letter «Отбой.» stays a word that may take the move
before it back. Pure.
"""

from __future__ import annotations

import re

from .textcase import lower_of

__all__ = ["RADIO_MARKS", "radio_signoff_blanked"]

#: Marks of radio talk elsewhere in the letter.
_RADIO = re.compile(r"(?i)(?<!\w)(?:на\s+связи|конец\s+связи|как\s+(?:слышно|слышите|понял[и]?)|"
                    r"связь\s+(?:окончена|кончаю|заканчиваю)|позывной|при[её]м(?=\s*[.!]*\s*$))",
                    re.M)

#: The marks of radio talk, for a call line's test (engine.textnorm_callsign).
RADIO_MARKS = _RADIO

#: The last line of sign-off words alone (group 1: the whole line).
_LAST = re.compile(r"(?i)(?:^|\n)([ \t]*(?:(?:отбой|конец\s+связи|при[её]м|связь\s+окончена)"
                   r"[ \t]*[.!,—–-]*[ \t]*)+)\s*\Z")


def radio_signoff_blanked(text: str) -> str:
    """``text`` with a closing radio «Отбой» line blanked (see the module's doc)."""
    if "тбой" not in lower_of(text):  # (the cheap test: «Отбой», «ОТБОЙ», «отбой»)
        return text
    m = _LAST.search(text)
    if m is None or "отбой" not in m.group(1).lower():
        return text
    line, before = m.group(1), text[:m.start(1)]
    if not before.strip() or (_RADIO.search(before) is None and _RADIO.search(line) is None):
        return text  # (a letter of «Отбой» alone takes back the earlier one)
    return before + " " * len(line) + text[m.end(1):]
