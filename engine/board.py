"""The working state of one resolution pass (steps 1–11 of DECISIONS.md §2): who died at which
step, the statuses, the guests of each host, who attacked whom. Helpers shared by the steps.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .acts import Act
from .draw import draw
from .state import GameState
from .turn_types import Info, TurnInput

#: Step numbers (DECISIONS.md §2); 8a and 9a are between the whole steps.
STEP_LYNCH, STEP_ROB, STEP_SWINDLE, STEP_PSYCHO, STEP_THUG, STEP_HOSTESS = 1, 2, 3, 4, 5, 6
STEP_DOCTOR, STEP_GUARD, STEP_MORTAR, STEP_CLAN, STEP_MANIAC, STEP_INFO = 7, 8, 8.5, 9, 10, 11

#: house rule ``hunt_step`` → the step number of the civilian hunt (DECISIONS.md §5).
HUNT_STEPS: dict[str, float] = {
    "before_clan_kills": 8.7, "after_clan_kills": 9.5, "after_maniac": 10.5,
}

#: Statuses that block a role move made at a later step (DECISIONS.md §3).
ROLE_BLOCKS = ("robbed", "beaten", "hosted", "at_psycho")

#: Statuses that block a hunt shot or a mortar shot (not ``robbed``, DECISIONS.md §3, §5).
HUNT_BLOCKS = ("beaten", "hosted", "at_psycho")

#: Statuses that keep a player from home (kills, hunts and the mortar aimed at him fail).
AWAY = ("hosted", "at_psycho")

#: Step-1 death cause → the void reason of the dead player's moves.
STEP1_VOID = {"lynch": "lynched", "autokill": "autokilled", "psycho": "doomed"}


@dataclass
class Board:
    """One resolution pass. ``died``: nick → (step, cause), in order of death; ``attackers``:
    target → nicks whose attack on him the witness sees; ``guests``: host → guests."""

    state: GameState
    turn: TurnInput
    acts: list[Act]
    inactive: frozenset[str] = frozenset()
    died: dict[str, tuple[float, str]] = field(default_factory=dict)
    statuses: dict[str, set[str]] = field(default_factory=dict)
    attackers: dict[str, list[str]] = field(default_factory=dict)
    guests: dict[str, list[str]] = field(default_factory=dict)
    doomed_by: dict[str, str] = field(default_factory=dict)
    healed: set[str] = field(default_factory=set)
    guarded: set[str] = field(default_factory=set)
    heal_saves: set[str] = field(default_factory=set)
    info: list[Info] = field(default_factory=list)
    draws: list[tuple[str, str]] = field(default_factory=list)

    @property
    def day(self) -> int:
        return self.turn.day

    def roster_index(self, nick: str) -> int:
        return list(self.state.players).index(nick)

    def alive_at(self, nick: str, step: float) -> bool:
        """Alive when step ``step`` runs: alive at the turn's start, not dead at an earlier
        step (deaths of the same step are simultaneous)."""
        p = self.state.players.get(nick)
        if p is None or not p.alive:
            return False
        return nick not in self.died or self.died[nick][0] >= step

    def has(self, nick: str, status: str) -> bool:
        return status in self.statuses.get(nick, ())

    def add_status(self, nick: str, status: str) -> None:
        self.statuses.setdefault(nick, set()).add(status)

    def die(self, nick: str, step: float, cause: str) -> None:
        if nick not in self.died:
            self.died[nick] = (step, cause)

    def note_attack(self, target: str, attackers: Iterable[str]) -> None:
        seen = self.attackers.setdefault(target, [])
        seen.extend(a for a in attackers if a not in seen)

    def pending(self, action: str, kind: str | None = None) -> list[Act]:
        """Pending acts of ``action`` (and ``kind``), actors in roster order."""
        out = [a for a in self.acts if a.pending and a.action == action
               and (kind is None or a.kind == kind)]
        return sorted(out, key=lambda a: (self.roster_index(a.actor), a.order))

    def actor_gone(self, act: Act, step: float) -> bool:
        """End the act if its actor is dead before ``step`` or inactive; True if so.

        Removed at step 1 (lynched, autokilled, doomed): ``void`` («does nothing this turn»,
        DECISIONS.md §2, §4 Psycho). Killed during the night before the act's step: ``failed``,
        reason ``dead`` (each role's «Fails if … dead», DECISIONS.md §4).
        """
        if act.actor in self.inactive:
            act.set("void", "doomed")
            return True
        if self.alive_at(act.actor, step):
            return False
        when = self.died.get(act.actor)
        if when and when[0] == STEP_LYNCH:
            act.set("void", STEP1_VOID.get(when[1], "dead"))
        else:
            act.set("failed", "dead")
        return True

    def blocked(self, act: Act, blocks: Iterable[str]) -> bool:
        """Fail the act with the first of ``blocks`` the actor has; stolen acts are never
        blocked by statuses (DECISIONS.md §4 Swindler). True if failed."""
        if act.stolen:
            return False
        for status in blocks:
            if self.has(act.actor, status):
                act.set("failed", status)
                return True
        return False

    def drawn(self, name: str, options: list[str]) -> str:
        """A named seeded draw, logged (DECISIONS.md §10)."""
        result = draw(self.state.seed, name, options)
        self.draws.append((name, result))
        return result

    def fail_info(self, act: Act, reason: str) -> None:
        act.set("failed", reason)
        self.info.append(Info(act.owner, act.action, act.target, "failed"))


def attempt_kill(b: Board, target: str, attackers: list[str], cause: str, step: float) -> str:
    """A kill (clan, maniac, hunt, mortar) on ``target`` at ``step`` with the clan-kill failure
    rules (DECISIONS.md §4): returns ``"ok"`` when it kills, else the failure reason. A killed
    host's guests die in the explosion unless healed or guarded."""
    b.note_attack(target, attackers)
    if not b.alive_at(target, step):
        return "target_dead"
    if b.has(target, "beaten"):
        return "target_beaten"
    if any(b.has(target, s) for s in AWAY):
        return "target_away"
    if target in b.healed:
        return "healed"
    if target in b.guarded:
        return "guarded"
    b.die(target, step, cause)
    _explode(b, target, attackers, step)
    return "ok"


def _explode(b: Board, host: str, attackers: list[str], step: float) -> None:
    for guest in b.guests.get(host, []):
        b.note_attack(guest, attackers)
        if guest in b.died or not b.alive_at(guest, step):
            continue
        if guest in b.healed or guest in b.guarded:
            continue
        b.die(guest, step, "explosion")
        _explode(b, guest, attackers, step)
