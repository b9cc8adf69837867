"""What a fresh host found running a game to its end (session 54's trial): after the last
close, ``close-day`` said only «игра окончена»."""

from __future__ import annotations

from datetime import timedelta

import pytest


def test_close_day_after_the_end_names_the_last_day_the_winner_and_what_to_do(tmp_path):
    """The game ended at day 2's close: another ``close-day`` is refused with the day it ended
    on, who won, and the two commands the host may want (status, reopen-day of that day)."""
    from mailer.day import GameError, close_day
    from test_fresh_host49 import ended_on_day_two
    from test_sync import Game

    g = Game(tmp_path)
    try:
        end = ended_on_day_two(g)
        with pytest.raises(GameError) as err:
            close_day(g.cfg, g.store, now=end + timedelta(hours=1))
        assert str(err.value) == ("игра окончена днём 2 (Победа: мирные): закрывать больше нечего. "
                                  "Итоги — mafia-mail status; исправить итоги дня 2 — "
                                  "mafia-mail reopen-day 2")
    finally:
        g.store.dispose()
