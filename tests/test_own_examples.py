"""A sentence not understood is answered with examples of the sender's own moves
(engine.grammar_rules.with_own_examples, engine.reasons.own_examples_ru): a maniac is told
«например, «убиваю …»», a civilian «МО: …», never the doctor's «лечу …» to everyone."""

from __future__ import annotations

import pytest

from engine.model import TurnInfo
from engine.parse import parse_letter
from engine.reasons import own_examples_ru
from test_legality import day2_state


@pytest.mark.parametrize(("sender", "examples"), [
    ("Darkwing", "«убиваю …», «голос за …»"),          # maniac
    ("Ромашка", "«МО: …», «голос за …»"),              # civilian
    ("Ягуарчик", "«убиваем …», «проверяю …», «голос за …»"),  # boss
    ("Шершень", "«ворую у …», «голос за …»"),          # thief
    ("Бука", "«лечу …», «голос за …»"),                # doctor
])
def test_an_unread_line_is_answered_with_the_senders_own_moves(sender, examples):
    state = day2_state()
    # (an unread line: «По голосам: Карлсон», used here before, is a vote heading since struct54)
    result = parse_letter("По делу: Карлсон", sender, state, TurnInfo(day=2))
    [problem] = result.problems
    assert problem.reason == "unread"
    assert problem.message == ("Не понял, ход ли это: «По делу: Карлсон». Если это ваш ход, "
                               f"напишите его, пожалуйста, прямо: действие и ник (например, {examples}).")


def test_a_request_to_another_player_shows_the_own_move_only():
    state = day2_state()
    [problem] = parse_letter("Карлсон, лечи Буку!", "Бука", state, TurnInfo(day=2)).problems
    assert problem.reason == "imperative"
    assert problem.message.endswith("напишите его от себя, например «лечу …».")


def test_own_examples_by_role():
    assert own_examples_ru("psycho") == ["шизю …"]
    assert own_examples_ru("witness") == ["слежу за …"]
    assert own_examples_ru("indian") == []      # a clan member with no move of his own
    assert own_examples_ru(None) == []
