"""A fresh host's findings (session 51's trial of a «Страх» day closed early), fixed in
session 52: the early close is confirmed once, not again after the wait; ``sync`` says the
chosen player's choice has come and how to close the day; the chooser's reply does not
promise him time «до срока» the day no longer has; a dead player's reply does not open with
the early close of the day before; the clan left with no boss is told the full moon's two
kills."""

from __future__ import annotations

from datetime import timedelta

from test_fresh_host25 import fear_demo


def _choice_letter(cfg, at, choice: str) -> None:
    """Ромашка's (the demo's most-voted player) «Выбираю: ``choice``», delivered at ``at``."""
    box = cfg.path.parent / "maildir" / "new"
    (box / f"{int(at.timestamp())}.M52P1.fear").write_bytes(
        "From: Ромашка <romashka@example.org>\r\nTo: host@example.org\r\nSubject: Re: Страх\r\n"
        "Message-ID: <fear.52@example.org>\r\nDate: Mon, 07 Dec 2026 20:00:00 +0300\r\n"
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Transfer-Encoding: 8bit\r\n\r\nВыбираю: {choice}".encode())


def _fear_demo_silent_romashka(tmp_path):
    """:func:`test_fresh_host25.fear_demo` with Ромашка's own letter taken out of the demo's
    Maildir before the sync: the most-voted player has sent no vote and no night move."""
    from click.testing import CliRunner

    from mailer.cli import main
    from mailer.day import set_event
    from mailer.store import Store
    from test_terminal import demo_game

    cfg, env = demo_game.__wrapped__(tmp_path)
    box = cfg.path.parent / "maildir" / "new"
    for path in box.iterdir():
        if any(line.startswith(b"From:") and b"<romashka@example.org>" in line
               for line in path.read_bytes().splitlines()):
            path.unlink()
    store = Store(cfg.database_url)
    try:
        set_event(cfg, store, "fear", now=cfg.start + timedelta(minutes=1))
    finally:
        store.dispose()
    assert CliRunner().invoke(main, ["sync"], env=env).exit_code == 0
    return cfg, {**env, "MAFIA_MAIL_NOW": (cfg.start + timedelta(days=1, minutes=10)).isoformat()}


def test_an_early_fear_close_is_confirmed_once_and_sync_tells_the_choice(tmp_path):
    from mailer.store import Outgoing, Store
    from sqlmodel import select

    cfg, after = _fear_demo_silent_romashka(tmp_path)
    before = {**after, "MAFIA_MAIL_NOW": (cfg.start + timedelta(hours=3)).isoformat()}
    from click.testing import CliRunner

    from mailer.cli import main

    runner = CliRunner()
    first = runner.invoke(main, ["close-day", "--early"], env=before, input="y\n")
    assert first.exit_code == 3, first.output
    assert first.output.count("Закрыть день досрочно?") == 1
    _choice_letter(cfg, cfg.start + timedelta(hours=3, minutes=5), "Бука")
    later = {**after, "MAFIA_MAIL_NOW": (cfg.start + timedelta(hours=3, minutes=10)).isoformat()}
    synced = runner.invoke(main, ["sync"], env=later)
    assert synced.exit_code == 0, synced.output
    said = " ".join(synced.output.split())
    assert "«Страх»: выбор Ромашки — Бука. Закрыть день: mafia-mail close-day --early" in said, said
    store = Store(cfg.database_url)
    try:
        with store.session() as s:
            reply = s.exec(select(Outgoing).where(Outgoing.kind == "reply", Outgoing.to_nick == "Ромашка")
                           .order_by(Outgoing.id.desc())).first()
        assert reply is not None
        assert "до срока" not in reply.body, reply.body
    finally:
        store.dispose()
    # the host already said «да» before the wait: closing now asks nothing (no input given)
    closed = runner.invoke(main, ["close-day", "--early"], env=later)
    assert closed.exit_code == 0, closed.output
    assert "Закрыть день досрочно?" not in closed.output
    assert "День 1 закрыт." in closed.output


def test_the_plain_early_close_still_asks(tmp_path):
    """The near miss: an early close that has not begun still asks (and «нет» closes nothing)."""
    from click.testing import CliRunner

    from mailer.cli import main

    cfg, _run, after = fear_demo(tmp_path)
    before = {**after, "MAFIA_MAIL_NOW": (cfg.start + timedelta(hours=3)).isoformat()}
    said = CliRunner().invoke(main, ["close-day", "--early"], env=before, input="n\n")
    assert said.exit_code == 1
    assert "Закрыть день досрочно?" in said.output


def test_a_dead_players_reply_does_not_open_with_the_early_close(tmp_path):
    """A letter after an early close of day 1, on time for it: the living sender's reply says
    the day was closed early and his moves count for day 2; a sender who died on day 1 is only
    told he is out of the game."""
    from click.testing import CliRunner
    from sqlmodel import select

    from mailer.cli import main
    from mailer.store import Outgoing, Store
    from test_terminal import demo_game

    cfg, env = demo_game.__wrapped__(tmp_path)
    runner = CliRunner()
    early = {**env, "MAFIA_MAIL_NOW": (cfg.start + timedelta(hours=20)).isoformat()}
    assert runner.invoke(main, ["sync"], env=early).exit_code == 0
    closed = runner.invoke(main, ["close-day", "--early", "--yes"], env=early)
    assert closed.exit_code == 0, closed.output
    store = Store(cfg.database_url)
    try:
        from mailer.day.context import current_context

        with store.session() as s:
            state = current_context(s).state
        dead = next(n for n, p in state.players.items() if not p.alive)
        living = next(n for n, p in state.players.items() if p.alive)
        box = cfg.path.parent / "maildir" / "new"
        at = cfg.start + timedelta(hours=21)
        for n, nick in enumerate((dead, living)):
            addr = next(p.emails[0] for p in cfg.players if p.nick == nick)
            (box / f"{int(at.timestamp()) + n}.M52P{n}.late").write_bytes(
                f"From: {nick} <{addr}>\r\nTo: host@example.org\r\nSubject: ход\r\n"
                f"Message-ID: <late{n}.52@example.org>\r\nDate: Mon, 07 Dec 2026 20:00:00 +0300\r\n"
                "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
                f"Content-Transfer-Encoding: 8bit\r\n\r\nГолосую за {dead if nick == living else living}".encode())
        later = {**env, "MAFIA_MAIL_NOW": (cfg.start + timedelta(hours=22)).isoformat()}
        assert runner.invoke(main, ["sync"], env=later).exit_code == 0
        with store.session() as s:
            replies = {r.to_nick: r.body for r in s.exec(select(Outgoing).where(
                Outgoing.kind == "reply", Outgoing.headers_json.contains("52@example.org")))}
    finally:
        store.dispose()
    assert "досрочно" not in replies[dead], replies[dead]
    assert "выбыли" in replies[dead], replies[dead]
    assert "Ведущий закрыл день 1 досрочно" in replies[living], replies[living]


def test_a_bossless_clan_is_told_tomorrows_full_moon_kills_two(tmp_path):
    from mailer.store import DayRow
    from engine.gamefile import load_game_file
    from engine.replay import replay_turns
    from test_russian import START, day_row, game_text, renderer_for

    roles = {"P1": "clan1.boss", "P2": "clan1.thief", "P3": "clan1.guard", "P4": "doctor",
             "P5": "civilian", "P6": "civilian", "P7": "civilian", "P8": "civilian"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "P1" for n in roles if n != "P1"}
    [t] = replay_turns(load_game_file(game_text(roles, [{"moves": [], "votes": votes}])))
    moon = DayRow(day=2, deadline=START + timedelta(days=2), event="full_moon")
    letters = {n: b for n, _, b in renderer.result_letters(
        result=t.result, row=day_row(1), state_before=t.state_before, next_row=moon)}
    told = ("Пишите в письме с ходами «Убиваем …» и ник жертвы (завтра «Полнолуние»: клан "
            "убивает двоих — «Убиваем X и Y»); если приказы разные")
    assert told in " ".join(letters["P2"].split()), letters["P2"]
    assert "Полнолуние»: клан убивает двоих" not in letters["P5"]


def test_a_missing_vote_names_the_forum_thread_but_not_under_secret(tmp_path):
    """A fresh host's players who vote in the thread (FORUM.md: the lynch is voted there) were
    told a vote missing from the letter costs an autokill point: the reply names both ways to
    vote; under «Тайна» (votes by letter only) it says so instead."""
    from test_fresh_user18 import NO_VOTE_LINE, _demo_replies

    assert "ни в ветке форума" in NO_VOTE_LINE
    replies = _demo_replies(tmp_path / "secret", "secret")
    told = ("Голоса на линче в письме нет: сегодня («Тайна») голосуют только письмом; если не "
            "проголосуете до срока, за день будет штрафное очко автокилла.")
    assert [n for n, bodies in replies.items() if any(told in b for b in bodies)] == ["Штирлиц"]
    assert not any("ветке форума" in b for bodies in replies.values() for b in bodies)


def test_explain_names_the_member_whose_own_state_stopped_the_bosss_move_for_him():
    """A fresh host read «кража за Колобка → Пчёлка — не состоялось: сам повешен» under the
    boss's heading as the boss hanged: the member is named («Колобок повешена» agrees with
    the member's gender), and a reason about the boss's own move still reads «сам(а)»."""
    from engine.explain import explain_turn
    from engine.model import Submission, Move
    from test_resolve import T0, game, mv, run

    state = game()
    order = Submission("B1", Move("on_behalf", member="T1", move=Move("rob", "Doc")), T0, 1)
    votes = [mv(n, "vote", "T1") for n in ("P1", "P2", "P3", "P4", "Det")]
    res = run(state, order, mv("B1", "boss_check", "P1"), *votes)
    text = explain_turn(res, state, {"T1": "f"})
    line = next(l for l in text.splitlines() if "кража за T1" in l)
    assert line.endswith("— не состоялось: T1 повешена"), line
    assert "сам" not in line


def test_a_question_to_the_host_is_not_a_word_to_teach(tmp_path):
    """A fresh host found his players' questions in ``words`` and in sync's «где что-то не
    понято» (both for words to teach): a question is the host's to answer, listed once as a
    question; a move in the player's own words in the same sync is still listed."""
    from click.testing import CliRunner

    from mailer.cli import main
    from mailer.taught_words import unread_letters
    from mailer.store import Store
    from test_terminal import demo_game

    cfg, env = demo_game.__wrapped__(tmp_path)
    box = cfg.path.parent / "maildir" / "new"
    at = int((cfg.start + timedelta(hours=2)).timestamp())
    for n, (addr, text) in enumerate([("marusya@example.org", "А можно проверить Буку второй раз подряд?"),
                                      ("jaguar@example.org", "Отпаиваю компотом Буку.")]):
        (box / f"{at + n}.M52Q{n}.q").write_bytes(
            f"From: <{addr}>\r\nTo: host@example.org\r\nSubject: вопрос\r\nMessage-ID: <q{n}.52@x>\r\n"
            "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Transfer-Encoding: 8bit\r\n\r\n{text}".encode())
    synced = CliRunner().invoke(main, ["sync"], env=env)
    assert synced.exit_code == 0, synced.output
    store = Store(cfg.database_url)
    try:
        unread = unread_letters(store)
    finally:
        store.dispose()
    texts = [t for _, _, found, _ in unread for t in found]
    assert not any("второй раз подряд" in t for t in texts), texts
    assert any("Отпаиваю" in t for t in texts), texts
    said = " ".join(synced.output.split())
    assert "«А можно проверить Буку второй раз подряд?»" in said, said


def test_a_question_the_replys_refusal_answers_is_not_listed_for_the_host(tmp_path):
    """«Можно я снова вылечу X?» from a doctor who healed X yesterday: the reply says the
    rules forbid the same player two turns running — that answers it, so it is not listed
    for the host, nor told «ведущий ответит отдельно»; a question the reply does not answer
    still is."""
    from sqlmodel import select

    from mailer.day import close_day
    from mailer.store import Letter, Outgoing, Store
    from mailer.sync import sync
    from test_terminal import demo_game

    cfg, env = demo_game.__wrapped__(tmp_path)
    store = Store(cfg.database_url)
    try:
        sync(cfg, store, now=cfg.start + timedelta(hours=20))
        close_day(cfg, store, now=cfg.start + timedelta(days=1, minutes=10))
        with store.session() as s:
            checked = next(l for l in store.letters(s) if l.nick == "Пчёлка" and l.day == 1)
        target = next(m["target"] for m in __import__("json").loads(checked.moves_json) if m["action"] == "heal")
        from engine.names import inflect

        box = cfg.path.parent / "maildir" / "new"
        at = int((cfg.start + timedelta(days=1, hours=2)).timestamp())
        texts = [f"Можно я снова вылечу {inflect(target, 'accs')}?", "А когда будут итоги дня?"]
        for n, text in enumerate(texts):
            (box / f"{at + n}.M52R{n}.r").write_bytes(
                f"From: <pchelka@example.com>\r\nTo: host@example.org\r\nSubject: ход\r\nMessage-ID: <r{n}.52@x>\r\n"
                "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
                f"Content-Transfer-Encoding: 8bit\r\n\r\n{text}".encode())
        rep = sync(cfg, store, now=cfg.start + timedelta(days=1, hours=3))
        asked = [q for _, _, qs in rep.questions for q in qs]
        assert asked == [texts[1]], asked
        with store.session() as s:
            reply = s.exec(select(Outgoing).where(Outgoing.kind == "reply",
                                                  Outgoing.headers_json.contains("r0.52@x"))).one()
        assert "два хода подряд" in reply.body, reply.body
        assert "ответит отдельно" not in reply.body, reply.body
    finally:
        store.dispose()


def test_a_later_letter_corrects_the_target_of_an_earlier_one(tmp_path):
    """A fresh host's player sent «Ой, ошибся: не Лисичку, а Бублика» after his «Охраняю
    Лисичку»: read alone it names no move, and the old guard stood. Read as the correction of
    the earlier letter's move (here a doctor's heal): the reply says so, and close-day resolves
    the corrected move
    (the replay reads the letter the same way). A letter whose «не X» names no earlier target
    stays asked."""
    import json

    from sqlmodel import select

    from engine.names import inflect
    from mailer.day import close_day
    from mailer.store import Outgoing, Store
    from mailer.sync import sync
    from test_terminal import demo_game

    cfg, env = demo_game.__wrapped__(tmp_path)
    store = Store(cfg.database_url)
    try:
        sync(cfg, store, now=cfg.start + timedelta(hours=20))
        with store.session() as s:
            first = next(l for l in store.letters(s) if l.nick == "Пчёлка" and l.day == 1)
        healed = next(m["target"] for m in json.loads(first.moves_json) if m["action"] == "heal")
        other = next(n for n in ("Бублик", "Карлсон", "Ёжик") if n != healed)
        box = cfg.path.parent / "maildir" / "new"
        at = int((cfg.start + timedelta(hours=21)).timestamp())
        texts = [f"Ой, ошибся: не {inflect(healed, 'accs')}, а {inflect(other, 'accs')}.",
                 f"Ой, ошибся: не {inflect('Вишенка', 'accs')}, а {inflect(other, 'accs')}."]
        for n, text in enumerate(texts):
            (box / f"{at + n}.M52C{n}.c").write_bytes(
                f"From: <pchelka@example.com>\r\nTo: host@example.org\r\nSubject: Re: ход\r\n"
                f"Message-ID: <c{n}.52@x>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
                f"Content-Transfer-Encoding: 8bit\r\n\r\n{text}".encode())
            sync(cfg, store, now=cfg.start + timedelta(hours=21, minutes=n + 1))
        with store.session() as s:
            replies = {o.headers_json: o.body for o in s.exec(select(Outgoing).where(
                Outgoing.kind == "reply", Outgoing.to_nick == "Пчёлка"))}
        corrected = next(b for h, b in replies.items() if "c0.52@x" in h)
        assert f"Принято (день 1):\n  - Лечение: {other}\n" in corrected, corrected
        asked = next(b for h, b in replies.items() if "c1.52@x" in h)
        assert "Принято" not in asked.split("Остаются в силе")[0], asked
        closed = close_day(cfg, store, now=cfg.start + timedelta(days=1, minutes=10))
        heals = [(m["target"], m["outcome"]) for m in closed.result.to_json()["moves"]
                 if m["by"] == "Пчёлка" and m["action"] == "heal"]
        assert heals == [(healed, "void"), (other, "done")], heals
    finally:
        store.dispose()


import pytest  # noqa: E402


@pytest.mark.parametrize("sender, earlier, text, want", [
    # the target of the earlier move corrected, in the grammar's own correction words
    ("Пчёлка", [("heal", "Бука")], "Ой, ошибся: не Буку, а Ёжика.", ("heal", "Ёжик")),
    ("Вишенка", [("vote", "Бука")], "Ой, ошибка вышла: не Буку, а Ёжика!", ("vote", "Ёжик")),
    # near misses: two earlier moves the words could correct; «не X» names no earlier
    # target; a letter with a move of its own; talk
    ("Маруська", [("check", "Бука"), ("vote", "Карлсон")], "Ой, нет, Ёжика.", None),
    ("Пчёлка", [("heal", "Бука")], "Ой, ошибся: не Карлсона, а Ёжика.", None),
    ("Пчёлка", [("heal", "Бука")], "Лечу Ёжика.", None),
    ("Маруська", [("check", "Бука"), ("vote", "Карлсон")], "Перепутала! Не Буку, а Ёжика проверяю.", None),
    ("Пчёлка", [("heal", "Бука")], "Не Бука виноват, а погода.", None),
])
def test_corrected_earlier_reads_only_one_correction(sender, earlier, text, want):
    import sys

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from engine.model import Move
    from engine.parse import parse_letter
    from engine.parse_earlier import corrected_earlier
    from test_parse import build

    state, turn = build({"from": sender, "roster": "demo"})
    plain = parse_letter(text, sender, state, turn)
    got = corrected_earlier(text, sender, state, turn, [Move(a, t) for a, t in earlier], plain)
    assert (None if got is None else [(m.action, m.target) for m in got.moves]) == \
        (None if want is None else [want]), (plain, got)
