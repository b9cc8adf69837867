"""Session 56, finding 2: a thread vote replaced by a later letter vote is told to the host at
close-day (it was silent), and ``explain`` names where each vote came from — a letter, a post
in the forum thread, the host's ``votes import`` — and what replaced what."""

from __future__ import annotations

from datetime import timedelta

from mailer.day import close_day
from mailer.sync import sync

from .game import DAY1_END, START, make_game
from .test_forum_rules import MERGE_THREAD, _letter, _paste, _run


def _closed(tmp_path):
    """The forum tests' merge scenario: Зоя — thread Гоша 21:00, letter Лис 22:00; Бука —
    letter Лис 20:00, thread Зоя 22:00; Гном — letter Зоя 20:01, then the host's import Зоя;
    Ягуар — thread Гном only; Кузя — the host's import Ягуар (20:10), then a letter Гоша
    (21:30). Returns (close-day report, explain text, letter id of each)."""
    cfg, store = make_game(tmp_path / "g")
    _letter(cfg, 2, START + timedelta(hours=2, minutes=30), "Линч Лису")
    _letter(cfg, 7, START + timedelta(minutes=30), "Линч Лису")
    _letter(cfg, 3, START + timedelta(minutes=31), "Линч Зое")
    _letter(cfg, 4, START + timedelta(hours=2), "Линч Гоше")
    sync(cfg, store, now=START + timedelta(hours=3))
    _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", MERGE_THREAD))
    from mailer.inputs import import_votes

    import_votes(cfg, store, "voter,target\nГном,Зоя\nКузя,Ягуар\n", now=START + timedelta(minutes=40))
    rep = close_day(cfg, store, now=DAY1_END + timedelta(minutes=5))
    explained = _run(cfg, "explain", "--day", "1").output
    from sqlmodel import select

    from mailer.store import Letter

    with store.session() as s:
        ids = {row.nick: row.id for row in s.exec(select(Letter))}
    store.dispose()
    return rep, explained, ids


def _under(text: str, nick: str) -> str:
    """The lines of ``explain`` under the heading of ``nick``."""
    out, inside = [], False
    for line in text.splitlines():
        if line.startswith("  ") and not line.startswith("    "):
            inside = line.strip().startswith(nick + " (")
            continue
        if inside and line.startswith("    "):
            out.append(line.strip())
    return "\n".join(out)


def test_a_thread_vote_replaced_by_a_later_letter_is_told_at_close_day(tmp_path):
    rep, _explained, ids = _closed(tmp_path)
    [line] = [x for x in rep.thread if x.startswith("голос в ветке заменён более поздним голосом из письма")]
    assert f"Зоя — за Гошу (пост 07.12 21:00) → письмо {ids['Зоя']} (07.12 22:00) — за Лиса" in line, line
    [line] = [x for x in rep.thread if x.startswith("голос, загруженный ведущим (votes import), заменён более "
                                                   "поздним голосом из письма")]
    assert f"Кузя — за Ягуара (загружен 07.12 20:10) → письмо {ids['Кузя']} (07.12 21:30) — за Гошу" in line, line


def test_explain_names_the_source_of_every_vote_and_what_replaced_it(tmp_path):
    _rep, explained, ids = _closed(tmp_path)
    zoya, buka, gnom, jaguar, kuzya = (_under(explained, n) for n in ("Зоя", "Бука", "Гном", "Ягуар", "Кузя"))
    assert f"голос на линче (письмо {ids['Зоя']}) → Лис — учтён" in zoya, explained
    assert "голос на линче в ветке (пост 07.12 21:00) → Гоша — не учтён: заменён более поздним голосом из письма " \
           f"{ids['Зоя']}" in zoya, explained
    assert f"голос на линче (письмо {ids['Бука']}) → Лис — не учтён: заменён более поздним голосом в " \
           "ветке (пост 07.12 22:00)" in buka, explained
    assert "голос на линче в ветке (пост 07.12 22:00) → Зоя — учтён" in buka, explained
    assert f"голос на линче (письмо {ids['Гном']}) → Зоя — не учтён: заменён голосом, который загрузил " \
           "ведущий (votes import)" in gnom, explained
    assert "голос на линче загружен ведущим (votes import) → Зоя — учтён" in gnom, explained
    assert "голос на линче в ветке (пост 07.12 20:15) → Гном — учтён" in jaguar, explained
    assert f"голос на линче (письмо {ids['Кузя']}) → Гоша — учтён" in kuzya, explained
    assert "голос на линче загружен ведущим (votes import) → Ягуар — не учтён: заменён более поздним голосом " \
           f"из письма {ids['Кузя']} (07.12 21:30)" in kuzya, explained


def test_forum_forget_suggests_a_stored_import_for_a_typo(tmp_path):
    """Session 56, finding 4: ``forum forget --source`` with a typo in the file's name said only
    «Удалено постов: 0»; it names the import it may mean and removes nothing."""
    cfg, store = make_game(tmp_path / "g")
    store.dispose()
    assert _run(cfg, "forum", "import", _paste(tmp_path, "den1.txt", MERGE_THREAD)).exit_code == 0
    from click.testing import CliRunner

    from mailer.cli import main

    typo = CliRunner().invoke(main, ["--config", str(cfg.path), "forum", "forget", "--source", "dne1.txt"])
    assert typo.exit_code == 1
    assert "Постов из загрузки «dne1.txt» нет (может быть, «den1.txt»?); посты сохранены из загрузок: " \
           "«den1.txt»." in " ".join(typo.output.split()), typo.output
    right = _run(cfg, "forum", "forget", "--source", "den1.txt")
    assert "Удалено постов: 3" in right.output, right.output
