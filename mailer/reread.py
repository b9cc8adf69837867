"""``mafia-mail reread``: read stored letters again, as if they had just arrived.

For the letters a sync could not take and the host has since made takeable: a letter from an
address that was not in the roster (the host added it to the player's ``emails``), a letter
held after an error (the cause is fixed), an unreadable one (a newer version decodes it), or
one that came on time for a day that was closed early and is open again (``reopen-day``); and,
for ``mafia-mail words`` and ``open-day --event`` only, a letter of the open day that the
game's words or the day's event, changed by the host, now read otherwise
(:func:`changed_letters`; :mod:`mailer.taught_words`, :func:`mailer.day.set_event`): its
moves wait for close-day.
The letter keeps its receipt time, so it is stamped against the same deadlines as before;
it goes through every stage of :mod:`mailer.reading` again and its sender gets a new reply.
"""

from __future__ import annotations

import re
from datetime import datetime

from .config import GameConfig
from .day.context import current_context
from .intake import SyncReport, back_to_pending, release_answers
from .letter_state import LetterState
from .reading import process_pending
from .runlock import AlreadyRunning, exclusive
from .store import DayRow, Letter, Store

__all__ = ["reread", "reread_locked", "REREADABLE_STATES", "open_day_states", "open_day_letters", "changed_letters"]

#: States a letter may be re-read from: nothing of it was applied and the cause may be gone.
REREADABLE_STATES = (LetterState.UNKNOWN_SENDER, LetterState.HELD, LetterState.UNREADABLE,
                     LetterState.AFTER_CLOSE)


def open_day_states() -> tuple[LetterState, ...]:
    """The states of a letter of the open day that may be read again too (its moves wait
    for close-day, which reads them again; the new reading replaces them): read with moves,
    with none, or late for the day before and counted for this one."""
    return (LetterState.APPLIED, LetterState.NO_MOVES, LetterState.LATE)


def open_day_letters(s) -> tuple:
    """``(context, letters)``: the open day (:func:`mailer.day.context.current_context`) and
    its letters that close-day reads again and that may be re-read
    (:func:`open_day_states`), in order of receipt; ``(None, [])`` when no day is open.
    ``s``: an open session."""
    from sqlmodel import select

    ctx = current_context(s)
    if ctx is None:
        return None, []
    return ctx, list(s.exec(select(Letter).where(
        Letter.day == ctx.day, Letter.state.in_([st.value for st in open_day_states()])).order_by(Letter.received, Letter.id)))


def changed_letters(rows: list[Letter], before: list, after: list) -> tuple[list[int], list[int]]:
    """Which of the open day's letters ``rows`` (:func:`open_day_letters`) to read again when
    their readings ``before`` a change of the host's (the game's words, the day's event)
    differ from those ``after`` it (``ParseResult.to_json()`` each, in the order of ``rows``):
    close-day reads the day's letters as they read then, so each such letter's sender gets a
    new reply that says what close-day will do. The sender's later letters of the day are read
    again after it, in order of receipt: each reply says what stands after the letters before
    it. Returns ``(ids, followed)``: the letters to read again, in order of receipt, and those
    of them read again only as later letters of such a sender."""
    changed = [row for row, was, now_read in zip(rows, before, after) if was != now_read]
    first: dict[str, tuple] = {}
    for row in changed:
        first.setdefault(row.nick, (row.received, row.id))
    ids = [row.id for row in rows if row.nick in first and (row.received, row.id) >= first[row.nick]]
    read_otherwise = {row.id for row in changed}
    return ids, [i for i in ids if i not in read_otherwise]


def reread(cfg: GameConfig, store: Store, ids: list[int], *, now: datetime,
           open_day: bool = False) -> SyncReport:
    """Put the letters ``ids`` back as ``pending`` and read every pending letter due now
    (:func:`mailer.reading.process_pending`, the second half of ``sync``; no mail is fetched).

    Args:
        cfg: the loaded config (its current roster and addresses are used); store: the game
            database; ids: ``Letter.id`` numbers as ``inbox`` shows them; now: aware current
            time (the Date of the replies); open_day: letters of the open day read with or
            without moves (:func:`open_day_states`) may be read again too (the host taught
            the game new words, :mod:`mailer.taught_words`).
    Returns:
        SyncReport of the reading (``fetched`` is 0); ``withdrawn``: how many answers to
        those letters that were still unsent (the «unknown address» or «held» answer) were
        taken off the queue, since the new reading's reply replaces them.
    Raises:
        mailer.day.GameError: no such letter, a letter in a state that cannot be re-read
            (its moves were applied, it is a duplicate, an auto-reply…), a letter never
            downloaded (too large), or a sync of this game is running. Russian message;
            nothing is changed.
    """
    from .day import GameError

    try:
        with exclusive(cfg.path, "sync", cfg.database_url):
            return reread_locked(cfg, store, ids, now=now, open_day=open_day)
    except AlreadyRunning as exc:
        raise GameError(str(exc)) from None


def reread_locked(cfg: GameConfig, store: Store, ids: list[int], *, now: datetime,
                  open_day: bool = False) -> SyncReport:
    """:func:`reread` for a caller that holds the game's ``sync`` lock already (a command
    that changes the day, :func:`mailer.day.context.one_at_a_time`): the same checks, errors
    and report.

    A letter still ``pending`` and due now (one ``reopen-day`` gave back to its day) is read
    now, as sync would read it. A letter that goes into the open day before letters of its
    sender already read for that day is read in its place in time (:mod:`mailer.day.in_place`,
    in :func:`mailer.reading.process_pending`): those later letters are read again after it
    (``report.followed``), and a player whose reply to one of them went out and whose moves
    of the day changed gets the new reply «(исправлено)» (``report.in_place``). A reply the
    reading queued that would repeat word for word the last reply sent to its player is taken
    off the queue (:func:`drop_repeated_replies`, ``report.repeated``)."""
    from .day import GameError
    from .reading import due_letters

    with store.session() as s:
        letters = [s.get(Letter, i) for i in ids]
        missing = [str(i) for i, letter in zip(ids, letters) if letter is None]
        if missing:
            raise GameError(f"нет письма с номером {', '.join(missing)} (номера — в mafia-mail inbox)")
        ctx = current_context(s)
        today = ctx.day if ctx is not None and open_day else None
        due = set(due_letters(s)) if any(l.state == LetterState.PENDING for l in letters) else set()
        wrong = [f"{l.id} ({LetterState(l.state).ru})" for l in letters if l.state not in REREADABLE_STATES
                 and not (today is not None and l.state in open_day_states() and l.day == today)
                 and not (l.state == LetterState.PENDING and l.id in due)]
        if wrong:
            pending = [str(l.id) for l in letters if l.state == LetterState.PENDING and l.id not in due]
            raise GameError(
                "перечитать можно только письма с неизвестного адреса, задержанные, "
                f"нечитаемые и пришедшие после итогов дня; не подходят: {', '.join(wrong)}"
                + (f". Письмо {', '.join(pending)} ещё не прочитано, перечитывать его не нужно: "
                   "оно пришло после срока открытого дня, его прочитает mafia-mail close-day" if pending else ""))
        closed = sorted({l.day for l in letters if l.state == LetterState.AFTER_CLOSE
                         and (row := s.get(DayRow, l.day)) is not None and row.status == "closed"})
        if closed:
            raise GameError(f"день {', '.join(map(str, closed))} закрыт: письмо, пришедшее после его итогов, "
                            f"будет прочитано в этот день после mafia-mail reopen-day {closed[0]}")
        never = [str(l.id) for l in letters if l.raw is None]
        if never:
            raise GameError(f"письмо {', '.join(never)} не скачано (слишком большое): перечитывать нечего")
        # a letter from an address the host added since: its reply says it now counts
        unknown = [(l.id, l.from_addr) for l in letters if l.state == LetterState.UNKNOWN_SENDER]
        withdrawn = release_answers(s, letters)
        for letter in letters:
            back_to_pending(letter)
            letter.handled = False
            s.add(letter)
    report = SyncReport()
    report.withdrawn = withdrawn
    process_pending(cfg, store, now=now, report=report)
    with store.session() as s:
        report.repeated = drop_repeated_replies(s, ids, report.followed)
        _tell_counted(s, cfg, unknown)
    return report


#: The line of a reply that says the player's earlier letters are folded into it
#: (templates/reply.txt.j2): no news for a player who was already answered.
_FOLDED = re.compile(r"^Ваш[еи] (?:письм[оа], полученн|прежние письма \().*тоже прочитан.*$", re.M)


def _said(body: str) -> str:
    """``body`` of a reply as compared by :func:`drop_repeated_replies`: the folded-letters
    line left out, spacing normalised."""
    return " ".join(_FOLDED.sub("", body).split())


def drop_repeated_replies(s, ids: list[int], followed: list[int] = ()) -> list[tuple[int, str]]:
    """After ``reread`` of the letters ``ids`` (with the later letters ``followed`` read again
    after them): a reply it queued to a player that says word for word what the last reply
    already sent to him said (the same subject; the line that his earlier letters were read
    too aside) tells him nothing, when he had a reply to the letter read again already (a
    held letter answered before): such a reply is taken off the queue («снято с очереди»,
    with why). A player who never received a reply to the letter read again (it came from an
    address the host added since, and got only «адрес не знаком») is told it now counts, even
    when his moves of the day stay the same. Returns ``(outgoing id, nick)`` of each one
    taken off."""
    from sqlmodel import select

    from .day.in_place import new_reply
    from .out_state import MAYBE_SENT
    from .outbox import drop_unsent
    from .store import Outgoing

    seen, out = set(), []
    reread = [l for l in (s.get(Letter, i) for i in ids) if l is not None]
    for letter in [*reread, *(s.get(Letter, i) for i in followed)]:
        if letter is None or not letter.nick or letter.day is None or (letter.nick, letter.day) in seen:
            continue
        seen.add((letter.nick, letter.day))
        if not any(_answered_before(s, l) for l in reread if (l.nick, l.day) == (letter.nick, letter.day)):
            continue  # he never had a reply to the letter read again: the new one tells him it counts
        target = new_reply(s, letter.nick, letter.day)
        if target is None:
            continue
        sent = [o for o in s.exec(select(Outgoing).where(Outgoing.kind == "reply", Outgoing.to_nick == letter.nick,
                                                         Outgoing.id < target.id).order_by(Outgoing.id))
                if o.state in MAYBE_SENT]
        if sent and sent[-1].subject == target.subject and _said(sent[-1].body) == _said(target.body):
            drop_unsent(s, target, f"ответ повторил бы слово в слово ответ {sent[-1].id}, уже отправленный "
                                   "игроку: ходы дня после перечитанного письма те же")
            out.append((target.id, letter.nick))
    return out



def _answered_before(s, letter: Letter) -> bool:
    """Whether a reply to ``letter`` (a player's answer, ``reply:<Message-ID>…``; not the
    «unknown address» notice) was sent, or perhaps sent, before it was read again."""
    from sqlmodel import select

    from .out_state import MAYBE_SENT
    from .store import Outgoing

    refs = (f"reply:{letter.message_id}", f"reply:{letter.message_id}#{letter.id}")
    return s.exec(select(Outgoing.id).where(Outgoing.kind == "reply", Outgoing.ref.in_(refs),
                                            Outgoing.state.in_(list(MAYBE_SENT)))).first() is not None


def _tell_counted(s, cfg: GameConfig, unknown: list[tuple[int, str]]) -> None:
    """The unsent reply a reading just queued to each letter of ``unknown`` (row id, sender
    address: letters read again once the host added their address to the player's
    ``emails``) opens by telling the player that letter now counts: he was told only that
    the address is not known, and the reply may otherwise read as one to his other letters."""
    from .day.in_place import new_reply
    from .store import utc
    from .when import local_text

    for row, addr in unknown:
        letter = s.get(Letter, row)
        if letter is None or not letter.nick or letter.day is None or letter.state != LetterState.APPLIED:
            continue
        target = new_reply(s, letter.nick, letter.day)
        if target is None:
            continue
        said = (f"Ваше письмо с адреса {addr}, полученное {local_text(utc(letter.received), cfg.zone)}, "
                "теперь засчитано: ведущий добавил этот адрес к вашим.")
        if said in target.body:
            continue
        head, sep, rest = target.body.partition("\n\n")
        target.body = f"{head}{sep}{said}\n\n{rest}" if sep else f"{said}\n\n{target.body}"
        s.add(target)
