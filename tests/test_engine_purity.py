"""engine/ is pure: no e-mail, no database, no templates, no clock, no files, no randomness
but the seeded draw (engine/draw.py). Checked on the source, import by import."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
FORBIDDEN_MODULES = {
    "mailer", "sqlmodel", "sqlalchemy", "jinja2", "email", "smtplib", "imaplib", "imapclient",
    "random", "secrets", "time", "socket", "sqlite3", "subprocess", "os", "shutil", "pathlib",
    "urllib", "http", "requests", "dateparser",
}
FORBIDDEN_CALLS = {"now", "utcnow", "today", "open", "time", "urandom"}


def _engine_files() -> list[Path]:
    files = sorted(ENGINE.rglob("*.py"))
    assert files, "engine/ has no Python files"
    return files


def test_engine_imports_no_io_modules():
    bad = []
    for path in _engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN_MODULES:
                    bad.append(f"{path.name}:{node.lineno} imports {name}")
    assert bad == []


def test_engine_calls_no_clock_or_files():
    bad = []
    for path in _engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in FORBIDDEN_CALLS:
                    bad.append(f"{path.name}:{node.lineno} calls {name}()")
    assert bad == []


def test_importing_engine_loads_no_io_modules():
    code = (
        "import sys, engine.model, engine.state, engine.roles, engine.draw\n"
        "import importlib, pkgutil, engine\n"
        "for m in pkgutil.iter_modules(engine.__path__):\n"
        "    importlib.import_module('engine.' + m.name)\n"
        "bad = [m for m in ('mailer', 'sqlmodel', 'sqlalchemy', 'jinja2', 'smtplib', 'imaplib', 'imapclient') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
