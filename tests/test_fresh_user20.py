"""What a fresh user found in the replies and the newspaper (twentieth session): the swindle's
psycho branch invited someone «к Шизику»; a player with two letters in one sync got a first
reply still accepting the move his second letter replaced; the newspaper named the event
without saying what it means; the demo never showed the night line; the night line stood
before «Не принято:»; a boss was not told which of his clan had no night move yet."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from engine.model import Move
from engine.reasons import EVENT_RULES_RU, EVENTS_RU
from mailer.store import Letter
from test_fresh_user18 import _demo_replies, _moves_block, _rows, _turn
from test_russian import START, day_row, letters_and_paper, renderer_for
from test_sync import Game, letter

def _sub(tmp_path, name):
    path = tmp_path / name
    path.mkdir()
    return path


# --- 1. DECISIONS.md §4 Swindler: the psycho's branch is the swindler's own invitation -------

ROLES = {"Ягуарчик": "clan1.boss", "Маша": "psycho", "Жулик": "swindler", "Шиз": "doctor",
         "Бука": "civilian", "Петя": "civilian"}


def test_the_swindles_psycho_branch_invites_to_the_swindler(tmp_path):
    renderer = renderer_for(tmp_path, {n: None for n in ROLES})
    t = _turn(ROLES, [{"moves": [], "votes": {}}])
    swindle = Move("swindle", target="Маша", branches=(("psycho", Move("invite", target="Петя")),
                                                       ("hostess", Move("invite", target="Бука"))))
    reply = renderer.reply(nick="Жулик", moves=[swindle], problems=[], state=t.state_before,
                           day_row=day_row(1), late_deadline=None, status="applied", skip=False,
                           cancel=False, now=START)
    assert ("  - Жульничество: Маша\n    если шизик — Приглашение к себе вместо Шизика: Петя\n"
            "    если стерва — Приглашение: Бука\n") in reply
    assert "к Шизику" not in reply
    # the result letter names the branch that ran alike
    moves = [{"by": "Жулик", "action": "swindle", "target": "Маша",
              "branches": {"psycho": {"action": "invite", "target": "Петя"}}}]
    letters, _paper = letters_and_paper(renderer, ROLES, [{"moves": moves, "votes": {}}])
    assert _moves_block(letters["Жулик"]) == ["- Жульничество: Маша — выполнено.",
                                              "- Приглашение к себе вместо Шизика: Петя — выполнено."]
    # near: the psycho's own move keeps its name
    own = renderer.reply(nick="Маша", moves=[Move("invite", target="Петя")], problems=[],
                         state=t.state_before, day_row=day_row(1), late_deadline=None,
                         status="applied", skip=False, cancel=False, now=START)
    assert "  - Приглашение к Шизику: Петя\n" in own


# --- 2. two letters before the queue is sent: one reply that holds ----------------------------

FOLDED = ("Ваше письмо, полученное 07.12.2026 21:30 (МСК), тоже прочитано: отдельного ответа на "
          "него не будет, здесь — всё, что в силе после обоих писем.\n\n")


def _replies(g):
    return {r.ref: r for r in g.replies("reply")}


def test_a_replaced_move_is_not_accepted_again_by_a_stale_reply(tmp_path):
    g = Game(tmp_path)
    try:
        g.answers(("buka@example.org", "Лечу Маруську. Голос — Ягуарчик.", "a@x"),
                  ("buka@example.org", "Нет, лечу Serginio.", "b@x"))
        got = _replies(g)
        assert got["reply:a@x"].state == "dropped"  # held back: never sent
        body = got["reply:b@x"].body
        assert got["reply:b@x"].state == "queued"
        assert body.startswith("Здравствуйте, Бука!\n\n" + FOLDED + "Принято (день 1):\n  - Лечение: Serginio\n")
        assert ("Эти ходы из ваших прежних писем за день 1 заменены этим письмом:\n  - Лечение: Маруська\n\n"
                "Остаются в силе ходы из ваших прежних писем за день 1:\n  - Голос на линче: Ягуарчик\n") in body
        with g.store.session() as s:
            notes = {r.message_id: r.notes_json for r in s.exec(select(Letter))}
        assert "ответ на прежнее письмо 1 снят с очереди" in notes["b@x"]
        # a sync run again changes and doubles nothing
        g.sync()
        assert {ref: (r.state, r.body) for ref, r in _replies(g).items()} == \
            {ref: (r.state, r.body) for ref, r in got.items()}
    finally:
        g.store.dispose()


def test_an_earlier_reply_queued_by_a_previous_sync_is_held_back_too(tmp_path):
    """The first letter's reply was queued by an earlier run (a sync that crashed after its
    batch, or a host who did not send): the later letter's reply holds it back all the same."""
    g = Game(tmp_path)
    try:
        g.answers(("buka@example.org", "Лечу Маруську. Голос — Ягуарчик.", "a@x"))
        g.deliver(letter("buka@example.org", "Нет, лечу Serginio.", msgid="b@x"), START + timedelta(hours=3))
        g.sync()
        got = _replies(g)
        assert (got["reply:a@x"].state, got["reply:b@x"].state) == ("dropped", "queued")
        assert "Здравствуйте, Бука!\n\nВаше письмо, полученное 07.12.2026 21:30 (МСК), тоже прочитано" in got["reply:b@x"].body
        # a third letter stands for both: the reply it replaces had stood for the first
        g.deliver(letter("buka@example.org", "Голос — Маруська.", msgid="c@x"), START + timedelta(hours=4))
        g.sync()
        got = _replies(g)
        assert [got[f"reply:{m}@x"].state for m in "abc"] == ["dropped", "dropped", "queued"]
        assert got["reply:c@x"].body.startswith(
            "Здравствуйте, Бука!\n\nВаши письма, полученные 07.12.2026 21:30 (МСК), 07.12.2026 22:30 (МСК), "
            "тоже прочитаны: отдельных ответов на них не будет, здесь — всё, что в силе после всех писем.\n\n")
    finally:
        g.store.dispose()


def test_a_reply_with_more_to_say_stays_and_is_marked(tmp_path):
    """(Rule changed in session 28, mailer.reply_context: one reply for the pair, always.)
    A first reply that refused something is held back like any other, and nothing is lost:
    the later reply repeats the refusal under the earlier letter's time; a reply the player
    already answered (his letter's In-Reply-To) is his, and stays as it is."""
    g = Game(tmp_path)
    try:
        g.answers(("buka@example.org", "Лечу Пушистика. Голос — Ягуарчик.", "a@x"),
                  ("buka@example.org", "Голос — Маруська.", "b@x"))
        got = _replies(g)
        assert got["reply:a@x"].state == "dropped" and got["reply:b@x"].state == "queued"
        body = got["reply:b@x"].body
        assert body.startswith("Здравствуйте, Бука!\n\nВаше письмо, полученное 07.12.2026 21:30 (МСК), тоже прочитано")
        assert "Из письма, полученного 07.12.2026 21:30 (МСК):\n  - Не принято: Ни один ник из списка игроков не подходит к слову «Пушистика»" \
            in body
        assert "Голос на линче: Маруська" in body and "Следом пришло" not in body
    finally:
        g.store.dispose()
    g = Game(_sub(tmp_path, "answered"))
    try:
        g.answers(("buka@example.org", "Лечу Маруську.", "c@x"))
        [first] = g.replies("reply")
        g.deliver(letter("buka@example.org", "Нет, лечу Serginio.", msgid="d@x",
                         extra=f"In-Reply-To: <{first.message_id}>\r\n"), START + timedelta(hours=4))
        g.sync()
        got = _replies(g)
        assert got["reply:c@x"].state == "queued" and got["reply:c@x"].body == first.body
        assert "тоже прочитано" not in got["reply:d@x"].body
    finally:
        g.store.dispose()


# --- 3. DECISIONS.md §6: the newspaper says what each event means ----------------------------

@pytest.mark.parametrize("event", [e for e in EVENTS_RU if e != "none"])
def test_the_newspaper_explains_every_event(tmp_path, event):
    assert EVENT_RULES_RU[event]  # every event has its line
    roles = {"P1": "clan1.boss", "P2": "civilian", "P3": "doctor", "P4": "civilian"}
    t = _turn(roles, [{"moves": [], "votes": {"P1": "P2", "P3": "P2", "P4": "P2"}}])
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    row, next_row = _rows(event, event)
    text, bbcode = renderer.paper(renderer.newspaper(result=t.result, row=row, state_before=t.state_before,
                                                     next_row=next_row))
    told = f"«{EVENTS_RU[event]}»: {EVENT_RULES_RU[event]}"
    assert all(len(line) <= 80 for line in text.splitlines())  # the text paper wraps at 80
    flat = " ".join(text.split())
    assert f"\nСобытие дня — {told.split()[0]}" in text and f"Событие дня — {told} " in flat
    assert f"\n[i]Событие дня — {told}[/i]\n" in bbcode
    assert f" День 2, событие {told} Приём ходов — до" in flat
    assert f"[b]День 2[/b], событие {told} Приём ходов — до" in bbcode


def test_the_rage_line_reads_as_the_players_read_it(tmp_path):
    roles = {"P1": "clan1.boss", "P2": "civilian", "P3": "doctor", "P4": "civilian"}
    t = _turn(roles, [{"moves": [], "votes": {}}])
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    row, next_row = _rows("none", "rage")
    text, _bb = renderer.paper(renderer.newspaper(result=t.result, row=row, state_before=t.state_before,
                                                  next_row=next_row))
    assert ("\nДень 2, событие «Ярость»: у каждого два голоса, повешены двое, набравшие больше\n"
            "всех. Приём ходов — до 09.12.2026 19:30 (МСК).\n") in text
    assert "Событие дня" not in text  # near: a day without an event names none


# --- 4. the demo shows the night line -------------------------------------------------------

def test_the_demo_shows_a_forgotten_night_move(tmp_path):
    replies = _demo_replies(tmp_path, "none")
    [guard] = replies["Шершень"]
    assert ("Принято (день 1):\n  - Голос на линче: Вишенка\n\nНочного хода в письме нет (охрана): если не "
            "пришлёте его до срока, за вас будет действовать ход, который пришлёт босс, а без него вы "
            "этой ночью не действуете.\n") in guard
    # the maniac's two letters: one reply, which says the first was read
    [maniac] = replies["Darkwing"][1:]
    assert "Ваше письмо, полученное 08.12.2026 00:02 (МСК), тоже прочитано" in maniac


# --- 5. what was not accepted comes before what is missing -----------------------------------

REFUSED = "Не принято:\n  - Ни один ник из списка игроков не подходит к слову «Пушистика» (в строке «Лечу Пушистика»). Проверьте ник.\n"
REFUSED_NIGHT = ("Ночной ход из письма не принят (лечение): если не пришлёте его до срока, этой ночью вы "
                 "не действуете.\n")
NO_VOTE = ("Голоса на линче в письме нет: если до срока не проголосуете ни письмом, ни в ветке форума, "
           "за день будет штрафное очко автокилла.\n")


def test_the_refusal_comes_before_the_missing_lines(tmp_path):
    g = Game(tmp_path)
    try:
        got = g.answers(("buka@example.org", "Лечу Пушистика.", "a@x"))
        g2 = Game(_sub(tmp_path, "two"))
        got2 = g2.answers(("buka@example.org", "Лечу Пушистика. Голос — Ягуарчик.", "b@x"))
        g2.store.dispose()
    finally:
        g.store.dispose()
    assert "\n\n" + REFUSED + "\n" + REFUSED_NIGHT + NO_VOTE + "\n" in got["reply:a@x"]
    assert ("Принято (день 1):\n  - Голос на линче: Ягуарчик\n\n" + REFUSED + "\n" + REFUSED_NIGHT + "\n") \
        in got2["reply:b@x"]


# --- 6. a boss is told which of his clan have no night move yet ------------------------------

CLAN = """
[[player]]
nick = "Шнурок"
email = "shnurok@example.org"
role = "clan1.thief"

[[player]]
nick = "Гвоздь"
email = "gvozd@example.org"
role = "clan1.guard"

[[player]]
nick = "Тень"
email = "ten@example.org"
role = "clan1.indian"
"""


def test_the_boss_is_told_who_in_his_clan_has_no_night_move(tmp_path):
    g = Game(tmp_path, players=CLAN)
    try:
        got = g.answers(("gvozd@example.org", "Ход на усмотрение босса. Линч: Бука", "a@x"),
                        ("jaguar@example.org", "Убиваем Маруську. Проверяю Буку. Голос — Бука", "b@x"))
    finally:
        g.store.dispose()
    # the thief wrote nothing, the guard left his move to the boss; the Indian owes none
    # no gender in the config: words that need none
    assert ("\nВ клане пока без ночного хода: Шнурок (вор); Гвоздь (охранник) — ход на ваше "
            "усмотрение. Ход, который вы пришлёте за них, будет действовать, если до срока они не "
            "пришлют своего.\n") in got["reply:b@x"]
    assert "Тень" not in got["reply:b@x"]


def test_the_clan_line_follows_the_members_gender(tmp_path):
    players = CLAN.replace('role = "clan1.thief"', 'role = "clan1.thief"\ngender = "f"') \
        .replace('role = "clan1.guard"', 'role = "clan1.guard"\ngender = "m"')
    g = Game(tmp_path, players=players)
    try:
        got = g.answers(("shnurok@example.org", "Линч: Бука", "a@x"),
                        ("jaguar@example.org", "Убиваем Маруську. Проверяю Буку. За Гвоздя: охраняет "
                                               "Ягуарчика. Голос — Бука", "b@x"))
        g2 = Game(_sub(tmp_path, "two"), players=players)
        got2 = g2.answers(("gvozd@example.org", "Ход на усмотрение босса. Линч: Бука", "c@x"),
                          ("jaguar@example.org", "Убиваем Маруську. Проверяю Буку. За Шнурка: ворует "
                                                 "у Буки. Голос — Бука", "d@x"))
        g2.store.dispose()
    finally:
        g.store.dispose()
    assert ("\nВ клане пока без ночного хода: Шнурок (вор). Ход, который вы пришлёте за неё, будет "
            "действовать, если до срока она не пришлёт своего.\n") in got["reply:b@x"]
    assert ("\nВ клане пока без ночного хода: Гвоздь (охранник) оставил ход на ваше усмотрение. Ход, "
            "который вы пришлёте за него, будет действовать, если до срока он не пришлёт своего.\n") \
        in got2["reply:d@x"]


def test_the_boss_is_not_told_of_members_who_moved_or_wrote_after_him(tmp_path):
    g = Game(tmp_path, players=CLAN)
    try:
        got = g.answers(("shnurok@example.org", "Ворую у Буки. Линч: Бука", "a@x"),
                        ("jaguar@example.org", "Убиваем Маруську. Проверяю Буку. За Гвоздя: охраняет "
                                               "Ягуарчика. Голос — Бука", "b@x"))
        later = Game(_sub(tmp_path, "later"), players=CLAN)
        got2 = later.answers(("jaguar@example.org", "Убиваем Маруську. Проверяю Буку. Голос — Бука", "c@x"),
                             ("gvozd@example.org", "Линч: Бука", "d@x"))
        later.store.dispose()
    finally:
        g.store.dispose()
    assert "без ночного хода" not in got["reply:b@x"]
    # the guard's letter came after the boss's, read in the same sync: not known when the
    # boss's reply is written, so not claimed; the thief is
    assert "\nВ клане пока без ночного хода: Шнурок (вор). Ход, который вы пришлёте за Шнурка, будет " \
           "действовать, если до срока Шнурок не пришлёт своего.\n" in got2["reply:c@x"]


def test_a_player_stripped_of_his_vote_is_told_so_in_the_reply(tmp_path):
    """A fresh host: after ``lost-vote Трелони`` her letter «Голосую за Пью» was answered
    «Принято: Голос на линче: Пью» with no word that the vote will not count."""
    from mailer.day import set_event
    from mailer.inputs import set_lost_votes
    from test_sync import START as SYNC_START

    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "palms", now=SYNC_START + timedelta(minutes=5))
        set_lost_votes(g.store, ["Бука"])
        got = g.answers(("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", "a@x"),
                        ("marusya@example.org", "лимонад. Проверяю Буку. Линч: Ягуарчик", "b@x"))
    finally:
        g.store.dispose()
    assert ("  - Голос на линче: Ягуарчик\n  (сегодня вы лишены голоса («Пальмы цветут»: запретные слова "
            "в теме игры): голос из письма на линче не засчитается, ваш голос пойдёт против вас самих)\n") \
        in got["reply:a@x"], got["reply:a@x"]
    assert "лишены голоса" not in got["reply:b@x"]
