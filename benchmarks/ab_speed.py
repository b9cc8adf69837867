"""Old and new parser speed in ONE process, alternating (issue 11, sixth session).

The shared machine's load swings ×2 between separate runs, so two versions are compared in
one process: this tree's ``engine`` and another revision's, loaded as the package
``engine_old`` (its modules import each other relatively), parse the same letters of
benchmarks/chatter.py in alternating batches (25 long / 100 short letters), CPU time summed
per version. Each run parses 1,000 long chatter letters (seed 12) and 4,000 short letters
(seed 11) with both, after a warm-up on other letters (seed 99); the medians of the runs'
rates are reported.

Usage (repository root, the project venv)::

    python benchmarks/ab_speed.py --old main --runs 7
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO)]


def load_old(rev: str) -> str:
    """Export ``rev``'s engine/ as the package ``engine_old``; return its name."""
    folder = Path(tempfile.mkdtemp(prefix="ab-speed-"))
    data = subprocess.run(["git", "-C", str(REPO), "archive", "--prefix=x/", rev, "engine"],
                          check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=data, check=True)
    (folder / "x" / "engine").rename(folder / "engine_old")
    sys.path.insert(0, str(folder))
    atexit.register(shutil.rmtree, folder, True)  # (its data files are read lazily)
    return "engine_old"


def inputs(pkg: str, letters: list[tuple[str, str, str]], roster: dict) -> list[tuple]:
    """(text, sender, state, turn) with ``pkg``'s own state classes."""
    model = importlib.import_module(f"{pkg}.model")
    state_mod = importlib.import_module(f"{pkg}.state")
    state = state_mod.GameState.new(1, roster)
    turn = model.TurnInfo(day=2, event="none")
    return [(text, sender, state, turn) for text, sender, _ in letters]


def timed(parse, batch) -> float:
    """CPU seconds to parse ``batch`` once."""
    t = time.process_time()
    for text, sender, state, turn in batch:
        parse(text, sender, state, turn)
    return time.process_time() - t


def one_run(parsers, sets, step) -> list[float]:
    """Letters per CPU second of each parser over ``sets`` (one per parser), alternating
    batches of ``step`` letters (who goes first alternates too)."""
    cpu = [0.0] * len(parsers)
    n = len(sets[0])
    for k, i in enumerate(range(0, n, step)):
        order = range(len(parsers)) if k % 2 == 0 else reversed(range(len(parsers)))
        for j in order:
            cpu[j] += timed(parsers[j], sets[j][i:i + step])
    return [n / c for c in cpu]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", default="main")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--long", type=int, default=1000)
    ap.add_argument("--short", type=int, default=4000)
    args = ap.parse_args(argv)
    from benchmarks import chatter

    pkgs = ["engine", load_old(args.old)]
    parsers = [importlib.import_module(f"{p}.parse").parse_letter for p in pkgs]
    roster = chatter._roster()
    kinds = {"long": (chatter.chatter_letters, args.long, 12, 25),
             "short": (chatter.short_letters, args.short, 11, 100)}
    rates: dict[str, list[list[float]]] = {k: [] for k in kinds}
    data = {}
    for kind, (make, n, seed, step) in kinds.items():
        warm = make(max(n // 4, 2), seed=99)
        for p, parse in zip(pkgs, parsers):
            timed(parse, inputs(p, warm, roster))
        letters = make(n, seed=seed)
        data[kind] = ([inputs(p, letters, roster) for p in pkgs], step)
    for r in range(args.runs):
        for kind, (sets, step) in data.items():
            rates[kind].append(one_run(parsers, sets, step))
        print(f"run {r + 1}: " + "; ".join(
            f"{k} new {v[-1][0]:,.0f}/s old {v[-1][1]:,.0f}/s" for k, v in rates.items()),
            flush=True)
    for kind, runs in rates.items():
        new = statistics.median(x[0] for x in runs)
        old = statistics.median(x[1] for x in runs)
        ratio = statistics.median(x[0] / x[1] for x in runs)
        print(f"{kind}: new {new:,.0f}/s, old ({args.old}) {old:,.0f}/s, "
              f"new/old median {ratio:.3f} (range {min(x[0] / x[1] for x in runs):.3f}–"
              f"{max(x[0] / x[1] for x in runs):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
