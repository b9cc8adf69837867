"""The layouts of a day's votes (engine.parse, issue 11): two nicks alone on a line of a
two-vote day, «Отдаю их: X и Y» after a sentence about the votes, numbered votes, «Голос
тоже» (the last target), «с X снимаю, второй на Y» (one vote taken back and given anew).
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_keywords import Kw
from .grammar_rules import action_for, problem
from .model import SAME_OR_KEPT
from .grammar_target_types import Targets
from .grammar_tokens import Tok, span, clause_words
from .names import name_index
from .words import norm
from .names_near import short_prefix_owners
from .parse_judge import judge
from .parse_move import read_move
from .parse_subject import object_form
from .parse_types import Ctx, Item, last_word, name_written, nick_at


def takes_off(ctx: Ctx, clause: list[Tok], flags: dict, items: list[Item]) -> bool:
    """«С Мирона снимаю», «хотя нет, с Мирона голос снимаю, второй на Стеллу»: a clause with
    no move word where a withdrawal word stands with players voted for earlier in the letter
    takes back those votes only (not every vote); a transfer word after it («второй», «отдаю»)
    gives the vote to the player named after it. True when the clause was one."""
    voted = {t for it in items if it.move is not None and it.move.action == "vote"
             for t in (it.move.targets or (it.move.target,))}
    if not voted:
        return False
    at = next((k for k, t in enumerate(clause) if t.word and t.w in V.WITHDRAW_WORDS), None)
    if at is None:
        return False
    give = next((k for k in range(at + 1, len(clause)) if clause[k].word and
                 clause[k].w in V.TRANSFER_WORDS), None)
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    names = []
    for k in range(0, give if give is not None else len(clause)):
        if not clause[k].word or words[k] in V.PREPOSITIONS:
            continue
        hit = idx.exact(words, k, None) or (idx.approximate(words[k]) if len(words[k]) > 2
                                            else None)
        if hit is None:
            continue
        fit = {hit.nick} if hit.nick else set(hit.candidates)
        if len(fit & voted) == 1:
            names.append((fit & voted).pop())
    if not names and give is None and all(
            not t.word or t.w in V.WITHDRAW_WORDS or t.w in _BOTH_OFF for t in clause) and \
            any(t.word and t.w in _BOTH_OFF for t in clause):
        # «Голоса за X и Y. Снимаю оба.»: every vote of the letter so far, none given
        names = [t for t in dict.fromkeys(
            t for it in items if it.move is not None and it.move.action == "vote"
            for t in (it.move.targets or (it.move.target,)))]
    if not names:
        return False
    items.append(Item(clause[at].start, withdraw=tuple(names)))
    if give is not None:
        read_move(ctx, ctx.sender, clause, Kw(V.VOTE, give, give + 1), give, len(clause), flags,
                  items, False)
    return True


#: Words that name the votes taken back by a withdrawal word alone («Снимаю оба.»).
_BOTH_OFF = frozenset({"оба", "обоих", "обе", "их", "все", "голоса"})


#: «Отдаю их …»: verbs giving the votes the sentence before spoke of.
GIVE = frozenset({"отдаю", "отдам", "ставлю", "поставлю", "кидаю", "кину", "передаю"})

#: Words between such a verb and the names («отдаю их так: …»).
_GIVE_SKIP = frozenset({"их", "так", "сегодня", ":", "—", "-", "следующим", "образом", "оба",
                        "обa", "обоих", "оба-два"})


#: Words for the day's two votes that may open the clause before the verb of giving («Оба
#: отдаю так: X и Y», «Обе отдаю: X, Y»).
_BOTH_FIRST = frozenset({"оба", "обе", "обa", "их", "свои", "мои"})


def gives_them(ctx: Ctx, clause: list[Tok], start: int) -> list[Kw]:
    """«У нас сегодня два голоса. Отдаю их так: Бегемот и Доцент.»: a clause opening with a
    verb of giving and «их», right after a clause that speaks of votes, gives those votes: a
    vote keyword over the verb (empty list when the clause is none). The verb may follow a
    word for the votes (:data:`_BOTH_FIRST`: «Голосов два. Оба отдаю так: X и Y»); the two
    names are then needed as well."""
    k = start + (start + 2 < len(clause) and clause[start].w in _BOTH_FIRST and
                 clause[start + 1].w in GIVE)  # («Оба отдаю так: X и Y»)
    if k + 1 >= len(clause) or clause[k].w not in GIVE:
        return []  # (not «оба отдаю Вишне»: both votes to one player is asked elsewhere)
    if not any(t.word and t.w.startswith("голос") for t in ctx.prev_clause):
        return []
    j = k + 1
    while j < len(clause) and clause[j].w in _GIVE_SKIP:
        j += 1
    if clause[k + 1].w not in ("их", "оба") and not (ctx.votes > 1 and (
            _two_names(ctx, clause, j) or j < len(clause) and clause[j].w in V.VOTE_ORDINALS)) \
            and not _given_after_withdrawal(ctx, clause, k + 1):
        return []  # «Два голоса. Отдаю Мирону и Вишне», «… Отдаю так: первый — X, …»
    return [Kw(V.VOTE, k, j, weak=True)]


def _given_after_withdrawal(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """«Голос снимаю с Филина. Отдаю Ягуару.»: the clause before took a vote off, and a
    nickname right at ``k`` (after the verb of giving) is the whole rest of the clause: the
    vote given in its place."""
    if not any(t.word and t.w in V.WITHDRAW_WORDS for t in ctx.prev_clause):
        return False
    hit = nick_at(ctx, clause, clause_words(clause), k)
    return hit is not None and all(not t.word for t in clause[k + hit.length:])


def given_later(ctx: Ctx, clause: list[Tok], kws: list[Kw]) -> list[Kw]:
    """«Голоса сегодня, раз уж ярость, отдаю X и Y», «Свои два голоса я, подумав, отдаю X»:
    a vote word with no name after it and a verb of giving later in its clause, only a
    remark without names between them: the vote's names follow the verb (the keyword is
    stretched over it), perhaps after «за» («…, согласно событию дня, отдаю за X и за Y»)."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    drop = None
    for n, kw in enumerate(kws):
        if kw.cls != V.VOTE or kw.negated or kw.withdraw or \
                (kw.j < len(clause) and clause[kw.j].w in GIVE):
            continue
        nxt = n + 1 if n + 1 < len(kws) and kws[n + 1].weak and \
            clause[kws[n + 1].i].w in GIVE else None  # («голос свой тоже отдам ей»: «отдам»
        # is a keyword of its own, the «Парадокс» award's; here it gives the vote)
        stop = min(len(clause), kw.j + 12,
                   kws[n + 1].i + (nxt is not None) if n + 1 < len(kws) else len(clause))
        g = next((k for k in range(kw.j, stop) if words[k] in GIVE), None)
        if g is None or g + 1 >= len(clause) or any(
                clause[k].word and (words[k] in V.SENDER_WORDS or (
                    words[k] in V.PRONOUNS and not _their_count(words, k)) or
                    idx.exact(words, k, None) is not None)
                for k in range(kw.j, g)):
            continue
        at = g + 1 + (g + 2 < len(clause) and words[g + 1] in V.TITLES)  # («синьору Вито»)
        if at + 1 < len(clause) and words[at] == "за":
            at += 1  # «Голоса, согласно событию дня, отдаю за X и за Y»: «за» before the names
        if (nick_at(ctx, clause, words, at) is not None or _points_back(words, g + 1)) and any(
                clause[k].word and words[k] not in V.FILLERS for k in range(kw.j, g)):
            kws[n] = Kw(V.VOTE, kw.i, g + 1, weak=kw.weak)  # (fillers alone are read past)
            if nxt is not None and kws[nxt].i == g:
                drop = nxt
    return kws if drop is None else kws[:drop] + kws[drop + 1:]


#: Counts of the votes themselves («раз их два», «коль их сегодня две»).
_COUNTS = frozenset({"два", "две", "2", "оба", "обе"})


def _their_count(words: list[str], k: int) -> bool:
    """True when the pronoun at ``k`` is «их» counting the votes just named («Голоса
    сегодня, раз их два, отдаю X и Y»): the votes, no player."""
    return words[k] == "их" and any(w in _COUNTS for w in words[k + 1:k + 3])


#: «Голос свой тоже отдам ей»: a pronoun after the verb of giving, the player named before.
_POINTING = frozenset({"его", "ее", "её", "ему", "ей", "него", "нее", "неё", "нему", "ней"})


def _points_back(words: list[str], k: int) -> bool:
    """True when ``words[k]`` is a pronoun for a player named before, ending its phrase
    («… отдам ей, потому что …», «… отдаю ему же»)."""
    if k >= len(words) or words[k] not in _POINTING:
        return False
    n = k + 1 + (k + 1 < len(words) and words[k + 1] == "же")
    return n >= len(words) or not words[n].isalnum()


def _two_names(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when ``clause[k:]`` opens with two nicknames joined by «и» or «,», each perhaps
    after «за» («за X и за Y»)."""
    words = clause_words(clause)
    za = k + 1 < len(clause) and words[k] == "за"
    first = nick_at(ctx, clause, words, k + za) if k + za < len(clause) else None
    if first is None:
        return False
    n = k + za + first.length
    if n + 1 >= len(clause) or words[n] not in ("и", ",", "+"):
        return False
    n += 1 + (za and n + 2 < len(clause) and words[n + 1] == "за")
    return nick_at(ctx, clause, words, n) is not None


def za_alone(ctx: Ctx, clause: list[Tok], start: int) -> bool:
    """«За Чингачгука.» as a sentence or line of its own: «за» and one nickname and nothing
    else, the forum's short vote for that player (a clause after a comma is no such
    sentence: «спасибо Кузе, за Бобра…», nor one after «…»). «Я за X», «я — за X!», «мы за
    X» as the whole sentence are that vote too (the sender's own side: no member's order),
    also with a word of being sure after the player («За X, конечно!»),
    and so are they after a word that opens the sentence («Теперь за X.», «Ну а сегодня я за X.»),
    and with a second name («Я за X и за Y»), and with «тоже» («Я тоже за X»). A short prefix of two living nicks or more in X's place («За Бу.») is such a vote as well:
    the judge asks which player it is (:func:`engine.parse_types.unknown_name`)."""
    first = start
    while start < len(clause) and clause[start].w in ("—", "–", "«", "\""):
        start += 1  # («— За X, конечно», «"За X!"»: a line of a dialogue)
    start = agreed_with(ctx, clause, start)
    while start < len(clause) and start - first < 4 and (
            clause[start].w in _ZA_OPENERS or (start > first and clause[start].w == ",")):
        start += 1  # «Теперь за X.», «Ну, а теперь за X.»: the word that opens the sentence
    own_side = start < len(clause) and clause[start].w in _I_WE
    if own_side:
        start += 1
        while start < len(clause) and clause[start].w in ("—", "-", "–"):
            start += 1
    too = start < len(clause) and clause[start].w in _TOO
    if too:
        start += 1  # «Я тоже за X.», «Тоже за X.»: the sender joins a vote told of
    if start >= len(clause) or clause[start].w != "за" or start + 1 >= len(clause):
        return False
    before = ctx.text[:clause[first].start].rstrip(" \t")
    if too and _AGREED_BEFORE.search(before):
        before = before[:-1]  # «Согласен с Кузей, я тоже за X»: the agreement opens it
    if (before.rstrip("—–«\"").rstrip(" \t").endswith("\n") or
            not before.rstrip("—–«\" \t")) and before.rstrip(" \t\n"):
        # («— За X, конечно»: a line of a dialogue; the sender's own speech tag is blanked,
        # engine.parse._own_speech_tags_blanked, so a dash left after it on the line opens
        # another speaker's tag: «— За X! — крикнул Кузя» is Кузя's line, no vote)
        line_end = ctx.text.find("\n", clause[-1].end)
        rest = ctx.text[clause[-1].end:None if line_end < 0 else line_end]
        dash = re.search(r"[—–]", rest)
        if dash and not _own_tag(ctx, rest[dash.end():]):
            return False
        before = before.rstrip("—–«\" \t")
    if before and (before[-1] not in "\n.!?)" or before.endswith(("..", "…"))):
        return False  # («слежу за Сова... за Совой»: the name said again, no new sentence)
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, start + 1)
    if hit is None and clause[start + 1].cap and len(
            [n for n in short_prefix_owners(name_index(ctx.nicks), words[start + 1])
             if n in ctx.alive]) > 1:
        length = 1  # «За Бу.» with Бука and Бублик alive: the vote, and which one is asked
    elif hit is None:
        return False
    else:
        length = hit.length
    if own_side and hit is not None and _succeeded(ctx, hit):
        return False  # «Теперь я за Шкота, царствие ему морское»: whose role he took, no vote
    n = start + 1 + length
    if not own_side and not too and _TOLD_AFTER.match(ctx.text, clause[n - 1].end):
        return False  # «За Бекаса, кстати, многие голосуют»: others' votes told, none of his
    if n + 1 < len(clause) and clause[n].w in ("и", ","):
        # «Я за Ягуарчика и (за) Буку»: two names, the votes of a two-vote day or one too
        # many on another (the judge refuses that, never drops it unsaid)
        k = n + 2 if clause[n + 1].w == "за" else n + 1
        second = nick_at(ctx, clause, words, k) if k < len(clause) else None
        if second is not None:
            n = k + second.length
    if n < len(clause) and clause[n].w in (",", "—", "–") and _why_alone(ctx, clause, n + 1):
        return True  # «Сегодня я за Громова, он весь день молчит»: the vote, then why
    return all(not t.word or t.w in _SURE for t in clause[n:])  # («За X, конечно!»)


def _succeeded(ctx: Ctx, hit) -> bool:
    """True when the name ``hit`` (:class:`engine.names_hit.NameHit`, one player) is a dead
    member of the sender's clan whose role the sender holds now (the actor who took it, the
    son who became the boss): «(Теперь) я за X» is then the successor saying whose role he
    took (DECISIONS.md §4 Actor, Son), never a vote for the dead player."""
    me = ctx.state.players.get(ctx.sender.nick)
    if me is None or me.clan is None or not (me.actor_done or me.son_active):
        return False
    if hit.nick is None:
        return False  # (a name a living player fits as well: the vote's reading, as before)
    dead = ctx.state.players.get(hit.nick)
    return dead is not None and not dead.alive and dead.clan == me.clan and \
        dead.nick != me.nick and dead.role == me.role


#: Endings of the instrumental case of a name («за Холмсом», «за Совой», «за Марией»): after
#: «за» it follows or watches the player (:func:`za_instrumental`), an accusative votes.
_ABLT_ENDINGS = ("ом", "ем", "ём", "ой", "ей", "ёй")


def za_instrumental(ctx: Ctx, clause: list[Tok], start: int) -> int | None:
    """The index of «за» in a short «за X» sentence (:func:`za_alone`) whose name is written
    in the instrumental case («Сегодня за Холмсом.»: the witness's «слежу» left out, no vote
    «за Холмса»); None otherwise. The word must end as an instrumental and be no other case
    of the nick by the dictionary, and not be the nick written as it is («за Гномом» yes,
    «за Гном» no)."""
    k = next((n for n in range(start, len(clause)) if clause[n].w == "за"), None)
    if k is None or k + 1 >= len(clause) or not clause[k + 1].word:
        return None
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, k + 1)
    w = words[k + 1]
    if hit is None or hit.nick is None or hit.length != 1 or not w.endswith(_ABLT_ENDINGS) or \
            w == norm(hit.nick) or any(w == norm(part) for part in hit.nick.split()):
        return None
    from .names_case import word_cases
    cases = word_cases(name_index(ctx.nicks), w, hit.nick)
    return k if cases is None or cases == frozenset({"ablt"}) else None


#: Words that make the remark after a short vote more than why it is given: a doubt, a
#: contrast, a condition, another day, a joke («За X, но подумаю», «За X, если не
#: оправдается», «За X, шучу»).
_NOT_WHY = frozenset({"но", "хотя", "если", "или", "может", "наверное", "наверно", "хз",
                      "пока", "подумаю", "посмотрим", "шучу", "шутка", "завтра", "вчера", "бы",
                      "либо", "правда", "ли", "нет", "а", "мб", "вроде", "кажется", "наверн"})


#: Words after «не» in a doubt («не знаю», «не уверен»).
_UNSURE = frozenset({"знаю", "уверен", "уверена", "решил", "решила", "точно", "факт", "знаем"})


def _why_alone(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when ``clause[k:]``, the remark after a short vote's player, only says why: a few
    words with no nickname, no move word, no question and no word of :data:`_NOT_WHY`."""
    rest = [t for t in clause[k:] if t.word]
    if not rest or len(rest) > 12 or any(t.w in _NOT_WHY for t in rest) or any(
            a.w == "не" and b.w in _UNSURE for a, b in zip(rest, rest[1:])):
        return False  # («За X, не уверен»: a doubt; «…, мне он не нравится»: why)
    if "?" in ctx.text[clause[k].start:clause[-1].end + 1]:
        return False
    from .grammar_keywords import find_keywords
    return not name_written(ctx, clause, k, len(clause)) and \
        not find_keywords(clause[k:], set(), name_index(ctx.nicks))


def _own_tag(ctx: Ctx, tag: str) -> bool:
    """True when the speech tag ``tag`` (the words after a dialogue line's dash) names the
    sender: «я» or the first word of his nickname («— мяукает Мурзик»)."""
    words = re.findall(r"\w+", tag.lower().replace("ё", "е"))
    own = ctx.sender.nick.lower().replace("ё", "е").split()[0]
    return "я" in words or own in words


#: «Я за X», «мы за X»: the sender's side named before a short vote (:func:`za_alone`).
_I_WE = frozenset({"я", "мы"})

def agreed_with(ctx: Ctx, clause: list[Tok], k: int) -> int:
    """The index after «(я) согласен с X,» at ``k`` when «тоже» or «за» follows it
    («Согласна с Зефиркой, тоже за Блонди», «согласен с Кузей, я тоже за Бобра»,
    «Согласен с Кузей, за Бобра»): the sender joins X's vote, the short vote comes next;
    ``k`` otherwise."""
    n = k + (k < len(clause) and clause[k].w == "я")
    if n + 2 >= len(clause) or clause[n].w not in _AGREE or \
            clause[n + 1].w not in ("с", "со"):
        return k
    hit = nick_at(ctx, clause, clause_words(clause), n + 2)
    if hit is None:
        return k
    n += 2 + hit.length
    if n + 1 >= len(clause) or clause[n].w != ",":
        return k
    rest = n + 1 + (clause[n + 1].w in _I_WE)
    return n + 1 if rest < len(clause) and (clause[rest].w in _TOO or clause[rest].w == "за") \
        else k  # («Согласен с Кузей, за Бобра»: the short vote right after the agreement)


#: «согласен», «согласна», «согласны»: the sender agrees with a player.
_AGREE = frozenset({"согласен", "согласна", "согласны"})

#: «(Я) согласен с Кузей,» opening the sentence before a short vote with «тоже».
_AGREED_BEFORE = re.compile(
    r"(?:^|[\n.!?])\s*(?:я\s+)?соглас(?:ен|на|ны)\s+со?\s+[^,.!?\n]{1,40},$", re.IGNORECASE)

#: After a short «за X»: a comma (and an aside between commas), then up to two words and a
#: vote verb in the third person or the plural past («За X, кстати, многие голосуют», «За X,
#: говорят, проголосуют все»): the votes of others told, no vote of the sender's
#: (:func:`za_alone`).
_TOLD_AFTER = re.compile(
    r"[ \t]*,[ \t]*(?:(?:кстати|говорят|похоже|видимо|наверное|конечно|впрочем)[ \t]*,[ \t]*)?"
    r"(?:[^\W\d_]+[ \t]+){0,2}(?:про)?голос(?:ует|уют|овали)\b", re.IGNORECASE)

#: «Я тоже за X», «тоже за X»: the sender joins others' vote (:func:`za_alone`).
_TOO = frozenset({"тоже", "также", "тож"})

#: Words after the player of a short vote that only say the sender is sure («За X,
#: конечно!», «За X — однозначно.»; :func:`za_alone`).
_SURE = frozenset({"конечно", "однозначно", "безусловно", "разумеется", "естественно",
                   "окончательно", "точно"})

#: Words that open the sentence of a short vote («Теперь за X.», «Ну а сегодня я за X.»,
#: «Итак, за X.»; :func:`za_alone`).
_ZA_OPENERS = frozenset({"а", "ну", "теперь", "тогда", "итак", "значит", "короче", "сегодня",
                         "сейчас", "нынче"})


#: The numbers of a two-vote day's votes («голос 1 — Жмых»).
NUMBERED = frozenset({"1", "2", "№1", "№2"}) | V.VOTE_ORDINALS


def bare_pair(ctx: Ctx, clause: list[Tok], start: int) -> bool:
    """«Вишня и Мирон», «Вишня, Мирон» as a clause of its own: exactly two living players'
    nicks joined by «и», «,», «+» and nothing else (the two votes of a rage or voice day)."""
    words = clause_words(clause)
    names: list[str] = []
    k, want, loose = start, True, False
    while k < len(clause):
        t = clause[k]
        if not want and len(names) == 2 and _of_both(ctx, clause, k):
            break  # «Кот и Сашка, оба мутные»: a remark on both after the two names
        if not want and t.w in ("и", ",", "+", "/"):
            want, k = True, k + 1
            continue
        hit = nick_at(ctx, clause, words, k) if want and t.word else None
        # («Тиму и Лёху»: a capitalised pet form is a name as well)
        if hit is None and want and t.word and not loose and len(words[k]) >= 3 and \
                (near := name_index(ctx.nicks).approximate(words[k])) is not None and \
                near.kind in ("pet", "part") and near.nick is not None:
            hit, loose = near, True  # («бугель и фейки»: Fakie_360 by its sound, lower
            # case, beside a nick read as written; one such word a pair, never two)
        if hit is None or (hit.nick is None and not hit.candidates) or (
                hit.nick is not None and hit.nick not in ctx.alive):
            return False
        names.append(hit.nick or hit.candidates)  # («Таню и Бармалея»: one of two Tanyas)
        want, k = False, k + hit.length
    return len(names) == 2 and not want and names[0] != names[1] and \
        ctx.sender.nick not in names and any(isinstance(n, str) for n in names)


def lone_name(ctx: Ctx, clause: list[Tok], start: int) -> bool:
    """True when ``clause[start:]`` is one living player's nick and nothing else but
    punctuation («на ярость Мотя» after the day's event: the one vote written)."""
    if start >= len(clause) or not clause[start].word:
        return False
    hit = nick_at(ctx, clause, clause_words(clause), start)
    return hit is not None and hit.nick is not None and hit.nick in ctx.alive and \
        hit.nick != ctx.sender.nick and \
        not any(t.word for t in clause[start + hit.length:])


#: Words opening a remark on both players named («…, оба мутные», «— они спелись»).
_BOTH = frozenset({"оба", "обе", "обоих", "они", "их", "эти", "эта", "парочка", "дуэт"})


def _of_both(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when ``clause[k:]`` is «,» or «—» and a remark on both players just named that
    names nobody («…, оба мутные», «— они весь день спелись»)."""
    if clause[k].w not in (",", "—", "-") or k + 1 >= len(clause) or \
            clause[k + 1].w not in _BOTH:
        return False
    words = [t.w for t in clause]
    return not any(t.word and nick_at(ctx, clause, words, n) is not None
                   for n, t in enumerate(clause) if n > k + 1)


def votes_header(ctx: Ctx, clause: list[Tok], start: int) -> list[Kw]:
    """«Ярость, значит по два голоса. Мои: Кот и Сашка.»: «мои» (or «оба») and a colon or a
    dash, right after a clause that speaks of votes, heads those votes (a vote keyword over
    the heading; empty list when the clause is none)."""
    if start + 2 >= len(clause) or clause[start].w not in ("мои", "оба", "обa") or \
            clause[start + 1].w not in (":", "—", "-"):
        return []
    if not any(t.word and t.w.startswith("голос") for t in ctx.prev_clause):
        return []
    return [Kw(V.VOTE, start, start + 2)]


#: «Голос тоже», «линч также»: the keyword's whole window says «the same player».
_TOO = frozenset({"тоже", "также", "аналогично"})


#: «Голос — тот же», «линч туда же»: the whole window names the player of the move just
#: before (in the letter; «тот же, что и вчера» names a word more and is asked about).
_SAME_SAID = frozenset({
    ("тот", "же"), ("тот", "же", "самый"), ("того", "же"), ("того", "же", "самого"),
    ("тому", "же"), ("та", "же"), ("та", "же", "самая"), ("ту", "же"), ("той", "же"),
    ("туда", "же"), ("на", "того", "же"), ("за", "того", "же"), ("за", "ту", "же"),
    ("на", "ту", "же"), ("в", "того", "же"), ("в", "ту", "же"), ("тоже", "туда"),
    ("туда", "же", "самое"), ("тот", "же", "игрок"),
})


#: Moves aimed against a player: «тот же» after one of them, for another one, means the same
#: player («МО — X. Голос — тот же»); after a heal or a check it means «unchanged».
_AGAINST = frozenset({"hunt", "maniac_kill", "clan_kill", "mortar", "beat", "vote"})

#: A letter changing an earlier one («меняю: …», «поменяй …») or correcting its own slip («Ой,
#: не то: бью X, а не Y», «поправка», «вместо»): «тот же» there keeps a move.
_CHANGING = re.compile(r"меня[юей]|поменя|измен|замен|передума|как раньше|прежн|"
                       r"(?<!\w)не то(?!\w)|,\s*а не(?!\w)|поправ|исправ|ошиб|вместо|перепут|"
                       r"опечат")

#: «Голос тот же», «линч тот же самый»: the nominative agrees with the move noun itself, so it
#: says either «the vote is unchanged» or «the same player as the move before»; a host asks
#: (not «голос за того же», «туда же»: a player or a place, the same as just named).
_SAME_OR_KEPT = frozenset({("тот", "же"), ("тот", "же", "самый")})


def _same_player_meant(ctx: Ctx, clause: list[Tok], kw: Kw, items: list[Item]) -> bool:
    """True when «тот же» after keyword ``kw`` names the target of the move just before:
    that move (read in this clause or the one right before, no problem) and this one are
    both aimed against a player, and the letter changes no earlier letter."""
    if ctx.last_hit_at < 0 or ctx.last_hit_at not in (
            clause[0].start, ctx.prev_clause[0].start if ctx.prev_clause else -2):
        return False
    last = next((it for it in reversed(items) if it.move is not None or it.problem), None)
    if last is None or last.move is None or last.move.action not in _AGAINST or \
            last.move.target != ctx.last_hit[0].nick:
        return False
    if action_for(kw.cls, ctx.sender, ctx.turn) not in _AGAINST:
        return False
    return _CHANGING.search(ctx.text.lower()) is None


def same_again(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int, flags: dict,
                items: list[Item]) -> bool:
    """«МО в Мирона. Голос тоже.»: a keyword followed by «тоже» / «также» and nothing else
    names the single target of the move just before (``ctx.last_hit``); the move is judged
    as if that player were written. True when the clause was read so."""
    if ctx.last_hit is None or kw.negated or kw.withdraw or kw.j >= hi:
        return False
    said = tuple(t.w for t in clause[kw.j:hi] if t.word)
    if said not in _SAME_SAID and (clause[kw.j].w not in _TOO or any(
            t.word and t.w not in _TOO for t in clause[kw.j:hi])):
        return False
    if any(t.w in _TOO for t in clause[max(0, kw.i - 1):kw.i]):
        return False
    if said in _SAME_SAID and not _same_player_meant(ctx, clause, kw, items):
        # «голос сова … UPD: передумал, ворую у X. голос тот же»: the letter's own vote of
        # this kind, read before, stays as it is (nothing more to read)
        return _kept_in_letter(ctx, kw, items)  # («меняю: лечу X. линч тот же»: asked)
    actor = ctx.sender
    text = span(ctx.text, clause, kw.i, last_word(clause, kw.j, hi))
    if said in _SAME_OR_KEPT and kw.cls == V.VOTE:
        # «Бью Ромашку. Голос тот же.»: the vote kept from an earlier letter, or a vote for
        # Ромашка? Both are read by players; asked, never a vote applied on a guess
        action = action_for(kw.cls, actor, ctx.turn)
        items.append(Item(clause[kw.i].start, problem=problem(text, "unparsed", SAME_OR_KEPT,
                                                                  action=action),
                          tried=action))
        return True
    tg = Targets(hits=[(ctx.last_hit[0], kw.j, hi)], end=hi)
    item = judge(ctx, actor, kw, action_for(kw.cls, actor, ctx.turn), tg, text, flags, False)
    if item is None:
        return False
    item.pos = clause[kw.i].start
    if item.move is not None:
        item.move = item.move.with_span(text)
    items.append(item)
    return True


def _kept_in_letter(ctx: Ctx, kw: Kw, items: list[Item]) -> bool:
    """True when ``items`` hold exactly one move of the action of keyword ``kw``, read with no
    problem: «тот же» after the keyword keeps that move of the same letter."""
    action = action_for(kw.cls, ctx.sender, ctx.turn)
    same = [it for it in items if it.move is not None and it.move.action == action]
    return bool(action) and len(same) == 1 and not any(
        it.problem is not None and it.tried == action for it in items)


#: Words between the owner of a vote and the dash before its target («Голос Остапа на суде —
#: X»).
_OWNER_SKIP = frozenset({"на", "суде", "линче", "сегодня", "дня"})


def owner_end(ctx: Ctx, clause: list[Tok], kw: Kw) -> int | None:
    """«Голос Остапа — Шапокляк» from Остап: right after the vote word stands the sender's
    own nickname in a form that is no nominative, then a dash or a colon and the target: the
    nickname owns the vote, it is no target. The index after the nickname, or None (another
    player's genitive, «Голос Мурзика — X», is still read, and asked about)."""
    k = kw.j
    if kw.cls != V.VOTE or k >= len(clause) or not clause[k].word:
        return None
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, k)
    if hit is None or hit.nick != ctx.sender.nick or not object_form(ctx, words, k, hit):
        return None
    end = m = k + hit.length
    while m < len(clause) and clause[m].word and clause[m].w in _OWNER_SKIP:
        m += 1
    if m + 1 < len(clause) and clause[m].w in ("—", "–", "-", ":") and clause[m + 1].word:
        return end
    return None


#: «Один — Арман, второй — Ануш»: the number of the first vote said as a count.
_ONE = frozenset({"один", "одним", "одно"})

#: The ordinals of the second vote after it.
_SECOND_VOTE = frozenset({"второй", "другой", "второе", "другое", "вторым"})


def one_then_second(ctx: Ctx, clause: list[Tok], start: int) -> list[Kw]:
    """«Один — Арман, второй — Ануш» on a two-vote day: a clause opening with «один», a dash
    or a colon and a nickname (or «за»/«на» and a nickname), with «второй» (or «другой») and a dash after it, gives the
    two votes; so does «один за Арман, второй за Ануш» with «за» for the dash before both
    players as «Первый — X, второй — Y» does: a vote keyword over «один» (empty list when
    the clause is none)."""
    if ctx.votes < 2 or start + 2 >= len(clause) or clause[start].w not in _ONE:
        return []
    marks = ("—", "–", "-", ":")
    bare = clause[start + 1].w == "за"  # «один за Шкафа, второй за Котофея»: «за», no dash
    if clause[start + 1].w not in marks and not bare:
        return []
    words = clause_words(clause)
    at = start + 2 if bare else (
        start + 3 if clause[start + 2].w in ("за", "на") and start + 3 < len(clause) else start + 2)
    if nick_at(ctx, clause, words, at) is None:
        return []  # («Один — за Шкафа, второй — за Котофея»: «за» before each)
    after = ("за",) + marks if bare else marks  # (with no dash, «за» before the second too)
    if not any(clause[k].w in _SECOND_VOTE and clause[k + 1].w in after
               for k in range(start + 3, len(clause) - 1)):
        return []
    return [Kw(V.VOTE, start, start + 1)]


#: The ordinal of a two-vote day's first vote written bare before its player.
_FIRST_BARE = frozenset({"первый", "первое"})


def bare_ordinals(ctx: Ctx, clause: list[Tok], start: int) -> list[Kw]:
    """«первый галка второй малой» on a two-vote day, with no dash nor colon: a clause
    opening with «первый» (or «первое») right before a nickname (or «за» and a nickname),
    and «второй» (or «другой») later before a word, gives the two votes as «Первый —
    X, второй — Y» does: a vote keyword over «первый» (empty list when the clause is none).
    Not «первый раз проверяю X» (no player right after the ordinal)."""
    if ctx.votes < 2 or start + 3 >= len(clause) or clause[start].w not in _FIRST_BARE:
        return []
    words = clause_words(clause)

    def named(k: int) -> str | None:
        if k < len(clause) and clause[k].w in ("за", "на"):
            k += 1
        hit = nick_at(ctx, clause, words, k) if k < len(clause) and clause[k].word else None
        return hit.nick if hit is not None else None

    first = named(start + 1)
    if first is None or first == ctx.sender.nick:
        return []
    second = [k + 1 for k in range(start + 2, len(clause) - 1) if clause[k].w in _SECOND_VOTE]
    if len(second) != 1 or not clause[second[0]].word or named(second[0]) == first:
        return []  # (its player is read as the heading's; a lower-case word may be a nick)
    return [Kw(V.VOTE, start, start + 1)]


#: The vote nouns another player's vote is reported by («Голос Васи — за Петю»).
_VOTE_NOUNS = frozenset({"голос", "голоса"})


def other_owner(ctx: Ctx, clause: list[Tok], kw: Kw) -> int | None:
    """«Голос деда Макара: Михалыч», «Голос Васи — за Петю», «У Маши голос за Лося» from a
    player other than the one named: another player's vote reported (or asked about), never
    the sender's vote for the owner nor for the player after him. The index after the owner's
    nickname (where the reported target starts), or None when the vote word has no owner
    there or the owner is the sender (his own dictated vote, :func:`owner_end`)."""
    if kw.cls != V.VOTE or clause[kw.i].w not in _VOTE_NOUNS:
        return None
    words = clause_words(clause)
    if kw.i >= 2 and clause[kw.i - 2].w == "у" and kw.j == kw.i + 1:
        # «У Маши голос за Лося»: the owner before the vote word
        hit = nick_at(ctx, clause, words, kw.i - 1)
        if hit is not None and hit.length == 1 and hit.nick is not None and \
                hit.nick != ctx.sender.nick and kw.j < len(clause) and \
                clause[kw.j].w in ("за", "на", "—", "–", "-", ":"):
            return kw.j
        return None
    k = kw.j
    if k >= len(clause) or not clause[k].word or kw.j != kw.i + 1:
        return None
    hit = nick_at(ctx, clause, words, k)
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick:
        return None
    if clause[k].w.startswith("\x00"):  # a nick with a title, blanked: «деда Макара»
        if norm(ctx.text[clause[k].start:clause[k].end]) == norm(hit.nick):
            return None  # written in the nominative
    elif not object_form(ctx, words, k, hit):
        return None
    end = m = k + hit.length
    while m < len(clause) and clause[m].word and clause[m].w in _OWNER_SKIP:
        m += 1
    if m < len(clause) and clause[m].w in ("—", "–", "-"):
        return None  # «Голос Киры — Бука»: both names read, too many votes: asked already
    if m < len(clause) and clause[m].w == ":":
        m += 1
    if m < len(clause) and clause[m].w in ("за", "на"):
        m += 1
    if m == end or m >= len(clause) or not clause[m].word:
        return None
    target = nick_at(ctx, clause, words, m)
    return end if target is not None else None
