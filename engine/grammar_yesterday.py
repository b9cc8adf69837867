"""A move's target named by reference to yesterday (issue 11): «шизю того же, что вчера»,
«Маньячу ту же, что вчера», «голос как вчера», «лечу как обычно», «бью по-старому».

The words after the move word, where its player goes, are nothing but such a phrase (and a
preposition, «снова», «же»), perhaps followed by a remark after a comma or a dash that names
nobody and takes nothing back. The player is then the sender's own target of the same
action yesterday: :attr:`engine.state.PlayerState.last_targets` (the moves carried out) or,
for the vote, his vote of yesterday (``state.votes_by_day``). Whether the move may be made
again is the rules' business: a doctor's second heal of the same player in a row is refused
by the legality screen like any other. Yesterday's target unknown: asked, never guessed.
"""

from __future__ import annotations

from .grammar_keywords import Kw
from .grammar_tokens import Tok, clause_words
from .names import NameHit
from .parse_types import Ctx, nick_at

#: Words that may stand between the move word and the phrase («проверяю снова ту же»,
#: «стреляю в того же»).
_LEAD = frozenset({"снова", "опять", "вновь", "же", "ж", "тоже", "сегодня", "ночью", "и",
                   "—", "–", "-", ":", "за", "в", "во", "на", "у", "к", "ко"})
#: «тот же»: the demonstrative of the same player, in any case.
_THAT = frozenset({"тот", "того", "ту", "той", "тому", "та", "тем"})
_SAME = frozenset({"же", "ж"})
_VERY = frozenset({"самый", "самого", "самую", "самой", "самому", "самая", "самым"})
#: The relative word that ties «тот же» to yesterday («…, что вчера», «…, за кого вчера»).
_WHICH = frozenset({"что", "кого", "которого", "которую", "кому", "которому", "которой",
                    "кто", "которая", "который"})
#: Words allowed between the relative word and «вчера» («что и вчера», «кого я вчера»).
_WHICH_SKIP = frozenset({"и", "я", ",", "за", "в", "на", "у", "к", "ко"})
#: One word: «по-старому», «вчерашнего» (the player of yesterday).
_ALONE = frozenset({"по-старому", "вчерашнего", "вчерашнюю", "вчерашнему", "вчерашней"})
#: «как вчера», «как и вчера», «как обычно», «как всегда», «как в прошлый раз».
_AS = (("как", "вчера"), ("как", "и", "вчера"), ("как", "обычно"), ("как", "всегда"),
       ("как", "в", "прошлый", "раз"), ("как", "и", "в", "прошлый", "раз"))
#: Marks that end the phrase before a remark («ту же, что вчера — видать, док её спас»).
_BOUNDARY = frozenset({",", "—", "–", "-", "(", ":"})
#: Words of a remark that take the move back or weigh another («как вчера, хотя нет…»).
_TAKEN_BACK = frozenset({"хотя", "нет", "нет-нет", "лучше", "вернее", "точнее", "стоп",
                         "отбой", "шучу", "передумал", "передумала", "upd", "апд", "или",
                         "может", "наверное", "завтра", "если"})
#: Words that may open the clause before a weak move word («А голос как вчера»).
_OPENERS = frozenset({"а", "и", "ну", "так", "сегодня", "ночью", "мой", "моя", "мое", "моё"})


def yesterday_slot(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int) -> int | None:
    """The index after a «same as yesterday» phrase filling the player slot of keyword
    ``kw`` (tokens ``kw.j`` to ``hi``): «того же, что (и) вчера», «за того же, за кого
    вчера», «как вчера», «как обычно», «по-старому». Only what may follow it: the end of the
    slot, or a comma or dash and a remark naming no player and taking nothing back. None
    when the slot holds anything else, or the keyword is no plain order of the sender's
    (negated, reported, hypothetical, a request, a withdrawal); a weak move word («голос»,
    «зову») only opening its clause or the part of it after a comma."""
    if kw.negated or kw.reported or kw.hypothetical or kw.imperative or kw.withdraw:
        return None
    if kw.weak:
        opening = max([n + 1 for n in range(kw.i) if clause[n].w in (",", ";")], default=0)
        if any(t.word and t.w not in _OPENERS for t in clause[opening:kw.i]):
            return None  # («смотрю на всех как обычно»: a weak word inside talk)
    words = clause_words(clause)
    k = kw.j
    while k < hi and words[k] in _LEAD:
        k += 1
    end = _phrase_end(words, k, hi)
    if end is None:
        return None
    if end < hi:
        if words[end] not in _BOUNDARY:
            return None  # «как вчера сказал Граф»: the phrase goes on, no target of his
        for n in range(end, hi):
            if not clause[n].word:
                continue
            if words[n] in _TAKEN_BACK or nick_at(ctx, clause, words, n) is not None:
                return None  # «как вчера, хотя нет…», «как вчера, то есть Кузю»
    return end


def _phrase_end(words: list[str], k: int, hi: int) -> int | None:
    """The end of the «same as yesterday» phrase opening ``words[k:hi]``, or None."""
    if k >= hi:
        return None
    if words[k] in _ALONE:
        return k + 1
    for phrase in _AS:
        if tuple(words[k:k + len(phrase)]) == phrase and k + len(phrase) <= hi:
            return k + len(phrase)
    if words[k] not in _THAT or k + 1 >= hi or words[k + 1] not in _SAME:
        return None
    n = k + 2
    if n < hi and words[n] in _VERY:
        n += 1
    while n < hi and words[n] in (",", "за", "в", "на", "у", "к", "ко"):
        n += 1
    if n >= hi or words[n] not in _WHICH:
        return None  # «тот же» alone: the move just before, not yesterday's
    n += 1
    while n < hi and words[n] in _WHICH_SKIP:
        n += 1
    if n < hi and words[n] == "вчера":
        return n + 1
    if tuple(words[n:n + 3]) == ("в", "прошлый", "раз"):
        return n + 3
    return None


def yesterday_target(ctx: Ctx, nick: str, action: str) -> NameHit | None:
    """The player ``nick`` made ``action`` on yesterday, as a name hit: his carried-out move
    of that action (``last_targets``), or for the vote his one vote of the day before
    (``state.votes_by_day``). None when unknown, or when yesterday he voted for two."""
    player = ctx.state.players.get(nick)
    if player is None:
        return None
    target = player.last_targets.get(action)
    if target is None and action == "vote":
        voted = ctx.state.votes_by_day.get(ctx.turn.day - 1, {}).get(nick, [])
        target = voted[0] if len(voted) == 1 else None
    if target is None or target not in ctx.state.players:
        return None
    return NameHit(target, (target,), "exact")
