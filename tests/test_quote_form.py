"""Answers written under the host's quoted form questions (issue 11, missing24): an
interleaved reply «> Голос на линч?» / «Ёжик» keeps the question as the answer's heading
(«Голос на линч: Ёжик»), as a careful host reads it; the quote itself is still cut.

The letters are our own. The question gives a heading only when it ends in «?» or «:», holds
a move word and names no player, and only to an answer without a move word of its own; an
example or yesterday's move the form names (in brackets, in an earlier sentence) stays cut.
"""

from __future__ import annotations

import json

import pytest

from engine.model import TurnInfo
from engine.parse import parse_letter
from engine.state import GameState
from mailer.quotes import strip_quotes

ROSTER = {
    "Кузя": "doctor", "Бобёр": "detective", "Лось": "clan1.boss", "Ёжик": "civilian",
    "Воришка": "clan1.thief", "Serginio": "civilian",
}


def _moves(text: str) -> tuple[list[dict], list[str]]:
    state = GameState.new(1, ROSTER)
    result = parse_letter(strip_quotes(text), "Кузя", state, TurnInfo(day=1))
    return sorted((m.to_json() for m in result.moves), key=json.dumps), \
        [p.kind for p in result.problems]


VOTE_HEAL = ([{"action": "heal", "target": "Бобёр"}, {"action": "vote", "target": "Ёжик"}], [])


@pytest.mark.parametrize("text", [
    # bare names under the questions
    "Отвечаю по пунктам.\n\n> Доброе утро, Кузя! Вчера вы лечили: Лось.\n> Ваше лечение?\n"
    "\nБобра\n\n> 2. Голос на линч (обязательно):\n\nЁжик\n\n> Ведущий\n",
    # the answer with its own move word keeps its own reading
    "> Ваш ход на ночь (например: «лечу Лося»):\nлечу Бобра\n> Голос:\nЁжик, он молчит\n",
])
def test_answers_under_form_questions(text):
    assert _moves(text) == VOTE_HEAL


def test_question_in_the_second_person_is_asked_about():
    """«> Кого лечите?» / «Бобра»: the heading «Кого лечите:» is no order of the sender's own
    words; the host asks (before, the bare name was read as nothing at all)."""
    assert strip_quotes("> Кого лечите?\nБобра\n> Голос?\nЁжик") == \
        "Кого лечите: Бобра\nГолос: Ёжик"
    assert _moves("> Кого лечите?\nБобра\n> Голос?\nЁжик") == (
        [{"action": "vote", "target": "Ёжик"}], ["unparsed"])


def test_question_naming_a_player_gives_no_heading():
    """«> Лечу Лося?» asks about a player: a bare answer under it is no heal of Лось."""
    assert strip_quotes("> Лечу Лося?\nда\nЛинч: Ёжик") == "да\nЛинч: Ёжик"


def test_lines_that_are_no_form_question_give_no_heading():
    assert strip_quotes("> Приём ходов до 19:30:\nЁжик") == "Ёжик"
    assert strip_quotes("> Пришлите, пожалуйста:\nЁжик") == "Ёжик"
    assert strip_quotes("> Голос на линч?\n> Ведущий\n\nЁжик") == "Ёжик"
