"""A dead player's request for a move no rule read (issue 11, precision first): «я понимаю
что я уже на мойке 😅 но можно я нож в X кину?», «можно последний раз — на камеры Y?». The
rules take no move from a player who is out; a letter asking for one on a living player is
answered with the refusal (``not_allowed``, reason ``dead``), never passed over in silence.
Mere talk from the dead («можно просто пофлудить?», «привет живым») names no living player
beside the request and stays talk.
"""

from __future__ import annotations

from .grammar_rules import problem
from .grammar_tokens import clause_words, tokenize_span
from .model import Problem
from .names import name_index
from .parse_types import Ctx
from .parse_unread import player_at, sentence_spans

#: Words asking the host for leave («можно я …», «позвольте …»).
_REQUEST = frozenset({"можно", "позвольте", "разрешите"})


def dead_request(ctx: Ctx, visible: str) -> list[Problem]:
    """The refusal (``not_allowed``, ``dead``) of the first sentence of a dead sender's
    letter (``visible``: its own text) that asks leave (:data:`_REQUEST`) and names a living
    player other than the sender; empty when there is none or the sender is alive."""
    if ctx.sender.alive or _REQUEST.isdisjoint(visible.lower().replace(",", " ").split()):
        return []
    idx = name_index(ctx.nicks)
    for lo, hi in sentence_spans(visible):
        toks = tokenize_span(visible, lo, hi)
        if _REQUEST.isdisjoint(t.w for t in toks):
            continue
        words = clause_words(toks)
        hits = [player_at(idx, toks, words, k) for k, t in enumerate(toks)
                if t.word and len(t.w) > 1]
        if any(h is not None and h.nick in ctx.alive and h.nick != ctx.sender.nick
               for h in hits):
            return [problem(visible[lo:hi].strip(), "not_allowed", "dead")]
    return []
