"""Byte-level mutations of real letters for the fuzz tests (decode and sync)."""

from __future__ import annotations


def mutate(raw: bytes, ops) -> bytes:
    """``raw`` after the operations ``(op, position, argument)`` in order: ``insert`` bytes,
    ``delete`` a run, ``flip`` one byte, ``truncate``, ``lf`` (CRLF → LF), ``new_id`` (a new
    Message-ID, so the letter is no duplicate)."""
    data = bytearray(raw)
    for op, pos, arg in ops:
        pos = pos % (len(data) + 1)
        if op == "insert":
            data[pos:pos] = arg
        elif op == "delete":
            del data[pos: pos + arg]
        elif op == "flip" and pos < len(data):
            data[pos] = arg
        elif op == "truncate":
            del data[pos:]
        elif op == "lf":
            data = bytearray(bytes(data).replace(b"\r\n", b"\n"))
        elif op == "new_id":
            data = bytearray(bytes(data).replace(b"Message-ID: <", b"Message-ID: <fz%d." % arg, 1))
    return bytes(data)
