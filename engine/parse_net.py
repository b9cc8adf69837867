"""The precision net (engine.parse, issue 11): a list of names after a move word of which the
move did not read every one is asked about, never applied silently in part.

«Голоса: Вишня и Барсик» (no player Барсик), «голоса вишня барсик» from a phone: the reader
took one name or none; a host would not record one vote and drop the other. The net looks at
the names written as a list right after the keyword (joined by «,», «и», «+», «/» or, on a
phone, by a space only) and compares them with the targets the move took.
"""

from __future__ import annotations

import re


from . import grammar_vocab as V
from .grammar_asides import name_pair
from .grammar_given_aside import given_then_nick, name_after_nick
from .grammar_delegate import awaits_consent, member_nominates
from .grammar_keywords import Kw
from .grammar_rules import problem
from .grammar_target_words import described
from .grammar_target_words import next_verb_object
from .grammar_tokens import Tok, span, clause_words
from .names import NameHit, name_index
from .names_merge import said_aloud
from .lexicon import lexicon
from .words import CYR, first_singular, is_known_word, is_verb, is_interjection, person_name, \
    role_words
from .parse_types import Ctx, Item, unknown_name
from .roles import ROLE_CIVILIANS

#: Words joining the names of a list («Вишня и Мирон», «Вишня + Мирон»).
_JOINERS = frozenset({",", "и", "/", "+", "&", "плюс", "and"})

#: Punctuation that may stand inside a list without ending it.
_QUOTES = frozenset({"«", "»", '"', "“", "”", "„"})

#: Words before the first name that do not end the list («Голоса: за Вишню …», «оба — …»).
_LEAD = frozenset({":", "—", "-", "→", "оба", "обa", "два", "голоса"}) | _QUOTES

#: Capitalised words that address the host or the players, never a target.
_ADDRESS = frozenset({"ведущий", "ведущая", "ведущему", "ведущей", "ребята", "друзья", "народ",
                      "коллеги", "господа", "всем", "вам", "спасибо", "пожалуйста", "плиз"})


def net(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int, items: list[Item], mark: int) -> None:
    """Check the items keyword ``kw`` gave (``items[mark:]``, its window ``kw.j`` … ``hi``) with
    the precision net: :func:`unread_names`, :func:`told`, :func:`wished`, :func:`between`,
    :func:`by_himself`, :func:`suggested_kill`. Edits ``items`` in place."""
    if kw.withdraw or kw.negated or kw.hypothetical or kw.reported or kw.imperative:
        return
    words = {t.w for t in clause}  # one pass: most checks need only one word to be there
    if not _JOINERS.isdisjoint(words) or (kw.cls == V.VOTE and ctx.votes > 1):
        unread_names(ctx, clause, kw, hi, items, mark)
    if len(items) > mark and items[-1].move is not None and kw.alt == V.VOTE and \
            kw.cls != V.VOTE:
        told(ctx, clause, kw, hi, items, mark)
    if len(items) > mark and items[-1].move is not None and not _WISHED.isdisjoint(words):
        wished(clause, kw, items, mark)
    if len(items) > mark and items[-1].move is not None:
        if not _BY_HIMSELF.isdisjoint(words):
            by_himself(ctx, clause, kw, hi, items, mark)
        if "между" in words:
            between(ctx, clause, items, mark)
        suggested_kill(ctx, clause, kw, items, mark)
        if kw.cls == V.VOTE and ctx.turn.event == "choose_me":
            immune_said(ctx, clause, kw, items, mark)


def _apposed_name(idx, clause: list[Tok], words: list[str], k: int, hi: int, before,
                  read: set[str]) -> bool:
    """True when the unread capitalised word at ``k`` is a given name said of a player the
    move read (:mod:`engine.grammar_given_aside`): after the comma that follows his one-word
    nick (``before``, the list's element before it), or before a comma and his nick."""
    if before is not None and before[1] == 1 and before[2].nick in read and \
            before[0] + 2 == k and clause[k - 1].w == "," and \
            name_after_nick(idx, clause, words, k - 1, hi, before[2].nick, before[0]) is not None:
        return True
    put = given_then_nick(idx, clause, words, k, hi)
    return put is not None and put[0].nick in read


def _avenged(ctx: Ctx, idx, clause: list[Tok], k: int, hit) -> bool:
    """True when the name at token ``k`` (after «за»; ``hit`` as the list read it, or None)
    names a dead player in one of its readings: the one a move on another player avenges
    («бью Кузю за Петю»), no target of it (:func:`engine.parse_judge._avenged`)."""
    if hit is None:
        from .parse_unread import player_at
        hit = player_at(idx, clause, clause_words(clause), k)
    if hit is None:
        return False
    nicks = (hit.nick,) if hit.nick is not None else hit.candidates
    return any(n in ctx.state.players and n not in ctx.alive for n in nicks)


def unread_names(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int, items: list[Item],
                 mark: int) -> None:
    """Check the move read from keyword ``kw`` (its items are ``items[mark:]``) against the
    list of names written right after it (tokens ``kw.j`` … ``hi``).

    A name of the list (a roster nick, or a word that may be one: a capital, a word of no
    dictionary, a quote) that the move did not take is a problem (``unknown_name`` with the
    word; ``unparsed``/``unread_name`` for a roster nick). A vote on a two-vote day keeps the
    names it read (the other vote is asked about) when the list holds no more roster names
    than votes; any other move, a vote on a one-vote day and a vote of a longer list («линч
    котэ кексик юляша»: which two?) is replaced by the problem (precision first: never one
    of two names applied silently). Nothing is done when the move already asks."""
    new = items[mark:]
    if any(it.problem is not None or it.withdraw is not None for it in new):
        return
    spaced = kw.cls == V.VOTE and ctx.votes > 1
    if not spaced and not any(t.w in _JOINERS for t in clause[kw.j:hi]):
        return  # one name, no list
    elements, whole = _name_list(ctx, clause, kw.j, hi, spaced)
    if len(elements) < 2:
        return
    moves = [it for it in new if it.move is not None]
    read: set[str] = set()
    for it in moves:
        m = it.move.move if it.move.action == "on_behalf" and it.move.move else it.move
        read.update(m.targets or ((m.target,) if m.target else ()))
    idx = name_index(ctx.nicks)
    unread = []
    cw = None
    for n, (k, length, hit) in enumerate(elements):
        if hit is None and clause[k].cap and (n == 0 or elements[n - 1][2] is not None):
            cw = cw or clause_words(clause)
            if _apposed_name(idx, clause, cw, k, hi, elements[n - 1] if n else None, read):
                continue  # «Лопахина, Ермолая Алексеича», «Костеньку нашего, Треплева»
        if k > 0 and clause[k - 1].w == "за" and moves and \
                all(it.move.action not in ("vote", "watch") for it in moves) and \
                _avenged(ctx, idx, clause, k, hit):
            continue  # «стреляю в Бобра, за Максика» with Максик dead: whom he avenges
        if hit is not None:
            if hit.nick in read or (hit.nick is None and read & set(hit.candidates)):
                continue
            if hit.nick == ctx.sender.nick and k == elements[-1][0]:
                continue  # «голос Вишне Жора»: the sender signs
        else:
            t = clause[k]
            approx = idx.approximate(t.w) or (
                idx.capital_reading(t.w) if t.cap or t.quoted else None) or (  # «Голоса: Бин и X»
                described(idx, t.w, role_words()) if "-" in t.w else None) or (  # «Лену-фанатку»
                idx.fit(t.w, getattr(ctx, "alive", None)) if t.cap or t.quoted else None)
            # («Голоса Тартар и Крем» for «Crème Brûlée»: the word the move read by its fit)
            if approx is not None and (approx.nick in read or read & set(approx.candidates)):
                continue
        unread.append((k, length, hit))
    if not unread:
        return
    if not moves and all(hit is not None for _, _, hit in unread):
        return  # the move was left out for a reason of its own (talk about the players)
    if not moves and not whole and not any(hit is not None for _, _, hit in elements):
        return  # no player named, and more words after: not a list of players
    k, length, hit = next((u for u in unread if u[2] is None), unread[0])
    end = elements[-1][0] + elements[-1][1]
    text = span(ctx.text, clause, kw.i, end)
    action = next((it.tried for it in new if it.tried), "") or \
        (moves[0].move.action if moves else "")
    role = hit is None and not clause[k].cap and _hidden_role_word(clause[k].w)
    kills = [it for it in moves if it.move.action == "clan_kill"]
    second = role and kills and len(kills) == len(moves) and len(read) == 1 and \
        ctx.turn.event == "full_moon" and len(elements) == 2
    if second:
        p = problem(text, "unparsed", "second_kill")  # «Полнолуние! Убиваем X и доктора»
    elif role:
        p = problem(text, "unparsed", "role_target")  # «Голос за X и доктора»: who is he?
    elif hit is None:
        word = span(ctx.text, clause, k, k + length)
        p = unknown_name(ctx, text, word)
    else:
        p = problem(text, "unparsed", "unread_name")
    votes = [it for it in moves if it.move.action == "vote"]
    keep = second or votes and len(votes) == len(moves) and ctx.turn.votes_per_player > 1 and \
        len(read) < ctx.turn.votes_per_player and \
        sum(e[2] is not None for e in elements) <= ctx.turn.votes_per_player
    # («линч котэ кексик юляша» on a two-vote day: which two of three? none is kept)
    if not keep:
        dropped = {id(it) for it in moves}
        items[mark:] = [it for it in new if id(it) not in dropped]
    items.append(Item(clause[kw.i].start, problem=p, tried=action))


def _name_list(ctx: Ctx, clause: list[Tok], lo: int, hi: int,
               spaced: bool) -> tuple[list[tuple], bool]:
    """The names written as a list from token ``lo`` (prepositions, a colon or a dash before
    the first): ``[(index, length, NameHit or None)]`` (None: a word that may be a name). A
    list followed by a word that is none of its own ends before its last name («Голос за
    Вишню, Мирон прав»: Мирон opens a new statement). ``spaced``: names may follow each other
    with a space only (two votes typed on a phone: «голоса вишня мирон»); such a name must be
    a nick, or a word near a nick (:func:`_near_nick`). Also returns whether the list runs to
    ``hi`` (nothing else follows it)."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    out: list[tuple] = []
    k, want = lo, True
    governed = -1  # the index of a word taken by :func:`_prep_repeated`
    first_spaced = None  # index in ``out`` of the first name typed after a space only
    while k < hi:
        t = clause[k]
        w = t.w
        if w in _QUOTES or (not out and w in _LEAD) or (want and t.word and w in V.PREPOSITIONS):
            k += 1
            continue
        if not want and w in _JOINERS:
            want = True
            k += 1
            continue
        if not t.word:
            break
        if not want and not spaced:
            break
        if not want and first_spaced is None:
            first_spaced = len(out)
        hit = idx.exact(words, k, None)
        if hit is None and t.cap and k + 1 < hi and clause[k + 1].cap and \
                (said := said_aloud(idx, t, clause[k + 1])) is not None:
            hit = NameHit(said, (said,), "exact", 2)  # «Мэри Ми» for Marry_Me
        if hit is not None:
            n = k + hit.length
            if n < hi and clause[n].word and clause[n].cap and \
                    clause[n].start - clause[n - 1].end == 1 and \
                    (pair := name_pair(idx, words, n, hit)) is not None:
                hit = pair  # «Ковалёва Ирина», «Елену К.»: one name of two words
            out.append((k, hit.length, hit))
            k += hit.length
        elif not want and not (_near_nick(idx, t) or _may_be_name(t, k)):
            break
        elif _may_be_name(t, k) or not want:
            out.append((k, 1, None))
            k += 1
        elif len(w) > 2 and (part := idx.approximate(w)) is not None and \
                part.kind in ("part", "pet"):
            out.append((k, 1, part))  # «бегемот» for «Кот Бегемот»
            k += 1
        elif _prep_repeated(clause, lo, k, out):
            out.append((k, 1, None))  # «за смита и за рыжего»: the preposition says a player
            governed = k
            k += 1
        elif _role_in_list(clause, k, hi, out):
            out.append((k, 1, None))  # «Убиваем X и доктора»: a hidden role where a player goes
            k += 1
        else:
            break
        want = False
    if out and k < hi and not (out[-1][0] == governed and first_singular(clause[k].w)) and \
            (clause[k].word and not clause[k].cap and
                           (not want or clause[k - 1].w in ("и", "плюс"))
                           or not want and clause[k].w in ("—", "-", ":")):
        # «… Мирон прав», «за Мироном и так все следят», «Мирон — молчун»: the last name
        # opens a sentence of its own (not «… Доктору Кто»: a name of two words)
        out.pop()
    if len(out) > 1 and out[-1][0] != governed and next_verb_object(clause, k):
        out.pop()  # «ворую у X и катюху мочим»: the last name is the next move's object
    if first_spaced is not None and k < hi:
        del out[first_spaced:]  # «голоса вишня барсик прав»: names side by side only at the end
    return out, k >= hi


#: Demonstratives and the like after a repeated preposition: no player's place («у той,
#: которая Соня», «за то, чтобы …»).
_DEMONSTRATIVE = frozenset({"то", "того", "тот", "той", "ту", "тому", "тем", "те", "тех",
                            "это", "этого", "этой", "эту", "этому", "этим", "этих", "всех",
                            "всё", "все", "всем", "кого", "кому", "него", "нее", "неё", "них",
                            "себя", "себе", "меня", "мне", "всякий", "случай", "всякого"})


def _prep_repeated(clause: list[Tok], lo: int, k: int, out: list[tuple]) -> bool:
    """True when the word at ``k`` follows a joiner and the preposition that stood before
    the list's first name («голосую за Смита и за рыжего»): a player's place, whatever the
    word (not a pronoun, a filler or «то»: «за Смита и за то, чтобы …»)."""
    if not out or k < 2 or not clause[k].word or clause[k - 2].w not in _JOINERS:
        return False
    prep = clause[k - 1].w
    first = out[0][0]
    if prep not in V.PREPOSITIONS or first < 1 or clause[first - 1].w != prep or \
            first - 1 < lo:
        return False
    w = clause[k].w
    return len(w) > 2 and w not in V.PRONOUNS and w not in V.FILLERS and \
        w not in _ADDRESS and w not in _DEMONSTRATIVE and \
        not role_words().get(w) and CYR.search(w) is not None


def _hidden_role_word(w: str) -> bool:
    """True when ``w`` names a role nobody knows the holder of («доктора», «комиссара»)."""
    return role_words().get(w) in _HIDDEN_ROLES


#: Roles whose holders the players do not know (a move on one names nobody).
_HIDDEN_ROLES = frozenset(ROLE_CIVILIANS) | {"indian"}


def _role_in_list(clause: list[Tok], k: int, hi: int, out: list[tuple]) -> bool:
    """True when the lower-case word at ``k`` names a hidden role right after «и» or «,»
    that follows a player of the list and ends it («Убиваем Раскольникова и доктора»,
    «Голос за X, комиссара»): the writer put a role where a player goes."""
    t = clause[k]
    if not out or out[-1][2] is None or t.cap or clause[k - 1].w not in ("и", ",") or \
            not _hidden_role_word(t.w):
        return False
    return k + 1 >= hi or not clause[k + 1].word


def _near_nick(idx, t: Tok) -> bool:
    """A word typed after a name with a space only may be the next name when it is near a
    nick («щипач», «витязь»)."""
    near = idx.approximate(t.w) if len(t.w) > 2 else None
    return near is not None


def _may_be_name(t: Tok, k: int) -> bool:
    """A word that may be a nickname the roster does not hold as written: a capital inside
    the clause, a quote, no dictionary word or a person's name («тацит»); never a word of
    the grammar."""
    w = t.w
    if len(w) < 2 or w in V.FILLERS or w in V.PREPOSITIONS or w in _JOINERS or \
            w in _ADDRESS or w == V.NEGATION or w in V.PRONOUNS or \
            (not t.cap and (w in role_words() or is_interjection(w))):
        return False  # («ищу комисара, ромашка»: a role, then the player; not «Доктору Кто»;
        # not «хехе»)
    if lexicon().words.get(w) is not None:
        return False  # «стреляю в Шарапыча, МО»: the move's own label, said after, no name
    # a Latin word in lower case («sorry», «pls») is no nick the roster misses
    return (t.cap and k > 0) or t.quoted or (CYR.search(w) is not None and (
        not is_known_word(w) or person_name(w)))


def told(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int, items: list[Item], mark: int) -> None:
    """«У неё иммунитет на линч»: an event's words read as a vote when the day has no such
    event («иммунитет», «страх») vote only for a name written after them; a vote for a
    pronoun's player is a statement about her, no move."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    read = _targets(items[mark:])
    for k in range(kw.j, hi):
        if not clause[k].word:
            continue
        hit = idx.exact(words, k, None) or (idx.approximate(words[k]) if len(words[k]) > 2
                                            else None)
        if hit is not None and read & ({hit.nick} | set(hit.candidates)):
            return  # «на страх голосую за петю»: the name is written
    items[mark:] = [it for it in items[mark:]
                    if it.move is None or it.move.action != "vote"]


#: «хотел(а) за X, но …»: a wish the sender gave up, in the past.
_WISHED = frozenset({"хотел", "хотела", "хотели", "думал", "думала", "собирался",
                     "собиралась", "планировал", "планировала"})


def wished(clause: list[Tok], kw: Kw, items: list[Item], mark: int) -> None:
    """«Голос… хотел за Стеллу, но она молчит»: a past wish between the move word and its
    target, turned down by «но» later in the clause, is no move (nothing is asked: what he
    does instead follows, or the reply tells that no vote came)."""
    k, stop = kw.j, min(len(clause), kw.j + 3)
    while k < stop and clause[k].w not in _WISHED:
        k += 1
    if k >= stop or not any(t.w in ("но", "однако") for t in clause[k + 1:]):
        return
    items[mark:] = [it for it in items[mark:] if it.move is None]


def _replace(items: list[Item], mark: int, p, pos: int) -> None:
    """Replace the moves among ``items[mark:]`` by the problem ``p`` (tried: their action)."""
    moves = [it for it in items[mark:] if it.move is not None]
    tried = next((it.tried for it in moves if it.tried), "")
    items[mark:] = [it for it in items[mark:] if it.move is None]
    items.append(Item(pos, problem=p, tried=tried))


def _targets(items: list[Item]) -> set[str]:
    out: set[str] = set()
    for it in items:
        if it.move is None:
            continue
        m = it.move.move if it.move.action == "on_behalf" and it.move.move else it.move
        out.update(m.targets or ((m.target,) if m.target else ()))
    return out


#: «сам», «сама», «сами»: the nominative says who acts («проверяю X сама», «Кот — сам
#: разберётся»); only with «себя» … it names the player acted on.
_BY_HIMSELF = frozenset({"сам", "сама", "сами"})

#: Words that name the acting player as the target.
_OWN_TARGET = V.SENDER_WORDS | (V.SELF_WORDS - _BY_HIMSELF) | {"себе", "мне", "мной"}


def by_himself(ctx: Ctx, clause: list[Tok], kw: Kw, hi: int, items: list[Item],
               mark: int) -> None:
    """A move on the acting player himself read from a lone «сам» / «сама» («проверяю тацита
    сама», «Кот — сам разберётся»): the word says who acts, not whom. Without any other word
    naming him (his nick, «себя», «меня»), the move is no move: a word before «сам» that may
    be a name is asked about (``unknown_name``), else nothing is read."""
    moves = [it for it in items[mark:] if it.move is not None]
    acting = {it.move.member or ctx.sender.nick for it in moves}
    if not (_targets(moves) & acting):
        return
    lo = kw.j if kw.j < hi else kw.i
    words = [t.w for t in clause[lo:hi] if t.word]
    if not any(w in _BY_HIMSELF for w in words) or any(w in _OWN_TARGET for w in words) or \
            clause[kw.i].w in V.HEAL_MYSELF:
        return  # («лечусь сама»: the reflexive verb names her)
    idx = name_index(ctx.nicks)
    cw = clause_words(clause)
    if any(clause[k].word and (hit := idx.exact(cw, k, None)) is not None and
           hit.nick in acting for k in range(lo, hi)):
        return  # his nick is written: «Кот охраняет Кота сам»
    unknown = next((k for k in range(lo, hi) if clause[k].word and
                    clause[k].w not in _BY_HIMSELF and _may_be_name(clause[k], k)), None)
    if unknown is None:
        items[mark:] = [it for it in items[mark:] if it.move is None]
        return
    text = span(ctx.text, clause, kw.i, hi)
    _replace(items, mark, unknown_name(ctx, text, span(ctx.text, clause, unknown, unknown + 1)),
             clause[kw.i].start)


#: Words after «между» that make it an aside («между делом», «между прочим», «между нами»).
_BY_THE_WAY = frozenset({"делом", "делами", "прочим", "тем", "нами", "собой"})


def between(ctx: Ctx, clause: list[Tok], items: list[Item], mark: int) -> None:
    """«Пока думаю между Вишней и Мироном, голос …»: a move whose target is one of the names
    after «между» in its clause is not decided (``alternative``: the reply asks)."""
    at = next((k for k, t in enumerate(clause) if t.w == "между"), None)
    if at is None or (at + 1 < len(clause) and clause[at + 1].w in _BY_THE_WAY):
        return  # («между делом ворую у X», «между прочим, голос за X»: an aside, no choice)
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    named = set()
    for k in range(at + 1, min(at + 8, len(clause))):
        hit = idx.exact(words, k, None) if clause[k].word else None
        if hit is not None:
            named.update((hit.nick,) if hit.nick else hit.candidates)
    if not named & _targets(items[mark:]):
        return
    first = items[mark].pos
    text = ctx.text[min(first, clause[at].start):clause[-1].end]
    _replace(items, mark, problem(text.strip(), "unparsed", "alternative"), first)


#: Beginnings of the verbs of suggesting («предлагаю», «предложил бы», «советую»).
_SUGGEST = ("предлага", "предлож", "совету", "посовет", "рекоменд")


#: «Убиваем — как скажет Шмель»: the player named decides, he is no target.
_DECIDES = frozenset({"скажет", "решит", "решает", "захочет", "прикажет", "велит"})


def suggested_kill(ctx: Ctx, clause: list[Tok], kw: Kw, items: list[Item], mark: int) -> None:
    """A clan kill from a member who is not the boss, put as a suggestion («предлагаю шефу
    сегодня убить X, если он не против»): the boss decides the clan kill (DECISIONS.md §4),
    so the reply asks whether it is an order (``conditional``) instead of applying it. An
    order that waits for the consent of a player other than the member's boss («убиваем X,
    если Филин не против»: engine.grammar_delegate.awaits_consent) is asked the same way;
    «…, если босс не против» (the rules' own order of the clan kill) and «…, если никто не
    против» stay orders; «убиваем — как скажет X» leaves it to X (asked)."""
    if ctx.sender.role == "boss" or not any(
            it.move is not None and it.move.action == "clan_kill" for it in items[mark:]):
        return
    if ctx.sender.mafia and awaits_consent(ctx, clause, kw.j) and \
            "или как" not in ctx.text[clause[-1].end:clause[-1].end + 40].lower() and \
            not _PRIORITY_SAID.search(_sentence_from(ctx.text, clause[kw.i].start)):
        # (not «…, если дон не против, его приказ главнее»: the boss's priority restated,
        # the member's kill stands when the boss sends none)
        # (not «…, если Кей не против. Ну или как Кей скажет»: engine.parse_doubt asks it
        # with the deferral's words)
        # «убиваем X, если Филин не против»: the kill waits for another player's consent
        kill = next(it for it in items[mark:] if it.move is not None and
                    it.move.action == "clan_kill")
        _replace(items, mark, problem(kill.move.span, "unparsed", "conditional"), kill.pos)
        return
    words = [t.w for t in clause if t.word]
    decides = any(a == "как" and b in _DECIDES for a, b in zip(words, words[1:]))
    if not decides and not any(t.word and (t.w in V.SUGGEST_WORDS or (
            t.w.startswith(_SUGGEST) and is_verb(t.w))) for t in clause[:kw.i]):
        return
    if not decides and _suggestion_corrected(clause, kw.i):
        return  # «предлагаю — нет, не предлагаю, а заявляю: убиваем X»: an order after all
    if not decides and kw.cls == V.KILL and not {"если", "ежели"} & set(words) and \
            member_nominates(ctx, clause, kw):
        return  # «Предлагаю убрать X» to the host, no boss named: his naming of the victim
    kill = next(it for it in items[mark:] if it.move is not None and
                it.move.action == "clan_kill")
    if decides and _boss_left_alone(ctx, clause, words, kill.move):
        items[mark:] = [it for it in items[mark:] if it.move is None]
        return  # «Кланом — как скажет Коменда, я не лезу»: the kill is the boss's, no victim
    p = problem(kill.move.span, "unparsed", "conditional")
    _replace(items, mark, p, kill.pos)


#: Words restating that the boss's order comes first («его слово главнее», «у него
#: приоритет»).
_PRIORITY_SAID = re.compile(r"главн|приоритет|важнее")


def _sentence_from(text: str, at: int) -> str:
    """The lowered text from offset ``at`` to the end of its sentence («.», «!», «?», a line
    break)."""
    ends = [e for e in (text.find(c, at) for c in ".!?\n") if e >= 0]
    return text[at:min(ends, default=len(text))].lower()


#: A member's words of keeping out of the clan's kill («я не лезу», «не вмешиваюсь»).
_KEEP_OUT = frozenset({"лезу", "вмешиваюсь", "встреваю", "суюсь", "влезаю"})


def _boss_left_alone(ctx: Ctx, clause: list[Tok], words: list[str], kill) -> bool:
    """True when a member's «как скажет X» leaves the clan's kill to X, his own boss, and
    says he keeps out of it himself («Кланом — как скажет Коменда, я не лезу»): the only
    player the clause names is the boss who decides (read as the kill's target ``kill``),
    so it orders nothing and asks nothing. Without the member's «не лезу» («Убиваем — как
    скажет Граф») the kill left to X is asked, as before. ``words``: the clause's words
    (punctuation left out)."""
    from .grammar_delegate import boss_ref, my_boss

    boss = my_boss(ctx)
    if boss is None or kill.target != boss or set(kill.targets) - {boss}:
        return False
    if not any(a == "не" and b in _KEEP_OUT for a, b in zip(words, words[1:])):
        return False
    return any(clause[k].w == "как" and k + 2 < len(clause) and clause[k + 1].w in _DECIDES and
               boss_ref(ctx, clause, k + 2) for k in range(len(clause)))


#: Verbs of stating a decision that a suggestion may be corrected to («а точнее, заявляю»).
_STATED = frozenset({"заявляю", "объявляю", "приказываю", "постановляю", "велю", "требую"})
#: Words of a correction between the suggestion and that verb.
_RATHER = frozenset({"нет", "точнее", "вернее", "а"})


def _suggestion_corrected(clause: list[Tok], i: int) -> bool:
    """True when, before the keyword at ``i``, a word of suggesting is corrected by the
    sender himself to a verb of stating a decision («От клана предлагаю — нет, не предлагаю, а
    заявляю: убиваем X», «предлагаю клану, а точнее, от себя заявляю: убиваем X»): a
    correction word («нет», «точнее», «а») between them and the verb not negated."""
    words = [t.w for t in clause[:i] if t.word]
    first = next((n for n, w in enumerate(words) if w in V.SUGGEST_WORDS or
                  w.startswith(_SUGGEST)), None)
    if first is None:
        return False
    return any(w in _STATED and words[n - 1] != "не" and
               not _RATHER.isdisjoint(words[first + 1:n])
               for n, w in enumerate(words[first + 1:], first + 1))


def immune_said(ctx: Ctx, clause: list[Tok], kw: Kw, items: list[Item], mark: int) -> None:
    """«Тапок на Белку, пофиг что иммун», «голос за X, хоть у него иммунитет»: the sender
    says himself that the target of his vote is immune («Выбери меня!»): the vote is refused
    (``target_immune``) and the host answers, unless another player is named in the clause
    («голос за X, у Y иммунитет» tells of Y)."""
    votes = [it for it in items[mark:] if it.move is not None and it.move.action == "vote"]
    if not votes:
        return
    at = next((k for k in range(kw.j, len(clause)) if clause[k].w.startswith("иммун")), None)
    if at is None:
        return
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    voted = _targets(votes)
    if len(voted) != 1 or any(clause[k].word and (hit := idx.exact(words, k, None)) is not None
                              and hit.nick not in voted for k in range(kw.j, len(clause))):
        return
    _replace(items, mark, problem(votes[0].move.span, "not_allowed", "target_immune",
                                  action="vote", target=voted.pop()), votes[0].pos)
