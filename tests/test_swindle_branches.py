"""The reply refuses a swindle branch that close-day would refuse (engine.legality
._screen_branches): what the reply accepts is what happens (fresh host 50, #1)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mailer.cli import main

CASES = Path(__file__).resolve().parent / "cases"


def parse(game: Path, sender: str, text: str, day: int) -> dict:
    result = CliRunner().invoke(main, ["parse", "--game", str(game), "--from", sender, "--day", str(day)],
                                input=text)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_branch_on_yesterdays_stolen_guest_is_refused_in_the_reply():
    got = parse(CASES / "swindler_stolen_invite_same_guest_refused.toml", "Swindler",
                "Жульничаю у Hostess: если стерва — приглашаю Civ1, если доктор — лечу Civ2", 2)
    assert got["moves"] == [{"action": "swindle", "target": "Hostess",
                             "branches": {"doctor": {"action": "heal", "target": "Civ2"}}}]
    assert got["problems"] == [{"text": "если стерва — приглашаю Civ1", "kind": "not_allowed"}]


def test_a_branch_after_a_stolen_move_of_another_role_stands():
    got = parse(CASES / "swindler_stolen_invite_rule_per_role.toml", "Swindler",
                "Жульничаю у Hostess: если стерва — приглашаю Civ1", 2)
    assert got == {"moves": [{"action": "swindle", "target": "Hostess",
                              "branches": {"hostess": {"action": "invite", "target": "Civ1"}}}],
                   "problems": []}


def test_the_refusal_says_why():
    from engine.gamefile import load_game_file
    from engine.replay import parse_in_game

    game = load_game_file((CASES / "swindler_stolen_invite_same_guest_refused.toml").read_text(encoding="utf-8"))
    res = parse_in_game(game, "Swindler", "Жульничаю у Hostess: если стерва — приглашаю Civ1", None, 2)
    [problem] = res.problems
    assert problem.reason == "same_target_twice"
    assert problem.message == ("Нельзя выбирать одного и того же игрока («Civ1») два хода подряд: "
                               "«если стерва — приглашаю Civ1».")
