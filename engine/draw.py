"""The game's only randomness: named, seeded draws (DECISIONS.md §10).

A draw is a pure function of the game seed, the draw's name and the options, so a replay of
the same game gives the same result. The name says what is drawn and when, for example
``"day3.event"`` or ``"day5.lynch_tie"``; the caller writes ``(name, result)`` in the log.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def draw_index(seed: int, name: str, n: int) -> int:
    """An index in ``range(n)`` drawn from ``seed`` and ``name`` (SHA-256, uniform up to 2**-192).

    Raises:
        ValueError: ``n < 1``.
    """
    if n < 1:
        raise ValueError("nothing to draw from")
    digest = hashlib.sha256(f"{seed}:{name}".encode()).digest()
    return int.from_bytes(digest, "big") % n


def draw(seed: int, name: str, options: Sequence[T]) -> T:
    """One of ``options``, drawn by :func:`draw_index`. Order of ``options`` matters: pass a
    sorted or roster-ordered sequence so that the draw is reproducible."""
    return options[draw_index(seed, name, len(options))]


def shuffled(seed: int, name: str, items: Sequence[T]) -> list[T]:
    """A seeded permutation of ``items`` (Fisher–Yates over named sub-draws)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = draw_index(seed, f"{name}#{i}", i + 1)
        out[i], out[j] = out[j], out[i]
    return out
