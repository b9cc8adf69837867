"""What a fresh user found hosting the demo game (twenty-sixth session): a letter whose move
stands in its subject only, with no text, was answered «не нашёл ни одного хода» without
saying why; a bare «Снимаю голос.» did not take back the vote of an earlier letter."""

from __future__ import annotations

from datetime import timedelta

from mailer.sync import sync
from test_sync import START, Game, letter


# --- 1. a letter with its move in the subject and no text of its own -------------------------

def test_a_letter_with_the_move_in_its_subject_only_is_told_moves_are_read_from_the_text(tmp_path):
    """Moves are read from a letter's text only (the subject is never read as moves, as
    nowhere else): a letter with an empty text (a signature alone is no text) is told so,
    with its subject quoted, and the host's note says it; a letter with text and no move is
    answered as before."""
    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "", msgid="s1@x", subject="Re: [Мафия] Голосую за Ягуарчика"),
                  START + timedelta(hours=2))
        g.deliver(letter("marusya@example.org", "\n-- \nОтправлено с iPhone\n", msgid="s2@x",
                         subject="Лечу Буку"), START + timedelta(hours=2, minutes=5))
        g.deliver(letter("serg@example.org", "Всем привет!", msgid="s3@x", subject="Линч: Бука"),
                  START + timedelta(hours=2, minutes=10))
        sync(g.cfg, g.store, now=START + timedelta(hours=3))
        bodies = {r.ref: r.body for r in g.replies("reply")}
        with g.store.session() as s:
            notes = {l.message_id: l.notes_json for l in g.store.letters(s)}
            states = {l.message_id: l.state for l in g.store.letters(s)}
    finally:
        g.store.dispose()
    told = ("Текст письма пустой, а ходы я читаю только из текста письма, не из темы "
            "(в теме — «Голосую за Ягуарчика»). Пожалуйста, напишите ходы в самом письме.")
    assert told in bodies["reply:s1@x"]
    assert "не нашёл ни одного хода" not in bodies["reply:s1@x"]
    assert "(в теме — «Лечу Буку»)" in bodies["reply:s2@x"]
    assert "Текст письма пустой" not in bodies["reply:s3@x"]
    assert "В письме я не нашёл ни одного хода." in bodies["reply:s3@x"]
    assert states["s1@x"] == states["s2@x"] == "no_moves"
    assert "текст письма пустой: ходы из темы не читаются (тема: «Re: [Мафия] Голосую за Ягуарчика»)" \
        in notes["s1@x"]
    assert "текст письма пустой" not in notes["s3@x"]


# --- 2. «Снимаю голос.» takes back the vote of an earlier letter ----------------------------

def test_a_bare_vote_withdrawal_takes_back_the_earlier_letters_vote(tmp_path):
    """«Снимаю голос.» (no name) after a letter with a vote: the reply says which vote is
    taken back, and that without a vote the day costs an autokill point; ``status`` no
    longer counts the vote; close-day voids it (``withdrawn``) and the night move of the
    earlier letter stands. «Отзываю голос» with no vote standing: nothing to take back."""
    from mailer.day import close_day
    from mailer.reports import status
    from mailer.status import read_status
    from test_sync import DEADLINE

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську. Голосую за Ягуарчика", msgid="u1@x"),
                  START + timedelta(hours=2))
        sync(g.cfg, g.store, now=START + timedelta(hours=2, minutes=30))
        g.deliver(letter("buka@example.org", "Снимаю голос.", msgid="u2@x"), START + timedelta(hours=3))
        g.deliver(letter("serg@example.org", "Отзываю голос", msgid="u3@x"), START + timedelta(hours=3))
        sync(g.cfg, g.store, now=START + timedelta(hours=4))
        bodies = {r.ref: r.body for r in g.replies("reply")}
        with g.store.session() as s:
            states = {l.message_id: l.state for l in g.store.letters(s)}
        voted = {p.nick: (p.voted, p.moves) for p in status(g.cfg, g.store).players}
        fast = {p.nick: (p.voted, p.moves) for p in read_status(g.cfg).players}
        result = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5)).result
    finally:
        g.store.dispose()
    assert states["u2@x"] == states["u3@x"] == "applied"
    assert "Снят ваш голос из прежнего письма за день 1:\n  - Голос на линче: Ягуарчик\n" in bodies["reply:u2@x"]
    assert "за день будет штрафное очко автокилла" in bodies["reply:u2@x"]
    assert "Остаются в силе ходы из ваших прежних писем за день 1:\n  - Лечение: Маруська" in bodies["reply:u2@x"]
    assert "не нашёл ни одного хода" not in bodies["reply:u2@x"]
    assert "Снимать нечего: голоса из ваших прежних писем за день 1 нет." in bodies["reply:u3@x"]
    assert voted["Бука"] == fast["Бука"] == (False, ["heal"])
    mine = {(m["by"], m["action"]): (m["outcome"], m["reason"]) for m in result.to_json()["moves"]}
    assert mine[("Бука", "vote")] == ("void", "withdrawn")
    assert mine[("Бука", "heal")] == ("done", "ok")
    assert result.autokill["Бука"] == ("no_vote",)


# --- «Страх»: status tells the host the day waits for the chosen player's choice ----------------

def test_status_tells_the_day_waits_for_the_fear_choice_and_then_what_was_chosen(tmp_path):
    from click.testing import CliRunner
    from sqlmodel import select

    from mailer.cli import main
    from mailer.day.open import set_event
    from mailer.store import DayRow, Store
    from test_terminal import demo_game

    cfg, env = demo_game.__wrapped__(tmp_path)
    store = Store(cfg.database_url)
    try:
        set_event(cfg, store, "fear", now=cfg.start + timedelta(minutes=1))
    finally:
        store.dispose()
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    after = {**env, "MAFIA_MAIL_NOW": (cfg.start + timedelta(days=1, minutes=10)).isoformat()}
    before = " ".join(runner.invoke(main, ["status"], env=after).output.split())
    assert "«Страх»: день не закрыт" not in before  # nobody asked yet: close-day has not run
    assert runner.invoke(main, ["close-day"], env=after).exit_code == 3
    said = " ".join(runner.invoke(main, ["status"], env=after).output.split())
    assert "«Страх»: день не закрыт, ждёт письма от Ромашки с выбором" in said, said
    assert "Ответить за Ромашку: mafia-mail close-day --fear-choice НИК" in said
    store = Store(cfg.database_url)
    try:
        with store.session() as s:
            row = s.exec(select(DayRow).where(DayRow.day == 1)).one()
            row.fear_choice = "Бука"
            s.add(row)
    finally:
        store.dispose()
    chosen = " ".join(runner.invoke(main, ["status"], env=after).output.split())
    assert "«Страх»: выбор Ромашки — Бука. Закрыть день: mafia-mail close-day" in chosen, chosen
    assert "ждёт письма" not in chosen
