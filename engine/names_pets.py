"""Pet and diminutive forms of nicknames (issue 3, issue 11): «Петьку» for Петя,
«Светочка» for Света, «Лосик» for Лось, «Бронтик» for Бронтозавр.

A roster's *stems* (see :func:`add_stems`) are the shortened nicknames a pet form is built
on; :func:`pet_owners` finds the nicknames a written word is a pet form of. Words are
normalised (lower case, ё → е, see :func:`engine.words.norm`).
"""

from __future__ import annotations

import re

from .words import is_known_word, morph, person_name
from .words_endings import CYR, LAT, translit


#: Russian diminutive and pet suffixes, longest first (see :func:`pet_owners`).
DIMINUTIVE_SUFFIXES: tuple[str, ...] = tuple(sorted({
    "ечка", "очка", "енька", "онька", "ушка", "юшка", "ушенька", "уська", "юська", "уся",
    "юся", "уля", "юля", "уша", "юша", "ька", "ка", "ик", "чик", "ок", "ек", "ечек", "очек",
    "ушок", "ёк", "уленька", "ишка", "ыш", "ша", "ся", "ня", "юха", "уха", "ёха", "шка",
    "шек", "шечка", "ёнок", "енок", "онок", "ечик", "уня", "юня", "ыч", "ичка", "ичек",
    "яра", "яш", "ян",  # slang and augmentative: «Лосяра», «Лосяш», «Васян»
    "унья", "юнья",  # a fairy-tale creature's name: «Совунья» is «сова»'s
    "ечко",  # a neuter noun's: «колечко» is «кольцо»'s, «сердечко» «сердце»'s
}, key=len, reverse=True))


_VOWELS = "аеиоуыэюя"

#: Endings a pet form may end in with no diminutive suffix («Вафля» for «Вафелька»).
_ENDINGS = ("а", "я", "э", "ий", "ый")

#: Suffixes after which a nickname may be cut short anywhere («Бронт-ик», «Кот-ик»);
#: «-ка», «-шка» after a cut word make other nouns («Потрош-ка», «Потро-шка»).
_CLIP_SUFFIXES = frozenset({"ик", "чик", "ечик", "ок", "ек", "ёк", "уха", "юха", "ёха", "ечек", "яра",
                            "очек", "ушок"})

#: Suffixes that make a pet form only of a nickname short of its last letters («Пельме-шка»
#: for «Пельмень»); after the whole nickname they make another word («Бука-шка»).
_CLIP_ONLY = frozenset({"шка", "шек", "шечка"})

#: The diminutive suffixes a noun's final «ц» (with the fleeting vowel or soft sign before
#: it) turns into («кольцо» → «колечко», «овца» → «овечка»), see :func:`pet_owners`.
_TS_SUFFIXES = frozenset({"ечко", "ечка", "ечек"})

#: The endings of a Russian surname a folk patronymic in «-ыч» drops («Курган-ов» →
#: «Курганыч», «Иван-ов» → «Иваныч»).
_SURNAME_ENDS = ("ов", "ев", "ин", "ын")

#: A voiceless consonant → the voiced one a player may have heard it as before a voiceless
#: suffix («берёзка» said «берёска»).
_VOICED = {"п": "б", "ф": "в", "к": "г", "т": "д", "ш": "ж", "с": "з"}

#: Consonants that change before a diminutive suffix (written → the nickname's).
_ALTERNATION = {"ч": "кц", "ж": "гз", "ш": "хс"}
ALTERNATION = _ALTERNATION  # (for engine.grammar_members)

#: A Latin word with a Russian suffix after an apostrophe («lemur'чика»).
_LATIN_HEAD = re.compile(r"([a-z]{3,})['’`]([а-я]{2,})")


def pet_owners(stems: dict[str, set[str]], word: str, clip: bool = True,
               plain_clip: bool = False) -> set[str]:
    """The nicknames ``word`` (normalised) is a diminutive or pet form of («Петьку» → Петя,
    «Светочка» → Света, «Кузенька» → Кузя, «Лосик» → Лось, «Lemur'чика» → Lemur), given a
    roster's ``stems`` (stem → nicknames, see :func:`add_stems`): the word (or its pymorphy3
    lemma) minus a diminutive suffix (:data:`DIMINUTIVE_SUFFIXES`) or an ending is a
    nickname's stem, with the consonant changes of Russian
    diminutives («Пряничек» → Пряник); after a true suffix, a nickname may also be cut
    short before it («Бронтик» → Бронтозавр, «Пельмешка» → Пельмень); ``clip=False``:
    only a whole stem; ``plain_clip``: a nickname cut short only before a plain ending
    («Кузю» for «Кузнечик», not «Мар-усю» for «Мартышка»). Every nickname that fits is a
    candidate."""
    head = _LATIN_HEAD.fullmatch(word)
    if head:  # a Latin nick with a Russian suffix: «Lemur'чика» read as «лемурчика»
        word = translit(head.group(1)) + head.group(2)
    if not CYR.search(word) or LAT.search(word):
        return set()
    lemmas = {word} | {_lemma(p) for p in morph().parse(word)[:3]}
    for ending in ("у", "ю", "е", "и", "ы", "ой", "ей"):  # «Кирюшу» → «кирюша»
        if word.endswith(ending) and len(word) - len(ending) >= 3 and not person_name(word):
            # (a name pymorphy3 knows has its own nominative: «Павловну» is no «павловня»)
            lemmas |= {word[:-len(ending)] + "а", word[:-len(ending)] + "я"}
    for ending in ("а", "у", "ом", "е"):  # «Лосяша» → «лосяш»: a masculine word's case
        if word.endswith(ending) and len(word) - len(ending) >= 4 and not is_known_word(word):
            lemmas.add(word[:-len(ending)])
    owners: set[str] = set()
    for lemma in lemmas:
        if len(lemma) == 2:  # «ёж» for «Ёжик»: the noun a nick is the diminutive of
            owners |= stems.get(lemma, set())
        if lemma.endswith("ица") and len(lemma) >= 6:
            # «пуговицы» for «Пуговка», «синицу» for «Синичка»: the full noun a nick is the
            # diminutive of, its «-ица» dropped for the nick's suffix
            owners |= stems.get(lemma[:-3], set())
        for suffix in DIMINUTIVE_SUFFIXES + _ENDINGS:
            stem = lemma[:-len(suffix)]
            if not lemma.endswith(suffix):
                continue
            if suffix in _TS_SUFFIXES and len(stem) >= 2:
                # «кол-ечко» for «Кольцо777», «серд-ечко» for «Сердце», «ов-ечка» for «Овца»:
                # a «ц» turns into the «ч» of the diminutive «-еч-», its fleeting vowel «е»
                # (the nickname's whole stem only)
                owners |= stems.get(stem + "ц", set()) | stems.get(stem + "ьц", set())
            if len(stem) == 2 and len(suffix) >= 3 and suffix in DIMINUTIVE_SUFFIXES:
                # «Ивушку» for «Ива Лесная», «Зоечка» for «Зоя»: a word of three letters in
                # «-а», «-я» takes a long diminutive suffix on its two-letter stem
                owners |= stems.get(stem + "а", set()) | stems.get(stem + "я", set())
            heads = {stem} if len(stem) >= 3 or (
                len(stem) == 2 and suffix in _CLIP_SUFFIXES and stem in stems) else set()
            # («ёж-ик» for the nick «Ёж»)
            if stem[-1:] in _VOWELS and suffix[0] in "еюя" and suffix in DIMINUTIVE_SUFFIXES:
                heads.add(stem + "й")  # «за-ечка» is «зай-ечка», «за-юшка» «зай-ушка» (Зая)
            if not heads:
                continue
            if suffix == "чик" and stem[-2:] == "ль" and len(stem) >= 5:
                heads.add(stem[:-1])  # «Фаервольчик» for «Фаервол»: «-чик» softens an «л»
            stem = max(heads, key=len)
            if suffix in ("а", "я") and stem[-1:] == "х" and len(stem) >= 5:
                heads.add(stem[:-1] + "ш")  # «Ромаха» for «Ромашка», «Натаха» for «Наташа»
            clipped = suffix in _CLIP_SUFFIXES
            if clipped and stem[-1] in _ALTERNATION:  # «прянич-ек» → «пряник»
                heads |= {stem[:-1] + c for c in _ALTERNATION[stem[-1]]}
            elif suffix in ("ка", "ушка", "юшка") and stem[-1:] in _ALTERNATION and \
                    len(stem) >= 4:
                # «вьюж-ка» → «вьюга», «реч-ка» → «река»: a velar before «-к-» (the nickname's
                # whole stem only)
                heads.add(stem[:-1] + _ALTERNATION[stem[-1]][0])
            for h in heads:
                if suffix not in _CLIP_ONLY:
                    owners |= stems.get(h, set()) | stems.get(h + "ь", set())
                if h[-1] in _VOICED and suffix[0] in "кч" and not is_known_word(word):
                    # «береску» for «Берёза»: the stem's voiced consonant typed as heard
                    # before the suffix's voiceless one (a word no dictionary knows, a whole
                    # stem)
                    voiced = h[:-1] + _VOICED[h[-1]]
                    owners |= stems.get(voiced, set()) | stems.get(voiced + "ь", set())
                if suffix == "ыч":
                    # «Курганыч» for «Профессор Курганов»: the folk patronymic of a surname
                    # in «-ов», «-ев», «-ин», «-ын», built on its stem (a whole stem)
                    owners |= {n for end in _SURNAME_ENDS for n in stems.get(h + end, set())}
                if not clip or (plain_clip and suffix in DIMINUTIVE_SUFFIXES):
                    continue
                # «Петя» for «Пётр Первый»; after a true suffix any nickname cut short
                # («бронт-ик» for «Бронтозавр», «пельме-шка» for «Пельмень»)
                owners |= {n for s, ns in stems.items() if s.startswith(h)
                           and (clipped or len(s) <= len(h) + 2)
                           and (s != h or suffix not in _CLIP_ONLY) for n in ns}
    return owners


def _lemma(parse) -> str:
    """The nominative of a pymorphy3 reading in its own gender («павловну» → «павловна»:
    pymorphy3's normal form of a patronymic or surname is the masculine one)."""
    if {"Patr", "Surn"} & parse.tag.grammemes:
        nominative = parse.inflect({"nomn"})
        if nominative is not None:
            return nominative.word.replace("ё", "е")
    return parse.normal_form.replace("ё", "е")


#: (for engine.names_fit)
own_lemma = _lemma


def add_stems(stems: dict[str, set[str]], nick: str, word: str) -> None:
    """Add to ``stems`` (stem → nicknames) the stems a pet form of ``word`` (a word of
    ``nick``; Latin read in Cyrillic) may be built on: the word, the word without its last
    vowel, and without a diminutive suffix («котик» → «кот»)."""
    if LAT.search(word):
        if re.search(r"\d", word):
            return
        word = translit(word)
    if re.fullmatch(r"[а-я]{2}", word) and is_known_word(word):
        stems.setdefault(word, set()).add(nick)  # «Ёж»: «Ёжик», «Ёжика»
    if not CYR.fullmatch(word[-1:] or "-") or len(word) < 3:
        return
    found = {word, word[:-1] if word[-1] in "аяоеьйиыу" else word}
    if word[-1] == "я" and word[-2] in "аеиоу":
        found.add(word[:-1] + "й")  # «Зая» is «за-йа»: «Зайка», «Зайчик»
    for suffix in DIMINUTIVE_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            found.add(word[:-len(suffix)])
        elif word.endswith(suffix) and len(word) - len(suffix) == 2 and is_known_word(
                word[:-len(suffix)]):
            stems.setdefault(word[:-len(suffix)], set()).add(nick)  # «ёж» for «Ёжик»
    for stem in list(found):  # a fleeting vowel: «вафел-ька» is also «вафл-я»
        if len(stem) >= 4 and stem[-2] in "ео" and stem[-1] not in "аяоеьйиыуюэ":
            found.add(stem[:-2] + stem[-1])
        elif len(stem) >= 4 and stem[-1] not in _VOWELS + "ьйъ" and \
                stem[-2] not in _VOWELS + "ьйъ" and word[-1] in "ая":
            # and the other way: «вишн-я» is also «вишен-ка», «кукл-а» «кукол-ка»
            found |= {stem[:-1] + v + stem[-1] for v in "ео"}
    for stem in found:
        if len(stem) >= 3:
            stems.setdefault(stem, set()).add(nick)


def add_roots(roots: dict[str, set[str]], nick: str, word: str) -> None:
    """Add to ``roots`` (stem → nicknames) the stems of a one-word Cyrillic ``nick``'s own
    pet forms: the word and the word without its last vowel («волод» for «Володя»), not a
    shorter stem left by cutting a suffix off («вов» of «Вовчик»). A pet form built on a
    root («Володьку») is that nick's own, not a sibling form of the same given name."""
    if not CYR.fullmatch(word[-1:] or "-") or len(word) < 3 or LAT.search(word):
        return
    for stem in {word, word[:-1] if word[-1] in "аяоеьйиыу" else word}:
        if len(stem) >= 3:
            roots.setdefault(stem, set()).add(nick)


def longest_root_owners(roots: dict[str, set[str]], read_roots: dict[str, set[str]],
                        word: str) -> set[str]:
    """The nickname a pet form ``word`` is built on by its own root (``roots``, see
    :func:`add_roots`, and ``read_roots``, the same of Latin nicks' readings): the word's
    lemma is that root, four letters or more, and a diminutive suffix, and no root of
    another nickname it begins with is less than two letters shorter («Маруську»: «марус-ька»
    of Marusya.K, not «мар-» of Lady_Mary, whom the pet form of Мария reaches too; not
    «Серёгу», a plain case form). ``set()`` when there is no such nickname."""
    begun = {r: roots.get(r, set()) | read_roots.get(r, set())
             for r in (word[:n] for n in range(3, len(word) + 1)) if r in roots or r in read_roots}
    if not begun:
        return set()
    best = max(begun, key=len)
    owners = begun[best]
    if len(owners) != 1 or len(best) < 4 or \
            any(len(best) - len(r) < 2 and nicks - owners for r, nicks in begun.items()):
        return set()
    lemmas = {_lemma(p) for p in morph().parse(word)[:3]}
    if not any(lemma.startswith(best) and lemma[len(best):] in DIMINUTIVE_SUFFIXES
               for lemma in lemmas):
        return set()
    return set(owners)


#: Case endings a clipped nickname takes («Лолю», «Лоли» of «Лоля» for «Lolipop»).
_CASE_ENDINGS = ("ями", "ами", "ой", "ей", "ом", "ем", "а", "я", "ю", "у", "е", "и", "ы")


#: What a clipped nickname ends in: the suffixes after which a nick may be cut short
#: (:data:`_CLIP_SUFFIXES`), «-ька», or just «а», «я» («Лоля»); not «-ка», «-шка», which
#: make other nouns of a cut word («Потрош-ка»).
_CLIPPED_ENDS = tuple(sorted(_CLIP_SUFFIXES | {"ька", "а", "я"}, key=len, reverse=True))


def clipped_owners(bases: dict[str, list[str]], word: str) -> set[str]:
    """The nickname a word no dictionary knows is a clipped pet form of: the word without its
    case ending and a pet suffix or ending (:data:`_CLIPPED_ENDS`) is a stem
    of three letters or more, ending in a consonant, that begins exactly one nickname's
    spelling (``bases``: nick → nominative spellings, Latin nicks also read in Cyrillic)
    before a vowel and more than two letters short of it («Лолька», «Лолю» for «Lolipop»
    read «лол|ипоп»; «Бульдика» for «Bulldozer»; not «Бруня» for «Brutus»). ``set()`` when
    no nickname or several begin so, or the word is in the dictionary."""
    if not re.fullmatch(r"[а-я]{4,}", word) or is_known_word(word):
        return set()
    lemmas = {word}
    for ending in _CASE_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            lemmas |= {word[:-len(ending)] + v for v in ("а", "я", "")}
    stems = {lemma[:-len(suffix)] for lemma in lemmas for suffix in _CLIPPED_ENDS
             if lemma.endswith(suffix) and len(lemma) - len(suffix) >= 3}
    owners: set[str] = set()
    for stem in stems:
        if stem[-1] in _VOWELS + "ьй":
            continue  # cut after a consonant, before a vowel: «Лол|ипоп», not «Бру|тус»
        owners |= {n for n, spellings in bases.items() for b in spellings
                   if CYR.search(b) and b.startswith(stem) and len(b) > len(stem) + 2
                   and b[len(stem)] in _VOWELS}
    return owners if len(owners) == 1 else set()


def clipped_guesses(stems: dict[str, set[str]], given_of: dict[str, frozenset[str]],
                    word: str, owners: set[str]) -> set[str]:
    """Of ``owners`` (nicks ``word`` reaches as a pet form or by cutting the nick short), those
    reached only so while ``word`` has a meaning of its own that the nick does not share: a
    Russian given name's form reaching a Latin nick that holds no given name (``given_of``:
    nick → its given names; «Колю» is Коля's, Николай's, not surely a cut «Колоб-ок» of
    Kolobok_13; «Мишу» is no «Mishura»'s), or a dictionary noun reaching a nick by an
    adjective it only begins as («старика» is an old man, not surely «Стар-ый Мельник»;
    a Cyrillic nick cut short before a diminutive suffix: «Марусю» for «Мартышка»;
    «Бетона» is «Бетонный Блок»'s: the adjective is built on the noun). Such a reading is only
    a guess, asked about, never taken."""
    from .names_given import names_listed

    if not owners:
        return set()
    named = names_listed(word)
    noun = not named and is_known_word(word) and _plain_noun(word)
    if not (named or noun):
        return set()
    whole = pet_owners(stems, word, clip=False) | stems.get(word, set())
    plain_cut = pet_owners(stems, word, plain_clip=True)
    lemma = _noun_lemma(word)
    out = set()
    for n in owners - whole:
        if named and n not in given_of and (not CYR.search(n) or n not in plain_cut):
            # («Марусю» is no surely cut «Мар-тышка»; «Кузю» ends as «Кузнечик» begins)
            out.add(n)
        elif noun and any(w[:3] == word[:3] and _adjective_word(w) and not w.startswith(lemma)
                          for w in re.findall(r"[^\W\d_]+", n.lower().replace("ё", "е"))):
            out.add(n)
    return out


def _noun_lemma(word: str) -> str:
    """pymorphy3's normal form of ``word``'s likeliest reading (ё → е)."""
    return morph().parse(word)[0].normal_form.replace("ё", "е")


def _plain_noun(word: str) -> bool:
    """True when pymorphy3's likeliest reading of ``word`` is a common noun (no name)."""
    tag = morph().parse(word)[0].tag
    return tag.POS == "NOUN" and "Name" not in tag


def _adjective_word(word: str) -> bool:
    """True for a Cyrillic nick word that is an adjective in the nominative («старый»)."""
    if not CYR.search(word):
        return False
    tag = morph().parse(word)[0].tag
    return tag.POS == "ADJF" and "nomn" in tag


#: Vowels a consonant is soft before (a nick cut short before one keeps the softness as «ь»).
_SOFT_VOWELS = "еиюяё"


def soft_clipped(bases: dict[str, list[str]], word: str) -> set[str]:
    """The nicks (``bases``: nick → nominative spellings) a word ending in «ь», four letters
    or more, is cut short from before a soft vowel, the softness kept («Тюль» for «Тюлень»,
    «Бронь» for «Бронепоезд»); ``set()`` for any other word."""
    if word[-1:] != "ь" or len(word) < 4:
        return set()
    stem = word[:-1]
    return {n for n, spellings in bases.items() for b in spellings
            if b.startswith(stem) and len(b) > len(word) and b[len(stem)] in _SOFT_VOWELS}


def thing_name(bases: list[str]) -> bool:
    """True when a nick (its nominative spellings ``bases``) is an everyday inanimate noun
    («Котлета», «Kotleta» read «котлета»; pymorphy3's likeliest reading)."""
    for b in bases:
        if CYR.search(b) and is_known_word(b):
            tag = morph().parse(b)[0].tag
            return tag.POS == "NOUN" and "inan" in tag and "Name" not in tag
    return False
