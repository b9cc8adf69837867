"""What a loaded config holds (:class:`GameConfig` and its sections), and the one error a
config can raise (:class:`ConfigError`). Loading and validation are :mod:`mailer.config`.

Secrets never live in the file: passwords are read from the environment variable named by
``password_env`` when a command needs them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from engine.state import HouseRules

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
        return secret(self.password_env, "mailbox.password_env")


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
        return secret(self.password_env, "send.password_env") if self.password_env else None


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
    #: The game's own words for the moves (``[words]``: action id → the host's words, or →
    #: lexicon fields); empty: the shipped words only. :mod:`engine.lexicon.game`.
    words: dict[str, Any] = field(default_factory=dict)
    #: The host's aliases of players (``[aliases]``: alias → roster nick), read as the nick
    #: in every letter (:mod:`engine.textnorm_aliases`).
    aliases: dict[str, str] = field(default_factory=dict)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def subject(self, what: str) -> str:
        """The subject of a letter of this game: one format for all of them, the game's name in
        brackets and what the letter is, «[Мафия: демо] Итоги дня 1» (a name with a colon in
        it read «Мафия: демо: итоги дня 1»)."""
        return f"[{self.name}] {what[:1].upper()}{what[1:]}"

    def player_by_address(self) -> dict[str, str]:
        """Address in :func:`mailer.addresses.canonical` form (lower case, IDN domain in
        Unicode, so ``zoya@почта.рф`` and ``zoya@xn--80a1acny.xn--p1ai`` are one) → nickname."""
        return {canonical(e): p.nick for p in self.players for e in p.emails}


def secret(env_name: str, key: str) -> str:
    if not env_name:
        raise ConfigError(f"{key}: не указано имя переменной окружения с паролем")
    value = os.environ.get(env_name)
    if value is None:
        raise ConfigError(f"{key}: переменная окружения {env_name} не задана (пароль в файле не хранится)")
    return value
