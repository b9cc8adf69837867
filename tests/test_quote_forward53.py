"""A forwarded letter with the player's own orders under it (issue 11, struct53): the player's
note above the forward only announces it («Пересылаю, что мне X прислал:», no move word), the
forwarded letter has no end marker, and its first paragraph is someone's move or question;
the next paragraph is the player's own text (mailer.quotes._forward_intro,
_answer_under_forward). Anything else under a forward is cut to the end, as before."""

from mailer.quotes import strip_quotes

HEAD = ("---------- Forwarded message ---------\n"
        "От: Шкипер <shkiper@mail.example>\n"
        "Date: чт, 10 дек. 2026 г. в 21:05\n"
        "Subject: ночь\n"
        "To: Боцманмат <bm@mail.example>\n\n")


def test_orders_under_a_forwarded_question_are_kept():
    text = ("Ведущий, гляди, что мне Шкипер написал, пересылаю:\n\n" + HEAD +
            "шеф, я у Юнги ворую или у Кока?\n\n"
            "Решаю так: Шкиперу — обчистить Юнгу. Голос — Кок.")
    assert strip_quotes(text) == ("Ведущий, гляди, что мне Шкипер написал, пересылаю:\n\n"
                                  "Решаю так: Шкиперу — обчистить Юнгу. Голос — Кок.")


def test_own_vote_under_a_forwarded_move_is_kept():
    text = ("Переслала вам, это же сговор!\n\n" + HEAD + "Голосуем все за Лоцмана.\n\n"
            "А мой голос — Шкипер.")
    assert strip_quotes(text).endswith("А мой голос — Шкипер.")
    assert "Лоцмана" not in strip_quotes(text)


def test_forward_without_a_note_is_cut_to_the_end():
    text = HEAD + "Голосуем все за Лоцмана.\n\nА мой голос — Шкипер."
    assert strip_quotes(text) == ""


def test_note_with_a_move_of_its_own_cuts_the_forward_to_the_end():
    # the player wrote his move above: the forwarded letter's later paragraphs are its own
    text = ("Пересылаю, что мне Шкипер прислал. Мой голос — Кок.\n\n" + HEAD +
            "Голосуем все за Лоцмана.\n\nИ ещё лечи меня.")
    assert strip_quotes(text) == "Пересылаю, что мне Шкипер прислал. Мой голос — Кок."


def test_forwarded_letter_opening_with_a_greeting_is_cut_to_the_end():
    text = ("Вот что мне прислали, пересылаю:\n\n" + HEAD + "Привет, дружище!\n\n"
            "Голосуем все за Лоцмана.")
    assert strip_quotes(text) == "Вот что мне прислали, пересылаю:"


def test_a_note_that_forwards_nothing_keeps_todays_cut():
    text = ("Ведущий, добрый вечер.\n\n" + HEAD + "Голосуем все за Лоцмана.\n\n"
            "А мой голос — Шкипер.")
    assert strip_quotes(text) == "Ведущий, добрый вечер."
