"""Value types of one resolved turn (the resolver's input and output).

The JSON of :meth:`TurnResult.to_json` is exactly the turn object of SCENARIOS.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .model import Submission
from .state import GameState


@dataclass(kw_only=True)
class HostInputs:
    """What the host gives a day besides the letters, in a game file's ``[[turn]]`` and in a
    closing turn alike: ``votes`` (voter → targets, e.g. a public forum tally), ``words``
    (forum word counts; missing = enough), ``lost_vote`` (players stripped of their vote),
    and the event choices ``fear_choice``, ``immune``, ``partner``, ``mortar`` (nicks or None).
    """

    votes: dict[str, list[str]] = field(default_factory=dict)
    words: dict[str, int] = field(default_factory=dict)
    lost_vote: list[str] = field(default_factory=list)
    fear_choice: str | None = None
    immune: str | None = None
    partner: str | None = None
    mortar: str | None = None


@dataclass
class TurnInput(HostInputs):
    """Everything the host closes a day with.

    ``submissions`` are the moves read from letters (and structured moves), on time or late;
    ``votes`` are host-given votes (voter → targets, e.g. imported from a public forum tally):
    they count as on time and take precedence over letter votes of the same voter (the letter
    vote is reported void ``host_vote``). ``words``: forum word counts (missing = enough).
    ``cancels``: ``(player, at, seq)`` of letters saying «отменяю ход»: the player's earlier
    submissions of this turn are void ``cancelled``. ``unvotes``: ``(player, at, seq, names,
    letter_id)`` of letters taking back a vote (ParseResult.unvote): his earlier votes of
    this turn are void ``withdrawn``, or keep the players not named; a vote the same letter
    gives takes the named players' place (engine.legality.merged_vote). ``draws``: draws made when the day opened
    (event, immune, mortar), copied to the result's log. ``refused``: moves the parser
    already refused (``Problem.action`` set), with the reason: listed as refused in ``moves``.
    """

    day: int
    event: str = "none"
    deadline: datetime | None = None
    submissions: list[Submission] = field(default_factory=list)
    cancels: list[tuple[str, datetime, int]] = field(default_factory=list)
    unvotes: list[tuple] = field(default_factory=list)
    draws: list[tuple[str, str]] = field(default_factory=list)
    refused: list[tuple[Submission, str]] = field(default_factory=list)
    #: players whose autokill points of this day the host cancelled (``autokill-cancel``; a
    #: player revived by a fix of a wrong death, for the days he believed himself dead): no
    #: point for the day, whatever the reason. Not a game-file field: the mailer sets it.
    pardoned: tuple[str, ...] = ()


@dataclass(frozen=True)
class DayOpening:
    """What the seed decides when a day opens (DECISIONS.md §6, §10)."""

    day: int
    event: str
    immune: str | None = None
    mortar: str | None = None
    draws: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Death:
    """One death. ``step`` orders the deaths (1 … 11, 8.5 mortar, 9.5 hunt); ``hidden``: the
    role is not revealed in the next newspaper («Солнечное затмение»)."""

    player: str
    cause: str
    role: str
    step: float = 1
    hidden: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "cause": self.cause}


@dataclass(frozen=True)
class Info:
    """A result told to a player: ``result`` is a word of SCENARIOS.md or a list of nicks."""

    to: str
    action: str
    target: str | None
    result: str | list[str]

    def to_json(self) -> dict[str, Any]:
        res = list(self.result) if isinstance(self.result, (list, tuple)) else self.result
        return {"to": self.to, "action": self.action, "target": self.target, "result": res}


@dataclass(frozen=True)
class MoveOutcome:
    """What happened to one submitted move, and why (reason: engine.reasons.REASONS).

    ``member`` is set for a boss's move made for a clan member (``on_behalf``), and ``inner``
    is then the member's move the boss made (``rob``, ``clan_kill``: named by ``explain``, not
    in the JSON); ``targets`` for a two-vote ``vote``; ``note``: see the field."""

    by: str
    action: str
    target: str | None
    outcome: str
    reason: str
    targets: tuple[str, ...] = ()
    member: str | None = None
    inner: str | None = None
    #: ``explain`` only (not in the JSON): ``"superseded"`` for a vote void as ``withdrawn``
    #: that a later vote had already replaced when the withdrawal came
    note: str | None = None
    #: letters only (not in the JSON): the role a search looked for, as the fan's letter (once
    #: the detective is dead) or a swindler's fan branch named it (None: the detective)
    sought: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "action": self.action, "target": self.target}
        if self.targets:
            out["targets"] = list(self.targets)
        if self.member is not None:
            out["member"] = self.member
        out["outcome"] = self.outcome
        out["reason"] = self.reason
        return out


@dataclass(frozen=True)
class Tally:
    """The lynch count. ``counts``: candidate → votes (roster order, only candidates with
    votes); ``voters``: voter → the targets his counted votes went to; ``most_voted``: the
    top group; ``lynched``: who dies (not under «Страх», see ``fear_chosen``);
    ``fear_chosen``: under «Страх», the player who must name the victim; ``tied``: the
    candidates tied at the lynch's last place, settled by house rule ``lynch_tie`` (empty
    when no tie decided the lynch; not in :meth:`to_json`); ``immune``: under «Выбери меня!»,
    the drawn player and the partner he named, whose votes counted for nobody (DECISIONS.md
    §6; not in :meth:`to_json`)."""

    counts: dict[str, int]
    voters: dict[str, list[str]]
    most_voted: list[str]
    lynched: list[str]
    fear_chosen: str | None = None
    draws: tuple[tuple[str, str], ...] = ()
    tied: tuple[str, ...] = ()
    immune: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"counts": dict(self.counts), "voters": {k: list(v) for k, v in self.voters.items()},
                "most_voted": list(self.most_voted), "lynched": list(self.lynched),
                "fear_chosen": self.fear_chosen}


@dataclass(frozen=True)
class Activation:
    """A role change told by letter: ``kind`` ``"son"`` (the son joined ``clan`` as its boss)
    or ``"actor"`` (the actor took ``role`` in ``clan``)."""

    kind: str
    player: str
    role: str
    clan: str


@dataclass
class TurnResult:
    """The outcome of one resolved turn (see engine.resolve.resolve_turn)."""

    day: int
    event: str
    lynched: list[str]
    deaths: list[Death]
    statuses: dict[str, list[str]]
    info: list[Info]
    moves: list[MoveOutcome]
    tally: Tally
    draws: list[tuple[str, str]]
    activations: list[Activation]
    winner: str | None
    new_state: GameState
    revealed_roles: list[str] = field(default_factory=list)
    #: why each player got autokill points this day (engine.lynch.autokill_reasons:
    #: ``few_words``, ``no_vote``); not in the JSON of SCENARIOS.md
    autokill: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: players stripped of their vote this day («Парадокс», «Пальмы цветут»: the host named
    #: them); not in the JSON of SCENARIOS.md
    lost_vote: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The SCENARIOS.md turn object: day, event, lynched, deaths, statuses, info, moves."""
        return {
            "day": self.day,
            "event": self.event,
            "lynched": list(self.lynched),
            "deaths": [d.to_json() for d in self.deaths],
            "statuses": {k: list(v) for k, v in self.statuses.items()},
            "info": [i.to_json() for i in self.info],
            "moves": [m.to_json() for m in self.moves],
        }
