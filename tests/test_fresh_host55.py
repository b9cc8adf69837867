"""A fresh host's findings (session 54's trial), fixed in session 55.

1. ``reread N`` of a player's earlier letter, when he has a later letter of the same day
   already read, queued him two replies and called the later letter's vote «из прежних
   писем»: the letter is now read in its place in time (mailer.day.in_place) — his later
   letters of the day are read again after it, he gets one reply that says what stands after
   all of them in order, «(исправлено)» only when a reply that went out promised otherwise.
2. README «Исправить закрытый день» with ``reread ID`` run before ``reopen-day`` (the natural
   first try): after reopen-day the letter was ``pending``, so the README's ``reread ID``
   failed, and the player who had read «ходы из него не засчитаны» got a plain «Принято»
   contradicting it. Now ``reread ID`` reads it, and the new reply says the old one no longer
   holds."""

from __future__ import annotations

from datetime import timedelta

import pytest
from click.testing import CliRunner

from mailer.cli import main
from mailer.outbox import send_all
from mailer.reread import reread
from test_reread import _add_address
from test_sync import DEADLINE, START, Game, letter


@pytest.fixture
def game(tmp_path):
    g = Game(tmp_path)
    yield g
    g.store.dispose()


def _run(g: Game, args: list[str], at):
    """The CLI's result of ``mafia-mail ARGS`` on the game ``g`` at the moment ``at``."""
    env = {"MAFIA_MAIL_CONFIG": str(g.root / "game.toml"), "MAFIA_MAIL_NOW": at.isoformat()}
    return CliRunner().invoke(main, args, env=env)


def _to_buka(g: Game):
    """The replies queued or sent to Бука (either address), oldest first."""
    return [o for o in g.replies("reply") if o.to_nick == "Бука"]


def _standing(g: Game) -> list[str]:
    from engine.move_words import describe_move
    from mailer.day.in_place import standing_of

    with g.store.session() as s:
        return [describe_move(m) for m in standing_of(s, "Бука", 1)]


def _earlier_unknown_later_own(g: Game, first: str = "Лечу Маруську. Линч: Ягуарчик", *, sent: bool):
    """Бука's letter ``first`` from an address not in the roster at 21:30, then «Линч: Serginio»
    from his own at 22:30, synced (``sent``: and the queue sent); then the host adds the
    address. Returns the id of the first letter."""
    g.deliver(letter("buka.work@example.net", first, msgid="w@x"), START + timedelta(hours=2))
    g.deliver(letter("buka@example.org", "Линч: Serginio", msgid="o@x"), START + timedelta(hours=3))
    g.sync()
    if sent:
        send_all(g.cfg, g.store, now=START + timedelta(hours=4))
    _add_address(g, "buka@example.org", "buka.work@example.net")
    [row] = [r for r in g.rows() if r.message_id == "w@x"]
    return row.id


def test_reread_of_an_earlier_letter_gives_one_reply_in_order(game):
    first = _earlier_unknown_later_own(game, sent=False)
    report = reread(game.cfg, game.store, [first], now=START + timedelta(hours=5))
    assert report.followed and report.processed == 2 and not report.in_place
    queued = [o for o in _to_buka(game) if o.state == "queued"]
    assert len(queued) == 1, [o.body for o in queued]  # one reply for the reread, never two
    body = " ".join(queued[0].body.split())
    assert "(исправлено)" not in queued[0].subject  # he was told nothing yet
    assert "Ваше письмо, полученное 07.12.2026 21:30 (МСК), тоже прочитано" in body, body
    # the later letter's vote wins and is not «из прежних писем»; the earlier heal stands
    assert "Принято (день 1): - Голос на линче: Serginio" in body, body
    assert "Эти ходы из ваших прежних писем за день 1 заменены этим письмом: - Голос на линче: Ягуарчик" in body
    assert "Остаются в силе ходы из ваших прежних писем за день 1: - Лечение: Маруська" in body
    assert _standing(game) == ["Лечение: Маруська", "Голос на линче: Serginio"]
    # a second sync reads and queues nothing more
    assert game.sync().processed == 0 and len([o for o in _to_buka(game) if o.state == "queued"]) == 1


def test_a_sent_reply_whose_promise_changed_is_corrected(game):
    first = _earlier_unknown_later_own(game, sent=True)
    report = reread(game.cfg, game.store, [first], now=START + timedelta(hours=5))
    assert report.in_place == ["Бука"]
    [new] = [o for o in _to_buka(game) if o.state == "queued"]
    assert new.subject.endswith("(исправлено)"), new.subject
    body = " ".join(new.body.split())
    assert ("Исправление: ваше письмо, полученное 07.12.2026 21:30 (МСК), прочитано только теперь (раньше оно не "
            "было засчитано), хотя пришло раньше вашего письма, полученного 07.12.2026 22:30 (МСК): ответ на него "
            "говорил о ваших ходах за день 1 без него.") in body, body
    assert "Что изменилось: - теперь в силе «Лечение: Маруська»." in body, body
    assert "Принято (день 1): - Голос на линче: Serginio" in body


def test_a_sent_reply_whose_promise_stands_is_not_marked_corrected(game):
    first = _earlier_unknown_later_own(game, "Линч: Ягуарчик", sent=True)
    report = reread(game.cfg, game.store, [first], now=START + timedelta(hours=5))
    assert report.in_place == []
    [new] = [o for o in _to_buka(game) if o.state == "queued"]
    assert "(исправлено)" not in new.subject and "Исправление" not in new.body, new.body
    body = " ".join(new.body.split())
    assert "заменены этим письмом: - Голос на линче: Ягуарчик" in body, body
    assert _standing(game) == ["Голос на линче: Serginio"]


def test_a_letter_fetched_after_a_later_one_is_read_in_its_place(game):
    """The same with no reread: the earlier letter reached the mailbox only after the later
    one was read (a host moved it from the spam folder; IMAP keeps its receipt time)."""
    game.deliver(letter("buka@example.org", "Линч: Serginio", msgid="o@x"), START + timedelta(hours=3))
    game.sync()
    game.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", msgid="w@x"), START + timedelta(hours=2))
    report = game.sync()
    assert report.followed and report.processed == 2
    [reply] = [o for o in _to_buka(game) if o.state == "queued"]
    body = " ".join(reply.body.split())
    assert "Принято (день 1): - Голос на линче: Serginio" in body, body
    assert "Остаются в силе ходы из ваших прежних писем за день 1: - Лечение: Маруська" in body
    assert _standing(game) == ["Лечение: Маруська", "Голос на линче: Serginio"]


@pytest.mark.parametrize("sent", [True, False])
def test_readme_steps_work_after_an_early_reread(game, sent):
    """Finding 2: reread before reopen-day, then the README's steps (reopen-day, reread,
    close-day): the letter counts in day 1 and the player gets one honest reply."""
    game.deliver(letter("buka.work@example.net", "Линч: Маруська", msgid="w@x"), START + timedelta(hours=3))
    game.deliver(letter("marusya@example.org", "лимонад. Линч: Serginio", msgid="m@x"), START + timedelta(hours=3))
    game.sync()
    assert _run(game, ["close-day"], DEADLINE + timedelta(minutes=5)).exit_code == 0
    _add_address(game, "buka@example.org", "buka.work@example.net")
    early = _run(game, ["reread", "1"], DEADLINE + timedelta(minutes=10))
    said = " ".join(early.output.split())
    assert early.exit_code == 0 and ("Письмо 1 пришло в срок дня 1, но день 1 уже закрыт: ходы не засчитаны, "
                                     "игроку — ответ об этом. Засчитать его в день 1: mafia-mail reopen-day 1, "
                                     "затем mafia-mail reread 1") in said, said
    [refusal] = _to_buka(game)
    assert "ходы из него не засчитаны" in refusal.body
    if sent:
        assert _run(game, ["send"], DEADLINE + timedelta(minutes=11)).exit_code == 0
    reopened = _run(game, ["reopen-day", "1", "--yes"], DEADLINE + timedelta(minutes=12))
    said = " ".join(reopened.output.split())
    assert reopened.exit_code == 0 and ("Писем, пришедших в срок дня 1, но прочитанных после его итогов (ходы не "
                                        "засчитаны): 1 (1). Теперь их засчитает в день 1 mafia-mail sync или "
                                        "mafia-mail reread 1") in said, said
    again = _run(game, ["reread", "1"], DEADLINE + timedelta(minutes=13))
    assert again.exit_code == 0, again.output
    [row] = [r for r in game.rows() if r.message_id == "w@x"]
    assert (row.state, row.day) == ("applied", 1)
    closed = _run(game, ["close-day"], DEADLINE + timedelta(minutes=14))
    assert closed.exit_code == 0 and "Маруська — 1: Бука" in closed.output, closed.output
    new = [o for o in _to_buka(game) if o.state == "queued"]
    assert len(new) == 1 and "Голос на линче: Маруська" in new[0].body, [o.body for o in new]
    if sent:  # he read «не засчитаны»: the new reply says it no longer holds
        assert new[0].subject.endswith("(исправлено)")
        assert ("Исправление: ведущий снова открыл день 1. Ваше письмо, полученное 07.12.2026 22:30 (МСК), "
                "пришло в срок дня 1, поэтому теперь его ходы засчитаны в день 1.") in " ".join(new[0].body.split())
        assert "Бука" in " ".join(again.output.split())
    else:  # he never read it: it was taken off the queue, the new reply is plain
        assert refusal.id not in [o.id for o in _to_buka(game) if o.state != "dropped"]
        assert "(исправлено)" not in new[0].subject and "не засчитаны" not in new[0].body
    # the outbox never doubles a letter: a second send sends nothing twice
    assert _run(game, ["send"], DEADLINE + timedelta(minutes=15)).exit_code == 0
    assert "Отправлено: 0" in _run(game, ["send"], DEADLINE + timedelta(minutes=16)).output


def test_readme_steps_with_sync_instead_of_reread(game):
    """After reopen-day the next sync reads the letter too (the README says either)."""
    game.deliver(letter("buka.work@example.net", "Линч: Маруська", msgid="w@x"), START + timedelta(hours=3))
    game.sync()
    _run(game, ["close-day"], DEADLINE + timedelta(minutes=5))
    _add_address(game, "buka@example.org", "buka.work@example.net")
    _run(game, ["reread", "1"], DEADLINE + timedelta(minutes=10))
    _run(game, ["send"], DEADLINE + timedelta(minutes=11))
    _run(game, ["reopen-day", "1", "--yes"], DEADLINE + timedelta(minutes=12))
    synced = _run(game, ["sync"], DEADLINE + timedelta(minutes=13))
    assert "исправленный ответ «(исправлено)» в очереди: Бука" in " ".join(synced.output.split()), synced.output
    [new] = [o for o in _to_buka(game) if o.state == "queued"]
    assert new.subject.endswith("(исправлено)") and "Голос на линче: Маруська" in new.body


def test_an_earlier_letter_that_changes_nothing_gets_one_plain_reply(game):
    """The earlier letter, fetched late, only votes, and the later one (its reply sent)
    replaces that vote: one new reply, which says it was read and what stands, unmarked —
    what she was told before still stands."""
    game.deliver(letter("marusya@example.org", "лимонад. Линч: Serginio", msgid="m2@x"), START + timedelta(hours=3))
    game.sync()
    send_all(game.cfg, game.store, now=START + timedelta(hours=4))
    game.deliver(letter("marusya@example.org", "Линч: Бука", msgid="m1@x"), START + timedelta(hours=2))
    report = game.sync()
    assert report.followed and report.in_place == []
    queued = [o for o in game.replies("reply") if o.to_nick == "Маруська" and o.state == "queued"]
    assert len(queued) == 1 and "(исправлено)" not in queued[0].subject, [o.body for o in queued]
    body = " ".join(queued[0].body.split())
    assert "Ваше письмо, полученное 07.12.2026 21:30 (МСК), тоже прочитано" in body, body
    assert "заменены этим письмом: - Голос на линче: Бука" in body, body
    with game.store.session() as s:
        from mailer.day.in_place import standing_of
        from engine.move_words import describe_move

        assert [describe_move(m) for m in standing_of(s, "Маруська", 1)] == ["Голос на линче: Serginio"]
