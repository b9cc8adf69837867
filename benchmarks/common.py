"""Shared pieces of the benchmark harness: result rows, timing of child processes, paths.

Every measure module exposes ``run(ctx: Context) -> list[Row]``; :mod:`benchmarks.run`
collects the rows into the README table. Nothing here asserts on a time.
"""

from __future__ import annotations

import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
for _p in (str(REPO), str(TESTS)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

#: The interpreter and CLI under test (the project venv).
PYTHON = sys.executable
MAFIA_MAIL = str(Path(PYTHON).with_name("mafia-mail"))


@dataclass
class Row:
    """One line of the results table.

    ``measured``: the value shown (already formatted, with its unit); ``target``: the issue's
    target as text; ``ratio``: the comparison the target is about, as text (e.g. "1.8× mbsync");
    ``meets``: True/False, or None when there is no target (informational rows).
    ``numbers``: raw values for JSON output (seconds, bytes, counts).
    """

    measure: str
    measured: str
    target: str = ""
    ratio: str = ""
    meets: bool | None = None
    detail: str = ""
    numbers: dict = field(default_factory=dict)


@dataclass
class Context:
    """What every measure gets: scale (quick or full), a scratch folder, shared fixtures."""

    quick: bool
    workdir: Path
    repeats: int = 3
    shared: dict = field(default_factory=dict)
    #: Tiny sizes for tests/test_benchmarks_smoke.py (implies ``quick``).
    smoke: bool = False

    def scale(self, full, quick, smoke=None):
        """The size for this run: ``smoke`` (when given) in a smoke run, ``quick``, or ``full``."""
        if self.smoke and smoke is not None:
            return smoke
        return quick if self.quick or self.smoke else full

    def dovecot(self):
        """The run's private Dovecot (started on first use, stopped by :meth:`close`)."""
        if "dovecot" not in self.shared:
            from benchmarks.fixture import start_dovecot

            self.shared["dovecot"] = start_dovecot()
        return self.shared["dovecot"]

    def close(self) -> None:
        server = self.shared.pop("dovecot", None)
        if server is not None:
            from benchmarks.fixture import stop_dovecot

            stop_dovecot(server)


@dataclass
class ChildRun:
    """A finished child process: wall seconds, peak RSS (bytes), exit code, output, and its
    CPU seconds (user + system, from ``wait4``; less sensitive to a busy machine than wall)."""

    seconds: float
    max_rss: int
    returncode: int
    stdout: str
    stderr: str
    cpu: float = 0.0


def run_child(argv: list[str], *, env: dict | None = None, cwd: Path | None = None,
              timeout: float = 3600) -> ChildRun:
    """Run ``argv``, timing wall clock (``time.perf_counter``) and peak RSS (``wait4``).

    Peak RSS is the child's own ``ru_maxrss`` (Linux: KiB → converted to bytes), not its
    children's. Output goes to temporary files so a chatty child cannot block on a pipe.
    Raises RuntimeError when the child exits non-zero (with its output).
    """
    import tempfile

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=out, stderr=err,
                                stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        result = ChildRun(seconds, usage.ru_maxrss * 1024, proc.returncode,
                          out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                          cpu=usage.ru_utime + usage.ru_stime)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {result.returncode}:\n{result.stdout[-3000:]}\n"
                           f"{result.stderr[-3000:]}")
    return result


def median(values: list[float]) -> float:
    return statistics.median(values)


def fmt_s(seconds: float) -> str:
    """Seconds for the table: ms below one second."""
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def fmt_mb(n_bytes: float) -> str:
    return f"{n_bytes / 2**20:.0f} MB"


def machine() -> str:
    """One line describing where the numbers were taken."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}")


def tool_version(argv: list[str]) -> str:
    if not shutil.which(argv[0]):
        return "not installed"
    proc = subprocess.run(argv, capture_output=True, text=True)
    return (proc.stdout or proc.stderr).strip().splitlines()[0] if (proc.stdout or proc.stderr) else "?"
