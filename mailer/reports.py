"""What the host reads about the game: ``status`` (the open day, per player),
``explain`` (why each move of a closed day came out as it did) and ``newspaper``.
"""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, select

from .config import GameConfig
from .day.context import GameError, day_info, load_state
from .out_state import OutState
from .questions import QUESTION_NOTE
from .inputs import pardon_lines
from .status import (ATTENTION_STATES, StatusReport, apply_words, asked_of, asked_twice_of, fear_wait, no_moves_of,
                     player_rows, question_ids_of, refused_of)
from .store import DayInput, DayRow, Game, Letter, Outgoing, Store, dumps, loads, utc


def status(cfg: GameConfig, store: Store) -> StatusReport:
    """Day, event, deadline, and per player: alive, moves sent today, vote, points (through
    SQLModel; ``mailer.status.read_status`` reads a SQLite game faster).

    Raises:
        GameError: no game yet.
    """
    with store.session() as s:
        game = s.get(Game, 1)
        if game is None:
            raise GameError("игры ещё нет: сначала mafia-mail init")
        state = load_state(game)
        row = s.get(DayRow, game.current_day)
        table = Letter.__table__
        letters = list(s.execute(select(table.c.nick, table.c.state, table.c.moves_json, table.c.handled, table.c.notes_json,
                                         table.c.problems_json, table.c.cancel, table.c.skip,
                                         table.c.unvote_json, table.c.id).where(
            table.c.day == game.current_day).order_by(table.c.received, table.c.id)))
        inputs = list(s.exec(select(DayInput).where(DayInput.day == game.current_day)))
        imported = {i.nick for i in inputs if i.kind == "vote"}
        lost = {i.nick for i in inputs if i.kind == "lost_vote"}
        info = day_info(row) if row is not None else None
        players = player_rows(state, letters, imported, lost, info)
        from .forum.today import words_today_sql  # thread words today (FORUM.md)

        words = words_today_sql(s, game.current_day, utc(game.start))
        apply_words(players, words, {i.nick: loads(i.value_json) for i in inputs if i.kind == "words"})
        if words and info is not None:  # today's thread votes count as close-day counts them
            from .forum.today import posts_today_sql
            from .status import thread_votes

            thread_votes(players, state, info,
                         lambda nicks: posts_today_sql(s, game.current_day, utc(game.start), nicks))

        def count(model, *where) -> int:
            return s.exec(select(func.count()).select_from(model).where(*where)).one()

        queued = count(Outgoing, Outgoing.state == OutState.QUEUED)
        uncertain = count(Outgoing, Outgoing.state == OutState.UNCERTAIN)
        old_ids = list(s.exec(select(Letter.id).where(Letter.day < game.current_day,
                                                     Letter.handled == False,  # noqa: E712
                                                     Letter.notes_json.contains(QUESTION_NOTE)).order_by(Letter.id)))
        attention_ids = list(s.exec(select(Letter.id).where(Letter.state.in_(ATTENTION_STATES),
                                                            Letter.handled == False).order_by(Letter.id)))  # noqa: E712
        return StatusReport(name=game.name, day=game.current_day, event=row.event if row else "none",
                            deadline=utc(row.deadline) if row else None, finished=game.finished,
                            winner=state.winner, players=players, queued=queued, uncertain=uncertain, attention=len(attention_ids),
                            autokill_words=state.rules.autokill_words, no_moves=no_moves_of(letters),
                            refused=refused_of(letters), question_ids=question_ids_of(letters),
                            old_question_ids=old_ids,
                            asked=asked_of(letters), asked_twice=asked_twice_of(letters), attention_ids=attention_ids,
                            pardoned=pardon_lines(s, game.current_day),
                            fear=fear_wait(row.event, row.fear_chosen, row.fear_choice) if row else None,
                            last_closed=utc(s.exec(select(func.max(DayRow.closed_at)).where(
                                DayRow.status == "closed")).one()),
                            last_sync=utc(game.last_sync) if game.last_sync else None,
                            immune=row.immune if row else None)


def early_close_gaps(cfg: GameConfig, store: Store, now) -> tuple[int, list[str], list[str]] | None:
    """What closing the open day before its deadline (``close-day --early``) at ``now``
    leaves out, as ``status`` sees the day's letters now: ``(day, no_vote, no_night)``, the
    living players who owe a lynch vote and have none (by letter, import or thread: an
    autokill point, DECISIONS.md §6–7) and those whose night role move is missing (none
    sent, none left to the boss or made by him for them, no hunt in its place), each in
    roster order. None with no game, no open day or its deadline already past (``close-day``
    itself tells the host what is wrong), and when the early close already began and waits
    for the «Страх» choice (the host answered for these gaps then)."""
    from engine.calendar import on_time
    from engine.legality import owes_vote

    from .day.context import current_context

    with store.session() as s:
        ctx = current_context(s)
    if ctx is None or not on_time(now, utc(ctx.row.deadline)) or \
            (ctx.row.event == "fear" and ctx.row.fear_chosen):
        return None
    rep = status(cfg, store)
    stripped = set(rep.stripped)
    no_vote = [p.nick for p in rep.players
               if p.alive and not p.voted and owes_vote(ctx.state, ctx.info, p.nick, stripped)]
    return ctx.day, no_vote, rep.no_night


def early_close_warning(cfg: GameConfig, store: Store, *, now) -> str:
    """The host's warning before ``close-day --early`` at ``now`` (:func:`early_close_gaps`):
    how many living players and who have no vote and no night move yet, or, when nobody lacks
    one, that players may still change them (a fresh host's early close ended the game with no
    question); "" when there is no open day before its deadline (nothing early to close), or
    when the early close already began and waits for the «Страх» choice (the host answered
    this question then: a fresh host was asked it a second time after the wait)."""
    from .words import count

    gaps = early_close_gaps(cfg, store, now)
    if gaps is None:
        return ""
    day, no_vote, no_night = gaps
    parts = []
    if no_vote:
        parts.append(f"нет голоса у {count(len(no_vote), 'живого игрока', 'живых игроков', 'живых игроков')}: "
                     f"{', '.join(no_vote)} (без голоса — штрафное очко автокилла)")
    if no_night:
        parts.append(f"нет ночного хода у {count(len(no_night), 'игрока', 'игроков', 'игроков')}: "
                     f"{', '.join(no_night)}")
    if not parts:  # still a question: until the deadline players may change their moves
        return (f"Внимание: день {day} закрывается до срока; голоса и ночные ходы есть у всех живых "
                "игроков, но до срока они ещё могут их изменить.")
    return f"Внимание: день {day} закрывается до срока, а " + "; ".join(parts) + "."


def palms_close_question(cfg: GameConfig, store: Store, *, now, early: bool = False) -> str:
    """Before ``close-day`` at ``now`` of an open day under «Пальмы цветут»: the players the
    stored thread of the day finds forbidden words of (FORUM.md flag ``forbidden_words``) and
    the host has not stripped of their vote (``lost-vote``), with the words and posts, as the
    host's question «Закрыть день, не лишая их голоса?» leads it; "" when there are none, or
    the day is no «Пальмы» day, or its deadline has not passed and the close is not
    ``early`` (close-day refuses it: nothing to ask). FORUM.md: a flag
    applies nothing, the host decides; DECISIONS.md §6.7: the tool finds them, the host
    confirms. So close-day asks before it closes, as it waits for «Страх»: it takes no vote."""
    from .day.context import current_context
    from .forum.close import palms_found
    from .inputs import _lost_on

    with store.session() as s:
        ctx = current_context(s)
        if ctx is None or ctx.row.event != "palms":
            return ""
        from engine.calendar import on_time

        from .store import utc

        if not early and on_time(now, utc(ctx.row.deadline)):
            return ""  # (close-day refuses a day before its deadline: nothing to ask)
        found = palms_found(s, ctx.day, skip=_lost_on(store, ctx.day), closing=now)
    if not found:
        return ""
    from engine.names import inflect

    lines = "\n".join(f"  {nick}: {said}" for nick, said in found.items())
    nicks = " ".join(f'"{n}"' if " " in n else n for n in found)
    return (f"«Пальмы цветут»: запретные слова в ветке дня {ctx.day} у "
            f"{', '.join(inflect(n, 'gent') for n in found)} — голос пока не снят (решает ведущий):\n{lines}\n"
            f"Лишить голоса: mafia-mail lost-vote {nicks}, затем снова close-day. "
            "Закрыть день как есть, с их голосами: ответ «да» (или close-day --yes).")


def _closed_day(s: Session, day: int | None) -> DayRow:
    """Closed day ``day``, or with None the last closed day.

    Raises:
        GameError: no game, no such closed day, or (``day`` None) no day closed yet.
    """
    if day is None:
        if s.get(Game, 1) is None:
            raise GameError("игры ещё нет: сначала mafia-mail init")
        row = s.exec(select(DayRow).where(DayRow.status == "closed").order_by(DayRow.day.desc())).first()
        if row is None:
            raise GameError("ещё ни один день не закрыт: сначала mafia-mail close-day")
        return row
    row = s.get(DayRow, day)
    if row is None:
        closed = s.exec(select(DayRow.day).where(DayRow.status == "closed").order_by(DayRow.day)).all()
        last = s.exec(select(DayRow.day).order_by(DayRow.day.desc())).first()
        known = (f"закрыты дни {closed[0]}–{closed[-1]}" if len(closed) > 1 else
                 f"закрыт день {closed[0]}" if closed else "ни один день ещё не закрыт")
        raise GameError(f"дня {day} в игре нет" + (f" (сейчас идёт день {last}; {known})"
                                                    if last is not None else ""))
    if row.status != "closed":
        raise GameError(f"день {day} ещё не закрыт")
    return row


def explain_day(store: Store, day: int | None = None) -> str:
    """The why-trace of closed day ``day`` (None: the last closed day), in Russian (host
    only).

    Raises:
        GameError: the day is not closed, or no day is closed yet.
    """
    with store.session() as s:
        return _closed_day(s, day).explain


def explain_any_day(cfg: GameConfig, store: Store, day: int | None = None, *, now) -> str:
    """``explain``: the why-trace of closed day ``day`` (:func:`explain_day`; None: the last
    closed day), or, for the open day (``day`` its number), what counts now, marked not final
    (:func:`mailer.day.close.explain_open_day` at ``now``).

    Raises:
        GameError: no such day, no day closed yet (``day`` None: the message names the open
            day's command), or no game.
    """
    with store.session() as s:
        game = s.get(Game, 1)
        row = s.get(DayRow, game.current_day) if game is not None and not game.finished else None
        closed = s.exec(select(DayRow.day).where(DayRow.status == "closed")).first() is not None
    if row is not None and row.status == "open":
        if day == row.day:
            from .day.close import explain_open_day

            return explain_open_day(cfg, store, now=now)
        if day is None and not closed:
            raise GameError(f"ещё ни один день не закрыт: сначала mafia-mail close-day (что засчитано сейчас в "
                            f"открытом дне: mafia-mail explain --day {row.day})")
    return explain_day(store, day)


def newspaper(cfg: GameConfig, store: Store, day: int | None = None, *,
              lyric: str | None = None) -> tuple[str, str]:
    """The newspaper of closed day ``day`` (None: the last closed day) as (plain text,
    BBCode); with ``lyric`` the host's paragraph replaces the default one and is kept.

    Raises:
        GameError: the day is not closed, or no day is closed yet.
    """
    from .render import Renderer

    with store.session() as s:
        row = _closed_day(s, day)
        if lyric is None:
            return row.newspaper, row.newspaper_bbcode
        context = loads(row.paper_json)
        context["lyric"] = lyric.strip()
        row.paper_json = dumps(context)
        row.newspaper, row.newspaper_bbcode = Renderer(cfg).paper(context)
        s.add(row)
        return row.newspaper, row.newspaper_bbcode
