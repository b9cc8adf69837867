"""The words that make a sentence of a letter worth reading (issue 11): every sender's
(:func:`trigger_words`, :func:`trigger_phrases`) and a sender's own by his role
(:func:`sender_triggers`). :mod:`engine.grammar_windows` finds them in a letter.
"""

from __future__ import annotations

import functools

from . import grammar_vocab as V
from .grammar_headers import (
    BOSS_HEADERS, CLAN_GIVERS, CLAN_HEADERS, HOST_HEADS, TARGET_HEADS, TODAY_HEADS,
)
from .grammar_own import GUEST_WORDS, HOSTESS_COME, HOSTESS_TRIGGERS
from .lexicon import lexicon
from .roles import CLAN_ROLES
from .words import plural_third, role_words


@functools.lru_cache(maxsize=1)
def trigger_words() -> frozenset[str]:
    """Words without which a sentence holds no move, flag or correction: keywords, the last
    words of move, skip, cancel and «как вчера» phrases, correction words, role words,
    header words, one-word abstain phrases («воздерживаюсь»). (Keep, later and longer abstain
    phrases only qualify a keyword.) Third-person and plain imperative verbs are the
    sender's triggers only for his own moves (:func:`sender_triggers`)."""
    lex = lexicon()
    out = set(lex.words) - lex.third - lex.imperative
    for phrases in (V.SKIP_PHRASES, V.CANCEL_PHRASES, V.OTHER_DAY_PHRASES, V.ABSTAIN_PHRASES):
        out |= {p[0] for p in phrases if len(p) == 1}
    out |= V.CORRECTION_HEADS | V.CORRECTION_MARKS | {"нет", "тогда", V.AGAINST}
    out |= CLAN_HEADERS | TARGET_HEADS | {"жертва"} | V.WITHDRAW_WORDS | \
        (V.VOTE_ORDINALS - TWO_VOTE_TRIGGERS)
    out |= {w + "-ка" for w in lex.words}
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def trigger_phrases() -> dict[str, list[frozenset[str]]]:
    """Multi-word phrases that make a sentence worth reading (move idioms, skip, cancel and
    «как вчера» phrases), as word sets keyed by their longest word."""
    out: dict[str, list[frozenset[str]]] = {}
    phrases = list(lexicon().phrases) + list(_INSTEAD_PHRASES)
    for table in (V.SKIP_PHRASES, V.CANCEL_PHRASES, V.OTHER_DAY_PHRASES):
        phrases += [p for p in table if len(p) > 1]
    for p in phrases:
        out.setdefault(_longest(p), []).append(frozenset(p))
    return out


#: «Вместо него — Z» names who takes the place of a target taken off the move before
#: («…Волчару отставить. Вместо него — Ванюшу»): read though it holds no move word.
_INSTEAD_PHRASES = (("вместо", "него"), ("вместо", "нее"))


def _longest(phrase: tuple[str, ...]) -> str:
    """The word a phrase is looked for by (its longest, the last of equals)."""
    return max(reversed(phrase), key=len)


#: Ordinals of a two-vote day's second vote that are common words in chatter («другой»):
#: triggers only on such a day (engine.parse).
TWO_VOTE_TRIGGERS = frozenset({"другой", "другое"})


@functools.lru_cache(maxsize=64)
def sender_triggers(role: str, names: frozenset[str]) -> frozenset[str]:
    """Trigger words for a sender of ``role`` besides :func:`trigger_words`: for a boss his
    members' names, role words and third-person verbs («Страж: Индиго», «вор ворует у X»);
    for a swindler the role words of his branches; for anyone his own role's words
    («Врач — Бука»), his own moves in the third person («Шуршик жульничает на X») and in the
    plain imperative («Вылечи Бобра»); for a clan member or boss the clan as a giver («от
    клана»)."""
    rw = role_words()
    lex = lexicon()
    own = {cls for cls, table in V.CLASS_ACTIONS.items() if role in table}
    # «Вылечи Бобра» from the doctor: asked about (engine.parse_judge); anyone else's is talk
    imperative = frozenset(w for w in lex.imperative if lex.words.get(w) in own)
    if role == "boss":
        # («Нинзя, у Фримена сегодня тыришь»: a member's move said to him, in the second
        # person or the imperative, is the boss's order for him)
        return frozenset(names) | frozenset(rw) | frozenset(lex.third) | imperative | \
            _member_imperatives() | BOSS_HEADERS | CLAN_GIVERS | {"нас"}
    third = {w for w in lex.third if lex.words.get(w) in own}  # «Шуршик жульничает на X»
    third |= side_thirds(role)  # «Лосяш стреляет в X»: his hunt (only beside his name)
    if role in CLAN_ROLES:  # «Наши сегодня убирают X»: the clan's kill told by any member
        third |= {w for w in lex.third if lex.words.get(w) == V.KILL and plural_third(w)}
    if role == "swindler":
        return frozenset(rw) | third | imperative | TODAY_HEADS  # «Сегодня — Тихоня»
    # «А от клана — X», «ночью от нас — X» (engine.grammar_headers.from_clan)
    clan = CLAN_GIVERS | {"нас"} if role in CLAN_ROLES else frozenset()
    if role in CLAN_ROLES:
        # «наш Вор пусть обчистит X» from the guard: a member's move only the boss may give,
        # read to be refused
        clan = clan | frozenset(w for w, r in rw.items() if r in _MEMBER_ROLES and r != role)
    home = HOSTESS_TRIGGERS | HOSTESS_COME if role == "hostess" else frozenset()  # «у меня X»
    if role in HOSTS:
        home = home | GUEST_WORDS | HOST_HEADS  # «в моём замке гостит X», «ужин — X»
    return frozenset(w for w, r in rw.items() if r == role) | third | imperative | clan | \
        home | _polite_imperatives()


@functools.lru_cache(maxsize=64)
def side_thirds(role: str) -> frozenset[str]:
    """Third-person verbs of the moves a sender of ``role`` (no boss) makes by his side, not
    by his role: a civilian's hunt («Лосяш стреляет в X»), a clan member's kill («Лиса
    убивает X»). They are common in talk of others («Кузя говорит, что стреляет в X», «кто
    режет лягушек»), so :func:`engine.grammar_windows.reading_windows` reads a sentence for
    them only when it names the sender (his nick, a pet form, his role word)."""
    lex = lexicon()
    mine = {cls for cls, table in V.CLASS_ACTIONS.items() if role in table}
    side = {cls for cls, table in V.CLASS_ACTIONS.items()
            if _SIDE[role in CLAN_ROLES] in table} - mine
    return frozenset(w for w in lex.third if lex.words.get(w) in side and
                     not (role in CLAN_ROLES and lex.words.get(w) == V.KILL and plural_third(w)))


#: The side key of :data:`engine.grammar_vocab.CLASS_ACTIONS` tables a role's moves fall
#: under besides its own id (by whether the role is a clan role): the clan kill of any
#: member, the hunt of any civilian.
_SIDE = {True: "mafia", False: "civil"}


#: The clan roles a boss gives moves for (DECISIONS.md §4 Boss (c)).
_MEMBER_ROLES = frozenset({"thief", "guard"})


@functools.lru_cache(maxsize=1)
def _member_imperatives() -> frozenset[str]:
    """The second-person and imperative forms of the moves a boss gives his members («тыришь»,
    «охраняй»): his order said to the member."""
    lex = lexicon()
    classes = {cls for cls, table in V.CLASS_ACTIONS.items()
               if any(r in table for r in _MEMBER_ROLES)}
    return frozenset(w for w in lex.imperative if lex.words.get(w) in classes)


#: Roles who invite a guest to their place: the hostess and the psycho («Петровича ко мне, на
#: чай»: the invitation in their own words, engine.grammar_own).
HOSTS = frozenset({"hostess", "psycho"})


@functools.lru_cache(maxsize=1)
def _polite_imperatives() -> frozenset[str]:
    """«Проверьте, пожалуйста, X»: the polite imperatives of every move, a request to the
    host that a player whose role has not the move must be told of (engine.parse_judge)."""
    return frozenset(w for w in lexicon().imperative if w.endswith("те"))
