"""A pronoun's antecedent in the letter's own text before it (issue 11): the sentences
right before the pronoun's clause as written, chatter and questions the reading skipped
included («Я хочу знать, кто такая Lo'ra. Слишком много вопросов задаёт. Проверяю её»,
«Остап — жулик? проверяю его»).

Only called when a pronoun needs a player (rare): the text before is cut into clauses then.
"""

from __future__ import annotations

import re

from .grammar_tokens import Tok, visible_text
from .names import NameHit, name_index

#: How many sentences before the pronoun's clause are looked at (nearest first).
LOOK_BACK = 3

#: A blank line: the paragraph before it is another topic, no antecedent is sought there.
_BLANK = re.compile(r"\n[ \t]*\n")


def clauses_before(ctx, pos: int) -> list[list[Tok]]:
    """The clauses of the letter's visible text that end before offset ``pos``, within its
    paragraph, nearest first (at most :data:`LOOK_BACK`)."""
    visible = visible_text(ctx.text)
    lo = max(0, pos - 800)
    blank = None
    for blank in _BLANK.finditer(visible, lo, pos):
        pass
    if blank is not None:
        lo = blank.end()
    if lo >= pos:
        return []
    from .parse import _known_word, _window_clauses  # (the parser's own cutting)

    idx = name_index(ctx.nicks)
    found = [c for c in _window_clauses(visible, lo, pos, idx, _known_word(idx),
                                        visible == visible.lower()) if c]
    return found[::-1][:LOOK_BACK]


def alive_only(ctx, hit: NameHit) -> NameHit:
    """An ambiguous ``hit`` («Машу»: Маша из QA or masha_pm) as the one of its candidates
    still alive, when only one is; else ``hit`` itself."""
    alive = getattr(ctx, "alive", None)
    if hit.nick is not None or not alive:
        return hit
    if hit.spelled is not None and hit.spelled not in alive:
        return NameHit(hit.spelled, (hit.spelled,), hit.kind, hit.length)  # as engine.parse_settle
    living = [c for c in hit.candidates if c in alive]
    if len(living) != 1:
        return hit
    return NameHit(living[0], (living[0],), hit.kind, hit.length)
