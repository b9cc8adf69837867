"""The reply-loop breaker: letters that accepted no move are answered at most
:data:`MAX_EMPTY_REPLIES_PER_DAY` times per address and local calendar day.

A broken auto-responder answers every answer; each of its letters accepts no move, so after a
few answers the rest are stored unanswered and the loop ends. Counts are read from the stored
letters once per local day (one query per batch) and kept in memory for the rest of the sync.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlmodel import Session

from .letter_state import ANSWERED_EMPTY_STATES
from .store import Letter, to_db, utc

__all__ = ["MAX_EMPTY_REPLIES_PER_DAY", "EmptyAnswers"]

#: Most answers per address and local calendar day to letters with no accepted move (no_moves,
#: late, held); further ones are stored unanswered, which ends any loop with an auto-responder.
MAX_EMPTY_REPLIES_PER_DAY = 3


class EmptyAnswers:
    """Per (address, local date of receipt): letters that accepted no move
    (:data:`mailer.letter_state.ANSWERED_EMPTY_STATES`), in the game's time zone ``zone``."""

    def __init__(self, zone: ZoneInfo) -> None:
        self.zone = zone
        self.counts: dict[tuple[str, date], int] = {}
        self.days: set[date] = set()

    def key(self, from_addr: str, received: datetime) -> tuple[str, date]:
        """The count's key of a letter from ``from_addr`` received at ``received`` (aware)."""
        return from_addr, utc(received).astimezone(self.zone).date()

    def load(self, s: Session, received: list[datetime]) -> None:
        """Read the counts for the local days of ``received`` not read yet: one query over the
        received-time range (the state is tested here, so the range reads the time index)."""
        days = {utc(t).astimezone(self.zone).date() for t in received} - self.days
        if not days:
            return
        start = datetime.combine(min(days), time(0), self.zone)
        end = datetime.combine(max(days) + timedelta(days=1), time(0), self.zone)
        table = Letter.__table__
        for from_addr, at, state in s.execute(select(table.c.from_addr, table.c.received, table.c.state)
                                              .where(table.c.received >= to_db(start),
                                                     table.c.received < to_db(end))):
            key = self.key(from_addr, at)
            if state in ANSWERED_EMPTY_STATES and key[1] in days:
                self.counts[key] = self.counts.get(key, 0) + 1
        self.days |= days

    def count(self, from_addr: str, received: datetime, state: str) -> None:
        """Count a letter just processed (when ``state`` accepted no move)."""
        if state in ANSWERED_EMPTY_STATES:
            key = self.key(from_addr, received)
            self.counts[key] = self.counts.get(key, 0) + 1

    def exhausted(self, from_addr: str, received: datetime) -> bool:
        """True when the address already had MAX_EMPTY_REPLIES_PER_DAY such letters that day."""
        return self.counts.get(self.key(from_addr, received), 0) >= MAX_EMPTY_REPLIES_PER_DAY

    def copy(self) -> "EmptyAnswers":
        """An independent copy (restored when a batch is rolled back)."""
        other = EmptyAnswers(self.zone)
        other.counts, other.days = dict(self.counts), set(self.days)
        return other
