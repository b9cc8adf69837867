"""After ``reopen-day N``: the players who were told of day N's close are told it is undone.

A player who got a letter of the close (the day's results, the game's end, the next day's
event; of day N or, with ``--undo-later``, of a later day) gets one short letter of kind
``reopen`` (templates/reopened.txt.j2): the host opened day N again, the letters he got are
withdrawn, whether he is back in the game (killed by the withdrawn results), and whether his
moves for day N may still be sent or changed (until the day's deadline; once it has passed,
the moves sent on time stand and no new ones are taken). A player who got none of them is
told nothing: for him the day never closed (the unsent letters of the close are taken off the
queue, so they never reach him). A second reopening tells only those sent a letter of the
close since their last «снова открыт» letter of that day; the letter is queued under one ref
per reopening, so nothing is queued twice.

Until it is sent, the letter follows the day: the day closed again takes it off the queue
(:func:`mailer.day.deadline.drop_stale_reminders`; the new results, marked «(исправлено)»,
tell the rest), and a deadline moved with ``deadline`` is written into it instead of a
separate «новый срок» letter (:func:`moved_deadline`).
"""

from __future__ import annotations

import re
from datetime import datetime

from sqlmodel import Session, delete, select

from engine.calendar import on_time

from ..config import GameConfig
from ..out_state import MAYBE_SENT, UNSENT
from ..outbox import drop_unsent, queue
from ..store import DayInput, DayRow, Outgoing, loads, utc
from ..when import local_text

__all__ = ["REOPEN_KIND", "queue_reopen_letters", "moved_deadline", "unsent_reopen_letters",
           "owed_by_unsent_reopen", "revived_by_reopen", "REVIVED_TOLD"]

#: The kind of the letter (``outbox``: «день снова открыт»).
REOPEN_KIND = "reopen"

#: The kind of the :class:`mailer.store.DayInput` rows (``day``: the reopened day, ``nick``: the
#: player) of the players the undone close had put out of the game and the reopening brought
#: back: their «снова открыт» letter says «Вы снова в игре», and if it is never sent, the day's
#: next close says it instead (:func:`owed_by_unsent_reopen`).
REVIVED = "revived"

#: What the day's next close tells a player back in the game: in his corrected results, or
#: instead of his «снова открыт» letter never sent (the close takes it off the queue).
REVIVED_TOLD = "Вы снова в игре: по прежним итогам дня {day} вы выбыли, теперь это отменено."
#: ... and a player sent the results of later days that the reopening undid.
_LATER_TOLD = ("{days}, которые вы получили письмом, отменены: ведущий снова открыл день {day} и "
               "пересмотрел его итоги.")
_LATER_AGAIN = " День {next} пройдёт заново: его итоги придут отдельным письмом."

#: Its last paragraph while the day's deadline is ahead.
_MOVES_OPEN = ("Ваши ходы на день {day}, присланные до сих пор, остаются в силе; изменить их или прислать "
               "новые можно до {deadline}: пришлите новое письмо, последний ход заменит прежний.")
#: Its last paragraph once the day's deadline has passed (the host may still move it).
_MOVES_PAST = ("Срок дня {day} ({deadline}) уже прошёл: ходы, присланные в срок, остаются в силе, новые "
               "ходы на этот день не принимаются. Если ведущий перенесёт срок, вы узнаете об этом письмом.")


#: The day's gift to the player, said again in the letter while his moves may still come
#: (the reopened day's event holds: the mortar of «Праздник», the immunity of «Выбери меня»).
_GIFTS = {
    "holiday": ("Миномёт, подаренный вам в честь праздника, по-прежнему у вас: этой ночью вы можете "
                "выстрелить в одного игрока (письмо «Миномёт: ник»)."),
    "choose_me": ("Иммунитет на линче, который жребий дал вам на день {day}, по-прежнему у вас; пару, "
                  "которая тоже получит иммунитет, можно выбрать письмом «Пара: ник»."),
}
_GIFTS_PAST = {
    "holiday": ("Миномёт, подаренный вам в честь праздника, по-прежнему у вас: выстрел, присланный в срок, "
                "остаётся в силе."),
    "choose_me": "Иммунитет на линче, который жребий дал вам на день {day}, по-прежнему у вас.",
}


def gift_paragraph(row: DayRow, nick: str, now: datetime) -> str:
    """The reopened day ``row``'s gift to ``nick`` said again («Миномёт, подаренный вам …»):
    the mortar of «Праздник», the immunity of «Выбери меня»; "" when the day gives him none."""
    holder = {"holiday": row.mortar, "choose_me": row.immune}.get(row.event)
    if not holder or holder != nick:
        return ""
    gifts = _GIFTS if on_time(now, utc(row.deadline)) else _GIFTS_PAST
    return gifts[row.event].format(day=row.day)


def moves_paragraph(cfg: GameConfig, day: int, deadline: datetime, now: datetime) -> str:
    """The paragraph of the letter about the player's moves for ``day`` (deadline and now
    aware): they stand and may be changed until the deadline (DECISIONS.md §8: on time is
    up to the deadline's minute), or, past it, they stand and no new ones are taken."""
    text = _MOVES_OPEN if on_time(now, deadline) else _MOVES_PAST
    return text.format(day=day, deadline=local_text(deadline, cfg.zone))


def _told_of_close(s: Session, day: int, undone) -> dict[str, list[Outgoing]]:
    """nick → the letters undone by reopening ``day`` (``undone(out)``: whether the reopening
    withdraws what ``out`` told) that he has or may have got (sent, being sent, fate unknown),
    queued after his last «снова открыт» letter of ``day`` that went out: those he has not
    been told are withdrawn."""
    from .close import _results_from

    last_told: dict[str, int] = {}
    for out in s.exec(select(Outgoing).where(Outgoing.kind == REOPEN_KIND, Outgoing.day == day)):
        if out.state in MAYBE_SENT and out.to_nick:
            last_told[out.to_nick] = max(last_told.get(out.to_nick, 0), out.id)
    told: dict[str, list[Outgoing]] = {}
    for out in s.exec(_results_from(day)):
        if out.kind == "fear" and out.day == day:
            continue  # «Страх — ваш выбор» of the day asked for a move before it closed
        if out.state in MAYBE_SENT and out.to_nick and undone(out) and out.id > last_told.get(out.to_nick, 0):
            told.setdefault(out.to_nick, []).append(out)
    return told


def queue_reopen_letters(cfg: GameConfig, s: Session, row: DayRow, *, undone, state_after: dict,
                         state_before: dict, now: datetime) -> list[str]:
    """Queue the letter «день N снова открыт» to every player told of the close that
    ``reopen-day`` undoes (:func:`_told_of_close`), before the reopening changes the queue:
    ``row`` is the reopened day (its new revision set), ``state_after`` the game's state (JSON)
    the undone closes left, ``state_before`` the state (JSON) the day is reopened with (who is
    alive again). An unsent «снова открыт» letter of an earlier reopening of the day is taken
    off the queue first. Returns the players a letter was queued to.

    Raises:
        TemplateProblem: templates/reopened.txt.j2 fails to render.
    """
    from ..render import Renderer
    from .context import address_of

    for out in unsent_reopen_letters(s, row.day):
        drop_unsent(s, out, f"день {row.day} снова открыт ещё раз: вместо этого письма — новое")
    told = _told_of_close(s, row.day, undone)
    if not told:
        return []
    renderer = Renderer(cfg)
    before = {nick: p.get("alive", True) for nick, p in state_before.get("players", {}).items()}
    after = {nick: p.get("alive", True) for nick, p in state_after.get("players", {}).items()}
    moves = moves_paragraph(cfg, row.day, utc(row.deadline), now)
    queued = []
    s.exec(delete(DayInput).where(DayInput.day == row.day, DayInput.kind == REVIVED))
    for nick, letters in sorted(told.items()):
        alive = before.get(nick, False)
        if alive and not after.get(nick, True):
            s.add(DayInput(day=row.day, kind=REVIVED, nick=nick))
        body = renderer.render(
            "reopened.txt.j2", nick=nick, day=row,
            result_days=sorted({x.day for x in letters if x.kind == "result"}),
            game_over=any(x.kind == "final" for x in letters),
            next_day_told=any(x.kind == "event" and x.day > row.day for x in letters),
            revived=alive and not after.get(nick, True),
            gift=gift_paragraph(row, nick, now) if alive else "",
            moves=moves if alive else "")
        queue(s, cfg, ref=f"reopen:{row.day}.{row.revision}:{nick}", kind=REOPEN_KIND, day=row.day,
              to_addr=address_of(cfg, nick), to_nick=nick, subject=cfg.subject(f"день {row.day} снова открыт"),
              body=body, now=now)
        queued.append(nick)
    return queued


def unsent_reopen_letters(s: Session, day: int) -> list[Outgoing]:
    """The unsent «снова открыт» letters of ``day`` (queued or refused by the server)."""
    return list(s.exec(select(Outgoing).where(Outgoing.kind == REOPEN_KIND, Outgoing.day == day,
                                              Outgoing.state.in_(UNSENT))))


def owed_by_unsent_reopen(s: Session, day: int, alive_now, next_day: int | None) -> dict[str, list[str]]:
    """What the unsent «снова открыт» letters of ``day`` told their players that still holds
    once the day is closed again (close-day takes them off the queue, so the letters the close
    queues must say it: nothing a player must be told is lost): nick → the paragraphs.
    ``alive_now(nick)``: whether the player is alive after the new close; ``next_day``: the
    day the close opens (None: the game ended). A player back in the game (a
    :data:`REVIVED` row) and still alive is told so; a player sent results of later days the
    reopening undid (``--undo-later``) is told they are withdrawn. The rest the new results
    say themselves (what changed; «Игра окончена» cancelled: mailer.day.close's ``_UNENDED``),
    and the moves paragraph no longer holds. The :data:`REVIVED` rows of ``day`` are removed."""
    revived = set(s.exec(select(DayInput.nick).where(DayInput.day == day, DayInput.kind == REVIVED)))
    s.exec(delete(DayInput).where(DayInput.day == day, DayInput.kind == REVIVED))
    owed: dict[str, list[str]] = {}
    for out in unsent_reopen_letters(s, day):
        nick = out.to_nick
        if not nick:
            continue
        lines = []
        if nick in revived and alive_now(nick):
            lines.append(REVIVED_TOLD.format(day=day))
        later = sorted(set(s.exec(select(Outgoing.day).where(
            Outgoing.kind == "result", Outgoing.to_nick == nick, Outgoing.day > day,
            Outgoing.state.in_(MAYBE_SENT), Outgoing.id < out.id))))
        if later:
            days = (f"Итоги дня {later[0]}" if len(later) == 1 else
                    f"Итоги дней {', '.join(str(d) for d in later)}")
            text = _LATER_TOLD.format(days=days, day=day)
            if next_day is not None and next_day in later:
                text += _LATER_AGAIN.format(next=next_day)
            lines.append(text)
        if lines:
            owed[nick] = lines
    return owed


def moved_deadline(cfg: GameConfig, s: Session, day: int, new: datetime) -> set[str]:
    """After ``deadline`` moved the open day ``day``'s deadline to ``new`` (aware, ahead):
    every unsent «снова открыт» letter of the day says the moves may be sent or changed until
    ``new`` (its paragraph about the moves rewritten, whichever deadline it named). Returns
    the players whose letter now says it: they need no separate «новый срок» letter."""
    text = _MOVES_OPEN.format(day=day, deadline=local_text(new, cfg.zone))
    paragraph = re.compile("^(?:" + "|".join(
        re.escape(x).replace(re.escape("{day}"), str(day)).replace(re.escape("{deadline}"), ".*")
        for x in (_MOVES_OPEN, _MOVES_PAST)) + ")$", re.M)
    nicks = set()
    for out in unsent_reopen_letters(s, day):
        body = paragraph.sub(lambda _m: text, out.body)
        for event, past in _GIFTS_PAST.items():  # the gift's words as the deadline ahead has them
            body = body.replace(past.format(day=day), _GIFTS[event].format(day=day))
        if body != out.body:
            out.body = body
            s.add(out)
        if text in out.body and out.to_nick:
            nicks.add(out.to_nick)
    return nicks


def told_reopened(s: Session, day: int) -> set[str]:
    """Players whose last letter (sent, being sent or of unknown fate) about ``day``'s close is
    a «день снова открыт» letter: it promised the results again (and the game going on), so
    the day's next close writes to them even when their results came out the same."""
    last: dict[str, tuple[int, bool]] = {}
    for out in s.exec(select(Outgoing).where(Outgoing.day >= day, Outgoing.kind.in_(
            (REOPEN_KIND, "result", "final"))).order_by(Outgoing.id)):
        if out.state in MAYBE_SENT and out.to_nick and (out.kind != REOPEN_KIND or out.day == day):
            last[out.to_nick] = (out.id, out.kind == REOPEN_KIND)
    return {nick for nick, (_, reopen) in last.items() if reopen}


def revived_by_reopen(s: Session, day: int) -> set[str]:
    """The players ``reopen-day day`` brought back into the game (dead by the results it undid,
    alive before them): those whose autokill point of a later day is pardoned as «revived»
    (:func:`mailer.inputs.pardon_revived`). Their corrected results say they are back."""
    from ..status import PARDON

    rows = s.exec(select(DayInput).where(DayInput.day > day, DayInput.kind == PARDON))
    return {r.nick for r in rows if r.nick and loads(r.value_json) == "revived"}
