"""The host's days on the bundled demo game (Maildir, outbox folder): close-day, export and
replay, reopen-day, explain, deadline, remind, imported votes and posts."""

from __future__ import annotations

import json
import re
from pathlib import Path
from datetime import datetime, timedelta, timezone

import pytest
from click.testing import CliRunner
from sqlmodel import select

from engine.gamefile import load_game_file
from engine.replay import replay_game
from mailer.cli import main
from mailer.config import load_config
from mailer.demo import copy_demo
from mailer.export import export_game
from mailer.inputs import import_posts, import_votes, palms_words, set_lost_votes
from mailer.store import DayRow, Store, loads
from mailer.sync import sync
from mailer.day import GameError, close_day, init_game, remind, reopen_day, set_deadline, set_event
from mailer.reports import explain_day, newspaper, status

START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)
AFTER = START + timedelta(days=1, minutes=15)


@pytest.fixture
def demo(tmp_path, database_url):
    """The demo game, day 1 open; on a SQLite file and on PostgreSQL (the config names it, so
    the CLI opens the same database)."""
    path = copy_demo(tmp_path / "game")
    text = path.read_text(encoding="utf-8")
    assert 'database = "game.db"' in text
    path.write_text(text.replace('database = "game.db"', f'database = "{database_url}"'), encoding="utf-8")
    cfg = load_config(path)
    assert cfg.database_url == database_url
    store = Store(cfg.database_url)
    init_game(cfg, store, now=START - timedelta(minutes=5), event="none")
    yield cfg, store
    store.dispose()


def test_close_day_export_replay_same_json(demo):
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    rep = close_day(cfg, store, now=AFTER)
    assert sorted(d["player"] for d in rep.result.to_json()["deaths"]) == ["Ромашка", "Тортилла", "Шершень"]
    with store.session() as s:
        stored = loads(s.get(DayRow, 1).result_json)
    replayed = replay_game(load_game_file(export_game(cfg, store)))
    assert replayed["turns"] == [stored]
    assert replayed["winner"] is None


def test_second_close_refuses_and_early_close_needs_flag(demo):
    cfg, store = demo
    with pytest.raises(GameError, match="ещё не прошёл"):
        close_day(cfg, store, now=START + timedelta(hours=3))
    close_day(cfg, store, now=START + timedelta(hours=3), early=True)
    with pytest.raises(GameError, match="день 2 начинается только 08.12.2026 19:30"):
        close_day(cfg, store, now=START + timedelta(hours=3, minutes=1), early=True)
    with pytest.raises(GameError) as early:
        close_day(cfg, store, now=AFTER)
    # a fresh-user check: right after day 1 closed, a second close-day told only «закрыть
    # раньше: close-day --early», and the host closed the new day 2 by it; it says day 1 is closed
    # (a fresh host, s43: «день 1 уже закрыт, открыт день 2: срок дня 2 — …» read oddly)
    assert str(early.value) == ("день 1 уже закрыт; сейчас идёт день 2, его срок — 09.12.2026 19:30 (МСК), "
                                "и он ещё не прошёл. Закрыть день 2 раньше срока (ходы, что придут потом, "
                                "в него не войдут): mafia-mail close-day --early")
    shown = CliRunner().invoke(main, ["--config", str(cfg.path), "close-day"],
                               env={"MAFIA_MAIL_NOW": AFTER.isoformat()})
    assert shown.exit_code == 1
    assert shown.output.strip().endswith(f"в него не войдут): mafia-mail --config {cfg.path} close-day --early")


def test_reopen_restores_state_and_recloses(demo):
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    first = close_day(cfg, store, now=AFTER)
    assert status(cfg, store).day == 2
    sent = reopen_day(cfg, store, 1)
    assert sent == []  # nothing was sent yet, so nothing is beyond recall
    rep = status(cfg, store)
    assert rep.day == 1 and all(p.alive for p in rep.players)
    second = close_day(cfg, store, now=AFTER)
    assert second.result.to_json() == first.result.to_json()
    with store.session() as s:
        results = [r for r in store.outgoing(s) if r.kind == "result"]
    # the first close's unsent letters were withdrawn: taken off the queue, shown «снято с
    # очереди» in outbox --all (fresh user 27), and the new close queued its own
    assert len([r for r in results if r.state == "queued"]) == 24
    assert len([r for r in results if r.state == "dropped"]) == 24
    with pytest.raises(GameError, match=r"^дня 5 в игре нет — открывать нечего \(сейчас день 2\)$"):
        reopen_day(cfg, store, 5)


@pytest.mark.sqlite_only
def test_explain_reads_like_host_notes(demo):
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    text = explain_day(store, 1)
    assert "Darkwing" in text and "Шершень" in text
    assert "Любашка: обворована" in text  # the demo config gives her gender
    assert "    • убийство маньяка → Шершень — выполнено" in text.split("  Darkwing (Маньяк)", 1)[1]
    with pytest.raises(GameError, match="^день 2 ещё не закрыт$"):
        explain_day(store, 2)
    with pytest.raises(GameError, match=r"^дня 5 в игре нет \(сейчас идёт день 2; закрыт день 1\)$"):
        explain_day(store, 5)


def test_newspaper_without_a_day_is_the_last_closed_one(demo):
    cfg, store = demo
    with pytest.raises(GameError, match="ещё ни один день не закрыт"):
        newspaper(cfg, store)
    sync(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    text, bbcode = newspaper(cfg, store)
    assert (text, bbcode) == newspaper(cfg, store, 1)
    assert "Ромашка" in text and "[b]Ромашка[/b]" in bbcode


def test_deadline_phrases_in_game_zone(demo):
    cfg, store = demo
    now = datetime(2026, 12, 8, 10, 0, tzinfo=timezone.utc)  # 13:00 Moscow, Tuesday
    new = set_deadline(cfg, store, "завтра 23:00", now=now)
    assert new == datetime(2026, 12, 9, 20, 0, tzinfo=timezone.utc)
    new = set_deadline(cfg, store, "2026-12-08 21:30", now=now)
    assert new == datetime(2026, 12, 8, 18, 30, tzinfo=timezone.utc)
    with pytest.raises(GameError, match="не понял"):
        set_deadline(cfg, store, "когда рак на горе свистнет", now=now)
    with pytest.raises(GameError, match="уже прошёл"):
        set_deadline(cfg, store, "вчера 23:00", now=now)
    # a rehearsal a week before the game: «послезавтра» is still before day 1 began
    early = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
    with pytest.raises(GameError, match=r"раньше начала дня 1 \(07\.12\.2026 19:30\)"):
        set_deadline(cfg, store, "послезавтра 21:00", now=early)
    assert set_deadline(cfg, store, "2026-12-08 21:30", now=early) == new


def test_remind_once_per_day(demo):
    cfg, store = demo
    sync(cfg, store, now=START + timedelta(hours=1))
    first = remind(cfg, store, now=AFTER)
    # Штирлиц sent his swindle but no vote: reminded of the vote (issue 12)
    # Шершень (the guard) voted and sent no guard: reminded of his night move (a fresh host:
    # a vote alone stopped the reminder of the night move, session 41)
    assert sorted(first) == ["Гоша", "Тортилла", "Шершень", "Штирлиц"]
    assert remind(cfg, store, now=AFTER) == []
    with store.session() as s:
        bodies = {o.to_nick: o.body for o in store.outgoing(s) if o.kind == "reminder"}
    assert "голоса на линче от вас ещё нет" in bodies["Штирлиц"]
    assert "от вас ещё нет хода на день 1" in bodies["Гоша"]
    assert "ваш голос на день 1 игры «Мафия: демо» получен, а ночного хода вашей роли от вас ещё нет" \
        in bodies["Шершень"] and "Не забудьте и голос" not in bodies["Шершень"]


def test_remind_warns_when_the_last_sync_is_not_fresh(demo):
    """``remind`` counts the letters the last ``sync`` fetched: when it never ran, or ran more
    than ten minutes before, the host is told to sync first (a fresh host reminded a player
    whose letter waited in the mailbox)."""
    from mailer.day import stale_sync_warning

    cfg, store = demo
    assert "почта ещё ни разу не забиралась — письма из ящика напоминание не учтёт" in \
        stale_sync_warning(cfg, store, now=AFTER)
    sync(cfg, store, now=AFTER - timedelta(minutes=5))
    assert stale_sync_warning(cfg, store, now=AFTER) is None
    later = stale_sync_warning(cfg, store, now=AFTER + timedelta(hours=1))
    synced = (AFTER - timedelta(minutes=5)).astimezone(cfg.zone).strftime("%d.%m.%Y %H:%M")
    assert later == (f"Внимание: почта забиралась последний раз {synced} — письма, пришедшие "
                     "позже, напоминание не учтёт. Сначала mafia-mail sync, потом remind.")


def test_one_point_from_autokill_is_told_in_the_reminder_and_the_reply(demo):
    """A player with two autokill points of three (DECISIONS.md §7) who has no vote yet is
    told that one more point puts him out — in the reply to a letter without a vote and in
    the reminder; a player with one point is told only of the point (a fresh host's player
    was autokilled with no word that the day was his last)."""
    from engine.state import GameState
    from mailer.store import Game, Outgoing, dumps

    cfg, store = demo
    with store.session() as s:
        game = s.get(Game, 1)
        state = GameState.from_json(loads(game.state_json))
        nicks = sorted(state.players)
        near = set(nicks[::2])  # every other player two points of three, the rest one
        for nick in nicks:
            state.players[nick].autokill_points = 2 if nick in near else 1
        game.state_json = dumps(state.to_json())
        s.add(game)
        s.commit()
    at = START + timedelta(hours=2)
    sync(cfg, store, now=at)  # the demo's letters of day 1
    reminded = remind(cfg, store, now=at)
    edge = "Внимание: у вас уже 2 штрафных очка автокилла из 3 — ещё одно, и вы выбываете из игры."
    with store.session() as s:
        sent = [(o.kind, o.to_nick, " ".join(o.body.split())) for o in s.exec(select(Outgoing).where(
            Outgoing.kind.in_(("reply", "reminder"))))]
    no_vote = [(kind, nick, body) for kind, nick, body in sent
               if "Голоса на линче в письме нет" in body or
               (kind == "reminder" and "голос" in body and "штрафное очко" in body)]
    assert {kind for kind, _, _ in no_vote} == {"reply", "reminder"} and reminded
    assert {nick for _, nick, _ in no_vote} & near and {nick for _, nick, _ in no_vote} - near
    for kind, nick, body in sent:
        told = edge in body
        assert told == (nick in near and (kind, nick, body) in no_vote), (kind, nick, body)


def test_status_says_when_mail_was_last_fetched_once_it_is_not_fresh(demo):
    """``status`` counts the letters the last ``sync`` fetched, as ``remind`` does: never
    synced or synced more than ten minutes ago, it says so above the table (a host read
    «no move» beside a player whose letter waited in the mailbox); fresh, it says nothing.
    Both ways of reading the status (SQLite read-only and SQLModel) carry the time."""
    from mailer.status import read_status

    cfg, store = demo

    def shown(at):
        out = CliRunner().invoke(main, ["--config", str(cfg.path), "status"],
                                 env={"COLUMNS": "200", "MAFIA_MAIL_NOW": at.isoformat()})
        assert out.exit_code == 0, out.output
        return out.output

    never = " ".join(shown(AFTER).split())
    assert "Почта ещё ни разу не забиралась: письма из ящика здесь не учтены — сначала " in never
    assert re.search(r"здесь не учтены — сначала \S*mafia-mail --config \S+ sync", never)
    synced_at = AFTER - timedelta(minutes=5)
    sync(cfg, store, now=synced_at)
    assert status(cfg, store).last_sync == synced_at
    assert (read_status(cfg) or status(cfg, store)).last_sync == synced_at
    assert "Почта забиралась" not in shown(AFTER)
    local = synced_at.astimezone(cfg.zone).strftime("%d.%m.%Y %H:%M")
    assert f"Почта забиралась последний раз {local}: письма, пришедшие позже, здесь не учтены" \
        in " ".join(shown(AFTER + timedelta(hours=2)).split())


def test_a_player_whose_letter_gave_no_move_is_reminded_that_it_came(demo):
    """A fresh host (session 39): a player whose letter of the day was read but gave no move
    (a name nobody has) was told «от вас ещё нет хода», as if he had written nothing: the
    reminder says his letter came and no move of it was accepted."""
    cfg, store = demo
    raw = ("From: gosha@example.net\r\nTo: host@example.org\r\nSubject: Ход\r\n"
           "Message-ID: <gosha-none@x>\r\nDate: Mon, 07 Dec 2026 20:30:00 +0300\r\nMIME-Version: 1.0\r\n"
           "Content-Type: text/plain; charset=utf-8\r\n\r\nЛинч: Дракула").encode()
    at = START + timedelta(minutes=50)
    (Path(cfg.mailbox.path) / "new" / f"{int(at.timestamp())}.Mg1P1.demo").write_bytes(raw)
    sync(cfg, store, now=START + timedelta(hours=1))
    assert "Гоша" in remind(cfg, store, now=AFTER)
    with store.session() as s:
        bodies = {o.to_nick: o.body for o in store.outgoing(s) if o.kind == "reminder"}
    assert "ваше письмо на день 1 игры" in bodies["Гоша"] and "ни один ход из него не принят" in bodies["Гоша"]
    assert "от вас ещё нет хода на день 1" in bodies["Тортилла"]  # (near: she wrote nothing)


def test_queued_reminders_dropped_at_close_day(demo):
    """A reminder still queued when the day closes is for a closed day (and maybe to a player
    who died): it is dropped, never sent."""
    cfg, store = demo
    sync(cfg, store, now=START + timedelta(hours=1))
    assert remind(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    with store.session() as s:  # kept, «снято с очереди», with why
        assert {(o.state, o.error) for o in store.outgoing(s) if o.kind == "reminder"} == {("dropped", "день 1 закрыт")}


def test_reminders_past_their_deadline_are_dropped_at_send(demo):
    """A reminder queued before the deadline but not sent by then says «до 19:30» when it is
    too late: send takes it off the queue (the day is not closed yet; a new host saw it)."""
    from mailer.outbox import send_all

    cfg, store = demo
    sync(cfg, store, now=START + timedelta(hours=1))
    reminded = remind(cfg, store, now=START + timedelta(hours=2))
    assert reminded
    rep = send_all(cfg, store, now=AFTER)
    assert rep.dropped == len(reminded) and rep.sent > 0
    with store.session() as s:  # kept, «снято с очереди», with why
        assert {(o.state, o.error) for o in store.outgoing(s) if o.kind == "reminder"} == {
            ("dropped", "срок дня 1 уже прошёл: напоминание опоздало")}
        assert s.get(DayRow, 1).status == "open"


def test_imported_votes_merge_by_latest_time(demo):
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    # imported before every letter: letter votes win; Гоша and Тортилла never wrote: import counts
    import_votes(cfg, store, "voter,target\nГоша,Вишенка\nТортилла,Вишенка\nБука,Вишенка\n",
                 now=START + timedelta(minutes=1))
    rep = close_day(cfg, store, now=AFTER)
    assert rep.result.tally.voters["Гоша"] == ["Вишенка"]
    assert rep.result.tally.voters["Бука"] == ["Бармалей"]  # his letter came later


def test_a_forum_vote_not_taken_says_why(demo):
    """A fresh host (session 39): ``votes import`` listed a post whose vote it did not take
    as the bare line; it names the reason, as the player's reply would."""
    cfg, store = demo
    bad = import_votes(cfg, store, "Гоша: линч Вишенка\nБука: Линч: Вишенка и Гоша\n", now=AFTER,
                       skip_bad=True)
    assert bad.problems == ["строка 2: названо больше игроков, чем голосов: «Бука: Линч: Вишенка и Гоша»"]
    assert bad.rows == 1


def test_forum_thread_votes_and_lost_votes(demo):
    cfg, store = demo
    text = "Гоша: всем привет, голосую за Вишенку\nТортилла: линч Вишенка\nшум без ника\n"
    with pytest.raises(GameError) as failed:  # a line not understood: nothing imported
        import_votes(cfg, store, text, now=AFTER)
    assert "строка 3: не понял, чей это пост: «шум без ника»" in str(failed.value)
    assert not {p.nick for p in status(cfg, store).players if p.voted} & {"Гоша", "Тортилла"}
    rep = import_votes(cfg, store, text, now=AFTER, skip_bad=True)
    assert rep.rows == 2 and rep.problems == ["строка 3: не понял, чей это пост: «шум без ника»"]
    voted = {p.nick for p in status(cfg, store).players if p.voted}
    assert {"Гоша", "Тортилла"} <= voted
    set_event(cfg, store, "paradox", now=AFTER)  # only «Парадокс» and «Пальмы» strip votes
    assert set_lost_votes(store, ["гоша"]) == ["Гоша"]
    with pytest.raises(GameError):
        set_lost_votes(store, ["Никто"])


def test_pasted_thread_skips_the_hosts_posts_and_knows_forum_names(demo):
    """FORUM.md: the host's own accounts (``[forum].host_names``) are no players, and a
    player's ``forum_name`` is his: a paste of the thread imports as the forum reader reads it
    (it used to refuse the whole paste for «нет такого игрока «Ведущий»»)."""
    cfg, store = demo
    text = cfg.path.read_text(encoding="utf-8").replace(
        'nick = "Гоша"', 'nick = "Гоша"\nforum_name = "gosha_1999"', 1)
    cfg.path.write_text(text + '\n[forum]\nhost_names = ["Ведущий"]\n', encoding="utf-8")
    cfg = load_config(cfg.path)
    paste = "Ведущий: напоминаю, голосуем до 19:30\ngosha_1999: голосую за Вишенку\n"
    rep = import_votes(cfg, store, paste, now=AFTER)
    assert (rep.rows, rep.problems) == (1, [])
    assert {p.nick for p in status(cfg, store).players if p.voted} >= {"Гоша"}
    words = import_posts(cfg, store, paste)
    assert (words.rows, words.problems) == (1, [])


def test_palms_words_found_in_any_form():
    assert palms_words("Да, вас я понял, но нам не по пути. Кошка спит.") == ["да", "вас", "я", "нам", "не"]


@pytest.mark.sqlite_only
def test_posts_give_word_counts(demo):
    cfg, store = demo
    rep = import_posts(cfg, store, "Бука: раз два три\nБука: четыре\nГоша,70\n")
    assert rep.rows == 2 and rep.problems == []


@pytest.mark.sqlite_only
def test_cli_inbox_json_keys(demo, tmp_path):
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    result = CliRunner().invoke(main, ["--config", str(cfg.path), "inbox", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == 26
    assert all(set(r) == {"id", "message_id", "from", "nick", "subject", "received", "state", "problems"}
               for r in rows)
    assert {r["state"] for r in rows} == {"applied", "pending", "unknown_sender"}
    assert rows[0]["received"] == "2026-12-07T19:42:13+03:00"


@pytest.mark.sqlite_only
def test_newspaper_with_host_lyric(demo, tmp_path):
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    lyric = tmp_path / "lyric.txt"
    lyric.write_text("Ночь была тёмной, а утро — горьким.\n", encoding="utf-8")
    runner = CliRunner()
    plain = runner.invoke(main, ["--config", str(cfg.path), "newspaper"])
    assert plain.exit_code == 0, plain.output
    assert "Город проснулся" in plain.output and "Ромашка — 10: Ягуарчик" in plain.output
    bb = runner.invoke(main, ["--config", str(cfg.path), "newspaper", "--day", "1", "--bbcode",
                              "--lyric", str(lyric)])
    assert bb.exit_code == 0, bb.output
    assert "[quote]Ночь была тёмной, а утро — горьким.[/quote]" in bb.output
    assert "[b]Ромашка[/b], [color=red]Вор (Клан 2)[/color] — повешена\n" in bb.output  # gender = "f"
    again = runner.invoke(main, ["--config", str(cfg.path), "newspaper", "--day", "1"])
    assert "Ночь была тёмной" in again.output  # the lyric is kept


@pytest.mark.sqlite_only
def test_secret_day_shows_counts_only(demo):
    cfg, store = demo

    set_event(cfg, store, "secret", now=START)
    sync(cfg, store, now=AFTER)
    rep = close_day(cfg, store, now=AFTER)
    assert "Ромашка — 10\n" in rep.newspaper
    assert "Ягуарчик, Лисичка" not in rep.newspaper


def test_changing_the_event_withdraws_its_unsent_letters(demo):
    """open-day --event after a drawn «Праздник»: the mortar letter must not go out (found by
    the 12-day e2e: a stale «you have immunity» letter reached a player on a «Ярость» day)."""
    from mailer.outbox import send_all

    cfg, store = demo

    def event_letters(*states):
        with store.session() as s:
            return [(o.to_nick, o.state) for o in store.outgoing(s, *states) if o.kind == "event"]

    row, stale = set_event(cfg, store, "holiday", now=START)
    assert row.mortar and stale == [] and event_letters() == [(row.mortar, "queued")]
    _row, stale = set_event(cfg, store, "secret", now=START)
    assert stale == [] and event_letters() == [(row.mortar, "dropped")]  # kept, with why
    row, _ = set_event(cfg, store, "holiday", now=START)
    send_all(cfg, store, now=START)
    _row, stale = set_event(cfg, store, "none", now=START)
    assert stale == [f"{row.mortar}: [{cfg.name}] Событие дня 1",  # the role letters named «Праздник»:
                     "письма с ролями, где названо прежнее событие дня 1, уже отправлены: 24; "
                     "живым игрокам поставлено в очередь письмо о новом событии: 24"]
    assert event_letters() == [(row.mortar, "dropped"), (row.mortar, "sent")] + [
        (p.nick, "queued") for p in cfg.players]


def test_changing_the_event_reads_again_the_letters_it_reads_otherwise(demo):
    """A clan kill of two sent under «Полнолуние», then the event changed: close-day reads the
    letter with the new event (the kill of two refused), so open-day --event reads it again
    at once — its sender gets a new reply saying so, and his «событие изменено» notice points
    to it instead of saying his moves stand (a fresh host's boss was told «ходы остаются в
    силе» and his clan killed nobody)."""
    from mailer.outbox import send_all
    from mailer.store import Outgoing

    cfg, store = demo
    set_event(cfg, store, "full_moon", now=START)
    send_all(cfg, store, now=START)  # the role letters name «Полнолуние»
    (cfg.path.parent / "maildir" / "new" / f"{int((START + timedelta(hours=3)).timestamp())}.M9P9.kill").write_bytes(
        "From: jaguar@example.org\r\nTo: host@example.org\r\nSubject: ночь\r\n"
        "Message-ID: <two-kills@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\nПолнолуние! Убиваем Совушку и Штирлица.\r\n".encode())
    sync(cfg, store, now=START + timedelta(hours=4))

    def replies():
        with store.session() as s:
            return [(o.state, o.body) for o in s.exec(select(Outgoing).where(
                Outgoing.kind == "reply", Outgoing.to_nick == "Ягуарчик"))]

    told = [body for state, body in replies() if state == "queued"]
    assert len(told) == 1 and "Убийство от клана: Совушка и Штирлиц" in told[0]
    _row, lines = set_event(cfg, store, "none", now=START + timedelta(hours=5))
    assert any(line.startswith("письма дня, которые с новым событием читаются иначе, прочитаны заново: ")
               for line in lines), lines
    now_told = [body for state, body in replies() if state == "queued"]
    assert len(now_told) == 1 and "можно назвать только одного игрока: «Убиваем Совушку и Штирлица»" in now_told[0]
    with store.session() as s:
        notices = {o.to_nick: " ".join(o.body.split()) for o in s.exec(select(Outgoing).where(
            Outgoing.kind == "event", Outgoing.ref.startswith("event-changed:")))}
    assert "ваши письма этого дня прочитаны заново" in notices["Ягуарчик"]
    assert not any("прочитаны заново" in body for nick, body in notices.items() if nick != "Ягуарчик")


def test_changing_next_event_renders_newspaper_and_unsent_results_again(demo):
    """close-day announces the drawn event of the next day; open-day --event must not leave
    the newspaper and the result letters announcing the old one (found by the 12-day e2e)."""
    from mailer.outbox import send_all
    from engine.reasons import EVENTS_RU as EVENT_NAMES_RU
    from mailer.store import Outgoing

    cfg, store = demo
    sync(cfg, store, now=AFTER)
    rep = close_day(cfg, store, now=AFTER)
    with store.session() as s:
        drawn = s.get(DayRow, 2).event
    new = "paradox" if drawn != "paradox" else "secret"
    assert f"событие «{EVENT_NAMES_RU[drawn]}»" in rep.newspaper
    _row, stale = set_event(cfg, store, new, now=AFTER)
    assert stale == []
    with store.session() as s:
        paper = s.get(DayRow, 1).newspaper
        results = [o.body for o in s.exec(select(Outgoing).where(Outgoing.kind == "result"))]
    assert f"День 2, событие «{EVENT_NAMES_RU[new]}»" in paper
    from mailer.render import event_told  # the newspaper tells what the event means

    # (the newspaper's lines are wrapped at 80 characters, so compare the words)
    assert " ".join(paper.split()).replace(event_told(new), event_told(drawn)) == \
        " ".join(rep.newspaper.split())
    living = [b for b in results if "Спасибо за игру!" not in b]
    assert living and all(f"событие «{EVENT_NAMES_RU[new]}»" in b for b in living)
    send_all(cfg, store, now=AFTER)
    _row, stale = set_event(cfg, store, "none", now=AFTER)
    alive = [p.nick for p in status(cfg, store).players if p.alive]
    assert stale == [f"итоги дня 1: с прежним событием дня 2 уже отправлено писем: {len(living)}; "
                     f"живым игрокам поставлено в очередь письмо о новом событии: {len(alive)}"]
    with store.session() as s:  # the players were told the old event: each living one is told again
        told = {o.to_nick: o.body for o in s.exec(select(Outgoing).where(Outgoing.ref.startswith("event-changed:")))}
    assert sorted(told) == sorted(alive)
    # told naturally, never «теперь «без события»» (a fresh user's report)
    assert all(f"Ведущий отменил событие дня 2 игры «{cfg.name}», «{EVENT_NAMES_RU[new]}»: теперь день без "
               "события." in b for b in told.values())
    assert not any("«без события»" in b for b in told.values())


def test_reopened_fear_day_asks_the_new_most_voted_player(demo):
    """A «Страх» day reopened to correct votes: the old chooser's answer must not decide the
    lynch when the corrected votes make someone else the most-voted player."""
    cfg, store = demo

    set_event(cfg, store, "fear", now=START)
    sync(cfg, store, now=AFTER)
    first = close_day(cfg, store, now=AFTER)
    assert first.waiting_for
    alive = status(cfg, store).players
    other = next(p.nick for p in alive if p.alive and p.nick != first.waiting_for)
    victim = next(p.nick for p in alive if p.alive and p.nick not in (first.waiting_for, other))
    done = close_day(cfg, store, now=AFTER, fear_choice=victim)
    assert done.result.to_json()["lynched"] == [victim]
    reopen_day(cfg, store, 1)
    tally = "".join(f"{p.nick},{other}\n" for p in alive if p.alive)
    import_votes(cfg, store, tally, now=AFTER + timedelta(minutes=1))
    again = close_day(cfg, store, now=AFTER + timedelta(minutes=2))
    assert again.waiting_for == other


def test_reopened_fear_day_asks_the_new_most_voted_player_after_a_letter_choice(demo):
    """The same after an early close whose chooser answered by letter before the deadline (a
    fresh host, session 51): his «Выбираю» letter stays in the reopened day, but only the new
    most-voted player's choice decides — he is asked by letter (he was never told), and the
    old letter's choice is not read as the lynch's victim; the new one, answered for by the
    host, is told in his result letter that the host chose for him."""
    from engine.names import inflect
    from mailer.store import Outgoing

    cfg, store = demo
    set_event(cfg, store, "fear", now=START)
    early = START + timedelta(hours=20)
    sync(cfg, store, now=early)
    first = close_day(cfg, store, now=early, early=True)
    chooser = first.waiting_for
    alive = [p.nick for p in status(cfg, store).players if p.alive]
    other = next(n for n in alive if n != chooser)
    victim = next(n for n in alive if n not in (chooser, other))
    addr = next(p.emails[0] for p in cfg.players if p.nick == chooser)
    raw = (f"From: {addr}\r\nTo: host@example.org\r\nSubject: Re: Страх\r\nMessage-ID: <fear@x>\r\n"
           "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
           f"Выбираю: {victim}").encode()
    (Path(cfg.mailbox.path) / "new" / f"{int((early + timedelta(minutes=1)).timestamp())}.Mf.demo").write_bytes(raw)
    sync(cfg, store, now=early + timedelta(minutes=2))
    done = close_day(cfg, store, now=early + timedelta(minutes=3), early=True)
    assert done.result.to_json()["lynched"] == [victim]
    reopen_day(cfg, store, 1)
    import_votes(cfg, store, "".join(f"{n},{other}\n" for n in alive), now=early + timedelta(minutes=4))
    again = close_day(cfg, store, now=early + timedelta(minutes=5), early=True)
    assert again.waiting_for == other
    with store.session() as s:
        asked = [o.to_nick for o in s.exec(select(Outgoing).where(Outgoing.kind == "fear"))]
    assert other in asked
    closed = close_day(cfg, store, now=early + timedelta(minutes=6), early=True, fear_choice=victim)
    assert closed.result.to_json()["lynched"] == [victim]
    with store.session() as s:
        results = {o.to_nick: o.body for o in s.exec(select(Outgoing).where(
            Outgoing.kind == "result", Outgoing.state == "queued"))}
    said = " ".join(results[other].split())
    assert (f"«Страх»: больше всех голосов — у {inflect(other, 'gent')}; выбор {inflect(other, 'gent')}: "
            f"{victim}. Письма с вашим выбором не было, и выбор за вас сделал ведущий.") in said, said
    assert "выбор за вас сделал ведущий" not in results[chooser]
    assert f"«Страх»: больше всех голосов — у {inflect(other, 'gent')}" in results[chooser]


def test_fear_choice_is_a_player_typed_as_the_host_types_it(demo):
    """``close-day --fear-choice``: a nick in another letter case or with е for ё is that
    player; a name that is no player is refused before anything is resolved."""
    cfg, store = demo

    set_event(cfg, store, "fear", now=START)
    sync(cfg, store, now=AFTER)
    first = close_day(cfg, store, now=AFTER)
    assert first.waiting_for
    with pytest.raises(GameError, match="нет игрока «Никтоинейкто»"):
        close_day(cfg, store, now=AFTER, fear_choice="Никтоинейкто")
    with store.session() as s:
        assert s.get(DayRow, 1).status == "open"
    victim = next(p.nick for p in status(cfg, store).players
                  if p.alive and p.nick != first.waiting_for and p.nick.lower() != p.nick.upper())
    typed = victim.upper().replace("Ё", "Е")
    assert close_day(cfg, store, now=AFTER, fear_choice=typed).result.to_json()["lynched"] == [victim]


def test_fear_choice_in_a_case_form_and_the_unsent_fear_letter_dropped(demo):
    """The host answers for the chosen player as he would say it («--fear-choice Пчёлку»,
    «Кота Бегемота»): that player; and the «Страх — ваш выбор» letter close-day queued, not
    yet sent, is dropped once the day closes without it (a fresh host's chosen player got
    «решите сами, кто уходит» after the game had ended)."""
    from mailer.store import Outgoing

    cfg, store = demo
    set_event(cfg, store, "fear", now=START)
    sync(cfg, store, now=AFTER)
    first = close_day(cfg, store, now=AFTER)
    assert first.waiting_for
    with store.session() as s:
        fear = s.exec(select(Outgoing).where(Outgoing.kind == "fear")).one()
        assert (fear.to_nick, fear.state) == (first.waiting_for, "queued")
    forms = {"Пчёлка": "Пчёлку", "Кот Бегемот": "Кота Бегемота", "Маруська": "маруську", "Вишенка": "Вишенку"}
    alive = {p.nick for p in status(cfg, store).players if p.alive}
    victim = next(n for n in forms if n in alive and n != first.waiting_for)
    done = close_day(cfg, store, now=AFTER, fear_choice=forms[victim])
    assert done.result.to_json()["lynched"] == [victim]
    with store.session() as s:
        fear = s.exec(select(Outgoing).where(Outgoing.kind == "fear")).one()
        assert fear.state == "dropped"
        assert fear.error == "день 1 закрыт: выбор «Страха» сделан без этого письма"


def test_close_day_waits_for_a_running_sync(demo):
    from mailer.runlock import exclusive

    cfg, store = demo
    with exclusive(cfg.path, "sync"):
        with pytest.raises(GameError, match="уже выполняется"):
            close_day(cfg, store, now=AFTER)
    assert close_day(cfg, store, now=AFTER).day == 1


def test_close_day_fetches_the_mail_when_the_last_sync_was_before_the_deadline(demo):
    """A fresh host (s46) closed day 2 after its deadline without a sync since the afternoon:
    a letter that came before the deadline was left for the next day, and only a warning
    after the close said so. close-day now fetches the mailbox first, as --early does: the
    letter on time is the day's, the one after the deadline waits for the next day, and a
    second fetch (the next sync) stores neither again."""
    cfg, store = demo
    box = Path(cfg.mailbox.path) / "new"
    for old in box.iterdir():
        old.unlink()

    def deliver(at: datetime, sender: str, text: str, msgid: str) -> None:
        raw = (f"From: {sender}\r\nTo: host@example.org\r\nSubject: Ход\r\nMessage-ID: <{msgid}>\r\n"
               "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + text).encode()
        (box / f"{int(at.timestamp())}.M{msgid[0]}P1.demo").write_bytes(raw)

    deliver(START + timedelta(hours=1), "jaguar@example.org", "Линч: Бука", "1@early")
    sync(cfg, store, now=START + timedelta(hours=2))
    deadline = AFTER - timedelta(minutes=15)
    deliver(deadline - timedelta(minutes=10), "buka@example.net", "Линч: Вишенка", "2@ontime")
    deliver(deadline + timedelta(minutes=5), "serginio@example.net", "Линч: Бука", "3@late")
    rep = close_day(cfg, store, now=AFTER)
    assert rep.warnings == []
    with store.session() as s:
        assert [(x.message_id, x.day, x.state) for x in store.letters(s)] == [
            ("1@early", 1, "applied"), ("2@ontime", 1, "applied"), ("3@late", 2, "applied")]
    sync(cfg, store, now=AFTER + timedelta(minutes=1))
    with store.session() as s:
        assert len(store.letters(s)) == 3


def test_event_cannot_change_while_the_day_waits_for_the_fear_answer(demo):
    """During a «Страх» wait the day is still open; ``open-day --event`` would have replaced
    its event and dropped the waiting lynch. It is refused with what to do instead."""
    cfg, store = demo

    set_event(cfg, store, "fear", now=START)
    sync(cfg, store, now=AFTER)
    first = close_day(cfg, store, now=AFTER)
    assert first.waiting_for
    result = CliRunner().invoke(main, ["--config", str(cfg.path), "open-day", "--event", "full_moon"])
    assert result.exit_code != 0 and "ждёт ответа на «Страх»" in result.output
    with store.session() as s:
        row = s.get(DayRow, 1)
        assert (row.event, row.fear_chosen, row.status) == ("fear", first.waiting_for, "open")
    victim = next(p.nick for p in status(cfg, store).players if p.alive and p.nick != first.waiting_for)
    assert close_day(cfg, store, now=AFTER, fear_choice=victim).result.to_json()["lynched"] == [victim]
    row, _ = set_event(cfg, store, "full_moon", now=AFTER)  # now the next day's event
    assert (row.day, row.event) == (2, "full_moon")


@pytest.mark.sqlite_only
def test_event_named_in_russian_or_by_id(demo):
    cfg, store = demo
    from mailer.day import event_id, set_event

    assert [event_id(t) for t in ("полнолуние", "«Выбери меня!»", "full_moon", " Солнечное  затмение ",
                                  "без события", "Апелевка")] == \
        ["full_moon", "choose_me", "full_moon", "eclipse", "none", "appeal"]
    with pytest.raises(GameError, match=r"нет такого события «луна»; есть: «без события» \(none\)"):
        event_id("луна")
    row, _ = set_event(cfg, store, "Ярость", now=START)
    assert row.event == "rage"
    result = CliRunner().invoke(main, ["--config", str(cfg.path), "open-day", "--event", "Праздник"])
    assert result.exit_code == 0 and "событие «Праздник»" in result.output


@pytest.mark.sqlite_only
def test_deadline_command_reads_back_and_asks(demo, monkeypatch):
    """`deadline` prints the moment with its weekday and zone and changes it only when the
    host confirms (issue 13); `--yes` skips the question."""
    cfg, store = demo
    monkeypatch.setenv("MAFIA_MAIL_NOW", "2026-12-08T10:00:00+03:00")  # Tuesday 10:00
    args = ["--config", str(cfg.path), "deadline", "вторник 23:00"]
    out = CliRunner().invoke(main, args, input="n\n")
    assert out.exit_code == 1, out.output  # declined: nothing done (mafia-mail --help)
    assert "Новый срок: вт 08.12.2026 23:00 (МСК) (был: вт 08.12.2026 19:30 (МСК))" in out.output
    assert "Ничего не сделано: срок не изменён." in out.output
    with store.session() as s:
        assert s.get(DayRow, 1).deadline.replace(tzinfo=timezone.utc) == datetime(2026, 12, 8, 16, 30, tzinfo=timezone.utc)
    out = CliRunner().invoke(main, args, input="может быть\nнет\n")  # asked again, then «нет»
    assert out.exit_code == 1 and "ответьте «да» или «нет»" in out.output, out.output
    assert "Ничего не сделано: срок не изменён." in out.output
    out = CliRunner().invoke(main, args, input="да\n")
    assert out.exit_code == 0 and "Срок перенесён." in out.output, out.output
    with store.session() as s:
        assert s.get(DayRow, 1).deadline.replace(tzinfo=timezone.utc) == datetime(2026, 12, 8, 20, 0, tzinfo=timezone.utc)
    out = CliRunner().invoke(main, [*args[:3], "завтра в 19 часов", "--yes"])
    assert out.exit_code == 0, out.output
    assert out.output == ("Новый срок: ср 09.12.2026 19:00 (МСК) (был: вт 08.12.2026 23:00 (МСК))\n"
                          "Срок перенесён.\n")
    with store.session() as s:
        assert s.get(DayRow, 1).deadline.replace(tzinfo=timezone.utc) == datetime(2026, 12, 9, 16, 0, tzinfo=timezone.utc)
    out = CliRunner().invoke(main, [*args[:3], "завтра"])
    assert out.exit_code != 0 and "нет времени суток" in out.output


def test_reopened_day_letters_say_they_replace_the_sent_ones(demo):
    """reopen-day after the result letters went out: the corrected letters say so in the
    subject («… (исправлено)») and in their first line; a player whose letter came out the same
    gets none again."""
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    with store.session() as s:
        for out in store.outgoing(s):
            if out.kind == "result":
                out.state = "sent"
                s.add(out)
    sent = reopen_day(cfg, store, 1)
    assert len(sent) == 24
    # closed again with nothing changed: the players have these very letters (fresh user 24
    # got 21 «исправлено» letters the same as the sent ones)
    again = close_day(cfg, store, now=AFTER)
    assert (again.letters, again.unchanged) == (0, 24)
    reopen_day(cfg, store, 1)
    # Гоша and Тортилла sent no vote: now their votes from the thread count (no autokill point)
    import_votes(cfg, store, "voter,target\nГоша,Вишенка\nТортилла,Вишенка\n", now=AFTER)
    changed = close_day(cfg, store, now=AFTER)
    assert changed.letters + changed.unchanged == 24 and changed.letters > 0, (changed.letters, changed.unchanged)
    with store.session() as s:
        fresh = [o for o in store.outgoing(s) if o.kind == "result" and o.state == "queued"]
    assert len(fresh) == changed.letters
    assert {"Гоша", "Тортилла"} <= {o.to_nick for o in fresh}, sorted(o.to_nick for o in fresh)
    gosha = next(o for o in fresh if o.to_nick == "Гоша")
    assert gosha.subject == f"[{cfg.name}] Итоги дня 1 (исправлено)"
    assert gosha.body.splitlines()[0] == ("Исправленные итоги дня 1: это письмо заменяет прежнее "
                                         "письмо с итогами дня 1.")
    # what changed, in the same first paragraph (a fresh host: the corrected letters did not
    # say it): his autokill point for no vote is gone, his vote from the thread came
    head = gosha.body.split("\n\n", 1)[0].splitlines()[1:]
    assert head and all(line.startswith(("Было: «", "Стало: «")) for line in head), head
    assert any(line.startswith("Было: «Штрафное очко автокилла") for line in head), head
    assert any(line.startswith("Стало: «") and "Вишенк" in line for line in head), head
    assert not any(line.endswith(":»") for line in head), head  # (no heading as a change)


def test_export_carries_the_outcome_so_an_edited_export_fails_the_check(demo, tmp_path):
    """export writes each day's outcome as [turn.expect] (dead, lynched, winner): replay
    --check of the export passes, and of an export with one move edited fails."""
    from click.testing import CliRunner

    from mailer.cli import main

    cfg, store = demo
    sync(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    text = export_game(cfg, store)
    assert ('[turn.expect]\ndead = ["Ромашка", "Тортилла", "Шершень"]\nlynched = ["Ромашка"]\n'
            'winner = "none"\n') in text
    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text(text, encoding="utf-8")
    assert "Убиваю Шершня" in text
    bad.write_text(text.replace("Убиваю Шершня", "Убиваю Ёжика"), encoding="utf-8")
    runner = CliRunner()
    ok = runner.invoke(main, ["replay", str(good), "--check"])
    assert ok.exit_code == 0, ok.output
    failed = runner.invoke(main, ["replay", str(bad), "--check"])
    assert failed.exit_code == 1
    assert "день 1, dead" in failed.output


def test_host_tools_by_the_cli(demo, tmp_path):
    """votes/posts import: bad lines listed with their numbers, exit 1, nothing imported (the
    earlier word counts kept) unless --skip-bad; status marks players stripped of their vote;
    inbox --json rows carry id, nick, subject; inbox --done takes letters off the attention
    count."""
    from click.testing import CliRunner

    from mailer.cli import main
    from mailer.store import DayInput

    cfg, store = demo
    sync(cfg, store, now=START + timedelta(hours=1))
    run = lambda *args: CliRunner().invoke(main, ["--config", str(cfg.path), *args])  # noqa: E731
    posts = tmp_path / "posts.txt"
    posts.write_text("Бука: раз два три\nГоша,70\n", encoding="utf-8")
    assert run("posts", "import", str(posts)).exit_code == 0
    posts.write_text("Бука: раз два\nНезнакомец: привет всем\nбез двоеточия\n", encoding="utf-8")
    failed = run("posts", "import", str(posts))
    assert failed.exit_code == 1
    assert "строка 2: нет такого игрока «Незнакомец»" in failed.output
    assert "строка 3: не понял, чей это пост: «без двоеточия»" in failed.output
    assert "ничего не загружено" in failed.output

    def words() -> dict:
        with store.session() as s:
            return {i.nick: loads(i.value_json) for i in s.exec(select(DayInput).where(DayInput.kind == "words"))}

    assert words() == {"Бука": 3, "Гоша": 70}  # the failed import changed nothing
    skipped = run("posts", "import", "--skip-bad", str(posts))
    assert skipped.exit_code == 1 and "строка 2: нет такого игрока «Незнакомец»" in skipped.output
    assert words() == {"Бука": 2, "Гоша": 70}
    votes = tmp_path / "votes.csv"
    votes.write_text("Гоша,Вишенка\nКто-то,Вишенка\n", encoding="utf-8")
    bad_votes = run("votes", "import", str(votes))
    assert bad_votes.exit_code == 1 and "строка 2: не понял «Кто-то,Вишенка»" in bad_votes.output
    # a typo of a nick: the line names it and the nearest nick
    votes.write_text("Гоша,Вишенка\nБука,Вишенко\n", encoding="utf-8")
    typo = run("votes", "import", str(votes))
    assert typo.exit_code == 1 and ("строка 2: не понял «Бука,Вишенко»; нет такого игрока «Вишенко» "
                                    "(может быть, «Вишенка»?)") in typo.output
    assert run("open-day", "--event", "Парадокс", "--yes").exit_code == 0  # the day has moves: asked without --yes
    lost = run("lost-vote", "Бармалеи")
    assert lost.exit_code == 1 and "нет игрока «Бармалеи» (может быть, «Бармалей»?)" in lost.output
    assert {p.nick for p in status(cfg, store).players if p.voted} & {"Гоша"} == set()
    assert run("lost-vote", "Бука").exit_code == 0
    shown = run("status")
    assert shown.exit_code == 0 and "Лишены голоса сегодня: Бука" in shown.output
    assert [p.lost_vote for p in status(cfg, store).players if p.nick == "Бука"] == [True]
    rows = json.loads(run("inbox", "--json").output)
    stranger = next(r for r in rows if r["state"] == "unknown_sender")
    assert stranger["nick"] is None and stranger["subject"] and isinstance(stranger["id"], int)
    buka = next(r for r in rows if r["nick"] == "Бука")
    assert run("show", str(buka["id"])).exit_code == 0
    assert status(cfg, store).attention == 1
    done = run("inbox", "--done", str(stranger["id"]))
    assert done.exit_code == 0 and f"Отмечено как разобранное: {stranger['id']}" in done.output
    assert status(cfg, store).attention == 0
    assert "писем для внимания ведущего: 0" in run("status").output
    assert run("inbox", "--done", "99999").exit_code == 1


def test_inbox_lists_the_letters_asked_for_and_show_names_a_repeat(demo):
    """``inbox 3 5`` lists just those letters (an unknown number is an error naming it);
    ``show`` of a second delivery names the letter it repeats instead of «не игрок»."""
    cfg, store = demo
    maildir = cfg.path.parent / "maildir"
    first = sorted((maildir / "new").iterdir())[0]
    sync(cfg, store, now=START + timedelta(hours=2))
    (maildir / "new" / "9999999999.M1P1.again").write_bytes(first.read_bytes())
    sync(cfg, store, now=START + timedelta(hours=3))
    run = lambda *args: CliRunner().invoke(main, ["--config", str(cfg.path), *args])  # noqa: E731
    rows = json.loads(run("inbox", "--json").output)
    repeat = next(r for r in rows if r["state"] == "duplicate")
    original = next(r for r in rows if r["state"] != "duplicate" and r["message_id"] == repeat["message_id"])
    shown = run("show", str(repeat["id"]))
    assert shown.exit_code == 0
    assert f"(повтор письма {original['id']})" in shown.output and "не игрок" not in shown.output
    listed = json.loads(run("inbox", "--json", str(original["id"]), str(repeat["id"])).output)
    assert [r["id"] for r in listed] == sorted([original["id"], repeat["id"]])
    missing = run("inbox", str(original["id"]), "99999")
    assert missing.exit_code == 1 and "писем с номерами 99999 нет" in missing.output


def test_moved_deadline_rewrites_unsent_letters_and_tells_the_living(demo):
    """`deadline` (issue 12): replies and reminders still queued that state the old deadline
    state the new one, a sent letter is left as sent, the last newspaper announces the new
    deadline, and every living player gets a short letter, queued like the others."""
    cfg, store = demo
    sync(cfg, store, now=START + timedelta(hours=2))
    remind(cfg, store, now=START + timedelta(hours=3))
    old_text, new_text = "08.12.2026 19:30 (МСК)", "08.12.2026 21:30 (МСК)"
    with store.session() as s:
        rows = store.outgoing(s)
        sent = next(r for r in rows if r.kind == "reply")
        sent.state = "sent"
        s.add(sent)
    kinds = {r.kind for r in rows if old_text in r.body}
    assert {"reply", "reminder", "role"} <= kinds
    now = START + timedelta(hours=4)
    assert set_deadline(cfg, store, "2026-12-08 21:30", now=now, dry_run=True) == \
        datetime(2026, 12, 8, 18, 30, tzinfo=timezone.utc)
    with store.session() as s:
        assert [r.body for r in store.outgoing(s)] == [r.body for r in rows]  # a dry run changes nothing
    set_deadline(cfg, store, "2026-12-08 21:30", now=now)
    with store.session() as s:
        after = {r.id: r for r in store.outgoing(s)}
    assert after[sent.id].body == sent.body and old_text in sent.body  # sent: not rewritten
    # the demo's letter of 19:34 is on time for 21:30: its «counts for day 2» notice is gone
    dropped = [r for r in rows if r.ref.startswith("next_day:")]
    assert len(dropped) == 1 and after[dropped[0].id].state == "dropped"  # kept, with why
    for r in rows:
        if r.id != sent.id and old_text in r.body and r not in dropped and r.state != "dropped":
            assert after[r.id].body == r.body.replace(old_text, new_text)
            assert old_text not in after[r.id].body
    notices = [r for r in after.values() if r.kind == "deadline"]
    assert sorted(r.to_nick for r in notices) == sorted(p.nick for p in cfg.players)  # all alive on day 1
    buka = next(r for r in notices if r.to_nick == "Бука")
    assert buka.state == "queued" and buka.subject == f"[{cfg.name}] Новый срок дня 1"
    assert buka.body == (
        "Здравствуйте, Бука!\n\n"
        f"Срок дня 1 игры «{cfg.name}» перенесён: приём ходов — до {new_text}; "
        f"прежний срок — {old_text}.\n"
        "Ходы, которые вы уже прислали, остаются в силе; изменить их можно до нового срока.\n\n"
        "— Ведущий\n")
    # moved again: the unsent notices of the first move are replaced, one letter a player
    set_deadline(cfg, store, "2026-12-08 22:00", now=now)
    with store.session() as s:
        notices = [r for r in store.outgoing(s) if r.kind == "deadline" and r.state != "dropped"]
    assert len(notices) == len(cfg.players)  # (the replaced ones kept, «снято с очереди»)
    # the players never received 21:30 (its notices were not sent): the old deadline they know
    assert all("до 08.12.2026 22:00 (МСК); прежний срок — 08.12.2026 19:30 (МСК)"
               in r.body for r in notices)
    # moved back to the deadline they know: nothing to tell, and no notice left
    set_deadline(cfg, store, "2026-12-08 19:30", now=now)
    with store.session() as s:
        assert [r for r in store.outgoing(s) if r.kind == "deadline" and r.state != "dropped"] == []
        assert not any("22:00 (МСК)" in r.body for r in store.outgoing(s) if r.state == "queued")


def test_close_day_drops_the_unsent_notices_of_its_moved_deadline(demo):
    """The day's deadline moved and the day closed before ``send``: its «новый срок» letters
    would tell the players a deadline of a day already over; they go off the queue, the day
    after's stay."""
    cfg, store = demo
    now = START + timedelta(hours=4)
    set_deadline(cfg, store, "2026-12-08 21:30", now=now)
    with store.session() as s:
        assert len([r for r in store.outgoing(s) if r.kind == "deadline"]) == len(cfg.players)
    sync(cfg, store, now=AFTER)
    rep = close_day(cfg, store, now=datetime(2026, 12, 8, 18, 31, tzinfo=timezone.utc))
    with store.session() as s:  # kept, «снято с очереди», with why
        assert {(r.state, r.error) for r in store.outgoing(s) if r.kind == "deadline"} == {("dropped", "день 1 закрыт")}
    set_deadline(cfg, store, "2026-12-09 23:00", now=AFTER)  # day 2's: told to the living
    dead = {d["player"] for d in rep.result.to_json()["deaths"]}
    with store.session() as s:
        told = {r.to_nick for r in store.outgoing(s) if r.kind == "deadline" and r.day == 2}
    assert told == {p.nick for p in cfg.players} - dead


def test_moved_deadline_of_day_two_rewrites_the_newspaper_and_results(demo):
    """Day 2's deadline moved before the results of day 1 went out: the queued result
    letters and the stored newspaper announce the new deadline; the dead are not told."""
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    rep = close_day(cfg, store, now=AFTER)
    dead = {d["player"] for d in rep.result.to_json()["deaths"]}
    old_text = "09.12.2026 19:30 (МСК)"
    assert old_text in rep.newspaper
    set_deadline(cfg, store, "2026-12-09 23:00", now=AFTER)
    new_text = "09.12.2026 23:00 (МСК)"
    text, bbcode = newspaper(cfg, store, 1)
    assert new_text in text and new_text in bbcode and old_text not in text + bbcode
    with store.session() as s:
        rows = store.outgoing(s)
    results = [r for r in rows if r.kind == "result"]
    assert results and not any(old_text in r.body for r in results)
    assert any(new_text in r.body for r in results)
    told = {r.to_nick for r in rows if r.kind == "deadline"}
    assert told == {p.nick for p in cfg.players} - dead and dead


def test_explain_without_a_day_is_the_last_closed_one(demo):
    cfg, store = demo
    with pytest.raises(GameError, match="ещё ни один день не закрыт"):
        explain_day(store)
    result = CliRunner().invoke(main, ["--config", str(cfg.path), "explain"])
    assert result.exit_code == 1 and "Ошибка: ещё ни один день не закрыт" in result.output
    sync(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    assert explain_day(store) == explain_day(store, 1)
    result = CliRunner().invoke(main, ["--config", str(cfg.path), "explain"])
    assert result.exit_code == 0 and result.output == explain_day(store, 1) + "\n"


def _no_mail(cfg) -> None:
    """Empty the demo's Maildir: a test of the host's own inputs (imported votes) closes the
    day with no letter, as close-day would read the demo's letters on time first."""
    for sub in ("new", "cur"):
        for path in (Path(cfg.mailbox.path) / sub).iterdir():
            path.unlink()


def test_lost_vote_refuses_a_dead_player(demo):
    cfg, store = demo
    _no_mail(cfg)
    players = [p.nick for p in status(cfg, store).players]
    import_votes(cfg, store, "".join(f"{n},Вишенка\n" for n in players if n != "Вишенка"),
                 now=START + timedelta(minutes=1))
    assert close_day(cfg, store, now=AFTER).result.lynched == ["Вишенка"]
    set_event(cfg, store, "paradox", now=AFTER)
    with pytest.raises(GameError, match="Вишенка уже не в игре"):
        set_lost_votes(store, ["вишенка"])
    assert set_lost_votes(store, ["Гоша"]) == ["Гоша"]


def test_lost_votes_only_under_paradox_or_palms_and_given_back_when_the_event_changes(demo):
    """DECISIONS.md §6: only «Парадокс» and «Пальмы цветут» strip a vote. ``lost-vote`` on
    another day is refused; a vote stripped under «Парадокс» comes back when the host changes
    the day's event to one that strips none (a trial: it stayed under «Страх» and the
    explanation said the vote failed because the player was stripped of it)."""
    cfg, store = demo
    with pytest.raises(GameError, match="лишить голоса можно только в день «Парадокс» или "
                                        "«Пальмы цветут»; день 1 — без события"):
        set_lost_votes(store, ["Гоша"])
    set_event(cfg, store, "paradox", now=START)
    assert set_lost_votes(store, ["Гоша"]) == ["Гоша"]
    assert [p.nick for p in status(cfg, store).players if p.lost_vote] == ["Гоша"]
    _, lines = set_event(cfg, store, "palms", now=START)  # «Пальмы» strip votes too: kept
    assert not any("лишение голоса снято" in line for line in lines)
    _, lines = set_event(cfg, store, "fear", now=START)
    assert "лишение голоса снято (новое событие его не даёт): Гоша" in lines
    assert [p.nick for p in status(cfg, store).players if p.lost_vote] == []


def test_votes_file_in_cp1251_and_utf8_bom_imported(demo, tmp_path):
    """A votes file saved by an old Windows editor (cp1251) or with a UTF-8 BOM is read, not
    a traceback."""
    from click.testing import CliRunner

    from mailer.cli import main

    cfg, store = demo
    for name, data in (("cp.csv", "voter,target\nГоша,Вишенка\n".encode("cp1251")),
                       ("bom.csv", "\ufeffvoter,target\nБука,Вишенка\n".encode("utf-8"))):
        (tmp_path / name).write_bytes(data)
        out = CliRunner().invoke(main, ["--config", str(cfg.path), "votes", "import", str(tmp_path / name)])
        assert out.exit_code == 0, out.output
        assert "Голосов загружено: 1" in out.output
    voted = {p.nick for p in status(cfg, store).players if p.voted}
    assert {"Гоша", "Бука"} <= voted


def test_demo_into_a_used_folder_is_a_russian_error(tmp_path):
    from click.testing import CliRunner

    from mailer.cli import main

    folder = tmp_path / "d"
    first = CliRunner().invoke(main, ["demo", "--keep", str(folder)])
    assert first.exit_code == 0
    # the demo's late letter waits for day 2, and the sync line says why it waits
    assert "ждут обработки — 1 (пришли после срока приёма: войдут в следующий день)" in first.output
    out = CliRunner().invoke(main, ["demo", "--keep", str(folder)])
    assert out.exit_code == 1 and "Traceback" not in out.output
    assert f"Ошибка: в {folder} уже есть демо-игра" in out.output


def test_member_is_told_the_move_his_boss_made_for_him(demo):
    """DECISIONS.md §4 Boss (c): the guard left his move to the boss, whose order for him was
    carried out; the guard's result letter says what was done in his name, the boss's letter
    tells it as his order, and nobody else hears of it."""
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    with store.session() as s:
        results = {r.to_nick: r.body for r in store.outgoing(s) if r.kind == "result"}
    assert "Ход за вас по приказу Босса:\n  - Охрана: Кот Бегемот — выполнена.\n" in results["Serginio"]
    # named as his reply named it, the outcome agreeing with «Охрана» (not «выполнено»)
    assert "  - Охрана за Serginio (охранник): Кот Бегемот — выполнена.\n" in results["Кот Бегемот"]
    assert [n for n, body in results.items() if "по приказу Босса" in body] == ["Serginio"]


def test_a_small_roster_is_dealt_its_bosses_first(tmp_path):
    """A trial game of 8 players without roles in the config: the random deal gives both
    bosses, the detective and the doctor (the standard deal's first roles for a small game),
    never a clan without its boss; the same seed deals the same roles, another seed deals
    them to other players; a config that names a clan member gets that clan's boss too."""
    from collections import Counter

    from e2e_config import folder_sections
    from mailer.day.open import SMALL_DEAL_ORDER, deal_roles

    def config(seed: int, roles: dict[str, str]):
        players = "".join(f'\n[[player]]\nnick = "P{i}"\nemail = "p{i}@example.org"\n'
                          + (f'role = "{roles[f"P{i}"]}"\n' if f"P{i}" in roles else "") for i in range(8))
        path = tmp_path / f"g{seed}{len(roles)}.toml"
        path.write_text(f'[game]\nname = "Проба"\nstart = "2026-12-07 19:30"\nseed = {seed}\n'
                        f'database = "g.db"\n{players}' + folder_sections(), encoding="utf-8")
        return load_config(path)

    first, again, other = (deal_roles(config(s, {})) for s in (1, 1, 2))
    assert Counter(first.values()) == Counter(SMALL_DEAL_ORDER[:8]) == Counter(
        {"clan1.boss": 1, "clan2.boss": 1, "detective": 1, "doctor": 1, "civilian": 2, "hostess": 1, "maniac": 1})
    assert first == again and first != other
    named = deal_roles(config(3, {"P0": "clan1.thief", "P1": "clan1.guard"}))
    roles = Counter(named.values())
    assert roles["clan1.boss"] == roles["clan1.thief"] == roles["clan1.guard"] == 1
    assert sum(roles.values()) == 8 and all(r.split(".")[0] in ("clan1", "clan2") or "." not in r for r in roles)


def test_init_queues_the_role_letters_before_the_days_event_letters(tmp_path):
    """«Праздник» on day 1: the mortar holder's event letter is queued after every role
    letter, so a player reads his role before what he got today."""
    from mailer.store import Store

    path = copy_demo(tmp_path / "game")
    cfg = load_config(path)
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(minutes=5), event="holiday")
        with store.session() as s:
            kinds = [o.kind for o in store.outgoing(s)]
    finally:
        store.dispose()
    assert kinds.count("event") == 1 and kinds.count("role") == len(cfg.players)
    assert kinds.index("event") > max(i for i, k in enumerate(kinds) if k == "role")


def test_result_letter_tells_a_new_autokill_point(demo):
    """DECISIONS.md §7: a player who got an autokill point (no vote) is told so in his result
    letter, with his count and the limit; a player who voted is not."""
    cfg, store = demo
    _no_mail(cfg)
    import_votes(cfg, store, "voter,target\nГоша,Вишенка\n", now=START + timedelta(minutes=1))
    close_day(cfg, store, now=AFTER)
    with store.session() as s:
        letters = {o.to_nick: o.body for o in store.outgoing(s) if o.kind == "result"}
    assert "Штрафное очко автокилла" not in letters["Гоша"]
    assert "Очков теперь 1 из 3; при 3 вы выбываете." in letters["Бука"]  # sent nothing


def test_role_letters_name_day_1s_event(tmp_path):
    """The role letter is the players' first word of day 1: it names the day's event with what
    it changes, or says there is none; open-day --event before the roles are sent renders the
    queued role letters again; after they were sent, every living player is told of the change."""
    from mailer.outbox import send_all
    from mailer.store import Outgoing

    cfg = load_config(copy_demo(tmp_path / "game"))
    store = Store(cfg.database_url)

    def roles():
        with store.session() as s:
            return {o.to_nick: o.body for o in s.exec(select(Outgoing).where(Outgoing.kind == "role"))}

    try:
        init_game(cfg, store, now=START - timedelta(minutes=5), event="rage")
        letters = roles()
        assert len(letters) == 24 and all(
            "День 1, событие «Ярость»: у каждого два голоса, повешены двое, набравшие больше всех. "
            "Ходы — до 08.12.2026 19:30 (МСК)." in body for body in letters.values())
        set_event(cfg, store, "none", now=START)
        assert all("День 1 — без события. Ходы — до 08.12.2026 19:30 (МСК)." in body
                   and "Ярость" not in body for body in roles().values())
        send_all(cfg, store, now=START)
        _row, told = set_event(cfg, store, "full_moon", now=START)
        assert told == ["письма с ролями, где названо прежнее событие дня 1, уже отправлены: 24; "
                        "живым игрокам поставлено в очередь письмо о новом событии: 24"]
        with store.session() as s:
            changed = [o.body for o in s.exec(select(Outgoing).where(Outgoing.ref.startswith("event-changed:1:none:full_moon:")))]
        assert len(changed) == 24 and all("«Полнолуние»" in b for b in changed)
    finally:
        store.dispose()


def test_early_close_of_a_day_opened_by_an_early_close(demo):
    """Day 1 closed early at 22:30; day 2 begins for the players at once (their letters count
    for it), so once a move came for it the host may close it early too, before its calendar
    start (08.12 19:30); a repeated close-day --early with nothing sent for day 2 is still
    refused, and a letter after day 2's early close counts for day 3."""
    cfg, store = demo
    box = Path(cfg.mailbox.path) / "new"
    for old in box.iterdir():
        old.unlink()

    def deliver(at: datetime, text: str, msgid: str) -> None:
        raw = (f"From: jaguar@example.org\r\nTo: host@example.org\r\nSubject: Ход\r\nMessage-ID: <{msgid}>\r\n"
               "Date: Mon, 07 Dec 2026 23:30:00 +0300\r\nMIME-Version: 1.0\r\n"
               f"Content-Type: text/plain; charset=utf-8\r\n\r\n{text}").encode()
        (box / f"{int(at.timestamp())}.M{msgid[0]}P1.demo").write_bytes(raw)

    close_day(cfg, store, now=START + timedelta(hours=3), early=True)
    with pytest.raises(GameError, match="день 2 начинается только 08.12.2026 19:30"):
        close_day(cfg, store, now=START + timedelta(hours=3, minutes=1), early=True)
    deliver(START + timedelta(hours=4), "Линч: Бука", "1@day2")
    sync(cfg, store, now=START + timedelta(hours=4, minutes=1))
    rep = close_day(cfg, store, now=START + timedelta(hours=5), early=True)
    assert rep.day == 2 and rep.result is not None
    with store.session() as s:
        assert [r.status for r in s.exec(select(DayRow).order_by(DayRow.day))] == ["closed", "closed", "open"]
    deliver(START + timedelta(hours=6), "Линч: Вишенка", "2@day3")
    sync(cfg, store, now=START + timedelta(hours=6, minutes=1))
    with store.session() as s:
        assert [(x.message_id, x.day, x.state) for x in store.letters(s)] == [
            ("1@day2", 2, "applied"), ("2@day3", 3, "applied")]


@pytest.mark.sqlite_only
def test_explain_agrees_with_the_gender_the_config_gives(tmp_path):
    """explain: a player whose gender the config gives is told of in agreement («Шершень …:
    убит Маньяком», «Любашка: обворована», «Ромашка …: повешена», «Бука: вылечен»); the
    others keep the forms for either gender («Тортилла …: убит(а) мирной охотой»). The demo's
    config gives every player's gender (a fresh-user check: its explain read «(а)»); here two
    players' genders are taken out of it."""
    path = copy_demo(tmp_path / "game")
    text = path.read_text(encoding="utf-8")
    for nick, gender in (("Тортилла", "f"), ("Карлсон", "m")):
        assert f'nick = "{nick}"\ngender = "{gender}"\n' in text
        text = text.replace(f'nick = "{nick}"\ngender = "{gender}"\n', f'nick = "{nick}"\n')
    path.write_text(text, encoding="utf-8")
    notes, _paper = _demo_day_one(load_config(path))
    assert "  • Ромашка (Вор, Клан 2): повешена\n" in notes
    assert "  • Шершень (Охранник, Клан 1): убит Маньяком\n" in notes
    assert "  • Тортилла (Индеец, Клан 2): убит(а) мирной охотой\n" in notes
    assert "  • Любашка: обворована\n" in notes and "  • Бука: вылечен\n" in notes
    assert "  • Миралисса: в гостях у Шизика, обречена (Шизик)\n" in notes
    assert "  • Карлсон: избит(а)\n" in notes
    assert "  Любашка (Стерва) — письмо 17:\n    • приглашение → Darkwing — не удалось: сама обворована\n" in notes
    assert "  Карлсон (Мирный) — письмо 18:\n    • мирная охота → Тортилла — не удалось: сам(а) избит(а)\n" in notes


@pytest.mark.sqlite_only
def test_the_demos_explain_agrees_with_every_players_gender(tmp_path):
    """The demo's config gives each player's gender, so its explain, newspaper and letters use
    the forms of that gender: no «(а)» in explain, «Повешена: Ромашка.» in the newspaper."""
    cfg = load_config(copy_demo(tmp_path / "game"))
    assert all(p.gender in ("m", "f") for p in cfg.players)
    notes, paper = _demo_day_one(cfg)
    assert "(а)" not in notes and "(ла)" not in notes
    assert "  • Карлсон: избит\n" in notes and "  • Тортилла (Индеец, Клан 2): убита мирной охотой\n" in notes
    assert "  Вишенка (Мирная) — письмо 15:\n    • мирная охота → Тортилла — выполнено\n" in notes
    assert "Повешена: Ромашка.\n" in paper
    assert "  - Тортилла, Индеец (Клан 2) — убита мирной охотой\n" in paper


def _demo_day_one(cfg) -> tuple[str, str]:
    """The demo game of ``cfg`` played through day 1 (roles, the bundled letters, close-day):
    day 1's explain notes and newspaper text."""
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(minutes=5), event="none")
        sync(cfg, store, now=AFTER)
        close_day(cfg, store, now=AFTER)
        notes = explain_day(store, 1)
        paper, _bb = newspaper(cfg, store, 1)
    finally:
        store.dispose()
    return notes, paper


def test_day_opened_by_an_early_close_after_a_moved_deadline_began_at_that_close(demo):
    """Day 2's deadline moved to 10.12 19:30, then day 2 closed early on 08.12 20:00: day 3
    began at that close (DECISIONS.md §2; a letter after it is day 3's), not at day 2's moved
    deadline, so ``deadline`` takes a day-3 deadline before 10.12 19:30; one before that close
    is refused with an example that is itself accepted."""
    cfg, store = demo
    sync(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    day2_now = START + timedelta(days=1, hours=1)  # 08.12 20:30 Moscow
    set_deadline(cfg, store, "10.12.2026 19:30", now=day2_now)
    closed = START + timedelta(days=1, hours=1, minutes=30)
    rep = close_day(cfg, store, now=closed, early=True)
    assert rep.day == 2 and rep.next_deadline == datetime(2026, 12, 10, 16, 30, tzinfo=timezone.utc)
    day3_now = closed + timedelta(minutes=10)
    assert set_deadline(cfg, store, "2026-12-09 19:30", now=day3_now) == \
        datetime(2026, 12, 9, 16, 30, tzinfo=timezone.utc)
    with pytest.raises(GameError, match=r"раньше начала дня 3 \(08\.12\.2026 21:00\)") as refused:
        set_deadline(cfg, store, "2026-12-08 20:45", now=START - timedelta(days=7))
    example = str(refused.value).rsplit("например ", 1)[1]
    assert set_deadline(cfg, store, example, now=day3_now, dry_run=True)


def test_open_day_event_is_safe_to_repeat_and_tells_the_event_last_set(demo):
    """Trial 12: open-day --event twice took the first run's «событие изменено» letters off
    the queue; after they were sent, setting the first event back queued nothing, so the
    players believed the day had the event of the sent notices. Each living player is told
    the current event once, against the event he was last told."""
    from engine.reasons import EVENTS_RU
    from mailer.outbox import send_all
    from mailer.store import Outgoing

    cfg, store = demo
    sync(cfg, store, now=AFTER)
    close_day(cfg, store, now=AFTER)
    with store.session() as s:
        drawn = s.get(DayRow, 2).event
    first = "full_moon" if drawn != "full_moon" else "secret"
    send_all(cfg, store, now=AFTER)  # the result letters announce the drawn event
    alive = sorted(p.nick for p in status(cfg, store).players if p.alive)

    def notices(*states):
        with store.session() as s:
            return sorted((o.to_nick, o.ref.split(":")[2], o.ref.split(":")[3], o.state)
                          for o in s.exec(select(Outgoing).where(Outgoing.ref.startswith("event-changed:")))
                          if not states or o.state in states)

    _row, lines = set_event(cfg, store, first, now=AFTER)
    assert lines[-1].endswith(f"живым игрокам поставлено в очередь письмо о новом событии: {len(alive)}")
    queued = [(n, drawn, first, "queued") for n in alive]
    assert notices() == queued
    _row, lines = set_event(cfg, store, first, now=AFTER)  # again: the same letters stay queued
    assert notices() == queued
    assert lines == [f"итоги дня 1: с прежним событием дня 2 уже отправлено писем: {len(alive)}",
                     f"письмо о новом событии дня 2 уже в очереди (не отправлено): {len(alive)}"]
    send_all(cfg, store, now=AFTER)
    # back to the drawn event: the result letters named it, but the sent notices said «first»
    _row, lines = set_event(cfg, store, drawn, now=AFTER)
    assert lines == [f"игрокам уже сообщено другое событие дня 2; живым игрокам поставлено в очередь "
                     f"письмо о новом событии: {len(alive)}"]
    assert notices("queued") == [(n, first, drawn, "queued") for n in alive]
    with store.session() as s:
        bodies = [o.body for o in s.exec(select(Outgoing).where(Outgoing.ref.startswith(f"event-changed:2:{first}:")))]
    assert len(bodies) == len(alive) and all(
        f"Прежнее событие, «{EVENTS_RU[first]}», отменено." in b and f"«{EVENTS_RU[drawn]}»" in b
        for b in bodies)
    # and to «first» again before those went out: they are taken back, nothing new is queued
    _row, lines = set_event(cfg, store, first, now=AFTER)
    assert notices("queued") == []
    assert lines[-1] == (f"неотправленные письма о смене события дня 2 сняты с очереди: {len(alive)} "
                         "(игрокам уже сообщено это событие)")


def test_open_day_asks_before_changing_the_event_of_a_day_with_moves(demo):
    """A fresh-user check: ``open-day --event`` switched a «Ярость» day with letters already
    read at once (their two-vote ballots then did not count). With accepted moves it asks
    first, as ``deadline`` does; «нет» leaves the event, «да» or ``--yes`` changes it."""
    cfg, store = demo
    set_event(cfg, store, "rage", now=START)
    sync(cfg, store, now=START + timedelta(hours=3))
    cli = ["--config", str(cfg.path), "open-day", "--event", "Полнолуние"]
    kept = CliRunner().invoke(main, cli, input="нет\n")
    assert kept.exit_code == 1, kept.output
    assert kept.output.startswith("День 1: сейчас событие «Ярость»; писем с принятыми ходами уже ")
    assert "Сменить на событие «Полнолуние»? [да/НЕТ]" in kept.output
    assert "Ничего не сделано: событие не изменено." in kept.output
    with store.session() as s:
        assert s.get(DayRow, 1).event == "rage"
    changed = CliRunner().invoke(main, [*cli, "--yes"])
    assert changed.exit_code == 0 and "Сменить" not in changed.output
    with store.session() as s:
        assert s.get(DayRow, 1).event == "full_moon"


def test_early_close_names_who_has_no_vote_or_night_move_and_asks(demo):
    """«close-day --early» with living players who have no vote or no night move yet: the
    host is told how many and who, and asked «Закрыть день досрочно?»; «нет» leaves the day
    open, «да» or --yes closes it (the warning then still shown)."""
    from engine.state import GameState
    from mailer.reports import early_close_gaps
    from mailer.store import Game

    cfg, store = demo
    early = START + timedelta(hours=3)
    env = {"MAFIA_MAIL_NOW": early.isoformat()}
    sync(cfg, store, now=early)
    day, no_vote, no_night = early_close_gaps(cfg, store, early)
    assert day == 1 and no_vote and no_night
    with store.session() as s:
        state = GameState.from_json(loads(s.get(Game, 1).state_json))
    assert all(state.players[n].alive for n in no_vote + no_night)
    told = (f"Внимание: день 1 закрывается до срока, а нет голоса у {len(no_vote)} живых игроков: "
            f"{', '.join(no_vote)} (без голоса — штрафное очко автокилла); нет ночного хода у "
            f"{len(no_night)} игрок")
    no = CliRunner().invoke(main, ["--config", str(cfg.path), "close-day", "--early"], input="нет\n", env=env)
    assert no.exit_code == 1, no.output
    assert told in no.output and "Закрыть день досрочно? [да/НЕТ]" in no.output
    assert no.output.rstrip().endswith("Ничего не сделано: день не закрыт.")
    with store.session() as s:
        assert s.get(DayRow, 1).status == "open"
    yes = CliRunner().invoke(main, ["--config", str(cfg.path), "close-day", "--early", "--yes"], env=env)
    assert yes.exit_code == 0, yes.output
    assert told in yes.output and "Закрыть день досрочно?" not in yes.output
    assert "День 1 закрыт." in yes.output
    with store.session() as s:
        assert s.get(DayRow, 1).status == "closed"
    # after the open day's deadline (day 2's) nothing is closed early: no question
    assert early_close_gaps(cfg, store, AFTER) is not None
    assert early_close_gaps(cfg, store, START + timedelta(days=2, minutes=5)) is None


def test_lost_vote_command_lists_the_whole_day_and_can_give_a_vote_back(demo):
    """A fresh host: a second ``lost-vote`` printed only the new name though both stayed
    without a vote, and a wrong name could not be taken back."""
    cfg, store = demo
    set_event(cfg, store, "palms", now=START)
    run = lambda *args: CliRunner().invoke(main, ["--config", str(cfg.path), "lost-vote", *args],  # noqa: E731
                                           env={"MAFIA_MAIL_NOW": START.isoformat()})
    assert run("Гоша").output == "Без голоса сегодня: Гоша\n"
    assert run("тортилла").output == "Без голоса сегодня: Гоша, Тортилла\n"
    got = run("--undo", "Гоша")
    assert got.exit_code == 0 and got.output == "Голос возвращён: Гоша\nБез голоса сегодня: Тортилла\n"
    assert [p.nick for p in status(cfg, store).players if p.lost_vote] == ["Тортилла"]
    got = run("--undo", "Гоша")
    assert got.exit_code != 0 and "Гоша голоса сегодня не лишён: возвращать нечего" in got.output
    assert run("--undo", "Тортилла").output == "Голос возвращён: Тортилла\nБез голоса сегодня: никто\n"


def test_status_words_are_the_hosts_imported_counts_as_close_day_takes_them(demo):
    """A fresh host: after ``posts import`` (every player 70–100 words) ``status`` still showed
    the thread's «0/66», «5/66» while close-day used the import and gave no point."""
    from mailer.forum.cli import forum  # noqa: F401  (the thread tables exist)
    from mailer.status import read_status

    cfg, store = demo
    import_posts(cfg, store, "Гоша,70\nТортилла;100\n")
    for report in [status(cfg, store)] + ([read_status(cfg)] if "sqlite" in cfg.database_url else []):
        words = {p.nick: p.words for p in report.players}
        assert (words["Гоша"], words["Тортилла"]) == (70, 100)
        assert {n for n, w in words.items() if w is not None} == {"Гоша", "Тортилла"}  # no thread read


def test_early_close_asks_even_when_everyone_has_moved(demo, monkeypatch):
    """A fresh host: ``close-day --early`` without ``--yes`` closed at once (and ended his
    game) because every living player had a vote and a night move; an early close is asked.
    (Every demo player's moves in place are many letters: the gaps are given as none.)"""
    import mailer.reports

    cfg, store = demo
    env = {"MAFIA_MAIL_NOW": (START + timedelta(hours=3)).isoformat()}
    monkeypatch.setattr(mailer.reports, "early_close_gaps", lambda cfg, store, now: (1, [], []))
    no = CliRunner().invoke(main, ["--config", str(cfg.path), "close-day", "--early"], input="нет\n", env=env)
    assert no.exit_code == 1, no.output
    assert ("Внимание: день 1 закрывается до срока; голоса и ночные ходы есть у всех живых игроков, "
            "но до срока они ещё могут их изменить.\nЗакрыть день досрочно? [да/НЕТ]") in no.output
    # (the mail is read before the question: the host is told the letters read into the day)
    assert re.search(r"Ничего не сделано: день не закрыт \(только прочитана почта, как при sync: писем "
                     r"дня \d+\)\.$", no.output.rstrip()), no.output
    with store.session() as s:
        assert s.get(DayRow, 1).status == "open"


def test_reopen_does_not_list_the_days_own_event_letter_as_undone(tmp_path):
    """A fresh host: ``reopen-day 1`` listed the day-1 event letter sent at init under «Уже
    отправлены (их не вернуть…)»; the reopened day keeps its event, so only what the reopen
    undoes is listed (the results)."""
    from mailer.outbox import OutState
    from mailer.store import Outgoing

    cfg = load_config(copy_demo(tmp_path / "demo"))
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(minutes=5))
        sync(cfg, store, now=AFTER)
        close_day(cfg, store, now=AFTER)
        with store.session() as s:
            kinds = set()
            for out in s.exec(select(Outgoing)):
                out.state = OutState.SENT
                kinds.add((out.kind, out.day))
                s.add(out)
        assert ("event", 1) in kinds and ("result", 1) in kinds
        sent = reopen_day(cfg, store, 1)
    finally:
        store.dispose()
    assert sent and all("Итоги дня 1" in line for line in sent), sent
