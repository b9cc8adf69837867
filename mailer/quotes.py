"""The sender's own text: HTML to plain text, quoted replies, forwards and signatures cut.

A move quoted from an earlier letter or forwarded from another player is never the
sender's move, so everything quoted is cut before parsing (DECISIONS.md §8: each letter's
moves are its sender's own).
"""

from __future__ import annotations

import html as html_lib
import re
from html.parser import HTMLParser

from engine.textnorm import clean_text

__all__ = ["html_to_text", "strip_quotes", "FORWARD_MARKER"]

# --------------------------------------------------------------------------------------------
# HTML → text
# --------------------------------------------------------------------------------------------

_DROP_TAGS = {"style", "script", "head", "title", "template", "noscript"}
_BLOCK_TAGS = {
    "p", "div", "br", "tr", "table", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "pre", "section", "article", "header", "footer", "dl", "dt", "dd", "address", "center",
}
#: Class names (substrings: Yahoo prefixes them, «ydp…yahoo_quoted») of an element that holds
#: the quoted letter: Gmail, Yahoo, Proton Mail, Zoho.
_QUOTE_CLASSES = ("gmail_quote", "yahoo_quoted", "protonmail_quote", "zmail_extra")
#: Ids (substrings: forwarded copies prefix them, «x_divRplyFwdMsg») of an element where the
#: quoted letter starts and runs to the end: Outlook / Outlook.com / new Outlook.
_CUT_IDS = ("divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container",
            "stopspelling")
#: Outlook desktop's header block of the quoted letter: a div with a thin top border.
_OUTLOOK_BORDER = re.compile(r"border-top:\s*solid\s*#(?:e1e1e1|b5c4df)", re.IGNORECASE)
#: Marks quoted text inside the extractor's parts (a private-use character).
_Q = "\ue000"


class _TextExtractor(HTMLParser):
    """Collects visible text; see :func:`html_to_text`.

    Quoted parts are a ``<blockquote>`` (Thunderbird and Apple Mail ``type=cite``, Yandex,
    Mail.ru), an element of a :data:`_QUOTE_CLASSES` class, and everything from an element
    of a :data:`_CUT_IDS` id (Hotmail's ``<hr id=stopSpelling>``, Outlook's
    ``#divRplyFwdMsg`` / ``#appendonsend``) or Outlook's bordered header div to the end.
    With ``mark`` they are kept on lines of their own, each text piece led by :data:`_Q`;
    without it they are dropped.
    """

    def __init__(self, mark: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.drop_depth = 0
        self.pre_depth = 0
        self.mark = mark
        self.quotes: list[list] = []  # [tag, open count] of each quoting element, innermost last
        self.cut = False  # the rest of the letter is quoted

    def _line_break(self, hard: bool = False) -> None:
        """Start a new line; a soft break does nothing at the start of a line."""
        last = next((p for p in reversed(self.parts) if p), "\n")
        if hard or not last.endswith("\n"):
            self.parts.append("\n")

    @property
    def quoted(self) -> bool:
        """True inside a quoted part."""
        return self.cut or bool(self.quotes)

    def _opens_quote(self, tag: str, attrs) -> str | None:
        """``"cut"``, ``"quote"`` or None: what the start tag ``tag`` does to quoting."""
        if tag == "blockquote":
            return "quote"
        values = {k: (v or "") for k, v in attrs if k in ("id", "class", "style")}
        ident = values.get("id", "").lower()
        if ident and any(c in ident for c in _CUT_IDS):
            return "cut"
        if tag == "div" and _OUTLOOK_BORDER.search(values.get("style", "").replace(" ", "")):
            return "cut"
        klass = values.get("class", "").lower()
        if klass and any(c in klass for c in _QUOTE_CLASSES):
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
                self.quotes.append([tag, 1])
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
    Yahoo's ``.yahoo_quoted``, Hotmail's ``<hr id=stopSpelling>`` and Outlook's
    ``#divRplyFwdMsg`` / ``#appendonsend`` to the end) are dropped, or with ``quoted`` kept
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


# --------------------------------------------------------------------------------------------
# Quotes and signatures
# --------------------------------------------------------------------------------------------

_QUOTE_LINE = re.compile(r"^\s*>")

#: Separator lines of a quoted («original») letter, as Outlook, Yahoo, Mail.ru and Yandex
#: write them in their languages.
_ORIGINAL = (
    "Исходное сообщение", "Оригинальное сообщение", "Original Message", "Ursprüngliche Nachricht",
    "Message d['’]origine", "Oorspronkelijk bericht", "Wiadomość oryginalna",
    "Oryginalna wiadomość", "Mensaje original", "Messaggio originale", "Mensagem original",
    "Oprindelig besked", "Opprinnelig melding", "Ursprungligt meddelande", "Alkuperäinen viesti",
    "Původní zpráva", "Вихідне повідомлення", "Оригінальне повідомлення",
)
#: Separator lines of a forwarded letter.
_FORWARDED = (
    "Пересылаемое сообщение", "Перенаправленное сообщение", "Переадресованное сообщение",
    "Пересланное сообщение", "Forwarded message", "Weitergeleitete Nachricht",
    "Message transféré", "Doorgestuurd bericht", "Wiadomość przekazana",
    "Przekazana wiadomość", "Mensaje reenviado", "Messaggio inoltrato",
    "Mensagem encaminhada", "Videresendt meddelelse", "Vidarebefordrat meddelande",
    "Välitetty viesti", "Переслане повідомлення",
)
#: Apple Mail's line before a forwarded letter («Begin forwarded message:»).
_FORWARD_INTRO = (
    "Begin forwarded message", "Anfang der weitergeleiteten (?:E-Mail|Nachricht)",
    "Début du message réexpédié", "Inicio del mensaje reenviado",
    "Начало пересылаемого сообщения", "Начало переадресованного сообщения",
    "Início da mensagem reencaminhada", "Inizio messaggio inoltrato",
)
_CUT_MARKERS = re.compile(
    r"^\s*(?:[-_=]\s*){2,}(?:" + "|".join(_ORIGINAL + _FORWARDED) + r")\s*(?:[-_=]\s*)*:?\s*$"
    r"|^\s*(?:" + "|".join(_FORWARD_INTRO) + r")\s*:\s*$",
    re.IGNORECASE,
)
FORWARD_MARKER = re.compile("|".join(_FORWARDED + _FORWARD_INTRO), re.IGNORECASE)

#: Header names of the quoted letter's header block (Outlook, Outlook.com, Windows Mail,
#: Yahoo, Mail.ru, Thunderbird forwards) in the languages players' clients speak, by kind.
_HEADER_NAMES = {
    "from": ("from", "от", "от кого", "von", "de", "van", "od", "da", "fra", "från",
             "lähettäjä", "feladó", "від", "kimden"),
    "sent": ("sent", "date", "отправлено", "дата", "gesendet", "datum", "envoyé", "envoyé le",
             "verzonden", "wysłano", "data", "enviado", "enviado el", "enviada", "inviato",
             "fecha", "sendt", "skickat", "lähetetty", "päivämäärä", "надіслано", "gönderildi",
             "odesláno", "elküldve"),
    "to": ("to", "кому", "an", "à", "a", "aan", "do", "para", "til", "till", "vastaanottaja",
           "címzett", "komu", "kime"),
    "cc": ("cc", "копия", "kopie", "kopia", "copie", "cópia", "kopio", "másolat"),
    "subject": ("subject", "тема", "betreff", "objet", "sujet", "onderwerp", "temat", "asunto",
                "assunto", "oggetto", "emne", "ämne", "aihe", "tárgy", "předmět", "konu"),
}
_HEADER_KIND = {name: kind for kind, names in _HEADER_NAMES.items() for name in names}
_HEADER_LINE = re.compile(
    r"^\s*\*{0,2}(" + "|".join(sorted(map(re.escape, _HEADER_KIND), key=len, reverse=True))
    + r")\s*\*{0,2}\s*:(?!//)", re.IGNORECASE)
#: A whole header block flattened into one line: «От: … Отправлено: … Кому: …».
_HEADERS_INLINE = re.compile(
    r"\s\*?(?:sent|date|отправлено|дата|gesendet|datum|envoyé|verzonden|wysłano|enviado|inviato)"
    r"\s*:\*?\s*\S.*\s\*?(?:to|кому|an|à|aan|do|para|a)\s*:", re.IGNORECASE)
_OUTLOOK_RULE = re.compile(r"^\s*_{8,}\s*$")
_MOBILE_SIGNATURE = re.compile(
    r"^\s*(?:Отправлено|Sent)\s+(?:с|со|из|from|with|via|using)\b.{0,60}"
    r"(?:iPhone|iPad|Android|Mail\.ru|Почты|Почта|Яндекс|Yandex|Outlook|Samsung|Galaxy|смартфон"
    r"|мобильн|mobile|BlackBerry|Huawei|Xiaomi|Gmail)"
    r"|^\s*(?:Get|Скачайте|Получить|Télécharger|Obtenir|Holen Sie sich|Descargar)\s+Outlook\s+"
    r"(?:for|для|pour|für|para)\s+(?:iOS|Android)"
    r"|^\s*(?:Envoyé de mon|Von meinem \S+ gesendet|Enviado desde mi|Verzonden (?:vanaf|met) mijn"
    r"|Inviato da(?:l mio)?|Wysłane z)\b",
    re.IGNORECASE,
)
_HAS_TIME = re.compile(r"\b\d{1,2}:\d{2}\b")
_HAS_DATE = re.compile(r"\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b|\b\d{4}\b")
#: Verbs of an attribution line («… wrote:») in the languages of players' clients.
_ATTRIB_VERB = (r"(?:wrote|writes|schrieb|schreef|a\s+écrit|écrit|escribió|escreveu|scritto"
                r"|napisał\(a\)|napisała|napisał|pisze|skrev|kirjoitti|пишет|написал\(а\)"
                r"|написала|написал|писал\(а\)|писала|писал|пише|написав|написала)")
_ATTRIB_END = re.compile(r"(?:@[^\s]*>?\)?|" + _ATTRIB_VERB + r")\s*:\s*$", re.IGNORECASE)
_ATTRIB_VERB_RE = re.compile(r"(?<!\w)" + _ATTRIB_VERB + r"(?!\w)", re.IGNORECASE)
#: How attribution lines start in the clients' languages («On …», «Am …», «W dniu …»).
_ATTRIB_START = re.compile(
    r"^(?:On|Am|Le|El|Op|W dniu|Dnia|Il|In data|Em|Den|pe|ma|ti|ke|to|la|su)\s", re.IGNORECASE)


def _is_attribution(line: str) -> bool:
    """True for a reply attribution line: «7.12.2026 21:03, Маруська пишет:», «ср, 4 дек.
    2026 г. в 15:19, Имя <a@b>:», «On … wrote:», «Am … schrieb Max <a@b>:», «Le … a écrit :»,
    «El … escribió:», «W dniu … napisał:», «Op … schreef …:», Mail.ru's «Среда, 4 декабря
    2026, 15:19 +03:00 от Имя <a@b>:», Yandex's «04.12.2026, 15:19, "Имя" <a@b>:»."""
    line = line.strip()
    if not line.endswith(":") or len(line) > 300 or _QUOTE_LINE.match(line):
        return False
    if re.match(r"^On\b.*\bwrote:$", line) or re.match(r"^\S+ пишет:$", line):
        return True
    if re.match(r"^(?:Вы писали|You wrote)\b", line, re.IGNORECASE):  # The Bat!
        return True
    dated = bool(_HAS_TIME.search(line) or _HAS_DATE.search(line))
    if _ATTRIB_END.search(line) and dated:
        return True
    # «Am 4. Dez. 2026 um 15:19 schrieb Max:»: the verb inside, a name after it
    return dated and bool(_ATTRIB_START.match(line)) and bool(_ATTRIB_VERB_RE.search(line))


def _attribution_span(lines: list[str], i: int) -> int:
    """Number of lines (0, 1 or 2) of an attribution starting at ``lines[i]``."""
    if _is_attribution(lines[i]):
        return 1
    if i + 1 < len(lines) and lines[i].strip() and not _QUOTE_LINE.match(lines[i]):
        joined = lines[i].rstrip() + " " + lines[i + 1].strip()
        first = lines[i].strip()
        starts_like = _ATTRIB_START.match(first) or _HAS_TIME.search(first) \
            or _HAS_DATE.search(first)
        if starts_like and _is_attribution(joined) and not _is_attribution(lines[i + 1]) \
                and len(lines[i + 1].strip()) < 120:
            return 2
    return 0


def _header_kind(line: str) -> str | None:
    """The kind (from, sent, to, cc, subject) of a quoted letter's header line, or None."""
    match = _HEADER_LINE.match(line)
    return _HEADER_KIND[match.group(1).lower()] if match else None


def _starts_outlook_block(lines: list[str], i: int) -> bool:
    """True when ``lines[i]`` opens the header block of a quoted letter: a rule of
    underscores before a header line, or header lines (any order, as Outlook, Outlook.com and
    Hotmail write them) with a sender and at least one more kind among the next five lines,
    or the whole block flattened into one line."""
    if _OUTLOOK_RULE.match(lines[i]):
        return any(_header_kind(x) in ("from", "sent") for x in lines[i + 1: i + 3])
    kind = _header_kind(lines[i])
    if kind is None:
        return False
    if kind == "from" and _HEADERS_INLINE.search(lines[i]):
        return True  # the whole block flattened into one line
    kinds = {kind}
    for line in lines[i + 1: i + 6]:
        if not line.strip():
            break
        kinds.add(_header_kind(line) or "")
    return "from" in kinds and len(kinds - {"", "from"}) >= 1


def _is_signature_rule(line: str) -> bool:
    """True for the signature separator: a line "-- " (RFC 3676 §4.3) or a bare "--"."""
    return line.rstrip("\r") in ("-- ", "--")


def strip_quotes(text: str) -> str:
    """The sender's own text of a letter body: quotes, forwards and signatures cut.

    Removed: lines starting with ``>``; reply attribution lines (one or two lines, in the
    languages of :func:`_is_attribution`: «7.12.2026 21:03, Маруська пишет:», «On Mon, Dec 7,
    2026 at 9:03 PM X <a@b> wrote:», «W dniu … napisał:»); mobile signatures («Отправлено с
    iPhone», «Envoyé de mon iPhone»). Cut with everything after them: a mail client's
    attribution (with an address or a date, not a bare «Маруська в 21:03 пишет:») whose next
    non-blank line does not start with ``>`` (the quoted letter follows unmarked);
    separator lines («-----Исходное сообщение-----», «-----Original Message-----»,
    «-----Ursprüngliche Nachricht-----», «-------- Пересылаемое сообщение --------» and
    :data:`_ORIGINAL` / :data:`_FORWARDED` in other languages); the quoted letter's header
    block (Outlook «________» + «От:/Отправлено:/Кому:/Тема:», «From:/Sent:», «Van:/Verzonden:»,
    «De:/Envoyé:», «Von:/Gesendet:», «Od:/Wysłano:», in any order: Hotmail starts with
    «Date:»); the signature separator line "-- ". New text under a ``>`` quote (bottom-posting)
    and between quotes (an interleaved reply) is kept. A dash list («- лечу Буку», «— линч:
    X») and "--" inside a line are kept. The text is cleaned first
    (:func:`engine.textnorm.clean_text`). Leading/trailing blank lines are trimmed, runs of
    blank lines collapse to one.
    """
    text = clean_text(text)  # a marker behind a no-break space or a zero-width space still cuts
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
            head = " ".join(lines[i: i + span])
            i += span
            following = next((x for x in lines[i:] if x.strip()), None)
            if following is not None and not _QUOTE_LINE.match(following) \
                    and ("@" in head or _HAS_DATE.search(head)):
                break  # a mail client's quoted letter follows without «>» (Gmail, Mail.ru)
            continue
        kept.append(line.rstrip())
        i += 1
    out = "\n".join(kept)
    out = re.sub(r"\n{3,}", "\n\n", out)
    return out.strip("\n").strip()
