"""The open-move net's remembered answers (engine.parse_slots, engine.parse_unread; issue 11:
parse speed): a word known to be no sign of a move, and the player a word names, answer the
same whatever was asked before (the memos hold pure functions of the word only)."""

import re

from engine import grammar_vocab as V
from engine import parse_slots as S
from engine.grammar_rules import actor_of
from engine.grammar_tokens import clause_words, tokenize_span
from engine.model import TurnInfo
from engine.names import name_index
from engine.parse_types import Ctx
from engine.parse_unread import _player_at, player_at
from engine.state import GameState

ROSTER = {"Енот": "thug", "Остап": "civilian", "Сова": "doctor", "Филин": "detective",
          "Кот-Баюн": "civilian", "Dr.Who": "civilian"}
TURN = TurnInfo(day=2, event="none")
_WORD = re.compile(r"\w[\w'-]*")


def _ctx(sender: str) -> Ctx:
    state = GameState.new(1, ROSTER)
    nicks = tuple(state.players)
    return Ctx("", state, TURN, actor_of(state, sender), nicks,
               frozenset(n for n, p in state.players.items() if p.alive), votes=1)


SENTENCES = ("Погода сегодня мерзкая, весь день дождь и ветер.",
             "Голоса свои сегодня отдаю славному Остапу и больше никому.",
             "Сегодня вечером опять пробираюсь потихоньку к Остапу домой.",
             "Вчера все дружно голосовали за Остапа, и это была ошибка.",
             "Этой ночью лечу Остапа, потому что он мне нравится.",
             "Не понимаю логику Совы: то одно, то другое.")


def test_may_show_answers_the_same_with_the_memo_cold_or_warm():
    slot_sets = (frozenset(), frozenset({V.VOTE}), frozenset({S.VOTE_ONLY}),
                 frozenset({S.MAIN, V.HEAL}), frozenset({V.VOTE, S.MAIN, V.HEAL}))
    ctx = _ctx("Сова")

    def answers():
        return [S.may_show(ctx, s, _WORD.findall(s.lower().replace("ё", "е")), slots)
                for slots in slot_sets for s in SENTENCES]

    S._NO_SIGN.clear()
    cold = answers()  # (every sentence asked first with no slot open: «отдаю» then too)
    warm = answers()
    assert cold == warm
    assert S.may_show(ctx, SENTENCES[1], _WORD.findall(SENTENCES[1].lower()),
                      frozenset({V.VOTE}))  # «отдаю» while the vote is open
    assert not S.may_show(ctx, SENTENCES[0], _WORD.findall(SENTENCES[0].lower()),
                          frozenset({V.VOTE, S.MAIN}))


def test_heading_mark_is_the_pattern():
    for s in ("Суд — Пьеро", "Согласен с ним: тянуть нельзя", "Хайд → Лиса", "Слово - слово",
              "Слово -слово", "a - ", "a -- b", "Просто чатик, без меток.", "x —", "a:b"):
        assert S.heading_mark(s) == bool(S._HEADING_MARK.search(s)), s


def test_player_at_remembers_per_word_and_capital():
    idx = name_index(tuple(ROSTER))
    text = "сова спит, а Сова лечит. Совы нет. Кот-Баюн и Dr.Who тут, и Филина тоже."
    toks = idx.merge(tokenize_span(text, 0, len(text)))
    words = clause_words(toks)
    idx._at_memo.clear()
    for _ in range(2):  # (cold, then from the memo)
        for k, t in enumerate(toks):
            if t.word:
                assert player_at(idx, toks, words, k) == _player_at(idx, toks, words, k)
    caps = {t.cap: player_at(idx, toks, words, k) for k, t in enumerate(toks) if t.w == "сова"}
    assert caps[True] is not None and caps[True].nick == "Сова"


def test_the_letter_wide_test_keeps_every_sentence_may_show_passes():
    from engine.grammar_hot import lowered
    from engine.parse_unread import _may_show_where, sentence_spans

    letter = ("Привет всем! Погода сегодня мерзкая, весь день дождь и ветер. "
              "Голоса свои сегодня отдаю славному Остапу и больше никому.\n"
              "Сегодня вечером опять пробираюсь потихоньку к Остапу домой. "
              "Вчера все дружно голосовали за Остапа, и это была ошибка. "
              "Этой ночью\u00a0лечу Остапа, потому что он мне нравится! "
              "Не понимаю логику Совы: то одно, то другое. Суд - Остап, и точка.\r\n"
              "Снова Филина. Ок. Моя цель → Кот-Баюн, ведь он молчит весь день. "
              "Голосую-ка я за Dr.Who сегодня вечером, пожалуй, без сомнений. "
              "Ребята, не ссорьтесь, это всего лишь игра и ничего больше.")
    ctx = _ctx("Сова")
    lower = lowered(letter)
    spans = sentence_spans(letter)
    skipped = []
    for slots in (frozenset({V.VOTE}), frozenset({S.VOTE_ONLY}), frozenset({S.MAIN, V.HEAL}),
                  frozenset({V.VOTE, S.MAIN, V.HEAL}), frozenset({V.CHECK})):
        for cold in (True, False):
            if cold:
                S._NO_SIGN.clear()
            showing = _may_show_where(ctx, letter, lower, spans, slots)
            passed = {n for n, (lo, hi) in enumerate(spans)
                      if S.may_show(ctx, letter[lo:hi].strip(),
                                    _WORD.findall(lower[lo:hi]), slots)}
            assert passed <= showing, (slots, passed - showing)
            skipped.append(len(spans) - len(showing))
    assert max(skipped) >= 2  # (chatter is skipped at once: «Погода сегодня мерзкая, …»)


def test_nobody_is_said_only_of_a_sentence_names_finds_nobody_in():
    from engine.parse_unread import _names, _nobody

    roster = dict(ROSTER, **{"Тимофей Павлович": "civilian", "Вася Пупкин": "civilian"})
    state = GameState.new(1, roster)
    nicks = tuple(state.players)
    ctx = Ctx("", state, TURN, actor_of(state, "Сова"), nicks,
              frozenset(n for n, p in state.players.items() if p.alive), votes=1)
    idx = name_index(nicks)
    said = []
    for text in ("Привет всем!", "Я пропустил.", "Отзовись.", "Надо бы составить таблицу.",
                 "Т.П. молчит.", "Вася молчит.", "Остапу привет!", "остапа не видно",
                 "ВСЕМ ПРИВЕТ ОТ МЕНЯ", "Кот-Баюн спит.", "Dr.Who тут.", "Пупкин, ау!",
                 "Совушка, ты где?", "В 13 часов.", "Филину.", "и т.п. и т.д."):
        for _ in range(2):  # (cold, then from the memo)
            toks = idx.merge(tokenize_span(text, 0, len(text)))
            found = _names(ctx, toks, clause_words(toks))
            if _nobody(idx, text, 0, len(text)):
                assert not found, text
                said.append(text)
    assert "Привет всем!" in said and "Отзовись." in said  # («Я пропустил.»: «я» and a dot, unsure)
