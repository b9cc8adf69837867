"""Clean text before anything reads it: one canonical form for what looks the same.

Players' letters arrive with characters a reader never sees: zero-width spaces pasted from
messengers, soft hyphens from word processors, bidi marks from phones, letters decomposed
into a base and a combining mark (macOS, NFD «Е\u0308»), non-breaking and other wide spaces,
and Latin letters that look exactly like Cyrillic ones inside a Russian word («Кyзю» with a
Latin «y»). :func:`clean_text` maps all of these to what the writer meant, so that a nick
or a move word matches whatever the letter was typed with (issue 11 «Clean text first»,
issue 13 «Text from letters»).

Pure: no I/O, no state; the same input always gives the same output, and cleaning a clean
text changes nothing (``clean_text(clean_text(t)) == clean_text(t)``).
"""

from __future__ import annotations

import re
import unicodedata

from .textcase import lower_of

__all__ = ["clean_text", "spoken_marks", "list_headings", "cut_forum_quotes",
           "forum_markup", "INVISIBLE", "QUOTE_MARK"]

#: Characters removed: zero-width space/non-joiner/joiner, word joiner, invisible math
#: operators, BOM / zero-width no-break space, soft hyphen, Mongolian vowel separator,
#: left-to-right / right-to-left marks, bidi embeddings and overrides (U+202A–U+202E) and
#: isolates (U+2066–U+2069), Arabic letter mark.
INVISIBLE = frozenset(
    "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad\u180e"
    "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)

#: Horizontal spaces other than U+0020 (Unicode category Zs) become a plain space; the line
#: and paragraph separators become a line end.
_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
          "\u202f\u205f\u3000"

_TABLE: dict[int, str | None] = {ord(c): None for c in INVISIBLE}
_TABLE.update({ord(c): " " for c in _SPACES})
_TABLE.update({0x2028: "\n", 0x2029: "\n"})
_ODD = re.compile("[" + re.escape("".join(INVISIBLE) + _SPACES) + "\u2028\u2029]")

#: Latin letter → the Cyrillic letter it is drawn like (а е о р с х у к and the capitals
#: А В Е К М Н О Р С Т Х У). Lower-case m, t, h, b are not look-alikes of м, т, н, в.
LATIN_TO_CYRILLIC = {
    "a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "y": "у", "k": "к",
    "A": "А", "B": "В", "E": "Е", "K": "К", "M": "М", "H": "Н", "O": "О", "P": "Р",
    "C": "С", "T": "Т", "X": "Х", "Y": "У", "Ë": "Ё", "ë": "ё",
}
#: The same pairs the other way round (a Cyrillic letter inside a Latin word); «Ë» of Latin-1
#: keyboards only ever stands for «Ё» («PУЖЬË»).
CYRILLIC_TO_LATIN = {cyr: lat for lat, cyr in LATIN_TO_CYRILLIC.items() if lat.isascii()}
_TO_CYR = str.maketrans(LATIN_TO_CYRILLIC)
#: A Latin «i» inside a Cyrillic word: the Ukrainian «і» it is drawn as, said «и».
_I_CYRILLIC = {"i": "и", "I": "И"}
_TO_CYR_I = str.maketrans({**LATIN_TO_CYRILLIC, **_I_CYRILLIC})
_TO_LAT = str.maketrans(CYRILLIC_TO_LATIN)

#: Latin letters with no Cyrillic look-alike → the Cyrillic letter they are said as, for a
#: Cyrillic word typed with a Latin letter at its head («zельца», «Dима»).
_SOUND_CYRILLIC = {
    "z": "з", "b": "б", "d": "д", "f": "ф", "g": "г", "i": "и", "l": "л", "m": "м",
    "n": "н", "r": "р", "s": "с", "t": "т", "u": "у", "v": "в", "h": "х",
    "Z": "З", "D": "Д", "F": "Ф", "G": "Г", "I": "И", "L": "Л", "N": "Н", "R": "Р",
    "S": "С", "U": "У", "V": "В",
}
#: Every Latin letter a Cyrillic word may be typed with, by look (first) or by sound: the
#: Cyrillic letter meant («gолос», «zельца»; used by engine.textnorm_votes too).
LATIN_SOUNDS = {**_SOUND_CYRILLIC, **LATIN_TO_CYRILLIC}
_SOUNDS_TO_CYR = str.maketrans(LATIN_SOUNDS)

_CYR = "\u0400-\u04ff"
_LAT = "A-Za-z"
#: A Cyrillic letter next to an ASCII Latin one (the word pass's own test, per word).
_SCRIPTS_TOUCH = re.compile(f"[{_LAT}][{_CYR}]|[{_CYR}][{_LAT}]")
#: The tests for a whole text run at C speed on its UTF-8 bytes, classed by
#: ``bytes.translate`` with continuation bytes deleted (one class byte per character):
#: ASCII letter → L, Cyrillic U+0400–U+04FF → C, a character led by 0xE2 (U+2000–U+2FFF:
#: the zero-width, bidi and wide-space characters, and «—», «…») → E, by 0xC2 (U+0080–U+00BF:
#: NBSP, soft hyphen, and «, ») → A, by 0xD8, 0xE1, 0xE3, 0xEF (the other characters of
#: :data:`INVISIBLE`: U+061C, U+1680, U+180E, U+3000, U+FEFF) → O, an ASCII digit or «_»
#: → D (the first character :data:`_GLUED` needs), else a space.
_BYTE_CLASS = bytes(
    ord("L") if chr(b).isascii() and chr(b).isalpha() else ord("C") if 0xD0 <= b <= 0xD3
    else ord("E") if b == 0xE2 else ord("A") if b == 0xC2
    else ord("O") if b in (0xD8, 0xE1, 0xE3, 0xEF)
    else ord("D") if chr(b) in "0123456789_" else ord(" ") for b in range(256))
_CONTINUATION = bytes(range(0x80, 0xC0))
#: A Latin letter next to a Cyrillic one, on the class bytes (the literal «L» first: fast).
_CLASS_TOUCH = re.compile(rb"L(?:C|(?<=CL))")
#: The exact byte tests behind E and A (each led by a literal: fast).
_ODD_E2 = re.compile(rb"\xe2(?:\x80[\x80-\x8f\xa8-\xaf]|\x81[\x9f-\xa4\xa6-\xa9])")
_ODD_C2 = re.compile(rb"\xc2[\xa0\xad]")
_WORD = re.compile(r"[^\W\d_]+")
#: A Cyrillic look-alike letter glued to a digit or «_» («Celestron_С8»): the cheap test for
#: :func:`_fix_token`'s pass (a word of one script joined to a word of the other).
_LOOKS_LATIN = "".join(sorted(CYRILLIC_TO_LATIN))
#: (Led by the digit or «_», rarer than the look-alikes, so ``re`` skips to it by its charset.)
_GLUED = re.compile(f"[_0-9](?:[{_LOOKS_LATIN}]|(?<=[{_LOOKS_LATIN}][_0-9]))")
#: A nick-like token: letters, digits and «_» together.
_TOKEN = re.compile(r"\w+")


def _classes(raw: bytes) -> bytes:
    """One class byte per character of the UTF-8 ``raw`` (see :data:`_BYTE_CLASS`)."""
    return raw.translate(_BYTE_CLASS, _CONTINUATION)


def scripts_touch(text: str) -> bool:
    """True when an ASCII Latin letter of ``text`` stands next to a Cyrillic one (a word of
    both scripts: «gолос», «Кyзю»), tested at C speed on the class bytes. Never raises."""
    return _CLASS_TOUCH.search(_classes(text.encode("utf-8", "surrogatepass"))) is not None


def _one_script(word: str) -> str:
    """``word`` (letters of both scripts) written in one script, when that is clear.

    A word whose other letters all have a Cyrillic look-alike is a Cyrillic word («Кyзю» →
    «Кузю»); else, when its Cyrillic letters all have a Latin look-alike, a Latin word
    («Dr.Whо» with a Cyrillic «о» → «Who»). When both readings are possible the script of
    most of its letters wins, Cyrillic on a tie (a Russian game). Otherwise the word is kept.
    """
    cyr = [c for c in word if "\u0400" <= c <= "\u04ff"]
    lat = [c for c in word if not "\u0400" <= c <= "\u04ff"]  # «é», «ß» count, never map
    to_cyr = all(c in LATIN_TO_CYRILLIC for c in lat)
    to_lat = all(c in CYRILLIC_TO_LATIN for c in cyr)
    if to_cyr and (not to_lat or len(cyr) >= len(lat)):
        return word.translate(_TO_CYR)
    if not to_cyr and all(c in _I_CYRILLIC or c in LATIN_TO_CYRILLIC for c in lat) and \
            len(cyr) > len(lat):
        # «Кiса»: a Latin «i» is drawn as the Ukrainian «і», which a Russian word means as
        # «и» (a word mostly Cyrillic; «Kiсa», mostly Latin, stays Latin below)
        return word.translate(_TO_CYR_I)
    if to_lat:
        return word.translate(_TO_LAT)
    if len(cyr) >= 3 and len(lat) <= 2 and word[0] not in cyr and \
            all(c in LATIN_SOUNDS for c in lat):
        # «zельца»: a Latin letter read by sound heading a Cyrillic word
        return word.translate(_SOUNDS_TO_CYR)
    return word


def clean_text(text: str) -> str:
    """``text`` as the writer meant it: one form for every look-alike spelling.

    In order: Unicode NFC (a decomposed «Е\u0308» becomes «Ё», «и\u0306» «й»); the
    characters of :data:`INVISIBLE` removed (zero-width, BOM, soft hyphen, bidi marks);
    non-breaking and other horizontal spaces made U+0020, U+2028/U+2029 made ``\\n``; in a
    word (a run of letters) where an ASCII Latin letter touches a Cyrillic one, the look-alike
    letters put into the word's script (see :func:`_one_script`). A word in one script is never
    changed (Latin nicknames stay Latin); superscript digits glued to the end of a word
    (a footnote's mark, «Natasha_K¹») dropped. Line ends, tabs, punctuation and everything
    else are kept; the length may change. Never raises; ``str`` in, ``str`` out.
    """
    if text.isascii():
        return text
    raw = text.encode("utf-8", "surrogatepass")
    classes = _classes(raw)
    if (b"E" in classes and _ODD_E2.search(raw)) or (b"A" in classes and _ODD_C2.search(raw)) \
            or (b"O" in classes and _ODD.search(text)):
        # first: an invisible mark may sit inside «Е\u200b\u0308»
        text = _ODD.sub(lambda m: _TABLE[ord(m.group(0))] or "", text)
        classes = b""
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
        classes = b""
    if not classes:
        classes = _classes(text.encode("utf-8", "surrogatepass"))
    if _CLASS_TOUCH.search(classes):
        text = _WORD.sub(_fix_word, text)  # (letters for letters: no digit, no «_» made)
    if _FOOTNOTE.search(text) is not None:
        text = _FOOTNOTE.sub("", text)  # («Natasha_K¹», «Зоей Павловной²»: footnote marks)
    if b"D" in classes and _GLUED.search(text) is not None:
        # (a match opens with a digit or «_»: with none in the text, a C-level ``in`` of the
        # class bytes tells so, not the pattern's scan of every character)
        text = _TOKEN.sub(_fix_token, text)
    return text


#: Superscript digits glued to the end of a word or a closing mark: a footnote's mark
#: («наблюдаю за Natasha_K¹», «голос: Формуляр²», «день¹:»), dropped so that the word before
#: it reads as written; the footnote's own line keeps its leading mark («¹ Составлено …»).
_FOOTNOTE = re.compile(r"(?<=[^\W\d_¹²³⁰-₟]|[.)»\"'])"
                       r"[¹²³⁰⁴-⁹]+")


def _fix_token(match: re.Match) -> str:
    """One token of :func:`clean_text`'s glued look-alike pass: a token of words joined by
    digits or «_» whose Cyrillic letters are all look-alikes of Latin ones and fewer than its
    Latin letters is a Latin nick typed with a Cyrillic letter («Celestron_С8» → «Celestron_C8»).
    Any other token is kept («Лось_007», «Фельдшер_Zina»)."""
    token = match.group(0)
    n_cyr = n_lat = 0
    for c in token:
        if "\u0400" <= c <= "\u04ff":
            if c not in CYRILLIC_TO_LATIN:
                return token
            n_cyr += 1
        elif "a" <= c <= "z" or "A" <= c <= "Z":
            n_lat += 1
    if n_cyr and n_lat > n_cyr:
        return token.translate(_TO_LAT)
    return token


def _fix_word(match: re.Match) -> str:
    """One word of :func:`clean_text`'s look-alike pass."""
    word = match.group(0)
    if _SCRIPTS_TOUCH.search(word):
        return _one_script(word)
    return word


#: Punctuation dictated by voice and typed out as words by the phone («… лечу тапка точка
#: голос за зигги»): the word, the mark it stands for.
_SPOKEN = re.compile(r"[ \t]*(?<![^\W\d_])(?:(точка|тчк)|(запятая|зпт)|(?:(новая) строка|с (новой) строки))"
                     r"(?![^\W\d_])", re.IGNORECASE)
_MARKS = {1: ".", 2: ",", 3: "\n", 4: "\n"}
_PUNCT = frozenset(".,!?;:…")

#: Words after «точка» that make it a noun («точка зрения», «точка сбора»).
_POINT_OF = re.compile(r"\s+(?:зрения|отсч[её]та|опоры|кипения|невозврата|сбора|входа|продаж"
                       r"|доступа|роста|с\s+запятой)", re.IGNORECASE)

#: An adjective before «точка», «запятая» («горячая точка», «торговая точка»).
_ADJ_BEFORE = re.compile(r"[^\W\d_]+(?:ая|яя)\s*$", re.IGNORECASE)


def spoken_marks(text: str, nicks: tuple[str, ...] = ()) -> str:
    """``text`` with punctuation dictated as words put back as marks: «точка» → «.»,
    «запятая» → «,», «новая строка» / «с новой строки» → a line break (voice input types
    them out: «бью лису точка голос за зигги» → «бью лису. голос за зигги»; a telegram's
    «ТЧК», «ЗПТ» likewise: «ОХОТА ВАСЯ ТЧК» → «ОХОТА ВАСЯ.»); the spaces
    before the word go with it. Kept as words: «точка
    зрения» and other nouns after «точка», an adjective before it («горячая точка»), and
    every such word when a nickname of ``nicks`` contains it (a player «Точка»). Pure; the
    length may change."""
    low = lower_of(text)
    if "точка" not in low and "запятая" not in low and "строк" not in low and \
            "тчк" not in low and "зпт" not in low:
        return text
    taken = " ".join(nicks).lower()

    def mark(m: re.Match) -> str:
        word = m.group(0)
        n = next(k for k in (1, 2, 3, 4) if m.group(k))
        if (n < 3 and m.group(n).lower()[:4] in taken) or (n > 2 and "строк" in taken):
            return word
        if n < 3 and (_POINT_OF.match(text, m.end()) or _ADJ_BEFORE.search(text, 0, m.start())):
            return word
        if n < 3 and text[m.end():m.end() + 1] in _PUNCT:
            return ""  # «и точка.»: the mark is written too
        return _MARKS[n]

    text = _SPOKEN.sub(mark, text)
    if "нет " in text or "Нет " in text:
        text = _NO_WAIT.sub(r"\1,", text)
    return text


#: A spoken self-correction opening a sentence, its comma not dictated: «… точка нет погоди
#: запятая себя не надо» → «. нет, погоди, себя не надо».
_NO_WAIT = re.compile(r"(?:(?<=[.!?\n])|(?<=[.!?\n] ))([Нн]ет)(?= (?:погоди|подожди|постой|стоп"
                      r"|стой|отмена|отставить|лучше|передумал|передумала)\b)")


#: A heading of one to four words alone on its line, plain, in Markdown («## Проверка») or
#: bold («**Голос**»), a colon after it or none, then the list lines under it («- X», «* X»,
#: «1. X», «2) X»).
_LIST_HEADING = re.compile(
    r"^([ \t]*)(?:#{1,6}[ \t]+|\*\*)?([^\W\d_][^\W\d_-]*(?:[ -][^\W\d_]+){0,3})(?:\*\*)?"
    r"[ \t]*:?[ \t]*((?:\n[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+\S[^\n]*)+)", re.MULTILINE)
_LIST_MARK = re.compile(r"\n[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+")


#: An item of a list numbered with colons, at the start of its line («1: X», «2 : Y»).
_COLON_ITEM = re.compile(r"(?m)^([ \t]*)([1-9])[ \t]*:[ \t]*(?=[^\W\d_])")


def colon_numbers(text: str) -> str:
    """``text`` with the numbers of a list numbered with colons, item 1 and item 2 each on a
    line of its own («режем двоих.⏎1: X⏎2: Y»), written as «1) X⏎2) Y»: a list, never a
    label «1» and its value. A lone «1: X» line is kept. Pure; the length is kept when one
    blank follows the colon."""
    if "\n" not in text or ("1:" not in text and "1 :" not in text):
        return text
    found = {m.group(2) for m in _COLON_ITEM.finditer(text)}
    if "1" not in found or "2" not in found:
        return text
    return _COLON_ITEM.sub(lambda m: m.group(1) + m.group(2) + ") ", text)


#: A sub-point at the start of its line («4.1. X», «1.2) X», «2.1 X»): the point's number,
#: the sub-point's number, then a word.
_SUB_ITEM = re.compile(r"(?m)^([ \t]*)([1-9]\d?)\.([1-9])(?:[.)]|(?=[ \t]))(?=[ \t]+[^\W\d_])")


def sub_numbers(text: str) -> str:
    """``text`` with the sub-points of a point numbered as in an official letter («4. Суд
    Линча (два голоса):⏎4.1. X;⏎4.2. Y») written as a plain list under the point («1. X⏎2. Y»):
    the items of its heading, never a number «4» and a «.1». Only a point with sub-points 1
    and 2 is changed. Pure; the length changes by a character at most a line."""
    if "\n" not in text or ".1" not in text:
        return text
    found = {(m.group(2), m.group(3)) for m in _SUB_ITEM.finditer(text)}
    points = {p for p, k in found if k == "1" and (p, "2") in found}
    if not points:
        return text
    return _SUB_ITEM.sub(lambda m: m.group(1) + m.group(3) + "." if m.group(2) in points
                         else m.group(0), text)


#: A reference to the sender's earlier letter (its point, the letter itself: «письма»,
#: «письмо»; not «как в прошлом письме (за X)», a move kept) and the aside in brackets right
#: after it («п. 1 моего предыдущего письма (охрана Петровича)»): group 1 is the aside's inside.
_EARLIER_LETTER_ASIDE = re.compile(
    r"(?i)(?<!\w)(?:предыдущ|прошл|прежн|вчерашн|перв|ранее\s+направленн)\w*\s+"
    r"(?:письм[оа]|сообщени[ея])\s*\(([^()\n]{1,80})\)")


def earlier_letter_asides(text: str) -> str:
    """``text`` with the aside in brackets right after a reference to the sender's earlier
    letter blanked («Прошу считать недействительным п. 1 моего предыдущего письма (охрана
    Петровича)»): it tells what that letter said, no move of this one. Pure; the length is
    kept."""
    if "(" not in text or ("письм" not in text.lower() and "сообщени" not in text.lower()):
        return text
    return _EARLIER_LETTER_ASIDE.sub(
        lambda m: m.group(0)[:m.start(1) - m.start(0)] + " " * len(m.group(1)) + ")", text)


def list_headings(text: str) -> str:
    """``text`` with each heading that stands alone on its line above a list read as a
    heading with a colon: «## Проверка⏎- Мадам Жужу» → «Проверка: Мадам Жужу» (one line: a
    list of one item goes on the heading's line, as «Вор: X» reads for a boss's member),
    «Убийства⏎1. X⏎2. Y» → «Убийства:⏎1. X⏎2. Y». Markdown marks of the heading are dropped.
    A line with other punctuation, or with no list line after it, is kept. Pure; the length
    may change."""
    if "\n" not in text or not _LIST_MARK.search(text):
        return text  # (no list line: nothing to match; one C-level scan, not a try per line)

    def colon(m: re.Match) -> str:
        items = m.group(3)
        if items.count("\n") == 1:
            return m.group(1) + m.group(2) + ": " + _LIST_MARK.sub("", items, count=1)
        return m.group(1) + m.group(2) + ":" + items

    return _LIST_HEADING.sub(colon, text)


# --------------------------------------------------------------------------- forum BBCode

#: The opening tag of a BBCode quote block, in every forum engine's dialect: ``[quote]``,
#: ``[quote=Ник]``, ``[quote="Ник"]`` (phpBB, with ``post_id=… time=…`` after it),
#: ``[QUOTE=Ник;12345]`` (vBulletin), ``[quote name="Ник" post=…]`` (IPB), ``[quote
#: author=Ник link=…]`` (SMF). A quoted value may hold «]» («[quote="Ник]"]»).
_QUOTE_OPEN = re.compile(r"\[quote(?:[=\s](?:\"[^\"\n]*\"|[^\]\n])*)?\]", re.IGNORECASE)
_QUOTE_CLOSE = re.compile(r"\[/quote\]", re.IGNORECASE)
_PARAGRAPH_END = re.compile(r"\n[ \t]*\n")
#: What a cut quote block leaves on its own line: the mark of words left out. A pronoun after
#: it may point at a player named in the post, so the parser does not look back across it
#: for the pronoun's antecedent (:func:`engine.parse_move._named_since`).
QUOTE_MARK = "[…]"
_CUT = "\ufdd0"  # (a noncharacter: where a block was cut, before the mark is put in)
#: A cut block with the line breaks around it (a block on lines of its own gives one mark line).
_CUT_AT = re.compile("[ \t]*\n?" + _CUT + "\n?")


def cut_forum_quotes(text: str, mark: str = QUOTE_MARK) -> str:
    """``text`` without its BBCode quote blocks: a forum post pasted into a letter is someone
    else's words (DECISIONS.md §8: a letter's moves are its sender's own).

    Every dialect of the opening tag counts (see :data:`_QUOTE_OPEN`); blocks nest (the outer
    block's end ends the cut). A block, inline in a line or on lines of its own, becomes a line
    break, so the sender's words before and after it stay apart. Broken pastes, read as a
    careful host would: an opening tag never closed quotes to the end of its paragraph (the
    next blank line; a quoted post with blank lines in it needs its closing tag); a closing tag
    with no opening one ends a quote that began at the start of its paragraph. Each block
    cut leaves ``mark`` on a line of its own (:data:`QUOTE_MARK`; "" leaves the line break
    only). Pure; text with no «[» is returned as it is; never raises.
    """
    if "[" not in text:
        return text
    tokens = sorted([(m.start(), m.end(), 1) for m in _QUOTE_OPEN.finditer(text)]
                    + [(m.start(), m.end(), -1) for m in _QUOTE_CLOSE.finditer(text)])
    if not tokens:
        return text
    out: list[str] = []
    depth, pos, opened = 0, 0, 0
    for start, end, step in tokens:
        if step > 0:
            if depth == 0:
                out.append(text[pos:start])
                opened = start
            depth += 1
            pos = end
            continue
        if depth == 0:  # a closing tag alone: its paragraph up to it was quoted
            para = max(text.rfind("\n\n", pos, start), -1)
            para = pos if para < pos else para + 2
            out.append(text[pos:para])
            out.append(_CUT)
            pos = end
            continue
        depth -= 1
        pos = end
        if depth == 0:
            out.append(_CUT)
    closed = not depth
    if depth:  # never closed: the quote runs to the end of its paragraph
        m = _PARAGRAPH_END.search(text, opened)
        out.append(_CUT)
        pos = m.start() if m else len(text)
    out.append(text[pos:])
    text = _CUT_AT.sub(f"\n{mark}\n" if mark else "\n", "".join(out))
    # after an unclosed block, a later block in the rest of the letter is still a block
    return text if closed else cut_forum_quotes(text, mark)


#: Formatting inside a line: the tag goes, its text stays («[b]Лечу[/b] Кузю»).
_INLINE = "b|i|u|em|strong|color|colour|size|font|sup|sub|highlight|mark|tt|abbr|acronym|glow" \
          "|shadow|mention|user|member|nick|url|email|left|right|center|justify"
#: Blocks: the tag becomes a line break, the text stays (a spoiler's title becomes «title:»).
_BLOCK = "spoiler|hide|offtop|offtopic|off|code|pre|php|list|ul|ol|li|\\*|table|tr|td|th|hr" \
         "|indent|h[1-6]|p|div|br|blockquote|cut"
#: Dropped with what they hold: pictures and media, and struck-through text (an old move the
#: sender crossed out is withdrawn, as a host reads it).
_DROPPED = "img|image|attach|attachment|video|youtube|media|audio|flash|s|strike|del"
_DROP_BLOCK = re.compile(rf"\[({_DROPPED})(?:[=\s][^\]\n]*)?\].*?\[/\1\]",
                         re.IGNORECASE | re.DOTALL)
#: A bare link, ``[url]https://…[/url]``: the address is no word of the letter.
_BARE_LINK = re.compile(r"\[(url|email)\][^\[\]]*\[/\1\]", re.IGNORECASE)
_TAG = re.compile(rf"\[(/?)(?:({_INLINE})|({_BLOCK})|{_DROPPED})(?:=(\"[^\"\n]*\"|[^\]\n]*))?"
                  rf"(?:\s[^\]\n]*)?\]", re.IGNORECASE)
_TITLED = frozenset({"spoiler", "hide", "offtop", "offtopic", "cut"})


def forum_markup(text: str, mark: str = QUOTE_MARK) -> str:
    """``text`` as a reader of the forum post sees it: BBCode markup gone, the words kept.

    Quote blocks are cut first (:func:`cut_forum_quotes`, leaving ``mark``). Then: formatting
    tags go and their text stays («[b]Голос: Кузя[/b]», ``[color=red]``, ``[size=…]``,
    ``[url=…]текст[/url]``); block tags (``[spoiler]``, ``[list]``, ``[*]``, ``[code]``, ``[offtop]``…) become line
    breaks and their text stays (it is the sender's own: a move hidden in a spoiler counts);
    a spoiler's title stays as a heading («[spoiler=ночь]…» → «ночь: …»); pictures, media and
    bare links (``[img]…[/img]``, ``[url]https://…[/url]``) go with what they hold; text
    struck through (``[s]``, ``[strike]``, ``[del]``) goes with its tags: an old move the sender
    crossed out is withdrawn. An unclosed ``[s]`` or ``[img]`` is only a tag. Only the tags
    named here are markup: «[Ник]», «[2]» and other brackets of ordinary text are kept. Pure;
    the length may change; text with no «[» is returned as it is.
    """
    if "[" not in text:
        return text
    text = cut_forum_quotes(text, mark)
    text = _BARE_LINK.sub("", _DROP_BLOCK.sub("", text))

    def tag(m: re.Match) -> str:
        if m.group(2):
            return ""
        if not m.group(3):
            return ""  # an unclosed [s], [img]: only the tag
        title = (m.group(4) or "").strip().strip('"').strip()
        if title and not m.group(1) and m.group(3).lower() in _TITLED:
            return f"\n{title}: "
        return "\n"

    return _TAG.sub(tag, text)

