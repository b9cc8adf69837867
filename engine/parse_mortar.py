"""Whose shot is it (DECISIONS.md §6.11): the holder of today's mortar who writes «стреляю по X»
fires the mortar when his letter speaks of it (engine.parse_judge asks otherwise).
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_tokens import Tok
from .lexicon import lexicon
from .names import norm
from .parse_types import Ctx

#: Words that say no hunt after or before a hunt word («МО не надо», «МО сегодня не даю»,
#: «без МО»).
_NO = frozenset({"не", "нет", "без", "пропускаю", "пропущу"})

#: How many words after a hunt word may still negate it («мо сегодня не даю»).
_NO_REACH = 3


def mortar_said(ctx: Ctx, clause: list[Tok] | None = None) -> bool:
    """True when the sender holds today's mortar and his letter names it («миномёт»), and
    either names no hunt he makes («МО», «охота»; a hunt word with «не», «нет», «без» near
    it is none: «МО не надо») or names the mortar in the shot's own line or the line before
    it («Миномёт использую сегодня же: стреляю по X», «Миномёт!! Бабахаю из него по X»;
    ``clause``: the shot's clause): his shot is the mortar's."""
    if ctx.turn.event != "holiday" or ctx.turn.mortar != ctx.sender.nick:
        return False
    words = _words(ctx.text)
    classes = _classes(words)
    if V.MORTAR not in classes:
        return False
    if clause and _mortar_near(ctx, clause):
        return True
    return not any(c == V.HUNT and not _negated(words, k) for k, c in enumerate(classes))


def _negated(words: list[str], k: int) -> bool:
    """True when a word of :data:`_NO` stands right before word ``k`` or within
    :data:`_NO_REACH` words after it."""
    return (k > 0 and words[k - 1] in _NO) or any(
        w in _NO for w in words[k + 1:k + 1 + _NO_REACH])


def _mortar_near(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when the mortar is named in the clause's line or the line before it, before the
    clause ends, and no hunt word stands there."""
    line = ctx.text.rfind("\n", 0, clause[0].start)
    start = ctx.text.rfind("\n", 0, line) if line > 0 else -1
    window = ctx.text[max(start, 0):clause[-1].end].lower()
    classes = set(_classes(_words(window)))
    return V.MORTAR in classes and V.HUNT not in classes


def _words(text: str) -> list[str]:
    """The words of ``text``, lower case and normalised (:func:`engine.words.norm`)."""
    return [norm(w) for w in re.findall(r"[\w-]+", text.lower())]


def _classes(words: list[str]) -> list[str | None]:
    """The lexicon class of each of ``words`` (None for a word of no move)."""
    lex = lexicon().words
    return [lex.get(w) for w in words]


def maniac_shot(ctx: Ctx) -> bool:
    """True when the sender is the maniac and his letter names no hunt he makes («МО»,
    «охота»; a hunt word with «не», «нет», «без» near it is none: «маньячу, не мо»): his
    «стреляю в X» is his own kill (DECISIONS.md §4 Maniac), not a hunt. With a hunt word in
    the letter the shot stays asked (engine.parse_judge)."""
    if ctx.sender.role != "maniac":
        return False
    words = _words(ctx.text)
    classes = _classes(words)
    return not any(c == V.HUNT and not _negated(words, k) for k, c in enumerate(classes))


#: Stems of the plain words of hunting («охочусь», «поохочусь», «охота»): from the maniac
#: they may name his own kill as well as the civilians' hunt.
_PLAIN_HUNT = ("охот", "охоч", "поохот", "поохоч")

#: Words that make a hunt the civilians' common one («мирная охота», «МО», «общая охота»,
#: «вместе со всеми», «с мирными»).
_COMMON = ("мирн", "общ", "всеми", "вместе", "народ")


def maniac_hunt_unsure(ctx: Ctx, clause: list[Tok] | None, i: int, j: int) -> bool:
    """True when the maniac's hunt word at ``clause[i:j]`` is a plain word of hunting
    (:data:`_PLAIN_HUNT`: «Сегодня охочусь на X», «охота на X»), his clause does not make it
    the civilians' common hunt (no «МО», «мирная», «общая», «со всеми»: :data:`_COMMON`), and
    his letter has no word of his kill at all (neither «маньячу Y», which leaves the hunt a
    hunt beside it, nor «никого не режу», which says he hunts instead): his kill or the
    civilians' hunt? Asked (DECISIONS.md §4 Maniac: a hunt excludes his kill)."""
    if ctx.sender.role != "maniac" or clause is None or not 0 <= i < len(clause):
        return False
    if not all(t.w.startswith(_PLAIN_HUNT) for t in clause[i:max(j, i + 1)] if t.word):
        return False
    if any(t.word and (t.w == "мо" or t.w.startswith(_COMMON)) for t in clause):
        return False
    classes = _classes(_words(ctx.text))
    return not any(c in (V.KILL, V.MANIAC, V.SHOOT) for c in classes)
