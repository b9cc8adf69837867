"""Forum posts pasted into a letter as BBCode quote blocks (issue 11, «forum pastes»).

Forum-mafia players paste posts from the game's thread into their letters: «[quote="Ник"]…
[/quote]» in each forum engine's dialect (phpBB, vBulletin, IPB, SMF), nested, inline in a
line, above, below and between their own lines, and broken (an opening tag never closed, a
closing tag alone). The post is someone else's words: :func:`mailer.quotes.strip_quotes` cuts it
(through :func:`engine.textnorm.cut_forum_quotes`), and only the sender's own moves count, on a
two-vote day too. The letters are our own; the new text carries heal Бобёр and vote Ёжик, the
pasted post heal Лось and vote Лось. Precision tests: brackets and formatting of the player's
own text keep every word.
"""

from __future__ import annotations

import pytest

from engine.textnorm import QUOTE_MARK
from mailer.decode import decode
from mailer.quotes import strip_quotes
from test_quote_layouts import EXPECTED, _moves, _plain_letter

NEW = "Лечу Бобра.\nЛинч: Ёжик"
OLD = "Лечу Лося.\nЛинч: Лось"

#: One pasted post per layout, with the new text around it.
LAYOUTS = {
    "phpbb": f'[quote="Ведущий"]{OLD}[/quote]\n{NEW}',
    "phpbb_33": f'[quote="Лось" post_id=4412 time=1765300000 user_id=77]\n{OLD}\n[/quote]\n\n{NEW}',
    "bare": f"[quote]{OLD}[/quote]\n{NEW}",
    "unquoted_nick_glued": f"[quote=Лось]{OLD}[/quote]{NEW}",
    "vbulletin": f"[QUOTE=Лось;12345]{OLD}[/QUOTE]\n{NEW}",
    "ipb": f'[quote name="Лось" post="31" timestamp="1765300000"]{OLD}[/quote]\n{NEW}',
    "smf": f"[quote author=Лось link=topic=12.msg345#msg345 date=1765300000]{OLD}[/quote]\n{NEW}",
    "nick_with_bracket": f'[quote="Лось]["]{OLD}[/quote]\n{NEW}',
    "nested": f'[quote="Ведущий"][quote="Лось"]Лечу Лося.[/quote]\nЛинч: Лось[/quote]\n{NEW}',
    "two_in_a_row": f"[quote=Лось]Лечу Лося.[/quote][quote=Ведущий]Линч: Лось[/quote]\n\n{NEW}",
    "below": f'{NEW}\n\n[quote="Лось"]{OLD}[/quote]',
    "between": f"Лечу Бобра.\n[quote=Лось]{OLD}[/quote]\nЛинч: Ёжик",
    "inline": "Лечу Бобра. Вот что пишут: [quote=Лось]лечу Лося, линч Лосю[/quote] а я: линч — Ёжик",
    "unclosed_paragraph": f"[quote=Лось]{OLD}\n\n{NEW}",
    "closing_tag_alone": f"{OLD}[/quote]\n\n{NEW}",
    "with_mail_quote": f"{NEW}\n\n[quote]Линч: Лось[/quote]\n\n> Лечу Лося.\n\n-- \nКузя",
    # the cut post is nothing of the player's: the mail quote under it still opens the letter,
    # and the player's text under its rule line is kept
    # posts copied from the thread's page as the forum shows them, «Ник писал(а):» over each
    # (elderly players paste the day's thread above or below their own lines)
    "rendered_above": f"Тема: День 3. Обсуждение\nЛось писал(а):\n{OLD}\n\n{NEW}",
    "rendered_below": f"{NEW}\nС уважением, Кузя\n\nЛось писал(а):\n{OLD}",
    "rendered_two_posts": f"Лось писал(а):\nЛечу Лося.\nВедущий Игры написал(а): 07 дек 2026, 21:00\n"
                          f"Линч: Лось\n\n{NEW}",
    "above_a_top_mail_quote": '[quote="Лось"]Линч: Лось[/quote]\nОт: Ведущий <host@example.org>\n'
                              "Отправлено: 4 декабря 2026 г. 15:19\nКому: Кузя\nТема: RE: Ход\n\n"
                              f"Лечу Лося.\n-----\n{NEW}",
}


@pytest.mark.parametrize("event", ["none", "rage"])
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_only_the_senders_own_moves_count(name, event):
    body = decode(_plain_letter(LAYOUTS[name])).body
    assert "Лося" not in body and "Лось" not in body and "quote" not in body.lower()
    assert _moves(body, event) == (EXPECTED, [])


def test_a_cut_post_leaves_its_mark_on_a_line_of_its_own():
    assert strip_quotes('Смотрите:\n[quote="Лось"]Линч: Лось[/quote]\nЛинч: Ёжик') == \
        f"Смотрите:\n{QUOTE_MARK}\nЛинч: Ёжик"
    assert strip_quotes("Он пишет [quote]линч Лосю[/quote] а я за Ёжика") == \
        f"Он пишет\n{QUOTE_MARK}\n а я за Ёжика"


def test_an_unclosed_quote_ends_with_its_paragraph_and_a_later_block_is_still_cut():
    text = "[quote=Лось]Линч: Лось\nи лечу Лося\n\nЛечу Бобра.\n[quote]Линч: Лось[/quote]\nЛинч: Ёжик"
    assert strip_quotes(text) == f"{QUOTE_MARK}\n\nЛечу Бобра.\n{QUOTE_MARK}\nЛинч: Ёжик"


@pytest.mark.parametrize("text", [
    "Лечу Бобра [он сам просил].\nЛинч: Ёжик",
    "[b]Лечу Бобра.[/b]\n[color=red]Линч: Ёжик[/color]",
    "[spoiler=ночь]Лечу Бобра.[/spoiler]\nЛинч: Ёжик",
    "Лечу Бобра (см. [url=https://forum.example/p=7]пост #7[/url]).\nЛинч: Ёжик",
])
def test_the_players_own_brackets_and_formatting_are_kept(text):
    assert strip_quotes(text) == text  # the parser reads the markup (engine.textnorm.forum_markup)
    assert _moves(strip_quotes(text), "none") == (EXPECTED, [])


def test_a_pronoun_after_a_cut_post_is_asked_not_given_to_an_earlier_name():
    """«Лечу Бобра. [quote]…Лось…[/quote] Голосую за него»: «него» may be a player of the post,
    which the parser no longer sees; the mark the cut leaves stops the look back."""
    body = strip_quotes('Лечу Бобра.\n[quote="Ёжик"]Лось и Воришка заодно[/quote]\nГолосую за него.')
    assert _moves(body, "none") == ([{"action": "heal", "target": "Бобёр"}], ["unparsed"])
    assert _moves("Лечу Бобра.\nГолосую за него.", "none") == (
        [{"action": "heal", "target": "Бобёр"}, {"action": "vote", "target": "Бобёр"}], [])


def test_a_players_own_words_about_a_post_are_kept():
    """Only the forum engine's head («писал(а):», the «(а)» is the engine's) opens a pasted
    post; the player's own «Лось писал, что …» is his text."""
    text = "Лось вчера писал, что лечит Бобра.\nЛось писал: лечу Лося.\nЛинч: Ёжик"
    assert strip_quotes(text) == text
