"""What qualifies a clause, not a move itself (issue 3, issue 11): skip, cancel, «как
вчера», «линч прежний», «потом напишу» and abstain phrases (:func:`clause_flags`); the
correction words that open or mark a clause (:func:`correction_end`,
:func:`correction_marks`); hypotheses and hedges that make a move no order
(:func:`hypothetical`, in :mod:`engine.grammar_plans`).
"""

from __future__ import annotations

import functools
from operator import attrgetter

from . import grammar_vocab as V
from .grammar_tokens import Tok, match_phrase
from .lexicon import lexicon
from .words import is_infinitive, is_known_word, morph, role_words, verb_reading

_W = attrgetter("w")  # a token's normalised text




def _by_first_word(phrases: tuple[tuple[str, ...], ...]) -> dict[str, list[tuple[str, ...]]]:
    """Phrases indexed by their first word, longest first."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for words in sorted(phrases, key=len, reverse=True):
        out.setdefault(words[0], []).append(words)
    return out


SKIP = _by_first_word(V.SKIP_PHRASES)


CANCEL = _by_first_word(V.CANCEL_PHRASES)


OTHER_DAY = _by_first_word(V.OTHER_DAY_PHRASES)


_KEEP = _by_first_word(V.KEEP_PHRASES)


_LATER = _by_first_word(V.LATER_PHRASES)


_ABSTAIN = _by_first_word(V.ABSTAIN_PHRASES)


def correction_end(clause: list[Tok]) -> int | None:
    """Index after the correction words («хотя нет,», «вернее») opening the clause, or None."""
    k, head = 0, False
    while k < len(clause) and (not clause[k].word or clause[k].w in V.CORRECTION_WORDS or (
            clause[k].w == V.NEGATION and k + 1 < len(clause) and
            clause[k + 1].w in _SPOKEN_NO_NEXT) or _not_that(clause, k) or (
            k > 0 and clause[k - 1].w == V.NEGATION and clause[k].w == V.NEGATION) or (
            clause[k].w == "в" and k + 1 < len(clause) and clause[k + 1].w == "смысле") or (
            head and clause[k].w in ONLY)):
        # («…в смысле зову X»: «в смысле» as one correction word; «хотя нет, только X»: the
        # list of the move taken back narrowed to X, which replaces it as any correction does)
        # a lone «не,» is a spoken «no» («UPD: не, передумал, лучше …», «а не стоп»)
        head = head or (clause[k].w in V.CORRECTION_HEADS and not (
            clause[k].w == "тьфу" and k + 1 < len(clause) and clause[k + 1].w == "на")) or \
            _not_that(clause, k) or _spoken_no(clause, k)  # (not «тьфу на X»: contempt for X)
        k += 1
    return k if head else None


#: «only», after a correction's head: the names after it are all the move keeps.
ONLY = frozenset({"только", "лишь", "одного", "одну", "одна", "один"})


def _spoken_no(clause: list[Tok], k: int) -> bool:
    """«хотя не, у Заи лучше», «ой не не, за Коляна»: «не» said as «нет» after a word of
    correcting (or doubled): a correction's head, as «нет» is."""
    if clause[k].w != V.NEGATION or k + 1 >= len(clause):
        return False
    doubled = clause[k + 1].w == V.NEGATION
    return (doubled or clause[k + 1].w in _SPOKEN_NO_NEXT) and k > 0 and (
        clause[k - 1].w in V.CORRECTION_WORDS or not clause[k - 1].word)


def _not_that(clause: list[Tok], k: int) -> bool:
    """«ой, не то», «не то написал»: «не то» (not «не то чтобы») takes back what was written."""
    return clause[k].w == V.NEGATION and k + 1 < len(clause) and clause[k + 1].w == "то" and (
        k + 2 >= len(clause) or clause[k + 2].w != "чтобы")


#: What follows a «не» that is a spoken «no», not a negation («не, передумал», «не стоп»).
_SPOKEN_NO_NEXT = frozenset({",", "—", "стоп"})


#: Words that, opening a clause, conclude: its move replaces an earlier one of its kind.
_CONCLUDING = frozenset({"тогда", "ладно"})


_MARK_WORDS = V.CORRECTION_MARKS | {"нет", "есть", "не", "поэтому", "что", "серьезно"} | _CONCLUDING


#: Words after «хотя нет» that make it «although there is no …» («хотя нет смысла»).
_NO_OF = frozenset({"смысла", "смысл", "времени", "причин", "причины", "никого", "ничего",
                    "разницы", "уверенности", "гарантии", "сил", "желания", "толку", "доказательств"})


def correction_marks(clause: list[Tok]) -> list[int]:
    """Letter offsets where a correction starts in a clause (see
    :data:`engine.grammar_vocab.CORRECTION_MARKS`)."""
    out: list[int] = []
    if _MARK_WORDS.isdisjoint(map(_W, clause)):  # (punctuation is no mark word)
        return out
    n = len(clause)
    first = -1
    for k, t in enumerate(clause):
        if t.word:
            first = k
            break
    for k, t in enumerate(clause):
        if not t.word:
            continue
        w = t.w
        if w in V.CORRECTION_MARKS:
            if w != "смысле" or (k > 0 and clause[k - 1].w == "в"):
                out.append(t.start)  # «в смысле», not «в каком смысле»
        elif w in _CONCLUDING and k == first and not (
                w == "тогда" and k + 1 < n and clause[k + 1].w in ("еще", "также", "плюс")):
            out.append(t.start)  # «…ой, нельзя же. Тогда лечу Лису», «Ладно, чек — Галка»
            # («Тогда ещё и Кузя» adds, it takes nothing back)
        elif (w == "поэтому" or (w == "что" and k > 0 and clause[k - 1].w == "так")) and \
                (k <= 1 or clause[k - 1 - (w == "что")].w in (",", "—", ":")):
            out.append(t.start)  # «сначала хотела Барабашке, но …, так что линч X»
        elif w == "нет" and (k + 1 == n or not clause[k + 1].word or
                             clause[k + 1].w in V.CORRECTION_WORDS) and \
                (k == 0 or not clause[k - 1].word or clause[k - 1].w in _NO_BEFORE) and \
                not role_gone(clause, k):
            out.append(t.start)  # not «Своих на линче нет, так что …»: «there is none»
        elif w == "нет" and k > 0 and k - 1 == first and clause[k - 1].w == "хотя" and \
                k + 1 < n and clause[k + 1].w not in _NO_OF:
            out.append(t.start)  # «хотя нет его вчера никто не трогал, лечу себя»
        elif w == "серьезно" and k > 0 and clause[k - 1].w in ("если", "а", "теперь"):
            out.append(clause[k - 1].start)  # «Голосую за мир во всём мире. А если
            # серьёзно — линч Вишне»: what came before was a joke
        elif w == "есть" and k > 0 and clause[k - 1].w == "то":
            out.append(clause[k - 1].start)
        elif w == "не" and k + 1 < n and (clause[k + 1].w in _SPOKEN_NO_NEXT or
                                          _not_that(clause, k) or clause[k + 1].w == "не") and \
                (k == 0 or not clause[k - 1].word or clause[k - 1].w in V.CORRECTION_WORDS):
            out.append(t.start)  # «охраняю Барма… не, он не наш. охраняю Дена»
    return out


def role_gone(clause: list[Tok], k: int) -> bool:
    """True when «уже / больше нет» at ``k`` tells that a role is gone («Комиссара моего
    больше нет», «Вора у нас уже нет»): news of the sender's game, not a move taken back
    (as «его уже нет» after a move on him is)."""
    if k == 0 or clause[k - 1].w not in ("уже", "больше"):
        return False
    roles = role_words()
    for j in range(k - 2, -1, -1):
        if not clause[j].word:
            return False
        if clause[j].w in roles:
            return True
    return False


#: Words after which «нет» is a spoken «no» («хотя нет», «ой, нет», «а нет»), not «there is
#: none» («своих на линче нет»).
_NO_BEFORE = V.CORRECTION_WORDS | frozenset({"а", "ой", "ну", "или", "да", "и", "нет",
                                            "блин", "хм", "ах", "эх", "ох", "упс",
                                            "уже", "больше"})  # «её уже нет»: gone


@functools.lru_cache(maxsize=1)
def _flag_first() -> frozenset[str]:
    return frozenset(SKIP) | frozenset(CANCEL) | frozenset(OTHER_DAY) | frozenset(_KEEP) | \
        frozenset(_LATER) | frozenset(_ABSTAIN)


@functools.lru_cache(maxsize=1)
def _flag_sets() -> dict[str, tuple[frozenset[str], ...]]:
    """Each first word of :func:`_flag_first` → the word sets of every flag phrase it starts
    (a phrase matches only with all its words in the clause)."""
    out: dict[str, set[frozenset[str]]] = {}
    for table in (SKIP, CANCEL, OTHER_DAY, _KEEP, _LATER, _ABSTAIN):
        for w, phrases in table.items():
            out.setdefault(w, set()).update(frozenset(p) for p in phrases)
    return {w: tuple(v) for w, v in out.items()}


def _has(table: dict, w: str, clause: list[Tok], i: int, present: set[str]) -> bool:
    """True when a phrase of ``table`` starting with ``w`` is written at token ``i``."""
    for p in table[w]:  # (a plain loop: this runs for every flag word of every clause)
        if present.issuperset(p) and match_phrase(clause, i, p):
            return True
    return False


def later_before(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when a phrase of a move still to come (:data:`engine.grammar_vocab.LATER_PHRASES`:
    «пришлю позже», «пока думаю») stands between tokens ``lo`` and ``hi``: between a move word
    and the first name after it, it puts the move off and the name belongs to the talk that
    follows («голос пришлю позже пока думаю вороны кстати умнее…» written with no stops)."""
    present = {t.w for t in clause[lo:hi] if t.word}
    return any(clause[i].w in _LATER and clause[i].w != "хз" and
               _has(_LATER, clause[i].w, clause, i, present) for i in range(lo, hi))
    # («линч хз Бука»: a shrug before the choice, the name is the vote)


#: Stems of moves that are not the night move: a bare «пропускаю» next to one of them passes
#: on that move only («охоту пропускаю», «голосование пропускаю»), not on the night.
_NOT_NIGHT_STEMS = ("охот", "линч", "голосов")


def _skips_other_move(clause: list[Tok], i: int, present: set[str]) -> bool:
    """True when the skip phrase at ``i`` does not name the move («ход») and the clause names
    a move that is not the night move (the hunt, the lynch vote)."""
    if "ход" in present or "хода" in present:
        return False
    return any(t.word and t.w.startswith(_NOT_NIGHT_STEMS) for t in clause)


#: «пусть посидит без хода», «пускай он пропустит»: what the writer wishes another player.
_LET = frozenset({"пусть", "пускай"})

#: Words after «пусть» that make the skip the writer's own («пусть сегодня будет без хода»).
_OWN_DAY = frozenset({"будет", "буду", "будем", "я", "мы", "меня", "нас", "день", "ночь", "ночью"})


def _wished_on_other(clause: list[Tok], i: int) -> bool:
    """True when the skip phrase at ``i`` follows «пусть»/«пускай» in its clause («Ворую у
    Пчёлки, пусть посидит без хода»): the writer wishes it on the player his move names, he
    does not skip his own night move. Not «пусть (сегодня) будет без хода», «пусть я буду…»:
    the day or the writer himself."""
    let = next((k for k in range(i - 1, -1, -1) if clause[k].w in _LET), -1)
    return let >= 0 and not any(t.w in _OWN_DAY for t in clause[let + 1:i])


#: The clause :func:`clause_flags` read last and its answer: the parser asks again about the
#: clause it has just read (engine.parse_choice.open_move). Compared by identity (a clause
#: is never changed once cut), so a strong reference is kept.
_LAST_FLAGS: list = [None, None]


def clause_flags(clause: list[Tok]) -> dict:
    """Skip / cancel / «как вчера» / «линч прежний» / «потом напишу» phrases of a clause.

    Returns ``{"skip": bool, "cancel": index after the cancel phrase or None, "other_day":
    bool, "keep": bool, "later": bool, "abstain": bool}`` (a new dict each call).
    """
    if clause is _LAST_FLAGS[0]:
        return dict(_LAST_FLAGS[1])
    out = _clause_flags(clause)
    _LAST_FLAGS[0], _LAST_FLAGS[1] = clause, out
    return dict(out)


def _clause_flags(clause: list[Tok]) -> dict:
    """:func:`clause_flags`, computed."""
    out = {"skip": False, "cancel": None, "other_day": False, "keep": False, "later": False,
           "abstain": False}
    first = _flag_first()
    if first.isdisjoint(map(_W, clause)):  # (punctuation starts no flag phrase)
        return out
    present = {t.w for t in clause if t.word}
    sets = _flag_sets()
    if not any(p <= present for w in first.intersection(present) for p in sets[w]):
        return out  # no flag phrase has all its words in the clause («в», «как» alone)
    for i, t in enumerate(clause):
        if not t.word or t.w not in first:
            continue
        w = t.w
        if w in SKIP and _has(SKIP, w, clause, i, present) and not _skips_other_move(clause, i, present) \
                and not _wished_on_other(clause, i):
            out["skip"] = True
        if out["cancel"] is None and w in CANCEL and not (i and clause[i - 1].w == "не"):
            # (not «охоту не отменяю»: the move is kept, nothing is taken back)
            for p in CANCEL[w]:
                if match_phrase(clause, i, p):
                    out["cancel"] = i + len(p)
                    break
        if w in OTHER_DAY and _has(OTHER_DAY, w, clause, i, present) and \
                not (i > 0 and clause[i - 1].w == "после" and (w,) in OTHER_DAY[w]) and \
                not ((w,) in OTHER_DAY[w] and _attribute(clause, i)):
            if w in _SAME and _same_today(clause, i, present):
                out["keep"] = True  # «Голос тот же», «шизю того же, что утром»: kept
            else:
                out["other_day"] = True  # (not «после вчерашнего X»: a time, no earlier move)
        if w in _KEEP and _has(_KEEP, w, clause, i, present):
            out["keep"] = True
        if w in _LATER and _has(_LATER, w, clause, i, present):
            out["later"] = True
        if w in _ABSTAIN and _has(_ABSTAIN, w, clause, i, present):
            out["abstain"] = True
    return out


#: Nouns of a time or of the game's talk that «вчерашний» describes («по итогам
#: вчерашнего дня», «после вчерашнего обсуждения»); never a move's noun («вчерашний ужин»).
_TALK_TIME_NOUNS = frozenset({"день", "вечер", "утро", "обсуждение", "голосование", "пост",
                              "письмо", "разговор", "сообщение", "спор", "итог", "событие",
                              "тред", "ветка", "газета", "новость"})


def _attribute(clause: list, i: int) -> bool:
    """True when the one-word «as yesterday» adjective at ``clause[i]`` («вчерашнего»,
    «прежнюю») stands right before a noun of a time or of the game's talk it agrees with in
    case and number (:data:`_TALK_TIME_NOUNS`: «по итогам вчерашнего дня», «после вчерашнего
    обсуждения»), in a clause that names no move: it describes that thing, it points at no
    earlier move."""
    if i + 1 >= len(clause) or not clause[i + 1].word or _move_said(clause):
        return False
    adj = [p.tag for p in morph().parse(clause[i].w) if p.tag.POS == "ADJF"]
    nouns = [p.tag for p in morph().parse(clause[i + 1].w)
             if p.tag.POS == "NOUN" and p.normal_form in _TALK_TIME_NOUNS]
    return any(a.case == n.case and a.number == n.number and
               (a.number == "plur" or a.gender == n.gender or n.gender is None)
               for a in adj for n in nouns)


def _move_said(clause: list) -> bool:
    """True when a move word or phrase of the lexicon stands in ``clause`` («жду тебя к себе —
    пирог со вчерашнего вечера»): its «вчерашний» may still be about yesterday's move."""
    lex = lexicon()
    return any(t.word and (t.w in lex.words or any(
        match_phrase(clause, n, p) for p, _ in lex.by_first.get(t.w, ())))
        for n, t in enumerate(clause))


#: The first words of the «the same» phrases of :data:`OTHER_DAY` («тот же», «того же»).
_SAME = frozenset({"тот", "того", "ту", "то"})

#: Words that put «the same» on an earlier day («тот же, что вчера», «как обычно»).
_PAST_DAY = ("вчера", "позавчера", "вчерашн", "позавчерашн", "раньше", "обычно", "прошл",
             "позапрошл", "всегда", "снова", "опять")

#: Words that put «the same» on an earlier letter of today («того же, что утром»).
_TODAY = frozenset({"утром", "днём", "днем", "выше", "ниже", "письме", "письма"})


def _same_today(clause: list[Tok], i: int, present: set[str]) -> bool:
    """True when the «the same» phrase at token ``i`` keeps a move of today's earlier letter
    (DECISIONS.md §8: a letter replaces only the kinds of move it names) rather than points
    to another day: no word of an earlier day in the clause, and either a word of an earlier
    letter today («шизю того же, что утром») or the phrase right after one move noun opening
    the clause, as «Линч прежний» («Голос тот же», «линч — тот же»)."""
    if any(w.startswith(_PAST_DAY) for w in present):
        return False
    if not present.isdisjoint(_TODAY):
        return True
    words = [clause[k].w for k in range(i) if clause[k].word]
    # (not «Ход тот же»: all the moves, more often yesterday's than this letter's)
    return len(words) == 1 and lexicon().words.get(words[0]) is not None and \
        is_known_word(words[0]) and morph().parse(words[0])[0].tag.POS == "NOUN"


#: Words that take a move back by themselves («отбой», «передумал»); a bare «нет» takes it
#: back only with one of :data:`_BACK_WITH_NO` («хотя нет», «ой, нет», «нет, стоп»), never an
#: emphatic «Нет, ну правда, он странный».
_TAKE_BACK = frozenset({"отбой", "передумал", "передумала", "передумали", "стоп", "ошибся",
                        "ошиблась", "вру", "нет-нет", "шучу", "пошутил", "пошутила", "тьфу",
                        "перепутал", "перепутала",
                        "опечатался", "опечаталась", "оговорился", "оговорилась",
                        "зачеркнуто", "зачеркнута", "зачеркнут"}) | V.JOKE_WORDS
# (a joke word alone takes back as «шучу» does: «Убиваем X :) шутка.»)
_BACK_WITH_NO = frozenset({"хотя", "ой", "ах", "ох", "упс", "стоп", "блин"})


def takes_back(words: list[str]) -> bool:
    """True when the correction words ``words`` (normalised, the start of a clause or the
    words after a name) take the move before them back."""
    present = set(words)
    if any(a == V.NEGATION and b == "то" for a, b in zip(words, words[1:])):
        return True  # «ой, не то»
    return not present.isdisjoint(_TAKE_BACK) or (
        "нет" in present and not present.isdisjoint(_BACK_WITH_NO))


#: Verbs that report what somebody else said, asked or plans («дон сказал воровать у X»,
#: «фанатка будет искать маньяка»), as lemmas.
_REPORT_VERBS = frozenset({
    "сказать", "говорить", "велеть", "приказать", "приказывать", "просить", "попросить",
    "поручить", "поручать", "советовать", "посоветовать", "предложить", "предлагать",
    "хотеть", "захотеть", "собираться", "собраться", "решить", "планировать",
    "требовать", "потребовать", "написать", "писать", "думать", "намекнуть",
})

#: Third-person verbs whose subject is nobody, so the move after them is the sender's own
#: («придётся лечить себя», «стоит проверить X»), as lemmas and forms.
_IMPERSONAL = frozenset({"прийтись", "приходиться", "стоить", "следовать", "остаться",
                         "оставаться", "хотеться", "захотеться", "получиться", "получаться",
                         "удаться", "удаваться", "придется", "стоит", "следует", "остается",
                         "хочется", "получается", "удастся", "нравиться", "понравиться"})

#: Words between a reporting verb and the move word («сказал мне воровать», «велел нам
#: сегодня убить»).
_REPORT_SKIP = frozenset({"мне", "нам", "ему", "ей", "им", "тебе", "всем", "сегодня", "опять",
                          "снова", "ночью", "бы", "же", "уже", "всё", "все", "точно"})

#: Words between «чтобы» and the move word («чтобы вновь голосовать», «чтобы его проверить»).
_PURPOSE_SKIP = frozenset({"вновь", "опять", "снова", "его", "ее", "её", "их", "не", "и",
                           "тоже", "ещё", "еще", "сразу"})

#: Words before a past-tense reporting verb that make it the sender's own («я сказал»).
_FIRST_PERSON = frozenset({"я", "мы"})


def reported_order(clause: list[Tok], i: int) -> bool | str:
    """True when the move word at token ``i`` is an infinitive governed by somebody else's
    verb of saying or planning: «Дон сказал воровать у Ромашки», «фанатка будет искать
    маньяка», «шеф велит убить X» — a third-person verb, or a past one whose subject is
    written and is not «я» / «мы». Another player's words or plans are no move of the
    sender (DECISIONS.md: only the sender's own orders count). ``"other"`` when the verb is
    a third-person one of no saying («Лис пойдёт воровать у X»): a boss orders so."""
    if not clause[i].word or not is_infinitive(clause[i].w):
        return False
    k = i - 1
    while k >= 0 and clause[k].word and clause[k].w in _REPORT_SKIP | _PURPOSE_SKIP:
        k -= 1
    if k >= 0 and clause[k].w == "чтобы":
        return True  # «склонялась к тому, чтобы вновь голосовать за Графа»: an intention
    k = i - 1
    while k >= 0 and clause[k].word and clause[k].w in _REPORT_SKIP:
        k -= 1
    if k < 0 or not clause[k].word:
        return False
    reading = verb_reading(clause[k].w)
    if reading is None or (reading[0] not in _REPORT_VERBS and reading[1] != "3per"):
        return False
    lemma, person, tense = reading
    if person == "3per" and reading[0] not in _IMPERSONAL and clause[k].w not in _IMPERSONAL:
        return True if lemma in _REPORT_VERBS else "other"  # «Док кинется лечить X»
    # a past verb tells of somebody else only with its subject written («Дон сказал»);
    # «Решила проверить Кузю» is the sender's own
    return tense == "past" and _other_subject(clause, k)


def _other_subject(clause: list[Tok], k: int) -> bool:
    """True when the word before the verb at ``k`` (past :data:`_REPORT_SKIP` words) is its
    written subject and not «я» / «мы» («Дон сказал», «Мурка сказала»)."""
    s = k - 1
    while s >= 0 and clause[s].word and clause[s].w in _REPORT_SKIP:
        s -= 1
    while s > 0 and clause[s].w in _SHARED_SUBJECT and (
            (r := verb_reading(clause[s - 1].w)) is not None and r[2] == "past"):
        s -= 2  # «я тут подумал и решил проверить X»: the subject of both verbs
        while s >= 0 and clause[s].word and clause[s].w in _REPORT_SKIP | {"тут", "вот"}:
            s -= 1
    return s >= 0 and clause[s].word and clause[s].w not in _FIRST_PERSON and \
        verb_reading(clause[s].w) is None


#: Words joining two past verbs of one subject («подумал и решил»).
_SHARED_SUBJECT = frozenset({"и", "да"})


#: Verbs of saying that introduce another player's words («X написал: …», «X говорит, что …»).
_SAYING = frozenset({"сказать", "говорить", "написать", "писать", "заявить", "заявлять",
                     "объявить", "объявлять", "утверждать", "кричать", "орать"})
SAYING_VERBS = _SAYING


def said_by_other(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` stands in somebody else's words introduced earlier in
    its clause by a verb of saying with «:» or «, что» after it («Бульдог написал: голос за
    Кузю», «Мурка сказала, что голосует за Лося»): a third-person verb, or a past one whose
    subject is written and is not «я» / «мы». Another player's words are no move of the sender."""
    for k in range(i - 1, 0, -1):
        if not clause[k].word:
            continue
        reading = verb_reading(clause[k].w)
        if reading is None or reading[0] not in _SAYING:
            continue
        after = clause[k + 1].w if k + 1 < i else ""
        if after != ":" and not (after == "," and k + 2 < i and clause[k + 2].w == "что"):
            return False
        if any(t.w == "как" for t in clause[max(0, k - 3):k]):
            return False  # «пишу, как дон сказал: убиваем X»: the order made his own
        _, person, tense = reading
        if tense == "futr" or any(t.w in ("если", "ежели") for t in clause[:k]):
            return False  # «За Катерину, если она сама не напишет: кража у X»: a condition
        if _own_after_dash(clause, k + 2, i):
            return False  # «Страх говорит, что решаю я — вместо меня уходит X»: his own words
        if _own_conclusion(clause, k, i):
            return False  # «Мурка пишет, что X врёт, и я согласна, поэтому МО на X»
        return person == "3per" or (tense == "past" and _other_subject(clause, k))
    return False


def _own_after_dash(clause: list[Tok], lo: int, i: int) -> bool:
    """True when a dash stands between ``lo`` (the reported words' start) and the move word
    at ``i``, and the reported words before it end with «я» after a first-person verb
    («…, что решаю я — …», «…, что выбираю я — …»): what the others said is that the sender
    decides, and what follows the dash is his decision in his own words."""
    dash = next((m for m in range(i - 1, lo, -1) if clause[m].w in ("—", ":")), None)
    if dash is not None and dash - 2 >= lo and (
            clause[dash - 1].w == "я" and clause[dash - 2].w == "и" or
            clause[dash - 1].w == "тоже" and clause[dash - 2].w == "я"):
        return True  # «Внучка сказала, что все стреляют, вот и я: МО на X», «…, я тоже: …»
    if dash is None or clause[dash - 1].w != "я":
        return False
    return any(clause[m].word and (r := verb_reading(clause[m].w)) is not None and
               r[1] == "1per" for m in range(lo, dash - 1))


#: Words that open the writer's own conclusion after another's words («…, поэтому МО на X»).
_THEREFORE = frozenset({"поэтому", "посему", "следовательно"})


def _own_conclusion(clause: list[Tok], k: int, i: int) -> bool:
    """True when, between the verb of saying at ``k`` and the move word at ``i``, the sender
    agrees in the first person («и я с ним соглашусь», «я согласна») and then concludes after a
    comma («, поэтому …»), and the move word is no verb of the third person: his own move."""
    said = [t.w for t in clause[k + 1:i]]
    if "я" not in said or not any(
            w in _THEREFORE and n and said[n - 1] == "," for n, w in enumerate(said)):
        return False
    reading = verb_reading(clause[i].w)
    return reading is None or reading[1] != "3per"


def as_told(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` follows «как <X> скажет — так и» («Всё на усмотрение
    Деда, как он скажет — так и охраняю»): the move is the one X decides, no order of its own."""
    k = i - 1
    while k >= 0 and clause[k].w in ("и", "же"):
        k -= 1
    if k < 1 or clause[k].w != "так" or clause[k - 1].word:
        return False
    said = [t.w for t in clause[max(0, k - 6):k - 1]]
    return "как" in said and any(w in V.DECIDE_VERBS for w in said)


def cancel_names_move(clause: list[Tok], at: int) -> bool:
    """True when the move word at ``at`` right after a cancel phrase names what is
    cancelled («отменяю лечение», «отмена голоса за X»). After the noun «отмена» a finite verb
    of the first person or a noun that cannot be its genitive object starts the new order
    instead («нет стоп отмена убиваю X», «отмена голос за X»: voice input's «cancel — then»)."""
    before = next((t.w for t in reversed(clause[:at]) if t.word), None)
    if at >= len(clause) or before != "отмена":
        return True
    parses = morph().parse(clause[at].w)
    if any(p.tag.POS == "VERB" and p.tag.person == "1per" for p in parses):
        return False  # («режу» is also read as a noun)
    return not parses or any(p.tag.POS != "NOUN" or "gent" in p.tag for p in parses)
