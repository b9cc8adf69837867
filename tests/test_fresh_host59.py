"""A fresh host's findings (session 58's trial), fixed in session 59: the players' side of
questions and answers."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mailer.store import loads
from test_answers import EXTRA_PLAYERS, _letters, _reply_to
from test_fresh_host58 import _explain, _flat, ask_then_answer
from test_sync import DEADLINE, START, Game, letter


@pytest.fixture
def kira(tmp_path):
    g = Game(tmp_path, players=EXTRA_PLAYERS)
    yield g
    g.store.dispose()


# 10. The question asked again read «Вопрос остаётся: Не понял, кого вы имеете в виду: …» (a
#     question nested in another); tests/test_fresh_host58 and test_answer_whole_vote check
#     the reply's wording; here: the stored question is read back as first asked.

def test_the_question_asked_again_reads_back_as_first_asked():
    from engine.answer_reply import ONE_NICK, asked_again, question
    from engine.model import Problem

    for said in ("Не понял, кого вы имеете в виду: «Кир» или «Кира»? (в строке «Лечу Кирку»)",
                 "Ни один ник из списка игроков не подходит к слову «Вася» (в строке «Лечу Васю»). Проверьте ник.",
                 "Названо больше игроков, чем у вас сегодня голосов: «Линч: А и Б». Напишите, за кого вы голосуете."):
        again = asked_again(Problem("x", "ambiguous", message=said))
        assert "Не понял" not in again and "Вопрос остаётся" not in again
        assert question(Problem("x", "ambiguous", message=f"Я не понял. {again} {ONE_NICK}")) == said
    # a message stored by an older version is still read back
    assert question(Problem("x", "ambiguous", message="Ой. Вопрос остаётся: Не понял, кого? " + ONE_NICK)) == \
        "Не понял, кого?"


# 5. A reply that carries its own full move («Линч: Serginio») to the question about «Линч:
#    Кирку» showed «на вопрос ответа не пришло» in ``explain``.

def test_a_new_full_move_answers_the_question_in_explain(kira):
    from mailer.day import close_day

    g = kira
    _asked, answer = ask_then_answer(g, "Линч: Кирку", "Линч: Serginio", "5")
    assert loads(answer.moves_json) == [{"action": "vote", "target": "Serginio"}]
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    text = _explain(g)
    assert "на вопрос ответа не пришло" not in text
    assert f"письмо {answer.id} — на вопрос ответил новым ходом: Голос на линче: Serginio" in text


def test_a_new_move_of_another_kind_leaves_the_question_open(kira):
    from mailer.day import close_day

    g = kira
    ask_then_answer(g, "Линч: Кирку", "Лечу Маруську", "5b")
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    assert "на вопрос ответа не пришло: тот ход не засчитан" in _explain(g)


def _status(g: Game) -> str:
    from click.testing import CliRunner

    from mailer.cli import main

    shown = CliRunner().invoke(main, ["--config", str(g.root / "game.toml"), "status"], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    return _flat(shown.output)


def _reports(g: Game):
    """``status``'s report read both ways: straight from the SQLite file and through the store."""
    from mailer.reports import status
    from mailer.status import read_status

    return [read_status(g.cfg), status(g.cfg, g.store)]


# 3. ``status`` counted the letters of the reply's questions (the asking letter, settled or
#    not, and the answer asked again) as «писем без единого понятого хода».

@pytest.mark.parametrize("answer, waits", [("Кира", False), ("Ну Кирку же, сказал же", True)])
def test_status_counts_no_question_letter_as_one_of_no_move(kira, answer, waits):
    g = kira
    ask_then_answer(g, "Лечу Кирку", answer, "3")
    for rep in _reports(g):
        assert rep.no_moves == 0 and rep.asked == (["Бука"] if waits else [])
    text = _status(g)
    assert "без единого понятого хода" not in text
    assert ("Ждут ответа игрока" in text) == waits


def test_status_still_counts_a_letter_of_no_move(kira):
    g = kira
    ask_then_answer(g, "Лечу Кирку", "Кира", "3b")
    g.deliver(letter("buka@example.org", "Ведущий, а когда итоги?", msgid="x3@x"), START + timedelta(hours=4))
    g.deliver(letter("kir@example.org", "Сегодня ничего не делаю, просто привет", msgid="y3@x"),
              START + timedelta(hours=4))
    g.sync()
    assert [rep.no_moves for rep in _reports(g)] == [2, 2]


# 4. ``status``'s hint «ответ игрока одним ником засчитает его» is wrong for a player with two
#    open questions: one nick settles neither. (Session 60: two questions about one name, «Лечу
#    Кирку. Линч: Кирку», are settled by one nick alike — tests/test_fresh_host60.py; two
#    questions about two names are the case here.)

def test_status_hint_for_two_open_questions(kira):
    g = kira
    g.deliver(letter("buka@example.org", "Лечу Кирку. Линч: Пампушку", msgid="q4@x"), START + timedelta(hours=2))
    g.deliver(letter("serg@example.org", "Линч: Кирку", msgid="s4@x"), START + timedelta(hours=2))
    g.sync()
    for rep in _reports(g):
        assert (rep.asked, rep.asked_twice) == (["Бука", "Serginio"], ["Бука"])
    text = _status(g)
    assert ("Ждут ответа игрока «кого вы имели в виду?»: Бука, Serginio (ход с неясным или незнакомым именем "
            "не засчитан; ответ игрока одним ником засчитает его, если вопрос у игрока один)") in text
    assert ("С двумя вопросами и больше: Бука — ответ одним ником не решает ни одного из них; засчитает ответ "
            "с ходами полностью (действие и ник)") in text
    # the full moves settle both
    g.deliver(letter("buka@example.org", "Лечу Киру. Линч: Кир", msgid="f4@x"), START + timedelta(hours=3))
    g.sync()
    for rep in _reports(g):
        assert (rep.asked, rep.asked_twice) == (["Serginio"], [])
    text = _status(g)
    assert "ответ игрока одним ником засчитает его)" in text and "С двумя вопросами" not in text


# 9. The «день N снова открыт» letter did not mention the mortar the day's «Праздник» gave
#    the player (his moves «остаются в силе», the gift not a word).

def test_reopen_letter_reminds_the_mortar_holder_of_the_gift(tmp_path):
    from mailer.day import set_event
    from mailer.outbox import send_all
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        row, _stale = set_event(g.cfg, g.store, "holiday", now=START)
        holder = row.mortar
        assert holder
        closed = _run(g, ["close-day"], DEADLINE + timedelta(minutes=5))
        assert closed.exit_code == 0, closed.output
        send_all(g.cfg, g.store, now=DEADLINE + timedelta(minutes=6))
        reopened = _run(g, ["reopen-day", "1", "--yes"], DEADLINE + timedelta(minutes=10))
        assert reopened.exit_code == 0, reopened.output
        letters = {o.to_nick: _flat(o.body) for o in g.replies("reopen")}
        gift = "Миномёт, подаренный вам в честь праздника, по-прежнему у вас"
        assert gift + ": выстрел, присланный в срок, остаётся в силе." in letters[holder]
        assert not [n for n, body in letters.items() if gift in body and n != holder]
        # the deadline moved ahead: the letter (unsent) invites the shot again
        moved = _run(g, ["deadline", "09.12.2026 19:30", "--yes"], DEADLINE + timedelta(minutes=12))
        assert moved.exit_code == 0, moved.output
        [body] = [_flat(o.body) for o in g.replies("reopen") if o.to_nick == holder and o.state == "queued"]
        assert (gift + ": этой ночью вы можете выстрелить в одного игрока (письмо «Миномёт: ник»).") in body
    finally:
        g.store.dispose()


# 11. «Парадокс» gave no lost-vote reminder at close-day (who broke role-play is the host's to
#     name with ``lost-vote``; «Пальмы цветут» reminds him of the thread's forbidden words).

@pytest.mark.parametrize("stripped", [False, True])
def test_paradox_close_reminds_the_host_of_lost_vote(tmp_path, stripped):
    from mailer.day import set_event
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "paradox", now=START)
        if stripped:
            lost = _run(g, ["lost-vote", "Serginio"], START + timedelta(hours=3))
            assert lost.exit_code == 0, lost.output
        closed = _run(g, ["close-day"], DEADLINE + timedelta(minutes=5))
        assert closed.exit_code == 0, closed.output
        text = _flat(closed.output)
        reminder = ("«Парадокс»: никто не лишён голоса — голоса всех засчитаны (решает ведущий: нарушивших "
                    "отыгрыш роли — reopen-day 1, lost-vote НИК, close-day).")
        assert (reminder in text) == (not stripped)
        if not stripped:
            assert text.index("РЕШАЕТ ВЕДУЩИЙ") < text.index(reminder)
    finally:
        g.store.dispose()


# 12. The reply to a letter from an unknown address named the game («… в списке игроков игры
#     «Синк»»): a stranger is told nothing of the game beyond what a stranger may know (this is
#     a game's mailbox, the letter counts for nothing, how a player gets his address added).

def test_the_unknown_sender_is_told_nothing_of_the_game(tmp_path):
    from mailer.outbox import build_message

    g = Game(tmp_path)
    try:
        g.deliver(letter("stranger@example.com", "Лечу Маруську. Это игра «Синк»?", msgid="z@x", subject="Вопрос"),
                  START + timedelta(hours=2))
        g.sync()
        [row] = g.replies("unknown_sender")
        msg = build_message(g.cfg, row, utf8=True)
        raw = "\n".join(f"{k}: {v}" for k, v in msg.items()) + "\n" + msg.get_content()
        assert "stranger@example.com" in raw and "нет в списке игроков, поэтому ходы из него не засчитаны" in _flat(raw)
        for secret in [g.cfg.name, *(p.nick for p in g.cfg.players), "08.12.2026", "день 1", "Маруськ"]:
            assert secret not in raw, secret
    finally:
        g.store.dispose()


# 2. ``words`` and ``inbox`` kept listing a problem a later answer of the player settled.

def test_inbox_and_words_show_a_settled_problem_as_settled(kira):
    from mailer.inbox import inbox, show
    from mailer.taught_words import unread_letters
    from test_fresh_host55 import _run

    g = kira
    _asked, answer = ask_then_answer(g, "Лечу Пампушку. Линч: Кирку", "Маруську", "2")
    q = _letters(g)["q2@x"]
    assert loads(answer.moves_json) == [{"action": "heal", "target": "Маруська"}]
    rows = {r.id: r for r in inbox(g.store, g.cfg.zone)}
    assert rows[q.id].labels == (f"нет такого игрока — решено письмом {answer.id}", "неясно, кто")
    assert show(g.store, g.cfg.zone, str(q.id)).row.labels == rows[q.id].labels
    assert [r.labels for r in inbox(g.store, g.cfg.zone, state="no_moves")] == [rows[q.id].labels]
    assert unread_letters(g.store) == []
    listed = _run(g, ["inbox"], START + timedelta(hours=4))
    assert f"нет такого игрока — решено письмом {answer.id}: Лечу Пампушку" in _flat(listed.output)
    # the other question is settled by the move itself, written in full in a new letter
    g.deliver(letter("buka@example.org", "Линч: Кир", msgid="v2@x"), START + timedelta(hours=4))
    g.sync()
    vote = _letters(g)["v2@x"]
    assert {r.id: r for r in inbox(g.store, g.cfg.zone)}[q.id].labels[1] == f"неясно, кто — решено письмом {vote.id}"


def test_words_still_lists_what_no_answer_settled(kira):
    from mailer.taught_words import unread_letters

    g = kira
    g.deliver(letter("buka@example.org", "Лечу Пампушку", msgid="q2b@x"), START + timedelta(hours=2))
    g.deliver(letter("buka@example.org", "Линч: Serginio", msgid="v2b@x"), START + timedelta(hours=3))
    g.sync()
    assert [t for _i, _w, t, _s in unread_letters(g.store)] == [["Лечу Пампушку"]]


# 1. ``explain --day N`` refused the open day: the host gets each player's «what counts now»
#    during the day too, clearly marked as not final.

def test_explain_of_the_open_day_shows_what_counts_now(kira):
    from sqlmodel import select

    from mailer.store import DayRow, Letter, Outgoing
    from test_fresh_host55 import _run

    g = kira
    ask_then_answer(g, "Лечу Кирку", "Кира", "1")
    g.deliver(letter("serg@example.org", "Линч: Кирку", msgid="s1@x"), START + timedelta(hours=4))
    g.deliver(letter("jaguar@example.org", "Линч: Serginio", msgid="j1@x"), START + timedelta(hours=4))
    g.sync()

    def stored():
        with g.store.session() as s:
            return ([(r.day, r.status, r.explain) for r in s.exec(select(DayRow))],
                    [(l.id, l.state, l.moves_json, l.notes_json) for l in s.exec(select(Letter))],
                    [(o.id, o.state, o.body) for o in s.exec(select(Outgoing))])

    before = stored()
    for args in (["explain", "--day", "1"],):
        shown = _run(g, args, START + timedelta(hours=5))
        assert shown.exit_code == 0, shown.output
        text = _flat(shown.output)
        assert text.startswith("День 1 ещё идёт (срок — 08.12.2026 19:30 (МСК)): ходы, как они засчитаны сейчас — "
                               "НЕ ОКОНЧАТЕЛЬНО.")
        rows = _letters(g)
        assert "лечение → Кира" in text
        assert f"письмо {rows['a1@x'].id} — прочитано как ответ на вопрос к письму {rows['q1@x'].id}" in text
        assert "голос на линче → Serginio" in text
        assert "на вопрос ответа пока нет: тот ход пока не засчитан" in text  # Serginio's «Кирку»
        assert "Смерти:" not in text and "Линч:" not in text.replace("«Линч:", "") and "повешен" not in text
    # without --day: the last closed day, as before; none yet — the open day's command named
    none = _run(g, ["explain"], START + timedelta(hours=5))
    assert none.exit_code == 1 and ("Ошибка: ещё ни один день не закрыт: сначала mafia-mail close-day (что "
                                    "засчитано сейчас в открытом дне: mafia-mail explain --day 1)") in _flat(none.output)
    assert stored() == before  # nothing written, nothing queued
    # once the day is closed, its explain is the closed day's, as before
    closed = _run(g, ["close-day"], DEADLINE + timedelta(minutes=5))
    assert closed.exit_code == 0, closed.output
    text = _flat(_run(g, ["explain", "--day", "1"], DEADLINE + timedelta(minutes=6)).output)
    assert "НЕ ОКОНЧАТЕЛЬНО" not in text and "Смерти:" in text
    day2 = _run(g, ["explain", "--day", "2"], DEADLINE + timedelta(minutes=6))
    assert day2.exit_code == 0 and "День 2 ещё идёт" in day2.output


# 8. README's example of a «ход ли это» question was «забираю к себе в палату Зину», which the
#    game reads as the hostess's invite (accepted from her, refused from the doctor as another
#    role's move): README now gives an example the game does ask about, and tells the rest.

def test_readme_example_of_words_add_is_what_the_game_does(tmp_path):
    from pathlib import Path

    from test_fresh_host55 import _run

    readme = _flat((Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8"))
    assert "(врач — «кладу в палату Зину»), и ответ ему — «Не понял, ход ли это»?" in readme
    assert 'mafia-mail --config game.toml words add heal "класть в палату"' in readme
    g = Game(tmp_path, players=EXTRA_PLAYERS)
    try:
        g.deliver(letter("buka@example.org", "Кладу в палату Маруську", msgid="p8@x"), START + timedelta(hours=2))
        g.deliver(letter("buka@example.org", "Забираю к себе в палату Serginio", msgid="r8@x"),
                  START + timedelta(hours=2, minutes=5))
        g.deliver(letter("kira@example.org", "Забираю к себе в палату Маруську", msgid="k8@x"),
                  START + timedelta(hours=2))
        g.sync()
        assert "Не понял, ход ли это: «Кладу в палату Маруську»" in _flat(_reply_to(g, "r8@x").body)
        assert ("«Забираю к себе в палату Serginio» — это приглашение, ход другой роли, поэтому он не принят. "
                "Ваша роль — Врач, ваш ночной ход — лечение («лечу …»)") in _flat(_reply_to(g, "r8@x").body)
        assert "Приглашение: Маруська" in _reply_to(g, "k8@x").body
        listed = _flat(_run(g, ["words"], START + timedelta(hours=3)).output)
        assert "Бука — «Кладу в палату Маруську»" in listed and "Бука — «Забираю к себе в палату Serginio»" in listed
        taught = _run(g, ["words", "add", "heal", "класть в палату"], START + timedelta(hours=3))
        assert taught.exit_code == 0, taught.output
        assert "Лечение: Маруська" in [o.body for o in g.replies("reply") if o.ref == "reply:p8@x"][-1]
    finally:
        g.store.dispose()


# 6. «Нет, это не ход» answering «Не понял, ход ли это: …» was not acknowledged: the player is
#    told the sentence is not counted and the question is closed.

@pytest.mark.parametrize("answer", ["Нет, это не ход", "Нет", "не ход, просто мысли вслух"])
def test_no_it_is_not_a_move_closes_the_question(tmp_path, answer):
    from mailer.inbox import inbox
    from mailer.taught_words import unread_letters

    g = Game(tmp_path)
    try:
        asked, reply = ask_then_answer(g, "Сегодня ночью — Маруська", answer, "6")
        assert "Не понял, ход ли это: «Сегодня ночью — Маруська»" in _flat(asked.body)
        body = _flat(_reply_to(g, "a6@x").body)
        assert "Понял: «Сегодня ночью — Маруська» — не ход, он не засчитан; вопрос закрыт." in body
        assert "ход ли это" not in body
        q = _letters(g)["q6@x"]
        assert loads(reply.moves_json) == [] and reply.state == "no_moves"
        assert loads(reply.notes_json) == [f"ответ на вопрос к письму {q.id} («Сегодня ночью — Маруська»): "
                                           "не ход — вопрос закрыт"]
        assert {r.id: r for r in inbox(g.store, g.cfg.zone)}[q.id].labels[0].endswith(f"— решено письмом {reply.id}")
        assert unread_letters(g.store) == []
        assert "без единого понятого хода" not in _status(g)
    finally:
        g.store.dispose()


def test_a_no_to_no_question_is_read_as_before(tmp_path):
    g = Game(tmp_path)
    try:
        _asked, reply = ask_then_answer(g, "Лечу Маруську", "Нет, это не ход", "6b")
        assert "Понял:" not in _reply_to(g, "a6b@x").body and loads(reply.notes_json) == []
    finally:
        g.store.dispose()
