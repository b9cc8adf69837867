"""Move keywords in a clause: words, phrases, typos, negation (issue 3).

:func:`find_keywords` lists the keywords of one clause (:class:`Kw`, a verb class of
:mod:`engine.grammar_vocab` over a token range), negated, suggested, reported or told in the
past (those questions are :mod:`engine.grammar_context`); :mod:`engine.grammar_headers` reads
«Врач — Бука» as a move. The phrases that qualify a clause (skip, cancel, «как вчера»,
corrections, hypotheses) are :mod:`engine.grammar_flags`; which sentences of a letter are read
at all is :mod:`engine.grammar_windows`; misspelt verbs are :mod:`engine.grammar_fuzzy`;
keywords side by side read as one are :mod:`engine.grammar_kw_merge`; the keyword type
:class:`Kw` is :mod:`engine.grammar_kw`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from . import grammar_vocab as V
from .grammar_tokens import Tok, match_phrase, clause_words
from .grammar_gaps import gap_next as _gap_next, gapped as _gapped
from .lexicon import lexicon
from .names import NameIndex
from .words import (
    common_noun, dative_plural, first_singular, is_infinitive, is_known_word, is_patronymic, is_verb,
    past_tense, thing_noun, third_person,
)
from .grammar_plans import SEGMENT_MARKS
from .grammar_refs import ASIDE_WORDS as _ASIDE_WORDS
from .grammar_kw import Kw  # noqa: F401 (re-exported: the grammar imports it from here)
from .grammar_kw_merge import merge_keywords, only_fillers, shot_from_it  # noqa: F401 (only_fillers: re-exported)
from .grammar_fuzzy import any_fuzzy_verb, fuzzy_noun, fuzzy_verb, run_on_verbs
from .grammar_context import (
    after_past, after_report_word, against_vote, locative, negated, negated_after,
    others_guess, story_visits_yield, suggested,
)


#: «от клана», «от семьи» after a kill word: whose kill it is, no target.
_FROM_CLAN = frozenset({"клана", "семьи"})


@functools.lru_cache(maxsize=1)
def _keyword_first() -> frozenset[str]:
    """Words a keyword may start with (see :func:`_keyword_at`)."""
    lex = lexicon()
    return frozenset(lex.words) | frozenset(lex.by_first) | {V.AGAINST} | \
        frozenset(w + "-ка" for w in lex.words) | frozenset(w + "-ка" for w in lex.second)


@functools.lru_cache(maxsize=1)
def _phrase_only() -> dict[str, frozenset[str]]:
    """Words that start a keyword only as the first word of a phrase («в гости», «на линч»),
    mapped to the words that may follow them in one: with any other word after it (or none)
    :func:`_keyword_at` finds no keyword there (no hyphen: no «-ка» form, no compound)."""
    lex = lexicon()
    out = {}
    for w in lex.by_first:
        second = lex.second.get(w)
        if w in lex.words or w == V.AGAINST or "-" in w or (second is not None and "" in second):
            continue
        out[w] = second if second is not None else frozenset()
    return out


def _listed_nick(clause: list[Tok], words: list[str], i: int, idx: NameIndex, spaced: bool) -> bool:
    """True when the one-word move noun at ``i`` is a nickname's form standing as the next
    item of a list of names: right after a joiner («и», «,», «+») that follows a nickname,
    and ending the list («голоса: сова и гость» with the players Сова and Гость; any case, no
    capital needed); with ``spaced`` (a vote keyword before it) also right after a nickname
    with no joiner, as phones write a list («голоса сова гость»)."""
    joined = clause[i - 1].w in ("и", ",", "+")
    if i < 1 + joined or not (joined or spaced) or is_verb(words[i]) or \
            idx.exact(words, i, None) is None:
        return False
    if i + 1 < len(clause) and clause[i + 1].word and clause[i + 1].w not in ("и", "+"):
        return False  # «проверяю сову, и гость этой ночи — Кузя»: the noun opens a statement
    end = i - 1 if joined else i
    for j in range(max(0, end - 3), end):
        hit = idx.exact(words, j, None)
        if hit is not None and j + hit.length == end:
            return True
    return False


#: Words that may stand before a derived noun at the head of a clause («Два камня: X, Y»,
#: «Мой камень — X», «А камень — X»).
_LABEL_SKIP = frozenset({"два", "две", "оба", "обе", "2", "мой", "моя", "мое", "мои", "свой",
                         "своя", "свое", "свои", "наш", "наша", "наши", "сегодня", "нынче",
                         "а", "и", "ну", "еще"})
#: What ends the clause part before a derived noun at its head.
_LABEL_AFTER = frozenset({",", ":", ";", "—", "(", ")", ".", "!", "?", "+", "→", "\n", "…"})


def _derived_not_here(clause: list[Tok], words: list[str], i: int, kw: Kw,
                      idx: NameIndex) -> bool:
    """True when the keyword ``kw`` at ``i``, made from a game's words (not written by the
    host: :func:`engine.lexicon.game.derived_table`), is no move word here: its first word is
    a nickname's word («Кинжал» the player), or it is a derived noun that does not head its
    clause («Камень — X», «камни: X, Y», but not «камень на душе у X») or that a verb follows
    («стрела попала в X»: a story)."""
    if idx.exact(words, i, None) is not None or idx.parts.get(words[i]):
        return True
    preps = lexicon().label_only.get(clause[i].w)
    if kw.j != i + 1 or preps is None:
        return False
    after = i + 1
    nxt = next((t for t in clause[i + 1:] if t.word), None)
    if nxt is not None and is_verb(nxt.w) and idx.exact([nxt.w], 0, None) is None:
        if not _doing_now(nxt.w):
            return True
        after = clause.index(nxt) + 1  # «Метку даю X», «в очередь встаю за X»: the sender does it
    k = i - 1
    while k >= 0 and clause[k].w in _LABEL_SKIP:
        if clause[k].w == "и" and k > 0 and clause[k - 1].word and \
                idx.exact(words, k - 1, None) is not None:
            k = -1  # «огрею X и очередь за ним же»: after a move's player, a new clause
            break
        k -= 1
    if k >= 0 and clause[k].w in _LABEL_FRAME and (preps - {"!"}):
        k -= 1  # «в очередь за X»: the noun in a frame of its own, the host's preposition after
        while k >= 0 and clause[k].w in _LABEL_SKIP:
            k -= 1
    if k >= 0 and clause[k].w not in _LABEL_AFTER:
        return True
    return not _label_target(clause, words, after, idx, preps)


#: Prepositions that may stand before a derived noun whose host's preposition follows it
#: («встать в очередь за X» for «занять очередь за»: «в очередь за X»).
_LABEL_FRAME = frozenset({"в", "на"})

#: Verbs that take a move back or hold it, never give it («метку снимаю с X»).
_NOT_GIVING = frozenset({"снять", "снимать", "отозвать", "отзывать", "забрать", "забирать",
                         "отменить", "отменять", "убрать", "убирать", "перенести",
                         "переносить", "оставить", "оставлять", "придержать", "придерживать",
                         "пропустить", "пропускать", "потерять", "терять", "найти", "находить"})


def _doing_now(word: str) -> bool:
    """True when ``word``'s likeliest reading is a verb in the first person of the present or
    future («даю», «встаю», «устроим») that takes no move back: after a derived noun at the
    head of a clause, the sender giving it («Метку даю X»), not a story («стрела попала в X»)."""
    from .words import morph

    if not is_known_word(word):
        return False
    p = morph().parse(word)[0]
    return p.tag.POS == "VERB" and p.tag.person == "1per" and "past" not in p.tag and \
        p.normal_form not in _NOT_GIVING


#: Words a derived noun's player may be named by («Камень ему же», «Стрела — в него»).
_LABEL_PRONOUNS = frozenset({"его", "ее", "ему", "ей", "него", "нее", "нему", "ней", "себя",
                             "себе", "меня", "мне", "туда", "им", "них", "ним"})
#: What may stand between a derived noun and its player («Камень — в X», «кинжалы: первый — X»).
_LABEL_BETWEEN = frozenset({":", "—", "→", ",", "сегодня", "снова", "опять", "тоже", "первый",
                            "второй", "первая", "вторая", "первое", "второе"})


def _label_target(clause: list[Tok], words: list[str], k: int, idx: NameIndex,
                  preps: frozenset[str]) -> bool:
    """True when a player is named right after a derived noun that ends at ``k`` — perhaps
    after a colon or dash and a preposition of ``preps`` (the one of the host's phrase):
    «Камень — X», «камни X и Y», «камень в X», «Стрела — в него же»; not «камень на душе у
    X», «Кинжал — подарок X», «нож у X тупой»."""
    n = len(clause)
    while k < n and clause[k].w in _LABEL_BETWEEN:
        k += 1
    if k + 1 < n and clause[k].w in preps:
        k += 1
    elif "!" in preps:
        return False  # («Ассасин — к X»: a person sent, only with the preposition)
    elif k + 1 < n and clause[k].w == _ASSIGNED_TO:
        k += 1  # «щит на меня», «подогрев на X»: the move put on the player, as «охрана на X»
    if k >= n or not clause[k].word:
        return False
    t = clause[k]
    return t.cap or t.w in _LABEL_PRONOUNS or idx.exact(words, k, None) is not None or \
        bool(idx.parts.get(words[k]))


#: The preposition a move's noun puts the move on its player with («охрана на меня», «голос
#: на X»), after a game's derived noun too whatever the host's phrase was («щит на меня» for
#: «накрыть щитом»).
_ASSIGNED_TO = "на"


def _nick_part(idx: NameIndex, words: list[str], i: int) -> bool:
    """True when ``words[i]`` is a case form of a word of exactly one nickname, or of the
    Cyrillic reading of its Latin word («личу» of «Lich.King»), and no name follows it (then
    it is the name the word before asks for, not a move word of its own)."""
    owners = idx.parts.get(words[i]) or idx.parts.get(words[i].replace("э", "е"), ())
    return len(owners) == 1 and (  # («хэдшот»: э written for е, as in a name)
        i + 1 >= len(words) or idx.exact(words, i + 1, None) is None)


#: Prepositions after which a capitalised word that is a given name of a player names him,
#: even when it is also a move word («за Валю», «у Вали»: not «валю», «валить»).
_NAME_AFTER = frozenset({"за", "против", "у", "к", "на", "с", "для", "про"})


def at_somebody(verb: str, after: str) -> bool:
    """True when ``verb``, a verb of the vote lexicon («сливать», «сжигать»), has «у» right
    after it («сливаю у Кузи», «сжигаю у X»): something taken from somebody or done at his
    place. A vote names its player in the accusative or after «за», never after «у»."""
    return after == "у" and is_verb(verb)


def find_keywords(clause: list[Tok], excluded: set[int], idx: NameIndex,
                  own: str | None = None) -> list[Kw]:
    """Keywords of a clause, merged where they stand side by side. A word that is also a
    nickname («Голос», «Маньяк») right after another keyword is read as the nickname.
    ``own``: the sender's nick, when known — a vote told in the third person of him
    («Сова свой голос отдаёт X» from Сова) is his own vote, not another player's."""
    found: list[Kw] = []
    quoted: set[int] = set()  # keywords inside somebody's quoted words
    words: list[str] | None = None  # the clause's words, made at its first keyword
    first = _keyword_first()
    phrase_only = _phrase_only()
    derived = lexicon().derived  # (empty without a game's words)
    trailing: set[int] = set()  # the verb of a derived noun's phrase after its player
    n = len(clause)
    i = 0  # (the words before ``i`` are read: a keyword's words, or no keyword starts there)
    for c in [k for k, t in enumerate(clause)
              if t.word and (t.w in first or ("-" in t.w and _compound(t.w)))]:
        if c < i or c in excluded or c in trailing:
            continue
        i, t = c, clause[c]
        second = phrase_only.get(t.w)
        if second is not None and (i + 1 >= n or (clause[i + 1].w not in second and
                                                  not _gap_next(clause, i))):
            i += 1  # «в», «на», «как» without the second word of a phrase: no keyword
            continue
        kw = _keyword_at(clause, i) or _vote_against_at(clause, i)
        if kw is None:
            i += 1
            continue
        if words is None:
            words = clause_words(clause)
        if derived and t.w in derived and _derived_not_here(clause, words, i, kw, idx):
            i += 1  # a form derived from the game's words where it is a nickname's word, or a
            continue  # noun of them inside a sentence («камень на душе»): no move word
        if derived and kw.j == i + 1 and t.w in lexicon().label_only and kw.j < n and \
                clause[kw.j].word and _doing_now(clause[kw.j].w):
            kw = replace(kw, j=kw.j + 1)  # «Метку даю X»: the verb is the noun's, no move of its own
        if derived and t.w in lexicon().label_verbs:
            verbs = lexicon().label_verbs[t.w]  # «автограф у X стрельну»: the noun's verb after
            after = [k for k in range(kw.j, n) if clause[k].w in verbs]  # its player: one
            if after:  # keyword, as strong as the host's phrase with its verb first
                trailing.update(after)
                kw = replace(kw, weak=False)
        if found and (idx.exact(words, i, None) or (kw.weak and _nick_part(idx, words, i))) \
                and only_fillers(clause, found[-1].j, i):
            i += 1  # («линч хедшот» for headsh0t: a move word read only with a name, here the
            continue  # Cyrillic reading of the nick the move word before asks for)
        if kw.j == i + 1 and t.cap and i > 0 and \
                (kw.weak or clause[i - 1].w not in (":", "—", "→")) and (
                    idx.exact(words, i, None) or _nick_part(idx, words, i)):
            i += 1  # «Голоса: Сова и Гость»: a capitalised nickname inside a sentence
            continue  # («голос Личу» for Lich.King: no «личу», a typo of «лечу»)
        if kw.j == i + 1 and t.cap and i == 0 and kw.cls != V.VOTE and not is_verb(t.w) and \
                kw.j < n and clause[kw.j].w in ("—", ":") and idx.exact(words, i, None):
            i += 1  # «Щит — охраняй Грима» with a player Щит: the nickname heads the order,
            continue  # not the move's noun used as a label («Щит — на X» from the guard)
        if kw.j == i + 1 and t.cap and i > 0 and clause[i - 1].w in _NAME_AFTER and \
                idx.given_name(t.w) is not None:
            i += 1  # «Голос за Валю»: a capitalised given name after a preposition, no «валю»
            continue
        if kw.j == i + 1 and t.cap and i + 1 < n and clause[i + 1].cap and \
                idx.given_name(t.w) is not None and is_patronymic(clause[i + 1].w):
            i += 1  # «Валю Петровну жалко»: a given name and a patronymic, one person, no
            continue  # «валю» (to kill) before a name
        if kw.j == i + 1 and t.cap and found and found[-1].j == i and \
                found[-1].cls != kw.cls and idx.given_name(t.w) is not None:
            i += 1  # «Смотрю Валю», «Лечу Валю»: a capitalised given name right after another
            continue  # move word is its object, no «валю» (to kill) of its own
        if kw.j == i + 1 and _listed_nick(clause, words, i, idx, bool(found) and found[-1].cls == V.VOTE):
            i += 1  # «голоса сова и гость», «за сову и гостя»: the next name of a list
            continue
        if kw.j == i + 1 and _nick_subject(clause, words, i, idx, own):
            i += 1  # «Тапок перевёл свой голос на Сову»: the player whose nickname is also a
            continue  # move word, the subject of a verb told of him, no move word
        if t.quoted and ((i > 0 and clause[i - 1].w in _OPENING and not _term(clause, kw))
                         or quotation(clause, i)):
            # «голос — Гость», «врачам лучше лечить себя» in quotes: somebody's words,
            # reported; a lone quoted word («На „премию“ — X») is a term, read
            quoted.update(range(i, kw.j))
            i = kw.j
            continue
        if i > 0 and t.w in _EVENT_NOUNS and clause[i - 1].w in _SINCE:
            i = kw.j  # «По линчу — раз страх, Лёха»: the day's event as a reason, no move
            continue
        if kw.cls == V.GUARD and t.w == "защиту" and _in_defence(clause, i):
            i = kw.j  # «что скажет X в свою защиту», «слово в защиту Кузи»: speaking up for
            continue  # somebody, no guard
        if _according_to(clause, i, kw):
            i = kw.j  # «по моим наблюдениям, он от Бармалея»: «as I have seen», no move
            continue
        if i > 1 and clause[i - 1].w == "за" and clause[i - 2].w in _THANKS and \
                not is_verb(t.w):
            i = kw.j  # «Благодарю за приглашение в игру», «спасибо за лечение»: what is
            continue  # thanked for, no move
        if i > 1 and kw.j == i + 1 and clause[i - 1].w in _WITH_WHOSE and \
                clause[i - 2].w in ("с", "со") and not is_verb(t.w):
            i = kw.j  # «она странная со своим миномётом», «носится со своей проверкой»:
            continue  # the move's noun is a thing somebody has, no move of the sender's
        if kw.cls == V.KILL and t.w == "не" and i > 0 and clause[i - 1].w in _NO_LONGER:
            i = kw.j  # «Ромашка больше не проснётся»: a lament for the dead, no kill ordered
            continue
        if kw.weak and i > 1 and clause[i - 1].w == "по" and _named_before(idx, words, i - 1):
            i = kw.j  # «Джокер по проверке — ролевой»: the player as the check found him, a
            continue  # result told, no order (not «По проверке — Белочка»)
        if kw.cls == V.VOTE and t.w in ("голоса", "голосов") and i > 0 and (
                tally_count(clause[i - 1].w) or (
                    i > 1 and clause[i - 1].w in ("всех", "всего") and
                    clause[i - 2].w in ("больше", "меньше"))):
            i = kw.j  # «Девять голосов на меня», «Пять голосов за Шкафа», «больше всех
            continue  # голосов на мне»: a count, no vote
        if kw.cls == V.VOTE and _one_vote_remark(clause, i, kw):
            i = kw.j  # «Виселица ему — один голос, второй не трачу»: how many votes, said of
            continue  # the vote before, no vote of its own
        if (kw.weak or t.w in V.NARRATIVE_NOUNS) and i > 0 and clause[i - 1].w in V.PAST_WORDS:
            i = kw.j  # «Вчерашняя проверка: Галина — ролевая»: a report, even with a colon
            continue
        if kw.cls == V.VOTE and kw.weak and t.w == "вот" and _move_word_after(clause, kw.j):
            i = kw.j  # «Вот за Павловной и послежу»: «вот за» (the gamer's «vote за») is the
            continue  # plain «вот» when a move word of the clause follows: that move's
        if others_guess(clause, kw.i):
            i = kw.j  # «Все думают, что я полечу Лося»: their guess, no move
            continue
        if kw.cls == V.VOTE and kw.j == i + 1 and i > 0 and t.w not in _VOTE_NOUN_FORMS and \
                _told_word(words[i]) and _voter_before(clause, words, i, idx, own) and \
                not me_too(clause):
            i = kw.j  # «Шатун всю игру голосует так, что …», «он проголосовал за Сову»:
            continue  # another player's vote told, no vote of the sender's
        if kw.cls == V.VOTE and t.w in _VOTE_NOUN_FORMS and _others_vote(clause, words, i, idx, own):
            i = kw.j  # «Скворец тихонько перевёл свой голос на Сову»: his vote, told
            continue
        if kw.cls == V.VOTE and kw.j == i + 1 and kw.j < n and \
                at_somebody(t.w, clause[kw.j].w):
            i = kw.j  # «сливаю у Кузи»: taken from somebody, no vote
            continue
        if kw.cls == V.VOTE and clause[kw.j - 1].w in _SQUARE and not _square_vote(clause, kw):
            i = kw.j  # «Встретимся на площади, Кузя»: the place, no vote
            continue
        if (kw.weak or t.w in V.NARRATIVE_NOUNS) and (
                not order_form(clause, kw) or _past_verb_before(clause, kw.i)):
            # («Вчера мне не дали себя побить — ну и ладно»: a dash after a move word told
            # with a past verb is no heading of an order)
            if after_past(clause, kw.i):
                i = kw.j
                continue
            kw.reported = after_report_word(clause, kw.i) and not own_will(clause, kw.i)
        # (after the two reports above, which drop the keyword: its tests are pure)
        kw.negated = (negated(clause, i) or (
            (kw.weak or t.w in V.NARRATIVE_NOUNS or not is_verb(clause[kw.j - 1].w)) and
            negated_after(clause, kw.j))  # «Мирную охоту сегодня пропускаю»
                      or _noun_refused(clause, kw)  # «не ставлю щит на X»
                      or _guest_not_coming(clause, kw)  # «в гости ко мне X не идёт»
                      or (kw.weak and kw.cls != V.VOTE and suggested(clause, i, kw.j))
                      or (kw.cls == V.VOTE and against_vote(clause, i))
                      or _left_out(clause, kw, idx, words))
        if i > 0 and clause[i - 1].word and (
                (third_person(clause[i - 1].w) and common_noun(t.w)) or
                (clause[i - 1].w in ("в", "о", "об", "при") and locative(t.w)) or
                clause[i - 1].w == "про"):  # «подумываю и про МО»
            kw.weak = kw.reported = True  # «откроют охоту», «в поисках X»: no move of his
        if kw.j + 1 < n and clause[kw.j].w == "от" and (clause[kw.j + 1].w in V.FROM_ME or (
                kw.cls == V.KILL and clause[kw.j + 1].w in _FROM_CLAN)):
            kw.j += 2  # «Линч от меня — Батон», «голос от нас: X»: who sends it, no target
            # («убийство от клана, если спросят, — X»)
        if kw.cls == V.INVITE and kw.weak and t.w == "на":
            kw.j = _more_treats(clause, kw.j, idx, words)  # «на глинтвейн и сериальчик»
        found.append(kw)
        i = kw.j
    fuzzy = _fuzzy_keywords(clause, excluded | quoted if quoted else excluded, idx, found)
    if fuzzy:
        found = sorted(found + fuzzy, key=lambda kw: kw.i)
    elif not found:
        return found  # (nothing to merge: most clauses of talk)
    if len(found) > 1:  # (one keyword merges with nothing)
        found = _vote_as_told(clause, found)
    if len(found) > 1:
        found = _shoot_on_hunt(clause, idx, merge_keywords(clause, story_visits_yield(clause, found, idx)))
    return _withdrawals(clause, shot_from_it(clause, found))


def _vote_as_told(clause: list[Tok], kws: list[Kw]) -> list[Kw]:
    """``kws`` without a weak «как босс скажет» keyword that follows a vote keyword with no
    comma, dot or dash between («Голосую как босс скажет», «по голосу буду как босс
    скажет»): it tells whom the writer will vote for, the day's vote, never his night move
    left to the boss (a member's own move replaced, no vote told). «голос за X ход свой
    оставляю боссу» keeps the move left to the boss."""
    if len(kws) < 2:
        return kws
    out: list[Kw] = []
    for kw in kws:
        if kw.cls == V.DELEGATE and kw.weak and clause[kw.i].w == "как" and out and \
                out[-1].cls == V.VOTE and all(t.word for t in clause[out[-1].j:kw.i]):
            continue
        out.append(kw)
    return out


#: Count words that make «N голосов на X» a tally of the thread, not the sender's vote (a
#: player has one vote, two on «Ярость» days: «два голоса» stays his).
_TALLY_WORDS = frozenset({
    "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять", "одиннадцать",
    "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "много", "куча", "полно",
    "несколько", "столько", "сколько", "больше", "меньше", "большинство"})


#: «на площади»: the town square of a themed game, where the lynch is held.
_SQUARE = frozenset({"площади", "площадь"})
#: Tokens that, after «на площади», bring its vote: a heading's dash or colon, «за» before
#: the player («топор мой на площади поднят за X»).
_SQUARE_MARKS = frozenset({":", "—", "→", "-", "за"})


def _square_vote(clause: list[Tok], kw: Kw) -> bool:
    """True when «на площади» (a weak vote phrase) is a vote: a dash, colon or «за» follows it
    in its comma segment («На площади — X», «на площади мой выбор — X», «на площади поднят за
    X»), not a place of talk («встретимся на площади, X», «на площади сегодня X»)."""
    for t in clause[kw.j:]:
        if t.w in _SQUARE_MARKS:
            return True
        if not t.word and t.w in (",", ";", "(", ".", "!", "?"):
            return False
    return False


#: «больше», «уже», «никогда» before a kill idiom opening with «не» («больше не проснётся»):
#: the player is mourned, not killed.
_NO_LONGER = frozenset({"больше", "уже", "никогда"})
#: «раз», «ведь», «поскольку» before the day's event named by its move word («раз страх»):
#: a reason given, no move.
_SINCE = frozenset({"раз", "ведь", "поскольку", "благо"})
_EVENT_NOUNS = frozenset({"страх", "страха"})


#: Possessives between «по» and a move noun in «по моим наблюдениям».
_WHOSE = frozenset({"моим", "нашим", "твоим", "вашим", "его", "ее", "её", "их", "всем",
                    "своим", "последним", "личным"})


#: Possessives between «в» and «защиту» («в свою защиту», «в его защиту»).
_DEFENCE_OWNERS = frozenset({"свою", "его", "ее", "её", "их", "мою", "твою", "нашу", "вашу"})


def _in_defence(clause: list[Tok], i: int) -> bool:
    """True when the noun «защиту» at ``i`` follows «в», a possessive between or not («в
    свою защиту», «в защиту X»): the words said for somebody, no guard move."""
    k = i - 1
    if k >= 0 and clause[k].w in _DEFENCE_OWNERS:
        k -= 1
    return k >= 0 and clause[k].w == "в"


def _according_to(clause: list[Tok], i: int, kw: Kw) -> bool:
    """True when the keyword at ``i`` is a move noun in the dative plural after «по» (a
    possessive between): «по моим наблюдениям», «по проверкам» say «as observed», «as
    checked», never an order; not the vote's heading «По голосам: X и Y» (the clause opens
    with it, a colon or a dash after it)."""
    if kw.j != i + 1 or is_verb(clause[i].w):
        return False
    k = i - 1
    if k >= 0 and clause[k].w in _WHOSE:
        k -= 1
    if kw.cls == V.VOTE and k == 0 and i + 1 < len(clause) and clause[i + 1].w in (":", "—"):
        return False  # «По голосам: X и Y», a heading at the clause's start: «as for the votes»
    return k >= 0 and clause[k].w == "по" and dative_plural(clause[i].w)


def _named_before(idx: NameIndex, words: list[str], k: int) -> bool:
    """True when a nick's form ends right before token ``k`` («Старый Лис по проверке»)."""
    return any((hit := idx.exact(words, n, None)) is not None and n + hit.length == k
               for n in range(max(0, k - 3), k))


#: Words opening the other vote after «один голос»: «один голос, второй не трачу».
_SECOND_ONE = frozenset({"второй", "второго", "другой", "другого"})


def _one_vote_remark(clause: list[Tok], i: int, kw: Kw) -> bool:
    """True when the vote noun at ``i`` is «(один) голос» after «один», with nothing after it
    in the clause but a mark and at most the other vote's «второй»/«другой» («— один голос,
    второй не трачу», «… — один голос.»): the number of votes given, no vote of its own (not
    «Один голос — Лосю»: a player follows)."""
    if i == 0 or clause[i].w != "голос" or clause[i - 1].w not in ("один", "одним") or \
            kw.j != i + 1:
        return False
    j = kw.j
    if j >= len(clause):
        return True
    if clause[j].word or clause[j].w not in (",", ".", ";", "!", ")", "…"):
        return False
    return j + 1 >= len(clause) or clause[j + 1].w in _SECOND_ONE or not clause[j + 1].word


def tally_count(w: str) -> bool:
    """True when ``w`` (a normalised word) counts three or more votes («девять», «12»,
    «много»): «девять голосов на меня» tells the thread's tally."""
    return w in _TALLY_WORDS or (w.isdigit() and int(w) >= 3)


def _left_out(clause: list[Tok], kw: Kw, idx: NameIndex, words: list[str]) -> bool:
    """«Сегодня без жульничества, мо в X»: a move noun after «без» is the move left out
    (negated), unless its target follows right away («без проверки Буки не обойтись»)."""
    if kw.i == 0 or clause[kw.i - 1].w != "без":
        return False
    return kw.j >= len(clause) or idx.exact(words, kw.j, None) is None


_OPENING = frozenset({"«", '"', "“", "„"})
_CLOSING = frozenset({"»", '"', "”", "“"})


def quotation(clause: list[Tok], i: int) -> bool:
    """True when token ``i`` stands inside quotes opened and closed in this clause that hold
    more words than the keyword (``[i, …)``) alone: a quotation of somebody's words
    («Маньячу всех подряд, начиная с Лося» — это Громозека шутит)."""
    lo = i
    while lo > 0 and clause[lo - 1].quoted or (lo > 0 and not clause[lo - 1].word and
                                                clause[lo - 1].w not in _OPENING):
        lo -= 1
    if lo == 0 or clause[lo - 1].w not in _OPENING:
        return False
    hi = i
    while hi < len(clause) and clause[hi].w not in _CLOSING:
        if clause[hi].word and not clause[hi].quoted:
            return False
        hi += 1
    return hi < len(clause) and sum(t.word for t in clause[lo:hi]) > 1


def _term(clause: list[Tok], kw: Kw) -> bool:
    """«На „премию“ кидаю X»: the award alone in quotes, a term, not somebody's words (an
    event's name in quotes, «Страх», «Голос», stays no move)."""
    return kw.cls == V.AWARD and kw.j < len(clause) and clause[kw.j].w in _CLOSING


def _more_treats(clause: list[Tok], j: int, idx: NameIndex, words: list[str]) -> int:
    """The end of a hostess's treat («на глинтвейн и сериальчик»): more things after «и»,
    each a lower-case common noun (a word of no dictionary with a noun's ending, too:
    «сериальчик») that is neither a move word nor a nickname form."""
    first = _keyword_first()
    while j + 1 < len(clause) and clause[j].w in ("и", "+") and clause[j + 1].word:
        t = clause[j + 1]
        if t.cap or t.quoted or t.w in first or idx.exact(words, j + 1, None) or \
                idx.approximate(t.w) or not (thing_noun(t.w) or t.w in _TREATS):
            break
        j += 2
    return j


#: Treats and games of an evening that the dictionary reads as no inanimate noun («преф» as a
#: name, «настолки», «чаек»): «на глинтвейн и преф X».
_TREATS = frozenset({"преф", "префик", "настолки", "чаек", "чаёк", "суши", "вискарь",
                     "вискарик"})


def _shoot_on_hunt(clause: list[Tok], idx: NameIndex, kws: list[Kw]) -> list[Kw]:
    """«Стреляю в Котика на МО»: a shot whose target is followed by the hunt word is the
    hunt (one keyword, read from the shot); so is a shot after the hunt named as a frame
    earlier in the sentence («На охоте, как всегда, стреляю в X»)."""
    out: list[Kw] = []
    words = None
    for kw in kws:
        prev = out[-1] if out else None
        if prev is not None and prev.cls == V.HUNT and kw.cls == V.SHOOT and \
                not is_verb(clause[prev.j - 1].w) and not kw.weak and \
                not prev.negated and not kw.negated:
            # «В мирной охоте, как охотник со стажем, стреляю в X»: the event named first,
            # the shot later in the sentence is the hunt (read from the shot)
            out[-1] = replace(kw, cls=V.HUNT)
            continue
        if prev is not None and prev.cls == V.HUNT and kw.cls == V.KILL and \
                _hunt_frame_kill(clause, prev, kw):
            out[-1] = replace(kw, cls=V.HUNT)  # «в МО валю X»: the hunt's frame, a kill verb
            continue
        if prev is not None and prev.cls == V.SHOOT and kw.cls == V.HUNT:
            words = words or clause_words(clause)
            between = [k for k in range(prev.j, kw.i) if clause[k].word and
                       clause[k].w not in V.FILLERS and clause[k].w not in V.PREPOSITIONS]
            if len(between) <= 3 and all(idx.exact(words, k, None) or
                                         idx.approximate(words[k]) for k in between[:1]):
                prev.cls = V.HUNT
                prev.weak = False  # («пиу-пиу по X — мирная охота»: the hunt word names the move)
                continue
        out.append(kw)
    return out


def _guest_not_coming(clause: list[Tok], kw: Kw) -> bool:
    """True when the weak invitation idiom ``kw`` («в гости ко мне», «ко мне на чай») has its
    guest for the subject and the subject's verb after it is negated in the same comma
    segment, within five tokens: «В гости ко мне Кузя не идёт», «Кузя ко мне в гости не
    придёт» (idioms53): the guest does not come, no invitation is made. «не» before the
    sender's own verb is read by :func:`negated_after`."""
    if kw.cls != V.INVITE or not kw.weak:
        return False
    for k in range(kw.j, min(len(clause) - 1, kw.j + 5)):
        if not clause[k].word and clause[k].w in SEGMENT_MARKS:
            return False
        if clause[k].w == V.NEGATION and clause[k + 1].word and third_person(clause[k + 1].w):
            return True
    return False


def _noun_refused(clause: list[Tok], kw: Kw) -> bool:
    """«Не ставлю щит на X», «не вешаю оберег на X»: a move's noun (no verb) right after
    «не» and a verb in the first person (the sender's placing it): the move refused, as «не
    охраняю X». A past verb there («не передумала: голос на X») says something else; the
    vote is left to its own words."""
    i = kw.i
    if kw.cls == V.VOTE:
        return False  # («не меняю голос на X»: the vote's own words of keeping and changing)
    if not (i > 1 and clause[i - 2].w == V.NEGATION and clause[i - 1].word and
            not is_verb(clause[kw.j - 1].w) and not is_infinitive(clause[kw.j - 1].w)):
        return False
    from .words import is_noun, morph
    if not is_noun(clause[i].w):
        return False  # («не знаю, шизить ли X»: a verb no dictionary knows, no noun)
    return any(p.tag.POS == "VERB" and p.tag.person == "1per"
               for p in morph().parse(clause[i - 1].w))


#: The words a hunt's frame may open with before its noun («в МО», «на мирной охоте»).
_FRAME_OPEN = frozenset({"в", "на"})
#: Words that may stand between the frame and the kill verb («в МО сегодня опять валю X»).
_FRAME_GAP = frozenset({"сегодня", "ночью", "опять", "снова", "я", "тоже", "же", "как",
                        "всегда", "обычно"})


def _hunt_frame_kill(clause: list[Tok], frame: Kw, kw: Kw) -> bool:
    """«В МО валю Кузю», «на мирной охоте мочу Бобра»: the hunt named as the frame of the
    sentence (a preposition right before its noun, the noun no verb) and, right after it with
    only words of the time between, a kill verb said in the first person singular or plural,
    neither weak nor negated: the kill word tells how, the frame which move. Anything else
    between («в МО не участвую, валим X», «в МО — пас; валю X») keeps the two apart."""
    if frame.negated or kw.negated or kw.weak or frame.i == 0 or \
            clause[frame.i - 1].w not in _FRAME_OPEN or is_verb(clause[frame.j - 1].w):
        return False
    if not all(clause[n].word and clause[n].w in _FRAME_GAP for n in range(frame.j, kw.i)):
        return False
    if kw.j - kw.i != 1:
        return False
    from .words import morph
    w = clause[kw.i].w
    return first_singular(w) or any(p.tag.POS == "VERB" and p.tag.person == "1per"
                                    for p in morph().parse(w))  # («мочу»: «моча» first)


#: The sender joining a move he has just told of another player, ending the clause.
_ME_TOO = (("я", "тоже"), ("и", "я"), ("я", "также"), ("мне", "тоже"))


def me_too(clause: list[Tok]) -> bool:
    """True when the clause ends (punctuation aside) with «я тоже», «и я», «и я тоже», «я
    также»: «Гоша голосует за Буку, я тоже», «Ёжик стреляет в Буку — и я»: the move told of
    another player is the sender's own too. A word after them («я тоже так думал», «я тоже
    его подозреваю») is talk, not this."""
    words = [t.w for t in clause if t.word]
    if words[-1:] == ["тоже"] and words[-3:-1] == ["и", "я"]:
        return True
    return len(words) >= 4 and tuple(words[-2:]) in _ME_TOO and \
        (clause[-1].word or clause[-1].w in (".", "!", ")"))


#: Words between a withdrawal verb and the vote word («снимаю (оба/свои) голоса»).
_OWN = frozenset({"свой", "мой", "я", "свои", "мои", "голос", "голоса", "оба", "обе",
                  "все", "два",
                  # «снимаю этот голос», «снимаю тот голос»: the vote told of before
                  "этот", "эти", "тот", "те", "данный", "прежний", "старый"})


#: A possessive between the vote word and a withdrawal verb after it («голос мой снимаю»).
_MINE = frozenset({"мой", "свой", "свои", "мои"})


#: Whom one votes along with («проголосовать со всеми», «голосую с большинством»): «с» then
#: is no vote taken off a player.
_ALONG_WITH = frozenset({"всеми", "остальными", "другими", "большинством", "толпой",
                         "народом", "ними", "нами", "вами", "ним", "ней", "мной", "мною",
                         "тобой", "кланом", "командой"})


#: A hedge after «снимаю голос,»: what follows is a vote only thought of («может Ёжик»).
_MAYBE = frozenset({"может", "возможно", "наверное", "наверно", "пожалуй", "видимо"})


def _withdrawals(clause: list[Tok], kws: list[Kw]) -> list[Kw]:
    """«Снимаю (свой) голос с X»: the vote keyword becomes a withdrawal; a withdrawal verb
    that was itself a keyword («убираю») is dropped."""
    out: list[Kw] = []
    for kw in kws:
        if kw.cls == V.VOTE:
            k = kw.i - 1
            while k >= 0 and clause[k].word and clause[k].w in _OWN:
                k -= 1
            if k >= 0 and clause[k].word and clause[k].w in V.WITHDRAW_WORDS:
                if out and out[-1].i == k:
                    out.pop()
                if k >= 1 and clause[k - 1].w == "не":
                    kw.negated = True  # «не снимаю голос»: the vote stays
                    out.append(kw)
                    continue
                kw.withdraw, kw.negated, kw.weak = True, False, False
                if kw.j < len(clause) and clause[kw.j].w == "," and \
                        any(t.w in _MAYBE for t in clause[kw.j + 1:]) and \
                        not any(t.w in ("с", "со") for t in clause[kw.j + 1:]):
                    # «Снимаю голос, (подумаю ещё,) может Ёжик»: the name after the hedge is a
                    # vote thought of, not the one taken back — the letter's vote is taken back
                    kw.j = len(clause)
            elif kw.j < len(clause) and clause[kw.j].w in ("с", "со") and \
                    (kw.j + 1 == len(clause) or clause[kw.j + 1].w not in _ALONG_WITH):
                kw.withdraw, kw.negated = True, False  # «голос с Кузнеца переношу на Бобра»
            elif _changed_mind(clause, kw):
                kw.withdraw, kw.negated, kw.weak = True, False, False  # «Передумал голосовать за X»
            elif (m := _past_fillers(clause, kw.j)) < \
                    len(clause) and clause[m].w in V.WITHDRAW_WORDS and \
                    clause[kw.i].w in ("голос", "голоса", "линч") and \
                    (not any(t.w in ("с", "со") for t in clause[:kw.i]) or (
                        fronted_off(clause, kw.i) is not None and
                        not any(t.w in V.TRANSFER_WORDS for t in clause[m:]))):
                # («UPD: с Лёхи голос снимаю, погорячился»: the player fronted with «с»,
                # engine.parse_move._withdraw reads him there)
                kw.withdraw, kw.negated, kw.weak = True, False, False  # «Upd: голос снимаю»
                # («Линч снимаю с X»: the lynch vote, the same)
                kw.j = m  # («Голос мой снимаю с X»: the possessive between)
            elif _withdrawn_after(clause, kw, kws):
                kw.withdraw, kw.negated, kw.weak = True, False, False  # «голос за X снимаю»
        out.append(kw)
    return out


def fronted_off(clause: list[Tok], i: int) -> int | None:
    """The index of «с» / «со» fronted before the vote word at ``i`` in its own part of the
    sentence, with one to three words (the player's name) and no punctuation between («с
    Лёхи голос снимаю», «со Ствола голос снимаю», «UPD: с Маши Петровой голос снимаю»):
    the vote taken off that player; None when there is none."""
    for k in range(i - 2, max(-1, i - 5), -1):
        if not clause[k].word:
            return None
        if clause[k].w in ("с", "со") and (k == 0 or not clause[k - 1].word or
                                            clause[k - 1].w in ("а", "и", "но", "тогда")):
            return k
    return None


#: Words that may stand between the vote word and a withdrawal verb after it («голос я пока
#: снимаю с X», «Голос свой я, пожалуй, снимаю с X»).
WITHDRAW_BETWEEN = _MINE | frozenset({"я", "пока", "пожалуй", "же", "уж", "тогда", "наверное",
                              "временно", "сейчас", "всё-таки", "все-таки", "ну", "лучше"})


def _past_fillers(clause: list[Tok], j: int) -> int:
    """Index of the first token at or after ``j`` that is not one of :data:`WITHDRAW_BETWEEN`'s words
    or a comma (at most four skipped)."""
    m = j
    while m < len(clause) and m - j < 4 and \
            (clause[m].w in WITHDRAW_BETWEEN if clause[m].word else clause[m].w == ","):
        m += 1
    return m


#: «Передумал(а)» right before an infinitive of voting: the vote taken back, none given.
_CHANGED_MIND = frozenset({"передумал", "передумала", "передумали", "раздумал", "раздумала",
                           "раздумали"})
_VOTE_INFINITIVES = frozenset({"голосовать", "проголосовать", "вешать", "линчевать"})


def _changed_mind(clause: list[Tok], kw: Kw) -> bool:
    """True for «(я) передумал голосовать за X» (:data:`_CHANGED_MIND` right before the vote
    keyword's infinitive, no punctuation between): the writer takes the vote for X back.
    «Передумал, голосую за X» (a comma, a finite verb) stays a vote."""
    k = kw.i - 1
    return k >= 0 and clause[kw.i].w in _VOTE_INFINITIVES and clause[k].word and \
        clause[k].w in _CHANGED_MIND


#: Words that may end a withdrawal after the votes it takes back («…, снимаю оба»).
_WITHDRAWN_TAIL = frozenset({"оба", "обоих", "обе", "их", "его", "её", "ее", "все", "голос",
                             "голоса", "тоже", "свой", "свои", "мой", "мои", "пока",
                             # «…, что голосую за X — снимаю этот голос»
                             "этот", "эти", "тот", "те", "данный", "прежний", "старый"})


def _withdrawn_after(clause: list[Tok], kw: Kw, kws: list[Kw]) -> bool:
    """True when the vote keyword ``kw`` and its players are followed, at the end of the
    clause or of its comma segment, by a withdrawal word and at most «оба», «их», «голоса»
    («Голос за Лося снимаю», «голоса за X и Y, снимаю оба, подумаю ещё»): the votes are taken back, none given. No other
    keyword, «с»/«со» or «не» may stand between («голос за X, с Y снимаю» takes Y's off)."""
    m = next((k for k in range(kw.j, len(clause)) if clause[k].word and
              clause[k].w in V.WITHDRAW_WORDS), None)
    if m is None or m == kw.j or clause[m - 1].w == "не" or \
            any(kw.j <= other.i < m for other in kws if other is not kw):
        return False
    if any(clause[k].w in ("с", "со", "не", "а", "но") or
           (not clause[k].word and clause[k].w not in (",", "—", "-")) for k in range(kw.j, m)):
        return False
    cut = max((k for k in range(kw.j, m) if not clause[k].word), default=None)
    if cut is not None and any(t.word and t.w not in _WITHDRAWN_TAIL for t in clause[cut + 1:m]):
        return False  # («голос на X, Y снимаю»: the vote given, Y's taken off after the comma)
    for t in clause[m + 1:]:
        if not t.word:
            return True  # («…, снимаю оба, ещё почитаю ветку»: what follows is a remark)
        if t.w not in _WITHDRAWN_TAIL:
            return False
    return True


def _vote_against_at(clause: list[Tok], i: int) -> Kw | None:
    """«Против Буки», «Я против Буки»: a vote when «против» opens its comma segment (only
    «я», «а», «и», «ну» before it) and no keyword follows it («против линча» is handled by
    :func:`against_vote`). «Все против Буки» tells about others: no vote."""
    if clause[i].w != V.AGAINST:
        return None
    k = i - 1
    while k >= 0 and clause[k].word:
        if clause[k].w not in V.AGAINST_OPENERS:
            return None
        k -= 1
    if k >= 0 and clause[k].w not in SEGMENT_MARKS:
        return None
    nxt = i + 1
    if nxt < len(clause) and clause[nxt].word and _keyword_at(clause, nxt) is not None:
        return None
    return Kw(V.VOTE, i, i + 1, weak=True)


#: Words of thanks before «за» and a move's noun («спасибо за лечение»).
_THANKS = frozenset({"спасибо", "благодарю", "благодарна", "благодарен", "благодарны",
                     "благодарим", "мерси", "спасибочки", "спс"})

#: Possessives between «с(о)» and a move's noun that make the noun somebody's thing
#: («со своим миномётом», «с его проверками»).
_WITH_WHOSE = frozenset({"своим", "своей", "своими", "его", "её", "ее", "их", "этим", "этой",
                         "этими"})

#: The vote noun another player's verb may govern («Кузя отдал свой голос Сове»).
_VOTE_NOUN_FORMS = frozenset({"голос", "голоса", "голосок"})

#: Words between a subject and its verb, or the verb and the vote noun («Кузя тихонько
#: перевёл свой голос»).
_TOLD_SKIP = frozenset({"свой", "свои", "тоже", "также", "тихонько", "тихо", "сразу", "быстро",
                        "вчера", "сегодня", "опять", "снова", "уже", "же", "потом", "вдруг",
                        "демонстративно", "первым", "последним", "в", "последний", "момент"})

#: Pronouns that are the subject of a told vote («она отдала голос Кузе»).
_THIRD_SUBJECTS = frozenset({"он", "она", "они", "все", "оба", "обе"})


def _others_vote(clause: list[Tok], words: list[str], i: int, idx: NameIndex,
                 own: str | None = None) -> bool:
    """True when the vote noun at ``i`` is the object of a verb in the past tense or the third
    person whose subject is a player's nickname in the nominative or a third-person pronoun,
    the subject first («Кузя перевёл свой голос на Сову», «она отдала голос Кузе», «Скворец
    свой голос отдаёт Сове»): another player's vote told, no vote of the sender's. «Отдал
    голос Кузе», with no subject, stays his. A subject that is the sender's own nick
    (``own``) tells his own vote in the third person («Сова пишет голос за X» from Сова).
    A reflexive verb before the noun («-ся», «-сь») takes no object: «… где он находится
    голос X» (a run-on line) ends the talk there, the vote is the sender's."""
    k = _skip_told(clause, words, i - 1, -1)
    if k >= 1 and _told_verb(clause, words, k) and not _reflexive(words[k]):
        return _subject_at(clause, words, _skip_told(clause, words, k - 1, -1), idx, own)
    after = _skip_told(clause, words, i + 1, 1)
    return after < len(clause) and _told_verb(clause, words, after) and \
        _subject_at(clause, words, _skip_told(clause, words, i - 1, -1), idx, own)


def _reflexive(word: str) -> bool:
    """True when ``word`` is a reflexive verb form («находится», «боялась», «смеюсь»), which
    governs no accusative object in Russian."""
    return len(word) > 4 and word.endswith(("ся", "сь")) and is_verb(word)


def _nick_subject(clause: list[Tok], words: list[str], i: int, idx: NameIndex,
                  own: str | None = None) -> bool:
    """True when the one word at ``i`` is a player's nickname in the nominative (not the
    sender's own, ``own``) followed, past the words of :data:`_TOLD_SKIP`, by a finite verb in
    the past tense or the third person: the player is the subject of a deed told of him
    («Тапок перевёл свой голос на Сову», «Тапок голосует за Сову» with «тапок» the forum's
    slang of a vote), never a move word of the sender's."""
    if words[i] not in idx.single:
        return False  # (the common keyword: no one-word nick's form, one dict look-up)
    after = _skip_told(clause, words, i + 1, 1)
    if after < len(clause) and words[after] in _VOTE_NOUN_FORMS:
        after = _skip_told(clause, words, after + 1, 1)  # («Тапок свой голос отдал Сове»)
    if after >= len(clause) or not clause[after].word or not _told_word(words[after]):
        return False
    hit = idx.exact(words, i, None)
    if hit is None or hit.nick is None or hit.length != 1 or hit.nick == own:
        return False
    cases = idx.single.get(words[i], {}).get(hit.nick)
    return cases is None or "nomn" in cases


def _voter_before(clause: list[Tok], words: list[str], i: int, idx: NameIndex,
                  own: str | None = None) -> bool:
    """True when the subject of the vote verb at ``i`` stands up to four words before it in
    its comma segment: «он», «она», «они» («он всю игру голосует так, что …»), or, when the
    sender's nick ``own`` is known, another player's nickname in the nominative («Шатун всю
    игру голосует так, что …»; with ``own`` unknown the nick may be the sender's own, telling
    his vote in the third person)."""
    k, left = i - 1, 4
    while k >= 0 and left > 0:
        if not clause[k].word:
            if k >= 3 and words[k] == "," and words[k - 2] == "," and \
                    words[k - 1] in _ASIDE_WORDS:
                k -= 3  # «Бекас, кстати, голосует за X»: an aside between commas
                continue
            return False
        left -= 1
        if words[k] in _HE_SHE_THEY:
            return True
        if own is not None and _subject_at(clause, words, k, idx, own):
            return not _own_word(words[k], own)  # («Танкист голосует …» from Петя_Танкист)
        k -= 1
    return False


def _own_word(word: str, own: str) -> bool:
    """True when the written ``word`` (normalised) is a form of a word of the sender's nick
    ``own``: their first five letters (the whole word when shorter) are the same."""
    head = word[:5]
    return any(piece.startswith(head) for piece in
               re.split(r"[^\w]+|_", own.lower().replace("ё", "е")) if piece)


#: Pronouns that never stand for the sender as the subject of a vote told: the third
#: person, and the relative and collective ones that stand for other players («тех, кто вчера
#: голосовал за X», «все голосуют за X», «никто не голосовал за X»).
_HE_SHE_THEY = frozenset({"он", "она", "они", "кто", "все", "никто"})


def _skip_told(clause: list[Tok], words: list[str], k: int, step: int) -> int:
    """The index from ``k`` on (going by ``step``) past the words of :data:`_TOLD_SKIP`."""
    while 0 <= k < len(clause) and clause[k].word and words[k] in _TOLD_SKIP:
        k += step
    return k


@functools.lru_cache(maxsize=20_000)
def _told_word(word: str) -> bool:
    """:func:`_told_verb` of one written word, remembered («голосует», «перевёл»)."""
    return is_known_word(word) and not first_singular(word) and \
        (past_tense(word) or third_person(word))


def _told_verb(clause: list[Tok], words: list[str], k: int) -> bool:
    """True when ``words[k]`` is a finite verb in the past tense or the third person."""
    return clause[k].word and _told_word(words[k])  # (not a guess: «девнул» is a nick)


def _subject_at(clause: list[Tok], words: list[str], k: int, idx: NameIndex,
                own: str | None = None) -> bool:
    """True when a third-person pronoun or a player's nickname in the nominative ends at
    ``k`` (not the nick ``own``: the sender himself)."""
    if k < 0 or not clause[k].word:
        return False
    if words[k] in _THIRD_SUBJECTS:
        return True
    for start in range(max(0, k - 2), k + 1):
        hit = idx.exact(words, start, None)
        if hit is None or hit.nick is None or start + hit.length != k + 1:
            continue
        if hit.nick == own:
            return False
        cases = idx.single.get(words[start], {}).get(hit.nick) if hit.length == 1 else None
        return cases is None or "nomn" in cases
    return False


def _past_verb_before(clause: list[Tok], i: int) -> bool:
    """True when a finite verb in the past tense stands before token ``i`` in its comma
    segment («вчера мне не дали себя побить»)."""
    for k in range(i - 1, -1, -1):
        if not clause[k].word and clause[k].w in (",", "(", ":", "—"):
            return False
        if clause[k].word and past_tense(clause[k].w):
            return True
    return False


def order_form(clause: list[Tok], kw: Kw) -> bool:
    """A colon or dash after the keyword («голос: Бука»), or after a remark in brackets
    right after it («Голос (в смысле «премия»): Бука»), makes it an order, whatever stands
    before it."""
    j = kw.j
    if j < len(clause) and clause[j].w == "(":
        j = next((k + 1 for k in range(j + 1, min(len(clause), j + 16)) if clause[k].w == ")"),
                 j)
    return j < len(clause) and clause[j].w in (":", "—", "→")


def _keyword_at(clause: list[Tok], i: int) -> Kw | None:
    lex = lexicon()
    w = clause[i].w
    second = lex.second.get(w)
    phrases = () if second is None or (
        "" not in second and (i + 1 >= len(clause) or (clause[i + 1].w not in second and
                                                        not _gap_next(clause, i)))) \
        else lex.by_first[w]  # («на» before a name: none of the «на …» phrases is tried)
    for phrase, cls in phrases:
        j = i + len(phrase) if match_phrase(clause, i, phrase) else _gapped(clause, i, phrase, cls)
        if j:
            if phrase in lex.verb_phrases and phrase[-1] in V.PREPOSITIONS:
                j -= 1  # «стою на мне»: the preposition belongs to the target
            return Kw(cls, i, j, weak=phrase in lex.weak_phrases,
                      imperative=phrase in lex.imperative_phrases)
    if second is not None and i + 1 < len(clause) and clause[i + 1].w in ("я", "мы") and \
            (found := _particle_phrase(clause, i, w)) is not None:
        return found  # «заберу я у X всё»: the subject inside the phrase
    if w.endswith("-ка"):
        w = w[:-3]
        if w in lex.second:
            found = _particle_phrase(clause, i, w)  # «заберу-ка (я) у X»
            if found is not None:
                return found
    cls = lex.words.get(w)
    if cls is None and _compound(w):
        parts = w.split("-")  # «кормлю-спаиваю»: two move words of one class
        cls, w = lex.words.get(parts[0]), parts[0]
        if any(lex.words.get(p) != cls for p in parts[1:]):
            return None
        if all(p in lex.weak for p in parts):
            return Kw(cls, i, i + 1, weak=True)
    if cls is None:
        return None
    return Kw(cls, i, i + 1, weak=w in lex.weak or cls in V.WEAK_CLASSES,
              imperative=w in lex.imperative)


def _particle_phrase(clause: list[Tok], i: int, w: str) -> Kw | None:
    """The move phrase whose first word ``w`` is written at ``i``, maybe with the particle «-ка»
    («заберу-ка у X»), and «я» or «мы» may stand after it («заберу-ка я у X», «заберу я у
    X»), or None."""
    lex = lexicon()
    k = i + 1
    if k < len(clause) and clause[k].w in ("я", "мы"):
        k += 1
    for phrase, cls in lex.by_first[w]:
        if len(phrase) > 1 and match_phrase(clause, k, phrase[1:]):
            j = k + len(phrase) - 1
            if phrase in lex.verb_phrases and phrase[-1] in V.PREPOSITIONS:
                j -= 1
            return Kw(cls, i, j, weak=phrase in lex.weak_phrases,
                      imperative=phrase in lex.imperative_phrases)
    return None


def _compound(w: str) -> bool:
    """True when ``w`` is two or three move words joined by hyphens («кормлю-спаиваю»)."""
    if "-" not in w or w.count("-") > 2:
        return False
    words = lexicon().words
    return all(p in words for p in w.split("-"))


def _fuzzy_keywords(clause: list[Tok], excluded: set[int], idx: NameIndex,
                    found: list[Kw]) -> list[Kw]:
    """Misspelt verbs («лечю», «провиряю», «линчю»); never a nickname. Looked for among the
    first three words of a clause without keywords (the first such verb only), at the first
    word of the clause, and at the first word after a comma, dash or colon."""
    label = _fuzzy_label(clause, found, excluded, idx)
    if label is not None:
        return [label]
    run_on = [Kw(cls, k, k + 1) for k, cls in run_on_verbs(
        clause, [kw.j for kw in found], excluded, idx)] if found else []
    if not run_on and not any_fuzzy_verb(clause, not found):
        return []  # the common case: no misspelt verb where one is looked for
    taken = {k for kw in found for k in range(kw.i, kw.j)}
    all_words: list[str] = []

    def verb_at(k: int) -> Kw | None:
        cls = fuzzy_verb(clause[k].w)  # cached; None for almost every word
        if not cls or k in excluded or k in taken:
            return None
        if not all_words:
            all_words.extend(t.w for t in clause)
        return None if idx.exact(all_words, k, None) else Kw(cls, k, k + 1)

    words = [k for k, t in enumerate(clause) if t.word]
    out: list[Kw] = []
    if not found:
        out = next(([kw] for kw in map(verb_at, words[:3]) if kw), [])
    starts = words[:1] + [k for k in words[1:]
                          if not clause[k - 1].word and clause[k - 1].w in SEGMENT_MARKS]
    for k in starts:
        if all(kw.i != k for kw in out):
            kw = verb_at(k)
            if kw:
                out.append(kw)
    out += [kw for kw in run_on if all(o.i != kw.i for o in out)]
    return sorted(out, key=lambda kw: kw.i)


def _fuzzy_label(clause: list[Tok], found: list[Kw], excluded: set[int],
                 idx: NameIndex) -> Kw | None:
    """A misspelt move noun written as a label at the start of a clause with no keyword,
    a colon or dash or a player's name right after it («Гоолс: Бегемот», «глоос — Кузя»,
    «лнич кирилл»): a weak keyword (confirmed by the name after it, as «голос» is). None
    otherwise."""
    if found or len(clause) < 2 or not clause[0].word or 0 in excluded:
        return None
    nxt = clause[1]
    if nxt.word:
        words = [t.w for t in clause]
        if idx.exact(words, 1, None) is None and (
                len(nxt.w) < 3 or idx.approximate(nxt.w, strict=is_known_word(nxt.w)) is None):
            return None
    elif nxt.w not in (":", "—", "-", "–") or len(clause) < 3:
        return None
    cls = fuzzy_noun(clause[0].w)
    return Kw(cls, 0, 1, weak=True) if cls else None



def keyword_at(clause: list[Tok], i: int) -> Kw | None:
    """The keyword (a word or a phrase of the lexicon) that starts at token ``i``, if any."""
    return _keyword_at(clause, i)


def keyword_first() -> frozenset[str]:
    """The words a keyword may start with (:func:`_keyword_first`)."""
    return _keyword_first()


def _move_word_after(clause: list[Tok], j: int) -> bool:
    """True when a word of a move lexicon («послежу», «голосовать») stands in the clause
    from ``j`` on."""
    words = lexicon().words
    return any(t.word and t.w in words for t in clause[j:])


def own_will(clause: list[Tok], i: int) -> bool:
    """True when the move word at token ``i`` is an infinitive right after «буду»/«будем»
    («решила, что буду лечить X»): the sender's own future move told after «что», a verb of
    his, not a noun of reported speech («думаю, что линч X — ошибка»)."""
    return i > 0 and clause[i - 1].w in ("буду", "будем") and is_infinitive(clause[i].w)
