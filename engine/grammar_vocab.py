"""The words of the order grammar: move keywords, phrases, fillers (issue 3).

Everything here is data. Words are lower case with ё written as е. A *keyword* maps a word or
a phrase to a *verb class* (``HEAL``, ``SHOOT`` …); the sender's role turns a class into an
action id (:data:`CLASS_ACTIONS`), so the same word may mean different moves for different
roles («маньячу» is the psycho's invitation and the maniac's kill). DECISIONS.md §4–6.
"""

from __future__ import annotations

import functools

# --- verb classes -----------------------------------------------------------------------

HEAL, CHECK, BEAT, INVITE, ROB, WATCH, GUARD = "HEAL", "CHECK", "BEAT", "INVITE", "ROB", "WATCH", "GUARD"
KILL, MANIAC, SHOOT, HUNT, VOTE, SEARCH, SWINDLE = "KILL", "MANIAC", "SHOOT", "HUNT", "VOTE", "SEARCH", "SWINDLE"
MORTAR, PARTNER, FEAR, CHOOSE, DELEGATE = "MORTAR", "PARTNER", "FEAR", "CHOOSE", "DELEGATE"
#: «Навестить X»: the thief's theft; with a clan subject («наш клан навестит X») the clan kill.
VISIT = "VISIT"
#: «Наградить премией X» — the lynch vote under «Парадокс» (rules §6.6), talk on other days.
AWARD = "AWARD"

# The words of each class are in engine/lexicon/*.toml (lemmas, expanded by pymorphy3):
# engine.lexicon.lexicon() gives ``words``, ``weak``, ``third`` and ``phrases``.

#: When several keywords stand side by side («стреляю из миномёта в …», «голосую на линче
#: за …»), they make one keyword whose class is the first of this list that occurs. ``CHOOSE``
#: («выбираю», «мой выбор») gives way to any other class («мой выбор на линч — X» votes).
MERGE_PRIORITY: tuple[str, ...] = (DELEGATE, MORTAR, PARTNER, FEAR, SWINDLE)

#: Classes that are nouns or otherwise common in chatter: without a name they are ignored
#: instead of reported as ``unparsed`` (single weak words: engine.lexicon ``weak``).
WEAK_CLASSES: frozenset[str] = frozenset({CHOOSE, PARTNER, FEAR, MORTAR, AWARD})
#: (class, role) → action. Roles are current role ids; ``"mafia"`` stands for any clan
#: member, ``"civil"`` for any civilian who may hunt.
CLASS_ACTIONS: dict[str, dict[str, str]] = {
    HEAL: {"doctor": "heal"},
    CHECK: {"detective": "check", "boss": "boss_check", "fan": "check"},
    BEAT: {"thug": "beat"},
    INVITE: {"hostess": "invite", "psycho": "invite"},
    ROB: {"thief": "rob", "swindler": "swindle"},
    WATCH: {"witness": "watch", "fan": "search"},  # «смотрю Сову» from the fan: her search
    GUARD: {"guard": "guard"},
    KILL: {"mafia": "clan_kill", "maniac": "maniac_kill"},
    MANIAC: {"maniac": "maniac_kill", "psycho": "invite"},
    SHOOT: {"mafia": "clan_kill", "civil": "hunt"},
    HUNT: {"civil": "hunt"},
    SEARCH: {"fan": "search"},
    SWINDLE: {"swindler": "swindle"},
    # a night visit: the doctor's house call, the detective's look at the visited
    VISIT: {"thief": "rob", "thug": "beat", "maniac": "maniac_kill", "doctor": "heal",
            "detective": "check", "fan": "search"},  # («заглядываю к X»: does she find him)
}

#: The subject of a visit that makes it the clan's kill («наш клан навестит X», «семья
#: навещает X», «мы навестим X»).
CLAN_SUBJECTS: frozenset[str] = frozenset({"клан", "семья", "семейство", "мы", "мафия"})

#: The move a role makes when a role word is followed by a name but no verb
#: («шизик → Бука» in a swindler's letter, «вор — Бука» in a boss's).
ROLE_DEFAULT_ACTION: dict[str, str] = {
    "detective": "check", "doctor": "heal", "hostess": "invite", "psycho": "invite",
    "fan": "search", "thug": "beat", "witness": "watch", "maniac": "maniac_kill",
    "thief": "rob", "guard": "guard", "boss": "boss_check",
}

#: Verb classes a swindler's branch for a role may use (besides the role's own).
BRANCH_CLASSES: dict[str, frozenset[str]] = {
    "detective": frozenset({CHECK}),
    "doctor": frozenset({HEAL}),
    "hostess": frozenset({INVITE}),
    "psycho": frozenset({INVITE, MANIAC}),
    "fan": frozenset({SEARCH, CHECK}),
    "thug": frozenset({BEAT}),
    "witness": frozenset({WATCH}),
    "maniac": frozenset({KILL, MANIAC, SHOOT}),
}


# --- phrases that are not moves but flags or refusals ------------------------------------

SKIP_PHRASES: tuple[tuple[str, ...], ...] = (
    ("пропускаю", "ход"), ("ход", "пропускаю"), ("пропуск", "хода"), ("пропускаю",),
    ("без", "хода"), ("не", "хожу"), ("хода", "нет"), ("не", "буду", "ходить"), ("пас",),
) + tuple(("никого", "не", verb) for verb in (
    "лечу", "проверяю", "приглашаю", "зову", "шизю", "бью", "граблю", "ворую", "убиваю",
    "убиваем", "режу", "охраняю", "ищу", "слежу", "выбираю"))
CANCEL_PHRASES: tuple[tuple[str, ...], ...] = (
    ("отменяю",), ("отмена", "хода"), ("отмена",), ("отменить",), ("аннулирую",),
    ("отмените",), ("отменяем",),
)
OTHER_DAY_PHRASES: tuple[tuple[str, ...], ...] = (
    ("как", "вчера"), ("как", "и", "вчера"), ("как", "в", "прошлый", "раз"),
    ("то", "же", "самое"), ("тот", "же"), ("того", "же"), ("ту", "же"), ("как", "обычно"),
    ("аналогично",), ("прошлый", "ход"), ("вчерашний",), ("вчерашнего",), ("как", "раньше"),
    ("как", "позавчера"), ("прежнюю",), ("прежнего",), ("то", "же", "что"), ("по-старому",),
    # «голос туда же, куда и вчера»: yesterday's place, not the player named before
    ("куда", "и", "вчера"), ("куда", "вчера"), ("куда", "и", "в", "прошлый", "раз"),
)
#: «Линч прежний», «голос не меняю», «как в прошлом письме»: the move named stays as the
#: player's earlier letter of the day has it (DECISIONS.md §8: a letter replaces only the
#: kinds of move it names). Without a name such a clause is neither a move nor a problem;
#: an «other day» phrase in the same clause («прежний, как вчера») still makes it unparsed.
KEEP_PHRASES: tuple[tuple[str, ...], ...] = (
    ("прежний",), ("прежнее",), ("прежняя",), ("прежним",), ("прежней",), ("прежними",),
    ("прежние",), ("не", "меняю"), ("не", "меняется"), ("не", "изменился"), ("не", "изменилось"),
    ("не", "поменялся"), ("не", "поменялось"), ("не", "трогаю"), ("без", "изменений"),
    ("в", "силе"), ("остается",), ("остаются",), ("оставляю", "как", "есть"),
    ("как", "в", "прошлом", "письме"), ("как", "в", "предыдущем", "письме"),
    ("как", "в", "первом", "письме"), ("прошлого", "письма"), ("предыдущего", "письма"),
    ("как", "писал"), ("как", "писала"), ("как", "написал"), ("как", "написала"),
    ("как", "и", "писал"), ("как", "и", "писала"), ("как", "было"), ("как", "был"),
    ("как", "была"), ("оставляю",), ("оставляю", "как", "был"),
)
#: «Голос не меняю — X», «голос не трогаю»: the words after «не» in a keep phrase; «не» with
#: them says the move stays (no refusal of it, no «не X» target).
NOT_CHANGED = frozenset({p[1] for p in KEEP_PHRASES if len(p) == 2 and p[0] == "не"})
#: «Линч потом напишу», «за линч подумаю», «голос позже»: talk of a move still to come.
#: Without a name such a clause is chatter.
LATER_PHRASES: tuple[tuple[str, ...], ...] = (
    ("потом",), ("позже",), ("попозже",), ("позднее",), ("подумаю",), ("надумаю",),
    ("напишу",), ("допишу",), ("дошлю",), ("пришлю",), ("сообщу",), ("определюсь",),
    ("решу",), ("не", "решил"), ("не", "решила"), ("не", "определился"),
    ("не", "определилась"), ("не", "знаю"), ("пока", "думаю"), ("думаю", "пока"),
    ("в", "раздумьях"), ("ближе", "к", "дедлайну"), ("хз",), ("без", "понятия"),
    ("пока", "воздержусь"), ("пока", "воздерживаюсь"),  # «пока воздержусь»: for now, not for good
    # hesitation: «По линчу пока сомневаюсь…», «Колеблюсь с голосом»
    ("сомневаюсь",), ("колеблюсь",), ("затрудняюсь",),
)

#: Words after a move that put the decision off to a later letter («…, ещё подумаю»,
#: «Определюсь к вечеру»): the move is weighed, not yet chosen (asked, never applied).
PUT_OFF_WORDS: frozenset[str] = frozenset({"подумаю", "определюсь", "присмотрюсь"})

#: «Линч воздержусь», «голосую против всех»: no vote in this letter. Without a name such a
#: clause is neither a move nor a problem.
ABSTAIN_PHRASES: tuple[tuple[str, ...], ...] = (
    ("воздерживаюсь",), ("воздержусь",), ("воздержался",), ("воздержалась",),
    ("против", "всех"), ("без", "голоса"),
)

#: Words that open a question with no «?» (after an address to the host and «а»); the mailer
#: finds questions to the host by the same words (mailer.questions, engine.grammar_keywords).
ASKING: frozenset[str] = frozenset({"можно", "почему", "зачем", "разве", "неужели"})
#: Words that may stand before them («ведущий, а можно…», «слушай, почему…»).
ASKING_LEAD: frozenset[str] = frozenset({
    "ведущий", "ведущая", "вед", "а", "и", "ну", "кстати", "слушай", "слушайте", "скажите",
    "подскажите", "так", "вопрос"})

#: Words of choosing between correction words and the new name («хотя нет, пусть будет X»,
#: «нет, давай X»).
CHOOSE_WORDS: frozenset[str] = frozenset({
    "пусть", "будет", "давай", "давайте", "пожалуй", "возьму", "выберу", "выбираю", "беру",
    "берем", "берём", "оставлю", "оставим"})

#: «Линч: Бука. Хотя нет, Сергей.»: a clause that opens with these words (and punctuation),
#: at least one of them in :data:`CORRECTION_HEADS`, and then names only a player corrects
#: the target of the previous clause's move.
CORRECTION_WORDS: frozenset[str] = frozenset({
    "хотя", "нет", "лучше", "вернее", "точнее", "то", "есть", "вру", "ой", "ошибся",
    # interjections of a slip noticed, as «ой»: «Зову Бэлу... ах нет, она вчера была»
    "ах", "ох", "эх", "упс", "хм",
    "ошиблась", "поправка", "блин", "сорри", "извините", "простите", "upd", "апд", "отбой",
    "передумал", "передумала", "передумали", "исправляю", "исправление", "ошибочка", "стоп",
    "нет-нет", "ps", "пс", "все-таки", "таки", "итак", "короче", "ведущий", "меняю", "а",
    "тогда", "шучу", "пошутил", "пошутила", "шутка", "ладно", "тьфу", "ты", "опечатка",
    "очепятка", "описка", "опечатался", "опечаталась", "перепутал", "перепутала", "пардон",
    "смысле", "оговорился", "оговорилась", "автозамена", "т9", "ошибка",
    "финально", "окончательно",  # «Лечу X. Нет! Лечу Y. Финально: X»
    "ну",  # a filler before the correction: «зову к себе... ну в смысле приглашаю X»
    # an official letter's amendment: «Пункт 1 читать в следующей редакции: «…»»
    "редакции", "редакция",
    # a word struck out as on paper: «слежу за X (зачёркнуто) за Y»
    "зачеркнуто", "зачеркнута", "зачеркнут",
    # a teacher's «Исправлено: …» and the drill command «Отставить!» (take the order back)
    "исправлено", "отставить",
})
#: Words that take what was just said back as a joke («Голос за Ирочку — шучу-шучу!»,
#: «Режу Кузнеца. Шучу, Кузнец, живи»).
JOKE_WORDS: frozenset[str] = frozenset({
    "шучу", "шучу-шучу", "шутка", "шутю", "прикалываюсь", "пошутил", "пошутила", "шутка-шутка"})
CORRECTION_HEADS: frozenset[str] = frozenset({
    "нет", "вернее", "точнее", "есть", "вру", "ошибся", "ошиблась", "поправка", "upd", "апд",
    "отбой", "передумал", "передумала", "передумали", "исправляю", "исправление", "ошибочка",
    "стоп", "нет-нет", "тогда", "шучу", "пошутил", "пошутила", "тьфу", "опечатка",
    "очепятка", "описка", "опечатался", "опечаталась", "перепутал", "перепутала", "смысле",
    "оговорился", "оговорилась", "шутка", "шучу-шучу", "прикалываюсь", "финально",
    "окончательно", "редакции", "редакция", "зачеркнуто", "зачеркнута", "зачеркнут",
    "исправлено", "отставить",
})

#: Words that mark a correction anywhere in a clause: a later move of the same kind replaces
#: the earlier ones of the letter («Бью Кузю. Хотя нет — бью Бобра», «UPD: убиваем Кузю»).
#: «нет» counts only before punctuation or another correction word; «есть» only after «то».
CORRECTION_MARKS: frozenset[str] = CORRECTION_HEADS - {
    "нет", "есть", "тогда", "опечатка", "очепятка", "описка",  # «(опечатка, ПРОВЕРЯЮ)»
    "зачеркнуто", "зачеркнута", "зачеркнут"}

#: Move classes whose target may follow «за» («голосую за X», «слежу за X», «за меня»): a
#: correction «хотя нет — за Y» after another move is about the vote (engine.parse_correct).
ZA_CLASSES: frozenset[str] = frozenset({VOTE, WATCH, AWARD, DELEGATE})

#: «Снимаю голос с X»: a vote keyword after these words withdraws the vote.
WITHDRAW_WORDS: frozenset[str] = frozenset({
    "снимаю", "сниму", "отзываю", "отзову", "забираю", "заберу", "убираю", "уберу", "снимаем",
    # the vote declared void after it («прошу считать мой голос за X отозванным»)
    "отозванным", "отозван", "отозванный", "недействительным", "недействителен",
    "аннулированным", "аннулирован", "отмененным",
})
#: «… и отдаю Y»: after a withdrawal, these words give the vote to somebody else.
TRANSFER_WORDS: frozenset[str] = frozenset({
    "отдаю", "отдам", "ставлю", "поставлю", "кидаю", "кину", "переношу", "перенесу",
    "перекидываю", "перекину", "передаю", "передам", "перевожу", "отдаем", "теперь",
    "второй", "второго", "другой", "вместо",
})
#: Words of doubt that offer another target instead of choosing it («хотя, может, за Лисой»,
#: «А может, Y»).
DOUBT_WORDS: frozenset[str] = frozenset({"может", "возможно", "мб", "или", "либо"})

#: Words that make a move after them in the same sentence a hypothesis, not an order
#: («Если Лось и завтра промолчит — проверю его», «может, проверю Лося»).
HYPOTHETICAL_WORDS: frozenset[str] = frozenset({
    "если", "ежели", "коли", "может", "возможно", "завтра", "послезавтра", "вдруг", "бы",
    "якщо",  # (Ukrainian «если»)
    "maybe", "perhaps", "tomorrow",  # («Maybe tomorrow I check X»: a learner's English)
})

# --- fillers and grammar words -------------------------------------------------------------

#: Preposition → grammatical cases it governs (for telling «Кир» from «Кира»).
PREPOSITIONS: dict[str, frozenset[str]] = {
    "у": frozenset({"gent"}), "против": frozenset({"gent"}), "от": frozenset({"gent"}),
    "для": frozenset({"gent"}), "к": frozenset({"datv"}), "ко": frozenset({"datv"}),
    "за": frozenset({"accs", "ablt"}), "в": frozenset({"accs"}), "во": frozenset({"accs"}),
    "при": frozenset({"loct"}),
    "на": frozenset({"accs"}), "по": frozenset({"datv"}), "с": frozenset({"ablt"}),
    "со": frozenset({"ablt"}),
    "on": frozenset({"nomn", "accs"}),  # «Swindle on Сова:», «vote on Кузя»: English
}

#: Titles written before a player's name («фрау Кармен», «господину Мельнику»): before
#: another player's name such a word is his title, not a nick it is a word of («Frau_Berta»).
TITLES: frozenset[str] = frozenset({
    "фрау", "герр", "господин", "господина", "господину", "господином", "госпожа", "госпожу",
    "госпоже", "госпожой", "мадам", "мадемуазель", "месье", "мсье", "мистер", "мистера",
    "мистеру", "мистером", "миссис", "мисс", "сеньор", "сеньора", "сеньору", "сеньорита",
    "пан", "пана", "пану", "паном", "пани", "сэр", "сэра", "сэру", "леди", "товарищ",
    "товарища", "товарищу", "синьор", "синьора", "синьору", "синьором", "сеньором", "дон",
    "дона", "дону", "доном", "донну", "донна",
})

#: Kin and address words said before a player's name («баба Нина», «дяде Мише», «тёте
#: Поле»): the lemmas. Before another player's name such a word is part of the name phrase,
#: not a nick it is a word of («Baba Shura»); alone, in a diminutive («бабушку», «дедуле»),
#: it names no player by a pet form of such a nick (see :func:`kin_word`).
KIN_LEMMAS: frozenset[str] = frozenset({
    "баба", "бабушка", "бабуля", "бабуся", "бабка", "дед", "дедушка", "дедуля", "деда",
    "дедуся", "тётя", "тетя", "тётка", "тетка", "тётушка", "тетушка", "дядя", "дядька",
    "дядюшка", "мама", "мамочка", "мамуля", "папа", "папочка", "папуля",
})


@functools.lru_cache(maxsize=20_000)
def kin_word(word: str) -> bool:
    """True when ``word`` (normalised) is a case form of a kin or address word
    (:data:`KIN_LEMMAS`, which holds the «ё» lemmas in both spellings: «бабы», «бабушку»,
    «дедуля», «тёти»)."""
    from .words import morph
    return word in KIN_LEMMAS or any(p.normal_form in KIN_LEMMAS for p in morph().parse(word)[:3])


#: Words skipped between a keyword and its target.
FILLERS: frozenset[str] = frozenset({
    "игрока", "игрок", "игроку", "игроком", "игроке", "ника", "ник", "нику", "ником",
    "никнеймом", "никнейм", "жителя",
    # («голосую за гражданина под именем X», «за участника по имени X»: who he is called)
    "гражданина", "гражданку", "участника", "участницу", "именем", "имени", "прозвищем",
    "житель", "жителю", "персонажа", "товарища", "господина", "госпожу", "мистера", "мисс",
    "уважаемого", "уважаемую", "нашего", "нашу", "моего", "мою", "этого", "эту", "этой",
    "сегодня", "ночью", "ночь", "сейчас", "пожалуй", "наверное", "конечно", "думаю", "хочу",
    "буду", "будем", "мой", "моя", "мои", "наш", "наша", "ставлю", "отдаю", "отправляю",
    "кидаю", "идет", "идёт", "уходит", "остается", "остаётся", "как", "всегда", "еще", "уже", "снова", "опять",
    "тоже", "также", "а", "и", "или", "же", "то", "ну", "вот", "это", "так", "да", "бы",
    "все-таки", "всетаки", "таки",
    "я", "мы", "клан", "клана", "кланом", "наш", "нашим", "всем", "кланом", "из", "дом",
    "дома", "гости", "себе", "ход", "хода", "ходом", "цель", "цели", "целью", "жертва",
    "жертву", "жертвой", "своего", "свою", "вновь", "ещё", "лучше", "пусть", "пускай", "туда",
    "отношении", "вечером", "вечер", "вечерком", "ночку", "нынче", "завтра", "пожалуйста",
    "from",  # «Кот steals from Остап»: the English verb's preposition
    "плиз", "мне", "кажется", "точно", "однозначно", "безусловно", "выбираю", "за", "у",
    "к", "ко", "в", "во", "на", "по", "с", "со", "против", "от", "для", "о", "об",
    "дорогого", "дорогую", "милого", "милую", "бедного", "бедную", "того", "ту",
    "по-прежнему", "обычно", "теперь", "сей", "раз", "неотлучно", "заодно", "вдобавок",
    # idioms53: «X ещё разок к себе», «ещё разочек X» (as «ещё раз»)
    "разок", "разочек",
    # «hunt на X pls», «голос за X плз»: please in chat spelling
    "pls", "plz", "please", "плз", "пжл", "пж", "пжлст", "пожалста", "пожалуйста",
    # a mixed letter's English: «my two votes today — X и Y», «my vote goes to X»
    "my", "today", "tonight", "goes", "go", "to", "is", "are",
    # chat English «of course», «in my opinion»: «vote X ofc», «линч X imo»
    "ofc", "imo", "imho", "tbh",
    # chat calls to act together: «на линче тоже его го», «погнали»
    "го", "гоу", "погнали",
    # Ukrainian: «Голос теж за X» (тоже), «сьогодні», «вночі» (ночью), «ще», «знову», «також»
    "теж", "також", "ще", "знову", "сьогодні", "вночі", "уночі", "зараз", "мабуть",
    "хай",  # Ukrainian «пусть»
    # chat shortening of «тоже»: «линч тож дед», «голос тож ему»
    "тож",
    # German: «Stimme für X», «Stimme: auch X», «ich beobachte heute die X»
    "für", "fur", "auch", "heute", "wieder", "die", "den", "der",
})

#: Words that refer to the sender himself.
SELF_WORDS: frozenset[str] = frozenset({"себя", "сам", "сама", "самого", "самой", "самому", "саму",
                                      "собой", "сибя", "сабя",  # (typed by ear)
                                      # a phone's slip of the last letter: dropped, or the
                                      # key beside «я» («лечу себ», «лечу себч»)
                                      "себ", "себч", "себф", "себы"})
#: «Маньячу самого Графа», «самой Веры»: «the very X» before a name, no self reference.
INTENSIFIERS: frozenset[str] = frozenset({"самого", "самой", "самому", "самим", "самую", "саму"})

#: Pronouns that point at a player named elsewhere: never resolved, the move is unparsed.
PRONOUNS: frozenset[str] = frozenset({
    "его", "ее", "её", "него", "нее", "неё", "ему", "ей", "ним", "ней", "их", "них", "тебя",
    "вас", "нему", "ней", "него", "кого", "кого-нибудь", "кого-то", "всех", "тебе", "тобой",
    "ты", "вам", "вами",
    # «голос оставляю на нём же», «на ней же»: the prepositional case
    "нем",
})

#: «Nobody»: the keyword is a refusal to move («МО никому»), not a question.
NOBODY: frozenset[str] = frozenset({"никого", "никому", "никто", "ни", "никем"})

#: Words that always mean the letter's sender («охраняет меня» in a boss's letter).
SENDER_WORDS: frozenset[str] = frozenset({"меня", "me"})  # («Zhenya — guard me»)
#: «Страж — при мне», «Страж — на мне», «присматривать за мной»: «мне», «мной» mean the
#: sender right after these prepositions in a guard's move (alone «мне» is a filler: «мне
#: кажется»; «проверка при мне» keeps the check).
SENDER_AFTER: dict[str, frozenset[str]] = {
    "мне": frozenset({"при", "на", "ко"}), "мной": frozenset({"за", "со", "с"}),
    "себе": frozenset({"при", "на"}),  # «стою на себе»: the guard guards himself
}

#: Separators between two targets of one move.
TARGET_JOINERS: frozenset[str] = frozenset({",", "и", "/", "+", "&", "а", "также", "плюс", "-", "—",
                                            "and",
                                            "i"})  # «Kuzmich i Mormysh_ka»: a Latin «и»

#: Words that open a swindler's branch («если он доктор — …»).
BRANCH_OPENERS: frozenset[str] = frozenset({
    "если", "он", "она", "окажется", "оказался", "оказалась", "будет", "то", "цель", "жертва",
    "игрок", "вдруг", "коли", "когда", "роль", "-", "—", "это", "якщо",
})
#: Punctuation/words allowed after the role word of a branch, before its move.
BRANCH_ARROWS: frozenset[str] = frozenset({"—", "-", "→", "->", "=>", ":", ",", "то", "тогда"})

NEGATION = "не"
#: «против»: a vote when it opens a segment («Против Буки»); before a lynch word it is
#: against the lynch («против линча Буки»): see engine.grammar_keywords.
AGAINST = "против"
#: Words that may stand before an opening «против» («Я против Буки», «А я против Кира»).
AGAINST_OPENERS: frozenset[str] = frozenset({"я", "а", "и", "ну", "тогда", "лично"})

#: «Предлагаю убить X», «советую проверить X»: a suggestion to others, never an order.
SUGGEST_WORDS: frozenset[str] = frozenset({
    "предлагаю", "предлагаем", "предложу", "советую", "советуем", "посоветую", "рекомендую",
})

#: «Голосую как Граф скажет», «голос — за кого скажет босс», «линч — как решит дон»: a move
#: left to another player's word names no target of its own. After the move word (and
#: «так», punctuation) one of ``DEFER_HEADS`` and, within three words, one of
#: ``DEFER_VERBS``; «как X» alone at the end («голосую как Вася») and «вслед за X» too.
DEFER_HEADS: frozenset[str] = frozenset({"как", "кого", "куда", "кому"})
DEFER_VERBS: frozenset[str] = frozenset({
    "скажет", "скажут", "решит", "решат", "велит", "велят", "прикажет", "прикажут", "укажет",
    "укажут", "скомандует", "подскажет", "подскажут", "выберет", "выберут", "назовет",
    "назовут", "захочет", "захотят", "проголосует", "проголосуют", "голосует", "голосуют",
    "скажешь", "решишь", "велишь", "прикажешь", "укажешь", "скажете", "решите", "велите",
})

#: Verbs between «не» and a move word that keep the negation («не буду лечить»).
MODALS: frozenset[str] = frozenset({
    "буду", "будем", "хочу", "хотим", "стану", "станем", "могу", "можем", "собираюсь",
    "планирую", "думаю", "смогу", "стоит", "надо", "нужно", "советую", "предлагаю",
})

#: Keywords that are nouns though not weak: after «вчера» or «что» they tell, not order.
NARRATIVE_NOUNS: frozenset[str] = frozenset({"линч", "мо"})

#: Words after which a noun keyword is reported speech («думаю, что линч Буки — ошибка»).
REPORT_WORDS: frozenset[str] = frozenset({"что", "чтобы", "будто", "якобы", "мол"})

#: Words that put a noun keyword after them in the past («вчера проверка …»).
PAST_WORDS: frozenset[str] = frozenset({"вчера", "позавчера", "вчерашняя", "вчерашний",
                                        "прошлой", "прошлый", "прошлом", "вчерашнего",
                                        "вчерашнюю", "вчерашней", "вчерашнему", "вчерашним",
                                        "вчерашние", "вчерашних", "вчерашнее"})


#: «Первый — Доценту, второй — Маришке» on a two-vote day: an ordinal before a dash names a
#: vote, and after a joiner it goes on with the next vote.
VOTE_ORDINALS: frozenset[str] = frozenset({"первый", "второй", "первое", "второе", "другой", "другое"})

#: Verbs of forwarding or attaching a letter («пересылаю свой вчерашний ход», «прикладываю
#: вчерашнее письмо»): a sentence about the letter forwarded (cut before parsing), no move.
FORWARD_WORDS: frozenset[str] = frozenset({
    "пересылаю", "переслал", "переслала", "пересылал", "пересылала", "перешлю", "прикладываю",
    "приложил", "приложила", "прилагаю", "прикрепляю", "прикрепил", "прикрепила", "форварднул",
    "форварднула", "форвардю",
})

#: Words that make a «как вчера» sentence about moves («Ход тот же, что и вчера»).
MOVE_TALK_WORDS: frozenset[str] = frozenset({"ход", "хода", "ходы", "ходом", "как", "делаю",
                                             "сделаю", "повторяю"})

#: Words after «как» that make it part of a «как вчера» phrase («как вчера», «как и вчера»,
#: «как в прошлый раз», «как раньше»): only then is «как» a move-talk word. «как обычно» is
#: one only after «всё» or opening the sentence («Всё как обычно», «Как обычно, ничего не
#: поменял»): inside a sentence it is a parenthesis of talk far more often
#: («Первый день, как обычно, форум полон флуда»), and a short «Как обычно.» asks by its
#: length (engine.parse_clause).
_AS_BEFORE: frozenset[str] = frozenset({"вчера", "и", "раньше", "позавчера"})
#: Words after «как в» that make a «как в прошлый раз» phrase (not «как в учебнике»).
_AS_IN: frozenset[str] = frozenset({"прошлый", "прошлом", "прошлые", "прошлых", "тот",
                                    "предыдущий", "предыдущем", "первый", "первом"})


def move_talk(words: list[str]) -> bool:
    """True when the words of a sentence (lower case, in order) hold a move-talk word
    (:data:`MOVE_TALK_WORDS`). «как» counts only as the head of a «как вчера» phrase: «как я
    поняла из газеты», «как будто», «чист, как ягнёнок», «как в учебнике» and a bare «как
    обычно» in a sentence about yesterday tell about it and ask nothing; «всё как обычно»
    and an opening «Как обычно, …» ask."""
    for k, w in enumerate(words):
        if w not in MOVE_TALK_WORDS:
            continue
        after = words[k + 1] if k + 1 < len(words) else ""
        if w == "как" and k and words[k - 1] == NEGATION:
            continue  # «надо головой думать, а не как вчера»: unlike yesterday, nothing repeated
        if w != "как" or after in _AS_BEFORE or (
                after == "в" and k + 2 < len(words) and words[k + 2] in _AS_IN) or (
                after in ("обычно", "всегда") and (k == 0 or words[k - 1] in ("всё", "все"))):
            return True
    return False

#: Words between a subject and its third-person verb («Лиса пусть ворует …», «Смит у нас
#: сегодня ворует …»).
SUBJECT_SKIP: frozenset[str] = frozenset({
    "пусть", "тоже", "сегодня", "же", "снова", "опять", "ночью", "сегодня-то", "пускай",
    "хай", "теперь", "у", "нас", "наш", "наша", "этой", "эту", "ночь", "вечером", "всю",
})

#: Verbs of somebody else deciding a move named by its noun («Убийство — решает X»).
DECIDING = frozenset({"решает", "решит", "решают", "решат", "выберет", "выбирает",
                      "выберут", "выбирают", "назначит", "назначает", "определит",
                      "определяет",
                      # «Кого клан убивает — решать Королеве»: who is to decide, a dative
                      "решать", "выбирать", "определять", "назначать",
                      # Ukrainian: «Кого мочити — хай бос вирішує»
                      "вирішує", "вирішить", "вирішують", "вирішать", "вирішувати", "обирає",
                      "обере", "обирати"})

#: The boss's verbs of sending a member to his place («Милу ставлю на меня», «Лиса отправляю
#: к Сове»): read past like the member's own posture.
SENDING = frozenset({"ставлю", "поставлю", "ставим", "поставим", "отправляю", "отправлю",
                     "отправляем", "отправим", "посылаю", "пошлю", "посылаем", "пошлем",
                     "пошлём", "направляю", "направлю", "кидаю", "кину", "кидаем", "бросаю",
                     "брошу"})

#: The doctor's reflexive «I heal myself» («лечусь сама»): the verb names him as the target.
HEAL_MYSELF = frozenset({"лечусь", "подлечусь", "полечусь"})

#: A guard standing at the sender's door («стоит под моей дверью», «дежурю у моих дверей», «у
#: моего дома»): the possessive before a word of the home (:data:`HOME_WORDS`), after the
#: guard's place word, names the sender (engine.parse_move).
MY_HOME = frozenset({"моей", "моих", "моего", "моим", "моему", "нашей", "наших", "нашего"})
#: Words of a player's home and door, in the cases a guard's place puts them.
HOME_WORDS = frozenset({"двери", "дверью", "дверей", "дверями", "дверь", "дома", "домом",
                        "хаты", "хатой", "квартиры", "квартирой", "комнаты", "комнатой",
                        "спальни", "спальней", "порога", "порогом", "окнами", "окон", "окном",
                        "окна"})

#: The boss's «Кефир (сегодня) на моё усмотрение: …» (engine.grammar_orders.handed_over).
AT_MY_WILL = frozenset({"сегодня", "ночью", "опять", "снова", "тоже", "на", "мое", "моё",
                        "усмотрение", "полностью", "целиком"})

#: «от меня», «от нас» after a move word: the sender of the move, no target («Линч от меня —
#: Батон», «Голос от нас: X»; engine.grammar_keywords).
FROM_ME: frozenset[str] = frozenset({"меня", "нас"})


#: Words saying a move is made again («зову Серафима снова», «опять проверяю X»).
AGAIN: frozenset[str] = frozenset({"снова", "опять", "вновь"})

#: Words beside a pronoun that make it point at the player just named («его же», «тоже
#: ему», «зову его снова»).
SAME_AGAIN: frozenset[str] = AGAIN | {"же", "тоже"}

#: «как Смит сказал», «Мышь просила»: verbs of another player having given the order the
#: sender follows (past tense, and the present of a standing order); the player who said it
#: is no target of the move (engine.parse_move_speech.told_by).
TOLD_VERBS: frozenset[str] = frozenset({
    "сказал", "сказала", "сказали", "велел", "велела", "велели", "просил", "просила",
    "просили", "попросил", "попросила", "попросили", "приказал", "приказала", "приказали",
    "говорил", "говорила", "говорили", "советовал", "советовала", "советовали",
    "посоветовал", "посоветовала", "посоветовали", "предложил", "предложила", "предложили",
    "распорядился", "распорядилась", "распорядились", "решил", "решила", "решили",
    "хотел", "хотела", "хотели", "написал", "написала", "написали", "велит", "говорит",
    "просит", "требует", "требовал", "требовала", "настоял", "настояла", "настаивал",
    "настаивала", "назначил", "назначила", "выбрал", "выбрала"})

#: «как X скажет»: verbs of another player deciding the move.
DECIDE_VERBS: frozenset[str] = frozenset({"скажет", "скажут", "решит", "решат", "захочет",
                                          "прикажет", "велит", "распорядится", "посоветует",
                                          "напишет"})


#: The day events' names (DECISIONS.md §6) in their common forms: written with a capital
#: after a move word they name the day, never a player (a nick of that word is read before).
EVENT_WORDS = frozenset({
    "полнолуние", "полнолуния", "полнолунием", "ярость", "ярости", "затмение", "затмения",
    "парадокс", "парадокса", "тайна", "тайны", "апелевка", "апелевки", "апелевке",
    "апелевку", "апелевкой", "праздник",
    "праздника", "пальмы", "страх", "страха",
})


#: Words that open the sentence naming the player a move described without his nick
#: («…молчаливый мужчина с цветком. Да-да, Леон!», «Кто же мой гость? Конечно, Леон!»):
#: engine.parse_correct reads it, engine.grammar_windows keeps it with the sentence before.
REVEAL_WORDS = frozenset({"да-да", "да", "конечно", "именно", "угадали", "угадал", "угадала",
                          "правильно", "верно", "разумеется"})
