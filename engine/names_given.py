"""Russian given names and their short and pet forms (issue 11): «Надюша» for Nadezhda_M,
«Веню» for «Вениамин Петрович», «Алексея» for «Лёха 2.0» or «x_Alex_x».

The table is package data (``engine/given_names.toml``, read through
:mod:`importlib.resources`; a host can read and extend it): each full name with its short
and pet forms. A nickname holding a word that is one of these forms is reachable by every
form of that name, in any case; two different names never match each other. Words are
normalised (lower case, ё → е, see :func:`engine.words.norm`).
"""

from __future__ import annotations

import functools
import re
import tomllib
from importlib import resources

from .names_pets import pet_owners
from .translit import cyrillic_reading, name_readings
from .words import morph, norm, person_name
from .words_endings import CYR, LAT, ending_forms, translit


@functools.lru_cache(maxsize=1)
def _data() -> dict:
    text = resources.files(__package__).joinpath("given_names.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _table(section: str, with_full: bool) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for full, forms in _data().get(section, {}).items():
        key = norm(full)
        for form in [full, *forms] if with_full else forms:
            out.setdefault(norm(form), set()).add(key)
    return {form: frozenset(names) for form, names in out.items()}


@functools.lru_cache(maxsize=1)
def given_table() -> dict[str, frozenset[str]]:
    """Every nominative form of the table (full, short, pet; normalised) → the full names
    it is a form of («саша» → {«александр», «александра»})."""
    return _table("names", True)


@functools.lru_cache(maxsize=1)
def _foreign() -> dict[str, frozenset[str]]:
    """The table's foreign forms (``[foreign]``: «натали» → {«наталья»}): a nickname word
    written so holds the name, but the word names nobody else."""
    return _table("foreign", False)


@functools.lru_cache(maxsize=2)
def _declined_bases(short: int) -> dict[str, frozenset[str]]:
    """Every case form of a full name of the table and of its first ``short`` short forms
    → that name: ``short=0`` the full name alone («дмитрия» → {«дмитрий»}), ``short=1`` also
    the neutral short form («Ира», «Дима», «Саша», «Наташа»)."""
    out: dict[str, set[str]] = {}
    for full, forms in _data()["names"].items():
        for base in [full, *forms[:short]]:
            for form in ending_forms(norm(base)):
                out.setdefault(form, set()).add(norm(full))
        for form in _dropped_vowel_forms(norm(full)):
            out.setdefault(form, set()).add(norm(full))
    return {form: frozenset(names) for form, names in out.items()}


def _dropped_vowel_forms(name: str) -> list[str]:
    """The case forms of a full name whose last vowel drops when declined («павел» →
    «павла», «павлу»; «лев» → «льва»), which the ending table cannot build; empty for any
    other name."""
    for p in morph().parse(name):
        if "Name" in p.tag and "nomn" in p.tag and norm(p.normal_form) == name:
            forms = [norm(f.word) for f in p.lexeme if "sing" in f.tag]
            if any(not f.startswith(name[:-1]) for f in forms):
                return forms
            return []
    return []


@functools.lru_cache(maxsize=1024)
def name_bases(word: str) -> tuple[str, ...]:
    """For a Cyrillic word of a nickname that is a short or pet form of the table
    (nominative), the full names it is a form of («наташа» → «наталья»): a person so called
    is called by the full name too («Натальей Ромашкой» for «Наташа Ромашка»); empty for any
    other word (a full name's short forms are left to the given-name reading)."""
    if not CYR.search(word) or LAT.search(word):
        return ()
    out: list[str] = []
    for full, forms in _data()["names"].items():
        bases = [norm(full), *(norm(f) for f in forms)]
        if word in bases[1:]:
            out.append(bases[0])
    return tuple(dict.fromkeys(b for b in out if b != word))


@functools.lru_cache(maxsize=1024)
def name_sex(name: str) -> str | None:
    """The gender of the full given name ``name`` (normalised nominative: «ольга» →
    «femn»), None when pymorphy3 knows it as no one gender's name."""
    genders = {p.tag.gender for p in morph().parse(name)
               if "Name" in p.tag and "nomn" in p.tag and "sing" in p.tag and
               norm(p.normal_form) == name}
    return genders.pop() if len(genders) == 1 and genders <= {"masc", "femn"} else None


def surname_initial(nick: str) -> tuple[str, str | None] | None:
    """For a Cyrillic nick of one surname and one initial before or after it («О.Бендер»,
    «Бендер О.»): the given name's initial and the surname's gender («о», «masc»; None when
    unknown); None for any other nick, for a surname and two initials («Смирнова О.П.»), and
    for a given name and a surname's initial («Лена К.»)."""
    words = re.findall(r"[^\W\d_]+", norm(nick))
    if not 2 <= len(words) <= 3 or not all(CYR.search(w) and not LAT.search(w) for w in words):
        return None
    long = [k for k, w in enumerate(words) if len(w) > 1]
    if len(words) != 2 or len(long) != 1:
        return None  # (two initials: the name and patronymic they stand for, not the name
        # alone, see engine.names_merge._name_and_patronymic)
    surname = words[long[0]]
    if given_table().get(surname) or len(surname) < 3:
        return None
    initial = words[1] if long[0] == 0 else words[0]
    genders = {p.tag.gender for p in morph().parse(surname)
               if "Surn" in p.tag and "nomn" in p.tag and "sing" in p.tag}
    return initial, (genders.pop() if len(genders) == 1 else None)


def neutral_names(word: str) -> frozenset[str]:
    """The names ``word`` (normalised, any case) is the full or the neutral short form of
    («Иру», «Ирину» → {«ирина»}); a pet form («Димона», «Иришку») is none: a player who
    writes a nick's own pet form means that nick, whoever else has the name."""
    return _declined_bases(1).get(word, frozenset())


def full_names(word: str) -> frozenset[str]:
    """The full names of the table ``word`` (normalised, any case) is a case form of
    («Дмитрия» → {«дмитрий»}; «Диму» → none: a short form)."""
    return _declined_bases(0).get(word, frozenset())


#: Patronymic endings of a nickname word («Петрович», «Иваныч», «Дмитрич», «Петровна»).
_PATRONYMIC = re.compile(r"([а-я]{2,}?)(ович|евич|овна|евна|ична|ьич|ыч|ич)")

#: Patronymics whose father's name is not their stem («Михалыч» is Михаил's son).
_PATRONYMIC_OF = {"михалыч": "михаил", "палыч": "павел", "саныч": "александр",
                  "львович": "лев", "львовна": "лев"}


@functools.lru_cache(maxsize=1024)
def patronymic_of(word: str) -> str | None:
    """The full name of the table that the patronymic ``word`` (a normalised Cyrillic word,
    nominative) is built on («дмитрич», «дмитриевич» → «дмитрий»; «иваныч» → «иван»;
    «кузьмич» → «кузьма»), or None for a word that is no patronymic of a listed name."""
    if word in _PATRONYMIC_OF:
        return _PATRONYMIC_OF[word]
    m = _PATRONYMIC.fullmatch(word)
    if m is None:
        return None
    stem = m.group(1)
    full = _full_names()
    return next((guess for guess in (stem, stem + "й", stem + "ий", stem + "а", stem + "я")
                 if guess in full), None)


@functools.lru_cache(maxsize=1)
def _full_names() -> frozenset[str]:
    """The full names of the table (normalised)."""
    return frozenset(norm(name) for name in _data()["names"])


@functools.lru_cache(maxsize=1)
def _foreign_declined() -> dict[str, frozenset[str]]:
    """Every case form of a foreign form of the table («сержа» → {«сергей»})."""
    out: dict[str, set[str]] = {}
    for form, names in _foreign().items():
        for case_form in ending_forms(form):
            out.setdefault(case_form, set()).update(names)
    return {form: frozenset(names) for form, names in out.items()}


def foreign_written(word: str) -> frozenset[str]:
    """The full names of the table whose foreign form ``word`` (normalised, any case) is
    («серж», «сержа» → {«сергей»}); empty when none."""
    return _foreign_declined().get(word, frozenset())


@functools.lru_cache(maxsize=1024)
def pet_words(nick: str) -> tuple[str, ...]:
    """The words of ``nick`` that are short or pet forms of the table («Маша Растеряша» →
    «маша»; «Жорж» → «жорж»), when the nick holds its given name by such words only: empty
    when a word of it is a full name («Мария К.») or a variant of one that begins as the name
    does («София», «Серёга»), or a Latin word holds a name («Masha_M»)."""
    words = [norm(w) for w in re.findall(r"[^\W\d_]+", nick)]
    out: list[str] = []
    for w in words:
        if LAT.search(w):
            if names_in_word(w):
                return ()
            continue
        full = given_table().get(w, frozenset())
        if w in _full_names() or any(f[:3] == w[:3] for f in full):
            return ()  # (a variant of the full name begins as it does: «София», «Артемий»)
        if full:
            out.append(w)
    return tuple(out)


@functools.lru_cache(maxsize=1)
def _short_roots() -> dict[str, frozenset[str]]:
    """Full name → the roots of its short forms of four letters or less ending in «а», «я»
    («ирина» → {«ир»}; «георгий» → {«гош», «жор», «гог»}): the stems its pet forms are
    built on («Ир-ка», «Ир-очка»)."""
    out: dict[str, set[str]] = {}
    for form, names in given_table().items():
        if len(form) <= 4 and form[-1] in "ая" and form not in names:
            for name in names:
                out.setdefault(name, set()).add(form[:-1])
    return {name: frozenset(roots) for name, roots in out.items()}


def same_short_root(word: str, other: str) -> bool:
    """True when ``word`` and ``other`` (normalised forms of given names) are both built on
    the root of one short form of a name they are forms of («ирочку» and «ирка»: «Ира»;
    not «гошу» and «жорж»: «Гоша», «Жора»)."""
    roots = _short_roots()
    return any(word.startswith(r) and other.startswith(r)
               for name in names_listed(word) & names_listed(other)
               for r in roots.get(name, ()))


@functools.lru_cache(maxsize=1)
def _declined() -> dict[str, frozenset[str]]:
    """Every case form of every form of the table (and of its ``[shared]`` forms: «ксюшу» →
    {«ксения», «оксана»}) → the full names it is a form of."""
    out: dict[str, set[str]] = {}
    for form, names in [*given_table().items(), *_table("shared", False).items()]:
        for declined in ending_forms(form):
            out.setdefault(declined, set()).update(names)
    return {form: frozenset(names) for form, names in out.items()}


@functools.lru_cache(maxsize=1)
def _stems() -> dict[str, set[str]]:
    """The stems of the table's forms (stem → full names) a pet form not listed is built on:
    the form, and the form without its last vowel («над» for «Надя»; no fleeting vowel:
    «Сержа» is no «Серёжа»)."""
    stems: dict[str, set[str]] = {}
    for form, names in given_table().items():
        for stem in {form, form[:-1] if form[-1] in "аяоеьйиыу" else form}:
            if len(stem) >= 3:
                stems.setdefault(stem, set()).update(names)
    return stems


def names_listed(word: str) -> frozenset[str]:
    """The full given names ``word`` (a normalised word of a letter, any case) is a form of
    in the table («надюшу» → {«надежда»}, «маришку» → {«марина»}); empty when none."""
    return _declined().get(word, frozenset())


@functools.lru_cache(maxsize=4096)
def names_written(word: str) -> frozenset[str]:
    """:func:`names_listed`, or a clipped form of the table («Саш», «Федь»), or else the
    names ``word`` is a pet form of a form of (a diminutive suffix on a whole stem: «надьки»,
    «тишу»; a guess, so it names more players but never rules one out); empty when none."""
    found = _declined().get(word) or _clipped().get(word)
    if found is None:
        found = frozenset(pet_owners(_stems(), word, clip=False))
    return found


@functools.lru_cache(maxsize=1)
def _clipped() -> dict[str, frozenset[str]]:
    """The table's clipped forms (``[clipped]``: «федь» → {«федор»}): a word written so is a
    form of the name (:func:`names_written`) but not a listed one (:func:`names_listed`), so
    a nick it is cut from stays a reading too («Федь»: Федя, or Федотыч)."""
    return _table("clipped", False)


@functools.lru_cache(maxsize=4096)
def names_in_word(word: str, foreign: bool = True) -> frozenset[str]:
    """The full given names a word of a nickname (normalised, nominative) is a form of; a
    Latin word is read in Cyrillic first («nadezhda» → «надежда», «alex» → «алекс»,
    «dmitry» → «дмитрий»). ``foreign=False``: by the table's Russian forms only, not by its
    foreign forms («mary» → nothing; with them, «мария»). Empty when none."""
    table = given_table()
    abroad = _foreign() if foreign else {}
    if CYR.search(word) and not LAT.search(word):
        return table.get(word) or abroad.get(word, frozenset())
    if not word.isascii() or not word.isalpha():
        return frozenset()
    out: set[str] = set()
    readings = [translit(word), *name_readings(word, shortest=2 if len(word) == 2 else 3)]
    if word.endswith("e") and len(word) > 4:  # a French final e is silent («Marie», «Irene»)
        readings.append(translit(word[:-1]))
    for reading in readings:
        soft = reading[:-1] + "й" if reading[-2:-1] in "аеоу" else reading + "й"
        for spelling in (reading, soft if reading.endswith("и") else reading):
            # «dmitri» → «дмитрий», «nikolai» → «николай», «sergei» → «сергей»
            out |= table.get(spelling) or abroad.get(spelling, frozenset())
    if not out:  # «Kuzma», «Ilya», «Darya»: Latin letters have no soft sign («Кузьма»)
        for reading in readings:
            out |= _soft_less().get(reading, frozenset())
            if "иа" in reading[1:]:  # «Tatiana», «Daria»: «ia» said as «ья» («Татьяна»)
                out |= table.get(reading.replace("иа", "ья"), frozenset())
    if not out:
        for spelling in chat_spellings(word):
            # «lexa» → «леха», «ksusha» → «ксюша», «mariska» → «маришка», «serg» → «сергей»
            out |= table.get(spelling) or _cut_names().get(spelling, frozenset())
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def _soft_less() -> dict[str, frozenset[str]]:
    """The table's forms holding a soft sign, written without it («кузма» → {«кузьма»},
    «иля» → {«илья»}): a Latin spelling read in Cyrillic lacks it."""
    out: dict[str, set[str]] = {}
    for form, names in given_table().items():
        if "ь" in form:
            out.setdefault(form.replace("ь", ""), set()).update(names)
    return {form: frozenset(names) for form, names in out.items()}


#: Latin spellings Russians type a name with in chat, beside the plain one: x for «х»
#: («Lexa»: «Лёха»), «sk» for the pet suffix «шк» («Mariska»: «Маришка»).
_CHAT_SWAPS = (("x", "kh"), ("sk", "shk"))

#: Latin consonants (a plain vowel after one may stand for a soft one: «Ksusha» is «Ксюша»).
_CONSONANTS = frozenset("bcdfgklmnprstvz")

#: The soft vowels a plain Latin vowel after a consonant may stand for.
_SOFT = {"a": "ya", "u": "yu", "o": "yo"}


@functools.lru_cache(maxsize=4096)
def chat_spellings(word: str) -> tuple[str, ...]:
    """The Cyrillic spellings a Latin word (lower case, letters only) may be a Russian name
    typed in chat with, beyond the plain reading: x for «х» («lexa» → «леха»), a plain
    vowel for a soft one after a consonant (at most two: «ksusha» → «ксюша»), «sk» for the
    pet suffix «шк» («mariska» → «маришка»), a doubled letter written once; each also with
    the swaps above combined. Empty for a word that is not lower-case Latin letters."""
    if not re.fullmatch(r"[a-z]{3,}", word):
        return ()
    latin = {word}
    for lat, fix in _CHAT_SWAPS:
        latin |= {w.replace(lat, fix) for w in latin if lat in w}
    latin |= {re.sub(r"([a-z])\1", r"\1", w) for w in latin}
    for _ in range(2):
        latin |= {w[:i] + _SOFT[w[i]] + w[i + 1:] for w in latin for i in range(1, len(w))
                  if w[i] in _SOFT and w[i - 1] in _CONSONANTS}
    return tuple(sorted({norm(cyrillic_reading(w)) for w in latin}))


#: Endings a Latin nickname may cut a full name short by («Serg» for Сергей, «Andr» for
#: Андрей, «Dmitr» for Дмитрий).
_CUT_ENDINGS = ("ей", "ий", "ия", "ья", "й", "а", "я", "ь")


@functools.lru_cache(maxsize=1)
def _cut_names() -> dict[str, frozenset[str]]:
    """A full name of the table without its ending (four letters or more left: «серг» →
    {«сергей»}, «андр» → {«андрей»}) → the full names so cut."""
    out: dict[str, set[str]] = {}
    for full in _full_names():
        for end in _CUT_ENDINGS:
            if full.endswith(end) and len(full) - len(end) >= 4:
                out.setdefault(full[:-len(end)], set()).add(full)
                break
    return {stem: frozenset(names) for stem, names in out.items()}


def stem_begun(bases: dict[str, list[str]], word: str) -> set[str]:
    """The nicks (``bases``: nick → its nominative spellings) a Cyrillic spelling of which
    begins with the stem, three letters or more, of the written name form ``word`` (its
    final vowels cut: «кузю» → «куз»: «Кузнечик»), and is no first name, surname or
    patronymic, which has its own reading («Петров» for «Петю»)."""
    stem = re.sub(r"[аяуюеиоыь]+$", "", word)
    if len(stem) < 3:
        return set()
    return {n for n, spellings in bases.items()
            if any(CYR.search(b) and b.startswith(stem) and not person_name(b) for b in spellings)}


def name_begun(bases: dict[str, list[str]], given_of: dict[str, frozenset[str]],
               written: frozenset[str], owners: set[str]) -> set[str]:
    """The nicks other than ``owners`` (``bases``: nick → its nominative spellings, Latin ones
    also read in Cyrillic; ``given_of``: nick → its given names) that begin with the stem, five
    letters or more, of a full given name in ``written`` and go on («Vasilisk» read
    «василиск»: «васил-» of Василий): such a nick may be called by that name's forms too
    («Васю»), so a form of it is asked about."""
    stems = {re.sub(r"(ий|ей|ай|ия|ья|ь|й|а|я)$", "", name) for name in written}
    stems = {st for st in stems if len(st) >= 5}
    if not stems:
        return set()
    return {n for n, spellings in bases.items() if n not in owners and any(
        re.search("[а-я]", b) and b.startswith(st) and len(b) > len(st) + 1 and
        not given_of.get(n, frozenset()) & written for b in spellings for st in stems)}
