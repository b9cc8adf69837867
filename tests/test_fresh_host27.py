"""What a fresh user found hosting the demo game (twenty-sixth session, fixed in the
twenty-seventh): ``inbox`` and ``show`` called a letter that only took back a vote «ходы
приняты»; ``reopen-day`` changed the game without asking; ``deadline`` moved to an earlier
time did not say so."""

from __future__ import annotations

from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main as cli_main
from mailer.sync import sync
from test_sync import DEADLINE, START, Game, letter


def _cli(g: Game, *args: str, now=None, input: str | None = None):
    env = {"MAFIA_MAIL_NOW": now.isoformat()} if now is not None else None
    return CliRunner().invoke(cli_main, ["--config", str(g.root / "game.toml"), *args], env=env,
                              input=input, catch_exceptions=False)


# --- 1. a letter that only takes back a vote is told so in inbox and show ---------------------

def test_inbox_and_show_tell_a_letter_that_only_took_back_a_vote(tmp_path):
    """«Снимаю голос.» after a vote letter: its state stays «applied» (close-day reads the
    withdrawal; ``inbox --json`` keeps its state), but ``inbox`` and ``show`` say «голос снят»
    instead of «ходы приняты», and «снимать нечего» for one with no vote to take back."""
    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську. Голосую за Ягуарчика", msgid="w1@x"),
                  START + timedelta(hours=2))
        g.deliver(letter("buka@example.org", "Снимаю голос.", msgid="w2@x"), START + timedelta(hours=3))
        g.deliver(letter("serg@example.org", "Снимаю голос.", msgid="w3@x"), START + timedelta(hours=3))
        sync(g.cfg, g.store, now=START + timedelta(hours=4))
        ids = {r.message_id: r.id for r in g.rows()}
        listing = _cli(g, "inbox", now=START + timedelta(hours=4))
        shown = _cli(g, "show", str(ids["w2@x"]), now=START + timedelta(hours=4))
        nothing = _cli(g, "show", str(ids["w3@x"]), now=START + timedelta(hours=4))
        first = _cli(g, "show", str(ids["w1@x"]), now=START + timedelta(hours=4))
        rows = {r.message_id: r for r in g.rows()}
    finally:
        g.store.dispose()
    assert rows["w2@x"].state == rows["w3@x"].state == "applied"
    lines = {line.split()[0]: line for line in listing.output.splitlines() if line[:1].isdigit()}
    assert "голос снят" in lines[str(ids["w2@x"])] and "ходы приняты" not in lines[str(ids["w2@x"])]
    assert "снимать нечего" in lines[str(ids["w3@x"])]
    assert "ходы приняты" in lines[str(ids["w1@x"])]
    assert "Состояние: голос снят; день 1" in shown.output
    assert "Состояние: снимать нечего; день 1" in nothing.output
    assert "Состояние: ходы приняты; день 1" in first.output
