"""The unread net's slang verbs (engine.parse_unread_words.move_word): a word no dictionary
knows, shaped as a first-person verb, counts as a verb of action (session 44: «фрагаем X»,
«ваншотаю X» in a gamers' game were dropped silently)."""

import pytest

from engine.parse_unread_words import move_word


@pytest.mark.parametrize("word", ["дропаем", "вайпаю", "рашаем", "кемпую"])
def test_unknown_first_person_verbs_are_action(word):
    assert move_word(word) == "first"


@pytest.mark.parametrize("word", [
    "дропали",      # past tense: a story
    "дропать",      # infinitive: no order
    "рашаю",        # five letters: too short to tell
    "sniperaю",     # not all Cyrillic
    "кемпуешь",     # second person
])
def test_other_unknown_words_are_not(word):
    assert move_word(word) == ""


@pytest.mark.parametrize("word,kind", [
    ("фрагаем", "move"),    # slang45: lexicon verbs now (engine/lexicon/kill.toml)
    ("ваншотаю", "move"),
    ("фрагать", ""),        # their infinitive, which the dictionary does not know: no order
    ("дефнуть", ""),
])
def test_slang_lexicon_verbs(word, kind):
    assert move_word(word) == kind
