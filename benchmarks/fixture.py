"""The benchmark mail fixture: a private Dovecot on loopback (tests/servers.py), mailboxes
filled with realistic letters (tests/letters.py), and game configs pointing at them.

Two ways to fill a mailbox:

- :func:`fill_maildir` writes the messages straight into the user's Maildir (``cur/``, file
  mtime = receipt time, ``,S=<size>`` in the name) before the first IMAP login; Dovecot indexes
  what it finds on the first SELECT. Fast: what the 10,000/50,000-letter boxes use.
- :func:`fill_append` does one IMAP APPEND per letter (INTERNALDATE = receipt time): how mail
  really arrives, used for the "10 new letters" of the incremental sync.

Both are timed by :func:`benchmarks.fill.run` and compared in the README.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from benchmarks.common import TESTS  # noqa: F401  (puts tests/ on sys.path)
from letters import mailbox, roster_24
from servers import DovecotServer, MailAccount

#: Seed of the roster and the letters of every benchmark mailbox.
SEED = 7
#: Password environment variable the generated configs name.
PASSWORD_ENV = "BENCH_IMAP_PASSWORD"
#: Game start (local, Europe/Moscow) = the first letter day of tests/letters.mailbox.
GAME_START = "2026-12-07 19:30"
INIT_NOW = "2026-12-07T19:00:00+03:00"
SYNC_NOW = "2026-12-08T12:00:00+03:00"


def start_dovecot() -> DovecotServer:
    """A private Dovecot in a fresh folder outside pytest's (its helpers must traverse it)."""
    root = Path(tempfile.mkdtemp(prefix="mafia-mail-bench-dovecot-"))
    return DovecotServer(root=root).start()


def stop_dovecot(server: DovecotServer) -> None:
    server.stop()
    shutil.rmtree(server.root, ignore_errors=True)


def maildir_of(server: DovecotServer, account: MailAccount) -> Path:
    """The INBOX Maildir of ``account`` (``mail_location = maildir:~/Maildir``)."""
    return server.root / "home" / account.user / "Maildir"


def letters(n: int, seed: int = SEED, skip: int = 0):
    """Letters ``skip`` … ``n - 1`` of the seeded stream: (received UTC, raw bytes)."""
    for i, item in enumerate(mailbox(n, roster_24(seed), seed)):
        if i >= skip:
            yield item


def fill_maildir(server: DovecotServer, account: MailAccount, items) -> int:
    """Write ``items`` ((received, raw) pairs) into the account's INBOX Maildir ``cur/``.

    Call before the account's first IMAP login: Dovecot then indexes the files itself. File
    names follow Dovecot's ``<time>.M<n>P<pid>.<host>,S=<size>:2,`` (no flags: unseen);
    mtime = receipt time, which Dovecot reports as INTERNALDATE. Files are owned by the mail
    user. Returns the number of files written.
    """
    root = maildir_of(server, account)
    for sub in ("cur", "new", "tmp"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    uid = gid = None
    if os.geteuid() == 0:
        st = (server.root / "home" / account.user).stat()
        uid, gid = st.st_uid, st.st_gid
    count = 0
    for when, raw in items:
        stamp = int(when.timestamp())
        path = root / "cur" / f"{stamp}.M{count}P{os.getpid()}.bench,S={len(raw)}:2,"
        path.write_bytes(raw)
        os.utime(path, (stamp, stamp))
        if uid is not None:
            os.chown(path, uid, gid)
        count += 1
    if uid is not None:
        for folder in [root, *(root / s for s in ("cur", "new", "tmp"))]:
            os.chown(folder, uid, gid)
    return count


def fill_append(account: MailAccount, items) -> int:
    """IMAP APPEND every (received, raw) pair to INBOX over ONE connection; returns the count."""
    client = account.client()
    count = 0
    try:
        for when, raw in items:
            client.append("INBOX", raw, msg_time=when)
            count += 1
    finally:
        client.logout()
    return count


def write_config(folder: Path, account: MailAccount, seed: int = SEED) -> Path:
    """A game config (24 players of ``roster_24(seed)``) reading ``account`` over plain IMAP.

    The database is ``folder/game.db``; replies go to ``folder/outbox`` (never sent).
    Returns the config path.
    """
    folder.mkdir(parents=True, exist_ok=True)
    lines = [
        "[game]", 'name = "Мафия: бенчмарк"', 'timezone = "Europe/Moscow"',
        f'start = "{GAME_START}"', "weekend_merge = false", f"seed = {seed}",
        'database = "game.db"', "",
    ]
    for p in roster_24(seed):
        lines += ["[[player]]", f'nick = "{p["nick"]}"', f'email = "{p["email"]}"',
                  f'role = "{p["role"]}"', ""]
    lines += [
        "[mailbox]", 'kind = "imap"', f'host = "{account.host}"', f"port = {account.port}",
        'tls = "none"', f'user = "{account.user}"', f'password_env = "{PASSWORD_ENV}"',
        'folder = "INBOX"', "",
        "[send]", 'kind = "folder"', 'path = "outbox"', 'from = "Ведущий <host@example.org>"', "",
    ]
    path = folder / "game.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def cli_env(account: MailAccount, now: str) -> dict:
    """Environment for ``mafia-mail`` child processes: password, clock, no colour."""
    return dict(os.environ, **{PASSWORD_ENV: account.password, "MAFIA_MAIL_NOW": now,
                               "COLUMNS": "200", "NO_COLOR": "1"})


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(timezone.utc)
