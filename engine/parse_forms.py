"""A letter form of its own (engine.parse): a boss moving for a clan member («за вора:
ворую у X», «Лис ворует у Зои»). The swindler's branches are in :mod:`engine.parse_branches`.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_rules import Actor, actor_of, problem
from .grammar_keywords import find_keywords, keyword_at
from .grammar_quotes import in_reported_quote
from .grammar_elliptic import elliptic
from .grammar_members import compound_head, fits, loose_member
from .grammar_orders import (
    named_back,
    POSTURE, assignment, for_you, silence_header, handed_over, past_remark, stand_in_remark, new_role_remark, writes_himself, name_sizes, on_his_own, silence_remark,
)
from .grammar_boss_orders import relayed
from .grammar_tokens import Tok, span, clause_words
from .lexicon import lexicon
from .model import Problem
from .names import NameHit, name_index
from .grammar_plans import IF_WORDS
from .words import is_infinitive, may_be_name, morph, past_tense, role_words
from .parse_types import (
    Ctx, DEFAULT_CLASS, Item, MEMBER_ROLES, member_at, nick_at,
)


def _tally_line(clause: list[Tok], end: int) -> bool:
    """True when a number follows the member named (and a dash or a colon) and ends the
    clause or opens a bracket: «Zorro — 3 (Белочка, Совёнок)», a tally of the thread's
    votes on him, no order for him."""
    k = end
    while k < len(clause) and clause[k].w in ("—", "–", "-", ":"):
        k += 1
    return k > end and k < len(clause) and clause[k].w.isdigit() and (
        k + 1 == len(clause) or clause[k + 1].w == "(")


def member_prefix(ctx: Ctx, clause: list[Tok], pending: Actor | None, items: list[Item]):
    """For a boss: «за вора: …», «вор ворует у X», «За Ягуарчика —» (then the next clause).

    Returns ``(member actor | None | False, first token of the move, pending member)``;
    ``False`` means the clause is used up (a refusal or a bare «за вора:» header).
    """
    sender = ctx.sender
    if sender.role != "boss":
        return None, 0, None
    words = [t for t in clause if t.word]
    if not words:
        return pending, 0, None
    called, ctx.called = ctx.called, None
    if (mate := _called_alone(ctx, clause)) is not None:
        ctx.called = (mate, clause[-1].end + 1)
        return False, 0, None  # «Ловкач!»: his order follows in the next sentence
    if called is not None and pending is None and \
            not ctx.text[called[1]:clause[0].start].strip() and \
            (at := _imperative_first(ctx, clause)) is not None and \
            member_ref(ctx, clause, 0) is None:
        return called[0], at, None  # «Ловкач! Сегодня ступай к X»: the order to him
    relay = relayed(clause, name_sizes(name_index(ctx.nicks), clause)) \
        if clause[0].w in _RELAY_FIRST else None
    if relay is not None:
        return _relayed_member(ctx, clause, relay, items)
    k = _za_prefix(clause)
    while k and k < len(clause) and (clause[k].w in _ADDRESS_WORDS or clause[k].w in _PLAYER_WORDS):
        k += 1  # «За участника Lex.Dura (…): …», «За нашего Лиса: …»
    lead = None  # the move's first token after «Если Лис не пришлёт свой ход — …»
    if k == 0:
        if [t.w for t in clause[:3]] == ["на", "всякий", "случай"]:
            k = 3  # «На всякий случай: Лис, …»
        k = clan_head(clause) or k  # «По клану: Лис сегодня идёт к Сове …»
        head = silence_header(clause, name_sizes(name_index(ctx.nicks), clause))
        if head and clause[0].w in ("если", "ежели", "коли") and \
                not writes_himself(clause, 0) and member_ref(ctx, clause, 1, head) is not None:
            head = None  # «Если Торос не напишет, он …»: a member named in a short form, read below
        k = head or k
        # («На случай, если наши ребята проспят: Лис …»)
        while k < len(clause) and (clause[k].w in _ADDRESS_WORDS or clause[k].w == "," or
                                   clause[k].w in _ORDER_VERBS or (k and clause[k].w == ":")):
            k += 1  # «Нашего уважаемого Ласку прошу …», «Поручаю Ласке …», «Ладно, Норд …»
        k = k if k < len(clause) and clause[k].word else 0
        own = _past_own(ctx, clause, k)
        if own != k:
            while own < len(clause) and clause[own].w in ("а", "но", "и", "ну"):
                own += 1  # «Мастер пусть сам решает, а Клюшку беру на себя: …»
        k = own
        if k >= len(clause):
            return False, 0, None
        if clause[k].w in ("если", "ежели", "коли") and k + 1 < len(clause):
            lead = silence_remark(clause, k, name_sizes(name_index(ctx.nicks), clause), True)
            k = k + 1 if lead is not None else k
    if k < len(clause) and in_reported_quote(ctx.text, clause[k].start):
        return None, 0, None  # «Барон расписал: «Кот — маф»»: his words, no order to Кот
    ref = member_ref(ctx, clause, k, lead)
    if ref is None and lead is None and _unknown_addressee(ctx, clause, k):
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "unknown_name", "unknown_name",
            word=clause[k].text)))  # «Яночка — охраняй Зою»: an order to somebody unknown
        return False, 0, None
    if ref is None:
        if pending is not None and find_keywords(clause, set(), name_index(ctx.nicks)):
            return pending, named_back(clause, 0), None
        return None, 0, None
    member, end = ref
    if not isinstance(member, Problem) and _left_empty(clause, end):
        return False, 0, None  # «Индеец: —», «Индеец — —»: no move for him, no pending order
    if _tally_line(clause, end):
        return False, 0, None  # «Zorro — 3 (Белочка, Сова, Лис)»: the thread's count of votes
    if isinstance(member, Problem):
        if member.reason == "no_such_member" and _role_changed(clause, end):
            return False, 0, None  # «Актёр у нас теперь вор (…)»: the role he holds now, told
        if member.reason not in ("no_such_member", "target_dead") or \
                _names_anybody(ctx, clause, end):
            items.append(Item(clause[0].start, problem=member))
        # («Охрана — нет», «охраны у нас больше нет»: no order for the dead member, no question)
        return False, 0, None
    if on_his_own(clause, end) is not None:
        return False, 0, None  # «Кот — сам разберётся»: no order for him
    if _mates_left(ctx, clause, end, member):
        return False, 0, None  # «За Кота и Лиса ничего не пишу, они сами»: no order for either
    if writes_himself(clause, end):
        return False, 0, None  # «Лис, если сам напишешь — пиши …»: what to write, no order
    names = name_sizes(name_index(ctx.nicks), clause)
    given = assignment(clause, end, names)
    if given is not None:
        if not names(given) and nick_at(ctx, clause, clause_words(clause), given) is None:
            # «Лис, за тобой Вениамин» with no such player: ask
            items.append(Item(clause[0].start, problem=problem(
                span(ctx.text, clause, 0, len(clause)), "unknown_name", "unknown_name",
                word=clause[given].text)))
            return False, 0, None
        return member, given, None  # «Лис, за тобой Сова — обчисти её»
    end = lead if lead is not None else _after_remark(clause, end)
    end = for_you(clause, _after_silence(ctx, clause, end), DEFAULT_CLASS.get(member.role))
    if member.role == "guard":
        n = end
        while n < len(clause) and (not clause[n].word or clause[n].w in V.SUBJECT_SKIP or
                                   clause[n].w in POSTURE):
            n += 1
        if any(clause[m].w in POSTURE for m in range(end, n)):
            end = n  # «Бастион — пусть стоит на мне»: the place is his guard
    end = named_back(clause, end)
    rest = [t for t in clause[end:] if t.word]
    if not rest:
        return False, 0, member
    return member, end, None


_DASHES = frozenset({"—", "–", "-"})

#: Words between a role word and the role its holder has now («Актёр у нас теперь вор»).
_NOW_ROLE = frozenset({"у", "нас", "теперь", "сейчас", "уже", "стал", "стала", "—", "-", ","})


def _role_changed(clause: list[Tok], end: int) -> bool:
    """True when the role word ending at ``end`` is followed by «(у нас) теперь» and another
    role word («Актёр у нас теперь вор»): the member took a dead member's role, a report."""
    k, now = end, False
    while k < len(clause) and clause[k].w in _NOW_ROLE:
        now = now or clause[k].w in ("теперь", "сейчас", "стал", "стала")
        k += 1
    return now and k < len(clause) and clause[k].w in role_words()


def _left_empty(clause: list[Tok], end: int) -> bool:
    """True when nothing but marks follows a member's name or role word and they fill his
    slot with a dash: «Индеец: —», «Индеец — —» (a heading and its empty value)."""
    rest = clause[end:]
    if not rest or any(t.word for t in rest):
        return False
    dashes = sum(t.w in _DASHES for t in rest)
    return dashes >= 2 or (dashes == 1 and any(t.w == ":" for t in rest))


def _bracket_name(ctx: Ctx, clause: list[Tok], k: int, holder: str) -> str | None:
    """Another player than ``holder`` (the member who holds the role) named in brackets
    right at ``k`` after a member's role word («вор (Shadow)» with Dr.Who the thief now): by a
    nickname form, or a capitalised part or pet form of one nickname that is no form of the
    holder's, of a member of the sender's clan, living or dead. None when no bracket stands
    there or it names the holder, a player of no clan of his, or nobody."""
    if k >= len(clause) or clause[k].w != "(":
        return None
    words = clause_words(clause)
    idx = name_index(ctx.nicks)
    for m in range(k + 1, min(len(clause), k + 6)):
        if clause[m].w == ")":
            return None
        hit = nick_at(ctx, clause, words, m) if clause[m].word else None
        if hit is None and clause[m].word and clause[m].cap and len(words[m]) >= 3:
            if fits(words[m], holder, ctx.nicks):
                return None
            hit = idx.approximate(words[m])
            hit = hit if hit is not None and hit.kind != "fuzzy" else None
        if hit is not None:
            names = (hit.nick,) if hit.nick else hit.candidates
            other = names[0] if len(names) == 1 and names[0] != holder else None
            # (only a member of his clan, living or dead: another player's name there is a
            # form the index misread — «Охранник (Серж)» is no order to the psycho Сергеич)
            return other if other and ctx.state.players[other].clan == ctx.sender.clan else None
    return None


def _names_anybody(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when ``clause[k:]`` names a player: a nickname, the sender («меня», «на мне»,
    «себя») or a pronoun for a player named elsewhere («его»). A boss's order for a member
    role nobody of his clan holds any more is asked about only then: «Охрана — Сова» with the
    guard dead is refused, «Охрана — нет» is no order at all."""
    words = clause_words(clause)
    sizes = name_sizes(name_index(ctx.nicks), clause)
    return any(t.word and (sizes(m) or nick_at(ctx, clause, words, m) is not None or
                           t.w in V.SENDER_WORDS or t.w in V.SELF_WORDS or t.w in V.PRONOUNS or
                           t.w in V.SENDER_AFTER)
               for m, t in enumerate(clause[k:], k))


#: First words of a relayed order (:func:`engine.grammar_boss_orders.relayed`).
_RELAY_FIRST = frozenset({"передайте", "передай", "скажите", "скажи", "попросите", "попроси",
                          "напишите", "напиши", "сообщите", "сообщи", "шепните", "шепни", "и",
                          "еще", "ещё", "а", "—", ","})


def _relayed_member(ctx: Ctx, clause: list[Tok], relay: tuple[int, int, str],
                    items: list[Item]):
    """«Передайте Лису, чтобы обчистил Сову» (see :func:`member_prefix`): a living member of
    the boss's clan whose role's move the verb names gets the order, read from after the
    verb; anybody else is asked about (``not_clan_member``)."""
    k, start, cls = relay
    hit = name_index(ctx.nicks).exact(clause_words(clause), k, None)
    p = ctx.state.players.get(hit.nick) if hit is not None and hit.nick else None
    if p is not None and p.clan == ctx.sender.clan and p.alive and p.nick != ctx.sender.nick \
            and DEFAULT_CLASS.get(p.role) == cls:
        return actor_of(ctx.state, p.nick), start, None
    items.append(Item(clause[0].start, problem=problem(
        span(ctx.text, clause, 0, len(clause)), "not_allowed", "not_clan_member")))
    return False, 0, None


#: Words before «за» / «для» and a member's name («Ход за Лиса:», «Распоряжение для Лиса:»).
_ORDER_WORDS = frozenset({"ход", "распоряжение", "приказ", "поручение", "указание"})


#: Courtesy and discourse words before a member's name in a boss's order («Нашего уважаемого
#: Лиса прошу …», «Ладно, Норд у Ромашки»).
_ADDRESS_WORDS = frozenset({"ладно", "итак", "короче", "значит", "тогда", "так","нашего", "нашему", "нашей", "наша", "наш", "уважаемого",
                            "уважаемому", "уважаемый", "уважаемая", "уважаемой", "дорогого",
                            "дорогому", "дорогой", "дорогая", "любезного", "любезному",
                            "господина", "господину", "господин", "госпожа", "госпоже"})

#: Words for a player before his name in a formal boss's order («За участника Lex.Dura: …»).
_PLAYER_WORDS = frozenset({"участника", "участницы", "игрока", "товарища",
                           "коллеги"})

#: Verbs of ordering between a member's name and his move («Лисе поручаю обчистить X»).
_ORDER_VERBS = frozenset({"прошу", "попрошу", "поручаю", "приказываю", "велю", "поручим",
                          "поручаем", "просим", "поставить", "поставь"}) | V.SENDING


def _za_prefix(clause: list[Tok]) -> int:
    """Tokens of «за», «для», «ход за», «распоряжение для» … before a member's name (0 when
    the clause has none)."""
    k = 0
    while k + 2 < len(clause) and k < 3 and (clause[k].w in _CORRECTION_OPENERS or
                                            (k and clause[k].w == ":")):
        k += 1  # («Поправка: я за Лиса …»)
    if k + 2 < len(clause) and clause[k].w == "я" and clause[k + 1].w == "за" and \
            not any(lexicon().words.get(t.w) == V.VOTE for t in clause[k + 2:]):
        n = _za_prefix(clause[k + 1:])  # «я за Лиса ворую у X»: the boss moving for him, as «за Лиса …»
        return k + 1 + n if n else 0
    k = 0
    if len(clause) > 3 and clause[0].word and clause[0].cap and clause[1].w == "," and \
            clause[2].w in _HEARKEN:
        k = 2  # «Ромашка, слушай: за Ромашку — …»: the one spoken to, then «слушай»
    while k < len(clause) and k < 5 and (clause[k].w in _ZA_OPENERS or clause[k].w in _HEARKEN
                                         or (k and clause[k].w == ":")):
        k += 1  # «А за Лиса: …», «Так что теперь за Лиса (…): …», «Слушай: за Лиса — …»
    k = k + 1 if k < len(clause) and clause[k].word and clause[k].w in _ORDER_WORDS else k
    if k < len(clause) and clause[k].word and clause[k].w in ("за", "для"):
        mark = next((n for n in range(k + 1, min(len(clause), k + 24))
                     if clause[n].w in (":", "—")), None)
        if k and (mark is None or any(lexicon().words.get(t.w) == V.VOTE
                                      for t in clause[k + 1:mark])):
            return 0  # «Сегодня за Маску голосую(: …)»: the vote, no order heading
        return k + 1
    return 0


#: A correction's heading before «я за <member> …» («Поправка: я за Лиса ворую у X»).
_CORRECTION_OPENERS = frozenset({"поправка", "уточнение", "upd", "апд", "исправление", "итак"})

#: Discourse words before «за <member>» («А за Лиса: …», «Так что теперь за Лиса: …»,
#: «Поэтому за Лиса: …»).
_ZA_OPENERS = frozenset({"а", "и", "ну", "так", "что", "теперь", "тогда", "значит", "итак",
                         "сегодня", "ещё", "еще", ",", "поэтому", "вот", "также", "далее",
                         "дальше", "затем"})

#: Words that call for attention before the order («Слушай: за Лиса — …», «Короче, за Лиса …»).
_HEARKEN = frozenset({"слушай", "слушайте", "смотри", "смотрите", "короче", "внимание", "кстати"})


def _past_own(ctx: Ctx, clause: list[Tok], k: int) -> int:
    """«Кот сам, Бастион на мне»: a member left to move himself opens the clause; the index
    of what follows that part (``k`` when there is none, ``len(clause)`` when nothing
    follows)."""
    hit = nick_at(ctx, clause, clause_words(clause), k) or member_at(ctx, clause, k) or \
        _two_letter_member(ctx, clause, k)
    if hit is None:
        return k
    own = on_his_own(clause, k + hit.length)
    return k if own is None else own


def _after_silence(ctx: Ctx, clause: list[Tok], end: int) -> int:
    """After a member's name and an order verb, skip a remark that he sends nothing
    («Лису, если он опять промолчит, поручаю …», «Лис: если проспит, пусть …»,
    «Кот отдал ход мне: обносит X»): the boss's order is used only then anyway (DECISIONS.md
    §4 Boss (c)). Returns the first token of the move."""
    k = end
    while k < len(clause) and clause[k].word and clause[k].w in _ORDER_VERBS:
        k += 1
    told = _told_order(clause, k) if k == end else k
    if told != k:
        return told  # «Солнышку сказала грабить X»: the move starts after the boss's verb
    after = silence_remark(clause, k, name_sizes(name_index(ctx.nicks), clause))
    if after is None:
        after = handed_over(clause, k)
    return end if after is None else after


#: The boss's own past order to a member, told to the host («Солнышку сказала грабить X»).
_TOLD_ORDER = frozenset({"сказал", "сказала", "велел", "велела", "поручил", "поручила",
                         "приказал", "приказала", "попросил", "попросила", "просил",
                         "просила", "наказал", "наказала", "дал", "дала"})


def _told_order(clause: list[Tok], k: int) -> int:
    """«Солнышку (я) сказала грабить X», «Лису велел: обчисти Сову»: after a member's name the
    boss tells the host the order she gave him (a past verb of ordering, said by herself —
    no other subject between); the index of the order's first token after the verb, ``k``
    when there is no such verb or no infinitive or «:» / «—» follows it."""
    n = k + 1 if k < len(clause) and clause[k].w == "я" else k
    if n >= len(clause) or clause[n].w not in _TOLD_ORDER:
        return k
    if clause[n].w in ("дал", "дала"):
        if n + 1 >= len(clause) or clause[n + 1].w not in ("задание", "приказ", "указание"):
            return k  # («Лису дала задание: …»)
        n += 1
    n += 1
    if n < len(clause) and clause[n].w in (":", "—"):
        return n + 1
    if n < len(clause) and clause[n].word and is_infinitive(clause[n].w):
        return n
    return k


def told_order_before(clause: list[Tok], start: int) -> bool:
    """True when a boss's verb of her past order to a member (:func:`_told_order`) ends just
    before ``start``: the member's move that follows is her own order, not reported speech."""
    k = start - 1
    if k >= 0 and clause[k].w in (":", "—"):
        k -= 1
    if k >= 0 and clause[k].w in ("задание", "приказ", "указание"):
        k -= 1
    return k >= 0 and clause[k].w in _TOLD_ORDER


#: A boss's «(ничего) не пишу», «не даю» after members named: no order from him for them.
_NO_ORDER_VERBS = frozenset({"пишу", "даю", "указываю", "распоряжаюсь", "отправляю", "шлю",
                             "присылаю", "отвечаю", "решаю", "прошу", "приказываю", "пишем"})
#: Words that may stand beside «не пишу» in such a remark («за них пока ничего не пишу»).
_NO_ORDER_FILL = frozenset({"не", "ничего", "пока", "сегодня", "тут", "здесь", "им", "за",
                            "них", "уже", "я", "ходов", "ход", "хода"})
#: Words after «не пишу» that leave the members to move on their own («…, они сами так решат»).
_ON_THEIR_OWN = frozenset({"они", "сами", "сам", "сама", "и", "так", "ходят", "пишут", "напишут",
                           "решат"})


def _mates_left(ctx: Ctx, clause: list[Tok], end: int, member) -> bool:
    """True when the member named before ``end`` is followed by more of the sender's clan
    mates («За Кота и Лиса», «Кот, Лис и Бобр») and then only a remark that the boss gives
    them no order: «ничего не пишу», «(они) сами», «ходят сами». The later names are the
    list's, not the first member's target."""
    k, listed = end, False
    while k + 1 < len(clause) and clause[k].w in ("и", ","):
        ref = member_ref(ctx, clause, k + 1)
        if ref is None or isinstance(ref[0], Problem) or ref[0].nick == member.nick:
            break
        k, listed = ref[1], True
    if not listed:
        return False
    while k < len(clause) and clause[k].w in ("—", "–", "-", ":"):
        k += 1
    if k < len(clause) and on_his_own(clause, k) == len(clause):
        return True  # «Кот и Лис — сами», «…, Лёха и Кувалда сами»
    words = [t.w for t in clause[k:] if t.word]
    n = next((i for i, w in enumerate(words) if w not in _NO_ORDER_FILL), len(words))
    if "не" not in words[:n] or n >= len(words) or words[n] not in _NO_ORDER_VERBS:
        return False
    rest = [w for w in words[n + 1:] if w not in _ON_THEIR_OWN]
    return not rest  # («…не пишу, они сами»; a name after it is an order)


#: The boss's words that he writes the member's move himself («За Лиса сам пишу», «за
#: Петельку хожу сама», «за Кота тоже я»), after the member's name.
_I_WRITE = frozenset({"я", "сам", "сама", "тоже", "пишу", "хожу", "делаю", "отправляю", "шлю",
                      "даю", "отписываю", "решаю"})
_I_WRITE_VERBS = frozenset({"пишу", "хожу", "делаю", "отправляю", "шлю", "даю", "отписываю",
                            "решаю"})


def _after_remark(clause: list[Tok], end: int) -> int:
    """«За Лиса, если он сам не напишет: кража у X»: a remark between commas after the
    member's name, closed by a colon or a dash, is skipped; the move starts after it. So is
    the boss's word that he writes it himself, a remark perhaps after it («За Боцмана сам
    пишу, он на палубе: крадёт у X», «За Петельку хожу сама, если она не успеет: …»)."""
    n = end
    while n < len(clause) and clause[n].word and clause[n].w in _I_WRITE:
        n += 1
    if n > end and any(t.w in _I_WRITE_VERBS for t in clause[end:n]) and n < len(clause):
        if clause[n].w in (":", "—"):
            return n + 1
        if clause[n].w == ",":
            end = n
    if end >= len(clause) or clause[end].w not in (",", "(") or _vocative(clause, end):
        return end  # «Лис, обчисти Сову — …»: the order follows the comma
    if clause[end].w == "," and (after := silence_remark(clause, end + 1)) is not None:
        # «Торос, если не напишет сам, охраняет Песца: его грызут»: the remark closes at its
        # own mark, the move follows it (a colon after the move opens its reason)
        return after
    for k in range(end + 1, len(clause)):
        if clause[k].w in (":", "—"):
            return k + 1
    return end


def member_ref(ctx: Ctx, clause: list[Tok], k: int, lead: int | None = None):
    """The clan member named at token ``k`` (by role word or nickname) → (Actor|Problem, end).

    ``lead``: the member is named inside a remark that he sends nothing, and his move starts
    at ``lead`` («Если Лис не пришлёт свой ход — пусть ворует у X»)."""
    if k >= len(clause) or not clause[k].word:
        return None
    w = clause[k].w
    role = role_words().get(w)
    text = span(ctx.text, clause, 0, len(clause))
    if role in MEMBER_ROLES:
        for nick, p in ctx.state.players.items():
            if p.clan == ctx.sender.clan and p.role == role and p.alive:
                other = _bracket_name(ctx, clause, k + 1, nick)
                if other is not None:
                    # «вор (Shadow) — Саня» with Shadow dead and Dr.Who the thief now: which?
                    return problem(text, "ambiguous", "ambiguous",
                                   candidates=tuple(sorted((nick, other)))), k + 1
                return actor_of(ctx.state, nick), _own_name_after(ctx, clause, k + 1, nick)
        return problem(text, "not_allowed", "no_such_member"), k + 1
    hit = nick_at(ctx, clause, clause_words(clause), k) or member_at(ctx, clause, k) or \
        _two_letter_member(ctx, clause, k) or _head_member(ctx, clause, k)
    if hit is not None and (hit.nick is None or len(hit.candidates) > 1 and not (
            hit.nick in ctx.alive and ctx.state.players[hit.nick].clan == ctx.sender.clan)):
        # a reading the game rules out («Мельник» dead, «Старый Мельник» the clan's) gives way
        mates = [c for c in hit.candidates if c != ctx.sender.nick and c in ctx.alive and
                 ctx.state.players[c].clan == ctx.sender.clan]
        if len(mates) == 1:
            hit = NameHit(mates[0], (mates[0],), hit.kind, hit.length)
        elif hit.nick is None:
            hit = None
    if hit is None and lead is None and _opening(clause, k):
        return loose_member(ctx, clause, k, text)  # «Васа охраняет меня» (Vasilisa)
    if hit is None or hit.nick is None:
        return None
    p = ctx.state.players[hit.nick]
    end = _aside(ctx, clause, k + hit.length, hit.nick)  # «Лис (наш вор) — …»
    end = past_remark(clause, end)  # «Лис вчера был у Совы, сегодня пусть …»
    end = stand_in_remark(clause, end, name_sizes(name_index(ctx.nicks), clause))  # «вместо Кота —»
    end = new_role_remark(clause, end)  # «Анечка, ты теперь у нас воришка — …»
    if lead is not None:
        end = lead = _subject_again(clause, lead)  # («…, он охраняет X»: the member again)
    elif end + 1 < len(clause) and clause[end].w == "," and ctx.sender.role == "boss" and \
            _opening(clause, k) and elliptic(ctx, clause, end + 1, p.role):
        end += 1  # «Скапен, сегодня к Хлестакову — …»: the member addressed, his order after
    if (_opening(clause, k) or lead is not None) and \
            not _opens_move(clause, end, name_sizes(name_index(ctx.nicks), clause)) and \
            not elliptic(ctx, clause, end, p.role) and not _vocative(clause, end) and \
            assignment(clause, end, name_sizes(name_index(ctx.nicks), clause)) is None and \
            not writes_himself(clause, end) and \
            not _silence_then_move(ctx, clause, end, p.role):
        return None  # «Страж молодец, …» is chatter; «Страж охраняет …», «Страж: …» a move
    if hit.nick == ctx.sender.nick:
        return None
    if p.clan != ctx.sender.clan:
        return None
    if not p.alive and _death_told(clause, k + hit.length):
        return None  # «Оса наша на линче погибла, царство ей небесное»: his death told, no
        # order to him
    if not p.alive:
        return problem(text, "not_allowed", "target_dead", target=hit.nick), k + hit.length
    return actor_of(ctx.state, hit.nick), (end if lead is None else lead)


#: The member named in the condition, said again as the subject of his move after it
#: («Если Лис не напишет, он ворует у X», «…, то она охраняет меня»).
_SUBJECT_AGAIN = frozenset({"он", "она"})


def _subject_again(clause: list[Tok], lead: int) -> int:
    """The index of the move's first word after a condition that the member sends nothing
    (its end at ``lead``), past «то»/«тогда» and a personal pronoun standing for the member,
    «пусть» before it («Если Торос сам не напишет, (то) он охраняет Песца», «…, пусть он
    охраняет Песца»: the move starts at «охраняет»); ``lead`` when no pronoun follows (a
    word must come after it)."""
    cond = next((i for i in range(lead) if clause[i].w in ("если", "ежели", "коли")), None)
    if cond is None or writes_himself(clause, cond):
        return lead  # («Если Лис сам напишет, он …»: what he is to write, no order; as before)
    n = lead
    if n < len(clause) and clause[n].w in ("то", "тогда"):
        n += 1
    if n + 2 < len(clause) and clause[n].w in ("пусть", "пускай") and \
            clause[n + 1].w in _SUBJECT_AGAIN and clause[n + 2].word:
        return n + 2  # («…, пусть он охраняет X»)
    if n + 1 < len(clause) and clause[n].w in _SUBJECT_AGAIN and clause[n + 1].word:
        return n + 1  # («…, он охраняет X», «…, он пусть охраняет X»)
    return lead


#: Lemmas of the verbs of dying («погибла», «умер», «выбыл»).
_DYING = frozenset({"погибнуть", "умереть", "помереть", "скончаться", "выбыть", "пасть"})

#: Beginnings of the short participles of being killed («убит», «повешена», «казнён»).
_KILLED = ("убит", "повешен", "казнен", "казнён", "линчеван", "застрелен", "зарезан")


def _death_told(clause: list[Tok], k: int) -> bool:
    """True when the first verb after a dead member's name (ending at token ``k``) tells his
    death: a verb of :data:`_DYING` in the past tense or a short participle of
    :data:`_KILLED` («Оса наша на линче погибла», «Лис вчера повешен»): talk of the dead,
    no order to him."""
    for t in clause[k:]:
        if not t.word:
            continue
        if t.w.startswith(_KILLED):
            return True
        p = morph().parse(t.w)[0]
        if p.tag.POS in ("VERB", "INFN", "PRTS"):
            return p.tag.POS == "VERB" and "past" in p.tag and p.normal_form in _DYING
    return False


#: First words of an aside between commas after a member's name that tells who he is («Лис,
#: наш проказник, …», «Лис, он же Шнырь, …»).
_ASIDE_FIRST = frozenset({"наш", "наша", "мой", "моя", "он", "она", "это", "который",
                          "которая", "тот", "та"})


def _aside(ctx: Ctx, clause: list[Tok], k: int, nick: str) -> int:
    """After a member's name (ending at token ``k``): an aside telling who he is, in brackets
    («Лис (наш вор) — к Сове», «Ху (Dr.Who, если кто не понял) — грабишь Смита») or between
    commas opening with «наш», «он» … («Фигаро, наш проказник, пусть идёт к X»): the index
    after it, where his order starts. The aside holds no move word and names no player but
    the member himself; ``k`` when there is no such aside."""
    if k >= len(clause) or clause[k].w not in ("(", ","):
        return k
    if clause[k].w == "," and (k + 1 >= len(clause) or clause[k + 1].w not in _ASIDE_FIRST):
        return k
    close = ")" if clause[k].w == "(" else ","
    end = next((n for n in range(k + 1, min(len(clause), k + 12)) if clause[n].w == close),
               None)
    if end is None or end == k + 1 or end + 1 >= len(clause):
        return k
    words = clause_words(clause)
    lex = lexicon()
    for n in range(k + 1, end):
        if not clause[n].word:
            if clause[n].w in ("(", ")", ":", "—"):
                return k
            continue
        if clause[n].w in lex.words:
            return k
        hit = nick_at(ctx, clause, words, n)
        if hit is not None and hit.nick != nick:
            return k
    return end + 1


def _own_name_after(ctx: Ctx, clause: list[Tok], k: int, holder: str) -> int:
    """After a member's role word (ending at token ``k``): the index after the role holder's
    own name written right after it as an apposition and followed by «—» or «:» and more
    («Охранник Лепорелло — охраняет меня», «наш вор Карузо: ворует у X»), where his order
    starts; ``k`` otherwise («Охранник — Лепорелло», «Охранник Лепорелло.»: the guard's
    target, as before)."""
    if k >= len(clause) or not clause[k].word:
        return k
    hit = nick_at(ctx, clause, clause_words(clause), k)
    if hit is None or hit.nick != holder:
        return k
    end = k + hit.length
    if end + 1 < len(clause) and clause[end].w in ("—", "–", ":") and clause[end + 1].word:
        return end
    return k


def _two_letter_member(ctx: Ctx, clause: list[Tok], k: int) -> NameHit | None:
    """For a boss: his living clan member called by a capitalised two-letter start of the
    nick («Ёж — на Лютике» for Ёжик), when it fits one member of his clan and nobody else
    by a pet form; None otherwise (shorter words are left to :func:`nick_at`)."""
    t = clause[k]
    if ctx.sender.role != "boss" or not t.cap or len(t.w) != 2 or not t.w.isalpha():
        return None
    approx = name_index(ctx.nicks).approximate(t.w)
    if approx is None or approx.kind == "fuzzy":
        return None
    mates = [c for c in approx.candidates if c != ctx.sender.nick and c in ctx.alive and
             ctx.state.players[c].clan == ctx.sender.clan]
    return NameHit(mates[0], (mates[0],), approx.kind, 1) if len(mates) == 1 else None


def _head_member(ctx: Ctx, clause: list[Tok], k: int) -> NameHit | None:
    """For a boss: his one living clan member whose compound nick has the word at ``k`` for
    its head («Мешалка — на мне» for Бетономешалка, :func:`engine.grammar_members.compound_head`),
    when the word names no player by itself; None otherwise."""
    if ctx.sender.role != "boss" or not clause[k].word or len(clause[k].w) < 5 or \
            clause[k].w in role_words() or \
            name_index(ctx.nicks).approximate(clause[k].w) is not None:
        return None
    mates = [n for n in ctx.alive if n != ctx.sender.nick and
             ctx.state.players[n].clan == ctx.sender.clan and compound_head(clause[k].w, n)]
    return NameHit(mates[0], (mates[0],), "part", 1) if len(mates) == 1 else None


def _unknown_addressee(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when a boss's clause opens (at ``k``) with a capitalised word that is no
    nickname, then «—», «:» or «,» and the plain imperative of a clan member's move («Яночка
    — охраняй Зою», «Котик, обчисти Сову»): an order whose member cannot be told."""
    if k + 2 >= len(clause) or not clause[k].word or not clause[k].cap or \
            clause[k + 1].w not in ("—", ":", ",") or not may_be_name(clause[k].w):
        return False
    w = clause[k + 2].w
    if w not in lexicon().imperative or lexicon().words.get(w) not in (V.ROB, V.GUARD):
        return False
    words = clause_words(clause)
    return nick_at(ctx, clause, words, k) is None and role_words().get(clause[k].w) is None


def _called_alone(ctx: Ctx, clause: list[Tok]) -> Actor | None:
    """The living clan member of the boss whose name is all of ``clause`` and is followed
    in the letter by «!» («Ловкач! …», «Броня!»): he is called, his order may follow in the
    next sentence. None otherwise."""
    if not clause[0].word or not clause[-1].word or clause[-1].end >= len(ctx.text) or \
            ctx.text[clause[-1].end] != "!":
        return None
    hit = nick_at(ctx, clause, clause_words(clause), 0) or member_at(ctx, clause, 0)
    if hit is None or hit.nick is None or hit.length != len(clause) or \
            hit.nick == ctx.sender.nick or hit.nick not in ctx.alive or \
            ctx.state.players[hit.nick].clan != ctx.sender.clan:
        return None
    return actor_of(ctx.state, hit.nick)


def _imperative_first(ctx: Ctx, clause: list[Tok]) -> int | None:
    """Where the order to a member called in the sentence before starts: the first move
    word of ``clause``, after fillers such as «сегодня», is an imperative said to one
    («ступай к X», «навести X», «охраняй меня»), or it follows a comma after a remark with
    no move word but a past one («Хлестакова ты уже обчистил, сегодня ступай к X»). None
    otherwise."""
    lex = lexicon()
    kws = find_keywords(clause, set(), name_index(ctx.nicks))
    first = next((kw for kw in kws if clause[kw.i].w in lex.imperative), None)
    if first is None or any(not past_tense(clause[kw.i].w) for kw in kws if kw.i < first.i):
        return None
    k = first.i
    while k and clause[k - 1].word and clause[k - 1].w in _CALLED_SKIP:
        k -= 1
    if k == 0:
        return 0
    return k if clause[k - 1].w == "," and not any(
        t.w in IF_WORDS or t.w in ("когда", "завтра") for t in clause[:k]) else None


#: Words before the imperative of an order to a member called in the sentence before.
_CALLED_SKIP = frozenset({"сегодня", "ночью", "нынче", "а", "ну", "давай", "только", "ты",
                          "теперь", "тогда", "сам", "сама", "пожалуйста"})


def _silence_then_move(ctx: Ctx, clause: list[Tok], end: int, role: str) -> bool:
    """True when a remark that the member sends nothing follows his name and a move (or
    his role's order without a verb) follows the remark (see :func:`_after_silence`)."""
    after = for_you(clause, _after_silence(ctx, clause, end), DEFAULT_CLASS.get(role))
    return after != end and (_opens_move(clause, after) or elliptic(ctx, clause, after, role))


def _opening(clause: list[Tok], k: int) -> bool:
    """True when token ``k`` opens the clause, courtesy words and a condition that the
    members send nothing («На случай, если ребята проспят: …») aside."""
    lead = 3 if [t.w for t in clause[:3]] == ["на", "всякий", "случай"] else clan_head(clause)
    lead = (silence_header(clause) or lead) if k > lead else lead
    return all(t.w in _ADDRESS_WORDS or t.w in (",", ":") for t in clause[lead:k])


#: Headings of the clan's orders before a member's name («По клану: Лис …», «Ночные — …»).
_CLAN_HEADS = (("по", "клану"), ("клан",), ("для", "клана"), ("ночные",), ("ночные", "ходы"),
               ("ходы", "клана"), ("по", "семье"), ("семья",))


def clan_head(clause: list[Tok]) -> int:
    """Tokens of a heading of the clan's orders and its «:» or «—» opening the clause («По
    клану: Лис идёт к Сове»); 0 when there is none."""
    words = [t.w for t in clause[:4]]
    for head in _CLAN_HEADS:
        n = len(head)
        if tuple(words[:n]) == head and len(words) > n and words[n] in (":", "—"):
            return n + 1
    return 0


#: «…, от меня ни на шаг»: the guard's order to stay with the boss.
_STAY = frozenset({"шаг", "шагу"})


#: «будьте любезны», «будь добр» + an infinitive: a polite imperative.
_POLITE = frozenset({"любезны", "любезен", "любезна", "добры", "добр", "добра"})


def _vocative(clause: list[Tok], k: int) -> bool:
    """True when a member's name (ending at token ``k``) is followed by a comma, perhaps a
    short address between commas, and a plain imperative: «Пряник, дорогой, охраняй меня»,
    «Лиса, обчисти Буку» is the boss's order to that member."""
    if k >= len(clause) or clause[k].w != ",":
        return False
    k += 1
    m = k
    while m < len(clause) and m - k < 3 and clause[m].word and \
            clause[m].w not in lexicon().imperative:
        m += 1
    if m > k and m < len(clause) and clause[m].w == ",":
        k = m + 1  # «…, голубчик, …»
    while k < len(clause) and clause[k].word and (clause[k].w in V.FILLERS or
                                                  clause[k].w in V.SUBJECT_SKIP):
        k += 1
    if k + 1 < len(clause) and clause[k].w in ("будь", "будьте") and \
            clause[k + 1].w in _POLITE:
        k += 2  # «Уважаемый Лис, будьте любезны нынче наведаться к Сове»
        while k < len(clause) and clause[k].word and (clause[k].w in V.FILLERS or
                                                      clause[k].w in V.SUBJECT_SKIP):
            k += 1
        return k < len(clause) and clause[k].word and clause[k].w in lexicon().words
    if any(clause[m].word and clause[m].w in _STAY for m in range(k, min(len(clause), k + 5))):
        return True  # «Шмель, голубчик, от меня ни на шаг»
    if k < len(clause) and clause[k].w == "ты":
        k += 1  # «Кот, ты сегодня грабишь Петю»: the order in the second person
        while k < len(clause) and clause[k].word and clause[k].w in V.SUBJECT_SKIP:
            k += 1
        return k < len(clause) and clause[k].word and clause[k].w in lexicon().words and \
            _second_person(clause[k].w)
    if k + 1 < len(clause) and clause[k].word and clause[k].w not in lexicon().words and \
            _target_then_order(clause, k + 1):
        return True  # «Бугор, Зою охраняй»: the target before the imperative
    return k < len(clause) and clause[k].word and (clause[k].w in lexicon().imperative or (
        clause[k].w in lexicon().words and _second_person(clause[k].w)))


def _target_then_order(clause: list[Tok], k: int) -> bool:
    """True when token ``k``, or the one after it (a target of two words before it), is an
    imperative move word that ends the clause or is followed by a comma («Лис, Сову обчисти»,
    «Лис, Старую Сову обчисти, она богатая»)."""
    imperative = lexicon().imperative
    for m in (k, k + 1):
        if m < len(clause) and clause[m].word and clause[m].w in imperative:
            return m + 1 == len(clause) or not clause[m + 1].word and clause[m + 1].w != "-"
        if m >= len(clause) or not clause[m].word or clause[m].w in lexicon().words:
            return False
    return False


def _second_person(w: str) -> bool:
    """True for a verb in the second person singular («грабишь», «охраняешь»)."""
    tag = morph().parse(w)[0].tag
    return tag.POS == "VERB" and tag.person == "2per" and tag.number == "sing"


def _opens_move(clause: list[Tok], k: int, names=None) -> bool:
    """True when token ``k`` (after fillers such as «пусть») is a colon, a dash or a move
    word. With ``names`` (:func:`name_sizes`) the move's target may come first: «Страж
    пусть меня охраняет», «Лис пусть Сову обчистит» (the member is the subject already)."""
    rw, lex = role_words(), lexicon()
    while k < len(clause) and clause[k].word and (clause[k].w in V.FILLERS or
                                                  clause[k].w in V.SUBJECT_SKIP or
                                                  clause[k].w in _ORDER_VERBS or
                                                  clause[k].w in V.SELF_WORDS or
                                                  (clause[k].w in POSTURE and
                                                   clause[k].w not in lex.third) or
                                                  clause[k].w in rw):
        # «Страж сам охраняет X», «Страж себя охраняет», «Страж пусть сидит дома и
        # охраняет X», «Лиса теперь у нас воровка — пусть обчистит X»
        if clause[k].w in lex.third and keyword_at(clause, k) is not None:
            return True  # «Енот идёт к X и …»: a filler that opens a phrase of his move
        k += 1
    if k >= len(clause):
        return False
    t = clause[k]
    if not t.word:
        return t.w in (":", "—", "→")
    if t.w in lex.words or t.w in lex.third:
        return True  # «Страж стоит на мне»
    if keyword_at(clause, k) is not None:
        return True  # «Пьеро — тащишь у Остапа»: a phrase of the lexicon
    if names is None:
        return False
    size = 1 if t.w in _OBJECT_FIRST else names(k)
    n = k + size
    while size and n < len(clause) and clause[n].word and clause[n].w in V.SUBJECT_SKIP:
        n += 1  # «Страж пусть меня сегодня охраняет»
    return bool(size) and n < len(clause) and clause[n].word and (
        clause[n].w in lex.third or clause[n].w in lex.imperative or
        (clause[n].w in lex.words and is_infinitive(clause[n].w)))


#: Pronouns of the target written before the member's move word («Страж пусть меня
#: охраняет»).
_OBJECT_FIRST = frozenset({"меня", "мне", "себя", "его", "её", "ее", "её"})
