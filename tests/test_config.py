"""Config loading: values, defaults, and errors that name the key and the line."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from mailer.config import ConfigError, load_config
from e2e_config import folder_sections

BASE = """\
[game]
name = "Тест"
timezone = "Europe/Moscow"
start = "2026-12-07 19:30"
seed = 5
database = "g.db"

[[player]]
nick = "Ягуар"
email = "Jaguar@Example.org"
role = "clan1.boss"

[[player]]
nick = "Маруська"
emails = ["m@example.org", "m2@example.org"]

""" + folder_sections()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_loads_values_and_resolves_paths(tmp_path):
    cfg = load_config(write(tmp_path, BASE))
    assert cfg.name == "Тест"
    assert cfg.start == datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)
    assert cfg.database_url == f"sqlite:///{tmp_path / 'g.db'}"
    assert cfg.mailbox.path == tmp_path / "box"
    assert cfg.send.path == tmp_path / "out"
    assert cfg.player_by_address() == {
        "jaguar@example.org": "Ягуар", "m@example.org": "Маруська", "m2@example.org": "Маруська",
    }
    assert cfg.rules.hunt_threshold == 2 and cfg.rules.lynch_tie == "nobody"


def test_house_rules_override(tmp_path):
    text = BASE.replace('database = "g.db"\n', 'database = "g.db"\n[game.house_rules]\nlynch_tie = "random"\nhunt_threshold = 3\n')
    cfg = load_config(write(tmp_path, text))
    assert (cfg.rules.lynch_tie, cfg.rules.hunt_threshold) == ("random", 3)


@pytest.mark.parametrize("old,new,needle", [
    ('role = "clan1.boss"', 'role = "clan3.boss"', "player[1].role (строка 11)"),
    ('start = "2026-12-07 19:30"', 'start = "7 декабря"', "game.start (строка 4)"),
    ('timezone = "Europe/Moscow"', 'timezone = "Mars/Olympus"', "game.timezone (строка 3)"),
    ('emails = ["m@example.org", "m2@example.org"]', 'emails = ["jaguar@example.org"]', "уже у игрока «Ягуар»"),
    ('kind = "folder"', 'kind = "pigeon"', "send.kind"),
    ('seed = 5', 'seed = "пять"', "game.seed (строка 5): ожидается целое число, а записано 'пять'"),
    ('emails = ["m@example.org", "m2@example.org"]', 'emails = "m@example.org"',
     "player[2].emails (строка 15): ожидается список в квадратных скобках"),
    # a misspelt key is refused, not ignored: the line, and the key that was meant
    ('emails = ["m@example.org", "m2@example.org"]', 'emials = ["m@example.org", "m2@example.org"]',
     "player[2].emials (строка 15): неизвестный ключ «emials»; может быть, emails?"),
    ('seed = 5', 'seed = 5\nhost_adresses = ["host@example.org"]',
     "game.host_adresses (строка 6): неизвестный ключ «host_adresses»; может быть, host_addresses?"),
    ('[game]', '[gmae]', "неизвестный раздел или ключ верхнего уровня «gmae»; может быть, game?"),
])
def test_errors_name_key_and_line(tmp_path, old, new, needle):
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, BASE.replace(old, new)))
    assert needle in str(err.value)


def test_unknown_key_in_later_sections_names_its_line(tmp_path):
    text = BASE + '[watch]\npol = "30s"\n'
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, text))
    line = text.splitlines().index('pol = "30s"') + 1
    assert f"watch.pol (строка {line}): неизвестный ключ «pol»; может быть, poll?" in str(err.value)
    text = BASE + '[forum]\nurll = "http://127.0.0.1/t"\n'
    with pytest.raises(ConfigError, match="forum.urll .*может быть, url"):
        load_config(write(tmp_path, text))
    assert load_config(write(tmp_path, BASE + '[forum]\nurl = "http://127.0.0.1/t"\n')).name == "Тест"


def test_plain_text_server_only_on_loopback(tmp_path):
    text = BASE.replace('kind = "maildir"\npath = "box"', 'kind = "imap"\nhost = "imap.example.org"\ntls = "none"\nuser = "h"\npassword_env = "X"')
    with pytest.raises(ConfigError, match="mailbox.tls"):
        load_config(write(tmp_path, text))
    ok = load_config(write(tmp_path, text.replace("imap.example.org", "127.0.0.1")))
    assert ok.mailbox.tls == "none" and ok.mailbox.port == 993


def test_password_comes_from_environment_only(tmp_path, monkeypatch):
    text = BASE.replace('kind = "maildir"\npath = "box"', 'kind = "imap"\nhost = "127.0.0.1"\ntls = "none"\nuser = "h"\npassword_env = "MM_TEST_PW"')
    cfg = load_config(write(tmp_path, text))
    monkeypatch.delenv("MM_TEST_PW", raising=False)
    with pytest.raises(ConfigError, match="MM_TEST_PW"):
        cfg.mailbox.password()
    monkeypatch.setenv("MM_TEST_PW", "секрет")
    assert cfg.mailbox.password() == "секрет"


def test_missing_file_and_bad_toml(tmp_path):
    with pytest.raises(ConfigError, match="не найден"):
        load_config(tmp_path / "nope.toml")
    with pytest.raises(ConfigError, match="синтаксиса TOML"):
        load_config(write(tmp_path, "[game\n"))


def test_example_config_loads():
    cfg = load_config(Path(__file__).resolve().parent.parent / "config.example.toml")
    assert cfg.mailbox.kind == "imap" and cfg.send.kind == "smtp"
    assert [p.nick for p in cfg.players] == ["Ягуар", "Маруська"]


@pytest.mark.parametrize("n,text", [(1, "1 письмо"), (3, "3 письма"), (5, "5 писем"), (11, "11 писем"),
                                    (21, "21 письмо"), (24, "24 письма"), (74, "74 письма"), (112, "112 писем")])
def test_russian_counts(n, text):
    from mailer.words import count

    assert count(n, "письмо", "письма", "писем") == text


def test_bom_is_accepted(tmp_path):
    """A config saved by Windows Notepad (UTF-8 with a BOM, CRLF line ends) loads as is."""
    good = write(tmp_path, BASE)
    text = good.read_text(encoding="utf-8")
    good.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    cfg = load_config(good)
    assert cfg.name == load_config(write(tmp_path, text)).name


@pytest.mark.parametrize("text, expected", [
    ("[game]\nname Мафия\n",
     "game.toml, строка 2, столбец 6: ошибка синтаксиса TOML: после ключа нужен знак «=»: «name Мафия»"),
    ("[game]\nname = Мафия\n",
     "game.toml, строка 2, столбец 8 (ключ name): ошибка синтаксиса TOML: непонятное значение: "
     "строки пишутся в кавычках, числа и true/false — без: «name = Мафия»"),
    ("[game]\n[game]\n", "game.toml, строка 2, столбец 6: ошибка синтаксиса TOML: раздел game "
     "объявлен дважды: «[game]»"),
    ("[game]\nstart = \"2026-12-07 19:30\"\ntimezone = \"Марс/Олимп\"\n",
     "game.toml: game.timezone (строка 3): неизвестный часовой пояс «Марс/Олимп»"),
])
def test_errors_name_file_line_and_key_in_russian(tmp_path, text, expected):
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == expected


def test_config_in_another_encoding_is_refused_with_the_line(tmp_path):
    path = tmp_path / "game.toml"
    path.write_bytes("[game]\nname = \"Мафия\"\n".encode("cp1251"))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value).startswith("game.toml, строка 2: файл не в кодировке UTF-8")


def test_a_players_email_repeated_in_his_emails_is_one_address(tmp_path):
    """config.example.toml shows email and a commented emails beginning with the same address:
    a host who kept both got «адрес … уже у игрока» naming the player himself."""
    text = BASE.replace('email = "Jaguar@Example.org"',
                        'email = "Jaguar@Example.org"\nemails = ["jaguar@example.org", "jag@mail.example"]')
    cfg = load_config(write(tmp_path, text))
    jaguar = next(p for p in cfg.players if p.nick == "Ягуар")
    assert jaguar.emails == ("Jaguar@Example.org", "jag@mail.example")
