"""The sender's own night move read from his community's verb (engine.parse_own_verb, issue 11):
which word it was read from (:func:`guessed_verb`), and the reply that tells the player so,
so that a player who meant something else corrects it."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from engine.parse import parse_letter
from engine.parse_own_verb import guessed_verb
from test_parse import build
from test_russian import day_row, renderer_for


@pytest.mark.parametrize("span, action, word", [
    ("Прикармливаю сегодня Буку", "heal", "Прикармливаю"),
    ("А сегодня подсекаю Миралиссу, пусть отдыхает", "beat", "подсекаю"),
    ("Лечу Буку", "heal", None),  # (a word of the heal's lexicon: no guess)
    ("Прикармливаю сегодня Буку", "vote", None),  # (a vote is never read so)
    ("", "heal", None),
])
def test_guessed_verb(span, action, word):
    assert guessed_verb(span, action) == word


def test_the_reply_tells_the_guessed_verb_and_only_that(tmp_path):
    state, turn = build({"from": "Serginio"})
    renderer = renderer_for(tmp_path, {n: None for n in state.players})
    now = datetime(2026, 12, 7, 12, 0, tzinfo=timezone.utc)

    def reply(text: str, status: str = "applied") -> str:
        r = parse_letter(text, "Serginio", state, turn)
        return renderer.reply(nick="Serginio", moves=list(r.moves), problems=list(r.problems), state=state,
                              day_row=day_row(1), late_deadline=None, status=status, skip=False,
                              cancel=False, now=now - timedelta(days=1))

    told = reply("Прикармливаю сегодня Буку. Голос — Кир.")
    assert "Слово «Прикармливаю» я прочитал как ваш ночной ход (лечение: Бука)" in told
    assert "Если вы имели в виду другое, напишите." in told
    assert "Слово «" not in reply("Лечу Буку. Голос — Кир.")
    # a late letter's moves are not taken: nothing of them is told as read so
    assert "Слово «" not in reply("Прикармливаю сегодня Буку.", status="late")
