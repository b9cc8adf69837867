"""Quote layouts the cutter learnt in the second quote round (issue 11, «quote blocks the
product does not know»): an unmarked quote at the top of a letter that the player closes
with a rule line and writes under (bottom-posting in Outlook and webmail), attribution
lines of kinds not seen before (Horde's «Quoting Name <a@b>:», a line that lost its colon,
Mail.ru's line without the address), an attribution glued to the player's last words, and
a header block that opens with its date.

The letters are our own, written on the layouts the reply-parsing projects' public test
e-mails show; the new text carries heal Бобёр and vote Ёжик, the quote heal Лось and vote
Лось, and only the new moves may count, on a two-vote day too. Precision tests: players'
prose that only looks like these kinds keeps every word.
"""

from __future__ import annotations

import pytest

from mailer.decode import decode
from mailer.quotes import strip_quotes
from test_quote_layouts import EXPECTED, _moves, _plain_letter

NEW = "Вечер добрый.\nЛечу Бобра.\nЛинч: Ёжик"
OLD = "Кузя, ваши ходы приняты.\nЛечу Лося.\nЛинч: Лось\nВедущий"


def _only_new_moves(body_text: str, event: str = "rage") -> None:
    """Decode ``body_text`` as a plain-text letter; only the new moves may be read."""
    body = decode(_plain_letter(body_text)).body
    assert "Лося" not in body and "Лось" not in body
    assert _moves(body, event) == (EXPECTED, [])


# ------------------------------------------------- an unmarked quote above the new text

#: Heads of a quoted letter a client puts at the top when the player writes under it.
TOP_HEADS = {
    "outlook_ru": "От: Ведущий [mailto:host@example.org]\nОтправлено: 3 декабря 2026 г. 20:11\n"
                  "Кому: Кузя\nТема: RE: ночь 2",
    "outlook_en_original": "-----Original Message-----\nFrom: Host <host@example.org>\n"
                           "Sent: Thursday, December 3, 2026 8:11 PM\nTo: kuzya@example.org\nSubject: RE: ночь 2",
    "outlook_ru_original": "-----Исходное сообщение-----\nОт: Ведущий\nОтправлено: четверг, 3 декабря 2026 г. 20:11\n"
                           "Кому: Кузя\nТема: ночь 2",
    "outlook_rule": "________________________________\nОт: Ведущий <host@example.org>\n"
                    "Отправлено: 3 декабря 2026 г. 20:11",
    "gmail_en": "On Thu, Dec 3, 2026 at 8:11 PM Host <host@example.org> wrote:",
    "yandex": "03.12.2026, 20:11, \"Ведущий\" <host@example.org>:",
    "mailru": "Четверг, 3 декабря 2026, 20:11 +03:00 от Ведущий <host@example.org>:",
    "gmail_forward": "---------- Forwarded message ---------\nFrom: Host <host@example.org>\n"
                     "Date: Thu, Dec 3, 2026 at 8:11 PM\nSubject: ночь 2\nTo: kuzya@example.org",
}
RULES = ["-----", "_____", "==========", "***", "———", "  ------  "]


@pytest.mark.parametrize("event", ["none", "rage"])
@pytest.mark.parametrize("name", sorted(TOP_HEADS))
def test_unmarked_quote_on_top_closed_by_a_rule(name, event):
    """The player wrote under the quoted letter and marked where his text starts."""
    _only_new_moves(f"{TOP_HEADS[name]}\n\n{OLD}\n-----\n{NEW}\n", event)


@pytest.mark.parametrize("rule", RULES)
def test_any_bare_rule_closes_the_quote_on_top(rule):
    _only_new_moves(f"{TOP_HEADS['outlook_ru']}\n{OLD}\n\n{rule}\n\n{NEW}\n")


def test_quote_on_top_without_a_rule_is_cut_whole():
    """No «>» and no rule: where the quoted letter ends is not known, so nothing of it may
    count (a quoted move is never the sender's)."""
    assert strip_quotes(f"{TOP_HEADS['outlook_ru']}\n\n{OLD}\n\n{NEW}\n") == ""


def test_a_rule_inside_a_quote_under_the_new_text_does_not_reopen_it():
    """Quote under the player's own text: a rule in the quoted letter is the quoted letter's."""
    text = f"{NEW}\n\n{TOP_HEADS['outlook_ru']}\n\nПринято.\n-----\nЛечу Лося.\nЛинч: Лось\n"
    assert strip_quotes(text) == NEW


def test_a_rule_right_under_the_head_is_no_end_of_the_quote():
    """A rule with no quoted text above it closes nothing: the quote runs on."""
    text = f"{TOP_HEADS['gmail_en']}\n-----\n{OLD}\n"
    assert strip_quotes(text) == ""


def test_a_second_quote_under_the_rule_is_cut_too():
    text = (f"{TOP_HEADS['outlook_ru']}\n{OLD}\n-----\n{NEW}\n\n"
            f"{TOP_HEADS['gmail_en']}\nЛечу Лося.\nЛинч: Лось\n")
    _only_new_moves(text)


def test_marked_quote_on_top_with_a_rule_under_it():
    text = f"{TOP_HEADS['mailru']}\n> Лечу Лося.\n> Линч: Лось\n-----\n{NEW}\n"
    _only_new_moves(text)


# ------------------------------------------------- attribution kinds

ATTRIBUTIONS = {
    "horde_en": "Quoting Ведущий <host@example.org>:",
    "horde_de": "Zitat von Ведущий <host@example.org>:",
    "ru_quoting": "Цитата от Ведущий <host@example.org>:",
    "colon_lost_en": "On Thu, Dec 3, 2026 at 8:11 PM Host <host@example.org> wrote",
    "colon_lost_de": "Am 03.12.2026 um 20:11 schrieb Ведущий <host@example.org>",
    "mailru_no_address": "Четверг, 3 декабря 2026, 20:11 +03:00 от Ведущий:",
    "mailru_no_weekday": "3 декабря 2026, 20:11 +03:00 от Ведущий игры:",
    "ru_you_wrote_dated": "В письме от 03.12.2026 20:11 вы писали:",
    "ru_plural_dated": "03.12.2026 в 20:11 ведущие написали:",
}


@pytest.mark.parametrize("marked", [True, False])
@pytest.mark.parametrize("name", sorted(ATTRIBUTIONS))
def test_attribution_kinds(name, marked):
    old = "\n".join("> " + x for x in OLD.split("\n")) if marked else OLD
    _only_new_moves(f"{NEW}\n\n{ATTRIBUTIONS[name]}\n{old}\n")


@pytest.mark.parametrize("marked", [True, False])
def test_attribution_folded_inside_its_date(marked):
    """Gmail in German puts the date last and folds it after the day («… schrieb am Do.,
    3.» / «Dez. 2026, 20:11:»): both lines are the head."""
    old = "\n".join("> " + x for x in OLD.split("\n")) if marked else OLD
    text = f"{NEW}\n\nВедущий <host@example.org> schrieb am Do., 3.\nDez. 2026, 20:11:\n\n{old}\n"
    assert strip_quotes(text) == NEW


@pytest.mark.parametrize("glue", [" ", "--- ", "-- ", " ---"])
def test_attribution_glued_to_the_last_words(glue):
    """Line breaks lost: the attribution follows the player's last word on the same line,
    without a full stop; the words are his, the rest is the quote."""
    text = (f"Вечер добрый.\nЛечу Бобра.\nЛинч: Ёжик{glue}On Thu, Dec 3, 2026 at 8:11 PM, "
            f"host@example.org wrote:\n> Лечу Лося.\n> Линч: Лось\n")
    assert strip_quotes(text) == NEW


# ------------------------------------------------- header block that opens with its date

DATE_FIRST = {
    "en": "Date: Thu, 3 Dec 2026 20:11:02 +0300\nTo: kuzya@example.org",
    "en_three": "Date: Thu, 3 Dec 2026 20:11:02 +0300\nTo: Кузя\nSubject: ночь 2",
    "ru": "Дата: Четверг, 3 декабря 2026, 20:11 +03:00\nКому: kuzya@example.org\nТема: ночь 2",
}


@pytest.mark.parametrize("name", sorted(DATE_FIRST))
def test_header_block_opening_with_its_date(name):
    _only_new_moves(f"{NEW}\n\n{DATE_FIRST[name]}\n\n{OLD}\n")


#: (the letters are read on day 1: a head naming another night would be asked, issue11_silent30)
MEMO_HEADS = [
    "Кому: Ведущему\nОт: Тацита, главы семейства\nТема: распоряжения на ночь",
    "От: Кузи\nКому: Ведущему\nТема: ходы на ночь 1",
    "Тема: ходы на ночь 1\nКому: Ведущему\nОт: Кузи\nКопия: никому",
]


@pytest.mark.parametrize("head", MEMO_HEADS)
def test_players_memo_head_is_no_quoted_letter(head):
    """A formal player heads his letter like a memo: at the top, with no address, time or
    date of sending, it is no client's header block and his moves under it count."""
    text = f"{head}\n\n{NEW}"
    assert strip_quotes(text) == text
    assert _moves(decode(_plain_letter(text)).body, "rage") == (EXPECTED, [])


@pytest.mark.parametrize("head", MEMO_HEADS)
def test_the_same_head_under_the_new_text_is_a_quoted_letter(head):
    """Under the player's own text the same lines head a quoted letter (a client's block
    with its address and time left out): the quote is cut."""
    _only_new_moves(f"{NEW}\n\n{head}\n\n{OLD}\n")


def test_a_block_on_top_with_the_date_it_was_sent_is_a_client_s():
    head = "От: Ведущий\nОтправлено: четверг, 3 декабря 2026 г.\nКому: Кузя\nТема: RE: ночь 2"
    _only_new_moves(f"{head}\n{OLD}\n-----\n{NEW}\n")


# ------------------------------------------------- precision

#: Players' prose that only looks like the kinds above: nothing may be cut.
KEPT = [
    "Лечу Бобра.\n-----\nЛинч: Ёжик",
    "-----\nЛечу Бобра.\nЛинч: Ёжик\n-----",
    "Лечу Бобра.\n\n=====\nЛинч: Ёжик\n=====\nКузя",
    "Ходы до 04.12.2026 21:00 +03:00:\nЛечу Бобра.\nЛинч: Ёжик",
    "Итоги 04.12.2026 21:00 +03:00 по Москве:\nЛечу Бобра.\nЛинч: Ёжик",
    "Цитирую Лося:\n«я мирный»\nЛечу Бобра.\nЛинч: Ёжик",
    "Лось <los@example.org> вчера написал, что он мирный\nЛечу Бобра.\nЛинч: Ёжик",
    "Дата: 04.12.2026 21:00\nТема: ходы\nЛечу Бобра.\nЛинч: Ёжик",
    "Лечу Бобра. On Monday we will see.\nЛинч: Ёжик",
    "Лечу Бобра -- On est d'accord?\nЛинч: Ёжик",
    "От меня: голосую за Ёжика\nЛечу Бобра.",
    "Лечу Бобра.\nОтправлено с iPhone, пишу в метро\nЛинч: Ёжик",
    "Лось <los@example.org> пишет, что ему 3.\nМои ходы:\nЛечу Бобра.\nЛинч: Ёжик",
]


@pytest.mark.parametrize("text", KEPT)
def test_players_prose_is_kept(text):
    assert strip_quotes(text) == text


@pytest.mark.parametrize("text", [KEPT[i] for i in (0, 1, 3, 5, 7)])
def test_players_prose_keeps_its_moves(text):
    assert _moves(decode(_plain_letter(text)).body, "rage") == (EXPECTED, [])
