"""A fresh host's findings (session 53's trial), fixed in session 53: the «Страх» chooser's
unclear answer, which comes after the deadline by design, is asked about in the day that waits
for it (it was put off to the next day as a late letter, and the day hung with no question)."""

from __future__ import annotations

from datetime import timedelta

from test_fresh_host25 import fear_demo


def _romashka(cfg, at, body: str, n: int) -> None:
    """A letter of Ромашка (the demo's most-voted player) with ``body``, delivered at ``at``."""
    box = cfg.path.parent / "maildir" / "new"
    (box / f"{int(at.timestamp())}.M53P{n}.fear").write_bytes(
        "From: Ромашка <romashka@example.org>\r\nTo: host@example.org\r\nSubject: Re: Страх\r\n"
        f"Message-ID: <fear53.{n}@example.org>\r\nDate: Mon, 07 Dec 2026 20:00:00 +0300\r\n"
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Transfer-Encoding: 8bit\r\n\r\n{body}".encode())


def test_an_unclear_fear_answer_after_the_deadline_is_asked_in_the_waiting_day(tmp_path):
    from sqlmodel import select

    from mailer.store import Letter, Outgoing, Store

    cfg, run, after = fear_demo(tmp_path)
    assert run(["close-day"]).exit_code == 3  # the day waits for Ромашка's choice
    _romashka(cfg, cfg.start + timedelta(days=1, minutes=20), "Выбираю Кирку.", 1)
    later = {**after, "MAFIA_MAIL_NOW": (cfg.start + timedelta(days=1, minutes=30)).isoformat()}
    assert run(["sync"], later).exit_code == 0
    store = Store(cfg.database_url)
    try:
        with store.session() as s:
            row = s.exec(select(Letter).where(Letter.message_id == "fear53.1@example.org")).one()
            reply = s.exec(select(Outgoing).where(Outgoing.kind == "reply", Outgoing.to_nick == "Ромашка")
                           .order_by(Outgoing.id.desc())).first()
        assert (row.day, row.state) == (1, "no_moves"), (row.day, row.state)
        assert reply is not None and "Кирку" in reply.body, reply.body
        assert "после срока" not in reply.body and "дню 2" not in reply.body, reply.body
    finally:
        store.dispose()
    # his answer to the question makes the choice, and the day closes with it
    _romashka(cfg, cfg.start + timedelta(days=1, minutes=40), "Бука", 2)
    last = {**after, "MAFIA_MAIL_NOW": (cfg.start + timedelta(days=1, minutes=50)).isoformat()}
    synced = run(["sync"], last)
    assert "«Страх»: выбор Ромашки — Бука" in " ".join(synced.output.split()), synced.output
    closed = run(["close-day"], last)
    assert closed.exit_code == 0 and "День 1 закрыт." in closed.output, closed.output
