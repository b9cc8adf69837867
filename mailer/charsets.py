"""Text in unknown or wrong charsets, and raw header values (RFC 2047 encoded words).

Mail from Russian players arrives in UTF-8, cp1251 or koi8-r, often with a wrong or
misspelled label («cp-1251», «x-unknown», cp1251 bytes labelled koi8-r) and sometimes with
raw 8-bit headers. :func:`decode_text` picks the most plausible reading among the declared
charset, UTF-8, cp1251, koi8-r and charset-normalizer's guess; plausibility is Russian letter
frequency, case and script consistency inside words, and dictionary words (pymorphy3).
Nothing here raises on any bytes.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import functools
import math
import re
import unicodedata

__all__ = ["decode_text", "decode_header_bytes", "codec_name"]

#: Only this many characters of a text are examined when guessing its charset.
CHARSET_SAMPLE_CHARS = 4000
#: The declared charset wins when its plausibility is within this margin of the best one.
DECLARED_CHARSET_MARGIN = 0.15
#: A reading this plausible (Russian words, see _plausibility) needs no charset-normalizer.
PLAUSIBLE_ENOUGH = 1.5
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

# --------------------------------------------------------------------------------------------
# Charsets
# --------------------------------------------------------------------------------------------


def codec_name(label: str | None) -> str | None:
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


def _known_word_share(words: list[str]) -> float:
    """Share of Cyrillic words (3+ letters, first 150) the Russian dictionary knows; 0 if none."""
    from engine.names import is_known_word

    cyr = [w.lower() for w in words if len(w) >= 3 and re.fullmatch(r"[а-яёА-ЯЁ]+", w)][:150]
    if not cyr:
        return 0.0
    return sum(1 for w in cyr if is_known_word(w)) / len(cyr)


def _normalizer_guess(data: bytes) -> str | None:
    """charset-normalizer's best codec for ``data`` (first bytes only), or None."""
    try:
        from charset_normalizer import from_bytes

        best = from_bytes(data[: CHARSET_SAMPLE_CHARS * 2]).best()
    except Exception:
        return None
    return codec_name(best.encoding) if best is not None else None


def decode_text(data: bytes, declared: str | None) -> tuple[str, str | None]:
    """Decode ``data`` whose label says ``declared``; return (text, Russian note or None).

    Pure ASCII and valid UTF-8 are taken as such (8-bit Cyrillic in cp1251/koi8-r is never
    valid UTF-8). Otherwise the declared charset, UTF-8, cp1251, koi8-r and
    charset-normalizer's guess are compared by :func:`_plausibility`; the declared one wins
    unless another is clearly more plausible. Never raises; undecodable bytes become U+FFFD.
    """
    if not data:
        return "", None
    codec = codec_name(declared)
    label = (declared or "").strip()
    if data.isascii():
        return data.decode("ascii"), None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        if codec == "utf-8" or not label:
            return text, None
        return text, f"кодировка указана как «{label}», но текст в UTF-8: прочитан как UTF-8"
    chosen, text = _most_plausible(data, codec)
    return text, _charset_note(label, codec, chosen, text)


def _most_plausible(data: bytes, codec: str | None) -> tuple[str, str]:
    """(codec, text) of the most plausible reading of ``data``; ``codec`` (declared) first.

    charset-normalizer is asked only when no fixed candidate reads as plausible text (it is
    the slow part, and for Russian text the fixed candidates decide).
    """
    fixed = [codec, *(codec_name(name) for name in FALLBACK_CHARSETS)]
    scored = _score(data, fixed)
    if max(item[0] for item in scored) < PLAUSIBLE_ENOUGH:
        scored += _score(data, [_normalizer_guess(data)], skip={item[1] for item in scored})
    best = max(scored, key=lambda item: item[0])  # never empty: utf-8 with replace works
    first = scored[0]
    if codec is not None and first[1] == codec and first[0] >= best[0] - DECLARED_CHARSET_MARGIN:
        return first[1], first[2]
    return best[1], best[2]


def _score(data: bytes, names: list[str | None], skip=frozenset()) -> list[tuple[float, str, str]]:
    """(plausibility, codec, text) for each usable codec of ``names``, in order, no repeats."""
    out: list[tuple[float, str, str]] = []
    seen = set(skip)
    for name in names:
        if not name or name in seen:
            continue
        seen.add(name)
        try:
            decoded = data.decode(name, errors="replace")
        except Exception:
            continue
        out.append((_plausibility(decoded), name, decoded))
    return out


def _charset_note(label: str, codec: str | None, chosen: str, text: str) -> str | None:
    """Russian note for the host on how a text's charset was chosen (None: as declared)."""
    damaged = "\ufffd" in text
    if chosen == codec:
        return "часть символов текста не прочитана: письмо повреждено" if damaged else None
    if codec is None and label:
        return f"неизвестная кодировка «{label}»: текст прочитан как {chosen}"
    if codec is None:
        return f"кодировка не указана: текст прочитан как {chosen}"
    return f"кодировка указана как «{label}», но текст прочитан как {chosen}"


# --------------------------------------------------------------------------------------------
# Raw headers (RFC 5322 §2.2, RFC 2047)
# --------------------------------------------------------------------------------------------


_ENCODED_WORD = re.compile(rb"=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=")


def _decode_encoded_word(enc: bytes, payload: bytes) -> bytes:
    """Bytes carried by one RFC 2047 encoded word (B or Q), tolerant of bad padding."""
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
    Results are remembered (the same From names and subjects come in letter after letter,
    and judging a charset's plausibility is the slow part of decoding). NUL characters are
    dropped: no header means one, and PostgreSQL cannot store them.
    """
    if value.isascii() and b"=?" not in value:
        return re.sub(r"\s+", " ", value.decode("ascii")).strip().replace("\x00", ""), []
    text, notes = _decode_header_cached(bytes(value))
    return text.replace("\x00", ""), list(notes)


#: Distinct raw header values remembered by :func:`decode_header_bytes`.
HEADER_CACHE_SIZE = 4096


@functools.lru_cache(maxsize=HEADER_CACHE_SIZE)
def _decode_header_cached(value: bytes) -> tuple[str, tuple[str, ...]]:
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
    return re.sub(r"\s+", " ", "".join(out)).strip(), tuple(notes)
