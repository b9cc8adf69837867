"""After the steps: the next state of the game — deaths, the doomed, memory of last targets,
the fan's progress, the son's and the actor's role changes (DECISIONS.md §4) and the winner
(§9)."""

from __future__ import annotations

from .acts import Act
from .board import Board
from .draw import draw
from .reasons import ACTOR_BLOCKS
from .roles import CLANS, join_role, split_role
from .state import GameState
from .turn_types import Activation, Death, Tally


def deaths_of(b: Board, hidden: bool) -> list[Death]:
    """The turn's deaths ordered by step, then roster order."""
    order = list(b.state.players)
    items = sorted(b.died.items(), key=lambda kv: (kv[1][0], order.index(kv[0])))
    out = []
    for nick, (step, cause) in items:
        p = b.state.players[nick]
        out.append(Death(nick, cause, join_role(p.role, p.clan), step, hidden))
    return out


def next_state(b: Board, tally: Tally, deaths: list[Death], points: dict[str, int],
               draws: list[tuple[str, str]]) -> tuple[GameState, list[Activation]]:
    """The game after this turn (the input state is not touched)."""
    state = b.state.copy()
    day = b.day
    for d in deaths:
        p = state.players[d.player]
        p.alive, p.died_day, p.death_cause = False, day, d.cause
    for nick, pts in points.items():
        state.players[nick].autokill_points = pts
    _update_doomed(b, state)
    _remember_targets(b, state)
    _fan_progress(b, state)
    activations = _son_activation(b, state, deaths, draws) + _actor_activation(state, deaths)
    state.lynched_by_day[day] = list(tally.lynched)
    state.votes_by_day[day] = {k: list(v) for k, v in tally.voters.items()}
    state.hidden_roles = [d.role for d in deaths if d.hidden]
    state.draws = list(state.draws) + list(draws)
    state.day = day + 1
    state.winner = winner(state)
    return state, activations


def _update_doomed(b: Board, state: GameState) -> None:
    for p in state.players.values():
        if p.doomed_day == b.day:
            p.doomed_day, p.doomed_by = None, None
    for nick, psycho in b.doomed_by.items():
        p = state.players[nick]
        if p.alive:
            p.doomed_day, p.doomed_by = b.day + 1, psycho


def performed(act: Act) -> bool:
    """The move was carried out (done, or failed only because of its target)."""
    return act.outcome == "done" or (act.outcome == "failed" and act.reason not in ACTOR_BLOCKS)


def _remember_targets(b: Board, state: GameState) -> None:
    """Each player's targets of the turn by action (``PlayerState.last_targets``), for «never
    the same player two turns in a row» (DECISIONS.md §4). A swindler's stolen move counts
    only when its role has that rule: his stolen psycho invite of X does not bar tomorrow's
    stolen hostess invite of X (the hostess's rule is about her own invitations)."""
    from .legality import NO_REPEAT

    for p in state.players.values():
        p.last_targets = {}
    for act in b.acts:
        if act.stolen and act.kind not in NO_REPEAT.get(act.action, ()):
            continue
        if performed(act) and act.target is not None and act.action not in ("vote", "delegate"):
            state.players[act.actor].last_targets[act.action] = act.target


def _fan_progress(b: Board, state: GameState) -> None:
    for act in b.acts:
        if act.stolen or act.outcome != "done":
            continue
        fan = state.players[act.actor]
        if fan.role != "fan":
            continue
        if act.action == "search":
            if act.move.role:
                fan.fan_search_role = act.move.role
            if any(i.to == fan.nick and i.action == "search" and i.result == "found" for i in b.info):
                fan.fan_found, fan.fan_check_left = True, True
        elif act.action == "check":
            fan.fan_check_left = False


def _clan_size(state: GameState, clan: str) -> int:
    return sum(1 for p in state.players.values() if p.alive and p.clan == clan)


def _son_activation(b: Board, state: GameState, deaths: list[Death],
                    draws: list[tuple[str, str]]) -> list[Activation]:
    """A boss died: the living inactive son joins that clan as boss (DECISIONS.md §4 Son)."""
    clans = [c for c in CLANS if any(d.role == f"{c}.boss" for d in deaths)]
    son = next((p for p in state.players.values()
                if p.role == "son" and not p.son_active and p.alive), None)
    if son is None or not clans:
        return []
    clan = clans[0]
    if len(clans) == 2:
        sizes = {c: _clan_size(state, c) for c in clans}
        small = [c for c in clans if sizes[c] == min(sizes.values())]
        clan = small[0]
        if len(small) == 2:
            name = f"day{b.day}.son_clan"
            clan = draw(state.seed, name, small)
            draws.append((name, clan))
    son.role, son.clan, son.son_active = "boss", clan, True
    return [Activation("son", son.nick, "boss", clan)]


def _actor_activation(state: GameState, deaths: list[Death]) -> list[Activation]:
    """The actor takes the role of the first dead member of his clan, except the boss the
    son replaces (DECISIONS.md §4 Actor, house rule ``actor_replaces = "first"``)."""
    out = []
    for actor in state.players.values():
        if actor.role != "actor" or actor.actor_done or not actor.alive:
            continue
        for d in deaths:
            role, clan = split_role(d.role)
            if clan != actor.clan or d.player == actor.nick:
                continue
            if role == "boss" and _son_took(state, clan):
                continue
            actor.role, actor.actor_done = role, True
            out.append(Activation("actor", actor.nick, role, clan))
            break
    return out


def _son_took(state: GameState, clan: str) -> bool:
    return any(p.son_active and p.clan == clan and p.alive and p.role == "boss"
               for p in state.players.values())


def winner(state: GameState) -> str | None:
    """``civilians``, ``clan1``, ``clan2`` or ``None`` (DECISIONS.md §9). When both clans
    would win at once (one member each, nobody else) the game goes on."""
    alive = [p for p in state.players.values() if p.alive]
    mafia = [p for p in alive if p.is_mafia]
    if not mafia:
        return "civilians"
    winners = [c for c in CLANS
               if (n := sum(1 for p in alive if p.clan == c)) and n >= len(alive) - n]
    return winners[0] if len(winners) == 1 else None
