"""What every ``mafia-mail`` command shares: the host's errors, the clock, the game named by
``--config``, and the tables of the output.

Nothing here imports SQLAlchemy, Jinja or the morphology dictionary at module level, so
``mafia-mail --help`` and ``status`` start fast.
"""

from __future__ import annotations

import json
import os
import re
import sys

import click

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class Numbers(click.ParamType):
    """Letter numbers as the host types them: «7», a list «7,8», a range «129-149» (also with
    «–» or «..»), or any mix «7,10-12»; converts one argument to a list of ints (use
    :func:`flat` on the ``nargs=-1`` tuple). A range of more than :data:`MAX_RANGE` numbers or
    one that runs backwards is refused with a Russian message."""

    name = "номер"

    def convert(self, value, param, ctx):
        if isinstance(value, list):
            return value
        out: list[int] = []
        for part in filter(None, re.split(r"[,;\s]+", str(value).strip())):
            m = re.fullmatch(r"(\d+)(?:\s*(?:-|–|—|\.\.)\s*(\d+))?", part)
            if m is None:
                self.fail(f"«{value}» — не номер: нужно число, список «7,8» или диапазон «129-149»",
                          param, ctx)
            first, last = int(m[1]), int(m[2] or m[1])
            if last < first:
                self.fail(f"«{part}»: диапазон идёт назад (нужно «{last}-{first}»)", param, ctx)
            if last - first >= MAX_RANGE:
                self.fail(f"«{part}»: слишком длинный диапазон (больше {MAX_RANGE} номеров)", param, ctx)
            out += range(first, last + 1)
        return out


#: The longest range of letter numbers one argument may name.
MAX_RANGE = 1000

NUMBERS = Numbers()


def flat(values) -> list[int]:
    """The numbers of a ``nargs=-1`` argument of type :data:`NUMBERS`, in order, each once."""
    return list(dict.fromkeys(n for value in values for n in value))


def spans(numbers: list[int]) -> str:
    """Numbers as the host reads them back: runs of consecutive numbers as ranges,
    «7, 129–149»."""
    out: list[str] = []
    for n in sorted(set(numbers)):
        if out and out[-1].rsplit("–", 1)[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('–')[0]}–{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


class HostError(click.ClickException):
    """A command that cannot be done, told to the host in Russian (exit code 1)."""

    def show(self, file=None) -> None:
        click.echo(f"Ошибка: {self.format_message()}", file=file or sys.stderr)


def command_name() -> str:
    """How the host ran this tool, to print next commands he can type as they are: the path
    he typed (``.venv/bin/mafia-mail``), or ``mafia-mail`` when it is on PATH."""
    import shutil

    typed = sys.argv[0] if sys.argv and sys.argv[0].endswith("mafia-mail") else "mafia-mail"
    if os.sep not in typed or shutil.which("mafia-mail") == os.path.abspath(typed):
        return "mafia-mail"
    return typed


def typed(args: str) -> str:
    """The command line the host can type as is to run ``args`` («inbox --questions») on this
    same game: :func:`command_name`, then ``--config PATH`` when he gave the config on the
    command line (not when it came from ``MAFIA_MAIL_CONFIG`` or the default file).

    >>> typed("inbox")  # outside a click command: no --config to repeat
    'mafia-mail inbox'
    """
    import shlex

    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx is not None else None
    given = root is not None and root.get_parameter_source("config_path") == click.core.ParameterSource.COMMANDLINE
    config = f" --config {shlex.quote(root.params['config_path'])}" if given else ""
    return f"{command_name()}{config} {args}"


def retyped(message: str) -> str:
    """``message`` (a library's Russian text naming commands as «mafia-mail close-day
    --early») with each such command written as the host can type it here (:func:`typed`:
    his path to the tool, his ``--config``).

    >>> retyped("закрыть день сейчас: mafia-mail close-day --early")
    'закрыть день сейчас: mafia-mail close-day --early'
    """
    return re.sub(r"(?<![\w./-])mafia-mail (?=[a-z])", lambda _m: typed(""), message)


def echo_json(data) -> None:
    """Print ``data`` as one line of JSON, Cyrillic as is (not ``\\u`` escapes)."""
    click.echo(json.dumps(data, ensure_ascii=False))


def now():
    """The current time (aware UTC); ``MAFIA_MAIL_NOW`` (ISO 8601) overrides it for tests and
    rehearsals.

    Raises:
        HostError: ``MAFIA_MAIL_NOW`` has no time zone.
    """
    from datetime import datetime, timezone

    forced = os.environ.get("MAFIA_MAIL_NOW")
    if forced:
        value = datetime.fromisoformat(forced)
        if value.tzinfo is None:
            raise HostError("MAFIA_MAIL_NOW: укажите время с поясом, например 2026-12-08T19:31:00+03:00")
        return value.astimezone(timezone.utc)
    return datetime.now(timezone.utc)


def config_of(ctx: click.Context):
    """The config (:class:`mailer.config.GameConfig`) named by ``--config``.

    The game's own words (``[words]``) are handed to the parser here
    (:func:`mailer.lexicon_cache.install`): every command that reads the config and then
    parses letters (sync, watch, reread, close-day, …) reads them with the game's words.

    Raises:
        HostError: the config cannot be read (the Russian message says why).
    """
    from engine.textnorm_aliases import install_aliases
    from mailer.config import ConfigError, load_config
    from mailer.lexicon_cache import install

    try:
        cfg = load_config(ctx.obj["config_path"])
    except ConfigError as exc:
        raise HostError(str(exc)) from exc
    install(cfg.words)
    install_aliases(cfg.aliases)  # the host's aliases of players ([aliases])
    return cfg


def game_words_if_named(ctx: click.Context) -> None:
    """For the commands on game files (``parse``, ``replay``), which need no config: when
    ``--config`` (or ``MAFIA_MAIL_CONFIG``) names one, read it and parse with its game words
    (:func:`config_of`) and the words the host taught that game, read from its SQLite file
    when it is there (:func:`mailer.status.with_taught_read_only`; nothing is made or written);
    the default name, not given, is not looked for, nor is a named file that is not there
    (these commands need no config).

    Raises:
        HostError: the named config is there but cannot be read.
    """
    import os

    from click.core import ParameterSource

    root = ctx.find_root()
    if root.get_parameter_source("config_path") in (ParameterSource.COMMANDLINE,
                                                     ParameterSource.ENVIRONMENT) and \
            os.path.isfile(root.obj["config_path"]):
        from engine.textnorm_aliases import install_aliases
        from mailer.lexicon_cache import install
        from mailer.status import with_taught_read_only

        cfg = config_of(root)
        taught = with_taught_read_only(cfg)  # (read-only: nothing is made or upgraded)
        if taught is not cfg:
            install(taught.words)
            install_aliases(taught.aliases)


def open_game(ctx: click.Context):
    """(config, :class:`mailer.store.Store`) of the game named by ``--config``; the config's
    ``words`` are its ``[words]`` and the words the host taught the game (``mafia-mail words``,
    :func:`mailer.taught_words.with_taught`), its ``aliases`` the ``[aliases]`` and the taught
    ones, handed to the parser.

    Raises:
        HostError: the config cannot be read or the database cannot be opened.
    """
    from engine.textnorm_aliases import install_aliases
    from mailer.lexicon_cache import install
    from mailer.store import Store
    from mailer.taught_words import with_taught

    cfg = config_of(ctx)
    store = call(Store, cfg.database_url)
    taught = call(with_taught, cfg, store)
    if taught is not cfg:
        install(taught.words)
        install_aliases(taught.aliases)
    return taught, store


def host_errors() -> tuple[type[Exception], ...]:
    """The library's exceptions whose (Russian) message is meant for the host."""
    from mailer.config import ConfigError
    from mailer.day import GameError
    from mailer.forum.model import ForumError
    from mailer.store import DatabaseUnavailable

    errors: tuple[type[Exception], ...] = (ConfigError, GameError, DatabaseUnavailable, ForumError)
    try:
        from mailer.fetch import MailboxError
        from mailer.send import SendError

        errors += (MailboxError, SendError)
    except ImportError:  # pragma: no cover
        pass
    return errors


def call(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``; an error meant for the host (:func:`host_errors`) becomes a
    :class:`HostError` (message «Ошибка: …», exit code 1; commands it names as the host
    can type them here, :func:`retyped`)."""
    try:
        return fn(*args, **kwargs)
    except host_errors() as exc:
        raise HostError(retyped(str(exc))) from exc


def table(*headers: str, whole: tuple[str, ...] = ("ID",)):
    """A rich table that fits the terminal (whole rows when piped, :func:`print_table`): long cells wrap, folding
    a word too long for its column, never cut with «…»; ``whole`` columns (ids, times) are
    never broken."""
    from rich.table import Table

    result = Table(box=None, pad_edge=False)
    for h in headers:
        if h in whole:
            result.add_column(h, no_wrap=True)
        else:
            result.add_column(h, overflow="fold")
    return result


def print_table(listing, longest_word: int = 16) -> None:
    """Print a :func:`table` so that its cells wrap between words: each folding column is
    given a width at least that of its longest word (up to ``longest_word`` characters; a
    longer word, such as a long address, still folds), the widest giving way first when the
    terminal is too narrow for all of them; the room left is shared out a character at a time
    to the columns whose text does not fit yet. Not on a terminal (piped, redirected to a file)
    nothing wraps: a row is one line, each column as wide as its longest cell, so ``grep`` and
    ``sort`` see one letter a line."""
    out = console()
    if not out.is_terminal:
        _print_whole(out, listing)
        return
    mins: dict[int, int] = {}
    maxes: dict[int, int] = {}
    fixed = 0
    for i, column in enumerate(listing.columns):
        cells = [str(column.header), *(str(cell) for cell in column.cells)]
        lines = [len(line) for cell in cells for line in cell.splitlines()] or [1]
        if column.no_wrap:
            fixed += max(lines)
            continue
        words = [len(w) for cell in cells for line in cell.splitlines() for w in line.split()]
        mins[i] = min(max(words, default=1), longest_word)
        maxes[i] = max(max(lines), mins[i])
    room = out.width - fixed - (len(listing.columns) - 1) * 2
    while mins and sum(mins.values()) > room and max(mins.values()) > 4:
        widest = max(mins, key=mins.get)
        mins[widest] -= 1
    left = room - sum(mins.values())
    while left > 0 and any(maxes[i] > mins[i] for i in mins):
        for i in mins:  # round robin: short texts are whole first, the longest takes the rest
            if left > 0 and maxes[i] > mins[i]:
                mins[i] += 1
                left -= 1
    for i, width in mins.items():
        listing.columns[i].width = width
    out.print(listing)


def _print_whole(out, listing) -> None:
    """Print a :func:`table` with every column as wide as its longest cell (no wrapping)."""
    widths = []
    for column in listing.columns:
        cells = [str(column.header), *(str(cell) for cell in column.cells)]
        widths.append(max((len(line) for cell in cells for line in cell.splitlines()), default=1))
        column.width = widths[-1]
    out.width = sum(widths) + 2 * (len(widths) - 1)
    out.print(listing)


def console():
    """A rich console on stdout for tables and report lines (no colour guesses on numbers or
    paths; tables fit the terminal's width, and :func:`print_table` prints them unwrapped when
    piped; report lines go through :func:`print_line`, 80 columns when piped)."""
    from rich.console import Console

    return Console(highlight=False)


def print_line(out, text: str) -> None:
    """Print a report line on the rich console ``out``, wrapped to its width (80 columns when
    piped) only between phrases (:func:`phrase_lines`): «срок 08.12.2026 19:30
    (Europe/Moscow)» is never cut in two, as rich's word wrap cut it."""
    for line in phrase_lines(text, out.width):
        out.print(line, soft_wrap=True)


def phrase_lines(text: str, width: int) -> list[str]:
    """``text`` as lines of at most ``width`` characters, broken where a phrase ends: first
    after «, », «; » or « — » outside «» and brackets; a part still too long before its
    «(…)»; then at «, »/«; » inside the brackets; only then between words (a word longer than
    the line stays whole, and so does a command to copy, «mafia-mail … inbox --questions»).

    >>> phrase_lines("срок 08.12.2026 19:30 (Europe/Moscow), писем: 3", 40)
    ['срок 08.12.2026 19:30 (Europe/Moscow),', 'писем: 3']
    """
    return _fill(text, width, 1)


#: A command line in a hint: the tool's name (or path to it) and its words, up to «;» or «)».
_COMMAND = re.compile(r"\S*mafia-mail(?: [^;)]*[^;)\s])?")


def _fill(text: str, width: int, level: int) -> list[str]:
    import textwrap

    if len(text) <= width:
        return [text]
    cuts = _phrase_cuts(text, level) if level <= 3 else []
    if not cuts:
        if level <= 3:
            return _fill(text, width, level + 1)
        # a command to copy («…/mafia-mail --config g.toml inbox --state "без ходов"», up to
        # «;» or «)») is never cut in two: pasted as printed, half of it would run
        glued = _COMMAND.sub(lambda m: m.group(0).replace(" ", "\0"), text)
        lines = textwrap.wrap(glued, width, break_long_words=False, break_on_hyphens=False) or [glued]
        return [line.replace("\0", " ") for line in lines]
    pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])]
    lines: list[str] = []
    current = ""
    for piece in pieces:
        if current and len((current + piece).rstrip()) > width:
            lines.append(current.rstrip())
            current = piece
        else:
            current += piece
    lines.append(current.rstrip())
    return [part for line in lines for part in _fill(line, width, level + 1)]


def _phrase_cuts(text: str, level: int) -> list[int]:
    """Where a line may start in ``text`` at ``level`` (see :func:`phrase_lines`)."""
    cuts = []
    quotes = brackets = 0
    for i, ch in enumerate(text):
        if ch == "«":
            quotes += 1
        elif ch == "»":
            quotes = max(0, quotes - 1)
        elif ch == "(":
            brackets += 1
        elif ch == ")":
            brackets = max(0, brackets - 1)
        if quotes:
            continue
        pair = text[i:i + 2]
        if level == 1 and not brackets and (pair in (", ", "; ") or text[i:i + 3] == " — "):
            cuts.append(i + (3 if pair == " —" else 2))
        elif level == 2 and not brackets and pair == " (":
            cuts.append(i + 1)
        elif level == 3 and brackets == 1 and pair in (", ", "; "):
            cuts.append(i + 2)
    return [c for c in cuts if 0 < c < len(text)]



_YES = frozenset({"да", "д", "ага", "yes", "y"})
_NO = frozenset({"", "нет", "н", "no", "n"})


def _yes_no(text: str) -> bool:
    answer = text.strip().lower().rstrip(".!")
    if answer in _YES or answer in _NO:
        return answer in _YES
    raise click.BadParameter("ответьте «да» или «нет»")


def ask_yes(question: str) -> bool:
    """Ask the host a yes/no question in Russian: «да»/«д» (or y/yes) is yes, «нет»/«н»
    (or n/no, or just Enter) is no; another answer asks again. Raises click.Abort at the end
    of input (click prints «Прервано.»)."""
    return click.prompt(f"{question} [да/НЕТ]", default="", show_default=False, value_proc=_yes_no)


#: The exit code of a command whose question the host declined (:func:`confirm`): nothing was
#: done, so a script does not go on as if it had been (as click's own «Aborted!» does).
DECLINED = 1


def confirm(question: str, undone: str) -> None:
    """Ask the host ``question`` (:func:`ask_yes`) and return on «да». Otherwise — «нет», just
    Enter, the end of input or Ctrl-C — tell him «Ничего не сделано: ``undone``.» and end the
    command with exit code :data:`DECLINED`, the same for every command that asks."""
    try:
        if ask_yes(question):
            return
    except click.Abort:
        click.echo()  # (the question's line was left open)
    click.echo(f"Ничего не сделано: {undone}.")
    raise SystemExit(DECLINED)
