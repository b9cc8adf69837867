"""Same results: a speed change must not change one parse (issue 11, sixth session).

Parses every letter of the grammar corpus (tests/parse_corpus, states built as
tests/test_parse.py builds them), of every blind set (benchmarks/blind/*/, read as
benchmarks/blind/score.py reads them: quotes cut, its state), the 2,000 realistic bodies of
measure 3b and a few thousand benchmarks/chatter.py letters (long and short), with the
``engine`` of two code trees, and compares the whole :class:`engine.model.ParseResult` of
each (its ``repr``: moves, problems with spans and reasons, skip, cancel) and the legality
screen's JSON. Any difference is a bug in the change under test.

Usage (from the repository root, the project venv)::

    python benchmarks/same_results.py                 # this tree against HEAD (git archive)
    python benchmarks/same_results.py --old main~3    # against another revision
    python benchmarks/same_results.py --old-dir /tmp/old  # against a folder holding engine/
    python benchmarks/same_results.py --chatter 500   # fewer chatter letters (quicker)

The inputs are made once here (the texts from this tree's benchmarks and tests); each
engine parses them in a child process of its own (``--child``), so the two never share a
cache. Exit status 0 when every result is the same, 1 otherwise (the first differences are
printed).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def make_inputs(chatter_n: int) -> list[dict]:
    """Every letter to parse, as JSON-able records (the child builds each state)."""
    sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "benchmarks" / "blind")]
    import tomllib

    from benchmarks import chatter
    from score import load, own_text

    out: list[dict] = []
    corpus = REPO / "tests" / "parse_corpus"
    for path in sorted(corpus.glob("*.toml")):
        if path.name == "rosters.toml":
            continue
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for n, case in enumerate(data["case"]):
            out.append({"id": f"corpus/{path.stem}-{n:03d}", "kind": "corpus", "case": case})
    for folder in sorted(p for p in (REPO / "benchmarks" / "blind").iterdir() if p.is_dir()):
        for roster, letter in load([folder]):
            out.append({"id": f"blind/{folder.name}/{letter['id']}", "kind": "blind",
                        "roster": roster, "letter": letter, "text": own_text(letter["text"])})
    roster = chatter._roster()
    for name, make in (("long", chatter.chatter_letters), ("short", chatter.short_letters)):
        for seed in (12, 99):
            for i, (text, sender, _) in enumerate(make(chatter_n // 2, seed=seed)):
                out.append({"id": f"chatter/{name}/{seed}/{i}", "kind": "plain", "text": text,
                            "from": sender, "roster": roster, "seed": 1, "day": 2})
    out += _realistic(2000)
    return out


def _realistic(n: int) -> list[dict]:
    """Measure 3b's decoded letter bodies (benchmarks/parse.py:letter_inputs)."""
    from benchmarks import fixture as fx
    from letters import roster_24
    from mailer.decode import decode

    roster = roster_24(fx.SEED)
    by_addr = {p["email"]: p["nick"] for p in roster}
    roles = {p["nick"]: p["role"] for p in roster}
    out = []
    for i, (_, raw) in enumerate(fx.letters(n)):
        letter = decode(raw)
        nick = by_addr.get(letter.from_addr)
        if nick:
            out.append({"id": f"real/{i}", "kind": "plain", "text": letter.body, "from": nick,
                        "roster": roles, "seed": fx.SEED, "day": 1})
    return out


def child(inputs_path: Path, root: Path, out_path: Path) -> None:
    """Parse every input with the ``engine`` under ``root``; write id → result strings."""
    sys.path.insert(0, str(root))
    import engine  # noqa: F401  (first, from ``root``: the imports below reuse it)
    from engine.legality import screen_letter
    from engine.model import TurnInfo
    from engine.parse import parse_letter
    from engine.state import GameState

    assert Path(engine.__file__).resolve().parent == (root / "engine").resolve(), engine.__file__
    sys.path[1:1] = [str(REPO / "tests"), str(REPO / "benchmarks" / "blind")]
    import score
    import test_parse

    inputs = json.loads(inputs_path.read_text(encoding="utf-8"))
    results = {}
    start = time.process_time()
    for rec in inputs:
        kind = rec["kind"]
        if kind == "corpus":
            case = rec["case"]
            state, turn = test_parse.build(case)
            text, sender = case["text"], case["from"]
        elif kind == "blind":
            state, turn = score.build(rec["roster"], rec["letter"])
            text, sender = rec["text"], rec["letter"]["from"]
        else:
            state = GameState.new(rec["seed"], rec["roster"])
            turn = TurnInfo(day=rec["day"], event="none")
            text, sender = rec["text"], rec["from"]
        try:
            result = parse_letter(text, sender, state, turn)
            screened = screen_letter(result, sender, state, turn, ())
            got = [repr(result), json.dumps(screened.to_json(), ensure_ascii=False,
                                            sort_keys=True)]
        except Exception as e:  # noqa: BLE001 — a crash is a result too
            got = [f"crash {e!r}"]
        results[rec["id"]] = got
    out_path.write_text(json.dumps(results, ensure_ascii=False), encoding="utf-8")
    print(f"{root}: {len(results)} letters, {time.process_time() - start:.1f} s CPU",
          file=sys.stderr)


def export(rev: str, folder: Path) -> Path:
    """``rev``'s engine/ under ``folder`` (git archive)."""
    data = subprocess.run(["git", "-C", str(REPO), "archive", rev, "engine"], check=True,
                          capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=data, check=True)
    return folder


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", default="HEAD", help="revision to compare against (git archive)")
    ap.add_argument("--old-dir", type=Path, help="a folder holding the old engine/ instead")
    ap.add_argument("--chatter", type=int, default=3000,
                    help="chatter letters of each kind (long, short)")
    ap.add_argument("--keep", type=Path, help="keep the inputs and both outputs here")
    ap.add_argument("--child", nargs=3, metavar=("INPUTS", "ROOT", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(Path(args.child[0]), Path(args.child[1]), Path(args.child[2]))
        return 0
    work = args.keep or Path(tempfile.mkdtemp(prefix="same-results-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        return _compare(args, work)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


def _compare(args, work: Path) -> int:
    """Dump both engines' results under ``work`` and compare them (see :func:`main`)."""
    old_root = args.old_dir
    if old_root is None:
        old_root = work / "old"
        old_root.mkdir(exist_ok=True)
        export(args.old, old_root)
    inputs = make_inputs(args.chatter)
    (work / "inputs.json").write_text(json.dumps(inputs, ensure_ascii=False), encoding="utf-8")
    env = dict(os.environ, PYTHONHASHSEED="0")
    procs = [subprocess.Popen([sys.executable, __file__, "--child", str(work / "inputs.json"),
                               str(root), str(work / f"{name}.json")], env=env)
             for name, root in (("old", old_root), ("new", REPO))]
    if any(p.wait() for p in procs):
        print("a child failed")
        return 2
    old = json.loads((work / "old.json").read_text(encoding="utf-8"))
    new = json.loads((work / "new.json").read_text(encoding="utf-8"))
    diff = [k for k in old if old[k] != new.get(k)]
    counts: dict[str, int] = {}
    for k in old:
        counts[k.split("/")[0]] = counts.get(k.split("/")[0], 0) + 1
    print(f"{len(old)} letters ({', '.join(f'{k} {v}' for k, v in counts.items())}); "
          f"{len(diff)} differ")
    for k in diff[:10]:
        print(k, "\n  old:", old[k], "\n  new:", new.get(k))
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
