"""A move read with a sign of changing one's mind right after it and another player named
there (issue 11, precision first): «охраняю Шмеля. Нет, подожди… лучше Der Schmied, ему
сейчас опасно», «голосую за граф монте нет за витамин витамин подозрительный». When no rule
read the correction, the move is not applied silently: the reply asks which of the players
is meant. A move hedged before («наверное») and doubted right after («Хотя, может, и не
стоит», «но хочу ещё почитать ветку») is no order either: :func:`hedge_doubts` asks.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_keywords import find_keywords
from .textcase import lower_of, sentences_holding
from .grammar_rules import action_for, problem
from .grammar_tokens import Tok, clause_words, tokenize_span, visible_text
from .legality import ROLE_MOVES, move_targets
from .lexicon import lexicon
from .names import name_index
from .names_hit import NameHit
from .parse_types import Ctx, Item, names_in, nick_at
from .parse_unread import _WORD_RE, overlaps, read_ranges, sentence_spans
from .parse_unread_words import move_word
from .translit import cyrillic_reading
from .words import is_infinitive, is_known_word, is_verb, morph, past_tense, role_words

#: Words of changing one's mind that may stand between a move and the name that replaces it.
SIGNALS = frozenset({"нет", "стоп", "отмена", "отбой", "хотя", "подожди", "погоди", "лучше",
                     "вернее", "точнее", "передумал", "передумала", "upd", "апд", "ой",
                     "стоп-стоп", "нет-нет"}) | V.JOKE_WORDS

#: Words before «лучше» that make it no choice («тем лучше», «ещё лучше»).
_NOT_BETTER = frozenset({"тем", "еще", "ещё", "так", "все", "всё", "гораздо", "намного"})

#: The signal word must be one of the first this many words after the move.
_OPENING = 3

#: At most this many characters between the move's clause and the next one read with it,
#: and at most this many next clauses («Нет, подожди… лучше Y»: three).
_GAP = 12
_CLAUSES = 3

#: At most this many tokens after the signal word are looked at for the name.
_REACH = 6

#: Words that may stand between the signal and the name («нет, подожди… лучше за Y»): any
#: other word («Нет, снимаю голос с Y», «Нет. К сожалению, Y молчит») makes it another
#: sentence about Y.
_BETWEEN = SIGNALS | {"а", "и", "же", "все-таки", "таки", "пусть", "будет", "давай", "ну", "так",
                      "да", "тогда", "за", "у", "к", "ко", "в", "во", "на", "при", "с", "со"}


def which_player(pos: int, text: str, action: str, names) -> Item:
    """The question put instead of a move of ``action`` whose player is in doubt: which of
    ``names`` is meant (``ambiguous``, the action kept for the player's answer, as
    engine.parse_answer reads it); ``text`` is the letter's words it quotes."""
    return Item(pos, problem=problem(text, "ambiguous", "ambiguous",
                                     candidates=tuple(sorted(names)), action=action),
                tried=action)


def correction_doubts(ctx: Ctx, clauses: list[list[Tok]], items: list[Item]) -> None:
    """Turn into a question (``ambiguous``, the move's action kept for the answer) each move
    of ``items`` followed, in the rest of its clause or the next clause of ``clauses`` (right
    after it), by a signal word (:data:`SIGNALS`) among its first :data:`_OPENING` words and
    within :data:`_REACH` tokens after it, with only
    :data:`_BETWEEN` words between, a player who is none of the move's targets, not the
    sender, not named between the move and the signal («Проверка — Z… хотя нет, Z потом»:
    about that move), not inside another move read there («голос за X, нет, лучше лечу Y») and not
    followed by «не» or a verb («нет, Y не надо», «UPD: Y меняю на Z»). ``items`` is changed in place."""
    spans = {id(it): (a, a + len(it.move.span)) for it in items if it.move is not None and
             it.move.span and (a := ctx.text.find(it.move.span, it.pos)) >= 0}
    for n, it in enumerate(items):
        m = it.move
        if m is None or m.action in ("delegate", "swindle", "on_behalf"):
            continue
        targets = set(move_targets(m))
        if not targets or id(it) not in spans:
            continue
        at, end = spans[id(it)]
        toks = _after(clauses, end)
        words = [t.w for t in toks]
        opening = [k for k, t in enumerate(toks) if t.word][:_OPENING]
        sig = next((k for k in opening if words[k] in SIGNALS and not (
            words[k] == "лучше" and k and words[k - 1] in _NOT_BETTER)), None)
        if sig is None:
            continue
        others = [span for key, span in spans.items() if key != id(it)]
        # («Двое: X и Y.⏎Проверка — Z... хотя нет, Z потом»: Z named before the signal, the
        # correction is about that move)
        before = {h.nick for k in range(sig) if toks[k].word and
                  (h := nick_at(ctx, toks, words, k)) is not None}
        elsewhere = {t for o in items if o is not it and o.move is not None
                     for t in move_targets(o.move)}
        # (a player the letter took off the move, «хотя нет, Y пока не трогаем», «вместо Y —
        # Z», is the spare, no new choice)
        found = _replacing_name(ctx, toks, words, sig, targets | set(it.spared), before, others,
                                elsewhere)
        if found is not None:
            after, nick = found
            if nick not in ctx.alive:
                continue  # («голоса — X и Y... ой Y же всё, тогда Z»: the dead one talked of)
            if came_back(ctx, toks[after - 1].end, targets):
                continue  # («лечу X. Нет, постойте — лучше Y… Ладно, пусть остаётся X»)
            items[n] = which_player(it.pos, ctx.text[at:toks[after - 1].end], m.action,
                                    targets | {nick})


def retaken_doubts(ctx: Ctx, clauses: list[list[Tok]], items: list[Item], ever: list[Item]) -> None:
    """Turn into a question (``retracted``: the move taken back, its new choice asked) each move of ``items`` read in a clause that opens
    by taking a move back («нет, …», «не, стоп, …», «хотя нет, …») with «лучше» before its
    move word, when the move names the very player an earlier move of the same action in the
    letter (``ever``: every item read) named («охраняю X. нет, лучше главного прикрою, X
    никому не нужна»: the new choice unread, the old player named again in a remark).
    ``items`` is changed in place."""
    opening = [c for c in clauses if c and c[0].w in _TAKE_BACK_OPEN and
               any(t.w == "лучше" for t in c)]
    if not opening:
        return  # (the common letter: no clause takes a move back with «лучше»)
    for n, it in enumerate(items):
        m = it.move
        if m is None or m.action in ("delegate", "swindle", "on_behalf", "vote"):
            continue
        clause = next((c for c in opening if c[0].start <= it.pos <= c[-1].end), None)
        if clause is None:
            continue
        words = [t.w for t in clause if t.word and t.start < it.pos]
        if not words or words[0] not in _TAKE_BACK_OPEN or "лучше" not in words:
            continue
        targets = set(move_targets(m))
        if not targets or not any(
                o is not it and o.move is not None and o.move.action == m.action and
                o.pos < clause[0].start and set(move_targets(o.move)) == targets for o in ever):
            continue
        at = ctx.text.find(m.span, it.pos) if m.span else -1
        end = at + len(m.span) if at >= 0 else clause[-1].end
        items[n] = Item(it.pos, problem=problem(ctx.text[clause[0].start:end], "unparsed",
                                                "retracted", action=m.action), tried=m.action)


#: First words of a clause that take the move before back («нет, лучше …», «не, стоп, …»).
_TAKE_BACK_OPEN = frozenset({"нет", "не", "стоп", "хотя", "неа", "ой"})


def _replacing_name(ctx: Ctx, toks: list[Tok], words: list[str], sig: int, targets: set,
                    before: set, others: list,
                    elsewhere: frozenset | set = frozenset()) -> tuple[int, str] | None:
    """The player named after the signal word at ``sig`` as the move's new target (the index
    after his name, his nick), or None (see :func:`correction_doubts`). A chain broken by
    other words may go on once from a word of choosing further on in the same sentence
    («Нет, простите, внучка подсказала, что лучше за Y»)."""
    k, end, hopped = sig + 1, min(len(toks), sig + 1 + _REACH), False
    while k < end:
        if not toks[k].word:
            k += 1
            continue
        hit = nick_at(ctx, toks, words, k)
        if hit is None and words[k] == "себя" and k == sig + 1 + (words[sig + 1] == ","):
            hit = NameHit(ctx.sender.nick, (ctx.sender.nick,), "exact", 1)  # «лучше себя …»
        elif hit is None and not toks[k].cap and len(words[k]) >= 4 and \
                not is_known_word(words[k]):
            # «а не, лучше васяна ушатаю»: a lower-case pet or part form right after the
            # signal (only asked about, never applied)
            near = name_index(ctx.nicks).approximate(words[k])
            hit = near if near is not None and near.kind != "fuzzy" else None
        if hit is None:
            if words[k] in _BETWEEN or _spoken_no(words, k):
                k += 1
                continue
            nxt = None if hopped else _choosing_further(ctx.text, toks, words, k)
            if nxt is None:
                return None  # («Нет, снимаю голос с Y»: another sentence about Y)
            k, end, hopped = nxt + 1, min(len(toks), nxt + 1 + _REACH), True
            continue
        after = k + hit.length
        if hit.nick is None or hit.nick in targets or \
                (hit.nick == ctx.sender.nick and words[k] != "себя") or \
                hit.nick in before or \
                any(a <= toks[k].start < b for a, b in others) or (
                after < len(toks) and toks[after].word and (
                    words[after] == "не" or (is_verb(words[after]) and
                                             words[after] not in _WILL))) or \
                words[after:after + 2] in ([",", "ты"], [",", "вы"]) or (
                any(toks[j].word and (past_tense(words[j]) or (
                    hit.nick in elsewhere and is_verb(words[j])))
                    for j in range(after, min(len(toks), after + 3)))):
            return None  # («…нет, Пряника не надо», «UPD: Тимура меняю на Соню», «Анечка, ты …»)
            # (the sender by «себя» is a new target: «громлю X. а не, лучше себя отгромлю»)
            # («Голос — Z. Стоп, X позавчера пытались»: X, a kill's target, talked of)
        return after, hit.nick
    return None


#: «…нет, за Y буду следить»: the future's auxiliary after the name is the move's, no verb
#: of another sentence about Y.
_WILL = frozenset({"буду", "будем"})

#: Words of choosing that carry a correction on after other words in its sentence.
_CHOOSING = frozenset({"лучше", "вернее", "точнее"})

#: How many tokens after a broken chain a word of choosing is looked for.
_HOP = 10

#: Tokens that end a sentence: no hop over them.
_STOPS = frozenset({".", "!", "?", "…", "\n"})


def _choosing_further(text: str, toks: list[Tok], words: list[str], k: int) -> int | None:
    """Index of a word of :data:`_CHOOSING` within :data:`_HOP` tokens after ``k`` in the
    same sentence (not «тем лучше», not «лучше бы»), or None."""
    for j in range(k + 1, min(len(toks), k + _HOP)):
        if words[j] in _STOPS or not _STOPS.isdisjoint(text[toks[j - 1].end:toks[j].start]):
            return None
        if not toks[j].word:
            continue
        if words[j] in _CHOOSING and words[j - 1] not in _NOT_BETTER and \
                words[j + 1:j + 2] not in (["бы"], ["б"]):
            return j
    return None


def _spoken_no(words: list[str], k: int) -> bool:
    """«ой не не, за Y»: a doubled «не» said as «нет»."""
    return words[k] == "не" and ((k + 1 < len(words) and words[k + 1] == "не") or
                                (k > 0 and words[k - 1] == "не"))


#: Words that, before a name, settle on it after all («ладно, пусть остаётся X»).
_SETTLE = frozenset({"ладно", "остаётся", "остается", "все-таки", "всё-таки", "оставляю",
                     "оставлю", "остается", "вернусь"})


def came_back(ctx: Ctx, end: int, targets: set) -> bool:
    """True when, after offset ``end`` and in the same paragraph, the writer settles on one
    of the move's own ``targets`` again with a word of :data:`_SETTLE` at most four words
    before the name («… хотя нет, его я лечил вчера. Ладно, пусть остаётся Муму»)."""
    cut = ctx.text.find("\n\n", end)
    toks = tokenize_span(visible_text(ctx.text), end, len(ctx.text) if cut < 0 else cut)
    words = [t.w for t in toks]
    return any(t.word and not _SETTLE.isdisjoint(words[max(0, k - 4):k]) and
               (hit := nick_at(ctx, toks, words, k)) is not None and hit.nick in targets
               for k, t in enumerate(toks))


def _own_clause(clauses: list[list[Tok]], end: int) -> int:
    """How many of :func:`_after`'s tokens after offset ``end`` are still in the clause
    holding it (0 when the move ends its clause)."""
    for c in clauses:
        if c and c[-1].end > end and c[0].start <= end:
            return sum(1 for t in c if t.start >= end)
    return 0


def _after(clauses: list[list[Tok]], end: int) -> list[Tok]:
    """The tokens after offset ``end``: the rest of the clause holding it and up to
    :data:`_CLAUSES` next clauses, each starting right where the one before ends (within
    :data:`_GAP` characters: not a sentence further on)."""
    out: list[Tok] = []
    taken = 0
    for c in clauses:
        if not c or c[-1].end <= end:
            continue
        if out or c[0].start > end:  # a next clause, read only while each follows right on
            if c[0].start - (out[-1].end if out else end) > _GAP or taken == _CLAUSES:
                break
            out.extend(c)
            taken += 1
            continue
        out.extend(t for t in c if t.start >= end)
    return out


#: Words before a move in its sentence that make it a guess, not yet a choice.
HEDGES = frozenset({"наверное", "наверно", "наверн", "пожалуй", "возможно", "видимо", "мб"})

#: Verbs of reading on before deciding («но хочу ещё почитать ветку»): with «ещё».
_READ_ON = frozenset({"почитать", "подумать", "посмотреть", "присмотреться", "понаблюдать",
                      "поразмыслить", "посоветоваться"})

#: Finite verbs of looking on before deciding («…, но ещё посмотрю, что он ответит»): with
#: «ещё», and only after a hedged move or «но» (a plain «Голос за X, ещё посмотрю» stays).
_LOOK_ON = frozenset({"посмотрю", "погляжу", "понаблюдаю", "почитаю", "посмотрим", "поглядим"})

#: Words after «не» that doubt the move («хотя, может, и не стоит», «не знаю», «не уверена»).
_NOT_SURE = frozenset({"стоит", "надо", "знаю", "уверен", "уверена", "уверенна", "факт"})

#: Verbs of deciding that, after «не» and with «ещё»/«пока» just before it, leave the move
#: undecided whatever the hedge («…, ещё не решил», «пока не определилась»).
_DECIDED = frozenset({"решил", "решила", "решено", "решали", "определился", "определилась",
                      "определились", "выбрал", "выбрала"})

#: Question words right after «не решил» that open another choice («…, за кого голосовать»).
_WHOM_OPEN = frozenset({"кого", "кому", "кем", "куда", "что", "как", "когда", "где", "чем"})

#: Words just before «не» of :data:`_DECIDED` that make it «not yet».
_YET = frozenset({"ещё", "еще", "пока"})

#: How many words after the move are looked at for the doubt.
_DOUBT_WORDS = 6

#: The words :func:`hedge_doubts` looks for after a move: without one among the first
#: :data:`_DOUBT_WORDS` words it finds nothing (and need not look for the next move word).
_SIGNS = V.JOKE_WORDS | V.PUT_OFF_WORDS | _READ_ON | _LOOK_ON | _NOT_SURE | _DECIDED | {"хз", "или"}


def hedge_doubts(ctx: Ctx, clauses: list[list[Tok]], items: list[Item]) -> None:
    """Turn into a question (``unparsed``, as a hypothesis is asked) each move of ``items``
    whose first :data:`_DOUBT_WORDS` words after it (the rest of its clause and the clauses
    right after, as :func:`correction_doubts` reads them, up to the next move word) doubt it: a decision put off
    (:data:`engine.grammar_vocab.PUT_OFF_WORDS`, or «ещё» with a verb of :data:`_READ_ON`: «Наверно проголосую за X,
    но хочу ещё почитать ветку»), or «не стоит», «не знаю», «не уверена» (:data:`_NOT_SURE`)
    or «хз» after a move hedged in its own clause (:data:`HEDGES`) or with «хотя» («Сегодня,
    наверное, стреляю в X. Хотя, может, и не стоит»). «Наверное, лечу X.» alone is an order,
    as the tuning letters' writers read it. A move closed by a joke word («Зову Вафлю 😜
    прикалываюсь», «…, шучу») is dropped with no question. ``items`` is changed in place."""
    idx = name_index(ctx.nicks)
    dropped: set[int] = set()
    for n, it in enumerate(items):
        m = it.move
        if m is None and it.problem is not None and it.problem.kind in _REFUSED and \
                _refused_joke(ctx, clauses, it):
            dropped.add(n)  # «Я мирный, но проверяю X на вшивость 😂 — шучу»: never meant
            continue
        if m is None or m.action in ("delegate", "on_behalf") or not m.span:
            continue
        at = ctx.text.find(m.span, it.pos)
        if at < 0:
            continue
        end = at + len(m.span)
        if m.action == "swindle":
            # «Жульничаю, наверное, у X: если маньяк — маньячу Y. Хотя ещё подумаю»: a swindle
            # is doubted after its last branch, and only when hedged in its own clause
            end = _swindle_end(ctx.text, m, end)
            if end is None or not _hedged(clauses, at, at + len(m.span)):
                continue
        after = _after(clauses, end)
        toks = [t for t in after if t.word]
        if not _SIGNS.isdisjoint([t.w for t in toks[:_DOUBT_WORDS]]):
            # (a word of a joke or a doubt counts only before the next move word: without
            # one, no cut finds one)
            own = _own_clause(clauses, end)
            kws = [kw for kw in find_keywords(after, set(), idx) if after[kw.i].w not in _LOOK_ON
                   and not (kw.i < own and kw.cls.lower() == m.action and
                            _SECOND.isdisjoint(t.w for t in after[:kw.i]))]
            # (a word of the same move in its own clause names that move again: «постреляю в
            # X в мо, ещё не решил» reads on to the doubt)
            cuts = [kw.i for kw in kws] + [n for n, t in enumerate(after)
                                           if t.w in _VOTE_SPOKEN_OF and m.action != "vote"]
            # («проверяю X⏎с линчем пока не определился»: the vote's noun spoken of, its doubt)
            if cuts:  # («Проверка — X. Линч пока никому, подумаю»: the doubt of another move)
                toks = [t for t in after[:min(cuts)] if t.word]
        if (k := _defers_after(toks)) is not None:
            # «Второе убийство — X, если Эл не против. Ну или как Эл скажет»: or as another
            # decides, no choice of the sender's own: asked
            items[n] = Item(it.pos, problem=problem(ctx.text[at:toks[k].end], "unparsed",
                                                    "hedge"), tried=m.action)
            continue
        toks = toks[:_DOUBT_WORDS]
        words = [t.w for t in toks]
        if _joke_after(after, toks[-1].end if toks else end):
            dropped.add(n)  # «Зову на чай Вафлю 😜 прикалываюсь»: never meant, nothing asked
            continue
        if m.action == "search" and m.role and not m.target and \
                _target_left_open(clauses, at, [t.w for t in _after(clauses, end) if t.word]):
            # «Не знаю, у кого искать доктора. Может у X… или у Y»: no target chosen
            items[n] = Item(it.pos, problem=problem(m.span, "unparsed", "hedge"), tried=m.action)
            continue
        more = "ещё" in words or "еще" in words
        put_off = next((k for k, w in enumerate(words)
                        if w in V.PUT_OFF_WORDS or (more and w in _READ_ON)), None)
        if put_off is not None and not _SECOND.isdisjoint(words[:put_off]):
            continue  # «Один голос — X, второй — подумаю»: the other one is put off
        if put_off is None:
            put_off = _not_yet_decided(words)
        if put_off is None and more:
            look = next((k for k, w in enumerate(words) if w in _LOOK_ON), None)
            if look is not None and ("но" in words[:look] or _hedged(clauses, at, end)):
                put_off = look
        if put_off is None:
            put_off = next((k for k, w in enumerate(words) if w == "хз" or (
                k and words[k - 1] == "не" and w in _NOT_SURE and
                not _spare_said(idx, words, k - 1, it.spared))), None)
            if put_off is None or ("хотя" not in words and not _hedged(clauses, at, end)):
                doubt = _doubted_next(ctx, clauses, items, n, at, end)
                if doubt is not None:  # «Наверное, послежу за X, у неё гости. Хотя не знаю…»
                    items[n] = Item(it.pos, problem=problem(ctx.text[at:doubt], "unparsed",
                                                            "hedge"), tried=m.action)
                continue
        items[n] = Item(it.pos, problem=problem(ctx.text[at:toks[put_off].end], "unparsed",
                                                "hedge"), tried=m.action)
    items[:] = [it for n, it in enumerate(items) if n not in dropped]


#: The prepositions a search names its player after («ищу у X», «загляну к X»).
_SEARCH_LEADS = frozenset({"у", "к", "ко"})

#: The endings of a verb of the first person singular («пеленгую», «навещаю»).
_FIRST_PERSON = ("ю", "у")


def role_only_search(ctx: Ctx, moves: list, problems: list) -> tuple[list, list]:
    """The letter's ``moves`` and ``problems`` (both lists; the letter asks nothing yet) with a
    fan's search that names only the role («ищу доктора») turned into a question
    (``search_target``) when a living player no move aims at is named where a search names
    its player (:func:`_unread_player`): «ищу доктора!! прошу автограф у Марьяши», «пеленгую
    маккоя, ищу всё ещё доктора» — the target is in words no rule read, never the role alone
    silently. Returns the two lists, new ones when changed."""
    role_only = [m for m in moves if m.action == "search" and m.role and not m.target]
    if not role_only or problems or \
            not _unread_player(ctx, [Item(-1, move=m) for m in moves]):
        return moves, problems
    kept = [m for m in moves if m not in role_only]
    return kept, [problem(m.span or m.role, "unparsed", "search_target") for m in role_only]


def _unread_player(ctx: Ctx, items: list[Item]) -> bool:
    """True when the letter's own text (quotes and signature blanked) names a living player,
    not the sender, whom no move of ``items`` aims at: by a case form of a nick, or by a
    word written with a capital, no dictionary word or a name by the dictionary that is a
    part or a pet form of one nick (lower case as well: «маккоя» for «Док Маккой»), right after «у» / «к» (where a search names its player: «прошу
    автограф у Марьяши») or after a verb of the first person singular (one ending in «-ю»:
    «пеленгую маккоя»); role words and near misses never count, nor a player named in talk
    («Начну с того, что Гном странный»). Beside a fan's search that names only the role,
    such a player may be the search's target."""
    idx = name_index(ctx.nicks)
    aimed = {ctx.sender.nick}
    for it in items:
        if it.move is not None:
            aimed |= set(move_targets(it.move))
    visible = visible_text(ctx.text)
    toks = [t for t in tokenize_span(visible, 0, len(visible)) if t.word or t.w in "\n.!?;"]
    words = [t.w for t in toks]
    roles = role_words()
    k = 0
    while k < len(toks):
        hit = idx.exact(words, k, None)
        if hit is None and len(words[k]) >= 4 and words[k] not in roles and \
                (toks[k].cap or not is_known_word(words[k]) or _proper(words[k])):
            hit = idx.approximate(words[k])
            if hit is not None and hit.kind == "fuzzy":
                hit = None
        if hit is not None:
            named = set(hit.candidates or (hit.nick,)) - {None}
            if named and named <= ctx.alive and not named & aimed and k and \
                    (words[k - 1] in _SEARCH_LEADS or words[k - 1].endswith(_FIRST_PERSON)):
                return True
            k += max(hit.length, 1)
            continue
        k += 1
    return False


def _proper(word: str) -> bool:
    """True when the dictionary reads ``word`` as a given name, surname or patronymic
    («врунгеля»): a name, however it is written."""
    return any({"Name", "Surn", "Patr"} & set(str(p.tag).replace(" ", ",").split(","))
               for p in morph().parse(word))


def _swindle_end(text: str, m, head_end: int) -> int | None:
    """The offset in ``text`` where the swindle ``m`` (a ``swindle`` Move whose head ends at
    ``head_end``) ends: the end of its last branch found after the head, each branch's span
    looked for from the head on; None when it has no branch or one is not found there (the
    branches were read elsewhere: nothing to doubt after them)."""
    end = head_end
    for _, b in m.branches:
        at = text.find(b.span, head_end) if b.span else -1
        if at < 0:
            return None
        end = max(end, at + len(b.span))
    return end if m.branches else None


#: Problems of a move refused outright: a joke word after it takes it back as well.
_REFUSED = frozenset({"not_your_role", "not_allowed"})

def _spare_said(idx, words: list[str], k: int, spared: tuple[str, ...]) -> bool:
    """True when the «не» at ``k`` of the words after a move follows, within two words, the
    name of a target the letter already took off that move («Убиваем X и Y. Хотя нет, Y не
    надо, пусть лучше Z»: engine.parse_correct read the spare and put Z in Y's place): the
    «не надо» is that spare, no doubt of the move as it now stands."""
    if not spared:
        return False
    for j in range(max(k - 3, 0), k):
        hit = idx.exact(words, j, None)
        if hit is not None and hit.nick in spared and j + hit.length >= k - 1:
            return True
    return False


#: Marks after which a joke word opens its own remark («…на вшивость — шучу»).
_REMARK_MARKS = frozenset({"—", "–", "-", ",", ":"})

#: How many words after a move a joke word opening a remark may come.
_JOKE_WORDS_AFTER = 4


def _joke_after(after: list[Tok], until: int) -> bool:
    """True when a joke word (:data:`engine.grammar_vocab.JOKE_WORDS`) closes the move whose
    following tokens are ``after`` (read up to offset ``until``): among its first two words,
    not after «не» («Зову Вафлю 😜 прикалываюсь», «…, шучу»), or opening a remark after a dash
    or comma within :data:`_JOKE_WORDS_AFTER` words, after a short tail of the move's own
    («Проверяю X на вшивость 😂 — шучу»)."""
    words = 0
    for k, t in enumerate(after):
        if t.start >= until:
            break
        if not t.word:
            continue
        if t.w in V.JOKE_WORDS and not (k and after[k - 1].w == "не") and (
                words < 2 or (k and after[k - 1].w in _REMARK_MARKS)):
            return True
        words += 1
        if words >= _JOKE_WORDS_AFTER:
            return False
    return False


def _refused_joke(ctx: Ctx, clauses: list[list[Tok]], it: Item) -> bool:
    """True when the move refused in ``it`` (not the sender's role, or not allowed) is
    closed by a joke word (:func:`_joke_after`): it was never meant, nothing to refuse."""
    at = ctx.text.find(it.problem.text, it.pos)
    if at < 0 or not it.problem.text:
        return False
    end = at + len(it.problem.text)
    after = _after(clauses, end)
    return _joke_after(after, after[-1].end if after else end)


#: Forms of the vote's noun no keyword is made of («с линчем»): a doubt after one is the
#: vote's, not the night move's before it.
_VOTE_SPOKEN_OF = frozenset({"линчем"})


#: Words that may open a sentence of doubt before its «хотя» («Ну хотя не знаю…»).
_DOUBT_LEAD = frozenset({"ну", "а", "и", "но"})


def _doubted_next(ctx: Ctx, clauses: list[list[Tok]], items: list[Item], n: int, at: int,
                  end: int) -> int | None:
    """The end offset of a doubt that opens the sentence right after the one holding the
    move of ``items[n]`` (offsets ``at``–``end``), when the move is hedged in its own clause
    (:data:`HEDGES`) and talk stands between it and the doubt: «Наверное, послежу за X, у неё
    сегодня гости. Хотя не знаю, может и не стоит, подумаю» — «хотя» first, then within
    :data:`_DOUBT_WORDS` words «не стоит», «не знаю» (:data:`_NOT_SURE`), «хз», a decision put
    off or not yet made. None when there is no such doubt, the paragraph ends before it, or
    another move of the letter stands after this one up to the doubt's end (the doubt may be
    of that move)."""
    if "отя" not in ctx.text or not _hedged(clauses, at, end):
        return None  # (cheap checks first: «Хотя»/«хотя» somewhere at all)
    visible = visible_text(ctx.text)
    spans = sentence_spans(visible)
    s = next((k for k, (lo, hi) in enumerate(spans) if lo <= at < hi), None)
    if s is None or spans[s][1] < end or not _next_in_paragraph(visible, spans, s):
        return None
    lo, hi = spans[s + 1]
    if any(k != n and other.pos >= end and other.pos < hi for k, other in enumerate(items)):
        return None  # («Наверное, лечу X, а голосую за Y. Хотя не знаю…»: of which?)
    toks = [t for t in tokenize_span(visible, lo, hi) if t.word]
    lead = 0
    while lead < len(toks) and toks[lead].w in _DOUBT_LEAD:
        lead += 1
    if lead >= len(toks) or toks[lead].w != "хотя":
        return None
    toks = toks[lead + 1:lead + 1 + _DOUBT_WORDS]
    words = [t.w for t in toks]
    k = next((k for k, w in enumerate(words) if w == "хз" or w in V.PUT_OFF_WORDS or (
        k and words[k - 1] == "не" and w in _NOT_SURE)), None)
    if k is None:
        k = _not_yet_decided(words)
    return None if k is None else toks[k].end


def _next_in_paragraph(visible: str, spans: list[tuple[int, int]], s: int) -> bool:
    """True when sentence ``s`` of ``spans`` (:func:`engine.parse_unread.sentence_spans` of
    ``visible``) has a next one in the same paragraph (no blank line between)."""
    return s + 1 < len(spans) and "\n\n" not in visible[spans[s][1]:spans[s + 1][0]]


def _not_yet_decided(words: list[str]) -> int | None:
    """The index in ``words`` (the words after a move) of the verb of «ещё не решил»,
    «пока не решила» (:data:`_YET`, «не», :data:`_DECIDED`): the move is not yet chosen,
    hedged or not; None when there is none («…, решено» stays an order) or a second one is
    what is open («…, второй пока не решил»)."""
    k = next((k for k in range(2, len(words)) if words[k] in _DECIDED and
              words[k - 1] == "не" and words[k - 2] in _YET), None)
    if k is None or not _SECOND.isdisjoint(words[:k]) or \
            not _WHOM_OPEN.isdisjoint(words[k + 1:k + 3]):
        return None  # («голос за X, второй пока не решил»: the second one is open, not X;
        # «…, ещё не решил, за кого голосовать»: another move is open)
    return k


#: Verbs of another's deciding after «или как» («…или как босс скажет»).
_DEFER = frozenset({"скажет", "скажут", "решит", "решат", "захочет", "захотят", "прикажет",
                    "велит"})


def _defers_after(toks: list[Tok]) -> int | None:
    """The index in ``toks`` (the words after a move) of the verb of «или как X скажет» among
    the first ten words («…, если Эл не против. Ну или как Эл скажет»): the move is left to
    another; None when there is none."""
    words = [t.w for t in toks[:10]]
    for k in range(len(words) - 2):
        if words[k] == "или" and words[k + 1] == "как":
            return next((n for n in range(k + 2, min(len(words), k + 5))
                         if words[n] in _DEFER), None)
    return None


def _hedged(clauses: list[list[Tok]], at: int, end: int) -> bool:
    """True when the clause holding offset ``at`` has a word of :data:`HEDGES` before
    ``end`` (before the move or inside it: «Режу, наверно, Вафлю»)."""
    for c in clauses:
        if c and c[0].start <= at < c[-1].end:
            return any(t.word and t.w in HEDGES for t in c if t.end <= end)
    return False


#: Words that leave a search's target open: before the move in its clause («не знаю, у кого
#: искать доктора»), or after it («…может у X… или у Y», «посмотрим ещё»).
_OPEN_BEFORE = frozenset({"кого", "знаю", "решила", "решил", "выбрала", "выбрал"})
_OPEN_AFTER = frozenset({"может", "или", "посмотрим", "подумаю", "определюсь"})


def _target_left_open(clauses: list[list[Tok]], at: int, after: list[str]) -> bool:
    """True when the fan's search with a role and no target (offset ``at``; ``after`` the words
    read after it) was never given its target: «Даже не знаю, у кого искать доктора», «Ищу
    доктора. Может у X… или у Y». Only «теперь ищу доктора» with nothing open is the role
    alone (DECISIONS.md, Fan: the role she searches for once the detective is dead)."""
    if not _OPEN_AFTER.isdisjoint(after):
        return True
    own = next((c for c in clauses if c and c[0].start <= at <= c[-1].end), [])
    words = [t.w for t in own if t.end <= at]
    if not _OPEN_BEFORE.isdisjoint(words) and _OPEN_BEFORE.isdisjoint(words[:-1]) and \
            words[-1:] == ["кого"] and _self_answered(own, at):
        return False  # «кого ищу — ищу врача»: her own question, answered after the dash
    return not _OPEN_BEFORE.isdisjoint(words)


#: The marks after which the sender answers his own «кого …» («Кого ищу — врача»).
_ANSWER_MARKS = frozenset({"—", "–", ":"})


def _self_answered(own: list[Tok], at: int) -> bool:
    """True when the search word at offset ``at`` is followed in its clause ``own`` by a dash
    or a colon and a word after it: «кого ищу — ищу врача», «кого ищу? врача» (the question
    mark read as a dash, engine.grammar_tokens): the question «кого» asked is the sender's
    own, answered at once, nothing left open."""
    after = [t for t in own if t.start >= at]
    return any(not t.word and t.w in _ANSWER_MARKS and n + 1 < len(after) and after[n + 1].word
               for n, t in enumerate(after[:3]))


#: Words after which «может» is a hedge opening a thought, not a verb of a subject («Лось
#: может …»): the sentence's start, a comma or a dash right before it («…, может быть, ещё и
#: выстрелит в X», «не определился, может X, может Y»), or these.
_HEDGE_LEAD = frozenset({"а", "и", "ну", "хотя", "хз", "думаю", "или", "но", "так", "вот",
                         "да", "сегодня", "ночью", "охота", "завтра"})

#: Punctuation right before «может» that makes it a parenthesis, a hedge.
_HEDGE_MARKS = frozenset({",", "—", "-", "(", "…"})

#: The particle of a wish («бы пальнуть в X», «я бы убивал X»): a move wished for.
_WISH = frozenset({"бы", "б"})

#: Words that make «бы» no wish for a move of today: a condition, a purpose, another's
#: wish («если бы», «чтобы»), the past («вчера бы»).
_NOT_WISH = frozenset({"если", "чтобы", "чтоб", "вчера", "раньше", "тогда", "будь", "но", "да",
                       "однако", "нельзя", "рано"})

#: How many words on either side of «бы» its move verb may stand.
_WISH_REACH = 4

#: Words of another day: the musing is a plan, no move of today's letter, unless the sender
#: leaves it open (:data:`_UNDECIDED`).
_TOMORROW = frozenset({"завтра", "zavtra", "послезавтра"})

#: Words of a later letter: the move is promised, nothing to ask.
_LATER_LETTER = frozenset({"допишу", "дошлю", "напишу", "дополню"})

#: Words of a choice left open («…, посмотрим», «посмотрю ещё», «подумаю»): a plan for
#: another day mused about with one of them is asked, as the tuning letters' hosts do.
_UNDECIDED = frozenset({"посмотрим", "посмотрю", "подумаю", "поглядим", "решу", "решим"})

#: A sentence that leaves the musing before it open: «Может быть, нет.», «А может, и нет».
_MAYBE_NOT = re.compile(r"\s*(?:а |ну )?может(?:,? быть)?,? (?:и |что )?нет[.!…)]*\s*")

#: «а может и нет» inside a sentence, after the musing (lowered text).
_MAYBE_NOT_IN = re.compile(r"[,\s]а\s+может(?:,?\s+быть)?,?\s+(?:и\s+)?нет(?!\w)")

#: «а может и подожду», «а може и нет» inside a sentence: the musing before it weighed against
#: something else (lowered text).
_MAYBE_ELSE_IN = re.compile(r"[,\s]а\s+может?(?!\w)")

#: «может» and its short spoken form «може» («може скальп с X сниму»).
_MAYBE = frozenset({"может", "може"})


#: Object pronouns that point at a player named before («охоту на него заявлю»).
_PRONOUNS = frozenset({"него", "неё", "нее", "нему", "ней", "нём", "нем"})

#: Hedge words that need no lead: «mozhet», «мб».
_HEDGE_ALONE = frozenset({"mozhet", "мб"})

#: «второй» (the second vote) in a musing when the letter gave only one of two votes.
_SECOND = frozenset({"второй", "второго", "второму", "второе", "другой", "другого"})

#: The host asked to choose («Tank228, Жабка и Шэдоу... ну или двое из них, выберите сами»):
#: a verb of choosing to the host with «сами» / «сам».
_YOU_CHOOSE = frozenset({"выберите", "выбирайте", "выбери", "выбирай", "решайте", "решите",
                         "решай", "реши"})
_YOURSELF = frozenset({"сами", "сам", "сама"})

#: «бы» or «б» as a word. (``(?<![^\W\d_])бы?(?![^\W\d_])`` with the letter first and the
#: word's start looked behind after it: ``re`` skips along to each «б» at C speed, and
#: :data:`_HEDGE_OR_CHOICE`, whose branches then all open with a letter, too; the same
#: matches.)
_WISH_WORD = re.compile(r"б(?<![^\W\d_].)ы?(?![^\W\d_])")

#: The marks of a hedge and of a choice left to the host, but the wish's «бы» (lower case).
_OTHER_MARK = re.compile(r"може|mozhet|мб|сам")  # («може»: «может» said short)

#: A sentence worth cutting into words holds one of these.
_SENTENCE_MARKS = ("може", "mozhet", "мб", "если", "сам", "бы", " б ")
#: Any of :data:`_SENTENCE_MARKS` (one C-level search of a sentence's span).
_SENTENCE_MARK = re.compile("|".join(_SENTENCE_MARKS))

#: :data:`_SENTENCE_MARKS` but «если» (the marks of a hedge and of a choice left to the host).
_HEDGE_OR_CHOICE = re.compile(f"{_OTHER_MARK.pattern}|{_WISH_WORD.pattern}").search

#: Stems of :data:`_YOU_CHOOSE` for the cheap test of the whole letter.
_CHOOSE_STEMS = ("выбер", "выбир", "реша", "реши")


def hedged_musings(ctx: Ctx, visible: str, items: list[Item]) -> list:
    """Problems for sentences that muse about a move with «может» before it («Может быть,
    томагавк в X. Может быть, нет.», «может у машки украду, а может и нет», «Может, позвать
    X на чай?», «По линчу не определился, может X, может Y»): a word of a move the sender can
    make today (or a bare move word right before it, «Охота... может, на X»; «второй» when
    only one of two votes is given; a clan member sent on a player, from the boss) and a
    living player named, and nothing read there by a rule. A plan for another day mused about
    is asked only when the sender leaves it open («Может, завтра X шлёпну, посмотрим»). A
    host does not drop such a sentence (the safety net of engine.parse_unread leaves «может»
    to talk): he asks whether it is an order (``unparsed``, reason ``hedged``). Players named
    for the host to choose from («X, Y и Z… выберите сами») are asked too (reason ``hedge``)."""
    lower = lower_of(visible)
    if "може" not in lower and "mozhet" not in lower and "мб" not in lower and \
            "если" not in lower and not ("сам" in lower and any(v in lower for v in _CHOOSE_STEMS)) \
            and _WISH_WORD.search(lower) is None:
        return []
    read = None  # (made at the first sentence that passes the cheap test below)
    made: set[str] = set()  # (the same: the actions of the moves read)
    lex = lexicon().words
    out = []
    sentences = sentence_spans(visible)
    if len(lower) == len(visible):  # (no hedge, condition or choice elsewhere: nothing cut
        marked = sentences_holding(sentences, lower, _SENTENCE_MARKS)  # into words)
    else:
        marked = [n for n, (lo, hi) in enumerate(sentences)
                  if _SENTENCE_MARK.search(lower, lo, hi) is not None]
    for s_n in marked:
        lo, hi = sentences[s_n]
        prev = sentences[s_n - 1] if s_n else None  # the sentence before: (lo, hi)
        if _HEDGE_OR_CHOICE(lower, lo, hi) is None and \
                _SWITCH_IN(lower, lo, hi) is None:
            continue  # (its mark is «если» alone, and no word of switching a move after it
            # for :func:`_if_switched`: nothing cut into words either)
        if _OTHER_MARK.search(lower, lo, hi) is None and _no_wish(ctx, visible, lower, lo, hi):
            continue  # («Было бы здорово, если бы…», «Хотелось бы тепла»: the wish's «бы» its
            # only mark, and no wish for a move on a player; nothing cut into words)
        if read is None:
            read = read_ranges(visible, items)
            made = _made(ctx, items)
        if overlaps(read, lo, hi):
            continue
        if prev is not None and overlaps(read, *prev):
            prev = None  # (the sentence before is kept only when nothing was read there)
        toks = tokenize_span(visible, lo, hi)
        words = clause_words(toks)
        if prev is not None:
            prev = _Sentence(visible, *prev)  # (cut into words only when asked)
        wk = [k for k, t in enumerate(toks) if t.word]
        if _chosen_by_host(words, wk):
            named = _alive_named(ctx, toks) or (
                _alive_named(ctx, prev.toks) if prev is not None and _adjacent(visible, prev.hi, lo)
                else [])
            if named and not (ctx.sender.mafia and all(
                    ctx.state.players[n].clan == ctx.sender.clan for n in named)):
                # (not «Мурка, Бульдог — решайте сами» from the boss: his mates told)
                at = prev.lo if prev is not None and not _alive_named(ctx, toks) else lo
                out.append(problem(visible[at:hi].strip().rstrip(".!…"), "unparsed", "hedge"))
            continue
        if "если" in words:
            if _if_switched(ctx, lex, toks, words, wk, items) is not None:
                out.append(problem(visible[lo:hi].strip().rstrip(".!…)"), "unparsed",
                                   "conditional"))
                continue
        hedge = next((n for n, k in enumerate(wk) if words[k] in _HEDGE_ALONE or (
            words[k] in _MAYBE and (n == 0 or words[wk[n - 1]] in _HEDGE_LEAD or
                                     toks[k - 1].w in _HEDGE_MARKS or
                                     (n >= 2 and words[wk[n - 2]] in V.PREPOSITIONS and
                                      wk[n - 2] + 1 == wk[n - 1] == k - 1)))), None)
        # («на коваля может завтра поохочусь»: the target put first after its preposition)
        wished = None
        if hedge is None and _WISH.isdisjoint(words) is False and \
                _NOT_WISH.isdisjoint(words):
            hedge = wished = next(n for n, k in enumerate(wk) if words[k] in _WISH)
        second = hedge is not None and _second_kill_open(ctx, items) and \
            _TOMORROW.isdisjoint(words) and _second_named(visible, sentences, s_n, words)
        if hedge is None or (not _LATER_LETTER.isdisjoint(words) and not second) or (
                not _TOMORROW.isdisjoint(words) and _UNDECIDED.isdisjoint(words) and
                not _today_weighed(lower, hi)):
            continue  # («Может, завтра послежу за X», «…, и тогда допишу»: another day, later)
            # (not «X, может, завтра завалю. Или сегодня. Посмотрю…»: today left open)
        acts = _acts(ctx, lex, words, wk) if wished is None else \
            _wished_acts(ctx, lex, words, wk[max(0, wished - _WISH_REACH):wished + _WISH_REACH + 1])
        if wished is not None:  # (a wish for another's move — a member's kill proposed to
            # the boss — is his to order: «я бы предложил убрать X, но пусть босс решает»)
            acts &= ROLE_MOVES.get(ctx.sender.role, frozenset()) | {"hunt", "vote"}
        # («В Налима бы пальнуть, что ли», «Я бы убивал X — это моё предложение»: a move
        # wished for, the verb beside «бы», no order)
        if second:
            acts.add("clan_kill")  # («Второго… может Y, ещё подумаю, напишу позже»: the
            # full moon's second kill left open between players, a promise or not, asked)
        at = lo
        if not acts and prev is not None and _bare_move_before(visible, prev, lo):
            acts = _acts(ctx, lex, prev.words, [k for k, t in enumerate(prev.toks) if t.word])
            at = prev.lo  # («Охота... может, на Маску»: the move word before it)
        if ctx.votes > 1 and not _SECOND.isdisjoint(words):
            acts.add("vote")  # «второй пока не знаю, может Маэстро, может Смиту»
        if not acts and ctx.sender.role == "boss" and _member_sent(ctx, toks):
            acts.add("on_behalf")  # «Думаю, может, Лису сегодня пустить на Штирлица…»
        aimed = not acts and s_n + 1 < len(sentences) and \
            _MAYBE_NOT.fullmatch(visible[slice(*sentences[s_n + 1])].lower()) is not None
        # («Может быть, томагавк в X. Может быть, нет.»: a blow at a player weighed)
        weighed = not acts and not aimed and (
            _MAYBE_NOT_IN.search(lower, lo, hi) is not None or
            ((_MAYBE_ELSE_IN.search(lower, lo, hi) is not None or
              (not _UNDECIDED.isdisjoint(words) and _TOMORROW.isdisjoint(words)) or
              _today_weighed(lower, hi)) and
             ROLE_MOVES.get(ctx.sender.role, frozenset()).isdisjoint(made))) and \
            any(move_word(words[k]) == "first" for k in wk)
        # («Может, усыплю X, а может и подожду», «Может, прикопаю X, посмотрим» from a sender
        # whose night move the letter does not make: weighed too; not «Проверяю Y. А в
        # субботу, может, и до X доберусь, посмотрим»: the check is made; not «Может, завтра
        # потанкую X, посмотрим»: a plan for tomorrow)
        # («может X погоняю, а может и нет»: a verb of the sender's no lexicon holds, on a
        # player, weighed in the same sentence)
        if not (acts or aimed or weighed) or not acts.isdisjoint(made):
            continue  # («Может, X уберём? Нет, убиваем Y»: that move is made in the letter)
        if acts == {"clan_kill"} and _left_to_addressee(ctx, visible, sentences, s_n, words):
            continue  # («Деда, может, X уберём? Я бы предложила, но решай сам»: talk)
        # (the player may stand before the hedge too: «в капитана мб стрельну хз»)
        named = [h for h, i, j in names_in(ctx, toks, forms=True)
                 if (i > wk[hedge] or _aimed_before(toks, i, wk[hedge])) and
                 h.nick in ctx.alive and h.nick != ctx.sender.nick and
                 (not aimed or _aimed_at(toks, i, h.nick))]
        if not named and acts and not _PRONOUNS.isdisjoint(words[k] for k in wk[hedge:]):
            # «…Михалыч темнит… Может, завтра и охоту на него заявлю, посмотрим»: the one
            # player named before in the letter
            named = list(dict.fromkeys(_alive_named(ctx, tokenize_span(visible, 0, lo))))
            named = named if len(named) == 1 else []
        if not named:
            continue
        out.append(problem(visible[at:hi].strip().rstrip(".!…"), "unparsed", "hedged"))
    return out


#: «Или сегодня. Посмотрю, …» right after a musing about tomorrow (lowered text): today is
#: weighed too and the choice left open.
_TODAY_WEIGHED = re.compile(r"\W*или\s+(?:уже\s+)?сегодня\W+(?:\w+\W+)?(?:посмотрим|посмотрю|"
                            r"подумаю|поглядим|решу|решим)(?!\w)")


def _today_weighed(lower: str, hi: int) -> bool:
    """True when the text right after a sentence ending at ``hi`` weighs today against the
    tomorrow it mused about and leaves it open («… завтра завалю. Или сегодня. Посмотрю»)."""
    return _TODAY_WEIGHED.match(lower, hi, hi + 60) is not None


def _left_to_addressee(ctx: Ctx, visible: str, sentences: list[tuple[int, int]], s_n: int,
                       words: list[str]) -> bool:
    """True when a clan member who is not the boss, musing about the clan's kill in the
    sentence ``s_n`` (``words``: its words), calls it his advice in the conditional and
    leaves the choice to the one he speaks to, in the second person, there or in the next
    sentence: «Деда, может, X уберём? Я бы предложила, но решай сам, ты главный», «…? Я бы
    убрал, но решать тебе». Advice said to his boss (as «я бы убрал X, но решай сам»,
    engine.grammar_delegate.wishes_kill): no order to the host and nothing to ask him. A
    bare «Решай сам» after the idea is no such advice (engine.parse_finish._kill_idea_left:
    still asked). ``sentences``: the letter's sentence spans in ``visible``."""
    from .grammar_delegate import left_to_you

    me = ctx.sender
    if not me.mafia or me.role == "boss":
        return False
    said = [words]
    if s_n + 1 < len(sentences):
        said.append(clause_words(tokenize_span(visible, *sentences[s_n + 1])))
    return any(("бы" in ws or "б" in ws) and ({"решай", "решайте", "реши"} & set(ws) or
                                             left_to_you(ws)) for ws in said)


#: A capital letter inside a sentence (not its first letter): a name may be written so.
_INNER_CAPITAL = re.compile(r"[\s,(—«\"-][А-ЯЁA-Z]")

def _no_wish(ctx: Ctx, visible: str, lower: str, lo: int, hi: int) -> bool:
    """True when the sentence ``visible[lo:hi]`` (``lower``: the letter lowered letter by
    letter), whose only mark for :func:`hedged_musings` is «бы», surely wishes for no move on a
    player: a word of :data:`_NOT_WISH` makes its «бы» none («если бы», «чтобы»), or it names
    nobody — no capital after its first letter, no word that is a form of a nick, a pronoun
    of :data:`_PRONOUNS` or no dictionary word (a pet form, a slip) — and holds no word of
    switching a move (:func:`_if_switched`'s)."""
    if len(lower) != len(visible) or _SWITCH_IN(lower, lo, hi) is not None:
        return False
    pieces = _WORD_RE.findall(lower, lo, hi)
    if not _NOT_WISH.isdisjoint(pieces):
        return True
    if _INNER_CAPITAL.search(visible, lo, hi) is not None:
        return False
    triggers = name_index(ctx.nicks).trigger_forms()
    return triggers.isdisjoint(pieces) and _PRONOUNS.isdisjoint(pieces) and all(
        is_known_word(w.replace("ё", "е")) for w in pieces if w.isalpha())


#: The longest sentence (in words) that may be no more than the ordinal of the second kill
#: and a word of not knowing before the musing («Второй... пока не знаю. Может, X…»).
_ORDINAL_ALONE = 4


def _second_kill_open(ctx: Ctx, items: list[Item]) -> bool:
    """True on a full moon when the sender orders the clan kill and the letter's moves name
    fewer than the night's two victims."""
    if ctx.turn.event != "full_moon" or action_for(V.KILL, ctx.sender, ctx.turn) != "clan_kill":
        return False
    victims = {t for it in items if it.move is not None and it.move.action == "clan_kill"
               for t in move_targets(it.move)}
    return len(victims) < 2


def _second_named(visible: str, sentences, s_n: int, words: list[str]) -> bool:
    """True when the musing sentence ``s_n`` (its ``words``) holds an ordinal of the second
    kill («второго», «второе») or follows one, two sentences back at most, that holds
    nothing but it and a few words («Второе...», «Второй... пока не знаю.»)."""
    if not _SECOND_KILL.isdisjoint(words):
        return True
    for back in (1, 2):
        if s_n - back < 0:
            return False
        b_words = [w for w in clause_words(tokenize_span(visible, *sentences[s_n - back]))
                   if w.isalpha()]
        if len(b_words) > _ORDINAL_ALONE:
            return False
        if b_words and b_words[0] in _SECOND_KILL:
            return True
    return False


#: Forms of «второй» that name the full moon's second kill.
_SECOND_KILL = frozenset({"второй", "второго", "второе", "вторую", "вторая", "вторым",
                          "второму"})


def _made(ctx: Ctx, items: list[Item]) -> set[str]:
    """The actions of the moves ``items`` hold, for :func:`hedged_musings`; without «vote»
    when only one of two votes is given («первый голос X⏎второй пока не знаю, может Y, может
    Z»)."""
    made = {it.move.action for it in items if it.move is not None}
    if _second_kill_open(ctx, items):
        made.discard("clan_kill")  # (one kill of the full moon's two: the second is open)
    votes = [move_targets(it.move) for it in items
             if it.move is not None and it.move.action == "vote"]
    if ctx.votes > 1 and votes and max(map(len, votes)) < ctx.votes and \
            len({t for v in votes for t in v}) < ctx.votes:
        made.discard("vote")
    return made


#: Stems of the verbs of moving a move to another player («переключи мой голос на него»,
#: «перекинь», «перенесите», «поменяй», «смени», «замени», «переведи»).
_SWITCH = ("переключ", "перекин", "перенес", "перенос", "поменя", "смени", "смените", "замени",
           "перевед", "перевод")
#: A word of :data:`_SWITCH` in a lowered text, «ё» read as «е» (one C-level search of a
#: sentence's span, no slice and no copy per word).
_SWITCH_IN = re.compile("|".join(v.replace("е", "[её]") for v in _SWITCH)).search


def _if_switched(ctx: Ctx, lex, toks: list[Tok], words: list[str], wk: list[int],
                 items: list[Item]) -> str | None:
    """The player a move the letter makes is switched to on a condition, in a sentence no
    rule read («Пока голосую за X. Но если Смит до вечера не напишет, переключи мой голос на
    него, ладно?»): a move word of a move the sender makes in the letter, after «если» (not
    «если что», not another day), and a living player named there who is not that move's
    target. None when there is none."""
    at = words.index("если")
    if at + 1 < len(words) and words[at + 1] in ("что", "чё", "че", "чо") or \
            not _TOMORROW.isdisjoint(words) or not _LATER_LETTER.isdisjoint(words):
        return None
    if not any(words[k].startswith(_SWITCH) for k in wk if k > at):
        return None  # («Если не дошло, то там был голос за X»: told, no switch asked)
    acts = _acts(ctx, lex, words, [k for k in wk if k > at])
    if not acts:
        return None
    targets = {t for it in items if it.move is not None and it.move.action in acts
               for t in move_targets(it.move)}
    if not targets:
        return None  # (no such move made: the letter's other rules ask about the condition)
    return next((h.nick for h, i, _ in names_in(ctx, toks, forms=True)
                 if i > at and h.nick in ctx.alive and h.nick != ctx.sender.nick and
                 h.nick not in targets), None)


def _aimed_at(toks: list[Tok], i: int, nick: str) -> bool:
    """True when the name at ``i`` is aimed at by «в» / «на» before it, in the form a blow
    takes («в Кирюху»), not where something is («дело в Медведе»)."""
    return i > 0 and toks[i - 1].w in ("в", "на") and (
        toks[i].w == nick.lower() or not toks[i].w.endswith(("е", "и", "ом", "ем", "ём")))


def _acts(ctx: Ctx, lex, words: list[str], wk: list[int]) -> set[str]:
    """The actions the sender can make today that the move words at ``wk`` name (a Latin word
    read in Cyrillic too: «streljnu»)."""
    acts = set()
    for k in wk:
        if words[k] in _UNDECIDED:
            continue  # («…, посмотрю, что ещё напишут»: the choice left open, no watch)
        cls = lex.get(words[k])
        if cls is None and "a" <= words[k][:1] <= "z":
            cls = lex.get(cyrillic_reading(words[k].replace("j", "'")))
        if cls is not None and (a := _action_of(ctx, cls)) is not None:
            acts.add(a)
    return acts


def _action_of(ctx: Ctx, cls: str) -> str | None:
    """The action the move class ``cls`` is for the sender today; a civilian's kill word
    names his only kill, the hunt («Может, завтра Графа шлёпну»)."""
    a = action_for(cls, ctx.sender, ctx.turn)
    return "hunt" if a is None and cls == V.KILL and not ctx.sender.mafia else a


def _wished_acts(ctx: Ctx, lex, words: list[str], wk: list[int]) -> set[str]:
    """The actions the move words at ``wk`` around «бы» name (:func:`_acts`), a verb in the
    past tense of the conditional read by its lemma («убивал бы» — «убивать», «вручил бы» —
    «вручить»)."""
    acts = _acts(ctx, lex, words, wk)
    for k in wk:
        w = words[k]
        if w in lex or not past_tense(w):
            continue
        cls = lex.get(morph().parse(w)[0].normal_form)
        if cls and (a := _action_of(ctx, cls)) is not None:
            acts.add(a)
    return acts


def _chosen_by_host(words: list[str], wk: list[int]) -> bool:
    """True when the sentence asks the host to choose among players («…, выберите сами»,
    «решайте сами», «выбирай любого», «на твой выбор»): not what to do («Мурка, Бульдог —
    сами решайте, что делать»: the clan mates told to make their own moves)."""
    for n, k in enumerate(wk):
        if words[k] in _YOU_CHOOSE and (
                (n + 1 < len(wk) and words[wk[n + 1]] in _YOURSELF | _ANY_ONE) or
                (n > 0 and words[wk[n - 1]] in _YOURSELF | _ANY_ONE)):
            rest = [words[j] for j in wk[n + 1:n + 3] if words[j] not in _YOURSELF | _ANY_ONE]
            return not rest or rest[0] not in _WHAT_TO_DO
        if words[k] == "на" and n + 2 < len(wk) and words[wk[n + 1]] in _YOUR and \
                words[wk[n + 2]] in _CHOICE_NOUNS:
            return True  # «…, на твой выбор», «на ваше усмотрение»
    return False


#: «выбирай любого», «выберите кого-нибудь»: any of the players, as the host likes.
_ANY_ONE = frozenset({"любого", "любую", "любой", "любое", "кого-нибудь", "кого-либо"})

#: «на твой выбор», «на ваше усмотрение»: the host's choice (not «на усмотрение босса», nor
#: «Блок — на своё усмотрение», a member's own choice).
_YOUR = frozenset({"твой", "ваш", "твое", "твоё", "ваше"})
_CHOICE_NOUNS = frozenset({"выбор", "усмотрение"})

#: A letter that may leave a move's player to the host holds one of these (lower case).
_CHOICE_HINT = re.compile(r"выб(?:ерите|ирайте|ери|ирай)\b|реш(?:айте|ите|ай|и)\b|на (?:тво|ваш)")
#: The literals a match of :data:`_CHOICE_HINT` opens with (one of them is in every match).
_CHOICE_HEADS = ("выб", "реш", "на тво", "на ваш")


def host_choice_doubts(ctx: Ctx, items: list[Item]) -> None:
    """Turn into a question each move of ``items`` whose player the sender leaves to the host
    in the rest of the move's sentence or the sentence right after it, in the same paragraph
    («Стреляю в деда. У нас их двое, X и Y, выбирай любого»; «Проверяю Рыжего — или Y, на
    твой выбор»; :func:`_chosen_by_host`), when no other move of the letter stands between:
    ``ambiguous`` among the living players named there (the move's own among them), else
    ``unparsed`` (reason ``hedge``). Never a guess of the host's choice. ``items`` is changed
    in place."""
    lower = lower_of(ctx.text)
    if not any(map(lower.__contains__, _CHOICE_HEADS)) or _CHOICE_HINT.search(lower) is None:
        return  # (cheap test of the whole letter first: C-level finds of the literals every
        # match opens with, then the pattern)
    visible = visible_text(ctx.text)
    spans = sentence_spans(visible)
    for n, it in enumerate(items):
        m = it.move
        if m is None or not m.span or not move_targets(m) or \
                m.action in ("delegate", "swindle", "on_behalf"):
            continue
        at = ctx.text.find(m.span, it.pos)
        if at < 0:
            continue
        end = at + len(m.span)
        s = next((k for k, (lo, hi) in enumerate(spans) if lo <= at < hi), None)
        if s is None:
            continue
        hi = spans[s + 1][1] if _next_in_paragraph(visible, spans, s) else spans[s][1]
        # (the sentence right after, in the same paragraph)
        if any(k != n and end <= other.pos < hi for k, other in enumerate(items)):
            continue  # (another move stands between: the choice may be of that one)
        toks = tokenize_span(visible, end, hi)
        words = clause_words(toks)
        wk = [k for k, t in enumerate(toks) if t.word]
        if not _chosen_by_host(words, wk) or \
                _acts(ctx, lexicon().words, words, wk) - {m.action, "partner", "fear_choice"} or \
                any(is_infinitive(words[k]) for k in wk):
            continue  # («…, выбирай любого из них на линч»: the choice of another move; «Бин,
            # сам решай, кого охранять»: a member told to make his own)
        others = _alive_named(ctx, toks)
        if ctx.sender.mafia and others and all(
                ctx.state.players[o].clan == ctx.sender.clan for o in others):
            continue  # (his clan mates told: «Мурка, Бульдог — решайте сами»)
        named = list(dict.fromkeys(move_targets(m) + others))
        text = visible[at:hi].strip().rstrip(".!…")
        items[n] = which_player(it.pos, text, m.action, named) if len(named) > 1 else \
            Item(it.pos, problem=problem(text, "unparsed", "hedge"), tried=m.action)


#: Words after «решайте сами» that make the choice one of doing, no player («…, что делать»).
_WHAT_TO_DO = frozenset({"что", "как", "куда", "когда", "где", "чем"})


def _alive_named(ctx: Ctx, toks: list[Tok]) -> list[str]:
    """The living players other than the sender named in ``toks``."""
    return [h.nick for h, _, _ in names_in(ctx, toks, forms=True)
            if h.nick in ctx.alive and h.nick != ctx.sender.nick]


def _adjacent(visible: str, end: int, lo: int) -> bool:
    """True when the sentence ending at ``end`` is right before ``lo``, on the same line."""
    return "\n" not in visible[end:lo]


def _bare_move_before(visible: str, prev: "_Sentence", lo: int) -> bool:
    """True when the sentence before (``prev``) is a move word or two trailing off in an
    ellipsis right before the musing on the same line («Охота... может, на Маску»)."""
    return _adjacent(visible, prev.hi, lo) and \
        visible[prev.lo:prev.hi].rstrip().endswith(("...", "…")) and \
        sum(t.word for t in prev.toks) <= 2


class _Sentence:
    """The sentence ``visible[lo:hi]`` before a musing, cut into tokens (``toks``) and words
    (``words``) at the first use only: most musings never look at it."""

    __slots__ = ("visible", "lo", "hi", "_toks", "_words")

    def __init__(self, visible: str, lo: int, hi: int) -> None:
        self.visible, self.lo, self.hi, self._toks, self._words = visible, lo, hi, None, None

    @property
    def toks(self) -> list[Tok]:
        if self._toks is None:
            self._toks = tokenize_span(self.visible, self.lo, self.hi)
        return self._toks

    @property
    def words(self) -> list[str]:
        if self._words is None:
            self._words = list(clause_words(self.toks))
        return self._words


def _member_sent(ctx: Ctx, toks: list[Tok]) -> bool:
    """True when a clan member of the boss is named before another living player («Лису
    пустить на Штирлица»): a member's move weighed by the boss."""
    clan = ctx.sender.clan
    hits = [h.nick for h, _, _ in names_in(ctx, toks, forms=True)
            if h.nick in ctx.alive and h.nick != ctx.sender.nick]
    for n, nick in enumerate(hits):
        if ctx.state.players[nick].clan == clan and any(
                ctx.state.players[o].clan != clan for o in hits[n + 1:]):
            return True
    return False


def _aimed_before(toks: list[Tok], i: int, hedge: int) -> bool:
    """True when the name at ``i``, before the hedge at ``hedge``, is a move's target put
    first in the same part of the sentence («ну и в капитана мб стрельну»): after a
    preposition, with no punctuation between it and the hedge."""
    if i == 0 and hedge <= 3 and all(toks[k].word or toks[k].w == "," for k in range(hedge)):
        return True  # («Котика, может, завтра завалю»: the object put first, then the hedge)
    return i > 0 and toks[i - 1].w in V.PREPOSITIONS and \
        all(toks[k].word for k in range(i, hedge))


