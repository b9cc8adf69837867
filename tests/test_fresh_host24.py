"""What a fresh host found playing the demo game to the end (twenty-fourth session): a
«Полнолуние» double clan kill reported as one move with the first victim's outcome; the
guard's reply promising the boss's move whatever the boss did; ``status`` and ``explain``
blind to forum votes; «кража за Колобок» in ``explain``; a semicolon CSV in ``votes import``;
``drop`` of a range; replies with no blank line before the missing-move paragraph; and a
late «Ярость» letter that left both the next-day notice and its full reply queued."""

from __future__ import annotations

from engine.explain import explain_turn
from engine.gamefile import load_game_file
from engine.replay import replay_turns
from test_russian import day_row, renderer_for

# --- 1. «Полнолуние»: each victim of a two-victim clan kill on its own ------------------------

MOON = {"Кот Бегемот": "clan2.boss", "Колобок": "clan2.thief", "Пчёлка": "doctor",
        "Бука": "civilian", "Вишенка": "civilian", "Ёжик": "civilian", "Карлсон": "civilian"}


def _moon_turn(moves, votes=None, event="full_moon"):
    lines = ['title = "t"', "[game]", "seed = 3", 'start = "2026-12-07 19:30"', "[roles]"]
    lines += [f'"{n}" = "{r}"' for n, r in MOON.items()]
    lines += ["[[turn]]", f'event = "{event}"', "moves = [" + ", ".join(moves) + "]"]
    if votes:
        lines.append("votes = {" + ", ".join(f'"{k}" = {v!r}'.replace("'", '"') for k, v in votes.items()) + "}")
    [t] = replay_turns(load_game_file("\n".join(lines) + "\n"))
    return t


def test_a_full_moon_kill_reports_each_victim_on_its_own(tmp_path):
    t = _moon_turn(['{ by = "Кот Бегемот", action = "clan_kill", targets = ["Бука", "Вишенка"] }',
                    '{ by = "Пчёлка", action = "heal", target = "Бука" }'])
    kills = [m.to_json() for m in t.result.moves if m.action == "clan_kill"]
    assert kills == [
        {"by": "Кот Бегемот", "action": "clan_kill", "target": "Бука", "outcome": "failed", "reason": "healed"},
        {"by": "Кот Бегемот", "action": "clan_kill", "target": "Вишенка", "outcome": "done", "reason": "ok"}]
    renderer = renderer_for(tmp_path, {n: None for n in MOON})
    letters = {n: b for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(1), state_before=t.state_before, next_row=day_row(2))}
    assert "Убийство от клана: Бука — не удалось." in letters["Кот Бегемот"]
    assert "Убийство от клана: Вишенка — выполнено." in letters["Кот Бегемот"]
    notes = explain_turn(t.result, t.state_before)
    assert ("    • убийство от клана → Бука — не удалось: цель вылечил врач\n"
            "    • убийство от клана → Вишенка — выполнено\n") in notes
    # near: a one-victim kill stays one move
    t = _moon_turn(['{ by = "Кот Бегемот", action = "clan_kill", target = "Бука" }'])
    assert [m.to_json()["target"] for m in t.result.moves if m.action == "clan_kill"] == ["Бука"]


def test_a_two_vote_day_keeps_one_vote_move_with_both_targets():
    t = _moon_turn(['{ by = "Бука", action = "vote", targets = ["Ёжик", "Карлсон"] }'], event="rage")
    [vote] = [m.to_json() for m in t.result.moves if m.action == "vote"]
    assert vote["targets"] == ["Ёжик", "Карлсон"] and vote["outcome"] == "done"


# --- 4. explain: forum votes, the member in the accusative ------------------------------------

def test_explain_names_forum_votes_and_the_member_in_the_accusative():
    t = _moon_turn(['{ by = "Кот Бегемот", action = "on_behalf", member = "Колобок", '
                    'move = { action = "rob", target = "Бука" } }'],
                   votes={"Вишенка": ["Бука"]}, event="none")
    notes = explain_turn(t.result, t.state_before)
    assert "кража за Колобка (Вор, Клан 2) → Бука" in notes
    assert "  Вишенка (Мирный):\n    • голос на линче с форума (пост в ветке или подсчёт ведущего) → Бука — учтён" in notes


# --- 2. the clan member's night line says what really stands for him -------------------------

GUARD = """
[[player]]
nick = "Гоша"
email = "gosha@example.org"
role = "clan1.guard"
"""
NONE_GUARD = ("Ночного хода в письме нет (охрана): если не пришлёте его до срока, за вас будет "
              "действовать ход, который пришлёт босс, а без него вы этой ночью не действуете.")


def _guard_reply(tmp_path, *letters):
    from test_sync import Game

    g = Game(tmp_path, players=GUARD)
    try:
        got = g.answers(*[(addr, body, f"n{i}@x") for i, (addr, body) in enumerate(letters)])
        return got[f"reply:n{len(letters) - 1}@x"]
    finally:
        g.store.dispose()


def test_the_guard_is_told_the_move_his_boss_already_sent_for_him(tmp_path):
    reply = _guard_reply(tmp_path, ("jaguar@example.org", "За Гошу: охраняет Ягуарчика. Линч: Бука"),
                         ("gosha@example.org", "Линч: Бука"))
    assert ("\n\nНочного хода в письме нет (охрана): за вас действует ход, который прислал босс "
            "(Ягуарчик): «Охрана: Ягуарчик». Если пришлёте свой до срока, он заменит ход босса.\n") in reply
    assert "который пришлёт босс" not in reply


def test_the_guard_without_a_boss_is_not_promised_one(tmp_path):
    """The boss is dead and no son took his place: nobody moves for the guard
    (DECISIONS.md §4 Boss (c), Son)."""
    from mailer.day import load_state
    from mailer.store import Game as GameRow, dumps
    from test_sync import Game

    g = Game(tmp_path, players=GUARD)
    try:
        with g.store.session() as s:
            row = s.get(GameRow, 1)
            state = load_state(row)
            state.players["Ягуарчик"].alive = False
            row.state_json = dumps(state.to_json())
            s.add(row)
            s.commit()
        got = g.answers(("gosha@example.org", "Линч: Бука", "g@x"))
    finally:
        g.store.dispose()
    assert ("Ночного хода в письме нет (охрана): если не пришлёте его до срока, этой ночью вы не "
            "действуете: босса в клане нет, ходить за вас некому.\n") in got["reply:g@x"]


def test_the_guard_whose_boss_sent_nothing_yet_keeps_the_old_line(tmp_path):
    reply = _guard_reply(tmp_path, ("gosha@example.org", "Линч: Бука"))
    assert "\n\n" + NONE_GUARD + "\n" in reply


# --- 7. the missing-move paragraph stands apart from the accepted moves -----------------------

def test_a_blank_line_before_the_missing_move_paragraph(tmp_path):
    from test_sync import Game

    g = Game(tmp_path)
    try:
        got = g.answers(("buka@example.org", "Лечу Маруську.", "a@x"),
                        ("serg@example.org", "Голосую за Буку.", "b@x"))
    finally:
        g.store.dispose()
    assert ("  - Лечение: Маруська\n\nГолоса на линче в письме нет: если до срока не проголосуете"
            in got["reply:a@x"])
    # near: a letter with all it owes has no such paragraph
    assert "в письме нет" not in got["reply:b@x"]


# --- 3. status counts the day's forum votes, as close-day does --------------------------------

STATUS_THREAD = """Зоя
07.12.2026, 21:00
Линч Гоше.

Гоша
07.12.2026, 21:10
Голосую за Лиса.

Гоша
07.12.2026, 21:40
Нет, снимаю голос, подумаю ещё.
"""


def test_status_counts_forum_votes(tmp_path):
    import dataclasses
    from datetime import timedelta

    from forum.game import START, make_game
    from forum.test_forum_rules import _letter, _paste, _run
    from mailer.reports import status
    from mailer.status import read_status
    from mailer.sync import sync

    cfg, store = make_game(tmp_path / "g")
    try:
        _letter(cfg, 4, START + timedelta(minutes=30), "Линч Лису")   # Кузя: a letter vote
        _letter(cfg, 2, START + timedelta(minutes=31), "Лечу Гнома")  # Зоя: votes in the thread
        _letter(cfg, 5, START + timedelta(minutes=32), "Проверяю Лиса")  # Гоша: withdrew it there
        sync(cfg, store, now=START + timedelta(hours=3))
        assert _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", STATUS_THREAD)).exit_code == 0
        fast = read_status(cfg)
        slow = status(dataclasses.replace(cfg, database_url=cfg.database_url), store)
        for rep in (fast, slow):
            voted = {p.nick for p in rep.players if p.voted}
            assert voted == {"Кузя", "Зоя"}, rep.players
            assert "ходы есть, голоса ещё нет у 1: Гоша " in rep.progress()
        # and the reply to a later letter does not call the thread vote missing
        _letter(cfg, 2, START + timedelta(hours=4), "Лечу Кузю")
        _letter(cfg, 5, START + timedelta(hours=4, minutes=1), "Проверяю Кузю")
        sync(cfg, store, now=START + timedelta(hours=5))
        with store.session() as s:
            replies = {r.to_nick: r.body for r in store.outgoing(s) if r.kind == "reply"}
        assert "Голоса на линче в письме нет" not in replies["Зоя"]
        assert "Голоса на линче в письме нет" in replies["Гоша"]
    finally:
        store.dispose()


# --- 5. votes import reads the semicolon CSV of Excel in a Russian locale ---------------------

def test_votes_import_reads_semicolons_and_a_mixed_file(tmp_path):
    from datetime import timedelta

    from forum.game import START, make_game
    from mailer.inputs import csv_row, import_posts, import_votes

    assert csv_row("Бублик;Колобок") == ["Бублик", "Колобок"]
    assert csv_row("Бублик,Колобок;Вишенка") in (["Бублик", "Колобок;Вишенка"], ["Бублик,Колобок", "Вишенка"])
    assert csv_row('"Кот; Бегемот",Бука') == ["Кот; Бегемот", "Бука"]  # quotes as csv reads them
    cfg, store = make_game(tmp_path / "g")
    try:
        rep = import_votes(cfg, store, "voter;target\r\nЗоя;Гоша\r\nГном,Лис\r\nКузя\tЛис\r\n",
                           now=START + timedelta(minutes=5))
        assert rep.rows == 3 and rep.problems == []
        assert import_posts(cfg, store, "Зоя;70\nГном,12\n").rows == 2
        # near: a line naming nobody is still not understood, with its own text
        try:
            import_votes(cfg, store, "voter;target\nЗоя;Пушистик\n", now=START + timedelta(minutes=6))
        except Exception as failed:  # ImportFailed
            assert "строка 2: не понял «Зоя;Пушистик»; нет такого игрока «Пушистик»" in str(failed.report.problems)
        else:
            raise AssertionError("an unknown name must not be imported")
    finally:
        store.dispose()


# --- 6. drop takes ranges and lists, and says what it dropped ---------------------------------

def test_drop_takes_a_range_and_a_list(tmp_path):
    from click.testing import CliRunner

    from mailer.cli import main
    from mailer.cli.common import spans
    from test_sync import Game

    assert spans([7, 129, 130, 131, 9, 8]) == "7–9, 129–131"
    g = Game(tmp_path)
    try:
        g.answers(("buka@example.org", "Лечу Маруську.", "a@x"), ("serg@example.org", "Линч: Бука", "b@x"))
        queued = sorted(r.id for r in g.replies())
        first, last = queued[0], queued[-1]
        run = lambda *a: CliRunner().invoke(main, ["--config", str(tmp_path / "game.toml"), *a])  # noqa: E731
        out = run("drop", f"{first}-{last - 1}")
        assert out.exit_code == 0, out.output
        assert out.output.startswith(f"Снято с очереди ({last - first}):\n  {first}  ")
        assert "Re: Ход" in out.output
        out = run("drop", f"{first},{last}")
        assert out.exit_code == 0 and f"Уже были сняты с очереди раньше: {first}." in out.output
        assert f"  {last}  " in out.output
        # near: a word that is no number is refused, nothing dropped
        bad = run("drop", "12x")
        assert bad.exit_code != 0 and "«12x» — не номер" in bad.output
    finally:
        g.store.dispose()
