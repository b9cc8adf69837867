"""What the host sees on a terminal (issue 13 «The terminal»): progress of ``sync`` and
``send`` only on a terminal, a short demo, and click's own messages in Russian."""

from __future__ import annotations

import ast
import io
import os
import re
import select
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from rich.console import Console

from mailer.cli import main
from mailer.clickru import CATALOG, NOT_FOR_HOSTS, PLURALS
from mailer.config import load_config
from mailer.demo import copy_demo, run_demo
from mailer.progress import terminal_progress
from mailer.store import Store
from mailer.day import init_game
from mailer.words import KIND_RU

LETTERS = ("письмо", "письма", "писем")

# --------------------------------------------------------------------------- progress


def test_progress_on_a_terminal_counts_in_russian():
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    with terminal_progress("Получаю письма", LETTERS, console=console) as progress:
        for _ in range(3):
            progress()
    assert "Получаю письма" in out.getvalue()
    assert "3 письма" in out.getvalue()


def test_progress_elsewhere_prints_nothing():
    out = io.StringIO()
    console = Console(file=out, force_terminal=False, width=100)
    with terminal_progress("Получаю письма", LETTERS, console=console) as progress:
        for _ in range(5):
            progress("row")
    assert out.getvalue() == ""


@pytest.fixture
def demo_game(tmp_path):
    """The bundled demo game with day 1 open; env for the CLI with the clock after day 1."""
    cfg = load_config(copy_demo(tmp_path / "game"))
    store = Store(cfg.database_url)
    init_game(cfg, store, now=cfg.start - timedelta(minutes=5), event="none")
    store.dispose()
    now = (cfg.start + timedelta(hours=20)).isoformat()
    env = {"MAFIA_MAIL_CONFIG": str(cfg.path), "MAFIA_MAIL_NOW": now}
    return cfg, env


def test_sync_and_send_print_only_the_summary_when_not_a_terminal(demo_game):
    _cfg, env = demo_game
    runner = CliRunner()
    synced = runner.invoke(main, ["sync"], env=env)
    assert synced.exit_code == 0, synced.output
    assert synced.output.splitlines()[0] == "Новых писем: 26; обработано: 26."
    assert "Получаю" not in synced.output and "\x1b" not in synced.output
    sent = runner.invoke(main, ["send"], env=env)
    assert sent.exit_code == 0, sent.output
    # 24 roles, 24 answers, 1 unknown-sender notice, 1 next-day notice (the letter after the deadline),
    # less two replies held back: Darkwing's and Незабудка's first letters are answered by the
    # replies to their second ones (mailer.reply_context)
    assert sent.output.splitlines() == ["Отправлено: 48; не отправлено: 0."]


def test_sync_and_status_count_players_not_only_letters(demo_game):
    """«ходы приняты — 24» counted letters: two players sent two each and two sent none. The
    letters are told as letters with the players who sent them, and then the day's players:
    how many of the living have moved and who has not (the same line in ``status``)."""
    _cfg, env = demo_game
    runner = CliRunner()
    synced = runner.invoke(main, ["sync"], env=env)
    assert synced.exit_code == 0, synced.output
    day = ("День 1: ход или голос принят у 22 из 24 живых игроков; ещё нет у 2: Гоша, Тортилла; "
           "ходы есть, голоса ещё нет у 1: Штирлиц (без голоса — штрафное очко автокилла); "
           "голос или ход есть, ночного хода роли ещё нет у 1: Шершень")
    assert synced.output.splitlines()[1:5] == [
        "  письма с принятыми ходами: 24 (от 22 игроков)",
        "  ждут обработки: 1 (пришли после срока приёма: войдут в следующий день)",
        "  неизвестный адрес: 1", day]
    shown = runner.invoke(main, ["status"], env={**env, "COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert day in " ".join(shown.output.split())  # (wrapped where a phrase ends)
    again = runner.invoke(main, ["sync"], env=env)  # nothing new: the day's line all the same
    assert again.output.splitlines() == ["Новых писем: 0; обработано: 0.", day]


def test_status_piped_breaks_lines_between_phrases(demo_game):
    """Piped (not a terminal, no COLUMNS: 80 columns) ``status`` wrapped its report lines
    mid-phrase («… срок 08.12.2026 19:30» / «(МСК)»). They still fit 80 columns,
    but break only where a phrase ends: the deadline with its zone, a count with its word."""
    _cfg, env = demo_game
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    shown = runner.invoke(main, ["status"], env={**env, "COLUMNS": None})
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    # (the zone told as «МСК», the first line fits 80 columns whole)
    assert lines[0] == "Игра «Мафия: демо», день 1, срок 08.12.2026 19:30 (МСК)"
    assert lines[-2:] == ["В очереди писем: 48; с неясной судьбой: 0;",
                          "писем для внимания ведущего: 1 (mafia-mail inbox 25)"]
    assert max(len(line) for line in lines) <= 80


def test_phrase_lines_break_where_a_phrase_ends():
    from mailer.cli.common import phrase_lines

    hint = "Писем с вопросами к ведущему сегодня: 2 (mafia-mail inbox --questions; ответив, отметьте: inbox --done НОМЕР)"
    assert phrase_lines(hint, 80) == ["Писем с вопросами к ведущему сегодня: 2",
                                      "(mafia-mail inbox --questions; ответив, отметьте: inbox --done НОМЕР)"]
    assert phrase_lines(hint, 45) == ["Писем с вопросами к ведущему сегодня: 2",
                                      "(mafia-mail inbox --questions; ответив,", "отметьте: inbox --done НОМЕР)"]
    assert phrase_lines("ещё нет у 3: Гоша, «Кот, Бегемот», Тортилла", 20) == [
        "ещё нет у 3: Гоша,", "«Кот, Бегемот»,", "Тортилла"]
    assert phrase_lines("одно-очень-длинное-слово и ещё", 10) == ["одно-очень-длинное-слово", "и ещё"]
    assert phrase_lines("коротко, ясно", 80) == ["коротко, ясно"]


def test_demo_counts_players_not_only_letters(tmp_path):
    """The demo's sync step tells letters with their senders and the day's players (the
    first sync, before the deadline, reads the 25 letters received on time)."""
    lines = []
    run_demo(str(tmp_path / "demo"), echo=lines.append)
    step = lines[2:4]
    assert step[0].startswith("2. sync в 19:00 08.12, за полчаса до срока: писем 25; по состояниям: "
                              "письма с принятыми ходами — 24 (от 22 игроков), ")
    assert step[1] == ("   День 1: ход или голос принят у 22 из 24 живых игроков; ещё нет у 2: Гоша, Тортилла; "
                       "ходы есть, голоса ещё нет у 1: Штирлиц (без голоса — штрафное очко автокилла); "
                       "голос или ход есть, ночного хода роли ещё нет у 1: Шершень")


def _run_on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """Output of ``mafia-mail ARGS`` run with its stdout and stderr on a pseudo-terminal."""
    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "mailer.cli", *args], stdout=slave,
                            stderr=slave, stdin=subprocess.DEVNULL,
                            env={**os.environ, **env, "TERM": "xterm", "COLUMNS": "100"})
    os.close(slave)
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 120)
            if not ready:
                break
            try:
                data = os.read(master, 65536)
            except OSError:  # the child closed the terminal (Linux: EIO)
                break
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(master)
        proc.wait(timeout=120)
    assert proc.returncode == 0
    return b"".join(chunks).decode("utf-8", "replace")


def test_sync_and_send_show_progress_on_a_terminal(demo_game):
    _cfg, env = demo_game
    synced = _run_on_a_terminal(["sync"], env)
    assert "Получаю письма" in synced
    assert "Новых писем: 26; обработано: 26." in synced
    sent = _run_on_a_terminal(["send"], env)
    assert "Отправляю письма" in sent
    assert "Отправлено: 48; не отправлено: 0." in sent


def test_inbox_piped_without_columns_folds_nothing(demo_game):
    """``inbox > file`` (no terminal, no COLUMNS): a fresh host found a long subject folded over
    three lines at rich's default 80 columns; piped, a letter is one line whatever its length,
    each «↳» line one line (README: «в файл или трубу — строка на письмо»)."""
    cfg, env = demo_game
    subject = "Re: [Мафия: демо] Ваша роль — и ещё вопрос про голосование на линче завтра"
    raw = ("From: gosha@example.net\r\nTo: host@example.org\r\nSubject: =?utf-8?b?"
           + __import__("base64").b64encode(subject.encode()).decode() + "?=\r\n"
           "Message-ID: <gosha-long@x>\r\nDate: Mon, 07 Dec 2026 20:30:00 +0300\r\n"
           "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nЛинч: Тортилла").encode()
    (Path(cfg.mailbox.path) / "new" / "1796664600.Mlong.demo").write_bytes(raw)
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    env = {**env, "COLUMNS": None}  # (None: unset, also when the test process has it)
    shown = runner.invoke(main, ["inbox", "--state", "ходы приняты"], env=env)
    rows = __import__("json").loads(runner.invoke(main, ["inbox", "--json", "--state", "ходы приняты"],
                                                  env=env).output)
    lines = [line for line in shown.output.splitlines()[1:] if not line.lstrip().startswith("↳")]
    assert len(lines) == len(rows) and rows
    for row, line in zip(rows, lines):
        assert line.endswith(f"  {row['subject']}") and line.split()[0] == str(row["id"]), line
    assert any(line.endswith(subject) for line in lines)


def test_inbox_on_80_columns_is_one_line_a_letter(demo_game):
    """``inbox`` piped (80 columns): one line per letter, none longer, nothing cut — number,
    time, the player, the state, the subject whole; under a stranger's letter his address
    and under a letter with problems each problem, on lines «↳ …» (rows wrapped over two to
    four lines were unreadable: every address broken before «@», the state over two lines)."""
    _cfg, env = demo_game
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    shown = runner.invoke(main, ["inbox"], env={**env, "COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert max(len(line) for line in lines) <= 80 and "…" not in shown.output
    listed = runner.invoke(main, ["inbox", "--json"], env=env)
    rows = __import__("json").loads(listed.output)
    assert lines[0].split() == ["ID", "Получено", "(МСК)", "Дн", "Игрок", "Состояние", "Тема"]
    # one «↳» line: the stranger's address (the late letter's «Ой, не поздно?» is answered by
    # its reply, which says when it came and for which day: nothing for the host)
    assert len(lines) == 1 + len(rows) + 1
    assert not any("вопрос" in line for line in lines)
    states = {"applied": "ходы приняты", "pending": "ждут обработки", "unknown_sender": "неизвестный адрес"}
    for row, line in zip(rows, [line for line in lines[1:] if not line.lstrip().startswith("↳")]):
        assert line.split()[:3] == [str(row["id"]), *row["received"][:16].split("T")], line
        # the day the letter counts for: the demo's first sync is all day 1; a stranger's and
        # the late letter still waiting for day 2 to open have none yet
        assert line.split()[3] == ("1" if row["state"] == "applied" else "—"), line
        assert f"  {row['nick'] or '—'}  " in line and f"  {states[row['state']]}  " in line, line
        assert line.endswith(f"  {row['subject']}"), line
    stranger = next(i for i, line in enumerate(lines) if "неизвестный адрес" in line)
    assert lines[stranger + 1] == "    ↳ адрес: kot.office@example.com"
    wide = runner.invoke(main, ["inbox"], env={**env, "COLUMNS": "200"})  # a wide terminal: the table
    assert "kot.office@example.com" in wide.output and "jaguar@example.org" in wide.output


def test_outbox_piped_is_one_line_a_letter(demo_game):
    """``outbox --all`` piped wrapped its rows to the console's width (a fresh-user check: a
    long subject or address took two or three lines, so ``grep`` found half a row). Not on a
    terminal each letter is one whole line, whatever COLUMNS says; the columns still align."""
    _cfg, env = demo_game
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    rows = [line for line in runner.invoke(main, ["outbox", "--all"], env=env).output.splitlines()]
    for columns in ("30", "80", None):
        shown = runner.invoke(main, ["outbox", "--all"], env={**env, "COLUMNS": columns})
        assert shown.exit_code == 0, shown.output
        assert shown.output.splitlines() == rows
    # the total names each state's count (a fresh user read «Всего: 75» against send's «74 письма»)
    assert len(rows) == 1 + 50 + 3 + 1 and rows[-1] == "Всего: 50 (в очереди — 48, снято с очереди — 2)"
    assert sum("  в очереди  " in line for line in rows[1:51]) == 48
    assert rows[-4] == "Почему снято с очереди:"  # a reason under the table, not in a wide column
    for line in rows[-3:-1]:
        assert re.fullmatch(r"  \d+: его заменил ответ на следующее письмо игрока \(входящее \d+\), "
                            r"где сказано и о прежнем письме", line)
    assert rows[0].split() == ["ID", "Состояние", "Кому", "Тема", "Вид"]
    stranger = next(line for line in rows if "kot.office" in line)
    assert re.split(r"\s{2,}", stranger.strip()) == [stranger.split()[0], "в очереди", "kot.office@example.com",
                                    "Re: Ход (с рабочей почты)", "чужой адрес"]


def test_show_and_status_name_the_psychos_move_as_his_letters_do(demo_game):
    """``show`` and ``status`` called the psycho's move «приглашение», the hostess's word, while
    his reply and result letter say «Приглашение к Шизику» (fresh-user checks): one name, from
    engine.reasons.action_name, by the sender's role."""
    _cfg, env = demo_game
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    shown = runner.invoke(main, ["show", "7"], env=env).output.splitlines()
    assert shown[1] == "От: cheburashka@example.org (Чебурашка)"
    assert shown[5:8] == ["--- понятые ходы ---", "  Приглашение к Шизику: Миралисса", "  Голос на линче: Бармалей"]
    hostess = runner.invoke(main, ["show", "17"], env=env).output.splitlines()
    assert hostess[1] == "От: lyubashka@example.net (Любашка)" and "  Приглашение: Darkwing" in hostess
    rows = runner.invoke(main, ["status"], env={**env, "COLUMNS": "200"}).output.splitlines()
    assert next(r for r in rows if r.startswith("Чебурашка ")).split()[:5] == \
        ["Чебурашка", "да", "приглашение", "к", "Шизику"]
    assert next(r for r in rows if r.startswith("Любашка ")).split()[:3] == ["Любашка", "да", "приглашение"]


def test_inbox_on_80_columns_puts_problems_under_the_letter(tmp_path):
    """A letter's problems each on a line «↳ …» under it, whole, folded under itself."""
    from test_sync import START, Game, letter

    g = Game(tmp_path)
    g.deliver(letter("buka@example.org", "Линч: Дракула", msgid="long@x"), START + timedelta(hours=1))
    g.sync()
    [row] = [r.to_json() for r in g.rows()]
    [problem] = row["problems"]
    g.store.dispose()
    from mailer.words import PROBLEM_RU

    told = f"↳ {PROBLEM_RU[problem['kind']]}: {problem['text']}"
    shown = CliRunner().invoke(main, ["--config", str(tmp_path / "game.toml"), "inbox"], env={"COLUMNS": "80"})
    assert shown.output.splitlines() == ["ID  Получено (МСК)    Дн  Игрок  Состояние  Тема",
                                         "1   2026-12-07 20:30  1   Бука   без ходов  Ход", "    " + told]
    tight = CliRunner().invoke(main, ["--config", str(tmp_path / "game.toml"), "inbox"], env={"COLUMNS": "30"})
    under = tight.output.splitlines()[2:]
    assert len(under) > 1 and all(len(line) <= 30 for line in under) and "…" not in tight.output
    assert " ".join(line.strip() for line in under) == told


def test_show_gives_the_host_the_reason_the_player_reads(tmp_path):
    """``show``: each problem with the reason the reply gives the player, not only its kind
    (``inbox --json`` keeps its problem keys: text, kind, candidates)."""
    from mailer.store import Letter
    from test_sync import START, Game, letter

    g = Game(tmp_path)
    g.deliver(letter("buka@example.org", "Линч: Дракула", msgid="self@x"), START + timedelta(hours=1))
    g.sync()
    [row] = [r.to_json() for r in g.rows()]
    [problem] = row["problems"]
    with g.store.session() as s:
        [stored] = __import__("json").loads(s.get(Letter, row["id"]).problems_json)
    assert stored["message"] and stored["message"] != problem["text"]
    shown = CliRunner().invoke(main, ["--config", str(tmp_path / "game.toml"), "show", str(row["id"])])
    assert shown.exit_code == 0, shown.output
    from mailer.words import PROBLEM_RU

    assert f"проблема ({PROBLEM_RU[problem['kind']]}): {problem['text']} — {stored['message']}" in shown.output
    g.store.dispose()


# --------------------------------------------------------------------------- demo


def test_demo_shows_the_newspaper_and_one_letter_of_each_kind(tmp_path):
    lines: list[str] = []
    folder = run_demo(str(tmp_path / "demo"), echo=lambda text: lines.extend(str(text).split("\n")),
                      command="mafia-mail")
    shown = [line for line in lines if line.startswith("=== исходящее письмо ")]
    kinds = [re.search(r"\((.+?)\)", line).group(1) for line in shown]
    assert kinds == ["роль", "ответ", "чужой адрес", "итоги"]
    assert len(set(kinds)) == len(kinds) and set(kinds) <= set(KIND_RU.values())
    assert any("газета дня 1" in line for line in lines)
    # the letter after the deadline waits for day 2: a notice at once, and close-day reads it
    # once day 2 opens (its reply goes with the results; the notice, unsent, is taken off): 71 + 1
    assert "4. preview: в очереди 72 письма; ниже по одному письму каждого вида (4):" in lines
    assert (f"Все исходящие письма игры: mafia-mail --config {folder / 'game.toml'} outbox --all; любое из "
            f"них целиком: mafia-mail --config {folder / 'game.toml'} preview НОМЕР "
            f"(у входящих писем игроков нумерация своя, входящее целиком: show НОМЕР)") in lines
    assert len(lines) < 150  # it was 1,126 lines with every letter
    assert len(list((folder / "outbox").iterdir())) == 72  # all of them are still sent


# --------------------------------------------------------------------------- click's messages


def _click_messages() -> tuple[set[str], set[tuple[str, str]]]:
    """Every message id the installed click passes to gettext: ``_("…")`` literals, values
    that reach ``_(extra["key"])`` through ``extra["key"] = "…"``, and ``ngettext`` pairs."""
    ids: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    for path in sorted(Path(click.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        keys: set[str] = set()
        assigned: dict[str, set[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                first = node.args[0]
                if node.func.id == "_" and isinstance(first, ast.Constant) and isinstance(first.value, str):
                    ids.add(first.value)
                elif node.func.id == "_" and isinstance(first, ast.Subscript) \
                        and isinstance(first.slice, ast.Constant):
                    keys.add(first.slice.value)
                elif node.func.id == "ngettext" and len(node.args) >= 2 \
                        and all(isinstance(a, ast.Constant) for a in node.args[:2]):
                    plurals.add((node.args[0].value, node.args[1].value))
            if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Subscript) \
                    and isinstance(node.targets[0].slice, ast.Constant) \
                    and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                assigned.setdefault(node.targets[0].slice.value, set()).add(node.value.value)
        for key in keys:
            ids |= assigned.get(key, set())
    return ids, plurals


def test_every_catalog_id_exists_in_the_installed_click():
    ids, plurals = _click_messages()
    assert sorted(set(CATALOG) - ids) == []
    assert sorted(NOT_FOR_HOSTS - ids) == []
    assert sorted(set(PLURALS) - plurals) == []


def test_every_click_message_a_host_can_meet_is_russian():
    ids, plurals = _click_messages()
    assert sorted(ids - set(CATALOG) - NOT_FOR_HOSTS) == []
    assert sorted(plurals - set(PLURALS)) == []
    assert not set(CATALOG) & NOT_FOR_HOSTS
    placeholders = re.compile(r"\{[^{}]*\}|%\([a-z]+\)s")
    for english, russian in list(CATALOG.items()) + [
            pair for key, value in PLURALS.items() for pair in zip(key, value)]:
        assert re.search("[а-яё]", russian, re.IGNORECASE), english
        assert sorted(placeholders.findall(russian)) == sorted(placeholders.findall(english)), english


def test_a_failing_editor_is_reported_in_russian(demo_game):
    _cfg, env = demo_game
    result = CliRunner().invoke(main, ["edit", "1"], env={**env, "EDITOR": "false", "VISUAL": ""})
    assert result.exit_code == 1
    assert "Ошибка: false: редактор завершился с ошибкой, письмо не изменено" in result.output
    assert "Editing failed" not in result.output


def test_a_missing_editor_is_reported_in_russian(demo_game):
    _cfg, env = demo_game
    result = CliRunner().invoke(main, ["edit", "1"],
                                env={**env, "EDITOR": "/nonexistent/editor-for-test", "VISUAL": ""})
    assert result.exit_code == 1
    assert "Editing failed" not in result.output and "Ошибка:" in result.output


def test_parse_help_example_runs_as_written_on_the_demo_game(demo_game, tmp_path):
    """``parse --help`` named a game file that did not exist (a fresh-user check): its example
    — export the game, then parse — runs as written on the demo game and prints the JSON the
    help shows."""
    cfg, env = demo_game
    runner = CliRunner()
    lines = [line.strip() for line in runner.invoke(main, ["parse", "--help"]).output.splitlines()]
    start = lines.index("Пример:")
    export, parse, shown = lines[start + 1:start + 4]
    archive = tmp_path / "game-archive.toml"
    words = [str(cfg.path) if w == "game.toml" else w for w in export.split("#")[0].split()[1:-1]]
    exported = runner.invoke(main, [*words, str(archive)], env=env)
    assert exported.exit_code == 0, exported.output
    text = parse.split('"')[1]
    parse_args = parse.split("| mafia-mail ")[1].replace("game-archive.toml", str(archive)).split()
    parsed = runner.invoke(main, parse_args, input=text)
    assert parsed.exit_code == 0, parsed.output
    assert parsed.output.strip() == shown


def test_phrase_lines_never_cut_a_command_to_copy():
    """A fresh-user check: piped ``status`` folded «(…/mafia-mail --config …/game.toml inbox»
    and «--state "без ходов")» onto two lines, and the first pasted ran an unfiltered inbox.
    A command stays on one line, even a line longer than the width."""
    from mailer.cli.common import phrase_lines

    command = '.venv/bin/mafia-mail --config /tmp/some/long/folder/demo-game/game.toml inbox --state "без ходов"'
    lines = phrase_lines(f"Писем без единого понятого хода сегодня: 1 — возможно, вопросы к ведущему ({command})", 80)
    assert lines == ["Писем без единого понятого хода сегодня: 1 — возможно,", "вопросы к ведущему", f"({command})"]
    hint = ("Писем с вопросами: 2 (mafia-mail --config g.toml inbox --questions; ответив, отметьте: "
            "mafia-mail --config g.toml inbox --done НОМЕР)")
    assert phrase_lines(hint, 50) == ["Писем с вопросами: 2", "(mafia-mail --config g.toml inbox --questions;",
                                      "ответив,", "отметьте:", "mafia-mail --config g.toml inbox --done НОМЕР)"]


def test_status_of_a_finished_game_says_who_won(demo_game):
    """A fresh host: after the last close ``status`` said only «Игра … окончена.»; it says who
    won, as the final letters do."""
    from mailer.config import load_config
    from mailer.store import Game, Store, dumps, loads

    cfg, env = demo_game
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    store = Store(load_config(cfg.path).database_url)
    try:
        with store.session() as s:
            game = s.get(Game, 1)
            state = loads(game.state_json)
            state["winner"] = "clan1"
            game.state_json, game.finished = dumps(state), True
            s.add(game)
    finally:
        store.dispose()
    shown = runner.invoke(main, ["status"], env=env)
    assert shown.exit_code == 0, shown.output
    assert shown.output.startswith("Игра «Мафия: демо» окончена. Победа: Клан 1."), shown.output


def test_status_after_the_deadline_says_to_close_the_day(demo_game):
    """A fresh host: at 19:45 ``status`` said «срок прошёл 15 мин назад» and nothing more; past
    the deadline it says it is time to close the day, with the command."""
    _cfg, env = demo_game
    runner = CliRunner()
    assert runner.invoke(main, ["sync"], env=env).exit_code == 0
    after = runner.invoke(main, ["status"], env={**env, "MAFIA_MAIL_NOW": "2026-12-08T19:45+03:00"}).output
    flat = " ".join(after.split())  # (80 columns: the line wraps between phrases)
    assert "срок прошёл 15 мин назад; пора подвести итоги: mafia-mail close-day" in flat, after
    before = runner.invoke(main, ["status"], env={**env, "MAFIA_MAIL_NOW": "2026-12-08T12:00+03:00"}).output
    assert "до срока" in before and "пора подвести итоги" not in before
