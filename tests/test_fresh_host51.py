"""A fresh host's findings (session 50): a «Страх» day closed early waits for the chosen
player's letter before its deadline, and every command the tool then names must work as
named — «close-day --early», not «close-day», which refuses before the deadline."""

from __future__ import annotations

from datetime import timedelta

from test_fresh_host25 import fear_demo


def test_early_close_waiting_for_fear_names_the_early_command_everywhere(tmp_path):
    cfg, run, after = fear_demo(tmp_path)
    before = {**after, "MAFIA_MAIL_NOW": (cfg.start + timedelta(hours=3)).isoformat()}
    closed = run(["close-day", "--early", "--yes"], before)
    assert closed.exit_code == 3, closed.output
    said = " ".join(closed.output.split())
    assert "ответ прочитает sync). Ответить за Ромашку: mafia-mail close-day --early " \
           "--fear-choice НИК. Когда ответ придёт, закрыть день: mafia-mail close-day --early" \
           in said, said
    status = " ".join(run(["status"], before).output.split())
    assert "Ответить за Ромашку: mafia-mail close-day --early --fear-choice НИК" in status, status
    plain = run(["close-day"], before)  # the host forgets --early: told how to go on
    assert plain.exit_code == 1
    told = " ".join(plain.output.split())
    assert "день 1 закрывается досрочно и ждёт выбора «Страха» от Ромашки" in told, told
    assert "Продолжить закрытие: mafia-mail close-day --early" in told
    assert "уже закрыт" not in told
    done = run(["close-day", "--early", "--yes", "--fear-choice", "Бука"], before)
    assert done.exit_code == 0, done.output
    assert "День 1 закрыт." in done.output


def test_fear_wait_after_the_deadline_names_plain_close_day(tmp_path):
    _cfg, run, _after = fear_demo(tmp_path)
    assert run(["close-day"]).exit_code == 3
    status = " ".join(run(["status"]).output.split())
    assert "Ответить за Ромашку: mafia-mail close-day --fear-choice НИК" in status, status
    assert "--early" not in status
