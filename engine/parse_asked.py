"""A question about the sender's own move is no order (issue 11, precision first): «Может,
полечить Малину?», «А может, пальнуть в Лося?». When the letter makes no move of that kind
anywhere else, the reply asks, so that the player learns the move was not taken; when it
does («Полечить Малину? Нет, лечу Повара»), the question was only thinking aloud.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_kw import Kw
from .grammar_rules import action_for, problem
from .grammar_tokens import Tok, clause_words, span
from .parse_judge import class_action_hint
from .parse_types import Ctx, Item, nick_at
from .words import past_tense, third_person

#: Question words that ask about others or about facts, not about one's own move («Кто
#: лечит Малину?», «Зачем проверять Лося?»).
_WH = frozenset({"кто", "кого", "кому", "кем", "зачем", "почему", "чего", "чей", "чья", "чьё",
                 "где", "когда", "сколько", "как", "что", "разве", "неужели", "ли"})


def own_question(ctx: Ctx, clause: list[Tok], kws: list[Kw]) -> tuple[str, Item] | None:
    """The problem for a question clause whose last keyword ``kws[-1]`` is one of the
    sender's own moves today (not negated, reported or a request to somebody else, no
    question word before it, its verb no third person or past tense) with a player named
    after it: the move's action and the problem's item (``tried`` stays empty: a question
    tries nothing); None otherwise."""
    if not kws:
        return None
    kw = kws[-1]
    if kw.negated or kw.reported or kw.withdraw:
        return None
    if kw.imperative:
        return _for_me(ctx, clause, kw)  # «Ведущий, проверь мне Лося — мафия он?»: the
        # sender's own move asked for
    action = action_for(kw.cls, ctx.sender, ctx.turn)
    if action is None:
        return None
    words = clause_words(clause)
    if any(w in _WH for w in words[:kw.j]):
        return None
    if third_person(words[kw.i]) or past_tense(words[kw.i]):
        return None
    if kw.cls == V.CHECK and action == "search" and (
            hit := _named_in(ctx, clause, words)) is not None:
        # «давай я тюленя проверю заодно, а?» from the fan with no check earned: a check she
        # has not; refused when her search is in the letter (:func:`unanswered`)
        it = Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "not_allowed", "no_fan_check",
            action="check", target=hit), tried="check")
        it.via_check = True
        return "check", it
    for n in range(kw.j, len(clause)):
        if clause[n].word:
            hit = nick_at(ctx, clause, words, n)
            if hit is not None and hit.nick != ctx.sender.nick:
                break
    else:
        if not _named_before(ctx, clause, words, kw.i):
            return None
    return action, Item(clause[0].start, problem=problem(
        span(ctx.text, clause, 0, len(clause)), "unparsed", "own_question"))


#: Words between «мне» and the player of a move asked of the host («проверь мне, пожалуйста,
#: X»).
_PLEASE = frozenset({"пожалуйста", "плиз", "пжл", "пж", ","})


def _for_me(ctx: Ctx, clause: list[Tok], kw: Kw) -> tuple[str, Item] | None:
    """The problem for a question that asks the host to make a move «for me» on a player
    («Ведущий, проверь мне пожалуйста Лося — мафия он или нет?»): the sender's own move
    asked for, refused when his role has no such move (``not_your_role``), else asked
    (``own_question``); None when «мне» and then a player other than the sender do not
    follow the imperative."""
    words = clause_words(clause)
    n = kw.j
    if n >= len(clause) or words[n] != "мне":
        return None
    n += 1
    while n < len(clause) and words[n] in _PLEASE:
        n += 1
    hit = nick_at(ctx, clause, words, n) if n < len(clause) and clause[n].word else None
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick:
        return None
    text = span(ctx.text, clause, 0, len(clause))
    action = action_for(kw.cls, ctx.sender, ctx.turn)
    if action is None:
        hint = class_action_hint(kw.cls)
        return hint, Item(clause[0].start, problem=problem(
            text, "not_your_role", "not_your_role", action=hint, target=hit.nick, role=ctx.sender.role))
    return action, Item(clause[0].start, problem=problem(text, "unparsed", "own_question"))


#: Words that may open a question before the target named first («А может, завтра Ромашку уберём?»).
_LEAD = frozenset({"может", "а", "ну", "или", "завтра", "сегодня"})


def _named_in(ctx: Ctx, clause: list[Tok], words: list[str]) -> str | None:
    """The one player other than the sender named in ``clause``, or None."""
    named = {h.nick for n in range(len(clause)) if clause[n].word and
             (h := nick_at(ctx, clause, words, n)) is not None and h.nick != ctx.sender.nick}
    return named.pop() if len(named) == 1 and None not in named else None


def _named_before(ctx: Ctx, clause: list[Tok], words: list[str], i: int) -> bool:
    """True when a player other than the sender is named right before the move word at
    ``i``, after «может» and no other word («Может, Ромашку уберём?»: the target first),
    not called by a comma after the name («Может, Кузя, полечить Малину?»)."""
    for k in range(max(0, i - 3), i):
        hit = nick_at(ctx, clause, words, k) if clause[k].word else None
        if hit is not None and k + hit.length == i and hit.nick != ctx.sender.nick:
            lead = [w for w, t in zip(words[:k], clause[:k]) if t.word]
            return bool(lead) and all(w in _LEAD for w in lead) and \
                "может" in lead
    return False


#: Words right after a weighed candidate that put the choice off to a later letter.
_PUT_OFF = ("подумаю", "определюсь", "решу", "напишу позже", "напишу ещё", "напишу еще")


def candidate_question(ctx: Ctx, clause: list[Tok], cls: str) -> tuple[str, Item] | None:
    """The problem for a question clause that only weighs one player
    (:func:`engine.parse_choice.weighed_candidate`: «Тогда Тапочка?», «Или Вороне?») after a
    move word of class ``cls``: the move's action and the problem's item, asked when the
    letter makes no such move otherwise; None when the clause is no such question or the
    words right after it put the choice off (:data:`_PUT_OFF`)."""
    from .parse_choice import weighed_candidate  # (parse_choice reads moves: imported late)

    action = action_for(cls, ctx.sender, ctx.turn) if cls else None
    if action is None or not weighed_candidate(ctx, clause):
        return None
    after = ctx.text[clause[-1].end:clause[-1].end + 24].lower()
    if any(w in after for w in _PUT_OFF):
        return None  # «Или за Солнышко? Подумаю, напишу ещё вечером»: put off, not asked
    return action, Item(clause[0].start, problem=problem(
        span(ctx.text, clause, 0, len(clause)), "unparsed", "own_question"))


def unanswered(asked: list[tuple[str, Item]], items: list[Item],
               votes: int = 1) -> list[Item]:
    """The items of the questions ``asked`` (action, item) whose action no item of ``items``
    makes, tries or asks about; a vote question also while ``items`` vote for fewer than
    ``votes`` players (the day's votes: «Первый — X. Второй… Y? или Z?» leaves one open)."""
    done = {it.move.action for it in items if it.move is not None} | \
        {it.tried for it in items if it.tried} | \
        {it.problem.action for it in items if it.problem is not None and it.problem.action}
    cast = sum(len(it.move.targets) or 1 for it in items
               if it.move is not None and it.move.action == "vote")
    if cast < votes:
        done.discard("vote")
    out = []
    for action, it in asked:
        if it.via_check:
            # the fan's «а проверю-ка X?» beside her search: the check she has not, refused;
            # with no search in the letter it may be her search: asked
            if "search" not in done:
                it = Item(it.pos, problem=problem(it.problem.text, "unparsed", "own_question"))
            out.append(it)
        elif action not in done:
            out.append(it)
    return out


#: Question words a writer asks herself with before she names the target of her own move
#: («За кого голосовать? Пусть X», «Кого лечить-то? Ну давай X»): the others of :data:`_WH`
#: ask about others or facts.
_OWN_WH = frozenset({"кого", "кому", "куда", "ли"})


def self_question(ctx: Ctx, clause: list[Tok], kws: list[Kw]) -> bool:
    """True when the question ``clause`` asks about one of the sender's own moves today
    with nobody named in it («Голосовать надо, да?», «За кого голосовать?», «Лечить кого?»):
    its last keyword ``kws[-1]`` is no negation, report, withdrawal or request, its verb no
    third person or past tense, and no question word but those of :data:`_OWN_WH` stands
    before it. The writer answers herself in a later sentence («Ну пусть X»), read by
    :func:`engine.parse_choice.final_choice`; without one, nothing is read."""
    if not kws:
        return False
    kw = kws[-1]
    if kw.negated or kw.reported or kw.withdraw or kw.imperative or kw.hypothetical:
        return False
    if action_for(kw.cls, ctx.sender, ctx.turn) is None:
        return False
    words = clause_words(clause)
    if any(w in _WH and w not in _OWN_WH for w in words):
        return False
    if third_person(words[kw.i]) or past_tense(words[kw.i]):
        return False
    return not any(clause[n].word and nick_at(ctx, clause, words, n) is not None
                   for n in range(len(clause)))
