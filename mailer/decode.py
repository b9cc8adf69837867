"""Turn the raw bytes of one e-mail into the player's own text and the facts the host needs.

:func:`decode` never raises on any input. Headers are read from the raw bytes here (RFC 5322
unfolding, RFC 2047 encoded words, raw 8-bit text), so a header that makes the stdlib
``email`` package stumble (an unterminated quoted From, an odd Message-ID) still yields what
can be read. The MIME tree (RFC 2045/2046) is walked with ``email`` (``policy.default``), every
call wrapped. Text in an unknown or wrong charset is decoded by plausibility among the
declared charset, UTF-8, cp1251 and koi8-r (charset-normalizer adds its own guess).

The player's own text is the text/plain part (or the HTML part converted to text when there
is no usable plain part), plus ``.txt`` attachments, with quoted replies, forwarded text and
signatures cut by :func:`strip_quotes` (a move quoted or forwarded is never credited to the
sender: DECISIONS.md §8, a letter's moves are the sender's own).
"""

from __future__ import annotations

import codecs
import email
import email.utils
import hashlib
import html as html_lib
import math
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from email import policy
from email.message import Message
from html.parser import HTMLParser

__all__ = ["DecodedLetter", "decode", "strip_quotes", "html_to_text"]

# --------------------------------------------------------------------------------------------
# Thresholds and vocabularies (one place)
# --------------------------------------------------------------------------------------------

#: Only this many characters of a text are examined when guessing its charset.
CHARSET_SAMPLE_CHARS = 4000
#: The declared charset wins when its plausibility is within this margin of the best one.
DECLARED_CHARSET_MARGIN = 0.15
#: Deepest MIME nesting walked; deeper parts are ignored.
MAX_MIME_DEPTH = 25
#: Fallback candidates for 8-bit text, in order of preference on a tie.
FALLBACK_CHARSETS = ("utf-8", "cp1251", "koi8_r")

#: Spelling variants of charset names seen in the wild → Python codec names.
CHARSET_ALIASES = {
    "cp1251": "cp1251", "windows1251": "cp1251", "win1251": "cp1251", "xcp1251": "cp1251",
    "ansi1251": "cp1251", "cyrillicwindows": "cp1251",
    "koi8r": "koi8_r", "koi8": "koi8_r", "xkoi8r": "koi8_r", "koi8u": "koi8_u",
    "utf8": "utf-8", "xutf8": "utf-8", "unicode11utf8": "utf-8",
    "cp866": "cp866", "ibm866": "cp866", "dos866": "cp866",
    "iso88595": "iso8859_5", "maccyrillic": "mac_cyrillic", "xmaccyrillic": "mac_cyrillic",
    "usascii": "ascii", "ascii": "ascii", "iso88591": "latin_1", "latin1": "latin_1",
}

#: Russian letter frequencies per 1000 letters (lower case), for charset plausibility.
_RU_FREQ = {
    "о": 110, "е": 85, "а": 80, "и": 74, "н": 67, "т": 63, "с": 55, "р": 47, "в": 45, "л": 44,
    "к": 35, "м": 32, "д": 30, "п": 28, "у": 26, "я": 20, "ы": 19, "ь": 17, "г": 17, "з": 16,
    "б": 16, "ч": 14, "й": 12, "х": 10, "ж": 9, "ш": 7, "ю": 6, "ц": 5, "щ": 4, "э": 3, "ф": 3,
    "ъ": 0.5, "ё": 1,
}
_LOG_MAX_FREQ = math.log(111)

# Headers that mark auto-replies and bounces (RFC 3834 and common practice).
_AUTO_PRECEDENCE = ("bulk", "junk", "list")
_AUTO_FLAG_HEADERS = ("X-Autoreply", "X-Autorespond")
_DAEMON_LOCALPARTS = ("mailer-daemon", "postmaster")

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
    ``notes`` are Russian remarks for the host. ``unreadable`` is True when neither a text nor
    a sender could be read.
    """

    message_id: str
    from_addr: str = ""
    from_name: str = ""
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
# Charsets
# --------------------------------------------------------------------------------------------


def _codec_name(label: str | None) -> str | None:
    """Python text codec for a charset label from a message, or None when unknown/unusable."""
    if not label:
        return None
    label = label.strip().strip('"\'').lower()
    squashed = re.sub(r"[^a-z0-9]", "", label)
    for name in (CHARSET_ALIASES.get(squashed), label, squashed):
        if not name:
            continue
        try:
            info = codecs.lookup(name)
        except (LookupError, ValueError, TypeError):
            continue
        if getattr(info, "_is_text_encoding", True):
            return info.name
    return None


def _plausibility(text: str) -> float:
    """How much ``text`` looks like real (mostly Russian) writing; higher is better.

    Per non-space character: Cyrillic letters score by their Russian frequency, ASCII
    printables a little, controls, unassigned and box-drawing characters lose. Words that mix
    scripts or have a capital letter after a small one inside a word ("оПХБЕР", the mark of a
    koi8-r/cp1251 mix-up) lose. Words found in the Russian dictionary (pymorphy3) win.
    """
    sample = text[:CHARSET_SAMPLE_CHARS]
    score = 0.0
    count = 0
    for ch in sample:
        if ch.isspace():
            continue
        count += 1
        low = ch.lower()
        if low in _RU_FREQ:
            score += math.log(1 + _RU_FREQ[low]) / _LOG_MAX_FREQ
        elif " " < ch < "\x7f":
            score += 0.5
        elif ch == "\ufffd":
            score -= 3
        else:
            cat = unicodedata.category(ch)
            if cat[0] == "C":
                score -= 3
            elif cat in ("So", "Sm", "Sk", "Sc", "Mn", "Co"):
                score -= 1.5
            elif ch.isalpha():
                score += 0.2
    if not count:
        return 0.0
    words = re.findall(r"[^\W\d_]+", sample)
    for word in words[:400]:
        if re.search(r"[a-z][а-яё]|[а-яё][a-z]", word, re.IGNORECASE):
            score -= 3
        if re.search(r"[а-яё][А-ЯЁ]", word):
            score -= 3
    return score / count + 2 * _known_word_share(words)


_MORPH = None


def _known_word_share(words: list[str]) -> float:
    """Share of Cyrillic words (3+ letters, first 150) the Russian dictionary knows; 0 if none."""
    global _MORPH
    cyr = [w.lower() for w in words if len(w) >= 3 and re.fullmatch(r"[а-яёА-ЯЁ]+", w)][:150]
    if not cyr:
        return 0.0
    if _MORPH is None:
        try:
            import pymorphy3

            _MORPH = pymorphy3.MorphAnalyzer()
        except Exception:  # pragma: no cover - dictionary missing: frequency alone decides
            _MORPH = False
    if not _MORPH:
        return 0.0
    known = sum(1 for w in cyr if _MORPH.word_is_known(w))
    return known / len(cyr)


def _normalizer_guess(data: bytes) -> str | None:
    """charset-normalizer's best codec for ``data`` (first bytes only), or None."""
    try:
        from charset_normalizer import from_bytes

        best = from_bytes(data[: CHARSET_SAMPLE_CHARS * 2]).best()
    except Exception:
        return None
    return _codec_name(best.encoding) if best is not None else None


def decode_text(data: bytes, declared: str | None) -> tuple[str, str | None]:
    """Decode ``data`` whose label says ``declared``; return (text, Russian note or None).

    Pure ASCII and valid UTF-8 are taken as such (8-bit Cyrillic in cp1251/koi8-r is never
    valid UTF-8). Otherwise the declared charset, cp1251, koi8-r and charset-normalizer's guess
    are compared by :func:`_plausibility`; the declared one wins unless another is clearly more
    plausible. Never raises; undecodable bytes become U+FFFD.
    """
    if not data:
        return "", None
    codec = _codec_name(declared)
    label = (declared or "").strip()
    try:
        return data.decode("ascii"), None
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        if codec in (None, "utf-8") and (codec or not label):
            return text, None
        return text, f"кодировка указана как «{label}», но текст в UTF-8: прочитан как UTF-8"
    candidates: list[str] = []
    fallbacks = [_codec_name(name) for name in FALLBACK_CHARSETS[1:]]
    for name in (codec, *fallbacks, _normalizer_guess(data)):
        if name and name != "utf-8" and name not in candidates:
            candidates.append(name)
    scored = []
    for name in candidates:
        try:
            decoded = data.decode(name, errors="replace")
        except Exception:
            continue
        scored.append((_plausibility(decoded), name, decoded))
    if not scored:
        return data.decode("utf-8", errors="replace"), "текст не удалось прочитать ни в одной кодировке"
    best = max(scored, key=lambda item: item[0])
    if codec is not None and scored[0][1] == codec and scored[0][0] >= best[0] - DECLARED_CHARSET_MARGIN:
        return scored[0][2], None
    if codec is None and label:
        return best[2], f"неизвестная кодировка «{label}»: текст прочитан как {best[1]}"
    if codec is None:
        return best[2], f"кодировка не указана: текст прочитан как {best[1]}"
    return best[2], f"кодировка указана как «{label}», но текст прочитан как {best[1]}"


# --------------------------------------------------------------------------------------------
# Raw headers (RFC 5322 §2.2, RFC 2047)
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


_ENCODED_WORD = re.compile(rb"=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=")


def _decode_encoded_word(enc: bytes, payload: bytes) -> bytes:
    """Bytes carried by one RFC 2047 encoded word (B or Q), tolerant of bad padding."""
    import base64
    import binascii

    if enc in (b"b", b"B"):
        payload = re.sub(rb"[^A-Za-z0-9+/]", b"", payload)
        payload += b"=" * (-len(payload) % 4)
        try:
            return base64.b64decode(payload)
        except (binascii.Error, ValueError):
            return payload
    payload = payload.replace(b"_", b" ")
    return re.sub(rb"=([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), payload)


def decode_header_bytes(value: bytes) -> tuple[str, list[str]]:
    """Decode one raw header value to text; return (text, Russian notes).

    Adjacent encoded words in the same charset are joined before decoding, so a character
    split across two words survives (RFC 2047 §5 forbids the split, mailers do it anyway).
    Raw 8-bit text outside encoded words is decoded by plausibility. Never raises.
    """
    notes: list[str] = []
    pieces: list[tuple[str | None, bytes]] = []  # (charset or None for raw text, bytes)
    pos = 0
    for match in _ENCODED_WORD.finditer(value):
        between = value[pos: match.start()]
        if between and not (between.isspace() and pieces and pieces[-1][0] is not None):
            pieces.append((None, between))
        charset = match.group(1).split(b"*")[0].decode("ascii", "replace")
        data = _decode_encoded_word(match.group(2), match.group(3))
        if pieces and pieces[-1][0] is not None and pieces[-1][0].lower() == charset.lower():
            pieces[-1] = (pieces[-1][0], pieces[-1][1] + data)
        else:
            pieces.append((charset, data))
        pos = match.end()
    if value[pos:]:
        pieces.append((None, value[pos:]))
    out = []
    for charset, data in pieces:
        text, note = decode_text(data, charset)
        if note:
            notes.append(note)
        out.append(text)
    return re.sub(r"\s+", " ", "".join(out)).strip(), notes


# --------------------------------------------------------------------------------------------
# Addresses, ids, dates
# --------------------------------------------------------------------------------------------

_ADDR_RE = re.compile(r"[^\s<>\"',;:()\[\]]+@[^\s<>\"',;:()\[\]]+")


def _parse_addresses(value: bytes) -> tuple[list[tuple[str, str]], bool]:
    """(name, lower-case address) pairs from a raw address-list header; bool: parsed cleanly.

    The raw bytes go through :func:`email.utils.getaddresses` as latin-1 (a lossless round
    trip), then display names are decoded; when that yields no address, addresses are found
    by pattern in the decoded text.
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
        pairs.append((name_text.strip().strip('"').strip(), addr_text.lower()))
    if pairs:
        return pairs, True
    decoded, _ = decode_header_bytes(value)
    for match in _ADDR_RE.finditer(decoded):
        rest = decoded[: match.start()].strip().strip("<").strip().strip('"').strip()
        pairs.append((rest if not pairs else "", match.group(0).strip(".").lower()))
    return pairs, False


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
    if token and len(token) <= 250 and re.fullmatch(r"[!-~]+", token):
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
# HTML → text
# --------------------------------------------------------------------------------------------

_DROP_TAGS = {"blockquote", "style", "script", "head", "title", "template", "noscript"}
_BLOCK_TAGS = {
    "p", "div", "br", "tr", "table", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "pre", "section", "article", "header", "footer", "dl", "dt", "dd", "address", "center",
}


class _TextExtractor(HTMLParser):
    """Collects visible text; see :func:`html_to_text`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.drop_depth = 0
        self.pre_depth = 0

    def _line_break(self, hard: bool = False) -> None:
        """Start a new line; a soft break does nothing at the start of a line."""
        last = next((p for p in reversed(self.parts) if p), "\n")
        if hard or not last.endswith("\n"):
            self.parts.append("\n")

    def handle_starttag(self, tag, attrs):
        if tag in _DROP_TAGS:
            self.drop_depth += 1
            return
        if self.drop_depth:
            return
        if tag == "pre":
            self.pre_depth += 1
        if tag == "br":
            self._line_break(hard=True)
        elif tag in _BLOCK_TAGS or tag == "li":
            self._line_break()
        if tag == "li":
            self.parts.append("- ")
        elif tag == "td":
            self.parts.append(" ")

    def handle_startendtag(self, tag, attrs):
        if not self.drop_depth and tag in _BLOCK_TAGS:
            self._line_break(hard=tag == "br")

    def handle_endtag(self, tag):
        if tag in _DROP_TAGS:
            self.drop_depth = max(0, self.drop_depth - 1)
            return
        if self.drop_depth:
            return
        if tag == "pre":
            self.pre_depth = max(0, self.pre_depth - 1)
        if tag in _BLOCK_TAGS or tag == "li":
            self._line_break()

    def handle_data(self, data):
        if self.drop_depth:
            return
        if not self.pre_depth:
            data = re.sub(r"[ \t\r\n\f]+", " ", data)
        self.parts.append(data)


def html_to_text(html: str) -> str:
    """Visible text of an HTML letter body (stdlib :mod:`html.parser`).

    ``<blockquote>`` (quoted replies), ``<style>``, ``<script>``, ``<head>`` are dropped;
    ``<br>``, ``<p>``, ``<div>`` and other block tags become line breaks, ``<li>`` a "- " line;
    entities are decoded, non-breaking spaces become spaces, runs of blank lines collapse to
    one. Never raises: on a parser failure the tags are stripped by pattern.
    """
    parser = _TextExtractor()
    try:
        parser.feed(html)
        parser.close()
        text = "".join(parser.parts)
    except Exception:
        text = html_lib.unescape(re.sub(r"<[^>]*>", " ", html))
    text = text.replace("\xa0", " ").replace("\u200b", "")
    lines = [line.strip() for line in text.split("\n")]
    text = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


# --------------------------------------------------------------------------------------------
# Quotes and signatures
# --------------------------------------------------------------------------------------------

_QUOTE_LINE = re.compile(r"^\s*>")
_CUT_MARKERS = re.compile(
    r"^\s*(?:-{2,}|_{2,}|={2,})\s*(?:Исходное сообщение|Original Message|Пересылаемое сообщение"
    r"|Перенаправленное сообщение|Переадресованное сообщение|Forwarded message|Forwarded Message"
    r"|Пересланное сообщение)\s*(?:-{2,}|_{2,}|={2,})?\s*$"
    r"|^\s*Begin forwarded message:\s*$",
    re.IGNORECASE,
)
_FORWARD_MARKER = re.compile(
    r"Пересылаемое сообщение|Перенаправленное сообщение|Пересланное сообщение"
    r"|Forwarded message|Begin forwarded message", re.IGNORECASE,
)
_OUTLOOK_FROM = re.compile(r"^\s*\*?(?:From|От|Von)\s*:\*?\s*\S", re.IGNORECASE)
_OUTLOOK_SENT = re.compile(
    r"^\s*\*?(?:Sent|Date|Отправлено|Дата|Gesendet)\s*:\*?\s*\S", re.IGNORECASE)
_OUTLOOK_RULE = re.compile(r"^\s*_{8,}\s*$")
_MOBILE_SIGNATURE = re.compile(
    r"^\s*(?:Отправлено|Sent)\s+(?:с|со|из|from|with|via|using)\b.{0,60}"
    r"(?:iPhone|iPad|Android|Mail\.ru|Почты|Почта|Яндекс|Yandex|Outlook|Samsung|Galaxy|смартфон"
    r"|мобильн|mobile|BlackBerry|Huawei|Xiaomi|Gmail)",
    re.IGNORECASE,
)
_HAS_TIME = re.compile(r"\b\d{1,2}:\d{2}\b")
_HAS_DATE = re.compile(r"\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b|\b\d{4}\b")
_ATTRIB_END = re.compile(
    r"(?:@[^\s]*>?\)?|пишет|написал|написала|написал\(а\)|wrote|writes|schrieb)\s*:\s*$",
    re.IGNORECASE,
)


def _is_attribution(line: str) -> bool:
    """True for a reply attribution line such as «7.12.2026 21:03, Маруська пишет:»."""
    line = line.strip()
    if not line.endswith(":") or len(line) > 300:
        return False
    if re.match(r"^On\b.*\bwrote:$", line) or re.match(r"^\S+ пишет:$", line):
        return True
    return bool(_ATTRIB_END.search(line)) and bool(_HAS_TIME.search(line) or _HAS_DATE.search(line))


def _attribution_span(lines: list[str], i: int) -> int:
    """Number of lines (0, 1 or 2) of an attribution starting at ``lines[i]``."""
    if _is_attribution(lines[i]):
        return 1
    if i + 1 < len(lines) and lines[i].strip() and not _QUOTE_LINE.match(lines[i]):
        joined = lines[i].rstrip() + " " + lines[i + 1].strip()
        first = lines[i].strip()
        starts_like = first.startswith("On ") or _HAS_TIME.search(first) or _HAS_DATE.search(first)
        if starts_like and _is_attribution(joined) and not _is_attribution(lines[i + 1]) \
                and len(lines[i + 1].strip()) < 120:
            return 2
    return 0


def _starts_outlook_block(lines: list[str], i: int) -> bool:
    """True when ``lines[i]`` opens an Outlook-style header block (From:… then Sent:/Date:…)."""
    if _OUTLOOK_RULE.match(lines[i]):
        return any(_OUTLOOK_FROM.match(x) for x in lines[i + 1: i + 3])
    if not _OUTLOOK_FROM.match(lines[i]):
        return False
    return any(_OUTLOOK_SENT.match(x) for x in lines[i + 1: i + 5])


def _is_signature_rule(line: str) -> bool:
    """True for the signature separator: a line "-- " (RFC 3676 §4.3) or a bare "--"."""
    return line.rstrip("\r") in ("-- ", "--")


def strip_quotes(text: str) -> str:
    """The sender's own text of a letter body: quotes, forwards and signatures cut.

    Removed: lines starting with ``>``; reply attribution lines (one or two lines, Russian or
    English: «7.12.2026 21:03, Маруська пишет:», «On Mon, Dec 7, 2026 at 9:03 PM X <a@b>
    wrote:»); mobile signatures («Отправлено с iPhone»). Cut with everything after them:
    «-----Исходное сообщение-----», «-----Original Message-----», «-------- Пересылаемое
    сообщение --------» and similar, Outlook «From:/От:» + «Sent:/Отправлено:» header blocks,
    and the signature separator line "-- ". A dash list («- лечу Буку», «— линч: X») and "--"
    inside a line are kept. Leading/trailing blank lines are trimmed, runs of blank lines
    collapse to one.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _is_signature_rule(line) or _CUT_MARKERS.match(line) or _starts_outlook_block(lines, i):
            break
        if _QUOTE_LINE.match(line) or _MOBILE_SIGNATURE.match(line):
            i += 1
            continue
        span = _attribution_span(lines, i)
        if span:
            i += span
            continue
        kept.append(line.rstrip())
        i += 1
    out = "\n".join(kept)
    out = re.sub(r"\n{3,}", "\n\n", out)
    return out.strip("\n").strip()


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
    """Decoded text of a leaf part (transfer encoding undone, charset guessed if needed)."""
    data = _safe(lambda: part.get_payload(decode=True), None)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    if not isinstance(data, (bytes, bytearray)):
        return ""
    declared = _safe(lambda: part.get_param("charset"), None)
    if isinstance(declared, tuple):  # RFC 2231 form
        declared = declared[2] if len(declared) == 3 else None
    text, note = decode_text(bytes(data), declared if isinstance(declared, str) else None)
    if note:
        notes.append(note)
    return text


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
    if ctype == "multipart/report":
        return "multipart/report (отчёт о доставке)"
    local = from_addr.split("@")[0]
    if local in _DAEMON_LOCALPARTS:
        return f"отправитель {from_addr} (почтовый робот)"
    return None


_AUTH_FAIL = re.compile(r"\b(dkim|spf|dmarc)\s*=\s*fail\b[^;]*", re.IGNORECASE)


def _auth_failure(values: list[str]) -> str | None:
    """The failing parts of Authentication-Results headers (RFC 8601), joined by "; "."""
    found = []
    for value in values:
        for match in _AUTH_FAIL.finditer(value):
            part = re.sub(r"\s+", " ", match.group(0)).strip()
            if part not in found:
                found.append(part)
    return "; ".join(found) if found else None


# --------------------------------------------------------------------------------------------
# decode()
# --------------------------------------------------------------------------------------------


def _header_texts(pairs: list[tuple[str, bytes]], notes: list[str]) -> dict[str, str]:
    """First decoded value of each header name (lower-case keys)."""
    out: dict[str, str] = {}
    for name, value in pairs:
        if name in out:
            continue
        text, header_notes = decode_header_bytes(value)
        out[name] = text
        for note in header_notes:
            notes.append(f"заголовок {name.title()}: {note}")
    return out


def _parse_mime(raw: bytes, notes: list[str]) -> Message | None:
    """The MIME tree of ``raw`` (policy.default, then compat32 on failure), or None."""
    for pol in (policy.default, policy.compat32):
        try:
            return email.message_from_bytes(raw, policy=pol)
        except Exception:
            continue
    notes.append("структура письма не разобрана")
    return None


def _fill_addresses(letter: DecodedLetter, pairs: list[tuple[str, bytes]]) -> None:
    """Set from_addr/from_name/to_addrs of ``letter`` from the raw headers."""
    raw = {}
    for name, value in pairs:
        raw.setdefault(name, value)
    if "from" in raw:
        froms, clean = _parse_addresses(raw["from"])
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
    """``text`` with CRLF and lone CR line ends made LF and other control characters removed."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL_CHARS.sub("", text)


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
    main = plain if plain else html_to_text("\n".join(acc.html))
    pieces = [_newlines(p) for p in [main] + [text for _, text in acc.txt_attachments]]
    letter.full_text = "\n\n".join(p for p in pieces if p.strip()).strip()
    bodies = [strip_quotes(p) for p in pieces]
    letter.body = "\n\n".join(b for b in bodies if b).strip()
    letter.attachments_read = [name for name, _ in acc.txt_attachments]
    letter.attachments_ignored = acc.ignored
    letter.notes += list(dict.fromkeys(acc.notes))
    if not plain and acc.html and main:
        letter.notes.append("письмо без простого текста: текст взят из HTML")
    if acc.forwarded:
        letter.notes.append("в письме есть пересланное письмо: ходы из него не засчитаны")
    elif _FORWARD_MARKER.search(main):
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
