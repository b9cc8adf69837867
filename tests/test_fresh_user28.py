"""What a new user found trying the demo game (session 28): a move left to the boss still
told standing beside the member's own later move; a swindler's one-branch correction that
left him unsure what counts; two letters of one sync answered sometimes once, sometimes
twice; a question to the host not listed in the sync summary."""

from __future__ import annotations

from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main as cli_main
from mailer.questions import host_questions, small_talk
from mailer.status import read_status
from test_sync import DEADLINE, START, Game, letter

PLAYERS = """
[[player]]
nick = "Ловчила"
email = "thief@example.org"
role = "clan1.thief"
[[player]]
nick = "Жук"
email = "swind@example.org"
role = "swindler"
[[player]]
nick = "Кира"
email = "kira@example.org"
role = "civilian"
"""


def _game(tmp_path, name: str = "g") -> Game:
    root = tmp_path / name
    root.mkdir()
    return Game(root, players=PLAYERS)


def _send(g: Game, address: str, body: str, msgid: str, hours: float, sync: bool = True, **kw) -> None:
    g.deliver(letter(address, body, msgid=msgid, **kw), START + timedelta(hours=hours))
    if sync:
        g.sync()


def _reply(g: Game, msgid: str):
    return next(r for r in g.replies("reply") if r.ref == f"reply:{msgid}")


# --- 1. «ход на усмотрение босса», then the member's own move -----------------------------------

def test_own_move_after_leaving_it_to_the_boss_replaces_the_delegation(tmp_path):
    """DECISIONS.md §4 Boss (c), §8: the later letter's own role move replaces the move left
    to the boss; the reply says so and no longer lists «Ход на усмотрение босса» as standing,
    and ``status`` shows the theft alone (close-day: tests/cases/boss_on_behalf_member_*)."""
    g = _game(tmp_path)
    try:
        _send(g, "thief@example.org", "Ход на усмотрение босса. Линч: Кира", "d1@x", 2)
        _send(g, "thief@example.org", "Ворую у Буки", "d2@x", 3)
        body = _reply(g, "d2@x").body
        standing = body.split("Остаются в силе", 1)[1]
        assert "Принято (день 1):\n  - Кража: Бука\n" in body
        assert "заменены этим письмом:\n  - Ход на усмотрение босса\n" in body
        assert "усмотрение" not in standing and "Голос на линче: Кира" in standing
        [row] = [p for p in read_status(g.cfg).players if p.nick == "Ловчила"]
        assert row.moves == ["rob"] and row.voted
    finally:
        g.store.dispose()


def test_leaving_the_move_to_the_boss_after_an_own_move_replaces_it(tmp_path):
    g = _game(tmp_path)
    try:
        _send(g, "thief@example.org", "Ворую у Буки. Линч: Кира", "d1@x", 2)
        _send(g, "thief@example.org", "Ход на усмотрение босса", "d2@x", 3)
        body = _reply(g, "d2@x").body
        assert "Принято (день 1):\n  - Ход на усмотрение босса\n" in body
        assert "заменены этим письмом:\n  - Кража: Бука\n" in body
        assert "Кража" not in body.split("Остаются в силе", 1)[1]
        [row] = [p for p in read_status(g.cfg).players if p.nick == "Ловчила"]
        assert row.moves == ["delegate"]
    finally:
        g.store.dispose()


# --- 2. a swindler's one-branch correction -------------------------------------------------------

FULL = ("Жульничаю у Маруськи. Если доктор — лечу Киру, если комиссар — проверяю Ягуарчика. "
        "Линч: Кира")


def test_an_unread_branch_correction_says_the_earlier_swindle_stands_unchanged(tmp_path):
    """«Поправка: если доктор — лечу Y» is no move (DECISIONS.md §8: a letter's swindle
    replaces the earlier one whole, never one branch of it): the reply says the correction
    was not applied and the earlier swindle stands as it was, listed in full."""
    g = _game(tmp_path)
    try:
        _send(g, "swind@example.org", FULL, "s1@x", 2)
        _send(g, "swind@example.org", "Поправка: если доктор — лечу Serginio", "s2@x", 3)
        body = _reply(g, "s2@x").body
        assert "Поправку к жульничеству я не понял и не применил: в силе жульничество из прежнего " \
               "письма без изменений" in body
        assert "Остаются в силе ходы из ваших прежних писем за день 1:\n  - Жульничество: Маруська\n" \
               "    если детектив — Проверка: Ягуарчик\n    если врач — Лечение: Кира\n" in body
    finally:
        g.store.dispose()


def test_a_swindle_with_fewer_branches_says_the_dropped_branches_no_longer_count(tmp_path):
    """A correction written as a swindle («Поправка: жульничаю у X, если доктор — лечу Y»)
    replaces the earlier swindle whole: the reply names the branches that no longer count,
    and close-day resolves the new swindle alone (its target's branch was dropped)."""
    from mailer.day import close_day

    g = _game(tmp_path)
    try:
        _send(g, "swind@example.org", FULL, "s1@x", 2)
        _send(g, "swind@example.org", "Поправка: жульничаю у Маруськи, если доктор — лечу Serginio", "s2@x", 3)
        body = _reply(g, "s2@x").body
        assert "Принято (день 1):\n  - Жульничество: Маруська\n    если врач — Лечение: Serginio\n" in body
        assert "Жульничество заменено целиком" in body
        assert "Ветка из прежнего письма («если детектив») больше не действует." in body
        result = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5)).result
        swindles = [m for m in result.to_json()["moves"] if m["action"] == "swindle"]
        # Маруська is the detective: the dropped «если детектив» branch does not run
        assert [(m["outcome"], m.get("reason")) for m in swindles] == [("void", "superseded"), ("done", "no_branch")]
    finally:
        g.store.dispose()


# --- 3. two letters of one player in one sync: one reply, always ---------------------------------

def test_two_letters_in_one_sync_get_one_reply_that_repeats_the_first_ones_refusal_and_question(tmp_path):
    """mailer.reply_context: the earlier reply still queued is held back whatever it said; the
    later reply says what counts after both and repeats the earlier letter's refusal and
    question to the host (a refusal a later move settled is not repeated)."""
    g = _game(tmp_path)
    try:
        _send(g, "buka@example.org", "Лечу Пушистика. Голос — Ягуарчик. Ведущий, а можно лечить себя?",
              "a@x", 2, sync=False)
        _send(g, "buka@example.org", "Голос — Маруська.", "b@x", 3)
        states = {r.ref: r.state for r in g.replies("reply")}
        assert states == {"reply:a@x": "dropped", "reply:b@x": "queued"}
        body = _reply(g, "b@x").body
        assert "Из письма, полученного 07.12.2026 21:30 (МСК):\n" \
               "  - Не принято: Ни один ник из списка игроков не подходит к слову «Пушистика»" in body
        assert "  - Вопрос к ведущему (ответит ведущий сам): «Ведущий, а можно лечить себя?»" in body
        assert "Принято (день 1):\n  - Голос на линче: Маруська\n" in body
        assert "Ягуарчик" not in body.split("заменены этим письмом", 1)[0]
        # a third letter (another sync) stands for both; the heal now stands: the refusal goes
        _send(g, "buka@example.org", "Лечу Маруську", "c@x", 4)
        states = {r.ref: r.state for r in g.replies("reply")}
        assert states == {"reply:a@x": "dropped", "reply:b@x": "dropped", "reply:c@x": "queued"}
        body = _reply(g, "c@x").body
        assert "Пушистик" not in body and "«Ведущий, а можно лечить себя?»" in body
    finally:
        g.store.dispose()


def test_the_carried_question_is_answered_by_a_reply_to_the_later_reply(tmp_path):
    """The question of the held-back reply («Пушистика» is nobody) is answered by a reply to
    the reply that repeated it."""
    g = _game(tmp_path)
    try:
        _send(g, "buka@example.org", "Лечу Пушистика. Голос — Ягуарчик.", "a@x", 2, sync=False)
        _send(g, "buka@example.org", "Голос — Маруська.", "b@x", 3)
        later = _reply(g, "b@x")
        _send(g, "buka@example.org", "Serginio", "c@x", 4, extra=f"In-Reply-To: <{later.message_id}>\r\n")
        assert "Принято (день 1):\n  - Лечение: Serginio\n" in _reply(g, "c@x").body
    finally:
        g.store.dispose()


# --- 4. questions to the host in a letter with moves --------------------------------------------

def test_small_talk_to_the_host_is_not_listed_but_the_question_after_it_is():
    assert host_questions("Ведущий, как дела? А можно завтра лечить себя?") == ["А можно завтра лечить себя?"]
    assert host_questions("Привет, ведущий! Как дела? Лечу Буку.") == []
    assert host_questions("Как жизнь, ведущий? Когда итоги?") == ["Когда итоги?"]
    assert host_questions("Ведущий, как дела? И сколько всего мафов?") == ["И сколько всего мафов?"]
    # near misses: a question about the game that opens like small talk is the host's
    assert host_questions("Ведущий, как дела с итогами?") == ["Ведущий, как дела с итогами?"]
    assert host_questions("Ведущий, а как считается голос?") == ["Ведущий, а как считается голос?"]
    assert small_talk("Ведущий, что нового?") and not small_talk("Ведущий, что нового по правилам?")


def test_the_sync_summary_lists_the_questions_to_the_host(tmp_path):
    g = _game(tmp_path)
    try:
        _send(g, "buka@example.org", "Ведущий, как дела? А можно завтра лечить себя?\nЛечу Маруську. Линч: Кира",
              "q1@x", 2, sync=False)
        out = CliRunner().invoke(cli_main, ["--config", str(g.root / "game.toml"), "sync"],
                                 env={"MAFIA_MAIL_NOW": (START + timedelta(hours=3)).isoformat()})
        assert out.exit_code == 0, out.output
        assert "Вопросы к ведущему в новых письмах" in out.output
        assert "  1: Бука — «А можно завтра лечить себя?»" in out.output
        assert "как дела" not in out.output
        body = _reply(g, "q1@x").body
        assert "Вопрос к ведущему — ответит ведущий сам" in body and "как дела" not in body
    finally:
        g.store.dispose()
