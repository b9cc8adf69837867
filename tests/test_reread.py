"""``reread``: a letter the sync could not take is read again once the host has fixed the
cause (an address added to the roster, a day reopened), with its old receipt time."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mailer.config import load_config
from mailer.day import GameError, close_day, reopen_day
from mailer.reread import reread
from test_sync import DEADLINE, START, Game, letter


@pytest.fixture
def game(tmp_path):
    g = Game(tmp_path)
    yield g
    g.store.dispose()


def _add_address(game: Game, nick_email: str, new: str) -> None:
    path = game.root / "game.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(f'email = "{nick_email}"', f'emails = ["{nick_email}", "{new}"]')
    path.write_text(text, encoding="utf-8")
    game.cfg = load_config(path)


def test_letter_from_a_new_address_counts_after_the_host_adds_it(game):
    game.deliver(letter("buka.work@example.net", "Лечу Маруську", msgid="w@x"), START + timedelta(hours=3))
    assert game.sync().states == {"unknown_sender": 1}
    [row] = game.rows()
    _add_address(game, "buka@example.org", "buka.work@example.net")
    report = reread(game.cfg, game.store, [row.id], now=DEADLINE - timedelta(hours=1))
    assert (report.processed, report.states) == (1, {"applied": 1})
    [row] = game.rows()
    assert (row.state, row.nick, row.day) == ("applied", "Бука", 1)
    [reply] = game.replies("reply")
    assert reply.to_addr == "buka.work@example.net" and "Лечение: Маруська" in reply.body
    # the unsent «unknown address» notice is withdrawn: the player never gets both answers
    # (it stays in outbox --all, «снято с очереди», with why)
    assert report.withdrawn == 1 and [o.state for o in game.replies("unknown_sender")] == ["dropped"]


def test_reread_without_a_fix_gives_the_same_state(game):
    game.deliver(letter("nobody@example.net", "Лечу Маруську", msgid="n@x"), START + timedelta(hours=3))
    game.sync()
    [row] = game.rows()
    assert reread(game.cfg, game.store, [row.id], now=DEADLINE).states == {"unknown_sender": 1}
    assert [r.state for r in game.rows()] == ["unknown_sender"]
    # withdrawn (kept, «снято с очереди») and queued again: one to go
    assert [o.state for o in game.replies("unknown_sender")] == ["dropped", "queued"]


def test_an_answer_already_sent_stays_when_the_letter_is_read_again(game):
    from mailer.out_state import OutState
    from mailer.store import Outgoing

    game.deliver(letter("buka.work@example.net", "Лечу Маруську", msgid="s@x"), START + timedelta(hours=3))
    game.sync()
    [row] = game.rows()
    with game.store.session() as s:
        [notice] = [o for o in game.store.outgoing(s) if o.kind == "unknown_sender"]
        s.get(Outgoing, notice.id).state = OutState.SENT
    _add_address(game, "buka@example.org", "buka.work@example.net")
    report = reread(game.cfg, game.store, [row.id], now=DEADLINE - timedelta(hours=1))
    assert report.withdrawn == 0 and len(game.replies("unknown_sender")) == 1
    assert len(game.replies("reply")) == 1


def test_applied_and_missing_letters_are_refused_and_nothing_changes(game):
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="a@x"), START + timedelta(hours=3))
    game.sync()
    [row] = game.rows()
    with pytest.raises(GameError, match=r"не подходят: 1 \(ходы приняты\)"):
        reread(game.cfg, game.store, [row.id], now=DEADLINE)
    with pytest.raises(GameError, match="нет письма с номером 99"):
        reread(game.cfg, game.store, [row.id, 99], now=DEADLINE)
    assert [r.state for r in game.rows()] == ["applied"]
    assert len(game.replies("reply")) == 1


def test_letter_on_time_after_an_early_close_joins_the_reopened_day(game):
    """A letter received before the deadline but read after the host closed the day early is
    ``after_close`` (not counted in the next day either); reread refuses it while the day is closed; reopen-day gives it back to
    the day and the next sync reads it into day 1."""
    game.deliver(letter("buka@example.org", "Линч: Serginio", msgid="v@x"), START + timedelta(hours=2))
    game.sync()
    # received at 4 h, but it reached the mailbox only after the host closed the day at 5 h
    # (close-day --early fetches first: a letter already there is read into the day)
    close_day(game.cfg, game.store, now=START + timedelta(hours=5), early=True)
    game.deliver(letter("jaguar@example.org", "Линч: Маруська", msgid="j@x"), START + timedelta(hours=4))
    game.sync()
    late = {r.message_id: r for r in game.rows()}["j@x"]
    assert (late.state, late.day) == ("after_close", 1)
    with pytest.raises(GameError, match="reopen-day 1"):
        reread(game.cfg, game.store, [late.id], now=DEADLINE)
    reopen_day(game.cfg, game.store, 1)
    assert game.sync().states == {"applied": 1}
    late = {r.message_id: r for r in game.rows()}["j@x"]
    assert (late.state, late.day) == ("applied", 1)


@pytest.mark.parametrize("sent", [False, True])
def test_reopened_day_answers_its_late_letter_anew(game, sent):
    """A letter on time for a day closed before it was read gets the «after the results»
    answer; when the host reopens the day and the next sync applies it, the player gets the
    reply that says what was accepted: the old answer, if still unsent, is withdrawn (never
    both); if it was sent already, it stays sent and the new reply is queued all the same
    (a trial: the stale answer stayed queued and no «Принято» reply came)."""
    from mailer.out_state import OutState
    from mailer.store import Outgoing

    close_day(game.cfg, game.store, now=START + timedelta(hours=5), early=True)
    # received at 4 h, in the mailbox only after the early close
    game.deliver(letter("jaguar@example.org", "Линч: Маруська", msgid="late@x"), START + timedelta(hours=4))
    game.sync()
    [old] = [o for o in game.replies("reply") if o.to_addr == "jaguar@example.org"]
    assert "ходы из него не засчитаны" in old.body
    if sent:
        with game.store.session() as s:
            s.get(Outgoing, old.id).state = OutState.SENT
    reopen_day(game.cfg, game.store, 1)
    states = game.sync().states
    from mailer.store import Letter
    with game.store.session() as s:
        notes = [l.notes_json for l in s.exec(__import__("sqlmodel").select(Letter))]
    assert states == {"applied": 1}, notes
    replies = [o for o in game.replies("reply") if o.to_addr == "jaguar@example.org"]
    if sent:
        assert [o.id for o in replies if o.state == OutState.SENT] == [old.id]
    else:  # taken off the queue, kept in outbox --all with why
        assert [o.state for o in replies if o.id == old.id] == [OutState.DROPPED]
    [new] = [o for o in replies if o.id != old.id]
    assert "Голос на линче: Маруська" in new.body and new.state != OutState.SENT
    if sent:  # the player read «не засчитаны»: the new reply says that answer no longer holds
        assert new.subject.endswith("(исправлено)"), new.subject
        assert "Прежний ответ, что ходы из него не засчитаны (итоги дня 1 тогда уже были подведены), больше " \
               "не верен" in " ".join(new.body.split()), new.body
    else:  # he never read it: a plain reply
        assert "не засчитаны" not in new.body and "(исправлено)" not in new.subject


def test_readme_order_reopen_day_then_reread(game):
    """README «Исправить закрытый день»: a letter from an address added only after its day was
    closed goes into that day by reopen-day first, then reread; reread first only gives it the
    «after the results» answer and nothing counts in the day."""
    game.deliver(letter("buka.work@example.net", "Линч: Маруська", msgid="w@x"), START + timedelta(hours=3))
    assert game.sync().states == {"unknown_sender": 1}
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    [row] = game.rows()
    _add_address(game, "buka@example.org", "buka.work@example.net")
    wrong = reread(game.cfg, game.store, [row.id], now=DEADLINE + timedelta(minutes=10))
    assert wrong.states == {"after_close": 1}
    [answer] = game.replies("reply")
    assert "итоги дня 1 уже были подведены" in answer.body and "ходы из него не засчитаны" in answer.body
    reopen_day(game.cfg, game.store, 1)
    assert game.sync().states == {"applied": 1}  # the README's last sentence: sync reads it now
    [row] = game.rows()
    assert (row.state, row.nick, row.day) == ("applied", "Бука", 1)


def test_readme_order_when_followed(game):
    """The README's order itself: reopen-day 1, then reread: the letter is applied in day 1."""
    game.deliver(letter("buka.work@example.net", "Линч: Маруська", msgid="w@x"), START + timedelta(hours=3))
    game.sync()
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    [row] = game.rows()
    _add_address(game, "buka@example.org", "buka.work@example.net")
    reopen_day(game.cfg, game.store, 1)
    report = reread(game.cfg, game.store, [row.id], now=DEADLINE + timedelta(minutes=10))
    assert report.states == {"applied": 1}
    [row] = game.rows()
    assert (row.state, row.nick, row.day) == ("applied", "Бука", 1)


def test_reread_after_two_closed_days_files_the_letter_in_its_own_day(game):
    """A fresh host's find: a letter received on time for day 1, reread after days 1 and 2
    were both closed, was filed as day 2's («пришло до закрытия дня 2 … срок был» day 2's
    deadline): it is day 1's, answered «итоги дня 1 уже были подведены»."""
    game.deliver(letter("buka.work@example.net", "Линч: Маруська", msgid="w@x"), START + timedelta(hours=3))
    assert game.sync().states == {"unknown_sender": 1}
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(hours=2), early=True)
    [row] = game.rows()
    _add_address(game, "buka@example.org", "buka.work@example.net")
    report = reread(game.cfg, game.store, [row.id], now=DEADLINE + timedelta(hours=3))
    assert report.states == {"after_close": 1}
    [row] = game.rows()
    assert (row.state, row.day) == ("after_close", 1)
    [answer] = game.replies("reply")
    assert "итоги дня 1 уже были подведены" in answer.body and "дня 2" not in answer.body
