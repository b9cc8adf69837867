"""Hypotheses, plans and hedges that make a move word no order for today (issue 3, issue
11): «если он врач — проверю», «завтра проверю», «может, подлечу X», «а если…, то…»
(:func:`hypothetical`, :func:`for_later_day`, :func:`plan_for_later`,
:func:`today_instead`, :func:`idiom_told`). Split from :mod:`engine.grammar_flags`.
"""

from __future__ import annotations

import functools
from operator import attrgetter

from . import grammar_vocab as V
from .grammar_orders import silent_to_you
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .words import is_infinitive, is_known_word, is_verb, morph, past_tense

_W = attrgetter("w")  # a token's normalised text

#: Punctuation that starts a new part of a clause (fuzzy verbs, «не буду» after a verb).
SEGMENT_MARKS = frozenset({",", "—", ":", "(", ")"})


IF_WORDS = frozenset({"если", "ежели", "коли", "якщо"})  # («якщо»: Ukrainian «если»)


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
            not _aside_if(clause, k) and not _meanwhile_between(clause, k, i)
            for k, t in enumerate(clause[:i])):
        return not _fallback(clause, i)
    if considered(clause, i):
        return True  # «Думаю голосовать за Лома и… второго ещё не решила»: weighed, no order
    k = i - 1
    added = _added_move(clause, i)
    while k >= 0 and (clause[k].word or clause[k].w not in SEGMENT_MARKS):
        if added and clause[k].w == "вдруг" and k < i - 3:
            k -= 1  # «ищу у X, вдруг она мой кумир и ещё выстрел в Y»: «вдруг» opens why the
            continue  # move before it is made («in case …»); the move added after «и ещё»
            # is no hypothesis of it (not «…, а может и ещё выстрел в Y»: asked)
        if clause[k].w in V.HYPOTHETICAL_WORDS and k not in excluded and \
                not _need_would(clause, k, i) and not _at_least(clause, k):
            return True
        if clause[k].w in ("но", "а", "зато"):
            return False
        if clause[k].w in _WANTED and k not in excluded and (
                _but_after(clause, i) or past_wish(clause, i, k)):
            # «Хотела ещё пострелять в X, но нельзя»: a wish given up; «Хотел проверить X.»:
            # a wish in the past, done or not? Asked
            return True
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
    if _infinitive_wish(clause, i) or _would_after(clause, i, excluded):
        return True
    if _praised(clause, i):
        return "hedged"  # asked: a move judged may still be meant («Хороший выстрел в X»)
    if _hedged_after(clause, i, excluded):
        return "hedged"
    k = i + 1
    while k < len(clause) and (clause[k].word or clause[k].w not in SEGMENT_MARKS):
        if clause[k].w in IF_WORDS:
            return False  # «чек Бронтика и если он роль его же завтра валим»: a new condition
        if clause[k].w in _LATER_WORDS or clause[k].w in ("но", "а"):
            return clause[k].w in _LATER_WORDS or _not_now(clause, k + 1)
        k += 1
    if k < len(clause) and clause[k].w in (",", "—"):
        n = k + 1 + (k + 1 < len(clause) and clause[k + 1].w in _PUT_OFF_HEADS)
        return _not_now(clause, n)
    return False


#: «ещё», «также», «плюс» after «и»/«а» right before a move word: another move added to the
#: sentence («…, вдруг она комиссар, и ещё выстрел в X»; «а также МО в X»).
_ADDED = frozenset({"еще", "также", "плюс"})
_ADDED_AND = frozenset({"и", "а"})


def _added_move(clause: list[Tok], i: int) -> bool:
    """True when the move word at token ``i`` comes right after «и ещё», «а ещё», «и
    также», «а также», «и плюс»: a move added to what the sentence said before, which a
    «вдруг» before «и» does not reach («…, вдруг она мой кумир и ещё выстрел в Клюшку»: why
    the search before it is made, see :func:`hypothetical`)."""
    return i >= 2 and clause[i - 1].w in _ADDED and clause[i - 2].w in _ADDED_AND


#: Words that may open the part putting a move off («…, но не сегодня», «…, только не сейчас»).
_PUT_OFF_HEADS = frozenset({"но", "только", "однако"})

def _not_now(clause: list[Tok], n: int) -> bool:
    """True when the tokens from ``n`` put the move before them off and end the sentence's
    part: «не сегодня», «не сейчас», «не этой ночью», «завтра» («Режу Кузю, но не сегодня»,
    «Полечу Бобра, но завтра»; not «…, но не сегодня начну» nor «…, но завтра Лося»)."""
    if n < len(clause) and clause[n].w == "не":
        n += 1
        if n + 1 < len(clause) and clause[n].w in ("этой", "эту") and \
                clause[n + 1].w in ("ночью", "ночь"):
            n += 1
        elif n >= len(clause) or clause[n].w not in _TODAY:
            return False
    elif n >= len(clause) or clause[n].w not in _LATER_WORDS:
        return False
    n += 1
    return n >= len(clause) or not clause[n].word or clause[n].w in ("а", "завтра", "потом")


#: Words of judging a move done («хороший выстрел», «good shot»): the move is talked of.
_PRAISE = frozenset({"хороший", "отличный", "удачный", "неудачный", "меткий", "классный",
                     "красивый", "прекрасный", "шикарный", "славный", "великолепный",
                     "плохой", "ужасный", "точный", "блестящий", "good", "nice", "great",
                     "bad", "lucky"})


def _praised(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` is a noun (or a foreign word) right after a word of
    praise or blame («Хороший выстрел, Карась», «Good shot, Карась»): yesterday's move judged,
    the name after it an address, not an order."""
    if i < 1 or not clause[i - 1].word or is_verb(clause[i].w):
        return False
    w = clause[i - 1].w
    return w in _PRAISE or any(p.tag.POS in ("ADJF", "ADJS") and p.normal_form in _PRAISE
                               for p in morph().parse(w))


def _infinitive_wish(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` is an infinitive with «бы» / «б» right after it
    («Пальнуть бы в Карася», «Эх, проверить бы Лося»): a wish in the infinitive, like «я бы
    пальнул в Карася», not an order."""
    return i + 1 < len(clause) and clause[i + 1].w in ("бы", "б") and \
        _infinitive(clause[i].w)


def _would_after(clause: list[Tok], i: int, excluded: set[int]) -> bool:
    """True when a verb in the past tense with «бы» / «б» right after it follows the move
    word at ``i`` in its own comma segment («Бортовой залп дал бы по X», «Залп я бы дал по
    X»): the conditional mood, a wish or a hypothesis, not an order (as «я бы пальнул в X»
    before the move word)."""

    words = clause_words(clause)
    if "бы" not in words and "б" not in words:
        return False  # (no «бы» in the clause at all: two C-level scans, no walk)
    k = i + 1
    while k < len(clause) and (clause[k].word or clause[k].w not in SEGMENT_MARKS):
        if clause[k].w in ("бы", "б") and k not in excluded and k > i + 1 and (
                past_tense(clause[k - 1].w) or
                (k + 1 < len(clause) and past_tense(clause[k + 1].w))):
            return True
        if clause[k].w in ("но", "а", "зато"):
            return False
        k += 1
    return False


#: Words of need that «бы» only softens («надо бы полечить X»: the sender's order to himself).
_NEED = frozenset({"надо", "нужно", "следует", "надобно"})


def _need_would(clause: list[Tok], k: int, i: int) -> bool:
    """True when «бы» at ``k`` stands right after a word of need and the move word at ``i``
    is the infinitive right after it, fillers aside («Надо бы полечить X», «нужно бы сегодня
    проверить X»): a softened order, not a wish; other hedges still count."""
    if clause[k].w not in ("бы", "б") or k < 1 or clause[k - 1].w not in _NEED:
        return False
    if not all(clause[n].word and clause[n].w in _NEED_GAP for n in range(k + 1, i)):
        return False
    return _infinitive(clause[i].w)


def _at_least(clause: list[Tok], k: int) -> bool:
    """True when «бы» at ``k`` is the particle of «хотя бы» («at least»: «хотя бы линч:
    X», «ну хотя бы голос за X»): a fallback said as an order, not a wish."""
    return clause[k].w in ("бы", "б") and k >= 1 and clause[k - 1].w == "хотя"


#: Words that may stand between «надо бы» and its infinitive («надо бы сегодня всё-таки …»).
_NEED_GAP = frozenset({"сегодня", "ночью", "нынче", "всё-таки", "все-таки", "таки", "уже",
                       "еще", "ещё", "снова", "опять", "мне", "нам"})


#: «думаю» right before the vote's infinitive («думаю голосовать за X», «подумываю повесить
#: X»): the sender considers his vote, as players weigh it in the day's talk; no vote yet
#: (not «думаю, голосую за X»). A night move so written stays an order («Думаю обчистить X,
#: Старшина решит», issue11_r47a).
_CONSIDER = frozenset({"думаю", "подумываю", "думаем", "подумываем"})
#: Infinitives of voting after :data:`_CONSIDER`.
_VOTE_INFINITIVES = frozenset({"голосовать", "проголосовать", "вешать", "повесить",
                               "линчевать", "отголосовать"})


def considered(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` is an infinitive of voting right after a word of
    :data:`_CONSIDER` («думаю голосовать за X»): a vote the sender weighs (asked), no order."""
    return i >= 1 and clause[i - 1].w in _CONSIDER and clause[i].w in _VOTE_INFINITIVES


def _infinitive(w: str) -> bool:
    from .words import is_infinitive
    return is_infinitive(w)


#: Words of now after «а», «но» («…, а пока голос Лосю»): what follows holds today, whatever
#: the condition before it.
_MEANWHILE = frozenset({"пока", "покамест", "сейчас", "сегодня", "ныне", "нынче"})


def _meanwhile_between(clause: list[Tok], k: int, i: int) -> bool:
    """True when «, а пока» («, но сейчас», «, а сегодня») stands between the condition word
    at ``k`` and the move word at ``i``: «Если Медведь промолчит, голос за него, а пока голос
    Лосю» — the move after it is today's, out of the condition's reach."""
    return any(clause[n].w in ("а", "но") and clause[n + 1].w in _MEANWHILE and
               not clause[n - 1].word and all(t.word for t in clause[n + 2:i])
               for n in range(k + 2, i - 1))


#: Past forms of wanting and meaning to («хотела пострелять в X, но …»).
_WANTED = frozenset({"хотел", "хотела", "хотели", "хотелось", "собирался", "собиралась",
                     "собирались", "думал", "думала", "планировал", "планировала"})


def past_wish(clause: list[Tok], i: int, k: int | None = None) -> bool:
    """True when a past form of wanting or meaning to (:data:`_WANTED`, not «хотел бы») at
    ``k`` (else any of the three words before) governs the infinitive move word at ``i``
    with only words between («Хотел проверить X.», «Собиралась сегодня позвать X»): what was
    wanted may or may not be done today — asked, neither applied nor dropped. Not when «но»
    (or «да», «однако» after a comma) follows: the wish is weighed there («Хотел было прибить
    X, да Мессир не велел», :func:`given_up`)."""
    governs = any(clause[n].w in _WANTED and i - n <= 3 and all(t.word for t in clause[n + 1:i])
                  and not any(t.w in ("бы", "б") for t in clause[n + 1:i])
                  for n in ([k] if k is not None else range(max(0, i - 3), i)))
    return governs and is_infinitive(clause[i].w) and not _but_after(clause, i)


def _but_after(clause: list[Tok], i: int) -> bool:
    """True when «но» follows the move word at ``i`` in its sentence, or «да» / «однако» /
    «только» right after a comma: what was wanted is not done («хотела пострелять в X, но
    по правилам нельзя», «Хотел было прибить X, да босс не велел»)."""
    return any(t.word and (t.w == "но" or (t.w in ("да", "однако", "только") and
                                          clause[k - 1].w in (",", "—")))
               for k, t in enumerate(clause[i + 1:], i + 1))


#: Words after «но» that give the wished move up: a rule, a «no», too early, not worth it
#: («…, но с проверкой нельзя», «…, но ещё рано», «…, так что нет, не пальну»).
_GIVING_UP = frozenset({"не", "нельзя", "нет", "рано", "поздно", "жалко", "жаль"})

#: Words after «но» that ask whether the wished move may be made («…, но можно ли?»): the
#: wish still stands, and the host answers it.
_STILL_ASKED = frozenset({"ли", "можно", "если", "?"})


def given_up(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` is a wish in the past or in the conditional mood in
    its comma segment («хотел(а)», «собирался», «я бы»; not the polite «хотел бы» nor «надо
    бы») and «но» after it in the sentence goes on to give the move up (a word of
    :data:`_GIVING_UP`, none of :data:`_STILL_ASKED`): «Хотел ещё пальнуть в X на охоте, но
    с проверкой нельзя», «Я бы стрельнула в X, но ещё рано» — neither a move nor a question
    («…, но не знаю, можно ли» is still asked)."""
    k, wish = i - 1, False
    while k >= 0 and (clause[k].word or clause[k].w not in SEGMENT_MARKS):
        if clause[k].w in ("но", "а", "зато"):
            return False
        if clause[k].w in _WANTED and not (k + 1 < i and clause[k + 1].w in ("бы", "б")):
            wish = True
        elif clause[k].w in ("бы", "б") and not _need_would(clause, k, i) and \
                not (k > 0 and clause[k - 1].w in _WANTED):
            wish = True
        k -= 1
    if not wish:
        return False
    but = next((n for n in range(i + 1, len(clause)) if clause[n].w == "но"), None)
    if but is None:
        return False
    rest = {t.w for t in clause[but + 1:]}
    return not rest.isdisjoint(_GIVING_UP) and rest.isdisjoint(_STILL_ASKED)


def _if_anything(clause: list[Tok], k: int) -> bool:
    """«если что» («если чё») closed by punctuation («это ход, если что: приглашаю X») is a
    turn of speech («just so you know»), no condition; so are «если спросят», «если кто
    спросит», «если интересно» («убийство от клана, если спросят, — X»: «for the record»)."""
    for turn in _TURNS_OF_IF:
        n = k + 1 + len(turn)
        if n <= len(clause) and all(clause[k + 1 + m].w in w for m, w in enumerate(turn)) and \
                (n >= len(clause) or not clause[n].word):
            return True
    return False


#: «что» and its spoken forms («если чё», «если чо»).
_WHAT = frozenset({"что", "чё", "че", "чо", "шо"})

#: The words after «если» of a turn of speech that sets no condition (:func:`_if_anything`).
_TURNS_OF_IF = ((_WHAT,), (frozenset({"спросят", "спросит", "интересно"}),),
                (frozenset({"кто", "кто-то", "кто-нибудь", "кому"}),
                 frozenset({"спросит", "спросят", "интересно"})))


def idiom_told(clause: list[Tok], i: int, j: int) -> bool:
    """«Утром нашли два трупа: Зоя и Ромка», «вчера Кузя пошёл под нож»: an idiom of several
    words (tokens ``[i, j)``) right after a verb in the past tense (or «вчера»), within
    three words of its comma segment, tells what happened; it orders nothing."""
    if j - i < 2:
        return False
    k, seen = i - 1, 0
    while k >= 0 and seen < 3 and (clause[k].word or clause[k].w not in (",", ":", "—", ";")):
        if clause[k].word:
            if clause[k].w in _TURNS:
                return False  # «меня в страх назначили ну ок вместо себя …»: a new sentence
            if clause[k].w in V.PAST_WORDS or _maybe_past(clause[k].w):
                return True
            seen += 1
        k -= 1
    return False


#: Words that turn from what happened to what the sender does, in a sentence run on with no
#: punctuation («назначили ну ок вместо себя отправляю X»).
_TURNS = frozenset({"ок", "окей", "ok", "okay", "ладно", "лан", "короче", "хорошо", "итак",
                    "ладушки"})


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
    return later_in_segment(clause, i)


#: Words of the sender living through the night («если завтра буду жив», «если доживу»).
_SURVIVE = frozenset({"доживу", "выживу", "доживем", "выживем", "уцелею", "переживу"})
#: «жив» is the sender's only with a verb of his («буду жив», «останусь жива»).
_ALIVE = frozenset({"жив", "жива", "живой", "живая", "живы", "живым"})
_I_BE = frozenset({"буду", "будем", "останусь", "останемся"})


def if_survive(clause: list[Tok], i: int) -> bool:
    """True when the last «если» before the move word at ``i`` opens the sender's living
    through the night («Если завтра буду жив, то, может, проверю X», «если доживу, полечу
    X»): a plan for another day."""
    k = max((n for n, t in enumerate(clause[:i]) if t.w in IF_WORDS), default=None)
    if k is None:
        return False
    words = {t.w for t in clause[k + 1:i] if t.word}
    return not words.isdisjoint(_SURVIVE) or (
        not words.isdisjoint(_ALIVE) and not words.isdisjoint(_I_BE))


def survive_tomorrow(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` follows the sender's living through to tomorrow
    (:func:`if_survive` with «завтра» in the condition: «Если доживу до завтра — стреляю в
    X», «если завтра выживу — МО в X»): a plan for tomorrow, no move today and nothing to
    ask, whatever the sender's role. Only with the move word an infinitive after «буду» or
    a noun («…— МО в X»; a verb of today's orders stays asked), and no word of today in the
    clause."""
    if not if_survive(clause, i):
        return False
    k = max(n for n, t in enumerate(clause[:i]) if t.w in IF_WORDS)
    return any(t.w in _LATER_WORDS for t in clause[k + 1:i]) and \
        not any(t.w in _TODAY for t in clause) and (
            (clause[i - 1].w in ("буду", "будем") and is_infinitive(clause[i].w)) or
            not is_verb(clause[i].w))
    # (the future said as such, «буду + infinitive», or a move's noun: «…, проверю X»,
    # «…, жульничаю у X» are the verbs of today's orders too, and «…, то сегодня стреляю
    # в X» names today: asked)


def later_in_segment(clause: list[Tok], i: int) -> bool:
    """True when «завтра» / «послезавтра» stands in the comma segment of token ``i``."""
    lo = i
    while lo > 0 and (clause[lo - 1].word or clause[lo - 1].w not in SEGMENT_MARKS):
        lo -= 1
    hi = i
    while hi < len(clause) and (clause[hi].word or clause[hi].w not in SEGMENT_MARKS):
        hi += 1
    return any(clause[n].w in _LATER_WORDS for n in range(lo, hi))


def promised_later(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` is put off to another day («Проголосую завтра, пока
    присматриваюсь») with no «если» and no word of today («…, а сегодня не знаю кого») in
    its clause: with no player named for it, no move today and nothing to ask (issue 11)."""
    words = {t.w for t in clause if t.word}
    return later_in_segment(clause, i) and IF_WORDS.isdisjoint(words) and \
        _TODAY.isdisjoint(words)


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
    or «завтра» in the move word's segment) set against today. Returns ``(index of «а»
    (or «но», a comma, a dash),
    index of the first word after «сегодня»)`` or None."""
    for k in range(i + 1, hi - 1):
        if clause[k].w not in ("а", "но", ",", "—") or clause[k + 1].w not in _TODAY:
            # («Лося проверю завтра, сегодня — Кузнеца»: a comma or a dash does as «а»)
            continue
        if not (plan_for_later(clause, i) or
                any(clause[n].w in _LATER_WORDS for n in range(i + 1, k))):
            return None
        n = k + 2
        while n < hi and (not clause[n].word or clause[n].w in ("же", "ночью", "этой", "за", "у",
                                                               "в", "на", "к", "ко")):
            n += 1
        return (k, n) if n < hi else None
    return None


def passed_before(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` is a maybe for another day (:func:`plan_for_later`,
    a hedge word of :data:`_MAYBE` before it) after the sender skipped today's move earlier
    in the clause: «Сегодня пас по ночи, может завтра шизану X», «сегодня пропускаю, а
    завтра, наверное, проверю X» (as «завтра X, а сегодня пас», :func:`today_instead`): no
    move today and nothing to ask. A firm plan («сегодня не хожу, а завтра шизю X, запишите
    заранее») may be a move sent ahead: asked as before."""
    if not plan_for_later(clause, i):
        return False
    skip = next((k for k in range(i) if clause[k].w in _TODAY and skips_today(clause, k + 1)),
                None)
    return skip is not None and any(clause[n].w in _MAYBE for n in range(skip + 2, i))


#: Hedge words of a maybe («может завтра проверю X», «завтра, наверное, полечу X»).
_MAYBE = frozenset({"может", "наверное", "наверно", "возможно", "мб", "пожалуй", "видимо",
                    "посмотрим"})


#: Words that say today's move is skipped («…, а сегодня пас», «сегодня отдыхаю»).
_SKIP_TODAY = frozenset({"отдыхаю", "отдыхаем", "сплю", "ничего", "никого", "пропуск",
                         "без"})


def skips_today(clause: list[Tok], n: int) -> bool:
    """True when the words from ``n`` (right after «…, а сегодня») skip today's move: a
    skip phrase («пас», «пропускаю», «без хода») or «отдыхаю», «ничего», «никого»."""
    words = tuple(t.w for t in clause[n:n + 3])
    return bool(words) and (words[0] in _SKIP_TODAY or any(
        words[:len(p)] == p for p in V.SKIP_PHRASES))


#: «если я правильно понял(а)», «если не ошибаюсь», «если честно»: a remark, no condition.
_UNDERSTOOD = frozenset({"понял", "поняла", "понимаю", "помню", "ошибаюсь", "путаю",
                         "честно", "откровенно", "серьезно", "честно-честно"})
#: How the sender now puts it, right after «если» («а если по-человечески: …», «если коротко
#: — …»): a remark, no condition (not «если X коротко ответит»: a condition on X).
_PUT_SO = frozenset({"коротко", "кратко", "вкратце", "по-человечески", "по-простому",
                     "попросту", "по-русски", "по-нормальному"})


def _aside_if(clause: list[Tok], k: int) -> bool:
    """True when the «если» at ``k`` opens a remark on the rules («Охоту, если я правильно
    понял, тоже можно: стреляю в него же»), not a condition of the move."""
    words = [t.w for t in clause[k + 1:k + 5] if t.word]
    return any(w in _UNDERSTOOD for w in words[:3]) or bool(words) and words[0] in _PUT_SO or \
        _move_exists(clause, k) or \
        _courtesy(clause, k) or _moot(clause, k)


#: Conditions that hold whenever the move can be made at all (the words of each, the words
#: one of which it needs): the sender still alive («если я ещё жив к ночи»), nothing changed
#: before the deadline («если ничего не изменится до дедлайна»), the sender's last move («если
#: это мой последний ход»).
_MOOT = (
    (frozenset({"я", "ещё", "еще", "жив", "жива", "живой", "живая", "к", "до", "ночи",
                "вечера", "сегодня", "пока"}), frozenset({"жив", "жива", "живой", "живая"}),
     frozenset({"я"})),
    (frozenset({"ничего", "не", "изменится", "поменяется", "до", "дедлайна", "срока",
                "вечера", "конца", "дня", "сегодня"}), frozenset({"изменится", "поменяется"}),
     frozenset({"ничего"})),
    (frozenset({"это", "мой", "последний", "ход", "вдруг", "будет"}),
     frozenset({"последний"}), frozenset({"ход"})),
)


def _moot(clause: list[Tok], k: int) -> bool:
    """True when the «если» at ``k`` opens a condition closed by «,», «—» or «:» that holds
    whenever the move can be made at all (:data:`_MOOT`): a dead sender makes no move, a move
    not changed stands, so it restates the rules and the move is an order."""
    n = k + 1
    words = []
    while n < len(clause) and clause[n].word:
        words.append(clause[n].w)
        n += 1
    if not words or n >= len(clause) or clause[n].w not in (",", "—", ":", "–"):
        return False
    present = set(words)
    return any(allowed.issuperset(present) and not need.isdisjoint(present) and
               not also.isdisjoint(present) for allowed, need, also in _MOOT)


#: The words of a courtesy «если позволите», «ежели не возражаете», «если можно».
_COURTESY = frozenset({"позволите", "позволишь", "разрешите", "разрешишь", "можно",
                       "возражаете", "возражаешь", "не", "вы", "ты", "мне", "так"})
_COURTESY_HEADS = frozenset({"позволите", "позволишь", "разрешите", "разрешишь", "можно",
                             "возражаете", "возражаешь"})


def _courtesy(clause: list[Tok], k: int) -> bool:
    """True when the «если» at ``k`` opens a courtesy closed by a comma or a colon («ежели
    позволите, сделаю выстрел …», «если не возражаете: …»): no condition of the move."""
    n = k + 1
    words = []
    while n < len(clause) and clause[n].word:
        words.append(clause[n].w)
        n += 1
    if not (0 < len(words) <= 4 and n < len(clause) and clause[n].w in (",", ":", "—")):
        return False
    return (all(w in _COURTESY for w in words) and any(w in _COURTESY_HEADS for w in words)) \
        or (all(w in _SENT_HERE for w in words) and any(w in _HERE_HEADS for w in words))


#: The words of a condition that the move is to be sent to the host («если вам, то голосую
#: за …», «если сюда надо писать, …»): this letter does it, so it holds.
_SENT_HERE = frozenset({"вам", "тебе", "сюда", "ведущему", "надо", "нужно", "писать",
                        "тоже", "слать", "присылать"})
_HERE_HEADS = frozenset({"вам", "тебе", "сюда", "ведущему"})


#: «таковой»: the move itself, named back («мой ход, если таковой найдётся, …»).
_SUCH = frozenset({"таковой", "таковая", "таковое", "таковые", "таков"})

#: The other words of a remark that the sender has a move at all («если он у меня вообще
#: есть»).
_EXISTS = frozenset({"он", "оно", "у", "меня", "вообще", "есть", "будет", "найдется",
                     "найдётся", "имеется", "сегодня", "таки"})


def _move_exists(clause: list[Tok], k: int) -> bool:
    """True when the «если» at ``k`` opens a remark between commas that the sender has a
    move at all: «если таковой найдётся», or after «ход,» «если он (у меня) есть» («мой ход,
    если таковой у меня найдётся, на усмотрение X»), or the same in brackets after «ход» («мой
    ход (если у актёра он вообще есть) — на усмотрение X»): no condition of the move."""
    n = k + 1
    words = []
    while n < len(clause) and clause[n].word:
        words.append(clause[n].w)
        n += 1
    if not words or n >= len(clause) or clause[n].w not in (",", ")") or len(words) > 6:
        return False
    if _SUCH & set(words):
        return True
    # («мой ход (если у актёра он вообще есть) — …»: the holder after «у» may be any word)
    rest = [w for m, w in enumerate(words) if not (m and words[m - 1] == "у")]
    return k >= 2 and (clause[k - 1].w, clause[n].w) in ((",", ","), ("(", ")")) and \
        clause[k - 2].w in ("ход", "ходы") and \
        all(w in _EXISTS for w in rest) and bool({"есть", "будет", "найдется", "найдётся",
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
    if not _POLITE.isdisjoint(words):
        return False  # «если дон не против — мочим X»: the boss's consent, not his silence
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
        if clause[k].quoted and _cited(clause, k):
            continue  # «Лечу себя — «может быть, я и не человек»»: the quoted author's words
        w = clause[k].w
        prev = clause[k - 1].w if k > i + 1 else ""
        though = prev == "хотя" or (prev == "," and k > i + 2 and clause[k - 2].w == "хотя")
        if w == "может" and prev in ("не", "разве", "ведь", "неужели"):
            continue  # «— ну разве может быть иначе?», «не может быть просто мирный»: the verb
        if w == "может" and _predicate_may_be(clause, i, k):
            continue  # «ищу у Доктора — он умный, значит и сыщик может быть»: the verb
        if w == "может" and _because_between(clause, i, k) and not _other_named(clause, k + 1):
            continue  # «…, потому что кот может быть только один»: the verb of the reason
        if w == "может" and _others_may(clause, k):
            continue  # «стреляю в X, может быть, кто-нибудь поддержит»: what others may do
        if w == "может" and (prev in ("а", "или", "либо", "хотя") or (
                k + 1 < len(clause) and clause[k + 1].w == "быть")):
            if though and _reason_between(clause, i, k) and \
                    not _other_named(clause, k + 1) and \
                    all(t.w not in ("не", "нет") for t in clause[k + 1:]):
                continue  # «На линч Маринку, она тихая, хотя может просто на работе»: the
                # reason is doubted, not the move
            return True
        if w == "если" and prev in ("а", "или", "либо") and _other_named(clause, k + 1):
            return True  # not «…: если она роль — хорошо, а если нет — тоже не страшно»
        if w == "если" and prev == "но" and any(
                clause[n].w in ("тогда", "то") and _other_named(clause, n + 1)
                for n in range(k + 2, len(clause))):
            return True  # «Приглашаю X, но если он занят — тогда Y»: a second choice, asked
            # (not «линч — пока X, но если Y покажет что-то — передумаю»: no other choice)
        if w in _UNDECIDED and _other_one_between(clause, i, k):
            continue  # «Голос за X, второй голос пока оставлю, подумаю»: the other one's
        if w in _UNDECIDED or (w == "решу" and any(
                clause[n].w in ("позже", "потом", "вечером", "завтра")
                for n in range(max(k - 2, 0), min(k + 3, len(clause))))):
            return True
    return False


def _cited(clause: list[Tok], k: int) -> bool:
    """True when the quoted word at ``k`` stands in a quotation of three words or more, all
    in quotes («лечу себя — «может быть, я и не человек»»): a cited line of somebody's, whose
    «может» is the author's, no doubt of the sender's about his move (not «лечу себя
    («может быть»)»: two words, asked as before)."""
    lo = k
    while lo > 0 and (clause[lo - 1].quoted or not clause[lo - 1].word):
        lo -= 1
    hi = k
    while hi < len(clause) and (clause[hi].quoted or not clause[hi].word):
        hi += 1
    return sum(1 for t in clause[lo:hi] if t.word and t.quoted) >= 3


#: «второй», «другой» opening a segment after the move: what follows is another vote or move.
_OTHER_ONE = frozenset({"второй", "второго", "второе", "другой", "другого", "другое"})


def _other_one_between(clause: list[Tok], i: int, k: int) -> bool:
    """True when a segment between the move word at ``i`` and the word at ``k`` opens with
    «второй»/«другой» (after a comma or dash): the words at ``k`` are said of the other
    vote or move («Голос за X, второй пока оставлю, подумаю до вечера»)."""
    return any(clause[n].w in _OTHER_ONE and clause[n - 1].w in (",", "—", "-", ";")
               for n in range(i + 2, k))


#: Words for other players as a group or anybody, the subject of what «может (быть)» doubts
#: after a move («…, может быть, кто-нибудь поддержит»).
_OTHERS = frozenset({"кто-нибудь", "кто-то", "кто-либо", "другие", "остальные", "народ",
                     "многие", "люди"})


def _others_may(clause: list[Tok], k: int) -> bool:
    """True when «может» (or «может быть») at ``k`` is followed, before the next comma or
    dash, by anybody or the others (:data:`_OTHERS`) and a verb in the third person: what
    others may do after the move («В охоту стреляю в X, а охоту, может быть, кто-нибудь
    поддержит»), not a doubt of the move («…, а может кто-нибудь другой»: no verb, asked)."""
    from .words import third_person

    n = k + 1
    if n < len(clause) and clause[n].w == "быть":
        n += 1
    if n < len(clause) and clause[n].w == ",":
        n += 1
    if n >= len(clause) or clause[n].w not in _OTHERS:
        return False
    for t in clause[n + 1:n + 4]:
        if not t.word:
            return False
        if third_person(t.w):
            return True
    return False


def _predicate_may_be(clause: list[Tok], i: int, k: int) -> bool:
    """True when «может быть» at ``k`` is the verb of a reason told about the target after
    the move: a segment after a comma, colon or dash past the move word at ``i``, «может
    быть» right after «он»/«она»/«они» or a role word («…, он может быть маньяком», «—
    значит и сыщик может быть»), and no other player named after it. A parenthetical «может
    быть» («приглашаю, может быть, Совёнка», «Кузю, а может быть Петю») stays a hedge."""
    from .words import role_words

    if k + 1 >= len(clause) or clause[k + 1].w != "быть" or k < 1:
        return False
    prev = clause[k - 1].w
    if prev not in ("он", "она", "они") and prev not in role_words():
        return False
    if not any(clause[n].w in (",", ":", "—", "-") for n in range(i + 1, k - 1)):
        return False
    return not _other_named(clause, k + 2)


def _because_between(clause: list[Tok], i: int, k: int) -> bool:
    """True when a reason opens between the move word at ``i`` and token ``k`` («потому
    что», «так как», «ибо», «поскольку»): a «может быть» inside it tells what may be true of
    the target, it does not doubt the move («Голос Шкафу, потому что шкаф может быть только
    один»)."""
    for n in range(i + 1, k):
        w = clause[n].w
        if w in ("ибо", "поскольку") or (w in ("потому", "так") and n + 1 < k and
                                          clause[n + 1].w == ("что" if w == "потому" else "как")):
            return True
    return False


#: The most words before «он» in a segment of a reason («…: после ночи он стал весел»).
_REASON_REACH = 4


def _reason_between(clause: list[Tok], i: int, k: int) -> bool:
    """True when a segment between the move word at ``i`` and token ``k``, after a comma, a
    colon or a dash, has «он», «она», «они» among its first words: a reason told about the
    target («…, она подозрительно тихая, …», «…: после Лисы он стал весел, …»)."""
    return any(clause[n].w in (",", ":", "—", "-") and any(
        t.w in ("он", "она", "они") for t in clause[n + 1:min(n + 1 + _REASON_REACH, k)])
        for n in range(i + 1, k - 1))


def _other_named(clause: list[Tok], lo: int) -> bool:
    """True when ``clause[lo:]`` may name another target: a capitalised or quoted word, a
    word of no dictionary, or the sender himself («…, а если не надо, то себя»)."""
    from .words import is_known_word

    if any(t.w == "то" and n + 1 < len(clause) - lo and clause[lo + n + 1].word and
           _then_word(clause, lo + n + 1) not in _THEN_TALK for n, t in enumerate(clause[lo:])):
        return True  # «…, а если не надо, то лису»
    return any(t.word and (t.cap or t.quoted or t.w in V.SELF_WORDS or
                           t.w in V.SENDER_WORDS or not is_known_word(t.w))
               for t in clause[lo:])


def _then_word(clause: list[Tok], k: int) -> str:
    """The word at ``k`` (right after «то»), or the one after it when it is «уже» («то уже
    и не надо»); '' when none follows «уже»."""
    if clause[k].w == "уже":
        return clause[k + 1].w if k + 1 < len(clause) and clause[k + 1].word else ""
    return clause[k].w


#: Words after «то» that end a remark, not name another target («а если нет, то и ладно»).
_THEN_TALK = frozenset({"и", "не", "ничего", "ладно", "всё", "все", "хорошо", "тоже", "ну",
                        "так", "это", "есть", "ок", "нормально", "пусть", ""})


#: Third-person subjects a condition after a move is about («…, если он опять промолчит»).
_THEY = frozenset({"он", "она", "они", "кто-то", "кто-нибудь", "никто", "кто"})

#: Words that end a condition that holds whenever the move can be made at all («если жив»).
_TRIVIAL = frozenset({"жив", "жива", "живой", "живая", "живы", "будет", "еще", "ещё"})


#: Words of a polite condition («если Ежевика не против», «если босс разрешит»): a courtesy.
_POLITE = frozenset({"против", "возражает", "возражаете", "разрешит", "позволит", "согласен",
                     "согласна", "одобрит"})


def trailing_condition(clause: list[Tok], i: int, named) -> bool:
    """True when the move word at ``i`` is followed, after its target and a comma, by a
    condition on another player's doings («Стреляю в Графа, если он опять отмолчится»,
    «проверяю Кузю, если Лось не напишет»): the order depends on what the host cannot know at
    the deadline, so it is asked, not applied. «если что», «если можно», «если не
    передумаю», «если он ещё жив», «если Ежевика не против» are no such condition. ``named(k)``: whether a roster name
    is written at token ``k``."""
    k = i + 1
    while k < len(clause) and (clause[k].word or clause[k].w not in SEGMENT_MARKS):
        k += 1
    if k + 2 >= len(clause) or clause[k].w != "," or clause[k + 1].w not in IF_WORDS or \
            not any(t.word for t in clause[i + 1:k]):
        return False  # (a condition before the target is engine.parse_conditions')
    rest = [t.w for t in clause[k + 2:k + 6] if t.word]
    if not rest or not (rest[0] in _THEY or named(k + 2)):
        return False
    if any(t.w in _MIND_CHANGED for t in clause[k + 2:]):
        return False  # «голос за X, если кто убедит — передумаю»: the vote stands until then
    return not any(w in _TRIVIAL for w in rest[1:3]) and not any(w in _POLITE for w in rest[1:4])


#: The sender's own change of mind as what follows a condition («если кто убедит —
#: передумаю»): a hedge about a later letter, the move stands now.
_MIND_CHANGED = frozenset({"передумаю", "переголосую", "перепишу", "поменяю", "изменю",
                           "перерешу", "пересмотрю"})

#: Words that open an object clause right after a verb («посмотрю, что будет»).
OBJECT_CLAUSE = frozenset({"что", "как", "кто", "куда", "где", "чем", "когда", "чего"})


def object_clause(clause: list[Tok], j: int) -> bool:
    """True when the keyword ending at ``j`` is followed by a comma and a word opening an
    object clause («посмотрю, что к вечеру будет»): the verb's object is that clause."""
    return j + 1 < len(clause) and clause[j].w == "," and clause[j + 1].w in OBJECT_CLAUSE and \
        not (clause[j + 1].w == "как" and j + 2 < len(clause) and (
            clause[j + 2].w in _AS_EVER or _likened(clause, j + 2)))


def _likened(clause: list[Tok], k: int) -> bool:
    """True when «как» before token ``k`` opens a likeness, no object clause: a noun right
    after it and no verb up to the next mark («бережёт Барона, как зеницу ока»)."""
    if not clause[k].word or not is_known_word(clause[k].w) or \
            morph().parse(clause[k].w)[0].tag.POS != "NOUN":
        return False
    n = k
    while n < len(clause) and clause[n].word:
        if is_verb(clause[n].w):
            return False
        n += 1
    return True


#: Words after «как» that make an aside of it, no object clause («Декана охраняю, как
#: обычно», «…, как и вчера»).
_AS_EVER = frozenset({"обычно", "всегда", "вчера", "и", "договаривались", "договорились"})


def whether_clause(clause: list[Tok], j: int) -> bool:
    """True when the keyword ending at ``j`` is followed by a comma and an indirect question
    («проверяю, дошло ли моё письмо», «посмотрю, он ли это»): the verb's object is that
    question, or :func:`object_clause`; adverbs of :data:`_BY_THE_WAY` may stand before the
    comma («проверю завтра, дошли ли письма»)."""
    if object_clause(clause, j):
        return True
    while j < len(clause) and clause[j].w in _BY_THE_WAY:
        j += 1
    return j + 2 < len(clause) and clause[j].w == "," and clause[j + 1].word and \
        clause[j + 2].w == "ли"


#: Adverbs that may stand between a verb and its object clause («проверю заодно, как там …»).
_BY_THE_WAY = frozenset({"заодно", "еще", "ещё", "потом", "сначала", "тоже", "также", "сегодня",
                         "завтра", "ночью", "вечером", "пока", "сам", "сама"})

#: Words opening an object clause that is about how things are, not about a player
#: («посмотрю, что скажет Лось»): not «кто» («проверю, кто такой X» is a check), not «что
#: за» («проверю, что за фрукт X»); «как» only with :data:`_HOW_AFTER` («как там кот»: not
#: an aside «охраняю, как и вчера, X», «голосую, как ни жаль, за X»).
_HOW_THINGS = frozenset({"как", "что", "где", "куда", "когда", "чем", "чей", "чья", "чьё", "чье",
                         "чьи"})
_HOW_AFTER = frozenset({"там", "дела", "поживает", "поживают", "себя"})


def asks_how(clause: list[Tok], j: int) -> bool:
    """True when the move word ending at ``j`` is followed (after adverbs such as «заодно»)
    by a comma and an object clause of :data:`_HOW_THINGS`: «Проверю заодно, как там кот»,
    «посмотрю, что скажет Лось». The verb's object is that clause; a player named in it is
    no target told, so the move is asked about, never applied."""
    while j < len(clause) and clause[j].word and clause[j].w in _BY_THE_WAY:
        j += 1
    if j + 2 >= len(clause) or clause[j].w != "," or clause[j + 1].w not in _HOW_THINGS:
        return False
    after = clause[j + 2].w
    return after in _HOW_AFTER if clause[j + 1].w == "как" else after not in ("за", "и", "бы", "б")


def how_of_things(clause: list[Tok], j: int, named) -> bool:
    """True when the move word ending at ``j`` has an object clause of :func:`asks_how` that
    names nobody: no capitalised word and no word ``named(k)`` reads as a nick in it («проверю
    заодно, как там кот», «проверим, чья шишка потерялась», «проверим потом, куда ушли
    деньги»): the verb tells of looking at how things are, no move at all."""
    if not asks_how(clause, j):
        return False
    k = j
    while clause[k].w != ",":
        k += 1
    for n in range(k + 1, len(clause)):
        t = clause[n]
        if t.word and t.cap and not named(n) and _opens_sentence(t.w):
            break  # «… как там кот 🐈 Так что …»: the next sentence (the emoji is no token)
        if t.word and (t.cap or named(n)):
            return False
    return True


#: Parts of speech of a word that, capitalised after a lower-case word, opens a new sentence
#: (a conjunction, particle or adverb: «Так», «А», «Но»), never a name.
_SENTENCE_OPENERS = frozenset({"CONJ", "PRCL", "ADVB", "INTJ", "PRED"})


def _opens_sentence(w: str) -> bool:
    """True when the dictionary reads ``w`` first as a conjunction, particle or adverb."""
    return is_known_word(w) and morph().parse(w)[0].tag.POS in _SENTENCE_OPENERS
