"""English words of Latin nicknames by their Russian translation (issue 11): «Доктора Кто» for
«Dr.Who», «Мистер Грей» for «Mr.Grey», «фокса старого» for «Old-Fox», «Шляпника» for
«mad_hatter».

Players who do not type a nickname's English words often translate them. A translated title
or adjective («Доктор», «Мистер», «Старый») names a player only together with another word
of his nick; a translated noun («Шляпник») also alone, when no other nick of the roster is
written with it (see :func:`engine.names.name_index`). Words are normalised (lower case,
ё → е).
"""

from __future__ import annotations

#: English nick word → its Russian translations (nominative, normalised): titles and
#: adjectives, named only with another word of the nick.
MODIFIERS: dict[str, tuple[str, ...]] = {
    "dr": ("доктор", "док"), "doc": ("доктор", "док"), "mr": ("мистер",), "mister": ("мистер",),
    "mrs": ("миссис",), "miss": ("мисс",), "ms": ("мисс",), "sir": ("сэр", "сер"),
    "lord": ("лорд",), "lady": ("леди",), "king": ("король",), "queen": ("королева",),
    "prince": ("принц",), "captain": ("капитан",), "capt": ("капитан",),
    "agent": ("агент",), "maestro": ("маэстро",), "uncle": ("дядя",), "aunt": ("тетя",), "who": ("кто",),
    "old": ("старый",), "big": ("большой",), "little": ("маленький",),
    "small": ("маленький",), "mad": ("безумный",), "crazy": ("безумный",),
    "dark": ("темный",), "black": ("черный",), "white": ("белый",), "red": ("красный",),
    "grey": ("серый",), "gray": ("серый",), "green": ("зеленый",), "blue": ("синий",),
    "golden": ("золотой",), "iron": ("железный",), "silent": ("тихий",), "evil": ("злой",),
    "angry": ("злой",), "good": ("добрый",), "wild": ("дикий",), "lonely": ("одинокий",),
    "sitting": ("сидящий",), "running": ("бегущий",), "flying": ("летучий", "летающий"),
    "dancing": ("танцующий",), "smiling": ("улыбающийся",), "sleeping": ("спящий",),
    "jr": ("младший",), "junior": ("младший",), "sr": ("старший",), "senior": ("старший",),
}

#: The titles among :data:`MODIFIERS` that are nouns a player is called by alone, as by a
#: translated noun, when no other nick is written with them («Маньячу Капитана» for
#: «Capt.Nemo», «голос за мистера» for «Mr.Grinch»); not «доктор», a role's name.
TITLES: frozenset[str] = frozenset({
    "mr", "mister", "mrs", "miss", "ms", "sir", "lord", "lady", "king", "queen", "prince",
    "captain", "capt", "agent", "uncle", "aunt",
})

#: English nick word → its Russian translations (nominative, normalised): nouns, which may
#: name the player alone.
NOUNS: dict[str, tuple[str, ...]] = {
    "fox": ("лис", "лиса"), "wolf": ("волк",), "cat": ("кот", "кошка"), "dog": ("пес",),
    "bear": ("медведь", "мишка"), "tiger": ("тигр",), "lion": ("лев",), "owl": ("сова",),
    "hawk": ("ястреб",), "eagle": ("орел",), "raven": ("ворон",), "crow": ("ворона",),
    "rat": ("крыса",), "mouse": ("мышь",), "snake": ("змея",), "shark": ("акула",),
    "hatter": ("шляпник", "шляпа"), "hunter": ("охотник",), "killer": ("убийца",),
    "ghost": ("призрак",), "shadow": ("тень",), "angel": ("ангел",), "devil": ("дьявол",),
    "demon": ("демон",), "star": ("звезда",), "moon": ("луна",), "night": ("ночь",),
    "storm": ("буря",), "stone": ("камень",), "tank": ("танк",), "sniper": ("снайпер",),
    "doctor": ("доктор",), "pepper": ("перец",), "witch": ("ведьма",),
    "knight": ("рыцарь",), "pirate": ("пират",), "bandit": ("бандит",),
    "sleepy": ("соня", "сонька"), "sleeper": ("соня",), "bunny": ("зайка", "зайчик"),
    "hedgehog": ("ежик",), "squirrel": ("белка",),
    "kitty": ("киса", "котенок", "котя", "кошечка"),
    "bull": ("бык",), "horse": ("конь", "лошадь"), "pig": ("свинья",), "goat": ("козел",),
    "frog": ("лягушка",), "rabbit": ("кролик",), "spider": ("паук",), "dragon": ("дракон",),
    "wizard": ("волшебник",), "raccoon": ("енот",), "badger": ("барсук",), "beaver": ("бобр",),
    "elk": ("лось",), "moose": ("лось",), "deer": ("олень",), "skunk": ("скунс",),
    "lynx": ("рысь",), "hamster": ("хомяк",), "turtle": ("черепаха",), "penguin": ("пингвин",),
    "monkey": ("обезьяна",), "whale": ("кит",), "meow": ("мяу",), "otter": ("выдра",), "mole": ("крот",), "seal": ("тюлень",),
    # trades and titles a player is called by alone («Диспетчера» for «Dispatcher» beside
    # «Нина_диспетчер»: both readings, asked)
    "dispatcher": ("диспетчер",),
    # Latin words of nicks
    "vulpes": ("лиса",), "vulpecula": ("лисичка",), "lupus": ("волк",), "ursus": ("медведь",),
    "corvus": ("ворон",), "aquila": ("орел",), "leo": ("лев",), "felis": ("кошка",),
}


#: Ukrainian nick word → its Russian translations (nouns, as :data:`NOUNS`): «Ежика» for
#: «Їжачок».
UKRAINIAN_NOUNS: dict[str, tuple[str, ...]] = {
    "їжак": ("еж",), "їжачок": ("ежик", "ежонок"), "кіт": ("кот",), "вовк": ("волк",),
    "лисиця": ("лиса",), "ведмідь": ("медведь",), "ведмедик": ("медвежонок",),
    "заєць": ("заяц",), "білка": ("белка",), "бобер": ("бобр",), "лелека": ("аист",),
    "півень": ("петух",), "кішка": ("кошка",), "зірка": ("звезда",), "квітка": ("цветок",),
}


def translations(word: str) -> tuple[tuple[str, ...], bool]:
    """The Russian translations of an English (or Ukrainian) nick ``word`` (normalised) and
    whether they may name the player alone (a noun, or a title of :data:`TITLES`); ``((),
    False)`` for a word not in the tables."""
    if word in NOUNS:
        return NOUNS[word], True
    if word in UKRAINIAN_NOUNS:
        return UKRAINIAN_NOUNS[word], True
    return MODIFIERS.get(word, ()), word in TITLES
