"""Outgoing-letter states are one closed vocabulary (mailer.out_state.OutState): the stored
values are those of databases written before it, each carries the host's Russian words, and
no module compares or writes a state as a bare string."""

from __future__ import annotations

import ast
from pathlib import Path

from mailer.out_state import TO_SEND, UNSENT, OutState

MAILER = Path(__file__).resolve().parent.parent / "mailer"


def test_stored_values_and_russian_words():
    assert {s.value: s.ru for s in OutState} == {
        "queued": "в очереди", "sending": "отправляется", "sent": "отправлено",
        "uncertain": "неясно, ушло ли", "failed": "отказ сервера"}
    assert OutState("sent") is OutState.SENT and OutState.SENT == "sent"
    assert TO_SEND == ("queued", "uncertain") and UNSENT == ("queued", "failed")


def _bare_states(node: ast.AST) -> list[str]:
    values = {s.value for s in OutState}
    consts = [node] if isinstance(node, ast.Constant) else getattr(node, "elts", [])
    return [c.value for c in consts if isinstance(c, ast.Constant) and c.value in values]


def _is_state(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "state"


def test_no_bare_outgoing_state_strings_in_mailer():
    found = []
    for path in sorted(MAILER.rglob("*.py")):
        if path.name == "out_state.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            bare: list[str] = []
            if isinstance(node, ast.Compare) and (_is_state(node.left) or any(map(_is_state, node.comparators))):
                for side in (node.left, *node.comparators):
                    bare += _bare_states(side)
            elif isinstance(node, ast.Assign) and any(map(_is_state, node.targets)):
                bare += _bare_states(node.value)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr == "outgoing":  # Store.outgoing(session, *states)
                    for arg in node.args:
                        bare += _bare_states(arg)
                if node.func.attr == "in_" and _is_state(node.func.value):
                    for arg in node.args:
                        bare += _bare_states(arg)
            if isinstance(node, ast.keyword) and node.arg == "state":
                bare += _bare_states(node.value)
            found += [f"{path.relative_to(MAILER)}:{node.lineno}: {v}" for v in bare]
    assert found == []
