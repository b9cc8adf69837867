"""Every nick of every blind roster, written exactly as the roster spells it, read back.

A report, not a test: for each distinct roster under benchmarks/blind, a civilian's letter
«Голос: <nick>.» and «Голосую за <nick>» must read as a vote for that nick with no problem,
and so must «Голос <nick in the dative>» (declined by engine.words.inflect, as the product's
own letters decline it); each role civilian's move verb with the nick in the case the verb
governs (:data:`ROLE_MOVES`: «Лечу <accusative>.», «Слежу за <instrumental>.», …) and the
clan's («Убиваем <accusative>», «Ворую у <genitive>» on a player of the other side) as that
move; and on a day of two votes (the event «rage») the lists «Голоса: <nick>, <next nick>»
and «Голоса <dative>, <dative>» as both votes (``--lists`` adds them, ``--roles`` the role
moves; both by default off, the plain report being the quick one).
Two kinds of failure show: a nick the text pipeline rewrites so that the name index no longer
finds it (a pipeline mismatch: «Кf3» before session 56, «Остап_B», «Mila_Tel-Aviv»), and a
nick written verbatim that another nick's form also fits (asked: «Голосую за Лиса» with Лис
and Лиса — some are the ambiguity policy, some are not).

Usage (from the repository root): ``python benchmarks/blind/nick_roundtrip.py [--roles]
[--lists]`` — prints the count of letters, the failures, one per line (set, nick, text, what
was read).
"""

from __future__ import annotations

import glob
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent)]

import score  # noqa: E402

from engine.parse import parse_letter  # noqa: E402
from engine.words import inflect  # noqa: E402


#: Each role's move as a letter reads it: role → (action, the verb's template with the case
#: the nick is declined to, whether a player of the mover's own clan is no target).
ROLE_MOVES: dict[str, tuple[str, str, str, bool]] = {
    "doctor": ("heal", "Лечу {}.", "accs", False),
    "detective": ("check", "Проверяю {}.", "accs", False),
    "thug": ("beat", "Бью {}.", "accs", False),
    "witness": ("watch", "Слежу за {}.", "ablt", False),
    "maniac": ("maniac_kill", "Убиваю {}.", "accs", False),
    "hostess": ("invite", "Приглашаю {}.", "accs", False),
    "boss": ("clan_kill", "Убиваем {}.", "accs", True),
    "thief": ("rob", "Ворую у {}.", "gent", True),
}


def _role_asks(roster: dict[str, str], sender: str) -> list[tuple[str, str, str, str]]:
    """(mover, text, action, target) for every role mover of ``roster`` (the first holder of
    each role of :data:`ROLE_MOVES`) and every other nick it may aim at."""
    out, seen = [], set()
    for mover, role in roster.items():
        clan, _, short = role.rpartition(".")
        if short not in ROLE_MOVES or short in seen:
            continue
        seen.add(short)
        action, template, case, own_clan = ROLE_MOVES[short]
        for nick, other in roster.items():
            if nick == mover or (own_clan and other.startswith(clan + ".")):
                continue
            out.append((mover, template.format(inflect(nick, case)), action, nick))
    return out


def _list_asks(roster: dict[str, str], sender: str) -> list[tuple[str, str, str, str]]:
    """(sender, text, "vote", "A|B") for every nick A but the sender's and the nick B after it
    (the roster's order, round): «Голоса: A, B.» and «Голоса <A dative>, <B dative>»."""
    nicks = [n for n in roster if n != sender]
    out = []
    for i, a in enumerate(nicks):
        b = nicks[(i + 1) % len(nicks)]
        if a == b:
            continue
        out.append((sender, f"Голоса: {a}, {b}.", "vote", f"{a}|{b}"))
        out.append((sender, f"Голоса {inflect(a, 'datv')}, {inflect(b, 'datv')}", "vote",
                    f"{a}|{b}"))
    return out


def _wanted(action: str, target: str) -> list[dict]:
    """The moves a letter of ``action`` on ``target`` («A|B»: two votes) must read as."""
    if "|" in target:
        return [{"action": action, "targets": target.split("|")}]
    return [{"action": action, "target": target}]


def main(argv: list[str]) -> None:
    roles, lists = "--roles" in argv, "--lists" in argv
    fails, n, seen = [], 0, set()
    for path in sorted(glob.glob(str(Path(__file__).parent / "*" / "*.toml"))):
        data = tomllib.load(open(path, "rb"))
        roster = data.get("roster")
        if not roster or not data.get("letter") or tuple(sorted(roster)) in seen:
            continue
        seen.add(tuple(sorted(roster)))
        sender = next((nick for nick, role in roster.items() if role == "civilian"), None)
        if sender is None:
            continue
        letter = {**data["letter"][0], "from": sender, "dead": [], "day": 1, "event": "none"}
        letter.pop("last", None)
        state, turn = score.build(roster, letter)
        rage = score.build(roster, {**letter, "event": "rage"})[1] if lists else None
        doctor = next((nick for nick, role in roster.items() if role == "doctor"), None)
        asks = []
        for nick in roster:
            if nick == sender:
                continue
            asks += [(sender, text, "vote", nick) for text in
                     (f"Голос: {nick}.", f"Голосую за {nick}", f"Голос {inflect(nick, 'datv')}")]
            if doctor and nick != doctor and not roles:
                asks.append((doctor, f"Лечу {inflect(nick, 'accs')}.", "heal", nick))
        if roles:
            asks += _role_asks(roster, sender)
        for who, text, action, target in asks:
            n += 1
            got = parse_letter(text, who, state, turn).to_json()
            if got["moves"] != _wanted(action, target) or got["problems"]:
                fails.append((Path(path).parent.name, target, text, json.dumps(got, ensure_ascii=False)))
        if lists:
            for who, text, action, target in _list_asks(roster, sender):
                n += 1
                got = parse_letter(text, who, state, rage).to_json()
                if got["moves"] != _wanted(action, target) or got["problems"]:
                    fails.append((Path(path).parent.name, target, text,
                                  json.dumps(got, ensure_ascii=False)))
    print(f"letters {n}  failures {len(fails)}")
    for fail in fails:
        print(" | ".join(fail))


if __name__ == "__main__":
    main(sys.argv[1:])
