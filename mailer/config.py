"""The game's config file (TOML, see ``config.example.toml``): loading and validation.

Every error is a :class:`ConfigError` whose Russian message names the key and, where it can
be found, the line. Secrets never live in the file: passwords are read from the environment
variable named by ``password_env`` when a command needs them.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.roles import RosterError, split_role
from engine.state import HouseRules
from mailer.fetch import is_loopback

from .addresses import canonical


class ConfigError(ValueError):
    """A config file that cannot be used; the message (Russian) names the key and line."""


@dataclass(frozen=True)
class PlayerConfig:
    nick: str
    emails: tuple[str, ...]
    role: str | None = None
    code: str | None = None
    gender: str | None = None  # "m" | "f": gender-correct words in letters; None: gender-free


@dataclass(frozen=True)
class MailboxConfig:
    kind: str  # "imap" | "maildir"
    path: Path | None = None
    host: str = ""
    port: int = 993
    tls: str = "ssl"
    user: str = ""
    password_env: str = ""
    folder: str = "INBOX"
    #: Letters per transaction in ``sync`` (and UIDs per IMAP FETCH): a crash loses at most
    #: one batch of work, which the next run redoes.
    batch: int = 100

    def password(self) -> str:
        return _secret(self.password_env, "mailbox.password_env")


@dataclass(frozen=True)
class SendConfig:
    kind: str  # "smtp" | "folder"
    from_addr: str
    path: Path | None = None
    host: str = ""
    port: int = 465
    tls: str = "ssl"
    user: str = ""
    password_env: str = ""

    def password(self) -> str | None:
        return _secret(self.password_env, "send.password_env") if self.password_env else None


@dataclass(frozen=True)
class WatchConfig:
    """``[watch]``: how ``mafia-mail watch`` (:mod:`mailer.watch`) waits and what it sends.

    ``poll``: seconds between two looks at the mailbox when the server cannot tell of new
    mail (no IMAP IDLE, no inotify) or ``idle`` is false. ``idle``: wait with IMAP IDLE
    (RFC 2177) / inotify. ``send_replies``: send the replies to players' letters (and the
    unknown-sender notice) at once. ``notify``: the host's address to mail when a day's
    deadline passes ("" for none). ``remind_before``: seconds before the deadline to queue and
    send that day's reminders (None: no reminders).
    """

    poll: float = 60.0
    idle: bool = True
    send_replies: bool = True
    notify: str = ""
    remind_before: float | None = None


_DURATION = re.compile(r"(\d+(?:[.,]\d+)?)\s*(мс|ms|мин|д|d|ч|h|m|с|s)?", re.IGNORECASE)
_UNIT_SECONDS = {"д": 86400, "d": 86400, "ч": 3600, "h": 3600, "мин": 60, "m": 60, "мс": 0.001,
                 "ms": 0.001, "с": 1, "s": 1, None: 1}


def parse_duration(value: str | int | float) -> float:
    """Seconds in a duration: a number of seconds, or ``"60s"``, ``"3h"``, ``"1h30m"``,
    ``"90m"``, ``"500ms"``, ``"2d"`` (also Russian ``"3ч"``, ``"30мин"``, ``"10с"``).

    Raises:
        ValueError: not a duration (Russian message).
    """
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value < 0:
            raise ValueError("длительность не может быть отрицательной")
        return float(value)
    text = str(value).strip().lower().replace(" ", "")
    total, pos = 0.0, 0
    for match in _DURATION.finditer(text):
        if match.start() != pos or not match.group(0):
            break
        total += float(match.group(1).replace(",", ".")) * _UNIT_SECONDS[match.group(2)]
        pos = match.end()
    if not text or pos != len(text):
        raise ValueError(f"не понятна длительность «{value}»: пишите, например, \"60s\", \"3h\", \"1h30m\"")
    return total


@dataclass(frozen=True)
class GameConfig:
    """A loaded config. ``start`` is the aware UTC start of day 1; paths are absolute."""

    path: Path
    name: str
    timezone: str
    start: datetime
    weekend_merge: bool
    seed: int
    database_url: str
    rules: HouseRules
    players: tuple[PlayerConfig, ...]
    mailbox: MailboxConfig
    send: SendConfig
    host_addresses: tuple[str, ...] = ()
    require_code: bool = False
    max_letter_size: int = 2_000_000
    watch: WatchConfig = field(default_factory=WatchConfig)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def player_by_address(self) -> dict[str, str]:
        """Address in :func:`mailer.addresses.canonical` form (lower case, IDN domain in
        Unicode, so ``zoya@почта.рф`` and ``zoya@xn--80a1acny.xn--p1ai`` are one) → nickname."""
        return {canonical(e): p.nick for p in self.players for e in p.emails}


def _secret(env_name: str, key: str) -> str:
    if not env_name:
        raise ConfigError(f"{key}: не указано имя переменной окружения с паролем")
    value = os.environ.get(env_name)
    if value is None:
        raise ConfigError(f"{key}: переменная окружения {env_name} не задана (пароль в файле не хранится)")
    return value


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


class _Reader:
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
            names = kind.__name__ if isinstance(kind, type) else " или ".join(k.__name__ for k in kind)
            raise self.fail(key, f"ожидается {names}, а записано {value!r}")
        return value

    def choice(self, key: str, options: tuple[str, ...], default: Any = ...) -> str:
        value = self.get(key, str, default)
        if value not in options:
            raise self.fail(key, f"допустимо: {', '.join(options)}; записано «{value}»")
        return value


def _resolve_path(base: Path, value: str) -> Path:
    p = Path(value).expanduser()
    return p if p.is_absolute() else (base / p).resolve()


def load_config(path: str | os.PathLike[str]) -> GameConfig:
    """Load and validate a config file.

    Args:
        path: the TOML file; relative paths inside it are relative to its folder.
    Returns:
        GameConfig with ``start`` as an aware UTC datetime and absolute paths.
    Raises:
        ConfigError: missing file, TOML syntax, unknown role, duplicate nick or address, bad
            time zone or start, a ``tls = "none"`` server that is not loopback, … (Russian,
            naming the key and line).
    """
    path = Path(path).resolve()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"файл настроек не найден: {path} (укажите --config или MAFIA_MAIL_CONFIG)") from None
    except OSError as exc:
        raise ConfigError(f"файл настроек {path} не прочитать: {exc.strerror or exc}") from None
    text = _config_text(raw, path.name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(toml_error_ru(exc, text, path.name)) from None
    try:
        return _build_config(path, text, data)
    except ConfigError as exc:
        raise ConfigError(f"{path.name}: {exc}") from None


def _config_text(raw: bytes, name: str) -> str:
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


def _build_config(path: Path, text: str, data: dict) -> GameConfig:
    """The validated config from the parsed TOML (errors name the key and line)."""
    base = path.parent

    game = _Reader(text, data.get("game") or {}, "game", "[game]")
    if "game" not in data:
        raise ConfigError("нет раздела [game]")
    name = game.get("name", str, "Мафия")
    tz = game.get("timezone", str, "Europe/Moscow")
    try:
        zone = ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise game.fail("timezone", f"неизвестный часовой пояс «{tz}»") from None
    start_text = game.get("start", str)
    try:
        start_local = datetime.strptime(start_text, "%Y-%m-%d %H:%M")
    except ValueError:
        raise game.fail("start", f"ожидается «ГГГГ-ММ-ДД ЧЧ:ММ», записано «{start_text}»") from None
    start = start_local.replace(tzinfo=zone).astimezone(ZoneInfo("UTC"))
    weekend_merge = game.get("weekend_merge", bool, True)
    seed = game.get("seed", int, 0)
    db = game.get("database", str, "game.db")
    database_url = db if "://" in db else f"sqlite:///{_resolve_path(base, db)}"
    rules_table = dict((data["game"].get("house_rules") or {}))
    rules_table.setdefault("weekend_merge", weekend_merge)
    try:
        rules = HouseRules.from_dict(rules_table)
    except (TypeError, ValueError) as exc:
        raise game.fail("house_rules", str(exc)) from None

    players: list[PlayerConfig] = []
    nicks: set[str] = set()
    owners: dict[str, str] = {}
    for i, entry in enumerate(data.get("player") or []):
        r = _Reader(text, entry, f"player[{i + 1}]", "[[player]]", i)
        nick = r.get("nick", str).strip()
        if not nick:
            raise r.fail("nick", "пустой ник")
        if nick in nicks:
            raise r.fail("nick", f"ник «{nick}» уже есть у другого игрока")
        nicks.add(nick)
        emails = list(r.get("emails", list, []))
        if "email" in entry:
            emails.insert(0, r.get("email", str))
        if not emails:
            raise r.fail("", "нет адреса: email = \"…\" или emails = [\"…\"]")
        for e in emails:
            if not isinstance(e, str) or "@" not in e:
                raise r.fail("emails" if "emails" in entry else "email", f"не похоже на адрес: {e!r}")
            if canonical(e) in owners:
                raise r.fail("email", f"адрес {e} уже у игрока «{owners[canonical(e)]}»")
            owners[canonical(e)] = nick
        role = entry.get("role")
        if role is not None:
            try:
                split_role(r.get("role", str))
            except RosterError as exc:
                raise r.fail("role", str(exc)) from None
        code = r.get("code", str, None)
        gender = r.get("gender", str, None)
        if gender is not None and gender not in ("m", "f"):
            raise r.fail("gender", f"пол «{gender}» не понят: gender = \"m\" (мужской) или \"f\" (женский)")
        players.append(PlayerConfig(nick=nick, emails=tuple(emails), role=role, code=code,
                                    gender=gender))
    if not players:
        raise ConfigError("нет игроков: добавьте таблицы [[player]]")

    mailbox = _load_mailbox(text, data, base)
    send = _load_send(text, data, base)
    host_addresses = tuple(a.lower() for a in game.get("host_addresses", list, []))
    return GameConfig(
        path=path, name=name, timezone=tz, start=start, weekend_merge=weekend_merge, seed=seed,
        database_url=database_url, rules=rules, players=tuple(players), mailbox=mailbox,
        send=send, host_addresses=host_addresses,
        require_code=game.get("require_code", bool, False),
        max_letter_size=game.get("max_letter_size", int, 2_000_000),
        watch=_load_watch(text, data),
    )


def _load_watch(text: str, data: dict[str, Any]) -> WatchConfig:
    r = _Reader(text, data.get("watch") or {}, "watch", "[watch]")

    def duration(key: str, default):
        value = r.get(key, (str, int, float), default)
        if value is None or value is default:
            return value
        try:
            return parse_duration(value)
        except ValueError as exc:
            raise r.fail(key, str(exc)) from None

    poll = duration("poll", WatchConfig.poll)
    if poll < 1:
        raise r.fail("poll", "проверять почту чаще раза в секунду нельзя")
    notify = r.get("notify", str, "").strip()
    if notify and "@" not in notify:
        raise r.fail("notify", f"не похоже на адрес: «{notify}»")
    remind = r.get("remind_before", (str, int, float), None)
    if remind is not None:
        remind = duration("remind_before", None)
    return WatchConfig(poll=poll, idle=r.get("idle", bool, True),
                       send_replies=r.get("send_replies", bool, True), notify=notify,
                       remind_before=remind)


def _server_fields(r: _Reader, default_port: int) -> dict[str, Any]:
    host = r.get("host", str)
    tls = r.choice("tls", ("ssl", "starttls", "none"), "ssl")
    if tls == "none" and not is_loopback(host):
        raise r.fail("tls", "без шифрования можно только с 127.0.0.1 / localhost")
    return dict(host=host, port=r.get("port", int, default_port), tls=tls,
                user=r.get("user", str, ""), password_env=r.get("password_env", str, ""))


def _load_mailbox(text: str, data: dict[str, Any], base: Path) -> MailboxConfig:
    if "mailbox" not in data:
        raise ConfigError("нет раздела [mailbox]")
    r = _Reader(text, data["mailbox"], "mailbox", "[mailbox]")
    kind = r.choice("kind", ("imap", "maildir"))
    batch = r.get("batch", int, MailboxConfig.batch)
    if not 1 <= batch <= 10_000:
        raise r.fail("batch", f"нужно число от 1 до 10000, а записано {batch}")
    if kind == "maildir":
        return MailboxConfig(kind=kind, path=_resolve_path(base, r.get("path", str)), batch=batch)
    return MailboxConfig(kind=kind, folder=r.get("folder", str, "INBOX"), batch=batch,
                         **_server_fields(r, 993))


def _load_send(text: str, data: dict[str, Any], base: Path) -> SendConfig:
    if "send" not in data:
        raise ConfigError("нет раздела [send]")
    r = _Reader(text, data["send"], "send", "[send]")
    kind = r.choice("kind", ("smtp", "folder"))
    from_addr = r.get("from", str)
    if "@" not in from_addr:
        raise r.fail("from", f"не похоже на адрес: «{from_addr}»")
    if kind == "folder":
        return SendConfig(kind=kind, from_addr=from_addr, path=_resolve_path(base, r.get("path", str)))
    return SendConfig(kind=kind, from_addr=from_addr, **_server_fields(r, 465))
