"""The net for a move said on a pronoun (issue 11, missed without a problem): «Ниночка с утра
радуется. Вот её и убираем, пока не пальнула.», «Тигра молчит. Ему и шью нитку.».

A sentence of the sender's own text that holds a first-person form of a move verb the sender
may use today and, beside that verb, a personal pronoun of a third person («его», «её», «ему»,
«ей», «их», «него», …) and no name, where no rule read anything, is a move on a player named
before it: the rules that take a pronoun back to its name (engine.grammar_refs) did not. A host
does not drop such a sentence: he asks. The net reports it as ``unparsed`` (reason ``unread``)
with its text, so the reply asks (the JSON shape of a problem is unchanged).

It leaves alone a sentence that is plainly talk: a question, a quote, a plan or a condition
(«если», «завтра», «бы», …: :data:`engine.parse_unread_words.NOT_ORDER`), the forum, the past
(a verb in the past tense), a move word under «не»; and a letter where no living player but the
sender is named before the sentence (the pronoun then stands for no player: «Телефон сел,
заряжаю его»).

The same module holds the net for a move on the sender himself in a verb no rule read
(:func:`self_unread`): «сегодня сам себя приложу», «закатываю в газон сам себя» from the thug,
«себя поохраню» from the guard — a role that may choose himself (doctor, thug, guard), a
first-person verb of action (any, or a word no dictionary knows guessed as one) beside «себя» /
«себе» in a sentence no rule read, in a letter that makes no move of his role: asked, never
read (the verb may be any deed of his day: «беру себе отгул» is no move, so it is asked only
where the letter has no role move that the sentence could repeat).

Pure (no I/O). Cheap: a letter is looked at only when its lowered text holds such a pronoun
(«себ» for the second net).
"""

from __future__ import annotations

import re

from .grammar_rules import action_for, problem
from .grammar_tokens import clause_words, tokenize_span
from .model import Problem
from .names import name_index
from .parse_types import Ctx, Item, asked_already
from .parse_unread import overlaps, player_at, read_ranges, sentence_spans
from .textcase import lower_of
from . import parse_unread_words as W

__all__ = ["pronoun_unread", "self_unread"]

#: Personal pronouns of a third person in an object case (lowered text; «ее» typed without
#: «ё» too).
_PRONOUNS = frozenset({"его", "её", "ее", "ему", "ей", "ею", "их", "им", "него", "неё", "нее",
                       "нему", "ней", "нею", "них", "ним"})

#: The cheap test: a letter holding none of :data:`_PRONOUNS` asks nothing here.
#: (``(?<!\w)(?:е(?:го|…)|и[хм]|н(?:его|…))(?!\w)`` with each branch opening with its
#: letter and the look-behind after it: ``re`` then skips along to each «е», «и», «н» at C
#: speed instead of trying the look-behind at every place; the same matches, half the time.)
_ANY_PRONOUN = re.compile(r"(?:е(?<!\w.)(?:го|ё|е|му|й|ю)|и(?<!\w.)[хм]|"
                          r"н(?<!\w.)(?:его|её|ее|ему|ей|ею|их|им))(?!\w)")

#: Words between the verb and its pronoun that keep the pronoun the verb's object («убираем
#: и её», «ворую у него», «её же и убираем»).
_BETWEEN = frozenset({"и", "же", "у", "к", "на", "в", "за", "с", "вот", "тоже", "сегодня",
                      "ночью", "тогда", "-", "—", "–"})

#: Quotation marks and the question mark: the sentence reports or asks.
_TALK_MARK = re.compile("[«»\"“”„?]")


class _Unread:
    """What a net of this module asks: the sentence ``visible[lo:hi]`` that no rule read
    (``items``: what the rules read), as an ``unparsed`` problem (reason ``unread``), once per
    text and never one ``asked`` already; ``out``: the problems so far."""

    def __init__(self, visible: str, items: list[Item], asked: list[Problem]):
        self.visible, self.items = visible, items
        self.read = None  # the ranges the rules read, found at the first sentence asked
        self.quoted = {p.text for p in asked}
        self.out: list[Problem] = []

    def ask(self, lo: int, hi: int) -> None:
        """Ask the sentence ``[lo, hi)`` unless a rule read it (its pronoun too, or its move
        elsewhere in it) or its text was asked already."""
        if self.read is None:
            self.read = read_ranges(self.visible, self.items)
        if overlaps(self.read, lo, hi):
            return
        text = self.visible[lo:hi].strip().rstrip(".!…")
        if text and not asked_already(text, self.quoted):
            self.out.append(problem(text, "unparsed", "unread"))
            self.quoted.add(text)


def pronoun_unread(ctx: Ctx, visible: str, items: list[Item], moves, asked: list[Problem]
                   ) -> list[Problem]:
    """The problems of the sentences of ``visible`` (the sender's own text) that say one of
    the sender's moves on a pronoun and that no rule read (see the module's doc); ``items``:
    what the rules read; ``moves``: the moves of the letter so far; ``asked``: the problems
    so far. A move whose action the letter already makes or asks about is left alone: the
    sentence tells of it again («Сегодня её и подлечу на всякий случай. Итак, лечу Мурку.»)."""
    done = {m.action for m in moves} | {p.action for p in asked if p.action}
    lower = lower_of(visible)
    if len(lower) != len(visible) or _ANY_PRONOUN.search(lower) is None:
        return []
    net = _Unread(visible, items, asked)
    idx = None
    named_before = False
    for lo, hi in sentence_spans(visible):
        toks = tokenize_span(visible, lo, hi)
        words = clause_words(toks)
        if not named_before:
            idx = idx or name_index(ctx.nicks)
            hits: dict = {}
            found = (player_at(idx, toks, words, k, hits) for k in range(len(words))
                     if toks[k].word)
            named_before = any(h is not None and h.nick != ctx.sender.nick and
                               (h.nick is None or _alive(ctx, h.nick)) for h in found)
            continue  # (the sentence that names him holds no pronoun of him yet)
        if _ANY_PRONOUN.search(lower, lo, hi) is None or _TALK_MARK.search(visible, lo, hi):
            continue
        action = _said_on_pronoun(ctx, words)
        if action is None or action in done:
            continue
        net.ask(lo, hi)
    return net.out


def _alive(ctx: Ctx, nick: str) -> bool:
    """True when ``nick`` is a living player of the game."""
    p = ctx.state.players.get(nick)
    return p is not None and p.alive


def _said_on_pronoun(ctx: Ctx, words: list[str]) -> str | None:
    """The action of the move when ``words`` (one sentence, lower case) hold a first-person
    form of a move verb of a move the sender may make today, not under «не», with a pronoun
    of :data:`_PRONOUNS` right before or after it (past the words of :data:`_BETWEEN`), and
    no word of talk (a plan, a condition or the forum in the sentence, a verb in the past
    tense in the verb's clause: not «…, пока не пальнула»); else None."""
    if not W.VETO.isdisjoint(words):
        return None
    for k, w in enumerate(words):
        if W.move_word(w) != "move" or k and words[k - 1] == "не":
            continue
        if any(W.past(v) for v in _clause(words, k)):
            return None
        cls = W.move_class(w)
        action = action_for(cls, ctx.sender, ctx.turn) if cls else None
        if action is None:
            continue
        if _pronoun_near(words, k, 1) or _pronoun_near(words, k, -1):
            return action
    return None


#: Marks that end a clause inside a sentence.
_CLAUSE_MARKS = frozenset({",", ";", ":", "—", "–", "(", ")"})


def _clause(words: list[str], k: int) -> list[str]:
    """The words of the clause of ``words`` that holds the word at ``k`` (cut at the marks of
    :data:`_CLAUSE_MARKS`)."""
    lo = k
    while lo > 0 and words[lo - 1] not in _CLAUSE_MARKS:
        lo -= 1
    hi = k
    while hi < len(words) and words[hi] not in _CLAUSE_MARKS:
        hi += 1
    return words[lo:hi]


def _pronoun_near(words: list[str], k: int, step: int) -> bool:
    """True when, going from the verb at ``k`` by ``step`` past at most three words of
    :data:`_BETWEEN`, the next word is a pronoun of :data:`_PRONOUNS`."""
    j = k + step
    for _ in range(4):
        if not 0 <= j < len(words):
            return False
        if words[j] in _PRONOUNS:
            return True
        if words[j] not in _BETWEEN:
            return False
        j += step
    return False


#: Roles whose night move may be aimed at the sender himself (DECISIONS.md §4), with it.
_SELF_MOVES = {"doctor": "heal", "thug": "beat", "guard": "guard"}

#: «себя», «себе» (lowered text): the sender as the object.
_SELF = re.compile(r"(?<!\w)себ(?:я|е)(?!\w)")


def self_unread(ctx: Ctx, visible: str, items: list[Item], moves, asked: list[Problem]
                ) -> list[Problem]:
    """The problems of the sentences of ``visible`` that say the sender's role move on himself
    in a verb no rule read (see the module's doc); ``items``: what the rules read; ``moves``:
    the moves of the letter so far; ``asked``: the problems so far."""
    action = _SELF_MOVES.get(ctx.sender.role)
    if action is None or any(m.action == action for m in moves):
        return []
    lower = lower_of(visible)
    if len(lower) != len(visible) or _SELF.search(lower) is None:
        return []
    net = _Unread(visible, items, asked)
    for lo, hi in sentence_spans(visible):
        if _SELF.search(lower, lo, hi) is None or _TALK_MARK.search(visible, lo, hi):
            continue
        words = clause_words(tokenize_span(visible, lo, hi))
        if _said_on_self(words):
            net.ask(lo, hi)
    return net.out


def _said_on_self(words: list[str]) -> bool:
    """True when ``words`` (one sentence, lower case) hold a first-person verb of action (a
    form of a move verb, any verb of action, or a word no dictionary knows guessed as one) not
    under «не», with «себя» / «себе» (after «сам» too) within three words before it or four
    after it in its clause, and no word of talk (a plan, a condition, the forum, the past in
    the verb's clause)."""
    if not W.VETO.isdisjoint(words):
        return False
    for k, w in enumerate(words):
        if W.move_word(w) not in ("move", "first") and not W.unknown_first(w) or \
                k and words[k - 1] == "не":
            continue
        clause = _clause(words, k)
        if any(W.past(v) for v in clause):
            continue
        near = words[max(0, k - 3):k + 5]
        if ("себя" in near or "себе" in near) and ("себя" in clause or "себе" in clause):
            return True
    return False
