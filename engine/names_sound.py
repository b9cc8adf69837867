"""A Latin nickname named by its sound in Cyrillic letters (issue 11, the generic lever of
session 37): «Дэнни» for «Danny.Ocean», «Гавейна» for «Sir Gawain», «Катюшу» for
«Katjuscha». Both spellings are reduced to a consonant skeleton of sound classes (voiced
and voiceless pairs merged, vowels, й and soft signs dropped, doubled letters once); a
Cyrillic word whose skeleton equals the skeleton of exactly one word of one Latin nick
names that nick. Only a last fallback of :meth:`engine.names_match.NameIndex.approximate`:
never a dictionary word, never a skeleton shorter than two sounds.
"""

from __future__ import annotations

import functools
import re

from .translit import transcribe

#: Cyrillic letters → sound class ("" dropped)
_CYR = {
    "б": "P", "п": "P", "в": "F", "ф": "F", "г": "K", "к": "K", "х": "K", "д": "T", "т": "T",
    "з": "S", "с": "S", "ц": "S", "ж": "J", "ш": "J", "щ": "J", "ч": "J", "л": "L", "м": "M",
    "н": "N", "р": "R",
}
#: Latin letter groups → sound class, longest first
_LAT_GROUPS = (("sch", "J"), ("tch", "J"), ("sh", "J"), ("ch", "J"), ("zh", "J"), ("th", "T"),
               ("ph", "F"), ("ck", "K"), ("qu", "K"), ("gh", ""), ("x", "KS"))
_LAT = {
    "b": "P", "p": "P", "v": "F", "f": "F", "w": "F", "g": "K", "k": "K", "c": "K", "q": "K",
    "h": "K", "d": "T", "t": "T", "z": "S", "s": "S", "j": "", "l": "L", "m": "M", "n": "N",
    "r": "R",
}
#: The groups first, then each letter (a vowel dropped): :func:`latin_skeleton`'s table.
_LAT_TABLE = _LAT_GROUPS + tuple(_LAT.items()) + tuple((v, "V") for v in "aeiouy")
_ENDINGS = re.compile(r"(?:ом|ем|ой|ей|ым|им|ою|ею)$")
#: Latin letters with diacritics → the plain letters a Russian ear hears («Bär» is «Бэр»,
#: «Müller» «Мюллер», «José» «Хосе»).
FOLD = str.maketrans({"ä": "e", "ö": "e", "ü": "u", "é": "e", "è": "e", "ê": "e", "ë": "e",
                       "á": "a", "à": "a", "â": "a", "å": "o", "í": "i", "ì": "i", "î": "i",
                       "ï": "i", "ó": "o", "ò": "o", "ô": "o", "ø": "e", "ú": "u", "ù": "u",
                       "û": "u", "ñ": "n", "ç": "s", "ß": "ss", "Ä": "E", "Ö": "E", "Ü": "U",
                       "É": "E", "Å": "O", "Ø": "E"})
#: The first vowel of a word, by the sound a Russian writer gives it (Cyrillic and Latin).
_VOWEL_CLASS = {"а": "A", "я": "A", "э": "E", "е": "E", "ё": "O", "о": "O", "у": "U", "ю": "U",
                "и": "I", "ы": "I", "a": "A", "e": "E", "o": "O", "u": "U", "i": "I", "y": "I"}


def _opens_with_vowel(word: str) -> bool | None:
    """True when ``word`` (Latin or Cyrillic) opens with a plain vowel sound, False with a
    consonant, None when its first letter may be either in another script («h», «y», «j»,
    «w»; «е», «ё», «ю», «я»: «Yana» is «Яна», «Helen» «Элен»)."""
    first = word[:1].lower()
    if first in "hyjwеёюя" or not first:
        return None
    return first in "aeiouаэиоуы"


def _first_vowel(word: str) -> str:
    """The class of ``word``'s first vowel (:data:`_VOWEL_CLASS`), "" when it has none."""
    return next((_VOWEL_CLASS[ch] for ch in word.lower() if ch in _VOWEL_CLASS), "")


#: A word of a Latin nick (its letters with diacritics folded first, :data:`FOLD`).
_LATIN_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _squeeze(classes: str) -> str:
    """``classes`` with runs of one class written once, then the vowels («V») dropped: a
    doubled letter is one sound, the same sound in two syllables two («Lawliet» → «LLT»,
    not the «LT» of «Лайт»)."""
    return re.sub(r"(.)\1+", r"\1", classes).replace("V", "")


def cyrillic_skeleton(word: str) -> str:
    """The sound skeleton of a lower-case Cyrillic word («дэнни» → «TN»)."""
    return _squeeze("".join(_CYR.get(ch, "V" if ch in _CYR_VOWELS else "") for ch in word))


#: Cyrillic vowels (and «й», a glide beside one): what parts two sounds of a skeleton.
_CYR_VOWELS = frozenset("аеёиоуыэюяй")


def latin_skeleton(word: str) -> str:
    """The sound skeleton of a Latin word of a nick, letters a–z («Danny» → «TN», «Gawain» →
    «KFN»; a word with diacritics is folded first, :data:`FOLD`: «Bär» → «Bar» → «PR»)."""
    return _squeeze(_classes(word))


def _classes(word: str) -> str:
    """The sound classes of a Latin word, vowels as «V» (before :func:`_squeeze`)."""
    return transcribe(_SILENT_W.sub("", word.lower()), _LAT_TABLE)


#: An English «w» after a vowel and before none is part of the vowel («Shadow» is «Шэдоу»,
#: «Lawliet» «Лоулайт», «Meow» «Мяу»), no consonant.
_SILENT_W = re.compile(r"(?<=[aeiou])w(?![aeiouy])")


@functools.lru_cache(maxsize=256)
def _syllables(word: str, vowels: str) -> int:
    """How many runs of ``vowels`` ``word`` holds."""
    return len(re.findall(f"[{vowels}]+", word.lower()))


@functools.lru_cache(maxsize=256)
def skeleton_owners(nicks: tuple[str, ...]) -> dict[str, frozenset[tuple]]:
    """Of ``nicks``, the skeleton of each word of a Latin nick (at least two sounds; letters
    with diacritics read as their plain letters, :data:`FOLD`) → the nicks holding a word of
    it, each with that word's length, count of vowel runs, first vowel's class and whether
    it opens with a vowel (:func:`_opens_with_vowel`)."""
    table: dict[str, set[tuple]] = {}
    for nick in nicks:
        if re.search("[а-яёА-ЯЁ]", nick):
            continue
        folded = nick.translate(FOLD)
        words = list(_LATIN_WORDS.finditer(folded))
        for m in words:
            part = m.group(0)
            key = latin_skeleton(part)
            if len(key) >= 2:
                # (a digit before the word may be a letter: «0xygen», «4ertik»)
                lead = folded[m.start() - 1:m.start()].isdigit()
                table.setdefault(key, set()).add(
                    (nick, len(part), _syllables(part, "aeiouy"), _first_vowel(part),
                     None if lead else _opens_with_vowel(part)))
        if len(words) > 1:
            # the nick's words said as one word («шэдоумяу» for «ShadowMeow», «сударма»
            # for «sudo_rm»), each word's own skeleton joined
            whole = "".join(m.group(0) for m in words)
            key = _squeeze("V".join(_classes(m.group(0)) for m in words))
            lead = folded[words[0].start() - 1:words[0].start()].isdigit()
            table.setdefault(key, set()).add(
                (nick, len(whole), _syllables(whole, "aeiouy"), _first_vowel(whole),
                 None if lead else _opens_with_vowel(whole)))
    return {k: frozenset(v) for k, v in table.items()}


def sound_owner(nicks: tuple[str, ...], word: str) -> str | None:
    """The one Latin nick of ``nicks`` that the Cyrillic ``word`` (lower case, no dictionary
    word) sounds like, its case ending aside; None when none or several fit. Of several, the
    one whose word's first vowel alone sounds as the written word's does («Бэра»: Bär, not
    Borya) is that nick. A word opening with a vowel never reads a nick's word opening with a
    consonant, nor the reverse («Эрен» is no «Ren»)."""
    if len(word) < 4 or not re.fullmatch("[а-яё]+", word):
        return None
    table = skeleton_owners(nicks)
    owners: set[str] = set()
    voiced: set[str] = set()  # (the owners by the first vowel too)
    said = _syllables(word, "аеёиоуыэюя")
    first = _first_vowel(word)
    starts = _opens_with_vowel(word)
    for form in {word, _ENDINGS.sub("", word)}:
        # (a word much longer than the nick's word is no reading of it: «бьюпепегу», a verb
        # glued to «Pepega», is left to the glued-word reading); nor one with fewer vowels
        # than the nick's word («Кулбка» is a slip of «Kolobok_13», asked, not its sound)
        for nick, size, vowels, vowel, opens in table.get(cyrillic_skeleton(form), frozenset()):
            if opens is not None and starts is not None and opens != starts:
                continue  # «Эрен» is no reading of «Ren»: a vowel before its first sound
            if abs(len(form) - size) <= 2 and said >= vowels:
                owners.add(nick)
                if vowel == first:
                    voiced.add(nick)
    if len(owners) > 1 and len(voiced) == 1:
        return next(iter(voiced))
    return next(iter(owners)) if len(owners) == 1 else None


#: A Latin word a letter may name a Cyrillic nick by its sound: five letters or more.
_LATIN_WORD = re.compile(r"[a-z]{5,}")


@functools.lru_cache(maxsize=64)
def cyrillic_skeleton_owners(nicks: tuple[str, ...]) -> dict[str, frozenset[tuple]]:
    """Of ``nicks``, the skeleton of each Cyrillic word of a nick (three sounds or more)
    → the nicks holding a word of it, each with that word's count of vowel runs and whether
    it opens with a vowel (:func:`_opens_with_vowel`)."""
    table: dict[str, set[tuple]] = {}
    for nick in nicks:
        for part in re.findall("[а-яё]{3,}", nick.lower()):
            key = cyrillic_skeleton(part)
            if len(key) >= 3:
                table.setdefault(key, set()).add(
                    (nick, _syllables(part, "аеёиоуыэюя"), _opens_with_vowel(part)))
    return {k: frozenset(v) for k, v in table.items()}


def latin_sound_owner(nicks: tuple[str, ...], word: str) -> str | None:
    """The one Cyrillic nick of ``nicks`` that the Latin ``word`` (lower case, five letters
    or more) sounds like, as a player without a Russian keyboard spells it by ear
    («Maverikk» for «Мэверик», «Pcholka» for «Пчёлка»): the word's skeleton equals the
    skeleton of a word of that nick only, three sounds or more, with as many vowel runs and
    both opening with a vowel or both with a consonant. None when none or several fit."""
    if not _LATIN_WORD.fullmatch(word):
        return None
    key = latin_skeleton(word)
    if len(key) < 3:
        return None
    said = _syllables(_SILENT_W.sub("", word), "aeiouy")
    starts = _opens_with_vowel(word)
    owners = {nick for nick, vowels, opens in cyrillic_skeleton_owners(nicks).get(key, ())
              if vowels == said and (opens is None or starts is None or opens == starts)}
    return next(iter(owners)) if len(owners) == 1 else None


#: A French final consonant a Russian ear does not hear: «-ot», «-et», «-ait», «-ard», «-ois»,
#: «-aux» («Pierrot» is «Пьеро», «Bizet» «Бизе»), and the «r» of a final «-ier», «-ée» said
#: «-ье» («Sommelier» is «Сомелье», «Gautier» «Готье»).
_FRENCH_SILENT = re.compile(r"(?<=[aeiou])(?:t|d|s|x|ts|ds)$|(?<=ie)r$")


def said_like(word: str, latin: str) -> bool:
    """True when the Cyrillic ``word`` (lower case, a case ending maybe) is the Latin word
    ``latin`` said aloud (:func:`cyrillic_skeleton` equals :func:`latin_skeleton`, or the
    Latin word's skeleton without a French silent ending, :data:`_FRENCH_SILENT`: «пьеро»
    for «Pierrot»), with as many vowel runs or more and a length at most two letters off
    the Latin word's spoken length; False for a skeleton shorter than two sounds."""
    if not re.fullmatch("[а-яё]+", word) or not re.fullmatch("[a-z]+", latin := latin.lower()):
        return False
    spoken = {latin, _FRENCH_SILENT.sub("", latin)}
    for form in {word, _ENDINGS.sub("", word), word[:-1] if word[-1:] in "аяуюе" else word}:
        skeleton = cyrillic_skeleton(form)
        if len(skeleton) < 2:
            continue
        for said in spoken:
            if latin_skeleton(said) == skeleton and abs(len(form) - len(said)) <= 2 and \
                    _syllables(form, "аеёиоуыэюя") >= _syllables(said, "aeiouy"):
                return True
    return False
