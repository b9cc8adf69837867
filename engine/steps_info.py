"""Step 11 of DECISIONS.md §2: information moves on the state after step 10 — detective
check (and the fan's earned check), boss check, fan search, witness report, and the
swindler's stolen ones."""

from __future__ import annotations

from .acts import Act
from .board import AWAY, ROLE_BLOCKS, STEP_INFO, Board
from .state import PlayerState
from .turn_types import Info



def detective_result(p: PlayerState) -> str:
    """``mafia`` or ``civilian`` (DECISIONS.md §4 Detective, Indian, Son)."""
    return "mafia" if p.is_mafia and p.role != "indian" else "civilian"


def boss_result(p: PlayerState) -> str:
    """``role_civilian``, ``plain_civilian``, ``son`` or ``mafia_clanN`` (DECISIONS.md §4 Boss)."""
    if p.role == "son" and not p.son_active:
        return "son"
    if p.is_mafia:
        return "plain_civilian" if p.role == "indian" else f"mafia_{p.clan}"
    return "role_civilian" if p.is_role_civilian else "plain_civilian"


def step_info(b: Board) -> None:
    """Run every pending information move."""
    for act in b.pending("check"):
        _run(b, act, _check)
    for act in b.pending("boss_check"):
        _run(b, act, _boss_check)
    for act in b.pending("search"):
        _run(b, act, _search)
    for act in b.pending("watch"):
        _run(b, act, _watch)


def _run(b: Board, act: Act, fn) -> None:
    if b.actor_gone(act, STEP_INFO):
        return
    if b.blocked(act, ROLE_BLOCKS):
        b.info.append(Info(act.owner, act.action, act.target, "failed"))
        return
    fn(b, act)


def _findable(b: Board, act: Act) -> str | None:
    if not b.alive_at(act.target, STEP_INFO + 1) or act.target in b.died:
        return "target_dead"
    if b.has(act.target, "beaten"):
        return "target_beaten"
    return None


def _look(b: Board, act: Act, result, *, away_hides: bool = False) -> None:
    """A check of the target's role: ``result(player)`` is what the checker learns; with
    ``away_hides`` a target away from home (AWAY statuses) cannot be found."""
    reason = _findable(b, act)
    if reason is None and away_hides and any(b.has(act.target, s) for s in AWAY):
        reason = "target_away"
    if reason:
        b.fail_info(act, reason)
        return
    act.set("done")
    b.info.append(Info(act.owner, act.action, act.target, result(b.state.players[act.target])))


def _check(b: Board, act: Act) -> None:
    _look(b, act, detective_result)


def _boss_check(b: Board, act: Act) -> None:
    _look(b, act, boss_result, away_hides=True)


def searched_role(b: Board, act: Act) -> str:
    """The role the fan looks for: the detective while he lives, else the role she names
    (or named before) (DECISIONS.md §4 Fan). The swindler's stolen search looks for the role
    his branch names («если фанатка — ищу врача у Y»), else the detective: what his reply
    promised («Поиск врача: Y»; DECISIONS.md §4 Swindler: the branch as he wrote it)."""
    if act.stolen:
        return act.move.role or "detective"
    if any(p.role == "detective" and p.alive for p in b.state.players.values()):
        return "detective"
    fan = b.state.players[act.actor]
    return act.move.role or fan.fan_search_role


def _search(b: Board, act: Act) -> None:
    if act.target is None:
        act.set("done")  # «теперь ищу доктора»: only the role she searches for from now on
        return
    reason = _findable(b, act)
    if reason:
        b.fail_info(act, reason)
        return
    act.set("done")
    target = b.state.players[act.target]
    found = target.role == searched_role(b, act) and not target.is_mafia
    b.info.append(Info(act.owner, "search", act.target, "found" if found else "not_found"))


def _watch(b: Board, act: Act) -> None:
    seen = b.attackers.get(act.target, [])
    if not seen:
        b.fail_info(act, "no_attack")
        return
    act.set("done")
    order = list(b.state.players)
    b.info.append(Info(act.owner, "watch", act.target, sorted(seen, key=order.index)))
