"""Shared pytest fixtures. Mail servers are real (tests/servers.py), on loopback only."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/ helpers, package or not

from servers import (  # noqa: E402
    DovecotServer, MailAccount, PostgresServer, RecordingHandler, SmtpServer, find_postgres_bin,
    make_self_signed_cert,
)

# The CLI keeps the built move lexicon in a cache folder (mailer.lexicon_cache); tests keep it
# out of the home folder, in one folder of the system's temporary place that every worker and
# every CLI child process shares (files are written under a temporary name and renamed).
os.environ.setdefault("MAFIA_MAIL_CACHE",
                      str(Path(tempfile.gettempdir()) / f"mafia-mail-test-cache-{os.getuid()}"))

# ---------------------------------------------------------------------------------------------
# Parallel runs: pyproject's addopts say ``--numprocesses=auto`` (pytest-xdist, ``test`` extra)
# ---------------------------------------------------------------------------------------------


def pytest_addoption(parser, pluginmanager):
    """Without pytest-xdist (an install made before it joined the ``test`` extra, or
    ``-p no:xdist``) accept its ``--numprocesses`` and ``--dist`` and run the tests in this one
    process."""
    if not pluginmanager.has_plugin("xdist"):
        parser.getgroup("xdist missing").addoption(
            "--numprocesses", dest="numprocesses", default=None,
            help="ignored: pytest-xdist is not installed or disabled; one process runs all")
        parser.getgroup("xdist missing").addoption(
            "--dist", dest="dist", default="no",
            help="ignored: pytest-xdist is not installed or disabled; one process runs all")


def pytest_report_header(config):
    """Say so when the run is in one process because pytest-xdist is missing."""
    if not config.pluginmanager.has_plugin("xdist"):
        return "pytest-xdist not installed or disabled: all tests in one process (pip install '.[test]')"
    return None


#: The modules that take longest, with their rough share of a run in seconds (--durations on
#: a loaded 2-core machine). Only a scheduling hint for pytest_collection_modifyitems: a wrong
#: or missing number costs time, never a test.
SLOW_MODULES = {
    "test_benchmarks_smoke.py": 250, "test_crash.py": 250, "test_days.py": 230,
    "test_watch.py": 190, "test_e2e_game.py": 60, "test_prepare.py": 55,
    "test_sync_hostile.py": 50, "test_sync.py": 45, "test_terminal.py": 45,
    "test_e2e_mail.py": 40, "test_databases.py": 35, "test_e2e_host.py": 15,
    "test_decode_fuzz.py": 15, "test_demo_run.py": 15,
}


def pytest_collection_modifyitems(session, config, items):
    """Order the modules so that every xdist worker starts with its share of the slow ones.

    ``--dist worksteal`` hands worker k the k-th of n equal slices of the collection and later
    moves queued tests from the back of a busy worker's slice to an idle one. The slow modules
    are dealt into n groups of about equal time (longest first), and each slice begins with its
    group, followed by quick tests: the quick ones are what is left to move at the end, so no
    worker idles while another finishes a long test. Each module's tests stay together and in
    their order (module fixtures are made once); nothing is added, dropped or deselected.
    """
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    slow: dict[str, list] = {}
    quick = []
    for item in items:
        name = item.path.name
        if name in SLOW_MODULES:
            slow.setdefault(name, []).append(item)
        else:
            quick.append(item)
    groups: list[list] = [[] for _ in range(workers)]
    loads = [0] * workers
    for name in sorted(slow, key=lambda n: -SLOW_MODULES[n]):
        k = loads.index(min(loads))
        groups[k].extend(slow[name])
        loads[k] += SLOW_MODULES[name]
    total, ordered = len(items), []
    for k, group in enumerate(groups):
        size = (k + 1) * total // workers - k * total // workers
        take = max(0, size - len(group)) if k < workers - 1 else len(quick)
        ordered += group + quick[:take]
        quick = quick[take:]
    assert len(ordered) == total
    items[:] = ordered


# ---------------------------------------------------------------------------------------------
# Databases: SQLite files and a private PostgreSQL
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres_server() -> PostgresServer:
    """One private PostgreSQL for the whole session (``initdb`` in a temp folder, 127.0.0.1 on
    a free port, run as the ``postgres`` user when the tests run as root).

    Without PostgreSQL's programs the tests that need it fail in CI (``CI`` set: .ci/run
    installs Debian's ``postgresql``) and are skipped elsewhere.
    """
    if find_postgres_bin() is None:
        message = ("PostgreSQL is not installed: its tests need initdb and postgres "
                   "(Debian: apt-get install postgresql; .ci/run installs it)")
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    root = Path(tempfile.mkdtemp(prefix="mafia-mail-postgres-"))
    server = PostgresServer(root=root).start()
    try:
        # the game's tables made once (Store on an empty database: the path a host's first
        # command takes); every test's database is a copy of this one
        from mailer.store import Store

        Store(server.url(server.create_database(GAME_TEMPLATE))).dispose()
    except BaseException:
        server.stop()
        raise
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


#: The session's PostgreSQL database with the game's tables and no rows: the per-test template.
GAME_TEMPLATE = "mafia_template"


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """The URL (``postgresql://…``) of a new database on the session's PostgreSQL with the
    game's tables and no rows (a copy of GAME_TEMPLATE), dropped after the test."""
    name = postgres_server.create_database(template=GAME_TEMPLATE)
    yield postgres_server.url(name)
    postgres_server.drop_database(name)


def pytest_generate_tests(metafunc):
    """A test using ``database_url`` runs on SQLite and on PostgreSQL; marked
    ``sqlite_only`` (wording, not storage) on SQLite alone."""
    if "database_url" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only")
        metafunc.parametrize("database_url", ["sqlite"] if only else ["sqlite", "postgresql"],
                             indirect=True)


@pytest.fixture
def database_url(request, tmp_path) -> str:
    """A game database URL: a SQLite file in ``tmp_path`` or a new PostgreSQL database, by
    the parameter :func:`pytest_generate_tests` gives."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'game-db.sqlite'}"
    return request.getfixturevalue("postgres_url")


# ---------------------------------------------------------------------------------------------
# Mail servers
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def dovecot_server() -> DovecotServer:
    """One private Dovecot for the whole session: IMAP (STARTTLS) on ``.port``, and when
    openssl exists IMAPS on ``.imaps_port`` with a self-signed ``.cert``
    (``.client_context()`` trusts it). All on 127.0.0.1.

    Its folder is not under pytest's basetemp: concurrent pytest runs reset that to 0700,
    which Dovecot's unprivileged auth process could then not traverse.
    """
    root = Path(tempfile.mkdtemp(prefix="mafia-mail-dovecot-"))
    server = DovecotServer(root=root).start()
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def dovecot(dovecot_server) -> MailAccount:
    """A fresh, empty mailbox login on the session's Dovecot (``.append`` puts letters in)."""
    return dovecot_server.add_user()


@pytest.fixture
def smtp_server() -> SmtpServer:
    """aiosmtpd on a free 127.0.0.1 port recording every message in ``.messages``."""
    server = SmtpServer(RecordingHandler()).start()
    yield server
    server.stop()


@pytest.fixture
def smtp_auth_server() -> SmtpServer:
    """Like ``smtp_server`` but requiring AUTH PLAIN/LOGIN as ``game@example.org`` / ``pa55``."""
    server = SmtpServer(RecordingHandler(), credentials=("game@example.org", "pa55")).start()
    yield server
    server.stop()


@pytest.fixture
def smtp_reject_server(request) -> SmtpServer:
    """aiosmtpd that answers with an error; parametrize indirectly with (stage, reply)."""
    stage, reply = getattr(request, "param", ("RCPT", "550 5.1.1 No such user"))
    server = SmtpServer(RecordingHandler(reject_at=stage, reject=reply)).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def tls_cert(tmp_path_factory) -> tuple[Path, Path]:
    """A self-signed (cert, key) for 127.0.0.1; trust it with ssl.create_default_context(cafile=cert)."""
    pair = make_self_signed_cert(tmp_path_factory.mktemp("tls"))
    if pair is None:
        pytest.skip("openssl is missing")
    return pair


@pytest.fixture(params=["ssl", "starttls"])
def smtp_tls_server(request, tls_cert) -> SmtpServer:
    """aiosmtpd with implicit TLS ("ssl") or required STARTTLS, by ``.tls``; records messages."""
    server = SmtpServer(RecordingHandler(), tls=request.param, cert=tls_cert).start()
    yield server
    server.stop()
