"""Host items of the forty-first session, second helper: after ``reopen-day N`` the thread's
posts written after an early close of day N follow the letters (a letter vote and a post vote
written in the same minutes land on the same day); the host's ``drop`` says why in
``outbox --all``."""

from __future__ import annotations

import json
from datetime import timedelta

from click.testing import CliRunner
from forum.game import START, make_game
from forum.pages import URLS, P, msk, render
from forum.topic_server import TopicServer
from sqlmodel import select

from mailer.cli import main as cli_main
from mailer.day import close_day, remind, reopen_day
from mailer.forum.sync import sync_topic
from mailer.reports import status as sql_status
from mailer.status import read_status
from mailer.store import DayRow, Letter, loads, utc
from mailer.sync import sync

#: Day 1 (deadline 08.12 19:30 Moscow) is closed early at 22:30 on 07.12.
CLOSED = START + timedelta(hours=3)


def _letter(sender: str, body: str, msgid: str) -> bytes:
    return (f"From: {sender}\r\nTo: host@example.org\r\nSubject: Ход\r\nMessage-ID: <{msgid}>\r\n"
            "Date: Mon, 07 Dec 2026 21:00:00 +0300\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n").encode("utf-8")


def _deliver(cfg, raw: bytes, at, n: int) -> None:
    (cfg.path.parent / "maildir" / "new" / f"{int(at.timestamp())}.M{n}P1.test").write_bytes(raw)


def _tally(cfg, day: int) -> dict:
    res = CliRunner().invoke(cli_main, ["--config", str(cfg.path), "forum", "tally", "--day", str(day), "--json"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def _voted(cfg, store) -> dict[str, set[str]]:
    """Who has a vote today by ``status``'s two readers (sqlite3 and SQLAlchemy)."""
    return {"sqlite3": {p.nick for p in read_status(cfg).players if p.voted},
            "sql": {p.nick for p in sql_status(cfg, store).players if p.voted}}


def test_posts_after_an_early_close_follow_the_letters_after_reopen(tmp_path):
    """Day 1 closed early at 22:30; at 23:30 Зоя votes for Гоша by letter and Тётя Ася in the
    thread (a real HTTP forum): both land on day 2. After ``reopen-day 1`` both are day 1's:
    the thread's tally of day 1, ``status``, ``remind`` and the new close agree (Гоша is
    lynched by the letter and the post against Гном's one vote for Кузя); the post stays day
    1's after that close, and a post written after it is day 2's."""
    srv = TopicServer().start()
    try:
        url = srv.base + URLS["phpbb"](1)
        cfg, store = make_game(tmp_path / "g", url=url)
        posts = [P(301, "Гном", msk(7, 20, 0), [("t", "Всем привет, играем.")])]
        srv.pages[URLS["phpbb"](1)] = render("phpbb", [posts], base=srv.base)[0]
        _deliver(cfg, _letter("p3@example.org", "Линч: Кузя", "g1@x"), START + timedelta(hours=1), 1)
        close_day(cfg, store, now=CLOSED, early=True)  # (reads Гном's letter first)
        _deliver(cfg, _letter("p2@example.org", "Линч: Гоша", "z2@x"), START + timedelta(hours=4), 2)
        posts.append(P(302, "tetya_asya", msk(7, 23, 31), [("t", "Голосую за Гошу.")]))
        srv.pages[URLS["phpbb"](1)] = render("phpbb", [posts], base=srv.base)[0]
        sync(cfg, store, now=START + timedelta(hours=4, minutes=5))
        sync_topic(cfg, store, now=START + timedelta(hours=4, minutes=5))
        with store.session() as s:
            assert {x.message_id: x.day for x in s.exec(select(Letter))} == {"g1@x": 1, "z2@x": 2}
        assert (_tally(cfg, 1)["posts"], _tally(cfg, 2)["players"]["Тётя Ася"]["votes"]) == (1, ["Гоша"])

        reopen_day(cfg, store, 1)
        sync(cfg, store, now=START + timedelta(hours=5))
        with store.session() as s:
            assert {x.message_id: x.day for x in s.exec(select(Letter))} == {"g1@x": 1, "z2@x": 1}
        day1 = _tally(cfg, 1)
        assert (day1["posts"], day1["players"]["Тётя Ася"]["votes"]) == (2, ["Гоша"])
        assert day1["tally"] == [{"target": "Гоша", "count": 1, "voters": ["Тётя Ася"]}]
        assert _voted(cfg, store) == {"sqlite3": {"Гном", "Зоя", "Тётя Ася"},
                                      "sql": {"Гном", "Зоя", "Тётя Ася"}}
        reminded = remind(cfg, store, now=START + timedelta(hours=5, minutes=1))
        assert "Тётя Ася" not in reminded and "Кузя" in reminded  # her thread vote counts today

        report = close_day(cfg, store, now=START + timedelta(hours=6), early=True)
        assert report.result.to_json()["lynched"] == ["Гоша"]  # Зоя's letter and Ася's post vs Гном's letter
        with store.session() as s:
            row = s.get(DayRow, 1)
            assert loads(row.figures_json)["votes"]["Тётя Ася"] == ["Гоша"]
            assert (utc(row.closed_at), utc(row.last_closed_at)) == (CLOSED, START + timedelta(hours=6))
        posts.append(P(303, "Кузя", msk(8, 2, 0), [("t", "Голосую за Лиса.")]))
        srv.pages[URLS["phpbb"](1)] = render("phpbb", [posts], base=srv.base)[0]
        sync_topic(cfg, store, now=START + timedelta(hours=8, minutes=31))
        assert _tally(cfg, 1)["posts"] == 2  # the post before the new close stays day 1's
        day2 = _tally(cfg, 2)
        assert (day2["posts"], day2["players"]["Кузя"]["votes"]) == (1, ["Лис"])
        store.dispose()
    finally:
        srv.stop()


def test_the_hosts_drop_says_why_in_outbox_all(tmp_path, smtp_reject_server):
    """``drop`` stores why: «снято ведущим», with ``--reason`` the host's words; a letter the
    (real, local) SMTP server refused keeps that refusal after it. ``outbox --all`` lists
    them under «Почему снято с очереди»."""
    from test_sync import Game

    g = Game(tmp_path)
    try:
        text = g.cfg.path.read_text(encoding="utf-8")
        send = text[text.index("[send]"):]
        g.cfg.path.write_text(text.replace(send, f'[send]\nkind = "smtp"\nhost = "{smtp_reject_server.host}"\n'
                                                 f'port = {smtp_reject_server.port}\ntls = "none"\n'
                                                 'from = "Ведущий <host@example.org>"\n'), encoding="utf-8")
        run = lambda *args: CliRunner().invoke(cli_main, ["--config", str(g.cfg.path), *args])  # noqa: E731
        with g.store.session() as s:
            ids = [o.id for o in g.store.outgoing(s)]  # the four role letters
        assert len(ids) == 4
        run("send", "--retry-uncertain")
        with g.store.session() as s:
            assert [o.state for o in g.store.outgoing(s)] == ["failed"] * 4
        assert run("drop", str(ids[0])).exit_code == 0
        out = run("drop", str(ids[1]), "--reason", "роль скажу сам в личке")
        assert out.exit_code == 0, out.output
        listed = run("outbox", "--all").output
        reasons = listed[listed.index("Почему снято с очереди:"):].splitlines()[1:3]
        refused = ("(до этого — отказ сервера: Сервер отказался принять получателей: "
                   "{}: 550 5.1.1 No such user)")
        assert reasons == [
            f"  {ids[0]}: снято ведущим " + refused.format("marusya@example.org"),
            f"  {ids[1]}: снято ведущим: роль скажу сам в личке " + refused.format("buka@example.org"),
        ]
    finally:
        g.store.dispose()
