"""Replay of a game file through the live code path: letters are parsed by
``engine.parse.parse_letter``, stamped against the day's deadline, then resolved
(SCENARIOS.md «mafia-mail replay», «mafia-mail parse»)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from typing import Any

from .calendar import day_of, day_window, format_local, on_time, parse_local
from .gamefile import EXPECT_KEYS, GameFile, GameFileError, TurnSpec
from .legality import screen_letter, standing_actions, standing_moves
from .parse_earlier import corrected_earlier
from .model import Move, ParseResult, Problem, ProblemKind, Submission, TurnInfo
from .resolve import lynch_tally, open_day, resolve_turn
from .explain import EVENTS_RU, cause_ru, result_ru
from .reasons import STATUSES_RU
from .roles import ROLE_NAMES_RU, typed_nick
from .state import GameState
from .turn_types import TurnInput, TurnResult

#: Parser problems that are moves refused outright (listed in the turn's ``moves``).
REFUSED_KINDS = (ProblemKind.NOT_ALLOWED, ProblemKind.NOT_YOUR_ROLE)

WINNERS_RU = {"civilians": "мирные", "clan1": "Клан 1", "clan2": "Клан 2"}


@dataclass
class ReplayedTurn:
    """One resolved day of a replay: the state before it, its input and result."""

    state_before: GameState
    turn: TurnInput
    result: TurnResult


def _parser():
    from .parse import parse_letter  # written in parallel; imported lazily

    return parse_letter


def new_state(game: GameFile) -> GameState:
    """The state of ``game`` before day 1."""
    return GameState.new(game.seed, game.roles, game.rules)


def build_turn(game: GameFile, state: GameState, day: int, spec: TurnSpec) -> TurnInput:
    """The resolver's input for ``day`` of ``game``: the opening draws, the deadline, every
    letter parsed (late ones too: the resolver refuses them) and the structured moves."""
    opening = open_day(state, day, spec.event)
    start, end = day_window(game.start, game.timezone, day, game.rules.weekend_merge)
    turn = TurnInput(
        day=day, event=opening.event, deadline=spec.deadline or end,
        votes=dict(spec.votes), words=dict(spec.words), lost_vote=list(spec.lost_vote),
        fear_choice=spec.fear_choice, immune=spec.immune or opening.immune,
        partner=spec.partner, mortar=spec.mortar or opening.mortar, draws=list(opening.draws),
    )
    _fill(turn, state, spec, start, None)
    if turn.event == "fear":
        chosen = lynch_tally(state, turn).fear_chosen
        _fill(turn, state, spec, start, chosen)
    return turn


def _turn_info(turn: TurnInput, fear_chosen: str | None) -> TurnInfo:
    return TurnInfo(day=turn.day, event=turn.event, immune=turn.immune, mortar=turn.mortar,
                    fear_chosen=fear_chosen)


def _fill(turn: TurnInput, state: GameState, spec: TurnSpec, start: datetime,
          fear_chosen: str | None) -> None:
    turn.submissions, turn.cancels, turn.refused, turn.unvotes = [], [], [], []
    info = _turn_info(turn, fear_chosen)
    # the «Страх» choice is asked for after the tally (DECISIONS.md §6.1): a letter of the day
    # is read as its reply read it, without the chosen player (what the reply promised)
    day_info = _turn_info(turn, None)
    seq = 0
    # each sender's earlier letters of the day, in arrival order, as the reply saw them
    order = sorted(range(len(spec.letters)), key=lambda k: (spec.letters[k].at or start, k))
    earlier: dict[int, list[tuple]] = {}
    seen: dict[str, list[tuple]] = {}
    for k in order:
        letter = spec.letters[k]
        earlier[k] = list(seen.get(letter.sender, ()))
        seen.setdefault(letter.sender, []).append(k)
    parsed_at: dict[int, ParseResult] = {}
    for k in order:
        letter = spec.letters[k]
        standing = standing_actions((parsed_at[j].moves, parsed_at[j].cancel or parsed_at[j].skip,
                                     parsed_at[j].unvote) for j in earlier[k])
        read = info if fear_chosen and turn.deadline and not on_time(letter.at or start, turn.deadline) \
            else day_info
        parsed = _parser()(letter.text, letter.sender, state, read)
        if letter.asked and not (parsed.moves or parsed.skip or parsed.cancel or parsed.unvote):
            # «Кира, конечно»: the answer to the reply's question, as the live reply read it
            from .parse_answer import read_answer

            answer = read_answer(letter.text, letter.sender, state, read, list(letter.asked))
            if answer is None:  # a reply to the question itself, read against its choices
                from .answer_reply import read_reply_answer

                answer = read_reply_answer(letter.text, letter.sender, state, read, list(letter.asked)).result
            parsed = answer or parsed
        if earlier[k] and not (parsed.moves or parsed.skip or parsed.cancel or parsed.unvote):
            # «Ой, ошибся: не Лисичку, а Бублика»: the target of an earlier letter's move corrected
            before = standing_moves((parsed_at[j].moves, parsed_at[j].cancel or parsed_at[j].skip,
                                     parsed_at[j].unvote) for j in earlier[k])
            parsed = corrected_earlier(letter.text, letter.sender, state, read, before, parsed) or parsed
        parsed_at[k] = screen_letter(parsed, letter.sender, state, read, standing)
    for k, letter in enumerate(spec.letters):
        at = letter.at or start
        parsed = parsed_at[k]
        if parsed.cancel or parsed.skip:  # as the live path does (mailer.day)
            turn.cancels.append((letter.sender, at, seq))
        letter_id = letter.letter_id or f"turn{turn.day}.letter{k}"
        if parsed.unvote:  # «Снимаю голос.»: the earlier letters' vote taken back
            turn.unvotes.append((letter.sender, at, seq, parsed.unvote, letter_id))
        for move in parsed.moves:
            turn.submissions.append(Submission(letter.sender, move, at, seq, letter_id))
            seq += 1
        for p in parsed.problems:
            if p.action and p.kind in REFUSED_KINDS:
                move = Move(p.action, p.target)
                turn.refused.append((Submission(letter.sender, move, at, seq, letter_id),
                                     p.reason or p.kind))
                seq += 1
        seq += 1
    for k, ms in enumerate(spec.moves):
        turn.submissions.append(Submission(ms.by, ms.move, ms.at or start, seq, f"turn{turn.day}.move{k}"))
        seq += 1


def replay_turns(game: GameFile, upto: int | None = None) -> list[ReplayedTurn]:
    """Resolve the game's days in order (at most ``upto``), stopping at a winner."""
    state = new_state(game)
    out: list[ReplayedTurn] = []
    for day, spec in enumerate(game.turns, start=1):
        if state.winner or (upto is not None and day > upto):
            break
        turn = build_turn(game, state, day, spec)
        result = resolve_turn(state, turn)
        out.append(ReplayedTurn(state, turn, result))
        state = result.new_state
    return out


def replay_game(game: GameFile) -> dict[str, Any]:
    """``{"turns": [...], "winner": ...}`` exactly as SCENARIOS.md «mafia-mail replay»."""
    turns = replay_turns(game)
    winner = turns[-1].result.winner if turns else None
    return {"turns": [t.result.to_json() for t in turns], "winner": winner}


def parse_in_game(game: GameFile, sender: str, text: str, at: str | None,
                  day: int | None) -> ParseResult:
    """Parse one letter as it would be parsed on day ``day`` of ``game`` (state after days
    1..day-1 of the file). ``at``: local receipt time ``"YYYY-MM-DD HH:MM"``; ``day`` default:
    the day holding ``at`` (a letter within the deadline minute of a day's end belongs to
    that day), else 1. A letter received after that day's deadline applies
    nothing: no moves and one problem of kind ``late`` (text: the letter's first line).

    Raises:
        GameFileError: unknown sender, malformed ``at``, ``day < 1``.
    """
    nick = typed_nick(sender, game.roles)
    if nick is None:
        raise GameFileError(f"--from: неизвестный игрок «{sender}»; игроки этой игры: "
                            + ", ".join(sorted(game.roles, key=str.casefold)))
    sender = nick
    try:
        at_dt = parse_local(at, game.timezone) if at else None
    except ValueError as exc:
        raise GameFileError(f"--at: {exc}") from exc
    if day is None and at_dt is not None:
        # the deadline minute still belongs to the closing day (DECISIONS.md §8)
        day = day_of(at_dt - timedelta(minutes=1), game.start, game.timezone,
                     game.rules.weekend_merge)
    day = day or 1
    if day < 1:
        raise GameFileError("--day: номер дня должен быть не меньше 1")
    done = replay_turns(game, upto=day - 1)
    state = done[-1].result.new_state if done else new_state(game)
    if state.day != day:  # the file stops earlier (or the game ended): keep the last state
        state = state.copy()
        state.day = day
    spec = game.turns[day - 1] if day <= len(game.turns) else TurnSpec()
    turn = build_turn(game, state, day, spec)
    if at_dt is not None and turn.deadline is not None and not on_time(at_dt, turn.deadline):
        first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
        return ParseResult(moves=(), problems=(Problem(text=first, kind=ProblemKind.LATE, reason="late"),))
    fear = lynch_tally(state, turn).fear_chosen if turn.event == "fear" else None
    info = _turn_info(turn, fear)
    if turn.event == "choose_me" and turn.immune:  # the pair is immune (DECISIONS.md §6, event 4)
        info = replace(info, partner=_partner_before(turn, spec, state, info, at_dt))
    # the sender's letters of that day received before this one stand as the reply saw them
    earlier = sorted((l.at, k) for k, l in enumerate(spec.letters)
                     if at_dt is not None and l.sender == sender and l.at is not None and l.at < at_dt)
    seen: list[tuple] = []
    for _, k in earlier:
        r = screen_letter(_parser()(spec.letters[k].text, sender, state, info), sender, state, info,
                          standing_actions(seen))
        seen.append((r.moves, r.cancel or r.skip, r.unvote))
    standing = standing_actions(seen)
    return screen_letter(_parser()(text, sender, state, info), sender, state, info, standing)


def _partner_before(turn: TurnInput, spec: TurnSpec, state: GameState, info: TurnInfo,
                    at_dt: datetime | None) -> str | None:
    """Under «Выбери меня!», the partner the immune player has named by the time ``at_dt``
    (aware; None: the letter's time is not given, so the day as it stands in the file): the
    turn's ``partner`` (the host's word, SCENARIOS.md) first, else the last ``partner`` of his
    structured ``moves`` (untimed, or timed before ``at_dt``) and of his letters received
    before ``at_dt``, read as his reply read them; None when he has named none."""
    if turn.partner:
        return turn.partner
    named: list[tuple[datetime, int, str]] = []
    for k, m in enumerate(spec.moves):
        if m.by == turn.immune and m.move.action == "partner" and m.move.target and \
                (m.at is None or at_dt is None or m.at < at_dt):
            named.append((m.at or datetime.min.replace(tzinfo=timezone.utc), k, m.move.target))
    seen: list[tuple] = []
    mine = sorted((l.at, k) for k, l in enumerate(spec.letters)
                  if l.sender == turn.immune and l.at is not None and (at_dt is None or l.at < at_dt))
    for at, k in mine:
        r = screen_letter(_parser()(spec.letters[k].text, turn.immune, state, info), turn.immune, state, info,
                          standing_actions(seen))
        seen.append((r.moves, r.cancel or r.skip, r.unvote))
        named += [(at, len(spec.moves) + k, m.target) for m in r.moves if m.action == "partner" and m.target]
    return max(named)[2] if named else None


# ---------------------------------------------------------------- expectations

def _as_list(value: Any) -> list:
    return [value] if isinstance(value, str) else list(value)


def _matches(expected: dict, actual: dict) -> bool:
    for key, value in expected.items():
        got = actual.get(key)
        if isinstance(value, list) and isinstance(got, list):
            if sorted(map(str, value)) != sorted(map(str, got)):
                return False
        elif got != value:
            return False
    return True


def _check_turn(day: int, exp: dict, turn: dict, alive: set[str], winner: str | None) -> list[str]:
    out = []
    dead = sorted({d["player"] for d in turn["deaths"]})

    def diff(key: str, want: Any, got: Any) -> None:
        if want != got:
            out.append(f"день {day}, {key}: ожидалось {want}, получилось {got}")

    for key in sorted(set(exp) - EXPECT_KEYS):
        out.append(f"день {day}: ключ expect.{key} не поддерживается")
    if "dead" in exp:
        diff("dead", sorted(set(_as_list(exp["dead"]))), dead)
    if "lynched" in exp:
        diff("lynched", sorted(set(_as_list(exp["lynched"]))), sorted(set(turn["lynched"])))
    if "alive" in exp:
        missing = [n for n in _as_list(exp["alive"]) if n not in alive]
        if missing:
            out.append(f"день {day}, alive: должны быть живы {missing}, но мертвы")
    if "event" in exp:
        diff("event", exp["event"], turn["event"])
    if "winner" in exp:
        diff("winner", None if exp["winner"] in ("none", "") else exp["winner"], winner)
    if "deaths" in exp:
        want = sorted((d.get("player"), d.get("cause")) for d in exp["deaths"])
        diff("deaths", want, sorted((d["player"], d["cause"]) for d in turn["deaths"]))
    for key in ("statuses", "info", "moves"):  # an empty table or list: there must be none
        if key in exp and not exp[key]:
            diff(key, exp[key], turn[key])
    for nick, words in exp.get("statuses", {}).items():
        diff(f"statuses[{nick}]", sorted(_as_list(words)), sorted(turn["statuses"].get(nick, [])))
    for key in ("info", "moves"):
        for entry in exp.get(key, []):
            if not any(_matches(entry, got) for got in turn[key]):
                out.append(f"день {day}, {key}: нет записи {entry}; есть {turn[key]}")
    return out


def check_expectations(game: GameFile, result: dict[str, Any]) -> list[str]:
    """Human-readable differences between the ``[turn.expect]`` tables and ``result`` (the
    JSON of :func:`replay_game`); empty when everything matches. ``dead``, ``lynched``,
    ``deaths``, ``event``, ``winner`` (after that turn) compare exactly; ``statuses`` per
    listed player; ``info`` and ``moves`` by subset (each expected entry must appear, its
    keys equal); an empty ``statuses``/``info``/``moves`` means there must be none;
    ``alive``: listed players are alive after the turn."""
    out: list[str] = []
    alive = set(game.roles)
    turns = result["turns"]
    for i, spec in enumerate(game.turns):
        if i < len(turns):
            alive -= {d["player"] for d in turns[i]["deaths"]}
        if not spec.expect:
            continue
        if i >= len(turns):
            out.append(f"день {i + 1}: не разыгран — игра окончилась раньше")
            continue
        winner = result["winner"] if i == len(turns) - 1 else None
        out += _check_turn(i + 1, spec.expect, turns[i], alive, winner)
    return out


# ---------------------------------------------------------------- text

def render_text(result: dict[str, Any]) -> str:
    """A Russian human-readable summary of :func:`replay_game`'s result."""
    from .reasons import ACTIONS_RU

    lines = []
    for t in result["turns"]:
        lines.append(f"День {t['day']} — событие: {EVENTS_RU.get(t['event'], t['event'])}")
        lynched = ", ".join(t["lynched"]) or "никто"
        lines.append(f"  Повешены: {lynched}")
        if t["deaths"]:  # as the newspaper says it: no gender needed («Покинули игру:»)
            lines.append("  Покинули игру:")
        for d in t["deaths"]:
            lines.append(f"    - {d['player']} — {cause_ru(d, t['statuses'])}")
        if not t["deaths"]:
            lines.append("  Никто не погиб")
        for nick, words in t["statuses"].items():
            lines.append(f"  {nick}: {', '.join(STATUSES_RU.get(w, w) for w in words)}")
        for i in t["info"]:
            what = ACTIONS_RU.get(i["action"], i["action"])
            lines.append(f"  {i['to']} ({what} → {i['target']}): {result_ru(i['result'])}")
    w = result.get("winner")
    lines.append(f"Победитель: {WINNERS_RU.get(w, w)}" if w else "Игра продолжается")
    return "\n".join(lines)


def role_name(role: str) -> str:
    """Russian name of a role string ``"clan1.boss"`` / ``"doctor"``."""
    base = role.split(".")[-1]
    return ROLE_NAMES_RU.get(base, base)


def local_time(game: GameFile, at: datetime) -> str:
    """``at`` in the game's local time, ``"YYYY-MM-DD HH:MM"``."""
    return format_local(at, game.timezone)
