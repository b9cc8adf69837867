"""Measure 2: incremental sync — a box already synced, then 10 new letters — at three sizes.

For each box size the box is written into the Maildir (see :mod:`benchmarks.fixture`) and
synced once in full (that first sync's time and peak RSS are kept for measure 6). Then,
``repeats`` times: a ``mafia-mail sync`` with nothing new, 10 letters IMAP-APPENDed, a sync
that takes them. Both as child processes, so both include interpreter start-up.
"""

from __future__ import annotations

from itertools import islice

from benchmarks import fixture as fx
from benchmarks import game
from benchmarks.common import Context, Row, fmt_mb, fmt_s, median

NAME = "sync_incremental"
NEW = 10
TARGET_RATIO = 2.0
#: "Independent of the box size": the largest box's 10-new sync within this of the smallest's
#: (CPU time of the sync process).
SIZE_SLACK = 1.25


def sizes(ctx: Context) -> list[int]:
    return ctx.scale([1000, 10_000, 50_000], [200, 1000, 3000], [20, 40])


def synced_box(ctx: Context, n: int, extra: int):
    """(account, config, first-sync ChildRun, the ``extra`` letters that follow the box)."""
    server = ctx.dovecot()
    account = server.add_user()
    stream = fx.letters(n + extra)
    fx.fill_maildir(server, account, islice(stream, n))
    tail = list(stream)
    config = game.new_game(account, ctx.workdir)
    first = game.sync(config, account)
    got = game.counts(config)
    if got["letters"] != n:
        raise RuntimeError(f"first sync of {n} stored {got}")
    ctx.shared[f"first_sync_{n}"] = first
    return account, config, first, tail


def run(ctx: Context) -> list[Row]:
    repeats = ctx.scale(ctx.repeats, 1)
    rows, ten_new, ten_cpu = [], {}, {}
    for n in sizes(ctx):
        account, config, first, tail = synced_box(ctx, n, NEW * repeats)
        none, some, none_cpu, some_cpu = [], [], [], []
        game.sync(config, account)  # settle (WAL checkpoint, page cache); discarded
        for k in range(repeats):
            idle = game.sync(config, account)
            none.append(idle.seconds)
            none_cpu.append(idle.cpu)
            fx.fill_append(account, tail[k * NEW:(k + 1) * NEW])
            busy = game.sync(config, account)
            some.append(busy.seconds)
            some_cpu.append(busy.cpu)
        if game.counts(config)["letters"] != n + NEW * repeats:
            raise RuntimeError("incremental syncs missed letters")
        ratio = median(some) / median(none)
        ten_new[n] = median(some)
        ten_cpu[n] = median(some_cpu)
        rows.append(Row(
            measure=f"2. Incremental sync, {n:,} in box, {NEW} new",
            measured=f"{fmt_s(median(some))} vs none new {fmt_s(median(none))}",
            target=f"≤ {TARGET_RATIO:.0f}× none new", ratio=f"{ratio:.2f}× none new",
            meets=ratio <= TARGET_RATIO,
            detail=f"CPU {fmt_s(median(some_cpu))} vs {fmt_s(median(none_cpu))}; first sync of the box "
                   f"{fmt_s(first.seconds)} (peak RSS {fmt_mb(first.max_rss)}); median of {repeats}",
            numbers={"box": n, "none_s": none, "ten_s": some, "first_s": first.seconds,
                     "first_rss": first.max_rss, "none_cpu_s": none_cpu, "ten_cpu_s": some_cpu},
        ))
    small, large = min(ten_new), max(ten_new)
    growth = ten_cpu[large] / ten_cpu[small]
    rows.append(Row(
        measure=f"2b. Incremental sync vs box size ({', '.join(f'{n:,}' for n in ten_new)})",
        measured=" / ".join(fmt_s(ten_new[n]) for n in ten_new)
        + " (CPU " + " / ".join(fmt_s(ten_cpu[n]) for n in ten_cpu) + ")",
        target=f"independent of size (≤ {SIZE_SLACK}×)", ratio=f"{growth:.2f}× ({large:,} vs {small:,})",
        meets=growth <= SIZE_SLACK,
        detail="10-new sync per box size; the ratio compares CPU time (wall time on a shared machine "
               f"is noisier: {ten_new[large] / ten_new[small]:.2f}×)",
        numbers={"ten_new_s": ten_new, "ten_new_cpu_s": ten_cpu, "growth": growth,
                 "wall_growth": ten_new[large] / ten_new[small]},
    ))
    return rows
