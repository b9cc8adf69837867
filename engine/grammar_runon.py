"""A boss's run-on line of several orders with no punctuation (issue 11, DECISIONS.md §4
Boss (c)): «кекс грабит ромаху дмон охраняет меня валим мышь я чекаю юляшу».

The rule, as a host would state it: after an order that holds its move word, a clan member
named again and followed by a move verb said of him (third person, imperative, second
person: «дмон охраняет», «лис пусть обчистит») starts the next member's order; after a
member's order, a move word in the first person («валим», «я чекаю»), the clan's move said
of the clan («клан идёт к X») or the vote («голос X») starts the boss's own move. Each part
is then read as a clause of its own. Indices are token positions in one clause.
"""

from __future__ import annotations

from .grammar_boss_orders import own_move_at
from .grammar_keywords import find_keywords
from .grammar_members import _name_like, move_class_after
from .grammar_tokens import Tok

#: Words that join two orders («…у Совы и Страж на мне»): the cut comes before them.
_JOIN = frozenset({"и", "а"})


def split_run_on(clause: list[Tok], members, idx) -> list[list[Tok]]:
    """``clause`` cut before each order the module's rule finds; ``members(k)`` gives the
    tokens a living member of the boss's clan (or his role word) takes at ``k`` (0 for
    none); ``idx`` is the roster's name index. A clause with no such place is returned
    whole (as the one part)."""
    if len(clause) < 5 or any(not t.word for t in clause[1:-1]):
        return [clause]  # (punctuated clauses are cut by engine.grammar_orders)
    cuts: list[int] = []
    lo, member_part = 0, _member_order(clause, 0, members)
    for n in range(2, len(clause) - 1):
        if not _has_move(clause, lo, n, idx):
            continue
        at = n - 1 if clause[n - 1].w in _JOIN else n
        if at <= lo + 1:
            continue
        if _member_order(clause, n, members):
            cuts.append(at)
            lo, member_part = n, True
        elif member_part and own_move_at(clause, n, bare=True):
            cuts.append(at)
            lo, member_part = n, False
    if not cuts:
        return [clause]
    out, start = [], 0
    for c in cuts:
        out.append(clause[start:c])
        start = c + 1 if clause[c].w in _JOIN else c
    out.append(clause[start:])
    return [part for part in out if part]


def _member_order(clause: list[Tok], k: int, members) -> bool:
    """True when a clan member is named at ``k`` (or a word that may be a member's name
    form) and a move verb said of him follows («дмон охраняет», «кекс пусть грабит»)."""
    size = members(k)
    if not size and not _name_like(clause[k].w):
        return False
    return move_class_after(clause, k + max(size, 1)) is not None


def _has_move(clause: list[Tok], lo: int, hi: int, idx) -> bool:
    """True when ``clause[lo:hi]`` holds a move word with a word after it (an order done)."""
    kws = find_keywords(clause[lo:hi], set(), idx)
    return any(kw.j < hi - lo for kw in kws)
