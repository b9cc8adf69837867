"""Hostile mail at the sync level: every kind of bad letter is a literal message here.

Duplicates, a recreated IMAP folder (new UIDVALIDITY, real Dovecot), letters over the size
limit, unknown senders, forged senders (Authentication-Results), missing code words, the
game's own letters coming back, a reply loop with a broken auto-responder, a letter whose
processing fails, the inbox listing of every state — and a fuzz test: random bytes and
mutations of the demo letters in a Maildir, synced, each one ends stored in a final state.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import mutate

import mailer
from mailer.cli import main as cli_main
from mailer.config import load_config
from mailer.inbox import inbox
from mailer.store import Letter, Store, utc
from mailer.sync import MAX_EMPTY_REPLIES_PER_DAY, sync
from mailer.day import init_game
from test_sync import CONFIG, DEADLINE, START, letter

IMAP_BOX = """[mailbox]
kind = "imap"
host = "127.0.0.1"
port = {port}
tls = "none"
user = "{user}"
password_env = "MM_HOSTILE_IMAP_PASSWORD"
folder = "{folder}"
"""

FINAL_STATES = {"applied", "late", "unknown_sender", "held", "auto_reply", "duplicate",
                "unreadable", "no_moves", "skipped", "host", "after_close", "after_end"}


class Game:
    """The four-player game of tests/test_sync.py, on a Maildir or on a Dovecot account."""

    def __init__(self, root: Path, extra: str = "", imap=None, folder: str = "INBOX"):
        self.root = root
        text = CONFIG.format(extra=extra)
        if imap is not None:
            start = text.index("[mailbox]")
            end = text.index("[send]")
            text = text[:start] + IMAP_BOX.format(port=imap.port, user=imap.user, folder=folder) + text[end:]
            os.environ["MM_HOSTILE_IMAP_PASSWORD"] = imap.password
        (root / "game.toml").write_text(text, encoding="utf-8")
        for sub in ("new", "cur", "tmp"):
            (root / "box" / sub).mkdir(parents=True, exist_ok=True)
        self.imap, self.folder = imap, folder
        self.cfg = load_config(root / "game.toml")
        self.store = Store(self.cfg.database_url)
        init_game(self.cfg, self.store, now=START - timedelta(hours=1), event="none")
        self.n = 0

    def deliver(self, raw: bytes, at: datetime) -> None:
        self.n += 1
        if self.imap is not None:
            self.imap.append(raw, when=at, folder=self.folder)
            return
        (self.root / "box" / "new" / f"{int(at.timestamp())}.M{self.n}P1.test").write_bytes(raw)

    def sync(self, now: datetime = DEADLINE - timedelta(hours=1)):
        return sync(self.cfg, self.store, now=now)

    def rows(self):
        return inbox(self.store, self.cfg.zone)

    def states(self):
        return [r.state for r in self.rows()]

    def replies(self, to: str | None = None):
        with self.store.session() as s:
            return [r for r in self.store.outgoing(s)
                    if r.kind != "role" and (to is None or r.to_addr == to)]

    def letter_row(self, message_id: str) -> Letter:
        with self.store.session() as s:
            return self.store.letters(s, message_id=message_id)[0]


@pytest.fixture
def game(tmp_path):
    g = Game(tmp_path)
    yield g
    g.store.dispose()


AT = START + timedelta(hours=2)


# ---------------------------------------------------------------------------------------------
# Duplicates and recreated folders
# ---------------------------------------------------------------------------------------------


def test_duplicate_in_a_later_sync_with_other_transport_headers(game):
    raw = letter("Бука <buka@example.org>", "Лечу Маруську", msgid="twice@mail.example.org")
    game.deliver(raw, AT)
    game.sync()
    game.deliver(b"Received: from relay2.example.net by mx.example.org; Mon, 7 Dec 2026 22:00:00 +0300\r\n" + raw,
                 AT + timedelta(minutes=30))
    rep = game.sync()
    assert rep.states == {"duplicate": 1}
    first, second = game.rows()
    assert (first.state, second.state, second.duplicate_of) == ("applied", "duplicate", first.id)
    assert len(game.replies()) == 1


def test_the_copy_delivered_second_is_the_duplicate_even_if_its_time_is_earlier(tmp_path, dovecot):
    """UID order is delivery order; INTERNALDATE may say otherwise (a copy restored from a
    backup, a relay's clock): the letter stored first stays the original."""
    g = Game(tmp_path, imap=dovecot, folder="Order")
    try:
        raw = letter("buka@example.org", "Лечу Маруську", msgid="order@x")
        g.deliver(raw, AT + timedelta(minutes=10))
        g.deliver(b"X-Restored: yes\r\n" + raw, AT + timedelta(minutes=5))
        g.sync()
        with g.store.session() as s:
            first, second = sorted(g.store.letters(s), key=lambda l: l.id)
        assert (first.state, second.state, second.duplicate_of) == ("applied", "duplicate", first.id)
        assert len(g.replies()) == 1
    finally:
        g.store.dispose()


def test_a_reused_message_id_with_other_text_is_a_new_letter(game):
    """Some broken clients give every letter the same Message-ID: the second move is not lost."""
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="same@broken.client"), AT)
    game.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="same@broken.client"), AT + timedelta(minutes=5))
    game.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="same@broken.client"), AT + timedelta(minutes=6))
    game.sync()
    rows = game.rows()
    assert [r.state for r in rows] == ["applied", "applied", "duplicate"]
    assert rows[2].duplicate_of == rows[1].id  # points at the first delivery of that letter
    with game.store.session() as s:
        moves = [json.loads(l.moves_json) for l in game.store.letters(s)]
        notes = json.loads(game.store.letters(s)[1].notes_json)
    assert moves[:2] == [[{"action": "heal", "target": "Маруська"}], [{"action": "heal", "target": "Ягуарчик"}]]
    assert any("тот же Message-ID" in n for n in notes)
    replies = game.replies()
    assert len(replies) == 2 and "Ягуарчик" in replies[1].body


def test_letters_without_message_id_collapse_by_content(game):
    raw = (b"From: buka@example.org\r\nSubject: =?utf-8?B?0KXQvtC0?=\r\n"
           b"Content-Type: text/plain; charset=utf-8\r\n\r\n" + "Лечу Маруську".encode())
    game.deliver(raw, AT)
    game.deliver(raw, AT + timedelta(minutes=1))
    game.sync()
    assert game.states() == ["applied", "duplicate"]
    assert game.rows()[0].message_id.startswith("sha256:")
    assert len(game.replies()) == 1


def test_uidvalidity_change_rescans_dedups_never_answers_twice(tmp_path, dovecot):
    g = Game(tmp_path, imap=dovecot, folder="Mafia")
    try:
        old = [letter("buka@example.org", "Лечу Маруську", msgid="v1@x"),
               letter("stranger@example.net", "Убиваем Буку", msgid="v2@x"),
               letter("serg@example.org", "Линч: Бука", msgid="v3@x")]
        for i, raw in enumerate(old):
            g.deliver(raw, AT + timedelta(minutes=i))
        assert g.sync().states == {"applied": 2, "unknown_sender": 1}
        replies = {r.message_id for r in g.replies()}
        assert len(replies) == 3
        dovecot.recreate_folder("Mafia")  # new UIDVALIDITY, UIDs start at 1 again
        for i, raw in enumerate(old):
            g.deliver(raw, AT + timedelta(minutes=i))
        g.deliver(letter("jaguar@example.org", "Линч: Serginio", msgid="v4@x"), AT + timedelta(minutes=9))
        rep = g.sync()
        assert (rep.fetched, rep.states) == (4, {"duplicate": 3, "applied": 1})
        # (in the order they were stored: a re-delivery bears its first delivery's INTERNALDATE,
        # so the inbox, which lists by time, may put the two side by side. The test read the
        # inbox's order until 2026-12-07 ~16:30 UTC and failed from then on, the code
        # unchanged: apparently the server replaced an append date more than ~2 h ahead of its
        # clock by its own time, which kept the first deliveries first)
        rows = sorted(g.rows(), key=lambda r: r.id)
        assert [r.message_id for r in rows[:3]] == ["v1@x", "v2@x", "v3@x"]
        assert [r.duplicate_of for r in rows[3:6]] == [rows[0].id, rows[1].id, rows[2].id]
        new = [r for r in g.replies() if r.message_id not in replies]
        assert [r.to_addr for r in new] == ["jaguar@example.org"]
        assert g.sync().fetched == 0
    finally:
        g.store.dispose()


# ---------------------------------------------------------------------------------------------
# Size, unknown senders, robots, own letters
# ---------------------------------------------------------------------------------------------

BIG = letter("buka@example.org", "Лечу Маруську\r\n" + "Очень длинная подпись. " * 200, msgid="big@x")


def test_too_large_letter_skipped_with_note_on_maildir(tmp_path):
    g = Game(tmp_path, extra="max_letter_size = 3000")
    try:
        g.deliver(BIG, AT)
        g.deliver(letter("serg@example.org", "Линч: Бука", msgid="small@x"), AT + timedelta(minutes=1))
        rep = g.sync()
        assert (rep.fetched, rep.skipped_large, rep.states) == (1, 1, {"applied": 1})
        assert g.states() == ["skipped", "applied"]
        assert rep.attention == [f"buka@example.org — письмо слишком большое ({len(BIG)} байт, "
                                 "предел 3000 байт), не скачано, тема «Ход»"]
        with g.store.session() as s:
            skipped = g.store.letters(s, state="skipped")[0]
            assert skipped.raw is None and skipped.size == len(BIG)
            assert (skipped.message_id, skipped.from_addr, skipped.subject) == ("big@x", "buka@example.org", "Ход")
        assert [r.to_addr for r in g.replies()] == ["serg@example.org"]
        assert g.sync().skipped_large == 0  # noted once
    finally:
        g.store.dispose()


def test_too_large_letter_skipped_on_dovecot_without_download(tmp_path, dovecot):
    g = Game(tmp_path, extra="max_letter_size = 3000", imap=dovecot, folder="Big")
    try:
        g.deliver(BIG, AT)
        rep = g.sync()
        assert (rep.fetched, rep.skipped_large) == (0, 1)
        assert g.states() == ["skipped"] and g.replies() == []
        assert len(rep.attention) == 1 and rep.attention[0].startswith("buka@example.org — письмо слишком большое")
        assert g.rows()[0].message_id == "big@x"
        dovecot.recreate_folder("Big")  # rescan: the same big letter is a duplicate, not noted again
        g.deliver(BIG, AT)
        rep = g.sync()
        assert (rep.fetched, rep.skipped_large, rep.attention) == (0, 0, [])
        assert g.states() == ["skipped", "duplicate"]
    finally:
        g.store.dispose()


def test_unknown_address_answered_once_per_local_day(game):
    stranger = "Kot <kot.office@example.com>"
    for i, at in enumerate([AT, AT + timedelta(hours=2), START + timedelta(hours=8)]):  # 19:30 → 03:30 next day
        game.deliver(letter(stranger, "Линч: Бука", msgid=f"u{i}@x"), at)
    game.deliver(letter("other@example.com", "Линч: Бука", msgid="o@x"), AT)
    rep = game.sync()
    assert rep.states == {"unknown_sender": 4}
    to_kot = game.replies("kot.office@example.com")
    assert len(to_kot) == 2 and all(r.kind == "unknown_sender" for r in to_kot)
    assert "kot.office@example.com" in to_kot[0].body and "нет в списке игроков" in to_kot[0].body
    assert len(game.replies("other@example.com")) == 1


@pytest.mark.parametrize("sender", [
    "=?utf-8?b?0YFi@B2I=?=",  # found by the fuzz test: the "@" inside an encoded word
    "<=?utf-8?b?0YFiB2I@?=>",
    "buka",
    "Бука <buka@localhost>",
])
def test_unusable_sender_address_is_never_answered(game, sender):
    game.deliver(letter(sender, "Линч: Ягуарчик", msgid="noaddr@x"), AT)
    rep = game.sync()
    assert rep.states == {"unknown_sender": 1}
    assert game.replies() == []


@pytest.mark.parametrize("extra,subject", [
    ("Auto-Submitted: auto-replied\r\n", "Ход"),
    ("Precedence: junk\r\n", "Ход"),
    ("Return-Path: <>\r\n", "Undelivered Mail Returned to Sender"),
    ("", "Automatic reply: Re: Ход"),
    ("", "Автоответ: Re: Ход"),
    ("", "Автоматический ответ: Ход"),
    ("", "Out of Office: Ход"),
])
def test_robots_stored_never_answered(game, extra, subject):
    game.deliver(letter("buka@example.org", "Я в отпуске до 20 декабря. Лечу Маруську", msgid="r@x",
                        extra=extra, subject=subject), AT)
    game.sync()
    assert game.states() == ["auto_reply"]
    assert game.replies() == []
    with game.store.session() as s:
        assert game.store.letters(s)[0].moves_json == "[]"


def test_bounce_from_mailer_daemon(game):
    raw = (b"From: MAILER-DAEMON@mx.example.net\r\nTo: host@example.org\r\nSubject: failure notice\r\n"
           b"Message-ID: <bounce1@mx.example.net>\r\nContent-Type: text/plain\r\n\r\n"
           b"Sorry, I couldn't deliver your message to buka@example.org.\r\n")
    game.deliver(raw, AT)
    game.sync()
    assert game.states() == ["auto_reply"] and game.replies() == []


def test_letter_from_the_host_never_counts(game):
    game.deliver(letter("Ведущий <HOST@example.org>", "Лечу Маруську. Линч: Бука", msgid="h@x"), AT)
    game.sync()
    row = game.letter_row("h@x")
    assert (row.state, row.nick, row.moves_json) == ("host", None, "[]")
    assert game.replies() == []


def test_a_copy_of_our_own_letter_never_counts(game):
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="orig@x"), AT)
    game.sync()
    [reply] = game.replies()
    # the mail provider files a copy of the game's reply in INBOX; it quotes the move and
    # even carries the player's From (some forwarders rewrite From)
    copy = letter("buka@example.org", "Принято: Лечение: Маруська. Лечу Ягуарчика", msgid=reply.message_id,
                  extra="In-Reply-To: <orig@x>\r\n")
    game.deliver(copy, AT + timedelta(minutes=5))
    rep = game.sync()
    assert rep.states == {"host": 1}
    row = game.letter_row(reply.message_id)
    assert (row.state, row.moves_json) == ("host", "[]")
    assert len(game.replies()) == 1


def test_a_letter_with_the_form_of_our_message_ids_never_counts(game):
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="mm-0123456789abcdef01234567@example.org"), AT)
    game.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="mm-0123456789abcdef01234567@gmail.com"),
                 AT + timedelta(minutes=1))
    game.sync()
    assert game.states() == ["host", "applied"]
    assert len(game.replies()) == 1


def test_broken_auto_responder_loop_stops(game):
    """An auto-responder without any auto-reply header answers every reply it gets."""
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="start@x"), AT)
    game.sync()
    for i in range(6):
        last = game.replies("buka@example.org")[-1]
        game.deliver(letter("buka@example.org", "Спасибо за письмо! Я прочитаю его позже.", msgid=f"ooo{i}@x",
                            subject=f"Re: {last.subject}", extra=f"In-Reply-To: <{last.message_id}>\r\n"),
                     AT + timedelta(minutes=10 * (i + 1)))
        game.sync()
    assert game.states() == ["applied"] + ["no_moves"] * 6
    replies = game.replies("buka@example.org")
    assert len(replies) == 1 + MAX_EMPTY_REPLIES_PER_DAY
    notes = json.loads(game.letter_row("ooo5@x").notes_json)
    assert any("автоответчиком" in n for n in notes)
    # a real move that day is still answered
    game.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="real@x"), AT + timedelta(hours=2))
    game.sync()
    assert len(game.replies("buka@example.org")) == 2 + MAX_EMPTY_REPLIES_PER_DAY


def test_auto_responder_pasting_our_reply_unquoted_neither_moves_nor_loops(game):
    game.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", msgid="go@x"), AT)
    game.sync()
    for i in range(5):
        last = game.replies("buka@example.org")[-1]
        pasted = "Я в отпуске до понедельника.\r\n\r\n" + last.body.replace("\n", "\r\n")
        game.deliver(letter("buka@example.org", pasted, msgid=f"paste{i}@x", subject=f"Re: {last.subject}",
                            extra=f"In-Reply-To: <{last.message_id}>\r\n"), AT + timedelta(minutes=10 * (i + 1)))
        game.sync()
    assert game.states() == ["applied"] + ["no_moves"] * 5
    row = game.letter_row("paste0@x")
    assert row.body == "Я в отпуске до понедельника." and row.moves_json == "[]"
    assert any("копия письма игры" in n for n in json.loads(row.notes_json))
    assert len(game.replies("buka@example.org")) == 1 + MAX_EMPTY_REPLIES_PER_DAY


def test_a_late_pasted_copy_of_an_old_reply_does_not_bring_old_moves_back(game):
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="first@x"), AT)
    game.sync()
    old_reply = game.replies("buka@example.org")[0]
    game.deliver(letter("buka@example.org", "Передумал: лечу Ягуарчика", msgid="second@x"), AT + timedelta(minutes=5))
    game.sync()
    # Outlook-style answer to the first reply: text on top, the original rewrapped below, no ">"
    rewrapped = " ".join(old_reply.body.split()).replace(" - ", "\r\n- ")
    game.deliver(letter("buka@example.org", f"Ок, спасибо!\r\n\r\n{rewrapped}", msgid="third@x",
                        extra=f"In-Reply-To: <{old_reply.message_id}>\r\n"), AT + timedelta(minutes=9))
    game.sync()
    with game.store.session() as s:
        moves = [json.loads(l.moves_json) for l in game.store.letters(s, nick="Бука")]
    assert moves == [[{"action": "heal", "target": "Маруська"}], [{"action": "heal", "target": "Ягуарчик"}], []]


def test_own_words_of_a_player_are_kept_even_if_they_echo_our_lines(game):
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="e1@x"), AT)
    game.sync()
    game.deliver(letter("buka@example.org", "Принято (день 1):\r\n  - Лечение: Маруська\r\nЛинч: Serginio",
                        msgid="e2@x"), AT + timedelta(minutes=1))
    game.sync()
    assert json.loads(game.letter_row("e2@x").moves_json) == [
        {"action": "heal", "target": "Маруська"}, {"action": "vote", "target": "Serginio"}]


# ---------------------------------------------------------------------------------------------
# Who may move
# ---------------------------------------------------------------------------------------------

AUTH_FAIL = ("Authentication-Results: mx.example.org; dkim=fail header.d=example.org;\r\n"
             " spf=fail smtp.mailfrom=example.org; dmarc=fail header.from=example.org\r\n")


def test_the_address_decides_who_moves_not_the_name_nor_reply_to(game):
    game.deliver(letter("Маруська <BUKA@Example.ORG>", "Проверяю Ягуарчика. лимонад", msgid="name@x",
                        extra="Reply-To: Маруська <marusya@example.org>\r\n"), AT)
    game.deliver(letter("buka@example.org", "Ход за Маруську: проверяю Ягуарчика", msgid="for@x"),
                 AT + timedelta(minutes=1))
    game.sync()
    for mid in ("name@x", "for@x"):
        row = game.letter_row(mid)
        assert row.nick == "Бука" and row.moves_json == "[]", (mid, row.moves_json)
        assert json.loads(row.problems_json), mid
    replies = game.replies()
    assert [r.to_addr for r in replies] == ["buka@example.org", "buka@example.org"]
    assert all(r.to_nick == "Бука" for r in replies)
    with game.store.session() as s:
        assert game.store.letters(s, nick="Маруська") == []


def test_failing_authentication_results_held_unanswered(game):
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="forged@x", extra=AUTH_FAIL), AT)
    rep = game.sync()
    row = game.letter_row("forged@x")
    assert (row.state, row.nick, row.moves_json) == ("held", "Бука", "[]")
    assert any("dkim=fail" in n for n in json.loads(row.notes_json))
    assert rep.attention and "задержаны для ведущего" in rep.attention[0]
    assert game.replies() == []


@pytest.mark.parametrize("froms", [
    "From: buka@example.org, evil@example.net\r\n",
    "From: Бука <buka@example.org>\r\nFrom: evil@example.net\r\n",
    "From: evil@example.net\r\nFrom: buka@example.org\r\n",
])
def test_several_authors_are_held_unanswered(game, froms):
    raw = letter("buka@example.org", "Лечу Маруську", msgid="two@x").replace(
        b"From: buka@example.org\r\n", froms.encode())
    game.deliver(raw, AT)
    rep = game.sync()
    row = game.letter_row("two@x")
    assert (row.state, row.moves_json) == ("held", "[]")
    assert any("несколько адресов" in n and "evil@example.net" in n for n in json.loads(row.notes_json))
    assert game.replies() == [] and rep.attention


def test_authentication_results_below_the_top_one_are_not_trusted(game):
    extra = ("Authentication-Results: mx.example.org; dkim=pass header.d=example.org; spf=pass\r\n"
             "Authentication-Results: evil.example.net; dkim=fail\r\n")
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="ok@x", extra=extra), AT)
    game.deliver(letter("serg@example.org", "Линч: Бука", msgid="bad@x",
                        extra=AUTH_FAIL + "Authentication-Results: relay.example.net; dkim=pass\r\n"),
                 AT + timedelta(minutes=1))
    game.sync()
    assert game.states() == ["applied", "held"]


def test_code_word_must_be_the_senders_own_and_not_quoted(tmp_path):
    g = Game(tmp_path, extra="require_code = true")
    try:
        quoted = "Проверяю Буку\r\n\r\n> Ваше кодовое слово: «лимонад»\r\n"
        g.deliver(letter("marusya@example.org", quoted, msgid="q@x"), AT)
        g.deliver(letter("marusya@example.org", "Проверяю Буку. ЛИМОНАД",
                         msgid="ok@x"), AT + timedelta(minutes=1))
        g.deliver(letter("marusya@example.org", "Проверяю Ягуарчика. Пароль: малина", msgid="w@x"),
                  AT + timedelta(minutes=2))
        with g.store.session() as s:
            role_letter = next(r.body for r in g.store.outgoing(s) if r.to_nick == "Маруська")
        assert "«лимонад»" in role_letter  # a pasted copy of the role letter carries the code word
        g.deliver(letter("marusya@example.org", "Проверяю Serginio\r\n\r\n" + role_letter, msgid="p@x"),
                  AT + timedelta(minutes=3))
        g.sync()
        assert g.states() == ["held", "applied", "held", "held"]
        held = [r for r in g.replies() if "кодового слова" in r.body]
        assert len(held) == 3
        assert json.loads(g.letter_row("w@x").moves_json or "[]") == []
    finally:
        g.store.dispose()


def test_a_letter_that_breaks_processing_is_held_and_sync_goes_on(game, monkeypatch):
    import engine.parse

    real = engine.parse.parse_letter

    def parse(body, nick, *args, **kwargs):
        if "БОМБА" in body:
            raise RecursionError("maximum recursion depth exceeded")
        return real(body, nick, *args, **kwargs)

    monkeypatch.setattr(engine.parse, "parse_letter", parse)
    game.deliver(letter("buka@example.org", "БОМБА Лечу Маруську", msgid="boom@x"), AT)
    game.deliver(letter("serg@example.org", "Линч: Бука", msgid="after@x"), AT + timedelta(minutes=1))
    rep = game.sync()
    assert rep.states == {"held": 1, "applied": 1}
    row = game.letter_row("boom@x")
    assert row.state == "held" and any("RecursionError" in n for n in json.loads(row.notes_json))
    assert [r.to_addr for r in game.replies()] == ["serg@example.org"]
    assert game.sync().processed == 0


# ---------------------------------------------------------------------------------------------
# inbox / show: every state, by the CLI
# ---------------------------------------------------------------------------------------------


def test_inbox_lists_every_state_and_show_prints_raw_and_understood(tmp_path):
    g = Game(tmp_path, extra="require_code = true")
    try:
        g.deliver(letter("Бука <buka@example.org>", "Лечу Маруську", msgid="s-applied@x"), AT)
        g.deliver(letter("jaguar@example.org", "Линч: Бука", msgid="s-late@x"), DEADLINE + timedelta(minutes=5))
        g.deliver(letter("kot@example.com", "Линч: Бука", msgid="s-unknown@x"), AT)
        g.deliver(letter("marusya@example.org", "Проверяю Буку", msgid="s-held@x"), AT)
        g.deliver(letter("serg@example.org", "В отпуске", msgid="s-auto@x", extra="Auto-Submitted: auto-replied\r\n"), AT)
        g.deliver(letter("Бука <buka@example.org>", "Лечу Маруську", msgid="s-applied@x"), AT + timedelta(minutes=1))
        g.deliver(b"\x00\x01\r\n\r\n\x02 \x03", AT)
        g.deliver(letter("serg@example.org", "Всем привет, погода отличная", msgid="s-none@x"), AT)
        sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=10))
        runner = CliRunner()
        out = runner.invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "inbox", "--json"])
        assert out.exit_code == 0, out.output
        rows = json.loads(out.output)
        by_id = {r["message_id"]: r for r in rows}
        assert {r["state"] for r in rows} == {"applied", "pending", "unknown_sender", "held", "auto_reply",
                                             "duplicate", "unreadable", "no_moves"}
        assert [r["state"] for r in rows if r["message_id"] == "s-applied@x"] == ["applied", "duplicate"]
        late_id = g.letter_row("s-late@x").id
        assert by_id["s-late@x"] == {"id": late_id, "message_id": "s-late@x", "from": "jaguar@example.org",
                                     "nick": "Ягуарчик", "subject": "Ход",
                                     "received": "2026-12-08T19:35:00+03:00", "state": "pending", "problems": []}
        assert set(rows[0]) == {"id", "message_id", "from", "nick", "subject", "received", "state", "problems"}
        assert by_id["s-held@x"]["problems"] == [{"text": "Ход", "kind": "not_allowed"}]
        only = runner.invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "inbox", "--state", "unreadable"])
        assert only.exit_code == 0 and only.output.count("нечитаемые") == 1
        applied_id = str(g.letter_row("s-applied@x").id)
        shown = runner.invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "show", applied_id])
        assert shown.exit_code == 0, shown.output
        assert "Message-ID: <s-applied@x>" in shown.output  # the raw letter
        assert "  Лечение: Маруська\n" in shown.output  # the move as the reply restates it
        assert "Состояние: ходы приняты" in shown.output
        by_mid = runner.invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "show", "<s-late@x>"])
        assert by_mid.exit_code == 0 and "Состояние: ждут обработки; день —" in by_mid.output
        assert "пришло после срока дня 1: письмо будет прочитано в дне 2" in by_mid.output
    finally:
        g.store.dispose()


# ---------------------------------------------------------------------------------------------
# Fuzz: mutated demo letters and random bytes through the whole sync
# ---------------------------------------------------------------------------------------------

DEMO_LETTERS = [p.read_bytes() for p in sorted((Path(mailer.__file__).parent / "demo" / "maildir" / "new").iterdir())]
DEBRIS = [b"=?", b"?=", b"=?utf-8?B?", b"=?koi8-r?Q?=F0=", b'"', b"<", b">", b"\r\n", b"\n",
          b"\r\n\r\n", b"--b1", b":", b";", b"\x00", b"Content-Type: multipart/mixed; boundary=",
          b"Content-Transfer-Encoding: base64\r\n", b"charset=cp-1251", b"Message-ID: <<>>\r\n",
          b"From: \"\r\n", b"Auto-Submitted: no\r\n", b"Authentication-Results: x; dkim=fail\r\n",
          "Лечу Буку".encode("cp1251"), "Линч: Ягуарчик".encode("utf-8")[:-1], b"\xff\xfe", b"\xd0",
          b"<blockquote>", b"&#xffffffff;", b"> ", "Проверяю ".encode() * 50]

mutation = st.one_of(
    st.tuples(st.just("insert"), st.integers(0, 10_000), st.sampled_from(DEBRIS)),
    st.tuples(st.just("insert"), st.integers(0, 10_000), st.binary(min_size=1, max_size=8)),
    st.tuples(st.just("delete"), st.integers(0, 10_000), st.integers(1, 60)),
    st.tuples(st.just("flip"), st.integers(0, 10_000), st.integers(0, 255)),
    st.tuples(st.just("truncate"), st.integers(0, 10_000), st.just(0)),
    st.tuples(st.just("new_id"), st.just(0), st.integers(0, 10**9)),  # not a duplicate any more
)


fuzzed_letter = st.one_of(
    st.binary(max_size=2000),
    st.tuples(st.sampled_from(DEMO_LETTERS), st.lists(mutation, max_size=6)).map(lambda t: mutate(*t)),
)


class DemoGame(Game):
    """The bundled demo game (24 players: the senders of the demo letters) on a Maildir."""

    def __init__(self, root: Path):
        from mailer.demo import copy_demo

        self.root, self.imap, self.folder, self.n = root, None, "INBOX", 0
        self.cfg = load_config(copy_demo(root))
        self.store = Store(self.cfg.database_url)
        init_game(self.cfg, self.store, now=self.cfg.start - timedelta(minutes=5), event="none")

    def deliver(self, raw: bytes, at: datetime) -> None:
        self.n += 1
        (self.root / "maildir" / "new" / f"{int(at.timestamp())}.F{self.n}P1.fuzz").write_bytes(raw)


@pytest.fixture(scope="module")
def fuzz_game(tmp_path_factory):
    g = DemoGame(tmp_path_factory.mktemp("fuzz"))
    g.sync()  # the demo day's own letters first
    yield g
    g.store.dispose()


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(letters=st.lists(fuzzed_letter, min_size=1, max_size=5),
       minutes=st.lists(st.integers(-600, 2000), min_size=5, max_size=5))
def test_fuzzed_maildir_sync_stores_every_letter_in_a_final_state(fuzz_game, letters, minutes):
    g = fuzz_game
    with g.store.session() as s:
        before = len(g.store.letters(s))
        replies_before = len(g.store.outgoing(s))
    for raw, offset in zip(letters, minutes):
        g.deliver(raw, AT + timedelta(minutes=offset))
    rep = g.sync()
    # (a letter received before a stored one of its sender's day is read in its place: that
    # later letter is read again after it, mailer.day.in_place)
    assert rep.fetched == len(letters) and rep.processed == len(letters) + len(rep.followed), rep
    with g.store.session() as s:
        rows = g.store.letters(s)
        outgoing = g.store.outgoing(s)
    assert len(rows) == before + len(letters)
    # a letter received after the open day's deadline waits for the next day (DECISIONS.md §8)
    deadline = g.cfg.start + timedelta(days=1, minutes=1)
    assert all(r.state in FINAL_STATES or (r.state == "pending" and utc(r.received) >= deadline)
               for r in rows), {r.state for r in rows}
    bad = [(r.id, n) for r in rows for n in json.loads(r.notes_json) if "ошибка при обработке" in n]
    assert not bad, bad
    new_refs = [o.ref for o in outgoing[replies_before:]]
    assert len(new_refs) <= len(letters) + len(rep.followed) and len(set(new_refs)) == len(new_refs)
    for o in outgoing[replies_before:]:
        assert o.kind in ("reply", "unknown_sender") and o.to_addr and "@" in o.to_addr
    again = g.sync()
    assert (again.fetched, again.processed) == (0, 0)


# ---------------------------------------------------------------------------------------------
# One run at a time
# ---------------------------------------------------------------------------------------------


def test_a_second_sync_or_send_while_one_runs_is_refused(game):
    from mailer.outbox import send_all
    from mailer.runlock import exclusive
    from mailer.send import SendError
    from mailer.day import GameError

    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="lock@x"), AT)
    with exclusive(game.cfg.path, "sync"):
        with pytest.raises(GameError, match="sync для этой игры уже выполняется"):
            game.sync()
        out = CliRunner().invoke(cli_main, ["--config", str(game.root / "game.toml"), "sync"])
        assert out.exit_code == 1 and "уже выполняется" in out.output
        assert game.rows() == []
        assert send_all(game.cfg, game.store, now=DEADLINE).sent == 4  # send is another lock
    with exclusive(game.cfg.path, "send"):
        with pytest.raises(SendError, match="send для этой игры уже выполняется"):
            send_all(game.cfg, game.store, now=DEADLINE)
    assert game.sync().states == {"applied": 1}
