"""The net for a sender who tells his own night in the third person (issue 11, missed
without a problem): «Фредди стоит над кроваткой Снегурочки» from Freddy K., the maniac.

A player who writes a scene of himself by his own nick («Фредди …», «Лиса …») names his role
move by what he does in it; when no word of a move lexicon is there («стоит над кроваткой»,
«крадётся к …»), no rule reads a move and the nets for unread orders pass the sentence by (a
sentence of his own name is no other player's). The letter would then go with no night move
and no word to the player. A host asks. This net asks about a sentence of the sender's own
text, no rule read, in a letter that makes no move of the sender's role, when

- it opens (after a word of time or «а», «и») with the sender's own nick as its subject,
- a verb in the present or future third person follows that nick (no verb of saying,
  thinking or being, no past, no «не» before it),
- and a living player other than the sender is named after that verb,
- with no word of a plan, a wish or another day («если», «бы», «завтра», «вчера»).

The problem is ``unparsed`` (reason ``unread``) quoting the sentence. Pure.
"""

from __future__ import annotations

from .grammar_rules import problem
from .grammar_tokens import clause_words, tokenize_span
from .legality import ROLE_MOVES
from .model import Problem
from .names import name_index
from .parse_types import Ctx, Item, done_action
from .parse_unread import _QUOTE_OR_Q, overlaps, player_at, read_ranges, sentence_spans
from . import parse_unread_words as W
from .words import is_known_word, morph

#: Words that may open the sentence before the sender's nick («Сегодня Фредди …», «А Лиса …»).
_LEADS = W.TIMES | frozenset({"а", "и", "ну", "вот", "снова", "опять", "тогда", "ночью",
                              "сегодня", "нынче"})

#: Words that may stand between the nick and its verb («Фредди медленно проводит …»).
_ADVERB_MAX = 2

#: How many words after the verb the player may be named at.
_REACH = 8

#: Words of a plan, a wish or another day: the scene is no order of tonight.
_NOT_TONIGHT = frozenset({"если", "бы", "б", "завтра", "вчера", "позавчера", "может",
                          "наверное", "хочет", "хотела", "хотел"})


def self_story(ctx: Ctx, visible: str, read: list[Item]) -> list[Problem]:
    """The problems of the net (see the module's doc) for the letter's own text ``visible``,
    given what the rules read (``read``: items, and the final moves with offset -1)."""
    role_moves = ROLE_MOVES.get(ctx.sender.role, frozenset())
    done = {done_action(it.move) for it in read if it.move is not None}
    if not role_moves or not role_moves.isdisjoint(done):
        return []
    idx = name_index(ctx.nicks)
    ranges = None
    out: list[Problem] = []
    for lo, hi in sentence_spans(visible):
        text = visible[lo:hi].strip()
        if not text or text.endswith("?") or _QUOTE_OR_Q.search(text):
            continue
        if ranges is None:
            ranges = read_ranges(visible, read)
        if overlaps(ranges, lo, hi):
            continue
        if _told_of_self(ctx, idx, visible, lo, hi):
            out.append(problem(text.rstrip(".!…"), "unparsed", "unread"))
    return out


def _told_of_self(ctx: Ctx, idx, visible: str, lo: int, hi: int) -> bool:
    """True when the sentence ``visible[lo:hi]`` is the sender's scene of himself aimed at a
    living player (see the module's doc)."""
    toks = idx.merge(tokenize_span(visible, lo, hi))
    words = clause_words(toks)
    if not _NOT_TONIGHT.isdisjoint(words):
        return False
    wk = [k for k, t in enumerate(toks) if t.word]
    n = 0
    while n < len(wk) and words[wk[n]] in _LEADS:
        n += 1
    if n >= len(wk):
        return False
    hit = player_at(idx, toks, words, wk[n])
    if hit is None or ctx.sender.nick not in ((hit.nick,) if hit.nick else hit.candidates):
        return False  # (a short form the sender shares with another: «Лиса» for Лиса Алиса)
    verb = None
    for m in range(n + 1, min(len(wk), n + 2 + _ADVERB_MAX)):
        w = words[wk[m]]
        if w == "не":
            return False
        if _acting(w):
            verb = m
            break
    if verb is None:
        return False
    for m in range(verb + 1, min(len(wk), verb + 1 + _REACH)):
        k = wk[m]
        if words[k] == "не":
            return False
        if len(toks[k].w) < 2:
            continue
        h = player_at(idx, toks, words, k)
        if h is None:
            continue
        owners = (h.nick,) if h.nick else tuple(h.candidates)
        if ctx.sender.nick in owners:
            continue
        if owners and all(o in ctx.alive for o in owners):
            return True
    return False


def _acting(w: str) -> bool:
    """True when ``w`` is a verb of action in the present or future third person singular
    («стоит», «крадётся», «лезет»): no verb of saying, thinking or being."""
    if len(w) < 3 or not is_known_word(w):
        return False
    for p in morph().parse(w)[:2]:
        if p.tag.POS == "VERB" and "sing" in p.tag and "past" not in p.tag and \
                ("3per" in p.tag or "Impe" in p.tag):  # («стоит»: read impersonal first)
            lemma = p.normal_form.replace("ё", "е")
            return lemma not in W.NOT_ACTION and lemma not in W.SPEECH
    return False
