"""mbsync (Debian ``isync``) as the reference: pull a Dovecot INBOX into a fresh Maildir.

The config is written to a temporary folder per run: one IMAPAccount on 127.0.0.1 without TLS
(AuthMechs PLAIN/LOGIN), a MaildirStore, one Channel pulling INBOX (``Sync Pull``, ``Create
Near``, sync state kept next to the Maildir). ``mbsync -c rc -a`` is then timed as a child
process, like ``mafia-mail sync``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from benchmarks.common import ChildRun, run_child

MBSYNCRC = """\
IMAPAccount bench
Host {host}
Port {port}
User {user}
Pass {password}
SSLType None
AuthMechs PLAIN LOGIN

IMAPStore bench-far
Account bench

MaildirStore bench-near
Path {maildir}/
Inbox {maildir}/INBOX
SubFolders Verbatim

Channel bench
Far :bench-far:INBOX
Near :bench-near:INBOX
Sync Pull
Create Near
SyncState *
"""


def available() -> bool:
    return shutil.which("mbsync") is not None


def write_rc(folder: Path, account) -> Path:
    """An mbsyncrc in ``folder`` pulling ``account``'s INBOX into ``folder/mail``."""
    folder.mkdir(parents=True, exist_ok=True)
    maildir = folder / "mail"
    maildir.mkdir(exist_ok=True)
    rc = folder / "mbsyncrc"
    rc.write_text(MBSYNCRC.format(host=account.host, port=account.port, user=account.user,
                                  password=account.password, maildir=maildir))
    return rc


def pull(folder: Path, account) -> ChildRun:
    """Run ``mbsync -c <rc> -a`` once (a first pull when ``folder`` is new); timed."""
    rc = folder / "mbsyncrc"
    if not rc.exists():
        rc = write_rc(folder, account)
    return run_child(["mbsync", "-q", "-c", str(rc), "-a"])


def count_pulled(folder: Path) -> int:
    """How many messages the Maildir under ``folder`` holds (new + cur)."""
    inbox = folder / "mail" / "INBOX"
    return sum(1 for sub in ("new", "cur") if (inbox / sub).is_dir() for _ in (inbox / sub).iterdir())
