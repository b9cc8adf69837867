"""A target word no exact form of a nickname names (issue 3, issue 11), for
:func:`engine.grammar_targets.read_targets`: its loose readings (a word or prefix of a nick,
a pet form, a translation, a given name, «Танюха-доктор», «Бера» for Bear written as a name,
a noun in a list of names), and whether an unread word stands where the name goes, so the
move is asked about rather than dropped; a filler that is rather a word of a nick («Нику» for
Nika_V), and a nick's next word after it, misspelt («дон карлеоне»).
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_dropped import person_word
from .grammar_target_types import Targets
from .grammar_target_words import described, list_item, name_later, pet_later
from .grammar_tokens import Tok
from .names import NameHit
from .names_case import case_fit, spelled_by_other, translation_fit
from .names_english import TITLES
from .names_fit import fit_owners
from .names_given import names_listed
from .names_match import NameIndex
from .names_near import slip_reading
from .translit import name_readings
from .words import CYR, animate_noun, is_known_word, is_noun, is_verb, morph, norm, person_name


def word_reading(idx: NameIndex, clause: list[Tok], words: list[str], k: int, lo: int, hi: int,
                 out: Targets, *, known: bool, joined: bool, bare: bool,
                 expected: frozenset[str] | None, noun: bool,
                 rw: dict[str, str]) -> tuple[NameHit | None, bool]:
    """The loose reading of token ``k`` of a move's targets (``[lo, hi)``; ``out``: what was
    read so far), a word no exact form of a nick names: ``(hit, listed)``, ``hit`` None when
    no reading fits; ``listed``: a dictionary noun or first name taken as one more name of a
    list («голоса: нуб и пони»). ``known``: the word is a dictionary word; ``joined``: a
    list joiner stands before it; ``bare``: it follows the one name read with no joiner (a
    list no word joins); ``expected``: the cases the governing word asks for; ``noun``: the
    keyword is a noun or infinitive; ``rw``: the role words
    (:func:`engine.words.role_words`)."""
    t = clause[k]
    w = t.w
    # «Малой и Вафля»: a capitalised word joined to a name is read as a name too
    strict = bool(out.hits) and known and not (joined and t.cap and not person_name(w))
    approx = (idx.approximate(w, strict=strict)
              if len(w) >= 3 and (not strict or t.cap or t.quoted) and
              not (known and not (t.cap or t.quoted) and is_verb(w) and
                   not _nick_noun(idx, w, out)) else None)
    # a verb in lower case is no pet form of a nick («в пару беру Кузю»: not «Берёза»), but
    # a case form of a noun that is a word of one nick, first in the slot, is that nick
    # («голос бондарю» for «Сергей Бондарь»: «бондарю» reads as a verb first)
    if approx is None and len(w) == 2 and not out.hits and CYR.search(w) and is_noun(w) and \
            (k + 1 >= hi or not clause[k + 1].word):
        approx = _short_noun(idx, w)  # «голос — ёж» for «Ёжик»; not «голос — ёж тоже слышал»
    if approx is None and not out.hits and known and len(w) >= 4 and _place_only(w):
        # «слежу за савой» for «Сова»: a slip that makes a place name (a dictionary word,
        # so no slip elsewhere), first in the slot, names the nick it is one letter off
        approx = slip_reading(idx, w)
    approx = translation_fit(idx, w, approx, expected)  # «лису»: Лиса, or Grey_Fox
    approx = _latin_rival(idx, w, approx)  # «за эльфа»: Elfina's pet form, or Dark_Elf
    approx = _e_rival(idx, w, approx)  # «режу Неко»: Shiro.neko, or Нэко-тян written with «е»
    if approx is not None and (not noun or (k > lo and words[k - 1] in V.PREPOSITIONS)):
        narrowed = case_fit(idx, w, approx, expected)  # «за Лиса»: Лис, not «Лиса Алиса»
        if narrowed is approx or (k > lo and words[k - 1] in V.PREPOSITIONS) or \
                not spelled_by_other(w, approx, narrowed):
            approx = narrowed
        # (not «приглашаю к себе Лиса», «проверяю Шрёдингера»: Лис's accusative, or «Лиса
        # Алиса», «Кот_Шрёдингера» by a word as the nick spells it, which a verb's object is
        # often written as: either player, asked)
    if approx is None and "-" in w and not strict:
        approx = described(idx, w, rw)  # «у Танюхи-доктора»: the name, and a guess at her role
    if approx is None and (t.quoted or (t.cap and k > 0)):
        # «лечу Бера»: a reading of Bear that is also a Russian word, written as a name
        approx = idx.capital_reading(w)
        if approx is None and (len(w) == 2 or joined and person_name(w)) and t.cap and \
                idx.foreign_named:
            # «голос — Эд», «за Лелуша и за Эда» for «Ed_Elric»: a given name a nick holds by
            # a foreign form only, written as a name (two letters, or joined to a list)
            named = idx.given_name(w)
            if named is not None and all(n in idx.foreign_named for n in named.candidates):
                approx = named
    if approx is None and noun and not (t.cap or t.quoted) and w in idx.capital_readings and \
            len(w) >= 3 and _alone_in_slot(clause, words, k, lo, hi, out, joined) and (
                (len(w) >= 4 and {"NOUN", "inan"} <= morph().parse(w)[0].tag.grammemes) or
                _function_word_only(w)):
        # «голоса хайд и граф» for «Mr.Hyde»: a reading of a nick's Latin word that is also
        # a Russian thing's noun, in lower case, stands alone where the name goes (the
        # slot's only word, or one item of a list of names) after a noun keyword: no vote
        # goes to a thing, so the player, when it reads one nick only (a being's noun may
        # describe a player: «голос за эльфа» with Dark_Elf_77 stays asked; after a verb the
        # thing may be its object: «проверю почту»); so does a reading the dictionary knows
        # only as a particle or an interjection («голос бин» for Mr.Bean: no player «бин»)
        approx = idx.capital_reading(w)
        if approx is not None and approx.nick is not None:
            return approx, bool(out.hits)
        approx = None
    if approx is None and not noun and not (t.cap or t.quoted) and w in idx.capital_readings and \
            len(w) >= 4 and expected is not None and "accs" in expected and \
            _alone_in_slot(clause, words, k, lo, hi, out, joined) and _no_thing_object(w):
        # «мочу бэра» for «Bär»: a reading of a nick's Latin word that is also a Russian
        # thing's noun («бэр»), written in a form no object of the verb the thing may take
        # (its genitive; an inanimate object is in the nominative's form): the animate
        # accusative of the nick, the player
        approx = idx.capital_reading(w)
        if approx is not None and approx.nick is not None:
            return approx, bool(out.hits)
        approx = None
    listed = False
    if approx is None and known and out.hits and len(w) >= 3 and (
            (joined and list_item(clause, k, hi) and is_noun(w)) or
            (bare and (is_noun(w) or person_name(w)))):
        # («голоса ястреб джейсон»: a first name or noun right after the one name, at
        # the end, is the second name of the list)
        # «голоса: нуб и пони», «крот, вафля»: a noun alone between the joiners of a list
        # of names that is a word or a pet form of a nick names that player
        loose = idx.approximate(w)
        if loose is not None and (loose.kind in ("part", "pet") or (
                loose.kind == "name" and (person_name(w) or names_listed(w)))):
            # («маркус и кася» for Cassandra; «мурку и валика»: a pet form the table of
            # given names lists, the dictionary's noun «валик» aside)
            approx, listed = loose, True
    return approx, listed


def fitted(idx: NameIndex, ctx, clause: list[Tok], k: int, *, listed: bool) -> NameHit | None:
    """The player the word at token ``k`` of a move's slot, which no reading took, fits by
    :meth:`engine.names_match.NameIndex.fit` among the living (``ctx.alive``): «голоса шадоу
    и гром» for Громозека, «МО в Люпена» for A.Lupin; candidates when two fit (asked); None
    when none does. A dictionary word in lower case is read so only as one more name of a
    list (``listed``: «смит и гросс»); alone in the slot it may be the thing it means
    («голос за эльфа» with Dark_Elf: asked)."""
    t = clause[k]
    if not t.word or len(t.w) < 3:
        return None
    if not (t.cap or t.quoted) and (t.w in idx.capital_readings or (
            not listed and is_known_word(t.w) and not person_name(t.w))):
        # («за эльфа», «бина»: a Russian word a Latin nick reads as, in lower case); a work
        # word said for a word of a nick is that player («за дизайнера»: Ksu_design)
        return idx.work_fit(t.w, getattr(ctx, "alive", None))
    if t.cap and _surname_after(idx, clause, k):
        return None  # «угощаю Джонни Ринго»: a first name and a surname nobody holds
    # a pet form's suffix makes words of their own («кошку», «бабке»): in lower case a
    # dictionary word is not read as one
    pets = t.cap or t.quoted or not is_known_word(t.w)
    return idx.fit(t.w, getattr(ctx, "alive", None), pets)


def _surname_after(idx: NameIndex, clause: list[Tok], k: int) -> bool:
    """True when the capitalised word ``k`` is followed right away by another capitalised
    word that is no dictionary word and names no player in any reading («Джонни Ринго»):
    a person's full name, someone off the roster; its first word is no sound-alike of a
    nick (Calamity_Jane)."""
    n = k + 1
    if n >= len(clause) or not clause[n].word or not clause[n].cap or len(clause[n].w) < 3:
        return False
    w = clause[n].w
    return not is_known_word(w) and idx.exact([w], 0, None) is None and \
        idx.approximate(w) is None and not fit_owners(idx.nicks, w)


def _latin_rival(idx: NameIndex, w: str, hit: NameHit | None) -> NameHit | None:
    """``hit``, a loose reading of ``w`` as one nick (a pet form or a word of it), with the
    nicks ``w`` is also the Cyrillic reading of a Latin word of added as candidates: «голос за
    эльфа» is Elfina's pet form and Dark_Elf's «Elf» alike, so the move is asked about."""
    if hit is None or hit.nick is None or hit.kind not in ("pet", "part"):
        return hit
    rivals = set(idx.capital_readings.get(w, ())) - {hit.nick}
    if not rivals:
        return hit
    both = tuple(n for n in idx.nicks if n == hit.nick or n in rivals)
    return NameHit(None, both, hit.kind, hit.length)


def _e_rival(idx: NameIndex, w: str, hit: NameHit | None) -> NameHit | None:
    """``hit``, a loose reading of ``w`` as one nick (a pet form or a word of it), with the
    nicks a word of which is ``w`` with «э» where it has «е» added as candidates: «е» is
    written for «э» in borrowed words («Неко» for «Нэко», «Сем» for «Сэм»), so «режу Неко»
    is Shiro.neko's word read and Нэко-тян's alike, and the move is asked about; a whole
    nick of several words so written is that player («Неко-тян» for Нэко-тян)."""
    if hit is None or hit.nick is None or hit.kind not in ("pet", "part") or "е" not in w:
        return hit
    spots = [n for n, c in enumerate(w) if c == "е"]
    variants = {w[:n] + "э" + w[n + 1:] for n in spots} | {w.replace("е", "э")}
    whole = {o for v in variants for o in idx.single.get(v, ())} - {hit.nick}
    if len(whole) == 1 and "-" in w:
        # «Проверка: Неко-тян»: the whole of Нэко-тян's nick, only «э» written «е», over a
        # word of another's read loosely
        nick = whole.pop()
        return NameHit(nick, (nick,), "exact", hit.length)
    rivals = {o for v in variants for o in idx.parts.get(v, ())} | whole
    rivals.discard(hit.nick)
    if not rivals:
        return hit
    both = tuple(n for n in idx.nicks if n == hit.nick or n in rivals)
    return NameHit(None, both, hit.kind, hit.length)


#: Parts of speech of words that never name anything (particles, interjections, conjunctions).
_FUNCTION_POS = frozenset({"PRCL", "INTJ", "CONJ"})


def _function_word_only(w: str) -> bool:
    """True when every dictionary reading of ``w`` is a particle, an interjection or a
    conjunction («бин»): as a move's whole slot it can only be a name."""
    return all(p.tag.POS in _FUNCTION_POS for p in morph().parse(w))


def _place_only(w: str) -> bool:
    """True when every dictionary reading of ``w`` is a place name («савой»: Савой)."""
    return all("Geox" in p.tag for p in morph().parse(w))


def _short_noun(idx: NameIndex, w: str) -> NameHit | None:
    """The one nick a two-letter noun ``w`` is the base of as its pet form («ёж» for
    «Ёжик», «уж» for «Ужик»): the nick is a pet form of the word and begins with it; None
    when no nick or several are."""
    pet = idx.pet_form(w)
    if pet is None or pet.nick is None or len(pet.candidates) != 1 or \
            not norm(pet.nick).startswith(w):
        return None
    return pet


def _nick_noun(idx: NameIndex, w: str, out: Targets) -> bool:
    """True when ``w``, the first word of a move's slot, is a case form of a noun that is a
    whole word of exactly one multi-word nick («бондарю»: a verb's form too, and the dative
    of «бондарь» of «Сергей Бондарь»), or that word as the nick spells it («пропер» of
    «Мистер Пропер», a verb's past too)."""
    owners = idx.whole_words.get(w, ())
    return not out.hits and len(owners) == 1 and (
        any(p.tag.POS == "NOUN" for p in morph().parse(w)) or
        w in idx.bases.get(next(iter(owners)), [""])[0].split())


def _no_thing_object(w: str) -> bool:
    """True when every dictionary reading of ``w`` is an inanimate noun in a case other than
    the nominative and accusative («бэра»: the genitive of «бэр»): as that thing it is no
    direct object of a verb."""
    parses = morph().parse(w)
    return bool(parses) and all(
        p.tag.POS == "NOUN" and "inan" in p.tag and p.tag.case not in ("nomn", "accs")
        for p in parses)


def _alone_in_slot(clause: list[Tok], words: list[str], k: int, lo: int, hi: int,
                   out: Targets, joined: bool) -> bool:
    """True when the word at ``k`` is the whole of a move's slot (after its preposition, a
    colon or a dash) up to the clause's end or a joiner of names, or one item of a list of
    names (:func:`engine.grammar_target_words.list_item`)."""
    if out.hits:
        return joined and list_item(clause, k, hi)
    n = k - 1
    while n >= lo and (not clause[n].word or words[n] in V.PREPOSITIONS):
        n -= 1
    if n >= lo:
        return False
    return k + 1 >= hi or (not clause[k + 1].word and clause[k + 1].w != "(") or \
        clause[k + 1].w == "и"


def unknown_slot(idx: NameIndex, clause: list[Tok], words: list[str], k: int, lo: int,
                 out: Targets, *, skipped: bool, neg: bool) -> bool:
    """True when the word at token ``k`` that no reading took stands where the name goes
    (``Targets.unknown_slot``): nothing skipped before it (``skipped``), no role read (but
    for the player a role is looked for in, right after «у»: «ищу сыщика у Флюса») and not
    after «не» (``neg``), and it looks like a name (a capital or quotes, a Cyrillic word no
    dictionary knows, far from every nick or a noun), a being after «за», or a person's
    word."""
    t = clause[k]
    w = t.w
    roles = out.roles and not (k > lo and words[k - 1] == "у" and not out.hits)
    return not skipped and not roles and not neg and ((
        (t.cap or t.quoted or (CYR.search(w) and not is_known_word(w))) and
        (idx.far_from_all(w) or ((t.cap or t.quoted) and
                                 (is_noun(w) or not is_known_word(w))))) or
        (k > lo and words[k - 1] == "за" and animate_noun(w)) or person_word(t))


def filler_nick(idx: NameIndex, clause: list[Tok], words: list[str], k: int, hi: int) -> bool:
    """True when the filler word at token ``k`` (:data:`engine.grammar_vocab.FILLERS`: «нику»
    of «голосую за нику X») is rather a word of a nickname, written or in its usual Cyrillic
    reading («Нику» for Nika_V, «Дом» for Dom_Perignon; a word of two nicks is read too, and
    asked about: Nika_V or Nik_Tor), and no name follows it to be the target: written as a
    name (capitalised inside the clause, or quoted), or last before punctuation or the end
    and no adverb («смотрю нику, вдруг она»; not «лечу дома»). Not a title translated from
    one nick that is a word of another («Мистера»: «Мистер Икс», or Mr.Smith?), nor a word
    only a nick's translation makes («ночью» for Night_Owl)."""
    w = words[k]
    owners = set(idx.parts.get(w, ())) | idx.multi_word_owners(w)
    if owners and w in V.TITLES and all(_titled(n) for n in owners) and \
            (k + 1 >= len(clause) or not clause[k + 1].word):
        # «Голос за мистера.» with Mr.Grey (and Mr.Black): the title last in its clause, no
        # name after it, is the titled player (or asked about among them), never dropped
        return True
    if not owners or not all(_begins_as(w, n) for n in owners) or \
            name_later(idx, words, k + 1, hi) or pet_later(idx, clause, k + 1, hi):
        return False  # («Мистера»: «Мистер Икс», or Mr.Smith by a translation; «ночью» is
        # no form of Night_Owl)
    t = clause[k]  # (a capital as written: a letter with none marks nick forms as capitals)
    return (t.text[:1].isupper() and k > 0) or t.quoted or (
        (k + 1 >= len(clause) or not clause[k + 1].word) and not _adverb(w))  # not «лечу дома»


def _titled(nick: str) -> bool:
    """True when a word of ``nick`` is an English title a Russian title translates («Mr.Grey»,
    «Capt.Flint»: :data:`engine.names_english.TITLES`)."""
    return any(word in TITLES for word in re.findall(r"[a-z]+", norm(nick)))


def _adverb(w: str) -> bool:
    """True when some reading of ``w`` is an adverb («дома», «раз»): a lone filler in lower
    case may then tell where or when, no name."""
    return any(p.tag.POS == "ADVB" for p in morph().parse(w))


def _begins_as(w: str, nick: str) -> bool:
    """True when ``w`` begins as a word of ``nick`` does, written or in its usual Cyrillic
    reading, all but the word's last letter («нику» for Nika_V; not «ночью», the
    translation of Night_Owl's «Night»)."""
    for word in re.findall(r"[^\W\d_]+", norm(nick)):
        for read in (word, *name_readings(word)[:1]):
            if len(read) >= 3 and w.startswith(read[:max(3, len(read) - 1)]):
                return True
    return False


def nick_goes_on(idx: NameIndex, words: list[str], k: int, out: Targets) -> bool:
    """True when word ``k``, right after the last name read (``out``: the
    :class:`~.grammar_target_types.Targets` so far), reads as that very player once more:
    the nick's next word, even misspelt («голоса шмыг и дон карлеоне» for Don_Corleone99,
    «дон» read as his nick's word): one player, no second name."""
    if not out.hits or out.hits[-1][2] != k or out.hits[-1][0].nick is None or len(words[k]) < 3:
        return False
    again = idx.approximate(words[k])
    return again is not None and again.nick == out.hits[-1][0].nick


#: Words that may stand between «сама» and the name it goes with («сама, сегодня Гиви»).
_BY_SELF_GAP = frozenset({"сегодня", "теперь", "уже", "ночью", "тогда", "же", "вот"})


def name_soon(idx: NameIndex, clause: list[Tok], words: list[str], k: int, hi: int) -> bool:
    """True when a nickname (an exact form, or a word of a multi-word nick) stands at ``k``
    or right after a comma, colon, dash or one of a few adverbs («сама: Dr.Who», «сама,
    сегодня Гиви», «сама ястреба»): the «сам»/«сама» before it says the sender moves by
    herself («проверяю сама …»), it is no self-target."""
    for n in range(k, min(hi, k + 4)):
        if not clause[n].word:
            if clause[n].w in (",", ":", "—", "-"):
                continue
            return False
        if words[n] in _BY_SELF_GAP:
            continue
        hit = idx.exact(words, n, None) or idx.approximate(words[n], strict=True)
        return hit is not None
    return False
