"""The states of an outgoing letter (``Outgoing.state``): one closed vocabulary, each state
with the Russian words the host reads for it (``outbox``, ``preview``).

A letter is queued; ``send`` marks it sending just before handing it to the server, then sent
once the server took it. A refusal makes it failed; a lost connection (the server may have
taken it) or a send interrupted while sending makes it uncertain, resent only on request.
The host may take a letter not sent off the queue (``drop``): it becomes dropped and stays
in the table, so its ``ref`` is never queued again and its number is never reused.
The database stores the plain value (``"queued"`` …); an :class:`OutState` is a ``str`` and
compares equal to its value, so rows written before this enum read the same.
"""

from __future__ import annotations

from engine.model import WordedEnum

__all__ = ["OutState", "TO_SEND", "UNSENT", "MAYBE_SENT"]


class OutState(WordedEnum):
    """What became of an outgoing letter; ``.ru``: the host's words for it («в очереди» …)."""

    QUEUED = "queued", "в очереди"
    SENDING = "sending", "отправляется"
    SENT = "sent", "отправлено"
    UNCERTAIN = "uncertain", "неясно, ушло ли"
    FAILED = "failed", "отказ сервера"
    DROPPED = "dropped", "снято с очереди"


#: Letters still to be sent, as ``preview`` shows them and ``edit`` may correct them.
TO_SEND = (OutState.QUEUED, OutState.UNCERTAIN)
#: Letters not sent that may be taken off the queue when they no longer hold.
UNSENT = (OutState.QUEUED, OutState.FAILED)
#: Letters the player has or may have got (a sent letter, one being sent, one whose fate is
#: unknown): what a player «was told». A dropped letter is neither this nor :data:`UNSENT`.
MAYBE_SENT = (OutState.SENDING, OutState.SENT, OutState.UNCERTAIN)
