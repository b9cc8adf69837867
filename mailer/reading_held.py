"""A letter whose processing raised, held for the host (for :mod:`mailer.reading`): its
outcome is ``held`` (no moves, no reply) with the error in its notes; a letter that cannot
be written even alone is marked so in the store.
"""

from __future__ import annotations

from .answers import Outcome
from .config import GameConfig
from .intake import PENDING_COLUMNS
from .letter_state import LetterState
from .screens import text_hash
from .store import Letter, Store, dumps


def held(cfg: GameConfig, stored_id: str, decoded, exc: Exception) -> Outcome:
    """The outcome of a letter whose processing raised: ``held`` (no moves, no reply), the
    error in its notes for the host."""
    return Outcome(dict(
        PENDING_COLUMNS, message_id=decoded.message_id or stored_id, from_addr=decoded.from_addr,
        subject=decoded.subject, body=decoded.body, nick=cfg.player_by_address().get(decoded.from_addr),
        text_hash=text_hash(decoded.from_addr, decoded.body),
        state=LetterState.HELD, notes_json=dumps(list(decoded.notes) + [
            f"ошибка при обработке письма ({type(exc).__name__}: {exc}); ходы не приняты, ответа не было"])))


def hold_after_error(cfg: GameConfig, store: Store, letter_id: int, exc: Exception) -> Letter:
    """Mark a letter that could not be written even alone as ``held`` (its headers read
    again, no moves, no reply), with the error in its notes for the host."""
    from .decode import decode

    with store.session() as s:
        letter = s.get(Letter, letter_id)
        if letter.state != LetterState.PENDING:
            return letter  # another run processed it meanwhile: its result stands
        for name, value in held(cfg, letter.message_id, decode(letter.raw or b""), exc).columns.items():
            setattr(letter, name, value)
        s.add(letter)
        return letter
