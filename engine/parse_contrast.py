"""The net for a bare correction «не X, а Y» (issue 11, missed without a problem): a letter
whose only words of a move are a contrast of two living players, «передумал, не Рекса, а
Ириску», «я не Ктулху звала, а Зефирку» — the writer moves his move (written in an earlier
letter, cut off as a quote) from X to Y. The move itself is not in the text, so nothing is
read; a host would not drop the letter but ask which move goes to Y. The net asks
(``unparsed``, reason ``unread``) when no rule read anything in the letter and no other net
asked.

Cheap: a sentence is looked at only when it holds «не » and « а »; its tokens are made only
then.
"""

from __future__ import annotations

import re

from .grammar_rules import problem
from .grammar_tokens import clause_words, tokenize_span
from .model import Problem
from .names import name_index
from .parse_types import Ctx

#: «не X, а Y» in a sentence (lower case; the cheap test before the tokens).
_HINT = re.compile(r"(?<!\w)не\s[^.!?\n]*?\sа\s")

#: Words that may stand between the player and «а» («не Рекса, а Ириску»).
_BETWEEN = frozenset({",", "—", "-", "–", "…"})


def contrasts(ctx: Ctx, visible: str, lower: str, spans, read, asked: list[Problem]
              ) -> list[Problem]:
    """The problems of the sentences of ``visible`` (``spans``; ``lower``: it in lower
    case) that hold «не X, а Y» of two living players other than the sender, in a letter
    where no rule read anything (``read`` empty) and no net asked (``asked`` empty); not a
    question, not quoted speech."""
    if read or asked or len(lower) != len(visible) or _HINT.search(lower) is None:
        return []
    from .parse_unread import player_at  # (the net's own reader of names)

    idx = name_index(ctx.nicks)
    out: list[Problem] = []
    for lo, hi in spans:
        if _HINT.search(lower, lo, hi) is None:
            continue
        sentence = visible[lo:hi].strip()
        if sentence.endswith("?") or "«" in sentence or '"' in sentence:
            continue
        toks = idx.merge(tokenize_span(visible, lo, hi))
        words = clause_words(toks)
        if _contrast(ctx, idx, toks, words, player_at):
            out.append(problem(sentence.rstrip(".!…"), "unparsed", "unread"))
    return out


def _contrast(ctx: Ctx, idx, toks, words: list[str], player_at) -> bool:
    """True when ``words`` hold «не», a living player (not the sender), at most a verb and
    a comma or dash, «а», another living player: «не Рекса, а Ириску», «не ктулху звала а
    ЗЕФИРКУ»."""
    def living(k: int) -> str | None:
        if k >= len(toks) or not toks[k].word:
            return None
        hit = player_at(idx, toks, words, k)
        if hit is None or hit.nick is None:
            return None
        return hit.nick if hit.nick in ctx.alive and hit.nick != ctx.sender.nick else None

    for k, w in enumerate(words):
        if w != "не" or (first := living(k + 1)) is None:
            continue
        j = k + 2
        verbs = 0
        while j < len(words) and words[j] != "а":
            if words[j] in _BETWEEN:
                j += 1
                continue
            verbs += 1
            if verbs > 1 or not toks[j].word:
                break
            j += 1
        if j < len(words) and words[j] == "а" and (second := living(j + 1)) is not None and \
                second != first and not (_as_nick(words[k + 1], first) and
                                         _as_nick(words[j + 1], second)):
            return True  # (both as the nicks are written: «Мафия не Карась, а Пряник» — a
            # guess about who is who, no move's object)
    return False


def _as_nick(word: str, nick: str) -> bool:
    """True when ``word`` (lower case) is ``nick`` as it is written."""
    return word.replace("ё", "е") == nick.lower().replace("ё", "е")
