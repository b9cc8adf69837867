"""What a fresh host found playing the demo game on (twenty-fifth session): a «Ярость» reply
written after the deadline that still invited a second vote «до срока»; ``sync`` and ``status``
pointing at the whole ``inbox`` instead of the letters that need the host; ``reread`` of a
letter the next ``sync`` reads refused without saying so; and ``inbox`` lines «↳ адрес:» that
were empty, or named a player's own address as a stranger's."""

from __future__ import annotations

from datetime import timedelta

from mailer.day import set_event
from mailer.sync import sync
from test_sync import DEADLINE, START, Game, letter


# --- 1. a reply written after the deadline does not invite a second vote «до срока» ----------

SECOND_FREE = "второй можно прислать до срока"


def test_a_single_rage_vote_read_after_the_deadline_is_not_invited_to_send_a_second(tmp_path):
    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "rage", now=START + timedelta(minutes=5))
        g.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", msgid="r1@x"),
                  START + timedelta(hours=2))
        sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=3))  # read after the deadline
        [body] = [r.body for r in g.replies("reply")]
    finally:
        g.store.dispose()
    assert "Голос на линче: Ягуарчик" in body
    assert SECOND_FREE not in body
    assert "(в этот день у каждого было два голоса, в письме назван один)" in body
    assert "Приём ходов на этот день закончился" in body
    # near: read before the deadline, the same letter is still told the second vote is free
    (tmp_path / "near").mkdir()
    g = Game(tmp_path / "near")
    try:
        set_event(g.cfg, g.store, "rage", now=START + timedelta(minutes=5))
        body = g.answers(("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", "r1@x"))["reply:r1@x"]
    finally:
        g.store.dispose()
    assert SECOND_FREE in body
