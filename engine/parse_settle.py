"""A name that fits several players, settled by the game (issue 11, engine.parse, from
:mod:`engine.parse_judge`): the readings the rules allow for the move are kept (a living
player, not yesterday's target of a no-repeat move, a guard's clan mate); one left is that
player, else the name stays asked about. Never a guess.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_rules import Actor, repeats_last
from .grammar_tokens import Tok
from .names import NameHit, name_index
from .names_english import translations
from .parse_second import second_opinion
from .parse_types import Ctx
from .translit import cyrillic_reading
from .words import norm


def settled_in_clause(ctx: Ctx, actor: Actor, action: str, hit: NameHit, i: int, j: int,
                      clause: list[Tok] | None, free_next: bool) -> NameHit:
    """:func:`settle` after a second opinion on ``clause[i:j]`` (see
    :func:`engine.parse_second.second_opinion`); a reading the game leaves alone that only
    guesses the player's given name stays asked."""
    hit, guesses = second_opinion(ctx.nicks, clause, hit, i, j, free_next) if clause \
        else (hit, frozenset())
    again = clause is not None and len(hit.candidates) > 1 and \
        any(t.w in _AGAIN for t in clause)  # (a hit of one player is never settled)
    out = settle(ctx, actor, action, hit, again=again)
    if out.nick is not None and out.nick in guesses:
        return NameHit(None, (out.nick,), hit.kind, hit.length)
    return out


def settle(ctx: Ctx, actor: Actor, action: str, hit: NameHit, again: bool = False) -> NameHit:
    """A name that fits several players: keep the readings the game allows for ``action``
    (a living player, not yesterday's target of a no-repeat move, not the inviting player
    himself). One left: that player;
    else the hit stays ambiguous (issue 11: never guess). ``again``: the sentence says the
    move is made again («Зову Серафима снова»): yesterday's target is then the likelier
    reading, not one the rule against repeats rules out."""
    if len(hit.candidates) < 2:
        return hit
    if hit.spelled is not None and hit.spelled not in ctx.alive:
        # «Линч: Кира» with Кира dead and Кир alive: the nick as it is spelled, not Кир's
        # genitive; the rules refuse the dead target and the player is told so
        return NameHit(hit.spelled, (hit.spelled,), hit.kind, hit.length)
    # a pet form or a part of two nicks: that one of them was yesterday's target does not
    # settle it (the player may have forgotten the rule); only death does
    exact = hit.kind in ("exact", "self")
    fit = [c for c in hit.candidates
           if c in ctx.alive and not (exact and not again and
                                       repeats_last(ctx.state, actor, action, c))]
    if len(fit) > 1 and action == "guard" and actor.mafia:
        # the guard protects mafia only (DECISIONS.md §4): of the readings, his clan mate
        mates = [c for c in fit if ctx.state.players[c].clan == actor.clan]
        fit = mates if len(mates) == 1 else fit
    if len(fit) > 1 and action == "invite" and actor.nick in fit and hit.kind != "exact":
        # (not a case form of her own nick, «Приглашаю к себе Кира» from Кира: her signature?)
        fit.remove(actor.nick)  # «зову Наташу» from Наташка: she never invites herself
    if len(fit) > 1 and ctx.sender.nick in fit and hit.kind not in ("exact", "name") and \
            not _word_shared(ctx.sender.nick, fit, hit,
                             name_index(ctx.nicks).given_of.get(ctx.sender.nick, frozenset())) and \
            not _given_shared(ctx, action, fit, hit):
        # a player names himself «себя», «меня», not by a pet form; but a given name he bears
        # too («Саня» from Sasha_M with Sasha.K alive, «Ирину» from Ирина Петровна with
        # Irina_K alive) stays a question
        fit.remove(ctx.sender.nick)
    if len(fit) > 1 and ctx.sender.nick in fit and hit.spelled in fit and hit.kind == "name" and \
            hit.spelled != ctx.sender.nick and action not in _SELF_MOVES:
        # «Убиваем Петю» from Петрович with Петя_интерн alive: the word is the other
        # player's own, as his nick spells it; the sender bears it only as a given name of
        # his (not a case form of his nick: «На линч: Кира» from Кир stays asked)
        fit.remove(ctx.sender.nick)
    if len(fit) > 1 and action == "vote" and ctx.sender.nick in fit and \
            _NOT_SELF.search(ctx.text):
        # «Голосую за Ирину. Не за себя, конечно» from Ирина_К: the sender says his vote is
        # not for himself
        fit.remove(ctx.sender.nick)
    if hit.nick is not None:  # read by its case; another reading only if the game rules it out
        if hit.nick in fit or len(fit) != 1 or fit[0] == ctx.sender.nick:
            # (not the sender himself: «Лечу Киру» from Кир the night after he healed Кира
            # is Кира again, refused by the rule against repeats and the player told so — he
            # names himself «себя», never by his nick's dative; a fresh host's trial)
            return NameHit(hit.nick, (hit.nick,), hit.kind, hit.length)
        return NameHit(fit[0], (fit[0],), hit.kind, hit.length)
    if len(fit) == 1:
        return NameHit(fit[0], (fit[0],), hit.kind, hit.length)
    if fit and len(fit) < len(hit.candidates):
        return NameHit(None, tuple(fit), hit.kind, hit.length)
    return hit


#: Words saying a move is made again (:data:`engine.grammar_vocab.AGAIN`; «again» too, in a
#: letter of mixed scripts).
_AGAIN = V.AGAIN | {"again"}


#: The sender saying his vote is not for himself («не за себя»).
_NOT_SELF = re.compile(r"(?<![а-яё])не\s+за\s+себя(?![а-яё])", re.IGNORECASE)


def _word_shared(own: str, fit: list[str], hit: NameHit, given=frozenset()) -> bool:
    """True when the one written word of ``hit`` may be a whole word that the sender's nick
    ``own`` shares with another reading in ``fit`` («голос за Мастера» from Мастер Дайс with
    Мастер Йода alive; «бью санитара» from Санитар Бобров with Sanitar_Petrovich alive, the
    Latin word read in Cyrillic): the word names him as well as the other, so it stays asked.
    A given name of his (``given``) shared only across scripts is left to :func:`_given_shared`
    («Голос за Марину» from Марина Львовна is Marina_K)."""
    if hit.length != 1:
        return False
    plain, mine = _words_of(own, cross=False), _words_of(own)
    return any(plain & _words_of(c, cross=False) or (mine & _words_of(c)) - given
               for c in fit if c != own)


#: Moves a player often aims at himself (a doctor heals herself, a guard guards himself, a
#: thug beats himself to lie hidden: «бью Колю» from «Коля Бозон» with Колян alive is asked).
_SELF_MOVES = frozenset({"heal", "guard", "beat"})


def _given_shared(ctx: Ctx, action: str, fit: list[str], hit: NameHit) -> bool:
    """True when ``action`` is one of :data:`_SELF_MOVES` and the one written word of ``hit``
    fits the sender and another reading in ``fit`` that bear the same given name, in any
    script («лечу Ирину» from Ирина Петровна with Irina_K alive): it may be either, so it
    stays asked (not a vote or a partner: «напарник — Саша» from Саша is the other)."""
    own = ctx.sender.nick
    if hit.length != 1 or action not in _SELF_MOVES:
        return False
    given = name_index(ctx.nicks).given_of
    mine = given.get(own, frozenset())
    return bool(mine) and any(mine & given.get(c, frozenset()) for c in fit if c != own)


def _words_of(nick: str, cross: bool = True) -> set[str]:
    """The words of ``nick`` of three letters or more (normalised, no digits); with
    ``cross``, a Latin word also as it reads in Cyrillic («Sanitar» as «санитар») and as it
    translates («Maestro» as «маэстро», :func:`engine.names_english.translations`)."""
    out = {norm(w) for w in re.findall(r"[^\W\d_]{3,}", nick)}
    if not cross:
        return out
    return out | {cyrillic_reading(w) for w in out if w.isascii()} | \
        {ru for w in out if w.isascii() for ru in translations(w)[0]}
