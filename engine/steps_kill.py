"""The killing steps of DECISIONS.md §2: 8a mortar, 9 clan kills, 9a civilian hunt, 10 maniac."""

from __future__ import annotations

from .acts import Act
from .board import (
    HUNT_BLOCKS, ROLE_BLOCKS, STEP_CLAN, STEP_MANIAC, STEP_MORTAR, Board, attempt_kill,
)
from .roles import CLAN_ROLES, CLANS



def _finish(act: Act, reason: str) -> None:
    act.set("done" if reason == "ok" else "failed", reason)


def step_mortar(b: Board) -> None:
    """Step 8a («Праздник»): the holder's shot, clan-kill failure rules. The mortar is not a
    role move: ``robbed`` does not block it; beaten or away does."""
    for act in b.pending("mortar"):
        if b.actor_gone(act, STEP_MORTAR) or b.blocked(act, HUNT_BLOCKS):
            continue
        _finish(act, attempt_kill(b, act.target, [act.actor], "mortar", STEP_MORTAR))


def clan_kill_count(event: str) -> int:
    """Kills a clan makes this turn: two under «Полнолуние», else one (DECISIONS.md §6)."""
    return 2 if event == "full_moon" else 1


def step_clan_kills(b: Board) -> None:
    """Step 9: each clan's kill, both clans at once. The order comes from the member with the
    highest role (boss > thief > guard > indian > actor); the clan's kill is cancelled when it
    aims at the inactive son (DECISIONS.md §4 Clan kill)."""
    for clan in CLANS:
        acts = [a for a in b.pending("clan_kill")
                if b.state.players[a.actor].clan == clan]
        live = [a for a in acts if not b.actor_gone(a, STEP_CLAN)]
        live.sort(key=lambda a: (_priority(b, a.actor), a.order))
        chosen = _choose(live, clan_kill_count(b.turn.event))
        used = {id(a) for a, _ in chosen}
        for act in live:
            if id(act) not in used:
                act.set("void", "overruled")
        _carry_out(b, clan, chosen)


def _priority(b: Board, nick: str) -> int:
    role = b.state.players[nick].role
    return CLAN_ROLES.index(role) if role in CLAN_ROLES else len(CLAN_ROLES)


def _choose(live: list[Act], count: int) -> list[tuple[Act, str]]:
    """(act, target) pairs: targets in priority order, at most ``count`` different ones."""
    out: list[tuple[Act, str]] = []
    for act in live:
        names = list(act.move.targets) or [act.move.target]
        for t in names:
            if t is not None and len(out) < count and t not in [x for _, x in out]:
                out.append((act, t))
    return out


def _carry_out(b: Board, clan: str, chosen: list[tuple[Act, str]]) -> None:
    son = _inactive_son_among(b, [t for _, t in chosen])
    results: dict[int, list[str]] = {}
    for act, target in chosen:
        if son is not None:
            b.note_attack(target, [act.actor])
            reason = "son_spared"
        else:
            reason = attempt_kill(b, target, [act.actor], clan, STEP_CLAN)
        results.setdefault(id(act), []).append(reason)
    for act, _ in chosen:
        reasons = results[id(act)]
        _finish(act, "ok" if "ok" in reasons else reasons[0])


def _inactive_son_among(b: Board, targets: list[str]) -> str | None:
    for t in targets:
        p = b.state.players[t]
        if p.role == "son" and not p.son_active and b.alive_at(t, STEP_CLAN):
            return t
    return None


def step_hunt(b: Board, step: float) -> None:
    """Step 9a: the civilian hunt (DECISIONS.md §5). Counted shots: not by the son, not by a
    beaten or away shooter. Each counted shot is an attempt the witness sees; a target with at
    least ``hunt_threshold`` counted shots is attacked with the clan-kill failure rules."""
    shots: dict[str, list[Act]] = {}
    for act in b.pending("hunt"):
        if b.actor_gone(act, step) or b.blocked(act, HUNT_BLOCKS):
            continue
        p = b.state.players[act.actor]
        if p.role == "son" and not p.son_active:
            act.set("failed", "son_shot")
            continue
        shots.setdefault(act.target, []).append(act)
    threshold = b.state.rules.hunt_threshold
    for target, acts in shots.items():
        b.note_attack(target, [a.actor for a in acts])  # every counted shot is an attempt
        if len(acts) < threshold:  # a target already dead (hanged, killed by a clan) is the reason
            why = "not_enough_shots" if b.alive_at(target, step) else "target_dead"
            for act in acts:
                act.set("failed", why)
            continue
        reason = attempt_kill(b, target, [a.actor for a in acts], "hunt", step)
        for act in acts:
            _finish(act, reason)


def step_maniac(b: Board) -> None:
    """Step 10: the maniac's kill (or the swindler's stolen one), clan-kill failure rules."""
    for act in b.pending("maniac_kill"):
        if b.actor_gone(act, STEP_MANIAC) or b.blocked(act, ROLE_BLOCKS):
            continue
        _finish(act, attempt_kill(b, act.target, [act.actor], "maniac", STEP_MANIAC))
