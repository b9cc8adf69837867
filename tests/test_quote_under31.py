"""The player's answer under an unmarked quoted letter with no rule line (issue 11, session
31): a paragraph under the quote that acknowledges it in lower case («ок, тогда …»), addresses its writer
by the name its head gives («От: Ведущий …» / «Ведущий, …»), or names its writer's login
mid-sentence («не верю я этому lis_77» under «От: lis_77 <…>») is the player's; answers
written into the quote after arrows («--> Ёжик») are the player's. Precision: the quoted
letter's own paragraphs (a greeting, the recipient's name, its writer's name at its end)
stay cut, and so do its moves.
"""

from __future__ import annotations

import pytest

from mailer.quotes import strip_quotes
from test_quote_layouts import EXPECTED, _moves

OLD = "Кузя, ваши ходы приняты.\nЛечу Лося.\nЛинч: Лось"

HEADS = {
    "mailru": "Четверг, 3 декабря 2026, 20:11 +03:00 от Ведущий <host@example.org>:",
    "gmail_ru": "чт, 3 дек. 2026 г. в 20:11, Ведущий <host@example.org>:",
    "outlook_ru": "От: Ведущий <host@example.org>\nОтправлено: 3 декабря 2026 г. 20:11\n"
                  "Кому: Кузя\nТема: RE: ночь 2",
    "gmail_forward": "---------- Forwarded message ---------\nFrom: Ведущий <host@example.org>\n"
                     "Date: Thu, Dec 3, 2026 at 8:11 PM\nSubject: ночь 2\nTo: kuzya@example.org",
    "original_en": "-----Original Message-----\nFrom: Ведущий <host@example.org>\n"
                   "Sent: Thursday, December 3, 2026 8:11 PM\nTo: kuzya@example.org",
}


@pytest.mark.parametrize("name", sorted(HEADS))
@pytest.mark.parametrize("answer", [
    "ок, тогда так. Лечу Бобра.\nЛинч: Ёжик",
    "окей. Лечу Бобра. Линч: Ёжик",
    "Ведущий, поправка: лечу Бобра.\nЛинч: Ёжик",
    "Ведущий! Лечу Бобра, линч: Ёжик",
])
def test_answer_under_a_quote_on_top(name, answer):
    body = strip_quotes(f"{HEADS[name]}\n\n{OLD}\n\n{answer}\n")
    assert "Лося" not in body and "Лось" not in body
    assert _moves(body, "none") == (EXPECTED, [])


def test_forward_of_another_player_with_the_answer_under_it():
    """A forwarded letter from a player, the sender's text above and under it: his text under
    it names the forward's writer by login, as the writer never does."""
    text = ("Ведущий, вот что мне пишут:\n\n---------- Пересланное сообщение ----------\n"
            "От: lis_77 <lis77@example.org>\nДата: 3 дек. 2026 г., 14:40\nТема: дело\n"
            "Давай вместе: ты лечишь Лося, а на линч Лося не ставим.\n\n"
            "Не верю я этому lis_77. Лечу Бобра, а голос за Ёжика.\n")
    body = strip_quotes(text)
    assert "Лося" not in body
    assert _moves(body, "none") == (EXPECTED, [])


def test_arrow_answers_inside_an_unmarked_quote():
    text = ("Ответы ниже, после стрелок.\n\nОт: Ведущий <host@example.org>\n"
            "Отправлено: 3 декабря 2026 г. 20:11\nКому: Кузя\nТема: День 2\n\n"
            "Доброе утро! Вчера вы лечили Лося.\n\nВаше лечение этой ночью:\n--> Бобра\n\n"
            "Ваш голос на линч:\n--> Ёжик\n\nПриём ходов до 19:30.\n")
    body = strip_quotes(text)
    assert "Лося" not in body
    assert _moves(body, "none") == (EXPECTED, [])


@pytest.mark.parametrize("text", [
    # the quoted letter's own paragraphs: a greeting, the recipient's name, the writer's name
    "{head}\n\nДобрый вечер!\n\n" + OLD + "\n\nВедущий",
    "{head}\n\nПривет.\n\nКузя, " + OLD[6:] + "\n\nС уважением, Ведущий",
    "{head}\n\n" + OLD + "\n\nВедущий напоминает: приём ходов до 19:30. Лечу Лося — принято.",
    "{head}\n\n" + OLD + "\n\nОк — так и запишем. Лечу Лося.",
])
@pytest.mark.parametrize("name", ["mailru", "outlook_ru", "gmail_forward"])
def test_the_quoted_letter_s_own_paragraphs_stay_cut(text, name):
    body = strip_quotes(text.format(head=HEADS[name]))
    assert "Лося" not in body and "Лось" not in body


@pytest.mark.parametrize("text", [
    "Лечу Бобра.\nОт: меня привет Ёжику.\nЛинч: Ёжик",
    "Лечу Бобра.\n-----\nЛинч: Ёжик",
    "Лечу Бобра. --> это важно\nЛинч: Ёжик",
])
def test_own_text_that_only_looks_like_a_head_is_kept(text):
    assert _moves(strip_quotes(text), "none")[0] == EXPECTED
