"""What a fresh host found playing the demo game on (session 49): a swindle left with no
branch accepted with no word of what it still does."""

from __future__ import annotations

from test_fresh_user28 import _game, _reply, _send


def test_a_swindle_without_a_branch_says_it_only_cancels_the_targets_move(tmp_path):
    """DECISIONS.md §5 Swindler: a swindle with no branch for the target's role still cancels
    the target's role move, and the swindler does nothing in its place; a swindle with no
    branch at all is told so, one with a branch is not."""
    g = _game(tmp_path)
    try:
        _send(g, "swind@example.org", "Жульничаю у Маруськи. Голос — Кира", "s1@x", 2)
        body = " ".join(_reply(g, "s1@x").body.split())
        assert "Жульничество: Маруська" in body
        assert ("В жульничестве нет ни одной ветки: если у Маруськи роль ролевого мирного, ход этой "
                "роли ночью отменится, а вы вместо него ничего не сделаете.") in body
        _send(g, "swind@example.org", "Жульничаю у Маруськи, если доктор — лечу Киру", "s2@x", 3)
        body = _reply(g, "s2@x").body
        assert "если врач — Лечение: Кира" in body and "нет ни одной ветки" not in body
    finally:
        g.store.dispose()


def test_a_game_over_undone_by_reopen_day_is_told_to_everyone_who_was_told_it(tmp_path):
    """The game ended on day 2 and «Игра окончена» went to every player; the host reopens day
    2 and closes it again with the game going on: the living players' corrected results and
    a short letter to the dead say that the end of the game is cancelled (a fresh host's
    players were left with «Победа: мирные» and every role revealed)."""
    from datetime import timedelta

    from mailer.day import close_day, reopen_day
    from mailer.inputs import import_votes
    from mailer.outbox import send_all
    from test_sync import Game

    g = Game(tmp_path)
    try:
        end = ended_on_day_two(g)
        send_all(g.cfg, g.store, now=end)
        reopen_day(g.cfg, g.store, 2)
        # the host's corrected count, a tie: nobody is hanged, the game goes on
        import_votes(g.cfg, g.store, "Маруська,Бука\nБука,Маруська\n", now=end + timedelta(minutes=1))
        again = close_day(g.cfg, g.store, now=end + timedelta(minutes=2))
        assert again.winner is None
        told = "Игра не окончена: ведущий пересмотрел итоги дня 2, прежнее письмо «Игра окончена» отменено — игра продолжается."
        queued = [r for r in g.replies("result") if r.state == "queued"]
        by_nick = {r.to_nick: r for r in queued}
        assert set(by_nick) == {"Маруська", "Бука", "Ягуарчик", "Serginio"}
        assert all(told in " ".join(r.body.split()) for r in queued), [r.body for r in queued]
        assert all(r.body.startswith(told) for r in queued if r.to_nick != "Serginio")  # (first)
        assert by_nick["Serginio"].body.startswith("Здравствуйте, Serginio!")
        assert by_nick["Serginio"].subject.endswith("Игра продолжается")
    finally:
        g.store.dispose()


def ended_on_day_two(g, event: str = "none"):
    """Play the test game ``g`` (test_sync.Game) to its end: Serginio hanged on day 1,
    Ягуарчик on day 2 (under ``event``, an event id of DECISIONS.md §6), the civilians win at
    day 2's close. Returns the moment of that close."""
    from datetime import timedelta

    from mailer.day import close_day, set_event
    from mailer.sync import sync
    from test_sync import DEADLINE, START, letter

    set_event(g.cfg, g.store, "none", now=START)
    for n, voter in enumerate(("marusya@example.org", "jaguar@example.org", "buka@example.org")):
        g.deliver(letter(voter, "Линч: Serginio", msgid=f"d1.{n}@x"), START + timedelta(hours=2))
    g.sync()
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    set_event(g.cfg, g.store, event, now=DEADLINE + timedelta(minutes=6))
    for n, voter in enumerate(("marusya@example.org", "buka@example.org")):
        g.deliver(letter(voter, "Линч: Ягуарчик", msgid=f"d2.{n}@x"), DEADLINE + timedelta(hours=2))
    sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=3))
    end = DEADLINE + timedelta(days=1, minutes=5)
    assert close_day(g.cfg, g.store, now=end).winner == "civilians"
    return end


def test_too_many_votes_is_a_vote_not_accepted_and_a_wish_on_the_target_no_skip(tmp_path):
    """A player's trial: «Линч: A, B, C» on a one-vote day was told «Голоса на линче в письме
    нет» beside the refusal (he did vote: it was not accepted); «Ворую у X, пусть посидит без
    хода» was told «Вы пропускаете ночной ход» beside the theft."""
    g = _game(tmp_path)
    try:
        _send(g, "kira@example.org", "Линч: Маруська, Бука, Ягуарчик", "v1@x", 2)
        body = _reply(g, "v1@x").body
        assert "Названо больше игроков, чем у вас сегодня голосов" in body
        assert "Голос на линче из письма не принят: если до срока не проголосуете" in body
        assert "Голоса на линче в письме нет" not in body
        _send(g, "thief@example.org", "Ворую у Киры, пусть посидит без хода) Линч: Бука", "t1@x", 3)
        body = _reply(g, "t1@x").body
        assert "Кража: Кира" in body and "пропускаете" not in body
    finally:
        g.store.dispose()


def test_moves_in_the_subject_only_are_told_not_read(tmp_path):
    """A player's trial: Subject «Линч Маруська», text «всё в теме»: the reply said only «В
    письме я не нашёл ни одного хода»; it now says the text has no move and moves are not read
    from the subject, naming it (as for a letter with an empty text). A subject with no move
    («Ход», «Привет») beside a text without one is not named."""
    g = _game(tmp_path)
    try:
        _send(g, "kira@example.org", "всё в теме", "s1@x", 2, subject="Линч Маруська")
        body = " ".join(_reply(g, "s1@x").body.split())
        assert ("В тексте письма хода нет, а ходы я читаю только из текста письма, не из темы (в теме — "
                "«Линч Маруська»)") in body
        assert "не нашёл ни одного хода" not in body
        _send(g, "kira@example.org", "всем привет, я пока думаю", "s2@x", 3, subject="Привет")
        body = " ".join(_reply(g, "s2@x").body.split())
        assert "не нашёл ни одного хода" in body and "из темы" not in body
    finally:
        g.store.dispose()
