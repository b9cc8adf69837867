"""TEST HOOK ONLY: die at a named point so the crash-safety tests can kill a real run.

When the environment variable ``MAFIA_MAIL_CRASH_AFTER`` is ``"<stage>:<n>"``, the n-th call
(1-based, counted per process) of :func:`crash_point` with that ``stage`` kills the process
with SIGKILL — no cleanup, no commit, exactly like a power cut. Unset (always, outside
tests) it does nothing. The stages are named where they are called: ``mailer.sync``
(``fetch_tx``, ``stored``, ``process_tx``, ``processed``) and ``mailer.outbox``
(``queued``: inside the caller's transaction, e.g. close-day's; ``sending``,
``delivered``, ``sent``).
"""

from __future__ import annotations

import os
import signal

_calls: dict[str, int] = {}


def crash_point(stage: str) -> None:
    """Count a pass through ``stage``; SIGKILL this process when ``MAFIA_MAIL_CRASH_AFTER``
    names this stage and this is its n-th pass. Never raises otherwise."""
    spec = os.environ.get("MAFIA_MAIL_CRASH_AFTER")
    if not spec:
        return
    name, _, count = spec.rpartition(":")
    if name != stage:
        return
    _calls[stage] = _calls.get(stage, 0) + 1
    if count.isdigit() and _calls[stage] == int(count):
        os.kill(os.getpid(), signal.SIGKILL)
