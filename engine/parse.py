"""The letter parser: free Russian text → moves and problems (issue 3, SCENARIOS.md).

A letter is cut into clauses (:mod:`engine.grammar_tokens`). In each clause the parser finds
move keywords (:mod:`engine.grammar_vocab`); the words after a keyword, up to the next one,
hold its target(s), found in the roster's form index (:mod:`engine.names`). The sender's
current role turns a keyword into an action (:mod:`engine.grammar_rules`). A move the parser
is not sure of becomes a :class:`engine.model.Problem`, never a move.

Special forms: a boss moving for a clan member («за вора: ворую у X», «охранник охраняет
Y»), a member leaving his move to the boss («на усмотрение дона»), the swindler's
conditional letter («если доктор — лечу X»), the fan naming the role she searches for, and
the event moves (mortar, partner, fear choice). A clause of one name finishes the move of
the line before («Линч:⏎Бука») or corrects it («Хотя нет, Сергей»). «Линч прежний»,
«линч потом напишу», «воздержусь» are neither moves nor problems; «как вчера» is unparsed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from . import grammar_vocab as V
from .grammar_rules import (
    ASK, Actor, action_for, action_ru, actor_of, describe_target, max_targets, problem,
    repeats_last, role_ru,
)
from .grammar_keywords import (
    Kw, clause_flags, clause_triggers, correction_end, correction_marks, find_keywords, header_keyword,
    hypothetical, is_question, may_hold_move, only_fillers, order_form, reading_windows,
    sender_triggers, told_in_past,
)
from .grammar_targets import Targets, antecedent, read_back, read_targets
from .grammar_tokens import Tok, clauses, span, tokenize_span, visible_text
from .legality import hunt_refusal, refusal_problem
from .lexicon import lexicon
from .model import Move, ParseResult, Problem, TurnInfo
from .names import NameHit, inflect, is_known_word, is_verb, name_index, role_words
from .roles import CLAN_ROLES, ROLE_CIVILIANS
from .state import GameState
from .textnorm import clean_text
from .translit import read_latin

_SWINDLE_ROLES = tuple(r for r in ROLE_CIVILIANS if r != "swindler")
_MEMBER_ROLES = frozenset(CLAN_ROLES) - {"boss"}
_DEFAULT_CLASS = {"thief": V.ROB, "guard": V.GUARD}


@dataclass
class _Item:
    """A move or a problem, with its offset in the letter (for order and cancelling)."""

    pos: int
    move: Move | None = None
    problem: Problem | None = None
    tried: str = ""  # the action the player tried (hunt exclusion)
    withdraw: tuple[str, ...] | None = None  # «снимаю голос с X»: votes taken back ("*": all)


@dataclass
class _Prev:
    """The last move keyword read: a next clause of one name may finish or correct it."""

    cls: str
    start: int  # offset of its clause in the letter
    member: Actor | None = None  # the clan member a boss moved for
    items: list[_Item] = field(default_factory=list)  # what reading it gave
    clause: list = field(default_factory=list)  # its tokens (roles named with it)


@dataclass
class _Ctx:
    text: str
    state: GameState
    turn: TurnInfo
    sender: Actor
    nicks: tuple[str, ...]
    alive: frozenset[str]
    last_hit: tuple | None = None  # (NameHit,) of the last move's single target: «её же»
    marks: list[int] = field(default_factory=list)  # offsets of corrections («хотя нет»)
    prev_clause: list = field(default_factory=list)  # the clause before (pronoun antecedent)


# --- public API -------------------------------------------------------------------------------


def parse_letter(text: str, sender: str, state: GameState, turn: TurnInfo) -> ParseResult:
    """Read one letter of ``sender`` as a careful host would (issue 3).

    Args:
        text: the letter body (plain text; quoted «>» lines and the signature are ignored).
        sender: the sender's roster nickname.
        state: the game before the turn (roles, clans, alive flags, ``last_targets``).
        turn: the day and its event (who holds the mortar, immunity, the fear choice).

    Returns:
        :class:`engine.model.ParseResult`: moves with roster nicknames as targets and
        ``span`` set; problems (``unknown_name``, ``ambiguous``, ``not_your_role``,
        ``not_allowed``, ``unparsed``) with the span, the reason and a Russian message;
        ``skip`` / ``cancel`` flags. Moves before a cancel phrase are dropped. A dead
        sender gets every move refused (``not_allowed``, reason ``dead``).
    """
    text = clean_text(text)  # NFC, invisible and look-alike characters (engine/textnorm.py)
    nicks = tuple(state.players)
    actor = actor_of(state, sender) or Actor(sender, "civilian", None, False)
    ctx = _Ctx(text, state, turn, actor, nicks,
               frozenset(n for n, p in state.players.items() if p.alive))
    items: list[_Item] = []
    skip = False
    cancel_pos = -1
    pending_member: Actor | None = None
    swindle_branches: list[tuple[str, Move, int]] = []
    prev: _Prev | None = None
    last_start = -1  # offset of the clause before this one
    idx = name_index(nicks)
    names = idx.trigger_forms()
    visible = visible_text(text)
    extra = sender_triggers(actor.role, names)
    for clause in _clauses(visible, idx, extra):
        if clause is None:  # chatter skipped between two windows
            last_start, pending_member = -1, None
            continue
        adjacent, last_start = prev is not None and prev.start == last_start, clause[0].start
        if not may_hold_move(clause, names):
            ctx.prev_clause, pending_member = clause, None  # chatter: nothing to read
            continue
        if is_question(text, clause):
            asked = find_keywords(clause, set(), name_index(nicks))
            prev = _Prev(asked[-1].cls, clause[0].start) if asked else prev  # «Линч Буке? Нет, …»
            continue
        flags = clause_flags(clause)
        ctx.marks.extend(correction_marks(clause))
        if _correction(ctx, clause, prev, adjacent, flags, items):
            continue
        skip = skip or flags["skip"]
        if flags["cancel"] is not None:
            cancel_pos = clause[0].start
        member_actor, start, pending_member = _member_prefix(ctx, clause, pending_member, items)
        if member_actor is False:
            continue
        excluded: set[int] = set()
        if actor.role == "swindler" and member_actor is None:
            _read_branches(ctx, clause, items, swindle_branches, excluded)
        last = _read_clause(ctx, clause, start, member_actor, flags, excluded, items)
        ctx.prev_clause = clause
        if last is not None:
            prev = last if not excluded else None
    if swindle_branches:
        _attach_branches(ctx, items, swindle_branches)
    items = [it for it in items if it.pos >= cancel_pos]
    moves, problems = _finish(ctx, items)
    return ParseResult(tuple(moves), tuple(problems), skip=skip, cancel=cancel_pos >= 0)


def _clauses(visible: str, idx, extra: frozenset[str]):
    """The clauses of the parts of a letter worth reading (:func:`reading_windows`), with a
    ``None`` between two parts."""
    known = _known_word(idx)
    for n, (lo, hi) in enumerate(reading_windows(visible, extra)):
        if n:
            yield None
        yield from clauses(idx.merge(read_latin(tokenize_span(visible, lo, hi), visible, known)))


def _known_word(idx):
    """What the parser knows as a word (for reading transliterated Russian, engine.translit):
    a nickname form or word, a move or trigger word, a Russian dictionary word."""
    forms, parts, triggers = idx.trigger_forms(), idx.parts, clause_triggers()

    def known(w: str) -> bool:
        return w in forms or w in parts or w in triggers or is_known_word(w)
    return known


def describe_move(move: Move, state: GameState | None = None) -> str:
    """A plain Russian restatement of a move for the reply letter (DECISIONS.md §8).

    ``«Лечение: Бука»``, ``«Голос на линче: Serginio»``, ``«Жульничество против X: если
    врач — лечение: Y; …»``, ``«За Вор (Ягуарчик): кража у X»``. ``state`` is accepted for
    symmetry with the parser and used to name a member's role.
    """
    a = move.action
    target = describe_target(move)
    if a == "vote":
        label = "Голоса на линче" if len(move.targets) > 1 else "Голос на линче"
        return f"{label}: {target}"
    if a == "delegate":
        return "Ход на усмотрение босса"
    if a == "search":
        role = role_ru(move.role or "detective").lower()
        return f"Поиск ({role}): {target}" if target else f"Теперь ищу роль: {role}"
    if a == "swindle":
        parts = [f"если {role_ru(r).lower()} — {_lower_first(describe_move(m, state))}"
                 for r, m in move.branches]
        tail = ": " + "; ".join(parts) if parts else ""
        return f"Жульничество против {inflect(target, 'gent') if target else ''}{tail}"
    if a == "on_behalf" and move.move is not None:
        who = move.member or ""
        if state is not None and who in state.players:
            who = f"{inflect(who, 'accs')} ({role_ru(state.players[who].role).lower()})"
        return f"За {who}: {_lower_first(describe_move(move.move, state))}"
    return f"{action_ru(a)[:1].upper()}{action_ru(a)[1:]}: {target}"


def _lower_first(s: str) -> str:
    return s[:1].lower() + s[1:]


# --- clause level ----------------------------------------------------------------------------


def _read_clause(ctx: _Ctx, clause: list[Tok], start: int, member: Actor | None, flags: dict,
                 excluded: set[int], items: list[_Item]) -> _Prev | None:
    """Turn every keyword of a clause (from token ``start``) into moves or problems; returns
    the last keyword read (None when none was)."""
    kws = [k for k in find_keywords(clause, excluded, name_index(ctx.nicks)) if k.i >= start]
    if member is not None and not kws:
        cls = _DEFAULT_CLASS.get(member.role)
        if cls is None:
            items.append(_Item(clause[0].start, problem=problem(
                span(ctx.text, clause, 0, len(clause)), "unparsed", "no_target")))
            return None
        kws = [Kw(cls, start, start, weak=True)]  # «вор — Бука»; without a name, chatter
    if not kws and not excluded:
        kws = header_keyword(clause, start, member or ctx.sender)
    if not kws and flags["abstain"] and member is None:
        items.append(_abstain(span(ctx.text, clause, 0, len(clause)), clause[0].start))
        return None  # «Воздерживаюсь.»
    if not kws and (correction_end(clause) is not None or _late_correction(clause)) and \
            any(t.word and t.w in V.WITHDRAW_WORDS for t in clause):
        items.append(_Item(clause[0].start, withdraw=("*",)))  # «…хотя нет, снимаю»
        return None
    if not kws and flags["other_day"] and not excluded and flags["cancel"] is None and \
            not told_in_past(clause) and (sum(t.word for t in clause) <= 4 or any(
                t.w in V.MOVE_TALK_WORDS for t in clause)):
        # «Как вчера.», «Ход тот же, что и вчера»; «Вчерашний день мне не понравился» is talk
        items.append(_Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "unparsed", "other_day")))
        return None
    cancel_at = flags["cancel"]
    subjects = [_subject(ctx, clause, kw) for kw in kws]
    base = member
    lex = lexicon()
    used = start  # index after the tokens the previous move took («Лечу Буку, линч …»)
    last = None
    for n, kw in enumerate(kws):
        hi = len(clause) if n + 1 == len(kws) else (subjects[n + 1] or (kws[n + 1].i, 0))[0]
        hi = min([hi] + [k for k in excluded if k > kw.i])
        if n + 1 < len(kws) and kws[n + 1].negated:
            hi = _before_refused(ctx, clause, kw.j, kws[n + 1].i, hi)
        if kw.negated:
            if _refuses_to_vote(ctx, clause, kw, hi):
                first = next((k for k in (kw.i - 2, kw.i - 1) if k >= 0 and
                              clause[k].w == V.NEGATION), kw.i)
                items.append(_abstain(span(ctx.text, clause, first, _last_word(clause, kw.j, hi)),
                                      clause[first].start))  # «не голосую»
            continue
        if cancel_at is not None and kw.i == cancel_at:
            continue  # «отменяю лечение …» names what is cancelled
        if subjects[n] is not None:
            if _on_his_own(clause, kw.j):
                continue  # «Смит ворует сам, я ему написала»: the member moves himself
            member = _subject_actor(ctx, clause, subjects[n], member, items)
            if member is False:
                continue  # «Маруська проверяет всех подряд»: about another player
        elif _talk_of_others(clause, kw, lex):
            continue  # «пусть кто-нибудь проверит Дениса»
        elif n and clause[kw.i].w in lex.plural1:
            member = None  # «…, охранник охраняет Бобра, убиваем Лося»: the boss himself
        elif n and clause[kw.i].w not in lex.third:
            member = base
        lo = max(kws[n - 1].j if n > 0 else start, used)
        mark = len(items)
        hypo = hypothetical(clause, kw.i, excluded)
        if hypo:
            kw.hypothetical = hypo
        used = _read_move(ctx, member or ctx.sender, clause, kw, lo, hi, flags, items,
                          member is not None)
        last = _Prev(kw.cls, clause[0].start, member, items[mark:], clause)
    return last


def _on_his_own(clause: list[Tok], j: int) -> bool:
    """«сам», «сама» right after a third-person move word, not «сам себя»: the player named
    as its subject makes the move himself; the letter only tells about it."""
    if j >= len(clause) or clause[j].w not in ("сам", "сама", "сами"):
        return False
    nxt = clause[j + 1].w if j + 1 < len(clause) else ""
    return nxt not in V.SELF_WORDS


def _correction(ctx: _Ctx, clause: list[Tok], prev: _Prev | None, adjacent: bool,
                flags: dict, items: list[_Item]) -> bool:
    """A clause of one name that finishes or corrects the previous clause's move, whose
    items it replaces. «Линч: Бука. Хотя нет, Сергей.» (correction words, then the name) or
    «Линч:⏎Бука» (the move right before, ``adjacent``, had no target). True when the clause
    was one."""
    if prev is None:
        return False
    k = correction_end(clause)
    if k is None:
        k = _late_correction(clause)  # «ой, он же наш, нет — Остапа»
    if k is None:
        if not adjacent or not prev.items or not all(_open_move(it) for it in prev.items):
            return False
        k = 0
    while k < len(clause) and (not clause[k].word or clause[k].w in V.FILLERS or
                               clause[k].w in V.PREPOSITIONS):
        k += 1
    hit = name_index(ctx.nicks).exact([t.w for t in clause], k, None) if k < len(clause) else None
    if hit is None:
        return _retraction(ctx, clause, prev, adjacent, items)
    after = k + hit.length
    end = len(clause)
    if not only_fillers(clause, after, len(clause)):
        comma = next((n for n in range(after, len(clause)) if clause[n].w in (",", "(", "—")),
                     None)
        if comma is None or not only_fillers(clause, after, comma):
            return False
        end = comma  # «ой, то есть Ксюша, Таня наша»: a remark after the name
    before = len(items)
    _read_move(ctx, prev.member or ctx.sender, clause, Kw(prev.cls, k, k), k, end,
               flags, items, prev.member is not None)
    if len(items) > before:
        _keep_role(prev, items[before:])
        dropped = {id(it) for it in prev.items}
        items[:before] = [it for it in items[:before] if id(it) not in dropped]
    return True


def _retraction(ctx: _Ctx, clause: list[Tok], prev: _Prev, adjacent: bool,
                items: list[_Item]) -> bool:
    """«Голосую за Лося… Хотя нет, он же свой.»: a clause opening with a correction head and
    naming no player and no move takes back the move right before; the reply asks what stands
    instead (precision first). True when the clause was one."""
    k = correction_end(clause)
    if k is None or not adjacent or not prev.items or \
            not any(clause[n].w in V.CORRECTION_HEADS and clause[n].w not in ("есть", "тогда")
                    for n in range(k)):
        return False
    flags = clause_flags(clause)
    if flags["cancel"] is not None or flags["skip"] or \
            find_keywords(clause, set(), name_index(ctx.nicks)) or \
            any(t.word and t.w in V.WITHDRAW_WORDS for t in clause):
        return False
    dropped = {id(it) for it in prev.items}
    tried = next((it.move.action for it in prev.items if it.move is not None), "")
    if not tried:
        return False
    items[:] = [it for it in items if id(it) not in dropped]
    text = span(ctx.text, clause, 0, len(clause))
    items.append(_Item(clause[0].start, problem=problem(text, "unparsed", "retracted",
                                                        action=tried)))
    return True


def _open_move(it: _Item) -> bool:
    """A move still waiting for its target in the next clause: «Линч:⏎Бука» (no target) or
    the fan's «ищу шизика!⏎у Кузи» (the role without the player)."""
    if it.problem is not None:
        return it.problem.reason == "no_target"
    return it.move is not None and it.move.action == "search" and not it.move.target




def _late_correction(clause: list[Tok]) -> int | None:
    """Index after the last «нет» / «вернее» … of a clause when the clause ends with it and a
    name («ой, он же наш, нет — Остапа»): the correction words need not open the clause."""
    for k in range(len(clause) - 1, -1, -1):
        t = clause[k]
        if t.word and t.w in V.CORRECTION_HEADS and t.w != "есть":
            return k + 1
    return None


def _keep_role(prev: _Prev, new: list[_Item]) -> None:
    """«Ищу врача у Сов… ой, то есть у Остапа»: the corrected search keeps the role the
    corrected clause named."""
    rw = role_words()
    roles = {it.move.role for it in prev.items if it.move is not None and it.move.role}
    if not roles:
        roles = {rw[t.w] for t in prev.clause if t.word and t.w in rw} & set(ROLE_CIVILIANS)
        roles.discard("detective")
    for it in new:
        if it.move is not None and it.move.action == "search" and not it.move.role and \
                len(roles) == 1:
            it.move = replace(it.move, role=roles.pop())


def _read_move(ctx: _Ctx, actor: Actor, clause: list[Tok], kw: Kw, lo: int, hi: int,
               flags: dict, items: list[_Item], on_behalf: bool) -> int:
    """Read one keyword's move into ``items``; returns the index after its last target."""
    if kw.withdraw:
        return _withdraw(ctx, actor, clause, kw, lo, hi, flags, items, on_behalf)
    action = action_for(kw.cls, actor, ctx.turn)
    if action is None and kw.alt == V.VOTE and kw.cls in (V.FEAR, V.PARTNER, V.CHOOSE):
        kw = replace(kw, cls=kw.alt, alt=None)  # «на страх голосую за X»: not his «Страх»
        action = action_for(kw.cls, actor, ctx.turn)
    noun = kw.weak or clause[kw.i].w in V.NARRATIVE_NOUNS
    if _ordinary_speech(ctx, clause, kw, hi):
        return kw.j
    tg = read_targets(ctx, actor, clause, kw.j, hi, noun=noun, reported=kw.reported)
    if action == "guard" and not tg.hits and tg.roles:
        _clan_mate(ctx, actor, tg)
    if not tg.hits and tg.unknown is None and not tg.pronoun and not tg.roles and not tg.negated:
        back = read_back(ctx, actor, clause, lo, kw.i)
        if back is None and ctx.last_hit is not None and not noun:
            back = _pronoun_before(ctx, clause, lo, kw.i)
        if back is not None:
            tg.hits.append(back)
    elif not tg.hits and tg.pronoun:
        pointer = tg.end - 1
        # «Миралисса, лечу её»; never «кого попало», «всех», «тебя»
        back = antecedent(ctx, clause, lo, kw.i) if clause[pointer].w in _ADDRESSED else None
        explicit = clause[pointer].w in ("туда", "он", "она") or (
            pointer > 0 and clause[pointer - 1].w == "тоже") or (
            pointer + 1 < len(clause) and clause[pointer + 1].w == "же")  # «голос тоже ему»
        if back is None and clause[pointer].w in _POINTING and (not kw.weak or explicit):
            last_hit = ctx.last_hit or _named_before(ctx)
            if last_hit is not None:
                back = (last_hit[0], tg.end - 1, tg.end)  # «Проверяю Кузю и её же убиваем»
        if back is not None:
            tg.hits.append(back)
            tg.pronoun = False
    if len(tg.hits) == 1 and tg.hits[0][0].nick is not None and tg.hits[0][0].kind != "self":
        ctx.last_hit = (tg.hits[0][0],)
    first = min([kw.i] + [h[1] for h in tg.hits])
    last = max([kw.j, tg.end] + [h[2] for h in tg.hits])
    if not tg.hits and tg.unknown is None and not tg.pronoun:
        last = max(last, _last_word(clause, kw.j, hi))
    text = span(ctx.text, clause, first, _close_quote(clause, last))
    pos = clause[first].start
    used = max([kw.j] + [h[2] for h in tg.hits])
    if _tells(clause, kw, tg, max(used, tg.end), hi, noun):
        return used
    item = _judge(ctx, actor, kw, action, tg, text, flags, on_behalf)
    if item is None:
        return used
    if kw.hypothetical and (item.move is not None or item.tried):
        item = _Item(0, problem=problem(text, "unparsed", "conditional"), tried=item.tried)
    item.pos = pos
    if item.move is not None:
        item.move = item.move.with_span(text)
        if on_behalf:
            item = _behalf(ctx, actor, item, text)
            if item is None:
                return used
    items.append(item)
    return used


_PRONOUN_BEFORE = frozenset({"его", "ее", "её", "ей", "ему", "него", "нее", "неё", "нему",
                             "ней"})


_POINTING = _PRONOUN_BEFORE | {"туда", "он", "она"}


_ADDRESSED = _POINTING | {"тебя", "тебе", "тобой"}  # «Маруська, голосую за тебя»


def _named_before(ctx: _Ctx) -> tuple | None:
    """The one player the previous clause names («Сегодня в моём списке — Максик. Маньячу
    его.»), as ``(NameHit,)``; None when it names none or several."""
    prev = ctx.prev_clause
    if not prev:
        return None
    found = antecedent(ctx, prev, 0, len(prev))
    return (found[0],) if found is not None else None


def _pronoun_before(ctx: _Ctx, clause: list[Tok], lo: int, hi: int):
    """«…и её же убиваем»: a pronoun right before the keyword (fillers between) points at the
    letter's last target."""
    for k in range(hi - 1, lo - 1, -1):
        t = clause[k]
        if not t.word:
            continue
        if t.w in _PRONOUN_BEFORE:
            return ctx.last_hit[0], k, k + 1
        if t.w not in V.FILLERS:
            return None
    return None


def _ordinary_speech(ctx: _Ctx, clause: list[Tok], kw: Kw, hi: int) -> bool:
    """«Полечу в Сочи», «валим отсюда»: a word of the class's ``not_before`` list right after
    the keyword, and no nickname right after it, makes the keyword ordinary speech."""
    stop = lexicon().not_before.get(kw.cls)
    if not stop or kw.j >= hi or not clause[kw.j].word or clause[kw.j].w not in stop:
        return False
    if kw.j == kw.i + 1 and not is_verb(clause[kw.i].w):
        return False  # «лечение на эту ночь — Сова»: a noun does not fly anywhere
    nxt = kw.j + 1
    if nxt < hi and clause[nxt].word:
        return name_index(ctx.nicks).exact([t.w for t in clause], nxt, None) is None
    return True


_GIVE_PREPS = frozenset({"на", "за", "в"})


def _withdraw(ctx: _Ctx, actor: Actor, clause: list[Tok], kw: Kw, lo: int, hi: int,
              flags: dict, items: list[_Item], on_behalf: bool) -> int:
    """«Снимаю голос с X» (no vote for X, earlier votes for X in the letter are dropped),
    «… и отдаю Y» (a vote for Y)."""
    give = next((k for k in range(kw.j, hi) if clause[k].word and
                 clause[k].w in V.TRANSFER_WORDS), None)
    if give is None and kw.j < hi and clause[kw.j].w in ("с", "со"):
        # «голос с Кузнеца (переношу) на Бобра»: the vote goes on at «на» / «за»
        give = next((k for k in range(kw.j + 2, hi) if clause[k].w in ("на", "за")), None)
    tg = read_targets(ctx, actor, clause, kw.j, give if give is not None else hi)
    names = tuple(h.nick for h, _, _ in tg.hits if h.nick is not None) or ("*",)
    items.append(_Item(clause[kw.i].start, withdraw=names))
    if give is None:
        return max([kw.j, tg.end])
    return _read_move(ctx, actor, clause, Kw(V.VOTE, give, give + 1), give, hi, flags, items,
                      on_behalf)


def _clan_mate(ctx: _Ctx, actor: Actor, tg: Targets) -> None:
    """«Охраняю босса»: a guard naming a role of his own clan means its living holder
    (DECISIONS.md §4 Guard); the hit goes into ``tg.hits``. Nothing when none or several."""
    for role, k in zip(tg.roles, tg.role_at):
        if role not in CLAN_ROLES:
            continue
        mates = [n for n, p in ctx.state.players.items()
                 if p.clan == actor.clan and p.alive and actor_of(ctx.state, n).role == role]
        if len(mates) == 1:
            tg.hits.append((NameHit(mates[0], (mates[0],), "role"), k, k + 1))
            return


def _subject(ctx: _Ctx, clause: list[Tok], kw: Kw) -> tuple[int, int] | None:
    """``(first, end)`` tokens of the nickname or role word right before a third-person move
    word («Маруська проверяет …», «а Страж охраняет …»), or None."""
    if clause[kw.i].w not in lexicon().third:
        return None
    k = kw.i - 1
    while k >= 0 and (clause[k].w in ("«", "»", '"') or clause[k].w in _SUBJECT_SKIP):
        k -= 1
    if k < 0 or not clause[k].word:
        return None
    if clause[k].w in role_words():
        return k, k + 1
    words = [t.w for t in clause]
    for first in range(max(0, k - 2), k + 1):  # multi-word nicknames end at k
        hit = _nick_at(ctx, clause, words, first)
        if hit is not None and first + hit.length == k + 1:
            return first, k + 1
    return None


#: Words between a subject and its third-person verb («Лиса пусть ворует …»).
_SUBJECT_SKIP = frozenset({"пусть", "тоже", "сегодня", "же", "снова", "опять", "ночью",
                           "сегодня-то", "пускай", "теперь"})


_OTHERS = frozenset({"кто-нибудь", "кто-то", "кто", "он", "она", "они", "все", "всё", "никто",
                     "каждый", "любой", "кто-либо", "тот", "та", "который", "которая"})


def _talk_of_others(clause: list[Tok], kw: Kw, lex) -> bool:
    """A third-person move word whose subject is somebody unnamed («пусть кто-нибудь
    проверит Дениса», «он проверяет всех»): talk, not a move."""
    if clause[kw.i].w not in lex.third:
        return False
    k = kw.i - 1
    while k >= 0 and clause[k].w in _SUBJECT_SKIP:
        k -= 1
    return k >= 0 and clause[k].word and clause[k].w in _OTHERS


def _nick_at(ctx: _Ctx, clause: list[Tok], words: list[str], k: int) -> NameHit | None:
    """The nickname written at token ``k``: a case form, or — for a capitalised word that is
    no dictionary word — a part, prefix or pet form of a nickname («Женя» for «Zhenya-K»,
    «Пеппер» for «Dr.Pepper»); may be ambiguous (``nick`` None)."""
    idx = name_index(ctx.nicks)
    hit = idx.exact(words, k, None)
    if hit is not None or not clause[k].word or not clause[k].cap or len(words[k]) < 3:
        return hit
    if words[k] in role_words():
        return None
    approx = idx.approximate(words[k])
    if approx is None or approx.kind == "fuzzy":
        return None
    return approx


def _subject_actor(ctx: _Ctx, clause: list[Tok], subject: tuple[int, int],
                   member: Actor | None, items: list[_Item]):
    """Who makes the move whose subject is written before it. The sender himself (his nick
    or role word): his own move (``member`` unchanged). For a boss, a member of his clan: a
    move for that member (DECISIONS.md §4 Boss (c)); another clan's player: still read, to
    be refused. For anyone else another player's name is talk about him: ``False``."""
    first, end = subject
    words = [t.w for t in clause]
    hit = _nick_at(ctx, clause, words, first)
    if hit is not None and hit.nick == ctx.sender.nick:
        return member
    if ctx.sender.role != "boss":
        return member if hit is None else False  # a role word: «Комиссар проверяет X»
    ref = _member_ref(ctx, clause, first)
    if ref is None or ref[1] != end:
        return member
    if isinstance(ref[0], Problem):
        items.append(_Item(clause[first].start, problem=ref[0]))
        return False
    return ref[0]


def _before_refused(ctx: _Ctx, clause: list[Tok], lo: int, neg: int, hi: int) -> int:
    """«Зову Бобра, а Кузю не зову»: the name written right before a negated move word
    belongs to the refusal, not to the move before it; returns the new end of that move."""
    k = neg - 1
    while k >= lo and clause[k].w == V.NEGATION:
        k -= 1
    if k >= lo and clause[k].word and name_index(ctx.nicks).exact(
            [t.w for t in clause], k, None) is not None:
        return min(hi, k)
    return hi


def _tells(clause: list[Tok], kw: Kw, tg: Targets, after: int, hi: int, noun: bool) -> bool:
    """True when a noun keyword with its name is part of a sentence about the game, not an
    order: «голос у Буки сегодня неуверенный», «защита Буки выглядела странно», «думаю, что
    линч Буки — ошибка», «кто за линч Буки — пишите». An order form («голос: Бука …») and
    «Линч …» opening the clause stay orders; a comma ends what is looked at."""
    if tg.statement and not tg.hits:
        return False  # «X — это …»: _judge drops it
    if not tg.hits or order_form(clause, kw):
        return False
    if not (kw.reported or kw.weak or (noun and kw.i > _first_word_at(clause))):
        return False
    if any(t.w in lexicon().first for t in clause[kw.i:kw.j]):
        return False  # «Зову в гости Гостя, тавтология»: a first-person verb orders
    for t in clause[after:hi]:
        if not t.word and t.w in (",", "(", ":"):
            return False  # «Голос за Ворона: он молчит»: the reason after a colon
        if t.word and not t.w.isdigit() and t.w not in V.FILLERS and t.w not in V.PREPOSITIONS:
            return True
    return False


def _first_word_at(clause: list[Tok]) -> int:
    return next((k for k, t in enumerate(clause) if t.word), 0)


def _behalf(ctx: _Ctx, member: Actor, item: _Item, text: str) -> _Item | None:
    """Wrap a boss's move for ``member`` (DECISIONS.md §4 Boss (c)); votes stay personal.
    «X оставил ход на моё усмотрение» is the boss's report, not a move (None)."""
    inner = item.move
    if inner.action == "delegate":
        return None
    if inner.action in ("vote", "delegate", "hunt", "mortar", "fear_choice", "partner"):
        return _Item(item.pos, problem=problem(text, "not_allowed", "vote_on_behalf"
                                               if inner.action == "vote" else "not_your_role"))
    move = Move("on_behalf", member=member.nick, move=replace(inner, span=""), span=text)
    return _Item(item.pos, move=move, tried="on_behalf")


def _last_word(clause: list[Tok], lo: int, hi: int) -> int:
    """Index after the last word (or colon) of ``clause[lo:hi]``."""
    last = lo
    for k in range(lo, min(hi, len(clause))):
        if clause[k].word or clause[k].w == ":":
            last = k + 1
    return last


_CLOSING = frozenset({"»", '"', "”", "'"})


def _close_quote(clause: list[Tok], last: int) -> int:
    """Take a closing quote right after the span into it."""
    return last + 1 if last < len(clause) and clause[last].w in _CLOSING else last


def _judge(ctx: _Ctx, actor: Actor, kw: Kw, action: str | None, tg: Targets, text: str,
           flags: dict, on_behalf: bool) -> _Item | None:
    """Decide what one keyword with its targets is: a move, a problem, or chatter (None)."""
    if action == "delegate":
        return _Item(0, move=Move("delegate"), tried="delegate")
    if kw.hypothetical is True and kw.weak:
        return None  # «я бы Диму в пару взял»: a wish, not a move
    if action == "fear_choice" and [h.nick for h, _, _ in tg.hits] == [actor.nick]:
        return None  # «Страх выбрал меня»: a statement
    if kw.cls == V.DELEGATE:
        # a boss writing «X оставил ход на моё усмотрение» reports, he does not order
        return None if actor.role == "boss" or kw.weak else _refuse_role(kw, text)
    if action is None and kw.cls in (V.CHOOSE, V.AWARD):
        return None
    if action == ASK:
        return _Item(0, problem=problem(text, "unparsed", "kill_or_hunt"), tried="hunt")
    if tg.nobody and not tg.hits:
        # «Линч: никого», «голосую ни за кого»: no abstaining vote
        return _abstain(text) if action == "vote" and tg.nobody_named else None
    if action == "search" and tg.roles and not tg.hits and tg.unknown is None:
        return _fan_role_only(ctx, tg, text)
    if not tg.hits:
        if tg.retracted and action is not None:
            return _Item(0, problem=problem(text, "unparsed", "retracted", action=action),
                         tried=action)
        if tg.unknown is not None and not kw.weak:
            if action is None:
                return _refuse_role(kw, text)
            return _Item(0, problem=problem(text, "unknown_name", "unknown_name",
                                            word=tg.unknown[0]), tried=action)
        if flags["other_day"] is False and (flags["keep"] or flags["later"]):
            return None  # «линч прежний», «линч потом напишу»: no problem
        if flags["other_day"] is False and flags["abstain"]:
            return _abstain(text) if action == "vote" else None  # «Линч: воздержусь»
        if tg.statement and not flags["other_day"]:
            return None  # «Мирная охота — это зло»: a statement about the move
        if tg.thing and not flags["other_day"] and not tg.pronoun:
            return None  # «Проверю почту вечером»: the verb's object is no player
        if (kw.weak or action is None) and not flags["other_day"]:
            return None
        if action is None and kw.cls in (V.CHOOSE,):
            return None
        reason = "other_day" if flags["other_day"] else ("pronoun" if tg.pronoun else "no_target")
        if flags["skip"] and reason == "pronoun":
            return None
        return _Item(0, problem=problem(text, "unparsed", reason), tried=action or "")
    if action is None:
        one = tg.hits[0][0].nick if len(tg.hits) == 1 else None
        return _refuse_role(kw, text, one or "")
    if tg.alternative and len(tg.hits) > 1:
        names = tuple(dict.fromkeys(c for h, _, _ in tg.hits
                                    for c in (h.candidates if h.nick is None else (h.nick,))))
        return _Item(0, problem=problem(text, "ambiguous", "alternatives", candidates=names),
                     tried=action)
    if len(tg.hits) > max_targets(action, ctx.turn):
        reason = "too_many_votes" if action == "vote" else "too_many_targets"
        return _Item(0, problem=problem(text, "not_allowed", reason, action=action), tried=action)
    tg.hits = [(_settle(ctx, actor, action, h), i, j) for h, i, j in tg.hits]
    bad = [h for h, _, _ in tg.hits if h.nick is None]
    if bad:
        return _Item(0, problem=problem(text, "ambiguous", "ambiguous",
                                        candidates=bad[0].candidates), tried=action)
    targets = [h.nick for h, _, _ in tg.hits]
    for t in targets:
        if t not in ctx.alive:
            return _Item(0, problem=problem(text, "not_allowed", "target_dead", action=action,
                                            target=t), tried=action)
        if repeats_last(ctx.state, actor, action, t):
            return _Item(0, problem=problem(text, "not_allowed", "same_target_twice",
                                            action=action, target=t), tried=action)
    move = _make_move(ctx, action, targets, tg, text)
    if isinstance(move, Problem):
        return _Item(0, problem=move, tried=action)
    return _Item(0, move=move, tried=action)


def _abstain(text: str, pos: int = 0) -> _Item:
    """«Воздерживаюсь», «Линч: никого», «не голосую»: there is no abstaining vote
    (DECISIONS.md §6–7: a living player without a lynch vote gets an autokill point). No move;
    a problem whose message tells the player so and how to vote."""
    return _Item(pos, problem=problem(text, "not_allowed", "abstain", action="vote"),
                 tried="vote")


#: «не голосую», «голосовать не буду»: the forms of a refusal to vote (not «не повесим»).
_VOTE_FORMS = frozenset({"голосую", "голосовать", "проголосую", "проголосовать"})
#: «пока не голосую», «голосовать не буду, подожду вечера»: the vote is put off, not refused.
_NOT_YET = frozenset({"пока", "еще", "позже", "потом", "попозже", "завтра", "вечером",
                      "сейчас", "подожду", "напишу"})


def _refuses_to_vote(ctx: _Ctx, clause: list[Tok], kw: Kw, hi: int) -> bool:
    """True when a negated vote word refuses to vote at all («не голосую», «голосовать не
    буду»): a first-person or infinitive form, no player named, nothing put off."""
    return (kw.cls == V.VOTE and not kw.withdraw and clause[kw.i].w in _VOTE_FORMS and
            not any(t.word and t.w in _NOT_YET for t in clause) and
            not _names_in(ctx, clause, kw.j, hi))


def _names_in(ctx: _Ctx, clause: list[Tok], lo: int, hi: int) -> bool:
    """True when a roster name is written in ``clause[lo:hi]``."""
    idx = name_index(ctx.nicks)
    words = [t.w for t in clause]
    return any(clause[k].word and idx.exact(words, k, None) for k in range(lo, hi))


def _settle(ctx: _Ctx, actor: Actor, action: str, hit: NameHit) -> NameHit:
    """A name that fits several players: keep the readings the game allows for ``action``
    (a living player, not yesterday's target of a no-repeat move). One left: that player;
    else the hit stays ambiguous (issue 11: never guess)."""
    if len(hit.candidates) < 2:
        return hit
    fit = [c for c in hit.candidates
           if c in ctx.alive and not repeats_last(ctx.state, actor, action, c)]
    if len(fit) > 1 and ctx.sender.nick in fit and hit.kind != "exact":
        fit.remove(ctx.sender.nick)  # a player names himself «себя», «меня», not by a pet form
    if hit.nick is not None:  # read by its case; another reading only if the game rules it out
        if hit.nick in fit or len(fit) != 1:
            return NameHit(hit.nick, (hit.nick,), hit.kind, hit.length)
        return NameHit(fit[0], (fit[0],), hit.kind, hit.length)
    if len(fit) == 1:
        return NameHit(fit[0], (fit[0],), hit.kind, hit.length)
    if fit and len(fit) < len(hit.candidates):
        return NameHit(None, tuple(fit), hit.kind, hit.length)
    return hit


def _refuse_role(kw: Kw, text: str, target: str = "") -> _Item | None:
    """A move word the sender's role (or today's event) does not give him."""
    if kw.cls == V.MORTAR:
        return _Item(0, problem=problem(text, "not_your_role", "no_mortar", action="mortar",
                                        target=target))
    if kw.cls in (V.PARTNER, V.FEAR, V.CHOOSE):
        action = {V.PARTNER: "partner", V.FEAR: "fear_choice"}.get(kw.cls, "")
        return _Item(0, problem=problem(text, "not_your_role", "not_event", action=action,
                                        target=target))
    action = "delegate" if kw.cls == V.DELEGATE else _class_action_hint(kw.cls)
    return _Item(0, problem=problem(text, "not_your_role", "not_your_role", action=action,
                                    target=target))


def _class_action_hint(cls: str) -> str:
    table = V.CLASS_ACTIONS.get(cls, {})
    return next(iter(table.values()), "") if table else ""


def _make_move(ctx: _Ctx, action: str, targets: list[str], tg: Targets,
               text: str) -> Move | Problem:
    if action == "search":
        role = next((r for r in tg.roles if r in ROLE_CIVILIANS), None)
        if role is not None and role != "detective":
            if _detective_alive(ctx):
                return problem(text, "not_allowed", "detective_alive", action="search",
                               target=targets[0])
            return Move("search", target=targets[0], role=role)
        return Move("search", target=targets[0])
    if len(targets) > 1:
        return Move(action, targets=tuple(targets))
    return Move(action, target=targets[0])


def _fan_role_only(ctx: _Ctx, tg: Targets, text: str) -> _Item | None:
    role = next((r for r in tg.roles if r in ROLE_CIVILIANS), None)
    if role is None or role == "detective":
        return _Item(0, problem=problem(text, "unparsed", "no_target"), tried="search")
    if _detective_alive(ctx):
        return _Item(0, problem=problem(text, "not_allowed", "detective_alive", action="search"),
                     tried="search")
    return _Item(0, move=Move("search", role=role), tried="search")


def _detective_alive(ctx: _Ctx) -> bool:
    return any(p.alive and p.role == "detective" and p.clan is None
               for p in ctx.state.players.values())


# --- targets ---------------------------------------------------------------------------------


# --- boss moving for a member ------------------------------------------------------------------


def _member_prefix(ctx: _Ctx, clause: list[Tok], pending: Actor | None, items: list[_Item]):
    """For a boss: «за вора: …», «вор ворует у X», «За Ягуарчика —» (then the next clause).

    Returns ``(member actor | None | False, first token of the move, pending member)``;
    ``False`` means the clause is used up (a refusal or a bare «за вора:» header).
    """
    sender = ctx.sender
    if sender.role != "boss":
        return None, 0, None
    words = [t for t in clause if t.word]
    if not words:
        return pending, 0, None
    k = _za_prefix(clause)
    ref = _member_ref(ctx, clause, k)
    if ref is None:
        if pending is not None and find_keywords(clause, set(), name_index(ctx.nicks)):
            return pending, 0, None
        return None, 0, None
    member, end = ref
    if isinstance(member, Problem):
        items.append(_Item(clause[0].start, problem=member))
        return False, 0, None
    rest = [t for t in clause[end:] if t.word]
    if not rest:
        return False, 0, member
    return member, end, None


def _za_prefix(clause: list[Tok]) -> int:
    """Tokens of «за» / «ход за» before a member's name (0 when the clause has none)."""
    if clause[0].word and clause[0].w == "за":
        return 1
    if len(clause) > 1 and clause[0].w == "ход" and clause[1].w == "за":
        return 2
    return 0


def _member_ref(ctx: _Ctx, clause: list[Tok], k: int):
    """The clan member named at token ``k`` (by role word or nickname) → (Actor|Problem, end)."""
    if k >= len(clause) or not clause[k].word:
        return None
    w = clause[k].w
    role = role_words().get(w)
    text = span(ctx.text, clause, 0, len(clause))
    if role in _MEMBER_ROLES:
        for nick, p in ctx.state.players.items():
            if p.clan == ctx.sender.clan and p.role == role and p.alive:
                return actor_of(ctx.state, nick), k + 1
        return problem(text, "not_allowed", "no_such_member"), k + 1
    hit = _nick_at(ctx, clause, [t.w for t in clause], k)
    if hit is not None and hit.nick is None:
        mates = [c for c in hit.candidates if c != ctx.sender.nick and c in ctx.alive and
                 ctx.state.players[c].clan == ctx.sender.clan]
        hit = NameHit(mates[0], (mates[0],), hit.kind, hit.length) if len(mates) == 1 else None
    if hit is None or hit.nick is None:
        return None
    if k == 0 and not _opens_move(clause, hit.length):
        return None  # «Страж молодец, …» is chatter; «Страж охраняет …», «Страж: …» a move
    p = ctx.state.players[hit.nick]
    if hit.nick == ctx.sender.nick:
        return None
    if p.clan != ctx.sender.clan:
        return None
    if not p.alive:
        return problem(text, "not_allowed", "target_dead", target=hit.nick), k + hit.length
    return actor_of(ctx.state, hit.nick), k + hit.length


def _opens_move(clause: list[Tok], k: int) -> bool:
    """True when token ``k`` (after fillers such as «пусть») is a colon, a dash or a move
    word."""
    while k < len(clause) and clause[k].word and clause[k].w in V.FILLERS:
        k += 1
    if k >= len(clause):
        return False
    t = clause[k]
    return t.w in (":", "—", "→") if not t.word else t.w in lexicon().words


# --- swindler's branches ----------------------------------------------------------------------


def _read_branches(ctx: _Ctx, clause: list[Tok], items: list[_Item],
                   branches: list[tuple[str, Move, int]], excluded: set[int]) -> None:
    """Find «если <роль> — <ход>» branches of a swindler's letter in a clause."""
    rw = role_words()
    heads = [k for k, t in enumerate(clause)
             if t.word and rw.get(t.w) in _SWINDLE_ROLES and _is_branch_head(clause, k)]
    for n, k in enumerate(heads):
        hi = heads[n + 1] if n + 1 < len(heads) else len(clause)
        lo = _branch_start(clause, k)
        excluded.update(range(lo, hi))
        role = rw[clause[k].w]
        _read_branch(ctx, clause, role, k, hi, lo, items, branches)


def _is_branch_head(clause: list[Tok], k: int) -> bool:
    """«если доктор …», or a role word with an arrow, colon or dash after it («Маньяк: …»);
    «Доктор, вылечи меня» and «Маньяк сегодня опять будет резать» are chatter."""
    before = [t.w for t in clause[max(0, k - 3):k]]
    if "если" in before:
        return True
    nxt = clause[k + 1].w if k + 1 < len(clause) else ""
    return nxt in ("→", ":", "—") and (k == 0 or not clause[k - 1].word or
                                       clause[k - 1].w in V.BRANCH_OPENERS)


def _branch_start(clause: list[Tok], k: int) -> int:
    lo = k
    for j in range(k - 1, max(-1, k - 4), -1):
        if clause[j].w == "если":
            return j
        if clause[j].word and clause[j].w not in V.BRANCH_OPENERS:
            break
        lo = j if not clause[j].word or clause[j].w in V.BRANCH_OPENERS else lo
    return lo


def _read_branch(ctx: _Ctx, clause: list[Tok], role: str, k: int, hi: int, lo: int,
                 items: list[_Item], branches: list[tuple[str, Move, int]]) -> None:
    kws = [kw for kw in find_keywords(clause[:hi], set(), name_index(ctx.nicks))
           if k < kw.i < hi]
    action = V.ROLE_DEFAULT_ACTION[role]
    start = k + 1
    text_hi = hi
    if kws:
        kw = kws[0]
        start = kw.j
        if kw.cls not in V.BRANCH_CLASSES[role]:
            items.append(_Item(clause[lo].start, problem=problem(
                span(ctx.text, clause, lo, _last_word(clause, k, hi)), "not_allowed",
                "branch_mismatch")))
            return
    tg = read_targets(ctx, ctx.sender, clause, start, text_hi)
    last = max([start, tg.end] + [h[2] for h in tg.hits])
    text = span(ctx.text, clause, lo, last if tg.hits or tg.unknown else _last_word(clause, k, hi))
    pos = clause[lo].start
    if not tg.hits:
        kind, reason = ("unknown_name", "unknown_name") if tg.unknown else ("unparsed", "no_target")
        word = tg.unknown[0] if tg.unknown else ""
        items.append(_Item(pos, problem=problem(text, kind, reason, word=word)))
        return
    tg.hits = [(_settle(ctx, ctx.sender, action, h), i, j) for h, i, j in tg.hits]
    if tg.hits[0][0].nick is None:
        items.append(_Item(pos, problem=problem(text, "ambiguous", "ambiguous",
                                                candidates=tg.hits[0][0].candidates)))
        return
    targets = [h.nick for h, _, _ in tg.hits]
    if len(targets) > 1:
        items.append(_Item(pos, problem=problem(text, "not_allowed", "too_many_targets",
                                                action=action)))
        return
    if targets[0] not in ctx.alive:
        items.append(_Item(pos, problem=problem(text, "not_allowed", "target_dead",
                                                target=targets[0])))
        return
    sought = next((r for r in tg.roles if r in ROLE_CIVILIANS and r != "detective"), None)
    move = Move(action, target=targets[0], span=text,
                role=sought if action == "search" else None)
    branches.append((role, move, pos))


def _attach_branches(ctx: _Ctx, items: list[_Item], branches: list[tuple[str, Move, int]]) -> None:
    """Put the branches into the letter's swindle move (the last branch per role wins)."""
    swindles = [it for it in items if it.move is not None and it.move.action == "swindle"]
    if not swindles:
        if any(it.tried == "swindle" for it in items):
            return  # the swindle itself is already a question to the player
        first = min(pos for _, _, pos in branches)
        text = "; ".join(m.span for _, m, _ in branches)
        items.append(_Item(first, problem=problem(text, "unparsed", "branch_without_target")))
        return
    by_role: dict[str, Move] = {}
    for role, move, _ in branches:
        by_role[role] = move
    ordered = tuple((r, by_role[r]) for r in _SWINDLE_ROLES if r in by_role)
    for it in swindles:
        it.move = replace(it.move, branches=ordered)


# --- letter level ----------------------------------------------------------------------------


def _finish(ctx: _Ctx, items: list[_Item]) -> tuple[list[Move], list[Problem]]:
    """Merge votes, refuse conflicting duplicates and excluded hunts, refuse a dead sender."""
    items.sort(key=lambda it: it.pos)
    items = _withdrawn(_corrected(ctx, items))
    done = {it.move.action for it in items if it.move is not None}
    items = [it for it in items if not (it.problem is not None and it.tried in done and
                                        it.problem.reason in ("no_target", "conditional",
                                                              "abstain"))]
    items = _merge_votes(ctx, items)
    items = _merge_duplicates(ctx, items)
    if any(it.move is not None and it.move.action in _OWN_ROLE_MOVES for it in items):
        # «ворую у X; убить предлагаю Y, но решай сам»: his own move stands, «решай сам» is
        # about the suggestion
        items = [it for it in items if it.move is None or it.move.action != "delegate"]
    items = _search_role(ctx, items)
    items = _exclude_hunt(ctx, items)
    moves: list[Move] = []
    problems: list[Problem] = []
    for it in items:
        if not ctx.sender.alive and (it.move is not None or it.tried):
            if it.move is not None:
                problems.append(problem(it.move.span, "not_allowed", "dead",
                                        action=it.move.action, target=it.move.target or ""))
            else:
                problems.append(problem(it.problem.text, "not_allowed", "dead", action=it.tried,
                                        target=it.problem.target or ""))
        elif it.move is not None:
            moves.append(it.move)
        elif it.problem is not None:
            problems.append(it.problem)
    return moves, problems


_OWN_ROLE_MOVES = frozenset({"rob", "guard"})


def _item_key(it: _Item) -> tuple:
    if it.move is not None:
        return _key(it.move)
    return (it.tried, "", "")


def _corrected(ctx: _Ctx, items: list[_Item]) -> list[_Item]:
    """A correction mark («нет», «то есть», «хотя нет», «UPD», «передумал») between two moves
    of the same kind keeps only the later one (issue 11)."""
    for mark in sorted(set(ctx.marks)):
        after = {_item_key(it) for it in items if it.pos >= mark and (it.move or it.tried)}
        if any(it.withdraw is not None and it.pos >= mark for it in items):
            after.discard(("vote", "", ""))  # «UPD: снимаю голос с X, второй — за Y»
        items = [it for it in items
                 if it.pos >= mark or not (it.move or it.tried) or _item_key(it) not in after]
    return items


def _withdrawn(items: list[_Item]) -> list[_Item]:
    """Drop the votes a later «снимаю голос с X» takes back, and the withdrawal items."""
    out: list[_Item] = []
    for it in items:
        if it.withdraw is None:
            out.append(it)
            continue
        names = set(it.withdraw)
        kept: list[_Item] = []
        for o in out:
            if o.move is not None and o.move.action == "vote":
                targets = o.move.targets or (o.move.target,)
                left = [t for t in targets if "*" not in names and t not in names]
                if len(left) == len(targets):
                    kept.append(o)
                elif left:  # «снимаю голос с Бульдозера»: the other vote stays
                    kept.append(_Item(o.pos, move=replace(o.move, target=left[0], targets=())
                                      if len(left) == 1 else replace(o.move, targets=tuple(left)),
                                      tried="vote"))
            elif not (o.move is None and o.tried == "vote" and "*" in names):
                kept.append(o)
        out = kept
    return out


def _merge_votes(ctx: _Ctx, items: list[_Item]) -> list[_Item]:
    votes = [it for it in items if it.move is not None and it.move.action == "vote"]
    if len(votes) < 2:
        return items
    targets: list[str] = []
    for it in votes:
        targets.extend(it.move.targets or (it.move.target,))
    limit = ctx.turn.votes_per_player
    if limit == 1:
        targets = list(dict.fromkeys(targets))
    text = " / ".join(it.move.span for it in votes)
    rest = [it for it in items if it not in votes]
    if len(targets) > limit:
        p = problem(text, "not_allowed", "too_many_votes", action="vote")
        return rest + [_Item(votes[0].pos, problem=p, tried="vote")]
    move = (Move("vote", target=targets[0]) if len(targets) == 1
            else Move("vote", targets=tuple(targets))).with_span(text)
    merged = rest + [_Item(votes[0].pos, move=move, tried="vote")]
    merged.sort(key=lambda it: it.pos)
    return merged


def _key(move: Move) -> tuple:
    inner = move.move.action if move.move is not None else ""
    return move.action, move.member or "", inner


def _merge_duplicates(ctx: _Ctx, items: list[_Item]) -> list[_Item]:
    groups: dict[tuple, list[_Item]] = {}
    for it in items:
        if it.move is not None:
            groups.setdefault(_key(it.move), []).append(it)
    drop: set[int] = set()
    extra: list[_Item] = []
    for key, group in groups.items():
        if len(group) < 2:
            continue
        first = group[0].move
        if key[0] == "search":
            merged = _merge_search(group)
            if merged is not None:
                drop.update(id(g) for g in group[1:])
                group[0].move = merged
                continue
        if all(first == g.move for g in group[1:]):
            drop.update(id(g) for g in group[1:])
            continue
        if key[0] == "clan_kill" and max_targets("clan_kill", ctx.turn) == 2:
            targets = list(dict.fromkeys(t for g in group for t in (g.move.targets or (g.move.target,))))
            if len(targets) <= 2:
                drop.update(id(g) for g in group)
                text = " / ".join(g.move.span for g in group)
                extra.append(_Item(group[0].pos, move=Move("clan_kill", targets=tuple(targets),
                                                          span=text), tried="clan_kill"))
                continue
        drop.update(id(g) for g in group)
        text = " / ".join(g.move.span for g in group)
        extra.append(_Item(group[0].pos, problem=problem(text, "not_allowed", "conflicting",
                                                         action=key[0]), tried=key[0]))
    out = [it for it in items if id(it) not in drop] + extra
    out.sort(key=lambda it: it.pos)
    return out


def _search_role(ctx: _Ctx, items: list[_Item]) -> list[_Item]:
    """The fan searches for the detective unless she names another role; once the detective
    is dead, a search that names no role is a question (which role?)."""
    me = ctx.state.players.get(ctx.sender.nick)
    if me is None or ctx.sender.role != "fan" or me.fan_search_role != "detective" or \
            _detective_alive(ctx):
        return items
    out = []
    for it in items:
        if it.move is not None and it.move.action == "search" and not it.move.role:
            it = _Item(it.pos, problem=problem(it.move.span, "unparsed", "search_role"),
                       tried="search")
        out.append(it)
    return out


def _merge_search(group: list[_Item]) -> Move | None:
    """«Ищу врача. Проверяю X» → one search for X with the role named."""
    roles = {g.move.role for g in group if g.move.role}
    targets = {g.move.target for g in group if g.move.target}
    if len(roles) > 1 or len(targets) > 1:
        return None
    spans = " / ".join(g.move.span for g in group)
    return Move("search", target=next(iter(targets), None), role=next(iter(roles), None),
                span=spans)


def _exclude_hunt(ctx: _Ctx, items: list[_Item]) -> list[_Item]:
    """DECISIONS.md §4–5: a hunt in the same letter as a role move that excludes it (even one
    refused for its target) is refused; :func:`engine.legality.hunt_refusal` decides and
    :func:`engine.legality.refusal_problem` words it, as in the reply and the resolver."""
    reason = hunt_refusal({it.tried for it in items if it.tried})
    if reason is None:
        return items
    out = []
    for it in items:
        if it.move is not None and it.move.action == "hunt":
            out.append(_Item(it.pos, problem=refusal_problem(ctx.state, ctx.turn, it.move, reason),
                             tried="hunt"))
        else:
            out.append(it)
    return out