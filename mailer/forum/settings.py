"""The ``[forum]`` table of the game's config and the players' ``forum_name`` (FORUM.md
«Config»), read from the config file itself so the shared loader stays as it is."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .model import ForumError

ENGINES = ("auto", "phpbb", "invision", "vbulletin", "smf", "xenforo", "ucoz", "text")


def norm_name(name: str) -> str:
    """A forum account or nick for matching: case-folded, ё = е, spaces collapsed."""
    return " ".join(name.replace("ё", "е").replace("Ё", "Е").casefold().split())


#: a forum account's name that says it is the game's host or the forum's staff («Ведущий»,
#: «Host», «Админ», «Модератор», «GM»): the host's account, never a player's
_HOSTLIKE = re.compile(r"^(?:ведущ(?:ий|ая|ие)|хост|host|game\s*master|gm|гм|мастер|админ(?:истратор)?|"
                       r"admin(?:istrator)?|модератор|moderator|mod|организатор|орг|"
                       r"ведущ(?:ий|ая)\s+игры)(?:[\s_.-]*\d*)?$", re.IGNORECASE)


def looks_like_host(name: str) -> bool:
    """True when the forum account ``name`` reads as the host's or the forum staff's
    («Ведущий», «Host», «Админ»…): the import's advice names ``[forum] host_names`` for it
    (FORUM.md «Config»), never a player's ``forum_name``."""
    return bool(_HOSTLIKE.match(norm_name(name)))


@dataclass(frozen=True)
class ForumSettings:
    """``url`` (or None), ``engine`` (one of :data:`ENGINES`), ``timezone`` (IANA),
    ``host_names`` (normalised), ``accounts``: normalised forum name or nick → roster nick."""

    url: str | None
    engine: str
    timezone: str
    host_names: frozenset[str]
    accounts: dict[str, str] = field(default_factory=dict)

    def who(self, author: str) -> tuple[str, str | None]:
        """``(kind, nick)`` of a forum account: ``("host", None)``, ``("player", nick)`` or
        ``("outsider", None)``."""
        key = norm_name(author)
        if key in self.host_names:
            return "host", None
        nick = self.accounts.get(key)
        return ("player", nick) if nick else ("outsider", None)


def forum_settings(cfg) -> ForumSettings:
    """The forum settings of a loaded config (mailer.config.GameConfig).

    Raises:
        ForumError: an unknown engine or time zone, or a ``forum_name`` used twice (Russian).
    """
    data = tomllib.loads(cfg.path.read_text(encoding="utf-8"))
    table = data.get("forum") or {}
    engine = str(table.get("engine", "auto")).lower()
    if engine not in ENGINES:
        raise ForumError(f"forum.engine: допустимо {', '.join(ENGINES)}; записано «{engine}»")
    tz = table.get("timezone") or cfg.timezone
    try:
        ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise ForumError(f"forum.timezone: неизвестный часовой пояс «{tz}»") from None
    hosts = table.get("host_names") or []
    if not isinstance(hosts, list):
        raise ForumError("forum.host_names: ожидается список имён, например [\"Ведущий\"]")
    accounts: dict[str, str] = {}
    for entry in data.get("player") or []:
        nick = str(entry.get("nick", "")).strip()
        if nick:
            accounts.setdefault(norm_name(nick), nick)
    named: dict[str, str] = {}
    for entry in data.get("player") or []:
        nick = str(entry.get("nick", "")).strip()
        name = entry.get("forum_name")
        if nick and name:
            key = norm_name(str(name))
            if key in named and named[key] != nick:
                raise ForumError(f"player «{nick}»: forum_name «{name}» уже у игрока «{named[key]}»")
            named[key] = accounts[key] = nick
    return ForumSettings(url=table.get("url"), engine=engine, timezone=tz,
                         host_names=frozenset(norm_name(str(h)) for h in hosts), accounts=accounts)
