"""Run the mafia-mail benchmarks and print (or write into README.md) the results table.

Usage (from the repository root, with the project venv)::

    python benchmarks/run.py                  # full size, prints the table
    python benchmarks/run.py --write-readme   # full size, regenerates benchmarks/README.md
    python benchmarks/run.py --quick          # CI size (< 2 minutes), a report only
    python benchmarks/run.py --only startup,parse

Results are a report, never a pass/fail: the exit code is 0 whether targets are met or not
(non-zero only when a benchmark itself breaks). ``--write-readme`` stores the rows of every
measure run in ``benchmarks/results.json`` and rebuilds the README table from it, so
``--only X --write-readme`` refreshes just measure X.
"""

from __future__ import annotations

import argparse
import importlib
import json
import shutil
import sys
import tempfile
import time
import traceback
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Context, Row, machine, tool_version  # noqa: E402

HERE = Path(__file__).resolve().parent
README = HERE / "README.md"
RESULTS = HERE / "results.json"
START, END = "<!-- results:start -->", "<!-- results:end -->"

#: Measure modules in table order (module name in benchmarks/ = the --only name).
MEASURES = ("sync_first", "sync_incremental", "parse", "replay", "startup", "memory", "fill",
            "forum_sync", "watch_latency")


def run_measures(names: list[str], ctx: Context, log=print) -> dict[str, list[Row]]:
    """Run each measure module's ``run(ctx)``; a broken one gives an error row, not a crash."""
    out: dict[str, list[Row]] = {}
    for name in names:
        log(f"== {name} …", flush=True)
        started = time.perf_counter()
        try:
            module = importlib.import_module(f"benchmarks.{name}")
            out[name] = module.run(ctx)
        except Exception as exc:  # a report: show the failure in the table, keep going
            traceback.print_exc()
            out[name] = [Row(measure=name, measured=f"ERROR: {type(exc).__name__}: {str(exc)[:160]}")]
        log(f"   {name}: {time.perf_counter() - started:.1f} s", flush=True)
    return out


def mark(meets: bool | None) -> str:
    return {True: "✅ meets", False: "❌ misses", None: "—"}[meets]


def table(rows: list[Row]) -> str:
    """The results as a Markdown table."""
    lines = ["| Measure | Measured | Target | Ratio | Result | Notes |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        cells = [r.measure, r.measured, r.target, r.ratio, mark(r.meets), r.detail]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def write_readme(results: dict[str, list[Row]], quick: bool, readme: Path = README,
                 results_path: Path = RESULTS, commit: str | None = None) -> None:
    """Merge ``results`` into ``results_path`` (JSON) and rebuild the table block of ``readme``.

    Only the text between the ``<!-- results:start -->`` and ``<!-- results:end -->``
    markers is replaced; a missing README gets a bare one with the markers. ``commit``: the
    code measured (default: the checked-out commit now; pass the one taken before the run).
    """
    stored = (json.loads(results_path.read_text(encoding="utf-8")) if results_path.exists()
              else {"measures": {}})
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    commit = commit or _head()
    for name, rows in results.items():
        stored["measures"][name] = {"at": stamp, "commit": commit, "quick": quick,
                                    "rows": [asdict(r) for r in rows]}
    stored["machine"] = machine()
    stored["tools"] = {"mbsync": tool_version(["mbsync", "--version"]),
                       "hyperfine": tool_version(["hyperfine", "--version"]),
                       "dovecot": tool_version(["dovecot", "--version"])}
    results_path.write_text(json.dumps(stored, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    rows = [Row(**r) for name in MEASURES if name in stored["measures"]
            for r in stored["measures"][name]["rows"]]
    dates = sorted({m["at"] for m in stored["measures"].values()})
    commits = sorted({m.get("commit", "?") for m in stored["measures"].values()})
    block = "\n".join([
        START,
        f"Measured {', '.join(dates)} (commit {', '.join(commits)}) on {stored['machine']}; "
        f"mbsync {stored['tools']['mbsync']}, Dovecot {stored['tools']['dovecot']}. "
        "Regenerate: `python benchmarks/run.py --write-readme`.",
        "",
        table(rows),
        END,
    ])
    text = readme.read_text(encoding="utf-8") if readme.exists() else f"# Benchmarks\n\n{START}\n{END}\n"
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    readme.write_text(head + block + tail, encoding="utf-8")


def _head() -> str:
    """Short hash of the checked-out commit, ``+dirty`` when product files have local changes."""
    import subprocess

    root = HERE.parent
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                          text=True).stdout.strip() or "?"
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "engine", "mailer", "templates"],
                           cwd=root, capture_output=True, text=True).stdout.strip()
    return head + ("+dirty" if dirty else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="CI size: small boxes, one repeat")
    parser.add_argument("--only", default="", help=f"comma list of: {', '.join(MEASURES)}")
    parser.add_argument("--write-readme", action="store_true", help="update README.md and results.json")
    parser.add_argument("--repeats", type=int, default=3, help="repeats of each timed run (median)")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON to this file")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()] or list(MEASURES)
    unknown = [n for n in names if n not in MEASURES]
    if unknown:
        parser.error(f"unknown measure(s): {', '.join(unknown)}")
    if args.write_readme and args.quick:
        parser.error("--write-readme records full-size numbers; drop --quick")
    commit = _head()  # the code measured: taken before the (long) run
    workdir = Path(tempfile.mkdtemp(prefix="mafia-mail-bench-"))
    ctx = Context(quick=args.quick, workdir=workdir, repeats=args.repeats)
    try:
        results = run_measures(names, ctx)
    finally:
        ctx.close()
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    rows = [r for name in names for r in results[name]]
    print()
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps({n: [asdict(r) for r in rs] for n, rs in results.items()},
                                        ensure_ascii=False, indent=1), encoding="utf-8")
    if args.write_readme:
        write_readme(results, args.quick, commit=commit)
        print(f"\nwrote {README} and {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
