"""engine.roles.typed_nick: a nick as the host types it on the command line."""

import pytest

from engine.roles import typed_nick

ROSTER = ["Пчёлка", "Serginio", "Кот Бегемот", "кир", "Кир"]


@pytest.mark.parametrize("typed,nick", [
    ("Пчёлка", "Пчёлка"),
    ("пчелка", "Пчёлка"),
    (" «ПЧЕЛКА» ", "Пчёлка"),
    ("serginio", "Serginio"),
    ("кот  бегемот", "Кот Бегемот"),
    ("Кир", "Кир"),      # the exact spelling wins over the other case
    ("кир", "кир"),
    ("КИР", None),       # fits two nicks by case only: no guess
    ("Пчела", None),
    ("", None),
])
def test_typed_nick(typed, nick):
    assert typed_nick(typed, ROSTER) == nick


@pytest.mark.parametrize("typed,nick", [
    ("Пчёлку", "Пчёлка"),
    ("пчелку", "Пчёлка"),
    ("Кота Бегемота", "Кот Бегемот"),
    ("Serginio", "Serginio"),
    ("Киру", None),           # Кир's dative or Кира's accusative: no guess
    ("Пчёлку и Кира", None),  # two names
    ("Пчела", None),
])
def test_one_named(typed, nick):
    from engine.names import one_named

    assert one_named(typed, ("Пчёлка", "Serginio", "Кот Бегемот", "Кир", "Кира")) == nick
