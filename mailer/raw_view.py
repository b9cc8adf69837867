"""A received letter as the host reads it in ``mafia-mail show``: its header lines as they
came (an RFC 2047 encoded word followed by its decoded text) and every MIME part with its
transfer encoding (base64, quoted-printable) undone and its charset decoded. The exact bytes
stay in the database and ``show --raw`` writes them out untouched.
"""

from __future__ import annotations

import re
from email.message import Message

from .charsets import decode_header_bytes, decode_text
from .letter_headers import split_head
from .mime_walk import MAX_MIME_DEPTH, attachment_name, parse_mime, part_text, safe

__all__ = ["readable_letter"]

_ENCODED_WORD = re.compile(rb"=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=")


def _header_lines(head: bytes) -> list[str]:
    """The header block line by line as it came (8-bit text decoded by plausibility), each
    field holding an encoded word followed by a line with its decoded value."""
    lines: list[str] = []
    fields = re.split(rb"\r?\n(?![ \t])", head)
    for field in fields:
        if not field:
            continue
        text, _note = decode_text(field, None)
        lines.extend(text.replace("\r\n", "\n").split("\n"))
        name, colon, value = field.partition(b":")
        if colon and _ENCODED_WORD.search(value):
            decoded, _notes = decode_header_bytes(re.sub(rb"\r?\n[ \t]", b" ", value))
            lines.append(f"    [{name.decode('ascii', 'replace').strip()}, раскодировано: {decoded}]")
    return lines


def _describe(part: Message) -> str:
    """«text/plain; charset=utf-8; base64» for a part's heading."""
    ctype = safe(part.get_content_type, "text/plain")
    charset = safe(lambda: part.get_param("charset"), None)
    if isinstance(charset, tuple):
        charset = charset[2] if len(charset) == 3 else None
    cte = str(part.get("Content-Transfer-Encoding", "") or "").strip().lower()
    return "; ".join(x for x in (ctype, f"charset={charset}" if charset else "", cte) if x)


def _parts(part: Message, out: list[str], number: list[int], depth: int = 0) -> None:
    """Append each leaf part of ``part``: a heading, then its text decoded (text parts) or
    what it is and its size (any other part: not shown)."""
    if depth > MAX_MIME_DEPTH:
        out.append("[части глубже не показаны]")
        return
    if safe(part.is_multipart, False):
        for child in safe(part.get_payload, []) or []:
            if isinstance(child, Message):
                _parts(child, out, number, depth + 1)
        return
    number[0] += 1
    ctype = safe(part.get_content_type, "text/plain")
    out.append(f"--- часть {number[0]}: {_describe(part)} ---")
    name = attachment_name(part)
    if ctype.startswith("text/"):
        if name:
            out.append(f"[вложение «{name}»]")
        out.append(part_text(part, []).rstrip("\n"))
        return
    data = safe(lambda: part.get_payload(decode=True), None)
    size = len(data) if isinstance(data, (bytes, bytearray)) else 0
    out.append(f"[{'вложение «' + name + '»' if name else 'не текст'}, {size} байт: не показано]")


def readable_letter(raw: bytes) -> str:
    """``raw`` for the host's eyes: the header lines as they came (each encoded word followed
    by its decoded value), an empty line, then the body: a single-part letter's text decoded,
    a multipart letter part by part with a heading each («--- часть 1: text/plain;
    charset=utf-8; base64 ---»); parts that are not text are named with their size, not
    shown. Never raises; the exact bytes are ``raw`` itself."""
    head, body = split_head(raw)
    lines = _header_lines(head)
    lines.append("")
    tree = parse_mime(raw, [])
    if tree is None:
        lines.append(decode_text(body, None)[0])
        return "\n".join(lines)
    if safe(tree.is_multipart, False) or not safe(tree.get_content_type, "text/plain").startswith("text/"):
        _parts(tree, lines, [0])
    else:
        lines.append(part_text(tree, []).rstrip("\n"))
    return "\n".join(lines)
