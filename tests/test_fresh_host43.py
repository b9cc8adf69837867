"""What a fresh host found (forty-third session): a letter read again after ``words add`` lost
what its first reply said of the sender's earlier letters (read too, their questions); a move
word of another role got a garbled «Ваша роль не может …»; the CLI's «день 1 уже закрыт,
открыт день 2» read oddly; the result letters did not say who died; ``words`` showed only the
parser's span of what was not understood."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mailer.lexicon_cache import install
from mailer.taught_words import reread_changed, teach, with_taught
from test_sync import DEADLINE, START, Game, letter

NOW = DEADLINE - timedelta(hours=1)


@pytest.fixture
def game(tmp_path):
    g = Game(tmp_path)
    yield g
    install()  # the shipped lexicon again for the next test in this process
    g.store.dispose()


def _queued_replies(game):
    return [r for r in game.replies("reply") if r.state == "queued"]


def _teach_heal(game):
    before = with_taught(game.cfg, game.store).words
    teach(game.cfg, game.store, "лечение", ["отпаивать компотом"], now=NOW)
    return reread_changed(game.cfg, game.store, before, now=NOW)


def test_a_reread_reply_still_stands_for_the_earlier_letter_and_its_question(game):
    """Two letters of Бука, one reply (the second's): it said that the first was read and
    repeated its question to the host. The second is read again after ``words add``: the new
    reply says both again, beside the move now understood; the first letter's reply stays off
    the queue."""
    game.deliver(letter("buka@example.org", "Ведущий, а можно лечить себя? Линч: Ягуарчик", msgid="a@x"),
                 START + timedelta(hours=2))
    game.deliver(letter("buka@example.org", "Отпаиваю компотом Маруську", msgid="b@x"), START + timedelta(hours=3))
    game.sync()
    [first] = _queued_replies(game)
    assert "тоже прочитано" in first.body and "«Ведущий, а можно лечить себя?»" in first.body
    ids, _ = _teach_heal(game)
    assert ids == [2]
    [again] = _queued_replies(game)
    assert again.id != first.id
    assert "Ваше письмо, полученное 07.12.2026 21:30 (МСК), тоже прочитано" in again.body
    assert "Вопрос к ведущему (ответит ведущий сам): «Ведущий, а можно лечить себя?»" in again.body
    assert "Лечение: Маруська" in again.body and "Не понял" not in again.body
    assert "Голос на линче: Ягуарчик" in again.body


def test_a_reread_earlier_letter_is_followed_by_the_later_ones_of_its_sender(game):
    """The changed letter is the first of two; the second's reply stood for it. Both are read
    again, in order: one reply goes out, the second's, and it says what stands after both
    (the heal now understood, the later vote in place of the earlier) — not the first's new
    reply claiming the later vote was replaced by it."""
    game.deliver(letter("buka@example.org", "Отпаиваю компотом Маруську. Линч: Ягуарчик", msgid="a@x"),
                 START + timedelta(hours=2))
    game.deliver(letter("buka@example.org", "Линч: Serginio", msgid="b@x"), START + timedelta(hours=3))
    game.sync()
    ids, report = _teach_heal(game)
    assert ids == [1, 2] and report.processed == 2
    [reply] = _queued_replies(game)
    assert reply.ref == "reply:b@x"
    body = reply.body
    assert "тоже прочитано" in body and "Не понял" not in body
    assert body.index("Принято (день 1):\n  - Голос на линче: Serginio") < body.index("Лечение: Маруська")
    assert "заменены этим письмом:\n  - Голос на линче: Ягуарчик" in body
