"""A fresh host's findings (session 58's trial), fixed in session 59: the players' side of
questions and answers."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mailer.store import loads
from test_answers import EXTRA_PLAYERS, _letters, _reply_to
from test_fresh_host58 import _explain, _flat, ask_then_answer
from test_sync import DEADLINE, START, Game, letter


@pytest.fixture
def kira(tmp_path):
    g = Game(tmp_path, players=EXTRA_PLAYERS)
    yield g
    g.store.dispose()


# 10. The question asked again read «Вопрос остаётся: Не понял, кого вы имеете в виду: …» (a
#     question nested in another); tests/test_fresh_host58 and test_answer_whole_vote check
#     the reply's wording; here: the stored question is read back as first asked.

def test_the_question_asked_again_reads_back_as_first_asked():
    from engine.answer_reply import ONE_NICK, asked_again, question
    from engine.model import Problem

    for said in ("Не понял, кого вы имеете в виду: «Кир» или «Кира»? (в строке «Лечу Кирку»)",
                 "Ни один ник из списка игроков не подходит к слову «Вася» (в строке «Лечу Васю»). Проверьте ник.",
                 "Названо больше игроков, чем у вас сегодня голосов: «Линч: А и Б». Напишите, за кого вы голосуете."):
        again = asked_again(Problem("x", "ambiguous", message=said))
        assert "Не понял" not in again and "Вопрос остаётся" not in again
        assert question(Problem("x", "ambiguous", message=f"Я не понял. {again} {ONE_NICK}")) == said
    # a message stored by an older version is still read back
    assert question(Problem("x", "ambiguous", message="Ой. Вопрос остаётся: Не понял, кого? " + ONE_NICK)) == \
        "Не понял, кого?"


# 5. A reply that carries its own full move («Линч: Serginio») to the question about «Линч:
#    Кирку» showed «на вопрос ответа не пришло» in ``explain``.

def test_a_new_full_move_answers_the_question_in_explain(kira):
    from mailer.day import close_day

    g = kira
    _asked, answer = ask_then_answer(g, "Линч: Кирку", "Линч: Serginio", "5")
    assert loads(answer.moves_json) == [{"action": "vote", "target": "Serginio"}]
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    text = _explain(g)
    assert "на вопрос ответа не пришло" not in text
    assert f"письмо {answer.id} — на вопрос ответил новым ходом: Голос на линче: Serginio" in text


def test_a_new_move_of_another_kind_leaves_the_question_open(kira):
    from mailer.day import close_day

    g = kira
    ask_then_answer(g, "Линч: Кирку", "Лечу Маруську", "5b")
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    assert "на вопрос ответа не пришло: тот ход не засчитан" in _explain(g)
