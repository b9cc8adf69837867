"""A roster nick that is an ordinary word form («Пью» — I drink, «Иду» — I go) written before a
game's own weak idiom («на рею» for the vote, «за борт» for the clan's kill; [words], issue 11):
the player is the idiom's target, or the letter is asked — the move is never dropped."""

from __future__ import annotations

import pytest

from game_words_reading import read_on_day_one, words_fixtures

PIRATES = {"vote": ["на рею"], "clan_kill": ["за борт"]}
ROSTER = {"Пью": "civilian", "Иду": "civilian", "Смоллетт": "clan1.boss", "Сильвер": "detective",
          "Трелони": "civilian", "Хокинс": "maniac", "Кузя": "civilian"}


def read(text: str, sender: str) -> dict:
    """What ``mafia-mail parse`` prints for ``text`` from ``sender`` on day 1."""
    return read_on_day_one(ROSTER, text, sender)


# the shipped lexicon with PIRATES (built once for the module), and the parser reading with it
pirates_lexicon, with_words = words_fixtures(PIRATES, "pirates_lexicon")


@pytest.mark.parametrize("sender, text, moves", [
    ("Кузя", "Пью на рею", [("vote", "Пью")]),
    ("Кузя", "Пью на рею!", [("vote", "Пью")]),
    ("Кузя", "пью на рею", [("vote", "Пью")]),
    ("Смоллетт", "Пью за борт.", [("clan_kill", "Пью")]),
    ("Смоллетт", "Хокинса за борт, Пью на рею", [("clan_kill", "Хокинс"), ("vote", "Пью")]),
    ("Кузя", "Трелони на рею", [("vote", "Трелони")]),
])
def test_a_word_nick_before_a_game_idiom_is_its_target(with_words, sender, text, moves):
    got = read(text, sender)
    assert [(m["action"], m["target"]) for m in got["moves"]] == moves and not got["problems"]


@pytest.mark.parametrize("text", ["Иду на рею", "Иду за борт, ребята"])
def test_a_verb_of_going_that_is_a_nick_is_asked(with_words, text):
    got = read(text, "Смоллетт" if "борт" in text else "Кузя")
    assert got["moves"] == [] and [p["kind"] for p in got["problems"]] == ["unparsed"]


@pytest.mark.parametrize("sender, text, moves", [
    ("Сильвер", "Пью чай и проверяю Кузю", [("check", "Кузя")]),
    ("Кузя", "Пью ром, а на рею Трелони", [("vote", "Трелони")]),
    ("Кузя", "Я пью на рею", []),
])
def test_the_word_read_as_the_word(with_words, sender, text, moves):
    got = read(text, sender)
    assert [(m["action"], m["target"]) for m in got["moves"]] == moves and not got["problems"]
