"""The state of a game between two turns: who is alive, who holds which role, what each
player did last turn. A resolved turn yields a new state; the old one is kept as a snapshot
(so a day can be reopened). Pure data: JSON-serialisable through :meth:`GameState.to_json`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .roles import ROLE_CIVILIANS, split_role


@dataclass(frozen=True)
class HouseRules:
    """House rules (DECISIONS.md, every point marked **house rule**), with their defaults."""

    hunt_threshold: int = 2
    lynch_tie: str = "nobody"  # "nobody" | "random" | "all"
    actor_replaces: str = "first"
    weekend_merge: bool = True
    hunt_step: str = "after_clan_kills"  # placement of step 9a
    autokill_words: int = 66
    autokill_points: int = 3

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "HouseRules":
        """Build from a config/game-file table; unknown keys raise ``ValueError`` naming them."""
        data = dict(data or {})
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"неизвестное правило дома: {', '.join(unknown)}")
        for key, allowed in _CHOICES.items():
            if key in data and data[key] not in allowed:
                raise ValueError(f"{key}: допустимо {', '.join(allowed)}")
        for key in ("hunt_threshold", "autokill_words", "autokill_points"):
            least = 0 if key == "autokill_words" else 1  # 0: no word rule (a game by mail only)
            value = data.get(key, least)
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise ValueError(f"{key}: нужно целое число не меньше {least}")
        if not isinstance(data.get("weekend_merge", True), bool):
            raise ValueError("weekend_merge: нужно true или false")
        return cls(**data)


#: House rules with a closed set of values (hunt_step: where step 9a, the civilian hunt, runs).
_CHOICES: dict[str, tuple[str, ...]] = {
    "lynch_tie": ("nobody", "random", "all"),
    "actor_replaces": ("first",),
    "hunt_step": ("before_clan_kills", "after_clan_kills", "after_maniac"),
}


@dataclass
class PlayerState:
    """One player. ``role``/``clan`` are the role held now (an actor who replaced somebody, an
    activated son); ``dealt`` is the role string dealt at the start (``"clan1.actor"``)."""

    nick: str
    role: str
    clan: str | None
    dealt: str
    alive: bool = True
    died_day: int | None = None
    death_cause: str | None = None
    son_active: bool = False
    actor_done: bool = False
    doomed_day: int | None = None  # the day at whose step 1 the psycho's victim dies
    doomed_by: str | None = None  # who invited him (the psycho, or the swindler as psycho)
    autokill_points: int = 0
    fan_found: bool = False  # the fan found her role
    fan_check_left: bool = False  # the fan's earned check is still unused
    fan_search_role: str = "detective"
    #: action id → target nick of the last turn (for "never the same target twice in a row")
    last_targets: dict[str, str] = field(default_factory=dict)

    @property
    def is_mafia(self) -> bool:
        return self.clan is not None

    @property
    def is_role_civilian(self) -> bool:
        return self.clan is None and self.role in ROLE_CIVILIANS


@dataclass
class GameState:
    """A whole game between turns. ``day`` is the next day to resolve (1 before any turn).
    ``players`` keeps roster order (the order of the game file or config)."""

    seed: int
    rules: HouseRules
    players: dict[str, PlayerState]
    day: int = 1
    winner: str | None = None
    draws: list[tuple[str, str]] = field(default_factory=list)
    #: per finished day: the nicknames lynched (needed by «Апелёвка»)
    lynched_by_day: dict[int, list[str]] = field(default_factory=dict)
    #: per finished day: voter → targets (needed by «Апелёвка»)
    votes_by_day: dict[int, dict[str, list[str]]] = field(default_factory=dict)
    #: roles that left under an eclipse and are still to be listed in the next newspaper
    hidden_roles: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, seed: int, roles: dict[str, str], rules: HouseRules | None = None) -> "GameState":
        """A game at day 1 from a roster ``{nick: role string}`` (``"clan1.boss"``, ``"doctor"``).

        Raises:
            engine.roles.RosterError: a role string names no role.
        """
        players = {}
        for nick, spec in roles.items():
            role, clan = split_role(spec)
            players[nick] = PlayerState(nick=nick, role=role, clan=clan, dealt=spec)
        return cls(seed=seed, rules=rules or HouseRules(), players=players)

    def alive(self) -> list[str]:
        """Living nicknames in roster order."""
        return [n for n, p in self.players.items() if p.alive]

    def copy(self) -> "GameState":
        """An independent copy: every mutable field is copied, values are immutable."""
        players = {n: replace(p, last_targets=dict(p.last_targets)) for n, p in self.players.items()}
        return replace(
            self, players=players, draws=list(self.draws),
            lynched_by_day={d: list(v) for d, v in self.lynched_by_day.items()},
            votes_by_day={d: {k: list(t) for k, t in v.items()} for d, v in self.votes_by_day.items()},
            hidden_roles=list(self.hidden_roles),
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-serialisable snapshot (see :meth:`from_json`)."""
        data = asdict(self)
        data["draws"] = [list(d) for d in self.draws]
        data["lynched_by_day"] = {str(k): v for k, v in self.lynched_by_day.items()}
        data["votes_by_day"] = {str(k): v for k, v in self.votes_by_day.items()}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameState":
        """Inverse of :meth:`to_json` (``data`` is not changed)."""
        data = dict(data)
        rules = HouseRules(**data.pop("rules"))
        players = {n: PlayerState(**{**p, "last_targets": dict(p.get("last_targets", {}))})
                   for n, p in data.pop("players").items()}
        draws = [tuple(d) for d in data.pop("draws")]
        lynched = {int(k): list(v) for k, v in data.pop("lynched_by_day").items()}
        votes = {int(k): {n: list(t) for n, t in v.items()} for k, v in data.pop("votes_by_day").items()}
        data["hidden_roles"] = list(data.get("hidden_roles", []))
        return cls(rules=rules, players=players, draws=draws, lynched_by_day=lynched,
                   votes_by_day=votes, **data)
