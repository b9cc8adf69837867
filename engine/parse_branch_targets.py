"""Which player a swindler's branch names (engine.parse_branches): the one written before
its move word («маньяк — Зою режу»), its move word said twice («шизю Ворону, шизю Графа»:
asked, unless a word of choosing stands between), «его же» for the previous branch's target.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_targets import read_targets
from .grammar_tokens import Tok, tokenize_span, visible_text
from .names import name_index
from .parse_types import Ctx, names_in


def name_alone(clause: list[Tok], lo: int, hi: int, tg) -> bool:
    """True when tokens ``[lo, hi)`` hold one player named (``tg``, read there) and else only
    punctuation or fillers («— тоже Бобра», «, то Бобра»): nothing that could make him other
    than the branch's target («жаль Бобра, …»)."""
    if len(tg.hits) != 1 or tg.unknown is not None or tg.negated or tg.pronoun:
        return False
    _, i, j = tg.hits[0]
    return all(not t.word or t.w in V.FILLERS or t.w in V.BRANCH_ARROWS
               for n, t in enumerate(clause[lo:hi], lo) if not i <= n < j)


def said_again(ctx: Ctx, clause: list[Tok], role: str, kws: list, hi: int):
    """A branch with its move word written twice, each with another player («шизю Ворону,
    шизю Графа»): the later keyword when a word of choosing stands between them («хотел
    Ворону, но … пусть шизю Графа»), else False (the branch is asked); None when the branch
    holds one such move, or the same player twice."""
    own = [kw for kw in kws if kw.cls in V.BRANCH_CLASSES[role] and not kw.negated]
    if len(own) < 2:
        return None
    said = []
    for n, kw in enumerate(own):
        end = own[n + 1].i if n + 1 < len(own) else hi
        said.append({h.nick for h, _, _ in read_targets(ctx, ctx.sender, clause, kw.j, end).hits})
    named = [s for s in said if s]
    if len(named) < 2 or all(s == named[0] for s in named):
        return None
    if any(t.word and t.w in _CHOSEN_AFTER for t in clause[own[0].j:own[-1].i]):
        return own[-1]
    return False


#: Words between two moves of one branch that make the later one the move chosen («хотел
#: Ворону, но … пусть шизю Графа», «лечу Бобра, а лучше лечу Сову»).
_CHOSEN_AFTER = frozenset({"пусть", "пускай", "лучше", "хотел", "хотела", "думал", "думала",
                           "собирался", "собиралась"})


#: Pronouns of a branch's move that, with «же», point at a player named before («убиваю его же»).
_SAME_PRONOUNS = frozenset({"его", "ее", "её", "него", "нее", "неё", "ему", "ей", "нему", "ней",
                            "им", "ним", "ней", "того", "ту", "тому", "той"})


def same_as_branch_before(ctx: Ctx, clause: list[Tok], lo: int, hi: int, earlier: list):
    """«Если свидетель — слежу за Петровичем. Если маньяк — убиваю его же»: a pronoun with
    «же» (or «тоже») as the branch's only target is the target of the branch written just
    before (``earlier``: the branches read so far, (role, move, pos)), when no other player
    is named between that branch and the pronoun. None otherwise: the branch is asked (the
    pronoun might be the swindle's target himself)."""
    words = [t.w for t in clause]
    at = next((k for k in range(lo, hi) if clause[k].word and words[k] in _SAME_PRONOUNS and (
        (k + 1 < hi and words[k + 1] == "же") or (k > lo and words[k - 1] in ("тоже", "же")))),
        None)
    if at is None or not earlier or earlier[-1][1].target is None:
        return None
    nick = earlier[-1][1].target
    visible = visible_text(ctx.text)
    if len(visible) != len(ctx.text):
        return None
    idx = name_index(ctx.nicks)
    between = idx.merge(tokenize_span(visible, earlier[-1][2], clause[at].start))
    names = {h.nick or "?" for h, _, _ in names_in(ctx, between, ambiguous=True)}
    return nick if names <= {nick} else None
