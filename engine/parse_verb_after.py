"""A role verb said alone right after the sentence that names its target (issue 11): «Сегодня
за Петровичем. Маньячу.», «Сегодня в гостях — Бородин. Шизю.», «На очереди Кузя. Лечу.».
The verb's own sentence names nobody (read as ``no_target``); the sentence just before it, on
the same line, names one living player and holds no verb and no move word of its own: that
player is the verb's target. A bare «за X» read as a vote there («Сегодня за Петровичем») is
that target, no vote. Called by :func:`engine.parse.parse_letter` after the clauses are read.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_tokens import Tok
from .lexicon import lexicon
from .legality import ROLE_MOVES
from .model import Move
from .parse_types import Ctx, Item, names_in
from .parse_label_before import _LABEL
from .words import is_known_word, is_verb

#: Words that may stand beside the lone verb and add nothing to it («Маньячу, короче.»,
#: «Ну и шизю.»).
_BESIDE_VERB = frozenset({"короче", "сегодня", "нынче", "ночью", "вот", "ну", "значит",
                          "тогда", "и", "а", "я", "так", "же", "всё", "все", "его", "её", "ее",
                          "им", "ей", "да", "ага"})
#: Words the sentence before may hold beside the player's name, besides a label's
#: (:data:`engine.parse_label_before._LABEL`), words of no dictionary («tail -f на X всю
#: ночь») and a word right after a preposition («в подвале — X»): prepositions, the time.
_LABEL_MORE = frozenset({"за", "к", "ко", "у", "под", "возле", "около", "всю", "весь",
                         "ночь", "нынче", "опять", "снова"})
#: Role moves a lone verb may take a target for (a swindle needs its branches, a boss's check
#: is the clan's).
_ACTIONS = frozenset({"rob", "guard", "check", "heal", "invite", "search", "beat", "watch",
                      "maniac_kill"})


def verb_after_target(ctx: Ctx, clauses: list[list[Tok]], items: list[Item]) -> list[Item]:
    """Give a lone role verb of the sender's («Маньячу.») the player named alone in the
    sentence right before it on the same line (see the module docstring); ``items`` is
    changed in place; the items made are returned. Nothing is done when that sentence names
    no player or several, holds a verb or a move word, or reads a move other than a bare «за
    X» vote, or when the verb's sentence holds any other word than :data:`_BESIDE_VERB`."""
    actions = ROLE_MOVES.get(ctx.sender.role, frozenset()) & _ACTIONS
    open_items = [it for it in items if it.move is None and it.problem is not None and
                  it.problem.reason == "no_target" and it.tried in actions]
    made: list[Item] = []
    if not open_items:
        return made  # (the common case)
    lex = lexicon()
    starts = {c[0].start: n for n, c in enumerate(clauses) if c}
    for it in open_items:
        n = starts.get(it.pos)
        if not n:
            continue
        clause, before = clauses[n], clauses[n - 1]
        words = [t.w for t in clause if t.word]
        verbs = [w for w in words if w in lex.words]
        if len(verbs) != 1 or verbs[0] in lex.weak or verbs[0] in lex.third or \
                verbs[0] in lex.imperative or \
                any(w not in _BESIDE_VERB for w in words if w != verbs[0]):
            continue
        if not before or "\n" in ctx.text[before[-1].end:clause[0].start]:
            continue  # (another line: a name there belongs to its own line)
        if any(t.word and (t.w in lex.words or is_verb(t.w)) for t in before) or \
                sum(t.word and t.w == "за" for t in before) > 1:
            continue  # («Голос Кузе. Маньячу.»: the name is the vote's; «Кузя молчит.
            # Лечу.»: a sentence of its own about him, no target named for the verb)
        if "?" in ctx.text[before[0].start:clause[0].start]:
            continue  # («Кузя? Маньячу.»: asked)
        named = names_in(ctx, before, True, forms=True)
        hits = [h for h in named if h[0].nick != ctx.sender.nick]
        # («Сегодня в цугцванге — X» from Zugzwang: his own nick is a word of the label)
        if len(hits) != 1 or hits[0][0].nick is None or hits[0][0].nick not in ctx.alive:
            continue
        nick = hits[0][0].nick
        taken = {k for _, i, j in named for k in range(i, j)}
        if any(t.word and k not in taken and not _label_word(before, k) for k, t in
               enumerate(before)):
            continue  # «Кузя сегодня молодец. Режу.»: talk about the player, asked
        lo, hi = before[0].start, before[-1].end
        inside = [other for other in items if other is not it and lo <= other.pos < hi]
        if inside and not (len(inside) == 1 and inside[0].move is not None and
                           inside[0].move.action == "vote" and inside[0].move.target == nick and
                           hits[0][1] > 0 and before[hits[0][1] - 1].w == "за"):
            continue  # (the sentence before read a move of its own)
        span = ctx.text[lo:clause[-1].end]
        at = items.index(it)
        items[at] = Item(lo, move=Move(it.tried, target=nick, span=span), tried=it.tried)
        made.append(items[at])
        for other in inside:
            items.remove(other)
    return made


def _label_word(clause: list[Tok], k: int) -> bool:
    """True when the word at ``k`` of the sentence before the lone verb may stand in a label
    of its target: a label's word, a preposition or the time (:data:`_LABEL_MORE`), a word
    right after a preposition («в подвале», «на посту»), a word of no dictionary («tail»).
    Not a word said of the player («Кузя сегодня молодец»)."""
    w = clause[k].w
    return w in _LABEL or w in _LABEL_MORE or w in V.PREPOSITIONS or not is_known_word(w) or \
        (k > 0 and (clause[k - 1].w in V.PREPOSITIONS or clause[k - 1].w in _LABEL_MORE))
