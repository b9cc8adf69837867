"""A boss's order that a clan member kill somebody (issue 11, DECISIONS.md §4 Clan kill).

«Индеец стреляет в X», «Чинга стреляет в Лизу»: the clan kill is the clan's, not a role move
of the member, and the boss decides it. The boss naming a member as the one who shoots is
read as the boss's own ``clan_kill`` when the letter gives no other clan kill; when it gives
another one (another victim), the host asks which is meant. A member who handed his move to
the boss («Индиго оставил ход на моё усмотрение — значит, Индиго убивает X») keeps the boss's
duplicate move for him (DECISIONS.md §4 Boss (c)).

Under «Полнолуние» the clan kills two: the kill words without a verb («Второго — X»,
«Полнолуние, берём двоих: X и Y», :func:`full_moon_kill`), and a count of two read with one
player only, whose second player is asked for (:func:`one_of_two`,
:func:`settle_second_kills`).
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_keywords import Kw
from .grammar_kills import (FIRST_LABELS, SECOND, SECOND_LABELS, count_said, counted_kill,
                            free_counted_kill, labelled_kill, noun_after_ordinal, ordinal_at,
                            second_kill)
from .grammar_orders import name_sizes
from .grammar_rules import problem
from .grammar_tokens import Tok, clause_words, span
from .names import name_index
from .parse_types import Ctx, Item

#: Verbs of a member handing his move to the boss («оставил ход на моё усмотрение»).
_HANDED = frozenset({"отдал", "отдала", "передал", "передала", "оставил", "оставила",
                     "доверил", "доверила", "скинул", "скинула"})


def _handed(clause: list[Tok]) -> bool:
    """True when the clause says a member left his move to the boss."""
    words = {t.w for t in clause if t.word}
    return "усмотрение" in words or (bool(words & _HANDED) and bool(words & {"ход", "ходы"}))


def member_kill(clause: list[Tok], item: Item) -> Item | None:
    """For a boss's move for a member whose action is the clan kill (``item.move``): the
    boss's own clan kill, marked as told through a member (see :func:`settle_member_kills`);
    None when ``clause`` (the order's clause with the one before it) says a member handed
    his move to the boss (the duplicate move for him stands)."""
    if item.move is None or item.move.action != "clan_kill" or _handed(clause):
        return None
    return Item(item.pos, move=item.move, tried="clan_kill", member_kill=True)


def settle_member_kills(items: list[Item]) -> None:
    """The kills told through a member (:func:`member_kill`) beside the letter's other clan
    kills: the same victim is said twice (one kill); another victim makes the clan's kill
    unclear (``conflicting``: the host asks about both, neither stands). Changes ``items``
    in place."""
    told = [it for it in items if it.member_kill and it.move is not None]
    own = [it for it in items if not it.member_kill and it.move is not None and
           it.move.action == "clan_kill"]
    if not told or not own:
        return
    victims = {t for it in own for t in (it.move.targets or (it.move.target,))}
    for it in told:
        mine = set(it.move.targets or (it.move.target,))
        if mine <= victims:
            items.remove(it)
            continue
        text = " / ".join([o.move.span for o in own] + [it.move.span])
        it.move, it.problem = None, problem(text, "not_allowed", "conflicting",
                                            action="clan_kill")
        for o in own:
            if o in items:
                items.remove(o)


def one_of_two(text: str, clause: list[Tok], lo: int, hi: int, items: list[Item],
               mark: int) -> None:
    """«Полнолуние, берём двоих: X и кого-нибудь ещё», «Валим двоих: X и Свинтуса»: a clan
    kill said with a count of two victims (:func:`engine.grammar_kills.count_said` in
    ``clause[lo:hi]``) whose reading names one player only:
    the kill stands and the second victim is asked about (``unparsed``, ``second_kill``)
    unless the letter names it later (:func:`settle_second_kills`).
    ``items[mark:]`` are the items just read; ``items`` is changed in place.
    ``text``: the letter."""
    kills = [it for it in items[mark:] if it.move is not None and it.move.action == "clan_kill"]
    if len(kills) != 1 or kills[0].move.targets or not count_said(clause, lo, hi) or \
            any(it.problem is not None for it in items[mark:]):
        return  # («двоих: Юльку и X» with «Юльку» asked about: one question is enough)
    quoted = span(text, clause, lo, hi)
    items.append(Item(kills[0].pos, problem=problem(quoted, "unparsed", "second_kill"),
                    tried="clan_kill"))


def settle_second_kills(items: list[Item]) -> None:
    """The questions of :func:`one_of_two` dropped when the letter's clan kills name two
    players after all («Убиваем двоих: Irina M. и Наташку»: the second read from the clause
    after a dot in a nickname). Changes ``items`` in place."""
    asked = [it for it in items if it.problem is not None and it.problem.reason == "second_kill"]
    if not asked:
        return
    victims = {t for it in items if it.move is not None and it.move.action == "clan_kill"
               for t in (it.move.targets or (it.move.target,))}
    if len(victims) >= 2:
        items[:] = [it for it in items if not any(it is a for a in asked)]


#: «Двое:⏎1) X⏎2) Y»: a full moon's two kills as a list under a counting heading.
_LISTED_TWO = re.compile(r"(?i)(?<![\w-])(?:двое|двоих)\s*:[ \t]*\n\s*(?:1[.)]|[-•*—])")


#: «Обоих — в расход», «валим обоих»: a kill of two pointed at (named or not).
_BOTH_KILLED = re.compile(r"(?i)(?<![\w-])(?:(?:обоих|обеих)\s*[—:-]?\s*(?:в\s+расход|к\s+рыбам|"
                          r"на\s+тот\s+свет|убиваем|валим|мочим|режем|гасим|убираем)|"
                          r"(?:убиваем|валим|мочим|режем|гасим|убираем)\s+(?:обоих|обеих))(?![\w-])")


def listed_two_kills(ctx: Ctx, items: list[Item]) -> None:
    """On a full-moon day, a list of two kills under «Двое:» of which one line only was read
    («Двое:⏎1) Черника⏎2) Вася»), or a kill of «обоих» after one victim only («Убиваем X.
    Обоих — в расход»: the second is promised, not named): the kill stands and the second
    victim is asked about (``second_kill``), as :func:`one_of_two` does. Changes ``items``
    in place."""
    both = _BOTH_KILLED.search(ctx.text) if ctx.turn.event == "full_moon" else None
    if ctx.turn.event != "full_moon" or not (_LISTED_TWO.search(ctx.text) or both):
        return
    kills = [it for it in items if it.move is not None and it.move.action == "clan_kill"]
    if both is not None and len(kills) == 1 and not kills[0].move.targets:
        # («Обоих — в расход» read as a kill word with no name: the second is asked instead)
        items[:] = [it for it in items if not (it.problem is not None and it.tried ==
                                               "clan_kill" and it.problem.reason == "no_target")]
    if len(kills) != 1 or kills[0].move.targets or \
            any(it.problem is not None and it.tried == "clan_kill" for it in items):
        return
    items.append(Item(kills[0].pos, problem=problem(kills[0].move.span, "unparsed",
                                                    "second_kill"), tried="clan_kill"))


def second_opens(clause: list[Tok], start: int) -> bool:
    """True when an ordinal of the second opens ``clause`` at ``start`` (after «а», «и»…):
    «Вторым — X, …» may be the full moon's second kill."""
    return clause[start].w in SECOND or (start + 1 < len(clause) and
                                         clause[start + 1].w in SECOND) or \
        ordinal_at(clause, start) >= 0


def chosen_second(clause: list[Tok], start: int, kws: list[Kw]) -> bool:
    """True when ``kws`` are words of choosing only («выбираю», «выберу») and an ordinal of
    the second victim stands before them in ``clause`` (from ``start``): «Босс разрешил мне
    выбрать вторую — выбираю X», «вторую жертву выбираю я: X» (a clan member naming the full
    moon's second kill)."""
    return all(k.cls == V.CHOOSE for k in kws) and \
        any(t.w in SECOND for t in clause[start:kws[0].i])


#: «обоих», «обеих»: the two victims pointed at.
_BOTH = frozenset({"обоих", "обеих"})


def both_again(ctx: Ctx, clause: list[Tok], start: int, items: list[Item]) -> bool:
    """True when ``clause`` (from ``start``) points at «обоих» and names nobody, and the
    letter's clan kills read so far name two players («Цели: X, Y. Обоих — в расход»)."""
    if _BOTH.isdisjoint(t.w for t in clause[start:]):
        return False
    names = name_sizes(name_index(ctx.nicks), clause)
    if any(names(k) for k in range(start, len(clause)) if clause[k].word):
        return False
    victims = {t for it in items if it.move is not None and it.move.action == "clan_kill"
               for t in (it.move.targets or (it.move.target,))}
    return len(victims) == 2


def in_brackets(clause: list[Tok], lo: int, k: int) -> bool:
    """True when token ``k`` stands inside a bracketed aside opened after token ``lo``."""
    depth = 0
    for t in clause[lo:k]:
        if t.w == "(":
            depth += 1
        elif t.w == ")" and depth:
            depth -= 1
    return depth > 0


def full_moon_kill(ctx: Ctx, clause: list[Tok], start: int, items: list[Item],
                   ask: bool = False) -> list[Kw]:
    """On a full-moon day, the second clan kill without a verb (:mod:`engine.grammar_kills`):
    «Второго — X» after a clan kill already read, «Работаем в две руки: X и Y», «Двоих в
    кювет: X и Y». ``ask``: the clause holds no move word, and a heading of two in doubt
    («Ассасинов двое: X и Y») is asked about (a problem added to ``items``)."""
    names, near = _name_tests(ctx, clause)
    if ordinal_at(clause, start) >= 0 and (noun_after_ordinal(clause, start) or any(
            it.move is not None and it.move.action == "clan_kill" for it in items)):
        # («Второй труп от клана: X»: the kill noun says it is a kill with no first one read)
        k = second_kill(clause, start, names, near)
        if k is not None:
            return [Kw(V.KILL, start, k)]
    k = counted_kill(clause, start, names, near)
    if k is not None:
        return [Kw(V.KILL, start, k)]
    free = free_counted_kill(clause, start, names, near)
    if free is not None and free[1] == "kill":
        return [Kw(V.KILL, start, free[0])]  # «Двоих в кювет: X и Y», «едим двоих: X и Y»
    if free is not None and ask:  # «Мафов двое: X и Y»: who the two are, or the kills?
        items.append(Item(clause[start].start, problem=problem(
            span(ctx.text, clause, start, len(clause)), "unparsed", "count_heading",
            action="clan_kill"), tried="clan_kill"))
        return []
    return _labelled_pair(ctx, clause, start, items, names, near)


def _name_tests(ctx: Ctx, clause: list[Tok]):
    """The two tests the full moon's kill headings read players with: the size of the
    nickname at a token (:func:`engine.grammar_orders.name_sizes`) and whether the word at a
    token may be a nickname written amiss (:meth:`NameIndex.approximate`)."""
    idx, words = name_index(ctx.nicks), clause_words(clause)
    return name_sizes(idx, clause), lambda n: idx.approximate(words[n]) is not None


def heading_over(ctx: Ctx, clause: list[Tok], start: int, kws: list[Kw]) -> list[Kw]:
    """On a full-moon day, a clan member's two-kill heading in his own words whose weak move
    words (a noun that needs a name after it) all stand inside the heading: «Клан позволит
    себе два визита: к X и к Y» (:func:`engine.grammar_kills.free_counted_kill`): the kill
    of the two, in place of ``kws``; [] when the clause is no such heading."""
    if not kws or not all(k.weak for k in kws) or not count_said(clause, start, len(clause)):
        return []
    free = free_counted_kill(clause, start, *_name_tests(ctx, clause))
    if free is None or free[1] != "kill" or any(k.j > free[0] for k in kws):
        return []
    return [Kw(V.KILL, start, free[0])]


def two_kills_off_moon(ctx: Ctx, clause: list[Tok], start: int) -> int | None:
    """On a day with no full moon, a clan member's two-kill heading ended by a colon or dash
    over exactly two players named by their nicknames («Две цели: X и Y», «Двоих: X и Y»,
    :func:`engine.grammar_kills.counted_kill`): the index after the second name, the clause
    being two kills where the clan has one; None otherwise."""
    if ctx.turn.event == "full_moon" or not count_said(clause, start, len(clause)):
        return None
    names = name_sizes(name_index(ctx.nicks), clause)
    after = counted_kill(clause, start, names)
    if after is None or after >= len(clause) or clause[after - 1].w not in (":", "—", "-"):
        return None  # («Сегодня двое Пельмень и Гусар»: no heading mark, maybe who is about)
    end = len(clause)
    while end > after and not clause[end - 1].word:
        end -= 1
    return end


def _line_opening(label: str, ordinals) -> re.Pattern:
    """A line or sentence opening with ``label`` (when any) and one of ``ordinals``."""
    alts = "|".join(sorted((re.escape(o) for o in ordinals), key=len, reverse=True))
    lab = re.escape(label) + r"\s+" if label else ""
    return re.compile(rf"(?i)(?:^|[\n.!?])[ \t]*(?:а |и |ну )?{lab}(?:{alts})(?!\w)")


#: Words of doubt in the sentence before a labelled pair («Может, двоих сегодня.»).
_HEDGED = re.compile(r"(?i)(?<!\w)(?:может|наверное|наверно|возможно|пожалуй|мб|видимо|если|"
                     r"или)(?!\w)")


def _hedged_before(text: str, at: int) -> bool:
    """True when the sentence or line before the one at ``at`` holds a word of doubt
    (:data:`_HEDGED`): «Может, двоих сегодня. Первый — X. Второй — Y» is no order."""
    head = text[:at].rstrip()
    lo = max((m.end() for m in _SENTENCE_END.finditer(head, 0, max(0, len(head) - 1))),
             default=0)
    return _HEDGED.search(head, lo) is not None


def _labelled_pair(ctx: Ctx, clause: list[Tok], start: int, items: list[Item],
                   names, near) -> list[Kw]:
    """Two clan kills as a labelled pair of lines or sentences («Нитка 1: X⏎Нитка 2: Y»,
    «Первым стволом — X. Вторым — Y», «1: X⏎2: Y»): the first when the text after its clause
    opens a line or sentence with the same label and a second ordinal, the second when a clan
    kill is read and the text before opens one with the label and a first ordinal."""
    text = ctx.text.replace("ё", "е").replace("Ё", "Е")
    first = labelled_kill(clause, start, names, FIRST_LABELS, near)
    if first is not None and _line_opening(first[1], SECOND_LABELS).search(
            text, clause[-1].end) and not _hedged_before(text, clause[start].start):
        return [Kw(V.KILL, start, first[0])]
    second = labelled_kill(clause, start, names, SECOND_LABELS, near)
    if second is not None and any(
            it.move is not None and it.move.action == "clan_kill" for it in items) and \
            _line_opening(second[1], FIRST_LABELS).search(text, 0, clause[start].start):
        return [Kw(V.KILL, start, second[0])]
    return []


#: A player's death told as his parting, with no kill verb: «X покидает нас», «X уснёт
#: навек», «X мы больше не увидим», «X отправится спать навсегда».
_PARTING = re.compile(r"(?i)(?<!\w)(?:покида\w* нас|покин\w* нас|усн[её]т (?:навек|навеки|"
                      r"навсегда)|спать навсегда|больше не увидим|не дожив[её]т до утра|"
                      r"не просн[её]тся)(?!\w)")
_SENTENCE_END = re.compile(r"[.!?\n]")
_CLAUSE_END = re.compile(r"[.!?\n,;]")


def parting_kill(ctx: Ctx, items: list[Item]) -> None:
    """From a clan member whose letter gives no clan kill, a sentence telling the parting of
    a player named before it (:data:`_PARTING`): may be the clan's kill in role-play or talk of the
    lynch, so it is asked about (``unparsed``, ``unread``), never read as a kill. Changes
    ``items`` in place."""
    if not ctx.sender.mafia or any(
            it.tried == "clan_kill" or (it.move is not None and it.move.action == "clan_kill")
            for it in items):
        return
    from .grammar_tokens import tokenize_span
    from .parse_types import nick_at

    for m in _PARTING.finditer(ctx.text):
        lo = max((e.end() for e in _SENTENCE_END.finditer(ctx.text, 0, m.start())), default=0)
        end = _CLAUSE_END.search(ctx.text, m.end())
        hi = end.start() if end else len(ctx.text)
        toks = tokenize_span(ctx.text, lo, m.start())  # the player named before it
        words = clause_words(toks)
        if any(nick_at(ctx, toks, words, k) is not None and toks[k].cap
               for k in range(len(toks)) if toks[k].word):
            items.append(Item(lo, problem=problem(ctx.text[lo:hi].strip(), "unparsed",
                                                  "unread"), tried="clan_kill"))
            return
