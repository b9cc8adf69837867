"""Commands on game files (docs/SCENARIOS.md), no mail server: ``parse`` one letter, ``replay`` a
whole game, ``export`` a live game as a game file."""

from __future__ import annotations

import sys

import click

from mailer.words import count

from .common import HostError, call, echo_json, game_words_if_named, open_game


def _game_file_call(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``; a bad game file becomes a HostError (Russian message)."""
    from engine.gamefile import GameFileError

    try:
        return fn(*args, **kwargs)
    except GameFileError as exc:
        raise HostError(str(exc)) from exc


@click.command()
@click.option("--game", "game_path", required=True, type=click.Path(exists=True, dir_okay=False),
              help="Файл игры (TOML; формат — docs/SCENARIOS.md в папке проекта, образцы — tests/cases/).")
@click.option("--from", "sender", required=True, help="Ник отправителя.")
@click.option("--at", "at", default=None, help="Время получения письма, «ГГГГ-ММ-ДД ЧЧ:ММ», местное.")
@click.option("--day", "day", type=int, default=None, help="Игровой день (по умолчанию по --at, иначе 1).")
@click.option("--eml", is_flag=True, help="На входе целое письмо RFC 822, а не текст.")
@click.pass_context
def parse(ctx: click.Context, game_path: str, sender: str, at: str | None, day: int | None,
          eml: bool) -> None:
    """Разобрать одно письмо со стандартного ввода и напечатать JSON ходов и проблем.

    Вопросы ведущему из письма — строками «вопрос ведущему: «…»» в stderr, как их
    отмечает sync (JSON в stdout от них не меняется).

    \b
    Пример:
      mafia-mail --config game.toml export game-archive.toml   # файл игры из базы (или свой)
      echo "Лечу Буку. Линч: Serginio" | mafia-mail parse --game game-archive.toml --from Пчёлка
      {"moves": [{"action": "heal", "target": "Бука"}, {"action": "vote", "target": "Serginio"}], "problems": []}

    С --config (или MAFIA_MAIL_CONFIG) письмо читается со словами игры из её [words].
    """
    from mailer.offline import read_letter

    game_words_if_named(ctx)
    raw = sys.stdin.buffer.read()
    result, notes = _game_file_call(read_letter, game_path, sender, raw, eml=eml, at=at, day=day)
    echo_json(result.to_json())
    for note in notes:
        click.echo(note, err=True)


@click.command()
@click.argument("game_path", metavar="ФАЙЛ", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Печатать JSON (docs/SCENARIOS.md в папке проекта).")
@click.option("--check", is_flag=True, help="Сверить с [turn.expect]; код 1 при расхождении.")
@click.pass_context
def replay(ctx: click.Context, game_path: str, as_json: bool, check: bool) -> None:
    """Прогнать всю игру из файла игры тем же путём, что и живую игру, без почтового сервера.

    \b
    Пример:
      mafia-mail replay tests/cases/psycho_victim_dies_next_turn.toml --json --check

    С --config (или MAFIA_MAIL_CONFIG) письма читаются со словами игры из её [words].
    """
    from engine.replay import check_expectations, render_text
    from mailer.offline import replay_file

    game_words_if_named(ctx)
    game, result = _game_file_call(replay_file, game_path)
    if as_json:
        echo_json(result)
    else:
        click.echo(render_text(result))
    if check:
        diffs = check_expectations(game, result)
        if diffs:
            for line in diffs:
                click.echo(line, err=True)
            sys.exit(1)
        checked = sum(1 for turn in game.turns if turn.expect)
        click.echo(f"Проверка пройдена: итоги {count(checked, 'дня', 'дней', 'дней')} совпали с [turn.expect].",
                   err=True)


@click.command()
@click.argument("file", metavar="ФАЙЛ", type=click.Path(dir_okay=False, writable=True))
@click.pass_context
def export(ctx: click.Context, file: str) -> None:
    """Записать всю игру (закрытые дни) как файл игры, который replay воспроизводит в точности.

    \b
    Пример:
      mafia-mail --config game.toml export game-archive.toml && mafia-mail replay game-archive.toml --json
    """
    from mailer.export import export_game

    cfg, store = open_game(ctx)
    text = call(export_game, cfg, store)
    with open(file, "w", encoding="utf-8") as fh:
        fh.write(text)
    click.echo(f"Игра записана в {file}")


COMMANDS = (parse, replay, export)
