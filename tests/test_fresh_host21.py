"""What a new host found trying the product from the README (twenty-first session): ``outbox
--all`` said «снято с очереди» without saying why; ``explain`` left out a player who sent
nothing and owed only a vote; the valid roles were listed nowhere a host reads; ``init``'s
«начните с новой базой» did not say how."""

from __future__ import annotations

from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main
from test_fresh_user21 import explained_moves
from test_sync import START, Game, letter


def _outbox(g) -> str:
    out = CliRunner().invoke(main, ["--config", str(g.cfg.path), "outbox", "--all"], env={"COLUMNS": "250"})
    assert out.exit_code == 0, out.output
    return " ".join(out.output.split())


def test_outbox_all_says_why_a_reply_was_taken_off_the_queue(tmp_path):
    """A reply held back because the reply to the player's next letter stands for both says
    so, naming that letter; a reply the host dropped himself (``drop``) says «снято ведущим»."""
    g = Game(tmp_path)
    try:
        g.answers(("buka@example.org", "Лечу Маруську. Голос — Ягуарчик.", "a@x"),
                  ("buka@example.org", "Нет, лечу Serginio.", "b@x"))
        g.deliver(letter("serg@example.org", "Голос — Бука.", msgid="c@x"), START + timedelta(hours=5))
        g.sync()
        got = {r.ref: r for r in g.replies("reply")}
        assert got["reply:a@x"].state == "dropped"
        with g.store.session() as s:
            from sqlmodel import select

            from mailer.store import Letter
            later = s.exec(select(Letter).where(Letter.message_id == "b@x")).one().id
        listed = _outbox(g)
        assert "снято с очереди (почему — ниже)" in listed
        assert (f"Почему снято с очереди: {got['reply:a@x'].id}: его заменил ответ на следующее "
                f"письмо игрока (входящее {later}), где сказано и о прежнем письме") in listed
        dropped = CliRunner().invoke(main, ["--config", str(g.cfg.path), "drop", str(got["reply:c@x"].id)])
        assert dropped.exit_code == 0, dropped.output
        # the row, the reason's heading and the closing count («…, снято с очереди — 1)»)
        assert listed.count("снято с очереди") == 3 and "снято с очереди — 1)" in listed
        assert _outbox(g).count("(почему — ниже)") == 2  # the host's own drop says so too
        assert f"{got['reply:c@x'].id}: снято ведущим" in _outbox(g)
        assert _outbox(g).count("снято с очереди") == 4 and "снято с очереди — 2)" in _outbox(g)
    finally:
        g.store.dispose()


def test_explain_lists_a_civilian_who_sent_nothing_and_owed_only_a_vote(tmp_path):
    """A living civilian who sent no letter owes no night move, only a vote: he is listed
    «— писем нет» with «нет голоса на линче», as the detective who sent nothing is with «нет
    ночного хода» (she owed both: both lines); the players who moved keep their lines."""
    moves = explained_moves(tmp_path, ("jaguar@example.org", "Проверяю Буку", "a@x"),
                            ("buka@example.org", "Линч: Ягуарчик", "b@x"),
                            ("jaguar@example.org", "Линч: Маруську. Убиваем Буку", "d@x"))
    assert moves == [
        "  Ягуарчик (Босс, Клан 1) — письма 1, 3:",
        "    • проверка босса → Бука — не удалось: цель выбыла раньше в этот же ход (убит(а) Кланом 1)",
        "    • голос на линче → Маруська — учтён",
        "    • убийство от клана → Бука — выполнено",
        "  Бука (Врач) — письмо 2:",
        "    • голос на линче → Ягуарчик — учтён",
        "    • нет ночного хода",
        "  Маруська (Детектив) — писем нет:",
        "    • нет ночного хода",
        "    • нет голоса на линче",
        "  Serginio (Мирный) — писем нет:",
        "    • нет голоса на линче",
    ]


def test_config_example_lists_every_role_with_its_russian_name():
    """Where a player's ``role`` is set, config.example.toml lists every valid value with the
    role's Russian name (DECISIONS.md §1), and it says what DECISIONS.md is; the README points
    the host to that list."""
    from pathlib import Path

    from engine.roles import ALL_ROLES, CLAN_ROLES, ROLE_NAMES_RU

    root = Path(__file__).resolve().parent.parent
    text = (root / "config.example.toml").read_text(encoding="utf-8")
    listing = text.split("\n[[player]]", 1)[0]
    comment = " ".join(line.lstrip("# ").strip() for line in listing.splitlines() if line.startswith("#"))
    for role in ALL_ROLES:
        assert f"{role} — {ROLE_NAMES_RU[role]}" in comment, role
    assert 'роли кланов — "clan1.РОЛЬ" или "clan2.РОЛЬ"' in comment
    assert all(f"{r} — " in comment.split("остальные — без клана", 1)[0] for r in CLAN_ROLES)
    assert "DECISIONS.md — документе правил проекта, который в репозиторий не входит" in comment
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    assert ("допустимые значения `role` игрока (`clan1.boss` … `civilian`) с русскими названиями ролей — "
            "в комментарии к `[[player]]`") in readme


def test_init_says_how_to_start_again_with_a_new_database(tmp_path):
    """A short roster: init's warning says exactly how to start with a new database (the
    ``database`` setting, the file, the command to run again), and init run again on the same
    database still refuses, naming it."""
    from pathlib import Path

    config = tmp_path / "game.toml"
    text = (Path(__file__).resolve().parent.parent / "config.example.toml").read_text(encoding="utf-8")
    config.write_text(text.replace('kind = "smtp"', 'kind = "folder"\npath = "outbox"'), encoding="utf-8")
    out = CliRunner().invoke(main, ["--config", str(config), "init"],
                             env={"COLUMNS": "200", "MAFIA_MAIL_NOW": "2026-12-07T12:00:00+03:00"})
    assert out.exit_code == 0, out.output
    assert ("для настоящей игры впишите всех игроков и начните с новой базой: в разделе [game] задайте "
            f"в database другое имя (сейчас — {tmp_path / 'game.db'}) или удалите этот файл, затем снова "
            f"mafia-mail --config {config} init.\n") in out.output
    again = CliRunner().invoke(main, ["--config", str(config), "init"])
    assert again.exit_code != 0 and "игра уже создана в этой базе" in again.output
