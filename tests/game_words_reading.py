"""Reading letters with a game's own words ([words], issue 11) in tests: what ``mafia-mail
parse`` prints for a letter on day 1 of a roster, the parser switched to a lexicon for the
length of a ``with`` block (then back to the one it had), and a test module's fixtures for its
game's words."""

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


def words_fixtures(words: dict, name: str):
    """A test module's two fixtures for its game's ``words`` (``[words]``: action id → the
    host's words): ``name``, module-scoped, the shipped lexicon with them (built once), and
    ``with_words``, the parser reading with it during the test. Assign both at module level:
    ``trucks_lexicon, with_words = words_fixtures(TRUCKS, "trucks_lexicon")``."""
    import pytest

    from engine.lexicon.game import game_tables

    @pytest.fixture(scope="module", name=name)
    def lexicon():
        return lexicon_module.shipped_with(game_tables(words))

    @pytest.fixture(name="with_words")
    def with_words(request):
        with reading_with(request.getfixturevalue(name)):
            yield

    return lexicon, with_words
