"""What reading a move's targets needs and gives (issue 3): :class:`Roster`, the parser's
context as :func:`engine.grammar_targets.read_targets` sees it, and :class:`Targets`, the
players, roles and words the words after (or before) a keyword name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from .grammar_rules import Actor
from .names import NameHit


class Roster(Protocol):
    """What target reading needs of the parser's context."""

    nicks: tuple[str, ...]
    sender: Actor
    votes: int  # votes each player has today


@dataclass
class Targets:
    """What the words after a keyword name."""

    hits: list[tuple[NameHit, int, int]] = field(default_factory=list)
    unknown: tuple[str, int] | None = None
    #: the unknown word stands where the name goes, right after the keyword (and its
    #: preposition or colon), and looks like a name (a capital, or no dictionary word)
    unknown_slot: bool = False
    pronoun: bool = False
    described: bool = False  # «голос как у Лося», «за того, кто…»: no nick, asked
    alternative: bool = False  # «X или Y»
    statement: bool = False  # «— это …» right after the keyword: it is described, not made
    negated: bool = False  # names after «не» were dropped («лечу не Буку, а Сергея»)
    nobody: bool = False  # «МО никому»
    nobody_named: bool = False  # the words name nobody («никого», «ни за кого»)
    thing: bool = False  # the first word after the keyword is a common noun («проверю почту»)
    roles: list[str] = field(default_factory=list)
    role_at: list[int] = field(default_factory=list)  # token index of each of ``roles``
    end: int = -1  # index after the last token used
    retracted: bool = False  # the names were taken back with no other named («…ой, нет»)
    za: bool = False  # the correction's new name follows «за» («…, хотя нет, за Кузю»)
    #: index of a pronoun written as an element of a list of names («за него же и за
    #: Кузю», «за Кузю и за неё»): it points at a player named before (engine.parse_move)
    listed_pronoun: int | None = None
    #: a word standing as a name of the list that no reading took («голоса шадоу и гром»,
    #: «голоса скунс и вий»): its text and index (engine.grammar_dropped)
    dropped: tuple[str, int] | None = None
