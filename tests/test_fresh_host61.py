"""A fresh host's findings (session 60's trial), fixed in session 61."""

from __future__ import annotations

from datetime import timedelta

import pytest

from test_fresh_host55 import _run
from test_sync import DEADLINE, START, Game, letter


@pytest.fixture
def game(tmp_path):
    g = Game(tmp_path)
    yield g
    g.store.dispose()


def _said(result) -> str:
    return " ".join(result.output.split())


# 4. A letter moved into the mailbox from the spam folder after the day's close: ``sync`` said
#    «пришли после итогов дня: 1» with no letter number and no hint; now it names the letters
#    and the reopen-day / reread way.

def test_sync_names_letters_read_after_the_days_close(game):
    game.deliver(letter("marusya@example.org", "Линч: Serginio", msgid="m@x"), START + timedelta(hours=2))
    game.sync()
    assert _run(game, ["close-day"], DEADLINE + timedelta(minutes=5)).exit_code == 0
    # two letters sent on time, found in the spam folder and moved in after the close
    game.deliver(letter("buka@example.org", "Линч: Маруська", msgid="b@x"), START + timedelta(hours=3))
    game.deliver(letter("jaguar@example.org", "Линч: Маруська", msgid="j@x"), START + timedelta(hours=4))
    synced = _run(game, ["sync"], DEADLINE + timedelta(minutes=20))
    said = _said(synced)
    assert synced.exit_code == 0, synced.output
    ids = sorted(r.id for r in game.rows() if r.message_id in ("b@x", "j@x"))
    assert "пришли после итогов дня: 2" in said
    assert (f"Письма {ids[0]}, {ids[1]} пришли в срок дня 1, но день 1 уже закрыт: ходы не засчитаны, игрокам — "
            f"ответ об этом. Засчитать их в день 1: mafia-mail reopen-day 1, затем mafia-mail reread "
            f"{ids[0]} {ids[1]}") in said, said
