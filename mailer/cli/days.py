"""Commands of a game day's life (``init``, ``close-day``, ``reopen-day``, ``open-day``,
``deadline``, ``remind``: :mod:`mailer.day`) and the host's reports on it (``status``,
``explain``, ``newspaper``: :mod:`mailer.reports`)."""

from __future__ import annotations

import re
import sys
import textwrap

import click

from mailer.when import clock_line, local_text
from mailer.words import count

from .common import call, confirm, config_of, console, now, open_game, print_line, retyped, table, typed


@click.command()
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

    cfg, store = open_game(ctx)
    at = now()
    state = call(init_game, cfg, store, now=at, event=event)
    from engine.roles import STANDARD_DEAL, role_display

    click.echo(f"Игра «{cfg.name}» создана: {count(len(state.players), 'игрок', 'игрока', 'игроков')}, роли розданы.")
    listing = table("Игрок", "Роль", whole=())
    for nick, p in state.players.items():
        listing.add_row(nick, role_display(p.role, p.clan))
    console().print(listing)
    if len(state.players) != len(STANDARD_DEAL):
        click.echo(f"Внимание: правила рассчитаны на {count(len(STANDARD_DEAL), 'игрока', 'игрока', 'игроков')}, "
                   f"а в игре {len(state.players)}: часть ролей не роздана. Для пробы это можно; для настоящей игры "
                   f"впишите всех игроков и начните с новой базой: {new_database(cfg)}")
    from engine.reasons import event_named
    from mailer.reports import status as game_status

    rep = game_status(cfg, store)
    event = f": {event_named(rep.event)}," if event_named(rep.event) else ","
    click.echo(f"День {rep.day} открыт{event} срок {local_text(rep.deadline, cfg.zone)}.")
    for line in past_start(cfg, at, rep.deadline):
        click.echo(line)
    click.echo("Письма с ролями в очереди: mafia-mail preview, затем mafia-mail send.")


def new_database(cfg) -> str:
    """How the host starts the game of ``cfg`` again with a new database (Russian, one
    sentence): the game is made once per database (:func:`mailer.day.init_game` refuses a
    second), so another name in ``[game] database`` (or the SQLite file removed), then init."""
    import shlex

    from mailer.day.open import database_name

    url = cfg.database_url
    now_in = database_name(url)
    drop = " или удалите этот файл" if url.startswith("sqlite") else ""
    return (f"в разделе [game] задайте в database другое имя (сейчас — {now_in}){drop}, затем снова "
            f"mafia-mail --config {shlex.quote(str(cfg.path))} init.")


def past_start(cfg, at, deadline) -> list[str]:
    """Warnings (Russian) for ``init`` run at ``at`` when the config's ``start`` is already
    past: the host is told, and when day 1's calendar end is past too, that day 1's deadline
    (``deadline``, aware) is the next end of a game day instead."""
    from engine.calendar import day_window

    if cfg.start > at:
        return []
    end = day_window(cfg.start, cfg.timezone, 1, cfg.weekend_merge)[1]
    said = (f"Внимание: начало игры в настройках (start = {local_text(cfg.start, cfg.zone)}) "
            "уже прошло")
    if deadline is None or deadline == end:
        return [said + "; день 1 идёт с этого времени, срок — по календарю."]
    return [said + f", и срок дня 1 по календарю ({local_text(end, cfg.zone)}) тоже: срок дня 1 — "
            f"ближайший конец игрового дня, {local_text(deadline, cfg.zone)}. Другой срок: "
            "mafia-mail deadline \"завтра 23:00\"; другое начало — исправьте start и создайте игру с новой базой: "
            + new_database(cfg)]


@click.command()
@click.pass_context
def status(ctx: click.Context) -> None:
    """День, событие, срок (местное время), кто прислал ходы и кто нет.

    Столбцы: «Ходы» — принятые ходы дня, «Голос» — есть ли принятый голос (или лишён),
    «Писем» — писем за день, «Автокилл» — штрафные очки автокилла. Когда игра окончена —
    кто жив и роли всех игроков.

    \b
    Пример:
      mafia-mail --config game.toml status
    """
    from engine.reasons import action_name, event_named
    from mailer.status import read_status

    cfg = config_of(ctx)
    rep = read_status(cfg)  # SQLite: read directly, no SQLAlchemy start-up
    if rep is None:
        from mailer.reports import status as game_status

        cfg, store = open_game(ctx)
        rep = call(game_status, cfg, store)
    else:
        from mailer.status import with_taught_read_only

        cfg = with_taught_read_only(cfg)  # the words the host taught the game too
    out = console()
    if rep.finished:
        from mailer.render_words import game_won

        print_line(out, f"Игра «{rep.name}» окончена." + (f" {game_won(rep.winner)}."
                                                          if rep.winner else ""))
    else:
        print_line(out, ", ".join(filter(None, (f"Игра «{rep.name}», день {rep.day}", event_named(rep.event),
                                                f"срок {local_text(rep.deadline, cfg.zone)}"))))
        clock = now()
        waits = bool(rep.fear) and not rep.fear[1]  # «Страх»: the chosen player's letter first
        print_line(out, clock_line(clock, rep.deadline, cfg.zone)
                   + (("; день ждёт выбора «Страха» (ниже)" if waits else
                       "; пора подвести итоги: " + typed("close-day"))
                      if rep.deadline is not None and clock >= rep.deadline else ""))
        from mailer.status import sync_age

        fetched = sync_age(rep.last_sync, clock, cfg.zone)
        if fetched is not None and rep.last_sync is None:
            print_line(out, "Почта ещё ни разу не забиралась: письма из ящика здесь не учтены — "
                            "сначала " + typed("sync"))
        elif fetched is not None:
            print_line(out, f"Почта забиралась {fetched}: письма, пришедшие позже, здесь не учтены — "
                            "сначала " + typed("sync"))
        if rep.last_closed is not None and clock < rep.last_closed:
            # a rehearsal (the demo) run on the real clock: every time it states is not the game's
            print_line(out, f"Внимание: часы показывают время раньше, чем был закрыт прошлый день "
                            f"({local_text(rep.last_closed, cfg.zone)}): это не время игры; для "
                            "репетиции задайте его: MAFIA_MAIL_NOW=ГГГГ-ММ-ДДTЧЧ:ММ+03:00")
    thread = not rep.finished and any(p.words is not None for p in rep.players)  # FORUM.md
    if rep.finished:  # no day is open: its moves, votes and letters mean nothing now
        from engine.replay import role_name

        rows = table("Игрок", "Жив", "Роль")
        for p in rep.players:
            clan = p.dealt.split(".")[0] if "." in p.dealt else ""  # the role names no clan
            rows.add_row(p.nick, "да" if p.alive else "нет",
                         role_name(p.role) + (f" (клан {clan[4:]})" if clan.startswith("clan") else ""))
    else:
        from engine.lynch import votes_per_player

        rows = table("Игрок", "Жив", "Ходы", "Голос", "Писем", "Автокилл", *(["Слов"] if thread else []))
        two = votes_per_player(rep.event) == 2  # «Ярость», «Голос»: a letter naming one is half of it
        for p in rep.players:
            rows.add_row(p.nick, "да" if p.alive else "нет", ", ".join(action_name(m, p.role) for m in p.moves) or "—",
                         "лишён" if p.lost_vote and p.alive else
                         ("1 из 2" if two and p.voted and len(p.vote_targets) == 1 else
                          "да" if p.voted else ("нет" if p.alive else "")), str(p.letters),
                         str(p.autokill_points),
                         *([f"{p.words}/{rep.autokill_words}" if p.alive else ""] if thread else []))
    out.print(rows)
    if thread and not rep.finished:
        print_line(out, "Столбец «Голос»: письма и votes import; " + (
            "голоса в ветке сегодня не считаются (событие «Тайна»)" if rep.event == "secret" else
            f"и голоса из ветки форума (по ветке подробно: {typed('forum tally')})"))
    if rep.fear and not rep.finished:
        print_line(out, fear_wait_line(rep, clock))
    if rep.stripped and not rep.finished:
        print_line(out, "Лишены голоса сегодня: " + ", ".join(rep.stripped))
    if rep.immune_line() and not rep.finished:
        print_line(out, rep.immune_line())
    for line in roster_drift(cfg, rep.players):
        print_line(out, line)
    if cfg.words:
        from rich.markup import escape

        from mailer.config import words_lines

        print_line(out, escape("Слова игры ([words] и mafia-mail words add):"))
        for line in words_lines(cfg.words):
            print_line(out, escape(line))
        if any(not isinstance(v, dict) for v in cfg.words.values()):
            print_line(out, escape("  Понимаются и производные формы (ход — только с ником рядом): "
                                   "другой вид глагола («снять» — «снимаю»), слово без глагола "
                                   "(«бросить камень в» — «Камень — X»), другой падеж."))
    if cfg.aliases:
        from rich.markup import escape

        from mailer.taught_words import aliases_by_player

        named = aliases_by_player(cfg.aliases).items()
        print_line(out, escape("Прозвища игроков ([aliases] и mafia-mail words add НИК): "
                               + "; ".join(f"{n} — " + ", ".join(f"«{a}»" for a in al) for n, al in named)))
    if not rep.finished:
        print_line(out, rep.progress())
    print_line(out, f"В очереди писем: {rep.queued}; с неясной судьбой: {rep.uncertain}; "
               f"писем для внимания ведущего: {rep.attention}"
               + (f" ({typed(attention_inbox(rep.attention_ids))})" if rep.attention else ""))
    if rep.no_moves and not rep.finished:
        print_line(out, f"Писем без единого понятого хода сегодня: {rep.no_moves} — возможно, вопросы к ведущему "
                   "(" + typed('inbox --state "без ходов"') + ")")
    if rep.refused and not rep.finished:
        letters = sum(rep.refused.values())
        why = ", ".join(label if n == letters else f"{label} — {n}" for label, n in rep.refused.items())
        print_line(out, f"Писем, где ходы не приняты по правилам, сегодня: {letters} — {why} "
                   "(" + typed('inbox --state "без ходов"') + ")")
    if rep.asked and not rep.finished:
        twice = [n for n in rep.asked if n in rep.asked_twice]
        once = ("" if len(twice) == len(rep.asked) else
                "; ответ игрока одним ником засчитает его" + (", если вопрос у игрока один" if twice else ""))
        print_line(out, f"Ждут ответа игрока «кого вы имели в виду?»: {', '.join(rep.asked)} (ход с "
                   f"неясным или незнакомым именем не засчитан{once})")
        if twice:
            print_line(out, f"  С двумя вопросами и больше: {', '.join(twice)} — ответ одним ником не решает ни "
                       "одного из них; засчитает ответ с ходами полностью (действие и ник)")
    for line in ([] if rep.finished else rep.pardoned):
        print_line(out, line)
    if rep.old_questions:
        print_line(out, f"Вопросы к ведущему из прошлых дней без ответа: {rep.old_questions} "
                   + answer_hint(rep.old_question_ids))
    if rep.questions and not rep.finished:
        print_line(out, f"Писем с вопросами к ведущему сегодня: {rep.questions} " + answer_hint(rep.question_ids))


def answer_hint(ids: list[int]) -> str:
    """How the host reads and answers the letters ``ids`` that hold questions to him, as
    ``status`` and ``sync`` print it (Russian): with the letter's own number in the commands
    when there is one, the numbers listed when there are a few, «НОМЕР» otherwise."""
    number = str(ids[0]) if len(ids) == 1 else "НОМЕР"
    listed = f" — письма {', '.join(map(str, ids))}" if 1 < len(ids) <= ATTENTION_LISTED else ""
    return (f"(прочитать: {typed('inbox --questions')}{listed}; ответить: {typed(f'write {number}')}; "
            f"ответили иначе — отметьте: {typed(f'inbox --done {number}')})")


def attention_inbox(ids: list[int]) -> str:
    """The ``inbox`` command that shows the letters needing the host: by their numbers when
    there are a few (a stranger's letter of day 1 sits among dozens of others), else all."""
    return "inbox " + " ".join(map(str, ids)) if 0 < len(ids) <= ATTENTION_LISTED else "inbox"


#: Up to this many letters needing the host, ``status`` and ``sync`` name them by number.
ATTENTION_LISTED = 10


def roster_drift(cfg, players) -> list[str]:
    """Warnings (Russian) when the config's players differ from the game's (``players``:
    :class:`mailer.status.PlayerStatus` rows, fixed at ``init``): a nick renamed or added in
    the config after init is not in the game, and letters from its address are read for the
    old nick or not at all; a ``role`` changed in the config after init is not the role the
    player plays (the roles were dealt at init)."""
    from engine.roles import role_display, split_role

    nicks = [p.nick for p in players]
    configured = [p.nick for p in cfg.players]
    new = [n for n in configured if n not in nicks]
    gone = [n for n in nicks if n not in configured]
    out = []
    if new or gone:
        out.append("Внимание: игроки в настройках и в игре расходятся (состав игры задан при init и "
                   "не меняется): " + "; ".join(
                       ([f"в настройках, но не в игре: {', '.join(new)}"] if new else [])
                       + ([f"в игре, но не в настройках: {', '.join(gone)}"] if gone else [])))
    dealt = {p.nick: p.dealt for p in players if p.dealt}
    changed = [f"{p.nick} — в настройках {role_display(*split_role(p.role))}, в игре "
               f"{role_display(*split_role(dealt[p.nick]))}"
               for p in cfg.players if p.role and p.nick in dealt and p.role != dealt[p.nick]]
    if changed:
        out.append("Внимание: роли в настройках и в игре расходятся (роли розданы при init и не "
                   "меняются): " + "; ".join(changed))
    return out


def fear_wait_line(rep, clock) -> str:
    """The host's line on a «Страх» day whose close waits for the chosen player (``rep``: a
    :class:`mailer.status.StatusReport` with ``fear`` set, ``clock``: aware now): the choice
    that has come and the command that closes the day, or who is still awaited and how to
    answer for him. ``status`` and ``sync`` print it (a fresh host saw the choice arrive only
    in ``status``)."""
    from engine.names import inflect

    chosen, choice = rep.fear
    # (a day closed early waits before its deadline: only «close-day --early» goes on)
    early = " --early" if rep.deadline is not None and clock < rep.deadline else ""
    if choice:
        return f"«Страх»: выбор {inflect(chosen, 'gent')} — {choice}. Закрыть день: " + typed("close-day" + early)
    return (f"«Страх»: день не закрыт, ждёт письма от {inflect(chosen, 'gent')} с выбором (письмо с "
            f"вопросом ему уже в очереди или отправлено; ответ прочитает sync). Ответить за "
            f"{inflect(chosen, 'accs')}: " + typed(f"close-day{early} --fear-choice НИК"))


@click.command("close-day")
@click.option("--early", is_flag=True, help="Закрыть день до срока.")
@click.option("--fear-choice", default=None, help="«Страх»: выбор за игрока (ник или nobody).")
@click.option("--yes", is_flag=True, help="Не переспрашивать: с --early — если у кого-то из живых нет голоса или "
              "ночного хода; при «Пальмах» — если в ветке есть запретные слова у тех, кто голоса не лишён.")
@click.pass_context
def close_day(ctx: click.Context, early: bool, fear_choice: str | None, yes: bool) -> None:
    """Подвести итоги дня после срока: разрешить ходы, поставить письма в очередь, напечатать
    газету, открыть следующий день. Если последний sync был до срока дня (или с --early, или
    день «Страха» ждёт письма выбранного игрока), сначала забирает почту, как sync: письма,
    пришедшие до срока, входят в день, а ответ под «Страхом» — выбор дня. С --early,
    если у живых игроков нет голоса или ночного хода, называет их и переспрашивает «Закрыть
    день досрочно?» (--yes — без вопроса). В день «Пальмы цветут», если в ветке есть
    запретные слова у игроков, которых ведущий не лишил голоса (lost-vote), называет их,
    слова и посты и переспрашивает «Закрыть день, не лишая их голоса?» (--yes — без вопроса).

    Код выхода 3: день не закрыт, «Страх» ждёт письма выбранного игрока. Код выхода 1:
    ошибка или ответ «нет» на вопрос («Ничего не сделано: день не закрыт.»).

    \b
    Пример:
      mafia-mail --config game.toml close-day
      mafia-mail --config game.toml close-day --early --yes
    """
    from mailer.day import close_day as do_close
    from mailer.day import read_before_early_close
    from mailer.day.close import of_the_day
    from mailer.reports import early_close_warning, palms_close_question

    cfg, store = open_game(ctx)
    # (early: the mail is read first, so the warning counts the letters just read)
    first = call(read_before_early_close, cfg, store, now=now()) if early else None
    warning = call(early_close_warning, cfg, store, now=now()) if early else ""
    if warning:
        click.echo(warning, err=yes)
        if not yes:
            confirm("Закрыть день досрочно?", "день не закрыт" + (
                f" (только прочитана почта, как при sync: писем дня {of_the_day(first)})"
                if first is not None and of_the_day(first) else ""))
    # «Пальмы цветут»: the thread's forbidden words the host has not decided on stop the close
    # until he answers (FORUM.md: a flag applies nothing, the host decides), as «Страх» waits
    palms = call(palms_close_question, cfg, store, now=now(), early=early)
    if palms:
        click.echo(retyped(palms), err=yes)
        if not yes:
            confirm("Закрыть день, не лишая их голоса?", "день не закрыт" + (
                f" (только прочитана почта, как при sync: писем дня {of_the_day(first)})"
                if first is not None and of_the_day(first) else ""))
    rep = call(do_close, cfg, store, now=now(), early=early, fear_choice=fear_choice, read=first)
    if rep.waiting_for:
        from engine.names import inflect

        again = "close-day --early" if early else "close-day"
        click.echo(f"День {rep.day} не закрыт: «Страх» ждёт письма от {inflect(rep.waiting_for, 'gent')} "
                   f"(письмо с вопросом в очереди; ответ прочитает sync). Ответить за "
                   f"{inflect(rep.waiting_for, 'accs')}: " + typed(f"{again} --fear-choice НИК")
                   + (f". Когда ответ придёт, закрыть день: {typed(again)}" if early else ""))
        ctx.exit(3)  # not closed: a script tells it from a closed day (exit 0) and an error (1)
    click.echo(rep.newspaper)
    click.echo(f"День {rep.day} закрыт. Писем с итогами в очереди: {rep.letters}.")
    if rep.unchanged:
        click.echo(f"Итоги не изменились для игроков: {rep.unchanged} — их прежние письма с итогами "
                   "уже отправлены, повторно не посылаются.")
    if rep.reopen_unsent:
        click.echo(f"Писем «день {rep.day} снова открыт», так и не отправленных: {rep.reopen_unsent} — сняты "
                   "с очереди; что в них ещё верно (игра продолжается, игрок снова в игре, отменены итоги "
                   "следующих дней), говорят письма с итогами.")
    if rep.reworded:  # (80 columns, as the rest of the report)
        from .common import phrase_lines

        click.echo("\n".join(phrase_lines(
            f"Ответов игрокам на письма дня {rep.day}, ещё не отправленных: {rep.reworded} — "
            f"«Ходы можно изменить до …» в них заменено на «День {rep.day} закрыт …: ходы этого дня "
            "больше не меняются» (уйдут вместе с итогами; снять — drop НОМЕР).", 80)))
    if rep.final_unchanged:
        click.echo(f"Письмо «Игра окончена» не изменилось для игроков: {rep.final_unchanged} — "
                   "прежнее уже отправлено, повторно не посылается.")
    if rep.read_first:
        click.echo(f"Перед закрытием прочитано писем дня {rep.day}: {rep.read_first}.")
    if rep.read:
        click.echo(f"Прочитано писем, ждавших день {rep.day + 1}: {rep.read}.")
    # what close-day left to the host («решает ведущий»: a refused thread vote, «Пальмы»'
    # forbidden words, a letter vote against an undated thread line) stands apart, at the end
    decide = [line for line in rep.thread if HOST_DECIDES in line]
    for line in rep.thread:
        if HOST_DECIDES not in line:
            click.echo(_thread_line(line, rep.day))
    sys.stdout.flush()  # the report's lines stay apart when stdout and stderr share a terminal
    for line in rep.warnings:
        click.echo(f"Внимание: {line}", err=True)
    if rep.winner:
        click.echo("Игра окончена.")
    if decide:
        click.echo(f"\n{'=' * 80}\nРЕШАЕТ ВЕДУЩИЙ — close-day этого не применил, итоги дня {rep.day} подведены "
                   f"без этого ({len(decide)}):")
        for line in decide:
            click.echo(_thread_line(line, rep.day, mark="  ! "))
        click.echo("=" * 80)


#: The words of close-day's thread lines that leave a decision to the host (mailer.forum.close).
HOST_DECIDES = "решает ведущий"


def _thread_line(line: str, day: int, mark: str = "") -> str:
    """A close-day line of what it took from the thread (mailer.forum.close), as the host
    reads it: the thread's hint names the day just closed, typed as he types; wrapped to 80
    columns as the rest of close-day's report (long lines of names), a command in brackets
    kept on one line, to be copied whole; ``mark`` before it («  ! » in the block of what
    the host decides)."""
    line = line.replace("(mafia-mail forum tally — ", f"(mafia-mail forum tally --day {day} — ")
    said = re.sub(r"\(mafia-mail [^)]*\)", lambda m: m.group(0).replace(" ", "\0"),
                  retyped(line[:1].upper() + line[1:] + "."))
    return textwrap.fill(said, width=80, initial_indent=mark, subsequent_indent=" " * (len(mark) + 2),
                         break_on_hyphens=False, break_long_words=False).replace("\0", " ")


@click.command()
@click.option("--day", "day", type=int, default=None,
              help="Номер дня (по умолчанию последний закрытый); открытый день — что засчитано сейчас.")
@click.pass_context
def explain(ctx: click.Context, day: int | None) -> None:
    """(Только для ведущего.) Что стало с каждым ходом дня и почему. Для открытого дня
    (--day с его номером) — ходы каждого игрока, как они засчитаны сейчас, с пометкой
    «НЕ ОКОНЧАТЕЛЬНО»: до срока они могут измениться.

    \b
    Пример:
      mafia-mail --config game.toml explain --day 2
    """
    from mailer.reports import explain_any_day

    cfg, store = open_game(ctx)
    click.echo(call(explain_any_day, cfg, store, day, now=now()))


@click.command("reopen-day")
@click.argument("day", metavar="ДЕНЬ", type=int)
@click.option("--undo-later", is_flag=True,
              help="Вернуть день, после которого закрыты и другие дни: их итоги (и конец игры) отменяются.")
@click.option("--yes", is_flag=True, help="Не переспрашивать (для скриптов).")
@click.pass_context
def reopen_day(ctx: click.Context, day: int, undo_later: bool, yes: bool) -> None:
    """Вернуть игру в состояние перед итогами дня N, чтобы исправить ход и закрыть день снова.
    Сначала называет, что отменится, и переспрашивает «Вернуть день N?» (--yes — без
    вопроса; на «нет» — «Ничего не сделано», код выхода 1). Если после дня N закрыты и
    другие дни, ничего не меняет без --undo-later.
    Письма, пришедшие после досрочного закрытия дня N до его срока, следующий sync читает
    заново для дня N (тем, кто уже получил ответ, — исправленный ответ); посты ветки,
    написанные до срока дня N, тоже снова относятся к нему.

    \b
    Пример:
      mafia-mail --config game.toml reopen-day 3
      mafia-mail --config game.toml reopen-day 3 --yes
    """
    from mailer.day import reopen_day as do_reopen

    cfg, store = open_game(ctx)
    undone: list[str] = []
    if not yes:
        sent = call(do_reopen, cfg, store, day, undo_later=undo_later, undone=undone, dry_run=True)
        click.echo(f"reopen-day {day} вернёт игру к состоянию перед итогами дня {day}. Отменится:")
        for line in undone:
            click.echo(f"  - {line}")
        click.echo(f"Неотправленные письма итогов дня {day} (и дней после него) будут сняты с очереди." + (
                       f" Уже отправлено писем, которые не вернуть: {len(sent)}; кому они ушли, получит письмо "
                       f"«день {day} снова открыт» (если уже не получил его после них)." if sent else ""))
        confirm(f"Вернуть день {day}?", f"день {day} не возвращён")
        undone = []
    reread: list[int] = []
    told: list[str] = []
    at = now()
    counted: list[int] = []
    sent = call(do_reopen, cfg, store, day, undo_later=undo_later, undone=undone, reread=reread,
                told=told, now=at, counted=counted)
    click.echo(f"День {day} снова открыт; неотправленные письма его итогов сняты с очереди.")
    click.echo(reopen_letters_line(cfg, store, day, told, sent, at))
    if reread:
        click.echo(f"Писем, пришедших после досрочного закрытия дня {day} до его срока и прочитанных для "
                   f"следующего дня: {len(reread)} ({', '.join(map(str, reread))}). Их прочитает заново "
                   f"для дня {day} {typed('sync')}; кто уже получил ответ на них, получит исправленный.")
    if counted:
        click.echo(f"Писем, пришедших в срок дня {day}, но прочитанных после его итогов (ходы не засчитаны): "
                   f"{len(counted)} ({', '.join(map(str, counted))}). Теперь их засчитает в день {day} "
                   f"{typed('sync')} или {typed('reread ' + ' '.join(map(str, counted)))} (и {typed('close-day')} "
                   "перед итогами); кто уже получил ответ «ходы не засчитаны», получит исправленный.")
    if undone and yes:
        click.echo("Отменено:")
        for line in undone:
            click.echo(f"  - {line}")
    if sent:
        click.echo("Уже отправлены (их не вернуть; кому они ушли, тому — письмо "
                   f"«день {day} снова открыт»):" if told else
                   "Уже отправлены (их не вернуть, при необходимости напишите игрокам):")
        for line in sent:
            click.echo(f"  {line}")


def reopen_letters_line(cfg, store, day: int, told: list[str], sent: list[str], at) -> str:
    """The host's line after ``reopen-day``: how many players are told by letter that the day
    is open again (and that the letters need ``send``), or why nobody is; and, when the
    day's deadline has passed, that the players can no longer change their moves unless the
    deadline is moved (``deadline``)."""
    from engine.calendar import on_time

    from mailer.day.deadline import current_deadline
    from mailer.when import local_text
    if told:
        line = (f"В очереди писем «день {day} снова открыт»: {len(told)} — игрокам, которым уже ушли письма о "
                f"закрытии дня {day} (посмотреть: {typed('preview')}, отправить: {typed('send')}).")
    elif sent:
        line = (f"Писем «день {day} снова открыт» в очереди нет: игроки уже получили такое письмо, и писем "
                f"о закрытии дня {day} им после него не уходило.")
    else:
        line = (f"Писем «день {day} снова открыт» в очереди нет: письма о закрытии дня {day} ещё никому не "
                "ушли — для игроков день и не закрывался.")
    deadline = call(current_deadline, store)
    if deadline is not None and not on_time(at, deadline):
        example = '"завтра 23:00"'
        line += (f"\nСрок дня {day} ({local_text(deadline, cfg.zone)}) уже прошёл: новых ходов игроки "
                 f"прислать не могут. Дать им время: {typed('deadline')} {example}.")
    return line


@click.command()
@click.argument("phrase", metavar="СРОК")
@click.option("--yes", is_flag=True, help="Не переспрашивать.")
@click.pass_context
def deadline(ctx: click.Context, phrase: str, yes: bool) -> None:
    """Перенести срок открытого дня: «вторник 23:00», «завтра в 19», 05.03.2027 19:30.

    Дата с точками — всегда день, потом месяц. Без времени суток срок не принимается.
    Переспрашивает «Перенести срок?» (--yes — без вопроса; на «нет» — «Ничего не сделано»,
    код выхода 1).

    \b
    Пример:
      mafia-mail --config game.toml deadline "завтра 23:00" --yes
    """
    from mailer.day import current_deadline, earlier_deadline_warning, set_deadline
    from mailer.when import format_when

    cfg, store = open_game(ctx)
    new = call(set_deadline, cfg, store, phrase, now=now(), dry_run=True)
    old = call(current_deadline, store)
    click.echo(f"Новый срок: {format_when(new, cfg.zone)}" + (
        f" (был: {format_when(old, cfg.zone)})" if old is not None and old != new else ""))
    warning = call(earlier_deadline_warning, cfg, store, new)
    if warning:
        click.echo(warning, err=yes)
    if not yes:
        confirm("Перенести срок?", "срок не изменён")
    call(set_deadline, cfg, store, phrase, now=now())
    click.echo("Срок перенесён.")  # (with --yes too: «Новый срок» alone read as a preview, s47)


@click.command()
@click.pass_context
def remind(ctx: click.Context) -> None:
    """Напомнить о ходе живым игрокам, не приславшим ходов сегодня (не больше раза в день).
    Учитывает письма, забранные последним sync: сначала sync.

    \b
    Пример:
      mafia-mail --config game.toml sync && mafia-mail --config game.toml remind \\
        && mafia-mail --config game.toml send
    """
    from mailer.day import remind as do_remind, stale_sync_warning

    cfg, store = open_game(ctx)
    at = now()
    warning = call(stale_sync_warning, cfg, store, now=at)
    if warning:
        click.echo(warning, err=True)
    nicks = call(do_remind, cfg, store, now=at)
    click.echo(f"Напоминаний в очереди: {len(nicks)}" + (
        f" ({', '.join(nicks)})" if nicks else
        " (живые игроки уже прислали ход и голос или сегодня уже получили напоминание: не чаще раза в день)"))


@click.command("open-day")
@click.option("--event", "event", required=True, metavar="СОБЫТИЕ",
              help="Название события («Страх», «Полнолуние», «без события», …) или его id (fear, full_moon, none).")
@click.option("--yes", is_flag=True, help="Не спрашивать подтверждения, когда ходы дня уже приняты.")
@click.pass_context
def open_day(ctx: click.Context, event: str, yes: bool) -> None:
    """Задать событие открытого дня вручную вместо жребия (день открывает close-day). Если
    ходы дня уже приняты (их слали при прежнем событии), сначала спрашивает (--yes — без
    вопроса; на «нет» — «Ничего не сделано», код выхода 1).

    \b
    Пример:
      mafia-mail --config game.toml open-day --event full_moon
    """
    from engine.reasons import event_named
    from mailer.day import event_change, set_event

    cfg, store = open_game(ctx)
    day, old, new, moved = call(event_change, store, event)
    if moved and new != old and not yes:
        click.echo(f"День {day}: сейчас {event_named(old) or 'без события'}; писем с принятыми ходами "
                   f"уже {moved} — игроки писали их при прежнем событии.")
        confirm(f"Сменить на {event_named(new) or 'день без события'}?", "событие не изменено")
    row, stale = call(set_event, cfg, store, event, now=now())
    click.echo(f"День {row.day}: {event_named(row.event) or 'без события (обычный день)'}.")
    if stale:
        click.echo("Письма о прежнем событии уже отправлены:")
        for line in stale:
            click.echo(f"  {line}")
    if row.immune:
        click.echo(f"Иммунитет на линче: {row.immune}")
    if row.mortar:
        click.echo(f"Миномёт у: {row.mortar}")


@click.command("newspaper")
@click.option("--day", "day", type=int, default=None, help="Номер дня (по умолчанию последний закрытый).")
@click.option("--bbcode", is_flag=True, help="BBCode для форума вместо простого текста.")
@click.option("--lyric", "lyric_file", type=click.File("r", encoding="utf-8"), default=None,
              help="Файл с вашей лирикой: заменит абзац по умолчанию.")
@click.pass_context
def newspaper(ctx: click.Context, day: int | None, bbcode: bool, lyric_file) -> None:
    """Напечатать газету закрытого дня (текст или BBCode), по желанию со своей лирикой.

    \b
    Пример:
      mafia-mail --config game.toml newspaper --day 2 --lyric lyric.txt --bbcode
    """
    from mailer.reports import newspaper as paper

    cfg, store = open_game(ctx)
    text, bb = call(paper, cfg, store, day, lyric=lyric_file.read() if lyric_file else None)
    click.echo(bb if bbcode else text)


COMMANDS = (init, status, close_day, explain, reopen_day, deadline, remind, open_day, newspaper)
