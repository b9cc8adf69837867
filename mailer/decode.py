"""Turn the raw bytes of one e-mail into the player's own text and the facts the host needs.

:func:`decode` never raises on any input. Headers are read from the raw bytes
(:mod:`mailer.letter_headers`: RFC 5322 unfolding, RFC 2047 encoded words, raw 8-bit text),
so a header that makes the stdlib ``email`` package stumble (an unterminated quoted From, an
odd Message-ID) still yields what can be read. The MIME tree (RFC 2045/2046) is walked with
``email`` (:mod:`mailer.mime_walk`, every call wrapped). Text in an unknown or wrong charset
is decoded by plausibility among the declared charset, UTF-8, cp1251 and koi8-r
(:mod:`mailer.charsets`).

The player's own text is the text/plain part (or the HTML part converted to text when there
is no usable plain part), plus ``.txt`` attachments, with quoted replies, forwarded text and
signatures cut by :func:`strip_quotes` (:mod:`mailer.quotes`; a move quoted or forwarded is
never credited to the sender: DECISIONS.md §8, a letter's moves are the sender's own).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from email.message import Message

from engine.textnorm import clean_text
from mailer.charsets import decode_header_bytes, decode_text
from mailer.letter_headers import (auth_failure, auto_reason, header_texts, message_ids,
                                   one_message_id, parse_addresses, parse_date, raw_headers)
from mailer.mime_walk import Collected, collect, parse_mime, safe
from mailer.quotes import FORWARD_MARKER, cut_quotes, html_to_text, strip_quotes

__all__ = ["DecodedLetter", "decode", "recut", "strip_quotes", "html_to_text", "decode_text"]



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
    a sender could be read. ``unmarked_quote``: the head of the first quote without «>» cut
    from the body (:class:`mailer.quotes.QuoteCut`), "" when none; then ``pieces`` are the
    texts the body was cut from, cut again with the game's letters to the sender known
    (:func:`recut`).
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
    unmarked_quote: str = ""
    pieces: list[str] = field(default_factory=list)


def _fill_addresses(letter: DecodedLetter, pairs: list[tuple[str, bytes]]) -> None:
    """Set from_addr/from_name/to_addrs of ``letter`` from the raw headers."""
    parsed_froms = [parse_addresses(value) for name, value in pairs if name == "from"]
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
            letter.to_addrs += [addr for _, addr in parse_addresses(value)[0]]


def _fill_ids_and_dates(letter: DecodedLetter, headers: dict[str, str], raw: bytes) -> None:
    """Set message_id, in_reply_to, references, date_header, subject of ``letter``."""
    message_id = one_message_id(headers.get("message-id", ""))
    if message_id is None:
        message_id = "sha256:" + hashlib.sha256(raw).hexdigest()
        if "message-id" in headers:
            letter.notes.append("заголовок Message-ID повреждён: письмо опознаётся по содержимому")
    letter.message_id = message_id
    letter.in_reply_to = one_message_id(headers.get("in-reply-to", ""))
    letter.references = message_ids(headers.get("references", ""))
    letter.subject = headers.get("subject", "")
    letter.date_header = parse_date(headers.get("date", ""))
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
    acc = Collected()
    if tree is not None:
        safe(lambda: collect(tree, acc), None)
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
    cuts = [cut_quotes(p) for p in pieces]
    letter.body = "\n\n".join(c.text for c in cuts if c.text).strip()
    letter.unmarked_quote = next((c.unmarked for c in cuts if c.unmarked), "")
    if letter.unmarked_quote:
        letter.pieces = pieces
    letter.attachments_read = [name for name, _ in acc.txt_attachments]
    letter.attachments_ignored = acc.ignored
    letter.notes += list(dict.fromkeys(acc.notes))
    if not plain and acc.html and main:
        letter.notes.append("письмо без простого текста: текст взят из HTML")
    if acc.forwarded:
        letter.notes.append("в письме есть пересланное письмо: ходы из него не засчитаны")
    elif FORWARD_MARKER.search(main):
        letter.notes.append("в письме есть пересланный текст: ходы из него не засчитаны")


def recut(letter: DecodedLetter, known) -> str:
    """The body of ``letter`` cut again knowing the game's letters to its sender (``known``):
    the player's text under an unmarked quote of one of them is kept
    (:func:`mailer.quotes.cut_quotes`). The decoded body when it had no unmarked quote."""
    known = [k for k in known if k]
    if not (letter.unmarked_quote and letter.pieces and known):
        return letter.body
    bodies = [strip_quotes(p, known) for p in letter.pieces]
    return "\n\n".join(b for b in bodies if b).strip()


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
        pairs = raw_headers(raw)
        headers = header_texts(pairs, letter.notes)
        _fill_addresses(letter, pairs)
        _fill_ids_and_dates(letter, headers, raw)
        tree = parse_mime(raw, letter.notes)
        _fill_body(letter, tree, raw)
        ctype = safe(tree.get_content_type, "") if tree is not None else ""
        letter.auto = auto_reason(headers, letter.from_addr, ctype)
        letter.auth_failed = auth_failure(
            [decode_header_bytes(v)[0] for n, v in pairs if n == "authentication-results"])
    except Exception as exc:  # last resort: decode() must never raise
        letter.notes.append(f"письмо разобрано не полностью: {type(exc).__name__}")
    letter.notes = list(dict.fromkeys(letter.notes))
    letter.unreadable = not re.search(r"\w", letter.full_text) and not letter.from_addr
    return letter
