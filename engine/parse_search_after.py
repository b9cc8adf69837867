"""The player a fan names after a search read with its role alone (engine.parse_finish):
«Теперь ищу доктора! Первый кандидат — X» searches X; a living player named after it in a
sentence that looks for someone («…, но приглядываюсь к X») is asked, never left out in
silence (the role alone would be applied with no word about the player).
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import grammar_vocab as V
from .grammar_rules import problem
from .grammar_tokens import Tok, tokenize
from .legality import move_targets
from .lexicon import lexicon
from .parse_types import Ctx, Item, names_in, nick_at
from .words import role_words

#: The marks a sentence ends at, for the checks that read the letter as written (here and
#: in engine.parse_finish).
_STOPS = ".!?\n"

#: Nouns that present the player the fan will search first («Первый кандидат — X»,
#: «Главная подозреваемая: X»).
_CANDIDATE = frozenset({"кандидат", "кандидатка", "кандидатура", "подозреваемый",
                        "подозреваемая", "претендент", "претендентка", "кандидаты"})

#: Words that may stand between a candidate noun and its mark («кандидат номер один — X»,
#: «кандидат на доктора у меня — X», «кандидатка на эту роль: X»).
_CANDIDATE_BETWEEN = frozenset({"номер", "один", "1", "у", "меня", "на", "эту", "роль",
                                "сегодня", "мой", "моя", "первый", "первая", "главный",
                                "главная", "же", "тут", "вот"})

#: Stems of words that look for or suspect someone («смотрю», «проверю», «гляну»,
#: «подозреваю», «приглядываюсь», «кандидат»): a player named in such a sentence after the
#: role-only search may be the one she searches.
_LOOKING = re.compile(r"(?<!\w)(?:по)?(?:смотр|провер|гляж|гляд|глян|чек|подозр|кандидат|"
                      r"присматр|присмотр|пригляд|вычисл|ищ|иска|поищ|прощуп|пощуп)\w*",
                      re.IGNORECASE)


def sentence_start(text: str, at: int) -> int:
    """Where the sentence holding offset ``at`` of ``text`` starts (after the last mark of
    :data:`_STOPS` before it, or 0)."""
    return max(text.rfind(c, 0, at) for c in _STOPS) + 1


def sentence_end(text: str, at: int) -> int:
    """Where the sentence holding offset ``at`` of ``text`` ends (the first mark of
    :data:`_STOPS` from it, or the end of the text)."""
    return min((n for n in (text.find(c, at) for c in _STOPS) if n >= 0), default=len(text))


def span_at(ctx: Ctx, it: Item) -> tuple[int, int] | None:
    """Where the last part of the item's move span (the part after « / ») is written in the
    letter, from the item's offset on: ``(start, end)``, or None when it is not found."""
    span = (it.move.span or "").split(" / ")[-1]
    at = ctx.text.find(span, it.pos) if span else -1
    return (at, at + len(span)) if at >= 0 else None


def _window(text: str, at: int) -> tuple[int, int]:
    """From offset ``at`` (right after the search's words) to the end of the sentence after
    the one holding it: ``(start, end)``; a blank line or a quote ends it sooner."""
    end = sentence_end(text, at)
    nxt = end + 1
    while nxt < len(text) and text[nxt] in " \t\r!?.)":
        nxt += 1
    if nxt < len(text) and text[nxt] not in "\n>":
        end = sentence_end(text, nxt)
    return at, end


def _candidate(ctx: Ctx, toks: list[Tok]) -> tuple[str, int] | None:
    """The one living player a candidate noun presents in ``toks`` («Первый кандидат — X»):
    ``(nick, end offset)``; None when there is none, or the words between name a move
    («кандидат на линч — X» is the vote's)."""
    lex = lexicon().words
    rw = role_words()
    words = [t.w for t in toks]
    found = None
    for n, t in enumerate(toks):
        if not t.word or t.w not in _CANDIDATE:
            continue
        k = n + 1
        while k < len(toks) and toks[k].word and (
                toks[k].w in _CANDIDATE_BETWEEN or toks[k].w in rw or toks[k].w in V.FILLERS) \
                and lex.get(toks[k].w) is None:
            k += 1
        if k >= len(toks) or toks[k].w not in ("—", ":") or k + 1 >= len(toks) or \
                not toks[k + 1].word:
            continue
        hit = nick_at(ctx, toks, words, k + 1)
        if hit is None or hit.nick is None or hit.nick == ctx.sender.nick or \
                hit.nick not in ctx.alive:
            continue
        end = k + 1 + hit.length
        if end < len(toks) and toks[end].word:
            continue  # «кандидат — Сова или Бука»: a choice, not one player
        if found is not None and found[0] != hit.nick:
            return None
        found = (hit.nick, toks[end - 1].end)
    return found


def _named(ctx: Ctx, toks: list[Tok], taken: set[str]) -> list[str]:
    """The living players (not the fan, nor a target of another of her moves) written in
    ``toks``."""
    return [nick for hit, _, _ in names_in(ctx, toks, True, forms=True)
            for nick in (hit.candidates or (hit.nick,))
            if nick and nick != ctx.sender.nick and nick in ctx.alive and nick not in taken]


def search_target_after(ctx: Ctx, items: list[Item]) -> list[Item]:
    """A search read with its role alone («теперь ищу доктора») and a player the fan names
    after it: a candidate noun presenting one living player («Первый кандидат — X») gives
    the search its target; any other living player named in a sentence that looks for
    someone («Смотрю, не врёт ли X») is asked (the search read stays, the player is
    questioned), never passed over in silence. The window is the rest of the search's
    sentence and the sentence after it."""
    if ctx.sender.role != "fan":
        return items
    lone = [it for it in items if it.move is not None and it.move.action == "search" and
            it.move.role and not it.move.target]
    if len(lone) != 1 or any(it is not lone[0] and it.tried == "search" for it in items):
        return items
    it = lone[0]
    text = ctx.text
    # the window opens after the search's first place: a later place read into the role-only
    # search («ищу доктора / проверю не врёт ли X», no marks typed) may hold the player
    span = (it.move.span or "").split(" / ")[0]
    at = text.find(span, it.pos) if span else -1
    if at < 0:
        return items
    lo, hi = _window(text, at + len(span))
    toks = tokenize(text[:hi])
    toks = [t for t in toks if t.start >= lo]
    found = _candidate(ctx, toks)
    if found is not None:
        nick, end = found
        move = replace(it.move, target=nick, span=f"{it.move.span} / {text[lo:end].strip(' ,.!—–-')}")
        return [Item(o.pos, move=move, tried="search") if o is it else o for o in items]
    taken = {n for o in items if o.move is not None for n in move_targets(o.move)}
    where = None
    for m in _LOOKING.finditer(text, lo, hi):
        s, e = max(lo, sentence_start(text, m.start())), sentence_end(text, m.start())
        part = [t for t in toks if s <= t.start < e]
        if _named(ctx, part, taken):
            where = (s, e)
            break
    if where is None:
        return items
    p = problem(text[where[0]:where[1]].strip(" ,—–-"), "unparsed", "unread", action="search")
    return items + [Item(it.pos + 1, problem=p, tried="search")]
