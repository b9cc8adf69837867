"""The closed vocabularies of letters: letter states and problem kinds keep the values old
databases hold, and carry the Russian words the host reads."""

from __future__ import annotations

import json

from engine.model import PROBLEM_KINDS, Problem, ProblemKind
from mailer.letter_state import ATTENTION_STATES, LetterState
from mailer.words import PROBLEM_RU, STATE_RU
from vocabulary import bare_state_strings


def test_stored_values_are_those_of_older_databases():
    assert [s.value for s in LetterState] == [
        "pending", "applied", "no_moves", "late", "after_close", "unknown_sender", "held",
        "auto_reply", "duplicate", "unreadable", "skipped", "host", "after_end"]
    assert PROBLEM_KINDS == ("unknown_name", "ambiguous", "not_your_role", "not_allowed",
                             "unparsed", "late")


def test_a_state_is_its_string_and_carries_its_russian_words():
    assert LetterState("held") is LetterState.HELD and LetterState.HELD == "held"
    assert LetterState.HELD.ru == "задержаны для ведущего" == STATE_RU["held"]
    assert {"held": 1}[LetterState.HELD] == 1 and f"{LetterState.SKIPPED}" == "skipped"
    assert [s.ru for s in ATTENTION_STATES] == ["неизвестный адрес", "задержаны для ведущего",
                                                "нечитаемые", "слишком большие", "после конца игры"]
    assert ProblemKind.UNKNOWN_NAME.ru == PROBLEM_RU["unknown_name"] == "нет такого игрока"


def test_a_problem_kind_goes_to_json_as_its_plain_value():
    problem = Problem(text="Линч: Кто-то", kind=ProblemKind.UNKNOWN_NAME)
    assert json.dumps(problem.to_json(), ensure_ascii=False) == \
        '{"text": "Линч: Кто-то", "kind": "unknown_name"}'


def test_no_bare_letter_state_strings_in_mailer():
    assert bare_state_strings({s.value for s in LetterState}, "letter_state.py") == []
