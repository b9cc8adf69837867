"""The parser's working records (engine.parse): a read item, the last move read, the letter's
context; a nickname at a token, the last word of a span.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import grammar_vocab as V
from .grammar_rules import Actor, problem
from .grammar_tokens import Tok, clause_words
from .model import Move, Problem, TurnInfo
from .names import NameHit, name_index
from .names_near import short_prefix_owners
from .words import role_words
from .roles import CLAN_ROLES, ROLE_CIVILIANS
from .state import GameState


SWINDLE_ROLES = tuple(r for r in ROLE_CIVILIANS if r != "swindler")


MEMBER_ROLES = frozenset(CLAN_ROLES) - {"boss"}


DEFAULT_CLASS = {"thief": V.ROB, "guard": V.GUARD, "maniac": V.MANIAC}


@dataclass
class Item:
    """A move or a problem, with its offset in the letter (for order and cancelling)."""

    pos: int
    move: Move | None = None
    problem: Problem | None = None
    tried: str = ""  # the action the player tried (hunt exclusion)
    withdraw: tuple[str, ...] | None = None  # «снимаю голос с X»: votes taken back ("*": all)
    via_check: bool = False  # the fan's «проверяю X» read as her search (no check left)
    retracted: str = ""  # the action a «хотя нет, стоп» took back (its problem asks)
    later: bool = False  # a plan for another day («завтра проверю X»), asked about
    also: "Item | None" = None  # a problem read with this move («Таню и Бармалея»: who?)
    member_kill: bool = False  # the clan kill a boss told through a member («Индеец стреляет в X»)
    advised: bool = False  # a kill a member puts to his boss («Шеф, предлагаю X»), asked
    #: what a bare «Нет, передумал.» took back (engine.parse_retraction): given back when the
    #: next move changes an earlier move of another kind (engine.parse_finish._misplaced_back)
    restore: list = field(default_factory=list)
    #: targets a later «нет, X не надо» took off this move (engine.parse_correct): a «вместо
    #: него Y» right after still finds the move by X (engine.parse_swap)
    spared: tuple[str, ...] = ()
    #: the players a vote told in the past or under a condition named («писала, что голосую
    #: за X»): a later «снимаю голос с X» answers its question (engine.parse_finish)
    aimed: tuple[str, ...] = ()
    #: the role the fan named with no player («Ищу своего детектива»): asked alone, a heading
    #: when another sentence of the letter gives her search its player
    sought: str = ""
    #: an invitation's unknown word that stands in what the guest is asked to («на наливочку
    #: из черноплодки», «на Кагор»): dropped when the letter invites a player (parse_finish)
    occasion: bool = False


@dataclass
class Prev:
    """The last move keyword read: a next clause of one name may finish or correct it."""

    cls: str
    start: int  # offset of its clause in the letter
    member: Actor | None = None  # the clan member a boss moved for
    items: list[Item] = field(default_factory=list)  # what reading it gave
    clause: list = field(default_factory=list)  # its tokens (roles named with it)
    asked: bool = False  # read from a question («Голосую за X? нет… за Y»)
    #: its keyword was no order («Может, завтра стоит убрать X»): a correction of it is none
    hypothetical: bool | str = False
    #: the players offered as its choice («Охраняю… X или Y?», «валю X или Y»): a later
    #: sentence of one of them alone settles it (engine.parse_choice.final_choice)
    offered: frozenset[str] = frozenset()


@dataclass
class Ctx:
    """What the parser knows of the letter it reads: its text, the game, the sender, the
    roster and the living, and what earlier clauses left (the last target, corrections)."""

    text: str
    state: GameState
    turn: TurnInfo
    sender: Actor
    nicks: tuple[str, ...]
    alive: frozenset[str]
    last_hit: tuple | None = None  # (NameHit,) of the last move's single target: «её же»
    last_hit_at: int = -1  # offset of the clause ``last_hit`` was read in
    last_hit_end: int = -1  # offset right after ``last_hit``'s name as written
    last_hit_cap: bool = False  # ``last_hit``'s name written with a capital
    marks: list[int] = field(default_factory=list)  # offsets of corrections («хотя нет»)
    prev_clause: list = field(default_factory=list)  # the clause before (pronoun antecedent)
    earlier: list = field(default_factory=list)  # the clause before that one
    here: int = -1  # offset of the clause being read (pronoun antecedents in the text before)
    today: list = field(default_factory=list)  # items of a swindler's «Сегодня — X»
    open_branch: tuple | None = None  # (role, problem item) of a branch left without target
    idle_branches: list = field(default_factory=list)  # (role, item): «если он громила, то …»
    loose_branches: list = field(default_factory=list)  # (clause, k): a role word, maybe a head
    blank_branches: list = field(default_factory=list)  # items of «4. Если шизик —» (nothing)
    branch_lead: tuple | None = None  # (nick, span, pos): «Работаю по X: если громила — …»
    branch_named: list = field(default_factory=list)  # (nick, span, pos): «если X шизик — …»
    votes: int = 1  # votes each player has today (``turn.votes_per_player``)
    fear_said: bool = False  # the fear-chosen sender wrote that «Страх» chose him
    #: the players the fear-chosen sender named as his choice («вместо меня уходит X»): a
    #: later «Голосую за X» is his vote for X, not the choice again (engine.parse_fear)
    fear_named: frozenset = frozenset()
    #: the actions the sender refuses for today («МО сегодня не отправляю», «сегодня без
    #: охоты»): a plan of that move for tomorrow is no question (engine.parse_finish)
    declined: set = field(default_factory=set)
    #: a boss's clan member called by name in a sentence of its own («Ловкач!») and the
    #: offset after the «!»: his order may follow right after, opening with an imperative
    #: (engine.parse_forms)
    called: tuple | None = None
    #: (start, end) offsets → text of a bare «за X» clause with X in the instrumental («Сегодня за
    #: Палычем.») from a sender who does not watch: a vote read there is asked at the end,
    #: unless a lone role verb after it took the player (engine.parse_verb_after)
    za_follows: dict = field(default_factory=dict)
    #: on a two-vote day, the letter's one vote is headed «второй (голос)» and nothing says a
    #: first one is given here («Второй голос — Лось.»): the vote joins the vote of the
    #: sender's earlier letters (engine.parse_finish, ``ParseResult.unvote`` ``("+",)``)
    second_only: bool = False


def prev_targets(prev: Prev | None, items: list[Item] | None = None) -> set[str | None]:
    """The players the move before (``prev``) is on: each of its moves' ``targets``, or its
    ``target`` (None for a move with neither); with ``items``, only of its items still there
    (a correction since may have dropped some)."""
    live = None if items is None else {id(it) for it in items}
    return {t for it in (prev.items if prev is not None else ())
            if it.move is not None and (live is None or id(it) in live)
            for t in (it.move.targets or (it.move.target,))}


def passed(ctx: Ctx, clause: list[Tok]) -> None:
    """Remember ``clause`` as read: the clause before the next one (pronoun antecedents)."""
    ctx.earlier, ctx.prev_clause = ctx.prev_clause, clause


def name_form(idx, word: str) -> NameHit | None:
    """The reading of ``word`` (any case) as a form of a nickname that no exact match found:
    a word of it, a pet form or a given name («шамана» for Shaman77, «дима» for Dimon), for a
    word of four letters or more; None for anything else (a fuzzy match included)."""
    w = word.lower()
    if len(w) < 4 or not w.isalpha():
        return None
    hit = idx.approximate(w)
    return hit if hit is not None and hit.kind in ("part", "pet", "name") else None


def object_fronted(ctx: Ctx, clause: list[Tok], lo: int, i: int) -> bool:
    """True when a nickname written in ``clause[lo:i]`` ends right before the token ``i`` (the
    move word), no mark between («за Максимку голосую, …», «Лося лечу, …»; not «за Верой —
    посмотрю, …»): the move word's object is that player, so a clause after its comma («,
    когда ехал», «, что он …») is an adverbial remark, not the verb's object clause
    (:func:`engine.grammar_plans.asks_how`, :func:`engine.grammar_plans.object_clause`)."""
    words = clause_words(clause)
    for k in range(max(lo, i - 3), i):
        hit = nick_at(ctx, clause, words, k) if clause[k].word else None
        if hit is not None and k + hit.length == i:
            return True
    return False


def nick_at(ctx: Ctx, clause: list[Tok], words: list[str], k: int) -> NameHit | None:
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


def names_in(ctx: Ctx, clause: list[Tok], ambiguous: bool = False, *,
             forms: bool = False) -> list[tuple[NameHit, int, int]]:
    """Every nickname written in ``clause``, left to right: ``(hit, first token, end)``; a
    token a name took is no start of another («Чёрный Кот» holds no «Кот»).

    Args:
        ctx: the letter's context (its roster).
        clause: the tokens to read.
        ambiguous: also a name that fits several players (``hit.nick`` None, candidates set).
        forms: read a capitalised word that is no dictionary word by a part, prefix or pet
            form of a nickname too (:func:`nick_at`), not just by a case form.

    Returns:
        The hits in order of their tokens. Never raises.
    """
    words = clause_words(clause)
    idx, out, k = name_index(ctx.nicks), [], 0
    while k < len(clause):
        if not clause[k].word:
            hit = None
        else:
            hit = nick_at(ctx, clause, words, k) if forms else idx.exact(words, k, None)
        if hit is not None and (hit.nick is not None or (ambiguous and hit.candidates)):
            out.append((hit, k, k + hit.length))
            k += hit.length
        else:
            k += 1
    return out


def name_written(ctx: Ctx, clause: list[Tok], lo: int, hi: int) -> bool:
    """True when a roster name (its exact forms, one player or several) is written in
    ``clause[lo:hi]``."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    return any(clause[k].word and idx.exact(words, k, None) for k in range(lo, hi))


def asked_already(text: str, asked) -> bool:
    """True when the sentence ``text`` is, holds or is held by one of the texts ``asked``
    (the problems' texts so far, any iterable of str): a net does not ask it again."""
    return any(text in q or q in text for q in asked)


def unknown_name(ctx: Ctx, text: str, word: str, action: str = "") -> Problem:
    """The problem for ``word`` standing where a player goes and fitting no nickname, in the
    line ``text``: «Ни один ник … не подходит к слову … Проверьте ник» (``unknown_name``);
    when the word is a short prefix of two living players or more («за Бу» with Бука and
    Бублик alive), the ``ambiguous`` problem listing them (which one is asked, none is taken)."""
    owners = [n for n in short_prefix_owners(name_index(ctx.nicks), word) if n in ctx.alive]
    if len(owners) > 1:
        return problem(text, "ambiguous", "ambiguous", candidates=tuple(owners), action=action)
    return problem(text, "unknown_name", "unknown_name", word=word, action=action)


def member_at(ctx: Ctx, clause: list[Tok], k: int) -> NameHit | None:
    """For a boss: his living clan member written at token ``k`` in lower case by a part or
    pet form of the nick («фрост охраняет меня» for Frost.Byte, «пони ворует у X»); None
    when the form fits nobody of his clan, or more than one."""
    if ctx.sender.role != "boss" or not clause[k].word or clause[k].cap or \
            len(clause[k].w) < 3 or clause[k].w in role_words():
        return None
    approx = name_index(ctx.nicks).approximate(clause[k].w)
    if approx is None or approx.kind == "fuzzy":
        return None
    mates = [c for c in approx.candidates if c != ctx.sender.nick and c in ctx.alive and
             ctx.state.players[c].clan == ctx.sender.clan]
    return NameHit(mates[0], (mates[0],), approx.kind, 1) if len(mates) == 1 else None


def last_word(clause: list[Tok], lo: int, hi: int) -> int:
    """Index after the last word (or colon) of ``clause[lo:hi]``."""
    last = lo
    for k in range(lo, min(hi, len(clause))):
        if clause[k].word or clause[k].w == ":":
            last = k + 1
    return last


class ReadLog(list):
    """The items list of a letter that remembers every item ever put in it: a sentence a
    rule read a move from and a correction took back was read all the same."""

    def __init__(self) -> None:
        super().__init__()
        self.ever: list[Item] = []

    def append(self, item) -> None:  # noqa: D102 (list's own)
        self.ever.append(item)
        super().append(item)

    def extend(self, found) -> None:  # noqa: D102
        found = list(found)
        self.ever.extend(found)
        super().extend(found)

    def insert(self, i, item) -> None:  # noqa: D102
        self.ever.append(item)
        super().insert(i, item)

    def __setitem__(self, i, value) -> None:
        if isinstance(i, slice):
            value = list(value)
            self.ever.extend(value)
        else:
            self.ever.append(value)
        super().__setitem__(i, value)


def one_a_turn(ctx: Ctx, action: str) -> bool:
    """True when the sender makes ``action`` once this turn (a later one replaces it): not
    the votes of a two-vote day, not the clan kills of a full moon."""
    if action == "vote":
        return ctx.turn.votes_per_player <= 1
    if action == "clan_kill":
        return ctx.turn.event != "full_moon"
    return True


def done_action(move: Move) -> str:
    """The action a read move makes (a boss's order for a member: the member's action)."""
    return move.move.action if move.action == "on_behalf" and move.move is not None \
        else move.action
