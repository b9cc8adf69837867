"""Derived forms of a game's own words ([words], issue 11): what a host who announced a word
would also accept — the verb's other aspect or its plain verb inside his phrase, the words of
his phrase before the verb, its object noun or its place on its own at the head of a clause,
his noun phrase in another case — all weak, never where they mean another move or name a
player. The theme here is a space station's crew."""

from __future__ import annotations

import pytest

import engine.lexicon as lexicon_module
from engine.lexicon.game import aspect_partners, conflicts, derived_table, game_tables, unprefixed
from game_words_reading import read_on_day_one, words_fixtures

STATION = {"vote": ["кинуть жетон в"], "check": ["магнитная ловушка на"], "rob": ["выкачать кислород у"],
           "watch": ["навести телескоп на"], "beat": ["отправить в карцер"],
           "hunt": ["выпустить торпеду в"], "delegate": ["решение капитана"],
           "maniac_kill": ["чёрная дыра"], "clan_kill": ["на списание", "послать киборга к"]}
ROSTER = {"Кузя": "civilian", "Радар": "detective", "Лось": "civilian", "Орбита": "clan1.thief", "Зонд": "witness",
          "Бортовой": "clan1.boss", "Штурман": "thug", "Торпеда": "civilian",
          "Гагарин": "maniac", "Шлюз": "clan1.guard"}


def read(text: str, sender: str) -> list[tuple]:
    """The moves read from ``text`` by ``sender`` on day 1, as (action, target) pairs; a
    problem of the letter is an ("?", kind) pair."""
    got = read_on_day_one(ROSTER, text, sender)
    return [(m["action"], m.get("target")) for m in got["moves"]] + \
        [("?", p["kind"]) for p in got["problems"]]


# the shipped lexicon with STATION (built once for the module), and the parser reading with it
station_lexicon, with_words = words_fixtures(STATION, "station_lexicon")


# --- the rules --------------------------------------------------------------------------------

@pytest.mark.parametrize("lemma, partners", [
    ("снять", ["снимать"]), ("заглянуть", ["заглядывать"]), ("метнуть", ["метать"]),
    ("отбить", ["отбивать"]), ("слить", ["сливать"]), ("сливать", ["слить"]),
    ("послать", ["посылать"]), ("обнести", ["обносить"]), ("пускать", ["пустить"]),
    ("переехать", ["переезжать"]), ("срезать", []), ("делать", []), ("шмонать", []),
    # the root's «о» as «а» before «-ивать», «-януть» → «-ягивать», «-ьнуть» → «-ять»
    ("устроить", ["устраивать"]), ("заработать", ["зарабатывать"]), ("устраивать", ["устроить"]),
    ("натянуть", ["натягивать"]), ("стрельнуть", ["стрелять"]), ("стрелять", ["стрельнуть"])])
def test_the_other_aspect_of_a_verb(lemma, partners):
    assert aspect_partners(lemma) == partners


def test_the_plain_verb_of_a_prefixed_one():
    assert unprefixed("срезать") == "резать" and unprefixed("поставить") == "ставить"
    assert unprefixed("резать") is None and unprefixed("снять") is None


def test_what_a_host_would_accept_too():
    table = derived_table("VOTE", {"verb_idioms": ["бросить шишку в"]})
    assert table["verb_idioms"] == ["бросать шишку в"]
    assert (("шишку",), "бросить", ("в",)) in table["inner_verb_idioms"]
    assert table["label_nouns"] == ["шишка в"]
    assert derived_table("VOTE", {"idioms": ["на мойку"]})["label_nouns"] == ["мойка"]
    assert derived_table("HEAL", {"verb_idioms": ["забирать в палату"]})["label_nouns"] == ["палата"]
    assert "на подогрев" in derived_table("GUARD", {"verb_idioms": ["поставить на подогрев"]})["idioms"]
    assert "волю магистра" in derived_table("DELEGATE", {"idioms": ["воля магистра"]})["idioms"]
    assert "чёрную дыру" in derived_table("MANIAC", {"idioms": ["чёрная дыра"]})["idioms"]
    assert "магнитную ловушку на" in derived_table("WATCH", {"idioms": ["магнитная ловушка на"]})["idioms"]


def test_a_single_verb_gets_its_other_aspect_never_its_plain_verb():
    [(_, table), (_, more)] = game_tables({"maniac_kill": ["переехать"]})
    assert more["verbs"] == ["переезжать"] and "ехать" not in str(more)
    assert game_tables({"rob": {"verbs": ["переехать"]}}, derived=True)[1:] == []  # his fields only
    assert len(game_tables({"maniac_kill": ["переехать"]}, derived=False)) == 1


def test_a_derived_form_of_another_moves_word_is_left_out_without_error():
    """«провести проверку у» for the heal: «проверка» stays the check's word, the host's own
    phrase is no conflict, and its derived forms that mean no other move are taken."""
    tables = game_tables({"heal": ["провести проверку у"]})
    assert "проверка у" in tables[1][1]["label_nouns"]
    assert conflicts(lexicon_module.lexicon(), tables) == []
    lex = lexicon_module.shipped_with(tables)
    assert lex.words["проверка"] == "CHECK" and "проверка" not in lex.label_only
    assert lex.phrases[("провожу", "проверку", "у")] == "HEAL"


def test_without_game_words_nothing_is_derived():
    lex = lexicon_module.lexicon()
    assert not lex.label_only and not lex.derived


# --- the parser -------------------------------------------------------------------------------

@pytest.mark.parametrize("sender, text, moves", [
    # the object noun of the host's phrase on its own, at the head of a clause
    ("Лось", "Жетон — Кузя", [("vote", "Кузя")]),
    ("Лось", "жетон в Кузю", [("vote", "Кузя")]),
    ("Лось", "Ну что, жетон: Кузя.", [("vote", "Кузя")]),
    ("Зонд", "Телескоп — на Кузю. Жетон Лосю", [("watch", "Кузя"), ("vote", "Лось")]),
    # the other aspect, the plain verb, the words before the verb
    ("Лось", "кидаю жетон в Кузю", [("vote", "Кузя")]),
    ("Лось", "Жетон кидаю в Кузю", [("vote", "Кузя")]),
    ("Орбита", "выкачиваю кислород у Кузи", [("rob", "Кузя")]),
    ("Орбита", "кислород выкачиваю у Кузи", [("rob", "Кузя")]),
    ("Орбита", "этой ночью качаю кислород у Лося", [("rob", "Лось")]),
    ("Зонд", "навожу телескоп на Лося", [("watch", "Лось")]),
    ("Штурман", "отправляю в карцер Кузю", [("beat", "Кузя")]),
    ("Штурман", "в карцер отправляю Лося", [("beat", "Лось")]),
    ("Штурман", "В карцер Кузю!", [("beat", "Кузя")]),
    ("Кузя", "выпускаю торпеду в Лося", [("hunt", "Лось")]),
    # the host's noun phrase in another case
    ("Гагарин", "в чёрную дыру Кузю", [("maniac_kill", "Кузя")]),
    ("Радар", "Магнитную ловушку на Лося!", [("check", "Лось")]),
    ("Радар", "магнитной ловушкой на Кузю", [("check", "Кузя")]),
    ("Шлюз", "сегодня полагаюсь на решение капитана", [("delegate", None)]),
    # his place on its own
    ("Бортовой", "Списание: Кузя", [("clan_kill", "Кузя")]),
    ("Штурман", "Карцер: Кузя", [("beat", "Кузя")]),  # (a verb's «в карцер» too)
    # «на» putting the move on its player, as «охрана на X» («щит на меня» for «накрыть щитом»)
    ("Штурман", "Карцер на Кузю", [("beat", "Кузя")]),
    ("Бортовой", "Списание на Лося. Жетон в Кузю", [("clan_kill", "Лось"), ("vote", "Кузя")]),
    # a person sent: only with the phrase's preposition
    ("Бортовой", "Киборг — к Лосю", [("clan_kill", "Лось")]),
    ("Бортовой", "посылаю киборга к Кузе", [("clan_kill", "Кузя")]),
])
def test_derived_forms_are_read(with_words, sender, text, moves):
    assert read(text, sender) == moves


@pytest.mark.parametrize("sender, text, moves", [
    # the noun inside a sentence, or told with a verb: talk
    ("Кузя", "вчера Лось нашёл жетон у шлюза", []),
    ("Кузя", "У Кузи жетон на удачу висит, голос Лосю", [("vote", "Лось")]),
    ("Зонд", "Телескоп сломался, Лось весь день ругается", []),
    ("Орбита", "кислород кончается, Кузя, держись", []),
    ("Лось", "Торпеда прилетела в Кузю вчера, жаль его", []),
    ("Бортовой", "Лось — киборг, точно тебе говорю", []),
    ("Кузя", "магнитную ловушку на складе опять заклинило", []),
    ("Кузя", "в карцере вчера было холодно, Лось замёрз", []),
    ("Кузя", "карцер на складе опять сломался, Лось замёрз", []),
    ("Бортовой", "Киборг на Лося похож", []),  # (a person sent: «к» only)
    ("Бортовой", "Киборг — Лось, по глазам видно", [("?", "unparsed")]),
    # a nickname that is a derived word is the player, never the move word
    ("Кузя", "Торпеда молчит весь день. Жетон — Торпеда", [("vote", "Торпеда")]),
])
def test_near_misses_are_no_moves(with_words, sender, text, moves):
    assert read(text, sender) == moves


def test_without_the_words_the_derived_forms_are_not_read():
    for text, sender in (("Жетон — Кузя", "Лось"), ("выкачиваю кислород у Кузи", "Орбита")):
        assert [m for m in read(text, sender) if m[0] != "?"] == []


def test_the_config_check_of_the_words_is_kept_in_the_cache_folder(monkeypatch, tmp_path):
    """Every command reads the config: the check of its words against the shipped lexicon is
    made once and read back (mailer.lexicon_cache.conflicts); other words are checked anew."""
    import engine.lexicon.game as game
    from mailer import lexicon_cache

    built = lexicon_module.lexicon()
    monkeypatch.setattr(lexicon_module, "shipped", lambda: built)
    monkeypatch.setenv("MAFIA_MAIL_CACHE", str(tmp_path / "cache"))
    bad = {"heal": ["проверять"]}
    found = lexicon_cache.conflicts(bad, game_tables(bad, derived=False))
    assert [a for a, _ in found] == ["heal"]
    assert lexicon_cache.conflicts(STATION, game_tables(STATION, derived=False)) == []
    assert len(list((tmp_path / "cache").glob("words-*.json"))) == 2

    def no_check(*args):
        raise AssertionError("checked again")

    monkeypatch.setattr(game, "conflicts", no_check)
    assert lexicon_cache.conflicts(bad, game_tables(bad, derived=False)) == found
    assert lexicon_cache.conflicts(STATION, game_tables(STATION, derived=False)) == []
    with pytest.raises(AssertionError, match="checked again"):
        lexicon_cache.conflicts({"heal": ["чинить"]}, [])
