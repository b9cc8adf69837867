"""The log of ``watch``: one line per event on stderr (local time of the game, what happened),
or JSON lines; and the per-letter lines of a batch (what became of each letter and its answer).
"""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Callable, TextIO

from .out_state import OutState

if TYPE_CHECKING:
    from .config import GameConfig
    from .store import Store

__all__ = ["Log", "WATCH_KINDS", "marks", "handled_since", "log_letters"]

#: Kinds of letters ``watch`` sends by itself.
WATCH_KINDS = ("reply", "unknown_sender")
#: Letter states that get an answer (the rest are only logged).
_REPLY_STATES_RU = {OutState.SENT: "ответ отправлен", OutState.QUEUED: "ответ в очереди",
                    OutState.UNCERTAIN: "ответ: неясно, ушёл ли",
                    OutState.FAILED: "ответ: отказ сервера", OutState.SENDING: "ответ отправляется",
                    OutState.DROPPED: "ответ снят с очереди"}


class Log:
    """One line per event on ``out``: «2026-12-07 19:20:03 MSK письмо 12 от …» in the game's zone,
    or a JSON object per line (``json_lines``) with ``time`` (ISO 8601, UTC), ``event`` and
    ``message`` (the Russian line) plus the event's fields."""

    def __init__(self, cfg: GameConfig, clock: Callable[[], datetime], *, json_lines: bool = False,
                 out: TextIO | None = None) -> None:
        self.cfg, self.clock, self.json_lines = cfg, clock, json_lines
        self.out = out or sys.stderr

    def __call__(self, event: str, message: str, **fields) -> None:
        now = self.clock()
        if self.json_lines:
            line = json.dumps({"time": now.astimezone(timezone.utc).isoformat(timespec="milliseconds"),
                               "event": event, "message": message, **fields}, ensure_ascii=False)
        else:
            # the game's zone, named («2026-12-08 19:31:02 MSK»): the host may run watch on a
            # server in another zone
            line = f"{now.astimezone(self.cfg.zone):%Y-%m-%d %H:%M:%S %Z} {message}"
        print(line, file=self.out, flush=True)




def marks(store: "Store"):
    """Where the database stands before a batch: (last letter id, last outgoing id, ids of the
    pending letters)."""
    from sqlalchemy import func, select

    from .letter_state import LetterState
    from .store import Letter, Outgoing

    with store.session() as s:
        last_letter = s.execute(select(func.max(Letter.__table__.c.id))).scalar() or 0
        last_out = s.execute(select(func.max(Outgoing.__table__.c.id))).scalar() or 0
        pending = set(s.execute(select(Letter.__table__.c.id).where(
            Letter.__table__.c.state == LetterState.PENDING)).scalars())
    return last_letter, last_out, pending

def handled_since(store: "Store", marks) -> tuple[list, dict[int, int]]:
    """(letters handled since ``marks`` (rows: id, from_addr, nick, state, message_id,
    subject, day, notes_json), the id of each one's reply or unknown-sender notice by letter id)."""
    from sqlalchemy import or_, select

    from .letter_state import LetterState
    from .store import Letter, Outgoing

    last_letter, last_out, pending = marks
    t, o = Letter.__table__, Outgoing.__table__
    with store.session() as s:
        rows = list(s.execute(select(t.c.id, t.c.from_addr, t.c.nick, t.c.state, t.c.message_id,
                                     t.c.subject, t.c.day, t.c.notes_json)
                              .where(or_(t.c.id > last_letter, t.c.id.in_(pending)))
                              .order_by(t.c.id)))
        outs = list(s.execute(select(o.c.id, o.c.ref, o.c.kind).where(o.c.id > last_out)))
    rows = [r for r in rows if r.id > last_letter or r.state != LetterState.PENDING]
    by_ref = {out.ref: out.id for out in outs if out.kind in WATCH_KINDS}
    replies = {}
    for r in rows:
        for ref in (f"reply:{r.message_id}#{r.id}", f"reply:{r.message_id}",
                    f"next_day:{r.message_id}#{r.id}", f"next_day:{r.message_id}"):
            if ref in by_ref:
                replies[r.id] = by_ref.pop(ref)
                break
        else:
            if r.state == LetterState.UNKNOWN_SENDER:
                ref = next((ref for ref in by_ref if ref.startswith(f"unknown:{r.from_addr}:")), None)
                if ref is not None:
                    replies[r.id] = by_ref.pop(ref)
    return rows, replies


def log_letters(log: "Log", store: "Store", letters, replies: dict[int, int]) -> int:
    """One log line per letter of ``letters`` (as :func:`handled_since` gives them) with the
    state of its answer; returns how many letters were logged."""
    from sqlalchemy import select

    from .store import Outgoing, loads
    from .words import state_words

    states = {}
    if replies:
        o = Outgoing.__table__
        with store.session() as s:
            states = dict(s.execute(select(o.c.id, o.c.state).where(o.c.id.in_(list(replies.values())))).all())
    for r in letters:
        reply_state = states.get(replies.get(r.id))
        who = f"{r.from_addr or '?'}" + (f" ({r.nick})" if r.nick else "")
        text = f"письмо {r.id} от {who}: {state_words(r.state, loads(r.notes_json) or [])}"
        text += "; " + (_REPLY_STATES_RU.get(reply_state, reply_state) if reply_state else "без ответа")
        log("letter", text, letter=r.id, message_id=r.message_id, sender=r.from_addr,
            nick=r.nick, state=r.state, day=r.day, reply=reply_state)
    return len(letters)
