"""The sender's own text: HTML to plain text, quoted replies, forwards and signatures cut.

A move quoted from an earlier letter or forwarded from another player is never the
sender's move, so everything quoted is cut before parsing (DECISIONS.md §8: each letter's
moves are its sender's own). Quote heads are recognised by kind (attribution, separator
line, header block, mobile signature; see the comment above :data:`_QUOTE_LINE`) in any
mail client's language, never by one client's exact string, so a layout no test has seen
is still cut when it is of a known kind.
"""

from __future__ import annotations

import html as html_lib
import re
from functools import lru_cache
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
        style = values.get("style", "")
        if tag == "div" and "padding" in style.lower() and _OUTLOOK_BORDER.search(style):
            return "cut"
        klass = values.get("class", "").lower()
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


# --------------------------------------------------------------------------------------------
# Quotes and signatures
# --------------------------------------------------------------------------------------------
#
# Plain-text quote cutting works by kinds of line, each recognised in any language by its
# shape and a small vocabulary, never by one client's exact string:
#
# * quoted lines: «>» at the start (any depth), or Fido-style initials «ВП>» used by two or
#   more lines;
# * a quote head: an attribution («On … wrote:», «… написал(а):», «пт, 4 дек. 2026 г. в
#   15:19, Имя <a@b>:»; one to three physical lines), a separator line of a quoted or
#   forwarded letter («-----Исходное сообщение-----», «Begin forwarded message:»), a header
#   block («From:/Sent:/To:», «От:/Отправлено:/Кому:», «Von:/Gesendet:» …);
# * a mobile signature («Отправлено с iPhone», «Von meinem iPhone gesendet»);
# * the signature separator «-- » (RFC 3676 §4.3).
#
# A quote head or a mobile signature followed by «>» lines is dropped and the text under the
# quote is kept (bottom-posting, interleaved replies); followed by unmarked text, it cuts the
# rest of the letter (the quoted letter follows without «>»).

_QUOTE_LINE = re.compile(r"^\s*>")
#: Fido / The Bat! quoting with the quoted author's initials: « ВП> текст», « ВП>> текст».
_FIDO_LINE = re.compile(r"^\s{0,3}([A-ZА-ЯЁ]{1,3})>+(?:\s|$)")

_DASHES = "-_=*~\u2010\u2012\u2013\u2014\u2015\u2500\u2501"
#: Nouns of a separator line: message, letter, e-mail in the clients' languages.
_MSG_NOUN = (
    r"(?:message|nachricht|e-?mail|mail|bericht|wiadomo\w*|mensaje|mensagem|messaggio|zpráv\w*"
    r"|správ\w*|ileti\w*|mesaj\w*|meddel\w*|besked|melding|viesti\w*|üzenet|poruk\w*"
    r"|sporočil\w*|brev\w*|сообщени\w*|письм\w*|повідомлен\w*|лист\w*|паведамлен\w*"
    r"|хабар\w*|хат\w*)")
#: Qualifiers of a separator line: original …, forwarded ….
_ORIG_WORD = (
    r"(?:original\w*|origine|ursprüngl\w*|oorspronk\w*|oryginaln\w*|oprindel\w*|opprinnel\w*"
    r"|ursprungl\w*|alkuperäi\w*|původní|pôvodn\w*|eredeti|izvorn\w*|orijinal|özgün"
    r"|исходн\w*|оригинальн\w*|первоначальн\w*|вихідн\w*|оригінальн\w*|зыходн\w*"
    r"|арыгінальн\w*|reply|antwort)")
_FWD_WORD = (
    r"(?:forward\w*|weitergeleitet\w*|transféré|réexpédié|reenviad\w*|inoltrat\w*"
    r"|encaminhad\w*|reencaminhad\w*|przekazan\w*|przekazywan\w*|přeposlan\w*|preposlan\w*"
    r"|doorgestuurd\w*|vidarebefordr\w*|videresend\w*|välitet\w*|İletilen|iletilen"
    r"|yönlendiril\w*|továbbított|proslijeđen\w*|пересыла\w*|переслан\w*|переадресован\w*"
    r"|перенаправлен\w*|пересилан\w*|пераслан\w*|жіберілген)")
#: A separator line wrapped in dashes: «-----Исходное сообщение-----», «-------- Forwarded
#: message ---------», «----- Původní zpráva -----».
_SEP_DASHED = re.compile(
    rf"^\s*[{_DASHES}]{{2,}}\s*(?P<mid>[^{_DASHES}]{{3,60}}?)\s*:?\s*[{_DASHES}]*\s*:?\s*$")
#: A forward's opening line ending with a colon: «Begin forwarded message:», «Начало
#: пересылаемого сообщения:», «Début du message réexpédié :».
_SEP_COLON = re.compile(r"^\s*(?P<mid>[^:]{3,60}?)\s*:\s*$")
_HAS_MSG_NOUN = re.compile(r"(?<!\w)" + _MSG_NOUN + r"(?!\w)", re.IGNORECASE)
_HAS_ORIG = re.compile(r"(?<!\w)" + _ORIG_WORD + r"(?!\w)", re.IGNORECASE)
_HAS_FWD = re.compile(r"(?<!\w)" + _FWD_WORD + r"(?!\w)", re.IGNORECASE)
_END_WORD = re.compile(r"(?<!\w)(?:конец|кінець|канец|end|ende|fin|fine|koniec|konec|einde"
                       r"|slut|loppu|sonu)(?!\w)", re.IGNORECASE)
#: Anything that names a forwarded letter (a note for the host, see :mod:`mailer.decode`).
FORWARD_MARKER = re.compile(
    r"(?<!\w)" + _FWD_WORD + r"\s+(?:\w+\s+)?" + _MSG_NOUN + r"(?!\w)|(?<!\w)" + _MSG_NOUN
    + r"\s+(?:\w+\s+)?" + _FWD_WORD + r"(?!\w)", re.IGNORECASE)

#: Header names of the quoted letter's header block (Outlook, Outlook.com, Windows Mail,
#: Yahoo, Mail.ru, Samsung, Thunderbird forwards) in the clients' languages, by kind.
_HEADER_NAMES = {
    "from": ("from", "от", "от кого", "отправитель", "від", "від кого", "відправник", "ад",
             "ад каго", "кімнен", "von", "absender", "de", "de la", "van", "afzender", "od",
             "nadawca", "odesílatel", "da", "mittente", "remitente", "remetente", "fra", "från",
             "lähettäjä", "feladó", "kimden", "šalje", "pošiljatelj"),
    "sent": ("sent", "date", "отправлено", "дата", "надіслано", "відправлено", "дата",
             "адпраўлена", "даслана", "күні", "жіберілген", "gesendet", "datum", "envoyé",
             "envoyé le", "date d'envoi", "verzonden", "verstuurd", "wysłano", "wysłane", "data",
             "enviado", "enviado el", "enviada", "enviados", "inviato", "fecha", "sendt",
             "skickat", "lähetetty", "päivämäärä", "gönderildi", "gönderilme", "tarih",
             "odesláno", "odoslané", "dátum", "elküldve", "trimis", "poslano", "received"),
    "to": ("to", "кому", "каму", "кімге", "an", "à", "a", "aan", "do", "para", "til", "till",
           "vastaanottaja", "címzett", "komu", "kime", "către", "prima", "adresat",
           "destinatario"),
    "cc": ("cc", "bcc", "копия", "копія", "копія", "скрытая копия", "kopie", "kopia", "copie",
           "cópia", "copia", "cco", "cci", "kopio", "másolat", "bilgi", "reply-to",
           "antwort an", "répondre à", "responder a", "ответить"),
    "subject": ("subject", "тема", "тэма", "тақырып", "betreff", "objet", "sujet", "onderwerp",
                "temat", "asunto", "assunto", "oggetto", "emne", "ämne", "aihe", "tárgy",
                "předmět", "predmet", "konu", "subiect"),
}
_HEADER_KIND = {name: kind for kind, names in _HEADER_NAMES.items() for name in names}
_HEADER_LINE = re.compile(
    r"^\s*\*{0,2}(" + "|".join(sorted(map(re.escape, _HEADER_KIND), key=len, reverse=True))
    + r")\s*\*{0,2}\s*:\*{0,2}(?!//)", re.IGNORECASE)
_FLAT_SENT = ("sent", "date", "отправлено", "дата", "надіслано", "gesendet", "datum", "envoyé",
              "verzonden", "wysłano", "enviado", "inviato", "skickat", "sendt", "odesláno",
              "gönderildi", "lähetetty", "data", "fecha")
_FLAT_TO = ("to", "кому", "an", "à", "aan", "do", "para", "a", "till", "til", "komu", "kime")
#: A whole header block flattened into one line: «От: … Отправлено: … Кому: …».
_HEADERS_INLINE = re.compile(
    r"\s\*?(?:" + "|".join(_FLAT_SENT) + r")\s*:\*?\s*\S.*\s\*?(?:" + "|".join(_FLAT_TO)
    + r")\s*:", re.IGNORECASE)
_OUTLOOK_RULE = re.compile(r"^\s*_{8,}\s*$")

#: «Sent from …» at the start of a mobile signature, in the clients' languages.
_SENT_START = re.compile(
    r"^\s*[^\w\s]{0,3}\s*(?:Сообщение\s+)?(?:Отправлено|Послано|Надіслано|Відправлено"
    r"|Адпраўлена|Даслана|Sent|Gesendet|Envoyé|Enviado|Enviada|Inviato|Wysłane|Wysłano"
    r"|Odesláno|Odoslané|Verzonden|Verstuurd|Skickat|Sendt|Lähetetty|Trimis|Στάλθηκε"
    r"|Elküldve|Poslano|Poslato)(?:\s+[^\s,;!?]+){1,8}\s*$", re.IGNORECASE)
#: «… gesendet» at the end of one (German, Turkish, Kazakh, Hungarian, Japanese, Chinese).
_SENT_END = re.compile(
    r"^\s*(?:[^\s,;!?]+\s+){1,8}(?:gesendet|gönderildi|жіберілді|küldve)[.!]?\s*$"
    r"|^\s*[^,;!?]{1,40}(?:から送信|发送|發送)\s*$", re.IGNORECASE)
#: A device, mail app or «phone» word: a «Sent …» line without one is the player's prose.
_DEVICE = re.compile(
    r"iPhon|iPad|iPod|Android|Galaxy|Samsung|Huawei|Honor|Xiaomi|Redmi|POCO|OnePlus"
    r"|Pixel|Nokia|BlackBerry|Xperia|Motorola|Oppo|Vivo|Realme|Mail\.ru|Яндекс|Yandex"
    r"|Outlook|Gmail|Yahoo|AOL|Spark|BlueMail|Thunderbird|Proton|Tutanota|Mail|WEB\.DE|GMX"
    r"|Rambler|Рамблер|Windows|Tapatalk|смартфон|телефон|мобильн|мобільн|устройств|пристро"
    r"|планшет|smartphone|smartfon|phone|mobil|Handy|móvil|cellulare|celular|telefon|téléphone"
    r"|teléfono|puhelim|tablet|device|appareil|dispositivo|Gerät|urządzeni|zařízení"
    r"|құрылғы|akıllı",
    re.IGNORECASE)
#: Outlook's «Get Outlook for iOS / Android» line in the clients' languages.
_GET_OUTLOOK = re.compile(
    r"^\s*(?:Get|Download|Obtenir|Télécharger|Holen\s+Sie\s+sich|Descargar|Descarga|Obtener"
    r"|Scarica|Ottieni|Baixe|Baixar|Obter|Pobierz|Stáhnout|Získat|Stiahnuť|Получить|Получите"
    r"|Скачайте|Скачать|Загрузите|Завантажте|Завантажити|Отримати|Hämta|Hent|Lataa|Haal)"
    r"\b.{0,30}?\bOutlook\b.{0,30}?\b(?:iOS|Android)\s*$", re.IGNORECASE)
_LINK = re.compile(r"\s*[<(\[]?(?:https?://|www\.)\S*[>)\]]?")
#: A word every mobile signature line holds, lower case (a cheap test before the full ones).
_SIG_HINT = re.compile(
    r"отправлено|послано|надіслано|відправлено|адпраўлена|даслана|sent|gesendet|envoy|envia"
    r"|inviato|wysła|odesl|odosl|verzonden|verstuurd|skickat|sendt|lähetetty|trimis|στάλθηκε"
    r"|elküldve|poslan|poslat|gönderildi|жіберілді|küldve|送信|发送|發送|outlook")

_HAS_TIME = re.compile(
    r"(?<!\d)\d{1,2}:\d{2}(?!\d)|(?<!\w)(?:klo|kl\.?|kello|kello)\s*\d{1,2}[.:]\d{2}(?!\d)",
    re.IGNORECASE)
_HAS_DATE = re.compile(
    r"(?<!\d)\d{1,2}\.?\s?[./-]\s?\d{1,2}\.?\s?[./-]\s?\d{2,4}(?!\d)|(?<!\d)(?:19|20)\d{2}(?!\d)")
_ADDRESS = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


_DIGIT = re.compile(r"\d")


def _has_time(text: str) -> bool:
    """True when ``text`` holds a time of day («15:19», «klo 15.19»)."""
    return _DIGIT.search(text) is not None and _HAS_TIME.search(text) is not None


def _has_date(text: str) -> bool:
    """True when ``text`` holds a date («4.12.2026», «04/12/26») or a year («2026»)."""
    return _DIGIT.search(text) is not None and _HAS_DATE.search(text) is not None


def _has_address(text: str) -> bool:
    """True when ``text`` holds an e-mail address (the «@» test first: cheap)."""
    return "@" in text and _ADDRESS.search(text) is not None
#: Verbs of an attribution line («… wrote:») in the clients' languages.
_ATTRIB_VERB = (
    r"(?:wrote|writes|schrieb|geschrieben|schreef|a\s+écrit|écrit|escribió|escreveu"
    r"|(?:ha\s+)?scritto|napisał(?:\(a\)|a)?|pisze|napsal(?:\(a\)|a)?|napísal(?:\(a\)|a)?"
    r"|píše|skrev|kirjoitti|(?:şunu\s+|şunları\s+)?yazdı|írta|a\s+scris|napisao|napisala"
    r"|napisal|rašė|rakstīja|kirjutas|έγραψε|пишет|написал(?:\(а\)|а)?|писал(?:\(а\)|а)?"
    r"|пише|написав(?:\(ла\)|\(-ла\)|ла)?|піша|напісаў(?:\(ла\)|\(-ла\))?|напісала|жазды"
    r"|жазған|написа|написао|写道|寫道|のメッセージ|작성)")
_ATTRIB_VERB_RE = re.compile(r"(?<!\w)" + _ATTRIB_VERB + r"(?!\w)", re.IGNORECASE)
#: How attribution lines start in the clients' languages («On …», «Am …», «W dniu …»).
_ATTRIB_START = re.compile(
    r"^(?:On|Am|Le|El|Op|W\s+dniu|Dnia|Il|Il\s+giorno|In\s+data|Em|Den|På|Dne|pe|ma|ti|ke|to"
    r"|la|su|Στις|пн|вт|ср|чт|пт|сб|вс|нд)[\s,.]", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _is_attribution(line: str) -> bool:
    """True for a reply attribution line, in any client's language.

    Kinds (the line ends with «:», or is wrapped in dashes): an e-mail address with a date,
    a time or an attribution verb (Gmail in every language: «пт, 4 дек. 2026 г. в 15:19,
    Имя <a@b>:»; Yandex «04.12.2026, 15:19, "Имя" <a@b>:»; Mail.ru «Пятница, 4 декабря 2026,
    15:19 +03:00 от Имя <a@b>:»; «Name <a@b> schrieb:»); an attribution verb of
    :data:`_ATTRIB_VERB` with a date or a time («On … wrote:», «7.12.2026 21:03, Маруська
    пишет:», «Am … schrieb Max:», «El … escribió:», «Il giorno … ha scritto:», «Em …
    escreveu:», «Dne … napsal(a):», «… tarihinde … yazdı:», «Name kirjoitti 4.12.2026 klo
    15.19:»); «On … wrote:», «Имя пишет:» and The Bat!'s «Вы писали …:» without a date.
    """
    line = line.strip()
    if len(line) > 300 or _QUOTE_LINE.match(line):
        return False
    stripped = line.strip(_DASHES + " ")
    if line.endswith((":", "：")):
        body = stripped
    elif stripped != line and len(line) - len(stripped) >= 4:  # «------On … wrote-----»
        body = stripped
    else:
        return False
    if re.match(r"^(?:On\b.*\bwrote|\S+ (?:пишет|пише|wrote|writes))\s*[:：]?$", body) \
            or re.match(r"^(?:Вы писали|You wrote)\b", body, re.IGNORECASE):
        return True
    dated = bool(_has_time(body) or _has_date(body))
    verb = bool(_ATTRIB_VERB_RE.search(body))
    if _has_address(body):
        return dated or verb
    return verb and dated


def _strong_attribution(head: str) -> bool:
    """True when an attribution is a mail client's, not the player's prose («Маруська в 21:03
    написала:»): it has an address, or a date and a time, or starts like a client's."""
    return _has_address(head) or bool(
        _has_date(head) and (_has_time(head) or _ATTRIB_START.match(head.strip())))


#: Where an attribution may start after the player's text on the same line (a sentence end).
_SENTENCE_END = re.compile(r"(?<=[.!?…)»\"'])\s+(?=\S)")
#: How an attribution starts after a sentence: a number, a start word, a weekday or month
#: name before a number («Пятница, 4 декабря 2026 …»).
_HEAD_START = re.compile(r"\d|[^\W\d_]{2,12}\.?,?\s+\d|" + _ATTRIB_START.pattern[1:],
                         re.IGNORECASE)


def _text_before_attribution(head: str) -> str:
    """The player's text in front of an attribution on the same line («Лечу Бобра. On Fri,
    Dec 4, 2026 at 3:19 PM Host <a@b> wrote:», a letter whose line breaks were lost), or "".
    A head that starts like an attribution («пн, 7 дек. 2026 …») has no such text."""
    if _HEAD_START.match(head):
        return ""
    for match in _SENTENCE_END.finditer(head):
        rest = head[match.end():]
        if _HEAD_START.match(rest) and _is_attribution(rest) and _strong_attribution(rest):
            return head[:match.start()].rstrip()
    return ""


def _attribution_span(lines: list[str], i: int) -> int:
    """Number of lines (0 to 3) of an attribution starting at ``lines[i]``: a client folds a
    long one over two or three lines («On … Name <» / «a@b> wrote:», «W dniu … <a@b>» /
    «napisał:»)."""
    first = lines[i].strip()
    if not first or _QUOTE_LINE.match(first):
        return 0
    if _is_attribution(first):
        return 1
    if first.endswith((".", "!", "?", "…")) or not (
            _ATTRIB_START.match(first) or _has_time(first) or _has_date(first)
            or _has_address(first)):
        return 0
    joined = first
    for extra in (1, 2):
        if i + extra >= len(lines):
            return 0
        nxt = lines[i + extra].strip()
        if not nxt or _QUOTE_LINE.match(nxt) or len(nxt) > 120 or _is_attribution(nxt):
            return 0
        joined = joined + ("" if joined.endswith("<") else " ") + nxt
        if nxt.endswith((":", "：")):
            return extra + 1 if _is_attribution(joined) else 0
    return 0


@lru_cache(maxsize=4096)
def _header_kind(line: str) -> str | None:
    """The kind (from, sent, to, cc, subject) of a quoted letter's header line, or None."""
    match = _HEADER_LINE.match(line)
    return _HEADER_KIND[match.group(1).lower()] if match else None


def _header_block_end(lines: list[str], i: int) -> int:
    """Index after the quoted letter's header block starting at ``lines[i]``, or 0 when none
    starts there.

    A block is a rule of underscores followed by a header line, or header lines in any order
    (Hotmail starts with «Date:»), wrapped values and blank lines between them allowed (not a
    header after a blank line ends the block), with a sender and at least one
    more kind, and an address, a date or a time in it or three kinds at least; or the whole
    block flattened into one line («От: … Отправлено: … Кому: …»).
    """
    start = i
    if _OUTLOOK_RULE.match(lines[i]):
        nxt = next((j for j in range(i + 1, min(i + 3, len(lines))) if lines[j].strip()), None)
        if nxt is None or _header_kind(lines[nxt]) not in ("from", "sent", "to", "subject"):
            return 0
        i = nxt
        ruled = True
    else:
        ruled = False
    kind = _header_kind(lines[i])
    if kind is None:
        return 0
    if kind == "from" and lines[i].count(":") >= 3 and _HEADERS_INLINE.search(lines[i][:500]):
        return i + 1
    kinds = {kind}
    end = i + 1
    loose = 0
    after_blank = False
    for j in range(i + 1, min(i + 12, len(lines))):
        if not lines[j].strip():
            after_blank = True  # some clients put a blank line between the header lines
            continue
        k = _header_kind(lines[j])
        if k is None:
            loose += 1
            if after_blank or loose > 2:
                break  # the quoted letter's text, or too much that is no header
            continue
        kinds.add(k)
        end = j + 1
        after_blank = False
    if ruled and ("from" in kinds or "sent" in kinds):
        return end
    if "from" not in kinds or len(kinds) < 2:
        return 0
    block = " ".join(lines[start:end])
    if len(kinds) >= 3 or _has_address(block) or _has_time(block) \
            or _has_date(block):
        return end
    return 0


@lru_cache(maxsize=4096)
def _separator(line: str) -> str | None:
    """``"start"`` for the separator line of a quoted or forwarded letter, ``"end"`` for the
    end of a forwarded one («-------- Конец пересылаемого сообщения --------»), else None.

    Kinds: a short phrase wrapped in dashes naming the original or forwarded message in any
    language («-----Исходное сообщение-----», «-----Original Message-----», «-----Ursprüngliche
    Nachricht-----», «-------- Пересылаемое сообщение --------», «---------- Forwarded message
    ---------», «----- Původní zpráva -----»), or a short line ending with a colon that names
    a forwarded message («Begin forwarded message:», «Начало пересылаемого сообщения:»,
    «Début du message réexpédié :», «Inicio del mensaje reenviado:»).
    """
    match = _SEP_DASHED.match(line)
    colon = False
    if not match:
        match = _SEP_COLON.match(line)
        colon = True
        if not match:
            return None
    mid = match.group("mid")
    if len(mid.split()) > 6 or not _HAS_MSG_NOUN.search(mid):
        return None
    fwd = _HAS_FWD.search(mid)
    if not (fwd or _HAS_ORIG.search(mid)):
        return None
    if colon and not fwd and not _HAS_ORIG.search(mid):
        return None
    if _END_WORD.search(mid):
        return "end" if fwd else None
    return "start"


def _mobile_signature(line: str) -> bool:
    """True for a mobile client's signature line: «Отправлено с iPhone», «Sent from my
    Galaxy», «Отправлено из мобильной Почты Mail.ru», «Enviado desde mi Samsung», «Von meinem
    iPhone gesendet», «Надіслано з iPhone», «iPhone'umdan gönderildi», «Получить Outlook для
    Android»: a short line that starts (or, in German, Turkish, Kazakh, ends) with «sent» and
    names a device or mail app, a link allowed at its end. A longer sentence («Отправлено с
    iPhone, так что простите опечатки») is the player's prose."""
    if len(line) > 160 or line.count(" ") > 14 or not _SIG_HINT.search(line.lower()):
        return False
    text = _LINK.sub("", line).strip()
    if not text:
        return False
    if _GET_OUTLOOK.match(text):
        return True
    return bool((_SENT_START.match(text) or _SENT_END.match(text)) and _DEVICE.search(text))


def _is_signature_rule(line: str) -> bool:
    """True for the signature separator: a line "-- " (RFC 3676 §4.3) or a bare "--"."""
    return line.rstrip("\r") in ("-- ", "--")


def _fido_prefixes(lines: list[str]) -> frozenset[str]:
    """Initials of Fido-style quoting («ВП> текст») used by two lines or more."""
    seen: dict[str, int] = {}
    for line in lines:
        if ">" in line[:8]:
            match = _FIDO_LINE.match(line)
            if match:
                seen[match.group(1)] = seen.get(match.group(1), 0) + 1
    return frozenset(p for p, n in seen.items() if n >= 2)


def _quoted_line(line: str, fido: frozenset[str]) -> bool:
    """True for a line of a marked quote: «>» first, or a Fido prefix of ``fido``."""
    if _QUOTE_LINE.match(line):
        return True
    if fido and ">" in line[:8]:
        match = _FIDO_LINE.match(line)
        return bool(match and match.group(1) in fido)
    return False


def _quote_head(lines: list[str], i: int, colon: list[bool] | None = None
                ) -> tuple[int, bool] | None:
    """A quote head at ``lines[i]``: (index after it, strong) or None.

    Heads: a separator line (with the header block or attribution right under it), a header
    block, an attribution of one to three lines. ``strong``: the head is a mail client's, so
    unmarked text under it is the quoted letter (a weak head, the player's «Маруська в 21:03
    написала:», only drops its own line).
    """
    line = lines[i]
    stripped = line.strip()
    if not stripped:
        return None
    # cheap test first: every head has a colon, a dash rule, or a colon on the next lines
    if colon is None:
        colon = [":" in x or "：" in x for x in lines[i: i + 3]]
        i0 = 0
    else:
        i0 = i
    if stripped[0] not in _DASHES and not any(colon[i0: i0 + 3]):
        return None
    kind = _separator(line)
    if kind == "start":
        end = i + 1
        nxt = _next_text(lines, end)
        if nxt is not None:
            block = _header_block_end(lines, nxt)
            span = 0 if block else _attribution_span(lines, nxt)
            end = block or (nxt + span if span else end)
        return end, True
    block = _header_block_end(lines, i)
    if block:
        return block, True
    span = _attribution_span(lines, i)
    if span:
        return i + span, _strong_attribution(" ".join(lines[i: i + span]))
    return None


def _head_prefix(lines: list[str], i: int, end: int) -> str:
    """The player's own text in front of the quote head ``lines[i:end]`` on its first line
    (only an attribution shares a line with it), or ""."""
    if _separator(lines[i]) or _header_kind(lines[i]) or _OUTLOOK_RULE.match(lines[i]):
        return ""
    prefix = _text_before_attribution(" ".join(x.strip() for x in lines[i:end]))
    return prefix if len(prefix) < len(lines[i].strip()) else ""


def _next_text(lines: list[str], i: int) -> int | None:
    """Index of the first non-blank line at or after ``i``, or None."""
    for j in range(i, len(lines)):
        if lines[j].strip():
            return j
    return None


def _forward_end(lines: list[str], i: int) -> int | None:
    """Index after the end marker of a forwarded letter at or after ``i``, or None."""
    for j in range(i, len(lines)):
        if _separator(lines[j]) == "end":
            return j + 1
    return None


def strip_quotes(text: str) -> str:
    """The sender's own text of a letter body: quotes, forwards and signatures cut.

    Recognised by kind in any client's language (see the kinds above :data:`_QUOTE_LINE`):
    quoted lines («>», Fido initials) are dropped; a quote head (an attribution of one to
    three lines, «On … wrote:», «пт, 4 дек. 2026 г. в 15:19, Имя <a@b>:», «W dniu …
    napisał:»; a separator line, «-----Исходное сообщение-----», «-------- Пересылаемое
    сообщение --------», «Begin forwarded message:»; a header block, «________» +
    «От:/Отправлено:/Кому:/Тема:», «From:/Sent:», «Von:/Gesendet:», «De :/Envoyé :»,
    «Van:/Verzonden:», «Od:/Wysłano:», in any order) and a mobile signature («Отправлено с
    iPhone», «Sent from my Galaxy», «Von meinem iPhone gesendet») are dropped when «>» lines
    follow them, so new text under a quote (bottom-posting) and between quotes (an
    interleaved reply) is kept; when unmarked text follows, they cut the rest of the letter
    (a forward is cut up to its end marker, «Конец пересылаемого сообщения», text under
    which is kept). The player's own prose attribution («Маруська в 21:03 написала:», no
    address, date and time) drops only its own line. The signature separator line "-- " cuts
    the rest. A dash list («- лечу Буку», «— линч: X»), "--" inside a line and «>» inside a
    line («Вор > Кузя») are kept. The text is cleaned first
    (:func:`engine.textnorm.clean_text`). Leading/trailing blank lines are trimmed, runs of
    blank lines collapse to one.
    """
    text = clean_text(text)  # a marker behind a no-break space or a zero-width space still cuts
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    fido = _fido_prefixes(lines)
    colon = [":" in x or "：" in x for x in lines]
    kept: list[str] = []
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        if _quoted_line(line, fido):
            i += 1
            continue
        if _is_signature_rule(line):
            break
        head = _quote_head(lines, i, colon)
        if head is not None:
            end, strong = head
            prefix = _head_prefix(lines, i, end) if strong else ""
            if prefix:
                kept.append(prefix)
            nxt = _next_text(lines, end)
            if nxt is None:
                break
            if _quoted_line(lines[nxt], fido) or not strong:
                i = end  # «>» lines follow (or the player's own «X написал:»): keep going
                continue
            if _separator(line) == "start" and _HAS_FWD.search(line):
                resume = _forward_end(lines, end)
                if resume is not None:
                    i = resume
                    continue
            break  # a mail client's quoted letter follows without «>»
        if _mobile_signature(line):
            nxt = _next_text(lines, i + 1)
            if nxt is not None and (_quoted_line(lines[nxt], fido)
                                    or _quote_head(lines, nxt, colon) is not None):
                i += 1
                continue
            break
        kept.append(line.rstrip())
        i += 1
    out = "\n".join(kept)
    out = re.sub(r"\n{3,}", "\n\n", out)
    return out.strip("\n").strip()
