"""The config file as TOML text, with errors told in Russian: the file's encoding
(UTF-8, with or without a BOM), tomllib's syntax messages translated, and typed access to a
table whose errors name ``section.key`` and the line (:class:`TableReader`).
"""

from __future__ import annotations

import difflib
import re
import tomllib
from typing import Any

from .config_model import ConfigError


def _line_of(text: str, key: str, after: int = 0) -> int | None:
    """1-based line of the first ``key = …`` at or after line ``after`` (best effort)."""
    pattern = re.compile(rf'^\s*"?{re.escape(key)}"?\s*=')
    for number, line in enumerate(text.splitlines(), start=1):
        if number >= after and pattern.match(line):
            return number
    return None


def _section_line(text: str, header: str, index: int = 0) -> int:
    seen = -1
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() == header:
            seen += 1
            if seen == index:
                return number
    return 0


#: What a value of each TOML type looks like, as the host reads it in an error.
_KIND_RU: dict[type, str] = {
    str: "строка в кавычках", int: "целое число", float: "число", bool: "true или false",
    list: "список в квадратных скобках", dict: "таблица",
}


class TableReader:
    """Typed access to one TOML table; errors name ``section.key`` and the line."""

    def __init__(self, text: str, table: dict[str, Any], section: str, header: str, index: int = 0):
        self.text, self.table, self.section = text, table, section
        self.start = _section_line(text, header, index)

    def fail(self, key: str, message: str) -> ConfigError:
        line = _line_of(self.text, key, self.start) if key else self.start
        where = f" (строка {line})" if line else ""
        name = f"{self.section}.{key}" if key else self.section
        return ConfigError(f"{name}{where}: {message}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., ) -> Any:
        if key not in self.table:
            if default is ...:
                raise self.fail("", f"нет обязательного ключа {key}")
            return default
        value = self.table[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            kinds = (kind,) if isinstance(kind, type) else kind
            names = " или ".join(dict.fromkeys(_KIND_RU.get(k, k.__name__) for k in kinds))
            raise self.fail(key, f"ожидается {names}, а записано {value!r}")
        return value

    def choice(self, key: str, options: tuple[str, ...], default: Any = ...) -> str:
        value = self.get(key, str, default)
        if value not in options:
            raise self.fail(key, f"допустимо: {', '.join(options)}; записано «{value}»")
        return value


#: Keys each table of the config may hold (config.example.toml; FORUM.md for ``forum`` and
#: ``forum_name``). ``game.house_rules`` is checked by :meth:`engine.state.HouseRules.from_dict`.
KNOWN_KEYS: dict[str, frozenset[str]] = {
    "": frozenset({"game", "player", "mailbox", "send", "forum", "watch", "words", "aliases"}),
    "game": frozenset({"name", "timezone", "start", "weekend_merge", "seed", "database",
                       "host_addresses", "require_code", "max_letter_size", "house_rules"}),
    "player": frozenset({"nick", "email", "emails", "role", "code", "gender", "forum_name"}),
    "mailbox": frozenset({"kind", "path", "folder", "batch", "host", "port", "tls", "user",
                          "password_env"}),
    "send": frozenset({"kind", "from", "path", "host", "port", "tls", "user", "password_env"}),
    "forum": frozenset({"url", "engine", "timezone", "host_names"}),
    "watch": frozenset({"poll", "idle", "send_replies", "notify", "remind_before"}),
}
_HEADERS = {"": "", "player": "[[player]]"}


def check_known_keys(text: str, data: dict[str, Any]) -> None:
    """Refuse a key the config does not know (a misspelt ``emials`` or ``host_adresses``
    would otherwise be ignored without a word: a player's second address read as a stranger's,
    the host's own letters as moves).

    Args:
        text: the config's text (for the line of the key).
        data: the parsed TOML.
    Raises:
        ConfigError: the first unknown key, ``section.key (строка N)``, with the nearest known
            key when one is close («может быть, emails?»), in Russian.
    """
    tables: list[tuple[str, str, int, Any]] = [("", "", 0, data)]
    for section in ("game", "mailbox", "send", "forum", "watch"):
        tables.append((section, f"[{section}]", 0, data.get(section)))
    players = data.get("player")
    for i, entry in enumerate(players if isinstance(players, list) else []):
        tables.append(("player", "[[player]]", i, entry))
    for section, header, index, table in tables:
        if not isinstance(table, dict):
            continue
        known = KNOWN_KEYS[section]
        for key in table:
            if key in known:
                continue
            near = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
            hint = f"; может быть, {near[0]}?" if near else f"; известные: {', '.join(sorted(known))}"
            if section == "":
                raise ConfigError(f"неизвестный раздел или ключ верхнего уровня «{key}»{hint}")
            name = f"player[{index + 1}]" if section == "player" else section
            reader = TableReader(text, table, name, header, index)
            raise reader.fail(key, f"неизвестный ключ «{key}»{hint}")


def config_text(raw: bytes, name: str) -> str:
    """The config's text: UTF-8 with or without a BOM (Windows Notepad writes one), any line
    ends. Raises ConfigError (Russian, with the line) for another encoding."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ConfigError(f"{name}, строка {line}: файл не в кодировке UTF-8; сохраните его "
                          "как UTF-8 (в Блокноте: «Сохранить как» → «Кодировка: UTF-8»)") from None
    return text.replace("\r\n", "\n")


#: tomllib's messages (Python 3.11–3.13) in Russian; {0} is the part tomllib quotes
_TOML_RU = (
    (r"Invalid statement", "непонятная строка: ожидается «ключ = значение» или [раздел]"),
    (r"Expected '=' after a key in a key/value pair", "после ключа нужен знак «=»"),
    (r"Expected '\]' at the end of a table declaration", "после имени раздела нужна «]»"),
    (r"Expected '\]\]' at the end of an array declaration", "после имени раздела нужно «]]»"),
    (r"Invalid value", "непонятное значение: строки пишутся в кавычках, числа и true/false — без"),
    (r"Unterminated string", "строка не закрыта кавычкой"),
    (r"Unclosed array", "список не закрыт «]»"),
    (r"Unclosed inline table", "таблица не закрыта «}»"),
    (r"Cannot declare (.+) twice", "раздел {0} объявлен дважды"),
    (r"Cannot overwrite a value", "ключ уже задан выше"),
    (r"Cannot (?:mutate immutable|redefine) namespace (.+)", "{0} уже задан выше"),
    (r"Duplicate inline table key (.+)", "ключ {0} повторяется"),
    (r"Invalid date or datetime", "неверная дата или время"),
    (r"Illegal character (.+)", "недопустимый символ {0}"),
    (r"Found invalid character (.+)", "недопустимый символ {0}"),
    (r"Invalid initial character for a key part", "ключ начинается с недопустимого символа"),
    (r"Unescaped '\\' in a string", "обратная косая черта «\\» в строке: пишите «\\\\» или одинарные кавычки"),
    (r"Expected (.+)", "ожидается {0}"),
)


def toml_error_ru(exc: tomllib.TOMLDecodeError, text: str, name: str) -> str:
    """A TOML syntax error as the host reads it: file, line, column, the key on that line,
    what is wrong in Russian. ``"Invalid statement (at line 1, column 1)"`` →
    ``"game.toml, строка 1, столбец 1: непонятная строка: …"``."""
    message = str(exc)
    where = re.search(r"\(at line (\d+), column (\d+)\)", message)
    what = re.sub(r"\s*\(at (?:line \d+, column \d+|end of document)\)", "", message).strip()
    for pattern, ru in _TOML_RU:
        m = re.fullmatch(pattern, what)
        if m:
            what = ru.format(*(_toml_key(g) for g in m.groups()))
            break
    if where is None:
        return f"{name}, конец файла: ошибка синтаксиса TOML: {what}"
    line = int(where.group(1))
    source = text.split("\n")[line - 1].strip() if line <= text.count("\n") + 1 else ""
    key = re.match(r"([\w.\"'-]+)\s*=", source)
    about = f" (ключ {key.group(1)})" if key else ""
    shown = f": «{source[:60]}»" if source else ""
    return f"{name}, строка {line}, столбец {where.group(2)}{about}: ошибка синтаксиса TOML: {what}{shown}"


def _toml_key(part: str) -> str:
    """tomllib names a key as a tuple repr (``('game',)``): the host reads ``game``."""
    import ast

    try:
        value = ast.literal_eval(part)
    except (ValueError, SyntaxError):
        return part
    return ".".join(value) if isinstance(value, tuple) else str(value)
