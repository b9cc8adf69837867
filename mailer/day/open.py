"""A game day begins: ``init`` (deal the roles, open day 1), the next day opened by
close-day, and ``open-day --event`` (the host sets the open day's event by hand).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import secrets
from datetime import datetime

from sqlmodel import Session, select

from engine.calendar import deadline_ahead
from engine.draw import shuffled
from engine.roles import STANDARD_DEAL
from engine.state import GameState

from ..config import GameConfig
from ..letter_state import LetterState
from ..outbox import drop_unsent, queue
from ..out_state import MAYBE_SENT, UNSENT
from ..store import DayRow, Game, Letter, Outgoing, Store, dumps, loads, shown_url, to_db, utc
from .context import (GameError, address_of, current_context, day_info, day_spec, game_file,
                      one_at_a_time)


#: The order in which roles enter a game smaller than the standard deal (DECISIONS.md §1):
#: both bosses first (a clan never plays without its boss), then the town's and the clans'
#: roles interleaved, so that every prefix keeps the clans at about a quarter to two fifths
#: of the players, as the full deal does (10 of 24). Its 24 roles are the standard deal.
SMALL_DEAL_ORDER: tuple[str, ...] = (
    "clan1.boss", "clan2.boss", "detective", "doctor", "civilian", "civilian", "hostess", "maniac",
    "clan1.thief", "clan2.thief", "psycho", "thug", "civilian", "civilian", "clan1.guard",
    "clan2.guard", "fan", "witness", "clan1.indian", "clan2.indian", "son", "swindler",
    "clan1.actor", "clan2.actor",
)


def deal_roles(cfg: GameConfig) -> dict[str, str]:
    """Roles for every player (nick → role id): the config's explicit ones, the rest dealt by
    the seeded draw ``"deal"`` (DECISIONS.md §1). When the roster takes the whole standard deal
    (or more: the extra players are plain civilians), every role left is dealt. A smaller
    roster takes the roles left in :data:`SMALL_DEAL_ORDER` order (bosses first, so a clan
    whose member the config names gets its boss too), so a small trial game always has its
    bosses and a detective, and the draw decides who plays which."""
    given = {p.nick: p.role for p in cfg.players if p.role}
    pool = list(STANDARD_DEAL)
    for role in given.values():
        if role in pool:
            pool.remove(role)
    missing = [p.nick for p in cfg.players if not p.role]
    if len(missing) < len(pool):
        order = list(SMALL_DEAL_ORDER)  # (both bosses first: a named clan member's too)
        for role in given.values():
            if role in order:
                order.remove(role)
        pool = order[:len(missing)]
    pool = shuffled(cfg.seed, "deal", pool)
    pool += ["civilian"] * max(0, len(missing) - len(pool))
    dealt = dict(zip(missing, pool))
    return {p.nick: given.get(p.nick) or dealt[p.nick] for p in cfg.players}


def open_game_day(cfg: GameConfig, s: Session, state: GameState, day: int, now: datetime,
              renderer, event: str | None = None, announce: bool = True) -> DayRow:
    """Open game day ``day`` at ``now``: its event drawn (or ``event``), its deadline the day's
    calendar end or, when that is past (a day closed late), the next calendar end still ahead
    (DECISIONS.md §2; :func:`engine.calendar.deadline_ahead`); a day that ``reopen-day``
    dropped opens again with the event and the deadline it had
    (:func:`mailer.day.close.keep_dropped_day`)."""
    from engine.resolve import open_day

    from ..store import DayInput

    # a day dropped by reopen-day opens again with the host's event and its next revision
    kept = s.exec(select(DayInput).where(DayInput.day == day, DayInput.kind == "reopen")).first()
    again = loads(kept.value_json) if kept is not None else {}
    if kept is not None:
        s.delete(kept)
    opening = kept_draw(state, open_day(state, day, event if event is not None else again.get("event")),
                        again.get("drawn") or {})
    deadline = deadline_ahead(cfg.start, cfg.timezone, day, cfg.weekend_merge, now)
    if again.get("deadline"):
        # (the deadline it had: its letters are read against the time the players were told,
        # even when that is past now — the day is being closed again, not played anew)
        deadline = datetime.fromisoformat(again["deadline"])
    row = DayRow(day=day, event=opening.event, deadline=to_db(deadline), immune=opening.immune,
                 mortar=opening.mortar, draws_json=dumps([list(d) for d in opening.draws]),
                 revision=again.get("revision", 0))
    s.add(row)
    if announce:  # (``init`` queues the role letters first, then these)
        _queue_event_letters(cfg, s, row, state, renderer, now)
    return row


def kept_draw(state: GameState, opening, drawn: dict):
    """``opening`` (an :class:`engine.resolve.DayOpening`) with the immune player or the mortar
    holder that the day's earlier opening drew (``drawn``: its ``event``, ``immune``,
    ``mortar``), when the day is opened again by a re-close after ``reopen-day`` with the
    same event and that player may still hold it (alive; the mortar: still a plain civilian):
    the draw was told to him, and a fix of an earlier day does not take it back (a fresh
    host's trial: the immunity went to another player, and the one told «Жребий выбрал вас»
    had her «Пара» refused with no word why). Else ``opening`` as drawn."""
    from dataclasses import replace

    if not drawn or drawn.get("event") != opening.event:
        return opening
    alive = set(state.alive())
    for key in ("immune", "mortar"):
        nick, now = drawn.get(key), getattr(opening, key)
        if not nick or now is None or nick == now or nick not in alive:
            continue
        p = state.players[nick]
        if key == "mortar" and (p.role not in ("civilian", "son") or p.is_mafia):
            continue
        draws = tuple((k, nick if k == f"day{opening.day}.{key}" else v) for k, v in opening.draws)
        opening = replace(opening, **{key: nick}, draws=draws)
    return opening


def _queue_event_letters(cfg: GameConfig, s: Session, row: DayRow, state: GameState, renderer,
                         now: datetime) -> None:
    """Letters to the players an event's draw chose (immune player, mortar holder)."""
    for nick in (row.immune, row.mortar):
        if nick:
            queue(s, cfg, ref=_event_ref(row, nick), kind="event", day=row.day,
                  to_addr=address_of(cfg, nick), to_nick=nick,
                  subject=cfg.subject(f"событие дня {row.day}"),
                  body=renderer.event_letter(nick=nick, row=row, state=state), now=now)


def _event_ref(row: DayRow, nick: str) -> str:
    return f"event:{row.day}.{row.event}:{nick}"


def _withdraw_event_letters(s: Session, row: DayRow) -> list[str]:
    """Take the open day's event letters that no longer hold (the event was changed) off the
    queue. Returns ``"nick: subject"`` of those already sent: the host must write to them."""

    keep = {_event_ref(row, nick) for nick in (row.immune, row.mortar) if nick}
    sent = []
    for out in s.exec(select(Outgoing).where(Outgoing.day == row.day, Outgoing.kind == "event").order_by(Outgoing.id)):
        if out.ref in keep or out.ref.startswith(_CHANGED):  # (the latter: _tell_event_changed)
            continue
        if out.state in UNSENT:
            drop_unsent(s, out, f"событие дня {row.day} изменено (open-day --event): письмо о прежнем событии")
        elif out.state in MAYBE_SENT:  # (a letter taken off the queue was never sent)
            sent.append(f"{out.to_nick or out.to_addr}: {out.subject}")
    return sent


def _event_day(s: Session):
    """The open day whose event ``open-day --event`` may set (its context).

    Raises:
        GameError: no open day, or the day is waiting for the «Страх» answer (its lynch is
            half done: the next day's event is set once it is closed).
    """
    ctx = current_context(s)
    if ctx is None:
        raise GameError("нет открытого дня")
    if ctx.row.fear_chosen and not ctx.row.fear_choice:
        raise GameError(
            f"день {ctx.day} ждёт ответа на «Страх» от {ctx.row.fear_chosen}: событие этого "
            "дня уже не меняется. Закройте день (close-day, можно с --fear-choice), потом "
            "задайте событие следующего дня")
    return ctx


def event_change(store: Store, event: str) -> tuple[int, str, str, int]:
    """What ``open-day --event`` would change, before it does: (the open day, its event id
    now, the event id named by ``event``, how many of the day's letters have accepted moves
    — moves sent under the old event, which the host should confirm before changing it).

    Raises:
        GameError: no open day, an unknown event, or the day waits for the «Страх» answer.
    """
    new = event_id(event)
    with store.session() as s:
        ctx = _event_day(s)
        moved = len(s.exec(select(Letter.id).where(Letter.day == ctx.day,
                                                   Letter.state == LetterState.APPLIED)).all())
        return ctx.day, ctx.row.event, new, moved


@one_at_a_time
def set_event(cfg: GameConfig, store: Store, event: str, *,
              now: datetime) -> tuple[DayRow, list[str]]:
    """Set the open day's event by hand instead of the seeded draw (``open-day --event``):
    the event's own draws (immune player, mortar holder) are made again and their letters
    queued; unsent letters of the replaced event are taken off the queue. Every living player
    who was already told an event of the day (by the sent result letters of the day before, or
    role letters on day 1, or an earlier sent «событие изменено» notice) and was told another
    one than the event set now gets one letter that the event changed (queued, like the rest;
    :func:`_tell_event_changed`). The day's letters the new event reads otherwise (a clan kill
    of two sent under «Полнолуние», a vote for two under «Ярость») are read again, each sender
    getting a new reply (:func:`mailer.reread.changed_letters`): close-day reads them with the
    new event. Safe to repeat: the same event again keeps the queued letters.

    Returns:
        (the day's row, ``"nick: subject"`` of the replaced event's letters already sent).

    Raises:
        GameError: no open day, an unknown event id, or the day is waiting for the «Страх»
            answer (its lynch is half done: the next day's event is set once it is closed).
    """
    from engine.parse import parse_letter
    from engine.resolve import open_day

    from ..render import Renderer
    from ..reread import changed_letters, open_day_letters, reread_locked

    event = event_id(event)
    with store.session() as s:
        ctx = _event_day(s)
        was = ctx.info
        opening = open_day(ctx.state, ctx.day, event)
        row = ctx.row
        old_event = row.event
        row.event, row.immune, row.mortar = opening.event, opening.immune, opening.mortar
        row.draws_json = dumps([list(d) for d in opening.draws])
        row.fear_chosen = row.fear_choice = None
        s.add(row)
        # the day's letters the new event reads otherwise («Убиваем X и Y» sent under
        # «Полнолуние»): close-day reads them with it, so they are read again below and
        # their senders told what stands now
        rows = [r for r in open_day_letters(s)[1] if r.nick is not None]
        info = day_info(row)
        again, followed = changed_letters(
            rows, [parse_letter(r.body, r.nick, ctx.state, was).to_json() for r in rows],
            [parse_letter(r.body, r.nick, ctx.state, info).to_json() for r in rows])
        stale = _withdraw_event_letters(s, row)
        renderer = Renderer(cfg)
        _queue_event_letters(cfg, s, row, ctx.state, renderer, now)
        if row.day > 1:
            announced = _announce_again(cfg, s, store, row, renderer)
            prev = s.get(DayRow, row.day - 1)
            revision = prev.revision if prev is not None else 0
            announcement = lambda nick: f"result:{row.day - 1}.{revision}:{nick}"  # noqa: E731
        else:
            announced = _roles_again(cfg, s, row, ctx.state, renderer)
            announcement = lambda nick: f"role:{nick}"  # noqa: E731
        changed = _tell_event_changed(cfg, s, row, ctx.state, old_event, renderer, now, announcement,
                                      read_again={r.nick for r in rows if r.id in again})
        lines = (stale + _changed_lines(row, announced, changed) + _votes_too_many(s, store, row)
                 + _votes_given_back(s, row))
    if again:
        reread_locked(cfg, store, again, now=now, open_day=True)
        lines.append(f"письма дня, которые с новым событием читаются иначе, прочитаны заново: "
                     f"{letters_numbered([i for i in again if i not in followed])}"
                     + (f" (и следом более поздние письма тех же игроков: {letters_numbered(followed)})"
                        if followed else "") + "; новые ответы — в очереди")
    return row, lines


def _votes_given_back(s: Session, row: DayRow) -> list[str]:
    """The players stripped of their vote (``lost-vote``) get it back when the open day's
    event is changed to one that strips no vote (DECISIONS.md §6: only «Парадокс» and
    «Пальмы цветут» do): the host's line naming them, or nothing."""
    from ..inputs import VOTE_LOSING_EVENTS, clear_lost_votes

    if row.event in VOTE_LOSING_EVENTS:
        return []
    back = clear_lost_votes(s, row.day)
    return [f"лишение голоса снято (новое событие его не даёт): {', '.join(back)}"] if back else []


def _changed_lines(row: DayRow, announced: list[str], changed: "_Changed") -> list[str]:
    """The host's lines about the letters that announced the open day's event (``announced``:
    the line of those already sent with another event) and the «событие изменено» notices."""
    lines = list(announced)
    if changed.queued:
        tail = f"живым игрокам поставлено в очередь письмо о новом событии: {changed.queued}"
        if lines:
            lines[0] = f"{lines[0]}; {tail}"
        else:
            lines.append(f"игрокам уже сообщено другое событие дня {row.day}; {tail}")
    if changed.kept:
        lines.append(f"письмо о новом событии дня {row.day} уже в очереди (не отправлено): {changed.kept}")
    if changed.dropped:
        lines.append(f"неотправленные письма о смене события дня {row.day} сняты с очереди: "
                     f"{changed.dropped} (игрокам уже сообщено это событие)")
    return lines


def _votes_too_many(s: Session, store: Store, row: DayRow) -> list[str]:
    """A line for the host naming the players whose applied letters of ``row``'s day give more
    lynch votes than the new event allows (DECISIONS.md §6: two votes only under «Ярость» and
    «Голос»): close-day refuses such a vote, so they must send it again."""
    from engine.lynch import votes_per_player

    per = votes_per_player(row.event)
    over = sorted({letter.nick for letter in store.letters(s, day=row.day)
                   if letter.state == LetterState.APPLIED and letter.nick
                   and any(m.get("action") == "vote" and len(m.get("targets") or [m.get("target")]) > per
                           for m in loads(letter.moves_json) or [])})
    if not over:
        return []
    return [f"с новым событием у каждого один голос, а голоса за двоих уже прислали: {', '.join(over)}; "
            "close-day их не засчитает — попросите этих игроков прислать один голос заново"]


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
    sent = _rewrite_unsent(s, ((f"result:{prev.day}.{prev.revision}:{nick}", lambda b=body: b)
                               for nick, _subject, body
                               in renderer.result_letters(result=result, row=prev, state_before=state,
                                                          next_row=row, paper=paper)))
    if not sent:
        return []
    return [f"итоги дня {prev.day}: с прежним событием дня {row.day} уже отправлено писем: {sent}"]


def _rewrite_unsent(s: Session, letters) -> int:
    """Put each new body of ``letters`` (pairs of an outgoing letter's ``ref`` and a callable
    rendering its body again, called only when the letter exists) into that letter while it
    is unsent. Returns how many differing letters were already sent (and so left as they
    are); refs with no letter are skipped."""
    sent = 0
    for ref, render in letters:
        out = s.exec(select(Outgoing).where(Outgoing.ref == ref)).first()
        if out is None:
            continue
        body = render()
        if out.body == body:
            continue
        if out.state in UNSENT:
            out.body = body
            s.add(out)
        else:
            sent += 1
    return sent


def _roles_again(cfg: GameConfig, s: Session, row: DayRow, state: GameState, renderer) -> list[str]:
    """The role letters name day 1's event: after ``open-day --event`` on day 1 the unsent ones
    are rendered again. Returns a line for the role letters already sent with the old event."""
    sent = _rewrite_unsent(s, ((f"role:{p.nick}", functools.partial(
        renderer.role_letter, nick=p.nick, state=state, day_row=row, code=p.code))
        for p in cfg.players))
    if not sent:
        return []
    return [f"письма с ролями, где названо прежнее событие дня {row.day}, уже отправлены: {sent}"]


#: The ref prefix of the notices that the open day's event changed:
#: ``event-changed:<day>[.<n>]:<told>:<new>:<nick>`` (``.<n>``: a later notice of the same change).
_CHANGED = "event-changed:"


@dataclass
class _Changed:
    """What :func:`_tell_event_changed` did: notices queued, unsent ones kept as they are,
    unsent ones taken off the queue."""

    queued: int = 0
    kept: int = 0
    dropped: int = 0


def _told_event(ref: str, which: int) -> str | None:
    """From a notice's ref, the event the players had been told (``which`` 2) or the one it
    tells (3)."""
    parts = ref.split(":", 4)
    return parts[which] if len(parts) == 5 else None


def _tell_event_changed(cfg: GameConfig, s: Session, row: DayRow, state: GameState, old_event: str,
                        renderer, now: datetime, announcement, read_again: set[str] = frozenset()) -> _Changed:
    """Make every living player's letters tell the open day's current event, whatever
    ``open-day --event`` ran before (safe to repeat). Per player, the event he was last told:
    the one his latest sent «событие изменено» notice names; else the one an unsent notice
    says he was told; else, when his letter announcing the event (ref ``announcement(nick)``:
    the result letter of the day before, or the role letter on day 1) was sent, ``old_event``
    (the day's event until now: an announcement is rendered again while unsent). When that
    differs from the current event, one notice (told → current) is queued or kept; every other
    unsent notice of the day is taken off the queue. ``read_again``: the players whose letters
    of the day the new event reads otherwise (read again, a new reply each): their notice
    points to that reply instead of saying that their moves stand."""
    from engine.lynch import votes_per_player

    done = _Changed()
    # who sent moves of the day already (told they stand; the others, when to send them)
    moved = set(s.exec(select(Letter.nick).where(Letter.day == row.day,
                                                 Letter.state == LetterState.APPLIED.value)))
    for nick in state.alive():
        notices = list(s.exec(select(Outgoing).where(
            Outgoing.day == row.day, Outgoing.kind == "event", Outgoing.to_nick == nick,
            Outgoing.ref.startswith(_CHANGED)).order_by(Outgoing.id)))
        sent = [o for o in notices if o.state in MAYBE_SENT]
        unsent = [o for o in notices if o.state in UNSENT]
        if sent:
            told = _told_event(sent[-1].ref, 3)
        elif unsent:
            told = _told_event(unsent[0].ref, 2)
        else:
            letter = s.exec(select(Outgoing).where(Outgoing.ref == announcement(nick))).first()
            told = old_event if letter is not None and letter.state in MAYBE_SENT else None
        want = told is not None and told != row.event
        kept = None
        for out in unsent:
            if want and kept is None and (_told_event(out.ref, 2), _told_event(out.ref, 3)) == (told, row.event):
                kept = out
            else:
                drop_unsent(s, out, f"событие дня {row.day} снова изменено: " + (
                    "в очереди письмо о нынешнем событии" if want else "игроку уже сообщено нынешнее событие"))
                if not want:
                    done.dropped += 1
        s.flush()
        if not want:
            continue
        body = renderer.render("event_changed.txt.j2", nick=nick, day=row, old_event=told,
                               deadline=utc(row.deadline), moved=nick in moved, read_again=nick in read_again,
                               fewer_votes=votes_per_player(row.event) < votes_per_player(told))
        if kept is not None:
            kept.body = body
            s.add(kept)
            done.kept += 1
            continue
        ref = f"{_CHANGED}{row.day}:{told}:{row.event}:{nick}"
        n = 1
        while s.exec(select(Outgoing.id).where(Outgoing.ref == ref)).first() is not None:
            n += 1
            ref = f"{_CHANGED}{row.day}.{n}:{told}:{row.event}:{nick}"
        queue(s, cfg, ref=ref, kind="event", day=row.day, to_addr=address_of(cfg, nick), to_nick=nick,
              subject=cfg.subject(f"событие дня {row.day} изменено"), body=body, now=now)
        done.queued += 1
    return done


def letters_numbered(ids) -> str:
    """«письмо 33», «письма 33, 34»: letters named by their numbers (``inbox``, ``show``), so
    that a number never reads as a count."""
    ids = [str(i) for i in ids]
    return f"{'письмо' if len(ids) == 1 else 'письма'} {', '.join(ids)}"


def event_id(text: str) -> str:
    """The event id (engine.model.EVENTS) for an id or the event's Russian name, any case,
    with or without «» («полнолуние», «Выбери меня!», ``full_moon``), or a beginning of the
    name or id of one event only («Пальм», «пальмы» for «Пальмы цветут»; ё = е).

    Raises:
        GameError: no such event (the message lists them, name and id).
    """
    from engine.model import EVENTS
    from engine.reasons import EVENTS_RU

    from ..words import code_for

    event = code_for(text, {e: EVENTS_RU.get(e, e) for e in EVENTS})
    if event is not None:
        return event
    # a beginning of one event's name or id only («Пальм», «пальмы» for «Пальмы цветут»)
    typed = " ".join(text.strip().strip("«»\"'").lower().replace("ё", "е").split())
    if typed:
        starts = {e for e in EVENTS
                  if any(w.lower().replace("ё", "е").startswith(typed) for w in (EVENTS_RU.get(e, e), e))}
        if len(starts) == 1:
            return next(iter(starts))
    known = ", ".join(f"«{EVENTS_RU.get(e, e)}» ({e})" for e in EVENTS)
    raise GameError(f"нет такого события «{text}»; есть: {known}")


def init_game(cfg: GameConfig, store: Store, *, now: datetime, event: str | None = None) -> GameState:
    """Create the game: deal roles, open day 1, queue a role letter to each player.

    ``event`` sets day 1's event instead of the seeded draw (see :func:`event_id`).

    Raises:
        GameError: the database already holds a game, or no such event.
    """
    from ..render import Renderer

    if event is not None:
        event = event_id(event)

    renderer = Renderer(cfg)
    with store.session() as s:
        if s.get(Game, 1) is not None:
            raise GameError(f"игра уже создана в этой базе ({database_name(cfg.database_url)}); начать заново "
                            "можно с новой базой: другое имя в [game] database или удалите этот файл")
        roles = deal_roles(cfg)
        state = GameState.new(cfg.seed, roles, cfg.rules)
        game = Game(name=cfg.name, seed=cfg.seed, timezone=cfg.timezone, start=to_db(cfg.start),
                    roles_json=dumps(roles), state_json="{}", key=new_game_key())
        s.add(game)
        s.flush()  # the key is read by every letter queued from here on
        row = open_game_day(cfg, s, state, 1, now, renderer, event, announce=False)
        game.state_json = dumps(state.to_json())
        s.add(game)
        for p in cfg.players:
            queue(s, cfg, ref=f"role:{p.nick}", kind="role", to_addr=p.emails[0], to_nick=p.nick,
                  subject=cfg.subject("ваша роль"),
                  body=renderer.role_letter(nick=p.nick, state=state, day_row=row, code=p.code),
                  now=now)
        # the day's event letters (the mortar's holder, the immune player) after the roles:
        # a player reads what he is before what he got today
        _queue_event_letters(cfg, s, row, state, renderer, now)
    return state


def new_game_key() -> str:
    """A new database's :attr:`mailer.store.Game.key`: 16 random hex digits."""
    return secrets.token_hex(8)


def database_name(url: str) -> str:
    """The database as the host knows it: the SQLite file's path, or the URL without its
    password (:func:`mailer.store.shown_url`)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.drivername.startswith("sqlite"):
        return parsed.database or url
    return shown_url(url)
