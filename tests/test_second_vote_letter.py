"""A two-vote day's second vote sent alone in a later letter («Второй голос — Лось.» after
«Линч: Маруська»): it joins the earlier vote, in the reply, in status and at close-day alike
(fresh-host trial of the forty-second session: the second letter's vote replaced the first and
its reply said only one of two votes was understood)."""

from __future__ import annotations

from engine.legality import SECOND_VOTE, merged_vote, standing_moves
from engine.model import Move
from test_fresh_host26 import _rage_game


def test_a_second_vote_alone_joins_the_earlier_letters_vote(tmp_path):
    bodies, voted, moves = _rage_game(
        tmp_path, ("buka@example.org", "Лечу Маруську. Линч: Маруська", "v1@x", 2),
        ("buka@example.org", "Второй голос — Ягуарчик.", "v2@x", 3),
        ("marusya@example.org", "Линч: Бука, Ягуарчик", "v3@x", 2),
        ("marusya@example.org", "И второй голос отдаю Serginio", "v4@x", 3),
        ("serg@example.org", "Второй голос — Бука.", "v5@x", 3))
    body = bodies["v2@x"]
    assert "Принято (день 1):\n  - Голос на линче: Ягуарчик\n" in body
    assert "Остаются в силе ходы из ваших прежних писем за день 1:\n" in body
    assert "  - Голос на линче: Маруська\n" in body
    assert "понял только один" not in body
    assert "заменены этим письмом" not in body
    assert "второй можно прислать" not in body
    assert [m for m in moves["Бука"] if m[0] == "done"] == [("done", "ok", ("Маруська", "Ягуарчик"))]
    # the earlier vote named two: the second vote takes the second place
    assert [m for m in moves["Маруська"] if m[0] == "done"] == [("done", "ok", ("Бука", "Serginio"))]
    assert "  - Голос на линче: Бука\n" in bodies["v4@x"]
    # no earlier vote: the vote given is the only one, and nothing was asked
    assert [m for m in moves["Serginio"] if m[0] == "done"] == [("done", "ok", ("Бука",))]
    assert "понял только один" not in bodies["v5@x"]
    assert voted["Бука"] is voted["Маруська"] is voted["Serginio"] is True


def test_merged_vote_joins_the_first_player_of_the_earlier_vote():
    one = Move(action="vote", target="Маруська")
    two = Move(action="vote", targets=("Бука", "Ягуарчик"))
    elk = Move(action="vote", target="Лось")
    assert merged_vote(one, (SECOND_VOTE,), elk).targets == ("Маруська", "Лось")
    assert merged_vote(two, (SECOND_VOTE,), elk).targets == ("Бука", "Лось")
    assert merged_vote(None, (SECOND_VOTE,), elk) is elk
    assert merged_vote(Move(action="vote", target="Лось"), (SECOND_VOTE,), elk) is elk
    # a later plain vote still replaces the joined one (DECISIONS.md §8)
    stand = standing_moves([((one,), False, ()), ((elk,), False, (SECOND_VOTE,)),
                            ((Move(action="vote", target="Бука"),), False, ())])
    assert stand == [Move(action="vote", target="Бука")]


def test_the_parser_marks_a_second_vote_given_alone():
    """«Второй голос — X» and its kin join (``unvote`` :data:`SECOND_VOTE`, no problem); a
    first vote named, more names trailing, or a «второй» of another clause: not joined."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks" / "blind"))
    from score import build
    from engine.parse import parse_letter

    roster = {"Маруська": "civilian", "Лось": "civilian", "Бука": "clan1.boss", "Кузя": "doctor"}
    state, turn = build(roster, {"from": "Кузя", "day": 2, "event": "voice"})

    def read(text):
        r = parse_letter(text, "Кузя", state, turn)
        return [m.to_json() for m in r.moves], [p.reason for p in r.problems], r.unvote

    for text in ("Второй голос — Лось.", "И второй голос отдаю Лосю", "Вторым голосом — за Лося",
                 "второй голос: лось"):
        assert read(text) == ([{"action": "vote", "target": "Лось"}], [], (SECOND_VOTE,)), text
    assert read("Второй голос — Лось, первый Маруська")[2] == ()
    for text in ("Второй голос — Лось и ещё", "Второй голос нет смысла держать, голосую за Лося и ..."):
        assert read(text) == ([{"action": "vote", "target": "Лось"}], ["second_vote"], ()), text
    state1, turn1 = build(roster, {"from": "Кузя", "day": 2})
    assert parse_letter("Второй голос — Лось.", "Кузя", state1, turn1).unvote == ()
