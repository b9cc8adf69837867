"""The near readings of a word that is no exact form of a nickname (issue 3, issue 11),
for :meth:`engine.names_match.NameIndex.approximate`: a nick with a number written in
other letters («ваню13»), one word of a multi-word nickname, a prefix («Макс» for
«Максик»), a pet form or a given name the nick holds («Петьку», «Диму»), a short form
(«Серж» for «Sergeich»), and last a slip by edit distance (rapidfuzz; thresholds in
:data:`engine.words.THRESHOLDS`). Words are normalised (lower case, ё → е).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .names_fit import loan_word
from .names_given import (
    chat_spellings, foreign_written, full_names, given_table, names_listed, names_written,
    neutral_names,
)
from .names_hit import NameHit, hit, latin_read
from .names_pets import (
    add_stems, clipped_guesses, clipped_owners, longest_root_owners, pet_owners, soft_clipped,
    thing_name,
)
from .grammar_vocab import kin_word
from .translit import cyrillic_reading
from .words import (
    CYR, LAT, THRESHOLDS, is_known_word, is_patronymic, laughter, max_distance, morph,
    noun_lemma, norm, word_forms,
)

if TYPE_CHECKING:
    from .names_match import NameIndex


def near_reading(index: NameIndex, word: str, strict: bool) -> NameHit | None:
    """What :meth:`engine.names_match.NameIndex.approximate` finds for ``word`` (before its
    memo and its Latin and Ukrainian rereadings): a nick with a number, one word of a
    multi-word nickname, a prefix, a pet form, a given name the nick holds, a short form cut
    from a nick, then a near miss by edit distance (:data:`engine.words.THRESHOLDS`).
    ``strict``: only a word of a multi-word nickname. None when nothing fits."""
    if index.numbered and (word[-1:].isdigit() or _NUMBER_TAIL.search(word)):
        found = index.numbered_form(word)
        if found is not None:
            return found
    owners = set(index.parts.get(word, ()))
    if not owners and "ь" in word and word not in index.capital_readings:
        # (not «эльфа» for «Dark_Elf_77»: a common word its reading is names it only
        # written as a name, see capital_reading)
        owners = latin_read(index.parts.get(word.replace("ь", ""), ()))
    if owners and word.isascii() and word.isalpha():
        # «Ded»: a word of «ZloyDed», and read «дед» one of «Дед Мазай» too (ambiguous)
        owners |= index.parts.get(cyrillic_reading(word), set())
    if owners and kin_word(word):
        # «бабулю»: a word of «Бабуля Люба», and a pet form of the «baba» of baba_Zina too
        owners |= _kin_rivals(index, word, owners)
    if strict:
        return hit(sorted(owners), "part") if owners else None
    if (literal := _patronymic_written(index, word, owners)) is not None:
        return NameHit(literal, (literal,), "part")
    in_parts = set(owners)
    kind = "part" if owners else "prefix"
    if len(word) >= THRESHOLDS["prefix_min_len"] and not (not owners and _function_word(word)):
        heads = {word}
        if word[-1] in "аяуюеыиой" and len(word) > 4 and \
                (owners or not is_known_word(word)):
            heads.add(word[:-1])  # «Макса»: also a prefix of «Максик»; «Чинге» (Чингачгук)
        if word.endswith(("ом", "ем", "ой", "ей")) and len(word) >= 6 and \
                not is_known_word(word):
            heads.add(word[:-2])  # «Фростом» for «Frostbyte»: the instrumental of a clip
        lemma = noun_lemma(word)
        if lemma and len(lemma) >= THRESHOLDS["prefix_min_len"] and lemma != word:
            heads.add(lemma)  # «кота»: «Котофей» as well as «Кот_Баюн»; «гросса» (Гроссмейстер)
        heads |= _name_nominatives(word)  # «Сёму» (read «сему», a word too): «Сёма», Semafor
        cut_short = {n for n, bases in index.bases.items()
                     for b in bases for h in heads if b.startswith(h) and b != word}
        cut_short |= soft_clipped(index.bases, word)  # «Тюль» for «Тюлень»
        if not owners and not cut_short:
            cut_short = _latin_clip(index, word)  # «Зуга», «Цугу» for «Zugzwang»
        if owners:  # «кота» is a word of «Kot Begemot»; «Котлета», a thing's name, only
            # starts with its letters and is not cut short so
            cut_short = {n for n in cut_short if n in owners or not thing_name(index.bases[n])}
            cut_short -= _begun_far(index, word, owners, cut_short)
        owners |= cut_short
        if not owners:  # «Серж»: «Серг-» (Sergeich), as «Серёжа» for «Серёга»; one nick only
            alt = {h[:-1] + c for h in heads if len(h) >= 4 and h[-1] in _SOFTENED
                   for c in _SOFTENED[h[-1]]}
            cut = {n for n, bases in index.bases.items()
                   for b in bases for h in alt if b.startswith(h)}
            if len(cut) == 1:
                owners, kind = cut, "pet"  # a short form, as a pet form is
                # («Серж» is Сергей's foreign form: a nick holding Сергей («Серёга») may be
                # meant as well, asked)
                owners |= {n for name in foreign_written(word) for n in index.given.get(name, ())}
    plain = set(owners)  # a word or a prefix of a nick, not only a pet form
    pet = index.pet_form(word)
    if pet is not None and word in index.parts:
        # a word of one nick is no pet form of a thing's name it only starts («кота»)
        whole = pet_owners(index.stems, word, clip=False)
        kept = tuple(n for n in pet.candidates
                     if n in plain or n in whole or not thing_name(index.bases[n]))
        pet = hit(list(kept), "pet") if kept else None
    if pet is not None and len(pet.candidates) > 1 and not plain and \
            (own := _whole_stem_pet(index, word, set(pet.candidates))):
        # «Медочка» for «Медок» (медок → медочек), not «Медоед» or «Medovik» cut short
        pet = hit(sorted(own), "pet")
    if pet is not None and len(in_parts) == 1 and (foreign := _foreign_pets(
            index, set(pet.candidates) - in_parts - plain, next(iter(in_parts)))):
        # «Микасу» for «Mikasa 2.0», «Фокси» for FoxyLady: a Latin nick's word said in
        # Cyrillic and declined, not a Russian pet suffix on another Latin nick's shorter
        # reading it begins with («Мику» of «Hatsune Miku», «фокс» of sh4dow_fox)
        kept = [n for n in pet.candidates if n not in foreign]
        pet = hit(kept, "pet") if kept else None
    pet_cands = set(pet.candidates) if pet is not None else set()
    if pet is not None:
        owners |= set(pet.candidates)
        kind = kind if owners - set(pet.candidates) else "pet"
    unsure = clipped_guesses(index.stems, index.given_of, word, (plain | pet_cands) - in_parts)
    # («Сержа» for «Sergeich»: cut short from a patronymic of the very name written)
    unsure -= {n for name in names_listed(word) for n in index.patronymic.get(name, ())}
    unsure -= _cut_at_name(index, word, unsure)
    by_form = set(owners)  # by the nick's own letters, not by a given name
    if word not in index.parts:  # «Диму»: a pet form of «Димон 2.0»; Dmitry.K is Дмитрий too
        given = index.given_name(word)
        if given is None and owners and names_listed(word) and index.given:
            # «Лиску»: a fox's pet form («Старый Лис») and Василиса's, a dictionary word
            # read as a name since it already names a player so
            given = index._given_name(word)  # noqa: SLF001 (the index's own reading)
        if given is not None:
            # «Варю» is Варвара's «Варя», no cut-short «Вареник»: a nick reached only as a
            # pet form cut short and holding no given name drops out (one built on its whole
            # stem stays: «Лиску», «Старый Лис» as well as Василиса)
            if names_listed(word):
                whole = pet_owners(index.stems, word, clip=False)
                owners = {n for n in owners if n in given.candidates or n in index.given_of
                          or n in plain or n in whole}
            kind = "name" if not owners - set(given.candidates) else kind
            if given.nick is None and len(given.candidates) == 1 and owners <= set(
                    given.candidates) and not owners & pet_owners(index.stems, word, clip=False):
                # a guess (see given_name): asked about, never taken; «Марусей» for
                # «Anna-Maria» by the stem of «Maria» is the same guess
                return given
            owners |= set(given.candidates)
    elif (written := neutral_names(word) or names_written(word)) and \
            (given := index.given_name(word)) is not None:
        # «Иру»: a word of «Ира_1985», and the neutral short form of Ирина, the name of
        # «Irina M.»: every player the name surely is reaches is a reading too (not
        # «Лёху» for «Alex_M»: Alex may be Александр as well); a pet form («Серёгу» for
        # «Serega_Kit») reaches besides only a nick that holds the full name as written
        # («Сергей 1984»)
        pet_only = not neutral_names(word)
        named = {n for n in given.candidates
                 if n not in index.guessed and index.given_of.get(n, written) <= written and
                 (not pet_only or not written.isdisjoint(_nick_words(n)) or
                  not written.isdisjoint(_latin_full(n)) or
                  any(_same_word_read(n, m) for m in owners))}
        # («Лёху»: «Lexa99» is the word «Лёха» of «Лёха_2003» in Latin letters)
        if pet_only and len(in_parts) == 1 and not LAT.search(own := next(iter(in_parts))):
            # «Олечку»: a pet form written as a Cyrillic nick's own word («Олечка_Солнышко»)
            # names that nick, not «Ольга Петровна» by the full name (still «Lexa.Z» for
            # «Лёху» with «Лёха_Гараж»: the very word in Latin letters)
            named = {n for n in named if _same_word_read(n, own)}
        if named - owners:
            owners |= named
            kind = "name"
    if len(owners) > 1 and len(by_form) == 1 and by_form <= owners and \
            pet_owners(index.roots, word, clip=False) == by_form and \
            not any(_same_word_read(n, next(iter(by_form))) for n in owners - by_form):
        # «Володьку»: a pet form built on the nick Володя itself, not on Вовчик, who is
        # reached only by the given name they share (but «Лёху» for «Лёха_2003» is as well
        # «Lexa99», the same word in Latin letters: it stays a reading)
        owners, kind = by_form | _same_stem_sons(index, word), "pet"
    if len(owners) > 1 and len(by_form) == 1 and by_form <= owners and kind in ("pet", "name") \
            and _sibling_pet(index, word, next(iter(by_form)), owners - by_form):
        # «Алёнку» for «Алёнушка»: a pet form on the stem of a nick that is a pet form
        # itself, beside «Лена Малинина», reached only by the given name they share
        owners, kind = by_form, "pet"
    if len(owners) > 1 and kind in ("pet", "name"):
        own = longest_root_owners(index.roots, index.read_roots, word)
        if len(own) == 1 and own <= owners and owners - own <= index.foreign_named:
            # «Маруську»: Marusya.K's own «марус-ька», not Lady_Mary's (Mary is Мария
            # only as a foreign form); «Танюшку» stays asked with Танюша and Tanya.K
            owners, kind = own, "pet"
    if len(owners) > 1 and kind in ("pet", "name") and \
            len(own := index.whole_words.get(word, set()) or _numbered_own(index, word)) == 1 \
            and own <= owners and \
            not LAT.search(next(iter(own))) and names_written(word) and \
            not neutral_names(word) and not full_names(word) and \
            not (owners - own) & index.parts.get(word, set()) and \
            all(LAT.search(n) and not CYR.search(n) and not _same_word_read(n, next(iter(own)))
                for n in owners - own):
        # «Нинулей» for «Нинуля 1949», a pet form of a given name written as a word of a
        # Cyrillic nick, as it is cased: that nick, not the Latin «Nina_K» by the name they
        # share (as «Олечку» above; «Lexa99» is the very word «Лёха», a reading still)
        owners, kind = own, "pet"
    if len(owners) > 1 and in_parts and in_parts <= owners and \
            (begun := _other_word_begun(index, word, in_parts, owners - in_parts)):
        # «Короля» for «Король Лир», not «Королева Гертруда»; «Луну» for «Dea Luna», not
        # «Лунный Камень»: the case form of a nick's word, not another word it only begins
        owners -= begun
        kind = kind if owners - in_parts else "part"
    if owners and owners <= unsure:
        # «Колю» for «Kolobok_13», «старика» for «Старый Мельник»: a guess, asked about
        return NameHit(None, tuple(sorted(owners)), kind)
    if len(owners) > 1 and len(in_parts) == 1 and in_parts <= owners and kind == "name" \
            and all(CYR.search(n) and not LAT.search(n) for n in owners):
        # «Людмилой»: the word of «Людмила_Сад» as written, and «Людочка» by the name they
        # share; when Людмила_Сад is dead the other is no reading taken in her place; but a
        # pet form («Лесю» for «Леся из 7-й») leaves the holder of the full name («Олеся
        # Мазь») the reading when the nick so spelled is dead
        own = None if index.full_name_holders(word, owners - in_parts) else next(iter(in_parts))
        return NameHit(None, tuple(sorted(owners)), kind, spelled=own)
    if owners:
        return hit(sorted(owners), kind)
    limit = max_distance(len(word))
    if limit == 0:
        return None
    if is_known_word(word) and len(word) <= THRESHOLDS["known_word_fuzzy_max_len"]:
        return None
    if laughter(word):
        return None  # «хехе» is no slip of «Лехе»
    clipped = clipped_owners(index.bases, word)
    if clipped:  # «Лолька», «Лолю» for «Lolipop»: a pet form of its first letters
        return hit(sorted(clipped), "pet")
    return slip_reading(index, word)


def _whole_stem_pet(index: NameIndex, word: str, cands: set[str]) -> set[str]:
    """The one nick of ``cands`` (the nicks ``word`` is a pet form of) whose whole stem
    ``word`` is a diminutive of («Медочка»: Медок, «медоч-ек»), when every other one is
    reached only with its word cut short before the suffix («Медоед», «Medovik»: «мед-»),
    ``word`` being a diminutive no dictionary knows (coined on that nick) and no given name's
    form; ``set()`` otherwise (two nicks of the whole stem; a given name: «Танюшку» for
    Танюша and Tanya.K; a dictionary diminutive: «Котику» for Кот_Учёный and Котофей,
    both cats: asked). The word and the nick begin with the same four letters at least: a
    root of three («котярой» for Кот_Учёный) tells no nick built on it from another
    («Котофей»)."""
    if names_written(word) or is_known_word(word):
        return set()
    whole = pet_owners(index.stems, word, clip=False) & cands
    if len(whole) != 1:
        return set()
    nick = next(iter(whole))
    if _built_on_whole(index, nick, cands - whole):
        return set()
    return whole if any(_common_start(word, b) >= 4
                        for b in index.bases.get(nick, ())) else set()


def _built_on_whole(index: NameIndex, nick: str, others: set[str]) -> bool:
    """True when a nick of ``others`` is itself built on the whole of ``nick``'s word of five
    letters or more («Мамонтёнок» on «Мамонт»): a diminutive of ``nick`` («Мамонтика») may
    mean that player as well, so neither is read alone (issue 11, precision first)."""
    bases = [b for b in index.bases.get(nick, ()) if len(b) >= 5 and CYR.search(b)]
    return any(o.startswith(b) and len(o) > len(b)
               for n in others for o in index.bases.get(n, ()) for b in bases)


def _other_word_begun(index: NameIndex, word: str, in_parts: set[str],
                      others: set[str]) -> set[str]:
    """Of the nicks ``others`` (reached by ``word`` as a prefix or a pet form cut short), those
    that are no reading beside ``in_parts`` (the nicks ``word`` is a case form of a word of):
    ``word`` is a dictionary noun's case form («короля», «луну»), no given name, and each word
    of the other nick it shares its first three letters with is a dictionary word of another
    kind: a noun of another gender («королева» for «короля», «Волчица» for «волка») or no
    noun at all («лунный» for «луну»); not a diminutive of the noun, and ``word`` no pet form
    of it. A noun of the same gender («Котофей», «Котик» for «кота») or a word no dictionary
    knows stays a reading: a player may cut it short so. ``set()`` when none."""
    if len(word) < 4 or not CYR.fullmatch(word[:1]) or LAT.search(word) or \
            names_written(word) or not is_known_word(word):
        return set()
    nouns = [p for p in morph().parse(word)[:3]
             if p.tag.POS == "NOUN" and "Name" not in p.tag and "Surn" not in p.tag]
    lemmas = {norm(p.normal_form) for p in nouns}
    genders = {p.tag.gender for p in nouns}
    if not lemmas or None in genders:
        return set()
    own_stems: dict[str, set[str]] = {}
    for lemma in lemmas:
        add_stems(own_stems, "\x00", lemma)
    whole = pet_owners(index.stems, word, clip=False)
    out = set()
    for nick in others:
        if nick in whole or nick in index.parts.get(word, ()):
            continue
        words = {cyrillic_reading(w) if w.isascii() else w
                 for w in re.findall(r"[^\W\d_]{3,}", norm(nick))}
        begun = [w for w in words if w[:3] == word[:3]]
        if begun and all(is_known_word(w) and _other_kind(w, lemmas, genders) and
                         not pet_owners(own_stems, w, clip=False) for w in begun):
            out.add(nick)
    return out


def _other_kind(word: str, lemmas: set[str], genders: set[str]) -> bool:
    """True when the dictionary ``word``'s likeliest reading is no form of ``lemmas`` and is
    a noun of none of ``genders``, or no noun («королева» beside «король»: feminine;
    «лунный» beside «луна»: an adjective; not «котофей» beside «кот»)."""
    parse = morph().parse(word)[0]
    if norm(parse.normal_form) in lemmas:
        return False
    return parse.tag.POS != "NOUN" or parse.tag.gender not in genders


def _numbered_own(index: NameIndex, word: str) -> set[str]:
    """The Cyrillic nicks of one word and a number («Колян2114») whose word has the case
    form ``word`` («Коляна»): the nick's own word, as a word of a multi-word nick is."""
    out = set()
    for nick in index.nicks:
        m = re.fullmatch(r"([а-я]{3,})\d+", norm(nick))
        if m and word in word_forms(m.group(1)):
            out.add(nick)
    return out


def _name_nominatives(word: str) -> set[str]:
    """The nominatives, four letters or more, of the readings of ``word`` as a given name in
    an oblique case («сему» → «сема»: «Сёму» written with «ё» or not, beside the dictionary's
    «сему»): a short form a nick may be cut to, as a player says «Сёма» for «Semafor»."""
    if word[-1:] not in "уюеойи":
        return set()
    return {norm(p.normal_form) for p in morph().parse(word)
            if "Name" in p.tag and "nomn" not in p.tag and len(p.normal_form) >= 4}


def _cut_at_name(index: NameIndex, word: str, unsure: set[str]) -> set[str]:
    """Of the Latin nicks ``unsure`` (reached by ``word`` only as a guess: a given name's
    form), those whose Cyrillic reading begins with that very name in the nominative, four
    letters or more («Капу», «Капой» for «Capablanca_42»: «Капа|бланка», cut where a name
    happens to end): a nick cut short, no guess. Not «Колю» for «Kolobok_13» («Коля» is no
    beginning of «Колобок»), nor «Пашу» for «Pashtet»."""
    if not unsure:
        return set()
    names = {norm(p.normal_form) for p in morph().parse(word)
             if "Name" in p.tag and len(p.normal_form) >= 4}
    return {n for n in unsure if LAT.search(n) and not CYR.search(n) and
            any(b.startswith(name) and len(b) >= len(name) + 3
                for b in index.bases.get(n, ()) for name in names)}


def _latin_clip(index: NameIndex, word: str) -> set[str]:
    """The one Latin nick a short word no dictionary knows is cut from: three
    letters ending in a consonant, the Cyrillic beginning of one of the nick's readings at
    least three letters short of it, with a case ending («Зуга», «Цугу», «Зугом» for
    «Zugzwang»; «Фиана» is read so already); ``set()`` when no nick or several begin so."""
    m = re.fullmatch(r"([а-я]{2}[бвгджзклмнпрстфхцчшщ])(?:а|у|е|ом|ой)", word)
    if m is None or is_known_word(word):
        return set()
    stem = m.group(1)
    owners = {n for n, bases in index.bases.items() if LAT.search(n) and not CYR.search(n)
              and any(b.startswith(stem) and len(b) >= len(stem) + 3 for b in bases)}
    return owners if len(owners) == 1 else set()


def _begun_far(index: NameIndex, word: str, whole: set[str], begun: set[str]) -> set[str]:
    """Of the nicks ``begun`` (the Cyrillic ``word`` begins one of their spellings), those a
    Latin nick's whole word read in Cyrillic outranks: ``word`` is the plain reading of a word
    of every nick in ``whole`` (all Latin: «алекс» for «Alex007», «Alex-K»), while it begins
    the Cyrillic nick three letters or more short of each of its spellings it begins
    («Александра», «Алексеич», «Александр Борисович»): the nick as spelled is the one named,
    the longer name only begun is no reading. Only for a word that is a first name or no dictionary word («кота»:
    «kot_begemot» and «Котофей» stay either) and a begun nick holding a given name or a
    patronymic; not a nick begun two letters short («Макс»: «Max_Power» and «Максик» stay
    either), nor a Latin one, nor one reached so alone."""
    if not CYR.search(word) or LAT.search(word) or not whole or \
            is_known_word(word) and "Name" not in morph().parse(word)[0].tag:
        return set()  # («кота» for «kot_begemot» is a cat: «Котофей» stays a reading)
    read = set()
    for n in whole:
        said = {r for w in re.findall(r"[a-z]+", norm(n)) if len(w) >= 3
                for r in (cyrillic_reading(w),)
                if word.startswith(r) and len(word) - len(r) <= 2}
        if not said or CYR.search(n):
            return set()
        read |= said
    out = set()
    for n in begun - whole:
        if LAT.search(n) or not CYR.search(n) or not (
                n in index.given_of or any(n in sons for sons in index.patronymic.values())):
            continue  # only a nick holding a given name or a patronymic
        begun_words = [b for s in index.bases.get(n, ()) for b in re.findall(r"[^\W\d_]+", s)
                       if any(b.startswith(r) for r in read)]
        if begun_words and all(len(b) >= len(r) + 3 for b in begun_words for r in read):
            out.add(n)
    return out


def slip_reading(index: NameIndex, word: str) -> NameHit | None:
    """The nicks ``word`` is a slip of by edit distance (:func:`engine.words.max_distance`
    of its length), the nearest only; None when none is near enough."""
    limit = max_distance(len(word))
    if limit == 0:
        return None
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    found = process.extract(word, index.fuzzy_choices, scorer=OSA.distance,
                            score_cutoff=limit, limit=None)
    sex = _patronymic_sex(word)
    if sex is not None:
        # «Петровну» is no slip of «Петровича»: a patronymic of one sex never names a nick
        # by the other sex's patronymic
        found = [f for f in found if _patronymic_sex(f[0]) in (None, sex)]
    if found and DIGITS.search(word):
        # «бочку7» is no slip of «Бочка5»: a number written is the player's, never a typo
        # of another number (nor of a nick with none)
        found = [f for f in found if same_number(word, f[0])]
    if found:
        # «Эрена» is no slip of «Рена» (Ren-kun): a letter added or dropped before the
        # name's first letter makes another name, never a slip of the fingers
        found = [f for f in found if not (f[0] and word[1:].startswith(f[0][:3]) and
                                          word[:1] != f[0][:1] and len(word) > len(f[0]) and
                                          not _DIGIT_LETTER.search(index.fuzzy_owner[f[2]]))]
    if not found:
        return None
    best = min(score for _, score, _ in found)
    if best >= 2 and is_known_word(word) and \
            not any(f[0][:4] == word[:4] for f in found if f[1] == best):
        # «Стрельцу» is no slip of «Тельцу» (Телец): a word of the dictionary two edits from
        # a nick, and not at its end, is that word, said of somebody else (asked as nobody's
        # name where it stands as one); at the end it is a case ending or T9 gone astray
        # («бухгалтерию» for «Бухгалтера», «Близнецов» for «Близнецы»)
        return None
    owners = sorted({index.fuzzy_owner[idx] for _, score, idx in found if score == best})
    return hit(owners, "fuzzy")


#: A digit standing for a letter before a nick's letters («0xygen», «4ertik»).
_DIGIT_LETTER = re.compile(r"\d(?=[^\W\d_])")

#: A run of digits in a word («бочку7» → 7).
DIGITS = re.compile(r"\d+")


def same_number(word: str, form: str) -> bool:
    """True when ``word`` and the nick form ``form`` hold the same numbers in the same order
    (none in either counts too): a slip of the letters may name a nick, a slip of the
    number never does («бочку7» is no slip of «бочку5»)."""
    return DIGITS.findall(word) == DIGITS.findall(form)


def _patronymic_sex(word: str) -> str | None:
    """The gender of ``word`` when it is a patronymic of one gender only («петровну»:
    femn, «петровича»: masc); None otherwise."""
    if not CYR.search(word):
        return None
    genders = {p.tag.gender for p in morph().parse(word) if "Patr" in p.tag}
    return genders.pop() if len(genders) == 1 else None


def short_prefix_owners(index: NameIndex, word: str) -> tuple[str, ...]:
    """The nicknames a word too short to name a player begins («Бу»: Бука and Бублик;
    two letters, below ``THRESHOLDS["prefix_min_len"]``), sorted; empty for any other
    word. Only for a word already asked about as nobody's name: which players it may be
    cut from is listed, never one of them taken (:func:`engine.parse_types.unknown_name`)."""
    w = norm(word)
    if not (2 <= len(w) < THRESHOLDS["prefix_min_len"]) or not w.isalpha():
        return ()
    return tuple(sorted(n for n, bases in index.bases.items()
                        if any(b.startswith(w) for b in bases)))


def numbered_reading(index: NameIndex, word: str) -> NameHit | None:
    """A nick with a number written in other letters with the number kept («ваню13»,
    «Ваню-13» for «Vanya13», «гостя77» for «Ghost_77»; «Холмсу221b» for «Холмс221b», the
    letters after the number as the nick ends): the number names the nicks holding it, the
    letters (a case form of a word of the nick or of its Cyrillic
    reading, one letter off at most, or a pet form or given name that reaches the nick:
    «Сашеньку1987» for «Sasha1987») confirm; None when they do not."""
    m = _LETTERS_NUMBER.fullmatch(_ORDINAL_TAIL.sub("", word))
    if m is None or m.group(2) not in index.numbered:
        return None
    letters, tail = m.group(1), m.group(3)
    from rapidfuzz.distance import OSA

    owners = sorted({nick for nick, forms in index.numbered[m.group(2)]
                     if (not tail or norm(nick).endswith(m.group(2) + tail)) and (
                         letters in forms or (len(letters) >= 4 and len(m.group(2)) > 1 and any(
                         OSA.distance(letters, f, score_cutoff=1) <= 1 for f in forms)))})
    if not owners and len(m.group(2)) > 1 and \
            (named := index.approximate(letters)) is not None and named.kind in ("pet", "name"):
        owners = sorted({n for n, _ in index.numbered[m.group(2)] if not tail or
                         norm(n).endswith(m.group(2) + tail)} & set(named.candidates))
    if not owners:
        # «Торпеду-7» for Torpedo-7: the Russian noun the nick's Latin word was borrowed as
        # (engine.names_fit.loan_word), the number the nick's
        owners = sorted(n for n, _ in index.numbered[m.group(2)]
                        if (not tail or norm(n).endswith(m.group(2) + tail)) and
                        loan_word(letters, n))
    return hit(owners, "part") if owners else None


#: A consonant at the end of a short form and the consonants it alternates with in the
#: nick it is cut from (г/ж: «Серж» for «Sergeich», as «Серёга»/«Серёжа»).
_SOFTENED = {"ж": "гзд", "ч": "кт", "ш": "хс"}

#: A number and one or two letters ending a word («холмсу221b»), or an ordinal's ending after
#: a hyphen («Svarka77-го»).
_NUMBER_TAIL = re.compile(r"\d[^\W\d_]{1,2}$|\d-(?:го|му|м|й|ом|ого|ому|ым)$")

#: The ending of an ordinal a nick's number is declined with («Svarka77-го», «Ghost_77-му»):
#: the number as the nick holds it, the word's case told by the ending.
_ORDINAL_TAIL = re.compile(r"(?<=\d)-(?:го|му|м|й|ом|ого|ому|ым)$")

#: Letters and a number written as one token («ваню13», «гостя-77», «олю_2019»).
_LETTERS_NUMBER = re.compile(r"([^\W\d_]{3,})[-_]?(\d+)([^\W\d_]{0,2})")


def _nick_words(nick: str) -> set[str]:
    """The words of ``nick`` as written (normalised letters, no digits): «Сергей 1984» →
    {«сергей»}."""
    return {norm(w) for w in re.findall(r"[^\W\d_]+", nick)}


def _latin_full(nick: str) -> set[str]:
    """The Latin words of ``nick`` read in Cyrillic that are a full given name of the table
    («Lyudmila1958» → {«людмила»}): the full name held as written, in Latin letters."""
    if not LAT.search(nick):
        return set()
    return {r for w in re.findall(r"[a-z]+", norm(nick)) if len(w) > 3
            for r in (cyrillic_reading(w),) if full_names(r)}


def _same_stem_sons(index: NameIndex, word: str) -> set[str]:
    """The patronymic nicks on a given name ``word`` is a pet form of that begin with the
    word's first four letters, its stem cut from the full name as theirs is («Кузьку»:
    Кузьма's «Кузька», as «Кузьмич» is built on «Кузьм-»): as good a reading as a nick the
    pet form is also built on («Кузя»), asked. (Not «Петьку» for «Петрович»: «петь-» is no
    beginning of «петр-».)"""
    if len(word) < 5:
        return set()
    return {n for name in names_written(word) for n in index.patronymic.get(name, ())
            if norm(n).startswith(word[:4])}


def _same_word_read(latin: str, nick: str) -> bool:
    """True when a word of the Latin nick ``latin`` read in Cyrillic, as written or as a
    name is typed in chat, is a word of ``nick`` («Lexa99»: «леха» of «Лёха_2003»; not
    «Dmitry.K» for «Димон 2.0»)."""
    if CYR.search(latin) or not LAT.search(latin):
        return False
    words = _nick_words(nick)
    return any(r in words for w in re.findall(r"[a-z]+", norm(latin))
               for r in (cyrillic_reading(w), *chat_spellings(w)))


def _sibling_pet(index: NameIndex, word: str, nick: str, others: set[str]) -> bool:
    """True when ``word`` is a pet form (no full name's form) of a name that is a full name of
    its own and counted as a form of another besides («Алёнка»: Алёна, a form of Елена too),
    on a stem of four letters or more of the Cyrillic nick ``nick`` («алён-ку» of
    «Алёнушка»: two pet forms of one stem), and every nick of
    ``others`` (reached by a given name only) is written in Cyrillic letters with no word
    that begins as ``word`` does («Лена Малинина»; not «Таня_Пупсик» for «Танюху», a pet
    form of both): then ``nick`` is the player the word names."""
    if full_names(word) or LAT.search(nick) or not CYR.search(nick):
        return False  # («Елену»: a full name's form names any nick of the name alike)
    written = names_listed(word)
    table = given_table()
    if not any(x in table.get(x, ()) and (table[x] - {x}) & written for x in written):
        return False  # («Катю»: a form of Екатерина alone, Катюша's and her namesake's)
    if not any(nick in index.stems.get(word[:n], ()) for n in range(4, len(word) + 1)):
        return False  # (no stem of four letters or more that ``word`` starts with is nick's)
    for other in others:
        if LAT.search(other) or not CYR.search(other):
            return False
        if any(w[:3] == word[:3] for w in re.split(r"[\W\d_]+", norm(other)) if w):
            return False
    return True


def _common_start(a: str, b: str) -> int:
    """The number of leading characters ``a`` and ``b`` share."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def _foreign_pets(index: NameIndex, others: set[str], own: str) -> set[str]:
    """Of ``others`` (nicks a written word reaches only as a pet form), the Latin nicks with
    no given name whose words all read in Cyrillic as a proper beginning of a word of the
    Latin nick ``own`` the written word is a case form of (its Cyrillic reading: «мику» of
    Miku begins «микаса» of Mikasa; «фокс» of fox begins «фокси» of Foxy): a Russian pet
    suffix guessed on a foreign stem is no reading beside the longer word said as written.
    Empty unless every one of ``others`` is such (all ASCII), or ``own`` is no ASCII Latin
    nick."""
    if not others or not own.isascii() or not LAT.search(own):
        return set()
    own_reads = {cyrillic_reading(w) for w in re.findall(r"[a-z]{3,}", norm(own))}
    out: set[str] = set()
    for n in others:
        if not n.isascii() or n in index.given_of:
            return set()  # («Sanёk»: a nick of mixed letters is read otherwise)
        reads = [cyrillic_reading(w) for w in re.findall(r"[a-z]{3,}", norm(n))]
        stems = [re.sub(r"[аяуюеиоыь]+$", "", r) for r in reads]
        if not any(len(st) >= 3 and any(o.startswith(st) and len(o) > len(r) for o in own_reads)
                   for st, r in zip(stems, reads)):
            return set()
        out.add(n)
    return out


#: Parts of speech that name nobody (pymorphy3's tags): a preposition, a conjunction, a
#: particle, a pronoun.
_FUNCTION_POS = frozenset({"PREP", "CONJ", "PRCL", "NPRO"})


def _function_word(word: str) -> bool:
    """True when ``word`` (lower case, four letters at most) is a function word, which is no
    nick cut short: round 68's «охраняю нашего босса, пусть спит спокойно под мой сет» read
    «под» as the start of «Подружка_невесты» (silent)."""
    if len(word) > 4 or not CYR.search(word):
        return False
    parses = morph().parse(word)
    return bool(parses) and parses[0].tag.POS in _FUNCTION_POS


def _kin_rivals(index: NameIndex, word: str, owners: set[str]) -> set[str]:
    """The nicks besides ``owners`` holding a kin word of the family of the kin word
    ``word`` (its first three letters; a Latin word read in Cyrillic): «бабулю» is a word of
    «Бабуля Люба» and a pet form of the «baba» of baba_Zina, both players' (asked)."""
    out = set()
    for nick, bases in index.bases.items():
        if nick in owners or not bases:
            continue
        for w in re.split(r"[ _.\-]+", bases[0]):
            if w.isascii() and w.isalpha():
                w = cyrillic_reading(w)
            if len(w) >= 3 and w[:3] == word[:3] and kin_word(w):
                out.add(nick)
                break
    return out


def _patronymic_written(index: NameIndex, word: str, owners: set[str]) -> str | None:
    """The one nick of ``owners`` (the nicks ``word`` is a word of) that holds the
    patronymic ``word`` as written (:func:`holds_patronymic`: «Егорыча» for «Шкипер Егорыч»,
    «Петровну» for «Зинаида Петровна»): that player, not one reached by the given name it
    is made on («Егорка Юнга»: a man is not called by his own name's patronymic) nor by a
    patronymic of the other sex («Петрович» for «Петровну»). None when ``word`` is no
    patronymic, or two nicks hold it so (asked)."""
    if not owners or not is_patronymic(word):
        return None
    literal = [n for n in owners if holds_patronymic(word, n)]
    return literal[0] if len(literal) == 1 else None


def holds_patronymic(word: str, nick: str) -> bool:
    """True when ``word`` is a case form of a word of ``nick`` as that word is spelt, its
    stem written out («Михалыча» for «Михалыч»; not for «Николай Михайлович», whose spoken
    form it is: that one stays a reading asked about beside a nick so spelt only when no
    nick spells it, see :meth:`engine.names_match.NameIndex._whole_or_word`)."""
    return any(word in word_forms(w) and word.startswith(w[:max(3, len(w) - 2)])
               for w in re.findall(r"[^\W\d_]+", norm(nick)))
