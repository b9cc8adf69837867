"""Talk that only tells about a move (engine.parse_move, issue 11): a move noun with its name
inside a sentence about the game («голос у Буки сегодня неуверенный», «защита Буки выглядела
странно»), not an order. Split from :mod:`engine.parse_move`.
"""

from __future__ import annotations

import re
import unicodedata

from . import grammar_vocab as V
from .grammar_flags import correction_end
from .grammar_keywords import Kw, order_form
from .grammar_target_types import Targets
from .grammar_target_words import REASON_PRONOUNS, reason_about
from .grammar_tokens import Tok
from .lexicon import lexicon
from .words import (is_noun, morph, past_tense, is_known_word, CYR, is_imperative, is_infinitive, is_interjection, norm,
                    plural_predicate, predicate, role_words, verb_reading, word_forms)


def _from_place(clause: list[Tok], k: int, hi: int) -> bool:
    """True when the words from ``k`` to the clause's end ``hi`` (or to a dash, comma, colon
    or bracket) are «из», «с» or «со» and one or two capitalised words («из Одессы», «из Нижнего Новгорода»): where the player named just
    before is from, nothing said of him."""
    if k + 1 >= hi or clause[k].w not in ("из", "с", "со"):
        return False
    rest = []
    for t in clause[k + 1:hi]:
        if not t.word and t.w in ("—", "–", ",", ":", "(", ")"):
            break  # («Голос Лису из Одессы — хитрый»: why, after a mark)
        if t.word or t.w not in (".", "!", "…"):
            rest.append(t)
    return 0 < len(rest) <= 2 and all(t.word and t.cap for t in rest)


def _pronoun_dash(clause: list[Tok], j: int, hi: int) -> bool:
    """True when the words from ``j`` (right after a vote word) are «ему»/«ей», «тоже» or
    «также» before it and «же» after it or not, then a dash: «голос (тоже) ему (же) — …»,
    the vote given to the player named before, then a remark."""
    if j < hi and clause[j].w in ("тоже", "также"):
        j += 1
    if not (j < hi and clause[j].w in ("ему", "ей")):
        return False
    j += 1
    if j < hi and clause[j].w == "же":
        j += 1
    return j < hi and clause[j].w == "—"


def tells(clause: list[Tok], kw: Kw, tg: Targets, after: int, hi: int, noun: bool,
           text: str = "") -> bool:
    """True when a noun keyword with its name is part of a sentence about the game, not an
    order: «голос у Буки сегодня неуверенный», «защита Буки выглядела странно», «думаю, что
    линч Буки — ошибка», «кто за линч Буки — пишите». An order form («голос: Бука …») and
    «Линч …» opening the clause stay orders; a comma ends what is looked at."""
    if tg.statement and not tg.hits:
        return False  # «X — это …»: judge drops it
    if not tg.hits or order_form(clause, kw) or kw.own:
        return False  # (the sender's «Сёма зовёт Пепла на ужин»: his own words, an order)
    if not (kw.reported or kw.weak or (noun and kw.i > _opening_at(clause) and
                                       not _opens_after_order(clause, kw.i))):
        return False  # («И МО в Сыча — слишком вежливый»: the strong label opens it after «и»)
    if kw.cls == "VOTE" and (all(not c.word or c.w in _VOTE_OPENERS
                                 for c in clause[:_idiom_start(clause, kw)]) or
                             _corrected(clause, kw.i) or _so_opens(clause, kw.i)) and \
            0 < tg.hits[0][1] and \
            clause[tg.hits[0][1] - 1].w in ("за", "в", "на") and \
            all(c.w in V.FILLERS or c.w in _DECIDED or (c.w in _FOR_NOW and clause[kw.i].w != "голосов")
                for c in clause[kw.j:tg.hits[0][1] - 1]) and \
            (not kw.reported or _so_opens(clause, kw.i)) and not any(
                t.word and not t.quoted and (predicate(t.w) or t.w in V.JOKE_WORDS)
                and not (clause[kw.i].w == "голос" and plural_predicate(t.w))
                for t in clause[tg.hits[0][2]:_remark_break(clause, tg.hits[0][2], hi)]
                if not _wish_before(clause, t, tg.hits[0][2])
                and not _why_after_dash(clause, tg.hits[0][2], t)):
        return False  # «Голос за Остапа, без вариантов», «голос тоже в Лису пусть знает»
        # opens the sentence: an order (not
        # «Голос за Буку был ошибкой»: a verb of its own says something of it); so does
        # «нет, голос за Лося — так надёжнее» (a correction opening it)
    if kw.cls == "VOTE" and (all(not c.word or c.w in _AND for c in clause[:kw.i]) or (
            kw.i >= 2 and clause[kw.i - 1].w == "и" and clause[kw.i - 2].w == ",")) and \
            ((tg.hits[0][1] == _past_too(clause, kw.j, hi) and tg.hits[0][2] < hi and
              clause[tg.hits[0][2]].w == "—" and
              (_dative(clause[tg.hits[0][1]].w, tg.hits[0][0].nick) or
               (len(tg.hits) == 1 and
                _as_nick(clause, tg.hits[0][1], tg.hits[0][2], tg.hits[0][0].nick))))
             or _pronoun_dash(clause, kw.j, hi)):
        return False  # «Голос Кактусу — на форуме хамит»: the vote given, then why (also
        # after another move: «Стреляю в X, и голос ему же — сколько можно», «и виселица
        # тоже ему — один голос»); «голос Кактус — хамит», «голос tester_Vova — слишком
        # правильный»: the nick as spelt (no genitive: whose voice) is the vote's target too;
        # so after «тоже» («Голос тоже Щуке — рыба гниёт с головы»)
    if kw.cls == "VOTE" and tg.hits[0][1] == kw.j and not kw.reported and \
            all(not c.word or c.w in _AND for c in clause[:kw.i]) and \
            _from_place(clause, tg.hits[0][2], hi):
        return False  # «Голос Шурику из Одессы»: the vote given to a player named with where
        # he is from (as «Голос за Шурика из Одессы»), no sentence about him
    if noun and not kw.reported and kw.j + 1 < len(clause) and clause[kw.j].w in _WILL_BE and \
            tg.hits[0][1] == kw.j + 1 and clause[kw.i].w.endswith(_INSTRUMENTAL):
        return False  # «Сегодня гостем будет X — у него …», «пациентом станет X — …»: today's
        # target named by the move's noun and the future copula, then why: an order
    if clause[kw.i].w in ("приглашается", "приглашаются") and not kw.reported:
        return False  # «в мой будуар приглашается X — глинтвейн уже на плите»: the host's own
    if any(t.w in lexicon().first or t.w in _FIRST_PERSON for t in clause[kw.i:kw.j]):
        return False  # «Зову в гости Гостя, тавтология», «у меня в гостях X — …»: an order
    if kw.j - kw.i == 1 and _slang_first(clause[kw.i].w):
        return False  # «вломлю Триксу по самое не балуйся»: a slang verb of his own, an order
    if kw.weak and kw.j - kw.i == 1 and not kw.reported and tg.hits[0][1] == kw.j and \
            clause[kw.i].w in lexicon().words and _own_verb_at(clause, kw.i):
        return False  # idioms54: «Жалю Трутня насмерть», «ужалю Осу больно»: a dictionary
        # verb the lexicon lists in the sender's own first person, its name right after (an
        # order, as a listed verb's form is: «режу X насмерть»)
    if kw.weak and kw.j - kw.i > 1 and any(_own_verb_at(clause, k) for k in range(kw.i - 1, kw.j + 1)):
        return False  # «жду на глинтвейн X 🍷 Пусть расскажет …», «в гости жду X, …», «стрелу
        # пускаю в X — больно сладко поёт»: his own first-person verb before, in or after it
    if kw.weak and kw.j - kw.i > 1 and _first_person_phrase(clause, kw):
        return False  # «мечу нож в X — Палыч, говорят, в него целится»: the host's verb
        # phrase in the sender's own first person («мечу» also reads as a noun), an order
    if kw.weak and _clan_verb(clause, kw):
        return False  # «клан рубит X — хватит ему …»
    if kw.j - kw.i == 1 and _wished(clause, kw.i) and (
            (at := tg.hits[0][1]) == kw.j or at == kw.j + 1 and clause[kw.j].w in V.PREPOSITIONS) \
            and clause[at].w not in V.PRONOUNS:
        return False  # «Хочу вылечить Ворону от всех болезней», «хочу позвать Васю на пижамную
        # вечеринку»: the infinitive after the sender's own «хочу», its name right after (not
        # a pronoun: «хочу проверить её по-своему» may mean another move)
    if kw.weak and kw.j < len(clause) and clause[kw.j].w in V.PREPOSITIONS and \
            tg.hits[0][1] == kw.j + 1 and _own_verb_at(clause, kw.i):
        return False  # «заберу у Галины всё, что есть»: his own verb, its name right after
    if noun and _asked_for(clause, kw.i):
        return False  # «прошу провести ночью проверку X — у меня к нему вопросы»: asked for
    if kw.i and (clause[kw.i - 1].w == "i" or (
            clause[kw.i - 1].w == "и" and clause[kw.i].w.isascii())):
        return False  # «Today I rob Кешу again»: the English word as the sender's own verb
    if clause[kw.i].w.isascii() and clause[kw.i].w.isalpha() and tg.hits[0][1] == kw.j and \
            any(not t.w.isascii() for t in clause[tg.hits[0][1]:tg.hits[0][2]]):
        return False  # «Tonight robbing мадам Бовари — her jewelry»: an English verb and a
        # Russian name right after it: the sender's own order in two languages
    if any(_own_verb_at(clause, k) for k in range(kw.j, min(tg.hits[0][1], kw.j + 3))):
        return False  # «В пару беру Надюшу — пусть отдохнёт»: his own verb before the name
    end = tg.hits[0][2]
    if end + 2 < hi and clause[end].w in ("—", "–") and clause[end + 1].w == "хочу" and \
            clause[end + 2].w in _FIND_OUT and not kw.reported:
        return False  # «Проверка на X — хочу понять, кто он»: the sender's own aim, after it
    giving = clause[max(0, kw.i - 2):kw.i] + clause[kw.j:tg.hits[0][1]]
    if any(t.w in _GIVE_WORDS for t in giving):
        return False  # «свой голос я отдаю X — суетлив»: the sender gives his vote
    last = clause[after - 1].end if after > 0 else 0
    at = tg.hits[0][1]
    if noun and kw.cls == "VOTE" and at > kw.j and clause[at - 1].w == "у" and kw.i > _first_word_at(clause):
        return True  # «Какой классный голос у Бармалея»: his voice, not a vote for him
    # (not «голос у Ворона 😂 писклявый»: a name after «у», «о», «с» is talked about)
    own = at == 0 or clause[at - 1].w not in _ABOUT
    if own and not kw.reported and _closing(clause, after, hi):
        return False  # «… голос за кису вроде всё»: the letter's last words, no talk of him
    if own and _whether_after(clause, after, hi):
        return False  # «проверь Вована мафия он или нет»: what the move is to find out
    for n, t in enumerate(clause[after:hi], after):
        if kw.cls == "AWARD" and t.w == "—" and n + 1 < hi and clause[n + 1].w == "за":
            return False  # «Премию получает Бигфут — за обаяние»: what it is given for
        if not t.word and t.w in (",", "(", ":"):
            return False  # «Голос за Ворона: он молчит»: the reason after a colon
        if t.start - last > 1 and own and _emoji(text[last:t.start]):
            return False  # «Голос за Ворона 😤 он молчит»: an emoji ends the sentence
        last = t.end
        if t.word and t.w in _PURPOSE:
            return False  # «мо туда же, чтоб наверняка»: why, after the order
        if t.w in _FOR_WHOM and n + 1 < hi and clause[n + 1].w in _FOR_WHOM[t.w]:
            return False  # «МО в Лося от меня лично», «МО в Педро для верности»: whose, why
        if t.word and t.w in V.PUT_OFF_WORDS:
            return False  # «Может, Бастиона пошизить... Ещё подумаю»: the move weighed (asked)
        if kw.hypothetical and t.w == V.NEGATION and n + 1 < hi and \
                clause[n + 1].w in _UNSURE:
            return False  # «может сову пошизить... не знаю»: a move weighed (asked)
        if n == after and own and not kw.reported and len(tg.hits) == 1 and \
                after - tg.hits[0][2] == 1 and clause[after - 1].cap and clause[after - 1].word:
            return False  # «мо в Серёжу Серж какой то подозрительный»: the name said again
            # opens a remark about him
        if t.word and t.w in _ALLOWED and n + 1 >= hi and any(
                c.w in _SINCE_WORDS for c in clause[tg.hits[-1][2]:n]):
            return False  # «охоту на Остапа, раз мирным можно»: why, the rule it relies on
        if own and t.w in _ALL_JOIN and _join_call(clause, n + 1, hi):
            return False  # «мо на Лося все на него»: the others called to join the order
        if t.word and (t.w in _ADDING or t.w in _HUNT_PLACE or (t.w == "все" and n + 1 < hi and
                                          clause[n + 1].w == "равно")):
            continue  # «МО в Смита до кучи»
        if own and kw.cls in ("CHECK", "SEARCH") and checked_for(clause, n, hi):
            continue  # «проверка X на мафию», «проверка X на детектива»: what it looks for
        if t.word and (t.w in V.VOTE_ORDINALS or t.w == "вместо"):
            return False  # «Голос за Енота вместо Лося»  # «первый голос Лютик второй потом допишу»: the next vote
        if own and len(tg.hits) == 1 and reason_about(clause, t, hi):
            return False  # «голос за Zhenyu_K он чет оч тихий»: the reason, about the named
        if own and not is_noun(clause[kw.i].w) and t.w in ("—", "–", "-") and \
                _degree_quality(clause, n + 1, hi):
            return False  # «проверьте X — слишком уж шумный»: what he is like, the reason
            # (not after a noun: «голос за X — слишком рискованный» may be said of the vote)
        if own and reason_opens(clause, n, hi):
            return False  # «голос за X потому что бесит», «… — складно он излагает»: why
        if t.word and t.w in _SENDER_REMARK and own and all(
                not c.word or c.w in V.FILLERS or is_interjection(c.w)
                for c in clause[after:hi] if c.start < t.start):
            return False  # «голос за себя лол мне пофиг»: the sender's remark after the order
        if t.word and not t.w.isdigit() and t.w not in V.FILLERS and t.w not in V.PREPOSITIONS \
                and not is_interjection(t.w):  # («голос за кису кста», «… лол»)
            return True
    return False



#: Words after «на» that name what a check looks for, besides the role words («проверка X на
#: мафию», «… на предмет доктора»).
_LOOKED_FOR = frozenset({"мафию", "мафиозность", "мафиози", "причастность", "предмет", "мирность",
                         "вшивость", "роль"})


def checked_for(clause: list[Tok], n: int, hi: int) -> bool:
    """True when token ``n`` is «на» before what a check or a search looks for, or that
    word after «на» (a role word of :func:`engine.words.role_words` or :data:`_LOOKED_FOR`):
    «проверка Кузи на мафию», «проверка Кузи на детектива» — the check's aim, said of the
    check, no talk about the player."""
    def sought(k: int) -> bool:
        return k < hi and clause[k].word and \
            (clause[k].w in _LOOKED_FOR or clause[k].w in role_words())
    if clause[n].w == "на":
        return sought(n + 1)
    return n > 0 and sought(n) and (clause[n - 1].w == "на" or (
        n > 1 and clause[n - 1].w == "предмет" and clause[n - 2].w == "на"))


#: A preposition and a word after a target that say whose the order is or why, not talk
#: about the target («…от меня лично», «…для верности»).
_FOR_WHOM = {"от": frozenset({"меня", "нас", "себя"}),
             "для": frozenset({"верности", "надежности", "страховки", "кучи", "порядка"})}

#: Words after «не» that doubt a move weighed just before («…не знаю», «…не уверена»).
_UNSURE = frozenset({"знаю", "уверен", "уверена", "уверенна"})


#: Past forms of «быть», «стать», «оказаться»: «Голос за Буку — был ошибкой» says something
#: of the vote.
#: Verbs in the present said of a vote, not of its target («голос за X — решает всё»).
_VOTE_VERBS = frozenset({"решать", "уходить", "пропадать", "идти", "пойти", "считаться",
                         "значить", "засчитываться", "остаться", "оставаться", "весить",
                         "стоить", "лететь", "улетать", "достаться", "доставаться", "быть",
                         "уйти", "пропасть", "решить", "менять", "перевешивать"})

_OF_THE_VOTE = frozenset({"был", "была", "было", "были", "стал", "стала", "стало", "оказался",
                          "оказалась", "оказалось"})


def _why_after_dash(clause: list[Tok], end: int, t: Tok) -> bool:
    """True when the name ending at token ``end`` is followed by a dash and ``t`` is a past
    verb of what the player did, after it («Голос за Сову — вчера весь день молчала»): why
    the vote is given, not a sentence about it."""
    if not (end < len(clause) and clause[end].w in ("—", "-") and t.start > clause[end].start
            and t.w not in _OF_THE_VOTE):
        return False
    if past_tense(t.w):
        return True
    # («Голос за Бубнова — слишком много орёт в ветке»: what the player does now; not a verb
    # said of the vote itself, «… — решает всё», «… — пропадает зря»)
    verb = verb_reading(t.w)
    return verb is not None and verb[1] == "3per" and verb[0] not in _VOTE_VERBS and \
        not any(c.w == "бы" for c in clause[end:] if c.start < t.start)


def _dative(word: str, nick: str | None) -> bool:
    """True when ``word`` is a dative form of a Cyrillic word of ``nick`` and no genitive
    («Кактусу»; not «Кактуса»: whose voice)."""
    if nick is None:
        return False
    for w in re.findall(r"[^\W\d_]+", norm(nick)):
        cases = word_forms(w).get(word) if CYR.search(w) else None
        if cases and "datv" in cases and "gent" not in cases:
            return True
    return False


def _past_too(clause: list[Tok], j: int, hi: int) -> int:
    """The index after «тоже» or «также» written at ``j`` (right after a vote word), else
    ``j``."""
    return j + 1 if j < hi and clause[j].w in ("тоже", "также") else j


def _as_nick(clause: list[Tok], lo: int, hi: int, nick: str | None) -> bool:
    """True when ``clause[lo:hi]`` is ``nick`` spelt as it is (its nominative: «Кактус»,
    «tester_Vova»), and no Cyrillic word of it also reads as a genitive («Пальто»)."""
    if nick is None:
        return False
    parts = re.findall(r"[^\W_]+", norm(nick))
    written = re.findall(r"[^\W_]+", " ".join(t.w for t in clause[lo:hi] if t.word))
    if not parts or written != parts:
        return False
    return not any(CYR.search(w) and "gent" in word_forms(w).get(w, ()) for w in parts)


def _corrected(clause: list[Tok], i: int) -> bool:
    """True when only correction words open the clause before ``clause[i]``, a correction
    head among them («нет, голос за …», «нет, снимаю, голос в …»)."""
    return correction_end(clause) is not None and all(
        not c.word or c.w in V.CORRECTION_WORDS or c.w in V.WITHDRAW_WORDS for c in clause[:i])


#: Words of a letter's closing remark after its last order («вроде всё», «на сегодня всё»,
#: «ну вот и всё»); «все» (ё is read as е) must be among them.
_CLOSING = frozenset({"все", "вроде", "бы", "пока", "наверное", "наверно", "кажется", "ну",
                      "вот", "и", "это", "на", "сегодня", "сейчас", "как", "что", "у",
                      "меня", "больше", "ничего"})


def _closing(clause: list[Tok], after: int, hi: int) -> bool:
    """True when the words from ``after`` to ``hi`` are a closing remark («вроде всё»), or
    open with one ended by a mark and followed by the sender's own remark about himself
    (:data:`_SENDER_REMARK`: «голос лису и всё, я спать», «… и больше ничего, мне пора»; not
    «…и всё, побежала», asked as before)."""
    words = []
    for n in range(after, hi):
        t = clause[n]
        if not t.word:
            if t.w in _CLOSING_MARKS and words:
                nxt = next((c.w for c in clause[n + 1:hi] if c.word), None)
                if nxt is not None and nxt not in _SENDER_REMARK:
                    return False
                break
            continue
        words.append(t.w)
    return ("все" in words or "ничего" in words) and all(w in _CLOSING for w in words)


#: Marks that end a closing remark («…и всё, я спать»).
_CLOSING_MARKS = frozenset({",", "—", "–", ";", ":", "(", ".", "!", "…"})


#: «можно», «разрешено» ending a reason after an order («…, раз мирным можно»).
_ALLOWED = frozenset({"можно", "разрешено", "разрешается", "позволено", "положено"})
#: Words opening such a reason («раз», «ведь», «поскольку»).
_SINCE_WORDS = frozenset({"раз", "ведь", "поскольку", "благо"})


#: Words that open the sender's remark right after an order («…, мне пофиг», «я так решил», «спс»).
_SENDER_REMARK = frozenset({"мне", "я",
                            # thanks after the order («голос тоже костя спс что в пару взяли»)
                            "спс", "спасибо", "пасиб", "пасибо", "спасибки", "сенкс", "thx",
                            # an apology for the short letter («голос шершень простите что
                            # коротко на работе»): the sender's words about his letter
                            "простите", "прости", "извините", "извини", "сорри", "сорян",
                            "пардон", "звиняйте", "sorry"})


#: Words opening the purpose of an order after its target («…, чтоб наверняка»), with their
#: spoken spellings («шоб», «штоб»).
_PURPOSE = frozenset({"чтоб", "чтобы", "дабы", "шоб", "штоб", "штобы", "шобы"})

#: «до кучи», «за компанию»: «in addition», «всё равно»: «anyway» after a target, no talk about him; a
#: verb of giving in the infinitive after it is the order's own verb as a learner writes it
#: («Голос Гиви давать»).
_ADDING = frozenset({"до", "кучи", "равно", "давать", "дать", "отдавать", "отдать",
                     "ставить", "поставить",
                     # «залп по X за компанию», «X заодно», «X в придачу»: along with the rest
                     "компанию", "заодно", "придачу", "впридачу"})


#: The hunt named after its target («пальнуть в Карася на мирной охоте»): the order's own words.
_HUNT_PLACE = frozenset({"мирной", "мирную", "охоте", "охоту"})


#: Infinitives of looking, too common in talk to be made the sender's order by «хочу»
#: («хочу посмотреть Ворону в деле»).
_LOOK = frozenset({"смотреть", "посмотреть", "глянуть", "поглядеть"})


def _wished(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` is an infinitive right after a verb of the sender's
    own in the first person («хочу», «буду», «собираюсь», «попробую»; «очень» and «я» may
    stand between): the sender's order, as his finite verb would be."""
    if not clause[i].word or clause[i].w in _LOOK or not is_infinitive(clause[i].w):
        return False
    k = i - 1
    while k >= 0 and clause[k].w in ("очень", "я", "прям", "прямо", "сильно"):
        k -= 1
    return _own_verb_at(clause, k)


def _slang_first(w: str) -> bool:
    """True when ``w`` is a move word the lexicon lists as it is (slang the dictionary does
    not know: «вломлю», «отдубашу», «шизю») in the first person: the sender's own verb, as
    :func:`_own_verb_at` reads a dictionary verb."""
    lex = lexicon()
    if w not in lex.words or w in lex.third or w in lex.imperative or w in lex.first or \
            is_known_word(w):
        return False  # (a dictionary word is read by its grammar: «кражу», «премию»)
    if w.endswith(("ою", "ею", "ию", "ью")):
        return False  # a noun's case («шизению», «проверочкою»)
    return w in lex.plural1 or w.endswith("ю") or w.endswith(("жу", "шу", "чу", "щу"))


#: Subjects that make a third-person move verb the sender's clan's own («клан рубит X»).
_CLAN_SUBJECTS = frozenset({"клан", "мафия", "семья"})


def _clan_verb(clause: list[Tok], kw: Kw) -> bool:
    """True when a weak one-word keyword is the sender's clan's order by its verb: in the
    present or future, said of «клан» right before it («клан рубит X»); whatever remark
    follows after a dash."""
    if kw.j - kw.i != 1 or kw.i == 0 or clause[kw.i - 1].w not in _CLAN_SUBJECTS:
        return False
    reading = verb_reading(clause[kw.i].w)
    return reading is not None and reading[1] == "3per" and reading[2] != "past"


def _first_person_phrase(clause: list[Tok], kw: Kw) -> bool:
    """True when the keyword ``kw`` is a phrase of ``verb_idioms`` (with its preposition, when
    one follows) whose verb may read as the first person singular («мечу нож в», whose
    «мечу» is the noun «меч» too): the sender's own verb, not a form said of another."""
    lex = lexicon()
    words = tuple(t.w for t in clause[kw.i:kw.j])
    phrase = next((p for p in (words + (clause[kw.j].w,) if kw.j < len(clause) else None, words)
                   if p is not None and p in lex.verb_phrases), None)
    if phrase is None or phrase in lex.third_phrases or phrase in lex.imperative_phrases:
        return False
    return any("VERB" in p.tag and p.tag.person == "1per" and p.tag.number == "sing"
               for p in morph().parse(words[0]))


def _own_verb_at(clause: list[Tok], k: int) -> bool:
    """True when token ``k`` is a verb in the first person singular («жду», «тащу»)."""
    if k < 0 or k >= len(clause) or not clause[k].word:
        return False
    w = clause[k].w
    reading = verb_reading(w[:-3] if w.endswith("-ка") else w)  # («заберу-ка у X всё»)
    return reading is not None and reading[1] == "1per"


#: Infinitives of finding out after «— хочу» («Проверка на X — хочу понять, маф ли он»): the
#: aim of the move named before the dash (not «— хочу сказать, …»: talk about it).
_FIND_OUT = frozenset({"понять", "узнать", "выяснить", "убедиться", "разобраться",
                       "знать", "посмотреть", "увидеть"})


#: Prepositions before a name that is talked about with a move noun («голос у X»).
_ABOUT = frozenset({"у", "о", "об", "про", "с", "со", "от"})


def _emoji(gap: str) -> bool:
    """True when ``gap`` (the text between two tokens) holds a pictograph (an emoji), which
    a chat writer puts where a full stop goes."""
    return any(ord(c) > 0x2000 and unicodedata.category(c) in ("So", "Sk") for c in gap)


#: First-person verbs of giving between a move noun and its name («голос отдаю X»).
_GIVE_WORDS = frozenset({"отдаю", "отдам", "ставлю", "поставлю", "кидаю", "кину", "отправляю",
                         "даю", "дам", "несу"})


#: Words that make an idiom the sender's own («у меня в гостях», «ко мне на чай»).
_FIRST_PERSON = frozenset({"меня", "мне", "себе", "выбираю", "выберу", "беру", "возьму"})


def _first_word_at(clause: list[Tok]) -> int:
    return next((k for k, t in enumerate(clause) if t.word), 0)


def _opens_after_order(clause: list[Tok], i: int) -> bool:
    """True when the noun keyword at ``i`` opens the part of the clause after a comma (and
    «а», «и» or «ну») behind the sender's own first-person move verb opening the clause
    («голосую за X, а мо в Y — шепчется»): a second order, not talk of the move."""
    k = i - 1
    while k > 0 and clause[k].w in _AND:
        k -= 1
    if k <= 0 or clause[k].w != ",":
        return False
    first = _opening_at(clause)
    return first < k and clause[first].w in lexicon().first


#: «Все на него»: the others called to join the move on the player just named.
_ALL_JOIN = frozenset({"все", "всем", "давайте", "народ"})
_JOIN_PRONOUNS = frozenset({"него", "неё", "нее", "них", "его", "её", "ее", "их"})


def _join_call(clause: list[Tok], k: int, hi: int) -> bool:
    """True when a word of :data:`_ALL_JOIN` before ``k`` goes on with «на/в/за» and a
    pronoun of the player just named («(давайте) все на него»)."""
    if k < hi and clause[k].w in _ALL_JOIN:
        k += 1
    return k + 1 < hi and clause[k].w in ("на", "в", "за") and clause[k + 1].w in _JOIN_PRONOUNS


def _opening_at(clause: list[Tok]) -> int:
    """The first word of the clause after the conjunctions that may open an order («и», «а»,
    «ну»: «И МО в X — …»)."""
    return next((k for k, t in enumerate(clause) if t.word and t.w not in _AND), 0)


#: Conjunctions opening the reason for a move right after its target («голос за X потому
#: что он бесит», «… так как молчит», «… ибо нефиг», «… тк бесит»).
_BECAUSE = frozenset({"потому", "поскольку", "ибо", "ведь", "тк", "потомучто"})


#: Words that may stand before an order opening its sentence («И голос тоже в Лису»).
_AND = frozenset({"и", "а", "ну"})

#: The future copula after a move's noun in the instrumental («гостем будет X»).
_WILL_BE = frozenset({"будет", "станет"})

#: Endings of a noun in the instrumental singular («гостем», «пациентом», «жертвой»).
_INSTRUMENTAL = ("ом", "ем", "ём", "ой", "ей", "ёй")

#: Words that may stand before a vote word opening the sentence («второй голос за X, пусть
#: знает»): the vote is still the sender's order.
#: Interjections that open a remark of their own after a vote said without punctuation
#: («голос за X ой он запрещённое слово ну ладно в письме можно», «голос за X ладно»): a
#: verb after them says nothing of the vote.
_REMARK_BREAKS = frozenset({"ой", "ладно", "блин", "кстати", "упс"})


def _remark_break(clause: list[Tok], lo: int, hi: int) -> int:
    """Index of the first interjection of :data:`_REMARK_BREAKS` in ``clause[lo:hi]`` (``hi``
    when none): the words from there on are a remark, not about the vote."""
    return next((n for n in range(lo, hi) if clause[n].w in _REMARK_BREAKS), hi)


_DECIDED = frozenset({"решил", "решила", "решаю", "отдаю", "отдам"})  # «голос решил за X»

#: «Голос пока за X — если кто убедит, передумаю»: his vote for now (not after «голосов»:
#: «Голосов пока за X — три» is a count).
_FOR_NOW = frozenset({"пока", "покамест"})
_VOTE_OPENERS = _AND | frozenset({"второй", "первый", "другой", "мой", "свой", "upd", "ps"})

#: The lynch words a preposition before the vote keyword belongs to («На линче голос за X»,
#: «На суде — X»): the keyword with its preposition opens the sentence.
_LYNCH_PLACES = frozenset({"линче", "линч", "суде", "суд"})


def _idiom_start(clause: list[Tok], kw: Kw) -> int:
    """Where the vote keyword at ``kw`` starts with the preposition of its lynch word: one
    token before it for «на линче», «на суде», else ``kw.i``."""
    if kw.i >= 1 and clause[kw.i - 1].w in ("на", "в") and clause[kw.i].w in _LYNCH_PLACES:
        return kw.i - 1
    return kw.i


#: Words of drawing a conclusion that open a part of a sentence after a comma («…, поэтому
#: голос за X», «…, так что голос за X»): the vote after them is the sender's order.
_SO = frozenset({"поэтому", "так", "что", "значит", "тогда", "итак", "короче", "общем", "в",
                 "итоге", "ладно", "но", "а", "и", "ну", "вот"})
_SO_HEADS = frozenset({"поэтому", "значит", "тогда", "итак", "короче", "общем", "итоге",
                       "ладно"})


def _so_opens(clause: list[Tok], i: int) -> bool:
    """True when the keyword at ``i`` opens the sentence, or a part of it after a comma, with
    a word of conclusion before it only («На линч хотел X, но …, поэтому голос за Y — …»; «…, так
    что голос за Y»: «так что» is «so», no report of what another said)."""
    k = i - 1
    while k >= 0 and clause[k].word and clause[k].w in _SO:
        k -= 1
    if k == i - 1 or (k >= 0 and clause[k].w not in (",", "—", ";")):
        return False
    heads = [c.w for c in clause[k + 1:i]]
    return any(w in _SO_HEADS for w in heads) or heads[-2:] == ["так", "что"]


def _wish_before(clause: list[Tok], t: Tok, lo: int) -> bool:
    """True when «пусть» stands between token ``lo`` and ``t``: «голос за Лося, пусть не
    выпендривается» — the sender's wish about the target, no verb saying what the vote is."""
    return any(c.w == "пусть" and c.start < t.start for c in clause[lo:])


def reason_opens(clause: list[Tok], k: int, hi: int) -> bool:
    """True when token ``k`` after a target opens the sender's reason for his move: a
    conjunction of cause («потому что», «так как», «ибо», «тк»), or a dash followed within
    four words by «он»/«она» as the reason's subject («голос за X — слишком уж складно он
    излагает»), not by a verb of saying («… — она сказала»)."""
    t = clause[k]
    if t.word:
        return t.w in _BECAUSE or (t.w == "так" and k + 1 < hi and clause[k + 1].w == "как")
    if t.w not in ("—", "–", "-"):
        return False
    for n in range(k + 1, min(hi, k + 6)):
        if not clause[n].word:
            return False
        if clause[n].w in REASON_PRONOUNS:
            return reason_about(clause, clause[n], hi)
    return False


#: Degree words before a quality said of the target after a dash («— слишком уж шумный»).
_DEGREE = frozenset({"слишком", "чересчур", "больно", "очень", "уж", "подозрительно"})


def _degree_quality(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when the words from ``lo`` to the clause's end (or its next mark) are degree
    words (:data:`_DEGREE`, one at least) and then one adjective in the nominative singular
    («слишком уж шумный», «больно тихая»): the target's quality, the reason for the move."""
    n = lo
    while n < hi and clause[n].word and clause[n].w in _DEGREE:
        n += 1
    if n == lo or n >= hi or not clause[n].word or (n + 1 < hi and clause[n + 1].word):
        return False
    tags = [p.tag for p in morph().parse(clause[n].w)[:2]]
    return any(tag.POS in ("ADJF", "ADJS") and "sing" in tag and
               (tag.POS == "ADJS" or "nomn" in tag) for tag in tags)


def told_to_member(clause: list[Tok], kw: Kw, tg: Targets, lo: int | None = None) -> bool:
    """True when a boss's order for a member says the move to him: a verb in the second
    person or the imperative with its target right after it («Кот, сегодня ты грабишь Петю
    — хватит ему молчать»; «ты унесёшь у Хлестакова всё»: its preposition between): an
    order, whatever remark follows. With ``lo`` (where the words after the member's name
    start), also a verb not in the past said of the member named right before it."""
    m = kw.j  # («Арлекин, обворуй сегодня Зрителя — …»: a word of the time before the target,
    # «прикрывай бортом Чайку — …»: a noun of the means)
    while m < len(clause) and m - kw.j < 2 and clause[m].word and (
            clause[m].w in _ORDER_TIME or _means(clause[m].w)):
        m += 1
    if not tg.hits or kw.j <= kw.i or not (tg.hits[0][1] == m or (
            tg.hits[0][1] == m + 1 and clause[m].w in V.PREPOSITIONS)):
        return False
    w = clause[kw.i].w
    reading = verb_reading(w)
    if (reading is not None and reading[1] == "2per") or is_imperative(w):
        return True
    # «Фигаро пусть идёт к X — это за него», «Ёж чистит X — хватит ей гостей водить»: the
    # member named as the subject right before his verb (a wish or the present, no past):
    # the boss's order by its form, whatever remark follows its mark (not «Юркий наведается
    # к Жучке за кошельком»: told on, asked)
    end = tg.hits[-1][2]
    return lo is not None and reading is not None and reading[2] != "past" and \
        end < len(clause) and clause[end].w in ("—", ",", "(") and \
        all(t.w in _SUBJECT_GAP for t in clause[lo:kw.i]) and \
        (reading[1] == "3per" or any(t.w in ("пусть", "пускай") for t in clause[lo:kw.i]))


#: Words of the time of an order between its verb and its target («обворуй сегодня X»).
_ORDER_TIME = frozenset({"сегодня", "ночью", "нынче", "сейчас", "опять", "снова", "тоже",
                         "же"})


def _means(w: str) -> bool:
    """True when ``w`` is a dictionary noun in the instrumental, no player's name form: the
    means of a move said between its verb and its target («прикрывай бортом Чайку»,
    «прикрой собой X»)."""
    if not is_known_word(w):
        return False
    tag = morph().parse(w)[0].tag
    return tag.POS in ("NOUN", "NPRO") and "ablt" in tag and "Name" not in tag and \
        "Surn" not in tag


#: Words that may stand between a member's name and his verb in such an order.
_SUBJECT_GAP = frozenset({"пусть", "пускай", "сегодня", "ночью", "этой", "тогда", "же", "—",
                          ","})


#: First-person verbs of asking for a move named by its noun («прошу (провести) проверку X»).
_ASK_FOR = frozenset({"прошу", "просим", "требую", "требуем"})


def _asked_for(clause: list[Tok], i: int) -> bool:
    """True when a verb of :data:`_ASK_FOR` stands among the (at most four) words right
    before the move noun at ``i``, no punctuation between («Также прошу провести ночью
    проверку X»): the sender asks for the move, he does not talk about it."""
    for k in range(i - 1, max(-1, i - 5), -1):
        if not clause[k].word:
            return False
        if clause[k].w in _ASK_FOR:
            return True
    return False


def _whether_after(clause: list[Tok], after: int, hi: int) -> bool:
    """True when at most three words after the move's player (in ``clause[after:hi]``, no
    comma, colon or dash among them) are followed by «или нет» («мафия он или нет», «маф или
    нет, а то я сомневаюсь»): an indirect question, what the move is made to find out, not
    a statement about the player."""
    n = 0
    for k in range(after, hi - 1):
        t = clause[k]
        if not t.word:
            if t.w in (",", ":", "—", "–", "("):
                return False
            continue
        if t.w == "или" and clause[k + 1].w == "нет":
            return n >= 1
        n += 1
        if n > 3:
            return False
    return False
