"""«Названо больше игроков, чем у вас сегодня голосов … Напишите, за кого вы голосуете»: the
player's answer is the vote (a fresh host's trial, session 58: a player answered the bare nick
as asked, her vote was refused and the autokill took her)."""

from __future__ import annotations

from datetime import timedelta

from mailer.store import loads
from test_answers import _letters, _reply_to
from test_fresh_host58 import _explain, ask_then_answer
from test_fresh_host58 import kira as g  # noqa: F401 - the game with Кир and Кира (a fixture)
from test_sync import DEADLINE, START, letter


def test_a_reply_naming_one_player_is_the_vote(g):
    asked, answer = ask_then_answer(g, "Линч: Ягуарчик и Serginio", "Serginio", "")
    assert "Напишите, за кого вы голосуете" in asked.body
    vote_answered_and_counted(g, answer, "Serginio")


def vote_answered_and_counted(g, answer, nick: str) -> None:
    """The answer letter ``answer`` (Message-ID ``a@x``) applied as the vote for ``nick`` and
    told so, and close-day, reading the day again, still counts it (a fresh host's trial:
    the vote was dropped there and the player got an autokill point)."""
    from mailer.day import close_day

    assert (answer.state, loads(answer.moves_json)) == ("applied", [{"action": "vote", "target": nick}])
    assert f"Голос на линче: {nick}" in _reply_to(g, "a@x").body
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    text = _explain(g)
    assert f"голос на линче → {nick} — учтён" in text
    assert "на вопрос ответа не пришло" not in text


def test_a_new_short_letter_of_the_day_answers_too(g):
    g.deliver(letter("buka@example.org", "Голоса: Ягуарчик, Serginio", msgid="q@x"), START + timedelta(hours=2))
    g.sync()
    g.deliver(letter("buka@example.org", "Ягуарчика, конечно", msgid="a@x"), START + timedelta(hours=3))
    g.sync()
    answer = _letters(g)["a@x"]
    assert (answer.state, loads(answer.moves_json)) == ("applied", [{"action": "vote", "target": "Ягуарчик"}])


def test_an_answer_naming_both_again_is_asked_again(g):
    _asked, answer = ask_then_answer(g, "Линч: Ягуарчик и Serginio", "Ну Ягуарчик и Serginio же", "")
    assert loads(answer.moves_json) == []
    # session 59: «Напомню: названо больше …», not «Вопрос остаётся: Названо больше …»
    assert "Напомню: названо больше игроков, чем у вас сегодня голосов" in " ".join(_reply_to(g, "a@x").body.split())
