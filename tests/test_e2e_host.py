"""A five-day game hosted through the CLI on a real Dovecot and a real SMTP server (issue 12):
an early close, a late close, a reopened and corrected day, imports with bad lines, and the
final newspaper and letters. No letter is lost at a day boundary.

Ten players: clan1 (boss, thief, guard, indian) and six civilians. The town lynches a clan
member on days 1–3 and 5 (a plain civilian on day 4, by imported votes), nobody kills at
night, so the civilians win on day 5.
"""

from __future__ import annotations

import email
import json
import subprocess
from datetime import datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from e2e_config import run_cli, server_sections
from engine.calendar import day_window

MSK = ZoneInfo("Europe/Moscow")
START = datetime(2026, 10, 5, 19, 30, tzinfo=MSK)  # a Monday in the past (Dovecot dates)
HOST_ADDR = "host@example.org"
ROLES = {
    "Alpha": "clan1.boss", "Bravo": "clan1.thief", "Xray": "clan1.guard", "Yankee": "clan1.indian",
    "Charlie": "detective", "Delta": "doctor", "Echo": "civilian", "Foxtrot": "civilian",
    "Golf": "civilian", "Hotel": "civilian",
}
EMAIL = {n: f"{n.lower()}@example.net" for n in ROLES}


def window(day: int) -> tuple[datetime, datetime]:
    return day_window(START, "Europe/Moscow", day, False)


class Host:
    """``mafia-mail`` (in this process, :func:`e2e_config.run_cli`) with a forced clock."""

    def __init__(self, config: Path, password: str):
        self.config, self.password = config, password

    def __call__(self, *args: str, now: datetime, code: int | None = 0) -> subprocess.CompletedProcess:
        env = dict(MAFIA_MAIL_CONFIG=str(self.config), MAFIA_MAIL_NOW=now.isoformat(),
                   E2E_IMAP_PASSWORD=self.password, COLUMNS="200")
        proc = run_cli(args, env)
        if code is not None and proc.returncode != code:
            raise AssertionError(f"mafia-mail {' '.join(args)}: {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
        return proc

    def db(self):
        from mailer.config import load_config
        from mailer.store import Store

        cfg = load_config(self.config)
        return cfg, Store(cfg.database_url)

    def read(self, fn):
        cfg, store = self.db()
        try:
            with store.session() as s:
                return fn(s, store)
        finally:
            store.dispose()


def deliver(dovecot, items: list[tuple[str, datetime, str, str]]) -> None:
    """Append (sender, receipt time, body, serial) letters to the host's INBOX."""
    client = dovecot.client()
    try:
        for nick, at, body, serial in items:
            msg = EmailMessage()
            msg["From"] = f"{nick} <{EMAIL[nick]}>"
            msg["To"] = f"Ведущий <{HOST_ADDR}>"
            msg["Subject"] = "Ход"
            msg["Date"] = format_datetime(at)
            msg["Message-ID"] = f"<host5.{serial}@example.net>"
            msg.set_content(body)
            client.append("INBOX", msg.as_bytes(policy=policy.SMTP), msg_time=at)
    finally:
        client.logout()


def votes(voters, target: str, at: datetime, day: int) -> list[tuple[str, datetime, str, str]]:
    return [(v, at + timedelta(minutes=k), f"Линч: {target}", f"{day}.{v}") for k, v in enumerate(voters)]


def letter(s, store, serial: str):
    from mailer.store import Letter
    from sqlmodel import select

    return s.exec(select(Letter).where(Letter.message_id == f"host5.{serial}@example.net")).one()


def reply_to(s, store, serial: str) -> str:
    return next(o.body for o in store.outgoing(s) if o.ref == f"reply:host5.{serial}@example.net")


def result(s, store, day: int) -> dict:
    from mailer.store import DayRow

    return json.loads(s.get(DayRow, day).result_json)


def deadline(s, store, day: int) -> datetime:
    from mailer.store import DayRow, utc

    return utc(s.get(DayRow, day).deadline)


@pytest.mark.e2e
def test_five_days_hosted_without_losing_a_letter(tmp_path, dovecot, smtp_server):
    players = "".join(f'\n[[player]]\nnick = "{n}"\nemail = "{EMAIL[n]}"\nrole = "{r}"\n'
                      for n, r in ROLES.items())
    config = tmp_path / "game.toml"
    config.write_text(f"""[game]
name = "Пять дней"
timezone = "Europe/Moscow"
start = "{START:%Y-%m-%d %H:%M}"
weekend_merge = false
seed = 12
database = "game.db"
{players}
""" + server_sections(dovecot, smtp_server, f"Ведущий <{HOST_ADDR}>"), encoding="utf-8")
    host = Host(config, dovecot.password)
    everyone = list(ROLES)
    opened = host("init", "--event", "none", now=START - timedelta(hours=1)).stdout
    assert "День 1 открыт, срок " in opened  # the host sees the day (no «событие «без события»»)
    host("send", now=START - timedelta(minutes=50))

    # --- day 1: closed early; a letter after the early close is day 2's, judged by its deadline
    s1, e1 = window(1)
    deliver(dovecot, votes(everyone, "Bravo", s1 + timedelta(hours=1), 1))
    host("sync", now=s1 + timedelta(hours=2))
    # the night moves are not sent: the early close warns and is confirmed by --yes
    closed1 = host("close-day", "--early", "--yes", now=s1 + timedelta(hours=3))
    assert "нет ночного хода у 5 игроков: Alpha, Bravo, Xray, Charlie, Delta" in closed1.stderr
    deliver(dovecot, [("Echo", s1 + timedelta(hours=4), "Линч: Xray", "2.Echo")])
    host("sync", now=s1 + timedelta(hours=5))
    echo = host.read(lambda s, st: (letter(s, st, "2.Echo").state, letter(s, st, "2.Echo").day,
                                    reply_to(s, st, "2.Echo")))
    assert echo[:2] == ("applied", 2)
    assert "Принято (день 2)" in echo[2] and "после итогов" not in echo[2]
    assert host.read(lambda s, st: result(s, st, 1))["lynched"] == ["Bravo"]

    # --- day 2: a letter after its deadline waits; the day is closed late (after day 3's end)
    s2, e2 = window(2)
    alive2 = [n for n in everyone if n not in ("Bravo", "Echo")]
    deliver(dovecot, votes(alive2, "Xray", s2 + timedelta(hours=1), 2))
    deliver(dovecot, [("Foxtrot", e2 + timedelta(minutes=1), "Линч: Yankee", "3.Foxtrot")])  # 19:31
    host("sync", now=e2 + timedelta(minutes=30))
    assert host.read(lambda s, st: letter(s, st, "3.Foxtrot").state) == "pending"
    late_close = window(3)[1] + timedelta(hours=2)
    closed = host("close-day", now=late_close).stdout
    assert host.read(lambda s, st: result(s, st, 2))["lynched"] == ["Xray"]
    assert host.read(lambda s, st: deadline(s, st, 3)) == window(4)[1]  # the next end ahead
    assert "Приём ходов — до 09.10.2026 19:30" in closed
    host("sync", now=late_close + timedelta(minutes=5))
    fox = host.read(lambda s, st: (letter(s, st, "3.Foxtrot").state, letter(s, st, "3.Foxtrot").day,
                                   reply_to(s, st, "3.Foxtrot")))
    assert fox[:2] == ("applied", 3)
    assert "Письмо пришло после срока дня 2 — 07.10.2026 19:30 (МСК), то есть в срок дня 3: " \
           "ходы из него засчитаны в день 3." in fox[2]

    # --- day 3: closed, sent, reopened, corrected by an import, closed again
    alive3 = [n for n in alive2 if n not in ("Xray", "Foxtrot")]
    deliver(dovecot, votes(alive3, "Yankee", late_close + timedelta(minutes=30), 3))
    host("sync", now=late_close + timedelta(hours=1))
    close3 = window(4)[1] + timedelta(minutes=5)
    host("close-day", now=close3)
    host("send", now=close3 + timedelta(minutes=1))
    reopened = host("reopen-day", "3", "--yes", now=close3 + timedelta(minutes=2)).stdout
    assert "] Итоги дня 3" in reopened
    fix = tmp_path / "fix.csv"
    fix.write_text("Golf,Yankee\n", encoding="utf-8")
    host("votes", "import", str(fix), now=close3 + timedelta(minutes=3))
    host("close-day", now=close3 + timedelta(minutes=4))
    host("send", now=close3 + timedelta(minutes=5))
    corrected = host.read(lambda s, st: [o for o in st.outgoing(s) if o.kind == "result" and o.day == 3
                                         and o.subject.endswith("(исправлено)")])
    # only Golf's letter changed (his imported vote; Yankee is lynched as before): the other
    # players already have their results word for word and get no second copy
    assert [o.to_nick for o in corrected] == ["Golf"]
    assert all(o.body.startswith("Исправленные итоги дня 3: это письмо заменяет прежнее") for o in corrected)
    assert host.read(lambda s, st: result(s, st, 3))["lynched"] == ["Yankee"]

    # --- day 4: imports with bad lines: refused whole, then loaded with --skip-bad
    alive4 = [n for n in alive3 if n != "Yankee"]
    now4 = close3 + timedelta(hours=1)
    posts = tmp_path / "posts.txt"
    posts.write_text("Golf: раз два три\nНезнакомец: всем привет\n", encoding="utf-8")
    bad_posts = host("posts", "import", str(posts), now=now4, code=1)
    assert "строка 2: нет такого игрока «Незнакомец»" in bad_posts.stderr
    tally = tmp_path / "tally.csv"
    tally.write_text("".join(f"{v},Golf\n" for v in alive4 if v != "Golf") + "Golf,Hotel\nКто-то,Golf\n",
                     encoding="utf-8")
    bad = host("votes", "import", str(tally), now=now4, code=1)
    assert f"строка {len(alive4) + 1}: не понял «Кто-то,Golf»" in bad.stderr
    assert "ничего не загружено" in bad.stderr
    assert host.read(lambda s, st: _imported(s)) == set()
    skipped = host("votes", "import", "--skip-bad", str(tally), now=now4, code=1)
    assert f"Голосов загружено: {len(alive4)}" in skipped.stdout
    host("close-day", now=window(5)[1] + timedelta(minutes=5))
    assert host.read(lambda s, st: result(s, st, 4))["lynched"] == ["Golf"]

    # --- day 5: the last clan member is hanged: the end told to everybody
    alive5 = [n for n in alive4 if n != "Golf"]
    s5 = window(5)[1] + timedelta(minutes=10)
    deliver(dovecot, votes(alive5, "Alpha", s5, 5))
    host("sync", now=s5 + timedelta(hours=1))
    final = host("close-day", now=window(6)[1] + timedelta(minutes=5)).stdout
    assert "ИГРА ОКОНЧЕНА. Победа: мирные." in final
    assert "Bravo    Вор (Клан 1)" in final and "Yankee   Индеец (Клан 1)" in final
    for day, lynched in ((1, "Bravo"), (2, "Xray"), (3, "Yankee"), (4, "Golf"), (5, "Alpha")):
        assert any(line.split()[:1] == [str(day)] and lynched in line for line in final.splitlines()), final
    assert all(len(line) <= 80 for line in final.splitlines())
    host("send", now=window(6)[1] + timedelta(minutes=10))
    finals = [email.message_from_bytes(m.data, policy=policy.default) for m in smtp_server.messages]
    finals = [m for m in finals if m["Subject"] == "[Пять дней] Игра окончена"]
    assert sorted(m["To"].addresses[0].addr_spec for m in finals) == sorted(EMAIL.values())
    # nothing was lost: every letter a player sent was applied to a day
    states = host.read(lambda s, st: {l.message_id: (l.state, l.day) for l in st.letters(s)})
    assert all(state == "applied" for state, _day in states.values()), states


def _imported(s) -> set[str]:
    from mailer.store import DayInput
    from sqlmodel import select

    return {i.nick for i in s.exec(select(DayInput).where(DayInput.day == 4, DayInput.kind == "vote"))}
