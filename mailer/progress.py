"""Progress bars for long commands (``sync``, ``send``) on a terminal, silence elsewhere.

A host running ``sync`` on hundreds of letters sees a live count; when the output goes to a
file, a pipe or cron's mail, nothing but the command's summary is printed (issue 13).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["terminal_progress"]


@contextmanager
def terminal_progress(description: str, unit: tuple[str, str, str], *,
                      console=None) -> Iterator[Callable[..., None]]:
    """A ``progress(*_)`` callback that advances a rich progress line by one per call.

    Args:
        description: the Russian task name shown at the left («Получаю письма»).
        unit: the Russian forms of the counted thing for 1, 2 and 5 («письмо», «письма»,
            «писем»), shown after the count.
        console: a :class:`rich.console.Console` (tests); by default one on stdout.

    Yields the callback. When the console is not a terminal the callback does nothing and
    nothing is printed; on a terminal the line is removed when the block ends (the command's
    summary follows). Arguments passed to the callback are ignored (``sync`` passes none,
    ``send`` the letter row).
    """
    from rich.console import Console

    console = console or Console()
    if not console.is_terminal:
        yield lambda *_: None
        return
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from .words import count

    with Progress(SpinnerColumn(), TextColumn("{task.description}"),
                  TextColumn("{task.fields[done]}"), TimeElapsedColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(description, total=None, done="")
        done = 0

        def advance(*_) -> None:
            nonlocal done
            done += 1
            bar.update(task, advance=1, done=count(done, *unit))

        yield advance
