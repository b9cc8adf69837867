"""What a fresh user found in the demo and the host commands (eighteenth session): a player
who died in the night counted an autokill point; a reply said nothing of a missing vote;
clan members were not told of the actor's new role; «Событие дня: без события»; the vote
listed before the night's move; a move named one way in the reply and another in the
result letter («Поиск (детектив)», «За X (охранник): охрана: Y», «— выполнено»); ``demo
--keep`` gave a relative database path."""

from __future__ import annotations

from datetime import timedelta

from engine.explain import explain_turn
from engine.gamefile import load_game_file
from engine.model import Move
from engine.replay import replay_turns
from mailer.config import load_config
from mailer.day import init_game
from mailer.demo import copy_demo, run_demo
from mailer.inputs import set_lost_votes
from mailer.store import DayRow, Store
from mailer.sync import sync
from test_properties import game_text
from test_russian import START, day_row, letters_and_paper, renderer_for


def _turn(roles, turns):
    [t] = replay_turns(load_game_file(game_text(roles, turns)))
    return t


def _moves_block(body: str) -> list[str]:
    lines = body.split("Ваши ходы:\n", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in lines.splitlines()]


# --- 1. DECISIONS.md §7: a dead player has no autokill count ----------------------------------

NIGHT = {"P1": "clan1.boss", "P2": "civilian", "P3": "civilian", "P4": "doctor", "P5": "civilian",
         "P6": "civilian"}
# P2 (lynched) and P3 (killed in the night) send no vote; P6 sends none and lives
NIGHT_TURN = [{"moves": [{"by": "P1", "action": "clan_kill", "target": "P3"}],
               "votes": {"P1": "P2", "P4": "P2", "P5": "P2"}}]


def test_who_died_this_turn_gets_no_autokill_point_and_the_living_one_does():
    t = _turn(NIGHT, NIGHT_TURN)
    assert sorted(d.player for d in t.result.deaths) == ["P2", "P3"]
    assert t.result.autokill == {"P6": ("no_vote",)}
    after = t.result.new_state.players
    assert (after["P2"].autokill_points, after["P3"].autokill_points, after["P6"].autokill_points) == (0, 0, 1)
    told = explain_turn(t.result, t.state_before)
    assert told.endswith("Штрафные очки автокилла за день:\n  • P6: день без голоса на линче — очков 1 из 3")


def test_the_autokilled_player_keeps_the_points_he_died_of():
    """The near case: death by autokill itself is told with its points (DECISIONS.md §7)."""
    roles = {"P1": "clan1.boss", "P2": "civilian", "P3": "civilian", "P4": "civilian"}
    votes = {"P1": "P2", "P2": "P1", "P3": "P2"}  # P4 never votes
    turns = [{"moves": [], "votes": votes}] * 3
    last = replay_turns(load_game_file(game_text(roles, turns)))[-1]
    assert [(d.player, d.cause) for d in last.result.deaths if d.player == "P4"] == [("P4", "autokill")]
    assert last.result.autokill["P4"] == ("no_vote",)
    assert last.result.new_state.players["P4"].autokill_points == 3


# --- 2. the reply tells a missing vote (DECISIONS.md §6–7) ----------------------------------

NO_VOTE_LINE = ("Голоса на линче в письме нет: если до срока не проголосуете ни письмом, ни в "
                "ветке форума, за день будет штрафное очко автокилла.")


def _demo_replies(tmp_path, event: str, stripped=()) -> dict[str, list[str]]:
    deadline = START + timedelta(days=1)
    before = deadline - timedelta(minutes=30)
    cfg = load_config(copy_demo(tmp_path / "game", received_by=before))
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(minutes=5), event=event)
        if stripped:
            set_lost_votes(store, list(stripped))
        sync(cfg, store, now=before)
        with store.session() as s:
            replies: dict[str, list[str]] = {}
            for row in store.outgoing(s):
                if row.kind == "reply":
                    replies.setdefault(row.to_nick, []).append(row.body)
        return replies
    finally:
        store.dispose()


def test_a_reply_without_a_vote_says_what_it_costs(tmp_path):
    replies = _demo_replies(tmp_path, "none")
    # the swindler's letter has his move and no vote
    [stirlitz] = replies["Штирлиц"]
    assert "\n" + NO_VOTE_LINE + "\n" in stirlitz
    # near: a letter with its vote, and a second letter whose vote stands from the first
    assert not any(NO_VOTE_LINE in body for body in replies["Ягуарчик"])
    assert len(replies["Незабудка"]) == 2 and not any(NO_VOTE_LINE in b for b in replies["Незабудка"])
    assert [n for n, bodies in replies.items() if any(NO_VOTE_LINE in b for b in bodies)] == ["Штирлиц"]


def test_a_player_stripped_of_his_vote_is_not_told_of_a_point(tmp_path):
    """«Парадокс»: the host took his vote; a day without one costs him nothing (lynch.py)."""
    replies = _demo_replies(tmp_path, "paradox", stripped=["Штирлиц"])
    assert not any(NO_VOTE_LINE in b for b in replies["Штирлиц"])


# --- 3. DECISIONS.md §4 Actor: the clan is told who holds the role now ----------------------

def test_clan_members_are_told_the_actor_took_a_role(tmp_path):
    roles = {"P1": "clan1.boss", "Ромашка": "clan1.guard", "Гоша": "clan1.actor", "P4": "clan1.thief",
             "P5": "doctor", "P6": "civilian", "P7": "civilian", "P8": "civilian", "P9": "civilian"}
    votes = {n: "Ромашка" for n in roles if n != "Ромашка"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    told = ("\n\nАктёр Гоша заменяет в клане Ромашку: с этого дня (день 2) роль «Охранник» в вашем "
            "клане — у Гоши.\n\n")
    assert told in letters["P1"] and told in letters["P4"]
    assert "Вы заменяете в клане Ромашку" in letters["Гоша"] and "Актёр Гоша" not in letters["Гоша"]
    # near: nobody outside the clan hears of it
    assert not any("Актёр" in letters[n] for n in ("P5", "P6", "P7"))
    assert "Игра окончена" not in letters["P1"]


# --- 4. a day without an event is told naturally ------------------------------------------

def _rows(event: str, next_event: str) -> tuple[DayRow, DayRow]:
    return (DayRow(day=1, deadline=START + timedelta(days=1), event=event),
            DayRow(day=2, deadline=START + timedelta(days=2), event=next_event))


def test_no_event_is_left_out_of_the_newspaper_and_the_letters(tmp_path):
    roles = {"P1": "clan1.boss", "P2": "civilian", "P3": "doctor", "P4": "civilian"}
    t = _turn(roles, [{"moves": [], "votes": {"P1": "P2", "P3": "P2", "P4": "P2"}}])
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    row, next_row = _rows("none", "none")
    text, bbcode = renderer.paper(renderer.newspaper(result=t.result, row=row, state_before=t.state_before,
                                                     next_row=next_row))
    assert "Событие дня" not in text and "Событие дня" not in bbcode and "«без события»" not in text
    assert "\nДень 2 — без события. Приём ходов — до 09.12.2026 19:30 (МСК).\n" in text
    assert "[b]День 2[/b] — без события. Приём ходов — до" in bbcode
    letters = {n: b for n, _, b in renderer.result_letters(result=t.result, row=row, state_before=t.state_before,
                                                           next_row=next_row)}
    assert "\n\nДень 2 — без события. Ходы — до 09.12.2026 19:30 (МСК).\n" in letters["P3"]
    # near: a day with an event still names it
    row, next_row = _rows("rage", "voice")
    text, _bb = renderer.paper(renderer.newspaper(result=t.result, row=row, state_before=t.state_before,
                                                  next_row=next_row))
    assert ("\nСобытие дня — «Ярость»: у каждого два голоса, повешены двое, набравшие больше\nвсех.\n" in text
            and "\nДень 2, событие «Голос»: у каждого два голоса, повешен один. Приём ходов" in text)


def test_event_change_letters_say_no_event_naturally(tmp_path):
    renderer = renderer_for(tmp_path, {"P1": None})
    day = DayRow(day=2, deadline=START + timedelta(days=2), event="rage")
    body = renderer.render("event_changed.txt.j2", nick="P1", day=day, old_event="none",
                           fewer_votes=False, deadline=day.deadline)
    assert ("Ведущий назначил событие дня 2 игры «Слова»: «Ярость»: у каждого два голоса, повешены "
            "двое, набравшие больше всех.\n") in body
    assert "без события" not in body
    # a player with no move of the day accepted is not told his moves stand (a fresh host, s48)
    fresh = renderer.render("event_changed.txt.j2", nick="P1", day=day, old_event="none",
                            fewer_votes=False, deadline=day.deadline, moved=False)
    assert "остаются в силе" not in fresh and "Ходы на этот день присылайте до " in fresh
    sent = renderer.render("event_changed.txt.j2", nick="P1", day=day, old_event="none",
                           fewer_votes=False, deadline=day.deadline, moved=True)
    assert "Ходы, которые вы уже прислали, остаются в силе" in sent


# --- 5. and 6. the moves in step order, named alike in the reply and the result --------------

ROLES = {"Ягуарчик": "clan1.boss", "Бармалей": "clan1.guard", "Фанатка": "fan", "Комиссар": "detective",
         "P5": "civilian", "P6": "civilian", "P7": "doctor"}
MOVES = [
    {"by": "Фанатка", "action": "vote", "target": "P5"},
    {"by": "Фанатка", "action": "search", "target": "P7"},
    {"by": "Ягуарчик", "action": "vote", "target": "P5"},
    {"by": "Ягуарчик", "action": "boss_check", "target": "P7"},
    {"by": "Ягуарчик", "action": "clan_kill", "target": "P6"},
    {"by": "Ягуарчик", "action": "on_behalf", "member": "Бармалей", "move": {"action": "guard", "target": "Ягуарчик"}},
]


def test_result_letters_list_the_night_in_step_order_then_the_vote(tmp_path):
    renderer = renderer_for(tmp_path, {n: None for n in ROLES})
    letters, _paper = letters_and_paper(renderer, ROLES, [{"moves": MOVES, "votes": {}}])
    assert _moves_block(letters["Фанатка"]) == [
        "- Поиск детектива: P7 — выполнен.", "- Голос на линче: P5 — учтён."]
    assert _moves_block(letters["Ягуарчик"]) == [
        "- Охрана за Бармалея (охранник): Ягуарчик — выполнена.",
        "- Убийство от клана: P6 — выполнено.",
        "- Проверка босса: P7 — выполнена.",
        "- Голос на линче: P5 — учтён."]


def test_the_reply_names_and_orders_the_moves_as_the_result_letter(tmp_path):
    renderer = renderer_for(tmp_path, {n: None for n in ROLES})
    t = _turn(ROLES, [{"moves": [], "votes": {}}])
    row = day_row(1)
    moves = [Move("vote", target="P5"), Move("boss_check", target="P7"), Move("clan_kill", target="P6"),
             Move("on_behalf", member="Бармалей", move=Move("guard", target="Ягуарчик"))]
    body = renderer.reply(nick="Ягуарчик", moves=moves, problems=[], state=t.state_before, day_row=row,
                          late_deadline=None, status="applied", skip=False, cancel=False, now=START)
    assert ("Принято (день 1):\n  - Охрана за Бармалея (охранник): Ягуарчик\n  - Убийство от клана: P6\n"
            "  - Проверка босса: P7\n  - Голос на линче: P5\n") in body
    assert ": охрана:" not in body and NO_VOTE_LINE not in body
    fan = renderer.reply(nick="Фанатка", moves=[Move("search", target="P6")], problems=[],
                         state=t.state_before, day_row=row, late_deadline=None, status="applied",
                         skip=False, cancel=False, now=START, no_vote=True)
    assert "Принято (день 1):\n  - Поиск детектива: P6\n\n" + NO_VOTE_LINE + "\n" in fan
    assert "(детектив)" not in fan


# --- 7. demo --keep names the absolute path -----------------------------------------------

def test_demo_keep_prints_absolute_paths(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines: list[str] = []
    run_demo("kept", echo=lines.append, command="mafia-mail")
    assert f"  база игры: {tmp_path / 'kept' / 'game.db'}" in lines
    assert f"Всё здесь: {tmp_path / 'kept'}" in lines

