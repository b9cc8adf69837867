"""One whole game day by e-mail through the CLI, against a real Dovecot and a real SMTP server.

The day is the bundled demo day (mailer/demo: 24 players, 26 letters with their receipt
times); its expected outcome is worked out by hand in mailer/demo/README.md.
"""

from __future__ import annotations

import email
import subprocess
import tomllib
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from email import policy
from importlib import resources
from pathlib import Path

import pytest
from e2e_config import run_cli, server_sections

DEMO = Path(str(resources.files("mailer") / "demo"))
# Dovecot stores an APPEND date from the future as "now", so the demo day is moved five weeks
# back (same weekdays, Moscow has no DST): day 1 is 2026-11-02 19:30 → 2026-11-03 19:30.
SHIFT = timedelta(days=35)
DEADLINE_PASSED = "2026-11-03T19:45:00+03:00"


def _config(tmp_path: Path, imap, smtp, database_url: str | None = None) -> Path:
    text = (DEMO / "game.toml").read_text(encoding="utf-8")
    head, _, _ = text.partition("[mailbox]")
    if database_url:
        assert 'database = "game.db"' in head
        head = head.replace('database = "game.db"', f'database = "{database_url}"')
    head = head.replace('name = "Мафия: демо"', 'name = "Мафия: проверка"')
    head = head.replace('start = "2026-12-07 19:30"', 'start = "2026-11-02 19:30"')
    text = head + server_sections(imap, smtp)
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _cli(config: Path, *args: str, now: str, check: bool = True, password: str = "") -> subprocess.CompletedProcess:
    """``mafia-mail *args`` with the clock at ``now`` (in this process: :func:`e2e_config.run_cli`)."""
    env = dict(MAFIA_MAIL_CONFIG=str(config), MAFIA_MAIL_NOW=now, E2E_IMAP_PASSWORD=password, COLUMNS="200")
    proc = run_cli(args, env)
    if check and proc.returncode != 0:
        raise AssertionError(f"mafia-mail {' '.join(args)} failed:\n{proc.stdout}\n{proc.stderr}")
    return proc


def _letters_by_recipient(smtp) -> dict[str, list[email.message.EmailMessage]]:
    out: dict[str, list] = defaultdict(list)
    for m in smtp.messages:
        msg = email.message_from_bytes(m.data, policy=policy.default)
        for rcpt in m.rcpt_tos:
            out[rcpt.lower()].append(msg)
    return out


def _body(msg) -> str:
    return msg.get_body(("plain",)).get_content()


@pytest.mark.e2e
def test_one_game_day_by_mail(tmp_path, dovecot, smtp_server, database_url):
    """The whole day through the CLI, the game kept in a SQLite file and in PostgreSQL."""
    for path in sorted((DEMO / "maildir" / "new").iterdir()):
        when = datetime.fromtimestamp(int(path.name.split(".")[0]), tz=timezone.utc)
        dovecot.append(path.read_bytes(), when=when - SHIFT)
    config = _config(tmp_path, dovecot, smtp_server, database_url)
    pw = dovecot.password

    _cli(config, "init", "--event", "none", now="2026-11-02T19:00:00+03:00", password=pw)
    sync = _cli(config, "sync", now=DEADLINE_PASSED, password=pw)
    assert "Новых писем: 26" in sync.stdout
    again = _cli(config, "sync", now=DEADLINE_PASSED, password=pw)
    assert "Новых писем: 0; обработано: 0." in again.stdout

    early = _cli(config, "close-day", now="2026-11-03T19:30:30+03:00", check=False, password=pw)
    assert early.returncode != 0 and "ещё не прошёл" in early.stderr

    closed = _cli(config, "close-day", now=DEADLINE_PASSED, password=pw)
    paper = closed.stdout
    assert "Ромашка, Вор (Клан 2) — повешена\n" in paper  # the demo config gives each gender
    assert "Тортилла, Индеец (Клан 2) — убита мирной охотой\n" in paper
    assert "Шершень, Охранник (Клан 1) — убит ночью\n" in paper
    assert _cli(config, "close-day", now=DEADLINE_PASSED, check=False, password=pw).returncode != 0
    # the letter received after the deadline waited for day 2: close-day read it as soon as
    # day 2 opened, so the next sync has nothing left to read
    assert "Прочитано писем, ждавших день 2: 1." in paper
    assert "Новых писем: 0; обработано: 0." in _cli(config, "sync", now=DEADLINE_PASSED, password=pw).stdout

    sent = _cli(config, "send", now=DEADLINE_PASSED, password=pw)
    assert "не отправлено: 0" in sent.stdout
    count = len(smtp_server.messages)
    # 24 role letters + 22 replies to players (Darkwing's and Незабудка's two letters each came
    # in one sync: the reply to the later one stands for both, the earlier one is held back,
    # mailer/reply_context) + the late letter's reply (read in day 2: the notice that it belongs
    # to day 2, not sent yet, was taken off the queue) + 1 to the unknown address + 24 result
    # letters (everybody was alive at the start of the day)
    assert count == 24 + 22 + 1 + 1 + 24
    both = [m for m in smtp_server.messages if "отдельного ответа на него не будет" in
            _body(email.message_from_bytes(m.data, policy=policy.default))]
    assert sorted(m.rcpt_tos[0] for m in both) == ["darkwing@example.net", "nezabudka@example.com"]
    assert "Отправлено: 0" in _cli(config, "send", now=DEADLINE_PASSED, password=pw).stdout
    assert len(smtp_server.messages) == count

    inbox = _letters_by_recipient(smtp_server)
    # every player got exactly: role letter, result letter, one reply per letter he sent
    players = tomllib.loads((DEMO / "game.toml").read_text(encoding="utf-8"))["player"]
    primary = [(p.get("email") or p["emails"][0]).lower() for p in players]
    results = {addr: [m for m in msgs if m["Subject"] == "[Мафия: проверка] Итоги дня 1"] for addr, msgs in inbox.items()}
    assert sorted(a for a, v in results.items() if v) == sorted(primary)
    assert all(len(results[a]) == 1 for a in primary)
    roles = [m for msgs in inbox.values() for m in msgs if m["Subject"] == "[Мафия: проверка] Ваша роль"]
    assert sorted(m["To"].addresses[0].addr_spec for m in roles) == sorted(primary)
    marusya = _body(results["marusya@example.org"][0])
    assert "Проверка: Ягуарчик — мафия." in marusya
    assert "Проверка босса: Штирлиц — ролевой мирный." in _body(results["jaguar@example.org"][0])
    assert "Проверка босса: Бублик — внебрачный сын Босса." in _body(results["behemoth@example.com"][0])
    assert "Ягуарчик" in _body(results["sovushka@example.com"][0])
    assert "Вас убили ночью. Спасибо за игру!" in _body(results["shershen@example.com"][0])
    # the son is never told by the boss's check
    assert "сын" not in _body(results["bublik@example.net"][0])
    # the late letter got a reply saying so, the unknown address a polite refusal
    late = [m for m in inbox["pchelka@example.com"] if m["Subject"].startswith("Re:") and "после срока" in _body(m)]
    # the notice that it belongs to day 2 was not sent before close-day answered the letter:
    # it was taken off the queue, and only the reply goes out
    assert len(late) == 1
    assert "после срока дня 1 — 03.11.2026 19:30" in _body(late[0])
    # («лечу Шершня»: he died that night, so nothing of it counts: it belongs to day 2)
    assert "то есть в срок дня 2: оно относится ко дню 2" in _body(late[0]) and "Не принято" in _body(late[0])
    assert "засчитаны" not in _body(late[0])
    assert all(m["In-Reply-To"] and m["Auto-Submitted"] == "auto-replied" for m in late)
    unknown = inbox["kot.office@example.com"]
    assert len(unknown) == 1 and "нет в списке игроков" in _body(unknown[0])
    # nothing was marked or deleted on the server
    assert all(b"\\Seen" not in flags and b"\\Deleted" not in flags for flags in dovecot.flags().values())
