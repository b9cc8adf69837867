"""A long game file for the replay benchmark: 24 players, 30 turns, letters every turn.

The game follows SCENARIOS.md «Game file»: the standard deal of ``tests/letters.roster_24``,
``weekend_merge = false`` (one turn per calendar day), every turn ``event = "none"``, and on
every turn a free-text letter from each living player — a greeting, a chatter line, the
night move the role allows (non-lethal: checks, heals, guards, thefts, invitations, beatings,
watching, the fan's search), a lynch vote and a signature, with nicknames in their Russian
case forms.

So that the game lasts all 30 turns, votes normally form a cycle (everyone gets one vote: a
tie, nobody lynched under ``lynch_tie = "nobody"``), and on every fifth turn everyone votes
for one scheduled victim (five lynches, chosen so that no side wins). Everything follows from
``seed``: the same seed gives the same text.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta

from benchmarks.common import TESTS  # noqa: F401  (puts tests/ on sys.path)
from letters import forms, roster_24

START = datetime(2026, 12, 7, 19, 30)  # local (Europe/Moscow)
TURNS = 30
LYNCH_EVERY = 5
#: Roles lynched on turns 5, 10, 15, 20, 25 (no side wins after these five).
VICTIM_ROLES = ("clan1.actor", "clan2.actor", "civilian", "clan1.indian", "clan2.indian")

#: Role → (phrase templates with {nom}/{gen}/{acc}/{ins}, whose targets: "clan" own clan,
#: "other" anyone else alive).
MOVES: dict[str, tuple[tuple[str, ...], str]] = {
    "boss": (("Проверяю {acc}.", "Дон проверяет {acc}.", "проверка: {nom}"), "foe"),
    "thief": (("Ворую у {gen}.", "краду у {gen}"), "foe"),
    "guard": (("Охраняю {acc}.", "Берегу {acc}."), "clan"),
    "detective": (("Проверяю {acc}.", "Комиссар проверяет {acc}."), "other"),
    "doctor": (("Лечу {acc}.", "Иду лечить {acc}."), "other"),
    "hostess": (("Приглашаю {acc}.", "Зову в гости {acc}."), "other"),
    "thug": (("Бью {acc}.", "избиваю {acc}"), "other"),
    "witness": (("Слежу за {ins}.", "наблюдаю за {ins}"), "other"),
    "fan": (("Ищу комиссара у {gen}.",), "other"),
}
GREETINGS = ("Привет, ведущий!", "Добрый вечер.", "Здравствуйте!", "Ведущий, привет.", "")
CHATTER = (
    "Вчера на форуме было жарко, но я всё прочитал(а).",
    "Подозреваю тех, кто молчит весь день.",
    "Сегодня пишу коротко, работы много.",
    "Мне кажется, мафия опять прячется за шутками.",
    "Прошу прощения за опечатки, пишу с телефона.",
    "",
)
VOTES = ("Линч: {nom}", "Голосую за {acc}.", "Мой голос: {nom}", "линч — {nom}")
SIGNATURES = ("--\n{nick}", "С уважением, {nick}", "{nick}", "")


def _role(spec: str) -> tuple[str, str | None]:
    clan, _, role = spec.rpartition(".")
    return role, clan or None


def _schedule(roster: list[dict]) -> dict[int, str]:
    """Turn → nickname lynched that turn."""
    out, taken = {}, set()
    for k, role in enumerate(VICTIM_ROLES, start=1):
        nick = next(p["nick"] for p in roster if p["role"] == role and p["nick"] not in taken)
        taken.add(nick)
        out[k * LYNCH_EVERY] = nick
    return out


def _targets(kind: str, me: dict, living: list[dict]) -> list[str]:
    _, my_clan = _role(me["role"])
    if kind == "clan":
        pool = [p for p in living if _role(p["role"])[1] == my_clan and p is not me]
    elif kind == "foe":
        pool = [p for p in living if _role(p["role"])[1] != my_clan]
    else:
        pool = [p for p in living if p is not me]
    return [p["nick"] for p in pool]


def _letter(rng: random.Random, turn: int, i: int, me: dict, living: list[dict], vote: str) -> str:
    role, _ = _role(me["role"])
    lines = [rng.choice(GREETINGS), rng.choice(CHATTER)]
    if role in MOVES:
        phrases, kind = MOVES[role]
        pool = _targets(kind, me, living)
        if pool:  # a different target every turn (no "same target twice in a row")
            target = pool[(turn * 5 + i) % len(pool)]
            lines.append(rng.choice(phrases).format(**forms(target)))
    lines.append(rng.choice(VOTES).format(**forms(vote)))
    lines.append(rng.choice(SIGNATURES).format(nick=me["nick"]))
    return "\n".join(line for line in lines if line)


def game_file(seed: int = 7, turns: int = TURNS) -> str:
    """The game file (TOML text) of a ``turns``-turn, 24-player game; deterministic in ``seed``."""
    rng = random.Random(f"replay-bench:{seed}")
    roster = roster_24(seed)
    victims = _schedule(roster)
    out = [f'title = "Бенчмарк: {turns} ходов, 24 игрока, письма каждый ход"', "",
           "[game]", f"seed = {seed}", 'timezone = "Europe/Moscow"',
           f'start = "{START:%Y-%m-%d %H:%M}"', "[game.house_rules]", "weekend_merge = false",
           'lynch_tie = "nobody"', "", "[roles]"]
    out += [f"{json.dumps(p['nick'], ensure_ascii=False)} = \"{p['role']}\"" for p in roster]
    dead: set[str] = set()
    for turn in range(1, turns + 1):
        living = [p for p in roster if p["nick"] not in dead]
        day_start = START + timedelta(days=turn - 1)
        victim = victims.get(turn)
        out += ["", "[[turn]]", 'event = "none"', "letters = ["]
        for i, me in enumerate(living):
            if victim and me["nick"] != victim:
                vote = victim
            else:  # a cycle: everyone gets exactly one vote, a tie, nobody is lynched
                vote = living[(i + 1) % len(living)]["nick"]
            at = day_start + timedelta(minutes=30 + 50 * i + rng.randrange(40))
            text = _letter(rng, turn, i, me, living, vote)
            out.append(f"  {{ from = {json.dumps(me['nick'], ensure_ascii=False)}, "
                       f"at = \"{at:%Y-%m-%d %H:%M}\", text = {json.dumps(text, ensure_ascii=False)} }},")
        out.append("]")
        if victim:
            out += ["[turn.expect]", f"lynched = [{json.dumps(victim, ensure_ascii=False)}]"]
            dead.add(victim)
    return "\n".join(out) + "\n"
