"""What a fresh user found hosting the demo game (twenty-seventh session): a reply under an
unmarked quote of the host's letter lost the player's own text."""

from __future__ import annotations

from datetime import timedelta

from mailer.quotes import strip_quotes
from test_sync import START, Game, letter

# --- 5. the player's text under an unmarked quote of the host's letter --------------------------

HOST = ("Здравствуйте, Бука!\n\nИтоги дня 5 игры «Мафия».\n\nВаши ходы:\n"
        "  - Лечение: Маруська — удалось.\n  - Голос на линче: Serginio — учтён.\n\n— Ведущий\n")
HEAD = "В четверг, 13 дек. 2026 г. в 20:00, Ведущий <host@example.org> написал:"
#: the quote as a mail client (or the player) pasted it: rewrapped, shortened, a word changed
QUOTE = ("Здравствуйте, Бука!\nВаши ходы:\n  - Лечение: Маруська — удалась.\n"
         "  - Голос на линче: Serginio — учтён.\n")
NEW = "Ок, понял. Сегодня лечу Ягуарчика"


def test_attribution_with_a_weekday_after_a_preposition_is_no_text_of_the_player():
    """«В четверг, 13 дек. 2026 г. в 20:00, …» is one head: «В четверг, 13 дек.» is not the
    player's sentence in front of it."""
    assert strip_quotes(f"{HEAD}\n{QUOTE}\n{NEW}\n") == ""
    assert strip_quotes(f"{NEW}\n\n{HEAD}\n{QUOTE}") == NEW


def test_the_players_text_under_an_unmarked_quote_of_a_known_letter_is_kept():
    assert strip_quotes(f"{HEAD}\n{QUOTE}\n{NEW}\n", known=[HOST]) == NEW
    # a second quote under the new text is cut as before
    assert strip_quotes(f"{HEAD}\n{QUOTE}\n{NEW}\n\n{HEAD}\n{QUOTE}", known=[HOST]) == NEW


def test_an_unmarked_quote_of_an_unknown_letter_is_still_cut_whole():
    other = "Привет!\nЛечу Лося.\nЛинч: Лось\n"
    assert strip_quotes(f"{HEAD}\n{other}\n{NEW}\n", known=[HOST]) == ""


def test_sync_reads_the_text_under_an_unmarked_quote_of_the_host_s_reply(tmp_path):
    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську", msgid="q1@x"), START + timedelta(hours=1))
        g.sync()
        [first] = g.replies("reply")
        quote = "\n".join(first.body.splitlines()[:6])
        body = (f"В понедельник, 7 дек. 2026 г. в 20:30, Ведущий <host@example.org> написал:\n"
                f"{quote}\n\nОк, понял. Голосую за Serginio\n")
        g.deliver(letter("buka@example.org", body, msgid="q2@x"), START + timedelta(hours=2))
        g.sync()
        row = next(r for r in g.rows() if r.message_id == "q2@x")
        assert row.state == "applied", row
        reply = next(r for r in g.replies("reply") if r.ref == "reply:q2@x")
        assert "Serginio" in reply.body and "В письме я не нашёл" not in reply.body
        assert "цитат" in reply.body  # the player is told a part was skipped as a quote
    finally:
        g.store.dispose()


def test_a_letter_cut_whole_at_an_unmarked_quote_is_told_so(tmp_path):
    """Nothing of the player's above an unmarked quote of an unknown letter: nothing counts,
    and the reply names the line under which the text was read as a quote."""
    g = Game(tmp_path)
    try:
        body = f"{HEAD}\nПривет!\nЛечу Лося.\nЛинч: Лось\n\nГолосую за Serginio\n"
        g.deliver(letter("buka@example.org", body, msgid="q3@x"), START + timedelta(hours=2))
        g.sync()
        reply = next(r for r in g.replies("reply") if r.ref == "reply:q3@x")
        assert "В четверг, 13 дек. 2026 г. в 20:00" in reply.body
        assert "прочитал как цитату и пропустил" in reply.body
    finally:
        g.store.dispose()


# --- 11. letters reopen-day takes off the queue stay in outbox --all ----------------------------

def test_letters_withdrawn_by_reopen_day_show_as_dropped(tmp_path):
    from click.testing import CliRunner

    from mailer.cli import main as cli_main
    from mailer.day import close_day, reopen_day
    from test_sync import DEADLINE

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську. Голосую за Serginio", msgid="r1@x"),
                  START + timedelta(hours=1))
        g.sync()
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        with g.store.session() as s:
            results = {r.id for r in g.store.outgoing(s) if r.kind == "result"}
        assert results
        reopen_day(g.cfg, g.store, 1)
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=10))  # closed again
        out = CliRunner().invoke(cli_main, ["--config", str(g.root / "game.toml"), "outbox", "--all"],
                                 env={"MAFIA_MAIL_NOW": (DEADLINE + timedelta(minutes=11)).isoformat()},
                                 catch_exceptions=False).output
        with g.store.session() as s:
            rows = {r.id: r for r in g.store.outgoing(s)}
        for number in results:
            assert rows[number].state == "dropped" and "reopen-day 1" in rows[number].error
            line = next(x for x in out.splitlines() if x.split()[:1] == [str(number)])
            assert "снято с очереди" in line
        # the new close queued its own results
        assert sum(r.kind == "result" and r.state == "queued" for r in rows.values()) == len(results)
    finally:
        g.store.dispose()


# --- 12. the «Новый срок» letter tells only those who sent moves that their moves stand --------

def test_new_deadline_letter_says_moves_stand_only_to_those_who_sent_some(tmp_path):
    from mailer.day import set_deadline

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську. Голосую за Serginio", msgid="d1@x"),
                  START + timedelta(hours=1))
        g.sync()
        set_deadline(g.cfg, g.store, "2026-12-08 21:30", now=START + timedelta(hours=2))
        notices = {r.to_nick: r.body for r in g.replies("deadline")}
        assert "Ходы, которые вы уже прислали, остаются в силе" in notices["Бука"]
        assert "остаются в силе" not in notices["Маруська"]
        assert "Ходы можно прислать до нового срока." in notices["Маруська"]
    finally:
        g.store.dispose()
