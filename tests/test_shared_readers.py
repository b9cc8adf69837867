"""The readers several rules share (review 23): a table's row, the boss's own move after a
member's order, the names in a clause, the multi-word nicks a word belongs to."""

from engine.grammar_boss_orders import own_move_at
from engine.grammar_rules import actor_of
from engine.grammar_tokens import tokenize
from engine.model import TurnInfo
from engine.names import name_index
from engine.parse_types import Ctx, names_in
from engine.state import GameState
from engine.textnorm_fields import empty_fields, table_cells
from engine.textnorm_layout import layout_labels

ROSTER = {"Барсук": "clan1.boss", "Чёрный Кот": "civilian", "Кот": "doctor", "Сорока": "clan1.thief",
          "Night_Owl": "civilian"}


def _ctx(sender: str) -> Ctx:
    state = GameState.new(1, ROSTER)
    return Ctx("", state, TurnInfo(day=2, event="none"), actor_of(state, sender),
               tuple(state.players), frozenset(state.players))


def test_a_row_is_its_cells_and_whether_it_is_closed():
    assert table_cells("| МО |  |") == (["МО", ""], True)
    assert table_cells("  | кровь | Сова") == (["кровь", "Сова"], False)
    assert table_cells("| a | b | c |") == (["a", "b", "c"], True)
    assert table_cells("|") == ([""], False)
    assert table_cells("МО | Сова |") is None


def test_a_two_column_row_reads_as_label_and_value_and_no_other_does():
    nicks = tuple(ROSTER)
    assert layout_labels("| голос | Сорока |", nicks, "Барсук") == "голос: Сорока"
    assert layout_labels("| голос | Сорока", nicks, "Барсук") == "голос: Сорока"
    three = "| Барсук | грабит | Сороку |"
    assert layout_labels(three, nicks, "Барсук") == three
    moved = "| врач | лечу Сороку |"
    assert layout_labels(moved, nicks, "Барсук") == moved
    # an empty cell of a form is no move; a row left open is no field
    assert empty_fields("| МО |  |\n| Голос | Сорока |", nicks) == "| Голос | Сорока |"
    assert empty_fields("| МО | \n| Голос | Сорока |", nicks) == "| МО | \n| Голос | Сорока |"


def test_the_boss_own_move_after_a_comma_needs_his_i():
    toks = tokenize("а я сама тихонько загляну к Сороке")
    assert own_move_at(toks, 1)
    assert not own_move_at(tokenize("пусть проверит Сороку"), 0)
    bare = tokenize("валим Сороку")
    assert not own_move_at(bare, 0) and own_move_at(bare, 0, bare=True)
    clan = tokenize("клан идёт к Сороке")
    assert not own_move_at(clan, 0) and own_move_at(clan, 0, bare=True)


def test_a_token_a_name_took_starts_no_other_name():
    ctx = _ctx("Барсук")
    toks = name_index(ctx.nicks).merge(tokenize("видел Чёрного Кота и Сороку"))
    assert [h.nick for h, _, _ in names_in(ctx, toks)] == ["Чёрный Кот", "Сорока"]


def test_the_words_of_multi_word_nicks_are_indexed_once():
    idx = name_index(("Чёрный Кот", "Кот", "Сорока"))
    assert idx.multi_word_owners("кота") == frozenset({"Чёрный Кот"})
    assert idx.multi_word_owners("сорока") == frozenset()
