"""A roster name found in a letter's words (issue 3, issue 11): :class:`NameHit`, made by
:class:`engine.names_match.NameIndex` and :mod:`engine.names_near`, and the small helpers
both use to make one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .words import CYR, LAT, norm


@dataclass(frozen=True)
class NameHit:
    """A name found in a letter: ``nick`` when one player fits, else ``candidates``.

    ``kind``: ``exact`` (a case form), ``self`` («себя»), ``part`` (one word of a nick),
    ``prefix``, ``pet``, ``name`` (a form of a given name the nick holds), ``fuzzy``;
    ``length``: how many tokens it took.
    """

    nick: str | None
    candidates: tuple[str, ...] = ()
    kind: str = "exact"
    length: int = 1
    #: of the ``candidates`` of an ambiguous hit, the nick written exactly as it is spelled
    #: where no governing word asks for another case («Линч: Кира» for Кира, beside Кир's
    #: genitive; not «охраняю Лиса», Лис's accusative): when that player is dead the game
    #: does not hand the word to the other reading (:func:`engine.parse_settle.settle`)
    spelled: str | None = None


def hit(owners: list[str], kind: str) -> NameHit:
    """The hit for the nicks ``owners`` found by a reading of ``kind``: that player when
    there is one, else every one a candidate (``nick`` None)."""
    if len(owners) == 1:
        return NameHit(owners[0], (owners[0],), kind)
    return NameHit(None, tuple(owners), kind)


def latin_read(nicks) -> set[str]:
    """The Latin nicks among ``nicks`` (a form of one read from Latin letters, which have no
    soft sign, names it written with one: «Кузьмич» for «Kuzmich-56»)."""
    return {n for n in nicks if LAT.search(n) and not CYR.search(n)}


def initials_of(nick: str) -> set[str]:
    """The one-letter words of ``nick`` after its first word, lower case, Latin ones also
    as the Cyrillic letter they are read («Лена К.» → {«к»}; «Ostap_B» → {«b», «б»})."""
    out: set[str] = set()
    for letter in re.findall(r"[^\W\d_]+", nick)[1:]:
        if len(letter) == 1:
            low = norm(letter)
            out.add(low)
            out.add(LATIN_INITIAL.get(low, low))
    return out


#: The Cyrillic letter a Latin initial is read as («B.» → «Б.»).
LATIN_INITIAL = dict(zip("abvgdezklmnoprstuf", "абвгдезклмнопрстуф"))
