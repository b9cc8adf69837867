"""Every nick of every blind roster, written exactly as the roster spells it, read back.

A report, not a test: for each distinct roster under benchmarks/blind, a civilian's letter
«Голос: <nick>.» and «Голосую за <nick>» must read as a vote for that nick with no problem,
and so must «Голос <nick in the dative>» (declined by engine.words.inflect, as the product's
own letters decline it); the doctor's «Лечу <nick in the accusative>.» as a heal.
Two kinds of failure show: a nick the text pipeline rewrites so that the name index no longer
finds it (a pipeline mismatch: «Кf3» before session 56, «Остап_B», «Mila_Tel-Aviv»), and a
nick written verbatim that another nick's form also fits (asked: «Голосую за Лиса» with Лис
and Лиса — some are the ambiguity policy, some are not).

Usage (from the repository root): ``python benchmarks/blind/nick_roundtrip.py`` — prints the
count of letters, the failures, one per line (set, nick, text, what was read).
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


def main() -> None:
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
        doctor = next((nick for nick, role in roster.items() if role == "doctor"), None)
        for nick in roster:
            if nick == sender:
                continue
            asks = [(sender, text, "vote") for text in
                    (f"Голос: {nick}.", f"Голосую за {nick}", f"Голос {inflect(nick, 'datv')}")]
            if doctor and nick != doctor:
                asks.append((doctor, f"Лечу {inflect(nick, 'accs')}.", "heal"))
            for who, text, action in asks:
                n += 1
                got = parse_letter(text, who, state, turn).to_json()
                if got["moves"] != [{"action": action, "target": nick}] or got["problems"]:
                    fails.append((Path(path).parent.name, nick, text, json.dumps(got, ensure_ascii=False)))
    print(f"letters {n}  failures {len(fails)}")
    for fail in fails:
        print(" | ".join(fail))


if __name__ == "__main__":
    main()
