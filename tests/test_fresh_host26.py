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
    with its subject quoted, and the host's note says it; a letter with text and no move whose
    subject holds one is told the same of its text (session 49: a player's «всё в теме» was
    told only «не нашёл ни одного хода»)."""
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
    assert ("В тексте письма хода нет, а ходы я читаю только из текста письма, не из темы "
            "(в теме — «Линч: Бука»). Пожалуйста, напишите ходы в самом письме.") in bodies["reply:s3@x"]
    assert "не нашёл ни одного хода" not in bodies["reply:s3@x"]
    assert states["s1@x"] == states["s2@x"] == "no_moves"
    assert "текст письма пустой: ходы из темы не читаются (тема: «Re: [Мафия] Голосую за Ягуарчика»)" \
        in notes["s1@x"]
    assert "текст письма пустой" not in notes["s3@x"]
    assert "в тексте письма хода нет: ходы из темы не читаются (тема: «Линч: Бука»)" in notes["s3@x"]


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
    from sqlmodel import select

    from mailer.store import DayRow, Store
    from test_fresh_host25 import fear_demo

    cfg, run, _after = fear_demo(tmp_path)
    before = " ".join(run(["status"]).output.split())
    assert "«Страх»: день не закрыт" not in before  # nobody asked yet: close-day has not run
    assert run(["close-day"]).exit_code == 3
    said = " ".join(run(["status"]).output.split())
    assert "«Страх»: день не закрыт, ждёт письма от Ромашки с выбором" in said, said
    assert "Ответить за Ромашку: mafia-mail close-day --fear-choice НИК" in said
    # (the clock line past the deadline says the day waits, not «пора подвести итоги»: a
    # second fresh host read the two lines as a contradiction)
    assert "день ждёт выбора «Страха» (ниже)" in said and "пора подвести итоги" not in said
    store = Store(cfg.database_url)
    try:
        with store.session() as s:
            row = s.exec(select(DayRow).where(DayRow.day == 1)).one()
            row.fear_choice = "Бука"
            s.add(row)
    finally:
        store.dispose()
    chosen = " ".join(run(["status"]).output.split())
    assert "«Страх»: выбор Ромашки — Бука. Закрыть день: mafia-mail close-day" in chosen, chosen
    assert "ждёт письма" not in chosen
    # the newspaper says whose choice it was (a fresh host read «Ромашка — 10», then just
    # «Повешен: Бука.»)
    assert run(["close-day"]).exit_code == 0
    paper = " ".join(run(["newspaper", "--day", "1"]).output.split())
    assert "«Страх»: больше всех голосов — у Ромашки; выбор Ромашки: Бука." in paper, paper


# --- 3. fresh26: «Снимаю голос с X» on a two-vote day says and does exactly that -------------

def _rage_game(tmp_path, *letters):
    """A «Ярость» day 1 of test_sync's game with ``letters`` (address, text, Message-ID,
    hours after START) synced one by one; the reply bodies by Message-ID, the status rows
    (voted) and the close-day moves by (voter, action) → (outcome, reason, targets)."""
    from mailer.day import close_day, set_event
    from mailer.reports import status
    from mailer.status import read_status
    from test_sync import DEADLINE

    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "rage", now=START + timedelta(minutes=5))
        for address, text, msgid, hours in letters:
            g.deliver(letter(address, text, msgid=msgid), START + timedelta(hours=hours))
            sync(g.cfg, g.store, now=START + timedelta(hours=hours, minutes=10))
        bodies = {r.ref.removeprefix("reply:"): r.body for r in g.replies("reply")}
        voted = {p.nick: p.voted for p in status(g.cfg, g.store).players}
        fast = {p.nick: p.voted for p in read_status(g.cfg).players}
        result = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5)).result
    finally:
        g.store.dispose()
    assert voted == fast
    moves = {}
    for m in result.to_json()["moves"]:
        if m["action"] == "vote":
            moves.setdefault(m["by"], []).append(
                (m["outcome"], m["reason"], tuple(m.get("targets") or [m.get("target")])))
    return bodies, voted, moves


def test_a_partial_withdrawal_names_only_the_vote_taken_back(tmp_path):
    """fresh26 finding 5: «Снимаю голос с Ягуарчика» after «Линч: Маруська, Ягуарчик» on a
    «Ярость» day: the reply says the vote for Ягуарчик is taken back and the vote for Маруська
    stands (never both taken back and one standing); close-day counts Маруська alone."""
    bodies, voted, moves = _rage_game(
        tmp_path, ("buka@example.org", "Лечу Маруську. Линч: Маруська, Ягуарчик", "w1@x", 2),
        ("buka@example.org", "Снимаю голос с Ягуарчика", "w2@x", 3))
    body = bodies["w2@x"]
    assert "Снят ваш голос из прежнего письма за день 1:\n  - Голос на линче: Ягуарчик\n" in body
    assert "Маруська и Ягуарчик" not in body
    assert "Остаются в силе ходы из ваших прежних писем за день 1:\n" in body
    assert "  - Голос на линче: Маруська\n" in body
    assert voted["Бука"] is True
    assert [m for m in moves["Бука"] if m[0] == "done"] == [("done", "ok", ("Маруська",))]


def test_a_withdrawal_of_one_vote_with_a_new_one_keeps_the_other_earlier_vote(tmp_path):
    """fresh26 finding 6: «Снимаю голос с Маруськи. Линч: Serginio» after «Линч: Маруська,
    Ягуарчик» on a «Ярость» day takes back the vote for Маруська alone, Serginio takes its
    place (DECISIONS.md §8: the later letter's vote — Ягуарчик and Serginio — replaces the
    earlier one). The reply says so (not «второй можно прислать», not «заменены: Маруська и
    Ягуарчик»), status counts the vote and close-day applies exactly that. Two new votes,
    or a withdrawal that names no vote of the player's, replace the earlier vote as before."""
    bodies, voted, moves = _rage_game(
        tmp_path, ("buka@example.org", "Линч: Маруська, Ягуарчик", "m1@x", 2),
        ("buka@example.org", "Снимаю голос с Маруськи. Линч: Serginio", "m2@x", 3),
        ("serg@example.org", "Линч: Маруська, Ягуарчик", "m3@x", 2),
        ("serg@example.org", "Снимаю голос с Маруськи. Линч: Бука, Ягуарчик", "m4@x", 3),
        ("marusya@example.org", "Линч: Бука, Ягуарчик", "m5@x", 2),
        ("marusya@example.org", "Снимаю голос с Serginio. Линч: Бука", "m6@x", 3))
    body = bodies["m2@x"]
    assert "Снят ваш голос из прежнего письма за день 1:\n  - Голос на линче: Маруська\n\n" \
           "Принято (день 1):\n  - Голос на линче: Serginio\n" in body  # (a paragraph each)
    assert "Остаются в силе ходы из ваших прежних писем за день 1:\n  - Голос на линче: Ягуарчик\n" in body
    assert "второй можно прислать" not in body
    assert "заменены этим письмом" not in body
    assert voted["Бука"] is True
    assert [m for m in moves["Бука"] if m[0] == "done"] == [("done", "ok", ("Ягуарчик", "Serginio"))]
    # two new votes fill both places: the vote is theirs
    assert [set(m[2]) for m in moves["Serginio"] if m[0] == "done"] == [{"Бука", "Ягуарчик"}]
    assert "Принято (день 1):\n  - Голоса на линче: Бука и Ягуарчик\n" in bodies["m4@x"]
    assert "Остаются в силе" not in bodies["m4@x"]
    # nothing named was taken back: the new vote replaces the earlier one
    assert [m for m in moves["Маруська"] if m[0] == "done"] == [("done", "ok", ("Бука",))]
    # and the reply says by name that there was no vote for Serginio to take back (session
    # 54's fresh host: it said nothing), never that she had no earlier vote at all
    assert "Снимать нечего: голоса за Serginio в ваших прежних письмах за день 1 нет." in bodies["m6@x"]
    assert "голоса из ваших прежних писем" not in bodies["m6@x"]


def test_a_letter_that_only_takes_back_a_vote_is_not_counted_as_moves_accepted(tmp_path):
    """fresh26 finding 10: sync's summary counted «Снимаю голос.» and a letter answered
    «Снимать нечего» as «письма с принятыми ходами» (and their senders as movers) while the
    next line said nobody moved. Now: «письма, снявшие голос: 1», the one with nothing to
    take back among «без ходов», and the host's note says which."""
    from mailer.words import synced_state

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську. Голосую за Ягуарчика", msgid="o1@x"),
                  START + timedelta(hours=2))
        g.deliver(letter("marusya@example.org", "Голосую за Serginio", msgid="o4@x"), START + timedelta(hours=2))
        first = sync(g.cfg, g.store, now=START + timedelta(hours=2, minutes=30))
        g.deliver(letter("marusya@example.org", "Снимаю голос с Буки", msgid="o5@x"), START + timedelta(hours=3))
        g.deliver(letter("buka@example.org", "Снимаю голос.", msgid="o2@x"), START + timedelta(hours=3))
        g.deliver(letter("serg@example.org", "Снимаю голос с Буки", msgid="o3@x"), START + timedelta(hours=3))
        report = sync(g.cfg, g.store, now=START + timedelta(hours=4))
        bodies = {r.ref: r.body for r in g.replies("reply")}
        with g.store.session() as s:
            notes = {l.message_id: l.notes_json for l in g.store.letters(s)}
    finally:
        g.store.dispose()
    assert first.states == {"applied": 2} and first.movers == {"Бука", "Маруська"}
    assert report.states == {"unvoted": 1, "no_moves": 2}
    assert report.movers == set()
    assert synced_state("unvoted", 1) == "письма, снявшие голос: 1"
    assert "голос снят: Голос на линче: Ягуарчик" in notes["o2@x"]
    assert "снимать нечего: голоса из прежних писем за день нет" in notes["o3@x"]
    assert "Снимать нечего: голоса из ваших прежних писем за день 1 нет." in bodies["reply:o3@x"]
    # a vote for someone else stands: nothing named to take back, and the vote is told standing
    assert "снимать нечего: голоса за названных игроков в прежних письмах за день нет" in notes["o5@x"]
    assert "Снимать нечего: голоса за Буку в ваших прежних письмах за день 1 нет." \
        in bodies["reply:o5@x"]  # (by name since session 55: «за названного игрока» before)
    assert "Остаются в силе ходы из ваших прежних писем за день 1:\n  - Голос на линче: Serginio" \
        in bodies["reply:o5@x"]


def test_a_queued_reply_lists_no_vote_a_later_letter_of_the_same_sync_took_back(tmp_path):
    """fresh26 finding 9: a vote letter with a question in its reply (kept, not folded) and
    «Снимаю голос.» read in the same sync: both replies went out, the first still listing
    «Принято: Голоса на линче: …». Now the first reply is marked and no longer lists the vote
    taken back; a vote taken back in part («Снимаю голос с X») is cut to what stands. What the
    replies promise is what close-day applies."""
    from mailer.day import close_day, set_event
    from test_sync import DEADLINE

    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "rage", now=START + timedelta(minutes=5))
        g.deliver(letter("marusya@example.org", "Проверяю Васятку. Линч: Бука, Ягуарчик", msgid="q1@x"),
                  START + timedelta(hours=2))
        g.deliver(letter("marusya@example.org", "Снимаю голос.", msgid="q2@x"), START + timedelta(hours=3))
        g.deliver(letter("buka@example.org", "Лечу Васятку. Линч: Маруська, Ягуарчик", msgid="q3@x"),
                  START + timedelta(hours=2))
        g.deliver(letter("buka@example.org", "Снимаю голос с Ягуарчика", msgid="q4@x"),
                  START + timedelta(hours=3))
        sync(g.cfg, g.store, now=START + timedelta(hours=4))
        queued = {r.ref.removeprefix("reply:"): r.body for r in g.replies("reply") if r.state == "queued"}
        result = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5)).result
    finally:
        g.store.dispose()
    # (rule changed in session 28, mailer.reply_context: the later reply stands for the
    # earlier one, which is held back, and repeats its question)
    assert "q1@x" not in queued and "q3@x" not in queued
    second = queued["q2@x"]
    assert "Снят ваш голос из прежнего письма за день 1:\n  - Голоса на линче: Бука и Ягуарчик" in second
    assert "Принято (день 1)" not in second and "Остаются в силе ходы из ваших прежних писем за день 1:\n" \
        "  - Проверка: " not in second
    assert "Из письма, полученного 07.12.2026 21:30 (МСК):\n  - Не принято: " in second and "Васятк" in second
    second = queued["q4@x"]
    assert "Голоса на линче: Маруська и Ягуарчик" not in second
    assert "Остаются в силе ходы из ваших прежних писем за день 1:\n  - Голос на линче: Маруська\n" in second
    moves = {(m["by"], m["outcome"]): tuple(m.get("targets") or [m.get("target")])
             for m in result.to_json()["moves"] if m["action"] == "vote"}
    assert ("Маруська", "done") not in moves
    assert moves[("Бука", "done")] == ("Маруська",)
    assert ("Маруська", "void") in moves  # (withdrawn; Бука's vote lynches her)


def test_remind_reminds_a_player_whose_vote_was_taken_back(tmp_path):
    """fresh26 finding 3: «Линч: X» then «Снимаю голос.» leaves nothing in force; ``remind``
    skipped the player as one who had voted, and he got an autokill point. Now he is reminded
    as one with no move; a letter that only takes back a vote does not drop a queued reminder
    (it brings no move)."""
    from mailer.day import remind

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Голосую за Ягуарчика", msgid="r1@x"), START + timedelta(hours=2))
        g.deliver(letter("buka@example.org", "Снимаю голос.", msgid="r2@x"), START + timedelta(hours=3))
        g.deliver(letter("marusya@example.org", "Голосую за Буку", msgid="r3@x"), START + timedelta(hours=2))
        sync(g.cfg, g.store, now=START + timedelta(hours=4))
        reminded = remind(g.cfg, g.store, now=START + timedelta(hours=5))
        g.deliver(letter("serg@example.org", "Снимаю голос.", msgid="r4@x"), START + timedelta(hours=6))
        sync(g.cfg, g.store, now=START + timedelta(hours=7))
        with g.store.session() as s:
            left = {r.to_nick: (r.state, r.body) for r in g.store.outgoing(s) if r.kind == "reminder"}
    finally:
        g.store.dispose()
    assert "Бука" in reminded
    # Маруська (the detective) voted: reminded of her check only, not as one with no move
    assert "Маруська" in reminded and "ночного хода вашей роли от вас ещё нет" in left["Маруська"][1]
    assert "от вас ещё нет хода на день 1" in left["Бука"][1]
    assert left["Serginio"][0] == "queued"
