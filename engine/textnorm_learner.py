"""Broken Russian of players whose Russian is not native, read as a host reads it (issue 11).

Three slips, each written out into the plain Russian the parser reads, only where the slip
cannot be ordinary speech:

- the move verb in a person or number its subject does not have: «мы проверил Ануш»,
  «охраняет я Шмеля», «я убиваем X» → «мы проверим Ануш», «охраняю я Шмеля». A past form is
  read as tonight's move only with «мы»/«я» of another number, or when its sentence says
  «сегодня ночью» (no word of a result there: «оказался», «мирный»), a name follows the
  verb and another sentence of the letter says «вчера» (the writer sets yesterday against
  today: «вчера был Гора … Сегодня ночью я воровал у Тамуна»); a past move told with
  «вчера» (or with no time word) stays a story. Only a verb whose first-person form is a
  move word of the lexicon is changed, and never the vote;
- the thief's rob told as a calque of «go to X's home and take everything»: «заходить в дом
  к Гора и всё брать», «к Лиса ходить и брать всё» → «ворую у Гора» (the sender a thief,
  a verb of going, «к» and a word, «брать/взять/забрать всё» in one sentence, no word of
  the past there);
- German move words and joiners in a letter to a Russian-speaking host: «ich prüfe X» →
  «проверяю X», «ich beobachte die X» → «слежу за X», «wir töten zwei: X und Y» →
  «убиваем двоих: X и Y», «wenn Arzt — heile X» → «если доктор — лечу X», «für X: …» →
  «за X: …»; the English article after an English move word goes («check the X»,
  «guarding the Don»). A word that is part of a nickname of the roster is never changed.

A letter with no Latin letter, no «я»/«мы» beside a verb and no «брать всё» costs a few
C-level searches. Pure; the length of the text may change.
"""

from __future__ import annotations

import functools
import re

from .textcase import latin_runs
from .words import morph, norm

__all__ = ["learner_fixed"]

_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+|[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)?")
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")

# --- German -------------------------------------------------------------------------------

#: German move words and joiners (lower case, ASCII spellings too) → Russian.
_GERMAN: dict[str, str] = {
    "ich prüfe": "проверяю", "ich pruefe": "проверяю", "prüfe": "проверяю",
    "pruefe": "проверяю", "wir prüfen": "проверяем", "wir pruefen": "проверяем",
    "ich überprüfe": "проверяю", "überprüfe": "проверяю",
    "ich beobachte": "слежу за", "beobachte": "слежу за", "wir beobachten": "следим за",
    "ich töte": "убиваю", "töte": "убиваю", "wir töten": "убиваем", "ich toete": "убиваю",
    "wir toeten": "убиваем", "wir ermorden": "убиваем", "ich ermorde": "убиваю",
    "ich heile": "лечу", "heile": "лечу", "ich schütze": "охраняю", "schütze": "охраняю",
    "ich bewache": "охраняю", "bewache": "охраняю",
    "ich suche": "ищу", "suche": "ищу", "ich beklaue": "ворую у", "beklaue": "ворую у",
    "ich bestehle": "обворовываю", "bestehle": "обворовываю",
    "prüfe ich": "проверяю", "prüfen wir": "проверяем", "töte ich": "убиваю",
    "töten wir": "убиваем", "heile ich": "лечу", "beobachte ich": "слежу за",
    "ich beschütze": "охраняю", "beschütze": "охраняю", "beschütze ich": "охраняю",
    "schütze ich": "охраняю", "bewache ich": "охраняю", "suche ich": "ищу",
    "ich jage": "охочусь на", "jage": "охочусь на", "jage ich": "охочусь на",
    "jagd auf": "охота на", "die jagd auf": "охота на",
    # the swindle: «Schwindel — X» (the noun), «ich betrüge X», «ich schwindle bei X»
    "schwindel": "жульничество", "ich betrüge": "обманываю", "betrüge": "обманываю",
    "ich betruege": "обманываю", "betrüge ich": "обманываю",
    "für": "за", "fuer": "за",
    "und": "и", "wenn": "если",
    "arzt": "доктор", "ärztin": "доктор", "kommissar": "комиссар", "kommissarin": "комиссар",
    "detektiv": "комиссар",
}
#: An article right after a German verb of watching or checking («ich beobachte die X»).
_ARTICLES = ("die", "den", "der", "das", "dem")


def _phrases(table: dict[str, str], between: str = r"\s+") -> str:
    """The keys of ``table`` (phrases of words split by one space) as one regex alternation,
    longest first, each word escaped and ``between`` (a regex) between its words."""
    return "|".join(sorted((between.join(map(re.escape, k.split())) for k in table),
                           key=len, reverse=True))


_GERMAN_RE = re.compile(
    r"(?<![\w.@-])(" + _phrases(_GERMAN) +
    r")(?:\s+(?:" + "|".join(_ARTICLES) + r")(?=\s))?(?![\w@-])", re.IGNORECASE)
#: «убиваем zwei»: «zwei» after a kill word is «двоих».
_TWO = re.compile(r"(?i)(убива\w*|убьём|убьем|kill\w*)(\s+)zwei\b")
#: «Betrug an X» (swindle on X) → «жульничаю с X».
_SWINDLE = re.compile(r"(?i)(?<![\w-])betrug\s+(?:an|bei|mit)(?=\s)")

#: An English article after a word: «check the X», «guarding the Don».
_THE_RE = re.compile(r"(?i)(?<![\w.@-])([a-z']+)(\s+(?:for\s+|on\s+)?)(?:the|a)\s+(?=\S)")


def _the_dropped(m: re.Match) -> str:
    """«check the X» → «check X»: the article after an English move word of the lexicon."""
    from .lexicon import lexicon

    return m.group(1) + m.group(2) if norm(m.group(1)) in lexicon().words else m.group(0)


@functools.lru_cache(maxsize=64)
def _nick_words(nicks: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w.lower() for n in nicks for w in re.findall(r"[^\W\d_]+", n))


#: The Latin words that can start anything :func:`_german` rewrites (its cheap guard).
_GERMAN_STARTS = frozenset(w for k in _GERMAN for w in k.split()[:1]) | {"the", "a", "betrug", "zwei"}


def _german(text: str, nicks: tuple[str, ...]) -> str:
    """German move words and joiners written in Russian (see the module's docstring)."""
    runs = latin_runs(text)  # the runs of [A-Za-zÄÖÜäöüß], at C speed
    if not any(len(w) >= 3 for w in runs) or _GERMAN_STARTS.isdisjoint(
            w.lower() for w in runs):
        return text  # (no Latin word of three letters, or none that starts a rewrite)
    guarded = _nick_words(nicks)

    def sub(m: re.Match) -> str:
        key = " ".join(m.group(1).lower().split())
        if any(w in guarded for w in key.split()):
            return m.group(0)
        return _GERMAN[key]

    out = _GERMAN_RE.sub(sub, text)
    if _THE_RE.search(out):
        out = _THE_RE.sub(_the_dropped, out)
    out = _TWO.sub(lambda m: m.group(1) + m.group(2) + "двоих", out)
    if "betrug" not in guarded:
        out = _SWINDLE.sub("жульничаю с", out)
    return out


# --- English words of correcting ----------------------------------------------------------

#: English phrases of correcting (lower case, words split by spaces or a comma) → Russian.
_ENGLISH_CORRECTIONS: dict[str, str] = {
    "no wait": "хотя нет", "wait no": "хотя нет", "no no wait": "хотя нет",
    "scratch that": "хотя нет", "on second thought": "хотя нет",
    "on second thoughts": "хотя нет", "actually no": "хотя нет", "no actually": "хотя нет",
    "changed my mind": "передумал", "i changed my mind": "передумал",
    "final answer": "окончательно", "final decision": "окончательно",
    "final choice": "окончательно", "my final answer": "окончательно",
    "correction": "поправка",
}
_ENGLISH_RE = re.compile(
    r"(?<![\w.@'-])(" + _phrases(_ENGLISH_CORRECTIONS, r",?\s+") + r")(?![\w@'-])",
    re.IGNORECASE)
#: The Latin words that can start anything :func:`_english_corrections` rewrites.
_ENGLISH_STARTS = frozenset(k.split()[0] for k in _ENGLISH_CORRECTIONS)


def _english_corrections(text: str, nicks: tuple[str, ...]) -> str:
    """English words of correcting written in Russian (see the module's docstring)."""
    runs = latin_runs(text)
    if not runs or _ENGLISH_STARTS.isdisjoint(w.lower() for w in runs):
        return text
    guarded = _nick_words(nicks)

    def sub(m: re.Match) -> str:
        words = re.findall(r"\w+", m.group(1).lower())
        if any(w in guarded for w in words):
            return m.group(0)
        return _ENGLISH_CORRECTIONS[" ".join(words)]

    return _ENGLISH_RE.sub(sub, text)


# --- the person, number and tense of a move verb ------------------------------------------

_PRONOUNS = {"я": "sing", "мы": "plur"}
#: Words of the past: a sentence holding one tells a story.
_PAST = frozenset({"вчера", "вчерашний", "вчерашняя", "вчерашнюю", "позавчера", "прошлой",
                   "прошлую", "прошлый", "прошлом", "раньше", "тогда", "было", "был",
                   "была", "были", "уже", "недавно", "когда-то"})
_YESTERDAY = re.compile(r"(?i)(?<!\w)(?:вчера|позавчера|прошлой\s+ночью)(?!\w)")
_TODAY = frozenset({"сегодня", "tonight", "heute"})
_NIGHT = frozenset({"ночью", "ночь", "tonight", "nacht"})
#: Quick test: «я»/«мы» as a word somewhere in the text.
#: «я» / «мы» and the word after it (one word of time between allowed) or before it.
_AFTER = re.compile(r"\s+(?:(?:сегодня|ночью|теперь|сейчас|опять|снова|лично|тоже|вечером)"
                    r"\s+)?([а-яёА-ЯЁ]+)")
_BEFORE = re.compile(r"([а-яёА-ЯЁ]+)\s+\Z")


def _beside(text: str, m: re.Match) -> list[str]:
    """The word after the pronoun ``m`` (one word of time between allowed) and before it."""
    out = []
    a = _AFTER.match(text, m.end())
    if a:
        out.append(a.group(1))
    b = _word_before(text, max(0, m.start() - 40), m.start())
    if b:
        out.append(b)
    return out


def _word_before(text: str, lo: int, hi: int) -> str | None:
    r"""``_BEFORE.search(text, lo, hi).group(1)`` (None with no match), found from the end:
    the whitespace that ends ``text[lo:hi]`` (one at least), then the run of Cyrillic letters
    before it (one at least). ``str.rstrip`` strips what ``\s`` matches (both are
    ``Py_UNICODE_ISSPACE``); the search's leftmost match starts where that run starts."""
    seg = text[lo:hi]
    rest = seg.rstrip()
    if len(rest) == len(seg):
        return None
    k = len(rest)
    while k and rest[k - 1] in _CYR_LETTERS:
        k -= 1
    return rest[k:] or None


#: The letters of :data:`_BEFORE`'s class.
_CYR_LETTERS = frozenset("абвгдежзийклмнопрстуфхцчшщъыьэюяёАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЁ")
#: «я» or «мы» as a word, any case: ``(?i)(?<![\w-])(?:я|мы)(?![\w-])`` with its first
#: letter first (``re`` skips to each by a charset scan; «я», «м», «ы» have no case forms
#: but their capitals) and the look behind after it.
_PRONOUN_RE = re.compile(r"[яЯмМ](?<![\w-].)(?:(?<=[яЯ])|(?<=[мМ])[ыЫ])(?![\w-])")


@functools.lru_cache(maxsize=20_000)
def _first_person(word: str, number: str) -> str | None:
    """The first-person form (``number``: ``sing``/``plur``, present or future by the
    verb's aspect) of ``word``, a finite form of a verb whose first-person form is a move
    word of the lexicon (no vote, no weak word); None otherwise."""
    from .lexicon import lexicon
    from . import grammar_vocab as V

    lex = lexicon()
    for p in morph().parse(word)[:2]:
        if p.tag.POS != "VERB":
            continue
        form = p.inflect({"1per", number, "futr" if "perf" in p.tag else "pres", "indc"})
        if form is None:
            continue
        new = norm(form.word)
        cls = lex.words.get(new)
        if cls is None or cls == V.VOTE or new in lex.weak:
            continue
        return form.word
    return None


#: Words telling a check's result or a story: a past verb beside them stays a story.
_STORY = frozenset({"оказался", "оказалась", "оказалось", "мирный", "мирная", "мафия",
                    "мафиози", "результат", "выжил", "выжила", "умер", "умерла", "убили",
                    "спас", "спасла", "получилось", "вышло", "удалось"})


def _verb_change(tag, number: str, today_told: bool) -> bool:
    """True when a verb of ``tag`` beside «я»/«мы» of ``number`` is a slip for the first
    person: the third person, the first person of the other number, a past form of the
    other number, or a past form told of today (``today_told``)."""
    if "past" in tag:
        return today_told or (number == "plur") != ("plur" in tag)
    if tag.person == "3per":
        return True
    return tag.person == "1per" and tag.number != number


def _verbs_fixed(text: str) -> str:
    """Move verbs put in the person and number of their «я»/«мы» (module docstring)."""
    if not _PRONOUN_RE.search(text) or not any(
            _first_person(norm(w), _PRONOUNS[norm(m.group(0))])
            for m in _PRONOUN_RE.finditer(text) for w in _beside(text, m)):
        return text  # (no move verb beside «я»/«мы»: most letters)
    yesterday = _YESTERDAY.search(text) is not None
    out: list[str] = []
    last = 0
    for s in _SENTENCE.finditer(text):
        sentence = s.group(0)
        if not _PRONOUN_RE.search(sentence):
            continue
        toks = list(_WORD.finditer(sentence))
        lows = [norm(t.group(0)) for t in toks]
        if any(w in _PAST for w in lows):
            continue  # «вчера я воровал у X», «я уже проверил X»: a story
        today = yesterday and any(w in _TODAY for w in lows) and \
            any(w in _NIGHT for w in lows) and \
            not any(w in _STORY for w in lows)
        for k, w in enumerate(lows):
            number = _PRONOUNS.get(w)
            if number is None:
                continue
            for v in (k + 1, k + 2, k - 1):
                if not 0 <= v < len(toks) or (v == k + 2 and lows[k + 1] not in _TIME_WORDS):
                    continue
                a, b = min(v, k), max(v, k)
                if sentence[toks[a].end():toks[b].start()].strip() and v != k + 2:
                    break  # a mark between them: no subject and its verb
                if v == k - 1 and v > 0 and lows[v - 1] not in _TIME_WORDS:
                    break  # «охраняет я X» only at the start of its sentence
                tag = morph().parse(lows[v])[0].tag
                if tag.POS != "VERB":
                    continue
                told = today and "past" in tag and v + 1 < len(toks) and (
                    _nick_like(toks, lows, v + 1))
                if not _verb_change(tag, number, told):
                    break
                new = _first_person(lows[v], number)
                if new is not None:
                    verb = toks[v].group(0)
                    if verb[:1].isupper():
                        new = new[:1].upper() + new[1:]
                    out.append(text[last:s.start() + toks[v].start()])
                    out.append(new)
                    last = s.start() + toks[v].end()
                break
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def _nick_like(toks, lows, i: int) -> bool:
    """True when the word at ``i`` (or after one preposition there) is written like a
    name: a capital letter or Latin letters."""
    if lows[i] in ("у", "к", "за", "в", "на") and i + 1 < len(toks):
        i += 1
    w = toks[i].group(0)
    return w[:1].isupper() or w[:1].isascii()


_TIME_WORDS = frozenset({"сегодня", "ночью", "теперь", "сейчас", "опять", "снова", "лично",
                         "тоже", "вечером"})

# --- the thief's «go to X and take everything» ------------------------------------------

_TAKE_ALL = re.compile(r"(?i)(?<!\w)(?:(?:и\s+)?(?:брать|взять|забрать|забирать|выносить|"
                       r"вынести|беру|возьму|заберу)\s+(?:вс[её])|(?:и\s+)?вс[её]\s+"
                       r"(?:брать|взять|забрать|забирать|выносить|вынести|беру|возьму|"
                       r"заберу))(?!\w)")
_GO = re.compile(r"(?i)(?<!\w)(?:за|по|при|)(?:ходить|хожу|йти|идти|иду|лезть|лезу)(?!\w)")
_TO_WHOM = re.compile(r"(?<!\w)(?:[вВ]\s+(?:дом|хату|квартиру)\s+)?[кК]\s+"
                      r"((?:[A-ZА-ЯЁ0-9_]|[A-Za-z])[\w.\-]*(?:\s+(?:[A-ZА-ЯЁ0-9]|[A-Za-z])[\w.\-]*)?)")


def _rob_calques(text: str) -> str:
    """«к Лиса ходить и брать всё» of a thief → «ворую у Лиса» (module docstring)."""
    if not _TAKE_ALL.search(text):
        return text
    out: list[str] = []
    last = 0
    for s in _SENTENCE.finditer(text):
        sentence = s.group(0)
        take = _TAKE_ALL.search(sentence)
        if take is None:
            continue
        go = _GO.search(sentence)
        to = _TO_WHOM.search(sentence)
        if go is None or to is None:
            continue
        spans = [go.span(), to.span(), take.span()]
        lo, hi = min(a for a, _ in spans), max(b for _, b in spans)
        seg_lo = max(sentence.rfind(c, 0, lo) for c in ",;") + 1
        seg_hi = min((k for k in (sentence.find(c, hi) for c in ",;") if k >= 0),
                     default=len(sentence))
        if any(norm(w) in _PAST for w in _WORD.findall(sentence[seg_lo:seg_hi])):
            continue  # «я ходил к Лиса в гости вчера»: a story
        between = sentence[lo:hi]
        # the three parts side by side: nothing but them, «в дом», «и», «ночью» between
        rest = between
        for a, b in sorted(spans, reverse=True):
            rest = rest[:a - lo] + " " + rest[b - lo:]
        if any(norm(w) not in _CALQUE_FILLERS for w in _WORD.findall(rest)):
            continue
        nick = to.group(1)
        out.append(text[last:s.start() + lo])
        out.append("ворую у " + nick)
        last = s.start() + hi
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


_CALQUE_FILLERS = frozenset({"и", "в", "дом", "ночью", "сегодня", "тихо", "быстро", "там",
                             "потом", "хату", "квартиру"})


def learner_fixed(text: str, nicks: tuple[str, ...], role: str | None) -> str:
    """``text`` with the slips of the module's docstring written out. ``role`` is the
    sender's role (the rob calque is read for a thief only)."""
    text = _german(text, nicks)
    text = _english_corrections(text, nicks)
    text = _verbs_fixed(text)
    if role == "thief":
        text = _rob_calques(text)
    return text
