"""What the letters of one batch are screened and read against (:class:`BatchContext`), read
with a few queries per batch rather than per letter, and the duplicate screen's comparison of
two deliveries (:func:`same_letter`)."""

from __future__ import annotations

from sqlmodel import Session, select

from engine.model import Move

from .letter_state import LetterState
from .screens import Candidate, Seen, text_hash
from .store import Letter, Outgoing, Store, loads
from .day import current_context

__all__ = ["BatchContext", "StandingDays", "same_letter"]


class BatchContext:
    """What the letters of one batch are checked against, read with a few queries: the open
    day, the day before it, earlier letters under the same Message-IDs, and which of those
    Message-IDs are the game's own outgoing ones. ``rows``: the batch's pending letters
    (id, message_id); ``decoded``: their DecodedLetter by id; ``days``: what the run's
    earlier batches left standing (:class:`StandingDays`; None: read it here)."""

    def __init__(self, store: Store, s: Session, rows, decoded: dict,
                 days: "StandingDays | None" = None) -> None:
        table = Letter.__table__
        self.ctx = current_context(s)
        self.prev = store.day(s, self.ctx.day - 1) if self.ctx is not None else None
        mids = {decoded[r.id].message_id or r.message_id for r in rows}
        batch_ids = [r.id for r in rows]
        self.seen: dict[str, list[Seen]] = {}
        for row in s.execute(select(table.c.id, table.c.message_id, table.c.state, table.c.duplicate_of,
                                    table.c.text_hash, table.c.raw.is_not(None).label("has_raw"))
                             .where(table.c.message_id.in_(mids), table.c.id.not_in(batch_ids))):
            self.seen.setdefault(row.message_id, []).append(
                Seen(row.id, row.state, row.duplicate_of, row.text_hash, bool(row.has_raw)))
        for r in rows:
            d = decoded[r.id]
            self.seen.setdefault(d.message_id or r.message_id, []).append(
                Seen(r.id, LetterState.PENDING, None, text_hash(d.from_addr, d.body)))
        for items in self.seen.values():
            items.sort(key=lambda e: e.id)
        self.own_ids = set(s.execute(select(Outgoing.__table__.c.message_id).where(
            Outgoing.__table__.c.message_id.in_(mids))).scalars())
        #: (nick, day) → that player's applied letters of the day so far, in arrival order,
        #: as ``(moves, cancels)`` (engine.legality.standing_actions); the stored ones as one
        #: such pair of what stands after them (:class:`StandingDays`)
        self.standing: dict[tuple[str, int], list[tuple]] = {}
        self.days = days if days is not None else StandingDays()
        self._reminders: set[tuple[str | None, int | None]] | None = None  # read at first need
        #: the replies queued in this batch to on-time letters, as ``(nick, day, EarlierReply)``
        #: (:func:`mailer.reply_context.earlier_replies`)
        self.replies: list[tuple] = []
        self._queued: dict[tuple[str, int], list[tuple[int, str]]] | None = None
        #: the stored replies :func:`mailer.reply_context.earlier_replies` looked at, by id
        self.earlier_memo: dict = {}

    def drop_reminder(self, s: Session, nick: str, day: int) -> bool:
        """:func:`mailer.day.deadline.drop_answered_reminder`, asked only when the batch's
        read of the unsent reminders (one query, at the first letter with moves) holds one
        of ``nick`` for ``day``. Returns whether one was dropped."""
        from .day.deadline import drop_answered_reminder, unsent_reminders

        if self._reminders is None:
            self._reminders = unsent_reminders(s)
        key = (nick, day)
        if key not in self._reminders:
            return False
        if drop_answered_reminder(s, nick, day):
            return True
        self._reminders.discard(key)
        return False

    def queued_replies(self, s: Session, nick: str, day: int) -> list[tuple[int, str]]:
        """``(id, ref)`` of the stored replies to ``nick``'s letters of ``day`` still queued and
        not marked yet (read once a batch: :func:`mailer.reply_context.earlier_replies`)."""
        if self._queued is None:
            from .out_state import OutState
            from .reply_context import MARK_HEAD

            t = Outgoing.__table__
            self._queued = {}
            for r in s.execute(select(t.c.id, t.c.ref, t.c.to_nick, t.c.day).where(
                    t.c.kind == "reply", t.c.state == OutState.QUEUED.value, t.c.ref.startswith("reply:"),
                    ~t.c.body.contains(MARK_HEAD))):
                self._queued.setdefault((r.to_nick, r.day), []).append((r.id, r.ref))
        return self._queued.get((nick, day), [])

    def standing_of(self, s: Session, nick: str, day: int) -> list[tuple]:
        """The player's applied letters of ``day`` before the one being read (stored ones,
        then those of this batch)."""
        key = (nick, day)
        if key not in self.standing:
            moves = self.days.stored(s, nick, day)
            self.standing[key] = [(moves, False)] if moves else []
        return self.standing[key]

    def earlier(self, message_id: str, letter_id: int) -> list[Seen]:
        """Letters under ``message_id`` that came before ``letter_id``: every processed one,
        and a pending one stored before it (e.g. one waiting for the next day)."""
        return [e for e in self.seen.get(message_id, ())
                if e.id != letter_id and (e.state != LetterState.PENDING or e.id < letter_id)]

    def settle(self, message_id: str, letter_id: int, state: str, duplicate_of: int | None) -> None:
        """Record what became of a letter of this batch (later letters screen against it)."""
        for e in self.seen.get(message_id, ()):
            if e.id == letter_id:
                e.state, e.duplicate_of = state, duplicate_of


def same_letter(s: Session, seen: Seen, c: Candidate) -> bool:
    """True when ``c`` is another delivery of ``seen`` (same sender and own text), not a
    different letter that a broken client gave the same Message-ID. A letter too large to
    download compares by Message-ID alone; a row of an older version without its text hash
    is decoded once."""
    from .decode import decode

    if not seen.has_raw:
        return True
    if seen.text_hash is None:
        raw = s.execute(select(Letter.__table__.c.raw).where(Letter.__table__.c.id == seen.id)).scalar()
        first = decode(raw)
        seen.text_hash = text_hash(first.from_addr, first.body)
    return seen.text_hash == text_hash(c.decoded.from_addr, c.decoded.body)


class StandingDays:
    """What stands (:func:`engine.legality.standing_moves`) after each player's applied
    letters of a day as stored, kept from batch to batch of one run: read from the database
    once per (player, day), then brought up to date with each batch once it is committed
    (:meth:`committed`), instead of every stored letter of the day read and its moves
    decoded again for every batch (quadratic in a long day's letters).

    The moves that stand after letters stand after a single letter of exactly those moves
    (in their order, withdrawing nothing): a later letter replaces by kind as it would after
    the whole list, so one ``(moves, False)`` pair stands for the stored letters."""

    def __init__(self) -> None:
        #: (nick, day) → ((received, id) of the latest stored letter or None, standing moves)
        self._days: dict[tuple[str, int], tuple[tuple | None, tuple]] = {}

    def stored(self, s: Session, nick: str, day: int) -> tuple:
        """The moves standing after ``nick``'s applied letters of ``day`` in the database
        (in the order :func:`engine.legality.standing_moves` gives them)."""
        from engine.legality import standing_moves

        key = (nick, day)
        if key not in self._days:
            table = Letter.__table__
            rows = list(s.execute(select(table.c.moves_json, table.c.cancel, table.c.skip,
                                         table.c.unvote_json, table.c.received, table.c.id).where(
                table.c.nick == nick, table.c.day == day, table.c.state == LetterState.APPLIED)
                .order_by(table.c.received, table.c.id)))
            moves = tuple(standing_moves((_moves(r.moves_json), bool(r.cancel or r.skip), _unvote(r.unvote_json))
                                         for r in rows))
            self._days[key] = ((rows[-1].received, rows[-1].id) if rows else None, moves)
        return self._days[key][1]

    def committed(self, letters) -> None:
        """Take in the letters of a committed batch: ``(received, id, columns)`` of each, the
        columns it was written with. An applied letter stored before the latest one known of
        its player and day (out of arrival order) makes that day be read again."""
        from engine.legality import standing_moves

        for received, letter_id, cols in letters:
            key = (cols.get("nick"), cols.get("day"))
            if cols["state"] != LetterState.APPLIED or key not in self._days:
                continue
            last, moves = self._days[key]
            if last is not None and (received, letter_id) <= last:
                del self._days[key]
                continue
            mine = (_moves(cols["moves_json"]), bool(cols["cancel"] or cols["skip"]),
                    _unvote(cols.get("unvote_json")))
            self._days[key] = ((received, letter_id), tuple(standing_moves([(moves, False), mine])))


def _unvote(unvote_json: str | None) -> tuple[str, ...]:
    """A stored letter's ``unvote_json`` (the votes it takes back, ParseResult.unvote)."""
    return tuple(loads(unvote_json or "[]") or ())


def _moves(moves_json: str) -> tuple[Move, ...]:
    """A stored letter's ``moves_json`` as its moves."""
    return tuple(Move.from_json(m) for m in loads(moves_json) or [])
