"""Finding roster nicknames in a letter's words (issue 3, issue 11): :class:`NameIndex`,
the form index of one roster (built by :func:`engine.names.name_index`), and
:class:`NameHit`, a name found.

A written token is matched exactly first (a case form of a nickname; the words of a
multi-word nickname joined into one token by :meth:`NameIndex.merge`), then as one word of a
multi-word nickname, a prefix or a pet form, then as another form of a given name a
nickname holds, then by edit distance (rapidfuzz): these near readings are
:mod:`engine.names_near`'s. All thresholds live in :data:`engine.words.THRESHOLDS`. Words
are normalised (lower case, ё → е).
"""

from __future__ import annotations

import functools
import re

from dataclasses import dataclass, field

from .grammar_vocab import PREPOSITIONS, kin_word
from .names_fit import fit_owners, work_word
from .names_given import (
    foreign_written, full_names, name_begun, name_sex, names_listed, names_written, pet_words,
    same_short_root, stem_begun,
)
from .names_hit import NameHit, hit, initials_of, latin_read
from .names_memo import remembered_by_word
from .names_merge import merge_tokens, short_said
from .names_near import DIGITS, holds_patronymic, near_reading, numbered_reading, same_number

#: Words that take a move back («не, стоп, …», «отбой»): never a reading of a nick by a word,
#: a part or a pet form («Стоп-Кран», «Отбой_77»); the whole nick as written still is.
TAKE_BACK_WORDS = frozenset({"стоп", "отбой", "отмена", "хотя", "нет"})
from .names_pets import _plain_noun, pet_owners
from .names_sound import latin_sound_owner, said_like, sound_owner
from .translit import LATIN_CASE, cyrillic_reading, name_readings, russian_spelling
from .words import (CYR, LAT, is_known_word, is_noun, is_patronymic, is_verb, may_be_name,
                    morph, norm, word_forms)

#: A memo's "not looked up yet" (None is an answer).
_NO_ANSWER = object()


@dataclass
class NameIndex:
    """The form index of one roster. Build with :func:`name_index`."""

    nicks: tuple[str, ...]
    single: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)
    multi: list[tuple[str, tuple[dict[str, frozenset[str]], ...]]] = field(default_factory=list)
    bases: dict[str, list[str]] = field(default_factory=dict)  # nick → nominative spellings
    parts: dict[str, set[str]] = field(default_factory=dict)  # one word of a multi-word nick
    fuzzy_choices: list[str] = field(default_factory=list)
    fuzzy_owner: list[str] = field(default_factory=list)
    #: first-word form of a multi-word nickname → those nicknames (for :meth:`merge`)
    multi_first: dict[str, list[int]] = field(default_factory=dict)
    #: a case form of a whole word (three letters or more) of a multi-word nickname →
    #: those nicknames: a one-word nickname written so may be either
    whole_words: dict[str, set[str]] = field(default_factory=dict)
    #: last-word form of a two-word nickname → those nicknames (a first word with a slip)
    multi_last: dict[str, list[int]] = field(default_factory=dict)
    #: stem of a one-word Cyrillic nickname («пет» for «Петя») → nicknames (pet forms)
    stems: dict[str, set[str]] = field(default_factory=dict)
    #: a Latin nick word's reading with a soft «л» («поляр» for «Polar.Star») → nicknames:
    #: stems of pet forms built on the whole stem only (see :meth:`pet_form`)
    soft_stems: dict[str, set[str]] = field(default_factory=dict)
    #: a full given name (normalised, «надежда») → the nicknames holding one of its forms
    #: («Nadezhda_M», «Надюша»), see :mod:`engine.names_given`
    given: dict[str, set[str]] = field(default_factory=dict)
    #: the first letter of a given name (and its gender, None for either) → the nicks of a
    #: surname and the initial of that name («Смирнова О.П.»: «о», femn; «О.Бендер»): a given
    #: name of that letter and gender fits them (beside a nick holding the name: asked)
    initial_given: dict[str, set[tuple[str, str | None]]] = field(default_factory=dict)
    #: a form of another nick that is also a form of a Latin nick's Russian translation
    #: («лису»: the nick «Лис» and «Fox») → the translated nicks and the cases of the form
    translated: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)
    #: a form of a word of another nick that is also a form of a Latin nick's Russian
    #: translation («лису»: «Лиса Патрикеевна» and «Grey_Fox») → the translated nicks (see
    #: :func:`engine.names_case.translation_fit`)
    part_translated: dict[str, set[str]] = field(default_factory=dict)
    #: a word of digits and letters of a multi-word nick («7б» for «7Б_классрук») → that nick
    codes: dict[str, str] = field(default_factory=dict)
    #: a case form of the Russian translation of a title or modifier word of a Latin nick
    #: («доктора» for «Dr.Watson», see :data:`engine.names_english.MODIFIERS`) → those nicks:
    #: written alone it may be that player as well as a nick it is a word of («Доктор Живаго»)
    title_translated: dict[str, set[str]] = field(default_factory=dict)
    #: a reading of a Latin nick word that is also a common Russian word («бера», «бин» for
    #: Bear, Mr.Bean) → those nicks: a name only when capitalised inside a sentence
    capital_readings: dict[str, set[str]] = field(default_factory=dict)
    #: nickname → the full given names its words are forms of
    given_of: dict[str, frozenset[str]] = field(default_factory=dict)
    #: nickname → the given names of each of its words that is a form of one («Anna-Maria»:
    #: {анна}, {мария}; «Alex_M»: {александр, александра, алексей}), see :meth:`name_guess`
    given_words: dict[str, tuple[frozenset[str], ...]] = field(default_factory=dict)
    #: a full given name → the nicknames that are a patronymic built on it («дмитрий» →
    #: «Дмитрич»): reached, only as a guess, by the full name's case forms and, when no nick
    #: holds the name itself, by its forms that begin as the nick does («Кузю» for
    #: «Кузьмич»; not «Диму»; not «Петю» with «Пётр» on the roster)
    patronymic: dict[str, set[str]] = field(default_factory=dict)
    #: nicknames whose given name is only guessed (a nick word that is a pet form of a
    #: table form, «Вовчик»): a hit by that name alone is asked about
    guessed: set[str] = field(default_factory=set)
    #: own stems of one-word Cyrillic nicknames («волод» for «Володя», see
    #: :func:`engine.names_pets.add_roots`)
    roots: dict[str, set[str]] = field(default_factory=dict)
    #: the same stems of the usual Cyrillic readings of Latin nick words («марус» for
    #: «Marusya.K»; see :func:`engine.names_pets.longest_root_owners`)
    read_roots: dict[str, set[str]] = field(default_factory=dict)
    #: nicknames holding a given name only by a foreign form of it («Lady_Mary»: Мария);
    #: a Russian pet form built on another nick's own root is that nick's (see
    #: :func:`engine.names_pets.longest_root_owners`)
    foreign_named: set[str] = field(default_factory=set)
    #: the initials of a nickname of two or three words («тп» for «Тимофей Павлович», also
    #: read in Cyrillic: «дк» for «Don Korleone») → those nicknames («Т.П.»)
    initials: dict[str, set[str]] = field(default_factory=dict)
    #: the initials a nickname spells as one-letter words («нн» for «Н.Н. Гусев», «ав» for
    #: «Мельников А.В.») → those nicknames: named by a given name and patronymic written out
    #: («Николай Николаевич»; see :func:`engine.names_merge.merge_tokens`)
    spelled: dict[str, set[str]] = field(default_factory=dict)
    #: the first halves (two letters or more) of one-word nick forms cut in two by voice
    #: input («ос» of «остапа»; see :func:`engine.names_merge.merge_tokens`)
    heads: frozenset[str] = frozenset()
    #: a number in nicknames → (nick, the case forms of its letter words and readings)
    numbered: dict[str, list[tuple[str, frozenset[str]]]] = field(default_factory=dict)
    _triggers: frozenset[str] | None = None
    _multi_words: dict[str, frozenset[str]] | None = None
    _soft: dict[str, str] | None = None
    _approx: dict = field(default_factory=dict)  # (word, strict) → approximate()'s answer
    _exact_memo: dict = field(default_factory=dict)  # (word, expected) → exact()'s answer
    _pets: dict = field(default_factory=dict)  # word → pet_form()'s answer
    #: (word, capitalised) → engine.parse_unread.player_at's answer for a word no multi-word
    #: nick starts with, no number, no merged nick (a pure function of the two then)
    _at_memo: dict = field(default_factory=dict)
    #: a token as written → what engine.parse_unread._nobody makes of it (a pure function)
    _quiet_memo: dict = field(default_factory=dict)

    def pet_form(self, word: str) -> NameHit | None:
        """A diminutive or pet form of a nickname («Петьку» → Петя, «Лосик» → Лось; see
        :func:`engine.names_pets.pet_owners`): every nickname that fits is a candidate.
        Remembered per word (a pure function of the word and the index; emptied past
        50,000 words)."""
        found = self._pets.get(word, _NO_ANSWER)
        if found is _NO_ANSWER:
            if len(self._pets) > 50_000:
                self._pets.clear()
            found = self._pets[word] = self._pet_form(word)
        return found

    def _pet_form(self, word: str) -> NameHit | None:
        """:meth:`pet_form`, not remembered."""
        if word not in self.single and kin_word(word):
            # «бабушку», «бабуль»: a kin word, no pet form of «Baba Shura»; but of a nick
            # that is the kin word itself, its own diminutive («дедушку» for «Дед»)
            own = {n for n in pet_owners(self.stems, word, clip=False)
                   if re.fullmatch(r"[а-я]{3,}", norm(n)) and kin_word(norm(n)) and
                   word.startswith(re.sub(r"[аяь]$", "", norm(n)))}
            return hit(sorted(own), "pet") if own else None
        owners = pet_owners(self.stems, word)
        if self.soft_stems:  # «Полярку» for «Polar.Star»: a soft reading's whole stem
            owners |= pet_owners(self.soft_stems, word, clip=False)
        written = names_listed(word)
        if written:  # «Маришка» (Марина) is no pet form of «Маруська» (Мария)
            owners = {n for n in owners if written & self.given_of.get(n, written)}
        return hit(sorted(owners), "pet") if owners else None

    def name_guess(self, nick: str, written: frozenset[str]) -> bool:
        """True when a form of the given names ``written`` reaches ``nick`` only as a guess:
        its first word that is a given name is not a form of those names alone («Саню» for
        «Alex_M»: Alex may be Алексей too; «Марусю» for «Anna-Maria», called by her first
        name; not «Аннушку» for her). False for a nick holding no given name."""
        words = self.given_words.get(nick, ())
        return bool(words) and not words[0] <= written and \
            not (written & words[0] and _one_name(words[0]))


    def given_name(self, word: str) -> NameHit | None:
        """The nicknames holding a form of the given name ``word`` is a form of («Надюшу» →
        Nadezhda_M, «Веню» → «Вениамин Петрович»; «Алексея» → «Лёха 2.0» and «x_Alex_x»,
        ambiguous); a patronymic nick of that name is a reading too («Дмитрия»: dima_k and
        «Дмитрич», see :attr:`patronymic`); a dictionary word with no first-name reading is
        none. See :mod:`engine.names_given`."""
        if not (self.given or self.patronymic) or not may_be_name(word):
            return None
        return self._given_name(word)

    def _given_name(self, word: str) -> NameHit | None:
        """:meth:`given_name` without its dictionary-word gate."""
        written = names_written(word)
        owners = {n for name in written for n in self.given.get(name, ())}
        if not written and self.foreign_named and (abroad := foreign_written(word)):
            # «Эдварда», «Эда» for «Ed_Elric»: a foreign form of a name names a nick that
            # holds that name by a foreign form of its own, when it is the only one (else
            # the nearest spelling tells: «Серхио» is Sergio, not Серж)
            owners = {n for name in abroad for n in self.given.get(name, ())
                      if n in self.foreign_named}
            return hit(sorted(owners), "name") if len(owners) == 1 else None
        if self.initial_given and not owners and (initialled := self._initialled(written)):
            # «Остапа» for «О.Бендер»: no nick holds the name, the initial one does (beside a
            # nick that holds it, «Аркашу» for «Аркадий Борисович», not «Мельников А.В.»)
            return hit(sorted(owners | initialled), "name")
        if len(owners) > 1 and (own := self._own_name_pet(word, written, owners)) is not None:
            return hit([own], "name")  # «Алёнку» for «Алёна2019», not «Lena.B» (Елена)
        full = full_names(word)
        sons: set[str] = set()
        if any(name in self.patronymic for name in written):  # (rare: a patronymic nick)
            latin = not any(CYR.search(n) for n in owners)
            pet_held = bool(owners) and self._pet_held(owners, written, word)
            petted = self._petted_sons(word, written) if owners else set()
            sons = {n for name in written for n in self.patronymic.get(name, ())
                    if name in full or n in petted or
                    ((latin or pet_held) and norm(n)[:3] == word[:3])}
        if sons - owners:  # «Дмитрия»: dima_k, or «Дмитрич» by his father's name; «Кузю»:
            # the pet form of Кузьма that sounds as «Кузьмич» begins; «Серёгу»: Serg_2000 only
            # by a Latin word read so, or «Сергеич» (not «Петю» with the nick «Пётр»); a nick
            # the written form's stem begins is as good a guess («Кузю»: «Кузнечик» too)
            begun = stem_begun(self.bases, word)
            return NameHit(None, tuple(sorted(owners | sons | begun)), "name")
        begun = name_begun(self.bases, self.given_of, written, owners)
        if begun:  # «Васю»: «Василий Петрович», or «Vasilisk», whose reading begins «Васил-»
            return NameHit(None, tuple(sorted(owners | begun)), "name")
        if owners and all(self.name_guess(n, written) or n in self.guessed for n in owners):
            # «Саню» for «Alex_M»: «Alex» may be Алексей too, so nothing says his name is
            # Александр; a guess the host asks about (no ``nick`` even for one candidate)
            return NameHit(None, tuple(sorted(owners)), "name")
        if owners and not full and all(_sibling(n, word) for n in owners):
            # «Гошу» for «Жорж»: two forms of one name (Гоша of two), neither the full name
            # and not begun alike: a guess the host asks about
            return NameHit(None, tuple(sorted(owners)), "name")
        if len(owners) == 1 and CYR.search(word):
            # «Серёгу» for «Серёга Топорик» beside «Сергеич»: the patronymic nick on the
            # name carries it too (:meth:`_name_rivals`), asked
            return self._name_rivals(word, hit(sorted(owners), "name"))
        return hit(sorted(owners), "name") if owners else None

    def _own_name_pet(self, word: str, written: frozenset[str], owners: set[str]) -> str | None:
        """The one nick of ``owners`` whose own word is the full given name the pet form
        ``word`` is built on by a diminutive suffix («Алёнку» for «Алёна2019», «игорька» for
        «backend.igor»): the form is that name's, the other nicks hold another name it is
        only a by-form of («Lena.B»: Елена) or another pet form («Гоша»). None when the word
        is a form of a full name itself («Екатерину»), when the nick the suffix points at
        holds no full name («Ленку» for «Лена_К») and beside a patronymic nick."""
        if any(name in self.patronymic for name in written) or full_names(word):
            return None  # («Екатерину»: the full name itself, either player's: asked)
        found = self.pet_form(word)
        if found is None or found.nick is None or found.nick not in owners:
            return None
        for w in re.split(r"[\W\d_]+", found.nick):
            stem = norm(w)
            if LAT.search(stem):
                stem = cyrillic_reading(stem)
            if len(stem) >= 3 and any(name.startswith(stem) and len(name) - len(stem) <= 1
                                      for name in written):
                return found.nick
        return None

    def _pet_held(self, owners: set[str], written: frozenset[str], word: str) -> bool:
        """True when every nick of ``owners`` holds the given names ``written`` only by a
        form other than the written word and the full name («Серый», «Миша MAN» for
        «Серёгу», «Миху»; not «Мишу» for «Миша MAN», not «Петю» for «Пётр»): a patronymic
        nick on that name that begins as the word does («Сергеич», «Михалыч») is as good a
        reading, asked."""
        if owners & (set(self.single.get(word, ())) | self.whole_words.get(word, set())):
            return False  # «Мишу» for «Миша MAN»: the nick's own word
        return not any(norm(w) in written for n in owners
                       for w in re.split(r"[\W\d_]+", n) if w)

    def _petted_sons(self, word: str, written: frozenset[str]) -> set[str]:
        """The patronymic nicks on a name of ``written`` that the word is also a pet form of
        by their own stem («Миху»: «Михалыч», beside the nick «Михаил»; not «Петю» for
        «Петрович»): a reading as good as the name's, asked."""
        found = self.pet_form(word)
        if found is None:
            return set()
        sons = {n for name in written for n in self.patronymic.get(name, ())}
        return set(found.candidates or (found.nick,)) & sons

    def _initialled(self, written: frozenset[str]) -> set[str]:
        """The nicks of a surname and initials whose given-name initial is the first letter
        of one of the names ``written`` and whose surname's gender (if known) is the name's."""
        out: set[str] = set()
        for name in written:
            sex = name_sex(name)
            out |= {n for n, g in self.initial_given.get(name[:1], ())
                    if g is None or sex is None or g == sex}
        return out

    def numbered_form(self, word: str) -> NameHit | None:
        """A nick with a number written in other letters with the number kept («ваню13»,
        «Ваню-13» for «Vanya13», «гостя77» for «Ghost_77»): the number names the nicks
        holding it, the letters (a case form of a word of the nick or of its Cyrillic
        reading, one letter off at most, or a pet form or given name that reaches the nick:
        «Сашеньку1987» for «Sasha1987») confirm; None when they do not (see
        :func:`engine.names_near.numbered_reading`)."""
        return numbered_reading(self, word)

    def nick_word(self, word: str) -> str | None:
        """The one multi-word nickname ``word`` (Cyrillic) is a case form of a word of, or of
        the Cyrillic reading of its Latin word, when it is a form of no other nick (a role
        word «дона» with «Дон Педро» on the roster, «инспектора» with «Inspector-G», names
        that player); None when there is none or several."""
        owners = self.whole_words.get(word, ())
        if len(owners) != 1 or word in self.single or CYR.search(word) is None:
            return None
        return next(iter(owners))

    def read_nick(self, word: str) -> str | None:
        """The one Latin nickname of a digit read as a letter that ``word`` (Cyrillic) is a
        case form of the reading of («Медика» for «Med1c», «Джокера» for «J0ker»; «Психа» for
        «Psih0», its letters before the number), when it names no other nick; else None. (A role word so written, capitalised, names him.)"""
        owners = self.parts.get(word, ())
        if not owners and CYR.search(word) and word not in self.single:
            owners = self._digit_tailed(word)
        if len(owners) != 1 or word in self.single or CYR.search(word) is None:
            return None
        nick = next(iter(owners))
        if nick in self._digit_tailed(word):
            return nick
        if CYR.search(nick) or not re.search(r"[^\W\d_]\d[^\W\d_]", nick):
            return None
        return nick

    def _digit_tailed(self, word: str) -> set[str]:
        """The Latin nicks of letters and a number («Psih0») whose letters, read in Cyrillic,
        have the case form ``word`` («Психа»): a role word so written names that player
        (see :meth:`read_nick`)."""
        out = set()
        for nick in self.nicks:
            m = re.fullmatch(r"([a-z]{3,})\d+", norm(nick))
            if m and word in word_forms(cyrillic_reading(m.group(1))):
                out.add(nick)
        return out

    def multi_word_owners(self, word: str) -> frozenset[str]:
        """The multi-word nicknames one of whose words has the form ``word`` (normalised;
        the forms of :attr:`multi`: case forms, readings, translations), indexed once for
        the roster; empty when there is none."""
        if self._multi_words is None:
            owners: dict[str, set[str]] = {}
            for nick, parts in self.multi:
                for part in parts:
                    for form in part:
                        owners.setdefault(form, set()).add(nick)
            self._multi_words = {form: frozenset(n) for form, n in owners.items()}
        return self._multi_words.get(word, frozenset())

    def trigger_forms(self) -> frozenset[str]:
        """Every written form that may name a player exactly (one-word forms and the first
        words of multi-word nicknames): a clause without any, and without a move word, is
        chatter (see engine.grammar_keywords.may_hold_move)."""
        if self._triggers is None:
            self._triggers = frozenset(self.single) | frozenset(self.multi_first)
        return self._triggers

    def is_nick_form(self, word: str) -> bool:
        """True when ``word`` (normalised) is a form of a nickname or of a word of one (a
        case form, a reading, a piece; not a near miss)."""
        return word in self.trigger_forms() or word in self.parts or \
            bool(self.multi_word_owners(word))

    def merge(self, toks: list) -> list:
        """Join the tokens of a multi-word nickname written with dots, spaces or dashes
        between its words («Dr.Who», «Ю. Гагарина», «Анну Марию») into one word token whose
        ``w`` is the key :meth:`exact` knows (see :func:`engine.names_merge.merge_tokens`)."""
        return merge_tokens(self, toks)

    @remembered_by_word
    def exact(self, words: list[str], i: int, expected: frozenset[str] | None) -> NameHit | None:
        """The longest roster name written at ``words[i:]`` (normalised tokens), if any.

        Multi-word nicknames match word by word, each word in any case form. Among several
        nicknames sharing the form, the one whose form has the ``expected`` case wins when no
        other could be the uninflected nominative; otherwise the hit is ambiguous.
        """
        w = words[i]
        if w[:1] == "\x00":
            nick = w[1:]
            if "\x01" in nick:  # initials two nicks hold (engine.names_merge.AMBIGUOUS)
                return NameHit(None, tuple(nick.split("\x01")), "exact", 1)
            return NameHit(nick, (nick,), "exact", 1)
        best_len, owners, cut = 0, {}, False
        for nick, parts in self.multi:
            n = len(parts)
            if n < best_len or n == best_len and not cut or w not in parts[0]:
                continue
            if i + n <= len(words) and all(words[i + k] in parts[k] for k in range(n)):
                best_len, owners, cut = n, {nick: parts[-1][words[i + n - 1]]}, False
            elif n >= 3 and n - 1 > best_len and i + n - 1 <= len(words) and \
                    any(k.isdigit() for k in parts[-1]) and \
                    all(words[i + k] in parts[k] for k in range(n - 1)):
                # «темного эльфа» for «Dark_Elf_77»: the words of a nick without its number
                best_len, owners, cut = n - 1, {nick: parts[-2][words[i + n - 2]]}, True
        if not owners and i + 1 < len(words) and w in self.parts and \
                (said := self._said_pair(w, words[i + 1])) is not None:
            return NameHit(said, (said,), "exact", 2)  # «Мистера Пьеро» for Mr.Pierrot
        if not owners:
            owners = self.single.get(words[i], {})
            if not owners and _CYRILLIC_CODE.search(w):
                # «олега-к2» for «Oleg_K2»: the letters of the nick's code typed in Cyrillic
                owners = self.single.get(latin_code(w), {})
            if owners and w[:1].isdigit() and _counts_something(words, i + 1) and \
                    not _ordinal_subject(w, words, i + 1):
                return None  # «в 13 часов»: a number that counts something is no nick
            if owners and w in self.codes and i >= 2 and words[i - 2] in PREPOSITIONS and \
                    words[i - 1] not in self.single and words[i - 1] not in self.parts and \
                    is_noun(words[i - 1]):
                return None  # «слежу за успеваемостью 7Б»: the code is the noun's, no player
            if not owners and "э" in w:  # «Дэн» for «Ден»: э written for е in a name
                owners = self.single.get(w.replace("э", "е"), {})
            if not owners and "ь" in w:  # «Кузьмича» for «Kuzmich»: Latin letters have no ь
                read = self.single.get(w.replace("ь", ""), {})
                owners = {n: read[n] for n in latin_read(read)}
            best_len = 1
            if owners and words[i] in self.whole_words:
                # «Мельника»: the nick Мельник, or «Старый Мельник» by one of its words
                others = self.whole_words[words[i]] - set(owners)
                if others and CYR.search(w) and any(map(CYR.search, owners)):
                    # «Петровича»: the nick Петрович, not the Latin «Nikolai Petrovich» read in
                    # Cyrillic: a reading of a Latin word is weaker than the nick as written
                    # («Марине»: but «Marina.Sea» holds the given name Марина as well, and a
                    # name two players hold is either's: asked)
                    named = names_written(w)
                    others = {n for n in others if not LAT.search(n)
                              or named & self.given_of.get(n, frozenset())
                              or self._latin_rival(words[i], n, owners)}
                    if any(self._indeclinable_reading(words[i], n) for n in others) and \
                            not self._typed_nick(w, owners):
                        # «за Мику»: Мика's accusative, or Miku_39 read «Мику», a foreign name
                        # Russian leaves undeclined (so in every case): either player
                        return NameHit(None, tuple(sorted(set(owners) | others)), "exact", 1)
                if others and not (i and words[i - 1] in _LOCATIVE_PREPOSITIONS):
                    owners, others = self._no_bare_locative(w, owners, others)
                if others:
                    return self._whole_or_word(words[i], owners, others, expected)
        if not owners:
            return None
        if best_len == 1 and words[i] in self.translated:
            rivals = self._translation_rivals(words[i], owners, expected)
            if rivals:
                return NameHit(None, tuple(sorted(set(owners) | rivals)), "exact", 1)
        hit = _pick(owners, expected, best_len)
        if hit.nick is None and best_len == 1 and (not expected or "nomn" in expected):
            same = [n for n in hit.candidates if norm(n) == w]
            if len(same) == 1:
                return NameHit(None, hit.candidates, hit.kind, 1, spelled=same[0])
        return hit

    def _said_pair(self, w: str, after: str) -> str | None:
        """The one two-word Latin nick whose first word ``w`` is a Cyrillic form of (its
        title translated, «мистера» for «Mr.», or its reading) and whose second word the
        next token ``after`` says aloud (:func:`engine.names_sound.said_like`: «Мистера Пьеро»
        for Mr.Pierrot, the French final «t» unheard; a short word as Russians read it,
        :func:`engine.names_merge.short_said`: «Лаки Ми» for Lucky_Me), the two words read
        as that nick beside a Cyrillic one-word nick the second word is a form of
        («Пьеро»); None when no nick or several fit."""
        if not CYR.search(after):
            return None
        found = []
        for nick, parts in self.multi:
            if len(parts) != 2 or w not in parts[0] or nick not in self.parts[w] or \
                    CYR.search(nick) or after in parts[1]:
                continue
            latin = re.findall(r"[A-Za-z]+", nick)
            if len(latin) == 2 and (said_like(after, latin[1]) or
                                    short_said(after, latin[1].lower())):
                found.append(nick)
        return found[0] if len(found) == 1 else None

    def case_rival(self, w: str, nick: str, case: str) -> str | None:
        """Another nick the one-word form ``w`` names in the grammatical ``case`` a verb
        governs, when ``w`` is a form of ``nick`` only in other cases: «Варвару» after «бью»
        (the accusative) is the dative of Варвар but the accusative of Варвара, the given
        name of «Варя». None when ``w`` fits ``nick`` in ``case``, or no other nick so."""
        cases = self.single.get(w, {}).get(nick)
        if not cases or case in cases or "nomn" in cases:
            return None
        rival = self.given_name(w)
        others = [c for c in (rival.candidates if rival is not None else ()) if c != nick]
        if len(others) != 1:
            return None
        names = {norm(p.normal_form) for p in morph().parse(w)
                 if "Name" in p.tag.grammemes and case in p.tag.grammemes}
        if not names & self.given_of.get(others[0], frozenset()) or \
                names & self.given_of.get(nick, frozenset()):
            return None  # (no given name of the other player's in that case)
        return others[0]

    def _word_cases(self, w: str, nick: str) -> frozenset[str]:
        """The cases the form ``w`` is of a word of the multi-word ``nick``."""
        out: frozenset[str] = frozenset()
        for other, parts in self.multi:
            if other == nick:
                for part in parts:
                    out |= part.get(w, frozenset())
        return out

    def _indeclinable_reading(self, w: str, nick: str) -> bool:
        """True when ``w`` is the nominative Cyrillic reading of a Latin word of ``nick``
        ending in a vowel Russian leaves foreign names undeclined with («мику» for Miku_39,
        «юко» for Yuko.K): that form stands in every case."""
        return bool(LAT.search(nick)) and w[-1:] in "оуюиеэ" and \
            "nomn" in self._word_cases(w, nick)

    def _latin_rival(self, w: str, nick: str, owners: dict[str, frozenset[str]]) -> bool:
        """True when the Latin multi-word ``nick`` holds ``w`` (a case form of the Cyrillic
        nicks ``owners`` as well) by a word that reads as one of those nicks itself, a name
        («Kawaii_Mika» and «Мика»: two players of one name, «Мику» either's), or as its
        undeclined nominative (see :meth:`_indeclinable_reading`: «Мику» for Miku_39),
        unless ``w`` is the Cyrillic nick as spelt (:meth:`_typed_nick`). A Latin word
        that reads as a Cyrillic nick that is an ordinary Russian noun («tuman_2004» beside
        «Туман», «Lady.Serpantin» beside «Серпантин») is only its transliteration: the
        Cyrillic nick's case forms are that nick's («Тумана», «Серпантина»)."""
        if self._indeclinable_reading(w, nick):
            return not self._typed_nick(w, owners)
        if self.given_of.get(nick):
            return False  # «Михалыча»: Михалыч, not «Ivan Mikhalych», called Иван by his name
        mine = {norm(n) for n in owners if CYR.search(n) and not _common_noun(norm(n))}
        return any(cyrillic_reading(x) in mine
                   for x in re.findall(r"[a-z]{2,}", norm(nick)))

    @staticmethod
    def _typed_nick(w: str, owners: dict[str, frozenset[str]]) -> bool:
        """True when ``w`` (normalised) is a Cyrillic nick of ``owners`` exactly as it is
        spelt and that nick is an ordinary Russian noun (:func:`_common_noun`: «Конфетти»):
        the nick the writer typed, never a Latin nick's transliteration («Lady.Confetti»
        read «конфетти»). A name is not so: «Юко» beside Yuko.K, «Мику» beside Miku_39 are
        one name two players carry, either's (asked)."""
        return any(norm(n) == w and _common_noun(w) for n in owners if CYR.search(n))

    def _no_bare_locative(self, w: str, owners: dict[str, frozenset[str]], others: set[str]
                          ) -> tuple[dict[str, frozenset[str]], set[str]]:
        """``owners`` (whole nicks → the cases ``w`` is of them) and ``others`` (multi-word
        nicks holding ``w`` as one word) without the readings ``w`` is only the prepositional
        case of, when another reading is left: a word not after «в», «о», «на», «по», «при»
        is never in that case («Голос Коте»: Котя's dative, not the word «Кот» of «Кот
        Матроскин» in the prepositional)."""
        def locative(cases: frozenset[str]) -> bool:
            return bool(cases) and cases <= _LOCATIVE_CASES

        word_cases: dict[str, frozenset[str]] = {}
        for nick, parts in self.multi:
            if nick in others:
                for part in parts:
                    word_cases[nick] = word_cases.get(nick, frozenset()) | part.get(w, frozenset())
        kept_owners = {n: c for n, c in owners.items() if not locative(c)}
        kept_others = {n for n in others if not locative(word_cases.get(n, frozenset()))}
        if not kept_owners or (kept_owners == owners and kept_others == others):
            return owners, others
        return kept_owners, kept_others

    def _translation_rivals(self, w: str, owners: dict[str, frozenset[str]],
                            expected: frozenset[str] | None) -> set[str]:
        """The Latin nicks whose Russian translation ``w`` is a form of and that compete
        with the nicks written so (``owners``): a nick in the case the governing word asks
        for, or bare, wins («бью Лиса», «голос — Лис», «за Соню»: Лис, Соня); in another case
        the translation is as good a reading («шизю лису»: Лис's dative or the fox's
        accusative, Fox) and the player is asked. With no case asked for, the nick wins."""
        want = expected | {"nomn"} if expected else None
        if want is None or any(cases & want for cases in owners.values()):
            return set()
        return {n for n, cases in self.translated[w].items() if n not in owners}

    def _whole_or_word(self, w: str, owners: dict[str, frozenset[str]], others: set[str],
                       expected: frozenset[str] | None) -> NameHit:
        """A form both of a whole nick (``owners``: nick → the cases it is) and of one word of
        multi-word nicks (``others``): the case the governing word asks for (``expected``)
        settles it when exactly one reading has it and no whole nick could be the uninflected
        nominative («бью Лиса» is Лис's accusative; «бью Лису» is the word «Лиса» of «Лиса
        Алиса» in the accusative); a word of a longer nick in another case is no reading
        then, not even when the case's player is dead. Else every reading is a candidate."""
        nicks = sorted(set(owners) | others)
        same = [n for n in owners if norm(n) == w]
        if len(same) == 1 and expected and not owners[same[0]] & expected and \
                any(self._word_cases(w, n) - {"nomn"} for n in others):
            # «Зову Серафима» with «Серафима» and «Инок Серафим»: the nick as spelt, but in
            # the nominative where the verb asks another case, and a case form of another
            # nick's word (Серафим's accusative); the writer may not decline the nick, or may
            # mean the other player: either reading, the game or the player decides (as
            # :func:`_pick` does for two one-word nicks, «шизю Лиса» with Лис and Лиса)
            return NameHit(None, tuple(nicks), "exact", 1)
        if len(same) == 1:
            # «Голоса: Петрович и Карась»: the one-word nick written as it is spelt is that
            # player, not «Николай Петрович» by his last word; the others stay candidates the
            # game may rule this reading out for (a dead player, a clan-only move)
            return NameHit(same[0], (same[0],) + tuple(n for n in nicks if n != same[0]),
                           "exact", 1)
        whole = _whole_within(owners, others, expected)
        if whole is not None:
            # «Проверяю Лейтенанта», «стреляю в Петровича»: the one-word nick in the case asked
            # for, beside longer nicks holding that very word («Ст.лейтенант Орлов», «Николай
            # Петрович»), is the nick as written, as its nominative is; they stay candidates
            # the game may rule this reading out for, but not by the whole nick's death (it is
            # the nick as written: refused, never handed to a longer nick)
            return NameHit(whole, (whole,) + tuple(n for n in nicks if n != whole), "exact", 1,
                           spelled=whole)
        if expected:
            cases = dict(owners)
            for nick, parts in self.multi:
                if nick in others:
                    for part in parts:
                        cases[nick] = cases.get(nick, frozenset()) | part.get(w, frozenset())
            fit = [n for n in nicks if cases.get(n, frozenset()) & expected]
            bare = [n for n in owners if "nomn" in owners[n] and n not in fit]
            if len(fit) == 1 and not bare:
                # a whole nick in another case stays a reading the game may still take (a dead
                # player's); a word of a longer nick in another case is none («за Лиса» with
                # Лис dead is refused, never «Лиса Алиса»)
                return NameHit(fit[0], (fit[0],) + tuple(n for n in sorted(owners)
                                                          if n != fit[0]), "exact", 1)
        if len(owners) == 1 and others and is_patronymic(w) and \
                holds_patronymic(w, next(iter(owners))) and \
                not any(holds_patronymic(w, n) for n in others):
            # «ЛИНЧУЮ МИХАЛЫЧА»: the one-word nick «Михалыч» as it is spelt, not «Николай
            # Михайлович» by the spoken form of his patronymic (a dead «Михалыч» is refused,
            # never handed to him: spelled)
            nick = next(iter(owners))
            return NameHit(nick, (nick,) + tuple(n for n in nicks if n != nick), "exact", 1,
                           spelled=nick)
        # «за Петровича» with the nick Петрович dead and «Николай Петрович» alive: the whole
        # nick is the reading; the word of a longer nick is none taken in its place
        named = names_written(w)
        whole = next(iter(owners)) if len(owners) == 1 and not any(
            named & self.given_of.get(n, frozenset()) for n in others) else None
        return NameHit(None, tuple(nicks), "exact", 1, spelled=whole)

    def approximate(self, word: str, strict: bool = False) -> NameHit | None:
        """One word of a multi-word nickname, a prefix, a pet form, or a near miss of some
        nickname form (see :data:`THRESHOLDS`). Every nickname the first three ways find is a
        candidate («Макс»: «Max Payne» and «Максик» — ambiguous). ``strict``: only a word of
        a multi-word nickname (for a dictionary word such as «кукуруза» for «Kukuruza_77»)."""
        if word in TAKE_BACK_WORDS:
            return None  # «не, стоп, …»: a word of a correction is never a reading of a nick
        key = (word, strict)
        if key not in self._approx:
            if len(self._approx) > 50_000:
                self._approx.clear()
            found = self._approximate(word, strict)
            if found is None and not strict and (word.isascii() and word.isalpha() or
                                                 LATIN_CASE.fullmatch(word)):
                # a Russian pet form or given name in Latin letters («dimonchika» is
                # «Димончика»: xXx_Dimon_xXx), a Cyrillic nick typed in Latin with its case
                # ending after an apostrophe («Losyash'a» is «Лосяша»)
                reading = cyrillic_reading(word.replace("'", ""))
                again = self._approximate(reading, False) if reading != word else None
                if again is not None and again.kind in ("part", "pet", "name"):
                    found = again
            if found is None and not strict and len(word) >= 5 and word.isascii() and \
                    word.isalpha():
                # «Spectrometr» for «Спектрометр»: a Cyrillic nick spelt in Latin letters
                # (one of the word's readings a form of that nick alone)
                owners = {n for r in name_readings(word) for n in self.single.get(r, ())}
                if len(owners) == 1 and CYR.search(next(iter(owners))):
                    found = hit(sorted(owners), "part")
            if found is None and not strict and (m := _APOSTROPHE_CASE.fullmatch(word)):
                found = self._apostrophe_case(m.group(1), m.group(2))
            if found is None and not strict and (m := _PET_SUFFIX.fullmatch(word)):
                # «Lady_Ksu-шку» for «Lady_Ksu»: the nick as spelt, a Russian pet suffix
                # with its case ending glued on after a hyphen or an apostrophe
                owners = {n for n, bases in self.bases.items() if m.group(1) in bases}
                found = hit(sorted(owners), "pet") if len(owners) == 1 else None
            if found is None and not strict and (m := _CASE_BEFORE_NUMBER.fullmatch(word)):
                # «Nord'а-77» for «Nord-77»: the case ending after the word, before the number
                owners = {n for n, bases in self.bases.items()
                          if any(m.group(1) + sep + m.group(3) in bases for sep in ("", "-", "_", " "))}
                found = hit(sorted(owners), "part") if owners else None
            if found is None and not strict and word.count("-") == 1:
                found = self._hyphened(word)
            if found is None and not strict and 1 <= word.count("-") <= 2:
                found = self._epithet(word)
            if (found is None or found.kind == "fuzzy") and "э" in word[1:] and \
                    CYR.search(word) and word not in self.capital_readings:  # not «эльфа»
                # «Шэдоу» for «Shadow_77» read «шедоу»: э is written for е in a name (a
                # reading so found is surer than a near miss of the word as written); not
                # the first letter («Эрону» is no «Ерону»: a vowel before Ron's first sound)
                again = self.approximate(word[0] + word[1:].replace("э", "е"), strict)
                if found is None or (again is not None and again.kind != "fuzzy"):
                    found = again
            if found is None and not strict and ("жы" in word or "шы" in word):
                # «ёжык» for «Ёжик404»: «жи», «ши» written with «ы», the school slip of a
                # phone letter (no Russian word is spelt so)
                found = self.approximate(word.replace("жы", "жи").replace("шы", "ши"))
            if found is not None and not strict and found.kind in ("part", "pet") and \
                    "е" in word and CYR.search(word):
                found = self._e_rivals(word, found)
            if found is None and (russian := russian_spelling(word)) is not None:
                # a nick spelt in Ukrainian letters («Шмідта» for Schmidt, «Штірліцом» for
                # «Штирлиц»): read as the Russian spelling is
                found = self.approximate(russian, strict)
            if found is None and not strict and (m := _LATIN_STEM.fullmatch(word)):
                # «DevOps'а» for «DevOpsDima»: a Latin nick's beginning with a Russian case
                # ending, of one nick only
                stem = m.group(1)
                owners = [n for n in self.nicks
                          if re.sub(r"[\W\d_]", "", norm(n)).startswith(stem)]
                if len(owners) == 1:
                    found = NameHit(owners[0], (owners[0],), "prefix", 1)
            if found is None and not strict and (m := _SLANG_SUFFIX.fullmatch(word)) and \
                    (LAT.match(word) or m.group(2)):
                # «QA-шку» for «QA_Ирина»; «AHT'шника», read in Cyrillic lookalikes: «ант'»
                found = self._slang_suffix(m.group(1).translate(_FROM_LOOKALIKES))
            if found is None and not strict and LAT.search(word) and CYR.search(word):
                found = self._mixed_script(word)
            if found is None and not strict and CYR.search(word) and names_written(word):
                found = self._clipped_pet(word)
            if found is None and not strict and CYR.search(word) and not is_known_word(word) \
                    and (owner := sound_owner(self.nicks, word)) is not None:
                # «Дэнни» for «Danny.Ocean»: a Latin nick named by its sound, one nick only
                found = hit([owner], "fuzzy")
            if found is None and not strict and word.isascii() and \
                    (owner := latin_sound_owner(self.nicks, word)) is not None:
                # «Maverikk» for «Мэверик»: a Cyrillic nick spelt in Latin letters by ear
                found = hit([owner], "fuzzy")
            if found is not None and found.kind == "part" and found.nick is not None and \
                    (rivals := self.capital_readings.get(word)) and not rivals <= {found.nick}:
                # «Майор» with «Майор Пронин» and Major61 (read «майор»): a word of one nick
                # and the reading of another's Latin word, either player: asked
                found = hit(sorted(rivals | {found.nick}), "part")
            if found is not None and found.kind in ("part", "pet") and found.nick is not None \
                    and (titled := self.title_translated.get(word)) and found.nick not in titled:
                # «доктора» with «Доктор Живаго» and Dr.Watson: a word of one nick and the
                # translated title of another (or the role's name): asked
                found = hit(sorted(titled | {found.nick}), "part")
            if found is not None and not strict:
                found = _other_sex_dropped(self, word, found)
            if found is not None and strict and found.kind == "part" and found.nick is not None:
                found = self._given_rivals(word, found)
                if found.nick is not None and CYR.search(word):
                    found = self._name_rivals(word, found)
                if found.nick is not None and CYR.search(word) and full_names(word):
                    found = self._full_name_rivals(word, found)
            if found is not None and not strict and found.kind in ("pet", "name") and \
                    found.nick is not None and CYR.search(word):
                found = self._name_rivals(word, found)
            if found is not None and not strict and found.kind in ("pet", "name") and \
                    found.nick is not None and CYR.search(word):
                found = self._surname_rivals(word, found)
            self._approx[key] = found
        return self._approx[key]

    def _e_rivals(self, word: str, found: NameHit) -> NameHit:
        """``found`` widened by the nicks ``word`` names with one «е» read as «э» («Неко»:
        a word of Shiro.neko read in Cyrillic, and «Нэко-тян» written with е, as names often
        are): either player, asked (issue 11, precision first)."""
        owners = set(found.candidates or (found.nick,))
        rivals: set[str] = set()
        for k, ch in enumerate(word):
            if ch == "е":
                again = self._approximate(word[:k] + "э" + word[k + 1:], False)
                if again is not None and again.kind in ("part", "pet"):
                    rivals |= set(again.candidates or (again.nick,))
        return hit(sorted(owners | rivals), found.kind) if rivals - owners else found

    def _given_rivals(self, word: str, found: NameHit) -> NameHit:
        """``found`` (a word of one multi-word nick, «Машу» for «Маша_Чехова») widened to
        every nick the word is a pet form of when another nick is built on the same stem
        («Машенька»): either player, asked (issue 11, precision first); not a nick of another
        form of the name («Гошу»: Gosha.K, not «Жорик»)."""
        named = self.pet_form(word)
        if named is None or found.nick not in named.candidates or len(named.candidates) < 2:
            return found
        return NameHit(None, named.candidates, found.kind, found.length)

    def _carriers(self, named: frozenset[str], nick: str) -> set[str]:
        """The nicks other than ``nick`` that carry one of the given names ``named`` (those a
        written pet form belongs to: «Валю», «Саню», «Марусю») by a word of theirs that is
        that name or another form of it (:attr:`given`: «Валентин_Ветров», «Sasha.Perevoz»
        read «Саша»), and the patronymic nicks on it that carry it too (:meth:`_sons`)."""
        return ({n for name in named for n in self.given.get(name, ())} |
                self._sons(named, nick)) - {nick}

    def _sons(self, named: frozenset[str], nick: str) -> set[str]:
        """The patronymic nicks on a given name of ``named`` that carry that name for the
        pet-form rule (:meth:`_name_rivals`): a man called by his father's name alone, maybe
        with a title («Михалыч», «Сергеич», «Шкипер Егорыч»), for a Russian is a man the
        name's pet forms may mean as well («Мишку»: Миша_112 or Михалыч). Not a woman's
        patronymic («Анна Петровна»), nor a nick holding a given name of its own beside
        the patronymic («Геннадий Иваныч»: called Гена, not Ваня), and none when ``nick``
        (the reading found) holds the full name itself as a word of its own («Петю» for
        «Пётр» beside «Петрович»: the man called Пётр is the Петя)."""
        if any(norm(w) in named or (w.isascii() and cyrillic_reading(norm(w)) in named)
               for w in re.findall(r"[^\W\d_]+", nick)):
            return set()
        out: set[str] = set()
        for name in named:
            for son in self.patronymic.get(name, ()):
                if son == nick or self.given_of.get(son):
                    continue
                if not any(norm(w).endswith(_WOMAN_PATRONYMIC)
                           for w in re.findall(r"[^\W\d_]+", son)):
                    out.add(son)
        return out

    def _name_rivals(self, word: str, found: NameHit) -> NameHit:
        """``found`` (one nick, reached by a short or pet form of a given name it holds:
        «Саню» for «Саня Якорь», «Мишку» for Миша_112) widened by every other living or dead
        nick that carries that given name (:meth:`_carriers`: a word of its own that is the
        name or another form of it, in Latin letters too — «Sasha.Perevoz», «Валентин_Ветров»
        — or a patronymic nick on it, «Михалыч», see :meth:`_sons`): either player, asked
        (issue 11, the lead's pet-form policy of session 51: «ask when two nicks fit», even
        when the written word is one nick's own word: «Катюшу» for «Катюша 1990» beside
        Katya_M). Still that nick: a case form of the whole one-word nick («Саню» for
        «Саня», :meth:`_only_word`), the name with the nick's other word («Саню Якоря», read
        as the whole nick by :meth:`exact`), a patronymic written («Михалыча»), and a full
        name («Петра»: :meth:`given_name` reads those). A nick holding the name only by a
        foreign form («Danny_Fox»: Даниил) is no rival of a Russian form («Данилу»). The
        game may still leave one reading (a dead rival, a move's target rules)."""
        written = names_written(word)
        if not written or full_names(word) or found.nick is None or is_patronymic(word):
            return found  # («Михалыча»: the patronymic itself, no pet form of the name)
        if self._only_word(word, found.nick):
            return found  # («Саню» for the one-word nick «Саня»: the nick as written)
        rivals = self._carriers(written, found.nick) - self.foreign_named
        if not rivals:
            return found
        # the nick's own word as written («Серёгу» for «Серёга Лом») stays the reading when
        # that player is dead: refused, never handed to a patronymic rival in his place
        # (spelled); but a rival called by that name by a word of his own («Лесю» for
        # «Леся из 7-й» dead and «Олеся Мазь» alive) is the reading the game leaves
        own = found.nick if self._literal_word(word, found.nick) and \
            not self.full_name_holders(word, rivals) else None
        return NameHit(None, tuple(sorted(rivals | {found.nick})), found.kind, found.length,
                       spelled=own)

    @staticmethod
    def full_name_holders(word: str, nicks) -> set[str]:
        """The nicks of ``nicks`` that hold, as a word of their own, the full given name the
        short or pet form ``word`` is a form of («Олеся Мазь», «Валентин», «Катерина
        Петровна», «Olga_K» for «Олю», «Валю», «Катю»; the folk full form cut before its
        first consonant counts: «Катерина» for Екатерина). A dead player whose nick is
        spelled with that short form («Оля-Проводница») does not keep the word from them:
        a woman named Ольга is called Оля as well, so the game's one living reading is hers
        (:meth:`_name_rivals`, :func:`engine.names_near.near_reading`). Empty when ``word``
        is a full name itself («Галину» stays Галина_П's, never «Галочка»'s) or names none.
        """
        if full_names(word):
            return set()
        named = names_listed(word)
        if not named:
            return set()
        out = set()
        for nick in nicks:
            for w in re.findall(r"[^\W\d_]+", norm(nick)):
                w = cyrillic_reading(w) if w.isascii() else w
                if len(w) >= 4 and (full_names(w) & named or
                                    any(n.endswith(w) and n != w for n in names_listed(w) & named)):
                    out.add(nick)
                    break
        return out

    def _full_name_rivals(self, word: str, found: NameHit) -> NameHit:
        """``found`` (one nick, reached by a full given name ``word`` that is a word of it:
        «ольга» for «Ольга_Северная») widened by every other nick holding that name in another
        form («Оля Кулёма»), as :meth:`given_name` reads the name first in a list: either
        player, asked (issue 11, «голоса: Скиф и ольга» as «голос ольга»). The nick written
        so stays the reading when that player is dead (``spelled``)."""
        named = self.given_name(word)
        if named is None or found.nick not in named.candidates or len(named.candidates) < 2:
            return found
        own = found.nick if self._literal_word(word, found.nick) else None
        return NameHit(None, named.candidates, found.kind, found.length, spelled=own)

    def _surname_rivals(self, word: str, found: NameHit) -> NameHit:
        """``found`` (one nick, reached by a pet form ``word`` of a Cyrillic word of its own:
        «Мишаню» for «Миша Ключник», «Ветерка» for «Ветер.Южный») widened by every other nick
        holding a surname made on that word's stem with «-ин», «-ын», «-ов», «-ев» («Боцман
        Мишин», «Гена_Ветров»): a man so named goes by the same pet form, so either player is
        asked (issue 11, precision first; a case form of the nick's word, «Мишу», «Ветра», is
        asked so by :meth:`exact`). Only the word of the nick the pet form begins as counts,
        and not when ``word`` is a case form of it as written (the nick, no pet form)."""
        stems = set()
        for w in re.findall(r"[^\W\d_]+", norm(found.nick)):
            if not CYR.fullmatch(w[0]) or len(w) < 4 or word in word_forms(w) or \
                    word[:3] != w[:3]:
                continue  # (the word the pet form is made on: «Северного» is no «Ветер»)
            stems.add(re.sub(r"[аяоеиьй]$", "", w))
            if re.search(r"[бвгджзклмнпрстфхцчшщ]е[бвгджзклмнпрстфхцчшщ]$", w):
                stems.add(w[:-2] + w[-1])  # «ветер» → «ветр»: the fleeting vowel
        stems = {st for st in stems if len(st) >= 3}
        if not stems:
            return found
        rivals = {n for n in self.nicks if n != found.nick and any(
            _SURNAME.fullmatch(w) and any(w.startswith(st) and _SURNAME_END.fullmatch(w[len(st):])
                                          for st in stems)
            for w in re.findall(r"[^\W\d_]+", norm(n)))}
        if not rivals:
            return found
        return NameHit(None, tuple(sorted(rivals | {found.nick})), found.kind, found.length)

    @staticmethod
    def _only_word(word: str, nick: str) -> bool:
        """True when ``nick`` is one word, letters only («Саня», «Катюша»; not «Катюша 1990»,
        «Gosha.K», «Миша_112»: a number or an initial marks one of several players of one
        name), and ``word`` is a case form of it: the nick as it is written, not a name it
        shares with another player."""
        return bool(re.fullmatch(r"[^\W\d_]+", nick)) and word in word_forms(norm(nick))

    @staticmethod
    def _built_on(word: str, nick: str) -> bool:
        """True when the pet form ``word`` begins with the first three letters (four for a
        word of five letters or more) of a word of ``nick`` as written or read in Cyrillic
        («катюшку» on «Katyusha», «мишутку» on «Мишаня»): made on that nick's own word."""
        for w in re.findall(r"[^\W\d_]+", norm(nick)):
            w = cyrillic_reading(w) if w.isascii() else w
            n = 4 if len(w) >= 5 else 3
            if len(w) >= 3 and word[:n].replace("ё", "е") == w[:n].replace("ё", "е"):
                return True
        return False

    @staticmethod
    def _literal_word(word: str, nick: str) -> bool:
        """True when ``word`` is a case form of a word of ``nick`` as written (a Latin word
        read in Cyrillic letters: «Гошу» for «Gosha.K»)."""
        for w in re.findall(r"[^\W\d_]+", norm(nick)):
            if word in word_forms(w) or (w.isascii() and word in word_forms(cyrillic_reading(w))):
                return True
        return False

    def _mixed_script(self, word: str) -> NameHit | None:
        """A nick typed with the keyboard switched halfway («Olд_Gamer» for «Old_Gamer_61»,
        «Bobёr» for «Бобёр»): the word read all in Latin letters and all in Cyrillic ones
        (:func:`all_latin`, :func:`all_cyrillic`), as a nick form or a near reading; every
        nick the two readings reach is a candidate. None when neither reaches one."""
        owners: set[str] = set()
        kind = "part"
        for reading in {all_latin(word), all_cyrillic(word)} - {word}:
            if LAT.search(reading) and CYR.search(reading):
                continue
            found = self.exact([reading], 0, None) or self.approximate(reading)
            if found is not None:
                owners |= set(found.candidates or (found.nick,))
                kind = found.kind if found.kind != "exact" else kind
        return hit(sorted(owners), kind) if owners else None

    def _slang_suffix(self, stem: str) -> NameHit | None:
        """The one nick holding the Latin word ``stem`` (an abbreviation, «qa», «aht») as
        one of its words, named by the Russian slang noun made of it («QA-шка», «AHT'шник»,
        «SMM-щица»: who does the QA work is the nick «QA_Ирина»); None when no nick or
        more than one holds it."""
        owners = [n for n in self.nicks if stem in re.split(r"[\W\d_]+", norm(n))]
        return NameHit(owners[0], (owners[0],), "part", 1) if len(owners) == 1 else None

    def _apostrophe_case(self, stem: str, ending: str) -> NameHit | None:
        """A nick written as it is spelt with a Russian case ending after an apostrophe
        («Остап_Б'а» for «Остап_Б»), or a Cyrillic nick typed in Latin letters with its
        Cyrillic case ending after one («Pushkin'у» for «Пушкин»): the one nick (or the
        nicks) so spelt; None when none is."""
        owners = {n for n, bases in self.bases.items() if stem in bases}
        if not owners and stem.isascii() and stem.isalpha():
            reading = cyrillic_reading(stem) + ending
            if CYR.search(reading) and not LAT.search(reading):
                owners = {n for n, cases in self.single.get(reading, {}).items()
                          if "nomn" not in cases or len(cases) > 1}
        return hit(sorted(owners), "part") if owners else None

    def _hyphened(self, word: str) -> NameHit | None:
        """A two-word nick written as one hyphened word with both words declined or in pet
        form («Таньку-Таньку» for «Tanya-Tanya», «Лису-Алису» for «Лис-Алиса», «Кроху-Енота»
        for «Kroshka_Enot»): the multi-word nicks both halves reach, each by any reading; None
        when none does. A Japanese honorific as the second half («Барсука-сэмпая») leaves the
        first half alone to read."""
        halves = word.split("-")
        if any(len(h) < 2 or not CYR.search(h) for h in halves):
            return None
        if (digit := number_words().get(halves[1])) is not None:
            # «Рукава-второго» for «Рукав-2», «Ракету-семь» for «Ракета7»: the nick's number
            # spelt as a word, cardinal or ordinal, in any case form
            return self.exact([halves[0] + "-" + digit], 0, None) or \
                self.numbered_form(halves[0] + digit)
        if _HONORIFIC.fullmatch(halves[1]):
            # «Барсука-сэмпая», «Пельменя-куна», «Алукарда-саму»: a Japanese honorific glued
            # to the name (not to a nick holding one: «Настю-сан» is no form of Nastya-chan,
            # asked); a two-letter name («Эл-сама») only as a nick form exactly
            found = self.exact([halves[0]], 0, None)
            if found is None and len(halves[0]) >= 3:
                found = self.approximate(halves[0])
            if found is None or any(_HONORIFIC_NICK.search(n) for n in
                                    found.candidates or (found.nick,)):
                return None
            return found
        reached = []
        for h in halves:
            found = self.exact([h], 0, None) or self.approximate(h)
            reached.append(set() if found is None else set(found.candidates or (found.nick,)))
        multi = {nick for nick, _ in self.multi}
        both = reached[0] & reached[1] & multi
        if not both and reached[0] and not reached[1] and len(halves[1]) >= 3:
            # «Остапа-Бендера» for «Ostap_B»: a given name and the surname its nick has the
            # initial of
            both = {n for n in reached[0] if halves[1][0] in initials_of(n)}
            if len(both) != 1:
                both = _agent_of_word(reached[0] & multi, halves[1])
                if len(both) != 1:
                    return None
        return hit(sorted(both), "part") if both else None

    def _clipped_pet(self, word: str) -> NameHit | None:
        """A pet form of a given name no nick holds, built on a nick cut to its first
        letters, as a person of that name is called («Касю» for «Кассация», «Эдю» for
        «Эдельвейс», «Кузю» for «Кузнецов», «Генку» for «Genadich»): the nicks with a word
        (five letters or more, a Latin one read in Cyrillic) that begins with the pet form
        less its ending (:data:`_PET_ENDING`, two letters or more left); several: all of
        them (asked); None when none."""
        m = _PET_ENDING.fullmatch(word)
        if m is None:
            return None
        stem = m.group(1)
        owners = set()
        for nick in self.nicks:
            for w in re.findall(r"[^\W\d_]+", norm(nick)):
                reading = cyrillic_reading(w) if w.isascii() else w
                if len(reading) >= 5 and reading.startswith(stem) and reading != stem:
                    owners.add(nick)
        return hit(sorted(owners), "pet") if owners else None

    def _epithet(self, word: str) -> NameHit | None:
        """A given name (any form of it) with a person noun hyphened to it in the same case,
        a nickname for what the player does («Никитку-разработчика», «Лёхе-армейцу»,
        «Светку-офис-менеджера»): the one player the name reaches. None when the name
        reaches nobody or several (:mod:`engine.names_qualifier` reads the noun then), when
        the noun is an agent of another player's nick word («Серёгу-басиста» with «Serg_Bass»:
        either may be meant), a nick's word or name, or rhymes on the name («Лёня-прелёня»)."""
        halves = word.split("-")
        head, noun = halves[0], halves[-1]
        if len(head) < 3 or len(noun) < 4 or not CYR.search(word) or LAT.search(word) or \
                not names_written(head) or head[1:] in noun or \
                any(len(h) < 2 for h in halves) or self.exact([noun], 0, None) is not None or \
                self.approximate(noun, strict=True) is not None:
            return None
        head_cases = {p.tag.case for p in morph().parse(head) if p.tag.case}
        known = is_known_word(noun)  # (a slang word, «экзешника», is guessed a noun)
        noun_cases = {p.tag.case for p in morph().parse(noun)
                      if p.tag.POS == "NOUN" and (not known or "anim" in p.tag and
                                                  not {"Name", "Surn", "Patr"} & p.tag.grammemes)}
        if not head_cases & noun_cases:
            return None
        found = self.exact([head], 0, None) or self.approximate(head)
        if found is None or found.kind == "fuzzy" or found.nick is None or \
                _agent_of_word({nick for nick, _ in self.multi}, noun, 3) - {found.nick}:
            return None
        return found

    def fit(self, word: str, alive=None, pets: bool = True) -> NameHit | None:
        """The last-resort reading of a word in a move's name slot that nothing else read
        (:mod:`engine.names_fit`: «Люпена» for A.Lupin, «Карда» for Кардинал, «Геллочку» for
        Гелла): the one living nick (of ``alive``; every nick when None) the word fits, or
        every one it fits as candidates (asked); None when it fits none, or fits a dead
        player as well (who may be the one meant: the word stays unread). ``pets=False``:
        no pet form (see :func:`engine.names_fit.fits`)."""
        owners = fit_owners(self.nicks, word, pets)
        if not owners or (alive is not None and not owners <= set(alive)):
            return None
        return hit(sorted(owners), "fit")

    def work_fit(self, word: str, alive=None) -> NameHit | None:
        """The living nicks (of ``alive``; every nick when None) that hold a word the written
        work word is said for (:func:`engine.names_fit.work_word`: «дизайнера» for
        «Ksu_design», a dictionary word even in lower case: no game role is so called); as
        :meth:`fit`, None when a dead player holds one too."""
        owners = {n for n in self.nicks if work_word(word, n)}
        if not owners or (alive is not None and not owners <= set(alive)):
            return None
        return hit(sorted(owners), "fit")

    def capital_reading(self, word: str) -> NameHit | None:
        """The nicks a reading of a Latin nick word that is also a Russian word names
        (:attr:`capital_readings`: «бина», «Бин» for Mr.Bean), or a form of the given-name
        table that is also a common word names («Марго» for «Маргарита»: see
        :meth:`given_name`) — to be asked only of a word written as a name (capitalised
        inside a sentence, or quoted); None when none."""
        owners = self.capital_readings.get(word)
        if not owners:
            if self.given and names_listed(word) and not may_be_name(word):
                # «Марго», «Мишку»: a form of the given-name table that is also a common
                # word («марго», «мишка»), written as a name
                return self._given_name(word)
            return None
        return hit(sorted(owners), "part")

    def soft_sign_form(self, word: str) -> str | None:
        """The nickname form ``word`` is with its soft signs left out, as a word read from
        Latin letters lacks them («вафелку» → «вафельку» for «Vafelku»); None when there is
        none or several."""
        if self._soft is None:
            table: dict[str, set[str]] = {}
            for form in list(self.single) + list(self.parts):
                if "ь" in form:
                    table.setdefault(form.replace("ь", ""), set()).add(form)
            self._soft = {k: next(iter(v)) for k, v in table.items() if len(v) == 1}
        # («пелмень» for «Pelmen'»: the final soft sign written, the inner one left out)
        return self._soft.get(word) or ("ь" in word and self._soft.get(word.replace("ь", "")))\
            or None

    def far_from_all(self, word: str, edits: int = 2) -> bool:
        """True when ``word`` is more than ``edits`` edits (OSA distance) from every nickname
        form (and so no slip of any nick: «Васяна» with no Вася on the roster)."""
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        if DIGITS.search(word) is None:
            return process.extractOne(word, self.fuzzy_choices, scorer=OSA.distance,
                                      score_cutoff=edits) is None
        # a near form with another number is no slip of the word (:func:`same_number`)
        return not any(same_number(word, form) for form, _score, _i in process.extract(
            word, self.fuzzy_choices, scorer=OSA.distance, score_cutoff=edits, limit=None))

    def _approximate(self, word: str, strict: bool) -> NameHit | None:
        return near_reading(self, word, strict)


#: A word with a Russian case ending after an apostrophe («остап_б'а», «pushkin'у»).
_APOSTROPHE_CASE = re.compile(r"([^\W\d][\w.-]*[^\W_])['’]([а-я]{1,3})")

#: A nick as spelt, then a hyphen or an apostrophe and a Russian pet suffix with its case
#: ending («lady_ksu-шку», «oksana_k'ечка»).
_PET_SUFFIX = re.compile(
    r"([^\W\d][\w.-]*[^\W_])[-'’](?:еньк|оньк|ечк|очк|ушк|юшк|шечк|шк|чк)(?:а|и|е|у|ой|ою)")

#: A nick's word, a Russian case ending after an apostrophe, then the nick's number
#: («nord'а-77», «dark_elf'а_77»).
_CASE_BEFORE_NUMBER = re.compile(r"([^\W\d_](?:[\w.-]*[^\W\d_])?)['’]([а-я]{1,3})[-_]?(\d{2,})")

#: A Latin word (an abbreviation) with a Russian slang suffix of a person's trade and its
#: case ending, after a hyphen or an apostrophe or none: «qa-шку», «aht'шника», «hr-щицу».
#: (A Cyrillic word of Latin lookalike letters, «ант'шника» for «AHT'шника», only with the
#: hyphen or apostrophe.)
_SLANG_SUFFIX = re.compile(
    r"([a-z]{2,5}|[аеорсхукмтнв]{2,5})([-'’`]?)(?:шник|шниц|шк|щик|щиц)[а-я]{0,3}")
#: Cyrillic letters that look like Latin ones, back to the Latin letter.
_FROM_LOOKALIKES = str.maketrans("аеорсхукмтнв", "aeopcxykmthb")

#: A Latin word of four letters or more with a Russian case ending («devops'а», «devopsом»).
_LATIN_STEM = re.compile(r"([a-z]{4,})['’]?(?:а|я|у|ю|е|ом|ем|ой|ей|ым|им|ов)")


#: Cyrillic letters in the Latin letters a nick's word is typed with (a plain reading).
_TO_LATIN = str.maketrans({
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "sch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
})


#: Russian suffixes of a person by what he does or has, with a case ending after them
#: («баян» → «баяниста», «гитара» → «гитариста», «бубен» → «бубенщика»).
_AGENT = re.compile(r"(?:ист|щик|чик|ник)(?:а|у|ом|е|ы)?")


#: A pet form of a short given name: two or three letters, then «к» or not, then a case
#: ending («Кас-ю», «Эд-ю», «Ген-ку», «Куз-ей»).
_PET_ENDING = re.compile(r"([а-яё]{2,3}?)к?(?:а|я|у|ю|е|и|ы|ой|ей|ою|ею)")


#: A Cyrillic word that may be a surname made on a stem (see :meth:`NameIndex._surname_rivals`).
_SURNAME = re.compile(r"[а-я]{3,}(?:ин|ын|ов|ев)(?:а)?")
#: The possessive suffix of such a surname, with a woman's ending or none.
_SURNAME_END = re.compile(r"(?:ин|ын|ов|ев)а?")

#: The endings of a woman's patronymic («Петровна», «Ильинична»): she is not called by her
#: father's name (see :meth:`NameIndex._sons`).
_WOMAN_PATRONYMIC = ("овна", "евна", "ична")

#: Affectionate diminutive suffixes: a nick's word ending so is a name of its own
#: («Олечка», «Настюшка»), not the short form anyone of the given name goes by («Мила»).
_AFFECTIONATE = ("ечка", "очка", "енька", "онька", "ушка", "юшка", "уська", "юська", "ичка",
                 "ечек", "очек", "ушок", "ишка", "уля", "юля")

#: The numbers one to ten, by their cardinal and ordinal words.
_NUMBER_LEMMAS = {"1": ("один", "первый"), "2": ("два", "второй"), "3": ("три", "третий"),
                  "4": ("четыре", "четвёртый"), "5": ("пять", "пятый"), "6": ("шесть", "шестой"),
                  "7": ("семь", "седьмой"), "8": ("восемь", "восьмой"),
                  "9": ("девять", "девятый"), "10": ("десять", "десятый")}


@functools.cache
def number_words() -> dict[str, str]:
    """Every form (normalised) of the cardinal and ordinal words of the numbers one to ten
    («второго», «вторую», «двух», «семь») → the number in digits («2», «7»)."""
    out: dict[str, str] = {}
    for digit, lemmas in _NUMBER_LEMMAS.items():
        for lemma in lemmas:
            parse = next(p for p in morph().parse(lemma) if {"NUMR", "ADJF"} & set(p.tag.grammemes))
            for form in parse.lexeme:
                out.setdefault(norm(form.word), digit)
    return out


def _agent_of_word(nicks: set[str], half: str, least: int = 4) -> set[str]:
    """The nicks of ``nicks`` (reached by the first half of a hyphened word) that have
    another word the second half ``half`` is a person noun of («Гену-баяниста» for
    «Gena.Bayan»: «баянист», who plays the «баян»): the word's Cyrillic reading (``least``
    letters or more, a final vowel dropped; below four, a doubled last letter also said
    once) and an agent suffix (:data:`_AGENT`)."""
    out = set()
    for nick in nicks:
        for w in re.split(r"[\W\d_]+", nick.lower())[1:]:
            reading = cyrillic_reading(w) if w.isascii() else norm(w)
            stem = reading[:-1] if reading[-1:] in "аяоеы" else reading
            stems = {stem} if least >= 4 or len(stem) < 2 or stem[-1] != stem[-2] \
                else {stem, stem[:-1]}  # (with ``least`` lower: «bass» read «басс», «басист»)
            if any(len(st) >= least and half.startswith(st) and
                   _AGENT.fullmatch(half[len(st):]) for st in stems):
                out.add(nick)
    return out


#: The letters of a nick's code (a letter or three, then digits) in Cyrillic, at the start of
#: a word or after «_», «-» («к2» of «олега_к2»).
_CYRILLIC_CODE = re.compile(r"(?:^|(?<=[_-]))[а-я]{1,3}(?=\d)")


def latin_code(word: str) -> str:
    """``word`` (normalised) with the Cyrillic letters of each code in it (a letter or three
    right before digits, at the start or after «_», «-») in Latin ones: «олега-к2» →
    «олега-k2», as the index spells «Oleg_K2» (the text's look-alike letters are made
    Cyrillic inside a Cyrillic word)."""
    return _CYRILLIC_CODE.sub(lambda m: all_latin(m.group()), word)


def all_latin(word: str) -> str:
    """``word`` (normalised) with its Cyrillic letters in Latin ones («olд_gamer» →
    «old_gamer»)."""
    return word.translate(_TO_LATIN)


def all_cyrillic(word: str) -> str:
    """``word`` (normalised) with each run of its Latin letters read in Cyrillic
    (:func:`engine.translit.cyrillic_reading`: «bobеr» → «бобер»)."""
    return re.sub(r"[a-z]+", lambda m: cyrillic_reading(m.group()), word)


def _sibling(nick: str, word: str) -> bool:
    """True when ``nick`` holds its given name by short or pet forms only
    (:func:`engine.names_given.pet_words`) and the written ``word`` (a form of the same full
    name, not the full name) and they neither share a root of three letters nor are built one
    on the other («гошу» for «жорж», «марусю» for «Маша»; not «машеньку», «лёшу» for «Лёха»,
    «юльку» for «Юлёк», «мишутку» for «Мишаня», «юлю» for «Юлечка»)."""
    own = pet_words(nick)
    said = _said_alike(word)
    return bool(own) and not any(
        _said_alike(w)[:3] == said[:3] or _said_alike(w).startswith(_stem(said))
        or said.startswith(_stem(_said_alike(w))) or same_short_root(word, w) for w in own)


def _stem(word: str) -> str:
    """``word`` without its last letter when that is a vowel or soft sign (an ending), two
    letters at least («юлю» → «юл», «маша» → «маш», «жорж» → «жорж»)."""
    return word[:-1] if len(word) > 2 and word[-1] in "аяоеёуюыиьй" else word


def _said_alike(word: str) -> str:
    """``word`` with the letters a name's forms alternate in written alike («лёха», «лёшу»;
    «юлёк», «юльку»): a form built on a pet form begins as its stem so."""
    return word.translate(_ALTERNATING)


#: The letters a Russian name's pet forms alternate (х/ш of «Лёха», «Лёша»; ь/ё/е of «Юлёк»,
#: «Юлька»; к/ч, г/ж, ц/ч of a diminutive suffix).
_ALTERNATING = str.maketrans({"х": "ш", "ь": "е", "ё": "е", "ч": "к", "ж": "г", "ц": "к"})


def _other_sex_dropped(index: NameIndex, word: str, found: NameHit) -> NameHit | None:
    """``found`` without the nicks reached only because a man's title or calling is the start
    of the woman's word a nick holds: «графа», «граф» name «Граф Альмавива», never «Графиня
    Розина» («барона» no «Баронесса», «принца» no «Принцесса»). ``word`` is a case form of
    a masculine animate dictionary noun; a nick word that begins with it and is a feminine
    animate noun of its own (no form of it) is another person's word. None when no
    candidate is left."""
    lemma = _man_noun(word)
    if lemma is None:
        return found
    names = found.candidates or ((found.nick,) if found.nick else ())
    kept = tuple(n for n in names if not _woman_word_only(n, lemma, word))
    if len(kept) == len(names):
        return found
    if not kept:
        return None
    if found.nick is not None and found.nick in kept:
        return NameHit(found.nick, kept, found.kind, found.length, found.spelled)
    if len(kept) == 1 and found.nick is None and len(names) > 1:
        return NameHit(kept[0], kept, found.kind, found.length)
    return NameHit(found.nick if found.nick in kept else None, kept, found.kind, found.length)


def _man_noun(word: str) -> str | None:
    """The lemma of ``word`` when its readings as an animate noun are all of one masculine
    noun («графа», «графу» → «граф»; «графу» is a table's column too, no person), else
    None."""
    if not CYR.search(word) or not is_known_word(word):
        return None
    people = [p for p in morph().parse(word) if p.tag.POS == "NOUN" and "anim" in p.tag]
    if not people or any(p.tag.gender != "masc" for p in people):
        return None  # (not «лису»: «лиса»'s accusative as well as «лис»'s dative)
    lemmas = {norm(p.normal_form) for p in people}
    return lemmas.pop() if len(lemmas) == 1 else None


def _woman_word_only(nick: str, lemma: str, written: str) -> bool:
    """True when a word of ``nick`` begins with ``lemma`` and is a feminine animate noun in
    its own right («графиня» for «граф»), and no word of it is ``lemma`` itself nor has the
    ``written`` form («лису» is «Лиса Алиса»'s accusative as well as «лис»'s dative)."""
    words = [norm(w) for w in re.findall(r"[^\W\d_]+", nick)]
    if lemma in words:
        return False
    for w in words:
        if w.startswith(lemma) and w != lemma and is_known_word(w) and \
                written not in word_forms(w):
            p = morph().parse(w)[0]
            if p.tag.POS == "NOUN" and "anim" in p.tag and p.tag.gender == "femn" and \
                    norm(p.normal_form) == w:
                return True
    return False


#: A Japanese honorific in any case form a Russian writer gives it («сама», «саму», «самы»,
#: «самэ», «сана», «саан», «куна», «тян», «сэмпая», «сэнсэя», «доно»).
_HONORIFIC = re.compile(r"(?:с[эе][мн]па[йяюеи]\w{0,2}|с[эе]нс[эе][йяюеи]?\w{0,2}|"
                        r"(?:кун|тян|чан|са+н)(?:а|у|е|ом|ы|ю|я|ей|чик)?|"
                        r"сам(?:а|ы|е|у|ой|ою|э|ам)|доно)")

#: A nick that holds an honorific of its own («Nastya-chan», «Кот-сан»).
_HONORIFIC_NICK = re.compile(r"(?i)[-_.\s](?:chan|san|kun|sama|senpai|sempai|тян|сан|кун|сама|"
                             r"чан|семпай|сэмпай)\b")

#: Prepositions that govern the prepositional case («о Коте», «на Лисе»).
_LOCATIVE_PREPOSITIONS = frozenset({"в", "во", "о", "об", "обо", "на", "по", "при"})

#: The prepositional case tags (pymorphy3's «loct», and «loc2» of «в лесу»).
_LOCATIVE_CASES = frozenset({"loct", "loc2"})

#: Words after a number that still leave it a name («за 13 и Пепла»).
_AFTER_NUMBER = frozenset({"и", "а", "или", "но", "же", "тоже"})


def _ordinal_subject(w: str, words: list[str], k: int) -> bool:
    """True when ``w`` is a number with the masculine ordinal's ending («452-й») and a finite
    verb follows it, maybe after one adverb («452-й (сегодня) охраняет Добсона»): an ordinal
    counts no verb, so it names the nick holding the number."""
    if w.isdigit() or not re.fullmatch(r"\d+-?(?:й|ый)", w):
        return False
    if k < len(words) and not is_verb(words[k]) and \
            morph().parse(words[k])[0].tag.POS == "ADVB":
        k += 1
    return k < len(words) and is_verb(words[k])


def _counts_something(words: list[str], k: int) -> bool:
    """True when the word after a number (at ``k``) is a word it counts («13 часов», «13-го
    числа»): a number is a nick («Щипач_13») only before punctuation, the end or «и»."""
    return k < len(words) and words[k][:1].isalnum() and words[k] not in _AFTER_NUMBER


def _common_noun(word: str) -> bool:
    """True when ``word`` (a normalised Cyrillic nick of one word) is an ordinary Russian
    noun by the dictionary, no name («туман», «конфетти»; not «мика», «мила»)."""
    return bool(re.fullmatch(r"[а-яё]+", word)) and is_known_word(word) and _plain_noun(word)


def _pick(owners: dict[str, frozenset[str]], expected: frozenset[str] | None,
          length: int) -> NameHit:
    nicks = sorted(owners)
    if len(nicks) == 1:
        return NameHit(nicks[0], (nicks[0],), "exact", length)
    if expected:
        fit = [n for n in nicks if owners[n] & expected]
        nominative = [n for n in nicks if "nomn" in owners[n] and n not in fit]
        if len(fit) == 1 and not nominative:
            # the others stay in ``candidates``: the game may still rule this reading out
            return NameHit(fit[0], (fit[0],) + tuple(n for n in nicks if n != fit[0]),
                           "exact", length)
    return NameHit(None, tuple(nicks), "exact", length)


def _whole_within(owners: dict[str, frozenset[str]], others: set[str],
                  expected: frozenset[str] | None) -> str | None:
    """The one one-word nick among ``owners`` (nick → the cases the written form is of it)
    whose very word every nick of ``others`` holds as one of its words («Лейтенант» within
    «Ст.лейтенант Орлов», «Петрович» within «Николай Петрович»), when the form is in the case
    the governing word asks for (``expected``; any when None); else None. The written form
    is then the same case of the same word in each, and the whole nick is the one written."""
    if len(owners) != 1 or not others:
        return None
    nick, cases = next(iter(owners.items()))
    words = re.findall(r"[^\W_]+", nick)
    if len(words) != 1 or (expected and not cases & expected):
        return None
    word = norm(words[0])
    if not all(word in {norm(w) for w in re.findall(r"[^\W_]+", other)} for other in others):
        return None
    return nick


def _one_name(names: frozenset[str]) -> bool:
    """True when ``names`` are one given name's male and female forms only («Женя»:
    евгений, евгения; «Саша»: александр, александра): a nick holding such a name is called
    by either form's pet forms («Жеку» for «Zhenya_K»), no guess of which name it holds."""
    return len({re.sub(r"[аяй]$", "", n) for n in names}) == 1
