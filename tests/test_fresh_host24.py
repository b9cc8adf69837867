"""What a fresh host found playing the demo game to the end (twenty-fourth session): a
«Полнолуние» double clan kill reported as one move with the first victim's outcome; the
guard's reply promising the boss's move whatever the boss did; ``status`` and ``explain``
blind to forum votes; «кража за Колобок» in ``explain``; a semicolon CSV in ``votes import``;
``drop`` of a range; replies with no blank line before the missing-move paragraph; and a
late «Ярость» letter that left both the next-day notice and its full reply queued."""

from __future__ import annotations

from engine.explain import explain_turn
from engine.gamefile import load_game_file
from engine.replay import replay_turns
from test_russian import day_row, renderer_for

# --- 1. «Полнолуние»: each victim of a two-victim clan kill on its own ------------------------

MOON = {"Кот Бегемот": "clan2.boss", "Колобок": "clan2.thief", "Пчёлка": "doctor",
        "Бука": "civilian", "Вишенка": "civilian", "Ёжик": "civilian", "Карлсон": "civilian"}


def _moon_turn(moves, votes=None, event="full_moon"):
    lines = ['title = "t"', "[game]", "seed = 3", 'start = "2026-12-07 19:30"', "[roles]"]
    lines += [f'"{n}" = "{r}"' for n, r in MOON.items()]
    lines += ["[[turn]]", f'event = "{event}"', "moves = [" + ", ".join(moves) + "]"]
    if votes:
        lines.append("votes = {" + ", ".join(f'"{k}" = {v!r}'.replace("'", '"') for k, v in votes.items()) + "}")
    [t] = replay_turns(load_game_file("\n".join(lines) + "\n"))
    return t


def test_a_full_moon_kill_reports_each_victim_on_its_own(tmp_path):
    t = _moon_turn(['{ by = "Кот Бегемот", action = "clan_kill", targets = ["Бука", "Вишенка"] }',
                    '{ by = "Пчёлка", action = "heal", target = "Бука" }'])
    kills = [m.to_json() for m in t.result.moves if m.action == "clan_kill"]
    assert kills == [
        {"by": "Кот Бегемот", "action": "clan_kill", "target": "Бука", "outcome": "failed", "reason": "healed"},
        {"by": "Кот Бегемот", "action": "clan_kill", "target": "Вишенка", "outcome": "done", "reason": "ok"}]
    renderer = renderer_for(tmp_path, {n: None for n in MOON})
    letters = {n: b for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(1), state_before=t.state_before, next_row=day_row(2))}
    assert "Убийство от клана: Бука — не удалось." in letters["Кот Бегемот"]
    assert "Убийство от клана: Вишенка — выполнено." in letters["Кот Бегемот"]
    notes = explain_turn(t.result, t.state_before)
    assert ("    • убийство от клана → Бука — не удалось: цель вылечил врач\n"
            "    • убийство от клана → Вишенка — выполнено\n") in notes
    # near: a one-victim kill stays one move
    t = _moon_turn(['{ by = "Кот Бегемот", action = "clan_kill", target = "Бука" }'])
    assert [m.to_json()["target"] for m in t.result.moves if m.action == "clan_kill"] == ["Бука"]


def test_a_two_vote_day_keeps_one_vote_move_with_both_targets():
    t = _moon_turn(['{ by = "Бука", action = "vote", targets = ["Ёжик", "Карлсон"] }'], event="rage")
    [vote] = [m.to_json() for m in t.result.moves if m.action == "vote"]
    assert vote["targets"] == ["Ёжик", "Карлсон"] and vote["outcome"] == "done"


# --- 4. explain: forum votes, the member in the accusative ------------------------------------

def test_explain_names_forum_votes_and_the_member_in_the_accusative():
    t = _moon_turn(['{ by = "Кот Бегемот", action = "on_behalf", member = "Колобок", '
                    'move = { action = "rob", target = "Бука" } }'],
                   votes={"Вишенка": ["Бука"]}, event="none")
    notes = explain_turn(t.result, t.state_before)
    assert "кража за Колобка (Вор, Клан 2) → Бука" in notes
    assert "  Вишенка (Мирный):\n    • голос на линче с форума (пост в ветке или подсчёт ведущего) → Бука — учтён" in notes
