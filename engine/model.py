"""Small value types shared by the parser, the resolver and the callers.

Nothing here does I/O. Times are aware :class:`datetime.datetime` values (UTC in storage).
The JSON shapes are those of ``docs/SCENARIOS.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

#: Action ids (SCENARIOS.md "Action ids").
ACTIONS: tuple[str, ...] = (
    "rob", "guard", "boss_check", "clan_kill", "check", "heal", "invite", "search", "beat",
    "swindle", "watch", "maniac_kill", "hunt", "vote", "mortar", "fear_choice", "partner",
    "delegate", "on_behalf",
)

#: Event ids (SCENARIOS.md "Event ids").
EVENTS: tuple[str, ...] = (
    "none", "fear", "rage", "voice", "choose_me", "eclipse", "paradox", "palms", "secret",
    "appeal", "full_moon", "holiday",
)

class WordedEnum(StrEnum):
    """A closed vocabulary whose members are declared as ``NAME = "code", "Russian words"``:
    the member is the string ``code`` (what JSON and databases hold) and ``.ru`` gives its
    Russian words for the host."""

    ru: str

    def __new__(cls, value: str, ru: str) -> "WordedEnum":
        member = str.__new__(cls, value)
        member._value_ = value
        member.ru = ru
        return member


class ProblemKind(WordedEnum):
    """Kind of a problem in a letter (SCENARIOS.md ``problems[].kind``); ``.ru`` the host's
    words for it («нет такого игрока»)."""

    UNKNOWN_NAME = "unknown_name", "нет такого игрока"
    AMBIGUOUS = "ambiguous", "неясно, кто"
    NOT_YOUR_ROLE = "not_your_role", "не ход этой роли"
    NOT_ALLOWED = "not_allowed", "запрещено правилами"
    UNPARSED = "unparsed", "не понято"
    LATE = "late", "опоздало"


#: Problem kinds (SCENARIOS.md ``problems[].kind``), as plain strings.
PROBLEM_KINDS: tuple[str, ...] = tuple(kind.value for kind in ProblemKind)

#: Problems the reply asks the player about (which player he meant; a name that is nobody's):
#: they keep the asked move's action, which the player's answer makes (engine.parse_answer).
ASKED_KINDS = frozenset({ProblemKind.AMBIGUOUS.value, ProblemKind.UNKNOWN_NAME.value})

#: Death causes (SCENARIOS.md ``deaths[].cause``).
DEATH_CAUSES: tuple[str, ...] = (
    "lynch", "autokill", "psycho", "clan1", "clan2", "maniac", "hunt", "mortar", "explosion",
)

#: Move outcomes (SCENARIOS.md ``moves[].outcome``).
OUTCOMES: tuple[str, ...] = ("done", "failed", "void", "refused")


@dataclass(frozen=True)
class Move:
    """One move of one player, as understood from a letter or given structurally.

    ``action`` is an id of :data:`ACTIONS`. Which other fields are set depends on it:
    ``target`` for one-target moves; ``targets`` for a two-vote ``vote``; ``role`` for a fan's
    ``search`` (role id searched for, default detective); ``branches`` (role id → Move) for
    ``swindle``; ``member`` and ``move`` for ``on_behalf``. ``span`` is the text the move was
    read from (empty for structured moves) and is not part of the JSON.
    """

    action: str
    target: str | None = None
    targets: tuple[str, ...] = ()
    role: str | None = None
    branches: tuple[tuple[str, "Move"], ...] = ()
    member: str | None = None
    move: "Move | None" = None
    span: str = field(default="", compare=False)

    def branch_map(self) -> dict[str, "Move"]:
        """``branches`` as a dict role id → Move."""
        return dict(self.branches)

    def to_json(self) -> dict[str, Any]:
        """The SCENARIOS.md JSON object of this move (keys only where set)."""
        out: dict[str, Any] = {"action": self.action}
        if self.target is not None:
            out["target"] = self.target
        if self.targets:
            out["targets"] = list(self.targets)
        if self.role is not None:
            out["role"] = self.role
        if self.branches:
            out["branches"] = {r: m.to_json() for r, m in self.branches}
        if self.member is not None:
            out["member"] = self.member
        if self.move is not None:
            out["move"] = self.move.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Move":
        """Build a move from its JSON object (game file ``moves`` entries; ``by`` is ignored).

        Raises:
            ValueError: unknown action id or a malformed field.
        """
        action = data.get("action")
        if action not in ACTIONS:
            raise ValueError(f"неизвестное действие «{action}»")
        targets = data.get("targets") or ()
        if isinstance(targets, str):
            targets = (targets,)
        branches = tuple(
            (str(r), cls.from_json(m)) for r, m in (data.get("branches") or {}).items()
        )
        inner = data.get("move")
        return cls(
            action=action,
            target=data.get("target"),
            targets=tuple(targets),
            role=data.get("role"),
            branches=branches,
            member=data.get("member"),
            move=cls.from_json(inner) if inner else None,
        )

    def with_span(self, span: str) -> "Move":
        """This move with ``span`` set (``dataclasses.replace`` without its field-by-field
        ``__init__``: the parser sets the span of every move it reads)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__["span"] = span
        return new


@dataclass(frozen=True)
class Problem:
    """A part of a letter that was not applied, and why (SCENARIOS.md ``problems``).

    ``text`` is the span of the letter it came from; ``kind`` a :class:`ProblemKind`;
    ``candidates`` the nicknames that fit (``ambiguous``), ``reason`` a short snake_case word
    (``same_target_twice``, ``hunt_with_check`` …) and ``message`` a Russian sentence for the
    reply letter. Only ``text``, ``kind`` and ``candidates`` (when non-empty) go to JSON.
    """

    text: str
    kind: str
    candidates: tuple[str, ...] = ()
    reason: str = ""
    message: str = ""
    #: for a move refused outright (``not_allowed``, ``not_your_role``): the action id and
    #: target the letter asked for, so the resolver lists it among the turn's moves (refused)
    action: str = ""
    target: str | None = None
    #: for a vote asked about on a two-vote day (:data:`ASKED_KINDS`): the players of the
    #: letter's vote that stood, which the player's answer joins (engine.parse_answer)
    kept: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "kind": self.kind}
        if self.candidates:
            out["candidates"] = list(self.candidates)
        return out

    def asked_json(self) -> dict[str, Any]:
        """The problem as a question the reply asked (:data:`ASKED_KINDS`): its JSON and the
        asked move's ``action`` (and the vote it joins, ``kept``); :func:`asked_problems`
        reads it back; a vote asked whole keeps its ``reason``, which tells it)."""
        return self.to_json() | {"action": self.action} | \
            ({"kept": list(self.kept)} if self.kept else {}) | \
            ({"reason": self.reason} if self.reason in ASKED_WHOLE else {})


def asked_problems(items: Any) -> tuple[Problem, ...]:
    """The asked problems (:data:`ASKED_KINDS`, with the asked move's ``action``) among
    ``items``: stored problem dicts (``text``, ``kind``, ``candidates``, ``action``, ``kept``);
    others and malformed entries are left out."""
    out = []
    for p in items or ():
        if not isinstance(p, dict):
            continue
        if p.get("kind") in ASKED_KINDS and p.get("action"):
            out.append(Problem(text=str(p.get("text", "")), kind=p["kind"],
                               candidates=tuple(p.get("candidates", ())), action=str(p["action"]),
                               kept=tuple(str(n) for n in p.get("kept", ()) or ())))
        elif isinstance(reason := p.get("reason"), str) and reason in ASKED_WHOLE and \
                ASKED_WHOLE[reason] == p.get("kind"):
            # a vote the reply asked for whole (:data:`ASKED_WHOLE`): any player may be the answer
            out.append(Problem(text=str(p.get("text", "")), kind=p["kind"], reason=reason,
                               message=str(p.get("message", "")), action="vote"))
    return tuple(out)


#: The reason of a vote naming more players than the day's votes: the reply asks whom the
#: player votes for, and his answer is read as that vote (:mod:`engine.parse_answer`).
TOO_MANY_VOTES = "too_many_votes"

#: The reason of «Голос тот же» right after a move on a player: the same player, or the vote
#: of an earlier letter kept? The reply asks for the nick, and his answer is that vote.
SAME_OR_KEPT = "same_or_kept"

#: The reasons of a vote the reply asks for whole, by the kind of their problem: «Названо
#: больше игроков, чем у вас сегодня голосов … Напишите, за кого вы голосуете», and «Голос тот
#: же» after a move on a player. A stored problem of them keeps its reason
#: (:meth:`Problem.asked_json`) and is read back as asked (:func:`asked_problems`).
ASKED_WHOLE = {TOO_MANY_VOTES: ProblemKind.NOT_ALLOWED.value, SAME_OR_KEPT: ProblemKind.UNPARSED.value}


@dataclass(frozen=True)
class ParseResult:
    """What one letter says: the moves understood, the problems, and two flags.

    ``skip``: the player wrote that he skips his move («пропускаю ход»); ``cancel``: he
    cancels his earlier moves («отменяю ход»); ``unvote``: the letter takes back a vote and
    gives none («Снимаю голос.», «Снимаю голос с X»): the players whose votes standing from
    his earlier letters of the day it takes back (``("*",)``: his whole vote; ``("+",)``,
    engine.legality.SECOND_VOTE: none, the letter gives the second vote of a two-vote day
    alone, «Второй голос — Лось», which joins the earlier vote). None of them
    is a move of SCENARIOS.md, so none appears in the JSON, which is exactly
    ``{"moves": [...], "problems": [...]}``.
    """

    moves: tuple[Move, ...] = ()
    problems: tuple[Problem, ...] = ()
    skip: bool = False
    cancel: bool = False
    unvote: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "moves": [m.to_json() for m in self.moves],
            "problems": [p.to_json() for p in self.problems],
        }


@dataclass(frozen=True)
class Submission:
    """A move as it reaches the resolver: who sent it, when the server received it.

    ``at`` is an aware datetime (the receipt time, DECISIONS.md §8); ``seq`` breaks ties
    between letters received in the same second (arrival order); ``letter_id`` points back
    at the stored letter (a Message-ID, or ``"turnN.letterK"`` in a game file).
    """

    by: str
    move: Move
    at: datetime
    seq: int = 0
    letter_id: str = ""


@dataclass(frozen=True)
class TurnInfo:
    """What the parser must know about the day a letter belongs to.

    ``day`` is the game day (1-based); ``event`` an id of :data:`EVENTS`; ``immune`` the player
    drawn under «Выбери меня!» (only he may name a ``partner``); ``mortar`` the holder of the
    mortar under «Праздник»; ``fear_chosen`` the most-voted player under «Страх» (only he may
    send a ``fear_choice``); ``partner`` the partner the immune player named when it is known
    as the letter is read (the game file's ``partner``, or his earlier move): a vote for him
    is refused too.
    """

    day: int = 1
    event: str = "none"
    immune: str | None = None
    mortar: str | None = None
    fear_chosen: str | None = None
    partner: str | None = None

    @property
    def votes_per_player(self) -> int:
        """Two votes under «Ярость» and «Голос», else one (DECISIONS.md §6)."""
        return 2 if self.event in ("rage", "voice") else 1
