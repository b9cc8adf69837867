"""The [mailbox] and [send] sections of a game config that talks to the test servers
(tests/servers.py: Dovecot and aiosmtpd on loopback, plain text; the IMAP password comes from
the environment variable E2E_IMAP_PASSWORD, as a host's would)."""

from __future__ import annotations

import subprocess
import traceback


def server_sections(imap, smtp, from_addr: str = "Ведущий <host@example.org>") -> str:
    """TOML text of [mailbox] (IMAP account ``imap``) and [send] (SMTP server ``smtp``)."""
    return f"""
[mailbox]
kind = "imap"
host = "{imap.host}"
port = {imap.port}
tls = "none"
user = "{imap.user}"
password_env = "E2E_IMAP_PASSWORD"
folder = "INBOX"

[send]
kind = "smtp"
host = "{smtp.host}"
port = {smtp.port}
tls = "none"
from = "{from_addr}"
"""


def folder_sections(from_addr: str = "Ведущий <host@example.org>") -> str:
    """TOML text of [mailbox] (the Maildir ``box`` beside the config) and [send] (letters
    written to the folder ``out``): the offline setup most tests use."""
    return f"""
[mailbox]
kind = "maildir"
path = "box"

[send]
kind = "folder"
path = "out"
from = "{from_addr}"
"""


def run_cli(args: list[str] | tuple[str, ...], env: dict[str, str | None]) -> subprocess.CompletedProcess:
    """``mafia-mail *args`` run in this process by click's CliRunner, with ``env`` added to
    the environment for the run (a None value removes the variable): the same commands,
    options, exit code, stdout and stderr as ``python -m mailer.cli`` in a subprocess, without
    each run's start-up (imports and the move lexicon, ~3 s a command on a 2-core machine).
    Every command opens the game's database itself, and the stores it opened are disposed when
    it ends (their connections closed, as at a process's exit: a SQLite game's WAL is
    checkpointed).
    An exception the command did not handle exits with 1 and its traceback on stderr, as in
    a subprocess.

    Commands in real processes stay where the process is the point: the killed runs of
    tests/test_crash.py and tests/test_prepare.py, tests/test_watch.py's signalled watch,
    tests/test_terminal.py's runs on a terminal, and the installed ``mafia-mail`` script in
    tests/test_parse.py::test_cli_parse.
    """
    from click.testing import CliRunner

    from mailer.cli import main
    from mailer.store import Store

    opened: list[Store] = []
    init = Store.__init__

    def recording_init(self, *a, **kw):
        init(self, *a, **kw)
        opened.append(self)

    Store.__init__ = recording_init
    try:
        result = CliRunner().invoke(main, list(args), env=env, prog_name="mafia-mail")
    finally:
        Store.__init__ = init
    for store in opened:
        store.dispose()
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(["mafia-mail", *args], result.exit_code, result.stdout, stderr)
