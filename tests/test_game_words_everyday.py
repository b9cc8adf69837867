"""A game's own word beside its everyday object (issue 11; a fresh host's trial, session 61):
in a bakers' game the heal is «замешивать» and a player is Тесто, the clan kill is «отправлять в
печь» and a player is Дрожжи. «Замешиваю тесто с утра» and «отправляю в печь пирожки для
Дрожжей» were read as moves with no question; they are asked, while the same words with the
player written as a player (a capital, the word's own object) stay the move."""

from __future__ import annotations

from game_words_reading import read_on_day_one, words_fixtures

BAKERY = {"heal": ["замешивать"], "clan_kill": ["отправлять в печь"], "check": ["подрумянивать"]}
ROSTER = {"Эклер": "doctor", "Пекарь Вася": "clan1.boss", "Кекс": "detective", "Тесто": "civilian",
          "Дрожжи": "civilian", "Булочка": "civilian", "Мука": "civilian", "Пряник": "civilian"}

bakery_lexicon, with_words = words_fixtures(BAKERY, "bakery_lexicon")


def read(text: str, sender: str) -> dict:
    """What ``mafia-mail parse`` prints for ``text`` from ``sender`` on day 1."""
    return read_on_day_one(ROSTER, text, sender)


def test_the_word_with_its_everyday_object_in_small_letters_is_asked(with_words):
    assert read("Замешиваю тесто с утра, сил нет", "Эклер") == {
        "moves": [], "problems": [{"text": "Замешиваю тесто", "kind": "unparsed"}]}
    assert read("Подрумяниваю булочки к чаю", "Кекс") == {
        "moves": [], "problems": [{"text": "Подрумяниваю булочки", "kind": "unparsed"}]}


def test_the_player_only_as_whom_it_is_for_is_asked(with_words):
    got = read("Сегодня отправляю в печь пирожки для Дрожжей, пусть порадуется", "Пекарь Вася")
    assert got["moves"] == []
    assert got["problems"] == [{"text": "отправляю в печь пирожки для Дрожжей", "kind": "unparsed"}]


def test_the_player_written_as_a_player_is_the_move(with_words):
    assert read("Замешиваю Тесто", "Эклер")["moves"] == [{"action": "heal", "target": "Тесто"}]
    assert read("Отправляю в печь Пряника", "Пекарь Вася")["moves"] == [
        {"action": "clan_kill", "target": "Пряник"}]
    assert read("Подрумяниваю Булочку", "Кекс")["moves"] == [{"action": "check", "target": "Булочка"}]
    # a shipped word keeps reading a nick in small letters («лечу тесто»: a phone's letter)
    assert read("лечу тесто", "Эклер")["moves"] == [{"action": "heal", "target": "Тесто"}]
