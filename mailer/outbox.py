"""The outbox: queue letters idempotently, preview them exactly, send each at most once.

A queued letter is a row of :class:`mailer.store.Outgoing` with a deterministic Message-ID
(RFC 5322 §3.6.4) derived from the game and the row's ``ref``, so queuing the same letter
twice is a no-op. Sending marks the row ``sending`` (committed) before the SMTP dialogue and
``sent`` after the server accepted it; a row found in ``sending`` at the start of a run was
interrupted by a crash: its fate is unknown, so it becomes ``uncertain`` and is listed for
the host instead of being resent blindly (``send --retry-uncertain`` resends). A connection
lost in the middle of the SMTP dialogue makes a row ``uncertain`` too.
"""

from __future__ import annotations

import functools
import hashlib
import re
import smtplib
from dataclasses import dataclass
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr

from sqlmodel import Session, select

from .config import GameConfig
from .crash import crash_point
from .out_state import TO_SEND, OutState
from .runlock import AlreadyRunning, exclusive
from .store import Outgoing, Store, dumps, loads, to_db, utc


#: The game's Message-IDs: ``mm-`` and 24 hex digits of a hash, at the From address's domain.
_ID_PREFIX, _ID_DIGITS = "mm-", 24


def message_id_for(cfg_name: str, seed: int, ref: str, from_addr: str, key: str = "") -> str:
    """Deterministic Message-ID (without angle brackets, RFC 5322 §3.6.4) for an outgoing
    letter: a hash of the game's name, seed, the letter's ``ref`` and the database's random
    ``key`` (:attr:`mailer.store.Game.key`), so two databases of one config (a rehearsal and
    the real game) never reuse an id, which mail services would drop as a duplicate."""
    domain = message_domain(from_addr)
    salt = f"\x00{key}" if key else ""
    digest = hashlib.sha256(f"{cfg_name}\x00{seed}\x00{ref}{salt}".encode()).hexdigest()[:_ID_DIGITS]
    return f"{_ID_PREFIX}{digest}@{domain}"


def is_game_message_id(message_id: str, from_addr: str) -> bool:
    """True when ``message_id`` (without angle brackets) has the form :func:`message_id_for`
    gives for the From address ``from_addr`` (whatever the game, seed and ref, so letters of an
    older database or another run still count as the game's own); hex digits in any case."""
    return _game_id_pattern(message_domain(from_addr)).fullmatch(message_id) is not None


@functools.lru_cache(maxsize=64)
def _game_id_pattern(domain: str) -> "re.Pattern[str]":
    return re.compile(rf"{re.escape(_ID_PREFIX)}[0-9a-f]{{{_ID_DIGITS}}}@{re.escape(domain)}",
                      re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def message_domain(from_addr: str) -> str:
    """The domain of the game's From address (RFC 5322 addr-spec), the right side of its
    Message-IDs, in ASCII (an IDN domain as punycode, RFC 5890): ids are never encoded."""
    from .addresses import AddressError, ascii_domain

    domain = parseaddr(from_addr)[1].rpartition("@")[2]
    try:
        return ascii_domain(domain) if domain else "mafia-mail.invalid"
    except AddressError:
        return "mafia-mail.invalid"


def outgoing_row(
    cfg: GameConfig,
    *,
    ref: str,
    kind: str,
    to_addr: str,
    subject: str,
    body: str,
    now: datetime,
    to_nick: str | None = None,
    day: int | None = None,
    in_reply_to: str | None = None,
    references: list[str] | None = None,
    auto_submitted: str = "auto-generated",
    key: str = "",
) -> dict:
    """The column values of a new ``queued`` :class:`Outgoing` row (no ``id``): Message-ID
    from :func:`message_id_for`, threading headers In-Reply-To/References (RFC 5322 §3.6.4)
    and Auto-Submitted (RFC 3834). ``now`` (aware) becomes the Date header; ``key``: the
    database's :attr:`mailer.store.Game.key` (:func:`game_key`)."""
    headers: dict[str, str] = {"Auto-Submitted": auto_submitted}
    if in_reply_to:
        headers["In-Reply-To"] = f"<{in_reply_to}>"
        refs = [r for r in (references or []) if r] + [in_reply_to]
        headers["References"] = " ".join(f"<{r}>" for r in dict.fromkeys(refs))
    return dict(
        ref=ref, message_id=message_id_for(cfg.name, cfg.seed, ref, cfg.send.from_addr, key),
        kind=kind, day=day, to_addr=to_addr, to_nick=to_nick, subject=subject, body=body,
        headers_json=dumps(headers), state=OutState.QUEUED.value, error=None, created=to_db(now), sent_at=None,
    )


def game_key(s: Session) -> str:
    """The database's :attr:`mailer.store.Game.key` ("" before the game row exists)."""
    from .store import Game

    game = s.get(Game, 1)
    return game.key if game is not None else ""


def queue(s: Session, cfg: GameConfig, *, ref: str, **letter) -> Outgoing:
    """Queue one letter unless a letter with the same ``ref`` is already queued or sent.

    ``letter``: the keyword arguments of :func:`outgoing_row` (kind, to_addr, subject, body,
    now, …). Returns the (new or existing) row.
    """
    existing = s.exec(select(Outgoing).where(Outgoing.ref == ref)).first()
    if existing is not None:
        return existing
    row = Outgoing(**outgoing_row(cfg, ref=ref, key=game_key(s), **letter))
    s.add(row)
    s.flush()
    crash_point("queued")
    return row


def drop_unsent(s: Session | None, out: "Outgoing | dict", why: str | None, *, keep_ref: bool = False,
                mark: str | None = None) -> None:
    """Take the unsent letter ``out`` off the queue: the one way a letter is taken off. Its
    state becomes ``dropped`` («снято с очереди») with ``why`` (``outbox --all`` shows it;
    a letter already dropped keeps its own reason); the row stays, its number is never
    reused. Unless ``keep_ref`` (the host's ``drop``: the same letter is never queued again;
    a reply another reply stands for), its ``ref`` and Message-ID get the mark
    ``~<mark>`` (default ``dropped<id>``), so a letter queued later in its place under the
    same ref (a new notice, the new reading's reply) is queued, and both stay unique. ``out``
    may be the columns of a row about to be inserted (a dict, :func:`outgoing_row`); ``s``
    (the session of a stored row) may be None for those."""
    if isinstance(out, dict):
        if out["state"] != OutState.DROPPED:
            out["state"], out["error"] = OutState.DROPPED.value, why
        return
    if out.state != OutState.DROPPED:
        out.state, out.error = OutState.DROPPED.value, why
    mark = mark or f"dropped{out.id}"
    if not keep_ref and not out.ref.endswith(f"~{mark}"):
        out.ref = f"{out.ref}~{mark}"
        out.message_id = f"{mark}.{out.message_id}"
    if s is not None:
        s.add(out)


def build_message(cfg: GameConfig, row: Outgoing, *, utf8: bool = False) -> EmailMessage:
    """The exact RFC 5322 message for a row (what ``preview`` shows and ``send`` sends).

    Headers follow :data:`mailer.mime.POLICY` (ids verbatim, subjects that decode exactly).
    ``utf8``: addresses as written, for a server that offers SMTPUTF8 (RFC 6531); otherwise
    IDN domains in their ASCII form, which every server takes.

    Raises:
        mailer.addresses.AddressError: an address that cannot be written so (a non-ASCII
            local part without ``utf8``, or no address at all).
    """
    from .addresses import header_address
    from .mime import POLICY

    msg = EmailMessage(policy=POLICY.clone(utf8=True) if utf8 else POLICY)
    from_name, from_addr = parseaddr(cfg.send.from_addr)
    msg["From"] = header_address(from_name, from_addr or cfg.send.from_addr, ascii_only=not utf8)
    msg["To"] = header_address(row.to_nick, row.to_addr, ascii_only=not utf8)
    msg["Subject"] = row.subject
    msg["Date"] = format_datetime(utc(row.created).astimezone(cfg.zone))  # the game's zone
    msg["Message-ID"] = f"<{row.message_id}>"
    for name, value in (loads(row.headers_json) or {}).items():
        msg[name] = value
    msg.set_content(row.body, charset="utf-8", cte="8bit" if row.body.isascii() else "quoted-printable")
    return msg


def needs_utf8(cfg: GameConfig, row: Outgoing) -> bool:
    """Whether the row's addresses hold anything but ASCII (then SMTPUTF8 is tried first)."""
    return not (row.to_addr.isascii() and cfg.send.from_addr.isascii())


#: Lost connections after which the server may already have accepted the letter (the reply
#: to the end of DATA can be what was lost, RFC 5321 §4.1.1.4 / §6.1): such a letter is
#: ``uncertain``, never resent without the host's ``--retry-uncertain``.
LOST_CONNECTION = (smtplib.SMTPServerDisconnected, ConnectionResetError, BrokenPipeError)


def _state_after(exc: Exception) -> OutState:
    """Row state after a failed send: failed (permanent), uncertain (connection lost while
    talking to the server) or queued (the server surely did not take it; retried next run)."""
    if getattr(exc, "permanent", False):
        return OutState.FAILED
    if getattr(exc, "maybe_delivered", False) or isinstance(exc.__cause__, LOST_CONNECTION):
        return OutState.UNCERTAIN
    return OutState.QUEUED


@dataclass
class SendReport:
    sent: int = 0
    failed: int = 0
    uncertain: int = 0
    errors: list[str] | None = None
    #: reminders taken off the queue: their day's deadline had passed (never sent late)
    dropped: int = 0


def send_all(cfg: GameConfig, store: Store, *, now: datetime, retry_uncertain: bool = False,
             progress=None, kinds: tuple[str, ...] | None = None, ids=None,
             wait: float | None = 0.0) -> SendReport:
    """Send every queued letter, each at most once.

    Args:
        now: aware time recorded as ``sent_at``.
        retry_uncertain: also resend rows left ``uncertain`` by an earlier crash.
        progress: optional callable(row) called before each letter.
        kinds: send only rows of these kinds (``("reply", "unknown_sender")`` for ``watch``);
            None: every kind.
        ids: send only these row ids (an iterable of int); None: every row.
        wait: seconds to wait for another send of this game to finish (None: as long as it
            takes), see :func:`mailer.runlock.exclusive`.
    Returns:
        SendReport with counts; permanent refusals become ``failed`` with the server's reason,
        temporary ones stay ``queued`` for the next run, a connection lost mid-dialogue makes
        the letter ``uncertain``.
    Raises:
        mailer.send.SendError: another send of this game is running (mailer.runlock).
    """
    from .send import SendError

    try:
        with exclusive(cfg.path, "send", cfg.database_url, wait=wait):
            return _send_all(cfg, store, now=now, retry_uncertain=retry_uncertain, progress=progress,
                             kinds=kinds, ids=None if ids is None else set(ids))
    except AlreadyRunning as exc:
        raise SendError(str(exc), permanent=True) from None


def _send_all(cfg: GameConfig, store: Store, *, now: datetime, retry_uncertain: bool,
              progress, kinds=None, ids=None) -> SendReport:
    from .send import SmtpSender

    from .day.deadline import drop_past_reminders

    report = SendReport(errors=[])
    with store.session() as s:
        report.dropped = drop_past_reminders(s, now)
        for row in store.outgoing(s, OutState.SENDING):
            row.state = OutState.UNCERTAIN.value
            row.error = "отправка прервалась: неизвестно, ушло ли письмо"
            s.add(row)
    states = TO_SEND if retry_uncertain else (OutState.QUEUED,)
    with store.session() as s:
        ids = [r.id for r in store.outgoing(s, *states)
               if (kinds is None or r.kind in kinds) and (ids is None or r.id in ids)]
    password = cfg.send.password() if cfg.send.kind == "smtp" and cfg.send.password_env else None
    sender = None
    if cfg.send.kind == "smtp" and ids:
        sender = SmtpSender(host=cfg.send.host, port=cfg.send.port, tls=cfg.send.tls,
                            user=cfg.send.user or None, password=password)
    try:
        _send_rows(cfg, store, ids, states, sender, now, report, progress)
    finally:
        if sender is not None:
            sender.close()
    with store.session() as s:
        report.uncertain = len(store.outgoing(s, OutState.UNCERTAIN))
    return report


def _send_rows(cfg, store, ids, states, sender, now, report, progress) -> None:
    """Send the rows ``ids`` one by one (``sender``: one SMTP connection, None for a folder)."""
    from .send import SendError, write_to_folder

    for row_id in ids:
        with store.session() as s:
            row = s.get(Outgoing, row_id)
            if row is None or row.state not in states:
                continue
            row.state = OutState.SENDING.value
            s.add(row)
        crash_point("sending")
        if progress:
            progress(row)
        try:
            utf8 = sender is not None and needs_utf8(cfg, row) and sender.offers_smtputf8()
            msg = build_message(cfg, row, utf8=utf8)
            if sender is None:
                write_to_folder(msg, cfg.send.path)
            else:
                sender.send(msg)
        except Exception as exc:  # one bad letter never stops the others
            if not isinstance(exc, SendError):
                exc = SendError(f"письмо не собрать: {exc}", permanent=True)
            with store.session() as s:
                row = s.get(Outgoing, row_id)
                row.state = _state_after(exc).value
                row.error = str(exc)
                s.add(row)
            report.failed += 1
            report.errors.append(f"{row.to_addr}: {exc}")
            continue
        crash_point("delivered")
        with store.session() as s:
            row = s.get(Outgoing, row_id)
            row.state = OutState.SENT.value
            row.error = None
            row.sent_at = to_db(now.astimezone(timezone.utc))
            s.add(row)
        crash_point("sent")
        report.sent += 1
