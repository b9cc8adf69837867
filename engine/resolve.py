"""The resolver: one game turn, steps 1–11 of DECISIONS.md §2, as a pure function.

``resolve_turn(state, turn)`` never mutates ``state``; it returns a :class:`TurnResult` with
the new state, and for every submitted move its outcome and reason (the why-trace).

The psycho's victim dies at step 1 unless the doctor heals him at step 7 of the same turn;
the heal itself may hang on the victim's own moves (he may be the thief who robs the doctor,
or the doctor healing himself). The resolver settles this with up to three passes: first
everyone doomed is assumed alive; then the unhealed ones die at step 1 (their moves void);
if the heals still disagree with the assumption, the players in doubt are saved but their
own moves stay void (they were sick).

Readings fixed here where DECISIONS.md leaves a gap:

- Outcomes: ``void`` when the actor is gone before the move's step (``lynched``,
  ``autokilled``, ``doomed``, ``dead``), stolen (``swindled``), replaced (``superseded``,
  ``cancelled``, ``host_vote``, ``member_moved``, ``delegated``) or outranked
  (``overruled``); ``refused`` when a rule forbids it outright; ``failed`` when tried.
- Host votes (``TurnInput.votes``) override the same voter's letter votes. A player without
  any on-time vote gets an autokill point unless the host stripped him of his vote.
- The clan-kill order is not a role move: the orderer's statuses do not block it.
- The mortar is not a role move: ``robbed`` does not block it, beaten or away does.
- Psycho/hostess precedence is decided at step 4 between the invitations that will take
  place (sender alive and not robbed; the hostess and her guest not beaten by the thug at
  step 5, a thug the psycho invites counting as kept); a hostess at the psycho's still
  invites (her guest is doomed too) unless she invited the psycho himself and lost.
- The witness sees every counted hunt shot (an attempt), even below the threshold.
- A guest of a killed host is attacked by the host's killers (for the witness).
- When both clans would win at once the game goes on.
"""

from __future__ import annotations

from .acts import Act
from .aftermath import deaths_of, next_state
from .board import HUNT_STEPS, Board
from .collect import collect_acts
from .draw import draw
from .lynch import appeal_allowed, autokill_of_day, autokill_points, autokill_reasons, tally
from .model import EVENTS
from .state import GameState
from .steps_info import step_info
from .steps_kill import step_clan_kills, step_hunt, step_maniac, step_mortar
from .steps_night import (
    step_doctor, step_guard, step_hostess, step_psycho, step_rob, step_swindle, step_thug,
)
from .turn_types import (
    Activation, DayOpening, Death, Info, MoveOutcome, Tally, TurnInput, TurnResult,
)

__all__ = [
    "Activation", "DayOpening", "Death", "Info", "MoveOutcome", "Tally", "TurnInput",
    "TurnResult", "open_day", "lynch_tally", "resolve_turn", "STATUS_WORDS",
]

#: Status words of the JSON ``statuses`` (SCENARIOS.md).
STATUS_WORDS = ("robbed", "beaten", "hosted", "at_psycho", "doomed", "healed", "guarded")

#: Events a day can draw (DECISIONS.md §6): every event but "none".
DRAWN_EVENTS: tuple[str, ...] = tuple(e for e in EVENTS if e != "none")


def open_day(state: GameState, day: int, event: str | None = None) -> DayOpening:
    """The seeded openings of ``day`` (DECISIONS.md §6, §10).

    ``event`` None: drawn by ``f"day{day}.event"`` from the 11 events; «Апелёвка» on day 1 or
    after a day without a lynch is redrawn by ``f"day{day}.event.redraw"`` among the others.
    «Выбери меня!»: the immune player from the living (``f"day{day}.immune"``). «Праздник»: the
    mortar holder from the living plain civilians, the inactive son included (he is told he
    is a plain civilian) (``f"day{day}.mortar"``); None if there is none.

    Raises:
        ValueError: ``event`` is not an event id.
    """
    draws: list[tuple[str, str]] = []
    if event is None:
        event = draw(state.seed, f"day{day}.event", DRAWN_EVENTS)
        draws.append((f"day{day}.event", event))
        if event == "appeal" and appeal_allowed(state, day) is None:
            others = tuple(e for e in DRAWN_EVENTS if e != "appeal")
            event = draw(state.seed, f"day{day}.event.redraw", others)
            draws.append((f"day{day}.event.redraw", event))
    if event not in EVENTS:
        raise ValueError(f"неизвестное событие «{event}»")
    immune = mortar = None
    alive = state.alive()
    if event == "choose_me" and alive:
        immune = draw(state.seed, f"day{day}.immune", alive)
        draws.append((f"day{day}.immune", immune))
    if event == "holiday":
        plain = [n for n in alive if state.players[n].role in ("civilian", "son")
                 and not state.players[n].is_mafia]
        if plain:
            mortar = draw(state.seed, f"day{day}.mortar", plain)
            draws.append((f"day{day}.mortar", mortar))
    return DayOpening(day, event, immune, mortar, tuple(draws))


def lynch_tally(state: GameState, turn: TurnInput) -> Tally:
    """The lynch count of ``turn`` (DECISIONS.md §6), without resolving the night. Under
    «Страх» ``fear_chosen`` is the player the host must ask for the victim."""
    return tally(state, turn, collect_acts(state, turn))


def resolve_turn(state: GameState, turn: TurnInput) -> TurnResult:
    """Resolve one turn (DECISIONS.md §2–§9). Pure: ``state`` is not changed.

    Raises:
        ValueError: ``turn.day`` is not ``state.day`` or the game is already won.
    """
    if turn.day != state.day:
        raise ValueError(f"ожидался день {state.day}, а не {turn.day}")
    if state.winner:
        raise ValueError("игра уже окончена")
    acts = collect_acts(state, turn)
    t = tally(state, turn, acts)
    reasons = autokill_reasons(state, turn, acts)
    points = autokill_points(state, reasons)
    step1 = _step1_deaths(state, t, points)
    doomed = [n for n in state.alive()
              if state.players[n].doomed_day == turn.day and n not in step1]
    board = _settle(state, turn, acts, step1, doomed)
    reasons, points = autokill_of_day(reasons, points, {n: c for n, (_, c) in board.died.items()})
    result = _result(board, t, points)
    result.autokill = reasons
    return result


def _step1_deaths(state: GameState, t: Tally, points: dict[str, int]) -> dict[str, str]:
    out = {n: "lynch" for n in t.lynched}
    for nick, pts in points.items():
        if pts >= state.rules.autokill_points and nick not in out:
            out[nick] = "autokill"
    return out


def _settle(state: GameState, turn: TurnInput, acts: list[Act], step1: dict[str, str],
            doomed: list[str]) -> Board:
    """Find who of the ``doomed`` dies at step 1: a pass where the heals confirm exactly the
    assumed deaths. Start with everyone alive; then with the unhealed dead. If that flips
    again (a paradox: the victim's own move decides the heal), the flipping players are
    saved with their own moves void."""
    everyone = set(doomed)

    def unhealed(board: Board) -> set[str]:
        return everyone - board.heal_saves

    first = _run(state, turn, acts, step1, set(), set())
    dying = unhealed(first)
    if not dying:
        return first
    second = _run(state, turn, acts, step1, dying, set())
    again = unhealed(second)
    if again == dying:
        return second
    return _run(state, turn, acts, step1, dying & again, dying - again)


def _run(state: GameState, turn: TurnInput, acts: list[Act], step1: dict[str, str],
         dying: set[str], inactive: set[str]) -> Board:
    b = Board(state, turn, [a.copy() for a in acts], frozenset(inactive))
    order = list(state.players)
    for nick in sorted(step1, key=order.index):
        b.die(nick, 1, step1[nick])
    for nick in sorted(dying, key=order.index):
        b.die(nick, 1, "psycho")
    for p in state.players.values():
        if p.alive and p.doomed_day == turn.day and p.doomed_by:
            b.note_attack(p.nick, [p.doomed_by])
    step_rob(b)
    step_swindle(b)
    step_psycho(b)
    step_thug(b)
    step_hostess(b)
    step_doctor(b, frozenset(dying))
    step_guard(b)
    hunt_at = HUNT_STEPS.get(state.rules.hunt_step, HUNT_STEPS["after_clan_kills"])
    _night_kills(b, hunt_at)
    step_info(b)
    for act in b.acts:
        act.set("void", "superseded")
    return b


def _night_kills(b: Board, hunt_at: float) -> None:
    if hunt_at < 8.5:
        step_hunt(b, hunt_at)
    step_mortar(b)
    if 8.5 <= hunt_at < 9:
        step_hunt(b, hunt_at)
    step_clan_kills(b)
    if 9 <= hunt_at < 10:
        step_hunt(b, hunt_at)
    step_maniac(b)
    if hunt_at >= 10:
        step_hunt(b, hunt_at)


def _statuses(b: Board) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for nick in b.state.players:
        words = set(b.statuses.get(nick, ()))
        if nick in b.healed or nick in b.heal_saves:
            words.add("healed")
        if nick in b.guarded:
            words.add("guarded")
        if words:
            out[nick] = sorted(words)
    return out


def _result(b: Board, t: Tally, points: dict[str, int]) -> TurnResult:
    draws = list(b.turn.draws) + list(t.draws) + _unique(b.draws)
    deaths = deaths_of(b, hidden=b.turn.event == "eclipse")
    new_state, activations = next_state(b, t, deaths, points, draws)
    acts = sorted(b.acts, key=lambda a: a.order)
    lynched = [d.player for d in deaths if d.cause == "lynch"]
    return TurnResult(
        day=b.day, event=b.turn.event, lynched=lynched, deaths=deaths,
        statuses=_statuses(b), info=list(b.info), moves=[a.to_outcome() for a in acts],
        tally=t, draws=draws, activations=activations, winner=new_state.winner,
        new_state=new_state, revealed_roles=list(b.state.hidden_roles),
        lost_vote=tuple(n for n in b.turn.lost_vote if n in b.state.players),
    )


def _unique(draws: list[tuple[str, str]]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for d in draws:
        if d not in out:
            out.append(d)
    return out
