"""A fresh host's findings (session 53's trial), fixed in session 54."""

from __future__ import annotations

from datetime import timedelta

from test_sync import DEADLINE, Game, letter


def test_letters_read_before_the_close_count_only_the_closed_days(tmp_path):
    """close-day after the deadline, with no sync since: the mailbox is read first. A letter
    on time is the closed day's; one after the deadline waits for the next day and is read
    after the close. The host was told «Перед закрытием прочитано писем дня 1: 2» — the next
    day's letter counted among the closed day's."""
    from mailer.day import close_day

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську", msgid="c1@x"), DEADLINE - timedelta(minutes=1))
        g.deliver(letter("serg@example.org", "Голосую за Буку", msgid="c2@x"), DEADLINE + timedelta(minutes=2))
        rep = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        assert (rep.day, rep.read_first, rep.read) == (1, 1, 1)
        rows = {r.message_id: r for r in g.rows()}
        assert (rows["c1@x"].state, rows["c1@x"].day) == ("applied", 1)
        assert (rows["c2@x"].state, rows["c2@x"].day) == ("applied", 2)
    finally:
        g.store.dispose()


def test_status_of_an_ended_game_shows_the_roles_not_the_days_columns(tmp_path):
    """After the last close ``status`` listed every living player with «Голос: нет» and «Писем
    0», as if a day were open and they had not voted; it shows who is alive and every role."""
    from click.testing import CliRunner

    from mailer.cli import main
    from test_fresh_host49 import ended_on_day_two

    g = Game(tmp_path)
    try:
        end = ended_on_day_two(g)
        shown = CliRunner().invoke(main, ["--config", str(tmp_path / "game.toml"), "status"],
                                   env={"MAFIA_MAIL_NOW": end.isoformat()})
    finally:
        g.store.dispose()
    assert shown.exit_code == 0, shown.output
    lines = [" ".join(line.split()) for line in shown.output.splitlines()]
    assert lines[:6] == ["Игра «Синк» окончена. Победа: мирные.", "Игрок Жив Роль",
                         "Маруська да Детектив", "Бука да Врач", "Ягуарчик нет Босс (клан 1)",
                         "Serginio нет Мирный"], shown.output
    assert "Голос" not in shown.output and "Автокилл" not in shown.output


def test_a_fear_choice_not_understood_is_told_the_day_waits_for_it(tmp_path):
    """A fresh host (session 54): the «Страх» chooser's unclear choice letter was answered
    «Приём ходов на этот день закончился …» — he believed moves were closed and never wrote
    again, and close-day kept waiting; the reply says the day waits for his choice. A choice
    understood gets the usual line."""
    from test_fresh_host53 import _answered

    unclear = _answered(tmp_path / "a", "Выбираю Кирку.")[4].body
    flat = " ".join(unclear.split())
    assert "Приём ходов на этот день закончился 08.12.2026 19:30 (МСК), но день 1 ждёт вашего выбора при " \
           "«Страхе»: пришлите письмо с ником того, кого вы выбираете, например «Выбираю: ник»." in flat, unclear
    clear = _answered(tmp_path / "b", "Выбираю Бублика")[4].body
    assert "ждёт вашего выбора" not in clear and "Выбор при «Страхе»: Бублик" in clear
    assert "Приём ходов на этот день закончился 08.12.2026 19:30 (МСК); итоги — в письме после закрытия дня." in clear


def test_a_letter_after_the_last_days_deadline_is_told_so_not_after_the_end(tmp_path):
    """A fresh host (session 54): a letter at 19:33 after the last day's 19:30 deadline, read
    at the close at 19:36 that ended the game, was answered «пришло …, когда игра уже
    окончилась» — false: the game ended at 19:36. It is told it came after the last day's
    deadline, and that the game ended with that day's results."""
    from mailer.sync import sync
    from test_fresh_host49 import ended_on_day_two

    g = Game(tmp_path)
    try:
        late = DEADLINE + timedelta(days=1, minutes=3)
        g.deliver(letter("marusya@example.org", "Успел? Проверяю Буку", msgid="late54@x"), late)
        end = ended_on_day_two(g)
        sync(g.cfg, g.store, now=end + timedelta(minutes=1))  # (the close that ended the game left it)
        [row] = [r for r in g.rows() if r.message_id == "late54@x"]
        assert row.state == "after_end"
        [answer] = [r for r in g.replies("reply") if r.ref.startswith("reply:") and "late54@x" in r.ref]
    finally:
        g.store.dispose()
    assert "Ваше письмо пришло 09.12.2026 19:33 (МСК), после срока последнего дня игры «Синк» " \
           "(09.12.2026 19:30 (МСК)): итогами этого дня игра окончилась, поэтому ходов из него я не " \
           "принимаю. Победа: мирные." in " ".join(answer.body.split()), answer.body
