"""The game's own letters coming back: pasted, unquoted, into a player's letter.

Auto-responders and some mail clients paste the letter they answer without quote marks; read
as the player's text, the game's «Принято: Лечение: Маруська» would become his move again.
:class:`OwnLetters` keeps the latest letters the game queued to each address and
:func:`cut_own_letters` removes whole copies of them from an incoming text.
"""

from __future__ import annotations

import functools
import re
from collections import deque

from sqlalchemy import func, select
from sqlmodel import Session

from .store import Outgoing

__all__ = ["OwnLetters", "OWN_LETTERS_KEPT", "cut_own_letters"]


class OwnLetters:
    """The bodies of the latest letters the game queued, by lower-case address. An address's
    letters are read the first time a letter from it is checked (only the last
    :data:`OWN_LETTERS_KEPT`, through the index on ``lower(to_addr)``) and kept up to date as
    replies are queued, so neither time nor memory grows with the length of the game (a
    pasted copy is of a recent letter)."""

    def __init__(self) -> None:
        self._bodies: dict[str, deque[str]] = {}

    def _load(self, s: Session, addr: str) -> deque[str]:
        if addr not in self._bodies:
            table = Outgoing.__table__
            latest = s.execute(select(table.c.body).where(func.lower(table.c.to_addr) == addr)
                               .order_by(table.c.id.desc()).limit(OWN_LETTERS_KEPT)).scalars()
            self._bodies[addr] = deque(reversed(list(latest)), maxlen=OWN_LETTERS_KEPT)
        return self._bodies[addr]

    def copy(self) -> "OwnLetters":
        """An independent copy (restored when a batch is rolled back)."""
        other = OwnLetters()
        other._bodies = {addr: deque(bodies, maxlen=OWN_LETTERS_KEPT) for addr, bodies in self._bodies.items()}
        return other

    def add(self, s: Session, to_addr: str, body: str) -> None:
        """Remember a letter queued to ``to_addr`` (not yet written: read the stored ones first)."""
        self._load(s, to_addr.lower()).append(body)

    def bodies_to(self, s: Session, addresses) -> set[str]:
        """The kept bodies of letters to any of ``addresses``."""
        out: set[str] = set()
        for a in addresses:
            out.update(self._load(s, a.lower()))
        return out


#: How many of the game's latest letters to each address a sync looks for in incoming text.
OWN_LETTERS_KEPT = 30


def cut_own_letters(body: str, own_bodies) -> tuple[str, int]:
    """``body`` without any whole copy of one of ``own_bodies`` (letters the game queued to
    this player, see :class:`OwnLetters`).

    Auto-responders and some mail clients paste the letter they answer without quote marks;
    read as the player's text, the game's «Принято: Лечение: Маруська» would become his move
    again (an old one, or one in an endless loop). A copy is found word by word, whatever its
    line breaks and spacing (mail clients rewrap). Returns (body, number of copies cut).
    """
    squeezed = " ".join(body.split())
    cut = 0
    for text in sorted(own_bodies, key=len, reverse=True):
        joined, count = _squeezed(text)
        if count < 3 or joined not in squeezed:
            continue
        pattern = r"\s+".join(re.escape(w) for w in text.split())
        body, n = re.subn(pattern, "\n", body)
        squeezed = " ".join(body.split())
        cut += n
    return body.strip(), cut


@functools.lru_cache(maxsize=1024)
def _squeezed(text: str) -> tuple[str, int]:
    """``text``'s words joined by single spaces, and how many there are (the same few dozen
    letters of the game are looked for in every letter of a sync: split once each)."""
    words = text.split()
    return " ".join(words), len(words)
