"""Measure 3: parse throughput (letters/s, one core) of :func:`engine.parse.parse_letter`.

Two inputs, both parsed in this process (one thread) after a warm-up pass that loads the
morphology dictionary:

- the grammar corpus (tests/parse_corpus, built exactly as tests/test_parse.py builds each
  case's game state), looped until ``budget`` seconds have passed — the target row (the same
  method as the parser's own benchmarks/bench_parse.py);
- realistic letter bodies (tests/letters.py, decoded by :func:`mailer.decode.decode`; greetings,
  chatter, quotes, signatures), each parsed once — every text is new to the parser's caches;
- issue 11: short letters as players write them and long chatter (40 sentences of forum talk
  around one move), from benchmarks/chatter.py, each parsed once after a warm-up on other
  letters of the same kind. These two rows count CPU time of this process (one thread), so a
  busy machine does not distort them; wall time is in the notes.
"""

from __future__ import annotations

import time

from benchmarks import fixture as fx
from benchmarks.common import Context, Row

NAME = "parse"
TARGET = 2000.0  # letters per second
SHORT_TARGET = 4000.0  # issue 11: short letters players write
CHATTER_TARGET = 2000.0  # issue 11: 40 sentences of chatter around one move


def corpus_inputs() -> list[tuple]:
    """(text, sender, state, turn) for every grammar-corpus case."""
    from test_parse import build, load_cases

    out = []
    for _, case in load_cases():
        state, turn = build(case)
        out.append((case["text"], case["from"], state, turn))
    return out


def letter_inputs(n: int) -> list[tuple]:
    """(body, sender nick, state, turn) for the first ``n`` letters of the benchmark mailbox."""
    from engine.model import TurnInfo
    from engine.state import GameState
    from letters import roster_24
    from mailer.decode import decode

    roster = roster_24(fx.SEED)
    by_addr = {p["email"]: p["nick"] for p in roster}
    state = GameState.new(fx.SEED, {p["nick"]: p["role"] for p in roster})
    turn = TurnInfo(day=1, event="none")
    out = []
    for _, raw in fx.letters(n):
        letter = decode(raw)
        nick = by_addr.get(letter.from_addr)
        if nick:
            out.append((letter.body, nick, state, turn))
    return out


def throughput(inputs: list[tuple], budget: float) -> tuple[float, int]:
    """(letters per second, letters parsed): loop over ``inputs`` for at least ``budget`` s."""
    from engine.parse import parse_letter

    done = 0
    start = time.perf_counter()
    while True:
        for text, sender, state, turn in inputs:
            parse_letter(text, sender, state, turn)
        done += len(inputs)
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return done / elapsed, done


def cpu_throughput(inputs: list[tuple]) -> tuple[float, float]:
    """(letters per CPU second, letters per wall second) of parsing ``inputs`` once each."""
    from engine.parse import parse_letter

    cpu, wall = time.process_time(), time.perf_counter()
    for text, sender, state, turn in inputs:
        parse_letter(text, sender, state, turn)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return len(inputs) / max(cpu, 1e-9), len(inputs) / max(wall, 1e-9)


def _issue11_rows(ctx: Context) -> list[Row]:
    from benchmarks import chatter

    rows = []
    for label, make, n, target in (
            ("3c. Parse throughput, short letters players write", chatter.short_letters,
             ctx.scale(4000, 1000, 20), SHORT_TARGET),
            ("3d. Parse throughput, long chatter (40 sentences around one move)",
             chatter.chatter_letters, ctx.scale(1000, 200, 5), CHATTER_TARGET)):
        cpu_throughput(chatter.inputs(make(max(n // 4, 2), seed=99)))  # warm-up
        letters = chatter.inputs(make(n))
        rate, wall = cpu_throughput(letters)
        chars = sum(len(t) for t, *_ in letters) / len(letters)
        rows.append(Row(
            measure=f"{label} ({len(letters):,}, each once)", measured=f"{rate:,.0f} letters/s",
            target=f"≥ {target:,.0f}/s", ratio=f"{rate / target:.2f}× target",
            meets=rate >= target,
            detail=f"CPU time, one thread; {1e6 / rate:.0f} µs per letter of {chars:,.0f} "
                   f"characters; wall {wall:,.0f}/s",
            numbers={"rate": rate, "wall_rate": wall, "parsed": len(letters)}))
    return rows


def run(ctx: Context) -> list[Row]:
    corpus = corpus_inputs()
    throughput(corpus, 0)  # warm-up: dictionary, regexes
    rate, done = throughput(corpus, ctx.scale(5.0, 1.0, 0.01))
    letters = letter_inputs(ctx.scale(2000, 300, 20))
    first, _ = throughput(letters, 0)
    return [
        Row(measure=f"3. Parse throughput, grammar corpus ({len(corpus)} letters, looped)",
            measured=f"{rate:,.0f} letters/s", target=f"≥ {TARGET:,.0f}/s",
            ratio=f"{rate / TARGET:.2f}× target", meets=rate >= TARGET,
            detail=f"{done:,} parses, one core; {1e6 / rate:.0f} µs per letter",
            numbers={"rate": rate, "parsed": done}),
        Row(measure=f"3b. Parse throughput, realistic letter bodies ({len(letters):,}, each once)",
            measured=f"{first:,.0f} letters/s", target="(info)",
            ratio=f"{first / TARGET:.2f}× target",
            detail=f"{1e6 / first:.0f} µs per letter; bodies decoded beforehand",
            numbers={"rate": first, "parsed": len(letters)}),
    ] + _issue11_rows(ctx)
