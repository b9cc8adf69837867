"""The read/reply loop: every stored letter still ``pending`` is screened, stamped with its
day, parsed and answered, a batch of letters per transaction.

Per letter, in order: the screens of :data:`mailer.screens.CHAIN` (the first that says yes
gives the letter its state and, where the sender deserves one, an answer); the cut of pasted
copies of the game's letters (:mod:`mailer.own_letters`); the stamp (:mod:`mailer.stamp`:
which day it belongs to); the parse (the sender's role decides which moves are possible) and
the rules' screen of the moves (:mod:`engine.legality`); the reply, unless the loop breaker
(:mod:`mailer.loop_breaker`) says the address had enough answers today.

A batch's letter states are committed with its reply rows (queued once per letter by
``ref``), so a crash redoes at most the batch in progress. A letter whose processing raises
is ``held`` for the host and the loop goes on. Decoding and parsing run ahead in worker
processes on a big sync (:mod:`mailer.prepare`); each letter is decoded once per sync.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from datetime import datetime
from email.utils import parseaddr
from typing import TYPE_CHECKING

from sqlalchemy import bindparam, insert, update
from sqlmodel import Session, select

from engine.calendar import on_time
from engine.textnorm_aliases import install_aliases
from engine.legality import (SECOND_VOTE, move_targets, screen_letter, standing_actions, standing_moves, taken_back,
                             withdraw_vote)
from engine.parse_answer import kept_votes
from engine.parse_earlier import corrected_earlier
from engine.model import Move, Problem, ProblemKind
from engine.move_words import describe_move

from .addresses import canonical
from .answers import Answers, Outcome, moves_in_quote, next_day_told, told_next_day
from .batch_context import BatchContext, StandingDays, same_letter
from .config import GameConfig
from .day.context import with_partner
from .crash import crash_point
from .intake import PENDING_COLUMNS, SyncReport, attention_line, batches
from .letter_state import ATTENTION_STATES, LetterState
from .loop_breaker import EmptyAnswers
from .outbox import game_key, is_game_message_id
from .decode import recut
from .own_letters import OwnLetters, cut_own_letters
from .questions import QUESTION_NOTE, answered_by_refusals, for_host
from .render import Renderer, subject_told
from .reading_held import held, hold_after_error
from .render_templates import TemplateProblem
from .reply_context import (EarlierReply, carried_block, clan_head, clan_idle, earlier_replies, fold, folded_letters,
                            overruled_orders,
                            pending_senders, still_carried, wrote_later)
from .screens import Answer, Candidate, Gate, run_chain, text_hash
from .stamp import closed_early_before, stamp
from .store import Letter, Outgoing, Store, dumps, loads, utc
from .words import NOTHING_TO_UNVOTE_NOTE, UNVOTE_NOTE, UNVOTED, stored_problem
from .day import current_context

if TYPE_CHECKING:
    from .prepare import Preparer

__all__ = ["process_pending", "due_letters", "LOOK_AHEAD"]

#: Batches decoded and parsed ahead of the one being processed (when workers are used).
LOOK_AHEAD = 2


def process_pending(cfg: GameConfig, store: Store, *, now: datetime, report: SyncReport,
                    renderer: Renderer | None = None, preparer: "Preparer | None" = None) -> None:
    """Read and answer every stored letter due now (:func:`due_letters`), oldest first.

    Letters are processed ``cfg.mailbox.batch`` at a time, each batch in one transaction
    (letter states, replies queued, the «Страх» answer); a crash loses at most the batch in
    progress, which the next run processes again. A letter whose processing raises is
    ``held`` with the error in its notes (for the host) and the loop goes on; if writing a
    batch fails, its letters are processed again one per transaction, so one bad letter
    never stops the sync nor blocks later ones. ``preparer`` (:mod:`mailer.prepare`)
    decodes and parses the next batches ahead while one is processed; without it every
    letter is prepared in place. ``now``: aware, the Date of the replies. Raises
    TemplateProblem when a host template cannot be rendered (the letters stay pending).
    Letters ``reopen-day`` gave back to the reopened day, once read, get their corrections
    (:func:`mailer.day.reopened.correct_reread_letters`; ``report.corrected``), and the unsent
    «counts for the next day» notices of letters now answered are taken off the queue
    (:func:`mailer.answers.drop_superseded_notices`).
    """
    from .prepare import Preparer

    from .day.in_place import correct_in_place, make_way

    renderer = renderer or Renderer(cfg)
    with store.session() as s:
        # a letter that comes before letters of its sender already read for the day is read
        # in its place: they are read again after it (mailer.day.in_place)
        place = make_way(s, cfg, _due_rows(s))
        if place is not None:
            report.followed.extend(i for i in place.later if i not in report.followed)
    with store.session() as s:
        ids = due_letters(s)
    own_preparer = preparer is None
    preparer = preparer or Preparer(None)
    run = _Run(cfg, store, now, renderer, preparer)
    chunks = list(batches(ids, cfg.mailbox.batch))
    try:
        for index, chunk in enumerate(chunks):
            for ahead in chunks[index + 1: index + 1 + LOOK_AHEAD]:
                run.submit(ahead)
            run.process(chunk, report)
    finally:
        if own_preparer:
            preparer.close()
    if report.processed:
        from .answers import drop_superseded_notices
        from .day.reopened import correct_reread_letters

        with store.session() as s:
            # letters reopen-day gave back to their day: their senders are told
            report.corrected.extend(correct_reread_letters(cfg, s, now, report.counted_again))
            # a «counts for the next day» notice whose letter is now answered never goes out with the answer
            drop_superseded_notices(s)
            if place is not None:  # a player whose reply to a later letter went out is told what changed
                report.in_place.extend(correct_in_place(cfg, s, place))


def due_letters(s: Session) -> list[int]:
    """Ids of the pending letters to process now, oldest first: every letter never processed,
    and the letters already read as the next day's (received after the open day's deadline)
    only once that day has been closed (they are not re-read on every sync meanwhile)."""
    return [r[0] for r in _due_rows(s)]


def _due_rows(s: Session) -> list[tuple[int, datetime]]:
    """:func:`due_letters` as ``(id, received)``."""
    table = Letter.__table__
    rows = s.execute(select(table.c.id, table.c.from_addr, table.c.received)
                     .where(table.c.state == LetterState.PENDING).order_by(table.c.received, table.c.id))
    ctx = current_context(s)
    if ctx is None:
        return [(r.id, r.received) for r in rows]
    deadline = utc(ctx.row.deadline)
    return [(r.id, r.received) for r in rows if not r.from_addr or on_time(utc(r.received), deadline)]


class _Run:
    """One sync's processing of pending letters: the config and renderer, and what it
    remembers from letter to letter (the game's own letters, the loop breaker's counts)."""

    def __init__(self, cfg: GameConfig, store: Store, now: datetime, renderer: Renderer,
                 preparer: "Preparer") -> None:
        self.cfg, self.store, self.now, self.renderer = cfg, store, now, renderer
        self.preparer = preparer
        install_aliases(cfg.aliases)  # (the library's callers too, not only the CLI's)
        self.own = OwnLetters()
        self._told: frozenset[str] | None = None
        self._ended: str | None | bool = False  # not read yet (see :meth:`ended`)
        self._pending: list | None = None  # see :meth:`pending_senders`
        self._last_deadline: tuple | None | bool = False  # not read yet (see :meth:`last_deadline`)
        self.empty = EmptyAnswers(cfg.zone)
        self.days = StandingDays()
        with store.session() as s:
            key = game_key(s)
        self.answers = Answers(cfg, renderer, now, self.empty, key)
        self.players = cfg.player_by_address()
        self.player_cfg = {p.nick: p for p in cfg.players}
        self.own_addrs = frozenset({canonical(parseaddr(a)[1]) for a in cfg.host_addresses}
                                   | {canonical(parseaddr(cfg.send.from_addr)[1])})

    def ended(self, s: Session) -> str | None:
        """None while the game runs (or before init); once it has ended, its winner id
        (``""`` when the stored state names none). Read once a run."""
        if self._ended is False:
            from .store import Game

            game = s.get(Game, 1)
            self._ended = None
            if game is not None and game.finished:
                self._ended = (loads(game.state_json) or {}).get("winner") or ""
        return self._ended

    def last_deadline(self, s: Session) -> tuple[datetime, datetime | None] | None:
        """The deadline and the close (aware UTC) of the game's last day, read once a run
        (None: no day)."""
        if self._last_deadline is False:
            from .store import DayRow

            row = s.exec(select(DayRow).order_by(DayRow.day.desc())).first()
            self._last_deadline = None if row is None else (
                utc(row.deadline), utc(row.closed_at) if row.closed_at is not None else None)
        return self._last_deadline

    def told_next_day(self, s: Session) -> frozenset[str]:
        """The refs of the next-day notices sent before this run (read once a run: the run
        itself only queues new ones)."""
        if self._told is None:
            self._told = told_next_day(s)
        return self._told

    def pending_senders(self, s: Session) -> list:
        """The unread letters' ``(received, address)`` at the first need of this run
        (:func:`mailer.reply_context.pending_senders`)."""
        if self._pending is None:
            self._pending = pending_senders(s)
        return self._pending

    def submit(self, ids: list[int]) -> None:
        """Have the preparer start on the pending letters ``ids`` (when it uses workers)."""
        ids = self.preparer.not_submitted(ids)
        if not ids:
            return
        table = Letter.__table__
        with self.store.session() as s:
            items = list(s.execute(select(table.c.id, table.c.raw).where(
                table.c.id.in_(ids), table.c.state == LetterState.PENDING)))
        self.preparer.submit([(r.id, r.raw) for r in items])

    def process(self, ids: list[int], report: SyncReport) -> None:
        """Process the pending letters ``ids`` in one transaction; if writing them fails,
        one per transaction (a letter that cannot be written even alone is held)."""
        saved = (self.empty.copy(), self.own.copy())
        try:
            done = self._process(ids)
        except TemplateProblem:
            raise  # the host's template, not the letter: stop, the letters stay pending
        except Exception as exc:  # noqa: BLE001 - the batch is rolled back, nothing is lost
            self.empty, self.own = saved
            self.answers.empty = self.empty
            if len(ids) > 1:
                for letter_id in ids:
                    self.process([letter_id], report)
                return
            letter = hold_after_error(self.cfg, self.store, ids[0], exc)
            done = [(letter.state, letter.from_addr, letter.subject, letter.nick, letter.id, [], None)]
        for state, from_addr, subject, nick, letter_id, questions, early_for in done:
            crash_point("processed")
            if questions:
                report.questions.append((letter_id, nick or from_addr, list(questions)))
            if early_for is not None:
                report.early_closed.append((letter_id, nick or from_addr, *early_for, state))
            report.processed += 1
            report.states[state] = report.states.get(state, 0) + 1
            if state == LetterState.AFTER_CLOSE:
                report.after_close.append(letter_id)
            if state == LetterState.APPLIED and nick:
                report.movers.add(nick)
            if state in ATTENTION_STATES:
                report.attention.append(attention_line(from_addr, state, subject))
                report.attention_ids.append(letter_id)

    def _process(self, ids: list[int]) -> list[tuple[str, str, str, str | None, int, list[str]]]:
        table = Letter.__table__
        with self.store.session() as s:
            rows = {r.id: r for r in s.execute(
                select(table.c.id, table.c.raw, table.c.received, table.c.message_id)
                .where(table.c.id.in_(ids), table.c.state == LetterState.PENDING))}
            rows = [rows[i] for i in ids if i in rows]
            prepared = {r.id: self.preparer.take(r.id, r.raw) for r in rows}
            decoded = {letter_id: p.decoded for letter_id, p in prepared.items()}
            batch = BatchContext(self.store, s, rows, decoded, self.days)
            gate = Gate(self.own_addrs, functools.partial(is_game_message_id, from_addr=self.cfg.send.from_addr),
                        self.cfg.require_code, functools.partial(same_letter, s))
            self.empty.load(s, [r.received for r in rows])
            outcomes = []
            for r in rows:
                try:
                    out = self._understand(s, r, prepared[r.id], batch, gate)
                except TemplateProblem:
                    raise
                except Exception as exc:  # noqa: BLE001 - one bad letter must not stop the sync
                    out = held(self.cfg, r.message_id, decoded[r.id], exc)
                self._apply(s, r, out, batch)
                outcomes.append((r, out))
                crash_point("process_tx")
            if outcomes:
                s.execute(update(table).where(table.c.id == bindparam("_id")),
                          [out.columns | {"_id": r.id} for r, out in outcomes])
                self._queue(s, [row for _, out in outcomes for row in out.queued])
        self.days.committed([(r.received, r.id, out.columns) for r, out in outcomes])
        return [(out.reported or out.columns["state"], out.columns["from_addr"], out.columns["subject"],
                 out.columns.get("nick"), r.id, out.questions, out.early_for) for r, out in outcomes]

    def _apply(self, s: Session, r, out: Outcome, batch: BatchContext) -> None:
        """What a later letter of the same batch must already see of this one."""
        cols = out.columns
        batch.settle(cols["message_id"], r.id, cols["state"], cols["duplicate_of"])
        self.empty.count(cols["from_addr"], r.received, cols["state"])
        if out.reply_body is not None:
            self.own.add(s, out.queued[-1]["to_addr"], out.reply_body)
        if out.fear_choice is not None:
            batch.ctx.row.fear_choice = out.fear_choice
            s.add(batch.ctx.row)

    def _queue(self, s: Session, rows: list[dict]) -> None:
        """Insert the outgoing ``rows`` whose ``ref`` is not queued yet (the first of a ref wins)."""
        table = Outgoing.__table__
        if not rows:
            return
        taken = set(s.execute(select(table.c.ref).where(table.c.ref.in_({r["ref"] for r in rows}))).scalars())
        fresh = []
        for row in rows:
            if row["ref"] not in taken:
                taken.add(row["ref"])
                fresh.append(row)
        if fresh:
            self._own_ids(s, fresh)
            s.execute(insert(table), fresh)
        for _ in fresh:
            crash_point("queued")

    def _own_ids(self, s: Session, rows: list[dict]) -> None:
        """Give each of ``rows`` whose Message-ID a stored letter already holds a ref and an id
        of its own (``<ref>~2``, ``~3``, …): a letter read again (``reread``, ``reopen-day``)
        whose earlier answer was sent (:func:`mailer.intake.release_answers` freed its ref; its
        Message-ID stays, RFC 5322 §3.6.4: never reused)."""
        from .outbox import message_id_for

        table = Outgoing.__table__
        held = set(s.execute(select(table.c.message_id).where(
            table.c.message_id.in_({r["message_id"] for r in rows}))).scalars())

        def taken(message_id: str) -> bool:  # (``~2`` itself may be sent: a letter read a third time)
            return message_id in held or s.execute(select(table.c.id).where(
                table.c.message_id == message_id)).first() is not None

        for row in rows:
            base, n = row["ref"], 1
            while taken(row["message_id"]):
                n += 1
                row["ref"] = f"{base}~{n}"
                row["message_id"] = message_id_for(self.cfg.name, self.cfg.seed, row["ref"],
                                                   self.cfg.send.from_addr, self.answers.key)
            held.add(row["message_id"])

    # --- one letter; writes nothing, returns the outcome

    def _understand(self, s: Session, r, prepared, batch: BatchContext, gate: Gate) -> Outcome:
        from engine.parse import parse_letter

        decoded = prepared.decoded
        message_id = decoded.message_id or r.message_id
        cols = dict(PENDING_COLUMNS, message_id=message_id, from_addr=decoded.from_addr,
                    subject=decoded.subject, body=decoded.body,
                    text_hash=text_hash(decoded.from_addr, decoded.body))
        out = Outcome(cols)
        nick = self.players.get(decoded.from_addr)
        cut: list[str] = []
        skipped = {"head": decoded.unmarked_quote, "kept": False}  # an unmarked quote (see QuoteCut)

        def own_text() -> str:
            """The letter without pasted copies of the game's letters to its sender (once)."""
            if not cut:
                known = self.own.bodies_to(s, self.player_cfg[nick].emails)
                text = recut(decoded, known)  # the text under an unmarked quote of one of them
                body, copies = cut_own_letters(text, known)
                if copies or text != decoded.body:
                    cols["body"] = body
                if text != decoded.body:
                    skipped["kept"] = True
                    letter.notes.append(f"цитата письма игры без «>» (под строкой «{decoded.unmarked_quote}») "
                                        "пропущена, текст игрока под ней прочитан")
                if copies:
                    letter.notes.append(f"в письме копия письма игры ({copies}): её текст не читается как ходы")
                cut.append(body)
            return cut[0]

        letter = Candidate(decoded, message_id, utc(r.received), batch.earlier(message_id, r.id),
                           message_id in batch.own_ids, nick, self.player_cfg.get(nick),
                           batch.ctx is not None, own_text, notes=list(decoded.notes),
                           game_over=batch.ctx is None and self.ended(s) is not None)

        def done(state: str) -> Outcome:
            cols["state"] = state
            cols["notes_json"] = dumps(letter.notes)
            return out

        ctx = batch.ctx
        reply = dict(s=s, out=out, r=r, decoded=decoded, ctx=ctx, notes=letter.notes, earlier=letter.earlier)
        stopped = run_chain(letter, gate)
        if stopped is not None:
            link, reason = stopped
            cols["nick"] = nick if link.senders else None
            cols["duplicate_of"] = letter.duplicate_of
            if link.answer is Answer.STRANGER:
                self.answers.stranger(out, decoded, letter.received)
            elif link.answer is Answer.GAME_OVER:
                self.answers.game_over(out, r, decoded, letter.notes, letter.earlier, self.ended(s) or None,
                                       self.last_deadline(s))
            elif link.answer is Answer.REFUSAL:
                problems = [Problem(text=decoded.subject or "", kind=ProblemKind.NOT_ALLOWED,
                                    reason=link.screen.__name__, message=reason)]
                cols["problems_json"] = dumps([stored_problem(p) for p in problems])
                self.answers.reply(moves=[], problems=problems, state=link.state, **reply)
            return done(link.state)
        cols["nick"] = nick
        body = own_text()
        # questions to the host: the reply says he answers them, status counts the letter;
        # «не поздно?», «дошло?»: the reply itself answers (when it came, for which day)
        questions, reply["timing"] = for_host(body)
        reply["questions"] = out.questions = questions
        letter.notes.extend(f"{QUESTION_NOTE}«{q}»" for q in questions)
        # --- stamp
        cols["day"] = ctx.day
        late_for, came_after = stamp(letter.received, batch.prev, ctx.row,
                                     lambda n: self.store.day(s, n))
        # --- parse («Выбери меня!»: the partner named in an earlier letter is immune too)
        if ctx.info.immune and ctx.info.event == "choose_me":
            named = with_partner(ctx.info, standing_moves(batch.standing_of(s, ctx.info.immune, ctx.day)))
            if named is not ctx.info:
                ctx = reply["ctx"] = dataclasses.replace(ctx, info=named)
        ahead = self.preparer.context
        if (prepared.result is not None and prepared.nick == nick and body == decoded.body
                and ahead is not None and (ahead.day, ahead.info) == (ctx.day, ctx.info)):
            result = prepared.result  # parsed ahead on exactly this text, sender and day
        else:
            result = parse_letter(body, nick, ctx.state, ctx.info)
        if not (result.moves or result.skip or result.cancel or result.unvote):
            # «Кира, конечно»: the answer to the question of the reply to an earlier letter
            result, asked = self._answer(s, decoded, r, nick, ctx, body, result, letter.notes)
            cols["asked_json"] = dumps([p.asked_json() for p in asked])
        earlier_letters = batch.standing_of(s, nick, ctx.day)
        if earlier_letters and not (result.moves or result.skip or result.cancel or result.unvote):
            # «Ой, ошибся: не Лисичку, а Бублика»: the target of his earlier letter's move
            # corrected (engine.parse_earlier; the replay of the day reads it the same way)
            corrected = corrected_earlier(body, nick, ctx.state, ctx.info, standing_moves(earlier_letters), result)
            if corrected is not None:
                result = corrected
                letter.notes.append("исправляет цель хода из прежнего письма" if corrected.moves else
                                    "может исправлять цель хода из прежнего письма: игрок спрошен")
        # what the rules already refuse is refused in this reply (DECISIONS.md §2)
        result = screen_letter(result, nick, ctx.state, ctx.info, standing_actions(earlier_letters))
        # «Страх»: the day waits for this player's answer, which comes after the deadline by design
        chooser = ctx.row.fear_chosen == nick and ctx.row.status == "open"
        if chooser and late_for is ctx.row and any(m.action == "fear_choice" for m in result.moves):
            result = _choice_only(result, ctx.day)
        cols["moves_json"] = dumps([m.to_json() for m in result.moves])
        cols["skip"], cols["cancel"] = result.skip, result.cancel
        cols["unvote_json"] = dumps(list(result.unvote))
        # (a vote asked about on a two-vote day keeps the letter's other vote for the answer)
        problems = kept_votes(result.moves, result.problems, ctx.info)
        living = _living(ctx, nick)
        answered = answered_by_refusals(questions, problems, dead=not living)
        if answered:  # the reply's refusal answers them: not the host's to answer, and the
            # parser's «ведущий ответит отдельно» on the same words would promise what is not done
            questions = [q for q in questions if q not in answered]
            problems = [p for p in problems if not (p.reason == "question" and p.text and any(
                p.text in q for q in answered))]
            reply["questions"] = out.questions = questions
            letter.notes[:] = [n for n in letter.notes if n not in {f"{QUESTION_NOTE}«{q}»" for q in answered}]
        cols["problems_json"] = dumps([with_offered(stored_problem(p), p, nick, ctx) for p in problems])
        fear = [m for m in result.moves if m.action == "fear_choice"]
        if fear and chooser:
            out.fear_choice = fear[-1].target
            late_for = None
        elif chooser and late_for is ctx.row and any(p.action == "fear_choice" for p in problems):
            # «Выбираю Кирку» (Кир or Кира?): the chooser's unclear answer is asked about now,
            # in the day that waits for it — not put off to the next day as a late letter
            late_for = None
        if late_for is ctx.row:
            # received after the open day's deadline, before the host closed it: the letter
            # belongs to the next day (DECISIONS.md §2, §8) and waits for it (stays pending);
            # once that day opens it is read there and its reply says so
            cols["day"] = None
            letter.notes.append(f"пришло после срока дня {ctx.day}: письмо будет прочитано в дне "
                                f"{ctx.day + 1}, когда ведущий закроет день {ctx.day}")
            if result.moves or result.skip or result.cancel or result.unvote:  # nothing understood: no notice
                self.answers.next_day(out, r, decoded, ctx.row, letter.notes, letter.earlier)
            return done(LetterState.PENDING)
        if late_for is not None:
            # a letter for a day already closed stays out of that day (export replays the day as
            # close-day resolved it): state ``after_close``
            cols["day"] = late_for.day
            self.answers.reply(moves=list(result.moves), problems=problems, state=LetterState.AFTER_CLOSE,
                        late_deadline=utc(late_for.deadline), late_row=late_for, **reply)
            return done(LetterState.AFTER_CLOSE)
        state = LetterState.APPLIED if (result.moves or result.skip or result.cancel or result.unvote) \
            else LetterState.NO_MOVES
        # after an early close of the day before, on time for its deadline: the reply says
        # the host closed that day early and the letter counts for this one
        closed_early = closed_early_before(letter.received, batch.prev) if late_for is None else None
        if closed_early is not None:
            letter.notes.append(f"пришло после досрочного закрытия дня {closed_early.day}, до его срока: "
                                f"относится ко дню {ctx.day}")
            out.early_for = (closed_early.day, utc(closed_early.deadline))
        if came_after is not None:  # what it counted for, as its reply says
            letter.notes.append(f"пришло после срока дня {came_after.day}, до его закрытия: " + (
                f"ходы засчитаны в день {ctx.day}" if state == LetterState.APPLIED
                else f"относится ко дню {ctx.day}, но ходов не засчитано"))
        mine = (tuple(result.moves), bool(result.cancel or result.skip), result.unvote)
        # the earlier letters' moves this one leaves standing, told in the reply; a vote given
        # in the place of one taken back («Снимаю голос с X. Линч: Y», merged_vote): the
        # earlier letters' players standing beside Y
        before = standing_moves(earlier_letters)
        new_vote = next((m for m in reversed(result.moves) if m.action == "vote"), None)
        kept, merged = [], False
        for m in standing_moves(earlier_letters + [mine]):
            if m in result.moves:
                continue
            if m.action == "vote" and new_vote is not None:
                merged, m = True, withdraw_vote(m, move_targets(new_vote))
                if m is None:
                    continue
            kept.append(m)
        # and those this one replaces («Миномёт: Бука» after «Миномёт: Карлсон»)
        replaced = [m for m in before if m not in kept and m not in result.moves and
                    not (merged and m.action == "vote")] if result.moves else []
        # and the votes it takes back («Снимаю голос.», «Снимаю голос с X»: that vote only)
        withdrawn = taken_back(before, result.unvote) if result.unvote and (merged or new_vote is None) else []
        # «Снимаю голос с X(. Линч: Y)» with no earlier vote for X: the reply names X, there
        # was nothing to take back from him (beside a new vote it said nothing, and a fresh
        # host's player thought a vote for X removed; alone it said «за названного игрока»);
        # with no earlier vote at all it says that instead
        unvote_none = [] if not result.unvote or withdrawn or set(result.unvote) & {"*", SECOND_VOTE} \
            or new_vote is None and not any(m.action == "vote" for m in before) \
            or any(m.action == "vote" and set(move_targets(m)) & set(result.unvote) for m in before) \
            else list(result.unvote)
        if state == LetterState.APPLIED and not (result.moves or result.skip or result.cancel):
            # a letter that only takes back a vote: sync counts it apart from the letters with
            # moves accepted (none), and the host's note says what it took back
            role = ctx.state.players[nick].role if nick in ctx.state.players else None
            out.reported = UNVOTED if withdrawn else LetterState.NO_MOVES
            letter.notes.append(UNVOTE_NOTE + "; ".join(describe_move(m, ctx.state, role) for m in withdrawn)
                                if withdrawn else NOTHING_TO_UNVOTE_NOTE + (
                                    "голоса за названных игроков в прежних письмах за день нет"
                                    if any(m.action == "vote" for m in before) else
                                    "голоса из прежних писем за день нет"))
        if state == LetterState.APPLIED:
            earlier_letters.append(mine)
            if (result.moves or result.skip or result.cancel) and batch.drop_reminder(s, nick, ctx.day):
                letter.notes.append("напоминание этому игроку снято с очереди: он прислал ходы")
        moved = came_after is None and next_day_told(self.told_next_day(s), message_id, r.id)
        idle = clan_idle(ctx.state, ctx.info, nick, [*result.moves, *kept],
                         lambda member: batch.standing_of(s, member, ctx.day),
                         lambda nicks: wrote_later(s, self.players, nicks, letter.received,
                                                   utc(ctx.row.deadline), self.pending_senders(s)))
        for member in idle:  # «за него» / «за неё»: the reply's words follow the config's gender
            member["gender"] = self.player_cfg[member["nick"]].gender
        overruled = overruled_orders(list(result.moves), lambda member: batch.standing_of(s, member, ctx.day))
        for member in overruled:
            member["gender"] = self.player_cfg[member["nick"]].gender
        earlier = earlier_replies(s, batch.replies, batch.queued_replies(s, nick, ctx.day), nick, ctx.day,
                                  (letter.received, r.id),
                                  decoded.in_reply_to, decoded.full_text or decoded.body, batch.earlier_memo)
        quoted = moves_in_quote(decoded.full_text, nick, ctx, self.own.bodies_to(s, self.player_cfg[nick].emails),
                                kept) if state == LetterState.NO_MOVES and not problems else []
        role = ctx.state.players[nick].role if nick in ctx.state.players else None
        letter.notes.extend(f"ход только в цитате, не засчитан: {describe_move(m, ctx.state, role)}" for m in quoted)
        head = clan_head(ctx.state, nick, lambda boss: batch.standing_of(s, boss, ctx.day))
        # a letter with no text of its own (the move written in the subject only): moves are
        # read from the text alone; the reply and the host's note say so
        no_own_move = state == LetterState.NO_MOVES and not problems and not quoted and not decoded.unmarked_quote
        empty = decoded.subject if no_own_move and not any(ch.isalnum() for ch in body) else None
        # a text with no move beside a subject holding one («Линч Бармалей, Бука» as the
        # subject, «всё в теме» as the text): told as an empty letter is
        in_subject = no_own_move and bool(subject_told(decoded.subject)) and \
            _move_like(parse_letter(subject_told(decoded.subject), nick, ctx.state, ctx.info))
        subject_moves = empty is None and in_subject
        if subject_moves:
            empty = decoded.subject
        if empty is not None:
            # an empty letter whose subject holds no move either (none at all, or «Привет»)
            # is told its text is empty, never «ходы я читаю не из темы» (empty_body "")
            letter.notes.append(("в тексте письма хода нет" if subject_moves else "текст письма пустой")
                                + (": ходы из темы не читаются" if in_subject else "") + (
                f" (тема: «{decoded.subject.strip()}»)" if decoded.subject.strip() else ""))
            if not in_subject:
                empty = ""
        # the earlier replies still queued are held back: this one says what they said beyond
        # the moves, less what a later letter settled (mailer.reply_context)
        inherited = [b for e in earlier for b in e.carried]
        now_standing = {m.action for m in [*result.moves, *kept]} | \
            {m.move.action for m in [*result.moves, *kept] if m.action == "on_behalf" and m.move is not None}
        self.answers.reply(moves=list(result.moves), problems=problems, state=state, came_after=came_after,
                           moved=moved, closed_early=closed_early if living else None, standing=kept, replaced=replaced, clan_idle=idle, head=head,
                           overruled=overruled,
                           folded=[t for t, _ in folded_letters(earlier)], quoted=quoted,
                           carried=still_carried(inherited, now_standing),
                           empty_body=empty, subject_moves=subject_moves, unvote=bool(result.unvote) and (new_vote is None or bool(withdrawn) or bool(unvote_none)),
                           unvote_none=unvote_none,
                           withdrawn=withdrawn,
                           quote_skipped=skipped if skipped["head"] and (
                               skipped["kept"] or state == LetterState.NO_MOVES and not problems
                               and not quoted and empty is None) else None, **reply)
        if out.reply_body is not None:  # the sender's earlier replies still queued: this one stands for them
            letter.notes.extend(fold(s, earlier, by=r.id))
            own = carried_block(letter.received, problems, letter.notes)
            batch.replies.append((nick, ctx.day, EarlierReply(r.id, letter.received, [*inherited, *([own] if own else [])],
                                                              row=out.queued[-1], folded=folded_letters(earlier))))
        return done(state)

    def _answer(self, s: Session, decoded, r, nick: str, ctx, body: str, result,
                notes: list[str]):
        """``(result, [])`` for a letter that made no move, or the letter read as ``nick``'s
        answer to the reply that asked him which player he meant (:mod:`mailer.answered`,
        :func:`engine.parse_answer.read_answer`) and the questions it answers, with a note for
        the host."""
        from engine.parse_answer import read_answer

        from .answered import answer_note, as_asked, asked_before, replies_to_question, unsettled_note

        before, asked = asked_before(s, in_reply_to=decoded.in_reply_to, nick=nick, day=ctx.day,
                                     letter_id=r.id, received=utc(r.received))
        if not asked:
            no = _not_a_move(s, decoded, nick, ctx.day, before, body, result, notes)
            if no is not None:
                return no, []
            return _yes_a_move(s, decoded, nick, ctx, before, body, result, notes) or (result, [])
        answer = read_answer(body, nick, ctx.state, ctx.info, asked)
        if answer is None and not result.problems and replies_to_question(s, decoded, nick, ctx.day, asked):
            # a reply to the question itself: read against the question's own choices
            # («Кира, девушка которая»); a question it settles to none or two is asked again
            from dataclasses import replace

            from engine.answer_reply import read_reply_answer, reasked

            asked = as_asked(asked, loads(before.problems_json) if before is not None else [])
            got = read_reply_answer(body, nick, ctx.state, ctx.info, asked)
            again = reasked(got.open, body, got.named)
            if got.result is None:
                notes.append(unsettled_note(before, again, body))
                return replace(result, problems=result.problems + again), []
            answer = replace(got.result, problems=got.result.problems + again)
        if answer is None:
            return result, []
        made = {m.action for m in answer.moves} | {m.move.action for m in answer.moves
                                                   if m.action == "on_behalf" and m.move is not None}
        # the note names the questions the answer settled (``inbox`` marks those settled)
        notes.append(answer_note(before, [p for p in asked if p.action in made] or asked))
        return answer, asked


#: The start of the reply's question whether a sentence is a move (engine.grammar_rules).
_WHETHER = "Не понял, ход ли это: "
#: A reply that says the sentence asked about is no move: «Нет», «Нет, это не ход», «не ход,
#: просто мысли вслух» — short, with «нет» first or «не ход» in it.
_NO = re.compile(r"(?i)^\W*(?:нет\b|это\s+не\s+ход\b|не\s+ход\b)")
_NOT_A_MOVE = re.compile(r"(?i)\bне\s+ход\b|^\W*нет\W*$")
#: The longest such reply, in words.
_NO_WORDS = 8


def _not_a_move(s: Session, decoded, nick: str, day: int, before, body: str, result, notes: list[str]):
    """The letter ``body`` (no move read from it: ``result``) of ``nick`` read as his answer
    «нет, это не ход» to the reply to his letter ``before`` that asked whether a sentence is a
    move («Не понял, ход ли это: «…»»), when it is one: a reply to that reply (In-Reply-To or
    References, or quoting the question), short, saying no. Then: ``result`` with the player
    told the sentence is not counted and the question closed, and the host's note; else None."""
    from .answered import replies_to_whether

    if before is None or len(body.split()) > _NO_WORDS:
        return None
    text = " ".join(body.split())
    if not (_NO.search(text) and _NOT_A_MOVE.search(text)):  # (a bare «Нет» matches both)
        return None
    whether = [p for p in loads(before.problems_json) or []
               if isinstance(p, dict) and str(p.get("message", "")).startswith(_WHETHER)]
    if not whether or not replies_to_whether(s, decoded, nick, day, before, whether):
        return None
    from dataclasses import replace

    spans = "; ".join(f"«{p.get('text', '')}»" for p in whether)
    told = Problem(text=text, kind=ProblemKind.UNPARSED, reason=NOT_A_MOVE,
                   message=f"Понял: {spans} — не ход, он не засчитан; вопрос закрыт.")
    notes.append(f"ответ на вопрос к письму {before.id} ({spans}): не ход — вопрос закрыт")
    return replace(result, problems=(told,))


def with_offered(stored: dict, problem, nick: str, ctx) -> dict:
    """The stored problem dict ``stored`` of ``problem`` with, for the reply's question whether
    a sentence is a move that offers one reading (:func:`engine.answer_reply.offered_reading`),
    that move as ``offered``: the player's «Да» answers it (:func:`_yes_a_move`)."""
    from engine.answer_reply import offered_reading

    move = offered_reading(problem, nick, ctx.state, ctx.info)
    return stored | {"offered": move.to_json()} if move is not None else stored


def _yes_a_move(s: Session, decoded, nick: str, ctx, before, body: str, result, notes: list[str]):
    """The letter ``body`` (no move read from it: ``result``) of ``nick`` read as his «Да» («Да,
    убиваем», «ага, это ход») to the reply to his letter ``before`` that asked whether one
    sentence is a move and offered one reading of it (stored as ``offered``: :func:`with_offered`):
    a reply to that reply, short, saying yes. Then ``(result with that move, asked)``: the
    question kept as one with that single choice (:func:`engine.answer_reply.offered_question`),
    stored with the letter so that close-day reads the yes the same way
    (:func:`engine.answer_reply.read_reply_answer`), and the host's note naming the question it
    settled; else None. Two such questions, or one that offered no reading: a bare yes is not
    read (which is meant?)."""
    from engine.answer_reply import WHETHER, offered_question, read_reply_answer, says_yes

    if before is None or not says_yes(body):
        return None
    whether = [p for p in loads(before.problems_json) or []
               if isinstance(p, dict) and str(p.get("message", "")).startswith(WHETHER)]
    if not whether:
        return None
    from .answered import replies_to_whether

    if not replies_to_whether(s, decoded, nick, ctx.day, before, whether):
        return None
    if len(whether) != 1 or not isinstance(whether[0].get("offered"), dict):
        return _yes_to_nothing(before, whether, result, notes)
    try:
        asked = [offered_question(str(whether[0].get("text", "")), Move.from_json(whether[0]["offered"]))]
    except (ValueError, TypeError, KeyError):
        return None
    got = read_reply_answer(body, nick, ctx.state, ctx.info, asked).result
    if got is None:
        return None
    notes.append(f"прочитано как ответ на вопрос к письму {before.id} («{whether[0].get('text', '')}»): "
                 f"да — {describe_move(got.moves[0])}" + _own_word_hint(whether[0], got.moves[0]))
    return got, asked


def _own_word_hint(question: dict, move) -> str:
    """The host's hint when the yes confirmed a sentence in the player's own verb as his move
    (engine.parse_own_verb: «Подкармливаю Пиона» from the doctor): the verb is the player's
    word for that move, and ``mafia-mail words add`` makes the game read it at once next time
    (mailer.taught_words), instead of asking again each night. Empty when the sentence opens
    with no such verb."""
    from engine.parse_own_verb import own_verb_word

    word = own_verb_word(str(question.get("text", "")))
    if word is None:
        return ""
    return (f"; «{word}» — слово игрока для этого хода: чтобы игра читала его сразу, "
            f"mafia-mail words add {move.action} {word}")


#: The reason of the problem that tells the player his «нет, это не ход» was understood.
NOT_A_MOVE = "not_a_move"
#: The reason of the problem that tells the player his «Да» chose nothing (:func:`_yes_to_nothing`).
YES_TO_NOTHING = "yes_to_nothing"
#: The question's own advice on how to write the move («Если это ваш ход, напишите его …»).
_ADVICE = re.compile(r"Если это ваш (?:ночной )?ход.*$", re.S)


def _yes_to_nothing(before, whether: list[dict], result, notes: list[str]):
    """``(result, [])`` with the player told that his «Да» to the reply to his letter ``before``
    answers nothing: its question whether a sentence is a move (``whether``, stored problems)
    offered no reading to say yes to, or offered several (which one?); and what to write
    instead. Session 60: he was told only «В письме я не нашёл ни одного хода»."""
    from dataclasses import replace

    spans = ", ".join(f"«{p.get('text', '')}»" for p in whether)
    if len(whether) == 1:
        why = (f"«Да» ничего не засчитывает: в вопросе о словах {spans} я не предложил хода — "
               "не понял, какой ход в них и за кого.")
    else:
        why = (f"«Да» ничего не засчитывает: вопросов было несколько ({spans}), и я не знаю, "
               "к какому из них относится ваше «да».")
    advice = _ADVICE.search(" ".join(str(whether[0].get("message", "")).split())) if len(whether) == 1 else None
    how = ("Напишите ход прямо: действие и ник (например, «лечу …», «голос за …»)."
           if advice is None or "«Да»" in advice.group(0) else advice.group(0))
    if len(whether) == 1 and advice is not None and "«Да»" not in advice.group(0):
        how = how.replace("Если это ваш ход, напишите его, пожалуйста, прямо", "Если это ваш ход, напишите его прямо")
    told = Problem(text="Да", kind=ProblemKind.UNPARSED, reason=YES_TO_NOTHING, message=f"{why} {how}")
    notes.append(f"ответ «да» на вопрос к письму {before.id} ({spans}): хода, на который «да», в вопросе не было — "
                 "игроку сказано написать ход прямо")
    return replace(result, problems=result.problems + (told,)), []


def _living(ctx, nick: str) -> bool:
    """Whether ``nick`` is alive in the open day ``ctx``: only a living player's reply says
    the day before was closed early and his letter counts for this one (a dead player's
    reply opened with it, then told him he is out of the game)."""
    player = ctx.state.players.get(nick)
    return player is not None and player.alive


def _choice_only(result, day: int):
    """The «Страх» answer ``result`` (:class:`engine.model.ParseResult`) of the chosen player,
    come after day ``day``'s deadline as the day waits for it (DECISIONS.md §6, event 1): only
    the choice counts in that day; the letter's other moves came after the deadline (§2) and
    are refused in the reply, as the resolver refuses them («late»), never «принято»."""
    from dataclasses import replace

    late = [m for m in result.moves if m.action != "fear_choice"]
    if not late and not result.unvote and not result.cancel and not result.skip:
        return result
    refused = tuple(Problem(text=describe_move(m), kind=ProblemKind.NOT_ALLOWED, reason="late",
                            message=f"«{describe_move(m)}» — приём ходов дня {day} закончился: после срока засчитывается "
                                    f"только выбор «Страха»; ходы на день {day + 1} пришлите после "
                                    f"итогов дня {day}", action=m.action, target=m.target)
                    for m in late)
    return replace(result, moves=tuple(m for m in result.moves if m.action == "fear_choice"),
                   problems=result.problems + refused, unvote=(), cancel=False, skip=False)


def _move_like(result) -> bool:
    """Whether a letter's subject read as a letter holds a move: one read, or one refused or
    asked about (another role's move, an unknown name); not a greeting («Привет всем»)."""
    return bool(result.moves) or any(p.kind != "unparsed" for p in result.problems)
