"""The screens of a received letter (mailer.screens): their order in CHAIN, the game's own
Message-ID form and the duplicate screen's text hash (also on rows of an older version)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import text
from sqlmodel import select

from mailer.fetch import fetch_maildir
from mailer.intake import source_name
from mailer.letter_state import LetterState
from mailer.outbox import is_game_message_id, message_id_for
from mailer.screens import CHAIN, Answer, text_hash
from mailer.store import Letter
from test_sync import START, Game, letter


def test_the_chain_runs_the_screens_in_this_order():
    assert [(link.screen.__name__, link.state.value, link.answer) for link in CHAIN] == [
        ("duplicate", "duplicate", Answer.NONE), ("unreadable", "unreadable", Answer.NONE),
        ("auto_reply", "auto_reply", Answer.NONE), ("own_letter", "host", Answer.NONE),
        ("authentication", "held", Answer.NONE), ("several_from", "held", Answer.NONE),
        ("unknown_sender", "unknown_sender", Answer.STRANGER),
        ("game_over", "after_end", Answer.GAME_OVER), ("no_open_day", "no_moves", Answer.NONE),
        ("code_word", "held", Answer.REFUSAL)]
    assert [link.screen.__name__ for link in CHAIN if not link.senders] == [
        "duplicate", "unreadable", "auto_reply", "own_letter"]


def test_the_games_message_ids_have_one_form():
    mid = message_id_for("Синк", 3, "reply:a1@x", "Ведущий <host@example.org>")
    assert mid.startswith("mm-") and mid.endswith("@example.org") and len(mid) == 3 + 24 + 12
    assert is_game_message_id(mid, "host@example.org")
    assert is_game_message_id(mid.upper().replace("@EXAMPLE.ORG", "@example.org"), "host@example.org")
    assert not is_game_message_id(mid, "host@example.net")
    digits = mid[3:27]
    assert not is_game_message_id(f"mm-{digits[:-1]}@example.org", "host@example.org")  # 23 digits
    assert not is_game_message_id(f"mm-{digits}0@example.org", "host@example.org")  # 25 digits
    assert not is_game_message_id("mm-1234@example.org", "host@example.org")


def test_source_name_is_the_one_fetch_gives(tmp_path):
    g = Game(tmp_path)
    g.deliver(letter("buka@example.org", "Лечу Маруську", msgid="a1@x"), START + timedelta(hours=2))
    [item] = list(fetch_maildir(g.cfg.mailbox.path, seen=lambda key: False))
    g.sync()
    with g.store.session() as s:
        [row] = s.exec(select(Letter)).all()
    assert row.source == item.source == source_name(g.cfg) == f"maildir:{tmp_path / 'box'}"


def test_a_stored_letter_keeps_the_hash_of_its_sender_and_text(tmp_path):
    g = Game(tmp_path)
    g.deliver(letter("buka@example.org", "Лечу Маруську", msgid="a1@x"), START + timedelta(hours=2))
    g.sync()
    with g.store.session() as s:
        [row] = s.exec(select(Letter)).all()
    assert row.text_hash == text_hash("buka@example.org", "Лечу Маруську") and len(row.text_hash) == 64


def test_a_row_of_an_older_version_without_hash_is_still_compared_by_its_text(tmp_path):
    g = Game(tmp_path)
    raw = letter("buka@example.org", "Лечу Маруську", msgid="same@x")
    g.deliver(raw, START + timedelta(hours=2))
    g.sync()
    with g.store.session() as s:
        s.execute(text("UPDATE letter SET text_hash = NULL"))
    g.deliver(raw, START + timedelta(hours=3))  # the same letter again
    g.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="same@x"), START + timedelta(hours=4))
    g.sync()
    states = [(r.state, r.duplicate_of) for r in g.rows()]
    first = g.rows()[0].id
    assert states == [(LetterState.APPLIED, None), (LetterState.DUPLICATE, first), (LetterState.APPLIED, None)]
