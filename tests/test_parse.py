"""The letter parser (issue 3): the corpus in tests/parse_corpus and focused checks.

Each corpus case is a letter with its roster, the state it needs (dead players, last turn's
targets, the day's event) and the exact JSON of `mafia-mail parse` it must give.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from engine.model import Move, TurnInfo
from engine.parse import parse_letter
from engine.state import GameState

CORPUS = Path(__file__).parent / "parse_corpus"
ROSTERS = tomllib.loads((CORPUS / "rosters.toml").read_text(encoding="utf-8"))


def load_cases() -> list[tuple[str, dict]]:
    """All corpus cases as (id, case table)."""
    out = []
    for path in sorted(CORPUS.glob("*.toml")):
        if path.name == "rosters.toml":
            continue
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for n, case in enumerate(data["case"]):
            out.append((f"{path.stem}-{n:03d}", case))
    return out


def build(case: dict) -> tuple[GameState, TurnInfo]:
    """The game state and turn a corpus case describes."""
    state = GameState.new(1, ROSTERS[case.get("roster", "std")])
    for nick in case.get("dead", []):
        state.players[nick].alive = False
    sender = state.players.get(case["from"])
    if sender is not None:
        sender.last_targets = dict(case.get("last", {}))
        sender.fan_check_left = case.get("fan_check_left", False)
        sender.fan_found = case.get("fan_found", False)
        if case.get("son_active"):
            sender.son_active, sender.role = True, "boss"
            sender.clan = case["son_active"]
    if "voted" in case:  # the sender's votes of the day before (state.votes_by_day)
        state.votes_by_day[case.get("day", 1) - 1] = {case["from"]: list(case["voted"])}
    turn = TurnInfo(day=case.get("day", 1), event=case.get("event", "none"),
                    immune=case.get("immune"), mortar=case.get("mortar"),
                    fear_chosen=case.get("fear_chosen"))
    return state, turn


CASES = load_cases()


def test_corpus_is_big_enough():
    assert len(CASES) >= 200


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[i for i, _ in CASES])
def test_corpus(case):
    state, turn = build(case)
    result = parse_letter(case["text"], case["from"], state, turn)
    expected = {"moves": case.get("moves", []), "problems": case.get("problems", [])}
    assert result.to_json() == expected
    assert result.skip == case.get("skip", False)
    assert result.cancel == case.get("cancel", False)
    if "unvote" in case:  # the votes of earlier letters taken back (ParseResult.unvote)
        assert list(result.unvote) == case["unvote"]
    if "reasons" in case:
        assert [p.reason for p in result.problems] == case["reasons"]


# --- focused checks ------------------------------------------------------------------------


def std(**kw):
    return build({"from": "Бука", **kw})


def test_spans_quote_the_letter():
    state, turn = std()
    r = parse_letter("Привет!\nЛечу Буку.\nЛинч: Маруська, она подозрительная", "Serginio",
                     state, turn)
    assert [m.span for m in r.moves] == ["Лечу Буку", "Линч: Маруська"]


def test_every_problem_has_a_russian_message():
    state, turn = std()
    r = parse_letter("Лечу Кира. Проверяю Буку. Линч: Вася. Лечу как вчера", "Serginio",
                     state, turn)
    assert [p.kind for p in r.problems] == ["ambiguous", "not_your_role", "unknown_name",
                                            "unparsed"]
    assert r.problems[0].message.startswith("Не понял, кого вы имеете в виду: «Кир» или «Кира»")
    assert "«Вася»" in r.problems[2].message
    assert all(p.message and p.text for p in r.problems)


def test_describe_move():
    # imported here: benchmarks/same_results.py imports this module beside an older engine/
    from engine.move_words import describe_move

    state, _ = std()
    assert describe_move(Move("heal", target="Бука"), state) == "Лечение: Бука"
    assert describe_move(Move("vote", target="Serginio"), state) == "Голос на линче: Serginio"
    assert describe_move(Move("vote", targets=("Бука", "Кир")), state) == \
        "Голоса на линче: Бука и Кир"
    swindle = Move("swindle", target="Serginio",
                   branches=(("doctor", Move("heal", target="Бука")),
                             ("detective", Move("check", target="Кир"))))
    assert describe_move(swindle, state) == (
        "Жульничество: Serginio (если врач — лечение: Бука; если детектив — проверка: Кир)")
    behalf = Move("on_behalf", member="Воришка", move=Move("rob", target="Бука"))
    # the member's move named first, as the result letter names it (no «: кража:»)
    assert describe_move(behalf, state) == "Кража за Воришку (вор): Бука"
    assert describe_move(behalf) == "Кража за Воришку: Бука"  # no game state (the host's show)
    # the role searched for, never read as the target's role («Поиск (детектив): Бука»)
    assert describe_move(Move("search", target="Бука"), state) == "Поиск детектива: Бука"
    assert describe_move(Move("search", target="Бука", role="doctor"), state) == "Поиск врача: Бука"
    assert describe_move(Move("delegate"), state) == "Ход на усмотрение босса"


def test_dead_sender_gets_every_move_refused():
    state, turn = build({"from": "Serginio", "dead": ["Serginio"]})
    r = parse_letter("Лечу Буку. Линч: Кир", "Serginio", state, turn)
    assert r.moves == ()
    assert [(p.kind, p.reason) for p in r.problems] == [("not_allowed", "dead")] * 2


def test_dead_sender_is_asked_nothing_and_told_nothing_of_his_clan():
    """A dead boss's «Воришка … пусть шарит у Кира» (no rule reads it) and an ambiguous «Сер»:
    a living boss is asked about both; a dead one only told that he is out — the question
    on «an order for a member of your clan» would tell him who is in his clan now."""
    text = "Воришка, удачи, отомсти за меня! Убиваем Буку. Линч: Сер. Воришка пусть шарит у Кира в карманах"
    state, turn = build({"from": "Ягуарчик"})
    alive = parse_letter(text, "Ягуарчик", state, turn)
    assert {p.reason for p in alive.problems} >= {"ambiguous", "member_unread"}
    state, turn = build({"from": "Ягуарчик", "dead": ["Ягуарчик"]})
    r = parse_letter(text, "Ягуарчик", state, turn)
    assert r.moves == ()
    assert [(p.kind, p.reason) for p in r.problems] == [("not_allowed", "dead")] * len(r.problems)
    assert [p.text for p in r.problems] == ["Убиваем Буку", "Линч: Сер", "Воришка, удачи, отомсти за меня",
                                            "Воришка пусть шарит у Кира в карманах"]
    assert not any("клан" in p.message for p in r.problems)


def test_cache_is_per_roster():
    from engine.names import name_index

    a = name_index(tuple(ROSTERS["std"]))
    assert name_index(tuple(ROSTERS["std"])) is a
    assert name_index(tuple(ROSTERS["latin"])) is not a


def test_help_does_not_load_the_dictionary():
    code = ("import sys; from click.testing import CliRunner; from mailer.cli import main; "
            "r = CliRunner().invoke(main, ['--help']); assert r.exit_code == 0; "
            "print('pymorphy3' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def _has_replay() -> bool:
    try:
        import engine.replay  # noqa: F401
        import engine.gamefile  # noqa: F401
    except ImportError:
        return False
    return hasattr(engine.replay, "parse_in_game")


GAME = """
[game]
seed = 7
start = "2026-12-07 19:30"
[roles]
"Ягуарчик" = "clan1.boss"
"Serginio" = "doctor"
"Маруська" = "psycho"
"Бука" = "civilian"
"Кир" = "civilian"
"Кира" = "hostess"
[[turn]]
event = "none"
"""


@pytest.mark.skipif(not _has_replay(), reason="engine.replay.parse_in_game not written yet")
@pytest.mark.parametrize("sender,text,expected", [
    ("Serginio", "Лечу Буку. Линч: Маруська",
     {"moves": [{"action": "heal", "target": "Бука"}, {"action": "vote", "target": "Маруська"}],
      "problems": []}),
    ("Маруська", "Шизю Кира", {"moves": [], "problems": [
        {"text": "Шизю Кира", "kind": "ambiguous", "candidates": ["Кир", "Кира"]}]}),
    ("Бука", "Проверяю Serginio", {"moves": [], "problems": [
        {"text": "Проверяю Serginio", "kind": "not_your_role"}]}),
    # a plain-text letter is read as its e-mail body would be: the quoted older move is not his
    ("Serginio", "Лечу Маруську\n\n________________________________\nОт: Serginio <s@example.org>\n"
     "Отправлено: 4 декабря 2026 г. 15:19\nКому: host@example.org\nТема: ход\n\nЛечу Буку",
     {"moves": [{"action": "heal", "target": "Маруська"}], "problems": []}),
])
def test_cli_parse(tmp_path, sender, text, expected):
    game = tmp_path / "game.toml"
    game.write_text(GAME, encoding="utf-8")
    exe = Path(sys.executable).with_name("mafia-mail")
    out = subprocess.run([str(exe), "parse", "--game", str(game), "--from", sender],
                         input=text, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == expected


@pytest.mark.skipif(not _has_replay(), reason="engine.replay.parse_in_game not written yet")
def test_cli_parse_sender_typed_without_capitals_or_yo(tmp_path):
    """``--from`` takes the nick as a host types it: «маруська» is Маруська; a name that is
    no player stays an error naming it."""
    from click.testing import CliRunner

    from mailer.cli import main

    game = tmp_path / "game.toml"
    game.write_text(GAME.replace('"Кир" = "civilian"', '"Пчёлка" = "civilian"'), encoding="utf-8")
    # in this process (the installed script's own run is test_cli_parse's)
    run = lambda who: CliRunner().invoke(main, ["parse", "--game", str(game), "--from", who],  # noqa: E731
                                         input="Голосую за Буку", prog_name="mafia-mail")
    for typed in ("пчелка", "ПЧЁЛКА", "«Пчелка»"):
        out = run(typed)
        assert out.exit_code == 0, out.stderr
        assert json.loads(out.stdout) == {"moves": [{"action": "vote", "target": "Бука"}], "problems": []}
    out = run("Пчела")
    assert out.exit_code != 0 and "неизвестный игрок «Пчела»" in out.stderr
    # the host sees whom he may name
    assert "игроки этой игры: " in out.stderr and "Пчёлка" in out.stderr.split("игроки этой игры: ")[1]


WORDS = sorted({w for _, c in CASES for w in c["text"].split()} |
               {"—", ":", "«", "»", "\n", "?", "или", "если", "за", "себя", "->"})


def _targets(move: Move):
    yield from ([move.target] if move.target else [])
    yield from move.targets
    for _, branch in move.branches:
        yield from _targets(branch)
    if move.move is not None:
        yield from _targets(move.move)


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), max_size=16),
       sender=st.sampled_from(sorted(ROSTERS["std"])),
       event=st.sampled_from(["none", "rage", "full_moon", "holiday", "fear", "choose_me"]))
def test_any_word_soup_gives_only_living_roster_targets(words, sender, event):
    state, turn = build({"from": sender, "event": event, "mortar": sender, "immune": sender,
                         "fear_chosen": sender, "dead": ["Миралисса"] if sender != "Миралисса" else []})
    result = parse_letter(" ".join(words), sender, state, turn)
    for move in result.moves:
        assert move.span
        for target in _targets(move):
            assert target in state.players and state.players[target].alive
    for p in result.problems:
        assert p.kind in ("unknown_name", "ambiguous", "not_your_role", "not_allowed", "unparsed")
        assert p.message


def test_rule_refusals_name_the_move_for_the_resolver():
    state, turn = build({"from": "Воришка", "last": {"rob": "Шерлок"}})
    r = parse_letter("Ворую у Шерлока. Лечу Буку. Линч: Кир, Сергей", "Воришка", state, turn)
    assert [(p.reason, p.action, p.target) for p in r.problems] == [
        ("same_target_twice", "rob", "Шерлок"),
        ("not_your_role", "heal", "Бука"),
        ("too_many_votes", "", None),  # a question, not a move: nothing to list
    ]
    state, turn = build({"from": "Шерлок"})
    r = parse_letter("Проверяю Буку. МО: Индиго", "Шерлок", state, turn)
    assert [(p.reason, p.action, p.target) for p in r.problems] == [
        ("hunt_with_check", "hunt", "Индиго")]  # engine.legality's reason, as in the reply


#: For each grammatical case: a move word and preposition that govern it.
GOVERNED = {"gent": ("Ворую у", "Воришка"), "datv": ("Приглашаю к", "Кира"),
            "accs": ("Лечу", "Serginio"), "ablt": ("Слежу за", "Зоркий Глаз")}


def _inflect(nick: str, case: str) -> str:
    """The nickname in ``case``, word by word, as a player would write it."""
    from engine.names import morph

    out = []
    for word in nick.split():
        p = next((p for p in morph().parse(word) if "nomn" in p.tag and "sing" in p.tag), None)
        form = p.inflect({case}) if p is not None else None
        out.append(form.word if form is not None else word)
    return " ".join(out)


@pytest.mark.parametrize("case", sorted(GOVERNED))
def test_every_case_form_names_the_player_or_asks(case):
    verb, sender = GOVERNED[case]
    state, turn = build({"from": sender})
    checked = 0
    for nick in ROSTERS["std"]:
        if nick == sender:
            continue
        written = _inflect(nick, case)
        result = parse_letter(f"{verb} {written}", sender, state, turn)
        targets = [t for m in result.moves for t in _targets(m)]
        if targets:
            assert targets == [nick], (written, result)
        else:
            assert [p.kind for p in result.problems] == ["ambiguous"], (written, result)
            assert nick in result.problems[0].candidates
        checked += 1
    assert checked >= 20


# --- the generator's letters (tests/letters.py) ----------------------------------------------


def _body(raw: bytes) -> str:
    import email

    msg = email.message_from_bytes(raw)
    return msg.get_payload(decode=True).decode(msg.get_content_charset())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_planned_move_parses_exactly(seed):
    """Every letter of ``letters.day_plan`` over 20 days gives exactly its planned moves."""
    from datetime import datetime, timedelta, timezone

    from letters import day_plan, roster_24

    roster = roster_24(seed)
    state = GameState.new(1, {p["nick"]: p["role"] for p in roster})
    start = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)
    checked, phrasings = 0, set()
    for day in range(1, 21):
        for letter in day_plan(roster, day, start + timedelta(days=day - 1), seed * 1000 + day,
                               chatter=day % 4 != 0):
            got = parse_letter(_body(letter.raw), letter.sender, state, TurnInfo(day=day))
            assert got.to_json() == {"moves": letter.moves, "problems": []}, _body(letter.raw)
            checked += 1
            phrasings.update(m["action"] for m in letter.moves)
    assert checked > 300
    assert {"swindle", "maniac_kill", "guard", "clan_kill", "delegate", "vote"} <= phrasings


#: Chatter a player writes around his moves, naming other players (``{nom}``, ``{gen}`` …
#: are a living nickname's case forms): none of it is a move.
CHATTER = (
    "{nom} опять всех троллит в ветке 😂", "{nom}, ты где пропал?",
    "Жалко {acc}, хороший игрок.", "Спасибо {dat} за поддержку!",
    "Голос у {gen} сегодня какой-то неуверенный.", "Защита {gen} в ветке выглядела странно.",
    "Вчера голосовали за {acc}, зря.", "Кто за линч {gen} — пишите в ветку.",
    "Охота на ведьм какая-то, {nom} прав.", "Проверка показала, что {nom} мирный.",
    "Вчерашний линч был ошибкой.", "Не понимаю, почему все лечат {acc}.", "Кто убил {acc}?",
    "Мой голос вчера ушёл {dat}, сегодня подумаю.", "Думаю, что линч {gen} — ошибка.",
    "Ведущий, подтвердите, пожалуйста, что мой ход принят.", "Линч — дело серьёзное, {nom}.",
)


@pytest.mark.parametrize("seed", [1, 2])
def test_chatter_around_planned_moves_changes_nothing(seed):
    """Two chatter lines put anywhere in a generated letter leave its moves as planned."""
    import random
    from datetime import datetime, timedelta, timezone

    from letters import day_plan, forms, roster_24

    rng = random.Random(seed)
    roster = roster_24(seed)
    state = GameState.new(1, {p["nick"]: p["role"] for p in roster})
    start = datetime(2026, 12, 7, 16, 30, tzinfo=timezone.utc)
    checked = 0
    for day in range(1, 11):
        for letter in day_plan(roster, day, start + timedelta(days=day - 1), seed * 1000 + day):
            lines = _body(letter.raw).split("\n")
            for _ in range(2):
                nick = rng.choice(roster)["nick"]
                chat = rng.choice(CHATTER).format(**forms(nick))
                lines.insert(rng.randint(0, len(lines)), chat)
            text = "\n".join(lines)
            got = parse_letter(text, letter.sender, state, TurnInfo(day=day))
            assert got.to_json() == {"moves": letter.moves, "problems": []}, text
            checked += 1
    assert checked > 150


def test_abstaining_is_answered_with_the_rule():
    """DECISIONS.md §6–7: there is no abstaining vote; the reply says that a day without a vote
    gives an autokill point and how to vote."""
    state, turn = build({"from": "Бука"})
    result = parse_letter("Линч: воздерживаюсь.", "Бука", state, turn)
    assert result.moves == ()
    [p] = result.problems
    assert (p.kind, p.reason) == ("not_allowed", "abstain")
    assert "автокилл" in p.message and "напишите ник" in p.message
