"""What a fresh user found in the replies and the host's views (twenty-first session): a «+1»
under a pasted vote was answered «не нашёл ни одного хода» with no reason; the swindle's eight
branches in one parenthesis; ``explain`` listed moves in arrival order and never named a player
without a night move. (The demo keeping its game: tests/test_demo_run.py; ``parse`` marking a
question: tests/test_offline.py; click's errors: tests/test_cli_words.py.)"""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.model import Move
from engine.move_words import describe_move, move_title
from engine.roles import ROLE_NAMES_RU
from mailer.quotes import quoted_text
from test_fresh_user18 import _moves_block, _turn
from test_russian import START, day_row, letters_and_paper, renderer_for
from test_sync import Game, letter

# --- 2. a move only in a quote: the reply says why it does not count --------------------------

QUOTE_TOLD = ("В письме я не нашёл вашего хода: ход в цитате («Голос на линче: Ягуарчик») — чужие "
              "слова, он не засчитывается. Если вы с ним согласны, пожалуйста, напишите его своими "
              "словами.\n")
NOTHING = "В письме я не нашёл ни одного хода.\n"


@pytest.mark.parametrize("body", [
    "+1\n\nпн, 7 дек. 2026 г. в 20:00, Бука <buka@example.org>:\n> Линч: Ягуарчик\n",
    "> Маруська написала:\n> Голосую за Ягуарчика\n\n+1",
    '[quote="Бука"]Линч: Ягуарчик[/quote]\n+1',
    "ВП> линч Ягуарчик\nВП> и точка\nприсоединяюсь",
])
def test_a_plus_one_under_a_quoted_vote_is_told_the_quote_does_not_count(tmp_path, body):
    g = Game(tmp_path)
    try:
        [reply] = g.answers(("Serginio <serg@example.org>", body, "q@x")).values()
        assert reply.startswith("Здравствуйте, Serginio!\n\n" + QUOTE_TOLD)
        assert NOTHING not in reply
        # still told the vote is missing, as any letter without one
        assert "Голоса на линче в письме нет" in reply
        [row] = g.rows()
        assert row.state == "no_moves"
    finally:
        g.store.dispose()


@pytest.mark.parametrize("body", [
    "+1",  # nothing quoted
    "Спасибо!\n\nпн, 7 дек. 2026 г. в 20:00, Бука <buka@example.org>:\n> Привет, как дела?\n",
])
def test_a_letter_without_a_quoted_move_is_answered_as_before(tmp_path, body):
    g = Game(tmp_path)
    try:
        [reply] = g.answers(("Serginio <serg@example.org>", body, "q@x")).values()
        assert NOTHING in reply and "в цитате" not in reply
    finally:
        g.store.dispose()


def test_a_move_of_his_own_under_the_quote_is_taken_and_nothing_is_said_of_the_quote(tmp_path):
    g = Game(tmp_path)
    try:
        [reply] = g.answers(("Serginio <serg@example.org>",
                             "Линч: Маруська\n\n> Бука написал:\n> Линч: Ягуарчик\n", "q@x")).values()
        assert "Принято (день 1):\n  - Голос на линче: Маруська\n" in reply
        assert "в цитате" not in reply
    finally:
        g.store.dispose()


def test_quoting_his_own_standing_move_says_nothing_of_the_quote(tmp_path):
    """The sender quotes the reply to his own letter («> - Голос на линче: Ягуарчик») and only
    thanks: his vote stands, so the reply says nothing of a move in a quote."""
    g = Game(tmp_path)
    try:
        g.deliver(letter("serg@example.org", "Линч: Ягуарчик", msgid="a@x"), START + timedelta(hours=2))
        g.deliver(letter("serg@example.org", "Спасибо!\n\n> Принято (день 1):\n>   - Голос на линче: Ягуарчик\n",
                         msgid="b@x"), START + timedelta(hours=3))
        g.sync()
        body = {r.ref: r.body for r in g.replies("reply")}["reply:b@x"]
        assert "в цитате" not in body
    finally:
        g.store.dispose()


def test_the_host_sees_the_quoted_move_among_the_letters_notes(tmp_path):
    g = Game(tmp_path)
    try:
        from mailer.inbox import show

        g.answers(("serg@example.org", '[quote="Бука"]Линч: Ягуарчик[/quote]\n+1', "q@x"))
        view = show(g.store, g.cfg.zone, "q@x")
        assert "ход только в цитате, не засчитан: Голос на линче: Ягуарчик" in view.notes
    finally:
        g.store.dispose()


def test_quoted_text_takes_the_marks_off():
    assert quoted_text("+1\n> Линч: Бука\n> > Лечу Кузю\nмоё") == "Линч: Бука\nЛечу Кузю"
    assert quoted_text('мой текст [quote="Ник"]Голос: Бука[/quote] ещё') == "Голос: Бука"
    assert quoted_text("Линч: Бука, а Вор > Кузя") == ""


# --- 3. the swindle's branches: one a line, named as the moves are named elsewhere -----------

SWINDLE_ROLES = {"Ягуарчик": "clan1.boss", "Маша": "psycho", "Жулик": "swindler", "Шиз": "doctor",
                 "Бука": "civilian", "Петя": "civilian"}
BRANCHES = (("detective", Move("check", target="Бука")), ("doctor", Move("heal", target="Петя")),
            ("hostess", Move("invite", target="Бука")), ("psycho", Move("invite", target="Петя")),
            ("fan", Move("search", target="Бука", role="detective")), ("thug", Move("beat", target="Петя")),
            ("witness", Move("watch", target="Бука")), ("maniac", Move("maniac_kill", target="Петя")))


def test_the_swindles_eight_branches_are_one_a_line(tmp_path):
    renderer = renderer_for(tmp_path, {n: None for n in SWINDLE_ROLES})
    t = _turn(SWINDLE_ROLES, [{"moves": [], "votes": {}}])
    swindle = Move("swindle", target="Маша", branches=BRANCHES)
    reply = renderer.reply(nick="Жулик", moves=[swindle], problems=[], state=t.state_before,
                           day_row=day_row(1), late_deadline=None, status="applied", skip=False,
                           cancel=False, now=START)
    assert ("Принято (день 1):\n"
            "  - Жульничество: Маша\n"
            "    если детектив — Проверка: Бука\n"
            "    если врач — Лечение: Петя\n"
            "    если стерва — Приглашение: Бука\n"
            "    если шизик — Приглашение к себе вместо Шизика: Петя\n"
            "    если фанатка — Поиск детектива: Бука\n"
            "    если громила — Избиение: Петя\n"
            "    если свидетель — Слежка: Бука\n"
            "    если маньяк — Убийство маньяка: Петя\n\n") in reply
    assert "(" not in reply.split("Принято (день 1):\n", 1)[1].split("\n\n", 1)[0]
    # each branch is named as the role's own move is named in its reply, the psycho's as the
    # swindler's result letter names the branch that ran (the guest comes to the swindler)
    for role, move in BRANCHES:
        if role != "psycho":
            own = move_title(move.action, role, search_role=move.role)
            assert f"если {ROLE_NAMES_RU[role].lower()} — {own}: " in reply
    moves = [{"by": "Жулик", "action": "swindle", "target": "Маша",
              "branches": {"psycho": {"action": "invite", "target": "Петя"}}}]
    letters, _paper = letters_and_paper(renderer, SWINDLE_ROLES, [{"moves": moves, "votes": {}}])
    assert "- Приглашение к себе вместо Шизика: Петя — выполнено." in _moves_block(letters["Жулик"])
    # near: a one-line view (inbox, show) keeps the brackets
    assert describe_move(Move("swindle", target="Маша", branches=BRANCHES[:2])) == \
        "Жульничество: Маша (если детектив — проверка: Бука; если врач — лечение: Петя)"


# --- 4. explain: moves grouped by player, with his letters; «нет ночного хода» -------------------

def explained_moves(tmp_path, *letters: tuple[str, str, str]) -> list[str]:
    """The lines of day 1's «Ходы:» block of `explain` after the test game got ``letters``
    (sender address, text, Message-ID) and closed the day at its deadline."""
    from mailer.day import close_day
    from mailer.reports import explain_day
    from test_sync import DEADLINE

    g = Game(tmp_path)
    try:
        g.answers(*letters)
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=10))
        notes = explain_day(g.store, 1)
    finally:
        g.store.dispose()
    return notes.split("Ходы:\n", 1)[1].split("\nГолоса:", 1)[0].splitlines()


def test_explain_groups_the_moves_by_player_and_names_who_sent_no_night_move(tmp_path):
    """The day's moves under each player (his letters' numbers, his moves in arrival order;
    players in the order of their first move); the detective who sent nothing and the doctor
    who only voted are listed with «нет ночного хода» (they were not in explain at all)."""
    moves = explained_moves(tmp_path, ("jaguar@example.org", "Проверяю Буку", "a@x"),
                            ("buka@example.org", "Линч: Ягуарчик", "b@x"),
                            ("serg@example.org", "Линч: Буку", "c@x"),
                            ("jaguar@example.org", "Линч: Serginio. Убиваем Маруську", "d@x"))
    assert moves == [
        "  Ягуарчик (Босс, Клан 1) — письма 1, 4:",
        "    • проверка босса → Бука — выполнено",
        "    • голос на линче → Serginio — учтён",
        "    • убийство от клана → Маруська — выполнено",
        "  Бука (Врач) — письмо 2:",
        "    • голос на линче → Ягуарчик — учтён",
        "    • нет ночного хода",
        "  Serginio (Мирный) — письмо 3:",
        "    • голос на линче → Бука — учтён",
        "  Маруська (Детектив) — писем нет:",
        "    • нет ночного хода",
        "    • выбыл(а) в этот ход: убит(а) Кланом 1",
    ]
