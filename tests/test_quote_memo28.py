"""A player's memo head is no quoted letter (issue 11, session 29): «СЛУЖЕБНАЯ ЗАПИСКА» over
«Кому: Ведущему / От: … / Дата: 08.12.2026» heads the player's own letter, his moves under it
count; a client's header block (a time, an address, a date in words) still cuts a quote."""

from mailer.quotes import strip_quotes

MEMO = ("Кому: Ведущему игры\nОт: Жулио\nДата: 08.12.2026\n\n"
        "Настоящим сообщаю о намерении жульничать в отношении Шкафа.\n"
        "В случае если Шкаф:\n— врач: лечу себя;\n— комиссар: проверяю Миралиссу.\n\n"
        "Голос на линч: Бука.")


def test_memo_title_and_head_with_a_bare_date_are_the_players():
    text = "СЛУЖЕБНАЯ ЗАПИСКА\n\n" + MEMO
    assert strip_quotes(text) == text


def test_memo_head_with_a_bare_date_at_the_top_is_the_players():
    assert strip_quotes(MEMO) == MEMO


def test_a_report_title_too():
    text = "Рапорт № 3\n\n" + MEMO
    assert strip_quotes(text) == text


def test_a_dated_block_with_a_time_under_a_title_is_still_a_quote():
    text = ("СЛУЖЕБНАЯ ЗАПИСКА\n\nОт: Ведущий\nДата: 08.12.2026 20:03\nКому: Жулио\n"
            "Тема: RE: ход\n\nПринято: лечение — Бука")
    assert strip_quotes(text) == "СЛУЖЕБНАЯ ЗАПИСКА"


def test_a_plain_line_above_a_bare_dated_block_still_cuts():
    text = ("Линч: Бука.\n\nОт: Ведущий\nКому: Жулио\nДата: 08.12.2026\n\n"
            "Принято: лечение — Шкаф")
    assert strip_quotes(text) == "Линч: Бука."
