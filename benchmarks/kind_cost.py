"""What a kind of chatter sentence costs the parser (issue 11, eighth session).

The long letters of benchmarks/chatter.py are parsed in one process twice over, alternating
batches of 50: as they are, and with every sentence that starts with one of the given
openings taken out (the rest of the letter unchanged). The CPU time per letter of each
and their ratio tell what the sentences of that kind cost, whatever the machine's load:
the most a rule that left them unread could gain.

Usage (repository root, the project venv)::

    python benchmarks/kind_cost.py "Смотрите, как" "Думаю, что"   # one kind per argument
    python benchmarks/kind_cost.py "Смотрите, как|Думаю, что"     # both out at once
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO)]


def without(text: str, openings: list[str]) -> str:
    """``text`` with every sentence that starts with one of ``openings`` taken out."""
    pattern = r"(?:^|(?<=\s))(?:" + "|".join(map(re.escape, openings)) + r")[^.!?]*[.!?]"
    return re.sub(pattern, "", text)


def cost(parse, full: list[tuple], cut: list[tuple], runs: int = 4) -> tuple[float, float]:
    """CPU µs per letter of ``full`` and of ``cut``, alternating batches of 50."""
    for a in full + cut:
        parse(*a)  # (warm-up: both sets' words in the caches)
    spent = [0.0, 0.0]
    for _ in range(runs):
        for k in range(0, len(full), 50):
            for n, batch in enumerate((full[k:k + 50], cut[k:k + 50])):
                t = time.process_time()
                for a in batch:
                    parse(*a)
                spent[n] += time.process_time() - t
    return spent[0] / runs / len(full) * 1e6, spent[1] / runs / len(full) * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kinds", nargs="+", help="openings, «|» between several of one kind")
    ap.add_argument("--letters", type=int, default=600)
    ap.add_argument("--runs", type=int, default=4)
    args = ap.parse_args(argv)
    from benchmarks import chatter
    from engine.parse import parse_letter

    full = chatter.inputs(chatter.chatter_letters(args.letters, seed=12))
    for kind in args.kinds:
        openings = kind.split("|")
        cut = [(without(a[0], openings),) + tuple(a[1:]) for a in full]
        a, b = cost(parse_letter, full, cut, args.runs)
        print(f"{kind}: {a:,.0f} µs a letter, {b:,.0f} µs without it: ×{a / b:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
