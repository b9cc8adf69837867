"""A game day ends: ``close-day`` resolves it (DECISIONS.md §2–10), queues the result
letters, stores the newspaper and opens the next day; ``reopen-day`` undoes a close.

Close-day is one transaction: the resolution, the snapshot of the state before it, the
result letters and the next day are all committed together or not at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone

from sqlmodel import Session, select

from engine.calendar import day_window, on_time
from engine.gamefile import NOBODY
from engine.names import inflect, one_named
from engine.roles import typed_nick

from ..config import GameConfig
from ..intake import back_to_pending, release_answers
from ..when import local_text
from ..letter_state import LetterState
from ..outbox import drop_unsent, queue
from ..out_state import UNSENT, OutState
from ..stamp import letters_closed_at
from ..store import DayRow, Game, Letter, Outgoing, Store, dumps, loads, to_db, utc
from .context import GameError, address_of, day_spec, game_file, load_state, one_at_a_time
from .deadline import drop_stale_reminders
from .later import corrected_subject, release_later_letters
from .reopen_notice import REVIVED_TOLD, owed_by_unsent_reopen, revived_by_reopen, told_reopened, unsent_reopen_letters
from .open import open_game_day


@dataclass
class CloseReport:
    day: int
    warnings: list[str] = field(default_factory=list)
    waiting_for: str | None = None
    result: object = None
    newspaper: str = ""
    letters: int = 0
    unchanged: int = 0  # reopen-day: players whose result letter, already sent, stayed the same
    final_unchanged: int = 0  # reopen-day: players whose «Игра окончена», already sent, stayed the same
    reopen_unsent: int = 0  # reopen-day: its «снова открыт» letters never sent, taken off the queue now
    reworded: int = 0  # unsent replies whose invitation to change the moves now says the day is closed
    winner: str | None = None
    next_deadline: datetime | None = None
    read: int = 0  # letters that waited for the new day, read once it opened
    read_first: int = 0  # letters on time for the closed day, read before it was resolved
    thread: list[str] = field(default_factory=list)  # what was taken from the forum thread
    #: a re-close: the letters already read for later days, put back to be read again
    #: (:func:`mailer.day.later.release_later_letters`), as they were read before
    earlier: list = field(default_factory=list)
    corrected: list[str] = field(default_factory=list)  # players told their reading changed


def _has_moves(s: Session, day: int) -> bool:
    """Whether day ``day`` has any accepted move: a letter read with moves, or votes or posts
    the host imported for it."""
    from ..store import DayInput

    letter = s.exec(select(Letter.id).where(Letter.day == day, Letter.state == LetterState.APPLIED)).first()
    imported = select(DayInput.id).where(DayInput.day == day, DayInput.kind.in_(("vote", "words")))
    return letter is not None or s.exec(imported).first() is not None


@one_at_a_time
def read_before_early_close(cfg: GameConfig, store: Store, *, now: datetime):
    """What ``close-day --early`` does before it closes, done first so that the host's
    question «Закрыть день досрочно?» counts the letters just read: fetch the mailbox as
    ``sync`` does and read the open day's letters. Returns the ``mailer.intake.SyncReport``
    to hand to :func:`close_day` (``read=``), which then fetches nothing twice.

    Raises:
        GameError: the mailbox cannot be read, or a template is broken (nothing closed).
    """
    from ..intake import SyncReport

    first = SyncReport()
    _fetch_before_close(cfg, store, first, now, True)
    _read_pending_first(cfg, store, first, now)
    return first


def of_the_day(first) -> int:
    """How many of the letters read before a close (``first``, a ``mailer.intake.SyncReport``)
    belong to the day being closed: all but those received after its deadline, which were
    read as the next day's and stay pending until that day opens (DECISIONS.md §8)."""
    from ..letter_state import LetterState

    return first.processed - first.states.get(LetterState.PENDING, 0)


def _read_pending_first(cfg: GameConfig, store: Store, first, now: datetime) -> None:
    from ..reading import process_pending
    from ..render_templates import TemplateProblem

    try:
        process_pending(cfg, store, now=now, report=first)
    except TemplateProblem as exc:
        raise GameError(f"письма дня не прочитаны ({exc}); день не закрыт: исправьте шаблон и "
                        "повторите close-day") from None


def _ended_text(s: Session, game: Game) -> str:
    """What ``close-day`` tells the host of a game that has ended (a fresh host got only «игра
    окончена»): the last closed day, who won, and the two commands he may want — ``status``
    for the results and ``reopen-day`` to fix that day."""
    from ..render_words import game_won

    last = s.exec(select(DayRow.day).where(DayRow.status == "closed")
                  .order_by(DayRow.day.desc())).first()
    winner = load_state(game).winner
    said = f"игра окончена днём {last}" if last else "игра окончена"
    if winner:
        said += f" ({game_won(winner)})"
    said += ": закрывать больше нечего. Итоги — mafia-mail status"
    if last:
        said += f"; исправить итоги дня {last} — mafia-mail reopen-day {last}"
    return said


@one_at_a_time
def close_day(cfg: GameConfig, store: Store, *, now: datetime, early: bool = False,
              fear_choice: str | None = None, read=None) -> CloseReport:
    """Resolve the open day (DECISIONS.md §2–10), queue the result letters, store the
    newspaper and open the next day — in one transaction; then read the letters that waited
    for the new day (received after the closed day's deadline) exactly as ``sync`` reads
    pending letters (:func:`mailer.reading.process_pending`), so their replies go out with
    the day's results. An early close (``early``), and a close after a deadline that the last
    sync came before, first fetch the mailbox as ``sync`` does (:func:`_fetch_before_close`):
    the letters received before the day's end are read into the day; ``read``: the report of :func:`read_before_early_close` when the caller has already
    fetched and read (the mailbox is not fetched again). Arguments, returns and errors as
    :func:`_close_day` (and GameError when the mailbox must be read first and cannot be);
    ``CloseReport.read`` counts the letters read for the new day.
    """
    from ..intake import SyncReport
    from ..reading import process_pending
    from ..render_templates import TemplateProblem

    # letters already stored and on time for the open day but not read yet (a deadline moved
    # later after a sync had set them aside for the next day, a sync cut short) count in this
    # day (DECISIONS.md §2, §8): read them before it is resolved, never after as «too late»
    first = read if read is not None else SyncReport()
    if read is None and (early or _mail_due(store, now)):
        # the day ends now (early) or ended at its deadline, and the mailbox was last read
        # before that: a letter received before the end is the day's (DECISIONS.md §8), so
        # the mail is fetched first, as sync does (a fresh host closed the day without a sync
        # and learnt only afterwards that a letter on time had been left for the next day)
        _fetch_before_close(cfg, store, first, now, early)
    _read_pending_first(cfg, store, first, now)
    report = _close_day(cfg, store, now=now, early=early, fear_choice=fear_choice)
    report.read_first = of_the_day(first)
    report.corrected.extend(first.corrected)  # letters reopen-day gave back to this day
    if report.result is not None and (report.winner is None or report.earlier):
        read = SyncReport()
        try:
            process_pending(cfg, store, now=now, report=read)
        except TemplateProblem as exc:  # the day is closed; the letters wait for the next sync
            report.warnings.append(f"письма, ждавшие дня {report.day + 1}, не прочитаны ({exc}); "
                                   "их прочитает следующий sync")
        report.read = read.processed
        if report.earlier:
            from .later import correct_replies

            with store.session() as s:
                report.corrected.extend(correct_replies(cfg, s, report.day, report.earlier, report.result, now))
    return report


def _mail_due(store: Store, now: datetime) -> bool:
    """Whether ``close-day`` fetches the mail first at ``now`` (aware): the open day's deadline
    has passed and the mailbox was last fetched (``Game.last_sync``) before it, or never
    (letters on time may not be stored yet); or the open day is a «Страх» day waiting for the
    chosen player's letter (DECISIONS.md §6, event 1: an answer come since the last fetch is
    the day's choice; a fresh host ran ``close-day`` after the answer had come and was told the
    day still waited)."""
    with store.session() as s:
        game = s.get(Game, 1)
        if game is None or game.finished:
            return False
        row = s.get(DayRow, game.current_day)
        if row is None or row.status != "open":
            return False
        if row.event == "fear" and row.fear_chosen and not row.fear_choice:
            return True
        if row.deadline is None:
            return False
        deadline = utc(row.deadline)
        return not on_time(now, deadline) and (game.last_sync is None or utc(game.last_sync) < deadline)


def _fetch_before_close(cfg: GameConfig, store: Store, report, now: datetime, early: bool) -> None:
    """Store the mailbox's new letters (:func:`mailer.intake.fetch_new`, as ``sync`` does)
    before ``close-day`` closes the open day at ``now`` (early, or after a deadline the last
    sync came before): a letter received before the day's end belongs to the day (DECISIONS.md
    §8), so it is read into it, never left for a later sync that would find the day closed.
    Records the fetch as the game's last sync.

    Raises:
        GameError: the mailbox cannot be read (the day is not closed; the message says to
            check the mail with ``sync`` and close again).
    """
    from ..config import ConfigError
    from ..fetch import MailboxError
    from ..intake import fetch_new

    try:
        fetch_new(cfg, store, report, now=now)
    except (MailboxError, ConfigError) as exc:
        why = ("перед досрочным закрытием close-day забирает почту, чтобы письма, пришедшие до закрытия, "
               "вошли в день" if early else
               "последний sync был до срока дня, и close-day забирает почту, чтобы письма, пришедшие до "
               "срока, вошли в день")
        raise GameError(f"день не закрыт: {why}, а почту забрать не удалось ({exc}). Проверьте почту "
                        "командой mafia-mail sync и повторите mafia-mail close-day"
                        + (" --early" if early else "")) from None
    with store.session() as s:
        game = s.get(Game, 1)
        if game is not None:
            game.last_sync = to_db(now)
            s.add(game)


def _close_day(cfg: GameConfig, store: Store, *, now: datetime, early: bool = False,
               fear_choice: str | None = None) -> CloseReport:
    """Resolve the open day (DECISIONS.md §2–10), queue the result letters, store the
    newspaper and open the next day — in one transaction.

    Args:
        now: aware current time; before the deadline the day is closed only with ``early``.
        fear_choice: under «Страх», the host's answer for the chosen player («nobody» allowed).
    Returns:
        CloseReport; ``waiting_for`` is set (and nothing resolved) when «Страх» still waits
        for the chosen player's letter, who has then been asked by letter.
    Raises:
        GameError: no game, the day is already closed, or the deadline has not passed.
    """
    from engine.explain import explain_turn
    from engine.replay import build_turn
    from engine.resolve import lynch_tally, resolve_turn

    from ..render import Renderer

    renderer = Renderer(cfg)
    with store.session() as s:
        game, row = _open_day(s)
        deadline = utc(row.deadline)
        day_start = day_window(cfg.start, cfg.timezone, row.day, cfg.weekend_merge)[0]
        if early and now < day_start and not _has_moves(s, row.day):
            # a repeated «close-day --early» must not close the day it has just opened; a day
            # opened by an early close has begun for the players once a move came for it
            raise GameError(f"день {row.day} начинается только {local_text(day_start, cfg.zone)}; "
                            "досрочно закрыть можно уже начавшийся день или день, для которого уже "
                            "приняты ходы (письма после sync, votes import)")
        if on_time(now, deadline) and not early:
            if row.event == "fear" and row.fear_chosen:
                # an early close waits for the «Страх» choice: it goes on only as it began
                raise GameError(f"день {row.day} закрывается досрочно и ждёт выбора «Страха» от "
                                f"{inflect(row.fear_chosen, 'gent')}; его срок — {local_text(deadline, cfg.zone)}, "
                                "и он ещё не прошёл. Продолжить закрытие: mafia-mail close-day --early "
                                "(ответить за игрока: mafia-mail close-day --early --fear-choice НИК)")
            # which day is open now and its deadline, as a host reads it after «Ошибка: »
            closed = f"день {row.day - 1} уже закрыт; " if row.day > 1 else ""
            raise GameError(f"{closed}сейчас идёт день {row.day}, его срок — {local_text(deadline, cfg.zone)}, "
                            f"и он ещё не прошёл. Закрыть день {row.day} раньше срока (ходы, что придут "
                            "потом, в него не войдут): mafia-mail close-day --early")
        state = load_state(game)
        if fear_choice:
            row.fear_choice = _fear_choice(fear_choice, state)
        thread: list[str] = []
        sources: dict[str, dict] = {}  # votes no letter carried, for explain
        spec = day_spec(s, store, row, thread, closing=now, sources=sources)
        turn = build_turn(game_file(cfg, loads(game.roles_json)), state, row.day, spec)
        turn.pardoned = _pardoned(s, row.day)
        if row.event == "fear" and not turn.fear_choice:
            from_letters = [x for x in turn.submissions if x.move.action == "fear_choice"]
            if not from_letters:
                tally = lynch_tally(state, turn)
                chosen = tally.fear_chosen
                if chosen:
                    row.fear_chosen = chosen
                    s.add(row)
                    queue(s, cfg, ref=f"fear:{row.day}:{chosen}", kind="fear", day=row.day,
                          to_addr=address_of(cfg, chosen), to_nick=chosen,
                          subject=cfg.subject("Страх — ваш выбор"),
                          body=renderer.fear_letter(nick=chosen, row=row), now=now)
                    return CloseReport(day=row.day, waiting_for=chosen)
        result = resolve_turn(state, turn)
        if row.event == "paradox" and not result.lost_vote:
            # «Парадокс»: who broke role-play is the host's to name (``lost-vote``), as the
            # «Пальмы» words are: the close reminds him, as it does of those
            thread.append(f"«Парадокс»: никто не лишён голоса — голоса всех засчитаны (решает ведущий: "
                          f"нарушивших отыгрыш роли — reopen-day {row.day}, lost-vote НИК, close-day)")
        row.figures_json = dumps({"votes": spec.votes, "words": spec.words})
        row.state_before_json = dumps(state.to_json())
        row.result_json = dumps(result.to_json())
        row.explain = explain_turn(result, state, {p.nick: p.gender for p in cfg.players if p.gender},
                                   _letters_of_day(s, row.day), sources, _questions_of_day(s, row.day, state))
        row.explain = _with_pardons(s, row.day, row.explain)
        row.status = "closed"
        if row.closed_at is None or utc(row.closed_at) > now:
            row.closed_at = to_db(now)  # (a reopened day keeps the moment of its first close)
        row.last_closed_at = to_db(now)  # (its letters' and posts' end: mailer.stamp.letters_closed_at)
        new_state = result.new_state
        next_row = None
        if result.winner is None:
            next_row = open_game_day(cfg, s, new_state, row.day + 1, now, renderer)
        paper = renderer.newspaper(result=result, row=row, state_before=state, next_row=next_row)
        final = None
        if result.winner is not None:
            history = [(r.day, r.event, loads(r.result_json)) for r in s.exec(
                select(DayRow).where(DayRow.day < row.day, DayRow.status == "closed")
                .order_by(DayRow.day))]
            history.append((row.day, row.event, result.to_json()))
            final = paper["final"] = renderer.final(history=history, state=new_state,
                                                    winner=result.winner)
        paper_text, paper_bbcode = renderer.paper(paper)
        row.paper_json = dumps(paper)
        row.newspaper, row.newspaper_bbcode = paper_text, paper_bbcode
        s.add(row)
        letters = unchanged = final_unchanged = 0
        corrected = _sent_before(s, row) if row.revision else {}
        # told «день снова открыт» since their last results: they are owed the results again
        promised = told_reopened(s, row.day) if row.revision else set()
        # reopen-day of the day that ended the game, now closed with the game going on: whoever
        # was sent «Игра окончена» is told it is cancelled (the dead, who get no result, too)
        unended = _ended_before(s, row) if row.revision and final is None else set()
        # what the unsent «снова открыт» letters said that still holds (close-day takes them
        # off the queue below): the letters queued now say it
        reopen_unsent = len(unsent_reopen_letters(s, row.day)) if row.revision else 0
        # back in the game by this re-close: dead by the results the reopening undid (their
        # autokill pardon, mailer.inputs.pardon_revived), alive by the new ones
        revived = {n for n in revived_by_reopen(s, row.day)
                   if n in new_state.players and new_state.players[n].alive} if row.revision else set()
        owed = owed_by_unsent_reopen(s, row.day, lambda nick: nick in new_state.players
                                     and new_state.players[nick].alive,
                                     next_row.day if next_row else None) if row.revision else {}
        found = _palms_found(s, row, result.lost_vote) if row.event == "palms" and result.lost_vote else {}
        for nick, subject, body in renderer.result_letters(result=result, row=row, state_before=state,
                                                           next_row=next_row, paper=paper, palms_found=found,
                                                           lost_cast=_lost_cast(sources, result.lost_vote)):
            if corrected.get(nick) == body and nick not in unended and nick not in promised \
                    and nick not in owed:
                unchanged += 1  # reopen-day changed nothing of his: he has this very letter
                continue
            if nick in corrected:  # reopen-day: this letter replaces one already sent
                subject = corrected_subject(subject)
                changes = changed_lines(corrected[nick], body)
                if not changes and (nick in promised or nick in owed):
                    changes = _SAME_AGAIN
                back = ""  # back in the game (said once: the unsent «снова открыт» may say it)
                if nick in revived and REVIVED_TOLD.format(day=row.day) not in owed.get(nick, []):
                    back = " " + REVIVED_TOLD.format(day=row.day)
                body = (f"Исправленные итоги дня {row.day}: это письмо заменяет прежнее письмо "
                        f"с итогами дня {row.day}.{back}{changes}\n\n{body}")
            if nick in owed:
                body = "\n".join(owed.pop(nick)) + f"\n\n{body}"
            if nick in unended:
                body = f"{_UNENDED.format(day=row.day)}\n\n{body}"
                unended.discard(nick)
            queue(s, cfg, ref=f"result:{row.day}.{row.revision}:{nick}", kind="result", day=row.day,
                  to_addr=address_of(cfg, nick), to_nick=nick, subject=subject, body=body, now=now)
            letters += 1
        for nick in sorted(unended | set(owed)):
            told = " ".join(([_UNENDED.format(day=row.day)] if nick in unended else []) + owed.get(nick, []))
            queue(s, cfg, ref=f"unended:{row.day}.{row.revision}:{nick}", kind="result", day=row.day,
                  to_addr=address_of(cfg, nick), to_nick=nick,
                  subject=cfg.subject("игра продолжается" if nick in unended else f"итоги дня {row.day} пересмотрены"),
                  body=renderer.render("unended.txt.j2", nick=nick, day=row, told=told), now=now)
            letters += 1
        if final is not None:  # the end of the game: every player, the dead too, is told
            # (a re-closed last day: who was sent «Игра окончена» before is told this one
            # replaces it, its subject marked as corrected)
            _drop_next_day_notices(s, row.day)
            told = _final_sent(s, row) if row.revision else {}
            ended = set(told)
            for p in cfg.players:
                subject = cfg.subject("игра окончена")
                body = renderer.final_letter(nick=p.nick, final=final)
                if told.get(p.nick) == body and p.nick not in promised:
                    final_unchanged += 1  # the same «Игра окончена» he was sent: not sent twice
                    continue
                if p.nick in ended:
                    subject = corrected_subject(subject)
                    body = f"{_REENDED.format(day=row.day)}\n\n{body}"
                queue(s, cfg, ref=f"final:{row.day}.{row.revision}:{p.nick}", kind="final",
                      day=row.day, to_addr=p.emails[0], to_nick=p.nick, subject=subject,
                      body=body, now=now)
                letters += 1
        # the unsent replies' invitation to change the moves is false once the day is closed,
        # before its deadline or after it (they would go out next to the results)
        reworded = _close_unsent_replies(s, renderer, row)
        _close_unsent_results(s, row)
        drop_stale_reminders(s, row.day, new_state)  # (and «новый срок»): never for a closed day or to the dead
        game.state_json = dumps(new_state.to_json())
        game.current_day = row.day + 1
        game.finished = result.winner is not None
        s.add(game)
        # a re-close: what was read for the later days was read against the old state
        earlier = release_later_letters(s, row.day, utc(next_row.deadline) if next_row else None)
        return CloseReport(day=row.day, result=result, newspaper=paper_text,
                           letters=letters, unchanged=unchanged, final_unchanged=final_unchanged,
                           reopen_unsent=reopen_unsent, reworded=reworded,
                           thread=thread, earlier=earlier,
                           winner=result.winner,
                           next_deadline=utc(next_row.deadline) if next_row else None)


def _pardoned(s: Session, day: int) -> tuple[str, ...]:
    """The players whose autokill point of ``day`` the host cancelled, or who believed
    themselves dead that day by his error (:func:`mailer.inputs.pardoned_on`)."""
    from ..inputs import pardoned_on

    return tuple(pardoned_on(s, day))


def _with_pardons(s: Session, day: int, text: str) -> str:
    """``explain``'s ``text`` of ``day`` with a line for each cancelled autokill point."""
    from ..inputs import pardon_lines

    lines = pardon_lines(s, day)
    return "\n".join([text.rstrip("\n"), *lines]) if lines else text


def _palms_found(s: Session, row: DayRow, lost) -> dict[str, str]:
    """Under «Пальмы цветут»: nick → the forbidden words in the day's thread posts of each
    player of ``lost`` (stripped of his vote by the host), as his result letter tells him
    (:func:`mailer.forum.close.palms_found`)."""
    from ..forum.close import palms_found

    return palms_found(s, row.day, only=set(lost))


#: The sentences of a reply (templates/reply.txt.j2) that invite the player to change or send
#: his moves of the day before its deadline: false once the day is closed.
_INVITES = re.compile(r"^Ходы можно (?:изменить до .*: пришлите новое письмо, последний ход заменит "
                      r"прежний|прислать до .*)\.$", re.M)
_SECOND_VOTE = "(сегодня у каждого два голоса, в письме назван один: второй можно прислать до срока)"
#: :data:`_SECOND_VOTE` once the day is closed.
_SECOND_VOTE_PAST = "(в этот день у каждого было два голоса, в письме назван один)"
#: What an unsent reply says instead of its invitation once its day is closed early.
_CLOSED = ("День {day} закрыт {closed}: ходы этого дня больше не меняются; итоги — в письме с "
           "итогами дня {day}.")


def _close_unsent_replies(s: Session, renderer, row: DayRow) -> int:
    """The unsent replies to letters of ``row``'s day, being closed (early or past its
    deadline, again after ``reopen-day``), no longer invite changes: «Ходы можно изменить до …»
    (and ``reopen-day``'s «Ведущий снова открыл день N: ходы можно …») becomes that the day is
    closed and its results come in their own letter (they go out with them: sent as written,
    the reply would promise a change the day no longer takes). Returns how many were
    rewritten (close-day tells the host)."""
    instead = _CLOSED.format(day=row.day, closed=renderer.local(letters_closed_at(row)))
    again = re.compile(_INVITES.pattern + "|" + _REOPENED.format(day=row.day), re.M)
    return _rewrite_unsent_replies(s, row.day, again, instead, _SECOND_VOTE, _SECOND_VOTE_PAST)


#: The invitation :func:`_reopen_unsent_replies` writes (a pattern, for ``{day}``).
_REOPENED = r"^Ведущий снова открыл день {day}: ходы можно прислать или изменить до .* — пришлите новое письмо, " \
            r"последний ход заменит прежний\.$"


def _reopen_unsent_replies(s: Session, cfg: GameConfig, row: DayRow) -> int:
    """Undo :func:`_close_unsent_replies` for ``reopen-day``: an unsent reply to a letter of
    ``row``'s day that says the day is closed and its moves no longer change (false once it
    is open again) says instead that the host opened the day again and until when moves may
    be sent or changed. Returns how many were rewritten."""
    closed = re.compile("^" + re.escape(_CLOSED).replace(re.escape("{day}"), str(row.day))
                        .replace(re.escape("{closed}"), ".*") + "$", re.M)
    again = (f"Ведущий снова открыл день {row.day}: ходы можно прислать или изменить до "
             f"{local_text(utc(row.deadline), cfg.zone)} — пришлите новое письмо, последний ход "
             "заменит прежний.")
    return _rewrite_unsent_replies(s, row.day, closed, again, _SECOND_VOTE_PAST, _SECOND_VOTE)


#: What an unsent result letter of day N-1 says of day N once day N is closed too (its own
#: results go out in the same batch), instead of «День N … Ходы — до …».
_NEXT_CLOSED = "День {day} уже закрыт: его итоги — в следующем письме."


def _close_unsent_results(s: Session, row: DayRow) -> int:
    """The unsent result letters of the day before ``row``'s (corrected ones after
    ``reopen-day`` too) announce ``row``'s day as the one to send moves for («День N … Ходы —
    до …»), while its results, closed now, go out in the same batch: that line says instead
    that day N is closed and its results come in the next letter. Returns how many changed."""
    line = re.compile(rf"^День {row.day}(?: — без события\.|, событие .*?) Ходы — до .*\.$", re.M)
    n = 0
    for out in s.exec(select(Outgoing).where(Outgoing.kind == "result", Outgoing.day == row.day - 1,
                                             Outgoing.state.in_(UNSENT))):
        body = line.sub(lambda _m: _NEXT_CLOSED.format(day=row.day), out.body)
        if body != out.body:
            out.body = body
            s.add(out)
            n += 1
    return n


def _rewrite_unsent_replies(s: Session, day: int, line: re.Pattern, instead: str,
                            vote_was: str, vote_now: str) -> int:
    """In every unsent reply to a letter of ``day``: each line ``line`` matches becomes
    ``instead``, and ``vote_was`` becomes ``vote_now``. Returns how many replies changed."""
    n = 0
    for out in s.exec(select(Outgoing).where(Outgoing.kind == "reply", Outgoing.day == day,
                                             Outgoing.state.in_(UNSENT))):
        body = line.sub(lambda _m: instead, out.body).replace(vote_was, vote_now)
        if body != out.body:
            out.body = body
            s.add(out)
            n += 1
    return n


def _sent_before(s: Session, row: DayRow) -> dict[str, str]:
    """Players who were already sent a result letter of an earlier revision of ``row``'s day
    (before ``reopen-day``): nick → the text of the results in the last one sent (its
    «Исправленные итоги…» first paragraph taken off), to tell a letter that changed."""
    sent = s.exec(select(Outgoing.to_nick, Outgoing.body).where(
        Outgoing.kind == "result", Outgoing.day == row.day, Outgoing.state == OutState.SENT,
        Outgoing.ref.like(f"result:{row.day}.%")).order_by(Outgoing.id)).all()
    head = f"Исправленные итоги дня {row.day}: "
    return {nick: body.split("\n\n", 1)[-1] if body.startswith(head) else body
            for nick, body in sent if nick}


#: The first paragraph of a letter to a player who was sent «Игра окончена» for a day that
#: ``reopen-day`` reopened and close-day closed again with the game going on.
_UNENDED = ("Игра не окончена: ведущий пересмотрел итоги дня {day}, прежнее письмо «Игра окончена» "
            "отменено — игра продолжается.")


#: The first paragraph of a second «Игра окончена» letter (the game's last day re-closed
#: after ``reopen-day``, the game ended again).
_REENDED = ("Исправление: ведущий пересмотрел итоги дня {day} и закрыл его заново; это письмо "
            "заменяет прежнее письмо «Игра окончена».")

#: What a corrected result letter says instead of the changed lines when nothing changed for
#: its player, who was told by «день снова открыт» that his results would come again.
_SAME_AGAIN = " Для вас итоги остались прежними."

#: At most this many lines of a corrected result letter are quoted as changed, each way.
_CHANGED_MAX = 6


def changed_lines(old: str, new: str) -> str:
    r"""What changed between a result letter sent before ``reopen-day`` (``old``) and its
    replacement (``new``), as lines to end the replacement's first paragraph: «Было: …» for
    each line of the old letter gone from the new, «Стало: …» for each new one, each change's
    «Было» right before its «Стало» (a fresh host found every «Было» first and every «Стало»
    after, so unrelated lines stood side by side); blank lines skipped, and headings ending
    with «:», at most :data:`_CHANGED_MAX` each way, longer lines cut at 160 characters;
    "" when no line differs (only their order).

    >>> changed_lines("Итоги.\nШтрафное очко: нет голоса.", "Итоги.")
    '\nБыло: «Штрафное очко: нет голоса.»'
    >>> changed_lines("Убит: А.\nИтоги.\nЖив: Б.", "Убит: В.\nИтоги.\nЖив: Г.")
    '\nБыло: «Убит: А.»\nСтало: «Убит: В.»\nБыло: «Жив: Б.»\nСтало: «Жив: Г.»'
    """
    import difflib

    def kept(text: str) -> list[str]:  # (a heading line, «Ваши ходы:», is no change itself)
        return [line.strip() for line in text.splitlines()
                if line.strip() and not line.rstrip().endswith(":")]

    a, b = kept(old), kept(new)
    ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    gone = [x for tag, i1, i2, _j1, _j2 in ops if tag in ("replace", "delete") for x in a[i1:i2]]
    came = [x for tag, _i1, _i2, j1, j2 in ops if tag in ("replace", "insert") for x in b[j1:j2]]
    moved = set(gone) & set(came)  # a line only moved is no change
    cut = lambda line: line if len(line) <= 160 else line[:159] + "…"  # noqa: E731
    out: list[str] = []
    told = {"Было": 0, "Стало": 0}

    def say(word: str, line: str) -> None:
        if line not in moved and told[word] < _CHANGED_MAX:
            told[word] += 1
            out.append(f"\n{word}: «{cut(line)}»")

    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            continue
        olds, news = a[i1:i2], b[j1:j2]
        for n in range(max(len(olds), len(news))):  # each old line beside the new in its place
            if n < len(olds):
                say("Было", olds[n])
            if n < len(news):
                say("Стало", news[n])
    return "".join(out)


def _ended_before(s: Session, row: DayRow) -> set[str]:
    """Players sent the «Игра окончена» letter (kind ``final``) of ``row``'s day or a later
    one, all undone by ``reopen-day`` of ``row``'s day."""
    return {nick for nick in s.exec(select(Outgoing.to_nick).where(
        Outgoing.kind == "final", Outgoing.day >= row.day, Outgoing.state == OutState.SENT)) if nick}


def _drop_next_day_notices(s: Session, day: int) -> int:
    """Take off the queue the unsent notices «письмо относится ко дню ``day`` + 1» (replies
    with ref ``next_day:…``): the game ended with ``day``, there is no next day, and
    «Игра окончена» goes to every player instead. Returns how many."""
    n = 0
    for out in s.exec(select(Outgoing).where(Outgoing.kind == "reply", Outgoing.day == day + 1,
                                             Outgoing.state.in_(UNSENT))):
        if (out.ref or "").startswith("next_day:"):
            drop_unsent(s, out, f"игра окончена днём {day}: дня {day + 1} не будет, игрок получит "
                                "письмо «Игра окончена»")
            n += 1
    return n


def _final_sent(s: Session, row: DayRow) -> dict[str, str]:
    """Players sent «Игра окончена» for ``row``'s day or a later one (before ``reopen-day``;
    its keys are :func:`_ended_before`'s players): nick → the text of the last one sent, its
    «Исправление: …» first paragraph taken off, to tell a letter that would say the same again."""
    head = _REENDED.format(day=row.day) + "\n\n"
    sent = s.exec(select(Outgoing.to_nick, Outgoing.body).where(
        Outgoing.kind == "final", Outgoing.day >= row.day, Outgoing.state == OutState.SENT)
        .order_by(Outgoing.id)).all()
    return {nick: body[len(head):] if body.startswith(head) else body for nick, body in sent if nick}


def event_drawn(row: DayRow) -> bool:
    """True when ``row``'s event came from the seeded draw (a ``day{N}.event`` draw), not
    from the host (``open-day --event``)."""
    return any(d and d[0] == f"day{row.day}.event" for d in loads(row.draws_json or "[]"))


def undone_by_reopen(s: Session, game: Game, day: int) -> tuple[list[str], bool]:
    """What ``reopen-day day`` undoes, in the host's words: the results of ``day`` and of every
    later closed day (event, the hanged, who left), a later open day, the end of the game,
    and each later day's event the host set himself (``open-day --event``: the day opens
    again with the drawn event). Second: whether a later day was closed (the host must
    confirm with ``--undo-later``)."""
    from engine.reasons import EVENTS_RU, event_named

    lines, later_closed = [], False
    for r in s.exec(select(DayRow).where(DayRow.day >= day).order_by(DayRow.day)):
        event = event_named(r.event)
        chosen = r.day > day and not event_drawn(r)
        said = (f"{event} задано ведущим" if event else "без события, так задал ведущий") if chosen else event
        said = f" ({said})" if said else ""  # a day without an event goes unsaid
        if r.status == "closed":
            later_closed |= r.day > day
            result = loads(r.result_json or "{}")
            gone = [d["player"] for d in result.get("deaths", [])]
            lines.append(f"день {r.day}{said} снова не закрыт: линч — "
                         f"{', '.join(result.get('lynched', [])) or 'никого'}; выбыли — {', '.join(gone) or 'никто'}")
        else:
            lines.append(f"день {r.day}{said} снова не начат: его письма и загруженные голоса "
                         "останутся до его нового открытия")
        if chosen:
            lines.append(f"событие дня {r.day} «{EVENTS_RU[r.event]}» задал ведущий: оно останется, когда "
                         f"день {r.day} откроется снова" if event else f"день {r.day} без события задал "
                         f"ведущий: так и останется, когда день {r.day} откроется снова")
    if game.finished:
        from ..render_words import game_won

        winner = loads(game.state_json or "{}").get("winner")
        # (the day's new results decide whether the game ends: it may end the same way again)
        lines.append("конец игры" + (f" («{game_won(winner)}»)" if winner else "")
                     + f": отменяется — день {day} снова открыт; кончится ли игра, решат его новые итоги")
    return lines, later_closed


def keep_dropped_day(s: Session, row: DayRow) -> None:
    """Before a later day ``row`` is dropped by ``reopen-day``: what its next opening must
    keep, as the day's input ``reopen`` (:func:`mailer.day.open.open_game_day` reads it):
    the event the host set for it (``open-day --event``: no ``day{N}.event`` draw), its
    deadline (the one the players were told, the host's ``deadline`` move included: a fresh
    host's trial saw a re-closed day get the next day's deadline and read a letter that had
    come a minute after its real deadline), who the day's draw gave the immunity or the
    mortar (told to them: they keep it while the rules still allow it), and the next revision, so that its new result
    letters are new letters, marked «(исправлено)» for those who had the old ones."""
    from sqlmodel import delete

    from ..store import DayInput

    drawn = event_drawn(row)
    s.exec(delete(DayInput).where(DayInput.day == row.day, DayInput.kind == "reopen"))
    s.add(DayInput(day=row.day, kind="reopen", nick="", value_json=dumps(
        {"event": None if drawn else row.event, "revision": row.revision + 1,
         "deadline": utc(row.deadline).isoformat() if row.deadline is not None else None,
         "drawn": {"event": row.event, "immune": row.immune, "mortar": row.mortar}})))


@one_at_a_time
def reopen_day(cfg: GameConfig, store: Store, day: int, *, undo_later: bool = False,
               undone: list[str] | None = None, dry_run: bool = False,
               reread: list[int] | None = None, told: list[str] | None = None,
               now: datetime | None = None, counted: list[int] | None = None) -> list[str]:
    """Restore the state before day ``day`` was resolved, so the host can fix moves and close
    it again. Later days are dropped; their queued letters are withdrawn; letters already
    sent stay sent and are returned as a list for the host. Letters received on time for
    the day but after it was closed (``after_close``), and those refused because the game
    had ended (``after_end``: it goes on now), become ``pending``: the next sync reads them
    (``counted``, when given, receives the ids of the ``after_close`` ones). A player whose
    answer «ходы из него не засчитаны» to such a letter went out gets the new reply marked
    «(исправлено)» (:func:`mailer.day.reopened.note_refused_letters`), and his letters of the
    day received after it are read again after it (:mod:`mailer.day.in_place`).
    So do the letters received after the day's (early) close, on time for its deadline, and
    read for a later day meanwhile
    (:func:`mailer.day.reopened.release_reopened_letters`; ``reread``, when given, receives
    their ids): the next reading reads them for the day, and a player who had the old answer
    gets the new one marked «(исправлено)». The thread's posts follow the same rule
    (:func:`mailer.forum.today.posts_closed_at`): while the day is open again, a post written
    on time for its deadline is the day's, and once it is closed again, a post written
    before that close. ``undone`` (when given) receives
    :func:`undone_by_reopen`'s lines. ``dry_run``: change nothing, only check, fill ``undone`` and return the letters
    already sent (so the host can confirm first, as ``reopen-day`` asks).
    Every player who got a letter of the undone close is told by a letter «день N снова
    открыт» (:func:`mailer.day.reopen_notice.queue_reopen_letters`, queued at ``now``, aware,
    default the clock); ``told``, when given, receives their nicks.

    Raises:
        GameError: no game, day ``day`` was never closed, or a later day was closed and
        ``undo_later`` is not set (the message names what would be undone; nothing changes),
        or templates/reopened.txt.j2 fails to render (nothing changes).
    """
    from ..render_templates import TemplateProblem
    from .reopen_notice import queue_reopen_letters

    now = now or datetime.now(timezone.utc)
    with store.session() as s:
        game = s.get(Game, 1)
        row = s.get(DayRow, day)
        if game is not None and row is None:
            raise GameError(f"дня {day} в игре нет — открывать нечего (сейчас день {game.current_day})")
        if game is None or row is None or row.status != "closed":
            raise GameError(f"день {day} не закрыт — открывать нечего")
        lines, later_closed = undone_by_reopen(s, game, day)
        if later_closed and not undo_later:
            raise GameError(f"день {day} закрыт не последним: вернуть его значит отменить и всё, что было "
                            "после:\n" + "\n".join(f"  - {line}" for line in lines)
                            + f"\nЕсли это и нужно: mafia-mail reopen-day {day} --undo-later")
        if undone is not None:
            undone.extend(lines)
        if dry_run:
            return [_sent_line(out) for out in s.exec(_results_from(day))
                    if out.state == OutState.SENT and _undone(out, day)]
        state_after = loads(game.state_json or "{}")
        # who is alive again believed himself dead on the days after this one: no autokill
        # point for them (mailer.inputs.pardon_revived)
        from ..inputs import pardon_revived

        alive_before = {n for n, p in loads(row.state_before_json or "{}").get("players", {}).items()
                        if p.get("alive", True)}
        revived = sorted(n for n, p in state_after.get("players", {}).items()
                         if not p.get("alive", True) and n in alive_before)
        pardon_revived(s, revived, range(day + 1, game.current_day + 1))
        game.state_json = row.state_before_json
        game.current_day = day
        game.finished = False
        s.add(game)
        for later in s.exec(select(DayRow).where(DayRow.day > day)):
            keep_dropped_day(s, later)
            s.delete(later)
        # the players told of the close are told it is undone (before its letters are withdrawn)
        row.revision += 1
        try:
            nicks = queue_reopen_letters(cfg, s, row, undone=lambda out: _undone(out, day),
                                          state_after=state_after,
                                          state_before=loads(row.state_before_json or "{}"), now=now)
        except TemplateProblem as exc:
            raise GameError(f"письма «день {day} снова открыт» не составлены ({exc}); день не открыт: "
                            "исправьте шаблон и повторите reopen-day") from None
        if told is not None:
            told.extend(nicks)
        sent = []
        for out in s.exec(_results_from(day)):
            if out.state == OutState.SENT:
                if _undone(out, day):
                    sent.append(_sent_line(out))
            elif out.day > day or out.kind in ("result", "final"):
                if out.state in UNSENT or out.state == OutState.DROPPED:
                    _withdrawn(out, day, row.revision)
                    s.add(out)
                else:
                    s.delete(out)
        row.status = "open"
        _reopen_unsent_replies(s, cfg, row)
        row.result_json = row.explain = row.newspaper = row.newspaper_bbcode = row.paper_json = None
        row.fear_chosen = row.fear_choice = None  # the corrected votes may choose someone else
        s.add(row)
        # letters that came on time for this day but after its close belong to it again: the
        # next sync reads them (DECISIONS.md §2: a letter before the deadline counts)
        # (their «after the results» answers make way for the new reading's reply)
        late = list(s.exec(select(Letter).where(Letter.day == day, Letter.state == LetterState.AFTER_CLOSE)
                           .order_by(Letter.received, Letter.id)))
        # (a player told «ходы из него не засчитаны» gets the new reply marked «(исправлено)»:
        # mailer.day.reopened; his later letters of the day are read again after it when it is
        # read: mailer.day.in_place)
        from .reopened import note_refused_letters

        note_refused_letters(s, row, late)
        if counted is not None:
            counted.extend(x.id for x in late)
        # and the game is on again: a letter refused because it came after the end (the
        # «Страх» answer that came once the host had ended the game himself) is read again
        ended = list(s.exec(select(Letter).where(Letter.state == LetterState.AFTER_END)))
        # (a player told «игра окончена» gets the new reply marked «(исправлено)»: mailer.day.reopened)
        from .reopened import note_ended_letters

        note_ended_letters(s, row, ended)
        late += ended
        release_answers(s, late)
        for letter in late:
            back_to_pending(letter)
            letter.handled = False
            s.add(letter)
        # and so do the letters that came after its (early) close, on time for its deadline,
        # read for a later day meanwhile: the next reading reads them for it, and tells a
        # player who had the old answer that it changed (mailer.day.reopened)
        from .reopened import release_reopened_letters

        again = release_reopened_letters(s, row)
        if reread is not None:
            reread.extend(again)
        return sent


def _open_day(s: Session) -> tuple[Game, DayRow]:
    """The game and its open day's row.

    Raises:
        GameError: no game, the game ended, or its current day is closed (the Russian message
        says which)."""
    game = s.get(Game, 1)
    if game is None:
        raise GameError("игры ещё нет: сначала mafia-mail init")
    if game.finished:
        raise GameError(_ended_text(s, game))
    row = s.get(DayRow, game.current_day)
    if row is None or row.status != "open":
        raise GameError(f"день {game.current_day} уже закрыт")
    return game, row


def _results_from(day: int):
    """The query of the letters ``reopen-day day`` undoes: results, events, «Страх» and the
    end of the game, of ``day`` and later, in queue order."""
    return select(Outgoing).where(Outgoing.day >= day, Outgoing.kind.in_(("result", "event", "fear", "final"))) \
        .order_by(Outgoing.id)


def _undone(out: Outgoing, day: int) -> bool:
    """Whether ``reopen-day day`` undoes what the letter ``out`` told: not the event letter of
    ``day`` itself (the reopened day keeps its event; a fresh host saw it listed among the
    letters that cannot be taken back)."""
    return out.kind != "event" or out.day > day


def _withdrawn(out: Outgoing, day: int, revision: int) -> None:
    """Take a letter ``reopen-day day`` undoes off the queue: it stays in ``outbox --all`` as
    «снято с очереди», with why. Its ref and Message-ID get the mark of the reopening
    (``~reopen<revision>``), so the letter the day's new close queues in its place (the same
    ref for an event or «Страх» letter) is queued, and both stay unique."""
    drop_unsent(None, out, f"снято командой reopen-day {day}: итоги дня {day} пересчитываются",
                mark=f"reopen{revision}")  # (one the host dropped before keeps its own reason)


def _sent_line(out: Outgoing) -> str:
    """A letter ``reopen-day`` cannot take back, for the host: «Ник: тема»."""
    return f"{out.to_nick or out.to_addr}: {out.subject}"


def _fear_choice(typed: str, state) -> str:
    """The host's ``--fear-choice`` as a roster nick (any case, ё as е; or in a case form of
    one nick, «Пчёлку»: engine.names.one_named) or ``nobody`` («никого» too). Raises
    GameError (Russian) for a name that is no player, or fits two."""
    if typed.strip().lower() in (NOBODY, "никого", "никто"):
        return NOBODY
    nick = typed_nick(typed, state.players) or one_named(typed, tuple(state.players))
    if nick is None:
        raise GameError(f"--fear-choice: нет игрока «{typed}» (ник или nobody)")
    return nick


def _letters_of_day(s: Session, day: int) -> dict[str, list[str]]:
    """nick → the numbers of his letters read for ``day`` (moves accepted or none), in arrival
    order: the letters ``explain`` names under each player (``show НОМЕР``)."""
    rows = s.exec(select(Letter.nick, Letter.id).where(
        Letter.day == day, Letter.nick.is_not(None),
        Letter.state.in_([LetterState.APPLIED.value, LetterState.NO_MOVES.value]))
        .order_by(Letter.received, Letter.id))
    out: dict[str, list[str]] = {}
    for nick, number in rows:
        out.setdefault(nick, []).append(str(number))
    return out


def _questions_of_day(s: Session, day: int, state) -> dict[str, list[str]]:
    """nick → the lines ``explain`` shows under him for the questions the game's replies
    asked him on ``day`` (a name that fit several players or nobody) and his answers to
    them: the asked letter and the question, each answer's letter and words and what it made,
    an answer not understood (asked again), a later letter that made the asked move itself
    («Линч: Кот» after the question about «Линч: Кирку»: it answers the question), and a
    question left with no answer."""
    from engine.answer_reply import question
    from engine.model import Move, asked_problems
    from engine.move_words import describe_move

    from ..answered import as_asked

    rows = s.exec(select(Letter).where(
        Letter.day == day, Letter.nick.is_not(None),
        Letter.state.in_([LetterState.APPLIED.value, LetterState.NO_MOVES.value]))
        .order_by(Letter.received, Letter.id))
    out: dict[str, list[str]] = {}
    open_: dict[str, bool] = {}
    wanted: dict[str, set[str]] = {}  # nick → the actions of his open questions
    for letter in rows:
        notes = loads(letter.notes_json)
        lines = out.setdefault(letter.nick, [])
        answered = [n for n in notes if n.startswith("прочитано как ответ на вопрос")]
        unsettled = [n for n in notes if n.endswith("вопрос задан снова")]
        words = " ".join(letter.body.split())
        if len(words) > 80:
            words = words[:80].rsplit(" ", 1)[0] + "…"
        if answered:
            made = "; ".join(describe_move(Move.from_json(m), state) for m in loads(letter.moves_json))
            lines.append(f"    • письмо {letter.id} — {answered[0]}: «{words}» → {made or 'ход не принят'}")
            open_[letter.nick], wanted[letter.nick] = False, set()
        for n in unsettled:
            lines.append(f"    • письмо {letter.id} — {n}")
        stored = loads(letter.problems_json)
        asked = asked_problems(stored)
        if asked and not unsettled:
            for p in as_asked(asked, stored):
                lines.append(f"    • письмо {letter.id}: ответ игроку спросил — {question(p)}")
        moves = [Move.from_json(m) for m in loads(letter.moves_json)] if not answered else []
        made = {m.action for m in moves} | {m.move.action for m in moves if m.action == "on_behalf" and m.move}
        if open_.get(letter.nick) and moves and (made & wanted[letter.nick] or "" in wanted[letter.nick]):
            # «Линч: Кот» after «Линч: Кир?»: the new move answers the question about that move
            settled = made if "" not in wanted[letter.nick] else wanted[letter.nick]
            said = "; ".join(describe_move(m, state) for m in moves
                             if m.action in settled or m.action == "on_behalf" and m.move and m.move.action in settled)
            lines.append(f"    • письмо {letter.id} — на вопрос ответил новым ходом: {said or 'ход'}")
            wanted[letter.nick] -= settled
            open_[letter.nick] = bool(wanted[letter.nick])
        if asked:
            open_[letter.nick] = True
            wanted[letter.nick] = wanted.get(letter.nick, set()) | {p.action for p in asked}
        elif letter.state == LetterState.APPLIED.value and not answered:
            open_.setdefault(letter.nick, False)
    for nick, still in open_.items():
        if still:
            out[nick].append("    • на вопрос ответа не пришло: тот ход не засчитан")
    return {nick: lines for nick, lines in out.items() if lines}



def _lost_cast(sources: dict[str, dict], lost) -> dict[str, list[tuple[list[str], str]]]:
    """nick → the counted-looking votes no letter carried (``sources``: close-day's, a post in
    the thread or the host's ``votes import``, not replaced) of each player of ``lost`` (the
    host stripped him of his vote): (targets, where — «пост 07.12 20:15», "" for an import),
    told him in his result letter."""
    out: dict[str, list[tuple[list[str], str]]] = {}
    for nick in lost or ():
        for v in (sources.get(nick) or {}).get("votes", ()):
            if v["kind"] in ("post", "host") and v.get("replaced_by") is None and v["targets"]:
                out.setdefault(nick, []).append((list(v["targets"]), v["where"] if v["kind"] == "post" else ""))
    return out


#: The heading of ``explain`` of the open day: what counts now is no result.
OPEN_DAY_HEAD = ("День {day} ещё идёт (срок — {deadline}): ходы, как они засчитаны сейчас — НЕ ОКОНЧАТЕЛЬНО. "
                 "До срока игроки могут прислать и изменить ходы; итоги подведёт close-day.")


def explain_open_day(cfg: GameConfig, store: Store, *, now: datetime) -> str:
    """``explain`` of the open day at ``now`` (aware), for the host (Russian): under
    :data:`OPEN_DAY_HEAD`, each player's moves as close-day would count them now, with his
    letters, where each vote came from, what the replies asked him and his answers, and the
    vote tally — the per-player part of the closed day's ``explain``, read as close-day reads
    the day (nothing is written: the session is rolled back). The night's outcome (deaths,
    checks) is left out: it is no result until the day closes.

    Raises:
        GameError: no game, or no day open (the game ended).
    """
    from engine.explain import DIED_SILENT, explain_turn, pending_night
    from engine.replay import build_turn
    from engine.resolve import resolve_turn

    with Session(store.engine, expire_on_commit=False) as s:
        try:
            game, row = _open_day(s)
            state = load_state(game)
            sources: dict[str, dict] = {}
            deadline = utc(row.deadline)
            spec = day_spec(s, store, row, [], closing=min(now, deadline), sources=sources)
            turn = build_turn(game_file(cfg, loads(game.roles_json)), state, row.day, spec)
            turn.pardoned = _pardoned(s, row.day)
            result = resolve_turn(state, turn)
            # (no outcome of the night yet: engine.explain.pending_night)
            text = explain_turn(pending_night(result), state, {p.nick: p.gender for p in cfg.players if p.gender},
                                _letters_of_day(s, row.day), sources, _questions_of_day(s, row.day, state))
            from ..inputs import pardon_lines

            pardons = pardon_lines(s, row.day)
            head = OPEN_DAY_HEAD.format(day=row.day, deadline=local_text(deadline, cfg.zone))
        finally:
            s.rollback()
    lines = text.split("\n")
    end = next((k for k, line in enumerate(lines) if line.startswith("Линч:")), len(lines))
    died = DIED_SILENT.split("{gone}")[1].split("{cause}")[0]  # « в этот ход: »: no result yet
    kept = [line.replace("на вопрос ответа не пришло: тот ход не засчитан",
                         "на вопрос ответа пока нет: тот ход пока не засчитан") for line in lines[1:end]
            if died not in line]
    return "\n".join([head, *kept, *pardons])
