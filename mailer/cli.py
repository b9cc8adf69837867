"""The ``mafia-mail`` command line: thin click commands, each calling one library function.

Heavy modules (the morphology dictionary, SQLAlchemy, Jinja) are imported inside the
commands, so ``mafia-mail --help`` starts fast.
"""

from __future__ import annotations

import json
import os
import sys

import click

from mailer.clickru import install as _russian_click
from mailer.clickru import russify_commands as _russify_commands
from mailer.words import KIND_RU, OUT_STATE_RU, PROBLEM_RU, STATE_RU, code_for, count

_russian_click()  # click's usage errors and help headings in Russian

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class HostError(click.ClickException):
    """A command that cannot be done, told to the host in Russian (exit code 1)."""

    def show(self, file=None) -> None:
        click.echo(f"Ошибка: {self.format_message()}", file=file or sys.stderr)


def _command_name() -> str:
    """How the host ran this tool, to print next commands he can type as they are: the path
    he typed (``.venv/bin/mafia-mail``), or ``mafia-mail`` when it is on PATH."""
    import shutil

    typed = sys.argv[0] if sys.argv and sys.argv[0].endswith("mafia-mail") else "mafia-mail"
    if os.sep not in typed or shutil.which("mafia-mail") == os.path.abspath(typed):
        return "mafia-mail"
    return typed


def _echo_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


@click.group(context_settings=CONTEXT_SETTINGS)
@click.option(
    "--config", "config_path", envvar="MAFIA_MAIL_CONFIG", default="mafia-mail.toml",
    show_default=True, type=click.Path(dir_okay=False),
    help="Файл настроек игры (или переменная MAFIA_MAIL_CONFIG).",
)
@click.pass_context
def main(ctx: click.Context, config_path: str) -> None:
    """mafia-mail: ведущий форумной мафии по почте.

    \b
    Обычный день ведущего:
      mafia-mail --config game.toml sync        # забрать письма, понять ходы, ответить
      mafia-mail --config game.toml status      # кто прислал ходы, кто нет
      mafia-mail --config game.toml close-day   # подвести итоги дня, газета, письма
      mafia-mail --config game.toml preview     # посмотреть письма перед отправкой
      mafia-mail --config game.toml send        # отправить
    Попробовать без сервера: mafia-mail demo
    """
    ctx.ensure_object(dict)
    ctx.obj["config_path"] = config_path


@main.command()
@click.option("--game", "game_path", required=True, type=click.Path(exists=True, dir_okay=False),
              help="Файл игры (TOML, SCENARIOS.md).")
@click.option("--from", "sender", required=True, help="Ник отправителя.")
@click.option("--at", "at", default=None, help="Время получения письма, «ГГГГ-ММ-ДД ЧЧ:ММ», местное.")
@click.option("--day", "day", type=int, default=None, help="Игровой день (по умолчанию по --at, иначе 1).")
@click.option("--eml", is_flag=True, help="На входе целое письмо RFC 822, а не текст.")
def parse(game_path: str, sender: str, at: str | None, day: int | None, eml: bool) -> None:
    """Разобрать одно письмо со стандартного ввода и напечатать JSON ходов и проблем.

    \b
    Пример:
      echo "Лечу Буку. Линч: Serginio" | mafia-mail parse --game game.toml --from Serginio
      {"moves": [{"action": "heal", "target": "Бука"}, ...], "problems": []}
    """
    from engine.gamefile import GameFileError, load_game_file
    from engine.replay import parse_in_game

    raw = sys.stdin.buffer.read()
    if eml:
        from mailer.decode import decode

        letter = decode(raw)
        text = letter.body
    else:
        from mailer.quotes import strip_quotes

        # the body of a plain-text letter is read as sync reads one: quotes and signature cut
        text = strip_quotes(raw.decode("utf-8", errors="replace"))
    try:
        with open(game_path, encoding="utf-8") as fh:
            game = load_game_file(fh.read())
        result = parse_in_game(game, sender, text, at=at, day=day)
    except GameFileError as exc:
        raise HostError(str(exc)) from exc
    _echo_json(result.to_json())


@main.command()
@click.argument("game_path", metavar="ФАЙЛ", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Печатать JSON (SCENARIOS.md).")
@click.option("--check", is_flag=True, help="Сверить с [turn.expect]; код 1 при расхождении.")
def replay(game_path: str, as_json: bool, check: bool) -> None:
    """Прогнать всю игру из файла игры тем же путём, что и живую игру, без почтового сервера.

    \b
    Пример:
      mafia-mail replay tests/cases/psycho_victim_dies_next_turn.toml --json --check
    """
    from engine.gamefile import GameFileError, load_game_file
    from engine.replay import check_expectations, replay_game, render_text

    try:
        with open(game_path, encoding="utf-8") as fh:
            game = load_game_file(fh.read())
        result = replay_game(game)
    except GameFileError as exc:
        raise HostError(str(exc)) from exc
    if as_json:
        _echo_json(result)
    else:
        click.echo(render_text(result))
    if check:
        diffs = check_expectations(game, result)
        if diffs:
            for line in diffs:
                click.echo(line, err=True)
            sys.exit(1)


# --- host commands ---------------------------------------------------------------------------


def _now():
    """The current time (aware UTC); ``MAFIA_MAIL_NOW`` (ISO 8601) overrides it for tests and
    rehearsals."""
    from datetime import datetime, timezone

    forced = os.environ.get("MAFIA_MAIL_NOW")
    if forced:
        value = datetime.fromisoformat(forced)
        if value.tzinfo is None:
            raise HostError("MAFIA_MAIL_NOW: укажите время с поясом, например 2026-12-08T19:31:00+03:00")
        return value.astimezone(timezone.utc)
    return datetime.now(timezone.utc)


def _config(ctx: click.Context):
    """The config named by --config; Russian errors for the host."""
    from mailer.config import ConfigError, load_config

    try:
        return load_config(ctx.obj["config_path"])
    except ConfigError as exc:
        raise HostError(str(exc)) from exc


def _open(ctx: click.Context):
    """(config, store) of the game named by --config; Russian errors for the host."""
    from mailer.store import Store

    cfg = _config(ctx)
    return cfg, _run(Store, cfg.database_url)


def _host_errors():
    from mailer.config import ConfigError
    from mailer.store import DatabaseUnavailable
    from mailer.day import GameError

    errors: tuple[type[Exception], ...] = (ConfigError, GameError, DatabaseUnavailable)
    try:
        from mailer.fetch import MailboxError
        from mailer.send import SendError

        errors += (MailboxError, SendError)
    except ImportError:  # pragma: no cover
        pass
    return errors


def _run(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except _host_errors() as exc:
        raise HostError(str(exc)) from exc


@main.command()
@click.option("--event", default=None, metavar="СОБЫТИЕ",
              help="Событие первого дня вместо жребия: название («Полнолуние») или id (full_moon).")
@click.pass_context
def init(ctx: click.Context, event: str | None) -> None:
    """Создать игру: раздать роли (по зерну, если не заданы), открыть день 1, поставить в
    очередь письма с ролями.

    \b
    Пример:
      mafia-mail --config game.toml init
    """
    from mailer.day import init_game

    cfg, store = _open(ctx)
    state = _run(init_game, cfg, store, now=_now(), event=event)
    click.echo(f"Игра «{cfg.name}» создана: {count(len(state.players), 'игрок', 'игрока', 'игроков')}, роли розданы.")
    click.echo("Письма с ролями в очереди: mafia-mail preview, затем mafia-mail send.")


@main.command()
@click.pass_context
def sync(ctx: click.Context) -> None:
    """Забрать новые письма, понять ходы, поставить ответ на каждое в очередь.

    Повторный запуск безопасен: ничего не скачивается и не отвечается дважды.

    \b
    Пример:
      mafia-mail --config game.toml sync
    """
    from mailer.progress import terminal_progress
    from mailer.sync import sync as do_sync

    cfg, store = _open(ctx)
    with terminal_progress("Получаю письма", ("письмо", "письма", "писем")) as progress:
        report = _run(do_sync, cfg, store, now=_now(), progress=progress)
    click.echo(f"Новых писем: {report.fetched}; обработано: {report.processed}.")
    for state, n in sorted(report.states.items()):
        click.echo(f"  {STATE_RU.get(state, state)}: {n}")
    if report.skipped_large:
        click.echo(f"  слишком больших (не скачаны): {report.skipped_large}")
    if report.attention:
        click.echo("Требуют внимания ведущего (mafia-mail inbox):")
        for line in report.attention:
            click.echo(f"  {line}")


@main.command()
@click.pass_context
def status(ctx: click.Context) -> None:
    """День, событие, срок (местное время), кто прислал ходы и кто нет.

    \b
    Пример:
      mafia-mail --config game.toml status
    """
    from rich.console import Console
    from rich.table import Table

    from engine.reasons import ACTIONS_RU
    from engine.reasons import EVENTS_RU as EVENT_NAMES_RU
    from mailer.status import read_status

    cfg = _config(ctx)
    rep = read_status(cfg)  # SQLite: read directly, no SQLAlchemy start-up
    if rep is None:
        from mailer.reports import status as game_status

        cfg, store = _open(ctx)
        rep = _run(game_status, cfg, store)
    console = Console(highlight=False)
    if rep.finished:
        console.print(f"Игра «{rep.name}» окончена.")
    else:
        console.print(f"Игра «{rep.name}», день {rep.day}, событие «{EVENT_NAMES_RU[rep.event]}», "
                      f"срок {_local(cfg, rep.deadline)}")
    thread = any(p.words is not None for p in rep.players)  # FORUM.md: words today / threshold
    table = _table("Игрок", "Жив", "Ходы", "Голос", "Писем", "Баллы", *(["Слов"] if thread else []))
    for p in rep.players:
        table.add_row(p.nick, "да" if p.alive else "нет", ", ".join(ACTIONS_RU.get(m, m) for m in p.moves) or "—",
                      "лишён" if p.lost_vote and p.alive else
                      ("да" if p.voted else ("нет" if p.alive else "")), str(p.letters),
                      str(p.autokill_points),
                      *([f"{p.words}/{rep.autokill_words}" if p.alive else ""] if thread else []))
    console.print(table)
    stripped = [p.nick for p in rep.players if p.alive and p.lost_vote]
    if stripped and not rep.finished:
        console.print("Лишены голоса сегодня: " + ", ".join(stripped))
    missing = [p.nick for p in rep.players if p.alive and not p.moves and not p.voted]
    if missing and not rep.finished:
        console.print("Ещё ничего не прислали: " + ", ".join(missing))
    console.print(f"В очереди писем: {rep.queued}; с неясной судьбой: {rep.uncertain}; "
                  f"писем для внимания ведущего: {rep.attention}"
                  + (" (mafia-mail inbox)" if rep.attention else ""))


def _table(*headers: str, whole: tuple[str, ...] = ("ID",)):
    """A rich table that fits the terminal (80 columns when piped): long cells wrap, folding
    a word too long for its column, never cut with «…»; ``whole`` columns (ids, times) are
    never broken."""
    from rich.table import Table

    table = Table(box=None, pad_edge=False)
    for h in headers:
        if h in whole:
            table.add_column(h, no_wrap=True)
        else:
            table.add_column(h, overflow="fold")
    return table


def _local(cfg, value) -> str:
    if value is None:
        return "—"
    return value.astimezone(cfg.zone).strftime("%d.%m.%Y %H:%M") + f" ({cfg.timezone})"


@main.command("close-day")
@click.option("--early", is_flag=True, help="Закрыть день до срока.")
@click.option("--fear-choice", default=None, help="«Страх»: выбор за игрока (ник или nobody).")
@click.pass_context
def close_day(ctx: click.Context, early: bool, fear_choice: str | None) -> None:
    """Подвести итоги дня после срока: разрешить ходы, поставить письма в очередь, напечатать
    газету, открыть следующий день.

    \b
    Пример:
      mafia-mail --config game.toml close-day
    """
    from mailer.day import close_day as do_close

    cfg, store = _open(ctx)
    rep = _run(do_close, cfg, store, now=_now(), early=early, fear_choice=fear_choice)
    if rep.waiting_for:
        from engine.names import inflect

        click.echo(f"«Страх»: ждём письма от {inflect(rep.waiting_for, 'gent')} (письмо с вопросом в очереди). "
                   "Ответить за него: close-day --fear-choice НИК")
        return
    click.echo(rep.newspaper)
    click.echo(f"День {rep.day} закрыт. Писем с итогами в очереди: {rep.letters}.")
    sys.stdout.flush()  # the report's lines stay apart when stdout and stderr share a terminal
    for line in rep.warnings:
        click.echo(f"Внимание: {line}", err=True)
    if rep.winner:
        click.echo("Игра окончена.")


@main.command()
@click.option("--all", "show_all", is_flag=True, help="Показать и отправленные.")
@click.pass_context
def outbox(ctx: click.Context, show_all: bool) -> None:
    """Список писем в очереди (и отправленных с --all).

    \b
    Пример:
      mafia-mail --config game.toml outbox
    """
    from rich.console import Console
    from rich.table import Table

    cfg, store = _open(ctx)
    with store.session() as s:
        rows = store.outgoing(s) if show_all else store.outgoing(s, "queued", "uncertain", "failed")
    table = _table("ID", "Состояние", "Кому", "Тема", "Вид")
    for r in rows:
        table.add_row(str(r.id), OUT_STATE_RU.get(r.state, r.state), r.to_nick or r.to_addr, r.subject,
                      KIND_RU.get(r.kind, r.kind))
    Console(highlight=False).print(table)
    click.echo(f"Всего: {len(rows)}")


@main.command()
@click.argument("letter_id", metavar="[НОМЕР]", required=False, type=int)
@click.pass_context
def preview(ctx: click.Context, letter_id: int | None) -> None:
    """Показать письмо (заголовки и текст) ровно так, как оно уйдёт; без ID — все в очереди.

    \b
    Пример:
      mafia-mail --config game.toml preview 3
    """
    from mailer.outbox import build_message
    from mailer.store import Outgoing

    cfg, store = _open(ctx)
    with store.session() as s:
        if letter_id is not None:
            row = s.get(Outgoing, letter_id)
            if row is None:
                raise HostError(f"письма {letter_id} нет в очереди")
            rows = [row]
        else:
            rows = store.outgoing(s, "queued", "uncertain")
    for row in rows:
        msg = build_message(cfg, row)
        click.echo(f"=== письмо {row.id} ({OUT_STATE_RU.get(row.state, row.state)}) ===")
        for name, value in msg.items():
            if name.lower() in ("content-type", "content-transfer-encoding", "mime-version"):
                continue
            click.echo(f"{name}: {value}")
        click.echo("")
        click.echo(msg.get_content().rstrip("\n"))
        click.echo("")
    if not rows:
        click.echo("Очередь пуста.")


@main.command()
@click.option("--retry-uncertain", is_flag=True, help="Переотправить письма с неясной судьбой.")
@click.pass_context
def send(ctx: click.Context, retry_uncertain: bool) -> None:
    """Отправить письма из очереди; каждое отмечается отправленным, как только сервер его принял.

    \b
    Пример:
      mafia-mail --config game.toml send
    """
    from mailer.outbox import send_all
    from mailer.progress import terminal_progress

    cfg, store = _open(ctx)
    with terminal_progress("Отправляю письма", ("письмо", "письма", "писем")) as progress:
        rep = _run(send_all, cfg, store, now=_now(), retry_uncertain=retry_uncertain, progress=progress)
    click.echo(f"Отправлено: {rep.sent}; не отправлено: {rep.failed}.")
    for line in rep.errors or []:
        click.echo(f"  {line}")
    if rep.uncertain:
        click.echo(f"Писем с неясной судьбой: {rep.uncertain} (mafia-mail outbox; "
                   "переотправить: send --retry-uncertain)")
    if rep.failed:
        sys.exit(1)


@main.command()
@click.option("--keep", type=click.Path(file_okay=False), default=None,
              help="Папка для демо-игры (по умолчанию временная).")
def demo(keep: str | None) -> None:
    """Демо без сервера: 24 игрока, день писем в Maildir, sync → close-day → preview → send
    в папку outbox.

    \b
    Пример:
      mafia-mail demo
    """
    from mailer.demo import run_demo

    run_demo(keep, echo=click.echo, command=_command_name())


@main.command()
@click.option("--json", "as_json", is_flag=True, help="JSON: message_id, from, received, state, problems.")
@click.option("--state", default=None, metavar="СОСТОЯНИЕ", callback=lambda _c, _p, v: _letter_state(v),
              help="Только письма в этом состоянии (слова из таблицы или код): " + "; ".join(
                  f"{words} ({code})" for code, words in sorted(STATE_RU.items())) + ".")
@click.option("--done", is_flag=True,
              help="Отметить письма с этими номерами как разобранные: они уходят из числа писем для внимания ведущего.")
@click.argument("ids", metavar="[НОМЕР...]", nargs=-1, type=int)
@click.pass_context
def inbox(ctx: click.Context, as_json: bool, state: str | None, done: bool, ids: tuple[int, ...]) -> None:
    """Все полученные письма, по строке на письмо: Message-ID, отправитель, время получения,
    состояние, проблемы.

    \b
    Пример:
      mafia-mail --config game.toml inbox --state unknown_sender
      mafia-mail --config game.toml inbox --done 12 15
    """
    from rich.console import Console
    from rich.table import Table

    from mailer.inbox import inbox as list_inbox, mark_done

    if ids and not done or done and not ids:
        raise click.UsageError("номера писем пишутся вместе с --done: inbox --done 12 15")
    cfg, store = _open(ctx)
    if done:
        try:
            marked = mark_done(store, list(ids))
        except ValueError as exc:
            raise HostError(str(exc)) from exc
        click.echo(f"Отмечено как разобранные: {', '.join(map(str, marked))}")
        return
    rows = list_inbox(store, cfg.zone, state=state)
    if as_json:
        _echo_json([r.to_json() for r in rows])
        return
    table = _table("ID", "Получено", "От", "Игрок", "Состояние", "Тема", "Проблемы", whole=("ID", "Получено"))
    for r in rows:
        state_text = STATE_RU.get(r.state, r.state) + (f" (как {r.duplicate_of})" if r.duplicate_of else "")
        state_text += " (разобрано)" if r.handled else ""
        table.add_row(str(r.id), r.received[:16].replace("T", " "), r.from_addr, r.nick or "—",
                      state_text, r.subject, "; ".join(f"{PROBLEM_RU.get(p['kind'], p['kind'])}: {p['text']}" for p in r.problems))
    Console(highlight=False).print(table)


def _letter_state(value: str | None) -> str | None:
    """A letter state code for ``inbox --state``: the code (``late``) or the table's words
    («опоздали», any case)."""
    if value is None:
        return None
    code = code_for(value, STATE_RU)
    if code is not None:
        return code
    known = "; ".join(f"{words} ({code})" for code, words in sorted(STATE_RU.items()))
    raise click.BadParameter(f"нет такого состояния «{value}»; есть: {known}")


@main.command()
@click.argument("ref", metavar="НОМЕР_ИЛИ_MESSAGE-ID")
@click.pass_context
def show(ctx: click.Context, ref: str) -> None:
    """Показать полученное письмо целиком (сырой текст) и что из него понято.

    \b
    Пример:
      mafia-mail --config game.toml show 12
    """
    from mailer.inbox import show as show_letter

    cfg, store = _open(ctx)
    view = show_letter(store, cfg.zone, ref)
    if view is None:
        raise HostError(f"письма «{ref}» нет")
    r = view.row
    click.echo(f"Письмо {r.id}: {r.message_id}\nОт: {r.from_addr} ({r.nick or 'не игрок'})\n"
               f"Получено: {r.received}\nСостояние: {STATE_RU.get(r.state, r.state)}; день {r.day or '—'}")
    click.echo("\n--- понятые ходы ---")
    for m in view.moves:
        click.echo(f"  {_move_text(m)}")
    if not view.moves and not r.problems:
        click.echo("  (нет)")
    for p in r.problems:
        click.echo(f"  проблема ({PROBLEM_RU.get(p['kind'], p['kind'])}): {p['text']}")
    for note in view.notes:
        click.echo(f"  заметка: {note}")
    click.echo("\n--- текст игрока (без цитат) ---")
    click.echo(view.body)
    click.echo("\n--- письмо как есть ---")
    click.echo((view.raw or b"").decode("utf-8", errors="replace"))


def _move_text(move: dict) -> str:
    """A stored move (SCENARIOS.md JSON) as the player's reply restates it («Лечение: Бука»)."""
    from engine.model import Move
    from engine.parse import describe_move

    try:
        return describe_move(Move.from_json(move))
    except Exception:  # noqa: BLE001 - an unexpected shape is still shown, as stored
        return json.dumps(move, ensure_ascii=False)


@main.command()
@click.option("--day", "day", type=int, required=True, help="Номер закрытого дня.")
@click.pass_context
def explain(ctx: click.Context, day: int) -> None:
    """(Только для ведущего.) Что стало с каждым ходом дня и почему.

    \b
    Пример:
      mafia-mail --config game.toml explain --day 2
    """
    from mailer.reports import explain_day

    _cfg, store = _open(ctx)
    click.echo(_run(explain_day, store, day))


@main.command("reopen-day")
@click.argument("day", metavar="ДЕНЬ", type=int)
@click.pass_context
def reopen_day(ctx: click.Context, day: int) -> None:
    """Вернуть игру в состояние перед итогами дня N, чтобы исправить ход и закрыть день снова.

    \b
    Пример:
      mafia-mail --config game.toml reopen-day 3
    """
    from mailer.day import reopen_day as do_reopen

    cfg, store = _open(ctx)
    sent = _run(do_reopen, cfg, store, day)
    click.echo(f"День {day} снова открыт; неотправленные письма его итогов сняты с очереди.")
    if sent:
        click.echo("Уже отправлены (их не вернуть, при необходимости напишите игрокам):")
        for line in sent:
            click.echo(f"  {line}")


@main.command()
@click.argument("phrase", metavar="СРОК")
@click.option("--yes", is_flag=True, help="Не переспрашивать.")
@click.pass_context
def deadline(ctx: click.Context, phrase: str, yes: bool) -> None:
    """Перенести срок открытого дня: «вторник 23:00», «завтра в 19», 05.03.2027 19:30.

    Дата с точками — всегда день, потом месяц. Без времени суток срок не принимается.

    \b
    Пример:
      mafia-mail --config game.toml deadline "завтра 23:00" --yes
    """
    from mailer.day import set_deadline
    from mailer.when import format_when

    cfg, store = _open(ctx)
    new = _run(set_deadline, cfg, store, phrase, now=_now(), dry_run=True)
    click.echo(f"Новый срок: {format_when(new, cfg.zone)}")
    if not yes and not click.confirm("Перенести срок?", default=False):
        click.echo("Срок не изменён.")
        return
    _run(set_deadline, cfg, store, phrase, now=_now())
    if not yes:
        click.echo("Срок перенесён.")


@main.command()
@click.pass_context
def remind(ctx: click.Context) -> None:
    """Напомнить о ходе живым игрокам, не приславшим ходов сегодня (не больше раза в день).

    \b
    Пример:
      mafia-mail --config game.toml remind && mafia-mail --config game.toml send
    """
    from mailer.day import remind as do_remind

    cfg, store = _open(ctx)
    nicks = _run(do_remind, cfg, store, now=_now())
    click.echo(f"Напоминаний в очереди: {len(nicks)}" + (f" ({', '.join(nicks)})" if nicks else ""))


@main.group()
def votes() -> None:
    """Голоса линча с форума."""


@votes.command("import")
@click.argument("file", metavar="ФАЙЛ", type=click.File("r", encoding="utf-8"))
@click.option("--skip-bad", is_flag=True,
              help="Загрузить понятые строки, даже если в файле есть непонятые (код выхода всё равно 1).")
@click.pass_context
def votes_import(ctx: click.Context, file, skip_bad: bool) -> None:
    """Загрузить голоса: CSV «voter,target[,target2]» или текст ветки («Ник: голосую за X»).

    \b
    Пример:
      mafia-mail --config game.toml votes import tally.csv
    """
    from mailer.inputs import import_votes

    cfg, store = _open(ctx.parent)
    rep = _run(import_votes, cfg, store, file.read(), now=_now(), skip_bad=skip_bad)
    click.echo(f"Голосов загружено: {rep.rows}")
    _bad_lines(rep)


@main.group()
def posts() -> None:
    """Посты дня с форума (слова для автокилла, «Пальмы цветут»)."""


@posts.command("import")
@click.argument("file", metavar="ФАЙЛ", type=click.File("r", encoding="utf-8"))
@click.option("--skip-bad", is_flag=True,
              help="Загрузить понятые строки, даже если в файле есть непонятые (код выхода всё равно 1).")
@click.pass_context
def posts_import(ctx: click.Context, file, skip_bad: bool) -> None:
    """Загрузить посты дня («Ник: текст» по строке, или CSV «ник,слов»).

    \b
    Пример:
      mafia-mail --config game.toml posts import day3.txt
    """
    from mailer.inputs import import_posts

    cfg, store = _open(ctx.parent)
    rep = _run(import_posts, cfg, store, file.read(), skip_bad=skip_bad)
    click.echo(f"Игроков с постами: {rep.rows}")
    if rep.flagged:
        click.echo("«Пальмы цветут»: запретные слова (подтвердите: mafia-mail lost-vote НИК…):")
        for nick, words in rep.flagged.items():
            click.echo(f"  {nick}: {', '.join(words)}")
    _bad_lines(rep)


def _bad_lines(rep) -> None:
    """After an import with --skip-bad: the lines left out, on stderr, and exit code 1."""
    if rep.problems:
        click.echo(f"Пропущено строк, которые не удалось понять: {len(rep.problems)}", err=True)
        for line in rep.problems:
            click.echo(f"  {line}", err=True)
        raise SystemExit(1)


@main.command("lost-vote")
@click.argument("nicks", metavar="НИК...", nargs=-1, required=True)
@click.pass_context
def lost_vote(ctx: click.Context, nicks: tuple[str, ...]) -> None:
    """Лишить игроков голоса на сегодня («Парадокс», «Пальмы цветут»).

    \b
    Пример:
      mafia-mail --config game.toml lost-vote Бука Маруська
    """
    from mailer.inputs import set_lost_votes

    _cfg, store = _open(ctx)
    done = _run(set_lost_votes, store, list(nicks))
    click.echo("Без голоса сегодня: " + ", ".join(done))


@main.command()
@click.argument("letter_id", metavar="НОМЕР", type=int)
@click.pass_context
def edit(ctx: click.Context, letter_id: int) -> None:
    """Исправить письмо из очереди в редакторе ($EDITOR); правка сохраняется до отправки.

    \b
    Пример:
      EDITOR=nano mafia-mail --config game.toml edit 7
    """
    from mailer.store import Outgoing

    _cfg, store = _open(ctx)
    with store.session() as s:
        row = s.get(Outgoing, letter_id)
        if row is None or row.state not in ("queued", "uncertain"):
            raise HostError(f"письма {letter_id} нет в очереди")
        new = click.edit(row.body, extension=".txt")
        if new is None or new == row.body:
            click.echo("Без изменений.")
            return
        row.body = new
        s.add(row)
    click.echo(f"Письмо {letter_id} исправлено.")


@main.command()
@click.argument("file", metavar="ФАЙЛ", type=click.Path(dir_okay=False, writable=True))
@click.pass_context
def export(ctx: click.Context, file: str) -> None:
    """Записать всю игру (закрытые дни) как файл игры, который replay воспроизводит в точности.

    \b
    Пример:
      mafia-mail --config game.toml export game-archive.toml && mafia-mail replay game-archive.toml --json
    """
    from mailer.export import export_game

    cfg, store = _open(ctx)
    text = _run(export_game, cfg, store)
    with open(file, "w", encoding="utf-8") as fh:
        fh.write(text)
    click.echo(f"Игра записана в {file}")


@main.command("open-day")
@click.option("--event", "event", required=True, metavar="СОБЫТИЕ",
              help="Название события («Страх», «Полнолуние», «без события», …) или его id (fear, full_moon, none).")
@click.pass_context
def open_day_cmd(ctx: click.Context, event: str) -> None:
    """Задать событие открытого дня вручную вместо жребия (день открывает close-day).

    \b
    Пример:
      mafia-mail --config game.toml open-day --event full_moon
    """
    from engine.reasons import EVENTS_RU as EVENT_NAMES_RU
    from mailer.day import set_event

    cfg, store = _open(ctx)
    row, stale = _run(set_event, cfg, store, event, now=_now())
    click.echo(f"День {row.day}: событие «{EVENT_NAMES_RU[row.event]}».")
    if stale:
        click.echo("Письма о прежнем событии уже отправлены (при необходимости напишите игрокам):")
        for line in stale:
            click.echo(f"  {line}")
    if row.immune:
        click.echo(f"Иммунитет на линче: {row.immune}")
    if row.mortar:
        click.echo(f"Миномёт у: {row.mortar}")


@main.command("newspaper")
@click.option("--day", "day", type=int, default=None, help="Номер дня (по умолчанию последний закрытый).")
@click.option("--bbcode", is_flag=True, help="BBCode для форума вместо простого текста.")
@click.option("--lyric", "lyric_file", type=click.File("r", encoding="utf-8"), default=None,
              help="Файл с вашей лирикой: заменит абзац по умолчанию.")
@click.pass_context
def newspaper_cmd(ctx: click.Context, day: int | None, bbcode: bool, lyric_file) -> None:
    """Напечатать газету закрытого дня (текст или BBCode), по желанию со своей лирикой.

    \b
    Пример:
      mafia-mail --config game.toml newspaper --day 2 --lyric lyric.txt --bbcode
    """
    from mailer.reports import newspaper, status

    cfg, store = _open(ctx)
    if day is None:
        day = _run(status, cfg, store).day - 1  # the open (or next) day follows the last closed one
    text, bb = _run(newspaper, cfg, store, day, lyric=lyric_file.read() if lyric_file else None)
    click.echo(bb if bbcode else text)


from mailer.forum.cli import forum as _forum  # noqa: E402  (FORUM.md: the forum thread)

main.add_command(_forum)
@main.command()
@click.option("--json", "as_json", is_flag=True, help="Журнал строками JSON (для скриптов).")
@click.pass_context
def watch(ctx: click.Context, as_json: bool) -> None:
    """Следить за почтой и сразу отвечать на письма игроков, до Ctrl+C или SIGTERM.

    Каждое письмо проходит тот же путь, что в sync; роли, итоги и газеты ждут preview и send.
    Журнал — в stderr, по строке на событие. Настройки: раздел [watch].

    \b
    Пример:
      mafia-mail --config game.toml watch
    """
    from mailer.watch import clock_from_env, run_watch

    cfg, store = _open(ctx)
    try:
        clock = clock_from_env()
    except ValueError as exc:
        raise HostError(str(exc)) from exc
    _run(run_watch, cfg, store, json_lines=as_json, clock=clock)


_russify_commands(main)


if __name__ == "__main__":  # pragma: no cover
    main()
