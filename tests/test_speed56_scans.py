"""The fifty-sixth session's speed rewrites (issue 11) find exactly what the plain forms
found: random texts of the pieces each pattern cares about, read both ways."""

import re

from engine import grammar_tokens as GT
from engine import parse_doubt as PD
from engine import parse_lost_net as LN
from engine import textnorm_idioms as TI
from engine import textnorm_sender as TSe
from engine import textnorm_short as TSh
from engine import textnorm_typing as TT
from engine import textnorm_votes as TV
from test_exact_rewrites import _texts

#: The forms before the rewrites (the plain ones, tried at every character).
_ANY_PRONOUN = re.compile(r"(?<!\w)(?:е(?:го|ё|е|му|й|ю)|и[хм]|н(?:его|её|ее|ему|ей|ею|их|им))(?!\w)")
_OWN_AFTER_OTHERS = re.compile(
    r"(?i)(?:\bголосу(?:ет|ют)|\bголосовал[аи]?\b|\bпроголосовал[аи]?\b)[^.!?\n]{1,80}?(,)"
    r"(?=\s*(?:(?:а|но|ну|ну\s+а)\s+)?я\s*(?:[—–-]\s*)?за\s+(?!(?:то|это|того|него|неё|нее|"
    r"них|всех|обоих|обеих|себя|меня|тебя|вас|нас)\b)\w)")
_THAT_IS_SHORT = re.compile(r"(?i)(?<!\w)(?:т\s?\.\s?е(?!\w)|то(?:есть|ись|исть|есь)(?!\w))")
_WISH_WORD = re.compile(r"(?<![^\W\d_])бы?(?![^\W\d_])")
_HEDGE_OR_CHOICE = re.compile(r"може|mozhet|мб|сам|" + _WISH_WORD.pattern)  # («може»: «может» said short, silent61)
_EYES = re.compile(
    r"(?i)(?<![^\W\d_])(глаз)[ \t]+(с|со)[ \t]+([^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,2}?)"
    r"[ \t]+(не)[ \t]+(спускаю|спущу|спускаем|спустим|свожу|сведу|сводим|сведем|сведём)"
    r"(?![^\W\d_])")




def _found(matches) -> list:
    return [(m.span(), m.groups()) for m in matches]


def test_patterns_opening_with_their_first_letter_find_the_same():
    pieces = ["его", "ЕГО", "Её", "ее", "ей", "ему", "их", "им", "него", "неё", "ним", "них",
              "е", "и", "н", "х", "м", "голосуют", "Голосует", "ГОЛОСОВАЛИ", "голосовала",
              "проголосовал", "Проголосовали", "пере", "глаз", "Глаз", "ГЛАЗ", "с", "со", "С",
              "не", "НЕ", "спускаю", "сведу", "Сведём", "Лось", "Кузя", "а", "ну", "но", "я",
              "Я", "за", "ЗА", "то", "него", " ", " ", ",", "\t", "\n", "-", "—", ".", "!", "?",
              "_", "1", "ᲂ", "x", "'", "т", "Т", "\u1c84", "\u1c85", "то", "ТО", "есть", "ись",
              "исть", "есь", "О", "б", "бы", "Б", "может", "мб", "сам"]
    for text in _texts(pieces, 6_000, 56, most=16):
        for old, new in ((_ANY_PRONOUN, LN._ANY_PRONOUN), (_OWN_AFTER_OTHERS, TV._OWN_AFTER_OTHERS),
                         (_EYES, TI._EYES), (_THAT_IS_SHORT, GT._THAT_IS_SHORT),
                         (_WISH_WORD, PD._WISH_WORD)):
            assert _found(new.finditer(text)) == _found(old.finditer(text)), (text, old.pattern)
            for at in range(0, len(text) + 1, 3):
                a, b = old.search(text, at), new.search(text, at)
                assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups())), text
            for lo in range(0, len(text) + 1, 4):
                a, b = _HEDGE_OR_CHOICE.search(text, lo, len(text) - lo // 2), \
                    PD._HEDGE_OR_CHOICE(text, lo, len(text) - lo // 2)
                assert (a and a.span()) == (b and b.span()), text


def test_first_letters_have_no_other_case_forms():
    """The rewritten patterns open with a set of both cases of «е», «и», «н», «г», «п»: no
    other character matches them case-blind («о» has «ᲂ», so it stays inside the case-blind
    part). (The Basic Multilingual Plane: no case pair of a Cyrillic letter lies past it.)"""
    for letter in "еингп":
        blind = re.compile(f"(?i){letter}")
        assert {chr(c) for c in range(0x10000) if blind.fullmatch(chr(c))} == \
            {letter, letter.upper()}
    blind = re.compile("(?i)т")  # (and «т», whose set holds its two old forms too)
    assert {chr(c) for c in range(0x10000) if blind.fullmatch(chr(c))} == \
        {"т", "Т", "\u1c84", "\u1c85"}


def test_doubled_verbs_tried_at_the_hyphens_alone_are_the_scan():
    pieces = ["посмотрю", "проверю", "бью", "у", "ю", "Ю", "ь", "У", "-", "--", "Лечу", "лечу",
              "А", "Б", "Я", "К", ".", ". ", " ", "Блока", "Гагарина", "и", "Лось", "x", "Dr",
              "\n", ",", "_", "1", "ё", "Ё"]
    for text in _texts(pieces, 6_000, 57, most=18):
        assert _found(TT._doubled_matches(text)) == _found(TT._DOUBLED.finditer(text)), text


def test_marks_found_by_in_tests():
    for text in _texts(["«", "\"", "„", "-", "—", "–", ":", "a", " ", "»", "голос"], 3_000, 58):
        assert TSe._any_mark(text, TSe._QUOTE_MARK_CHARS) == bool(re.search("[«\"„]", text))
        assert TSe._any_mark(text, TSe._VOTE_MARK_CHARS) == bool(re.search("[-—–:]", text))


def test_seniority_roster_read_once_reads_the_same():
    """(The answers of the start commit's :func:`short_seniority`, which read the roster at
    every letter.)"""
    pair = ("Мастер", "Палыч-младший")
    assert TSh.short_seniority("голоса мастер палыч, палыч мл", pair) == \
        "голоса мастер палыч, палыч младший"
    assert TSh.short_seniority("мл. Палыча", pair) == "младший Палыча"
    assert TSh.short_seniority("Николай Ст. и палыч мл", ("Николай Ст", "Палыч-младший")) == \
        "Николай Ст. и палыч младший"
    assert TSh.short_seniority("Петрович ст. и Палыч мл.", (
        "Петрович Старший", "Палыч-младший", "Петрович младший")) == \
        "Петрович старший. и Палыч младший."
    assert TSh.short_seniority("палыч мл", ("Лось", "Кузя")) == "палыч мл"
    assert TSh.short_seniority("Мл и палыч мл", ("Мл", "Палыч-младший")) == "Мл и палыч мл"
