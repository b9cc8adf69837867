"""Where a letter's time goes, step by step (issue 11, forty-fourth session).

Every function a module of ``engine`` holds as a global (its own and those it imports) is
wrapped, in that module only, by a timer of CPU time; ``engine.parse.parse_letter`` then
parses chatter letters (benchmarks/chatter.py) after a warm-up, and each wrapped step's
time a letter, calls a letter and share of the whole are printed. A step's time holds the
time of the steps it calls; each wrapped call costs the wrapper ~0.3 µs (more under load),
charged to its caller, so read shares, not absolute times, and wrap few modules at once.

Usage (repository root, the project venv)::

    python benchmarks/step_costs.py --kind short --letters 2000
    python benchmarks/step_costs.py --modules engine.parse_clause,engine.parse_move
"""

from __future__ import annotations

import argparse
import collections
import functools
import importlib
import sys
import time
import types
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kind", choices=("short", "long"), default="short")
    ap.add_argument("--letters", type=int, default=2000)
    ap.add_argument("--modules", default="engine.parse",
                    help="comma-separated modules whose global functions are timed")
    ap.add_argument("--top", type=int, default=60)
    args = ap.parse_args(argv)
    from benchmarks import chatter
    from engine import parse as parse_mod
    from engine.model import TurnInfo
    from engine.state import GameState

    roster = chatter._roster()
    state = GameState.new(1, roster)
    turn = TurnInfo(day=2, event="none")
    make, seed = (chatter.short_letters, 11) if args.kind == "short" else \
        (chatter.chatter_letters, 12)
    parse = parse_mod.parse_letter
    for text, sender, _ in make(max(args.letters // 4, 2), seed=99):  # warm-up
        parse(text, sender, state, turn)
    letters = make(args.letters, seed=seed)
    spent: collections.Counter = collections.Counter()
    calls: collections.Counter = collections.Counter()
    clock = time.process_time_ns

    def timed(name: str, func):
        @functools.wraps(func)
        def step(*a, **k):
            t = clock()
            try:
                return func(*a, **k)
            finally:
                spent[name] += clock() - t
                calls[name] += 1
        return step

    for name in args.modules.split(","):
        module = importlib.import_module(name)
        for attr, value in list(vars(module).items()):
            if isinstance(value, types.FunctionType) and value is not parse:
                setattr(module, attr, timed(f"{name.rsplit('.', 1)[-1]}:{attr}", value))
    t0 = clock()
    for text, sender, _ in letters:
        parse(text, sender, state, turn)
    whole = clock() - t0
    n = len(letters)
    print(f"{n} {args.kind} letters: {whole / n / 1000:.0f} µs a letter (wrappers included)")
    for name, ns in spent.most_common(args.top):
        print(f"{name:44s} {ns / n / 1000:7.1f} µs  {calls[name] / n:5.2f}/letter  "
              f"{100 * ns / whole:5.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
