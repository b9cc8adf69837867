"""The choice of the player «Страх» chose (DECISIONS.md §6.1) in a clause (engine.parse, from
:mod:`engine.parse_clause`): his word of sending to the gallows («на виселицу отправляю X»,
«вешаем X») is his fear choice, not a vote, and «если меня выберут» supposes the very case
the fear asks him about.
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import grammar_vocab as V
from .grammar_keywords import Kw
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .parse_types import Ctx, names_in, nick_at
from .parse_ifgame import blank
from .parse_ifgame_kind import IF_WORD


def _voting_word(w: str) -> bool:
    """A word of voting («голос», «проголосую», «линч», «vote»), not of sending to the
    gallows («на виселицу», «вешаем»)."""
    return "голос" in w or w.startswith(("vote", "линч", "voting", "lynch"))


def if_chosen(clause: list[Tok], i: int) -> bool:
    """True when the «если» before token ``i`` supposes that the sender is the most voted
    («если большинство голосов окажется на мне», «если меня выберут / повесят»): the very
    case «Страх» asks him about (DECISIONS.md §6.1), so his choice is no hypothesis."""
    k = max((n for n in range(i) if clause[n].w in ("если", "ежели")), default=-1)
    words = [t.w for t in clause[k + 1:i] if t.word]
    return k >= 0 and any(w in _ME for w in words) and \
        any(w.startswith(_CHOSEN_STEMS) for w in words)


_ME = frozenset({"я", "меня", "мне", "мной"})
_CHOSEN_STEMS = ("голос", "большинств", "выбер", "выбр", "повес", "линч", "страх", "вешат")


def fear_votes(ctx: Ctx, clause: list[Tok], kws: list[Kw]) -> list[Kw]:
    """The player «Страх» chose (DECISIONS.md §6.1) names who is lynched instead: his vote
    word of sending («на виселицу отправляю X», «вешаем X», «отправляю на линч X вместо
    себя») is his fear choice; «голосую за X» is only in a clause that speaks of the fear
    or after one saying that the fear chose him («меня страх выбрал, голосую за X»), and not
    for the very player a clause before named as the choice («вместо меня уходит X.⏎Голосую
    за X»: his vote for X as well, DECISIONS.md §6.1). The vote
    nouns stay his vote («больше всех голосов у меня», «Голос: X»)."""
    here = any(k.cls == V.FEAR for k in kws)
    fear = here or (ctx.fear_said and not _named_again(ctx, clause, kws))
    first = lexicon().first
    votes = [k for k in kws if k.cls == V.VOTE and not k.withdraw and not k.negated and (
             not _voting_word(clause[k.i].w) or (fear and clause[k.i].w in first))]
    if here and not votes:
        ctx.fear_said = True  # «меня страхом выбрали»: the next sentence may name the choice
        ctx.fear_named = ctx.fear_named | _named_after(ctx, clause, kws)
        return kws
    for k in votes:
        k.cls, k.alt = V.FEAR, V.VOTE
    return kws


def _named_after(ctx: Ctx, clause: list[Tok], kws: list[Kw]) -> frozenset[str]:
    """The players named after the first ``FEAR`` keyword of ``clause`` («вместо меня уходит
    X»): the fear's choice made there."""
    first = min(k.j for k in kws if k.cls == V.FEAR)
    return frozenset(hit.nick for hit, lo, _hi in names_in(ctx, clause) if lo >= first)


def _named_again(ctx: Ctx, clause: list[Tok], kws: list[Kw]) -> bool:
    """True when every player named after the vote word of ``clause`` is one the sender
    already named as his fear choice in a clause before («…уходит X.⏎Голосую за X»): his
    vote for the player he sends, not the choice told twice."""
    if not ctx.fear_named:
        return False
    votes = [k.j for k in kws if k.cls == V.VOTE]
    named = {hit.nick for hit, lo, _hi in names_in(ctx, clause) if votes and lo >= min(votes)}
    return bool(named) and named <= ctx.fear_named


#: «Ну раз так — уходит X»: the chosen player's plain sentence of who goes instead.
_GOES = frozenset({"уходит", "уйдет", "уходит-то",
                    "йде", "піде"})  # Ukrainian: «Рішення: йде X»
#: The same words as trigger words of the chosen player's letter (engine.grammar_windows).
#: («Так что Лосяш выбирает X»: the choice in the third person, engine/lexicon/choose.toml)
FEAR_GOES = frozenset(_GOES | {"выбирает"})


def goes_instead(ctx: Ctx, clause: list[Tok], start: int) -> list[Kw]:
    """On a «Страх» day, from the player it chose: «уходит X», «уйдёт X» (a nickname right
    after the verb) is his choice of who is lynched instead: a ``FEAR`` keyword over the
    verb. An empty list otherwise (from anybody else «уходит X» is talk)."""
    if ctx.turn.event != "fear" or ctx.turn.fear_chosen != ctx.sender.nick:
        return []
    words = clause_words(clause)
    for k in range(start, len(clause) - 1):
        if words[k] in _GOES and nick_at(ctx, clause, words, k + 1) is not None and \
                "от" not in words[start:k]:  # (not «от семейства уходит X»: the clan's kill)
            return [Kw(V.FEAR, k, k + 1)]
    return []


#: «Если меня выберут (в страхе) — …», «если страх выберет меня, то …»: a condition that the
#: sender is the one «Страх» chooses, up to the mark that ends it (dash, comma, colon or «то»).
_EARLY = re.compile(r"\b(?:если|ежели)\b([^.!?\n—–:,]{1,80}?)(?:\s*[—–:,]\s*(?:то\b)?|\s+то\b)",
                    re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?\n]")


def early_choices(text: str, sender: str, state, turn, read) -> tuple[str, list[str]]:
    """An advance «Страх» choice (DECISIONS.md §6.1) from a player the fear has not (yet)
    chosen: «Если меня выберут в страхе — вешайте X». Only the player the vote chooses names
    who goes instead, after the vote, and the host writes to him then; a choice sent before
    is neither his vote nor a choice, so the host asks (``fear_early``) instead of reading the
    gallows' words as a vote. The choice is found by reading the words after the condition as
    the chosen player's (``read``: the parser without this pass).

    Returns the text with each such choice blanked (same length) and the choices' texts."""
    if turn.event != "fear" or turn.fear_chosen == sender or \
            not (IF_WORD.search(text) or _INSTEAD.search(text)):
        return text, []
    found: list[str] = []
    spans: list[tuple[int, int]] = []
    as_chosen = replace(turn, fear_chosen=sender)

    def take(lo: int, hi: int) -> None:  # the choice's words, from its condition on
        spans.append((lo, hi))
        found.append(text[lo:hi].strip())
    for m in _EARLY.finditer(text):
        words = re.findall(r"\w+", m.group(1).lower().replace("ё", "е"))
        if not (any(w in _ME for w in words) and any(w.startswith(_CHOSEN_STEMS + ("вытян",))
                                                     for w in words)):
            continue
        end = _SENTENCE_END.search(text, m.end())
        rest = text[m.end():end.start() if end else len(text)]
        choice = _choice_in(rest, read(rest, sender, state, as_chosen).moves, "fear_choice")
        if choice is not None:
            take(m.start(), m.end() + rest.index(choice.span) + len(choice.span))
    for m in _INSTEAD.finditer(text):
        # «я выбираю, кто уйдёт вместо X: Y»: who goes instead of the most voted, named by a
        # player the fear has not chosen (only the chosen one names him, after the vote)
        words = re.findall(r"\w+", m.group(0).lower().replace("ё", "е"))
        if not any(w.startswith(_GOING) for w in words) or \
                not any(w.startswith(("выб", "кто")) for w in words) or \
                any(lo <= m.start() < hi for lo, hi in spans):
            continue  # (a plain «вместо меня уходит X» is refused as a move not his)
        sentence = m.group(0)
        choice = _choice_in(sentence, read(sentence, sender, state, as_chosen).moves, "fear_choice")
        if choice is None:
            # «выбираю, кто уйдёт вместо X: Y» read as a vote for Y: the choice all the same
            # (in the whole letter: the vote before it may be what makes it one)
            choice = _choice_in(sentence, read(sentence, sender, state, turn).moves +
                                read(text, sender, state, turn).moves, "vote")
        if choice is not None:
            take(m.start(), m.start() + sentence.index(choice.span) + len(choice.span))
    return (blank(text, spans), found) if spans else (text, [])


def _choice_in(piece: str, moves, action: str):
    """The first move ``action`` of ``moves`` read from words of ``piece`` (its span inside
    it), or None."""
    return next((mv for mv in moves if mv.action == action and mv.span and mv.span in piece), None)


#: A sentence that speaks of who goes «вместо» somebody (the «Страх» choice's own words).
_INSTEAD = re.compile(r"[^.!?\n]*\bвместо\b[^.!?\n]*", re.IGNORECASE)
_GOING = ("уйд", "уход", "уйти", "повес", "вешат", "вешай", "казн")

