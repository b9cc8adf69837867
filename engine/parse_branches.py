"""The swindler's conditional letter (engine.parse): «если <роль> — <ход>» branches in any
layout («Доктор: лечу X», «- шизик: шижу Y», «Если шизик или фанатка — пропускаю»), a
correction right after a branch, and the branches put into the letter's swindle move.
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import grammar_vocab as V
from .grammar_flags import clause_flags, correction_end
from .grammar_keywords import find_keywords
from .grammar_plans import IF_WORDS
from .grammar_rules import problem
from .grammar_targets import read_targets
from .grammar_tokens import Tok, clauses, span, tokenize_span, visible_text
from .lexicon import lexicon
from .model import Move
from .names import name_index
from .names_hit import NameHit
from .roles import ROLE_CIVILIANS
from .words import role_words
from .parse_branch_heads import THEN_WORDS, asked_role, misspelt_heads, role_like, table_heads
from .parse_branch_targets import name_alone, names_in, said_again, same_as_branch_before
from .parse_settle import settle
from .parse_types import Ctx, Item, SWINDLE_ROLES, last_word, unknown_name


def read_branches(ctx: Ctx, clause: list[Tok], items: list[Item],
                  branches: list[tuple[str, Move, int]], excluded: set[int]) -> None:
    """Find «если <роль> — <ход>» branches of a swindler's letter in a clause."""
    rw = role_words()
    role_at = {k: rw[clause[k].w] for k in table_heads(ctx, clause)} | {
        k: rw[t.w] for k, t in enumerate(clause)
        if t.word and rw.get(t.w) in SWINDLE_ROLES and _is_branch_head(clause, k)}
    role_at = misspelt_heads(ctx, clause, _is_branch_head) | role_at
    heads = sorted(role_at)
    if ctx.open_branch is None and (asked := asked_role(ctx, clause)) is not None:
        # «- комм? тогда проверяю Пепегу»: the head asked on the line, the move after it
        first = next(n for n, t in enumerate(clause) if t.word)
        k = first if clause[first].w in THEN_WORDS else first - 1
        hi = heads[0] if heads else len(clause)
        _read_branch(ctx, clause, asked, k, hi, first, items, branches)
        excluded.update(range(first, hi))
    pending, ctx.open_branch = ctx.open_branch, None
    first = next((k for k, t in enumerate(clause) if t.word), None)
    if pending is not None and first is not None and (not heads or heads[0] > first) and (
            (correction_end(clause) is not None and clause[first].w != "тогда") or
            _opens_with(ctx, clause, pending[0], first, pending[1]) or
            (pending[1] is not None and _concluding(clause, first) is not None)):
        # «стерва — зову к себе… вернее, приглашаю Тихоню», «доктор — лечу Лося… нет,
        # пусть будет Бобёр»: the branch goes on after «…», its later target replaces
        role, open_item = pending
        hi = heads[0] if heads else len(clause)
        c = correction_end(clause)
        lead = None
        if _continues(ctx, clause, role, hi):
            lead = first
        elif open_item is not None and (end := _concluding(clause, first)) is not None and \
                end < hi and read_targets(ctx, ctx.sender, clause, end, hi).hits:
            lead = end - 1  # «ищу врача среди… ну пусть Stitch»: the branch's target
        elif c is not None and c < hi and \
                not find_keywords(clause[c:hi], set(), name_index(ctx.nicks)) and \
                (tg := read_targets(ctx, ctx.sender, clause, c, hi)).hits and \
                not _swindled_remark(ctx, clause, tg.hits, hi, items):
            lead = c - 1  # a name alone: the branch's move with another target
            told = next((m for r, m, _ in reversed(branches) if r == role), None)
            if told is not None and {h.nick for h, _, _ in tg.hits} == {told.target}:
                # «проверяю Пельменя… хотя нет, Пельмень простой»: taken back, asked
                # unless a move of the branch follows
                branches[:] = [b for b in branches if b[1] is not told]
                items.append(Item(clause[first].start, problem=problem(
                    told.span, "unparsed", "retracted")))
                ctx.open_branch = (role, items[-1])
                excluded.update(range(first, hi))
                lead = None
        if lead is not None:
            before, count = len(items), len(branches)
            _read_branch(ctx, clause, role, lead, hi, first, items, branches)
            if role == "fan" and len(branches) > count and not branches[-1][1].role:
                _sought_before(ctx, branches)  # «ищу врача среди… ну пусть X»
            if len(items) == before and open_item in items:
                items.remove(open_item)
            excluded.update(range(first, hi))
    if pending is not None and ctx.open_branch is None and not heads and first is not None and \
            pending[1] is not None and pending[1].problem.reason == "target_dead" and \
            correction_end(clause) is not None and not names_in(ctx, clause, ambiguous=True) and \
            not find_keywords(clause, set(), name_index(ctx.nicks)):
        ctx.open_branch = pending  # «лечу Котлету… тьфу, её же вчера повесили. Лечу Варвару»
    stray = [k for k, t in enumerate(clause) if t.word and rw.get(t.w) is not None and
             rw[t.w] not in SWINDLE_ROLES and "если" in (u.w for u in clause[max(0, k - 3):k])]
    stray += [k for k in _unknown_heads(ctx, clause) if k not in stray and k not in role_at]
    said = [_named_in_condition(ctx, clause, k) for k in heads]
    named = said[0] if heads and not branches else None
    start = named[0] if named is not None else (_branch_start(clause, heads[0]) if heads else 0)
    if heads and ctx.branch_lead is None:
        _lead(ctx, clause, start)
    if heads and ctx.branch_lead is None and named is not None and named[1] is not None:
        # «Если Родя шизик — зову к себе X»: the first branch's condition names the player
        # the swindle is on
        ctx.branch_lead = (named[1], span(ctx.text, clause, named[0], heads[0] + 1),
                           clause[0].start)
    if heads and ctx.branch_lead is None and not branches and \
            not any(t.word for t in clause[:start]):
        _lead_before(ctx, _line_above(ctx, clause))
    for n, k in enumerate(stray):  # «если он вор — граблю X»: no role civilian, refused
        hi = min([_branch_start(clause, h) for h in heads + stray if h > k], default=len(clause))
        lo = _branch_start(clause, k)
        excluded.update(range(lo, hi))
        if any(kw.i > k for kw in find_keywords(clause[:hi], set(), name_index(ctx.nicks))):
            items.append(Item(clause[lo].start, problem=problem(
                span(ctx.text, clause, lo, last_word(clause, k, hi)), "not_allowed",
                "branch_no_role")))
    for k, cond in zip(heads, said):
        if cond is not None and cond[1] is not None:
            ctx.branch_named.append((cond[1], span(ctx.text, clause, cond[0], k + 1),
                                     clause[cond[0]].start))
    for n, k in enumerate(heads):
        last = n  # «если шизик или фанатка — …»: heads joined by «или» share one branch
        while last + 1 < len(heads) and _joined(clause, heads[last], heads[last + 1]):
            last += 1
        hi = heads[last + 1] if last + 1 < len(heads) else len(clause)
        hi = min([s for s in stray if s > heads[last]] + [hi])
        lo = _branch_start(clause, k)
        excluded.update(range(lo, hi))
        _read_branch(ctx, clause, role_at[k], heads[last], hi, lo, items, branches)
    ctx.loose_branches.extend(
        (clause, k) for k, t in enumerate(clause) if t.word and k not in heads and
        k not in excluded and rw.get(t.w) in SWINDLE_ROLES and _loose_head(clause, k))
    if not heads and (k := _unknown_head(ctx, clause, rw)) is not None and k not in excluded:
        ctx.loose_branches.append((clause, k))


def _unknown_heads(ctx: Ctx, clause: list[Tok]) -> list[int]:
    """Indexes of words that head a branch as a role would but name no role the parser knows
    («если штурман — навожу трубу на X», a game's own word for a role): «если» (perhaps «он»,
    «она») right before the word, a dash, colon or arrow right after it, then a move word.
    Such a branch is asked about (``branch_no_role``), never dropped in silence."""
    rw = role_words()
    nicks = name_index(ctx.nicks)
    out = []
    for k, t in enumerate(clause[:-2]):
        if not t.word or t.w in rw or clause[k + 1].w not in _HEAD_MARKS or k == 0 or \
                role_like(t.w):
            continue  # (a misspelt or slang role word: its role's rules, engine.parse_branch_heads)
        j = k - 1
        while j >= 0 and clause[j].w in ("он", "она"):
            j -= 1
        if j < 0 or clause[j].w not in _IF or nicks.exact([u.w for u in clause], k, None):
            continue
        kws = find_keywords(clause[k + 2:], set(), nicks)
        if kws and kws[0].i == 0:
            out.append(k)
    return out


def _swindled_remark(ctx: Ctx, clause: list[Tok], hits: list, hi: int,
                     items: list[Item]) -> bool:
    """True when the one player named after the correction words is the one the letter's
    swindle was on and words follow him («…зову Y.⏎UPD: передумал, X все и так пасут.
    Развожу Z»): a remark on why the swindle is taken back, the last branch is not put on X
    (a bare name, «UPD: нет, X», still corrects the branch)."""
    nicks = {h.nick for h, _, _ in hits}
    if len(nicks) != 1 or None in nicks:
        return False
    nick = next(iter(nicks))
    conned = {it.move.target for it in items if it.move is not None and
              it.move.action == "swindle"}
    if ctx.branch_lead is not None:
        conned.add(ctx.branch_lead[0])
    end = max(e for _, _, e in hits)
    return nick in conned and any(t.word for t in clause[end:hi])


def _lead(ctx: Ctx, clause: list[Tok], lo: int) -> None:
    """«Сегодня работаю по Бульдозеру: если громила — …»: the one player named with no move
    word before a colon or dash that opens the branches is the swindle's target (kept in
    ``ctx.branch_lead`` for :func:`attach_branches`)."""
    k = lo - 1
    if k < 1 or clause[k].w not in (":", "—"):
        return
    if find_keywords(clause[:k], set(), name_index(ctx.nicks)):
        return
    hits = read_targets(ctx, ctx.sender, clause, 0, k).hits
    nicks = {h.nick for h, _, _ in hits}
    if len(nicks) == 1 and None not in nicks:
        ctx.branch_lead = (hits[0][0].nick, span(ctx.text, clause, 0, k), clause[0].start)


def _named_in_condition(ctx: Ctx, clause: list[Tok], k: int) -> tuple[int, str | None] | None:
    """«Если Родя шизик —», «если она комм:», «Если Шасси — доктор, то …»: the condition
    word's index and the one living player (not the sender) written between it and the role
    word at ``k`` (a dash between the player and the role word allowed; None for a pronoun
    there: the player is named above); None when other words stand between."""
    end = k - 1 if k >= 2 and clause[k - 1].w in _DASHES and clause[k - 2].word else k
    j = end - 1
    while j >= 0 and clause[j].word and clause[j].w not in _IF and end - j <= 4:
        j -= 1
    if j < 0 or j == end - 1 or clause[j].w not in _IF:
        return None
    if end - j == 2 and clause[j + 1].w in _SHE_HE:
        return j, None
    hits = names_in(ctx, clause[j + 1:end])
    if len(hits) != 1 or hits[0][1] != 0 or hits[0][2] != end - j - 1:
        return None
    nick = hits[0][0].nick
    if nick is None or nick == ctx.sender.nick or nick not in ctx.alive:
        return None
    return j, nick


#: Dashes between the player and the role word of a condition («Если Шасси — доктор, то …»).
_DASHES = frozenset({"—", "-", "–"})


#: The pronouns of «если она комм —», «если он доктор —».
_SHE_HE = frozenset({"он", "она"})


#: Words before the one player of «Жулик идёт к X.», «Сегодня иду к X.» (the line above the
#: branches) that make him the player the swindler goes to.
_TOWARDS = frozenset({"к", "ко", "у", "по", "против", "на"})


#: More words before the one player of a line that ends with a colon right above the
#: branches («Сегодня работаем с X:», «Теперь про X:»): the colon opens the branches on him.
_WITH = frozenset({"с", "со", "про", "о", "об", "для", "игрока", "игроку", "игроком"})


def _colon_ended(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when ``clause`` ends its line with a colon («Сегодня работаем с X:»), the
    heading of the branch lines below it."""
    if not clause:
        return False
    if clause[-1].w == ":":
        return True
    end = ctx.text.find("\n", clause[-1].end)
    return ctx.text[clause[-1].end:end if end >= 0 else len(ctx.text)].strip() == ":"


#: Verbs of conning somebody written right before him («Кидаю Сову.» above the branches).
_CONNING = frozenset({"кидаю", "кину", "кидаем", "кинем", "киданём", "кинуть"})


def _line_above(ctx: Ctx, clause: list[Tok]) -> list[Tok]:
    """The last clause of the line right above ``clause``: the clause read before it, or,
    when that one is not on that line (a line of no move word is never read, see
    :func:`engine.grammar_windows.reading_windows`), that line's words read anew."""
    lo = ctx.text.rfind("\n", 0, clause[0].start)
    above = ctx.text.rfind("\n", 0, lo) + 1 if lo > 0 else -1
    if lo <= 0 or not ctx.text[above:lo].strip() or \
            ctx.text[lo:clause[0].start].strip().strip(_BULLETS).strip():
        return ctx.prev_clause  # (the branch does not open its line, after a list's mark)
    if ctx.prev_clause and ctx.prev_clause[-1].end > above:
        return ctx.prev_clause
    visible = visible_text(ctx.text)
    if len(visible) != len(ctx.text):
        return ctx.prev_clause
    found = clauses(name_index(ctx.nicks).merge(tokenize_span(visible, above, lo)))
    return found[-1] if found else ctx.prev_clause


#: A list's marks before a branch line («— если свидетель — …», «• если врач: …»).
_BULLETS = "—–-•*·"


def _lead_before(ctx: Ctx, clause: list[Tok]) -> None:
    """«Жулик идёт к Bigfoot'у.⏎Если он врач — …», «Кидаю Сову.⏎док — …»: the line right
    above the first branch names one living player after «к», «у», «по», «против», «на»
    or right after a verb of conning («кидаю»), and holds no move word other than a visit:
    he is the swindle's target (``ctx.branch_lead``)."""
    if not clause or any(kw.cls != V.VISIT for kw in
                         find_keywords(clause, set(), name_index(ctx.nicks))):
        return
    tg = [(h, i) for h, i, _ in names_in(ctx, clause)]
    towards = _TOWARDS | _WITH if _colon_ended(ctx, clause) else _TOWARDS
    if len(tg) == 1 and tg[0][0].nick in ctx.alive and tg[0][0].nick != ctx.sender.nick and \
            tg[0][1] > 0 and (clause[tg[0][1] - 1].w in towards or
                              clause[tg[0][1] - 1].w in _CONNING):
        ctx.branch_lead = (tg[0][0].nick, span(ctx.text, clause, 0, len(clause)), clause[0].start)


def _sought_before(ctx: Ctx, branches: list[tuple[str, Move, int]]) -> None:
    """The fan's branch finished in the clause after its head («если фанатка: ищу врача
    среди… пусть X») keeps the role its head clause named (one civilian role, not the
    detective, other than the fan herself)."""
    rw = role_words()
    roles = {rw[t.w] for t in ctx.prev_clause if t.word and t.w in rw} & set(ROLE_CIVILIANS)
    roles -= {"detective", "fan"}
    if len(roles) == 1:
        role, move, pos = branches[-1]
        branches[-1] = (role, replace(move, role=roles.pop()), pos)


#: Words that conclude a choice left open in a branch («…среди… ну пусть X»).
_CONCLUDING = frozenset({"ну", "пусть", "пускай", "ладно", "давай", "значит", "наверное",
                         "будет"})


def _concluding(clause: list[Tok], first: int) -> int | None:
    """Index after the concluding words opening the clause at ``first`` («ну пусть», «ладно,
    давай»), with «пусть», «ладно», «давай» or «значит» among them; else None."""
    k, said = first, False
    while k < len(clause) and (not clause[k].word or clause[k].w in _CONCLUDING):
        said = said or clause[k].w in ("пусть", "пускай", "ладно", "давай", "значит")
        k += 1
    return k if said and k > first else None


def _joined(clause: list[Tok], k: int, nxt: int) -> bool:
    """True when role words ``k`` and ``nxt`` are joined by «или», «и», «/» or a comma
    only («если шизик или фанатка — …»)."""
    return nxt > k + 1 and all(t.w in _JOINERS for t in clause[k + 1:nxt])


_JOINERS = frozenset({"или", "и", ",", "/", "либо"})


def _opens_with(ctx: Ctx, clause: list[Tok], role: str, first: int,
                open_item: Item | None = None) -> bool:
    """True when the clause opens with a move word of ``role``'s branch (a swindler makes no
    such move of his own): «…хотя нет, он простой. Проверяю Кочергу» right after the
    detective's branch goes on with it. «Стреляю в X» is the swindler's own hunt, never the
    maniac's branch going on. A noun («лечение X») goes on only a head left with no move on
    the same line (``open_item``: «Если доктор... лечение Мазаю»), never «Проверка показала»
    on a line of its own."""
    kws = find_keywords(clause, set(), name_index(ctx.nicks))
    bare = open_item is not None and open_item.problem is not None and \
        open_item.problem.reason == "no_target" and \
        "\n" not in ctx.text[open_item.pos:clause[0].start]
    if bare and clause[first].w in _APODOSIS and kws and kws[0].i == first + 1 and \
            kws[0].cls in V.BRANCH_CLASSES[role] and kws[0].cls not in (V.SWINDLE, V.SHOOT):
        return True  # «Если Доктор. то лечу X»: a stray period between the head and its «то»
    return bool(kws) and kws[0].i == first and kws[0].cls in V.BRANCH_CLASSES[role] and \
        kws[0].cls not in (V.SWINDLE, V.SHOOT) and (
            clause[first].w in lexicon().first or bare)


#: Words opening the move of a condition («если …, то …», «…, тогда …»).
_APODOSIS = frozenset({"то", "тогда"})


def _continues(ctx: Ctx, clause: list[Tok], role: str, hi: int) -> bool:
    """True when the first move word of ``clause[:hi]`` is one of ``role``'s branch classes."""
    kws = find_keywords(clause[:hi], set(), name_index(ctx.nicks))
    return bool(kws) and kws[0].cls in V.BRANCH_CLASSES[role]


def _is_branch_head(clause: list[Tok], k: int) -> bool:
    """«если доктор …», or a role word with an arrow, colon or dash after it («Маньяк: …»)
    or with «, то» («свидетель, то слежу за X»: «если» left out); «Доктор, вылечи меня»
    and «Маньяк сегодня опять будет резать» are chatter."""
    before = [t.w for t in clause[max(0, k - 3):k]]
    if before[-2:] == ["в", "случае"]:
        return True  # («в случае доктор —»)
    if not _IF.isdisjoint(before):
        cond = max(n for n in range(max(0, k - 3), k) if clause[n].w in _IF)
        # («коли доктор —»; not «если фанатка ищу врача у X»: the role she seeks)
        return not any(t.word and t.w in lexicon().words for t in clause[cond + 1:k])
    before = [t.w for t in clause[max(0, k - 5):k]]  # «ежели она у нас доктор»
    if before and before[0] in _IF and \
            all(w in V.BRANCH_OPENERS or w in ("у", "нас") for w in before[1:]):
        return True
    if _as_role(clause, k):
        return True  # («UPD: громилой бью не Деда, а Кузнецова»)
    lo, hi = _role_run(clause, k)
    nxt = clause[hi + 1].w if hi + 1 < len(clause) else ""
    if nxt == "," and hi + 2 < len(clause) and clause[hi + 2].w in _APODOSIS and \
            (hi + 3 >= len(clause) or clause[hi + 3].w != "есть"):  # (not «доктор, то есть X»)
        nxt = "—"  # («свидетель, то слежу за X»: the «если» left out, its «то» kept)
    return nxt in ("→", ":", "—") and (lo == 0 or not clause[lo - 1].word or
                                       clause[lo - 1].w in V.BRANCH_OPENERS)


#: Words that may open a line before a branch head said «as the role» («UPD 18:40:
#: громилой бью X», «P.S. доктором лечу Y»).
_NOTE_OPENERS = frozenset({"upd", "апд", "update", "p", "s", "ps", "пс", "п", "с", "и", "а",
                           "ну", "тогда", "вот", "поправка", "исправление", "исправляю"})


def _as_role(clause: list[Tok], k: int) -> bool:
    """«громилой бью X», «доктором лечу Y»: the role word at ``k`` in the instrumental case
    («as the thug») opens the clause (after :data:`_NOTE_OPENERS`, numbers and marks) and a
    verb of the first person follows it: the branch of that role, said as the swindler
    doing it (not «Громилой был Кузя»)."""
    if k + 1 >= len(clause) or not clause[k + 1].word or \
            any(t.word and t.w not in _NOTE_OPENERS and not t.w.isdigit() for t in clause[:k]):
        return False
    from .words import morph
    return any(p.tag.case == "ablt" for p in morph().parse(clause[k].w)[:2]) and \
        any(p.tag.POS == "VERB" and p.tag.person == "1per"
            for p in morph().parse(clause[k + 1].w)[:2])


def _role_run(clause: list[Tok], k: int) -> tuple[int, int]:
    """The first and last index of the run of swindled roles' words joined by «или», «и»,
    «/» or commas around the role word at ``k`` («Стерва или шизик — приглашаю X»: one
    head for two roles); (k, k) for a role word alone."""
    rw = role_words()

    def is_role(n: int) -> bool:
        return 0 <= n < len(clause) and clause[n].word and rw.get(clause[n].w) in SWINDLE_ROLES

    lo = hi = k
    while True:
        n = hi + 1
        while n < len(clause) and clause[n].w in _JOINERS:
            n += 1
        if n == hi + 1 or not is_role(n):
            break
        hi = n
    while True:
        n = lo - 1
        while n >= 0 and clause[n].w in _JOINERS:
            n -= 1
        if n == lo - 1 or not is_role(n):
            break
        lo = n
    return lo, hi


#: Words that open a condition («если доктор», «коли стерва», «ежели она комиссар»).
_IF = IF_WORDS | {"if"}


def _loose_head(clause: list[Tok], k: int) -> bool:
    """True when the role word at ``k`` may head a branch not read as one: a condition word
    shortly before it («коли она стерва, —»), or it opens the clause with a dash, colon or
    arrow after it. In a letter with branches such a word must give a branch or a question
    (:func:`attach_branches`), never nothing."""
    if any(t.w in _IF or t.w == "случае" for t in clause[max(0, k - 3):k]):
        return True
    return k == next((n for n, t in enumerate(clause) if t.word), -1) and \
        k + 1 < len(clause) and clause[k + 1].w in _HEAD_MARKS


def _unknown_head(ctx: Ctx, clause: list[Tok], rw) -> int | None:
    """The position of the noun in a clause opening «Если <noun> — …» («Если дегустатор —
    снимаю пробу с X»: a game's own name of a role, or a role misnamed) whose noun is no role
    word nor a player's name: in a letter with branches it heads a branch the parser cannot
    place (asked by :func:`attach_branches` when nothing else is read there); None else."""
    from .words import is_known_word, morph

    at = [n for n, t in enumerate(clause) if t.word][:2]
    if len(at) < 2 or clause[at[0]].w not in _IF or at[1] != at[0] + 1 or \
            at[1] + 1 >= len(clause) or clause[at[1] + 1].w not in _HEAD_MARKS:
        return None
    w = clause[at[1]].w
    if w in rw or name_index(ctx.nicks).exact([w], 0, None) is not None or (
            is_known_word(w) and not any(p.tag.POS == "NOUN" for p in morph().parse(w)[:2])):
        return None
    return at[1]


#: Marks after a role word opening a line of a branch («маньяк —», «doc →», «свид:»).
_HEAD_MARKS = frozenset({"—", "-", "–", ":", "→", "->", "=>", "="})


def _branch_start(clause: list[Tok], k: int) -> int:
    """The first token of the branch whose role word is at ``k`` (its «если», «в случае»)."""
    lo = k
    for j in range(k - 1, max(-1, k - 6), -1):
        if clause[j].w in _IF:
            if j >= 2 and clause[j - 1].w == "," and clause[j - 2].w == "случае":
                return max(0, j - 3) if j >= 3 and clause[j - 3].w == "в" else j - 2
            return j
        if clause[j].word and clause[j].w not in V.BRANCH_OPENERS:
            break
        lo = j if not clause[j].word or clause[j].w in V.BRANCH_OPENERS else lo
    return lo


def _read_branch(ctx: Ctx, clause: list[Tok], role: str, k: int, hi: int, lo: int,
                 items: list[Item], branches: list[tuple[str, Move, int]]) -> None:
    kws = [kw for kw in find_keywords(clause[:hi], set(), name_index(ctx.nicks))
           if k < kw.i < hi]
    action = V.ROLE_DEFAULT_ACTION[role]
    start = k + 1
    text_hi = hi
    if any(t.word and (t.w in _SKIP_BRANCH or (t.w == "ни" and n + 1 < hi and clause[n + 1].w in
                                                 _AFTER_NI)) for n, t in enumerate(clause[:hi])
           if n >= start) and not read_targets(ctx, ctx.sender, clause, start, hi).hits and \
            not names_in(ctx, clause[start:hi], ambiguous=True):  # (not «…никого, кроме X»)
        return  # «шизик — шизить некого, пропускаю»: the branch is left out on purpose
    if kws:
        kw = kws[0]
        if len(kws) > 1 and any(t.word and t.w in _BRANCH_FIX
                                for t in clause[kws[0].j:kws[-1].i]):
            kw = kws[-1]  # «стерва — зову к себе… вернее, приглашаю Тихоню»
        elif (again := said_again(ctx, clause, role, kws, hi)) is not None:
            if again is False:  # «шизю Ворону, шизю Графа»: which one? Asked, never guessed
                items.append(Item(clause[lo].start, problem=problem(
                    span(ctx.text, clause, lo, last_word(clause, k, hi)), "not_allowed",
                    "conflicting", action=V.ROLE_DEFAULT_ACTION[role], role=role)))
                return
            kw = again  # «шизю… хотел Ворону, но …, пусть шизю Графа»
        start = kw.j
        if kw.cls not in V.BRANCH_CLASSES[role]:
            items.append(Item(clause[lo].start, problem=problem(
                span(ctx.text, clause, lo, last_word(clause, k, hi)), "not_allowed",
                "branch_mismatch")))
            return
    tg = read_targets(ctx, ctx.sender, clause, start, text_hi)
    if kws and not tg.hits and not tg.unknown and kw.i > k + 1:
        # «шизик — Бобра к себе», «маньяк — Зою режу», «если шизик тоже Бобра шизю»: the
        # target written before the branch's move word
        before = read_targets(ctx, ctx.sender, clause, k + 1, kw.i)
        if (kw.weak and not tg.pronoun) or name_alone(clause, k + 1, kw.i, before):
            tg, start = before, kw.j
    back = same_as_branch_before(ctx, clause, kw.j, text_hi, branches) \
        if not tg.hits and tg.pronoun and kws else None
    if back is not None and back == ctx.sender.nick:
        # «Если доктор — лечу себя. Если свидетель — слежу за ней же»: a pronoun of the
        # third person never names the swindler himself; the swindle's target, «она» of the
        # branches, when one swindle is read, else asked
        swindled = {it.move.target for it in items
                    if it.move is not None and it.move.action == "swindle"}
        back = swindled.pop() if len(swindled) == 1 else None
    if back is not None:
        tg.hits = [(NameHit(back, (back,)), tg.end - 1, tg.end)]  # «…за X. Маньяк — его же»
    if not tg.hits and tg.nobody_named and not names_in(ctx, clause[k + 1:hi], ambiguous=True):
        return  # «свидетель — ни за кем не слежу»: the branch is left out on purpose
    last = max([start, tg.end] + [h[2] for h in tg.hits])
    text = span(ctx.text, clause, lo, last if tg.hits or tg.unknown else last_word(clause, k, hi))
    pos = clause[lo].start
    if not tg.hits:
        items.append(Item(pos, problem=unknown_name(ctx, text, tg.unknown[0]) if tg.unknown
                          else problem(text, "unparsed", "no_target")))
        if not tg.unknown:
            ctx.open_branch = (role, items[-1])
            if not kws:
                ctx.idle_branches.append((role, items[-1]))
            if not any(t.word for t in clause[k + 1:hi]) and \
                    not ctx.text[clause[k].end:].split("\n", 1)[0].strip(" \t—–-:→.,;"):
                ctx.blank_branches.append(items[-1])  # «4. Если шизик —»: left blank
        return
    tg.hits = [(settle(ctx, ctx.sender, action, h), i, j) for h, i, j in tg.hits]
    if tg.hits[0][0].nick is None:
        items.append(Item(pos, problem=problem(text, "ambiguous", "ambiguous",
                                               candidates=tg.hits[0][0].candidates)))
        return
    targets = list(dict.fromkeys(h.nick for h, _, _ in tg.hits))  # «лечу себя, Остапа»
    if len(targets) > 1:
        items.append(Item(pos, problem=problem(text, "not_allowed", "too_many_targets",
                                               action=action, role=role)))
        return
    if targets[0] not in ctx.alive:
        items.append(Item(pos, problem=problem(text, "not_allowed", "target_dead",
                                               target=targets[0])))
        ctx.open_branch = (role, items[-1])  # a correction right after may name another
        return
    sought = next((r for r in tg.roles if r in ROLE_CIVILIANS and r != "detective"), None)
    move = Move(action, target=targets[0], span=text,
                role=sought if action == "search" else None)
    branches.append((role, move, pos))
    ctx.open_branch = (role, None)  # a correction right after may still change it


#: Words that take back the move word before them inside a branch («маньячу, пардон, шизю»).
_BRANCH_FIX = V.CORRECTION_HEADS | {"пардон", "сорри", "ой", "извините", "простите"}


#: Words that leave a swindler's branch out on purpose («доктор — пропускаю»).
_SKIP_BRANCH = frozenset({"пропускаю", "пропуск", "пас", "ничего", "никого", "пропустим",
                          "некого", "нечего", "пропущу", "никем", "никому"})
#: Words after «ни» that make it «nobody» («ни за кем не слежу», «ни к кому»).
_AFTER_NI = frozenset({"за", "к", "ко", "у", "на", "в", "кого", "кем", "кому"})


def attach_branches(ctx: Ctx, items: list[Item], branches: list[tuple[str, Move, int]]) -> None:
    """Put the branches into the letter's swindle move (the last branch per role wins)."""
    swindles = [it for it in items if it.move is not None and it.move.action == "swindle"]
    if not swindles and ctx.branch_lead is not None and \
            not any(it.tried == "swindle" for it in items) and ctx.branch_lead[0] in ctx.alive:
        nick, text, pos = ctx.branch_lead
        items.append(Item(pos, move=Move("swindle", target=nick, span=text), tried="swindle"))
        swindles = items[-1:]
    if not swindles:
        if any(it.tried == "swindle" for it in items):
            return  # the swindle itself is already a question to the player
        first = min(pos for _, _, pos in branches)
        text = "; ".join(m.span for _, m, _ in branches)
        items.append(Item(first, problem=problem(text, "unparsed", "branch_without_target")))
        return
    _unread_heads(ctx, items, branches)
    conned = {it.move.target for it in swindles}
    other = [said for said in ctx.branch_named if said[0] not in conned]
    if other:
        # «Жульничаю у X. Если Y доктор — …»: a condition names another player than the one
        # the swindle is on: which one? Asked, never guessed
        items.append(Item(other[0][2], problem=problem(other[0][1], "unparsed", "conflicting",
                                                       action="swindle")))
    last = max(it.pos for it in swindles)
    earlier = [pos for *_, pos in branches if pos < last]
    later = [pos for *_, pos in branches if pos > last]
    if earlier and later and _redone(ctx.text, max(earlier), last) and \
            not _SAME_BRANCHES.search(visible_text(ctx.text)[last:min(later)].lower()):
        # «… если маньяк — режу X. UPD: передумал. Жульничаю у Y: если фанатка — …»: the
        # swindle written again replaces the earlier one, branches and all (unless it keeps
        # them: «Развожу Y, ветки те же, плюс если фанатка — …»; a new branch per role wins)
        branches = [b for b in branches if b[2] > last]
    by_role: dict[str, Move] = {}
    for role, move, _ in branches:
        by_role[role] = move
    for role, idle in ctx.idle_branches:
        if role in by_role and idle in items:
            items.remove(idle)  # «если он громила, то …» reasons; «Если громила — бью X» orders
    for blank in ctx.blank_branches:
        if blank in items:
            items.remove(blank)  # «4. Если шизик —» and nothing: no branch for that role
    ordered = tuple((r, by_role[r]) for r in SWINDLE_ROLES if r in by_role)
    for it in swindles:
        it.move = replace(it.move, branches=ordered)


#: Words saying the letter's move is written anew («UPD: передумал. Жульничаю у …»).
_REDO = frozenset({"upd", "апд", "передумал", "передумала", "исправляю", "исправление",
                   "поправка", "отбой"})


#: A swindle written anew that keeps the earlier branches («ветки те же», «условия
#: прежние», «те же варианты», «остальное без изменений»).
_SAME_BRANCHES = re.compile(
    r"(?<!\w)(?:(?:ветк[иа]|развилк[иа]|услови[яе]|вариант[ыа]|расклад|остальное)\s+"
    r"(?:(?:все\s+|всё\s+)?(?:те\s+же|то\s+же|такие\s+же|прежн\w+|как\s+(?:были|выше|раньше))"
    r"|оста[её]тся|остаются|без\s+изменений)"
    r"|(?:те\s+же|прежние)\s+(?:ветки|развилки|условия|варианты))(?!\w)")


def _redone(text: str, lo: int, hi: int) -> bool:
    """True when a word of :data:`_REDO` stands in ``text[lo:hi]``."""
    return any(t.word and t.w in _REDO for t in tokenize_span(visible_text(text), lo, hi))


def _unread_heads(ctx: Ctx, items: list[Item], branches: list[tuple[str, Move, int]]) -> None:
    """Every branch written must be read: a role word that may head a branch
    (:func:`_loose_head`) in a clause that gave no branch, move or problem is asked about
    (``branch_unread``), never dropped in silence."""
    for clause, k in ctx.loose_branches:
        lo, hi = clause[0].start, clause[-1].end
        if any(lo <= it.pos <= hi for it in items) or any(lo <= pos <= hi for *_, pos in branches):
            continue
        items.append(Item(lo, problem=problem(span(ctx.text, clause, 0, len(clause)), "unparsed",
                                              "branch_unread")))


#: Words that point at yesterday's letter when the comma cuts «то же, что вчера».
_SAME_AS_THEN = frozenset({"же", "вчера"})


def branches_of_another_day(ctx: Ctx, clause_list: list, items: list[Item]) -> list[Item]:
    """«Сегодня всё то же самое, только жульничаю у X»: a swindle with no branches in a letter
    that points at another day's letter («как вчера», «то же самое») takes its branches from
    there, which the host does not read (DECISIONS.md: moves are written in full): the swindle
    becomes an ``other_day`` problem, asked about, never applied without its branches.

    :param clause_list: the letter's clauses (None for a cut one); :returns: the items.
    """
    if not any(it.move is not None and it.move.action == "swindle" and not it.move.branches
               for it in items):
        return items
    ref = next((c for c in clause_list if c and (clause_flags(c)["other_day"] or _SAME_AS_THEN <= {
        t.w for t in c if t.word})), None)  # («то же, что вчера»: a comma inside the phrase)
    if ref is None:
        return items
    out = []
    for it in items:
        if it.move is not None and it.move.action == "swindle" and not it.move.branches:
            text = span(ctx.text, ref, 0, len(ref))
            text = text if it.move.span in text else f"{text}; {it.move.span}"
            it = Item(it.pos, problem=problem(text, "unparsed", "other_day"), tried="swindle")
        out.append(it)
    return out
