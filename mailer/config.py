"""The game's config file (TOML, see ``config.example.toml``): loading and validation.

Every error is a :class:`ConfigError` whose Russian message names the key and, where it can
be found, the line. What a loaded config holds is :mod:`mailer.config_model` (re-exported
here, the names every module imports); reading TOML with Russian errors is
:mod:`mailer.config_toml`.
"""

from __future__ import annotations

import os
import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.roles import RosterError, split_role
from engine.state import HouseRules
from mailer.fetch import is_loopback

from .addresses import canonical
from .config_model import (ConfigError, GameConfig, MailboxConfig, PlayerConfig, SendConfig,
                           WatchConfig, parse_duration)
from .config_toml import TableReader, check_known_keys, config_text, toml_error_ru

__all__ = ["ConfigError", "GameConfig", "MailboxConfig", "PlayerConfig", "SendConfig",
           "WatchConfig", "load_config", "merged_words", "parse_duration", "toml_error_ru"]


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
        ConfigError: missing file, TOML syntax, an unknown key («emials»), unknown role, duplicate nick or address, bad
            time zone or start, a ``tls = "none"`` server that is not loopback, … (Russian,
            naming the key and line).
    """
    path = Path(path).resolve()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"файл настроек не найден: {path} (укажите --config или MAFIA_MAIL_CONFIG)") from None
    except OSError as exc:
        from .clickru import OS_ERRORS  # the OS's English text, said in Russian

        why = str(exc.strerror or exc)
        raise ConfigError(f"файл настроек {path} не прочитать: {OS_ERRORS.get(why, why)}") from None
    text = config_text(raw, path.name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(toml_error_ru(exc, text, path.name)) from None
    try:
        return _build_config(path, text, data)
    except ConfigError as exc:
        raise ConfigError(f"{path.name}: {exc}") from None


def _build_config(path: Path, text: str, data: dict) -> GameConfig:
    """The validated config from the parsed TOML (errors name the key and line)."""
    base = path.parent
    check_known_keys(text, data)

    game = TableReader(text, data.get("game") or {}, "game", "[game]")
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
        r = TableReader(text, entry, f"player[{i + 1}]", "[[player]]", i)
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
        own: set[str] = set()
        kept: list[str] = []
        for e in emails:
            if not isinstance(e, str) or "@" not in e:
                raise r.fail("emails" if "emails" in entry else "email", f"не похоже на адрес: {e!r}")
            if canonical(e) in own:
                continue  # (his email repeated in his emails: one address, no conflict)
            own.add(canonical(e))
            kept.append(e)
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
        players.append(PlayerConfig(nick=nick, emails=tuple(kept), role=role, code=code,
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
        words=_load_words(text, data),
        aliases=_load_aliases(text, data, tuple(p.nick for p in players)),
    )


def _load_aliases(text: str, data: dict[str, Any], nicks: tuple[str, ...]) -> dict[str, str]:
    """The host's aliases of players (``[aliases]``: alias = roster nick,
    :mod:`engine.textnorm_aliases`), checked: each names a player, none is another player's
    nick, none is given to two players."""
    from engine.textnorm_aliases import alias_problem

    table = data.get("aliases")
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise ConfigError("aliases: ожидается таблица [aliases] (прозвище = \"ник игрока\")")
    r = TableReader(text, table, "aliases", "[aliases]")
    taken: dict[str, str] = {}
    for alias, nick in table.items():
        why = alias_problem(alias, nick, nicks, taken)
        if why:
            raise r.fail(alias, why)
    return {alias.strip(): nick for alias, nick in table.items()}


def _load_words(text: str, data: dict[str, Any]) -> dict[str, Any]:
    """The game's own words (``[words]``), checked: known action ids, no empty entry, no word
    the shipped lexicon gives to another move (the host must know: his word would mean that
    move). Loads the move lexicon only when the table is there."""
    table = data.get("words")
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise ConfigError("words: ожидается таблица [words] (ход = [\"слово\", …])")
    if not table:
        return {}
    from engine.lexicon.game import GameWordsError, game_tables

    from .lexicon_cache import conflicts

    r = TableReader(text, table, "words", "[words]")
    try:
        tables = game_tables(table, derived=False)  # (its derived forms need no check)
    except GameWordsError as exc:
        raise r.fail(exc.key.split(".")[0], exc.detail) from None
    found = conflicts(table, tables)
    if found:
        action, _ = found[0]
        lines = "; ".join(line if a == action else f"{a}: {line}" for a, line in found)
        raise r.fail(action, f"{lines}. Слово игры должно значить один ход: уберите его из "
                             "[words] или впишите у хода, который оно уже значит")
    return {action: value for action, value in table.items()}


def _load_watch(text: str, data: dict[str, Any]) -> WatchConfig:
    r = TableReader(text, data.get("watch") or {}, "watch", "[watch]")

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


def _server_fields(r: TableReader, default_port: int) -> dict[str, Any]:
    host = r.get("host", str)
    tls = r.choice("tls", ("ssl", "starttls", "none"), "ssl")
    if tls == "none" and not is_loopback(host):
        raise r.fail("tls", "без шифрования можно только с 127.0.0.1 / localhost")
    return dict(host=host, port=r.get("port", int, default_port), tls=tls,
                user=r.get("user", str, ""), password_env=r.get("password_env", str, ""))


def _load_mailbox(text: str, data: dict[str, Any], base: Path) -> MailboxConfig:
    if "mailbox" not in data:
        raise ConfigError("нет раздела [mailbox]")
    r = TableReader(text, data["mailbox"], "mailbox", "[mailbox]")
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
    r = TableReader(text, data["send"], "send", "[send]")
    kind = r.choice("kind", ("smtp", "folder"))
    from_addr = r.get("from", str)
    if "@" not in from_addr:
        raise r.fail("from", f"не похоже на адрес: «{from_addr}»")
    if kind == "folder":
        return SendConfig(kind=kind, from_addr=from_addr, path=_resolve_path(base, r.get("path", str)))
    return SendConfig(kind=kind, from_addr=from_addr, **_server_fields(r, 465))


def words_lines(words: dict[str, Any]) -> list[str]:
    """The game's own words for the host's screen (``status``), one line a move: «кража:
    «сливать соляру у», «соляра»». Empty for none."""
    from engine.reasons import ACTIONS_RU

    out = []
    for action, value in words.items():
        if isinstance(value, dict):
            entries = [w for field, items in value.items() if not field.startswith("weak_")
                       and field != "not_before" for w in ([items] if isinstance(items, str) else items)]
        else:
            from engine.lexicon.game import plain_word

            entries = [plain_word(w) for w in ([value] if isinstance(value, str) else list(value))]
        out.append(f"  {ACTIONS_RU.get(action, action)}: " + ", ".join(f"«{w}»" for w in entries))
    return out


def merged_words(config_words: dict, more: dict[str, list[str]]) -> dict:
    """The config's ``[words]`` with the host's taught words ``more`` (action id → words,
    :mod:`mailer.taught_words`) appended to each move's list; a move the config gives as
    lexicon fields (``[words.guard]``, to which ``words add`` adds nothing) keeps its fields."""
    words = {a: (list(v) if isinstance(v, list) else v) for a, v in config_words.items()}
    for action, items in more.items():
        have = words.get(action)
        if have is None:
            words[action] = list(items)
        elif isinstance(have, list):
            words[action] = have + [w for w in items if w not in have]
    return words
