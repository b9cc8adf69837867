"""``mafia-mail sync``: fetch new letters, store them raw, understand them, queue replies.

Each letter passes these stages in order, each in its own module:

1. fetch and store (:mod:`mailer.intake`) — new messages only (IMAP UID cursor per folder and
   UIDVALIDITY / Maildir names), stored raw ``[mailbox] batch`` at a time, each batch with the
   cursor after it in one transaction; a letter over ``max_letter_size`` is not downloaded.
2. decode (:mod:`mailer.decode`) — charsets, HTML, quotes and signatures cut; once per letter.
3. screens (:mod:`mailer.screens`, the table ``CHAIN``) — duplicate, unreadable, auto-reply,
   the game's own letter, authentication (RFC 8601), several From, unknown sender, no open
   day, code word; then pasted copies of the game's letters are cut (:mod:`mailer.own_letters`).
4. stamp (:mod:`mailer.stamp`) — the server's receipt time against the days' deadlines
   (DECISIONS.md §2, §8).
5. parse — the sender's role decides which moves are possible (:mod:`engine.parse`,
   :mod:`engine.legality`).
6. reply — a threaded Russian reply restating every move and every problem; the loop breaker
   (:mod:`mailer.loop_breaker`) ends any exchange with a broken auto-responder.

Stages 3–6 run in :mod:`mailer.reading`, one transaction per batch of letters. A crash at any
point can be re-run: stored letters are never fetched twice, a batch's letter states are
committed with its reply rows (queued once per letter by ``ref``), so a re-run redoes at most
the batch in progress. The crash tests kill the process at the points marked ``crash_point``
(:mod:`mailer.crash`).
"""

from __future__ import annotations

from datetime import datetime

from .config import GameConfig
from .intake import SyncReport, fetch_new
from .loop_breaker import MAX_EMPTY_REPLIES_PER_DAY
from .own_letters import OwnLetters, cut_own_letters
from .reading import process_pending
from .render import Renderer
from .runlock import AlreadyRunning, exclusive
from .store import Game, Store, to_db
from .day import current_context

__all__ = ["sync", "sync_locked", "SyncReport", "fetch_new", "process_pending",
           "MAX_EMPTY_REPLIES_PER_DAY", "OwnLetters", "cut_own_letters"]


def sync(cfg: GameConfig, store: Store, *, now: datetime, progress=None) -> SyncReport:
    """Pull new letters, understand them and queue a reply to each (the whole ``sync``).

    Args:
        cfg: the loaded config; store: the game database; now: aware current time (Date of
            the replies); progress: optional callable() per fetched message.
    Returns:
        SyncReport. Re-running after a crash or a second time is safe: nothing is fetched,
        stored or answered twice.
    Raises:
        mailer.fetch.MailboxError: the mailbox cannot be reached (nothing is lost).
        mailer.day.GameError: another sync of this game is running (mailer.runlock).
        mailer.render_templates.TemplateProblem: a host template cannot be read or rendered; letters
            not yet understood stay pending for the next run.
    """
    from .day import GameError

    try:
        with exclusive(cfg.path, "sync", cfg.database_url):
            return sync_locked(cfg, store, now=now, progress=progress)
    except AlreadyRunning as exc:
        raise GameError(str(exc)) from None


def sync_locked(cfg: GameConfig, store: Store, *, now: datetime, progress=None,
                workers: int | None = None, renderer: Renderer | None = None) -> SyncReport:
    """:func:`sync` for a caller that already holds the game's ``sync`` lock (``sync`` itself,
    ``watch`` for each batch of new letters). ``workers``: decode/parse worker processes
    (None: :func:`mailer.prepare.default_workers`; 0 for a few letters). ``renderer``: one
    kept by the caller (``watch``: templates compiled once, not per batch). Returns and
    raises as :func:`sync` (but never for the lock)."""
    from .prepare import ParseContext, Preparer, default_workers

    report = SyncReport()
    renderer = renderer or Renderer(cfg)  # a broken host template stops the sync before any letter
    with store.session() as s:
        ctx = current_context(s)
    context = ParseContext(cfg.player_by_address(), *(
        (ctx.day, ctx.state, ctx.info) if ctx is not None else ()))
    workers = default_workers() if workers is None else workers
    with Preparer(context, workers, before_fork=store.engine.dispose) as preparer:
        fetch_new(cfg, store, report, progress, preparer, now=now)
        process_pending(cfg, store, now=now, report=report, preparer=preparer,
                        renderer=renderer)
    with store.session() as s:
        game = s.get(Game, 1)
        if game is not None:
            game.last_sync = to_db(now)
            s.add(game)
    return report
