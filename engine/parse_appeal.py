"""«Апелёвка» told against itself (engine.parse, issue 11; DECISIONS.md §6, event 9).

Under «Апелёвка» a vote may only name a player who voted for yesterday's lynched. A letter
whose sender himself writes that X did not («знаю, что Дима вчера за Сову не голосовал, но
всё равно голос за Диму») and then votes X makes a vote the event forbids by its own words:
the vote is refused in the reply and the sender is asked, never applied in silence, whatever
the game's record of yesterday's votes says (the record may be right and the sender wrong;
he is told how to vote again).
"""

from __future__ import annotations

import re

from .grammar_tokens import clause_words, tokenize_span, visible_text
from .legality import move_targets
from .model import Move, Problem
from .names import name_index
from .parse_types import Ctx, Item, name_form
from .parse_unread import player_at

#: «X не голосовал (за …)», «X вчера не вешал …», «X голосовал не за …», «ни за кого не
#: голосовала», «не проголосовал».
_DENIED = re.compile(r"\bне\s+(?:про)?(?:голосова|веша|линчева)(?:л|ла|ли|ло)\b|"
                     r"\b(?:про)?голосова(?:л|ла|ли)\s+не\s+за\b")

#: Where the denial's own clause starts: the sentence, after a comma, a dash or a colon.
_SENTENCE_END = re.compile(r"[.!?\n;]")
_CLAUSE_START = (",", "—", "–", ":", "(")

#: Pronouns that stand for the player named just before («знаю, что он вчера … не голосовал»).
_PRONOUNS = frozenset({"он", "она"})


def appeal_denied(ctx: Ctx, items: list[Item]) -> list[Item]:
    """On an «Апелёвка» day, each vote whose target the letter itself says did not vote for
    yesterday's lynched (see the module's doc) becomes a refusal (``not_allowed``,
    ``appeal_not_allowed``) that asks; other items stay. Other days: ``items`` unchanged."""
    if ctx.turn.event != "appeal":
        return items
    votes = [it for it in items if it.move is not None and it.move.action == "vote"]
    if not votes:
        return items
    visible = visible_text(ctx.text)
    denied = _denied_players(ctx, visible)
    if not denied:
        return items
    out: list[Item] = []
    for it in items:
        targets = move_targets(it.move) if it in votes else []
        named = [t for t in targets if t in denied]
        if not named:
            out.append(it)
            continue
        out.append(Item(it.pos, problem=_refusal(it.move, named[0]), tried="vote"))
    return out


def _denied_players(ctx: Ctx, visible: str) -> set[str]:
    """The players the letter says did not vote for yesterday's lynched: the name before the
    denial in its clause (not one after «за»: that is whom he voted for), or for «он»/«она»
    the player named last before."""
    idx = name_index(ctx.nicks)
    low = visible.lower()
    out: set[str] = set()
    for m in _DENIED.finditer(low):
        start = max((e.end() for e in _SENTENCE_END.finditer(low, 0, m.start())), default=0)
        clause_at = max([start] + [low.rfind(c, start, m.start()) + 1 for c in _CLAUSE_START])
        while clause_at > start and low[clause_at:].lstrip().startswith("ни "):
            # «она ни за Бульдога, ни за Серёгу не голосовала»: one clause over the commas
            clause_at = max([start] + [low.rfind(c, start, clause_at - 1) + 1
                                       for c in _CLAUSE_START])
        names, pronoun = _named(ctx, idx, visible, clause_at, m.start())
        if names:
            out.update(names)
        elif pronoun:
            before, _ = _named(ctx, idx, visible, 0, clause_at, keep_za=True)
            if before:
                out.add(before[-1])
    return out


def _named(ctx: Ctx, idx, visible: str, lo: int, hi: int,
           keep_za: bool = False) -> tuple[list[str], bool]:
    """The players named in ``visible[lo:hi]`` in order (those after «за» only with
    ``keep_za``), and whether «он»/«она» stands there."""
    toks = idx.merge(tokenize_span(visible, lo, hi))
    words = clause_words(toks)
    found: list[str] = []
    for k, t in enumerate(toks):
        if not t.word or len(t.w) < 2:
            continue
        hit = player_at(idx, toks, words, k)
        if hit is None:
            # («знаю что дима вчера … не голосовал»: a phone writer's given name in lower
            # case, a form of one nickname)
            hit = name_form(idx, t.w)
        if hit is None or hit.nick is None or hit.nick == ctx.sender.nick:
            continue
        if not keep_za and k and words[k - 1] in ("за", "против"):
            continue
        found.append(hit.nick)
    return found, any(w in _PRONOUNS for w in words)


def _refusal(move: Move, nick: str) -> Problem:
    q = f"«{move.span}»" if move.span else f"«голос за {nick}»"
    return Problem(
        text=move.span or f"голос за {nick}", kind="not_allowed", reason="appeal_not_allowed",
        action="vote", target=nick,
        message=(f"Сегодня «Апелёвка»: голосовать можно только за тех, кто вчера голосовал за "
                 f"повешенного, а вы сами пишете, что {nick} за него не голосовал(а). Голос {q} "
                 f"не принят. Если {nick} всё же голосовал(а) за повешенного, пришлите голос ещё "
                 f"раз без этой оговорки; иначе проголосуйте за другого игрока."))
