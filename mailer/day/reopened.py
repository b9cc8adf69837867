"""After ``reopen-day N``: the letters that came after day N's close (an early one) but on time
for its deadline were read for a later day, since day N was closed then. Day N is open again,
so they belong to it (DECISIONS.md §8: a letter on time counts for its day): ``reopen-day``
puts them back to be read (:func:`release_reopened_letters`), the next reading (``sync``,
``close-day``, ``reread``) reads them for day N, and a player who already had the answer
that counted them for the later day gets the new reply marked «(исправлено)», saying why
(:func:`correct_reread_letters`; as :mod:`mailer.day.later` does after a re-close). Nothing
is read or told twice: each released letter has one :data:`REOPENED` row until it is read.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from engine.calendar import on_time

from ..config import GameConfig
from ..intake import back_to_pending, release_answers
from ..letter_state import LetterState
from ..out_state import MAYBE_SENT
from ..stamp import letters_closed_at
from ..store import DayInput, DayRow, Letter, Outgoing, dumps, loads, to_db, utc
from ..when import local_text
from .later import READ_AGAIN_STATES, _new_replies, corrected_subject, headed

__all__ = ["REOPENED", "release_reopened_letters", "correct_reread_letters"]

#: The kind of the :class:`mailer.store.DayInput` row (``day``: the reopened day) that keeps,
#: per letter put back by :func:`release_reopened_letters` until it is read again,
#: ``{"letter": id, "was_day": the day it was read for, "told": whether an answer to that
#: reading went out, "closed": when the reopened day had been closed}``.
REOPENED = "reopened"

#: States of a later day's letter that ``reopen-day`` reads again for the reopened day.
_STATES = tuple(x.value for x in (*READ_AGAIN_STATES, LetterState.AFTER_CLOSE))


def release_reopened_letters(s: Session, row: DayRow) -> list[int]:
    """Put back as ``pending`` every letter read for a day after ``row``'s (the day being
    reopened) and received on time for ``row``'s deadline: it came after ``row``'s close and
    belongs to ``row`` again. Their unsent answers are taken off the queue and a sent one
    gives up its ref (:func:`mailer.intake.release_answers`); whether the sender had an answer
    is kept in a :data:`REOPENED` row, for :func:`correct_reread_letters`. Returns the
    letters' ids, in arrival order."""
    deadline = utc(row.deadline)
    letters = [x for x in s.exec(select(Letter).where(Letter.day > row.day, Letter.state.in_(_STATES))
                                 .order_by(Letter.received, Letter.id))
               if on_time(utc(x.received), deadline)]
    if not letters:
        return []
    ids = {f"<{x.message_id}>": x.id for x in letters if x.message_id}
    told = {ids[mid] for out in s.exec(select(Outgoing).where(Outgoing.kind == "reply"))
            if out.state in MAYBE_SENT and (mid := (loads(out.headers_json) or {}).get("In-Reply-To")) in ids}
    closed = letters_closed_at(row)
    mine = {x.id for x in letters}
    for old in s.exec(select(DayInput).where(DayInput.kind == REOPENED)):
        if loads(old.value_json)["letter"] in mine:  # (read again before: the newest counts)
            s.delete(old)
    for letter in letters:
        s.add(DayInput(day=row.day, kind=REOPENED, nick=letter.nick or "", at=to_db(closed), value_json=dumps(
            {"letter": letter.id, "was_day": letter.day, "told": letter.id in told})))
    release_answers(s, letters)
    for letter in letters:
        back_to_pending(letter)
        letter.handled = False
        s.add(letter)
    return [x.id for x in letters]


def correct_reread_letters(cfg: GameConfig, s: Session, now: datetime) -> list[str]:
    """After a reading: for the letters of :func:`release_reopened_letters` read again (no
    longer pending), a player who had the answer that counted one for a later day gets the
    new reply to it (the last one queued to those letters) headed by a correction and
    subject «(исправлено)» — or, when the new reading queued none, a letter of its own; a
    player never told gets just the new reply. Their :data:`REOPENED` rows are removed (a
    letter still pending keeps its row). Returns the corrected players' nicks."""
    from ..outbox import queue
    from .context import address_of

    rows = list(s.exec(select(DayInput).where(DayInput.kind == REOPENED).order_by(DayInput.id)))
    by_nick: dict[str, list[tuple[dict, Letter]]] = {}
    for r in rows:
        value = loads(r.value_json)
        letter = s.get(Letter, value["letter"])
        if letter is not None and letter.state == LetterState.PENDING:
            continue  # not read yet (a template error stopped the reading): the next one tells
        s.delete(r)
        if letter is None or not letter.nick or not value["told"] or letter.day == value["was_day"]:
            continue
        by_nick.setdefault(letter.nick, []).append((value | {"day": r.day, "closed": utc(r.at)}, letter))
    corrected = []
    for nick, pairs in by_nick.items():
        text = _correction(cfg, pairs)
        replies = _new_replies(s, [letter for _, letter in pairs])
        if replies:
            target = replies[-1]
            target.body = headed(target.body, text)
            target.subject = corrected_subject(target.subject)
            s.add(target)
        else:
            value, letter = pairs[-1]
            queue(s, cfg, ref=f"reopened:{value['day']}:{nick}:{letter.id}", kind="reply", day=letter.day,
                  to_addr=address_of(cfg, nick), to_nick=nick,
                  subject=cfg.subject(f"исправление: письма дня {value['day']}"),
                  body=f"Здравствуйте, {nick}!\n\n{text}\n\n— Ведущий (письмо составлено автоматически)",
                  now=now)
        corrected.append(nick)
    return corrected


def _correction(cfg: GameConfig, pairs: list[tuple[dict, Letter]]) -> str:
    """The paragraph that heads a corrected reply: the host reopened the day his letters came
    in, so they are read again for it, not for the later day the earlier answer named."""
    value, letter = pairs[-1]
    day, was = value["day"], value["was_day"]
    when = ", ".join(local_text(utc(x.received), cfg.zone) for _, x in pairs)
    which = (f"ваше письмо, полученное {when}, пришло" if len(pairs) == 1 else
             f"ваши письма, полученные {when}, пришли")
    return (f"Исправление: ведущий снова открыл день {day}, который закрыл досрочно "
            f"{local_text(value['closed'], cfg.zone)}; {which} до срока дня {day}, поэтому теперь "
            f"{'оно прочитано' if len(pairs) == 1 else 'они прочитаны'} для дня {letter.day}, а не для "
            f"дня {was}, как говорил прежний ответ. В силе то, что написано в этом письме.")
