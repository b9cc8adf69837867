"""A letter's layout put into the words a careful host reads at a glance (issue 11, layout).

Players lay moves out in ways the grammar reads only when written out in words: a picture
as the label («🗳 Граф», «👁 Кузя», or after the name of a short line: «Кузю 🔪»), a label and its value joined by a hyphen with no spaces
(«МО-Лось», «ГОЛОС-ЧУК»), a label alone on its line with the value on the next one
(«Голос мой⏎Филину.»), values numbered on one line («голоса: 1) Граф 2) Лиса»), a row of a
two-column table («| кровь | Сова |»), a label cut short with a dot («Гол. Кочегар»).
:func:`layout_labels` rewrites each into the plain form («Голос: Граф», «МО — Лось»,
«Голос мой: Филину.», «голоса: Граф, Лиса»); the grammar then reads the label by the
sender's role as it reads the words (a knife from a maniac is his kill, from a boss the
clan's; from anybody else the reply asks, ``not_your_role``).

A label is a move word of the lexicon that is no verb form of the first, second or third
person (:mod:`engine.lexicon`: «голос», «линч», «мо», «проверка», «наблюдение»). A roster
nickname is never cut («Мо-Мо», «Кибер-Кот»); an abbreviation, a time, a dotted nickname and
a sentence after a full stop are left as written. Pure; the length may change.
"""

from __future__ import annotations

import re

from .lexicon import lexicon
from .words import is_verb, morph, norm
from .textnorm_fields import empty_fields as _empty_fields, is_move_word, roster_words, table_cells

__all__ = ["layout_labels"]

#: Pictographs used as a move's label, and the word they stand for (a variation selector
#: may follow; the eye may carry its speech bubble «👁‍🗨»).
_PICTURE_WORDS = {"🗳": "Голос", "👁": "Наблюдение", "🔪": "Убийство", "💉": "Лечение",
                  "💊": "Лечение"}
_PICTURE = re.compile(r"^([ \t]*)((?:🗳|👁(?:\u200d🗨)?|🔪|💉|💊)\ufe0f?)(?:[ \t]*\2)*"
                      r"[ \t]*([:—–-]?)[ \t]*(?=([^\W\d_]*))", re.MULTILINE)

#: A label and a word joined by a hyphen with no spaces («МО-Лось», «Линч-Кузьмич»).
_HYPHENED = re.compile(r"(?<![\w-])([^\W\d_]+)-([^\W\d_]\w*)")
#: Particles written after a hyphen: «голос-то» is one word.
_PARTICLES = frozenset({"то", "ка", "либо", "нибудь", "таки", "де", "тка", "с"})

#: A line holding a label alone («Голос», «Голос мой», «Линч сегодня:»). (A word's letters
#: are never given back (``++``): no letter may follow a word, so a try ends at once.)
_LABEL_LINE = re.compile(r"[ \t]*([^\W\d_]++)((?:[ \t]+[^\W\d_]++){0,2})[ \t]*([:—–-]?)[ \t]*")
#: Words of talk that may open a label's line before it («короч ща голоса», «итак, голоса»).
_LEAD = re.compile(r"[ \t]*(?:(?:короче|короч|кароч|крч|итак|ну|ща|щас|так|вот|ладно|теперь|"
                   r"сегодня|сёдня|седня|мои|мой|моя)[ \t,]+){1,3}", re.IGNORECASE)
#: A line that opens a list, a quotation or a signature: never the value of a label.
_NOT_VALUE = re.compile(r"[ \t]*(?:[-*•>]|\d{1,2}[.)]|--)")
_WORDS = re.compile(r"[^\W\d_]+")

#: Latin letter-sounds of chat talk («zzz», «lol», «hmm», «xD»): a sigh or a laugh on its
#: own line, never a name written under a label. Besides these words, a Latin letter written
#: three times or more («zzz», «mmm») and laughs built of «ha»/«he»/«ah» («hahaha») count.
_LATIN_SOUNDS = frozenset({"lol", "lool", "lmao", "rofl", "omg", "wtf", "hm", "hmm", "xd",
                           "ugh", "meh", "brb", "afk", "ok", "okay", "oops", "wow", "yay"})
_LATIN_SOUND = re.compile(r"([a-z])\1{2,}|h+m+|(?:ha|he|ah|ho){2,}h?")

#: A digit and «.» or «)» after it somewhere in a text: a numbered item may be written inline
#: (:func:`_inline_numbers`). (The mark first, the digit looked behind: ``re`` skips along at
#: C speed to each «.» or «)» instead of trying ``\d[.)]`` at every position.)
_NUMBERED = re.compile(r"[.)](?<=\d[.)])")


def _numbered(text: str) -> bool:
    r"""``_NUMBERED.search(text) is not None``, told by C-level splits: a piece before a «.»
    or «)» that ends with a decimal digit (``str.isdecimal`` is ``re``'s ``\d``, Unicode
    category Nd). A charset opening a pattern is tried at every character of a long letter
    (~40 µs); the split is ~9 µs (issue 11, session 50)."""
    for mark in ".)":
        if mark in text:
            parts = text.split(mark)
            parts.pop()  # (the piece after the last mark: no mark follows it)
            for p in parts:
                if p[-1:].isdecimal():
                    return True
    return False


#: A number of a list item written inside a line («1) Граф 2) Лиса», «1. Граф 2. Лиса»).
_INLINE_MARK = re.compile(r"(?<![\w.,])(\d{1,2})([.)])[ \t]+(?=[^\W\d_])")


#: The label words of the lexicon in use, by the lexicon's id (the lexicon kept beside them:
#: a lexicon handed in by :func:`engine.lexicon.provide` gets its own).
_LABELS: dict[int, tuple[object, frozenset[str]]] = {}


def _is_label(word: str) -> bool:
    """True when ``word`` (as written) is a move label: a move word of the lexicon that is no
    verb form said of a person (nouns, slang labels, infinitives)."""
    lex = lexicon()
    known = _LABELS.get(id(lex))
    if known is None or known[0] is not lex:
        _LABELS.clear()
        known = _LABELS[id(lex)] = (lex, frozenset(
            w for w in lex.words
            if w not in lex.first and w not in lex.third and w not in lex.imperative))
    return norm(word) in known[1]


def layout_labels(text: str, nicks: tuple[str, ...] = (), sender: str = "") -> str:
    """``text`` with the layouts of the module's docstring written out in words.

    Args:
        text: the letter (after :func:`engine.textnorm.clean_text`).
        nicks: the roster's nicknames (a hyphened nickname is never cut).
        sender: the sender's nickname: a picture before his own name («👁 Глаз» from
            «Глаз-Алмаз») is his signature, no label.

    Returns:
        The text; unchanged when it holds none of those layouts. Never raises.
    """
    if "." in text and _SHORT_MOVE_DOT.search(text):
        text = _SHORT_MOVE_DOT.sub(_short_move_label, text)
    if any(p in text for p in _PICTURE_WORDS):
        text = _pictures(text, sender)
    if "-" in text:
        text = _hyphens(text, nicks)
    if _numbered(text):
        text = _inline_numbers(text)
    if "\n" in text:
        text = _label_lines(text, nicks, sender)
    if "|" in text:
        text = _table_rows(text)
    if "." in text and nicks and _short_label_dot(text):
        text = _cut_labels(text, nicks)
    return _empty_fields(text, nicks)  # «МО: нет», «Кража (вчера): X»: no move


#: The move labels players cut short with a dot in a list of orders («Уб. — X», «Лин. — Y»,
#: «Ладья — охр. меня»), and the words they stand for.
_SHORT_MOVE_LABELS = {"уб": "убийство", "пр": "проверка", "пров": "проверка", "лин": "линч",
                      "гол": "голос", "охр": "охрана", "леч": "лечение"}

#: The dot after one of :data:`_SHORT_MOVE_LABELS` (the dot matched first, the word looked
#: behind: ``re`` skips along at C speed to each «.»).
_SHORT_MOVE_DOT = re.compile(r"(?i)\.(?:(?<=(?<![^\W\d_])(?:уб|пр)\.)|"
                             r"(?<=(?<![^\W\d_])(?:лин|гол|охр|леч)\.)|"
                             r"(?<=(?<![^\W\d_])пров\.))")

#: What may stand before a cut label on its line: nothing, or a list mark («1.», «2)», «-»).
_LIST_HEAD = re.compile(r"[ \t]*(?:(?:\d{1,2}[.)]|[-•*])[ \t]*)?")
#: A dash or a colon and a space right before a cut label («Ладья — охр. меня»).
_VALUE_HEAD = re.compile(r"(?:^|[ \t])[—–:-][ \t]+$|:$")
#: After the dot, a dash or colon then the value («Уб. — X»).
_THEN_MARK = re.compile(r"[ \t]*[—–:-][ \t]*[^\W\d_]")
#: After the dot, a space and the value («охр. меня»).
_THEN_VALUE = re.compile(r"[ \t]+[^\W\d_]")


def _short_move_label(m: re.Match) -> str:
    """«Уб. — X» → «Убийство — X», «Ладья — охр. меня» → «Ладья — охрана меня»: a move label
    of :data:`_SHORT_MOVE_LABELS` cut short with a dot, either opening its line (after a list
    mark) with a dash or colon and a value after it, or written after a dash or colon (the
    label of a member's order) with a value after it. Anywhere else («и пр.», «ул. Лин.») the
    dot stays as written."""
    text, dot = m.string, m.start()
    lo = dot
    while lo > 0 and text[lo - 1].isalpha():
        lo -= 1
    word = text[lo:dot]
    line = text.rfind("\n", 0, lo) + 1
    head = text[line:lo]
    if _LIST_HEAD.fullmatch(head) and _THEN_MARK.match(text, dot + 1):
        pass
    elif _VALUE_HEAD.search(head) and _THEN_VALUE.match(text, dot + 1):
        pass
    else:
        return m.group(0)
    full = _SHORT_MOVE_LABELS[word.lower()]
    if word.isupper() and len(word) > 1:
        full = full.upper()  # («ЛИН. — X»)
    return full[len(word):]  # (the word stays as written, the dot becomes the rest of it)


#: A short label cut with a dot at a line's or sentence's start, then a value of one to three
#: words to the line's (or sentence's) end: «Гол. Кочегар», «Пров. Лось».
_CUT_LABEL = re.compile(r"(?m)((?:^|[.!?][ \t]+)[ \t]*)([^\W\d_]{2,4})\.([ \t]+)"
                        r"(?=[^\W\d_][^\s.!?]*(?:[ \t]+[^\s.!?]+){0,2}[ \t]*[.!]?[ \t]*$)")


#: A word of two to four letters and a dot, then a space or tab: the dot matched first and
#: the word looked behind (``re`` skips along at C speed to each «.»).
_SHORT_DOT = re.compile(r"\.(?:(?<=(?<![^\W\d_])[^\W\d_]{2}\.)|(?<=(?<![^\W\d_])[^\W\d_]{3}\.)|"
                        r"(?<=(?<![^\W\d_])[^\W\d_]{4}\.))[ \t]")


def _short_label_dot(text: str) -> bool:
    """True when a short move label (:func:`_is_label`, no «…ю», «…у» verb) with a dot and a
    space after it is written somewhere in ``text`` (the cheap test before :data:`_CUT_LABEL`)."""
    for m in _SHORT_DOT.finditer(text):
        k = m.start()
        lo = k - 1
        while lo >= 0 and text[lo].isalpha():
            lo -= 1
        if _cut_label_word(text[lo + 1:k]):
            return True
    return False


def _cut_label_word(word: str) -> bool:
    """True when ``word`` (as written) may be a label cut short with a dot: a move label
    (:func:`_is_label`) that is no slang verb of the first person («Шизю.»)."""
    return not word.lower().endswith(("ю", "у")) and _is_label(word)


def _cut_labels(text: str, nicks: tuple[str, ...]) -> str:
    """«Гол. Кочегар» → «Гол: Кочегар»: a move label of four letters at most (a word cut
    short, «гол», «пров», «мо») with an abbreviation's dot, then a short value to the end
    of its line that opens with a roster nickname: the dot is the abbreviation's, the value
    the label's. A slang verb of the first person («Шизю. Тополь молчит») is a sentence of
    its own."""
    return _CUT_LABEL.sub(lambda m: m.group(1) + m.group(2) + ":" + m.group(3)
                          if _cut_label_word(m.group(2)) and _nick_at(text, m.end(), nicks)
                          else m.group(0), text)


def _nick_at(text: str, at: int, nicks: tuple[str, ...]) -> bool:
    """True when a roster nickname, in any case form, is written at offset ``at``."""
    from .grammar_tokens import clause_words, tokenize_span
    from .names import name_index

    end = text.find("\n", at)
    toks = tokenize_span(text, at, len(text) if end < 0 else end)
    return bool(toks) and name_index(nicks).exact(clause_words(toks), 0, None) is not None


def _table_rows(text: str) -> str:
    """«| кровь | Мистер Икс |» → «кровь: Мистер Икс»: a row of a two-column table (the
    closing bar may be left out; both cells hold a letter) is its label and its value, when
    the value holds no move word («| врач | лечу X |» stays as it is: its own move word reads
    it). Rows of three columns («| Граф | грабит | Сову |») read as the words they hold."""
    lines = text.split("\n")
    for k, line in enumerate(lines):
        row = table_cells(line)
        if row is None or len(row[0]) != 2:
            continue
        label, value = row[0]
        if _WORDS.search(label) and _WORDS.search(value) and \
                not any(is_move_word(w) for w in _WORDS.findall(value)):
            lines[k] = f"{label}: {value}"
    return "\n".join(lines)


def _pictures(text: str, sender: str) -> str:
    """«🗳 Граф» → «Голос: Граф» at a line's start (a picture alone on its line becomes the
    label alone: :func:`_label_lines` joins it to its value). A picture before a move word
    («🔪 режу Кузю») or before a word of the sender's own nickname (a signature) is a
    picture: kept. A picture after the name of a short line («Вику 🔪») is its label too
    (:func:`_trailing`)."""
    own = set(_WORDS.findall(norm(sender)))

    def word(m: re.Match) -> str:
        if m.group(4) and (is_move_word(m.group(4)) or norm(m.group(4)) in own):
            return m.group(0)
        label = _PICTURE_WORDS[m.group(2)[0]]
        end = m.string.find("\n", m.end())
        rest = m.string[m.end():end if end >= 0 else len(m.string)]
        return m.group(1) + label + (" " + m.group(3) + " " if m.group(3) else
                                     ": " if rest.strip() else "")

    text = _PICTURE.sub(word, text)
    return _TRAILING_PICTURE.sub(lambda m: _trailing(m, own), text)


#: A picture after the one or two words of a short line («Вику 🔪», «Сегодня Кузю 💉»): the
#: label written after its value (a time word may open the line).
_TRAILING_PICTURE = re.compile(
    r"^([ \t]*)((?:(?:сегодня|сёдня|седня|ночью)[ \t,]+)?)"
    r"([^\W\d_][\w.'-]*(?:[ \t]+[^\W\d_][\w.'-]*)?)[ \t]*"
    r"(🗳|👁(?:\u200d🗨)?|🔪|💉|💊)\ufe0f?(?:[ \t]*\4\ufe0f?)*[ \t]*$",
    re.MULTILINE | re.IGNORECASE)


def _trailing(m: re.Match, own: set[str]) -> str:
    """«Вику 🔪» → «Убийство: Вику» (:data:`_TRAILING_PICTURE`); kept when a word of the value
    is a move word («режу Кузю 🔪») or a word of the sender's own nickname, or when its first
    word is no noun in an object's case only (a signature «Вика 🔪», a greeting «Привет 🔪»)
    or a word is a verb («Лелуш приказывает 👁»)."""
    value = m.group(3)
    words = _WORDS.findall(value)
    if any(is_move_word(w) or norm(w) in own or is_verb(norm(w)) for w in words) or \
            not _object_form(words[0]):
        return m.group(0)
    return f"{m.group(1)}{m.group(2)}{_PICTURE_WORDS[m.group(4)[0]]}: {value}"


def _hyphens(text: str, nicks: tuple[str, ...]) -> str:
    """«МО-Лось» → «МО — Лось» when the word before the hyphen is a label, the word after it
    no particle nor the same word again («пиу-пиу»), and the two are no move word of their
    own and no part of a nickname."""
    # (a match holds no space and sees a space as the text's end: only the pieces between
    # spaces that hold a hyphen are searched, each once per roster: _hyphened_pieces)
    done, spaced = _hyphened_pieces(nicks)
    out: list[str] = []
    last = 0  # (the text before it is in ``out``)
    at = text.find("-")
    while at >= 0:
        lo = text.rfind(" ", 0, at) + 1
        hi = text.find(" ", at)
        hi = len(text) if hi < 0 else hi
        piece = text[lo:hi]
        new = done.get(piece)
        if new is None:
            if len(done) > 50_000:
                done.clear()
            new = done[piece] = _HYPHENED.sub(spaced, piece)
        if new != piece:
            out += (text[last:lo], new)
            last = hi
        at = text.find("-", hi)
    return "".join(out) + text[last:] if out else text


def _hyphened_pieces(nicks: tuple[str, ...]):
    """``(memo, spaced)`` for the roster ``nicks``: ``spaced`` writes one match of
    :data:`_HYPHENED` out as :func:`_hyphens` does (a pure function of the match and the
    roster and the lexicon), ``memo`` maps a piece of text already seen to its result
    (tables for at most 64 rosters are kept; all are dropped when the lexicon changes)."""
    from .lexicon import lexicon

    lex = lexicon()
    if _HYPHEN_MEMO.get(None) is not lex:
        _HYPHEN_MEMO.clear()
        _HYPHEN_MEMO[None] = lex
    found = _HYPHEN_MEMO.get(nicks)
    if found is not None:
        return found
    low_nicks = " ".join(nicks).lower().replace("ё", "е")

    def spaced(m: re.Match) -> str:
        left, right = m.group(1), m.group(2)
        if right.lower() in _PARTICLES or norm(right) == norm(left) or not _is_label(left) or \
                is_move_word(m.group(0)) or norm(m.group(0)) in low_nicks:
            return m.group(0)
        return f"{left} — {right}"

    if len(_HYPHEN_MEMO) > 64:
        _HYPHEN_MEMO.clear()
    found = _HYPHEN_MEMO[nicks] = ({}, spaced)
    return found


#: roster → :func:`_hyphened_pieces`' answer (and None → the lexicon they were made with).
_HYPHEN_MEMO: dict = {}


#: The end of a sentence inside a line: «.», «!» or «?» and a space («Gosha.K» holds none).
_SENTENCE_STOP = re.compile(r"[.!?](?=\s)")


def _inline_numbers(text: str) -> str:
    """«голоса: 1) Граф 2) Лиса» → «голоса: Граф, Лиса»: two or more items numbered 1, 2, …
    with the same mark on one line, the first at the line's start or after a colon or a
    dash, each item a value (no move word, no colon or dash inside)."""
    out = []
    for line in text.split("\n"):
        marks = list(_INLINE_MARK.finditer(line))
        start = next((k for k, m in enumerate(marks) if m.group(1) == "1"), None)
        if start is None:
            out.append(line)
            continue
        run = [marks[start]]
        for m in marks[start + 1:]:
            if m.group(2) == run[0].group(2) and int(m.group(1)) == len(run) + 1:
                run.append(m)
        head = line[:run[0].start()].rstrip()
        if len(run) < 2 or (head and head[-1] not in ":—–-"):
            out.append(line)
            continue
        # («Цели: 1) X; 2) Y. Обоих — в расход»: the last item ends with its sentence)
        stop = _SENTENCE_STOP.search(line, run[-1].end())
        last_end = stop.start() + 1 if stop else len(line)
        ends = [m.start() for m in run[1:]] + [last_end]
        items = [line[m.end():e].strip().rstrip(".,;") for m, e in zip(run, ends)]
        if any(not item or re.search(r"[:—–]| - ", item) or
               any(is_move_word(w) for w in _WORDS.findall(item)) for item in items):
            if not head and all(items) and len(run) >= 3:
                # «1) Лютик — Зайка 2) Ёжик — я 3) мочим Ушастого»: orders numbered on one
                # line from its start, each its own line
                tail = line[run[-1].end():last_end].strip()
                out.append("\n".join(items) + (tail[-1] if tail[-1] in ".!;" else "") +
                           line[last_end:])
                continue
            out.append(line)
            continue
        tail = line[run[-1].end():last_end].strip()
        end = tail[-1] if tail and tail[-1] in ".!;" else ""
        out.append(line[:run[0].start()] + ", ".join(items) + end + line[last_end:])
    return "\n".join(out)


#: Grammemes of the words that may stand beside a label on its line and name nobody: a
#: pronoun («мой», «меня»), a preposition («на»), an adverb («сегодня»), a particle («тоже»).
_FILLER_TAGS = frozenset({"Apro", "NPRO", "PREP", "ADVB", "PRCL"})


def _label_filler(word: str, nick_words: frozenset[str]) -> bool:
    """True when ``word`` beside a label on its line is no value: written in lower case, part
    of no nickname, and a label itself («Голос на линч») or a word of :data:`_FILLER_TAGS`
    («Голос мой», not «мо нордика»: a name in lower case is the value). A personal pronoun
    of the third person («за него», «тоже он») is the value itself: it names the player
    spoken of before."""
    from .words import morph

    w = norm(word)
    if not word.islower() or w in nick_words:
        return False
    parses = morph().parse(w)
    if parses and all({"NPRO", "3per"} <= p.tag.grammemes for p in parses):
        return False  # «голос тоже он⏎А.В.»: the pronoun is the value, the next line a signature
    return _is_label(word) or any(not _FILLER_TAGS.isdisjoint(p.tag.grammemes)
                                  for p in morph().parse(w))


def _letter_sounds(line: str, nick_words: frozenset[str]) -> bool:
    """True when ``line`` holds only Latin letter-sounds of chat talk (:data:`_LATIN_SOUNDS`,
    «zzz», «hmm», «hahaha») and none of them is a word of a roster nickname: a sigh or a
    laugh, no name written under the label above it (round40: «линч X⏎zzz»)."""
    words = _WORDS.findall(line)
    if not words:
        return False
    for w in words:
        low = w.lower()
        if not low.isascii() or low in nick_words or not (
                low in _LATIN_SOUNDS or _LATIN_SOUND.fullmatch(low)):
            return False
    return True


def _another_value(line: str, own: set[str]) -> bool:
    """True when ``line`` reads as one more value under a label («Голос:⏎Мурка⏎Сова»): a line
    of at most three words that opens with no move word, no list mark, no quotation, with no
    punctuation but a final mark, and is no signature (words of the sender's nickname ``own``)."""
    words = _WORDS.findall(line)
    return 0 < len(words) <= 3 and not {norm(w) for w in words} <= own and not _NOT_VALUE.match(line) and \
        not is_move_word(words[0]) and not re.search(r"[,:;—–()]", line.rstrip(".!?… \t"))


def _label_lines(text: str, nicks: tuple[str, ...], sender: str = "") -> str:
    """«Голос мой⏎Филину.» → «Голос мой: Филину.»: a line of a label and at most two more
    words that name nobody (:func:`_label_filler`), then a line of at most six words that opens with
    no move word, no list mark, no quotation, and no more such values under it
    (:func:`_another_value`). A label alone with its colon is read by the grammar as it is
    («Линч:⏎Бука»)."""
    lines = text.split("\n")
    nick_words: frozenset[str] = frozenset()
    own: set[str] | None = None  # (both made at the first label's line: most letters have none)
    out: list[str] = []
    k = 0
    while k < len(lines):
        line = lines[k]
        if "." in line or "!" in line or "?" in line:
            out.append(line)  # (no label's line: it holds letters, spaces, tabs, commas and
            k += 1  # one «:» or dash only; most lines of a long letter end sentences)
            continue
        lead = _LEAD.match(line)  # «короч ща голоса⏎кекс и пиксель»: a word of talk first
        m = _LABEL_LINE.fullmatch(line, lead.end() if lead else 0)
        if m is not None and lead and not _is_label(m.group(1)):
            m = None
        if m is None:
            out.append(line)
            k += 1
            continue
        if own is None:
            nick_words, own = roster_words(nicks), set(_WORDS.findall(norm(sender)))
        nxt = lines[k + 1] if k + 1 < len(lines) else ""
        words = _WORDS.findall(nxt)
        if nxt.strip() and not _NOT_VALUE.match(nxt) and _is_label(m.group(1)) and \
                not (m.group(3) == ":" and not m.group(2)) and \
                not _another_value(lines[k + 2] if k + 2 < len(lines) else "", own) and \
                all(_label_filler(w, nick_words) for w in m.group(2).split()) and \
                0 < len(words) <= 6 and not is_move_word(words[0]) and \
                not _letter_sounds(nxt, nick_words):
            value = nxt.strip()
            sep = " " if m.group(3) or value[0] in ":—–-" else ": "
            out.append(line.rstrip() + sep + value)
            k += 2
            continue
        out.append(line)
        k += 1
    return "\n".join(out)


def _object_form(word: str) -> bool:
    """True when every reading of ``word`` is a noun (or name) in an oblique case, never the
    nominative: «Вику», «Белку», «Прохора» (the object of the move the picture stands for)."""
    parses = morph().parse(word.lower())
    return bool(parses) and all(p.tag.POS == "NOUN" and p.tag.case not in (None, "nomn")
                                for p in parses)
