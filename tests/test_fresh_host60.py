"""A fresh host's findings (session 59's trial), fixed in session 60."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mailer.sync import sync
from test_fresh_host58 import _flat
from test_sync import START, Game, letter


# 4. The reply to an empty letter said «ходы я читаю только из текста письма, не из темы» even
#    when the subject was empty too (or held no move): each case is told what fits it.

@pytest.mark.parametrize("subject, told, note", [
    ("", "Текст письма пустой — хода в письме нет. Пожалуйста, напишите ходы в тексте письма.",
     "текст письма пустой"),
    ("Re: [Мафия]", "Текст письма пустой — хода в письме нет.", "текст письма пустой (тема: «Re: [Мафия]»)"),
    ("Привет всем", "Текст письма пустой — хода в письме нет.", "текст письма пустой (тема: «Привет всем»)"),
    ("Линч: Бука", "Текст письма пустой, а ходы я читаю только из текста письма, не из темы (в теме — «Линч: Бука»)",
     "текст письма пустой: ходы из темы не читаются (тема: «Линч: Бука»)"),
])
def test_an_empty_letter_is_told_what_fits_its_subject(tmp_path, subject, told, note):
    from mailer.store import loads

    g = Game(tmp_path)
    try:
        g.deliver(letter("serg@example.org", "", msgid="e4@x", subject=subject), START + timedelta(hours=2))
        sync(g.cfg, g.store, now=START + timedelta(hours=3))
        [body] = [_flat(r.body) for r in g.replies("reply") if r.ref == "reply:e4@x"]
        with g.store.session() as s:
            [notes] = [loads(l.notes_json) for l in g.store.letters(s) if l.message_id == "e4@x"]
    finally:
        g.store.dispose()
    assert told in body
    assert ("не из темы" in body) == (subject == "Линч: Бука")
    assert note in notes
