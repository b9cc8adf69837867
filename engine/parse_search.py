"""The fan's search words written before her search word (engine.parse_move): the role
(«Доктора сегодня ищу у X») or the player with «у» («Вот у Лёхи и ищу доктора»).
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_target_types import Targets
from .grammar_tokens import Tok, clause_words
from .names import NameHit, name_index
from .words import role_words, verb_reading
from .parse_types import Ctx, nick_at


#: Words of a search going on from earlier days, between the role and the search word
#: («Доктора всё ещё ищу у X», «Врача по-прежнему ищу»).
_STILL = frozenset({"все", "всё", "еще", "ещё", "по-прежнему", "снова", "опять", "теперь",
                    "дальше"})


def words_before(ctx: Ctx, clause: list[Tok], lo: int, i: int, tg: Targets) -> None:
    """Complete the fan's search targets ``tg`` (read after her search word at ``i``) with
    the role or the player she names right before it, only fillers between."""
    if tg.hits and not tg.roles:
        _role_before(clause, lo, i, tg)
    if tg.hits and not tg.roles:
        _role_heading(clause, i, tg)
    elif not tg.hits and tg.roles and tg.unknown is None:
        _place_before(ctx, clause, lo, i, tg)
    elif not tg.hits and not tg.roles and tg.unknown is None and not tg.pronoun and \
            (r := verb_reading(clause[i].w)) is not None and r[1] == "1per":
        _role_before(clause, lo, i, tg)  # «Доктора ищу по-прежнему, сегодня смотрю X»
        if tg.roles and tg.roles[0] == "fan":  # (her own role: «Фанатка ищет»)
            tg.roles, tg.role_at = [], []
        if tg.roles:
            _place_before(ctx, clause, lo, tg.role_at[0] + 1, tg)


#: Verbs of going on with the search before its infinitive («Доктора продолжаю искать»).
_GO_ON = frozenset({"продолжаю", "продолжу", "продолжим", "продолжаем", "буду", "начинаю",
                    "начну"})


def _role_before(clause: list[Tok], lo: int, i: int, tg: Targets) -> None:
    """The role the fan names right before her search word, only fillers between
    («Доктора сегодня ищу у X»): the role she searches for, put into ``tg``."""
    rw = role_words()
    k = i - 1
    while k >= lo and clause[k].word and (clause[k].w in V.FILLERS or clause[k].w in _GO_ON
                                          or clause[k].w in _STILL):
        k -= 1
    if k >= lo and clause[k].word and clause[k].w in rw:
        tg.roles.append(rw[clause[k].w])
        tg.role_at.append(k)


def _place_before(ctx: Ctx, clause: list[Tok], lo: int, i: int, tg: Targets) -> None:
    """The player the fan names with «у» right before her search word, only fillers between
    («Вот у Лёхи и ищу доктора»): her search's target, put into ``tg``."""
    words = clause_words(clause)
    idx = name_index(ctx.nicks)
    for k in range(max(lo, i - 6), i - 1):
        if words[k] != "у":
            continue
        if words[k + 1] in _HIM and all(clause[m].word and words[m] in V.FILLERS
                                        for m in range(k + 2, i)):
            # «…Лёха что-то знает, вот у него и поищу сыщика»: the one player named before
            from .grammar_refs import antecedent, named_before
            found = antecedent(ctx, clause, lo, k + 1, words[k + 1], ctx.sender.nick) or \
                named_before(ctx, words[k + 1])
            if found is not None and found[0].nick is not None and \
                    len(found[0].candidates) <= 1 and (ctx.last_hit is None or
                                                       ctx.last_hit[0].nick == found[0].nick):
                # (a name that fits two players, or another move's target read before the
                # name: which one? asked)
                tg.hits.append((found[0], k + 1, k + 2))
            return
        hit = idx.exact(words, k + 1, None)
        end = k + 1 + hit.length if hit is not None else -1
        if hit is not None and end <= i and all(
                clause[m].word and words[m] in V.FILLERS for m in range(end, i)):
            tg.hits.append((hit, k + 1, end))
            return


#: «у него», «у неё»: the pronoun of the player the fan searches at.
_HIM = frozenset({"него", "нее", "неё"})


def _role_heading(clause: list[Tok], i: int, tg: Targets) -> None:
    """The role the fan names as a heading between her search word at ``i`` and the player
    («Продолжаю искать врача: сегодня X»), only fillers, «:» or «—» around it: the role she
    searches for, put into ``tg``."""
    rw = role_words()
    first = tg.hits[0][1]
    k = i + 1
    while k < first and (not clause[k].word or clause[k].w in V.FILLERS) and \
            clause[k].w not in (",", "(", ")"):
        k += 1
    if k >= first or not clause[k].word or clause[k].w not in rw:
        return
    rest = range(k + 1, first)
    if any(clause[n].w == ":" or clause[n].w in ("—", "–") for n in rest) and all(
            clause[n].w in (":", "—", "–") or (clause[n].word and clause[n].w in V.FILLERS)
            for n in rest):
        tg.roles.append(rw[clause[k].w])
        tg.role_at.append(k)


#: Words that may close the fan's question about one player after «ли» («…, не Сова ли
#: это», «не Сова ли она»): the player is the one she searches for.
_WHETHER_CLOSE = frozenset({"это", "он", "она", "оно", "тот", "та", "самый", "самая",
                            "случайно", "часом", "вдруг"})


def whether_named(ctx: Ctx, clause: list[Tok], j: int, hi: int) -> tuple[NameHit, int, int] | None:
    """The player the fan asks about in the indirect question right after her search, check or
    look word ending at ``j`` («проверяю, не Сова ли это», «смотрю, не Бука ли он»): ``(hit,
    first token, end)``, or None. Only «, не NAME ли» (the comma may be missing) with at most
    a word of :data:`_WHETHER_CLOSE` after it, then the clause's end, a mark or a bracket: one living
    player (not the fan herself) asked whether he is the role she seeks. «Проверю, не врёт
    ли Бука» asks whether he lies (no player right after «не»): None."""
    comma = int(j < hi and clause[j].w == ",")  # («проверяю не Сова ли это»: no comma typed)
    at = j + comma + 1
    if at + 1 >= hi or clause[at - 1].w != "не" or not clause[at].word:
        return None
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, at)
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick or \
            hit.nick not in ctx.alive:
        return None
    end = at + hit.length
    if end >= hi or words[end] != "ли":
        return None
    k = end + 1
    while k < hi and clause[k].word and words[k] in _WHETHER_CLOSE:
        k += 1
    if k < hi and clause[k].word:
        return None  # «не Сова ли виновата в …»: a longer question, not the search's
    return hit, at, end
