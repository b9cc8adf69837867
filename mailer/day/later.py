"""After a re-close (``reopen-day N`` then ``close-day``): the letters already read for the
days after N are read again against the new state, as ``reread`` reads a letter, and a
player whose reply promised something the new reading no longer gives is told what changed
and why (never a silent change). A player whose reading did not change gets no second reply.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, select

from engine.calendar import on_time
from engine.model import Move
from engine.move_words import describe_move
from engine.reasons import agree

from ..config import GameConfig
from ..intake import back_to_pending
from ..letter_state import LetterState
from ..out_state import MAYBE_SENT, UNSENT
from ..render_words import CAUSE_AGREED_RU, YOU_CAUSE_RU
from ..store import Letter, Outgoing, dumps, loads, utc
from ..when import local_text

__all__ = ["READ_AGAIN_STATES", "TOLD", "Earlier", "release_later_letters", "correct_replies", "headed",
           "corrected_subject"]

#: States of a letter already read for its day whose reading depends on the game's state:
#: after a re-close of an earlier day they are read again.
READ_AGAIN_STATES = (LetterState.APPLIED, LetterState.NO_MOVES, LetterState.LATE,
                     LetterState.AFTER_END)


@dataclass
class Earlier:
    """One letter of a later day put back to be read again: its id, its sender and the
    reading the player was last told in an answer that went out (None: no answer to it was
    sent, so he was told nothing the new reading could make false)."""

    id: int
    nick: str | None
    told: list | None = None


#: The kind of the :class:`mailer.store.DayInput` row that keeps, per letter, the reading its
#: sender was last told (``value_json``: ``{"letter": id, "reading": [...]}``), so that a
#: correction still unsent when the day is re-closed again compares with what he knows.
TOLD = "told"


def _reading(letter: Letter) -> list:
    """What a reading of ``letter`` gave, compared before and after it is read again."""
    return [letter.state, letter.day, letter.moves_json, letter.problems_json, letter.unvote_json,
            bool(letter.skip), bool(letter.cancel)]


def release_later_letters(s: Session, day: int, until: datetime | None) -> list[Earlier]:
    """Put back as ``pending`` every letter already read for a day after ``day`` (states
    :data:`READ_AGAIN_STATES`) and received on time for ``until`` (the deadline of the day the
    re-close opened; None: the game ended, every such letter), so the reading that follows
    the re-close of ``day`` reads it against the new state. (A letter after ``until`` keeps
    its reading until the day it belongs to is opened again: that day's close reads it
    again.) Their unsent answers are taken off the queue (the new reading's reply replaces
    them); a sent answer stays sent and gives up its ref, as ``reread`` does
    (:func:`mailer.intake.release_answers`). What each sender was last told is kept (a
    :data:`TOLD` row). Returns the letters in arrival order, for :func:`correct_replies`."""
    from ..intake import release_answers
    from ..store import DayInput

    letters = [x for x in s.exec(select(Letter).where(Letter.day > day, Letter.state.in_(
        [x.value for x in READ_AGAIN_STATES])).order_by(Letter.received, Letter.id))
        if until is None or on_time(utc(x.received), until)]
    if not letters:
        return []
    ids = {f"<{x.message_id}>": x for x in letters if x.message_id}
    latest: dict[int, Outgoing] = {}  # letter id → its latest answer
    for out in s.exec(select(Outgoing).where(Outgoing.kind == "reply").order_by(Outgoing.id)):
        letter = ids.get((loads(out.headers_json) or {}).get("In-Reply-To"))
        if letter is not None and (out.state in MAYBE_SENT or out.state in UNSENT):
            latest[letter.id] = out
    rows = {loads(r.value_json)["letter"]: r for r in s.exec(select(DayInput).where(DayInput.kind == TOLD))}
    earlier = []
    for letter in letters:
        told = rows.get(letter.id)
        answer = latest.get(letter.id)
        if answer is not None and answer.state in MAYBE_SENT:  # he has the answer to this reading
            if told is None:
                told = DayInput(day=letter.day, kind=TOLD, nick=letter.nick or "")
            told.value_json = dumps({"letter": letter.id, "reading": _reading(letter)})
            s.add(told)
        earlier.append(Earlier(id=letter.id, nick=letter.nick, told=loads(told.value_json)["reading"] if told is not None else None))
    release_answers(s, letters)
    for letter in letters:
        back_to_pending(letter)
        letter.handled = False
        s.add(letter)
    return earlier


def correct_replies(cfg: GameConfig, s: Session, day: int, earlier: list[Earlier], result, now) -> list[str]:
    """After the letters of :func:`release_later_letters` were read again: a player whose
    reading differs from what an answer already sent told him (a move accepted then and
    refused now, or the other way, or he is out of the game now) gets a correction after the
    greeting of the new reply (or, when the new reading queued none, a letter of its own),
    subject «(исправлено)»: what changed, and why (who left the game by the corrected results
    of ``day``). A player whose reading is what he was told gets no second answer: the new
    replies to those letters are taken off the queue. Returns the corrected players' nicks."""
    from ..outbox import drop_unsent, queue
    from ..day.context import address_of

    by_nick: dict[str, list[tuple[Earlier, Letter]]] = {}
    for e in earlier:
        letter = s.get(Letter, e.id)
        if letter is None or not e.nick or letter.state == LetterState.PENDING:
            continue  # (not read yet: the reading stopped on a template error; sync reads it)
        by_nick.setdefault(e.nick, []).append((e, letter))
    deaths = {d["player"]: d["cause"] for d in result.to_json().get("deaths", [])} if result is not None else {}
    genders = {p.nick: p.gender for p in cfg.players if p.gender}
    from .reopen_notice import revived_by_reopen

    revived = revived_by_reopen(s, day) - set(deaths)  # back in the game by the re-close
    lines = []
    for nick, pairs in by_nick.items():
        changed = [(e, letter) for e, letter in pairs if e.told is not None and e.told != _reading(letter)]
        new_replies = _new_replies(s, [letter for _, letter in pairs])
        if not changed:  # what he was told still holds: no second answer to those letters
            same = {f"<{letter.message_id}>" for e, letter in pairs if e.told is not None}
            for out in new_replies:
                if (loads(out.headers_json) or {}).get("In-Reply-To") in same:
                    drop_unsent(s, out, f"после пересмотра дня {day} письмо прочитано так же: игрок уже "
                                        "получил этот ответ")
            continue
        text = _correction(cfg, day, nick, changed, deaths, genders, back=nick in revived)
        target = new_replies[-1] if new_replies else None
        if target is not None:
            target.body = headed(target.body, text)
            target.subject = corrected_subject(target.subject)
            s.add(target)
        else:
            queue(s, cfg, ref=f"correction:{day}:{nick}:{changed[-1][1].id}:{len(earlier)}", kind="reply",
                  day=changed[-1][1].day, to_addr=address_of(cfg, nick), to_nick=nick,
                  subject=cfg.subject(f"исправление: ходы после дня {day}"), body=text, now=now)
        lines.append(nick)
    return lines


def headed(body: str, text: str) -> str:
    """A reply's ``body`` with the correction ``text`` after its greeting (its first
    paragraph); a body of one paragraph gets it first."""
    greeting, _, rest = body.partition("\n\n")
    return f"{greeting}\n\n{text}\n\n{rest}" if rest else f"{text}\n\n{greeting}"


#: What a corrected letter's subject ends with (:func:`corrected_subject`).
CORRECTED = "(исправлено)"


def corrected_subject(subject: str) -> str:
    """``subject`` marked «(исправлено)» once: a subject that already ends with the mark (a
    player answered a corrected reply, so the new reply's «Re: …» carries it; a day
    re-closed twice) keeps it as it is."""
    return subject if subject.rstrip().endswith(CORRECTED) else f"{subject} {CORRECTED}"


def _new_replies(s: Session, letters: list[Letter]) -> list[Outgoing]:
    """The replies queued by the new reading of ``letters`` (In-Reply-To one of them), in
    queue order."""
    ids = {f"<{x.message_id}>" for x in letters if x.message_id}
    return [o for o in s.exec(select(Outgoing).where(Outgoing.kind == "reply").order_by(Outgoing.id))
            if o.state in UNSENT and (loads(o.headers_json) or {}).get("In-Reply-To") in ids]


def _moves(data: list[dict]) -> list[Move]:
    """Stored moves (``Letter.moves_json``) as :class:`engine.model.Move`."""
    return [Move.from_json(m) for m in data]


def _correction(cfg: GameConfig, day: int, nick: str, changed, deaths: dict[str, str],
                genders: dict[str, str], back: bool = False) -> str:
    """The paragraph that heads a corrected reply: the day re-closed, what of the player's
    letters counts differently now and why (``back``: the re-close brought him back into the
    game, which is why his moves count now)."""
    head = (f"Исправление: ведущий пересмотрел итоги дня {day} и закрыл его заново, поэтому ваши "
            f"письма, уже прочитанные для следующих дней, прочитаны заново. Прежний ответ на них "
            "больше не верен; в силе то, что написано в этом письме.")
    out = [head, "Что изменилось:"]
    me = deaths.get(nick)
    if back and not me:
        out.append(f"  - вы снова в игре: по прежним итогам дня {day} вы выбыли, теперь это отменено, "
                   "и ваши ходы принимаются.")
    if me:
        # (the public words of the newspaper and the results letters: no killer named)
        out.append(f"  - вы выбыли из игры по исправленным итогам дня {day} "
                   f"({YOU_CAUSE_RU.get(me, me)}): ваши ходы не принимаются.")
    many = len(changed) > 1
    for e, letter in changed:
        which = f"письмо от {local_text(utc(letter.received), cfg.zone)}: " if many else ""
        before = _moves(loads(e.told[2]) or [])
        after = _moves(loads(letter.moves_json) or [])
        for m in before:
            if m in after:
                continue
            why = [t for t in (m.targets or (m.target,)) if t and t in deaths and t != nick]
            because = "; ".join(f"{t} {agree(CAUSE_AGREED_RU.get(deaths[t], deaths[t]), genders.get(t))} "
                                f"по исправленным итогам дня {day}" for t in why)
            out.append(f"  - {which}больше не принято «{describe_move(m)}»"
                       + (f" — {because}." if because else "."))
        for m in after:
            if m not in before:
                out.append(f"  - {which}теперь принято «{describe_move(m)}».")
    if len(out) == 2:
        out.append("  - ответ на ваши письма изменился (см. ниже).")
    return "\n".join(out)
