"""A move left open and chosen later (engine.parse): «Шизю… даже не знаю. Может, Мальвину,
может, Лося. Ладно, давай Мальвину», «Лечу Кузю… хотя нет, стоп. Кузю вчера звали в гости.
Лучше Бобра». A move word whose target the letter leaves open (none written and the choice
put off, or taken back, or offered among several) stays open over the sentences of talk that
follow it; a later sentence that concludes with one player («ладно, давай X», «лучше X»,
«у X тогда») is that move's target. Without such a sentence the reply asks (precision first).
Doubt that leaves the choice open asks too: another target under a condition («А если
объяснится, то тогда за Шушу», :func:`conditional`) or offered after «может лучше» («…хотя не
знаю, может лучше Гросса», :func:`engine.parse_alternative.maybe_better`).
A vote named again with «остаётся» after the letter's vote stays (:func:`kept_vote`). A move
put back in doubt right after it is :mod:`engine.parse_alternative`.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_flags import clause_flags
from .textcase import lower_of
from .grammar_rules import action_for, problem
from .grammar_keywords import Kw, find_keywords, only_fillers
from .grammar_target_fix import parts_after
from .grammar_targets import read_targets
from .grammar_tokens import Tok, span, clause_words
from .names import name_index
from .words import predicate
from .parse_move import read_move
from .parse_types import Ctx, Item, Prev, name_written, names_in, nick_at

#: Problems of a move whose target is still to be chosen.
OPEN_REASONS = frozenset({"no_target", "retracted", "alternative", "alternatives"})

#: Words that conclude a hesitation: the player named with them is the choice («ладно,
#: давай X», «лучше X», «пусть будет X», «значит, X», «У X тогда»).
_CONCLUDING = frozenset({"лучше", "тогда", "ладно", "давай", "давайте", "пусть", "пускай",
                         "итак", "значит", "все-таки", "всё-таки", "окончательно", "решено",
                         "итоге", "выбираю", "останавливаюсь", "остановлюсь"})

#: Words that conclude only a choice among players offered («шизю X… или лучше Y? короче
#: Y»), not a move word left with no target in talk («…весь город сторожит. Короче, X»).
_CONCLUDING_CHOICE = frozenset({"короче", "крч", "кароч", "короч"})

#: Words that may stand with the concluding words and the name («ну ладно, пусть будет
#: всё-таки X», «в итоге на X»).
_AROUND = _CONCLUDING | frozenset({"ну", "а", "же", "будет", "в", "на", "я", "таки", "все",
                                   "всё", "ок", "окей", "хорошо", "так"})


def open_move(prev: Prev | None) -> bool:
    """True when ``prev`` is a move word whose target is still to be chosen: every item it
    gave asks for one (:data:`OPEN_REASONS`), or it gave none because the sender put the
    choice off in its own sentence («Шизю… даже не знаю»)."""
    if prev is None or prev.asked or prev.member is not None:
        return False
    if prev.items:
        return all(it.withdraw == ("*",) or (it.move is None and it.problem is not None and
                                             it.problem.reason in OPEN_REASONS)
                   for it in prev.items)
    return bool(prev.clause) and clause_flags(prev.clause)["later"] and \
        any(t.word for t in prev.clause[1:])


def final_choice(ctx: Ctx, clause: list[Tok], prev: Prev, flags: dict,
                 items: list[Item]) -> bool:
    """A clause of concluding words and one player (:data:`_CONCLUDING`, nothing else) after
    the open move ``prev`` (see :func:`open_move`) with only talk between: that player is the
    open move's target; the questions the open move left (no target, taken back, offered
    among several) are answered. When ``prev`` offered players (:func:`offered`), one of
    them alone settles it too («граблю сову или лину… сову»). A remark after a comma may
    follow the player (:func:`_remark`: «пусть будет свету, лич подождёт»). True when the
    clause was one."""
    words = clause_words(clause)
    around = _AROUND
    among = offered(prev)
    if not _CONCLUDING_CHOICE.isdisjoint(words) and prev.items and all(
            it.problem is not None and it.problem.reason in ("alternative", "alternatives")
            for it in prev.items):
        around = _AROUND | _CONCLUDING_CHOICE  # («короче X, окончательно»: both kinds)
    elif _CONCLUDING.isdisjoint(words):
        if among:
            around = _BARE  # «Охраняю… X или Y? … Ну нет. X, как всегда»
        elif not _inflected_alone(ctx, clause, words, prev):
            return False  # the common case
    idx = name_index(ctx.nicks)
    if find_keywords(clause, set(), idx):
        return False  # «Ладно, лечу Бобра»: a move of its own
    k = _no_answer(clause) if among else 0  # («…или у Y? хм… не, пусть X»: Y declined)
    while k < len(clause) and (not clause[k].word or clause[k].w in around or
                               clause[k].w in V.PREPOSITIONS or
                               (around is not _BARE and clause[k].w in V.FILLERS)):
        k += 1
    if k >= len(clause):
        return False
    hit = one_name(ctx, clause, words, k)  # («ладно, давай пиксельку»: a pet form)
    if hit is None and (among or prev.clause):
        # («пусть будет Бин» after «за Бина… или за Блока»: the name of the offer read again)
        hit = offered_reading(ctx, clause, k, among, prev.clause)
    if hit is None or (hit.nick == ctx.sender.nick and hit.kind != "self") or \
            ((around is _BARE or _no_answer(clause)) and hit.nick not in among):
        return False  # (the sender's own nick at the end is a signature)
    if _hedged(words, k):
        # «Позову X? или Y. Ладно, наверное X»: still not decided: asked, never dropped
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "unparsed", "alternative"),
            tried=action_for(prev.cls, ctx.sender, ctx.turn) or ""))
        return True
    end = k + hit.length
    if end < len(clause) and clause[end].w in ("из", "с", "со") and \
            parts_after(idx, clause, hit, end, len(clause)):
        end += 2  # «пусть будет ультрас из Кирова»: the nick's words described
    rest = _reason_at(ctx, clause, words, end, around)
    if any(t.word and t.w not in around and t.w not in V.FILLERS for t in clause[end:rest]) and \
            not _remark(ctx, clause, k, end, among | {hit.nick}, around is _BARE):
        if prev.items or around is _BARE or not name_written(ctx, clause, end, len(clause)):
            return False  # «Ладно, Мальвина молодец»: talk about the player
        # «на линч хз… пусть Лось будет, он и Сова молчат»: the move put off is chosen with
        # another player named beside: which one? Asked, never dropped
        action = action_for(prev.cls, ctx.sender, ctx.turn)
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "unparsed", "alternative"),
            tried=action or ""))
        return True
    before = len(items)
    read_move(ctx, ctx.sender, clause, Kw(prev.cls, k, k), k, end, flags, items, False)
    if len(items) == before:
        return False
    tried = {it.tried for it in items[before:]}
    done = {id(it) for it in prev.items if it.withdraw is None}
    items[:before] = [it for it in items[:before] if id(it) not in done and not (
        it.pos >= prev.start and it.move is None and it.problem is not None and
        it.problem.reason in OPEN_REASONS and it.tried in tried)]
    return True


def _inflected_alone(ctx: Ctx, clause: list[Tok], words: list[str], prev: Prev) -> bool:
    """True when the clause is one player's name and nothing else, written in another case
    than the nick («Кузьмича.»), after a move taken back («Маньячу X. UPD: нет, передумал.
    X никуда не денется. Кузьмича.»): the object of the move word taken back, its new
    target. A nick as written (the nominative) may be the subject of talk, and is not."""
    if not prev.items or not all(it.move is None and it.problem is not None and
                                 it.problem.reason == "retracted" for it in prev.items):
        return False
    at = [k for k, t in enumerate(clause) if t.word]
    if not at:
        return False
    hit = nick_at(ctx, clause, words, at[0])
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick or \
            len(at) != hit.length or at[-1] != at[0] + hit.length - 1:
        return False
    own = {w.lower().replace("ё", "е") for w in re.findall(r"[^\W_]+", hit.nick)}
    return words[at[-1]] not in own


#: Words of doubt that leave a choice open («ладно, наверное X»).
_UNSURE = frozenset({"наверное", "наверно", "наверн", "возможно", "мб"})


def _hedged(words: list[str], k: int) -> bool:
    """True when a word of doubt (:data:`_UNSURE`) stands before the name at ``k`` of a
    concluding clause («Позову X? или Y. Ладно, наверное X»): the choice is still not made,
    the open move stays asked (issue 11, precision first)."""
    return not _UNSURE.isdisjoint(words[:k])


#: Words that may stand before one of the players offered, alone («Да, Тихоню», «Ну, сову»).
def _no_answer(clause: list[Tok]) -> int:
    """Index after a «нет,» / «не,» opening ``clause`` (a «no» said to the choice weighed
    just before, then the player chosen among those offered: «не, пусть X»); 0 when the
    clause opens otherwise."""
    if len(clause) > 2 and clause[0].w in (V.NEGATION, "нет", "неа", "нее") and \
            not clause[1].word and clause[1].w != "?":
        return 2
    return 0


_BARE = frozenset({"да", "ну", "а", "ок", "окей", "хорошо", "так", "же"})

#: Words that keep a remark after the choice from settling it: doubt, a condition, one more
#: player, a word to somebody («пусть X, хотя не знаю», «давай X, Y тоже», «ладно, X, ты прав»).
_NO_REMARK = frozenset({"или", "либо", "может", "хотя", "хз", "наверное", "наверно", "знаю",
                        "уверен", "уверена", "посмотрим", "подумаю", "если", "тоже", "также",
                        "и", "еще", "ещё", "плюс", "ты", "вы", "тебя", "вас", "тебе", "вам",
                        "прости", "извини", "но", "правда", "прав", "права", "правы"})

#: Words that govern the player's case before him («пусть Ray13», «давай Сову»).
_GOVERNING = frozenset({"пусть", "пускай", "будет", "давай", "давайте", "выбираю"})


def _remark(ctx: Ctx, clause: list[Tok], k: int, end: int, named: set,
            bare: bool = False) -> bool:
    """True when the words after the player chosen at ``clause[k:end]`` are a remark of his
    choice after a comma or dash («пусть будет свету, лич подождёт», «Пусть Ray13, он
    опасный», «Барракуду, как всегда»): no doubt, no condition, no player but ``named``
    (the players offered), words beside names; the player in a case form or after a word that
    governs it (not «Ладно, Мальвина, молодец»: an address). After a player alone (``bare``:
    no concluding word) the remark is short and says nothing of anybody («X, как всегда»;
    not «Лося, конечно, все подозревают»)."""
    if end >= len(clause) or clause[end].w not in (",", "—"):
        return False
    words = clause_words(clause)
    written = ctx.text[clause[k].start:clause[end - 1].end].lower().replace("ё", "е")
    if written in {n.lower().replace("ё", "е") for n in ctx.nicks} and \
            not (k and words[k - 1] in _GOVERNING):
        return False  # the nickname as it is spelled, nothing governing it: maybe an address
    other = False
    n = end + 1
    while n < len(clause):
        if not clause[n].word:
            n += 1
            continue
        if words[n] in _NO_REMARK:
            return False
        hit = nick_at(ctx, clause, words, n)
        if hit is not None:
            if hit.nick not in named:
                return False
            n += hit.length
            continue
        if bare and predicate(words[n]):
            return False
        other = other or words[n] not in V.FILLERS
        n += 1
    return other and not (bare and sum(t.word for t in clause[end:]) > 4)


def named_players(ctx: Ctx, clause: list[Tok]) -> frozenset[str]:
    """The players other than the sender named in ``clause`` (one reading each, by a case
    form or a part or pet form: :func:`engine.parse_types.names_in`)."""
    return frozenset(h.nick for h, _, _ in names_in(ctx, clause, forms=True)
                     if h.nick != ctx.sender.nick)


#: «или» / «либо» as a word: the letter may weigh players.
_OR = re.compile(r"(?<!\w)(?:или|либо)(?!\w)", re.IGNORECASE)

#: Concluding words worth reading in a letter that weighs players, though they are no move
#: word («Пусть будет Алекс», «давай Сову», «Выбираю Лося»).
_CHOICE_HOT = frozenset({"пусть", "пускай", "давай", "выбираю", "остановлюсь", "решено",
                         "окончательно"})


def choice_words(visible: str) -> frozenset[str]:
    """The concluding words to read (:func:`engine.grammar_windows.reading_windows`' extra
    triggers) in the letter ``visible`` when it weighs players with «или» / «либо»: the
    sentence that settles the choice is read though it holds no move word. Empty
    otherwise."""
    low = lower_of(visible)
    if ("или" in low or "либо" in low) and _OR.search(low):
        return _CHOICE_HOT
    if "нет" in low and _taken_back(low):
        return _CORRECTED_HOT  # «Хотя нет, Джек всё выпил. Пусть лучше Танк заходит»
    if "?" in low and _ANSWERED.search(low):
        return _ANSWER_HOT  # «Голосовать надо, да? Ну пусть Валентин»: she answers herself
    return frozenset()


#: A question answered right away by the writer herself: «?», then a sentence opening with
#: «пусть», «пускай», «давай» (after «ну», «ладно», «тогда» perhaps): «Голосовать надо, да?
#: Ну пусть X», «Кого лечить? Давай X».
_ANSWERED = re.compile(r"\?[\s)]*(?:(?:ну|ладно|тогда|а)[\s,]+){0,2}(?:пусть|пускай|давай|давайте)"
                       r"(?!\w)")

def answered_next(text: str, end: int) -> bool:
    """True when the question ending at offset ``end`` of ``text`` (its «?» there or right
    after) is answered by a sentence opening with a concluding word (:data:`_ANSWERED`:
    «…да? Ну пусть X»; not «Кого позову? Ворона, пусть расскажет …», the name first)."""
    q = text.find("?", max(0, end - 1), end + 3)
    return q >= 0 and _ANSWERED.match(text.lower(), q) is not None


#: The concluding words read after such a question (the sentence has no move word).
_ANSWER_HOT = frozenset({"пусть", "пускай", "давай", "давайте"})


def _taken_back(low: str) -> bool:
    r"""``_TAKEN_BACK.search(low) is not None``, tried only where «нет» is written (one
    C-level ``find`` each, not the pattern at every letter of a long letter): the marks of
    ``[\s,.!…]`` right before it, then one of the words with no word character before it."""
    size = len(low)
    at = low.find("нет")
    while at >= 0:
        end = at + 3
        if end == size or not (low[end].isalnum() or low[end] == "_"):
            k = at
            while k > 0 and (low[k - 1] in ",.!…" or low[k - 1].isspace()):
                k -= 1
            for w in _TAKE_BACK_HEADS:
                if low.endswith(w, 0, k) and (k == len(w) or not (
                        low[k - len(w) - 1].isalnum() or low[k - len(w) - 1] == "_")):
                    return True
        at = low.find("нет", at + 1)
    return False


#: A move taken back in the letter («хотя нет», «а нет», «ой нет», «ах нет»): the sentence
#: that names the player put in its place is read though it holds no move word.
_TAKEN_BACK = re.compile(r"(?<!\w)(?:хотя|а|ой|ах|или|не)[\s,.!…]*нет(?!\w)")
_CORRECTED_HOT = frozenset({"пусть", "пускай", "лучше"})
#: The words of :data:`_TAKEN_BACK` before «нет».
_TAKE_BACK_HEADS = ("хотя", "а", "ой", "ах", "или", "не")


def offered(prev: Prev) -> frozenset[str]:
    """The players ``prev`` offered as its choice: named with it in a question or as
    alternatives («валю лича или свету»)."""
    out = set(prev.offered)
    for it in prev.items:
        if it.problem is not None and it.problem.reason == "alternatives":
            out.update(it.problem.candidates)
    return frozenset(out)


#: Words that open a reason told after the choice («пусть лось будет, он реально молчит»).
_REASON_OPENERS = frozenset({"он", "она", "они", "потому", "ведь", "так", "т"})


def _reason_at(ctx: Ctx, clause: list[Tok], words: list[str], end: int, around) -> int:
    """The index where a reason for the choice begins after the name ending at ``end``
    (and concluding words): a comma or a dash, then one of :data:`_REASON_OPENERS`, and no
    other player named after it; else ``len(clause)`` (no reason)."""
    k = end
    while k < len(clause) and clause[k].word and (words[k] in around or words[k] in V.FILLERS):
        k += 1
    if k + 1 >= len(clause) or clause[k].w not in (",", "—", "-") or \
            words[k + 1] not in _REASON_OPENERS:
        return len(clause)
    if name_written(ctx, clause, k + 1, len(clause)):
        return len(clause)  # «пусть Лось будет, он и Сова молчат»: another player
    return k


#: Words that may open a candidate weighed with «?» («Тогда Тапочка?», «А может, Вороне?»).
_WEIGH_OPENERS = _AROUND | frozenset({"или", "либо", "может", "быть", "хотя", "наверное",
                                      "наверно", "тоже", "опять", "снова"})


def weighed_candidate(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when a question clause holds only opening words of a choice or a doubt
    («тогда», «или», «может», «ну») and one player: «Тогда Тапочка?» weighs a candidate, it
    neither corrects nor chooses (the writer's choice comes later: «Пусть будет Алекс»)."""
    words = clause_words(clause)
    k = 0
    while k < len(clause) and (not clause[k].word or words[k] in _WEIGH_OPENERS or
                               words[k] in V.PREPOSITIONS or words[k] in V.FILLERS):
        k += 1
    if k >= len(clause):
        return False
    hit = one_name(ctx, clause, words, k)
    return hit is not None and only_fillers(clause, k + hit.length, len(clause))


def offered_reading(ctx: Ctx, clause: list[Tok], k: int, among: frozenset[str],
                    before: list[Tok] | None = None):
    """The player written at token ``k`` by any reading a move's target may have (a Cyrillic
    spelling of a Latin nick, «Бин» for «Mr.Bean»), or by a part, pet or given-name reading
    («серджио» for «Sergio_DBA»), when he is one the choice offered (``among``) or one the
    move being settled named (read the same way in the clause ``before``): the name the
    writer already used, read again. None when the word reads as no such player."""
    if not clause[k].word:
        return None
    hits = read_targets(ctx, ctx.sender, clause, k, k + 1).hits
    hit = hits[0][0] if len(hits) == 1 and hits[0][1] == k else None
    if hit is None and len(clause[k].w) >= 3:
        near = name_index(ctx.nicks).approximate(clause[k].w)
        hit = near if near is not None and near.kind in ("part", "pet", "name") else None
    if hit is None or hit.nick is None:
        return None
    if hit.nick in among:
        return hit
    return hit if before and any(
        h.nick == hit.nick and i == n for n, t in enumerate(before) if t.word
        for h, i, _ in read_targets(ctx, ctx.sender, before, n, n + 1).hits) else None


def one_name(ctx: Ctx, clause: list[Tok], words: list[str], k: int):
    """The nickname at token ``k``: a case form, or a part or pet form in any case
    («пиксельку», «фрост»)."""
    hit = nick_at(ctx, clause, words, k)
    if hit is None and clause[k].word and len(words[k]) >= 3:
        near = name_index(ctx.nicks).approximate(words[k])
        hit = near if near is not None and near.kind in ("part", "pet") else None
    return hit


#: Words before the one player of the clause right after a vote taken off («Пусть будет
#: только за Y», «Остаётся лишь Y», «Оставляю Y»): the vote left or given (:func:`kept_vote`).
_LEFT_OPENERS = frozenset({"пусть", "будет", "только", "лишь", "остается", "остаётся",
                           "оставляю", "оставлю", "за", "на", "теперь", "а", "тогда"})

#: Words after that player that keep his vote («Y оставляю», «Y остаётся»).
KEEP_AFTER = frozenset({"оставляю", "оставлю", "остается", "остаётся"})


#: «X остаётся», «X в силе»: the vote for X stands.
_STAYS = frozenset({"остается", "остаётся", "остаются", "силе", "в", "тоже", "прежним",
                    "неизменно", "как", "был", "и"})


def kept_vote(ctx: Ctx, clause: list[Tok], prev: Prev, flags: dict,
              items: list[Item]) -> bool:
    """«снимаю голос с пони, вместо него Лютик. фрост остаётся»: right after the letter's
    vote (or a vote taken off), a clause of one name and «остаётся» / «в силе» keeps the
    vote for that player in this letter. Right after a vote taken off, «Пусть будет (только)
    за Y», «Остаётся только Y», «Y оставляю» keep or give the vote for Y as well. True when
    the clause was one."""
    withdrawn = any(it.withdraw is not None for it in prev.items)
    if prev.cls != V.VOTE or not (flags["keep"] or withdrawn) or not any(
            it.withdraw is not None or (it.move is not None and it.move.action == "vote")
            for it in prev.items):
        return False
    words = clause_words(clause)
    k = first = next((n for n, t in enumerate(clause) if t.word), len(clause))
    while withdrawn and k < len(clause) and (not clause[k].word or words[k] in _LEFT_OPENERS):
        k += 1  # («Пусть будет только за Y»)
    hit = one_name(ctx, clause, words, k) if k < len(clause) else None
    if hit is None or hit.nick is None or (hit.nick == ctx.sender.nick and hit.kind != "self"):
        return False  # (the sender's own nick: a signature)
    end = len(clause)
    if withdrawn and k > first:  # («Пусть будет за Y, второй голос никому»: a remark after)
        end = next((n for n in range(k + hit.length, len(clause)) if clause[n].w == ","), end)
        if name_written(ctx, clause, end, len(clause)):
            return False
    stays = _STAYS | KEEP_AFTER if withdrawn else _STAYS
    if any(t.word and t.w not in stays and t.w not in V.FILLERS
           for t in clause[k + hit.length:end]):
        return False
    if not flags["keep"] and k == first and \
            not any(t.w in KEEP_AFTER for t in clause[k + hit.length:end]):
        return False  # («… Y тоже», «…⏎Y» alone: a signature, maybe; no word that keeps)
    if any(it.move is not None and it.move.action == "vote" and
           hit.nick in (it.move.targets or (it.move.target,)) for it in items):
        return True  # «голоса: Ястреб и Бульдозер. UPD: снимаю с Бульдозера. Ястреб остаётся»
    before = len(items)
    read_move(ctx, ctx.sender, clause, Kw(V.VOTE, k, k), k, k + hit.length, flags, items,
              False)
    return len(items) > before


def conditional(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item],
                reason: str = "conditional") -> bool:
    """«Если X не объяснится — голос за него. А если объяснится, то тогда за Шушу»: another
    target for the move before under a condition the host cannot know: neither is an
    order; the reply asks (precision first). ``reason`` ``alternative``: another target
    offered in doubt («Присмотрю за X… хотя, может, за Y»)."""
    action = action_for(prev.cls, prev.member or ctx.sender, ctx.turn)
    if action is None:
        return False
    dropped = {id(it) for it in prev.items}
    items[:] = [it for it in items if id(it) not in dropped]
    items.append(Item(clause[0].start, problem=problem(
        span(ctx.text, clause, 0, len(clause)), "unparsed", reason), tried=action))
    return True
