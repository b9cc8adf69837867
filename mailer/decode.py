"""Turn the raw bytes of one e-mail into the player's own text and the facts the host needs.

:func:`decode` never raises on any input. Headers are read from the raw bytes here (RFC 5322
unfolding, RFC 2047 encoded words, raw 8-bit text), so a header that makes the stdlib
``email`` package stumble (an unterminated quoted From, an odd Message-ID) still yields what
can be read. The MIME tree (RFC 2045/2046) is walked with ``email`` (``policy.compat32``), every
call wrapped. Text in an unknown or wrong charset is decoded by plausibility among the
declared charset, UTF-8, cp1251 and koi8-r (:mod:`mailer.charsets`).

The player's own text is the text/plain part (or the HTML part converted to text when there
is no usable plain part), plus ``.txt`` attachments, with quoted replies, forwarded text and
signatures cut by :func:`strip_quotes` (:mod:`mailer.quotes`; a move quoted or forwarded is
never credited to the sender: DECISIONS.md §8, a letter's moves are the sender's own).
"""

from __future__ import annotations

import email
import email.utils
import functools
import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from email import policy
from email.message import Message

from engine.textnorm import clean_text
from mailer.addresses import canonical
from mailer.charsets import decode_header_bytes, decode_text
from mailer.quotes import FORWARD_MARKER, html_to_text, strip_quotes

__all__ = ["DecodedLetter", "decode", "strip_quotes", "html_to_text", "decode_text"]

# --------------------------------------------------------------------------------------------
# Thresholds and vocabularies (one place)
# --------------------------------------------------------------------------------------------

#: Deepest MIME nesting walked; deeper parts are ignored.
MAX_MIME_DEPTH = 25

# Headers that mark auto-replies and bounces (RFC 3834 and common practice).
_AUTO_PRECEDENCE = ("bulk", "junk", "list")
_AUTO_FLAG_HEADERS = ("X-Autoreply", "X-Autorespond")
_DAEMON_LOCALPARTS = ("mailer-daemon", "postmaster")
# Subjects that auto-responders write even when they set no header (Outlook, Exchange, Mail.ru).
_AUTO_SUBJECT = re.compile(
    r"^\s*(automatic reply|auto(matic)?[ -]?(reply|response)|autoreply|out of (the )?office"
    r"|автоответ|автоматический ответ|абонент временно недоступен)\b", re.IGNORECASE)

# --------------------------------------------------------------------------------------------
# Result
# --------------------------------------------------------------------------------------------


@dataclass
class DecodedLetter:
    """What :func:`decode` read from one message.

    ``message_id`` has no angle brackets; when the header is missing or broken it is
    ``"sha256:<hex of the raw bytes>"`` so that re-fetched copies still collapse.
    ``date_header`` is the sender's Date (aware) and is only shown, never used for timing
    (DECISIONS.md §8: the time of a letter is the server's INTERNALDATE).
    ``body`` is the player's own text (quotes and signature cut), ``full_text`` the chosen
    text before cutting. ``auto`` says why the letter is an auto-reply or bounce, else None;
    ``auth_failed`` is the failing part of Authentication-Results (RFC 8601), else None.
    ``from_addrs``: every distinct address of every From header (RFC 5322 allows one From
    header; more than one address means the author is ambiguous and the letter is held).
    ``notes`` are Russian remarks for the host. ``unreadable`` is True when neither a text nor
    a sender could be read.
    """

    message_id: str
    from_addr: str = ""
    from_name: str = ""
    from_addrs: list[str] = field(default_factory=list)
    to_addrs: list[str] = field(default_factory=list)
    subject: str = ""
    date_header: datetime | None = None
    in_reply_to: str | None = None
    references: list[str] = field(default_factory=list)
    body: str = ""
    full_text: str = ""
    auto: str | None = None
    auth_failed: str | None = None
    attachments_read: list[str] = field(default_factory=list)
    attachments_ignored: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unreadable: bool = False


# --------------------------------------------------------------------------------------------
# Raw headers (RFC 5322 §2.2)
# --------------------------------------------------------------------------------------------


def _raw_headers(raw: bytes) -> list[tuple[str, bytes]]:
    """Unfolded (name, raw value) pairs of the top-level header block, in order."""
    match = re.search(rb"\r?\n\r?\n", raw)
    block = raw[: match.start()] if match else raw
    result: list[tuple[str, bytes]] = []
    for line in re.split(rb"\r?\n|\r", block):
        if line[:1] in (b" ", b"\t") and result:
            name, value = result[-1]
            result[-1] = (name, value + b" " + line.strip())
            continue
        head = re.match(rb"([!-9;-~]+)[ \t]*:(.*)", line, re.DOTALL)
        if head is None:
            if result:
                break  # the body started without a blank line
            continue  # e.g. an mbox "From " line before the headers
        result.append((head.group(1).decode("ascii").lower(), head.group(2).strip()))
    return result


# --------------------------------------------------------------------------------------------
# Addresses, ids, dates
# --------------------------------------------------------------------------------------------

_ADDR_RE = re.compile(r"[^\s<>\"',;:()\[\]]+@[^\s<>\"',;:()\[\]]+")


@functools.lru_cache(maxsize=4096)
def _parse_addresses(value: bytes) -> tuple[tuple[tuple[str, str], ...], bool]:
    """(name, address) pairs from a raw address-list header, each address in the form
    :func:`mailer.addresses.canonical` compares (lower case, IDN domain in Unicode); bool:
    parsed cleanly.

    The raw bytes go through :func:`email.utils.getaddresses` as latin-1 (a lossless round
    trip), then display names are decoded; when that yields no address, addresses are found
    by pattern in the decoded text. Remembered per value (players write from the same
    address, under the same name, letter after letter).
    """
    text = value.decode("latin-1")
    pairs: list[tuple[str, str]] = []
    try:
        parsed = email.utils.getaddresses([text])
    except Exception:
        parsed = []
    for name, addr in parsed:
        addr = addr.strip()
        if "@" not in addr or not _ADDR_RE.fullmatch(addr):
            continue
        name_text, _ = decode_header_bytes(name.encode("latin-1", "replace"))
        addr_text, _ = decode_header_bytes(addr.encode("latin-1", "replace"))
        if not _ADDR_RE.fullmatch(addr_text) or re.search(r"[\x00-\x1f\x7f]", addr_text):
            continue  # e.g. an encoded word swallowed the "@": no usable address
        pairs.append((clean_text(name_text).strip().strip('"').strip(), canonical(addr_text)))
    if pairs:
        return tuple(pairs), True
    decoded, _ = decode_header_bytes(value)
    for match in _ADDR_RE.finditer(decoded):
        rest = decoded[: match.start()].strip().strip("<").strip().strip('"').strip()
        pairs.append((clean_text(rest) if not pairs else "", canonical(match.group(0).strip("."))))
    return tuple(pairs), False


_MSGID_RE = re.compile(r"<([^<>\s]+)>")


def _message_ids(value: str) -> list[str]:
    """All ``<id>`` tokens of a header (RFC 5322 §3.6.4), without brackets."""
    return _MSGID_RE.findall(value)


def _one_message_id(value: str) -> str | None:
    """The message id of a Message-ID/In-Reply-To value, tolerant of missing brackets."""
    ids = _message_ids(value)
    if ids:
        return ids[0]
    token = value.strip().strip("<>").strip()
    if token and len(token) <= 250 and re.fullmatch(r"[!-;=?-~]+", token):
        return token
    return None


def _parse_date(value: str) -> datetime | None:
    """Aware datetime of an RFC 5322 Date value, or None when missing/unparsable/zone-less."""
    if not value:
        return None
    try:
        parsed = email.utils.parsedate_to_datetime(value)
    except Exception:
        return None
    if parsed is None or parsed.tzinfo is None:
        return None
    return parsed


# --------------------------------------------------------------------------------------------
# MIME walk
# --------------------------------------------------------------------------------------------


@dataclass
class _Collected:
    """Texts and attachments found while walking the MIME tree."""

    plain: list[str] = field(default_factory=list)
    html: list[str] = field(default_factory=list)
    txt_attachments: list[tuple[str, str]] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    forwarded: int = 0


def _safe(fn, default):
    """``fn()``, or ``default`` if it raises anything."""
    try:
        return fn()
    except Exception:
        return default


def _part_text(part: Message, notes: list[str]) -> str:
    """Decoded text of a leaf part (transfer encoding undone, charset guessed if needed,
    format=flowed soft line breaks joined)."""
    data = _safe(lambda: part.get_payload(decode=True), None)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    if not isinstance(data, (bytes, bytearray)):
        return ""
    text, note = decode_text(bytes(data), _param(part, "charset"))
    if note:
        notes.append(note)
    if (_param(part, "format") or "").lower() == "flowed":
        text = unflow(text, delsp=(_param(part, "delsp") or "").lower() == "yes")
    return text


def _param(part: Message, name: str) -> str | None:
    """A Content-Type parameter as text (RFC 2231 values decoded), or None."""
    value = _safe(lambda: part.get_param(name), None)
    if isinstance(value, tuple):  # RFC 2231 form (charset, language, value)
        value = value[2] if len(value) == 3 else None
    return value if isinstance(value, str) else None


def unflow(text: str, delsp: bool = False) -> str:
    """Join the soft line breaks of a format=flowed text (RFC 3676 §4).

    A line ending in a space continues on the next line of the same quote depth; the
    signature separator "-- " is not a flowed line. Space-stuffing is removed. With
    ``delsp`` the trailing space of a flowed line is deleted (§4.2).
    """
    out: list[str] = []
    carry: tuple[int, str] | None = None  # (quote depth, text so far) of an open flowed line

    def emit(depth: int, content: str) -> None:
        out.append(">" * depth + " " + content if depth and content else ">" * depth + content)

    for line in text.replace("\r\n", "\n").split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]  # space-stuffing (§4.4)
        if carry is not None:
            if carry[0] == depth:
                content = carry[1] + content
            else:
                emit(*carry)
            carry = None
        if content.endswith(" ") and content != "-- ":
            carry = (depth, content[:-1] if delsp else content)
        else:
            emit(depth, content)
    if carry is not None:
        emit(*carry)
    return "\n".join(out)


def _filename(part: Message) -> str | None:
    """Attachment file name (decoded), or None."""
    name = _safe(part.get_filename, None)
    if not name:
        return None
    name = str(name)
    if "=?" in name or any(ord(c) > 127 for c in name):
        name, _ = decode_header_bytes(name.encode("utf-8", "surrogateescape"))
    return name.strip() or None


def _collect(part: Message, acc: _Collected, depth: int = 0) -> None:
    """Walk ``part`` and fill ``acc`` (see :func:`decode` for what counts as what)."""
    if depth > MAX_MIME_DEPTH:
        return
    ctype = _safe(part.get_content_type, "text/plain")
    disposition = (_safe(part.get_content_disposition, None) or "").lower()
    filename = _filename(part)
    if ctype == "message/rfc822" or (filename or "").lower().endswith(".eml"):
        acc.forwarded += 1
        return
    if ctype.startswith("multipart/") or _safe(part.is_multipart, False):
        children = _safe(part.get_payload, [])
        if not isinstance(children, list):
            return
        if ctype == "multipart/alternative":
            _collect_alternative(children, acc, depth)
            return
        for child in children:
            if isinstance(child, Message):
                _collect(child, acc, depth + 1)
        return
    if disposition == "attachment" or filename:
        _collect_attachment(part, ctype, filename, acc)
        return
    if ctype == "text/html":
        acc.html.append(_part_text(part, acc.notes))
    elif ctype.startswith("text/") and ctype not in ("text/calendar", "text/x-vcard", "text/vcard"):
        acc.plain.append(_part_text(part, acc.notes))


def _collect_alternative(children: list, acc: _Collected, depth: int) -> None:
    """Pick one alternative: the first with non-empty plain text, else the first with HTML."""
    options = []
    for child in children:
        if isinstance(child, Message):
            sub = _Collected()
            _collect(child, sub, depth + 1)
            options.append(sub)
    chosen = next((o for o in options if any(t.strip() for t in o.plain)), None)
    chosen = chosen or next((o for o in options if any(t.strip() for t in o.html)), None)
    chosen = chosen or (options[0] if options else None)
    if chosen is None:
        return
    acc.plain += chosen.plain
    acc.html += chosen.html
    acc.txt_attachments += chosen.txt_attachments
    acc.ignored += chosen.ignored
    acc.notes += chosen.notes
    acc.forwarded += chosen.forwarded


def _collect_attachment(part: Message, ctype: str, filename: str | None, acc: _Collected) -> None:
    """Read a .txt attachment into ``acc.txt_attachments``; list any other as ignored."""
    name = filename or f"без имени ({ctype})"
    if (filename or "").lower().endswith(".txt"):
        acc.txt_attachments.append((name, _part_text(part, acc.notes)))
    else:
        acc.ignored.append(name)


# --------------------------------------------------------------------------------------------
# Auto-replies and authentication
# --------------------------------------------------------------------------------------------


def _auto_reason(headers: dict[str, str], from_addr: str, ctype: str) -> str | None:
    """Why the letter is an auto-reply or bounce (RFC 3834, RFC 3462), or None."""
    auto_submitted = headers.get("auto-submitted", "")
    if auto_submitted and auto_submitted.split(";")[0].strip().lower() != "no":
        return f"Auto-Submitted: {auto_submitted}"
    precedence = headers.get("precedence", "").strip().lower()
    if precedence in _AUTO_PRECEDENCE:
        return f"Precedence: {precedence}"
    for name in _AUTO_FLAG_HEADERS:
        if name.lower() in headers:
            return f"{name}: {headers[name.lower()]}".rstrip(": ")
    if "return-path" in headers and re.fullmatch(r"<\s*>", headers["return-path"].strip()):
        return "Return-Path: <> (уведомление почтового сервера)"
    subject = headers.get("subject", "")
    if _AUTO_SUBJECT.match(subject):
        return f"тема «{subject.strip()[:80]}» (автоответ)"
    if ctype == "multipart/report":
        return "multipart/report (отчёт о доставке)"
    local = from_addr.split("@")[0]
    if local in _DAEMON_LOCALPARTS:
        return f"отправитель {from_addr} (почтовый робот)"
    return None


_AUTH_FAIL = re.compile(r"\b(dkim|spf|dmarc)\s*=\s*fail\b[^;]*", re.IGNORECASE)


def _auth_failure(values: list[str]) -> str | None:
    """The failing dkim/spf/dmarc parts of Authentication-Results (RFC 8601), "; "-joined.

    Only headers of the topmost header's authserv-id count: that is the host's own
    receiving server (it prepends its header); headers further down were written by other
    hops or by the sender and cannot be trusted (RFC 8601 §5).
    """
    if not values:
        return None
    server = _authserv_id(values[0])
    found = []
    for value in values:
        if _authserv_id(value) != server:
            continue
        for match in _AUTH_FAIL.finditer(value):
            part = re.sub(r"\s+", " ", match.group(0)).strip()
            if part not in found:
                found.append(part)
    return "; ".join(found) if found else None


def _authserv_id(value: str) -> str:
    """The authserv-id (first token) of an Authentication-Results value, lower-case."""
    head = value.split(";", 1)[0].strip()
    return head.split()[0].lower() if head else ""


# --------------------------------------------------------------------------------------------
# decode()
# --------------------------------------------------------------------------------------------


#: The headers :func:`decode` reads as text (lower case); the rest (Received, DKIM-Signature,
#: …) are never decoded, which is most of the header block of a real letter.
_TEXT_HEADERS = frozenset({
    "subject", "message-id", "in-reply-to", "references", "date", "auto-submitted",
    "precedence", "return-path", *(name.lower() for name in _AUTO_FLAG_HEADERS),
})


def _header_texts(pairs: list[tuple[str, bytes]], notes: list[str]) -> dict[str, str]:
    """First decoded value of each header :func:`decode` reads (lower-case keys); the
    Subject cleaned of invisible and look-alike characters (:func:`engine.textnorm.clean_text`),
    ids kept verbatim (threading needs them byte for byte)."""
    out: dict[str, str] = {}
    for name, value in pairs:
        if name in out or name not in _TEXT_HEADERS:
            continue
        text, header_notes = decode_header_bytes(value)
        out[name] = clean_text(text) if name == "subject" else text
        for note in header_notes:
            notes.append(f"заголовок {name.title()}: {note}")
    return out


def _parse_mime(raw: bytes, notes: list[str]) -> Message | None:
    """The MIME tree of ``raw`` (policy.compat32: header values stay raw strings, which is
    all the walk needs and several times faster than policy.default's header objects;
    policy.default when compat32 fails), or None."""
    for pol in (policy.compat32, policy.default):
        try:
            return email.message_from_bytes(raw, policy=pol)
        except Exception:
            continue
    notes.append("структура письма не разобрана")
    return None


def _fill_addresses(letter: DecodedLetter, pairs: list[tuple[str, bytes]]) -> None:
    """Set from_addr/from_name/to_addrs of ``letter`` from the raw headers."""
    parsed_froms = [_parse_addresses(value) for name, value in pairs if name == "from"]
    for froms, _ in parsed_froms:
        letter.from_addrs += [addr for _, addr in froms]
    letter.from_addrs = list(dict.fromkeys(letter.from_addrs))
    if parsed_froms:
        froms, clean = parsed_froms[0]
        if froms:
            letter.from_name, letter.from_addr = froms[0]
        if not clean:
            letter.notes.append("заголовок From повреждён: адрес найден в сыром тексте заголовка"
                                if froms else "заголовок From не удалось прочитать")
    for name, value in pairs:
        if name == "to":
            letter.to_addrs += [addr for _, addr in _parse_addresses(value)[0]]


def _fill_ids_and_dates(letter: DecodedLetter, headers: dict[str, str], raw: bytes) -> None:
    """Set message_id, in_reply_to, references, date_header, subject of ``letter``."""
    message_id = _one_message_id(headers.get("message-id", ""))
    if message_id is None:
        message_id = "sha256:" + hashlib.sha256(raw).hexdigest()
        if "message-id" in headers:
            letter.notes.append("заголовок Message-ID повреждён: письмо опознаётся по содержимому")
    letter.message_id = message_id
    letter.in_reply_to = _one_message_id(headers.get("in-reply-to", ""))
    letter.references = _message_ids(headers.get("references", ""))
    letter.subject = headers.get("subject", "")
    letter.date_header = _parse_date(headers.get("date", ""))
    if headers.get("date") and letter.date_header is None:
        letter.notes.append("дата отправителя (Date) не разобрана или без часового пояса")


_CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _newlines(text: str) -> str:
    """``text`` with CRLF and lone CR line ends made LF, other control characters removed and
    invisible, decomposed and look-alike characters cleaned (:func:`engine.textnorm.clean_text`),
    before quote cutting or parsing reads it."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return clean_text(_CONTROL_CHARS.sub("", text))


def _fill_body(letter: DecodedLetter, tree: Message | None, raw: bytes) -> None:
    """Set body, full_text, attachments and body notes of ``letter`` from the MIME tree."""
    acc = _Collected()
    if tree is not None:
        _safe(lambda: _collect(tree, acc), None)
    else:
        body = re.split(rb"\r?\n\r?\n", raw, maxsplit=1)
        if len(body) == 2:
            text, note = decode_text(body[1], None)
            acc.plain.append(text)
            acc.notes += [note] if note else []
    plain = "\n".join(t for t in acc.plain if t.strip())
    html = "\n".join(acc.html)
    main = plain if plain else html_to_text(html)
    pieces = [_newlines(p) for p in [main] + [text for _, text in acc.txt_attachments]]
    letter.full_text = "\n\n".join(p for p in pieces if p.strip()).strip()
    if not plain and main:  # quoted HTML parts as «> » lines: new text under them is kept
        pieces[0] = _newlines(html_to_text(html, quoted=True))
    bodies = [strip_quotes(p) for p in pieces]
    letter.body = "\n\n".join(b for b in bodies if b).strip()
    letter.attachments_read = [name for name, _ in acc.txt_attachments]
    letter.attachments_ignored = acc.ignored
    letter.notes += list(dict.fromkeys(acc.notes))
    if not plain and acc.html and main:
        letter.notes.append("письмо без простого текста: текст взят из HTML")
    if acc.forwarded:
        letter.notes.append("в письме есть пересланное письмо: ходы из него не засчитаны")
    elif FORWARD_MARKER.search(main):
        letter.notes.append("в письме есть пересланный текст: ходы из него не засчитаны")


def decode(raw: bytes) -> DecodedLetter:
    """Decode one whole RFC 5322 message into a :class:`DecodedLetter`. Never raises.

    ``raw``: the message bytes exactly as fetched. See the module docstring for how headers,
    charsets, MIME parts, quotes, forwards and attachments are handled; auto-replies follow
    RFC 3834 (Auto-Submitted, Precedence, X-Autoreply/X-Autorespond), bounces RFC 3462
    (multipart/report, null Return-Path, MAILER-DAEMON/postmaster senders).
    """
    if not isinstance(raw, (bytes, bytearray)):
        raw = str(raw).encode("utf-8", "surrogateescape")
    raw = bytes(raw)
    letter = DecodedLetter(message_id="sha256:" + hashlib.sha256(raw).hexdigest())
    try:
        pairs = _raw_headers(raw)
        headers = _header_texts(pairs, letter.notes)
        _fill_addresses(letter, pairs)
        _fill_ids_and_dates(letter, headers, raw)
        tree = _parse_mime(raw, letter.notes)
        _fill_body(letter, tree, raw)
        ctype = _safe(tree.get_content_type, "") if tree is not None else ""
        letter.auto = _auto_reason(headers, letter.from_addr, ctype)
        letter.auth_failed = _auth_failure(
            [decode_header_bytes(v)[0] for n, v in pairs if n == "authentication-results"])
    except Exception as exc:  # last resort: decode() must never raise
        letter.notes.append(f"письмо разобрано не полностью: {type(exc).__name__}")
    letter.notes = list(dict.fromkeys(letter.notes))
    letter.unreadable = not re.search(r"\w", letter.full_text) and not letter.from_addr
    return letter
