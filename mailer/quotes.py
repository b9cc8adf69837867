"""The sender's own text: HTML to plain text, quoted replies, forwards and signatures cut.

A move quoted from an earlier letter or forwarded from another player is never the
sender's move, so everything quoted is cut before parsing (DECISIONS.md §8: each letter's
moves are its sender's own). Quote heads are recognised by kind (attribution, separator
line, header block, mobile signature; see :mod:`mailer.quote_heads`) in any
mail client's language, never by one client's exact string, so a layout no test has seen
is still cut when it is of a known kind.
"""

from __future__ import annotations

import re
from typing import Iterable, NamedTuple

from engine.textnorm import QUOTE_MARK, clean_text, cut_forum_quotes

from .quote_heads import (
    ADDRESS, QUOTE_LINE,
    BARE_RULE, DASHES, FORWARD_MARKER, HAS_FWD, OUTLOOK_RULE, attribution_span, fido_prefixes,
    header_block_end, header_kind, is_signature_rule, memo_title, mobile_signature, quoted_line,
    separator, strong_attribution, text_before_attribution,
)
from .quote_html import html_to_text

__all__ = ["html_to_text", "strip_quotes", "cut_quotes", "QuoteCut", "quoted_text", "FORWARD_MARKER"]


def _quote_head(lines: list[str], i: int, colon: list[bool] | None = None,
                top: bool = False) -> tuple[int, bool] | None:
    """A quote head at ``lines[i]``: (index after it, strong) or None. ``top``: nothing of
    the player's is above it (see :func:`mailer.quote_heads.header_block_end`).

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
    if stripped[0] not in DASHES and not any(colon[i0: i0 + 3]):
        return None
    kind = separator(line)
    if kind == "start":
        end = i + 1
        nxt = _next_text(lines, end)
        if nxt is not None:
            block = header_block_end(lines, nxt)
            span = 0 if block else attribution_span(lines, nxt)
            end = block or (nxt + span if span else end)
        return end, True
    block = header_block_end(lines, i, top)
    if block:
        return block, True
    span = attribution_span(lines, i)
    if span:
        return i + span, strong_attribution(" ".join(lines[i: i + span]))
    return None


def _head_prefix(lines: list[str], i: int, end: int) -> str:
    """The player's own text in front of the quote head ``lines[i:end]`` on its first line
    (only an attribution shares a line with it), or ""."""
    if separator(lines[i]) or header_kind(lines[i]) or OUTLOOK_RULE.match(lines[i]):
        return ""
    prefix = text_before_attribution(" ".join(x.strip() for x in lines[i:end]))
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
        if separator(lines[j]) == "end":
            return j + 1
    return None


def _rule_after(lines: list[str], i: int) -> int | None:
    """Index after the first bare rule line («-----», «_____») at or after ``i`` that has the
    quoted letter's text above it and any text under it, or None."""
    seen_text = False
    for j in range(i, len(lines)):
        line = lines[j]
        if BARE_RULE.match(line):
            if seen_text and _next_text(lines, j + 1) is not None:
                return j + 1
            continue
        if line.strip():
            seen_text = True
    return None


#: Markup that says a plain-text body is HTML: a block tag closed, a quote block, a line break.
_HTML_MARKUP = re.compile(r"(?i)</(?:div|p|blockquote)>|<blockquote\b|<br\s*/?>")
#: Any HTML tag of the kinds a mail client writes.
_HTML_TAG = re.compile(r"(?i)</?(?:div|p|br|blockquote|span|b|i|u|font|a)\b[^<>]*>")


class QuoteCut(NamedTuple):
    """What :func:`cut_quotes` made of a letter body: the sender's own ``text``, and
    ``unmarked``: the head («… написал:», a header block) of the first quote without «>» marks
    it cut or skipped («» when none), which the reply names so the player knows that the
    text under it was read as a quote."""

    text: str
    unmarked: str = ""


def strip_quotes(text: str, known: Iterable[str] = ()) -> str:
    """The sender's own text of a letter body (:func:`cut_quotes`)."""
    return cut_quotes(text, known).text


def cut_quotes(text: str, known: Iterable[str] = ()) -> QuoteCut:
    """The sender's own text of a letter body: quotes, forwards and signatures cut.

    Recognised by kind in any client's language (see the kinds above :data:`QUOTE_LINE`):
    quoted lines («>», Fido initials) are dropped; a quote head (an attribution of one to
    three lines, «On … wrote:», «пт, 4 дек. 2026 г. в 15:19, Имя <a@b>:», «W dniu …
    napisał:»; a separator line, «-----Исходное сообщение-----», «-------- Пересылаемое
    сообщение --------», «Begin forwarded message:»; a header block, «________» +
    «От:/Отправлено:/Кому:/Тема:», «From:/Sent:», «Von:/Gesendet:», «De :/Envoyé :»,
    «Van:/Verzonden:», «Od:/Wysłano:», in any order) and a mobile signature («Отправлено с
    iPhone», «Sent from my Galaxy», «Von meinem iPhone gesendet») are dropped when «>» lines
    follow them, so new text under a quote (bottom-posting) and between quotes (an
    interleaved reply) is kept; when unmarked text follows, they cut the rest of the letter
    (a forward is cut up to its end marker, «Конец пересылаемого сообщения», or up to a
    bare rule line under the forwarded text, text under which is kept; an unmarked quote that opens the letter, nothing of the player's above
    it, is cut up to the first bare rule line under its text, «-----», «_____», the player
    bottom-posting under the quote, and text under that rule is kept). The player's own prose attribution («Маруська в 21:03 написала:», no
    address, date and time) drops only its own line. The signature separator line "-- " cuts
    the rest. A dash list («- лечу Буку», «— линч: X»), "--" inside a line and «>» inside a
    line («Вор > Кузя») are kept. A forum post pasted as a BBCode quote block
    («[quote="Ник"]…[/quote]», any forum's dialect, nested, inline) is cut
    (:func:`engine.textnorm.cut_forum_quotes`). An HTML body sent as plain text (block tags,
    ``<blockquote>``) is read as its visible text first (:func:`html_to_text`, its quote
    blocks cut). An answer under a quoted question of the host's form, with no move word of
    its own, gets the question as its heading (:func:`_form_question`: «> Голос на линч?» /
    «Ёжик» is «Голос на линч: Ёжик»). The text is cleaned first
    (:func:`engine.textnorm.clean_text`). Leading/trailing blank lines are trimmed, runs of
    blank lines collapse to one.

    ``known``: the letters the game sent this player (:mod:`mailer.own_letters`). An unmarked
    quote under a mail client's head that is one of them, pasted whole, shortened or
    rewrapped, ends where the text stops matching it (:func:`_known_quote_end`): the player's
    own text under it is kept («В четверг, 13 дек. 2026 г. в 20:00, Ведущий <…> написал:», the
    host's reply without «>», then «Ок, понял. Сегодня МО Чебурашка»). A quote of any other
    letter is still cut to the end.
    """
    known = [k for k in known if k and k.strip()]
    if _HTML_MARKUP.search(text) and len(_HTML_TAG.findall(text)) >= 2:
        # an HTML body sent as plain text («<div>…</div><blockquote>…</blockquote>»): its
        # quoted blocks marked «> » and cut as a plain-text reply's (issue 11)
        text = html_to_text(text, quoted=True)
    text = clean_text(text)  # a marker behind a no-break space or a zero-width space still cuts
    text = cut_forum_quotes(text)  # a forum post pasted in BBCode, «[quote="Ник"]…[/quote]»
    text = cut_pasted_posts(text)  # forum posts copied from the page, «Ник писал(а):» + text
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    fido = fido_prefixes(lines)
    colon = [":" in x or "：" in x for x in lines]
    kept: list[str] = []
    unmarked = ""  # the head of the first unmarked quote cut (see QuoteCut)
    own = False  # some of the player's own text is kept
    asked = ""  # the host's form question right above the player's answer (see _form_question)
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        if quoted_line(line, fido):
            asked = _form_question(line)
            i += 1
            continue
        if is_signature_rule(line):
            if _moves_below_rule(lines, i, fido, colon):
                i += 1  # «--» used as a divider between the player's own lines, not a signature
                continue
            break
        head = _quote_head(lines, i, colon, not own)
        if head is not None:
            end, strong = head
            prefix = _head_prefix(lines, i, end) if strong else ""
            if prefix:
                kept.append(prefix)
                own = True
            nxt = _next_text(lines, end)
            if nxt is None:
                break
            if quoted_line(lines[nxt], fido) or not strong:
                i = end  # «>» lines follow (or the player's own «X написал:»): keep going
                continue
            unmarked = unmarked or lines[i].strip()
            if separator(line) == "start" and HAS_FWD.search(line):
                # the forward ends at its end marker, or at a bare rule line the player put
                # under the forwarded text («----------» and then his own move)
                resume = _forward_end(lines, end) or _rule_after(lines, end)
                if resume is None and _forward_intro(kept):
                    # «Пересылаю, что мне Вася прислал:» above, the forwarded letter, then the
                    # player's own orders in the next paragraph (issue 11)
                    resume = _answer_under_forward(lines, end, fido)
                if resume is not None:
                    i = resume
                    continue
            if not own:
                # the quote opens the letter: a player writing under it (bottom-posting)
                # marks where his text starts with a rule line («-----»)
                resume = _rule_after(lines, end)
                if resume is not None:
                    i = resume
                    continue
            if known:
                # the quoted letter is the game's own: the player's text starts where the
                # text under the head stops matching it
                resume = _known_quote_end(lines, end, known)
                if resume is not None:
                    i = resume
                    continue
            resume = _reply_under_quote(lines, i, end, fido)
            if resume is not None:
                # the player's answer under the quoted letter (bottom-posting with no rule):
                # it acknowledges the letter or names its writer, as the writer never does
                i = resume
                continue
            kept += _arrow_answers(lines, end, fido)  # answers written into the quote («-->»)
            break  # a mail client's quoted letter follows without «>»
        if own and _HOST_ACK.match(line) and not lines[i - 1].strip():
            # the host's acceptance pasted under the player's text with no mark or head
            # («Ваше письмо принято.» and yesterday's moves under it): cut to the end
            unmarked = unmarked or line.strip()
            break
        if mobile_signature(line):
            nxt = _next_text(lines, i + 1)
            if nxt is not None and (quoted_line(lines[nxt], fido)
                                    or _quote_head(lines, nxt, colon) is not None):
                i += 1
                continue
            break
        if asked and line.strip():
            if not _move_words(line):  # «> Голос на линч?» + «Шпилька» (not «лечу Кузю»)
                line = f"{asked} {line.strip()}"
            asked = ""
        kept.append(line.rstrip())
        # a memo's header line kept at the top («Тема: ходы») leaves the lines under it at
        # the top too; so does the mark of a forum post cut
        # (and so does a memo's title above its head: «СЛУЖЕБНАЯ ЗАПИСКА» / «Кому: Ведущему»)
        own = own or bool(line.strip()) and line.strip() != QUOTE_MARK and \
            header_kind(line) is None and not (memo_title(line) and not any(k.strip() for k in kept[:-1]))
        i += 1
    out = "\n".join(kept)
    out = re.sub(r"\n{3,}", "\n\n", out)
    return QuoteCut(out.strip("\n").strip(), unmarked)


#: The player's note above a forward that says he forwards someone's letter: a word of
#: forwarding («пересылаю», «переслала», «форварднул») or a word of sending with «мне»/«нам»
#: on either side («вот что мне Вася прислал», «Наташа мне в личку писала», «скинул нам»).
_FORWARD_INTRO = re.compile(
    r"(?i)(?<!\w)(?:пересыла\w*|пересла\w*|форвард\w*)"
    r"|(?<!\w)(?:мне|нам)\s[^.!?\n]{0,40}?(?<!\w)(?:при|на|с|за)?(?:слал|писал|кинул)\w*"
    r"|(?<!\w)(?:при|на|с|за)?(?:слал|писал|кинул)\w*\s+(?:мне|нам)(?!\w)")


def _forward_intro(kept: list[str]) -> bool:
    """True when the player's own text kept above a forward (``kept``, its lines) is only his
    note announcing it: short (three lines, 300 characters at most), a word of forwarding or
    of someone's sending it to him (:data:`_FORWARD_INTRO`), and no move word of the lexicon
    («Ведущий, вот что мне Вася прислал, пересылаю, чтоб ты видел:»). A player who wrote
    his moves above the forward has none left to write under it."""
    own = [x.strip() for x in kept if x.strip()]
    text = " ".join(own)
    return 0 < len(own) <= 3 and len(text) <= 300 and bool(_FORWARD_INTRO.search(text)) \
        and not _move_words(text)


def _answer_under_forward(lines: list[str], start: int, fido: frozenset[str]) -> int | None:
    """Index of the paragraph under a forwarded letter that has no end marker, where the
    player's own text starts, or None. Read only under the player's note announcing the
    forward (:func:`_forward_intro`): the forwarded letter is the first paragraph under its
    head, when that paragraph is someone's move or question (a move word of the lexicon, or
    a «?»: «босс я у катюхи ворую? или у деда?»), and the next paragraph is the player's
    answer («Делаем так. Васе — обнести Катюху.»). A forwarded letter that opens with a
    greeting (no move word in its first paragraph) is cut to the end, as before."""
    first = _next_text(lines, start)
    if first is None or quoted_line(lines[first], fido):
        return None
    j = first
    while j < len(lines) and lines[j].strip():
        j += 1
    para = " ".join(lines[first:j])
    if not (_move_words(para) or "?" in para):
        return None
    return _next_text(lines, j)


#: A line in the host's voice opening his acceptance of the player's letter, alone on its line
#: («Ваше письмо принято.», «Ваши ходы приняты!»): the second person's possessive, a word of
#: the letter or its moves, and «принят(о/ы)»; a player never says it of his own letter.
_HOST_ACK = re.compile(r"^[ \t]*(?:ваше\s+письмо\s+принято|ваш\s+(?:ход|голос)\s+принят|"
                       r"ваши\s+(?:ходы|голоса)\s+приняты)[ \t]*[.!:]?[ \t]*$", re.IGNORECASE)


#: The head a forum engine prints over a quoted post, as copied from the page: «Рыбак
#: писал(а):», «Кот Баюн написал(а):» (phpBB and its Russian kin: the «(а)» is the engine's,
#: never a writer's own), a date after the verb allowed («Рыбак писал(а): 07 дек 2026, 21:00»).
_POSTED_BY = re.compile(r"^[ \t]*(?P<who>[^\s\d>][^\n:@<>]{0,60}?)[ \t]+(?:на)?писал\(а\)[ \t]*:[^\n]{0,40}$",
                        re.IGNORECASE)


def cut_pasted_posts(text: str, mark: str = QUOTE_MARK) -> str:
    """``text`` without the forum posts a player copied from the thread's page into his letter:
    each block from a forum engine's head «Ник писал(а):» (:data:`_POSTED_BY`; no mail
    client's attribution, which has an address or a date) to the next blank line, «>» line or
    such head is someone else's words (DECISIONS.md §8: a letter's
    moves are its sender's own) and becomes one ``mark`` line; the player's own text above,
    between and below the blocks is kept (elderly players paste the day's thread above or
    below their own lines). Pure; text with no «писал(а)» is returned as it is."""
    if "писал(а)" not in text.lower():
        return text
    lines = text.split("\n")
    out: list[str] = []
    inside = False
    for line in lines:
        head = _POSTED_BY.match(line)
        # (not a mail client's «Вт, 7 дек. 2026 г. в 21.03, X написал(а):»: a date before it)
        if head and not strong_attribution(head.group("who")):
            if not inside:
                out.append(mark)
            inside = True
            continue
        if inside and line.strip() and not QUOTE_LINE.match(line):
            continue
        inside = False
        out.append(line)
    return "\n".join(out)


#: An answer the player wrote into an unmarked quote, marked with an arrow at the start of
#: its line («--> Ежика», «=> Графа», «→ Лося», «>>> » is no arrow: a marked quote).
_ARROW_LINE = re.compile(r"^\s*(?:-{1,3}>|={1,2}>|[\u2013\u2014]>|[\u2192\u27a1\u21d2])\s*(?P<rest>\S.*)$")


def _arrow_answers(lines: list[str], start: int, fido: frozenset[str]) -> list[str]:
    """The player's answers written into the unmarked quote from ``start`` on, each line
    marked with an arrow («Кого приглашаете этой ночью?» / «--> Ежика в тумане»), its arrow
    taken off and the host's form question above it as its heading (:func:`_form_question`);
    [] when no line of the quote is so marked. The quote's other lines are not kept."""
    out: list[str] = []
    prev = ""
    for j in range(start, len(lines)):
        line = lines[j]
        if quoted_line(line, fido):
            continue
        match = _ARROW_LINE.match(line)
        if match is None:
            if line.strip():
                prev = line
            continue
        answer = match.group("rest").strip()
        asked = _form_question(prev) if prev else ""
        out.append(f"{asked} {answer}" if asked and not _move_words(answer) else answer)
        prev = ""
    return out


#: Words a player opens his answer to a quoted letter with («ок а теперь ищу Остапа»).
_ACK_WORDS = frozenset(("ок", "окей", "оке", "ok", "okay", "ага", "угу", "понял", "поняла",
                        "понятно", "ясно", "лады", "принял", "приняла"))
#: The first word of a line and what follows it: an address («Ведущий, …», «Ведущий! …»).
_FIRST_WORD = re.compile(r"^\s*([^\W\d_][\w.]*)\s*([,!]?)")
#: The name in a head: the words right before the address («… от Кукловод <k@x.ru>:»,
#: «От: Ведущий «Город N» <h@x.ru>»), or a «From:» line's value.
_NAME_BEFORE_ADDRESS = re.compile(r"([^,:<>()\[\]]{1,60}?)\s*[<\[(]?" + ADDRESS)
_NAME_WORD = re.compile(r"[^\W_][\w.]*[^\W_]|[^\W\d_]")


def _author_words(head: list[str]) -> set[str]:
    """The lower-case words of the quoted letter's writer as its head names him (the «From:»
    line, or the words before the address of an attribution), never its «To:» line's."""
    names: list[str] = []
    for line in head:
        kind = header_kind(line)
        if kind == "from":
            names.append(line.split(":", 1)[1])
        elif kind is None:
            match = _NAME_BEFORE_ADDRESS.search(line)
            if match:
                names.append(re.split(r"(?i)(?:^|\s)(?:от|from|von|de|od)\s", match.group(1))[-1])
    words = set()
    for name in names:
        name = _ADDRESS_RE.sub(" ", name)
        words.update(w.lower() for w in _NAME_WORD.findall(name) if len(w) >= 3)
    return words


_ADDRESS_RE = re.compile(r"[<\[(]?" + ADDRESS + r"[>\])]?")


def _reply_under_quote(lines: list[str], head: int, start: int, fido: frozenset[str]) -> int | None:
    """Index of the paragraph under the unmarked quoted letter that opens at ``start`` (its
    head at ``head``) where the player's own answer starts, or None. The quoted letter never
    opens a paragraph by acknowledging itself in lower case («ок а теперь ищу Остапа»; the
    writer's formal «Ок, так и запишем» is his), by addressing its
    own writer («Ведущий, сорян, нажал «переслать»…», the head's «От: Ведущий …»), nor
    names its writer's login mid-sentence («Мой голос — за самого Коляна, Kolyan_74», the
    head's «От: Kolyan_74 <…>»); the player's text under it does. A paragraph opens after a
    blank line with the quoted letter's text above it."""
    author = _author_words(lines[head:start])
    seen_text = False
    for j in range(start, len(lines)):
        line = lines[j]
        if not line.strip() or quoted_line(line, fido):
            continue
        if not seen_text or lines[j - 1].strip():
            seen_text = True
            continue
        match = _FIRST_WORD.match(line)
        if match:
            first = match.group(1).rstrip(".").lower()
            if first in _ACK_WORDS and match.group(1)[0].islower() and not line[match.end(1):].lstrip().startswith(":"):
                return j
            if match.group(2) and first in author and match.group(1)[0].isupper():
                return j
        for k in range(j, len(lines)):  # the paragraph's lines
            if not lines[k].strip():
                break
            words = [w.strip(".") for w in re.findall(r"[\w.]+", lines[k])]
            if len(words) >= 4 and any(w.lower() in author and re.search(r"[\d_]", w)
                                       for w in words[1:]):
                return j
    return None


def _moves_below_rule(lines: list[str], i: int, fido: frozenset[str], colon: list[bool]) -> bool:
    """True when the first line with text right under the signature rule at ``i`` holds a move
    word of the lexicon: the player drew «--» between his lines («Лечу Кузю» / «--» / «Голос:
    Лось»). A signature opens with a name or a closing («-- » / «С уважением, Зелёнка» /
    «Лечу людей с 1998 года»), never with an order; cutting at a divider would drop the
    player's move with nothing said. A line of fields set apart by «|» is read by its first
    field only («Kot_Baton | CS2 lvl 8 | ищу тиму»: a name, then a signature's fields)."""
    for j in range(i + 1, len(lines)):
        line = lines[j]
        if not line.strip():
            continue
        if quoted_line(line, fido) or mobile_signature(line) or is_signature_rule(line) \
                or _quote_head(lines, j, colon) is not None:
            return False
        return _move_words(line.split("|")[0])
    return False


def _stems(text: str) -> list[str]:
    """The lower-case words of ``text`` («ё» read as «е») cut to five letters: a word of a
    pasted quote with another ending («удалось» / «удалась») is still the same word."""
    return [w[:5] for w in re.findall(r"\w+", text.lower().replace("ё", "е"))]


#: Share of a line's words a known letter must hold, in order, for the line to be quoted from
#: it (a pasted quote may have a word changed or left out).
_KNOWN_SHARE = 0.6


def _known_quote_end(lines: list[str], start: int, known: list[str]) -> int | None:
    """Index of the first line at or after ``start`` that is no longer quoted from one of the
    ``known`` letters, when the lines above it are (two at least), or None when the text
    under the head is not one of them or is quoted to the end (nothing of the player's under
    it). A line is quoted when :data:`_KNOWN_SHARE` of its words stand in the letter in the
    same order, after the words of the lines quoted above it: that survives rewrapping,
    shortening and a changed ending, while the player's own line after the quote, even one
    repeating a move the letter named above, does not match."""
    best: int | None = None
    for letter in known:
        stems = _stems(letter)
        pos = matched = 0
        for j in range(start, len(lines)):
            words = _stems(lines[j])
            if not words:
                continue  # a blank line, a rule, a dash
            at, hits = pos, 0
            for w in words:
                try:
                    at = stems.index(w, at) + 1
                    hits += 1
                except ValueError:
                    pass
            if hits >= _KNOWN_SHARE * len(words):
                matched += 1
                pos = at
                continue
            if matched >= 2 and (best is None or j > best):
                best = j
            break
    return best


#: A line of the host's form that asks for a move and ends in «?» or «:» («> Голос на линч?»,
#: «> 2. Мирная охота (по желанию):»): its last sentence, the number and brackets taken off.
_FORM_LINE = re.compile(
    r"(?:^|[.!]\s+)(?:\d{1,2}[.)]\s*)?([^.!?:()«»]{3,60}?)\s*(?:\([^()]*\)\s*)?[?:]\s*$")


def _form_question(line: str) -> str:
    """The heading a quoted line of the host's form gives the player's answer written right
    under it (an interleaved reply: «> Голос на линч?» / «Ёжик» is «Голос на линч: Ёжик»):
    the question and a colon, when the line ends in «?» or «:», holds a move word of the
    lexicon and names nobody (no capital after its first word); else "". An example or
    yesterday's move the form names (in brackets, in an earlier sentence) is left out."""
    match = _FORM_LINE.search(_QUOTE_MARKS.sub("", line).strip())
    if match is None or not _move_words(match.group(1)) or \
            any(w[0].isupper() for w in match.group(1).split()[1:]):
        return ""  # («> Лечу Лося?» asks about a player: the answer's own reading stands)
    return match.group(1).strip() + ":"


def _move_words(text: str) -> bool:
    """True when ``text`` holds a word of the engine's move lexicon («голос», «лечу»)."""
    from engine.lexicon import lexicon  # (the mailer reads the engine's move words)

    words = lexicon().words
    return any(w in words for w in re.findall(r"\w+", text.lower().replace("ё", "е")))


#: The marks in front of a marked quote's line: «> », «> > », Fido initials «ВП> ».
_QUOTE_MARKS = re.compile(r"^[ \t]*(?:\w{0,4}>[ \t]*)+")
#: A BBCode quote block and what it holds (any dialect of the opening tag).
_FORUM_QUOTE = re.compile(r"\[quote(?:[=\s][^\]\n]*)?\](.*?)\[/quote\]", re.IGNORECASE | re.DOTALL)


def quoted_text(text: str) -> str:
    """What a letter's ``text`` quotes, its quote marks taken off: the lines of a marked quote
    («> Линч: Бука», Fido «ВП> …») and what forum quote blocks hold («[quote="Ник"]…[/quote]»),
    "" when it quotes nothing. The words :func:`strip_quotes` cuts as someone else's, read to
    tell a sender whose own text has no move that the move he quoted does not count
    (DECISIONS.md §8). Pure; never raises."""
    text = clean_text(text).replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    fido = fido_prefixes(lines)
    out = [_QUOTE_MARKS.sub("", line) for line in lines if quoted_line(line, fido)]
    if "[" in text:
        out += [m.group(1).strip() for m in _FORUM_QUOTE.finditer(text)]
    return "\n".join(x for x in out if x.strip())
