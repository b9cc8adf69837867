"""One source of legality (DECISIONS.md §2): what a reply accepts is what close-day applies.

Unit tests of :mod:`engine.legality` on the reply path (parse → screen), the same rules at
close-day (engine.replay.build_turn → resolver), and a property over generated games: every
move a reply accepted is at close-day applied or failed, or voided/refused only for a reason
that arose after the reply (a later letter, the host's vote, the immune player's partner).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.collect import collect_acts
from engine.gamefile import GameFile, LetterSpec, TurnSpec
from engine.legality import screen_letter, standing_actions
from engine.lynch import tally
from engine.model import EVENTS, TurnInfo
from engine.parse import parse_letter
from engine.replay import build_turn
from engine.resolve import open_day, resolve_turn
from engine.state import GameState

START = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)
ROSTER = {
    "Бука": "doctor", "Маруська": "detective", "Ягуарчик": "clan1.boss", "Serginio": "fan",
    "Darkwing": "maniac", "Шершень": "clan1.thief", "Лисичка": "hostess", "Карлсон": "thug",
    "Ромашка": "civilian", "Совушка": "witness",
}


def day2_state(**changes) -> GameState:
    state = GameState.new(5, ROSTER)
    state.day = 2
    for key, value in changes.items():
        setattr(state, key, value)
    return state


def reply(state: GameState, info: TurnInfo, sender: str, text: str, standing=()):
    return screen_letter(parse_letter(text, sender, state, info), sender, state, info, standing)


def test_fan_earned_check_with_a_hunt_is_refused_in_the_reply():
    """DECISIONS.md §4 Fan: her earned check is a detective's check, so no hunt with it; the
    reply says so (it used to accept both and close-day refused the hunt)."""
    state = day2_state()
    fan = state.players["Serginio"]
    fan.fan_found = fan.fan_check_left = True
    res = reply(state, TurnInfo(day=2), "Serginio", "Проверяю: Ромашка\nМО: Карлсон")
    assert [m.to_json() for m in res.moves] == [{"action": "check", "target": "Ромашка"}]
    [p] = res.problems  # the parser refuses it with engine.legality's own reason and words
    assert (p.kind, p.action, p.target) == ("not_allowed", "hunt", "Карлсон")
    assert p.reason == "hunt_with_check"
    assert p.message.startswith("Мирную охоту нельзя отправлять в один день с ")


def test_a_dead_target_beside_a_kept_vote_is_refused_alone():
    """«Ярость»: «Линч: Ромашка, Карлсон» with Ромашка dead keeps the vote for Карлсон; the
    reply refuses the move on the dead player, not the whole line it also accepts."""
    state = day2_state()
    state.players["Ромашка"].alive = False
    res = reply(state, TurnInfo(day=2, event="rage"), "Бука", "Линч: Ромашка, Карлсон")
    assert [m.to_json() for m in res.moves] == [{"action": "vote", "target": "Карлсон"}]
    [p] = res.problems
    assert (p.kind, p.reason) == ("not_allowed", "target_dead")
    assert p.message == ("Игрок «Ромашка» уже выбыл из игры: голос за этого игрока не принят "
                         "(«Линч: Ромашка, Карлсон»).")


def test_a_hunt_after_a_heal_sent_earlier_is_refused_in_its_reply():
    state = day2_state()
    info = TurnInfo(day=2)
    first = reply(state, info, "Бука", "Лечу: Ромашка")
    standing = standing_actions([(first.moves, first.cancel)])
    second = reply(state, info, "Бука", "МО: Карлсон", standing)
    assert second.moves == () and second.problems[0].reason == "hunt_with_role_move"
    # «отменяю ход» withdraws the heal first: the hunt is then allowed
    third = reply(state, info, "Бука", "Отменяю ход. МО: Карлсон", standing)
    assert [m.action for m in third.moves] == ["hunt"]


def test_appeal_vote_for_someone_who_may_not_be_voted_is_refused_naming_who_may():
    state = day2_state(lynched_by_day={1: ["Ромашка"]},
                       votes_by_day={1: {"Бука": ["Ромашка"], "Карлсон": ["Ромашка"], "Darkwing": ["Бука"]}})
    info = TurnInfo(day=2, event="appeal")
    bad = reply(state, info, "Маруська", "Линч: Darkwing")
    assert bad.moves == ()
    assert bad.problems[0].reason == "appeal_not_allowed"
    assert bad.problems[0].message == (
        "Сегодня «Апелёвка»: голосовать можно только за тех, кто вчера голосовал за повешенного: "
        "Бука, Карлсон. Голос «Линч: Darkwing» не принят, проголосуйте за одного из них.")
    good = reply(state, info, "Маруська", "Линч: Карлсон")
    assert [m.to_json() for m in good.moves] == [{"action": "vote", "target": "Карлсон"}]
    state.players["Карлсон"].alive = False  # killed in the night: no longer offered (a trial)
    assert reply(state, info, "Маруська", "Линч: Darkwing").problems[0].message == (
        "Сегодня «Апелёвка»: голосовать можно только за тех, кто вчера голосовал за повешенного: "
        "Бука. Голос «Линч: Darkwing» не принят, проголосуйте за одного из них.")


def test_appeal_vote_is_not_refused_when_yesterdays_lynch_is_not_on_record():
    """«Апелёвка» needs a lynch yesterday (DECISIONS.md §6, event 9): with none on record the
    record is missing, and the reply does not tell the sender that nobody may be voted."""
    info = TurnInfo(day=2, event="appeal")
    for text in ("Апелёвка: голосую за Карлсона, он вчера голосовал за повешенного.",
                 "Линч: Darkwing"):
        res = reply(day2_state(), info, "Маруська", text)
        assert [m.action for m in res.moves] == ["vote"] and res.problems == ()


def test_vote_for_the_immune_player_is_refused_in_the_reply():
    state = day2_state()
    info = TurnInfo(day=2, event="choose_me", immune="Бука")
    res = reply(state, info, "Маруська", "Линч: Бука")
    assert res.moves == () and res.problems[0].reason == "target_immune"
    assert "иммунитет («Выбери меня!»)" in res.problems[0].message


def test_fan_who_used_her_earned_check_yesterday_may_not_search():
    """DECISIONS.md §4 Fan: she earns her check only by finding her role, so a check of hers
    yesterday means she found it and searches no more, even for another role."""
    state = day2_state()
    state.players["Маруська"].alive = False
    state.players["Serginio"].last_targets = {"check": "Карлсон"}
    res = reply(state, TurnInfo(day=2), "Serginio", "Ищу доктора у Ромашки. Линч: Карлсон")
    assert [m.action for m in res.moves] == ["vote"]
    assert [p.reason for p in res.problems] == ["already_found"]


def test_fan_naming_only_the_role_she_searches_for_is_accepted():
    """«Теперь ищу доктора» with the detective dead names her search role from now on: no
    player, nothing to refuse (it used to be refused as a move with no target)."""
    state = day2_state()
    state.players["Маруська"].alive = False
    res = reply(state, TurnInfo(day=2), "Serginio", "Комиссара нет, теперь ищу доктора.")
    assert [m.to_json() for m in res.moves] == [{"action": "search", "role": "doctor"}]
    assert res.problems == ()


def test_close_day_refuses_exactly_what_the_reply_refused():
    """The refused hunt reaches the resolver as refused with the reply's reason; the check the
    reply accepted is carried out."""
    state = GameState.new(5, ROSTER)
    fan = state.players["Serginio"]
    fan.fan_found = fan.fan_check_left = True
    game = GameFile(title="t", seed=5, timezone="Europe/Moscow", start=START, rules=state.rules,
                    roles=ROSTER, turns=[])
    spec = TurnSpec(event="none", letters=[
        LetterSpec("Serginio", START + timedelta(hours=1), "Проверяю: Ягуарчик\nМО: Карлсон")])
    result = resolve_turn(state, build_turn(game, state, 1, spec))
    mine = {(m.action, m.target): (m.outcome, m.reason) for m in result.moves if m.by == "Serginio"}
    assert mine[("check", "Ягуарчик")] == ("done", "ok")
    assert mine[("hunt", "Карлсон")] in (("refused", "hunt_with_check"), ("refused", "not_allowed"))


def test_a_fear_choice_sent_before_the_tally_is_read_as_its_reply_read_it():
    """«Страх»: a «Выбираю: X» letter of the day, from the player the votes then choose, was
    not accepted by its reply (nobody was chosen yet); close-day must not apply it either —
    the chosen player is asked after the deadline (DECISIONS.md §6.1)."""
    state = GameState.new(0, ROSTER)
    state.day = 2
    game = GameFile(title="t", seed=0, timezone="Europe/Moscow", start=START, rules=state.rules,
                    roles=ROSTER, turns=[])
    at = START + timedelta(days=1, minutes=5)
    letters = [LetterSpec("Darkwing", at, "Линч: Serginio"), LetterSpec("Serginio", at, "Выбираю: Darkwing")]
    info = TurnInfo(day=2, event="fear")
    replied = parse_letter("Выбираю: Darkwing", "Serginio", state, info)
    assert not any(m.action == "fear_choice" for m in replied.moves)
    turn = build_turn(game, state, 2, TurnSpec(event="fear", letters=letters))
    assert [(s.by, s.move.action) for s in turn.submissions] == [("Darkwing", "vote")]


# --- the property ---------------------------------------------------------------------------

TEMPLATES = {
    "heal": "Лечу: {n}", "check": "Проверяю: {n}", "hunt": "МО: {n}", "vote": "Линч: {n}",
    "rob": "Граблю: {n}", "clan_kill": "Убиваем: {n}", "beat": "Бью: {n}", "invite": "Приглашаю: {n}",
    "watch": "Слежу: {n}", "search": "Ищу комиссара: {n}", "guard": "Охраняю: {n}",
    "cancel": "Отменяю ход", "partner": "Выбираю: {n}",
}
NICKS = sorted(ROSTER)

#: Reasons a move accepted in its reply may still be voided or refused at close-day: each
#: arises after the reply (a later letter of the same player, the host's forum vote, the
#: immune player's partner named later, a boss's move against a member's own).
AFTER_REPLY = {"superseded", "cancelled", "host_vote", "member_moved", "delegated", "lost_vote"}


@st.composite
def games(draw):
    state = GameState.new(draw(st.integers(0, 10_000)), ROSTER)
    state.day = 2
    dead = draw(st.sets(st.sampled_from(NICKS), max_size=3))
    for nick in dead:
        state.players[nick].alive = False
    for nick in NICKS:
        if draw(st.booleans()):
            state.players[nick].last_targets = {a: draw(st.sampled_from(NICKS))
                                                for a in ("heal", "invite", "beat", "rob")}
    fan = state.players["Serginio"]
    fan.fan_found = fan.fan_check_left = draw(st.booleans())
    lynched = draw(st.sampled_from(NICKS))
    state.lynched_by_day = {1: [lynched]}
    state.votes_by_day = {1: {v: [draw(st.sampled_from([lynched] + NICKS))] for v in NICKS}}
    # the events whose rules limit votes or moves come often
    event = draw(st.one_of(st.sampled_from(("appeal", "choose_me", "holiday")), st.sampled_from(EVENTS)))
    letters = draw(st.lists(st.tuples(
        st.sampled_from([n for n in NICKS if n not in dead] or NICKS),
        st.integers(0, 600),
        st.lists(st.tuples(st.one_of(st.just("vote"), st.just("hunt"), st.sampled_from(sorted(TEMPLATES))),
                           st.sampled_from(NICKS)),
                 min_size=1, max_size=3)), min_size=1, max_size=10))
    votes = draw(st.dictionaries(st.sampled_from(NICKS), st.sampled_from(NICKS), max_size=2))
    return state, event, letters, votes


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_every_move_a_reply_accepted_is_applied_or_fails_for_a_later_reason(game):
    state, event, letters, host_votes = game
    opening = open_day(state, 2, event)
    info = TurnInfo(day=2, event=opening.event, immune=opening.immune, mortar=opening.mortar)
    specs, seen = [], {}
    for k, (sender, minute, parts) in enumerate(sorted(letters, key=lambda x: x[1])):
        text = "\n".join(TEMPLATES[a].format(n=n) for a, n in parts)
        at = START + timedelta(days=1, minutes=minute)
        res = reply(state, info, sender, text, standing_actions(seen.get(sender, [])))
        seen.setdefault(sender, []).append((res.moves, res.cancel or res.skip))
        specs.append(LetterSpec(sender, at, text, f"l{k}"))
    game = GameFile(title="t", seed=state.seed, timezone="Europe/Moscow", start=START,
                    rules=state.rules, roles=ROSTER, turns=[])
    spec = TurnSpec(event=opening.event, letters=specs, votes={v: [t] for v, t in host_votes.items()},
                    immune=opening.immune, mortar=opening.mortar)
    turn = build_turn(game, state, 2, spec)
    accepted = [m for moves in seen.values() for letter_moves, _ in moves for m in letter_moves]
    assert sorted(repr(s.move.to_json()) for s in turn.submissions) == sorted(
        repr(m.to_json()) for m in accepted)  # close-day reads what the replies accepted
    acts = collect_acts(state, turn)
    tally(state, turn, acts)
    given_seqs = {s.seq for s in turn.submissions}
    for act in acts:
        if act.seq not in given_seqs or act.outcome in (None, "done"):
            continue
        later = [a for a in acts if a.owner == act.owner and (a.at, a.seq) > (act.at, act.seq)]
        if act.reason in AFTER_REPLY:
            continue
        if act.reason in ("hunt_with_check", "hunt_with_role_move"):
            assert any(a.seq in given_seqs and a.action != "hunt" for a in later), act
            continue
        if act.reason == "target_immune":
            assert act.outcome == "failed" and opening.immune not in (act.move.targets or (act.target,)), act
            continue
        raise AssertionError(f"accepted in the reply, refused at close-day: {act}")
    resolve_turn(state, turn)  # and the whole day resolves


def test_abstention_after_an_earlier_vote_says_the_vote_stays():
    """«Линч: никого» in a later letter takes no vote away (there is no abstaining vote): the
    reply says the earlier letter's vote stays, not that an autokill point is coming."""
    state, info = day2_state(), TurnInfo(day=2)
    alone = reply(state, info, "Ромашка", "Линч: никого")
    after = reply(state, info, "Ромашка", "Линч: никого", standing=("vote",))
    assert alone.moves == after.moves == ()
    assert [p.reason for p in alone.problems] == ["abstain"] and "автокилл" in alone.problems[0].message
    [p] = after.problems
    assert (p.kind, p.reason) == ("not_allowed", "abstain_vote_stays")
    assert "Ваш голос из прежнего письма остаётся в силе" in p.message and "автокилл" not in p.message


def test_the_vote_of_an_earlier_letter_stands_for_the_next_reply():
    """What sync hands the screen after a letter with a vote: ``standing_actions`` of that
    letter holds ``"vote"`` (it used to hold only role moves, so a later «Линч: никого» was
    answered with the autokill warning although the vote stood); «отменяю ход» keeps it."""
    state, info = day2_state(), TurnInfo(day=2)
    first = reply(state, info, "Бука", "Лечу: Ромашка. Голосую за Карлсона")
    standing = standing_actions([(first.moves, first.cancel)])
    assert standing == {"heal", "vote"}
    assert standing_actions([(first.moves, False), ((), True)]) == {"vote"}
    [p] = reply(state, info, "Бука", "Линч: никого", standing).problems
    assert p.reason == "abstain_vote_stays"


def test_two_names_on_a_one_vote_day_both_out_are_told_as_out():
    """«Линч: Бука, Шкаф» with both out of the game: the reply says they are out (a new host
    saw «Названо больше игроков, чем у вас сегодня голосов» for a late letter)."""
    from test_parse import build

    state, turn = build({"from": "Serginio", "dead": ["Бука", "Шкаф"]})
    [p] = parse_letter("Линч: Бука, Шкаф", "Serginio", state, turn).problems
    assert (p.kind, p.reason, p.target) == ("not_allowed", "target_dead", "Бука")


def test_a_move_of_a_player_already_out_is_told_as_refused_not_as_killed_first():
    """A letter from a player out of the game before the day (the host's ``inbox``,
    ``explain``): «уже выбыл», not «выбыл раньше, чем дошла очередь его хода», which is said of
    a player killed during the night before his step."""
    from engine.reasons import phrase
    from mailer.words import refusal_label

    assert phrase("dead", "refused") == "игрок уже выбыл из игры, его ходы не принимаются"
    assert phrase("dead", "failed") == "игрок выбыл из игры раньше, чем дошла очередь его хода"
    assert refusal_label({"kind": "not_allowed", "reason": "dead"}) == phrase("dead", "refused")
