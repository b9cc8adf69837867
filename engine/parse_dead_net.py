"""The safety net for moves on a player already out (issue 11, precision first): «Енот
пробирается в дупло к Совунье» when Совунья is dead. The net for unread orders
(:mod:`engine.parse_unread`) asks only about sentences naming a living player; a sentence
that would be asked about were the dead player alive is a move on the dead, which the rules
refuse (DECISIONS.md §2 «One source of legality»): the reply tells the player that the move
did not count and why (``not_allowed``, reason ``target_dead``), instead of saying nothing.

Cheap: nothing is done unless a word of the letter is a form of a dead player's nickname.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .grammar_hot import lowered
from .lexicon import lexicon
from .textcase import lower_seen
from .grammar_rules import problem
from .grammar_tokens import tokenize_span, clause_words
from .model import Problem
from .names import name_index, scratch_index
from .parse_types import Ctx, Item
from .parse_unread import player_at, unread
from .words import CYR

_WORD_RE = re.compile(r"\w[\w'-]*")


def dead_unread(ctx: Ctx, visible: str, items: list[Item], asked: list[Problem]
                ) -> list[Problem]:
    """The refusals (``target_dead``) of the sentences of ``visible`` that name a dead player
    (and no living one besides the sender) beside a move word no rule read (the net of
    :func:`engine.parse_unread.unread`, with the dead counted as players); ``asked``: the
    problems the letter has already (their sentences are not asked again)."""
    dead = frozenset(n for n, p in ctx.state.players.items() if not p.alive)
    if not dead:
        return []
    idx = name_index(ctx.nicks)
    forms = idx.trigger_forms()
    lower = lowered(visible)
    if not any((h := idx.exact([w], 0, None)) is not None and (
            h.nick in dead or dead.intersection(h.candidates))
            for w in forms.intersection(_WORD_RE.findall(lower))) and not any(
            len(w) > 3 and (h := idx.approximate(w)) is not None and h.kind != "fuzzy" and
            h.nick in dead for w in _capitals(visible)):
        return []  # (no dead player named: the cheap test, on the roster's own index)
    wide = replace(ctx, alive=ctx.alive | dead)
    seen = {p.text for p in asked}
    out: list[Problem] = []
    for p in unread(wide, visible, items, dead):
        if p.reason != "unread" or p.text in seen:
            continue
        lo = visible.find(p.text)
        if lo < 0:
            continue
        named = _players_named(idx, visible, lo, p.text, ctx.sender.nick)
        if not named or not named <= dead or len(named) > 1:
            continue  # (a living player named too: the net for the living asks, or not)
        target = named.pop()
        out.append(problem(p.text, "not_allowed", "target_dead", target=target))
        seen.add(p.text)
    return out


def _capitals(visible: str) -> set[str]:
    """The lowered words of ``visible`` written with a capital (a nick's part or pet form:
    «Совунье» of «Совунья»)."""
    return {w.lower().replace("ё", "е") for w in _WORD_RE.findall(visible) if w[:1].isupper()}


#: A capitalised word inside a sentence (after a letter, a comma or a space, not after the
#: end of a sentence): a nickname may be written so.
#: (The capital first, then the look-behinds: the search skips along at C speed to a capital
#: instead of trying both look-behinds at every position; the same matches.)
_INNER_CAPITAL = re.compile(r"[А-ЯЁA-Z](?:(?<=[\w,;:—…-] .)|(?<=\.\.\. .))"
                            r"(?:(?<=[А-ЯЁ])[а-яё]{2,}|(?<=[A-Z])[a-z]{2,})\b")

#: Capitalised words that are never a player's nickname.
_NEVER_NICK = frozenset({"ведущий", "ведущая", "ведущему", "ведущей", "ведущего", "бог",
                         "господи", "боже", "спасибо", "привет", "пожалуйста"})


#: Words after which a name stands in a move's place («к Барсуку», «за Тиберия»).
_SLOT_WORDS = frozenset({"к", "ко", "у", "за", "на", "в", "по"})


def _lowered_piece(piece: str) -> str:
    """``lowered(piece)`` for a piece of the letter, made anew: :func:`lowered` remembers
    its last text, and the letter's own lowered text stays remembered for the nets after
    this one (a piece asked there would put it out)."""
    return lower_seen(piece).replace("ё", "е")


def _slot_before(visible: str, at: int) -> bool:
    """True when the word before offset ``at`` puts a player there: a preposition of a
    move, a word of a move lexicon, or a pause («как его... Тиберия»)."""
    before = visible[max(0, at - 24):at].rstrip()
    if before.endswith(("...", "…")):
        return True
    words = _WORD_RE.findall(_lowered_piece(before))
    return bool(words) and (words[-1] in _SLOT_WORDS or words[-1] in lexicon().words)


def _move_line(visible: str, m: re.Match) -> bool:
    """True when the line of ``visible`` holding the match ``m`` holds a word of a move
    lexicon (:func:`engine.lexicon.lexicon`)."""
    from .lexicon import lexicon

    lo = max(visible.rfind(c, 0, m.start()) for c in "\n!?") + 1
    dot = visible.rfind(". ", 0, m.start())
    if dot >= lo and visible[max(0, dot - 2):dot] != "..":
        lo = dot + 1  # (the sentence: «… как его... Тиберия» goes on past a pause)
    ends = [e for e in (visible.find(c, m.end()) for c in "\n.!?") if e >= 0]
    hi = min(ends) if ends else len(visible)
    words = lexicon().words
    return any(w in words for w in _WORD_RE.findall(_lowered_piece(visible[lo:hi])))


def _no_forms(words: list[str], forms: frozenset[str]) -> set[str]:
    """The words of ``words`` (the capitalised words :data:`_INNER_CAPITAL` finds, as
    ``findall`` gives them: the pattern has no group) that are, in lower case with «е» for
    «ё», no nick's form of ``forms`` (each word written twice or more looked at once)."""
    return {w for w in set(words) if w.lower().replace("ё", "е") not in forms}


def _matches_of(visible: str, words: set[str]) -> list[re.Match]:
    """The matches of :data:`_INNER_CAPITAL` in ``visible`` whose text is one of ``words``,
    in order: those ``finditer`` finds. A match opens with a capital letter and holds small
    letters only after it, so no match starts inside another: ``finditer``'s matches are the
    places where the pattern matches at all (its look-behinds see the text before the place
    as in a search), and each is found by looking for its own text (C-level ``str.find``)."""
    places: set[int] = set()
    for w in words:
        at = visible.find(w)
        while at >= 0:
            places.add(at)
            at = visible.find(w, at + 1)
    match = _INNER_CAPITAL.match
    return [m for at in sorted(places)
            if (m := match(visible, at)) is not None and m.group() in words]


def unknown_unread(ctx: Ctx, visible: str, items: list[Item], asked: list[Problem]
                   ) -> list[Problem]:
    """The problems (``unknown_name``) of the sentences of ``visible`` that name, with a
    capital inside the sentence, somebody on no roster (no form of any nickname) beside a
    move word no rule read, where the net of :func:`engine.parse_unread.unread` would ask
    were he a living player («Сегодня к Барсуку загляну в кладовку» with no Барсук): the
    reply tells the player that the move did not count and which word it did not find.
    ``asked``: the problems the letter has already. Cheap: nothing is done unless such a
    capitalised word is written."""
    forms = name_index(ctx.nicks).trigger_forms()
    odd = _no_forms(_INNER_CAPITAL.findall(visible), forms)
    if not odd:
        return []  # (every capitalised word is a nick's form: chatter naming players)
    found = [m.group() for m in _matches_of(visible, odd)
             if _slot_before(visible, m.start()) and _move_line(visible, m)]
    if not found:
        return []  # (no capitalised word of no nick in a move's place, in a sentence with a
        # word of a move lexicon)
    from . import grammar_vocab as V
    from .lexicon import lexicon
    from .words import is_interjection, is_known_word, morph, role_words

    idx = name_index(ctx.nicks)
    roles = role_words()
    lex = lexicon().words
    fakes: dict[str, str] = {}  # fake nick → the word written
    for w in dict.fromkeys(found):
        low = w.lower().replace("ё", "е")
        if low in _NEVER_NICK or low in roles or is_interjection(low) or low in lex:
            continue
        if idx.exact([low], 0, None) is not None:
            continue
        near = idx.approximate(low)
        if near is not None:
            continue  # (a form of a nickname, even a guess: the net for the living asks)
        if CYR.search(low):
            reading = morph().parse(low)[0]
            if is_known_word(low) and not ({"anim", "Name", "Surn"} & reading.tag.grammemes) \
                    or {"Apro", "Geox", "NPRO"} & reading.tag.grammemes or low in V.PRONOUNS:
                continue  # («Вам», «Ваше», «Приветствую»: no name)
            lemma = reading.normal_form
        else:
            lemma = low
        nick = lemma[:1].upper() + lemma[1:]
        if nick in ctx.state.players or nick in fakes:
            continue
        fakes[nick] = w
    if not fakes:
        return []
    # (an index of the sender and the words alone: a roster's whole index is too dear to
    # build for one letter; a real player named beside the word is looked for after)
    wide = replace(ctx, nicks=(ctx.sender.nick, *fakes),
                   alive=frozenset(fakes) | {ctx.sender.nick})
    wide_idx = scratch_index(wide.nicks)
    seen = {p.text for p in asked}
    out: list[Problem] = []
    for p in unread(wide, visible, items, frozenset(fakes)):
        if p.reason != "unread" or p.text in seen:
            continue
        lo = visible.find(p.text)
        if lo < 0:
            continue
        named = _players_named(wide_idx, visible, lo, p.text, ctx.sender.nick)
        if len(named) != 1 or not named <= set(fakes):
            continue  # (a player named too: the net for the living asks, or not)
        real = idx.merge(tokenize_span(visible, lo, lo + len(p.text)))
        real_words = clause_words(real)
        if any(t.word and len(t.w) > 1 and (h := player_at(idx, real, real_words, k)) is not None
               and h.nick != ctx.sender.nick for k, t in enumerate(real)):
            continue
        out.append(problem(p.text, "unknown_name", "unknown_name", word=fakes[named.pop()]))
        seen.add(p.text)
    return out


def _players_named(idx, visible: str, lo: int, text: str, sender: str) -> set[str]:
    """The nicks ``idx`` finds in ``text`` (at ``lo`` in ``visible``), the sender left out;
    a name that fits several players adds them all."""
    toks = idx.merge(tokenize_span(visible, lo, lo + len(text)))
    words = clause_words(toks)
    named: set[str] = set()
    for k, t in enumerate(toks):
        if not t.word or len(t.w) < 2:
            continue
        hit = player_at(idx, toks, words, k)
        if hit is None:
            continue
        owners = (hit.nick,) if hit.nick else tuple(hit.candidates)
        named.update(o for o in owners if o != sender)
    return named
