"""The resolver, rule by rule (DECISIONS.md §2–§10), with structured moves."""

from __future__ import annotations

import itertools
import json
from datetime import datetime, timedelta, timezone

import pytest

from engine.model import Move, Submission
from engine.resolve import TurnInput, lynch_tally, open_day, resolve_turn
from engine.state import GameState, HouseRules

T0 = datetime(2026, 12, 7, 17, 0, tzinfo=timezone.utc)
_seq = itertools.count()

ROSTER = {
    "B1": "clan1.boss", "T1": "clan1.thief", "G1": "clan1.guard", "I1": "clan1.indian",
    "A1": "clan1.actor",
    "B2": "clan2.boss", "T2": "clan2.thief", "G2": "clan2.guard", "I2": "clan2.indian",
    "A2": "clan2.actor",
    "Son": "son", "Det": "detective", "Doc": "doctor", "Hos": "hostess", "Psy": "psycho",
    "Fan": "fan", "Thug": "thug", "Swi": "swindler", "Wit": "witness", "Man": "maniac",
    "P1": "civilian", "P2": "civilian", "P3": "civilian", "P4": "civilian",
}


def game(roster=None, seed=1, **rules) -> GameState:
    rules.setdefault("autokill_points", 99)
    return GameState.new(seed, dict(roster or ROSTER), HouseRules(**rules))


def mv(by, action, target=None, minute=0, **kw) -> Submission:
    return Submission(by, Move(action, target, **kw), T0 + timedelta(minutes=minute), next(_seq))


def run(state, *subs, event="none", **kw):
    return resolve_turn(state, TurnInput(day=state.day, event=event, submissions=list(subs), **kw))


def out(res, by, action):
    found = [(m.outcome, m.reason) for m in res.moves if m.by == by and m.action == action]
    assert found, f"no move {by} {action}"
    return found[-1]


def dead(res):
    return {d.player for d in res.deaths}


def cause(res, nick):
    return next(d.cause for d in res.deaths if d.player == nick)


def info(res, to, action=None):
    return [i.result for i in res.info if i.to == to and (action is None or i.action == action)]


# ---------------------------------------------------------------- thief

def test_thief_blocks_role_move():
    res = run(game(), mv("T1", "rob", "Doc"), mv("Doc", "heal", "P1"), mv("B1", "clan_kill", "P1"))
    assert out(res, "Doc", "heal") == ("failed", "robbed")
    assert dead(res) == {"P1"}
    assert res.statuses["Doc"] == ["robbed"]


def test_thieves_rob_each_other_both_succeed():
    res = run(game(), mv("T1", "rob", "T2"), mv("T2", "rob", "T1"))
    assert out(res, "T1", "rob") == ("done", "ok")
    assert out(res, "T2", "rob") == ("done", "ok")
    assert res.statuses == {"T1": ["robbed"], "T2": ["robbed"]}


def test_robbed_still_votes_hunts_and_orders_the_clan_kill():
    res = run(game(), mv("T2", "rob", "B1"), mv("T1", "rob", "P1"), mv("T1", "rob", "P2", minute=1),
              mv("B1", "clan_kill", "P3"), mv("P2", "hunt", "Man"), mv("P4", "hunt", "Man"),
              mv("P2", "vote", "B2"))
    assert dead(res) == {"P3", "Man", "B2"}
    assert out(res, "P2", "hunt") == ("done", "ok")


def test_thief_never_same_target_twice():
    s = game()
    first = run(s, mv("T1", "rob", "Doc"))
    second = run(first.new_state, mv("T1", "rob", "Doc"), mv("Doc", "heal", "P1"))
    assert out(second, "T1", "rob") == ("refused", "same_target_twice")
    assert out(second, "Doc", "heal") == ("done", "ok")
    third = run(second.new_state, mv("T1", "rob", "Doc"))
    assert out(third, "T1", "rob") == ("done", "ok")


# ---------------------------------------------------------------- thug, statuses

def test_beaten_player_cannot_be_found():
    res = run(game(), mv("Thug", "beat", "P1"), mv("B1", "clan_kill", "P1"),
              mv("Det", "check", "P1"), mv("Man", "maniac_kill", "P1"))
    assert dead(res) == set()
    assert out(res, "B1", "clan_kill") == ("failed", "target_beaten")
    assert out(res, "Man", "maniac_kill") == ("failed", "target_beaten")
    assert info(res, "Det") == ["failed"]


def test_beaten_player_loses_role_move_and_hunt():
    res = run(game(), mv("Thug", "beat", "Doc"), mv("Doc", "heal", "P1"), mv("B1", "clan_kill", "P1"),
              mv("Wit", "hunt", "P4"))
    assert out(res, "Doc", "heal") == ("failed", "beaten")
    assert dead(res) == {"P1"}
    res = run(game(), mv("Thug", "beat", "Wit"), mv("Wit", "hunt", "P4"), mv("P1", "hunt", "P4"))
    assert out(res, "Wit", "hunt") == ("failed", "beaten")
    assert dead(res) == set()


def test_thug_blocked_by_thief_and_psycho():
    res = run(game(), mv("T1", "rob", "Thug"), mv("Thug", "beat", "P1"))
    assert out(res, "Thug", "beat") == ("failed", "robbed")
    res = run(game(), mv("Psy", "invite", "Thug"), mv("Thug", "beat", "P1"))
    assert out(res, "Thug", "beat") == ("failed", "at_psycho")


def test_thug_may_beat_himself_but_not_same_twice():
    res = run(game(), mv("Thug", "beat", "Thug"), mv("B1", "clan_kill", "Thug"))
    assert dead(res) == set()
    res2 = run(res.new_state, mv("Thug", "beat", "Thug"))
    assert out(res2, "Thug", "beat") == ("refused", "same_target_twice")


# ---------------------------------------------------------------- hostess

def test_hostess_guest_is_away_and_blocked():
    res = run(game(), mv("Hos", "invite", "Det"), mv("Det", "check", "B1"),
              mv("B1", "clan_kill", "Det"), mv("B2", "boss_check", "Det"))
    assert out(res, "Det", "check") == ("failed", "hosted")
    assert out(res, "B1", "clan_kill") == ("failed", "target_away")
    assert out(res, "B2", "boss_check") == ("failed", "target_away")
    assert dead(res) == set()
    assert res.statuses["Det"] == ["hosted"]


def test_hostess_killed_takes_her_guest_unless_healed():
    res = run(game(), mv("Hos", "invite", "P1"), mv("B1", "clan_kill", "Hos"))
    assert [(d.player, d.cause) for d in res.deaths] == [("Hos", "clan1"), ("P1", "explosion")]
    res = run(game(), mv("Hos", "invite", "P1"), mv("B1", "clan_kill", "Hos"), mv("Doc", "heal", "P1"))
    assert dead(res) == {"Hos"}
    assert res.statuses["P1"] == ["healed", "hosted"]


def test_hostess_guest_guarded_survives_explosion():
    res = run(game(), mv("Hos", "invite", "I2"), mv("G2", "guard", "I2"), mv("Man", "maniac_kill", "Hos"))
    assert dead(res) == {"Hos"}


def test_hostess_fails_on_beaten_guest_and_when_robbed():
    res = run(game(), mv("Thug", "beat", "P1"), mv("Hos", "invite", "P1"))
    assert out(res, "Hos", "invite") == ("failed", "target_beaten")
    res = run(game(), mv("T1", "rob", "Hos"), mv("Hos", "invite", "P1"))
    assert out(res, "Hos", "invite") == ("failed", "robbed")


def test_hostess_never_same_guest_twice():
    r1 = run(game(), mv("Hos", "invite", "P1"))
    r2 = run(r1.new_state, mv("Hos", "invite", "P1"))
    assert out(r2, "Hos", "invite") == ("refused", "same_target_twice")


# ---------------------------------------------------------------- psycho

def test_psycho_victim_dies_next_turn_at_step_one():
    r1 = run(game(), mv("Psy", "invite", "Det"), mv("Doc", "heal", "Det"), mv("Det", "check", "B1"))
    assert dead(r1) == set()
    assert r1.statuses["Det"] == ["at_psycho", "doomed"]
    assert out(r1, "Doc", "heal") == ("failed", "target_at_psycho")
    assert out(r1, "Det", "check") == ("failed", "at_psycho")
    r2 = run(r1.new_state, mv("Det", "check", "B1"))
    assert [(d.player, d.cause) for d in r2.deaths] == [("Det", "psycho")]
    assert out(r2, "Det", "check") == ("void", "doomed")
    assert r2.new_state.players["Det"].died_day == 2


def test_doomed_saved_by_heal_next_turn():
    r1 = run(game(), mv("Psy", "invite", "P1"))
    r2 = run(r1.new_state, mv("Doc", "heal", "P1"))
    assert dead(r2) == set()
    assert r2.statuses["P1"] == ["healed"]
    assert r2.new_state.players["P1"].doomed_day is None
    r3 = run(r2.new_state)
    assert dead(r3) == set()


def test_doomed_not_saved_when_the_heal_fails():
    r1 = run(game(), mv("Psy", "invite", "P1"))
    r2 = run(r1.new_state, mv("Doc", "heal", "P1"), mv("T1", "rob", "Doc"))
    assert dead(r2) == {"P1"}
    assert out(r2, "Doc", "heal") == ("failed", "robbed")


def test_doomed_thief_saved_keeps_his_move():
    r1 = run(game(), mv("Psy", "invite", "T1"))
    r2 = run(r1.new_state, mv("Doc", "heal", "T1"), mv("T1", "rob", "Det"), mv("Det", "check", "B1"))
    assert dead(r2) == set()
    assert out(r2, "T1", "rob") == ("done", "ok")
    assert out(r2, "Det", "check") == ("failed", "robbed")


def test_doomed_thief_who_robs_the_doctor_dies():
    r1 = run(game(), mv("Psy", "invite", "T1"))
    r2 = run(r1.new_state, mv("Doc", "heal", "T1"), mv("T1", "rob", "Doc"))
    # dead at step 1 his robbery never happens, yet the healthy doctor saves him; with him
    # alive the robbery blocks the heal: he is saved but his own move stays void
    assert dead(r2) == set()
    assert out(r2, "T1", "rob") == ("void", "doomed")


def test_doomed_doctor_heals_himself():
    r1 = run(game(), mv("Psy", "invite", "Doc"))
    r2 = run(r1.new_state, mv("Doc", "heal", "Doc"))
    assert dead(r2) == set()
    assert r2.statuses == {"Doc": ["healed"]}


def test_witness_sees_a_single_counted_hunt_shot():
    res = run(game(), mv("Wit", "watch", "P3"), mv("P1", "hunt", "P3"), mv("Son", "hunt", "P3"))
    assert dead(res) == set()
    assert info(res, "Wit") == [["P1"]]


def test_psycho_killed_takes_his_guest():
    res = run(game(), mv("Psy", "invite", "P1"), mv("B1", "clan_kill", "Psy"))
    assert [(d.player, d.cause) for d in res.deaths] == [("Psy", "clan1"), ("P1", "explosion")]


def test_psycho_blocked_only_by_thief():
    res = run(game(), mv("T1", "rob", "Psy"), mv("Psy", "invite", "P1"))
    assert out(res, "Psy", "invite") == ("failed", "robbed")
    res = run(game(), mv("Thug", "beat", "Psy"), mv("Psy", "invite", "P1"))
    assert out(res, "Psy", "invite") == ("done", "ok")


def test_psycho_and_hostess_same_guest_earlier_letter_wins():
    res = run(game(), mv("Psy", "invite", "P1", minute=1), mv("Hos", "invite", "P1", minute=2))
    assert out(res, "Hos", "invite") == ("failed", "target_at_psycho")
    assert res.statuses["P1"] == ["at_psycho", "doomed"]
    res = run(game(), mv("Psy", "invite", "P1", minute=3), mv("Hos", "invite", "P1", minute=2))
    assert out(res, "Psy", "invite") == ("failed", "target_hosted")
    assert res.statuses["P1"] == ["hosted"]


def test_earlier_hostess_beaten_by_the_thug_leaves_the_guest_to_the_psycho():
    res = run(game(), mv("Psy", "invite", "P1", minute=3), mv("Hos", "invite", "P1", minute=2),
              mv("Thug", "beat", "Hos"))
    assert out(res, "Hos", "invite") == ("failed", "beaten")
    assert out(res, "Psy", "invite") == ("done", "ok")
    assert res.statuses["P1"] == ["at_psycho", "doomed"]


def test_psycho_and_hostess_invite_each_other():
    res = run(game(), mv("Psy", "invite", "Hos", minute=1), mv("Hos", "invite", "Psy", minute=2))
    assert out(res, "Hos", "invite") == ("failed", "at_psycho")
    assert res.statuses["Hos"] == ["at_psycho", "doomed"]
    res = run(game(), mv("Psy", "invite", "Hos", minute=2), mv("Hos", "invite", "Psy", minute=1))
    assert out(res, "Psy", "invite") == ("failed", "hosted")
    assert res.statuses == {"Psy": ["hosted"]}


def test_exact_tie_between_psycho_and_hostess_is_a_logged_draw():
    res = run(game(seed=5), mv("Psy", "invite", "P1"), mv("Hos", "invite", "P1"))
    names = [n for n, _ in res.draws]
    assert names == ["day1.invite_tie.Psy.Hos"]
    winner = res.draws[0][1]
    loser = "Hos" if winner == "psycho" else "Psy"
    assert out(res, loser, "invite")[0] == "failed"


def test_three_in_one_house():
    res = run(game(), mv("Psy", "invite", "P1"), mv("Hos", "invite", "Psy"), mv("B1", "clan_kill", "Hos"))
    assert res.statuses["P1"] == ["at_psycho", "doomed", "hosted"]
    assert res.statuses["Psy"] == ["hosted"]
    assert [(d.player, d.cause) for d in res.deaths] == [
        ("Hos", "clan1"), ("Psy", "explosion"), ("P1", "explosion")]


def test_three_in_one_house_victim_still_doomed():
    res = run(game(), mv("Psy", "invite", "P1"), mv("Hos", "invite", "Psy"))
    assert dead(res) == set()
    r2 = run(res.new_state)
    assert dead(r2) == {"P1"}


def test_psycho_invites_hostess_both_she_and_her_guest_doomed():
    res = run(game(), mv("Psy", "invite", "Hos"), mv("Hos", "invite", "P1"))
    assert res.statuses["Hos"] == ["at_psycho", "doomed"]
    assert res.statuses["P1"] == ["at_psycho", "doomed", "hosted"]
    r2 = run(res.new_state)
    assert dead(r2) == {"Hos", "P1"}


# ---------------------------------------------------------------- doctor, guard

def test_doctor_heal_saves_from_kill_and_not_twice():
    r1 = run(game(), mv("Doc", "heal", "P1"), mv("B1", "clan_kill", "P1"))
    assert dead(r1) == set()
    assert out(r1, "B1", "clan_kill") == ("failed", "healed")
    r2 = run(r1.new_state, mv("Doc", "heal", "P1"))
    assert out(r2, "Doc", "heal") == ("refused", "same_target_twice")


def test_doctor_may_heal_himself():
    res = run(game(), mv("Doc", "heal", "Doc"), mv("Man", "maniac_kill", "Doc"))
    assert dead(res) == set()


def test_hunt_excluded_with_heal_and_check():
    res = run(game(), mv("Doc", "heal", "P1"), mv("Doc", "hunt", "B1"))
    assert out(res, "Doc", "hunt") == ("refused", "hunt_with_role_move")
    res = run(game(), mv("Det", "hunt", "B1"), mv("Det", "check", "B1"))
    assert out(res, "Det", "hunt") == ("refused", "hunt_with_check")
    assert out(res, "Det", "check") == ("done", "ok")


def test_fan_and_witness_may_hunt_with_their_move():
    res = run(game(), mv("Fan", "search", "P1"), mv("Fan", "hunt", "B1"),
              mv("Wit", "watch", "B1"), mv("Wit", "hunt", "B1"))
    assert dead(res) == {"B1"}
    assert info(res, "Wit") == [["Fan", "Wit"]]


def test_guard_protects_mafia_only():
    res = run(game(), mv("G1", "guard", "B2"), mv("Man", "maniac_kill", "B2"))
    assert dead(res) == set()
    assert res.statuses["B2"] == ["guarded"]
    res = run(game(), mv("G1", "guard", "P1"), mv("Man", "maniac_kill", "P1"))
    assert out(res, "G1", "guard") == ("failed", "not_mafia")
    assert dead(res) == {"P1"}
    assert "P1" not in res.statuses


def test_guard_blocked_by_hostess():
    res = run(game(), mv("Hos", "invite", "G1"), mv("G1", "guard", "B1"), mv("Man", "maniac_kill", "B1"))
    assert out(res, "G1", "guard") == ("failed", "hosted")
    assert dead(res) == {"B1"}


# ---------------------------------------------------------------- clan kill, boss

def test_clan_kill_priority_boss_over_thief():
    res = run(game(), mv("T1", "clan_kill", "P2", minute=5), mv("B1", "clan_kill", "P1"))
    assert dead(res) == {"P1"}
    assert out(res, "T1", "clan_kill") == ("void", "overruled")


def test_thief_order_used_when_boss_dead():
    res = run(game(), mv("T1", "clan_kill", "P2"), mv("B1", "clan_kill", "P1"),
              votes={"P1": ["B1"]})
    assert dead(res) == {"B1", "P2"}
    assert out(res, "B1", "clan_kill") == ("void", "lynched")


def test_both_clans_kill_at_once():
    res = run(game(), mv("B1", "clan_kill", "B2"), mv("B2", "clan_kill", "B1"))
    assert dead(res) == {"B1", "B2"}
    assert {cause(res, "B1"), cause(res, "B2")} == {"clan1", "clan2"}


def test_no_order_no_kill():
    assert dead(run(game())) == set()


def test_clan_kill_on_inactive_son_cancels_the_kill():
    res = run(game(), mv("B1", "clan_kill", "Son"))
    assert dead(res) == set()
    assert out(res, "B1", "clan_kill") == ("failed", "son_spared")


def test_full_moon_two_kills_per_clan():
    res = run(game(), mv("B1", "clan_kill", None, targets=("P1", "P2")), event="full_moon")
    assert dead(res) == {"P1", "P2"}
    res = run(game(), mv("B1", "clan_kill", "P1"), mv("T1", "clan_kill", "P3"), event="full_moon")
    assert dead(res) == {"P1", "P3"}
    res = run(game(), mv("B1", "clan_kill", "P1"), mv("T1", "clan_kill", "P3"))
    assert dead(res) == {"P1"}


def test_boss_duplicate_move_used_when_member_silent():
    onb = Submission("B1", Move("on_behalf", member="T1", move=Move("rob", "Doc")), T0, next(_seq))
    res = run(game(), onb, mv("Doc", "heal", "P1"))
    assert out(res, "Doc", "heal") == ("failed", "robbed")
    assert res.moves[0].to_json()["member"] == "T1"


def test_member_own_move_wins_over_boss():
    onb = Submission("B1", Move("on_behalf", member="T1", move=Move("rob", "Doc")), T0, next(_seq))
    res = run(game(), onb, mv("T1", "rob", "Det"))
    assert out(res, "B1", "on_behalf") == ("void", "member_moved")
    assert res.statuses == {"Det": ["robbed"]}


def test_delegation_lets_the_boss_move_win():
    onb = Submission("B1", Move("on_behalf", member="T1", move=Move("rob", "Doc")), T0, next(_seq))
    res = run(game(), onb, mv("T1", "rob", "Det"), mv("T1", "delegate"))
    assert out(res, "T1", "rob") == ("void", "delegated")
    assert res.statuses == {"Doc": ["robbed"]}


def test_boss_check_results():
    res = run(game(), mv("B1", "boss_check", "Det"), mv("B2", "boss_check", "I1"))
    assert info(res, "B1") == ["role_civilian"]
    assert info(res, "B2") == ["plain_civilian"]
    res = run(game(), mv("B1", "boss_check", "Son"), mv("B2", "boss_check", "T1"))
    assert info(res, "B1") == ["son"]
    assert info(res, "B2") == ["mafia_clan1"]
    res = run(game(), mv("B1", "boss_check", "Man"), mv("B2", "boss_check", "P1"))
    assert info(res, "B1") == ["role_civilian"]
    assert info(res, "B2") == ["plain_civilian"]


def test_boss_check_fails_when_boss_robbed():
    res = run(game(), mv("T2", "rob", "B1"), mv("B1", "boss_check", "Det"))
    assert out(res, "B1", "boss_check") == ("failed", "robbed")
    assert info(res, "B1") == ["failed"]


# ---------------------------------------------------------------- detective, fan

def test_detective_results():
    for target, want in [("B1", "mafia"), ("I1", "civilian"), ("Son", "civilian"),
                         ("Man", "civilian"), ("P1", "civilian"), ("T2", "mafia")]:
        res = run(game(), mv("Det", "check", target))
        assert info(res, "Det") == [want], target


def test_check_of_a_player_killed_this_night_fails():
    res = run(game(), mv("Det", "check", "P1"), mv("B1", "clan_kill", "P1"))
    assert out(res, "Det", "check") == ("failed", "target_dead")


def test_fan_finds_detective_then_checks_once():
    r1 = run(game(), mv("Fan", "search", "Det"))
    assert info(r1, "Fan") == ["found"]
    assert r1.new_state.players["Fan"].fan_check_left
    r2 = run(r1.new_state, mv("Fan", "search", "P1"), mv("Fan", "check", "B1"))
    assert out(r2, "Fan", "search") == ("refused", "already_found")
    assert info(r2, "Fan", "check") == ["mafia"]
    r3 = run(r2.new_state, mv("Fan", "check", "B2"))
    assert out(r3, "Fan", "check") == ("refused", "not_your_role")


def test_fan_searches_other_role_after_detective_died():
    r1 = run(game(), votes={"P1": ["Det"]})
    r2 = run(r1.new_state, Submission("Fan", Move("search", "Doc", role="doctor"), T0, next(_seq)))
    assert info(r2, "Fan") == ["found"]
    r3 = run(game(), mv("Fan", "search", "Doc"))
    assert info(r3, "Fan") == ["not_found"]


# ---------------------------------------------------------------- swindler

SWINDLE = Move("swindle", "Doc", branches=(("doctor", Move("heal", "P1")),
                                           ("detective", Move("check", "B1"))))


def test_swindler_steals_the_doctors_heal():
    res = run(game(), Submission("Swi", SWINDLE, T0, next(_seq)), mv("Doc", "heal", "P2"),
              mv("B1", "clan_kill", "P1"), mv("B2", "clan_kill", "P2"))
    assert out(res, "Doc", "heal") == ("void", "swindled")
    assert out(res, "Swi", "heal") == ("done", "ok")
    assert dead(res) == {"P2"}
    assert info(res, "Swi", "swindle") == ["doctor"]


def test_swindler_stolen_check_goes_to_the_swindler():
    sw = Move("swindle", "Det", branches=(("detective", Move("check", "B1")),))
    res = run(game(), Submission("Swi", sw, T0, next(_seq)), mv("Det", "check", "B2"),
              mv("Thug", "beat", "Swi"))
    assert info(res, "Swi", "check") == ["mafia"]
    assert info(res, "Det") == []


def test_swindle_fails_on_mafia_plain_and_son():
    for target in ("B1", "P1", "Son", "I2"):
        res = run(game(), Submission("Swi", Move("swindle", target), T0, next(_seq)))
        assert out(res, "Swi", "swindle") == ("failed", "not_role_civilian")
        assert info(res, "Swi") == ["failed"]


def test_swindle_fails_when_target_or_swindler_robbed():
    res = run(game(), Submission("Swi", SWINDLE, T0, next(_seq)), mv("T1", "rob", "Doc"))
    assert out(res, "Swi", "swindle") == ("failed", "target_robbed")
    res = run(game(), Submission("Swi", SWINDLE, T0, next(_seq)), mv("T1", "rob", "Swi"),
              mv("Doc", "heal", "P2"))
    assert out(res, "Swi", "swindle") == ("failed", "robbed")
    assert out(res, "Doc", "heal") == ("done", "ok")


def test_swindle_without_branch_still_cancels_target_move():
    res = run(game(), Submission("Swi", Move("swindle", "Man"), T0, next(_seq)),
              mv("Man", "maniac_kill", "P1"))
    assert out(res, "Man", "maniac_kill") == ("void", "swindled")
    assert out(res, "Swi", "swindle") == ("done", "no_branch")
    assert dead(res) == set()


def test_swindler_as_psycho_dooms_and_his_guest_dies_with_him():
    sw = Move("swindle", "Psy", branches=(("psycho", Move("invite", "P1")),))
    res = run(game(), Submission("Swi", sw, T0, next(_seq)), mv("Psy", "invite", "P2"),
              mv("Man", "maniac_kill", "Swi"))
    assert out(res, "Psy", "invite") == ("void", "swindled")
    assert [(d.player, d.cause) for d in res.deaths] == [("Swi", "maniac"), ("P1", "explosion")]
    res = run(game(), Submission("Swi", sw, T0, next(_seq)))
    assert res.new_state.players["P1"].doomed_by == "Swi"
    assert dead(run(res.new_state)) == {"P1"}


def test_swindler_killed_before_the_stolen_step_loses_it():
    sw = Move("swindle", "Man", branches=(("maniac", Move("maniac_kill", "P1")),))
    res = run(game(), Submission("Swi", sw, T0, next(_seq)), mv("B1", "clan_kill", "Swi"))
    assert out(res, "Swi", "maniac_kill") == ("failed", "dead")
    assert dead(res) == {"Swi"}


def test_swindler_hunt_excluded():
    res = run(game(), Submission("Swi", SWINDLE, T0, next(_seq)), mv("Swi", "hunt", "B1"))
    assert out(res, "Swi", "hunt") == ("refused", "hunt_with_role_move")


# ---------------------------------------------------------------- witness

def test_witness_sees_clan_orderer_and_maniac():
    res = run(game(), mv("Wit", "watch", "P1"), mv("T1", "clan_kill", "P1"),
              mv("Man", "maniac_kill", "P1"), mv("Doc", "heal", "P1"))
    assert info(res, "Wit") == [["T1", "Man"]]
    assert dead(res) == set()


def test_witness_with_nobody_attacking_fails():
    res = run(game(), mv("Wit", "watch", "P1"))
    assert out(res, "Wit", "watch") == ("failed", "no_attack")
    assert info(res, "Wit") == ["failed"]


def test_witness_sees_psycho_on_delayed_death_and_killer_in_explosion():
    r1 = run(game(), mv("Psy", "invite", "P1"))
    r2 = run(r1.new_state, mv("Wit", "watch", "P1"))
    assert info(r2, "Wit") == [["Psy"]]
    res = run(game(), mv("Wit", "watch", "P2"), mv("Hos", "invite", "P2"), mv("Man", "maniac_kill", "Hos"))
    assert info(res, "Wit") == [["Man"]]


# ---------------------------------------------------------------- maniac, hunt

def test_maniac_kills_with_clan_kill_failure_rules():
    assert dead(run(game(), mv("Man", "maniac_kill", "B1"))) == {"B1"}
    res = run(game(), mv("Man", "maniac_kill", "B1"), mv("G2", "guard", "B1"))
    assert out(res, "Man", "maniac_kill") == ("failed", "guarded")


def test_hunt_needs_threshold_counted_shots():
    res = run(game(), mv("P1", "hunt", "B1"))
    assert dead(res) == set()
    assert out(res, "P1", "hunt") == ("failed", "not_enough_shots")
    res = run(game(), mv("P1", "hunt", "B1"), mv("P2", "hunt", "B1"))
    assert [(d.player, d.cause) for d in res.deaths] == [("B1", "hunt")]
    res = run(game(hunt_threshold=3), mv("P1", "hunt", "B1"), mv("P2", "hunt", "B1"))
    assert dead(res) == set()


def test_son_shot_and_beaten_shooter_do_not_count():
    res = run(game(), mv("P1", "hunt", "B1"), mv("Son", "hunt", "B1"))
    assert dead(res) == set()
    assert out(res, "Son", "hunt") == ("failed", "son_shot")
    res = run(game(), mv("P1", "hunt", "B1"), mv("P2", "hunt", "B1"), mv("Thug", "beat", "P2"))
    assert dead(res) == set()
    assert out(res, "P2", "hunt") == ("failed", "beaten")


def test_mafia_cannot_hunt():
    res = run(game(), mv("T1", "hunt", "P1"))
    assert out(res, "T1", "hunt") == ("refused", "not_your_role")


def test_hunter_killed_by_clan_before_the_hunt_does_not_shoot():
    res = run(game(), mv("P1", "hunt", "B1"), mv("P2", "hunt", "B1"), mv("B2", "clan_kill", "P2"))
    assert dead(res) == {"P2"}
    assert out(res, "P2", "hunt") == ("failed", "dead")


def test_hunt_before_clan_kills_by_house_rule():
    res = run(game(hunt_step="before_clan_kills"), mv("P1", "hunt", "B1"), mv("P2", "hunt", "B1"),
              mv("B2", "clan_kill", "P2"))
    assert dead(res) == {"B1", "P2"}


# ---------------------------------------------------------------- lynch, events

def votes(**kw):
    return {k: [v] if isinstance(v, str) else list(v) for k, v in kw.items()}


def test_lynch_most_voted_and_ties():
    res = run(game(), votes=votes(P1="B1", P2="B1", P3="P1"))
    assert res.lynched == ["B1"]
    assert res.deaths[0].cause == "lynch"
    tie = votes(P1="B1", P2="P1")
    assert run(game(), votes=tie).lynched == []
    assert run(game(lynch_tie="all"), votes=tie).lynched == ["B1", "P1"]
    rnd = run(game(lynch_tie="random"), votes=tie)
    assert len(rnd.lynched) == 1 and rnd.draws[0][0] == "day1.lynch_tie"


def test_rage_two_votes_two_die_voice_one_dies():
    v = votes(P1=("B1", "B2"), P2=("B1", "B2"), P3=("B1", "P4"))
    assert run(game(), votes=v, event="rage").lynched == ["B1", "B2"]
    assert run(game(), votes=v, event="voice").lynched == ["B1"]
    assert run(game(), votes=v).lynched == ["B1"]  # one vote each: only the first counts


def test_letter_vote_latest_wins_and_host_vote_overrides():
    res = run(game(), mv("P1", "vote", "B1", minute=1), mv("P1", "vote", "B2", minute=2),
              mv("P2", "vote", "B2"))
    assert res.lynched == ["B2"]
    assert [m.reason for m in res.moves if m.by == "P1"] == ["superseded", "ok"]
    res = run(game(), mv("P1", "vote", "B1"), votes=votes(P1="B2"))
    assert res.lynched == ["B2"]
    assert out(res, "P1", "vote") == ("void", "host_vote")


def test_fear_tie_follows_the_house_rule():
    v = votes(P1="B1", P2="P2")
    assert lynch_tally(game(), TurnInput(day=1, event="fear", votes=v)).fear_chosen is None
    t = lynch_tally(game(lynch_tie="random"), TurnInput(day=1, event="fear", votes=v))
    assert t.fear_chosen in ("B1", "P2") and t.draws[0][0] == "day1.fear_tie"


def test_rage_tie_at_the_second_place():
    v = votes(P1=("B1", "B2"), P2=("B1", "P3"), P3=("B1", "B2"), P4=("P3", "P4"))
    assert run(game(), votes=v, event="rage").lynched == ["B1"]  # B2 and P3 tie for 2nd
    assert run(game(lynch_tie="all"), votes=v, event="rage").lynched == ["B1", "B2", "P3"]



def test_the_tally_names_the_group_a_tie_rule_settled():
    """``Tally.tied`` (the newspaper's «Ничья: …» line): the group tied at the last place, in
    roster order; empty when no tie decided (one top player, or a tie that fits the places)."""
    v = votes(P1=("B1", "B2"), P2=("B1", "P3"), P3=("B1", "B2"), P4=("P3", "P4"))
    rage = TurnInput(day=1, event="rage", votes=v)
    assert lynch_tally(game(), rage).tied == ("B2", "P3")
    assert lynch_tally(game(lynch_tie="all"), rage).tied == ("B2", "P3")
    assert lynch_tally(game(), TurnInput(day=1, event="none", votes=votes(P1="B1", P2="P1"))).tied == ("B1", "P1")
    assert lynch_tally(game(), TurnInput(day=1, event="none", votes=votes(P1="B1", P2="B1", P3="P1"))).tied == ()
    both = votes(P1=("B1", "B2"), P2=("B2", "B1"))
    assert lynch_tally(game(), TurnInput(day=1, event="rage", votes=both)).tied == ()


def test_votes_for_the_dead_refused():
    s = game()
    s.players["P4"].alive = False
    res = run(s, mv("P1", "vote", "P4"))
    assert out(res, "P1", "vote") == ("refused", "target_dead")


def test_choose_me_immunity():
    res = run(game(), mv("P1", "partner", "B1"), votes=votes(P2="B1", P3="B1", P4="P2"),
              event="choose_me", immune="P1")
    assert res.lynched == ["P2"]


def test_lost_vote_and_palms():
    v = votes(P1="B1", P2="P3", P3="P3", P4="B1")
    assert run(game(), votes=v, lost_vote=["P2", "P3"], event="paradox").lynched == ["B1"]
    res = run(game(), votes=votes(P1="B1", P2="B1"), lost_vote=["P2", "P3"], event="palms")
    assert res.tally.counts == {"P2": 1, "P3": 1, "B1": 1}
    assert res.lynched == []


def test_fear_most_voted_chooses_the_victim():
    s = game()
    v = votes(P1="B1", P2="B1", P3="P2")
    t = TurnInput(day=1, event="fear", votes=v)
    assert lynch_tally(s, t).fear_chosen == "B1"
    res = run(s, mv("B1", "fear_choice", "P4"), votes=v, event="fear")
    assert res.lynched == ["P4"]
    assert run(s, votes=v, event="fear").lynched == []
    res = run(s, mv("P1", "fear_choice", "P4"), votes=v, event="fear", fear_choice="P3")
    assert res.lynched == ["P3"]
    assert out(res, "P1", "fear_choice") == ("refused", "no_fear")


def test_appeal_votes_only_for_yesterdays_voters():
    r1 = run(game(), votes=votes(P1="B1", P2="B1", P3="P4"))
    res = run(r1.new_state, votes=votes(P3="P1", P4="P3", B2="P1"), event="appeal")
    assert res.lynched == ["P1"]
    assert res.tally.counts == {"P1": 2}


def test_appeal_redrawn_on_day_one():
    for seed in range(300):
        s = game(seed=seed)
        from engine.draw import draw
        from engine.resolve import DRAWN_EVENTS

        if draw(seed, "day1.event", DRAWN_EVENTS) == "appeal":
            opening = open_day(s, 1)
            assert opening.event != "appeal"
            assert [n for n, _ in opening.draws] == ["day1.event", "day1.event.redraw"]
            return
    pytest.fail("no seed drew appeal")


def test_open_day_draws_immune_and_mortar():
    s = game(seed=3)
    o = open_day(s, 1, "choose_me")
    assert o.immune in ROSTER and o.draws == (("day1.immune", o.immune),)
    o = open_day(s, 1, "holiday")
    assert o.mortar in ("P1", "P2", "P3", "P4", "Son")
    assert open_day(s, 1, "holiday") == o  # seeded


def test_holiday_mortar_kills_at_step_8a():
    res = run(game(), mv("P1", "mortar", "B1"), event="holiday", mortar="P1")
    assert [(d.player, d.cause) for d in res.deaths] == [("B1", "mortar")]
    res = run(game(), mv("P2", "mortar", "B1"), event="holiday", mortar="P1")
    assert out(res, "P2", "mortar") == ("refused", "not_your_role")


def test_eclipse_hides_roles_then_lists_them():
    r1 = run(game(), mv("B1", "clan_kill", "Doc"), votes=votes(P1="T2"), event="eclipse")
    assert all(d.hidden for d in r1.deaths)
    assert sorted(r1.new_state.hidden_roles) == ["clan2.thief", "doctor"]
    r2 = run(r1.new_state)
    assert sorted(r2.revealed_roles) == ["clan2.thief", "doctor"]
    assert r2.new_state.hidden_roles == []


# ---------------------------------------------------------------- autokill

def test_autokill_at_three_points():
    s = game(autokill_points=3)
    s.players["P1"].autokill_points = 1
    res = run(s, words={"P1": 10})
    assert ("P1", "autokill") in [(d.player, d.cause) for d in res.deaths]
    assert res.new_state.players["P2"].autokill_points == 1


def test_autokill_points_word_count_and_lost_vote():
    s = game(autokill_points=3)
    res = run(s, mv("P1", "vote", "B1"), words={"P1": 70, "P2": 65}, lost_vote=["P3"])
    pts = {n: p.autokill_points for n, p in res.new_state.players.items()}
    assert (pts["P1"], pts["P2"], pts["P3"], pts["P4"]) == (0, 2, 0, 1)


def test_a_vote_the_rules_refused_is_no_vote_for_the_autokill():
    """A vote for a dead player is refused, and the reply told the player «не принят … будет
    штрафное очко»: without another vote he gets the point (a fresh host's trial, session 61:
    the reply promised a point the day's resolution never gave). A vote for a living player
    counts as voting."""
    s = game(autokill_points=3)
    s.players["P4"].alive = False
    res = run(s, mv("P1", "vote", "P4"), mv("P2", "vote", "B1"))
    assert out(res, "P1", "vote")[0] == "refused"
    pts = {n: p.autokill_points for n, p in res.new_state.players.items()}
    assert (pts["P1"], pts["P2"]) == (1, 0)
    assert "no_vote" in res.autokill["P1"] and "P2" not in res.autokill


def test_autokilled_player_does_nothing():
    s = game(autokill_points=1)
    res = run(s, mv("B1", "clan_kill", "P1"), mv("P1", "vote", "P2"))
    assert out(res, "B1", "clan_kill") == ("void", "autokilled")
    assert res.lynched == ["P2"] and "P1" not in dead(res)


# ---------------------------------------------------------------- actor, son, win

def test_actor_takes_first_dead_member_role():
    res = run(game(), votes=votes(P1="T1"))
    assert res.new_state.players["A1"].role == "thief"
    assert [(a.kind, a.player, a.role) for a in res.activations] == [("actor", "A1", "thief")]
    r2 = run(res.new_state, votes=votes(P1="G1"))
    assert r2.new_state.players["A1"].role == "thief"


def test_son_joins_clan_of_dead_boss_actor_waits():
    res = run(game(), votes=votes(P1="B1"))
    son = res.new_state.players["Son"]
    assert (son.role, son.clan, son.son_active) == ("boss", "clan1", True)
    assert res.new_state.players["A1"].role == "actor"
    r2 = run(res.new_state, mv("Det", "check", "Son"), mv("Son", "clan_kill", "P2"))
    assert info(r2, "Det") == ["mafia"]
    assert dead(r2) == {"P2"}


def test_actor_takes_boss_when_son_dead():
    r1 = run(game(), votes=votes(P1="Son"))
    r2 = run(r1.new_state, votes=votes(P1="B1"))
    assert r2.new_state.players["A1"].role == "boss"


def test_both_bosses_die_son_joins_smaller_clan():
    s = game()
    s.players["T2"].alive = False
    res = run(s, mv("B1", "clan_kill", "B2"), mv("B2", "clan_kill", "B1"))
    assert res.new_state.players["Son"].clan == "clan2"
    assert res.new_state.players["A1"].role == "boss"  # the son went elsewhere
    res = run(game(seed=11), mv("B1", "clan_kill", "B2"), mv("B2", "clan_kill", "B1"))
    assert ("day1.son_clan", res.new_state.players["Son"].clan) in res.draws


def test_win_detection():
    small = {"B1": "clan1.boss", "P1": "civilian", "P2": "civilian", "Doc": "doctor"}
    assert run(game(small), votes=votes(P1="B1", P2="B1")).winner == "civilians"
    res = run(game(small), mv("B1", "clan_kill", "P1"), votes=votes(B1="P2", Doc="P2"))
    assert res.winner == "clan1"
    assert run(game(small)).winner is None


def test_two_clans_facing_each_other_go_on():
    s = game({"B1": "clan1.boss", "B2": "clan2.boss", "P1": "civilian"})
    assert run(s, votes=votes(B1="P1", B2="P1")).winner is None


# ---------------------------------------------------------------- input handling

def test_late_and_dead_and_unknown_target():
    s = game()
    s.players["P4"].alive = False
    late = Submission("Doc", Move("heal", "P1"), T0 + timedelta(days=2), next(_seq))
    res = resolve_turn(s, TurnInput(day=1, deadline=T0 + timedelta(hours=1), submissions=[
        late, mv("P4", "vote", "B1"), mv("Det", "check", "P4")]))
    assert out(res, "Doc", "heal") == ("refused", "late")
    assert out(res, "P4", "vote") == ("refused", "dead")
    assert out(res, "Det", "check") == ("refused", "target_dead")


def test_not_your_role():
    res = run(game(), mv("P1", "heal", "P2"), mv("Doc", "check", "B1"))
    assert out(res, "P1", "heal") == ("refused", "not_your_role")
    assert out(res, "Doc", "check") == ("refused", "not_your_role")


def test_cancel_voids_earlier_moves():
    t = TurnInput(day=1, submissions=[mv("Man", "maniac_kill", "P1", minute=1)],
                  cancels=[("Man", T0 + timedelta(minutes=2), 10**9)])
    res = resolve_turn(game(), t)
    assert out(res, "Man", "maniac_kill") == ("void", "cancelled")
    assert dead(res) == set()


def test_statuses_json_shape():
    res = run(game(), mv("T1", "rob", "Det"), mv("Thug", "beat", "Det"), mv("Doc", "heal", "P1"),
              mv("G2", "guard", "T2"))
    assert res.to_json()["statuses"] == {
        "T2": ["guarded"], "Det": ["beaten", "robbed"], "P1": ["healed"]}


def test_resolve_does_not_mutate_and_snapshots_round_trip():
    s = game()
    before = json.dumps(s.to_json(), sort_keys=True)
    res = run(s, mv("Psy", "invite", "P1"), mv("B1", "clan_kill", "P2"), votes=votes(P3="T1"))
    assert json.dumps(s.to_json(), sort_keys=True) == before
    snap = res.new_state.to_json()
    again = GameState.from_json(json.loads(json.dumps(snap)))
    assert again.to_json() == snap
    assert again == res.new_state


def test_wrong_day_rejected():
    with pytest.raises(ValueError):
        resolve_turn(game(), TurnInput(day=2))


def test_to_json_turn_object_keys():
    res = run(game(), mv("Det", "check", "B1"), votes=votes(P1="P2"))
    j = res.to_json()
    assert list(j) == ["day", "event", "lynched", "deaths", "statuses", "info", "moves"]
    assert j["deaths"] == [{"player": "P2", "cause": "lynch"}]
    assert j["moves"] == [{"by": "Det", "action": "check", "target": "B1", "outcome": "done",
                           "reason": "ok"}]
    assert j["info"] == [{"to": "Det", "action": "check", "target": "B1", "result": "mafia"}]


# ---------------------------------------------------------------- properties (hypothesis)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

NICKS = list(ROSTER)
SIMPLE_ACTIONS = ["rob", "guard", "boss_check", "clan_kill", "check", "heal", "invite", "search",
                  "beat", "watch", "maniac_kill", "hunt", "vote", "mortar", "swindle", "delegate",
                  "on_behalf", "partner", "fear_choice"]
#: the step at which an action is carried out (votes are cast before the turn)
ACTION_STEP = {"rob": 2, "swindle": 3, "beat": 5, "heal": 7, "guard": 8, "mortar": 8.5,
               "clan_kill": 9, "hunt": 9.5, "maniac_kill": 10, "check": 11, "boss_check": 11,
               "search": 11, "watch": 11}

move_st = st.builds(
    lambda by, action, target, minute: (by, action, target, minute),
    st.sampled_from(NICKS), st.sampled_from(SIMPLE_ACTIONS), st.sampled_from(NICKS),
    st.integers(0, 30),
)
turn_st = st.fixed_dictionaries({
    "moves": st.lists(move_st, max_size=25),
    "votes": st.dictionaries(st.sampled_from(NICKS), st.sampled_from(NICKS), max_size=12),
    "event": st.sampled_from(["none", "full_moon", "rage", "voice", "holiday", "palms", "fear",
                              "choose_me", "appeal", "eclipse", "paradox", "secret"]),
    "lost": st.lists(st.sampled_from(NICKS), max_size=3),
})


def _subs(moves):
    out = []
    for i, (by, action, target, minute) in enumerate(moves):
        if action == "swindle":
            move = Move("swindle", target, branches=(("doctor", Move("heal", by)),
                                                     ("maniac", Move("maniac_kill", target))))
        elif action == "on_behalf":
            move = Move("on_behalf", member=target, move=Move("clan_kill" if minute % 2 else "rob", by))
        else:
            move = Move(action, target)
        out.append(Submission(by, move, T0 + timedelta(minutes=minute), i))
    return out


def _turn_input(state, spec):
    return TurnInput(day=state.day, event=spec["event"], submissions=_subs(spec["moves"]),
                     votes={k: [v] for k, v in spec["votes"].items()},
                     lost_vote=spec["lost"],
                     mortar="P1" if spec["event"] == "holiday" else None,
                     immune="P2" if spec["event"] == "choose_me" else None)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(turn_st, min_size=1, max_size=4), st.integers(0, 10**6))
def test_invariants_over_random_games(turns, seed):
    state = game(seed=seed, autokill_points=3)
    for spec in turns:
        if state.winner:
            break
        turn = _turn_input(state, spec)
        before = json.dumps(state.to_json(), sort_keys=True)
        res = resolve_turn(state, turn)
        # never mutates its input; the same input gives the same JSON and state
        assert json.dumps(state.to_json(), sort_keys=True) == before
        again = resolve_turn(state, turn)
        assert again.to_json() == res.to_json()
        assert again.new_state.to_json() == res.new_state.to_json()
        # nobody dies twice, and nobody already dead dies
        died = [d.player for d in res.deaths]
        assert len(died) == len(set(died))
        assert all(state.players[n].alive for n in died)
        # a dead player never acts
        step_of = {d.player: d.step for d in res.deaths}
        for m in res.moves:
            if not state.players[m.by].alive:
                assert m.outcome == "refused"
            step = ACTION_STEP.get(m.action)
            acted = m.outcome == "done" or (m.outcome == "failed" and m.reason != "dead")
            if acted and step is not None and m.member is None:
                assert step_of.get(m.by, 99) >= step, (m, step_of)
            if m.reason == "dead" and m.outcome == "failed" and step is not None:
                assert step_of[m.by] < step, (m, step_of)  # failed/dead: killed before his step
        # the snapshot round-trips exactly
        snap = json.loads(json.dumps(res.new_state.to_json()))
        assert GameState.from_json(snap).to_json() == res.new_state.to_json()
        state = res.new_state


@settings(max_examples=100, deadline=None)
@given(st.lists(turn_st, min_size=1, max_size=3), st.integers(0, 10**6),
       st.dictionaries(st.sampled_from(NICKS), st.sampled_from(NICKS), max_size=24))
def test_turn_without_moves_kills_only_doomed_lynched_autokilled(turns, seed, votes_):
    state = game(seed=seed, autokill_points=3)
    for spec in turns:  # some history: doomed players, points, dead players
        if state.winner:
            return
        state = resolve_turn(state, _turn_input(state, spec)).new_state
    if state.winner:
        return
    res = resolve_turn(state, TurnInput(day=state.day, votes={k: [v] for k, v in votes_.items()}))
    assert {d.cause for d in res.deaths} <= {"lynch", "autokill", "psycho"}
    assert res.moves == []


# ---------------------------------------------------------------- vocabulary, house rules

def test_every_reason_in_the_code_has_a_russian_phrase():
    import re
    from pathlib import Path

    from engine.reasons import REASONS

    src = "".join(p.read_text(encoding="utf-8") for p in Path("engine").glob("*.py"))
    used = set(re.findall(r'set\("(?:done|failed|void|refused)", "([a-z_]+)"\)', src))
    used |= set(re.findall(r'fail_info\(act, "([a-z_]+)"\)', src))
    used |= set(re.findall(r'return "([a-z_]+)"', src)) & {
        r for r in re.findall(r'"([a-z_]+)"', src) if r.startswith(("target_", "not_", "same_"))}
    assert len(used) > 20
    assert used <= set(REASONS), used - set(REASONS)


@pytest.mark.parametrize("bad", [
    {"hunt_step": "whenever"}, {"lynch_tie": "coin"}, {"hunt_threshold": 0},
    {"autokill_points": "3"}, {"weekend_merge": "yes"}, {"cook": 1},
])
def test_house_rules_validated(bad):
    with pytest.raises(ValueError):
        HouseRules.from_dict(bad)


def test_move_without_target_refused():
    res = run(game(), mv("Doc", "heal", None))
    assert out(res, "Doc", "heal") == ("refused", "target_unknown")


def test_moves_refused_by_the_parser_are_listed():
    t = TurnInput(day=1, submissions=[mv("Doc", "heal", "P1")],
                  refused=[(mv("T1", "rob", "Doc", minute=1), "same_target_twice"),
                           (mv("P1", "mortar", "B1", minute=2), "no_mortar")])
    res = resolve_turn(game(), t)
    assert [(m.by, m.action, m.outcome, m.reason) for m in res.moves] == [
        ("Doc", "heal", "done", "ok"), ("T1", "rob", "refused", "same_target_twice"),
        ("P1", "mortar", "refused", "not_allowed")]
    assert res.statuses == {"P1": ["healed"]}
