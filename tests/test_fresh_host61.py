"""A fresh host's findings (session 60's trial), fixed in session 61."""

from __future__ import annotations

from datetime import timedelta

import pytest

from test_fresh_host55 import _run
from test_sync import DEADLINE, START, Game, letter


@pytest.fixture
def game(tmp_path):
    g = Game(tmp_path)
    yield g
    g.store.dispose()


def _said(result) -> str:
    return " ".join(result.output.split())


# 4. A letter moved into the mailbox from the spam folder after the day's close: ``sync`` said
#    «пришли после итогов дня: 1» with no letter number and no hint; now it names the letters
#    and the reopen-day / reread way.

def test_sync_names_letters_read_after_the_days_close(game):
    game.deliver(letter("marusya@example.org", "Линч: Serginio", msgid="m@x"), START + timedelta(hours=2))
    game.sync()
    assert _run(game, ["close-day"], DEADLINE + timedelta(minutes=5)).exit_code == 0
    # two letters sent on time, found in the spam folder and moved in after the close
    game.deliver(letter("buka@example.org", "Линч: Маруська", msgid="b@x"), START + timedelta(hours=3))
    game.deliver(letter("jaguar@example.org", "Линч: Маруська", msgid="j@x"), START + timedelta(hours=4))
    synced = _run(game, ["sync"], DEADLINE + timedelta(minutes=20))
    said = _said(synced)
    assert synced.exit_code == 0, synced.output
    ids = sorted(r.id for r in game.rows() if r.message_id in ("b@x", "j@x"))
    assert "пришли после итогов дня: 2" in said
    assert (f"Письма {ids[0]}, {ids[1]} пришли в срок дня 1, но день 1 уже закрыт: ходы не засчитаны, игрокам — "
            f"ответ об этом. Засчитать их в день 1: mafia-mail reopen-day 1, затем mafia-mail reread "
            f"{ids[0]} {ids[1]}") in said, said


# 3. «Да» answering a question that offered no reading («Не понял, ход ли это: …» with no move
#    to say yes to) got «В письме я не нашёл ни одного хода»: it is told the yes answers
#    nothing there and what to write instead.

@pytest.mark.parametrize("text, told", [
    ("Сегодня ночью — Маруська",
     "«Да» ничего не засчитывает: в вопросе о словах «Сегодня ночью — Маруська» я не предложил хода — не понял, "
     "какой ход в них и за кого. Если это ваш ход, напишите его прямо: действие и ник"),
    ("Кладу в палату Маруську. Сегодня ночью — Ягуарчик",
     "«Да» ничего не засчитывает: вопросов было несколько («Кладу в палату Маруську», «Сегодня ночью — "
     "Ягуарчик»), и я не знаю, к какому из них относится ваше «да». Напишите ход прямо: действие и ник"),
])
def test_a_yes_to_a_question_with_no_reading_is_told_what_to_write(game, text, told):
    from test_answers import _letters, _reply_to
    from test_fresh_host58 import _flat, _quoted

    game.deliver(letter("buka@example.org", text, msgid="q3@x"), START + timedelta(hours=2))
    game.sync()
    asked = _reply_to(game, "q3@x")
    assert "Не понял, ход ли это" in _flat(asked.body)
    game.deliver(letter("buka@example.org", "Да" + _quoted(asked.body), msgid="a3@x",
                        extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
    game.sync()
    body = _flat(_reply_to(game, "a3@x").body)
    assert told in body, body
    assert "не нашёл ни одного хода" not in body
    assert _letters(game)["a3@x"].moves_json in (None, "[]", "null")
