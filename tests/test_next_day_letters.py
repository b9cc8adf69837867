"""Letters received after a day's deadline but before the host closes it (DECISIONS.md §2,
§8; issue 12): they count for the next day, the player is told so at once (one notice per
letter), and close-day reads them as soon as it opens the next day, so their replies go out
with the day's results."""

from __future__ import annotations

from datetime import timedelta

from mailer.day import close_day
from mailer.letter_state import LetterState
from mailer.sync import sync
from test_sync import DEADLINE, START, Game, letter


def _waiting_letter(g: Game) -> None:
    g.deliver(letter("buka@example.org", "Лечу Маруську", msgid="early@x"), START + timedelta(hours=2))
    g.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="late@x", subject="Ночь"),
              DEADLINE + timedelta(minutes=2, seconds=30))


def test_the_player_is_told_at_once_that_his_letter_counts_for_the_next_day(tmp_path):
    g = Game(tmp_path)
    _waiting_letter(g)
    sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=6))  # a second run adds nothing
    assert [r.state for r in g.rows()] == [LetterState.APPLIED, LetterState.PENDING]
    notices = [r for r in g.replies("reply") if r.ref.startswith("next_day:")]
    assert len(notices) == 1
    [notice] = notices
    assert (notice.to_addr, notice.to_nick, notice.subject, notice.day) == (
        "buka@example.org", "Бука", "Re: Ночь", 2)
    assert notice.body == (
        "Здравствуйте, Бука!\n\n"
        "Ваше письмо пришло 08.12.2026 19:32 (МСК), уже после срока дня 1 — "
        "08.12.2026 19:30 (МСК). Оно относится ко дню 2: что я в нём понял и что из него "
        "принято, напишу после итогов дня 1.\n\n"
        "— Ведущий (письмо составлено автоматически)\n")
    g.store.dispose()


def test_a_late_letter_with_nothing_understood_gets_no_notice(tmp_path):
    """An auto-responder's text after the deadline: no move, so no notice to loop on."""
    g = Game(tmp_path)
    g.deliver(letter("buka@example.org", "Спасибо, ваше письмо получено.", msgid="bot@x"),
              DEADLINE + timedelta(minutes=3))
    sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    assert [r.state for r in g.rows()] == [LetterState.PENDING]
    assert g.replies("reply") == []
    g.store.dispose()


def test_close_day_reads_the_letters_that_waited_for_the_new_day(tmp_path):
    g = Game(tmp_path)
    _waiting_letter(g)
    sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    report = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=10))
    assert report.read == 1
    rows = {r.message_id: r for r in g.rows()}
    assert (rows["late@x"].state, rows["late@x"].day) == (LetterState.APPLIED, 2)
    [answer] = [r for r in g.replies("reply") if r.ref == "reply:late@x"]
    assert answer.day == 2 and answer.to_addr == "buka@example.org"
    assert "Принято (день 2):\n  - Лечение: Ягуарчик" in answer.body
    assert "после срока дня 1 — 08.12.2026 19:30 (МСК), то есть в срок дня 2:" in answer.body
    # the next sync has nothing left to read, and nothing is answered twice
    assert sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=15)).processed == 0
    assert len([r for r in g.replies("reply") if "late@x" in r.ref or r.ref.startswith("next_day:")]) == 2
    g.store.dispose()


def test_a_deadline_moved_later_makes_a_waiting_letter_count_for_its_day(tmp_path):
    """The host moves a passed deadline later before closing the day: a letter that came
    between the two deadlines now belongs to the open day. Its unsent «counts for day 2»
    notice is taken off the queue (it no longer holds), the next sync reads it for day 1, and
    the reply says why it counts today."""
    from mailer.day import set_deadline

    g = Game(tmp_path)
    _waiting_letter(g)
    sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    assert [r.ref for r in g.replies("reply") if r.ref.startswith("next_day:")] == ["next_day:late@x"]
    set_deadline(g.cfg, g.store, "2026-12-08 21:00", now=DEADLINE + timedelta(minutes=6))
    assert [r.state for r in g.replies("reply") if r.ref.startswith("next_day:")] == ["dropped"]
    report = sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=7))
    assert report.processed == 1
    rows = {r.message_id: r for r in g.rows()}
    assert (rows["late@x"].state, rows["late@x"].day) == (LetterState.APPLIED, 1)
    [answer] = [r for r in g.replies("reply") if r.ref == "reply:late@x"]
    assert answer.day == 1
    assert "Принято (день 1):\n  - Лечение: Ягуарчик" in answer.body
    assert "после срока" not in answer.body
    g.store.dispose()


def test_a_sent_next_day_notice_is_taken_back_when_the_deadline_moves_past_the_letter(tmp_path):
    """Same, but the «counts for day 2» notice was already sent: the reply read for day 1
    says the deadline moved and the letter counts for day 1 after all."""
    from mailer.day import set_deadline
    from mailer.out_state import OutState
    from mailer.store import Outgoing

    g = Game(tmp_path)
    _waiting_letter(g)
    sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    [notice] = [r for r in g.replies("reply") if r.ref.startswith("next_day:")]
    with g.store.session() as s:
        row = s.get(Outgoing, notice.id)
        row.state, row.sent_at = OutState.SENT, DEADLINE + timedelta(minutes=5)
        s.add(row)
    set_deadline(g.cfg, g.store, "2026-12-08 21:00", now=DEADLINE + timedelta(minutes=6))
    sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=7))
    [answer] = [r for r in g.replies("reply") if r.ref == "reply:late@x"]
    assert answer.day == 1
    assert "Принято (день 1):\n  - Лечение: Ягуарчик" in answer.body
    assert ("Срок дня 1 перенесён на 08.12.2026 21:00 (МСК), поэтому письмо "
            "относится ко дню 1, а не ко дню 2, как я писал раньше.") in answer.body
    g.store.dispose()
