"""The golden sync: a fixed mailbox (the bundled demo Maildir plus hostile letters) synced,
the day closed, synced again; every letter row (state, day, moves, problems, notes) and every
answer queued (recipient, subject, body) must equal the snapshot in tests/golden/sync.json.

Refactors of the mail side keep this snapshot unchanged; a change of behaviour changes it on
purpose (regenerate with ``MAFIA_MAIL_GOLDEN=write`` and read the diff). Every time in it is
fixed by the test (receipt times in the Maildir names, ``now`` of each command), not the clock.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlmodel import select

from mailer.config import load_config
from mailer.demo import copy_demo
from mailer.store import Letter, Outgoing, Store, loads
from mailer.sync import sync
from mailer.day import close_day, init_game

GOLDEN = Path(__file__).resolve().parent / "golden" / "sync.json"
UTC = timezone.utc
START = datetime(2026, 12, 7, 16, 30, tzinfo=UTC)  # 19:30 Moscow, the demo's start
DEADLINE = START + timedelta(days=1)


def _letter(sender: str | None, body: str, *, msgid: str, extra: str = "", subject: str = "Ход") -> bytes:
    head = f"From: {sender}\r\n" if sender is not None else ""
    return (
        f"{head}To: host@example.org\r\nSubject: {subject}\r\nMessage-ID: <{msgid}>\r\n"
        f"Date: Mon, 07 Dec 2026 21:00:00 +0300\r\n{extra}MIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" + body
    ).encode("utf-8")


def _deliver(box: Path, n: int, raw: bytes, at: datetime) -> None:
    (box / "new" / f"{int(at.timestamp())}.M{900 + n}P1.golden").write_bytes(raw)


def _hostile(box: Path, own_id: str) -> None:
    """The hostile letters of day 1, each at a fixed receipt time."""
    demo_first = sorted((box / "new").iterdir())[0].read_bytes()
    h = START + timedelta(hours=3)
    letters = [
        demo_first,  # a second delivery of the demo's first letter: duplicate
        _letter("Карлсон <karlson@example.net>", "Я в отпуске до понедельника.", msgid="away@x",
                extra="Auto-Submitted: auto-replied\r\n"),
        _letter("Незнакомец <stranger@example.com>", "Линч: Бука", msgid="who@x"),
        _letter("Ведущий демо-игры <host@example.org>", "Проверка связи", msgid="self@x"),
        _letter("Ёжик <ezhik@example.com>", "Линч: Бука", msgid=own_id),
        _letter("ezhik@example.com, vishenka@example.org", "Линч: Бука", msgid="two@x"),
        _letter("Вишенка <vishenka@example.org>", "Линч: Бука", msgid="forged@x",
                extra="Authentication-Results: mx.example.org; dmarc=fail header.from=example.org\r\n"),
        _letter(None, "", msgid="empty@x"),
        _letter("Миралисса <miralissa@example.org>", "Линч: Ягуарчик", msgid="nocode@x"),
        _letter("Миралисса <miralissa@example.org>", "Пароль: черешня. Линч: Ягуарчик", msgid="code@x"),
        _letter("Ёжик <ezhik@example.com>", "Линч: Ягуарчик", msgid="reused@x"),
        _letter("Ёжик <ezhik@example.com>", "Передумал. Линч: Бублик", msgid="reused@x"),
    ]
    for n, raw in enumerate(letters):
        _deliver(box, n, raw, h + timedelta(minutes=n))
    # after day 1's deadline, before the host closes it: read in day 2
    _deliver(box, 50, _letter("Карлсон <karlson@example.net>", "Линч: Колобок", msgid="late@x"),
             DEADLINE + timedelta(minutes=2))


def _snapshot(store: Store, by_id: dict[int, str]) -> dict:
    with store.session() as s:
        letters = sorted(s.exec(select(Letter)).all(), key=lambda l: (l.received, l.key))
        out = [r for r in s.exec(select(Outgoing).order_by(Outgoing.id)).all()
               if r.kind in ("reply", "unknown_sender")]
        for l in letters:
            by_id.setdefault(l.id, l.key)
        return {
            "letters": [dict(key=l.key, state=l.state, nick=l.nick, from_addr=l.from_addr,
                             subject=l.subject, day=l.day, moves=loads(l.moves_json),
                             problems=loads(l.problems_json), skip=l.skip, cancel=l.cancel,
                             notes=loads(l.notes_json),
                             duplicate_of=by_id.get(l.duplicate_of) if l.duplicate_of else None)
                        for l in letters],
            "replies": [dict(ref=r.ref, kind=r.kind, to_addr=r.to_addr, subject=r.subject, day=r.day,
                             body=r.body, headers=loads(r.headers_json)) for r in out],
        }


def _run(tmp_path: Path) -> dict:
    path = copy_demo(tmp_path / "game")
    text = path.read_text(encoding="utf-8").replace("require_code = false", "require_code = true")
    text = text.replace('nick = "Миралисса"', 'nick = "Миралисса"\ncode = "черешня"')
    path.write_text(text, encoding="utf-8")
    cfg = load_config(path)
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(minutes=5), event="none")
        with store.session() as s:  # the game's own role letter to Ёжик, as queued
            own_id = s.exec(select(Outgoing).where(Outgoing.ref == "role:Ёжик")).one().message_id
        _hostile(cfg.mailbox.path, own_id)
        by_id: dict[int, str] = {}
        first = _snapshot_after(sync(cfg, store, now=DEADLINE + timedelta(minutes=5)), store, by_id)
        close_day(cfg, store, now=DEADLINE + timedelta(minutes=10))
        with store.session() as s:  # a player pastes the game's answer to him, unquoted
            answer = s.exec(select(Outgoing).where(Outgoing.kind == "reply",
                                                   Outgoing.to_nick == "Бука")).first().body
        _deliver(cfg.mailbox.path, 60, _letter("Бука <buka@example.net>", "Линч: Колобок\n\n" + answer,
                                               msgid="pasted@x"), DEADLINE + timedelta(minutes=12))
        second = _snapshot_after(sync(cfg, store, now=DEADLINE + timedelta(minutes=15)), store, by_id)
        return {"after_sync": first, "after_close_and_sync": second}
    finally:
        store.dispose()


def _snapshot_after(report, store: Store, by_id: dict[int, str]) -> dict:
    return {"report": dict(fetched=report.fetched, processed=report.processed,
                           states=dict(sorted(report.states.items())), attention=report.attention)} \
        | _snapshot(store, by_id)


def test_sync_of_a_fixed_mailbox_gives_the_snapshot(tmp_path):
    got = _run(tmp_path)
    if os.environ.get("MAFIA_MAIL_GOLDEN") == "write":
        GOLDEN.write_text(json.dumps(got, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                          encoding="utf-8")
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert got["after_sync"] == want["after_sync"]
    assert got["after_close_and_sync"] == want["after_close_and_sync"]
