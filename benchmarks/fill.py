"""Fixture cost (informational): filling a Dovecot box by IMAP APPEND vs writing its Maildir.

The same pre-generated letters go into two fresh accounts: one IMAP APPEND per letter over a
single connection, and files written straight into ``Maildir/cur`` followed by the first
SELECT (which is when Dovecot indexes them). Explains why the big boxes use the Maildir.
"""

from __future__ import annotations

import time

from benchmarks import fixture as fx
from benchmarks.common import Context, Row, fmt_s

NAME = "fill"


def _first_select(account) -> int:
    client = account.client()
    try:
        client.select_folder("INBOX", readonly=True)
        return len(client.search("ALL"))
    finally:
        client.logout()


def run(ctx: Context) -> list[Row]:
    n = ctx.scale(2000, 200, 20)
    items = list(fx.letters(n))
    server = ctx.dovecot()
    a, b = server.add_user(), server.add_user()
    start = time.perf_counter()
    fx.fill_append(a, items)
    append_s = time.perf_counter() - start
    start = time.perf_counter()
    fx.fill_maildir(server, b, items)
    seen = _first_select(b)
    maildir_s = time.perf_counter() - start
    if seen != n or _first_select(a) != n:
        raise RuntimeError("a filled box does not hold every letter")
    return [Row(
        measure=f"Fixture: put {n:,} letters into Dovecot",
        measured=f"APPEND {fmt_s(append_s)} vs Maildir write + first SELECT {fmt_s(maildir_s)}",
        target="(info)", ratio=f"Maildir {append_s / maildir_s:.1f}× faster",
        detail=f"APPEND {n / append_s:,.0f}/s, Maildir {n / maildir_s:,.0f}/s "
               f"(letter generation excluded)",
        numbers={"append_s": append_s, "maildir_s": maildir_s, "letters": n},
    )]
