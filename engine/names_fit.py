"""The last-resort reading of a word in a move's name slot that no form of any nickname names
(issue 11): the word is scored against every player's name readings, and the player is taken
only when exactly one living player fits (:meth:`engine.names_match.NameIndex.fit`).

A nick's *readings* are its words and pieces (:func:`engine.names_pieces.nick_pieces`), a
Latin word read in Cyrillic the ways Russians say it (:func:`engine.translit.name_readings`,
:func:`engine.names_given.chat_spellings`: «Smith» → «смит», «Lexus» → «лехус», «Lupin» →
«люпин»). A written word fits a reading when, both cut of their case endings, they sound
alike (:func:`sound_key`: «Люпена» for Lupin, «Шэдоу» for Shadow, «Коцкому» for Kotsky); when
it is a prefix of four letters or more of a reading of six or more («Карда» for Кардинал,
«гросс» for Гроссмейстер); or when it is a reading's stem with a Russian diminutive suffix
(«Геллочку» for Гелла, «Хомячка» for Хома). A hyphen compound fits by its halves, a particle
or pet word glued on dropped («Киру-няшку», «Дарси-с»). Words are normalised (lower case,
ё → е).
"""

from __future__ import annotations

import functools
import re

from .names_given import chat_spellings, names_listed
from .names_pets import DIMINUTIVE_SUFFIXES, own_lemma
from .names_pieces import nick_pieces
from .names_sound import FOLD
from .translit import cyrillic_reading, name_readings
from .words import CYR, LAT, is_known_word, morph, norm

#: Case endings (nouns, adjectives) cut off a written word before it is compared, longest
#: first («коцкому» → «коцк», «люпена» → «люпен»).
_ENDINGS = tuple(sorted({
    "а", "я", "у", "ю", "е", "и", "ы", "о", "ь", "й", "ом", "ем", "ой", "ей", "ою", "ею", "ам",
    "ям", "ах", "ях", "ами", "ями", "ому", "ему", "ого", "его", "ым", "им", "ую", "юю", "ая",
    "яя", "ий", "ый", "ых", "их", "ую", "ов", "ев",
}, key=len, reverse=True))

#: What a reading's stem is followed by in a pet form: a diminutive suffix
#: (:data:`engine.names_pets.DIMINUTIVE_SUFFIXES`, with its final vowel and its fleeting
#: vowel dropped: «очк» of «Геллочку», «ячк» of «Хомячка»), two letters or more.
_PET_TAILS = frozenset(
    t for s in (x.replace("ё", "е") for x in DIMINUTIVE_SUFFIXES + ("ячок", "ечок"))
    for t in (s, s[:-1] if s[-1] in "аяоеиуюы" else s,
              s[:-2] + "к" if s.endswith(("ок", "ек")) else s)
    if len(t) >= 2)

#: A particle or pet word glued to a name with a hyphen that names no one («Дарси-с»,
#: «Киру-няшку», «Кирюху-нян»): the other half alone is the name.
_GLUED = re.compile(r"с|ка|то|де|ня[шн]\w*")

#: The sound key's letter classes: a letter written for another that sounds alike in a name.
_SOUNDS = str.maketrans({"ё": "и", "э": "и", "е": "и", "ы": "и", "й": "и", "я": "а", "о": "а",
                         "ю": "у", "ъ": "", "ь": ""})


def sound_key(word: str) -> str:
    """``word`` (Cyrillic, normalised) as it sounds in a name read from another script: the
    vowels an unstressed or foreign name mixes up written alike («люпен», «лупин» → «лупин»;
    «шэдоу», «шедоу» → «шидау»), «тс»/«дс» as «ц», no soft or hard signs, no doubled
    letters («гросс» → «грас»)."""
    w = word.replace("тс", "ц").replace("дс", "ц").translate(_SOUNDS)
    return re.sub(r"(.)\1+", r"\1", w)


def _cut(word: str) -> set[str]:
    """``word`` and ``word`` cut of a case ending (three letters or more left)."""
    return {word} | {word[:-len(end)] for end in _ENDINGS
                     if word.endswith(end) and len(word) - len(end) >= 3}


def _stems(word: str) -> set[str]:
    """:func:`_cut` of ``word``, with the lemmas pymorphy3 gives it."""
    out = _cut(word)
    for p in morph().parse(word)[:2]:
        lemma = norm(own_lemma(p))  # («Петровну» → «петровна», no «петрович»)
        if lemma[:3] == word[:3]:
            out.add(lemma)
    return out


@functools.lru_cache(maxsize=4096)
def nick_readings(nick: str, chat: bool = True) -> frozenset[str]:
    """The Cyrillic readings of the words of ``nick`` (three letters or more): a Cyrillic
    word as written, a Latin word read the ways Russians say it («Smith» → «смит», «смиф»)
    and, ``chat``, type it in chat («Lexus» → «лехус»; «Kira» → «киря»)."""
    words = {norm(w) for w in re.findall(r"[^\W\d_]+", nick)} | set(nick_pieces(nick))
    folded = nick.translate(FOLD)  # («Bär» is read «бэр», «бер»: its letters plain)
    if folded != nick:
        words |= {norm(w) for w in re.findall(r"[^\W\d_]+", folded)}
    out: set[str] = set()
    for w in words:
        if LAT.search(w) and not CYR.search(w):
            out |= {norm(r) for r in name_readings(w)}
            out.add(norm(cyrillic_reading(w)))
            if chat:
                out |= set(chat_spellings(w))
        elif CYR.search(w) and not LAT.search(w):
            out.add(w)
    return frozenset(r for r in out if len(r) >= 3 and CYR.fullmatch(r[-1:] or "-"))


def _reading_stem(reading: str) -> str:
    """``reading`` without a final vowel, soft sign or «й» (its nominative ending), three
    letters or more left («кира» → «кир», «локи» → «лок»)."""
    if reading[-1] in "аяоеиыуюьй" and len(reading) > 3:
        return reading[:-1]
    return reading


def fits(word: str, reading: str, pets: bool = True) -> bool:
    """True when the written ``word`` (Cyrillic, normalised, three letters or more) names the
    nick ``reading`` is a reading of: a case form of it by sound; a prefix of four letters or
    more, cut after a consonant, of a reading of six or more, the word no given name («Карда»
    for Кардинал; not «Федю» for «Фёдоровна»), a dictionary word its first half at most (not
    «Пилюлю», a pill, for «Пилюлькин», a word built on it); or its stem with a diminutive
    suffix, a pet form of a given name only of that name («Петьку» for «Петя», not «Кирюху»
    for Kira);
    ``pets=False``: not so (a dictionary word in lower case: «кошку» is the animal)."""
    stem = _reading_stem(reading)
    key_stem, key_full = sound_key(stem), sound_key(reading)
    if len(key_stem) < 3:
        return False
    stems = _stems(word)
    # by sound alone (the letters differ: «мэр(и)» and «мир(а)») only a reading that is no
    # dictionary word, as a name read from another script is: «Мэри» is not a case of «мира»
    # (round 68: «проверяю Мэри Ми» read as Голубь_Мира, silent)
    by_ear = not is_known_word(reading)
    if any(sound_key(s) in (key_stem, key_full) and (by_ear or s in (stem, reading)) for s in stems):
        return True
    if len(key_full) >= 5 and not is_known_word(word) and \
            _devoiced(sound_key(word)) == _devoiced(key_full) != key_full:
        return True  # «штатифф» for «Штатив»: the final voiced consonant typed as heard
    longest = len(reading) // 2 if is_known_word(word) else len(reading) - 1
    if len(reading) >= 6 and any(4 <= len(s) <= longest and s[-1] not in _VOWELS and
                                 reading.startswith(s) for s in _cut(word)) and \
            not names_listed(word):
        return True  # «кард» of «кардинал», «гросс» of «гроссмейстер»
    if not pets or len(stem) < 3 or not any(
            s.startswith(stem) and s[len(stem):] in _PET_TAILS for s in stems):
        return False  # (not «геллочк», «хомячк»)
    named = names_listed(word)  # («Кирюху» is Кирилл's, no pet form of Kira's «кира»)
    return not named or bool(named & names_listed(reading))


#: A voiced consonant → the voiceless one it sounds as at the end of a word.
_DEVOICE = {"б": "п", "в": "ф", "г": "к", "д": "т", "ж": "ш", "з": "с"}


def _devoiced(key: str) -> str:
    """A sound key (:func:`sound_key`) with its final voiced consonant said voiceless, as
    Russian says it at the end of a word («штатив» → «штатиф»)."""
    return key[:-1] + _DEVOICE[key[-1]] if key[-1:] in _DEVOICE else key


#: Consonants that alternate before the augmentative suffix «-ара» («волк» → «волчара»).
_AUGMENT_SHIFT = {"к": "ч", "г": "ж", "х": "ш", "ц": "ч"}


def augmentative_word(word: str, nick: str) -> bool:
    """True when the written ``word`` (Cyrillic, normalised) is the augmentative of a noun
    ``nick`` is or holds, the familiar «-яра»/«-ара» of slang with a case ending: «котяру»
    for «Кот_Базилио», «волчару» for «Волк_с_Уолл-стрит» (к → ч before it), «китяру» for
    «$BTC_Whale» (a Latin word by its Russian translation, :mod:`engine.names_english`).
    The noun is three letters or more ending in a consonant; the word is no dictionary
    word (not «гитару» for «Гит»)."""
    if not re.fullmatch(r"[а-я]{5,}", word) or is_known_word(word):
        return False
    cut = _cut(word)
    for stem in _augment_stems(nick):
        shifted = stem[:-1] + _AUGMENT_SHIFT.get(stem[-1], stem[-1])
        if cut & {stem + "яр", stem + "ар", shifted + "ар"}:
            return True
    return False


@functools.lru_cache(maxsize=4096)
def _augment_stems(nick: str) -> tuple[str, ...]:
    """The nouns of ``nick`` (its Cyrillic words, the Russian noun translations of its
    Latin words) an augmentative is built on (:func:`augmentative_word`)."""
    from .names_english import translations

    out = set()
    for w in {norm(w) for w in re.findall(r"[^\W\d_]+", nick)}:
        if CYR.search(w) and not LAT.search(w):
            nouns = {w}
        elif LAT.search(w) and not CYR.search(w):
            found, alone = translations(w)
            nouns = {norm(f) for f in found} if alone else set()
        else:
            continue
        out |= {n for n in nouns if re.fullmatch(r"[а-я]{3,}", n) and n[-1] not in _VOWELS}
    return tuple(sorted(out))


def work_word(word: str, nick: str) -> bool:
    """True when the written ``word`` (Cyrillic, normalised) is a Russian work word said for
    a word of ``nick`` (:data:`engine.names_qualifier.OCCUPATIONS`: «Эйчарку» for «Anna-HR»,
    «Тестировщицу» for «QA-Lena»), or the person noun of a word of it (:func:`agent_word`:
    «керосинщику» for «Kerosin_Man», «Спиннингиста» for «Spinning77»)."""
    if _work_stems(nick) and word.startswith(_work_stems(nick)):
        return True
    return agent_word(word, nick)


#: A Russian suffix of a person by what he does or has, then a case ending: «керосин» →
#: «керосинщика», «спиннинг» → «спиннингиста», «гитара» → «гитаристку».
_AGENT_TAIL = re.compile(r"(?:щик|чик|ник|ист)(?:а|у|ом|е|и|ы|ов)?|"
                         r"(?:щиц|ниц|истк)(?:а|у|ей|ой|е|и|ы)")


def agent_word(word: str, nick: str) -> bool:
    """True when the written ``word`` (Cyrillic, normalised) is the person noun of a word of
    ``nick``: the word's Cyrillic reading (a Latin word read as Russians say it; four letters
    or more, a final vowel dropped) and an agent suffix with a case ending
    (:data:`_AGENT_TAIL`: «керосинщику» for «Kerosin_Man», «Спиннингиста» for «Spinning77»,
    «Баяниста» for «Баян»). A nick word that is itself such a person noun is not built on
    («Дивидендщик» names himself: «дивидендщика» is his case form, not this)."""
    if not re.fullmatch(r"[а-я]{6,}", word):
        return False
    return any(word.startswith(stem) and _AGENT_TAIL.fullmatch(word[len(stem):])
               for stem in _agent_stems(nick))


@functools.lru_cache(maxsize=4096)
def _agent_stems(nick: str) -> tuple[str, ...]:
    """The stems a person noun of a word of ``nick`` is built on (:func:`agent_word`)."""
    out = set()
    for w in {norm(w) for w in re.findall(r"[^\W\d_]+", nick)}:
        if LAT.search(w) and not CYR.search(w):
            readings = {norm(r) for r in name_readings(w)} | {norm(cyrillic_reading(w))}
        elif CYR.search(w) and not LAT.search(w):
            readings = {w}
        else:
            continue
        for r in readings:
            if not CYR.fullmatch(r[-1:] or "-") or LAT.search(r):
                continue
            stem = r[:-1] if r[-1] in "аяоеы" else r
            if len(stem) >= 4 and not _AGENT_TAIL.fullmatch(stem[-3:]) and \
                    not stem.endswith(("щик", "чик", "ник", "ист")):
                out.add(stem)
    return tuple(sorted(out))


@functools.lru_cache(maxsize=4096)
def _work_stems(nick: str) -> tuple[str, ...]:
    """The beginnings of the work words said for the Latin words of ``nick``."""
    from .names_qualifier import OCCUPATIONS

    return tuple(stem for w in re.findall(r"[a-z]+", norm(nick)) for stem in OCCUPATIONS.get(w, ()))


def loan_word(word: str, nick: str) -> bool:
    """True when the written ``word`` (Cyrillic, normalised, four letters or more) is a case
    form of the Russian noun a Latin word of ``nick`` was borrowed as: the noun's lemma
    (pymorphy3, a dictionary noun, no name) sounds as the word's Russian reading
    (:func:`sound_key`, vowels a foreign word mixes up merged: «Торпеду» for Torpedo-7,
    «торпеда» ~ «торпедо»), or so with one sound of a reading of five sounds or more
    dropped or changed after the same first three (rapidfuzz: «Флюса» for Flux, «флюс» ~
    «флукс»). The reading of the nick's own Latin word only (not a chat spelling), so a
    player is named by the thing his nick is the English or Latin for as the community
    says it; a Cyrillic word of the nick is no loan («Туман» is its own form)."""
    if not re.fullmatch(r"[а-я]{4,}", word):
        return False
    keys = _loan_keys(nick)
    if not keys:
        return False
    from rapidfuzz.distance import Levenshtein

    for lemma in _noun_keys(word):
        for key in keys:
            if lemma == key or (len(key) >= 5 and lemma[:3] == key[:3] and
                                Levenshtein.distance(lemma, key, score_cutoff=1) <= 1):
                return True
    return False


@functools.lru_cache(maxsize=4096)
def _noun_keys(word: str) -> tuple[str, ...]:
    """The sound keys (:func:`sound_key`, four sounds or more) of the lemmas of the
    dictionary's common-noun readings of ``word`` (no name, surname or abbreviation), for
    :func:`loan_word`."""
    out = []
    for p in morph().parse(word):
        if p.tag.POS != "NOUN" or "Name" in p.tag or "Surn" in p.tag or "Abbr" in p.tag or \
                not p.is_known:
            continue
        lemma = sound_key(norm(p.normal_form))
        if len(lemma) >= 4 and lemma not in out:
            out.append(lemma)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _loan_keys(nick: str) -> frozenset[str]:
    """The sound keys (:func:`sound_key`) of the Cyrillic readings of the Latin words of
    ``nick`` (four letters or more), for :func:`loan_word`."""
    out = set()
    for w in {norm(w) for w in re.findall(r"[^\W\d_]+", nick)}:
        if LAT.search(w) and not CYR.search(w) and len(w) >= 4:
            for r in set(name_readings(w)) | {cyrillic_reading(w)} | _singular_readings(w):
                if re.fullmatch(r"[а-я]{4,}", norm(r)):
                    out.add(sound_key(norm(r)))
    return frozenset(out)


def _singular_readings(word: str) -> set[str]:
    """The Cyrillic readings of the singular of an English plural ``word`` (Latin, six
    letters or more, ending in «s» but not «ss»): «dominoes» → «домино», the noun Russian
    borrowed, which has no plural «-es» («домино77» for Dominoes77); empty otherwise."""
    if len(word) < 6 or not word.endswith("s") or word.endswith("ss"):
        return set()
    singulars = {word[:-1]} | ({word[:-2]} if word.endswith("es") else set())
    return {r for s in singulars if len(s) >= 4
            for r in set(name_readings(s)) | {cyrillic_reading(s)}}


#: Vowels and the signs (a prefix is cut after a consonant).
_VOWELS = "аяоеёиыуюэьъй"


def fit_owners(nicks, word: str, pets: bool = True) -> set[str]:
    """The nicks of ``nicks`` a written ``word`` (normalised; a hyphen compound is read by
    its halves, a particle or pet word glued on dropped: «Дарси-с», «Киру-няшку») fits by
    any reading (:func:`fits`, ``pets`` as there); ``set()`` for a word that is not Cyrillic
    letters."""
    from .names_match import _HONORIFIC  # (names_match imports this module)

    halves = [h for h in word.split("-") if h]
    if any(h in ("не", "ни") or _HONORIFIC.fullmatch(h) for h in halves):
        return set()  # «за не-Лося»: the player not meant; «Настю-сан»: see names_match
    if len(halves) > 1:
        named = [h for h in halves if not _GLUED.fullmatch(h)]
        found = [fit_owners(nicks, h, pets) for h in named]
        if not named or not all(found):
            return set()  # («Машеньку-Петеньку»: a half that names no one, someone else)
        if len(named) == 2 and not found[0] & found[1]:
            return found[0] | found[1]  # two players' names: asked
        return set().union(*found)
    if not re.fullmatch(r"[а-я]{3,}", word):
        return set()
    # (a pet suffix only on a reading as said: «Кирюху» is no pet form of Kira typed «киря»)
    owners = {n for n in nicks if any(fits(word, r, False) for r in nick_readings(n)) or
              (pets and any(fits(word, r, True) for r in nick_readings(n, False))) or
              work_word(word, n) or augmentative_word(word, n) or loan_word(word, n)}
    if len(owners) > 1:
        # a nick the word is a case form of as its Latin word is said («Бэра»: Bär, «бэр»)
        # goes before one it fits only as somebody might type it in chat («беря» for Borya)
        said = {n for n in owners if any(fits(word, r, False) for r in nick_readings(n, False))}
        if len(said) == 1:
            return said
    return owners
