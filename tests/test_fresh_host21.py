"""What a new host found trying the product from the README (twenty-first session): ``outbox
--all`` said «снято с очереди» without saying why; ``explain`` left out a player who sent
nothing and owed only a vote; the valid roles were listed nowhere a host reads; ``init``'s
«начните с новой базой» did not say how."""

from __future__ import annotations

from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main
from test_sync import START, Game, letter


def _outbox(g) -> str:
    out = CliRunner().invoke(main, ["--config", str(g.cfg.path), "outbox", "--all"], env={"COLUMNS": "250"})
    assert out.exit_code == 0, out.output
    return " ".join(out.output.split())


def test_outbox_all_says_why_a_reply_was_taken_off_the_queue(tmp_path):
    """A reply held back because the reply to the player's next letter stands for both says
    so, naming that letter; a reply the host dropped himself (``drop``) says no reason."""
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
        assert f"снято с очереди: ответ на следующее письмо {later} стоит и за это" in listed
        dropped = CliRunner().invoke(main, ["--config", str(g.cfg.path), "drop", str(got["reply:c@x"].id)])
        assert dropped.exit_code == 0, dropped.output
        assert listed.count("снято с очереди") == 1
        assert _outbox(g).count("снято с очереди:") == 1  # the host's own drop: no reason given
        assert _outbox(g).count("снято с очереди") == 2
    finally:
        g.store.dispose()
