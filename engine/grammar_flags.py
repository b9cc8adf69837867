"""What qualifies a clause, not a move itself (issue 3, issue 11): skip, cancel, «как
вчера», «линч прежний», «потом напишу» and abstain phrases (:func:`clause_flags`); the
correction words that open or mark a clause (:func:`correction_end`,
:func:`correction_marks`); hypotheses and hedges that make a move no order
(:func:`hypothetical`).
"""

from __future__ import annotations

import functools
from operator import attrgetter

from . import grammar_vocab as V
from .grammar_orders import silent_to_you
from .grammar_tokens import Tok, match_phrase
from .lexicon import lexicon
from .words import is_infinitive, morph, verb_reading

_W = attrgetter("w")  # a token's normalised text


#: Punctuation that starts a new part of a clause (fuzzy verbs, «не буду» after a verb).
SEGMENT_MARKS = frozenset({",", "—", ":", "(", ")"})


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
            clause[k + 1].w in _SPOKEN_NO_NEXT) or _not_that(clause, k)):
        # a lone «не,» is a spoken «no» («UPD: не, передумал, лучше …», «а не стоп»)
        head = head or (clause[k].w in V.CORRECTION_HEADS and not (
            clause[k].w == "тьфу" and k + 1 < len(clause) and clause[k + 1].w == "на")) or \
            _not_that(clause, k)  # (not «тьфу на X»: contempt for X)
        k += 1
    return k if head else None


def _not_that(clause: list[Tok], k: int) -> bool:
    """«ой, не то», «не то написал»: «не то» (not «не то чтобы») takes back what was written."""
    return clause[k].w == V.NEGATION and k + 1 < len(clause) and clause[k + 1].w == "то" and (
        k + 2 >= len(clause) or clause[k + 2].w != "чтобы")


#: What follows a «не» that is a spoken «no», not a negation («не, передумал», «не стоп»).
_SPOKEN_NO_NEXT = frozenset({",", "—", "стоп"})


#: Words that, opening a clause, conclude: its move replaces an earlier one of its kind.
_CONCLUDING = frozenset({"тогда", "ладно"})


_MARK_WORDS = V.CORRECTION_MARKS | {"нет", "есть", "не", "поэтому", "что"} | _CONCLUDING


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
        elif w in _CONCLUDING and k == first:
            out.append(t.start)  # «…ой, нельзя же. Тогда лечу Лису», «Ладно, чек — Галка»
        elif (w == "поэтому" or (w == "что" and k > 0 and clause[k - 1].w == "так")) and \
                (k <= 1 or clause[k - 1 - (w == "что")].w in (",", "—", ":")):
            out.append(t.start)  # «сначала хотела Барабашке, но …, так что линч X»
        elif w == "нет" and (k + 1 == n or not clause[k + 1].word or
                             clause[k + 1].w in V.CORRECTION_WORDS) and \
                (k == 0 or not clause[k - 1].word or clause[k - 1].w in _NO_BEFORE):
            out.append(t.start)  # not «Своих на линче нет, так что …»: «there is none»
        elif w == "есть" and k > 0 and clause[k - 1].w == "то":
            out.append(clause[k - 1].start)
        elif w == "не" and k + 1 < n and (clause[k + 1].w in _SPOKEN_NO_NEXT or
                                          _not_that(clause, k)) and \
                (k == 0 or not clause[k - 1].word or clause[k - 1].w in V.CORRECTION_WORDS):
            out.append(t.start)  # «охраняю Барма… не, он не наш. охраняю Дена»
    return out


#: Words after which «нет» is a spoken «no» («хотя нет», «ой, нет», «а нет»), not «there is
#: none» («своих на линче нет»).
_NO_BEFORE = V.CORRECTION_WORDS | frozenset({"а", "ой", "ну", "или", "да", "и", "нет",
                                            "блин", "хм", "ах", "эх", "ох", "упс",
                                            "уже", "больше"})  # «её уже нет»: gone


IF_WORDS = frozenset({"если", "ежели", "коли"})


#: Words of a parenthesis that may stand before a hypothesis («Потом, может, проверю Лося»).
_ASIDE = V.HYPOTHETICAL_WORDS | {"потом", "быть", "наверное", "позже", "ну", "и", "а",
                                 "тогда", "вообще"}


_LATER_WORDS = frozenset({"завтра", "послезавтра"})


def hypothetical(clause: list[Tok], i: int, excluded: set[int]) -> bool | str:
    """``"hedged"`` when the sentence leaves the choice open after the move word (see
    :func:`_hedged_after`), else True when the move word at token ``i`` is a hypothesis, not
    an order: «если» before it in its sentence (not a fallback for the boss's order, see
    :func:`_fallback`) («Если Лось промолчит — проверю его»), or a word of
    :data:`engine.grammar_vocab.HYPOTHETICAL_WORDS` («бы», «может», «завтра») in its own
    comma segment («Я бы проверил Лося, но проверяю Кузю», «Проверю Лося завтра, а сегодня
    Кузю»). Words of the swindler's branches (``excluded``) do not count."""
    if not IF_WORDS.isdisjoint(map(_W, clause[:i])) and any(
            t.word and t.w in IF_WORDS and k not in excluded and not _if_anything(clause, k) and
            not _aside_if(clause, k) for k, t in enumerate(clause[:i])):
        return not _fallback(clause, i)
    k = i - 1
    while k >= 0 and (clause[k].word or clause[k].w not in SEGMENT_MARKS):
        if clause[k].w in V.HYPOTHETICAL_WORDS and k not in excluded:
            return True
        if clause[k].w in ("но", "а", "зато"):
            return False
        k -= 1
    if k >= 0 and clause[k].w == ",":  # «Потом, может, проверю Лося»: a parenthesis before
        words = []
        k -= 1
        while k >= 0 and (clause[k].word or clause[k].w == ","):
            if clause[k].word:
                words.append(clause[k].w)
            elif words and all(w in _ASIDE for w in words):
                break  # «Не знаю, может, полечу Кузю»: the parenthesis right before counts
            k -= 1
        if words and all(w in _ASIDE for w in words) and \
                any(w in V.HYPOTHETICAL_WORDS for w in words):
            return True
    if _hedged_after(clause, i, excluded):
        return "hedged"
    k = i + 1
    while k < len(clause) and (clause[k].word or clause[k].w not in SEGMENT_MARKS):
        if clause[k].w in IF_WORDS:
            return False  # «чек Бронтика и если он роль его же завтра валим»: a new condition
        if clause[k].w in _LATER_WORDS or clause[k].w in ("но", "а"):
            return clause[k].w in _LATER_WORDS
        k += 1
    return False


def _if_anything(clause: list[Tok], k: int) -> bool:
    """«если что» closed by punctuation («это ход, если что: приглашаю X») is a turn of
    speech («just so you know»), no condition."""
    return k + 1 < len(clause) and clause[k + 1].w == "что" and (
        k + 2 >= len(clause) or not clause[k + 2].word)


def idiom_told(clause: list[Tok], i: int, j: int) -> bool:
    """«Утром нашли два трупа: Зоя и Ромка», «вчера Кузя пошёл под нож»: an idiom of several
    words (tokens ``[i, j)``) right after a verb in the past tense (or «вчера»), within
    three words of its comma segment, tells what happened; it orders nothing."""
    if j - i < 2:
        return False
    k, seen = i - 1, 0
    while k >= 0 and seen < 3 and (clause[k].word or clause[k].w not in (",", ":", "—", ";")):
        if clause[k].word:
            if clause[k].w in V.PAST_WORDS or _maybe_past(clause[k].w):
                return True
            seen += 1
        k -= 1
    return False


@functools.lru_cache(maxsize=4096)
def _maybe_past(w: str) -> bool:
    """True when one of the two likeliest readings of ``w`` is a past-tense verb («нашли»,
    read first as the imperative of «наслать»)."""
    return any(p.tag.POS == "VERB" and "past" in p.tag for p in morph().parse(w)[:2])


def for_later_day(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` follows «если» in its clause and «завтра» stands in
    its own segment («если он роль, его же завтра валим»): a plan for another day, which is
    no move today and needs no question."""
    if not any(t.w in IF_WORDS for t in clause[:i]):
        return False
    lo = i
    while lo > 0 and (clause[lo - 1].word or clause[lo - 1].w not in SEGMENT_MARKS):
        lo -= 1
    hi = i
    while hi < len(clause) and (clause[hi].word or clause[hi].w not in SEGMENT_MARKS):
        hi += 1
    return any(clause[n].w in _LATER_WORDS for n in range(lo, hi))


#: Words that may stand between «завтра» and the move word of a plan («Думаю, завтра, наверное,
#: проголосую за X», «Может быть, завтра я проверю X»).
_PLAN_ASIDE = _ASIDE | {"я", "думаю", "наверное", "наверно", "скорее", "всего", "точно",
                        "уже", "вечером", "утром", "днем", "днём", "тогда", "пожалуй",
                        "планирую", "хочу", "буду", "собираюсь"}

#: «в следующий раз», «на следующей неделе», «в следующую ночь»: another day.
_NEXT_NOUNS = frozenset({"раз", "неделе", "ночь", "день", "ход", "круг", "кругу"})

#: «…, а сегодня — X»: the words that name today against a plan for another day.
_TODAY = frozenset({"сегодня", "сейчас", "нынче"})


def plan_for_later(clause: list[Tok], i: int) -> bool:
    """True when «завтра» / «послезавтра» stands before the move word at ``i`` in its part of
    the sentence with only asides between («Думаю, завтра проголосую за X», «Завтра,
    наверное, проверю X»): a plan for another day, no move today."""
    k = i - 1
    while k >= 0:
        t = clause[k]
        if t.word:
            if t.w in _LATER_WORDS or (t.w in _NEXT_NOUNS and k > 0 and
                                       clause[k - 1].w.startswith("следующ")):
                return True  # «завтра», «в следующий раз», «на следующей неделе»
            if t.w not in _PLAN_ASIDE:
                return False
        elif t.w not in (",", "—", ":"):
            return False
        k -= 1
    return False


def today_instead(clause: list[Tok], i: int, hi: int) -> tuple[int, int] | None:
    """«Завтра проверю Лося, а сегодня — Кузю»: a plan for another day (``plan_for_later``
    or «завтра» in the move word's segment) set against today. Returns ``(index of «а»,
    index of the first word after «сегодня»)`` or None."""
    for k in range(i + 1, hi - 1):
        if clause[k].w != "а" or clause[k + 1].w not in _TODAY:
            continue
        if not (plan_for_later(clause, i) or
                any(clause[n].w in _LATER_WORDS for n in range(i + 1, k))):
            return None
        n = k + 2
        while n < hi and (not clause[n].word or clause[n].w in ("же", "ночью", "этой")):
            n += 1
        return (k, n) if n < hi else None
    return None


#: «если я правильно понял(а)», «если не ошибаюсь», «если честно»: a remark, no condition.
_UNDERSTOOD = frozenset({"понял", "поняла", "понимаю", "помню", "ошибаюсь", "путаю",
                         "честно", "откровенно", "серьезно", "честно-честно"})


def _aside_if(clause: list[Tok], k: int) -> bool:
    """True when the «если» at ``k`` opens a remark on the rules («Охоту, если я правильно
    понял, тоже можно: стреляю в него же»), not a condition of the move."""
    words = [t.w for t in clause[k + 1:k + 5] if t.word]
    return any(w in _UNDERSTOOD for w in words[:3]) or _move_exists(clause, k)


#: «таковой»: the move itself, named back («мой ход, если таковой найдётся, …»).
_SUCH = frozenset({"таковой", "таковая", "таковое", "таковые", "таков"})

#: The other words of a remark that the sender has a move at all («если он у меня вообще
#: есть»).
_EXISTS = frozenset({"он", "оно", "у", "меня", "вообще", "есть", "будет", "найдется",
                     "найдётся", "имеется", "сегодня", "таки"})


def _move_exists(clause: list[Tok], k: int) -> bool:
    """True when the «если» at ``k`` opens a remark between commas that the sender has a
    move at all: «если таковой найдётся», or after «ход,» «если он (у меня) есть» («мой ход,
    если таковой у меня найдётся, на усмотрение X»): no condition of the move."""
    n = k + 1
    words = []
    while n < len(clause) and clause[n].word:
        words.append(clause[n].w)
        n += 1
    if not words or n >= len(clause) or clause[n].w != "," or len(words) > 5:
        return False
    if _SUCH & set(words):
        return True
    return k >= 2 and clause[k - 1].w == "," and clause[k - 2].w in ("ход", "ходы") and \
        all(w in _EXISTS for w in words) and bool({"есть", "будет", "найдется", "найдётся",
                                                    "имеется"} & set(words))


#: Words of a condition on the boss's own order («если босс не пришлёт своего решения»).
_BOSS_WORDS = frozenset({"босс", "босса", "дон", "дона", "шеф", "шефа", "главный", "главного"})


def _fallback(clause: list[Tok], i: int) -> bool:
    """True when the «если» before the move word at ``i`` makes it a fallback for the boss's
    order, not a hypothesis: «на всякий случай» in the sentence, or a condition that the
    boss does not send his («если босс не пришлёт своего — убиваем X»). The priority of
    orders decides between them (DECISIONS.md), so the fallback is an order."""
    words = [t.w for t in clause[:i] if t.word]
    if any(words[n:n + 3] == ["на", "всякий", "случай"] for n in range(len(words))):
        return True
    if V.NEGATION in words and not _BOSS_WORDS.isdisjoint(words):
        return True
    # «Ванечка, если не успеешь — валим X»: the boss, addressed, sends nothing; the clan
    # kill only (for other moves «you» may be anybody)
    lex = lexicon()
    kill = lex.words.get(clause[i].w) == V.KILL or any(
        cls == V.KILL for _, cls in lex.by_first.get(clause[i].w, ()))
    return kill and any(silent_to_you(w) for w in words)


#: Words that leave the choice open after a move («…, а может себя», «…, ещё подумаю»).
_UNDECIDED = frozenset({"подумаю", "определюсь", "подумаем"})

#: The words :func:`_hedged_after` answers True at.
_HEDGE_WORDS = _UNDECIDED | {"может", "если", "решу"}


def _hedged_after(clause: list[Tok], i: int, excluded: set[int]) -> bool:
    """True when the sentence goes on after the move word at ``i`` with another possibility
    («полечу Кузю, а может себя», «…, хотя может и Лёху»; «Охраняю Петю, а если не надо,
    то Лёху»; «приглашаю, может быть, Совёнка») or puts the decision off («…, ещё
    подумаю»): the move is not decided, so it is no order (precision first: the reply
    asks)."""
    if _HEDGE_WORDS.isdisjoint(map(_W, clause[i + 1:])):
        return False  # (the loop below answers True only at one of these words)
    for k in range(i + 1, len(clause)):
        if k in excluded or not clause[k].word:
            continue
        w = clause[k].w
        prev = clause[k - 1].w if k > i + 1 else ""
        if w == "может" and (prev in ("а", "или", "либо", "хотя") or (
                k + 1 < len(clause) and clause[k + 1].w == "быть")):
            return True
        if w == "если" and prev in ("а", "или", "либо") and _other_named(clause, k + 1):
            return True  # not «…: если она роль — хорошо, а если нет — тоже не страшно»
        if w in _UNDECIDED or (w == "решу" and any(
                clause[n].w in ("позже", "потом", "вечером", "завтра")
                for n in range(max(k - 2, 0), min(k + 3, len(clause))))):
            return True
    return False


def _other_named(clause: list[Tok], lo: int) -> bool:
    """True when ``clause[lo:]`` may name another target: a capitalised or quoted word, a
    word of no dictionary, or the sender himself («…, а если не надо, то себя»)."""
    from .words import is_known_word

    if any(t.w == "то" and n + 1 < len(clause) - lo and clause[lo + n + 1].word and
           clause[lo + n + 1].w not in _THEN_TALK for n, t in enumerate(clause[lo:])):
        return True  # «…, а если не надо, то лису»
    return any(t.word and (t.cap or t.quoted or t.w in V.SELF_WORDS or
                           t.w in V.SENDER_WORDS or not is_known_word(t.w))
               for t in clause[lo:])


#: Words after «то» that end a remark, not name another target («а если нет, то и ладно»).
_THEN_TALK = frozenset({"и", "не", "ничего", "ладно", "всё", "все", "хорошо", "тоже", "ну",
                        "так", "это", "есть", "ок", "нормально", "пусть"})


@functools.lru_cache(maxsize=1)
def _flag_first() -> frozenset[str]:
    return frozenset(SKIP) | frozenset(CANCEL) | frozenset(OTHER_DAY) | frozenset(_KEEP) | \
        frozenset(_LATER) | frozenset(_ABSTAIN)


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
    return any(clause[i].w in _LATER and _has(_LATER, clause[i].w, clause, i, present)
               for i in range(lo, hi))


#: Stems of moves that are not the night move: a bare «пропускаю» next to one of them passes
#: on that move only («охоту пропускаю», «голосование пропускаю»), not on the night.
_NOT_NIGHT_STEMS = ("охот", "линч", "голосов")


def _skips_other_move(clause: list[Tok], i: int, present: set[str]) -> bool:
    """True when the skip phrase at ``i`` does not name the move («ход») and the clause names
    a move that is not the night move (the hunt, the lynch vote)."""
    if "ход" in present or "хода" in present:
        return False
    return any(t.word and t.w.startswith(_NOT_NIGHT_STEMS) for t in clause)


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
    for i, t in enumerate(clause):
        if not t.word or t.w not in first:
            continue
        w = t.w
        if w in SKIP and _has(SKIP, w, clause, i, present) and not _skips_other_move(clause, i, present):
            out["skip"] = True
        if out["cancel"] is None and w in CANCEL:
            for p in CANCEL[w]:
                if match_phrase(clause, i, p):
                    out["cancel"] = i + len(p)
                    break
        if w in OTHER_DAY and _has(OTHER_DAY, w, clause, i, present):
            out["other_day"] = True
        if w in _KEEP and _has(_KEEP, w, clause, i, present):
            out["keep"] = True
        if w in _LATER and _has(_LATER, w, clause, i, present):
            out["later"] = True
        if w in _ABSTAIN and _has(_ABSTAIN, w, clause, i, present):
            out["abstain"] = True
    return out


#: Words that take a move back by themselves («отбой», «передумал»); a bare «нет» takes it
#: back only with one of :data:`_BACK_WITH_NO` («хотя нет», «ой, нет», «нет, стоп»), never an
#: emphatic «Нет, ну правда, он странный».
_TAKE_BACK = frozenset({"отбой", "передумал", "передумала", "передумали", "стоп", "ошибся",
                        "ошиблась", "вру", "нет-нет", "шучу", "пошутил", "пошутила", "тьфу",
                        "перепутал", "перепутала",
                        "опечатался", "опечаталась", "оговорился", "оговорилась"})
_BACK_WITH_NO = frozenset({"хотя", "ой", "стоп", "блин"})


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
    if tense != "past":
        return False
    s = k - 1
    while s >= 0 and clause[s].word and clause[s].w in _REPORT_SKIP:
        s -= 1
    # a past verb tells of somebody else only with its subject written («Дон сказал»);
    # «Решила проверить Кузю» is the sender's own
    return s >= 0 and clause[s].word and clause[s].w not in _FIRST_PERSON and \
        verb_reading(clause[s].w) is None and clause[s].w not in _REPORT_SKIP
