"""What stands around a move keyword in its clause (issue 3): negation («не лечу», «линчевать
не буду»), suggestion («предлагаю убить»), the past («вчера проверка Буки…»), reported speech
(«что линч Буки…») and «против линча». :mod:`engine.grammar_keywords` finds the keywords and
asks these questions of each.
"""

from __future__ import annotations

import functools

from . import grammar_vocab as V
from .grammar_plans import SEGMENT_MARKS
from .grammar_tokens import Tok
from .lexicon import lexicon
from .grammar_gaps import armed
from .words import first_singular, is_infinitive, is_known_word, is_verb, morph, past_tense, \
    plural_third, verb_reading


@functools.lru_cache(maxsize=4096)
def locative(word: str) -> bool:
    """True when ``word``'s likeliest reading is a noun in the prepositional case («поисках»,
    «проверке»): a move noun after «в», «о» tells about the move."""
    p = morph().parse(word)[0]
    return p.tag.POS == "NOUN" and ("loct" in p.tag or "loc2" in p.tag)


#: Words telling somebody to stop doing what the infinitive after them says («хватит меня
#: пасти», «хорош его охранять», «перестань лечить себя»).
_STOP_DOING = frozenset({"хватит", "хорош", "харэ", "довольно", "перестань", "перестаньте",
                         "прекрати", "прекратите", "кончай", "кончайте", "бросай", "бросайте"})


def _stopped(clause: list[Tok], i: int) -> bool:
    """True when the infinitive at ``i`` follows a word of :data:`_STOP_DOING`, one word
    (its object) at most between, no mark: «хватит меня пасти» is no move."""
    if not clause[i].word or not is_infinitive(clause[i].w):
        return False
    for k in (i - 1, i - 2):
        if k < 0 or not clause[k].word:
            return False
        if clause[k].w in _STOP_DOING:
            return True
    return False


def negated(clause: list[Tok], i: int) -> bool:
    """«не лечу», «не буду лечить», «не хочу проверять»; not the double negative «не могу не
    проголосовать за X» (= I vote for X); «хватит меня пасти» (:func:`_stopped`)."""
    if _stopped(clause, i):
        return True
    if i > 0 and clause[i - 1].w in _ENGLISH_NO and clause[i].w.isascii():
        return True  # «no check tonight, I'm busy», «not killing anyone»: an English move
        # word under «no» / «not» (never a Russian one: «Лось — no, голос Кузе»)
    if i > 0 and clause[i - 1].w == V.NEGATION:
        if i + 1 < len(clause) and clause[i + 1].w == "ли":
            return False  # «не навестить ли ему X»: a move weighed, not refused
        return not (i > 2 and clause[i - 3].w == V.NEGATION and clause[i - 2].w in _CANNOT)
    if i > 1 and clause[i - 2].w == V.NEGATION and clause[i - 1].w in V.MODALS:
        return True
    return _modal_negated_apart(clause, i)


#: Modals whose «не» refuses an infinitive a few words later («не надо Буку вешать»): those
#: of :data:`V.MODALS` and the third person's «не будет», «никто не будет».
_APART_MODALS = V.MODALS | frozenset({"будет", "будут", "следует", "стоило"})


def _modal_negated_apart(clause: list[Tok], i: int) -> bool:
    """True when the infinitive at ``i`` is refused by «не» + a modal with its object or a
    word of time between, no mark between, at most three words: «Не надо Буку вешать», «не
    нужно меня проверять», «не стоит за Буку голосовать», «давайте не будем сегодня Кузю
    трогать», «никто не будет Лося вешать» — talk against a move, never the move (the
    forum's commonest plea, «не надо меня вешать», was read as a vote). The double negative
    «не могу не …» is :func:`negated`'s (the «не» stands right before the verb there)."""
    if not clause[i].word or not is_infinitive(clause[i].w):
        return False
    for k in range(i - 1, max(-1, i - 5), -1):
        t = clause[k]
        if not t.word:
            return False
        if t.w in _APART_MODALS:
            return k > 0 and k < i - 1 and clause[k - 1].w == V.NEGATION
        if t.w == V.NEGATION or is_infinitive(t.w):
            return False
    return False


#: English words that negate the English move word right after them («no check tonight»).
_ENGLISH_NO = frozenset({"no", "not", "never"})


#: «не могу не …», «не можем не …»: a double negative, the move is made.
_CANNOT = frozenset({"могу", "можем", "смогу", "сможем"})


def against_vote(clause: list[Tok], i: int) -> bool:
    """«против линча Буки», «не за линч Буки»: against the lynch, not a vote."""
    prev = clause[i - 1].w if i > 0 else ""
    return prev == V.AGAINST or (prev == "за" and i > 1 and clause[i - 2].w == V.NEGATION)


def suggested(clause: list[Tok], i: int, j: int) -> bool:
    """«Убить предлагаю Дениса», «советую проверить Лося»: a suggestion word next to an
    infinitive or noun keyword (two words either side, same comma segment)."""
    for k in list(range(max(0, i - 2), i)) + list(range(j, min(len(clause), j + 2))):
        t = clause[k]
        if t.word and (t.w in V.SUGGEST_WORDS or _suggest_lemma(t.w)):
            return True
    return False


_SUGGEST_LEMMAS = frozenset({"предлагать", "предложить", "советовать", "посоветовать",
                             "рекомендовать", "порекомендовать"})


@functools.lru_cache(maxsize=4096)
def _suggest_lemma(word: str) -> bool:
    """A form of a verb of suggesting in any person or tense («предложил», «советовала»):
    what follows is somebody's move suggested, not the sender's order («прошу проверить X»
    to the host stays an order)."""
    if len(word) < 5 or not word.startswith(("пред", "сов", "посов", "рек", "порек")):
        return False
    return any(p.normal_form in _SUGGEST_LEMMAS for p in morph().parse(word)[:2])


def negated_after(clause: list[Tok], j: int) -> bool:
    """«Линчевать Буку не буду»: «не» and a modal later in the same comma segment."""
    aside = 0
    for k in range(j, len(clause)):
        if clause[k].w in _SKIP_VERBS:
            return True  # «Мирную охоту сегодня пропускаю»
        if k + 1 >= len(clause) or not any(t.word for t in clause[k + 1:]):
            # «мо не», «мо нет)»: a refusal closing the clause (a phone's short «no»)
            return clause[k].w == V.NEGATION or (clause[k].w == "нет" and k == j)
        if not clause[k].word and clause[k].w in SEGMENT_MARKS:
            if clause[k].w == "," and aside == 0 and k == j:
                aside = 1  # «Охотиться, как и вчера, не буду»: a short remark between
                continue
            if clause[k].w == "," and aside == 1:
                aside = 2
                continue
            return False
        if aside == 1 and (clause[k].cap or k - j > 6):
            return False
        if clause[k].w in _OTHER_ONE and k > j:
            return False  # «голос за Лолу второй не отдаю»: the refusal is the second's
        if clause[k].w == "а" and k > j and any(t.word for t in clause[j:k]) and \
                clause[k + 1].w in _CONTRAST_SUBJECTS and \
                not any(t.w in V.MODALS for t in clause[k + 2:k + 5]):
            return False  # «голос за мулине а я не люблю когда молчат» (voice typing, no
            # comma): «а я …» opens a clause of its own, its «не» refuses nothing (not «…
            # а я не буду»: a modal's refusal is the move's)
        if clause[k].w == V.NEGATION and clause[k + 1].w not in UNSURE and \
                clause[k + 1].w not in NOT_FORGET and clause[k + 1].w not in V.NOT_CHANGED and (
                clause[k + 1].w in V.MODALS or (_own_verb(clause[k + 1].w) and aside != 1)):
            # (after a comma no second comma closed, a verb of its own is a statement of its
            # own: «зову к себе, до утра не выпущу» — only «…, не буду» refuses the move)
            return True  # «На охоту сегодня не пойду»
    return False


#: Subjects after «а» that open a new clause («…, а я не люблю, когда молчат»).
_CONTRAST_SUBJECTS = frozenset({"я", "мы", "он", "она", "они"})

#: «второй», «другой»: what the «не» after it refuses is another vote or move, not this one.
_OTHER_ONE = frozenset({"второй", "второго", "второе", "другой", "другого", "другое"})


#: Verbs after «не» that tell the sender has not decided yet, no refusal: «Шизю... даже не
#: знаю» leaves the move open (the next sentences may choose, else the reply asks).
UNSURE = frozenset({"знаю", "уверен", "уверена", "решил", "решила", "определился",
                    "определилась", "решено"})

#: Verbs whose negation promises the move, no refusal (litotes): «голосовать не забуду»,
#: «проверить не откажусь», «лечить не премину» (issue 11).
NOT_FORGET = frozenset({"забуду", "забудем", "откажусь", "откажемся", "премину",
                        "преминем", "подведу", "упущу", "поленюсь",
                        # «как дон скажет, я не парюсь»: indifference, no refusal
                        "парюсь", "заморачиваюсь", "напрягаюсь", "возражаю"})


#: Verbs after a move noun that skip the move («охоту пропускаю»).
_SKIP_VERBS = frozenset({"пропускаю", "пропущу", "пропускаем", "пропустим", "пасую"})


def _own_verb(w: str) -> bool:
    """A verb in the first person or an infinitive («пойду», «иду», «делать»)."""
    reading = verb_reading(w)
    return (reading is not None and reading[1] == "1per") or is_infinitive(w)


def after_past(clause: list[Tok], i: int) -> bool:
    """A noun keyword after «вчера» in its comma segment tells about the past («вчера
    проверка Буки показала…»)."""
    headed = False  # a colon or a dash between: «Всё как вчера: голос за X»
    for k in range(i - 1, -1, -1):
        if not clause[k].word and clause[k].w in (",", "("):
            return False
        if clause[k].w in (":", "—", "–"):
            headed = True
        if clause[k].w in V.PAST_WORDS:
            return not ((headed and _as_before(clause, k)) or _run_on_turn(clause, k, i))
    return False


#: Conjunctions that open a new statement in a letter written without commas.
_TURN = frozenset({"а", "но"})


def _run_on_turn(clause: list[Tok], k: int, i: int) -> bool:
    """True when «а»/«но» right before the noun keyword at ``i`` opens a new statement after
    a finished one about the past (word ``k``) in a letter without commas («она вчера всех
    строила а голос на X»): a past verb stands between them and none follows the keyword
    in its segment («вчера лечила а проверка показала…» stays a report)."""
    if i < 2 or clause[i - 1].w not in _TURN:
        return False
    if not any(clause[m].word and past_tense(clause[m].w) for m in range(k + 1, i - 1)):
        return False
    for m in range(i + 1, len(clause)):
        if not clause[m].word and clause[m].w in SEGMENT_MARKS:
            break
        if clause[m].word and past_tense(clause[m].w):
            return False
    return True


def _as_before(clause: list[Tok], k: int) -> bool:
    """True when the past word at ``k`` ends a «как вчера» / «как и вчера» phrase: the
    moves repeated, no tale of the past (what follows its colon is today's)."""
    return (k > 0 and clause[k - 1].w == "как") or \
        (k > 1 and clause[k - 1].w == "и" and clause[k - 2].w == "как")


def told_in_past(clause: list[Tok]) -> bool:
    """True when a noun keyword of the clause follows «вчера»/«вчерашний» in its comma
    segment («Вчерашний линч был ошибкой»): the clause tells, it asks nothing."""
    for i, t in enumerate(clause):
        if t.word and (t.w in lexicon().weak or t.w in V.NARRATIVE_NOUNS) and \
                after_past(clause, i):
            return True
    return False


def after_report_word(clause: list[Tok], i: int) -> bool:
    """A noun keyword right after «что» («думаю, что линч Буки — ошибка») may be reported
    speech; the parser decides once it knows what follows the target. Not after «так что»
    (so, therefore), which draws the sender's own conclusion, when no verb in the past tense
    follows the keyword."""
    k = i - 1
    while k >= 0 and clause[k].word and clause[k].w in V.FILLERS:
        k -= 1
    if k > 0 and clause[k].w == "что" and clause[k - 1].w == "так" and \
            not any(t.word and past_tense(t.w) for t in clause[i + 1:]):
        return False  # «…, так что голос ему»: the sender's own conclusion, no one's words
        # (not «…, так что миномёт свою работу сделал»: a verb of its own tells of it)
    return k >= 0 and clause[k].w in V.REPORT_WORDS


def as_yesterday(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when «как вчера» or «как и вчера» stands between tokens ``lo`` and ``hi``
    («Лось, как и вчера, ворует у Марины»: yesterday's target again)."""
    return any(clause[m].w == "вчера" and (clause[m - 1].w == "как" or (
        m > 1 and clause[m - 1].w == "и" and clause[m - 2].w == "как"))
        for m in range(max(1, lo), min(len(clause), hi)))


def story_visits_yield(clause: list[Tok], found: list, idx=None) -> list:
    """The keywords of a clause without a visit told in the third person («Лис идёт к X»,
    «пробирается к X») when another move word stands in the same clause: the story's going
    there only carries the other move to its target («идёт к Ёжику и выносит всё», «ищет
    доктора — заглядывает к Фредди»), it is no move of its own. The clan going to a player
    («клан идёт к X, а я проверяю Y») is the clan's kill and stays, unless a kill word
    follows it («клан идёт к X и режет его»: that one reads the kill). A theft joined to the
    visit by «и» whose object names nobody («навестит Варю и вынесет у неё всё»: ``idx``,
    the roster's name index, tells) keeps the visit: it holds the target, as the first
    person's «навещу Варю и вынесу у неё всё» does."""
    third = lexicon().third
    if not any(kw.cls != V.VISIT for kw in found):
        return found
    return [kw for n, kw in enumerate(found) if not (
        kw.cls == V.VISIT and clause[kw.i].w in third and not (
            clan_subject(clause, kw.i) and (n + 1 == len(found) or found[n + 1].cls != V.KILL))
        and not _bare_noun_after(clause, kw, found[n + 1:])
        and not _things_after(clause, kw, found[n + 1:], idx))]


#: Words of what a thief takes at the visited player's («вынесет у неё всё», «обносит его
#: хату», «выгребает весь мешок»): whose it is, how much of it.
_TAKEN = frozenset({"все", "всё", "его", "ее", "её", "их", "у", "него", "неё", "нее", "них",
                    "весь", "всю", "вся", "всех", "свой", "свою", "свои"})


def _things_after(clause: list[Tok], visit, later: list, idx) -> bool:
    """True when every move word after the visit ``visit`` is a theft joined to it by «и»
    whose object, up to the next mark, is only words of :data:`_TAKEN` and dictionary
    nouns that are no player's name («… навестит Варю и вынесет у неё всё, что …», «… идёт
    к Ёжику и выгребает весь мешок»): what is taken there, the visit holds the target."""
    if not later or idx is None:
        return False
    from .grammar_tokens import clause_words

    words = None
    for k in later:
        if k.cls != V.ROB or k.i < 1 or clause[k.i - 1].w != "и" or k.i - visit.j > 5:
            return False
        n = k.j
        while n < len(clause) and clause[n].word:
            w = clause[n].w
            if w not in _TAKEN:
                if not w.isalpha() or not is_known_word(w) or \
                        morph().parse(w)[0].tag.POS != "NOUN":
                    return False
                words = words or clause_words(clause)
                if idx.exact(words, n, None) is not None or idx.approximate(w) is not None:
                    return False  # «… и обносит Кузю»: a player of his own
            n += 1
            if n - k.j > 4:
                return False
        if n == k.j:
            return False  # «… и обносит.»: nothing taken named
    return True


def _bare_noun_after(clause: list[Tok], visit, later: list) -> bool:
    """True when every move word after the visit ``visit`` is a one-word noun past a comma
    or dash, with no word after it («доктор спешит к X, нужен укол»): it says what the visit
    is for and names nobody, so the visit keeps its target."""
    return bool(later) and all(
        k.j - k.i == 1 and k.j == len(clause) - (not clause[-1].word) and
        not is_verb(clause[k.i].w) and
        any(t.w in (",", "—", "-", ":") for t in clause[visit.j:k.i]) for k in later)


#: Move classes that, after a boss's own visit in the same clause, tell what the visit is for
#: («иду к Сове и режу её»): the visit is then no look at the player.
_VISIT_DEEDS = frozenset({V.KILL, V.SHOOT, V.MANIAC, V.BEAT, V.ROB})


#: Words of having a look after a visit («загляну к X — посмотрю, что за фрукт»).
_LOOKS = frozenset({"посмотрю", "посмотрим", "погляжу", "поглядим", "гляну", "глянем",
                    "узнаю", "узнаем", "выясню", "выясним", "разузнаю", "разнюхаю",
                    "присмотрюсь", "принюхаюсь", "прощупаю"})


def boss_look(clause: list[Tok], kws: list, n: int) -> bool:
    """True when the keyword ``kws[n]``, a visit in the first person singular from a boss
    himself with a look after it («а я сама тихонько загляну к Остапу — посмотрю, что за
    фрукт»), is his check: the boss's own night move is the check, the kill is the clan's
    («клан идёт к X», «навестим X»). Not when a killing deed or a weapon goes with it («иду к
    Сове с ножом», «зайду к Сове и придушу»), nor without a look («Навещу Кабана»): that is
    asked about (or talk), never read as a check."""
    kw = kws[n]
    if kw.cls != V.VISIT or not first_singular(clause[kw.i].w) or \
            not any(t.w in _LOOKS for t in clause[kw.j:]):
        return False  # («Навещу Кабана.» alone: neither his check nor the kill, asked)
    return not any(k.cls in _VISIT_DEEDS and _deed_of_visit(clause, kw.j, k) for k in kws[n + 1:]) \
        and not armed(clause, kw.i)


def _deed_of_visit(clause: list[Tok], j: int, deed) -> bool:
    """True when the move word ``deed`` goes on with the visit ending at ``j``: nothing but
    words between («зайду к Сове и придушу»), or a pronoun for the visited right after it
    («зайду к Сове, придушу её»); not a move of its own («…, мочим Кляксу»)."""
    own_segment = not any(t.w in SEGMENT_MARKS for t in clause[j:deed.i])
    return own_segment or (deed.j < len(clause) and clause[deed.j].w in V.PRONOUNS)


def clan_subject(clause: list[Tok], i: int) -> bool:
    """True when the clan is the subject of the verb at ``i`` («наш клан навестит X», «семья
    этой ночью навещает X»)."""
    k = i - 1
    while k >= 0 and clause[k].word and (clause[k].w in V.SUBJECT_SKIP or (
            clause[k].w in ("в", "во", "на") and k + 1 < i and clause[k + 1].w in _WHEN)):
        k -= 1  # («клан в эту ночь навещает X», «клан на этот раз навещает X»)
    return k >= 0 and clause[k].word and clause[k].w in V.CLAN_SUBJECTS and \
        not (k and clause[k - 1].w in _OTHER_CLAN)


#: Words of the other clan before «клан» («второй клан идёт к X»: talk of the other clan).
_OTHER_CLAN = frozenset({"второй", "другой", "чужой", "вражеский", "соседний", "их",
                         "враждебный", "тот", "второе", "другое", "та", "вторая", "другая"})


#: Plural subjects of the clan's kill told by a member («наши сегодня убирают X»).
_OURS = frozenset({"наши", "свои"})
#: Nouns after «наши» («наши ребята валят X»).
_OUR_PEOPLE = frozenset({"ребята", "парни", "пацаны", "люди", "братья", "бойцы"})


def clan_plural_subject(clause: list[Tok], i: int) -> bool:
    """True when «наши» (or «наши ребята», «клан», «мы») is the subject of the plural verb
    at ``i`` («Наши сегодня убирают X», «наши ребята валят X»): the clan's own kill; any
    other subject or none («они убирают X», «мирные валят X», «убирают X») is talk."""
    k = i - 1
    while k >= 0 and clause[k].word and (clause[k].w in V.SUBJECT_SKIP or clause[k].w in (
            "этой", "ночью", "нынче", "сегодня", "седня", "тогда", "же", "уж", "точно")):
        k -= 1
    if k >= 1 and clause[k].word and clause[k].w in _OUR_PEOPLE and clause[k - 1].w in _OURS:
        k -= 1
    return k >= 0 and clause[k].word and (clause[k].w in _OURS or clause[k].w in V.CLAN_SUBJECTS) \
        and not (k and clause[k - 1].w in _OTHER_CLAN)


#: Words of a time said after «в»/«на» between the clan and its verb («в эту ночь»).
_WHEN = frozenset({"эту", "ночь", "этот", "раз", "сей", "сию", "нынешнюю"})


#: Verbs of others' guessing before «что» («все думают, что я полечу Лося»).
_OTHERS_GUESS = frozenset({"думают", "думает", "считают", "считает", "ждут", "ждет", "ожидают",
                           "ожидает", "уверены", "уверен", "уверена", "полагают", "решили",
                           "гадают", "подозревают", "надеются", "боятся"})

#: Words that may stand between «что» and the move word of such a guess.
_GUESS_GAP = frozenset({"я", "сегодня", "ночью", "опять", "снова", "точно", "обязательно",
                        "буду", "же", "наверняка"})


def others_guess(clause: list[Tok], i: int) -> bool:
    """True when the move word at token ``i`` tells what others guess the sender will do:
    «Все думают, что я полечу Лося», «Кузя ждёт, что я его проверю» — a guess about him,
    no order (the sender's own «думаю, что полечу» is no such guess)."""
    k = i - 1
    while k >= 0 and clause[k].word and clause[k].w in _GUESS_GAP:
        k -= 1
    if k < 0 or clause[k].w not in ("что", "будто", "мол"):
        return False
    k -= 1
    if k >= 0 and not clause[k].word and clause[k].w == ",":
        k -= 1
    return k >= 0 and clause[k].w in _OTHERS_GUESS


#: Words that open a subordinate clause: a verb after one is not the clause's own
#: («Голос за того же, за кого голосовал вчера»).
_SUBORDINATE = frozenset({"что", "чтобы", "кто", "кого", "кому", "кем", "как", "если", "где",
                          "куда", "который", "которого", "которому", "которая", "которую",
                          "которой", "которые", "которых"})


def past_told(clause: list[Tok]) -> bool:
    """True when the clause's first finite verb, before any word opening a subordinate
    clause, is in the past tense: the clause tells what was («Вчерашний результат получил,
    спасибо», «Вчера переписал ход на X — спасибо, что ответили»), it points no move to
    another day (not «Голос за того же, за кого голосовал вчера»)."""
    for t in clause:
        if not t.word:
            continue
        if t.w in _SUBORDINATE:
            return False
        reading = verb_reading(t.w)
        if reading is not None:
            return reading[2] == "past"
    return False
