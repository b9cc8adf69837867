"""Before any step: turn the submitted moves into :class:`~engine.acts.Act` objects and refuse
or void those that no step may use (DECISIONS.md §4, §8).

Order of the checks for one move: late → cancelled → withdrawn (a vote) → sender dead → not his role → unknown or
dead target → same target twice → self-invite; then among the survivors: the latest on-time
letter per (player, kind of move) wins (``superseded``), host votes replace letter votes
(``host_vote``), a hunt sent with an excluding role move is refused, a boss's move for a member
is used or not (``member_moved`` / ``delegated``).
"""

from __future__ import annotations

from dataclasses import replace

from .acts import Act
from .legality import (SECOND_VOTE, hunt_refusal, merged_vote, move_kind, move_refusal, replaces_delegation,
                       standing_moves, withdraw_vote)
from .calendar import on_time
from .model import Move, Submission
from .reasons import REASONS
from .state import GameState
from .turn_types import TurnInput


def collect_acts(state: GameState, turn: TurnInput) -> list[Act]:
    """All submitted moves as acts, in arrival order, refusals and voids already decided.

    Acts still pending (``outcome is None``) are the ones the steps carry out.
    """
    given = [(s, None) for s in turn.submissions] + [(s, r) for s, r in turn.refused]
    given.sort(key=lambda x: (x[0].at, x[0].seq))
    acts = []
    for i, (sub, parse_reason) in enumerate(given):
        if sub.by not in state.players:
            continue
        act = _to_act(i, sub, state)
        reason = _refusal(state, turn, act)
        if parse_reason and reason not in ("late", "cancelled", "withdrawn"):
            reason = parse_reason if parse_reason in REASONS else "not_allowed"
        if reason:
            act.set("void" if reason in ("cancelled", "withdrawn") else "refused", reason)
        acts.append(act)
    _replaced_before_withdrawal(acts, turn)
    _merged_votes(acts, turn, {act.order: given[int(act.order)][0] for act in acts})
    _supersede(acts)
    _host_votes(acts, turn)
    _hunt_exclusions(acts)
    _delegation(acts)
    return _one_target_each(acts)


def _one_target_each(acts: list[Act]) -> list[Act]:
    """Each clan kill naming several victims («Полнолуние»: two a clan, DECISIONS.md §6
    event 10) split into one act per victim, in the order named: each kill succeeds or fails
    on its own and is reported on its own (replay's ``moves[]``, the result letters,
    ``explain``). A victim named twice is one act. Other acts are kept as they are."""
    out: list[Act] = []
    for act in acts:
        names = list(dict.fromkeys(act.move.targets)) if act.action == "clan_kill" else []
        if len(names) < 2:
            out.append(act)
            continue
        for k, name in enumerate(names):
            part = act.copy()
            part.move = replace(act.move, target=name, targets=())
            part.order = act.order + k / 100
            out.append(part)
    return out


def _to_act(i: int, s: Submission, state: GameState) -> Act:
    p = state.players[s.by]
    act = Act(order=float(i), owner=s.by, actor=s.by, action=s.move.action, move=s.move,
              at=s.at, seq=s.seq, kind=p.role)
    if s.move.action == "on_behalf" and s.move.move is not None:
        member = s.move.member or ""
        act.actor, act.action, act.move = member, s.move.move.action, s.move.move
        act.json_action, act.member = "on_behalf", member
        act.kind = state.players[member].role if member in state.players else ""
    return act


#: Moves that come after the deadline by design: under «Страх» the day waits for the chosen
#: player's answer (DECISIONS.md §6, event 1).
AFTER_DEADLINE = frozenset({"fear_choice"})


def _refusal(state: GameState, turn: TurnInput, act: Act) -> str | None:
    if not _in_time(turn, act.at) and act.action not in AFTER_DEADLINE:
        return "late"
    if _cancelled(turn, act):
        return "cancelled"
    if _withdrawn(turn, act):
        return "withdrawn"
    owner = state.players[act.owner]
    if not owner.alive:
        return "dead"
    original = Move(action="on_behalf", member=act.member, move=act.move) if act.member else act.move
    return move_refusal(state, turn, act.owner, original)


def _in_time(turn: TurnInput, at) -> bool:
    """True when a letter received at ``at`` came by the turn's deadline (or it has none)."""
    return turn.deadline is None or on_time(at, turn.deadline)


def _cancelled(turn: TurnInput, act: Act) -> bool:
    """«отменяю ход» / «пропускаю ход» withdraws the earlier night moves, never the vote."""
    if act.action == "vote":
        return False
    for by, at, seq in turn.cancels:
        if by == act.owner and (act.at, act.seq) < (at, seq):
            if _in_time(turn, at):
                return True
    return False


def _withdrawn(turn: TurnInput, act: Act) -> bool:
    """«Снимаю голос.», «Снимаю голос с X» in a later on-time letter (``turn.unvotes``)
    takes back the vote ``act``: True when nothing of it is left; a two-vote day's vote
    keeps the players not named (``act.move`` is cut down to them)."""
    if act.action != "vote":
        return False
    for by, at, seq, names, *_ in turn.unvotes:
        if by == act.owner and (act.at, act.seq) < (at, seq) and \
                _in_time(turn, at):
            left = withdraw_vote(act.move, names)
            if left is None:
                return True
            act.move = left
    return False


def _replaced_before_withdrawal(acts: list[Act], turn: TurnInput) -> None:
    """A vote void as ``withdrawn`` whose owner sent another vote after it and before the
    first withdrawal that came after it (vote A, vote C, «Снимаю голос», vote B): what
    really happened to A is that C replaced it, and C was taken back. The act keeps its
    reason (the JSON and every count stay as they were); ``note`` tells ``explain``."""
    for act in acts:
        if act.reason != "withdrawn" or act.member:
            continue
        takes = [(at, seq) for by, at, seq, names, *_ in turn.unvotes
                 if by == act.owner and (act.at, act.seq) < (at, seq) and _in_time(turn, at)
                 and SECOND_VOTE not in names]  # («Второй голос — Y» takes nothing back)
        if not takes:
            continue
        first = min(takes)
        if any(other.owner == act.owner and other.action == "vote" and not other.member
               and other.reason != "late" and (act.at, act.seq) < (other.at, other.seq) < first
               for other in acts):
            act.note = "superseded"


def _merged_votes(acts: list[Act], turn: TurnInput, subs: dict[float, Submission]) -> None:
    """A vote given in a letter that takes back the earlier vote for the players it names
    («Снимаю голос с X. Линч: Y», an ``unvotes`` entry with the letter's id): the vote
    standing before it, replayed in arrival order as the reply saw it
    (:func:`engine.legality.standing_moves`), keeps its other players and Y takes X's place
    (:func:`engine.legality.merged_vote`); the later letters' withdrawals apply to the
    whole. The earlier vote is then replaced as usual (``superseded``)."""
    ontime = [u for u in turn.unvotes if len(u) > 4 and u[4] and _in_time(turn, u[1])]
    if not ontime:
        return
    for act in acts:
        if act.action != "vote" or act.member or act.reason not in (None, "withdrawn"):
            continue
        sub = subs[act.order]
        mine = next((u for u in ontime if u[0] == act.owner and u[4] == sub.letter_id), None)
        if mine is None:
            continue
        # the owner's votes and withdrawals before this letter, in arrival order
        events = sorted([((a.at, a.seq), (subs[a.order].move,), ()) for a in acts
                         if a.owner == act.owner and a.action == "vote" and not a.member and
                         a.reason in (None, "withdrawn") and (a.at, a.seq) < (mine[1], mine[2])] +
                        [((u[1], u[2]), (), u[3]) for u in turn.unvotes
                         if u[0] == act.owner and (u[1], u[2]) < (mine[1], mine[2]) and
                         _in_time(turn, u[1])],
                        key=lambda e: e[0])
        before = next((m for m in standing_moves((moves, False, unvote) for _, moves, unvote in events)
                       if m.action == "vote"), None)
        move = merged_vote(before, mine[3], sub.move)
        if move is sub.move:
            continue
        for by, at, seq, names, *_ in ontime:  # the later letters' «Снимаю голос с …»
            if move is not None and by == act.owner and (act.at, act.seq) < (at, seq):
                move = withdraw_vote(move, names)
        if move is None:
            continue
        act.move = move
        act.outcome, act.reason = None, None


def _kind_key(act: Act) -> tuple:
    return (act.owner, *move_kind(act.action, act.member))


def _supersede(acts: list[Act]) -> None:
    """The latest on-time move of each kind counts (DECISIONS.md §8); a player's own role move
    and his move left to the boss (``delegate``) replace each other the same way
    (:func:`engine.legality.replaces_delegation`), as the reply told him
    (:func:`engine.legality.standing_moves`)."""
    latest: dict[tuple, Act] = {}
    for act in acts:  # arrival order: a later act replaces an earlier one
        if not act.pending:
            continue
        key = _kind_key(act)
        if not act.member:  # (a role move left to the boss later: ``delegated``)
            for other in [k for k in latest if k[0] == act.owner and len(k) == 2
                          and replaces_delegation(act.action, k[1])]:
                latest.pop(other).set("void", "delegated" if act.action == "delegate" else "superseded")
        if key in latest:
            latest[key].set("void", "superseded")
        latest[key] = act


def _host_votes(acts: list[Act], turn: TurnInput) -> None:
    for act in acts:  # a voter stripped of his vote is told that (``lost_vote``), not this
        if act.pending and act.action == "vote" and act.owner in turn.votes and act.owner not in turn.lost_vote:
            act.set("void", "host_vote")


def _hunt_exclusions(acts: list[Act]) -> None:
    own = [a for a in acts if a.pending and not a.member]
    for hunt in (a for a in own if a.action == "hunt"):
        reason = hunt_refusal(other.action for other in own if other.owner == hunt.owner)
        if reason:
            hunt.set("refused", reason)


def _delegation(acts: list[Act]) -> None:
    pending = [a for a in acts if a.pending]
    delegators = {a.owner for a in pending if a.action == "delegate"}
    for act in pending:
        if act.action == "delegate":
            act.set("done", "ok")
    for boss_act in (a for a in pending if a.member):
        own = [a for a in pending if a.owner == boss_act.member and not a.member
               and a.action == boss_act.action and a.pending]
        if not own:
            continue
        if boss_act.member in delegators:
            for a in own:
                a.set("void", "delegated")
        else:
            boss_act.set("void", "member_moved")
