"""Click's own messages (usage errors, help headings) reach the host in Russian."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mailer.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="mafia-mail")


def test_help_headings_are_russian():
    out = run("--help").output
    assert out.startswith("Использование: mafia-mail [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...")
    assert run("explain", "--help").output.count("--day ЧИСЛО") == 1
    assert "\nПараметры:\n" in out and "\nКоманды:\n" in out
    flat = " ".join(out.split())  # help text is wrapped to the terminal's width
    assert "Показать эту справку и выйти." in flat and "по умолчанию: mafia-mail.toml" in flat
    assert "Usage:" not in out and "Options:" not in out and "Show this message" not in out


@pytest.mark.parametrize("args, expected", [
    (("status", "--bogus"), "Ошибка: нет такого параметра «--bogus»."),
    (("statu",), "Ошибка: нет такой команды «statu». Может быть, «status»?"),
    # one dash before a long option: click reads «-all» as -a -l -l (fresh user 23)
    (("outbox", "-all"), "Ошибка: нет такого параметра «-a». Может быть, «--all»?"),
    (("inbox", "-done", "3"), "Ошибка: нет такого параметра «-d». Может быть, «--done»?"),
    (("parse",), "Ошибка: не указан параметр «--game»."),
    (("parse", "--game", "/no/such/file.toml", "--from", "X"),
     "Ошибка: неверное значение «--game»: файл «/no/such/file.toml» не существует."),
    (("close-day", "--fear-choice"), "Ошибка: параметру «--fear-choice» нужно значение."),
    (("deadline",), "Ошибка: не указан аргумент «СРОК»."),
    (("status", "a", "b"), "Ошибка: лишние аргументы: a b"),
    (("newspaper", "--day", "abc"), "Ошибка: неверное значение «--day»: «abc» — не число."),
])
def test_usage_errors_are_russian(args, expected):
    result = run(*args)
    assert result.exit_code == 2
    assert expected in result.output
    assert "Error" not in result.output and "Usage" not in result.output
    # a sentence after «Ошибка:» in Russian quotes, never click's straight ones (fresh user 21)
    [line] = [x for x in result.output.splitlines() if x.startswith("Ошибка: ")]
    assert "'" not in line and not line[len("Ошибка: ")].isupper()
    if "Использование:" in result.output:  # click prints no usage for a missing option value
        assert f"Справка: mafia-mail {args[0]} --help" in result.output or \
            "Справка: mafia-mail --help" in result.output


def test_inbox_state_by_the_words_of_the_table(tmp_path):
    from test_sync import Game

    game = Game(tmp_path)
    game.store.dispose()
    config = str(tmp_path / "game.toml")
    for words in ("опоздали", "Неизвестный адрес", "late"):
        assert run("--config", config, "inbox", "--state", words).exit_code == 0
    wrong = run("--config", config, "inbox", "--state", "вчерашние")
    assert wrong.exit_code == 2
    assert "Ошибка: неверное значение «--state»: нет такого состояния «вчерашние»; есть:" in wrong.output and "опоздали (late)" in wrong.output
