"""Score the blind corpus against the parser in the current directory's code.

Usage (from a checkout whose venv has the project installed):
    .venv/bin/python /work/blind/score.py DIR_OR_FILE... [--quiet] [--json OUT]

A letter is *exact* when the parsed moves equal the expected moves (as multisets; a two-vote
``targets`` list compared as a set) and a problem is reported exactly when ``ask`` is true.
A *silent misparse* is a parsed move that is not expected, in a letter with no problem at all.
"""
from __future__ import annotations

import json
import os
import sys
import tomllib
from collections import Counter
from pathlib import Path

sys.path.insert(0, os.getcwd())

from engine.model import TurnInfo  # noqa: E402
from engine.parse import parse_letter  # noqa: E402
from engine.state import GameState  # noqa: E402


def own_text(text: str) -> str:
    """The letter's own text as the product reads an e-mail body (quotes, signature cut)."""
    try:
        from mailer.quotes import strip_quotes
    except ImportError:
        return text
    return strip_quotes(text)


def split_kills(moves: list[dict]) -> list[dict]:
    """The full moon's two clan kills: the product writes one ``clan_kill`` with ``targets``,
    some writers wrote two ``clan_kill`` moves; both mean the same."""
    out = []
    for m in moves:
        if m.get("action") == "clan_kill" and isinstance(m.get("targets"), list):
            out += [{"action": "clan_kill", "target": t} for t in m["targets"]]
        else:
            out.append(m)
    return out


def canon(move: dict) -> str:
    m = dict(move)
    if "targets" in m and isinstance(m["targets"], list):
        if len(m["targets"]) == 1:
            m["target"] = m.pop("targets")[0]
        else:
            m["targets"] = sorted(m["targets"])
    return json.dumps(m, ensure_ascii=False, sort_keys=True)


def load(paths):
    out = []
    for p in paths:
        p = Path(p)
        files = sorted(p.glob("*.toml")) if p.is_dir() else [p]
        for f in files:
            data = tomllib.loads(f.read_text(encoding="utf-8"))
            context = {c["day"]: c for c in data.get("context", [])}
            for letter in data.get("letter", []):
                ctx = context.get(letter.get("day", 1), {})
                for key in ("immune", "mortar", "fear_chosen"):
                    if key in ctx and key not in letter:
                        letter[key] = ctx[key]
                out.append((data["roster"], letter))
    return out


def infer_role_changes(state, dead):
    """The role changes the dead list implies (DECISIONS.md §4): the son becomes the boss of
    the clan whose boss died; an actor takes the role of the first dead member of his clan
    (the dead list is in order of death)."""
    by_role = {}
    for p in state.players.values():
        by_role[(p.clan, p.role)] = p
    son = next((p for p in state.players.values() if p.role == "son"), None)
    dead_bosses = [n for n in dead if state.players[n].role == "boss"]
    if son is not None and dead_bosses and \
            son.nick not in dead[:dead.index(dead_bosses[0])]:  # (alive when the boss died)
        # the first boss to die (the dead list is in order of death) takes the son into his
        # clan; a later boss death leaves the son where he is
        clan = state.players[dead_bosses[0]].clan
        son.son_active, son.role, son.clan = True, "boss", clan
    for clan in ("clan1", "clan2"):
        actor = by_role.get((clan, "actor"))
        if actor is None or not actor.alive:
            continue
        for n in dead:
            p = state.players[n]
            if p.clan != clan or p is actor:
                continue
            if p.role == "boss" and son is not None and son.son_active and son.clan == clan:
                continue  # the son takes the boss (the other clan's boss: the actor does)
            actor.role, actor.actor_done = p.role, True
            break


def build(roster, L):
    state = GameState.new(1, roster)
    for nick in L.get("dead", []):
        state.players[nick].alive = False
    infer_role_changes(state, L.get("dead", []))
    if L.get("event") == "appeal" and L.get("dead"):
        # the writers give no vote history: yesterday's lynched is taken as the last dead and
        # every player as having voted for him, so the appeal screen allows every target
        day = L.get("day", 1)
        state.lynched_by_day[day - 1] = [L["dead"][-1]]
        state.votes_by_day[day - 1] = {n: [L["dead"][-1]] for n in state.players}
    sender = state.players.get(L["from"])
    if sender is not None:
        sender.last_targets = dict(L.get("last", {}))
        sender.fan_check_left = L.get("fan_check_left", False)
        if L.get("son_active"):
            sender.son_active, sender.role = True, "boss"
            sender.clan = L["son_active"]
    acts = {m.get("action") for m in L.get("moves", [])}
    ev = L.get("event", "none")
    turn = TurnInfo(
        day=L.get("day", 1), event=ev,
        immune=L.get("immune") or (L["from"] if ev == "choose_me" and "partner" in acts else None),
        mortar=L.get("mortar") or (L["from"] if ev == "holiday" and "mortar" in acts else None),
        fear_chosen=L.get("fear_chosen") or (L["from"] if ev == "fear" and "fear_choice" in acts else None),
    )
    return state, turn


def main(argv):
    quiet = "--quiet" in argv
    jout = None
    if "--json" in argv:
        jout = argv[argv.index("--json") + 1]
    paths = [a for a in argv if not a.startswith("--") and a != jout]
    letters = load(paths)
    exact = silent = wrong_flagged = missed_silent = crashed = 0
    rows = []
    for roster, L in letters:
        try:
            state, turn = build(roster, L)
            result = parse_letter(own_text(L["text"]), L["from"], state, turn)
            try:  # what `mafia-mail parse` and the reply apply: the parse, then the legality screen
                from engine.legality import screen_letter
                result = screen_letter(result, L["from"], state, turn, ())
            except ImportError:
                pass
            res = result.to_json()
        except Exception as e:  # a crash is a failure, reported
            crashed += 1
            rows.append({"id": L["id"], "status": "crash", "error": repr(e)})
            continue
        got = Counter(canon(m) for m in split_kills(res["moves"]))
        exp = Counter(canon(m) for m in split_kills(L.get("moves", [])))
        has_problem = bool(res["problems"])
        ok = got == exp and has_problem == bool(L.get("ask", False))
        extra = got - exp
        status = "exact" if ok else "fail"
        if ok:
            exact += 1
        elif extra and not has_problem:
            silent += 1
            status = "SILENT"
        elif extra:
            wrong_flagged += 1
        elif (exp - got) and not has_problem:
            missed_silent += 1
        rows.append({"id": L["id"], "status": status, "from": L["from"], "text": L["text"],
                     "expected": L.get("moves", []), "ask": L.get("ask", False),
                     "got": res, "note": L.get("note", "")})
    n = len(letters)
    if not quiet:
        for r in rows:
            if r["status"] != "exact":
                print(json.dumps(r, ensure_ascii=False))
    print(f"letters {n}  exact {exact} ({100.0 * exact / max(n, 1):.1f} %)  "
          f"silent misparses {silent}  wrong-but-flagged {wrong_flagged}  "
          f"missed-without-problem {missed_silent}  crashes {crashed}")
    if jout:
        Path(jout).write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
