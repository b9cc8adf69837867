"""What a fresh user found in the demo and the host commands (nineteenth session): the boss's
role letter said nothing of the son; a late letter with no moves was noted «засчитано в день
2»; the swindle named one way in the reply and another in the result letter; the psycho's
move named from his victim's side («Визит к Шизику»); ``explain`` lines that did not name the
move («ход за Serginio»); the reminder silent on a two-vote day; «событие: без события» in
the host's views; the BBCode newspaper's lynch section laid out unlike the others; the demo's
quoted reply quoting a letter the tool never sends."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from engine.explain import explain_turn
from engine.model import Move
from mailer.config import load_config
from mailer.day import GameError, close_day, init_game, remind
from mailer.demo import copy_demo
from mailer.inputs import set_lost_votes
from mailer.store import Letter, Store
from mailer.sync import sync
from test_fresh_user18 import _demo_replies, _moves_block, _turn
from test_russian import START, day_row, letters_and_paper, renderer_for
from test_sync import DEADLINE, Game, letter


# --- 1. DECISIONS.md §4 Boss, Son: the boss's role letter tells of the son -----------------------

SON_RULES = (
    "Среди мирных может быть внебрачный сын Босса. Для других проверок он неролевой мирный, и сам "
    "он знает о себе только это, но ваша проверка покажет «внебрачный сын Босса». Если клан "
    "прикажет убить сына, пока тот не раскрыт, убийство в эту ночь отменяется и никто от него не "
    "погибает. Если вы погибнете, пока сын жив и не раскрыт, он со следующего дня станет Боссом "
    "вашего клана (погибнут оба Босса в один ход — Боссом того клана, где живых меньше); об этом "
    "ему и клану придёт письмо.")


def test_the_boss_role_letter_explains_the_son(tmp_path):
    roles = {"P1": "clan1.boss", "P2": "son", "P3": "clan1.thief", "P4": "doctor", "P5": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    state = _turn(roles, [{"moves": [], "votes": {}}]).state_before
    boss = renderer.role_letter(nick="P1", state=state, day_row=day_row(1), code=None)
    assert "\n" + SON_RULES + "\nПример письма: «Проверяю " in boss
    # what the boss's check says of the son is the result letter's word for it
    letters, _paper = letters_and_paper(renderer, roles, [{
        "moves": [{"by": "P1", "action": "boss_check", "target": "P2"}], "votes": {}}])
    assert "  - Проверка босса: P2 — внебрачный сын Босса.\n" in letters["P1"]
    # near: the son himself is told only «civilian», the thief nothing of the son
    son = renderer.role_letter(nick="P2", state=state, day_row=day_row(1), code=None)
    thief = renderer.role_letter(nick="P3", state=state, day_row=day_row(1), code=None)
    assert "Ваша роль: Мирный." in son and "сын" not in son and "сын" not in thief


# --- 2. a late letter's note says what it counted ---------------------------------------------

def test_a_late_letter_without_moves_is_noted_as_counting_nothing(tmp_path):
    import json

    g = Game(tmp_path)
    g.deliver(letter("buka@example.org", "Спасибо, получил.", msgid="empty@x"), DEADLINE + timedelta(minutes=2))
    g.deliver(letter("serg@example.org", "Линч: Бука", msgid="vote@x"), DEADLINE + timedelta(minutes=3))
    sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=10))
    with g.store.session() as s:
        notes = {r.message_id: json.loads(r.notes_json) for r in s.exec(select(Letter))}
    assert notes["empty@x"] == ["пришло после срока дня 1, до его закрытия: относится ко дню 2, "
                                "но ходов не засчитано"]
    # near: a late letter with a move is noted as counted for day 2
    assert notes["vote@x"] == ["пришло после срока дня 1, до его закрытия: ходы засчитаны в день 2"]
    g.store.dispose()


# --- 3. and 4. one name of a move in the reply, the result letter and explain -----------------

SWINDLE_ROLES = {"Ягуарчик": "clan1.boss", "Маша": "doctor", "Жулик": "swindler", "Шиз": "psycho",
                 "Бука": "civilian", "Петя": "civilian"}


def test_the_swindle_and_the_psychos_invitation_are_named_alike_everywhere(tmp_path):
    renderer = renderer_for(tmp_path, {n: None for n in SWINDLE_ROLES})
    t = _turn(SWINDLE_ROLES, [{"moves": [], "votes": {}}])
    swindle = Move("swindle", target="Маша", branches=(("doctor", Move("heal", target="Бука")),
                                                       ("psycho", Move("invite", target="Петя"))))
    reply = renderer.reply(nick="Жулик", moves=[swindle], problems=[], state=t.state_before,
                           day_row=day_row(1), late_deadline=None, status="applied", skip=False,
                           cancel=False, now=START)
    assert ("Принято (день 1):\n  - Жульничество: Маша\n    если врач — Лечение: Бука\n"
            "    если шизик — Приглашение к себе вместо Шизика: Петя\n") in reply
    invite = renderer.reply(nick="Шиз", moves=[Move("invite", target="Петя")], problems=[],
                            state=t.state_before, day_row=day_row(1), late_deadline=None,
                            status="applied", skip=False, cancel=False, now=START)
    assert "Принято (день 1):\n  - Приглашение к Шизику: Петя\n" in invite
    moves = [{"by": "Жулик", "action": "swindle", "target": "Маша",
              "branches": {"doctor": {"action": "heal", "target": "Бука"}}},
             {"by": "Шиз", "action": "invite", "target": "Петя"}]
    letters, _paper = letters_and_paper(renderer, SWINDLE_ROLES, [{"moves": moves, "votes": {}}])
    assert _moves_block(letters["Жулик"]) == ["- Жульничество: Маша — выполнено.", "- Лечение: Бука — выполнено."]
    assert "  - Жульничество: Маша — врач.\n" in letters["Жулик"]
    assert _moves_block(letters["Шиз"]) == ["- Приглашение к Шизику: Петя — выполнено."]
    assert "Визит" not in letters["Шиз"] and "против" not in reply


# --- 5. every explain line names the move --------------------------------------------------

BEHALF_ROLES = {"B": "clan1.boss", "T": "clan1.thief", "G": "clan1.guard", "I": "clan1.indian",
                "D": "doctor", "C": "civilian"}
BEHALF_MOVES = [
    {"by": "B", "action": "on_behalf", "member": "T", "move": {"action": "rob", "target": "D"}},
    {"by": "B", "action": "on_behalf", "member": "I", "move": {"action": "clan_kill", "target": "C"}},
    {"by": "G", "action": "delegate"},
    {"by": "B", "action": "on_behalf", "member": "G", "move": {"action": "guard", "target": "B"}},
]


@pytest.mark.parametrize("as_json", [False, True])
def test_explain_names_the_move_a_boss_made_for_a_member(as_json):
    t = _turn(BEHALF_ROLES, [{"moves": BEHALF_MOVES, "votes": {}}])
    notes = explain_turn(t.result.to_json() if as_json else t.result, t.state_before).splitlines()
    assert notes[2:6] == [
        "  B (Босс, Клан 1):",
        "    • кража за T (Вор, Клан 1) → D — выполнено",
        "    • убийство от клана за I (Индеец, Клан 1) → C — выполнено",
        "    • охрана за G (Охранник, Клан 1) → B — выполнено"]
    rest = notes[6:]
    if not as_json:  # the result carries the day's autokill points: B cast no vote (session 38:
        # said under a player with moves too)
        assert rest[0] == "    • нет голоса на линче"
        rest = rest[1:]
    assert rest[:2] == ["  G (Охранник, Клан 1):", "    • охрана на усмотрение босса — выполнено"]
    assert not any(" ход за " in line for line in notes)


# --- 6. the reminder tells of a two-vote day ---------------------------------------------------

@pytest.mark.parametrize("event,told", [
    ("rage", "Сегодня событие «Ярость»: у каждого два голоса, повешены двое, набравшие больше всех. "
             "В голосе назовите двоих, например «Линч: Незнайка и Кнопочка»."),
    ("voice", "Сегодня событие «Голос»: у каждого два голоса, повешен один. В голосе назовите "
              "двоих, например «Линч: Незнайка и Кнопочка»."),
    ("none", None),
])
def test_the_reminder_tells_of_two_votes(tmp_path, event, told):
    cfg = load_config(copy_demo(tmp_path / "game"))
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(minutes=5), event=event)
        assert "Гоша" in remind(cfg, store, now=START + timedelta(hours=1))
        with store.session() as s:
            [body] = [r.body for r in store.outgoing(s) if r.kind == "reminder" and r.to_nick == "Гоша"]
    finally:
        store.dispose()
    if told:
        assert "автокилла.\n" + told + "\n\n— Ведущий" in body
    else:  # near: a one-vote day says nothing of it
        assert "двоих" not in body and "событие" not in body


# --- 7. no «событие: без события» in the host's views --------------------------------------

def test_host_views_leave_no_event_unsaid(tmp_path):
    roles = {"P1": "clan1.boss", "P2": "civilian", "P3": "doctor", "P4": "civilian"}
    t = _turn(roles, [{"moves": [], "votes": {"P1": "P2", "P3": "P2", "P4": "P2"}}])
    assert explain_turn(t.result, t.state_before).splitlines()[0] == "День 1"
    data = dict(t.result.to_json(), event="rage")
    assert explain_turn(data, t.state_before).splitlines()[0] == "День 1, событие «Ярость»"
    cfg = load_config(copy_demo(tmp_path / "game"))
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(minutes=5), event="none")
        with pytest.raises(GameError) as refused:
            set_lost_votes(store, ["Гоша"])
    finally:
        store.dispose()
    assert str(refused.value).endswith("; день 1 — без события")


# --- 8. the BBCode newspaper lays out each section alike ------------------------------------

def test_the_bbcode_lynch_section_is_laid_out_as_the_deaths(tmp_path):
    roles = {"P1": "clan1.boss", "Маша": "civilian", "P3": "doctor", "P4": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {"P1": "Маша", "P3": "Маша", "P4": "P1", "Маша": "P1"}
    votes["P4"] = "Маша"
    _letters, (text, bbcode) = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    assert ("\n[b]Линч:[/b]\n[list]\n[*][b]Маша[/b] — 3: P1, P3, P4\n[*][b]P1[/b] — 1: Маша\n[/list]\n"
            "Итог линча: Маша.\n\n[b]Покинули игру:[/b]\n[list]\n[*][b]Маша[/b], [color=red]Мирный[/color]"
            " — линч\n[/list]\n") in bbcode
    # near: the plain-text newspaper keeps its own layout
    assert "\nЛинч:\n  Маша — 3: P1, P3, P4\n  P1 — 1: Маша\nИтог линча: Маша.\n" in text
    assert "[" not in text


# --- 9. the demo's quoted letter is one its sender really had ------------------------------

def test_the_demo_fan_quotes_her_own_letter_and_gets_one_reply(tmp_path):
    """The demo's letter 19 once quoted the host's reply to letter 14, a reply the demo never
    sent before it (the demo reads the day's mail at 19:00), so Незабудка got two replies at
    once, the first already out of date (a fresh user, session 37). Letter 19 now answers her
    own letter 14, quoted as her mail program quotes it: the quoted search is not read, and one
    reply, to letter 19, stands for both (mailer.reply_context), as for Darkwing's pair."""
    import email
    from email import policy
    from pathlib import Path

    from mailer.demo import run_demo

    box = Path(__file__).resolve().parent.parent / "mailer" / "demo" / "maildir" / "new"
    first = email.message_from_bytes((box / "1796708422.M14P4114.demo").read_bytes(), policy=policy.default)
    msg = email.message_from_bytes((box / "1796723249.M19P4119.demo").read_bytes(), policy=policy.default)
    quoted = [line[2:] for line in msg.get_content().splitlines() if line.startswith("> ")]
    assert quoted == first.get_content().rstrip("\n").splitlines()
    assert msg["In-Reply-To"] == first["Message-ID"] and str(msg["Subject"]) == "Re: Ход"

    folder = run_demo(str(tmp_path / "demo"), echo=lambda _line: None)
    mine = [m for m in (email.message_from_bytes(p.read_bytes(), policy=policy.default)
                        for p in sorted((folder / "outbox").iterdir()))
            if "nezabudka@example.com" in str(m["To"]) and str(m["Subject"]).startswith("Re:")]
    assert len(mine) == 1
    body = mine[0].get_content()
    assert "Ваше письмо, полученное 08.12.2026 08:40 (МСК), тоже прочитано" in body
    assert "  - Поиск детектива: Маруська\n" in body and "  - Голос на линче: Ромашка\n" in body
    assert "  - Поиск детектива: Совушка\n" in body.split("заменены этим письмом:")[1]


def test_remind_before_the_day_began_is_refused(tmp_path):
    """A fresh user ran ``remind`` on the kept demo game, days before its day 2 began, and got
    21 reminders «ещё нет хода на день 2»: the host is told the day has not started instead."""
    from test_sync import START, Game

    g = Game(tmp_path)
    try:
        with pytest.raises(GameError, match=r"день 1 ещё не начался \(начнётся 07\.12\.2026 19:30\)"):
            remind(g.cfg, g.store, now=START - timedelta(days=5))
        assert sorted(remind(g.cfg, g.store, now=START + timedelta(hours=1))) == [
            "Serginio", "Бука", "Маруська", "Ягуарчик"]
    finally:
        g.store.dispose()
