"""Smoke run of the benchmark harness (benchmarks/, issue 7) on tiny sizes, so it cannot rot.

Checks that every measure runs end to end and reports what it measured (counts, shapes,
the README table). Never asserts on a time: timings are a report, not a test.
"""

from __future__ import annotations

import shutil
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import gamegen, run  # noqa: E402
from benchmarks.common import Context, Row  # noqa: E402

needs_dovecot = pytest.mark.skipif(
    not (shutil.which("dovecot") or Path("/usr/sbin/dovecot").exists()), reason="dovecot not installed")
needs_mbsync = pytest.mark.skipif(not shutil.which("mbsync"), reason="mbsync (isync) not installed")


@pytest.fixture
def ctx(tmp_path):
    context = Context(quick=True, smoke=True, workdir=tmp_path, repeats=1)
    yield context
    context.close()


def _rows(ctx, *names) -> dict[str, list[Row]]:
    results = run.run_measures(list(names), ctx, log=lambda *a, **k: None)
    for name, rows in results.items():
        assert rows, name
        for row in rows:
            assert not row.measured.startswith("ERROR"), (name, row.measured)
    return results


def test_game_file_is_thirty_turns_and_deterministic():
    from engine.gamefile import load_game_file

    text = gamegen.game_file(seed=3)
    assert text == gamegen.game_file(seed=3)
    assert text != gamegen.game_file(seed=4)
    game = load_game_file(text)
    assert len(game.turns) == 30 and len(game.roles) == 24
    assert all(len(t.letters) >= 19 for t in game.turns)
    assert len(game.turns[0].letters) == 24
    lynches = [t.expect["lynched"] for t in game.turns if t.expect]
    assert len(lynches) == 5
    assert tomllib.loads(text)["game"]["house_rules"]["weekend_merge"] is False


def test_parse_replay_startup(ctx):
    from engine.gamefile import load_game_file

    results = _rows(ctx, "parse", "replay", "startup")
    corpus, letters, short, chatter = results["parse"]
    assert corpus.numbers["parsed"] >= 200 and corpus.numbers["rate"] > 0
    assert letters.numbers["parsed"] == 20
    assert short.numbers["parsed"] == 20 and chatter.numbers["parsed"] == 5
    assert short.numbers["rate"] > 0 and chatter.numbers["rate"] > 0
    (replay,) = results["replay"]
    game = load_game_file(gamegen.game_file())
    assert replay.numbers["letters"] == sum(len(t.letters) for t in game.turns)
    help_row, status_row = results["startup"]
    assert help_row.numbers["seconds"] > 0 and status_row.numbers["seconds"] > 0
    assert "sqlalchemy" not in help_row.numbers["heavy"]


@needs_dovecot
@needs_mbsync
def test_first_sync_against_mbsync(ctx):
    (first,) = _rows(ctx, "sync_first")["sync_first"]
    assert first.numbers["letters"] == 20 and first.numbers["ratio"] > 0
    assert len(first.numbers["ours_s"]) == len(first.numbers["mbsync_s"]) == 1


@needs_dovecot
def test_incremental_memory_fill(ctx):
    results = _rows(ctx, "sync_incremental", "memory", "fill")
    incremental = results["sync_incremental"]
    assert [r.numbers.get("box") for r in incremental[:-1]] == [20, 40]
    assert set(incremental[-1].numbers["ten_new_s"]) == {20, 40}
    assert set(incremental[-1].numbers["ten_new_cpu_s"]) == {20, 40}
    (memory,) = results["memory"]
    assert memory.numbers["box"] == 40 and memory.numbers["max_rss"] > 10 * 2**20
    (fill,) = results["fill"]
    assert fill.numbers["letters"] == 20


def test_readme_block_is_rebuilt_between_markers(tmp_path):
    readme, stored = tmp_path / "README.md", tmp_path / "results.json"
    readme.write_text(f"# B\n\nintro\n\n{run.START}\nold\n{run.END}\n\nfindings\n", encoding="utf-8")
    rows = {"replay": [Row("4. replay", "1.00 s", "≤ 2.00 s", "0.50× target", True)],
            "startup": [Row("5. help", "70 ms", "≤ 300 ms", "0.23× target", True)]}
    run.write_readme(rows, quick=False, readme=readme, results_path=stored)
    run.write_readme({"replay": [Row("4. replay", "3.00 s", "≤ 2.00 s", "1.50× target", False)]},
                     quick=False, readme=readme, results_path=stored)
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("# B\n\nintro\n\n") and text.endswith("\n\nfindings\n")
    assert "old" not in text
    assert "| 4. replay | 3.00 s | ≤ 2.00 s | 1.50× target | ❌ misses |" in text
    assert "| 5. help | 70 ms |" in text
    assert text.index("4. replay") < text.index("5. help")


def test_forum_sync_measure(ctx):
    (first, new_page, no_validators) = _rows(ctx, "forum_sync")["forum_sync"]
    assert first.numbers["posts"] == 200 and first.numbers["pages"] == 10
    assert new_page.numbers["downloaded"] == 2 and new_page.numbers["not_modified"] == 9
    assert no_validators.numbers["downloaded"] == 2


@needs_dovecot
def test_watch_latency_counts_every_letter_once(ctx):
    (row,) = _rows(ctx, "watch_latency")["watch_latency"]
    n = row.numbers
    assert (n["letters"], n["stored"], n["missing"], n["doubled"]) == (6, 6, 0, 0)
    assert len(n["latencies"]) == 6 and all(x > 0 for x in n["latencies"])
    assert n["exit"] == 0
