"""fetch_imap against a real Dovecot (tests/servers.py) and fetch_maildir on a real folder."""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone

import pytest

from mailer.fetch import (
    ImapCursor, MailboxError, RawMessage, SkippedMessage, fetch_imap, fetch_maildir, is_loopback,
)
from servers import free_port

UTC = timezone.utc
MSK = timezone(timedelta(hours=3))


def letter(n: int, extra: bytes = b"") -> bytes:
    return (
        f"From: player{n}@example.org\r\nTo: host@example.org\r\nSubject: move {n}\r\n"
        f"Message-ID: <m{n}@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
    ).encode() + f"Лечу Буку, письмо {n}\r\n".encode() + extra


def fetch(account, cursor=None, **kw):
    return list(fetch_imap(host=account.host, port=account.port, tls="none", user=account.user,
                           password=account.password, cursor=cursor, **kw))


def test_fetch_all_then_only_new(dovecot):
    times = [datetime(2026, 11, 7, 21, 3, 5, tzinfo=MSK) + timedelta(minutes=i) for i in range(3)]
    for i, when in enumerate(times, 1):
        assert dovecot.append(letter(i), when) == i
    items = fetch(dovecot)
    assert [type(m) for m, _ in items] == [RawMessage] * 3
    assert [m.key for m, _ in items] == ["1", "2", "3"]
    assert [m.raw for m, _ in items] == [letter(1), letter(2), letter(3)]
    assert [m.size for m, _ in items] == [len(letter(i)) for i in (1, 2, 3)]
    assert [m.received for m, _ in items] == [t.astimezone(UTC) for t in times]
    assert all(m.received.tzinfo == UTC for m, _ in items)
    assert items[0][0].source == f"imap:{dovecot.user}@127.0.0.1/INBOX"
    cursors = [c for _, c in items]
    assert [c.last_uid for c in cursors] == [1, 2, 3]
    assert len({c.uidvalidity for c in cursors}) == 1 and cursors[0].uidvalidity > 0

    # second run from the last cursor: nothing (although "UID 4:*" matches UID 3 on the server)
    assert fetch(dovecot, cursors[-1]) == []
    dovecot.append(letter(4), datetime(2026, 11, 8, 19, 30, 59, tzinfo=UTC))
    again = fetch(dovecot, cursors[-1])
    assert [(m.key, m.raw, m.received) for m, _ in again] == [
        ("4", letter(4), datetime(2026, 11, 8, 19, 30, 59, tzinfo=UTC))]
    assert again[0][1] == ImapCursor(cursors[0].uidvalidity, 4)


def test_fetch_is_read_only(dovecot):
    dovecot.append(letter(1), datetime(2026, 11, 7, 20, 0, tzinfo=UTC))
    dovecot.append(letter(2), datetime(2026, 11, 7, 20, 1, tzinfo=UTC), flags=(b"\\Flagged",))
    before = dovecot.flags()
    assert len(fetch(dovecot)) == 2
    after = dovecot.flags()
    assert after == before
    assert not any(b"\\Seen" in flags for flags in after.values())
    assert b"\\Flagged" in after[2]
    assert len(fetch(dovecot)) == 2  # nothing deleted or moved


def test_uidvalidity_change_rescans_from_one(dovecot):
    folder = "Мафия"
    dovecot.append(letter(1), datetime(2026, 11, 7, 20, 0, tzinfo=UTC), folder=folder)
    dovecot.append(letter(2), datetime(2026, 11, 7, 20, 1, tzinfo=UTC), folder=folder)
    first = fetch(dovecot, folder=folder)
    old = first[-1][1]
    assert old.last_uid == 2
    dovecot.recreate_folder(folder)
    dovecot.append(letter(3), datetime(2026, 11, 7, 20, 2, tzinfo=UTC), folder=folder)
    items = fetch(dovecot, old, folder=folder)
    assert [(m.key, m.raw) for m, _ in items] == [("1", letter(3))]
    new = items[0][1]
    assert new.uidvalidity != old.uidvalidity and new.last_uid == 1
    assert items[0][0].source.endswith("/Мафия")


@pytest.mark.parametrize("batch", [1, 2, 200])
def test_batches_give_every_letter_in_uid_order(dovecot, batch):
    base = datetime(2026, 11, 7, 20, 0, tzinfo=UTC)
    for i in range(1, 6):
        dovecot.append(letter(i), base + timedelta(seconds=i))
    items = fetch(dovecot, batch=batch)
    assert [m.key for m, _ in items] == ["1", "2", "3", "4", "5"]
    assert [m.raw for m, _ in items] == [letter(i) for i in range(1, 6)]
    assert [c.last_uid for _, c in items] == [1, 2, 3, 4, 5]


def test_stop_midway_and_resume_from_cursor(dovecot):
    base = datetime(2026, 11, 7, 20, 0, tzinfo=UTC)
    for i in range(1, 5):
        dovecot.append(letter(i), base + timedelta(seconds=i))
    gen = fetch_imap(host=dovecot.host, port=dovecot.port, tls="none", user=dovecot.user,
                     password=dovecot.password, cursor=None, batch=3)
    committed = None
    for n, (msg, cursor) in enumerate(gen):
        if n == 2:
            break  # "crash" before storing the third letter
        committed = cursor
    gen.close()
    assert committed.last_uid == 2
    assert [m.key for m, _ in fetch(dovecot, committed)] == ["3", "4"]


def test_max_size_skips_big_letters(dovecot):
    when = datetime(2026, 11, 7, 22, 15, tzinfo=UTC)
    dovecot.append(letter(1), when)
    big = letter(2, b"x" * 5000 + b"\r\n")
    dovecot.append(big, when + timedelta(seconds=1))
    items = fetch(dovecot, max_size=2000)
    assert isinstance(items[0][0], RawMessage) and items[0][0].raw == letter(1)
    skipped = items[1][0]
    assert skipped == SkippedMessage(key="2", size=len(big), received=when + timedelta(seconds=1),
                                     source=f"imap:{dovecot.user}@127.0.0.1/INBOX")
    assert items[1][1].last_uid == 2


def test_login_failure_is_a_russian_mailbox_error(dovecot):
    with pytest.raises(MailboxError, match="не принял логин"):
        fetch_imap(host=dovecot.host, port=dovecot.port, tls="none", user=dovecot.user,
                   password="wrong", cursor=None).__next__()


def test_missing_folder(dovecot):
    with pytest.raises(MailboxError, match="Папка «Нет такой» не найдена"):
        fetch(dovecot, folder="Нет такой")


def test_connection_refused():
    port = free_port()
    with pytest.raises(MailboxError, match="не принимает соединения"):
        list(fetch_imap(host="127.0.0.1", port=port, tls="none", user="u", password="p", cursor=None))


@pytest.fixture
def tls_server(dovecot_server):
    if dovecot_server.cert is None:
        pytest.skip("openssl is missing: the test Dovecot runs without TLS")
    return dovecot_server


@pytest.mark.parametrize("tls", ["ssl", "starttls"])
def test_fetch_over_tls(tls_server, dovecot, tls):
    dovecot.append(letter(1), datetime(2026, 11, 7, 20, 0, tzinfo=UTC))
    port = tls_server.imaps_port if tls == "ssl" else tls_server.port
    items = list(fetch_imap(host="127.0.0.1", port=port, tls=tls, user=dovecot.user,
                            password=dovecot.password, cursor=None,
                            ssl_context=tls_server.client_context()))
    assert [(m.key, m.raw) for m, _ in items] == [("1", letter(1))]


@pytest.mark.parametrize("tls", ["ssl", "starttls"])
def test_untrusted_certificate_is_refused(tls_server, dovecot, tls):
    port = tls_server.imaps_port if tls == "ssl" else tls_server.port
    with pytest.raises(MailboxError, match="Не удалось установить шифрованное соединение") as err:
        list(fetch_imap(host="127.0.0.1", port=port, tls=tls, user=dovecot.user,
                        password=dovecot.password, cursor=None))  # system CAs only
    assert "CERTIFICATE_VERIFY_FAILED" in str(err.value)


def test_plain_text_only_to_loopback():
    with pytest.raises(MailboxError, match="только с этим же компьютером"):
        list(fetch_imap(host="192.0.2.10", port=143, tls="none", user="u", password="p",
                        cursor=None))  # TEST-NET-1 (RFC 5737): refused before any connection
    with pytest.raises(MailboxError, match="Неизвестный режим"):
        list(fetch_imap(host="127.0.0.1", port=143, tls="tls1.3", user="u", password="p",
                        cursor=None))


def test_is_loopback():
    assert [is_loopback(h) for h in ("127.0.0.1", "127.8.9.10", "::1", "localhost", "LOCALHOST.")] \
        == [True] * 5
    assert [is_loopback(h) for h in ("10.0.0.1", "example.org", "0.0.0.0", "::")] == [False] * 4


# ---------------------------------------------------------------------------------------------
# Maildir
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def maildir(tmp_path):
    for sub in ("new", "cur", "tmp"):
        (tmp_path / "Maildir" / sub).mkdir(parents=True)
    return tmp_path / "Maildir"


def test_maildir_order_keys_times_and_seen(maildir):
    (maildir / "new" / "1765130580.M1P2.mx").write_bytes(letter(2))
    (maildir / "cur" / "1765130000.M3P4.mx:2,S").write_bytes(letter(1))
    no_time = maildir / "cur" / "odd-name:2,"
    no_time.write_bytes(letter(3))
    os.utime(no_time, (1765140000, 1765140000))
    (maildir / "tmp" / "1765130001.M5P6.mx").write_bytes(letter(9))  # delivery in progress
    (maildir / "new" / ".hidden").write_bytes(b"x")
    items = list(fetch_maildir(maildir, seen=lambda key: False))
    assert [(m.key, m.raw) for m in items] == [
        ("1765130000.M3P4.mx", letter(1)), ("1765130580.M1P2.mx", letter(2)), ("odd-name", letter(3))]
    assert [m.received for m in items] == [
        datetime.fromtimestamp(t, UTC) for t in (1765130000, 1765130580, 1765140000)]
    assert items[0].source == f"maildir:{maildir.resolve()}"
    assert [m.size for m in items] == [len(letter(i)) for i in (1, 2, 3)]

    seen = {"1765130000.M3P4.mx", "odd-name"}
    assert [m.key for m in fetch_maildir(str(maildir), seen=seen.__contains__)] == ["1765130580.M1P2.mx"]
    # read only: nothing moved or renamed
    assert sorted(p.name for p in (maildir / "new").iterdir()) == [".hidden", "1765130580.M1P2.mx"]


def test_maildir_same_time_sorted_by_name(maildir):
    (maildir / "new" / "1765130000.M9.mx").write_bytes(letter(2))
    (maildir / "new" / "1765130000.M1.mx").write_bytes(letter(1))
    assert [m.raw for m in fetch_maildir(maildir, seen=lambda k: False)] == [letter(1), letter(2)]


def test_not_a_maildir(tmp_path):
    with pytest.raises(MailboxError, match="не похожа на Maildir"):
        list(fetch_maildir(tmp_path, seen=lambda k: False))


def test_empty_mailbox_and_size_boundary(dovecot):
    assert fetch(dovecot) == []
    when = datetime(2026, 11, 7, 20, 0, tzinfo=UTC)
    dovecot.append(letter(1), when)
    exact = fetch(dovecot, max_size=len(letter(1)))
    assert isinstance(exact[0][0], RawMessage)  # max_size is inclusive
    below = fetch(dovecot, max_size=len(letter(1)) - 1)
    assert isinstance(below[0][0], SkippedMessage)
    with pytest.raises(ValueError):
        fetch(dovecot, batch=0)


def test_maildir_hand_made_name_uses_file_time(tmp_path):
    for sub in ("new", "cur", "tmp"):
        (tmp_path / sub).mkdir()
    path = tmp_path / "new" / "1.pchelka"
    path.write_bytes(letter(1))
    when = datetime(2026, 12, 7, 18, 0, tzinfo=UTC).timestamp()
    os.utime(path, (when, when))
    [msg] = list(fetch_maildir(tmp_path, seen=lambda key: False))
    assert msg.received == datetime(2026, 12, 7, 18, 0, tzinfo=UTC)
