"""Commands on letters in: ``sync`` and ``watch`` (fetch, understand, reply), ``reread``,
``inbox`` and ``show`` (received letters), and ``demo`` (all of it on a bundled game, no
server). The outgoing letters' commands are :mod:`.outgoing`."""

from __future__ import annotations

import os
import sys

import click

from mailer.letter_state import LetterState
from mailer.words import STATE_RU, code_for, synced_state

from .common import NUMBERS, HostError, call, command_name, flat, console, echo_json, now, open_game, print_table, table, typed


@click.command()
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

    cfg, store = open_game(ctx)
    with terminal_progress("Получаю письма", ("письмо", "письма", "писем")) as progress:
        report = call(do_sync, cfg, store, now=now(), progress=progress)
    click.echo(f"Новых писем: {report.fetched}; обработано: {report.processed}.")
    _echo_report(report, cfg, store)


def _echo_report(report, cfg, store) -> None:
    """The per-state counts of letters and the attention list of a SyncReport, as ``sync``
    prints them, then who of the living players has moved in the open day and how many of
    the day's letters hold a question to the host not yet marked done, and the questions of
    the letters this sync read, by letter number and player."""
    from mailer.status import open_day_status

    for state, n in sorted(report.states.items()):
        click.echo(f"  {synced_state(state, n, players=len(report.movers))}")
    day = open_day_status(cfg, store)
    if day is not None:
        click.echo(day.progress())
        if day.fear and not day.finished:  # the «Страх» choice came (or is still awaited)
            from .days import fear_wait_line

            click.echo(fear_wait_line(day, now()))
        if day.questions:
            from .days import answer_hint

            click.echo(f"Писем с вопросами к ведущему сегодня: {day.questions} " + answer_hint(day.question_ids))
    if day is not None:  # moves in the players' own words: the host may teach the game them
        from mailer.taught_words import unread_letters

        unread = unread_letters(store)
        if unread:
            click.echo(f"Писем дня, где что-то не понято: {len(unread)} (какие и что: {typed('words')}; если "
                       f"это ход своими словами — научите игру: {typed('words add ХОД «слова»')}; если "
                       f"прозвище игрока — {typed('words add НИК «прозвище»')})")
    if report.questions:  # what the players asked, so the host answers (mailer.questions)
        click.echo(f"Вопросы к ведущему в новых письмах (ответить: {typed('write НОМЕР')}):")
        for letter_id, who, questions in report.questions:
            click.echo(f"  {letter_id}: {who} — " + "; ".join(f"«{q}»" for q in questions))
    if report.corrected:  # letters reopen-day gave back to their day (mailer.day.reopened)
        click.echo("Письма, пришедшие после досрочного закрытия дня до его срока, прочитаны заново для "
                   f"снова открытого дня; исправленный ответ «(исправлено)» в очереди: {', '.join(report.corrected)}")
    for line in early_closed_lines(cfg, report):  # (80 columns, as the host's other long lines)
        from .common import phrase_lines

        click.echo("\n".join(phrase_lines(line, 80)))
    if report.counted_again:  # letters of a reopened day read after its results (mailer.day.reopened)
        click.echo("Письма, прочитанные после итогов дня, который снова открыт, засчитаны в этот день; "
                   "прежний ответ «ходы не засчитаны» уже ушёл, исправленный ответ «(исправлено)» в очереди: "
                   + ", ".join(report.counted_again))
    _closed_day_hint(store, report.after_close)
    if report.skipped_large:
        click.echo(f"  слишком больших (не скачаны): {report.skipped_large}")
    if report.attention:
        from .days import attention_inbox

        ids = report.attention_ids if len(report.attention_ids) == len(report.attention) else []
        click.echo(f"Требуют внимания ведущего ({typed(attention_inbox(ids))}):")
        for n, line in enumerate(report.attention):
            click.echo(f"  {ids[n]}: {line}" if ids else f"  {line}")
        if report.states.get(LetterState.UNKNOWN_SENDER):
            click.echo("Если это адрес игрока: впишите его в emails игрока в настройках и выполните "
                       f"{typed('reread НОМЕР')} " + ("(номер письма — в начале его строки выше)." if ids else
                                                     f"(номера — в {typed('inbox')})."))


@click.command()
@click.argument("ids", metavar="НОМЕР...", nargs=-1, type=NUMBERS, required=True)
@click.pass_context
def reread(ctx: click.Context, ids: tuple[list[int], ...]) -> None:
    """Прочитать письма заново, как будто они только что пришли (время получения — прежнее):
    после того как ведущий добавил адрес игрока в emails, исправил причину задержки или
    снова открыл день (reopen-day). Игрок получит новый ответ.

    \b
    Пример:
      mafia-mail --config game.toml reread 34
    """
    from mailer.reread import reread as do_reread

    cfg, store = open_game(ctx)
    report = call(do_reread, cfg, store, flat(ids), now=now())
    click.echo(f"Прочитано заново: {report.processed}.")
    if report.followed:  # mailer.day.in_place: a letter read again in its place in time
        click.echo("Из них более поздние письма тех же игроков за тот же день, прочитанные заново после "
                   f"перечитанного (ходы дня — по всем письмам игрока в порядке получения): "
                   f"{', '.join(map(str, report.followed))}; игрок получит один ответ на все.")
    if report.in_place:
        click.echo("Ответ на более позднее письмо уже ушёл, а ходы дня изменились: новый ответ помечен "
                   f"«(исправлено)» и говорит, что изменилось: {', '.join(report.in_place)}.")
    if report.withdrawn:
        click.echo(f"Сняты с очереди прежние ответы на эти письма (их заменит новый ответ): {report.withdrawn}.")
    if report.repeated:
        click.echo("Новый ответ не нужен — он слово в слово повторил бы ответ, который игрок уже получил "
                   "(ходы дня те же), и снят с очереди: "
                   + ", ".join(f"{nick} (письмо {number})" for number, nick in report.repeated) + ".")
    _echo_report(report, cfg, store)


def _closed_day_hint(store, ids: list[int]) -> None:
    """After ``sync`` or ``reread``: for a letter that came on time for a day already closed (read as
    ``after_close``: its moves did not count), how to count it in that day (README «Исправить
    закрытый день»)."""
    from mailer.store import Letter

    with store.session() as s:
        late = [(x.day, x.id) for i in ids if (x := s.get(Letter, i)) is not None
                and x.state == LetterState.AFTER_CLOSE and x.day is not None]
    for day in sorted({d for d, _ in late}):
        numbers = [str(i) for d, i in late if d == day]
        which, one = " ".join(numbers), len(numbers) == 1
        click.echo((f"Письмо {which} пришло" if one else f"Письма {', '.join(numbers)} пришли")
                   + f" в срок дня {day}, но день {day} уже закрыт: ходы не засчитаны, "
                   + ("игроку — ответ об этом. Засчитать его" if one else "игрокам — ответ об этом. Засчитать их")
                   + f" в день {day}: "
                   f"{typed(f'reopen-day {day}')}, затем {typed(f'reread {which}')} (или {typed('sync')}), "
                   f"затем {typed('close-day')}; "
                   + ("игрок получит" if one else "игроки получат") + " исправленный ответ, если прежний уже ушёл.")


@click.command()
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

    cfg, store = open_game(ctx)
    try:
        clock = clock_from_env()
    except ValueError as exc:
        raise HostError(str(exc)) from exc
    call(run_watch, cfg, store, json_lines=as_json, clock=clock)


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


@click.command()
@click.option("--json", "as_json", is_flag=True,
              help="JSON: id, message_id, from, nick, subject, received, state, problems.")
@click.option("--state", default=None, metavar="СОСТОЯНИЕ", callback=lambda _c, _p, v: _letter_state(v),
              help="Только письма в этом состоянии (слова из таблицы или код): " + "; ".join(
                  f"{words} ({code})" for code, words in sorted(STATE_RU.items())) + ".")
@click.option("--done", is_flag=True,
              help="Отметить письма с этими номерами как разобранные: они уходят из числа писем для внимания ведущего.")
@click.option("--questions", is_flag=True,
              help="Только письма с вопросами к ведущему, ещё не отмеченные как разобранные.")
@click.option("--all", "_all", is_flag=True,
              help="Все письма — как и без флага (для сходства с outbox --all).")
@click.argument("ids", metavar="[НОМЕР...]", nargs=-1, type=NUMBERS)
@click.pass_context
def inbox(ctx: click.Context, as_json: bool, state: str | None, done: bool, questions: bool,
          _all: bool, ids: tuple[list[int], ...]) -> None:
    """Все полученные письма (или только с этими номерами), по строке на письмо: номер, время
    получения, день игры, к которому письмо относится, адрес отправителя, игрок, состояние,
    тема, проблемы (Message-ID — в --json и в
    show). На экране уже 120 колонок — строка на письмо: игрок вместо адреса, под письмом
    строки «↳» с адресом чужого, проблемами и вопросами; ничего не обрезано.

    \b
    Пример:
      mafia-mail --config game.toml inbox --state unknown_sender
      mafia-mail --config game.toml inbox 12 15
      mafia-mail --config game.toml inbox --questions
      mafia-mail --config game.toml inbox --done 12 15
    """
    from mailer.inbox import inbox as list_inbox, mark_done

    ids = tuple(flat(ids))  # «12 15», «12,15», «12-15»
    if done and not ids:
        raise click.UsageError("какие письма отметить? inbox --done 12 15")
    cfg, store = open_game(ctx)
    if done:
        try:
            marked, before = mark_done(store, list(ids))
        except ValueError as exc:
            raise HostError(str(exc)) from exc
        if marked:
            click.echo(("Отмечено как разобранное: " if len(marked) == 1 else
                        "Отмечены как разобранные: ") + ", ".join(map(str, marked)))
        if before:
            click.echo(("Уже было отмечено как разобранное раньше: " if len(before) == 1 else
                        "Уже были отмечены как разобранные раньше: ") + ", ".join(map(str, before)))
        return
    rows = list_inbox(store, cfg.zone, state=state)
    if questions:
        rows = [r for r in rows if r.questions and not r.handled]
        if not rows and not as_json:
            click.echo("Писем с вопросами к ведущему, ещё не разобранных, нет.")
            return
    if ids:
        wanted = set(ids)
        missing = sorted(wanted - {r.id for r in rows})
        if missing:
            raise HostError(f"писем с номерами {', '.join(map(str, missing))} нет"
                            + (" (в этом состоянии)" if state else ""))
        rows = [r for r in rows if r.id in wanted]
    if as_json:
        echo_json([r.to_json() for r in rows])
        return
    width = console().width
    from mailer.addresses import canonical

    players = cfg.player_by_address()
    # a player's letter that moved nothing (a repeat, an auto-reply) has no nick stored: the
    # player is still named by his address; a letter read again has no address until it is read
    nicks = {r.id: r.nick or (players.get(canonical(r.from_addr)) if r.from_addr else None) for r in rows}
    # piped or in a file (no terminal, no COLUMNS asked for): one line a letter, nothing
    # folded, so grep sees a letter a line (it folded at rich's default 80 columns)
    piped = not console().is_terminal and "COLUMNS" not in os.environ
    if width < NARROW or piped:
        _narrow_inbox(rows, width, nicks, cfg.zone, fold_cells=not piped)
        return
    received = _received_head(rows, cfg.zone)
    listing = table("ID", received, "День", "От", "Игрок", "Состояние", "Тема", "Проблемы",
                    whole=("ID", received, "День"))
    for r in rows:
        listing.add_row(str(r.id), r.received[:16].replace("T", " "), _day_cell(r), r.from_addr,
                        nicks[r.id] or "—", _state_cell(r), r.subject, _problems_cell(r))
    print_table(listing)


#: Terminals narrower than this get ``inbox`` one line per letter (:func:`_narrow_inbox`).
NARROW = 120


def _day_cell(r) -> str:
    """The game day a letter counts for (the day of the deadline it met; a late letter's is
    the next day), «—» for one with none (a stranger's, a repeat, one not read yet)."""
    return str(r.day) if r.day is not None else "—"


def _state_cell(r) -> str:
    """A letter's state for the ``inbox`` table: the state's words, the letter it repeats,
    and whether the host has dealt with it."""
    text = r.state_label + (f" (как {r.duplicate_of})" if r.duplicate_of else "")
    return text + (" (разобрано)" if r.handled else "")


def _problems_cell(r) -> str:
    """A letter's problems and questions to the host for the ``inbox`` table."""
    return "; ".join(_problem_lines(r))


def _received_head(rows, zone) -> str:
    """The head of ``inbox``'s time column with the zone its times are in, «Получено (МСК)»
    (the times are the game zone's, as ``show`` and the letters state them)."""
    from datetime import datetime, timezone

    from mailer.when import zone_label

    moment = datetime.fromisoformat(rows[0].received) if rows else datetime.now(timezone.utc)
    return f"Получено ({zone_label(moment, zone)})"


def _narrow_inbox(rows, width: int, nicks: dict[int, str | None], zone,
                  fold_cells: bool = True) -> None:
    """``inbox`` on a terminal under :data:`NARROW` columns (80 when piped), nothing cut:
    one line per letter — number, time of receipt, the player («—» for a stranger), the
    state, the subject (a long state or subject folds within its column) — and under a
    letter with any, one line «↳ …» per stranger's address, problem and question to the
    host, folded under itself. ``nicks``: letter number → the player it is from (None: a
    stranger, or a letter not read yet). ``fold_cells`` False (piped, in a file): nothing
    folds, a letter is one line and each «↳» line one line (README: «строка на письмо»)."""
    import textwrap

    cells = [(str(r.id), r.received[:16].replace("T", " "), _day_cell(r), nicks[r.id] or "—",
              _state_cell(r), r.subject,
              ([f"адрес: {r.from_addr}"] if not nicks[r.id] and r.from_addr else []) + _problem_lines(r))
             for r in rows]
    head = ("ID", _received_head(rows, zone), "Дн", "Игрок", "Состояние", "Тема")  # «Дн»: 80 columns
    widths = [max(len(c[i]) for c in [head, *cells]) for i in range(4)]
    state = max(len(c[4]) for c in [head, *cells])
    widths.append(min(state, 17) if fold_cells else state)
    widths.append(max(width - sum(widths) - 2 * len(widths), 10))

    def fold(text: str, size: int) -> list[str]:
        if not fold_cells:
            return [text]
        return textwrap.wrap(text, size, break_on_hyphens=False) or [""]

    def line(parts) -> str:
        return "  ".join(part.ljust(size) for part, size in zip(parts, widths)).rstrip()

    click.echo(line(head))
    indent = " " * (widths[0] + 2) + "↳ "
    for *row, extra in cells:
        columns = [[row[0]], [row[1]], [row[2]], [row[3]], fold(row[4], widths[4]),
                   fold(row[5], widths[5])]
        for n in range(max(len(c) for c in columns)):
            click.echo(line([c[n] if n < len(c) else "" for c in columns]))
        for text in extra:
            if not fold_cells:
                click.echo(indent + " ".join(text.split()))
                continue
            click.echo(textwrap.fill(text, max(width, len(indent) + 20), initial_indent=indent,
                                     subsequent_indent=" " * len(indent), break_on_hyphens=False))


def _problem_lines(r) -> list[str]:
    """A letter's problems and questions to the host, one text each."""
    return ([f"{label}: {p['text']}" for p, label in zip(r.problems, r.labels)]
            + [f"вопрос: {q}" for q in r.questions])


def _sender_note(r) -> str:
    """Who the sender is, for ``show``: the player's nick; for a letter stopped before its
    sender was looked at, what it is (a repeat of letter N, the game's own letter …)."""
    if r.nick:
        return r.nick
    if r.duplicate_of:
        return f"повтор письма {r.duplicate_of}"
    return "не игрок" if r.state == LetterState.UNKNOWN_SENDER else STATE_RU.get(r.state, r.state)


@click.command()
@click.option("--raw", "raw_bytes", is_flag=True,
              help="Только письмо байт в байт, как пришло (например, show 12 --raw > 12.eml).")
@click.argument("ref", metavar="НОМЕР_ИЛИ_MESSAGE-ID")
@click.pass_context
def show(ctx: click.Context, ref: str, raw_bytes: bool) -> None:
    """Показать полученное письмо и что из него понято: заголовки как пришли и текст,
    раскодированный из base64 и quoted-printable; --raw — письмо байт в байт.

    \b
    Пример:
      mafia-mail --config game.toml show 12
      mafia-mail --config game.toml show 12 --raw > 12.eml
    """
    from datetime import datetime

    from mailer.inbox import move_text, show as show_letter
    from mailer.raw_view import readable_letter
    from mailer.when import local_text

    cfg, store = open_game(ctx)
    view = show_letter(store, cfg.zone, ref)
    if view is None:
        raise HostError(f"письма «{ref}» нет")
    if raw_bytes:
        if view.raw is None:
            raise HostError(f"письмо {view.row.id} не скачано (больше max_letter_size): байтов нет")
        out = sys.stdout.buffer
        out.write(view.raw)
        out.flush()
        return
    r = view.row
    click.echo(f"Письмо {r.id}: {r.message_id}\nОт: {r.from_addr} ({_sender_note(r)})\n"
               f"Получено: {local_text(datetime.fromisoformat(r.received), cfg.zone)}\nСостояние: {r.state_label}; день {r.day or '—'}")
    click.echo("\n--- понятые ходы ---")
    for m in view.moves:
        click.echo(f"  {move_text(m, view.role)}")
    if not view.moves and not r.problems:
        click.echo("  (нет)")
    for p, label, reason in zip(r.problems, r.labels, view.reasons):
        why = f" — {reason}" if reason and reason != p["text"] else ""
        click.echo(f"  проблема ({label}): {p['text']}{why}")
    for note in view.notes:
        click.echo(f"  заметка: {note}")
    click.echo("\n--- текст игрока (без цитат) ---")
    click.echo(view.body)
    click.echo(f"\n--- письмо как есть: заголовки и раскодированный текст (байт в байт: {typed(f'show {r.id} --raw')}) ---")
    click.echo(readable_letter(view.raw) if view.raw is not None else "(письмо не скачано: больше max_letter_size)")


@click.command()
@click.option("--keep", type=click.Path(file_okay=False), default=None,
              help="Папка для демо-игры (по умолчанию demo-game в текущей папке, а если там уже "
                   "есть игра — demo-game-2, demo-game-3, …).")
@click.option("--temp", "temporary", is_flag=True,
              help="Играть во временной папке и удалить её в конце.")
def demo(keep: str | None, temporary: bool) -> None:
    """Демо без сервера: 24 игрока, день писем в Maildir, sync → close-day → preview → send
    в папку outbox. Игра остаётся в папке (в конце — её путь и команды, чтобы посмотреть
    все письма и status).

    \b
    Пример:
      mafia-mail demo                     # игра остаётся в ./demo-game
      mafia-mail demo --keep моя-демо     # игра остаётся в ./моя-демо
      mafia-mail demo --temp              # ничего не оставить

    Даты демо-игры — в декабре 2026: дальше играть её — с часами игры в переменной
    MAFIA_MAIL_NOW (демо печатает в конце готовую строку), например:

    \b
      MAFIA_MAIL_NOW=2026-12-08T19:50+03:00 mafia-mail --config моя-демо/game.toml status
    """
    from mailer.demo import run_demo

    if keep and temporary:
        raise HostError("--keep и --temp вместе не бывают: игра либо остаётся в папке, либо удаляется")
    try:
        run_demo(keep, temporary=temporary, echo=click.echo, command=command_name())
    except FileExistsError as exc:
        raise HostError(str(exc)) from exc


COMMANDS = (sync, reread, watch, inbox, show, demo)


def early_closed_lines(cfg, report) -> list[str]:
    """The host's lines on the letters ``report`` read that came after an early close of the
    day before, on time for its real deadline: they count for the open day (README), and
    ``reopen-day`` puts them in the day they were written for. One line per closed day."""
    from mailer.when import local_text

    by_day: dict[tuple, list[str]] = {}
    for letter_id, who, day, deadline, state in report.early_closed:
        said = STATE_RU.get(str(state), str(state))
        by_day.setdefault((day, deadline), []).append(f"{letter_id} ({who}, {said})")
    return [f"Пришли после досрочного закрытия дня {day}, но до его настоящего срока "
            f"{local_text(deadline, cfg.zone)}: {'письмо' if len(ids) == 1 else 'письма'} {', '.join(ids)} — "
            f"{'засчитано' if len(ids) == 1 else 'засчитаны'} в день {day + 1}. Если их нужно засчитать в день "
            f"{day}: {typed(f'reopen-day {day}')} (письма до срока дня {day} следующий sync прочитает для него), "
            f"затем {typed('close-day')}."
            for (day, deadline), ids in by_day.items()]
