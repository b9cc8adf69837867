"""HTML letter bodies to plain text with the quoted parts marked or dropped (the HTML half of
:mod:`mailer.quotes`): Gmail, Yahoo, Proton, Tutanota, Zoho, Thunderbird and Outlook quote
containers, signatures, ``<blockquote>``."""

from __future__ import annotations

import html as html_lib
import re
from html.parser import HTMLParser

# --------------------------------------------------------------------------------------------
# HTML → text
# --------------------------------------------------------------------------------------------

_DROP_TAGS = {"style", "script", "head", "title", "template", "noscript"}
_BLOCK_TAGS = {
    "p", "div", "br", "tr", "table", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "pre", "section", "article", "header", "footer", "dl", "dt", "dd", "address", "center",
}
#: Class names (substrings: Yahoo prefixes them, «ydp…yahoo_quoted», forwarded copies «x_…»)
#: of an element that holds the quoted letter: Gmail (and its older «gmail_extra»), Yahoo and
#: AOL, Proton Mail, Tutanota, Zoho, Thunderbird's attribution and forward container.
_QUOTE_CLASSES = ("gmail_quote", "gmail_extra", "yahoo_quoted", "protonmail_quote",
                  "tutanota_quote", "zmail_extra", "moz-cite-prefix", "moz-forward-container",
                  "outlookmessageheader", "gmail_signature", "moz-signature")
#: Id substrings of an element that holds a signature, dropped like a quote (text after it
#: stays): Apple Mail's «AppleMailSignature», Outlook's «Signature» and mobile signature,
#: Samsung's «composer_signature».
_QUOTE_IDS = ("signature",)
#: Ids (substrings: forwarded copies prefix them, «x_divRplyFwdMsg») of an element where the
#: quoted letter starts and runs to the end: Outlook / Outlook.com / new Outlook, Hotmail's
#: ``<hr id=stopSpelling>``, Outlook for Mac's ``#OLK_SRC_BODY_SECTION``, Zimbra's
#: ``<hr id=zwchr>``.
_CUT_IDS = ("divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container",
            "stopspelling", "olk_src_body_section", "zwchr")
#: Outlook's (desktop, Mac, Windows Mail) header block of the quoted letter: a div with a
#: solid top border and a padding, whatever the colour and width.
_OUTLOOK_BORDER = re.compile(r"border-top(?:-style)?:[^;\"]*solid", re.IGNORECASE)
#: Marks quoted text inside the extractor's parts (a private-use character).
_Q = "\ue000"


class _TextExtractor(HTMLParser):
    """Collects visible text; see :func:`html_to_text`.

    Quoted parts are a ``<blockquote>`` (Thunderbird and Apple Mail ``type=cite``, Yandex,
    Mail.ru, Tutanota), an element of a :data:`_QUOTE_CLASSES` class (Gmail, Yahoo, Proton,
    Zoho, Thunderbird's attribution and forward, signatures) or of a :data:`_QUOTE_IDS` id
    (signatures), and everything from an element of a
    :data:`_CUT_IDS` id (Hotmail's ``<hr id=stopSpelling>``, Outlook's ``#divRplyFwdMsg`` /
    ``#appendonsend``, Outlook for Mac's ``#OLK_SRC_BODY_SECTION``, Zimbra's ``<hr
    id=zwchr>``) or Outlook's header div (a solid top border and a padding) to the end.
    With ``mark`` they are kept on lines of their own, each text piece led by :data:`_Q`;
    without it they are dropped.
    """

    def __init__(self, mark: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.drop_depth = 0
        self.pre_depth = 0
        self.mark = mark
        # [tag, open count, Gmail container?, own text (a Gmail container after its
        # blockquote)] of each quoting element, innermost last
        self.quotes: list[list] = []
        self.cut = False  # the rest of the letter is quoted

    def _line_break(self, hard: bool = False) -> None:
        """Start a new line; a soft break does nothing at the start of a line."""
        last = next((p for p in reversed(self.parts) if p), "\n")
        if hard or not last.endswith("\n"):
            self.parts.append("\n")

    @property
    def quoted(self) -> bool:
        """True inside a quoted part. Gmail's ``div.gmail_quote`` holds the attribution and
        the ``blockquote``; a player who answers between the quoted paragraphs types his text
        in that div between two blockquotes: text there after a blockquote is his own."""
        return self.cut or any(not q[3] for q in self.quotes)

    def _opens_quote(self, tag: str, attrs) -> str | None:
        """``"cut"``, ``"quote"``, ``"gmail"`` (Gmail's quote container) or None: what the
        start tag ``tag`` does to quoting."""
        if tag == "blockquote":
            return "quote"
        values = {k: (v or "") for k, v in attrs if k in ("id", "class", "style")}
        ident = values.get("id", "").lower()
        if ident and any(c in ident for c in _CUT_IDS):
            return "cut"
        style = values.get("style", "")
        if tag == "div" and "padding" in style.lower() and _OUTLOOK_BORDER.search(style):
            return "cut"
        klass = values.get("class", "").lower()
        if tag == "div" and "gmail_quote" in klass:
            return "gmail"
        if klass and any(c in klass for c in _QUOTE_CLASSES):
            return "quote"
        if ident and any(c in ident for c in _QUOTE_IDS):
            return "quote"
        return None

    def handle_starttag(self, tag, attrs):
        if tag in _DROP_TAGS:
            self.drop_depth += 1
            return
        if self.drop_depth:
            return
        if self.quotes and self.quotes[-1][0] == tag:
            self.quotes[-1][1] += 1
        opens = None if self.cut else self._opens_quote(tag, attrs)
        if opens:
            if self.mark and not self.quoted:
                self._line_break()
            if opens == "cut":
                self.cut = True
            elif not (self.quotes and self.quotes[-1][0] == tag):
                self.quotes.append([tag, 1, opens == "gmail", False])
        if self.quoted and not self.mark:
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
        if self.drop_depth:
            return
        if not self.cut and self._opens_quote(tag, attrs) == "cut":
            if self.mark:
                self._line_break()
            self.cut = True
        if self.quoted and not self.mark:
            return
        if tag in _BLOCK_TAGS:
            self._line_break(hard=tag == "br")

    def handle_endtag(self, tag):
        if tag in _DROP_TAGS:
            self.drop_depth = max(0, self.drop_depth - 1)
            return
        if self.drop_depth:
            return
        was_quoted = self.quoted
        if self.quotes and self.quotes[-1][0] == tag:
            self.quotes[-1][1] -= 1
            if not self.quotes[-1][1]:
                self.quotes.pop()
                if tag == "blockquote" and self.quotes and self.quotes[-1][2]:
                    self.quotes[-1][3] = True  # text after Gmail's blockquote: the player's
        if was_quoted and not self.mark:
            return
        if tag == "pre":
            self.pre_depth = max(0, self.pre_depth - 1)
        if tag in _BLOCK_TAGS or tag == "li" or (was_quoted and not self.quoted):
            self._line_break()

    def handle_data(self, data):
        if self.drop_depth or (self.quoted and not self.mark):
            return
        if not self.pre_depth:
            data = re.sub(r"[ \t\r\n\f]+", " ", data)
        if self.quoted and data.strip():
            data = "\n".join(_Q + piece for piece in data.split("\n"))
        self.parts.append(data)


def html_to_text(html: str, quoted: bool = False) -> str:
    """Visible text of an HTML letter body (stdlib :mod:`html.parser`).

    Quoted parts (see :class:`_TextExtractor`: ``<blockquote>``, Gmail's ``.gmail_quote``,
    Yahoo's ``.yahoo_quoted``, Thunderbird's ``.moz-cite-prefix``; Hotmail's ``<hr
    id=stopSpelling>``, Outlook's ``#divRplyFwdMsg`` / ``#appendonsend`` and bordered header
    div to the end) are dropped, or with ``quoted`` kept
    as lines starting with ``"> "`` (so :func:`strip_quotes` cuts them as in a plain-text
    reply and keeps new text under or between them). ``<style>``, ``<script>``, ``<head>``
    are dropped; ``<br>``, ``<p>``, ``<div>`` and other block tags become line breaks,
    ``<li>`` a "- " line; entities are decoded, non-breaking spaces become spaces, runs of
    blank lines collapse to one. Never raises: on a parser failure the tags are stripped by
    pattern (and nothing is marked quoted).
    """
    parser = _TextExtractor(mark=quoted)
    try:
        parser.feed(html)
        parser.close()
        text = "".join(parser.parts)
    except Exception:
        text = html_lib.unescape(re.sub(r"<[^>]*>", " ", html))
    text = text.replace("\xa0", " ").replace("\u200b", "")
    lines = [line.strip() for line in text.split("\n")]
    lines = ["> " + line.replace(_Q, "").strip() if _Q in line else line for line in lines]
    text = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip()
