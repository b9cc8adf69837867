"""Nicknames and role words as players write them (issue 3): building a roster's form index.

A roster's *form index* (:class:`engine.names_match.NameIndex`) lists, for every nickname,
the forms a player may write: every singular case form of every word (pymorphy3 inflects
Russian words and guesses paradigms of unknown ones; a small ending table covers what it
cannot), Latin nicknames with Russian endings attached («Serginio-у», «Serginio'ом»), a
Cyrillic transliteration of Latin nicknames, the pieces of a compound nickname and the stems
of its pet forms (:mod:`engine.names_pets`). Matching a written word against the index is
:mod:`engine.names_match`; the word-level knowledge (normal form, dictionary look-ups, case
forms, role words) is :mod:`engine.words`.

The index is built once per roster (cached by the tuple of nicknames); words are normalised
to lower case with ё → е. pymorphy3 is imported lazily so that the CLI's ``--help`` never
loads the dictionary.
"""

from __future__ import annotations

import functools
import re

from .names_english import translations
from .names_given import name_bases, names_in_word, names_written, patronymic_of, surname_initial
from .names_match import TAKE_BACK_WORDS, NameHit, NameIndex, all_latin
from .names_pets import DIMINUTIVE_SUFFIXES, add_roots, add_stems
from .names_pieces import nick_pieces
from .names_readings import capital_readings, reading_forms, safe_readings, short_reading
from .translit import cyrillic_reading, name_readings
from .words import (
    THRESHOLDS, compound_splits, inflect, is_known_word, morph, norm, person_name, role_words,
    word_forms,
)
from .words_endings import ALL_CASES, CYR, LAT, ending_forms, latin_forms, translit

#: The form index, and the word helpers other packages have always imported from here.
__all__ = ["NameHit", "NameIndex", "name_index", "nick_pieces", "DIMINUTIVE_SUFFIXES",
           "THRESHOLDS", "inflect", "is_known_word", "morph", "norm", "role_words"]


#: The roster :func:`name_index` was last asked for and its index: the parser asks some
#: twenty times a letter with the same tuple, and hashing it for the cache costs more than
#: this identity check (a strong reference is kept, so the identity is never reused).
_LAST_INDEX: list = [None, None]


def name_index(nicks: tuple[str, ...]) -> NameIndex:
    """The form index of ``nicks`` (roster order), built once per roster
    (:func:`_name_index`)."""
    if nicks is _LAST_INDEX[0]:
        return _LAST_INDEX[1]
    if nicks is _SCRATCH[0]:
        return _SCRATCH[1]
    idx = _name_index(nicks)
    _LAST_INDEX[0], _LAST_INDEX[1] = nicks, idx
    return idx


#: The index :func:`scratch_index` built last: (nicks, index).
_SCRATCH: list = [None, None]


def scratch_index(nicks: tuple[str, ...]) -> NameIndex:
    """The form index of ``nicks`` built for one letter only (a roster with words of the
    letter added as nicks, :mod:`engine.parse_dead_net`), kept out of the rosters' cache so
    that it never pushes a roster's index out; :func:`name_index` returns it for this very
    tuple until the next scratch index."""
    idx = _name_index.__wrapped__(nicks)
    _SCRATCH[0], _SCRATCH[1] = nicks, idx
    return idx


def _rendered(nick: str) -> str | None:
    """``nick`` as a letter's text renders it: cleaned by :func:`engine.textnorm.clean_text`
    (a word mixing the scripts written in one: «Кf3» → «Kf3») and cut by the letter's
    tokenizer (:func:`engine.grammar_tokens.tokenize`: «Остап_B» is one token «остап_в», the
    Latin «B» glued to a Cyrillic word taken as «в»; «Mila_Tel-Aviv» keeps both separators):
    the one token's normalised word, or None when the nick renders as several tokens. The
    index knows the nick by that spelling too (see :func:`_name_index`, :func:`_add_verbatim`),
    so a nick written as the roster spells it is always read back."""
    from .grammar_tokens import tokenize
    from .textnorm import clean_text

    toks = [t for t in tokenize(clean_text(nick)) if t.word]
    return toks[0].w if len(toks) == 1 else None


@functools.lru_cache(maxsize=64)
def _name_index(nicks: tuple[str, ...]) -> NameIndex:
    """Build (once per roster) the form index of ``nicks`` (roster order).

    A nickname is cut into words at anything but letters and digits («Dr.Who», «Серый_Волк»,
    «Анна-Мария», «Агент 007» have two). One word: its case forms. Several: each word's case
    forms (matched word by word, see :meth:`NameIndex.exact` and :meth:`NameIndex.merge`),
    and the words written as one token joined by «_», «-» or nothing, in the same case
    («серого_волка», «анну-марию»)."""
    idx = NameIndex(nicks=nicks)
    alone: list[tuple[str, dict[str, frozenset[str]]]] = []  # translated nouns, see below
    unnumbered: list[tuple[str, dict[str, frozenset[str]]]] = []  # see below
    codes: list[tuple[str, str]] = []  # a nick's word of digits and letters, see below
    latin_parts: list[tuple[str, str, set[str]]] = []  # see _add_abbreviations
    rendered = {nick: _rendered(nick) for nick in nicks}  # as a letter renders each nick
    for nick in nicks:
        words = [norm(w) for w in re.findall(r"[^\W_]+", nick)] or [norm(nick)]
        if len(words) > 1:
            for w in words:
                _add_stems(idx, nick, w)
                if LAT.search(w):
                    _add_roots(idx, nick, w)
                _add_letter_name(idx, nick, w)
            readings = [_head_readings(w) for w in words]
            written = re.findall(r"[^\W_]+", nick)
            for w in words:  # «доктора» is «Доктор Живаго»'s word and Dr.Watson's title
                if LAT.search(w) and not translations(w)[1]:
                    for ru in translations(w)[0]:
                        for form in word_forms(ru):
                            idx.title_translated.setdefault(form, set()).add(nick)
            parts = tuple(_union(short_reading(w), _translated(w, nick, alone), r, word_forms(w),
                                 *(word_forms(b) for b in name_bases(w)),
                                 _spelled_out(written[k] if len(written) == len(words) else w),
                                 _cyrillic_code(w), _code_spellings(w))
                          for k, (w, r) in enumerate(zip(words, readings)))
            # («Натальей Ромашкой» for «Наташа Ромашка»: the given name said in full)
            idx.multi.append((nick, parts))
            glued = _glued_code(words, parts)
            if glued:  # «квадрат б4» for «Квадрат Б-4»: the code's letter and number together
                idx.multi.append((nick, glued))
            for k, w in enumerate(words):
                for spelling in _code_spellings(w):
                    # «Alex_2TE10» for «Alex_2ТЭ10»: the nick's code in the other script
                    _add(idx.single, nick, {sep.join(words[:k] + [spelling] + words[k + 1:]):
                                            ALL_CASES for sep in ("_", "-", "")})
            if len(words) == 2 and _adjective(words[0]):
                idx.multi.append((nick, parts[::-1]))  # «фокса старого», «Лиса старого»
            elif len(words) == 2 and _adjective(words[1]):
                idx.multi.append((nick, parts[::-1]))  # «младшему Михалычу» for «Михалыч.jr»
            if len(words) == 3 and words[1] == "и":
                # «Олю с двойняшками» for «Оля_и_двойняшки»: «X и Y» said «X с Y», the
                # companion in the instrumental (the head word carries the case)
                company = {f: ALL_CASES for f, cases in parts[2].items() if "ablt" in cases}
                company |= {f: ALL_CASES for f in _instrumental(words[2])}
                if company:
                    idx.multi.append((nick, (parts[0], {"с": ALL_CASES, "со": ALL_CASES},
                                             company)))
            _add(idx.single, nick, {"".join(words): frozenset({"nomn"})})
            _add(idx.single, nick, _joined_forms(words, parts))
            if len(words) >= 3 and words[-1].isdigit() and not any(map(str.isdigit, words[:-1])):
                # «Old_Gamer», «олд_геймер» for «Old_Gamer_61»: the words joined without the
                # number the nick ends with (added below unless another nick is so written)
                unnumbered.append((nick, _joined_forms(words[:-1], parts[:-1])))
            idx.bases[nick] = [" ".join(words), "".join(words), "_".join(words),
                               "-".join(words)] + _long_readings([words[0]])
            if len(words) == 2 and re.fullmatch(r"[a-z]", words[0]) and \
                    re.fullmatch(r"[a-z]{3,}", words[1]):
                _add_opening_letter(idx, nick, words[0])
            for w, extra in zip(words, readings):
                capital_readings(idx, nick, extra)
                if re.fullmatch(r"[a-z]{2}", w) and re.search("[aeiouy]", w):
                    # «Валим Ди» for «Lady_Di»: a two-letter word of a nick, read or as
                    # written, names the player only written as a name
                    for short in {w, translit(w), cyrillic_reading(w)} - {""}:
                        idx.capital_readings.setdefault(short, set()).add(nick)
                    for form in _short_name_forms(w):
                        # («Голос за Эда» for «Ed_Elric»: the word read as a name, declined)
                        idx.capital_readings.setdefault(form, set()).add(nick)
                if _code_word(w):
                    # «Голоса: 7Б и Физрук» for «7Б_классрук»: a word of digits and letters
                    # (a class, a flat, a droid) is the nick's own mark, said alone as written
                    codes.append((nick, w))
                short_noun = len(w) == 2 and CYR.search(w) is not None and is_known_word(w)
                if short_noun:  # «Линч — Ёж» for «Хмурый Ёж»: the noun itself, written as a name
                    idx.capital_readings.setdefault(w, set()).add(nick)
                if LAT.search(w) and len(w) >= THRESHOLDS["prefix_min_len"]:
                    latin_parts.append((nick, w, word_forms(w) | safe_readings(extra)))
                for form in _feminine_forms(set(word_forms(w)) | set(safe_readings(extra))):
                    # «косметологиню» for «Svetlana.Kosmetolog»: a woman of the nick's trade
                    idx.parts.setdefault(form, set()).add(nick)
                for form in word_forms(w) | safe_readings(extra):
                    if form in TAKE_BACK_WORDS:
                        continue  # «не, стоп, …»: a correction, never «Стоп-Кран» by a word
                    if len(w) >= THRESHOLDS["prefix_min_len"] or (short_noun and len(form) >= 3):
                        # («ежа», «ежу» for «Ёж_Колючий»: a noun of two letters in its cases)
                        idx.parts.setdefault(form, set()).add(nick)
                        idx.whole_words.setdefault(form, set()).add(nick)
                    if form not in extra or "nomn" in extra[form]:
                        idx.fuzzy_choices.append(form)
                        idx.fuzzy_owner.append(nick)
            continue
        forms = _animate_accusative(words[0], word_forms(words[0]))
        mixed = rendered[nick]
        if mixed and mixed != words[0]:
            # «Кf3» (a Cyrillic «К» before a Latin «f»): letters are read after
            # engine.textnorm.clean_text, which writes such a word in one script («Kf3»)
            forms = {**_animate_accusative(mixed, word_forms(mixed)), **forms}
        forms = {**_spoken_adjective(words[0], forms), **forms}
        extra = capital_readings(idx, nick, reading_forms(words[0]))
        letter = _letter_name_forms(words[0])
        if letter:
            # a one-letter Latin nick: its Cyrillic letter («л», «ла», «лу» for «L») and the
            # letter's name («Эл», «Элу», «Эл-сама») name him only written as a name
            letter |= {f for f in forms if CYR.search(f)}
            forms = {f: c for f, c in forms.items() if not CYR.search(f)}
        for form in letter:
            idx.capital_readings.setdefault(form, set()).add(nick)
        _translated(words[0], nick, alone)  # «Лисичку» for «Vulpecula», «Ястреба» for «Hawk»
        _add(idx.single, nick, forms)
        _add(idx.single, nick, extra)
        if LAT.search(words[0]) and re.search(r"\d", words[0]):
            # «Р2Д2» for «R2D2»: letters and digits together, the letters typed in Cyrillic
            _add(idx.single, nick, word_forms(translit(words[0])))
        _add_stems(idx, nick, words[0])
        _add_soft_stems(idx, nick, words[0])
        if LAT.search(words[0]) and not re.search(r"\d", words[0]):
            for reading in _long_stems(words[0]):  # «Бульдика» for «Bulldozer» read «бульдозер»
                _add_stems(idx, nick, reading)
        _add_roots(idx, nick, words[0])
        head = re.fullmatch(r"([^\W\d_]{3,})\d+", words[0])
        if head:  # «Лёва2000» is also called «Лёва», «Лёву»: a word of the nick, as «Макс»
            for form in {**word_forms(head.group(1)), **safe_readings(reading_forms(head.group(1)))}:
                idx.parts.setdefault(form, set()).add(nick)  # «Заю» for «Zaya2010»
            _add_stems(idx, nick, head.group(1))
        tail = _compound_tail(words[0])
        if tail:  # «Мешалку» for «Бетономешалка»: the noun a compound nick ends in, as a name
            for form in word_forms(tail):
                idx.capital_readings.setdefault(form, set()).add(nick)
        camel = _camel_words(nick)
        if camel:  # «маму Миши» for «МамаМиши», «Милу Нову» for «MilaNova»: written apart
            idx.multi.append((nick, tuple(
                _union(short_reading(w), _head_readings(w), word_forms(w),
                       *(word_forms(b) for b in name_bases(w)),
                       *(word_forms(g) for g in _given_completed(w))) for w in camel)))
        idx.bases[nick] = [words[0]] + ([translit(words[0])] if LAT.search(words[0]) else [])
        if LAT.search(words[0]):  # «Лайта» cut short from «L1ghtning» read «лайтнинг»
            idx.bases[nick] += _long_readings([words[0], *nick_pieces(nick)])
        for form in list(forms) + [f for f, cases in extra.items()
                                   if "nomn" in cases or len(f) >= 5]:
            # («холсом» for «Holmes» read «холмс»: a slip in a case form of a reading, as of
            # a Cyrillic nick's case form or a nick piece's, see _add_pieces)
            idx.fuzzy_choices.append(form)
            idx.fuzzy_owner.append(nick)
    written = set(idx.single)
    for nick, code in codes:
        if code not in written:  # (a code another nick is written as stays his)
            _add(idx.single, nick, {code: frozenset({"nomn"})})
            idx.codes[code] = nick
    for nick, forms in unnumbered:  # a nick's own spelling stays its alone («Dark_Elf»)
        _add(idx.single, nick, {f: c for f, c in forms.items() if f not in written})
    for nick in nicks:
        _add_initials(idx, nick)
        _add_pieces(idx, nick, alone)
        _add_given(idx, nick)
        _add_numbers(idx, nick)
        _add_numbered(idx, nick)
        _add_rank_slang(idx, nick)
    _add_abbreviations(idx, nicks, latin_parts)
    taken = set(idx.single) | set(idx.parts)
    for nick in nicks:
        _add_famous(idx, nick, taken)
    for nick, forms in alone:  # «Шляпника» for «mad_hatter», unless another nick is «Шляпник»
        for form in forms:
            if form not in taken:
                idx.parts.setdefault(form, set()).add(nick)
            elif form in idx.single and nick not in idx.single[form]:
                idx.translated.setdefault(form, {})[nick] = forms[form]
            elif form in idx.parts:
                # «лису» for «Grey_Fox» and a word of «Лиса Патрикеевна» or «Lisa.K» read
                # «Лиса»: a word of a longer nick is no nick as written; both are readings
                idx.parts[form].add(nick)
                idx.part_translated.setdefault(form, set()).add(nick)
    for nick in nicks:
        _add_verbatim(idx, nick, rendered[nick])
    idx.multi.sort(key=lambda item: -len(item[1]))
    for m, (nick, parts) in enumerate(idx.multi):
        for form in parts[0]:
            idx.multi_first.setdefault(form, []).append(m)
        if len(parts) == 2:
            for form in parts[1]:
                if len(form) >= 3 and CYR.search(form):
                    idx.multi_last.setdefault(form, []).append(m)
    for nick in nicks:
        _add_kin_possessive(idx, nick)
    idx.heads = frozenset(f[:k] for f in (*idx.single, *idx.parts) if len(f) >= 5
                          for k in range(2, len(f) - 1))
    return idx


#: The given name of a famous character → his surname: a nick that is the given name alone
#: is named by the surname too («бендера» for «Остап», «Холмса» for «Sherlock»).
_FAMOUS: dict[str, tuple[str, ...]] = {
    "остап": ("бендер",), "шерлок": ("холмс",), "эркюль": ("пуаро",), "гарри": ("поттер",),
    "гермиона": ("грейнджер",), "фродо": ("бэггинс",), "индиана": ("джонс",),
    "ганнибал": ("лектер",),
}



def _compound_tail(word: str) -> str | None:
    """The noun a compound Cyrillic word ends in after its linking vowel «о» or «е», when the
    word before it is a dictionary word too and the noun is four letters or more
    («бетономешалка» → «мешалка», «мясорубка» → «рубка»); None for any other word."""
    if not re.fullmatch(r"[а-я]{8,}", word) or is_known_word(word) and \
            morph().parse(word)[0].tag.POS != "NOUN":
        return None
    for head, tail in compound_splits(word, 4):
        if not any(is_known_word(h) for h in (head, head + "о", head + "а", head + "я")):
            continue
        if is_known_word(tail) and (p := morph().parse(tail)[0]).tag.POS == "NOUN" and \
                "nomn" in p.tag and "sing" in p.tag:
            return tail
    return None


def _camel_words(nick: str) -> list[str]:
    """The words of a one-word nickname written in CamelCase, each starting with a capital
    and two letters or more («МамаМиши» → мама, миши; «MilaNova» → mila, nova), normalised;
    empty for any other nick (digits, one capital, capitals only)."""
    words = re.findall(r"[A-ZА-ЯЁ][a-zа-яё]+", nick)
    if len(words) < 2 or "".join(words) != nick or any(len(w) < 2 for w in words):
        return []
    return [norm(w) for w in words]


def _given_completed(word: str) -> tuple[str, ...]:
    """The given names a CamelCase nick's word is cut from by its last vowel («Дим» of
    «ДимДимыч» → «дима», so «Димой Димычем» is the nick written apart, in any case of the
    name); empty when the word with «а» or «я» added is no given name."""
    if not re.fullmatch(r"[а-я]{2,}", word) or word[-1] in "аеёиоуыэюяь":
        return ()
    return tuple(g for g in (word + "а", word + "я") if names_written(g))


def _animate_accusative(word: str, forms: dict[str, frozenset[str]]
                        ) -> dict[str, frozenset[str]]:
    """``forms`` (the case forms of a one-word Cyrillic nick ``word``) with the genitive of a
    masculine nick ending in a consonant read as its accusative too: a nick names a person,
    and a person's accusative is his genitive («голосую за Коляна», «шизю Бульдозера»), though
    pymorphy3 declines «колян», «бульдозер» as things (accusative = nominative)."""
    if not re.fullmatch(r"[а-я]{3,}", word) or word[-1] in "аеиоуыэюяь" or \
            "accs" not in forms.get(word, frozenset()):
        return forms
    out = dict(forms)
    for form, cases in forms.items():
        if "gent" in cases and "accs" not in cases and form != word and form[-1] in "ая" \
                and form[:2] == word[:2]:
            out[form] = cases | {"accs"}
    return out


#: Kin words a nick «<kin> <a child's name in the genitive>» is made of («МамаМиши»,
#: «Папа_Лёши», «Мама Тёмы»): the player is also called «<the child's possessive> <kin>».
_KIN = frozenset({"мама", "папа", "мать", "отец", "баба", "бабушка", "дед", "дедушка", "тетя",
                  "дядя", "брат", "сестра", "жена", "муж", "сын", "дочь", "дочка"})

#: Endings of a Russian possessive adjective («мишин»: «мишина», «мишину», «мишиной» …).
_POSSESSIVE_ENDINGS = ("", "а", "о", "ы", "у", "ой", "ою", "ом", "ым", "ых", "ыми", "е", "ого",
                       "ому")


def _kin_and_name(nick: str) -> tuple[str, str] | None:
    """(kin word, child's name in the genitive), normalised, of a nick written «<kin>
    <name>» in two words or in two capitalised parts («МамаМиши», «Папа_Лёши»), or None."""
    parts = re.findall(r"[^\W_\d]+", nick)
    if len(parts) == 1:
        parts = re.findall(r"[А-ЯЁ][а-яё]+", nick)
        if "".join(parts) != nick:
            return None
    if len(parts) != 2 or not all(re.fullmatch(r"[А-ЯЁа-яё]{2,}", p) for p in parts):
        return None
    kin, name = norm(parts[0]), norm(parts[1])
    return (kin, name) if kin in _KIN and len(name) >= 3 else None


def _possessive_stem(genitive: str) -> str | None:
    """The stem of the possessive adjective of a given name in the ``genitive`` («миши» →
    «мишин», «дани» → «данин», «темы» → «темин», «тимура» → «тимуров»), or None when the word
    is no genitive of a name of those declensions."""
    if genitive[-1] in "ыи":  # «Миши», «Тёмы», «Дани»: a name in -а/-я
        return genitive[:-1] + "ин"
    if genitive[-1] == "а" and genitive[-2] not in "аеиоуыэюяь":  # «Тимура»: a man's name
        return genitive[:-1] + "ов"
    return None  # («Игоря», «Андрея»: which of «ь», «й» the name ends in is not known)


def _add_kin_possessive(idx: NameIndex, nick: str) -> None:
    """Index «Мишина мама», «Данину маму», «Лёшиного папы» for the nicks «МамаМиши»,
    «Мама_Дани», «Папа_Лёши»: the child's name said as a possessive adjective before the kin
    word, which carries the case. Only the two words together name the player; the kin word
    is no last word of a nick (a slip in the possessive reads no other child's parent).
    Called after :attr:`NameIndex.multi_last` is built, for that reason."""
    found = _kin_and_name(nick)
    if found is None:
        return
    kin, name = found
    stem = _possessive_stem(name)
    if stem is None:
        return
    kin_forms = {f: c for f, c in word_forms(kin).items() if CYR.search(f)}
    if not kin_forms:
        return
    owned = {stem + e: ALL_CASES for e in _POSSESSIVE_ENDINGS}
    idx.multi.append((nick, (owned, kin_forms)))
    m = len(idx.multi) - 1
    for form in owned:
        idx.multi_first.setdefault(form, []).append(m)


def _add_famous(idx: NameIndex, nick: str, taken: set[str]) -> None:
    """Index the surname of a famous character whose given name is a word of ``nick``
    (:data:`_FAMOUS`) as a word of it, unless a form of it names another nick as it is (a
    nick «Bender» is the one «Бендера» names); two nicks of that given name: both."""
    for w in re.findall(r"[^\W_]+", nick):
        w = norm(w)
        for key in {w, translit(w)} if LAT.search(w) else {w}:
            for surname in _FAMOUS.get(key, ()):
                for form in word_forms(surname):
                    if form not in taken or nick in idx.parts.get(form, ()):
                        idx.parts.setdefault(form, set()).add(nick)


#: Army slang for a rank a nick is written with (its words, abbreviations read out, see
#: :data:`_RANK_SHORT`) → the slang words that name it («старлея» for «Ст.лейтенант Орлов»,
#: «Полкана» for «Полковник», «Кэпа» for «Капитан Немо»); «лейтенант» alone, not a senior or
#: junior one.
_RANK_SLANG: dict[tuple[str, ...], tuple[str, ...]] = {
    ("старший", "лейтенант"): ("старлей",), ("лейтенант",): ("летеха", "лейтеха"),
    ("полковник",): ("полкан",), ("прапорщик",): ("прапор",), ("капитан",): ("кэп",),
}

#: Abbreviated words of a rank («Ст.лейтенант», «Мл. сержант»).
_RANK_SHORT = {"ст": "старший", "мл": "младший"}


def _add_rank_slang(idx: NameIndex, nick: str) -> None:
    """Index the army slang for a rank ``nick`` is written with (:data:`_RANK_SLANG`: its
    case forms, as a word of the nick; «Маньячу старлея» for «Ст.лейтенант Орлов»)."""
    words = [_RANK_SHORT.get(w, w) for w in (norm(w) for w in re.findall(r"[^\W\d_]+", nick))]
    for k, word in enumerate(words):
        rank = (word,)
        if k and words[k - 1] in ("старший", "младший"):
            rank = (words[k - 1], word)
        for slang in _RANK_SLANG.get(rank, ()):
            for form in word_forms(slang):
                idx.parts.setdefault(form, set()).add(nick)
        for full in _RANK_FULL.get(word, ()):
            # «капитана» for «Кэп Немо»: the rank a slang word of the nick stands for
            for form in word_forms(full):
                idx.parts.setdefault(form, set()).add(nick)


#: The rank a one-word slang of :data:`_RANK_SLANG` stands for («кэп» → «капитан»).
_RANK_FULL: dict[str, tuple[str, ...]] = {
    slang: rank for rank, slangs in _RANK_SLANG.items() if len(rank) == 1 for slang in slangs}


#: The Russian names of Latin letters (three letters or more) a one-letter word of a nick
#: is called by («зетка», «Зета» for «Z-80»; «икса» for «X-Ray»).
_LETTER_NAMES = {"z": ("зет", "зед"), "x": ("икс",), "y": ("игрек",), "j": ("джей",),
                 "q": ("кью",), "l": ("эль",)}


#: The names Russians say Latin letters by, English first («кью-эй» for QA, «ай-ти» for IT).
_SPELLED_LETTERS = {
    "a": ("эй", "а"), "b": ("би", "бэ"), "c": ("си", "цэ"), "d": ("ди", "дэ"), "e": ("и", "е"),
    "f": ("эф",), "g": ("джи", "гэ"), "h": ("эйч", "аш"), "i": ("ай", "и"), "j": ("джей",),
    "k": ("кей", "ка"), "l": ("эл", "эль"), "m": ("эм",), "n": ("эн",), "o": ("оу", "о"),
    "p": ("пи", "пэ"), "q": ("кью", "ку"), "r": ("ар", "эр"), "s": ("эс",), "t": ("ти", "тэ"),
    "u": ("ю", "у"), "v": ("ви", "вэ"), "w": ("дабл-ю",), "x": ("экс", "икс"),
    "y": ("уай", "игрек"), "z": ("зед", "зет", "зи"),
}


def _cyrillic_code(word: str) -> dict[str, frozenset[str]]:
    """A nick word of one to three Latin letters and a number («k2» of «Oleg_K2», «t34» of
    «Tank_T34») with its letters typed in Cyrillic, as a Russian keyboard writes it
    («Олега К2», «Танка Т34»): that spelling, undeclined, in any case; ``{}`` for any other
    word. (A one-word nick is so typed already: «Р2Д2» for «R2D2», see :func:`_name_index`.)"""
    if not re.fullmatch(r"[a-z]{1,3}\d+", word):
        return {}
    out = {translit(word): ALL_CASES}
    looks = word.translate(_CODE_LOOKALIKES)  # («Х5» for «x5»: the letter that looks alike)
    if not LAT.search(looks):
        out[looks] = ALL_CASES
    return out


def _code_spellings(word: str) -> dict[str, frozenset[str]]:
    """A nick word of Cyrillic letters and a number («2тэ10» of «Alex_2ТЭ10», «тэм2») as a
    player retypes it: its letters in Latin («2te10») and «э» written «е» («2те10»),
    undeclined, in any case; ``{}`` for any other word."""
    if not re.fullmatch(r"\d*[а-яё]{1,3}\d+|\d+[а-яё]{1,3}", word):
        return {}
    out = {all_latin(word): ALL_CASES}
    if "э" in word:
        out[word.replace("э", "е")] = ALL_CASES
    return {form: cases for form, cases in out.items() if form != word}


#: Suffixes of the colloquial word for a woman of a man's trade («косметолог» →
#: «косметологиня», «директор» → «директорша», «повар» → «повариха»).
_FEMININE_SUFFIXES = ("иня", "ша", "иха")


def _feminine_forms(forms: set[str]) -> set[str]:
    """The case forms of the colloquial feminine nouns built on those of ``forms`` (a nick
    word's forms and readings) that are a man's trade in the nominative, five letters or
    more (pymorphy3: an animate masculine common noun, no name): «косметологиню»,
    «директоршей» for a nick with «Kosmetolog», «Директор»; empty for other words."""
    out: set[str] = set()
    for form in forms:
        if len(form) < 5 or not re.fullmatch(r"[а-я]+", form) or not is_known_word(form):
            continue
        tag = morph().parse(form)[0].tag
        if tag.POS != "NOUN" or not {"anim", "masc", "nomn", "sing"} <= tag.grammemes or \
                {"Name", "Surn", "Patr", "Geox"} & tag.grammemes:
            continue
        for suffix in _FEMININE_SUFFIXES:
            out |= set(word_forms(form + suffix))
    return out


def _glued_code(words: list[str], parts: tuple) -> tuple | None:
    """The parts of a multi-word nick with a word of one to three letters and the number
    right after it («б», «4» of «Квадрат Б-4») written as one word, together or with a
    hyphen, the letters in either script («б4», «б-4», «b4»), when other words are left
    («квадрат б4»); None for a nick with no such pair."""
    for k in range(len(words) - 1):
        letters, number = words[k], words[k + 1]
        if re.fullmatch(r"[^\W\d_]{1,3}", letters) and number.isdigit() and len(words) > 2:
            heads = {letters, all_latin(letters)} | set(_cyrillic_code(letters + number))
            code = {h + sep + number: ALL_CASES for h in heads for sep in ("", "-")}
            code |= {h: ALL_CASES for h in _cyrillic_code(letters + number)}
            return (*parts[:k], code, *parts[k + 2:])
    return None


#: Latin letters to the Cyrillic letters that look alike (a code's letters typed in Cyrillic).
_CODE_LOOKALIKES = str.maketrans("abekmhopctyx", "авекмнорстух")


def _spelled_out(word: str) -> dict[str, frozenset[str]]:
    """An abbreviation of two or three capital Latin letters in a nick («Маша из QA») said
    letter by letter in Russian, undeclined («из ку-эй», «из кьюэй»): each spelling, its
    letters joined by a hyphen or nothing, in any case; ``{}`` for any other word."""
    if not re.fullmatch(r"[A-Z]{2,3}", word):
        return {}
    out: dict[str, frozenset[str]] = {}
    for names in _product([list(_SPELLED_LETTERS[c.lower()]) for c in word]):
        for sep in ("-", ""):
            out[sep.join(names)] = ALL_CASES
    return out


def _letter_name_forms(word: str) -> set[str]:
    """The names Russians say a one-letter Latin nick by (:data:`_SPELLED_LETTERS`, two
    letters or more): a name ending in a consonant in its case forms («эл», «эла», «элу» for
    «L»), any other as written («эй» for «A»); empty for any other word. They name the player
    only written as a name (``idx.capital_readings``): «эл», «эм» are also abbreviations
    and interjections."""
    if not re.fullmatch(r"[a-z]", word):
        return set()
    out: set[str] = set()
    for name in _SPELLED_LETTERS.get(word, ()):
        if len(name) < 2 or "-" in name:
            continue
        out.add(name)
        if name[-1] not in "аеёиоуыэюяь":  # «Кея», «Джею» too
            out |= set(ending_forms(name))
    return out


#: Latin letters that are words or read as one-letter Russian words («I», «a»; «к», «с», «у»,
#: «в»): never a player's name alone.
_WORD_LETTERS = frozenset("aiouyekcqsvw")


def _add_opening_letter(idx: NameIndex, nick: str, letter: str) -> None:
    """«L» for «L.Lawliet»: the one Latin letter a two-word nick opens with, alone, in its
    case forms («L'а», «Л», «Лу») and as the letter's name («Эл», «Эла»), names the player
    written as a name (``idx.capital_readings``), as for a one-letter nick; not a letter
    that is a word («I», «К», «С») nor a form that is a dictionary word («На», «За», «Ла»)."""
    if letter in _WORD_LETTERS:
        return
    for form in {*word_forms(letter), *_letter_name_forms(letter)}:
        if not CYR.search(form) or len(form) == 1 or not is_known_word(form):
            idx.capital_readings.setdefault(form, set()).add(nick)


def _add_letter_name(idx: NameIndex, nick: str, word: str) -> None:
    """Index the name of a one-letter Latin ``word`` of ``nick`` (:data:`_LETTER_NAMES`) as
    a word of the nick (its case forms) and a stem of its pet forms («зетку» for «Z-80»)."""
    for name in _LETTER_NAMES.get(word, ()):
        for form in word_forms(name):
            idx.parts.setdefault(form, set()).add(nick)
        _add_stems(idx, nick, name)


#: Russian endings of an ordinal written after digits («13-го», «13му»).
_NUMBER_ENDINGS = ("й", "го", "му", "м", "ом", "ый", "ого", "ому")


def _add_numbered(idx: NameIndex, nick: str) -> None:
    """Index the letter forms of a nick holding a number under that number: every case
    form of its words and of their Cyrillic readings, unfiltered (the number already tells
    the player): «ваню13» for «Vanya13», «гостя77» (one letter off «госта») for «Ghost_77»,
    «бригаду7» for «Бригада7» (a single digit right after the letters, not «Ваня 2-я
    бригада»: the case form as written only), see
    :meth:`NameIndex.numbered_form`."""
    numbers = set(re.findall(r"\d{2,}", nick)) | \
        set(re.findall(r"(?<=[^\W\d_])[-_]?(\d)(?!\d)", nick))
    if not numbers:
        return
    forms: set[str] = set()
    for word in re.findall(r"[^\W\d_]+", norm(nick)):
        forms |= set(word_forms(word))
        for reading in name_readings(word) if LAT.search(word) else ():
            forms |= set(ending_forms(reading))
    for number in numbers:
        idx.numbered.setdefault(number, []).append((nick, frozenset(forms)))


def _add_initials(idx: NameIndex, nick: str) -> None:
    """Index the initials of a nickname of two or three words of letters («Т.П.» for
    «Тимофей Павлович»; a Latin nick's also in Cyrillic: «Д.К.» for «Don_Korleone»), the
    words of a CamelCase nick too («ББ» for «BigBlind»)."""
    words = [norm(w) for w in re.findall(r"[^\W\d_]+", nick)]
    if len(words) == 1 and 2 <= len(_camel_words(nick)) <= 3:
        words = _camel_words(nick)  # «ББ» for «BigBlind», «ММ» for «МамаМиши»
    elif not 2 <= len(words) <= 3 or len(re.findall(r"[^\W_]+", nick)) != len(words):
        return
    for key in {"".join(w[0] for w in words), "".join(translit(w)[0] for w in words)}:
        idx.initials.setdefault(key, set()).add(nick)
    letters = re.findall(r"(?<![^\W\d_])[а-я](?![^\W\d_])", norm(nick))
    if len(letters) == 2 and len(words) == 3:  # «Н.Н. Гусев», «Мельников А.В.»
        idx.spelled.setdefault("".join(letters), set()).add(nick)


def _add_numbers(idx: NameIndex, nick: str) -> None:
    """Index the numbers of two digits or more in ``nick`` as names of it, bare or with an
    ordinal's ending («13», «13го», «13-му» for «Щипач_13»), or after the first letter of
    a word of the nick, Latin or read in Cyrillic («Т-34», «t34» for «Tank-34»; a Latin
    letter that is a word of its own also as its look-alike or its spoken name's first
    consonant: «Ц-14» for «C-14»); a number two nicks hold names both (ambiguous)."""
    initials = {c for w in re.findall(r"[^\W\d_]+", norm(nick))
                for c in (w[0], translit(w)[0] if LAT.search(w) else w[0])}
    for w in re.findall(r"(?<![^\W\d_])[a-z](?![^\W\d_])", norm(nick)):
        # «Ц-14», «С-14» for «C-14»: a Latin letter alone before the number, typed as the
        # Cyrillic letter that looks like it or the first sound of its Russian name («цэ»)
        initials |= {w.translate(_CODE_LOOKALIKES)} | {
            name[0] for name in _SPELLED_LETTERS.get(w, ()) if name[0] not in "аеёиоуыэюя"}
    for number in set(re.findall(r"\d{2,}", nick)):
        forms = {number: ALL_CASES} | {number + sep + end: ALL_CASES - {"nomn"}
                                       for end in _NUMBER_ENDINGS for sep in ("", "-")}
        forms |= {c + sep + number: ALL_CASES for c in initials for sep in ("", "-")}
        _add(idx.single, nick, forms)


def _add_given(idx: NameIndex, nick: str) -> None:
    """Index the given names the words and pieces of ``nick`` are forms of (and the initial
    of a surname-and-initials nick, :func:`engine.names_given.surname_initial`)
    (:func:`engine.names_given.names_in_word`: «Nadezhda_M» → надежда, «Лёха 2.0» →
    алексей, «x_Alex_x» → александр, александра, алексей)."""
    initial = surname_initial(nick)
    if initial is not None:
        idx.initial_given.setdefault(initial[0], set()).add((nick, initial[1]))
    words = [norm(w) for w in re.findall(r"[^\W\d_]+", nick)]
    found: set[str] = set()
    per_word: list[frozenset[str]] = []
    for word in dict.fromkeys(words + nick_pieces(nick)):
        per_word.append(names_in_word(word))
        found |= per_word[-1]
    if not found and len(words) > 1 and all(w.isascii() for w in words):
        per_word.append(names_in_word("".join(words)))  # «Ksu.sha»: «ksusha» is Ксюша, Ксения
        found |= per_word[-1]
    idx.given_words[nick] = tuple(names for names in per_word if names)
    if not found:
        for word in words:
            found |= _pet_of_given(word)
        if found:
            idx.guessed.add(nick)
    for word in words:
        if word in _FOLK_NAMES:  # «Медведь»: «Миша», «Мишку» may mean the bear too
            found.add(_FOLK_NAMES[word])
    if found and not any(names_in_word(w, foreign=False)
                         for w in dict.fromkeys(words + nick_pieces(nick))):
        idx.foreign_named.add(nick)  # «Lady_Mary»: Мария only by the foreign form Mary
    found |= _clipped_with_patronymic(words)
    if found:
        idx.given_of[nick] = frozenset(found)
        for name in found:
            idx.given.setdefault(name, set()).add(nick)
    for word in words:
        father = patronymic_of(word if CYR.search(word) else translit(word))
        if father is not None and father not in found:
            # «Дмитрич», «Petrovich»: «Дмитрия» may mean him (a guess, asked about)
            idx.patronymic.setdefault(father, set()).add(nick)


#: Animals a Russian calls by a man's name in tales and talk (Михайло Потапыч the bear): a
#: nick so named is reached by that name's forms as well (asked beside its other owners).
_FOLK_NAMES = {"медведь": "михаил", "медвежонок": "михаил"}


def _clipped_with_patronymic(words: list[str]) -> set[str]:
    """The given names a nick of a clipped name before its own patronymic holds («Сан
    Саныч» is Александр Александрович, «Пал Палыч» Павел Павлович): the first word, not
    in the table, begins the patronymic that follows it, so it is the father's name clipped
    and the player's own name too («Сашу» may mean him)."""
    out: set[str] = set()
    for word, after in zip(words, words[1:]):
        if len(word) < 3 or not after.startswith(word) or names_in_word(word):
            continue
        father = patronymic_of(after)
        if father is not None:
            out.add(father)
    return out


def _pet_of_given(word: str) -> frozenset[str]:
    """The given names a nick word not in the table is a pet form of, built by a diminutive
    suffix on a whole short form («Вовчик» is Вова's, so Владимир's; «Жорик» is Георгий's):
    such a nick is reachable by that name's other forms, and a form two nicks share is asked
    about. A dictionary word («танке») or a patronymic's short form («Саныч») is none."""
    if not re.fullmatch(r"[а-я]{3,}", word) or word.endswith(("ыч", "ич")) or (
            is_known_word(word) and not person_name(word)):
        return frozenset()
    return names_written(word)


def _translated(word: str, nick: str, alone: list) -> dict[str, frozenset[str]]:
    """The case forms of the Russian translations of an English nick ``word``
    (:mod:`engine.names_english`: «доктора» for «dr», «старого» for «old»); a noun's forms
    are also put in ``alone`` as ``(nick, forms)``, to name the player by themselves when no
    other nick is written so."""
    found, noun = translations(word)
    forms: dict[str, frozenset[str]] = {}
    for ru in found:
        for form, cases in word_forms(ru).items():
            forms[form] = forms.get(form, frozenset()) | cases
    if noun and forms:
        alone.append((nick, forms))
    return forms


def _instrumental(word: str) -> set[str]:
    """The instrumental of a Cyrillic noun ``word`` in the number it is written in
    («двойняшки» → «двойняшками», «кот» → «котом»); empty for any other word."""
    if not CYR.search(word) or LAT.search(word):
        return set()
    out: set[str] = set()
    for p in morph().parse(word)[:2]:
        if p.tag.POS != "NOUN" or "nomn" not in p.tag or p.tag.number is None:
            continue
        form = p.inflect({"ablt", p.tag.number})
        if form is not None:
            out.add(norm(form.word))
    return out


def _add_abbreviations(idx: NameIndex, nicks: tuple[str, ...],
                       latin_parts: list[tuple[str, str, set[str]]]) -> None:
    """A nick written as an abbreviation in capitals («$TSLA», «BTC_bull») is a reading of
    the word it may stand for, when another nick holds that word («по Тесле» with «$TSLA» and
    «Tesla.Girl»: either may be meant, so the player is asked). ``latin_parts``: (nick, Latin
    word of it, the forms of the word indexed in ``idx.parts``). An abbreviation: three to
    five Latin capitals, at most one vowel, its letters in the word in order, the first the
    word's first, and the word not beginning with it (no mere clipping)."""
    for nick in nicks:
        for abbr in re.findall(r"[^\W_]+", nick):
            if not (abbr.isascii() and abbr.isalpha() and abbr.isupper() and 3 <= len(abbr) <= 5
                    and sum(c in "AEIOUY" for c in abbr) <= 1):
                continue
            low = abbr.lower()
            for other, word, forms in latin_parts:
                if other == nick or word[0] != low[0] or word.startswith(low) or \
                        not _in_order(low, word):
                    continue
                for form in forms:
                    if form in idx.parts:
                        idx.parts[form].add(nick)


def _in_order(letters: str, word: str) -> bool:
    """True when ``letters`` occur in ``word`` in this order (not necessarily together)."""
    rest = iter(word)
    return all(c in rest for c in letters)


def _code_word(word: str) -> bool:
    """True for a short word of a number and letters after it («7б», «10а», «9в»: a class, a
    flat): a mark no other word is, so it names its nick alone; not a letter before a number
    («h1», «g7»: a chess square, said of the board)."""
    return re.fullmatch(r"\d{1,2}[^\W\d_]{1,2}", word) is not None


def _adjective(word: str) -> bool:
    """True for an English nick word translated by an adjective («old» → «старый»), or a
    Russian adjective in the nominative («старый» of «Старый Лис»: «Лиса старого»)."""
    if CYR.search(word) and not LAT.search(word):
        tag = morph().parse(word)[0].tag
        return tag.POS == "ADJF" and "nomn" in tag
    found, noun = translations(word)
    return not noun and any(ru.endswith(("ый", "ий", "ой")) for ru in found)


def _add_pieces(idx: NameIndex, nick: str, alone: list) -> None:
    """Index the pieces of ``nick`` (:func:`nick_pieces`) as words of it (their case forms,
    Latin ones also read in Cyrillic) and as stems of its pet forms («нуба», «Нубик» for
    «NoobSlayer228»; «дрончику» for «dron4ik»); a translated noun among the pieces of a
    one-word nick goes to ``alone`` (see :func:`_translated`). A piece that is a word of
    taking a move back (:data:`TAKE_BACK_WORDS`) is left out."""
    single = len(re.findall(r"[^\W_]+", nick)) == 1
    for piece in nick_pieces(nick):
        if single:
            _translated(piece, nick, alone)
        forms = dict(word_forms(piece))
        if LAT.search(piece):
            for reading in _readings(piece)[1:]:
                for w, cases in safe_readings(word_forms(reading)).items():
                    forms.setdefault(w, cases)  # not «тем» of «Tyoma-77» read «тёма»
            for w, cases in capital_readings(idx, nick, reading_forms(piece)).items():
                forms.setdefault(w, cases)  # «мэд» for «MadHatter», «слэйера» for «NoobSlayer»
        for form in forms:
            if form in TAKE_BACK_WORDS:
                continue  # «не, стоп, …»: the word of a correction, never «Стоп-Кран»
            idx.parts.setdefault(form, set()).add(nick)
            if len(form) >= 5:  # a slip in a piece («дмона» for «димона» of «Dimon4ik»)
                idx.fuzzy_choices.append(form)
                idx.fuzzy_owner.append(nick)
        for reading in _readings(piece) + _long_stems(piece) if LAT.search(piece) else [piece]:
            _add_stems(idx, nick, reading)
        _add_soft_stems(idx, nick, piece)


def _long_stems(word: str) -> list[str]:
    """The English-said Cyrillic readings (five letters or more, the first six) of a Latin
    nick word, which pet forms are built on as on the plain reading («Джейсончика» for
    «Jason_V» read «джейсон»)."""
    return [r for r in name_readings(word)[:6] if len(r) >= 5]


#: A «у» after a consonant in a plain Cyrillic reading, which a Latin spelling may have
#: written for «ю» (no «y» or «i» before the «u»: «Luba», «Kruchok»).
_SOFT_U = re.compile(r"(?<=[бвгдзклмнпрстфх])у")


def _readings(word: str) -> list[str]:
    """A Latin word and the Cyrillic spellings players use for it: the plain reading
    («kestrel» → «кестрел»), an English «u» said «а» («lucky» → «лаки»), a «j» said «ж»
    («joker» → «жокер»), a «u» after a consonant read «ю» when that spells a word or a
    name («kruchok» → «крючок», «lubasha» → «любаша»)."""
    out = [word, translit(word)]
    if "u" in word:
        out.append(translit(word.replace("u", "a")))
        soft = _SOFT_U.sub("ю", out[1])
        if soft != out[1] and (is_known_word(soft) or names_in_word(soft)):
            out.append(soft)
    if "j" in word:
        out.append(translit(word).replace("дж", "ж"))
    return list(dict.fromkeys(out))


def _add_soft_stems(idx: NameIndex, nick: str, word: str) -> None:
    """Index into ``idx.soft_stems`` the reading of a Latin ``word`` of ``nick`` with an «l»
    between vowels said soft, as Russian says it in the words it borrowed, when that begins
    a dictionary word («polar» → «поляр», as in «полярный»: «Полярку» for «Polar.Star»). A
    pet form names the nick by this stem whole only, never cut short (see
    :meth:`engine.names_match.NameIndex.pet_form`: «Поляну» is no «Полярка»)."""
    if not LAT.search(word) or re.search(r"\d", word):
        return
    plain = translit(word)
    if not _HARD_L.search(plain):
        return
    soft = _HARD_L.sub(lambda m: "л" + _SOFTENED_VOWEL[m.group(1)], plain)
    if any(is_known_word(soft + end) for end in ("", "ный", "ка")):
        add_stems(idx.soft_stems, nick, soft)


#: An «л» before «а» or «у» in a plain Cyrillic reading of a Latin word, which Russian says
#: soft in the words it borrowed («polar» → «поляр», «solar» → «соляр»).
_HARD_L = re.compile(r"(?<=[аеиоу])л([ау])")

#: The soft vowel a hard one after «л» becomes (see :data:`_HARD_L`).
_SOFTENED_VOWEL = {"а": "я", "у": "ю"}


def _add_stems(idx: NameIndex, nick: str, word: str) -> None:
    """Index the stems of ``nick``'s pet forms built on ``word`` (see
    :func:`engine.names_pets.add_stems`)."""
    add_stems(idx.stems, nick, word)


def _short_name_forms(word: str) -> set[str]:
    """The case forms of a two-letter Latin word of a nick read as a short given name ending
    in a consonant («ed» of «Ed_Elric» → «эд», «эда», «эду», «эдом»; an initial «e» is read
    «э»); empty for a reading ending in a vowel («Di»: «ди» does not decline)."""
    readings = {translit(word), cyrillic_reading(word)} - {""}
    readings |= {"э" + r[1:] for r in readings if r[:1] == "е"}
    out: set[str] = set()
    for r in readings:
        if CYR.fullmatch(r[-1:] or "x") and r[-1] not in "аеёиоуыэюяй":
            out |= set(ending_forms(r))
    return out


def _head_readings(word: str) -> dict[str, frozenset[str]]:
    """:func:`reading_forms` of a word of a multi-word nick; a Latin word with a number after
    its letters is read by its letters, as written and in Cyrillic («Райдера», «Rider'а» for
    the «Rider77» of «Ghost_Rider77»): the nick's other word tells the player."""
    head = re.fullmatch(r"([a-z]{3,})\d+", word)
    if head is None:
        return reading_forms(word)
    return {**reading_forms(head.group(1)), **word_forms(head.group(1))}


def _long_readings(words: list[str]) -> list[str]:
    """The Cyrillic readings of six letters or more of Latin ``words`` (the first six of
    each), as nominative spellings a nick may be cut short from («Снайпа» from «Sniper_77»
    read «снайпер»; a short reading is no word a nick is cut from)."""
    return [r for w in words for r in name_readings(w)[:6] if len(r) >= 6]


def _add_roots(idx: NameIndex, nick: str, word: str) -> None:
    """Index the own stems of ``nick``'s pet forms built on ``word`` (see
    :func:`engine.names_pets.add_roots`): a Cyrillic word into ``idx.roots``, a Latin word by
    its usual Cyrillic reading into ``idx.read_roots`` («Marusya.K»: «марус», so «Маруську» is
    hers, not Lady_Mary's by the name Мария)."""
    if not LAT.search(word):
        add_roots(idx.roots, nick, word)
    elif readings := name_readings(word):
        add_roots(idx.read_roots, nick, readings[0])


def _glued(words: list[str]) -> str:
    """``words`` written together as one word with a letter doubled where they meet said
    once, as one says it («макспида» for «Max Speed» read «макс спид»); "" when no two
    neighbouring words meet in the same letter, a word is shorter than three letters or the
    glued word is a dictionary word."""
    if len(words) < 2 or any(len(w) < 3 for w in words) or \
            not any(a[-1] == b[0] and a[-1].isalpha() for a, b in zip(words, words[1:])):
        return ""
    out = words[0]
    for w in words[1:]:
        out += w[1:] if out[-1] == w[0] and w[0].isalpha() else w
    return "" if is_known_word(out) else out  # («котом» is no «Кот Том»)


#: Prepositions that make a nick's words after its first a phrase the first word governs
#: («Галя-из-окна», «Тень-на-плетень»): only that head word declines.
_PHRASE_PREPOSITIONS = frozenset({"в", "во", "на", "из", "с", "со", "от", "у", "под", "над",
                                  "за", "по", "до", "без", "к", "ко", "при", "для", "о", "об"})


def _spoken_adjective(word: str, forms: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """The genitive and accusative of a one-word nick declined as an adjective («Ржавый»,
    «Синий») spelt as they are said, «-ова»/«-ева» for «-ого»/«-его» («Ржавова», «Синева»),
    in the same cases; ``{}`` for a nick that is no adjective in «-ый», «-ий», «-ой». (Not a
    word of a longer nick: «Зоркова Глаза» for «Зоркий Глаз» stays a slip, asked.)"""
    if len(word) < 4 or not word.endswith(("ый", "ий", "ой")):
        return {}
    return {f[:-3] + f[-3] + "ва": cases for f, cases in forms.items()
            if f.endswith(("ого", "его")) and "nomn" not in cases}


def _joined_forms(words: list[str], parts: tuple) -> dict[str, frozenset[str]]:
    """One-token spellings of a multi-word nickname: its words joined by «_», «-» or
    nothing, every word in the same case, or all but the last uninflected; a nick whose
    words after the first hold a preposition (:data:`_PHRASE_PREPOSITIONS`: «Галя-из-окна»)
    also with its first word alone declined («Гале-из-окна», «Тени-на-плетень»)."""
    out: dict[str, frozenset[str]] = {}

    def add(ws: list[str], case: str) -> None:
        # the words joined by «_», «-» or nothing, then glued as said (:func:`_glued`)
        for key in ("_".join(ws), "-".join(ws), "".join(ws), _glued(ws)):
            if key:
                out[key] = out.get(key, frozenset()) | {case}

    named: list[list[str]] = []  # the Cyrillic words in the nominative (see below)
    for case in sorted(ALL_CASES, key=lambda c: c != "nomn"):
        per_word = []
        cyrillic = []  # «лису-алису» for «Lisa-Alisa», «танкера-3000» for «Tanker-3000»
        for w, forms in zip(words, parts):
            fit = [f for f, cases in forms.items() if case in cases] or [w]
            per_word.append(fit[:3])
            read = [f for f in fit if CYR.search(f) and not LAT.search(f)] if LAT.search(w) else fit
            if LAT.search(w) and len(read) > 3:
                # («олд_геймер» for «Old_Gamer»: the word as read aloud, also when its
                # translations «старый», «старейший»… come first)
                said = cyrillic_reading(w)[:2]
                read = read[:3] + [f for f in read[3:] if f.startswith(said)][:2]
            cyrillic.append(read[:5] or [w])
        if any(map(LAT.search, words)) and all(map(len, cyrillic)):
            # the last word also undeclined after a declined head («дашей-тян» for
            # «Dasha-chan»: an honorific or a second word keeps its nominative)
            bare = [f for f, cases in parts[-1].items() if "nomn" in cases and
                    CYR.search(f) and not LAT.search(f)][:2]
            if case == "nomn":
                named = cyrillic
            heads_read = _product(cyrillic[:-1])
            if case != "nomn" and named:
                # («Олд_Геймера» for «Old_Gamer_61»: the head words left in the nominative,
                # the last declined, as a Latin head is left as written)
                heads_read += [h for h in _product(named[:-1]) if h not in heads_read]
            for head in heads_read:
                for last in dict.fromkeys(cyrillic[-1] + bare) if len(words) > 1 else ():
                    add(head + [last], case)  # «аннемарии» for «Anna-Maria»
        heads = [[]]
        for fit in per_word[:-1]:
            heads = [h + [f] for h in heads for f in fit]
        heads.append(words[:-1])
        for head in heads:
            for last in per_word[-1]:
                add(head + [last], case)
        if len(words) >= 3 and any(w in _PHRASE_PREPOSITIONS for w in words[1:-1]):
            for first in per_word[0]:  # «галю-из-окна»: the head declined, its phrase kept
                add([first] + words[1:], case)
    if LAT.search(words[-1]) or re.search(r"\d", words[-1]):
        for sep in ("_", "-", ""):
            for form, cases in latin_forms(sep.join(words)).items():
                out.setdefault(form, cases)
    return out


def _union(*tables: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """Forms → cases of several tables together, a form's cases joined («ли» for the «Lee»
    of «Nata-Lee»: undeclined, any case, though the Latin word's own forms call it only
    nominative)."""
    out: dict[str, frozenset[str]] = {}
    for table in tables:
        for form, cases in table.items():
            out[form] = out.get(form, frozenset()) | cases
    return out


def _product(lists: list[list[str]]) -> list[list[str]]:
    """Every choice of one item from each list, in order."""
    out: list[list[str]] = [[]]
    for items in lists:
        out = [h + [x] for h in out for x in items]
    return out


def _add_verbatim(idx: NameIndex, nick: str, rendered: str | None) -> None:
    """``nick`` written exactly as spelled, as a letter renders it (``rendered``, from
    :func:`_rendered`): when that is one token the index does not know for him, that token
    names him in any case slot (a nick written undeclined). Found by
    benchmarks/blind/nick_roundtrip.py."""
    if rendered and nick not in idx.single.get(rendered, {}):
        _add(idx.single, nick, {rendered: ALL_CASES})


def _add(table: dict[str, dict[str, frozenset[str]]], nick: str,
         forms: dict[str, frozenset[str]]) -> None:
    for form, cases in forms.items():
        slot = table.setdefault(form, {})
        slot[nick] = slot.get(nick, frozenset()) | cases


def one_named(text: str, nicks: tuple[str, ...]) -> str | None:
    """The one player that all of ``text`` names in some case form («Пчёлку», «Кота
    Бегемота» for Пчёлка, Кот Бегемот): what a host types after a command's option
    («--fear-choice Пчёлку»). ``nicks``: the roster. None when the words are no name, more
    than one name, or a form two nicks share («Киру»)."""
    from .grammar_tokens import tokenize
    from .textnorm import clean_text

    idx = name_index(tuple(nicks))
    toks = [t for t in idx.merge(tokenize(clean_text(text.strip().strip("«»\"'“”")))) if t.word]
    if not toks:
        return None
    hit = idx.exact([t.w for t in toks], 0, None)
    return hit.nick if hit is not None and hit.nick and hit.length == len(toks) else None

