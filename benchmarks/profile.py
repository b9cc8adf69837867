"""Where the time goes: profile one benchmark scenario with pyinstrument (or py-spy).

Usage (profilers are not project dependencies: ``pip install pyinstrument py-spy``)::

    python benchmarks/profile.py sync --letters 2000     # first sync of a 2,000-letter box
    python benchmarks/profile.py sync-none --letters 10000  # a sync with nothing new
    python benchmarks/profile.py replay                  # the 30-turn replay
    python benchmarks/profile.py status                  # start-up imports (-X importtime)
    python benchmarks/profile.py sync --py-spy           # also a py-spy flame graph (SVG)

Writes the pyinstrument tree (``<name>.txt``), the top functions by own time
(``<name>-top.txt``, from pyinstrument's pstats output) and, with ``--py-spy``, an SVG, into
``--out`` (default /tmp/mafia-mail-profiles), and prints the top list.
"""

from __future__ import annotations

import argparse
import pstats
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import fixture as fx  # noqa: E402
from benchmarks import game  # noqa: E402
from benchmarks.common import PYTHON  # noqa: E402
from benchmarks.gamegen import game_file  # noqa: E402


def profile(name: str, make_run, out: Path, py_spy: bool, top: int) -> str:
    """Profile ``python -m mailer.cli <args>`` with pyinstrument; return the top-``top`` table.

    ``make_run()`` → (args, env) prepares a fresh run (e.g. a new game database, so every
    profiled sync is a first sync); it is called once for pyinstrument and once for py-spy.
    """
    pyinstrument = Path(PYTHON).with_name("pyinstrument")
    session = out / f"{name}.pyisession"
    stats = out / f"{name}.pstats"
    args, env = make_run()
    subprocess.run([str(pyinstrument), "-r", "pyisession", "-o", str(session), "-m", "mailer.cli",
                    *args], env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([str(pyinstrument), "--load", str(session), "-r", "text", "-p",
                    "time=percent_of_total", "-o", str(out / f"{name}.txt")], check=True)
    subprocess.run([str(pyinstrument), "--load", str(session), "-r", "pstats", "-o", str(stats)],
                   check=True)
    if py_spy and shutil.which("py-spy"):
        args, env = make_run()
        subprocess.run(["py-spy", "record", "-o", str(out / f"{name}.svg"), "--", PYTHON, "-m",
                        "mailer.cli", *args], env=env, check=True, capture_output=True)
    text = top_table(stats, top)
    (out / f"{name}-top.txt").write_text(text, encoding="utf-8")
    return text


def top_table(stats_path: Path, top: int) -> str:
    """Functions by own time and cumulative time, with % of the whole run."""
    st = pstats.Stats(str(stats_path))
    total = max(v[3] for v in st.stats.values())  # the root's cumulative time
    lines = [f"total {total:.2f} s", "", "own time   %    cumulative  %    function"]
    for key, (_, _, tt, ct, _) in sorted(st.stats.items(), key=lambda kv: -kv[1][2])[:top]:
        file, line, func = key
        lines.append(f"{tt:8.2f} {100 * tt / total:5.1f}  {ct:8.2f} {100 * ct / total:5.1f}   "
                     f"{func} ({_short(file)}:{line})")
    return "\n".join(lines) + "\n"


def _short(path: str) -> str:
    for marker in ("site-packages/", "/work/main/", "lib/python3"):
        if marker in path:
            return path.split(marker, 1)[1]
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["sync", "sync-none", "replay", "status"])
    parser.add_argument("--letters", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=Path("/tmp/mafia-mail-profiles"))
    parser.add_argument("--py-spy", action="store_true")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="mafia-mail-profile-"))
    try:
        if args.what == "replay":
            path = work / "replay.toml"
            path.write_text(game_file(), encoding="utf-8")
            print(profile("replay", lambda: (["replay", str(path), "--json"], None), args.out,
                          args.py_spy, args.top))
        elif args.what == "status":
            account = fx.MailAccount("127.0.0.1", 9, "nobody@example.org", "unused")
            config = game.new_game(account, work)
            env = fx.cli_env(account, fx.SYNC_NOW)
            proc = subprocess.run([PYTHON, "-X", "importtime", "-m", "mailer.cli", "--config",
                                   str(config), "status"], env=env, capture_output=True, text=True)
            print(import_table(proc.stderr, args.top))
            print(profile("status", lambda: (["--config", str(config), "status"], env), args.out,
                          args.py_spy, args.top))
        else:
            server = fx.start_dovecot()
            try:
                account = server.add_user()
                fx.fill_maildir(server, account, fx.letters(args.letters))
                env = fx.cli_env(account, fx.SYNC_NOW)

                def fresh_sync():
                    config = game.new_game(account, work)
                    if args.what == "sync-none":
                        game.sync(config, account)
                    return ["--config", str(config), "sync"], env

                print(profile(f"{args.what}-{args.letters}", fresh_sync, args.out, args.py_spy, args.top))
            finally:
                fx.stop_dovecot(server)
        print(f"profiles in {args.out}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def import_table(importtime_stderr: str, top: int) -> str:
    """Top-level imports by cumulative time (ms), from ``python -X importtime`` output.

    A line is ``import time: <self us> | <cumulative us> | <indent><module>``; a top-level
    import has an indent of one space.
    """
    rows = []
    for line in importtime_stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, name = line[len("import time:"):].split("|")
        if name.startswith(" ") and not name.startswith("  "):
            rows.append((int(cumulative), name.strip()))
    rows.sort(reverse=True)
    return "import (cumulative ms)\n" + "\n".join(f"{us / 1000:8.1f}  {name}" for us, name in rows[:top])


if __name__ == "__main__":
    sys.exit(main())
