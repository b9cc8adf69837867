"""What a new user found trying the demo from the README (thirty-eighth session): a dead
player's result letter ran «…без намёков и советов.» into «Ваши ходы:» (or into the sign-off);
the notice to a letter after the deadline promised it «будет засчитано в день 2», though its
only move was refused once day 2 opened; ``explain`` said «нет голоса на линче» under a player
who sent nothing but not under one who sent a night move and no vote."""

from __future__ import annotations

import email
from email import policy

import pytest
from click.testing import CliRunner

from mailer.cli import main
from mailer.demo import run_demo


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The demo game, kept: its folder and its sent letters (To address, subject, body)."""
    folder = run_demo(str(tmp_path_factory.mktemp("demo38") / "demo"), echo=lambda _line: None)
    sent = []
    for path in sorted((folder / "outbox").iterdir()):
        msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        sent.append((str(msg["To"]), str(msg["Subject"]), msg.get_content()))
    return folder, sent


def _result(sent, address: str) -> str:
    [body] = [body for to, subject, body in sent if address in to and "Итоги дня 1" in subject]
    return body


def test_a_dead_players_result_letter_keeps_its_blank_lines(demo):
    _folder, sent = demo
    farewell = "Мёртвым можно только флудить по теме, без намёков и советов."
    hanged = _result(sent, "romashka@example.org")
    assert "Вас повесили на линче. Спасибо за игру! " + farewell + "\n\nВаши ходы:\n" in hanged
    # a dead player with no moves: the farewell, a blank line, the sign-off
    hunted = _result(sent, "tortilla@example.com")
    assert hunted.endswith("Вас убила мирная охота. Спасибо за игру! " + farewell + "\n\n— Ведущий\n")
    # near: a living player's letter is as before
    assert "\n\nВаши ходы:\n" in _result(sent, "pchelka@example.com")


def test_the_notice_to_a_late_letter_promises_no_move(demo):
    from mailer.config import load_config
    from mailer.store import Outgoing, Store

    folder, sent = demo
    # (the demo closes the day before sending: the notice, superseded by the reply, is not
    # sent but kept, «снято с очереди», in outbox --all)
    store = Store(load_config(folder / "game.toml").database_url)
    try:
        with store.session() as s:
            [notice] = [o.body for o in store.outgoing(s) if o.to_addr == "pchelka@example.com"
                        and "напишу после итогов дня 1" in o.body and o.state == "dropped"]
    finally:
        store.dispose()
    assert not any("напишу после итогов дня 1" in body for _to, _subject, body in sent)
    assert ("уже после срока дня 1 — 08.12.2026 19:30 (МСК). Оно относится ко дню 2: что я в нём "
            "понял и что из него принято, напишу после итогов дня 1.") in notice
    assert "засчитано" not in notice
    # the later reply says what came of it: the heal of a player killed that night is refused
    [reply] = [body for to, subject, body in sent
               if "pchelka@example.com" in to and "относится ко дню 2." in body]
    assert "Не принято:\n  - Игрок «Шершень» уже выбыл из игры" in reply


def test_explain_names_a_missing_vote_under_a_player_with_a_night_move(demo):
    folder, _sent = demo
    shown = CliRunner().invoke(main, ["--config", str(folder / "game.toml"), "explain"],
                               env={"MAFIA_MAIL_NOW": "2026-12-08T19:50+03:00"})
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    at = lines.index("  Штирлиц (Жулик) — письмо 13:")
    assert lines[at + 1].startswith("    • жульничество → Тортилла")
    assert lines[at + 2] == "    • нет голоса на линче"
    # near: a player who voted has no such line
    at = lines.index("  Маруська (Детектив) — письмо 3:")
    assert lines[at + 1:at + 3] == ["    • проверка → Ягуарчик — выполнено",
                                    "    • голос на линче → Ромашка — учтён"]
    assert lines[at + 3].startswith("  ") and not lines[at + 3].startswith("    ")
