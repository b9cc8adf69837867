"""The ``mafia-mail forum`` command group (FORUM.md «Commands»). Each command calls one
library function; registered in :mod:`mailer.cli`."""

from __future__ import annotations

import json
import sys

import click


def _call(fn, *args, **kwargs):
    """:func:`mailer.cli.common.call`: the forum's errors too reach the host in Russian."""
    from ..cli.common import call

    return call(fn, *args, **kwargs)


def _print_report(rep, cfg) -> None:
    from ..cli.common import retyped
    from .settings import looks_like_host

    click.echo(f"Постов прочитано: {rep.new + rep.updated + rep.same + rep.older}; новых: {rep.new}; "
               f"изменённых: {rep.updated}.")
    if rep.older:  # FORUM.md «Commands»: only a later version replaces a stored post
        click.echo(f"  старых версий: {rep.older} — эти посты уже сохранены в более поздней "
                   "версии (загрузка старше сохранённой), оставлены сохранённые тексты")
    last = rep.last_day
    for day in sorted(rep.per_day, key=lambda d: (d is None, d or 0)):
        where = f"день {day}" if day is not None else "вне дней игры"
        if day is not None and last is not None and day > last:
            # FORUM.md «Day of a post»: the calendar's window holds it, but the day is not open
            # (a host read «день 3» as a day that existed): say whose deadline it is after
            ahead = (f" — дня {day} ещё нет: это посты после срока дня {last}; в день {last} они не "
                     f"входят, а войдут в день {day}, когда его откроет close-day"
                     if rep.last_day_open else
                     f" — дня {day} нет: это посты после срока дня {last}, последнего дня игры "
                     "(игра окончена), в дни игры они не входят")
            click.echo(f"  {where}: новых постов {rep.per_day[day]}{ahead}")
            continue
        click.echo(retyped(f"  {where}: новых постов {rep.per_day[day]}" + (
            f" — день {day} уже закрыт: в его итоги они не вошли (проверьте даты постов; убрать "
            "загрузку: mafia-mail forum forget --source ФАЙЛ)" if day in rep.closed_days else "")))
    if rep.before_start:  # FORUM.md: posts before the game's start belong to no day
        start = cfg.start.astimezone(cfg.zone).strftime("%d.%m.%Y %H:%M")
        click.echo(f"    из них до начала игры ({start}): {rep.before_start} — посты до начала "
                   "игры не относятся ни к одному дню")
    hosts = {a: n for a, n in rep.outsiders.items() if looks_like_host(a)}
    if hosts:  # FORUM.md «Config»: the host's accounts are host_names, never a player's
        names = sorted(hosts.items(), key=lambda a: (-a[1], a[0]))
        shown = ", ".join(f"«{a}» ({n})" for a, n in names)
        listed = ", ".join(f'"{a}"' for a, _n in names)
        click.echo(f"  внимание: {shown} — похоже на аккаунт ведущего: его посты пока считаются "
                   "постами постороннего (в число постов дня). Впишите его в настройки: "
                   f"[forum] host_names = [{listed}] — посты ведущего не считаются")
    others = {a: n for a, n in rep.outsiders.items() if a not in hosts}
    if others:  # FORUM.md «Author»: an outsider's votes and words count for nobody
        names = sorted(others.items(), key=lambda a: (-a[1], a[0]))
        shown = ", ".join(f"«{a}» ({n})" for a, n in names[:8]) + (", …" if len(names) > 8 else "")
        click.echo(retyped(f"  внимание: новые посты авторов, которых нет среди игроков: {shown} — их "
                           "голоса и слова не считаются. Если это аккаунт игрока, впишите его в "
                           "forum_name игрока; если это ведущий — в [forum] host_names; если "
                           "вставка прочитана неверно, уберите её: mafia-mail forum forget --source ФАЙЛ"))
    for line in rep.problems:
        click.echo(f"  не прочитано: {line}")
    for line in rep.notes:  # read, as part of a post or an outsider's post: the host checks
        click.echo(f"  прочитано, проверьте: {line}")
    if rep.ahead:  # counted by their time; a day closed before it will not hold them
        shown = ", ".join(f"{a} {t.astimezone(cfg.zone).strftime('%d.%m.%Y %H:%M')}"
                          for a, t in rep.ahead[:5]) + (", …" if len(rep.ahead) > 5 else "")
        click.echo(f"  внимание: постов со временем позже загрузки: {len(rep.ahead)} ({shown}) — "
                   "проверьте [forum].timezone и часы. Такой пост считается в день своего "
                   "времени: если день закрыть раньше, он отойдёт к следующему дню (close-day "
                   "назовёт его)")


def _print_words(cfg, store, rep, at) -> None:
    """The open days the new posts fall in where players stay under the words minimum
    (:func:`mailer.forum.report.words_warnings`)."""
    from ..cli.common import retyped
    from .report import words_warnings

    for line in _call(words_warnings, cfg, store, list(rep.per_day), at):
        click.echo(retyped(line))


def bbcode_differs(t, only: list[str], later: list[str], hosted: list[str]) -> str:
    """The host's warning beside ``forum tally --bbcode`` (stderr, not in the post): the
    players whose vote in the post is not the one close-day counts (FORUM.md, last section:
    the latest of letter and post wins) — ``later``: a letter vote later than the thread
    vote shown; ``only``/``hosted``: a vote by letter or ``votes import``, not in the post
    (:func:`mailer.forum.report.letter_votes`)."""
    from engine.words import inflect

    parts = []
    if later:
        shown = (f"{n} (в посте — за {', '.join(inflect(v, 'accs') for v in t.players[n].votes)})"
                 for n in later)
        parts.append("в посте голос из ветки, но позже пришло письмо с голосом или его снятием "
                     "(close-day засчитает письмо): " + ", ".join(shown))
    if only:
        parts.append("голосовали только письмом, в посте их голосов нет: " + ", ".join(only))
    if hosted:
        parts.append("голос внесён ведущим (votes import), в посте его нет: " + ", ".join(hosted))
    return ("Внимание (ведущему, не для поста): подсчёт в посте не совпадёт с итогом дня — "
            + "; ".join(parts) + ". Под подсчётом в посте — строка, что голоса письмами не показаны.")


@click.group()
def forum() -> None:
    """Ветка игры на форуме: голоса, слова, нарушения."""


@forum.command("sync")
@click.pass_context
def forum_sync(ctx: click.Context) -> None:
    """Прочитать тему по адресу [forum].url: все страницы, только новые и изменённые.

    \b
    Пример:
      mafia-mail --config game.toml forum sync
    """
    from ..cli.common import now, open_game
    from .sync import sync_topic

    cfg, store = open_game(ctx)
    rep = _call(sync_topic, cfg, store, now=now())
    click.echo(f"Страниц скачано: {rep.pages}; не изменились (304): {rep.not_modified}.")
    _print_report(rep, cfg)
    _print_words(cfg, store, rep, now())
    if rep.problems and any("сервер ответил" in p or "не скачалась" in p for p in rep.problems):
        sys.exit(1)


@forum.command("import")
@click.argument("files", metavar="ФАЙЛ...", nargs=-1, required=True)
@click.pass_context
def forum_import(ctx: click.Context, files: tuple[str, ...]) -> None:
    """Загрузить сохранённые страницы темы (HTML, в любом порядке) или текст ветки.

    \b
    Пример:
      mafia-mail --config game.toml forum import page1.html page2.html
    """
    from ..cli.common import now, open_game
    from .service import import_files

    cfg, store = open_game(ctx)
    rep = _call(import_files, cfg, store, list(files), now=now())
    _print_report(rep, cfg)
    _print_words(cfg, store, rep, now())
    if rep.new + rep.updated + rep.same + rep.older == 0:
        click.echo("Ничего не сохранено: в файлах не нашлось ни одного поста.", err=True)
        sys.exit(1)


@forum.command("tally")
@click.option("--day", type=int, default=None, metavar="ЧИСЛО", help="День (по умолчанию открытый).")
@click.option("--json", "as_json", is_flag=True, help="JSON (формат — docs/FORUM.md в папке проекта).")
@click.option("--bbcode", is_flag=True, help="Подсчёт голосов в BBCode для ветки.")
@click.pass_context
def forum_tally(ctx: click.Context, day: int | None, as_json: bool, bbcode: bool) -> None:
    """Подсчёт дня по ветке: голоса, посты и слова каждого, нарушения.

    \b
    Пример:
      mafia-mail --config game.toml forum tally --day 2 --bbcode
    """
    from ..cli.common import open_game
    from .report import letter_votes, rivals, tally_for_host, text_report
    from .tally import bbcode as to_bbcode

    cfg, store = open_game(ctx)
    t = _call(tally_for_host, cfg, store, day)
    if as_json:
        click.echo(json.dumps(t.to_json(), ensure_ascii=False, indent=1))
    elif bbcode:
        only, later, hosted = letter_votes(store, t)
        differs = bool(only or later or hosted) and not t.secret and not t.closed
        click.echo(to_bbcode(t, only + hosted, differs), nl=False)
        if differs:  # the host's own warning, by name, off the post (stderr)
            click.echo(bbcode_differs(t, only, later, hosted), err=True)
    else:
        from ..cli.common import retyped

        click.echo(retyped(text_report(t, letter_votes(store, t), rivals(store, t))), nl=False)


@forum.command("forget")
@click.option("--day", type=int, default=None, metavar="ЧИСЛО", help="Посты этого дня.")
@click.option("--source", multiple=True, metavar="ФАЙЛ",
              help="Посты, загруженные из этого файла (forum import) или с этого адреса; "
                   "можно несколько раз.")
@click.pass_context
def forum_forget(ctx: click.Context, day: int | None, source: tuple[str, ...]) -> None:
    """Удалить сохранённые посты дня или одной загрузки (например, файл загружен по ошибке).

    Посты закрытых дней не удаляются. Следующий forum sync скачает все страницы темы заново.

    \b
    Пример:
      mafia-mail --config game.toml forum forget --source chuzhaya_vetka.html
      mafia-mail --config game.toml forum forget --day 2
    """
    from ..cli.common import open_game
    from .forget import forget_posts

    _cfg, store = open_game(ctx)
    rep = _call(forget_posts, store, day=day, source=source or None)
    where = ", ".join(f"день {d}: {n}" if d is not None else f"вне дней игры: {n}"
                      for d, n in sorted(rep.per_day.items(), key=lambda x: (x[0] is None, x[0] or 0)))
    click.echo(f"Удалено постов: {rep.removed}" + (f" ({where})." if where else "."))
    for d, n in sorted(rep.kept_closed.items()):
        click.echo(f"  не удалено: день {d} закрыт, его итоги подведены с этими постами ({n}); "
                   "сначала reopen-day, если их нужно убрать")
    if rep.pages_reset:
        click.echo("Следующий forum sync скачает все страницы темы заново.")
    for src, hint in rep.unknown.items():  # a typo in --source: say so, never just «0»
        click.echo(f"Постов из загрузки «{src}» нет{hint}; " + (
            "посты сохранены из загрузок: " + ", ".join(f"«{x}»" for x in rep.stored) if rep.stored
            else "сохранённых постов нет") + ".", err=True)
    if not rep.removed:
        if not rep.kept_closed:
            click.echo("Ничего не удалено: таких постов нет.", err=True)
        sys.exit(1)
