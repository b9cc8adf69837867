"""A clan member named loosely in his boss's order, and told by his role's move (issue 11,
DECISIONS.md §4 Boss (c)).

«Васа охраняет меня» (Vasilisa), «Шэдоу охраняет Тётю Мотю» (Shadow_77), «Яночка — охраняй
Зою» (Яна.Ли): the boss writes a name form the roster index does not know, but the verb in
the third person or the imperative is the move of one role, and his clan has one living
member of that role. That member is the one meant when the written word fits his nickname
(a near miss, a shared start); any other word is an order to somebody the host cannot tell,
asked about (:func:`role_subject`). Indices are token positions in one clause.
"""

from __future__ import annotations

import functools
import re

from . import grammar_vocab as V
from .grammar_orders import SILENCE, lemma, new_role_remark
from .grammar_plans import IF_WORDS
from .grammar_rules import actor_of, problem
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .names import name_index
from .names_fit import fit_owners
from .names_pets import ALTERNATION, DIMINUTIVE_SUFFIXES
from .parse_types import DEFAULT_CLASS, nick_at
from .translit import name_readings
from .words import compound_splits, is_known_word, morph, norm, role_words

#: Marks between the member's name and his move («Яночка — охраняй Зою», «Шэдоу: охраняет»).
_MARKS = frozenset({"—", ":", ",", "-"})

#: Words between the member's name and his move («Васа пусть сам охраняет меня»).
_BETWEEN = V.SUBJECT_SKIP | frozenset({"сам", "сама", "сегодня", "ночью", "опять", "снова"})

#: Parts of speech a member's name form cannot be («Никто охраняет …», «Пусть …»).
_NOT_NAME = frozenset({"NPRO", "PREP", "CONJ", "PRCL", "ADVB", "INTJ", "VERB", "INFN",
                       "PRED", "NUMR", "ADJF", "ADJS", "PRTF", "PRTS", "GRND", "COMP"})


def move_class_after(clause: list[Tok], k: int) -> tuple[str, int] | None:
    """The class of a member's move said of him from token ``k`` (after his name): a third
    person or imperative form of a move word, perhaps after «пусть», «сегодня», «сам» or a
    dash («Васа пусть охраняет», «Яночка — охраняй»). (class, index of the verb) or None."""
    lex = lexicon()
    n = k
    while n < len(clause) and n - k < 4 and (clause[n].w in _MARKS or
                                              clause[n].w in _BETWEEN):
        n += 1
    if n >= len(clause) or not clause[n].word:
        return None
    w = clause[n].w
    if w not in lex.third and w not in lex.imperative:
        return None
    cls = lex.words.get(w)
    if not cls or (is_known_word(w) and "plur" in morph().parse(w)[0].tag):
        return None  # «Друзья, охраняйте друг друга»: said to many, no member's order
    return cls, n


@functools.lru_cache(maxsize=4096)
def _name_like(word: str) -> bool:
    """True when ``word`` (lower case) may be a player's name form: no pronoun, particle,
    verb or other word that is never a name, no role word, no filler."""
    if len(word) < 3 or word in role_words() or word in V.FILLERS or word in _BETWEEN:
        return False
    if not is_known_word(word):
        return True
    tag = morph().parse(word)[0].tag
    return tag.POS not in _NOT_NAME and "plur" not in tag  # «Ребята …»: many, no member


def _readings(nick: str) -> set[str]:
    """The lower-case spellings a nickname's first word has: itself and its Cyrillic
    readings («vasilisa» → «василиса»)."""
    words = [norm(w) for w in nick.replace("_", " ").replace(".", " ").replace("-", " ").split()]
    first = words[0] if words else norm(nick)
    return {first, *name_readings(first)}


def _word_readings(nick: str) -> set[str]:
    """The lower-case spellings of every word of a nickname («mr», «бин» … for Mr.Bean)."""
    words = [norm(w) for w in nick.replace("_", " ").replace(".", " ").replace("-", " ").split()]
    return {r for w in words for r in (w, *name_readings(w))}


#: Endings of a nickname cut short and declined as a word («Вас-а», «Вас-у» for Vasilisa).
_CLIP_ENDINGS = ("ой", "ей", "а", "я", "у", "ю", "е", "и", "ы")


def fits(word: str, nick: str, nicks: tuple[str, ...]) -> bool:
    """True when ``word`` (lower case) is a loose form of ``nick``: the name index reads it as
    that nickname (near misses included: «шэдоу» for Shadow_77), or it is a spelling of the
    nickname's first word cut short after three letters or more and given an ending
    («васа», «васу» for Vasilisa), its last consonant softened after three letters («гоша»
    for Ghost, read «гост»). Another word built on the nickname («шустрячок» for
    Шустрик) is no form of it."""
    idx = name_index(nicks)
    hit = idx.approximate(word)
    if hit is not None and nick in hit.candidates:
        return True
    if nick in idx.capital_readings.get(word, ()):
        return True  # «Хайд сторожит Лису» for Mr.Hyde: a reading that is also a word
    for ending in _CLIP_ENDINGS:
        stem = word[:-len(ending)]
        if word.endswith(ending) and len(stem) >= 3 and any(
                r.startswith(stem) and len(r) > len(stem) + 1 for r in _readings(nick)):
            return True
        if word.endswith(ending) and len(stem) == 3 and stem[-1] in _SOFTENED and any(
                r.startswith(stem[:-1] + c) and len(r) > len(stem)
                for c in _SOFTENED[stem[-1]] for r in _readings(nick)):
            return True  # «Гоша» for Ghost («гост»), as «Гоша» is said for «Гога»
    if fit_owners((nick,), word):
        return True  # «Люпен ворует» for A.Lupin: a reading by sound (engine.names_fit)
    return _base_noun(word, nick) or compound_head(word, nick) or _pet_start(word, nick)


#: Soft vowels read as their hard pair when a pet form's start is compared with a nickname's
#: («Солярка» for Solaris, read «соларис»).
_HARD = str.maketrans("яюё", "ауе")

#: The shortest start a pet form shares with the nickname it is made on.
_PET_START = 4


def _pet_start(word: str, nick: str) -> bool:
    """True when ``word`` is a pet form made on the first letters of the nickname's first
    word, as a member's name is shortened and given a suffix of any kind in speech
    («Крепыш» for Крепильщик, «Солярка» for Solaris, «Любаня» for «Люба Рыжая»): the word and
    a spelling of that first word (:func:`_readings`, four letters or more) begin with the
    same four letters, soft vowels read as hard ones, and the word is no longer than that
    spelling unless it keeps all of it («Любаня»): a longer word on the nickname's stem is
    another word built on it («Шустрячок» for Шустрик), no form of it. Asked only of a word that
    names no player and stands where the role names the member (:func:`role_subject`)."""
    low = word.translate(_HARD)
    for r in _readings(nick):
        hard = r.translate(_HARD)
        if len(r) >= _PET_START and low[:_PET_START] == hard[:_PET_START] and \
                (len(low) <= len(hard) or low.startswith(hard)):
            return True
    return False


#: A consonant ending a pet form's stem and those it stands for in the name it is cut from
#: («Гоша» for «гост», «Серёжа» for «Серёга»).
_SOFTENED = {"ш": "сх", "ж": "гзд", "ч": "кт"}


def _base_noun(word: str, nick: str) -> bool:
    """True when ``word`` is the noun a diminutive nickname is built on («шашлык» for
    Шашлычок, «шашлыка»): the nickname's first word less a diminutive suffix, with the
    consonant change of Russian diminutives (ч → к), is the word's dictionary form."""
    lemma = morph().parse(word)[0].normal_form.replace("ё", "е") if is_known_word(word) else word
    for r in _readings(nick):
        for suffix in DIMINUTIVE_SUFFIXES:
            stem = r[:-len(suffix)]
            if not r.endswith(suffix) or len(stem) < 3:
                continue
            heads = {stem} | ({stem[:-1] + c for c in ALTERNATION.get(stem[-1], "")})
            if lemma in heads or word in heads:
                return True
    return False


@functools.lru_cache(maxsize=4096)
def compound_heads(nick: str) -> frozenset[str]:
    """The heads of the compound nouns a nickname's words are («мешалка» for Бетономешалка:
    «бетон-о-мешалка»): a stem of three letters or more, a linking «о» or «е», and a
    dictionary noun of five letters or more in the nominative singular."""
    out = set()
    for r in _word_readings(nick):
        for _, head in compound_splits(r, 5):
            if is_known_word(head) and any(p.tag.POS == "NOUN" and norm(p.normal_form) == head
                                           for p in morph().parse(head)):
                out.add(head)
    return frozenset(out)


@functools.lru_cache(maxsize=4096)
def compound_head_forms(nick: str) -> frozenset[str]:
    """Every case form of the heads of :func:`compound_heads` («мешалку», «мешалкой»)."""
    out = set()
    for head in compound_heads(nick):
        p = next(p for p in morph().parse(head) if p.tag.POS == "NOUN" and
                 norm(p.normal_form) == head)
        out |= {norm(f.word) for f in p.lexeme}
    return frozenset(out)


def compound_head(word: str, nick: str) -> bool:
    """True when ``word`` is a form of the head of a compound noun a nickname's word is
    («мешалка», «мешалку» for Бетономешалка), as a compound is shortened to its last part in
    speech (:func:`compound_heads`)."""
    return word in compound_head_forms(nick)


def role_subject(state, sender, nicks: tuple[str, ...], clause: list[Tok], k: int):
    """For a boss's clause whose word at ``k`` is a name form no nickname has, followed by
    his member's move said of that member: ``(nick, end)`` of the one living member of his
    clan whose role makes that move, when the word fits him (:func:`fits`); ``("", end)``
    when it does not or no such member lives (an order for somebody unknown: ask); None when
    the clause is no such order."""
    if k >= len(clause) or not clause[k].word or not _name_like(clause[k].w):
        return None
    found = move_class_after(clause, new_role_remark(clause, k + 1))
    if found is None:  # («Бин, ты теперь вор, воруешь у Сыча»: his new role told first)
        return None
    cls = found[0]
    if cls not in DEFAULT_CLASS.values():
        return None
    mates = [n for n, p in state.players.items() if p.clan == sender.clan and p.alive and
             n != sender.nick and DEFAULT_CLASS.get(p.role) == cls]
    if len(mates) == 1 and fits(clause[k].w, mates[0], nicks):
        return mates[0], k + 1
    return "", k + 1


def loose_member(ctx, clause: list[Tok], k: int, text: str):
    """For :func:`engine.parse_forms.member_ref`: the member :func:`role_subject` finds at
    ``k`` → (Actor, end); (Problem, end) when the word fits no member of that role; None
    when the clause is no such order."""
    found = role_subject(ctx.state, ctx.sender, ctx.nicks, clause, k)
    if found is None:
        return None
    nick, end = found
    if not nick:
        return problem(text, "unknown_name", "unknown_name", word=clause[k].text), end
    return actor_of(ctx.state, nick), end


def role_holders(state, sender, cls: str) -> list[str]:
    """The living members of the boss's clan (himself aside) whose role — their own or the
    one the actor took (DECISIONS.md §4 Actor) — makes the move of class ``cls``."""
    return [n for n, p in state.players.items() if p.clan == sender.clan and p.alive and
            n != sender.nick and DEFAULT_CLASS.get(p.role) == cls]


#: Words of somebody unnamed before a move word.
_SOMEBODY = frozenset({"он", "она", "они", "кто", "кто-то", "кто-нибудь", "никто", "каждый",
                       "тот", "та", "который", "которая", "все", "любой"})


def _unbracketed(toks: list[Tok]) -> list[Tok]:
    """``toks`` without the ones inside round brackets (an aside: «(он опять пропал)»)."""
    out, depth = [], 0
    for t in toks:
        if t.w == "(":
            depth += 1
        elif t.w == ")":
            depth = max(0, depth - 1)
        elif not depth:
            out.append(t)
    return out


#: The subject pronouns of a member named in the sentence before (:func:`_pronoun_back`).
_HE_SHE = frozenset({"он", "она"})


def _pronoun_back(ctx, clause: list[Tok], lo: int, i: int, mate: str) -> bool:
    """True when the words right before the boss's third-person move word at ``i`` (from the
    last mark after ``lo``) are only «он» / «она» and fillers, and the clause before
    (``ctx.prev_clause``) names ``mate`` — the one living member of his clan whose role makes
    the move — and no other living player («Ямщик оставил ход мне. Он грабит X»): the
    pronoun points back at that member."""
    k = next((k for k in range(i - 1, lo - 1, -1) if not clause[k].word), lo - 1) + 1
    said = [t.w for t in clause[k:i] if t.word and t.w not in _BETWEEN and t.w not in V.FILLERS]
    if len(said) != 1 or said[0] not in _HE_SHE or not ctx.prev_clause:
        return False
    prev = ctx.prev_clause
    words = clause_words(prev)
    hits = [h for k in range(len(prev)) if prev[k].word and
            (h := nick_at(ctx, prev, words, k)) is not None]
    owners = {c for h in hits for c in (h.candidates or (h.nick,))
              if c is not None and ctx.state.players[c].alive and c != ctx.sender.nick}
    return owners == {mate}


def pronoun_member(ctx, clause: list[Tok], lo: int, i: int):
    """A boss's third-person move word at ``i`` whose subject is «он» / «она» pointing back at
    the member of his clan named in the sentence before («Ямщик оставил ход мне. Он грабит
    X»): that member's Actor when he is the one living member whose role makes the move and
    the only living player that sentence names (:func:`_pronoun_back`); None otherwise."""
    mates = role_holders(ctx.state, ctx.sender, lexicon().words.get(clause[i].w))
    if len(mates) != 1 or not _pronoun_back(ctx, clause, lo, i, mates[0]):
        return None
    return actor_of(ctx.state, mates[0])


def unnamed_member(ctx, clause: list[Tok], lo: int, i: int, text: str, nick_at):
    """A boss's third-person move word at ``i`` with no subject read before it («пусть
    ворует у Холмса» after «Лич теперь вместо него», «Ня ворует у X», «Гном (он же теперь
    вор) пусть ворует у X»): the move of the one member of his clan whose role makes it →
    his Actor; a Problem when two members make it (ask). None when the move is no member's
    («ворует» with no thief left), when the words from ``lo`` before the verb name another
    living player («Остап, похоже, ворует») or, with no name of that member, the words
    right before it speak of somebody («он, по всей видимости, стережёт»). ``nick_at(k)``
    gives the nickname hit at token ``k``."""
    mates = role_holders(ctx.state, ctx.sender, lexicon().words.get(clause[i].w))
    named = [h for k in range(lo, i) if clause[k].word and (h := nick_at(k)) is not None]
    if any(not set(mates) & set(h.candidates or (h.nick,)) and
           any(ctx.state.players[c].alive for c in (h.candidates or (h.nick,))) for h in named):
        return None
    if not named and any(t.w in _SOMEBODY for t in _unbracketed(clause[lo:i])):
        return None  # «он, по всей видимости, ворует у X»: of whom? (not «За Карузо (он
        # опять пропал): пусть обворует X»: an aside in brackets about the member)
    if not named:
        k = next((k for k in range(i - 1, lo - 1, -1) if not clause[k].word), lo - 1) + 1
        said = [t for t in clause[k:i] if t.word and t.w not in _BETWEEN and
                t.w not in V.FILLERS]
        if len(said) > 1 or said and not said[0].cap and not (len(mates) == 1 and (
                fits(said[0].w, mates[0], ctx.nicks) or said[0].w in _word_readings(mates[0]))):
            return None  # («бин ворует у фокса»: Mr.Bean by the reading of a word of his nick)
        if said and any(n not in mates and ctx.state.players[n].alive for n in
                        name_index(ctx.nicks).capital_readings.get(said[0].w, ())):
            return None  # «Бин ворует у X» from a boss whose thief is not Mr.Bean: whose move?
    if len(mates) > 1:
        return problem(text, "ambiguous", "ambiguous", candidates=tuple(sorted(mates)))
    return actor_of(ctx.state, mates[0]) if mates else None



#: Move classes only a clan member other than the boss makes (the thief's, the guard's).
_MEMBER_CLASSES = frozenset({V.ROB, V.GUARD})

#: Words that open a condition («если он сам не пришлёт, пусть ворует у X»).
_IF = IF_WORDS


def sole_member(ctx, boss, clause: list[Tok], kw):
    """For a boss's move word of class ``kw.cls`` that his own role does not make and that
    no member was read for: the Actor of the one living member of his clan whose role makes
    it (DECISIONS.md §4 Boss (c): the boss may send a member's move), the only reading a
    boss's order «кража у X», «охранять меня», «граби X» has. None when the word is negated,
    reported, weighed (but for «если он сам не пришлёт, …»), in the past tense or in the
    first person singular («охраняю себя»: the boss's own move he has not, refused), and
    when the move is no member's, or no member or two make it."""
    if kw.cls not in _MEMBER_CLASSES or kw.negated or kw.reported or kw.i >= len(clause):
        return None
    for_him = _for_him_before(clause, kw.i)
    if kw.hypothetical and not silence_before(clause, kw.i) and not (
            for_him and _if_not(clause, for_him)):
        return None
    w = clause[kw.i].w
    mates = role_holders(ctx.state, boss, kw.cls)
    if len(mates) == 1 and for_him and w in lexicon().first and not _past(w) and \
            _named_before(ctx, clause, for_him, mates[0]) is not False:
        # «Кот молчит, за него: грабим Сову», «Кот походил? Если нет — за него: грабим
        # Сову»: «за него» and a mark before the boss's own verb say for whom he writes it
        return actor_of(ctx.state, mates[0])
    if len(mates) == 1 and w in lexicon().first and not _past(w) and \
            for_member_end(ctx, clause, kw.j, mates[0]) > kw.j:
        # «граблю за Бульбу Параску», «Бульба, … граблю за него Параску»: the boss makes
        # the move in the member's place, «за» says for whom
        return actor_of(ctx.state, mates[0])
    if w in lexicon().first or _past(w) or (w.isascii() and w.isalpha()):
        return None  # («Valentina, guard me.»: an English order is asked, engine.names_english)
    if len(mates) != 1 or _subordinate(clause, kw.i):
        return None
    if w in lexicon().third and subject_after(ctx, clause, kw.j, mates[0]):
        # «Лиду пусть охраняет Дед Мазай»: the member named as the subject after his verb,
        # the player before it its object
        return actor_of(ctx.state, mates[0])
    named = _named_before(ctx, clause, kw.i, mates[0])
    if named is False or (named is None and w in lexicon().third and not _ordered(clause, kw.i)):
        return None  # («Весь день молчал, а вечером защищает Маргошу»: of whom?)
    return actor_of(ctx.state, mates[0])


def subject_after(ctx, clause: list[Tok], j: int, mate: str) -> int:
    """The index after ``mate``'s nickname when it is written right after a move word ending
    at ``j`` in its own (nominative) spelling («Лиду пусть охраняет Дед Мазай», not
    «охраняет Бастиона», the player guarded) and ends the clause or its comma part: the
    member is the verb's subject, its object stands before it. 0 otherwise."""
    hit = name_index(ctx.nicks).exact(clause_words(clause), j, None) if j < len(clause) else None
    if hit is None or hit.nick != mate:
        return 0
    end = j + hit.length
    written = [norm(t.w) for t in clause[j:end] if t.word]
    own = [norm(x) for x in re.findall(r"[^\W_]+", mate)]
    return end if written == own and (end == len(clause) or not clause[end].word) else 0


#: Marks between «за него» and the move word it heads («за него: грабим Сову»).
_HEAD_MARKS = frozenset({":", "—", "–", "-"})


def _for_him_before(clause: list[Tok], i: int) -> int:
    """The index of «за» of «за него» / «за неё» standing before the move word at ``i``
    with a mark between («…, за него: грабим Сову», «за неё — охраняем меня») and nothing
    but a mark or the clause's start before it; 0 when there is none (a clause never opens
    with such an order and its verb)."""
    k = i - 1
    if k < 0 or clause[k].w not in _HEAD_MARKS:
        return 0
    while k >= 0 and clause[k].w in _HEAD_MARKS:
        k -= 1
    if k < 1 or clause[k].w not in _FOR_HIM or clause[k - 1].w != "за":
        return 0
    return k - 1 if k - 1 == 0 or not clause[k - 2].word else 0


def _if_not(clause: list[Tok], at: int) -> bool:
    """True when the words before «за него» at ``at`` are only «если нет» and marks («Кот
    походил? Если нет — за него: …»): the condition that the member sent no move himself,
    the boss's duplicate move (DECISIONS.md §4), no hypothesis."""
    said = [t.w for t in clause[:at] if t.word]
    return said == ["если", "нет"]


#: Words that open a subordinate clause («простыня, где защищает Маргошу»): its verb tells
#: of somebody, it orders nothing.
_SUBORDINATORS = frozenset({"где", "когда", "куда", "откуда", "пока", "кого", "кому", "чем",
                            "чего", "зачем", "почему", "как", "что", "чтобы", "раз"})


def _subordinate(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` follows a word of :data:`_SUBORDINATORS` (with «я»,
    «мы», «же», «и», «не» between)."""
    k = i - 1
    while k >= 0 and clause[k].word and clause[k].w in ("я", "мы", "же", "и", "не", "он", "она"):
        k -= 1
    return k >= 0 and clause[k].word and clause[k].w in _SUBORDINATORS


def _ordered(clause: list[Tok], i: int) -> bool:
    """True when a third-person move word at ``i`` with nobody named before it has the shape
    of an order: after «пусть» or after a «:» / «—» («за него: грабит Сову»)."""
    return any(t.w in ("пусть", "пускай", ":", "—", "-") for t in clause[:i])


def _named_before(ctx, clause: list[Tok], i: int, mate: str) -> bool | None:
    """Who the words of the clause before the move word at ``i`` speak of: True when they
    name the member ``mate``; False when they name another player and not him («Шмель грабит
    Ромашку» with Шмель of the other clan, «За Dr.Pepper'а: охраняет меня», «Остап, похоже,
    что-то ворует»; a name after «у», «к», «на» is the move's target: «у паштета ворует») or
    hold a word of somebody unnamed («кто будет громче всех защищать Гошу»; not the «он» of
    «если он сам не пришлёт»); None when they name nobody."""
    silent = silence_before(clause, i)
    if any(t.word and t.w in _SOMEBODY and not (silent and t.w in ("он", "она"))
           for t in clause[:i]):
        return False
    words = [t.w for t in clause]
    others = mine = False
    k = 0
    while k < i:
        hit = nick_at(ctx, clause, words, k) if clause[k].word else None
        if hit is None:
            k += 1
            continue
        if mate == hit.nick or mate in hit.candidates:
            mine = True
        elif not (k and clause[k - 1].w in _TARGET_PREPOSITIONS):
            others = True
        k += max(1, hit.length)
    return True if mine else (False if others else None)


#: Prepositions before a thief's or a guard's target («у Совы», «к Сове», «на Лося»).
_TARGET_PREPOSITIONS = frozenset({"у", "к", "ко", "на"})


def silence_before(clause: list[Tok], i: int) -> bool:
    """True when the only condition before token ``i`` is that somebody sends no move of his
    own («шпроту если сам не напишет пусть ворует …», «если он сам не пришлёт, пусть …»):
    the boss's duplicate move, no hypothesis."""
    ifs = [k for k in range(i) if clause[k].w in _IF]
    return len(ifs) == 1 and any(t.word and lemma(t.w) in SILENCE for t in clause[ifs[0]:i])


def silence_of(ctx, clause: list[Tok], i: int, mate: str) -> bool:
    """True when the only condition before the member's move word at ``i`` (a boss's order
    for the member ``mate``, named or not before it) is that he sends no
    move of his own, and it names nobody but him («Медбрат знает, что делать. Если вдруг
    ничего не прислал — пусть обворует X», «Скотч на Страхе — если не напишет, пусть грабит
    X»): the boss's duplicate move restating the rule (DECISIONS.md §4 Boss (c)), no
    hypothesis. False when another player is named in the condition («если Зоя не напишет
    — …») or a second condition stands before the move."""
    if not silence_before(clause, i):
        return False
    k = next(k for k in range(i) if clause[k].w in _IF)
    words = clause_words(clause)
    for n in range(k + 1, i):
        hit = nick_at(ctx, clause, words, n) if clause[n].word else None
        if hit is not None and {*(hit.candidates or (hit.nick,))} != {mate}:
            return False
    return True


def for_member_end(ctx, clause: list[Tok], j: int, mate: str) -> int:
    """The index after «за <mate>» right after a move word ending at ``j`` («граблю за
    Бульбу X»), or after «за него» / «за неё» when the clause named ``mate`` before the move
    word and nobody else («Бульба, как договаривались, граблю за него X»); ``j`` when
    neither is there."""
    if j + 1 >= len(clause) or clause[j].w != "за":
        return j
    if clause[j + 1].w in _FOR_HIM:
        return j + 2 if _named_before(ctx, clause, j, mate) is True else j
    hit = nick_at(ctx, clause, clause_words(clause), j + 1)
    return j + 1 + max(1, hit.length) if hit is not None and hit.nick == mate else j


#: «за него», «за неё»: the member named before.
_FOR_HIM = frozenset({"него", "нее", "неё"})


def member_after(ctx, clause: list[Tok], j: int, mate: str) -> int:
    """The index after ``mate``'s name written right after a move word ending at ``j`` and
    the marks around it («Кража (Лось): Глаз», «Кража — Ева — у Шерлока»), or after «за
    <mate>» / «за него» (:func:`for_member_end`): the target comes after it; ``j`` when the
    member is not named there."""
    if (k := for_member_end(ctx, clause, j, mate)) > j:
        return k
    k = _past_marks(clause, j)
    hit = name_index(ctx.nicks).exact(clause_words(clause), k, None) if k < len(clause) else None
    if hit is None or hit.nick != mate:
        return j
    return _past_marks(clause, k + hit.length)


#: Marks around a member's name after the move word.
_AROUND = frozenset({"(", ")", ":", "—", "-", "*", ","})


def _past_marks(clause: list[Tok], k: int) -> int:
    """The first index from ``k`` that is no mark of :data:`_AROUND`."""
    while k < len(clause) and not clause[k].word and clause[k].w in _AROUND:
        k += 1
    return k


def _past(w: str) -> bool:
    """True when ``w`` is a past-tense verb form («грабил», «охраняла»)."""
    if not is_known_word(w):
        return False
    return any("past" in p.tag and p.tag.POS == "VERB" for p in morph().parse(w)[:2])


def member_on(ctx, clause: list[Tok], j: int, mate: str) -> int:
    """The index after «на <mate>» (and the marks after it) right after a move word ending
    at ``j`` when ``mate``'s name there is in the prepositional case and cannot be the
    accusative («Охрана на Бастилии: X»): the duty lies on the member, who is the actor, not
    the target («на Бастилию» is the target); ``j`` otherwise."""
    k = j
    while k < len(clause) and ((not clause[k].word and clause[k].w in _AROUND) or
                               clause[k].w in _PUT):
        k += 1  # («Охрану ставлю на Бастилии»)
    if k + 1 >= len(clause) or clause[k].w != "на":
        return j
    words = clause_words(clause)
    idx = name_index(ctx.nicks)
    hit = idx.exact(words, k + 1, None)
    if hit is None or hit.nick != mate:
        return j
    last = words[k + hit.length]
    if hit.length == 1:
        cases = idx.single.get(last, {}).get(mate)
    else:
        cases = next((parts[-1].get(last) for nick, parts in idx.multi if nick == mate), None)
    if not cases or "loct" not in cases or "accs" in cases or "nomn" in cases:
        return j
    return _past_marks(clause, k + 1 + hit.length)


#: Verbs of putting a duty on somebody («охрану ставлю на …»).
_PUT = frozenset({"ставлю", "ставим", "поставлю", "поставим", "вешаю", "вешаем", "кладу"})
