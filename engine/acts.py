"""Moves as the resolver handles them (:class:`Act`); who may make which move is
:mod:`engine.legality`.

An :class:`Act` is one submitted move (or a move the swindler stole) together with the player
who carries it out and, once decided, its outcome and reason (engine.reasons).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from .model import Move
from .state import PlayerState
from .turn_types import MoveOutcome


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
    #: ``explain`` only (not in the JSON): a vote void as ``withdrawn`` that a later vote of
    #: the same player had already replaced when the withdrawal came (``"superseded"``)
    note: str | None = None

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
            member=self.member, inner=self.action if self.member else None, note=self.note,
            sought=self.move.role if self.action == "search" else None,
        )


def role_kind(p: PlayerState) -> str:
    """The role whose rules the player's own moves follow."""
    return p.role
