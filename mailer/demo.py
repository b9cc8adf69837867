"""``mafia-mail demo``: the embedded default game, run end to end with no server.

A copy of the bundled demo (``mailer/demo/``: a 24-player config and a Maildir with one
realistic day of letters) goes to a work folder; then init → sync half an hour before day 1's
deadline (the letters received by then: on time, their replies say the moves may still be
changed) → sync just after the deadline (the one letter that really came late) → close-day
(the newspaper is printed) → preview of one queued letter of each kind (and the command that
shows the rest) → send into the outbox folder.
"""

from __future__ import annotations

import shlex
import shutil
import tempfile
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from importlib import resources
from pathlib import Path

from .out_state import OutState
from .status import open_day_status
from .words import KIND_RU, count, synced_state


def copy_demo(target: Path, received_by: datetime | None = None) -> Path:
    """Copy the bundled demo game into ``target`` (created) and return its config path.

    ``received_by`` (aware): copy only the letters the server had received by then (the
    Maildir file name starts with the receipt time); None: all of them.
    """
    config = _copy_game(target)
    deliver_demo_letters(target, received_by)
    return config


def _copy_game(target: Path) -> Path:
    """The demo's config and README in ``target`` (created) and an empty Maildir; the config
    path."""
    target.mkdir(parents=True, exist_ok=True)
    source = resources.files("mailer") / "demo"
    with resources.as_file(source) as src:
        shutil.copy2(Path(src) / "game.toml", target / "game.toml")
        shutil.copy2(Path(src) / "README.md", target / "README.md")
    for sub in ("new", "cur", "tmp"):
        (target / "maildir" / sub).mkdir(parents=True, exist_ok=True)
    return target / "game.toml"


def demo_received(name: str) -> datetime:
    """When the server received the bundled demo letter named ``name`` (a Maildir file name
    opens with the unix time of receipt)."""
    return datetime.fromtimestamp(int(name.split(".", 1)[0]), tz=timezone.utc)


def deliver_demo_letters(target: Path, received_by: datetime | None = None) -> int:
    """Put into ``target``/maildir/new the bundled demo letters received by ``received_by``
    (None: all) that are not there yet, as the mail server would deliver them; return how
    many were put."""
    source = resources.files("mailer") / "demo"
    put = 0
    with resources.as_file(source) as src:
        for sub in ("new", "cur"):
            folder = Path(src) / "maildir" / sub
            if not folder.is_dir():
                continue
            for letter in sorted(folder.iterdir()):
                there = target / "maildir" / sub / letter.name
                if there.exists() or (received_by is not None and demo_received(letter.name) > received_by):
                    continue
                shutil.copy2(letter, there)
                put += 1
    return put


#: Where ``mafia-mail demo`` keeps its game by default, in the current folder (a taken one
#: gives way to «demo-game-2», «demo-game-3», …).
DEMO_FOLDER = "demo-game"


def demo_folder(base: Path) -> Path:
    """The first folder ``base``/demo-game, demo-game-2, … that holds no game yet (no
    game.db): where a plain ``mafia-mail demo`` keeps its game, so a second run never
    refuses nor overwrites the first."""
    n = 1
    while True:
        folder = base / (DEMO_FOLDER if n == 1 else f"{DEMO_FOLDER}-{n}")
        if not (folder / "game.db").exists():
            return folder
        n += 1


def run_demo(workdir: str | None = None, *, temporary: bool = False,
             echo: Callable[[str], None] = print, command: str = "mafia-mail") -> Path:
    """Run the demo game and print each step; ``command`` is how the host runs the tool
    (``.venv/bin/mafia-mail``), for the next steps.

    The game stays for the host to look at (config, game.db, maildir/, outbox/; without the
    lock files the demo's own commands left beside the config): in ``workdir``, or by default
    in the first free ``demo-game`` folder of the current folder (:func:`demo_folder`); the
    closing lines name its files, the commands to read every letter, and how to remove it.
    ``temporary``: the demo runs in a new temporary folder and removes it when it ends (the
    last line tells how to keep the game).

    Returns the work folder (gone when ``temporary``). Raises ``FileExistsError`` when
    ``workdir`` already holds a demo database.
    """
    # absolute: the closing lines give paths and commands the host pastes from anywhere
    if temporary:
        folder = Path(tempfile.mkdtemp(prefix="mafia-mail-demo-"))
    else:
        folder = Path(workdir).absolute() if workdir else demo_folder(Path.cwd())
    if (folder / "game.db").exists():
        raise FileExistsError(f"в {folder} уже есть демо-игра (game.db); укажите другую папку")
    config = folder / "game.toml"
    locks_before = set(folder.glob(f"{config.name}.*.lock"))
    try:
        _play(folder, echo, command, keep=not temporary)
    finally:
        if temporary:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            for lock in set(folder.glob(f"{config.name}.*.lock")) - locks_before:
                lock.unlink(missing_ok=True)
    if temporary:
        echo(f"Временная папка демо-игры удалена. Оставить игру, чтобы посмотреть все письма, базу "
             f"и status: {command} demo")
    return folder


def _play(folder: Path, echo: Callable[[str], None], command: str, keep: bool) -> None:
    """The demo's steps in ``folder``; the closing lines name the files and next commands
    only when the folder is ``keep``-t."""
    from .config import load_config
    from .outbox import build_message, send_all
    from .store import Store
    from .sync import sync
    from .day import close_day, init_game

    cfg = load_config(_copy_game(folder))
    from .lexicon_cache import install

    install(cfg.words)  # the demo game's own words, if its config has them
    deadline = cfg.start + timedelta(days=1)
    # the host reads his mail half an hour before the deadline, and once more after it
    before, after = deadline - timedelta(minutes=30), deadline + timedelta(minutes=5)
    deliver_demo_letters(folder, before)
    store = Store(cfg.database_url)
    echo(f"Демо-игра «{cfg.name}»: {count(len(cfg.players), 'игрок', 'игрока', 'игроков')}, папка {folder}")

    try:
        init_game(cfg, store, now=cfg.start - timedelta(minutes=5), event="none")
        echo("1. init: роли розданы, день 1 открыт, без события.")

        report = sync(cfg, store, now=before)
        echo(f"2. sync в {_clock(before, cfg.zone)}, за полчаса до срока: писем {report.fetched}; "
             "по состояниям: " + _states(report))
        echo(f"   {open_day_status(cfg, store).progress()}")
        for line in report.attention:
            echo(f"   внимание ведущего: {line}")
        deliver_demo_letters(folder, after)
        late = sync(cfg, store, now=after)
        echo(f"   sync в {_clock(after, cfg.zone)}, после срока: писем {late.fetched}; "
             "по состояниям: " + _states(late))

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
                echo(f"=== исходящее письмо {row.id} ({KIND_RU.get(row.kind, row.kind)}) → {msg['To']} ===")
                echo(f"Subject: {msg['Subject']}")
                echo(msg.get_content().rstrip("\n"))
                echo("")
        sent = send_all(cfg, store, now=deadline + timedelta(minutes=15))
        where = cfg.send.path if keep else "папку outbox демо-игры (файлы .eml; с --temp она удаляется в конце)"
        echo(f"5. send: записано в {where}: {count(sent.sent, 'письмо', 'письма', 'писем')}")
        with store.session() as s:
            dropped = len(store.outgoing(s, OutState.DROPPED))
        if dropped:
            echo(f"   ещё {count(dropped, 'письмо снято', 'письма сняты', 'писем снято')} с очереди "
                 "(их заменили полные ответы close-day), поэтому номера исходящих идут дальше; "
                 "все они видны в outbox --all")
    finally:
        store.dispose()
    echo("")
    if not keep:
        return
    echo(f"Всё здесь: {folder}")
    echo(f"  настройки: {cfg.path}")
    echo(f"  база игры: {folder / 'game.db'}")
    echo(f"  письма игроков (Maildir): {cfg.mailbox.path}")
    echo(f"  отправленные письма (.eml): {cfg.send.path}")
    echo(f"  как написать своё письмо игрока (адреса игроков, вид файла): {folder / 'README.md'}")
    clock = (deadline + timedelta(minutes=20)).astimezone(cfg.zone)
    at_clock = f"MAFIA_MAIL_NOW={clock.isoformat(timespec='minutes')}"
    echo(f"Часы демо-игры — {clock:%d.%m.%Y %H:%M}, день 2 (даты игры — в декабре 2026). Чтобы играть "
         f"дальше (свои письма в {cfg.mailbox.path / 'new'}, sync, close-day), ставьте перед командой "
         f"это время: {at_clock} {command} --config {cfg.path} sync")
    echo(f"Все исходящие письма игры: {command} --config {cfg.path} outbox --all; "
         f"любое из них целиком: {command} --config {cfg.path} preview НОМЕР "
         f"(у входящих писем игроков нумерация своя, входящее целиком: show НОМЕР)")
    echo(f"Дальше: {at_clock} {command} --config {cfg.path} status")
    echo(f"Удалить демо-игру, когда она станет не нужна: rm -r {shlex.quote(str(folder))}")


def _clock(moment: datetime, zone) -> str:
    """«19:00 08.12»: a moment of the demo's day in the game's zone."""
    return f"{moment.astimezone(zone):%H:%M %d.%m}"


def _states(report) -> str:
    """The letter states of a sync ``report`` as the demo tells them."""
    return ", ".join(synced_state(k, v, " — ", len(report.movers)) for k, v in sorted(report.states.items()))
