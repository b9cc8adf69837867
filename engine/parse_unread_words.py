"""The words of the safety net for unread orders (:mod:`engine.parse_unread`): which words
are move words (any person and tense, by the lemmas of the move lexicon), which verbs tell a
story of the sender, and the words that make a sentence talk.
"""

from __future__ import annotations

import functools

from .lexicon import lexicon
from .words import is_known_word, morph

#: Words of a plan, a wish or a condition: the sentence is no order.
NOT_ORDER = frozenset({"если", "бы", "б", "может", "можно", "наверное", "завтра",
                        "вчера", "позавчера", "хотел", "хотела", "хочется", "думаю", "думал",
                        "думала", "кажется", "подозреваю", "считаю", "уверен", "уверена", "нельзя",
                        "надо", "нужно", "стоит", "потом", "пусть", "пускай"})

#: Verbs of saying and thinking: a sentence with one reports or muses.
SPEECH = frozenset({"сказать", "говорить", "писать", "написать", "заявить", "заявлять",
                     "утверждать", "кричать", "обещать", "пообещать", "спрашивать", "спросить",
                     "ответить", "отвечать", "думать", "считать", "знать", "подозревать",
                     "верить", "понимать", "понять", "казаться", "решать", "решить",
                     "предлагать", "предложить", "сомневаться"})

#: First-person verbs that are no action on a player.
NOT_ACTION = frozenset({"быть", "мочь", "хотеть", "знать", "думать", "считать", "видеть",
                         "понимать", "верить", "надеяться", "сомневаться", "подозревать",
                         "помнить", "любить", "просить", "благодарить", "извиняться", "читать",
                         "согласиться", "соглашаться", "слышать", "чувствовать", "бояться",
                         "болеть", "целовать", "обнимать", "цитировать", "обещать",
                         "различать", "полагать", "снимать", "снять", "пересылать", "переслать",
                         "оставить", "оставлять", "жить", "присматриваться",
                         "приглядываться", "напоминать", "напомнить", "колебаться",
                         "отдавать", "отдать", "отменять", "отменить", "перечитывать",
                         "перечитать", "прочитать", "прочесть",
                         # feelings and hunches about a player («Обожаю Рэя», «чую, X
                         # с ним заодно»): no action on him
                         "обожать", "чуять", "уважать", "ненавидеть", "ценить",
                         # greetings («Приветствую, Мастер!», «поздравляю Кузю с днём
                         # рождения»): no action on a player
                         "приветствовать", "поздравлять", "поздравить"})


@functools.lru_cache(maxsize=1)
def _lemmas() -> tuple[dict[str, str], dict[str, str]]:
    """The verb and noun lemmas of every move lexicon file → its class."""
    from .lexicon import _files  # the tables as written (their lemmas, not their forms)

    verbs: dict[str, str] = {}
    nouns: dict[str, str] = {}
    for _, data in _files():
        for v in data.get("verbs", ()):
            verbs.setdefault(v.replace("ё", "е"), data["class"])
        for v in data.get("nouns", ()):
            nouns.setdefault(v.replace("ё", "е"), data["class"])
    return verbs, nouns


@functools.lru_cache(maxsize=50_000)
def move_class(w: str) -> str:
    """The move class of a word of a move lexicon (any form), or ``""``."""
    found = lexicon().words.get(w)
    if found or len(w) < 3 or not is_known_word(w):
        return found or ""
    verbs, nouns = _lemmas()
    for p in morph().parse(w)[:2]:
        lemma = p.normal_form.replace("ё", "е")
        table = verbs if "VERB" in p.tag else nouns if "NOUN" in p.tag else {}
        if lemma in table:
            return table[lemma]
    return ""


@functools.lru_cache(maxsize=50_000)
def move_word(w: str) -> str:
    """What word ``w`` is to the net: ``"move"`` for a first-person form or a noun of a move
    lexicon, ``"third"`` for a third-person form of a move verb, ``"past"`` for its past
    tense, ``"first"`` for a first-person verb of action; ``""`` for anything else (an
    infinitive or an imperative of a move verb asks nobody: «лечить нельзя», «смотрите»)."""
    lex = lexicon()
    if w in lex.third:
        return "third"
    if w in lex.imperative:
        return ""
    if w in lex.words and len(w) >= 3:
        p = morph().parse(w)[0] if is_known_word(w) else None
        if p is not None and "INFN" in p.tag or \
                p is None and w.endswith(("ть", "ться")) and w not in lex.first:
            return ""  # (a slang infinitive the dictionary does not know: «фрагать», «дефнуть»)
        return "noun" if p is not None and p.tag.POS == "NOUN" else "move"
    if len(w) < 3:
        return ""
    if not is_known_word(w):
        return "first" if _slang_first(w) else ""
    verbs, nouns = _lemmas()
    parses = morph().parse(w)[:2]
    for n, p in enumerate(parses):
        lemma = p.normal_form.replace("ё", "е")
        if "VERB" in p.tag:
            if "impr" in p.tag or "2per" in p.tag:
                return ""
            if lemma in verbs:
                return "past" if "past" in p.tag else "third" if "3per" in p.tag else "move"
            if not n and "1per" in p.tag and lemma not in NOT_ACTION and \
                    lemma not in SPEECH:  # («мою»: «мой» first, not «мыть»)
                return "first"
        elif "NOUN" in p.tag and lemma in nouns:
            return "noun"
    return ""


@functools.lru_cache(maxsize=20_000)
def first_read_second(w: str) -> bool:
    """True when ``w`` reads first as a common noun in an oblique case and second as a verb
    of action in the first person singular («душу»: «душа» / «душить», «кошу», «травлю»):
    :func:`move_word` gives it nothing, the net takes it as the sender's verb only where it
    opens a sentence right before a player's name («Душу Киру»)."""
    if len(w) < 4 or not is_known_word(w) or w in lexicon().words:
        return False
    parses = morph().parse(w)[:2]
    if len(parses) < 2 or not _common_noun(parses[0]):
        return False
    p = parses[1]
    return p.tag.POS == "VERB" and "1per" in p.tag and "sing" in p.tag and \
        p.normal_form.replace("ё", "е") not in NOT_ACTION and \
        p.normal_form.replace("ё", "е") not in SPEECH


@functools.lru_cache(maxsize=20_000)
def unknown_first(w: str) -> bool:
    """True when ``w`` is a word no dictionary knows that the morphology guesses (first two
    readings) as a first-person verb in the indicative («шкерю», «шкерим»: a community's verb
    the lexicon lacks). :func:`move_word` gives it nothing unless :func:`_slang_first` takes
    its ending; the net takes it as the sender's verb only where it opens a sentence right
    before a player's name («Шкерю Боцмана»), as :func:`first_read_second`: asked, never read
    (a host teaches the word with ``words add``)."""
    if len(w) < 5 or is_known_word(w) or w in lexicon().words or \
            not all("а" <= ch <= "я" or ch == "ё" for ch in w):
        return False
    return any(p.tag.POS == "VERB" and "1per" in p.tag and "indc" in p.tag and
               p.normal_form.replace("ё", "е") not in NOT_ACTION
               for p in morph().parse(w)[:2])


def _common_noun(p) -> bool:
    """True when the morphology's reading ``p`` is a common noun in an oblique case, not a
    person's name («душу» as «душа», «кошу» as «кош», «травлю» as «травля»)."""
    return p.tag.POS == "NOUN" and p.tag.case not in (None, "nomn") and not (
        {"Name", "Surn", "Patr", "Geox", "Orgn"} & p.tag.grammemes)


#: Endings of a first-person present or future verb in Russian (-аю/-яю/-ую: «фрагаю»,
#: «дефаю», «ваншотаю»; -аем/-яем/-уем: «фрагаем»; -ну/-нем/-нём: «фрагну», «кильнём»).
_FIRST_ENDINGS = ("аю", "яю", "ую", "аем", "яем", "уем", "ну", "нем", "нём")


@functools.lru_cache(maxsize=50_000)
def _slang_first(w: str) -> bool:
    """True when ``w``, a word no dictionary knows, is shaped as a first-person verb («фрагаем
    Хилбота», «ваншотаю Гоблина»: a player's slang for a move the lexicon lacks): a Cyrillic
    word of six letters or more with a first-person ending (:data:`_FIRST_ENDINGS`); one in
    «-ую»/«-уем» only when the morphology can read it as a verb («-ую» ends adjectives too,
    while for the other endings it often guesses a noun of a name). Beside a player's name the net then asks what
    was meant rather than leaving the sentence out silently (a host teaches the word with
    ``words add``)."""
    if len(w) < 6 or not w.endswith(_FIRST_ENDINGS) or \
            not all("а" <= ch <= "я" or ch == "ё" for ch in w):
        return False
    if not w.endswith(("ую", "уем")):
        return True  # («фрагну», «ваншотаю»: the morphology may guess a noun of a name)
    return any("VERB" in p.tag for p in morph().parse(w))  # («кемпую», not an adjective's «-ую»)


#: «мной», «мною»: the sender as the agent of a passive («Мною проверяется X»).
BY_ME = frozenset({"мной", "мною"})


@functools.lru_cache(maxsize=50_000)
def passive_class(w: str) -> str:
    """The move class of a passive form of a move verb in the present («проверяется»,
    «охраняемым»): with «мной» beside it the sender's own move («Мною проверяется X»,
    «Охраняемым мной будет X»); ``""`` for anything else (a past participle tells the past:
    «проверенный мной X»)."""
    if len(w) < 5 or not is_known_word(w):
        return ""
    return _passive_class(w, "pres")


@functools.lru_cache(maxsize=50_000)
def past_passive_class(w: str) -> str:
    """The move class of a past passive participle of a move verb («вылечен», «проверена»):
    with «будет» the future passive of the sender's move («Кузя будет вылечен мной»); ``""``
    for anything else."""
    if len(w) < 5 or not is_known_word(w):
        return ""
    return _passive_class(w, "past")


def _passive_class(w: str, tense: str) -> str:
    """The move class of ``w`` read (first two readings) as a passive participle of a move
    verb in ``tense`` («pres»: «охраняемым»; «past»: «вылечен») or, for «pres», as a
    third-person present reflexive of one («проверяется»); ``""`` for anything else."""
    verbs, _ = _lemmas()
    for p in morph().parse(w)[:2]:
        lemma = p.normal_form.replace("ё", "е")
        if tense == "pres" and "VERB" in p.tag and "3per" in p.tag and "pres" in p.tag and \
                lemma.endswith("ся") and lemma[:-2] in verbs:
            return verbs[lemma[:-2]]
        if ("PRTF" in p.tag or "PRTS" in p.tag) and "pssv" in p.tag and tense in p.tag and \
                lemma in verbs:
            return verbs[lemma]
    return ""


@functools.lru_cache(maxsize=50_000)
def speech(w: str) -> bool:
    """True for a verb of saying or thinking (:data:`SPEECH`), any form."""
    if not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    return ("VERB" in p.tag or "INFN" in p.tag) and p.normal_form in SPEECH


#: Subjects that are somebody else («пусть кто-нибудь проверит X», «все голосуют за X»).
OTHERS = frozenset({"кто-нибудь", "кто-то", "кто", "никто", "он", "она", "они",
                     "каждый", "всех", "кого-то", "кого-нибудь"})


#: Words of the forum and its threads: a sentence with one tells of the day's talk («жду
#: Рыбака в ветке с объяснениями», «загляну к Мурке в ветку, почитаю»).
FORUM = frozenset({"ветка", "ветке", "ветку", "ветки", "веткой", "форум", "форуме", "форума",
                    "форуму", "чат", "чате", "чата", "тред", "треде", "треда", "личка", "личке",
                    "личку", "лички", "пост", "посте", "поста", "посту", "посты", "постах",
                    "сообщение", "сообщении", "сообщения"})


#: Punctuation that parts a verb from the name after it («ищу — то Ромашка не врач»).
PARTS = frozenset({"—", ":", ";", "(", ")", "→", "-"})

#: Question words: a verb before one thinks or says («посмотрим, кто …»).
WH = frozenset({"кто", "кого", "кому", "что", "как", "где", "куда", "чем", "зачем", "почему"})


#: Relative pronouns: a clause of its own, with its own subject, starts at one («Буся, которую
#: все путают с Масей»: «все» confuse, not the sender).
RELATIVE = frozenset({"который", "которая", "которое", "которые", "которого", "которой",
                      "которому", "которую", "которым", "которыми", "которых", "котором"})


#: Words of time between a move noun and its name («голос сегодня — Бармалей»).
TIMES = frozenset({"сегодня", "ночью", "этой", "нынче", "сейчас", "сегодняшней", "ночи"})


@functools.lru_cache(maxsize=50_000)
def address(w: str) -> bool:
    """True for a verb in the imperative or the second person («трать», «проверьте»,
    «решай»): the sentence speaks to somebody, it is no order of the sender's."""
    if len(w) < 3 or not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    return "VERB" in p.tag and ("impr" in p.tag or "2per" in p.tag) and "incl" not in p.tag


#: «к Кузе поспешил»: a preposition before a name written before the story's verb.
PREPS_BEFORE = frozenset({"к", "ко", "у", "в", "на", "за", "с", "со"})


@functools.lru_cache(maxsize=50_000)
def past(w: str) -> bool:
    """True for a verb in the past tense."""
    return len(w) >= 3 and is_known_word(w) and "past" in morph().parse(w)[0].tag


@functools.lru_cache(maxsize=50_000)
def story_verb(w: str) -> str:
    """``"third"`` for a verb of action in the third person or the past tense (the sender's
    story of himself: «пробирается», «поспешил»), else ``""``."""
    if len(w) < 3 or not is_known_word(w):
        return ""
    p = morph().parse(w)[0]
    if "VERB" not in p.tag or "impr" in p.tag or p.normal_form in NOT_ACTION or \
            p.normal_form in SPEECH:
        return ""
    return "third" if "3per" in p.tag or "past" in p.tag else ""




#: Words that make a whole sentence talk (the net's cheap test).
VETO = NOT_ORDER | FORUM
