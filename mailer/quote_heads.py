"""Kinds of plain-text lines that start or mark a quote, in any mail client's language: quoted
lines, attributions, separator lines, header blocks, mobile signatures (the line-level half
of :mod:`mailer.quotes`, which walks a letter with them).
"""

from __future__ import annotations

import re
from functools import lru_cache

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

QUOTE_LINE = re.compile(r"^\s*>")
#: Fido / The Bat! quoting with the quoted author's initials: « ВП> текст», « ВП>> текст».
_FIDO_LINE = re.compile(r"^\s{0,3}([A-ZА-ЯЁ]{1,3})>+(?:\s|$)")

DASHES = "-_=*~\u2010\u2012\u2013\u2014\u2015\u2500\u2501"
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
    rf"^\s*[{DASHES}]{{2,}}\s*(?P<mid>[^{DASHES}]{{3,60}}?)\s*:?\s*[{DASHES}]*\s*:?\s*$")
#: A forward's opening line ending with a colon: «Begin forwarded message:», «Начало
#: пересылаемого сообщения:», «Début du message réexpédié :».
_SEP_COLON = re.compile(r"^\s*(?P<mid>[^:]{3,60}?)\s*:\s*$")
_HAS_MSG_NOUN = re.compile(r"(?<!\w)" + _MSG_NOUN + r"(?!\w)", re.IGNORECASE)
_HAS_ORIG = re.compile(r"(?<!\w)" + _ORIG_WORD + r"(?!\w)", re.IGNORECASE)
HAS_FWD = re.compile(r"(?<!\w)" + _FWD_WORD + r"(?!\w)", re.IGNORECASE)
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
OUTLOOK_RULE = re.compile(r"^\s*_{8,}\s*$")
#: A bare rule line of one dash-like character repeated, three or more: «-----», «_____»,
#: «=====», «*****», «———». Under a quoted letter at the top of a reply, it is where the
#: player who writes under the quote starts his own text.
BARE_RULE = re.compile(r"^\s*([-_=*~\u2012\u2013\u2014\u2015\u2500\u2501])\1{2,}\s*$")

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
#: An e-mail address as heads write it (the pattern, for the other cutters to build on).
ADDRESS = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_ADDRESS = re.compile(r"(?<![\w.+-])" + ADDRESS)


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
    r"|napisal|rašė|rakstīja|kirjutas|έγραψε|пишет|написал(?:\(а\)|а|и)?|писал(?:\(а\)|а|и)?"
    r"|пише|написав(?:\(ла\)|\(-ла\)|ла)?|піша|напісаў(?:\(ла\)|\(-ла\))?|напісала|жазды"
    r"|жазған|написа|написао|写道|寫道|のメッセージ|작성"
    r"|quoting|zitat\s+von|citando|cytuję|cytat\s+od|цитирую|цитата\s+от)")
_ATTRIB_VERB_RE = re.compile(r"(?<!\w)" + _ATTRIB_VERB + r"(?!\w)", re.IGNORECASE)
_VERB_AT_END = re.compile(r"(?<!\w)" + _ATTRIB_VERB + r"\s*$", re.IGNORECASE)
#: Mail.ru's attribution without the address: a time with its UTC offset, then «от Имя:»
#: («Среда, 4 декабря 2026, 15:19 +03:00 от Ведущий:»), as only a mail client writes it.
_OFFSET_FROM = re.compile(
    r"\d{1,2}:\d{2}(?::\d{2})?\s*(?:(?:GMT|UTC)\s*)?[+\-\u2212]\d{2}:?\d{2},?"
    r"\s+(?:от|від|ад|from)\s+[^:：]{1,80}[:：]$", re.IGNORECASE)
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
    15.19:»); «On … wrote:», «Имя пишет:» and The Bat!'s «Вы писали …:» without a date;
    Horde's «Quoting Name <a@b>:» («Zitat von …», «Цитата от …»); Mail.ru's line without the
    address (a time with its UTC offset, then «от Имя:»); a client's line that lost its
    colon (a start word, a date, an address and the verb: «On … Host <a@b> wrote»).
    """
    line = line.strip()
    if len(line) > 300 or QUOTE_LINE.match(line):
        return False
    stripped = line.strip(DASHES + " ")
    if line.endswith((":", "：")):
        body = stripped
    elif stripped != line and len(line) - len(stripped) >= 4:  # «------On … wrote-----»
        body = stripped
    else:
        # a client's line that lost its colon: «On … Host <a@b> wrote», «Am … schrieb Host
        # <a@b>»: a start word, a date, an address and the verb, ending with one of the two
        return bool("@" in line and _ATTRIB_START.match(line) and _has_address(line)
                    and (_has_date(line) or _has_time(line))
                    and (line.endswith(">") and _ATTRIB_VERB_RE.search(line)
                         or _VERB_AT_END.search(line)))
    if re.match(r"^(?:On\b.*\bwrote|\S+ (?:пишет|пише|wrote|writes))\s*[:：]?$", body) \
            or re.match(r"^(?:Вы писали|You wrote)\b", body, re.IGNORECASE):
        return True
    timed = _has_time(body)
    dated = bool(timed or _has_date(body))
    verb = bool(_ATTRIB_VERB_RE.search(body))
    if _has_address(body):
        return dated or verb
    if timed and _has_date(body) and _OFFSET_FROM.search(line):
        return True  # «Среда, 4 декабря 2026, 15:19 +03:00 от Ведущий:» (no address shown)
    return verb and dated


def strong_attribution(head: str) -> bool:
    """True when an attribution is a mail client's, not the player's prose («Маруська в 21:03
    написала:»): it has an address, or a date and a time, or starts like a client's."""
    return _has_address(head) or bool(
        _has_date(head) and (_has_time(head) or _ATTRIB_START.match(head.strip())))


#: Where an attribution may start after the player's text on the same line (a sentence end).
_SENTENCE_END = re.compile(
    r"(?<=[.!?…)»\"'])\s+(?=\S)|\s*-{2,}\s*(?=\S)"
    r"|\s+(?=(?:On|Am|Le|El|Op|Il|Em|Den|På|W\s+dniu)\s)")  # capitalised: a client's start word
#: How an attribution starts after a sentence: a number, a start word, a weekday or month
#: name before a number («Пятница, 4 декабря 2026 …»).
_HEAD_START = re.compile(r"(?:(?:в|во|on|am)\s+)?(?:\d|[^\W\d_]{2,12}\.?,?\s+\d)|"
                         + _ATTRIB_START.pattern[1:], re.IGNORECASE)
#: A date's day and abbreviated month before the split: «13 дек.» / «2026 г. в 20:00, …» is
#: one date, not a sentence that ends.
_DATE_ABBREV = re.compile(r"(?<!\d)\d{1,2}\s+[^\W\d_]{3,5}\.$")


def text_before_attribution(head: str) -> str:
    """The player's text in front of an attribution on the same line («Лечу Бобра. On Fri,
    Dec 4, 2026 at 3:19 PM Host <a@b> wrote:», a letter whose line breaks were lost), or "".
    A head that starts like an attribution («пн, 7 дек. 2026 …», «В четверг, 13 дек. 2026 г.
    в 20:00, …») has no such text, nor does a split inside its date («13 дек.» / «2026 г.»)."""
    if _HEAD_START.match(head):
        return ""
    for match in _SENTENCE_END.finditer(head):
        rest = head[match.end():]
        if rest[:1].isdigit() and _DATE_ABBREV.search(head[:match.start()]):
            continue  # «В четверг, 13 дек. 2026 г. …»: inside the date
        if _HEAD_START.match(rest) and _is_attribution(rest) and strong_attribution(rest):
            return head[:match.start()].rstrip()
    return ""


#: A date cut by the fold after its day: «… schrieb am Do., 3.» / «Dez. 2026, 20:11:».
_DATE_CUT = re.compile(r"(?<!\d)\d{1,2}\.$")


def attribution_span(lines: list[str], i: int) -> int:
    """Number of lines (0 to 3) of an attribution starting at ``lines[i]``: a client folds a
    long one over two or three lines («On … Name <» / «a@b> wrote:», «W dniu … <a@b>» /
    «napisał:»)."""
    first = lines[i].strip()
    if not first or QUOTE_LINE.match(first):
        return 0
    if _is_attribution(first):
        return 1
    # a sentence ends the player's prose, unless it is a date cut after its day, with the
    # rest of the date and the time on the next line («… <a@b> schrieb am Do., 3.» /
    # «Dez. 2026, 20:11:»)
    date_cut = first.endswith(".") and bool(_DATE_CUT.search(first)) and _has_address(first)
    if first.endswith((".", "!", "?", "…")) and not date_cut or not (
            _ATTRIB_START.match(first) or _has_time(first) or _has_date(first)
            or _has_address(first)):
        return 0
    joined = first
    for extra in (1, 2):
        if i + extra >= len(lines):
            return 0
        nxt = lines[i + extra].strip()
        if not nxt or QUOTE_LINE.match(nxt) or len(nxt) > 120 or _is_attribution(nxt):
            return 0
        if date_cut and not (_has_time(nxt) and re.search(r"(?<!\d)(?:19|20)\d{2}(?!\d)", nxt)):
            return 0
        joined = joined + ("" if joined.endswith("<") else " ") + nxt
        if nxt.endswith((":", "：")):
            return extra + 1 if _is_attribution(joined) else 0
    return 0


@lru_cache(maxsize=4096)
def header_kind(line: str) -> str | None:
    """The kind (from, sent, to, cc, subject) of a quoted letter's header line, or None."""
    match = _HEADER_LINE.match(line)
    return _HEADER_KIND[match.group(1).lower()] if match else None


#: A date as a memo gives it, digits only and nothing after it («Дата: 08.12.2026»,
#: «Дата: 08.12.2026 г.»): no client writes the date of sending without its time or words.
_BARE_DATE = re.compile(r"^\s*\d{1,2}[./]\d{1,2}[./]\d{2,4}\s*(?:г\.?|года)?\s*$")


def _memo_dates(block: list[str]) -> bool:
    """True when every dated header line of ``block`` («Дата:», «Отправлено:») holds a bare
    numeric date with no time: the date a player heads his memo with («Кому: Ведущему / От:
    Тацита / Дата: 08.12.2026»), not the time a mail client shows a letter was sent."""
    dated = [_HEADER_LINE.sub("", x, count=1) for x in block if header_kind(x) == "sent"]
    return bool(dated) and all(_BARE_DATE.match(x) for x in dated)


#: A memo's title on the letter's first line («СЛУЖЕБНАЯ ЗАПИСКА», «Рапорт № 3»): a header
#: block right under it is the player's memo head, as at the very top of the letter.
_MEMO_TITLE = re.compile(
    r"^\s*(?:(?:служебная|докладная|объяснительная|пояснительная)\s+записка|рапорт|донесение"
    r"|меморандум|распоряжение|приказ|заявление|memo|memorandum)\s*(?:№\s*\d+)?\s*[.!]?\s*$",
    re.IGNORECASE)


def memo_title(line: str) -> bool:
    """True when ``line`` is only a memo's title («СЛУЖЕБНАЯ ЗАПИСКА», «Рапорт № 3»)."""
    return _MEMO_TITLE.match(line) is not None


def header_block_end(lines: list[str], i: int, top: bool = False) -> int:
    """Index after the quoted letter's header block starting at ``lines[i]``, or 0 when none
    starts there.

    A block is a rule of underscores followed by a header line, or header lines in any order
    (Hotmail starts with «Date:»), wrapped values and blank lines between them allowed (not a
    header after a blank line ends the block), with a sender and at least one
    more kind, and an address, a date or a time in it or three kinds at least; or the whole
    block flattened into one line («От: … Отправлено: … Кому: …»). ``top``: nothing of the
    player's is above the block, where a formal player heads his letter like a memo («Кому:
    Ведущему / От: Тацита / Тема: ходы»): there a block needs what only a client writes, an
    address, a time, or the date it was sent.
    """
    start = i
    if OUTLOOK_RULE.match(lines[i]):
        nxt = next((j for j in range(i + 1, min(i + 3, len(lines))) if lines[j].strip()), None)
        if nxt is None or header_kind(lines[nxt]) not in ("from", "sent", "to", "subject"):
            return 0
        i = nxt
        ruled = True
    else:
        ruled = False
    kind = header_kind(lines[i])
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
        k = header_kind(lines[j])
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
    block = " ".join(lines[start:end])
    if "from" not in kinds:
        # a block that starts with its date («Date: … 00:15:02 -0600» / «To: …»): a full
        # date and time with a second header and an address, or three kinds
        if "sent" in kinds and len(kinds) >= 2 and _has_date(block) and _has_time(block) \
                and (len(kinds) >= 3 or _has_address(block)):
            return end
        return 0
    if len(kinds) < 2:
        return 0
    if _has_address(block) or _has_time(block) or _has_date(block) and (
            not top or "sent" in kinds and not _memo_dates(lines[start:end])):
        return end
    if len(kinds) >= 3 and not top:
        return end
    return 0


@lru_cache(maxsize=4096)
def separator(line: str) -> str | None:
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
    fwd = HAS_FWD.search(mid)
    if not (fwd or _HAS_ORIG.search(mid)):
        return None
    if colon and not fwd and not _HAS_ORIG.search(mid):
        return None
    if _END_WORD.search(mid):
        return "end" if fwd else None
    return "start"


def mobile_signature(line: str) -> bool:
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


def is_signature_rule(line: str) -> bool:
    """True for the signature separator: a line "-- " (RFC 3676 §4.3) or a bare "--"."""
    return line.rstrip("\r") in ("-- ", "--")


def fido_prefixes(lines: list[str]) -> frozenset[str]:
    """Initials of Fido-style quoting («ВП> текст») used by two lines or more."""
    seen: dict[str, int] = {}
    for line in lines:
        if ">" in line[:8]:
            match = _FIDO_LINE.match(line)
            if match:
                seen[match.group(1)] = seen.get(match.group(1), 0) + 1
    return frozenset(p for p, n in seen.items() if n >= 2)


def quoted_line(line: str, fido: frozenset[str]) -> bool:
    """True for a line of a marked quote: «>» first, or a Fido prefix of ``fido``."""
    if QUOTE_LINE.match(line):
        return True
    if fido and ">" in line[:8]:
        match = _FIDO_LINE.match(line)
        return bool(match and match.group(1) in fido)
    return False
