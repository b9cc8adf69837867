"""``mafia-mail export FILE``: the whole game as a game file (SCENARIOS.md) that ``replay``
reproduces exactly: the roster as dealt, and for each closed day its event and event inputs,
deadline, every letter the players sent (the text the parser read, with the receipt time),
the game's words the letters were read with (the config's ``[words]`` and the taught ones)
and its aliases of players (``[aliases]``),
imported votes, word counts and lost votes; and each day's outcome as ``[turn.expect]`` (dead,
lynched, winner), so ``replay --check`` of the file verifies it.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import select

from .config import GameConfig
from .store import DayRow, Game, Store, loads, utc


def _toml(value: Any) -> str:
    """A TOML value for str/int/bool/list/dict (strings as JSON-compatible basic strings)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml(str(k))} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def export_game(cfg: GameConfig, store: Store) -> str:
    """The game file text of every closed day of the game.

    Letter times are written to the second (``"YYYY-MM-DD HH:MM:SS"``, the game's zone) so
    that arrival order and the deadline minute rule replay exactly.

    Raises:
        mailer.day.GameError: no game in the database.
    """
    from .day import GameError, day_spec

    zone = cfg.zone

    def local(dt) -> str:
        return utc(dt).astimezone(zone).strftime("%Y-%m-%d %H:%M:%S")

    with store.session() as s:
        game = s.get(Game, 1)
        if game is None:
            raise GameError("игры ещё нет")
        roles = loads(game.roles_json)
        lines = [
            f"title = {_toml(cfg.name + ': экспорт')}",
            "",
            "[game]",
            f"seed = {cfg.seed}",
            f"timezone = {_toml(cfg.timezone)}",
            f"start = {_toml(utc(game.start).astimezone(zone).strftime('%Y-%m-%d %H:%M'))}",
            "[game.house_rules]",
        ]
        for key, value in vars(cfg.rules).items():
            lines.append(f"{key} = {_toml(value)}")
        lines += ["", "[roles]"]
        lines += [f"{_toml(n)} = {_toml(r)}" for n, r in roles.items()]
        if cfg.words:  # the config's [words] and the taught ones: the letters were read with them
            lines += ["", "[words]"]
            lines += [f"{_toml(str(a))} = {_toml(w if isinstance(w, dict) else list(w))}"
                      for a, w in cfg.words.items()]
        if cfg.aliases:  # the host's aliases of players: the letters were read with them too
            lines += ["", "[aliases]"]
            lines += [f"{_toml(a)} = {_toml(n)}" for a, n in cfg.aliases.items()]
        days = list(s.exec(select(DayRow).where(DayRow.status == "closed").order_by(DayRow.day)))
        final_winner = None
        if game.finished:
            from engine.state import GameState

            final_winner = GameState.from_json(loads(game.state_json)).winner
        for row in days:
            spec = day_spec(s, store, row)
            lines += ["", "[[turn]]", f"event = {_toml(row.event)}",
                      f"deadline = {_toml(local(spec.deadline))}"]
            for key in ("immune", "mortar", "fear_choice"):
                if getattr(spec, key):
                    lines.append(f"{key} = {_toml(getattr(spec, key))}")
            if spec.letters:
                lines.append("letters = [")
                for l in spec.letters:
                    # (a letter read as the answer to the reply's question keeps that question)
                    asked = f", asked = {_toml([p.asked_json() for p in l.asked])}" if l.asked else ""
                    lines.append(f"  {{ from = {_toml(l.sender)}, at = {_toml(local(l.at))}, "
                                 f"text = {_toml(l.text)}{asked} }},")
                lines.append("]")
            if spec.votes:
                lines.append(f"votes = {_toml({k: (v[0] if len(v) == 1 else v) for k, v in spec.votes.items()})}")
            if spec.words:
                lines.append(f"words = {_toml(spec.words)}")
            if spec.lost_vote:
                lines.append(f"lost_vote = {_toml(spec.lost_vote)}")
            # the day's outcome as close-day resolved it: `replay --check` of this file (or of an
            # edited copy) verifies it (SCENARIOS.md [turn.expect])
            result = loads(row.result_json) or {}
            winner = final_winner if row is days[-1] else None
            lines += ["[turn.expect]",
                      f"dead = {_toml(sorted({d['player'] for d in result.get('deaths', [])}))}",
                      f"lynched = {_toml(list(result.get('lynched', [])))}",
                      f"winner = {_toml(winner or 'none')}"]
    return "\n".join(lines) + "\n"
