"""The ``mafia-mail`` command line: thin click commands, each calling one library function
that can be used and tested without click.

One module a kind of command: :mod:`.gamefiles` (``parse``, ``replay``, ``export``: game
files, no server), :mod:`.days` (a game day's life and the host's reports), :mod:`.mail`
(letters in: ``sync``, ``watch``, ``reread``, ``inbox``, ``show``, ``demo``), :mod:`.outgoing`
(letters out: ``outbox``, ``preview``, ``edit``, ``drop``, ``send``), :mod:`.inputs` (the
host's inputs from the forum: ``votes``, ``posts``, ``lost-vote``) and :mod:`mailer.forum.cli`
(``forum``). What they share (errors, clock, the game named by ``--config``, tables) is in
:mod:`.common`.

Heavy modules (the morphology dictionary, SQLAlchemy, Jinja) are imported inside the
commands, so ``mafia-mail --help`` starts fast.
"""

from __future__ import annotations

import click

from mailer.clickru import install as _russian_click
from mailer.clickru import russify_commands as _russify_commands

_russian_click()  # click's usage errors, help headings and metavars in Russian: before any command

from . import days, gamefiles, inputs, mail, outgoing  # noqa: E402
from .common import CONTEXT_SETTINGS  # noqa: E402


class _Main(click.Group):
    """The top group; ``--config`` written after the command («mafia-mail status --config
    game.toml», a host's common slip) is taken as the group's own."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        args = config_first(args)
        ctx.meta["mafia_mail.args"] = list(args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.NoSuchOption as exc:
            long = long_option_meant(ctx.meta.get("mafia_mail.args", []), exc.ctx)
            if long is not None and not exc.possibilities:
                exc.possibilities = [long]  # «нет такого параметра «-a». Может быть, --all?»
            raise


def long_option_meant(args: list[str], ctx: click.Context | None) -> str | None:
    """The long option a host meant by a word with one dash («outbox -all» for ``--all``):
    the first such word in ``args`` whose two-dash form is an option of ``ctx``'s command,
    else None. Click reads «-all» as the short options -a -l -l and names only «-a».

    >>> cmd = click.Command("outbox", params=[click.Option(["--all"], is_flag=True)])
    >>> long_option_meant(["outbox", "-all"], click.Context(cmd))
    '--all'
    """
    if ctx is None:
        return None
    known = {opt for param in ctx.command.params for opt in getattr(param, "opts", ())}
    for arg in args:
        if arg == "--":
            break
        word = arg.split("=", 1)[0]
        if len(word) > 2 and word[0] == "-" and word[1] != "-" and "-" + word in known:
            return "-" + word
    return None


def config_first(args: list[str]) -> list[str]:
    """``args`` with a ``--config PATH`` (or ``--config=PATH``) written after the command moved
    before it, when the group's ``--config`` is not given already; everything after ``--``
    stays as written.

    >>> config_first(["status", "--config", "g.toml"])
    ['--config', 'g.toml', 'status']
    """
    args = list(args)
    if not args or args[0] == "--config" or args[0].startswith("--config="):
        return args
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--config" and i + 1 < len(args):
            return args[i:i + 2] + args[:i] + args[i + 2:]
        if arg.startswith("--config="):
            return [arg] + args[:i] + args[i + 1:]
    return args


@click.group(cls=_Main, context_settings=CONTEXT_SETTINGS)
@click.option(
    "--config", "config_path", envvar="MAFIA_MAIL_CONFIG", default="mafia-mail.toml",
    show_default=True, type=click.Path(dir_okay=False),
    help="Файл настроек игры (или переменная MAFIA_MAIL_CONFIG).",
)
@click.version_option(package_name="mafia-mail", prog_name="mafia-mail", message="%(prog)s %(version)s",
                      help="Показать версию и выйти.")
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
    from mailer.lexicon_cache import install

    install()  # the move lexicon from the cache folder: built once, not by every command


for _module in (gamefiles, days, mail, outgoing, inputs):
    for _command in _module.COMMANDS:
        main.add_command(_command)

from mailer.forum.cli import forum as _forum  # noqa: E402  (FORUM.md: the forum thread)

main.add_command(_forum)
_russify_commands(main)
