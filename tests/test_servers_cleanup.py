"""The test servers die with the test process that started them (tests/servers.py's
``die_with_parent``): a test run killed before its fixtures' teardown (SIGKILL, the CI's
timeout) leaves no Dovecot or PostgreSQL behind holding ports and temp folders."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from servers import find_dovecot, find_postgres_bin

HERE = Path(__file__).resolve().parent

STARTER = """
import sys, time
from pathlib import Path
sys.path.insert(0, {here!r})
from servers import {cls}
server = {cls}(root=Path({root!r})).start()
print(server.process.pid, flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state != "Z"


def killed_owner_leaves(cls: str, root: str) -> int:
    """Start a ``cls`` server in folder ``root`` from a child Python, SIGKILL the child once
    the server runs; the server's pid, for the caller to watch."""
    owner = subprocess.Popen([sys.executable, "-c", STARTER.format(here=str(HERE), cls=cls, root=root)],
                             stdout=subprocess.PIPE, text=True)
    try:
        line = owner.stdout.readline()
        assert line.strip().isdigit(), f"the {cls} did not start"
        pid = int(line)
        assert alive(pid)
    finally:
        owner.kill()
        owner.wait()
    return pid


def gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.1)
    return not alive(pid)


@pytest.mark.parametrize(("cls", "seconds"), [
    pytest.param("DovecotServer", 20, marks=pytest.mark.skipif(
        find_dovecot() is None, reason="dovecot is not installed")),
    pytest.param("PostgresServer", 30, marks=pytest.mark.skipif(
        find_postgres_bin() is None and not os.environ.get("CI"), reason="PostgreSQL is not installed")),
])
def test_the_server_stops_when_the_test_process_is_killed(cls, seconds):
    root = tempfile.mkdtemp(prefix=f"mafia-mail-orphan-{cls.lower()}-")
    try:
        pid = killed_owner_leaves(cls, root)
        assert gone_within(pid, seconds), f"{cls} {pid} still runs after its test process was killed"
    finally:
        shutil.rmtree(root, ignore_errors=True)
