"""Clauses that add to, swap or put off the move read just before (:func:`engine.parse_correct.correction`):
«И за Пельменя» and «Линч: Ягуар; Маруська» add targets, «Гошан конечно, не Гоша» swaps one,
«Бегемот и Доцент» lists more names after a corrected one, «Стоп, Мадлен пока не трогаем»
spares one target of the move before (:func:`spared`). Indices are token positions in one
clause.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_rules import problem
from .grammar_keywords import find_keywords
from .grammar_targets import some_name
from .grammar_tokens import Tok, clause_words
from .names import NameHit, name_index
from .parse_types import Ctx, Item, Prev, nick_at, prev_targets

#: Words that open a clause adding a target to the move before («И за Пельменя»).
MORE_WORDS = frozenset({"и", "также", "плюс", "еще", "ещё"})


#: Words that may stand before them («Тогда ещё и Кузя», «а ещё Бобра»).
_THEN = frozenset({"тогда", "то", "а"})


def more_then(clause: list[Tok]) -> bool:
    """True when the clause opens with «тогда ещё», «а ещё», «то также» (:data:`_THEN`, then
    a word of :data:`_MORE_THEN`): a target added to the move before, never one put instead
    of it («Приглашаю Сову. Тогда ещё и Кузя» asks about two guests)."""
    return len(clause) > 2 and clause[0].w in _THEN and clause[1].w in _MORE_THEN and \
        clause[2].word  # (not «…, так и знайте», «ну и ладно»)


#: «ещё», «также», «плюс» after «тогда»: one more target.
_MORE_THEN = frozenset({"еще", "ещё", "также", "плюс"})


#: ... and the joiners left at the head of a clause cut inside a list («Ярость: Jason V.,
#: Ястреб»: the dot of a nick ended the clause before «, Ястреб»).
MORE_OPENERS = MORE_WORDS | {",", "+"}


def continues(ctx: Ctx, clause: list[Tok], prev: Prev) -> bool:
    """True when the clause opens with «и» / «плюс» / «ещё», or follows the move's clause
    after «;» («Линч: Ягуар; Маруська»), and then holds only a preposition and names, with
    a move read right before it (see :func:`correction`)."""
    if not clause or not any(it.move is not None for it in prev.items):
        return False
    if clause[0].w in MORE_OPENERS:
        lead = 1
    elif more_then(clause):
        lead = 2  # «Тогда ещё и Кузя»: more, not instead
    elif after_semicolon(ctx, clause, prev):
        lead = 0
    elif _too_after(ctx, clause):
        lead = 0  # «Убиваем X. Лисичку тоже.»: the same move for one more player
    else:
        lead = after_hanging_and(ctx, clause, prev)
        if lead is None:
            return False
    end = len(clause)
    if [t.w for t in clause[-3:]] == list(_JUST_IN_CASE) and _TOO.isdisjoint(
            t.w for t in clause[end - 3:]) and not _TOO.isdisjoint(t.w for t in clause):
        end -= 3  # «И Зугцванга тоже, на всякий случай»: the reason after the names
    return all(not t.word or t.w in MORE_WORDS or t.w in V.PREPOSITIONS or
               t.w in V.TARGET_JOINERS or t.cap or t.w[:1] == "\x00" or t.w in _TOO
               for t in clause[lead:end]) and len([t for t in clause if t.word]) <= 6 and \
        not find_keywords(clause, set(), name_index(ctx.nicks))  # «И МО в Бобра»: a move


#: Words that hedge one more target added to the move before («И, наверное, ещё X»).
_MORE_HEDGES = frozenset({"наверное", "наверно", "возможно", "может", "мб", "быть"})


def hedged_more(ctx: Ctx, clause: list[Tok], prev: Prev) -> int | None:
    """«Убиваем X. И, наверное, ещё Y, но я пока подумаю»: a clause opening with «и» / «ещё»
    that adds one more target to the move read right before it under a hedge word
    (:data:`_MORE_HEDGES`), the name followed by a mark, «но» or nothing: the token index
    after that name (the target is asked, never applied nor dropped); None otherwise (not
    «И, может, Лось прав»: the name opens a statement)."""
    if not clause or clause[0].w not in MORE_WORDS or \
            not any(it.move is not None for it in prev.items):
        return None
    k, hedged = 1, False
    while k < len(clause) and (not clause[k].word or clause[k].w in MORE_WORDS or
                               clause[k].w in _MORE_HEDGES or clause[k].w in V.PREPOSITIONS):
        hedged = hedged or clause[k].w in _MORE_HEDGES
        k += 1
    if not hedged or k >= len(clause):
        return None
    hit = nick_at(ctx, clause, clause_words(clause), k)
    if hit is None:
        return None
    end = k + hit.length
    if end < len(clause) and clause[end].word and clause[end].w not in ("но", "а", "если"):
        return None
    return end


#: Words that end a clause repeating the move before for the players named in it.
_TOO = frozenset({"тоже", "также"})

#: A reason that may follow them («Лисичку тоже, на всякий случай»).
_JUST_IN_CASE = ("на", "всякий", "случай")


def _too_after(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when the clause ends with «тоже» / «также» after names in the case of a move's
    object («Лисичку тоже», «за Кузю тоже»): the move before, for them as well. Not a name
    that may be the nominative («Кузя тоже»: he does the same, a remark about him)."""
    words = [t.w for t in clause if t.word]
    if len(words) < 2 or words[-1] not in _TOO:
        return False
    first = next(n for n, t in enumerate(clause) if t.word)
    if clause[first].w in V.PREPOSITIONS:
        return True
    idx = name_index(ctx.nicks)
    hit = idx.exact(clause_words(clause), first, None)
    if hit is None or hit.nick is None or hit.length != 1:
        return False
    cases = idx.single.get(clause[first].w, {}).get(hit.nick)
    return bool(cases) and "nomn" not in cases


#: Words of a hesitation before the last name of a list («Щукарь и ... ну пусть будет X»).
HESITATION_WORDS = frozenset({"ну", "пусть", "пускай", "будет", "наверное", "наверно", "пожалуй",
                              "давай", "ладно", "допустим", "скажем", "хм", "эм", "ммм"})

_ELLIPSES = frozenset({"...", "…", "..", "....", "....."})


def after_hanging_and(ctx: Ctx, clause: list[Tok], prev: Prev) -> int | None:
    """«Голоса: Щукарь и ... ну пусть будет Тракторист»: the move's clause ends on «и» (or
    «,») cut by an ellipsis, and this clause opens with hesitation words
    (:data:`HESITATION_WORDS`) or a name at once: the index of the first token after the
    hesitation (the next names of the list), or None."""
    if not prev.clause or prev.clause[-1].w not in ("и", ",") or \
            ctx.text[prev.clause[-1].end:clause[0].start].strip() not in _ELLIPSES:
        return None
    k = 0
    while k < len(clause) and (not clause[k].word or clause[k].w in HESITATION_WORDS):
        k += 1
    return k if k < len(clause) else None


def after_semicolon(ctx: Ctx, clause: list[Tok], prev: Prev) -> bool:
    """True when «;» (and nothing but spaces) separates ``clause``, names alone («Маруська»,
    «Бука и Кир»), from a vote's clause («Линч: Ягуар; Маруська»); not «…; Шустрик — у X»,
    a member's order."""
    if not prev.clause or prev.cls != V.VOTE or \
            ctx.text[prev.clause[-1].end:clause[0].start].strip() != ";":
        return False
    return all(t.cap or t.w in ("и", ",") or t.w[:1] == "\x00" for t in clause)


def not_instead(ctx: Ctx, clause: list[Tok], prev: Prev) -> int | None:
    """«Автозамена, сорри, Гошан конечно, не Гоша», «Не Гоша, а Гошан», «Ой, не за Букой, а
    за Бубликом» (a preposition before each name is passed): a clause with no
    move word that names two players, one of them after «не» and a target of the move
    before: that move is meant for the other one. Index of the other name, or None."""
    targets = prev_targets(prev)
    if not targets or V.NEGATION not in {t.w for t in clause}:
        return None
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    found: list[tuple[int, str | None, bool]] = []  # (index, nick, after «не»)
    k = 0
    while k < len(clause):
        hit = idx.exact(words, k, None) if clause[k].word else None
        if hit is None:
            k += 1
            continue
        b = k - 1 if k > 1 and words[k - 1] in V.PREPOSITIONS else k  # «не у Буки»
        found.append((k, hit.nick, b > 0 and words[b - 1] == V.NEGATION))
        k += hit.length
    if len(targets) == 1 and all(not f[2] for f in found) and \
            (last := _unknown_put_aside(idx, clause, words)) is not None and \
            last[1].nick is not None and last[1].nick not in targets and \
            not find_keywords(clause, set(), idx):
        return last[0]  # «Бью Серго. Ой, не Серджио, а Кота»: the words
        # after «не» put the one target before aside, whatever their spelling; the move goes
        # to the name after «а»
    if len(found) != 2 or found[0][2] == found[1][2] or \
            find_keywords(clause, set(), idx):
        return None
    new = next(f for f in found if not f[2])
    old = next(f for f in found if f[2])
    if old[1] not in targets or new[1] is None or new[1] in targets:
        return None
    # the names' part holds nothing else, and nothing follows it: «…, Гошан конечно, не
    # Гоша» but not «Ромашка не Гоша, вечно путают»
    names_at = {n for k0, nick, _ in found
                for n in range(k0 - (k0 > 0 and words[k0 - 1] in V.PREPOSITIONS),
                               k0 + idx.exact(words, k0, None).length)}  # («а у Бублика»)
    first = found[0][0]
    while first > 0 and clause[first - 1].word and words[first - 1] in SWAP_WORDS:
        first -= 1
    if first > 0 and clause[first - 1].word:
        return None  # «Ромашка не Гоша»: a word of a sentence runs into the names
    if any(clause[n].word and n not in names_at and words[n] not in SWAP_WORDS
           for n in range(first, len(clause))):
        return None
    return new[0]


def _unknown_put_aside(idx, clause: list[Tok], words: list[str]) -> tuple[int, NameHit] | None:
    """The index and hit of the name that ends the clause when it is «[correction words] не <one to three
    words>, а [prep] <name>»: the words after «не» name the player put aside. Else None."""
    end = len(clause)
    while end and not clause[end - 1].word:
        end -= 1
    hit = None
    for k in (end - 1, end - 2):  # a nick of one word or two
        if k >= 4 and clause[k].cap:
            hit = idx.exact(words[:end], k, None) or (
                idx.approximate(words[k], strict=True) if k == end - 1 else None)
            if hit is not None and k + hit.length == end:
                break
            hit = None
    if hit is None:
        return None
    k = end - hit.length
    b = k - 1 if words[k - 1] in V.PREPOSITIONS else k
    if b < 3 or words[b - 1] != "а" or words[b - 2] != ",":
        return None
    neg = next((n for n in range(b - 3, max(-1, b - 7), -1) if words[n] == V.NEGATION), None)
    if neg is None or not all(clause[n].word for n in range(neg + 1, b - 2)):
        return None
    if not all(not clause[n].word or words[n] in SWAP_WORDS for n in range(neg)):
        return None
    return k, hit


#: Words that may stand with the names of a «X, не Y» correction.
SWAP_WORDS = V.CORRECTION_WORDS | V.FILLERS | {V.NEGATION, "конечно", "же", "а"}


def more_names(ctx: Ctx, clause: list[Tok], k: int) -> int:
    """Index after further names joined to the one that ends at ``k`` («Бегемот и Доцент»,
    «Бегемот, Доцент»): only joiners, fillers and names; ``k`` when none follow."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    end, n, joined = k, k, False
    while n < len(clause):
        t = clause[n]
        if t.w in V.TARGET_JOINERS and t.w not in ("—", "-"):
            joined, n = True, n + 1
            continue
        size = (idx.exact(words, n, None) or 0) and idx.exact(words, n, None).length
        if t.word and joined and not size and t.cap and \
                all(not c.word for c in clause[n + 1:]):
            size = some_name(idx, words, n)  # «Малой и Вафля»: a pet form, capitalised, last
        if not t.word or not joined or not size:
            break
        n = end = n + size
        joined = False
    return end


#: Words between a spared target and its «не» («Y пока не трогаем», «Y всё-таки не надо»).
_SPARE_WORDS = frozenset({"пока", "уж", "все-таки", "всё-таки", "сегодня", "лучше", "тогда",
                          "мы", "я", "же"})


def spared(ctx: Ctx, clause: list[Tok], words: list[str], k: int, prev: Prev,
            items: list[Item]) -> bool:
    """True when, after the correction words ending at ``k``, the clause names a target of
    the move before (its items still in ``items``; a preposition may stand before it) and
    then «не» and a word within two words («Стоп, Мадлен пока не трогаем», «ой, за Кузю не
    надо»): that target is spared; what stands
    instead is not said here."""
    return spared_nick(ctx, clause, words, k, prev, items) is not None


def spared_nick(ctx: Ctx, clause: list[Tok], words: list[str], k: int, prev: Prev,
                items: list[Item]) -> str | None:
    """The target :func:`spared` finds spared, or None."""
    while k < len(clause) and not clause[k].word:
        k += 1
    if k + 1 < len(clause) and words[k] in V.PREPOSITIONS:
        k += 1  # («ой, за Буку не надо»)
    hit = nick_at(ctx, clause, words, k) if k < len(clause) else None
    old = prev_targets(prev, items)
    if hit is None or hit.nick not in old:
        return None
    n = k + hit.length
    while n < len(clause) and n - k - hit.length < 2 and words[n] in _SPARE_WORDS:
        n += 1
    if n + 1 < len(clause) and words[n] == V.NEGATION and clause[n + 1].word:
        return hit.nick
    return hit.nick if keep_len(clause, words, n) else None


#: Verbs that leave a player alive or untouched («Ваню оставим», «Лося пощадим», «Кот
#: подождёт»): a spare as «не трогаем» is.
_KEEP = frozenset({"оставим", "оставляем", "оставлю", "пощадим", "пощажу", "помилуем",
                   "подождет", "подождёт", "подождут", "обождет", "обождёт", "потерпит"})
#: What may follow such a verb («оставим на завтра», «оставим пока», «оставим в живых»).
_KEEP_AFTER = frozenset({"пока", "на", "в", "жить", "живым", "живой", "завтра", "потом",
                         "до"})  # («Кот подождёт до завтра»)


def keep_len(clause: list[Tok], words: list[str], n: int) -> int:
    """The number of words of a spare without «не» at ``n`` («оставим», «пощадим», «пусть
    живёт», :data:`_KEEP`), followed by the clause's end, punctuation or a word of when
    (:data:`_KEEP_AFTER`: «Ваню оставим, одного хватит», «Y оставим на завтра»); else 0."""
    if n < len(clause) and words[n] in _KEEP:
        size = 1
    elif n + 1 < len(clause) and words[n] == "пусть" and words[n + 1] in ("живет", "живёт"):
        size = 2
    else:
        return 0
    m = n + size
    return size if m >= len(clause) or not clause[m].word or words[m] in _KEEP_AFTER else 0


#: Words that put a move off to another day («Тимоху завтра»).
_LATER = frozenset({"завтра", "послезавтра", "потом", "позже"})
#: Words that may stand between the move and the clause putting it off («Хотя...»).
_GAP_WORDS = frozenset({"хотя", "нет", "не", "ой", "стоп", "или", "а", "ну", "хм"})


def put_off(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item]) -> bool:
    """«Шизю Тимоху. Хотя… не, Тимоху завтра. Сегодня Ирокеза»: a clause with no move word
    naming the target of the move right before with «завтра» (:data:`_LATER`) right after
    puts that move off: it is taken back and asked about (``retracted``), whatever the next
    sentence names (precision first: a new target refused must not leave the old one
    standing). True when it did."""
    targets = prev_targets(prev)
    tried = next((it.move.action for it in prev.items if it.move is not None), "")
    words = clause_words(clause)
    if not tried or not prev.clause or _LATER.isdisjoint(words) or \
            len([t for t in clause if t.word]) > 6 or \
            not _GAP_WORDS.issuperset(re.findall(
                r"\w+", ctx.text[prev.clause[-1].end:clause[0].start].lower())) or \
            find_keywords(clause, set(), name_index(ctx.nicks)):
        return False
    hit = next((h for k, t in enumerate(clause)
                if t.word and (h := nick_at(ctx, clause, words, k)) and h.nick in targets and
                not _LATER.isdisjoint(words[k + h.length:k + h.length + 2])), None)
    if hit is None:
        return False
    dropped = {id(it) for it in prev.items}
    items[:] = [it for it in items if id(it) not in dropped]
    text = ctx.text[prev.start:clause[-1].end]
    items.append(Item(prev.start, problem=problem(text, "unparsed", "retracted", action=tried),
                      retracted=tried))
    return True


def drop_target(items: list[Item], prev: Prev, nick: str) -> bool:
    """Take the moves of ``prev`` still in ``items`` whose one target is ``nick`` off
    («Голосую за X. Нет, за X не голосую, голосую за Y»: the clause's own move follows).
    False, changing nothing, when a move of ``prev`` names another player too (which of
    them the new move replaces is asked, engine.parse_retraction)."""
    live = {id(it) for it in items}
    mine = [it for it in prev.items if id(it) in live and it.move is not None]
    if not mine or any((it.move.targets or (it.move.target,)) != (nick,) for it in mine):
        return False
    gone = {id(it) for it in mine}
    items[:] = [it for it in items if id(it) not in gone]
    return True
