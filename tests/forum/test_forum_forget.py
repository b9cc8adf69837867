"""``mafia-mail forum forget`` (a fresh host, s46: another game's thread imported into the open
day by mistake gave 21 players an autokill point at close-day, and nothing took it back): the
posts of one import or of one day are removed, a closed day's never, and the next ``forum
sync`` downloads every page again."""

from __future__ import annotations

from datetime import timedelta

from click.testing import CliRunner
from sqlmodel import select

from forum.game import DAY1_END, make_game
from mailer.cli import main as cli_main
from mailer.day import close_day
from mailer.forum.db import ForumPage, ForumPost
from mailer.forum.tally import day_tally

NOW = "2026-12-08T15:00:00+03:00"  # day 1 open (its deadline 08.12 19:30 Moscow)


def _run(cfg, *args: str):
    return CliRunner().invoke(cli_main, ["--config", str(cfg.path), "forum", *args],
                              env={"MAFIA_MAIL_NOW": NOW})


def _authors(store) -> list[str]:
    with store.session() as s:
        return sorted(p.author for p in s.exec(select(ForumPost)))


def _pastes(tmp_path):
    ours = tmp_path / "nasha.txt"
    ours.write_text("Ягуар\n08.12.2026 14:05\nГолосую за Лиса.\n\nЗоя\n08.12.2026 14:10\nЛинч Гному.\n",
                    encoding="utf-8")
    theirs = tmp_path / "chuzhaya.txt"
    theirs.write_text("Кузя\n08.12.2026 12:00\nЛинч Зое.\n\nГоша\n08.12.2026 12:30\nЗа Буку.\n",
                      encoding="utf-8")
    return ours, theirs


def test_forget_one_import_keeps_the_others(tmp_path):
    cfg, store = make_game(tmp_path / "g")
    ours, theirs = _pastes(tmp_path)
    assert _run(cfg, "import", str(ours)).exit_code == 0
    assert _run(cfg, "import", str(theirs)).exit_code == 0
    with store.session() as s:
        assert day_tally(s, 1).posts == 4
    out = _run(cfg, "forget", "--source", str(theirs))  # the path as given to import
    assert out.exit_code == 0, out.output
    assert "Удалено постов: 2 (день 1: 2)." in out.output
    assert _authors(store) == ["Зоя", "Ягуар"]
    with store.session() as s:
        t = day_tally(s, 1)
        assert t.posts == 2 and {e["target"] for e in t.tally} == {"Лис", "Гном"}
    again = _run(cfg, "forget", "--source", "chuzhaya.txt")  # nothing of it left
    assert again.exit_code == 1
    assert "Ничего не удалено" in again.output
    store.dispose()


def test_forget_several_imports_at_once(tmp_path):
    """``--source`` given twice removes both imports' posts (a fresh host, s48: only the last
    one was removed, with no word)."""
    cfg, store = make_game(tmp_path / "g")
    ours, theirs = _pastes(tmp_path)
    assert _run(cfg, "import", str(ours)).exit_code == 0
    assert _run(cfg, "import", str(theirs)).exit_code == 0
    out = _run(cfg, "forget", "--source", str(ours), "--source", "chuzhaya.txt")
    assert out.exit_code == 0, out.output
    assert "Удалено постов: 4 (день 1: 4)." in out.output
    assert _authors(store) == []
    store.dispose()


def test_forget_a_day_and_never_a_closed_one(tmp_path):
    cfg, store = make_game(tmp_path / "g")
    ours, theirs = _pastes(tmp_path)
    assert _run(cfg, "import", str(ours), str(theirs)).exit_code == 0
    close_day(cfg, store, now=DAY1_END + timedelta(minutes=5))
    kept = _run(cfg, "forget", "--day", "1")
    assert kept.exit_code == 1
    assert "не удалено: день 1 закрыт" in kept.output and "(4)" in kept.output
    assert len(_authors(store)) == 4
    assert "дня 5 в игре нет" in _run(cfg, "forget", "--day", "5").output
    assert "укажите день (--day) или загрузку (--source)" in _run(cfg, "forget").output
    store.dispose()


def test_forget_drops_the_pages_validators(tmp_path):
    """A page answered 304 would never give its posts back: after a forget, every page is
    downloaded again."""
    cfg, store = make_game(tmp_path / "g")
    ours, _ = _pastes(tmp_path)
    assert _run(cfg, "import", str(ours)).exit_code == 0
    with store.session() as s:
        s.add(ForumPage(url="http://127.0.0.1/t?p=1", number=1, etag='"abc"',
                        last_modified="Tue, 08 Dec 2026 10:00:00 GMT", digest="d1", posts=2))
    out = _run(cfg, "forget", "--day", "1")
    assert out.exit_code == 0, out.output
    assert "Следующий forum sync скачает все страницы темы заново." in out.output
    with store.session() as s:
        [page] = s.exec(select(ForumPage)).all()
        assert (page.etag, page.last_modified, page.digest) == (None, None, "")
    assert _authors(store) == []
    store.dispose()


def test_a_paste_dated_into_a_closed_day_is_told_and_may_be_forgotten(tmp_path):
    """A paste imported after day 1's close, its posts dated in day 1: the import says the day
    is closed and its results did not take them; the tally of the closed day promises nothing of
    close-day; ``forget`` removes them (the close never read them) and keeps the posts the close
    did read."""
    cfg, store = make_game(tmp_path / "g")
    ours, theirs = _pastes(tmp_path)
    assert _run(cfg, "import", str(ours)).exit_code == 0
    close_day(cfg, store, now=DAY1_END + timedelta(minutes=5))
    late = CliRunner().invoke(cli_main, ["--config", str(cfg.path), "forum", "import", str(theirs)],
                              env={"MAFIA_MAIL_NOW": "2026-12-08T20:00:00+03:00"})
    assert late.exit_code == 0, late.output
    assert "день 1: новых постов 2 — день 1 уже закрыт: в его итоги они не вошли" in late.output
    tally = _run(cfg, "tally", "--day", "1")
    assert tally.exit_code == 0 and "close-day" not in tally.output
    out = _run(cfg, "forget", "--day", "1")
    assert out.exit_code == 0, out.output
    assert "Удалено постов: 2 (день 1: 2)." in out.output
    assert "не удалено: день 1 закрыт, его итоги подведены с этими постами (2)" in out.output
    assert "Следующий forum sync" not in out.output  # (no page was ever downloaded)
    assert _authors(store) == ["Зоя", "Ягуар"]
    store.dispose()
