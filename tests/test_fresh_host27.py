"""What a fresh user found hosting the demo game (twenty-sixth session, fixed in the
twenty-seventh): ``inbox`` and ``show`` called a letter that only took back a vote «ходы
приняты»; ``reopen-day`` changed the game without asking; ``deadline`` moved to an earlier
time did not say so."""

from __future__ import annotations

from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main as cli_main
from mailer.sync import sync
from test_sync import DEADLINE, START, Game, letter


def _cli(g: Game, *args: str, now=None, input: str | None = None):
    env = {"MAFIA_MAIL_NOW": now.isoformat()} if now is not None else None
    return CliRunner().invoke(cli_main, ["--config", str(g.root / "game.toml"), *args], env=env,
                              input=input, catch_exceptions=False)


# --- 1. a letter that only takes back a vote is told so in inbox and show ---------------------

def test_inbox_and_show_tell_a_letter_that_only_took_back_a_vote(tmp_path):
    """«Снимаю голос.» after a vote letter: its state stays «applied» (close-day reads the
    withdrawal; ``inbox --json`` keeps its state), but ``inbox`` and ``show`` say «голос снят»
    instead of «ходы приняты», and «снимать нечего» for one with no vote to take back."""
    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську. Голосую за Ягуарчика", msgid="w1@x"),
                  START + timedelta(hours=2))
        g.deliver(letter("buka@example.org", "Снимаю голос.", msgid="w2@x"), START + timedelta(hours=3))
        g.deliver(letter("serg@example.org", "Снимаю голос.", msgid="w3@x"), START + timedelta(hours=3))
        sync(g.cfg, g.store, now=START + timedelta(hours=4))
        ids = {r.message_id: r.id for r in g.rows()}
        listing = _cli(g, "inbox", now=START + timedelta(hours=4))
        shown = _cli(g, "show", str(ids["w2@x"]), now=START + timedelta(hours=4))
        nothing = _cli(g, "show", str(ids["w3@x"]), now=START + timedelta(hours=4))
        first = _cli(g, "show", str(ids["w1@x"]), now=START + timedelta(hours=4))
        rows = {r.message_id: r for r in g.rows()}
    finally:
        g.store.dispose()
    assert rows["w2@x"].state == rows["w3@x"].state == "applied"
    lines = {line.split()[0]: line for line in listing.output.splitlines() if line[:1].isdigit()}
    assert "голос снят" in lines[str(ids["w2@x"])] and "ходы приняты" not in lines[str(ids["w2@x"])]
    assert "снимать нечего" in lines[str(ids["w3@x"])]
    assert "ходы приняты" in lines[str(ids["w1@x"])]
    assert "Состояние: голос снят; день 1" in shown.output
    assert "Состояние: снимать нечего; день 1" in nothing.output
    assert "Состояние: ходы приняты; день 1" in first.output


# --- 2. reopen-day says what it undoes and asks first -----------------------------------------

def test_reopen_day_says_what_it_undoes_and_asks_first(tmp_path):
    """``reopen-day N`` names what it will undo (the day's result, what came after it, how
    many result letters are already sent) and asks «Вернуть день N?»: «нет» (or Enter)
    changes nothing; «да» reopens; ``--yes`` reopens without asking, as ``close-day --early
    --yes``. A day closed before a later one still needs ``--undo-later`` first."""
    from mailer.day import close_day
    from mailer.outbox import send_all
    from mailer.store import DayRow

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Голосую за Serginio", msgid="r1@x"), START + timedelta(hours=2))
        sync(g.cfg, g.store, now=START + timedelta(hours=3))
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        send_all(g.cfg, g.store, now=DEADLINE + timedelta(minutes=6))
        at = DEADLINE + timedelta(minutes=10)
        refused = _cli(g, "reopen-day", "1", now=at, input="нет\n")
        with g.store.session() as s:
            after_no = s.get(DayRow, 1).status
        asked = _cli(g, "reopen-day", "1", now=at, input="да\n")
        with g.store.session() as s:
            after_yes = s.get(DayRow, 1).status
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=20))
        quiet = _cli(g, "reopen-day", "1", "--yes", now=at + timedelta(minutes=15))
        with g.store.session() as s:
            after_quiet = s.get(DayRow, 1).status
    finally:
        g.store.dispose()
    assert refused.exit_code == 1, refused.output
    assert "reopen-day 1 вернёт игру к состоянию перед итогами дня 1. Отменится:\n  - день 1 снова не закрыт: " \
        in refused.output
    assert "Неотправленные письма итогов дня 1 (и дней после него) будут сняты с очереди." in refused.output
    assert "Уже отправлено писем, которые не вернуть: " in refused.output
    assert "Вернуть день 1? [да/НЕТ]" in refused.output
    assert "Ничего не сделано: день 1 не возвращён." in refused.output
    assert after_no == "closed"
    assert asked.exit_code == 0 and "День 1 снова открыт" in asked.output
    assert after_yes == "open"
    assert quiet.exit_code == 0 and "Вернуть день" not in quiet.output
    assert "День 1 снова открыт" in quiet.output and "Отменено:\n  - день 1 снова не закрыт" in quiet.output
    assert after_quiet == "open"


# --- 3. deadline says when the new deadline is earlier than the current one -------------------

def test_deadline_warns_when_moved_earlier_and_counts_the_letters_it_makes_late(tmp_path):
    """``deadline`` to a time EARLIER than the current deadline: the prompt says so (with the
    current deadline) and how many letters already stored for the day came after the new
    deadline — they would be late (close-day refuses their moves as late). A later deadline
    is asked as before, with no warning; ``--yes`` still tells it (on stderr)."""
    from mailer.day import close_day
    from mailer.store import DayRow, loads

    g = Game(tmp_path)
    now = START + timedelta(hours=3)  # 07.12 22:30 Moscow; the deadline is 08.12 19:30
    try:
        g.deliver(letter("buka@example.org", "Голосую за Serginio", msgid="d1@x"), START + timedelta(hours=2))
        # received later than the clock the host runs the tool with (a server clock ahead):
        # on time for the current deadline, after the new one
        g.deliver(letter("jaguar@example.org", "Голосую за Serginio", msgid="d2@x"), START + timedelta(hours=20))
        g.deliver(letter("marusya@example.org", "Всем привет", msgid="d3@x"), START + timedelta(hours=20))
        sync(g.cfg, g.store, now=now)
        earlier = _cli(g, "deadline", "08.12.2026 12:00", now=now, input="нет\n")
        none_late = _cli(g, "deadline", "08.12.2026 18:00", now=now, input="нет\n")
        later = _cli(g, "deadline", "08.12.2026 21:00", now=now, input="нет\n")
        forced = _cli(g, "deadline", "08.12.2026 12:00", "--yes", now=now)
        close_day(g.cfg, g.store, now=DEADLINE - timedelta(hours=7, minutes=25))
        with g.store.session() as s:
            result = loads(s.get(DayRow, 1).result_json)
    finally:
        g.store.dispose()
    assert earlier.exit_code == 1, earlier.output
    assert forced.exit_code == 0 and "Срок перенесён." in forced.output, forced.output
    assert ("Внимание: новый срок раньше нынешнего (вт 08.12.2026 19:30 (МСК)): письма, которые придут "
            "после нового срока, пойдут в следующий день. Писем дня 1, полученных позже нового срока: 2 — "
            "с новым сроком они станут опоздавшими: их ходы в день 1 не войдут.") in earlier.output
    assert "Перенести срок? [да/НЕТ]" in earlier.output
    assert "Ничего не сделано: срок не изменён." in earlier.output
    assert "Писем дня 1, полученных позже нового срока, нет." in none_late.output
    assert "Внимание" not in later.output and "Перенести срок?" in later.output
    assert forced.exit_code == 0 and "Писем дня 1, полученных позже нового срока: 2" in forced.stderr
    # what the warning said: the vote of the letter after the new deadline is refused as late
    late = [m for m in result["moves"] if m["by"] == "Ягуарчик" and m["action"] == "vote"]
    assert [(m["outcome"], m["reason"]) for m in late] == [("refused", "late")]
