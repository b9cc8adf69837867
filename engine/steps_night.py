"""Steps 2–8 of DECISIONS.md §2: thief, swindler, psycho, thug, hostess, doctor, guard."""

from __future__ import annotations

from .acts import Act
from .legality import ROLE_ACTIONS, ROLE_MOVES, target_refusal
from .board import (
    ROLE_BLOCKS, STEP_DOCTOR, STEP_GUARD, STEP_HOSTESS, STEP_PSYCHO, STEP_ROB, STEP_SWINDLE,
    STEP_THUG, Board,
)
from .turn_types import Info


def step_rob(b: Board) -> None:
    """Step 2: both thieves at once; a thief cannot be blocked (DECISIONS.md §4 Thief)."""
    _mark(b, "rob", STEP_ROB, (), "robbed")


def _mark(b: Board, action: str, step: float, blocks: tuple[str, ...], status: str) -> None:
    """A step whose acts give their living targets ``status``, all at once (simultaneous
    steps, DECISIONS.md §2); an actor with one of ``blocks`` fails."""
    marked = []
    for act in b.pending(action):
        if b.actor_gone(act, step) or b.blocked(act, blocks):
            continue
        if not b.alive_at(act.target, step):
            act.set("failed", "target_dead")
            continue
        act.set("done")
        marked.append(act.target)
    for nick in marked:
        b.add_status(nick, status)


def step_swindle(b: Board) -> None:
    """Step 3: the swindler steals a role civilian's role move and carries out the branch for
    the target's role at that role's step (DECISIONS.md §4 Swindler)."""
    for act in b.pending("swindle"):
        if b.actor_gone(act, STEP_SWINDLE) or b.blocked(act, ("robbed",)):
            if act.outcome == "failed":
                b.info.append(Info(act.owner, "swindle", act.target, "failed"))
            continue
        target = b.state.players[act.target]
        if not b.alive_at(target.nick, STEP_SWINDLE):
            b.fail_info(act, "target_dead")
        elif b.has(target.nick, "robbed"):
            b.fail_info(act, "target_robbed")
        elif not target.is_role_civilian:
            b.fail_info(act, "not_role_civilian")
        else:
            _steal(b, act, target.role)


def _steal(b: Board, act: Act, role: str) -> None:
    for victim in b.acts:
        if victim.pending and victim.actor == act.target and victim.action in ROLE_ACTIONS:
            victim.set("void", "swindled")
    branch = act.move.branch_map().get(role)
    if branch is None or branch.action not in ROLE_MOVES.get(role, ()):
        act.set("done", "no_branch")
        b.info.append(Info(act.owner, "swindle", act.target, "role_civilian"))
        return
    act.set("done")
    b.info.append(Info(act.owner, "swindle", act.target, role))
    stolen = Act(order=act.order + 0.5, owner=act.owner, actor=act.owner, action=branch.action,
                 move=branch, at=act.at, seq=act.seq, kind=role, stolen=True)
    reason = _stolen_refusal(b, stolen)
    if reason:
        stolen.set("refused", reason)
    b.acts.append(stolen)


def _stolen_refusal(b: Board, act: Act) -> str | None:
    """A stolen move follows its role's target rules (engine.legality)."""
    return target_refusal(b.state, act.actor, act.kind, act.move)


def _earlier(b: Board, psycho: Act, hostess: Act) -> str:
    """``"psycho"`` or ``"hostess"``: whose invitation arrived first (equal: seeded draw)."""
    if psycho.at != hostess.at:
        return "psycho" if psycho.at < hostess.at else "hostess"
    name = f"day{b.day}.invite_tie.{psycho.actor}.{hostess.actor}"
    return b.drawn(name, ["psycho", "hostess"])


def _live_hostess_invites(b: Board) -> list[Act]:
    """The hostess invitations that will take place at step 6 as far as step 4 can tell:
    sender alive and not robbed, neither she nor her guest beaten at step 5."""
    beaten = _beatings_ahead(b)
    out = []
    for act in b.pending("invite", "hostess"):
        if act.actor in b.inactive or not b.alive_at(act.actor, STEP_PSYCHO):
            continue
        if not act.stolen and (b.has(act.actor, "robbed") or act.actor in beaten):
            continue
        if act.target in beaten:
            continue
        out.append(act)
    return out


def _beatings_ahead(b: Board) -> set[str]:
    """Who the thug will beat at step 5 (a thug the psycho invites is assumed kept)."""
    invited = {a.target for a in b.pending("invite", "psycho")}
    out = set()
    for act in b.pending("beat"):
        if act.actor in b.inactive or not b.alive_at(act.actor, STEP_THUG):
            continue
        if act.stolen or not (b.has(act.actor, "robbed") or act.actor in invited):
            out.add(act.target)
    return out


def step_psycho(b: Board) -> None:
    """Step 4: the psycho's invitation; the conflict with the hostess is decided here by the
    arrival times (DECISIONS.md §4 Psycho)."""
    hostess_acts = _live_hostess_invites(b)
    for act in b.pending("invite", "psycho"):
        if b.actor_gone(act, STEP_PSYCHO) or b.blocked(act, ("robbed",)):
            continue
        reason = _psycho_conflict(b, act, hostess_acts)
        if reason:
            act.set("failed", reason)
            continue
        act.set("done")
        _doom(b, act.target, act.actor)


def _psycho_conflict(b: Board, act: Act, hostess_acts: list[Act]) -> str | None:
    if not b.alive_at(act.target, STEP_PSYCHO):
        return "target_dead"
    for h in hostess_acts:
        if h.target == act.target and _earlier(b, act, h) == "hostess":
            return "target_hosted"
        if h.target == act.actor and act.target == h.actor and _earlier(b, act, h) == "hostess":
            return "hosted"
    return None


def _doom(b: Board, nick: str, psycho: str) -> None:
    b.add_status(nick, "at_psycho")
    b.add_status(nick, "doomed")
    b.doomed_by[nick] = psycho
    guests = b.guests.setdefault(psycho, [])
    if nick not in guests:
        guests.append(nick)


def step_thug(b: Board) -> None:
    """Step 5: beatings (DECISIONS.md §4 Thug); the thug fails if robbed or at the psycho's."""
    _mark(b, "beat", STEP_THUG, ("robbed", "at_psycho"), "beaten")


def step_hostess(b: Board) -> None:
    """Step 6: the hostess's invitation, with the psycho cases (DECISIONS.md §4 Hostess)."""
    for act in b.pending("invite", "hostess"):
        if b.actor_gone(act, STEP_HOSTESS) or b.blocked(act, ("robbed", "beaten")):
            continue
        host_psycho = _psycho_of(b, act.actor)
        if host_psycho is not None and host_psycho == act.target:
            act.set("failed", "at_psycho")  # she invited the psycho, whose letter came first
            continue
        reason = _guest_refusal(b, act)
        if reason:
            act.set("failed", reason)
            continue
        act.set("done")
        _host(b, act.actor, act.target, host_psycho)


def _psycho_of(b: Board, nick: str) -> str | None:
    """The psycho (or stealing swindler) whose guest ``nick`` is this turn, if any."""
    return b.doomed_by.get(nick) if b.has(nick, "at_psycho") else None


def _guest_refusal(b: Board, act: Act) -> str | None:
    target = act.target
    if not b.alive_at(target, STEP_HOSTESS):
        return "target_dead"
    if b.has(target, "beaten"):
        return "target_beaten"
    if b.has(target, "at_psycho"):
        return "target_at_psycho"
    if b.has(target, "hosted"):
        return "target_hosted"
    return None


def _host(b: Board, hostess: str, guest: str, host_psycho: str | None) -> None:
    """``guest`` spends the night at ``hostess``'s; a psycho guest brings his own guests
    (three in one house); a hostess at the psycho's brings her guest there (both doomed)."""
    guests = b.guests.setdefault(hostess, [])
    newcomers = [guest] + list(b.guests.get(guest, []))
    for g in newcomers:
        if g not in guests:
            guests.append(g)
        b.add_status(g, "hosted")
    if host_psycho is not None:
        _doom(b, guest, host_psycho)


def step_doctor(b: Board, dying_doomed: frozenset[str]) -> None:
    """Step 7: heals (DECISIONS.md §4 Doctor). A heal on a player doomed to die at step 1 of
    this turn saves him (collected in ``b.heal_saves``)."""
    for act in b.pending("heal"):
        if b.actor_gone(act, STEP_DOCTOR) or b.blocked(act, ROLE_BLOCKS):
            continue
        target = act.target
        if target in dying_doomed:
            act.set("done")
            b.heal_saves.add(target)
            continue
        if not b.alive_at(target, STEP_DOCTOR):
            act.set("failed", "target_dead")
            continue
        if b.has(target, "at_psycho"):
            act.set("failed", "target_at_psycho")
            continue
        act.set("done")
        b.healed.add(target)
        if b.state.players[target].doomed_day == b.day:
            b.heal_saves.add(target)


def step_guard(b: Board) -> None:
    """Step 8: both guards at once; only mafia can be guarded (DECISIONS.md §4 Guard)."""
    for act in b.pending("guard"):
        if b.actor_gone(act, STEP_GUARD) or b.blocked(act, ROLE_BLOCKS):
            continue
        if not b.alive_at(act.target, STEP_GUARD):
            act.set("failed", "target_dead")
        elif not b.state.players[act.target].is_mafia:
            act.set("failed", "not_mafia")
        else:
            act.set("done")
            b.guarded.add(act.target)
