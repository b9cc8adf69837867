"""A name read as a guess at a slip is told in the reply (issue 11, precision first; a fresh
host, s46: «Чибурашка» was read as Чебурашка and the reply only listed the move, so a player
who meant someone else could not know): :mod:`engine.names_told` finds such names,
:meth:`mailer.render.Renderer.reply` says which word was read as whom."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from engine.names_told import guessed_name, guessed_names
from engine.parse import parse_letter
from test_parse import build
from test_russian import day_row, renderer_for

STD = ("Бармалей", "Ягуарчик", "Воришка", "Страж", "Шерлок", "Serginio", "Маруська", "Любашка", "Шкаф",
       "Зоркий Глаз", "Потрошитель", "Бука", "Кир", "Миралисса", "Dr.Who", "Дон Педро")


@pytest.mark.parametrize("span, target, word", [
    ("Лечу Миролиссу", "Миралисса", "Миролиссу"),   # a letter slipped: a guess
    ("Голос за Потрашителя", "Потрошитель", "Потрашителя"),
    ("Лечу Миралиссу", "Миралисса", None),          # a case form: read, no guess
    ("Бью Маруську", "Маруська", None),
    ("Шизю Марусю", "Маруська", None),              # a pet form: a reading, no guess
    ("Проверяю Педро", "Дон Педро", None),          # a word of the nick
    ("Голосую за Dr.Who", "Dr.Who", None),
    ("Проверяю Зоркого Глаза", "Зоркий Глаз", None),
    ("", "Бука", None),
    ("Линч: Маруська и Бармолей", "Бармалей", "Бармолей"),  # another nick beside it (s47)
    ("Линч: Маруська и Бармалей", "Бармалей", None),
])
def test_guessed_name(span, target, word):
    assert guessed_name(STD, span, target) == word


def test_guessed_names_of_a_letters_moves_each_once_in_order():
    state, turn = build({"from": "Serginio"})
    r = parse_letter("Лечу Миролиссу. Линч: Потрашитель", "Serginio", state, turn)
    assert [(m.action, m.target) for m in r.moves] == [("heal", "Миралисса"), ("vote", "Потрошитель")]
    assert guessed_names(tuple(state.players), r.moves) == [("Миролиссу", "Миралисса"),
                                                            ("Потрашитель", "Потрошитель")]
    clean = parse_letter("Лечу Миралиссу. Линч: Потрошитель", "Serginio", state, turn)
    assert guessed_names(tuple(state.players), clean.moves) == []


def test_the_reply_tells_a_guessed_name_and_only_that(tmp_path):
    state, turn = build({"from": "Serginio"})
    renderer = renderer_for(tmp_path, {n: None for n in state.players})
    now = datetime(2026, 12, 7, 12, 0, tzinfo=timezone.utc)

    def reply(text: str, status: str = "applied") -> str:
        r = parse_letter(text, "Serginio", state, turn)
        return renderer.reply(nick="Serginio", moves=list(r.moves), problems=list(r.problems), state=state,
                              day_row=day_row(1), late_deadline=None, status=status, skip=False,
                              cancel=False, now=now - timedelta(days=1))

    told = reply("Лечу Миролиссу.")
    assert "Имя «Миролиссу» я прочитал как Миралисса" in told
    assert "Если вы имели в виду другого игрока, напишите, кого." in told
    assert "я прочитал как" not in reply("Лечу Миралиссу.")
    # a late letter's moves are not taken: nothing of them is told as read so
    assert "Имя «Миролиссу»" not in reply("Лечу Миролиссу.", status="late")
