"""The players a move names: the words after (or before) a keyword (issue 3).

:func:`read_targets` reads the names after a keyword: the first content word must be a
nickname (any case form, a prefix, a near miss, «себя»), further names only after «,», «и» …;
«или» marks alternatives. The words around a name are judged in :mod:`.grammar_target_words`;
a word no exact form names is read loosely in :mod:`.grammar_target_guess`, a name taken
back in :mod:`.grammar_target_fix`, words on the way that are no name are skipped in
:mod:`.grammar_target_skip`; a pronoun's antecedent and a name written before its keyword are
found in :mod:`.grammar_refs`. What it returns is :class:`~.grammar_target_types.Targets`.
``ctx`` is the parser's context: it gives ``nicks`` (the roster) and ``sender`` (an Actor).
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_asides import bracket_self, clarified, negated_aside, settled, sought_role
from .grammar_given_aside import aside_rival, given_then_nick, name_after_nick
from .grammar_rules import Actor
from .grammar_refs import alone_self as _alone
from .grammar_target_fix import SELF_CORRECTION, correction, doubt_then_name
from .grammar_target_guess import (
    filler_nick, fitted, name_soon, nick_goes_on, unknown_slot, word_reading,
)
from .grammar_target_skip import (modifies_noun, names_thing, own_verb, plain_word, treat_after,
                                 what_for)
from .grammar_target_types import Roster, Targets
from .grammar_target_words import (
    plural_verb, remark_before, as_told,
    after_header, bare_pair, by_description, same_as_someone, comma_aside, dash_remark, bracket_remark, attribute_of,
    LIST_JOINERS, LISTED_PRONOUNS, listed_after, pronoun_ends, first_word,
    names_end, next_verb_object, not_role_after, opens_statement, possessive,
    colon_after as _colon_after, same_as_before, same_player, skip_title, said_again,
    named_again, object_form, some_name, told_of, written_object,
)
from .grammar_dropped import (
    after_joiner, first_of_pair, list_ends, name_like, slot_after_preposition,
)
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .names import NameHit, name_index
from .names_case import case_fit
from .names_english import MODIFIERS
from .names_merge import said_aloud
from .words_endings import CYR
from .words import (
    animate_noun, comparative, compound_role, epithet_role, is_infinitive, is_interjection, is_known_word, is_noun,
    is_verb, morph, no_name_reading, not_a_name, misspelt_role, plural_with, predicate, role_words, third_person,
    verb_reading,
)


#: «всех», «всего» after a comparative («больше всех», «лучше всего»): an adverb of degree.
_ALL_OF = frozenset({"всех", "всего"})


#: Prepositions of the place the fan searches in («ищу доктора у X», «… в X»).
_PLACE_PREPS = frozenset({"у", "в", "во", "среди"})

#: Words between such a preposition and the word of the place («у нашего медика»).
_PLACE_OWNERS = frozenset({"нашего", "нашей", "нашем", "вашего", "вашей", "этого", "этой",
                           "того", "той", "своего", "своей", "моего", "моей"})



#: How loosely a lower-case dictionary word after «с» may read as a nick and still be the
#: thing that comes with the move, not a player (see :func:`_with_at`).
_LOOSE_WITH = frozenset({"fuzzy", "prefix", "pet"})


def _with_at(clause, words: list[str], k: int, lo: int) -> int | None:
    """The position of «с»/«со» before ``k``, with only lower-case adjectives agreeing with
    ``words[k]`` between («с мёдом», «с липовым мёдом»), or None."""
    j = k - 1
    while j > lo and clause[j].word and not clause[j].cap and attribute_of(words[j], words[k]):
        j -= 1
    return j if j >= lo and words[j] in ("с", "со") else None


def _owned_thing(idx, clause, words: list[str], k: int, hi: int) -> bool:
    """True when the lower-case word at ``k`` is an inanimate common noun in the accusative
    that no nick is written as, right before «у» and a nick read exactly («ворую мёд у
    Кузи», «чищу улей у Кузи»): a thing and its owner, the owner the move's player."""
    if k + 2 >= hi or words[k + 1] != "у" or not clause[k + 2].word or \
            idx.exact(words, k, None) is not None or idx.exact(words, k + 2, None) is None:
        return False
    return _common_noun_in(words[k], "accs", inan=True)


#: Prepositions of where to or what for («на катку», «в баню»): a lower-case thing after
#: them is a place or an occasion.
_PLACE_TO = frozenset({"на", "в", "во"})

#: Meals a host invites to («на ужин Кузю»); a thing after them is the dish.
_MEALS = frozenset({"ужин", "обед", "завтрак", "полдник", "ужинчик", "обедик"})
#: How loosely a dish after a meal may read as a nick and still be the dish.
_LOOSE_MEAL = frozenset({"part", "pet", "prefix", "fuzzy"})


def _person_noun(word: str) -> bool:
    """True when ``word``'s likeliest reading is an animate dictionary noun, in any case
    («керосинщику», «спиннингиста»)."""
    if not is_known_word(word):
        return False
    tag = morph().parse(word)[0].tag
    return tag.POS == "NOUN" and "anim" in tag


def _inanimate_noun(word: str) -> bool:
    """True when every noun reading of ``word`` is an inanimate common noun in the
    nominative or accusative («глинтвейн», «пельмени»), none a given name or a being."""
    nouns = [p.tag for p in morph().parse(word) if p.tag.POS == "NOUN"]
    return bool(nouns) and all("inan" in t and "Name" not in t and "Surn" not in t
                               for t in nouns) and \
        any(t.case in ("nomn", "accs") for t in nouns)


def _named_later(idx, clause, words: list[str], lo: int, hi: int) -> bool:
    """True when a word of ``[lo, hi)`` reads as a nick exactly, or is capitalised and
    reads as one («на катку и пиццу Кота», «на мойку идёт Ржавый Тесак»)."""
    return any(clause[n].word and (idx.exact(words, n, None) is not None or (
        clause[n].cap and idx.approximate(words[n]) is not None)) for n in range(lo, hi))


def _thing_noun(word: str) -> bool:
    """True when ``word`` has noun readings only, each an inanimate common noun («мойку»,
    «катку»), none a given name, a surname or a being."""
    parses = morph().parse(word)
    return bool(parses) and all(p.tag.POS == "NOUN" and "inan" in p.tag and
                                "Name" not in p.tag and "Surn" not in p.tag for p in parses)


def _instrumental_noun(word: str) -> bool:
    """True when ``word`` is a common noun in the instrumental singular («мёдом»,
    «вареньем»), not a given name or surname."""
    return _common_noun_in(word, "ablt")


def _common_noun_in(word: str, case: str, inan: bool = False) -> bool:
    """True when a reading of ``word`` is a common noun (no given name, no surname) in the
    grammatical ``case`` (pymorphy3's tag: "accs", "ablt"…), an inanimate one if ``inan``."""
    return any(p.tag.POS == "NOUN" and p.tag.case == case and (not inan or "inan" in p.tag) and
               "Name" not in p.tag and "Surn" not in p.tag for p in morph().parse(word))


def _thing_after_preposition(clause: list[Tok], words: list[str], k: int, lo: int,
                             out: Targets, *, skipped: bool) -> bool:
    """True when the first word of the slot, ``words[k]``, written in lower case right after
    the slot's preposition, is an inanimate common noun in a case that preposition governs
    («слежу за турниром», «смотрю на доску»): the verb's object is a thing, no player."""
    if skipped or out.roles or out.hits or k != lo + 1 or clause[k].quoted or \
            words[k - 1] not in ("за", "на") or not clause[k].text[:1].islower():
        return False
    return any(_common_noun_in(words[k], case, inan=True) and not animate_noun(words[k])
               for case in V.PREPOSITIONS[words[k - 1]])


def _in_place(words: list[str], lo: int, k: int) -> bool:
    """True when the word at ``k`` follows a place preposition of :data:`_PLACE_PREPS`, past
    a possessive or demonstrative («у медика», «у нашего медика»), within the slot from ``lo``."""
    j = k - 1
    if j > lo and words[j] in _PLACE_OWNERS:
        j -= 1
    return j >= lo and words[j] in _PLACE_PREPS

#: «когда», «как только» before a verb of the sender's: a time clause, its object no target.
_WHEN = frozenset({"когда", "покуда"})

#: A letter only Ukrainian spelling has.
_UKRAINIAN = re.compile(r"[іїєґ]")


def read_targets(ctx: Roster, actor: Actor, clause: list[Tok], lo: int, hi: int, *,
                 noun: bool = False, reported: bool = False, guards: bool = True) -> Targets:
    """Names after a keyword (tokens ``[lo, hi)``), see :func:`_read_targets`, less a last
    listed name that «не трогаю» spares (:func:`spared_after`); but when the
    object «себя» stands before the move verb («себя опять лечу»), a name read some words
    after the verb is not its object («себя лечу после смены мне самому Кот нужен», written
    without punctuation: «Кот» is the subject of «нужен»): nothing is read then."""
    out = _read_targets(ctx, actor, clause, lo, hi, noun=noun, reported=reported,
                        guards=guards)
    if len(out.hits) > 1 and spared_after(clause_words(clause), out.hits[-1][2], hi):
        # «лечу себя, (а) Лену не трогаю»: the last name listed is spared, no further target
        out.hits.pop()
    if len(out.hits) > 1 and (cut := _apology_cut(clause, out.hits, lo)) is not None:
        # «голоса Вахтенный и Багор, сорян багорчик ничего личного»: the name after a word
        # of apology is the player the sender says sorry to, no further target
        del out.hits[cut:]
        out.end = min(out.end, out.hits[-1][2]) if out.end >= 0 else out.end
    if not noun and out.hits and out.hits[0][1] > lo + 1 and \
            _fronted_self(clause, lo) and \
            all(clause[n].word for n in range(lo, out.hits[0][1])):
        return Targets(end=lo)
    if not noun and (out.hits or out.pronoun) and lo < hi and clause[lo].w in (",", "—", "(") \
            and _fronted_self(clause, lo):
        # «Страж пусть сам себя охраняет, на него все голосуют»: the object written before
        # the verb, a remark after its comma (its pronoun is no second object)
        return Targets(end=lo)
    return out


#: Words of apology said to a player right before his name («сорян, Багор», «прости Лось»).
_APOLOGY = frozenset({"сорян", "сорри", "сори", "sorry", "прости", "простите", "извини",
                      "извините", "пардон", "звиняй", "звиняйте", "простишь"})


def _apology_cut(clause: list[Tok], hits, lo: int) -> int | None:
    """Index into ``hits`` of the first name (not the first of the list) right after a word
    of :data:`_APOLOGY` (marks between allowed) that itself follows a mark after the name
    before («…и Багор, сорян багорчик»): that name and the ones after it are addressed, not
    listed. None when there is none."""
    for n in range(1, len(hits)):
        k = hits[n][1] - 1
        while k > lo and not clause[k].word:
            k -= 1
        if k <= hits[n - 1][2] or clause[k].w not in _APOLOGY:
            continue
        if any(not t.word for t in clause[hits[n - 1][2]:k]):
            return n
    return None


#: «что» after «ни за», «ни на»: «ни на что» is «nothing», said of a thing, not «nobody».
_THING_NONE = frozenset({"что", "чем", "чём", "чего"})


#: «собой», «собою»: the instrumental of «себя».
_WITH_SELF = frozenset({"собой", "собою"})
#: Verbs of keeping a thing back: «оставить за собой» (a vote, a right) is to reserve it.
_KEEP_VERBS = frozenset({"оставлять", "оставить", "сохранять", "сохранить", "резервировать",
                         "зарезервировать", "бронировать", "забронировать", "закреплять",
                         "закрепить", "придержать", "придерживать"})


def _kept(words: list[str], lo: int, end: int) -> bool:
    """True when a verb of keeping back (:data:`_KEEP_VERBS`) stands among ``words[lo:end]``
    (before «за собой»: «голос оставляю за собой», «право оставлю за собой»): the thing is
    reserved, the instrumental «собой» is nobody voted for."""
    return any(p.normal_form in _KEEP_VERBS for w in words[lo:end] if w.isalpha()
               for p in morph().parse(w)[:2] if p.tag.POS in ("VERB", "INFN"))


def _named_after_all(clause: list[Tok], k: int, hi: int) -> int:
    """The index right after the last «то есть» («т.е.» is written so) or «(а) именно» in
    ``clause[k:hi]`` when a word follows it: where a description of a player («тому, кто
    молчит, то есть Кулю», «за того, кто вчера молчал, а именно за X») names him; 0 when
    there is none."""
    for n in range(hi - 2, k, -1):
        if clause[n].w == "именно" or (clause[n].w == "есть" and clause[n - 1].w == "то"):
            return n + 1
    return 0


def _dative_self(clause: list[Tok], words: list[str], lo: int, hi: int) -> bool:
    """True when the dative «себе» (or «мне» ending the clause) stands right after a move
    keyword that ends in a noun, no verb («горчичники себе», «аптечку себе любимому», «ставлю
    горчичник мне»): the thing given to the sender himself; not «оставлю себе» (a verb's
    «for myself») nor «голос мне не нужен»."""
    w = words[lo]
    if w not in ("себе", "мне") or not clause[lo - 1].word or is_verb(words[lo - 1]) or \
            not any(p.tag.POS == "NOUN" for p in morph().parse(words[lo - 1])[:1]):
        return False
    rest = [t for t in clause[lo + 1:hi] if t.word]
    if w == "мне":
        return not rest
    return not rest or not is_verb(rest[0].w)  # (not «аптечку себе возьму»: a verb's own)


def _heading_word(clause: list[Tok], lo: int) -> str:
    """The heading word right before a dash or a colon ending at ``lo`` («Клан — X»), which
    a correction of its name may say again; "" when the targets follow no such heading."""
    if lo >= 2 and clause[lo - 1].w in (":", "—") and clause[lo - 2].word and \
            clause[lo - 2].w in _AGAIN_HEADINGS:
        return clause[lo - 2].w
    return ""


#: Headings of a move a correction may repeat before its new name («клан — X, не, клан Y»).
_AGAIN_HEADINGS = frozenset({"клан", "голос", "линч", "мо", "охота", "проверка", "лечение",
                             "жертва", "убийство"})


#: Adverbs that may stand between a fronted «себя» and its move verb («себя опять лечу»).
_SELF_GAP = frozenset({"опять", "снова", "сегодня", "тоже", "ещё", "еще", "я", "же",
                       "пожалуй", "вновь", "всегда", "обратно"})


def _fronted_self(clause: list[Tok], lo: int) -> bool:
    """True when «себя» is the object written before the move verb that ends at ``lo``
    («себя лечу», «себя опять лечу», «себя я снова охраняю»), only adverbs between."""
    n = lo - 2  # clause[lo - 1] is the verb's last token
    while n >= 0 and lo - 2 - n < 2 and clause[n].word and clause[n].w in _SELF_GAP:
        n -= 1
    return n >= 0 and bool(clause[n].word) and clause[n].w == "себя"


def _adjective(word: str) -> bool:
    """True when the likeliest reading of ``word`` is a full adjective («колючему»)."""
    return morph().parse(word)[0].tag.POS in ("ADJF", "COMP")


def _read_targets(ctx: Roster, actor: Actor, clause: list[Tok], lo: int, hi: int, *,
                  noun: bool = False, reported: bool = False, guards: bool = True) -> Targets:
    """Names after a keyword (tokens ``[lo, hi)``): the first content word must be a name;
    further names only after «,», «и», «/» … A name after «не» is dropped («лечу не Буку, а
    Сергея»); a further name followed by «—» or «:» starts a new statement and ends the list
    («линч — Бука, Маруська — подозрительная»).

    ``noun``: the keyword is a noun or an infinitive («охота», «голос», «лечить»). Then
    dictionary words up to a comma («охота на ведьм какая-то, Сергей прав») or «вчера»
    before the name («голос вчера ушёл Маруське») make it a statement (``statement``), and so
    does a verb between a reported noun and the name (``reported``: «…, что за охрану решит
    сам»). ``guards``: the move may be a guard's («за мной» is the sender only then: «убийство
    за мной» says who gives the kill)."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    out = Targets()
    # a name that opens its line with no word before it («Убийства:⏎Валентина») is governed
    # by nothing: any case (a nick's nominative as good as another's accusative)
    expected: frozenset[str] | None = frozenset({"accs"}) if any(
        t.word for t in clause[:lo]) else None
    # «Голос Лису»: the vote noun right before the name governs the dative (Лис, not the
    # accusative of Лиса); «линч» either case (asked when two nicks split them)
    governed = _NOUN_CASES.get(clause[lo - 1].w) if noun and expected and \
        clause[lo - 1].word else None
    expected = governed or expected
    joined = True
    k = lo
    rw = role_words()
    negated: list[int] = []  # hits written after «не» («лечу не Буку, а Кира»)
    neg = skipped = False
    restated: set[str] = set()  # the dictionary words skipped before the first name
    pron_at = -1  # index of the pronoun that opened the targets («за него же и за Кузю»)
    if not noun and lo < hi and words[lo] == "себе" and lo and \
            _UKRAINIAN.search(words[lo - 1]) and (lo + 1 >= hi or not clause[lo + 1].word):
        # «Лікую себе»: Ukrainian «себе» is the Russian «себя», the sender himself, right
        # after a Ukrainian move verb
        out.hits.append((NameHit(ctx.sender.nick, (ctx.sender.nick,), "self"), lo, lo + 1))
        out.end = lo + 1
        return out
    if 2 <= lo and lo + 1 < hi and words[lo - 2] in ("кого", "кому") and words[lo] == "," and \
            words[lo + 1] in ("и", "а", "но"):
        # «Чико сменил три версии, кого вешать, и каждый раз …»: «кого» is the verb's object
        # (whom to hang, asked in talk) and the conjunction opens another clause: no target
        out.end = lo
        return out
    if lo < hi and lo and _dative_self(clause, words, lo, hi):
        # «аптечку себе», «горчичники мне»: the thing of a move noun given to the sender
        out.hits.append((NameHit(ctx.sender.nick, (ctx.sender.nick,), "self"), lo, lo + 1))
        out.end = lo + 1
        return out
    if noun:
        k = after_header(idx, clause, words, lo, hi)  # «Голоса на «Ярость»: X и Y»
        if _count_label(clause, words, lo, hi):
            # «Шкафчик — один голос, Котофей — второй» (a name not read, else the text was
            # written as a plain vote: engine.textnorm_votes): the vote word labels the name
            # before it, the name after the comma is another vote's: asked
            out.described, out.end = True, hi
            return out
    k = comma_aside(clause, k, hi)  # «Голосую, как ни жаль, за X»
    if by_description(idx, clause, k, hi) and (named := _named_after_all(clause, k, hi)) and \
            any(idx.exact(words, n, None) for n in range(named, hi)):
        k = named  # «Виселицу — тому, кто больше всех визжит, то есть Чико»: the name after
        # «то есть» says who the description is; the name inside it is no target
    if (by_description(idx, clause, k, hi) and any(idx.exact(words, n, None)
                                                   for n in range(k, hi))) or \
            (noun and same_as_someone(clause, k, hi)):
        out.pronoun = out.described = True  # «голос как у Лося», «за того, кто…»: asked
        out.end = hi
        return out
    if noun and (c := _simile_heading(idx, clause, words, k, hi)):
        if c < 0:  # «Голос как у Лося: сами знаете кому»: no nick after it, asked
            out.pronoun = out.described = True
            out.end = hi
            return out
        k = c + 1  # «Голос, как и у Лося: Кузя»: whose vote it is like, then the vote
    if noun and k == lo and k < hi and (own := idx.exact(words, k, None)) is not None and \
            own.nick == ctx.sender.nick and k + own.length < hi and \
            clause[k + own.length].w in ("—", ":", "→") and \
            any(idx.exact(words, n, None) for n in range(k + own.length + 1, hi)):
        k += own.length  # «Голос Виннету — Обломову» from Виннету: whose vote, not whom
    if k == lo and 0 < lo and lo + 1 < hi and clause[lo - 1].w == "kill" and \
            clause[lo].w == "—" and words[lo + 1].isdigit():
        k += 2  # «kill -9 kubernetes»: the signal's number, then the player
    ordinal_slot = -1  # the word after a vote ordinal («второй — за X»)
    lifeless = False  # the thing skipped as the verb's object is no person («вагоны»)
    while k < hi:
        t = clause[k]
        if noun and skipped and not out.hits and t.w in (",", "(") and \
                not restated <= _RESTATE_WORDS:
            if t.w == "," and _apposed(idx, clause, words, lo, k, hi):
                k += 1  # «голос — сисадмину нашему, Ctrl'у»: who he is, then his nick
                continue
            out.statement = True
            break
        if not t.word:
            if t.w in (",", "—", "–") and out.hits and out.hits[-1][2] == k and \
                    out.hits[-1][2] - out.hits[-1][1] == 1 and out.hits[-1][0].nick and \
                    (m := name_after_nick(idx, clause, words, k, hi, out.hits[-1][0].nick,
                                          out.hits[-1][1])) is not None:
                k = out.end = m  # «Охраняю Лопахина, Ермолая Алексеича»: who he is
                continue
            if negated and negated[-1] == len(out.hits) - 1 and \
                    (m := negated_aside(idx, clause, words, k, hi)):
                k = m  # «не Лося (его и так повесят), а Графа»: the aside skipped
                continue
            if t.w in (":", "—", "→") and not out.hits:
                expected = None
            elif t.w == "—" and out.hits and joined and \
                    (m := dash_remark(idx, clause, words, k, hi)):
                k = m  # «X и — как ни жаль — Y»: a remark between dashes inside the list
                continue
            elif t.w in V.TARGET_JOINERS:
                joined = True
            elif t.w == "(" and out.hits and not joined and not negated and \
                    (m := bracket_remark(idx, clause, words, k, hi, out.hits[-1][0].nick)):
                k = m  # «за X (простите, X, но …) и ещё за Y»: the list goes on after it
                continue
            elif t.w in ("«", "“", "„", "(") and not out.hits:
                k = skip_title(idx, clause, words, k, hi)  # «Лучший из Лучших», (remark)
                continue
            elif t.w in ("«", "»", '"', "“", "”", "„", "(", ")"):
                pass
            elif out.hits:
                break
            k += 1
            continue
        w = t.w
        if out.hits and k == out.end and (m := _qualified_then_put_right(idx, clause, words, k, hi)):
            k = m  # «за Туза пик, то есть за X»: a word or two after the name, then the
            continue  # name put right: the correction is read, not the name before it
        if w == "то" and k + 1 < hi and words[k + 1] == "ли":
            out.alternative = joined = bool(out.hits)  # «то ли Кота, то ли Медведя»: no choice
            k += 2
            continue
        if w == "тоже" and out.hits and k == out.end and k + 2 < hi and clause[k + 1].w == "," \
                and clause[k + 2].w in SELF_CORRECTION:
            k += 1  # «клан — Туманный тоже, нет, клан Бродяга»: the name «too», then taken back
            continue
        if out.hits and w in SELF_CORRECTION and (m := doubt_then_name(idx, clause, words, k,
                                                                          hi)):
            out.alternative = joined = True  # «за Зайкой… хотя, может, за Лисой»: asked
            k = m
            continue
        if out.hits and (w in SELF_CORRECTION or (
                w == "в" and k + 1 < hi and words[k + 1] == "смысле")):
            nxt = correction(idx, clause, words, k, hi, out, _heading_word(clause, lo))
            if nxt is None:
                break
            k, joined, expected = nxt[0], True, nxt[1]
            continue
        if w == "это" and not out.hits and k == first_word(clause, lo):
            out.statement = True
        if w == "я" and not out.hits and k > lo and clause[k - 1].w in (":", "—") and \
                k + 2 < hi and clause[k + 1].w in (",", "и") and \
                any(idx.exact(words, n, None) for n in range(k + 2, min(hi, k + 4))):
            out.statement = True  # «Клан — трое: я, Орлов, Каперанг»: who, a roll call
            break
        if w == "как" and out.hits:
            break  # «Охраняю Ворону, как Мышь сказала»

        if w in ("или", "либо") and out.hits:
            out.alternative = joined = True
            k += 1
            continue
        if w in V.TARGET_JOINERS and out.hits:
            joined = True
            k += 1
            continue
        if w == "до" and k + 1 < hi and words[k + 1].startswith("последн"):
            # «выношу всё до последней пешки», «до последнего патрона»: how much, an idiom
            # of degree; the noun after «последней» is no player
            k += 3 if k + 2 < hi and clause[k + 2].word else 2
            continue
        if w in ("завтра", "послезавтра") and out.hits and joined:
            break  # «Голос Комоду, а завтра Табурет»: tomorrow's player, no target of today
        if w == "будет" and out.hits and joined and k + 1 < hi and \
                words[k - 1] in ("и", "пусть", "пускай", "ну", ",") and clause[k + 1].word:
            k += 1  # «Щукарь и ... ну пусть будет Тракторист»: the choice of the next name
            continue
        if w == "да" and out.hits and not joined and k == out.end and \
                (m := _folk_and(idx, clause, words, k, hi)) is not None:
            joined = True  # «Мурзик да Айболит», «Незнайке да и Хайду»: the folk «and»
            k = m
            continue
        if w in _VOTE_COUNTS and out.hits and not joined and k == out.end and \
                ctx.votes == 2 and (k + 1 == hi or words[k + 1] in (",", ";")):
            k += 1  # «за Кракена один, за Гоблина другой»: which of the day's two votes
            continue
        if (w in V.VOTE_ORDINALS or w in _SECOND) and out.hits and (
                joined or (ctx.votes == 2 and w in _NEXT_VOTE and k + 1 < hi)):
            k += 1  # «первый голос — Бегемоту, второй — Доценту»; «… бегемоту второй доценту»
            if k < hi and words[k] in ("голос", "голосом") and not joined:
                k += 1
            joined = True
            ordinal_slot = _ordinal_slot(clause, words, k, hi)
            continue
        if k == ordinal_slot and out.hits and idx.exact(words, k, None) is None and \
                (t.cap or _written_small(clause, out.hits[0])) and \
                (pet := idx.approximate(w)) is not None and pet.nick is not None and \
                (pet.kind in ("name", "pet") or
                 (not t.cap and pet.kind == "prefix" and len(w) > 3)) and \
                (k + 1 >= hi or not clause[k + 1].word):
            out.hits.append((pet, k, k + 1))  # «…, второй — за Димку»: the second vote's slot
            k = out.end = k + 1  # holds a name as the first's does, a pet form too; written
            joined = False  # small when the first name was («первый галка второй малой»)
            continue
        if w == "от" and not out.hits and k + 1 < hi and words[k + 1] in V.FROM_ME:
            k += 2  # «Премию «Лучший из Лучших» от меня получает X»: who gives it, no target
            continue
        if w == "в" and k + 2 < hi and words[k + 1] == "лице":  # «ищу кома в лице Снежаны»
            expected, k = frozenset({"gent"}), k + 2
            continue
        if w in V.PREPOSITIONS:
            expected = V.PREPOSITIONS[w]
            if w in ("в", "во") and actor.role == "fan":
                expected = expected | {"loct"}  # «ищу комиссара в Сове»: her search
            k += 1
            continue
        if noun and w in V.SENDER_WORDS and k > lo and words[k - 1] == "у" and _colon_after(words, k + 1, hi):
            k += 1  # «Два голоса у меня: X и Y»: whose votes, not a vote for the sender
            continue
        if neg and w in V.SENDER_WORDS and k > lo and words[k - 1] == "без":
            neg, k = False, k + 1  # «охота без меня»: nobody
            continue
        if not out.hits and w in V.SENDER_WORDS and (remark_before(clause, lo, k) or (
                k > lo and clause[k - 1].word and _third_verb(words, k + 1))):
            break  # «тырит ход, этот шизоид меня напрягает»: the remark's «меня», another verb's
        if not out.hits and not out.pronoun and not skipped and (w in V.SENDER_WORDS or (
                w in V.SENDER_AFTER and k > lo and words[k - 1] in V.SENDER_AFTER[w] and
                actor.role == "guard" and guards)):  # «Страж — при мне»; «проверка при мне» is no move
            # «обворую, он у меня любимый клиент»: «меня» after a remark is no target
            who = actor.nick if w == "себе" else ctx.sender.nick  # «Шкаф на себе»: himself
            me, after = bracket_self(idx, clause, words, k + 1, hi,
                                     NameHit(who, (who,), "self"), actor.nick)
            after = _me_apposition(idx, clause, words, after, hi, who)  # «меня, старика»
            out.hits.append((me, k, k + 1))  # «меня (Кота)»: the bracket says who
            joined, out.end = False, after
            k = after
            continue
        if w == "себе" and not out.hits and not out.pronoun and not neg and \
                (noun or (lo > 0 and clause[lo - 1].word and not is_verb(words[lo - 1]))) and \
                _self_given(clause, words, lo, k, hi):
            # «Эликсир жизни — себе любимой», «бульон себе»: the move's noun given to the
            # sender himself (the dative of «себя»)
            out.hits.append((NameHit(actor.nick, (actor.nick,), "self"), k, k + 1))
            joined, out.end = False, k + 1 + (k + 1 < hi and words[k + 1] in _SELF_EPITHETS)
            k = out.end
            continue
        if w in _NAMESAKE and not out.hits and not out.pronoun and not neg and \
                (mate := _namesake(ctx, idx)) is not None:
            # «голосую за тёзку своего» from Лёха_Тент: the other player of his given name
            after = k + 1 + (k + 1 < hi and words[k + 1] in _MY)
            if after < hi and clause[after].word and (
                    idx.exact(words, after, None) is not None or
                    (clause[after].cap and idx.approximate(words[after]) is not None)):
                k = after  # «за свою тёзку Галю»: the namesake named right after, an epithet
                continue
            out.hits.append((mate, k, after))
            joined, out.end = False, after
            k = after
            continue
        if w in _WITH_SELF and k > lo and words[k - 1] == "за" and _kept(words, lo, k - 1):
            break  # «второй голос оставляю за собой»: kept back (reserved), no vote for self
        if w in V.SELF_WORDS and k > lo and (
                (not out.hits and words[k - 1] in _THIRD_PRONOUNS | _CORRELATIVES) or
                (out.hits and words[k - 1] == "я" and _alone(clause, k))):
            break  # «как он себя поведёт»: his «себя»; «за Графа, это я сам»: who, not whom
        if w in V.INTENSIFIERS and not out.hits and k + 1 < hi and clause[k + 1].word and \
                idx.exact(words, k + 1, None) is None and _adjective(words[k + 1]):
            out.pronoun = out.described = True  # «голос самому колючему»: «the most …», a
            out.end = hi  # description, not «сам» (the sender): asked
            return out
        if w in V.INTENSIFIERS and k + 1 < hi and (
                idx.exact(words, k + 1, None) is not None or
                (clause[k + 1].cap and words[k + 1] not in V.SELF_WORDS)):
            k += 1  # «Маньячу самого Графа», «за самого Коляна»: the very player named next
            continue
        if not out.hits and not out.pronoun and w in _OUR and \
                (named := _apposed_name(idx, clause, words, k, hi)) is not None:
            k = named  # «Приглашаю нашего молчуна Ветерка»: the player named after his epithet
            continue
        if w in ("сам", "сама", "сами") and not out.hits and name_soon(idx, clause, words, k + 1, hi):
            k += 1  # «проверяю сама: Dr.Who», «проверяю теперь сама ястреба»: by herself, not whom
            continue
        if w in ("сам", "сама") and out.hits and (
                (clause[k - 1].word and words[k - 1] not in V.TARGET_JOINERS) or
                (k + 1 < len(words) and (is_verb(words[k + 1]) or
                                         words[k + 1] in _THIRD_PRONOUNS | {"я"}))):
            break  # «Охраняю Дона, босс сам просил», «…, сам проверяю X»: who, not a target
            # («охрану на X — сам он отписал, что …»: «сам он» is the subject of the remark)
        if w in ("сам", "сама") and not out.hits and _subject_of_verb(words, k + 1, hi):
            break  # «…, а сам там стоял до ночи»: the remark's subject, not the sender as target
        if w in V.SELF_WORDS:
            if out.hits and not joined:
                if out.hits[-1][0].kind != "self":
                    break
                out.end = k + 1  # «сам себя»
                k += 1
                continue
            if neg:  # «бью не себя, а Барона»
                negated.append(len(out.hits))
                neg = False
            me, after = bracket_self(idx, clause, words, k + 1, hi,
                                     NameHit(actor.nick, (actor.nick,), "self"), ctx.sender.nick)
            out.hits.append((me, k, k + 1))  # «охраняю себя (Кота)»: the bracket says who
            joined, out.end = False, after
            k = after
            continue
        if noun and w == V.NEGATION and not out.hits and k + 1 < hi and \
                words[k + 1] in V.NOT_CHANGED:
            # «Голос не меняю — X», «голос не трогаю: X»: the vote kept, named again (no «не
            # X»); not «голос не меняю, а X пусть подумает» (a contrast: no name of the vote)
            if k + 3 < hi and words[k + 2] in (",", "—", "–", "-", ":") and \
                    words[k + 3] not in _CONTRAST:
                skipped = True
                restated.update((w, words[k + 1]))
                k += 3
                continue
            break
        if w in (V.NEGATION, "вместо", "без") and (joined or not out.hits):  # «без X»: not X
            # «вместо Галины — Тётя Клава»: the name after «вместо» is the one replaced
            neg = True
            k += 1
            continue
        if w == "вместо" and not out.hits:
            neg, expected = True, frozenset({"gent"})  # «вместо Галины — Тётя Клава»
            k += 1
            continue
        if out.hits and joined and k > 0 and words[k - 1] in ("—", "-") and not t.cap and \
                not t.quoted and is_known_word(w) and not k < ordinal_slot:
            break  # «ищу комиссара в Сове — совы же по ночам не спят»: a remark, not a name
        if skipped and not out.hits and k > lo and possessive(idx, clause, k) and \
                not (k >= lo + 2 and words[k - 2] in _TIME_BEFORE) and \
                not (actor.role in ("hostess", "psycho") and "на" in words[max(0, lo - 3):k] and
                     any(words[n] in ("с", "со") for n in range(lo, k))):
            # (not «приглашаю на чай с вареньем Секатора»: her treat, then her guest)
            out.thing = True  # «смотрю на аватарку Тыквы»: the thing is hers, not the target
            break  # (not «зову к себе после смены Гипса»: a time, then whom)
        if out.thing and lifeless and not out.hits and not noun and k > lo and \
                words[k - 1] == "от":
            break  # «охраняю рассаду от кота»: the verb's object is a thing, the player after
            # «от» is what it is kept from, no target (the name is asked about by the net)
        if k >= 2 and words[k - 1] in ("в", "во") and actor.role in ("hostess", "psycho") and \
                t.text[:1].islower() and not t.quoted and \
                any(words[n] in ("себе", "себя") for n in range(max(0, k - 4), k - 1)):
            skipped = True  # «забираю к себе в улей», «до себя в забой»: where the guest is
            k += 1  # taken (a word of «Улей №5» written small), never the guest
            continue
        hit = idx.exact(words, k, expected)
        if hit is None and t.cap and k + 1 < hi and clause[k + 1].cap and \
                (said := said_aloud(idx, t, clause[k + 1])) is not None:
            hit = NameHit(said, (said,), "exact", 2)  # «Мэри Ми» for Marry_Me: a Latin
            # nick's two words said aloud (only for a capital no form of a nick is read at)
        if hit is not None and hit.nick is not None and hit.length == 1 and not noun and \
                not out.hits and expected == _ACCS and \
                (rival := idx.case_rival(words[k], hit.nick, "accs")) is not None and \
                rival in getattr(ctx, "alive", (rival,)) and _direct_object(words, lo, k):
            # «бью Варвару»: the dative of Варвар after a verb that takes the accusative, the
            # accusative of Варвара (Варя): which one is asked, never Варвар picked
            hit = NameHit(None, tuple(sorted((hit.nick, rival))), "exact", 1)
        if hit is None and out.hits and joined and not t.cap and \
                (m := _described_next(idx, clause, words, k, hi, rw)) is not None:
            k = m  # «голоса: Комод, аналитик Табурет», «X и наш тихоня Y»: a word of what the
            # next player is, then his name
            if idx.exact(words, m, None) is None:  # «аналитик Юля»: his name, not his nick
                out.hits.append((idx.approximate(words[m]), m, m + 1))
                k = out.end = m + 1
                joined = False
            continue
        if hit is not None and out.hits and opens_statement(clause, k + hit.length) and \
                not (joined and words[k - 1] in V.PREPOSITIONS) and \
                not (words[k - 1] == "и" and (words[k + hit.length + 1:k + hit.length + 2] in (
                    ["оба"], ["обе"], ["они"], ["обоих"], ["обеих"]) or
                    plural_verb(words[k + hit.length + 1:k + hit.length + 2]))) and \
                not (words[k - 1] == "," and _of_them_all(words, k + hit.length)) and \
                not (joined and object_form(idx, words[k], hit, expected)) and \
                not (joined and written_object(t, hit, expected)) and \
                not (words[k - 1] == "и" and ctx.votes > 1 and len(out.hits) == 1) and \
                words[k - 1] not in _PLUS and \
                not (words[k - 1] == "и" and as_told(words, k + hit.length + 1)):
            # (not «В клан: X и Y — как босс сказал»: who told the list, no statement of Y)
            # (not «Голоса: X и Y — принц слишком много думает» on a two-vote day: the
            # second name «и» joins is the second vote, the remark after it is about him)
            # («Голосую за Фиалку и Ромашку — ярость так ярость»: a name in the case the
            # move asks for, not the nominative, is no subject of a new statement)
            # («Убиваем X и Y — обе слишком много вынюхивают»: the remark is of both)
            # «за Гошу и за Тихоню — оба мутные»: the preposition said again lists a name
            # («Голоса: X + Y — пусть вернёт клубнику»: «+» only ever joins a list, so the
            # name after it is no subject of a new statement)
            break  # «Линч — Бука, Маруська — подозрительная»: a new «X — …» statement
        bare = not joined and bare_pair(clause, k, hi, out)
        if hit is not None and out.hits and not joined and \
                names_end(clause, k + hit.length, hi) and clause[k - 1].word and \
                ctx.sender.nick not in (hit.nick, *hit.candidates) and \
                (not same_player(out.hits[-1][0], hit) or said_again(clause, out.hits[-1], k, hit)):
            # «голоса семёныч шмель»: names side by side to the end are a list; not the
            # sender signing («… Бобра Кузя») nor a word of the same nick; the same name
            # written twice is a list («голоса шурик шурик»: both votes)
            joined = True
        elif ctx.votes == 2 and not joined and len(out.hits) == 1 and out.hits[0][2] == k and \
                (pair := _unpunctuated_pair(ctx, clause, words, k, hit or _part_of_nick(idx, w),
                                            out)) is not None:
            if pair:
                joined = True  # «голосую кефир орк оба мутные»: two votes, «оба» says so
            elif out.dropped is None:
                out.dropped = (t.text, k)  # «голосую тимофей сова остальные …»: asked
        if hit is not None and not out.hits and spared_after(words, k + hit.length, hi):
            out.statement = True  # «линч Бугель не трогайте»: the player is spared, no target
            break
        if hit is not None and not out.hits and not_role_after(words, k + hit.length, hi, rw):
            out.statement = True  # «два дня ищу — то Ромашка не врач, то …»: about him
            break
        if hit is not None and out.hits and joined and \
                told_of(clause, k + hit.length, len(clause), words[k - 1] in V.PREPOSITIONS,
                        lambda n: idx.exact(words, n, None) is not None):
            break  # «слежу за X, за Y и так полгорода следит»: Y belongs to a new statement
        if hit is not None and out.hits and joined and \
                next_verb_object(clause, k + hit.length):
            break  # «ворую у Кузи и Бобра мочим»: the name is the object of the next move
        if hit is not None and out.hits and joined and named_again(clause, out.hits[-1], k, hit):
            k = out.end = k + hit.length  # «Лиса старого, Старого Лиса»: the player named again
            joined = False
            continue
        role_named = hit is not None and not out.hits and hit.nick and k + 1 < hi and \
            hit.length == 1 and sought_role(clause, k, hit.nick)
        if role_named:
            hit = None  # «ищу шерифа у Малины» with a player named Шериф: the role sought
        if hit is not None and out.hits and joined and later_contrast(words, k, k + hit.length, hi):
            break  # «Бью Шурика, а Кузьмича завтра»: the player after «а» is for another day
        if hit is not None and not out.hits and not noun and \
                _subject_after_comma(clause, words, lo, k, k + hit.length):
            out.described = True  # «лечу, Зая на меня так смотрит»: a new sentence's
            break  # subject, no object of the move word; the move's player is asked
        if hit is not None and (joined or not out.hits):
            if neg:
                negated.append(len(out.hits))
                neg = False
            if out.pronoun and not out.hits and listed_after(words, pron_at, k):
                out.pronoun, out.listed_pronoun = False, pron_at  # «за него же и за Кузю»
            hit, end = settled(idx, clause, words, k + hit.length, hi, hit)  # «Шуру (Alexandra_K)»
            if not out.hits and (skipped or out.roles) and \
                    (j := first_of_pair(clause, k, lo)) is not None:
                out.dropped = (clause[j].text, j)  # «голоса скунс и вий»: «скунс» unread
            out.hits.append((hit, k, end))
            # «Голоса: Бухгалтер, Ковалёва»: a list no word governs goes on in the case of its
            # first name when that name is surely nominative (the wife, not the husband's
            # accusative); else the accusative of a move's object
            nominal = expected is None and hit.length == 1 and hit.nick is not None and \
                idx.single.get(words[k], {}).get(hit.nick) == frozenset({"nomn"})
            k = end
            joined, out.end = False, k
            expected = frozenset({"nomn"}) if nominal else \
                governed if governed and expected == governed else _ACCS
            continue
        if out.hits and not joined and not bare and nick_goes_on(idx, words, k, out):
            k = out.end = k + 1  # «дон карлеоне»: the same nick's next word, misspelt
            continue
        if out.hits and not joined and not bare:
            break
        if not out.hits and not out.pronoun and same_as_before(clause, k, hi):
            out.pronoun, out.end = True, k + 1  # «голос туда же», «линч тоже он»
            k += 1
            continue
        if neg and w in V.PRONOUNS:
            neg = False  # «стреляю не в неё, а в Доцента»: the pronoun is the one not meant
            # (not «Егеря полечу, без него пропадём»: «без него» after a comma is a remark)
            out.negated = not (not out.hits and words[k - 1] == "без" and
                               any(clause[n].w == "," for n in range(lo, k)))
            k += 1
            continue
        if not out.hits and not out.pronoun and w in _POSSESSIVE and k and \
                words[k - 1] in V.PREPOSITIONS and k + 1 < hi and clause[k + 1].word and \
                words[k + 1] not in V.FILLERS and words[k + 1] != "же":
            break  # «наблюдаю за его манерой»: after a preposition the player is «него»
        if not out.hits and not out.pronoun and _fronted_object(clause, words, lo, k, hi):
            break  # «за Зельца голосую и его же ночью режу»: the next move's object
        if w in _ALL_OF and k > lo and comparative(words[k - 1]):
            k += 1  # «ту, кто больше всех лает, — X»: «most of all», no pronoun object
            continue
        if w == "ни" and k + 2 < len(clause) and clause[k + 1].w in ("за", "в", "на") and \
                clause[k + 2].w in _THING_NONE:
            k += 3  # «мой голос ни на что не влияет»: «ни на что», nothing, no player
            continue
        if not out.hits and (w in V.NOBODY or (w in V.PRONOUNS and not out.pronoun)):
            out.nobody = w in V.NOBODY
            if out.nobody:  # «никого», «ни за кого»; not «ни разу»
                nxt = clause[k + 1].w if k + 1 < len(clause) else ""
                out.nobody_named = w in ("никого", "никому") or nxt in ("за", "кого", "в", "на")
            out.pronoun = not out.nobody
            pron_at = k
            out.end = k + 1
            if out.nobody:
                break
            k += 1
            continue
        if out.pronoun and w not in V.FILLERS:
            approx = case_fit(idx, w, idx.approximate(w), expected) \
                if t.cap and clause[k - 1].w in V.PREPOSITIONS else None
            if approx is not None and approx.kind != "fuzzy":  # «туда же, в Мышь»
                out.pronoun = False
                if listed_after(words, pron_at, k):
                    out.listed_pronoun = pron_at  # «за него же и за Кузю»: two players
                out.hits.append((approx, k, k + 1))
                out.end = k + 1
                joined = False
                k += 1
                continue
            break  # «ищу его у Сергея»: only a name right after the pronoun
        if out.hits and joined and out.listed_pronoun is None and (
                w in LISTED_PRONOUNS or (w in _SAME_ONE and not _after_preposition(words, k))) and (
                (k + 1 < hi and words[k + 1] == "же") or
                (k > 1 and words[k - 1] in V.PREPOSITIONS and words[k - 2] in LIST_JOINERS)) \
                and pronoun_ends(clause, k, hi):
            # (not «проверяю Кузю и её же убираем»: the pronoun is the next move's)
            out.listed_pronoun, out.end = k, k + 1  # «за Кузю и за него же»
            joined = False
            k += 1
            continue
        if w not in rw and not t.cap and not out.hits and actor.role == "fan" and \
                (_searched(actor, words, k) or (k + 1 < hi and words[k + 1] == "у")) and \
                (fixed := misspelt_role(w)) is not None and idx.approximate(w) is None:
            w = fixed  # «ищу дэтэктива у X», «ищу свидетиля»: the fan's sought role misspelt
        if w in rw and t.cap and not role_named and not out.hits and \
                (titled := _titled_player(ctx, clause, words, w, k, hi, actor)) is not None:
            # «миномёт — Доктор» with «Dr.Who» named in the letter: the player
            out.hits.append((NameHit(titled, (titled,), "part", 1), k, k + 1))
            k += 1
            joined, out.end = False, k
            continue
        if w not in rw and not compound_role(w) and (role := epithet_role(w)) is not None and \
                not out.hits and idx.approximate(w.split("-")[0]) is None and \
                idx.approximate(w) is None:
            out.roles.append(role)  # «Ищу своего Ромео-комиссара»: the role, her epithet
            out.role_at.append(k)  # for it a name of no player (not «Машу-доктора»)
            out.end = k = k + 1
            continue
        if (w in rw or compound_role(w)) and (role_named or not (owner := idx.nick_word(w) or (
                idx.read_nick(w) if t.cap and k > 0 else None) or _living_nick_word(
                    idx, ctx, clause, w, k, lo)) or (
                not out.hits and sought_role(clause, k, owner, searched=_searched(actor, words, k))
                and (k + 1 < hi or _searched(actor, words, k)))):
            # («голосую за дона» with «Дон Педро» on the roster, «за Инспектора» with
            # Inspector-G: the player, not the role; «ищу инспектора у X»: the role sought)
            if neg:
                neg = False  # «ищу не врача, а свидетеля»: the role after «не» is not sought
            elif out.roles and not out.hits and out.unknown is None and (
                    _in_place(words, lo, k) or t.cap):
                # «ищу доктора у медика», «проверяю на врача Медика»: the role sought is
                # read; a role word in the place («у», «в») where the player goes, or a
                # second one written with a capital, names nobody on the roster: asked
                out.unknown = (t.text, k)
            else:
                out.roles.append(rw.get(w) or compound_role(w))
                out.role_at.append(k)
                if out.hits and joined and after_joiner(clause, k, lo) and list_ends(clause, k, hi):
                    if (fit := fitted(idx, ctx, clause, k, listed=True)) is not None:
                        out.roles.pop()  # «голоса шадоу и гром»: Громозека's first letters
                        out.role_at.pop()
                        out.hits.append((fit, k, k + 1))
                        out.end = k = k + 1
                        joined = False
                        continue
                    out.dropped = (t.text, k)  # «голоса шадоу и гром»: a role's slang, or a nick?
            out.end = k + 1
            k += 1
            continue
        if w == "а" and k + 1 < hi and words[k + 1] == "то":
            break  # «себя громлю, а то Мельник косо смотрит»: «а то» (or else) opens the
            # reason, a name after it is none of the move's
        if joined and out.hits and w in _POINTER_NOMN and k + 1 < hi and clause[k + 1].cap and \
                (idx.exact(words, k + 1, None) or idx.approximate(words[k + 1])) is not None:
            k += 1  # «Голоса мои: Лиса Алиса и эта Гламур»: a pointer before the list's next
            continue  # name, in the list's own (nominative) case
        if (w in V.FILLERS and not filler_nick(idx, clause, words, k, hi)) or (
                not t.cap and not t.quoted and is_interjection(w)):
            k += 1  # («к себе на чаёк хехе»: laughter is no name)
            continue
        if w in V.TITLES and k + 1 < hi and clause[k + 1].word and \
                (nxt := idx.exact(words, k + 1, None)) is not None and \
                not same_player(nxt, idx.approximate(w) or nxt):
            k += 1  # «наблюдаю за фрау Кармен»: her title, not the nick «Frau_Berta»
            continue
        if k + 1 < hi and clause[k + 1].word and V.kin_word(w) and \
                (nxt := idx.approximate(words[k + 1]) or (
                    idx.exact(words, k + 1, None) if clause[k + 1].cap else None)) is not None \
                and nxt.kind in ("part", "pet", "name", "exact") and \
                not set(nxt.candidates) & set((idx.approximate(w) or nxt).candidates):
            k += 1  # «у бабы Нины»: her kin word, not the nick «Baba Shura»; «дядюшка Лось»:
            continue  # the kin word said of Лось, not «Дядя» by its diminutive
        known = is_known_word(w)
        if known and t.text[:1].islower() and not t.quoted and k + 1 < hi and \
                clause[k + 1].text[:1].islower() and attribute_of(w, words[k + 1]) and \
                idx.exact(words, k + 1, None) is None:
            k += 1  # «на старый фильм»: an adjective of a noun, not «Старый Мельник»
            continue
        if not out.hits and not out.roles and known and not t.cap and not t.quoted and \
                _owned_thing(idx, clause, words, k, hi):
            out.thing = True  # «ворую мёд у Кузи», «чищу улей у Кузи»: the thing taken, then
            lifeless = True  # its owner (not «Медовушка» by its beginning, nor «Уля»)
            skipped = True
            restated.add(w)
            k += 1
            continue
        approx, listed = word_reading(idx, clause, words, k, lo, hi, out, known=known,
                                      joined=joined, bare=bare, expected=expected,
                                      noun=noun, rw=rw)
        if approx is None and out.hits and len(negated) == len(out.hits) and t.cap:
            approx = _full_name(idx, clause, words, k, hi)  # «не Игоря, а Таню Орлову»
        if approx is not None and known and k > lo and \
                (expected is None or "ablt" not in expected) and _means_phrase(clause, words, k):
            approx = None  # «убиваем — одним звонком»: the means, a thing, beside «Звонок»
            # (not where the instrumental is the target's case: «слежу за нашим котом»)
        if approx is not None and out.hits and joined and \
                told_of(clause, k + 1, len(clause), words[k - 1] in V.PREPOSITIONS):
            break  # see told_of
        if approx is not None and out.hits and joined and next_verb_object(clause, k + 1):
            break  # «ворую у X и катюху мочим»: the name is the object of the next move
        if approx is not None and bare and same_player(out.hits[0][0], approx):
            k += 1  # «Мышь Серая»: the words of one nick in another order
            out.end = k
            continue
        if approx is not None and out.hits and not joined and approx.nick == ctx.sender.nick:
            break  # «линч ZloyGnom UwU» from Lenochka_UwU: a word of her own nick, her smiley
        if approx is not None and approx.kind in _LOOSE_MEAL and known and not t.cap and \
                not t.quoted and k == lo and k >= 2 and words[k - 2] == "на" and \
                words[k - 1] in _MEALS and _inanimate_noun(w):
            approx = None  # «на обед лагман, на ужин глинтвейн» beside «Глинтвейн_Катя»:
            # the dish after the meal, a lower-case thing read only as a word of a nick
        if approx is not None and approx.kind in ("pet", "prefix") and known and \
                not t.cap and not t.quoted and k >= 1 and words[k - 1] in _PLACE_TO and \
                _thing_noun(w) and _named_later(idx, clause, words, k + 1, hi):
            approx = None  # «зову на катку Кота» beside NyanCat, «на мойку идёт X» beside
            # «ЛёхаМойщик»: where to or what for, a lower-case thing after «на» / «в» read
            # only as a pet form or the beginning of a nick, a player named after it (not
            # «мо на кекса», «стреляю в гросса»: the aim, its player's pet form)
        if approx is not None and approx.kind in ("part", "pet") and known and not t.cap and \
                not t.quoted and k > lo and words[k - 1] in _TIME_BEFORE and \
                _common_noun_in(w, "gent") and _named_later(idx, clause, words, k + 1, hi):
            approx = None  # «зову на глинтвейн после смены Гипса» beside «Ночная Смена»: a
            # lower-case dictionary noun after a preposition of time, read only as one word
            # of a longer nick, with a player named after it: when, not whom
        if approx is not None and approx.kind in _LOOSE_WITH and known and not t.cap and \
                not t.quoted and (j := _with_at(clause, words, k, lo)) is not None and \
                (approx.kind == "fuzzy" or j < k - 1 or _instrumental_noun(w)):
            approx = None  # «на чай с тортиком идёт X»: a thing one letter off «Жориком»;
            # «на чай с липовым мёдом» beside «Медовушка»: what comes with it, a common
            # noun in the instrumental read only as the beginning or a pet form of a nick
        if approx is not None and approx.kind == "fuzzy" and out.hits and not t.cap and \
                not t.quoted and k > lo and words[k - 1] in ("—", "–") and \
                ctx.text != ctx.text.lower():
            break  # «лечу X — lege artis»: a lower-case word after the dash, one slip off a
            # nick, in a letter with capitals opens a remark; no second target
        if approx is not None and out.thing and not out.hits and (
                approx.kind == "fuzzy" or (known and not t.cap and not t.quoted and (
                    (k > lo and words[k - 1] in _THING_TIME) or
                    (approx.kind in ("pet", "prefix") and lifeless)))):
            break  # «проверю акт сверки с «Вектором»»: the verb's object is a thing; a
            # misspelt name after it is the thing's, no target; so is a dictionary word in
            # lower case after a preposition of time or origin («проверю почту после смены»
            # beside «Ночная_Смена»), or read only as a pet form or the beginning of a nick
            # («проверю вагоны на запасном пути» beside «Путеец»: where the thing is)
        if approx is not None and not out.hits and not noun and \
                _subject_after_comma(clause, words, lo, k, k + approx.length):
            out.described = True  # (as for a name read exactly, above)
            break
        if approx is not None and (listed or not (known and not (t.cap or t.quoted) and
                                                  out.hits)):
            if neg:
                negated.append(len(out.hits))
                neg = False
            approx, end = settled(idx, clause, words, k + 1, hi, approx)
            approx, end = aside_rival(idx, clause, words, k, hi, approx, end)  # «Генку, Треплева»
            if not out.hits and (skipped or out.roles) and \
                    (j := first_of_pair(clause, k, lo)) is not None:
                out.dropped = (clause[j].text, j)  # «голоса гром и шадоу»: «гром» unread
            out.hits.append((approx, k, end))
            k = end
            joined, out.end = False, k
            continue
        if out.hits:
            if joined and after_joiner(clause, k, lo) and (
                    (name_like(clause, k) and list_ends(clause, k, hi)) or
                    slot_after_preposition(clause, k, lo)):
                if (fit := fitted(idx, ctx, clause, k, listed=True)) is not None:
                    out.hits.append((fit, k, k + 1))  # «голоса смит и гросс»: Гроссмейстер
                    out.end = k = k + 1
                    joined = False
                    continue
                out.dropped = (t.text, k)  # «голоса вий и скунс»: «скунс» fits no nick
            break
        if not out.hits and w in _WHEN and k + 1 < hi and is_verb(words[k + 1]) and \
                not is_infinitive(words[k + 1]):
            out.statement = True  # «голосовать буду, когда дочитаю ветку»: the name after
            break  # «когда» and a verb is that verb's, no target of the move
        if not out.hits and not skipped and not t.cap and k > lo and words[k - 1] == "за" and \
                k + 1 < hi and clause[k + 1].cap and animate_noun(w) and \
                idx.exact(words, k + 1, None) is not None:
            skipped = True  # «голос за студента Тацита»: who the player is, then his name
            k += 1
            continue
        if not out.hits and not out.roles and not skipped and not neg and k == lo and \
                CYR.search(w) and _person_noun(w) and \
                (fit := idx.work_fit(w, getattr(ctx, "alive", None))) is not None:
            out.hits.append((fit, k, k + 1))  # «линч керосинщику» for Kerosin_Man: a person's
            out.end = k = k + 1  # noun first in the slot, a work word said for a nick's word
            joined = False
            continue
        if not out.hits and not out.roles and not out.thing and not neg and \
                (put := _described_first(idx, clause, words, k, hi, rw)) is not None:
            out.hits.append(put)  # «зову нашего ветеринара, Николая Саныча»: who he is,
            out.end = k = put[2]  # then the player after the comma
            joined = False
            continue
        if plain_word(clause, words, k, lo, out, skipped=skipped) or w in V.DECIDING:
            # («голос по апелёвке»; «хай бос вирішує»: a deciding verb the dictionary lacks)
            if (noun or _asked_who(clause, words, k, lo, out)) and \
                    own_verb(clause, w, lo, out, reported=reported):
                out.statement = True  # «Убийство — решает Ежевика»: who decides, no order
                break
            if names_thing(w, out, skipped=skipped) or \
                    _thing_after_preposition(clause, words, k, lo, out, skipped=skipped):
                out.thing = True  # «проверю почту»: the verb has an object that is no player
                lifeless = not animate_noun(w)  # (not «коллегу», a person)
            skipped = True
            restated.add(w)
            k += 1
            continue
        if not t.cap and not t.quoted and not_a_name(w):
            skipped = True  # «голосую почти рандомно»: slang that is no noun
            k += 1
            continue
        if not t.cap and not t.quoted and k > 0 and words[k - 1] in ("с", "со") and \
                plural_with(w):
            skipped = True  # «зову на чай с пироженками X»: what comes with it, no player
            k += 1
            continue
        if what_for(idx, clause, words, k, lo, hi):
            skipped = True  # «зову на партейку в преф Кабана»: what for, then whom
            k += 1
            continue
        if not out.hits and (m := treat_after(idx, actor, clause, words, k, lo, hi)) is not None:
            skipped = True  # «к себе на сериальчик и пиццу нашего милого Гномика»
            k = m
            continue
        if (not out.hits or joined) and \
                (put := given_then_nick(idx, clause, words, k, hi)) is not None:
            out.hits.append((put[0], k, put[1]))  # «зову Костеньку нашего, Треплева»
            k = out.end = put[1]
            joined = False
            continue
        if not out.hits and (put := clarified(idx, clause, words, k, hi)) is not None:
            out.hits.append((put[0], k, put[1]))  # «Шерлоку, то есть Холмсу221b»
            k = out.end = put[1]
            joined = False
            continue
        if neg and not out.hits and (m := _instead_after(idx, clause, words, k, hi)) is not None:
            neg, k = False, m  # «бью не Серджио, а Кота»: whoever the word after «не» was,
            continue  # the move is the name after «, а»
        if not out.hits and skipped and t.cap and k + 2 < hi and clause[k + 1].w in ("—", "–") \
                and idx.exact(words, k + 2, None) is not None:
            k += 2  # «зову нашего гуру DevOps — SIGKILL'а»: a title, then the player after a dash
            continue
        if not out.hits and modifies_noun(idx, clause, words, k, hi):
            skipped = True  # «режет, как пересвеченное небо»: a modifier of a common noun
            k += 1
            continue
        slot = unknown_slot(idx, clause, words, k, lo, out, skipped=skipped, neg=neg)
        if (slot or (not skipped and not neg and not out.hits and not out.roles and
                     CYR.search(w) and not is_known_word(w))) and \
                (fit := fitted(idx, ctx, clause, k, listed=False)) is not None:
            out.hits.append((fit, k, k + 1))  # «МО в Люпена» for A.Lupin
            out.end = k = k + 1
            joined = False
            continue
        if out.thing and lifeless and not out.hits and k > lo + 1 and \
                words[k - 1] in ("в", "во") and not clause[k - 2].cap and \
                _thing_after_preposition(clause, words, k - 2, k - 3, out, skipped=False):
            k += 1  # «слежу за турниром в Вейк-ан-Зее»: the place of the thing, no player
            continue
        if not out.hits and not out.roles and _numbered_turn(words, k):
            break  # «# Клан — ночь 2», «охрана у клана-2»: the night's or the clan's number
        if not out.hits and not out.roles and not (t.quoted and t.cap) and \
                (no_name_reading(w) or w in lexicon().words):
            break  # «На Мирную Охоту Схожу», «Кто-то», «против «своих»»: a verb, a
            # predicative or a pronoun (capitalised or quoted or not) is no player's name;
            # nor is a move word («и на линче, и в МО тоже в него стреляю»): the next move
            # (a capitalised word in quotes is a title, «с плакатом «Разыскивается» X»)
        out.unknown = (t.text, k)
        out.unknown_slot = slot
        # (a capitalised word near a nick that no reading took — «Зову в гости Ниндзю» for
        # Ninja_07 — is asked about as well, and so is a person's name in lower case, «голос
        # петровичу»: the move is tried, never dropped unsaid)
        out.end = k + 1
        break
    if negated:
        out.hits = [h for n, h in enumerate(out.hits) if n not in negated]
        out.negated = True
    return out


#: Words a number follows to count turns or the clans of the game («ночь 2», «клан-2»).
_NUMBERED = frozenset({"ночь", "ночи", "день", "дня", "тур", "тура", "раунд", "раунда", "клан",
                       "клана", "клану", "кланом", "клане"})
#: A number with the ending of an ordinal («47-й», «5-го», «3-ю»).
_ORDINAL = re.compile(r"\d+-(?:й|я|е|ю|го|му|м|х|ой|ая|ое|ую|ого|ому|ым|ых|ми)")
_NUMBERED_WORD = re.compile(r"([а-яё]+)-?(\d{1,2})")


#: Words opening a remark after a dash that speaks of the whole list before it («Линч: Бука,
#: Кир — кто-то из них точно крыса», «X, Y, Z — все трое мутные»).
_OF_THEM_ALL = frozenset({"кто-то", "кто-нибудь", "все", "всё", "оба", "обе", "они", "трое",
                          "четверо", "один", "одна", "каждый", "любой", "любая"})


def _of_them_all(words: list[str], k: int) -> bool:
    """True when a dash at ``k`` opens a remark on all of the players listed before it: the
    last name of a comma list is then one more name of the list, no subject of a statement
    of its own («Линч: Бука, Кир — кто-то из них крыса»: the vote names both; so «— вместе
    …», «— пусть оба …» and a verb in the third person plural: «— ходят парой»)."""
    if words[k:k + 1] not in (["—"], ["–"], ["-"]) or words[k + 1:k + 2] == []:
        return False
    first = words[k + 1]
    if first in ("пусть", "пускай") and words[k + 2:k + 3] != []:
        first = words[k + 2]  # «Голоса: X, Y — пусть вместе свою чайку и ловят»
    return first in _OF_THEM_ALL or first == "вместе" or plural_verb([first])


def _numbered_turn(words: list[str], k: int) -> bool:
    """True when the word at ``k`` is a number counting a night, a day or a clan: a bare
    number after «ночь», «день», «тур», «клан» («Клан — ночь 2»), or such a word with its
    number joined («клана-2»): the turn or the clan of the game, never a player; or any
    ordinal number («на 47-й участок»)."""
    w = words[k]
    if _ORDINAL.fullmatch(w):
        return True  # «приходите на 47-й участок»: an ordinal number, of a thing
    if w.isdigit() and len(w) <= 2:
        return k > 0 and words[k - 1] in _NUMBERED
    m = _NUMBERED_WORD.fullmatch(w)
    return m is not None and m.group(1) in _NUMBERED


def _means_phrase(clause: list[Tok], words: list[str], k: int) -> bool:
    """True when the word at ``k`` and the word before it are written in lower case and read
    as an adjective (or «один») and a noun that agree in the instrumental, neither a person's
    name: a noun phrase of the means («одним звонком», «последним ударом», «тихим
    выстрелом»), no player even where a nick holds the noun («Холодный Звонок»)."""
    t, before = clause[k], clause[k - 1]
    if not before.word or before.cap or before.quoted or t.cap or t.quoted or \
            not t.text[:1].islower() or not before.text[:1].islower():
        return False
    nouns = [p for p in morph().parse(words[k])[:3] if p.tag.POS == "NOUN" and
             "ablt" in p.tag and not {"Name", "Surn", "Patr"} & p.tag.grammemes]
    if not nouns:
        return False
    numbers = {p.tag.number for p in nouns}
    return any(p.tag.POS in ("ADJF", "NUMR", "PRTF") and "ablt" in p.tag and
               p.tag.number in numbers for p in morph().parse(words[k - 1])[:3])


def _living_nick_word(idx, ctx: Roster, clause: list[Tok], w: str, k: int, lo: int
                      ) -> str | None:
    """The one living multi-word nickname the role word ``w`` is a word of, when it stands
    first in the move's slot («Голос — Дону», «голосую за дона» with «Дон Гуан» alive and
    «Дон Кихот» dead): the player, as :meth:`~engine.names_match.NameIndex.nick_word` takes
    a word of one nick only. None when no living nick or several hold it (two living «Дон»
    nicks: the role, or asked), or when a word stands before or after it in the slot."""
    alive = getattr(ctx, "alive", None)
    owners = idx.whole_words.get(w)
    if not alive or not owners or len(owners) < 2 or w in idx.single or \
            any(t.word and t.w not in V.PREPOSITIONS for t in clause[lo:k]) or \
            (k + 1 < len(clause) and clause[k + 1].word):  # not «за дона их клана»
        return None
    living = [n for n in owners if n in alive]
    return living[0] if len(living) == 1 else None


_ACCS = frozenset({"accs"})

#: The cases a move noun governs in the name right after it with no preposition: «голос
#: Лису» (a vote given to Лис: the dative; the accusative of «Лиса» is no reading), «линч
#: Лису» (written with either case: a form two nicks split is asked). Any other keyword: the
#: accusative of a move's object.
_NOUN_CASES: dict[str, frozenset[str]] = {
    "голос": frozenset({"datv"}), "голоса": frozenset({"datv"}),
    "голосок": frozenset({"datv"}), "линч": frozenset({"accs", "datv"})}

#: Verbs with a direct object in slang that take the dative of a person («вломлю Кексу»).
_DATIVE_VERBS = frozenset({"вломить", "врезать", "влепить", "всыпать", "навалять", "надавать",
                           "дать", "отдать", "передать", "поставить", "кинуть", "накидать"})


def _direct_object(words: list[str], lo: int, k: int) -> bool:
    """True when the name at ``k`` is the direct object of the keyword right before ``lo``:
    a transitive verb of the sender («бью», «лечу», «граблю»; not one that takes the
    dative of a person, «вломлю»), with only adverbs between («бью сегодня X»)."""
    if lo < 1 or k - lo > 2 or not is_verb(words[lo - 1]):
        return False
    if any(not is_known_word(words[n]) or not _adverb(words[n]) for n in range(lo, k)):
        return False
    parses = [p for p in morph().parse(words[lo - 1]) if p.tag.POS == "VERB"]
    return any("tran" in p.tag.grammemes for p in parses) and \
        not any(p.normal_form in _DATIVE_VERBS for p in parses)


def _adverb(w: str) -> bool:
    """True when every reading of ``w`` is an adverb («сегодня», «опять»)."""
    return all(p.tag.POS in ("ADVB", "PRCL") for p in morph().parse(w))


def _asked_who(clause: list[Tok], words: list[str], k: int, lo: int, out: Targets) -> bool:
    """True when the word ``k`` after a verb keyword is a verb of deciding, the keyword
    following «кого» / «кому» or the verb right after the keyword's dash: «кого валим —
    решает Димон», «убиваем — решает босс» say who decides, no order."""
    return not out.hits and words[k] in V.DECIDING and (
        (lo >= 2 and words[lo - 2] in ("кого", "кому")) or
        all(not t.word for t in clause[lo:k]))


#: The number of a vote said after its player («X — один голос», «X — первый голос»).
_LABEL_COUNTS = frozenset({"один", "первый", "второй", "другой", "1", "2"})
#: Vote headings that are no player before such a label («Ярость — один голос, …»).
_LABEL_HEADS = frozenset({"линч", "ярость", "голос", "голоса", "суд", "голосование", "итого",
                          "итог"})


def _count_label(clause: list[Tok], words: list[str], lo: int, hi: int) -> bool:
    """True when the vote noun right before ``lo`` is a label of the name before it: a dash,
    a count or an ordinal, the noun, then a comma («Шкафчик — один голос, Котофей —
    второй»): the names are before the labels, none of them is the noun's target."""
    if not (4 <= lo < hi and words[lo] in (",", ";") and words[lo - 2] in _LABEL_COUNTS and
            words[lo - 3] in ("—", "-", ":") and clause[lo - 1].word and clause[lo - 4].word):
        return False
    # (not «Линч — один голос, Калибан»: the heading is no name)
    return words[lo - 4] not in lexicon().words and words[lo - 4] not in _LABEL_HEADS


#: Nouns of time that say when, not what the next player is («…, а завтра Табурет»).
_NOT_DESCRIBING = frozenset({"завтра", "послезавтра", "потом", "сегодня", "вчера", "утром",
                             "вечером", "ночью", "днем", "днём"})
#: Possessives and pointers that may stand before a word describing a listed player.
_DESCRIBING_LEAD = frozenset({"наш", "наша", "наше", "этот", "эта", "мой", "моя", "ваш", "ваша"})


def _described_next(idx, clause: list[Tok], words: list[str], k: int, hi: int,
                    rw: dict[str, str]) -> int | None:
    """Where the name starts when the words from ``k`` (after a list joiner) are one noun
    in lower case describing the next player, after «наш»/«этот» or not, right before a
    player's name that ends the list item («голоса: Комод, аналитик Табурет», «X и наш
    тихоня Y»); else None. Not a role word (engine.grammar_targets reads «доктор Айболит»),
    a verb or a word of a nick (unless the name after it names that very nick: «аналитик
    Юля» for «analytics.Yulia»)."""
    m = k + 1 if words[k] in _DESCRIBING_LEAD else k
    if m + 1 >= hi or not clause[m].word or clause[m].cap or clause[m].quoted or \
            not is_noun(words[m]) or words[m] in rw or words[m] in _NOT_DESCRIBING or \
            words[m] in V.FILLERS or words[m] in V.PREPOSITIONS or words[m] in V.PAST_WORDS:
        return None
    own = idx.approximate(words[m])
    hit = idx.exact(words, m + 1, None)
    if own is not None and clause[m + 1].word and clause[m + 1].cap and \
            own.nick is not None and own.kind != "fuzzy":
        # «голоса: X, аналитик Юля» for «analytics.Yulia»: the noun is a word of his nick
        # (his job) and his name right after names him as well: one player
        hit = hit or idx.approximate(words[m + 1])
        if hit is None or hit.nick != own.nick or hit.kind == "fuzzy":
            return None
    elif own is not None:
        return None
    if hit is None or hit.nick is None or not clause[m + 1].cap:
        return None
    end = m + 1 + hit.length
    # (a bracket after the name closes the item too: «… и моя тёзка Bella77 (не себя)»)
    return m + 1 if end >= hi or words[end] in (",", ".", "и", ";", "!", "—", "(") else None


#: Pointers in the nominative before a list's next name («X и эта Гламур»); their other
#: cases are fillers (engine.grammar_vocab.FILLERS).
_POINTER_NOMN = frozenset({"эта", "этот", "та", "тот"})


#: Possessives and pointers, in any case, before a noun that says who the player is
#: («нашего ветеринара, Николая Саныча»).
_DESCRIBED_LEAD = frozenset({
    "наш", "нашего", "нашему", "нашим", "нашем", "наша", "нашу", "нашей", "мой", "моего",
    "моему", "моим", "моем", "моя", "мою", "моей", "этого", "этому", "эту", "этой"})


def _described_first(idx, clause: list[Tok], words: list[str], k: int, hi: int,
                     rw: dict[str, str]):
    """``(hit, start, end)`` of the player named after a comma (or a dash) when the slot
    opens (at ``k``) with a lower-case person noun saying who he is, «наш» or «мой» before
    it or not: «зову нашего ветеринара, Николая Саныча», «лечу соседа — Kolya.T». The noun
    is an animate dictionary noun in lower case, no role word (:func:`engine.words.role_words`
    ``rw``), no word of a nick, and in a case a form of the nick after it is in too (a
    person's genitive is his accusative; a Latin nick is undeclined); the nick, written in
    full with a capital, ends the slot. None for anything else («зову соседа, а потом X»)."""
    m = k + 1 if words[k] in _DESCRIBED_LEAD else k
    if m + 2 >= hi or not clause[m].word or clause[m].cap or clause[m].quoted or \
            words[m] in rw or clause[m + 1].w not in (",", "—", "–") or \
            not clause[m + 2].cap:
        return None
    noun = [p for p in morph().parse(words[m]) if p.tag.POS == "NOUN" and "anim" in p.tag
            and not {"Name", "Surn", "Patr"} & p.tag.grammemes]
    if not noun or not is_known_word(words[m]) or idx.approximate(words[m]) is not None:
        return None
    hit = idx.exact(words, m + 2, None)
    end = m + 2 + (hit.length if hit is not None else 0)
    if hit is None or hit.nick is None or not (end >= hi or not clause[end].word):
        return None
    cases = {p.tag.case for p in noun}
    cases |= {"accs"} if "gent" in cases else set()
    nick_word = words[m + 2]
    if CYR.search(nick_word):
        form = {p.tag.case for p in morph().parse(nick_word) if p.tag.case}
        form |= set(idx.single.get(nick_word, {}).get(hit.nick, frozenset()))
        form |= {"accs"} if "gent" in form else set()
        if not cases & form:
            return None
    return hit, m + 2, end


def _folk_and(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int | None:
    """Where the next name (or its preposition) starts when «да» at ``k`` (right after a
    listed name) is the folk «and» («Мурзик да Айболит», «Незнайке да и Хайду», «за X да за
    Y»): «да» or «да и» (and «за»/«на») with a player's name or a capitalised word right
    after; None otherwise («…, да» agreeing, «да ну его»)."""
    m = k + 2 if k + 2 < hi and words[k + 1] == "и" else k + 1
    if m + 1 < hi and words[m] in ("за", "на"):
        return m if clause[m + 1].word and (
            clause[m + 1].cap or idx.exact(words, m + 1, None) is not None) else None
    return m if m < hi and clause[m].word and (
        clause[m].cap or idx.exact(words, m, None) is not None) else None


def _instead_after(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int | None:
    """The index of «,» when the words from ``k`` (after «не», read as no name) run to
    «, а <name>» within three words («не Серджио, а Кота»): the unknown word is only the
    player put aside, the move's target follows. Else None."""
    for n in range(k + 1, min(hi - 2, k + 4)):
        if not clause[n].word:
            if words[n] == "," and words[n + 1] == "а" and clause[n + 2].word and (
                    idx.exact(words, n + 2, None) or
                    idx.approximate(words[n + 2], strict=True)) is not None:
                return n
            return None
    return None


#: Third-person pronouns that are also possessives («за его манерой», «у её дома»).
_POSSESSIVE = frozenset({"его", "её", "ее", "их"})


#: The nominative pronouns of a player named before, listed with «же» in a list written
#: as labels («Голоса: Sonechka и он же»: the same player again).
_SAME_ONE = frozenset({"он", "она"})


def _after_preposition(words: list[str], k: int) -> bool:
    """True when the list element at ``k`` has a preposition before it («за X и за …»)."""
    return k > 0 and words[k - 1] in V.PREPOSITIONS


#: Personal pronouns whose «себя» is their own («он себя»), never the sender.
_THIRD_PRONOUNS = frozenset({"он", "она", "оно", "они", "ты", "вы"})

#: «кого больше навешаем, тот сам и решит»: the correlative's «сам» is his, not the sender.
_CORRELATIVES = frozenset({"тот", "та", "те"})

#: Words that say a move stays as it was («Голос прежний, за X», «Голос тот же, за X»): a
#: name after them and a comma restates the move, it is no talk.
_RESTATE_WORDS = frozenset({w for p in V.KEEP_PHRASES + V.OTHER_DAY_PHRASES for w in p}) | {
    "на", "линче", "суде", "мой", "свой", "один", "одним"}  # («Голос один, на Кардана»)


def _apposed(idx, clause: list[Tok], words: list[str], lo: int, k: int, hi: int) -> bool:
    """True when the words from ``lo`` to the comma at ``k`` describe a player in the
    target's case, a noun with at most two adjectives or possessives («сисадмину нашему»,
    «нашему главному болтуну»), and the comma is followed by one nickname that ends the
    clause: the nick names the described player (apposition), no statement about the move.
    Issue 11, precision first: a verb, a nominative («ерунда, X») or more words after the
    nick keep the statement."""
    seen = [n for n in range(lo, k) if clause[n].word and words[n] not in ("за", "на")]
    # the dative («голос сисадмину»); the accusative only after «за»/«на», where it cannot be
    # a nominative («голос — дело тонкое, X» is talk)
    wanted = {"datv", "accs"} if any(clause[n].word and words[n] in ("за", "на")
                                      for n in range(lo, k)) else {"datv"}
    if not seen or len(seen) > 3 or any(not clause[n].word and words[n] not in ("—", "–", "-", ":")
                                        for n in range(lo, k)):
        return False
    hit = idx.exact(words, k + 1, None) if k + 1 < hi else None
    if hit is None or hit.nick is None or any(clause[n].word for n in range(k + 1 + hit.length, hi)):
        return False
    common: set[str] | None = None
    nouns = 0
    for n in seen:
        tags = [p.tag for p in morph().parse(words[n])[:3]]
        if not any({"NOUN", "ADJF", "APRO"} & t.grammemes for t in tags) or \
                any({"VERB", "INFN", "PRTF", "PRTS", "GRND"} & t.grammemes for t in tags[:1]):
            return False
        nouns += any("NOUN" in t for t in tags)
        cases = {c for t in tags for c in wanted if c in t}
        common = cases if common is None else common & cases
    return nouns > 0 and bool(common)


def _simile_heading(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int:
    """Index of the colon or dash that closes a simile naming a player right after a noun
    keyword («Голос, как и у Лося: Кузя», «Два голоса как у Лося — X и Y»), when a nickname
    follows it: the player of the simile is whose vote it is like, the names after the colon
    are the votes. -1 when no nickname follows the colon (asked); 0 when the words from ``k``
    are no such heading."""
    n = k + (k < hi and clause[k].w == ",")
    if n >= hi or clause[n].w != "как":
        return 0
    n += 1
    for w in ("и", "у"):
        if n < hi and clause[n].w == w:
            n += 1
    hit = idx.exact(words, n, None) if n < hi and clause[n].word else None
    if hit is None:
        return 0
    n += hit.length
    if n + 1 < hi and clause[n].w in (":", "—", "–"):
        return n if clause[n + 1].word and idx.exact(words, n + 1, None) is not None else -1
    return 0


#: «…, а X», «…, но X»: a contrast after a comma, another sentence's subject.
_CONTRAST = frozenset({"а", "но", "и", "зато", "хотя"})

#: Joiners that only ever join a list of names («X + Y», «X плюс Y»), never start a
#: new statement.
_PLUS = frozenset({"+", "плюс"})


#: The count of a two-vote day's vote said after its player («за X один, за Y другой»).
_VOTE_COUNTS = frozenset({"один", "одним", "первый", "первым", "другой", "другим", "второй",
                          "вторым"})

#: The ordinal that opens a two-vote day's second vote with no comma before it («первый
#: голос бегемоту второй доценту»).
_NEXT_VOTE = frozenset({"второй", "второе", "вторым"})


def _written_small(clause: list[Tok], first: tuple) -> bool:
    """True when the list's first name (``first``: a hit and its token span) was written in
    small letters, not quoted: the writer writes names small, so the second vote's slot
    after the ordinal may hold a small name as well («первый голос тёма второй кекс»)."""
    _hit, i, _j = first
    return i < len(clause) and clause[i].word and not clause[i].quoted and \
        clause[i].text[:1].islower()


def _ordinal_slot(clause: list[Tok], words: list[str], k: int, hi: int) -> int:
    """Index of the word where the name after a vote's ordinal goes («второй — за X»: a dash
    or colon, then «за» or «в» may stand before it); -1 when no word follows there."""
    while k < hi and (not clause[k].word and clause[k].w in ("—", ":") or
                      words[k] in ("за", "в", "на") or words[k] in _SAME_AGAIN):
        k += 1
    return k if k < hi and clause[k].word else -1


#: Words saying the second vote goes where the first did («второй — тоже X»).
_SAME_AGAIN = frozenset({"тоже", "также", "тож", "опять", "снова", "же"})

#: «Убиваем X, второго — Y»: the ordinal before a list's second name.
_SECOND = frozenset({"второго", "вторую", "вторым", "вторая", "второму"})

__all__ = ["Roster", "Targets", "read_targets", "some_name"]


def _titled_player(ctx: Roster, clause: list[Tok], words: list[str], w: str, k: int, hi: int,
                   actor: Actor) -> str | None:
    """The one living player whose nick holds an English title that the capitalised role word
    ``w`` at ``k`` translates («Доктор», «Доктора» for «Dr.Who»), when the letter also writes
    that nick as it is (the sender speaks of that player) and the word is the slot's last:
    the player, not the hidden role; None otherwise (the role: asked as ever)."""
    text = getattr(ctx, "text", "")
    if not text or (k + 1 < hi and clause[k + 1].word) or _searched(actor, words, k) or \
            (k + 1 < len(clause) and clause[k + 1].w == "у"):
        return None
    lemmas = {p.normal_form.replace("ё", "е") for p in morph().parse(w)[:3]}
    alive = getattr(ctx, "alive", None) or ctx.nicks
    low = text.lower()
    found = [n for n in ctx.nicks if n in alive and n.lower() in low and CYR.search(n) is None
             and any(lemmas & set(MODIFIERS.get(part, ()))
                     for part in re.findall(r"[a-z]+", n.lower()))]
    return found[0] if len(found) == 1 else None


def _searched(actor: Actor, words: list[str], k: int) -> bool:
    """True when ``words[k]`` comes right after the fan's own search verb («ищу доктора»)."""
    return actor.role == "fan" and k > 0 and (verb_reading(words[k - 1]) or ("",))[0] == "искать"


#: Prepositions of time or origin after a thing the verb acts on («почту после смены»):
#: never the preposition of a move's target.
_THING_TIME = frozenset({"после", "до", "перед", "из", "от", "без"})

#: Prepositions of time governing the genitive («после смены», «до обеда»): the noun after
#: them says when, it names no player, and a player named right after that noun is the
#: move's, not the owner of a thing («зову к себе после смены Гипса»).
_TIME_BEFORE = frozenset({"после", "до"})


def _full_name(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> NameHit | None:
    """The player a capitalised first name at token ``k`` and the capitalised surname after
    it both read as («не Игоря, а Таню Орлову»), when every name before was said not meant:
    the first name alone is read strictly after other names, the two words together are
    surely that one player; None otherwise."""
    if k + 1 >= hi or not clause[k + 1].word or not clause[k + 1].cap:
        return None
    first, last = idx.approximate(words[k]), idx.approximate(words[k + 1])
    if first is None or last is None or first.nick is None or first.nick != last.nick or \
            "fuzzy" in (first.kind, last.kind):
        return None
    return first


def _third_verb(words: list[str], k: int) -> bool:
    """True when ``words[k]`` is a finite verb in the third person or the past tense («меня
    напрягает», «меня достал»): the word before it is that verb's object, no move's target."""
    return k < len(words) and is_verb(words[k]) and predicate(words[k])


def _me_apposition(idx, clause: list[Tok], words: list[str], k: int, hi: int, me: str) -> int:
    """After «меня» (ending at token ``k``): «, Енота» (the sender's own nick) or «, старика»
    (one dictionary noun in lower case, no player's name form) closing the part read: the
    sender called once more, no second target. Returns the index after it, ``k`` when there
    is none."""
    if k + 1 >= hi or words[k] != "," or not clause[k + 1].word or \
            (k + 2 < hi and clause[k + 2].word):
        return k
    hit = idx.exact(words, k + 1, None)
    if hit is not None:
        return k + 2 if hit.nick == me and hit.length == 1 else k
    t = clause[k + 1]
    if t.cap or not is_known_word(t.w):
        return k
    cases = {p.tag.case for p in morph().parse(t.w) if p.tag.POS == "NOUN"}
    return k + 2 if cases and cases <= {"gent", "accs"} else k


#: Forms of «тёзка» (a player of the same given name; «ё» is normalised to «е»).
_NAMESAKE = frozenset({"тезка", "тезку", "тезке", "тезки", "тезкой", "тезкою"})
#: Possessives after «тёзку» that say whose («тёзку своего», «тёзку моего»).
#: Words after «себе» that say who the sender is to himself («себе любимой», «себе самому»).
_SELF_EPITHETS = frozenset({"любимой", "любимому", "родной", "родному", "самой",
                            "самому", "единственной", "единственному", "ненаглядной"})


#: Words of when that may stand between a move's noun and «себе» («бульон сегодня себе»).
_SELF_WHEN = frozenset({"сегодня", "нынче", "ночью", "снова", "опять", "вновь", "теперь"})


def _self_given(clause: list[Tok], words: list[str], lo: int, k: int, hi: int) -> bool:
    """True when «себе» at ``k`` comes right after a move's noun (ending at ``lo``; only
    punctuation and words of :data:`_SELF_WHEN` between) and closes its statement, alone or
    with an epithet of :data:`_SELF_EPITHETS` («Бульон — себе.», «эликсир сегодня себе
    любимой, …»): the noun's recipient, the sender; not «себе» of a verb («голос оставлю
    при себе», «голос себе оставлю»)."""
    if any(clause[n].word and words[n] not in _SELF_WHEN for n in range(lo, k)):
        return False
    n = k + 1 + (k + 1 < hi and words[k + 1] in _SELF_EPITHETS)
    return n >= hi or not clause[n].word


_MY = frozenset({"своего", "моего", "своему", "моему", "свою", "мою", "своей", "моей"})


def _namesake(ctx: Roster, idx) -> NameHit | None:
    """The sender's namesake: the living players (not the sender) whose nicks hold a given
    name his nick holds («Лёха Фура» for «Лёха_Тент»), one as a hit, several as an ambiguous
    hit; None when his nick holds no given name or nobody shares it."""
    mine = idx.given_of.get(ctx.sender.nick)
    if not mine:
        return None
    mates = sorted(n for n, names in idx.given_of.items() if n != ctx.sender.nick and
                   names & mine and n in ctx.alive)
    if not mates:
        return None
    return NameHit(mates[0] if len(mates) == 1 else None, tuple(mates), "name", 1)


#: Pronouns that may stand, with «же», as the fronted object of the next move word.
_FRONTED = frozenset({"его", "ее", "её", "их"})


def _fronted_object(clause: list[Tok], words: list[str], lo: int, k: int, hi: int) -> bool:
    """True when the targets of a keyword open (at ``k``, past the keyword's end ``lo``) with
    «и» and a pronoun with «же», and another move word of the clause follows at ``hi`` with
    only adverbs between: «за Зельца голосую и его же ночью режу», «номинирую Вейдера, и его
    же вечером к себе зову». The pronoun is the object of the next move word, fronted; the
    keyword before it has its target elsewhere (before it, or none). So with a preposition
    before the pronoun: «орка режу и за него же голосую», «…и у неё же ворую»."""
    if k + 1 >= hi or words[k + 1] != "же" or hi >= len(clause) or not clause[hi].word:
        return False
    start = k
    if words[k] in _FRONTED_AFTER_PREPOSITION and k - 1 >= lo and \
            words[k - 1] in _FRONT_PREPOSITIONS:
        start = k - 1  # («и за него же голосую»: the preposition read before the pronoun)
    elif words[k] not in _FRONTED:
        return False
    joiner = [n for n in range(lo, start) if clause[n].word]
    if joiner != [start - 1] or words[start - 1] != "и":
        return False
    return all(clause[n].word and words[n] in _FRONT_GAP for n in range(k + 2, hi))


#: Prepositions a fronted pronoun may follow («и за него же голосую», «и в неё же стреляю»).
_FRONT_PREPOSITIONS = frozenset({"за", "в", "на", "у", "к", "против"})
#: The pronoun after a preposition («него», «неё», «ней», «нему», «них»).
_FRONTED_AFTER_PREPOSITION = frozenset({"него", "нее", "неё", "ней", "нему", "них", "ним"})


#: Words that may stand between a fronted «его же» and its move word.
_FRONT_GAP = frozenset({"сегодня", "ночью", "вечером", "этой", "ночкой", "тоже", "также",
                        "ещё", "еще", "я", "мы", "сразу", "заодно", "обязательно",
                        "точно", "первым", "первой"})


#: Possessives that open an epithet before a nickname («нашего молчуна Ветерка»).
_OUR = frozenset({"нашего", "нашу", "нашему", "нашей", "нашим", "нашими", "наших"})


def _apposed_name(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int | None:
    """The index of a capitalised nickname one or two lowercase dictionary words after the
    possessive at ``k`` («нашего молчуна Ветерка», «нашу тихую скромницу Мурку»): the words
    between are the player's epithet. None otherwise."""
    for m in (k + 2, k + 3):
        if m >= hi or not clause[m].word or not clause[m].cap:
            continue
        if all(clause[n].word and not clause[n].cap and is_known_word(words[n])
               for n in range(k + 1, m)) and idx.exact(words, m, None) is not None:
            return m
    return None


#: Words saying a remark is of both players named before it («X Y оба мутные»).
_BOTH = frozenset({"оба", "обе", "обоих", "обеих", "обоим", "обеим"})


def _part_of_nick(idx, w: str) -> NameHit | None:
    """A nickname ``w`` is a word, beginning or pet form of («орк» for Orc_Slayer); never a
    slip by edit distance."""
    found = idx.approximate(w)
    return found if found is not None and found.kind != "fuzzy" else None


def _unpunctuated_pair(ctx: Roster, clause: list[Tok], words: list[str], k: int,
                       hit: NameHit | None, out: Targets) -> bool | None:
    """On a two-vote day, a second player's name right after the one name read, with no
    mark nor word between them, and more words after it in the clause («голосую тимофей
    сова остальные голосуют сами», punctuation left out): True when «оба» (or another form
    of it) follows the second name (a list of two votes: «голосую кефир орк оба мутные»);
    False when something else does (the second name may be the second vote or the subject
    of the next statement: asked, never a vote dropped unsaid); None when this is no such
    pair (a comma or word between, the same player, the sender signing)."""
    if hit is None or out.negated or out.roles or not clause[k - 1].word or hit.nick is None:
        return None
    end = k + hit.length
    if end >= len(clause) or not clause[end].word:
        return None  # («голос Бука Кузя.»: to the end of the clause, see names_end)
    if ctx.sender.nick in (hit.nick, *hit.candidates) or same_player(out.hits[-1][0], hit):
        return None
    idx = name_index(ctx.nicks)
    if idx.exact(words, end, None) is not None or _part_of_nick(idx, words[end]) is not None:
        return None  # («линч котэ кексик юляша»: three names, no list of two)
    return words[end] in _BOTH


#: Words after a name that put it off to a later day («…, а Кузю завтра»).
_LATER = frozenset({"завтра", "послезавтра", "потом"})


def later_contrast(words: list[str], k: int, end: int, hi: int) -> bool:
    """True when the name at tokens ``[k, end)`` comes right after a contrasting «а» (or «а»
    and a preposition) and a word putting it off follows it: «Бью Шурика, а Кузьмича
    завтра», «Голос за X, а за Y потом»: that player is for another day, no target today."""
    n = k - 1
    if n >= 0 and words[n] in V.PREPOSITIONS:
        n -= 1
    return n >= 0 and words[n] == "а" and end < hi and words[end] in _LATER


def _subject_after_comma(clause: list[Tok], words: list[str], lo: int, k: int, end: int) -> bool:
    """True when the first name after a move verb, read at ``k`` (to ``end``) in a form that
    may be the nominative, stands after a comma, not after «пусть» («лечу, мне страшно, Зая
    на меня смотрит») and a verb in the third person follows
    it within four words, before the next mark («… Зая на меня так смотрит»; not «Лечу,
    пожалуй, Заю, она просила»): the subject of a new sentence, no object."""
    if "," not in words[lo:k] or words[k - 1] in ("пусть", "пускай") or \
            not any(p.tag.case in (None, "nomn") for p in morph().parse(words[k])[:3]):
        return False  # («…, а Пряника пусть Тётушка зовёт»: no nominative, no subject)
    for n in range(end, min(len(clause), end + 5)):
        if not clause[n].word:
            return False
        if third_person(clause[n].w):
            return True
    return False


#: Verbs that put a player named before them off for later, with «на потом», «на завтра»,
#: «до завтра» or «в покое» after them («Лекса оставлю на потом», «Кузю отложим на завтра»).
_PUT_OFF = frozenset({"оставлю", "оставим", "оставляю", "оставляем", "отложу", "отложим",
                      "откладываю", "откладываем", "приберегу", "прибережем"})

#: What follows a word of putting off: (word, next word) pairs.
_LATER_PAIRS = frozenset({("на", "потом"), ("на", "завтра"), ("до", "завтра"),
                          ("в", "покое")})


def _put_off(words: list[str], n: int, hi: int) -> bool:
    """True when the words from ``n`` (after a player's name) put him off for later and end
    their phrase: «(Кузю) оставлю на потом», «(Бобра) на потом», «(Лося) потом», «(Сыча)
    завтра» closing the clause or followed by a mark: the player is named for another day,
    not as this move's second target (not «Лося потом объясню»: a verb follows)."""
    k = n
    if k < hi and words[k] in _PUT_OFF:
        k += 1
        if not (k + 1 < hi and (words[k], words[k + 1]) in _LATER_PAIRS):
            return False
        k += 2
    elif k + 1 < hi and (words[k], words[k + 1]) in _LATER_PAIRS and words[k] == "на":
        k += 2
    elif k < hi and words[k] in ("потом", "завтра"):
        k += 1
    else:
        return False
    return k >= hi or not words[k].isalpha()


#: Words after «не» that spare a player named before them («X не трогайте», «X не надо»).
_SPARE = frozenset({"трогайте", "трогаем", "трогать", "трогай", "трогаю", "троньте",
                    "надо", "нужно", "стоит"})


def spared_after(words: list[str], n: int, hi: int) -> bool:
    """True when «не» and a word of sparing (:data:`_SPARE`) follow a player's name at
    ``n``, with at most «пока» between: «Линч: Бугель не трогайте», «Кузю пока не надо»:
    the player is left alone, not the move's target; or when the player is put off for
    later (:func:`_put_off`: «Кузю оставлю на потом», «Лося потом»)."""
    if n < hi and words[n] == "пока":
        n += 1
    if _put_off(words, n, hi):
        return True
    if not (n + 1 < hi and words[n] == V.NEGATION and words[n + 1] in _SPARE):
        return False
    # («голос за X не надо объяснять»: «не надо» of another verb)
    return words[n + 1].startswith("тро") or n + 2 >= hi or not words[n + 2].isalpha()


#: Adverbs that may stand between an emphatic «сам» and its verb («а сам там стоял»).
_SUBJECT_ADVERBS = frozenset({"там", "тут", "же", "тоже", "уже", "еще", "всё", "все", "вчера",
                              "потом", "то"})


def _subject_of_verb(words: list[str], k: int, hi: int) -> bool:
    """True when a verb stands at ``words[k]`` (after at most two adverbs of
    :data:`_SUBJECT_ADVERBS`): the «сам» before it is its nominative subject («а сам там
    стоял»), no «себя» said of the sender."""
    n = 0
    while k < hi and words[k] in _SUBJECT_ADVERBS and n < 2:
        k, n = k + 1, n + 1
    return k < hi and is_verb(words[k])


#: Words that open the name put right after «X <qualifier>,» («то есть», «в смысле»).
_PUT_RIGHT_HEADS = (("то", "есть"), ("в", "смысле"), ("вернее",), ("точнее",))


def _qualified_then_put_right(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int:
    """«Голосую за Туза пик, то есть за X», «за Миралиссу нашу, в смысле Сергея»: one or
    two words that name no player right after the name read (a qualifier of it), then a
    comma or dash and words of putting it right («то есть», «в смысле», «вернее», «точнее»)
    with a player's nickname at most two words after them, ending the aside: the index of
    that comma, so the correction is read as after the name itself; 0 when the clause goes
    on otherwise."""
    n = k
    while n < min(hi, k + 2) and clause[n].word and idx.exact(words, n, None) is None:
        n += 1
    if n == k or n + 1 >= hi or clause[n].w not in (",", "—"):
        return 0
    for head in _PUT_RIGHT_HEADS:
        m = n + 1
        if tuple(words[m:m + len(head)]) != head:
            continue
        m += len(head)
        for at in range(m, min(hi, m + 2)):
            hit = idx.exact(words, at, None) if clause[at].word else None
            if hit is not None:  # (the nick ends the aside: «…, то есть Y прав» tells of Y)
                return n if at + hit.length >= hi or not clause[at + hit.length].word else 0
        return 0
    return 0
