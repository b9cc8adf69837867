"""The header block of a received letter, read from its raw bytes (RFC 5322 §2.2 unfolding,
RFC 2047 encoded words, raw 8-bit text): addresses, message ids, the Date, the marks of
auto-replies and bounces (RFC 3834, RFC 3462) and failed authentication (RFC 8601).

Used by :func:`mailer.decode.decode`; nothing here raises on a malformed header.
"""

from __future__ import annotations

import email.utils
import functools
import re
from datetime import datetime, timezone

from engine.textnorm import clean_text
from mailer.addresses import canonical
from mailer.charsets import decode_header_bytes

# Headers that mark auto-replies and bounces (RFC 3834 and common practice).
AUTO_PRECEDENCE = ("bulk", "junk", "list")
AUTO_FLAG_HEADERS = ("X-Autoreply", "X-Autorespond")
DAEMON_LOCALPARTS = ("mailer-daemon", "postmaster")
# Subjects that auto-responders write even when they set no header (Outlook, Exchange, Mail.ru).
AUTO_SUBJECT = re.compile(
    r"^\s*(automatic reply|auto(matic)?[ -]?(reply|response)|autoreply|out of (the )?office"
    r"|автоответ|автоматический ответ|абонент временно недоступен)\b", re.IGNORECASE)


def split_head(raw: bytes) -> tuple[bytes, bytes]:
    """(header block, body) of a raw message: split at the first empty line (CRLF or LF);
    a message with no empty line is all header."""
    match = re.search(rb"\r?\n\r?\n", raw)
    if match is None:
        return raw, b""
    return raw[:match.start()], raw[match.end():]


def raw_headers(raw: bytes) -> list[tuple[str, bytes]]:
    """Unfolded (name, raw value) pairs of the top-level header block, in order."""
    block = split_head(raw)[0]
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


ADDR_RE = re.compile(r"[^\s<>\"',;:()\[\]]+@[^\s<>\"',;:()\[\]]+")


@functools.lru_cache(maxsize=4096)
def parse_addresses(value: bytes) -> tuple[tuple[tuple[str, str], ...], bool]:
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
        if "@" not in addr or not ADDR_RE.fullmatch(addr):
            continue
        name_text, _ = decode_header_bytes(name.encode("latin-1", "replace"))
        addr_text, _ = decode_header_bytes(addr.encode("latin-1", "replace"))
        if not ADDR_RE.fullmatch(addr_text) or re.search(r"[\x00-\x1f\x7f]", addr_text):
            continue  # e.g. an encoded word swallowed the "@": no usable address
        pairs.append((clean_text(name_text).strip().strip('"').strip(), canonical(addr_text)))
    if pairs:
        return tuple(pairs), True
    decoded, _ = decode_header_bytes(value)
    for match in ADDR_RE.finditer(decoded):
        rest = decoded[: match.start()].strip().strip("<").strip().strip('"').strip()
        pairs.append((clean_text(rest) if not pairs else "", canonical(match.group(0).strip("."))))
    return tuple(pairs), False


MSGID_RE = re.compile(r"<([^<>\s]+)>")


def message_ids(value: str) -> list[str]:
    """All ``<id>`` tokens of a header (RFC 5322 §3.6.4), without brackets."""
    return MSGID_RE.findall(value)


def one_message_id(value: str) -> str | None:
    """The message id of a Message-ID/In-Reply-To value, tolerant of missing brackets."""
    ids = message_ids(value)
    if ids:
        return ids[0]
    token = value.strip().strip("<>").strip()
    if token and len(token) <= 250 and re.fullmatch(r"[!-;=?-~]+", token):
        return token
    return None


def parse_date(value: str) -> datetime | None:
    """Aware datetime of an RFC 5322 Date value, or None when missing/unparsable/zone-less.

    The zone «-0000» is UTC with the sender's own zone unknown (RFC 5322 §3.3): Python reads
    it as a naive time; it is UTC here."""
    if not value:
        return None
    try:
        parsed = email.utils.parsedate_to_datetime(value)
    except Exception:
        return None
    if parsed is not None and parsed.tzinfo is None and value.strip().endswith("-0000"):
        return parsed.replace(tzinfo=timezone.utc)
    if parsed is None or parsed.tzinfo is None:
        return None
    return parsed


def auto_reason(headers: dict[str, str], from_addr: str, ctype: str) -> str | None:
    """Why the letter is an auto-reply or bounce (RFC 3834, RFC 3462), or None."""
    auto_submitted = headers.get("auto-submitted", "")
    if auto_submitted and auto_submitted.split(";")[0].strip().lower() != "no":
        return f"Auto-Submitted: {auto_submitted}"
    precedence = headers.get("precedence", "").strip().lower()
    if precedence in AUTO_PRECEDENCE:
        return f"Precedence: {precedence}"
    for name in AUTO_FLAG_HEADERS:
        if name.lower() in headers:
            return f"{name}: {headers[name.lower()]}".rstrip(": ")
    if "return-path" in headers and re.fullmatch(r"<\s*>", headers["return-path"].strip()):
        return "Return-Path: <> (уведомление почтового сервера)"
    subject = headers.get("subject", "")
    if AUTO_SUBJECT.match(subject):
        return f"тема «{subject.strip()[:80]}» (автоответ)"
    if ctype == "multipart/report":
        return "multipart/report (отчёт о доставке)"
    local = from_addr.split("@")[0]
    if local in DAEMON_LOCALPARTS:
        return f"отправитель {from_addr} (почтовый робот)"
    return None


AUTH_FAIL = re.compile(r"\b(dkim|spf|dmarc)\s*=\s*fail\b[^;]*", re.IGNORECASE)


def auth_failure(values: list[str]) -> str | None:
    """The failing dkim/spf/dmarc parts of Authentication-Results (RFC 8601), "; "-joined.

    Only headers of the topmost header's authserv-id count: that is the host's own
    receiving server (it prepends its header); headers further down were written by other
    hops or by the sender and cannot be trusted (RFC 8601 §5).
    """
    if not values:
        return None
    server = authserv_id(values[0])
    found = []
    for value in values:
        if authserv_id(value) != server:
            continue
        for match in AUTH_FAIL.finditer(value):
            part = re.sub(r"\s+", " ", match.group(0)).strip()
            if part not in found:
                found.append(part)
    return "; ".join(found) if found else None


def authserv_id(value: str) -> str:
    """The authserv-id (first token) of an Authentication-Results value, lower-case."""
    head = value.split(";", 1)[0].strip()
    return head.split()[0].lower() if head else ""


# --------------------------------------------------------------------------------------------


#: The headers :func:`decode` reads as text (lower case); the rest (Received, DKIM-Signature,
#: …) are never decoded, which is most of the header block of a real letter.
TEXT_HEADERS = frozenset({
    "subject", "message-id", "in-reply-to", "references", "date", "auto-submitted",
    "precedence", "return-path", *(name.lower() for name in AUTO_FLAG_HEADERS),
})


def header_texts(pairs: list[tuple[str, bytes]], notes: list[str]) -> dict[str, str]:
    """First decoded value of each header :func:`decode` reads (lower-case keys); the
    Subject cleaned of invisible and look-alike characters (:func:`engine.textnorm.clean_text`),
    ids kept verbatim (threading needs them byte for byte)."""
    out: dict[str, str] = {}
    for name, value in pairs:
        if name in out or name not in TEXT_HEADERS:
            continue
        text, header_notes = decode_header_bytes(value)
        out[name] = clean_text(text) if name == "subject" else text
        for note in header_notes:
            notes.append(f"заголовок {name.title()}: {note}")
    return out
