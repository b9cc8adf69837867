"""More forms of a game's own words ([words], issue 11) a host would accept: the other aspect
of a verb whose root vowel turns («устроить» → «устраиваю»), the object of his phrase in the
case he wrote it or an adjective standing for its noun at the head of a clause («квасу X»,
«Коромысло — X», «Горячего — X»), his place phrase with a name in it on its own («к Бабе Яге
X»); such a noun with the sender's verb after it («Лапоть бросаю в X») or in a frame of its
own («в очередь за X»), or the phrase's verb after the player («огоньку у X стрельну»); the
head noun of his noun phrase with the player after its preposition («путёвка на болото» →
«Путёвка — на X»); his noun and preposition where a shipped phrase of another move has
them («огонь по X», the mortar's words, for his hunt). The theme here is a village fair; the
letters are invented."""

from __future__ import annotations

import pytest

from engine.lexicon.game import derived_table
from game_words_reading import read_on_day_one, words_fixtures

FAIR = {"invite": ["налить квасу"], "beat": ["огреть коромыслом"], "hunt": ["открыть огонь по"],
        "maniac_kill": ["отправить к Бабе Яге"], "watch": ["устроить засаду у"],
        "rob": ["стянуть кошель у"], "search": ["стрельнуть огоньку у"],
        "heal": ["налить горячего"], "vote": ["занять очередь за"],
        "check": ["кинуть лапоть в"], "clan_kill": ["путёвка на болото"]}
ROSTER = {"Кузя": "civilian", "Лось": "civilian", "Зонд": "witness", "Орбита": "clan1.thief",
          "Штурман": "thug", "Гагарин": "maniac", "Бортовой": "clan1.boss", "Искра": "fan",
          "Кира": "hostess", "Айболит": "doctor", "Торпеда": "civilian",
          "Радар": "detective"}

fair_lexicon, with_words = words_fixtures(FAIR, "fair_lexicon")


def read(text: str, sender: str) -> list[tuple]:
    """The moves read from ``text`` by ``sender`` on day 1, as (action, target) pairs; a
    problem of the letter is an ("?", kind) pair."""
    got = read_on_day_one(ROSTER, text, sender)
    return [(m["action"], m.get("target")) for m in got["moves"]] + \
        [("?", p["kind"]) for p in got["problems"]]


def test_what_is_derived():
    assert derived_table("INVITE", {"verb_idioms": ["налить квасу"]})["label_nouns"] == ["квас"]
    assert derived_table("BEAT", {"verb_idioms": ["огреть коромыслом"]})["label_nouns"] == \
        ["коромысло"]
    assert derived_table("HEAL", {"verb_idioms": ["налить горячего"]})["label_nouns"] == \
        ["горячее"]
    assert "к бабе яге" in derived_table("MANIAC", {"verb_idioms": ["отправить к Бабе Яге"]})[
        "idioms"]


@pytest.mark.parametrize("sender, text, moves", [
    ("Кира", "Квасу — Лосю!", [("invite", "Лось")]),
    ("Кира", "квасу Кузе", [("invite", "Кузя")]),
    ("Кира", "Квас сегодня Лосю", [("invite", "Лось")]),
    ("Штурман", "Коромысло — Кузе", [("beat", "Кузя")]),
    ("Штурман", "коромыслом Лося", [("beat", "Лось")]),
    ("Айболит", "Горячего — Кузе", [("heal", "Кузя")]),
    ("Гагарин", "к Бабе Яге Лося", [("maniac_kill", "Лось")]),
    ("Зонд", "устраиваю засаду у Кузи", [("watch", "Кузя")]),
    ("Зонд", "засаду устраиваю у Лося", [("watch", "Лось")]),
    ("Орбита", "стягиваю кошель у Кузи", [("rob", "Кузя")]),
    ("Искра", "стреляю огоньку у Лося", [("search", "Лось")]),
    ("Кузя", "Огонь по Лосю!", [("hunt", "Лось")]),
    ("Кузя", "И ещё огонь по Торпеде.", [("hunt", "Торпеда")]),
    ("Радар", "Лапоть бросаю в Кузю", [("check", "Кузя")]),
    ("Кузя", "в очередь встаю за Лосем", [("vote", "Лось")]),
    ("Кузя", "А в очередь — за Торпедой", [("vote", "Торпеда")]),
    ("Кира", "Квас отдаю Лосю", [("invite", "Лось")]),
    # the phrase's verb after the player; the head noun of a noun phrase, the player after
    # its preposition
    ("Искра", "огоньку у Лося стрельну", [("search", "Лось")]),
    ("Бортовой", "Путёвка — на Лося", [("clan_kill", "Лось")]),
    ("Бортовой", "путёвку на Кузю", [("clan_kill", "Кузя")]),
    # after «и» that follows a move's player: a new clause
    ("Штурман", "коромыслом Лося и очередь за ним же", [("beat", "Лось"), ("vote", "Лось")]),
    # the dative «себе» (or a last «мне») after a move noun: the sender himself
    ("Айболит", "Горячего себе", [("heal", "Айболит")]),
    ("Айболит", "наливаю горячего себе", [("heal", "Айболит")]),
    ("Айболит", "горячего мне", [("heal", "Айболит")]),
    # a contrast («, а») between two moves keeps them two
    ("Кузя", "Огонь по Лосю, а в очередь за Торпедой", [("hunt", "Лось"), ("vote", "Торпеда")]),
])
def test_forms_are_read(with_words, sender, text, moves):
    assert read(text, sender) == moves


@pytest.mark.parametrize("sender, text, moves", [
    ("Кузя", "Квас кончился, Лось пьёт чай", []),
    ("Кузя", "коромысло сломалось у колодца", []),
    ("Кузя", "Лось вчера ходил к Бабе Яге за грибами", []),
    ("Искра", "стреляю в Лося", [("hunt", "Лось")]),  # (the shipped word, not the host's phrase)
    ("Кузя", "Огонь по Лосю вчера не попал", []),
    ("Кузя", "Лапоть снимаю с Кузи", []),
    ("Кузя", "в очередь за хлебом стояла с Лосем", []),
    ("Кузя", "Лапоть нашла у Кузи", []),
    ("Айболит", "оставлю себе горячего", []),
    ("Кузя", "Лось и очередь в магазине", []),
    ("Искра", "огоньку у Лося стрельнула вчера", []),
    ("Бортовой", "путёвку на море Лось так и не купил", []),
    ("Айболит", "горячего мне не надо", []),
])
def test_near_misses(with_words, sender, text, moves):
    assert read(text, sender) == moves
