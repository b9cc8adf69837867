"""Every engine: the same three-page topic (a day boundary on page 3, quotes nested, spoilers,
code, smilies, signatures, an edit after the deadline, a deleted post, relative times)
imported as saved files gives the exact FORUM.md JSON for both days."""

from __future__ import annotations

import json
import os
from datetime import timedelta

import pytest
from click.testing import CliRunner

from mailer.cli import main
from mailer.forum.readers import detect
from mailer.day import close_day, set_event

from .game import DAY1_END, make_game
from .pages import ENGINE_ID, ENGINES, FETCHED, expected_day1, expected_day2, render


def _run(cfg, *args):
    return CliRunner().invoke(main, ["--config", str(cfg.path), *args], catch_exceptions=False)


def _save(tmp_path, engine: str) -> list[str]:
    files = []
    for n, html in enumerate(render(engine), start=1):
        path = tmp_path / f"{engine}-{n}.html"
        path.write_text(html, encoding="utf-8")
        ts = FETCHED[n - 1].timestamp()
        os.utime(path, (ts, ts))
        files.append(str(path))
    return files


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_engine_topic_two_days(tmp_path, engine):
    cfg, store = make_game(tmp_path / "g")
    files = _save(tmp_path, engine)
    assert {detect(open(f, encoding="utf-8").read()) for f in files} == {ENGINE_ID[engine]}
    # pages in any order, one of them twice: each post is stored once
    res = _run(cfg, "forum", "import", files[2], files[0], files[1], files[0])
    assert res.exit_code == 0, res.output
    assert "день 1: новых постов 6" in res.output and "день 2: новых постов 3" in res.output
    assert "не прочитано" not in res.output
    day1 = json.loads(_run(cfg, "forum", "tally", "--json").output)
    assert day1 == expected_day1()
    close_day(cfg, store, now=DAY1_END + timedelta(minutes=5))  # the thread lynches Лис
    set_event(cfg, store, "palms", now=DAY1_END + timedelta(minutes=6))
    day2 = json.loads(_run(cfg, "forum", "tally", "--day", "2", "--json").output)
    assert day2 == expected_day2()
    # a closed day keeps its count (state before the day: Лис still among the players)
    assert json.loads(_run(cfg, "forum", "tally", "--day", "1", "--json").output) == expected_day1()
    # closing day 2 strips no vote by itself, and says so (the host decides, FORUM.md)
    rep = close_day(cfg, store, now=DAY1_END + timedelta(days=1, minutes=5))
    assert any(line.startswith("«Пальмы цветут»: запретные слова в ветке у Тёти Аси — голос не снят")
               for line in rep.thread), rep.thread
