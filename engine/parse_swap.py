"""One move of the letter exchanged or cancelled by name (issue 11). An exchange: «UPD: Кефира меняю на
Шустрика, Барракуду оставляю», «Ой, Зиму вычеркните, вместо неё Nox-13», «Вместо Зайки —
Тимур», «Лечу Гранита. Гранита заменяю Шкипером».

The clause names the player being replaced (X) and the new one (Y) and holds a word of
exchange: a verb of changing in the first person or the imperative («меняю», «поменяю»,
«заменяю», «замените»), or «вместо». X must be a target of a move the letter already made
(the sender's own); that move is read again with Y: a vote loses X and gains Y (the other
vote of a two-vote day stays), any other move is replaced. When the clause does not fit
(no earlier move on X, no Y, more names), it is read as any other clause.
"""

from __future__ import annotations

import re

from dataclasses import replace

from . import grammar_vocab as V
from .grammar_flags import cancel_names_move, clause_flags
from .grammar_refs import named_before
from .grammar_keywords import Kw, find_keywords
from .grammar_rules import action_for, problem
from .grammar_tokens import SWAP_VERBS, Tok, clause_words, span
from .legality import with_targets
from .names import name_index
from .parse_choice import one_name
from .parse_move import read_move
from .parse_types import Ctx, Item

#: Verbs of exchange in the first person and the imperative («Кефира меняю на Шустрика»).
_CHANGE = SWAP_VERBS | frozenset({
    "поменяйте", "замените", "смените", "поменяй", "замени", "смени", "перекидываю",
    "переношу", "перевожу"})
#: «вместо неё Nox-13»: the pronoun stands for the other name of the clause.
_INSTEAD_PRONOUNS = frozenset({"него", "нее", "неё", "их"})
#: Classes a swap may re-read (the sender's one-target moves and the vote).
_CLASSES = (V.VOTE, V.HEAL, V.CHECK, V.BEAT, V.INVITE, V.ROB, V.WATCH, V.GUARD, V.KILL,
            V.MANIAC, V.HUNT, V.SEARCH, V.MORTAR, V.PARTNER, V.FEAR)


def swapped(ctx: Ctx, clause: list[Tok], flags: dict, items: list[Item]) -> bool:
    """Read ``clause`` as an exchange of one earlier target for another, if it is one: the
    earlier move on X is replaced in ``items`` by the same move on Y (read by
    :func:`engine.parse_move.read_move`, so Y is judged as any target is). True when done."""
    words = clause_words(clause)
    change = next((k for k, w in enumerate(words) if w in _CHANGE), None)
    instead = next((k for k, w in enumerate(words) if w == "вместо"), None)
    if change is None and instead is None:
        return _struck(ctx, clause, words, flags, items) or \
            _not_but(ctx, clause, words, flags, items)
    at = change if change is not None else instead
    lo, hi = _segment(words, at)
    if instead is not None and change is None and instead + 1 < len(words) and \
            words[instead + 1] in _INSTEAD_PRONOUNS:
        lo = _segment(words, lo - 2)[0] if lo >= 2 else lo  # «Зиму вычеркните, вместо неё Y»
    hits: list[tuple[str, int, int]] = []
    for h in (h for h in _names(ctx, clause, words) if lo <= h[1] < hi):
        if hits and hits[-1][0] == h[0] and hits[-1][1] + hits[-1][2] == h[1]:
            hits[-1] = (h[0], hits[-1][1], hits[-1][2] + h[2])  # «Светлану Юрьевну»: one name
        else:
            hits.append(h)
    if len(hits) == 1 and change is None and instead + 2 <= hits[0][1] + 1 and \
            words[instead + 1] in _INSTEAD_PRONOUNS and hits[0][1] > instead:
        before = named_before(ctx, words[instead + 1])  # «…нет, Кузю не надо. Вместо него Y»
        if before is not None and before[0].nick is not None:
            hits = [(before[0].nick, instead + 1, 1), hits[0]]
    if len(hits) == 1 and change is not None and hits[0][1] > change and \
            words[hits[0][1] - 1] == "на":
        return _move_swapped(ctx, clause, flags, items, lo, change, hits[0])
    if len(hits) != 2:
        return False
    (a, ka, la), (b, kb, lb) = hits
    if instead is not None and change is None:
        if ka == instead + 1:
            old, new = (a, ka, la), (b, kb, lb)  # «вместо Зайки — Тимур»
        elif kb == instead + 1:
            old, new = (b, kb, lb), (a, ka, la)  # «Тимур вместо Зайки»
        elif words[instead + 1] in _INSTEAD_PRONOUNS and ka < instead < kb:
            old, new = (a, ka, la), (b, kb, lb)  # «Зиму вычеркните, вместо неё Nox-13»
        else:
            return False
    elif ka > 0 and words[ka - 1] == "на" and not (kb > 0 and words[kb - 1] == "на"):
        old, new = (b, kb, lb), (a, ka, la)  # «на Шустрика меняю Кефира»
    else:
        old, new = (a, ka, la), (b, kb, lb)  # «Кефира меняю на Шустрика», «меняю X на Y»,
        # «Гранита заменяю Шкипером»
    named = _named_action(ctx, clause, at + 1, hi)
    if named is None and new[1] > 0 and words[new[1] - 1] == "за" and any(
            it.move is not None and it.move.action == "vote" and it.pos < clause[0].start and
            old[0] in _targets(it) for it in items):
        named = "vote"  # «вместо X — за Y»: «за» names the vote
    if named is None and _two_moves_on(items, clause[0].start, old[0]) and not any(
            lo <= kw.i < hi for kw in find_keywords(clause, set(), name_index(ctx.nicks))):
        # «Голосую за X, охочусь на X. Вместо X — Y»: which move goes to Y? Asked, never
        # the latest one changed in silence
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, lo, hi), "unparsed", "swap")))
        return True
    target = next((it for it in reversed(items) if it.move is not None and
                   it.pos < clause[0].start and (old[0] in _targets(it) or
                                                 old[0] in it.spared) and
                   named in (None, it.move.action)), None)
    if target is None and change is not None:
        # «UPD: Тимура меняю на Соню» with no move on Тимур: which move? Ask.
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, lo, hi), "unparsed", "swap")))
        return True
    if target is None or new[0] in _targets(target):
        return False
    return exchange(ctx, clause, flags, items, target, old[0], new[1], new[2],
                    at if at < new[1] else new[1])


def _two_moves_on(items: list[Item], before: int, nick: str) -> bool:
    """True when moves of more than one action made before offset ``before`` have ``nick``
    among their targets, so an exchange naming no move word cannot tell which one it
    changes."""
    actions = {it.move.action for it in items if it.move is not None and it.pos < before and
               (nick in _targets(it) or nick in it.spared)}
    return len(actions) > 1


def _named_action(ctx: Ctx, clause: list[Tok], lo: int, hi: int) -> str | None:
    """The action of the one move keyword after the word of exchange (from token ``lo``, in
    its segment: «вместо Ирэн голосую за Оксану»: the vote), which the exchanged move must
    be (not the hunt on Ирэн made before); None when there is none or several (not «Лося
    убираю, вместо него X»: «убираю» before «вместо» takes the name off)."""
    kws = [kw for kw in find_keywords(clause, set(), name_index(ctx.nicks))
           if lo <= kw.i < hi and kw.cls in _CLASSES]
    if len({kw.cls for kw in kws}) != 1:
        return None
    return action_for(kws[0].cls, ctx.sender, ctx.turn)


#: Words that strike a name out of the letter («X вычеркнуть», «вычеркните X», «X
#: отставить», the army's «cancel that»).
_STRIKE = frozenset({"вычеркнуть", "вычеркните", "вычеркни", "вычеркиваю", "вычеркиваем",
                     "зачеркнуть", "зачеркните", "зачеркни", "зачеркиваю", "зачеркиваем",
                     "отставить"})
#: Marks that end the strike's part («Пушкинистку вычеркнуть — перечитала форум»).
_PART_ENDS = frozenset({",", ";", "—", "–", "-", ":"})
#: Words that may open the strike's part («UPD: не, Мотю отставить», «Исправлено: X вычеркнуть»).
_STRIKE_LEAD = V.CORRECTION_WORDS | {"не", "исправлено", "так", "и"}
#: Words that may stand before the one player named after a strike to give the struck
#: move to him («X вычеркнуть, добавить Y», «X отставить, Y»).
_ADD = frozenset({"добавить", "добавьте", "добавляю", "добавляем", "а", "—", "-", ":", "лучше",
                  "теперь", "тогда", "ставим", "ставлю", "пишите", "впишите", "вписать"})


def _struck(ctx: Ctx, clause: list[Tok], words: list[str], flags: dict,
            items: list[Item]) -> bool:
    """«UPD: Мотю вычеркнуть», «Мотю отставить, Кочетова», «вычеркните Мотю, добавить Y»:
    a word of striking out beside one player X (right before or after it, nothing else in
    its part, up to a comma or a dash) that the one earlier move of the letter on X has
    among its targets: X is taken off that move (a move of two targets keeps the other, a
    move of one is dropped). After the mark: one player alone (or after «добавить», «а»,
    «лучше» …), or the same move's word and one player, takes X's place in that move;
    another move word gives a new order, read as any clause; words naming nobody say why;
    anything else is asked. True when done (False: the clause is read as any other, with X
    taken off when a move word follows)."""
    at = next((k for k, w in enumerate(words) if w in _STRIKE), None)
    if at is None:
        return False
    lo = _segment(words, at)[0]
    hi = next((n for n in range(at, len(words)) if words[n] in _PART_ENDS), len(words))
    hits = [h for h in _names(ctx, clause, words) if lo <= h[1] < hi]
    if len(hits) != 1:
        return False
    x, kx, lx = hits[0]
    first = min(kx, at)
    if not (kx + lx == at or kx == at + 1) or \
            any(clause[n].word and clause[n].w not in _STRIKE_LEAD for n in range(lo, first)) or \
            any(clause[n].word for n in range(first, hi) if not (kx <= n < kx + lx or n == at)):
        return False  # («UPD: не, Мотю отставить»: correction words before it)
    on_x = [it for it in items if it.move is not None and it.pos < clause[0].start and
            x in _targets(it)]
    if len(on_x) != 1:
        return False
    target = on_x[0]
    rest = clause[hi + 1:] if hi < len(clause) else []
    rw = clause_words(rest)
    new = _names(ctx, rest, rw)
    kws = find_keywords(rest, set(), name_index(ctx.nicks)) if rest else []
    if len(new) == 1 and new[0][0] != x and new[0][0] not in _targets(target) and \
            len(kws) == 1 and kws[0].j <= new[0][1] and \
            action_for(kws[0].cls, ctx.sender, ctx.turn) == target.move.action:
        # «Мотю вычеркнуть, убиваем Кочетова»: the same move on Y, in X's place
        k = hi + 1 + new[0][1]
        return exchange(ctx, clause, flags, items, target, x, k, new[0][2], hi + 1 + kws[0].i)
    if kws:
        _taken_off(items, target, x)  # («Мотю отставить, голос Кочетову»: a new order)
        return False
    if not new:
        _taken_off(items, target, x)  # («Мотю отставить, пусть живёт»: why)
        return True
    if len(new) == 1 and new[0][0] != x and new[0][0] not in _targets(target) and \
            all(not rest[n].word or rw[n] in _ADD for n in range(new[0][1])) and \
            not any(t.word for t in rest[new[0][1] + new[0][2]:]):
        k = hi + 1 + new[0][1]  # («Мотю отставить, Кочетова»)
        return exchange(ctx, clause, flags, items, target, x, k, new[0][2], k)
    items.append(Item(clause[0].start, problem=problem(
        span(ctx.text, clause, 0, len(clause)), "unparsed", "swap")))
    return True


def _taken_off(items: list[Item], target: Item, nick: str) -> None:
    """``nick`` taken off the move of ``target`` in ``items``: the move dropped when he was
    its only target."""
    rest = tuple(t for t in _targets(target) if t != nick)
    if not rest:
        items.remove(target)
        return
    items[items.index(target)] = replace(target, move=with_targets(target.move, rest),
                                         spared=target.spared + (nick,))


#: Prepositions a target may follow in «не у X, а у Y».
_NOT_BUT_PREPOSITIONS = frozenset({"за", "у", "к", "ко", "в", "на", "против"})


def _not_but(ctx: Ctx, clause: list[Tok], words: list[str], flags: dict,
             items: list[Item]) -> bool:
    """«P.S. Поправка: не Чехова, а Остапа» (no move word of its own): the earlier move on X
    given to Y instead, whichever move it is (not the last one's target replaced). The
    clause names exactly X after «не» and Y after «, а» (a preposition allowed before
    either); X must be a target of a move the letter made before. True when done."""
    if "не" not in words or "а" not in words:
        return False
    hits = _names(ctx, clause, words)
    if len(hits) != 2:
        return False
    (a, ka, la), (b, kb, lb) = hits
    pa = ka - 1 - (ka >= 2 and words[ka - 1] in _NOT_BUT_PREPOSITIONS)
    pb = kb - 1 - (kb >= 2 and words[kb - 1] in _NOT_BUT_PREPOSITIONS)
    if pa < 0 or words[pa] != "не" or pb < 1 or words[pb] != "а" or \
            words[pb - 1] != "," or pb - 1 != ka + la or a == b:
        return False
    if find_keywords(clause, set(), name_index(ctx.nicks)):
        return False  # «голос не за X, а за Y»: read as any clause
    target = next((it for it in reversed(items) if it.move is not None and
                   it.pos < clause[0].start and a in _targets(it)), None)
    written = ctx.text[clause[ka].start:clause[ka + la - 1].end].lower()
    if target is None and written not in ctx.text[:clause[0].start].lower() and \
            any(it.move is not None and it.pos < clause[0].start for it in items):
        # «Голос — Печорин. Поправка: не Базарова, а Horatio»: X named nowhere before, no
        # move on him; which move is meant? Ask. (X named before in a branch or a musing that
        # made no move: «тогда Мегрэ... хотя нет, не Мегрэ, а Сову» is read as before)
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "unparsed", "swap")))
        return True
    if target is None or b in _targets(target):
        return False
    return exchange(ctx, clause, flags, items, target, a, kb, lb, pb)


def exchange(ctx: Ctx, clause: list[Tok], flags: dict, items: list[Item], target: Item,
             old: str, k: int, n: int, i: int) -> bool:
    """The earlier move ``target`` on ``old`` given instead to the player at tokens ``k``…``k
    + n`` of ``clause`` (read by :func:`engine.parse_move.read_move` from token ``i``, the
    reply's echo: «меняю на Шустрика», «вместо неё Nox-13»): a vote loses ``old`` and gains
    the new player (the other vote of a two-vote day stays), a move of more targets keeps
    the others, any other move is replaced. False when the move's kind cannot be re-read."""
    cls = next((c for c in _CLASSES
                if action_for(c, ctx.sender, ctx.turn) == target.move.action), None)
    if cls is None:
        return False
    rest = tuple(t for t in _targets(target) if t != old)
    # «Kill #1 — A. Kill #2 — B. UPD: вместо B — C» (full moon): another move of the kind
    # stands beside the one exchanged; the new one takes its place, so no correction mark of
    # the clause («UPD») takes the other one back (engine.parse_finish)
    beside = target.move.action != "vote" and not rest and any(
        o is not target and o.move is not None and o.move.action == target.move.action
        for o in items)
    if target.move.action == "vote":
        # (at the exchange's own words, after any correction mark that opens the clause:
        # «Ой нет, вместо Буки Сергей» keeps the day's other vote)
        items.append(Item(clause[i].start, withdraw=(old,)))
    elif not rest:
        items.remove(target)
    before = len(items)
    read_move(ctx, ctx.sender, clause, Kw(cls, i, k), k, k + n, flags, items, False)
    if beside and len(items) == before + 1 and items[-1].move is not None and \
            items[-1].move.action == target.move.action:
        items[-1] = replace(items[-1], pos=target.pos)
    if rest and target.move.action != "vote":
        # «убиваем Сову и Кузю. Вместо Кузи Петровича» (full moon): Сова stays beside the new one
        new_move = items[-1].move if len(items) == before + 1 else None
        if new_move is not None and new_move.action == target.move.action and new_move.target:
            items[items.index(target)] = replace(target, move=replace(
                target.move, target=None, targets=rest + (new_move.target,)),
                spared=target.spared + (old,))
            items.pop()
        else:  # the new name not read as a target: the old one still goes
            items.remove(target)
    return True


def _move_swapped(ctx: Ctx, clause: list[Tok], flags: dict, items: list[Item], lo: int,
                  change: int, new: tuple[str, int, int]) -> bool:
    """«Проверку меняю на Y», «меняю проверку на Y»: the move named by its noun (the only
    keyword of the segment before Y) is given to Y; the letter's earlier move of that kind
    is replaced (a vote: replaced whole). False when the segment names no such move or the
    letter made none of it before (the clause is then read as any other)."""
    kws = [kw for kw in find_keywords(clause[:new[1]], set(), name_index(ctx.nicks))
           if kw.i >= lo and kw.cls in _CLASSES]
    if len(kws) != 1:
        return False
    cls = kws[0].cls
    action = action_for(cls, ctx.sender, ctx.turn)
    target = next((it for it in reversed(items) if it.move is not None and
                   it.pos < clause[0].start and it.move.action == action), None)
    if target is None or new[0] in _targets(target):
        return False
    items.remove(target)
    read_move(ctx, ctx.sender, clause, Kw(cls, min(change, kws[0].i), new[1]), new[1],
              new[1] + new[2], flags, items, False)
    return True


def _segment(words: list[str], k: int) -> tuple[int, int]:
    """The tokens around ``k`` up to a comma or a semicolon: ``(lo, hi)``."""
    lo = k
    while lo > 0 and words[lo - 1] not in (",", ";"):
        lo -= 1
    hi = k
    while hi < len(words) and words[hi] not in (",", ";"):
        hi += 1
    return lo, hi


def _targets(it: Item) -> tuple[str, ...]:
    """The players an item's move is on (both of a two-vote day's vote)."""
    m = it.move
    return m.targets or ((m.target,) if m.target else ())


def _names(ctx: Ctx, clause: list[Tok], words: list[str]) -> list[tuple[str, int, int]]:
    """Every roster name of ``clause`` that names one player: (nick, token index, length)."""
    out, k = [], 0
    while k < len(clause):
        hit = one_name(ctx, clause, words, k) if clause[k].word else None
        if hit is None:
            k += 1
            continue
        if hit.nick is None:
            return []  # an ambiguous name: not for this reading
        out.append((hit.nick, k, hit.length))
        k += hit.length
    return out


#: Words that may stand between a cancel word and the move it names («отменяю свою МО»).
_CANCEL_FILLERS = frozenset({"свою", "свой", "своё", "свое", "мою", "мой", "моё", "мое",
                             "сегодняшнюю", "сегодняшний", "ночную", "мирную", "эту", "этот"})


def cancel_of_another(ctx: Ctx, clause: list[Tok], items: list[Item]) -> bool:
    """«Позавчерашнее «может быть» про Бендера отменяю окончательно»: a cancel of the whole
    turn that names players none of this letter's earlier moves is on speaks of another
    letter's plan, not of these moves: the clause is asked (a problem item appended) and
    True returned, so no move of the letter is dropped silently. False otherwise (a cancel
    naming nobody, in a letter with no move before it, or naming a target of this letter,
    stays the turn's cancel)."""
    named = {h[0] for h in _names(ctx, clause, clause_words(clause))}
    if not named or find_keywords(clause, set(), name_index(ctx.nicks)):
        return False  # («нет стоп отмена, убиваю X»: a correction with its new move)
    earlier = {t for it in items if it.pos < clause[0].start and it.move is not None
               for t in _targets(it)}
    if not earlier or not named.isdisjoint(earlier):
        return False  # («Отменяю ход, пусть Дрозд сам справляется»: the turn's cancel)
    items.append(Item(clause[0].start, problem=problem(
        ctx.text[clause[0].start:clause[-1].end], "unparsed", "cancel_of_another")))
    return True


#: Words that may stand between a cancel verb and the player whose move it takes back
#: («Отменяю ход на X», «отменяю свою МО по X» is :func:`cancelled_move`'s).
_ON_FILLERS = _CANCEL_FILLERS | {"ход", "у", "на", "с", "по", "про"}

#: Marks that end the cancel's part of the clause («Отменяю X: жульничаю у Y»).
_PART_ENDS = frozenset({",", ";", ":", "—", "–", "-", "."})


def cancelled_target(ctx: Ctx, clause: list[Tok], at: int, items: list[Item]) -> int | None:
    """«P.S. Отменяю Белочку: жульничаю не у неё, а у Гризли»: the cancel verb (its phrase
    ends at token ``at``, nothing but marks before it) names players only, each the target
    of some of this letter's earlier moves, while other earlier moves are on other players:
    only the moves on the named players are taken back (the vote on another player stands;
    never the whole turn cancelled in silence). Returns the index of the clause's rest to
    read (after the mark that ends the cancel's part; ``len(clause)`` when none), or None
    when the clause is no such cancel (``items`` unchanged)."""
    if at <= 0 or any(t.word for t in clause[:at - 1]):
        return None
    words = clause_words(clause)
    end = at
    while end < len(clause) and clause[end].w not in _PART_ENDS:
        end += 1
    hits = [h for h in _names(ctx, clause, words) if at <= h[1] < end]
    if not hits:
        return None
    covered = {n for _, k, size in hits for n in range(k, k + size)}
    if any(t.word and n not in covered and t.w not in _ON_FILLERS
           for n, t in enumerate(clause[at:end], at)):
        return None  # («отменяю всё, X не трогаем»: the turn's cancel, read as before)
    named = {h[0] for h in hits}
    earlier = [it for it in items if it.pos < clause[0].start and it.move is not None]
    hit = [it for it in earlier if not named.isdisjoint(_targets(it))]
    if not hit or len(hit) == len(earlier):
        return None
    items[:] = [it for it in items if not any(it is h for h in hit)]
    return min(end + 1, len(clause))


def cancelled_move(ctx: Ctx, clause: list[Tok], at: int, items: list[Item]) -> bool:
    """«P.S. Отменяю МО, пусть Зима живёт», «отменяю лечение»: the cancel word (its phrase
    ends at token ``at``) names one kind of move and no player: only the letter's earlier
    moves of that kind (on the players it names, if any) are dropped (a vote: withdrawn),
    the others stand. True when done; False for a cancel of the whole turn («отменяю ход»)
    or of a night move this letter does not make (an earlier letter's: the turn's cancel); a
    vote this letter does not make is an earlier letter's, taken back (never the night
    moves: «отменяю голос»)."""
    k = at
    while k < len(clause) and (not clause[k].word or clause[k].w in _CANCEL_FILLERS):
        k += 1
    found = find_keywords(clause, set(), name_index(ctx.nicks))
    kws = [kw for kw in found if kw.i == k]
    words = clause_words(clause)
    fronted = False
    if kws and any(not clause[n].word for n in range(at, k)) and \
            _fronted(clause, words, at, found) is not None:
        kws = []  # «Убийство X отменяю, голос Y»: the move named before the verb is the one
        # cancelled; the move word behind the comma gives a new order
    if not kws and (front := _fronted(clause, words, at, found)) is not None:
        kws, end, fronted = [front], at - 1, True  # «МО отменяю», «охоту свою отменяю»: the move named
        # before the verb
    elif not kws or kws[0].negated or not cancel_names_move(clause, k):
        return False  # («нет стоп отмена, режу X»: the cancel, then a new order)
    else:
        end = _segment(words, kws[0].i)[1]
    action = action_for(kws[0].cls, ctx.sender, ctx.turn)
    if action is None:
        return False
    named = {h[0] for h in _names(ctx, clause, words) if kws[0].j <= h[1] < end}
    # «отменяю голос за Комара»: that vote; «отменяю МО, пусть Зима живёт»: the hunt
    hit = [it for it in items if it.pos < clause[0].start and it.move is not None and
           it.move.action == action and not (named and named.isdisjoint(_targets(it)))]
    if not hit and action != "vote" and fronted and named:
        if _same_kind_after(ctx, clause, at, action):
            return True  # «Проверку X отменяю, проверяю Y»: the new move behind the comma
            # replaces the earlier letter's (the later move of a kind stands), read next
        # «МО в Воланда отменяю»: the move and its target named before the verb, made by no
        # earlier clause of this letter: never read as the move itself; asked
        items.append(Item(clause[0].start, problem=problem(
            ctx.text[clause[0].start:clause[-1].end], "unparsed", "cancel_of_another")))
        return True
    if not hit and action != "vote":
        return False  # the move was in an earlier letter: the turn's cancel, as before
    if action == "vote":  # («отменяю голос»: an earlier letter's vote, ParseResult.unvote)
        items.append(Item(clause[0].start, withdraw=tuple(named) or ("*",)))
    else:
        items[:] = [it for it in items if it not in hit]
    return True


def _same_kind_after(ctx: Ctx, clause: list[Tok], at: int, action: str) -> bool:
    """True when the part of ``clause`` behind the comma that closes the cancel verb (ending
    at token ``at``) gives a new order whose first move word is of ``action``, not negated
    and not hypothetical («…отменяю, проверяю Y»)."""
    rest_at = cancel_rest(ctx, clause, at)
    if rest_at is None:
        return False
    kws = find_keywords(clause[rest_at:], set(), name_index(ctx.nicks))
    return bool(kws) and not kws[0].negated and not kws[0].hypothetical and \
        action_for(kws[0].cls, ctx.sender, ctx.turn) == action


def cancel_rest(ctx: Ctx, clause: list[Tok], at: int) -> int | None:
    """After :func:`cancelled_move` took one move back: the index of the clause's first token
    behind the comma or semicolon that closes the cancel verb's part («Голос отменяю, голос
    Y», «Отменяю голос, голосую за Y»), when the rest holds a move word of its own and no
    cancel; None when nothing is left to read."""
    words = clause_words(clause)
    hi = _segment(words, at - 1)[1] if at > 0 else 0
    if hi + 1 >= len(clause):
        return None
    rest = clause[hi + 1:]
    if not find_keywords(rest, set(), name_index(ctx.nicks)) or \
            clause_flags(rest)["cancel"] is not None:
        return None
    return hi + 1


#: The cancel verbs a move's name may stand before («МО отменяю», «голос отменяю»).
_FRONTED_CANCEL = frozenset({"отменяю", "отменяем", "аннулирую"})


def _fronted(clause: list[Tok], words: list[str], at: int, found: list[Kw]) -> Kw | None:
    """The keyword naming a move right before the cancel verb that ends at token ``at``
    («МО отменяю», «охоту свою отменяю», «голос за X отменяю»): the first keyword of the
    verb's comma segment, not negated, with only fillers and names between it and the verb;
    None otherwise. ``words``: the clause's words (:func:`clause_words`)."""
    v = at - 1
    if v < 1 or clause[v].w not in _FRONTED_CANCEL:
        return None
    lo = _segment(words, v)[0]
    inside = [kw for kw in found if lo <= kw.i and kw.j <= v]
    if len(inside) != 1 or inside[0].negated or inside[0].hypothetical:
        return None
    kw = inside[0]
    between = [t for t in clause[kw.j:v] if t.word]
    if any(t.w not in _CANCEL_FILLERS and not t.cap and t.w not in ("за", "в", "на", "с")
           for t in between):
        return None  # («охоту, что вчера обещал, отменяю» is read elsewhere)
    return kw


#: A postscript named right after the cancel word («Отменяю P.S.», «отменяю ПС»).
_PS_NAMED = re.compile(r"[ \t:—-]*(?:p\.?\s?s|[рp]\.?\s?[сs]|п\.?\s?с|постскриптум)(?![\w])",
                       re.IGNORECASE)
#: The start of a postscript line («P.S.», «PS:», «ПС»), never «P.P.S.».
_PS_LINE = re.compile(r"(?im)^[ \t>]*(?:[рpп]\.?\s?[сs])(?!\w)")


def cancelled_postscript(ctx: Ctx, clause: list[Tok], at: int, items: list[Item]) -> bool:
    """«P.P.S. Отменяю P.S., оставляю Катюшу»: the cancel word (its phrase ends at token
    ``at``) is about the letter's last postscript: the moves read from that postscript's
    line on (up to this clause) are dropped, the letter's earlier ones stand (never the
    whole turn cancelled). True when done."""
    if at <= 0 or not _PS_NAMED.match(ctx.text, clause[at - 1].end):
        return False
    starts = [m.start() for m in _PS_LINE.finditer(ctx.text, 0, clause[0].start)]
    if not starts:
        return False
    lo = starts[-1]
    dropped = [it for it in items if lo <= it.pos < clause[0].start]
    if not dropped:
        return False
    items[:] = [it for it in items if not lo <= it.pos < clause[0].start]
    return True
