"""The rival-readings check (engine.parse, issue 11, precision first): a move whose target the
name matcher picked from a word that names another living player by a reading of another
kind is asked about, not applied.

The matcher reads a written word several ways (:class:`engine.names_match.NameIndex`): as a
case form of a nick, as one word of a multi-word nick, as the Cyrillic reading of a Latin
nick, as a given name a nick holds, as a translation, as a pet form. Within one kind it
weighs the candidates (the case a verb governs, who is alive); across kinds its order of
trying is a guess of its own: «Остапа» may be the word of «Остап Бендер» or the reading of
«Ostap.B», «Марину» the nick «Марина» or the given name of «Marina.Sea». A host who sees
that a word fits two players so asks which one is meant. This check looks at the word each
final move's target was read from and, when a living player other than the target (and
other than the sender) is reached by a kind of reading that does not reach the target,
replaces the move by the question (``ambiguous``, the move's action kept for the answer).
A target written as a case form of its whole one-word nick is never asked about: the nick
as written beats every reading («Лиса» is Лис, not Fox).
"""

from __future__ import annotations

import re

from .grammar_rules import problem
from .grammar_tokens import clause_words, tokenize
from .model import Move, Problem
from .names import name_index
from .parse_types import Ctx

#: The kinds of reading a rival is reached by: a one-word nick's own case forms are weighed by
#: the matcher by the case the verb governs («Куму» is Кума Тамара's, not Кум's), so they are
#: no rival here.
_RIVAL_KINDS = frozenset({"word", "reading", "given", "capital"})

#: Punctuation around a word split at whitespace.
_PUNCT = ".,!?…:;—-–()«»\"'*"

#: Moves whose target is no player picked from a word («delegate»: the boss decides).
_NO_NAME = frozenset({"delegate", "on_behalf", "swindle"})


def readings(idx, w: str) -> dict[str, frozenset[str]]:
    """Every kind of reading of the written word ``w`` (normalised) → the nicks it reaches so:
    ``exact`` (a case form of a one-word nick), ``word`` (a case form of a word of a
    multi-word nick, or of its Latin word's reading), ``reading`` (another part, prefix or
    reading of a nick, not its Russian translation), ``given`` (a given name a nick holds),
    ``capital`` (a reading that is also a Russian word)."""
    out: dict[str, frozenset[str]] = {}
    single = idx.single.get(w)
    if single:
        out["exact"] = frozenset(single)
    whole = idx.whole_words.get(w, set())
    if whole:
        out["word"] = frozenset(whole)
    # (a Latin nick reached by its Russian translation, «лису» for ShadowFox, is weaker
    # than a nick holding the Russian word itself: the matcher's rule, no rival)
    parts = idx.parts.get(w, set()) - set(whole) - set(idx.part_translated.get(w, ())) - \
        set(idx.translated.get(w, ()))
    if parts:
        out["reading"] = frozenset(parts)
    if len(w) >= 3:
        given = idx.given_name(w)
        if given is not None:
            out["given"] = frozenset(given.candidates or (given.nick,))
    cap = idx.capital_readings.get(w)
    if cap:
        out["capital"] = frozenset(cap)
    return out


#: The index :func:`_forms_of` last answered for and its answers (nick → forms).
_FORMS: list = [None, {}]


def _forms_of(idx, nick: str) -> frozenset[str]:
    """The written forms ``idx.single`` takes for the one-word nick ``nick`` (its case
    forms), made once per index and nick."""
    if _FORMS[0] is not idx:
        _FORMS[0], _FORMS[1] = idx, {}
    forms = _FORMS[1].get(nick)
    if forms is None:
        forms = _FORMS[1][nick] = frozenset(
            w for w, owners in idx.single.items() if nick in owners)
    return forms


def rival(ctx: Ctx, move: Move) -> tuple[str, ...] | None:
    """The players (the target first) the word a one-target ``move`` was read from fits by
    readings of different kinds, when another living player than the target and the sender
    is among them; None when the word names the target alone or by one kind only."""
    if move.action in _NO_NAME or not move.span:
        return None
    # (move_targets, inline: a move on one player)
    if move.targets:
        if len(move.targets) != 1:
            return None
        target = move.targets[0]
    elif move.target is None:
        return None
    else:
        target = move.target
    idx = name_index(ctx.nicks)
    # (the cheap test first, on the span split at whitespace: the target's own nick in a case
    # form, or no word that a nick's word or reading may be)
    # (the span lowered whole and then cut: the same pieces as each piece lowered, for a
    # lowered piece's punctuation and whitespace are the piece's own)
    low = [w.strip(_PUNCT) for w in move.span.lower().replace("ё", "е").split()]
    if not _forms_of(idx, target).isdisjoint(low):
        return None
    whole_words, parts = idx.whole_words, idx.parts
    if not any(w in whole_words or w in parts for w in low if w) and not any(
            p.strip(_PUNCT)[:1].isupper() for p in move.span.split()):
        return None
    toks = idx.merge(tokenize(move.span))
    words = clause_words(toks)
    for k, t in enumerate(toks):
        w = words[k]
        if not t.word or len(w) < 2 or w[:1] == "\x00":
            continue
        if target in idx.single.get(w, ()):
            return None  # (the target's own nick in a case form: the common case, at once)
        if w not in idx.whole_words and w not in idx.parts and not t.cap:
            continue  # (no word of a nick, no name written as one: «лечу», «за»)
        kinds = readings(idx, w)
        if not any(target in nicks for nicks in kinds.values()):
            continue
        own = {kind for kind, nicks in kinds.items() if target in nicks}
        if "exact" in own:
            return None  # (the target's own nick, written in a case form: «Лиса» is Лис)
        others = {n for kind, nicks in kinds.items() if kind not in own and kind in _RIVAL_KINDS
                  for n in nicks
                  if n != target and n != ctx.sender.nick and n in ctx.alive and
                  not any(n in kinds[o] for o in own)}
        if others:
            # («Голос за Мишуткину маму»: «маму» fits MamaBear too, but the word beside it
            # holds a stem of the target's nick only — one name of two words, the target's)
            beside = [words[n] for n in (k - 1, k + 1)
                      if 0 <= n < len(toks) and toks[n].word and toks[n].cap]
            others = {n for n in others if not any(
                _stem_of(b, target) and not _stem_of(b, n) for b in beside)}
        if others:
            return (target, *sorted(others))
        return None
    return None


def _stem_of(word: str, nick: str) -> bool:
    """True when the written ``word`` (normalised) and a word of ``nick`` share their first
    five letters or more («мишуткину» and «Мама_Мишутки»): the word is a form of that one."""
    if len(word) < 5:
        return False
    head = word[:5]
    return any(piece.startswith(head) for piece in
               re.split(r"[^а-яa-z]+", nick.lower().replace("ё", "е")) if len(piece) >= 5)


def rival_readings(ctx: Ctx, moves: list[Move], problems: list[Problem]
                   ) -> tuple[list[Move], list[Problem]]:
    """``moves`` without those whose target word fits another player by another kind of
    reading (:func:`rival`), each replaced in ``problems`` by the question which player is
    meant."""
    kept, asked = [], list(problems)
    for m in moves:
        names = rival(ctx, m)
        if names is None:
            kept.append(m)
            continue
        asked.append(problem(m.span, "ambiguous", "ambiguous", candidates=tuple(sorted(names)),
                             action=m.action))
    return kept, asked
