"""The newspaper says how a tie at the lynch's last place was settled (a fresh-user check: a
«Ярость» day announced «повешены двое», listed 3, 2, 2 votes and hanged one, and said
nothing of why; DECISIONS.md §6, house rule ``lynch_tie``). The tie is the engine's
(``Tally.tied``, tests/test_resolve.py); the line only words it."""

from __future__ import annotations

from engine.turn_types import Tally
from mailer.render import tie_line


def _tally(counts: dict[str, int], lynched: list[str], tied: tuple[str, ...]) -> Tally:
    return Tally(counts, {}, [], lynched, tied=tied)


def test_a_tie_for_the_second_place_under_rage_hangs_nobody_of_them():
    counts = {"Колобок": 3, "Кот Бегемот": 2, "Serginio": 2, "Бука": 1}
    assert tie_line(_tally(counts, ["Колобок"], ("Кот Бегемот", "Serginio")), "nobody") == (
        "Ничья: Кот Бегемот и Serginio — по 2 голоса; при ничьей не повешен никто из них (правило игры).")


def test_the_other_house_rules_and_three_tied():
    counts = {"Кот": 2, "Serginio": 2, "Бука": 2}
    three = ("Кот", "Serginio", "Бука")
    assert tie_line(_tally(counts, ["Serginio"], three), "random") == (
        "Ничья: Кот, Serginio и Бука — по 2 голоса; жребий выбрал: Serginio.")
    assert tie_line(_tally(counts, ["Кот", "Serginio", "Бука"], three), "all") == (
        "Ничья: Кот, Serginio и Бука — по 2 голоса; при ничьей повешены все (правило игры).")
    assert tie_line(_tally({"Кот": 1, "Бука": 1}, [], ("Кот", "Бука")), "nobody").startswith(
        "Ничья: Кот и Бука — по 1 голосу;")


def test_no_line_without_a_tie():
    assert tie_line(_tally({"Кот": 3, "Serginio": 2}, ["Кот"], ()), "nobody") is None
