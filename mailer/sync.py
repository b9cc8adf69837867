"""``mafia-mail sync``: fetch new letters, store them raw, understand them, queue replies.

Stages (each letter passes them in order; a stage that says no gives the letter its state
and, where the sender deserves one, a Russian reply with the reason — Mailman-style):

1. fetch   — new messages only (IMAP UID cursor per folder and UIDVALIDITY / Maildir names);
             stored raw ``[mailbox] batch`` at a time, each batch with the cursor after it
             in one transaction. A letter over ``max_letter_size`` is not downloaded (its
             size is asked first): only its header is read, and the host is told (``skipped``).
2. decode  — charsets, HTML, quotes and signatures cut (:mod:`mailer.decode`).
3. screen  — duplicate (same Message-ID, sender and text), unreadable, auto-reply/bounce
             (RFC 3834), the game's own letters (the host's addresses, our Message-IDs),
             authentication failure (RFC 8601: held, unanswered), unknown sender (one answer
             per address and local day), a pasted copy of our own letter (cut), missing code
             word.
4. stamp   — the server's receipt time against the open day's deadline (DECISIONS.md §8).
5. parse   — the sender's role decides which moves are possible (:mod:`engine.parse`).
6. reply   — a threaded Russian reply restating every move and every problem; letters that
             accept nothing are answered at most MAX_EMPTY_REPLIES_PER_DAY times a day per
             address, which ends any loop with a broken auto-responder.

Stages 2 and 5 (decode, parse) are pure and run ahead in a worker process on a big sync
(:mod:`mailer.prepare`); the screens, replies and writes run in order here, one transaction
per batch of letters. A crash at any point can be re-run: stored letters are never fetched
twice (unique source+key, cursor committed with its batch), a batch's letter states are
committed with its reply rows (queued once per letter by ``ref``), so a re-run redoes at most
the batch in progress. A letter whose processing raises is ``held`` for the host and the
sync goes on. The crash tests kill the process at the points
marked ``crash_point`` (:mod:`mailer.crash`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from collections import deque
from itertools import islice
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import bindparam, func, insert, update
from sqlmodel import Session, select

from engine.calendar import on_time
from engine.legality import screen_letter, standing_actions
from engine.model import Move, Problem, ProblemKind

from .config import GameConfig
from .crash import crash_point
from .outbox import message_domain, outgoing_row
from .render import Renderer, TemplateProblem
from .runlock import AlreadyRunning, exclusive
from .letter_state import ANSWERED_EMPTY_STATES, ATTENTION_STATES, LetterState
from .store import Cursor, Game, Letter, Outgoing, Store, dumps, loads, to_db, utc
from .day import current_context

if TYPE_CHECKING:
    from .prepare import Preparer


@dataclass
class SyncReport:
    """What one sync did: counts per letter state and the host's attention list."""

    fetched: int = 0
    skipped_large: int = 0
    processed: int = 0
    states: dict[str, int] = field(default_factory=dict)
    attention: list[str] = field(default_factory=list)


def _source_name(cfg: GameConfig) -> str:
    mb = cfg.mailbox
    if mb.kind == "maildir":
        return f"maildir:{mb.path}"
    return f"imap:{mb.user}@{mb.host}/{mb.folder}"


def _batches(items, size: int):
    """Lists of up to ``size`` consecutive items of the iterable ``items``."""
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def fetch_new(cfg: GameConfig, store: Store, report: SyncReport, progress=None,
              preparer: "Preparer | None" = None) -> None:
    """Stage 1: store every new raw message (with its cursor) before anything else.

    Messages are stored ``cfg.mailbox.batch`` at a time: a batch and the cursor after it are
    committed in one transaction, so a crash loses nothing and stores nothing twice (the
    next run refetches the uncommitted batch). IMAP keys are ``"<UIDVALIDITY>:<UID>"``: after
    the folder is recreated (new UIDVALIDITY) every letter is stored again under its new key
    and then recognised as a duplicate by Message-ID (never answered twice). Letters larger
    than ``cfg.max_letter_size`` bytes are not downloaded (the size is asked first) and
    become ``skipped`` rows with a note for the host. Each stored batch is handed to
    ``preparer`` (decoded and parsed ahead in worker processes, :mod:`mailer.prepare`).
    """
    from .fetch import ImapCursor, fetch_imap, fetch_maildir

    source = _source_name(cfg)
    size = cfg.mailbox.batch
    if cfg.mailbox.kind == "maildir":
        with store.session() as s:
            known = set(s.exec(select(Letter.key).where(Letter.source == source)))
        found = fetch_maildir(cfg.mailbox.path, seen=known.__contains__, max_size=cfg.max_letter_size)
        for chunk in _batches(found, size):
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
    for chunk in _batches(fetched, size):
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
                **_PENDING))
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
                report.attention.append(_attention_line(
                    letter.from_addr, letter.state, letter.subject, loads(letter.notes_json)[0]))
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


def _attention_line(from_addr: str, state: str, subject: str, note: str | None = None) -> str:
    """One line of the host's attention list: «kot@example.com — неизвестный адрес, тема «Ход»»."""
    what = note or LetterState(state).ru
    return f"{from_addr or '?'} — {what}, тема «{subject or 'без темы'}»"


#: The columns of a freshly stored letter that processing fills in.
_PENDING = dict(state=LetterState.PENDING, from_addr="", nick=None, subject="", body="", day=None,
                moves_json="[]", problems_json="[]", skip=False, cancel=False, notes_json="[]",
                duplicate_of=None)


def _fill_skipped(s: Session, letter: Letter, header: bytes, limit: int) -> None:
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


def process_pending(cfg: GameConfig, store: Store, *, now: datetime, report: SyncReport,
                    renderer: Renderer | None = None, preparer: "Preparer | None" = None) -> None:
    """Stages 2–6 for every stored letter still ``pending``, oldest first.

    Letters are processed ``cfg.mailbox.batch`` at a time, each batch in one transaction
    (letter states, replies queued, the «Страх» answer); a crash loses at most the batch in
    progress, which the next run processes again. A letter whose processing raises is
    ``held`` with the error in its notes (for the host) and the sync goes on; if writing a
    batch fails, its letters are processed again one per transaction, so one bad letter
    never stops the sync nor blocks later ones. ``preparer`` (:mod:`mailer.prepare`)
    decodes and parses the next batches ahead while one is processed; without it every
    letter is prepared in place.
    """
    from .prepare import Preparer

    renderer = renderer or Renderer(cfg)
    with store.session() as s:
        ids = _due(s)
    own_preparer = preparer is None
    preparer = preparer or Preparer(None)
    run = _Run(cfg, store, now, renderer, preparer)
    chunks = list(_batches(ids, cfg.mailbox.batch))
    try:
        for index, chunk in enumerate(chunks):
            for ahead in chunks[index + 1: index + 1 + LOOK_AHEAD]:
                run.submit(ahead)
            run.process(chunk, report)
    finally:
        if own_preparer:
            preparer.close()


def _due(s: Session) -> list[int]:
    """Ids of the pending letters to process now, oldest first: every letter never processed,
    and the letters already read as the next day's (received after the open day's deadline)
    only once that day has been closed (they are not re-read on every sync meanwhile)."""
    table = Letter.__table__
    rows = s.execute(select(table.c.id, table.c.from_addr, table.c.received)
                     .where(table.c.state == LetterState.PENDING).order_by(table.c.received, table.c.id))
    ctx = current_context(s)
    if ctx is None:
        return [r.id for r in rows]
    deadline = utc(ctx.row.deadline)
    return [r.id for r in rows if not r.from_addr or on_time(utc(r.received), deadline)]


#: Batches decoded and parsed ahead of the one being processed (when workers are used).
LOOK_AHEAD = 2


#: Most answers per address and local calendar day to letters with no accepted move (no_moves,
#: late, held); further ones are stored unanswered, which ends any loop with an auto-responder.
MAX_EMPTY_REPLIES_PER_DAY = 3


@dataclass
class _Outcome:
    """What processing one letter decided: its Letter columns, the rows to queue
    (:func:`mailer.outbox.outgoing_row`), the reply body (for :class:`OwnLetters`) and the
    «Страх» answer it carries."""

    columns: dict
    queued: list[dict] = field(default_factory=list)
    reply_body: str | None = None
    fear_choice: str | None = None


@dataclass
class _Done:
    """A processed letter, as the sync's report tells of it."""

    state: str
    from_addr: str
    subject: str


@dataclass
class _Seen:
    """A letter under the same Message-ID as the one being screened (stored or in the batch)."""

    id: int
    state: str
    duplicate_of: int | None
    decoded: object | None = None  # its DecodedLetter, read on demand
    read: bool = False  # ``decoded`` is known (None: too large, never downloaded)


class _Batch:
    """What the letters of one batch are checked against, read with a few queries: the open
    day, the day before it, earlier letters under the same Message-IDs, and which of those
    Message-IDs are the game's own outgoing ones."""

    def __init__(self, run: "_Run", s: Session, rows, decoded: dict) -> None:
        table = Letter.__table__
        self.ctx = current_context(s)
        self.prev = run.store.day(s, self.ctx.day - 1) if self.ctx is not None else None
        mids = {decoded[r.id].message_id or r.message_id for r in rows}
        batch_ids = [r.id for r in rows]
        self.seen: dict[str, list[_Seen]] = {}
        for row in s.execute(select(table.c.id, table.c.message_id, table.c.state, table.c.duplicate_of)
                             .where(table.c.message_id.in_(mids), table.c.id.not_in(batch_ids))):
            self.seen.setdefault(row.message_id, []).append(_Seen(row.id, row.state, row.duplicate_of))
        for r in rows:
            self.seen.setdefault(decoded[r.id].message_id or r.message_id, []).append(
                _Seen(r.id, LetterState.PENDING, None, decoded[r.id], True))
        for items in self.seen.values():
            items.sort(key=lambda e: e.id)
        self.own_ids = set(s.execute(select(Outgoing.__table__.c.message_id).where(
            Outgoing.__table__.c.message_id.in_(mids))).scalars())
        #: (nick, day) → that player's applied letters of the day so far, in arrival order,
        #: as ``(moves, cancels)`` (engine.legality.standing_actions)
        self.standing: dict[tuple[str, int], list[tuple]] = {}

    def standing_of(self, s: Session, nick: str, day: int) -> list[tuple]:
        """The player's applied letters of ``day`` before the one being read (stored ones,
        then those of this batch)."""
        key = (nick, day)
        if key not in self.standing:
            table = Letter.__table__
            rows = s.execute(select(table.c.moves_json, table.c.cancel, table.c.skip).where(
                table.c.nick == nick, table.c.day == day, table.c.state == LetterState.APPLIED)
                .order_by(table.c.received, table.c.id))
            self.standing[key] = [(tuple(Move.from_json(m) for m in loads(r.moves_json) or []),
                                   bool(r.cancel or r.skip)) for r in rows]
        return self.standing[key]

    def earlier(self, message_id: str, letter_id: int) -> list[_Seen]:
        """Letters under ``message_id`` that came before ``letter_id``: every processed one,
        and a pending one stored before it (e.g. one waiting for the next day)."""
        return [e for e in self.seen.get(message_id, ())
                if e.id != letter_id and (e.state != LetterState.PENDING or e.id < letter_id)]

    def settle(self, message_id: str, letter_id: int, state: str, duplicate_of: int | None) -> None:
        for e in self.seen.get(message_id, ()):
            if e.id == letter_id:
                e.state, e.duplicate_of = state, duplicate_of


class _Run:
    """One sync's processing of pending letters: the config and renderer, and what it
    remembers from letter to letter (the game's own letters, the loop breaker's counts)."""

    def __init__(self, cfg: GameConfig, store: Store, now: datetime, renderer: Renderer,
                 preparer: "Preparer") -> None:
        self.cfg, self.store, self.now, self.renderer = cfg, store, now, renderer
        self.preparer = preparer
        self.own = OwnLetters()
        self.players = cfg.player_by_address()
        self.player_cfg = {p.nick: p for p in cfg.players}
        self.own_addrs = {_addr(a) for a in cfg.host_addresses} | {_addr(cfg.send.from_addr)}
        # the form of mailer.outbox.message_id_for, even from an older database
        self.own_id = re.compile(rf"mm-[0-9a-f]{{24}}@{re.escape(message_domain(cfg.send.from_addr))}",
                                 re.IGNORECASE)
        #: (address, local date) → letters from it that day that accepted no move, for the
        #: local days in ``empty_days`` (read by :meth:`load_empty_counts`)
        self.empty: dict[tuple[str, object], int] = {}
        self.empty_days: set = set()

    # --- one batch

    def submit(self, ids: list[int]) -> None:
        """Have the preparer start on the pending letters ``ids`` (when it uses workers)."""
        ids = self.preparer.not_submitted(ids)
        if not ids:
            return
        table = Letter.__table__
        with self.store.session() as s:
            items = list(s.execute(select(table.c.id, table.c.raw).where(
                table.c.id.in_(ids), table.c.state == LetterState.PENDING)))
        self.preparer.submit([(r.id, r.raw) for r in items])

    def process(self, ids: list[int], report: SyncReport) -> None:
        """Process the pending letters ``ids`` in one transaction; if writing them fails,
        one per transaction (a letter that cannot be written even alone is held)."""
        saved = (dict(self.empty), set(self.empty_days), self.own.copy())
        try:
            done = self._process(ids)
        except TemplateProblem:
            raise  # the host's template, not the letter: stop, the letters stay pending
        except Exception as exc:  # noqa: BLE001 - the batch is rolled back, nothing is lost
            self.empty, self.empty_days, self.own = saved
            if len(ids) > 1:
                for letter_id in ids:
                    self.process([letter_id], report)
                return
            done = [_hold_after_error(self.cfg, self.store, ids[0], exc)]
        for letter in done:
            crash_point("processed")
            report.processed += 1
            report.states[letter.state] = report.states.get(letter.state, 0) + 1
            if letter.state in ATTENTION_STATES:
                report.attention.append(_attention_line(letter.from_addr, letter.state, letter.subject))

    def _process(self, ids: list[int]) -> list["_Done"]:
        table = Letter.__table__
        with self.store.session() as s:
            rows = {r.id: r for r in s.execute(
                select(table.c.id, table.c.raw, table.c.received, table.c.message_id)
                .where(table.c.id.in_(ids), table.c.state == LetterState.PENDING))}
            rows = [rows[i] for i in ids if i in rows]
            prepared = {r.id: self.preparer.take(r.id, r.raw) for r in rows}
            decoded = {letter_id: p.decoded for letter_id, p in prepared.items()}
            batch = _Batch(self, s, rows, decoded)
            self.load_empty_counts(s, [r.received for r in rows])
            outcomes = []
            for r in rows:
                try:
                    out = self._understand(s, r, prepared[r.id], batch)
                except TemplateProblem:
                    raise
                except Exception as exc:  # noqa: BLE001 - one bad letter must not stop the sync
                    out = _held(self.cfg, r.message_id, decoded[r.id], exc)
                self._apply(s, r, out, batch)
                outcomes.append((r, out))
                crash_point("process_tx")
            if outcomes:
                s.execute(update(table).where(table.c.id == bindparam("_id")),
                          [out.columns | {"_id": r.id} for r, out in outcomes])
                self._queue(s, [row for _, out in outcomes for row in out.queued])
        return [_Done(out.columns["state"], out.columns["from_addr"], out.columns["subject"])
                for _, out in outcomes]

    def _apply(self, s: Session, r, out: _Outcome, batch: _Batch) -> None:
        """What a later letter of the same batch must already see of this one."""
        cols = out.columns
        batch.settle(cols["message_id"], r.id, cols["state"], cols["duplicate_of"])
        if cols["state"] in ANSWERED_EMPTY_STATES:
            key = self._empty_key(cols["from_addr"], r.received)
            self.empty[key] = self.empty.get(key, 0) + 1
        if out.reply_body is not None:
            self.own.add(s, out.queued[-1]["to_addr"], out.reply_body)
        if out.fear_choice is not None:
            batch.ctx.row.fear_choice = out.fear_choice
            s.add(batch.ctx.row)

    def _queue(self, s: Session, rows: list[dict]) -> None:
        """Insert the outgoing ``rows`` whose ``ref`` is not queued yet (the first of a ref wins)."""
        table = Outgoing.__table__
        if not rows:
            return
        taken = set(s.execute(select(table.c.ref).where(table.c.ref.in_({r["ref"] for r in rows}))).scalars())
        fresh = []
        for row in rows:
            if row["ref"] not in taken:
                taken.add(row["ref"])
                fresh.append(row)
        if fresh:
            s.execute(insert(table), fresh)
        for _ in fresh:
            crash_point("queued")

    # --- the loop breaker

    def _empty_key(self, from_addr: str, received: datetime) -> tuple:
        """The loop breaker's key of a letter: (address, local calendar day)."""
        return from_addr, utc(received).astimezone(self.cfg.zone).date()

    def load_empty_counts(self, s: Session, received: list[datetime]) -> None:
        """Read the loop breaker's counts for the local days of ``received`` not read yet:
        per (address, local day), the stored letters that accepted no move (ANSWERED_EMPTY_STATES).
        One query per batch; the letters of this sync are counted in memory after that."""
        days = {utc(t).astimezone(self.cfg.zone).date() for t in received} - self.empty_days
        if not days:
            return
        start = datetime.combine(min(days), time(0), self.cfg.zone)
        end = datetime.combine(max(days) + timedelta(days=1), time(0), self.cfg.zone)
        table = Letter.__table__
        # the state is tested here, not in SQL: the range then reads the received-time index
        for from_addr, at, state in s.execute(select(table.c.from_addr, table.c.received, table.c.state)
                                              .where(table.c.received >= to_db(start),
                                                     table.c.received < to_db(end))):
            key = self._empty_key(from_addr, at)
            if state in ANSWERED_EMPTY_STATES and key[1] in days:
                self.empty[key] = self.empty.get(key, 0) + 1
        self.empty_days |= days

    # --- one letter (stages 3–6); writes nothing, returns the outcome

    def _understand(self, s: Session, r, prepared, batch: _Batch) -> _Outcome:
        from engine.parse import parse_letter

        cfg = self.cfg
        decoded = prepared.decoded
        message_id = decoded.message_id or r.message_id
        cols = dict(_PENDING, message_id=message_id, from_addr=decoded.from_addr,
                    subject=decoded.subject, body=decoded.body)
        out = _Outcome(cols)
        notes = list(decoded.notes)
        received = utc(r.received)

        def done(state: str) -> _Outcome:
            cols["state"] = state
            cols["notes_json"] = dumps(notes)
            return out

        # --- screen
        earlier = batch.earlier(message_id, r.id)
        first = next((e for e in earlier if e.duplicate_of is None and _same_letter(s, e, decoded)), None)
        if first is not None:
            cols["duplicate_of"] = first.id
            return done(LetterState.DUPLICATE)
        if earlier:
            notes.append(f"тот же Message-ID, что у письма {earlier[0].id}, но другой текст: письмо "
                         "читается как новое")
        if decoded.unreadable:
            notes.append("письмо не удалось прочитать")
            return done(LetterState.UNREADABLE)
        if decoded.auto:
            notes.append(f"автоответ или отказ доставки: {decoded.auto}")
            return done(LetterState.AUTO_REPLY)
        if (decoded.from_addr in self.own_addrs or self.own_id.fullmatch(message_id)
                or message_id in batch.own_ids):
            notes.append("письмо самой игры или ведущего: не ход игрока")
            return done(LetterState.HOST)
        nick = self.players.get(decoded.from_addr)
        cols["nick"] = nick
        if decoded.auth_failed:
            notes.append(f"проверка подлинности не прошла: {decoded.auth_failed}; ответа не было")
            return done(LetterState.HELD)
        if len(decoded.from_addrs) > 1:
            notes.append(f"в заголовке From несколько адресов ({', '.join(decoded.from_addrs)}): "
                         "неясно, кто автор; ответа не было")
            return done(LetterState.HELD)
        ctx = batch.ctx
        if nick is None:
            if _REPLYABLE.fullmatch(decoded.from_addr):
                day = received.astimezone(cfg.zone).date().isoformat()
                out.queued.append(outgoing_row(
                    cfg, ref=f"unknown:{decoded.from_addr}:{day}", kind="unknown_sender",
                    to_addr=decoded.from_addr, subject=_re(decoded.subject),
                    body=self.renderer.unknown_sender(decoded.from_addr), now=self.now,
                    in_reply_to=decoded.message_id, references=decoded.references,
                    auto_submitted="auto-replied"))
            return done(LetterState.UNKNOWN_SENDER)
        if ctx is None:
            notes.append("игра ещё не начата или уже окончена")
            return done(LetterState.NO_MOVES)
        player_cfg = self.player_cfg[nick]
        body, copies = cut_own_letters(decoded.body, self.own.bodies_to(s, player_cfg.emails))
        if copies:
            cols["body"] = body
            notes.append(f"в письме копия письма игры ({copies}): её текст не читается как ходы")
        reply = dict(s=s, out=out, r=r, decoded=decoded, ctx=ctx, notes=notes, earlier=earlier)
        if cfg.require_code and player_cfg.code and player_cfg.code.lower() not in body.lower():
            problems = [Problem(text=decoded.subject or "", kind=ProblemKind.NOT_ALLOWED, reason="no_code",
                                message="В письме нет вашего кодового слова, поэтому ходы не приняты.")]
            cols["problems_json"] = dumps([p.to_json() | {"message": p.message} for p in problems])
            self._reply(moves=[], problems=problems, state=LetterState.HELD, **reply)
            return done(LetterState.HELD)
        # --- stamp
        cols["day"] = ctx.day
        late_for, came_after = _stamp(received, batch.prev, ctx.row)
        # --- parse
        ahead = self.preparer.context
        if (prepared.result is not None and prepared.nick == nick and body == decoded.body
                and ahead is not None and (ahead.day, ahead.info) == (ctx.day, ctx.info)):
            result = prepared.result  # parsed ahead on exactly this text, sender and day
        else:
            result = parse_letter(body, nick, ctx.state, ctx.info)
        # what the rules already refuse is refused in this reply (DECISIONS.md §2)
        earlier_letters = batch.standing_of(s, nick, ctx.day)
        result = screen_letter(result, nick, ctx.state, ctx.info, standing_actions(earlier_letters))
        cols["moves_json"] = dumps([m.to_json() for m in result.moves])
        cols["skip"], cols["cancel"] = result.skip, result.cancel
        problems = list(result.problems)
        cols["problems_json"] = dumps([p.to_json() | {"message": p.message} for p in problems])
        fear = [m for m in result.moves if m.action == "fear_choice"]
        if fear and ctx.row.fear_chosen == nick and ctx.row.status == "open":
            # «Страх»: the day waits for this answer, which comes after the deadline by design
            out.fear_choice = fear[-1].target
            late_for = None
        if late_for is ctx.row:
            # received after the open day's deadline, before the host closed it: the letter
            # belongs to the next day (DECISIONS.md §2, §8) and waits for it (stays pending);
            # once that day opens it is read there and its reply says so
            cols["day"] = None
            notes.append(f"пришло после срока дня {ctx.day}: письмо будет прочитано в дне "
                         f"{ctx.day + 1}, когда ведущий закроет день {ctx.day}")
            return done(LetterState.PENDING)
        if late_for is not None:
            # a letter for a day already closed stays out of that day (export replays the day as
            # close-day resolved it): state ``after_close``
            cols["day"] = late_for.day
            self._reply(moves=list(result.moves), problems=problems, state=LetterState.AFTER_CLOSE,
                        late_deadline=utc(late_for.deadline), late_row=late_for, **reply)
            return done(LetterState.AFTER_CLOSE)
        if came_after is not None:
            notes.append(f"пришло после срока дня {came_after.day}, до его закрытия: засчитано "
                         f"в день {ctx.day}")
        state = LetterState.APPLIED if (result.moves or result.skip or result.cancel) else LetterState.NO_MOVES
        if state == LetterState.APPLIED:
            earlier_letters.append((tuple(result.moves), bool(result.cancel or result.skip)))
        self._reply(moves=list(result.moves), problems=problems, state=state, came_after=came_after,
                    **reply)
        return done(state)

    def _reply(self, *, s, out, r, decoded, ctx, moves, problems, state, notes, earlier,
               late_deadline=None, late_row=None, came_after=None) -> None:
        """Queue the answer to the letter (once per Message-ID), unless it accepted nothing
        and its sender already had MAX_EMPTY_REPLIES_PER_DAY such answers that day (loop
        breaker)."""
        cols = out.columns
        if state != LetterState.APPLIED and self.empty.get(self._empty_key(cols["from_addr"], r.received), 0) \
                >= MAX_EMPTY_REPLIES_PER_DAY:
            notes.append(f"ответа нет: с этого адреса уже {MAX_EMPTY_REPLIES_PER_DAY} письма без "
                         "принятых ходов за день (защита от переписки с автоответчиком)")
            return
        body = self.renderer.reply(nick=cols["nick"], moves=moves, problems=problems,
                                   state=ctx.state, day_row=ctx.row, late_deadline=late_deadline,
                                   late_row=late_row, came_after=came_after,
                                   status=state, skip=cols["skip"], cancel=cols["cancel"],
                                   now=self.now)
        ref = f"reply:{cols['message_id']}"
        if any(e.id < r.id for e in earlier):
            ref += f"#{r.id}"  # a different letter under a reused Message-ID gets its own answer
        out.queued.append(outgoing_row(
            self.cfg, ref=ref, kind="reply", to_addr=decoded.from_addr, to_nick=cols["nick"],
            subject=_re(decoded.subject), body=body, now=self.now, day=cols["day"],
            in_reply_to=decoded.message_id, references=decoded.references,
            auto_submitted="auto-replied"))
        out.reply_body = body


def _stamp(received: datetime, prev, row):
    """Which day a letter received at ``received`` (aware, the server's receipt time) belongs
    to, given the open day ``row`` and the day before it ``prev`` (DayRow or None).

    Returns ``(late_for, came_after)``:
    - ``late_for = prev``: received while ``prev`` was still open and on time for it, but read
      only after ``prev`` was closed (``after_close``: it cannot change a closed day);
    - ``late_for = row``: received after the open day's deadline (DECISIONS.md §8: 19:31:00
      is after a 19:30 deadline): it belongs to the next day, which is not open yet;
    - otherwise the letter belongs to ``row``; ``came_after`` is ``prev`` when it was received
      after ``prev``'s deadline but before ``prev`` was closed (a late close): its reply says
      so. A letter received after ``prev`` was closed (even closed early, before its
      deadline) is simply a letter of ``row`` (DECISIONS.md §2).
    """
    if prev is not None and prev.status == "closed":
        closed = utc(prev.closed_at) if prev.closed_at is not None else \
            utc(prev.deadline) + timedelta(minutes=1)
        if received < closed:
            if on_time(received, utc(prev.deadline)):
                return prev, None
            if not on_time(received, utc(row.deadline)):
                return row, None
            return None, prev
    if not on_time(received, utc(row.deadline)):
        return row, None
    return None, None


def _same_letter(s: Session, first: _Seen, decoded) -> bool:
    """True when ``decoded`` is another delivery of ``first`` (same sender and own text), not
    a different letter that a broken client gave the same Message-ID."""
    from .decode import decode

    if not first.read:
        raw = s.execute(select(Letter.__table__.c.raw).where(Letter.__table__.c.id == first.id)).scalar()
        first.decoded, first.read = (decode(raw) if raw is not None else None), True
    if first.decoded is None:
        return True  # too large to compare: the Message-ID decides
    return (first.decoded.from_addr, first.decoded.body) == (decoded.from_addr, decoded.body)


def _held(cfg: GameConfig, stored_id: str, decoded, exc: Exception) -> _Outcome:
    """The outcome of a letter whose processing raised: ``held`` (no moves, no reply), the
    error in its notes for the host."""
    return _Outcome(dict(
        _PENDING, message_id=decoded.message_id or stored_id, from_addr=decoded.from_addr,
        subject=decoded.subject, body=decoded.body, nick=cfg.player_by_address().get(decoded.from_addr),
        state=LetterState.HELD, notes_json=dumps(list(decoded.notes) + [
            f"ошибка при обработке письма ({type(exc).__name__}: {exc}); ходы не приняты, ответа не было"])))


def _hold_after_error(cfg: GameConfig, store: Store, letter_id: int, exc: Exception) -> Letter:
    """Mark a letter that could not be written even alone as ``held`` (its headers read
    again, no moves, no reply), with the error in its notes for the host."""
    from .decode import decode

    with store.session() as s:
        letter = s.get(Letter, letter_id)
        if letter.state != LetterState.PENDING:
            return letter  # another run processed it meanwhile: its result stands
        for name, value in _held(cfg, letter.message_id, decode(letter.raw or b""), exc).columns.items():
            setattr(letter, name, value)
        s.add(letter)
        return letter


#: An address a reply may go to: one "@", a dot in the domain, no spaces or control characters.
_REPLYABLE = re.compile(r"[^@\s\x00-\x1f\x7f]+@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f]+")


class OwnLetters:
    """The bodies of the latest letters the game queued, by lower-case address. An address's
    letters are read the first time a letter from it is checked (only the last
    :data:`OWN_LETTERS_KEPT`, through the index on ``lower(to_addr)``) and kept up to date as
    replies are queued, so neither time nor memory grows with the length of the game (a
    pasted copy is of a recent letter)."""

    def __init__(self) -> None:
        self._bodies: dict[str, deque[str]] = {}

    def _load(self, s: Session, addr: str) -> deque[str]:
        if addr not in self._bodies:
            table = Outgoing.__table__
            latest = s.execute(select(table.c.body).where(func.lower(table.c.to_addr) == addr)
                               .order_by(table.c.id.desc()).limit(OWN_LETTERS_KEPT)).scalars()
            self._bodies[addr] = deque(reversed(list(latest)), maxlen=OWN_LETTERS_KEPT)
        return self._bodies[addr]

    def copy(self) -> "OwnLetters":
        other = OwnLetters()
        other._bodies = {addr: deque(bodies, maxlen=OWN_LETTERS_KEPT) for addr, bodies in self._bodies.items()}
        return other

    def add(self, s: Session, to_addr: str, body: str) -> None:
        """Remember a letter queued to ``to_addr`` (not yet written: read the stored ones first)."""
        self._load(s, to_addr.lower()).append(body)

    def bodies_to(self, s: Session, addresses) -> set[str]:
        """The kept bodies of letters to any of ``addresses``."""
        out: set[str] = set()
        for a in addresses:
            out.update(self._load(s, a.lower()))
        return out


#: How many of the game's latest letters to each address a sync looks for in incoming text.
OWN_LETTERS_KEPT = 30


def cut_own_letters(body: str, own_bodies) -> tuple[str, int]:
    """``body`` without any whole copy of one of ``own_bodies`` (letters the game queued to
    this player, see :class:`OwnLetters`).

    Auto-responders and some mail clients paste the letter they answer without quote marks;
    read as the player's text, the game's «Принято: Лечение: Маруська» would become his move
    again (an old one, or one in an endless loop). A copy is found word by word, whatever its
    line breaks and spacing (mail clients rewrap). Returns (body, number of copies cut).
    """
    squeezed = " ".join(body.split())
    cut = 0
    for text in sorted(own_bodies, key=len, reverse=True):
        words = text.split()
        if len(words) < 3 or " ".join(words) not in squeezed:
            continue
        pattern = r"\s+".join(re.escape(w) for w in words)
        body, n = re.subn(pattern, "\n", body)
        squeezed = " ".join(body.split())
        cut += n
    return body.strip(), cut


def _addr(value: str) -> str:
    from email.utils import parseaddr

    from .addresses import canonical

    return canonical(parseaddr(value)[1])


def _re(subject: str) -> str:
    subject = subject.strip() or "Ход"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def sync(cfg: GameConfig, store: Store, *, now: datetime, progress=None) -> SyncReport:
    """Pull new letters, understand them and queue a reply to each (the whole ``sync``).

    Args:
        cfg: the loaded config; store: the game database; now: aware current time (Date of
            the replies); progress: optional callable() per fetched message.
    Returns:
        SyncReport. Re-running after a crash or a second time is safe: nothing is fetched,
        stored or answered twice.
    Raises:
        mailer.fetch.MailboxError: the mailbox cannot be reached (nothing is lost).
        mailer.day.GameError: another sync of this game is running (mailer.runlock).
        mailer.render.TemplateProblem: a host template cannot be read or rendered; letters
            not yet understood stay pending for the next run.
    """
    from .day import GameError

    try:
        with exclusive(cfg.path, "sync", cfg.database_url):
            return sync_locked(cfg, store, now=now, progress=progress)
    except AlreadyRunning as exc:
        raise GameError(str(exc)) from None


def sync_locked(cfg: GameConfig, store: Store, *, now: datetime, progress=None,
                workers: int | None = None, renderer: Renderer | None = None) -> SyncReport:
    """:func:`sync` for a caller that already holds the game's ``sync`` lock (``sync`` itself,
    ``watch`` for each batch of new letters). ``workers``: decode/parse worker processes
    (None: :func:`mailer.prepare.default_workers`; 0 for a few letters). ``renderer``: one
    kept by the caller (``watch``: templates compiled once, not per batch). Returns and
    raises as :func:`sync` (but never for the lock)."""
    from .prepare import ParseContext, Preparer, default_workers

    report = SyncReport()
    renderer = renderer or Renderer(cfg)  # a broken host template stops the sync before any letter
    with store.session() as s:
        ctx = current_context(s)
    context = ParseContext(cfg.player_by_address(), *(
        (ctx.day, ctx.state, ctx.info) if ctx is not None else ()))
    workers = default_workers() if workers is None else workers
    with Preparer(context, workers, before_fork=store.engine.dispose) as preparer:
        fetch_new(cfg, store, report, progress, preparer)
        process_pending(cfg, store, now=now, report=report, preparer=preparer,
                        renderer=renderer)
    with store.session() as s:
        game = s.get(Game, 1)
        if game is not None:
            game.last_sync = to_db(now)
            s.add(game)
    return report
