"""Real mail servers for tests: a private Dovecot (IMAP) and aiosmtpd (SMTP), loopback only.

Dovecot runs from its own config in a temporary folder (``/etc/dovecot`` is never read), on a
free 127.0.0.1 port, plain-text login allowed, Maildir storage, users in a passwd-file. As
root it keeps mail as the ``nobody`` user; otherwise as the current user.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
import uuid
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

LOOPBACK = "127.0.0.1"
#: Seconds to wait for a server to accept connections.
START_TIMEOUT = 20.0
DOVECOT_CANDIDATES = ("/usr/sbin/dovecot", "/usr/local/sbin/dovecot")


def die_with_parent(sig: int):
    """A ``preexec_fn`` for :class:`subprocess.Popen` that asks Linux to send ``sig`` to the
    server when the test process that started it dies (``prctl(PR_SET_PDEATHSIG)``), so a
    test run killed before its fixtures' teardown leaves no Dovecot or PostgreSQL running.
    Called in the child after its uid change (Popen's ``user=``), which would clear it. Off
    Linux (no ``prctl``): a function doing nothing."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig = 1

    def arm() -> None:
        prctl(pr_set_pdeathsig, sig, 0, 0, 0)
    return arm


class ServerError(RuntimeError):
    """A test server failed to start; the message includes its log."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, timeout: float, alive=lambda: True) -> bool:
    """True once 127.0.0.1:``port`` accepts a connection; False on timeout or when not alive()."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive():
            return False
        try:
            with socket.create_connection((LOOPBACK, port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def find_dovecot() -> str | None:
    """Path of the dovecot binary, or None."""
    found = shutil.which("dovecot")
    if found:
        return found
    return next((p for p in DOVECOT_CANDIDATES if os.access(p, os.X_OK)), None)


def make_self_signed_cert(folder: Path) -> tuple[Path, Path] | None:
    """A self-signed certificate for 127.0.0.1/localhost in ``folder``: (cert, key) paths.

    Made with the ``openssl`` command (EC P-256, valid 2 days); None when openssl is missing
    or fails.
    A client trusts it with ``ssl.create_default_context(cafile=cert)``.
    """
    openssl = shutil.which("openssl")
    if not openssl:
        return None
    cert, key = folder / "cert.pem", folder / "key.pem"
    try:
        subprocess.run(
            [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
             "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-keyout", str(key),
             "-out", str(cert), "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    except (subprocess.SubprocessError, OSError):
        return None  # e.g. an openssl too old for -addext: the TLS tests are skipped
    os.chmod(cert, 0o644)
    return cert, key


def make_traversable(path: Path) -> None:
    """Add o+x to ``path`` and every folder above it (o+rx on ``path``) where missing.

    Dovecot's auth and login processes run as other users and must reach the config, the
    passwd-file and the sockets; pytest's temporary folders are 0700.
    """
    path = path.resolve()
    extra = 0o005
    for folder in [path, *path.parents]:
        mode = folder.stat().st_mode
        if mode & extra != extra:
            try:
                os.chmod(folder, mode | extra)
            except PermissionError:
                pass
        extra = 0o001


def _mail_owner() -> tuple[int, int, str, str]:
    """(uid, gid, login user, internal user) Dovecot should run mail and its helpers as."""
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        internal = "dovecot" if _user_exists("dovecot") else "nobody"
        login = "dovenull" if _user_exists("dovenull") else "nobody"
        return nobody.pw_uid, nobody.pw_gid, login, internal
    me = pwd.getpwuid(os.geteuid())
    return me.pw_uid, me.pw_gid, me.pw_name, me.pw_name


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


DOVECOT_CONF = """\
# mafia-mail test server; generated, do not edit
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
info_log_path = {root}/dovecot.log
protocols = imap
listen = {listen}
{ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_verbose = yes
auth_failure_delay = 0
mail_location = maildir:~/Maildir
mail_uid = {uid}
mail_gid = {gid}
first_valid_uid = {uid}
last_valid_uid = 0
first_valid_gid = 0
default_login_user = {login_user}
default_internal_user = {internal_user}
mail_privileged_group =
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/users/%u
}}
userdb {{
  driver = passwd-file
  args = username_format=%u {root}/users/%u
}}
service imap-login {{
  inet_listener imap {{
    address = {listen}
    port = {port}
  }}
  inet_listener imaps {{
    address = {listen}
    port = {imaps_port}
  }}
}}
# no growing login delay after the wrong-password tests: the auth process cannot reach
# anvil's penalty socket, so auth penalties are disabled
service anvil {{
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service stats {{
  unix_listener stats-reader {{
    mode = 0666
  }}
  unix_listener stats-writer {{
    mode = 0666
  }}
}}
"""


@dataclass
class MailAccount:
    """One IMAP login on the test Dovecot, with helpers to put letters in."""

    host: str
    port: int
    user: str
    password: str

    def client(self):
        """A logged-in IMAPClient (plain text, loopback). Caller logs out."""
        from imapclient import IMAPClient

        client = IMAPClient(self.host, port=self.port, ssl=False, timeout=20)
        client.normalise_times = False
        client.login(self.user, self.password)
        return client

    def append(self, raw: bytes, when: datetime | None = None, folder: str = "INBOX",
               flags: tuple = ()) -> int:
        """IMAP APPEND ``raw`` to ``folder`` (created if missing) with INTERNALDATE ``when``.

        Returns the new message's UID (from APPENDUID, RFC 4315).
        """
        client = self.client()
        try:
            if folder.upper() != "INBOX" and not client.folder_exists(folder):
                client.create_folder(folder)
            response = client.append(folder, raw, flags=flags, msg_time=when)
        finally:
            client.logout()
        text = response.decode() if isinstance(response, bytes) else str(response)
        # "[APPENDUID <uidvalidity> <uid>] Append completed."
        return int(text.split("APPENDUID", 1)[1].split("]", 1)[0].split()[1])

    def flags(self, folder: str = "INBOX") -> dict[int, tuple]:
        """UID → flags of every letter in ``folder`` (read-only look)."""
        client = self.client()
        try:
            client.select_folder(folder, readonly=True)
            uids = client.search("ALL")
            return {uid: data[b"FLAGS"] for uid, data in client.fetch(uids, ["FLAGS"]).items()}
        finally:
            client.logout()

    def recreate_folder(self, folder: str) -> None:
        """Delete and re-create ``folder`` (empties it and gives it a new UIDVALIDITY)."""
        client = self.client()
        try:
            client.delete_folder(folder)
            client.create_folder(folder)
        finally:
            client.logout()


@dataclass
class DovecotServer:
    """A private Dovecot in ``root``; call :meth:`start`, then :meth:`add_user`, :meth:`stop`."""

    root: Path
    port: int = 0
    imaps_port: int = 0
    process: subprocess.Popen | None = None
    binary: str | None = None
    #: PEM certificate when TLS is on (IMAPS on ``imaps_port``, STARTTLS on ``port``), else None.
    cert: Path | None = None
    #: Extra lines for dovecot.conf (e.g. ``imap_capability = IMAP4rev1 UIDPLUS``: no IDLE).
    extra_conf: str = ""

    @property
    def log_text(self) -> str:
        """The last 6000 characters of Dovecot's log and console output."""
        parts = []
        for name in ("dovecot.log", "stdout.log"):
            path = self.root / name
            if path.exists():
                parts.append(path.read_text(errors="replace"))
        return "\n".join(parts)[-6000:]

    def start(self) -> "DovecotServer":
        """Write the config and run ``dovecot -F -c <conf>``; raise ServerError if it fails."""
        self.binary = self.binary or find_dovecot()
        if not self.binary:
            raise ServerError("dovecot is not installed (Debian: apt-get install dovecot-imapd)")
        uid, gid, login_user, internal_user = _mail_owner()
        self.root.mkdir(parents=True, exist_ok=True)
        for sub in ("run", "state", "home", "users"):
            (self.root / sub).mkdir(exist_ok=True)
        if os.geteuid() == 0:
            os.chown(self.root / "home", uid, gid)
        self.port = free_port()
        pair = make_self_signed_cert(self.root)
        if pair:
            self.cert = pair[0]
            self.imaps_port = free_port()
            ssl_conf = f"ssl = yes\nssl_cert = <{pair[0]}\nssl_key = <{pair[1]}"
        else:
            ssl_conf = "ssl = no"
        conf = self.root / "dovecot.conf"
        conf.write_text(DOVECOT_CONF.format(
            root=self.root, listen=LOOPBACK, port=self.port, imaps_port=self.imaps_port,
            ssl=ssl_conf, uid=uid, gid=gid, login_user=login_user, internal_user=internal_user)
            + self.extra_conf + "\n")
        os.chmod(conf, 0o644)
        make_traversable(self.root)
        return self._launch()

    def restart(self, down: float = 0.0) -> "DovecotServer":
        """Stop Dovecot (its clients see the connection closed), wait ``down`` seconds, start it
        again on the same ports with the same mail (UIDs and UIDVALIDITY kept)."""
        self.stop()
        if down:
            time.sleep(down)
        return self._launch()

    def _launch(self) -> "DovecotServer":
        conf = self.root / "dovecot.conf"
        with open(self.root / "stdout.log", "ab") as out:
            self.process = subprocess.Popen([self.binary, "-F", "-c", str(conf)],
                                            stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL,
                                            preexec_fn=die_with_parent(signal.SIGTERM))
        if not wait_for_port(self.port, START_TIMEOUT, alive=lambda: self.process.poll() is None):
            self.stop()
            raise ServerError(f"dovecot did not start on {LOOPBACK}:{self.port}; log:\n{self.log_text}")
        return self

    def client_context(self):
        """An SSL context that trusts this server's certificate (None without TLS)."""
        import ssl

        return ssl.create_default_context(cafile=str(self.cert)) if self.cert else None

    def add_user(self, user: str | None = None, password: str = "secret") -> MailAccount:
        """Create a fresh login (default: a random ``u<hex>@example.org``) and return it."""
        user = user or f"u{uuid.uuid4().hex[:10]}@example.org"
        uid, gid, _, _ = _mail_owner()
        home = self.root / "home" / user
        home.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            os.chown(home, uid, gid)
        # one passwd-file per user: Dovecot re-reads a changed passwd-file at most once a second
        entry = self.root / "users" / user
        entry.write_text(f"{user}:{{PLAIN}}{password}:{uid}:{gid}::{home}::\n", encoding="utf-8")
        os.chmod(entry, 0o644)
        return MailAccount(host=LOOPBACK, port=self.port, user=user, password=password)

    def stop(self) -> None:
        """Terminate dovecot and wait for it (and so its children) to exit."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None


# --------------------------------------------------------------------------------------------
# SMTP (aiosmtpd)
# --------------------------------------------------------------------------------------------


@dataclass
class ReceivedMail:
    """One SMTP transaction as the server saw it."""

    mail_from: str
    rcpt_tos: list[str]
    data: bytes
    peer: tuple = ()  # the client's (host, port): one value per SMTP connection


class RecordingHandler:
    """aiosmtpd handler that stores every message, or answers ``reject`` at ``reject_at``.

    ``reject_at``: None, "MAIL", "RCPT" or "DATA"; ``reject``: the SMTP reply, e.g.
    "550 5.1.1 Нет такого ящика" or "451 4.3.0 Try again later".
    """

    def __init__(self, reject_at: str | None = None, reject: str = "") -> None:
        self.messages: list[ReceivedMail] = []
        self.reject_at = reject_at
        self.reject = reject

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        if self.reject_at == "MAIL":
            return self.reject
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.reject_at == "RCPT":
            return self.reject
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(rcpt_options)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.reject_at == "DATA":
            return self.reject
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        self.messages.append(ReceivedMail(envelope.mail_from, list(envelope.rcpt_tos), bytes(data),
                                          tuple(session.peer or ())))
        return "250 OK queued"


@dataclass
class SmtpServer:
    """An aiosmtpd server on 127.0.0.1.

    ``credentials`` (user, password) makes AUTH required. ``tls`` "ssl" (implicit TLS) or
    "starttls" (STARTTLS required) with ``cert`` = (cert, key) PEM paths; None: plain text.
    """

    handler: RecordingHandler
    credentials: tuple[str, str] | None = None
    tls: str | None = None
    cert: tuple[Path, Path] | None = None
    host: str = LOOPBACK
    port: int = 0
    controller: object = None
    smtputf8: bool = True  # False: a server that does not offer SMTPUTF8 (RFC 6531)

    @property
    def messages(self) -> list[ReceivedMail]:
        return self.handler.messages

    def _authenticate(self, server, session, envelope, mechanism, auth_data):
        from aiosmtpd.smtp import AuthResult, LoginPassword

        ok = (isinstance(auth_data, LoginPassword) and self.credentials is not None
              and auth_data.login.decode() == self.credentials[0]
              and auth_data.password.decode() == self.credentials[1])
        return AuthResult(success=ok, handled=False)

    def start(self) -> "SmtpServer":
        from aiosmtpd.controller import Controller

        self.port = free_port()
        options = {"enable_SMTPUTF8": self.smtputf8}
        if self.credentials is not None:
            options.update(authenticator=self._authenticate, auth_required=True,
                           auth_require_tls=False)
        if self.tls is not None:
            import ssl

            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(str(self.cert[0]), str(self.cert[1]))
            if self.tls == "ssl":
                options["ssl_context"] = context
            else:
                options.update(tls_context=context, require_starttls=True)
        self.controller = Controller(self.handler, hostname=self.host, port=self.port, **options)
        self.controller.start()
        if not wait_for_port(self.port, START_TIMEOUT):
            self.stop()
            raise ServerError(f"aiosmtpd did not start on {self.host}:{self.port}")
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


# --------------------------------------------------------------------------------------------
# PostgreSQL
# --------------------------------------------------------------------------------------------

#: Where Debian's ``postgresql`` package keeps the server programs (not on PATH).
POSTGRES_GLOB = "/usr/lib/postgresql/*/bin"


def find_postgres_bin() -> Path | None:
    """The folder with ``initdb`` and ``postgres`` (the newest Debian version, else PATH), or None."""
    import glob

    def version(folder: str) -> tuple:
        part = Path(folder).parent.name
        return tuple(int(p) for p in part.split(".") if p.isdigit())

    for folder in sorted(glob.glob(POSTGRES_GLOB), key=version, reverse=True):
        if all(os.access(Path(folder) / name, os.X_OK) for name in ("initdb", "postgres")):
            return Path(folder)
    initdb, postgres = shutil.which("initdb"), shutil.which("postgres")
    if initdb and postgres:
        return Path(os.path.realpath(initdb)).parent
    return None


def _postgres_owner() -> pwd.struct_passwd:
    """The user the test server runs as: PostgreSQL refuses root, so as root the ``postgres``
    user Debian's package creates (else ``nobody``); otherwise the current user."""
    if os.geteuid() != 0:
        return pwd.getpwuid(os.geteuid())
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise ServerError("no unprivileged user to run PostgreSQL as (create the user postgres)")


@dataclass
class PostgresServer:
    """A private PostgreSQL cluster in ``root`` (``initdb`` there, never the system cluster),
    listening on 127.0.0.1:``port`` and a unix socket in ``root/sock``; trust authentication
    for the superuser ``postgres``, durability off (a test server). :meth:`start`,
    :meth:`create_database` per test, :meth:`stop`."""

    root: Path
    port: int = 0
    process: subprocess.Popen | None = None
    bindir: Path | None = None
    superuser: str = "postgres"

    @property
    def log_text(self) -> str:
        """The last 6000 characters of the server's log (initdb and postgres output)."""
        path = self.root / "postgres.log"
        return path.read_text(errors="replace")[-6000:] if path.exists() else ""

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of ``database`` on this server (driver left to mafia-mail)."""
        return f"postgresql://{self.superuser}@{LOOPBACK}:{self.port}/{database}"

    def _run_as(self) -> dict:
        owner = _postgres_owner()
        if os.geteuid() == 0:
            return dict(user=owner.pw_uid, group=owner.pw_gid, extra_groups=[],
                        env={**os.environ, "HOME": str(self.root), "USER": owner.pw_name})
        return {}

    def start(self) -> "PostgresServer":
        """``initdb`` a fresh cluster and run ``postgres`` on a free loopback port; raise
        ServerError (with the log) if either fails."""
        self.bindir = self.bindir or find_postgres_bin()
        if self.bindir is None:
            raise ServerError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        owner = _postgres_owner()
        self.root.mkdir(parents=True, exist_ok=True)
        (self.root / "sock").mkdir(exist_ok=True)
        if os.geteuid() == 0:
            for path in (self.root, self.root / "sock"):
                os.chown(path, owner.pw_uid, owner.pw_gid)
        make_traversable(self.root)
        run_as = self._run_as()
        log = self.root / "postgres.log"
        with open(log, "ab") as out:
            done = subprocess.run(
                [str(self.bindir / "initdb"), "-D", str(self.root / "data"), "-U", self.superuser,
                 "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync", "--no-instructions"],
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.root,
                timeout=120, **run_as)
        if done.returncode != 0:
            raise ServerError(f"initdb failed ({done.returncode}); log:\n{self.log_text}")
        self.port = free_port()
        options = {
            "listen_addresses": LOOPBACK, "port": str(self.port),
            "unix_socket_directories": str(self.root / "sock"),
            "fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
            "max_connections": "100", "shared_buffers": "32MB", "timezone": "UTC",
        }
        args = [str(self.bindir / "postgres"), "-D", str(self.root / "data")]
        for name, value in options.items():
            args += ["-c", f"{name}={value}"]
        with open(log, "ab") as out:
            # SIGINT: PostgreSQL's fast shutdown (SIGTERM would wait for the dead run's sessions)
            self.process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, cwd=self.root,
                                            preexec_fn=die_with_parent(signal.SIGINT), **run_as)
        if not self._wait_ready():
            self.stop()
            raise ServerError(f"postgres did not start on {LOOPBACK}:{self.port}; log:\n{self.log_text}")
        return self

    def _wait_ready(self) -> bool:
        import psycopg

        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                psycopg.connect(self.url(), connect_timeout=2).close()
                return True
            except psycopg.OperationalError:
                time.sleep(0.05)
        return False

    def execute(self, sql: str) -> None:
        """Run one statement outside a transaction (CREATE/DROP DATABASE) as the superuser."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute(sql)

    def create_database(self, name: str | None = None, template: str = "template0") -> str:
        """A new empty database (UTF-8) copied from ``template``; returns its name."""
        name = name or f"t_{uuid.uuid4().hex[:12]}"
        self.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}" STRATEGY FILE_COPY')
        return name

    def drop_database(self, name: str) -> None:
        """Drop ``name``, closing any connection still open to it."""
        self.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Fast shutdown (SIGINT) and wait for the server to exit."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(2)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None
