"""A condition «(,) если X …» right after a move word (engine.parse_move): the player named
in it is the condition's, never the move's target."""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_delegate import boss_ref
from .grammar_orders import _END, name_sizes, silence_remark
from .grammar_plans import IF_WORDS, SEGMENT_MARKS
from .grammar_rules import Actor
from .grammar_tokens import Tok, clause_words
from .names import name_index
from .parse_types import Ctx


#: Words for the boss of one's own clan («если босс не напишет»).
_BOSS_WORDS = frozenset({"босс", "дон", "шеф", "главный", "пахан"})


def after_condition(ctx: Ctx, actor: Actor, clause: list[Tok], j: int, hi: int,
                     action: str | None) -> int:
    """Where a move's targets start when a condition «(,) если X …» follows its word (token
    ``j``): the player named right after «если» is the condition's, never the target.

    «килл, если Граф не напишет: X и Y» from a clan member: his kill order counts only when
    his boss names no victim (DECISIONS.md §4 Clan kill), so a condition that the boss sends
    nothing restates the rule and the names after it are the targets (the index after the
    condition is returned). Any other such condition on a player: -1 (the caller asks).
    No condition: ``j``."""
    if action is None or j >= hi:
        return j
    k = _past_from_clan(clause, j, hi) if action == "clan_kill" else j
    k = k + 1 if k < hi and clause[k].w in (",", ":", "—", "–", "-") else k
    if k + 1 >= hi or clause[k].w not in ("если", "ежели") or not clause[k + 1].word:
        return j
    boss = (boss_ref(ctx, clause, k + 1) or clause[k + 1].w in _BOSS_WORDS) and \
        action == "clan_kill" and actor.mafia and actor.role != "boss"
    idx = name_index(ctx.nicks)
    if not boss and idx.exact(clause_words(clause), k + 1, None) is None:
        hit = idx.approximate(clause[k + 1].w) if len(clause[k + 1].w) >= 3 else None
        if hit is None or hit.kind == "fuzzy" or (clause[k + 1].w in V.PRONOUNS):
            return j  # «лечу, если что, Бобра»: an aside, no player in it
    if not boss:
        return -1
    end = silence_remark(clause, k, name_sizes(idx, clause), lead=True)
    return end if end is not None and end < hi else -1


#: Words naming whose kill it is, between the kill word and a condition («Убийство от
#: клана, если Граф не напишет: X»).
_FROM_CLAN = (("от", "клана"), ("от", "семьи"), ("от", "семейства"), ("клана",), ("семьи",))


def _past_from_clan(clause: list[Tok], j: int, hi: int) -> int:
    """The index after «от клана», «от семьи» or «клана» written at token ``j`` (right after a
    kill word), ``j`` when none is."""
    for head in _FROM_CLAN:
        n = len(head)
        if j + n <= hi and tuple(t.w for t in clause[j:j + n]) == head:
            return j + n
    return j


def restates_priority(ctx: Ctx, actor: Actor, clause: list[Tok], i: int, action: str | None) -> bool:
    """True when the move word at ``i`` (a clan member's kill) is followed, after its target
    and a comma, by a condition that his boss sends no other victim («убиваем Няшу, если Лорд
    не пришлёт другое (у него приоритет)», «…, а если Лорд напишет своё, то пусть будет по
    его»): it restates the rule (the boss's kill goes
    first, DECISIONS.md §4 Clan kill), so the order stands, as :func:`after_condition` reads
    such a condition before the names."""
    if action != "clan_kill" or not actor.mafia or actor.role == "boss":
        return False
    k = i + 1
    while k < len(clause) and (clause[k].word or clause[k].w not in SEGMENT_MARKS):
        k += 1
    # «…, если Лорд …»; «… — это моё слово, а если Печорин напишет своё, то пусть будет по
    # его»: the first condition after the move's own segment
    k = next((n for n in range(k, len(clause) - 1) if clause[n].w in IF_WORDS and
              clause[n - 1].w in (",", "а")), None)
    if k is None or not (boss_ref(ctx, clause, k + 1) or clause[k + 1].w in _BOSS_WORDS):
        return False
    idx = name_index(ctx.nicks)
    return silence_remark(clause + [_END], k, name_sizes(idx, clause), lead=True) is not None
