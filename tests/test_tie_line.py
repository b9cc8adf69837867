"""The newspaper says how a tie at the lynch's last place was settled (a fresh-user check: a
«Ярость» day announced «повешены двое», listed 3, 2, 2 votes and hanged one, and said
nothing of why; DECISIONS.md §6, house rule ``lynch_tie``)."""

from __future__ import annotations

from mailer.render import tie_line


def test_a_tie_for_the_second_place_under_rage_hangs_nobody_of_them():
    counts = {"Колобок": 3, "Кот Бегемот": 2, "Serginio": 2, "Бука": 1}
    assert tie_line(counts, ["Колобок"], "rage", "nobody") == (
        "Ничья: Кот Бегемот и Serginio — по 2 голоса; при ничьей не повешен никто из них (правило игры).")


def test_the_other_house_rules_and_three_tied():
    counts = {"Кот": 2, "Serginio": 2, "Бука": 2}
    assert tie_line(counts, ["Serginio"], "none", "random") == (
        "Ничья: Кот, Serginio и Бука — по 2 голоса; жребий выбрал: Serginio.")
    assert tie_line(counts, ["Кот", "Serginio", "Бука"], "none", "all") == (
        "Ничья: Кот, Serginio и Бука — по 2 голоса; при ничьей повешены все (правило игры).")
    assert tie_line({"Кот": 1, "Бука": 1}, [], "none", "nobody").startswith("Ничья: Кот и Бука — по 1 голосу;")


def test_no_line_without_a_tie_or_when_another_rule_decided():
    assert tie_line({"Кот": 3, "Serginio": 2}, ["Кот"], "none", "nobody") is None
    assert tie_line({"Кот": 2, "Serginio": 2}, ["Кот", "Serginio"], "rage", "nobody") is None  # both fit
    assert tie_line({}, [], "none", "nobody") is None
    # the lynched are not what the tie rule gives (an immunity took the top one out): no line
    assert tie_line({"Кот": 3, "Serginio": 2, "Бука": 2}, ["Serginio"], "none", "nobody") is None
    assert tie_line({"Кот": 2, "Serginio": 2}, [], "fear", "nobody") is None
