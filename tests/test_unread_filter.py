"""The safety net's cheap sentence filter (engine.parse_unread_cheap.may_ask_where, issue 11):
in a long letter only sentences with the sender's word, a move word or his capitalised pet
form are looked at closely, and the filter never drops one the close look would pass."""

from engine.grammar_rules import actor_of
from engine.model import TurnInfo
from engine.names import name_index
from engine.parse import parse_letter
from engine.parse_types import Ctx
from engine.parse_unread import sentence_spans
from engine.parse_unread_cheap import may_ask, may_ask_where, own_words
from engine.state import GameState

ROSTER = {"Енот": "thug", "Остап": "civilian", "Мурка": "doctor", "Филин": "detective",
          "Кот-Баюн": "civilian", "Dr.Who": "civilian"}
TURN = TurnInfo(day=2, event="none")
CHATTER = ("Погода сегодня мерзкая, весь день дождь. Спасибо ведущему за газету! "
           "Ребята, не ссорьтесь, это всего лишь игра. Всем удачи и хорошей ночи!\n")


def _state() -> GameState:
    return GameState.new(1, ROSTER)


def _ctx(text: str, sender: str) -> Ctx:
    state = _state()
    nicks = tuple(state.players)
    return Ctx(text, state, TURN, actor_of(state, sender), nicks,
               frozenset(n for n, p in state.players.items() if p.alive))


def _check(text: str, sender: str) -> tuple[list[int], list[int]]:
    """(the sentences the filter keeps, those the close look passes)."""
    ctx = _ctx(text, sender)
    lower = text.lower().replace("ё", "е")
    spans = sentence_spans(text)
    own = own_words(ctx)
    kept = may_ask_where(ctx, text, lower, spans, own, name_index(ctx.nicks))
    passed = [n for n, (lo, hi) in enumerate(spans)
              if may_ask(ctx, text[lo:hi], lower[lo:hi], own)]
    return kept, passed


def test_the_filter_keeps_every_sentence_the_close_look_passes():
    text = (CHATTER + "Енотик ночью пробирается к Остапу. Я видел Мурку-соседку вчера. "
            "А ещё, Филин, зайду к Dr.Who. Кот-Баюн молчит; (Остап) лечит всех. "
            "«Мурка бьёт Филина», — сказал он. Мой выбор — Остап. " + CHATTER)
    kept, passed = _check(text, "Енот")
    assert passed and set(passed) <= set(kept)


def test_chatter_with_names_and_no_move_word_is_not_looked_at():
    text = CHATTER + "Остап сегодня весёлый. Мурка и Филин спорят до утра. " + CHATTER
    kept, passed = _check(text, "Енот")
    assert kept == [] and passed == []


def test_a_long_letter_still_asks_about_a_story_of_the_sender():
    # (the net's own case, inside chatter: the filter is on for letters of 5 sentences or more)
    text = CHATTER + "Мурка этой ночью бежит к Остапу с бинтами. " + CHATTER
    result = parse_letter(text, "Мурка", _state(), TURN)
    assert [p.reason for p in result.problems] == ["unread"]
    assert result.problems[0].text == "Мурка этой ночью бежит к Остапу с бинтами"


def test_a_long_letter_of_talk_about_others_asks_nothing():
    text = CHATTER + "Филин этой ночью бежит к Остапу с бинтами. " + CHATTER
    result = parse_letter(text, "Мурка", _state(), TURN)
    assert result.problems == () and result.moves == ()
