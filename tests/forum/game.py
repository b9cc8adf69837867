"""A small game for the forum tests: 8 players, start Mon 2026-12-07 19:30 Moscow (day 1
ends Tue 08.12 19:30, day 2 ends Wed 09.12 19:30), maildir in, folder out."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from mailer.config import load_config
from mailer.store import Store
from mailer.day import init_game

START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)  # 19:30 Moscow
DAY1_END = START + timedelta(days=1)
DAY2_END = START + timedelta(days=2)

PLAYERS = [
    ("Ягуар", "clan1.boss", None), ("Лис", "clan1.thief", "lis_fox"), ("Зоя", "doctor", None),
    ("Гном", "civilian", None), ("Кузя", "civilian", None), ("Гоша", "detective", None),
    ("Тётя Ася", "civilian", "tetya_asya"), ("Бука", "clan2.boss", None),
]


def make_game(root: Path, *, engine: str = "auto", url: str | None = None, event: str = "none",
              extra: str = "") -> tuple:
    """(config, store) of a fresh game in ``root`` with day 1 open (event ``event``)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "maildir" / "new").mkdir(parents=True, exist_ok=True)
    (root / "maildir" / "cur").mkdir(exist_ok=True)
    (root / "maildir" / "tmp").mkdir(exist_ok=True)
    lines = ["[game]", 'name = "Тест"', 'timezone = "Europe/Moscow"', 'start = "2026-12-07 19:30"',
             "seed = 7", 'database = "game.db"', "",
             "[mailbox]", 'kind = "maildir"', 'path = "maildir"', "",
             "[send]", 'kind = "folder"', 'from = "host@example.org"', 'path = "outbox"', "",
             "[forum]", f'engine = "{engine}"', 'host_names = ["Ведущий"]']
    if url:
        lines.append(f'url = "{url}"')
    lines.append(extra)
    for k, (nick, role, forum_name) in enumerate(PLAYERS):
        lines += ["", "[[player]]", f'nick = "{nick}"', f'email = "p{k}@example.org"', f'role = "{role}"']
        if forum_name:
            lines.append(f'forum_name = "{forum_name}"')
    (root / "game.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    cfg = load_config(root / "game.toml")
    store = Store(cfg.database_url)
    init_game(cfg, store, now=START - timedelta(minutes=5), event=event)
    return cfg, store
