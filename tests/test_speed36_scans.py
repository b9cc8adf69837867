"""Speed rewrites of session 36 that must find exactly what the plain forms found (issue 11,
speed): random texts of the pieces each rewrite cares about, read both ways."""

import random
import re

from engine import parse_dead_net as D
from engine import parse_orphan as O
from engine import parse_pause as PP
from engine import parse_unread_words as W
from engine import textnorm_case as TC
from engine import textnorm_layout as L
from engine import textnorm_learner as TL
from engine.textcase import latin1_of, latin_runs

#: The plain forms before the rewrites.
_LATIN_RUN = re.compile(r"[A-Za-zÄÖÜäöüß]+")
_LATIN_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")
_CHEAP = re.compile(r"[ \t](?:[auауы]|о[мй])(?![\w'’])")


def _texts(pieces: list[str], count: int, seed: int, most: int = 25):
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(pieces) for _ in range(rng.randint(0, most)))


def test_latin_runs_are_the_runs_a_search_finds():
    pieces = ["a", "Zz", "abc", "Äö", "ß", "é", "É", "µ", "ſ", "K", "1", "_", " ", "\n", "-",
              "аб", "Ё", "«", "»", "—", "😀", "\ud800", "?", "x"]
    for text in _texts(pieces, 5_000, 1):
        assert list(latin_runs(text)) == _LATIN_RUN.findall(text), text
        assert any(len(w) >= 3 for w in latin_runs(text)) == \
            (_LATIN_WORD.search(text) is not None), text
        assert latin1_of(text) == text.encode("latin-1", "replace")
    assert TL._german("wir beobachten Лося", ()) != "wir beobachten Лося"
    assert TL._german("Serginio лечит", ()) == "Serginio лечит"


def test_endings_after_latin_found_as_the_whole_scan_finds_them():
    def plain(text: str) -> bool:
        for m in _CHEAP.finditer(text):
            k = m.start()
            while k > 0 and text[k - 1] in " \t":
                k -= 1
            if k > 0 and text[k - 1].isascii() and text[k - 1].isalnum():
                return True
        return False

    pieces = ["a", "u", "а", "у", "ы", "о", "м", "й", " ", "\t", "\n", "x", "Z", "1", "_", "'",
              "’", "ä", "б", "é", "😀", "-", "."]
    for text in _texts(pieces, 20_000, 2, most=12):
        assert TC._cut_after_latin(text) == plain(text), text
    assert TC._cut_after_latin("голосую за dimon а и тимофея")
    assert not TC._cut_after_latin("голосую за Димона а потом")


def test_capitals_of_no_nick_matched_in_order_as_finditer_does():
    forms = frozenset({"педро", "лось", "лося"})
    pieces = ["Аб", "Абв", "абв", "Ёлка", "Zed", "Ze", "zed", "Лося", "Педро", "Педров", " ",
              "  ", ",", ".", "...", "…", "-", "—", ";", ":", "\n", "1", "_", "ЖЖЖ"]
    for text in _texts(pieces, 20_000, 3, most=15):
        plain = [(m.start(), m.group()) for m in D._INNER_CAPITAL.finditer(text)
                 if m.group().lower().replace("ё", "е") not in forms]
        odd = D._no_forms(D._INNER_CAPITAL.findall(text), forms)
        assert [(m.start(), m.group()) for m in D._matches_of(text, odd)] == plain, text


def test_label_lines_with_sentence_marks_are_left_as_before():
    nicks = ("Лось", "Бука")
    pieces = ["Голос", "мой", "Линч", ":", "—", "-", " ", "\n", "ну", "так", ",", "Бука",
              "Шкафу", ".", "!", "?", "короче", "МО", "Проверка", "1.", "лечу"]
    for text in _texts(pieces, 5_000, 4, most=12):
        lines = text.split("\n")
        for line in lines:
            if "." in line or "!" in line or "?" in line:
                lead = L._LEAD.match(line)
                assert L._LABEL_LINE.fullmatch(line, lead.end() if lead else 0) is None
                assert L._LABEL_LINE.fullmatch(line) is None
    assert L._label_lines("Голос мой\nЛосю", nicks) == "Голос мой: Лосю"
    assert L._label_lines("Голос мой.\nЛосю", nicks) == "Голос мой.\nЛосю"


def test_talk_between_clauses_read_as_the_words_found():
    pieces = ["ну", "ой", "нет", "лось", "вчера", " ", ",", ".", "...", "-", "\n", "'", "x1"]
    for text in _texts(pieces, 5_000, 5, most=10):
        gap = O._WORD_RE.findall(text)
        assert O._talk_between(text) == (not gap or any(w not in O._ORPHAN_FILL for w in gap))


def test_unvetoed_without_a_word_of_talk_is_none():
    for text in _texts(["лечу", "Лося", "?", " ", ",", "—"] + sorted(W.VETO)[:5], 2_000, 6):
        low = text.lower().replace("ё", "е")
        vetoes = [m for m in PP._WORD.finditer(low) if m.group() in W.VETO]
        if not vetoes:
            assert PP.unvetoed(text, low, 0, len(text)) is None
