"""What a fresh host found playing the demo game on (twenty-fifth session): a «Ярость» reply
written after the deadline that still invited a second vote «до срока»; ``sync`` and ``status``
pointing at the whole ``inbox`` instead of the letters that need the host; ``reread`` of a
letter the next ``sync`` reads refused without saying so; and ``inbox`` lines «↳ адрес:» that
were empty, or named a player's own address as a stranger's."""

from __future__ import annotations

from datetime import timedelta

from mailer.day import set_event
from mailer.sync import sync
from test_sync import DEADLINE, START, Game, letter


# --- 1. a reply written after the deadline does not invite a second vote «до срока» ----------

SECOND_FREE = "второй можно прислать до срока"


def test_a_single_rage_vote_read_after_the_deadline_is_not_invited_to_send_a_second(tmp_path):
    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "rage", now=START + timedelta(minutes=5))
        g.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", msgid="r1@x"),
                  START + timedelta(hours=2))
        sync(g.cfg, g.store, now=DEADLINE + timedelta(minutes=3))  # read after the deadline
        [body] = [r.body for r in g.replies("reply")]
    finally:
        g.store.dispose()
    assert "Голос на линче: Ягуарчик" in body
    assert SECOND_FREE not in body
    assert "(в этот день у каждого было два голоса, в письме назван один)" in body
    assert "Приём ходов на этот день закончился" in body
    # near: read before the deadline, the same letter is still told the second vote is free
    (tmp_path / "near").mkdir()
    g = Game(tmp_path / "near")
    try:
        set_event(g.cfg, g.store, "rage", now=START + timedelta(minutes=5))
        body = g.answers(("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", "r1@x"))["reply:r1@x"]
    finally:
        g.store.dispose()
    assert SECOND_FREE in body


# --- 2. sync and status name the letters that need the host by their numbers ------------------

def test_sync_and_status_name_the_letters_needing_the_host_by_number(tmp_path):
    from click.testing import CliRunner

    from mailer.cli import main
    from test_terminal import demo_game

    _cfg, env = demo_game.__wrapped__(tmp_path)
    runner = CliRunner()
    synced = runner.invoke(main, ["sync"], env=env)
    assert synced.exit_code == 0, synced.output
    lines = synced.output.splitlines()
    at = lines.index("Требуют внимания ведущего (mafia-mail inbox 25):")
    assert lines[at + 1] == "  25: kot.office@example.com — неизвестный адрес, тема «Ход (с рабочей почты)»"
    assert lines[at + 2].endswith("reread НОМЕР (номер письма — в начале его строки выше).")
    shown = runner.invoke(main, ["status"], env={**env, "COLUMNS": "200"})
    assert "писем для внимания ведущего: 1 (mafia-mail inbox 25)" in shown.output
    listed = runner.invoke(main, ["inbox", "25"], env=env)
    assert listed.exit_code == 0 and "kot.office@example.com" in listed.output
    runner.invoke(main, ["inbox", "--done", "25"], env=env)
    shown = runner.invoke(main, ["status"], env={**env, "COLUMNS": "200"})
    assert "писем для внимания ведущего: 0" in shown.output and "inbox 25" not in shown.output


def test_many_letters_needing_the_host_point_at_the_whole_inbox():
    from mailer.cli.days import ATTENTION_LISTED, attention_inbox

    assert attention_inbox([25, 52]) == "inbox 25 52"
    assert attention_inbox(list(range(1, ATTENTION_LISTED + 2))) == "inbox"
    assert attention_inbox([]) == "inbox"


# --- 3. reread of a letter still waiting to be read says who will read it ---------------------

def test_reread_of_a_letter_waiting_to_be_read_says_sync_or_close_day_reads_it(tmp_path):
    from click.testing import CliRunner

    from mailer.cli import main
    from test_terminal import demo_game

    _cfg, env = demo_game.__wrapped__(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0  # letter 26 came after the deadline
    again = runner.invoke(main, ["reread", "26"], env=env)
    assert again.exit_code != 0
    assert "не подходят: 26 (ждут обработки). Письмо 26 ещё не прочитано, перечитывать его не нужно: " \
           "оно пришло после срока открытого дня, его прочитает mafia-mail close-day" \
           in " ".join(again.output.split())
    # near: a letter whose moves were applied is refused as before, with no such line
    applied = runner.invoke(main, ["reread", "1"], env=env)
    assert applied.exit_code != 0 and "не подходят: 1 (ходы приняты)" in applied.output
    assert "ещё не прочитано" not in applied.output


# --- 4. inbox: a player's repeat or auto-reply is his, a letter to be read again has no «адрес:» --

def test_inbox_names_the_player_of_a_repeat_and_of_an_auto_reply_and_no_empty_address(tmp_path):
    from click.testing import CliRunner

    from mailer.cli import main
    from mailer.intake import back_to_pending
    from mailer.store import Letter, Store
    from sqlmodel import select
    from test_terminal import demo_game

    cfg, env = demo_game.__wrapped__(tmp_path)
    box = cfg.path.parent / "maildir" / "new"
    first = sorted(box.iterdir())[0]  # Ягуарчик's letter 1
    (box / (first.name + ".again")).write_bytes(first.read_bytes())  # the same letter once more
    (box / "1796662000.M90P1.auto").write_bytes(
        "From: Ягуарчик <jaguar@example.org>\r\nTo: host@example.org\r\nSubject: Автоответ\r\n"
        "Message-ID: <auto.1@example.org>\r\nDate: Mon, 07 Dec 2026 20:00:00 +0300\r\n"
        "Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\nЯ в отпуске.".encode())
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    store = Store(cfg.database_url)
    try:
        with store.session() as s:
            letters = {l.id: l for l in s.exec(select(Letter))}
            repeat = next(i for i, l in letters.items() if l.state == "duplicate")
            auto = next(i for i, l in letters.items() if l.state == "auto_reply")
            assert letters[repeat].nick is None and letters[auto].nick is None  # stored as before
            stranger = next(i for i, l in letters.items() if l.state == "unknown_sender")
            again = next(i for i, l in letters.items() if l.nick == "Бука")
            back_to_pending(letters[again])  # as reopen-day leaves a letter to be read again
            s.add(letters[again])
            s.commit()
    finally:
        store.dispose()
    shown = runner.invoke(main, ["inbox", str(repeat), str(auto), str(stranger), str(again)],
                          env={**env, "COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    row = {int(line.split()[0]): line for line in lines[1:] if line[:1].isdigit()}
    assert "  Ягуарчик  " in row[repeat] and "  Ягуарчик  " in row[auto]
    assert "  —  " in row[stranger] and "  —  " in row[again]
    arrows = [line.strip() for line in lines if line.lstrip().startswith("↳")]
    assert arrows == ["↳ адрес: kot.office@example.com"]  # no «↳ адрес:» with nothing after it
    wide = runner.invoke(main, ["inbox", str(repeat)], env={**env, "COLUMNS": "200"})
    assert "Ягуарчик" in wide.output


# --- 5. «Страх»: «Ответить за Ромашку», not «за него» for a woman --------------------------

def fear_demo(tmp_path):
    """The demo game on a «Страх» day, synced, and the environment of a moment after its
    deadline: ``(cfg, runner, run, after)`` (``run(args, env)``: the CLI's result)."""
    from click.testing import CliRunner

    from mailer.cli import main
    from mailer.store import Store
    from test_terminal import demo_game

    cfg, env = demo_game.__wrapped__(tmp_path)
    store = Store(cfg.database_url)
    try:
        set_event(cfg, store, "fear", now=cfg.start + timedelta(minutes=1))
    finally:
        store.dispose()
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    after = {**env, "MAFIA_MAIL_NOW": (cfg.start + timedelta(days=1, minutes=10)).isoformat()}
    return cfg, lambda args, env=after: runner.invoke(main, args, env=env), after


def test_close_day_waiting_for_fear_names_the_chooser_not_him(tmp_path):
    _cfg, run, _after = fear_demo(tmp_path)
    closed = run(["close-day"])
    assert closed.exit_code == 3, closed.output
    said = " ".join(closed.output.split())
    assert "«Страх» ждёт письма от Ромашки (письмо с вопросом в очереди; ответ прочитает sync). " \
           "Ответить за Ромашку: mafia-mail close-day --fear-choice НИК" in said
    assert "за него" not in said and "его ответ" not in said


# --- 6. a bare question to the host («Объясните?») comes with the sentence before it ----------

import pytest  # noqa: E402

from mailer.questions import host_questions  # noqa: E402


@pytest.mark.parametrize("text, questions", [
    ("Ведущий, я не понял правила полнолуния. Объясните?",
     ["Ведущий, я не понял правила полнолуния. Объясните?"]),
    ("Ведущий, я не понял правила полнолуния.\nОбъясните?",
     ["Ведущий, я не понял правила полнолуния. Объясните?"]),
    ("Лечу Бобра. Можно?", ["Лечу Бобра. Можно?"]),
    # near: a question before it is its own; a full question stays as it was; nothing before
    ("Ведущий, а когда будут итоги? Можно?", ["Ведущий, а когда будут итоги?", "Можно?"]),
    ("Лечу Бобра. Ведущий, а себя лечить можно?", ["Ведущий, а себя лечить можно?"]),
    ("Объясните?", ["Объясните?"]),
    ("> Я не понял правила.\nОбъясните?", ["Объясните?"]),
])
def test_a_bare_question_to_the_host_comes_with_the_sentence_before_it(text, questions):
    assert host_questions(text) == questions


# --- 7. a second remind says why none is queued ---------------------------------------------

def test_a_second_remind_the_same_day_says_why_nothing_is_queued(tmp_path):
    from click.testing import CliRunner

    from mailer.cli import main
    from test_terminal import demo_game

    _cfg, env = demo_game.__wrapped__(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    first = runner.invoke(main, ["remind"], env=env)
    assert first.exit_code == 0 and first.output.startswith("Напоминаний в очереди: 4 (")
    again = runner.invoke(main, ["remind"], env=env)
    assert again.exit_code == 0
    assert " ".join(again.output.split()) == (
        "Напоминаний в очереди: 0 (живые игроки уже прислали ход и голос или сегодня уже получили "
        "напоминание: не чаще раза в день)")


# --- 8. the last day's letter to a player who dies does not tell him how the dead may post ----

FLOOD = "Мёртвым можно только флудить по теме"


def test_the_last_days_letter_to_the_dead_has_no_flood_rule(tmp_path):
    from test_russian import letters_and_paper, renderer_for

    roles = {"Кот Бегемот": "clan2.boss", "Бука": "civilian", "Вишенка": "civilian", "Ёжик": "civilian",
             "Маша": "doctor"}
    renderer = renderer_for(tmp_path, {n: None for n in roles})
    votes = {n: "Кот Бегемот" for n in roles if n != "Кот Бегемот"}
    letters, (text, _bb) = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    assert "ИГРА ОКОНЧЕНА" in text.upper()
    assert "Вас повесили на линче. Спасибо за игру!" in letters["Кот Бегемот"]
    assert FLOOD not in letters["Кот Бегемот"]
    # near: the game goes on, the hanged player is told the rule for the dead
    votes = {n: "Бука" for n in roles if n != "Бука"}
    letters, _paper = letters_and_paper(renderer, roles, [{"moves": [], "votes": votes}])
    assert f"Вас повесили на линче. Спасибо за игру! {FLOOD}" in letters["Бука"]
