"""Fetch and store: every new message of the game's mailbox is stored raw before anything else.

IMAP: new UIDs only (a cursor per folder with its UIDVALIDITY); Maildir: file names not stored
yet. Messages are stored ``[mailbox] batch`` at a time, each batch with the cursor after it in
one transaction, so a crash loses nothing and stores nothing twice. A letter over
``max_letter_size`` is not downloaded: its header alone is read and the host is told.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import islice
from typing import TYPE_CHECKING

from sqlalchemy import insert
from sqlmodel import Session, select

from .config import GameConfig
from .crash import crash_point
from .when import clock_offset
from .letter_state import LetterState
from .store import Cursor, Letter, Store, dumps, loads, to_db

if TYPE_CHECKING:
    from .prepare import Preparer

__all__ = ["SyncReport", "source_name", "batches", "fetch_new", "attention_line", "PENDING_COLUMNS",
           "back_to_pending"]


@dataclass
class SyncReport:
    """What one sync did: counts per letter state (letters, not players: ``movers`` are the
    players whose accepted letters these are) and the host's attention list."""

    fetched: int = 0
    skipped_large: int = 0
    processed: int = 0
    states: dict[str, int] = field(default_factory=dict)
    attention: list[str] = field(default_factory=list)
    attention_ids: list[int] = field(default_factory=list)  # the letter numbers of ``attention``, line by line
    withdrawn: int = 0  # reread: unsent answers to the re-read letters taken off the queue
    #: words add/remove (mailer.taught_words.reread_changed): the letters read again only as
    #: later letters of a sender whose earlier letter the changed words read otherwise
    followed: list[int] = field(default_factory=list)
    movers: set[str] = field(default_factory=set)  # players whose letters' moves were accepted
    #: the questions to the host in the letters read (mailer.questions.host_questions), for
    #: the host to answer: ``(letter id, nick, [questions])`` in reading order
    questions: list[tuple[int, str, list[str]]] = field(default_factory=list)
    #: players whose letters, given back to a reopened day by ``reopen-day``, were read
    #: again for it and who were told so in a reply «(исправлено)» (:mod:`mailer.day.reopened`)
    corrected: list[str] = field(default_factory=list)
    #: reread: players whose reply to a later letter of the day had gone out and whose moves
    #: of the day the letter read again in its place changed, told so «(исправлено)»
    #: (:mod:`mailer.day.in_place`)
    in_place: list[str] = field(default_factory=list)
    #: players whose letter of a reopened day, read after its results («ходы из него не
    #: засчитаны»), counts in it now, told so «(исправлено)» (:mod:`mailer.day.reopened`)
    counted_again: list[str] = field(default_factory=list)
    #: reread: the replies the reading queued that would say, word for word, what the last
    #: reply already sent to the same player said: taken off the queue (``(id, nick)``)
    repeated: list[tuple[int, str]] = field(default_factory=list)
    #: letters that came after the host closed the day before early, on time for its
    #: deadline, read for the open day: ``(letter id, nick, closed day, its deadline, state)``
    early_closed: list[tuple] = field(default_factory=list)
    #: the letters read as ``after_close`` (on time for a day closed meanwhile: a letter moved
    #: in from the spam folder after close-day), by number, for the host's ``reopen-day`` hint
    after_close: list[int] = field(default_factory=list)


def source_name(cfg: GameConfig) -> str:
    """The name the letters of the game's mailbox are stored under (``Letter.source``)."""
    from .fetch import imap_source, maildir_source

    mb = cfg.mailbox
    return maildir_source(mb.path) if mb.kind == "maildir" else imap_source(mb.user, mb.host, mb.folder)


def batches(items, size: int):
    """Lists of up to ``size`` consecutive items of the iterable ``items``."""
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def fetch_new(cfg: GameConfig, store: Store, report: SyncReport, progress=None,
              preparer: "Preparer | None" = None, now: datetime | None = None) -> None:
    """Stage 1: store every new raw message (with its cursor) before anything else.

    Messages are stored ``cfg.mailbox.batch`` at a time: a batch and the cursor after it are
    committed in one transaction, so a crash loses nothing and stores nothing twice (the
    next run refetches the uncommitted batch). IMAP keys are ``"<UIDVALIDITY>:<UID>"``: after
    the folder is recreated (new UIDVALIDITY) every letter is stored again under its new key
    and then recognised as a duplicate by Message-ID (never answered twice). Letters larger
    than ``cfg.max_letter_size`` bytes are not downloaded (the size is asked first) and
    become ``skipped`` rows with a note for the host. Each stored batch is handed to
    ``preparer`` (decoded and parsed ahead in worker processes, :mod:`mailer.prepare`).
    ``now`` (aware): the host's clock; a Maildir file named without its delivery time is
    dated on it (its modification time moved by ``now`` minus the machine's clock).
    """
    from .fetch import ImapCursor, fetch_imap, fetch_maildir

    source = source_name(cfg)
    size = cfg.mailbox.batch
    if cfg.mailbox.kind == "maildir":
        with store.session() as s:
            # a Maildir file's unique name names one delivery wherever the folder lies
            # (maildir(5)): letters stored from this Maildir at another path (the game
            # folder moved or copied) are not fetched again
            known = set(s.exec(select(Letter.key).where(Letter.source.startswith("maildir:"))))
        found = fetch_maildir(cfg.mailbox.path, seen=known.__contains__, max_size=cfg.max_letter_size,
                              clock_offset=clock_offset(now) if now is not None else timedelta(0))
        for chunk in batches(found, size):
            _store_batch(store, source, [(item.key, item) for item in chunk], report,
                         cfg.max_letter_size, None, progress, preparer)
        return
    with store.session() as s:
        row = s.get(Cursor, source)
        cursor = ImapCursor(row.uidvalidity, row.last_uid) if row else None
    mb = cfg.mailbox
    fetched = fetch_imap(
        host=mb.host, port=mb.port, tls=mb.tls, user=mb.user, password=mb.password(),
        folder=mb.folder, cursor=cursor, max_size=cfg.max_letter_size, batch=size,
    )
    for chunk in batches(fetched, size):
        items = [(f"{new_cursor.uidvalidity}:{item.key}", item) for item, new_cursor in chunk]
        _store_batch(store, source, items, report, cfg.max_letter_size, chunk[-1][1], progress,
                     preparer)


def _store_batch(store: Store, source: str, items: list, report: SyncReport, limit: int,
                 cursor, progress, preparer=None) -> None:
    """Store (key, RawMessage | SkippedMessage) pairs not stored yet as ``pending`` rows, and
    ``cursor`` (an ImapCursor, or None for a Maildir) after them, in one transaction.

    A skipped (too large) message becomes a ``skipped`` row without body, From, Subject and
    Message-ID read from its header; a second copy of a letter already stored is a
    ``duplicate``, not noted again.
    """
    from .fetch import SkippedMessage

    with store.session() as s:
        table = Letter.__table__
        keys = [key for key, _ in items]
        stored = set(s.execute(select(table.c.key).where(
            table.c.source == source, table.c.key.in_(keys))).scalars())
        rows, skipped, fresh = [], [], []
        for key, item in items:
            if key in stored:
                continue
            stored.add(key)
            raw = None if isinstance(item, SkippedMessage) else item.raw
            rows.append(dict(
                source=source, key=key, raw=raw, size=item.size, received=to_db(item.received),
                message_id="sha256:" + hashlib.sha256(raw or key.encode()).hexdigest(),
                **PENDING_COLUMNS))
            if raw is None:
                skipped.append((key, item))
            else:
                report.fetched += 1
        if rows:
            s.execute(insert(table), rows)
            if preparer is not None and preparer.workers:  # hand the new letters on by id
                raws = {row["key"]: row["raw"] for row in rows if row["raw"] is not None}
                new_ids = s.execute(select(table.c.id, table.c.key).where(
                    table.c.source == source, table.c.key.in_(list(raws))))
                fresh = sorted((letter_id, raws[key]) for letter_id, key in new_ids)
        for key, item in skipped:
            letter = s.exec(select(Letter).where(Letter.source == source, Letter.key == key)).one()
            _fill_skipped(s, letter, item.header, limit)
            if letter.state == LetterState.SKIPPED:
                report.skipped_large += 1
                report.attention.append(attention_line(
                    letter.from_addr, letter.state, letter.subject, loads(letter.notes_json)[0]))
                report.attention_ids.append(letter.id)
        if cursor is not None:
            row = s.get(Cursor, source) or Cursor(source=source)
            row.uidvalidity, row.last_uid = cursor.uidvalidity, cursor.last_uid
            s.add(row)
        for _ in items:
            crash_point("fetch_tx")
    if fresh:
        preparer.submit(fresh)
    for _ in items:
        crash_point("stored")
        if progress:
            progress()


def attention_line(from_addr: str, state: str, subject: str, note: str | None = None) -> str:
    """One line of the host's attention list: «kot@example.com — неизвестный адрес, тема «Ход»»."""
    what = note or LetterState(state).ru
    return f"{from_addr or '?'} — {what}, тема «{subject or 'без темы'}»"


#: The columns of a freshly stored letter that processing fills in. Every one of them, so
#: that every letter of a batch updates the same columns (one ``executemany`` with the first
#: letter's keys: a column set for some letters only was lost or failed the batch).
PENDING_COLUMNS = dict(state=LetterState.PENDING, from_addr="", nick=None, subject="", body="",
                       day=None, moves_json="[]", problems_json="[]", skip=False, cancel=False,
                       unvote_json="[]", notes_json="[]", duplicate_of=None, text_hash=None, asked_json="[]")


def back_to_pending(letter: Letter) -> None:
    """Clear what processing filled in ``letter`` (:data:`PENDING_COLUMNS`): the next sync
    reads it again from its raw bytes, with its receipt time (``reread``, ``reopen-day``)."""
    for column, value in PENDING_COLUMNS.items():
        setattr(letter, column, value)


def release_answers(s: Session, letters: list[Letter]) -> int:
    """Make way for new answers to ``letters``, which are about to be read again (``reread``,
    ``reopen-day``): their unsent answers (In-Reply-To one of their Message-IDs: the reply,
    the «unknown address» notice, the «held» reply; a reply taken off the queue, by the host
    or for a later letter's, :mod:`mailer.reply_context`) are taken off the queue
    (:func:`mailer.outbox.drop_unsent`: kept as «снято с очереди», with why, their refs
    freed), so a player never gets both the old answer and the new one; a sent reply stays as
    it is but gives up its ``ref`` (``reply:<Message-ID>`` gets ``~<id>`` appended), so the
    new reading's reply is queued instead of being taken for it. Returns how many answers
    were taken off (each once: one taken off by an earlier re-reading is not counted again)."""
    from .out_state import UNSENT, OutState
    from .outbox import drop_unsent
    from .store import Outgoing

    ids = {f"<{letter.message_id}>" for letter in letters if letter.message_id}
    if not ids:
        return 0
    gone = 0
    for out in s.exec(select(Outgoing).where(Outgoing.kind.in_(("reply", "unknown_sender")))):
        if (loads(out.headers_json) or {}).get("In-Reply-To") not in ids:
            continue
        if out.state in UNSENT or (out.kind == "reply" and out.state == OutState.DROPPED
                                   and not out.ref.endswith(f"~dropped{out.id}")):
            drop_unsent(s, out, "письмо прочитано заново: вместо этого "
                                "ответа — ответ на новое чтение")
            gone += 1
        elif out.kind == "reply" and out.ref.startswith("reply:") and "~" not in out.ref:
            out.ref = f"{out.ref}~{out.id}"
            s.add(out)
    _unfold(s, letters, ids)
    return gone


def _unfold(s: Session, letters: list[Letter], ids: set[str]) -> None:
    """Put back in the queue the replies to the sender's earlier letters that the replies of
    ``letters`` stood for (taken off the queue for them, :func:`mailer.reply_context.fold`),
    unless those earlier letters are read again too (``ids``: the Message-IDs read again, as
    In-Reply-To has them). The new reading of a letter then folds them again, and its reply
    says again that those letters were read and what their replies said beyond the moves
    (their questions to the host, what was not accepted); a reading that no longer stands for
    them (another day) leaves them to go out as they are."""
    from .out_state import OutState
    from .reply_context import FOLDED_REASON
    from .store import Outgoing

    reasons = [FOLDED_REASON.format(letter.id) for letter in letters if letter.id is not None]
    if not reasons:
        return
    for out in s.exec(select(Outgoing).where(Outgoing.kind == "reply", Outgoing.state == OutState.DROPPED.value,
                                             Outgoing.error.in_(reasons))):
        if (loads(out.headers_json) or {}).get("In-Reply-To") in ids:
            continue
        out.state, out.error = OutState.QUEUED.value, None
        s.add(out)


def _fill_skipped(s: Session, letter: Letter, header: bytes, limit: int) -> None:
    """Fill a too-large letter's row from its header: ``duplicate`` of an earlier letter under
    its Message-ID, else ``skipped``, with the size note for the host."""
    from .decode import decode

    head = decode(header) if header else None
    if head is not None:
        if not head.message_id.startswith("sha256:"):
            letter.message_id = head.message_id
        letter.from_addr, letter.subject = head.from_addr, head.subject
    first = s.exec(select(Letter).where(Letter.message_id == letter.message_id, Letter.id != letter.id,
                                        Letter.state != LetterState.PENDING).order_by(Letter.id)).first()
    if first is not None:
        letter.state, letter.duplicate_of = LetterState.DUPLICATE, first.duplicate_of or first.id
    else:
        letter.state = LetterState.SKIPPED
    letter.notes_json = dumps([f"письмо слишком большое ({letter.size} байт, предел {limit} байт), не скачано"])
    s.add(letter)
