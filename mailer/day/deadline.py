"""The open day's deadline: ``deadline`` moves it, ``remind`` tells the players who have
not moved yet; reminders that no longer hold are dropped.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlmodel import Session, select

from engine.state import GameState

from ..config import GameConfig
from ..letter_state import LetterState
from ..outbox import drop_unsent, queue
from ..out_state import UNSENT
from ..answers import NEXT_DAY_REF, next_day_message_id
from ..store import DayInput, DayRow, Letter, Outgoing, Store, dumps, loads, to_db, utc
from ..forum.today import day_end
from .context import GameError, address_of, current_context


def set_deadline(cfg: GameConfig, store: Store, phrase: str, *, now: datetime,
                 dry_run: bool = False) -> datetime:
    """Move the open day's deadline to ``phrase``, read by :func:`mailer.when.read_when` in
    the game's time zone («вторник 23:00», «завтра в 19», «05.03.2027 19:30», ISO 8601).
    Returns the new deadline (aware UTC); stored in UTC unless ``dry_run`` (then only checked,
    so the host can confirm it first). Once moved, letters not yet sent that state the old
    deadline state the new one (so does the last newspaper), and every living player is told
    by a short letter, queued for ``preview`` and ``send`` like the others.

    Raises:
        GameError: no open day, the phrase is not a date with a time of day, or the time is
            already past or before the open day began.
    """
    from ..when import WhenError, read_when

    try:
        deadline = utc(read_when(phrase, now=now, zone=cfg.zone))
    except WhenError as exc:
        raise GameError(str(exc)) from None
    if deadline <= now:
        raise GameError(f"срок «{phrase}» ({deadline.astimezone(cfg.zone):%d.%m.%Y %H:%M}) уже прошёл; "
                        "закрыть день сейчас: mafia-mail close-day --early")
    with store.session() as s:
        ctx = current_context(s)
        if ctx is None:
            raise GameError("нет открытого дня")
        prev = s.get(DayRow, ctx.day - 1)
        opened = day_began(prev, cfg.start)
        if deadline <= opened:
            example = max(utc(ctx.row.deadline), opened + timedelta(days=1))
            raise GameError(
                f"срок «{phrase}» ({deadline.astimezone(cfg.zone):%d.%m.%Y %H:%M}) раньше начала "
                f"дня {ctx.day} ({opened.astimezone(cfg.zone):%d.%m.%Y %H:%M}); укажите дату "
                f"полностью, например {example.astimezone(cfg.zone):%Y-%m-%d %H:%M}")
        if not dry_run:
            old = utc(ctx.row.deadline)
            ctx.row.deadline = to_db(deadline)
            s.add(ctx.row)
            if old != deadline:
                _tell_new_deadline(cfg, s, ctx, prev, old, now)
    return deadline


def current_deadline(store: Store) -> datetime | None:
    """The open day's deadline (aware UTC), or None with no open day."""
    with store.session() as s:
        ctx = current_context(s)
        row = s.get(DayRow, ctx.day) if ctx is not None else None
        return utc(row.deadline) if row is not None else None


def earlier_deadline_warning(cfg: GameConfig, store: Store, new: datetime) -> str:
    """The host's warning before the open day's deadline moves to ``new`` (aware) when it is
    EARLIER than the current one: the current deadline, and how many letters already stored
    for the day would then be late (received after ``new``'s minute, DECISIONS.md §8: their
    moves are refused at close-day, or read with the next day if not read yet). "" when
    ``new`` is not earlier (or there is no open day)."""
    from engine.calendar import on_time

    from ..when import format_when

    with store.session() as s:
        ctx = current_context(s)
        if ctx is None:
            return ""
        old = utc(ctx.row.deadline)
        if not new.replace(second=0, microsecond=0) < old.replace(second=0, microsecond=0):
            return ""
        opened = day_began(s.get(DayRow, ctx.day - 1), cfg.start)
        late = 0
        for letter in s.exec(select(Letter).where(Letter.received >= to_db(opened),
                                                 Letter.state.in_(_READ_OR_WAITING))):
            received = utc(letter.received)
            read_in_day = letter.state != LetterState.PENDING and letter.day == ctx.day
            waiting = letter.state == LetterState.PENDING and on_time(received, old)
            if (read_in_day or waiting) and not on_time(received, new):
                late += 1
    head = (f"Внимание: новый срок раньше нынешнего ({format_when(old, cfg.zone)}): письма, "
            "которые придут после нового срока, пойдут в следующий день.")
    if not late:
        return head + f" Писем дня {ctx.day}, полученных позже нового срока, нет."
    return (head + f" Писем дня {ctx.day}, полученных позже нового срока: {late} — с новым сроком "
            f"они станут опоздавшими: их ходы в день {ctx.day} не войдут.")


#: The states of letters a moved deadline may make late: read for the day, or not read yet.
_READ_OR_WAITING = (LetterState.APPLIED.value, LetterState.NO_MOVES.value, LetterState.PENDING.value)


def day_began(prev: DayRow | None, start: datetime) -> datetime:
    """When the open day began (aware UTC), given the day before it ``prev`` (None on day 1):
    day 1 at the game's ``start``; a later day when ``prev`` was closed (DECISIONS.md §2: a
    letter received after that close is the open day's, :func:`mailer.stamp.stamp`) or, for
    a day closed late, at ``prev``'s deadline minute, after which letters were already the
    open day's. A deadline moved for ``prev`` and then an early close do not move it later.
    For letters only: the thread's spans (:func:`mailer.forum.today.spans`) never begin
    before the game's start, since posts before it belong to no day (FORUM.md)."""
    if prev is None:
        return start
    from ..stamp import letters_closed_at

    closed = letters_closed_at(prev) if prev.closed_at or prev.last_closed_at else None
    return day_end(utc(prev.deadline), closed, prev.status)


def _tell_new_deadline(cfg: GameConfig, s: Session, ctx, prev: DayRow | None, old: datetime,
                       now: datetime) -> None:
    """After the open day's deadline moved from ``old``: unsent letters that state ``old``
    (replies, reminders, role and event letters, the last results) state the new deadline,
    so does the last newspaper, and every living player is told by a letter of kind
    ``deadline`` (an unsent one from an earlier move is replaced) — but one whose unsent
    «день снова открыт» letter now names the new deadline
    (:func:`mailer.day.reopen_notice.moved_deadline`)."""
    from ..render import Renderer
    from .reopen_notice import moved_deadline

    renderer = Renderer(cfg)
    new = utc(ctx.row.deadline)
    told = old  # the deadline the players were last told: an unsent notice told them nothing
    for out in s.exec(select(Outgoing).where(Outgoing.kind == "deadline", Outgoing.day == ctx.day,
                                             Outgoing.state.in_(UNSENT))):
        told = _told_in(out.ref) or told
        drop_unsent(s, out, f"срок дня {ctx.day} снова перенесён: это письмо называет прежний срок")
    s.flush()
    _drop_next_day_notices(s, ctx.day, new)
    old_text, new_text = renderer.local(old), renderer.local(new)
    for out in s.exec(select(Outgoing).where(Outgoing.state.in_(UNSENT))):
        if old_text in out.body:
            out.body = out.body.replace(old_text, new_text)
            s.add(out)
    paper = loads(prev.paper_json) if prev is not None else None
    if paper and paper.get("next_deadline") and utc(datetime.fromisoformat(paper["next_deadline"])) == old:
        paper["next_deadline"] = new.isoformat()
        prev.paper_json = dumps(paper)
        prev.newspaper, prev.newspaper_bbcode = renderer.paper(paper)
        s.add(prev)
    # an unsent «день снова открыт» letter now names the new deadline: it tells its player
    reopened = moved_deadline(cfg, s, ctx.day, new)
    if told == new:
        return  # moved back to what the players were told: nothing to tell
    # who sent moves that day: only they are told their moves stand
    sent_moves = {letter.nick for letter in s.exec(select(Letter).where(
        Letter.day == ctx.day, Letter.state == LetterState.APPLIED.value)) if letter.nick}
    for nick in ctx.state.alive():
        if nick in reopened:
            continue
        queue(s, cfg, ref=f"deadline-moved:{ctx.day}:{told:{_REF_TIME}}:{new:{_REF_TIME}}:{nick}",
              kind="deadline", day=ctx.day, to_addr=address_of(cfg, nick), to_nick=nick,
              subject=cfg.subject(f"новый срок дня {ctx.day}"),
              body=renderer.render("deadline_moved.txt.j2", nick=nick, day=ctx.row, deadline=new,
                                   old_deadline=told, sent_moves=nick in sent_moves),
              now=now)


def _drop_next_day_notices(s: Session, day: int, new: datetime) -> None:
    """Take off the queue the unsent «counts for day N+1» notices (ref ``next_day:<Message-ID>``)
    of letters that the deadline ``new`` (moved later) makes on time for ``day``: the next
    sync reads them for ``day`` (:func:`mailer.reading.due_letters`), and the notice no longer
    holds (DECISIONS.md §2, §8)."""
    from engine.calendar import on_time

    for out in s.exec(select(Outgoing).where(Outgoing.ref.startswith(NEXT_DAY_REF),
                                             Outgoing.day == day + 1, Outgoing.state.in_(UNSENT))):
        received = s.exec(select(Letter.received).where(
            Letter.message_id == next_day_message_id(out.ref))).first()
        if received is not None and on_time(utc(received), new):
            drop_unsent(s, out, f"срок дня {day} перенесён позже: письмо пришло в срок и "
                                f"относится ко дню {day}")


#: UTC minute in a deadline notice's ref: «deadline-moved:<day>:<told>:<new>:<nick>».
_REF_TIME = "%Y%m%dT%H%MZ"


def _told_in(ref: str) -> datetime | None:
    """The deadline the players had been told, from an unsent deadline notice's ref (None
    for a ref of another form)."""
    parts = ref.split(":", 4)
    try:
        return datetime.strptime(parts[2], _REF_TIME).replace(tzinfo=timezone.utc)
    except (IndexError, ValueError):
        return None


def stale_sync_warning(cfg: GameConfig, store: Store, *, now: datetime) -> str | None:
    """The host's Russian warning that ``remind`` counts only the letters fetched by the last
    ``sync``, when it finished more than :data:`mailer.status.SYNC_FRESH` before ``now``
    (aware) or never ran: a player whose letter waits in the mailbox would be reminded of a
    move he sent. None when the last sync is fresh."""
    from ..status import sync_age
    from ..store import Game

    with store.session() as s:
        game = s.get(Game, 1)
        last = utc(game.last_sync) if game is not None and game.last_sync else None
    when = sync_age(last, now, cfg.zone)
    if when is None:
        return None
    if last is None:  # («почта забиралась ни разу» is no Russian)
        return ("Внимание: почта ещё ни разу не забиралась — письма из ящика напоминание не учтёт. "
                "Сначала mafia-mail sync, потом remind.")
    return (f"Внимание: почта забиралась {when} — письма, пришедшие позже, напоминание не учтёт. "
            "Сначала mafia-mail sync, потом remind.")


def remind(cfg: GameConfig, store: Store, *, now: datetime) -> list[str]:
    """Queue a reminder to every living player who sent no move today, or sent moves but no
    lynch vote (a day without a vote costs an autokill point, DECISIONS.md §7), or a vote
    but not the night move his role owes (engine.legality.night_role_moves), saying what
    is missing (at most one per day per player; one whose letters of the day gave no move is
    told his letter came but no move of it was accepted); a vote taken back («Снимаю голос.») is no
    vote, and moves all taken back are none. A player the host stripped of his vote is
    not reminded of it; a vote the host imported counts, and so does a vote in today's forum
    thread (as close-day and ``status`` count it). On a two-vote day («Ярость»,
    «Голос») the reminder says each player has two votes. Returns the nicknames reminded now.
    Raises GameError with no open day, or when ``now`` is before the open day began (a kept
    demo game run on the real clock)."""
    from engine.legality import night_role_moves, standing_moves
    from engine.lynch import votes_per_player
    from engine.model import Move

    from ..forum.today import thread_voters_sql

    from ..render import Renderer, example_nicks
    from ..render_words import autokill_edge

    renderer = Renderer(cfg)
    reminded = []
    with store.session() as s:
        ctx = current_context(s)
        if ctx is None:
            raise GameError("нет открытого дня")
        opened = day_began(s.get(DayRow, ctx.day - 1), cfg.start)
        if now < opened:
            raise GameError(f"день {ctx.day} ещё не начался (начнётся "
                            f"{opened.astimezone(cfg.zone):%d.%m.%Y %H:%M}): напоминать пока не о чем")
        # what stands after each player's letters (engine.legality.standing_moves): a vote
        # taken back («Снимаю голос.») is no vote, and a player left with nothing in force
        # (and no «пропускаю ход») is reminded as one who sent nothing
        mine: dict[str, list[tuple]] = {}
        skipped: set[str] = set()
        wrote: set[str] = set()  # players whose letters of the day gave no move (refused, not understood)
        for letter in store.letters(s, day=ctx.day):
            if letter.state == LetterState.NO_MOVES and letter.nick:
                wrote.add(letter.nick)
            if letter.state != LetterState.APPLIED or not letter.nick:
                continue
            mine.setdefault(letter.nick, []).append(
                (tuple(Move.from_json(m) for m in loads(letter.moves_json) or []),
                 bool(letter.cancel or letter.skip), tuple(loads(letter.unvote_json or "[]") or ())))
            if letter.cancel or letter.skip:
                skipped.add(letter.nick)
        standing = {nick: standing_moves(letters) for nick, letters in mine.items()}
        moved = {nick for nick, moves in standing.items() if moves} | skipped
        # a night move in force (a vote alone is no night move: the detective who voted and
        # did not check is reminded of the check)
        night = {nick for nick, moves in standing.items()
                 if any(m.action != "vote" for m in moves)} | skipped
        voted = {nick for nick, moves in standing.items() if any(m.action == "vote" for m in moves)}
        inputs = list(s.exec(select(DayInput).where(DayInput.day == ctx.day)))
        voted |= {i.nick for i in inputs if i.kind in ("vote", "lost_vote")}
        in_thread = thread_voters_sql(s, ctx, set(ctx.state.alive()) - voted, cfg.start)
        voted |= in_thread
        votes, examples = votes_per_player(ctx.row.event), example_nicks(ctx.state)
        for nick in ctx.state.alive():
            owed = nick not in night and bool(night_role_moves(ctx.state, ctx.info, nick))
            if nick in voted and not owed:
                continue  # a vote (by letter, import or in the thread) and no night move owed
            ref = f"remind:{ctx.day}:{nick}"
            if s.exec(select(Outgoing.id).where(Outgoing.ref == ref)).first() is not None:
                continue
            queue(s, cfg, ref=ref, kind="reminder", day=ctx.day, to_addr=address_of(cfg, nick),
                        to_nick=nick, subject=cfg.subject("напоминание о ходе"),
                        body=renderer.render("reminder.txt.j2", nick=nick, day=ctx.row,
                                             deadline=utc(ctx.row.deadline),
                                             no_letter=nick not in moved, no_vote=nick not in voted,
                                             no_night=owed,
                                             wrote=nick in wrote, thread_vote=nick in in_thread,
                                             votes=votes, examples=examples,
                                             autokill_edge=autokill_edge(ctx.state, nick)),
                        now=now)
            reminded.append(nick)
    return reminded


def unsent_reminders(s: Session) -> set[tuple[str | None, int | None]]:
    """``(nick, day)`` of every unsent reminder, in one query: a sync asks
    :func:`drop_answered_reminder` only for those (it used to ask for every applied letter,
    one scan of the outgoing table each)."""
    table = Outgoing.__table__
    return {(r.to_nick, r.day) for r in s.execute(select(table.c.to_nick, table.c.day).where(
        table.c.kind == "reminder", table.c.state.in_(UNSENT)))}


def drop_answered_reminder(s: Session, nick: str, day: int) -> bool:
    """Take off the queue ``nick``'s unsent reminder for ``day``: a letter of his with moves
    for that day came after it, so what it says is missing may no longer be (the reply to the
    letter says what stands). Returns whether one was dropped."""
    out = s.exec(select(Outgoing).where(Outgoing.kind == "reminder", Outgoing.to_nick == nick,
                                        Outgoing.day == day, Outgoing.state.in_(UNSENT))).first()
    if out is None:
        return False
    drop_unsent(s, out, "игрок прислал ходы после напоминания: ответ на его письмо говорит, что в силе")
    return True


def drop_past_reminders(s: Session, now: datetime) -> int:
    """Take off the queue the unsent reminders whose day's deadline has passed at ``now``
    (aware): «пришлите ход до 19:30» is wrong after 19:30, whether the day is closed yet or
    not. Returns how many."""
    dropped = 0
    for out in s.exec(select(Outgoing).where(Outgoing.kind == "reminder",
                                             Outgoing.state.in_(UNSENT))):
        row = s.get(DayRow, out.day) if out.day is not None else None
        if row is not None and utc(row.deadline) <= now:
            drop_unsent(s, out, f"срок дня {out.day} уже прошёл: напоминание опоздало")
            dropped += 1
    return dropped


def drop_stale_reminders(s: Session, day: int, state: GameState) -> int:
    """Take off the queue the reminders, the «новый срок» notices (kind ``deadline``), the
    «Страх — ваш выбор» letters (kind ``fear``: the host gave the choice with ``close-day
    --fear-choice`` before it went) and the «день снова открыт» letters (kind ``reopen``: the
    day's new results tell what changed, :mod:`mailer.day.reopen_notice`) that no longer
    hold: those for ``day`` (being closed) or earlier, and those to players dead in
    ``state``. Returns how many."""
    dropped = 0
    for out in s.exec(select(Outgoing).where(Outgoing.kind.in_(("reminder", "deadline", "fear", "reopen")),
                                             Outgoing.state.in_(UNSENT))):
        p = state.players.get(out.to_nick or "")
        if (out.day or 0) <= day or (p is not None and not p.alive):
            drop_unsent(s, out, (f"день {out.day} закрыт" + (": выбор «Страха» сделан без этого письма"
                                                             if out.kind == "fear" else
                                                             ": новые итоги скажут, что изменилось"
                                                             if out.kind == "reopen" else ""))
                        if (out.day or 0) <= day else f"{out.to_nick} выбыл(а) из игры")
            dropped += 1
    return dropped
