"""When a move word is no move of the sender's (engine.parse, from :mod:`engine.parse_move`):
ordinary speech («полечу в Сочи», «миномёт у меня», «иммунитет у Ксюши»), a move left to
another player's word («голосую как Граф скажет», «пусть Джонни решает»), a player named
as the one who gave the order («Хилку граблю, как Смит сказал»).
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_keywords import Kw
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .names import name_index
from .parse_types import Ctx, name_written, nick_at
from .words import is_verb, past_tense


#: Words of knowing better after a player's name («кого убивать — Граф знает лучше»,
#: «кого проверять — Лисе виднее»): he is the one who knows whom, not the target.
_KNOWS = frozenset({"знает", "знают", "виднее", "видней", "разберётся", "разберется",
                    "разберутся", "скажет", "подскажет", "укажет", "думает", "определится",
                    "определятся", "решится", "сообразит", "знаком"})
#: «в курсе», «в теме» after a player's name («кого убивать — Граф в курсе»): he knows whom.
_IN_THE_KNOW = frozenset({"курсе", "теме"})
#: Words before «к» + a player's name that send the question to him («кого убивать — это к
#: Графу», «вопрос к Графу»): he decides, he is not the target.
_QUESTION_TO = frozenset({"это", "вопрос", "вопросы", "вопросом", "вопросики", "все", "всё"})
#: Nouns of the choice before «за» + a player's name («решение за Графом», «слово за Графом»).
_CHOICE_WITH = frozenset({"решение", "слово", "выбор", "право"})
#: Nouns of his will before a player's name in the genitive («по указке Графа», «по приказу
#: Графа»): the move is his order, not made on him.
_WILL_OF = frozenset({"указке", "указанию", "приказу", "велению", "решению", "слову",
                      "распоряжению", "усмотрение", "усмотрению"})
#: Verbs of asking before a player's name («спросите Графа», «уточняй у Графа»).
_ASK_HIM = frozenset({"спроси", "спросите", "спрашивай", "спрашивайте", "уточни", "уточните",
                      "уточняй", "уточняйте", "узнай", "узнайте", "узнавай", "узнавайте"})
#: Words that may stand between such a name and its verb («Граф сам решит», «Граф лучше знает»).
_DECIDER_GAP = frozenset({"сам", "сама", "сами", "лучше", "уж", "же"})


def decider(clause: list[Tok], end: int, hi: int) -> bool:
    """True when a verb of deciding or of knowing better follows the name that ends at
    ``end`` («пусть Джонни решает», «Граф сам выберет», «кого убивать — Граф знает лучше»,
    «Графу виднее»): the player named decides the move, he is not its target."""
    k = end
    while k < hi and k < end + 2 and clause[k].w in _DECIDER_GAP:
        k += 1
    return k < hi and (clause[k].w in V.DECIDING or clause[k].w in _KNOWS or (
        clause[k].w == "в" and k + 1 < hi and clause[k + 1].w in _IN_THE_KNOW))


def asked_of(clause: list[Tok], lo: int, at: int) -> bool:
    """True when the name at ``at`` is the one the question is sent to: «это к Графу»,
    «вопрос к Графу» (the dative after «к» and a word of the question), «спросите Графа»,
    «уточните у Графа», «решение за Графом», «по указке Графа»: he decides the move, he is
    not its target."""
    k = at - 1
    if k >= lo and clause[k].w == "у":
        k -= 1
        return k >= lo and clause[k].w in _ASK_HIM
    if k >= lo and clause[k].w in _ASK_HIM:
        return True
    if k >= lo and clause[k].w in _WILL_OF:
        return True
    return k - 1 >= lo and (clause[k].w in ("к", "ко") and clause[k - 1].w in _QUESTION_TO or
                            clause[k].w == "за" and clause[k - 1].w in _CHOICE_WITH)


def as_decided(clause: list[Tok], lo: int, at: int, hi: int) -> bool:
    """True when «как» stands between the vote word and its first name (at ``at``) and a
    verb of deciding in the future follows within a few words («голосую как Лис скажет»,
    «голосую как скажет Лис»)."""
    if not any(clause[n].w == "как" for n in range(lo, at)) and not (
            at > 0 and clause[at - 1].w in V.DECIDE_VERBS):
        return False
    return any(clause[n].w in V.DECIDE_VERBS for n in range(max(lo, at - 2), min(at + 4, hi)))


def ordinary_speech(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int) -> bool:
    """«Полечу в Сочи», «валим отсюда»: a word of the class's ``not_before`` list right after
    the keyword, and no nickname right after it, makes the keyword ordinary speech."""
    if kw.j + 1 < hi and clause[kw.j].w == "у" and clause[kw.j + 1].w in _HOLDERS and \
            not is_verb(clause[kw.j - 1].w) and kw.cls != V.INVITE and \
            not _own_preposition(clause, kw):  # («гость у меня — X»)
        if not name_written(ctx, clause, kw.j + 2, hi) and \
                not any(clause[n].w in _SELF for n in range(kw.j + 2, hi)):
            return True  # «Миномёт у меня — …», «проверка у нас»: he has it, no target named
            # (not «Голос у меня: за себя»: the sender names himself)
            # (not «Два голоса у меня сегодня: Вишня и Мирон»)
    if kw.cls == V.PARTNER and _told_partner(ctx, clause, kw, hi):
        return True  # «иммунитет у Ксюши», «у неё же иммунитет», «она взяла в пару Сову»
    if kw.cls in _EVENT_CLASSES and kw.i > 0 and clause[kw.i - 1].w in _EVENT_NOUNS and \
            not name_written(ctx, clause, kw.j, hi):
        return True  # «сегодня у нас событие Страх, а у меня страх один…»: the day named
    if kw.cls == V.INVITE and _named_so(clause, kw):
        return True  # «меня можно звать Док», «его зовут Бетонщик»: a name given, no guest
    if kw.cls == V.DELEGATE and kw.j < hi and clause[kw.j].w in _FATE:
        return True  # «На всё воля Божья»: resigned to fate, no move left to the boss
    if kw.cls == V.WATCH and _screen_watched(clause, kw.j, hi):
        return True  # «посмотрим вместе «Леона»», «смотреть французское кино»: a film
    lex = lexicon()
    phrases = lex.not_before_phrases.get(kw.cls)
    if phrases and kw.j < hi and clause[kw.j].w in phrases and is_verb(clause[kw.j - 1].w) and \
            any(_phrase_at(clause, kw.j, hi, p) for p in phrases[clause[kw.j].w]):
        return True  # «смотрит на меня»: the whole phrase, never a nickname
    stop = lex.not_before.get(kw.cls)
    j = kw.j
    while j + 1 < hi and (clause[j].w in ("—", "это") or clause[j].w in _WHEN and
                          clause[j + 1].w in (stop or ())):
        j += 1  # «во что я стреляю — это глазками в Маргошу»; «полечу потом в отпуск»
        # («полечу не в отпуск, а в Самару»: the place denied is a place still)
    if stop and j + 2 < hi and clause[j].w == "на" and clause[j + 1].w in _PURPOSE_PRONOUNS and \
            clause[j + 2].w in stop:
        j += 2  # «убью на это весь выходной»: what the time goes on, then the time spent
    if stop:
        j = _past_company(ctx, clause, j, hi, stop)
    while j + 3 < hi and clause[j].w in _ONCE_PREPS and clause[j + 2].w in _ONCE and \
            name_written(ctx, clause, j + 3, hi):
        j += 3  # «лечу в последний раз Сову», «лечу в эту ночь Сову»: when, not where
    if stop and j < hi and clause[j].w in (",", *_HEDGES):
        j = _past_hedge(ctx, clause, j, hi, stop)
    if not stop or j >= hi or not clause[j].word or clause[j].w not in stop:
        return False
    if not is_verb(clause[kw.j - 1].w):
        return False  # «(выбор для) лечения на эту ночь — Сова»: a noun does not fly anywhere
    nxt = j + 1
    if clause[j].w == "как" and nxt < hi and clause[nxt].w == "раз":
        return False  # «слежу как раз за Муркой»: «как раз» is «just», no «как пойдёт»
    if nxt < hi and clause[nxt].word:
        return name_index(ctx.nicks).exact(clause_words(clause), nxt, None) is None
    return True


#: The classes of the day events' own moves, and the nouns before an event's name that name
#: the day («событие Страх», «ивент Миномёт»), never the sender's move.
_EVENT_CLASSES = frozenset({V.FEAR, V.MORTAR, V.PARTNER, V.CHOOSE})
#: Whose will a pious or fatalist «на всё воля …» names: God's or fate's, never a player's.
_FATE = frozenset({"божья", "божия", "господня", "господа", "бога", "всевышнего", "аллаха",
                   "небес", "небесная", "судьбы"})

_EVENT_NOUNS = frozenset({"событие", "события", "событием", "ивент", "ивента", "ивентом"})


#: The forms of «звать» that give a name («меня зовут Пётр», «меня можно звать Док»,
#: «его лучше звать Бетонщик»), and the words of the person so called before them.
_CALL = frozenset({"звать", "зовут", "называть", "называют", "кличут", "величать"})
_CALLED = frozenset({"меня", "его", "её", "ее", "нас", "их", "тебя", "вас", "мя"})
#: Words that may stand between the person and the verb («меня можно звать», «его лучше
#: просто звать»).
_CALL_GAP = frozenset({"можно", "лучше", "просто", "все", "всё", "тут", "здесь", "обычно",
                       "так", "же", "и", "теперь", "надо", "нужно"})


def _named_so(clause: list[Tok], kw: Kw) -> bool:
    """True when the invitation word is «звать» («зовут», «называть») in a sentence that
    gives a person's name: the person in the accusative before it, with at most two words of
    :data:`_CALL_GAP` between («меня можно звать Доктор или Док», «его зовут Бетонщик»), not
    after it («зову его на чай» is an invitation)."""
    if kw.j - kw.i != 1 or clause[kw.i].w not in _CALL:
        return False
    k = kw.i - 1
    while k >= 0 and kw.i - k <= 3 and clause[k].w in _CALL_GAP:
        k -= 1
    return k >= 0 and kw.i - k <= 3 and clause[k].w in _CALLED


#: What one watches on a screen («смотреть французское кино», «посмотрим старый фильм»).
_SCREEN = frozenset({"кино", "фильм", "фильмы", "фильмец", "киношку", "сериал", "сериалы",
                     "сериальчик", "мультики", "мультик", "телевизор", "телек", "кинцо"})
_QUOTES = frozenset({"«", '"', "“", "„"})


def _screen_watched(clause: list[Tok], j: int, hi: int) -> bool:
    """True when a watching verb ending at ``j`` takes a film: a title in quotes, perhaps
    after «вместе» («посмотрим вместе «Леона»»), or a screen word of :data:`_SCREEN` after
    at most one word («смотреть французское кино»)."""
    if j < hi and clause[j].w == "вместе":
        j += 1
    if j < hi and clause[j].w in _QUOTES:
        return True
    return any(clause[n].w in _SCREEN for n in range(j, min(j + 2, hi)))


#: Words of time between a verb and where it goes («полечу потом в отпуск», «полечу только
#: в августе»), and «не» of a place denied («полечу не в отпуск, а в Самару»): the keyword's
#: ``not_before`` word is looked for after them.
_WHEN = frozenset({"потом", "только", "завтра", "скоро", "летом", "зимой", "осенью", "весной",
                   "опять", "снова", "обратно", "тоже", "наконец", "вечером", "утром", "не"})


#: «с» before the company one goes with («полечу с детьми в Сочи», «лечу со всей семьёй на
#: море»): :func:`_past_company`.
_WITH = frozenset({"с", "со"})


def _past_company(ctx: Ctx, clause: list[Tok], j: int, hi: int, stop) -> int:
    """The index of a ``not_before`` word of ``stop`` after «с» and one or two words of
    company at ``j`` («полечу с детьми в Сочи», «полечу с мужем и детьми на море»,
    «лечу со всей семьёй на дачу»), when no roster name is written from ``j`` to the end of
    the clause (not «лечу с утра Сову», not «полечу с Кузей в Сочи»: he may be a player);
    ``j`` otherwise."""
    if j >= hi or clause[j].w not in _WITH:
        return j
    k = j + 1
    while k < min(hi, j + 5) and clause[k].word and clause[k].w not in stop:
        k += 1
    if k == j + 1 or k >= hi or clause[k].w not in stop or name_written(ctx, clause, j, hi):
        return j
    return k


def trip_with_player(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int) -> int | None:
    """The end of «лечу/полечу с X в …»: a heal word that is a verb, then «с» and a player
    named right after it, then a ``not_before`` word of where one goes («Полечу с Мариной в
    Сочи», «лечу со Штопором на море»): a trip with a companion who is a player, or a heal of
    him said oddly; which one the host cannot tell, so it is asked. None otherwise (not
    «лечу с утра Марину»: no player after «с»; not «полечу с детьми в Сочи», read by
    :func:`ordinary_speech`)."""
    if kw.cls != V.HEAL or kw.j + 2 >= hi or clause[kw.j].w not in _WITH or \
            not is_verb(clause[kw.j - 1].w):
        return None
    hit = nick_at(ctx, clause, clause_words(clause), kw.j + 1)
    if hit is None:
        return None
    k = kw.j + 1 + hit.length
    stop = lexicon().not_before.get(kw.cls) or ()
    if k >= hi or clause[k].w not in stop or clause[k].w in ("как", "обратно", "назад"):
        return None
    return min(hi, k + 2)


#: «в последний раз», «на этот раз», «в эту ночь»: a preposition, one word and a noun of
#: time right after a keyword say when, never where to (:func:`ordinary_speech`).
#: Pronouns after «на» that say what a thing is spent on («убью на это весь вечер»).
_PURPOSE_PRONOUNS = frozenset({"это", "то", "него", "нее", "неё", "них", "всё", "все"})

_ONCE_PREPS = frozenset({"в", "во", "на"})
_ONCE = frozenset({"раз", "ночь", "ночку"})

#: The sender naming himself («за себя»).
_SELF = frozenset({"себя", "себе"})


#: Hedge words set off between a verb and where it goes («полечу, наверное, в Тверь»).
_HEDGES = frozenset({"наверное", "наверно", "видимо", "пожалуй", "может", "похоже",
                     "кажется", "вероятно", "возможно"})


def _past_hedge(ctx: Ctx, clause: list[Tok], j: int, hi: int, stop) -> int:
    """The index of a ``not_before`` word of ``stop`` after hedge words, commas and words of
    time at ``j`` («полечу, наверное, на Новый год к сестре»: the trip), when at least one
    hedge word is among them and no roster name is written in the rest of the clause (the
    hedge may stand before the move's target: «лечу, наверное, в последний раз Сову»);
    ``j`` otherwise."""
    k = j
    while k < hi and (clause[k].w in (",", *_HEDGES) or clause[k].w in _WHEN):
        k += 1
    if k >= hi or clause[k].w not in stop or \
            not any(clause[n].w in _HEDGES for n in range(j, k)) or \
            name_written(ctx, clause, k + 1, hi):
        return j
    return k


#: «у меня», «у нас» after a move noun: who holds it («миномёт у меня»).
_HOLDERS = frozenset({"меня", "нас", "мя"})


def _own_preposition(clause: list[Tok], kw: Kw) -> bool:
    """True when the «у» right after the keyword ``kw`` is its phrase's own preposition, the
    phrase being a verb and its object («несёт дозор у», «стоит на страже у», a game's «срезаю
    кошель у»): «у меня» after it is the move's target, the sender, not who holds a thing."""
    words = tuple(t.w for t in clause[kw.i:kw.j + 1])
    return len(words) > 2 and lexicon().phrases.get(words) == kw.cls and is_verb(words[0])


#: «кого хочет», «кого сам захочет», «кого пожелаешь»: the one who makes the move chooses.
_WANTS = frozenset({"хочет", "захочет", "хотят", "захотят", "пожелает", "пожелают", "хочешь",
                    "захочешь", "пожелаешь", "хотите", "захотите", "пожелаете",
                    # clan51: «пусть сам обносит кого решит», «… кого выберет»
                    "решит", "решат", "решишь", "решите", "выберет", "выберут", "выберешь",
                    "выберете"})
_WHO_WANTS = frozenset({"кого", "кому", "у", "к", "за", "на"})
_WANTS_GAP = frozenset({"сам", "сама", "сами", "он", "она", "они", "ты", "вы", "только", "уж",
                        "там", "ему", "ей"})


def his_choice(clause: list[Tok], j: int, hi: int) -> bool:
    """True when the words at ``j`` leave a member's move to his own wish and end the part
    of the clause: «(пусть) охраняет кого хочет», «ворует у кого сам захочет», «проверяет
    кого пожелает», «обносит кого решит»: no target, and nothing to ask (he writes his move
    himself)."""
    k = j
    while k < hi and not clause[k].word:
        k += 1
    if k < hi and clause[k].w in ("у", "к", "за", "на") and k + 1 < hi and \
            clause[k + 1].w in ("кого", "кому"):
        k += 1
    if k >= hi or clause[k].w not in ("кого", "кому"):
        return False
    k += 1
    while k < hi and clause[k].w in _WANTS_GAP:
        k += 1
    if k >= hi or clause[k].w not in _WANTS:
        return False
    k += 1
    return k >= hi or not clause[k].word


_DEFER_SKIP = frozenset({"так", "за", "туда", "то", "того", "ту", "тому", "вслед", "там"})


def deferred(ctx: Ctx, clause: list[Tok], j: int, hi: int) -> bool:
    """True when the words after a move word leave it to another player's word
    (:data:`engine.grammar_vocab.DEFER_HEADS`, :data:`~engine.grammar_vocab.DEFER_VERBS`):
    «голосую как Граф скажет», «голос — за кого скажет босс», «голосую так, как велит
    дон», «голосую как Вася», «за того, за кого Вася» (nothing after the name), «голосую
    вслед за Васей»."""
    k = j
    while k < hi and (not clause[k].word or clause[k].w in _DEFER_SKIP):
        if clause[k].w == "вслед":
            return True
        k += 1
    if k >= hi or clause[k].w not in V.DEFER_HEADS:
        return False
    if any(clause[n].w in V.DEFER_VERBS for n in range(k + 1, min(hi, k + 4))):
        return True
    if k + 1 >= hi:
        return False
    hit = name_index(ctx.nicks).exact(clause_words(clause), k + 1, None)
    return hit is not None and all(not t.word for t in clause[k + 1 + hit.length:hi])


def _phrase_at(clause: list[Tok], k: int, hi: int, phrase: tuple[str, ...]) -> bool:
    """True when the words ``phrase`` stand at tokens ``k``… (before ``hi``)."""
    return k + len(phrase) <= hi and all(clause[k + n].w == w for n, w in enumerate(phrase))


#: «за компанию с X», «вместе с X» after the pair's noun: the sender has it along with X.
_ALONG = (("за", "компанию", "с"), ("за", "компанию", "со"), ("вместе", "с"), ("вместе", "со"))


def _told_partner(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int) -> bool:
    """True when a word of the «Выбери меня» pair tells about the day, not the sender's
    choice: «иммунитет у Ксюши», «у неё же иммунитет» (who holds it), «она взяла в пару
    Сову» (a past verb before it), «иммунитет за компанию с X» from a player the day did
    not choose (he is X's partner)."""
    words = clause_words(clause)
    idx = name_index(ctx.nicks)
    if ctx.turn.immune != ctx.sender.nick and kw.weak and any(
            _phrase_at(clause, kw.j, hi, p) for p in _ALONG):
        return True  # «Ура, иммунитет за компанию с мисс Марпл» from her partner
    if kw.j + 1 < hi and words[kw.j] == "у" and (
            words[kw.j + 1] in V.PRONOUNS or idx.exact(words, kw.j + 1, None) is not None):
        return True
    k = kw.i - 1
    while k >= 0 and words[k] in ("же", "ведь", "в"):
        k -= 1
    if k >= 1 and words[k - 1] == "у" and (words[k] in V.PRONOUNS or
                                          idx.exact(words, k, None) is not None):
        return True
    if kw.i > 0 and words[kw.i - 1] in ("её", "ее", "его", "их"):
        return True  # «Сыч её пара»: somebody else's partner
    for m in range(kw.j, min(hi, kw.j + 5) - 1):
        if clause[m].word and idx.exact(words, m, None) is not None:
            break  # («делюсь с Петровичем, он заслужил»: the pronoun is after the choice)
        if words[m] in _HE_SHE and clause[m + 1].word and past_tense(words[m + 1]):
            return True  # «иммунитет, и он взял с собой X», «в пару она взяла X»
    return kw.i > 0 and words[kw.i - 1] == "в" and k >= 0 and clause[k].word and \
        past_tense(words[k])  # («взяла в пару X», not «иммунитет выпал, беру в пару X»)


#: Third-person pronouns as the subject of a past verb after a «Выбери меня» word.
_HE_SHE = frozenset({"он", "она"})


#: Words between a move word and the name of who gave the order («граблю, как Смит сказал»).
_TOLD_BEFORE = frozenset({",", "—", "–", "-", "(", "как", "так", "ведь"})
#: Words between that name and its verb of saying («Смит сам так просил», «Мышь мне велела»).
_TOLD_BETWEEN = frozenset({"сам", "сама", "сами", "так", "же", "мне", "нам", "и", "тоже",
                           "вчера", "сегодня", "лично"})


def told_by(clause: list[Tok], at: int, end: int, j: int) -> int | None:
    """The index after the verb of saying when the name at tokens ``at``…``end`` (the first
    name read after the move word ending at ``j``) is the player who gave the order the
    sender follows — «Хилку граблю, как Смит сказал», «…, как велела Мышь», «…, Мышь так
    просила», «граблю как смит сказал» — not the move's target; else None. Only marks of a
    new clause (:data:`_TOLD_BEFORE`) may stand between the move word and the name."""
    if at - 1 > j and clause[at - 1].w in V.TOLD_VERBS and \
            all(clause[n].w in _TOLD_BEFORE for n in range(j, at - 1)) and \
            any(clause[n].w == "как" for n in range(j, at - 1)):
        return end  # «…, как велела Мышь»
    if any(clause[n].w not in _TOLD_BEFORE for n in range(j, at)):
        return None
    k = end
    while k < len(clause) and k < end + 2 and clause[k].w in _TOLD_BETWEEN:
        k += 1
    if k < len(clause) and clause[k].w in V.TOLD_VERBS:
        return k + 1  # «…, как Смит сказал», «…, Мышь просила»
    return None


def told_name(ctx: Ctx, clause: list[Tok], j: int, hi: int) -> tuple[int, int] | None:
    """The tokens of the first name after the move word ending at ``j`` when only marks of a
    new clause and «как» (and a verb of saying: «как велела Мышь») stand before it («граблю
    как смит сказал», where «как» read no target): for :func:`told_by`; else None."""
    k = j
    while k < hi and k < j + 3 and (clause[k].w in _TOLD_BEFORE or clause[k].w in V.TOLD_VERBS):
        k += 1
    if k >= hi or k == j or not clause[k].word:
        return None
    hit = nick_at(ctx, clause, clause_words(clause), k)
    return (k, k + hit.length) if hit is not None and hit.nick is not None else None
