"""Reading letters with a game's own words ([words], issue 11) in tests: what ``mafia-mail
parse`` prints for a letter on day 1 of a roster, and the parser switched to a lexicon for the
length of a ``with`` block (then back to the one it had)."""

from __future__ import annotations

from contextlib import contextmanager

import engine.lexicon as lexicon_module
from engine.legality import screen_letter
from engine.model import TurnInfo
from engine.parse import parse_letter
from engine.state import GameState


def read_on_day_one(roster: dict[str, str], text: str, sender: str) -> dict:
    """What ``mafia-mail parse`` prints for ``text`` from ``sender`` on day 1 of ``roster``
    (nick → role id)."""
    state, turn = GameState.new(1, roster), TurnInfo(day=1, event="none")
    return screen_letter(parse_letter(text, sender, state, turn), sender, state, turn, ()).to_json()


@contextmanager
def reading_with(lexicon):
    """The parser reads with ``lexicon`` (an :class:`engine.lexicon.Lexicon`) inside the block."""
    before = lexicon_module.lexicon()
    lexicon_module.provide(lambda: lexicon)
    try:
        yield
    finally:
        lexicon_module.provide(lambda: before)
