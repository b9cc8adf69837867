"""Measure 5: start-up of ``mafia-mail --help`` and ``mafia-mail status``.

Timed with hyperfine (``--shell=none``, warm-up runs, mean of N) when it is installed, else as
the median of N child processes. Also records which heavy libraries each command imported,
since the issue asks that the morphology dictionary, SQLAlchemy models and templates load
only when a command needs them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from benchmarks import fixture as fx
from benchmarks import game
from benchmarks.common import MAFIA_MAIL, PYTHON, Context, Row, fmt_s, median, run_child
from servers import MailAccount

NAME = "startup"
TARGETS = {"help": 0.3, "status": 0.6}
LABELS = {"help": "mafia-mail --help", "status": "mafia-mail --config game.toml status"}
#: Libraries that must not load for --help (and, except SQLAlchemy, for status).
HEAVY = ("sqlalchemy", "sqlmodel", "pymorphy3", "jinja2", "rapidfuzz", "dateparser", "rich", "imapclient")

_PROBE = """
import sys
sys.argv = ["mafia-mail", *{args!r}]
from mailer.cli import main
try:
    main()
except SystemExit:
    pass
heavy = [m for m in {heavy!r} if m in sys.modules]
sys.stderr.write("HEAVY=" + ",".join(heavy) + "\\n")
"""


def time_command(argv: list[str], env: dict, runs: int) -> float:
    """Mean seconds of ``argv`` (hyperfine) or the median of ``runs`` child runs."""
    if shutil.which("hyperfine"):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            subprocess.run(["hyperfine", "--shell=none", "--warmup", "2", "--runs", str(runs),
                            "--export-json", out.name, "--style", "none",
                            " ".join(_quote(a) for a in argv)],
                           env=env, check=True, capture_output=True)
            return json.loads(Path(out.name).read_text())["results"][0]["mean"]
    run_child(argv, env=env)  # warm-up
    return median([run_child(argv, env=env).seconds for _ in range(runs)])


def _quote(arg: str) -> str:
    return f'"{arg}"' if " " in arg else arg


def heavy_imports(args: list[str], env: dict) -> list[str]:
    """Heavy libraries present in sys.modules after running the CLI with ``args``."""
    proc = subprocess.run([PYTHON, "-c", _PROBE.format(args=args, heavy=HEAVY)], env=env,
                          capture_output=True, text=True, check=True)
    line = next(x for x in proc.stderr.splitlines() if x.startswith("HEAVY="))
    return [m for m in line[len("HEAVY="):].split(",") if m]


def run(ctx: Context) -> list[Row]:
    runs = ctx.scale(20, 5, 2)
    account = MailAccount("127.0.0.1", 9, "nobody@example.org", "unused")  # status never connects
    config = game.new_game(account, ctx.workdir)
    env = fx.cli_env(account, fx.SYNC_NOW)
    commands = {"help": [MAFIA_MAIL, "--help"], "status": [MAFIA_MAIL, "--config", str(config), "status"]}
    rows = []
    for key, argv in commands.items():
        seconds = time_command(argv, env, runs)
        loaded = heavy_imports(argv[1:], env)
        target = TARGETS[key]
        rows.append(Row(
            measure=f"5. Start-up `{LABELS[key]}`",
            measured=fmt_s(seconds), target=f"≤ {fmt_s(target)}",
            ratio=f"{seconds / target:.2f}× target", meets=seconds <= target,
            detail=("heavy imports: " + (", ".join(loaded) or "none"))
            + f"; {'hyperfine mean' if shutil.which('hyperfine') else 'median'} of {runs}",
            numbers={"seconds": seconds, "heavy": loaded},
        ))
    return rows
