"""Questions to the host in players' letters (:mod:`mailer.questions`): found in the letter's
own text, told in the reply as the host's to answer, counted by ``status`` until the host
marks the letter done."""

from __future__ import annotations

import pytest

from mailer.inbox import mark_done
from mailer.questions import host_questions
from mailer.reports import status
from mailer.status import read_status
from test_sync import Game


@pytest.mark.parametrize("text, questions", [
    ("Лечу Бобра. Ведущий, а себя лечить можно? Кто бы это мог быть?", ["Ведущий, а себя лечить можно?"]),
    ("вед а когда итоги??", ["вед а когда итоги??"]),
    ("Голосую за Лося.\nВопрос: если я слежу за человеком, а его убивает шизик, я увижу шизика?",
     ["Вопрос: если я слежу за человеком, а его убивает шизик, я увижу шизика?"]),
    ("а вчерашнее письмо дошло?", ["а вчерашнее письмо дошло?"]),
    ("Ведущий, а когда будут итоги? И сколько всего мафов?",
     ["Ведущий, а когда будут итоги?", "И сколько всего мафов?"]),
    ("Ведущий, а когда будут итоги? Спасибо. Кто бы это мог быть?", ["Ведущий, а когда будут итоги?"]),
    # rhetorical questions of forum talk, and the parser's own alternatives, are not the host's
    ("Совпадение? Не думаю. Кто бы это мог быть? Почему Лось молчал весь день?", []),
    ("Проверяю Кузю. Или можно Бобра? Нет, всё же Кузю.", []),
    ("> Ведущий, а можно себя лечить?\nЛечу Кузю", []),  # a quoted line
    ("Лечу Кузю. Всё ясно.", []),
    # whether the letter is in time: a question to the host, which the reply itself answers
    # (for_host, below)
    ("Передумала: лечу Шершня. Ой, не поздно?", ["Ой, не поздно?"]),
    ("голос за Лося. успела?)", ["голос за Лося. успела?"]),  # (a one-word question: with the sentence before)
])
def test_host_questions(text, questions):
    assert host_questions(text) == questions


def test_questions_are_answered_as_the_hosts_and_counted_until_done(tmp_path):
    game = Game(tmp_path)
    try:
        body = game.answers(
            ("buka@example.org", "Лечу Маруську. Ведущий, а себя лечить можно?", "q1@x"),
            ("serg@example.org", "Здравствуйте! А когда будет газета?", "q2@x"),
            ("jaguar@example.org", "Проверяю Буку. Совпадение? Не думаю.", "q3@x"),
            ("marusya@example.org", "лимонад. А можно я сегодня проверю Буку?", "q4@x"))
        with_move = body["reply:q1@x"]
        assert "Лечение: Маруська" in with_move
        assert "Вопрос к ведущему — ответит ведущий сам, письмо отмечено для него:\n" \
               "  - «Ведущий, а себя лечить можно?»" in with_move
        alone = body["reply:q2@x"]
        assert "В письме я не нашёл ни одного хода." in alone and "«А когда будет газета?»" in alone
        assert "Вопрос" not in body["reply:q3@x"]
        # the parser answers a move asked as a question itself: told once, not twice
        asked_move = body["reply:q4@x"]
        assert "Вы спрашиваете «А можно я сегодня проверю Буку»" in asked_move
        assert "Вопрос к ведущему" not in asked_move
        fast, slow = read_status(game.cfg), status(game.cfg, game.store)
        assert fast.questions == slow.questions == 3
        asked = {r.nick: r for r in game.rows() if r.questions}
        assert {n: r.questions for n, r in asked.items()} == {
            "Бука": ("«Ведущий, а себя лечить можно?»",), "Serginio": ("«А когда будет газета?»",),
            "Маруська": ("«А можно я сегодня проверю Буку?»",)}
        mark_done(game.store, [asked["Бука"].id])
        assert read_status(game.cfg).questions == status(game.cfg, game.store).questions == 2
        from click.testing import CliRunner

        from mailer.cli import main

        cli = ["--config", str(game.cfg.path), "inbox", "--questions"]
        listed = " ".join(CliRunner().invoke(main, cli, env={"COLUMNS": "200"}).output.split())
        assert "Serginio" in listed and "Маруська" in listed and "Бука" not in listed
        assert mark_done(game.store, [asked["Serginio"].id, asked["Маруська"].id]) == (
            [asked["Serginio"].id, asked["Маруська"].id], [])
        assert CliRunner().invoke(main, cli).output == "Писем с вопросами к ведущему, ещё не разобранных, нет.\n"
        # «inbox --done» again: told that the letters were marked before, not «Отмечено» again
        buka, serg = asked["Бука"].id, asked["Serginio"].id
        done = ["--config", str(game.cfg.path), "inbox", "--done", str(buka), str(serg)]
        again = CliRunner().invoke(main, done)
        assert again.exit_code == 0, again.output
        assert again.output == f"Уже были отмечены как разобранные раньше: {buka}, {serg}\n"
        [plain] = [r.id for r in game.rows() if not r.handled]
        mixed = CliRunner().invoke(main, done[:-2] + [str(plain), str(buka), str(plain)])
        assert mixed.output == (f"Отмечено как разобранное: {plain}\n"
                                f"Уже было отмечено как разобранное раньше: {buka}\n")
    finally:
        game.store.dispose()


@pytest.mark.parametrize("text, questions", [
    ("лечу мурку\nведущий а можно лечить себя\nа два раза подряд одного можно?",
     ["ведущий а можно лечить себя", "а два раза подряд одного можно?"]),
    ("ведущий а почему проверка не удалась\nпроверяю ириску", ["ведущий а почему проверка не удалась"]),
    ("можно в этот раз без голоса", ["можно в этот раз без голоса"]),
    ("почему-то все молчат. голос за лося", []),
])
def test_questions_written_without_a_question_mark(text, questions):
    """A phone writer leaves «?» out: a line that opens as a question to the host is one."""
    assert host_questions(text) == questions


def test_sync_summary_counts_the_questions_to_the_host(tmp_path):
    """``sync`` tells the host how many of the day's letters hold a question for him and the
    command that lists them, as ``status`` does; with no question, no such line."""
    from datetime import timedelta

    from click.testing import CliRunner

    from mailer.cli import main
    from test_sync import START, letter

    game = Game(tmp_path)
    try:
        cli = ["--config", str(game.cfg.path), "sync"]
        env = {"MAFIA_MAIL_NOW": (START + timedelta(hours=5)).isoformat(), "COLUMNS": "200"}
        game.deliver(letter("jaguar@example.org", "Проверяю Буку. Совпадение? Не думаю.", msgid="s1@x"),
                     START + timedelta(hours=1))
        plain = CliRunner().invoke(main, cli, env=env)
        assert plain.exit_code == 0, plain.output
        assert "вопрос" not in plain.output
        game.deliver(letter("buka@example.org", "Лечу Маруську. Ведущий, а себя лечить можно?", msgid="s2@x"),
                     START + timedelta(hours=2))
        game.deliver(letter("serg@example.org", "Здравствуйте! А когда будет газета?", msgid="s3@x"),
                     START + timedelta(hours=3))
        asked = CliRunner().invoke(main, cli, env=env)
        assert asked.exit_code == 0, asked.output
        assert ("Писем с вопросами к ведущему сегодня: 2 (прочитать: mafia-mail --config "
                f"{game.cfg.path} inbox --questions — письма 2, 3; ответить: mafia-mail --config {game.cfg.path} "
                f"write НОМЕР; ответили иначе — отметьте: mafia-mail --config {game.cfg.path} inbox --done НОМЕР)"
                ) in asked.output
        status = CliRunner().invoke(main, ["--config", str(game.cfg.path), "status"], env=env)
        assert "Писем с вопросами к ведущему сегодня: 2 (прочитать: " in status.output.replace("\n", " ")
        # one question left: the commands carry its number (a fresh host saw «write НОМЕР»
        # and had to look the number up)
        done = CliRunner().invoke(main, ["--config", str(game.cfg.path), "inbox", "--done", "2"], env=env)
        assert done.exit_code == 0, done.output
        again = CliRunner().invoke(main, cli, env=env)
        assert (f"Писем с вопросами к ведущему сегодня: 1 (прочитать: mafia-mail --config {game.cfg.path} "
                f"inbox --questions; ответить: mafia-mail --config {game.cfg.path} write 3; ответили иначе — "
                f"отметьте: mafia-mail --config {game.cfg.path} inbox --done 3)") in again.output
        from_env = CliRunner().invoke(main, ["sync"], env={**env, "MAFIA_MAIL_CONFIG": str(game.cfg.path)})
        assert "(прочитать: mafia-mail inbox --questions;" in from_env.output  # the config from the environment
    finally:
        game.store.dispose()


def test_a_question_left_unanswered_when_its_day_closed_is_still_counted(tmp_path):
    """A fresh host: a question of day 1, never answered, vanished from ``status`` once day 1
    closed, though ``inbox --questions`` still listed it."""
    from datetime import timedelta

    from click.testing import CliRunner

    from mailer.cli import main
    from mailer.day import close_day
    from test_sync import DEADLINE

    game = Game(tmp_path)
    try:
        game.answers(("serg@example.org", "Ведущий, а можно голосовать за себя? Линч: Бука", "o1@x"))
        close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
        fast, slow = read_status(game.cfg), status(game.cfg, game.store)
        assert (fast.day, fast.questions, fast.old_questions) == (2, 0, 1)
        assert (slow.questions, slow.old_questions) == (0, 1)
        env = {"MAFIA_MAIL_NOW": (DEADLINE + timedelta(hours=1)).isoformat(), "COLUMNS": "200"}
        shown = CliRunner().invoke(main, ["--config", str(game.cfg.path), "status"], env=env).output
        assert "Вопросы к ведущему из прошлых дней без ответа: 1 (" in " ".join(shown.split()), shown
        [row] = [r for r in game.rows() if r.questions]
        mark_done(game.store, [row.id])
        assert read_status(game.cfg).old_questions == status(game.cfg, game.store).old_questions == 0
    finally:
        game.store.dispose()


@pytest.mark.parametrize("text, host, reply", [
    ("Передумала: лечу Шершня. Ой, не поздно?", [], ["Ой, не поздно?"]),
    ("Ведущий, письмо дошло?", [], ["Ведущий, письмо дошло?"]),
    ("голос за Лося. успела?)", [], ["успела?"]),
    ("Линч: Ягуарчик и Бука. Извините, опоздал?", [], ["Извините, опоздал?"]),
    ("Кажется, не успела?", [], ["Кажется, не успела?"]),
    # more than timing: the host's
    ("Не поздно ещё поменять, можно?", ["Не поздно ещё поменять, можно?"], []),
    ("а вчерашнее письмо дошло?", ["а вчерашнее письмо дошло?"], []),
    ("Успел? И когда итоги?", ["И когда итоги?"], ["Успел?"]),
])
def test_for_host_leaves_timing_questions_to_the_reply(text, host, reply):
    """A fresh user: the demo's late «Ой, не поздно?» was answered by its reply (after the
    deadline of day 1, counts for day 2), yet ``status`` kept counting it as the host's."""
    from mailer.questions import for_host

    assert for_host(text) == (host, reply)


def test_the_reply_answers_whether_the_letter_came_in_time(tmp_path):
    """«Успела?» beside a move: the reply says when the letter came and that it is in time for
    the day; the letter is not one with a question for the host."""
    game = Game(tmp_path)
    try:
        body = game.answers(("buka@example.org", "Лечу Маруську. Успела?", "t1@x"),
                            ("serg@example.org", "Ведущий, письмо дошло? А когда газета?", "t2@x"))
        timely = body["reply:t1@x"]
        [line] = [ln for ln in timely.splitlines() if ln.startswith("На ваш вопрос")]
        assert line.startswith("На ваш вопрос «Успела?»: письмо получено ")
        assert line.endswith(", в срок дня 1 (срок — 08.12.2026 19:30 (МСК)).")
        assert "Вопрос к ведущему" not in timely
        both = body["reply:t2@x"]
        assert "На ваш вопрос «Ведущий, письмо дошло?»: письмо получено " in both
        assert "Вопрос к ведущему — ответит ведущий сам, письмо отмечено для него:\n" \
               "  - «А когда газета?»" in both
        assert read_status(game.cfg).questions == status(game.cfg, game.store).questions == 1
    finally:
        game.store.dispose()


@pytest.mark.parametrize("text, questions", [
    # a fresh player (session 50): the middle one of three, and one with no word to the host
    ("Ведущий, а что со мной? Я что, умер? Почему мне не пришли итоги?",
     ["Ведущий, а что со мной?", "Я что, умер?", "Почему мне не пришли итоги?"]),
    ("Лечу Буку. меня вчера избили чтоли?", ["меня вчера избили чтоли?"]),
    ("Голос за Лося. А что с моей проверкой?", ["А что с моей проверкой?"]),
    # talk of others stays unlisted
    ("Совпадение? Не думаю. Почему Лось молчал весь день? А вы как думаете, кто маф?", []),
])
def test_a_question_about_the_sender_himself_is_for_the_host(text, questions):
    assert host_questions(text) == questions


@pytest.mark.parametrize("text, listed", [
    ("Всем пока, я выхожу из игры: на работе завал.", ["Всем пока, я выхожу из игры: на работе завал."]),
    ("Ведущий, прошу замену, уезжаю на неделю", ["Ведущий, прошу замену, уезжаю на неделю"]),
    ("Лечу Бобра.\nЯ больше не смогу играть, простите", ["Я больше не смогу играть, простите"]),
    ("покидаю игру", ["покидаю игру"]),
    # not leaving the game
    ("Выхожу из дома, вечером напишу ход", []),
    ("ухожу в МО на Бобра", []),
    ("> я выхожу из игры\nЛечу Кузю", []),  # a quoted line
])
def test_a_player_leaving_the_game_is_listed_for_the_host(text, listed):
    """A fresh host's trial (session 59): «я выхожу из игры» got only «не нашёл ни одного
    хода» and an autokill point; the host was not shown it."""
    assert host_questions(text) == listed


def test_a_letter_leaving_the_game_is_counted_for_the_host(tmp_path):
    game = Game(tmp_path)
    try:
        body = game.answers(("serg@example.org", "Ребята, простите, я выхожу из игры — совсем нет времени.", "l1@x"))
        reply = " ".join(body["reply:l1@x"].split())
        assert "ответит ведущий сам" in reply and "«Ребята, простите, я выхожу из игры — совсем нет времени.»" in reply
        assert status(game.cfg, game.store).questions == 1
    finally:
        game.store.dispose()
