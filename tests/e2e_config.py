"""The [mailbox] and [send] sections of a game config that talks to the test servers
(tests/servers.py: Dovecot and aiosmtpd on loopback, plain text; the IMAP password comes from
the environment variable E2E_IMAP_PASSWORD, as a host's would)."""

from __future__ import annotations


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
