"""Speed rewrites that must find exactly what the plain forms found (issue 11, speed):
random texts of the pieces each pattern cares about, read both ways."""

import random
import re

from engine import parse_ifgame_kind as IF
from engine import textnorm_fields as F
from engine import textnorm_layout as L

#: The forms before the rewrites (the plain, slower ones).
_IF_GUARD = re.compile(r"(?i)(?<![\w-])(?:если|ежели)(?![\w-])")
_LABEL_LINE = re.compile(r"[ \t]*([^\W\d_]+)((?:[ \t]+[^\W\d_]+){0,2})[ \t]*([:—–-]?)[ \t]*")
_FIELD = re.compile(r"[ \t]*(?:(?:[^\w\s:|()«»\"]{1,3}|\d{1,2}[.)])[ \t]*)?"  # (a bullet or emoji)
                    r"([^\W\d_]+)((?:[ \t]+[^\W\d_]+){0,2})[ \t]*(\([^()\n]*\))?"
                    r"[ \t]*([:—–-])[ \t]*(.*?)[ \t]*")


def _texts(pieces: list[str], count: int, seed: int, most: int = 25):
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(pieces) for _ in range(rng.randint(0, most)))


def test_conditions_found_as_a_full_search_finds_them():
    pieces = ["если", "Если", "ЕСЛИ", "ежели", "еᲃли", "ну", "а", "но", "или", "И", "либо",
              "ᲂ", " ", " ", ",", "\t", "\n", "-", "—", ":", "то", "тогда", "значит", "можно",
              "нельзя", "да", "нет", "Лось", "жив", ".", "?", "(", ")", "x", "1", "_", "ле"]
    for text in _texts(pieces, 3_000, 1):
        full = [(m.span(), m.groupdict()) for m in IF._IF.finditer(text)]
        assert [(m.span(), m.groupdict()) for m in IF._if_matches(text)] == full, text
        assert [m.span() for m in IF.IF_WORD.finditer(text)] == \
            [m.span() for m in _IF_GUARD.finditer(text)], text


def test_lead_characters_are_all_that_case_folding_matches():
    lead = re.compile(r"(?i)[нуаоилб \t,]")  # (the letters of the lead words, as _IF reads them)
    assert {chr(c) for c in range(0x110000) if lead.match(chr(c))} == IF._LEAD_CHARS


def test_label_and_field_lines_match_as_before():
    pieces = ["Голос", "мой", "МО", " ", "  ", "\t", ":", "—", "-", "–", "(", ")", "вчера",
              "1", "_", "x", "Лось", ".", "нет", "é"]
    for text in _texts(pieces, 4_000, 2, most=10):
        for old, new in ((_LABEL_LINE, L._LABEL_LINE), (_FIELD, F._FIELD)):
            a, b = old.fullmatch(text), new.fullmatch(text)
            assert (a and a.groups()) == (b and b.groups()), text


def test_hyphened_labels_spaced_as_in_the_whole_text():
    nicks = ("Мо-Мо", "Кибер-Кот", "Лось")

    def whole(text: str) -> str:  # (the plain form: one search of the whole text)
        def spaced(m: re.Match) -> str:
            left, right = m.group(1), m.group(2)
            if right.lower() in L._PARTICLES or L.norm(right) == L.norm(left) or \
                    not L._is_label(left) or L.is_move_word(m.group(0)) or \
                    L.norm(m.group(0)) in " ".join(nicks).lower().replace("ё", "е"):
                return m.group(0)
            return f"{left} — {right}"
        return L._HYPHENED.sub(spaced, text)

    pieces = ["МО", "Голос", "линч", "Лось", "Мо", "Кот", "Кибер", "-", "-", " ", "\n", "то",
              "1", "_", ".", ",", "по", "моему", "x"]
    for text in _texts(pieces, 2_000, 3, most=12):
        assert L._hyphens(text, nicks) == whole(text), text


def test_short_pieces_found_alone_as_the_find_loop_finds_them():
    from engine import parse_unread_cheap as C

    def plain(piece: str, text: str) -> list[int]:  # (the plain form: a stop at each find)
        out, at = [], text.find(piece)
        while at >= 0:
            end = at + len(piece)
            if (at == 0 or text[at - 1].isspace()) and (end == len(text) or text[end].isspace()):
                out.append(at)
            at = text.find(piece, end)
        return out

    pieces = ["я", "Я", "я,", "за", "тя", " ", " ", "\n", "\t", "\u00a0", "\u2003", "\x1c", ".",
              ",", "ая", "x", "1"]
    for n, text in enumerate(_texts(pieces, 3_000, 4, most=16)):
        piece = pieces[n % 5]
        found = [m.start() for m in C.alone_pattern(piece).finditer(text)]
        assert found == plain(piece, text), text


def test_no_veto_word_leaves_no_unvetoed_part():
    from types import SimpleNamespace

    from engine import parse_unread_cheap as C
    from engine.parse_pause import unvetoed
    from engine.parse_unread_words import VETO

    ctx = SimpleNamespace(nicks=("Лось", "Кузя"), sender=SimpleNamespace(nick="Лось",
                                                                          role="doctor"))
    own = C.own_words(ctx)
    pieces = ["Лечу", "лечу", "Кузю", "кузю", "я", "сегодня", "а", "вчера", "если", "бы",
              "пусть", "?", "«", "»", ",", "—", " ", " ", "\n", "."] + sorted(VETO)[:6]
    for text in _texts(pieces, 3_000, 5, most=14):
        low = text.lower().replace("ё", "е")
        verdict = C.cheap_verdict(ctx, text, low, own)
        assert (verdict is True) == C.may_ask(ctx, text, low, own), text
        if verdict is False:
            assert unvetoed(text, low, 0, len(text)) is None, text


def test_fields_only_on_lines_with_a_mark():
    nick_words = F.roster_words(("Лось", "Кузя"))
    pieces = ["МО", "Голос", "Линч", "нет", "Лось", " ", "\t", ":", "—", "-", "|", "(вчера)",
              "x", "."]
    for line in _texts(pieces, 3_000, 6, most=8):
        if not F._MARKS.search(line):
            assert F._field(line, nick_words) is None, line


def test_pet_forms_remembered_as_found():
    from engine.names import name_index

    idx = name_index(("Петя", "Лось", "Кузя", "Наташа Крючок"))
    for word in ("петьку", "лосика", "кузеньку", "наташеньку", "защищает", "лосик", "петьку"):
        assert idx.pet_form(word) == idx._pet_form(word), word


def test_case_blind_words_found_where_written():
    """The thirty-second session's rewrites (engine.textcase and its users): each finds what
    the case-blind or look-behind-first pattern found."""
    from engine import parse_pause as PP
    from engine import parse_silent as S
    from engine import textnorm_learner as TL
    from engine import textnorm_script as TS
    from engine import textnorm_sender as TSe
    from engine.textcase import plain_lower

    caps = re.compile(r"(?<![^\W\d_])[ABCEHKMOPTXYË]+(?![^\W\d_])")
    pronoun = re.compile(r"(?i)(?<![\w-])(?:я|мы)(?![\w-])")
    whom = re.compile(r"(?i)(?<!\w)(?:кого|кому|куда)(?!\w)")
    mine = re.compile(r"(?i)(?<!\w)мо[йяеё](?!\w)")
    pieces = ["я", "Я", "мы", "МЫ", "Мы", "ход", "ХОД", "Ход", "хᲂд", "на", "за", "НА",
              "вчера", "вчерашнюю", "ночь", "день", "голос", "ГОЛОС", "голоса", "гᲂлос",
              "кого", "КОМУ", "куда", "кᲂго", "мой", "Моя", "моё", "мᲂе", "OXOTA", "AB",
              "x", "Лось", "Нина", "если", "ежели", "Если", "еᲃли", " ", " ", "\n", "\t",
              "-", "—", ":", ".", "!", "?", "2", "-ю", "_", "ю", "İ", "5"]
    for text in _texts(pieces, 6_000, 3, most=14):
        low = text.lower()
        plain = plain_lower(text) is not None
        assert plain == (len(low) == len(text) and not re.search("[\u1c80-\u1c88]", text))
        for old, new in ((caps, TS._CAPS_WORD), (pronoun, TL._PRONOUN_RE),
                         (whom, PP._WHOM_RE), (mine, PP._MINE_RE)):
            assert [m.span() for m in old.finditer(text)] == \
                [m.span() for m in new.finditer(text)], (text, new.pattern)
        for hi in range(len(text) + 1):
            b = TL._BEFORE.search(text, max(0, hi - 40), hi)
            assert TL._word_before(text, max(0, hi - 40), hi) == (b and b.group(1)), text
        assert S._yesterday(text, low, plain) == (S._YESTERDAY.search(text) is not None), text
        assert [(m.span(), m.groups()) for m in S._labels(text, low, plain)] == \
            [(m.span(), m.groups()) for m in S._LABEL.finditer(text)], text
        if TSe._VOTE_OF.search(text) is not None:
            assert TSe._may_vote_of(text), text
        assert [m.span() for m in IF.if_words(text)] == \
            [m.span() for m in IF.IF_WORD.finditer(text)], text


def test_case_blind_letters_have_the_forms_written_out():
    """The letters the rewrites above spell out in both cases have no other case-blind form
    but the old letter forms they list (U+1C80–U+1C88, each in engine.textcase)."""
    from engine.textcase import OLD_LETTER_FORMS

    # (a character case-blind equal to a cased letter has a case mapping itself)
    cased = [c for c in map(chr, range(0x110000)) if c.lower() != c or c.upper() != c]
    written = {"я": "яЯ", "м": "мМ", "ы": "ыЫ", "к": "кК", "г": "гГ", "у": "уУ", "а": "аА",
               "й": "йЙ", "е": "еЕ", "ё": "ёЁ", "о": "оОᲂ", "д": "дДᲁ", "н": "нН", "з": "зЗ"}
    for letter, forms in written.items():
        blind = re.compile("(?i)" + letter)
        found = {c for c in cased if blind.fullmatch(c)}
        assert found == set(forms), letter
    for letter in "хсвт":  # («ход», «голос», «вчера», «нет»: searched in the lowered text)
        blind = re.compile("(?i)" + letter)
        found = {c for c in cased if blind.fullmatch(c)}
        assert found - {letter, letter.upper()} <= set(OLD_LETTER_FORMS), letter


def _go_word_loop(low: str) -> bool:
    """The «го» test as a loop of ``str.find`` (before the literal-first pattern)."""
    at = low.find("го")
    while at >= 0:
        if (at == 0 or low[at - 1].isspace() or low[at - 1] in ".!?") and \
                low[at + 2:at + 3].isspace():
            return True
        at = low.find("го", at + 2)
    return False


def test_go_word_found_as_the_find_loop_found_it():
    from engine import textnorm_votes as TV

    pieces = ["го", "г", "о", "его", " ", "\n", "\t", ".", "!", "?", ",", "\u00a0", "\u2003",
              "\x1c", "\u200b", "—", "а", "x"]
    for text in _texts(pieces, 5_000, 7, 12):
        assert TV._go_word(text) == _go_word_loop(text), repr(text)


def test_choice_hint_only_where_one_of_its_heads_is_written():
    from engine import parse_doubt as D

    pieces = ["выб", "ери", "ерите", "ирай", "реш", "ите", "ай", "и", "на", " ", "тво",
              "ваш", "й", ",", ".", "\n", "а", "x"]
    for text in _texts(pieces, 5_000, 8, 12):
        if D._CHOICE_HINT.search(text) is not None:
            assert any(h in text for h in D._CHOICE_HEADS), text
