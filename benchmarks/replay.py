"""Measure 4: ``mafia-mail replay FILE --json`` of a 30-turn, 24-player game with letters
every turn (the file from :mod:`benchmarks.gamegen`), as a child process, median of N.

The run also passes ``--check`` (the file's five scheduled lynches must come out) and the
JSON is checked for 30 turns and no winner, so a fast-but-wrong replay cannot score.
"""

from __future__ import annotations

import json

from benchmarks.common import MAFIA_MAIL, Context, Row, fmt_s, median, run_child
from benchmarks.gamegen import TURNS, game_file

NAME = "replay"
TARGET = 2.0  # seconds


def run(ctx: Context) -> list[Row]:
    path = ctx.workdir / "replay-30x24.toml"
    path.write_text(game_file(), encoding="utf-8")
    letters = path.read_text(encoding="utf-8").count("{ from = ")
    argv = [MAFIA_MAIL, "replay", str(path), "--json", "--check"]
    times = []
    for _ in range(ctx.scale(5, 1)):
        done = run_child(argv)
        times.append(done.seconds)
    result = json.loads(done.stdout)
    if len(result["turns"]) != TURNS or result["winner"] is not None:
        raise RuntimeError(f"replay gave {len(result['turns'])} turns, winner {result['winner']}")
    seconds = median(times)
    return [Row(
        measure=f"4. `replay` of {TURNS} turns × 24 players, letters every turn",
        measured=fmt_s(seconds), target=f"≤ {fmt_s(TARGET)}",
        ratio=f"{seconds / TARGET:.2f}× target", meets=seconds <= TARGET,
        detail=f"{letters} letters parsed; includes start-up; median of {len(times)}",
        numbers={"seconds": times, "letters": letters},
    )]
