"""The open game day as every host command reads it: the game's state, the day's row, the
day as a game-file turn (SCENARIOS.md), and the lock that keeps ``sync`` out while a command
changes the day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, select

from engine.gamefile import GameFile, LetterSpec, TurnSpec
from engine.model import TurnInfo, asked_problems
from engine.state import GameState

from ..config import GameConfig
from ..letter_state import DAY_LETTER_STATES
from ..store import DayInput, DayRow, Game, Letter, Store, loads, utc


class GameError(Exception):
    """A host command that cannot be done now; the message (Russian) says why and what to do."""


def one_at_a_time(fn):
    """Run a command that changes the day under the game's ``sync`` lock (mailer.runlock): a
    sync never runs during close-day, reopen-day or open-day. Raises GameError when busy."""
    import functools

    from ..runlock import AlreadyRunning, exclusive

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


def day_info(row: DayRow) -> TurnInfo:
    """The stored day ``row`` as the engine's :class:`engine.model.TurnInfo` (event, its
    draws, the «Страх» choice)."""
    return TurnInfo(day=row.day, event=row.event, immune=row.immune, mortar=row.mortar,
                    fear_chosen=row.fear_chosen)


def with_partner(info: TurnInfo, immune_standing: list) -> TurnInfo:
    """``info`` with the partner the immune player has named under «Выбери меня!»
    (DECISIONS.md §6): the target of his standing ``partner`` move (``immune_standing``: the
    :class:`engine.model.Move` list that stands after his applied letters, as
    :func:`engine.legality.standing_moves` gives it). A vote for the partner is then refused
    as close-day refuses it (``target_immune``) — in the reply to a later letter and in the
    thread's tally — not promised and dropped. ``info`` itself when the day has no such
    event, the partner is known already or none is named."""
    from dataclasses import replace

    from engine.legality import named_partner

    if info.event != "choose_me" or not info.immune or info.partner:
        return info
    named = named_partner(immune_standing)
    return replace(info, partner=named) if named else info


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
    return Context(day=row.day, row=row, state=load_state(game), info=day_info(row))


def address_of(cfg: GameConfig, nick: str) -> str:
    """The address letters to player ``nick`` go to (his first in the config); StopIteration
    for a nick not in the config."""
    return next(p.emails[0] for p in cfg.players if p.nick == nick)


def imported_votes(letters: list[Letter], inputs: list[DayInput]) -> dict[str, list[str]]:
    """Imported votes that stand: imported and letter votes merge by the latest time (issue 5),
    so an import older than the voter's latest letter vote (or letter taking it back,
    «Снимаю голос.») is dropped (the resolver lets the imported votes given to it override
    letter votes)."""
    from ..forum.close import letter_vote_times

    latest = letter_vote_times(letters)
    return {i.nick: loads(i.value_json) for i in inputs
            if i.kind == "vote" and not (i.nick in latest and latest[i.nick] > utc(i.at))}


def _imported_sources(s: Session, letters: list[Letter], inputs: list[DayInput],
                      hosted: dict[str, list[str]], told: list[str] | None,
                      sources: dict[str, dict] | None) -> None:
    """Enter the host's imported votes (``votes import``) into ``sources``
    (:func:`mailer.forum.close.vote_source`), counted (in ``hosted``, :func:`imported_votes`)
    or replaced by a later letter vote; the replaced ones are told in ``told`` (a later letter
    used to override an imported vote without a word)."""
    from engine.words import inflect

    from ..forum.close import _short_time, latest_vote_letters, letter_vote_told, vote_source

    zone = s.get(Game, 1).timezone
    lost = {x.nick for x in inputs if x.kind == "lost_vote"}
    later = []
    for i in inputs:
        if i.kind != "vote":
            continue
        replaced = None if i.nick in hosted else "letter"
        vote_source(sources, letters, i.nick, "host", loads(i.value_json),
                    f"votes import {_short_time(i.at, zone)}", replaced, zone)
        if replaced and i.nick not in lost:
            later.append(i)
    if later and told is not None:
        latest = latest_vote_letters(letters)
        told.append("голос, загруженный ведущим (votes import), заменён более поздним голосом из письма: "
                    + "; ".join(f"{i.nick} — за {', '.join(inflect(v, 'accs') for v in loads(i.value_json))} "
                                f"(загружен {_short_time(i.at, zone)}) → {letter_vote_told(latest[i.nick], zone)}"
                                for i in later))


def day_spec(s: Session, store: Store, row: DayRow, told: list[str] | None = None, *,
             closing: datetime | None = None, sources: dict[str, dict] | None = None) -> TurnSpec:
    """The open day as a game-file turn (SCENARIOS.md): its letters as the parser read them
    (body, receipt time, Message-ID), host inputs and event inputs. Close-day and ``export``
    both use it, and the resolver gets it through :func:`engine.replay.build_turn`, so a live
    day and its replay take the same code path. ``told`` collects the host's lines of what
    was taken from the forum thread (:func:`mailer.forum.close.merge_thread`); ``closing``:
    close-day closes the day at that moment, so the thread is read up to it. ``sources``
    collects the day's votes no letter carried (the host's ``votes import``, the thread's
    posts), counted or not and what replaced them (:func:`mailer.forum.close.vote_source`):
    ``explain`` names where each vote came from; an imported vote a later letter replaced is
    told in ``told`` too."""
    letters = [l for l in store.letters(s, day=row.day)
               if l.nick and l.state in DAY_LETTER_STATES]
    inputs = list(s.exec(select(DayInput).where(DayInput.day == row.day).order_by(DayInput.id)))
    from ..forum.close import merge_thread  # the day's forum thread (FORUM.md)

    frozen = loads(row.figures_json) if row.status == "closed" and row.figures_json else None
    if frozen is not None:  # a closed day: the figures close-day used, not a later thread's
        votes, words = frozen["votes"], frozen["words"]
    else:
        hosted = imported_votes(letters, inputs)
        _imported_sources(s, letters, inputs, hosted, told, sources)
        votes, words = merge_thread(s, row, letters, inputs, hosted,
                                    {i.nick: loads(i.value_json) for i in inputs if i.kind == "words"},
                                    told, closing=closing, sources=sources)
    return TurnSpec(
        event=row.event, deadline=utc(row.deadline),
        letters=[LetterSpec(l.nick, utc(l.received), l.body, l.message_id,
                            asked=asked_problems(loads(l.asked_json))) for l in letters],
        votes=votes, words=words,
        lost_vote=[i.nick for i in inputs if i.kind == "lost_vote"],
        fear_choice=row.fear_choice, immune=row.immune, mortar=row.mortar,
    )


def game_file(cfg: GameConfig, roles: dict[str, str]) -> GameFile:
    """The config as the engine's game description (no turns)."""
    return GameFile(title=cfg.name, seed=cfg.seed, timezone=cfg.timezone, start=cfg.start,
                    rules=cfg.rules, roles=roles, turns=[])
