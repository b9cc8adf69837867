"""Which parts of a long letter the parser reads (engine.grammar_windows, issue 11)."""

from engine.grammar_windows import _has_word, reading_windows

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
