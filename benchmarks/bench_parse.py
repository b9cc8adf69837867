"""Letters per second of :func:`engine.parse.parse_letter` on the parser corpus (issue 3).

A benchmark, not a test: ``/tmp/venv/bin/python benchmarks/bench_parse.py [--seconds N]``.
It parses every corpus letter once to warm the caches (roster form index, per-token
lookups), then parses the whole corpus repeatedly for about N seconds on one core and prints
letters/s. Target: at least 2,000 letters/s after warm-up.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from engine.parse import parse_letter  # noqa: E402
from test_parse import CASES, build  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="how long to measure")
    args = ap.parse_args()
    prepared = []
    for _, case in CASES:
        state, turn = build(case)
        prepared.append((case["text"], case["from"], state, turn))
    t0 = time.perf_counter()
    for text, sender, state, turn in prepared:
        parse_letter(text, sender, state, turn)
    warm = time.perf_counter() - t0
    chars = sum(len(p[0]) for p in prepared) / len(prepared)
    print(f"corpus: {len(prepared)} letters, {chars:.0f} characters on average")
    print(f"warm-up (first pass, loads the dictionary): {warm:.2f} s")
    rate, count, elapsed = measure(prepared, args.seconds)
    print(f"after warm-up: {rate:,.0f} letters/s ({count} letters in {elapsed:.2f} s)")
    long = [p for p in prepared if len(p[0]) >= 150]
    if long:
        rate, _, _ = measure(long, args.seconds / 2)
        avg = sum(len(p[0]) for p in long) / len(long)
        print(f"long letters only ({len(long)}, {avg:.0f} characters): {rate:,.0f} letters/s")
    from benchmarks import chatter
    from benchmarks.parse import cpu_throughput

    for label, make, n in (("short letters players write", chatter.short_letters, 4000),
                           ("long chatter, 40 sentences", chatter.chatter_letters, 1000)):
        cpu_throughput(chatter.inputs(make(n // 4, seed=99)))
        rate, wall = cpu_throughput(chatter.inputs(make(n)))
        print(f"{label} ({n}, each once): {rate:,.0f} letters/s CPU ({wall:,.0f}/s wall)")


def measure(prepared: list, seconds: float) -> tuple[float, int, float]:
    """Parse ``prepared`` letters in a loop for ``seconds``; (letters/s, letters, seconds)."""
    count, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for text, sender, state, turn in prepared:
            parse_letter(text, sender, state, turn)
        count += len(prepared)
    elapsed = time.perf_counter() - t0
    return count / elapsed, count, elapsed

if __name__ == "__main__":
    main()
