"""The sender's own night move in his community's verb (engine.parse_own_verb, issue 11): the
question about such a sentence offers the one likely reading (the role's one night move), which
a «Да» makes (engine.answer_reply.offered_reading); where the reading is not likely enough, the
question offers nothing."""

from __future__ import annotations

import pytest

from engine.answer_reply import offered_reading
from engine.parse import parse_letter
from test_parse import build

_NO_OFFER = "Если это ваш ход, напишите его, пожалуйста, прямо"


@pytest.mark.parametrize("sender, text, offered", [
    ("Serginio", "Прикармливаю сегодня Буку. Голос — Кир.", ("heal", "Бука", "лечение (Бука)")),
    ("Шкаф", "Подсекаю Миралиссу, пусть до утра отдыхает.", ("beat", "Миралисса", "избиение (Миралисса)")),
    ("Потрошитель", "Отправляю на дно Сергея. Линч: Бука", ("maniac_kill", "Сергей", None)),
    ("Serginio", "Прикармливаю себя, а то совсем клюют.", ("heal", "Serginio", "лечение (на себя)")),
    ("Воришка", "Выуживаю у Сергея всё до копейки.", ("rob", "Сергей", None)),
    ("Шерлок", "Сегодня подсекаю Буку. Линч Миралисса", ("check", "Бука", None)),
    ("Маруська", "Глушу Буку.", ("invite", "Бука", "приглашение к Шизику (Бука)")),
])
def test_the_question_offers_the_roles_one_move(sender, text, offered):
    action, target, words = offered
    state, turn = build({"from": sender})
    r = parse_letter(text, sender, state, turn)
    [asked] = [p for p in r.problems if p.kind == "unparsed"]
    assert not any(m.action == action for m in r.moves)  # (never silently a move)
    assert asked.message.startswith(f"Не понял, ход ли это: «{asked.text}». Если это ваш ночной ход — ")
    assert "ответьте на это письмо «Да»" in asked.message
    if words is not None:
        assert f"ваш ночной ход — {words}, ответьте" in asked.message
    move = offered_reading(asked, sender, state, turn)
    assert (move.action, move.target) == (action, target)


@pytest.mark.parametrize("sender, text", [
    ("Serginio", "Может, прикормлю Буку."),            # a hedge
    ("Serginio", "Прикармливаю Буку и Сергея."),       # two players
    ("Воришка", "Выуживаю у Кира всё до копейки."),     # «Кира»: Кир or the hostess Кира
    ("Ягуарчик", "Подсекаю Буку."),                    # the boss has two night moves
    ("Serginio", "Лечу Сергея. Прикармливаю Буку."),   # the heal is made already
    ("Бодигард", "Стою на страже. Голос за Буку."),    # «страже»: a word, beside the nick Страж
    ("Serginio", "Полечу с Миралиссой в Сочи."),        # a word of the heal's lexicon, a companion
])
def test_no_reading_is_offered_when_it_is_not_likely(sender, text):
    state, turn = build({"from": sender})
    r = parse_letter(text, sender, state, turn)
    asked = [p for p in r.problems if p.kind == "unparsed"]
    assert asked, r.problems
    assert all("ответьте на это письмо «Да»" not in p.message for p in asked)


@pytest.mark.parametrize("text, word", [
    ("Прикармливаю сегодня Буку. Голос — Кир.", "прикармливать"),
    ("Ну, подсекаю Миралиссу, пусть до утра отдыхает.", "подсекать"),
    ("Сегодня выуживаю у Сергея всё до копейки.", "выуживать"),
    ("Вчера прикармливал Буку.", None),        # the past: no own verb of an order
    ("Лечу Буку.", None),                       # a word of the heal's lexicon, no own verb
])
def test_the_own_verb_a_yes_confirms_is_named_for_the_host(text, word):
    from engine.parse_own_verb import own_verb_word

    assert own_verb_word(text) == word


def test_the_own_verb_taught_to_the_game_is_read_at_once_next_time():
    """The word a «Да» confirmed (mailer.reading's note shows the host the command), taught by
    ``words add``, is the game's word: the same sentence is read as the move, not asked."""
    from engine import lexicon as lexicon_module
    from engine.lexicon.game import game_tables
    from engine.parse_own_verb import own_verb_word

    text = "Прикармливаю сегодня Буку. Голос — Кир."
    state, turn = build({"from": "Serginio"})
    assert [m.action for m in parse_letter(text, "Serginio", state, turn).moves] == ["vote"]
    taught = lexicon_module.shipped_with(game_tables({"heal": [own_verb_word(text)]}))
    before = lexicon_module.lexicon()
    lexicon_module.provide(lambda: taught)
    try:
        r = parse_letter(text, "Serginio", state, turn)
    finally:
        lexicon_module.provide(lambda: before)
    assert [(m.action, m.target) for m in r.moves] == [("heal", "Бука"), ("vote", "Кир")]
    assert tuple(r.problems) == ()
