"""Yesterday's move made again (issue 11, precision first): «сегодня опять к Ларисе загляну»
from the thief who robbed Лариса yesterday, «Снова к Ромашке в гости», «зову его опять».
The rules forbid the same player two turns in a row for the thief, the doctor, the hostess
and the thug (DECISIONS.md §4); a letter that says it repeats yesterday's move on yesterday's
player is refused in the reply (``same_target_twice``), even when no rule read its words as
a move: the player learns why, and may send another target.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .lexicon import lexicon
from .grammar_rules import problem
from .grammar_tokens import Tok, tokenize_span, visible_text
from .legality import NO_REPEAT
from .names import name_index
from .parse_types import Ctx, Item, names_in

#: Words saying that a move is made again.
AGAIN = frozenset({"опять", "снова", "вновь", "again", "opyat", "snova"})

#: The verb classes of each no-repeat move («зову его опять», «обворовать … Лося. Опять»).
_CLASSES = {"rob": frozenset({V.ROB, V.VISIT}), "heal": frozenset({V.HEAL}),
            "invite": frozenset({V.INVITE}), "beat": frozenset({V.BEAT})}

#: Prepositions of a visit before yesterday's player («опять к Ларисе», «снова у Совы»).
_VISIT = frozenset({"к", "ко", "у"})

#: Pronouns that stand for yesterday's player in the sentence naming him («у Лисы был, сегодня
#: опять к ней», «Мишаня мило посидел, зову его опять»).
_PRONOUNS = frozenset({"его", "ее", "её", "ней", "нему", "него", "нее", "неё", "ним", "ней"})


def repeated_yesterday(ctx: Ctx, items: list[Item]) -> None:
    """Add to ``items`` the refusal of each no-repeat move of the sender's role (see
    :data:`engine.legality.NO_REPEAT`) that the letter repeats on yesterday's player: a
    sentence holding a word of :data:`AGAIN` (or followed by a sentence opening with one:
    «…Лося. Опять, да.») names yesterday's target of that move after «к»/«у», or holds a move
    word (not the vote's). Nothing when a move (or a problem) of that action was read
    already. ``items`` is changed in place."""
    acts = [a for a, roles in NO_REPEAT.items() if ctx.sender.role in roles]
    player = ctx.state.players.get(ctx.sender.nick)
    if not acts or player is None:
        return
    done = {it.move.action if it.move is not None else it.tried for it in items} | {
        it.problem.action for it in items if it.problem is not None}
    pairs = [(a, player.last_targets.get(a)) for a in acts if a not in done]
    pairs = [(a, t) for a, t in pairs if t in ctx.alive]
    if not pairs:
        return
    sentences = _sentences(ctx.text)
    idx, lex = name_index(ctx.nicks), lexicon().words
    for n, sent in enumerate(sentences):
        words = [t.w for t in sent]
        again = not AGAIN.isdisjoint(words) or (
            n + 1 < len(sentences) and next((t.w for t in sentences[n + 1] if t.word), "")
            in AGAIN)
        if not again:
            continue
        hits = names_in(ctx, sent, forms=True)
        for action, target in pairs:
            named = [i for h, i, j in hits if h.nick == target] + [
                k for k in range(1, len(sent)) if sent[k].word and words[k - 1] in _VISIT and
                (h := idx.approximate(words[k])) is not None and h.kind != "fuzzy" and
                h.nick == target]  # («опять у кисы»: a pet form written small)
            if not named:
                continue
            visit = any(i > 0 and words[i - 1] in _VISIT for i in named) or any(
                w in _PRONOUNS and k > 0 and words[k - 1] in _VISIT for k, w in enumerate(words))
            keyed = any(lex.get(w) in _CLASSES[action] for w in words)
            if not (visit or keyed) or "не" in words[:min(named)]:
                continue  # («опять к ней не пойду»)
            text = ctx.text[sent[0].start:sent[-1].end]
            items.append(Item(sent[0].start, problem=problem(
                text, "not_allowed", "same_target_twice", action=action, target=target),
                tried=action))
            return


#: Marks that end a sentence.
_ENDS = frozenset(".!?\n")


def _sentences(text: str) -> list[list[Tok]]:
    """The letter's tokens cut into sentences (at «.», «!», «?» and line ends; not at «…», a
    pause: «Обворовать решила я... Лося»)."""
    visible = visible_text(text)
    out: list[list[Tok]] = [[]]
    toks = tokenize_span(visible, 0, len(visible))
    for k, t in enumerate(toks):
        if not t.word and not _ENDS.isdisjoint(t.w) and not (t.w == "." and (
                (k and toks[k - 1].w == ".") or (k + 1 < len(toks) and toks[k + 1].w == "."))):
            if out[-1]:
                out.append([])
            continue
        if k and "\n" in visible[toks[k - 1].end:t.start] and out[-1]:
            out.append([])
        out[-1].append(t)
    return [s for s in out if s]
