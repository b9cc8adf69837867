"""Commands on outgoing letters: ``outbox`` (the queue), ``preview`` (a letter as it will
go), ``write`` (the host's own letter), ``edit``, ``drop`` (taken off the queue) and ``send``."""

from __future__ import annotations

import sys

import click

from mailer.out_state import OutState
from mailer.words import KIND_RU

from .common import NUMBERS, call, flat, now, open_game, print_table, retyped, spans, table, typed


@click.command()
@click.option("--all", "show_all", is_flag=True, help="Показать и отправленные.")
@click.pass_context
def outbox(ctx: click.Context, show_all: bool) -> None:
    """Список писем в очереди (и отправленных с --all; у снятого с очереди письма — почему).

    \b
    Пример:
      mafia-mail --config game.toml outbox
    """
    from mailer.outgoing import outbox_rows

    _cfg, store = open_game(ctx)
    rows = call(outbox_rows, store, show_all=show_all)
    listing = table("ID", "Состояние", "Кому", "Тема", "Вид")
    reasons = []  # why a reply was taken off the queue: under the table, not widening it
    for r in rows:
        why = r.error if r.state == OutState.DROPPED and r.error else ""
        if why:
            reasons.append(f"  {r.id}: {why}")
        listing.add_row(str(r.id), OutState(r.state).ru + (" (почему — ниже)" if why else ""),
                        r.to_nick or r.to_addr, r.subject, KIND_RU.get(r.kind, r.kind))
    print_table(listing)
    if reasons:
        click.echo("Почему снято с очереди:\n" + "\n".join(reasons))
    click.echo(_total(rows))
    if not rows and not show_all:
        done = len(call(outbox_rows, store, show_all=True))
        if done:  # an empty queue after `send`: say where the letters went
            from mailer.words import count

            letters = count(done, "письмо", "письма", "писем")
            click.echo(f"Очередь пуста: {letters} уже отправлено или снято с очереди; "
                       "их список — outbox --all.")


def _total(rows: list) -> str:
    """The closing line of ``outbox``: the count, and when the letters are in more than one
    state, how many in each («Всего: 75 (отправлено — 74, снято с очереди — 1)»), so the
    sent count matches what ``send`` reported."""
    counts = {state: sum(1 for r in rows if r.state == state) for state in OutState}
    shown = [f"{state.ru} — {n}" for state, n in counts.items() if n]
    return f"Всего: {len(rows)}" + (f" ({', '.join(shown)})" if len(shown) > 1 else "")


@click.command()
@click.argument("letter_id", metavar="[НОМЕР]", required=False, type=int)
@click.pass_context
def preview(ctx: click.Context, letter_id: int | None) -> None:
    """Показать письмо (заголовки и текст) ровно так, как оно уйдёт; без ID — все в очереди.

    \b
    Пример:
      mafia-mail --config game.toml preview 3
    """
    from mailer.outgoing import preview as build_previews

    cfg, store = open_game(ctx)
    letters = call(build_previews, cfg, store, letter_id)
    for letter in letters:
        click.echo(f"=== исходящее письмо {letter.id} ({OutState(letter.state).ru}) ===")
        for name, value in letter.headers:
            click.echo(f"{name}: {value}")
        click.echo("")
        click.echo(letter.text)
        click.echo("")
    if not letters:
        click.echo("Очередь пуста.")


@click.command()
@click.argument("to", metavar="КОМУ")
@click.option("--text", "text", metavar="ТЕКСТ", help="Текст письма («-» — со стандартного ввода); без него открывается редактор ($EDITOR).")
@click.option("--subject", "subject", metavar="ТЕМА", help="Тема (по умолчанию «Re: …» ответа или «[игра] Письмо ведущего»).")
@click.pass_context
def write(ctx: click.Context, to: str, text: str | None, subject: str | None) -> None:
    """Написать игроку самому: ответ на письмо из inbox (КОМУ — его номер: ответ ляжет в ту же
    переписку, письмо отметится разобранным) или письмо игроку (КОМУ — ник). Письмо встаёт в
    очередь: preview, edit, drop и send работают с ним, как с остальными.

    \b
    Примеры:
      mafia-mail --config game.toml inbox --questions
      mafia-mail --config game.toml write 17 --text "Себя лечить можно, но не два дня подряд."
      mafia-mail --config game.toml write Бука
      echo "Напоминаю: срок сегодня в 23:00." | mafia-mail --config game.toml write Бука --text -
    """
    from mailer.host_letter import addressee, draft, own_text, write_letter

    cfg, store = open_game(ctx)
    whom = call(addressee, cfg, store, to)
    if whom.warning:
        click.echo(whom.warning, err=True)
    if text == "-":
        text = sys.stdin.read()
    if text is None:
        edited = click.edit(draft(whom), extension=".txt")
        text = own_text(edited) if edited is not None else ""
        if not text:
            click.echo("Письмо не поставлено в очередь: текст пустой.")
            return
    written = call(write_letter, cfg, store, whom, text, now=now(), subject=subject)
    who = f"{whom.nick} <{whom.address}>" if whom.nick else whom.address
    if written.already:
        click.echo(f"Такое письмо уже в очереди или отправлено: номер {written.row_id} ({who}).")
    else:
        click.echo(f"Письмо в очереди: номер {written.row_id}, кому: {who}, тема «{written.subject}».")
    if written.marked_done is not None:
        click.echo(f"Письмо {written.marked_done} отмечено как разобранное.")
    if not written.already:
        click.echo(retyped(f"Посмотреть: mafia-mail preview {written.row_id}; отправить: mafia-mail send"))


@click.command()
@click.argument("letter_id", metavar="НОМЕР", type=int)
@click.pass_context
def edit(ctx: click.Context, letter_id: int) -> None:
    """Исправить письмо из очереди в редакторе ($EDITOR); правка сохраняется до отправки.

    \b
    Пример:
      EDITOR=nano mafia-mail --config game.toml edit 7
    """
    from mailer.outgoing import edit_letter, letter_body

    _cfg, store = open_game(ctx)
    new = click.edit(call(letter_body, store, letter_id), extension=".txt")
    if new is None or not call(edit_letter, store, letter_id, new):
        click.echo("Без изменений.")
        return
    click.echo(f"Письмо {letter_id} исправлено.")


@click.command()
@click.argument("ids", metavar="НОМЕР...", nargs=-1, type=NUMBERS, required=True)
@click.option("--reason", metavar="ТЕКСТ", help="Почему снято (outbox --all покажет: «снято ведущим: ТЕКСТ»).")
@click.pass_context
def drop(ctx: click.Context, ids: tuple[list[int], ...], reason: str | None) -> None:
    """Снять письма из очереди: они не уйдут (в outbox --all — «снято с очереди» и почему:
    «снято ведущим», с --reason — и ваша причина). Повтор безопасен; отправленное письмо
    снять нельзя. Номера — через пробел или запятую, подряд идущие — диапазоном.

    \b
    Примеры:
      mafia-mail --config game.toml drop 7 8
      mafia-mail --config game.toml drop 129-149 --reason "итоги ушли на форум"
    """
    from mailer.outgoing import drop_letters

    _cfg, store = open_game(ctx)
    report = call(drop_letters, store, flat(ids), reason)
    if report.dropped:
        click.echo(f"Снято с очереди ({len(report.dropped)}):")
        for line in report.lines:
            click.echo(f"  {line}")
    if report.before:
        click.echo(f"Уже были сняты с очереди раньше: {spans(report.before)}.")


@click.command()
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

    cfg, store = open_game(ctx)
    with terminal_progress("Отправляю письма", ("письмо", "письма", "писем")) as progress:
        rep = call(send_all, cfg, store, now=now(), retry_uncertain=retry_uncertain, progress=progress)
    click.echo(f"Отправлено: {rep.sent}; не отправлено: {rep.failed}.")
    if rep.dropped:
        click.echo(f"Снято с очереди напоминаний, чей срок уже прошёл: {rep.dropped}.")
    for line in rep.errors or []:
        click.echo(f"  {line}")
    if rep.uncertain:
        click.echo(f"Писем с неясной судьбой: {rep.uncertain} ({typed('outbox')}; "
                   "переотправить: send --retry-uncertain)")
    if rep.failed:
        sys.exit(1)


COMMANDS = (outbox, preview, edit, drop, send, write)
