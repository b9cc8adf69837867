"""Speed rewrites of session 39 that must answer exactly as the plain forms did (issue 11,
speed): random texts of the pieces each rewrite cares about, read both ways."""

import random

from engine import parse_run_correction as RC
from engine import parse_unread_cheap as UC
from engine import textnorm as TN
from engine.grammar_rules import actor_of
from engine.model import TurnInfo
from engine.names import name_index
from engine.parse_types import Ctx
from engine.state import GameState

ROSTER = {"Енот": "thug", "Остап": "civilian", "Сова": "doctor", "Филин": "detective",
          "Кот-Баюн": "civilian", "Dr.Who": "civilian", "Совушка": "civilian"}
TURN = TurnInfo(day=2, event="none")


def _texts(pieces: list[str], count: int, seed: int, most: int = 25):
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(pieces) for _ in range(rng.randint(0, most)))


def _ctx(sender: str) -> Ctx:
    state = GameState.new(1, ROSTER)
    nicks = tuple(state.players)
    return Ctx("", state, TURN, actor_of(state, sender), nicks,
               frozenset(n for n, p in state.players.items() if p.alive), votes=1)


def test_marker_pieces_placed_as_the_alternation_finds_them(monkeypatch):
    monkeypatch.setattr(RC, "_FIND_FROM", 0)  # (every text placed by str.find)
    pieces = list(RC._QUICK) + ["н", "е", "т", "Н", "u", "p", "d", "а", "п", "д", "о", "р",
                                "с", "л", "к", "в", " ", "\n", "x", "нетт", "ннет"]
    for text in _texts(pieces, 20_000, 1):
        for start in (0, 1, 4):
            assert RC._quick_places(text, start) == \
                [m.span() for m in RC._QUICK_ANY.finditer(text, start)], text
    text = "лечу Лося. ой нет, апд: Upd — поправка, исправление"
    assert [p for p in RC._quick_places(text, 3)] == \
        [m.span() for m in RC._QUICK_ANY.finditer(text, 3)]
    assert RC._markers(text, 5) == RC._markers(text, 5, RC._quick_places(text, 0))


def test_glued_lookalike_needs_a_digit_or_underscore_class():
    pieces = ["С", "с", "8", "0", "_", "Celestron", "a", "Б", "7", " ", "\u0301", "é", "ё",
              "x", "K", "К", "\u200b", "—"]
    for text in _texts(pieces, 20_000, 2, most=10):
        classes = TN._classes(text.encode("utf-8", "surrogatepass"))
        if TN._GLUED.search(text) is not None:
            assert b"D" in classes, text
        # (the class of a digit or «_» is no letter's: the look-alike test sees the same)
        old = classes.replace(b"D", b" ")
        assert (TN._CLASS_TOUCH.search(classes) is None) == \
            (TN._CLASS_TOUCH.search(old) is None), text
    assert TN.clean_text("Celestron_С8 ищет") == "Celestron_C8 ищет"
    assert TN.clean_text("Лось_007 и Фельдшер_Zina") == "Лось_007 и Фельдшер_Zina"


#: The cheap tests of the net before the capitalised words were found lazily.
def _plain_verdict(ctx, sentence, lower, own):
    words = UC._WORD.findall(lower)
    idx = name_index(ctx.nicks)
    caps = UC._CAPITAL.findall(sentence)
    if not caps and idx.trigger_forms().isdisjoint(words):
        return False
    if sentence.rstrip().endswith("?") or UC._QUOTE_MARK.search(sentence) or \
            not UC.W.VETO.isdisjoint(words):
        return None
    if UC.TALLY.match(sentence):
        return False
    return UC._key_words(words, own) or UC._sender_pet_form(caps, idx, ctx.sender.nick)


def _plain_cheap(ctx, sentence, lower, own):
    if sentence.rstrip().endswith("?") or UC._QUOTE_MARK.search(sentence):
        return None
    words = set(UC._WORD.findall(lower))
    if not UC.W.VETO.isdisjoint(words):
        return None
    idx = name_index(ctx.nicks)
    caps = UC._CAPITAL.findall(sentence)
    if not caps and idx.trigger_forms().isdisjoint(words):
        return False
    return UC._key_words(words, own) or UC._sender_pet_form(caps, idx, ctx.sender.nick)


def test_net_verdicts_as_before_with_capitals_found_lazily():
    pieces = ["я ", "Я ", "мы ", "Сова ", "Совушка ", "Совушку ", "совушка ", "Остапа ",
              "остапа ", "Кот-Баюн ", "Dr.Who ", "лечу ", "голосую ", "за ", "погода ",
              "мерзкая ", "Сочи ", "Москва ", ", ", "— ", "«", "» ", "? ", ". ", "говорит ",
              "3 ", "(", ") ", "Лось ", "пишу "]
    for sender in ("Сова", "Енот", "Остап"):
        ctx = _ctx(sender)
        own = UC.own_words(ctx)
        for text in _texts(pieces, 4_000, 3, most=9):
            lower = text.lower().replace("ё", "е")
            assert UC.sentence_verdict(ctx, text, lower, own) == \
                _plain_verdict(ctx, text, lower, own), (sender, text)
            assert UC.cheap_verdict(ctx, text, lower, own) == \
                _plain_cheap(ctx, text, lower, own), (sender, text)

