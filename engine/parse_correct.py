"""Clauses that act on the move before them (engine.parse): a clause of one name finishing
or correcting it («Линч:⏎Бука», «Хотя нет, Сергей», «Гошан конечно, не Гоша»), more targets
for it («И за Пельменя»), a retraction («Хотя нет, он свой»: read in
:mod:`engine.parse_retraction`). Another choice offered («…или Ктулху») is
:func:`engine.parse_choice.alternative`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from operator import attrgetter

from . import grammar_vocab as V
from .grammar_rules import problem
from .grammar_keywords import Kw, find_keywords, only_fillers
from .grammar_headers import header_keyword
from .grammar_delegate import boss_decides, to_my_boss
from .model import Move
from .grammar_flags import ONLY, correction_end, role_gone, takes_back
from .words import is_imperative
from .grammar_plans import IF_WORDS, hypothetical
from .grammar_targets import read_targets, some_name
from .grammar_asides import settled
from .grammar_target_words import first_word
from .grammar_target_fix import parts_after
from .grammar_tokens import Tok, span, clause_words
from .grammar_questions import is_question
from .names import NameHit, name_index
from .words import past_tense, predicate, role_words, third_person
from .roles import ROLE_CIVILIANS
from .parse_choice import conditional
from .parse_move import read_move
from .parse_more import (HESITATION_WORDS, MORE_OPENERS, MORE_WORDS,
                         continues, hedged_more, more_names, more_then,
                         drop_target, keep_len, not_instead, put_off, spared,
                         spared_nick)
from .parse_listed import listed_on_condition as _listed_on_condition
from .parse_listed import next_listed as _next_listed
from .parse_types import Ctx, Item, Prev, names_in, nick_at, passed, prev_targets
from .textcase import lower_of
from .parse_orphan import orphan as _orphan, said_of_other
from .parse_retraction import ask_back, retraction as _retraction
from .parse_swap import exchange

_W = attrgetter("w")  # a token's normalised text


def _sender_signs(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when ``clause`` opens the letter's last line with the sender's own nick as it is
    spelled, and nothing follows on the line but a remark in brackets («Огарок (сын полка,
    как шутят в бригаде)»): the letter's signature, never a target finishing the move before."""
    line_start = ctx.text.rfind("\n", 0, clause[0].start) + 1
    line_end = ctx.text.find("\n", clause[0].start)
    line_end = len(ctx.text) if line_end < 0 else line_end
    if ctx.text[line_start:clause[0].start].strip() or ctx.text[line_end:].strip():
        return False
    hit = name_index(ctx.nicks).exact(clause_words(clause), 0, None)
    if hit is None or hit.nick != ctx.sender.nick:
        return False
    written = ctx.text[clause[0].start:clause[hit.length - 1].end]
    rest = ctx.text[clause[hit.length - 1].end:line_end].strip()
    return lower_of(written) == lower_of(hit.nick) and (
        not rest or rest.startswith("(") and rest.endswith(")"))


#: Words that take a move back (not «то есть», «в смысле»: the same player said more exactly).
_TAKEN_BACK = frozenset({"нет", "не", "неа", "стоп", "отбой", "отставить"})


def _mate(ctx: Ctx, nick: str) -> bool:
    """True when the boss's letter names ``nick``, a living member of his clan (not himself):
    the member he gives an order to."""
    if ctx.sender.role != "boss" or nick == ctx.sender.nick or nick not in ctx.state.players:
        return False
    mate = ctx.state.players[nick]
    return mate.clan == ctx.sender.clan and mate.alive


def _member_heading(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when the boss's clause is a member's nickname and a colon alone («Кремень:»,
    «sudo_rm:» of a YAML block): the heading of the member's orders on the lines after it,
    never one more target of the move before."""
    if ctx.sender.role != "boss" or len(clause) < 2 or clause[-1].w != ":" or \
            not all(t.word for t in clause[:-1]):
        return False
    hit = name_index(ctx.nicks).exact(clause_words(clause), 0, None)
    if hit is None or hit.length != len(clause) - 1 or hit.nick not in ctx.state.players:
        return False
    mate = ctx.state.players[hit.nick]
    return mate.clan == ctx.sender.clan and mate.alive and hit.nick != ctx.sender.nick


def _name_ends(clause: list[Tok], k: int) -> bool:
    """True when a name ending at ``k`` ends the clause (fillers after it) or a comma follows
    it (a remark: «нет, лучше лазарева, он тихий»)."""
    return only_fillers(clause, k, len(clause)) or (k < len(clause) and clause[k].w == ",")


def _with_surname(ctx: Ctx, clause: list[Tok], words: list[str], k: int,
                  hit: NameHit) -> NameHit:
    """``hit`` (one word at ``k``: a given name, pet form or part of a nick) taken with the
    word right after it when that word is another word of exactly one of its players' nicks
    («Костю Лазарева» for «Константин Лазарев»): that player's hit of two words; else
    ``hit``."""
    if hit.length != 1 or k + 1 >= len(clause) or not clause[k + 1].word:
        return hit
    idx = name_index(ctx.nicks)
    owners = idx.parts.get(words[k + 1], ())
    if not owners and clause[k].cap and clause[k + 1].cap and len(words[k + 1]) >= 3:
        # «Киски Мурлыски» for «Киса_Мурлыса»: both words of a two-word nick in pet forms
        near = idx.approximate(words[k + 1])
        if near is not None and near.kind in ("pet", "part", "name") and \
                len(near.candidates) == 1 and near.candidates[0] == hit.nick and \
                len(re.findall(r"[^\W\d_]+", hit.nick)) == 2:
            owners = near.candidates
    if len(owners) != 1:
        return hit
    owner = next(iter(owners))
    if owner not in (hit.candidates or (hit.nick,)) or words[k + 1] == words[k]:
        return hit
    return NameHit(owner, (owner,), hit.kind, 2)


#: Words that seal a choice after its name («…не, ладно, Шляпник, финал», «X, окончательно»).
SEAL_WORDS = frozenset({"финал", "финально", "окончательно", "бесповоротно", "точка"})


def _verb_after(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when the word ``clause[k]``, right after the correction's name (no mark between),
    opens a move word (not negated): the name is its object («…, Лося замочу», «…, Лося в
    расход»); not «Нет, Сергея, лечу Буку» (the name spoken to between commas)."""
    if k >= len(clause) or not clause[k].word:
        return False  # «Нет, Сергея, лечу Буку»: the name between commas is spoken to
    own = find_keywords(clause[k:], set(), name_index(ctx.nicks))
    return bool(own) and not own[0].negated and own[0].i == 0


def _sealed(clause: list[Tok], k: int) -> bool:
    """True when ``clause[k:]`` is only punctuation and words of :data:`SEAL_WORDS` (at least
    one): the choice before it is final, nothing more is said."""
    said = [t.w for t in clause[k:] if t.word]
    return bool(said) and all(w in SEAL_WORDS for w in said)


def _withdrawn_from(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item]) -> bool:
    """«Снимаю голос⏎с Коровьева.»: a withdrawal of the vote that named nobody, right before
    a clause of «с»/«со» and players only (a line break or a full stop between them): the
    players are whom the vote is taken off (the withdrawal item now names them), never a
    vote for them. True when the clause was one."""
    if len(prev.items) != 1 or prev.items[0].withdraw != ("*",) or \
            not any(it is prev.items[0] for it in items):
        return False
    first = next((n for n, t in enumerate(clause) if t.word), None)
    if first is None or clause[first].w not in ("с", "со") or \
            find_keywords(clause, set(), name_index(ctx.nicks)):
        return False
    hits = names_in(ctx, clause[first + 1:], ambiguous=True)
    if not hits:
        return False
    rest = clause[first + 1:]
    taken = {n for _, lo, end in hits for n in range(lo, end)}
    if any(t.word and n not in taken and t.w not in ("и", "со", "с", "тоже")
           for n, t in enumerate(rest)):
        return False  # «…с Коровьева сегодня и начнём»: more than names
    prev.items[0].withdraw = tuple(dict.fromkeys(
        n for hit, _, _ in hits for n in ((hit.nick,) if hit.nick is not None else hit.candidates)))
    passed(ctx, clause)
    return True


def _named_again(ctx: Ctx, clause: list[Tok], words: list[str], k: int,
                 prev: Prev) -> NameHit | None:
    """The player of a lower-case part or pet form of a nickname at ``k`` («варлок» for
    Warlock_77) when the move corrected is already on him («голоса варлок и… нет, варлок и
    ведьмак»): the word read as it was read after the move word, capitals aside. None for
    any other player, an ambiguous or fuzzy form, a role word."""
    if not clause[k].word or clause[k].cap or len(words[k]) < 3 or words[k] in role_words():
        return None
    near = name_index(ctx.nicks).approximate(words[k])
    if near is None or near.kind == "fuzzy" or near.nick is None:
        return None
    return near if near.nick in prev_targets(prev) else None


#: Words of a later day before a name offered in doubt («А завтра, может, и Y»).
_LATER_DAY = frozenset({"завтра", "послезавтра", "zavtra"})


#: What before a clause makes its «нет, только X» no narrowing of a move: a list broken off
#: («Голоса: Шкаф и...») or the writer's own question («Навестим и Кабана?»).
_NOT_NARROWED = re.compile(r"(?:(?<![а-яё])и\s*(?:\.{2,}|…)|\?)\s*$", re.IGNORECASE)


def correction(ctx: Ctx, clause: list[Tok], prev: Prev | None, adjacent: bool,
               flags: dict, items: list[Item]) -> bool:
    """A clause of one name that finishes or corrects the previous clause's move, whose
    items it replaces. «Линч: Бука. Хотя нет, Сергей.» (correction words, then the name) or
    «Линч:⏎Бука» (the move right before, ``adjacent``, had no target). True when the clause
    was one."""
    if prev is None or _member_heading(ctx, clause) or _sender_signs(ctx, clause):
        return False
    if adjacent and _withdrawn_from(ctx, clause, prev, items):
        return True  # «снимаю голос⏎с Коровьева»: whom the vote is taken off, no vote
    if put_off(ctx, clause, prev, items):
        return True  # «Шизю Тимоху. Хотя… не, Тимоху завтра»: taken back, asked
    if not IF_WORDS.isdisjoint(t.w for t in clause) and \
            any(more_then(clause[n:n + 3]) for n in range(1, len(clause) - 1)):
        # «Приглашаю Сову. Если можно — тогда ещё и Кузю»: one more target under a
        # condition, never one put instead: asked
        return conditional(ctx, clause, prev, items)
    more = more_then(clause)
    k = correction_end(clause) if not more else None
    if k is not None and k > 0 and clause[k - 1].w in ONLY and \
            _NOT_NARROWED.search(ctx.text, 0, clause[0].start):
        # «Голоса: Шкаф и... хотя нет, только Сергей»: the list broken off mid-way, then
        # «only» — which of its names stays is not said: taken back and asked, as before;
        # «Навестим и Кабана? Нет, только Ерша»: the answer to the writer's own question, no
        # correction of a move
        k -= 1
    if k is None and not more:
        k = late_correction(clause)  # «ой, он же наш, нет — Остапа»
        if k is not None and _own_move_before(ctx, clause, k):
            return False  # «Голосую за X, хотя нет — за Y»: the clause corrects its own move
    if k is None and not more and adjacent:
        k = _slip_name(ctx, clause, prev)  # «Голос за Ромашку... ой, за Кардинала»
    if k is not None and (kw := _move_after_dash(ctx, clause, k, prev)) is not None:
        # «охраняю X. ой нет, X сегодня занят — охраняю себя»: the reason, then after the
        # dash the move made again in full, which replaces the one taken back
        before = len(items)
        read_move(ctx, prev.member or ctx.sender, clause, kw, kw.j, len(clause), flags, items,
                  prev.member is not None)
        if not any(it.move is not None for it in items[before:]):
            del items[before:]
        else:
            dropped = {id(it) for it in prev.items}
            items[:before] = [it for it in items[:before] if id(it) not in dropped]
            new = [it for it in items if it.pos >= clause[0].start]
            prev.items[:] = new  # («… — охраняю себя. Или нет»: a doubt after is of this move)
            prev.start = clause[0].start
            return True
    if k is not None and (kw := _own_heading_after(ctx, clause, k, prev)) is not None:
        # «Цель — X. Голос — Y. UPD: Цель — Z» from the maniac: the heading after the
        # correction words is his own move's, corrected (as «UPD: убиваю Z»), not the vote's
        before = len(items)
        read_move(ctx, ctx.sender, clause, kw, kw.j + 1, len(clause), flags, items, False)
        made = {it.move.action for it in items[before:] if it.move is not None}
        items[:before] = [it for it in items[:before]
                          if it.move is None or it.move.action not in made]
        return len(items) > before
    # «А если объяснится, то тогда за Шушу»: a correction under a condition
    # (correction words that end the clause, «…, если я ошибся», correct nothing under it)
    cond = k is not None and k < len(clause) and not IF_WORDS.isdisjoint(t.w for t in clause[:k]) \
        and hypothetical(clause, k, set()) is True
    if k is not None and not cond and k < len(clause) and _left_to_boss(ctx, clause, k):
        if any(it.move is not None and it.move.action == "vote" for it in prev.items):
            # «Голос за X… хотя нет, пусть Дон решает»: the vote taken back, and no vote is
            # the boss's to give: asked (never the boss taken as the new vote)
            return _retraction(ctx, clause, prev, adjacent, items)
        _delegated(ctx, clause, k, prev, items)
        return True  # «Убиваем X… хотя нет, пусть Дон решает»: the move left to the boss
    if k is None:
        k = not_instead(ctx, clause, prev)  # «Гошан конечно, не Гоша»
        if k is not None:
            before = len(items)
            hit = name_index(ctx.nicks).exact(clause_words(clause), k, None) or \
                name_index(ctx.nicks).approximate(clause[k].w, strict=True)  # («…, а Кота»)
            read_move(ctx, prev.member or ctx.sender, clause, Kw(prev.cls, k, k), k,
                      k + hit.length, flags, items, prev.member is not None)
            if len(items) > before:
                dropped = {id(it) for it in prev.items}
                items[:before] = [it for it in items[:before] if id(it) not in dropped]
            return True
    if k is None and _next_listed(ctx, clause, prev, items):
        # «Два убийства:⏎1) Gosha.K⏎2) Ёжик в тумане»: one more line of the heading's list
        before = len(items)
        read_move(ctx, prev.member or ctx.sender, clause, Kw(prev.cls, 0, 0), 0, len(clause),
                  flags, items, prev.member is not None)
        return len(items) > before
    if k is None and _listed_on_condition(ctx, clause, prev, items):
        # «Голоса:⏎— Лось⏎— Шишка, если доживёт»: one more target on a condition: asked
        # (with no ``tried``: the heading's move made does not answer it)
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "unparsed", "conditional")))
        return True
    if k is None and adjacent and (end := hedged_more(ctx, clause, prev)) is not None:
        # «Убиваем X. И, наверное, ещё Y, но я подумаю»: one more target weighed: asked
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, end), "unparsed", "hedge")))
        return True
    if k is None and adjacent and continues(ctx, clause, prev):
        # «Голосую за Галку. И за Пельменя.»: more targets for the move before (two votes
        # on a one-vote day are then asked about, engine.parse_finish)
        before = len(items)
        k = int(clause[0].w in MORE_OPENERS) or 2 * more
        # (after «;» the names open the clause; «Тогда ещё и Кузя»: after «тогда ещё»)
        while k < len(clause) and (not clause[k].word or clause[k].w in MORE_WORDS or
                                   clause[k].w in HESITATION_WORDS):
            k += 1
        read_move(ctx, prev.member or ctx.sender, clause, Kw(prev.cls, k, k), k, len(clause),
                  flags, items, prev.member is not None)
        # «Убиваем Лису и… Кэт. Хотя стоп, Кэт …», «Голосую за X. И за Y. Нет, за Y не
        # надо, за Z»: the move's clause goes on here, and a correction right after is the
        # whole move's
        prev.items.extend(items[before:])
        prev.start = clause[0].start
        return len(items) > before
    if k is None and prev.asked and not prev.items and (
            clause[0].w in V.PREPOSITIONS or _answer_name(ctx, clause, prev)) and \
            _NO.search(ctx.text[prev.start:clause[0].start].lower()):
        k = 0  # «Голосую за Тихоню? нет, он свой... за Бобра»: the question answered
        # («А убиваем… Айболита? Нет. Совунью — она слишком много видит»)
    words = clause_words(clause)
    if k is None and adjacent and prev.items and \
            (lead := _spare_lead(ctx, clause, words, prev, items)) is not None:
        k = lead  # «Голосую за X и Y. Ой, Y не надо, лучше Z»: the spare is the correction
    if k is None and adjacent and prev.items and words[0] in _DOUBT_OPENERS and \
            not V.DOUBT_WORDS.isdisjoint(words[1:4]) and _NOT.isdisjoint(words[:3]) and (named := next(
                (n for n, t in enumerate(clause[:8]) if t.word and
                 nick_at(ctx, clause, words, n) is not None), None)) is not None and \
            not find_keywords(clause[:named], set(), name_index(ctx.nicks)) and \
            _LATER_DAY.isdisjoint(words[:named]):
        # «Присмотрю за Зайкой… хотя, может, за Лисой»: another target offered in doubt (not
        # «Шизю X. А завтра, может, и Y позову»: a plan for another day, read as any clause)
        return conditional(ctx, clause, prev, items, "alternative")
    if k is None and adjacent and _aim_heading(words) and \
            _other_own_heading(ctx, clause, prev):
        return False  # «Голос — X. UPD: передумал. Цель — Y» from the maniac: his own
        # heading opens his move, it does not refill the vote taken back
    if k is None and adjacent and not prev.items and (aim := _aim_heading(words)) and \
            not find_keywords(clause, set(), name_index(ctx.nicks)):
        k = aim  # «Иду на охоту. Цель — Лютик»: the move's target in a sentence of its own
    elif k is None and adjacent and not prev.items and _verse_target(ctx, clause, prev):
        k = 0  # «Сегодня⏎зову к себе⏎Чехова.»: the line break only cuts the sentence
    elif k is None and adjacent and not prev.items and \
            (at := _revealed_target(ctx, clause, prev)) is not None:
        k = at  # «Сегодня у меня гость: молчун с цветком. Да-да, Леон!»: the riddle solved
    elif k is None:
        if not adjacent or not prev.items or not all(_open_move(it) for it in prev.items) or \
                said_of_other(ctx, prev):
            k = _orphan(ctx, clause, prev, adjacent, items)
            if k is None or k is True:
                return k is True
        else:
            k = _aim_heading(words) or _choice_lead(words)
            # «ищу врача. Кандидат — X»: the open move's target; «Проверяю X… хотя нет, он
            # слишком очевидный. Лучше Y»: the player chosen after the retraction's reason
    elif spared(ctx, clause, words, k, prev, items):
        # «Нет, за Буку не надо, за Гошу»: the spared target's place given to another
        if (done := _spared_instead(ctx, clause, words, k, prev, flags, items)) is not None:
            return done
        # «Валим X и Y... Стоп, Y пока не трогаем»: the move is taken back (asked), and a
        # bare name or two right after it take its place (engine.parse); a spare however
        # said takes it back, unless the clause makes a move of its own («не, Кузю не бью,
        # бью Y»)
        own = [kw for kw in find_keywords(clause, set(), name_index(ctx.nicks)) if not kw.negated]
        if own and all(kw.cls == prev.cls for kw in own) and prev.member is None and \
                (nick := spared_nick(ctx, clause, words, k, prev, items)) is not None and \
                drop_target(items, prev, nick):
            return False  # «Нет, стоп, за X не голосую, голосую за Y»: the clause's own move
        return _retraction(ctx, clause, prev, adjacent, items, named=True, spared=not own)
    else:
        k = _after_aside(ctx, clause, words, k, prev, items)
        # («хотя нет, если честно, лучше за Вишню»)
    k0 = k
    denied = None  # the player of «не X» before the new name («…, не у Буки, а у Бублика»)
    while k < len(clause) and (not clause[k].word or clause[k].w in V.FILLERS or
                               clause[k].w in V.PREPOSITIONS or clause[k].w in _THEN or
                               clause[k].w in _REQUEST or
                               clause[k].w in V.CHOOSE_WORDS or (
            clause[k].w == V.NEGATION and _not_name(ctx, clause, words, k))):
        if clause[k].w == V.NEGATION:  # «ой нет, не Крот — Малой и Вафля»
            size = _not_name(ctx, clause, words, k)
            at = k + 2 if k + 2 < len(clause) and words[k + 1] in V.PREPOSITIONS else k + 1
            denied = nick_at(ctx, clause, words, at)
            k += size
        k += 1
    hit = nick_at(ctx, clause, words, k) if k < len(clause) else None  # («Таню»: a pet form)
    if hit is not None and hit.kind in ("pet", "name", "part"):
        hit = _with_surname(ctx, clause, words, k, hit)  # «лучше Костю Лазарева»
    if hit is None and k < len(clause):
        hit = _named_again(ctx, clause, words, k, prev)  # «голоса варлок и… нет, варлок и …»
    if hit is not None and hit.nick is None:
        # «тогда Диму Соколова»: the surname after the first name says which Дима, as
        # after a move word (engine.grammar_targets)
        hit = settled(name_index(ctx.nicks), clause, words, k + hit.length, len(clause), hit)[0]
    if hit is None and k < len(clause) and words[k] in _SELF and (
            only_fillers(clause, k + 1, len(clause)) or clause[k + 1].w == ","):
        hit = NameHit(ctx.sender.nick, (ctx.sender.nick,), "self")  # «…нельзя подряд, тогда себя»
    if hit is None and k < len(clause) and clause[k].word and len(words[k]) >= 3 and \
            not find_keywords(clause, set(), name_index(ctx.nicks)):
        idx = name_index(ctx.nicks)
        near = idx.approximate(words[k])  # «тогда у маркуса»: a part
        if near is None or near.kind not in ("part", "pet", "name"):
            pass
        elif near.kind != "name" and _name_ends(clause, k + 1):
            hit = near
        elif (two := _with_surname(ctx, clause, words, k, near)).length == 2 and \
                two.nick is not None and _name_ends(clause, k + 2):
            hit = two  # «нет, лучше костю лазарева»: a pet form, then his surname
        elif parts_after(idx, clause, near, k + 1, len(clause)):
            # «хотя нет, пусть будет ультрас из Кирова»: the nick's words described
            owner = next(iter(idx.parts[words[k + 2]]))
            hit = NameHit(owner, (owner,), near.kind, 3)
    if hit is not None and hit.nick == ctx.sender.nick and hit.kind != "self" and \
            _signature_line(ctx, clause, k, hit.length):
        return False  # «…хотя нет, за Шустрика⏎owl»: the sender signs, he is no target
    if hit is None and k0 > 0 and k < len(clause) and clause[k].word and \
            words[k] not in V.PRONOUNS:
        hit = _described(ctx, clause, k, prev)  # «хотя нет, пусть будет ультрас из Кирова»
    if hit is None and k0 > 0 and (m := _choice_after_reason(ctx, clause, words, k0, prev,
                                                             items)) is not None:
        # «хотя нет, он у меня уже был в первый день, пусть будет X»: the reason, then the
        # player put in the move's place
        k, hit = m
    if hit is None:
        return _retraction(ctx, clause, prev, adjacent, items)
    if k == 0 and hit.nick is not None and k + hit.length < len(clause) and \
            clause[k + hit.length].w == "," and \
            any(t.word and predicate(t.w) for t in clause[k + hit.length:]) and \
            (hit.nick in prev_targets(prev) or _retracted_from(ctx, prev, hit.nick)):
        # «Лечу Наташу… хотя нет. Ростова, судя по ветке, никому не нужна»: the player the
        # move was on, talked about: no new choice
        return False
    if hit.nick is not None and not V.JOKE_WORDS.isdisjoint(words[:k0]) and \
            _spoken_to(words, k + hit.length) and hit.nick in prev_targets(prev):
        # «Режу Кузнеца. Шучу, Кузнец, живи»: the player the move was on, spoken to
        return _retraction(ctx, clause, prev, adjacent, items)
    if hit.nick is not None and (action := _earlier_target(ctx, clause, k, hit, prev, items)):
        # «…Голос — Бегемот. Стоп, Белочку позавчера пытались …»: of a kill before, not of
        # the vote; asked unless the letter then takes him off that move (engine.parse_finish)
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "unparsed", "retracted", action=action),
            spared=(hit.nick,)))  # (no ``tried``: no move of its kind taken back here)
        passed(ctx, clause)
        return True
    after = more_names(ctx, clause, k + hit.length)  # «Два голоса. Мои: Бегемот и Доцент»
    end = len(clause)
    if after == k + hit.length and (_wish_verb(ctx, clause, words, k0, k, after)):
        end = after  # «Пусть лучше Танк заходит, такой надёжный»: what the player is to do
    elif not only_fillers(clause, after, len(clause)) and not _sealed(clause, after):
        comma = next((n for n in range(after, len(clause)) if clause[n].w in (",", "(", "—")),
                     None)
        if after < len(clause) and clause[after].w == ":" and (comma is None or comma > after) \
                and k0 > 0 and not any(clause[n].word and nick_at(ctx, clause, words, n) is not None
                                       for n in range(after + 1, len(clause))) and \
                all(kw.weak for kw in find_keywords(clause[after + 1:], set(),
                                                    name_index(ctx.nicks))):
            comma = after  # «Хотя нет, лучше Y: к ней все ходят в гости»: the reason after a
            # colon, naming nobody (a move word there that needs a name is no move of its
            # own; a player or another move word after the colon keeps the clause asked)
        first_end = k + hit.length
        if after > first_end and clause[first_end].w == "," and (any(
                t.word and predicate(t.w) for t in clause[after:after + 4]) or
                _names_old_target(ctx, clause, words, first_end + 1, prev)):
            after = comma = first_end  # «всё-таки Маргоша, Барон вчера объяснился»: a remark
            # («хотя нет, за Шустрика, Грей вроде норм»: of the player the move was on)
        if k0 == 0 and comma is not None and clause[comma].w == "—" and \
                only_fillers(clause, after, comma) and \
                (own := find_keywords(clause[comma + 1:], set(), name_index(ctx.nicks))) and \
                own[0].i == first_word(clause[comma + 1:], 0):
            # «…только на линч.⏎Бобр — охраняй себя», «…её я и проверяю.⏎Доктора Дорна —
            # убиваем»: the name is the subject or the object of the move word right after
            # the dash, it finishes no move before (not «X — хватит по гостям водить»)
            return False
        if k0 == 0 and comma == first_end and clause[comma].w == "," and \
                hit.nick is not None and _mate(ctx, hit.nick) and \
                (own := find_keywords(clause[comma + 1:], set(), name_index(ctx.nicks))) and \
                own[0].i == first_word(clause[comma + 1:], 0) and \
                is_imperative(clause[comma + 1 + own[0].i].w):
            # «Гарпун, воруй у Маяка. Хотя стоп, Маяка мы и так убиваем. Гарпун, воруй у
            # Русалки»: the boss's member addressed, his order after the comma — a clause of
            # its own, no new target of the move taken back
            return False
        if k0 > 0 and after == first_end and _verb_after(ctx, clause, after):
            # «…Хотя нет, Лося замочу», «хотя нет, Ирину добиваю»: the name is the object of
            # the move word right after it, read as «хотя нет, замочу Лося» is (the
            # correction words take the move before back there)
            return False
        if comma is None or not only_fillers(clause, after, comma):
            # «Голос за X. Хотя нет, за Y и за Z» on a one-vote day: the move before is taken
            # back and what replaces it is not clear: asked, never left standing (also when
            # the words before the name take nothing back by themselves: «Лечу X… ой, в смысле
            # Y, Z права», a clause with no move word of its own)
            # («Режу Буку. Нет, Бука сегодня отдыхает»: the player the move was on, said
            # again after «нет» with a verb of his own, is talked about: taken back, asked)
            again = k0 > 0 and hit.nick is not None and hit.nick in prev_targets(prev) and \
                any(t.word and predicate(t.w) for t in clause[after:])
            return _retraction(ctx, clause, prev, adjacent, items, named=True,
                               spared=again) or (
                k0 > 0 and adjacent and hit.nick is not None and
                not _INSTEAD.isdisjoint(words[:k0]) and
                not find_keywords(clause, set(), name_index(ctx.nicks)) and
                not _names_old(ctx, clause, words, prev) and
                _doubled(ctx, clause, prev, items))
        if k0 > 0 and comma == first_end and clause[comma].w == "," and hit.nick is not None \
                and (named := _move_after_address(ctx, clause, comma + 1, prev)) is not None:
            # «Лечу X. Нет, Сергей, лечу Y»: the nick as written (the form one calls him by)
            # between commas is the player spoken to, the move after it the letter's own
            # (False: read as any clause). Asked: «Нет, Сергей, лечу её» (spoken to, or the
            # new choice said again?) and «Нет, Сергея, лечу Y» (two choices); not «Нет,
            # Сергея, лечу его» (the new choice said again)
            called = " ".join(words[k:first_end]) == hit.nick.lower()
            if named - {hit.nick}:
                return False if called else _doubled(ctx, clause, prev, items)
            if called:
                return _doubled(ctx, clause, prev, items)
        if k0 > 0 and hit.nick is not None and hit.nick in prev_targets(prev, items) and \
                not _TAKEN_BACK.isdisjoint(words[:k0]) and comma == first_end and clause[comma].w == "," and \
                any(t.word and predicate(t.w) for t in clause[comma + 1:]):
            # «Маньячу Кракена. Нет, стоп — Кракен, похоже, громила, пусть живёт»: the player
            # the move was on, named again after the correction words with a remark that has
            # a verb of its own, is talked about, never chosen again: the move is taken back
            # (asked, unless a later move of its kind answers it: «… Маньячу Кока.»); not
            # after «то есть», «в смысле» alone: the same player said more exactly
            return _retraction(ctx, clause, prev, adjacent, items, named=True, spared=True)
        end = comma  # «ой, то есть Ксюша, Таня наша»: a remark after the name
    if cond:
        return conditional(ctx, clause, prev, items)
    if not V.DOUBT_WORDS.isdisjoint(words[1:k]) and _NOT.isdisjoint(words[:k]):
        return conditional(ctx, clause, prev, items, "alternative")  # «хотя, может, за Y»
    if prev.hypothetical:
        return False  # «Может, завтра стоит убрать Саню… в смысле Bear»: no order to correct
    if "за" in words[k0:k] and prev.cls not in V.ZA_CLASSES:
        prev = _vote_before(ctx, clause, prev, items)  # «Голос за X. Лечу Y. Хотя нет — за Z»
        if prev is None:
            return True
    if denied is not None and denied.nick is not None and end == k + hit.length and \
            hit.nick is not None and hit.nick not in prev_targets(prev, items) and \
            len(prev_targets(prev, items)) > 1 and \
            (vote := next((it for it in prev.items if any(it is o for o in items) and
                           it.move is not None and
                           it.move.action == "vote" and denied.nick in
                           (it.move.targets or (it.move.target,))), None)) is not None:
        # «Линч: X и Y. Хотя нет, не Y, а Z» on a two-vote day: the vote it names is
        # replaced, the other stays
        return exchange(ctx, clause, flags, items, vote, denied.nick, k, hit.length, k0)
    if (refused := _refused_named(ctx, clause, words, k, prev, items)) is not None and \
            hit.nick is not None and hit.nick not in prev_targets(prev, items):
        # «Голоса — X и Y... ой Y же всё, тогда Z» (Y dead) on a two-vote day: Z takes the
        # refused vote's place, the vote for X stays
        before = len(items)
        read_move(ctx, ctx.sender, clause, Kw(prev.cls, k, k), k, end, flags, items, False)
        if len(items) > before:
            items.remove(refused)
        return True
    if end == k + hit.length and hit.nick is not None and \
            (pair := _pair_vote_named(ctx, clause, words, k, prev, items)) is not None and \
            hit.nick not in prev_targets(prev, items):
        # «Голоса — X и Y... ой, Y же наш, тогда Z» on a two-vote day: Z in Y's place
        return exchange(ctx, clause, flags, items, pair[0], pair[1], k, hit.length, k0)
    if end == k + hit.length and hit.nick is not None and \
            (pair := _kill_pair(ctx, prev, items)) is not None and \
            hit.nick not in pair.move.targets:
        if _right_after(ctx, pair.pos, pair.move.span, clause):
            # «Убиваем двоих: X и Y… тьфу, Z» (full moon): the slip right after Y is Y's
            return exchange(ctx, clause, flags, items, pair, pair.move.targets[-1], k,
                            hit.length, k0)
        # «Убиваем X и Y. Хотя нет, Z»: which of the two does Z replace? Asked
        return _retraction(ctx, clause, prev, adjacent, items, named=True)
    if end == k + hit.length and hit.nick is not None and \
            (half := _second_asked(ctx, prev, items)) is not None and \
            hit.nick != half[0].move.target:
        if _right_after(ctx, half[1].pos, half[1].problem.text, clause):
            # «Убиваем двоих: X и Айболита… тьфу, Z» (full moon, «Айболита» no player's):
            # the slip right after the second victim is put right: Z is the second kill
            items.remove(half[1])
            return exchange(ctx, clause, flags, items, half[0], "", k, hit.length, k0)
        return _retraction(ctx, clause, prev, adjacent, items, named=True)  # (as above)
    before = len(items)
    read_move(ctx, prev.member or ctx.sender, clause, Kw(prev.cls, k, k), k, end,
              flags, items, prev.member is not None)
    if len(items) > before:
        _keep_role(prev, items[before:])
        dropped = {id(it) for it in prev.items if it.withdraw is None}
        items[:before] = [it for it in items[:before] if id(it) not in dropped]
    return True


def _move_after_dash(ctx: Ctx, clause: list[Tok], k: int, prev: Prev) -> Kw | None:
    """The keyword of the sender's own move of ``prev``'s kind that opens the words after a
    dash in a correction clause whose correction words end at ``k`` («ой нет, X сегодня
    занят — охраняю себя»), or after the comma that ends a remark on the move taken back
    (:func:`_comma_after_remark`): the reason told, the move is then written again in full. A
    boss's order for his member is said again after «пусть» («…, пусть обворует Y»), the
    sender's own move right after the mark. None when there is no such mark or move."""
    if not any(it.move is not None or it.problem is not None and it.problem.candidates
               for it in prev.items) or is_question(ctx.text, clause):
        return None  # (a move, or one asked between players: «…у Bella... нет, Bella77 наша, …»)
    dash = next((n for n in range(k + 1, len(clause) - 1)
                 if clause[n].w == "—" and clause[n + 1].word), None)
    if dash is None:
        dash = _comma_after_remark(ctx, clause, k, prev)
    if dash is None:
        return None
    let = clause[dash + 1].w == "пусть"
    if let != (prev.member is not None):
        return None
    kws = find_keywords(clause, set(range(dash + 1)), name_index(ctx.nicks))
    kw = next((kw for kw in kws if kw.i == dash + 1 + let), None)
    if kw is None or kw.cls != prev.cls or kw.negated or kw.reported or kw.hypothetical or \
            not let and (kw.weak or kw.imperative):
        return None
    return kw


def _comma_after_remark(ctx: Ctx, clause: list[Tok], k: int, prev: Prev) -> int | None:
    """The index of the comma that ends a remark on the move taken back, when the correction
    words end at ``k`` and words follow it: «Линч X… хотя нет, X и так завалят, линч Y» (the
    remark names nobody but the old move's targets and makes no move; the words after the
    comma are then read as the move written again in full by :func:`_move_after_dash`).
    None when the first comma after ``k`` has no remark before it, or the remark names
    another player («Нет, Сергея, лечу Y»: two choices) or holds a move word."""
    comma = next((n for n in range(k + 1, len(clause) - 1) if clause[n].w == ","), None)
    if comma is None or comma - k < 2 or not clause[comma + 1].word:
        return None
    remark = clause[k:comma]
    old = prev_targets(prev) | {t for it in prev.items if it.move is not None and it.move.move
                                for t in (it.move.move.targets or (it.move.move.target,))} | {
        t for it in prev.items if it.problem is not None for t in it.problem.candidates}
    hits = names_in(ctx, remark, True, forms=True)
    if not hits or any(h.nick is None or h.nick not in old for h, _, _ in hits) or any(
            not third_person(remark[kw.i].w) for kw in
            find_keywords(remark, set(), name_index(ctx.nicks))):
        return None  # (a move word said of others stays a remark: «X и так завалят»)
    return comma


def _left_to_boss(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when a clan member's correction words (ending at ``k``) are followed by his move
    left to his boss («…хотя нет, пусть Дон решает», «…а, нет, всё на шефа», «…хотя нет,
    на усмотрение Барина»): the boss's name there is no new target."""
    me = ctx.sender
    if not me.mafia or me.role == "boss":
        return False
    return boss_decides(ctx, clause, k) is not None or to_my_boss(ctx, clause, k) or any(
        kw.cls == V.DELEGATE and not (kw.negated or kw.hypothetical)
        for kw in find_keywords(clause[k:], set(), name_index(ctx.nicks)))


def _delegated(ctx: Ctx, clause: list[Tok], k: int, prev: Prev, items: list[Item]) -> None:
    """The moves of the clause before dropped from ``items`` and the member's delegation
    from token ``k`` put in their place (:func:`_left_to_boss`)."""
    dropped = {id(it) for it in prev.items
               if it.move is not None and it.move.action != "delegate"}
    items[:] = [it for it in items if id(it) not in dropped]
    items.append(Item(clause[k].start, move=Move(
        "delegate", span=span(ctx.text, clause, k, len(clause))), tried="delegate"))


def _move_after_address(ctx: Ctx, clause: list[Tok], lo: int, prev: Prev) -> set[str] | None:
    """After «нет, X,» in a correction, the words from ``lo`` on: None when they make no move
    of the corrected kind (a remark: «ой, то есть Ксюша, Таня наша»); else the players
    named after that move's word («…, лечу Буку»: {Бука}; «…, лечу её»: none)."""
    own = [kw for kw in find_keywords(clause[lo:], set(), name_index(ctx.nicks))
           if kw.cls == prev.cls and not kw.negated]
    if not own:
        return None
    words = clause_words(clause)
    return {hit.nick for n in range(lo + own[0].j, len(clause)) if clause[n].word and
            (hit := nick_at(ctx, clause, words, n)) is not None and hit.nick is not None}


def _names_old(ctx: Ctx, clause: list[Tok], words: list[str], prev: Prev) -> bool:
    """True when ``clause`` names a target of the move before («в смысле за Женю, которая
    Женечка»): it explains that move rather than changing it."""
    old = prev_targets(prev)
    return any(t.word and (hit := nick_at(ctx, clause, words, n)) is not None and
               (old & ({hit.nick} | set(hit.candidates)))
               for n, t in enumerate(clause))


def _doubled(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item]) -> bool:
    """The move before is dropped and asked about (``retracted``): the clause may change it
    or keep it, and nothing says which. True (the clause was read)."""
    tried = next((it.move.action for it in prev.items if it.move is not None), "")
    if not tried:
        return False
    dropped = {id(it) for it in prev.items}
    items[:] = [it for it in items if id(it) not in dropped]
    ask_back(ctx, clause, items, tried)
    passed(ctx, clause)
    return True


def _kill_pair(ctx: Ctx, prev: Prev, items: list[Item]) -> Item | None:
    """On a full-moon day, the clan kill of two players the move before made (one item of
    the letter still standing); None otherwise."""
    if prev.cls != V.KILL or ctx.turn.event != "full_moon" or prev.member is not None:
        return None
    live = {id(it) for it in items}
    kills = [it for it in prev.items if id(it) in live and it.move is not None and
             it.move.action == "clan_kill"]
    return kills[0] if len(kills) == 1 and len(kills[0].move.targets) == 2 else None


def _second_asked(ctx: Ctx, prev: Prev, items: list[Item]) -> tuple[Item, Item] | None:
    """On a full-moon day, the clan kill of one player the move before made and the question
    about its second victim (``second_kill``: a count of two with one player read), both
    still standing; None otherwise."""
    if prev.cls != V.KILL or ctx.turn.event != "full_moon" or prev.member is not None:
        return None
    live = {id(it) for it in items}
    mine = [it for it in prev.items if id(it) in live]
    kills = [it for it in mine if it.move is not None and it.move.action == "clan_kill"]
    asked = [it for it in mine if it.problem is not None and it.problem.reason == "second_kill"]
    if len(kills) != 1 or len(asked) != 1 or kills[0].move.targets or not kills[0].move.target:
        return None
    return kills[0], asked[0]


def _right_after(ctx: Ctx, pos: int, said: str, clause: list[Tok]) -> bool:
    """True when ``clause`` follows the words ``said`` (found from ``pos``) with only an
    ellipsis, a dash or a comma between (no sentence end, no line break): «…X и Y… тьфу,
    Z»."""
    at = ctx.text.find(said, pos) if said else -1
    if at < 0:
        return False
    gap = ctx.text[at + len(said):clause[0].start]
    return "\n" not in gap and re.fullmatch(r"\s*(?:…|\.\.+|,|—|-)\s*", gap) is not None


#: Words that open the choice after a reason given for a correction («…, пусть будет X»,
#: «…, пусть лучше X», «…, лучше X», «…, тогда X», «…, возьму X»).
_CHOICE_LEADS = frozenset({"пусть", "пускай", "лучше", "тогда", "давай", "давайте", "возьму",
                           "беру", "выберу", "выбираю", "зову", "позову"})


def _choice_lead(words: list[str]) -> int:
    """Index after the words of choosing that open a clause («лучше», «тогда уж», «лучше
    уж»), 0 when it opens otherwise or with a wish («пусть лучше», read from the start): the
    player named after them is put in the place of a move just taken back («…хотя нет, он
    слишком очевидный. Лучше Лямбду»)."""
    k = 0
    while k < len(words) and (words[k] in _CHOICE_LEADS or words[k] in V.CHOOSE_WORDS or
                              words[k] in ("уж", "уже", "всё-таки", "все-таки")):
        k += 1
    if "пусть" in words[:k] or "пускай" in words[:k] or V.CHOOSE_WORDS.issuperset(words[:k]):
        return 0  # («Пусть лучше Кир заходит»: the wish is read from the clause's start)
    return k


def _choice_after_reason(ctx: Ctx, clause: list[Tok], words: list[str], k: int, prev: Prev,
                         items: list[Item]) -> tuple[int, NameHit] | None:
    """After the correction words ending at ``k``, a reason closed by a comma and then a
    segment that opens with a word of choosing and names one player (the segment is the last
    of the clause; a short remark after another comma allowed): «хотя нет, он у меня уже был
    в первый день, пусть будет ультрас из Кирова». The reason names nobody but the move's own
    target, holds no move word and no condition. Returns (index of the name, its hit) or
    None."""
    if not IF_WORDS.isdisjoint(words[k:]) or "?" in words[k:]:
        return None
    idx = name_index(ctx.nicks)
    old = prev_targets(prev, items)
    for c in range(k + 1, len(clause) - 1):
        if clause[c].w != "," or words[c + 1] not in _CHOICE_LEADS:
            continue
        if sum(clause[r].word for r in range(k, c)) < 3:
            return None  # («Нет, постойте — лучше X»: no reason told, not read here)
        m = c + 1
        while m < len(clause) and (words[m] in _CHOICE_LEADS or words[m] in V.CHOOSE_WORDS or
                                   words[m] in V.FILLERS or words[m] in V.PREPOSITIONS):
            m += 1
        hit = (nick_at(ctx, clause, words, m) or _described(ctx, clause, m, prev)) \
            if m < len(clause) and clause[m].word else None
        if hit is None or hit.nick is None or hit.nick in old:
            return None
        n = m + hit.length
        if not (only_fillers(clause, n, len(clause)) or clause[n].w == "," or
                _wish_verb(ctx, clause, words, c + 1, m, n)):
            return None
        if find_keywords(clause[k:c], set(), idx) or find_keywords(clause[n:], set(), idx) or \
                not V.CORRECTION_HEADS.isdisjoint(words[n:]) or "хотя" in words[n:]:
            return None  # («…, ведь я его вчера лечил, тогда X»: a move word in the reason;
            # «— лучше X, … хотя нет, …»: the choice taken back again)
        for r in range(k, c):
            if clause[r].word and (other := nick_at(ctx, clause, words, r)) is not None and \
                    other.nick not in old:
                return None  # («хотя нет, Бобр вчера голосовал за X, тогда Y»: who is who?)
        return m, hit
    return None


def _described(ctx: Ctx, clause: list[Tok], k: int, prev: Prev) -> NameHit | None:
    """The player named at token ``k`` in a form only the reading of a move's targets knows
    («ультрас из Кирова» for Ultras.Kirov), the whole rest of the clause (a comma and a
    remark after it allowed) being that one name; None otherwise."""
    tg = read_targets(ctx, prev.member or ctx.sender, clause, k, len(clause), noun=False)
    if len(tg.hits) != 1 or tg.pronoun or tg.alternative or tg.unknown is not None:
        return None
    hit, first, end = tg.hits[0]
    if first != k or hit.nick is None or hit.kind == "self" or \
            not (only_fillers(clause, end, len(clause)) or clause[end].w == ","):
        return None
    return replace(hit, length=end - k)


def _answer_name(ctx: Ctx, clause: list[Tok], prev: Prev) -> bool:
    """True when ``clause`` opens with one player's name, no other than the one the asked
    move before (``prev``) named, and holds no move word: the answer to the sender's own
    question («Убиваем Айболита? Нет. Совунью»)."""
    if not clause[0].word or not prev.clause or \
            not _BARE_NO.match(ctx.text, prev.clause[-1].end, clause[0].start):
        return False  # (only «? Нет.» between: the question's own answer)
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, 0)
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick or \
            (prev.clause and hit.nick in {h.nick for n in range(len(prev.clause))
                                          if prev.clause[n].word and
                                          (h := nick_at(ctx, prev.clause,
                                                        clause_words(prev.clause), n))}):
        return False
    return not find_keywords(clause, set(), name_index(ctx.nicks))


def _wish_verb(ctx: Ctx, clause: list[Tok], words: list[str], k0: int, k: int,
               n: int) -> bool:
    """True when «пусть» («пускай») stands between the correction words (``k0``) and the
    name at ``k``, and the name, ending at ``n``, is followed by one verb of the third person
    (no move word) and then only a comma or the end («пусть лучше Танк заходит, …»): what
    the player is wished to do, not another move."""
    if "пусть" not in words[k0:k] and "пускай" not in words[k0:k]:
        return False
    if n >= len(clause) or not clause[n].word or not third_person(words[n]):
        return False
    if n + 1 < len(clause) and clause[n + 1].w not in (",", "—", "!", ".", "…"):
        return False
    return not find_keywords(clause[n:n + 1], set(), name_index(ctx.nicks))


#: Words between the spared target's «не …» and the player put in its place («…, лучше
#: Гошу», «…, а за Гошу», «…, тогда Гошу», «…, вместо него Гоша»).
_INSTEAD_LEAD = frozenset({"а", "лучше", "тогда", "значит", "вместо", "него", "неё", "нее",
                           "голос", "голосую", "голосуем",
                           "вторым", "второго", "второй", "вторую"})  # («…, вторым — Z»)


def _lead(clause: list[Tok]) -> int:
    """Index after the correction words and punctuation opening ``clause`` («Ой,», «Блин,»),
    even with no word that heads a correction."""
    k = 0
    while k < len(clause) and (not clause[k].word or clause[k].w in V.CORRECTION_WORDS):
        k += 1
    return k


#: The most words a remark before a spare may hold («Эх, погорячился, Кузю не трогаю»).
_REMARK_WORDS = 3


def _spare_lead(ctx: Ctx, clause: list[Tok], words: list[str], prev: Prev,
                items: list[Item]) -> int | None:
    """Where ``clause`` spares a target of the move before (:func:`engine.parse_more.spared`):
    after its correction words («Ой, Y не надо»), or after a short remark cut off by a comma
    or a dash that names nobody and holds no move word («Эх, погорячился, Кузю не трогаю»,
    «Блин, жалко его — Кузю не бью»): the index where the spare starts, or None."""
    lead = _lead(clause)
    if spared(ctx, clause, words, lead, prev, items):
        return lead
    said = 0
    for n in range(lead, len(clause)):
        tok = clause[n]
        if tok.word:
            said += 1
            if said > _REMARK_WORDS or nick_at(ctx, clause, words, n) is not None:
                return None
        elif tok.w in (",", "—") and said and n + 1 < len(clause) and \
                not find_keywords(clause[lead:n], set(), name_index(ctx.nicks)) and \
                spared(ctx, clause, words, n + 1, prev, items):
            return n + 1
    return None


def _spared_instead(ctx: Ctx, clause: list[Tok], words: list[str], k: int, prev: Prev,
                    flags: dict, items: list[Item]) -> bool | None:
    """«Нет, за Буку не надо, за Гошу», «Ой, Буку не надо, лучше Гошу»: the clause spares a
    target of the move before (:func:`engine.parse_more.spared`) and, after a comma or a
    dash, names the player put in its place. The move loses the spared target and gains the
    new one (on a two-vote day the other vote stays: the correction replaces the vote it
    names). «Нет, за Буку не надо.» alone: a vote of more players loses that one only; a
    move of that target only is taken back and asked (None, engine.parse_retraction). None
    when the clause is neither."""
    idx = name_index(ctx.nicks)
    s = k
    while s < len(clause) and (not clause[s].word or clause[s].w in V.PREPOSITIONS):
        s += 1
    old = nick_at(ctx, clause, words, s) if s < len(clause) else None
    live = {id(it) for it in items}
    target = next((it for it in reversed(prev.items) if id(it) in live and it.move is not None
                   and old is not None and old.nick in (it.move.targets or (it.move.target,))),
                  None)
    if target is None:
        return None
    n = s + old.length
    while n < len(clause) and clause[n].w != V.NEGATION and not keep_len(clause, words, n):
        n += 1
    n += keep_len(clause, words, n) or 2  # («не надо», «не трогаем», «оставим»)
    while n < len(clause) and clause[n].word and n - s < 8:
        n += 1  # («… не надо голосовать»)
    if n < len(clause) and clause[n].w not in (",", "—", "-", ":", ";", "...", "…"):
        return None
    if n < len(clause):
        m = n + 1
        while m < len(clause) and (not clause[m].word or clause[m].w in V.PREPOSITIONS or
                                   clause[m].w in V.FILLERS or clause[m].w in _INSTEAD_LEAD or
                                   clause[m].w in V.CHOOSE_WORDS):
            m += 1
        new = nick_at(ctx, clause, words, m) if m < len(clause) else None
        if any(not _let_be(ctx, clause[n:], kw) for kw in find_keywords(clause[n:], set(), idx)):
            return None  # («…, бью Y»: a move of its own)
        if new is not None and new.nick is not None and new.nick != old.nick and \
                new.nick not in prev_targets(prev, items) and \
                only_fillers(clause, m + new.length, len(clause)):
            return exchange(ctx, clause, flags, items, target, old.nick, m, new.length, n + 1)
        if any(clause[j].word and nick_at(ctx, clause, words, j) is not None
               for j in range(n + 1, len(clause))):
            return None  # another name, not read here
        # («…, он полезный»: a remark, nobody put in the spared one's place)
    if len(prev_targets(prev, items)) < 2:
        return None
    if target.move.action == "vote":
        items.append(Item(clause[s].start, withdraw=(old.nick,)))  # the other vote stays
        passed(ctx, clause)  # (the spared player: «него» of «Вместо него Y» after it)
        return True
    rest = tuple(t for t in target.move.targets if t != old.nick)
    if len(rest) != 1 or (takes_back(words[:k]) and not _second_next(ctx, clause) and
                          not _one_enough(words)):
        return None  # («Стоп, Y пока не трогаем»: the kills asked again)
    # («Режем X и Y... хотя нет, Y пока не трогаем. Вторым убиваем Z»: the second named anew)
    # «Убиваем X и Y… нет, Y не надо» (full moon): X stays
    items[items.index(target)] = replace(target, move=replace(
        target.move, target=rest[0], targets=()), spared=target.spared + (old.nick,))
    passed(ctx, clause)
    return True


#: «одного хватит», «хватит и одного», «одного достаточно»: one kill is enough.
_ONE = frozenset({"одного", "одной", "одним"})
_ENOUGH = frozenset({"хватит", "хватает", "достаточно", "довольно", "хватит-с"})


def _one_enough(words: list[str]) -> bool:
    """True when a spare of one of two kills says that one kill is enough («Хотя нет, Ваню
    оставим, одного хватит»), with no hedge («…, но подумаю»): the other kill stays and no
    second is awaited."""
    return _UNSURE.isdisjoint(words) and "но" not in words and \
        any(w in _ONE and not _ENOUGH.isdisjoint(words[max(n - 2, 0):n + 3])
            for n, w in enumerate(words))


#: «пусть», «пускай» before a verb of the third person: what the spared player may go on
#: doing («…Медведя не трогаем, пусть громит дальше»).
_LET = frozenset({"пусть", "пускай"})


def _let_be(ctx: Ctx, part: list[Tok], kw: Kw) -> bool:
    """True when the keyword ``kw`` of ``part`` (what follows a spare) is a verb of the third
    person right after «пусть» and no player is named after it («пусть громит дальше», «пусть
    лечит»): the spared player left to his doings, no move of the sender's."""
    if kw.i < 1 or part[kw.i - 1].w not in _LET or not third_person(part[kw.j - 1].w):
        return False
    words = clause_words(part)
    return not any(part[n].word and nick_at(ctx, part, words, n) is not None
                   for n in range(kw.j, len(part)))


_SECOND_OPENS = re.compile(r"[\s.!…,;:)—–-]*(?:а\s+|и\s+)?(?:втор(?:ым|ого|ой|ую|ая)|"
                           r"другим|другого)\b", re.IGNORECASE)

#: A sentence that names the player put in the spared one's place and nothing else («Вместо
#: него — Z.», «Вместо неё Ванюшу Ахтубинского.»): its words after «вместо него».
_INSTEAD_OPENS = re.compile(r"[\s.!…,;:)—–-]*вместо\s+(?:него|неё|нее)\s*[—–:-]?\s*"
                            r"([^\s,.!?;:…()—–-][^,.!?;:…()\n]*)(?=[.!\n]|$)", re.IGNORECASE)


def _second_next(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when the sentence after ``clause`` opens with «вторым», «второго» («…Y пока не
    трогаем. Вторым убиваем Z»), or is «Вместо него — Z» with no hedge or condition («…Y не
    трогаем. Вместо него — Z»): the other kill is given anew beside the one kept."""
    if _SECOND_OPENS.match(ctx.text, clause[-1].end) is not None:
        return True
    m = _INSTEAD_OPENS.match(ctx.text, clause[-1].end)
    return m is not None and _UNSURE.isdisjoint(m.group(1).lower().split())


#: Words that make the player named after «вместо него» a hypothesis, asked as before.
_UNSURE = V.HYPOTHETICAL_WORDS | V.DOUBT_WORDS | frozenset(
    {"наверное", "наверно", "пожалуй", "возможно", "видимо", "мб", "подумаю", "посмотрим"})


def _earlier_target(ctx: Ctx, clause: list[Tok], k: int, hit: NameHit, prev: Prev,
                    items: list[Item]) -> str:
    """The action of an earlier move of the letter when the player named at ``k`` after the
    correction words is no target of the move right before (``prev``) but of that move, and
    a verb follows him in the clause («Полнолуние: X и Y. … Голос — Z. Стоп, X позавчера
    пытались — и ничего»): the clause talks of that earlier move, it corrects nothing of
    ``prev``; "" otherwise."""
    if hit.nick in prev_targets(prev, items):
        return ""
    n = k + hit.length
    if not any(t.word and predicate(t.w) for t in clause[n:n + 4]):
        return ""
    return next((it.move.action for it in reversed(items) if it.move is not None and
                 it.pos < prev.start and hit.nick in (it.move.targets or (it.move.target,))), "")


def _pair_vote_named(ctx: Ctx, clause: list[Tok], words: list[str], k: int, prev: Prev,
                     items: list[Item]) -> tuple[Item, str] | None:
    """On a two-vote day, the vote of two players right before and the one of them the
    correction words before token ``k`` name alone («…ой, Y же наш, тогда Z»); None
    otherwise."""
    if prev.cls != V.VOTE or ctx.votes < 2 or k < 2:
        return None
    live = {id(it) for it in items}
    votes = [it for it in prev.items if id(it) in live and it.move is not None and
             it.move.action == "vote"]
    if len(votes) != 1 or len(votes[0].move.targets) != 2:
        return None
    named = {h.nick for n in range(k) if clause[n].word and
             (h := nick_at(ctx, clause, words, n)) is not None and h.nick is not None}
    both = set(votes[0].move.targets)
    if len(named & both) != 1 or named - both:
        return None
    return votes[0], (named & both).pop()


def _refused_named(ctx: Ctx, clause: list[Tok], words: list[str], k: int, prev: Prev,
                   items: list[Item]) -> Item | None:
    """On a two-vote day, the refused half of the vote before (a dead player's, its problem
    still in ``items`` beside the vote that stands) when the correction words before token
    ``k`` name that player («…ой Y же всё, тогда Z»); None otherwise."""
    if prev.cls != V.VOTE or ctx.votes < 2 or k < 2:
        return None
    live = {id(it) for it in items}
    kept = [it for it in prev.items if id(it) in live and it.move is not None and
            it.move.action == "vote"]
    refused = [it for it in prev.items if id(it) in live and it.problem is not None and
               it.problem.reason == "target_dead" and it.problem.target]
    if len(kept) != 1 or len(refused) != 1 or len(kept[0].move.targets or (1,)) != 1:
        return None
    dead = refused[0].problem.target
    idx = name_index(ctx.nicks)
    named = any(clause[n].word and dead in (
        getattr(nick_at(ctx, clause, words, n), "nick", None),
        getattr(idx.approximate(words[n], strict=True), "nick", None) if len(words[n]) >= 3
        else None) for n in range(k))  # («ой дед же всё»: a part of Ded_Inside, small)
    return refused[0] if named else None


def _vote_before(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item]) -> Prev | None:
    """A correction whose new target follows «за» after a move that takes no «за» («Голос за
    X. Лечу Y. Хотя нет — за Z») corrects the letter's vote: the last vote before it, as a
    :class:`Prev`. With no vote before, the reply asks which move is meant (an item is added,
    None returned)."""
    vote = next((it for it in reversed(items) if it.pos < clause[0].start and (
        (it.move is not None and it.move.action == "vote") or
        (it.move is None and it.tried == "vote"))), None)
    if vote is not None:
        return Prev(V.VOTE, vote.pos, None, [vote], prev.clause)
    items.append(Item(clause[0].start, problem=problem(
        span(ctx.text, clause, 0, len(clause)), "unparsed", "which_move")))
    return None


def _other_own_heading(ctx: Ctx, clause: list[Tok], prev: Prev) -> bool:
    """True when ``clause`` opens with a heading that stands for a move of the sender's own
    role («Цель — Y» from the maniac, engine.grammar_headers) other than the move ``prev``,
    and correction words stand between them («Голос — X. UPD: передумал.»): the heading
    opens its own move, it corrects nothing of ``prev`` (the correction words before it are
    about that move)."""
    kws = header_keyword(clause, 0, ctx.sender)
    if not kws or kws[0].cls == prev.cls:
        return False
    between = ctx.text[prev.start:clause[0].start].lower().replace("ё", "е")
    return any(w in V.CORRECTION_HEADS for w in re.findall(r"[a-zа-я-]+", between))


def _own_heading_after(ctx: Ctx, clause: list[Tok], k: int, prev: Prev) -> Kw | None:
    """The heading right after the correction words ending at ``k`` when it stands for a move
    of the sender's own role other than the move ``prev`` («UPD: Цель — Z» after «Голос — Y»
    from the maniac, engine.grammar_headers.header_keyword; its ``j`` is the colon or dash),
    else None."""
    while k < len(clause) and not clause[k].word:
        k += 1
    kws = header_keyword(clause, k, ctx.sender) if k < len(clause) else []
    return kws[0] if kws and kws[0].cls != prev.cls and prev.member is None else None


def _own_move_before(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when a move word of the clause's own (not negated, not reported) stands before
    the correction words ending at ``k``: the correction is that move's, read with it. A
    heading that stands for the move word counts too («Клан — X, нет, Y» from a member)."""
    kws = find_keywords(clause, set(), name_index(ctx.nicks))
    if any(kw.i < k and not kw.negated and not kw.reported for kw in kws):
        return True
    return not kws and any(kw.i < k for kw in header_keyword(clause, 0, ctx.sender))


def _after_aside(ctx: Ctx, clause: list[Tok], words: list[str], k: int,
                 prev: Prev | None = None, items: tuple | list = ()) -> int:
    """Index after a short aside of up to five words closed by a comma right after the
    correction words at ``k`` («хотя нет, если честно, лучше за Вишню», «нет, он свой,
    лучше Бобра», «хотя нет, у неё же иммунитет, тогда X»; or by a dash: «хотя нет,
    перечитал ветку — за X»), when it names no move and nobody
    but the target of the move before, ``prev`` (its items still in ``items``), it tells
    something about («ой нет, Шкаф наверное мирный, жульничаю Глаза»); else ``k``."""
    while k < len(clause) and not clause[k].word:
        k += 1
    m = k
    while m < len(clause) and clause[m].word and (words[m] in V.FILLERS or words[m] in _THEN):
        m += 1
    if m < len(clause) and words[m] in _SELF:
        return k  # («хотя нет, лучше себя, чую охоту»: the new target, a remark after it)
    idx = name_index(ctx.nicks)
    old = prev_targets(prev, items)
    n = k
    while n < len(clause) and clause[n].word and n - k < 5:
        hit = idx.exact(words, n, None)
        if hit is None and n > 0 and ((n > k and words[n - 1] in V.PREPOSITIONS) or
                                      words[n - 1] in _CHOOSING) and \
                (other := nick_at(ctx, clause, words, n)) is not None and \
                other.nick is not None and other.nick not in old:
            return k  # («хотя нет, за Шустрика, …»: another player by a form of his nick)
            # («нет, лучше Зерокула, Фокс и так милашка»: after a word of choosing)
        if hit is None and n > 0 and words[n - 1] in _CHOOSING and \
                ctx.text == lower_of(ctx.text) and len(words[n]) >= 3 and \
                (near := idx.approximate(words[n])) is not None and \
                near.kind in ("part", "pet", "name") and near.nick is not None and \
                near.nick not in old:
            return k  # («нет, лучше лазарева, он тихий»: a letter all in lower case)
        if hit is None and n == k and (other := nick_at(ctx, clause, words, n)) is not None and \
                other.nick is not None and ((other.nick not in old and _certainty_after(
                    clause, n + other.length)) or _sealed(clause, n + other.length)):
            return k  # («UPD2: нет, Лайта, окончательно»: the new target by a form of his nick)
            # («не, ладно, Шляпник, финал»: the player chosen again, sealed: no aside)
        if hit is not None:
            if hit.nick is None or hit.nick not in old or \
                    not (n + hit.length < len(clause) and clause[n + hit.length].word):
                return k  # («хотя нет, всё-таки Маргоша, Барон …»: the name chosen again)
            n += hit.length
            continue
        n += 1
    if n == k or n >= len(clause) or clause[n].w not in _ASIDE_ENDS or (
            clause[n].w != "," and not any(past_tense(words[m]) for m in range(k, n))) or any(
            not _held(clause, k + kw.i) for kw in find_keywords(clause[k:n], set(), idx)):
        return k
    return n + 1


#: Marks that close such an aside («хотя нет, если честно, за X»); a dash only after a
#: reason told in the past tense («хотя нет, перечитал ветку — за X»; not «нет, постойте —
#: лучше X»).
_ASIDE_ENDS = frozenset({",", "—", "–"})


#: Words of choosing right before the player put in the move's place («нет, лучше X, …»,
#: «ой, в смысле X, перепутала»).
_CHOOSING = frozenset({"лучше", "вернее", "точнее", "смысле"})
#: Words before a name that put it in the move's place (:data:`_CHOOSING`, «то есть»,
#: «верней»).
_INSTEAD = _CHOOSING | {"есть", "верней"}


def _certainty_after(clause: list[Tok], k: int) -> bool:
    """True when what follows a name at ``k`` up to the next comma is only words of
    correcting or certainty («…, Лайта, окончательно, у Мисы есть Эл»), not a remark about
    another player («…, Графа, Граф важнее»)."""
    if k < len(clause) and clause[k].word:
        return False
    k += 1
    while k < len(clause) and clause[k].w != ",":
        if clause[k].word and clause[k].w not in V.CORRECTION_WORDS and \
                clause[k].w not in V.FILLERS:
            return False
        k += 1
    return True


def _names_old_target(ctx: Ctx, clause: list[Tok], words: list[str], k: int,
                      prev: Prev) -> bool:
    """True when token ``k`` names a target of the move ``prev`` read (the player the
    correction turns away from) and words follow the name: a remark about him."""
    hit = nick_at(ctx, clause, words, k) if k < len(clause) and clause[k].word else None
    if hit is None or hit.nick is None or k + hit.length >= len(clause) or \
            not clause[k + hit.length].word:
        return False
    return hit.nick in prev_targets(prev)


def _retracted_from(ctx: Ctx, prev: Prev, nick: str) -> bool:
    """True when the move before (``prev``) was taken back («Лечу Наташу… хотя нет») and its
    clause named ``nick``."""
    if prev.clause is None or not any(it.retracted for it in prev.items):
        return False
    words = clause_words(prev.clause)
    return any(prev.clause[n].word and (hit := nick_at(ctx, prev.clause, words, n)) is not None
               and hit.nick == nick for n in range(len(words)))


def _signature_line(ctx: Ctx, clause: list[Tok], k: int, length: int) -> bool:
    """True when the name at tokens ``k``…``k + length`` stands alone on the letter's last
    non-empty line (a signature), or ends it after a comma in a closing paragraph of one or
    two lines set apart by a blank line («С уважением, зав. хирургией (шутка), Skalpel»: a
    sign-off with a title, whatever words the title holds)."""
    start, end = clause[k].start, clause[k + length - 1].end
    if ctx.text[end:].strip(" \t\r\n.!)"):
        return False
    line_start = ctx.text.rfind("\n", 0, start) + 1
    before = ctx.text[line_start:start]
    if not before.strip():
        return True
    para = re.split(r"\n[ \t]*\n", ctx.text[:start].rstrip(" \t"))
    if not before.rstrip().endswith(",") and \
            not para[-1].lstrip().lower().startswith(_SIGN_OFFS):
        return False  # no comma: only after a sign-off («с уважением зав хирургией skalpel»)
    return len(para) > 1 and para[-1].count("\n") <= 1


#: How a closing paragraph opens when it signs the letter off: the nick ending it is a
#: signature even with no comma before it (a writer who types no punctuation).
_SIGN_OFFS = ("с уважением", "всего доброго", "всего хорошего", "с наилучшими")


#: «или нет, лучше Y»: a correction, no doubt.
_NOT = frozenset({"нет", "не"})


def _not_name(ctx: Ctx, clause: list[Tok], words: list[str], k: int) -> int:
    """The tokens a name takes after «не» at ``k``, a preposition before it counted («не
    Крот», «не у Буки»: the name taken back in a correction); 0 when no name follows."""
    n = k + 2 if k + 2 < len(clause) and words[k + 1] in V.PREPOSITIONS else k + 1
    if n >= len(clause) or not clause[n].word:
        return 0
    size = some_name(name_index(ctx.nicks), words, n)
    return size + n - k - 1 if size else 0

#: The first word of a clause that offers another target in doubt («Хотя, может, за Y», «Или
#: за Y?», «А может, Y»).
_DOUBT_OPENERS = frozenset({"хотя", "или", "либо", "а"})


#: Words that conclude before the corrected name («…, тогда X», «…, значит, X»).
_THEN = frozenset({"тогда", "значит",
                   # «а стоп, нельзя подряд, ок тогда X», «…барон сказал у X, ладно у X»
                   "ок", "окей", "ok", "ладно",
                   # «…хотя нет, он и так еле живой. Тогда уж Буку»: a particle of the choice
                   "уж"})
#: A request to the host before the corrected target («хотя нет, прошу записать Лапулю»).
_REQUEST = frozenset({"прошу", "запишите", "записать", "запиши", "поставьте", "поставить",
                      "поставь", "отметьте", "отметить", "отметь"})
#: The sender as the corrected move's target («ой, нельзя подряд — тогда себя»).
_SELF = frozenset({"себя", "меня"})



def _held(clause: list[Tok], i: int) -> bool:
    """True when the move word at ``i`` follows «у неё (же)», «у него»: who holds it is told
    («хотя нет, у неё же иммунитет, тогда X»), no move."""
    k = i - 1
    while k >= 0 and clause[k].w in ("же", "ведь"):
        k -= 1
    return k >= 1 and clause[k - 1].w == "у" and clause[k].w in V.PRONOUNS


#: Only «? Нет.» between the sender's question and the name answering it.
_BARE_NO = re.compile(r"[\s?!.…]*\?[\s?!.…]*(?:нет|не|неа)[\s,.!…—-]*$", re.IGNORECASE)

#: «нет» answering the sender's own question («Голосую за X? нет, …»).
_NO = re.compile(r"\?\s*(?:\w+\W+)?нет\b")




def _spoken_to(words: list[str], k: int) -> bool:
    """True when the name ending before ``k`` is spoken to: a comma, then «ты», «тебя» or a
    verb in the imperative («Кузнец, живи», «Кузнец, ты мне нравишься»)."""
    return k + 1 < len(words) and words[k] == "," and (
        words[k + 1] in ("ты", "тебя", "тебе", "не") or is_imperative(words[k + 1]))


#: «Цель — X», «Моя сегодняшняя мишень: X», «кандидат — X»: the target of the move named
#: just before.
_AIM_NOUNS = frozenset({"цель", "мишень", "кандидат", "кандидатка", "кандидатура"})
_AIM_OWNERS = frozenset({"моя", "наша", "сегодняшняя", "ночная", "его", "ее", "её"})


#: Words of starting or trying with the target of a move said just before («ищу доктора.
#: Давайте начну с X», «ищу врача… попробую у X»), the lead words before them, and the
#: prepositions after them.
_START_LEADS = frozenset({"давайте", "давай", "а", "ну", "тогда", "сегодня", "теперь", "вот",
                          "и", "пожалуй", "значит"})
_START_VERBS = frozenset({"начну", "начнем", "начинаю", "начинаем", "попробую", "попробуем",
                          "пробую"})
_START_PREPS = frozenset({"с", "со", "у"})


def _aim_heading(words: list[str]) -> int:
    """Index after «цель —», «моя цель:», «мишень это» opening a clause, or after «начну с»,
    «попробую у» (perhaps after «давайте», «теперь»): where the target of the move still
    open is written; 0 when the clause opens otherwise."""
    k = 0
    while k < len(words) and words[k] in _START_LEADS:
        k += 1
    if k + 2 < len(words) and words[k] in _START_VERBS and words[k + 1] in _START_PREPS:
        return k + 2
    k = 0
    while k < len(words) and words[k] in _AIM_OWNERS:
        k += 1
    if k >= len(words) or words[k] not in _AIM_NOUNS:
        return 0
    k += 1
    if k + 1 >= len(words) or words[k] not in (":", "—", "это"):
        return 0  # («жертва от клана: X» is a move of its own)
    return k + 1




def _open_move(it: Item) -> bool:
    """A move still waiting for its target in the next clause: «Линч:⏎Бука» (no target) or
    the fan's «ищу шизика!⏎у Кузи» (the role without the player)."""
    if it.problem is not None:
        return it.problem.reason in ("no_target", "retracted")
    if it.withdraw == ("*",):
        return True  # «Голосую за Мурку... хотя нет, снимаю.⏎за Лиса»
    return it.move is not None and it.move.action == "search" and not it.move.target


#: Exclamations of a slip: no correction alone («ой, и ещё…»), one right after a move cut
#: off by an ellipsis and before a name (:func:`_slip_name`).
_SLIP_WORDS = frozenset({"ой", "упс", "ups", "oops"})


def _slip_name(ctx: Ctx, clause: list[Tok], prev: Prev) -> int | None:
    """Index after «ой,» when the clause is a slip's exclamation right after the move before,
    cut off by an ellipsis, then a comma, a preposition at most and one player's name with
    only filler words after it (up to a comma and a remark): the player put in the move's
    place («Голос за Ромашку... ой, за Кардинала конечно, себя-то зачем», «Убиваем Тань...
    ой, Татьяну Петровну»). None otherwise («…ой, Совы нет», «…ой, её же вчера лечила»,
    «Голос за X. Ой, Y молодец»)."""
    if len(clause) < 3 or clause[0].w not in _SLIP_WORDS or clause[1].w != "," or \
            not prev.clause:
        return None
    gap = ctx.text[prev.clause[-1].end:clause[0].start]
    if "…" not in gap and ".." not in gap:
        return None
    k = 2 + (clause[2].w in V.PREPOSITIONS)
    if k >= len(clause) or not clause[k].word:
        return None
    hit = nick_at(ctx, clause, clause_words(clause), k)
    if hit is None:
        return None
    j = k + hit.length
    while j < len(clause) and clause[j].word and clause[j].w in V.FILLERS:
        j += 1
    return 2 if j == len(clause) or clause[j].w == "," else None


def late_correction(clause: list[Tok]) -> int | None:
    """Index after the last «нет» / «вернее» … of a clause when the clause ends with it and a
    name («ой, он же наш, нет — Остапа»): the correction words need not open the clause."""
    heads = V.CORRECTION_HEADS
    if heads.isdisjoint(map(_W, clause)):
        return None  # no correction word: the common case, at C speed
    for k in range(len(clause) - 1, -1, -1):
        w = clause[k].w
        if w in heads and w != "есть" and clause[k].word and not (
                w == "тьфу" and k + 1 < len(clause) and clause[k + 1].w == "на") and \
                not (w == "нет" and (role_gone(clause, k) or maybe_not(clause, k))):
            return k + 1  # (not «тьфу на X»: contempt for X; not «Комиссара больше нет»;
            # not «…, а может и нет»: a musing's other branch)
    return None


#: Words between «может» and the «нет» of a musing («а может и нет», «может, быть, и нет»).
_MAYBE_FILL = frozenset({"и", "быть", ","})


def maybe_not(clause: list[Tok], k: int) -> bool:
    """True when the «нет» at token ``k`` ends «может (быть) (и) нет» («X сниму, а может и
    нет»): the other branch of a musing, no correction (the musing is asked by
    engine.parse_doubt.hedged_musings)."""
    n = k - 1
    while n >= 0 and clause[n].w in _MAYBE_FILL:
        n -= 1
    return n >= 0 and clause[n].w in ("может", "мб", "mozhet")


def _keep_role(prev: Prev, new: list[Item]) -> None:
    """«Ищу врача у Сов… ой, то есть у Остапа»: the corrected search keeps the role the
    corrected clause named."""
    rw = role_words()
    roles = {it.move.role for it in prev.items if it.move is not None and it.move.role}
    if not roles:
        roles = {rw[t.w] for t in prev.clause if t.word and t.w in rw} & set(ROLE_CIVILIANS)
        roles.discard("detective")
        roles.discard("fan")  # («я фанатка, ищу детектива»: her own role, never the one sought)
    for it in new:
        if it.move is not None and it.move.action == "search" and not it.move.role and \
                len(roles) == 1:
            it.move = replace(it.move, role=roles.pop())


#: «можно …?», «могу ли …?»: words of a player asking the host for leave.
_MAY = frozenset({"можно", "могу", "разрешите", "позволите", "разрешено"})


def asks_leave(ctx: Ctx, clause: list[Tok], items: list[Item]) -> bool:
    """«А можно я ещё раз проверю Грея?», «голоса… можно оба в Ястреба?»: a question asking
    the host whether the sender may make a move on a player is no move, but the host must
    answer it: a problem (``question``). Not a question about what others did («можно
    узнать, кто голосовал за X?»: a past verb). True when the clause was one."""
    if not any(t.w in _MAY for t in clause):
        return False
    after = ctx.text[clause[-1].end:clause[-1].end + 16].lower()
    if "шуч" in after or "шутк" in after:
        return False  # «А можно я тоже из миномёта? Шучу»: no question to answer
    idx = name_index(ctx.nicks)
    kws = [k for k in find_keywords(clause, set(), idx) if not (k.negated or k.reported)]
    if not kws or any(past_tense(clause[k.i].w) for k in kws):
        return False
    words = clause_words(clause)
    named = any(t.word and (idx.exact(words, k, None) is not None or (
        len(t.w) > 2 and (near := idx.approximate(t.w)) is not None and near.kind != "fuzzy"))
        for k, t in enumerate(clause) if k > kws[0].i or t.cap)
    if not named:
        return False
    items.append(Item(clause[0].start, problem=problem(span(ctx.text, clause, 0, len(clause)),
                                                        "unparsed", "question")))
    return True


#: Words that open the sentence naming the player a move described without his nick.
_REVEAL = V.REVEAL_WORDS


def _revealed_target(ctx: Ctx, clause: list[Tok], prev: Prev) -> int | None:
    """Index of the name that solves the move before when the move word of ``prev`` took
    no target (a description or a question stood in its place) and ``clause`` opens with a
    word of :data:`_REVEAL`, then (perhaps a description and a dash) one player's name and
    nothing after it but fillers, closed by «!» («Сегодня у меня гость: молчун с цветком в
    горшке. Да-да, Леон!», «Кто же мой гость? Конечно, наш самый грозный — Тони!»); None
    otherwise (no name, a name that is the sender, other words after it)."""
    if not prev.clause or prev.cls is None or prev.member is not None or \
            names_in(ctx, prev.clause):
        return None
    if not clause[0].word or clause[0].w not in _REVEAL or \
            not ctx.text[clause[-1].end:clause[-1].end + 1] == "!":
        return None
    kws = [kw for kw in find_keywords(prev.clause, set(), name_index(ctx.nicks))
           if kw.cls == prev.cls]
    if not kws or kws[-1].negated:
        return None
    words = clause_words(clause)
    k = 1
    while k < len(clause) and (not clause[k].word or clause[k].w in _REVEAL):
        k += 1
    dash = next((n for n in range(k, len(clause)) if clause[n].w == "—"), None)
    if dash is not None and not names_in(ctx, clause[k:dash]):
        k = dash + 1  # («Конечно, самый брутальный мужчина форума — Тони Монтана!»)
    hit = nick_at(ctx, clause, words, k) if k < len(clause) else None
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick or \
            not only_fillers(clause, k + hit.length, len(clause)):
        return None
    return k


def _verse_target(ctx: Ctx, clause: list[Tok], prev: Prev) -> bool:
    """True when ``clause`` is one player's name alone on the line after a line that ends
    with a move word still waiting for its target, nothing but the line break between
    («Сегодня⏎зову к себе⏎Чехова.», verse or a phone's lines): the sentence goes on, the name
    is the target (even of a move word read only with a name, «зову к себе»)."""
    if not prev.clause or prev.cls is None or prev.member is not None:
        return False
    gap = ctx.text[prev.clause[-1].end:clause[0].start]
    if "\n" not in gap or gap.strip():
        return False
    kws = [kw for kw in find_keywords(prev.clause, set(), name_index(ctx.nicks))
           if kw.cls == prev.cls]
    if not kws or kws[-1].negated or not only_fillers(prev.clause, kws[-1].j, len(prev.clause)):
        return False
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, 0) if clause[0].word else None
    return hit is not None and hit.nick is not None and hit.nick != ctx.sender.nick and \
        only_fillers(clause, hit.length, len(clause))
