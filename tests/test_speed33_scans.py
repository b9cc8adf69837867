"""Whole-letter scans done by C-level searches (issue 11: parse speed, speed33): each answers
exactly what the pattern it stands for answers, and a remembered answer is the same cold or
warm."""

import re

import pytest

from engine import grammar_vocab as V
from engine import parse_slots as S
from engine import parse_unread as U
from engine.grammar_hot import lowered
from engine.parse_choice import _TAKEN_BACK, _taken_back
from engine.parse_doubt import _SENTENCE_MARK, _SENTENCE_MARKS
from engine.parse_second_thoughts import _MARK_PIECE, _marker_pieces, _sentences_of
from engine.parse_unread import sentence_spans
from engine.parse_vote_net import _HEAD, _head_in
from engine.textcase import sentences_holding

LETTERS = (
    "Всем привет! Сегодня лечу Сову. Хотя нет, лучше Филина… Не знаю, может и не стоит.",
    "Голосую за Остапа.\nГолос мой — Енот. Ну а если сам решишь — выбирай.",
    "МБ завтра. «Не буду», — сказал он.  Ни-кого не трогаю! (хз) НЕ-А, стоп.",
    "Dr.Who опять молчит. ЛИНЧ: Кот-Баюн. gолос — Сова; самый тихий день… mozhet позже",
    "Ой нет,  Хотя...нет! а  нет. нет-нет, Анет, данет, или\tнет",
    "",
    "Просто болтаю о погоде, ничего больше.",
)


def _old_marked(text: str, pattern: re.Pattern) -> list[int]:
    return [n for n, (lo, hi) in enumerate(sentence_spans(text)) if pattern.search(text, lo, hi)]


@pytest.mark.parametrize("text", LETTERS)
def test_marker_pieces_find_the_sentences_the_pattern_finds(text):
    low = lowered(text)
    assert len(low) == len(text)
    for _ in range(2):  # (cold, then the pieces remembered)
        marks = _marker_pieces(text)
        assert bool(marks) == (_MARK_PIECE.search(low) is not None)
        assert _sentences_of(sentence_spans(text), low, marks) == _old_marked(low, _MARK_PIECE)


@pytest.mark.parametrize("text", LETTERS)
def test_sentences_holding_is_a_search_per_sentence(text):
    low = text.lower()
    assert sentences_holding(sentence_spans(text), low, _SENTENCE_MARKS) == \
        _old_marked(low, _SENTENCE_MARK)
    # (a word that lies across a sentence's end is in neither sentence)
    spans = ((0, 4), (5, 9))
    assert sentences_holding(spans, "абвг деёж", ("гд", "вг")) == [0]
    assert sentences_holding(spans, "абвгдеёж ", ("гд",)) == []


@pytest.mark.parametrize("text", LETTERS + ("голосую", " линч", "-Голос", "xголос", "İ голос"))
def test_vote_head_as_the_pattern(text):
    assert _head_in(text) == (_HEAD.search(text) is not None)


@pytest.mark.parametrize("text", [t.lower() for t in LETTERS] + ["нет", "хотянет", "данет"])
def test_taken_back_as_the_pattern(text):
    assert _taken_back(text) == (_TAKEN_BACK.search(text) is not None)


def test_sign_pieces_answer_the_same_cold_or_warm():
    pieces = {"лечу", "Остапа,", "голосую", "погода", "отдаю", "(бью)", "дождь."}
    slot_sets = (frozenset(), frozenset({V.VOTE}), frozenset({S.MAIN, V.HEAL}))
    want = {(p, s): S.shows(U._WORD_RE.findall(p.lower().replace("ё", "е")), s)
            for p in pieces for s in slot_sets}
    U._SIGN_PIECES.clear()
    U._SHOWS.clear()
    for _ in range(2):
        signs = U._sign_pieces(set(pieces))
        assert set(signs) >= {p for (p, s), v in want.items() if v}
        for p in signs:
            for s in slot_sets:
                assert U._shows_piece(p, s) == want[(p, s)]
