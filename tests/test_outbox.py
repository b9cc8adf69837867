"""The outbox: deterministic Message-IDs, idempotent queuing, exact preview, at-most-once send."""

from __future__ import annotations

import email
from datetime import datetime, timezone
from email import policy
from pathlib import Path

import pytest

from mailer.config import load_config
from mailer.outbox import build_message, message_id_for, queue, send_all
from mailer.store import Store
from e2e_config import folder_sections

NOW = datetime(2026, 12, 8, 17, 0, tzinfo=timezone.utc)

CONFIG = """\
[game]
name = "Тест"
start = "2026-12-07 19:30"
seed = 1
database = "g.db"
[[player]]
nick = "Маруська"
email = "m@example.org"
""" + folder_sections()


@pytest.fixture
def game(tmp_path: Path, database_url):
    """The game on a SQLite file and on PostgreSQL (every test using it runs on both)."""
    path = tmp_path / "game.toml"
    path.write_text(CONFIG.replace('database = "g.db"', f'database = "{database_url}"'), encoding="utf-8")
    cfg = load_config(path)
    assert cfg.database_url == database_url
    store = Store(cfg.database_url)
    yield cfg, store
    store.dispose()


def test_message_id_is_deterministic_and_in_host_domain():
    a = message_id_for("Игра", 1, "reply:x", "Ведущий <host@example.org>")
    assert a == message_id_for("Игра", 1, "reply:x", "host@example.org")
    assert a.endswith("@example.org") and a.startswith("mm-")
    assert a != message_id_for("Игра", 1, "reply:y", "host@example.org")


def test_queue_twice_is_one_row(game):
    cfg, store = game
    for _ in range(2):
        with store.session() as s:
            queue(s, cfg, ref="reply:abc@x", kind="reply", to_addr="m@example.org", to_nick="Маруська",
                  subject="Re: Ход", body="Принято: лечение Буки.", now=NOW, in_reply_to="abc@x",
                  references=["root@x"], auto_submitted="auto-replied")
    with store.session() as s:
        rows = store.outgoing(s)
    assert len(rows) == 1
    msg = build_message(cfg, rows[0])
    assert msg["In-Reply-To"] == "<abc@x>"
    assert msg["References"] == "<root@x> <abc@x>"
    assert msg["Auto-Submitted"] == "auto-replied"
    assert msg["Subject"] == "Re: Ход"
    assert msg.get_content() == "Принято: лечение Буки.\n"
    assert msg["Date"] == "Tue, 08 Dec 2026 20:00:00 +0300"  # 17:00 UTC in the game's zone (Moscow)


def test_send_to_folder_once_then_nothing(game):
    cfg, store = game
    with store.session() as s:
        for i in range(3):
            queue(s, cfg, ref=f"r{i}", kind="result", to_addr="m@example.org", to_nick="Маруська",
                  subject=f"Итоги {i}", body=f"Текст {i}", now=NOW)
    first = send_all(cfg, store, now=NOW)
    second = send_all(cfg, store, now=NOW)
    assert (first.sent, second.sent) == (3, 0)
    files = sorted(cfg.send.path.glob("*.eml"))
    assert len(files) == 3
    parsed = email.message_from_bytes(files[0].read_bytes(), policy=policy.default)
    assert parsed["To"] == "Маруська <m@example.org>"
    assert parsed.get_content().startswith("Текст")
    with store.session() as s:
        assert {r.state for r in store.outgoing(s)} == {"sent"}


def test_interrupted_send_becomes_uncertain_not_resent(game):
    cfg, store = game
    with store.session() as s:
        row = queue(s, cfg, ref="r", kind="result", to_addr="m@example.org", subject="x", body="y", now=NOW)
        row.state = "sending"  # as a crash in the middle of the SMTP dialogue leaves it
        s.add(row)
    rep = send_all(cfg, store, now=NOW)
    assert (rep.sent, rep.uncertain) == (0, 1)
    assert not cfg.send.path.exists() or list(cfg.send.path.glob("*.eml")) == []
    rep = send_all(cfg, store, now=NOW, retry_uncertain=True)
    assert (rep.sent, rep.uncertain) == (1, 0)


def test_host_queue_tools_without_click(game):
    """``outbox``, ``preview`` and ``edit`` are library calls (mailer.outgoing): the queue
    listed, a letter shown as sent, its text corrected once queued and refused once sent."""
    from mailer.day import GameError
    from mailer.outgoing import edit_letter, letter_body, outbox_rows, preview

    cfg, store = game
    with store.session() as s:
        for i in range(2):
            queue(s, cfg, ref=f"r{i}", kind="result", to_addr="m@example.org", to_nick="Маруська",
                  subject=f"Итоги {i}", body=f"Текст {i}", now=NOW)
    first, second = outbox_rows(store)
    assert [first.subject, second.subject] == ["Итоги 0", "Итоги 1"]
    shown = preview(cfg, store, first.id)
    assert [p.id for p in shown] == [first.id] and shown[0].state == "queued"
    assert shown[0].text == "Текст 0"
    headers = dict(shown[0].headers)
    assert headers["Subject"] == "Итоги 0" and headers["To"] == "Маруська <m@example.org>"
    assert not {"Content-Type", "MIME-Version", "Content-Transfer-Encoding"} & set(headers)
    assert [p.id for p in preview(cfg, store)] == [first.id, second.id]
    assert letter_body(store, first.id) == "Текст 0"
    assert edit_letter(store, first.id, "Текст 0") is False  # the same text: nothing written
    assert edit_letter(store, first.id, "Исправленный текст") is True
    assert preview(cfg, store, first.id)[0].text == "Исправленный текст"
    send_all(cfg, store, now=NOW)
    assert outbox_rows(store) == [] and len(outbox_rows(store, show_all=True)) == 2
    assert preview(cfg, store) == []
    with pytest.raises(GameError, match=fr"письмо {first.id} уже не в очереди \(отправлено\)"):
        edit_letter(store, first.id, "Поздно")
    with pytest.raises(GameError, match=fr"письмо {first.id} уже не в очереди \(отправлено\)"):
        letter_body(store, first.id)
    with pytest.raises(GameError, match="письма 999 нет в очереди"):
        preview(cfg, store, 999)


def test_drop_takes_a_letter_off_the_queue_once_and_never_a_sent_one(game):
    """``drop`` (mailer.outgoing.drop_letters): a queued letter is not sent and never queued
    again under its ref; a second drop says it was dropped before; a sent letter is refused
    with the reason in Russian and nothing of that call is dropped."""
    from mailer.day import GameError
    from mailer.outgoing import drop_letters, edit_letter, outbox_rows

    cfg, store = game
    with store.session() as s:
        ids = [queue(s, cfg, ref=f"r{i}", kind="result", to_addr="m@example.org", to_nick="Маруська",
                     subject=f"Итоги {i}", body=f"Текст {i}", now=NOW).id for i in range(3)]
    first = drop_letters(store, [ids[0]])
    assert (first.dropped, first.before) == ([ids[0]], [])
    again = drop_letters(store, [ids[0], ids[1]])
    assert (again.dropped, again.before) == ([ids[1]], [ids[0]])
    assert [r.id for r in outbox_rows(store)] == [ids[2]]
    with store.session() as s:
        queue(s, cfg, ref="r0", kind="result", to_addr="m@example.org", subject="Итоги 0", body="Текст 0", now=NOW)
    assert [r.id for r in outbox_rows(store)] == [ids[2]]  # the dropped ref is not queued again
    with pytest.raises(GameError, match=fr"письмо {ids[0]} уже не в очереди \(снято с очереди\)"):
        edit_letter(store, ids[0], "Поздно")
    assert send_all(cfg, store, now=NOW).sent == 1
    assert len(list(cfg.send.path.glob("*.eml"))) == 1
    with pytest.raises(GameError) as refused:
        drop_letters(store, [ids[2]])
    assert str(refused.value) == (f"письмо {ids[2]} уже отправлено: снять его с очереди нельзя, оно "
                                  "ушло к получателю; при необходимости напишите ему отдельно. "
                                  "Ничего не снято.")
    with pytest.raises(GameError) as missing:
        drop_letters(store, [999])
    assert str(missing.value) == "письма 999 нет (номера — в mafia-mail outbox --all). Ничего не снято."
    states = {r.id: r.state for r in outbox_rows(store, show_all=True)}
    assert states == {ids[0]: "dropped", ids[1]: "dropped", ids[2]: "sent"}


def test_drop_command_tells_the_host(game):
    """``mafia-mail drop`` prints what it took off the queue and refuses a sent letter (exit 1)."""
    from click.testing import CliRunner

    from mailer.cli import main

    cfg, store = game
    with store.session() as s:
        a = queue(s, cfg, ref="a", kind="result", to_addr="m@example.org", subject="x", body="y", now=NOW).id
        b = queue(s, cfg, ref="b", kind="result", to_addr="m@example.org", subject="x", body="y", now=NOW).id
    run = lambda *args: CliRunner().invoke(main, ["--config", str(cfg.path), *args])  # noqa: E731
    out = run("drop", str(a))
    assert out.exit_code == 0 and out.output == f"Снято с очереди (1):\n  {a}  m@example.org  x\n"
    out = run("drop", str(a))
    assert out.exit_code == 0 and out.output == f"Уже были сняты с очереди раньше: {a}.\n"
    assert "снято с очереди" in run("outbox", "--all").output
    assert run("send").exit_code == 0
    out = run("drop", str(b))
    assert out.exit_code == 1 and f"Ошибка: письмо {b} уже отправлено: снять его с очереди нельзя" in out.output


def test_two_databases_of_one_config_never_share_a_message_id(tmp_path):
    """A rehearsal and the real game from the same config (name, seed, roster) give every
    letter its own Message-ID: mail services drop a second letter under a known id. Within
    one database the id of a letter stays the one it was queued with."""
    from mailer.day import init_game
    from mailer.store import Game

    ids = []
    for n in (1, 2):
        path = tmp_path / f"game{n}.toml"
        path.write_text(CONFIG.replace('database = "g.db"', f'database = "g{n}.db"'), encoding="utf-8")
        cfg = load_config(path)
        store = Store(cfg.database_url)
        try:
            init_game(cfg, store, now=NOW, event="none")
            with store.session() as s:
                key = s.get(Game, 1).key
                roles = {r.ref: r.message_id for r in store.outgoing(s) if r.kind == "role"}
            assert len(key) == 16 and roles
            assert all(mid == message_id_for(cfg.name, cfg.seed, ref, cfg.send.from_addr, key)
                       for ref, mid in roles.items())
            ids.append(roles)
        finally:
            store.dispose()
    assert ids[0].keys() == ids[1].keys()
    assert not set(ids[0].values()) & set(ids[1].values())


def test_date_header_in_the_games_zone(tmp_path):
    """Date: is the queuing moment in the game's ``timezone`` with its offset (RFC 5322), not UTC."""
    from email.utils import parsedate_to_datetime

    from mailer.config import load_config

    (tmp_path / "g.toml").write_text(
        '[game]\nname = "Зона"\ntimezone = "Asia/Yekaterinburg"\nstart = "2026-12-07 19:30"\n'
        'seed = 1\ndatabase = "g.db"\n[[player]]\nnick = "А"\nemail = "a@example.org"\n'
        + folder_sections("host@example.org"), encoding="utf-8")
    cfg = load_config(tmp_path / "g.toml")
    store = Store(cfg.database_url)
    with store.session() as s:
        queue(s, cfg, ref="r", kind="result", to_addr="a@example.org", to_nick="А",
              subject="Итоги", body="Текст", now=NOW)
    with store.session() as s:
        msg = build_message(cfg, store.outgoing(s)[0])
    assert msg["Date"] == "Tue, 08 Dec 2026 22:00:00 +0500"
    assert parsedate_to_datetime(msg["Date"]) == NOW
    store.dispose()
