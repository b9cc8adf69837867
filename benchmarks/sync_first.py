"""Measure 1: first sync of a realistic mailbox, side by side with mbsync pulling it.

Both run as child processes against the same Dovecot INBOX on loopback, alternating, after
one warm-up pull (so neither pays Dovecot's first indexing). Ours is ``mafia-mail sync`` on
a fresh game: fetch + decode + parse + store + a reply queued per letter. Theirs is
``mbsync -a`` into a fresh Maildir. Reported: the medians and ours/mbsync.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks import fixture as fx
from benchmarks import game, mbsync
from benchmarks.common import Context, Row, fmt_mb, fmt_s, median

NAME = "sync_first"
TARGET_RATIO = 1.0
#: Sanity check: at least this share of the letters got a reply queued.
MIN_REPLY_SHARE = 0.95


def run(ctx: Context) -> list[Row]:
    n = ctx.scale(2000, 200, 20)
    repeats = ctx.scale(ctx.repeats, 1)
    server = ctx.dovecot()
    account = server.add_user()
    fx.fill_maildir(server, account, fx.letters(n))
    if not mbsync.available():
        return [Row(f"1. First sync, {n:,} letters", "mbsync not installed (apt-get install isync)")]
    mbsync.pull(Path(tempfile.mkdtemp(dir=ctx.workdir)), account)  # warm-up, discarded
    ours, theirs, rss, cpu, their_cpu = [], [], [], [], []
    for _ in range(repeats):
        config = game.new_game(account, ctx.workdir)
        run = game.sync(config, account)
        got = game.counts(config)
        # every letter stored; a reply to nearly all (the loop breaker may hold back a few)
        if got["letters"] != n or got["replies"] < MIN_REPLY_SHARE * n:
            raise RuntimeError(f"sync stored {got}, expected {n} letters and about as many replies")
        ours.append(run.seconds)
        cpu.append(run.cpu)
        rss.append(run.max_rss)
        folder = Path(tempfile.mkdtemp(dir=ctx.workdir))
        pulled = mbsync.pull(folder, account)
        theirs.append(pulled.seconds)
        their_cpu.append(pulled.cpu)
        if mbsync.count_pulled(folder) != n:
            raise RuntimeError("mbsync did not pull every message")
    ratio = median(ours) / median(theirs)
    return [Row(
        measure=f"1. First sync, {n:,} letters (fetch+decode+parse+store+reply)",
        measured=f"{fmt_s(median(ours))} vs mbsync {fmt_s(median(theirs))}",
        target=f"≤ {TARGET_RATIO:.1f}× mbsync",
        ratio=f"{ratio:.1f}× mbsync",
        meets=ratio <= TARGET_RATIO,
        detail=f"{n / median(ours):.0f} letters/s, {got['replies']:,} replies queued; "
               f"CPU {fmt_s(median(cpu))} vs mbsync {fmt_s(median(their_cpu))}; "
               f"peak RSS {fmt_mb(max(rss))}; median of {repeats}",
        numbers={"letters": n, "ours_s": ours, "mbsync_s": theirs, "ratio": ratio, "max_rss": max(rss),
                 "ours_cpu_s": cpu, "mbsync_cpu_s": their_cpu,
                 "replies": got["replies"]},
    )]
