"""Game files (SCENARIOS.md «Game file»): a whole game as TOML data — roster, and per day the
letters, structured moves, votes and host inputs, with optional expectations.

``load_game_file(text)`` parses and validates; every error is a :class:`GameFileError` with a
Russian message naming the key (and turn) at fault.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from .calendar import parse_local, zone
from .model import EVENTS, Move, Problem, asked_problems
from .roles import RosterError, split_role
from .state import HouseRules
from .turn_types import HostInputs

DEFAULT_TZ = "Europe/Moscow"
#: ``fear_choice = "nobody"``: the host closes a «Страх» day with nobody lynched.
NOBODY = "nobody"

TURN_KEYS = frozenset({
    "event", "deadline", "letters", "moves", "votes", "words", "lost_vote", "fear_choice",
    "immune", "partner", "mortar", "expect",
})
EXPECT_KEYS = frozenset({
    "dead", "alive", "lynched", "event", "winner", "statuses", "info", "moves", "deaths",
})
WINNERS = ("civilians", "clan1", "clan2")


class GameFileError(ValueError):
    """A game file that cannot be used; the message (Russian) names the key at fault."""


@dataclass(frozen=True)
class LetterSpec:
    """A letter of a game file: sender, receipt time (aware UTC, None = not given), text;
    ``letter_id`` names it in the resolver's log (a Message-ID in a live game)."""

    sender: str
    at: datetime | None
    text: str
    letter_id: str = ""
    #: the questions of the reply to an earlier letter that this one answers (the asked
    #: problems, :data:`engine.model.ASKED_KINDS`): a letter with no move of its own is then
    #: read as that answer (:func:`engine.parse_answer.read_answer`), as the live reply read it
    asked: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class MoveSpec:
    """A structured move: who, the move, and its time (aware UTC, None = not given)."""

    by: str
    move: Move
    at: datetime | None = None


@dataclass
class TurnSpec(HostInputs):
    """One ``[[turn]]`` table. ``event`` None: drawn from the seed; ``deadline`` None: the
    day's end; ``votes``: voter → targets; ``expect``: the ``[turn.expect]`` table as is."""

    event: str | None = None
    deadline: datetime | None = None
    letters: list[LetterSpec] = field(default_factory=list)
    moves: list[MoveSpec] = field(default_factory=list)
    expect: dict[str, Any] = field(default_factory=dict)


@dataclass
class GameFile:
    """A loaded game file (``start`` is the aware UTC start of day 1)."""

    title: str
    seed: int
    timezone: str
    start: datetime
    rules: HouseRules
    roles: dict[str, str]
    turns: list[TurnSpec]
    #: the game's own words (optional top-level ``[words]``, as a config's: action id → the
    #: host's words, or → lexicon fields), which its letters were read with; ``mafia-mail
    #: export`` writes the config's and the taught ones, so the file replays on its own
    words: dict[str, Any] = field(default_factory=dict)
    #: the host's aliases of players (optional top-level ``[aliases]``, as a config's: alias
    #: → roster nick, :mod:`engine.textnorm_aliases`), which its letters were read with
    aliases: dict[str, str] = field(default_factory=dict)


def load_game_file(text: str) -> GameFile:
    """Parse and validate a game file.

    Raises:
        GameFileError: bad TOML, a missing or unknown key, an unknown role, event or nick, a
            malformed time or move (Russian message naming the key and turn).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GameFileError(f"файл игры не читается как TOML: {exc}") from exc
    unknown = sorted(set(data) - {"title", "game", "roles", "turn", "words", "aliases"})
    if unknown:
        if {"player", "mailbox", "send"} & set(unknown):
            raise GameFileError("это файл настроек игры (config), а нужен файл игры: [game], [roles] и "
                                "[[turn]] (docs/SCENARIOS.md); из идущей игры его делает mafia-mail export")
        raise GameFileError(f"неизвестные ключи верхнего уровня: {', '.join(unknown)}")
    game = _table(data, "game", "[game]")
    tz = str(game.get("timezone", DEFAULT_TZ))
    _check(lambda: zone(tz), "[game] timezone")
    seed = game.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GameFileError("[game] seed: нужно целое число")
    if "start" not in game:
        raise GameFileError("[game] start: не указано начало первого дня")
    start = _time(game["start"], tz, "[game] start")
    rules = _check(lambda: HouseRules.from_dict(game.get("house_rules")), "[game.house_rules]")
    roles = _roles(_table(data, "roles", "[roles]"))
    turns_raw = data.get("turn", [])
    if not isinstance(turns_raw, list):
        raise GameFileError("[[turn]]: нужен массив таблиц")
    turns = [_turn(i + 1, t, roles, tz) for i, t in enumerate(turns_raw)]
    words = data.get("words", {})
    if not isinstance(words, dict):
        raise GameFileError("[words]: нужна таблица (ход = [слова], как [words] в настройках игры)")
    if words:
        from .lexicon.game import GameWordsError, game_tables

        try:
            game_tables(words)
        except GameWordsError as exc:
            raise GameFileError(str(exc)) from exc
    return GameFile(str(data.get("title", "")), seed, tz, start, rules, roles, turns, words,
                    _aliases(data.get("aliases", {}), tuple(roles)))


def _aliases(table: Any, nicks: tuple[str, ...]) -> dict[str, str]:
    """The file's ``[aliases]`` (alias = roster nick), checked as a config's."""
    from .textnorm_aliases import alias_problem

    if not isinstance(table, dict):
        raise GameFileError("[aliases]: нужна таблица (прозвище = \"ник игрока\")")
    taken: dict[str, str] = {}
    for alias, nick in table.items():
        why = alias_problem(alias, nick, nicks, taken)
        if why:
            raise GameFileError(f"[aliases] {alias}: {why}")
    return {alias.strip(): nick for alias, nick in table.items()}


def _check(fn, where: str):
    try:
        return fn()
    except (ValueError, TypeError) as exc:
        raise GameFileError(f"{where}: {exc}") from exc


def _time(value: Any, tz: str, where: str) -> datetime:
    """A local time string, or a TOML datetime (naive: local; with an offset: as given)."""
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            return value.astimezone(timezone.utc)
        value = value.strftime("%Y-%m-%d %H:%M:%S")
    return _check(lambda: parse_local(str(value), tz), where)


def _table(data: dict, key: str, where: str) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        raise GameFileError(f"{where}: таблица не найдена")
    return value


def _roles(table: dict) -> dict[str, str]:
    if not table:
        raise GameFileError("[roles]: пустой список игроков")
    for nick, spec in table.items():
        if not isinstance(spec, str):
            raise GameFileError(f"[roles] «{nick}»: роль должна быть строкой")
        try:
            split_role(spec)
        except RosterError as exc:
            raise GameFileError(f"[roles] «{nick}»: {exc}") from exc
    if sum(1 for s in table.values() if s == "son") > 1:
        raise GameFileError("[roles]: внебрачный сын может быть только один")
    return {str(k): v for k, v in table.items()}


def _turn(n: int, raw: Any, roles: dict[str, str], tz: str) -> TurnSpec:
    where = f"[[turn]] №{n}"
    if not isinstance(raw, dict):
        raise GameFileError(f"{where}: нужна таблица")
    unknown = sorted(set(raw) - TURN_KEYS)
    if unknown:
        raise GameFileError(f"{where}: неизвестные ключи: {', '.join(unknown)}")
    nick = _NickChecker(roles, where)
    spec = TurnSpec()
    if "event" in raw:
        if raw["event"] not in EVENTS:
            raise GameFileError(f"{where} event: неизвестное событие «{raw['event']}»")
        spec.event = raw["event"]
    if "deadline" in raw:
        spec.deadline = _time(raw["deadline"], tz, f"{where} deadline")
    spec.letters = [_letter(where, i, x, nick, tz) for i, x in enumerate(raw.get("letters", []))]
    spec.moves = [_move(where, i, x, nick, tz) for i, x in enumerate(raw.get("moves", []))]
    spec.votes = {nick(v, "votes"): [nick(t, "votes") for t in _as_list(ts)]
                  for v, ts in dict(raw.get("votes", {})).items()}
    spec.words = {nick(k, "words"): _int(v, f"{where} words") for k, v in dict(raw.get("words", {})).items()}
    spec.lost_vote = [nick(x, "lost_vote") for x in _as_list(raw.get("lost_vote", []))]
    for key in ("fear_choice", "immune", "partner", "mortar"):
        if key in raw and not (key == "fear_choice" and raw[key] == NOBODY):
            setattr(spec, key, nick(raw[key], key))
    if raw.get("fear_choice") == NOBODY:
        spec.fear_choice = NOBODY
    spec.expect = _expect(where, raw.get("expect", {}), nick)
    return spec


class _NickChecker:
    def __init__(self, roles: dict[str, str], where: str) -> None:
        self.roles, self.where = roles, where

    def __call__(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or value not in self.roles:
            raise GameFileError(f"{self.where} {key}: неизвестный игрок «{value}»")
        return value


def _as_list(value: Any) -> list:
    return [value] if isinstance(value, str) else list(value)


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise GameFileError(f"{where}: нужно целое число")
    return value


def _letter(where: str, i: int, raw: Any, nick: _NickChecker, tz: str) -> LetterSpec:
    w = f"{where} letters[{i}]"
    if not isinstance(raw, dict) or "text" not in raw or "from" not in raw:
        raise GameFileError(f"{w}: нужны from и text")
    at = _time(raw["at"], tz, f"{w} at") if "at" in raw else None
    asked = raw.get("asked", [])
    if not isinstance(asked, list):
        raise GameFileError(f"{w} asked: нужен список вопросов")
    return LetterSpec(nick(raw["from"], f"letters[{i}] from"), at, str(raw["text"]),
                      asked=asked_problems(asked))


def _move(where: str, i: int, raw: Any, nick: _NickChecker, tz: str) -> MoveSpec:
    w = f"{where} moves[{i}]"
    if not isinstance(raw, dict) or "by" not in raw:
        raise GameFileError(f"{w}: нужен by")
    body = {k: v for k, v in raw.items() if k not in ("by", "at")}
    move = _check(lambda: Move.from_json(body), w)
    _check_move_nicks(move, nick, f"moves[{i}]")
    at = _time(raw["at"], tz, f"{w} at") if "at" in raw else None
    return MoveSpec(nick(raw["by"], f"moves[{i}] by"), move, at)


def _check_move_nicks(move: Move, nick: _NickChecker, key: str) -> None:
    for t in ([move.target] if move.target is not None else []) + list(move.targets):
        nick(t, key)
    if move.member is not None:
        nick(move.member, key)
    if move.move is not None:
        _check_move_nicks(move.move, nick, key)
    for _, branch in move.branches:
        _check_move_nicks(branch, nick, key)


def _expect(where: str, raw: Any, nick: _NickChecker) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise GameFileError(f"{where} expect: нужна таблица")
    # unknown expectation keys load (the game still replays); --check reports them
    for key in ("dead", "alive", "lynched"):
        for x in _as_list(raw.get(key, [])):
            nick(x, f"expect.{key}")
    if "event" in raw and raw["event"] not in EVENTS:
        raise GameFileError(f"{where} expect.event: неизвестное событие «{raw['event']}»")
    if "winner" in raw and raw["winner"] not in WINNERS and raw["winner"] not in ("none", ""):
        raise GameFileError(f"{where} expect.winner: допустимо civilians, clan1, clan2 или none")
    for key in ("info", "moves", "deaths"):
        if key in raw and not all(isinstance(x, dict) for x in raw[key]):
            raise GameFileError(f"{where} expect.{key}: нужен массив таблиц")
    if "statuses" in raw and not isinstance(raw["statuses"], dict):
        raise GameFileError(f"{where} expect.statuses: нужна таблица ник = [статусы]")
    return dict(raw)
