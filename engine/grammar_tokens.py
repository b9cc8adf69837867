"""Tokens and clauses of a letter (issue 3).

A letter is cut into tokens (words and the punctuation that matters to the grammar) that
keep their place in the original text, so every move and problem can quote its span. Quoted
replies («> …») and the signature after «-- » are dropped. Clauses end at a line break and
at «.», «!», «?», «;».
"""

from __future__ import annotations

import re
from typing import NamedTuple

from . import grammar_vocab as V
from .lexicon import lexicon
from .words import norm, verb_reading

_TOKEN = re.compile(
    r"(?P<w>\w+(?:['’`-]\w+)*)"
    r"|(?P<a>->|=>|→)"
    r"|(?P<p>[:,;.!?—–\-()\[\]«»\"“”„/+&*•…])"
    r"|(?P<n>\n)"
)
_QUOTES = frozenset("«»\"“”„")
_CLAUSE_END = frozenset({".", "!", "?", ";", "\n"})
#: The token of an emoji (a run of pictographs): it ends a sentence when a move word or a
#: verb in the first person follows it, and is no token of the clause otherwise.
EMOJI = "\u263a"


#: Capitalised words that open a new sentence after an emoji («…ночевала Сова 🦉 А можно
#: двоих сразу?»): the question after it is not the move's.
_OPENERS = frozenset({"а", "но", "если", "кстати", "хотя", "только", "правда",
                      # «…его же нет в игре 🙈 Ну тогда X»: a change of mind opens one too
                      "ну", "ладно", "тогда",
                      # «ищу у Веги 🌟 Вдруг она …?»: a guess about the target opens one
                      "вдруг", "может", "наверное", "наверно", "кажется", "похоже", "вроде",
                      "видимо", "надеюсь"})
#: Words of today that open a new sentence after an emoji («вчера у Тимохи пусто 😿 сегодня
#: иду к Лисе»): what stood before (the past) is not the move's.
_TODAY = frozenset({"сегодня", "седня", "сейчас", "нынче", "теперь"})
#: Words of the past that open a new sentence after an emoji («жду вас снова к себе 🍷 вчера
#: так хорошо посидели!»): a story after the move, not part of it.
_PAST = frozenset({"вчера", "позавчера"})
#: A word of conclusion that opens a new sentence after an emoji in any case («…а не стоп
#: вчера ж её чистил 🤦 тогда Людочку»): the change of mind is a sentence of its own.
_THEN = frozenset({"тогда"})
#: Words of a wish that, after an emoji, part what follows from the word before the picture as
#: a comma would («зову Палыча 🍷 пусть расскажет, как там в ночную смену»): the name before
#: it stays the object of the move, never the subject of the wish.
_WISH_OPENERS = frozenset({"пусть", "пускай"})


#: The writer himself as the subject or owner that opens a new sentence after an emoji
#: («ход на усмотрение Лены 🙏 у меня завтра утренник», «… 😅 я сегодня спать»).
_SELF_OPENERS = frozenset({"я", "мы"})
_SELF_OWNED = frozenset({"меня", "нас"})


def _about_self(toks: list, k: int, last: int) -> bool:
    """True when the words at ``k`` (right after an emoji) are the writer's own «я», «мы» or
    «у меня», «у нас»: a statement about himself, never the object of the move before the
    picture."""
    if toks[k].w in _SELF_OPENERS:
        return True
    return toks[k].w == "у" and k + 1 < last and toks[k + 1].w in _SELF_OWNED


class Tok(NamedTuple):
    """One token: ``text`` as written, ``w`` normalised (lower case, ё → е; punctuation as
    itself, dashes as «—», arrows as «→»), ``start``/``end`` offsets in the letter,
    ``word`` (a word, not punctuation), ``cap`` (written with a capital), ``quoted``.
    Immutable (a tuple: cheap to make, a letter has hundreds)."""

    text: str
    w: str
    start: int
    end: int
    word: bool
    cap: bool = False
    quoted: bool = False


def visible_text(text: str) -> str:
    """The letter with quoted lines and the signature blanked (offsets kept)."""
    if ">" not in text and "--" not in text:
        return text  # nothing quoted, no signature: the common case costs two scans
    out, pos, signature = [], 0, False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped in ("--", "-- ") or line.startswith("-- "):
            signature = True
        if signature or stripped.startswith(">"):
            out.append(re.sub(r"[^\n]", " ", line))
        else:
            out.append(line)
        pos += len(line)
    return "".join(out)


def tokenize(text: str) -> list[Tok]:
    """All tokens of ``text`` in order (see :class:`Tok`)."""
    return tokenize_span(visible_text(text), 0, len(text))


def tokenize_span(visible: str, lo: int, hi: int) -> list[Tok]:
    """The tokens of ``visible[lo:hi]`` (``visible``: :func:`visible_text` of the letter),
    with offsets in the whole letter.

    The tokens come as plain strings (C ``findall``: no match object per token); each one's
    offset is the first place it is written at from the end of the one before (the text
    between two tokens holds nothing :data:`_TOKEN` matches, so that place is the match's)."""
    toks: list[Tok] = []
    add, new = toks.append, tuple.__new__  # tuple.__new__: half the cost of Tok(...)
    seen = _WORD_FORMS
    quoted = False
    find = visible.find
    pos = lo
    for raw in _TOKEN_TEXT.findall(visible, lo, hi):
        start = find(raw, pos)
        pos = start + len(raw)
        form = seen.get(raw)  # (words only: punctuation is never remembered)
        if form is not None or raw[0].isalnum() or raw[0] == "_":  # a word (\w first): most
            if form is None:
                form = _word_form(raw)
            add(new(Tok, (raw, form[0], start, pos, True, form[1], quoted)))
            continue
        if raw in _QUOTES:
            quoted = not quoted if raw in "\"" else raw in "«“„"
        w = "→" if raw in _ARROWS else ("—" if raw in "-–—" else _BRACKETS.get(raw, raw))
        if raw[0] >= "\u2600":
            w = EMOJI  # a picture: see clauses()
        add(new(Tok, (raw, w, start, pos, False, False, False)))
    if _SHOUT.search(visible, lo, hi):
        _uncap_shouting(toks)
    if _THAT_IS_SHORT.search(visible, lo, hi):
        _that_is_spelt_out(toks)
    return toks


#: «то есть» written short or run together: «т.е.», «т. е.», «тоесть», «тоись» (a fast skip).
#: (``(?i)(?<!\w)(?:т\s?\.\s?е(?!\w)|то(?:есть|ись|исть|есь)(?!\w))`` with its first letter as
#: the set of every character the case-blind «т» matches — «т», «Т» and the old forms U+1C84,
#: U+1C85 — and the word's start looked behind after it: ``re`` skips along to each at C
#: speed instead of trying the look-behind at every place of every span tokenized; the same
#: matches.)
_THAT_IS_SHORT = re.compile(r"[тТ\u1c84\u1c85](?<!\w.)(?i:\s?\.\s?е(?!\w)|о(?:есть|ись|исть|есь)(?!\w))")
_THAT_IS_RUN = frozenset({"тоесть", "тоись", "тоисть", "тоесь"})


def _that_is_spelt_out(toks: list[Tok]) -> None:
    """«т.е.», «т. е.» and the run-together «тоесть», «тоись» inside a sentence become the two
    words «то есть» (in place; each keeps its own offsets and text), so that a correction or
    clarification after them («Голосую за X, т.е. за Y») is read as after «то есть»; the
    abbreviation's dots end no clause. At the start of a sentence or line they stay as
    written."""
    n = 0
    while n < len(toks):
        t = toks[n]
        if n == 0 or toks[n - 1].w in _CLAUSE_END:
            n += 1  # («Т.е. охраняю X» opening a line: as written, no correction of a name)
            continue
        if t.word and t.w in _THAT_IS_RUN:
            cut = t.start + 2
            toks[n:n + 1] = [Tok(t.text[:2], "то", t.start, cut, True, t.cap, t.quoted),
                             Tok(t.text[2:], "есть", cut, t.end, True, False, t.quoted)]
        elif t.word and t.w == "т" and n + 2 < len(toks) and toks[n + 1].w == "." and \
                toks[n + 2].word and toks[n + 2].w == "е":
            last = n + 3 if n + 3 < len(toks) and toks[n + 3].w == "." else n + 2
            e = toks[n + 2]
            toks[n:last + 1] = [Tok(t.text, "то", t.start, toks[n + 1].end, True, t.cap, t.quoted),
                                Tok(e.text, "есть", e.start, toks[last].end, True, False, e.quoted)]
        n += 1


#: Two words in capitals one after the other (a line written with Caps Lock on, maybe).
_SHOUT = re.compile(r"[A-ZА-ЯЁІЇЄҐ][A-ZА-ЯЁІЇЄҐ]+[ ,]+[A-ZА-ЯЁІЇЄҐ]{2,}")  # (one set first: a fast skip)


def _uncap_shouting(toks: list[Tok]) -> None:
    """A line whose words (two letters or more, two words at least) are all in capitals
    («БЬЮ ОСТАПА, ОН СЕГОДНЯ ТИХИЙ») tells no name by its capitals: its words lose ``cap``
    (in place), as in a line written in lower case."""
    start = 0
    for i in range(len(toks) + 1):
        if i < len(toks) and toks[i].w != "\n":
            continue
        words = [t for t in toks[start:i] if t.word and len(t.text) >= 2 and not t.text.isdigit()]
        if len(words) >= 2 and all(t.text.isupper() for t in words):
            for j in range(start, i):
                if toks[j].cap:
                    toks[j] = toks[j]._replace(cap=False)
        start = i + 1


#: :data:`_TOKEN` without its groups (``findall`` then gives the tokens' text).
_TOKEN_TEXT = re.compile(r"\w+(?:['’`-]\w+)*|->|=>|→|[:,;.!?—–\-()\[\]«»\"“”„/+&*•…]|\n|"
                         "[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]+")
_ARROWS = frozenset({"->", "=>", "→"})
#: Square brackets read as round ones: «Голос за Буку [она сама просила]» is an aside.
_BRACKETS = {"[": "(", "]": ")"}


#: A written word → (its normalised form, written with a capital): a pure function of the
#: word, remembered (emptied when it grows past 100,000 words).
_WORD_FORMS: dict[str, tuple[str, bool]] = {}


#: A numbered update mark of a letter («UPD2», «апд3»).
_NUMBERED_UPDATE = re.compile(r"(?:upd|апд)\d{1,2}")


def _word_form(raw: str) -> tuple[str, bool]:
    """(:func:`engine.words.norm` of ``raw``, its first letter a capital), remembered in
    :data:`_WORD_FORMS`. A word of no dictionary one letter away from a word that takes a
    move back («хтоя», «билн», «сотп»: :func:`_take_back_typo`) is read as that word; the
    spoken particle «ж» is read as «же»."""
    if len(_WORD_FORMS) > 100_000:
        _WORD_FORMS.clear()
    w = norm(raw)
    if w[-1].isdigit() and _NUMBERED_UPDATE.fullmatch(w):
        w = w.rstrip("0123456789")  # «UPD2:», «апд3»: an update of the letter as «UPD:»
    if "-" in w:
        w = _said_once(w)
    if w == "ж":
        w = "же"  # «за неё ж голосую»: the spoken particle «ж» is «же»
    w = _SPOKEN_TODAY.get(w, w)  # «сёдня ежа в канаву»: «сегодня» as it is said
    form = _WORD_FORMS[raw] = (_take_back_typo(w) or w, raw[0].isupper())
    return form


#: Spoken spellings of «сегодня» («сёдня», «седня», «севодня»): read as the word itself, so
#: that every rule that knows «сегодня» («сегодня Ёжика бью») knows them too.
_SPOKEN_TODAY = {"седня": "сегодня", "севодня": "сегодня", "сиводня": "сегодня",
                 "сеодня": "сегодня", "сегодн": "сегодня"}


#: Words of «everybody», «nobody» that a writer doubles for warmth or stress («приглашаю
#: всех-всех-всех», «никого-никого»): read as written once (a nickname is never one of them).
_SAID_TWICE = frozenset({"всех", "всем", "все", "всё", "никого", "никому", "каждого", "каждому"})


def _said_once(w: str) -> str:
    """``w`` («всех-всех-всех») as its one word (:data:`_SAID_TWICE`) when it is that word
    repeated with hyphens; ``w`` otherwise."""
    parts = w.split("-")
    return parts[0] if parts[0] in _SAID_TWICE and all(p == parts[0] for p in parts) else w


#: Words that take a move back, correct it, make it a condition, a hedge or a plan, or leave
#: it to the boss, as phone writers misspell them («хтоя», «елси», «мжоет», «лчуше»,
#: «синмаю», «усмотрнеие»): a slip must not turn a hedged move into an order.
_TAKE_BACK_WORDS = ("хотя", "блин", "стоп", "короче", "передумал", "передумала", "вернее",
                    "точнее", "отбой", "ошибся", "ошиблась", "пожалуй", "если", "может",
                    "лучше", "снимаю", "снимаем", "наверное", "наверно", "подумаю", "посмотрю",
                    "завтра", "потом", "позже", "решу", "усмотрение", "усмотрению")


def _take_back_typo(w: str) -> str | None:
    """The correction word ``w`` misspells by one edit (a swapped pair: «хтоя» → «хотя»; in a
    word of six letters or more also a wrong, missing or extra letter), when ``w`` is four
    Cyrillic letters or more and no dictionary word; else None."""
    if len(w) < 4 or not w.isalpha() or not ("а" <= w[0] <= "я"):
        return None
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    best = process.extractOne(w, _TAKE_BACK_WORDS, scorer=OSA.distance, score_cutoff=1)
    if best is None or best[1] == 0:
        return None
    if len(best[0]) < 6 and sorted(w) != sorted(best[0]):
        return None  # a short word: two letters swapped only («котя» is a pet name, no «хотя»)
    from .words import is_known_word

    return None if is_known_word(w) else best[0]


def clauses(toks: list[Tok]) -> list[list[Tok]]:
    """Split tokens into clauses (the boundary tokens themselves are dropped). An ellipsis
    after a move word or a preposition, before a word, goes on with the clause
    («Голосую за... ну пусть будет Сергей»), and so does a full stop between a plan for
    «завтра» and «А сегодня …» (engine.grammar_plans.today_instead)."""
    out: list[list[Tok]] = []
    cur: list[Tok] = []
    toks = toks + [_END]
    last = len(toks) - 1
    depth = 0  # «Голос (тайно!): Бука»: «!» and «?» inside brackets end nothing
    swaps = not SWAP_VERBS.isdisjoint(t.w for t in toks if t.word)  # (most letters: none)
    for n, t in enumerate(toks):
        if t.word:
            cur.append(t)
            continue
        w = t.w
        if w == EMOJI:
            if cur and n < last and toks[n + 1].word and (_predicate(toks[n + 1].w) or (
                    toks[n + 1].cap and n + 2 < last and toks[n + 2].w == "," and
                    n + 3 < last and toks[n + 3].word) or (
                    toks[n + 1].cap and toks[n + 1].w in _OPENERS) or toks[n + 1].w in _TODAY or
                    toks[n + 1].w in _PAST or toks[n + 1].w in _THEN or
                    _cap_phrase(toks, n + 1, last) or _name_then_own(toks, n + 1, last) or
                    _about_self(toks, n + 1, last)):
                out.append(cur)  # «мне миномёт достался 😁 палю в Ёжика»: a new sentence
                # (not «Голос у Мирона 😂 такой писклявый»; «нахамил 😤 Зову X» too; a
                # name spoken to opens one: «…после гостей 🤢 Бублик, что ты мне налил??»,
                # and a capital opener: «Зову Сову 🦉 А охоту пропущу»)
                cur = []
            elif cur and cur[-1].word and n < last and toks[n + 1].w in _WISH_OPENERS:
                cur.append(t._replace(w=",", word=False))  # «Тогда Палыча 🍷 пусть расскажет
                # …»: a wish about the one just named, parted from him as by a comma
            continue  # else a picture is no token of the clause
        if (w == ")" and not depth) or (w == "(" and _sad_smiley(toks, n)):
            _smiley_eyes_dropped(cur, t)  # «линч Байдарке :)»: the eyes are no colon
            if cur and not (len(cur) == 1 and _is_bullet(cur[0])):
                out.append(cur)  # «угадала)) линч шмель», «убили(( лечу Васю»: a smiley
                cur = []  # ends the sentence («1)» at a line's start is a bullet)
            continue
        if w == "(":
            depth += 1
        elif w == ")":
            depth = max(0, depth - 1)
        elif w == "." and ((n < last and toks[n + 1].w == ".") or (n and toks[n - 1].w == ".")) \
                and _hanging_ellipsis(toks, n, cur):  # (a lone «.» is never an ellipsis)
            continue
        elif depth and (w == "!" or w == "?" or (w == "." and n < last and toks[n + 1].w == ")")):
            continue  # («Голоса (Голос, 2 шт.): X, Y»: the dot of a word cut short)
        elif depth and w == "." and _abbreviation_dot(toks, n, last) and _closed_on_line(toks, n):
            continue  # «Проверка (см. п. 1 Правил) — X»: the dot of an abbreviation in an aside
        elif w == "?" and cur and _asks_whom(cur) and _answered(cur, toks, n, last):
            cur.append(t._replace(w="—"))  # «Кого зову сегодня? Мармеладку 🍷»: asked and
            continue  # answered by the sender himself, as «Кого зову — Мармеладку»
        elif w == "…" and n < last and toks[n + 1].word and _hangs(cur, toks, n + 1):
            continue  # «Голосую за… Бобра»: as «...»; else «…» ends the clause
        elif w == "." and cur and _initial_dot(cur, toks, n, last):
            continue  # «Голоса: Нину К. и Танечку»: the dot of an initial, the clause goes on
        elif w == "." and n + 2 < last and toks[n + 1].w == "а" and \
                toks[n + 2].w == "сегодня" and any(c.w == "завтра" for c in cur):
            cur.append(t._replace(w=","))  # «Может, завтра проверю X. А сегодня — Y»: today
            continue  # set against the plan, as «…, а сегодня — Y» (a comma parts the two)
        if w in _CLAUSE_END or w == "…" or (w == "," and (_member_heading_after(toks, n) or
                                                          _other_vote_after(toks, n) or
                                                          (swaps and _swap_after(toks, n)))):
            depth = 0 if w == "\n" else depth
            while cur and _is_bullet(cur[0]):
                cur.pop(0)
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append(t)
    return out


#: How many tokens after a dot inside brackets its closing bracket may come (an aside).
_ASIDE_REACH = 12


#: The longest word cut short by a dot in an aside («п.», «см.», «ст.», «прим.»).
_ABBREVIATION_MAX = 4


def _abbreviation_dot(toks: list[Tok], n: int, last: int) -> bool:
    """True when the «.» at ``toks[n]`` is written right after a short word (at most
    :data:`_ABBREVIATION_MAX` letters: «п.», «см.», «т.е.») and is no dot of an ellipsis."""
    prev = toks[n - 1] if n else None
    return prev is not None and prev.word and len(prev.w) <= _ABBREVIATION_MAX and \
        prev.end == toks[n].start and not (n < last and toks[n + 1].w == ".")


def _closed_on_line(toks: list[Tok], n: int) -> bool:
    """True when the bracket open before the «.» at ``toks[n]`` closes after it on the same
    line, within :data:`_ASIDE_REACH` tokens, with no «!», «?», «;» or «(» between: the
    dot is one of an abbreviation inside a short aside («(см. выше)», «(т.е. по правилам)»,
    «(п. 1 «а» Правил)», «(пп. 1–2)»), no end of the sentence."""
    for t in toks[n + 1:n + 1 + _ASIDE_REACH]:
        if t.w == ")":
            return True
        if (t.w in _CLAUSE_END and t.w != ".") or t.w == "(":
            return False
    return False


def _initial_dot(cur: list[Tok], toks: list[Tok], n: int, last: int) -> bool:
    """True when the «.» at ``toks[n]`` closes an initial after a name («Нину К. и Танечку»,
    «Олю П., Гену»): one capital letter right before it, after a capitalised word, and the
    text goes on in lower case («и», a comma) on the same line: no end of the sentence."""
    k, prev = cur[-1], cur[-2] if len(cur) > 1 else cur[-1]
    if k.w[:1] == "\x00":  # a nick merged from its words: «Нину К» for Nina_K
        if not (_INITIAL_END.search(k.w[1:]) and k.end == toks[n].start and
                k.end - k.start > len(k.text)):
            return False
    elif not (k.word and k.cap and len(k.w) == 1 and k.w.isalpha() and
              k.end == toks[n].start and prev.word and prev.cap and len(prev.w) > 2):
        return False
    nxt = toks[n + 1] if n < last else None
    return nxt is not None and (nxt.w == "," or (nxt.word and not nxt.cap and nxt.w in _GOES_ON))


#: A nickname ending in an initial («Nina_K», «Ирина В.»).
_INITIAL_END = re.compile(r"[ _.\-][A-ZА-ЯЁ]\.?$")
#: Lower-case words that go on with a sentence after an initial's dot.
_GOES_ON = frozenset({"и", "или", "да", "а", "с", "плюс"})


def _smiley_eyes_dropped(cur: list[Tok], mouth: Tok) -> None:
    """Drop the eyes of a smiley («:», «;», with a nose «-» between) written right before its
    mouth ``mouth`` from the end of the clause ``cur`` («линч Байдарке :)», «…;-)»): they are
    no colon or dash of the clause."""
    end = mouth.start
    k = len(cur)
    if k and cur[k - 1].w in ("-", "—", "–") and not cur[k - 1].word and cur[k - 1].end == end:
        end, k = cur[k - 1].start, k - 1
    if k and cur[k - 1].w in (":", ";") and not cur[k - 1].word and cur[k - 1].end == end:
        del cur[k - 1:]


def _sad_smiley(toks: list[Tok], n: int) -> bool:
    """True when the «(» at ``toks[n]`` is a sad smiley, not a bracket: one of a run of two or
    more («убили((»), or right after a colon («:(»)."""
    before = toks[n - 1].w if n else ""
    after = toks[n + 1].w if n + 1 < len(toks) else ""
    return before in ("(", ":") or after == "("


#: Question words that open the sender's question to himself about his move's target.
_ASKS_WHOM = frozenset({"кого", "кому", "к", "у", "за", "в"})
#: Words that make a question no plain one about his own move's target: a wish («кого бы
#: шизнуть?»), a choice offered («Кузю или Сову?»), a doubt («лечить ли …»).
_NOT_ASKED_OF_SELF = frozenset({"бы", "б", "или", "ли", "не"})
#: The future auxiliary before a move's infinitive («Маньячить сегодня кого буду?»).
_WILL = frozenset({"буду", "будем"})


def _asks_whom(cur: list[Tok]) -> bool:
    """True when the question clause ``cur`` asks whom the sender's own move is on: it opens
    with «кого»/«кому» (or a preposition and one: «К кому иду?»), or is a short one holding
    one, no comma («Маньячу сегодня кого?», «Маньячить сегодня кого буду?»); and it holds a
    first-person move word, or a move's infinitive with «буду» — no wish, choice or doubt
    (:data:`_NOT_ASKED_OF_SELF`)."""
    words = [c.w for c in cur if c.word]
    if not words:
        return False
    if words[0] in ("к", "у", "за", "в"):
        if len(words) < 2 or words[1] not in ("кому", "кого"):
            return False
    elif words[0] not in ("кого", "кому"):
        if "кого" not in words and "кому" not in words:
            return False
        if not _NOT_ASKED_OF_SELF.isdisjoint(words) or len(words) > 5 or \
                any(c.w == "," for c in cur):
            return False  # («Я сама выбираю, кого ищу, да?»: a question to the host)
    lex = lexicon()
    if any(x in lex.first for x in words):
        return True
    return not _WILL.isdisjoint(words) and any(
        x in lex.words and x.endswith(("ть", "ти", "чь")) for x in words)


def _answered(cur: list[Tok], toks: list[Tok], n: int, last: int) -> bool:
    """True when the clause ``cur`` ended by the «?» at ``toks[n]`` (asking whom the sender's
    own move is on, :func:`_asks_whom`: «Кого зову сегодня на глинтвейн?», «К кому иду?»)
    is followed by one to three words that end the sentence (a full stop, «!», a line break,
    an emoji or the end): he answers it himself. Not «Кого лечить?» (no first-person move
    word) nor «Кого зову? Кузю или Сову?» (a question again)."""
    k = n + 1
    while k < last and toks[k].word and k - n <= 3:
        k += 1
    return n + 1 < k and (k >= last or toks[k].w in (".", "!", "\n", EMOJI, "…"))


#: Capitalised prepositions that open a move's phrase after an emoji («меня выбрали 🥰 В пару
#: беру X», «🍷 На ночь зову X»).
_CAP_PREPS = frozenset({"в", "на", "к", "ко", "по"})


def _cap_phrase(toks: list[Tok], k: int, last: int) -> bool:
    """True when ``toks[k]`` is a preposition right before a move word, written with a
    capital («В пару беру X» after an emoji) or with a first-person verb after the word
    («заклевали 😤 по страху выбираю X»): a new sentence starts there."""
    if toks[k].w not in _CAP_PREPS or not (k + 1 < last and toks[k + 1].word and
                                           toks[k + 1].w in lexicon().words):
        return False
    return toks[k].cap or (k + 2 < last and toks[k + 2].word and _predicate(toks[k + 2].w))


def _name_then_own(toks: list[Tok], k: int, last: int) -> bool:
    """True when the words from ``k`` are openers (:data:`_OPENERS`, in any case), then a
    capitalised word and a move word or first-person verb right after it («…вчера звала 🙈
    тогда Пельмешка зову»): after an emoji, the writer's own new sentence, its name first."""
    while k < last and toks[k].word and toks[k].w in _OPENERS:
        k += 1
    return k + 1 < last and toks[k].word and toks[k].cap and toks[k + 1].word and \
        _predicate(toks[k + 1].w)


def _predicate(w: str) -> bool:
    """True for a move word or a verb in the first person («палю», «иду», «линч»): the writer
    begins a sentence of his own (not «Мотылёк ко мне 😡 приставал весь вечер»)."""
    if w in lexicon().words:
        return True
    reading = verb_reading(w)
    return reading is not None and reading[1] == "1per"


#: Words that open a boss's heading for a member's move («за Буку:», «для Лиса —»).
_HEADING_OPENERS = frozenset({"за", "для"})
#: Pronouns after «за»/«для» that make no heading («за тобой Браун —», «для него —»).
_PRONOUNS = frozenset({
    "меня", "мной", "мною", "тебя", "тобой", "тобою", "него", "ним", "нее", "неё", "ней", "нею",
    "нас", "нами", "вас", "вами", "них", "ними", "себя", "собой", "собою",
})


def _member_heading_after(toks: list[Tok], n: int) -> bool:
    """True when the «,» at ``toks[n]`` is followed by a heading «за Буку:» / «для Кота
    Бегемота —» (one to three words, then a colon or dash) that opens a new order: «Убиваем
    Маруську, за Буку: ворую у Пчёлки» is two clauses, as on two lines."""
    k = n + 1
    if k >= len(toks) or toks[k].w not in _HEADING_OPENERS:
        return False
    k += 1
    if k < len(toks) and toks[k].w in _PRONOUNS:
        return False  # «Лёха, за тобой Браун — обворуй его»: the member's target, no heading
    words = 0
    while k < len(toks) and toks[k].word and words < 4:
        words += 1
        k += 1
    return 1 <= words <= 3 and k < len(toks) and toks[k].w in (":", "—")


#: The second vote's heading after «а» / «и» («…, а другой — Кармен»).
_OTHER_VOTE = frozenset({"другой", "второй", "другое", "второе"})


def _other_vote_after(toks: list[Tok], n: int) -> bool:
    """True when the «,» at ``toks[n]`` is followed by «а» or «и», the second vote's heading
    and a dash («Голоса мои: один — Графу, уж больно он командует, а другой — Кармен»): the
    second vote opens a clause of its own, as on a line of its own."""
    return n + 3 < len(toks) and toks[n + 1].w in ("а", "и") and \
        toks[n + 2].w in _OTHER_VOTE and toks[n + 3].w in ("—", ":")


#: Verbs of exchanging a move's player in the first person (engine.parse_swap reads them, and
#: more: its imperatives and verbs of moving a vote).
SWAP_VERBS = frozenset({"меняю", "поменяю", "заменяю", "заменю", "сменю", "меняем",
                         "поменяем", "заменяем", "заменим"})
#: Words of a correction that may stand alone between commas before the exchange («…, нет, …»).
_SWAP_LEAD = frozenset({"нет", "не", "ой", "хотя", "стоп", "или"})


def _swap_after(toks: list[Tok], n: int) -> bool:
    """True when the «,» at ``toks[n]`` opens an exchange of a player just named («Линч: X и
    Y, Y меняю на Z», «…, нет, Y на Z поменяю»): the part from it up to the sentence's end
    (past commas of correction words alone) holds a verb of exchanging and «на» after a word,
    so it is read as a clause of its own (engine.parse_swap), never as more of the list.
    The player exchanged stands before «на» («Y меняю на Z», «меняю Y на Z»)."""
    k, seen_na, verb, named = n + 1, False, False, False
    while k < len(toks):
        w = toks[k].w
        if not toks[k].word:
            if w == "," and not verb and all(
                    toks[j].w in _SWAP_LEAD for j in range(n + 1, k) if toks[j].word):
                k += 1  # («…, нет, Y на Z поменяю»)
                continue
            break
        seen_na = seen_na or (w == "на" and named)
        verb = verb or w in SWAP_VERBS
        named = named or (w not in SWAP_VERBS and w not in _SWAP_LEAD and w != "на")
        k += 1
    return verb and seen_na


_END = Tok("\n", "\n", 0, 0, False)


def skip_words(clause: list[Tok], k: int, words) -> int:
    """The index of the first token from ``k`` whose word is not in ``words``."""
    while k < len(clause) and clause[k].w in words:
        k += 1
    return k


def _hanging_ellipsis(toks: list[Tok], n: int, cur: list[Tok]) -> bool:
    """True when the «.» at ``toks[n]`` is part of «...» that leaves a move word or a
    preposition hanging before a word on the same line."""
    k = n
    while k < len(toks) and toks[k].w == ".":
        k += 1
    j = n
    while j > 0 and toks[j - 1].w == ".":
        j -= 1
    return k - j >= 2 and k < len(toks) and toks[k].word and _hangs(cur, toks, k)


def _hangs(cur: list[Tok], toks: list[Tok], n: int) -> bool:
    """True when the last word of ``cur`` is a move word or a preposition, left hanging, or
    a word of :data:`_HANG_AFTER` after one («Бить буду...», «Зову к себе...») when the
    words from ``toks[n]`` on are a name alone, up to the sentence's end («Бить буду...
    Лося.», not «Бить буду... Кедр, ты мне хамил»: a name spoken to)."""
    words = [t.w for t in cur if t.word]
    while len(words) >= 2 and words[-1] in _PAUSE_FILLERS:
        words.pop()  # «Зову в гости... хм... Мишу»: the pause's own sound, no word of the clause
    if _name_sought(words):
        return True  # «стреляю в эту, как её… в Лизу»: a pause to recall the name
    if len(words) >= 2 and words[-1] in _LIST_HANG and toks[n].w != "хотя" and \
            toks[n].w not in V.CORRECTION_HEADS:
        return True  # «Голоса: Шкаф и... пусть Котофей, он молчит»: the list goes on
        # (not «Шкаф и... хотя нет, Сергей»: the pause takes the list back)
    k = len(words) - 1
    while k >= 0 and words[k] in _HANG_AFTER and len(words) - k <= 3:
        k -= 1
    if k < 0:
        return False
    if k == len(words) - 1:
        if words[k] in V.PREPOSITIONS or words[k] in lexicon().words:
            return True
        phrases = lexicon().phrases
        if not any(tuple(words[-size:]) in phrases for size in (2, 3, 4)):
            return False  # («Сегодня у меня на ноже... Кузя.»: a move's phrase left hanging)
    m = n
    while m < len(toks) and toks[m].word and m - n < 3:
        m += 1
    return (words[k] in lexicon().words or k == len(words) - 1) and \
        (m >= len(toks) or toks[m].w in _NAME_ENDS)


#: Sounds of a pause between a move word and its name («Зову в гости... хм... Мишу»).
_PAUSE_FILLERS = frozenset({"хм", "хмм", "хммм", "э", "ээ", "эээ", "мм", "ммм", "гм", "эм"})


#: Joiners that leave a list hanging before a pause («Шкаф и... Котофей»): no sentence ends
#: on them.
_LIST_HANG = frozenset({"и", "плюс"})


#: «как его…», «как её там…», «как его зовут…»: the writer recalls a name, the clause goes on.
_RECALL_PRONOUNS = frozenset({"его", "её", "ее", "их"})
_RECALL_AFTER = frozenset({"там", "зовут", "звать"})


def _name_sought(words: list[str]) -> bool:
    """True when ``words`` end with «как его» / «как её» (and «там», «зовут»): a pause in
    which the writer recalls a name, no end of his sentence."""
    k = len(words) - 1
    if k >= 0 and words[k] in _RECALL_AFTER:
        k -= 1
    return k >= 1 and words[k] in _RECALL_PRONOUNS and words[k - 1] == "как"


#: What may end the name alone after a pause («...Лося.», «...Сову 🦉»).
_NAME_ENDS = frozenset({".", "!", "…", "\n", EMOJI})


#: Words that may stand after the move word before a pause («Бить буду... Лося», «Зову к
#: себе... Сову»).
_HANG_AFTER = frozenset({"буду", "будем", "себе", "к",
                         # «Под защитой моей сегодня... Марго», «Лечу этой ночью... Лося»
                         "сегодня", "ночью", "этой", "снова", "опять", "моей", "мой", "моим",
                         "моя", "мою", "моё", "мое"})


def _is_bullet(t: Tok) -> bool:
    """List numbering and bullets at the start of a line («1)», «2.», «-», «•»)."""
    return t.w.isdigit() if t.word else t.w in (")", "(", "—", "*", "•", "+")


#: The clause :func:`clause_words` was asked about last and its words (compared by identity:
#: a clause is never changed once cut; the strong reference keeps its id from being reused).
_LAST_WORDS: list = [None, []]


def clause_words(clause: list[Tok]) -> list[str]:
    """The normalised text of every token of ``clause`` (``[t.w for t in clause]``), made once
    for the clause the parser is reading, however many checks ask for it. The list is shared:
    never change it."""
    if clause is _LAST_WORDS[0]:
        return _LAST_WORDS[1]
    words = [t.w for t in clause]
    _LAST_WORDS[0], _LAST_WORDS[1] = clause, words
    return words


def span(text: str, toks: list[Tok], i: int, j: int) -> str:
    """The original text from token ``i`` to token ``j - 1`` inclusive, trimmed."""
    if i >= j:
        return ""
    return text[toks[i].start:toks[j - 1].end].strip()


def part_around(clause: list[Tok], i: int, j: int, ends: frozenset[str]) -> tuple[int, int]:
    """The part of ``clause`` that holds tokens ``i`` to ``j - 1``: ``(lo, hi)`` widened from
    ``(i, j)`` to the nearest tokens of ``ends`` (punctuation that ends a part) on either
    side, those left out."""
    lo = i
    while lo > 0 and clause[lo - 1].w not in ends:
        lo -= 1
    hi = j
    while hi < len(clause) and clause[hi].w not in ends:
        hi += 1
    return lo, hi


def match_phrase(toks: list[Tok], i: int, phrase: tuple[str, ...]) -> bool:
    """True when the word tokens starting at ``i`` spell ``phrase``."""
    if i + len(phrase) > len(toks):
        return False
    for k, word in enumerate(phrase):  # a plain loop: this runs for every phrase tried
        t = toks[i + k]
        if t.w != word or not t.word:
            return False
    return True


#: Words that join two move words sharing one object («маньячить и охотиться — X»).
_JOINING = frozenset({"и", ",", "или", "/", "+", "а", "также", "плюс", "&"})


def joined_to_next(clause: list[Tok], j: int, hi: int) -> bool:
    """True when a keyword ending at token ``j`` is joined to the next keyword of the clause
    (at ``hi``) by «и», «,», «или», «/» … only: two moves written with one object
    («Маньячить и охотиться — Смита»), so the first one is not talk without a target."""
    return j < hi < len(clause) and all(t.w in _JOINING for t in clause[j:hi])
