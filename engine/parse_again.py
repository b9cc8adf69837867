"""«Снова Графа.», «сегодня опять её, Лену» (engine.parse_clause, issue 11): a night move
named by its target alone, with «снова» / «опять» / «вновь» saying it is made again.

A host reads it as the sender's move of yesterday made once more, when yesterday's move
of his is known: the player named is the target of exactly one of his moves of yesterday
(``last_targets``: his role's move or his hunt) and the letter gives its vote in another
sentence (so «снова X» is no vote). Anything else (no such move yesterday, or two moves
on that player, or no vote elsewhere) is left to the rest of the parser, which asks.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_headers import ROLE_CLASS
from .grammar_keywords import Kw
from .grammar_tokens import Tok, clause_words
from .parse_types import Ctx, nick_at

#: Words that may open the part before «снова» («А сегодня снова …»).
_BEFORE = frozenset({"а", "и", "ну", "сегодня", "ночью", "этой", "нынче", "тогда", "значит",
                     "так", "что", "вот", "я", "мой", "моя", "ход", "цель", "мне"})
#: Words between «снова» and the name («снова сегодня Графа», «опять её, Лену»).
_BETWEEN = frozenset({"сегодня", "ночью", "же", "его", "ее", "её", "к", "в", "на", "за", "у"})
#: Words that may follow the name («снова Ирбис мой», «опять её же»).
_AFTER = frozenset({"же", "мой", "моя", "мое", "моё", "тоже"})
#: The sender's own vote given in the letter (then «снова X» is no vote).
_VOTE_WORDS = re.compile(r"(?i)(?<!\w)(?:голос|голосую|линч|суд|в суд|на суд|повесить|вешаем|"
                         r"вешаю|премия|премию|vote)")

#: The roles whose one night move «снова X» repeats (a clan member's move is the boss's).
_ONE_MOVE = {role: ROLE_CLASS[role] for role in
             ("detective", "doctor", "hostess", "psycho", "fan", "thug", "witness", "maniac")}
#: action → keyword class of the moves a town player may repeat.
_ACTION_CLASS = {"hunt": V.HUNT, "check": V.CHECK, "heal": V.HEAL, "invite": V.INVITE,
                 "search": V.SEARCH, "beat": V.BEAT, "watch": V.WATCH,
                 "maniac_kill": V.MANIAC}


def again_move(ctx: Ctx, clause: list[Tok], start: int) -> list[Kw]:
    """A weak keyword at the name of «(сегодня) снова X» (see the module's text) when X is
    the one target of the sender's moves of yesterday, else an empty list."""
    if ctx.sender.mafia or ctx.sender.role not in _ONE_MOVE and ctx.sender.role != "civilian":
        return []
    words = clause_words(clause)
    at = next((n for n in range(start, len(clause)) if words[n] in V.AGAIN), None)
    if at is None:
        return []
    opening = at
    while opening > start and clause[opening - 1].word and words[opening - 1] in _BEFORE:
        opening -= 1
    if opening > start and clause[opening - 1].word:
        return []  # «я снова …» after a word of another sentence part: no bare target
    k = at + 1
    while k < len(clause) and (words[k] in _BETWEEN or words[k] == ","):
        k += 1
    if k >= len(clause) or not clause[k].word:
        return []
    hit = nick_at(ctx, clause, words, k)
    if hit is None:
        return []
    end = k + hit.length
    while end < len(clause) and clause[end].word and words[end] in _AFTER:
        end += 1
    if end < len(clause) and (clause[end].word or clause[end].w not in (",", "—", "(", "-")):
        return []  # (a remark after a comma or dash: «Опять Кекса, он так и не раскрылся»)
    player = ctx.state.players.get(ctx.sender.nick)
    if player is None:
        return []
    candidates = set(hit.candidates) if hit.nick is None else {hit.nick}
    repeated = [a for a, target in player.last_targets.items()
                if target in candidates and a in _ACTION_CLASS and
                (a == "hunt" or _ACTION_CLASS[a] == _ONE_MOVE.get(ctx.sender.role))]
    if len(repeated) != 1 or not _vote_elsewhere(ctx, clause):
        return []
    return [Kw(_ACTION_CLASS[repeated[0]], k, k, weak=True)]


def _vote_elsewhere(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when the letter names the sender's vote outside ``clause``."""
    text = ctx.text
    return any(not (clause[0].start <= m.start() < clause[-1].end)
               for m in _VOTE_WORDS.finditer(text))
