"""«Голос тот же» right after a move on a player is asked (the same player, or the earlier
vote kept?), and the nick the player answers is his vote (a fresh host's trial, session 59:
the vote was moved to the night target with no question, twice)."""

from __future__ import annotations

from test_answer_whole_vote import vote_answered_and_counted
from test_fresh_host58 import ask_then_answer
from test_fresh_host58 import kira as g  # noqa: F401 - the game with Кир and Кира (a fixture)


def test_the_same_or_kept_vote_is_asked_and_the_nick_answers_it(g):
    asked, answer = ask_then_answer(g, "Охочусь на Ягуарчика. Голос тот же.", "Serginio", "")
    body = " ".join(asked.body.split())
    assert "это голос за того же игрока, что назван в ходе перед ним, или ваш прежний голос остаётся?" in body
    assert "Голос на линче: Ягуарчик" not in body
    vote_answered_and_counted(g, answer, "Serginio")
