"""The sender's own text: HTML to plain text, quoted replies, forwards and signatures cut.

A move quoted from an earlier letter or forwarded from another player is never the
sender's move, so everything quoted is cut before parsing (DECISIONS.md §8: each letter's
moves are its sender's own).
"""

from __future__ import annotations

import html as html_lib
import re
from html.parser import HTMLParser

__all__ = ["html_to_text", "strip_quotes", "FORWARD_MARKER"]

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
FORWARD_MARKER = re.compile(
    r"Пересылаемое сообщение|Перенаправленное сообщение|Пересланное сообщение"
    r"|Forwarded message|Begin forwarded message", re.IGNORECASE,
)
_OUTLOOK_FROM = re.compile(r"^\s*\*?(?:From|От|Von)\s*:\*?\s*\S", re.IGNORECASE)
_OUTLOOK_SENT = re.compile(
    r"^\s*\*?(?:Sent|Date|Отправлено|Дата|Gesendet)\s*:\*?\s*\S", re.IGNORECASE)
_OUTLOOK_SENT_INLINE = re.compile(
    r"\s\*?(?:Sent|Отправлено|Gesendet)\s*:\*?\s*\S.*\s\*?(?:To|Кому|An)\s*:", re.IGNORECASE)
_OUTLOOK_RULE = re.compile(r"^\s*_{8,}\s*$")
_MOBILE_SIGNATURE = re.compile(
    r"^\s*(?:Отправлено|Sent)\s+(?:с|со|из|from|with|via|using)\b.{0,60}"
    r"(?:iPhone|iPad|Android|Mail\.ru|Почты|Почта|Яндекс|Yandex|Outlook|Samsung|Galaxy|смартфон"
    r"|мобильн|mobile|BlackBerry|Huawei|Xiaomi|Gmail)"
    r"|^\s*(?:Get|Скачайте|Получить)\s+Outlook\s+(?:for|для)\s+(?:iOS|Android)",
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
    if re.match(r"^(?:Вы писали|You wrote)\b", line, re.IGNORECASE):  # The Bat!
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
    if _OUTLOOK_SENT_INLINE.search(lines[i]):
        return True  # the whole block flattened into one line
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
