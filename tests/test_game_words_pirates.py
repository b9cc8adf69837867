"""A game's own words ([words], issue 11) beside a player's name: the sender as the target of
a host's phrase that ends in «у» («несёт вахту у меня»), a move's noun given to the sender
(«глоток рома — себе»), the opponent of a fight's noun after «с» («абордажный бой с X»), and
two moves of one place word, each after its own player, joined by «и» («X на дно и Y на дно»),
the host's verb phrase in the sender's first person before a remark that names another player
(«мечу гарпун в X — Y, говорят, тоже целится»). The theme here is a pirate ship's crew."""

from __future__ import annotations

import pytest

from engine.model import TurnInfo
from engine.legality import screen_letter
from engine.parse import parse_letter
from engine.state import GameState
from game_words_reading import words_fixtures

PIRATES = {"guard": ["нести вахту у"], "heal": ["глоток рома"], "beat": ["абордажный бой"],
           "clan_kill": ["на дно"], "vote": ["на рею"], "rob": ["обчистить сундук у"],
           "hunt": ["метнуть гарпун в"]}
ROSTER = {"Капитан Крюк": "clan1.boss", "Боцман": "clan1.guard", "Юнга": "clan1.thief",
          "Кок": "doctor", "Штурвал": "thug", "Попугай": "civilian", "Медуза": "civilian",
          "Чайка": "civilian", "Сильвер": "maniac"}

# the shipped lexicon with PIRATES (built once for the module), and the parser reading with it
pirates_lexicon, with_words = words_fixtures(PIRATES, "pirates_lexicon")


def read(text: str, sender: str, event: str = "none") -> list[tuple]:
    """The moves read from ``text`` by ``sender`` on day 1 (``event``), as (action, target)
    pairs (a boss's order: (member, action, target)); a problem is an ("?", kind) pair."""
    state, turn = GameState.new(1, ROSTER), TurnInfo(day=1, event=event)
    got = screen_letter(parse_letter(text, sender, state, turn), sender, state, turn, ()).to_json()
    moves = []
    for m in got["moves"]:
        if m["action"] == "on_behalf":
            moves.append((m["member"], m["move"]["action"], m["move"]["target"]))
        else:
            moves.append((m["action"], m.get("target") or tuple(sorted(m.get("targets", ())))))
    return moves + [("?", p["kind"]) for p in got["problems"]]


@pytest.mark.parametrize("sender, text, moves", [
    # «у меня» after the host's phrase that ends in «у»: the sender, not what he holds
    ("Капитан Крюк", "Боцман несёт вахту у меня.", [("Боцман", "guard", "Капитан Крюк")]),
    ("Капитан Крюк", "Боцман, неси вахту у меня. Юнга обчищает сундук у Медузы.",
     [("Боцман", "guard", "Капитан Крюк"), ("Юнга", "rob", "Медуза")]),
    # the move's noun given to the sender himself
    ("Кок", "Глоток рома — себе.", [("heal", "Кок")]),
    ("Кок", "Глоток рома сегодня себе любимому. На рею Попугая.",
     [("heal", "Кок"), ("vote", "Попугай")]),
    # the opponent of a fight's noun, after «с»
    ("Штурвал", "Абордажный бой с Попугаем.", [("beat", "Попугай")]),
    ("Штурвал", "Абордажный бой сегодня — с Медузой.", [("beat", "Медуза")]),
    # the host's verb phrase in the first person («мечу» reads as a noun too), a remark after
    ("Медуза", "Мечу гарпун в Чайку — Попугай, говорят, тоже в неё целится.", [("hunt", "Чайка")]),
])
def test_the_words_beside_a_player(with_words, sender, text, moves):
    assert read(text, sender) == moves


def test_two_players_each_before_the_place_word(with_words):
    """«X на дно и Y на дно»: each place word has its own player, never the second player
    read as the first's (on the full moon two kills; on another night too many: asked)."""
    assert read("Попугая на дно и Медузу на дно.", "Капитан Крюк", "full_moon") == \
        [("clan_kill", ("Медуза", "Попугай"))]
    assert read("Попугая на дно и Медузу на дно.", "Капитан Крюк") == [("?", "not_allowed")]
    assert read("Медузу на рею и Чайку на рею.", "Попугай") == [("?", "not_allowed")]


@pytest.mark.parametrize("sender, text, moves", [
    # «себе» of a verb after it: no move on the sender
    ("Кок", "Глоток рома себе оставлю на потом, на рею Попугая.", [("vote", "Попугай")]),
    # what he holds, told of: no move
    ("Попугай", "У меня вахта у Медузы была вчера.", []),
    # the phrase said of another player
    ("Медуза", "Попугай мечет гарпун в Чайку — говорят, он злой.", []),
])
def test_near_misses(with_words, sender, text, moves):
    assert read(text, sender) == moves
