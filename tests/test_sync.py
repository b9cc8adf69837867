"""The sync stages on a Maildir with small literal letters: store, screen, stamp, parse, reply."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from mailer.config import load_config
from mailer.inbox import inbox
from mailer.store import Store
from mailer.sync import sync
from mailer.day import init_game
from e2e_config import folder_sections

START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)  # 19:30 Moscow
DEADLINE = START + timedelta(days=1)

CONFIG = """\
[game]
name = "Синк"
start = "2026-12-07 19:30"
seed = 3
database = "g.db"
{extra}
[[player]]
nick = "Маруська"
email = "marusya@example.org"
role = "detective"
code = "лимонад"
[[player]]
nick = "Бука"
email = "buka@example.org"
role = "doctor"
[[player]]
nick = "Ягуарчик"
email = "jaguar@example.org"
role = "clan1.boss"
[[player]]
nick = "Serginio"
email = "serg@example.org"
role = "civilian"
""" + folder_sections()


def letter(sender: str, body: str, *, msgid: str, extra: str = "", subject: str = "Ход") -> bytes:
    return (
        f"From: {sender}\r\nTo: host@example.org\r\nSubject: {subject}\r\n"
        f"Message-ID: <{msgid}>\r\nDate: Mon, 07 Dec 2026 21:00:00 +0300\r\n{extra}"
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\n" + body
    ).encode("utf-8")


class Game:
    """The game of CONFIG in ``tmp_path``; ``database_url``: its database instead of g.db;
    ``players``: more ``[[player]]`` tables."""

    def __init__(self, tmp_path: Path, extra: str = "", database_url: str | None = None,
                 players: str = ""):
        self.root = tmp_path
        text = CONFIG.format(extra=extra) + players
        if database_url:
            text = text.replace('database = "g.db"', f'database = "{database_url}"')
        (tmp_path / "game.toml").write_text(text, encoding="utf-8")
        for sub in ("new", "cur", "tmp"):
            (tmp_path / "box" / sub).mkdir(parents=True, exist_ok=True)
        self.cfg = load_config(tmp_path / "game.toml")
        assert self.cfg.database_url == (database_url or f"sqlite:///{tmp_path / 'g.db'}")
        self.store = Store(self.cfg.database_url)
        init_game(self.cfg, self.store, now=START - timedelta(hours=1), event="none")
        self.n = 0

    def deliver(self, raw: bytes, at: datetime) -> None:
        self.n += 1
        name = f"{int(at.timestamp())}.M{self.n}P1.test"
        (self.root / "box" / "new" / name).write_bytes(raw)

    def sync(self):
        return sync(self.cfg, self.store, now=DEADLINE)

    def rows(self):
        return inbox(self.store, self.cfg.zone)

    def answers(self, *letters: tuple[str, str, str]) -> dict[str, str]:
        """Deliver ``(address, body, Message-ID)`` letters an hour apart from START + 2 h,
        sync, and return the reply bodies by their ref («reply:<Message-ID>»)."""
        for n, (address, body, msgid) in enumerate(letters):
            self.deliver(letter(address, body, msgid=msgid), START + timedelta(hours=2 + n))
        self.sync()
        return {r.ref: r.body for r in self.replies("reply")}

    def replies(self, kind: str | None = None):
        with self.store.session() as s:
            return [r for r in self.store.outgoing(s) if r.kind != "role" and (kind is None or r.kind == kind)]


@pytest.fixture
def game(tmp_path, database_url):
    """The game on a SQLite file and on PostgreSQL (every test using it runs on both)."""
    g = Game(tmp_path, database_url=database_url)
    yield g
    g.store.dispose()


def test_move_understood_and_answered_in_thread(game):
    game.deliver(letter("Бука <buka@example.org>", "Привет! Лечу Маруську. Линч: Ягуарчик", msgid="a1@x"),
                 START + timedelta(hours=2))
    rep = game.sync()
    assert (rep.fetched, rep.states) == (1, {"applied": 1})
    [row] = game.rows()
    assert (row.state, row.from_addr) == ("applied", "buka@example.org")
    assert row.received == "2026-12-07T21:30:00+03:00"
    [reply] = game.replies()
    assert reply.to_addr == "buka@example.org" and reply.subject == "Re: Ход"
    assert "Лечение: Маруська" in reply.body and "Голос на линче: Ягуарчик" in reply.body
    assert "08.12.2026 19:30" in reply.body


def test_second_sync_fetches_and_answers_nothing(game):
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="a1@x"), START + timedelta(hours=2))
    game.sync()
    rep = game.sync()
    assert (rep.fetched, rep.processed) == (0, 0)
    assert len(game.replies()) == 1


def test_duplicate_message_id_stored_once_answered_once(game):
    raw = letter("buka@example.org", "Лечу Маруську", msgid="dup@x")
    game.deliver(raw, START + timedelta(hours=2))
    game.deliver(raw, START + timedelta(hours=2, minutes=1))
    game.sync()
    states = [r.state for r in game.rows()]
    assert states == ["applied", "duplicate"]
    assert game.rows()[1].duplicate_of == game.rows()[0].id
    assert len(game.replies()) == 1


def test_letter_after_the_deadline_counts_for_the_next_day(game):
    """DECISIONS.md §8: 19:30:59 is on time, 19:31:00 is after a 19:30 deadline. A letter
    after the deadline, before close-day, belongs to the next day: it waits (no refusal), and
    once day 2 is open it is applied there, its reply saying it missed day 1's deadline."""
    from mailer.day import close_day

    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="l1@x"), DEADLINE + timedelta(seconds=59))
    game.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="l2@x"), DEADLINE + timedelta(seconds=60))
    game.sync()
    assert [r.state for r in game.rows()] == ["applied", "pending"]
    # the moves of the letter for day 2 are answered after day 1's results; the player is told
    # at once that it came after day 1's deadline (one notice, never doubled by a re-run)
    game.sync()
    replies = game.replies("reply")
    assert [r.ref.split(":")[0] for r in replies] == ["reply", "next_day"]
    assert replies[1].to_addr == "buka@example.org" and replies[1].day == 2
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    sync(game.cfg, game.store, now=DEADLINE + timedelta(minutes=6))
    rows = {r.message_id: r for r in game.rows()}
    assert (rows["l1@x"].state, rows["l1@x"].day) == ("applied", 1)
    assert (rows["l2@x"].state, rows["l2@x"].day) == ("applied", 2)
    late = [r for r in game.replies("reply") if "Лечение: Ягуарчик" in r.body]
    assert len(late) == 1
    assert late[0].body.splitlines()[2] == (
        "Письмо пришло после срока дня 1 — 08.12.2026 19:30 (МСК), то есть в срок дня 2: ходы "
        "из него засчитаны в день 2.")
    assert "Принято (день 2)" in late[0].body and "09.12.2026 19:30" in late[0].body


def test_late_letter_with_nothing_accepted_says_no_moves_counted(game):
    """A letter after day 1's deadline whose only move is refused is day 2's, and its reply
    says so without claiming moves were counted («оно относится ко дню 2»)."""
    from mailer.day import close_day

    game.deliver(letter("buka@example.org", "Лечу Бармалея", msgid="n1@x"), DEADLINE + timedelta(minutes=1))
    game.sync()
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    sync(game.cfg, game.store, now=DEADLINE + timedelta(minutes=6))
    late = [r for r in game.replies("reply") if r.day == 2 and "Не принято" in r.body]
    assert len(late) == 1
    assert late[0].body.splitlines()[2] == (
        "Письмо пришло после срока дня 1 — 08.12.2026 19:30 (МСК), то есть в срок дня 2: оно "
        "относится ко дню 2.")
    assert "засчитаны" not in late[0].body and "Принято" not in late[0].body


def test_letter_after_an_early_close_belongs_to_the_new_day(game):
    """After «close-day --early» every letter received after the close is day 2's, judged by
    day 2's deadline (it used to be «after close» of day 1 until day 1's deadline passed)."""
    from mailer.day import close_day

    close_day(game.cfg, game.store, now=START + timedelta(hours=3), early=True)
    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="e1@x"), START + timedelta(hours=3, minutes=1))
    sync(game.cfg, game.store, now=START + timedelta(hours=4))
    [row] = game.rows()
    assert (row.state, row.day) == ("applied", 2)
    [reply] = game.replies("reply")
    assert "Принято (день 2)" in reply.body and "после срока" not in reply.body
    assert "Ходы можно изменить до 09.12.2026 19:30" in reply.body


def test_late_close_keeps_the_next_calendar_deadline(game):
    """Day 1 closed after day 2's calendar end: day 2's deadline is the next calendar end still
    ahead (10.12 19:30), never the moment of closing; a letter received inside day 2's calendar
    day, before the close, counts for day 2 and its reply says it missed day 1's deadline."""
    from mailer.store import DayRow
    from mailer.day import close_day

    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="c1@x"), DEADLINE + timedelta(hours=3))
    game.sync()
    [notice] = game.replies("reply")
    assert notice.ref.startswith("next_day:")
    report = close_day(game.cfg, game.store, now=DEADLINE + timedelta(days=1, hours=2))
    assert report.next_deadline == DEADLINE + timedelta(days=2)
    with game.store.session() as s:
        assert s.get(DayRow, 2).deadline.replace(tzinfo=timezone.utc) == DEADLINE + timedelta(days=2)
    sync(game.cfg, game.store, now=DEADLINE + timedelta(days=1, hours=3))
    [row] = game.rows()
    assert (row.state, row.day) == ("applied", 2)
    [_, reply] = game.replies("reply")
    assert "после срока дня 1 — 08.12.2026 19:30" in reply.body and "засчитаны в день 2" in reply.body
    assert "Ходы можно изменить до 10.12.2026 19:30" in reply.body


def test_unknown_sender_one_reply_per_day(game):
    for i in range(2):
        game.deliver(letter("stranger@example.net", "Убиваем Буку", msgid=f"u{i}@x"), START + timedelta(hours=3 + i))
    rep = game.sync()
    assert rep.states == {"unknown_sender": 2}
    assert len(game.replies("unknown_sender")) == 1
    assert rep.attention and "stranger@example.net" in rep.attention[0]


@pytest.mark.parametrize("header", [
    "Auto-Submitted: auto-replied\r\n",
    "Precedence: bulk\r\n",
    "X-Autoreply: yes\r\n",
])
def test_auto_replies_stored_never_answered(game, header):
    game.deliver(letter("buka@example.org", "Я в отпуске до 20 декабря.", msgid="auto@x", extra=header),
                 START + timedelta(hours=2))
    game.sync()
    assert [r.state for r in game.rows()] == ["auto_reply"]
    assert game.replies() == []


def test_own_letters_never_count(game):
    game.deliver(letter("Ведущий <host@example.org>", "Лечу Маруську", msgid="own@x"), START + timedelta(hours=2))
    game.sync()
    assert [r.state for r in game.rows()] == ["host"]
    assert game.replies() == []


def test_problem_quoted_back_to_player(game):
    game.deliver(letter("marusya@example.org", "Проверяю Волан-де-Морта. лимонад", msgid="p@x"), START + timedelta(hours=2))
    game.sync()
    [row] = game.rows()
    assert row.state == "no_moves"
    assert row.problems and row.problems[0]["kind"] == "unknown_name"
    [reply] = game.replies()
    assert "Волан-де-Морта" in reply.body and "Не принято" in reply.body
    assert "\n\n\n" not in reply.body.replace("\r\n", "\n")  # one blank line between parts


def test_code_word_required(tmp_path):
    g = Game(tmp_path, extra="require_code = true")
    try:
        g.deliver(letter("marusya@example.org", "Проверяю Буку", msgid="c1@x"), START + timedelta(hours=2))
        g.deliver(letter("marusya@example.org", "Лимонад. Проверяю Ягуарчика", msgid="c2@x"), START + timedelta(hours=3))
        g.sync()
        assert [r.state for r in g.rows()] == ["held", "applied"]
        held = [r for r in g.replies() if "кодового слова" in r.body]
        assert len(held) == 1
    finally:
        g.store.dispose()


def test_dead_player_is_told_moves_are_closed_not_that_nothing_was_found(game):
    """A dead player's letter: the reply names the refusal and offers no deadline to change
    moves (found by the 12-day e2e: «не нашёл ни одного хода» + «ходы можно изменить до …»)."""
    from engine.state import GameState
    from mailer.store import Game as GameRow, dumps, loads

    with game.store.session() as s:
        row = s.get(GameRow, 1)
        state = GameState.from_json(loads(row.state_json))
        state.players["Serginio"].alive = False
        row.state_json = dumps(state.to_json())
        s.add(row)
    game.deliver(letter("serg@example.org", "Спасибо за игру! Линч: Бука", msgid="ghost@x"), START + timedelta(hours=2))
    game.sync()
    [reply] = game.replies()
    assert "Вы выбыли из игры" in reply.body
    assert "не нашёл ни одного хода" not in reply.body and "можно изменить" not in reply.body


def test_letter_fetched_after_close_stays_out_of_the_closed_day(game):
    """Received in the deadline minute (on time) but fetched after close-day: it cannot change
    the closed day, so it must not enter that day's export either (found by the 12-day e2e:
    the replay of the export lynched someone else)."""
    from engine.gamefile import load_game_file
    from engine.replay import replay_game
    from mailer.export import export_game
    from mailer.store import DayRow, loads
    from mailer.day import close_day

    game.deliver(letter("buka@example.org", "Линч: Serginio", msgid="v1@x"), START + timedelta(hours=2))
    game.sync()
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    for n, voter in enumerate(("buka@example.org", "jaguar@example.org", "marusya@example.org")):
        game.deliver(letter(voter, "Линч: Бука", msgid=f"late{n}@x"), DEADLINE + timedelta(seconds=40))
    game.sync()
    assert [r.state for r in game.rows()] == ["applied", "after_close", "after_close", "after_close"]
    replies = [r for r in game.replies("reply") if r.to_addr == "jaguar@example.org"]
    assert len(replies) == 1 and replies[0].body.splitlines()[2] == (
        "Ваше письмо пришло до закрытия дня 1, но ведущий прочитал его, когда итоги дня 1 уже были "
        "подведены: срок был 08.12.2026 19:30 (МСК), итоги — 08.12.2026 19:35 "
        "(МСК). Поэтому ходы из него не засчитаны. Для дня 2 пришлите ходы заново.")
    with game.store.session() as s:
        stored = loads(s.get(DayRow, 1).result_json)
    assert stored["lynched"] == ["Serginio"]
    assert replay_game(load_game_file(export_game(game.cfg, game.store)))["turns"] == [stored]


def test_letters_during_fear_wait_wait_for_the_next_day(tmp_path):
    """«Страх» keeps the day open past its deadline until the chosen player answers; moves the
    others send meanwhile are for the next day: they wait (pending, no reply) and count there,
    instead of being refused as late for the day that is only waiting."""
    from mailer.day import close_day

    g = Game(tmp_path)
    try:
        from mailer.day import set_event

        set_event(g.cfg, g.store, "fear", now=START)
        for n, voter in enumerate(("marusya@example.org", "jaguar@example.org", "serg@example.org")):
            g.deliver(letter(voter, "Линч: Бука", msgid=f"v{n}@x"), START + timedelta(hours=2))
        g.sync()
        assert close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5)).waiting_for == "Бука"
        g.deliver(letter("jaguar@example.org", "Линч: Маруська", msgid="next@x"), DEADLINE + timedelta(minutes=20))
        rep = g.sync()
        assert rep.states == {"pending": 1}
        assert [r.state for r in g.rows()][-1] == "pending"
        assert [r.ref.split(":")[0] for r in g.replies("reply")] == ["reply"] * 3 + ["next_day"]
        g.deliver(letter("buka@example.org", "Выбираю: Serginio", msgid="fear@x"), DEADLINE + timedelta(minutes=30))
        g.sync()
        assert close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=40)).result.lynched == ["Serginio"]
        g.sync()
        rows = {r.message_id: r for r in g.rows()}
        assert (rows["next@x"].state, rows["next@x"].day) == ("applied", 2)
        assert "Принято (день 2)" in [r for r in g.replies("reply") if r.to_addr == "jaguar@example.org"][-1].body
    finally:
        g.store.dispose()


def test_letters_during_a_reopened_day_wait_for_the_next_day(game):
    """While the host corrects a reopened day, letters after its deadline are the next day's
    moves: they wait and count there (not refused as late for the day being corrected)."""
    from mailer.day import close_day, reopen_day

    game.deliver(letter("buka@example.org", "Линч: Serginio", msgid="v1@x"), START + timedelta(hours=2))
    game.sync()
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    reopen_day(game.cfg, game.store, 1)
    game.deliver(letter("jaguar@example.org", "Линч: Маруська", msgid="next@x"), DEADLINE + timedelta(minutes=20))
    assert game.sync().states == {"pending": 1}
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=30))
    game.sync()
    rows = {r.message_id: r for r in game.rows()}
    assert (rows["next@x"].state, rows["next@x"].day) == ("applied", 2)


def test_nul_in_headers_and_body_stored_alike_on_every_database(game):
    """PostgreSQL text cannot hold NUL: NUL bytes in a letter's headers and body are dropped
    when it is decoded, so it is stored, understood and answered like any other (on both
    databases), and its second copy is known as a duplicate."""
    raw = letter("buka@example.org", "Лечу\x00 Маруську", msgid="n\x00ul@x", subject="Ход\x00 дня")
    game.deliver(raw, START + timedelta(hours=2))
    game.deliver(raw, START + timedelta(hours=3))
    rep = game.sync()
    assert (rep.fetched, rep.states) == (2, {"applied": 1, "duplicate": 1})
    with game.store.session() as s:
        first, second = game.store.letters(s)
    assert (first.state, first.nick, first.subject, first.message_id) == ("applied", "Бука", "Ход дня", "nul@x")
    assert second.duplicate_of == first.id and first.body.startswith("Лечу Маруську")
    [reply] = game.replies()
    assert reply.subject == "Re: Ход дня" and "Лечение: Маруська" in reply.body


def test_reply_refuses_a_hunt_that_close_day_would_refuse(game):
    """DECISIONS.md §2 «One source of legality»: the doctor's hunt in a second letter, after
    a heal in the first, is refused in its reply, and close-day refuses it for the same
    reason (it used to be «Принято» and then refused at close-day)."""
    from mailer.store import DayRow, loads
    from mailer.day import close_day

    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="h1@x"), START + timedelta(hours=2))
    game.deliver(letter("buka@example.org", "МО: Ягуарчик", msgid="h2@x"), START + timedelta(hours=3))
    game.sync()
    second = next(r for r in game.replies("reply") if r.ref == "reply:h2@x")
    assert "Мирную охоту нельзя отправлять в один день с ролевым ходом: охота «МО: Ягуарчик» не " \
           "принята, ролевой ход остаётся." in second.body
    assert "Принято" not in second.body
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    with game.store.session() as s:
        moves = loads(s.get(DayRow, 1).result_json)["moves"]
    mine = {(m["action"], m["target"]): (m["outcome"], m["reason"]) for m in moves if m["by"] == "Бука"}
    assert mine == {("heal", "Маруська"): ("done", "ok"), ("hunt", "Ягуарчик"): ("refused", "hunt_with_role_move")}


def test_reply_lists_the_earlier_moves_that_still_stand(game):
    """A later letter replaces only the moves of its kind: its reply says which moves of the
    sender's earlier letters of the day still stand, so a refused or partial letter never
    reads as «nothing of mine counts»; a cancel («отменяю ход») leaves only the vote."""
    game.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", msgid="s1@x"),
                 START + timedelta(hours=2))
    game.deliver(letter("buka@example.org", "Линч: Serginio", msgid="s2@x"), START + timedelta(hours=3))
    game.deliver(letter("buka@example.org", "Лечу Бобра", msgid="s3@x"), START + timedelta(hours=4))
    game.deliver(letter("buka@example.org", "Отменяю ход", msgid="s4@x"), START + timedelta(hours=5))
    game.sync()
    body = {r.ref: r.body for r in game.replies("reply")}
    first = body["reply:s1@x"]
    assert "Остаются в силе" not in first
    second = body["reply:s2@x"]
    assert "Голос на линче: Serginio" in second
    standing = second.split("Остаются в силе ходы из ваших прежних писем за день 1:\n")[1]
    assert standing.startswith("  - Лечение: Маруська\n\n"), standing
    # … and the vote it replaces is named, so the two replies never read as two votes
    assert "заменены этим письмом:\n  - Голос на линче: Ягуарчик\n" in second
    third = body["reply:s3@x"]  # nobody is «Бобёр»: nothing accepted, both earlier moves stand
    assert "Не принято" in third and "Принято" not in third.replace("Не принято", "")
    standing = third.split("Остаются в силе ходы из ваших прежних писем за день 1:\n")[1]
    assert standing.startswith("  - Лечение: Маруська\n  - Голос на линче: Serginio\n\n"), standing
    fourth = body["reply:s4@x"]
    standing = fourth.split("Остаются в силе ходы из ваших прежних писем за день 1:\n")[1]
    assert standing.startswith("  - Голос на линче: Serginio\n\n"), standing


def test_reminder_queued_before_the_players_moves_is_dropped(game):
    """A reminder still unsent when the player's letter with moves comes is outdated (it says
    what is missing): sync takes it off the queue and notes it; other players' stay."""
    from mailer.day import remind

    assert sorted(remind(game.cfg, game.store, now=START + timedelta(hours=1))) == [
        "Serginio", "Бука", "Маруська", "Ягуарчик"]
    game.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", msgid="r1@x"),
                 START + timedelta(hours=2))
    game.sync()
    reminders = sorted(r.to_nick for r in game.replies("reminder") if r.state != "dropped")
    assert reminders == ["Serginio", "Маруська", "Ягуарчик"]
    [dropped] = [r for r in game.replies("reminder") if r.state == "dropped"]  # kept, with why
    assert (dropped.to_nick, dropped.error) == (
        "Бука", "игрок прислал ходы после напоминания: ответ на его письмо говорит, что в силе")
    with game.store.session() as s:
        [stored] = game.store.letters(s, day=1)
        assert "напоминание этому игроку снято с очереди: он прислал ходы" in stored.notes_json


def test_reminders_dropped_for_each_player_once_within_a_batch(game):
    """The batch reads the unsent reminders once: each player's first letter with moves drops
    his, a second one of his in the same batch notes nothing, a letter without moves drops
    nothing."""
    from mailer.day import remind

    remind(game.cfg, game.store, now=START + timedelta(hours=1))
    for n, (sender, text) in enumerate([("buka@example.org", "Лечу Маруську"),
                                        ("marusya@example.org", "Привет всем!"),
                                        ("buka@example.org", "Линч: Ягуарчик"),
                                        ("serg@example.org", "Линч: Ягуарчик")]):
        game.deliver(letter(sender, text, msgid=f"rb{n}@x"), START + timedelta(hours=2, minutes=n))
    game.sync()
    assert sorted(r.to_nick for r in game.replies("reminder") if r.state != "dropped") == ["Маруська", "Ягуарчик"]
    with game.store.session() as s:
        noted = {l.message_id: "напоминание этому игроку снято" in l.notes_json
                 for l in game.store.letters(s, day=1)}
    assert noted == {"rb0@x": True, "rb1@x": False, "rb2@x": False, "rb3@x": True}


def test_event_change_to_one_vote_names_the_players_who_sent_two(game):
    """open-day --event from «Ярость» (two votes) to a day of one vote: close-day refuses a
    vote for two, so the host is told who sent one and must send again."""
    from mailer.day import set_event

    set_event(game.cfg, game.store, "rage", now=START)
    game.deliver(letter("buka@example.org", "Линч: Ягуарчик и Serginio", msgid="v1@x"),
                 START + timedelta(hours=2))
    game.deliver(letter("serg@example.org", "Линч: Ягуарчик", msgid="v2@x"), START + timedelta(hours=2))
    game.sync()
    assert "Голоса на линче: Ягуарчик и Serginio" in game.replies("reply")[0].body
    _row, lines = set_event(game.cfg, game.store, "none", now=START + timedelta(hours=3))
    [number] = [r.id for r in game.rows() if r.message_id == "v1@x"]
    again = f"письма дня, которые с новым событием читаются иначе, прочитаны заново: письмо {number}; новые ответы — в очереди"
    assert lines == ["с новым событием у каждого один голос, а голоса за двоих уже прислали: Бука; "
                     "close-day их не засчитает — попросите этих игроков прислать один голос заново", again]
    # (the letter is read again with the new event: Бука's new reply says the vote is refused)
    [told] = [r.body for r in game.replies("reply") if r.state == "queued" and r.to_nick == "Бука"]
    assert "Названо больше игроков, чем у вас сегодня голосов" in told
    _row, lines = set_event(game.cfg, game.store, "voice", now=START + timedelta(hours=4))
    assert lines == [again]  # two votes again: read again, accepted
    [told] = [r.body for r in game.replies("reply") if r.state == "queued" and r.to_nick == "Бука"]
    assert "Голоса на линче: Ягуарчик и Serginio" in told


def test_a_single_vote_on_a_two_vote_day_is_told_the_second_is_free(tmp_path):
    """«Ярость»: a letter naming one player for the lynch is accepted, and its reply says the
    second vote may still be sent; a letter naming two is not told so."""
    g = Game(tmp_path)
    try:
        from mailer.day import set_event

        set_event(g.cfg, g.store, "rage", now=START + timedelta(minutes=5))
        body = g.answers(("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", "r1@x"),
                         ("serg@example.org", "Голоса: Ягуарчик и Бука", "r2@x"))
    finally:
        g.store.dispose()
    assert "Голос на линче: Ягуарчик\n  (сегодня у каждого два голоса, в письме назван один: второй " \
           "можно прислать до срока)" in body["reply:r1@x"]
    assert "второй можно прислать" not in body["reply:r2@x"]


def test_votes_import_tells_the_host_which_mailed_votes_it_replaces(game):
    """A forum tally imported after a player's vote by letter replaces it at close-day: the
    host is told whose mailed vote changes (it used to say only how many were loaded)."""
    from mailer.inputs import import_votes

    game.answers(("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", "v1@x"),
                 ("serg@example.org", "Линч: Бука", "v2@x"))
    rep = import_votes(game.cfg, game.store, "voter,target\nБука,Маруська\nSerginio,Бука\n",
                       now=START + timedelta(hours=6))
    assert rep.rows == 2 and rep.replaced == ["Бука: Ягуарчик → Маруська"]


def test_a_late_letter_made_on_time_by_a_moved_deadline_counts_once_at_an_early_close(game):
    """Trial 12: a letter after the deadline is told «засчитано в день 2»; the host moves the
    deadline later and closes the day early without a sync. The letter is on time for day 1
    (DECISIONS.md §2, §8): close-day reads it into day 1 before resolving, and it gets one
    reply, «Принято (день 1)», never «ходы из него не засчитаны»."""
    from mailer.day import close_day, set_deadline

    game.deliver(letter("buka@example.org", "Лечу Маруську", msgid="early@x"), START + timedelta(hours=2))
    game.deliver(letter("buka@example.org", "Лечу Ягуарчика", msgid="late@x", subject="Ночь"),
                 DEADLINE + timedelta(minutes=2, seconds=30))
    sync(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    assert [r.ref for r in game.replies("reply")] == ["reply:early@x", "next_day:late@x"]
    set_deadline(game.cfg, game.store, "2026-12-08 21:00", now=DEADLINE + timedelta(minutes=6))
    rep = close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=7), early=True)
    rows = {r.message_id: r for r in game.rows()}
    assert (rows["late@x"].state, rows["late@x"].day) == ("applied", 1)
    result = rep.result.to_json()
    assert [(m["target"], m["outcome"]) for m in result["moves"] if m["action"] == "heal"][-1] == (
        "Ягуарчик", "done")
    assert result["statuses"] == {"Ягуарчик": ["healed"]}
    replies = {r.ref: r.body for r in game.replies("reply")}  # (the dropped notice kept, with why)
    assert sorted(replies) == ["next_day:late@x~dropped6", "reply:early@x", "reply:late@x"]
    body = replies["reply:late@x"]
    assert "Принято (день 1):\n  - Лечение: Ягуарчик" in body
    assert "не засчитаны" not in body and "после срока" not in body
    assert (rep.read_first, rep.read) == (1, 0)


def test_unsent_replies_of_an_early_closed_day_no_longer_invite_changes(game):
    """Replies queued before close-day --early must not say «Ходы можно изменить до …» of a
    day already closed when they go out with its results."""
    from mailer.day import close_day

    game.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", msgid="b1@x"),
                 START + timedelta(hours=2))
    game.deliver(letter("serg@example.org", "Привет всем", msgid="s1@x"), START + timedelta(hours=3))
    sync(game.cfg, game.store, now=START + timedelta(hours=4))
    before = {r.ref: r.body for r in game.replies("reply")}
    assert "Ходы можно изменить до 08.12.2026 19:30 (МСК): пришлите новое письмо" in before["reply:b1@x"]
    assert "Ходы можно прислать до 08.12.2026 19:30 (МСК)." in before["reply:s1@x"]
    close_day(game.cfg, game.store, now=START + timedelta(hours=5), early=True)
    after = {r.ref: r.body for r in game.replies("reply")}
    closed = ("День 1 закрыт 08.12.2026 00:30 (МСК): ходы этого дня больше не меняются; "
              "итоги — в письме с итогами дня 1.")
    for ref in ("reply:b1@x", "reply:s1@x"):
        assert "Ходы можно" not in after[ref]
        assert closed in after[ref]
    assert after["reply:b1@x"] == before["reply:b1@x"].replace(
        "Ходы можно изменить до 08.12.2026 19:30 (МСК): пришлите новое письмо, последний "
        "ход заменит прежний.", closed)
