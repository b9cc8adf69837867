"""The host's acceptance pasted under the player's text with no mark or head (issue 11,
round 60): «Ваше письмо принято.» alone on its line, after a blank line, cuts the rest."""

from mailer.quotes import strip_quotes


def test_acceptance_pasted_under_the_text_is_cut():
    text = "Проверяю Сову.\nГригорий\n\nВаше письмо принято.\nПроверка: Крот.\nЛинч: Ёж."
    assert strip_quotes(text) == "Проверяю Сову.\nГригорий"


def test_other_acceptance_openings_are_cut():
    text = "Голос за Ежа.\n\nВаши ходы приняты!\nЛинч: Крот."
    assert strip_quotes(text) == "Голос за Ежа."


def test_a_line_that_goes_on_is_kept():
    text = "Лечу Сову.\n\nВаше письмо принято, спасибо, а голос за Крота."
    assert strip_quotes(text) == text


def test_acceptance_opening_the_letter_is_not_cut_here():
    text = "Ваше письмо принято.\nЛечу Сову."
    assert strip_quotes(text) == text
