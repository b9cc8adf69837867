"""Moves as the resolver handles them (:class:`Act`) and who may make which move.

An :class:`Act` is one submitted move (or a move the swindler stole) together with the player
who carries it out and, once decided, its outcome and reason (engine.reasons).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from .model import Move
from .state import GameState, PlayerState
from .turn_types import MoveOutcome, TurnInput

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

#: Role moves a hunt cannot be combined with, and the reason the hunt is refused with
#: (DECISIONS.md §4: detective, doctor, hostess, psycho, thug, swindler, maniac).
HUNT_EXCLUDED_BY: dict[str, str] = {
    "check": "hunt_with_check",
    "heal": "hunt_with_role_move",
    "invite": "hunt_with_role_move",
    "beat": "hunt_with_role_move",
    "swindle": "hunt_with_role_move",
    "maniac_kill": "hunt_with_role_move",
}

#: Moves that may never name the same player two turns in a row (DECISIONS.md §4).
NO_REPEAT: dict[str, frozenset[str]] = {
    "rob": frozenset({"thief"}),
    "heal": frozenset({"doctor"}),
    "invite": frozenset({"hostess"}),
    "beat": frozenset({"thug"}),
}


@dataclass
class Act:
    """One move in resolution.

    ``owner`` sent it (JSON ``by``); ``actor`` carries it out (the member for a boss's
    ``on_behalf`` move); ``kind`` the role whose rules apply (``hostess``/``psycho`` for an
    invite, the stolen role for the swindler's stolen move); ``stolen``: carried out by the
    swindler, blocked only by his death. ``order`` sorts the JSON ``moves`` list.
    """

    order: float
    owner: str
    actor: str
    action: str
    move: Move
    at: datetime
    seq: int = 0
    kind: str = ""
    stolen: bool = False
    json_action: str = ""
    member: str | None = None
    outcome: str | None = None
    reason: str | None = None

    @property
    def target(self) -> str | None:
        if self.move.target is not None:
            return self.move.target
        return self.move.targets[0] if self.move.targets else None

    @property
    def pending(self) -> bool:
        return self.outcome is None

    def set(self, outcome: str, reason: str = "ok") -> None:
        """Decide the act (only the first decision counts)."""
        if self.outcome is None:
            self.outcome, self.reason = outcome, reason

    def copy(self) -> "Act":
        return replace(self)

    def to_outcome(self) -> MoveOutcome:
        targets = tuple(self.move.targets) if self.action == "vote" and len(self.move.targets) > 1 else ()
        return MoveOutcome(
            by=self.owner, action=self.json_action or self.action, target=self.target,
            outcome=self.outcome or "void", reason=self.reason or "ok", targets=targets,
            member=self.member,
        )


def role_kind(p: PlayerState) -> str:
    """The role whose rules the player's own moves follow."""
    return p.role


def may_make(state: GameState, turn: TurnInput, p: PlayerState, move: Move) -> str | None:
    """``None`` if player ``p`` may send ``move`` this turn, else the refusal reason
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
    if a == "search" and p.role == "fan" and p.fan_found:
        return "already_found"
    if a == "on_behalf":
        return _may_on_behalf(state, turn, p, move)
    return None if a in ROLE_MOVES.get(p.role, ()) else "not_your_role"


def _may_on_behalf(state: GameState, turn: TurnInput, boss: PlayerState, move: Move) -> str | None:
    member = state.players.get(move.member or "")
    if boss.role != "boss" or member is None or move.move is None:
        return "not_your_role"
    if member.clan != boss.clan or member.nick == boss.nick or not member.alive:
        return "not_your_role"
    if move.move.action in ("on_behalf", "vote", "hunt", "delegate"):
        return "not_your_role"
    return may_make(state, turn, member, move.move)
