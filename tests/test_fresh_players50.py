"""Fresh players 50: the program's own questions answered, and a move left to the host.

#7 «Проверяю Карлсона или Буку» is asked «Карлсон» или «Бука»?; the answer «Буку» is that
check (engine.parse_answer: the alternatives' problem keeps the asked move). #10 a doctor's
«…, на ваше усмотрение» is told that the host makes no move for a player
(engine.grammar_rules.left_to_the_host), not clan mechanics.
"""

from __future__ import annotations

from engine.model import TurnInfo
from engine.parse import parse_letter
from engine.parse_answer import read_answer
from test_legality import day2_state


def test_an_answer_to_the_alternatives_question_makes_the_move():
    state, turn = day2_state(), TurnInfo(day=2)
    asked = parse_letter("Проверяю Карлсона или Буку", "Маруська", state, turn)
    assert asked.moves == () and [p.reason for p in asked.problems] == ["alternatives"]
    answer = read_answer("Буку", "Маруська", state, turn, asked.problems)
    assert answer is not None
    assert [m.to_json() for m in answer.moves] == [{"action": "check", "target": "Бука"}]


def test_an_answer_naming_nobody_asked_is_no_answer():
    state, turn = day2_state(), TurnInfo(day=2)
    asked = parse_letter("Проверяю Карлсона или Буку", "Маруська", state, turn)
    assert read_answer("Ромашку", "Маруська", state, turn, asked.problems) is None


def test_a_move_left_to_the_host_is_told_so():
    state, turn = day2_state(), TurnInfo(day=2)
    res = parse_letter("лечу Маруську или себя, на ваше усмотрение, мне всё равно)", "Бука", state, turn)
    assert [(p.kind, p.reason) for p in res.problems] == [("ambiguous", "alternatives"),
                                                          ("unparsed", "host_choice")]
    assert res.problems[1].message == ("Не принял «усмотрение, мне всё равно»: ведущий не выбирает "
                                       "ход за игрока. Напишите, пожалуйста, ход сами: действие и ник.")
    # a member of a clan leaving his move to the boss is read as before
    boss = parse_letter("Ход на усмотрение босса", "Шершень", state, turn)
    assert [m.to_json() for m in boss.moves] == [{"action": "delegate"}]


def test_a_members_kill_order_beside_the_bosss_says_which_is_used(tmp_path):
    """Fresh players 50, #9: a clan member's kill order was «Принято» with no word that the
    boss's order already stands (close-day then said «клан использовал приказ старшего по
    роли»). Told in the reply; a member's kill with no boss kill standing is not."""
    from test_fresh_user28 import _game, _reply, _send

    g = _game(tmp_path)
    try:
        _send(g, "thief@example.org", "Убиваем Киру", "m0@x", 1)
        assert "уже прислал свой приказ" not in _reply(g, "m0@x").body
        _send(g, "jaguar@example.org", "Убиваем Буку", "b1@x", 2)
        _send(g, "thief@example.org", "Убиваем Киру", "m1@x", 3)
        body = " ".join(_reply(g, "m1@x").body.split())
        assert ("Ваш босс (Ягуарчик) уже прислал свой приказ («Убийство от клана: Бука»): по правилам "
                "клан использует приказ старшего по роли, поэтому ваш заказ на убийство выполнится, "
                "только если босс до срока отменит свой.") in body
    finally:
        g.store.dispose()
