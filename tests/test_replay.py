"""Game files, replay JSON, expectations, parse-in-game and the host's explain notes
(SCENARIOS.md)."""

from __future__ import annotations

import json

import pytest

from engine.explain import explain_turn
from engine.gamefile import GameFileError, load_game_file
from engine.replay import (
    check_expectations, parse_in_game, render_text, replay_game, replay_turns,
)

HEAD = """
title = "t"
[game]
seed = 7
start = "2026-12-07 19:30"
[roles]
"Ягуарчик" = "clan1.boss"
"Serginio" = "doctor"
"Маруська" = "psycho"
"Бука" = "civilian"
"Комиссар" = "detective"
"Петя" = "civilian"
"Вася" = "civilian"
"""

PSYCHO_GAME = HEAD + """
[[turn]]
event = "none"
moves = [
  { by = "Маруська", action = "invite", target = "Бука" },
  { by = "Serginio", action = "heal", target = "Бука" },
  { by = "Комиссар", action = "check", target = "Ягуарчик" },
]
votes = { "Бука" = "Петя", "Петя" = "Вася", "Вася" = "Бука" }
[turn.expect]
dead = []
statuses = { "Бука" = ["at_psycho", "doomed"] }
moves = [{ by = "Serginio", action = "heal", outcome = "failed", reason = "target_at_psycho" }]
info = [{ to = "Комиссар", result = "mafia" }]
[[turn]]
event = "none"
[turn.expect]
dead = ["Бука"]
deaths = [{ player = "Бука", cause = "psycho" }]
winner = "none"
"""


def test_replay_json_exact_shape():
    result = replay_game(load_game_file(PSYCHO_GAME))
    assert list(result) == ["turns", "winner"]
    assert result["winner"] is None
    t1 = result["turns"][0]
    assert t1 == {
        "day": 1, "event": "none", "lynched": [], "deaths": [],
        "statuses": {"Бука": ["at_psycho", "doomed"]},
        "info": [{"to": "Комиссар", "action": "check", "target": "Ягуарчик", "result": "mafia"}],
        "moves": [
            {"by": "Маруська", "action": "invite", "target": "Бука", "outcome": "done", "reason": "ok"},
            {"by": "Serginio", "action": "heal", "target": "Бука", "outcome": "failed",
             "reason": "target_at_psycho"},
            {"by": "Комиссар", "action": "check", "target": "Ягуарчик", "outcome": "done",
             "reason": "ok"},
        ],
    }
    assert result["turns"][1]["deaths"] == [{"player": "Бука", "cause": "psycho"}]
    json.dumps(result, ensure_ascii=False)


def test_expectations_pass_and_fail():
    game = load_game_file(PSYCHO_GAME)
    assert check_expectations(game, replay_game(game)) == []
    wrong = PSYCHO_GAME.replace('dead = ["Бука"]', 'dead = ["Петя"]').replace(
        'result = "mafia"', 'result = "civilian"')
    game = load_game_file(wrong)
    diffs = check_expectations(game, replay_game(game))
    assert len(diffs) == 2
    assert any("день 2, dead" in d for d in diffs)
    assert any("день 1, info" in d for d in diffs)


def test_game_stops_at_winner_and_later_expectations_fail():
    text = HEAD + """
[[turn]]
event = "none"
votes = { "Бука" = "Ягуарчик", "Петя" = "Ягуарчик" }
[turn.expect]
winner = "civilians"
lynched = ["Ягуарчик"]
[[turn]]
event = "none"
[turn.expect]
dead = []
"""
    game = load_game_file(text)
    result = replay_game(game)
    assert len(result["turns"]) == 1 and result["winner"] == "civilians"
    assert check_expectations(game, result) == ["день 2: не разыгран — игра окончилась раньше"]


@pytest.mark.parametrize("bad, fragment", [
    ("seed = 7", "seed"),
    ('"Бука" = "civilian"', "Бука"),
])
def test_game_file_errors_name_the_key(bad, fragment):
    text = PSYCHO_GAME.replace(bad, bad.replace("7", '"x"').replace("civilian", "cook"), 1)
    with pytest.raises(GameFileError, match=fragment):
        load_game_file(text)


def test_unknown_nick_in_turn_is_an_error():
    text = PSYCHO_GAME.replace('target = "Ягуарчик" }', 'target = "Никто" }')
    with pytest.raises(GameFileError, match="turn.*№1.*Никто"):
        load_game_file(text)


def test_unknown_event_and_keys():
    with pytest.raises(GameFileError, match="событие"):
        load_game_file(PSYCHO_GAME.replace('event = "none"', 'event = "storm"', 1))
    with pytest.raises(GameFileError, match="неизвестные ключи"):
        load_game_file(PSYCHO_GAME.replace("[[turn]]", "[[turn]]\nweather = 1", 1))
    with pytest.raises(GameFileError, match="TOML"):
        load_game_file("[game")


def test_drawn_event_is_seeded_and_logged():
    text = HEAD + "\n[[turn]]\n"
    game = load_game_file(text)
    a, b = replay_turns(game), replay_turns(game)
    assert a[0].result.to_json() == b[0].result.to_json()
    assert a[0].result.draws[0][0] == "day1.event"
    assert a[0].result.event != "appeal"


def test_default_deadline_is_day_end_and_late_letters_refused():
    text = HEAD + """
[[turn]]
event = "none"
moves = [{ by = "Serginio", action = "heal", target = "Бука", at = "2026-12-08 19:31" },
         { by = "Комиссар", action = "check", target = "Бука", at = "2026-12-08 19:30" }]
"""
    moves = replay_game(load_game_file(text))["turns"][0]["moves"]
    assert [(m["by"], m["outcome"], m["reason"]) for m in moves] == [
        ("Комиссар", "done", "ok"), ("Serginio", "refused", "late")]


def test_letters_go_through_the_parser():
    text = HEAD + """
[[turn]]
event = "none"
letters = [{ from = "Маруська", at = "2026-12-07 21:03", text = "Шизю Буку. Линч: Serginio" }]
"""
    turn = replay_game(load_game_file(text))["turns"][0]
    assert turn["statuses"] == {"Бука": ["at_psycho", "doomed"]}
    assert turn["lynched"] == ["Serginio"]


def test_parse_in_game_late_letter():
    game = load_game_file(PSYCHO_GAME)
    res = parse_in_game(game, "Serginio", "Лечу Буку\nещё строка", at="2026-12-08 19:31", day=1)
    assert res.to_json() == {"moves": [], "problems": [{"text": "Лечу Буку", "kind": "late"}]}


def test_parse_in_game_unknown_sender():
    with pytest.raises(GameFileError, match="Никто"):
        parse_in_game(load_game_file(PSYCHO_GAME), "Никто", "Лечу Буку", at=None, day=None)


def test_render_text_is_russian():
    text = render_text(replay_game(load_game_file(PSYCHO_GAME)))
    assert "День 2" in text and "Бука" in text and "умер(ла) после визита к Шизику" in text
    assert text.endswith("Игра продолжается")


def test_render_text_tells_deaths_as_the_newspaper_does():
    """replay's text names who left the game as the newspaper does («Покинули игру:» and a
    line per player), never with a «Выбыл(а)» patch (a game file gives no gender)."""
    text = render_text(replay_game(load_game_file(PSYCHO_GAME)))
    assert "Выбыл(а)" not in text
    assert "  Покинули игру:\n    - Бука — умер(ла) после визита к Шизику" in text


def test_explain_turn_names_every_move_and_reason():
    turns = replay_turns(load_game_file(PSYCHO_GAME))
    notes = explain_turn(turns[0].result, turns[0].state_before)
    assert "  Serginio (Врач):\n    • лечение → Бука — не удалось: цель у Шизика\n" in notes
    # not the hostess's «приглашение»
    assert "  Маруська (Шизик):\n    • приглашение к Шизику → Бука — выполнено\n" in notes
    assert "Комиссар: проверка → Ягуарчик: мафия" in notes
    same = explain_turn(turns[0].result.to_json(), turns[0].state_before)
    assert "  Serginio (Врач):\n    • лечение → Бука — не удалось: цель у Шизика\n" in same


def test_fear_closed_with_nobody_and_toml_datetimes():
    text = HEAD.replace('start = "2026-12-07 19:30"', "start = 2026-12-07T19:30:00") + """
[[turn]]
event = "fear"
votes = { "Бука" = "Петя", "Петя" = "Вася", "Вася" = "Петя" }
fear_choice = "nobody"
deadline = 2026-12-08T16:30:00Z
moves = [{ by = "Serginio", action = "heal", target = "Бука", at = 2026-12-08T19:29:00+03:00 }]
"""
    game = load_game_file(text)
    assert game.turns[0].deadline.isoformat() == "2026-12-08T16:30:00+00:00"
    turn = replay_game(game)["turns"][0]
    assert turn["lynched"] == []
    assert turn["moves"][0]["outcome"] == "done"


def test_fear_player_letter_names_the_victim():
    text = HEAD + """
[[turn]]
event = "fear"
votes = { "Бука" = "Петя", "Петя" = "Вася", "Вася" = "Петя" }
moves = [{ by = "Петя", action = "fear_choice", target = "Ягуарчик" }]
"""
    turn = replay_game(load_game_file(text))["turns"][0]
    assert turn["lynched"] == ["Ягуарчик"]


def test_cancel_letter_voids_earlier_moves_in_replay():
    text = HEAD + """
[[turn]]
event = "none"
moves = [{ by = "Serginio", action = "heal", target = "Бука", at = "2026-12-07 20:00" }]
letters = [{ from = "Serginio", at = "2026-12-07 21:00", text = "Отменяю ход" }]
"""
    moves = replay_game(load_game_file(text))["turns"][0]["moves"]
    assert moves == [{"by": "Serginio", "action": "heal", "target": "Бука", "outcome": "void",
                      "reason": "cancelled"}]


def test_a_vote_taken_back_by_a_later_letter_does_not_count():
    """«Снимаю голос.» in a later letter takes back the vote of the earlier one (void
    ``withdrawn``, an autokill point for the day without a vote); the night move stands.
    A later vote counts again; «Снимаю голос с X» keeps a vote for another player; a
    withdrawal after the deadline takes back nothing."""
    text = HEAD + """
[[turn]]
event = "none"
deadline = "2026-12-08 19:30"
letters = [
  { from = "Serginio", at = "2026-12-07 20:00", text = "Лечу Буку. Голосую за Петю" },
  { from = "Serginio", at = "2026-12-07 21:00", text = "Снимаю голос." },
  { from = "Бука", at = "2026-12-07 20:00", text = "Голосую за Петю" },
  { from = "Бука", at = "2026-12-07 21:00", text = "Отзываю голос" },
  { from = "Бука", at = "2026-12-07 22:00", text = "Голосую за Васю" },
  { from = "Вася", at = "2026-12-07 20:00", text = "Голосую за Петю" },
  { from = "Вася", at = "2026-12-07 21:00", text = "Снимаю голос с Буки" },
  { from = "Петя", at = "2026-12-07 20:00", text = "Голосую за Васю" },
  { from = "Петя", at = "2026-12-08 19:40", text = "голос снимаю" },
]
"""
    [replayed] = replay_turns(load_game_file(text))
    turn = replayed.result.to_json()
    mine = {(m["by"], m["action"], m.get("target")): (m["outcome"], m["reason"]) for m in turn["moves"]}
    assert mine[("Serginio", "vote", "Петя")] == ("void", "withdrawn")
    assert mine[("Serginio", "heal", "Бука")][0] != "void"
    assert mine[("Бука", "vote", "Петя")] == ("void", "withdrawn")
    assert mine[("Бука", "vote", "Вася")] == ("done", "ok")
    assert mine[("Вася", "vote", "Петя")] == ("done", "ok")
    assert mine[("Петя", "vote", "Вася")] == ("done", "ok")
    assert replayed.result.autokill.get("Serginio") == ("no_vote",)
    assert "Бука" not in replayed.result.autokill


def test_unknown_expect_key_loads_but_check_reports_it():
    game = load_game_file(PSYCHO_GAME.replace("dead = []\n", "dead = []\nmood = 1\n", 1))
    assert check_expectations(game, replay_game(game)) == ["день 1: ключ expect.mood не поддерживается"]


def test_parser_refusals_reach_the_moves_list(monkeypatch):
    from engine import replay
    from engine.model import ParseResult, Problem

    def fake(text, sender, state, info):
        return ParseResult(problems=(Problem(text, "not_allowed", reason="same_target_twice",
                                             action="heal", target="Бука"),
                                     Problem("ну", "unparsed")))

    monkeypatch.setattr(replay, "_parser", lambda: fake)
    text = HEAD + """
[[turn]]
event = "none"
letters = [{ from = "Serginio", at = "2026-12-07 21:03", text = "Лечу Буку" }]
"""
    moves = replay_game(load_game_file(text))["turns"][0]["moves"]
    assert moves == [{"by": "Serginio", "action": "heal", "target": "Бука", "outcome": "refused",
                      "reason": "same_target_twice"}]


def test_empty_expectation_means_none():
    game = load_game_file(PSYCHO_GAME.replace("[turn.expect]\ndead = [\"Бука\"]",
                                              "[turn.expect]\ninfo = []\nstatuses = {}\ndead = [\"Бука\"]"))
    assert check_expectations(game, replay_game(game)) == []
    game = load_game_file(HEAD + """
[[turn]]
event = "none"
moves = [{ by = "Комиссар", action = "check", target = "Бука" }]
[turn.expect]
info = []
""")
    diffs = check_expectations(game, replay_game(game))
    assert len(diffs) == 1 and diffs[0].startswith("день 1, info: ожидалось []")


def test_host_texts_name_draws_and_actions_in_russian():
    """explain's draws and replay's text name what was drawn and done in Russian, not by the
    internal codes («day1.mortar», «boss_check»)."""
    from engine.explain import draw_ru
    from engine.replay import render_text

    assert draw_ru("day1.mortar", "Вишенка") == "жребий — миномёт «Праздника»: Вишенка"
    assert draw_ru("day2.event", "rage") == "жребий — событие дня: «Ярость»"
    assert draw_ru("day4.lynch_tie", "A,B") == "жребий — повешен(ы) при равенстве голосов: A, B"
    assert draw_ru("day5.son_clan", "clan2") == "жребий — клан внебрачного сына: клан 2"
    text = render_text({"turns": [{"day": 1, "event": "none", "lynched": [], "deaths": [], "statuses": {},
                                   "info": [{"to": "Ягуар", "action": "boss_check", "target": "Кот",
                                             "result": "role_civilian"}]}], "winner": None})
    assert "Ягуар (проверка босса → Кот)" in text and "boss_check" not in text


@pytest.mark.parametrize("case, gender, told", [
    ("hostess_killed_guest_dies", "f", "погибла при взрыве в доме Стервы, у которой была в гостях"),
    ("psycho_killed_guest_dies", "m", "погиб при взрыве в доме Шизика, у которого был в гостях"),
])
def test_explain_names_whose_home_exploded(case, gender, told):
    """«погиб(ла) при взрыве в доме хозяина» for the hostess's guest (a trial): the hostess is
    a woman; the home is named by the role of its owner, from the guest's status."""
    from pathlib import Path

    game = load_game_file((Path(__file__).parent / "cases" / f"{case}.toml").read_text(encoding="utf-8"))
    t = replay_turns(game)[0]
    notes = explain_turn(t.result, t.state_before, {"Civ1": gender}).splitlines()
    assert f"  • Civ1 ({'Мирная' if gender == 'f' else 'Мирный'}): {told}" in notes


def test_explain_words_for_a_forum_vote_a_hunt_on_the_hanged_and_a_woman_civilian():
    """Three of a trial's findings in ``explain``: a letter vote replaced by a forum vote (the
    player's own post as well as the host's tally) was «голос учтён ведущим по форуму»; a
    lone hunter's shot at the hanged player read «за цель выстрелило слишком мало охотников»
    (the target was dead already); a woman plain civilian was «Мирный»."""
    from test_properties import game_text

    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "P3": "doctor", "P4": "civilian",
             "P5": "civilian", "P6": "civilian", "P7": "detective"}
    votes = {n: "P2" for n in roles if n != "P2"}
    moves = [{"by": "P4", "action": "vote", "target": "P1"}, {"by": "P5", "action": "hunt", "target": "P2"},
             {"by": "P6", "action": "hunt", "target": "P1"}]
    [t] = replay_turns(load_game_file(game_text(roles, [{"moves": moves, "votes": votes}])))
    notes = explain_turn(t.result, t.state_before, {"P4": "f", "P5": "f"})
    assert ("  P4 (Мирная):\n    • голос на линче → P1 — не состоялось: голос из письма заменён голосом "
            "с форума (пост в ветке или подсчёт ведущего)\n") in notes
    # (the hanged target died earlier in this same turn: said how, s56; not «уже выбыла из игры»)
    assert "  P5 (Мирная):\n    • мирная охота → P2 — не удалось: цель выбыла раньше в этот же ход (повешен(а))\n" in notes
    assert "  P6 (Мирный):\n    • мирная охота → P1 — не удалось: за цель выстрелило слишком мало охотников\n" in notes
