"""``mafia-mail demo``: the embedded default game, run end to end with no server.

A copy of the bundled demo (``mailer/demo/``: a 24-player config and a Maildir with one
realistic day of letters) goes to a work folder; then init → sync → close-day (the newspaper
is printed) → preview of one queued letter of each kind (and the command that shows the rest)
→ send into the outbox folder, with the clock set just after day 1's deadline.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from datetime import timedelta
from importlib import resources
from pathlib import Path

from .out_state import OutState
from .status import open_day_status
from .words import KIND_RU, count, synced_state


def copy_demo(target: Path) -> Path:
    """Copy the bundled demo game into ``target`` (created) and return its config path."""
    target.mkdir(parents=True, exist_ok=True)
    source = resources.files("mailer") / "demo"
    with resources.as_file(source) as src:
        shutil.copy2(Path(src) / "game.toml", target / "game.toml")
        shutil.copy2(Path(src) / "README.md", target / "README.md")
        maildir = target / "maildir"
        shutil.copytree(Path(src) / "maildir", maildir, dirs_exist_ok=True)
    for sub in ("new", "cur", "tmp"):
        (target / "maildir" / sub).mkdir(exist_ok=True)
    return target / "game.toml"


def run_demo(workdir: str | None = None, *, echo: Callable[[str], None] = print,
             command: str = "mafia-mail") -> Path:
    """Run the demo game in ``workdir`` (a new temporary folder when None) and print each step;
    ``command`` is how the host runs the tool (``.venv/bin/mafia-mail``), for the next steps.

    Returns the work folder (config, game.db, outbox/). Raises ``FileExistsError`` when
    ``workdir`` already holds a demo database.
    """
    from .config import load_config
    from .outbox import build_message, send_all
    from .store import Store
    from .sync import sync
    from .day import close_day, init_game

    folder = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix="mafia-mail-demo-"))
    if (folder / "game.db").exists():
        raise FileExistsError(f"в {folder} уже есть демо-игра (game.db); укажите другую папку")
    cfg = load_config(copy_demo(folder))
    store = Store(cfg.database_url)
    deadline = cfg.start + timedelta(days=1)
    echo(f"Демо-игра «{cfg.name}»: {count(len(cfg.players), 'игрок', 'игрока', 'игроков')}, папка {folder}")

    init_game(cfg, store, now=cfg.start - timedelta(minutes=5), event="none")
    echo("1. init: роли розданы, день 1 открыт (событие: без события).")

    report = sync(cfg, store, now=deadline + timedelta(minutes=5))
    echo(f"2. sync: писем {report.fetched}, обработано {report.processed}: "
         + ", ".join(synced_state(k, v, " — ", len(report.movers)) for k, v in sorted(report.states.items())))
    echo(f"   {open_day_status(cfg, store).progress()}")
    for line in report.attention:
        echo(f"   внимание ведущего: {line}")

    closed = close_day(cfg, store, now=deadline + timedelta(minutes=10))
    echo("3. close-day: газета дня 1:")
    echo("")
    echo(closed.newspaper)
    with store.session() as s:
        rows = store.outgoing(s, OutState.QUEUED)
        shown = list({row.kind: row for row in reversed(rows)}.values())[::-1]  # first of each kind
        shown.sort(key=lambda row: row.id)
        echo(f"4. preview: в очереди {count(len(rows), 'письмо', 'письма', 'писем')}; "
             f"ниже по одному письму каждого вида ({len(shown)}):")
        for row in shown:
            msg = build_message(cfg, row)
            echo(f"=== письмо {row.id} ({KIND_RU.get(row.kind, row.kind)}) → {msg['To']} ===")
            echo(f"Subject: {msg['Subject']}")
            echo(msg.get_content().rstrip("\n"))
            echo("")
    sent = send_all(cfg, store, now=deadline + timedelta(minutes=15))
    echo(f"5. send: {count(sent.sent, 'письмо', 'письма', 'писем')} записано в {cfg.send.path}")
    echo("")
    echo(f"Всё здесь: {folder}")
    echo(f"  настройки: {cfg.path}")
    echo(f"  база игры: {folder / 'game.db'}")
    echo(f"  письма игроков (Maildir): {cfg.mailbox.path}")
    echo(f"  отправленные письма (.eml): {cfg.send.path}")
    echo(f"Все письма дня: {command} --config {cfg.path} outbox --all; "
         f"любое из них целиком: {command} --config {cfg.path} preview НОМЕР")
    echo(f"Дальше: {command} --config {cfg.path} status")
    store.dispose()
    return folder
