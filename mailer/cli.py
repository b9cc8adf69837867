"""The ``mafia-mail`` command line: thin click commands, each calling one library function.

Heavy modules (the morphology dictionary, SQLAlchemy, Jinja) are imported inside the
commands, so ``mafia-mail --help`` starts fast.
"""

from __future__ import annotations

import json
import os
import sys

import click

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


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
        text = raw.decode("utf-8", errors="replace")
    try:
        with open(game_path, encoding="utf-8") as fh:
            game = load_game_file(fh.read())
        result = parse_in_game(game, sender, text, at=at, day=day)
    except GameFileError as exc:
        raise click.ClickException(str(exc)) from exc
    _echo_json(result.to_json())


@main.command()
@click.argument("game_path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
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
        raise click.ClickException(str(exc)) from exc
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


if __name__ == "__main__":  # pragma: no cover
    main()
