"""Which names of a letter were read as a guess at a slip (issue 11, precision first: the reply
says so, so that a player whose name was misread can correct it).

The name matcher reads a word that is no form of any nick as the nick it is nearest to, when it
is near one alone (:meth:`engine.names_match.NameIndex.approximate`, kind ``fuzzy``: «Чибурашку»
→ Чебурашка, «Шапакляк» → Шапокляк). Such a reading is a guess; the other readings (a case
form, a word of the nick, a pet form, a given name) are not. :func:`guessed_names` finds, for
the moves a letter was read to, the written words each target was guessed from.
"""

from __future__ import annotations

from .grammar_tokens import tokenize
from .model import Move
from .names import name_index

__all__ = ["guessed_name", "guessed_names"]


def guessed_name(nicks: tuple[str, ...], span: str, target: str) -> str | None:
    """The word of ``span`` (a move's text, as written) that ``target`` was read from as a guess
    at a slip (no form, word, pet form or given name of any nick; nearest to ``target``'s
    alone), as written; None when the span names ``target`` by a form of its own (a case form,
    a word of the nick, a pet form, a given name) or holds no such word.

    ``nicks``: the roster (roster order, as :func:`engine.names.name_index` takes it)."""
    if not span or target not in nicks:
        return None
    idx = name_index(nicks)
    guessed = None
    for tok in idx.merge(tokenize(span)):
        if not tok.word or len(tok.w) < 3:
            continue
        w = tok.w
        if target in idx.single.get(w, ()) or target in idx.whole_words.get(w, ()) or \
                target in idx.parts.get(w, ()):
            return None  # (the target's own form: no guess)
        if w in idx.single:
            continue  # (a form of another nick: «Линч: Маруська и Бармолей»)
        found = idx.approximate(w)
        if found is None or target not in (found.candidates or (found.nick,)):
            continue
        if found.kind != "fuzzy":
            return None  # (a pet form, a given name, a word of the nick: a reading, no guess)
        guessed = tok.text  # (the last: a name follows its verb, «Лечу Кюзю»)
    return guessed


def guessed_names(nicks: tuple[str, ...], moves: list[Move] | tuple[Move, ...]
                  ) -> list[tuple[str, str]]:
    """(word as written, nick) for each target of ``moves`` (an ``on_behalf``'s member's move
    included) that :func:`guessed_name` finds guessed from its move's text, each pair once, in
    the order of the moves."""
    out: list[tuple[str, str]] = []
    for move in moves:
        inner = move.move if move.action == "on_behalf" and move.move is not None else move
        span = move.span or inner.span
        for target in (inner.targets or ((inner.target,) if inner.target else ())):
            word = guessed_name(nicks, span, target)
            if word is not None and (word, target) not in out:
                out.append((word, target))
    return out
