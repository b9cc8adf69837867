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
from .in_place import new_reply
from .later import READ_AGAIN_STATES, _new_replies, corrected_subject, headed

__all__ = ["REOPENED", "release_reopened_letters", "note_refused_letters", "note_ended_letters",
           "correct_reread_letters"]

#: The kind of the :class:`mailer.store.DayInput` row (``day``: the reopened day) that keeps,
#: per letter put back by :func:`release_reopened_letters` until it is read again,
#: ``{"letter": id, "was_day": the day it was read for, "told": whether an answer to that
#: reading went out, "closed": when the reopened day had been closed}``; a letter of the
#: reopened day itself read after its results (:func:`note_refused_letters`) also has
#: ``"refused": true``.
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


def note_refused_letters(s: Session, row: DayRow, late: list[Letter]) -> None:
    """For the letters ``late`` of the day ``row`` being reopened that were read after its
    results (``after_close``: «ходы из него не засчитаны»), about to be read again for it:
    keep whether that answer went out in a :data:`REOPENED` row (``"refused": true``), so the
    new reply to a player told so is marked «(исправлено)» (:func:`correct_reread_letters`).
    (The sender's later letters of the day are read again after them when they are read:
    :mod:`mailer.day.in_place`.)"""
    _note_told(s, row, late, {"refused": True}, lambda letter: row.day)


def note_ended_letters(s: Session, row: DayRow, ended: list[Letter]) -> None:
    """For the letters ``ended`` refused because the game had ended (``after_end``: «игра
    окончена»), about to be read again now that ``reopen-day`` of ``row`` undid the end: keep
    whether that answer went out in a :data:`REOPENED` row (``"ended": true``), so the new
    reply to a player told so is marked «(исправлено)» and says why
    (:func:`correct_reread_letters`). Session 60: a player brought back into the game got a
    plain «Принято» to the vote he had sent while believed dead, with no word of why."""
    _note_told(s, row, ended, {"ended": True}, lambda letter: letter.day)


def _note_told(s: Session, row: DayRow, letters: list[Letter], mark: dict, was_day) -> None:
    """One :data:`REOPENED` row per letter of ``letters`` (replacing an older one of it): the
    day it was of (``was_day(letter)``), whether its answer went out, and ``mark`` (what that
    answer was: ``{"refused": True}``, ``{"ended": True}``)."""
    from .in_place import told_ids

    if not letters:
        return
    told = told_ids(s, letters)
    mine = {x.id for x in letters}
    for old in s.exec(select(DayInput).where(DayInput.kind == REOPENED)):
        if loads(old.value_json)["letter"] in mine:
            s.delete(old)
    closed = letters_closed_at(row)
    for letter in letters:
        s.add(DayInput(day=row.day, kind=REOPENED, nick=letter.nick or "", at=to_db(closed), value_json=dumps(
            {"letter": letter.id, "was_day": was_day(letter), "told": letter.id in told} | mark)))


def correct_reread_letters(cfg: GameConfig, s: Session, now: datetime,
                           refused: list[str] | None = None) -> list[str]:
    """After a reading: for the letters of :func:`release_reopened_letters` read again (no
    longer pending), a player who had the answer that counted one for a later day gets the
    new reply to it (the last one queued to those letters) headed by a correction and
    subject «(исправлено)» — or, when the new reading queued none, a letter of its own; a
    player never told gets just the new reply. Their :data:`REOPENED` rows are removed (a
    letter still pending keeps its row). A letter of the reopened day itself whose answer
    said «ходы из него не засчитаны» (:func:`note_refused_letters`) and that is now applied
    gets the reply «(исправлено)» saying it counts now. Returns the nicks corrected for a
    letter read for a later day; ``refused``, when given, receives those corrected for such
    a letter of the reopened day."""
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
        if letter is None or not letter.nick or not value["told"]:
            continue
        was_refused = bool(value.get("refused"))
        if value.get("ended"):
            if letter.state == LetterState.AFTER_END:
                continue  # (the game ended again: the new answer says so, as the old one did)
            by_nick.setdefault((letter.nick, "ended"), []).append((value | {"day": r.day}, letter))
            continue
        if (letter.state != LetterState.APPLIED or letter.day != r.day) if was_refused \
                else letter.day == value["was_day"]:
            continue  # (refused: counted no more than the answer said; else: read for the same day)
        by_nick.setdefault((letter.nick, was_refused), []).append((value | {"day": r.day, "closed": utc(r.at)}, letter))
    corrected = []
    for (nick, was_refused), pairs in by_nick.items():
        if was_refused == "ended":
            text = _ended_correction(cfg, s, nick, pairs)
            was_refused = False
        else:
            text = _refused_correction(cfg, pairs) if was_refused else _correction(cfg, pairs)
        # (a later letter of his read again after these stands for them: the newest reply)
        replies = [new] if was_refused and (new := new_reply(s, nick, pairs[-1][1].day)) is not None \
            else _new_replies(s, [letter for _, letter in pairs])
        if replies:
            target = replies[-1]
            target.body = headed(target.body, text)
            target.subject = corrected_subject(target.subject)
            s.add(target)
        else:
            value, letter = pairs[-1]
            queue(s, cfg, ref=f"reopened:{value['day']}:{nick}:{letter.id}" + ("~refused" if was_refused else ""), kind="reply", day=letter.day,
                  to_addr=address_of(cfg, nick), to_nick=nick,
                  subject=cfg.subject(f"исправление: письма дня {value['day']}"),
                  body=f"Здравствуйте, {nick}!\n\n{text}\n\n— Ведущий (письмо составлено автоматически)",
                  now=now)
        into = (refused if refused is not None else corrected) if was_refused else corrected
        if nick not in into:
            into.append(nick)
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


def _refused_correction(cfg: GameConfig, pairs: list[tuple[dict, Letter]]) -> str:
    """The paragraph that heads the new reply to letters of the reopened day that had been
    read after its results: the answer said their moves did not count; now they do."""
    value, _letter = pairs[-1]
    day = value["day"]
    when = ", ".join(local_text(utc(x.received), cfg.zone) for _, x in pairs)
    one = len(pairs) == 1
    return (f"Исправление: ведущий снова открыл день {day}. "
            + (f"Ваше письмо, полученное {when}, пришло" if one else f"Ваши письма, полученные {when}, пришли")
            + f" в срок дня {day}, поэтому теперь {'его ходы засчитаны' if one else 'их ходы засчитаны'} "
            f"в день {day}. Прежний ответ, что ходы из {'него' if one else 'них'} не засчитаны (итоги дня {day} "
            "тогда уже были подведены), больше не верен; в силе то, что написано в этом письме.")


def _ended_correction(cfg: GameConfig, s: Session, nick: str, pairs: list[tuple[dict, Letter]]) -> str:
    """The paragraph that heads the new reply to letters answered «игра окончена»: the host
    reopened the day that had ended the game, the game goes on (and ``nick`` is back in it,
    when the reopening brought him back), so they are read again."""
    from .reopen_notice import revived_by_reopen

    value, _letter = pairs[-1]
    day = value["day"]
    when = ", ".join(local_text(utc(x.received), cfg.zone) for _, x in pairs)
    one = len(pairs) == 1
    back = nick in revived_by_reopen(s, day)
    return (f"Исправление: ведущий снова открыл день {day} и пересмотрел его итоги — игра не окончена"
            + (f", и вы снова в игре: по прежним итогам дня {day} вы выбыли, теперь это отменено" if back else "")
            + ". " + (f"Ваше письмо, полученное {when}, прочитано" if one else f"Ваши письма, полученные {when}, прочитаны")
            + " заново. Прежний ответ, что игра окончена и ходы не принимаются, больше не верен; в силе то, "
            "что написано в этом письме.")
