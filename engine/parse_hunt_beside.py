"""A hunt beside a role move that excludes it (issue 11, precision first; DECISIONS.md §4–5).

The detective (and the fan with her earned check), the doctor, the hostess, the psycho, the
thug, the swindler and the maniac cannot hunt on the day they make their role move
(:data:`engine.legality.HUNT_EXCLUDED_BY`). The reply to a letter that sends both tells the
player at once that the hunt is refused. Two ways a letter can slip past that rule, both
settled here with :mod:`engine.legality` deciding:

* the role move is read, and a sentence asks for a hunt on a player in words no rule read as
  a move («И давайте сразу МО в X — слишком агрессивный ник», «и ещё в МО X добавлю»): the
  hunt is refused, as if it had been read (the refusal :func:`engine.legality.refusal_problem`
  words);
* the hunt is read, and another sentence names the role move that excludes it in words no
  rule read («у меня есть проверка!!! юзаю её на X. И охота тоже X»): whether the hunt may
  stand depends on that move, so the sentence is asked about, never left out.

A sentence told of another day («вчера», a verb in the past without «бы»), negated or asked
as a question is talk, not a move of today.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_hot import hot_words, letter_pieces, lowered
from .grammar_keywords import find_keywords
from .grammar_plans import given_up
from .grammar_rules import action_for, problem
from .grammar_tokens import Tok, tokenize_span
from .lexicon import lexicon
from .legality import HUNT_EXCLUDED_BY, hunt_refusal, refusal_problem
from .model import Move, Problem
from .names import name_index
from .parse_types import Ctx, names_in
from .parse_unread import sentence_spans
from .words import is_known_word, verb_reading

#: Words that make a sentence no move of today's («вчера МО в X не сработала»,
#: «проверки больше нет», «без проверки»).
_NOT_TODAY = frozenset({"вчера", "вчерашний", "вчерашняя", "вчерашнюю", "вчерашней",
                        "позавчера", "не", "нет", "без", "ни"})


#: Prepositions a hunt takes before its player («МО в X», «охота на X»).
_AIM = frozenset({"в", "во", "на", "по"})

#: Words that put the role move off («Проверку пока приберегу»): not made today.
_PUT_OFF = frozenset({"пока", "потом", "позже", "завтра", "приберегу", "приберечь", "сохраню",
                      "оставлю", "берегу", "вместо"})

#: Marks that open the remark after a move's player («МО в X — слишком агрессивный ник»).
_REMARK = frozenset({",", "—", "–", ":", "(", ";"})


def _today_said(toks: list[Tok]) -> bool:
    """True when the sentence ``toks`` may make a move today: no word of :data:`_NOT_TODAY`,
    and no verb in the past tense unless «бы» makes it a wish («закинул бы»)."""
    words = [t.w for t in toks if t.word]
    if not _NOT_TODAY.isdisjoint(words):
        return False
    if "бы" in words or "б" in words:
        return True
    return not any((r := verb_reading(w)) is not None and r[2] == "past" for w in words)


def _before_remark(ctx: Ctx, toks: list[Tok], k: int) -> list[Tok]:
    """The tokens of a sentence up to the first mark of :data:`_REMARK` at or after token
    ``k`` (a move word's end) when a living player other than the sender is named before
    that mark: the move on its player, without the reason added after him («скальп с X,
    он мне в карты проиграл и не отдал», «X — маньячный визит, он вчера наврал»: the past
    and «не» of the reason do not make the move another day's or a negated one). The whole
    sentence otherwise («Проверка, впрочем, показала мне обратное»: no player named before
    the mark, the words after it are the sentence's own)."""
    end = next((n for n in range(k, len(toks)) if toks[n].w in _REMARK), len(toks))
    if end == len(toks) or not any(
            h.nick in ctx.alive and h.nick != ctx.sender.nick
            for h, _, _ in names_in(ctx, toks[:end], forms=True)):
        return toks
    return toks[:end]


def _sentences(visible: str, idx, hunt_only: bool = False) -> list[tuple[str, list[Tok]]]:
    """The letter's sentences that are no question and hold a move word (a hot word of
    :func:`engine.grammar_hot.hot_words`: only such a sentence can hold a keyword; the
    others, the chatter of a long letter, are never tokenized): their text and tokens.
    ``hunt_only``: only a hunt word, or a hot word no dictionary knows (a misspelt one),
    counts."""
    low = lowered(visible)
    if hunt_only:
        words = lexicon().words

        def hunt_word(w: str) -> bool:
            return words.get(w) == V.HUNT or (w not in words and not is_known_word(w))

        # (not «вчера», «нет»: flag words; a phrase's longest word that is none is not looked
        # for with the rest of its phrase)
        hot = {w for w in hot_words(low, frozenset(), letter_pieces(visible), hunt_word)
               if hunt_word(w)}
    else:
        hot = hot_words(low, frozenset(), letter_pieces(visible))
    if not hot:
        return []
    out = []
    for lo, hi in sentence_spans(visible):
        text = visible[lo:hi].strip()
        if not text or text.rstrip().endswith("?"):
            continue
        if len(low) == len(visible):
            here = low[lo:hi]
            if not any(w in here for w in hot):
                continue
        out.append((text, idx.merge(tokenize_span(visible, lo, hi))))
    return out


def _excluding(ctx: Ctx, cls: str) -> str | None:
    """The action a keyword class means for the sender when it is a role move that excludes
    a hunt (the fan's «проверка» is her earned check while she has it), else None."""
    if cls == V.CHECK and ctx.sender.role == "fan":
        player = ctx.state.players.get(ctx.sender.nick)
        return "check" if player is not None and player.fan_check_left else None
    action = action_for(cls, ctx.sender, ctx.turn)
    return action if action in HUNT_EXCLUDED_BY else None


def hunts_beside(ctx: Ctx, visible: str, moves: list[Move],
                 problems: list[Problem]) -> list[Problem]:
    """The problems of a hunt beside a role move that excludes it (see the module's text),
    for the letter's own text ``visible`` and what was read of it (``moves``,
    ``problems``): a refused hunt no rule read, or an unread role move beside a read hunt."""
    if ctx.sender.mafia:
        return []
    said = [m.span for m in moves if m.span] + [p.text for p in problems]
    idx = name_index(ctx.nicks)
    reason = hunt_refusal({m.action for m in moves})
    hunted = any(m.action == "hunt" for m in moves) or \
        any(p.action == "hunt" for p in problems)
    out: list[Problem] = []
    if reason is not None and not hunted:
        for text, toks in _sentences(visible, idx, hunt_only=True):
            if any(s and s in text and len(s) > len(text) // 2 for s in said) or \
                    any(p.text and p.text in text for p in problems):
                continue  # (read there, or asked already)
            kws = [k for k in find_keywords(toks, set(), idx)
                   if k.cls == V.HUNT and not k.negated]
            if not kws:
                continue
            k = kws[0].j
            at = k + 1 if k < len(toks) and toks[k].w in _AIM else k
            # (the player the hunt is aimed at, right after its word: «МО в X», «в МО X
            # добавлю»; not «Охота на ведьм какая-то, X прав»)
            hits = [(h, j) for h, i, j in names_in(ctx, toks, forms=True) if i == at and
                    h.nick is not None and h.nick in ctx.alive and h.nick != ctx.sender.nick]
            # (the reason after the player is his own: «МО в X, он вчера рашил на форуме»)
            end = next((n for n in range(hits[0][1], len(toks)) if toks[n].w in _REMARK),
                       len(toks)) if hits else 0
            if hits and _today_said(toks[:end]) and not given_up(toks, kws[0].i):
                # (not «Я бы пальнул в X на охоте, но нельзя»: a wish given up)
                out.append(refusal_problem(ctx.state, ctx.turn, Move(
                    "hunt", target=hits[0][0].nick, span=text.rstrip(".!…")), reason,
                    ctx.sender.nick))
                return out
    if hunted and reason is None and not problems:  # (a problem already asked: the host looks)
        for text, toks in _sentences(visible, idx):
            words = [t.w for t in toks if t.word]
            if any(s and s in text for s in said) or \
                    len(words) < 3 or not _PUT_OFF.isdisjoint(words):
                continue  # (a word alone on its line is a piece of a sentence: «Шизить⏎
                # сегодня⏎не буду»)
            kws = find_keywords(toks, set(), idx)
            if any(k.cls == V.HUNT for k in kws):
                continue  # «Вместо проверки иду на охоту»: the hunt's own sentence
            if any(_excluding(ctx, k.cls) and _today_said(_before_remark(ctx, toks, k.j))
                   for k in kws if not k.negated):
                # «у меня есть проверка!!!» beside «охота тоже X»: which move is made?
                out.append(problem(text.rstrip(".!…"), "unparsed", "unread"))
                return out
    return out
