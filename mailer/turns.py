"""The game's days: ``init`` (deal, day 1), ``status``, ``close-day`` (resolve, letters,
newspaper, open the next day).

Close-day is one transaction: the resolution, the snapshot of the state before it, the
result letters and the next day are all committed together or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, select

from engine.calendar import day_window, deadline_ahead, on_time
from engine.draw import shuffled
from engine.gamefile import GameFile, LetterSpec, TurnSpec
from engine.model import TurnInfo
from engine.roles import STANDARD_DEAL
from engine.state import GameState

from .config import GameConfig
from .outbox import queue
from .status import ATTENTION_STATES, StatusReport, player_rows
from .store import DayInput, DayRow, Game, Letter, Outgoing, Store, dumps, loads, to_db, utc


class GameError(Exception):
    """A host command that cannot be done now; the message (Russian) says why and what to do."""


def _one_at_a_time(fn):
    """Run a command that changes the day under the game's ``sync`` lock (mailer.runlock): a
    sync never runs during close-day, reopen-day or open-day. Raises GameError when busy."""
    import functools

    from .runlock import AlreadyRunning, exclusive

    @functools.wraps(fn)
    def wrapper(cfg, *args, **kwargs):
        try:
            with exclusive(cfg.path, "sync", cfg.database_url):
                return fn(cfg, *args, **kwargs)
        except AlreadyRunning as exc:
            raise GameError(str(exc)) from None

    return wrapper


@dataclass
class Context:
    """The open day as the parser and the resolver need it."""

    day: int
    row: DayRow
    state: GameState
    info: TurnInfo


def turn_info(row: DayRow) -> TurnInfo:
    return TurnInfo(day=row.day, event=row.event, immune=row.immune, mortar=row.mortar,
                    fear_chosen=row.fear_chosen)


_STATE_CACHE: dict[str, GameState] = {}


def load_state(game: Game) -> GameState:
    """The game's current state. Parsed once per stored version (a sync reads it for every
    letter); callers get a copy they may change."""
    cached = _STATE_CACHE.get(game.state_json)
    if cached is None:
        _STATE_CACHE.clear()
        cached = _STATE_CACHE[game.state_json] = GameState.from_json(loads(game.state_json))
    return cached.copy()


def current_context(s: Session) -> Context | None:
    """The open day, or None before ``init`` and after the game ended."""
    game = s.get(Game, 1)
    if game is None or game.finished:
        return None
    row = s.get(DayRow, game.current_day)
    if row is None or row.status != "open":
        return None
    return Context(day=row.day, row=row, state=load_state(game), info=turn_info(row))


def deal_roles(cfg: GameConfig) -> dict[str, str]:
    """Roles for every player: the config's explicit ones, the rest dealt from the standard
    deal (DECISIONS.md §1) by the seeded draw ``"deal"``. More players than the standard deal
    get plain civilians."""
    given = {p.nick: p.role for p in cfg.players if p.role}
    pool = list(STANDARD_DEAL)
    for role in given.values():
        if role in pool:
            pool.remove(role)
    missing = [p.nick for p in cfg.players if not p.role]
    pool = shuffled(cfg.seed, "deal", pool)
    pool += ["civilian"] * max(0, len(missing) - len(pool))
    dealt = dict(zip(missing, pool))
    return {p.nick: given.get(p.nick) or dealt[p.nick] for p in cfg.players}


def _open_day(cfg: GameConfig, s: Session, state: GameState, day: int, now: datetime,
              renderer, event: str | None = None) -> DayRow:
    """Open game day ``day`` at ``now``: its event drawn (or ``event``), its deadline the day's
    calendar end or, when that is past (a day closed late), the next calendar end still ahead
    (DECISIONS.md §2; :func:`engine.calendar.deadline_ahead`)."""
    from engine.resolve import open_day

    opening = open_day(state, day, event)
    deadline = deadline_ahead(cfg.start, cfg.timezone, day, cfg.weekend_merge, now)
    row = DayRow(day=day, event=opening.event, deadline=to_db(deadline), immune=opening.immune,
                 mortar=opening.mortar, draws_json=dumps([list(d) for d in opening.draws]))
    s.add(row)
    _queue_event_letters(cfg, s, row, state, renderer, now)
    return row


def _queue_event_letters(cfg: GameConfig, s: Session, row: DayRow, state: GameState, renderer,
                         now: datetime) -> None:
    """Letters to the players an event's draw chose (immune player, mortar holder)."""
    for nick in (row.immune, row.mortar):
        if nick:
            queue(s, cfg, ref=_event_ref(row, nick), kind="event", day=row.day,
                  to_addr=_address(cfg, nick), to_nick=nick,
                  subject=f"{cfg.name}: событие дня {row.day}",
                  body=renderer.event_letter(nick=nick, row=row, state=state), now=now)


def _event_ref(row: DayRow, nick: str) -> str:
    return f"event:{row.day}.{row.event}:{nick}"


def _withdraw_event_letters(s: Session, row: DayRow) -> list[str]:
    """Take the open day's event letters that no longer hold (the event was changed) off the
    queue. Returns ``"nick: subject"`` of those already sent: the host must write to them."""

    keep = {_event_ref(row, nick) for nick in (row.immune, row.mortar) if nick}
    sent = []
    for out in s.exec(select(Outgoing).where(Outgoing.day == row.day, Outgoing.kind == "event").order_by(Outgoing.id)):
        if out.ref in keep:
            continue
        if out.state in ("queued", "failed"):
            s.delete(out)
        else:
            sent.append(f"{out.to_nick or out.to_addr}: {out.subject}")
    return sent


@_one_at_a_time
def set_event(cfg: GameConfig, store: Store, event: str, *,
              now: datetime) -> tuple[DayRow, list[str]]:
    """Set the open day's event by hand instead of the seeded draw (``open-day --event``):
    the event's own draws (immune player, mortar holder) are made again and their letters
    queued; unsent letters of the replaced event are taken off the queue.

    Returns:
        (the day's row, ``"nick: subject"`` of the replaced event's letters already sent).

    Raises:
        GameError: no open day, an unknown event id, or the day is waiting for the «Страх»
            answer (its lynch is half done: the next day's event is set once it is closed).
    """
    from engine.resolve import open_day

    from .render import Renderer

    event = event_id(event)
    with store.session() as s:
        ctx = current_context(s)
        if ctx is None:
            raise GameError("нет открытого дня")
        if ctx.row.fear_chosen and not ctx.row.fear_choice:
            raise GameError(
                f"день {ctx.day} ждёт ответа на «Страх» от {ctx.row.fear_chosen}: событие этого "
                "дня уже не меняется. Закройте день (close-day, можно с --fear-choice), потом "
                "задайте событие следующего дня")
        opening = open_day(ctx.state, ctx.day, event)
        row = ctx.row
        row.event, row.immune, row.mortar = opening.event, opening.immune, opening.mortar
        row.draws_json = dumps([list(d) for d in opening.draws])
        row.fear_chosen = row.fear_choice = None
        s.add(row)
        stale = _withdraw_event_letters(s, row)
        renderer = Renderer(cfg)
        _queue_event_letters(cfg, s, row, ctx.state, renderer, now)
        stale += _announce_again(cfg, s, store, row, renderer)
        return row, stale


def _announce_again(cfg: GameConfig, s: Session, store: Store, row: DayRow, renderer) -> list[str]:
    """The closed day before ``row`` announced ``row``'s event in its newspaper and result
    letters; after ``open-day --event`` they are rendered again (the day is resolved again the
    way close-day did, from its stored inputs). Returns a line for the result letters already
    sent with the old announcement."""
    from engine.resolve import resolve_turn
    from engine.replay import build_turn


    prev = s.get(DayRow, row.day - 1)
    game = s.get(Game, 1)
    if prev is None or prev.status != "closed" or not prev.state_before_json:
        return []
    state = GameState.from_json(loads(prev.state_before_json))
    turn = build_turn(game_file(cfg, loads(game.roles_json)), state, prev.day, day_spec(s, store, prev))
    result = resolve_turn(state, turn)
    paper = renderer.newspaper(result=result, row=prev, state_before=state, next_row=row)
    paper["lyric"] = (loads(prev.paper_json) or {}).get("lyric")
    prev.paper_json = dumps(paper)
    prev.newspaper, prev.newspaper_bbcode = renderer.paper(paper)
    s.add(prev)
    sent = 0
    for nick, _subject, body in renderer.result_letters(result=result, row=prev, state_before=state,
                                                        next_row=row):
        out = s.exec(select(Outgoing).where(Outgoing.ref == f"result:{prev.day}.{prev.revision}:{nick}")).first()
        if out is None or out.body == body:
            continue
        if out.state in ("queued", "failed"):
            out.body = body
            s.add(out)
        else:
            sent += 1
    if not sent:
        return []
    return [f"итоги дня {prev.day}: с прежним событием дня {row.day} уже отправлено писем: {sent}"]


def _address(cfg: GameConfig, nick: str) -> str:
    return next(p.emails[0] for p in cfg.players if p.nick == nick)


def event_id(text: str) -> str:
    """The event id (engine.model.EVENTS) for an id or the event's Russian name, any case,
    with or without «» («полнолуние», «Выбери меня!», ``full_moon``).

    Raises:
        GameError: no such event (the message lists them, name and id).
    """
    from engine.model import EVENTS
    from engine.reasons import EVENTS_RU

    from .words import code_for

    event = code_for(text, {e: EVENTS_RU.get(e, e) for e in EVENTS})
    if event is not None:
        return event
    known = ", ".join(f"«{EVENTS_RU.get(e, e)}» ({e})" for e in EVENTS)
    raise GameError(f"нет такого события «{text}»; есть: {known}")


def init_game(cfg: GameConfig, store: Store, *, now: datetime, event: str | None = None) -> GameState:
    """Create the game: deal roles, open day 1, queue a role letter to each player.

    ``event`` sets day 1's event instead of the seeded draw (see :func:`event_id`).

    Raises:
        GameError: the database already holds a game, or no such event.
    """
    from .render import Renderer

    if event is not None:
        event = event_id(event)

    renderer = Renderer(cfg)
    with store.session() as s:
        if s.get(Game, 1) is not None:
            raise GameError("игра уже создана в этой базе; начать заново можно с новой базой")
        roles = deal_roles(cfg)
        state = GameState.new(cfg.seed, roles, cfg.rules)
        row = _open_day(cfg, s, state, 1, now, renderer, event)
        s.add(Game(name=cfg.name, seed=cfg.seed, timezone=cfg.timezone, start=to_db(cfg.start),
                   roles_json=dumps(roles), state_json=dumps(state.to_json())))
        for p in cfg.players:
            queue(s, cfg, ref=f"role:{p.nick}", kind="role", to_addr=p.emails[0], to_nick=p.nick,
                  subject=f"{cfg.name}: ваша роль",
                  body=renderer.role_letter(nick=p.nick, state=state, day_row=row, code=p.code),
                  now=now)
    return state


def imported_votes(letters: list[Letter], inputs: list[DayInput]) -> dict[str, list[str]]:
    """Imported votes that stand: imported and letter votes merge by the latest time (issue 5),
    so an import older than the voter's latest letter vote is dropped (the resolver lets the
    imported votes given to it override letter votes)."""
    latest: dict[str, datetime] = {}
    for letter in letters:
        if letter.nick and any(m.get("action") == "vote" for m in loads(letter.moves_json) or []):
            latest[letter.nick] = max(latest.get(letter.nick, utc(letter.received)), utc(letter.received))
    return {i.nick: loads(i.value_json) for i in inputs
            if i.kind == "vote" and not (i.nick in latest and latest[i.nick] > utc(i.at))}


def day_spec(s: Session, store: Store, row: DayRow) -> TurnSpec:
    """The open day as a game-file turn (SCENARIOS.md): its letters as the parser read them
    (body, receipt time, Message-ID), host inputs and event inputs. Close-day and ``export``
    both use it, and the resolver gets it through :func:`engine.replay.build_turn`, so a live
    day and its replay take the same code path."""
    letters = [l for l in store.letters(s, day=row.day)
               if l.nick and l.state in ("applied", "late", "no_moves")]
    inputs = list(s.exec(select(DayInput).where(DayInput.day == row.day).order_by(DayInput.id)))
    from .forum.close import merge_thread  # the day's forum thread (FORUM.md)

    votes, words = merge_thread(s, row, letters, inputs, imported_votes(letters, inputs),
                                {i.nick: loads(i.value_json) for i in inputs if i.kind == "words"})
    return TurnSpec(
        event=row.event, deadline=utc(row.deadline),
        letters=[LetterSpec(l.nick, utc(l.received), l.body, l.message_id) for l in letters],
        votes=votes, words=words,
        lost_vote=[i.nick for i in inputs if i.kind == "lost_vote"],
        fear_choice=row.fear_choice, immune=row.immune, mortar=row.mortar,
    )


def game_file(cfg: GameConfig, roles: dict[str, str]) -> GameFile:
    """The config as the engine's game description (no turns)."""
    return GameFile(title=cfg.name, seed=cfg.seed, timezone=cfg.timezone, start=cfg.start,
                    rules=cfg.rules, roles=roles, turns=[])


@dataclass
class CloseReport:
    day: int
    warnings: list[str] = field(default_factory=list)
    waiting_for: str | None = None
    result: object = None
    newspaper: str = ""
    letters: int = 0
    winner: str | None = None
    next_deadline: datetime | None = None


@_one_at_a_time
def close_day(cfg: GameConfig, store: Store, *, now: datetime, early: bool = False,
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

    from .render import Renderer

    renderer = Renderer(cfg)
    with store.session() as s:
        game = s.get(Game, 1)
        if game is None:
            raise GameError("игры ещё нет: сначала mafia-mail init")
        if game.finished:
            raise GameError("игра окончена")
        row = s.get(DayRow, game.current_day)
        if row is None or row.status != "open":
            raise GameError(f"день {game.current_day} уже закрыт")
        deadline = utc(row.deadline)
        day_start = day_window(cfg.start, cfg.timezone, row.day, cfg.weekend_merge)[0]
        if early and now < day_start:
            # a repeated «close-day --early» must not close the day it has just opened
            local = day_start.astimezone(cfg.zone).strftime("%d.%m.%Y %H:%M")
            raise GameError(f"день {row.day} начинается только {local} ({cfg.timezone}); "
                            "досрочно закрыть можно уже начавшийся день")
        if on_time(now, deadline) and not early:
            local = deadline.astimezone(cfg.zone).strftime("%d.%m.%Y %H:%M")
            raise GameError(f"срок дня {row.day} — {local} ({cfg.timezone}); он ещё не прошёл. "
                            "Закрыть раньше: close-day --early")
        state = load_state(game)
        if fear_choice:
            row.fear_choice = fear_choice
        spec = day_spec(s, store, row)
        turn = build_turn(game_file(cfg, loads(game.roles_json)), state, row.day, spec)
        if row.event == "fear" and not turn.fear_choice:
            from_letters = [x for x in turn.submissions if x.move.action == "fear_choice"]
            if not from_letters:
                tally = lynch_tally(state, turn)
                chosen = tally.fear_chosen
                if chosen:
                    row.fear_chosen = chosen
                    s.add(row)
                    queue(s, cfg, ref=f"fear:{row.day}:{chosen}", kind="fear", day=row.day,
                          to_addr=_address(cfg, chosen), to_nick=chosen,
                          subject=f"{cfg.name}: Страх — ваш выбор",
                          body=renderer.fear_letter(nick=chosen, row=row), now=now)
                    return CloseReport(day=row.day, waiting_for=chosen)
        warnings = []
        if not early and (game.last_sync is None or utc(game.last_sync) < deadline):
            warnings.append("последний sync был до срока дня: письма, пришедшие до срока, но ещё не "
                            "скачанные, в этот день не попали (они получат ответ «после итогов»). "
                            "Если это не так задумано: mafia-mail reopen-day "
                            f"{row.day}, затем sync и close-day")
        result = resolve_turn(state, turn)
        row.state_before_json = dumps(state.to_json())
        row.result_json = dumps(result.to_json())
        row.explain = explain_turn(result, state)
        row.status = "closed"
        row.closed_at = to_db(now)
        new_state = result.new_state
        next_row = None
        if result.winner is None:
            next_row = _open_day(cfg, s, new_state, row.day + 1, now, renderer)
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
        letters = 0
        corrected = _sent_before(s, row) if row.revision else set()
        for nick, subject, body in renderer.result_letters(result=result, row=row,
                                                           state_before=state, next_row=next_row):
            if nick in corrected:  # reopen-day: this letter replaces one already sent
                subject = f"{subject} (исправлено)"
                body = (f"Исправленные итоги дня {row.day}: это письмо заменяет прежнее письмо "
                        f"с итогами дня {row.day}.\n\n{body}")
            queue(s, cfg, ref=f"result:{row.day}.{row.revision}:{nick}", kind="result", day=row.day,
                  to_addr=_address(cfg, nick), to_nick=nick, subject=subject, body=body, now=now)
            letters += 1
        if final is not None:  # the end of the game: every player, the dead too, is told
            for p in cfg.players:
                queue(s, cfg, ref=f"final:{row.day}.{row.revision}:{p.nick}", kind="final",
                      day=row.day, to_addr=p.emails[0], to_nick=p.nick,
                      subject=f"{cfg.name}: игра окончена",
                      body=renderer.final_letter(nick=p.nick, final=final), now=now)
                letters += 1
        drop_stale_reminders(s, row.day, new_state)  # never sent for a closed day or to the dead
        game.state_json = dumps(new_state.to_json())
        game.current_day = row.day + 1
        game.finished = result.winner is not None
        s.add(game)
        return CloseReport(day=row.day, warnings=warnings, result=result, newspaper=paper_text,
                           letters=letters,
                           winner=result.winner,
                           next_deadline=utc(next_row.deadline) if next_row else None)


def _sent_before(s: Session, row: DayRow) -> set[str]:
    """Players who were already sent a result letter of an earlier revision of ``row``'s day
    (before ``reopen-day``)."""
    sent = s.exec(select(Outgoing.to_nick).where(
        Outgoing.kind == "result", Outgoing.day == row.day, Outgoing.state == "sent",
        Outgoing.ref.like(f"result:{row.day}.%"))).all()
    return {n for n in sent if n}


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
        letters = list(s.execute(select(table.c.nick, table.c.state, table.c.moves_json).where(
            table.c.day == game.current_day).order_by(table.c.received, table.c.id)))
        inputs = list(s.exec(select(DayInput).where(DayInput.day == game.current_day)))
        imported = {i.nick for i in inputs if i.kind == "vote"}
        lost = {i.nick for i in inputs if i.kind == "lost_vote"}
        players = player_rows(state, letters, imported, lost)
        from .forum.today import words_today_sql  # thread words today (FORUM.md)

        words = words_today_sql(s, game.current_day, utc(game.start))
        for p in players if words is not None else ():
            p.words = words.get(p.nick, 0)

        def count(model, *where) -> int:
            return s.exec(select(func.count()).select_from(model).where(*where)).one()

        queued = count(Outgoing, Outgoing.state == "queued")
        uncertain = count(Outgoing, Outgoing.state == "uncertain")
        attention = count(Letter, Letter.state.in_(ATTENTION_STATES), Letter.handled == False)  # noqa: E712
        return StatusReport(name=game.name, day=game.current_day, event=row.event if row else "none",
                            deadline=utc(row.deadline) if row else None, finished=game.finished,
                            players=players, queued=queued, uncertain=uncertain, attention=attention,
                            autokill_words=state.rules.autokill_words)


def _closed_day(s: Session, day: int) -> DayRow:
    row = s.get(DayRow, day)
    if row is None or row.status != "closed":
        raise GameError(f"день {day} ещё не закрыт")
    return row


def explain_day(store: Store, day: int) -> str:
    """The why-trace of a closed day, in Russian (host only).

    Raises:
        GameError: the day is not closed.
    """
    with store.session() as s:
        return _closed_day(s, day).explain


def newspaper(cfg: GameConfig, store: Store, day: int, *, lyric: str | None = None) -> tuple[str, str]:
    """The newspaper of a closed day as (plain text, BBCode); with ``lyric`` the host's
    paragraph replaces the default one and is kept.

    Raises:
        GameError: the day is not closed.
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


@_one_at_a_time
def reopen_day(cfg: GameConfig, store: Store, day: int) -> list[str]:
    """Restore the state before day ``day`` was resolved, so the host can fix moves and close
    it again. Later days are dropped; their queued letters are withdrawn; letters already
    sent stay sent and are returned as a list for the host.

    Raises:
        GameError: no game or day ``day`` was never closed.
    """
    from sqlmodel import select


    with store.session() as s:
        game = s.get(Game, 1)
        row = s.get(DayRow, day)
        if game is None or row is None or row.status != "closed":
            raise GameError(f"день {day} не закрыт — открывать нечего")
        game.state_json = row.state_before_json
        game.current_day = day
        game.finished = False
        s.add(game)
        for later in s.exec(select(DayRow).where(DayRow.day > day)):
            s.delete(later)
        sent = []
        for out in s.exec(select(Outgoing).where(Outgoing.day >= day, Outgoing.kind.in_(("result", "event", "fear", "final")))
                         .order_by(Outgoing.id)):
            if out.state == "sent":
                sent.append(f"{out.to_nick or out.to_addr}: {out.subject}")
            elif out.day > day or out.kind in ("result", "final"):
                s.delete(out)
        row.status = "open"
        row.revision += 1
        row.result_json = row.explain = row.newspaper = row.newspaper_bbcode = row.paper_json = None
        row.fear_chosen = row.fear_choice = None  # the corrected votes may choose someone else
        s.add(row)
        return sent


def set_deadline(cfg: GameConfig, store: Store, phrase: str, *, now: datetime,
                 dry_run: bool = False) -> datetime:
    """Move the open day's deadline to ``phrase``, read by :func:`mailer.when.read_when` in
    the game's time zone («вторник 23:00», «завтра в 19», «05.03.2027 19:30», ISO 8601).
    Returns the new deadline (aware UTC); stored in UTC unless ``dry_run`` (then only checked,
    so the host can confirm it first).

    Raises:
        GameError: no open day, the phrase is not a date with a time of day, or the time is
            already past or before the open day began.
    """
    from .when import WhenError, read_when

    try:
        deadline = utc(read_when(phrase, now=now, zone=cfg.zone))
    except WhenError as exc:
        raise GameError(str(exc)) from None
    if deadline <= now:
        raise GameError(f"срок «{phrase}» ({deadline.astimezone(cfg.zone):%d.%m.%Y %H:%M}) уже прошёл; "
                        "закрыть день сейчас: mafia-mail close-day --early")
    with store.session() as s:
        ctx = current_context(s)
        if ctx is None:
            raise GameError("нет открытого дня")
        prev = s.get(DayRow, ctx.day - 1)
        opened = utc(prev.deadline) if prev is not None else cfg.start
        if deadline <= opened:
            raise GameError(
                f"срок «{phrase}» ({deadline.astimezone(cfg.zone):%d.%m.%Y %H:%M}) раньше начала "
                f"дня {ctx.day} ({opened.astimezone(cfg.zone):%d.%m.%Y %H:%M}); укажите дату "
                "полностью, например 2026-12-09 19:30")
        if not dry_run:
            ctx.row.deadline = to_db(deadline)
            s.add(ctx.row)
    return deadline


def remind(cfg: GameConfig, store: Store, *, now: datetime) -> list[str]:
    """Queue a reminder to every living player who sent no move today, or sent moves but no
    lynch vote (a day without a vote costs an autokill point, DECISIONS.md §7), saying what
    is missing (at most one per day per player). A player the host stripped of his vote is
    not reminded of it; a vote the host imported counts. Returns the nicknames reminded now."""
    from .render import Renderer

    renderer = Renderer(cfg)
    reminded = []
    with store.session() as s:
        ctx = current_context(s)
        if ctx is None:
            raise GameError("нет открытого дня")
        moved: set[str] = set()
        voted: set[str] = set()
        for letter in store.letters(s, day=ctx.day):
            if letter.state != "applied":
                continue
            moved.add(letter.nick)
            if any(m.get("action") == "vote" for m in loads(letter.moves_json) or []):
                voted.add(letter.nick)
        inputs = list(s.exec(select(DayInput).where(DayInput.day == ctx.day)))
        voted |= {i.nick for i in inputs if i.kind in ("vote", "lost_vote")}
        for nick in ctx.state.alive():
            if nick in moved and nick in voted:
                continue
            ref = f"remind:{ctx.day}:{nick}"
            if s.exec(select(Outgoing.id).where(Outgoing.ref == ref)).first() is not None:
                continue
            queue(s, cfg, ref=ref, kind="reminder", day=ctx.day, to_addr=_address(cfg, nick),
                        to_nick=nick, subject=f"{cfg.name}: напоминание о ходе",
                        body=renderer.render("reminder.txt.j2", nick=nick, day=ctx.row,
                                             deadline=utc(ctx.row.deadline),
                                             no_letter=nick not in moved, no_vote=nick not in voted),
                        now=now)
            reminded.append(nick)
    return reminded


def drop_stale_reminders(s: Session, day: int, state: GameState) -> int:
    """Take off the queue the reminders that no longer hold: those for ``day`` (being
    closed) or earlier, and those to players dead in ``state``. Returns how many."""
    dropped = 0
    for out in s.exec(select(Outgoing).where(Outgoing.kind == "reminder",
                                             Outgoing.state.in_(("queued", "failed")))):
        p = state.players.get(out.to_nick or "")
        if (out.day or 0) <= day or (p is not None and not p.alive):
            s.delete(out)
            dropped += 1
    return dropped
