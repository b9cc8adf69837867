"""Measure 6: peak RSS of the first sync of the largest box (50,000 letters; quick: 3,000).

Reuses the first sync that measure 2 already ran when it ran in the same invocation,
otherwise syncs a fresh box itself. Peak RSS is the ``mafia-mail sync`` process's own
``ru_maxrss`` (from ``wait4``).
"""

from __future__ import annotations

from benchmarks.common import Context, Row, fmt_mb, fmt_s
from benchmarks.sync_incremental import sizes, synced_box

NAME = "memory"
TARGET = 300 * 2**20  # bytes


def run(ctx: Context) -> list[Row]:
    n = max(sizes(ctx))
    first = ctx.shared.get(f"first_sync_{n}")
    if first is None:
        _, _, first, _ = synced_box(ctx, n, 0)
    return [Row(
        measure=f"6. Peak RSS, first sync of {n:,} letters",
        measured=fmt_mb(first.max_rss), target=f"< {fmt_mb(TARGET)}",
        ratio=f"{first.max_rss / TARGET:.2f}× limit", meets=first.max_rss < TARGET,
        detail=f"that sync took {fmt_s(first.seconds)} ({n / first.seconds:.0f} letters/s), "
               f"CPU {fmt_s(first.cpu)} (the sync and its worker)",
        numbers={"box": n, "max_rss": first.max_rss, "seconds": first.seconds, "cpu": first.cpu},
    )]
