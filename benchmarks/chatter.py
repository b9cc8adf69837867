"""Letters as players really write them, for the parse-throughput rows (issue 11).

Two deterministic sets over the corpus's standard roster (tests/parse_corpus/rosters.toml):

- :func:`short_letters`: one or two moves with a greeting or a sign-off, 1–3 lines;
- :func:`chatter_letters`: about 40 sentences of forum discussion (names in every case,
  suspicions, jokes, everyday words that look like moves) around one move.

Every letter's text differs (seeded choice of sentences and names), so the parser's text-level
caches never see a repeat; word-level caches warm up as they would in a real game.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

ROSTERS = Path(__file__).resolve().parent.parent / "tests" / "parse_corpus" / "rosters.toml"

#: Discussion sentences; {nom}/{gen}/{dat}/{acc}/{ins} are a player's case forms.
_CHATTER = (
    "Честно говоря, {nom} вчера вёл себя очень странно.",
    "Мне кажется, {nom} слишком много знает для мирного.",
    "Почему {nom} молчал весь день, а потом внезапно проснулся к вечеру?",
    "Я бы присмотрелся к {dat}, уж очень гладко говорит.",
    "Вчера голосовали за {acc}, и это была ошибка.",
    "Не понимаю логику {gen}: то одно, то другое.",
    "С {ins} я согласен только наполовину.",
    "Кто-нибудь заметил, как {nom} резко сменил тему?",
    "Ладно, давайте без паники, время ещё есть.",
    "Погода сегодня мерзкая, весь день дождь.",
    "На выходных полечу в Сочи, так что буду реже заходить.",
    "Проверю почту вечером и отпишусь в ветке.",
    "Спасибо ведущему за отличную газету!",
    "Если честно, мне эта партия нравится больше прошлой.",
    "В прошлой игре я был мафией и меня раскрыли на третий день.",
    "У {gen} явно есть какая-то информация, он слишком уверен.",
    "По-моему, {nom} и {nom2} играют в одной команде.",
    "Смотрите, как {nom} защищает {acc2}, это подозрительно.",
    "Я не исключаю, что {nom} просто новичок и путается.",
    "Вся ветка сегодня какая-то сонная.",
    "Кто вообще писал про маньяка? Я пропустил.",
    "Напомню всем, что срок до полуночи.",
    "Давайте будем внимательнее к тем, кто пишет по одному слову.",
    "Вчерашний линч был ошибкой, признаю.",
    "{nom}, ты где пропал? Отзовись.",
    "Жалко {acc}, хороший был игрок.",
    "Думаю, что {nom} скорее мирный, чем нет.",
    "Как по мне, слишком рано делать выводы.",
    "Вечером буду с телефона, так что пишу заранее.",
    "Ребята, не ссорьтесь, это всего лишь игра.",
    "Мой кот опять уронил ноутбук, извините за опечатки.",
    "Интересно, кого сегодня ночью навестит маньяк.",
    "{nom} написал длинный пост, но по делу там два предложения.",
    "Я перечитал вчерашнюю ветку дважды и всё равно ничего не понял.",
    "Надо бы составить таблицу, кто за кого голосовал.",
    "Рассуждения {gen} мне кажутся натянутыми.",
    "Пока что никого не подозреваю всерьёз.",
    "Было бы здорово, если бы молчуны тоже высказались.",
    "Завтра с утра на работу, так что коротко.",
    "Всем удачи и хорошей ночи!",
    "Согласен с {ins}: тянуть больше нельзя.",
    "Странно, что никто не обратил внимания на слова {gen}.",
)

#: One move each: (role of the sender, phrase with {acc}/{gen}/{nom}/{dat}/{ins}).
_MOVES = (
    ("doctor", "Лечу {acc}."), ("doctor", "Сегодня лечу {acc}, так надёжнее."),
    ("detective", "Проверяю {acc}."), ("detective", "Проверка: {nom}."),
    ("hostess", "Приглашаю {acc} к себе."), ("thug", "Бью {acc}."),
    ("witness", "Слежу за {ins}."), ("maniac", "Режу {acc}."),
    ("civilian", "Голосую за {acc}."), ("civilian", "Линч: {nom}."),
    ("civilian", "Мой голос — {nom}."), ("psycho", "Шизю {acc}."),
)

_GREETINGS = ("Привет!", "Добрый вечер, ведущий!", "Здравствуйте.", "Хай", "")
_SIGN_OFFS = ("Спасибо!", "С уважением,\nигрок", "Удачи всем!", "", "Жду итогов.")


def _roster() -> dict[str, str]:
    """The standard roster without «Кир» (whose oblique forms are «Кира»'s nominative)."""
    roster = tomllib.loads(ROSTERS.read_text(encoding="utf-8"))["std"]
    return {n: r for n, r in roster.items() if n != "Кир"}


def _forms(nick: str) -> dict[str, str]:
    """Case forms of a nickname (pymorphy3 via engine.names.inflect)."""
    from engine.names import inflect

    return {"nom": nick, "gen": inflect(nick, "gent"), "dat": inflect(nick, "datv"),
            "acc": inflect(nick, "accs"), "ins": inflect(nick, "ablt")}


def _sender_for(roster: dict[str, str], role: str, rng: random.Random) -> str:
    nicks = [n for n, r in roster.items() if r == role or (role == "civilian" and r == "civilian")]
    return rng.choice(nicks)


def _fill(rng: random.Random, template: str, others: list[str]) -> str:
    a, b = rng.sample(others, 2)
    fa, fb = _forms(a), _forms(b)
    return template.format(**fa, nom2=fb["nom"], acc2=fb["acc"])


def short_letters(n: int, seed: int = 11) -> list[tuple[str, str, dict]]:
    """``n`` short letters: (text, sender, expected move action)."""
    rng = random.Random(seed)
    roster = _roster()
    out = []
    for _ in range(n):
        role, phrase = rng.choice(_MOVES)
        sender = _sender_for(roster, role, rng)
        others = [x for x in roster if x != sender]
        lines = [rng.choice(_GREETINGS), _fill(rng, phrase, others)]
        if role not in ("civilian",) and "олос" not in phrase and rng.random() < 0.4:
            lines.append(_fill(rng, rng.choice(("Линч: {nom}.", "Голосую за {acc}.")), others))
        lines.append(rng.choice(_SIGN_OFFS))
        out.append(("\n".join(line for line in lines if line), sender, role))
    return out


def chatter_letters(n: int, seed: int = 12, sentences: int = 40) -> list[tuple[str, str, str]]:
    """``n`` long letters: ``sentences`` sentences of discussion with one move in the middle."""
    rng = random.Random(seed)
    roster = _roster()
    out = []
    for _ in range(n):
        role, phrase = rng.choice(_MOVES)
        sender = _sender_for(roster, role, rng)
        others = [x for x in roster if x != sender]
        body = [_fill(rng, rng.choice(_CHATTER), others) for _ in range(sentences)]
        body.insert(rng.randint(5, sentences - 5), _fill(rng, phrase, others))
        paras, cur = [], []
        for s in body:
            cur.append(s)
            if rng.random() < 0.2:
                paras.append(" ".join(cur))
                cur = []
        paras.append(" ".join(cur))
        out.append(("Привет всем!\n\n" + "\n\n".join(p for p in paras if p), sender, role))
    return out


def inputs(letters: list[tuple[str, str, str]]) -> list[tuple]:
    """(text, sender, state, turn) for :func:`benchmarks.parse.throughput`."""
    from engine.model import TurnInfo
    from engine.state import GameState

    state = GameState.new(1, _roster())
    turn = TurnInfo(day=2, event="none")
    return [(text, sender, state, turn) for text, sender, _ in letters]
