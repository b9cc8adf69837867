"""A player's answer to the reply's question «which player do you mean?» (issue 11): the
answer («Кира, конечно», «второго») makes the asked move, by reply or by a new letter the
same day; an answer that does not settle it makes nothing (engine/parse_answer.py,
mailer/answered.py)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from engine.model import Problem
from engine.parse_answer import read_answer
from mailer.store import loads
from test_parse import build
from test_sync import START, Game, letter

#: Two players one name fits: «Кирку» is Кир's or Кира's pet form.
EXTRA_PLAYERS = """
[[player]]
nick = "Кир"
email = "kir@example.org"
role = "civilian"
[[player]]
nick = "Кира"
email = "kira@example.org"
role = "hostess"
"""


@pytest.fixture
def game(tmp_path, database_url):
    g = Game(tmp_path, database_url=database_url, players=EXTRA_PLAYERS)
    yield g
    g.store.dispose()


def _letters(game):
    with game.store.session() as s:
        return {l.message_id: l for l in game.store.letters(s)}


def _reply_to(game, msgid: str):
    [reply] = [r for r in game.replies("reply") if r.ref == f"reply:{msgid}"]
    return reply


def test_answer_by_reply_makes_the_asked_move(game):
    game.deliver(letter("buka@example.org", "Лечу Кирку. Линч: Ягуарчик", msgid="q1@x"),
                 START + timedelta(hours=2))
    game.sync()
    asked = _reply_to(game, "q1@x")
    assert "«Кир» или «Кира»" in asked.body
    game.deliver(letter("buka@example.org", "Кира, конечно!\n\n> Не понял, кого вы имеете в виду",
                        msgid="a1@x", extra=f"In-Reply-To: <{asked.message_id}>\r\n"),
                 START + timedelta(hours=3))
    game.sync()
    rows = _letters(game)
    answer = rows["a1@x"]
    assert answer.state == "applied"
    assert loads(answer.moves_json) == [{"action": "heal", "target": "Кира"}]
    assert any("ответ на вопрос к письму" in n for n in loads(answer.notes_json))
    body = _reply_to(game, "a1@x").body
    assert "Лечение: Кира" in body
    # the question's letter keeps its vote: the answer replaces only the heal
    assert "Голос на линче: Ягуарчик" in body.split("Остаются в силе")[1]


def test_status_lists_the_players_who_owe_an_answer(game):
    from mailer.reports import status
    from mailer.status import read_status

    game.deliver(letter("buka@example.org", "Лечу Кирку. Линч: Ягуарчик", msgid="q5@x"),
                 START + timedelta(hours=2))
    game.deliver(letter("serg@example.org", "Линч: Ягуарчик", msgid="v5@x"), START + timedelta(hours=2))
    game.sync()
    reports = [status(game.cfg, game.store)] + ([read_status(game.cfg)] if "sqlite" in game.cfg.database_url else [])
    assert [r.asked for r in reports] == [["Бука"]] * len(reports)
    asked = _reply_to(game, "q5@x")
    game.deliver(letter("buka@example.org", "Кир", msgid="a5@x",
                        extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
    game.sync()
    assert status(game.cfg, game.store).asked == []


def test_answer_as_a_new_letter_the_same_day(game):
    """Read the reply, then wrote a new letter (no In-Reply-To): his latest letter of the day
    before it is the one asked about."""
    game.deliver(letter("buka@example.org", "Лечу Кирку", msgid="q2@x"), START + timedelta(hours=2))
    game.sync()
    game.deliver(letter("buka@example.org", "второго", msgid="a2@x"), START + timedelta(hours=3))
    game.sync()
    rows = _letters(game)
    assert loads(rows["a2@x"].moves_json) == [{"action": "heal", "target": "Кира"}]
    stored = loads(rows["q2@x"].problems_json)
    assert stored[0]["kind"] == "ambiguous" and stored[0]["action"] == "heal"


@pytest.mark.parametrize("by_reply", [False, True])
def test_an_answer_after_an_answer_not_understood_still_answers_the_question(game, by_reply):
    """A fresh host's player (session 54): «Голосую за Кирку» asked; his answer «Киру,
    конечно, Киру» was read as nothing (three words of the name: not an answer); his next
    letter «Кира» — new, or a reply to the reply to that answer, which no longer repeats the
    question — was read as «не понял» again while status listed him as owing an answer. The
    question stays open past letters of no move: the latest letter that asked is answered."""
    game.deliver(letter("buka@example.org", "Лечу Кирку", msgid="q9@x"), START + timedelta(hours=2))
    game.sync()
    asked = _reply_to(game, "q9@x")
    game.deliver(letter("buka@example.org", "Ну эту, которая не Кир, я же писал уже вчера вечером вам", msgid="n9@x",
                        extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
    game.sync()
    rows = _letters(game)
    assert rows["n9@x"].state == "no_moves"
    extra = f"In-Reply-To: <{_reply_to(game, 'n9@x').message_id}>\r\n" if by_reply else ""
    game.deliver(letter("buka@example.org", "Кира", msgid="a9@x", extra=extra), START + timedelta(hours=4))
    game.sync()
    rows = _letters(game)
    assert (rows["a9@x"].state, loads(rows["a9@x"].moves_json)) == ("applied", [{"action": "heal", "target": "Кира"}])


@pytest.mark.parametrize("text", [
    "Кирку",  # the asked pet form again, which both have: still not settled
    "Маруська",  # a player the question did not offer
    "Кира. А вообще я думаю, что Ягуарчик мафия, и завтра проверю его ещё раз, точно",
])
def test_an_answer_that_settles_nothing_makes_no_move(game, text):
    game.deliver(letter("buka@example.org", "Лечу Кирку", msgid="q3@x"), START + timedelta(hours=2))
    game.sync()
    asked = _reply_to(game, "q3@x")
    game.deliver(letter("buka@example.org", text, msgid="a3@x",
                        extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
    game.sync()
    answer = _letters(game)["a3@x"]
    assert answer.state == "no_moves" and loads(answer.moves_json) == []


def _heal_asked_then_answered(game, n: int, answer: str, by: str = "buka@example.org") -> None:
    """Бука's «Лечу Кирку» (asked: Кир or Кира?), then ``answer`` from ``by`` in a reply to
    the question (letters ``q<n>@x`` and ``a<n>@x``), each synced."""
    game.deliver(letter("buka@example.org", "Лечу Кирку", msgid=f"q{n}@x"), START + timedelta(hours=2))
    game.sync()
    asked = _reply_to(game, f"q{n}@x")
    game.deliver(letter(by, answer, msgid=f"a{n}@x",
                        extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
    game.sync()


def test_an_answer_to_a_letter_of_another_player_is_none(game):
    _heal_asked_then_answered(game, 4, "Кира", by="serg@example.org")
    assert _letters(game)["a4@x"].state == "no_moves"


# --- the engine's reading, without mail -----------------------------------------------------

def _asked(roster: str, sender: str, text: str, **case):
    state, turn = build({"roster": roster, "from": sender, "text": text, **case})
    from engine.parse import parse_letter

    return state, turn, parse_letter(text, sender, state, turn).problems


@pytest.mark.parametrize("answer, target", [
    ("Кира", "Кира"), ("Кир!", "Кир"), ("Первый", "Кир"), ("второго", "Кира"),
    ("Я имел в виду Кира, конечно", "Кира"), ("кира)", "Кира"),
    # «Киру»: Кира's accusative (the answer to «кого?»), not Кир's dative (a fresh host's
    # player was not understood with it three times and lost his vote, session 54)
    ("Киру", "Кира"), ("Киру, конечно!", "Кира"), ("Кирку", None),
    ("Кира и Кир", None), ("Бука", None), ("лечу Кира", None),
    ("Кира. И голос за Буку", None),
])
def test_read_answer(answer, target):
    state, turn, asked = _asked("std", "Шерлок", "Проверяю Кирку")
    assert [(p.kind, p.action, p.candidates) for p in asked] == [("ambiguous", "check", ("Кир", "Кира"))]
    got = read_answer(answer, "Шерлок", state, turn, asked)
    assert (None if got is None else [m.to_json() for m in got.moves]) == \
        (None if target is None else [{"action": "check", "target": target}])


def test_read_answer_only_for_the_senders_own_move():
    state, turn, _ = _asked("std", "Шерлок", "Проверяю Кирку")
    asked = [Problem("Лечу Кирку", "ambiguous", ("Кир", "Кира"), action="heal")]
    assert read_answer("Кира", "Шерлок", state, turn, asked) is None  # a detective heals nobody
    # a problem stored without the asked move (an older row, a refusal) is answered by nothing
    assert read_answer("Кира", "Шерлок", state, turn, [Problem("Проверяю Васю", "unknown_name")]) is None
    nobody = [Problem("Проверяю Васю", "unknown_name", action="check")]
    assert [m.to_json() for m in read_answer("Кира", "Шерлок", state, turn, nobody).moves] == \
        [{"action": "check", "target": "Кира"}]
    # one player for two questions: which one he answers is not clear
    both = nobody + [Problem("Линч Кирку", "ambiguous", ("Кир", "Кира"), action="vote")]
    assert read_answer("Кира", "Шерлок", state, turn, both) is None


def test_stored_problem_keeps_the_asked_action_json_unchanged():
    from mailer.words import stored_problem

    _state, _turn, asked = _asked("std", "Шерлок", "Проверяю Кирку")
    assert asked[0].to_json() == {"text": "Проверяю Кирку", "kind": "ambiguous",
                                  "candidates": ["Кир", "Кира"]}  # SCENARIOS.md: the same shape
    assert json.loads(json.dumps(stored_problem(asked[0])))["action"] == "check"


def test_answer_to_a_name_that_is_nobodys(game):
    """«Лечу Васятку» (nobody): the reply asks to check the nick; the answer «Маруська» makes
    the heal; an answer naming two players makes nothing."""
    game.deliver(letter("buka@example.org", "Лечу Васятку", msgid="q6@x"), START + timedelta(hours=2))
    game.sync()
    asked = _reply_to(game, "q6@x")
    assert "Ни один ник из списка игроков не подходит к слову «Васятку»" in asked.body
    stored = loads(_letters(game)["q6@x"].problems_json)
    assert (stored[0]["kind"], stored[0]["action"]) == ("unknown_name", "heal")
    for n, (text, moves) in enumerate([("Маруська и Кир", []),
                                       ("Маруська, конечно", [{"action": "heal", "target": "Маруська"}])]):
        game.deliver(letter("buka@example.org", text, msgid=f"a6{n}@x",
                            extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3 + n))
        game.sync()
        assert loads(_letters(game)[f"a6{n}@x"].moves_json) == moves


def test_the_answered_move_is_resolved_at_close_day_and_in_the_export(game):
    """The answer's move is what close-day resolves (the reply promised it): close-day reads
    the day's letters again, and «Кира, конечно» alone names no move; the letter keeps the
    question it answers (``asked_json``), and the export writes it (``asked``), so the replay
    of the export resolves the same day (found by a new host: the heal was accepted by the
    reply and lost at close-day)."""
    from engine.gamefile import load_game_file
    from engine.replay import replay_game
    from mailer.day import close_day
    from mailer.export import export_game
    from mailer.store import DayRow
    from test_sync import DEADLINE

    _heal_asked_then_answered(game, 9, "Кира, конечно")
    assert json.loads(_letters(game)["a9@x"].asked_json) == [
        {"text": "Лечу Кирку", "kind": "ambiguous", "candidates": ["Кир", "Кира"], "action": "heal"}]
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    with game.store.session() as s:
        stored = loads(s.get(DayRow, 1).result_json)
    heals = [m for m in stored["moves"] if m["action"] == "heal"]
    assert [(m["by"], m["target"], m["outcome"]) for m in heals] == [("Бука", "Кира", "done")]
    text = export_game(game.cfg, game.store)
    assert 'asked = [{ "text" = "Лечу Кирку", "kind" = "ambiguous"' in text
    assert replay_game(load_game_file(text))["turns"] == [stored]


@pytest.mark.parametrize("answer_first", [True, False])
def test_the_answer_keeps_its_question_anywhere_in_its_batch(game, monkeypatch, answer_first):
    """The letters of a batch are written with one UPDATE of the same columns for each: an
    answer whose ``asked_json`` came after a letter without one lost it, and one that came
    first failed the batch, which was then read again letter by letter."""
    from mailer.reading import _Run

    game.deliver(letter("buka@example.org", "Лечу Кирку", msgid="q8@x"), START + timedelta(hours=2))
    game.sync()
    asked = _reply_to(game, "q8@x")
    answer = letter("buka@example.org", "Кира, конечно", msgid="a8@x",
                    extra=f"In-Reply-To: <{asked.message_id}>\r\n")
    vote = letter("serg@example.org", "Линч: Ягуарчик", msgid="v8@x")
    at = START + timedelta(hours=3)
    for raw, when in ([(answer, at), (vote, at + timedelta(minutes=1))] if answer_first
                      else [(vote, at), (answer, at + timedelta(minutes=1))]):
        game.deliver(raw, when)
    read = []
    understand = _Run._understand
    monkeypatch.setattr(_Run, "_understand", lambda self, s, r, *a: read.append(r.id) or understand(self, s, r, *a))
    game.sync()
    assert len(read) == len(set(read)) == 2  # one batch, each letter read once
    rows = _letters(game)
    assert loads(rows["a8@x"].moves_json) == [{"action": "heal", "target": "Кира"}]
    assert [p["candidates"] for p in json.loads(rows["a8@x"].asked_json)] == [["Кир", "Кира"]]
    assert json.loads(rows["v8@x"].asked_json) == []


@pytest.mark.parametrize("event, vote, expected", [
    ("none", "Линч: Серджио", {"action": "vote", "target": "Serginio"}),
    ("rage", "Линч: Серджио", {"action": "vote", "target": "Serginio"}),
    ("rage", "Обношу Маруську. Линчую Ягуарчика и Серджио",
     {"action": "vote", "targets": ["Ягуарчик", "Serginio"]}),
    ("voice", "Голосую за Серджио и за Ягуарчика",
     {"action": "vote", "targets": ["Ягуарчик", "Serginio"]}),
])
def test_a_nick_answers_the_question_about_a_vote(game, event, vote, expected):
    """fresh26 #1: «Не нашёл в списке игроков «Серджио» … Проверьте ник.» (now «Ни один ник … не подходит к слову …») about a vote,
    answered «Serginio, конечно»: the vote is counted, as status and README promise. On a
    two-vote day the vote the asked letter kept travels with the question (``kept``) and the
    answered player joins it: the answer's vote is the letter's whole vote, so the kept one
    is not lost. close-day counts it, and the export's replay resolves the same day."""
    from engine.gamefile import load_game_file
    from engine.replay import replay_game
    from mailer.day import close_day, set_event
    from mailer.export import export_game
    from mailer.reports import status
    from mailer.store import DayRow
    from test_sync import DEADLINE

    if event != "none":
        set_event(game.cfg, game.store, event, now=START)
    game.deliver(letter("buka@example.org", vote, msgid="q10@x"), START + timedelta(hours=2))
    game.sync()
    asked = _reply_to(game, "q10@x")
    assert "Ни один ник из списка игроков не подходит к слову «Серджио»" in asked.body
    assert status(game.cfg, game.store).asked == ["Бука"]
    game.deliver(letter("buka@example.org", "Serginio, конечно", msgid="a10@x",
                        extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
    game.sync()
    answer = _letters(game)["a10@x"]
    assert answer.state == "applied"
    assert loads(answer.moves_json) == [expected]
    assert status(game.cfg, game.store).asked == []
    body = _reply_to(game, "a10@x").body
    assert "Не понял, о каком ходе речь" not in body and "Serginio" in body
    close_day(game.cfg, game.store, now=DEADLINE + timedelta(minutes=5))
    with game.store.session() as s:
        stored = loads(s.get(DayRow, 1).result_json)
    votes = [m for m in stored["moves"] if m["action"] == "vote" and m["by"] == "Бука" and
             m["outcome"] == "done"]  # (the asked letter's own vote: superseded by the answer)
    assert [m.get("targets") or [m["target"]] for m in votes] == \
        [expected.get("targets") or [expected["target"]]]
    assert replay_game(load_game_file(export_game(game.cfg, game.store)))["turns"] == [stored]
