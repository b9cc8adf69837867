"""A line of one name with another player offered in brackets («— Шишка (или Вишня)»,
«2) Гоша (либо Бублик?)»): which of the two the sender means is asked, never the first
taken alone nor the line dropped with no question (engine.parse, issue 11)."""

from __future__ import annotations

from .grammar_rules import problem
from .grammar_tokens import Tok, clause_words
from .parse_types import Ctx, Item, nick_at

#: Words that open a bracket offering another player instead («(или X)», «(либо X)»).
_OR = frozenset({"или", "либо"})
#: Marks a list line may open with (its bullet or dash).
_BULLETS = frozenset({"—", "–", "-", "•", "*"})


def bracketed_choice(ctx: Ctx, clause: list[Tok]) -> Item | None:
    """The ambiguous problem for a clause that is one name, then an opening bracket with
    «или»/«либо» and one more name (a question mark and the closing bracket may follow,
    nothing else; a list bullet may open it): the two players offered, neither taken. None
    for any other clause."""
    words = clause_words(clause)
    k = 0
    while k < len(clause) and not clause[k].word and clause[k].w in _BULLETS:
        k += 1
    first = nick_at(ctx, clause, words, k) if k < len(clause) and clause[k].word else None
    if first is None or first.nick is None:
        return None
    k += first.length
    if k + 2 >= len(clause) or clause[k].w != "(" or clause[k + 1].w not in _OR:
        return None
    second = nick_at(ctx, clause, words, k + 2) if clause[k + 2].word else None
    if second is None or second.nick is None or second.nick == first.nick:
        return None
    end = k + 2 + second.length
    if any(t.word or t.w not in (")", "?", ".", "!") for t in clause[end:]):
        return None
    text = ctx.text[clause[0].start:clause[-1].end].strip()
    return Item(clause[0].start, problem=problem(
        text, "ambiguous", "ambiguous", candidates=(first.nick, second.nick)))
