"""Fetch raw letters from the host's mailbox: IMAP (read-only) or a local Maildir.

Nothing here changes the mailbox: the IMAP folder is selected read-only (RFC 3501 EXAMINE)
and bodies are fetched with ``BODY.PEEK[]``, so no flag (not even \\Seen) is set and nothing
is deleted; Maildir files are only read, never renamed or moved.

The time of a letter is when the host's server received it (DECISIONS.md §8): the IMAP
INTERNALDATE, or for Maildir the delivery time in the file name.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import ssl
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

__all__ = [
    "RawMessage", "SkippedMessage", "ImapCursor", "MailboxError", "fetch_imap", "fetch_maildir",
    "is_loopback",
]

#: Seconds before an IMAP connection or command gives up.
IMAP_TIMEOUT = 60.0
TLS_MODES = ("ssl", "starttls", "none")


class MailboxError(Exception):
    """The mailbox cannot be read; the message is Russian, for the host."""


def imap_source(user: str, host: str, folder: str) -> str:
    """The name letters of an IMAP folder are stored under (``Letter.source``, ``Cursor``)."""
    return f"imap:{user}@{host}/{folder}"


def maildir_source(path: str | Path) -> str:
    """The name letters of a Maildir are stored under (``Letter.source``)."""
    return f"maildir:{path}"


@dataclass(frozen=True)
class RawMessage:
    """One letter exactly as stored on the server.

    ``source``: ``"imap:<user>@<host>/<folder>"`` or ``"maildir:<abs path>"``.
    ``key``: unique within the source (IMAP UID as text; Maildir unique name before ":2,").
    ``received``: aware UTC time the host's server received it. ``size``: bytes.
    """

    source: str
    key: str
    raw: bytes
    received: datetime
    size: int


#: Most header bytes read of a letter too large to download (its From/Subject for the host).
MAX_HEADER_BYTES = 64_000


@dataclass(frozen=True)
class SkippedMessage:
    """A letter not downloaded because it is larger than ``max_size`` bytes.

    ``header``: its header block only (at most MAX_HEADER_BYTES; b"" when unavailable), so
    the host learns who sent it; not part of equality.
    """

    key: str
    size: int
    received: datetime
    source: str = ""
    header: bytes = field(default=b"", compare=False)


@dataclass(frozen=True)
class ImapCursor:
    """Where the last fetch stopped: the folder's UIDVALIDITY and the last UID handed out."""

    uidvalidity: int
    last_uid: int


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1)."""
    if host.strip().lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_tls_mode(tls: str, host: str, error: type[Exception]) -> None:
    """Raise ``error`` (Russian text) if ``tls`` is unknown, or "none" for a non-loopback host.

    Plain-text connections would send the password in the clear, so they are allowed only to
    the same machine.
    """
    if tls not in TLS_MODES:
        raise error(f"Неизвестный режим шифрования «{tls}»: нужен ssl, starttls или none.")
    if tls == "none" and not is_loopback(host):
        raise error(
            f"Соединение без шифрования (tls = none) разрешено только с этим же компьютером "
            f"(127.0.0.1, ::1, localhost), а указан сервер {host}. Укажите tls = ssl или starttls."
        )


def _aware_utc(value: datetime) -> datetime:
    """``value`` as aware UTC; a naive value is taken as UTC."""
    if value.tzinfo is None:
        return value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


# --------------------------------------------------------------------------------------------
# IMAP
# --------------------------------------------------------------------------------------------


def _connect_imap(host, port, tls, user, password, ssl_context):
    """A logged-in IMAPClient; raises MailboxError with a Russian reason."""
    from imapclient import IMAPClient
    from imapclient.exceptions import LoginError

    context = ssl_context
    if context is None and tls != "none":
        context = ssl.create_default_context()
    where = f"{host}:{port}"
    try:
        client = IMAPClient(host, port=port, ssl=(tls == "ssl"),
                            ssl_context=context if tls == "ssl" else None, timeout=IMAP_TIMEOUT)
    except ConnectionRefusedError as exc:
        raise MailboxError(f"Почтовый сервер {where} не принимает соединения (отказ в соединении).") from exc
    except socket.gaierror as exc:
        raise MailboxError(f"Почтовый сервер {host} не найден: проверьте имя сервера.") from exc
    except (socket.timeout, TimeoutError) as exc:
        raise MailboxError(f"Почтовый сервер {where} не ответил вовремя.") from exc
    except ssl.SSLError as exc:
        raise MailboxError(f"Не удалось установить шифрованное соединение с {where}: {exc}.") from exc
    except OSError as exc:
        raise MailboxError(f"Не удалось соединиться с почтовым сервером {where}: {exc}.") from exc
    try:
        client.normalise_times = False
        if tls == "starttls":
            client.starttls(context)
        client.login(user, password)
    except ssl.SSLError as exc:
        _quiet_logout(client)
        raise MailboxError(f"Не удалось установить шифрованное соединение с {where}: {exc}.") from exc
    except LoginError as exc:
        _quiet_logout(client)
        raise MailboxError(
            f"Почтовый сервер {where} не принял логин «{user}» и пароль: проверьте их "
            f"(для Яндекса, Mail.ru и Gmail нужен пароль приложения)."
        ) from exc
    except Exception as exc:
        _quiet_logout(client)
        raise MailboxError(f"Ошибка при входе на почтовый сервер {where}: {exc}") from exc
    return client


def _quiet_logout(client) -> None:
    """Log out, ignoring every error (the connection may already be gone)."""
    try:
        client.logout()
    except Exception:
        try:
            client.shutdown()
        except Exception:
            pass


def _select_readonly(client, folder: str) -> int:
    """EXAMINE ``folder`` and return its UIDVALIDITY; MailboxError if it does not exist."""
    try:
        info = client.select_folder(folder, readonly=True)
    except Exception as exc:
        raise MailboxError(f"Папка «{folder}» не найдена в почтовом ящике или не открывается: {exc}") from exc
    return int(info.get(b"UIDVALIDITY", 0))


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(items), size):
        yield items[start: start + size]


def _imap_batch(client, uids, max_size, source):
    """Yield RawMessage/SkippedMessage for ``uids`` (ascending), two FETCH round trips."""
    meta = client.fetch(uids, ["RFC822.SIZE", "INTERNALDATE"])
    wanted = [uid for uid in uids if uid in meta
              and (max_size is None or int(meta[uid].get(b"RFC822.SIZE", 0)) <= max_size)]
    bodies = client.fetch(wanted, ["BODY.PEEK[]"]) if wanted else {}
    too_big = [uid for uid in uids if uid in meta and uid not in wanted]
    heads = client.fetch(too_big, ["BODY.PEEK[HEADER]"]) if too_big else {}
    for uid in uids:
        if uid not in meta:
            continue  # expunged meanwhile
        size = int(meta[uid].get(b"RFC822.SIZE", 0))
        received = _aware_utc(meta[uid][b"INTERNALDATE"])
        if uid not in wanted:
            head = bytes(heads.get(uid, {}).get(b"BODY[HEADER]") or b"")[:MAX_HEADER_BYTES]
            yield SkippedMessage(key=str(uid), size=size, received=received, source=source, header=head)
            continue
        raw = bodies.get(uid, {}).get(b"BODY[]")
        if raw is None:
            continue  # expunged between the two fetches
        yield RawMessage(source=source, key=str(uid), raw=bytes(raw), received=received, size=size)


def fetch_imap(*, host: str, port: int, tls: str, user: str, password: str, folder: str = "INBOX",
               cursor: ImapCursor | None, batch: int = 200, max_size: int | None = None,
               ssl_context=None) -> Iterator[tuple[RawMessage | SkippedMessage, ImapCursor]]:
    """Yield the letters of ``folder`` newer than ``cursor``, oldest UID first.

    Each item is (message, cursor after it): store both in one transaction and a re-run after
    a crash refetches only what was not committed. ``tls``: "ssl" (implicit TLS, RFC 8314),
    "starttls" (RFC 2595) or "none" (only to a loopback host). The folder is selected
    read-only and bodies fetched with BODY.PEEK[], so no flag changes. When the folder's
    UIDVALIDITY differs from the cursor's, every letter from UID 1 is yielded again (the
    caller deduplicates by Message-ID). ``batch``: UIDs per FETCH. Letters larger than
    ``max_size`` bytes are yielded as :class:`SkippedMessage` without their body.
    ``received`` is the INTERNALDATE in UTC.

    Raises MailboxError (Russian) when the connection, login or folder fails, or tls is
    invalid; ValueError when ``batch`` < 1.
    """
    check_tls_mode(tls, host, MailboxError)
    if batch < 1:
        raise ValueError("batch must be >= 1")
    source = imap_source(user, host, folder)
    client = _connect_imap(host, port, tls, user, password, ssl_context)
    try:
        uidvalidity = _select_readonly(client, folder)
        last = cursor.last_uid if cursor is not None and cursor.uidvalidity == uidvalidity else 0
        try:
            found = client.search(["UID", f"{last + 1}:*"])
        except Exception as exc:
            raise MailboxError(f"Сервер не выполнил поиск писем в папке «{folder}»: {exc}") from exc
        uids = sorted(uid for uid in found if uid > last)  # "n:*" always matches the last UID
        for chunk in _chunks(uids, batch):
            try:
                items = list(_imap_batch(client, chunk, max_size, source))
            except MailboxError:
                raise
            except Exception as exc:
                raise MailboxError(f"Ошибка при получении писем из папки «{folder}»: {exc}") from exc
            for item in items:
                yield item, ImapCursor(uidvalidity=uidvalidity, last_uid=int(item.key))
    finally:
        _quiet_logout(client)


# --------------------------------------------------------------------------------------------
# Maildir
# --------------------------------------------------------------------------------------------


def _maildir_key(name: str) -> str:
    """Unique part of a Maildir file name (before the ":2," info suffix)."""
    return name.split(":2,")[0].split(":1,")[0]


def _maildir_received(name: str, path: Path, clock_offset: timedelta = timedelta(0)) -> datetime:
    """Delivery time from the name's leading "<unix time>." (Maildir convention), else mtime
    plus ``clock_offset``.

    A name time before 2000 is no delivery time (a hand-made name such as ``1.letter``): the
    mtime is used. (A copied Maildir keeps its names but not always its mtimes, so a name
    time is trusted over the mtime.) The machine's clock set the mtime: ``clock_offset`` (the
    host's clock minus the machine's, non-zero on a rehearsal clock) puts it on the host's.
    """
    head = name.split(".", 1)[0]
    if head.isdigit() and "." in name and len(head) <= 12 and int(head) >= MAILDIR_EPOCH:
        return datetime.fromtimestamp(int(head), tz=timezone.utc)
    return datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc) + clock_offset


#: 2000-01-01 UTC: a Maildir name time before it is not a delivery time.
MAILDIR_EPOCH = 946684800


def _header_block(path: Path) -> bytes:
    """The header block of the file at ``path`` (up to the first empty line, at most
    MAX_HEADER_BYTES)."""
    with open(path, "rb") as fh:
        head = fh.read(MAX_HEADER_BYTES)
    match = re.search(rb"\r?\n\r?\n", head)
    return head[: match.end()] if match else head


def fetch_maildir(path: str | Path, seen: Callable[[str], bool], max_size: int | None = None,
                  clock_offset: timedelta = timedelta(0)) -> Iterator[RawMessage | SkippedMessage]:
    """Yield the letters in ``path``/new and ``path``/cur not yet ``seen``, oldest first.

    A file whose name carries no delivery time is dated by its modification time plus
    ``clock_offset`` (the host's clock minus the machine's: a letter dropped into the demo's
    Maildir while rehearsing on ``MAFIA_MAIL_NOW`` arrives at that clock's time, not weeks
    before the game).

    Order: delivery time, then file name. ``seen(key)`` → True skips the file without reading
    it. Files are never moved or renamed; ``tmp/`` (deliveries in progress) and dot files are
    ignored. A file larger than ``max_size`` bytes (by its size on disk, asked before reading)
    is yielded as :class:`SkippedMessage` without being read. Raises MailboxError (Russian) if ``path`` is not a Maildir (no new/ and cur/).
    """
    root = Path(path).expanduser().resolve()
    if not (root / "new").is_dir() and not (root / "cur").is_dir():
        raise MailboxError(f"Папка {root} не похожа на Maildir: в ней нет папок new и cur.")
    source = maildir_source(root)
    entries = []
    for sub in ("new", "cur"):
        folder = root / sub
        if not folder.is_dir():
            continue
        for entry in os.scandir(folder):
            if entry.name.startswith(".") or not entry.is_file():
                continue
            file_path = Path(entry.path)
            try:
                entries.append((_maildir_received(entry.name, file_path, clock_offset), entry.name,
                                file_path))
            except OSError:
                continue  # vanished meanwhile
    entries.sort(key=lambda item: (item[0], item[1]))
    for received, name, file_path in entries:
        key = _maildir_key(name)
        if seen(key):
            continue
        try:
            size = file_path.stat().st_size
            if max_size is not None and size > max_size:
                yield SkippedMessage(key=key, size=size, received=received, source=source,
                                     header=_header_block(file_path))
                continue
            raw = file_path.read_bytes()
        except OSError:
            continue  # moved by the mail client meanwhile; it is found on the next run
        yield RawMessage(source=source, key=key, raw=raw, received=received, size=len(raw))
