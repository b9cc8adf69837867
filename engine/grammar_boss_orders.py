"""A boss's clause of orders for his clan members (issue 11, DECISIONS.md §4 Boss (c)), from
:mod:`engine.grammar_orders`: one clause cut into an order a member («Страж — на мне, Лис —
к Сове», «…, Пьеро и Винни без ходов»), and an order passed on through the host («Передайте
Лису, чтобы обчистил Сову»). Indices are token positions in one clause.
"""

from __future__ import annotations

import functools

from . import grammar_vocab as V
from .grammar_keywords import keyword_at
from .grammar_orders import writes_himself
from .grammar_tokens import Tok, skip_words
from .lexicon import lexicon
from .words import is_known_word, morph


#: Verbs of passing words on to a player («Передайте Лису, чтобы …», «Скажи Стражу, чтоб …»).
_RELAY = frozenset({"передайте", "передай", "скажите", "скажи", "попросите", "попроси",
                    "напишите", "напиши", "сообщите", "сообщи", "шепните", "шепни"})

#: Words a relayed order may hold around its parts.
_RELAY_SKIP = frozenset({"и", "еще", "ещё", "а", "пожалуйста", "также", ",", "—", "-", ":"})
_THAT_SKIP = frozenset({"тоже", "он", "она", "сегодня", "этой", "ночью", "также", "обязательно",
                        "сам", "сама"})


def relayed(clause: list[Tok], names) -> tuple[int, int, str] | None:
    """«Передайте, пожалуйста, Лису, чтобы обчистил Сову», «Скажи Стражу, чтоб охранял
    меня»: the boss's order passed on through the host. Returns (index of the player's name,
    index after the verb, the verb's move class) — ``names(k)`` gives the tokens a nickname
    takes at ``k`` — or None when the clause is no such order."""
    k = skip_words(clause, 0, _RELAY_SKIP)
    if k >= len(clause) or clause[k].w not in _RELAY:
        return None
    k = skip_words(clause, k + 1, _RELAY_SKIP)
    size = names(k) if k < len(clause) else 0
    if not size:
        return None
    n = k + size
    while n < len(clause) and clause[n].w == ",":
        n += 1
    if n >= len(clause) or clause[n].w not in ("чтобы", "чтоб"):
        return None
    n += 1
    while n < len(clause) and clause[n].w in _THAT_SKIP:
        n += 1
    first = n  # «…, чтобы меня охранял»: the target before the verb
    if n + 1 < len(clause) and clause[n].w in ("меня", "себя"):
        n += 1
    if n >= len(clause) or not clause[n].word:
        return None
    cls = _past_move(clause[n].w)
    return (k, n + 1 if first == n else first, cls) if cls else None


@functools.lru_cache(maxsize=1024)
def _past_move(w: str) -> str | None:
    """The move class of a past-tense verb by its infinitive («охранял» → guard)."""
    if not is_known_word(w):
        return None
    p = morph().parse(w)[0]
    if p.tag.POS != "VERB" or "past" not in p.tag:
        return None
    return lexicon().words.get(p.normal_form.replace("ё", "е"))


#: What may follow a member's name to open his own order after a comma («, Лис — …», «, Лис:
#: …», «, Лис у Совы», «, Страж на мне»).
_ORDER_HEADS = frozenset({"—", ":", "→", "у", "к", "ко", "на", "при"})


def split_orders(clause: list[Tok], members) -> list[list[Tok]]:
    """A boss's clause cut before each «, <member> —», «, <member>:», «, <member> у/к/на/при
    …», «, <member> без ходов» (also after «, а», «, и») and before the boss's own «, а я
    <move>»: «Страж — на мне, Лис — к Сове» holds two orders; a member may be named by his
    role («, охрана на Лосе»); also before «— <member>, если сам напишешь, …» (what he
    should write himself, :func:`engine.grammar_orders.writes_himself`). ``members(k)`` gives the tokens the name of a living member of
    the boss's clan takes at ``k`` (0 for none)."""
    cuts = []  # (end of the order before, start of the next)
    for k in range(len(clause) - 2):
        if clause[k].w == "—" and k and (size := members(k + 1)) and \
                writes_himself(clause, k + 1 + size):
            cuts.append((k, k + 1))  # «Лис грабит X — Лис, если сам напишешь, пиши …»
            continue
        if clause[k].w != ",":
            continue
        n = k + 2 if clause[k + 1].w in ("а", "и") else k + 1  # «…, а Страж при мне»
        if n < len(clause) and clause[n].word and (_heads_order(clause, n, members) or
                                                   own_move_at(clause, n) or
                                                   _for_member(clause, n, members)):
            cuts.append((k, n))
    if not cuts:
        return [clause]
    out, lo = [], 0
    for end, c in cuts:
        out.append(clause[lo:end])
        lo = c
    out.append(clause[lo:])
    return [part for part in out if part]


#: Words of the boss himself before his own move («я чекаю юляшу», «а я сама загляну к X»).
_ME = frozenset({"я", "мы", "сам"})
#: Words that may stand between the boss's «я» and his own move word («а я сама тихонько
#: загляну к X», «а я лично проверю Y»).
_ME_THEN = frozenset({"сам", "сама", "лично", "тихонько", "тихо", "сегодня", "ночью", "же",
                      "пожалуй", "уж", "тогда", "просто"})


def own_move_at(clause: list[Tok], k: int, *, bare: bool = False) -> bool:
    """True when the boss's own move starts at ``k`` (the order of a member before it ends
    there): «я» («мы», «сам»; «сама», «лично», «тихонько» … may follow) and a move word said
    in the first person, not of another (no third person, no imperative): «…, а я сама
    загляну к Остапу», «…, я проверяю X», «я чекаю юляшу».

    With ``bare`` (a run-on line, where no comma marks the cut) also a move word alone in
    the first person («валим»), the clan's move said of the clan («клан идёт к маэстро»,
    «семья валит X») and the vote («голос дурден»). Never raises (``k`` inside ``clause``).
    """
    lex = lexicon()
    j = k
    if clause[j].w in _ME:
        j = skip_words(clause, j + 1, _ME_THEN)
        if j < len(clause) and clause[j].word and keyword_at(clause, j) is not None and \
                clause[j].w not in lex.third and clause[j].w not in lex.imperative:
            return True
    if not bare:
        return False
    if clause[k].w in V.CLAN_SUBJECTS and k + 1 < len(clause) and \
            keyword_at(clause, k + 1) is not None:
        return True
    kw = keyword_at(clause, k)
    return kw is not None and (kw.cls == V.VOTE or clause[k].w in lex.first)


def _heads_order(clause: list[Tok], k: int, members) -> bool:
    size = members(k)
    n = k + size
    if size and n + 1 < len(clause) and clause[n].w in ("и", ",") and members(n + 1):
        n += 1 + members(n + 1)  # «…, Ежевика и Смит — ходов нет»: two members, one order
    return bool(size) and n < len(clause) and (
        clause[n].w in _ORDER_HEADS or clause[n].w in lexicon().third or
        (clause[n].w == "без" and n + 1 < len(clause) and clause[n + 1].w in _MOVES))


def _for_member(clause: list[Tok], k: int, members) -> bool:
    """«…, а за Кота охрана — меня», «…, за Кота: ворует у Совы»: the boss's move for a
    member opened by «за» and the member's name, then a heading mark or a role move word
    (not a vote: «…, а за Кота голосую» is a vote for him)."""
    if clause[k].w != "за" or k + 1 >= len(clause) or not (size := members(k + 1)):
        return False
    n = k + 1 + size
    if n >= len(clause):
        return False
    if clause[n].w in (":", "—", "→"):
        return True
    kw = keyword_at(clause, n)
    return kw is not None and kw.cls != V.VOTE


#: «…, Пьеро и Винни без ходов»: members left with no move.
_MOVES = frozenset({"ходов", "хода", "ход"})
