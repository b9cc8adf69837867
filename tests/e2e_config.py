"""The [mailbox] and [send] sections of a game config that talks to the test servers
(tests/servers.py: Dovecot and aiosmtpd on loopback, plain text; the IMAP password comes from
the environment variable E2E_IMAP_PASSWORD, as a host's would)."""

from __future__ import annotations

import gc
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
    Every command opens the game's database itself, and its connections are closed when it
    ends (garbage-collected, as at a process's exit: a SQLite game's WAL is checkpointed).
    An exception the command did not handle exits with 1 and its traceback on stderr, as in
    a subprocess.

    Tests of the process itself stay on real processes: tests/test_e2e_host.py (a whole game),
    the killed runs of tests/test_crash.py, tests/test_watch.py's signalled watch.
    """
    from click.testing import CliRunner

    from mailer.cli import main

    result = CliRunner().invoke(main, list(args), env=env, prog_name="mafia-mail")
    gc.collect()  # the command's Store (SQLAlchemy engine) is unreachable now: close it
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(["mafia-mail", *args], result.exit_code, result.stdout, stderr)
