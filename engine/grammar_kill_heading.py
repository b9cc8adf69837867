"""A full moon's two kills under a heading in the community's own words (issue 11,
DECISIONS.md §4: under «Полнолуние» each clan kills two).

«Двоих в кювет: X и Y», «едим двоих: X и Y», «Закрываем две позиции: X и Y», «Ассасинов
двое: к X и к Y»: a clan member's heading that counts two («двоих», «двое», «две цели»),
ends on a colon or a dash, and is followed by exactly two players. The words of the heading
are no fixed list (each game has its slang): they are judged by what they are
(:func:`heading_verdict`):

- a word of thinking, suspecting, talk, sparing or of another move («Подозреваю двоих», «Проверяю
  двоих», «голосуем за двоих», «оставляем двоих»), a role or side («Двое мирных»), a verb in
  the past tense (a report: «Двое ушли»), a word of doubt, condition or negation, an
  adjective or participle (who the two are: «Двое подозрительных»), a player's name: no
  heading of kills (``None``: the clause is talk, read by the rest of the parser);
- a verb of the first person singular (the sender's own deed or opinion: «Выделяю двоих»),
  an animate noun (who the two are: «Ассасинов двое», «Мафов двое»), a word of candidates
  («Два варианта: X и Y»): the kills are not read but asked about (``"ask"``);
- everything else (nouns of the deed or its place, prepositions, adverbs of time, a verb of
  the first person plural, the clan in the third person): the two kills (``"kill"``).

Pure: pymorphy3 (through :mod:`engine.words`) and the move lexicon only.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_tokens import Tok
from .lexicon import lexicon
from .words import is_known_word, morph, role_words

#: Counting words of two victims.
COUNTS = frozenset({"двое", "двоих", "два", "две", "двум", "двух", "обоих", "обеих", "x2",
                    "х2"})

#: Marks that end a heading.
MARKS = frozenset({":", "—", "-", "–"})

#: Lemmas (and words) that make a heading talk: thinking, suspecting, seeing, saying,
#: sparing, choosing between, voting, checking, the two described as living or dead.
_TALK = frozenset({
    "подозревать", "подозрение", "подозрительный", "подозреваемый", "думать", "считать",
    "полагать", "казаться", "видеть", "знать", "беспокоить", "смущать", "напрягать",
    "нравиться", "сомневаться", "верить", "доверять", "уверенный", "обсуждать", "говорить",
    "сказать", "писать", "молчать", "врать", "защищать", "обвинять", "топить", "голосовать",
    "голос", "линч", "линчевать", "проверка", "проверять", "проверить", "чек", "подозревать",
    "мафия", "маф", "мафиози", "мирный", "мирняк", "ролевой", "ролевик", "роль", "клановый",
    "наш", "свой", "чёрный", "красный", "живой", "мёртвый", "остаться", "оставлять",
    "оставить", "щадить", "пощадить", "жалеть", "пожалеть", "беречь", "сберечь", "трогать",
    "тронуть", "отпускать", "отпустить", "пропускать", "пропустить", "прощать", "простить",
    "миловать", "помиловать", "спасать", "спасти", "лечить", "охранять", "прикрывать",
    "прикрыть", "ждать", "наблюдать", "следить", "смотреть", "присматриваться", "слушать",
    "выделять", "выделить", "вычислить", "вычислять", "спалить", "палить", "раскрыть",
    "раскрывать", "подозреваемый", "игрок", "кто", "что", "какой", "который", "чей", "где",
    "почему", "зачем", "как", "ли", "или", "либо", "если", "может", "можно", "бы", "не", "ни",
    "нельзя", "наверное", "наверно", "возможно", "вероятно", "видимо", "похоже", "вдруг",
    "вчера", "позавчера", "завтра", "уже", "было", "они", "их", "им", "ими", "них", "ним",
    "меня", "мне", "я", "ты", "тебя", "вы", "вас", "он", "она",
})

#: Words of candidates and choice between: the two are not yet decided (asked).
_CANDIDATES = frozenset({"кандидат", "кандидатура", "вариант", "версия", "претендент",
                         "выбор", "примета", "прицел", "надо", "нужно", "предлагать",
                         "предложить", "хотеть", "хотеться"})

#: Words that may stand in any heading whatever their grammar («полная луна», «этой ночью»,
#: «клан 1»): time, the event, the clan, the host addressed.
_ALWAYS = frozenset({"полнолуние", "луна", "полная", "этой", "эту", "этот", "сегодня",
                     "сегодняшний", "ночью", "ночь", "нынче", "клан", "клана", "кланом", "мы",
                     "нас", "нам", "нами", "себе", "ведущий", "ведущая", "ведущему", "братва",
                     "значит", "раз", "так", "сразу", "ну", "а", "и", "же", "вот", "тогда",
                     "по", "в", "на", "с", "к", "от", "у", "за", "до", "из", "1", "2",
                     "первый", "второй", "первого", "второго", "только", "всего", "итого",
                     "го", "давай", "давайте", "x2", "х2"})


def _lemma(word: str):
    """The likeliest dictionary reading of ``word`` (None for a word no dictionary knows)."""
    if not is_known_word(word):
        return None
    return morph().parse(word)[0]


def _word_verdict(w: str, clan_said: bool) -> str | None:
    """``"kill"``, ``"ask"`` or None for one word of a heading (see the module's docstring)."""
    if w in COUNTS or w in _ALWAYS:
        return "kill"
    if w in _TALK or w in role_words():
        return None
    cls = lexicon().words.get(w)
    if cls == V.VISIT:
        return "kill" if clan_said else "ask"  # («клан позволит себе два визита»)
    if cls is not None and cls != V.KILL:
        return None  # («Проверяю двоих», «голосуем за двоих»: another move)
    p = _lemma(w)
    if p is None:
        return "kill" if cls == V.KILL else "ask"  # (a word no dictionary knows: slang)
    lemma = p.normal_form.replace("ё", "е")
    if lemma in _TALK or p.normal_form in _TALK:
        return None
    if lemma in _CANDIDATES or p.normal_form in _CANDIDATES:
        return "ask"
    pos, tag = p.tag.POS, p.tag
    if pos in ("VERB", "INFN"):
        if tag.tense == "past" or pos == "INFN" and cls != V.KILL:
            return None  # («Двое ушли: X и Y»: a report; «можно убить двоих»)
        if tag.person == "1per" and tag.number == "plur":
            return "kill"  # («едим двоих», «выселяем двоих»: the clan's deed)
        if tag.person == "3per" and clan_said:
            return "kill"  # («клан позволит себе два визита»)
        if cls == V.KILL:
            return "kill"
        return "ask" if tag.person == "1per" else None
    if pos in ("ADJF", "ADJS", "PRTF", "PRTS", "COMP", "PRED", "NPRO"):
        return None  # («Двое подозрительных», «Двое живы»: who the two are)
    if pos == "NOUN" and "anim" in tag and "Name" not in tag and cls != V.KILL:
        return "who"  # («Ассасинов двое», «Мафов двое»: who the two are, or who kills)
    if pos in ("CONJ", "PRCL", "INTJ") and lemma not in _ALWAYS:
        return None  # («но», «хотя», «даже»: more than a heading)
    return "kill"


def word_verdict(w: str, clan_said: bool) -> str | None:
    """``"kill"``, ``"ask"``, ``"who"`` or None for one word said of the clan's deed, judged
    as a word of a heading (the module's docstring); for
    :mod:`engine.parse_clan_verb`'s verb of one kill."""
    return _word_verdict(w, clan_said)


def _address(clause: list[Tok], lo: int, hi: int, k: int) -> bool:
    """True when the word at ``k`` stands alone between commas or marks (or opens the
    heading before a comma): «Полнолуние, парни, …», «Коллеги, …»: an address."""
    before = k == lo or not clause[k - 1].word and clause[k - 1].w in (",", "—", "!")
    after = k + 1 < hi and not clause[k + 1].word and clause[k + 1].w in (",", "—", "!")
    return before and after


def heading_verdict(clause: list[Tok], lo: int, hi: int, names) -> str | None:
    """The verdict on the heading ``clause[lo:hi]`` (up to its colon or dash): ``"kill"``
    when it counts two and holds only words of a kill's heading, ``"ask"`` when one of its
    words leaves the reading in doubt, None when it is no heading of kills (no count, a
    player's name in it, a word of talk or of another move: the module's docstring).
    ``names(k)``: the tokens a nickname takes at ``k`` (0 for none)."""
    words = [t for t in clause[lo:hi] if t.word]
    if not any(t.w in COUNTS for t in words) or any(t.w == "?" for t in clause[lo:hi]):
        return None
    clan_said = any(t.w.startswith("клан") for t in words)
    verdict = "kill"
    for k in range(lo, hi):
        t = clause[k]
        if not t.word:
            if t.w in ("(", ")", "«", "»", "\""):
                return None  # (an aside or a quote: more than a heading)
            continue
        if names(k) and t.w not in COUNTS and t.w not in _ALWAYS:
            return None  # («Лось и Кот — двое наших»: players in the heading)
        one = _word_verdict(t.w, clan_said)
        if one == "who" and _address(clause, lo, hi, k):
            continue  # («Полнолуние, парни, жарим двоих: …»: the readers addressed)
        if one is None:
            return None
        if one == "ask" or one == "who" and verdict == "kill":
            verdict = one
    return verdict
