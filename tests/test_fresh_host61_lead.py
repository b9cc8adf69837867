"""A fresh host's findings (session 61's trial of 2c64f6ed), fixed by the lead in session 61:
the word a player's «Да» confirmed is shown to the host with the command that teaches it, and
teaching it re-reads nothing that the «Да» already settled (it queued a second reply of the
same move, and told the «Да» that it held no move)."""

from __future__ import annotations

from datetime import timedelta

from test_fresh_host58 import _flat
from test_sync import START, Game, letter


def test_teaching_the_word_a_yes_confirmed_sends_no_second_reply(tmp_path):
    from mailer.store import loads
    from mailer.taught_words import reread_changed, teach, with_taught
    from test_answers import _letters, _reply_to
    from test_fresh_host58 import _quoted

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Прикармливаю сегодня Маруську", msgid="q1@x"),
                  START + timedelta(hours=2))
        g.sync()
        asked = _reply_to(g, "q1@x")
        g.deliver(letter("buka@example.org", "Да" + _quoted(asked.body), msgid="a1@x",
                         extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
        g.sync()
        [note] = [n for n in loads(_letters(g)["a1@x"].notes_json) if n.startswith("прочитано как ответ")]
        assert "mafia-mail words add heal прикармливать" in note
        replies = len(g.replies("reply"))
        before = with_taught(g.cfg, g.store).words
        teach(g.cfg, g.store, "heal", ["прикармливать"], now=START + timedelta(hours=4))
        ids, _ = reread_changed(g.cfg, g.store, before, now=START + timedelta(hours=4))
        assert ids == [] and len(g.replies("reply")) == replies
        assert "Принято" in _flat(_reply_to(g, "a1@x").body)
        # the next letter in that word is read at once
        g.deliver(letter("buka@example.org", "Прикармливаю Маруську", msgid="n1@x"),
                  START + timedelta(hours=5))
        g.sync()
        n1 = _letters(g)["n1@x"]
        assert (loads(n1.moves_json), loads(n1.problems_json)) == ([{"action": "heal", "target": "Маруська"}], [])
    finally:
        g.store.dispose()


def test_teaching_a_word_still_rereads_a_letter_no_answer_settled(tmp_path):
    from mailer.taught_words import reread_changed, teach, with_taught
    from test_answers import _letters

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Прикармливаю сегодня Маруську", msgid="q2@x"),
                  START + timedelta(hours=2))
        g.sync()
        before = with_taught(g.cfg, g.store).words
        teach(g.cfg, g.store, "heal", ["прикармливать"], now=START + timedelta(hours=4))
        ids, _ = reread_changed(g.cfg, g.store, before, now=START + timedelta(hours=4))
        assert ids == [_letters(g)["q2@x"].id]
    finally:
        g.store.dispose()


def test_close_day_reads_the_fear_answer_come_since_it_waited(tmp_path):
    """«Страх»: close-day waited for the chosen player's letter; his answer came; close-day
    alone (no sync between) reads it and closes the day with his choice (a fresh host was told
    the day still waited until he ran sync)."""
    from mailer.day import close_day, set_event
    from test_sync import DEADLINE

    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "fear", now=START)
        for n, voter in enumerate(("marusya@example.org", "jaguar@example.org", "serg@example.org")):
            g.deliver(letter(voter, "Линч: Бука", msgid=f"v{n}@x"), START + timedelta(hours=2))
        g.sync()
        assert close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5)).waiting_for == "Бука"
        g.deliver(letter("buka@example.org", "Выбираю: Serginio", msgid="fear@x"), DEADLINE + timedelta(minutes=30))
        rep = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=40))
        assert rep.waiting_for is None and rep.result.lynched == ["Serginio"]
    finally:
        g.store.dispose()
