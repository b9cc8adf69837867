"""Property tests of the resolver over random small games (hypothesis).

Random rosters (4–10 players, at least one clan member) play 1–4 days of random structured
moves and votes — moves of any action by anybody, the dead included, at any target — through
the same path as ``mafia-mail replay`` (engine.gamefile.load_game_file →
engine.replay.replay_game). Whatever happens, DECISIONS.md's invariants must hold:

- §2: a player dead before a turn does nothing in it (no move of his is ``done``);
- nobody dies twice, every death has a cause of SCENARIOS.md, the lynched die by ``lynch``;
- §10: the same game file (same seed) gives the same JSON;
- §2, §7: a day without moves and votes kills only the doomed of yesterday (step 1) and the
  autokilled, and lynches nobody; days without anything autokill everybody on day 3;
- SCENARIOS.md: statuses, info results, actions and outcomes stay within its vocabulary.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.gamefile import load_game_file
from engine.model import DEATH_CAUSES, OUTCOMES
from engine.replay import replay_game
from engine.roles import CLAN_ROLES, CLANS, ROLE_CIVILIANS

#: Role ids → the actions their holder may send (DECISIONS.md §4, SCENARIOS.md action ids).
ROLE_ACTIONS: dict[str, tuple[str, ...]] = {
    "boss": ("boss_check", "clan_kill"),
    "thief": ("rob", "clan_kill"),
    "guard": ("guard", "clan_kill"),
    "indian": ("clan_kill",),
    "actor": ("clan_kill",),
    "son": ("hunt",),
    "detective": ("check", "hunt"),
    "doctor": ("heal", "hunt"),
    "hostess": ("invite", "hunt"),
    "psycho": ("invite", "hunt"),
    "fan": ("search", "hunt"),
    "thug": ("beat", "hunt"),
    "swindler": ("swindle", "hunt"),
    "witness": ("watch", "hunt"),
    "maniac": ("maniac_kill", "hunt"),
    "civilian": ("hunt",),
}
ONE_TARGET = sorted({a for acts in ROLE_ACTIONS.values() for a in acts} - {"swindle"})
BRANCH_ACTION = {"detective": "check", "doctor": "heal", "hostess": "invite", "psycho": "invite",
                 "fan": "search", "thug": "beat", "witness": "watch", "maniac": "maniac_kill"}

CLAN_SPECS = [f"{c}.{r}" for c in CLANS for r in CLAN_ROLES]
SOLO_SPECS = ["son", *ROLE_CIVILIANS]

PROPERTY_SETTINGS = settings(max_examples=40, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])


@st.composite
def rosters(draw) -> dict[str, str]:
    """4–10 players: 1–4 clan members, distinct roles, the rest role or plain civilians."""
    n = draw(st.integers(4, 10))
    clan = draw(st.lists(st.sampled_from(CLAN_SPECS), min_size=1, max_size=min(4, n - 1), unique=True))
    solo = draw(st.lists(st.sampled_from(SOLO_SPECS), max_size=n - len(clan), unique=True))
    specs = clan + solo + ["civilian"] * (n - len(clan) - len(solo))
    specs = draw(st.permutations(specs))
    return {f"P{i + 1}": spec for i, spec in enumerate(specs)}


def _role(spec: str) -> str:
    return spec.split(".")[-1]


@st.composite
def moves_for(draw, roles: dict[str, str]) -> list[dict]:
    """Random structured moves: mostly (5 in 6) the sender's own actions, sometimes any action."""
    nicks = list(roles)
    out = []
    for by in draw(st.lists(st.sampled_from(nicks), max_size=2 * len(nicks))):
        own = ROLE_ACTIONS[_role(roles[by])]
        any_action = draw(st.integers(0, 5)) == 0
        action = draw(st.sampled_from(ONE_TARGET + ["swindle"] if any_action else own))
        target = draw(st.sampled_from(nicks))
        move = {"by": by, "action": action, "target": target}
        if action == "swindle":
            role = draw(st.sampled_from(sorted(BRANCH_ACTION)))
            move["branches"] = {role: {"action": BRANCH_ACTION[role], "target": draw(st.sampled_from(nicks))}}
        out.append(move)
    return out


@st.composite
def games(draw) -> tuple[dict[str, str], list[dict]]:
    """A roster and 1–4 turns, each {moves, votes}; a turn may be empty (no moves, no votes)."""
    roles = draw(rosters())
    nicks = list(roles)
    turns = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.integers(0, 3)) == 0:
            turns.append({"moves": [], "votes": {}})
            continue
        voters = [n for n in nicks if draw(st.integers(0, 4)) > 0]
        votes = {v: draw(st.sampled_from(nicks)) for v in voters}
        turns.append({"moves": draw(moves_for(roles)), "votes": votes})
    return roles, turns


def _toml_value(value) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"
    return json.dumps(value, ensure_ascii=False)


def game_text(roles: dict[str, str], turns: list[dict], seed: int = 5) -> str:
    """The game file (SCENARIOS.md) of a generated game; every turn's event is «none»."""
    lines = ['title = "random game"', "[game]", f"seed = {seed}", 'start = "2026-12-07 19:30"', "[roles]"]
    lines += [f'"{n}" = "{r}"' for n, r in roles.items()]
    for turn in turns:
        lines += ["[[turn]]", 'event = "none"']
        lines.append("moves = [" + ", ".join(_toml_value(m) for m in turn["moves"]) + "]")
        lines.append(f"votes = {_toml_value(turn['votes'])}" if turn["votes"] else "votes = {}")
    return "\n".join(lines) + "\n"


def _replay(roles, turns, seed: int = 5) -> dict:
    return replay_game(load_game_file(game_text(roles, turns, seed)))


@PROPERTY_SETTINGS
@given(games())
def test_dead_player_never_acts_and_nobody_dies_twice(game) -> None:
    roles, turns = game
    result = _replay(roles, turns)
    dead: set[str] = set()
    for turn in result["turns"]:
        for move in turn["moves"]:
            assert move["outcome"] in OUTCOMES, move
            if move["by"] in dead:
                assert move["outcome"] != "done", (move, sorted(dead))
        died = [d["player"] for d in turn["deaths"]]
        assert len(died) == len(set(died)), turn["deaths"]
        assert not set(died) & dead, (died, sorted(dead))
        for death in turn["deaths"]:
            assert death["cause"] in DEATH_CAUSES, death
            assert death["player"] in roles
        assert sorted(turn["lynched"]) == sorted(d["player"] for d in turn["deaths"] if d["cause"] == "lynch")
        dead |= set(died)
    assert result["winner"] in (None, "civilians", "clan1", "clan2")
    assert len(result["turns"]) == len(turns) or result["winner"] is not None


@PROPERTY_SETTINGS
@given(games())
def test_same_file_same_seed_same_json(game) -> None:
    roles, turns = game
    text = game_text(roles, turns)
    first = json.dumps(replay_game(load_game_file(text)), ensure_ascii=False, sort_keys=True)
    second = json.dumps(replay_game(load_game_file(text)), ensure_ascii=False, sort_keys=True)
    assert first == second


@PROPERTY_SETTINGS
@given(games())
def test_empty_day_kills_only_doomed_and_autokilled(game) -> None:
    """After the generated days, one more day with no moves and no votes: nobody is lynched,
    every death is the psycho's delayed one (doomed yesterday) or an autokill, and every player
    doomed yesterday who is still alive dies at step 1 (nobody heals on an empty day)."""
    roles, turns = game
    turns = turns + [{"moves": [], "votes": {}}]
    result = _replay(roles, turns)
    if len(result["turns"]) < len(turns):
        return  # the game was won before the empty day
    *before, last = result["turns"]
    dead_before = {d["player"] for t in before for d in t["deaths"]}
    doomed = set()
    if before:
        doomed = {n for n, s in before[-1]["statuses"].items() if "doomed" in s} - dead_before
    assert last["lynched"] == []
    for death in last["deaths"]:
        assert death["cause"] in ("psycho", "autokill"), death
        if death["cause"] == "psycho":
            assert death["player"] in doomed, (death, doomed)
    assert doomed <= {d["player"] for d in last["deaths"]}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rosters(), st.integers(1, 3))
def test_days_without_anything_only_autokill(roles, days) -> None:
    """Days with no moves and no votes: no lynch, no night deaths; each player earns one
    autokill point a day (§7), so everybody alive dies by autokill at step 1 of day 3 and
    nobody before."""
    result = _replay(roles, [{"moves": [], "votes": {}}] * days)
    for day, turn in enumerate(result["turns"], 1):
        assert turn["lynched"] == []
        causes = {d["cause"] for d in turn["deaths"]}
        if day < 3:
            assert causes == set(), turn["deaths"]
        else:
            assert causes == {"autokill"}
            assert sorted(d["player"] for d in turn["deaths"]) == sorted(roles)


STATUSES = {"robbed", "beaten", "hosted", "at_psycho", "doomed", "healed", "guarded"}
INFO_WORDS = {"mafia", "civilian", "role_civilian", "plain_civilian", "son", "mafia_clan1",
              "mafia_clan2", "found", "not_found", "failed"}


@PROPERTY_SETTINGS
@given(games())
def test_json_uses_the_scenarios_vocabulary(game) -> None:
    """Every status, info result, action and outcome of the replay JSON is a word of
    SCENARIOS.md. One documented extension: the swindler's own info (action ``swindle``) names
    the role civilian his target turned out to be (DECISIONS.md §4 Swindler: he learns "which
    branch ran"), a case SCENARIOS.md's list does not cover."""
    from engine.model import ACTIONS

    roles, turns = game
    result = _replay(roles, turns)
    for turn in result["turns"]:
        assert set(turn) >= {"day", "event", "lynched", "deaths", "statuses", "info", "moves"}
        for nick, words in turn["statuses"].items():
            assert nick in roles and set(words) <= STATUSES, (nick, words)
            assert words == sorted(words)
        for info in turn["info"]:
            assert info["to"] in roles and info["action"] in ACTIONS, info
            res = info["result"]
            if isinstance(res, list):
                assert info["action"] == "watch" and set(res) <= set(roles), info
            elif info["action"] == "swindle":
                assert res in set(ROLE_CIVILIANS) | INFO_WORDS, info
            else:
                assert res in INFO_WORDS, info
        for move in turn["moves"]:
            assert move["action"] in ACTIONS and move["outcome"] in OUTCOMES, move
            assert isinstance(move["reason"], str) and move["reason"], move
