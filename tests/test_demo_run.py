"""``mafia-mail demo`` as a fresh user runs it: the normal flow of a day (letters on time are
answered as on time, only the really late one is late) and what the run leaves behind."""

from __future__ import annotations

import email
from datetime import datetime, timezone
from pathlib import Path
from email import policy
from email.utils import parseaddr, parsedate_to_datetime

from mailer.demo import run_demo

DEADLINE = datetime(2026, 12, 8, 16, 30, tzinfo=timezone.utc)  # day 1: 08.12.2026 19:30 Moscow
LATE_SENDER = "pchelka@example.com"  # letter 26 of mailer/demo/README.md, received 19:34:12


def _replies(folder) -> list[tuple[str, datetime, str]]:
    """(address, Date, body) of every reply to a player's letter the demo wrote to outbox/."""
    out = []
    for path in sorted((folder / "outbox").iterdir()):
        msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        if msg["Subject"].startswith("Re:"):
            out.append((parseaddr(msg["To"])[1], parsedate_to_datetime(msg["Date"]), msg.get_content()))
    return out


def test_demo_answers_the_letters_on_time_before_the_deadline(tmp_path):
    """The host syncs before the deadline: every reply to a letter received on time says the
    moves may still be changed until 19:30 (it said «Приём ходов на этот день закончился»,
    the demo having read all the day's mail after the deadline); only letter 26, received at
    19:34, is told it came after the deadline."""
    lines: list[str] = []
    folder = run_demo(str(tmp_path / "demo"), echo=lines.append)
    replies = _replies(folder)
    on_time = [(to, date, body) for to, date, body in replies if to != LATE_SENDER or date < DEADLINE]
    late = [(to, date, body) for to, date, body in replies if (to, date, body) not in on_time]
    # the 24 letters with moves and the unknown sender's, less the first letters of the maniac
    # and the fan: each one's second came before the queue was sent, and its reply tells of
    # both (mailer.reply_context)
    assert len(on_time) == 23
    for to, date, body in on_time:
        assert date < DEADLINE, (to, date)
        assert "Приём ходов на этот день закончился" not in body, to
        assert "после срока" not in body, to
    # (the demo sends only after close-day: the replies' «Ходы можно изменить до 19:30» would be
    # false by then, so close-day rewrote it, session 58; the unknown address is told no deadline)
    assert not any("Ходы можно изменить" in body for _, _, body in on_time)
    assert sum("День 1 закрыт 08.12.2026 19:40 (МСК): ходы этого дня больше не меняются; итоги — в письме с "
               "итогами дня 1." in " ".join(body.split()) for _, _, body in on_time) == 22
    # the late letter: the reply for day 2 with the results (its notice, still unsent when the
    # day was closed, was taken off the queue: the reply says all it promised)
    assert [to for to, _, _ in late] == [LATE_SENDER]
    assert all("после срока дня 1" in body for _, _, body in late)
    assert lines[2].startswith("2. sync в 19:00 08.12, за полчаса до срока: писем 25; по состояниям: "
                               "письма с принятыми ходами — 24 (от 22 игроков), неизвестный адрес — 1")
    assert ("   sync в 19:35 08.12, после срока: писем 1; по состояниям: ждут обработки — 1 "
            "(пришли после срока приёма: войдут в следующий день)") in lines


def test_demo_in_a_temporary_folder_leaves_nothing_behind(tmp_path, monkeypatch):
    """With --temp the demo's folder (config, database, lock files, mail) is removed when it
    ends, and the last line tells how to keep the game to look at it."""
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.chdir(tmp_path)
    lines: list[str] = []
    folder = run_demo(None, temporary=True, echo=lines.append, command="mafia-mail")
    assert folder.parent == tmp_path / "tmp" and folder.name.startswith("mafia-mail-demo-")
    assert list((tmp_path / "tmp").iterdir()) == [] and [p.name for p in tmp_path.iterdir()] == ["tmp"]
    assert lines[-1] == ("Временная папка демо-игры удалена. Оставить игру, чтобы посмотреть все "
                         "письма, базу и status: mafia-mail demo")
    assert not any(line.startswith(("Дальше:", "Всё здесь:")) for line in lines)
    # the send line names no folder that is gone when the demo ends
    [sent] = [line for line in lines if line.startswith("5. send:")]
    assert str(folder) not in sent and "с --temp она удаляется" in sent


def test_demo_keeps_its_game_by_default(tmp_path, monkeypatch):
    """A fresh user ran README command 1 and had no letters left to look at: the demo deleted
    its folder. Now a plain ``demo`` keeps the game in ./demo-game (a second run in
    ./demo-game-2, never refusing nor overwriting the first) and its last lines say where it
    is, how to read every letter, and how to remove it."""
    from click.testing import CliRunner

    from mailer.cli import main

    monkeypatch.chdir(tmp_path)
    first = CliRunner().invoke(main, ["demo"], prog_name="mafia-mail")
    assert first.exit_code == 0, first.output
    folder = tmp_path / "demo-game"
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "game.db", "game.toml", "maildir", "outbox"]
    assert len(list((folder / "outbox").iterdir())) == 72
    lines = first.output.splitlines()
    assert f"Всё здесь: {folder}" in lines
    # a fresh user found how to write his own player's letter only by opening the folder:
    # the list names the README that tells the players' addresses and the file's form
    assert f"  как написать своё письмо игрока (адреса игроков, вид файла): {folder / 'README.md'}" in lines
    assert "maildir/new" in (folder / "README.md").read_text(encoding="utf-8")
    assert (f"Все исходящие письма игры: mafia-mail --config {folder / 'game.toml'} outbox --all; любое из "
            f"них целиком: mafia-mail --config {folder / 'game.toml'} preview НОМЕР "
            f"(у входящих писем игроков нумерация своя, входящее целиком: show НОМЕР)") in lines
    assert lines[-1] == f"Удалить демо-игру, когда она станет не нужна: rm -r {folder}"
    second = CliRunner().invoke(main, ["demo"], prog_name="mafia-mail")
    assert second.exit_code == 0, second.output
    assert f"Всё здесь: {tmp_path / 'demo-game-2'}" in second.output.splitlines()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo-game", "demo-game-2"]
    # and the README says so

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "Демо-игра остаётся в папке `demo-game` здесь же" in readme
    assert "удаляет её" not in readme


def test_demo_kept_folder_has_the_game_without_lock_files(tmp_path):
    """With --keep the game stays for the host to look at (the closing lines name its files
    and the next commands), but not the sync and send lock files the demo's own runs left."""
    lines: list[str] = []
    folder = run_demo(str(tmp_path / "demo"), echo=lines.append, command="mafia-mail")
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "game.db", "game.toml", "maildir", "outbox"]
    # the status line runs on the demo's clock too (on the real one the game had not begun)
    assert lines[-2] == f"Дальше: MAFIA_MAIL_NOW=2026-12-08T19:50+03:00 mafia-mail --config {folder / 'game.toml'} status"
    assert lines[-1] == f"Удалить демо-игру, когда она станет не нужна: rm -r {folder}"
    # a fresh-user check: on the real clock the demo's next letters were «after the day's
    # results»; the closing lines give the demo's own clock to play on with
    assert lines[-4] == (
        "Часы демо-игры — 08.12.2026 19:50, день 2 (даты игры — в декабре 2026). Чтобы играть дальше "
        f"(свои письма в {folder / 'maildir' / 'new'}, sync, close-day), ставьте перед командой это время: "
        f"MAFIA_MAIL_NOW=2026-12-08T19:50+03:00 mafia-mail --config {folder / 'game.toml'} sync")
    assert len(list((folder / "outbox").iterdir())) == 72
    assert f"5. send: записано в {folder / 'outbox'}: 72 письма" in lines
    # a fresh user counted 72 files while the outgoing numbers reach 75: the three short
    # replies close-day took off the queue are said, with where to see them
    [dropped] = [line for line in lines if line.startswith("   ещё ")]
    assert dropped.startswith("   ещё 3 письма сняты с очереди") and "outbox --all" in dropped


def test_the_readme_quotes_the_newspaper_the_demo_prints(tmp_path):
    """mailer/demo/README.md said «В газете: кланы никого не убили» while the demo's newspaper
    lists Шершень «убит ночью» (a fresh-user check: the maniac killed him; the newspaper names no
    killer). The README's newspaper block is what the demo prints, line for line."""
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "mailer" / "demo" / "README.md").read_text(encoding="utf-8")
    [block] = re.findall(r"Газета дня 1 в выводе `mafia-mail demo`.*?```text\n(.*?)```", readme, re.S)
    assert block == ("Повешена: Ромашка.\n\nПокинули игру:\n  - Ромашка, Вор (Клан 2) — повешена\n"
                     "  - Тортилла, Индеец (Клан 2) — убита мирной охотой\n"
                     "  - Шершень, Охранник (Клан 1) — убит ночью\n")
    assert "В газете: кланы никого не убили" not in readme
    assert "Кланы этой ночью никого не убили; газета этого не пишет" in readme
    lines: list[str] = []
    run_demo(str(tmp_path / "demo"), echo=lines.append)
    printed = "\n".join(lines)
    assert block in printed + "\n"


def test_a_moved_game_folder_fetches_no_letter_again(tmp_path):
    """Fresh user 23 moved the demo's folder: its Maildir, named by a path relative to
    game.toml, now had another absolute path, and sync stored all its letters again (as
    duplicates). A Maildir file's unique name names one delivery wherever the folder lies."""
    import shutil

    from click.testing import CliRunner
    from sqlmodel import select

    from mailer.cli import main
    from mailer.config import load_config
    from mailer.store import Letter, Store

    folder = run_demo(str(tmp_path / "demo"), echo=lambda _text: None)
    moved = Path(shutil.move(str(folder), str(tmp_path / "moved")))

    def count() -> int:
        store = Store(load_config(moved / "game.toml").database_url)
        try:
            with store.session() as s:
                return len(list(s.exec(select(Letter.id))))
        finally:
            store.dispose()

    before = count()
    env = {"MAFIA_MAIL_NOW": "2026-12-08T19:50:00+03:00"}
    result = CliRunner().invoke(main, ["--config", str(moved / "game.toml"), "sync"], env=env)
    assert result.exit_code == 0, result.output
    assert before >= 20 and count() == before
    # a letter the host drops into the moved Maildir is still fetched; named by hand (no
    # delivery time in the name) it arrives on the rehearsal clock, not on the machine's
    # (fresh user 24: «пришли после итогов дня», dated weeks before the game)
    new = moved / "maildir" / "new"
    sample = sorted(new.iterdir())[0].read_bytes()
    (new / "my-letter.eml").write_bytes(sample.replace(b"Message-ID: <", b"Message-ID: <moved-"))
    result = CliRunner().invoke(main, ["--config", str(moved / "game.toml"), "sync"], env=env)
    assert result.exit_code == 0, result.output
    assert count() == before + 1
    store = Store(load_config(moved / "game.toml").database_url)
    try:
        with store.session() as s:
            [received] = s.exec(select(Letter.received).where(Letter.key == "my-letter.eml")).all()
    finally:
        store.dispose()
    rehearsal = datetime(2026, 12, 8, 16, 50, tzinfo=timezone.utc)
    assert abs(received.replace(tzinfo=timezone.utc) - rehearsal).total_seconds() < 120


def test_demo_help_example_runs_on_the_demo_clock(tmp_path):
    """A fresh user's finding: `demo --help` showed `status` on a kept demo without the
    game's clock, and on the real clock the demo game had not begun. The help's example
    carries the very MAFIA_MAIL_NOW line the demo prints at its end."""
    from click.testing import CliRunner

    from mailer.cli import main

    lines: list[str] = []
    folder = run_demo(str(tmp_path / "demo"), echo=lines.append, command="mafia-mail")
    printed = lines[-2].removeprefix("Дальше: ").split()[0]
    assert printed == "MAFIA_MAIL_NOW=2026-12-08T19:50+03:00"
    shown = CliRunner().invoke(main, ["demo", "--help"], prog_name="mafia-mail")
    assert shown.exit_code == 0, shown.output
    [example] = [line.strip() for line in shown.output.splitlines() if "MAFIA_MAIL_NOW=" in line]
    assert example == f"{printed} mafia-mail --config моя-демо/game.toml status"
    assert folder.is_dir()


def test_the_demo_readme_letter_of_ones_own_is_read_as_it_says(tmp_path):
    """A fresh user: the demo's README named the folder for a letter of one's own but showed
    no letter. Its example, put into a kept demo's Maildir under the name it gives and synced
    on the demo's clock, is read as the README says."""
    import re

    from click.testing import CliRunner

    from mailer.cli import main

    lines: list[str] = []
    folder = run_demo(str(tmp_path / "demo"), echo=lines.append, command="mafia-mail")
    readme = (folder / "README.md").read_text(encoding="utf-8")
    own = readme.split("## Своё письмо игрока", 1)[1]
    name = re.search(r"\(`(\d+\.[\w-]+)`\)", own).group(1)
    stamp = re.search(r"= (\d{10})\)", own).group(1)
    letter = own.split("```text\n", 1)[1].split("```", 1)[0]
    assert name.startswith(f"{stamp}.")  # the receipt time the README gives
    (folder / "maildir" / "new" / name).write_text(letter, encoding="utf-8")
    env = {"MAFIA_MAIL_NOW": "2026-12-08T19:50+03:00", "COLUMNS": "200"}
    cfg = ["--config", str(folder / "game.toml")]
    synced = CliRunner().invoke(main, [*cfg, "sync"], env=env)
    assert synced.exit_code == 0, synced.output
    assert "письма с принятыми ходами: 1 (от 1 игрока)" in synced.output
    shown = CliRunner().invoke(main, [*cfg, "preview", "76"], env=env)
    assert "Здравствуйте, Пчёлка!" in shown.output
    assert "  - Лечение: Миралисса\n  - Голоса на линче: Бармалей и Чебурашка\n" in shown.output
    assert "На ваш вопрос «Успела?»: письмо получено 08.12.2026 19:45 (МСК), в срок дня 2 " in shown.output
