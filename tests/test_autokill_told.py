"""Autokill points (DECISIONS.md §7: one for a day with fewer than 66 forum words, one for a
day without a lynch vote) are told with the reason that applied: the player's result letter
and the host's ``explain`` said only «не было засчитанного голоса или меньше 66 слов»."""

from __future__ import annotations

import pytest

from engine.explain import explain_turn
from engine.gamefile import load_game_file
from engine.replay import replay_turns
from mailer.config import load_config
from mailer.render import Renderer
from test_privacy import CONFIG, day_row

RING = '{ P2 = "P4", P4 = "P5", P5 = "P6", P6 = "P2" }'  # one vote each: a tie, nobody hanged
ENOUGH = "P4 = 100, P5 = 100, P6 = 100"
GAME = f"""\
title = "autokill reasons"
[game]
seed = 3
start = "2026-12-07 19:30"
[roles]
P1 = "clan1.boss"
P2 = "detective"
P3 = "civilian"
P4 = "civilian"
P5 = "doctor"
P6 = "civilian"

[[turn]]
event = "none"
votes = {RING}
words = {{ P1 = 10, P2 = 12, P3 = 100, {ENOUGH} }}

[[turn]]
event = "none"
votes = {RING[:-2]}, P1 = "P4" }}
words = {{ P1 = 100, P2 = 100, P3 = 100, {ENOUGH} }}

[[turn]]
event = "none"
votes = {RING[:-2]}, P1 = "P4" }}
words = {{ P1 = 100, P2 = 100, P3 = 100, {ENOUGH} }}
"""


@pytest.fixture(scope="module")
def turns(tmp_path_factory):
    folder = tmp_path_factory.mktemp("autokill")
    (folder / "game.toml").write_text(CONFIG, encoding="utf-8")
    renderer = Renderer(load_config(folder / "game.toml"))
    out = []
    for n, t in enumerate(replay_turns(load_game_file(GAME)), start=1):
        letters = {nick: body for nick, _, body in renderer.result_letters(
            result=t.result, row=day_row(n), state_before=t.state_before, next_row=day_row(n + 1))}
        out.append((t, letters))
    return out


def _line(body: str, start: str) -> str:
    return next((line for line in body.splitlines() if line.startswith(start)), "")


def test_the_result_letter_names_the_reason_of_each_point(turns):
    _t, letters = turns[0]
    assert _line(letters["P1"], "Штрафн") == (
        "Штрафные очки автокилла: за день у вас меньше 66 слов в ветке и не было засчитанного "
        "голоса на линче. Очков теперь 2 из 3; при 3 вы выбываете.")
    assert _line(letters["P2"], "Штрафн") == (
        "Штрафное очко автокилла: за день у вас меньше 66 слов в ветке. Очков теперь 1 из 3; "
        "при 3 вы выбываете.")
    assert _line(letters["P3"], "Штрафн") == (
        "Штрафное очко автокилла: за день у вас не было засчитанного голоса на линче. Очков теперь "
        "1 из 3; при 3 вы выбываете.")
    assert _line(letters["P4"], "Штрафн") == ""


def test_the_autokilled_player_is_told_why(turns):
    t, letters = turns[2]
    assert [(d.player, d.cause) for d in t.result.deaths] == [("P3", "autokill")]
    assert _line(letters["P3"], "Вы выбыли") == (
        "Вы выбыли по автокиллу: штрафных очков стало 3 из 3 (за этот день у вас не было "
        "засчитанного голоса на линче). Спасибо за игру! Мёртвым можно только флудить по теме, "
        "без намёков и советов.")
    assert "Штрафное очко" not in letters["P3"]


def test_explain_names_the_reason_of_each_point(turns):
    t, _letters = turns[0]
    notes = explain_turn(t.result, t.state_before).splitlines()
    start = notes.index("Штрафные очки автокилла за день:")
    assert notes[start + 1:start + 4] == [
        "  • P1: меньше 66 слов в ветке за день, день без голоса на линче — очков 2 из 3",
        "  • P2: меньше 66 слов в ветке за день — очков 1 из 3",
        "  • P3: день без голоса на линче — очков 1 из 3"]


@pytest.mark.parametrize("gender, told", [
    (None, "не удалось: сам(а) в гостях у Стервы"),
    ("f", "не удалось: сама в гостях у Стервы"),
    ("m", "не удалось: сам в гостях у Стервы"),
])
def test_explain_says_the_mover_himself_was_blocked(gender, told):
    """«Det: проверка → Boss1 — не удалось: игрок в гостях у Стервы» read as if Boss1 were
    the guest; the reason names the mover, in agreement with his gender when known."""
    from pathlib import Path

    game = load_game_file((Path(__file__).parent / "cases" / "detective_fails_hosted.toml")
                          .read_text(encoding="utf-8"))
    t = replay_turns(game)[0]
    notes = explain_turn(t.result, t.state_before, {"Det": gender} if gender else None)
    assert f"  Det (Детектив):\n    • проверка → Boss1 — {told}\n" in notes


def test_the_penalty_has_one_name_everywhere():
    """The reminder names the penalty as the result letter does: «штрафное очко автокилла»."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "templates" / "reminder.txt.j2").read_text(encoding="utf-8")
    assert "Не забудьте и голос на линче: день без голоса — штрафное очко автокилла.\n" in text
    assert "День без голоса — штрафное очко автокилла. Приём голосов" in text
    assert "балл" not in text


def test_points_past_the_threshold_read_as_points_and_threshold(turns):
    """fresh user 27: «очков 4 из 3» read as nonsense; past the threshold (points given on a
    day that already had the player out, a lowered threshold) it is «4 (порог 3)»."""
    t, _letters = turns[0]
    data = t.result.to_json()
    data["autokill"] = {"P1": {"why": ["no_vote"], "points": 4}}
    notes = explain_turn(data, t.state_before)
    nick = "P1"
    assert f"  • {nick}: " in notes and "очков 4 (порог 3)" in notes and "4 из 3" not in notes
