"""The MIME tree of a received letter (RFC 2045/2046) walked for its texts: plain and HTML
parts, ``.txt`` attachments read, other attachments listed, forwarded letters counted,
format=flowed joined (RFC 3676). Every call into ``email`` is wrapped: a broken part is
skipped, never raised. Used by :func:`mailer.decode.decode`.
"""

from __future__ import annotations

import email
from dataclasses import dataclass, field
from email import policy
from email.message import Message

from mailer.charsets import decode_header_bytes, decode_text

#: Deepest MIME nesting walked; deeper parts are ignored.
MAX_MIME_DEPTH = 25


@dataclass
class Collected:
    """Texts and attachments found while walking the MIME tree."""

    plain: list[str] = field(default_factory=list)
    html: list[str] = field(default_factory=list)
    txt_attachments: list[tuple[str, str]] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    forwarded: int = 0


def safe(fn, default):
    """``fn()``, or ``default`` if it raises anything."""
    try:
        return fn()
    except Exception:
        return default


def part_text(part: Message, notes: list[str]) -> str:
    """Decoded text of a leaf part (transfer encoding undone, charset guessed if needed,
    format=flowed soft line breaks joined)."""
    data = safe(lambda: part.get_payload(decode=True), None)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    if not isinstance(data, (bytes, bytearray)):
        return ""
    text, note = decode_text(bytes(data), content_param(part, "charset"))
    if note:
        notes.append(note)
    if (content_param(part, "format") or "").lower() == "flowed":
        text = unflow(text, delsp=(content_param(part, "delsp") or "").lower() == "yes")
    return text


def content_param(part: Message, name: str) -> str | None:
    """A Content-Type parameter as text (RFC 2231 values decoded), or None."""
    value = safe(lambda: part.get_param(name), None)
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


def attachment_name(part: Message) -> str | None:
    """Attachment file name (decoded), or None."""
    name = safe(part.get_filename, None)
    if not name:
        return None
    name = str(name)
    if "=?" in name or any(ord(c) > 127 for c in name):
        name, _ = decode_header_bytes(name.encode("utf-8", "surrogateescape"))
    return name.strip() or None


def collect(part: Message, acc: Collected, depth: int = 0) -> None:
    """Walk ``part`` and fill ``acc`` (see :func:`decode` for what counts as what)."""
    if depth > MAX_MIME_DEPTH:
        return
    ctype = safe(part.get_content_type, "text/plain")
    disposition = (safe(part.get_content_disposition, None) or "").lower()
    filename = attachment_name(part)
    if ctype == "message/rfc822" or (filename or "").lower().endswith(".eml"):
        acc.forwarded += 1
        return
    if ctype.startswith("multipart/") or safe(part.is_multipart, False):
        children = safe(part.get_payload, [])
        if not isinstance(children, list):
            return
        if ctype == "multipart/alternative":
            collect_alternative(children, acc, depth)
            return
        for child in children:
            if isinstance(child, Message):
                collect(child, acc, depth + 1)
        return
    if disposition == "attachment" or filename:
        collect_attachment(part, ctype, filename, acc)
        return
    if ctype == "text/html":
        acc.html.append(part_text(part, acc.notes))
    elif ctype.startswith("text/") and ctype not in ("text/calendar", "text/x-vcard", "text/vcard"):
        acc.plain.append(part_text(part, acc.notes))


def collect_alternative(children: list, acc: Collected, depth: int) -> None:
    """Pick one alternative: the first with non-empty plain text, else the first with HTML."""
    options = []
    for child in children:
        if isinstance(child, Message):
            sub = Collected()
            collect(child, sub, depth + 1)
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


def collect_attachment(part: Message, ctype: str, filename: str | None, acc: Collected) -> None:
    """Read a .txt attachment into ``acc.txt_attachments``; list any other as ignored."""
    name = filename or f"без имени ({ctype})"
    if (filename or "").lower().endswith(".txt"):
        acc.txt_attachments.append((name, part_text(part, acc.notes)))
    else:
        acc.ignored.append(name)


def parse_mime(raw: bytes, notes: list[str]) -> Message | None:
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
