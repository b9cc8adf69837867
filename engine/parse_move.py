"""One keyword's move (engine.parse): its targets after or before it, pronouns, withdrawals
(«снимаю голос с X»), the subject of a third-person move (a boss's member or somebody
else); talk that only tells about a move is :mod:`engine.parse_tells`; :mod:`engine.parse_judge`
decides what it is.
"""

from __future__ import annotations

import re

from dataclasses import replace

from . import grammar_vocab as V
from .grammar_context import as_yesterday, locative
from .grammar_own import elsewhere
from .grammar_flags import as_told
from .grammar_delegate import my_boss
from .grammar_plans import given_up, idiom_told, object_clause, promised_later, survive_tomorrow
from .grammar_quotes import in_reported_quote
from .grammar_rules import Actor, action_for, actor_of, problem
from .grammar_keywords import WITHDRAW_BETWEEN, Kw, fronted_off
from .grammar_members import member_after, member_on, sole_member, subject_after
from .grammar_antecedent import alive_only, clauses_before
from .grammar_refs import (PRONOUN_GENDER, antecedent, named_before, names_listed_before, nick_gender, order_word, own_move_word, read_back,
                           unnamed_pronoun, written_gender)
from .grammar_target_types import Targets
from .grammar_targets import read_targets
from .grammar_yesterday import yesterday_slot, yesterday_target
from .grammar_target_words import opens_statement, skip_title, told_of
from .grammar_dropped import DEMONSTRATIVES, dropped_before_remark
from .lexicon import lexicon
from .grammar_tokens import Tok, clause_words, joined_to_next, span, tokenize_span, visible_text
from .legality import NO_REPEAT, move_targets
from .model import Move
from .names import NameHit, name_index
from .words import (first_singular, is_infinitive, is_known_word, is_noun, is_verb, maybe_verb,
                    morph, predicate, role_words, third_person, verb_reading)
from .roles import CLAN_ROLES
from .parse_search import whether_named, words_before
from .parse_judge import judge
from .parse_label_before import label_before
from .parse_conditions import after_condition
from .parse_tells import told_to_member, tells
from .parse_clan_kill import member_kill
from .parse_move_back import (PRONOUN_BEFORE, listed_back, named_since, pronoun_before,
                              pronoun_named_before,
                              same_pronoun_at, same_pronoun_before)
from .parse_move_speech import (as_decided, asked_of, decider, deferred, his_choice,
                                ordinary_speech, told_by, told_name, trip_with_player)
from .parse_types import Ctx, Item, last_word, names_in, nick_at, object_fronted, unknown_name
from .parse_unneeded import so_then, unneeded_end
from .parse_done_before import done_before_end, today_after


def read_move(ctx: Ctx, actor: Actor, clause: list[Tok], kw: Kw, lo: int, hi: int,
               flags: dict, items: list[Item], on_behalf: bool) -> int:
    """Read one keyword's move into ``items``; returns the index after its last target."""
    if in_reported_quote(ctx.text, clause[kw.i].start):
        return kw.j  # «сама же написала в теме «моя мо в лису!!!!»»: her words, no move
    if kw.withdraw:
        return _withdraw(ctx, actor, clause, kw, lo, hi, flags, items, on_behalf)
    if kw.cls != V.VOTE and (on_behalf or (
            actor.role == "boss" and action_for(kw.cls, actor, ctx.turn) is None)) and \
            (first := _member_first(ctx, actor, clause, kw, hi)) is not None:
        mate, at = first
        if mate is None:  # «Кража — Маскарад — Ромашка»: who moves, on whom? Ask
            items.append(Item(clause[kw.i].start, problem=problem(
                span(ctx.text, clause, kw.i, at), "unparsed", "member_or_target"),
                tried=action_for(kw.cls, actor, ctx.turn) or ""))
            return at
        # «Кража — Маскарад (он теперь за Шустрилу) — у Ромашки»: the member named first
        # moves, the name after «у» is the target
        return read_move(ctx, mate, clause, replace(kw, j=at, imperative=False,
                                                    hypothetical=False),
                         lo, hi, flags, items, True)
    if on_behalf and (named := member_after(ctx, clause, kw.j, actor.nick)) > kw.j and \
            named < hi and (not clause[named - 1].word or (
                clause[named].w in V.SENDER_WORDS and third_person(clause[kw.i].w))) and \
            (clause[named].w in V.SENDER_WORDS or clause[named].w in V.SELF_WORDS or (
                clause[named].w in _ON_WHOM and named + 1 < hi and clause[named + 1].word)):
        # «Охрана — Бастион — на мне», «Кража — Ева — у Шерлока»: the member who moves named
        # after his move's word, then his target (not the member as his own target; a bare
        # name after him stays as it was read); «Охраняет Бастион меня»: the member the
        # subject of the verb in the third person before him, «меня» its object
        kw = replace(kw, j=named)
    if on_behalf and (on := _duty_on(ctx, actor, clause, kw, hi, items)) is not None:
        if on < 0:
            return -on  # «Охрана на Бастилии.»: who guards, not whom: asked
        kw = replace(kw, j=on)  # «Охрана на Бастилии: Ромашка»: the target after her name
    action = action_for(kw.cls, actor, ctx.turn)
    if action == "search" and kw.cls == V.WATCH and actor.fan_check_left and \
            not any(t.word and t.w in role_words() for t in clause[max(0, kw.i - 1):]):
        # «Сегодня своей проверкой смотрю X» from a fan who found her role: she searches no
        # more (DECISIONS.md §5 Fan), what she looks with is her earned check; a role named
        # with the verb («смотрю, не комиссар ли X»; not «комиссара я нашла, так что смотрю
        # X») is the search wording, judged as such
        action = "check"
    if action == "clan_kill" and kw.cls == V.SHOOT and actor.role != "boss" and \
            first_singular(clause[kw.i].w):
        # «стреляю в X» from a member: his own shot is a hunt, which mafia may not make
        # (§5); the clan's kill is «наш выстрел», «стреляем», «убиваем»: refused, so he is told
        kw = replace(kw, cls=V.HUNT)
        action = None
    if action is None and kw.alt == V.VOTE and kw.cls in (V.FEAR, V.PARTNER, V.CHOOSE):
        kw = replace(kw, cls=kw.alt, alt=None)  # «на страх голосую за X»: not his «Страх»
        action = action_for(kw.cls, actor, ctx.turn)
    if action is None and kw.cls == V.INVITE and kw.weak and clause[kw.i].w == "в" and \
            _goes_to(clause, kw, lo, hi) and \
            (visit := action_for(V.VISIT, actor, ctx.turn)) is not None:
        # «Лис — к Уточке в гости» for the thief: «в гости к X» is his visit to X (a theft),
        # no invitation of a hostess's
        kw, action = replace(kw, cls=V.VISIT), visit
    if action is None and kw.cls == V.KILL and knock_out(clause[kw.i].w) and \
            (beat := action_for(V.BEAT, actor, ctx.turn)) is not None:
        # «гашу Кузю» from the thug: slang for knocking him out, his beat (a kill only for
        # those who kill)
        kw, action = replace(kw, cls=V.BEAT), beat
    if action is None and not on_behalf and actor.role == "boss" and \
            (mate := sole_member(ctx, actor, clause, kw)) is not None:
        # «Кузю прошу записать на кражу у Остапа», «За нашего охранника, Dr.Who, — охрана
        # меня»: a move only a member of his clan makes, its member named in a way not read
        mine: list[Item] = []
        j = member_after(ctx, clause, kw.j, mate.nick)
        if j == kw.j:
            j = member_on(ctx, clause, kw.j, mate.nick)  # «Охрана на Бастилии: X»
        if clause[kw.i].w in lexicon().third and \
                (sub := subject_after(ctx, clause, kw.j, mate.nick)):
            j = hi = sub  # «Лося пусть охраняет Бастион, а …»: his object before the verb
        end = read_move(ctx, mate, clause, replace(
            kw, j=j, imperative=False, hypothetical=False), lo, hi, flags, mine, True)
        if any(it.move is not None for it in mine) and \
                not any(_self_aimed(clause, kw, it, mate.nick) for it in mine):
            items.extend(mine)
            return end
        if mine and all(it.problem is not None and it.problem.kind == "not_allowed" and
                        it.problem.reason == "too_many_targets" for it in mine):
            # «Шнырь, Мотю обчисти и Фрола тоже»: two players for the member's one-target
            # move, refused and asked, never dropped
            items.extend(mine)
            return end
    noun = kw.weak or clause[kw.i].w in V.NARRATIVE_NOUNS
    # «проверяю, не Сова ли это», «смотрю, не Бука ли он»: the fan asks whether the player is
    # the one she seeks, her search's target
    whether = whether_named(ctx, clause, kw.j, hi) if action == "search" and \
        not (kw.negated or kw.reported or kw.hypothetical) else None
    if whether is None and action is not None and not kw.negated and \
            (trip := trip_with_player(ctx, clause, kw, hi)):
        # «Полечу с Мариной в Сочи»: a trip with a player, or his heal? Asked
        items.append(Item(clause[kw.i].start, problem=problem(
            span(ctx.text, clause, kw.i, trip), "unparsed", "unread"), tried=action or ""))
        return trip
    if whether is None and (ordinary_speech(ctx, clause, kw, hi) or (
            (kw.weak or clause[kw.i].w in V.PREPOSITIONS) and
            not (kw.alt is not None and clause[kw.j - 1].w in _MY_CHOICE) and
            idiom_told(clause, kw.i, kw.j))):
        # («Он отправил Кракена на линч»: what happened, not a vote; «в пару беру» ends in
        # the sender's own verb: no idiom told)
        return kw.j
    if action == "vote" and kw.j < hi and deferred(ctx, clause, kw.j, hi):
        return hi  # «голосую как Граф скажет»: no vote of his own (a kill so is asked: net)
    if on_behalf and kw.j < hi and his_choice(clause, kw.j, hi):
        return hi  # «Леви пусть охраняет кого хочет»: the member chooses, he writes himself
    if on_behalf and kw.i > lo and kw.j < hi and clause[kw.j].w == "," and \
            kw.j - kw.i == 1 and _said_to_him(clause[kw.i].w) and \
            read_back(ctx, actor, clause, lo, kw.i) is not None and \
            not _one_more(clause, kw.j + 1, hi):
        hi = kw.j  # «Кузя — Ленку охраняй, её Буратино вчера утащил»: his target before the
        # verb said to him; the names after the comma are why
    start = after_condition(ctx, actor, clause, kw.j, hi, action)
    if start < 0:  # «лечу, если Ромео не напишет: …»: the name is the condition's, ask
        end = next((n for n in range(kw.j + 2, hi) if clause[n].w in (":", "—", ",")), hi)
        items.append(Item(clause[kw.i].start, problem=problem(
            span(ctx.text, clause, kw.i, end), "unparsed", "conditional"), tried=action or ""))
        return end
    tg = read_targets(ctx, actor, clause, start, hi, noun=noun, reported=kw.reported,
                      guards=action in ("guard", "", None))
    if whether is not None and not tg.hits:
        tg = Targets(hits=[whether], end=whether[2] + 1)
    if action == "vote" and not on_behalf and tg.hits and clause[kw.i].w in lexicon().third and \
            all(h.kind == "self" and clause[k].w in V.SENDER_WORDS for h, k, _ in tg.hits):
        return tg.end  # «Алхимик слишком часто голосует против меня»: another's vote, told
    if tg.hits and (past := _past_aside(clause, start, tg.hits[0][1], hi)) is not None:
        # «Убийство от клана (если Лорд не пришлёт своё): X», «Убиваем (Лорд в курсе) X»: a
        # bracket before the move's object is a remark; the player after it is the target
        after = read_targets(ctx, actor, clause, past, hi, noun=noun, reported=kw.reported,
                             guards=action in ("guard", "", None))
        if after.hits:
            tg = after
    told = None
    if kw.cls != V.VOTE and tg.hits:
        told = told_by(clause, tg.hits[0][1], tg.hits[0][2], kw.j)
    elif kw.cls != V.VOTE and tg.pronoun and (said := told_name(ctx, clause, kw.j, hi)):
        told = told_by(clause, said[0], said[1], kw.j)  # («граблю как смит сказал»)
    if told is not None:
        tg.pronoun = False
        # «Хилку граблю, как Смит сказал», «Ворону охраняю — Мышь просила»: the player who
        # gave the order is no target; the object before the move word is (read back below),
        # or a name after the remark; with neither, no target: asked, never Смит
        tg.hits = [h for h in tg.hits if h[1] >= told]
        tg.end = max(tg.end, told)
    if tg.hits and told is None and kw.cls != V.VOTE and kw.i > lo and (
            first_obj := _object_first(ctx, actor, clause, lo, kw, tg)
            or _object_before_remark(ctx, actor, clause, lo, kw, tg)
            or _object_before_subject(ctx, actor, clause, lo, kw, tg)) is not None:
        # «Ворону охраняю, Граф в курсе», «Ворону охраняю, Кнопку завтра», «себя опять лечу,
        # после смены мне самому X нужна»: the object written before the move word is its
        # target; the name behind the comma opens a remark
        tg.hits = [first_obj]
    elif len(tg.hits) == 1 and tg.hits[0][0].kind == "self" and told is None and \
            kw.i > lo and action is not None and not on_behalf and \
            not (kw.reported or kw.hypothetical or kw.negated) and \
            tg.hits[0][1] > kw.j + 1 and clause[kw.j].w in (",", "—", "–") and \
            (word := _unread_object_before(ctx, clause, lo, kw,
                                           _own_verb_start(clause, lo, kw))) is not None:
        # «Геночку к себе зову, у меня пирог»: the object before the verb fits nobody, and
        # «у меня» behind the comma is where, no target: asked (never the sender taken)
        items.append(Item(clause[word].start, problem=unknown_name(
            ctx, span(ctx.text, clause, word, kw.j), clause[word].text, action), tried=action))
        return tg.end
    elif len(tg.hits) == 1 and told is None and kw.i > lo and action is not None and \
            not on_behalf and not (kw.reported or kw.hypothetical or kw.negated) and \
            _also_after(clause, kw, tg) and \
            (word := _unread_object_before(ctx, clause, lo, kw,
                                           _own_verb_start(clause, lo, kw))) is not None:
        # «Васю лечу, себя тоже»: the object before the verb fits nobody, the name behind the
        # comma with «тоже» is one more target beside it: asked (never that name alone)
        items.append(Item(clause[word].start, problem=unknown_name(
            ctx, span(ctx.text, clause, word, tg.end), clause[word].text, action), tried=action))
        return tg.end
    elif len(tg.hits) == 1 and told is None and kw.i > lo and \
            (also := _also_before(ctx, actor, clause, lo, kw, tg)) is not None:
        # «Лося на виселицу, Бобра тоже»: the object before the move word and the one «тоже»
        # adds after it are both its targets (two votes on a one-vote day: refused, asked)
        tg.hits = [also] + tg.hits
    if len(tg.hits) == 1 and (gone := unneeded_end(clause, tg.hits[0][2], hi)) is not None:
        # «Линч Ромашке уже не нужен, так что Бармалей»: no move on Ромашка (no problem
        # either); the name after «так что» takes the move
        then = so_then(clause, gone, hi)
        if then is None or then >= hi:
            return gone
        tg = read_targets(ctx, actor, clause, then, hi, noun=noun, reported=kw.reported,
                          guards=action in ("guard", "", None))
        if not tg.hits and tg.unknown is None:
            return gone
    if len(tg.hits) == 1 and (done := done_before_end(clause, tg.hits[0][2], hi)) is not None \
            and (today := today_after(clause, done, hi)) is not None:
        # «Ищу комиссара: Сороку уже смотрела, Корзинкина тоже, сегодня — X»: the player
        # searched on an earlier turn is no target; today's is named after «сегодня»
        now = read_targets(ctx, actor, clause, today, hi, noun=noun, reported=kw.reported,
                           guards=action in ("guard", "", None))
        if now.hits or now.unknown is not None:
            tg = now
    if tg.hits and \
            any(clause[n].w in ("—", "–", ",") for n in range(kw.j, tg.hits[0][1])) and \
            any(clause[n].word and (is_verb(clause[n].w) or is_infinitive(clause[n].w))
                for n in range(kw.j, tg.hits[0][1])):
        if ctx.last_hit is not None:
            same = pronoun_before(ctx, clause, lo, kw.i, same=True)
            if same is not None:  # «…и его же убиваем — пусть знает, как дерзить Барону»: the
                tg.hits = [same]  # name after the dash is the reason's, «его же» the target
        elif (at := same_pronoun_at(clause, lo, kw.i)) is not None and \
                (named := named_before(ctx, clause[at].w)) is not None:
            # «Линч: Грушницкий и Ольга Ларина. Её же проверяю — …, с кем водится Татьяна»:
            # of the players named before, only one is of the pronoun's gender
            tg.hits = [(named[0], at, at + 1)]
        elif same_pronoun_before(clause, lo, kw.i):
            # «Линч: X и Y. Её же проверяю — хочу знать, с кем водится Z»: «её же» points at
            # one of the players named before, not at the reason's Z: asked
            text = span(ctx.text, clause, lo, kw.j)
            items.append(Item(clause[kw.i].start, problem=problem(text, "unparsed", "pronoun"),
                              tried=action or ""))
            return tg.end
    if tg.hits and (pro := _pronoun_then_statement(clause, lo, kw, tg)) is not None:
        # «Бублик мутный, его и режу — Филин пусть молчит»: the object pronoun before the
        # move word is its target; the name after the mark is the subject of a new statement
        # («Филин пусть молчит»). The pronoun's antecedent is the player named before it;
        # none or several: asked, never the later name taken in silence
        found = antecedent(ctx, clause, lo, pro, clause[pro].w, ctx.sender.nick) or \
            named_before(ctx, clause[pro].w)
        same = pronoun_before(ctx, clause, lo, kw.i, same=True) if found is None else None
        if found is None and same is None:
            items.append(Item(clause[pro].start, problem=problem(
                span(ctx.text, clause, pro, tg.end), "unparsed", "pronoun"), tried=action or ""))
            return tg.end
        # («Ворую у X, и её же убиваем (Y в курсе)»: «её же», the last move's target)
        tg.hits = [same] if found is None else [(found[0], pro, pro + 1)]
    if tg.hits and kw.cls != V.VOTE and _handed_on(clause, tg.hits[0][2]) and \
            tg.hits[0][1] > kw.j and clause[kw.j].w in (",", "—", "–") and \
            any(t.w == "а" for t in clause[kw.j:tg.hits[0][1]]):
        # «Лечу, а Кнопку пусть Граф зовёт» with no object of the sender's own: the name after
        # «а … пусть» is left to another, never the move's target in silence: asked
        items.append(Item(clause[kw.i].start, problem=problem(
            span(ctx.text, clause, kw.i, tg.end), "unparsed", "which_move")))
        return tg.end
    if tg.hits and kw.i > lo and _pronoun_and_name(ctx.text, clause, lo, kw, tg):
        # «её же убиваем енот сам знает» (the punctuation left out): the object stands before
        # the move word, the name after it may open the next statement or be the target:
        # asked, never the name taken in silence
        text = span(ctx.text, clause, lo, tg.end)
        items.append(Item(clause[kw.i].start, problem=problem(text, "unparsed", "pronoun"),
                          tried=action or ""))
        return tg.end
    if kw.cls == V.VOTE and tg.hits and \
            all(k and clause[k - 1].w in _NOT_VOTE_PREPS for _, k, _ in tg.hits) and \
            is_verb(clause[kw.i].w):
        # «соляру сливаю у Аптечки»: a vote verb never takes its player after «у», «от», «из»
        # (a slang word of another move, or talk): no vote, the sentence asked about
        tg.hits = []
        if tg.unknown is None:
            items.append(Item(clause[kw.i].start, problem=problem(
                span(ctx.text, clause, kw.i, tg.end), "unparsed", "which_move")))
            return tg.end
    if action in _WITH_COMPANY and any(k and clause[k - 1].w in ("с", "со") for _, k, _ in tg.hits) \
            and not _phrase_ends_with(clause, kw) and not _contest(clause, kw):
        # «мочим с барсом»: who the move is made with (the instrumental), not its target
        tg.hits = [h for h in tg.hits if not (h[1] and clause[h[1] - 1].w in ("с", "со"))]
    if not tg.hits and tg.unknown is None and not tg.pronoun and as_told(clause, kw.i):
        return kw.j  # «как он скажет — так и охраняю»: the boss decides it
    if action == "heal" and not tg.hits and clause[kw.i].w in V.HEAL_MYSELF and \
            not (kw.j < hi and clause[kw.j].w in ("от", "у", "в", "дома")):
        # «Сегодня лечусь, что-то неспокойно»: the doctor heals himself («лечусь от
        # простуды» is talk)
        tg.hits.append((NameHit(actor.nick, (actor.nick,), "self"), kw.i, kw.j))
        tg.end = max(tg.end, kw.j)
    if action == "guard" and not tg.hits and (end := _my_home(clause, kw.j, hi)):
        # «Феликс стоит под моей дверью»: the sender's door is the sender
        tg.hits.append((NameHit(ctx.sender.nick, (ctx.sender.nick,), "self"), kw.j, end))
        tg.end = max(tg.end, end)
    if kw.cls == V.VOTE and tg.hits and as_decided(clause, kw.j, tg.hits[0][1], hi):
        return kw.j  # «голосую как Лис скажет»: Лис decides the vote, he is no target
    if len(tg.hits) == 1 and kw.cls != V.DELEGATE and decider(clause, tg.hits[0][2], hi):
        return kw.j  # «кого убивать — пусть Джонни решает»: he decides, he is no target
    if len(tg.hits) == 1 and kw.cls != V.DELEGATE and asked_of(clause, lo, tg.hits[0][1]):
        return kw.j  # «кого убивать — это к Графу», «спросите Графа»: the question is his
    if tg.za and tg.hits and kw.cls not in V.ZA_CLASSES:  # «Лечу X, хотя нет, за Y»: a vote?
        items.append(Item(clause[kw.i].start, problem=problem(
            span(ctx.text, clause, kw.i, tg.end), "unparsed", "which_move")))
        return tg.end
    if action == "guard" and not tg.hits and tg.roles:
        _clan_mate(ctx, actor, tg)
    if action == "search":
        words_before(ctx, clause, lo, kw.i, tg)  # «Доктора сегодня ищу у X», «у X ищу врача»
    if not tg.hits and any(t.w in _SAVED for t in clause[max(lo, kw.i - 3):min(hi, kw.j + 3)]):
        return kw.j  # «чек пока приберегу»: no move today, nothing tried
    if not tg.hits and tg.unknown is None and action is not None and not on_behalf and \
            (said := yesterday_slot(ctx, clause, kw, hi)) is not None:
        # «шизю того же, что вчера», «голос как вчера»: yesterday's target of the same move
        # (the rules refuse a repeat that is not allowed); unknown, asked
        found = yesterday_target(ctx, actor.nick, action)
        if found is None:
            items.append(Item(clause[kw.i].start, problem=problem(
                span(ctx.text, clause, kw.i, said), "unparsed", "yesterday_unknown",
                action=action), tried=action))
            return said
        tg.hits.append((found, kw.j, said))
        tg.pronoun, tg.end = False, max(tg.end, said)
    later_pronoun = tg.pronoun and any(clause[n].w in (",", "—", "-", "–")  # («… — хватит ему»)
                                       for n in range(kw.j, tg.end - 1))
    if not tg.hits and ctx.last_hit is not None and (tg.roles or tg.unknown is not None or
                                                     later_pronoun):
        same = pronoun_before(ctx, clause, lo, kw.i, same=True)  # «её же убиваем: …»
        if same is not None:  # (not «…, а то она всех таскает»: the reason's subject)
            tg.hits.append(same)
            tg.roles, tg.role_at, tg.unknown, tg.pronoun = [], [], None, False
    loose = tg.unknown is not None and not tg.unknown_slot and not tg.hits and (
        kw.weak or _unknown_in_next_part(clause, kw, tg.unknown[1]))
    if not tg.hits and (tg.unknown is None or loose) and not tg.pronoun and not tg.roles and \
            not tg.negated:
        # («хочу Васю на партейку в преф»: a word that is no name after an idiom; the name
        # stands before it)
        verb_at = _own_verb_start(clause, lo, kw)
        back = read_back(ctx, actor, clause, lo, verb_at) \
            if (told is not None or not object_clause(clause, kw.j) or
                object_fronted(ctx, clause, lo, kw.i)) and \
            not _titled_object(ctx, clause, kw.j, hi) \
            else None  # «за Верой — посмотрю, что к вечеру будет»: «I'll see what…», no move
        if back is None and verb_at < kw.i and not loose and \
                (nick_verb := _nick_as_verb(ctx, clause, verb_at, kw)) is not None:
            if nick_verb[0] is None:
                # «Иду на рею» with «Иду» on the roster: «I go» may govern the idiom, or the
                # player is its target: asked, never dropped
                items.append(Item(clause[verb_at].start, problem=problem(
                    span(ctx.text, clause, verb_at, kw.j), "unparsed", "word_or_nick"),
                    tried=action or ""))
                return kw.j
            back = nick_verb  # «Пью на рею» with «Пью» on the roster: the player, no «I drink»
        # («…Пана Коцкого — посмотрим «Иронию судьбы»»: the film is what is watched)
        if loose and back is not None:
            tg.unknown = None
        if back is None and ctx.last_hit is not None and not loose:
            # a weak word only with «её же», «его же» («и её же этой ночью убираем»)
            back = pronoun_before(ctx, clause, lo, kw.i, same=noun, skip=(actor.nick,))
        if back is None and not loose and action is not None and \
                not (kw.reported or kw.hypothetical or kw.negated) and \
                (pro := _object_pronoun_before(clause, lo, kw, ctx.sender.mafia)) is not None:
            # «Енотик вчера так хорошо сидел, что я его и сегодня к себе зову»: the pronoun
            # object before the sender's own verb points at the one player named before it;
            # with none or several, asked (never dropped)
            back, asked = _pronoun_back(ctx, clause, lo, kw, pro, action, items)
            if asked:
                return kw.j
        if back is None and not loose and kw.cls == V.VOTE and \
                (you := _dative_you_before(clause, lo, kw)) is not None:
            # «Остап, ты жулик и хитрец, тебе мой голос»: the player spoken to; nobody called
            # by name: asked (never dropped)
            called = antecedent(ctx, clause, lo, you) if lo < you else None
            called = called[0] if called is not None and called[1] == lo and \
                called[2] < len(clause) and clause[called[2]].w == "," else addressee_before(ctx)
            if called is None:
                items.append(Item(clause[you].start, problem=problem(
                    span(ctx.text, clause, you, kw.j), "unparsed", "pronoun"), tried=action))
                return kw.j
            back = (called, you, you + 1)
        if back is None and not loose and action is not None and \
                not (kw.reported or kw.hypothetical or kw.negated) and \
                (pro := _pronoun_before_vote_noun(clause, lo, kw, hi)) is not None:
            # «Кулёк весь день молчит, за него и голос», «…, ей и голос»: the vote noun ends
            # its phrase and its player stands before it as a pronoun, the one player named
            # before it; with none or several, asked (never dropped)
            back, asked = _pronoun_back(ctx, clause, lo, kw, pro, action, items)
            if asked:
                return kw.j
        if back is None and ctx.last_hit is None and not loose:
            # «Графиня Розина подозрительна. Её я и проверяю», «Граф мутный. Его и режу»: no
            # target before, the one player named before the pronoun
            back = pronoun_named_before(ctx, clause, lo, kw.i, same=noun)
        if back is None and not loose and noun and kw.i >= 2 and \
                clause[kw.i - 1].w in _DATIVE_BEFORE and is_verb(clause[kw.i - 2].w) and \
                not is_verb(clause[kw.i].w):
            # «…к дому Буки и ставит ему капельницу»: the dative pronoun points back
            found = antecedent(ctx, clause, lo, kw.i - 1, clause[kw.i - 1].w, ctx.sender.nick) \
                or named_before(ctx, clause[kw.i - 1].w)
            back = (found[0], kw.i - 1, kw.i) if found is not None else None
        if back is None and not loose and _counted_as(clause, kw.i):
            named = named_before(ctx)  # «…познакомиться с Карамелькой. Считайте это моей проверкой»
            back = (named[0], kw.i, kw.j) if named is not None else None
        if back is not None and back[0].nick is not None and back[0].nick not in ctx.alive and \
                noun and back[2] <= kw.i and locative(clause[kw.j - 1].w):
            return kw.j  # «потерь нет, кроме Ивана Палыча на линче»: where a player already
            # out was lost, told; no move on him («на линче» is where, not «на линч»)
        if back is None and not loose and tg.unknown is None and \
                (kw.j >= hi or not clause[kw.j].word) and \
                (that := _THAT_IS.search(ctx.text, 0, clause[kw.i].start)) is not None:
            # «Разминирую Комбата. Т.е. маньячу, для протокола»: the move word says what the
            # sentence before (one player named) meant
            named = _named_in_sentence_before(ctx, that.start(), items)
            back = (named, kw.i, kw.j) if named is not None else None
        if back is None and not loose and tg.unknown is None and action is not None and \
                (named := label_before(ctx, clause, kw, lo, hi, items)) is not None:
            back = (named, kw.i, kw.j)  # «Вьюга. Маньячу.»: the label sentence's player
        if back is None and not loose and tg.unknown is None and action is not None and \
                (not on_behalf or order_word(clause, kw.i)) and \
                not (kw.reported or kw.hypothetical or kw.negated) and \
                (word := _unread_object_before(ctx, clause, lo, kw, verb_at,
                                               order=on_behalf)) is not None:
            # «Геночку к себе зову», «Сегодня Васю проверяю»: a name before the sender's own
            # move verb that fits nobody on the roster: asked, never dropped unsaid (as
            # «зову Геночку» is); so before the verb of a boss's order for his member too
            # («Шило — Мурку обчисти»)
            items.append(Item(clause[word].start, problem=unknown_name(
                ctx, span(ctx.text, clause, word, kw.j), clause[word].text, action),
                tried=action))
            return kw.j
        if back is not None:
            tg.hits.append(back)
            tg.hits[:0] = names_listed_before(ctx, actor, clause, lo, back[1])
    elif not tg.hits and tg.pronoun:
        pointer = tg.end - 1
        if noun and pointer > kw.j - 1 and clause[pointer - 1].w in ("на", "за") and \
                clause[pointer].w in _ON_YOU.get(clause[pointer - 1].w, ()):
            return kw.j  # «Лис, убийство на тебе», «голос за тобой»: the addressee's to make,
            # no move of the sender's
        if _for_him_after(clause, kw, pointer):
            return kw.j  # «Страж теперь охраняет, за него дублирую: …»: for whom, no target
        # «Миралисса, лечу её»; never «кого попало», «всех», «тебя»
        # (a third-person pronoun never points at the sender: «За Штирлицем нужен глаз да
        # глаз, так что слежу за ним» from Глаз)
        back = antecedent(ctx, clause, lo, kw.i, clause[pointer].w,
                          ctx.sender.nick if clause[pointer].w in _POINTING else None,
                          asked=True) \
            if clause[pointer].w in _ADDRESSED else None
        if back is None and lo > 0 and clause[pointer].w in _YOU and \
                (voc := antecedent(ctx, clause, 0, kw.i)) is not None and voc[1] == 0 and \
                voc[2] < len(clause) and clause[voc[2]].w == ",":
            back = voc  # «Шарапыч, зайчик, ты у меня на винишке и голос тоже на тебя»: the
            # name the clause opens with is spoken to, whatever move was read on it
        if back is None and kw.cls == V.VOTE and clause[kw.i].w in _VOTE_GIVEN and \
                clause[pointer].w in _YOU and (called := addressee_before(ctx)) is not None:
            back = (called, pointer, pointer + 1)  # «Санчо! Прости — голос за тебя» (not the
            # threat «Бука, ты мафия! Линч тебе!»: asked)
        explicit = clause[pointer].w in ("туда", "он", "она") or (
            pointer > 0 and clause[pointer - 1].w in V.SAME_AGAIN) or (
            pointer + 1 < len(clause) and clause[pointer + 1].w in V.SAME_AGAIN) or (
            # «голос тоже ему», «его же», «зову его снова»
            ctx.last_hit is not None and all(  # «МО в Шашлычка и голос тоже в него»
                not clause[n].word or clause[n].w in V.PREPOSITIONS or clause[n].w in _ALSO or
                (kw.cls == V.VOTE and clause[n].w in _OWN_VOTE)  # «Голос свой тоже на неё»
                for n in range(kw.j, pointer))) or (
            # «голос отдаю ей», «и голос свой тоже отдам ему»: the vote given to him
            kw.cls == V.VOTE and pointer > kw.i and clause[pointer - 1].w in _GIVING and all(
                not clause[n].word or clause[n].w in _ALSO or clause[n].w in _GIVING_SKIP
                for n in range(kw.j, pointer)))
        explicit = explicit or (pointer == kw.j and kw.j - kw.i == 1 and
                                first_singular(clause[kw.i].w)) or (  # «позову его к себе»
            # «мой голос на линче — за него»: a dash or colon, then the preposition
            pointer - 1 > kw.j and clause[pointer - 1].w in ("за", "на", "в") and
            all(clause[n].w in ("—", "–", ":", "-") for n in range(kw.j, pointer - 1))) or \
            _vote_for_pronoun(clause, kw, pointer)
        if back is None and clause[pointer].w in _POINTING and (not kw.weak or explicit) and \
                (clause[pointer].w != "нем" or (pointer + 1 < len(clause) and
                                               clause[pointer + 1].w == "же") or
                 (kw.cls == V.SEARCH and clause[pointer - 1].w == "в")):
            # («на нём» only as «на нём же»: «думаю о нём весь день» points at nobody; the
            # fan's «ищу комиссара в нём» points at the one named before)
            last_hit = ctx.last_hit or named_before(ctx, clause[pointer].w)
            same = ctx.last_hit is not None and pointer + 1 < len(clause) and \
                clause[pointer + 1].w == "же"  # «…И стреляю в неё же»: the last move's target
            if last_hit is not None and last_hit[0].nick is not None and \
                    _other_gender(clause[pointer].w, last_hit[0].nick):
                # «…стреляю в Деда — раз у Валентины Сергеевны миномёт. Голос ему же»: the
                # last name read is surely a woman's, «ему» is not hers
                last_hit = _of_gender(ctx, clause[pointer].w, last_hit[0].nick)
            elif last_hit is not None and not same and named_since(
                    ctx, clause, last_hit[0].nick, clause[pointer].start, (actor.nick,)):
                # another player named since: which one? («Скапен, к Хлестакову. Графиня
                # Розина зовёт гостей. Проверяю её»: the one named right before, when only
                # she is of the pronoun's gender)
                last_hit = _of_gender(ctx, clause[pointer].w, last_hit[0].nick)
            if last_hit is not None:
                back = (last_hit[0], tg.end - 1, tg.end)  # «Проверяю Кузю и её же убиваем»
        if back is not None:
            tg.hits.append(back)
            tg.pronoun = False
    if len(tg.hits) == 1 and ctx.last_hit is None and action is not None and \
            (at := tg.hits[0][1]) + 1 < len(clause) and clause[at].w in PRONOUN_GENDER and \
            clause[at + 1].w == "же" and not (kw.hypothetical or kw.reported or kw.negated) and \
            (said := _verbless_named(ctx, tg.hits[0][0].nick)) is not None:
        # «На стол сегодня Хаус. И в МО за него же стреляю»: «него же», the same player, says
        # the sentence before made a move on him too, in words no rule reads: it is asked
        items.append(Item(said[0], problem=problem(said[1], "unparsed", "unread")))
    tg.listed_pronoun = unnamed_pronoun(ctx, clause, tg)  # not «за неё же, за Маргошу»
    if tg.listed_pronoun is not None and not listed_back(ctx, tg):
        p = tg.listed_pronoun  # «за Кузю и за него»: nobody named before to point at: ask
        text = span(ctx.text, clause, kw.i, max(tg.end, p + 1))
        items.append(Item(clause[kw.i].start, problem=problem(text, "unparsed", "pronoun"),
                          tried=action or ""))
        return max(tg.end, p + 1)
    if len(tg.hits) == 1 and tg.hits[0][0].kind != "self" and \
            (one := alive_only(ctx, tg.hits[0][0])).nick is not None:
        # («Беру в пару Машу. Охраняю её же»: of the two Машы only one is alive)
        ctx.last_hit, ctx.last_hit_at = (one,), clause[0].start
        ctx.last_hit_end = clause[tg.hits[0][2] - 1].end
        ctx.last_hit_cap = clause[tg.hits[0][1]].cap
    first = min([kw.i] + [h[1] for h in tg.hits])
    last = max([kw.j, tg.end, _dropped_end(ctx, action, tg, clause)] + [h[2] for h in tg.hits])
    if not tg.hits and tg.unknown is None and not tg.pronoun:
        last = max(last, last_word(clause, kw.j, hi))
    text = span(ctx.text, clause, first, _close_quote(clause, last))
    pos = clause[first].start
    used = max([kw.j] + [h[2] for h in tg.hits])
    if kw.cls == V.INVITE and elsewhere(clause, max(kw.j, tg.end), hi):
        return used  # «Приглашаю всех на форум, в ветку поэзии»: not to her home
    if not (on_behalf and (kw.i == kw.j or is_infinitive(clause[kw.i].w))) and \
            not (kw.cls == V.DELEGATE and all(h.kind == "self" or h.nick == my_boss(ctx)
                                              for h, _, _ in tg.hits)) and \
            clause[min(kw.j, len(clause) - 1)].w != "ли" and \
            not (on_behalf and told_to_member(clause, kw, tg, lo)) and \
            tells(clause, kw, tg, _after_this(clause, max(
                used, tg.end, _dropped_end(ctx, action, tg, clause))), hi, noun, ctx.text):
        # («пусть дон решает за меня — он умнее»: «меня» is the sender the boss moves for)
        # (a boss's «Лисе: посетить X и …» is an order by its form)
        return used
    if not tg.hits and kw.j - kw.i == 1 and joined_to_next(clause, kw.j, hi) and (
            is_infinitive(clause[kw.i].w) or (not is_known_word(clause[kw.i].w) and
                                              clause[kw.i].w.endswith(("ть", "ться")))):  # «Лечить и охотиться — X»: asked
        flags = {**flags, "joined": True}
    item = judge(ctx, actor, kw, action, tg, text, flags, on_behalf, clause)
    if item is None:
        return used
    if item.problem is not None and item.problem.kind == "ambiguous" and \
            ctx.last_hit_at == clause[0].start and ctx.last_hit is not None and \
            len(item.problem.candidates) > 1 and \
            ctx.last_hit[0].nick in item.problem.candidates:
        # «слежу за kepler'ом. голос тоже ему»: the name was read as one player, then found
        # to fit two; a pronoun after it is as unsure as the name
        ctx.last_hit = (NameHit(None, tuple(item.problem.candidates), ctx.last_hit[0].kind),)
    if action == "clan_kill" and item.problem is not None and item.problem.kind == "ambiguous" \
            and not kw.hypothetical:
        _sure_kill(ctx, tg, item, text, clause[first].start, items)  # «Денчика и Сову»
    if item.move is not None and _again_unknown(ctx, actor, clause, kw, tg, item.move):
        # «Бобёр снова к Фиалке»: the same player again, for a move that may not repeat, and
        # the game has no record of yesterday's: ask
        item = Item(0, problem=problem(text, "not_allowed", "same_target_twice",
                                       action=item.move.action, target=item.move.target or ""),
                    tried=item.move.action)
    if kw.hypothetical == "later" or (
            kw.hypothetical == "reported" and item.move is None and not item.tried):
        return used  # «Кузя хочет бить Петю» to the doctor: another player's move, talk
    item.via_check = kw.cls == V.CHECK and action == "search"
    if kw.hypothetical in (True, "plan") and item.problem is not None and \
            item.problem.reason == "no_target" and promised_later(clause, kw.i):
        return used  # «Проголосую завтра, пока присматриваюсь»: no move today, no question
    if kw.hypothetical in (True, "plan") and survive_tomorrow(clause, kw.i):
        return used  # «Если доживу до завтра — буду стрелять в X»: tomorrow's plan, no question
    if kw.hypothetical in (True, "plan") and item.move is None and item.problem is not None \
            and item.problem.reason in ("pronoun", "unknown_name") and _anybody(ctx, clause, kw):
        return used  # «завтра может поохочусь на кого-нибудь»: nobody chosen, nothing planned
    if kw.hypothetical is True and given_up(clause, kw.i):
        return used  # «Хотел ещё пальнуть в X на охоте, но с проверкой нельзя»: given up
    if kw.hypothetical and (item.move is not None or item.tried):
        reason = "reported" if kw.hypothetical == "reported" else "conditional"
        aimed = tuple(move_targets(item.move)) if item.move is not None and \
            item.move.action == "vote" else ()
        item = Item(0, problem=problem(text, "unparsed", reason), tried=item.tried,
                    later=kw.hypothetical == "plan", aimed=aimed)
    item.pos = pos
    if item.move is not None:
        item.move = item.move.with_span(text)
        if on_behalf and item.move.action == "vote" and \
                any(t.w in lexicon().imperative for t in clause[kw.i:kw.j]):
            return used  # «Бозон, Лямбда — просто голосуйте за Ферми»: the boss's advice to
            # his members, whose votes are their own; nothing for the host to apply or ask
        if on_behalf:
            item = member_kill(ctx.prev_clause + clause, item) or \
                _behalf(ctx, actor, item, text)
            if item is None:
                return used
    items.append(item)
    if item.also is not None:
        item.also.pos = pos
        items.append(item.also)
        item.also = None
    return used


def _member_first(ctx: Ctx, actor: Actor, clause: list[Tok], kw: Kw,
                  hi: int) -> tuple[Actor | None, int] | None:
    """For a boss's order (or a member's move read from one): a living member of the
    boss's clan, other than ``actor``, named right after the move word and marks, then
    (past a bracket and marks) a target after «у» / «к» («Кража — Маскарад (он теперь за
    Шустрилу) — у Ромашки»): that member and the index of the preposition. ``(None, end)``
    when another name follows him with no preposition («Кража — Маскарад — Ромашка»: who
    moves is unclear), ``end`` after that name; None when the form is not there."""
    k = kw.j
    while k < hi and not clause[k].word and clause[k].w in _MARKS:
        k += 1
    if k == kw.j or k >= hi or not clause[k].word:
        return None  # the member comes after a dash or a colon only
    words = clause_words(clause)
    hit = name_index(ctx.nicks).exact(words, k, None)
    if hit is None and clause[k].cap and words[k].isalpha():
        # («Кража — Ева (она теперь за Штирлица) — у Шерлока»: a clan mate by one word of
        # his nick, a part or pet form, never a fuzzy guess; checked a mate below)
        hit = name_index(ctx.nicks).approximate(words[k])
        hit = hit if hit is not None and hit.kind != "fuzzy" else None
    if hit is None or hit.nick in (actor.nick, ctx.sender.nick):
        return None
    p = ctx.state.players.get(hit.nick)
    if p is None or not p.alive or p.clan is None or p.clan != ctx.sender.clan:
        return None
    m = k + hit.length
    if m < hi and clause[m].w == "(":
        while m < hi and clause[m].w != ")":
            m += 1
        m += 1
    n = m
    while n < hi and not clause[n].word and clause[n].w in _MARKS:
        n += 1
    if n == m or n >= hi:
        return None  # «Кража — Маскарад.»: the member is the target as written
    if clause[n].w in ("у", "к", "ко") and n + 1 < hi and \
            nick_at(ctx, clause, words, n + 1) is not None:
        return actor_of(ctx.state, hit.nick), n
    other = nick_at(ctx, clause, words, n)
    if other is not None and clause[n].cap:
        return None, n + max(1, other.length)
    return None


#: The first parts of the indefinite pronouns of a person («кого-нибудь», «кого-то»,
#: «кому-либо», transliterated «kogo-nibud» too).
_SOMEBODY = ("кого-", "кому-", "кем-")

#: Words between a move word and an indefinite pronoun («на кого-нибудь», «ещё кого-то»).
_SOMEBODY_GAP = frozenset({"в", "во", "на", "по", "за", "у", "к", "ещё", "еще", "хоть"})


def _anybody(ctx: Ctx, clause: list[Tok], kw: Kw) -> bool:
    """True when the move word at ``kw`` takes an indefinite pronoun of a person for its
    player («поохочусь на кого-нибудь», «кильнуть кого-то из тихонь») and no player is
    named after it in its sentence (not «поищу кого-нибудь… Тамару, например»): nobody
    chosen."""
    n = kw.j
    while n < len(clause) and clause[n].word and clause[n].w in _SOMEBODY_GAP:
        n += 1
    if n >= len(clause) or not clause[n].w.startswith(_SOMEBODY):
        return False
    end = _SENTENCE_END.search(ctx.text, clause[n].end)
    rest = tokenize_span(ctx.text, clause[n].end, end.start() if end else len(ctx.text))
    return not names_in(ctx, rest)


#: The end of a sentence («…» does not end it: «кого-нибудь… Тамару, например»).
_SENTENCE_END = re.compile(r"[.!?\n]")


#: Words that add the part they stand in to the move before («…, и Фрола тоже»).
_TOO = frozenset({"тоже", "также"})


def _one_more(clause: list[Tok], k: int, hi: int) -> bool:
    """True when the comma part from ``k`` (up to the next comma or ``hi``) opens with «и»
    and holds «тоже» / «также»: one more target of the move before («Мотю обчисти, и Фрола
    тоже»), no reason after it."""
    if k >= hi or clause[k].w != "и":
        return False
    end = next((n for n in range(k, hi) if clause[n].w == ","), hi)
    return any(clause[n].w in _TOO for n in range(k + 1, end))


#: Prepositions of a target after the member named in his order («— на мне», «— у Совы»).
#: Verbs of putting out, slang both for a kill and for knocking a player out («гашу X»).
_KNOCK_OUT = frozenset({"гасить", "загасить"})


def knock_out(word: str) -> bool:
    """True when ``word`` is a form of «гасить»/«загасить» («гашу», «загасим»): the thug's
    beat in his slang, the killers' kill in theirs."""
    return is_known_word(word) and morph().parse(word)[0].normal_form in _KNOCK_OUT


_ON_WHOM = frozenset({"на", "при", "у", "к", "ко"})

#: Marks between a move word, the member named and the target.
_MARKS = frozenset({"—", "–", "-", ":", ",", ")"})


def _duty_on(ctx: Ctx, actor: Actor, clause: list[Tok], kw: Kw, hi: int,
             items: list[Item]) -> int | None:
    """For a member's move read from a boss's order: when «на <the member>» in the
    prepositional case comes right after the move word («Охрана на Бастилии», the duty lies
    on her), the index after it, where the target is to come; when nothing follows before
    ``hi``, a problem is added to ``items`` (who moves is named, not on whom) and the
    negated index after the name is returned; None when the form is not there."""
    at = kw.i if clause[kw.i].w == "на" and kw.j <= kw.i + 1 else kw.j
    if at == kw.j and kw.j < len(clause) and clause[kw.j - 1].w == "на" and kw.j > kw.i:
        at = kw.j - 1  # the keyword took «на» in
    end = member_on(ctx, clause, at, actor.nick)
    if end == at:
        return None
    if any(t.word for t in clause[end:hi]):
        return end
    stop = end
    while stop > 0 and not clause[stop - 1].word:
        stop -= 1
    first = kw.i
    while first > 0 and kw.i - first < 3 and clause[first - 1].w not in _HEAD_STOPS:
        first -= 1  # the heading before the keyword («Охрана на Бастилии»)
    items.append(Item(clause[first].start, problem=problem(
        span(ctx.text, clause, first, stop), "unparsed", "no_target"),
        tried=action_for(kw.cls, actor, ctx.turn) or ""))
    return -max(end, 1)


#: Where a heading before a keyword cannot reach back past.
_HEAD_STOPS = frozenset({".", "!", "?", ";", ",", "…", "\n", "\x01"})


def _self_aimed(clause: list[Tok], kw: Kw, item: Item, mate: str) -> bool:
    """True when the member's move a boss's order was read as (:func:`read_move`, the member
    found by his role alone) names that member himself: a thief robbing himself is his name
    misread as the target («Вортекс (x_Vortex_x) обносит его»), and «себя» may be the boss
    or the member («охрану ставлю на себя»); the order is then judged as the boss's own."""
    inner = item.move.move if item.move is not None and item.move.action == "on_behalf" else None
    if inner is None or mate not in (inner.target, *inner.targets):
        return False
    return inner.action == "rob" or any(t.w in _SELF for t in clause[kw.j:])


#: «себя»: the one the subject is.
_SELF = frozenset({"себя", "себе", "собой"})


def _after_this(clause: list[Tok], end: int) -> int:
    """``end`` (the index after a move's names) past a demonstrative right after the last
    name when a comma or the clause's end follows it («голоса X и Y этот, который …»: the
    player pointed at, no word of talk)."""
    if end < len(clause) and clause[end].w in DEMONSTRATIVES and \
            (end + 1 >= len(clause) or not clause[end + 1].word):
        return end + 1
    return end


def _dropped_end(ctx: Ctx, action: str | None, tg: Targets, clause: list[Tok]) -> int:
    """The index after a two-vote day's vote-list name no reading took («голоса вий и
    скунс»; «… и спартаковец этот»: its demonstrative too), or after the second name of a
    role move's list that no reading took before a remark («Убиваем X и Васю — …»,
    :func:`engine.grammar_dropped.dropped_before_remark`): the list ends there, the words
    are no talk after the move; 0 otherwise."""
    if len(tg.hits) == 1 and action != "vote" and dropped_before_remark(clause, tg.dropped):
        return tg.dropped[1] + 1  # «Убиваем X и Васю — …»: the move asked names both
    if action != "vote" or ctx.votes < 2 or tg.dropped is None or len(tg.hits) != 1:
        return 0
    end = tg.dropped[1] + 1
    return end + 1 if end < len(clause) and clause[end].w in DEMONSTRATIVES else end


def _sure_kill(ctx: Ctx, tg: Targets, item: Item, text: str, pos: int,
               items: list[Item]) -> None:
    """The full moon's two clan kills where one name fits several players and the other one
    player: the sure kill stands (added to ``items``), the other is asked about by
    ``item``'s problem."""
    sure = [h.nick for h, _, _ in tg.hits if h.nick is not None]
    if len(tg.hits) < 2 or len(sure) != 1 or sure[0] not in ctx.alive:
        return
    items.append(Item(pos, move=Move("clan_kill", target=sure[0], span=text),
                      tried="clan_kill"))


#: Dative pronouns between a verb and a move noun («ставит ему капельницу»).
_DATIVE_BEFORE = frozenset({"ему", "ей"})


#: Words between a keyword and a pronoun that points at the letter's last target.
_ALSO = frozenset({"тоже", "же", "также", "и"})
#: «Голос отдаю ей»: verbs giving the vote word before them to the pronoun after them.
_GIVING = frozenset({"отдаю", "отдам", "отдаём", "отдадим", "ставлю", "поставлю", "кидаю", "кину",
                     "передаю", "передам", "отправляю", "дарю", "вручаю"})

#: «свой», «мой» after the vote word («голос свой тоже на неё»): whose vote, no other word.
_OWN_VOTE = frozenset({"свой", "мой"})

#: Words between the vote word and such a verb («голос свой тоже отдаю ей»).
_GIVING_SKIP = _GIVING | {"свой", "мой", "сегодня", "я", "на", "линче", "тайном", "суде"}


_POINTING = PRONOUN_BEFORE | {"туда", "он", "она", "ним", "нем"}  # («слежу за ним», «на нём же»)


_YOU = frozenset({"тебя", "тебе", "тобой"})
_ADDRESSED = _POINTING | _YOU  # «Маруська, голосую за тебя»

#: «за него», «за неё», «за них»: for whom a move is written (not a target but a vote's).
_FOR_HIM = frozenset({"него", "нее", "неё", "них"})


#: Prepositions that give a vote to the player after them («голос за него», «голос на неё»).
_VOTE_PREPOSITIONS = frozenset({"за", "на"})

#: Pronouns in the case those prepositions govern for a vote (the accusative after «за»,
#: «на»): «за него», «на неё»; never a possessive («голос его»).
_VOTE_ACCUSATIVE = frozenset({"него", "нее", "неё"})


def _vote_for_pronoun(clause: list[Tok], kw: Kw, pointer: int) -> bool:
    """True when the pronoun at ``pointer`` is the vote noun's own object through «за» or
    «на»: «Голос за него», «Голос мой на неё» — the vote word (:data:`V.VOTE` keyword
    ending at ``kw.j``), then only words of :data:`_VOTE_BETWEEN` and marks, then the
    preposition and an accusative third-person pronoun. Such a clause says
    «my vote goes to him» however the antecedent was named (a move or talk): the pronoun is
    read as a move's would be (:func:`engine.grammar_refs.named_before`, which asks when
    the sentence before names none or several)."""
    if kw.cls != V.VOTE or pointer < 1 or pointer - 1 < kw.j or \
            clause[pointer].w not in _VOTE_ACCUSATIVE or \
            clause[pointer - 1].w not in _VOTE_PREPOSITIONS:
        return False
    return all(not clause[n].word or clause[n].w in _VOTE_BETWEEN
               for n in range(kw.j, pointer - 1))


#: Words that may stand between the vote noun and «за него» («голос мой за него»). Not
#: «тоже»: «Голос тоже за него» says a move on him was made before; with none read, the
#: move of that sentence was lost, and the vote is asked (as before).
_VOTE_BETWEEN = frozenset({"свой", "мой", "сегодня"})


def _for_him_after(clause: list[Tok], kw: Kw, pointer: int) -> bool:
    """True when the pronoun at ``pointer`` is «за него» (``_FOR_HIM``) set off by a mark
    after a move word of a class other than the vote («Страж теперь охраняет, за него
    дублирую: охраняет меня»): the member the boss writes for, never the move's target
    (one guards, heals, robs a player, never «за» him)."""
    return kw.cls != V.VOTE and pointer - 1 > kw.j and clause[pointer - 1].w == "за" and \
        clause[pointer].w in _FOR_HIM and \
        any(not clause[n].word for n in range(kw.j, pointer - 1))


#: «на тебе», «за тобой» after a move noun: the move is the addressee's to make.
_ON_YOU = {"на": frozenset({"тебе", "вас"}), "за": frozenset({"тобой", "вами"})}


#: The sender's own verbs of choosing that end a merged keyword («в пару беру X»).
_MY_CHOICE = frozenset({"беру", "возьму", "выбираю", "выберу"})


_COUNT_AS = frozenset({"считать", "считайте", "считаю", "засчитать", "засчитайте"})


#: «т.е.», «то есть» ending the text before a move word (the move word right
#: after it, nothing between but marks).
_THAT_IS = re.compile(r"(?i)(?:(?<![\w.])т\.\s?е\.|(?<!\w)то есть)[\s,:—–-]*\Z")


def _named_in_sentence_before(ctx: Ctx, end: int, items: list[Item]) -> NameHit | None:
    """The one player (not the sender) the sentence ending right before offset ``end`` names
    with no move read on it («Разминирую Комбата. Т.е. …»); None when it names none or
    several, or a move was read there."""
    text = visible_text(ctx.text)
    head = text[:end].rstrip()
    lo = max(head.rfind(c, 0, len(head) - 1) for c in ".!?\n") + 1
    if any(lo <= it.pos < end for it in items):
        return None
    idx = name_index(ctx.nicks)
    toks = [t for t in idx.merge(tokenize_span(text, lo, len(head))) if t.word]
    words = clause_words(toks)
    # the sentence is a move's shape: the sender's own verb, then the player, and nothing
    # but fillers after him («Разминирую Комбата»; not «Кузя хороший», «Люблю Кузю, он милый»)
    if len(toks) < 2 or (r := verb_reading(words[0])) is None or r[1] != "1per" or \
            r[2] == "past":
        return None
    hit = idx.exact(words, 1, None)
    if hit is None or hit.nick in (None, ctx.sender.nick) or \
            any(w not in V.FILLERS for w in words[1 + hit.length:]):
        return None
    return hit


def _others_of_gender(ctx: Ctx, last: str, want: str) -> bool:
    """True when the sentence right before the pronoun's names, besides ``last`` and the
    sender, only players surely of the other gender than ``want`` by the given name and
    patronymic of their nicks (a nick's grammatical gender says nothing of the player:
    «Пеночка» may be a man), and at least one."""
    prev = clauses_before(ctx, ctx.here) if getattr(ctx, "here", -1) >= 0 else []
    if not prev:
        return False
    idx = name_index(ctx.nicks)
    words = [t.w for t in prev[0]]
    others = [(hit, t) for k, t in enumerate(prev[0])
              if t.word and (hit := idx.exact(words, k, None)) is not None and
              hit.nick not in (last, ctx.sender.nick)]
    return bool(others) and all(
        hit.nick is not None and nick_gender(hit.nick) not in (None, want) for hit, _ in others)


def _other_gender(pronoun: str, nick: str) -> bool:
    """True when ``nick`` is surely of the other gender than the third-person ``pronoun``
    by its given name and patronymic («Валентина Сергеевна» for «ему»; see
    :func:`engine.grammar_refs.nick_gender`)."""
    want = PRONOUN_GENDER.get(pronoun)
    return want is not None and nick_gender(nick) not in (None, want)


def _of_gender(ctx: Ctx, pronoun: str, last: str | None) -> tuple | None:
    """The one player the clause before names (:func:`named_before`) when his name is surely
    of the ``pronoun``'s gender and the last move's target ``last`` is of the other one;
    None otherwise."""
    want = PRONOUN_GENDER.get(pronoun)
    named = named_before(ctx, pronoun) if want is not None and last is not None else None
    if named is not None and named[0].nick == last and _others_of_gender(ctx, last, want):
        # «Стреляю в Grom_77 — раз у Ларисы Петровны миномёт. Голос тоже ему»: the one named
        # since is surely a woman, «ему» is still the last move's target
        return named
    if named is None or named[0].nick in (None, last):
        return None
    mine = written_gender(named[0].nick, known=True)
    theirs = written_gender(last)
    if mine is None and _other_gender(pronoun, last):
        # «Стреляю в Ded_Mazai — раз у Валентины Сергеевны миномёт. Голос тоже ему»: the
        # player named since is surely a woman (her name and patronymic), the one the clause
        # before leaves for «ему» is of no known gender: he is the one
        return named
    return named if mine == want and theirs not in (None, want) else None


def _counted_as(clause: list[Tok], i: int) -> bool:
    """True when «считать это (моей)» stands right before the move noun at ``i``."""
    words = [t.w for t in clause[max(0, i - 4):i] if t.word and t.w not in _MINE]
    return len(words) >= 2 and words[-1] == "это" and words[-2] in _COUNT_AS


def _my_home(clause: list[Tok], j: int, hi: int) -> int | None:
    """The end of «(у|под|возле) моей двери» right after a guard's move word at ``j``
    (:data:`engine.grammar_vocab.MY_HOME`, ``HOME_WORDS``); None when it is not there."""
    k = j + (j < hi and clause[j].w in ("у", "под", "возле", "около", "за", "перед"))
    if k + 1 < hi and clause[k].w in V.MY_HOME and clause[k + 1].w in V.HOME_WORDS:
        return k + 2
    return None


_MINE = frozenset({"моей", "мой", "мою", "моим", "моим", "своей", "своим", "свою", "моего"})


def _again_unknown(ctx: Ctx, actor: Actor, clause: list[Tok], kw: Kw, tg: Targets,
                   move) -> bool:
    """True when «снова»/«опять» stands between the keyword and its one target, or «как (и)
    вчера» next to the move («Лось, как и вчера, ворует у Марины»), the move may not repeat
    a target (engine.legality.NO_REPEAT) and the actor's last target of it is not known to
    the game."""
    if len(tg.hits) != 1 or actor.role not in NO_REPEAT.get(move.action, ()):
        return False
    p = ctx.state.players.get(actor.nick)
    if p is None or move.action in p.last_targets:
        return False
    lo, hi = min(kw.i, tg.hits[0][1]), tg.hits[0][1]
    if any(t.w in V.AGAIN for t in clause[max(0, lo - 1):hi]):
        return True
    from .parse_clause import blanket_end  # (a late import: parse_clause imports this module)
    end = blanket_end(clause)
    if end is not None and end < kw.i:
        return False  # «Всё как вчера, только бью X»: the move after it is the new one
    return as_yesterday(clause, lo - 4, tg.hits[0][2] + 4)


#: Moves a player makes on someone, never «с X» (with X): «мочим с барсом» names a partner.
#: Prepositions a vote verb never takes its player with («сливаю у X», «сливаю от X»).
_NOT_VOTE_PREPS = frozenset({"у", "от", "из"})

def _phrase_ends_with(clause: list[Tok], kw: Kw) -> bool:
    """True when ``kw`` is a verb phrase of the lexicon that ends in «с» («снимаю пробу с X»,
    a game's words): the player after «с» is its target, not company."""
    from .lexicon import lexicon

    return kw.j < len(clause) and clause[kw.j].w in ("с", "со") and \
        tuple(t.w for t in clause[kw.i:kw.j + 1]) in lexicon().verb_phrases


#: Nouns of a fight between two («кулачный бой», «поединок», «дуэль»): «с X» after one is
#: the opponent, the move's target (:func:`_contest`).
_CONTESTS = frozenset({"бой", "драка", "поединок", "схватка", "дуэль", "стычка", "битва",
                       "махач", "мордобой", "потасовка"})


def _contest(clause: list[Tok], kw: Kw) -> bool:
    """True when the keyword ``kw`` ends in a noun of a fight between two («кулачный бой с
    X», a game's words; «поединок с X»): the player after «с» is the opponent, its target,
    not company."""
    w = clause[kw.j - 1].w if kw.j > kw.i else ""
    return bool(w) and is_noun(w) and morph().parse(w)[0].normal_form in _CONTESTS


_WITH_COMPANY = frozenset({"clan_kill", "maniac_kill", "rob", "beat", "hunt", "mortar", "check",
                           "boss_check"})


_GIVE_PREPS = frozenset({"на", "за", "в"})


def _said_before(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when the word ``clause[k]`` (its stem: all but the last two letters, at least
    four) stands earlier in the letter."""
    w = clause[k].w
    stem = w[:max(4, len(w) - 2)]
    return stem in ctx.text[:clause[k].start].lower()


def _withdraw(ctx: Ctx, actor: Actor, clause: list[Tok], kw: Kw, lo: int, hi: int,
              flags: dict, items: list[Item], on_behalf: bool) -> int:
    """«Снимаю голос с X» (no vote for X, earlier votes for X in the letter are dropped),
    «… и отдаю Y», «…, пусть будет Y», «… → Y» (a vote for Y)."""
    give = next((k for k in range(kw.j, hi) if clause[k].word and (
        clause[k].w in V.TRANSFER_WORDS or (  # «голос с Зеро снимаю, пусть будет Y»
            clause[k].w == "будет" and clause[k - 1].w in ("пусть", "пускай")))), None)
    if give is None and kw.j < hi and clause[kw.j].w in ("с", "со"):
        # «голос с Кузнеца (переношу) на Бобра», «снимаю голос с Графа → Лиса»: the vote
        # goes on at «на» / «за» / the arrow
        give = next((k for k in range(kw.j + 2, hi) if clause[k].w in ("на", "за", "→")),
                    None)
        if give is not None and give + 1 < hi and (
                clause[give + 1].w in V.SENDER_WORDS | V.SELF_WORDS or
                _pronoun_then_verb(clause, give + 1, hi) or
                _pronoun_in_remark(clause, give, hi)) and \
                any(clause[k].w in (",", "—", ";") for k in range(kw.j + 2, give)):
            give = None  # «снимаю голос с Яги, на меня все косо смотрят»: talk, no new vote
        elif give is not None and clause[give - 1].w == "ни":
            give = None  # «снимаю голос с X, пока ни за кого»: nobody is given the vote
        elif give is not None and give + 1 < hi and clause[give + 1].word and \
                clause[give + 1].w not in _INSTEAD_OF_IT and is_known_word(clause[give + 1].w) \
                and nick_at(ctx, clause, clause_words(clause), give + 1) is None:
            give = None  # «снимаю голос с неё — … на фоне хейта к ней»: «на» + a word, no player
    if give is None:
        # «Снимаю голос, голосую за X»: the vote word after the comma, read into this keyword,
        # gives the new vote (nothing of the old one is named)
        # («Голос, пожалуй, снимаю с X»: a filler between commas gives nothing)
        give = next((k for k in range(kw.i + 2, kw.j) if clause[k - 1].w in (",", ";", "—") and
                     clause[k].word and clause[k].w not in V.WITHDRAW_WORDS and
                     clause[k].w not in WITHDRAW_BETWEEN), None)
        if give is not None:
            items.append(Item(clause[kw.i].start, withdraw=("*",)))
            return read_move(ctx, actor, clause, Kw(V.VOTE, give, kw.j), give, hi, flags,
                             items, on_behalf)
    # «снимаю голос с пони, вместо него Лютик»: the new vote's name after «вместо него»
    size = 2 if give is not None and give + 1 < hi and clause[give].w == "вместо" and \
        clause[give + 1].w in _INSTEAD_OF_IT else 1
    off = fronted_off(clause, kw.i) if give is None and not (
        kw.j < hi and clause[kw.j].w in ("с", "со")) else None
    if off is not None:  # «с Лёхи голос снимаю, погорячился»: the player before the vote word
        tg = read_targets(ctx, actor, clause, off, kw.i)
    else:
        tg = read_targets(ctx, actor, clause, kw.j, give if give is not None else
                          _off_end(clause, kw.j, hi))
    if not tg.hits and tg.unknown is not None and kw.j < hi and clause[kw.j].w in ("с", "со") \
            and tg.unknown[1] == kw.j + 1 and not _said_before(ctx, clause, tg.unknown[1]):
        # «Снимаю голос с Васи» and Вася is nobody: which vote is taken back is asked — never
        # every vote of the letter taken back, nor the withdrawal dropped unsaid (a word the
        # letter said before, «Голосую за Медведицу. Хотя… снимаю голос с Медведицы», takes
        # back that very vote, as before)
        word = tg.unknown[1]
        items.append(Item(clause[word].start, problem=unknown_name(
            ctx, span(ctx.text, clause, kw.i, word + 1), clause[word].text, "vote"), tried="vote"))
        return max([kw.j, tg.end, word + 1])
    # a name two players fit («с Кира»: Кир or Кира) takes back a vote for either of them
    names = tuple(dict.fromkeys(n for h, _, _ in tg.hits
                                for n in ((h.nick,) if h.nick is not None else h.candidates))) or ("*",)
    items.append(Item(clause[kw.i].start, withdraw=names))
    if give is None:
        return max([kw.j, tg.end])
    return read_move(ctx, actor, clause, Kw(V.VOTE, give, give + size), give, hi, flags,
                     items, on_behalf)


def _off_end(clause: list[Tok], j: int, hi: int) -> int:
    """Where the players a vote is taken off end, the withdrawal giving no new vote (its
    «с X» at ``j``): at a dash or a semicolon («Снимаю голос с неё — Кэшбэк ушёл мирным …»:
    the remark's players are not taken off), or right after a pronoun («с неё»), else
    ``hi``."""
    if j + 1 < hi and clause[j].w in ("с", "со") and clause[j + 1].w in _INSTEAD_OF_IT:
        return j + 2
    return next((k for k in range(j + 1, hi) if clause[k].w in ("—", "–", ";")), hi)


def _pronoun_then_verb(clause: list[Tok], k: int, hi: int) -> bool:
    """True when token ``k`` is a third-person pronoun with a word after it («снимаю голос
    с Яги, зря на неё наехал»): a remark about the player, no vote given to a pronoun."""
    return clause[k].w in _INSTEAD_OF_IT and k + 1 < hi and clause[k + 1].word and \
        clause[k + 1].w not in (",", "—", ";")


def _pronoun_in_remark(clause: list[Tok], give: int, hi: int) -> bool:
    """True when «на» at ``give`` is followed by a third-person pronoun and preceded by a
    word of its own sentence («снимаю голос с Яги — зря я на неё», «…, я ведь на него
    зря»): a remark about the player the vote is taken off, no vote given to a pronoun (the
    new vote's «на» opens its part of the sentence: «снимаю голос с X, на Y»)."""
    return give + 1 < hi and clause[give + 1].w in _INSTEAD_OF_IT and give > 0 and \
        clause[give - 1].w in _REMARK_BEFORE  # (words only, none of them a transfer word)


#: Words before «на» that make «на него» a remark («зря я на него», «я же на неё»).
_REMARK_BEFORE = frozenset({"я", "зря", "напрасно", "же", "ведь", "тоже", "вчера", "сам",
                            "сама", "мы"})


#: «вместо него»: the player whose vote is taken off, then the new one.
_INSTEAD_OF_IT = frozenset({"него", "нее", "неё", "этого", "этой", "его", "ее", "её"})


def _clan_mate(ctx: Ctx, actor: Actor, tg: Targets) -> None:
    """«Охраняю босса»: a guard naming a role of his own clan means its living holder
    (DECISIONS.md §4 Guard); the hit goes into ``tg.hits``. Nothing when none or several."""
    for role, k in zip(tg.roles, tg.role_at):
        if role not in CLAN_ROLES:
            continue
        mates = [n for n, p in ctx.state.players.items()
                 if p.clan == actor.clan and p.alive and actor_of(ctx.state, n).role == role]
        if len(mates) == 1:
            tg.hits.append((NameHit(mates[0], (mates[0],), "role"), k, k + 1))
            return


def before_refused(ctx: Ctx, clause: list[Tok], lo: int, neg: int, hi: int) -> int:
    """«Зову Бобра, а Кузю не зову»: the name written right before a negated move word
    belongs to the refusal, not to the move before it; returns the new end of that move."""
    k = neg - 1
    while k >= lo and clause[k].w == V.NEGATION:
        k -= 1
    if k == neg - 1:
        return hi  # «лечу Петю голос не меняю»: the «не» is after the word, Петю is the heal's
    if k >= lo and clause[k].word and name_index(ctx.nicks).exact(
            clause_words(clause), k, None) is not None:
        return min(hi, k)
    return hi


#: Verbs of keeping a move for another day («проверку пока приберегу»).
_SAVED = frozenset({"приберегу", "поберегу", "сберегу", "придержу", "приберечь", "поберечь",
                    "придержать", "сэкономлю"})


def _behalf(ctx: Ctx, member: Actor, item: Item, text: str) -> Item | None:
    """Wrap a boss's move for ``member`` (DECISIONS.md §4 Boss (c)); votes stay personal.
    «X оставил ход на моё усмотрение» is the boss's report, not a move (None)."""
    inner = item.move
    if inner.action == "delegate":
        return None
    if inner.action in ("vote", "delegate", "hunt", "mortar", "fear_choice", "partner"):
        return Item(item.pos, problem=problem(text, "not_allowed", "vote_on_behalf"
                                               if inner.action == "vote" else "not_your_role"))
    move = Move("on_behalf", member=member.nick, move=replace(inner, span=""), span=text)
    return Item(item.pos, move=move, tried="on_behalf")


_CLOSING = frozenset({"»", '"', "”", "'"})


def _past_aside(clause: list[Tok], start: int, at: int, hi: int) -> int | None:
    """When the first name read (at token ``at``) stands inside a bracket opened after
    ``start`` with only lower-case words before it («Убийство от клана (если Лорд …): X»),
    the index after the bracket and a «:» / «—» right after it, when something follows; None
    otherwise."""
    opened = next((n for n in range(start, at) if clause[n].w == "("), None)
    if opened is None or any(not t.word or t.cap for t in clause[start:opened]) or \
            any(t.w == ")" for t in clause[opened:at]):
        return None  # (not «Убиваем (на всякий случай) Буку (…)»: Бука is past the bracket)
    close = next((n for n in range(at, hi) if clause[n].w == ")"), None)
    if close is None:
        return None
    n = close + 1
    if n < hi and clause[n].w in (":", "—", "-", "–"):
        n += 1
    return n if n < hi else None


#: Words after a second name that make it one more target of the move («Ворону охраняю,
#: Кнопку тоже»), not a remark of its own.
_ONE_MORE = frozenset({"тоже", "также", "и", "еще", "ещё", "или", "либо", "вместе"})


def _unknown_in_next_part(clause: list[Tok], kw: Kw, k: int) -> bool:
    """True when the word at ``k`` that fits no nick stands in a part of its own after the
    move word: a comma right after the move word, then a verb before the word («Дусю к себе
    зазову, посидим, семечки полузгаем»: what they will do, no target of the move)."""
    return kw.j < k and clause[kw.j].w == "," and \
        any(clause[n].word and is_verb(clause[n].w) for n in range(kw.j + 1, k))


def _object_first(ctx: Ctx, actor: Actor, clause: list[Tok], lo: int, kw: Kw,
                  tg: Targets) -> tuple | None:
    """The name written right before the move word as its object («Ворону охраняю, Граф в
    курсе») when the first name read after the move word stands behind a comma or a dash
    with no word between, and a word follows that name which makes it no further target
    (:data:`_ONE_MORE`) — the name after opens a remark of its own; else None. (No word may
    stand between, so a correction «…, нет, лучше Кнопку» is never overruled.)"""
    at, end = tg.hits[0][1], tg.hits[0][2]
    if at <= kw.j or any(t.word or t.w not in (",", "—", "–") for t in clause[kw.j:at]):
        return None
    if kw.j - kw.i != 1 or not first_singular(clause[kw.i].w):
        return None  # the sender's own verb only («проверка — X, ликвидация — Y»: a list)
    if end >= len(clause) or not clause[end].word or (
            clause[end].w in _ONE_MORE and not (  # («Ромашка и так под присмотром»)
                clause[end].w == "и" and end + 1 < len(clause) and clause[end + 1].w == "так")):
        return None
    back = read_back(ctx, actor, clause, lo, _own_verb_start(clause, lo, kw))
    if back is None or back[0].nick is None or back[0].nick == tg.hits[0][0].nick or \
            any(not t.word or t.w not in V.FILLERS for t in clause[back[2]:kw.i]) or \
            any(t.w in _SELF_SUBJECT for t in clause[back[1]:back[2]]):
        return None  # (right before the verb, only fillers between: «Ворону сегодня охраняю»;
        # «сам проверю, X …»: «сам» is the subject)
    return back


#: Words that add one more target to a move said just before («…, Бобра тоже»).
_ALSO_ENDING = frozenset({"тоже", "также"})


def _also_after(clause: list[Tok], kw: Kw, tg: Targets) -> bool:
    """True when the one name read after the move word stands behind a comma (or «, и»)
    right after it and is followed by «тоже» or «также» that ends the clause («…, себя
    тоже»): one more target beside an object written before the move word."""
    at, end = tg.hits[0][1], tg.hits[0][2]
    return at > kw.j and clause[kw.j].w == "," and \
        not any(t.word and t.w != "и" for t in clause[kw.j + 1:at]) and \
        end < len(clause) and clause[end].w in _ALSO_ENDING and \
        not any(t.word for t in clause[end + 1:])


def _also_before(ctx: Ctx, actor: Actor, clause: list[Tok], lo: int, kw: Kw,
                 tg: Targets) -> tuple | None:
    """The name written right before the move word («Лося на виселицу, Бобра тоже») when the
    one name read after it stands behind a comma, «, и» or «и» («Мотю обчисти и Фрола
    тоже») and is followed by «тоже» or «также» that ends the clause: that name is one more
    target beside it, never its only one; else None."""
    at, end = tg.hits[0][1], tg.hits[0][2]
    if at <= kw.j or clause[kw.j].w not in (",", "и") or \
            any(t.word and t.w != "и" for t in clause[kw.j + 1:at]) or \
            end >= len(clause) or clause[end].w not in _ALSO_ENDING or \
            any(t.word for t in clause[end + 1:]):
        return None
    back = read_back(ctx, actor, clause, lo, _own_verb_start(clause, lo, kw))
    if back is None or back[0].nick is None or back[0].nick == tg.hits[0][0].nick or \
            any(not t.word or t.w not in V.FILLERS for t in clause[back[2]:kw.i]):
        return None
    return back


def _object_before_remark(ctx: Ctx, actor: Actor, clause: list[Tok], lo: int, kw: Kw,
                          tg: Targets) -> tuple | None:
    """The object written right before the sender's own first-person move word («себя
    опять лечу», «Ворону сегодня охраняю»: only fillers or adverbs between) when the first
    name read after the move word stands behind a comma or dash with other words between
    (a remark of its own: «…, после смены мне самому Капельница нужна»), none of them a
    word of correction («…, нет, лучше X» keeps X); else None."""
    at = tg.hits[0][1]
    if not first_singular(clause[kw.j - 1].w) or (kw.j - kw.i != 1 and (
            kw.cls != V.INVITE or clause[kw.i].w != "к")) or at <= kw.j + 1:
        return None  # (the sender's own verb, alone or after «к себе»: «Кузю к себе зову, у
        # меня пирог» — «у меня» is where, the guest is Кузя)
    between = clause[kw.j:at]
    handed = _handed_on(clause, tg.hits[0][2])
    if between[0].w not in (",", "—", "–") or not any(t.word for t in between) or \
            any((t.w in V.CORRECTION_WORDS and not (handed and t.w == "а")) or
                t.w in ("или", "либо", "и") for t in between):
        return None
    k = kw.i - 1
    while k >= lo and clause[k].word and (clause[k].w in V.FILLERS or clause[k].w in _BEFORE_VERB):
        k -= 1
    if k < lo or not clause[k].word:
        return None
    back = read_back(ctx, actor, clause, k, k + 1)
    if back is None or back[0].nick is None or back[0].nick == tg.hits[0][0].nick or \
            any(t.w in _SELF_SUBJECT for t in clause[back[1]:back[2]]):
        return None  # (not «Сам проверю, кто такой X»: «сам» is the subject)
    return back


def _object_before_subject(ctx: Ctx, actor: Actor, clause: list[Tok], lo: int, kw: Kw,
                           tg: Targets) -> tuple | None:
    """The name written right before the sender's own first-person move word as its object
    (only fillers between: «опять коляна бью …») when the one name read right after the
    move word, with no mark between, is followed in its comma segment by a verb in the third
    person or the past tense («… бью малой вчера в канаве не дополежал»: the word after the
    verb is the subject of a new statement run on with no mark, :func:`told_of`); else None."""
    if len(tg.hits) != 1 or tg.hits[0][1] != kw.j or kw.j - kw.i != 1 or \
            not first_singular(clause[kw.i].w) or clause[kw.j].w in _REFLEXIVE:
        return None  # (not «бью себя, шоб никто не нашёл»: «себя» is never a subject)
    end = tg.hits[0][2]
    if end >= len(clause) or not clause[end].word or not told_of(clause, end, len(clause), True):
        return None
    back = read_back(ctx, actor, clause, lo, kw.i)
    if back is None or back[0].nick is None or back[0].nick == tg.hits[0][0].nick or \
            back[2] > kw.i or any(not t.word or t.w not in V.FILLERS for t in clause[back[2]:kw.i]) or \
            any(t.w in _SELF_SUBJECT for t in clause[back[1]:back[2]]):
        return None  # (not «сам я проверяю тихоню человек который …»: «сам» is the subject)
    return back


#: Forms of «себя»: an object only, never the subject of a run-on statement.
_REFLEXIVE = frozenset({"себя", "себе", "собой", "собою"})
#: The sender written as the subject before his own verb («сам проверяю», «я сама иду»): never
#: a fronted object.
_SELF_SUBJECT = frozenset({"я", "сам", "сама", "мы", "сами"})


def _verbless_named(ctx: Ctx, nick: str | None) -> tuple[int, str] | None:
    """The clause right before the one being read when it names the player ``nick`` with no
    verb at all and no move read from it («На стол сегодня Хаус.»): ``(offset, text)``; else
    None («Хаус мне подозрителен.» says something of him: a predicate, no move)."""
    if nick is None or ctx.here < 0:
        return None
    before = clauses_before(ctx, ctx.here)
    if not before:
        return None
    prev = before[0]
    found = names_in(ctx, prev, True, forms=True)
    if not found or any(h.nick != nick for h, _, _ in found):
        return None
    named = {k for _, a, b in found for k in range(a, b)}
    if any(t.word and k not in named and (is_verb(t.w) or predicate(t.w) or
                                          (not t.cap and not is_known_word(t.w)))
           for k, t in enumerate(prev)):
        return None  # (a verb, a predicate or a word no dictionary knows: slang for a verb)
    return prev[0].start, ctx.text[prev[0].start:prev[-1].end]


def _handed_on(clause: list[Tok], end: int) -> bool:
    """The name ending at ``end`` is left to somebody else: «пусть» / «пускай» follows it
    («Ворону лечу, а Кнопку пусть Граф зовёт»: Кнопка is another's business, no correction
    of the sender's move), or a closing «нет» spares it («…, а Кнопку нет»)."""
    if end < len(clause) and clause[end].w == "нет":  # «Ворону лечу, а Кнопку нет»: spared
        return end + 1 == len(clause) or not clause[end + 1].word
    return end < len(clause) and clause[end].w in ("пусть", "пускай")


#: Words between an object and its move word beyond :data:`V.FILLERS` (which holds «опять»,
#: «снова», «сегодня», «ночью», «тоже», «же»…: «себя опять лечу», «X сегодня проверяю»).
_BEFORE_VERB = frozenset({"уж"})


#: Words of need before an infinitive move word («Ворону надо подлечить»): the look back for
#: its object starts before them.
_MUST = frozenset({"надо", "нужно", "стоит", "пора", "следует", "необходимо", "треба"})


def _own_verb_start(clause: list[Tok], lo: int, kw: Kw) -> int:
    """Where the look back for a name before the keyword starts: before «мы»/«я» and the
    sender's own verb in the first person right before a weak idiom («Глазастика мы
    отправим к рыбам»: the name before the verb is the idiom's target), before a word of
    need right before an infinitive (:data:`_MUST`: «Ворону надо подлечить»); else at
    ``kw.i``."""
    k = kw.i
    if kw.j - kw.i == 1 and is_infinitive(clause[k].w) and k - 2 >= lo and \
            clause[k - 1].w in _MUST and clause[k - 2].word and clause[k - 2].w not in V.FILLERS:
        # «Ворону надо подлечить»: the name right before «надо» (not «Тапка тоже надо бы
        # проверить, но это завтра»: a wish, «бы» or a word between)
        return k - 1
    if not kw.weak or kw.j - kw.i < 2 or k - 1 < lo or is_verb(clause[k].w):
        return k
    v = k - 1
    while v > lo and clause[v].word and clause[v].w in V.FILLERS:
        v -= 1  # «Жду сегодня в гости»: an adverb between the verb and the idiom
    reading = verb_reading(clause[v].w) if clause[v].word else None
    if reading is None or reading[1] != "1per" or reading[2] == "past":
        return k
    k = v
    if k - 1 >= lo and clause[k - 1].w in ("мы", "я"):
        k -= 1
    return k


def _nick_as_verb(ctx: Ctx, clause: list[Tok], at: int, kw: Kw) -> tuple | None:
    """The roster nick that is also the first-person verb at ``at`` read as the sender's own
    verb before the weak idiom ``kw`` (:func:`_own_verb_start`) when no name stands before it:
    «Пью на рею» with «Пью» on the roster. A verb that cannot govern the idiom («пью» «на
    рею») makes the word the player: ``(hit, at, end)``; a verb of going, sending or calling
    that could («иду на рею») leaves it open: ``(None, at, end)``. None when the word is no
    nick, or «мы»/«я» stands before it (a verb then), or it is written in lower case in a
    letter with capitals (the word, not the name)."""
    k = at
    if clause[k].w in ("мы", "я"):
        return None
    t = clause[k]
    if not t.cap and ctx.text != ctx.text.lower():
        return None
    idx = name_index(ctx.nicks)
    hit = idx.exact(clause_words(clause), k, None)
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick or \
            any(not t.word or t.w not in V.FILLERS for t in clause[k + hit.length:kw.i]):
        return None  # (only adverbs between: «Жду сегодня в гости» with «Жду» on the roster)
    reading = verb_reading(t.w)
    if reading is not None and reading[0] in _GOING_VERBS:
        return None, k, kw.i
    return hit, k, kw.i


#: Verbs of going, sending or calling whose first person may itself govern an idiom of place
#: («иду на виселицу», «отправляю в петлю», «жду в гости»): a nick written so is asked, never
#: taken in silence.
_GOING_VERBS = frozenset({"идти", "пойти", "ехать", "поехать", "бежать", "побежать",
                          "лезть", "полезть", "отправлять", "отправить", "вести", "повести",
                          "тащить", "потащить", "гнать", "погнать", "везти", "повезти",
                          "кидать", "кинуть", "бросать", "бросить", "посылать", "послать",
                          "ходить", "лететь", "полететь", "спешить", "выходить", "выйти",
                          "приходить", "прийти", "ставить", "поставить", "сдавать", "сдать",
                          "шагать", "двигать", "двинуть", "ползти", "плыть", "ждать",
                          "звать", "позвать", "приглашать", "пригласить", "брать", "взять",
                          "отдавать", "отдать"})


def _close_quote(clause: list[Tok], last: int) -> int:
    """Take a closing quote right after the span into it."""
    return last + 1 if last < len(clause) and clause[last].w in _CLOSING else last


def _goes_to(clause: list[Tok], kw: Kw, lo: int, hi: int) -> bool:
    """True when «к» / «ко» stands right before the invitation word «в гости» with one word
    between («к Уточке в гости») or right after it («в гости к Уточке»): the sender goes to
    the player, he calls nobody to him."""
    before = kw.i - 2 >= lo and clause[kw.i - 2].w in ("к", "ко")
    after = kw.j < hi and clause[kw.j].w in ("к", "ко") and \
        not (kw.j + 1 < hi and clause[kw.j + 1].w in ("себе", "мне", "нам"))
    return before or after


def _titled_object(ctx: Ctx, clause: list[Tok], j: int, hi: int) -> bool:
    """True when a quoted title that names no player follows the keyword ending at ``j``
    («посмотрим «Иронию судьбы»»): the verb's object is that title, no player before it."""
    return j < hi and clause[j].w in ("«", "“", "„", '"') and \
        skip_title(name_index(ctx.nicks), clause, clause_words(clause), j, hi) > j + 1


#: Words that may stand between a pronoun object and the sender's verb after it («я его и
#: сегодня к себе зову», «её снова лечу»).
_OBJECT_GAP = frozenset({"и", "тоже", "сегодня", "нынче", "ночью", "снова", "опять", "вновь",
                         "еще", "ещё", "к", "ко", "себе", "мне", "в", "гости", "на", "чай",
                         "сама", "сам", "уж", "же"})


#: The vote nouns the sender gives to the player he speaks to («голос за тебя»).
_VOTE_GIVEN = frozenset({"голос", "голосок", "голосочек"})


def _dative_you_before(clause: list[Tok], lo: int, kw: Kw) -> int | None:
    """The index of «тебе» right before the vote noun at ``kw``, perhaps with «мой»/«свой»
    between («Тебе мой голос», «тебе голос»); None otherwise."""
    if clause[kw.i].w not in _VOTE_GIVEN:
        return None
    k = kw.i - 1
    if k >= lo and clause[k].w in ("мой", "свой"):
        k -= 1
    return k if k >= lo and clause[k].w == "тебе" else None


def addressee_before(ctx: Ctx) -> NameHit | None:
    """The player the letter speaks to just before the clause being read: the nearest of the
    sentences before (in its paragraph) that opens with a player's nickname followed by a
    comma, «!» or nothing («Остап, ты жулик и хитрец», «Санчо!»); None when there is none, or
    the sender is the one named."""
    here = getattr(ctx, "here", -1)
    if here < 0:
        return None
    idx = name_index(ctx.nicks)
    for prev in clauses_before(ctx, here)[:2]:
        first = next((k for k, t in enumerate(prev) if t.word), None)
        if first is None:
            continue
        hit = idx.exact(clause_words(prev), first, None)
        if hit is None or hit.nick is None or hit.nick == ctx.sender.nick:
            continue
        end = first + hit.length
        if end >= len(prev) or prev[end].w in (",", "!"):
            return alive_only(ctx, hit)
    return None


def _object_pronoun_before(clause: list[Tok], lo: int, kw: Kw,
                           ctx_mafia: bool = False) -> int | None:
    """The index of «его», «её» standing as the object before the sender's own verb at
    ``kw`` (a first-person verb; only words of :data:`_OBJECT_GAP` between, «я» perhaps
    before the pronoun): «я его и сегодня к себе зову». A clan member (``ctx_mafia``) speaks
    for his clan in the plural too: «Вот её и убираем». None otherwise (a possessive «его
    голос» stands before a noun, never before a first-person verb)."""
    k = kw.i - 1
    while k >= lo and clause[k].word and clause[k].w in _OBJECT_GAP:
        k -= 1
    if k < lo or not clause[k].word or clause[k].w not in ("его", "её", "ее"):
        return None
    own_verb = any(clause[n].word and (first_singular(clause[n].w) or (
            not kw.weak and not is_known_word(clause[n].w) and clause[n].w.endswith(("ю", "у"))) or
            (ctx_mafia and _first_plural(clause[n].w)))
               for n in range(kw.i, min(kw.j, len(clause))))
    # (a move verb of no dictionary shaped so: «вот его и шизю»; «к себе зову»: the verb
    # may end the keyword's phrase)
    if not own_verb and not (kw.cls == V.INVITE and k > lo and clause[k - 1].w in _WANT_HIM):
        return None  # («хочу её снова к себе»: the wish is the sender's verb)
    c = k - 1 if k - 1 >= lo and clause[k - 1].w in ("я", "мы") else k
    if c - 1 >= lo and clause[c - 1].w == "что" and \
            not any(clause[n].w in _SO for n in range(lo, c - 1)):
        return None  # «Ворон уверен, что я его вылечу»: what another thinks (not «так …, что»)
    return k


def _plural_only(clause: list[Tok], kw: Kw) -> bool:
    """True when the move words at ``kw`` hold a first-person plural verb
    (:func:`_first_plural`) and no first-person singular one: the clan's «убираем»."""
    words = [clause[n].w for n in range(kw.i, min(kw.j, len(clause))) if clause[n].word]
    return any(map(_first_plural, words)) and not any(map(first_singular, words))


def _anyone_before(ctx: Ctx, clause: list[Tok], lo: int, pro: int) -> bool:
    """True when a player is named before the pronoun at ``pro``: in ``clause[lo:pro]`` or
    in the sentences before it (:func:`engine.grammar_antecedent.clauses_before`)."""
    if names_in(ctx, clause[lo:pro]):
        return True
    return any(names_in(ctx, c) for c in clauses_before(ctx, clause[pro].start))


def _first_plural(word: str) -> bool:
    """True when ``word``'s likeliest reading is a finite verb in the first person plural
    («убираем», «валим»): a clan's own move said for the clan."""
    if not is_known_word(word):
        return False
    tag = morph().parse(word)[0].tag
    return tag.POS == "VERB" and tag.person == "1per" and tag.number == "plur"


#: The vote nouns that may close a phrase whose player stands before them («ей и голос»).
_VOTE_NOUN_LAST = frozenset({"голос", "голосок", "линч"})
#: Words between such a pronoun and the vote noun («за него и мой голос», «ему же голос»).
_PRONOUN_NOUN_GAP = frozenset({"и", "же", "вот", "то", "мой", "свой", "тоже", "также"})
#: The pronouns of the player before a vote noun: dative («ему и голос») or after «за» («за
#: неё и голос»); never «его голос», «её голос» (whose vote: a possessive).
_DATIVE_PRONOUNS = frozenset({"ему", "ей"})
_ZA_PRONOUNS = frozenset({"него", "неё", "нее"})


def _pronoun_back(ctx, clause, lo: int, kw, pro: int, action, items: list) -> tuple:
    """``(back, asked)`` for a pronoun object ``pro`` before the sender's verb ``kw``: the
    target it points at (:func:`_pronoun_named`, ``None`` when asked, and then ``asked`` is
    True: a problem was added to ``items``), or ``(None, False)`` for a clan's plural weak
    verb with nobody or several named before it («Ролевая, я её проверял. Её и убираем»: no
    move, as before the plural was read; «Проверяю X, Y за неё горой, и её убиваем»: asked
    by the older readings, as before)."""
    if _plural_only(clause, kw):
        if not _anyone_before(ctx, clause, lo, pro):
            return None, False
        # a clan's plural weak verb: read when one player is named before; with several the
        # clause is left to the readings it had before this one (they ask as they did)
        scratch: list = []
        back = _pronoun_named(ctx, clause, lo, kw, pro, action, scratch)
        if back is not None:
            items.extend(scratch)
        return back, False
    back = _pronoun_named(ctx, clause, lo, kw, pro, action, items)
    return back, back is None


def _pronoun_named(ctx: Ctx, clause: list[Tok], lo: int, kw, pro: int, action, items: list[Item]):
    """The target ``(nick, pro, pro + 1)`` of the object pronoun at token ``pro`` before the
    move word ``kw``: the one player named before it (:func:`antecedent`, else
    :func:`named_before`); None when there is none or several — then the pronoun's words
    are asked (a ``pronoun`` problem appended to ``items``), never dropped."""
    found = antecedent(ctx, clause, lo, pro, clause[pro].w, ctx.sender.nick) or \
        named_before(ctx, clause[pro].w)
    if found is None:
        items.append(Item(clause[pro].start, problem=problem(
            span(ctx.text, clause, pro, kw.j), "unparsed", "pronoun"), tried=action))
        return None
    return (found[0], pro, pro + 1)


def _pronoun_before_vote_noun(clause: list[Tok], lo: int, kw: Kw, hi: int) -> int | None:
    """The index of the pronoun that names the player of a vote noun standing before it:
    «…, ей и голос», «за него и голос», «ему же мой голос» (only the words of
    :data:`_PRONOUN_NOUN_GAP` between), the noun (:data:`_VOTE_NOUN_LAST`, one word) closing
    its phrase (the clause's end or a mark after it). None otherwise («его голос решил»,
    «голос ей»: the pronoun after the noun is read as usual)."""
    if kw.j != kw.i + 1 or clause[kw.i].w not in _VOTE_NOUN_LAST:
        return None
    if kw.j < hi and clause[kw.j].word:
        return None
    k = kw.i - 1
    while k >= lo and clause[k].word and clause[k].w in _PRONOUN_NOUN_GAP:
        k -= 1
    if k < lo or not clause[k].word:
        return None
    if clause[k].w in _DATIVE_PRONOUNS:
        return k
    if clause[k].w in _ZA_PRONOUNS and k - 1 >= lo and clause[k - 1].w == "за":
        return k
    return None


#: The sender's verbs of wanting a guest before the object pronoun of an invitation phrase
#: («хочу её снова к себе», «жду его в гости»).
_WANT_HIM = frozenset({"хочу", "жду", "хотим", "ждём", "ждем"})


#: Words of degree that make «…, что я его …» a result, said by the sender («так хорошо сидел,
#: что я его и сегодня зову»), not what another thinks.
_SO = frozenset({"так", "настолько", "такой", "такая", "такое", "такие"})


def _said_to_him(w: str) -> bool:
    """True when ``w`` is a verb in the second person or the imperative («охраняй»,
    «грабишь»): a move said to the member addressed."""
    if w in lexicon().imperative:
        return True
    reading = verb_reading(w)
    return reading is not None and reading[1] == "2per"


#: A mark in the text (a dot, a dash…), not a letter, digit or space.
_MARK = re.compile(r"[^\w\s]")

#: Object pronouns that may stand before a move word («его и шизю»; not «ей пусть решает»).
_OBJECT_PRONOUNS = frozenset({"его", "её", "ее", "их"})

#: Particles between a fronted object pronoun and its move word («его и шизю», «её же режу»).
_FRONT_PARTICLES = frozenset({"и", "же", "вот", "то"})


def _before_particles(clause: list[Tok], lo: int, i: int) -> int:
    """The index of the word before the move word at ``i``, past the particles of
    :data:`_FRONT_PARTICLES` («его и шизю», «её же режу»); ``lo - 1`` when none is left."""
    k = i - 1
    while k >= lo and clause[k].w in _FRONT_PARTICLES:
        k -= 1
    return k


#: Marks and joining words between a move word and a name that opens a new statement
#: («его и режу — Филин пусть молчит», «…, а Филин пусть живёт», «— пусть Филин молчит»).
_STATEMENT_GAP = frozenset({"—", "–", "-", ",", ":", ";", "а", "пусть", "пускай"})


def _pronoun_then_statement(clause: list[Tok], lo: int, kw: Kw, tg: Targets) -> int | None:
    """The index of an object pronoun («его», «её»; particles between) standing right
    before the move word at ``kw`` when the first name after the move word follows a mark
    (or «, а») and opens a new statement of its own («его и режу — Филин пусть молчит»:
    a verb, «пусть», «сам» after the name). None otherwise."""
    if kw.weak:
        return None
    first, at, end = tg.hits[0]
    if at <= kw.j or not (end < len(clause) and clause[end].word):
        return None
    k = _before_particles(clause, lo, kw.i)
    after = kw.j
    if k >= lo and clause[k].w in ("него", "неё", "нее") and k > lo and \
            clause[k - 1].w in ("за", "у"):
        pass  # «за него голосую — …», «у неё краду — …»
    elif k < lo or clause[k].w not in ("его", "её", "ее") or \
            (k > lo and clause[k - 1].w in V.PREPOSITIONS):
        k = kw.j  # «режу его — Филин пусть молчит»: the pronoun right after the move word
        if k + 1 < at and clause[k].w in ("за", "у") and clause[k + 1].w in ("него", "неё", "нее"):
            k += 1
        if k >= at or clause[k].w not in ("его", "её", "ее", "него", "неё", "нее"):
            return None
        after = k + 1
    gap = [clause[n] for n in range(after, at)]
    if _bracket_gap(gap) and maybe_verb(clause[kw.i].w):
        return k  # «её же убиваем (Ягодка в курсе)»: the name in the bracket is a remark's
    if not gap or not any(not t.word for t in gap) or \
            not all(not t.word or t.w in _STATEMENT_GAP for t in gap):
        return None
    if not opens_statement(clause, end) or not maybe_verb(clause[kw.i].w):
        return None  # (not «его голос — Филин …»: a possessive before a noun)
    return k


def _bracket_gap(gap: list[Tok]) -> bool:
    """True when the tokens between a move word and the first name after it are only an
    opening bracket («её же убиваем (Ягодка в курсе)»): the name opens a bracketed remark."""
    return len(gap) == 1 and gap[0].w == "("


def _pronoun_and_name(text: str, clause: list[Tok], lo: int, kw: Kw, tg: Targets) -> bool:
    """True when an object pronoun («его», «её»; no preposition before it) stands right
    before the move word at ``kw`` (particles between) and a name follows the move word with
    no mark between them («её же убиваем енот сам знает», «его и шизю голос лис»): two
    objects for one move, and nothing but punctuation, left out, would tell which. Only
    words, no mark, from the pronoun to the name («сказал охранять его — охраняю X» is no
    such case)."""
    k = _before_particles(clause, lo, kw.i)
    if k < lo or clause[k].w not in _OBJECT_PRONOUNS or \
            (k > lo and clause[k - 1].w in V.PREPOSITIONS) or tg.hits[0][1] < kw.j or \
            not all(clause[n].word for n in range(k, tg.hits[0][1])) or \
            _MARK.search(text, clause[k].start, clause[tg.hits[0][1]].start):
        return False  # («этого, как его... бью Сергея»: the dots between)
    return not kw.weak and maybe_verb(clause[kw.i].w)  # (not «её защита Кузнеца»)


_CYR_WORD = re.compile(r"[а-яё]+")

#: Words that may stand between a name opening the clause and the sender's move verb after
#: it («Геночку опять к себе зову», «Сегодня Васю проверяю»).
_OBJECT_LEAD = frozenset({"сегодня", "опять", "снова", "вновь", "ночью", "тогда", "и", "а",
                          "ну", "я", "мы", "теперь", "тоже"})


def _unread_object_before(ctx: Ctx, clause: list[Tok], lo: int, kw: Kw, at: int, *,
                          order: bool = False) -> int | None:
    """The index of a capitalised word that opens the clause (after words of
    :data:`_OBJECT_LEAD` only) and stands right before the sender's own move verb at ``at``
    (only such words between), in the accusative, no dictionary word but a person's name or
    none at all («Геночку к себе зову», «Сегодня Васю проверяю»), and no form of any
    nickname: the move's object, which fits nobody on the roster. None otherwise (a comma
    after the word calls him: «Вася, лечу Кузю»; «Маму к себе зову» is no name). With
    ``order`` the verb is that of a boss's order for his member, from ``lo`` after the
    member's name («Шило — Мурку обчисти»: :func:`engine.grammar_refs.order_word`)."""
    if not (own_move_word(clause, kw.i) or order and order_word(clause, kw.i)) or \
            kw.weak and not is_verb(clause[kw.i].w) and \
            not any(is_verb(clause[n].w) for n in range(kw.i, kw.j) if clause[n].word):
        return None
    while order and lo < at and clause[lo].w in (",", ":", "—", "–", "-"):
        lo += 1  # («Шило — Мурку обчисти»: the mark after the member's name)
    words = [t.w for t in clause]
    k = at - 1
    while k >= lo and clause[k].word and words[k] in _OBJECT_LEAD:
        k -= 1
    if k < lo or not clause[k].word:
        return None
    t = clause[k]
    if not t.cap or t.quoted or len(t.w) < 3 or not _CYR_WORD.fullmatch(t.w) or \
            t.w in V.PRONOUNS or t.w in role_words() or \
            any(not clause[n].word or words[n] not in _OBJECT_LEAD for n in range(lo, k)):
        return None
    if name_index(ctx.nicks).approximate(t.w) is not None:
        return None
    parses = morph().parse(t.w)[:3]
    if not any("accs" in p.tag for p in parses):
        return None
    if is_known_word(t.w) and not any({"Name", "Surn", "Patr"} & p.tag.grammemes for p in parses):
        return None
    return k
