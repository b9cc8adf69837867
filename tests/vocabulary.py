"""A check shared by the closed-vocabulary tests: where ``mailer/`` still compares, assigns or
passes a state as a bare string instead of its enum member."""

from __future__ import annotations

import ast
from pathlib import Path

MAILER = Path(__file__).resolve().parent.parent / "mailer"


def _is_state(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "state"


def bare_state_strings(values: set[str], owner: str) -> list[str]:
    """«path:line: value» for every bare string of ``values`` compared with or assigned to a
    ``.state``, given as a ``state=`` keyword, or passed to ``Store.outgoing``/``.state.in_``,
    in every module of ``mailer/`` but ``owner`` (the enum's own file name)."""

    def bare(node: ast.AST) -> list[str]:
        consts = [node] if isinstance(node, ast.Constant) else getattr(node, "elts", [])
        return [c.value for c in consts if isinstance(c, ast.Constant) and c.value in values]

    found = []
    for path in sorted(MAILER.rglob("*.py")):
        if path.name == owner:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            hits: list[str] = []
            if isinstance(node, ast.Compare) and (_is_state(node.left) or any(map(_is_state, node.comparators))):
                for side in (node.left, *node.comparators):
                    hits += bare(side)
            elif isinstance(node, ast.Assign) and any(map(_is_state, node.targets)):
                hits += bare(node.value)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr == "outgoing":  # Store.outgoing(session, *states)
                    for arg in node.args:
                        hits += bare(arg)
                if node.func.attr == "in_" and _is_state(node.func.value):
                    for arg in node.args:
                        hits += bare(arg)
            if isinstance(node, ast.keyword) and node.arg == "state":
                hits += bare(node.value)
            found += [f"{path.relative_to(MAILER)}:{node.lineno}: {v}" for v in hits]
    return found
