"""How the letters name a player's move, in one wording for the reply that restates it
(DECISIONS.md §8) and the result letter that tells what became of it, and the order both
list moves in: the order of the steps (DECISIONS.md §2), night moves first, then the day's
vote. Pure: names and inflection only.
"""

from __future__ import annotations

from typing import Any, Iterable

from .board import (HUNT_STEPS, STEP_CLAN, STEP_DOCTOR, STEP_GUARD, STEP_HOSTESS, STEP_INFO,
                    STEP_MANIAC, STEP_MORTAR, STEP_PSYCHO, STEP_ROB, STEP_SWINDLE, STEP_THUG)
from .legality import ROLE_MOVES
from .model import Move
from .reasons import ACTIONS_RU, action_name
from .roles import ROLE_NAMES_RU
from .state import GameState
from .words import inflect

#: The role a fan searches for, in the genitive of «Поиск …» (DECISIONS.md §4 Fan: the
#: detective, or once he is dead the civilian role she names).
SEARCHED_RU: dict[str, str] = {
    "detective": "детектива", "doctor": "врача", "hostess": "стервы", "psycho": "шизика",
    "thug": "громилы", "swindler": "жулика", "witness": "свидетеля", "maniac": "маньяка",
}

#: Action → its step (DECISIONS.md §2); the hunt's is house rule ``hunt_step``, an invitation's
#: is the psycho's or the hostess's (:func:`move_step`).
ACTION_STEPS: dict[str, float] = {
    "rob": STEP_ROB, "swindle": STEP_SWINDLE, "beat": STEP_THUG, "heal": STEP_DOCTOR,
    "guard": STEP_GUARD, "mortar": STEP_MORTAR, "clan_kill": STEP_CLAN, "maniac_kill": STEP_MANIAC,
    "check": STEP_INFO, "boss_check": STEP_INFO, "search": STEP_INFO, "watch": STEP_INFO,
}

#: Moves of the day, listed after the night's (the lynch vote and the event's choices).
DAY_ACTIONS = ("fear_choice", "partner", "vote")


def _title(name: str) -> str:
    return name[:1].upper() + name[1:]


def move_title(action: str, role: str | None = None, *, targets: int = 1,
               search_role: str | None = None, member: str | None = None,
               member_role: str | None = None, inner: str | None = None, stolen: bool = False) -> str:
    """A move's name as a letter's line starts it, before «: цель» (capitalised): the reply and
    the result letter name a move alike. ``role``: the mover's, for a move his role names its
    own way (the psycho's «Приглашение к Шизику», :func:`engine.reasons.action_name`); ``targets``:
    how many players a vote names («Голоса на линче» for two); ``search_role``: the role a fan
    searches for («Поиск детектива»); a boss's move for a clan member (``on_behalf``) is the
    member's move (``inner``, else «Ход») «за» the ``member`` with his ``member_role``:
    «Охрана за Serginio (охранник)»; ``stolen``: the swindler makes it for ``role``
    («Приглашение к себе вместо Шизика»). An unknown action is «Ход»."""
    if action == "on_behalf" or member:
        name = action_name(inner, member_role) if inner in ACTIONS_RU else "ход"
        who = f" ({ROLE_NAMES_RU.get(member_role, member_role).lower()})" if member_role else ""
        return _title(f"{name} за {inflect(member or '', 'accs')}{who}")
    if action == "vote" and targets > 1:
        return "Голоса на линче"
    if action == "search":
        return f"Поиск {SEARCHED_RU.get(search_role or 'detective', 'роли')}"
    if action not in ACTIONS_RU:
        return "Ход"
    return _title(action_name(action, role, stolen=stolen))


def targets_text(targets: Iterable[str]) -> str:
    """The players a move names, as a letter writes them: «Бука», «Бука и Кир»."""
    return " и ".join(t for t in targets if t)


def move_step(action: str, role: str | None = None, hunt_step: str = "after_clan_kills") -> float:
    """The step of DECISIONS.md §2 a move of ``action`` made by ``role`` is carried out at, for
    the order the letters list moves in: the night's steps 2–11, then the day's moves
    (:data:`DAY_ACTIONS`, the vote last). A left-to-the-boss move (``delegate``) stands at its
    role's step; an unknown action just before the day's."""
    if action in DAY_ACTIONS:
        return 100 + DAY_ACTIONS.index(action)
    if action == "invite":
        return STEP_PSYCHO if role == "psycho" else STEP_HOSTESS
    if action == "hunt":
        return HUNT_STEPS.get(hunt_step, HUNT_STEPS["after_clan_kills"])
    if action == "delegate" and role_move(role):
        return move_step(role_move(role), role, hunt_step)
    return ACTION_STEPS.get(action, 99)


def in_step_order(moves: Iterable[Move], state: GameState, role: str | None) -> list[Move]:
    """A reply's ``moves`` made by ``role`` sorted by :func:`move_step` (a boss's move for a
    member at the member's move's step), as the result letter lists them; stable: moves of
    one step keep the letter's order."""
    def step(m: Move) -> float:
        if m.action == "on_behalf" and m.move is not None:
            member = state.players.get(m.member or "")
            return move_step(m.move.action, member.role if member else None, state.rules.hunt_step)
        return move_step(m.action, role, state.rules.hunt_step)
    return sorted(moves, key=step)


#: How a reply indents a swindle's branch lines under «  - Жульничество: X» (under its text).
BRANCH_INDENT = "    "


def describe_move(move: Move, state: GameState | None = None, role: str | None = None,
                  stolen: bool = False, lines: bool = False) -> str:
    """A plain Russian restatement of a move for the reply letter (DECISIONS.md §8), named by
    :func:`move_title` as the result letter names it.

    ``«Лечение: Бука»``, ``«Голоса на линче: Бука и Кир»``, ``«Поиск детектива: Бука»``,
    ``«Жульничество: X (если врач — лечение: Y; …)»``, ``«Кража за Ягуарчика (вор): X»``.
    ``state``: the game, to name a member's role and the fan's searched role; ``role``: the
    role making the move (the psycho's «Приглашение к Шизику: X»); ``stolen``: a swindle's
    branch, made by the swindler for ``role`` («приглашение к себе вместо Шизика: X»);
    ``lines``: a swindle's branches one per line under it (:data:`BRANCH_INDENT`), each named
    as the result letter names the branch that ran («если шизик — Приглашение к себе вместо
    Шизика: Y»), for a reply's list (a one-line view keeps the brackets).
    """
    a = move.action
    target = targets_text(move.targets or (move.target,))
    if a == "delegate":
        return "Ход на усмотрение босса"
    if a == "search" and not target:
        return f"Теперь ищу роль: {ROLE_NAMES_RU.get(move.role or 'detective', move.role).lower()}"
    if a == "swindle":
        # «Жульничество: X», as the result letter names it; then the branches
        branches = [(ROLE_NAMES_RU.get(r, r).lower(), describe_move(m, state, r, stolen=True))
                    for r, m in move.branches]
        if lines:
            return f"{move_title(a)}: {target}" + "".join(
                f"\n{BRANCH_INDENT}если {who} — {what}" for who, what in branches)
        parts = [f"если {who} — {_lower_first(what)}" for who, what in branches]
        tail = f" ({'; '.join(parts)})" if parts else ""
        return f"{move_title(a)}: {target}{tail}"
    if a == "on_behalf" and move.move is not None:
        who = move.member or ""
        member_role = state.players[who].role if state is not None and who in state.players else None
        inner = move.move
        title = move_title(a, member=who, member_role=member_role, inner=inner.action)
        return f"{title}: {targets_text(inner.targets or (inner.target,))}"
    title = move_title(a, role, targets=len(move.targets), search_role=move.role, stolen=stolen)
    return f"{title}: {target}"


def role_move(role: str | None) -> str | None:
    """The one role move of ``role`` (the thief's ``rob``, the guard's ``guard``), None for a
    role of none or many (:data:`engine.legality.ROLE_MOVES`)."""
    actions = ROLE_MOVES.get(role or "", frozenset())
    return next(iter(actions)) if len(actions) == 1 else None


def result_title(move: dict[str, Any], role: str | None, member_role: str | None = None,
                 search_role: str | None = None, stolen: bool = False) -> str:
    """:func:`move_title` of a move of the result JSON (SCENARIOS.md ``moves[]``), made by
    ``role``; a boss's move for a member names the member's move by ``member_role`` (the
    thief's «Кража», the guard's «Охрана»; «Ход» for a role of no one move); ``stolen``: the
    swindler's move made for ``role``, his target's."""
    inner = role_move(member_role) if move.get("member") else None
    return move_title(move["action"], role, targets=len(move.get("targets") or ()),
                      search_role=search_role, member=move.get("member"),
                      member_role=member_role, inner=inner, stolen=stolen)


def result_step(move: dict[str, Any], role: str | None, member_role: str | None = None,
                hunt_step: str = "after_clan_kills") -> float:
    """:func:`move_step` of a move of the result JSON made by ``role``; a boss's move for a
    member stands at the step of the member's move (by ``member_role``)."""
    if move.get("member"):
        return move_step(role_move(member_role) or move["action"], member_role, hunt_step)
    return move_step(move["action"], role, hunt_step)


def _lower_first(s: str) -> str:
    return s[:1].lower() + s[1:]
