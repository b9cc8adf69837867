"""A fresh host's findings (session 53's trial), fixed in session 53: the «Страх» chooser's
unclear answer, which comes after the deadline by design, is asked about in the day that waits
for it (it was put off to the next day as a late letter, and the day hung with no question)."""

from __future__ import annotations

from datetime import timedelta

from test_fresh_host25 import fear_demo


def _romashka(cfg, at, body: str, n: int) -> None:
    """A letter of Ромашка (the demo's most-voted player) with ``body``, delivered at ``at``."""
    box = cfg.path.parent / "maildir" / "new"
    (box / f"{int(at.timestamp())}.M53P{n}.fear").write_bytes(
        "From: Ромашка <romashka@example.org>\r\nTo: host@example.org\r\nSubject: Re: Страх\r\n"
        f"Message-ID: <fear53.{n}@example.org>\r\nDate: Mon, 07 Dec 2026 20:00:00 +0300\r\n"
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Transfer-Encoding: 8bit\r\n\r\n{body}".encode())


def _answered(tmp_path, body: str):
    """The demo's «Страх» day waiting for Ромашка's choice after its deadline; her letter
    ``body`` delivered and synced. Returns ``(cfg, run, later, row, reply)``: the config, the CLI runner, its
    environment after the sync, her stored letter and the last reply queued to her."""
    from sqlmodel import select

    from mailer.store import Letter, Outgoing, Store

    cfg, run, after = fear_demo(tmp_path)
    assert run(["close-day"]).exit_code == 3  # the day waits for Ромашка's choice
    _romashka(cfg, cfg.start + timedelta(days=1, minutes=20), body, 1)
    later = {**after, "MAFIA_MAIL_NOW": (cfg.start + timedelta(days=1, minutes=30)).isoformat()}
    assert run(["sync"], later).exit_code == 0
    store = Store(cfg.database_url)
    try:
        with store.session() as s:
            row = s.exec(select(Letter).where(Letter.message_id == "fear53.1@example.org")).one()
            reply = s.exec(select(Outgoing).where(Outgoing.kind == "reply", Outgoing.to_nick == "Ромашка")
                           .order_by(Outgoing.id.desc())).first()
            s.expunge_all()
    finally:
        store.dispose()
    return cfg, run, later, row, reply


def test_an_unclear_fear_answer_after_the_deadline_is_asked_in_the_waiting_day(tmp_path):
    cfg, run, after, row, reply = _answered(tmp_path, "Выбираю Кирку.")
    assert (row.day, row.state) == (1, "no_moves"), (row.day, row.state)
    assert reply is not None and "Кирку" in reply.body, reply.body
    assert "после срока" not in reply.body and "дню 2" not in reply.body, reply.body
    # his answer to the question makes the choice, and the day closes with it
    _romashka(cfg, cfg.start + timedelta(days=1, minutes=40), "Бука", 2)
    last = {**after, "MAFIA_MAIL_NOW": (cfg.start + timedelta(days=1, minutes=50)).isoformat()}
    synced = run(["sync"], last)
    assert "«Страх»: выбор Ромашки — Бука" in " ".join(synced.output.split()), synced.output
    closed = run(["close-day"], last)
    assert closed.exit_code == 0 and "День 1 закрыт." in closed.output, closed.output


def test_a_game_over_that_says_the_same_again_is_not_sent_twice(tmp_path):
    """Finding 4: the host reopened the last day and closed it again with the same end:
    «Итоги не изменились … повторно не посылаются» for the results, yet every player got a
    second «Игра окончена (исправлено)» saying just what the first said. And a notice «your
    letter counts for day 3», queued before the re-close, stayed in the queue with no day 3."""
    from mailer.day import close_day, reopen_day
    from mailer.outbox import send_all
    from mailer.store import Outgoing
    from mailer.sync import sync
    from sqlmodel import select
    from test_fresh_host49 import ended_on_day_two
    from test_sync import Game, letter

    g = Game(tmp_path)
    try:
        end = ended_on_day_two(g)
        send_all(g.cfg, g.store, now=end)
        sent = [r for r in g.replies("final") if r.state == "sent"]
        assert len(sent) == len(g.cfg.players)
        reopen_day(g.cfg, g.store, 2)
        # a letter after day 2's deadline while it is open again: «counts for day 3»
        g.deliver(letter("buka@example.org", "Эх. Линч: Маруська", msgid="late@x"),
                  end + timedelta(minutes=1))
        sync(g.cfg, g.store, now=end + timedelta(minutes=2))
        with g.store.session() as s:
            notice = s.exec(select(Outgoing).where(Outgoing.ref.like("next_day:late@x%"))).one()
            assert notice.state == "queued" and notice.day == 3
        report = close_day(g.cfg, g.store, now=end + timedelta(minutes=3))
        assert report.winner == "civilians" and report.final_unchanged == len(g.cfg.players)
        assert [r for r in g.replies("final") if r.state == "queued"] == []
        with g.store.session() as s:
            notice = s.exec(select(Outgoing).where(Outgoing.ref.like("next_day:late@x%"))).one()
        assert notice.state == "dropped" and "дня 3 не будет" in notice.error, (notice.state, notice.error)
    finally:
        g.store.dispose()


def test_a_move_left_to_the_boss_who_made_none_is_not_told_done():
    """Finding 8: «Ход на усмотрение босса» and the boss sent nothing for her: her results
    letter and explain said «выполнен(о)» though nothing was done."""
    from engine.explain import explain_turn
    from mailer.render import Renderer
    from test_fresh_user19 import BEHALF_ROLES, _turn

    moves = [{"by": "B", "action": "on_behalf", "member": "T", "move": {"action": "rob", "target": "D"}},
             {"by": "G", "action": "delegate"}]
    t = _turn(BEHALF_ROLES, [{"moves": moves, "votes": {}}])
    notes = explain_turn(t.result, t.state_before).splitlines()
    assert "    • охрана на усмотрение босса — босс хода за него не сделал" in notes, notes
    assert not any("на усмотрение босса — выполнено" in line for line in notes)
    assert "    • кража за T (Вор, Клан 1) → D — выполнено" in notes


def test_the_result_letter_of_a_move_left_to_a_silent_boss_says_so(tmp_path):
    """Finding 8, the player's side: the thief left her move to the boss, who sent nothing."""
    from mailer.day import close_day
    from test_fresh_user28 import _game, _send
    from test_sync import DEADLINE

    g = _game(tmp_path)
    try:
        _send(g, "thief@example.org", "Ход на усмотрение босса. Линч: Кира", "d1@x", 2)
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        [body] = [r.body for r in g.replies("result") if r.to_nick == "Ловчила"]
        assert "босс в эту ночь хода за вас не сделал" in body, body
        assert "усмотрение босса — выполнен" not in body.replace("\n", " ")
    finally:
        g.store.dispose()


def test_the_son_activated_is_told_the_boss_rules_and_named_in_her_gender(tmp_path):
    """Finding 9: the clan's letter said «… — Ворона; он ваш Босс» of a player the config
    gives ``gender = "f"``, and the activated son got no word of what a boss does (the actor
    taking a role gets that role's rules)."""
    from test_russian import letters_and_paper, renderer_for

    roles = {"P1": "clan2.boss", "P2": "son", "P3": "clan2.thief", "P4": "doctor", "P5": "civilian"}
    renderer = renderer_for(tmp_path, {**{n: None for n in roles}, "P2": "f"})
    votes = {n: "P1" for n in roles if n != "P1"}
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    assert "Босс погиб. Его внебрачная дочь — P2; с этого дня (день 2) она ваш Босс." in letters["P3"]
    assert "вы — внебрачная дочь Босса" in letters["P2"]
    assert "Вы — глава клана." in letters["P2"] and "«убиваем …»" in letters["P2"]


def test_lost_vote_takes_a_nick_in_any_case_form(tmp_path):
    """Finding 10: «lost-vote Зайца» failed with «нет игрока» where --fear-choice takes a nick
    in any case; a form two nicks share is still refused."""
    import pytest

    from mailer.day import GameError, set_event
    from mailer.inputs import set_lost_votes
    from test_fresh_user28 import _game
    from test_sync import START

    g = _game(tmp_path)
    try:
        set_event(g.cfg, g.store, "paradox", now=START + timedelta(minutes=1))
        assert set_lost_votes(g.store, ["Ловчилу"]) == ["Ловчила"]
        assert set_lost_votes(g.store, ["Жука"]) == ["Жук"]
        with pytest.raises(GameError, match="нет игрока «Зайца»"):
            set_lost_votes(g.store, ["Зайца"])
    finally:
        g.store.dispose()


def test_a_fear_answer_with_other_moves_accepts_only_the_choice(tmp_path):
    """Found with finding 2: the chosen player's answer after the deadline also carried a
    theft; the reply said «Принято: Кража: Гоша» and that it replaced her on-time theft, while
    close-day refused the late theft and kept the on-time one. The reply now says what happens."""
    _cfg, run, later, row, reply = _answered(tmp_path, "Выбираю Буку. И ещё: ворую у Гоши.")
    assert row.moves_json == '[{"action": "fear_choice", "target": "Бука"}]', row.moves_json
    body = reply.body
    accepted = body.split("Принято (день 1):\n", 1)[1].split("\n\n", 1)[0]
    assert accepted == "  - Выбор при «Страхе»: Бука", body
    assert "«Кража: Гоша» — приём ходов дня 1 закончился" in body
    assert "Остаются в силе ходы из ваших прежних писем за день 1:\n  - Кража: Маруська" in body
    closed = run(["close-day"], later)
    assert closed.exit_code == 0 and "Повешен: Бука." in closed.output, closed.output
    explained = run(["explain", "--day", "1"], later).output
    assert "кража → Маруська — выполнено" in explained
