"""Outgoing mail every client threads and every server accepts (issue 13 «Outgoing mail»):
ids verbatim, subjects that decode exactly, internationalized addresses, one bad letter
never stops `send`."""

from __future__ import annotations

import email
import re
from datetime import datetime, timezone
from email import policy
from email.header import decode_header, make_header
from pathlib import Path

import pytest

from mailer.config import load_config
from mailer.decode import decode
from mailer.outbox import build_message, message_id_for, queue, send_all
from mailer.store import Store
from tests.servers import RecordingHandler, SmtpServer

NOW = datetime(2026, 12, 8, 17, 0, tzinfo=timezone.utc)
#: An Outlook-length Message-ID: 95 characters, no spaces
OUTLOOK_ID = ("DB9PR04MB8412A1B2C3D4E5F60718293A4B5C6D7E8F9A0B1C2D3E4F@"
              "DB9PR04MB8412.eurprd04.prod.outlook.com")
LONG_SUBJECT = "Re: " + ("Голосую за линч Бармалея и лечу Маруську, а вечером обсудим газету "
                         "и итоги третьего дня игры в мафию")

CONFIG = """\
[game]
name = "Тест"
start = "2026-12-07 19:30"
seed = 1
database = "g.db"
[[player]]
nick = "Маруська"
email = "m@example.org"
[[player]]
nick = "Зоя"
email = "zoya@почта.рф"
[[player]]
nick = "Юля"
email = "юля@почта.рф"
[mailbox]
kind = "maildir"
path = "box"
[send]
{send}
from = "Ведущий <host@{domain}>"
"""


def game(tmp_path: Path, *, send='kind = "folder"\npath = "out"', domain="example.org"):
    path = tmp_path / "game.toml"
    path.write_text(CONFIG.format(send=send, domain=domain), encoding="utf-8")
    cfg = load_config(path)
    return cfg, Store(cfg.database_url)


def queue_reply(cfg, store, to_addr="m@example.org", nick="Маруська", subject="Re: Ход", ref="r1",
                in_reply_to=OUTLOOK_ID, references=("root-" + OUTLOOK_ID,)):
    with store.session() as s:
        queue(s, cfg, ref=ref, kind="reply", to_addr=to_addr, to_nick=nick, subject=subject,
              body="Принято: лечение Буки.", now=NOW, in_reply_to=in_reply_to,
              references=list(references), auto_submitted="auto-replied")
    with store.session() as s:
        return [r for r in store.outgoing(s) if r.ref == ref][0]


def header_lines(raw: bytes, name: str) -> list[str]:
    """The physical lines of header ``name`` in a serialized message."""
    head = raw.split(b"\n\n", 1)[0].decode("ascii")
    lines = head.split("\n")
    start = next(i for i, line in enumerate(lines) if line.lower().startswith(name.lower() + ":"))
    out = [lines[start]]
    for line in lines[start + 1:]:
        if not line.startswith((" ", "\t")):
            break
        out.append(line)
    return out


def test_long_message_ids_are_written_verbatim(tmp_path):
    cfg, store = game(tmp_path)
    row = queue_reply(cfg, store)
    raw = build_message(cfg, row).as_bytes()
    assert header_lines(raw, "In-Reply-To") == [f"In-Reply-To: <{OUTLOOK_ID}>"]
    refs = header_lines(raw, "References")
    # folded only between ids: every physical line is whole ids
    assert refs == [f"References: <root-{OUTLOOK_ID}>", f" <{OUTLOOK_ID}>"]
    back = email.message_from_bytes(raw, policy=policy.default)
    assert back["In-Reply-To"] == f"<{OUTLOOK_ID}>"
    assert back["References"].split() == [f"<root-{OUTLOOK_ID}>", f"<{OUTLOOK_ID}>"]
    # the player's client threads on it: our decoder reads the same ids back
    letter = decode(raw)
    assert letter.in_reply_to == OUTLOOK_ID


def test_short_ids_share_a_line(tmp_path):
    cfg, store = game(tmp_path)
    row = queue_reply(cfg, store, in_reply_to="b@x", references=("a@x",))
    raw = build_message(cfg, row).as_bytes()
    assert header_lines(raw, "References") == ["References: <a@x> <b@x>"]


def test_long_cyrillic_subject_round_trips_exactly(tmp_path):
    cfg, store = game(tmp_path)
    row = queue_reply(cfg, store, subject=LONG_SUBJECT)
    raw = build_message(cfg, row).as_bytes()
    lines = header_lines(raw, "Subject")
    assert len(lines) > 1
    assert all(len(line) <= 78 for line in lines)
    words = re.findall(r"=\?[^?]+\?[bBqQ]\?[^?]*\?=", "\n".join(lines))
    assert words and all(len(w) <= 75 for w in words)
    assert email.message_from_bytes(raw, policy=policy.default)["Subject"] == LONG_SUBJECT
    assert str(make_header(decode_header(" ".join(l.strip() for l in lines)[len("Subject: "):]))) \
        == LONG_SUBJECT


def test_long_subject_round_trips_through_imap(tmp_path, dovecot):
    """APPEND the letter to a real Dovecot, FETCH ENVELOPE: the subject decodes exactly."""
    cfg, store = game(tmp_path)
    row = queue_reply(cfg, store, subject=LONG_SUBJECT)
    raw = build_message(cfg, row).as_bytes().replace(b"\n", b"\r\n")
    uid = dovecot.append(raw)
    client = dovecot.client()
    try:
        client.select_folder("INBOX", readonly=True)
        envelope = client.fetch([uid], ["ENVELOPE"])[uid][b"ENVELOPE"]
    finally:
        client.logout()
    assert str(make_header(decode_header(envelope.subject.decode("ascii")))) == LONG_SUBJECT
    assert envelope.in_reply_to.decode("ascii") == f"<{OUTLOOK_ID}>"


def test_idn_host_domain_gives_ascii_message_ids(tmp_path):
    assert message_id_for("Игра", 1, "r", "Ведущий <host@игра.рф>").endswith("@xn--80afo7a.xn--p1ai")
    cfg, store = game(tmp_path, domain="игра.рф")
    row = queue_reply(cfg, store)
    raw = build_message(cfg, row).as_bytes()
    assert raw.isascii()
    back = email.message_from_bytes(raw, policy=policy.default)
    assert back["From"].addresses[0].addr_spec == "host@xn--80afo7a.xn--p1ai"
    assert back["Message-ID"].endswith("@xn--80afo7a.xn--p1ai>")


@pytest.mark.parametrize("smtputf8", [True, False])
def test_idn_player_is_sent_to_in_either_form(tmp_path, smtputf8):
    """SMTPUTF8 where the server offers it, else the punycode domain; a non-ASCII local part
    without SMTPUTF8 fails that one letter with the reason, the others go."""
    server = SmtpServer(RecordingHandler(), smtputf8=smtputf8).start()
    try:
        send = f'kind = "smtp"\nhost = "127.0.0.1"\nport = {server.port}\ntls = "none"'
        cfg, store = game(tmp_path, send=send)
        queue_reply(cfg, store, to_addr="zoya@почта.рф", nick="Зоя", ref="zoya")
        queue_reply(cfg, store, to_addr="юля@почта.рф", nick="Юля", ref="yulia")
        queue_reply(cfg, store, ref="marusya")
        report = send_all(cfg, store, now=NOW)
    finally:
        server.stop()
    rcpts = sorted(r for m in server.messages for r in m.rcpt_tos)
    if smtputf8:
        assert report.sent == 3 and report.failed == 0
        assert rcpts == ["m@example.org", "zoya@почта.рф", "юля@почта.рф"]
    else:
        assert report.sent == 2 and report.failed == 1
        assert rcpts == ["m@example.org", "zoya@xn--80a1acny.xn--p1ai"]
        with store.session() as s:
            failed = [r for r in store.outgoing(s) if r.state == "failed"]
        assert [r.to_addr for r in failed] == ["юля@почта.рф"]
        assert "SMTPUTF8" in failed[0].error
    store.dispose()


def test_bad_address_fails_one_letter_and_the_rest_go(tmp_path):
    cfg, store = game(tmp_path)
    queue_reply(cfg, store, to_addr="не адрес вовсе", nick="Маруська", ref="bad")
    queue_reply(cfg, store, ref="good")
    report = send_all(cfg, store, now=NOW)
    assert (report.sent, report.failed) == (1, 1)
    with store.session() as s:
        states = {r.ref: (r.state, r.error) for r in store.outgoing(s)}
    assert states["good"] == ("sent", None)
    assert states["bad"][0] == "failed" and "не адрес" in states["bad"][1]
    store.dispose()


def test_letters_from_the_punycode_form_are_the_players(tmp_path):
    cfg, _ = game(tmp_path)
    raw = ("From: Zoya <zoya@XN--80A1ACNY.xn--p1ai>\nTo: host@example.org\nSubject: ход\n"
           "Message-ID: <z1@x>\n\nЛечу Маруську").encode()
    letter = decode(raw)
    assert letter.from_addr == "zoya@почта.рф"
    assert cfg.player_by_address()[letter.from_addr] == "Зоя"
