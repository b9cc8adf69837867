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


# 5. «Да» / «Да, убиваем» answering «Не понял, ход ли это: …» (one reading offered) was not
#    read: a yes to the one reading offered is that reading.

@pytest.mark.parametrize("sender, text, answer, move", [
    ("buka@example.org", "Может, лечу Маруську", "Да", {"action": "heal", "target": "Маруська"}),
    ("buka@example.org", "Лечу Маруську?", "Да, это ход", {"action": "heal", "target": "Маруська"}),
    ("jaguar@example.org", "Может убьём Маруську", "Да, убиваем", {"action": "clan_kill", "target": "Маруська"}),
])
def test_a_yes_to_the_one_reading_offered_is_that_move(tmp_path, sender, text, answer, move):
    from mailer.inbox import inbox
    from mailer.store import loads
    from test_answers import _letters, _reply_to
    from test_fresh_host58 import _quoted

    g = Game(tmp_path)
    try:
        g.deliver(letter(sender, text, msgid="q5@x"), START + timedelta(hours=2))
        g.sync()
        asked = _reply_to(g, "q5@x")
        assert "Не понял, ход ли это" in _flat(asked.body)
        g.deliver(letter(sender, answer + _quoted(asked.body), msgid="a5@x",
                         extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
        g.sync()
        rows = _letters(g)
        got = rows["a5@x"]
        assert (got.state, loads(got.moves_json)) == ("applied", [move])
        assert any(n.startswith(f"прочитано как ответ на вопрос к письму {rows['q5@x'].id}")
                   for n in loads(got.notes_json))
        body = _flat(_reply_to(g, "a5@x").body)
        assert "Не понял" not in body
        assert {r.id: r for r in inbox(g.store, g.cfg.zone)}[rows["q5@x"].id].labels[0].endswith(
            f"— решено письмом {got.id}")
    finally:
        g.store.dispose()


@pytest.mark.parametrize("text, answer", [
    ("Может, лечу Маруську", "Да нет, не лечу"),       # a no, not a yes
    ("Вылечи Маруську", "Да"),                          # asked as a request: no reading offered
    ("Может, лечу Маруську. Может, голос за Буку", "Да"),  # two questions: which yes?
])
def test_a_yes_with_no_one_reading_is_not_read(tmp_path, text, answer):
    from mailer.store import loads
    from test_answers import _letters, _reply_to
    from test_fresh_host58 import _quoted

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", text, msgid="q5b@x"), START + timedelta(hours=2))
        g.sync()
        asked = _reply_to(g, "q5b@x")
        g.deliver(letter("buka@example.org", answer + _quoted(asked.body), msgid="a5b@x",
                         extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
        g.sync()
        assert loads(_letters(g)["a5b@x"].moves_json) == []
    finally:
        g.store.dispose()


# 6. A question with a single candidate («Не понял, кого вы имеете в виду: «Alex_M»?») could
#    not be answered; a bare nick answering a letter with two open questions about one name
#    («Лечу Кирку. Линч: Кирку») was asked again as unclear.

SINGLE = """
[[player]]
nick = "Alex_M"
email = "alex@example.org"
role = "civilian"
"""


@pytest.mark.parametrize("answer", ["Да", "Alex_M", "Да, Alex_M"])
def test_a_question_with_one_candidate_is_answered_by_a_reply(tmp_path, answer):
    from mailer.store import loads
    from test_fresh_host58 import ask_then_answer
    from test_answers import _reply_to

    g = Game(tmp_path, players=SINGLE)
    try:
        asked, got = ask_then_answer(g, "Лечу Саню", answer, "6")
        assert "Не понял, кого вы имеете в виду: «Alex_M»?" in _flat(asked.body)
        assert (got.state, loads(got.moves_json)) == ("applied", [{"action": "heal", "target": "Alex_M"}])
        body = _flat(_reply_to(g, "a6@x").body)
        assert "Лечение: Alex_M" in body and "Спрашиваю ещё раз" not in body
    finally:
        g.store.dispose()


def test_a_nick_answering_two_questions_about_one_name_settles_both(tmp_path):
    from mailer.reports import status
    from mailer.store import loads
    from test_answers import EXTRA_PLAYERS, _reply_to
    from test_fresh_host58 import ask_then_answer

    g = Game(tmp_path, players=EXTRA_PLAYERS)
    try:
        g.deliver(letter("buka@example.org", "Лечу Кирку. Линч: Кирку", msgid="p6@x"), START)
        assert status(g.cfg, g.store).asked_twice == []  # one nick settles both: status says so
        _asked, got = ask_then_answer(g, "Лечу Кирку. Линч: Кирку", "Кира", "6b")
        assert got.state == "applied"
        assert sorted(loads(got.moves_json), key=lambda m: m["action"]) == [
            {"action": "heal", "target": "Кира"}, {"action": "vote", "target": "Кира"}]
        body = _flat(_reply_to(g, "a6b@x").body)
        assert "не понял, кого вы выбрали" not in body and "Спрашиваю ещё раз" not in body
    finally:
        g.store.dispose()


def test_a_nick_answering_two_questions_about_two_names_is_still_asked(tmp_path):
    from mailer.reports import status
    from mailer.store import loads
    from test_answers import EXTRA_PLAYERS, _reply_to
    from test_fresh_host58 import ask_then_answer

    g = Game(tmp_path, players=EXTRA_PLAYERS)
    try:
        _asked, got = ask_then_answer(g, "Лечу Кирку. Линч: Пампушку", "Кира", "6c")
        assert loads(got.moves_json) == []
        # which question «Кира» answers is not clear: the player is asked for the move in full
        assert "Напишите, пожалуйста, ход полностью: действие и ник" in _flat(_reply_to(g, "a6c@x").body)
        assert status(g.cfg, g.store).asked_twice == ["Бука"]
    finally:
        g.store.dispose()
