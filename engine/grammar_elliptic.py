"""A boss's order for a clan member with no verb of its own (issue 11): «Старик у Ромашки»,
«Страж при мне», «Лис на Сову», «Лис идёт к Сове и выносит всё» (engine.parse_forms)."""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_keywords import keyword_at
from .grammar_orders import POSTURE
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .parse_types import DEFAULT_CLASS
from .words import is_known_word, morph, past_tense, role_words


#: The move word of a role whose order may be elliptic, and what it may take after it.
_ROLE_CLASS = DEFAULT_CLASS
_ALL_OF_IT = frozenset({"все", "всё", "его", "ее", "её", "их"})

_ELLIPTIC_PREPS = {"thief": frozenset({"у", "к", "ко", "на"}), "guard": frozenset({"при", "на"}),
                   "maniac": frozenset({"к", "ко"})}  # «сегодня к Марине», «иду к сове»


#: Words between a guard's name and the preposition of his move: standing by, «сам».
_GUARD_SKIP = POSTURE | {"сам", "ты", "он"}

#: Verbs of going between a thief's name and the preposition of his move («Лис пусть идёт к
#: Сове», «Лис сегодня заглянет к Сове»); not «ходит» (a habit: talk).
_THIEF_SKIP = frozenset({"идет", "пойдет", "сходит", "зайдет", "заглянет", "идти", "пойти",
                         "сходить", "зайти", "заглянуть", "иди", "сходи", "зайди", "загляни",
                         "наведается", "наведаться", "наведайся", "сам", "ты", "он", "она"})


#: Words of what the thief takes from the place named before («… и выгребает у неё весь
#: мешок», «… и обносит его хату»): whose it is, how much of it.
_HIS_THINGS = _ALL_OF_IT | frozenset({"у", "него", "неё", "нее", "них", "весь", "всю", "вся",
                                      "всех", "свой", "свою", "свои"})


def _things_taken(ctx, clause: list[Tok], k: int) -> int:
    """The index after up to three words from token ``k`` that name what a thief takes at
    the place already named: «его», «у неё», «весь», and dictionary nouns that are no
    player's name or role («мешок», «хату», «карманы»). ``k`` when there is none."""
    from .parse_types import nick_at

    n = k
    while n < len(clause) and n - k < 3 and clause[n].word:
        w = clause[n].w
        if w not in _HIS_THINGS and not (
                is_known_word(w) and w not in role_words() and
                morph().parse(w)[0].tag.POS == "NOUN" and
                nick_at(ctx, clause, clause_words(clause), n) is None):
            break
        n += 1
    return n


#: Past forms that tell what is there now, not a story («там ещё осталось что вынести»).
_STILL_LEFT = frozenset({"осталось", "остался", "осталась", "остались"})


def elliptic(ctx, clause: list[Tok], k: int, role: str) -> bool:
    """True when a member's name (ending at token ``k``) is followed by a preposition of his
    role's move and a name or «мне»/«меня», and the clause holds nothing else but fillers:
    «Старик у Ромашки», «Страж при мне» is the boss's order without a verb. ``ctx`` gives
    ``nicks``."""
    preps = _ELLIPTIC_PREPS.get(role)
    if not preps:
        return False
    while k < len(clause) and clause[k].word and (clause[k].w in V.SUBJECT_SKIP or
                                                  clause[k].w in V.SENDING or (
            role == "guard" and clause[k].w in _GUARD_SKIP) or (
            role in ("thief", "maniac") and clause[k].w in _THIEF_SKIP)) and \
            clause[k].w not in preps:
        if clause[k].w in POSTURE:
            preps = preps | {"у"}  # «Витязь стоит у Щипача»
        k += 1  # «Бастион (стоит) на мне», «Бастион сам на себе»
    if k + 1 >= len(clause) or clause[k].w not in preps or not clause[k + 1].word:
        return False
    w = clause[k + 1].w
    if role in ("thief", "maniac") and w in ("мне", "меня"):
        return False  # («Лис на меня …»: no theft from the boss)
    if w in ("мне", "меня") or (role == "guard" and w in ("себе", "себя")):
        end = k + 2
    else:
        from .parse_types import nick_at  # «Лиса у Совы ворует» (sova_2001): a reading too

        hit = nick_at(ctx, clause, clause_words(clause), k + 1)
        if hit is None:
            return False
        end = k + 1 + hit.length
    if end < len(clause) and clause[end].word and clause[end].w in lexicon().words:
        end += 1  # «Лис у Совы ворует»: his move word after the place
    elif end + 1 < len(clause) and clause[end].w == "и":
        kw = keyword_at(clause, end + 1)
        if kw is not None and kw.cls == _ROLE_CLASS.get(role):
            end = kw.j  # «Лис идёт к Сове и выносит всё(, что найдёт)», «… и обчищает её»
            if end < len(clause) and clause[end].w in _ALL_OF_IT:
                end += 1
            end = _things_taken(ctx, clause, end)  # «… и выгребает весь мешок»
    stop = next((n for n in range(end, len(clause)) if clause[n].w in (",", "(", "—")),
                len(clause))  # «Норд у Ромашки, так надёжнее»: a remark after the comma
    if stop < len(clause) and clause[stop].w != "—" and any(
            t.word and t.w not in _STILL_LEFT and (t.w in V.PAST_WORDS or past_tense(t.w))
            for t in clause[stop:]) and not _today_apart(ctx, clause, k, stop):
        return False  # «Ласка у Кузи, кстати, вчера была»: a story
    return all(not t.word or t.w in V.FILLERS for t in clause[end:stop])


#: Words that set the order before a comma in today («Лис у Щукаря сегодня, …»).
_TODAY = frozenset({"сегодня", "теперь", "нынче"})


def _today_apart(ctx, clause: list[Tok], k: int, stop: int) -> bool:
    """True when a past remark after the comma at ``stop`` is of another night than the
    order before it (the preposition at ``k``): the order says «сегодня», or the remark
    names a place of its own, «у/к» and another player («Лис у Щукаря, вчера был у Уточки»):
    the order stands, the remark tells of yesterday."""
    from .parse_types import nick_at

    if any(t.w in _TODAY for t in clause[k:stop]):
        return True
    words = clause_words(clause)
    target = nick_at(ctx, clause, words, k + 1)
    for n in range(stop + 1, len(clause) - 1):
        if clause[n].w in ("у", "к", "ко") and clause[n + 1].word:
            hit = nick_at(ctx, clause, words, n + 1)
            if hit is not None and target is not None and hit.nick != target.nick:
                return True
    return False
