"""``mafia-mail sync``: fetch new letters, store them raw, understand them, queue replies.

Stages (each letter passes them in order; a stage that says no gives the letter its state
and, where the sender deserves one, a Russian reply with the reason — Mailman-style):

1. fetch   — new messages only (IMAP UID cursor per folder and UIDVALIDITY / Maildir names);
             each raw message is stored together with the cursor after it, in one
             transaction. A letter over ``max_letter_size`` is not downloaded (its size is
             asked first): only its header is read, and the host is told (state ``skipped``).
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

A crash at any point can be re-run: stored letters are never fetched twice (unique
source+key, cursor committed with the letter), and processing is per letter, committed
with its reply row (queued once per letter by ``ref``). A letter whose processing raises is
``held`` for the host and the sync goes on. The crash tests kill the process at the points
marked ``crash_point`` (:mod:`mailer.crash`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from collections import deque
from datetime import datetime, time, timedelta

from sqlalchemy import func, or_
from sqlmodel import Session, select

from engine.calendar import on_time
from engine.model import Problem

from .config import GameConfig
from .crash import crash_point
from .outbox import queue
from .render import Renderer
from .runlock import AlreadyRunning, exclusive
from .store import Cursor, Game, Letter, Outgoing, Store, dumps, loads, to_db, utc
from .turns import current_context


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


def fetch_new(cfg: GameConfig, store: Store, report: SyncReport, progress=None) -> None:
    """Stage 1: store every new raw message (with its cursor) before anything else.

    Each message and the cursor after it are committed in one transaction, so a crash loses
    nothing and stores nothing twice. IMAP keys are ``"<UIDVALIDITY>:<UID>"``: after the
    folder is recreated (new UIDVALIDITY) every letter is stored again under its new key and
    then recognised as a duplicate by Message-ID (never answered twice). Letters larger than
    ``cfg.max_letter_size`` bytes are not downloaded (the size is asked first) and become
    ``skipped`` rows with a note for the host.
    """
    from .fetch import ImapCursor, fetch_imap, fetch_maildir

    source = _source_name(cfg)
    if cfg.mailbox.kind == "maildir":
        with store.session() as s:
            known = set(s.exec(select(Letter.key).where(Letter.source == source)))
        for item in fetch_maildir(cfg.mailbox.path, seen=known.__contains__,
                                  max_size=cfg.max_letter_size):
            with store.session() as s:
                _store_item(s, source, item.key, item, report, cfg.max_letter_size)
                crash_point("fetch_tx")
            crash_point("stored")
            if progress:
                progress()
        return
    with store.session() as s:
        row = s.get(Cursor, source)
        cursor = ImapCursor(row.uidvalidity, row.last_uid) if row else None
    mb = cfg.mailbox
    for item, new_cursor in fetch_imap(
        host=mb.host, port=mb.port, tls=mb.tls, user=mb.user, password=mb.password(),
        folder=mb.folder, cursor=cursor, max_size=cfg.max_letter_size,
    ):
        with store.session() as s:
            _store_item(s, source, f"{new_cursor.uidvalidity}:{item.key}", item, report,
                        cfg.max_letter_size)
            row = s.get(Cursor, source) or Cursor(source=source)
            row.uidvalidity, row.last_uid = new_cursor.uidvalidity, new_cursor.last_uid
            s.add(row)
            crash_point("fetch_tx")
        crash_point("stored")
        if progress:
            progress()


def _store_item(s: Session, source: str, key: str, item, report: SyncReport, limit: int) -> None:
    """Store one fetched RawMessage, or a SkippedMessage as a ``skipped`` row without body
    (From, Subject and Message-ID read from its header; a second copy of a letter already
    stored is a ``duplicate``, not noted again)."""
    from .fetch import SkippedMessage

    skipped = isinstance(item, SkippedMessage)
    letter = _store_raw(s, source, key, None if skipped else item.raw, item.received, item.size)
    if letter is None:
        return
    if not skipped:
        report.fetched += 1
        return
    _fill_skipped(s, letter, item.header, limit)
    if letter.state == "skipped":
        report.skipped_large += 1
        report.attention.append(f"{letter.from_addr or '?'}: {loads(letter.notes_json)[0]} ({letter.subject})")


def _fill_skipped(s: Session, letter: Letter, header: bytes, limit: int) -> None:
    from .decode import decode

    head = decode(header) if header else None
    if head is not None:
        if not head.message_id.startswith("sha256:"):
            letter.message_id = head.message_id
        letter.from_addr, letter.subject = head.from_addr, head.subject
    first = s.exec(select(Letter).where(Letter.message_id == letter.message_id, Letter.id != letter.id,
                                        Letter.state != "pending")).first()
    if first is not None:
        letter.state, letter.duplicate_of = "duplicate", first.duplicate_of or first.id
    else:
        letter.state = "skipped"
    letter.notes_json = dumps([f"письмо слишком большое ({letter.size} байт, предел {limit} байт), не скачано"])
    s.add(letter)


def _store_raw(s: Session, source: str, key: str, raw: bytes | None, received: datetime,
               size: int) -> Letter | None:
    """A new ``pending`` Letter row for (source, key), or None when that key is already stored."""
    exists = s.exec(select(Letter.id).where(Letter.source == source, Letter.key == key)).first()
    if exists is not None:
        return None
    provisional = "sha256:" + hashlib.sha256(raw or key.encode()).hexdigest()
    letter = Letter(source=source, key=key, message_id=provisional, raw=raw, size=size,
                    received=to_db(received))
    s.add(letter)
    s.flush()
    return letter


def process_pending(cfg: GameConfig, store: Store, *, now: datetime, report: SyncReport,
                    renderer: Renderer | None = None) -> None:
    """Stages 2–6 for every stored letter still ``pending``, one transaction per letter.

    A letter whose processing raises is rolled back and then marked ``held`` with the error
    in its notes (for the host): one bad letter never stops the sync nor blocks later ones.
    """
    renderer = renderer or Renderer(cfg)
    with store.session() as s:
        ids = list(s.exec(select(Letter.id).where(Letter.state == "pending").order_by(Letter.received, Letter.id)))
        own = OwnLetters.load(s) if ids else None
    for letter_id in ids:
        try:
            with store.session() as s:
                letter = s.get(Letter, letter_id)
                if letter is None or letter.state != "pending":
                    continue
                _process_one(cfg, store, s, letter, now, renderer, own)
                crash_point("process_tx")
        except Exception as exc:  # noqa: BLE001 - one bad letter must not stop the sync
            letter = _hold_after_error(cfg, store, letter_id, exc)
        crash_point("processed")
        report.processed += 1
        report.states[letter.state] = report.states.get(letter.state, 0) + 1
        if letter.state in ATTENTION_STATES:
            report.attention.append(f"{letter.from_addr or '?'}: {letter.state} ({letter.subject})")


#: Letter states the host is told about after a sync.
ATTENTION_STATES = ("unknown_sender", "held", "unreadable", "skipped")
#: Most answers per address and local calendar day to letters with no accepted move (no_moves,
#: late, held); further ones are stored unanswered, which ends any loop with an auto-responder.
MAX_EMPTY_REPLIES_PER_DAY = 3


def _same_letter(first: Letter, decoded) -> bool:
    """True when ``decoded`` is another delivery of ``first`` (same sender and own text), not
    a different letter that a broken client gave the same Message-ID."""
    from .decode import decode

    if first.raw is None:
        return True  # too large to compare: the Message-ID decides
    earlier = decode(first.raw)
    return (earlier.from_addr, earlier.body) == (decoded.from_addr, decoded.body)


def _hold_after_error(cfg: GameConfig, store: Store, letter_id: int, exc: Exception) -> Letter:
    """Mark a letter whose processing raised as ``held`` (its headers read again, no moves,
    no reply), with the error in its notes for the host."""
    from .decode import decode

    with store.session() as s:
        letter = s.get(Letter, letter_id)
        if letter.state != "pending":
            return letter  # another run processed it meanwhile: its result stands
        decoded = decode(letter.raw or b"")
        letter.message_id = decoded.message_id or letter.message_id
        letter.from_addr, letter.subject, letter.body = decoded.from_addr, decoded.subject, decoded.body
        letter.nick = cfg.player_by_address().get(decoded.from_addr)
        letter.state = "held"
        letter.notes_json = dumps(list(decoded.notes) + [
            f"ошибка при обработке письма ({type(exc).__name__}: {exc}); ходы не приняты, ответа не было"])
        s.add(letter)
        return letter


def _process_one(cfg: GameConfig, store: Store, s: Session, letter: Letter, now: datetime,
                 renderer: Renderer, own: "OwnLetters") -> None:
    from engine.parse import parse_letter

    from .decode import decode

    decoded = decode(letter.raw or b"")
    letter.message_id = decoded.message_id or letter.message_id
    letter.from_addr = decoded.from_addr
    letter.subject = decoded.subject
    letter.body = decoded.body
    notes = list(decoded.notes)
    received = utc(letter.received)

    def done(state: str) -> None:
        letter.state = state
        letter.notes_json = dumps(notes)
        s.add(letter)

    # --- screen
    # a pending letter stored before this one counts too (e.g. one waiting for the next day)
    earlier = s.exec(select(Letter).where(
        Letter.message_id == letter.message_id, Letter.id != letter.id,
        or_(Letter.state != "pending", Letter.id < letter.id)).order_by(Letter.id)).all()
    first = next((e for e in earlier if e.duplicate_of is None and _same_letter(e, decoded)), None)
    if first is not None:
        letter.duplicate_of = first.id
        return done("duplicate")
    if earlier:
        notes.append(f"тот же Message-ID, что у письма {earlier[0].id}, но другой текст: письмо "
                     "читается как новое")
    if decoded.unreadable:
        notes.append("письмо не удалось прочитать")
        return done("unreadable")
    if decoded.auto:
        notes.append(f"автоответ или отказ доставки: {decoded.auto}")
        return done("auto_reply")
    if _is_own(cfg, s, decoded.from_addr, letter.message_id):
        notes.append("письмо самой игры или ведущего: не ход игрока")
        return done("host")
    nick = cfg.player_by_address().get(decoded.from_addr)
    letter.nick = nick
    if decoded.auth_failed:
        notes.append(f"проверка подлинности не прошла: {decoded.auth_failed}; ответа не было")
        return done("held")
    if len(decoded.from_addrs) > 1:
        notes.append(f"в заголовке From несколько адресов ({', '.join(decoded.from_addrs)}): "
                     "неясно, кто автор; ответа не было")
        return done("held")
    ctx = current_context(s)
    if nick is None:
        if _REPLYABLE.fullmatch(decoded.from_addr):
            day = received.astimezone(cfg.zone).date().isoformat()
            queue(s, cfg, ref=f"unknown:{decoded.from_addr}:{day}", kind="unknown_sender",
                  to_addr=decoded.from_addr, subject=_re(decoded.subject),
                  body=renderer.unknown_sender(decoded.from_addr), now=now,
                  in_reply_to=decoded.message_id, references=decoded.references,
                  auto_submitted="auto-replied")
        return done("unknown_sender")
    if ctx is None:
        notes.append("игра ещё не начата или уже окончена")
        return done("no_moves")
    player_cfg = next(p for p in cfg.players if p.nick == nick)
    body, copies = cut_own_letters(decoded.body, own.bodies_to(player_cfg.emails))
    if copies:
        letter.body = body
        notes.append(f"в письме копия письма игры ({copies}): её текст не читается как ходы")
    if cfg.require_code and player_cfg.code and player_cfg.code.lower() not in body.lower():
        problems = [Problem(text=decoded.subject or "", kind="not_allowed", reason="no_code",
                            message="В письме нет вашего кодового слова, поэтому ходы не приняты.")]
        letter.problems_json = dumps([p.to_json() | {"message": p.message} for p in problems])
        _reply(cfg, s, letter, decoded, renderer, ctx, [], problems, now, state="held", notes=notes,
               own=own)
        return done("held")
    # --- stamp
    letter.day = ctx.day
    prev = store.day(s, ctx.day - 1)
    if prev is not None and prev.status == "closed" and received <= utc(prev.deadline) + timedelta(minutes=1):
        late_for = prev
    elif not on_time(received, utc(ctx.row.deadline)):
        late_for = ctx.row
    else:
        late_for = None
    # --- parse
    result = parse_letter(body, nick, ctx.state, ctx.info)
    letter.moves_json = dumps([m.to_json() for m in result.moves])
    letter.skip, letter.cancel = result.skip, result.cancel
    problems = list(result.problems)
    letter.problems_json = dumps([p.to_json() | {"message": p.message} for p in problems])
    fear = [m for m in result.moves if m.action == "fear_choice"]
    if fear and ctx.row.fear_chosen == nick and ctx.row.status == "open":
        # «Страх»: the day waits for this answer, which comes after the deadline by design
        ctx.row.fear_choice = fear[-1].target
        s.add(ctx.row)
        late_for = None
    if late_for is ctx.row and (ctx.row.fear_chosen or ctx.row.revision):
        # a day kept open past its deadline only to wait for the «Страх» answer, or reopened
        # by the host for a correction: any other letter after the deadline is for the next
        # day and waits for it (stays pending)
        letter.day = None
        notes.append(f"день {ctx.day} ещё не закрыт (ждёт «Страха» или исправлен ведущим): "
                     "письмо будет прочитано в следующем дне")
        letter.notes_json = dumps(notes)
        s.add(letter)
        return
    if late_for is not None:
        # a letter for a day already closed stays out of that day (export replays the day as
        # close-day resolved it): state ``after_close``, not ``late``
        state = "after_close" if late_for.status == "closed" else "late"
        letter.day = late_for.day
        _reply(cfg, s, letter, decoded, renderer, ctx, list(result.moves), problems, now,
               state=state, late_deadline=utc(late_for.deadline), notes=notes, own=own)
        return done(state)
    state = "applied" if (result.moves or result.skip or result.cancel) else "no_moves"
    _reply(cfg, s, letter, decoded, renderer, ctx, list(result.moves), problems, now, state=state,
           notes=notes, own=own)
    return done(state)


#: An address a reply may go to: one "@", a dot in the domain, no spaces or control characters.
_REPLYABLE = re.compile(r"[^@\s\x00-\x1f\x7f]+@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f]+")


class OwnLetters:
    """The bodies of the latest letters the game queued, by lower-case address: read once per
    sync and kept up to date as replies are queued (a sync checks every letter against them).
    Only the last :data:`OWN_LETTERS_KEPT` per address are kept, so memory stays flat however
    long the game (a pasted copy is of a recent letter)."""

    def __init__(self) -> None:
        self._bodies: dict[str, deque[str]] = {}

    @classmethod
    def load(cls, s: Session) -> "OwnLetters":
        own = cls()
        for to_addr, body in s.exec(select(Outgoing.to_addr, Outgoing.body).order_by(Outgoing.id)):
            own.add(to_addr, body)
        return own

    def add(self, to_addr: str, body: str) -> None:
        self._bodies.setdefault(to_addr.lower(), deque(maxlen=OWN_LETTERS_KEPT)).append(body)

    def bodies_to(self, addresses) -> set[str]:
        out: set[str] = set()
        for a in addresses:
            out.update(self._bodies.get(a.lower(), ()))
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

    return parseaddr(value)[1].lower()


def _re(subject: str) -> str:
    subject = subject.strip() or "Ход"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def _reply(cfg, s, letter, decoded, renderer, ctx, moves, problems, now, *, state, notes, own,
           late_deadline=None):
    """Queue the answer to ``letter`` (once per Message-ID), unless it accepted nothing and
    its sender already had MAX_EMPTY_REPLIES_PER_DAY such answers that day (loop breaker)."""
    if state != "applied" and _empty_answers_today(cfg, s, letter) >= MAX_EMPTY_REPLIES_PER_DAY:
        notes.append(f"ответа нет: с этого адреса уже {MAX_EMPTY_REPLIES_PER_DAY} письма без "
                     "принятых ходов за день (защита от переписки с автоответчиком)")
        return
    body = renderer.reply(nick=letter.nick, moves=moves, problems=problems, state=ctx.state,
                          day_row=ctx.row, late_deadline=late_deadline, status=state,
                          skip=letter.skip, cancel=letter.cancel, now=now)
    ref = f"reply:{letter.message_id}"
    if s.exec(select(Letter.id).where(Letter.message_id == letter.message_id, Letter.id < letter.id)).first():
        ref += f"#{letter.id}"  # a different letter under a reused Message-ID gets its own answer
    queue(s, cfg, ref=ref, kind="reply", to_addr=decoded.from_addr,
          to_nick=letter.nick, subject=_re(decoded.subject), body=body, now=now, day=letter.day,
          in_reply_to=decoded.message_id, references=decoded.references,
          auto_submitted="auto-replied")
    own.add(decoded.from_addr, body)


def _empty_answers_today(cfg: GameConfig, s: Session, letter: Letter) -> int:
    """Earlier letters from the same address, received the same local calendar day, that
    accepted no move (states no_moves, late, after_close, held)."""
    local_day = utc(letter.received).astimezone(cfg.zone).date()
    start = datetime.combine(local_day, time(0), cfg.zone)
    end = datetime.combine(local_day + timedelta(days=1), time(0), cfg.zone)
    return s.exec(select(func.count()).select_from(Letter).where(
        Letter.from_addr == letter.from_addr, Letter.id != letter.id,
        Letter.state.in_(("no_moves", "late", "after_close", "held")),
        Letter.received >= to_db(start), Letter.received < to_db(end))).one()


def _is_own(cfg: GameConfig, s: Session, from_addr: str, message_id: str) -> bool:
    """True for a letter from the host's own addresses or carrying one of the game's own
    outgoing Message-IDs (a copy of a letter the game sent): it never counts as a player's."""
    own = {a.lower() for a in cfg.host_addresses} | {_addr(cfg.send.from_addr)}
    if from_addr in own:
        return True
    domain = _addr(cfg.send.from_addr).rpartition("@")[2] or "mafia-mail.invalid"
    if re.fullmatch(rf"mm-[0-9a-f]{{24}}@{re.escape(domain)}", message_id, re.IGNORECASE):
        return True  # the form of mailer.outbox.message_id_for, even from an older database
    return s.exec(select(Outgoing.id).where(Outgoing.message_id == message_id)).first() is not None


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
        mailer.turns.GameError: another sync of this game is running (mailer.runlock).
    """
    from .turns import GameError

    report = SyncReport()
    try:
        with exclusive(cfg.path, "sync"):
            fetch_new(cfg, store, report, progress)
            process_pending(cfg, store, now=now, report=report)
            with store.session() as s:
                game = s.get(Game, 1)
                if game is not None:
                    game.last_sync = to_db(now)
                    s.add(game)
    except AlreadyRunning as exc:
        raise GameError(str(exc)) from None
    return report
