"""A fresh host's findings (session 59's trial), fixed in session 60."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mailer.sync import sync
from test_fresh_host58 import _flat
from test_sync import DEADLINE, START, Game, letter


# 4. The reply to an empty letter said «ходы я читаю только из текста письма, не из темы» even
#    when the subject was empty too (or held no move): each case is told what fits it.

@pytest.mark.parametrize("subject, told, note", [
    ("", "Текст письма пустой — хода в письме нет. Пожалуйста, напишите ходы в тексте письма.",
     "текст письма пустой"),
    ("Re: [Мафия]", "Текст письма пустой — хода в письме нет.", "текст письма пустой (тема: «Re: [Мафия]»)"),
    ("Привет всем", "Текст письма пустой — хода в письме нет.", "текст письма пустой (тема: «Привет всем»)"),
    ("Линч: Бука", "Текст письма пустой, а ходы я читаю только из текста письма, не из темы (в теме — «Линч: Бука»)",
     "текст письма пустой: ходы из темы не читаются (тема: «Линч: Бука»)"),
])
def test_an_empty_letter_is_told_what_fits_its_subject(tmp_path, subject, told, note):
    from mailer.store import loads

    g = Game(tmp_path)
    try:
        g.deliver(letter("serg@example.org", "", msgid="e4@x", subject=subject), START + timedelta(hours=2))
        sync(g.cfg, g.store, now=START + timedelta(hours=3))
        [body] = [_flat(r.body) for r in g.replies("reply") if r.ref == "reply:e4@x"]
        with g.store.session() as s:
            [notes] = [loads(l.notes_json) for l in g.store.letters(s) if l.message_id == "e4@x"]
    finally:
        g.store.dispose()
    assert told in body
    assert ("не из темы" in body) == (subject == "Линч: Бука")
    assert note in notes


# 5. «Да» / «Да, убиваем» answering «Не понял, ход ли это: …» (one reading offered) was not
#    read: a yes to the one reading offered is that reading.

@pytest.mark.parametrize("sender, text, answer, move", [
    ("buka@example.org", "Может, лечу Маруську", "Да", {"action": "heal", "target": "Маруська"}),
    ("buka@example.org", "Лечу Маруську?", "Да, это ход", {"action": "heal", "target": "Маруська"}),
    ("jaguar@example.org", "Может убьём Маруську", "Да, убиваем", {"action": "clan_kill", "target": "Маруська"}),
    # the doctor's one night move in his own verb, offered by the question (engine.parse_own_verb)
    ("buka@example.org", "Прикармливаю сегодня Маруську", "Да", {"action": "heal", "target": "Маруська"}),
])
def test_a_yes_to_the_one_reading_offered_is_that_move(tmp_path, sender, text, answer, move):
    from mailer.inbox import inbox
    from mailer.store import loads
    from test_answers import _letters, _reply_to
    from test_fresh_host58 import _quoted

    g = Game(tmp_path)
    try:
        g.deliver(letter(sender, text, msgid="q5@x"), START + timedelta(hours=2))
        g.sync()
        asked = _reply_to(g, "q5@x")
        assert "Не понял, ход ли это" in _flat(asked.body)
        g.deliver(letter(sender, answer + _quoted(asked.body), msgid="a5@x",
                         extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
        g.sync()
        rows = _letters(g)
        got = rows["a5@x"]
        assert (got.state, loads(got.moves_json)) == ("applied", [move])
        [note] = [n for n in loads(got.notes_json)
                  if n.startswith(f"прочитано как ответ на вопрос к письму {rows['q5@x'].id}")]
        # the player's own verb confirmed: the host is shown how to teach it to the game
        own = "прикармливать" if text.startswith("Прикармливаю") else None
        assert (f"«{own}» — слово игрока для этого хода: чтобы игра читала его сразу, "
                f"mafia-mail words add heal {own}" in note) if own else "слово игрока" not in note
        body = _flat(_reply_to(g, "a5@x").body)
        assert "Не понял" not in body
        assert {r.id: r for r in inbox(g.store, g.cfg.zone)}[rows["q5@x"].id].labels[0].endswith(
            f"— решено письмом {got.id}")
        # close-day reads the yes as the reply did (the question is stored with the answer)
        from mailer.day import close_day

        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        made = [(m.get("action"), m.get("target"), m.get("outcome")) for m in _day_result(g, 1)["moves"]
                if m.get("action") == move["action"]]
        assert made and made[0][1] == move["target"] and made[0][2] != "refused"
    finally:
        g.store.dispose()


@pytest.mark.parametrize("text, answer", [
    ("Может, лечу Маруську", "Да нет, не лечу"),       # a no, not a yes
    ("Вылечи Маруську", "Да"),                          # asked as a request: no reading offered
    ("Может, лечу Маруську. Может, голос за Буку", "Да"),  # two questions: which yes?
])
def test_a_yes_with_no_one_reading_is_not_read(tmp_path, text, answer):
    from mailer.store import loads
    from test_answers import _letters, _reply_to
    from test_fresh_host58 import _quoted

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", text, msgid="q5b@x"), START + timedelta(hours=2))
        g.sync()
        asked = _reply_to(g, "q5b@x")
        g.deliver(letter("buka@example.org", answer + _quoted(asked.body), msgid="a5b@x",
                         extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
        g.sync()
        assert loads(_letters(g)["a5b@x"].moves_json) == []
    finally:
        g.store.dispose()


# 6. A question with a single candidate («Не понял, кого вы имеете в виду: «Alex_M»?») could
#    not be answered; a bare nick answering a letter with two open questions about one name
#    («Лечу Кирку. Линч: Кирку») was asked again as unclear.

SINGLE = """
[[player]]
nick = "Alex_M"
email = "alex@example.org"
role = "civilian"
"""


@pytest.mark.parametrize("answer", ["Да", "Alex_M", "Да, Alex_M"])
def test_a_question_with_one_candidate_is_answered_by_a_reply(tmp_path, answer):
    from mailer.store import loads
    from test_fresh_host58 import ask_then_answer
    from test_answers import _reply_to

    g = Game(tmp_path, players=SINGLE)
    try:
        asked, got = ask_then_answer(g, "Лечу Саню", answer, "6")
        assert "Не понял, кого вы имеете в виду: «Alex_M»?" in _flat(asked.body)
        assert (got.state, loads(got.moves_json)) == ("applied", [{"action": "heal", "target": "Alex_M"}])
        body = _flat(_reply_to(g, "a6@x").body)
        assert "Лечение: Alex_M" in body and "Спрашиваю ещё раз" not in body
        from mailer.day import close_day

        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        assert [(m["target"], m["outcome"]) for m in _day_result(g, 1)["moves"] if m["action"] == "heal"] == \
            [("Alex_M", "done")]
    finally:
        g.store.dispose()


def test_a_nick_answering_two_questions_about_one_name_settles_both(tmp_path):
    from mailer.reports import status
    from mailer.store import loads
    from test_answers import EXTRA_PLAYERS, _reply_to
    from test_fresh_host58 import ask_then_answer

    g = Game(tmp_path, players=EXTRA_PLAYERS)
    try:
        g.deliver(letter("buka@example.org", "Лечу Кирку. Линч: Кирку", msgid="p6@x"), START)
        assert status(g.cfg, g.store).asked_twice == []  # one nick settles both: status says so
        _asked, got = ask_then_answer(g, "Лечу Кирку. Линч: Кирку", "Кира", "6b")
        assert got.state == "applied"
        assert sorted(loads(got.moves_json), key=lambda m: m["action"]) == [
            {"action": "heal", "target": "Кира"}, {"action": "vote", "target": "Кира"}]
        body = _flat(_reply_to(g, "a6b@x").body)
        assert "не понял, кого вы выбрали" not in body and "Спрашиваю ещё раз" not in body
    finally:
        g.store.dispose()


def test_a_nick_answering_two_questions_about_two_names_is_still_asked(tmp_path):
    from mailer.reports import status
    from mailer.store import loads
    from test_answers import EXTRA_PLAYERS, _reply_to
    from test_fresh_host58 import ask_then_answer

    g = Game(tmp_path, players=EXTRA_PLAYERS)
    try:
        _asked, got = ask_then_answer(g, "Лечу Кирку. Линч: Пампушку", "Кира", "6c")
        assert loads(got.moves_json) == []
        # which question «Кира» answers is not clear: the player is asked for the move in full
        assert "Напишите, пожалуйста, ход полностью: действие и ник" in _flat(_reply_to(g, "a6c@x").body)
        assert status(g.cfg, g.store).asked_twice == ["Бука"]
    finally:
        g.store.dispose()


# 1. A player revived by the host (alive again after a fix of a wrong death) got an autokill
#    point for the day she believed herself dead, and the host could cancel no point at all.

def _day_result(g: Game, day: int) -> dict:
    from mailer.store import DayRow, loads

    with g.store.session() as s:
        return loads(s.get(DayRow, day).result_json)


def _points(g: Game) -> dict[str, int]:
    from mailer.store import Game as GameRow, loads

    with g.store.session() as s:
        state = loads(s.get(GameRow, 1).state_json)
    return {n: p.get("autokill_points", 0) for n, p in state["players"].items()}


def _vote_day1(g: Game) -> None:
    for sender, target, tag in (("buka", "Serginio", "b"), ("marusya", "Serginio", "m"),
                                ("jaguar", "Serginio", "j"), ("serg", "Бука", "s")):
        g.deliver(letter(f"{sender}@example.org", f"Линч: {target}", msgid=f"d1{tag}@x"), START + timedelta(hours=2))
    g.sync()


def test_a_revived_player_gets_no_autokill_point_for_the_days_she_was_dead(tmp_path):
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        _vote_day1(g)
        closed = _run(g, ["close-day"], DEADLINE + timedelta(minutes=5))
        assert closed.exit_code == 0, closed.output
        assert [d["player"] for d in _day_result(g, 1)["deaths"] if d["cause"] == "lynch"] == ["Serginio"]
        # day 2: the living vote, Serginio (dead, as told) does not
        for sender, tag in (("buka", "b"), ("marusya", "m"), ("jaguar", "j")):
            g.deliver(letter(f"{sender}@example.org", "Линч: Маруська" if sender != "marusya" else "Линч: Бука",
                             msgid=f"d2{tag}@x"), DEADLINE + timedelta(hours=2))
        g.sync()
        # the host finds his error: the forum's tally of day 1 said otherwise
        reopened = _run(g, ["reopen-day", "1", "--yes"], DEADLINE + timedelta(hours=3))
        assert reopened.exit_code == 0, reopened.output
        (g.root / "votes.csv").write_text("Бука,Ягуарчик\nМаруська,Ягуарчик\nЯгуарчик,Бука\n", encoding="utf-8")
        imported = _run(g, ["votes", "import", str(g.root / "votes.csv")], DEADLINE + timedelta(hours=3))
        assert imported.exit_code == 0, imported.output
        again = _run(g, ["close-day"], DEADLINE + timedelta(hours=3, minutes=5))
        assert again.exit_code == 0, again.output
        assert "Serginio" not in [d["player"] for d in _day_result(g, 1)["deaths"]]
        status = _flat(_run(g, ["status"], DEADLINE + timedelta(hours=4)).output)
        assert ("Очко автокилла за день 2 не начисляется: Serginio — игрок в этот день считался выбывшим "
                "по ошибке ведущего (reopen-day).") in status
        day2 = _run(g, ["close-day"], DEADLINE + timedelta(days=1, minutes=5))
        assert day2.exit_code == 0, day2.output
        assert "Serginio" not in _day_result(g, 2).get("autokill", {})
        assert _points(g)["Serginio"] == 0
        assert "Очко автокилла за день 2 не начисляется: Serginio" in _flat(
            _run(g, ["explain", "--day", "2"], DEADLINE + timedelta(days=1, minutes=6)).output)
    finally:
        g.store.dispose()


def test_the_host_cancels_an_autokill_point(tmp_path):
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        for sender, tag in (("buka", "b"), ("jaguar", "j"), ("serg", "s")):
            g.deliver(letter(f"{sender}@example.org", "Линч: Маруська" if sender != "serg" else "Линч: Бука",
                             msgid=f"c1{tag}@x"), START + timedelta(hours=2))
        g.sync()
        cancel = _run(g, ["autokill-cancel", "Маруську"], START + timedelta(hours=3))
        assert cancel.exit_code == 0, cancel.output
        assert "Очко автокилла за день 1 не начисляется: Маруська" in cancel.output
        text = _flat(_run(g, ["status"], START + timedelta(hours=3)).output)
        assert "Очко автокилла за день 1 не начисляется: Маруська — ведущий снял (autokill-cancel)." in text
        assert "Очко автокилла за день 1 не начисляется: Маруська" in _flat(
            _run(g, ["explain", "--day", "1"], START + timedelta(hours=3)).output)
        # the undo gives it back; a second cancel takes it again
        undo = _run(g, ["autokill-cancel", "--undo", "Маруська"], START + timedelta(hours=3))
        assert undo.exit_code == 0 and "снова начисляется" in undo.output
        assert "Очко автокилла" not in _flat(_run(g, ["status"], START + timedelta(hours=3)).output)
        assert _run(g, ["autokill-cancel", "Маруська"], START + timedelta(hours=3)).exit_code == 0
        closed = _run(g, ["close-day"], DEADLINE + timedelta(minutes=5))
        assert closed.exit_code == 0, closed.output
        assert "Маруська" not in _day_result(g, 1).get("autokill", {}) and _points(g)["Маруська"] == 0
        # a closed day: the host is told how
        late = _run(g, ["autokill-cancel", "Маруська", "--day", "1"], DEADLINE + timedelta(minutes=6))
        assert late.exit_code != 0 and "reopen-day 1" in late.output
        unknown = _run(g, ["autokill-cancel", "Вася"], DEADLINE + timedelta(minutes=6))
        assert unknown.exit_code != 0 and "нет игрока «Вася»" in unknown.output
        # a player out of the game has no point to cancel: refused, not a silent «не начисляется»
        assert _day_result(g, 1)["lynched"] == ["Маруська"]
        out = _run(g, ["autokill-cancel", "Маруська"], DEADLINE + timedelta(minutes=6))
        assert out.exit_code != 0 and "Маруська выбыл(а) из игры" in out.output, out.output
    finally:
        g.store.dispose()


# 3. The «(исправлено)» results of a re-closed day announced the next day («День 2 … Ходы —
#    до …») while that day's results went out in the same batch.

def test_results_queued_with_the_next_days_results_do_not_invite_moves_for_it(tmp_path):
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        _vote_day1(g)
        assert _run(g, ["close-day"], DEADLINE + timedelta(minutes=5)).exit_code == 0
        day1 = {o.to_nick: o.body for o in g.replies("result") if o.day == 1 and o.state == "queued"}
        assert any("Ходы — до 09.12.2026 19:30" in b for b in day1.values())
        closed = _run(g, ["close-day"], DEADLINE + timedelta(days=1, minutes=5))
        assert closed.exit_code == 0, closed.output
        day1 = {o.to_nick: _flat(o.body) for o in g.replies("result") if o.day == 1 and o.state == "queued"}
        alive = [n for n, b in day1.items() if "День 2 уже закрыт: его итоги — в следующем письме." in b]
        assert alive and not [b for b in day1.values() if "Ходы — до 09.12.2026 19:30" in b]
        assert {o.to_nick for o in g.replies("result") if o.day == 2} >= set(alive)
    finally:
        g.store.dispose()
