"""A name that fits several players settled by the aside right after it (issue 11): the
nick spelled out in brackets («Шуру (Alexandra_K)»), or a number that only one of them holds
in his nick, in brackets or in a «который» clause («Сашеньку (нашу, которая 1987 года)»,
«Лёву — того, что с цифрами в нике»,
«Сашенькой, которая 1987-го» for Sasha1987, not Alexandra_K), or another word of one of
the nicks («Лис, старый который» for «Старый Лис», not «Лиса Алиса»; «Ксюшу из Киева» for
«Ksusha_Kiev», not «Ксения 1985»), or a word of one gender in brackets when the candidates are a man's and a woman's nick («Ковалёва (муж)»:
Ковалёв, not Ковалёва). Used by
:func:`engine.grammar_targets.read_targets`. And the other way round: a nick that is a role
word, written in lower case, may mean the role (:func:`role_or_nick`, asked).
"""

from __future__ import annotations

import re

from .grammar_tokens import Tok
from .grammar_vocab import PREPOSITIONS
from .names import NameHit
from .names_given import names_listed
from .names_hit import initials_of
from .names_qualifier import qualified_owners
from .translit import name_readings
from .words import morph, norm, role_words

#: Words opening a relative clause that describes the player just named.
_WHICH = frozenset({"который", "которая", "которую", "которого", "которой", "которому",
                    "что", "тот", "та", "того", "ту", "той"})

#: Prepositions that say where the player named works or comes from («Ксюшу из Киева»,
#: «Лену с продаж»): the word after them may be a word of one candidate's nick.
_FROM = frozenset({"из", "с", "со"})

#: Words for a team the player is in, before its name («Лену из отдела продаж»).
_TEAM_WORDS = frozenset({"отдела", "команды", "группы", "тимы", "департамента", "цеха",
                         "службы", "отдел", "команду", "группу"})

#: The nouns of a place of work after a hyphen («ЛОР-отделение», «QA-отдел», «IT-служба»).
_TEAM_NOUNS = frozenset({"отдел", "отделение", "команда", "группа", "служба", "цех",
                         "департамент", "кафедра", "лаборатория", "бригада"})


def _team_head(word: str) -> str | None:
    """The first part of a hyphened word whose last part is a case form of a noun of a place
    of work («лор-отделения» → «лор», «qa-отдела» → «qa»); None for any other word."""
    head, dash, tail = word.rpartition("-")
    if not dash or len(head) < 2 or "-" in head or not tail:
        return None
    if not any(p.normal_form.replace("ё", "е") in _TEAM_NOUNS for p in morph().parse(tail)):
        return None
    return head


#: Possessives and demonstratives between «не» and the nick ruled out («а не нашего Шуру»).
_OURS = frozenset({"нашего", "нашу", "нашей", "нашему", "наш", "наша", "моего", "мою", "моей",
                   "этого", "эту", "этой", "того", "ту", "той", "другого", "другую"})

#: The demonstratives that open «того, что …», «ту, которая …» after a name.
_THAT_ONE = frozenset({"тот", "та", "того", "ту", "той", "тому"})

_NUMBER = re.compile(r"\d{2,}")

#: Number words after «номер» («Серёжу номер два»).
_NUMBER_WORDS = {"один": "1", "два": "2", "три": "3", "четыре": "4", "пять": "5", "шесть": "6",
                 "семь": "7", "восемь": "8", "девять": "9", "десять": "10"}

#: At most this many tokens of an aside are looked at.
_ASIDE_MAX = 12


def _last_letter(clause: list[Tok], k: int, hi: int) -> bool:
    """True when token ``k`` is one lower-case letter that ends its part («голос за сашу к»
    in a phone's letter: the initial of the nick's other word, no preposition)."""
    return len(clause[k].w) == 1 and clause[k].w.isalpha() and (
        k + 1 >= hi or not clause[k + 1].word)


#: The words that rule a nick out in an aside after a name («Лёху (не Lexa99)»; round 68: «(the
#: plain one, not Lady)» read as Lady.Confetti, the one ruled out).
_NOT = frozenset({"не", "not"})


def settled(idx, clause: list[Tok], words: list[str], k: int, hi: int,
            hit: NameHit, by_preposition: bool = True) -> tuple[NameHit, int]:
    """``hit`` (a name whose last token is ``k - 1``) and the index after it; when the hit
    fits several players and the aside at ``k`` names exactly one of them (by his nick, or
    by a number of two digits or more that only his nick holds), that player's hit and the
    index after the aside («Серёжу номер два»: the number after «номер»); a word of exactly one candidate's nick names him too, also after
    «из» («Ксюшу из Киева»); in brackets a gender word does when the candidates' nicks are of
    two genders («Ковалёва (муж)»). Two players still fitting leave the hit as it is
    (asked). ``by_preposition=False``: a preposition glued to the name is not read as the
    word of a nick that holds it (the aside it opens is read instead)."""
    # a word right after the name, one space between
    glued = k < hi and clause[k].word and clause[k].start - clause[k - 1].end == 1 and \
        clause[k - 1].word
    if glued and (clause[k].cap or _last_letter(clause, k, hi)) and \
            not clause[k - 1].text.isupper():
        both = name_pair(idx, words, k, hit)
        if both is not None:
            return _bracket_told(idx, clause, words, k + 1, hi, hit, both)
    if glued and hit.nick is None and len(hit.candidates) > 1 and not clause[k].cap:
        # «за Ирой маникюршей» for «Ирка_Маникюр» beside «Ирина Петровна»: a lower-case
        # word after the name, built on the other word of exactly one candidate's nick
        both = _by_nick_word(hit, words[k]) if by_preposition or not (
            words[k] in _FROM or words[k] in PREPOSITIONS) else None
        if both is not None and (words[k] in _FROM or words[k] in PREPOSITIONS):
            # «Анюту из QA» beside «Нюра из бухгалтерии»: a preposition a nick holds is his
            # word only when the aside it opens names nobody else («папу из 5 «Б»» for
            # «Папа_из_5Б»); an aside naming the other candidate wins
            other, after = settled(idx, clause, words, k, hi, hit, by_preposition=False)
            if other.nick is not None and other.nick != both.nick:
                return other, after
        if both is not None:
            return both, k + 1
    if hit.nick is not None and hit.length == 1 and k < hi and \
            (clause[k].w == "(" or clause[k].w in _FROM):
        other = _other_named(idx, clause, words, k, hi, hit)
        if other is not None:
            return other
    if hit.nick is not None and k < hi and clause[k].w == "(":
        return hit, _same_spelled(idx, clause, words, k, hi, hit.nick)
    if hit.nick is not None and len(hit.candidates) > 1 and _compared(clause, words, k, hi):
        # «за Петровича, который постарше»: the writer tells two players the word fits
        # apart by comparing them; the reading the nick's case picked is no longer sure
        hit = NameHit(None, tuple(sorted(hit.candidates)), hit.kind, hit.length)
    if hit.nick is None and len(hit.candidates) == 1 and k + 2 < hi and clause[k].w == "(":
        # «у Риточки (Маргаритки)»: the one player a given name only guesses, named by a
        # case form of his nick in brackets right after it
        named = idx.exact(words, k + 1, None)
        end = k + 1 + (named.length if named is not None else 0)
        if named is not None and named.nick == hit.candidates[0] and end < hi and \
                clause[end].w == ")":
            return NameHit(named.nick, (named.nick,), hit.kind, hit.length), end + 1
    if hit.nick is not None or len(hit.candidates) < 2 or k >= hi:
        return hit, k
    if clause[k].w == "(":
        lo = k + 1
        end = next((n for n in range(lo, min(hi, lo + _ASIDE_MAX)) if clause[n].w == ")"), -1)
        after = end + 1
    elif clause[k].w in (",", "—") and k + 1 < hi and (words[k + 1] in _WHICH or (
            k + 2 < hi and clause[k + 1].word and words[k + 2].startswith("котор"))):
        lo = k + 1  # «Лиса, который Serg-2000»; «Лис, старый который»: the word first
        if words[lo] in _THAT_ONE and lo + 2 < hi and words[lo + 1] == "," and (
                words[lo + 2] == "что" or words[lo + 2].startswith("котор")):
            lo += 2  # «Лёву — того, что с цифрами в нике»
        end = next((n for n in range(lo, min(hi, lo + _ASIDE_MAX))
                    if not clause[n].word and clause[n].w not in ("-", "‐")), min(hi, lo + _ASIDE_MAX))
        after = end
    elif (clause[k].w in ("номер", "№") and k + 1 < hi and
          (number := _NUMBER_WORDS.get(words[k + 1], words[k + 1])).isdigit()) or \
            (clause[k].w.isdigit() and clause[k].start == clause[k - 1].end + 1):
        # «Серёжу номер два», «Серёжу 2» for «Серёга 2», not Sergo: a number one nick holds
        number = clause[k].w if clause[k].w.isdigit() else number
        chosen = {c for c in hit.candidates if number in re.findall(r"\d+", c)}
        if len(chosen) != 1:
            return hit, k
        nick = chosen.pop()
        return NameHit(nick, (nick,), hit.kind, hit.length), k + (1 if clause[k].w == number else 2)
    elif clause[k].w in _FROM and k + 1 < hi and clause[k + 1].word:
        lo, end = k + 1, k + 2  # «Ксюшу из Киева» for «Ksusha_Kiev», not «Ксения 1985»
        if words[lo] in _TEAM_WORDS and end < hi and clause[end].word:
            end += 1  # «Лену из отдела продаж», «Лену с отдела QA»: the team named after
        after = end
    else:
        return hit, k
    if end < 0:
        return hit, k
    chosen: set[str] = set()
    ruled_out: set[str] = set()  # «Лёху (нашего, не Lexa99)»: the nick after «не» is not him
    for n in range(lo, end):
        if not clause[n].word:
            continue
        named = idx.exact(words, n, None)
        if named is not None and named.nick in hit.candidates and n > lo and (
                words[n - 1] in _NOT or (n > lo + 1 and words[n - 2] in _NOT and
                                         words[n - 1] in _OURS)):
            # («…, а не нашего Шуру»: «не» and a possessive or demonstrative before it)
            ruled_out.add(named.nick)
        elif named is not None and named.nick in hit.candidates:
            chosen.add(named.nick)
        elif named is None and len(words[n]) >= 3 and n > lo and words[n - 1] in _NOT:
            # «Таня, которая не Петровна»: a word of the nick she is not
            ruled_out |= idx.whole_words.get(words[n], set()) & set(hit.candidates)
        elif named is None and len(words[n]) >= 3:
            # «Лис, старый который»: a word of one of the nicks only (Старый Лис)
            chosen |= idx.whole_words.get(words[n], set()) & set(hit.candidates)
        if named is None and words[n] not in _WHICH and (n == lo or words[n - 1] not in _NOT):
            # «Лену из QA», «Лену (сейлз)», «Лену, которая qa» for «QA-Lena» beside
            # «lena.sales»: the other word of one candidate's nick
            # (as written too: «QA» is read «ка» in Cyrillic when no nick form is «qa»)
            loose = clause[k].w == "(" or clause[k].w in _FROM
            for said in {words[n], norm(clause[n].text)}:
                chosen |= qualified_owners(said, hit.candidates, loose=loose)
            if (head := _team_head(words[n])) is not None and clause[k].w in _FROM:
                # «Оленькой из ЛОР-отделения» for «Оля_ЛОР»: the team's own word
                chosen |= idx.whole_words.get(head, set()) & set(hit.candidates)
                chosen |= qualified_owners(head, hit.candidates, loose=True)
        if words[n].startswith("цифр") and n > lo:
            # «Лёву — того, что с цифрами в нике»: the nick that holds a number (or not,
            # «без цифр»)
            bare = words[n - 1] in ("без", "нет")
            chosen |= {c for c in hit.candidates if bool(re.search(r"\d", c)) != bare}
        number = _NUMBER.match(words[n])
        if number:
            chosen |= {c for c in hit.candidates
                       if number.group() in re.findall(r"\d+", c)}
    if not chosen and ruled_out:
        chosen = set(hit.candidates) - ruled_out
    if not chosen and clause[k].w == "(":
        chosen = _by_gender(clause, lo, end, hit.candidates)
    if len(chosen) != 1:
        return hit, k
    nick = chosen.pop()
    return NameHit(nick, (nick,), hit.kind, hit.length), after


def _bracket_told(idx, clause: list[Tok], words: list[str], k: int, hi: int, hit: NameHit,
                  both: NameHit) -> tuple[NameHit, int]:
    """``both`` (two words read as one player's name, the first of them ``hit``) and the
    index ``k`` after them, unless a bracket at ``k`` holds exactly one other player's nick
    («за Димой Димычем (ДимДимыч)», where the pair reads Dima.K by the given name): the
    writer's own spelling of the nick wins when ``hit`` fits that player too (that player,
    the index after the bracket), else the two readings are asked."""
    told = bracket_nick(idx, clause, words, k, hi)
    if told is None or told[0] == both.nick:
        return both, k
    nick, after = told
    if nick in hit.candidates or nick == hit.nick:
        return NameHit(nick, (nick,), hit.kind, hit.length + 1), after
    return NameHit(None, tuple(sorted({both.nick, nick})), hit.kind, hit.length + 1), after


def bracket_nick(idx, clause: list[Tok], words: list[str], k: int, hi: int
                 ) -> tuple[str, int] | None:
    """The one player whose nick (any case form, no typo) fills the brackets opening at
    token ``k`` alone («(ДимДимыч)», «(Анюта_QA)») and the index after the «)»; None when
    no bracket opens there or it holds anything else."""
    if k + 2 >= hi or clause[k].w != "(" or not clause[k + 1].word:
        return None
    named = idx.exact(words, k + 1, None)
    if named is None or named.nick is None or named.kind == "fuzzy":
        return None
    end = k + 1 + named.length
    if end >= hi or clause[end].w != ")":
        return None
    return named.nick, end + 1


def _other_named(idx, clause: list[Tok], words: list[str], k: int, hi: int,
                 hit: NameHit) -> tuple[NameHit, int] | None:
    """A name read as one player (``hit``, token ``k - 1``: «Ваню» as «Ваня Москва») that is
    also the given name another nick holds (Иван_Питер), then «из», «с» or a bracket and one
    word («из Питера», «(Питер)») that is a word of that other player's nick only: his hit
    and the index after the aside; None otherwise (the aside is left to the reading of one
    player, see :func:`settled`)."""
    n = k + 1
    if clause[k].w in _FROM and n + 1 < hi and words[n] in _TEAM_WORDS:
        n += 1  # «из отдела продаж»
    if n >= hi or not clause[n].word:
        return None
    after = n + 1
    if clause[k].w == "(":
        if after >= hi or clause[after].w != ")":
            return None
        after += 1
    named = idx.given_name(words[k - 1])
    if named is None:
        return None
    readings = set(named.candidates or (named.nick,)) | {hit.nick}
    if len(readings) < 2:
        return None
    chosen: set[str] = set()
    for said in {words[n], norm(clause[n].text)}:
        chosen |= idx.whole_words.get(said, set()) & readings
        chosen |= qualified_owners(said, readings)
    if len(chosen) != 1 or hit.nick in chosen:
        return None
    nick = chosen.pop()
    return NameHit(nick, (nick,), hit.kind, hit.length), after


def name_pair(idx, words: list[str], k: int, hit: NameHit) -> NameHit | None:
    """A given name and a surname written together, in either order («Диму Соколова»,
    «Соколова Дмитрия» for «Dmitry.Sokolov» beside «Дмитрий Олегович»): the word at ``k``
    (capitalised, right after ``hit``) names one player of ``hit``'s readings, or ``hit``'s
    one player among its own readings — that player, the two words one name; else None."""
    w = words[k]
    named = idx.exact(words, k, None) or idx.given_name(w) or idx.pet_form(w)
    if named is None and hit.nick is None and len(hit.candidates) > 1:
        return _by_initial(hit, w) or _by_first_name(hit, w) or _by_nick_word(hit, w)
    if named is None:
        return _by_first_name(hit, w)
    if named.kind == "fuzzy":
        return None
    if hit.nick is None and named.nick is not None and named.nick in hit.candidates:
        return NameHit(named.nick, (named.nick,), hit.kind, hit.length + 1)
    if hit.nick is not None and named.nick is None and hit.nick in named.candidates and \
            hit.kind != "fuzzy":
        return NameHit(hit.nick, (hit.nick,), hit.kind, hit.length + 1)
    return None


def _by_initial(hit: NameHit, w: str) -> NameHit | None:
    """A given name fitting several players, then a surname or a patronymic that names
    nobody («Елену Кузьмину», «Елену К.» for «Лена К.» beside «Алёна Игоревна»; «Ольгу
    Петровну» for «Ольга П.» beside «Ольга Ш.»): the one candidate whose nick holds a
    one-letter word (an initial, Latin ones read in Cyrillic too) that the word begins
    with; None when no candidate or several do."""
    if not w[:1].isalpha() or (len(w) > 1 and len(w) < 3):
        return None
    chosen = [c for c in hit.candidates if w[0] in initials_of(c)]
    if len(chosen) != 1:
        return None
    return NameHit(chosen[0], (chosen[0],), hit.kind, hit.length + 1)


def _by_nick_word(hit: NameHit, w: str) -> NameHit | None:
    """A given name fitting several players, then the other word of exactly one of their
    nicks, as spelt or read («Лену QA», «Лену Сейлз» for «lena.sales» beside «qa.lena»;
    :func:`engine.names_qualifier.qualified_owners`, no word merely built on it): that
    player, the two words one name; None otherwise."""
    chosen = qualified_owners(w, hit.candidates, loose=False)
    if len(chosen) != 1:
        return None
    nick = chosen.pop()
    return NameHit(nick, (nick,), hit.kind, hit.length + 1)


def _by_first_name(hit: NameHit, w: str) -> NameHit | None:
    """A surname nick, then a given name that names nobody on the roster («Ковалёва Ирина»
    beside «Ковалёв», «Голос: Ковалёву Ирину»): the one reading of the hit whose nick is of
    the given name's gender, the two words one name; None when the name is of no one gender,
    or not one reading agrees with it."""
    gender = _name_gender(w)
    if gender is None:
        return None
    readings = hit.candidates or ((hit.nick,) if hit.nick else ())
    chosen = [c for c in readings if _nick_gender(c) == gender]
    if len(chosen) != 1 or (hit.nick is not None and hit.nick != chosen[0]):
        return None
    return NameHit(chosen[0], (chosen[0],), hit.kind, hit.length + 1)


def _name_gender(w: str) -> str | None:
    """The gender of the given names the form ``w`` is of («Ирину»: femn, «Петра»: masc),
    when they all have one; None for a form of two genders («Саша», «Женя») or no name."""
    names = names_listed(w)
    if not names:
        return None
    genders = {p.tag.gender for n in names for p in morph().parse(n)
               if "Name" in p.tag and "nomn" in p.tag and "sing" in p.tag and
               norm(p.normal_form) == n}
    return genders.pop() if len(genders) == 1 and genders <= {"masc", "femn"} else None


def _same_spelled(idx, clause: list[Tok], words: list[str], k: int, hi: int, nick: str) -> int:
    """The index after the bracketed aside at ``k`` when it names the player just named
    again and nobody else, by his nick or another name of his («Отдаю их Алексею (Lexa77) и
    Тимофею», «Lexa77 (Лёха) и Тимофей»): the list of names goes on after it; else ``k``."""
    end = next((n for n in range(k + 1, min(hi, k + 1 + _ASIDE_MAX)) if clause[n].w == ")"), -1)
    named: set[str | None] = set()
    for n in range(k + 1, end):
        if clause[n].word:
            hit = idx.exact(words, n, None) or (
                idx.approximate(words[n]) if clause[n].cap and len(words[n]) >= 3 else None)
            named.add(None if hit is None or hit.kind == "fuzzy" else hit.nick)
    return end + 1 if end > 0 and named == {nick} else k


#: Words of an aside that say the player named is a man or a woman («Ковалёва (муж)»).
_GENDER_WORDS = {"муж": "masc", "мужа": "masc", "мужу": "masc", "мужем": "masc",
                 "супруг": "masc", "мужик": "masc", "мужика": "masc", "он": "masc",
                 "жена": "femn", "жену": "femn", "жене": "femn", "женой": "femn",
                 "она": "femn", "супружница": "femn", "супружницу": "femn"}


def _by_gender(clause: list[Tok], lo: int, end: int, candidates: tuple[str, ...]) -> set[str]:
    """The candidate the first gender word of the aside ``clause[lo:end]`` not after «не»
    points at («(муж, не супруга)»: the man), when every candidate's nick is surely of one
    gender and exactly one is of that gender; else an empty set."""
    want = next((_GENDER_WORDS[clause[n].w] for n in range(lo, end)
                 if clause[n].w in _GENDER_WORDS and (n == lo or clause[n - 1].w != "не")), None)
    if want is None:
        return set()
    genders = {c: _nick_gender(c) for c in candidates}
    if None in genders.values():
        return set()
    return {c for c, g in genders.items() if g == want}


def _nick_gender(nick: str) -> str | None:
    """The gender of a one-word Cyrillic nick read in the nominative («Ковалёва»: femn,
    «Ковалёв»: masc), when every such reading agrees; None otherwise."""
    words = nick.split()
    if len(words) != 1 or not re.fullmatch(r"[а-яё]+", words[0].lower()):
        return None
    word = norm(words[0])
    genders = {p.tag.gender for p in morph().parse(word)
               if p.tag.POS == "NOUN" and "nomn" in p.tag and norm(p.word) == word}
    return genders.pop() if len(genders) == 1 and genders <= {"masc", "femn"} else None


#: The bracket, dash or comma that opens an aside, and the token that closes it.
_CLOSING = {"(": ")", "—": "—", "-": "-", ",": ","}

#: What opens the contrast after the aside («…, а Бобра», «… но Бобра»).
_BUT = frozenset({"а", "но"})


def negated_aside(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int:
    """«Маньячу не Лося (его и так повесят), а Графа», «Голос — не за Бобра, как все, а за
    Ёжика», «лечу не Малину — её вчера лечила — а Повара» (issue 11): after a name written
    after «не», an aside opened at token ``k`` by a bracket, a dash or a comma and closed by
    its pair within :data:`_ASIDE_MAX` tokens, naming nobody, then «а»/«но» and (after a
    preposition) a nickname. Returns the index of the closing token (the contrast is then
    read as in «не Лося, а Графа»); 0 when there is no such aside."""
    close = _CLOSING.get(clause[k].w) if k < hi else None
    if close is None:
        return 0
    m = k + 1
    while m < min(hi, k + 1 + _ASIDE_MAX) and clause[m].w != close:
        if clause[m].word and idx.exact(words, m, None) is not None:
            return 0  # another player named in it: no aside
        m += 1
    if m >= hi or clause[m].w != close or m == k + 1:
        return 0
    n = m + 1
    if n < hi and clause[n].w == ",":
        n += 1
    if n >= hi or clause[n].w not in _BUT:
        return 0
    n += 1
    if n < hi and clause[n].word and words[n] in ("за", "у", "к", "ко", "в", "во", "на", "при"):
        n += 1
    return m if n < hi and idx.exact(words, n, None) is not None else 0


def role_or_nick(clause: list[Tok], i: int, j: int, nick: str) -> bool:
    """True when the name at tokens ``[i, j)`` that reads as ``nick`` is one word written in
    lower case (or opening the clause, where a capital says nothing) that is also a role
    word of the same role, and the nick is one of the roles' own names in the rules
    (:data:`RULE_ROLE_NAMES`; «Убиваем доктора» with a player named Доктор,
    «голосую за маньяка» with a player named Маньяк): the writer may mean the role, not the
    player; asked (issue 11, precision first). A Latin nick counts by the reading of one of
    its words («убиваем доктора» with Doctor_Z). A capital inside the clause («Убиваем
    Доктора») names the player."""
    if j != i + 1 or (clause[i].text[:1].isupper() and i > 0):
        return False
    return _same_role(clause[i].w, nick, rule_names_only=True)


def sought_role(clause: list[Tok], i: int, nick: str, *, searched: bool = False) -> bool:
    """True when token ``i``, a role word that reads as ``nick`` (:func:`role_or_nick` with
    slang, or one word of a nick of several, «доктора» of «Доктор Дорн»), stands right
    before «у»: a fan's «ищу инспектора у X», «ищу Инспектора у X» with Inspector-G on the
    roster seeks the role at X, capital or not (a player is never sought at another player).
    ``searched``: the word stands right after the fan's own search verb («ищу доктора.»):
    a role word that is one word of a longer nick is the role sought there too, wherever
    it ends (the whole nick, «ищу Доктора Дорна», is read before this)."""
    if i + 1 < len(clause) and clause[i + 1].w == "у":
        return _same_role(clause[i].w, nick, parts=True)
    return searched and " " in nick.strip() and _same_role(clause[i].w, nick, parts=True) and \
        (i + 1 >= len(clause) or not clause[i + 1].word or clause[i + 1].w in ("в", "во"))


def _same_role(word: str, nick: str, rule_names_only: bool = False, parts: bool = False) -> bool:
    """True when ``word`` (normalised) is a role word of the role one of ``nick``'s role
    readings (:func:`_role_names`) names; with ``rule_names_only``, a reading counts only
    when it is one of the roles' own names in the rules (:data:`RULE_ROLE_NAMES`);
    ``parts``: each word of a nick of several words is a reading too («Доктор Дорн»)."""
    rw = role_words()
    role = rw.get(word)
    return role is not None and any(rw.get(name) == role for name in _role_names(nick, parts)
                                    if not rule_names_only or name in RULE_ROLE_NAMES)


def _role_names(nick: str, parts: bool = False) -> list[str]:
    """The role words ``nick`` is written as: the nick itself («Доктор»), or, for a nick of
    Latin words, the usual Cyrillic reading of one of its words («доктор» of «Doctor_Z»,
    «инспектор» of «Inspector-G», «босс» of «Boss-1»); with ``parts``, also each word of a
    Cyrillic nick of several words («доктор» of «Доктор Дорн»)."""
    names = [norm(nick)]
    if parts:
        names.extend(w for w in re.findall(r"[а-яё]+", norm(nick)) if w != names[0])
    for word in re.findall(r"[a-z]+", norm(nick)):
        names.extend(name_readings(word)[:1])
    return names


#: The roles' own names in the rules (not slang: a nick «Шеф» or «Гром» written in lower case
#: is the player, as writers use it).
RULE_ROLE_NAMES = frozenset({
    "босс", "вор", "охранник", "индеец", "актер", "сын", "детектив", "врач", "доктор",
    "хозяйка", "шизик", "фанатка", "громила", "жулик", "свидетель", "маньяк", "мирный"})


#: Words that say the name just written is put right at once («Шерлоку, то есть Холмсу221b»,
#: «Пуаро… ой, в смысле Марпл», «Тань… ой, Татьяну Петровну»).
_PUT_RIGHT = frozenset({"ой", "вернее", "точнее", "верней", "тьфу", "пардон"})

#: Prepositions a clarification may say again before the nick («в Шерлока — то есть в X»).
_AGAIN = frozenset({"за", "у", "к", "ко", "в", "во", "на", "при", "с", "со"})

#: Words that open the nick a clarification spells out, said alone («за Сортера, короче
#: Sorter_77»: in short, I mean) or after «ну» («ну то есть», «ну в смысле»).
_IN_SHORT = frozenset({"короче"})

#: What a writer may add after the nick inside the brackets of a clarification, after a
#: comma («Эфира (ETH.maxi, если что)», «(Dr.Zlo, если кто не понял)»): a hedge, no new name.
_GLOSS_HEDGES = (("если", "что"), ("если", "кто", "не", "понял"), ("если", "кто", "не", "поняла"),
                 ("если", "не", "понятно"), ("если", "непонятно"))

#: The relative word a writer puts after the nick that spells out who a cut-short name is
#: («Хани — honeybee88 который»: the one who is honeybee88).
_WHICH_AFTER = frozenset({"который", "которая"})


def clarified(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> tuple[NameHit, int] | None:
    """A word at ``k`` where a player goes that fits no nick (a nickname of the writer's own,
    a name cut short) and is put right at once by exactly one player's nick (issue 11):
    brackets holding only that nick («Злюку (Dr.Zlo)», «Ксюшу-дизайнершу (Ksu_design)»), the
    nick after «то есть», «в смысле», «ой», «вернее», «точнее», «короче» (after «ну» or not:
    «Шерлоку, то есть Холмсу221b», «Пуаро… ой, в смысле Марпл»), or, after a dash or «…», a
    nick the cut word or initial begins («Ш. — Шустрика», «у Сов… у Совёнка») or any nick
    with «который» after it («Хани — honeybee88 который»). The nick must end the aside (a
    word after it makes it another statement: «…, то есть Кузя прав»; in brackets only a
    hedge may follow it: «(ETH.maxi, если что)»). Returns that player's hit and the
    index after it; None when there is no such aside."""
    n = k + 1
    if n < hi and clause[n].w == "(":
        m = n + 1
        hit = idx.exact(words, m, None) if m < hi and clause[m].word else None
        if hit is None or hit.nick is None or m + hit.length >= hi:
            return None
        close = _hedged_close(words, m + hit.length, hi)
        if close is None:
            return None
        return NameHit(hit.nick, (hit.nick,), hit.kind, hit.length), close + 1
    m, head, cut = n, False, False
    while m < min(hi, n + 6):
        w = words[m]
        if not clause[m].word:
            cut = cut or w in ("…", "...", "—", "-", ".")
        elif w == "то" and m + 1 < hi and words[m + 1] == "есть":
            head, m = True, m + 1
        elif w == "в" and m + 1 < hi and words[m + 1] == "смысле":
            head, m = True, m + 1
        elif w in _PUT_RIGHT or w in _IN_SHORT:
            head = True
        elif w == "ну" and m + 1 < hi and (words[m + 1] in ("то", "в") or
                                           words[m + 1] in _IN_SHORT):
            pass  # «Туполева ну то есть Ту-154»: a filler before the words that put it right
        else:
            break
        m += 1
    if m == n or m >= hi:
        return None
    if words[m] in _AGAIN and m + 1 < hi and clause[m + 1].word:
        m += 1
    hit = idx.exact(words, m, None)
    if hit is None and clause[m].cap and len(words[m]) >= 4:
        hit = idx.approximate(words[m])  # «Холмсу221b», «Марпл» of «Miss Marple»
        if hit is not None and hit.kind == "fuzzy":
            hit = None
    if hit is None or hit.nick is None:
        return None
    end = m + hit.length
    which = cut and end < hi and words[end] in _WHICH_AFTER and \
        (end + 1 >= hi or not clause[end + 1].word)
    if which:
        end += 1  # «Хани — honeybee88 который»: the relative word ends the aside
    elif end < hi and clause[end].word:
        return None
    if not head and not which and \
            not (cut and len(words[k]) < len(words[m]) and words[m].startswith(words[k])):
        return None
    return NameHit(hit.nick, (hit.nick,), hit.kind, hit.length), end


def _hedged_close(words: list[str], n: int, hi: int) -> int | None:
    """The index of the «)» that closes a clarification's brackets when the nick ends at
    ``n``: right there, or after a comma and one of :data:`_GLOSS_HEDGES`; else None."""
    if n < hi and words[n] == ")":
        return n
    if n >= hi or words[n] != ",":
        return None
    for hedge in _GLOSS_HEDGES:
        close = n + 1 + len(hedge)
        if close < hi and tuple(words[n + 1:close]) == hedge and words[close] == ")":
            return close
    return None


def _compared(clause: list[Tok], words: list[str], k: int, hi: int) -> bool:
    """True when a «который» clause after the name at ``k - 1`` compares the player with
    another («Петровича, который постарше», «Лейтенанта, что помоложе»): a comparative
    among its first words."""
    if k + 1 >= hi or clause[k].w not in (",", "—") or words[k + 1] not in _WHICH:
        return False
    for n in range(k + 2, min(hi, k + 2 + 3)):
        if not clause[n].word:
            return False
        if any("COMP" in p.tag for p in morph().parse(words[n])[:1]):
            return True
    return False


def bracket_self(idx, clause: list[Tok], words: list[str], k: int, hi: int,
                 hit: NameHit, other: str) -> tuple[NameHit, int]:
    """A self-word hit («себя», «меня», token ``k - 1``) followed by a bracket that holds
    exactly one player's name («охраняю себя (Кота)»): the bracket says whom the writer
    means. It names one of the two players the pronoun can stand for (``hit``'s or
    ``other``: the one who moves, the writer): that player; a third player: asked between the two. Else ``hit`` and ``k``."""
    if not (k + 2 < hi and clause[k].w == "("):
        return hit, k
    named = idx.exact(words, k + 1, None)
    if named is None or named.nick is None:
        return hit, k
    close = k + 1 + named.length
    if close >= len(clause) or clause[close].w != ")":
        return hit, k
    if named.nick == hit.nick:
        return hit, close + 1
    if named.nick == other:
        return NameHit(named.nick, (named.nick,), "exact"), close + 1
    return NameHit(None, tuple(sorted({hit.nick, named.nick})), "exact"), close + 1
