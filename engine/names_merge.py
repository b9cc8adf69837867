"""Joining the tokens of a multi-word nickname into one (issue 3): «Dr.Who», «Ю. Гагарина»,
«Анну Марию», «Леди Грей» for «Lady.Grey». Used by :meth:`engine.names_match.NameIndex.merge`.
"""

from __future__ import annotations

import functools
import re
from operator import attrgetter

from . import grammar_vocab as V
from .names_given import full_names, names_listed, patronymic_of
from .names_hit import initials_of
from .names_sound import said_like
from .translit import cyrillic_reading
from .words import is_known_word, is_patronymic, is_verb, morph, person_name, word_forms

_W = attrgetter("w")  # a token's normalised text (engine.grammar_tokens.Tok.w)

_JOINERS = frozenset({".", "—"})


def merge_tokens(idx, toks: list) -> list:
    """Join the tokens of a multi-word nickname written with dots, spaces or dashes
    between its words («Dr.Who», «Ю. Гагарина», «Анну Марию») into one word token whose
    ``w`` is the key :meth:`engine.names_match.NameIndex.exact` knows, so punctuation inside
    a nick never splits a clause or a move. ``idx``: the roster's form index; ``toks``:
    :class:`engine.grammar_tokens.Tok` list; returns a new list (the same one when nothing
    was joined)."""
    present = set(map(_W, toks))
    spelled = idx.initials and "." in present and not present.isdisjoint(_LETTERS) and \
        _dotted_letter(toks)
    capitals = idx.initials and not present.isdisjoint(idx.initials)
    fathers = bool(idx.spelled)
    cut = not present.isdisjoint(idx.heads) and _split_pair(idx, toks)
    surnamed = _named_surname_pair(idx, toks, present)
    if present.isdisjoint(idx.multi_first) and present.isdisjoint(idx.multi_last) and \
            "_" not in "".join(present) and not spelled and not capitals and not cut and \
            not fathers and not surnamed:
        return toks  # no multi-word nickname can start here
    out = None
    n, i = len(toks), 0
    lasts = idx.multi_last if not present.isdisjoint(idx.multi_last) else None
    while i < n:
        t = toks[i]
        cand = idx.multi_first.get(t.w) if t.word else None
        best = None
        if t.word and "_" in t.w and t.w not in idx.single:
            chunks = [c for c in t.w.split("_") if c]
            first = "" if not chunks else chunks[0] if chunks[0] in idx.multi_first \
                else chunks[0].replace("э", "е")  # «шэдоу_фокс» for «Shadow_Fox»
            for m in idx.multi_first.get(first, ()) if chunks else ():
                nick, parts = idx.multi[m]
                if len(parts) == len(chunks) and all(c in f or c.replace("э", "е") in f
                                                     for c, f in zip(chunks, parts)):
                    best = (nick, i + 1)
            if best is None and len(chunks) >= 2 and first not in idx.multi_first:
                best = _pet_head(idx, chunks, i)
        if cand and best is None:
            for m in cand:
                nick, parts = idx.multi[m]
                end = _match_parts(toks, i, parts, idx.parts)
                if end is not None and (best is None or end > best[1]):
                    best = (nick, end)
        if best is None and lasts is not None and t.word and i + 1 < n and \
                (toks[i + 1].w in lasts or toks[i + 1].w in _JOINERS) and \
                t.w not in idx.single and t.w not in idx.multi_first:
            best = _slipped_first(idx, toks, i)  # (only before a nick's last word: cheap)
        if best is None and spelled and len(t.w) == 1:
            best = _initials(idx, toks, i)
        if best is None and spelled and t.word and t.cap and len(t.w) > 2 and i + 2 < n and \
                len(toks[i + 1].w) == 1 and toks[i + 1].start == t.end + 1:
            best = _surname_initials(idx, toks, i)
        if best is None and capitals and t.w in idx.initials:
            best = _capital_initials(idx, t, i)
        if best is None and surnamed and t.word and i + 1 < n:
            best = _first_name(idx, toks, i)
        if best is None and fathers and t.word and i + 1 < n:
            best = _name_and_patronymic(idx, t, toks[i + 1], i)
        if best is None and cut and t.w in idx.heads and i + 1 < n and \
                toks[i + 1].start == t.end + 1 and toks[i + 1].word and not t.cap:
            best = _split(idx, t, toks[i + 1], i)
        if best is None:
            if out is not None:
                out.append(t)
            i += 1
            continue
        if out is None:
            out = list(toks[:i])
        nick, end = best
        last = toks[end - 1]
        out.append(type(t)(t.text, _merged_key(nick), t.start, last.end, True, True, t.quoted))
        i = end
    return toks if out is None else out


@functools.lru_cache(maxsize=256)
def _latin_pairs(nicks: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
    """(nick, first word, second word) of each nick of ``nicks`` written as two Latin words
    and nothing else but separators and digits («Marry_Me», «Sky Hawk»), lower case."""
    out = []
    for nick in nicks:
        words = re.findall(r"[A-Za-z]+", nick)
        if len(words) == 2 and not re.search(r"[^\W\d_]", re.sub(r"[A-Za-z]+", "", nick)):
            out.append((nick, words[0].lower(), words[1].lower()))
    return tuple(out)


def said_aloud(idx, t, u) -> str | None:
    """The nick of two Latin words (:func:`_latin_pairs`) that the tokens ``t`` and ``u``,
    two Cyrillic words in a row, say aloud, each its Latin word («Мэри Ми» for Marry_Me;
    the first by its sound skeleton, :func:`engine.names_sound.said_like`, the second so
    or, a word of three letters or less, as its Russian reading with an English final «e»
    said «и»), when exactly one nick is said so and the first word is no form of any nick;
    None otherwise. Both words must be said: one alone may be any other word («Мэри» is
    no case of «мира»). Used by :func:`engine.grammar_targets.read_targets` on a word no
    reading took (so a letter pays nothing for it otherwise)."""
    if not (t.word and u.word and u.start <= t.end + 1 and _CYRILLIC_WORD.fullmatch(t.w) and
            _CYRILLIC_WORD.fullmatch(u.w)) or t.w in idx.single or t.w in idx.parts:
        return None
    found = [nick for nick, first, second in _latin_pairs(idx.nicks)
             if said_like(t.w, first) and (said_like(u.w, second) or short_said(u.w, second))]
    return found[0] if len(found) == 1 else None


#: A word of Cyrillic letters only.
_CYRILLIC_WORD = re.compile(r"[а-яё]+")


def short_said(word: str, latin: str) -> bool:
    """True when the Cyrillic ``word`` is the short Latin word ``latin`` (three letters or
    less) as Russians read it: its transliteration, a final «e» said «и» as English says it
    («Ми» for «Me», «Би» for «Be»)."""
    if len(latin) > 3:
        return False
    read = cyrillic_reading(latin)
    return word == read or (latin.endswith("e") and word == read[:-1] + "и")


#: The endings of a Russian surname's nominative («Треплев», «Заречная», «Гусин»).
_SURNAME = re.compile(r"[а-яё]{2,}(?:ов|ев|ёв|ин|ын|ова|ева|ёва|ина|ына|ский|цкий|ская|цкая)")


def _surname_nick(idx, word: str) -> str | None:
    """The one-word Cyrillic nick that ``word`` (a letter's normalised word) is a case form
    of when that nick is a Russian surname («треплева» for «Треплев»), else None."""
    owners = idx.single.get(word)
    if not owners or len(owners) != 1:
        return None
    nick = next(iter(owners))
    return nick if _SURNAME.fullmatch(nick.lower()) else None


def _named_surname_pair(idx, toks: list, present: set[str]) -> bool:
    """True when some word that is only a given name is followed right away by a case form
    of a surname nick (see :func:`_first_name`). ``present``: the tokens' ``w``s (a letter
    with no surname nick's form among them is answered by one set operation)."""
    if not any(_surname_nick(idx, w) is not None for w in idx.single.keys() & present):
        return False
    for k in range(len(toks) - 1):
        if toks[k].word and toks[k + 1].word and names_listed(toks[k].w) and \
                _surname_nick(idx, toks[k + 1].w) is not None:
            return True
    return False


def _first_name(idx, toks: list, i: int) -> tuple[str, int] | None:
    """A surname nick written with a first name before it, as a person's full name is
    («Костю Треплева» for «Треплев»): the given name names no player of the roster itself and
    the two words stand a space apart. ``(nick, i + 2)`` or None."""
    t, u = toks[i], toks[i + 1]
    if not u.word or u.start != t.end + 1 or not names_listed(t.w) or \
            t.w in idx.single or t.w in idx.parts:
        return None
    nick = _surname_nick(idx, u.w)
    if nick is None or idx.approximate(t.w) is not None:
        return None
    return nick, i + 2


def _pet_head(idx, chunks: list[str], i: int) -> tuple[str, int] | None:
    """A nick of words joined by «_» written so with its first word in a pet or given-name
    form and its other words as spelt («Оксанку_К» for «Oksana_K», «Танюшу_М» for
    «Таня_М»): the other words tell the player, the first must read as one of that nick's
    own readings (:meth:`engine.names_match.NameIndex.approximate`). ``(nick, i + 1)`` when
    exactly one nick fits, else None."""
    if len(chunks[0]) < 3:
        return None
    found = idx.approximate(chunks[0])
    if found is None or found.kind == "fuzzy":
        return None
    reached = set(found.candidates or (found.nick,))
    fit = {nick for nick, parts in idx.multi
           if nick in reached and len(parts) == len(chunks) and
           all(c in f for c, f in zip(chunks[1:], parts[1:]))}
    return (fit.pop(), i + 1) if len(fit) == 1 else None


def _dotted_letter(toks: list) -> bool:
    """True when a word of one letter is followed right away by a dot («Т.», «т.п.»): the
    initials :func:`_initials` and :func:`_surname_initials` read start only there (with
    none, both find nothing, so the merge is spared its walk over the tokens)."""
    for k in range(len(toks) - 1):
        t = toks[k]
        if len(t.w) == 1 and t.word:
            nxt = toks[k + 1]
            if nxt.w == "." and nxt.start == t.end:
                return True
    return False


def _split_pair(idx, toks: list) -> bool:
    """True when :func:`_split` joins some token with the next one (a nick cut in two by
    voice input): with none, the merge's look for a cut nick finds nothing wherever it
    looks."""
    heads = idx.heads
    for k in range(len(toks) - 1):
        t = toks[k]
        if t.w in heads and not t.cap:
            u = toks[k + 1]
            if u.start == t.end + 1 and u.word and _split(idx, t, u, k) is not None:
                return True
    return False


#: One-letter words that may be an initial.
_LETTERS = frozenset("абвгдеёжзиклмнопрстуфхцчшщэюяabcdefghijklmnopqrstuvwxyz")

#: Abbreviations written as initials that are no name («и т.п.», «т.е.», «т.д.»).
_ABBREVIATIONS = frozenset({"тп", "тд", "те", "тк", "пс", "нр", "тч"})


def _initials(idx, toks: list, i: int) -> tuple[str, int] | None:
    """A nickname of two or three words written as its initials with dots («Т.П.», «т.п.»
    for «Тимофей Павлович»), not after «и» («и т.п.»: «and so on»): ``(nick, index after
    it)`` or None; also none when the initials are an abbreviation and written in lower case."""
    letters, k = [], i
    while k + 1 < len(toks) and toks[k].word and len(toks[k].w) == 1 and toks[k + 1].w == "." \
            and toks[k + 1].start == toks[k].end:
        letters.append(toks[k].w)
        k += 2
        if k < len(toks) and toks[k].word and toks[k].start > toks[k - 1].end:
            break  # «Т. Павлович» is the words, not initials
    key = "".join(letters)
    if letters and k < len(toks) and toks[k].word and toks[k].cap and len(toks[k].w) > 2:
        # «О.П. Смирнову», «П.О. Смирнову», «О. Смирнову» for «Смирнова О.П.»: initials in
        # either order, then the surname of the one nick that holds them
        sure = _surname_after(idx, letters, toks[k].w)
        if sure is not None:
            return sure, k + 1
    owners = idx.initials.get(key, ()) if len(letters) >= 2 else ()
    if len(letters) == 2 and key in idx.spelled:
        # «О.П.» is «Ольга Петровна» or «Смирнова О.П.»: both are readings (asked)
        owners = set(owners) | idx.spelled[key]
    if not owners and len(letters) == 2:  # «П.И.» for «Пётр Ильич Громов»: name, patronymic
        owners = {nick for full, nicks in idx.initials.items() if len(full) == 3 and
                  full.startswith(key) for nick in nicks if _named_with_father(nick)}
    if not owners or (i and toks[i - 1].w == "и"):
        return None
    if key in _ABBREVIATIONS and not toks[i].cap:
        return None
    # two nicks of those initials: one token naming both, read as an ambiguous name (asked)
    return AMBIGUOUS.join(sorted(owners)), k


#: Between the nicks a merged token may name («О.П.» for «Ольга Петровна» and «Смирнова
#: О.П.»): :meth:`engine.names_match.NameIndex.exact` reads it as an ambiguous name.
AMBIGUOUS = "\x01"


def _surname_after(idx, letters: list[str], word: str) -> str | None:
    """The one nick that ``word`` is a case form of a word of and whose other words begin
    with (or are) the letters ``letters`` («С.Ю. Белову» for «Светлана Юрьевна Белова»,
    «П.О. Смирнову» for «Смирнова О.П.»); None when none or several."""
    owners = set(idx.single.get(word, ())) | set(idx.parts.get(word, ()))
    fit = [n for n in owners if set(letters) <= _other_initials(n, word)]
    return fit[0] if len(fit) == 1 else None


def _other_initials(nick: str, word: str) -> set[str]:
    """The first letters of the words of ``nick`` other than the one ``word`` is a case
    form of (and its one-letter words, Latin ones read in Cyrillic too)."""
    out = set(initials_of(nick))
    for w in re.findall(r"[^\W\d_]+", nick.lower().replace("ё", "е")):
        if len(w) > 1 and word not in word_forms(w):
            out.add(w[0])
    return out


def _surname_initials(idx, toks: list, i: int) -> tuple[str, int] | None:
    """A word of a nick, then initials with dots standing for its other words («Семёнов
    И.» for «Игорь Семёнов», «Белову С.Ю.» for «Светлана Юрьевна Белова»): ``(nick, index
    after the initials)`` or None when the initials fit no nick of that word or several."""
    letters, k = [], i + 1
    while k + 1 < len(toks) and toks[k].word and len(toks[k].w) == 1 and toks[k + 1].w == "." \
            and toks[k + 1].start == toks[k].end and toks[k].cap:
        letters.append(toks[k].w)
        k += 2
        if k < len(toks) and toks[k].start > toks[k - 1].end:
            break
    if not letters:
        return None
    nick = _surname_after(idx, letters, toks[i].w)
    if nick is None and len(letters) == 2:
        # «Кравец О.В.» for «Кравец Ольга»: the name's and the patronymic's initials after
        # the surname, the nick holding the name alone; the initials are hers, never a
        # second player whose nick they spell («Oksana_Vlasova»)
        nick = _surname_after(idx, letters[:1], toks[i].w)
    return (nick, k) if nick is not None else None


def _patronymic_father(word: str) -> str | None:
    """The father's name of a patronymic in any case («Викторовича», «Ильичу»,
    «Николаевну» → «виктор», «илья», «николай»), or None."""
    for stem in (word, word[:-1], word[:-2]):
        for guess in (stem, stem + "а"):
            if len(guess) > 4 and guess.endswith(("ич", "вна", "чна")):
                father = patronymic_of(guess)
                if father is None and guess.endswith("ьич") and full_names(guess[:-3] + "ья"):
                    father = guess[:-3] + "ья"  # «Ильич»: Илья's son
                if father is not None:
                    return father
    return None


def _name_and_patronymic(idx, t, nxt, i: int) -> tuple[str, int] | None:
    """A nickname of a surname and initials («Н.Н. Гусев», «Мельников А.В.») written as the
    given name and patronymic those initials stand for («Николай Николаевич», «Андрея
    Викторовича»): ``(nick, i + 2)`` or None — none when two nicks spell those initials,
    or when one word is capitalised and the other not. When another nick holds that given
    name («Ольгу Петровну» beside «Кравец Ольга» and «Смирнова О.П.»), the words name
    either: an ambiguous token (:data:`AMBIGUOUS`, asked), never the given name's owner
    alone."""
    if not nxt.word or nxt.cap != t.cap or nxt.start - t.end > 1:
        return None  # (both capitalised, or both in lower case: «андрею викторовичу»)
    names = full_names(t.w)
    father = _patronymic_father(nxt.w) if names else None
    if father is None:
        return None
    owners = set()
    for name in names:
        owners |= idx.spelled.get(name[0] + father[0], set())
    if len(owners) != 1:
        return None
    nick = next(iter(owners))
    others = {n for name in names for n in idx.given.get(name, set())} - {nick}
    if others:
        return AMBIGUOUS.join(sorted(others | {nick})), i + 2
    return nick, i + 2


def _named_with_father(nick: str) -> bool:
    """True when ``nick`` is three Cyrillic words whose first two are a given name and a
    patronymic («Пётр Ильич Громов»)."""
    words = re.findall(r"[^\W\d_]+", nick.lower().replace("ё", "е"))
    return len(words) == 3 and bool(full_names(words[0])) and \
        _patronymic_father(words[1]) is not None


#: Capitals that are the players' own shorthand, never a nick's initials («МО» is the
#: civilians' hunt, «ЛХ» a player's plan, «ЛС»/«ПМ» a private message).
_GAME_ABBREVIATIONS = frozenset({"мо", "лх", "лс", "пм", "ооо", "ип", "рф"})

#: A nick's initials written without dots as capitals, a small letter allowed for a short
#: word between («ХТ», «ЛМ», «ТнП», «ЁвТ»).
_CAPITALS = re.compile(r"[A-ZА-ЯЁ](?:[a-zа-яё]?[A-ZА-ЯЁ]){1,2}")


def _capital_initials(idx, t, i: int) -> tuple[str, int] | None:
    """A nickname of two or three words written as its initials in capitals without dots
    («ХТ» for «Хозяин_Тайги», «ЛМ» for «Lady.Mary», «ТнП» for «Тень-на-плетень»), as forum
    veterans write: ``(nick, i + 1)`` or None — none when two nicks share the initials (the
    word stays unknown: the reply asks), when the capitals are a word of the dictionary
    shouted («НЕ», «ВСЁ»; abbreviations such as «КБ» still count) or the game's own
    shorthand («МО»)."""
    if not _CAPITALS.fullmatch(t.text) or t.w in _GAME_ABBREVIATIONS:
        return None
    owners = idx.initials[t.w]
    if len(owners) != 1 or (is_known_word(t.w) and not all(
            "Abbr" in p.tag for p in morph().parse(t.w))):
        return None
    return next(iter(owners)), i + 1


#: Short words that stand alone before a name, never its first half.
_GLUE = frozenset(V.PREPOSITIONS) | {"и", "а", "но", "да", "или", "ни", "не", "же"}


def _split(idx, t, u, i: int) -> tuple[str, int] | None:
    """A one-word nickname cut in two by voice input («ос тапа» for «Остапа», «бульдо зер»):
    two words a space apart, neither a form of a nick, whose joining is a form of exactly one
    nick, each two letters or more and the first no preposition nor conjunction («и за» is
    no «Иза»): ``(nick, i + 2)`` or None."""
    if len(t.w) < 2 or len(u.w) < 2 or t.w in _GLUE or \
            u.w in idx.single or u.w in idx.parts or t.w in idx.single or t.w in idx.parts:
        return None
    joined = t.w + u.w
    owners = set(idx.single.get(joined, ())) | set(idx.parts.get(joined, ()))
    return (owners.pop(), i + 2) if len(owners) == 1 else None


def _slipped_first(idx, toks: list, i: int) -> tuple[str, int] | None:
    """A two-word nickname whose second word is written exactly and whose first word
    (four letters or more) one edit away from a form of it («Леди Грей» for «Lady.Grey»,
    read «лади грей»): ``(nick, index after it)`` or None."""
    t = toks[i]
    if len(t.w) < 4 or i + 1 >= len(toks):
        return None
    k = i + 1
    if not toks[k].word and toks[k].w in _JOINERS:
        k += 1
    if k >= len(toks) or not toks[k].word or toks[k].start - toks[k - 1].end > 2:
        return None
    # (a verb spelled right is no slip of a name: «лечу фуру» is no «Леху Фуру»)
    found = {idx.multi[m][0] for m in idx.multi_last.get(toks[k].w, ())
             if _near(t.w, idx.multi[m][1][0], 1, 4)} if not is_verb(t.w) else set()
    if not found and (pet := idx.pet_form(t.w)) is not None:
        # «Наташеньку Крючок» for «Наташа Крючок»: a pet form of the first word, which the
        # second word tells from another Наташа's
        found = {idx.multi[m][0] for m in idx.multi_last.get(toks[k].w, ())
                 if idx.multi[m][0] in pet.candidates}
    if not found and is_patronymic(toks[k].w) and names_listed(t.w) and person_name(t.w):
        # «Марией Ивановной» for «Марина Ивановна»: a given name misremembered before the
        # patronymic, which tells the player when one nick of a given name has it (not a
        # verb that is also a form of a name: «валю Петровича»)
        found = {idx.multi[m][0] for m in idx.multi_last.get(toks[k].w, ())
                 if idx.given_of.get(idx.multi[m][0])}
    return (found.pop(), k + 1) if len(found) == 1 else None


def _merged_key(nick: str) -> str:
    return "\x00" + nick


def _match_parts(toks: list, i: int, parts: tuple, others=None) -> int | None:
    """Index after the tokens spelling ``parts`` from ``toks[i]`` (dots and dashes, at most
    one, between the words; never a line break), or None. A later word with a slip is none
    when it is a word of another nick as written (``others``: form → nicks, «бабу Ирину»
    is no «Baba Zina» with «Ирина Петровна» on the roster)."""
    k = i
    for n, forms in enumerate(parts):
        if n:
            if k < len(toks) and not toks[k].word and toks[k].w in _JOINERS:
                if toks[k].w == "." and len(toks[k - 1].w) > 3 and k + 1 < len(toks) and \
                        toks[k + 1].start > toks[k].end and toks[k + 1].cap:
                    return None  # «Лиса. Лиса третий день …»: a sentence ends at the dot
                    # (not «Ю. Гагарина», «Mr. Hyde»: the dot of an initial or a title)
                k += 1
            if k < len(toks) and toks[k].start - toks[k - 1].end > 2:
                return None
        if k >= len(toks) or not toks[k].word:
            return None
        if toks[k].w not in forms and not (n and _near(toks[k].w, forms) and
                                           not (others and toks[k].w in others)):
            return None
        k += 1
    return k


def _near(word: str, forms, edits: int = 2, least: int = 5) -> bool:
    """A later word of a multi-word nickname written with a slip («Макса Пейна» for
    «Max Payne»: «пейна» ~ «пайне»): at most ``edits`` edits, words of ``least`` letters
    or more."""
    if len(word) < least:
        return False
    from rapidfuzz.distance import OSA

    return any(OSA.distance(word, f, score_cutoff=edits) <= edits for f in forms
               if len(f) >= 4)
