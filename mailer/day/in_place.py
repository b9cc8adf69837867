"""A letter read in its place in time (read again by ``reread`` or after ``reopen-day``, or one
that reached the mailbox after a later letter of its sender was read): a player's moves of
a day are what all his letters of the day say in the order they were received (DECISIONS.md
§8: the latest on-time letter replaces earlier ones, by kind), so a letter that came before
others of his already read for the same day is read before them, and they are read again
after it (:func:`make_way`, called by :func:`mailer.reading.process_pending`), each reply
saying what stands after the letters before it; one reply to the latest stands for them all
(:mod:`mailer.reply_context`).

A player whose reply to one of those later letters already went out was told what stood
without the letter read again: when what stands after all his letters of the day changes,
the new reply is marked «(исправлено)» and headed by what changed (:func:`correct_in_place`);
when nothing changes, the new reply is plain, as the first answer to the letter read again
(``reread`` takes it off the queue when it would repeat word for word the reply he already has:
:func:`mailer.reread.drop_repeated_replies`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session, select

from engine.legality import standing_moves
from engine.model import Move
from engine.move_words import describe_move

from ..config import GameConfig
from ..letter_state import LetterState
from ..out_state import MAYBE_SENT, UNSENT
from ..store import Letter, Outgoing, loads, to_db, utc
from ..when import local_text
from .later import corrected_subject, headed

__all__ = ["LATER_STATES", "Place", "make_way", "later_letters", "told_ids", "standing_of", "new_reply",
           "correct_in_place"]

#: States of a player's letter of the open day read again after an earlier one of his read again.
LATER_STATES = (LetterState.APPLIED, LetterState.NO_MOVES, LetterState.LATE)


@dataclass
class Place:
    """What :func:`make_way` did before a reading: the open ``day``; the letters put back to
    be read again after earlier ones of their senders (``later``, ids in order of receipt);
    per player, his earliest letter to be read before them (``first``: ``(received, id)``),
    those of ``later`` whose reply went out (``told``, ids) and what stood then (``before``,
    only for a player with a reply told)."""

    day: int
    later: list[int] = field(default_factory=list)
    first: dict[str, tuple[datetime, int]] = field(default_factory=dict)
    told: dict[str, list[int]] = field(default_factory=dict)
    before: dict[str, list[Move]] = field(default_factory=dict)


def make_way(s: Session, cfg: GameConfig, due: list[tuple[int, datetime]]) -> Place | None:
    """Before the pending letters ``due`` (``(id, received)``) are read: each that a reading
    puts into the open day (on time for its deadline, received after the day before stopped
    taking letters) from a player with letters of that day already read and received after
    it — a letter read again (``reread``, ``reopen-day``) or one that reached the mailbox
    late (moved there from another folder) — is read in its place: those later letters are
    put back as ``pending`` (their unsent answers taken off the queue,
    :func:`mailer.intake.release_answers`) to be read after it. Only the headers of pending
    letters received before such a letter are decoded (a sync of new letters decodes none
    here). Returns what it did (:class:`Place`), None when nothing."""
    from engine.calendar import on_time

    from ..addresses import canonical
    from ..decode import decode
    from ..intake import back_to_pending, release_answers
    from ..letter_headers import split_head
    from ..stamp import letters_closed_at
    from ..store import DayRow
    from .context import current_context

    if not due:
        return None
    ctx = current_context(s)
    if ctx is None:
        return None
    prev = s.get(DayRow, ctx.day - 1)
    opened = letters_closed_at(prev) if prev is not None and prev.status == "closed" else None
    deadline = utc(ctx.row.deadline)
    due = [(i, utc(r)) for i, r in due if on_time(utc(r), deadline) and (opened is None or utc(r) >= opened)]
    if not due:
        return None
    table = Letter.__table__
    read = list(s.execute(select(table.c.nick, table.c.received).where(
        table.c.day == ctx.day, table.c.state.in_([x.value for x in LATER_STATES]),
        table.c.received > to_db(min(r for _, r in due)))))
    if not read:
        return None
    last = max(utc(r.received) for r in read)
    nicks = {r.nick for r in read}
    players = cfg.player_by_address()
    first: dict[str, tuple[datetime, int]] = {}
    for letter_id, received in due:
        if received >= last:
            continue
        raw = s.execute(select(table.c.raw).where(table.c.id == letter_id)).scalar()
        head = decode(split_head(raw)[0]) if raw else None
        nick = players.get(canonical(head.from_addr or "")) if head is not None else None
        if nick in nicks and head.message_id and s.execute(select(table.c.id).where(
                table.c.message_id == head.message_id, table.c.id != letter_id,
                table.c.state != LetterState.PENDING)).first() is not None:
            continue  # another delivery of a letter already read: it joins no day
        if nick in nicks and (nick not in first or (received, letter_id) < first[nick]):
            first[nick] = (received, letter_id)
    later = later_letters(s, first, ctx.day)
    if not later:
        return None
    place = Place(ctx.day, [x.id for x in later])
    told = told_ids(s, later)
    for x in later:
        place.first.setdefault(x.nick, first[x.nick])
        if x.id in told:
            place.told.setdefault(x.nick, []).append(x.id)
    place.before = {nick: standing_of(s, nick, ctx.day) for nick in place.told}
    release_answers(s, later)
    for x in later:
        back_to_pending(x)
        s.add(x)
    return place


def later_letters(s: Session, first: dict[str, tuple[datetime, int]], day: int,
                  skip: set[int] = frozenset()) -> list[Letter]:
    """The letters of ``day`` (states :data:`LATER_STATES`) of each player of ``first`` (nick →
    ``(received, id)`` of his earliest letter read again) received after that one, in order of
    receipt; those of ``skip`` (read again anyway) are left out."""
    if not first:
        return []
    rows = s.exec(select(Letter).where(Letter.day == day, Letter.nick.in_(list(first)),
                                       Letter.state.in_([x.value for x in LATER_STATES]))
                  .order_by(Letter.received, Letter.id))
    return [x for x in rows if x.id not in skip and (utc(x.received), x.id) > first[x.nick]]


def told_ids(s: Session, letters: list[Letter]) -> set[int]:
    """The ids of ``letters`` whose reply went out (or may have: sending, uncertain)."""
    ids = {f"<{x.message_id}>": x.id for x in letters if x.message_id}
    if not ids:
        return set()
    return {ids[mid] for out in s.exec(select(Outgoing).where(Outgoing.kind == "reply"))
            if out.state in MAYBE_SENT and (mid := (loads(out.headers_json) or {}).get("In-Reply-To")) in ids}


def standing_of(s: Session, nick: str, day: int) -> list[Move]:
    """What stands after ``nick``'s applied letters of ``day`` as stored, in order of receipt
    (:func:`engine.legality.standing_moves`; what close-day applies of them)."""
    rows = s.exec(select(Letter).where(Letter.nick == nick, Letter.day == day,
                                       Letter.state == LetterState.APPLIED).order_by(Letter.received, Letter.id))
    return standing_moves((tuple(Move.from_json(m) for m in loads(x.moves_json) or []), bool(x.cancel or x.skip),
                           tuple(loads(x.unvote_json or "[]") or ())) for x in rows)


def new_reply(s: Session, nick: str, day: int) -> Outgoing | None:
    """The reply a reading just queued to ``nick``'s letters of ``day``: the newest unsent
    reply to one of them (one reply stands for the others, :mod:`mailer.reply_context`)."""
    ids = {f"<{x.message_id}>" for x in s.exec(select(Letter).where(Letter.nick == nick, Letter.day == day))
           if x.message_id}
    replies = [o for o in s.exec(select(Outgoing).where(Outgoing.kind == "reply", Outgoing.to_nick == nick)
                                 .order_by(Outgoing.id))
               if o.state in UNSENT and (loads(o.headers_json) or {}).get("In-Reply-To") in ids]
    return replies[-1] if replies else None


def correct_in_place(cfg: GameConfig, s: Session, place: Place) -> list[str]:
    """After the reading that :func:`make_way` prepared: a player whose reply to one of his
    later letters went out (``place.told``) and whose moves of the day now differ from what
    stood then (``place.before``) gets the new reply (:func:`new_reply`) headed by what
    changed and marked «(исправлено)» (not when his earlier letter joined no day after all:
    refused, the new reply answers it). Returns the corrected nicks."""
    out = []
    for nick, told_ids_ in place.told.items():
        joined = [x for x in s.exec(select(Letter).where(Letter.nick == nick, Letter.day == place.day))
                  if x.id not in place.later and x.state in LATER_STATES
                  and place.first[nick] <= (utc(x.received), x.id) < _first_later(s, place, nick)]
        if not joined:  # the earlier letter joined no day (refused): what stands is what he was
            continue    # told; the new reply answers that letter (its refusal folded in)
        after = standing_of(s, nick, place.day)
        before = place.before[nick]
        if all(m in before for m in after) and all(m in after for m in before):
            continue  # (what he was told stands: a plain reply)
        target = new_reply(s, nick, place.day)
        if target is None:
            continue
        read = joined
        told = sorted((s.get(Letter, i) for i in told_ids_), key=lambda x: (utc(x.received), x.id))
        read.sort(key=lambda x: (utc(x.received), x.id))
        if not read:
            continue
        target.body = headed(target.body, _text(cfg, place.day, read, told, before, after))
        target.subject = corrected_subject(target.subject)
        s.add(target)
        out.append(nick)
    return out


def _first_later(s: Session, place: Place, nick: str) -> tuple[datetime, int]:
    """``(received, id)`` of ``nick``'s first letter read again after his earlier one: his
    letters read before it are the new ones."""
    return min((utc(x.received), x.id) for x in s.exec(select(Letter).where(Letter.id.in_(place.later)))
               if x.nick == nick)


def _text(cfg: GameConfig, day: int, read: list[Letter], told: list[Letter], before: list[Move],
          after: list[Move]) -> str:
    """The paragraph heading the corrected reply (:func:`correct_in_place`)."""
    def when(letters: list[Letter]) -> str:
        return ", ".join(local_text(utc(x.received), cfg.zone) for x in letters)

    one, one_told = len(read) == 1, len(told) == 1
    out = [f"Исправление: {'ваше письмо, полученное' if one else 'ваши письма, полученные'} {when(read)}, "
           f"{'прочитано' if one else 'прочитаны'} только теперь (раньше {'оно не было засчитано' if one else 'они не были засчитаны'}), "
           f"хотя {'пришло' if one else 'пришли'} раньше "
           f"{'вашего письма, полученного' if one_told else 'ваших писем, полученных'} {when(told)}: ответ "
           f"на {'него' if one_told else 'них'} говорил о ваших ходах за день {day} без "
           f"{'него' if one else 'них'}. Ходы дня — то, что говорят все ваши письма в порядке получения "
           "(более позднее заменяет ход того же вида); в силе то, что написано в этом письме.",
           "Что изменилось:"]
    out += [f"  - теперь в силе «{describe_move(m)}»." for m in after if m not in before]
    out += [f"  - больше не в силе «{describe_move(m)}»." for m in before if m not in after]
    return "\n".join(out)
