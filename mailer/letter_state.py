"""The states of a received letter (``Letter.state``): one closed vocabulary, each state
with the Russian words the host reads for it.

The database stores the plain value (``"applied"``, ``"held"`` …), so databases written
before this enum existed read the same; a :class:`LetterState` is a ``str`` and compares
equal to its value.
"""

from __future__ import annotations

from engine.model import WordedEnum

__all__ = ["LetterState", "ATTENTION_STATES", "ANSWERED_EMPTY_STATES", "PLAYER_LETTER_STATES",
           "DAY_LETTER_STATES"]


class LetterState(WordedEnum):
    """What became of a received letter. ``.ru``: the host's words for letters in that
    state (plural, as in «inbox»: «ходы приняты», «повторы»)."""

    PENDING = "pending", "ждут обработки"  # stored, not read yet (or waiting for the next day)
    APPLIED = "applied", "ходы приняты"
    NO_MOVES = "no_moves", "без ходов"
    LATE = "late", "опоздали"
    AFTER_CLOSE = "after_close", "пришли после итогов дня"  # on time for a day closed meanwhile
    UNKNOWN_SENDER = "unknown_sender", "неизвестный адрес"
    HELD = "held", "задержаны для ведущего"
    AUTO_REPLY = "auto_reply", "автоответы"
    DUPLICATE = "duplicate", "повторы"
    UNREADABLE = "unreadable", "нечитаемые"
    SKIPPED = "skipped", "слишком большие"  # over max_letter_size, never downloaded
    HOST = "host", "от ведущего"  # the game's own letter or the host's
    AFTER_END = "after_end", "после конца игры"  # a player's letter after the game ended


#: States the host must look at (``mafia-mail inbox``, the attention count of ``status``).
ATTENTION_STATES = (LetterState.UNKNOWN_SENDER, LetterState.HELD, LetterState.UNREADABLE,
                    LetterState.SKIPPED, LetterState.AFTER_END)
#: States of letters that accepted no move (the reply-loop breaker counts their answers).
ANSWERED_EMPTY_STATES = (LetterState.NO_MOVES, LetterState.LATE, LetterState.AFTER_CLOSE,
                         LetterState.HELD, LetterState.AFTER_END)
#: States of a player's letters read in a day (``status`` counts them as his letters).
PLAYER_LETTER_STATES = (LetterState.APPLIED, LetterState.NO_MOVES)
#: States of the letters a day's close reads (its game-file turn, :func:`mailer.day.day_spec`).
DAY_LETTER_STATES = (LetterState.APPLIED, LetterState.LATE, LetterState.NO_MOVES)
