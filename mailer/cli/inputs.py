"""The host's inputs for the open day from the forum (:mod:`mailer.inputs`): ``votes
import``, ``posts import`` and ``lost-vote``."""

from __future__ import annotations

import click

from .common import call, now, open_game


def _file_options(fn):
    """The file to import and ``--skip-bad``, as both imports take them."""
    fn = click.option("--skip-bad", is_flag=True,
                      help="Загрузить понятые строки, даже если в файле есть непонятые (код выхода всё равно 1).")(fn)
    return click.argument("file", metavar="ФАЙЛ", type=click.File("rb"))(fn)


def _text_of(file) -> str:
    """The imported file's text: UTF-8, or cp1251 / koi8-r as old Windows editors save it
    (:func:`mailer.charsets.decode_text`), a BOM dropped."""
    from mailer.charsets import decode_text

    text, _note = decode_text(file.read(), None)
    return text.removeprefix("\ufeff")


@click.group()
def votes() -> None:
    """Голоса линча с форума."""


@votes.command("import")
@_file_options
@click.pass_context
def votes_import(ctx: click.Context, file, skip_bad: bool) -> None:
    """Загрузить голоса: CSV «voter,target[,target2]» или текст ветки («Ник: голосую за X»).

    \b
    Пример:
      mafia-mail --config game.toml votes import tally.csv
    """
    from mailer.inputs import import_votes

    cfg, store = open_game(ctx.parent)
    rep = call(import_votes, cfg, store, _text_of(file), now=now(), skip_bad=skip_bad)
    click.echo(f"Голосов загружено: {rep.rows}")
    if rep.replaced:
        click.echo("Внимание: загруженный голос заменяет голос из письма (на close-day считается "
                   "загруженный; игрок узнает об этом из письма с итогами): " + "; ".join(rep.replaced))
    _bad_lines(rep)


@click.group()
def posts() -> None:
    """Посты дня с форума (слова для автокилла, «Пальмы цветут»)."""


@posts.command("import")
@_file_options
@click.pass_context
def posts_import(ctx: click.Context, file, skip_bad: bool) -> None:
    """Загрузить посты дня («Ник: текст» по строке, или CSV «ник,слов»).

    \b
    Пример:
      mafia-mail --config game.toml posts import day3.txt
    """
    from mailer.inputs import import_posts

    cfg, store = open_game(ctx.parent)
    rep = call(import_posts, cfg, store, _text_of(file), skip_bad=skip_bad)
    click.echo(f"Игроков с постами: {rep.rows}")
    if rep.flagged:
        click.echo("«Пальмы цветут»: запретные слова (подтвердите: mafia-mail lost-vote НИК…):")
        for nick, words in rep.flagged.items():
            click.echo(f"  {nick}: {', '.join(words)}")
    _bad_lines(rep)


def _bad_lines(rep) -> None:
    """After an import with --skip-bad: the lines left out, on stderr, and exit code 1."""
    if rep.problems:
        click.echo(f"Пропущено строк, которые не удалось понять: {len(rep.problems)} (остальное "
                   "загружено; код выхода 1 — знак, что строки пропущены)", err=True)
        for line in rep.problems:
            click.echo(f"  {line}", err=True)
        raise SystemExit(1)


@click.command("lost-vote")
@click.argument("nicks", metavar="НИК...", nargs=-1, required=True)
@click.option("--undo", is_flag=True, help="Вернуть голос (ведущий ошибся игроком).")
@click.pass_context
def lost_vote(ctx: click.Context, nicks: tuple[str, ...], undo: bool) -> None:
    """Лишить игроков голоса на сегодня («Парадокс», «Пальмы цветут») или вернуть его.

    \b
    Пример:
      mafia-mail --config game.toml lost-vote Бука Маруська
      mafia-mail --config game.toml lost-vote --undo Маруська
    """
    from mailer.inputs import lost_votes_today, restore_votes, set_lost_votes

    _cfg, store = open_game(ctx)
    if undo:
        click.echo("Голос возвращён: " + ", ".join(call(restore_votes, store, list(nicks))))
    else:
        call(set_lost_votes, store, list(nicks))
    lost = call(lost_votes_today, store)
    click.echo("Без голоса сегодня: " + (", ".join(lost) if lost else "никто"))


COMMANDS = (votes, posts, lost_vote)
