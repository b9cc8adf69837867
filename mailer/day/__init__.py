"""A game day's life, one module a job: :mod:`.context` (the open day as commands read it),
:mod:`.open` (``init``, the next day, ``open-day --event``), :mod:`.close` (``close-day``,
``reopen-day``), :mod:`.deadline` (``deadline``, ``remind``). What the host reads about the
game (status, explain, newspaper) is in :mod:`mailer.reports`.
"""

from .close import CloseReport, close_day, read_before_early_close, reopen_day
from .context import Context, GameError, current_context, day_info, day_spec, load_state
from .deadline import (current_deadline, drop_stale_reminders, earlier_deadline_warning, remind, set_deadline,
                       stale_sync_warning)
from .open import event_change, event_id, init_game, set_event

__all__ = ["CloseReport", "Context", "GameError", "close_day", "read_before_early_close", "current_context", "day_info",
           "current_deadline", "day_spec", "drop_stale_reminders", "earlier_deadline_warning", "event_change", "event_id", "init_game", "load_state", "remind", "stale_sync_warning",
           "reopen_day", "set_deadline", "set_event"]
