"""The nets' look at a sentence from its pieces (engine.net_pieces; issue 11: parse speed):
what it tells without making the tokens is what the tokens tell, and where the merge may
join words or a line is in capitals it tells nothing (the tokens are made)."""

import pytest

from engine.grammar_rules import actor_of
from engine.grammar_tokens import tokenize_span
from engine.model import TurnInfo
from engine.names import name_index
from engine.names_merge import merge_tokens
from engine.net_pieces import holds_word, plain_tokens
from engine.parse_types import Ctx
from engine.parse_unread import _no_move_word, _talk_anyway, _talk_test, sentence_spans
from engine.state import GameState

ROSTERS = (
    {"Енот": "clan1.thief", "Остап": "civilian", "Сова": "doctor", "Филин": "detective",
     "Кот-Баюн": "civilian", "Dr.Who": "civilian", "Дон Педро": "clan1.boss",
     "Зоркий Глаз": "civilian", "Lady_Mary": "civilian"},
    {"Н.Н. Гусев": "civilian", "Мельников А.В.": "doctor", "Лиса": "clan2.thief",
     "Тимофей Павлович": "civilian", "Кузя": "detective"},
)
TURN = TurnInfo(day=2, event="none")

#: Sentences of talk and of moves, and near-misses where a join or capitals change the
#: tokens («Dr. Who», «Т.П.», «Дон Педро», «ос тапа», «Lady_Mary», a shouted line).
LETTER = """Привет всем! Не понимаю логику Совы: то одно, то другое.
Согласен с Остапом: тянуть больше нельзя. Смотрите, как Енот защищает Сову, это подозрительно.
Я не исключаю, что Филин просто новичок и путается. С Остапом я согласен только наполовину.
Вчера голосовали за Dr. Who, и это была ошибка. Не понимаю, зачем Дон Педро молчит.
Смотрите, Зоркий Глаз опять пишет. Не понимаю логику Т.П. и Н.Н. вообще.
Смотрите, ос тапа опять пишет. Не понимаю логику Lady_Mary совсем.
НЕ ПОНИМАЮ ЛОГИКУ СОВЫ, ТО ОДНО, ТО ДРУГОЕ. Смотрите, как Семёнов И. защищает Кузю.
Николай Николаевич, смотрите, как он молчит. Лечу Сову. Голосую за Енота, нельзя тянуть.
Я согласен с Лисой. Кузя, смотрите сами. Не понимаю, что нельзя.
"""


def _ctx(roster: dict, sender: str) -> Ctx:
    state = GameState.new(1, roster)
    nicks = tuple(state.players)
    return Ctx(LETTER, state, TURN, actor_of(state, sender), nicks,
               frozenset(n for n, p in state.players.items() if p.alive), votes=1)


def _spans():
    spans = list(sentence_spans(LETTER))
    # (parts of sentences too: a net may look at the part a word of talk leaves)
    spans += [(lo + LETTER[lo:hi].find(",") + 1, hi) for lo, hi in spans if "," in LETTER[lo:hi]]
    return spans


@pytest.mark.parametrize("roster", ROSTERS)
def test_plain_tokens_are_the_merged_tokens_words(roster):
    idx = name_index(tuple(roster))
    told = 0
    for lo, hi in _spans():
        plain = plain_tokens(idx, LETTER, lo, hi)
        if plain is None:
            continue
        told += 1
        toks = merge_tokens(idx, tokenize_span(LETTER, lo, hi))
        assert [(t.w, t.word, t.cap) for t in plain] == \
            [(t.w, t.word, t.cap) for t in toks], LETTER[lo:hi]
    # (a roster spelling a name and patronymic by initials: any two words may join)
    assert told > 5 if not idx.spelled else told == 0


@pytest.mark.parametrize("roster", ROSTERS)
def test_joins_and_capitals_tell_nothing(roster):
    idx = name_index(tuple(roster))
    for lo, hi in sentence_spans(LETTER):
        toks = tokenize_span(LETTER, lo, hi)
        if merge_tokens(idx, toks) != toks or any(t.word and t.text.isupper() and
                                                   len(t.text) > 1 for t in toks):
            assert plain_tokens(idx, LETTER, lo, hi) is None, LETTER[lo:hi]
            assert not holds_word(idx, LETTER, lo, hi, *_talk_test(idx, True)), LETTER[lo:hi]


@pytest.mark.parametrize("roster", ROSTERS)
@pytest.mark.parametrize("address", (True, False))
def test_a_word_of_talk_told_from_the_pieces_is_the_tokens(roster, address):
    idx = name_index(tuple(roster))
    sure = 0
    for cold in (True, False):  # (the pieces' answers not remembered yet, then remembered)
        if cold:
            from engine import net_pieces
            net_pieces._TABLES.clear()
        for lo, hi in _spans():
            toks = idx.merge(tokenize_span(LETTER, lo, hi))
            slow = _talk_anyway(idx, toks, [t.w for t in toks], address)
            if holds_word(idx, LETTER, lo, hi, *_talk_test(idx, address)):
                sure += 1
                assert slow, LETTER[lo:hi]
    assert sure > 4 if not idx.spelled else sure == 0


@pytest.mark.parametrize("roster", ROSTERS)
def test_no_move_word_from_the_pieces_is_the_tokens(roster):
    for sender in roster:
        ctx = _ctx(roster, sender)
        idx = name_index(ctx.nicks)
        for lo, hi in _spans():
            plain = plain_tokens(idx, LETTER, lo, hi)
            if plain is not None:
                toks = idx.merge(tokenize_span(LETTER, lo, hi))
                assert _no_move_word(ctx, plain, {}) == _no_move_word(ctx, toks, {}), \
                    (sender, LETTER[lo:hi])


def test_chatter_letters_answer_the_same():
    from benchmarks import chatter

    for text, sender, state, _ in chatter.inputs(chatter.chatter_letters(40, seed=5)):
        ctx = Ctx(text, state, TURN, actor_of(state, sender), tuple(state.players),
                  frozenset(state.players), votes=1)
        idx = name_index(ctx.nicks)
        for lo, hi in sentence_spans(text):
            toks = idx.merge(tokenize_span(text, lo, hi))
            plain = plain_tokens(idx, text, lo, hi)
            if plain is not None:
                assert [(t.w, t.word, t.cap) for t in plain] == \
                    [(t.w, t.word, t.cap) for t in toks]
                assert _no_move_word(ctx, plain, {}) == _no_move_word(ctx, toks, {})
            if holds_word(idx, text, lo, hi, *_talk_test(idx, True)):
                assert _talk_anyway(idx, toks, [t.w for t in toks], True)
