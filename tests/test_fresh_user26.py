"""Fresh user, 26th session: the fan who found the detective and writes the search wording of
her role letter («Проверяю, не детектив ли X. МО: Y»)."""

from __future__ import annotations

from datetime import timedelta

from mailer.day import close_day, load_state
from mailer.store import DayRow, Game as GameRow, loads
from mailer.sync import sync
from test_sync import DEADLINE, START, Game, letter

FAN = '\n[[player]]\nnick = "Незабудка"\nemail = "fan@example.org"\nrole = "fan"\n'


def _found(g: Game) -> None:
    """Day 1 of ``g``: the fan searches the detective (Маруська) in letter f1@x, which is
    read, and the day is closed: she has found him."""
    g.deliver(letter("fan@example.org", "Проверяю, не детектив ли Маруська.", msgid="f1@x"),
              START + timedelta(hours=2))
    sync(g.cfg, g.store, now=START + timedelta(hours=3))
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))


def test_found_fans_search_wording_is_no_spent_check_and_her_hunt_stands(tmp_path):
    """DECISIONS.md §5 Fan: found → she stops searching and has one check of her own. Her role
    letter's search wording «Проверяю, не детектив ли X» is a search, over once she found: it
    used to be read as her one check (spent, her hunt refused, nothing said). The reply says
    the search is not taken and her one check is not spent; her hunt stands; close-day agrees."""
    g = Game(tmp_path, players=FAN)
    try:
        _found(g)
        with g.store.session() as s:
            me = load_state(s.get(GameRow, 1)).players["Незабудка"]
            assert me.fan_found and me.fan_check_left
        day2 = DEADLINE + timedelta(hours=2)
        g.deliver(letter("fan@example.org", "Проверяю, не детектив ли Бука. МО: Ягуарчик.",
                         msgid="f2@x"), day2)
        sync(g.cfg, g.store, now=day2 + timedelta(minutes=10))
        body = next(r.body for r in g.replies("reply") if r.ref == "reply:f2@x")
        flat = " ".join(body.split())
        assert ("Вы уже нашли детектива, искать больше не нужно: «Проверяю, не детектив ли Бука» — "
                "это поиск, он не принят. Ваша единственная своя проверка не потрачена") in flat
        assert "Мирная охота: Ягуарчик" in flat and "Проверка: Бука" not in flat
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(days=1, minutes=5))
        with g.store.session() as s:
            moves = loads(s.get(DayRow, 2).result_json)["moves"]
            me = load_state(s.get(GameRow, 1)).players["Незабудка"]
        mine = {m["action"] for m in moves if m["by"] == "Незабудка"}
        assert mine == {"hunt"} and me.fan_check_left
    finally:
        g.store.dispose()


def test_fan_role_letter_teaches_the_check_wording_apart_from_the_search(tmp_path):
    """Her role letter names the wording of her earned check («Проверяю X на мафию») and says
    «не детектив ли …» is the search, not needed once she found: no wording it teaches means
    something else later."""
    import re

    from engine.gamefile import load_game_file
    from engine.replay import replay_turns
    from test_properties import game_text
    from test_russian import day_row, renderer_for

    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "Фанатка": "fan", "Комиссар": "detective",
             "P5": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    [turn] = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": {}}])))
    letter = renderer.role_letter(nick="Фанатка", state=turn.state_before, day_row=day_row(1), code=None)
    flat = " ".join(letter.split())
    said = re.search(r"для неё пишите «Проверяю (\w+) на мафию» \(а «не детектив ли …» — это поиск, "
                     r"после находки он не нужен\)", flat)
    assert said is not None, flat


def test_found_fans_check_reply_says_it_is_her_only_one(tmp_path):
    """Her earned check used: the reply says plainly it is her only one (it said only
    «Принято: Проверка: X»); a search before she found says nothing of the kind."""
    g = Game(tmp_path, players=FAN)
    try:
        _found(g)
        day2 = DEADLINE + timedelta(hours=2)
        g.deliver(letter("fan@example.org", "Проверяю Буку на мафию.", msgid="f2@x"), day2)
        sync(g.cfg, g.store, now=day2 + timedelta(minutes=10))
        replies = {r.ref: r.body for r in g.replies("reply")}
        # a check that fails (she robbed, the target gone) is not used up (engine.aftermath)
        # (named as the check, s47: the note under a vote read as about the vote)
        note = ("(проверка — ваша единственная своя: если она состоится, проверок у вас больше "
                "не будет; если сорвётся — она останется у вас)")
        assert "- Проверка: Бука" in replies["reply:f2@x"]
        assert note in " ".join(replies["reply:f2@x"].split())
        assert "единственная" not in replies["reply:f1@x"]
    finally:
        g.store.dispose()
