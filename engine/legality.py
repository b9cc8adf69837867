"""Who may make which move: the one source of legality (DECISIONS.md §2 «One source of
legality», §4–6).

Every rule that already holds when a letter arrives lives here, and every place that judges a
move asks this module: the parser's keyword rules (:mod:`engine.grammar_rules`), the reply to
a letter (:func:`screen_letter`, called by ``mailer.sync`` and by :func:`engine.replay.build_turn`)
and the resolver (:mod:`engine.collect`, :mod:`engine.lynch`). So a move a reply accepted is
never refused at close-day for a rule that held when the reply was written; it can still fail
or be voided for what happened after it (a death, a later letter, another player's move).

Pure: functions of :class:`engine.state.GameState` and the day's event inputs (anything with
``day``, ``event``, ``immune``, ``mortar``: :class:`engine.model.TurnInfo` or
:class:`engine.turn_types.TurnInput`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Protocol, Sequence

from .model import Move, ParseResult, Problem
from .state import GameState, PlayerState

#: Role moves: cancelled by the swindler, blocked by ``robbed`` (DECISIONS.md §3).
ROLE_ACTIONS: frozenset[str] = frozenset({
    "rob", "guard", "boss_check", "check", "heal", "invite", "search", "beat", "swindle",
    "watch", "maniac_kill",
})

#: role id → the role moves it makes (the swindler's branches use this too).
ROLE_MOVES: dict[str, frozenset[str]] = {
    "thief": frozenset({"rob"}),
    "guard": frozenset({"guard"}),
    "boss": frozenset({"boss_check"}),
    "detective": frozenset({"check"}),
    "doctor": frozenset({"heal"}),
    "hostess": frozenset({"invite"}),
    "psycho": frozenset({"invite"}),
    "fan": frozenset({"search"}),
    "thug": frozenset({"beat"}),
    "swindler": frozenset({"swindle"}),
    "witness": frozenset({"watch"}),
    "maniac": frozenset({"maniac_kill"}),
}

#: Role moves a hunt cannot be combined with in one turn, and the reason the hunt is refused
#: with (DECISIONS.md §4: detective and the fan's earned check, doctor, hostess, psycho, thug,
#: swindler, maniac).
HUNT_EXCLUDED_BY: dict[str, str] = {
    "check": "hunt_with_check",
    "heal": "hunt_with_role_move",
    "invite": "hunt_with_role_move",
    "beat": "hunt_with_role_move",
    "swindle": "hunt_with_role_move",
    "maniac_kill": "hunt_with_role_move",
}

#: Moves whose aim at the sender himself the rules settle: allowed (DECISIONS.md §4: the
#: guard, doctor and thug «himself allowed»; §6: a vote «oneself included») or refused
#: (:func:`target_refusal`: a hostess or psycho inviting herself). For any other move the
#: rules are silent on it: the engine does not refuse it, but a player's question «can I aim
#: at myself?» is for the host to answer (engine.parse_ifgame).
SELF_SETTLED = frozenset({"guard", "heal", "beat", "vote", "invite"})

#: Moves that may never name the same player two turns in a row (DECISIONS.md §4).
NO_REPEAT: dict[str, frozenset[str]] = {
    "rob": frozenset({"thief"}),
    "heal": frozenset({"doctor"}),
    "invite": frozenset({"hostess"}),
    "beat": frozenset({"thug"}),
}

#: Moves that name nobody.
UNTARGETED = frozenset({"delegate"})


class Day(Protocol):
    """The day's inputs legality depends on."""

    day: int
    event: str
    immune: str | None
    mortar: str | None


# --- who may make a move ------------------------------------------------------------------------

def may_make(state: GameState, turn: Day, p: PlayerState, move: Move) -> str | None:
    """``None`` if player ``p`` may send ``move`` today, else the refusal reason
    (``not_your_role``, ``already_found``). ``fear_choice`` is checked by the lynch step."""
    a = move.action
    if a == "vote":
        return None
    if a == "fear_choice":
        return None if turn.event == "fear" else "not_your_role"
    if a == "clan_kill" or a == "delegate":
        return None if p.is_mafia else "not_your_role"
    if a == "hunt":
        return None if not p.is_mafia else "not_your_role"
    if a == "mortar":
        return None if turn.event == "holiday" and turn.mortar == p.nick else "not_your_role"
    if a == "partner":
        return None if turn.event == "choose_me" and turn.immune == p.nick else "not_your_role"
    if a == "check" and p.role == "fan":
        return None if p.fan_check_left else "not_your_role"
    if a == "search" and fan_found(p):
        return "already_found"
    if a == "on_behalf":
        return _may_on_behalf(state, turn, p, move)
    return None if a in ROLE_MOVES.get(p.role, ()) else "not_your_role"


def owes_vote(state: GameState, turn: Day, nick: str, stripped: Iterable[str] = ()) -> bool:
    """True when living player ``nick`` must vote on the lynch today, or get an autokill
    point for the day (DECISIONS.md §6–7): he may vote (:func:`may_make`) and the host has
    not stripped him of his vote (``stripped``: «Парадокс», «Пальмы цветут»). False for a
    dead or unknown player."""
    p = state.players.get(nick)
    if p is None or not p.alive or nick in stripped:
        return False
    return may_make(state, turn, p, Move("vote")) is None


def night_role_moves(state: GameState, turn: Day, nick: str) -> frozenset[str]:
    """The role moves living player ``nick`` makes at night today (action ids): his role's
    (:data:`ROLE_MOVES`), the boss's clan kill beside his check, none for a fan who has found
    her role (her earned check may wait for any later turn) or for a player without a role
    move (a plain civilian, the inactive son, the Indian, the actor before he takes a role:
    a hunt is never owed). Empty for a dead or unknown player and for one doomed to die at
    step 1 of this turn, whose own moves are void (DECISIONS.md §4 Psycho). A letter that
    leaves all of them out is told so (the reply to it, DECISIONS.md §8)."""
    p = state.players.get(nick)
    if p is None or not p.alive or p.doomed_day == turn.day or fan_found(p):
        return frozenset()
    moves = ROLE_MOVES.get(p.role, frozenset())
    return moves | {"clan_kill"} if p.role == "boss" else moves


def fan_found(p: PlayerState) -> bool:
    """True when ``p`` is the fan and has found her role: so recorded, or her earned check
    was used yesterday (she earns it only by finding; DECISIONS.md §4 Fan)."""
    return p.role == "fan" and (p.fan_found or "check" in p.last_targets)


def _may_on_behalf(state: GameState, turn: Day, boss: PlayerState, move: Move) -> str | None:
    member = state.players.get(move.member or "")
    if boss.role != "boss" or member is None or move.move is None:
        return "not_your_role"
    if member.clan != boss.clan or member.nick == boss.nick or not member.alive:
        return "not_your_role"
    if move.move.action in ("on_behalf", "vote", "hunt", "delegate"):
        return "not_your_role"
    return may_make(state, turn, member, move.move)


# --- targets ------------------------------------------------------------------------------------

def move_targets(move: Move) -> list[str]:
    """Every nickname a move names directly (``targets`` if given, else ``target``)."""
    if move.targets:
        return list(move.targets)
    return [move.target] if move.target is not None else []


def with_targets(move: Move, names: Sequence[str]) -> Move:
    """``move`` naming the players ``names`` (one or more) instead: ``target`` for one,
    ``targets`` for several (the inverse of :func:`move_targets`)."""
    return replace(move, target=names[0], targets=()) if len(names) == 1 else \
        replace(move, target=None, targets=tuple(names))


def repeats_last(state: GameState, nick: str, role: str, action: str, target: str) -> bool:
    """True when ``action`` by ``nick`` (acting as ``role``) on ``target`` breaks «never the
    same player two turns in a row» (DECISIONS.md §4)."""
    if role not in NO_REPEAT.get(action, ()):
        return False
    player = state.players.get(nick)
    return bool(player) and player.last_targets.get(action) == target


def target_refusal(state: GameState, actor: str, kind: str, move: Move) -> str | None:
    """Why ``move``'s targets are not allowed for ``actor`` acting as role ``kind``:
    ``target_unknown``, ``target_dead``, ``same_target_twice``, ``self_target`` (a hostess or
    psycho inviting herself), ``not_your_role`` (no such actor); ``None`` when allowed."""
    if move.action not in UNTARGETED and not move_targets(move) and \
            not (move.action == "search" and move.role):  # «теперь ищу доктора»: the role only
        return "target_unknown"
    for t in move_targets(move):
        if t not in state.players:
            return "target_unknown"
        if not state.players[t].alive:
            return "target_dead"
    if actor not in state.players:
        return "not_your_role"
    target = move.target if move.target is not None else (move.targets[0] if move.targets else None)
    if target is not None and repeats_last(state, actor, kind, move.action, target):
        return "same_target_twice"
    if move.action == "invite" and target == actor:
        return "self_target"
    return None


def move_refusal(state: GameState, turn: Day, owner: str, move: Move) -> str | None:
    """The refusal of ``move`` sent by living ``owner`` by a rule that holds as the day stands
    (role, event, targets), or ``None``. A boss's ``on_behalf`` move is judged as the member's
    move, with the member's role."""
    p = state.players[owner]
    reason = may_make(state, turn, p, move)
    if reason:
        return reason
    if move.action == "on_behalf" and move.move is not None:
        member = move.member or ""
        kind = state.players[member].role if member in state.players else ""
        return target_refusal(state, member, kind, move.move)
    return target_refusal(state, owner, p.role, move)


def hunt_refusal(actions: Iterable[str]) -> str | None:
    """The reason a hunt is refused when the same player's own role moves of the day are
    ``actions`` (DECISIONS.md §4–5: ``hunt_with_check``, ``hunt_with_role_move``), or None."""
    found = [HUNT_EXCLUDED_BY[a] for a in actions if a in HUNT_EXCLUDED_BY]
    if "hunt_with_check" in found:
        return "hunt_with_check"
    return found[0] if found else None


# --- votes --------------------------------------------------------------------------------------

def appeal_allowed(state: GameState, day: int) -> set[str] | None:
    """Under «Апелёвка»: who may be voted for (those who voted for yesterday's lynched);
    ``None`` when yesterday nobody was lynched or there was no yesterday."""
    lynched = set(state.lynched_by_day.get(day - 1, []))
    if not lynched:
        return None
    votes = state.votes_by_day.get(day - 1, {})
    return {v for v, targets in votes.items() if lynched & set(targets)}


def vote_refusal(state: GameState, turn: Day, targets: Iterable[str]) -> str | None:
    """Why a vote for ``targets`` cannot count by today's event as it stands when the day
    opens: ``appeal_not_allowed`` («Апелёвка»: a target who did not vote for yesterday's
    lynched), ``target_immune`` («Выбери меня!»: the drawn immune player, and his partner
    when ``turn`` knows him — ``partner``, optional: ``parse`` reads it from the game file or
    the immune player's earlier letters; a partner not known yet makes the vote fail at
    close-day instead).

    An «Апелёвка» day with no lynch on record for yesterday is a day whose record is missing
    (DECISIONS.md §6, event 9: with no lynch yesterday another event is drawn): the screen
    cannot tell who voted for the lynched, so it refuses nothing there (it would tell every
    sender that nobody may be voted); the close-day tally judges with the record it has."""
    targets = list(targets)
    if turn.event == "appeal":
        allowed = appeal_allowed(state, turn.day)
        if allowed is not None and any(t not in allowed for t in targets):
            return "appeal_not_allowed"
    if turn.event == "choose_me" and turn.immune and \
            {turn.immune, getattr(turn, "partner", None)} & set(targets):
        return "target_immune"
    return None


# --- the reply to a letter ----------------------------------------------------------------------

def move_kind(action: str, member: str | None = None) -> tuple[str, ...]:
    """The kind of a move that a later one replaces (DECISIONS.md §2: the last move of a kind
    counts): its action, or for a boss's move for a member ``("on_behalf", member, action)``.
    A move left to the boss (``delegate``) and the player's own role moves also replace each
    other (:func:`replaces_delegation`)."""
    return ("on_behalf", member, action) if member else (action,)


def replaces_delegation(later: str, earlier: str) -> bool:
    """True when a player's own move of action ``later`` replaces his earlier own move of
    action ``earlier`` across the move left to the boss (DECISIONS.md §4 Boss (c), §8: the
    latest letter counts): his own role move (:data:`ROLE_ACTIONS`) after «ход на усмотрение
    босса» takes the night back from the boss, and «на усмотрение босса» after his own role
    move leaves it to the boss. A vote or a clan kill order never touches the delegation."""
    return (later == "delegate" and earlier in ROLE_ACTIONS) or \
        (later in ROLE_ACTIONS and earlier == "delegate")


def withdraw_vote(vote: Move, names: Iterable[str]) -> Move | None:
    """What is left of ``vote`` after a later letter takes back its votes for ``names``
    («Снимаю голос с X»; ``"*"``: the whole vote, «Снимаю голос.»; ParseResult.unvote):
    the vote itself when it names none of them, None when nothing is left, else the vote for
    the players left (a two-vote day, «Ярость», «Голос»)."""
    names = set(names)
    targets = move_targets(vote)
    left = [] if "*" in names else [t for t in targets if t not in names]
    if len(left) == len(targets):
        return vote
    if not left:
        return None
    return with_targets(vote, left)


def taken_back(standing: Iterable[Move], unvote: Iterable[str]) -> list[Move]:
    """The part of the vote in ``standing`` (a player's standing moves) that a letter's
    ``unvote`` (ParseResult.unvote) takes back, as a vote for those players alone («Снимаю
    голос с Гоши» after «Линч: Бука, Гоша»: the vote for Гоша); [] when it takes back
    nothing."""
    vote = next((m for m in standing if m.action == "vote"), None)
    if vote is None:
        return []
    left = withdraw_vote(vote, unvote)
    if left is vote:
        return []
    kept = move_targets(left) if left is not None else []
    gone = [t for t in move_targets(vote) if t not in kept]
    return [with_targets(vote, gone)] if gone else []


#: ``ParseResult.unvote`` of a letter that gives the second vote of a two-vote day alone
#: («Второй голос — Лось.»): nothing is taken back, the vote joins the earlier one
#: (:func:`merged_vote`).
SECOND_VOTE = "+"


def merged_vote(before: Move | None, unvote: Iterable[str], vote: Move) -> Move:
    """The vote a letter leaves standing when it takes back the earlier vote ``before`` for
    the players named in ``unvote`` and gives ``vote`` («Снимаю голос с X. Линч: Y» on a
    two-vote day): the earlier vote's players not named, then ``vote``'s, when they fit in
    the places the earlier vote held (Y in X's place); else ``vote`` alone, which replaces
    the earlier vote (DECISIONS.md §8), as it does when nothing named was taken back.
    ``unvote`` :data:`SECOND_VOTE` («Второй голос — Лось» after «Линч: Маруська»): the
    earlier vote's first player and ``vote``'s one (Маруська, Лось); ``vote`` alone when
    there was none or it names that player."""
    unvote = tuple(unvote)
    if before is None or before.action != "vote" or not unvote or "*" in unvote:
        return vote
    if SECOND_VOTE in unvote:
        both = list(dict.fromkeys([move_targets(before)[0], *move_targets(vote)]))
        return with_targets(vote, both) if len(both) == 2 else vote
    left = withdraw_vote(before, unvote)
    if left is None or left is before:
        return vote
    both = list(dict.fromkeys([*move_targets(left), *move_targets(vote)]))
    return with_targets(vote, both) if len(both) <= len(move_targets(before)) else vote


def named_partner(standing: Iterable[Move]) -> str | None:
    """«Выбери меня!» (DECISIONS.md §6): the partner the last ``partner`` move among a
    player's ``standing`` moves (:func:`standing_moves`) names, or None."""
    return next((m.target for m in reversed(list(standing)) if m.action == "partner" and m.target), None)


def standing_moves(letters: Iterable[tuple]) -> list[Move]:
    """The moves that stand after a player's applied letters of the day, given in arrival
    order as ``(accepted moves, cancels[, unvote])``: a later move replaces one of its kind
    (:func:`move_kind`), «отменяю/пропускаю ход» withdraws the night moves before it, never
    the vote; ``unvote`` (ParseResult.unvote) takes back the vote before it, or its votes
    for the players named (:func:`withdraw_vote`), a vote of the same letter taking their
    place (:func:`merged_vote`). What :func:`engine.collect.collect_acts`
    keeps of them at close-day, save for what happens after (deaths, host votes, a member's
    own move). Returns the standing moves in the order they were given."""
    standing: dict[tuple[str, ...], Move] = {}
    for moves, cancels, *rest in letters:
        if cancels:
            standing = {k: m for k, m in standing.items() if m.action == "vote"}
        unvote = rest[0] if rest else ()
        before = standing.get(("vote",))
        if unvote and ("vote",) in standing:
            left = withdraw_vote(standing[("vote",)], unvote)
            if left is None:
                del standing[("vote",)]
            else:
                standing[("vote",)] = left
        for m in moves:
            key = (move_kind(m.move.action, m.member) if m.action == "on_behalf" and m.move is not None
                   else move_kind(m.action))
            if m.action == "vote":  # («Снимаю голос с X. Линч: Y»: Y in X's place)
                m = merged_vote(before, unvote, m)
            elif m.action != "on_behalf":  # his own move and «на усмотрение босса»
                standing = {k: v for k, v in standing.items()
                            if not (len(k) == 1 and replaces_delegation(m.action, k[0]))}
            standing.pop(key, None)
            standing[key] = m
    return list(standing.values())


def standing_actions(letters: Iterable[tuple[Iterable[Move], bool]]) -> set[str]:
    """The actions of the player's own moves that stand after his earlier letters of the day
    (:func:`standing_moves`; a boss's moves for members are left out): ``"vote"`` when a vote
    stands, and his role moves, which exclude a hunt (:func:`hunt_refusal`)."""
    return {m.action for m in standing_moves(letters) if m.action != "on_behalf"}


def screen_letter(result: ParseResult, sender: str, state: GameState, turn: Day,
                  standing: Iterable[str] = ()) -> ParseResult:
    """The parser's ``result`` for ``sender``'s letter with every move the rules already refuse
    moved to ``problems`` (kind ``not_allowed`` or ``not_your_role``, with the move's action
    and target so the resolver lists it as refused, and a Russian sentence saying why and
    what is allowed): role and event, dead or repeated targets, a hunt with a check or an
    excluding role move (in this letter or standing from ``standing``, the actions of
    :func:`standing_actions`), a vote the event does not allow. A dead or unknown sender's
    result is returned as it is (the parser refuses it). An abstention («Линч: никого») after
    a vote standing from an earlier letter is told that the earlier vote stays."""
    p = state.players.get(sender)
    standing = frozenset(standing)
    if "vote" in standing and not result.cancel and any(pr.reason == "abstain" for pr in result.problems):
        result = replace(result, problems=tuple(_vote_stays(pr) if pr.reason == "abstain" else pr
                                                for pr in result.problems))
    if p is None or not p.alive or not result.moves:
        return result
    kept: list[Move] = []
    problems: list[Problem] = list(result.problems)
    hunts: list[Move] = []
    replaced: dict[int, Move] = {}  # a swindle (by id) → it without the branches refused
    for move in result.moves:
        if move.action == "hunt":
            hunts.append(move)
            continue
        reason = move_refusal(state, turn, sender, move)
        if reason is None and move.action == "vote":
            reason = vote_refusal(state, turn, move_targets(move))
        if reason is None and move.action == "swindle" and move.branches:
            screened, refused = _screen_branches(state, turn, sender, move)
            if refused:
                replaced[id(move)] = screened
                problems += refused
        if reason is None:
            kept.append(move)
        else:
            problems.append(refusal_problem(state, turn, move, reason, sender))
    base = set() if result.cancel else set(standing)
    own = base | {m.action for m in kept if m.action not in ("vote", "on_behalf")}
    for move in hunts:
        reason = move_refusal(state, turn, sender, move) or hunt_refusal(own)
        if reason is None:
            kept.append(move)
        else:
            problems.append(refusal_problem(state, turn, move, reason, sender))
    if len(kept) == len(result.moves) and not replaced:
        return result
    order = {id(m): i for i, m in enumerate(result.moves)}
    kept.sort(key=lambda m: order[id(m)])
    kept = [replaced.get(id(m), m) for m in kept]
    return replace(result, moves=tuple(kept), problems=tuple(problems))


def _screen_branches(state: GameState, turn: Day, sender: str, move: Move
                     ) -> tuple[Move, list[Problem]]:
    """The swindle ``move`` of ``sender`` without the branches the stolen role's target rules
    refuse (DECISIONS.md §4 Swindler: «with that role's target rules»: a dead player, the
    same player as the swindler's own stolen move of that role yesterday, the hostess
    inviting himself), and a ``not_allowed`` problem for each, so the reply refuses what the
    close-day would (engine.steps_night): the other branches and the swindle stand."""
    kept, refused = [], []
    for role, inner in move.branches:
        reason = target_refusal(state, sender, role, inner)
        if reason in (None, "target_unknown", "not_your_role"):
            kept.append((role, inner))
            continue
        targets = move_targets(inner)
        text = inner.span or move.span or " ".join(targets)
        refused.append(Problem(text=text, kind="not_allowed", reason=reason,
                               message=_message(state, turn, inner, reason, text,
                                                targets[0] if targets else None, role)))
    if not refused:
        return move, []
    return replace(move, branches=tuple(kept)), refused


def _vote_stays(pr: Problem) -> Problem:
    """The abstention problem ``pr`` told that the vote of an earlier letter stays."""
    from .reasons import refusal_ru

    return replace(pr, reason="abstain_vote_stays",
                   message=refusal_ru("abstain_vote_stays", f"«{pr.text}»", None, "vote"))


def refusal_problem(state: GameState, turn: Day, move: Move, reason: str,
                    sender: str | None = None) -> Problem:
    """The :class:`Problem` of a move refused by ``reason`` (its action and first target set,
    so :func:`engine.replay.build_turn` hands it to the resolver as refused); ``sender``: the
    player who made it (a move of another role is told with his role's own moves)."""
    from .reasons import ACTIONS_RU

    inner = move.move if move.action == "on_behalf" and move.move is not None else move
    targets = move_targets(inner)
    target = targets[0] if targets else None
    text = move.span or " ".join(filter(None, [ACTIONS_RU.get(move.action, move.action)] + targets))
    kind = "not_your_role" if reason == "not_your_role" else "not_allowed"
    message = _message(state, turn, inner, reason, text, target, _played(state, sender))
    fan = state.players.get(sender or "")
    if reason in ("already_found", "search_after_found") and fan is not None and \
            fan.fan_search_role != "detective":
        # the role she found, once the detective was dead, is the one she named (not «детектива»)
        from .move_words import SEARCHED_RU

        message = message.replace("нашли детектива",
                                  f"нашли {SEARCHED_RU.get(fan.fan_search_role, 'ту роль, что искали')}")
    return Problem(text=text, kind=kind, reason=reason, action=move.action, target=target,
                   message=message)


def _played(state: GameState, nick: str | None) -> str | None:
    """The role ``nick`` plays now, as his letters are read (:func:`engine.grammar_rules.actor_of`:
    an inactive son is a plain civilian, an active one the boss); None for no such player."""
    from .grammar_rules import actor_of

    actor = actor_of(state, nick or "")
    return actor.role if actor is not None else None


def _message(state: GameState, turn: Day, move: Move, reason: str, text: str,
             target: str | None, role: str | None = None) -> str:
    from .reasons import refusal_ru

    q = f"«{text}»"
    if reason == "appeal_not_allowed":
        allowed = sorted(n for n in appeal_allowed(state, turn.day) or ()  # the living ones
                         if n in state.players and state.players[n].alive)
        names = ", ".join(allowed) if allowed else "никого"
        return (f"Сегодня «Апелёвка»: голосовать можно только за тех, кто вчера голосовал за "
                f"повешенного: {names}. Голос {q} не принят, проголосуйте за одного из них.")
    return refusal_ru(reason, q, target, move.action, role if reason == "not_your_role" else None)
