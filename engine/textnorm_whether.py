"""The fan's search told as an indirect question (issue 11): «ищу, не X ли детектив».

A fan (or a swindler's fan branch) may name the player she searches at as the one she
wonders about: «ищу, не Треплев ли детектив», «ищу детектива, смотрю, не Сыч ли он». The
particle «ли» after «не X» asks whether X is the detective: X is where she looks. The phrase
is written in the plain form «ищу детектива — X» (:func:`whether_searched`), which the
parser reads as the search. Pure; the length may change.
"""

from __future__ import annotations

import re

from .textcase import lower_of

__all__ = ["whether_searched"]

_SEARCH = r"(?:ищу|поищу|ищем|поищем|разыскиваю)"
_ROLE = r"(?:детектива|комиссара|сыщика)"
_ROLE_NOM = r"(?:детектив|комиссар|сыщик)"
_LOOK = r"(?:смотрю|гляжу|гляну|погляжу|проверяю|проверю|узнаю)"
#: One to three words of a nickname (no mark inside), taken as short as «ли» allows.
_NAME = r"[^\W\d_][^\s,.!?;:()«»]*(?:\s+[^\s,.!?;:()«»—–-][^\s,.!?;:()«»]*){0,2}?"
_MARK = r"\s*[,:—–-]?\s*"

_PATTERN = re.compile(
    rf"(?i)(?<![^\W\d_])(?P<verb>{_SEARCH})(?:"
    rf"{_MARK}(?:{_LOOK}{_MARK})?не\s+(?P<a>{_NAME})\s+ли\s+{_ROLE_NOM}"
    rf"|\s+{_ROLE}{_MARK}(?:{_LOOK}{_MARK})?не\s+(?P<b>{_NAME})\s+ли\s+(?:он|она|{_ROLE_NOM})"
    rf")(?![^\W\d_])")


def whether_searched(text: str) -> str:
    """``text`` with «ищу, не X ли детектив» and «ищу детектива, смотрю, не X ли он» written
    «ищу детектива — X»; unchanged when the letter holds no «ли» or no verb of searching
    (each of :data:`_SEARCH` holds «ищу», «ищем» or is «разыскиваю»: not «защищает»)."""
    if " ли" not in text or ("ищу" not in (low := lower_of(text)) and "ищем" not in low and
                             "разыскиваю" not in low):
        return text
    return _PATTERN.sub(
        lambda m: f"{m.group('verb')} детектива — {m.group('a') or m.group('b')}", text)
