"""Which parts of a long letter the parser reads (engine.grammar_windows, issue 11)."""

from engine.grammar_hot import has_word as _has_word
from engine.grammar_windows import reading_windows

CHATTER = ("Погода сегодня мерзкая, весь день дождь. Спасибо ведущему за отличную газету! "
           "Ребята, не ссорьтесь, это всего лишь игра. Всем удачи и хорошей ночи!\n")


def _window(text: str, first: str, last: str) -> tuple[int, int]:
    """The offsets from the start of ``first`` to the end of ``last`` in ``text``."""
    lo = text.index(first)
    return lo, text.index(last, lo) + len(last)


def test_chatter_alone_has_nothing_to_read():
    assert reading_windows(CHATTER * 3) == []


def test_the_sentence_with_a_move_word_is_read_alone():
    text = CHATTER + "Сегодня лечу Буку. " + CHATTER
    assert reading_windows(text) == [_window(text, "Сегодня", "Буку.")]


def test_an_open_end_takes_the_next_sentence_past_empty_lines():
    text = CHATTER + "Линч:\n\n\nБука.\n" + CHATTER
    assert reading_windows(text) == [_window(text, "Линч", "Бука.")]


def test_a_pronoun_takes_the_sentence_before_past_empty_ones():
    text = CHATTER + "Бука весь день молчит.\n\n!!\nПроверяю его. " + CHATTER
    assert reading_windows(text) == [_window(text, "Бука", "его.")]


def test_a_dot_inside_a_nick_and_an_ellipsis_end_no_sentence():
    text = CHATTER + "Ну что... лечу Dr.Who, как обычно. " + CHATTER
    assert reading_windows(text) == [_window(text, "Ну что", "обычно.")]


def test_a_move_word_at_the_very_end_of_the_letter():
    text = CHATTER * 2 + "Голосую за Буку."
    assert reading_windows(text) == [(text.index("Голосую"), len(text))]


def test_a_phrase_word_counts_only_with_its_phrase_in_the_letter():
    text = CHATTER + "Подумал, что не надо. " + CHATTER
    assert reading_windows(text) == []
    text = CHATTER + "Ход тот же, что и вчера. " + CHATTER
    assert reading_windows(text) == [_window(text, "Ход", "вчера.")]


def test_a_word_stands_alone_as_the_tokenizer_cuts_it():
    assert _has_word("это уже решено", "же") is False
    assert _has_word("кто-то пишет", "то") is False
    assert _has_word("то-то", "то") is False
    assert _has_word("то же самое", "же") is True
    assert _has_word("же-", "же") is True
    assert _has_word("(же)", "же") is True


def test_a_window_of_talk_is_left_out_when_a_talk_test_is_given():
    talk_words = {"полечу"}

    def talk(found, words, text):
        return found <= talk_words

    text = CHATTER + "На выходных полечу в Сочи. " + CHATTER + "Сегодня лечу Буку. " + CHATTER
    dropped: list = []
    assert reading_windows(text, frozenset(), talk, dropped) == [
        _window(text, "Сегодня", "Буку.")]
    lo, hi = _window(text, "На выходных", "Сочи.")
    assert dropped == [(lo, hi, ((lo, hi),))]


def test_talk_next_to_a_sentence_read_is_read_with_it():
    def talk(found, words, text):
        return found <= {"полечу"}

    text = CHATTER + "На выходных полечу в Сочи. Сегодня лечу Буку. " + CHATTER
    dropped: list = []
    assert reading_windows(text, frozenset(), talk, dropped) == [
        _window(text, "На выходных", "Буку.")]
    assert dropped == []


def test_talk_is_a_move_word_of_another_role_with_nobody_named():
    import tomllib
    from pathlib import Path

    from engine.grammar_rules import actor_of
    from engine.grammar_talk import talk_test
    from engine.model import TurnInfo
    from engine.names import name_index
    from engine.state import GameState

    rosters = Path(__file__).parent / "parse_corpus" / "rosters.toml"
    state = GameState.new(1, tomllib.loads(rosters.read_text(encoding="utf-8"))["std"])
    idx, turn = name_index(tuple(state.players)), TurnInfo(day=2, event="none")

    def talk(sender, text, found):
        test = talk_test(idx, actor_of(state, sender), turn)
        words = text.lower().rstrip(".?").replace(",", "").split()
        return test is not None and test(set(found), words, text)

    assert talk("Бука", "Проверю почту вечером и отпишусь в ветке.", {"проверю"})
    assert talk("Бука", "На выходных полечу в Сочи, так что буду реже заходить.", {"полечу"})
    assert talk("Шерлок", "Проверю почту вечером и отпишусь в ветке.", {"проверю"})  # a thing
    assert not talk("Шерлок", "Проверю вечером почту.", {"проверю"})
    assert not talk("Шерлок", "Проверю мирного вечером.", {"проверю"})
    assert talk("Serginio", "На выходных полечу в Сочи.", {"полечу"})  # ordinary speech
    assert not talk("Serginio", "На выходных полечу, в Сочи.", {"полечу"})
    assert not talk("Serginio", "Ночью полечу всех.", {"полечу"})
    assert not talk("Бука", "Проверю Маруську вечером.", {"проверю"})  # a name
    assert not talk("Бука", "Проверю его вечером.", {"проверю"})  # a pronoun
    assert not talk("Бука", "Проверю почту вечером?", {"проверю"})  # a question
    assert not talk("Бука", "Проверю почту у Васятки.", {"проверю"})  # a capital: a name?
    assert not talk("Бука", "Вчерашний линч был ошибкой.", {"линч", "вчерашний"})  # a vote
