"""One clause of a letter (engine.parse): its keywords in order, each read as a move by
:mod:`engine.parse_move`. A clause that finishes, corrects or takes back the move before it
is read by :mod:`engine.parse_correct`.
"""

from __future__ import annotations

import functools
import re

from dataclasses import replace

from operator import attrgetter

from . import grammar_vocab as V
from .grammar_rules import Actor, action_for, problem
from .grammar_members import pronoun_member, subject_after, unnamed_member, silence_of
from .grammar_headers import CLAN_OPENERS, from_clan, header_keyword
from .grammar_context import (boss_look, clan_plural_subject, clan_subject, past_told,
                              plural_third, told_in_past)
from .grammar_delegate import (
    advice_left_to_boss, boss_decides, member_nominates, own_move_noun, proposes_to_boss,
    left_to_addressee, my_boss, suggests_kill, to_my_boss,
    wishes_kill,
)
from .grammar_keywords import Kw, at_somebody, only_fillers
from .grammar_orders import POSTURE, name_sizes, remark_start, writes_it_himself
from .grammar_own import CAME, guest_comes, hostess_home, hostess_vocative, own_guest
from .grammar_triggers import HOSTS
from .textnorm_sender import dictated
from .grammar_flags import (SAYING_VERBS, cancel_names_move, correction_end, reported_order,
                            said_by_other)
from .grammar_irony import ironic
from .grammar_tally import others_send, others_wish, vote_tally
from .grammar_plans import (
    asks_how, for_later_day, how_of_things, hypothetical, passed_before, plan_for_later,
    skips_today, today_instead, trailing_condition,
)
from .grammar_tokens import Tok, span, clause_words
from .legality import move_targets
from .lexicon import lexicon
from .model import Move, Problem
from .names import name_index
from .words import (comparative, is_infinitive, is_noun, is_verb, past_tense, third_person,
                    verb_reading)
from .parse_correct import late_correction
from .parse_retraction import pronoun_does
from .parse_runon import found_keywords
from .parse_forms import told_order_before, elliptic
from .parse_abstain import abstain, refuses_to_vote
from .parse_net import net
from .parse_votes import (
    GIVE, NUMBERED, bare_ordinals, bare_pair, gives_them, lone_name, given_later, one_then_second,
    other_owner, owner_end, same_again, takes_off, votes_header, za_alone, za_instrumental,
    agreed_with,
)
from .parse_move import before_refused, read_move
from .parse_conditions import restates_priority
from .parse_refused import taken_back
from .parse_unneeded import instead_of_unneeded
from .parse_clan_kill import both_again, chosen_second, full_moon_kill, two_kills_off_moon, in_brackets, one_of_two, \
    second_opens, heading_over
from .grammar_kills import KILL_COUNTS, count_said
from .grammar_between import holder_end
from .parse_subject import (
    asked_or_anyone, of_another, own_subject, subject, subject_actor, talk_of_others,
    third_idiom, untied_subject,
)
from .parse_gapping import today_after_past
from .parse_again import again_move
from .grammar_passive import passive_own
from .parse_fear import fear_votes, goes_instead, if_chosen
from .parse_unread_words import move_class
from .parse_types import Ctx, DEFAULT_CLASS, Item, Prev, last_word, names_in, nick_at, object_fronted

_W = attrgetter("w")  # a token's normalised text


#: The sender's own «мной» of a passive («Мною проверяется X»).
_BY_ME = frozenset({"мной", "мною"})

#: The host called at the start of a clause, before a heading («Ведущий, жертва: X»).
_HOST_CALLED = frozenset({"ведущий", "ведущая", "вед"})


#: Words that may stand beside «я» in a guard's verbless order («Ёжик — сегодня я»).
_ME_ALONE_FILL = frozenset({"сегодня", "ночью", "опять", "снова", "как", "всегда", "обычно"})


def _me_alone(clause: list[Tok], start: int) -> int | None:
    """The index of «я» when it is the only word of a guard's verbless order after his name
    but for marks and words of the time («Ёжик — я», «Страж: сегодня я»): the boss is whom
    he guards. None otherwise."""
    found = None
    for n in range(start, len(clause)):
        t = clause[n]
        if not t.word:
            if t.w not in ("—", ":", "-", "→", ",", ".", "!"):
                return None
        elif t.w == "я" and found is None:
            found = n
        elif t.w not in _ME_ALONE_FILL:
            return None
    return found


def read_clause(ctx: Ctx, clause: list[Tok], start: int, member: Actor | None, flags: dict,
                excluded: set[int], items: list[Item]) -> Prev | None:
    """Turn every keyword of a clause (from token ``start``) into moves or problems; returns
    the last keyword read (None when none was)."""
    kws = [k for k in found_keywords(clause, excluded, name_index(ctx.nicks), ctx.sender.nick) if k.i >= start or
           (member is not None and k.i == start - 1 and k.j > start and clause[k.i].w in POSTURE)]
    # («Страж стоит на страже у X»: the member's posture verb opens his move's idiom)
    kws = [k for k in kws if not (k.cls == V.KILL and clause[k.i].w in CLAN_ONLY_THIRD and
                                  not (ctx.sender.mafia and clan_subject(clause, k.i)))]
    # («Шмыг берёт у X всё», «сам берёт ружьё»: not «клан берёт X»)
    if member is None and (taken := _taken_from(ctx, clause, start, kws)) is not None:
        # «сливаю у Кузи, голос Лосю»: a vote verb with «у» is no vote (engine.grammar_keywords)
        # and no move the rules know: asked, never dropped beside the vote read after it
        items.append(Item(clause[taken[0]].start, problem=problem(
            span(ctx.text, clause, taken[0], taken[1]), "unparsed", "unread")))
    if any(k.cls == V.CHOOSE for k in kws):
        kws = [k for k in kws if not _others_choice(ctx, clause, k)]
        if member is None and ctx.sender.role in HOSTS and ctx.turn.event != "choose_me":
            kws = [replace(k, cls=V.INVITE) if _taken_home(clause, k) else
                   replace(k, cls=V.INVITE, weak=True) if _takes_guest(ctx, clause, k, kws)
                   else k for k in kws]
    if member is None and ctx.sender.role == "witness" and \
            any(k.cls == V.GUARD and _keeps_watch(clause, k) for k in kws):
        kws = [replace(k, cls=V.WATCH) if k.cls == V.GUARD and _keeps_watch(clause, k) else k
               for k in kws]
    if member is None and not kws and wishes_kill(ctx, clause, start) and \
            not advice_left_to_boss(ctx, clause, items):
        # «Я бы убил X, она всех вычисляет»: the clan's order or a wish? Ask
        items.append(Item(clause[start].start, problem=problem(
            span(ctx.text, clause, start, len(clause)), "unparsed", "suggested"),
            tried="clan_kill"))
        return None
    kill = next((k for k in kws if k.cls == V.KILL), None) if member is None else None
    if kill is not None and _names_player(ctx, clause, start, loose=_loose_advice(
            clause, items)) and suggests_kill(ctx, clause, kill.i):
        if advice_left_to_boss(ctx, clause, items):
            return None  # «Босс, реши за меня. Убить бы X, но как он скажет»: talk
        # «X бы убрать — боссу подсказываю, решать ему»: the clan's order or advice? Ask
        items.append(Item(clause[start].start, problem=problem(
            span(ctx.text, clause, start, len(clause)), "unparsed", "suggested"),
            tried="clan_kill"))
        return None
    if kill is not None and kill.negated and _names_player(ctx, clause, start, loose=True) and \
            proposes_to_boss(ctx, clause, kill):
        # «Шеф, кланом предлагаю X»: the member's order of the kill or advice to his boss? Ask
        items.append(Item(clause[start].start, problem=problem(
            span(ctx.text, clause, start, len(clause)), "unparsed", "suggested"),
            tried="clan_kill", advised=True))
        return None
    if kill is not None and kill.negated and member_nominates(ctx, clause, kill):
        kill.negated = False  # «Убить предлагаю Катюху» from the thief: his order to the clan
    if kws and member is None and ctx.turn.event == "fear" and \
            ctx.turn.fear_chosen == ctx.sender.nick:
        kws = fear_votes(ctx, clause, kws)
    if member is None and ctx.sender.role in HOSTS and (home := _host_home(
            ctx, clause, start, next((k.i for k in kws if k.cls != V.INVITE), len(clause))
    )) is not None and \
            not any(k.i < home[0].i and not (k.cls == V.INVITE and k.weak and
                                             _same_part(clause, k.i, home[0].i)) for k in kws) and \
            (ctx.sender.role == "hostess" or home[0].i == home[0].j):
        # («ко мне в гости пришёл X»: the words «в гости» of her statement are no move apart)
        # «сегодня у меня Лёлик (в гостях)», «жду Витязя»: her invitation in her own words;
        # the psycho's only with the guest named first («Петровича ко мне, на чай»)
        kws = [home[0]] + [k for k in kws if k.i >= home[1]]
    elif member is None and ctx.sender.role in HOSTS and \
            not any(k.cls == V.INVITE and not (k.weak and not _names_player(
                ctx, clause[:_next_keyword(kws, k)], k.j))
                    and not own_guest(clause, k.i) for k in kws) and \
            (call := hostess_vocative(clause, start, name_index(ctx.nicks))) is not None:
        # «Ванечка, … приходи ещё сегодня», «Ванечка, ко мне на чай»: the guest she calls
        kws = [call] + [k for k in kws if k.cls != V.INVITE]
    if kws and member is None and not GIVE.isdisjoint(clause_words(clause)):
        kws = given_later(ctx, clause, kws)  # «Голоса сегодня, раз уж ярость, отдаю X и Y»
    if len(kws) > 1:
        # «голос отдам — Кефиру»: a verb of giving right after the vote word gives that vote
        kws = [k for n, k in enumerate(kws) if not (
            n and kws[n - 1].cls == V.VOTE and (
                (k.i == kws[n - 1].j and clause[k.i].w in GIVE) or
                (k.i == kws[n - 1].j + 1 and clause[kws[n - 1].j].w in ("прошу", "хочу") and
                 clause[k.i].w in ("отдать", "передать", "поставить", "кинуть")))
            and _names_player(ctx, clause, k.j))]  # («голос прошу отдать Кузе»)
    if member is not None and kws and all(k.negated and k.i and clause[k.i - 1].w == "без"
                                          for k in kws) and \
            any(clause[n].w == "," for n in range(start, kws[0].i)):
        kws = []  # «Лиса — к Кузе, пусть посидит без проверки»: a move left out («без») in
        # the remark after the member's order is no move word of the order
    if member is not None and not kws:
        cls = DEFAULT_CLASS.get(member.role)
        if cls is not None and _vote_za(ctx, clause, start) is not None and \
                _vote_told_before(ctx.text, clause[0].start):
            # «Кузя сказал, что голосует за X, Шаман — за Y»: after a vote told in the same
            # sentence, «Member — за Y» is his vote told with the verb left out (talk), not
            # his order (a boss's «Вор: за X» alone stays the order, issue11_fresh23)
            return None
        if cls is None:
            if not _names_player(ctx, clause, start) or not _may_be_victim(ctx, clause, start):
                return None  # «Индеец — сидит тихо», «Пряник — в резерве»: no order for him
                # («З77 — индеец, ему ходить нечем, МГ тоже сидит в запасе»: mates, the dead)
            items.append(Item(clause[0].start, problem=problem(
                span(ctx.text, clause, 0, len(clause)), "unparsed", "no_target")))
            return None
        j = start + 1 if start < len(clause) and lexicon().words.get(clause[start].w) == cls \
            else start  # («Кефир на моё усмотрение: охраняет меня»: his verb, said after)
        kws = [Kw(cls, start, j, weak=True)]  # «вор — Бука»; without a name, chatter
        if cls == V.GUARD and (me := _me_alone(clause, start)) is not None:
            # «Ёжик — я»: the guard's order with the boss named in the nominative
            clause = clause[:me] + [clause[me]._replace(w="меня")] + clause[me + 1:]
    elif member is not None and DEFAULT_CLASS.get(member.role) and \
            _name_first(ctx, clause, start, kws[0].i):
        # «Вор → Кузя (обчистить до нитки)»: the name right after the member is his move's
        kws = [Kw(DEFAULT_CLASS[member.role], start, start, weak=True)] + kws
    elif member is not None and DEFAULT_CLASS.get(member.role) and kws[0].i > start and \
            any(t.w == "," for t in clause[start:kws[0].i]) and \
            elliptic(ctx, clause, start, member.role):
        # «Шкаф на себе, режем Бублика»: his order without a verb, then the boss's own move
        kws = [Kw(DEFAULT_CLASS[member.role], start, start, weak=True)] + kws
    elif member is not None and kws[0].cls == DEFAULT_CLASS.get(member.role) and \
            kws[0].i > start and elliptic(ctx, clause, start, member.role):
        # «Лиса у Совы ворует»: the place first, then his move word (read as one order)
        kws = [Kw(kws[0].cls, start, start, weak=True)] + kws[1:]
    if not kws and member is None and not excluded:
        kws = today_after_past(ctx, clause, start)  # «Вчера лечил X, сегодня — Y»
    if not kws and member is None and not excluded:
        kws = again_move(ctx, clause, start)  # «Снова Графа.»: yesterday's move once more
    if not kws and member is None:
        kws = goes_instead(ctx, clause, start)  # «Ну раз так — уходит X» from the feared
    if member is None and not excluded and not _BY_ME.isdisjoint(clause_words(clause)) and \
            (said := passive_own(clause, start)) and \
            all(k.j <= said[0].i or k.i >= said[0].j for k in kws):
        # «Мною проверяется X», «X будет вылечен мной, а голос — Y»
        kws = sorted(kws + said, key=attrgetter("i"))
    if member is None and DEFAULT_CLASS.get(ctx.sender.role) and (not kws or (
            kws[0].i > start and any(t.w == "," for t in clause[start:kws[0].i]))) and \
            elliptic(ctx, clause, start, ctx.sender.role):
        # «у Совы сегодня»; «опять к Штирлицу, там ещё осталось что вынести»: the remark
        # after the comma holds a move word of its own
        kws = [Kw(DEFAULT_CLASS[ctx.sender.role], start, start, weak=True)] + kws
    if kws and member is None and ctx.sender.mafia and kws[0].i > start + 2 and \
            clause[start].w in CLAN_OPENERS and \
            (end := from_clan(clause, start)) is not None and end < kws[0].i:
        # «От семейства ночью уходит Бруно: он, похоже, стережёт своих»: the kill first
        kws = [Kw(V.KILL, start, end)] + kws
    head = start  # «Ведущий, жертва: X», «Ведущий, двое: X и Y»: the host called first
    if clause[start].w in _HOST_CALLED and start + 3 < len(clause) and clause[start + 1].w == ",":
        head = start + 2
    if not kws and not excluded:
        kws = header_keyword(clause, head, member or ctx.sender)
        if kws and member is None and ctx.turn.votes_per_player < 2 and \
                (second := _second_named(ctx, clause, kws[0])) is not None:
            # «Тогда первый — X, второй — Y» on a one-vote day: two votes, one too many
            items.append(Item(clause[kws[0].i].start, problem=problem(
                span(ctx.text, clause, kws[0].i, second), "not_allowed", "too_many_votes",
                action="vote"), tried="vote"))
            return None
        if kws and clause[kws[0].i].w in V.VOTE_ORDINALS and (
                ctx.turn.votes_per_player < 2 or not _ordinal_names(ctx, clause, kws[0].j) or
                points_numbered(ctx.text)):
            kws = []  # «Первый — Кузя»: two votes only on a two-vote day, else a list of talk
            # («Первый — за вчерашнее, второй — за то, что …»: the reasons for the votes;
            # «Второе: X с утра …» beside «Третье: …»: the points of a text, no vote)
    if not kws and member is None and ctx.turn.event == "full_moon" and ctx.sender.mafia:
        kws = full_moon_kill(ctx, clause, head, items, ask=True)  # «Второго — X», «Двое: X и Y»
    elif kws and member is None and ctx.turn.event == "full_moon" and ctx.sender.mafia and \
            (over := heading_over(ctx, clause, head, kws)):
        kws = over  # «клан позволит себе два визита: к X и к Y»: a weak move word in a heading
    elif not kws and member is None and not excluded and ctx.sender.mafia and \
            (end := two_kills_off_moon(ctx, clause, head)) is not None:
        # «Две цели: X и Y» with no full moon: two kills, one allowed: asked, never dropped
        items.append(Item(clause[head].start, problem=problem(
            span(ctx.text, clause, head, end), "not_allowed", "too_many_targets",
            action="clan_kill"), tried="clan_kill"))
        return None
    elif kws and member is None and ctx.turn.event == "full_moon" and ctx.sender.mafia and \
            kws[0].i > start and any(t.w in (",", "—", "(") for t in clause[start + 1:kws[0].i]) \
            and (second_opens(clause, start) or count_said(clause, start, kws[0].i)):
        # «Вторым — Сашу Белого, он мне в спину стреляет»: the second kill, then why;
        # «двое: X (миномёта я ему не простил) и Y»: a move word in a bracketed aside
        second = full_moon_kill(ctx, clause, start, items)
        if second and second[0].j < kws[0].i:
            kws = second + [k for k in kws if not in_brackets(clause, second[0].j, k.i)]
    elif kws and kws[0].weak and kws[0].cls == V.KILL and member is None and \
            ctx.turn.event == "full_moon" and ctx.sender.mafia and kws[0].j < len(clause) and \
            clause[kws[0].j].w in KILL_COUNTS:
        # «берём двоих: X и кого-нибудь ещё»: a kill word that takes a name only, before a
        # count: read as the count's heading
        kws = full_moon_kill(ctx, clause, start, items) or kws
    elif kws and member is None and ctx.turn.event == "full_moon" and ctx.sender.mafia and \
            chosen_second(clause, start, kws):
        # «Босс разрешил мне выбрать вторую — выбираю X»: a clan member choosing the full
        # moon's second victim
        kws = [Kw(V.KILL, k.i, k.j, weak=True) for k in kws]
    if kws and member is None and ctx.turn.event == "full_moon" and ctx.sender.mafia and \
            all(k.cls == V.KILL for k in kws) and both_again(ctx, clause, start, items):
        return None  # «Цели: X, Y. Обоих — в расход»: the two kills read, said again
    if not kws and member is None and not excluded and ctx.votes > 1 and \
            bare_pair(ctx, clause, lead := _event_lead(ctx, clause, start)):
        kws = [Kw(V.VOTE, lead, lead, weak=True)]  # «Вишня и Мирон» alone on a rage day
        # («на ярость вишня и мирон»: the day's event named first)
    if not kws and member is None and not excluded and ctx.votes > 1 and \
            (lead := _event_lead(ctx, clause, start)) != start and lone_name(ctx, clause, lead):
        kws = [Kw(V.VOTE, lead, lead, weak=True)]  # «на ярость Мотя»: one vote of the two
    if not kws and member is None and not excluded and za_alone(ctx, clause, start):
        za = za_instrumental(ctx, clause, start)
        if za is not None and ctx.sender.role != "witness":
            # «Сегодня за Палычем.» from anyone else: «за» with the instrumental follows the
            # player, no vote «за Палыча»: asked at the end (engine.parse), unless a lone
            # role verb after it takes the player («… Маньячу.»)
            ctx.za_follows[(clause[0].start, clause[-1].end)] = \
                span(ctx.text, clause, start, len(clause))
            za = None
        # «За Чингачгука.» alone: the vote; the witness's «Сегодня за Холмсом.»: his watch
        at = agreed_with(ctx, clause, start)  # («Согласна с X, тоже за Y»: from «тоже»)
        kws = [Kw(V.VOTE, at, at, weak=True) if za is None else Kw(V.WATCH, za, za + 1, weak=True)]
    if not kws and member is None and not excluded and (clause[start].w in GIVE or (
            start + 1 < len(clause) and clause[start + 1].w in GIVE)):
        kws = gives_them(ctx, clause, start)  # «У меня два голоса. Отдаю их: X и Y.»
    if not kws and member is None and not excluded and ctx.votes > 1:
        kws = votes_header(ctx, clause, start)  # «…по два голоса. Мои: X и Y.»
    if not kws and member is None and not excluded and ctx.votes > 1:
        # «Один — Арман, второй — Ануш»; «первый галка второй малой»
        kws = one_then_second(ctx, clause, start) or bare_ordinals(ctx, clause, start)
    if member is None and (((not kws or (len(kws) == 1 and ctx.sender.mafia and own_move_noun(
            ctx.sender, clause[kws[0].i].w))) and to_my_boss(ctx, clause, start)) or (
            (stop := boss_decides(ctx, clause, start)) is not None and
            all(k.j <= stop for k in kws))):
        text = span(ctx.text, clause, start, len(clause))
        items.append(Item(clause[start].start, move=Move("delegate", span=text),
                          tried="delegate"))  # «Ход — Графу»: the member's move to his boss
        return Prev(V.DELEGATE, clause[0].start, None, items[-1:], clause)
    if member is None and len(kws) > 1 and ctx.sender.mafia and \
            own_move_noun(ctx.sender, clause[kws[0].i].w) and \
            (cut := next((n for n in range(kws[0].j, len(clause)) if clause[n].w == ","),
                         None)) is not None and all(k.i > cut for k in kws[1:]) and \
            to_my_boss(ctx, clause[:cut], start):
        # «Охрану оставляю на шефа, голос Петру»: the member's move to his boss, then the
        # clause after the comma read on its own
        items.append(Item(clause[start].start, move=Move(
            "delegate", span=span(ctx.text, clause, start, cut)), tried="delegate"))
        return read_clause(ctx, clause, cut + 1, member, flags, excluded, items)
    if member is None and kws and (left := left_to_addressee(ctx, clause, start)) is not None:
        # «Лось, кражу оставляю на тебя»: the move left to one who is not the sender's boss,
        # no move on him: asked; what follows a comma after it is read on its own
        items.append(Item(clause[start].start, problem=problem(
            span(ctx.text, clause, start, left), "unparsed", "which_move")))
        if left < len(clause) and clause[left].w == ",":
            return read_clause(ctx, clause, left + 1, member, flags, excluded, items)
        return None
    if not kws and member is None and not excluded and _changes_to(ctx, clause, start):
        # «поменяй на Вареника плиз» under a quoted reply: which move? The quote is not read
        items.append(Item(clause[start].start, problem=problem(
            span(ctx.text, clause, start, len(clause)), "unparsed", "which_move")))
        return None
    if not kws and flags["abstain"] and member is None:
        if not flags["later"]:  # («пока воздержусь, допишу позже»: put off, as «линч потом
            # напишу»; the later letter brings the vote)
            items.append(abstain(span(ctx.text, clause, 0, len(clause)), clause[0].start))
        return None  # «Воздерживаюсь.»
    if member is None and items and (not kws or all(
            k.cls == V.VOTE and k.weak and not k.withdraw and k.j < len(clause) and
            clause[k.j].w in V.WITHDRAW_WORDS for k in kws)) and \
            takes_off(ctx, clause, flags, items):
        return None  # «Хотя нет, с Мирона снимаю, второй на Стеллу»
    if not kws and (correction_end(clause) is not None or late_correction(clause) or
                    _bare_withdrawal(clause, items)) and \
            any(t.word and t.w in V.WITHDRAW_WORDS for t in clause):
        items.append(Item(clause[0].start, withdraw=_taken_off(ctx, clause, items)))
        # («…хотя нет, снимаю»: every vote; «Хотя нет, Ваню снимаю» after «Убиваем Кузю и
        # Ваню»: the player of that move)
        return Prev(V.VOTE, clause[0].start, None, items[-1:], clause)  # («⏎за Лиса»)
    if not kws and flags["other_day"] and not excluded and flags["cancel"] is None and \
            not flags["skip"] and not told_in_past(clause) and not past_told(clause) and \
            (sum(t.word for t in clause) <= 4 or blanket_end(clause) is not None or
             V.move_talk([t.w for t in clause if t.word])) and not of_another(clause, ctx) and \
            not _compared(clause) and not _usual_aside(clause) and \
            not any(t.w in V.FORWARD_WORDS for t in clause) and \
            not _remark_on_move(ctx, clause, items):
        # «Как вчера.», «Ход тот же, что и вчера»; «Вчерашний день мне не понравился» is talk,
        # and «я как обычно без хода» skips the move as ever: nothing to repeat;
        # and so is «пересылаю свой вчерашний ход» (the forwarded letter is not read)
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, len(clause)), "unparsed", "other_day")))
        return None
    if kws and member is None and flags["cancel"] is None and \
            (end := blanket_end(clause)) is not None and end < kws[0].i and \
            clause[end].w == "," and clause[end + 1].w in _BUT_ONLY and \
            not any(k.cls == V.SWINDLE for k in kws) and \
            _names_after(ctx, clause, end + 2):
        # «Всё как вчера, только убиваем X»: the new move is read; the rest of yesterday's
        # moves the host does not know (a quoted letter never counts): asked (a swindle
        # there is asked as a whole, engine.parse_branches.branches_of_another_day)
        items.append(Item(clause[0].start, problem=problem(
            span(ctx.text, clause, 0, end), "unparsed", "other_day")))
    cancel_at = flags["cancel"]
    subjects = [subject(ctx, clause, kw) for kw in kws]
    base = member
    # a boss's order for a member is reported speech only in its own words, not in the
    # member's word he reports before it («Кот написал, что ход на моё усмотрение — пусть …»)
    rep = start if member is not None and member is not ctx.sender and (any(
        t.w in ("усмотрение", "ход", "ходы") for t in clause[:start]) or
        told_order_before(clause, start)) else 0  # («Лису сказала воровать у X»)
    lex = lexicon()
    used = start  # index after the tokens the previous move took («Лечу Буку, линч …»)
    last = None
    other = False  # the last subject named in the clause was another player
    dream = _dream_at(clause) if kws else None
    for n, kw in enumerate(kws):
        if dream is not None and dream < kw.i:
            continue  # «Снилось, что доктор спешит к Тыкве»: a dream told, no move
        if clause[kw.i].w in lex.third and plural_third(clause[kw.i].w) and \
                not (ctx.sender.mafia and clan_plural_subject(clause, kw.i)):
            continue  # «они убирают X», «мирные валят X»: others' deed, not «наши убирают X»
        hi = len(clause) if n + 1 == len(kws) else (subjects[n + 1] or (kws[n + 1].i, 0))[0]
        if n + 1 < len(kws) and hi <= kw.i:
            # «Шмыг навестит Варю и вынесет у неё всё»: the next verb's subject is this one's
            # too, said before it; this move's words end at the next verb
            hi = kws[n + 1].i
        hi = min([hi] + [k for k in excluded if k > kw.i])
        if n + 1 < len(kws) and (cut := _objects_first(ctx, clause, start, kw, kws[n + 1])):
            hi = min(hi, cut)  # «Шкафа проверяю, Буку убиваем»: each name before its verb
        if (cut := _contrast_object(ctx, clause, kw.j, hi)) is not None:
            # «Лис обчистит X, а Сову мы убьём»: Сову is the object of «мы убьём»; with no
            # move word read there («а Сову мы отправим к рыбам»), what «мы» do is asked
            if n + 1 == len(kws) and (ask := _untold_deed(ctx, clause, cut, hi)) is not None:
                items.append(ask)
            hi = cut
        if n + 1 < len(kws) and subjects[n + 1] is None and _shared_object(clause, kw, kws[n + 1]):
            # «МО и голос — Бегемоту»: two move labels joined by «и» share the name after them
            kw.j = kws[n + 1].j
            hi = len(clause) if n + 2 == len(kws) else (subjects[n + 2] or (kws[n + 2].i, 0))[0]
            hi = min([hi] + [k for k in excluded if k > kw.i])
        if member is not None and member is not ctx.sender:
            hi = remark_start(clause, kw.j, hi, name_sizes(name_index(ctx.nicks), clause))
        if n + 1 < len(kws) and kws[n + 1].negated:
            if taken_back(ctx, clause, kw, kws[n + 1]):
                continue  # «Стреляю... а, не, никуда не стреляю сегодня»: no move, no question
            hi = before_refused(ctx, clause, kw.j, kws[n + 1].i, hi)
        if kw.negated:
            if any(t.w == "сегодня" for t in clause):
                ctx.declined.add(action_for(kw.cls, ctx.sender, ctx.turn))  # «МО сегодня не шлю»
            if refuses_to_vote(ctx, clause, kw, hi):
                first = next((k for k in (kw.i - 2, kw.i - 1) if k >= 0 and
                              clause[k].w == V.NEGATION), kw.i)
                items.append(abstain(span(ctx.text, clause, first, last_word(clause, kw.j, hi)),
                                     clause[first].start))  # «не голосую»
            elif (then := instead_of_unneeded(clause, kw.i, kw.j, hi)) is not None:
                # «Ромашку линчевать уже не нужно, значит Бармалея»: the move, on Бармалей
                read_move(ctx, member or ctx.sender, clause, Kw(kw.cls, then, then, weak=True),
                          then, hi, flags, items, member is not None)
            continue
        if cancel_at is not None and kw.i == cancel_at and cancel_names_move(clause, kw.i):
            continue  # «отменяю лечение …» names what is cancelled
        if (kw.cls == V.VOTE and vote_tally(clause, kw.i)) or (
                is_infinitive(clause[kw.i].w) and others_wish(clause, kw.i)):
            continue  # «Голосов за X — три», «вешать его — это то, чего хочет клан»: talk
        if kw.cls == V.VOTE and member is not ctx.sender and others_send(clause, kw.i, kw.j):
            continue  # «Охраняю Кольку, его на линч тянут»: what people do, told (also
            # after a boss's order: «Бутса — береги Кипера, его на линч тянут»)
        if subjects[n] is not None:
            if asked_or_anyone(clause, kw, lex, asked_only=True):
                continue  # «Интересно, кого сегодня доктор вылечит»: wondered about
            if _on_his_own(clause, kw.j):
                continue  # «Смит ворует сам, я ему написала»: the member moves himself
            actor = subject_actor(ctx, clause, subjects[n], member, items, kw)
            if actor is False:
                other = True
                continue  # «Маруська проверяет всех подряд»: about another player
            other = False
            member = actor
            hit = nick_at(ctx, clause, clause_words(clause), subjects[n][0])
            kw.own = (hit is not None and hit.nick == ctx.sender.nick) or \
                own_subject(ctx, clause, subjects[n])  # «Сёма зовёт Пепла», «Доктор спешит к X»
        elif other and clause[kw.i].w in lex.third:
            continue  # «Хозяйка зовёт Барсика, ну и пусть зовёт»: the same other player
        elif third_idiom(clause, kw):
            continue  # «Он не сводит глаз с Ромашки»: a story of nobody named, no move
        elif member is None and ctx.sender.role == "boss" and clause[kw.i].w in lex.third and \
                action_for(kw.cls, ctx.sender, ctx.turn) is None and (mate := pronoun_member(
                    ctx, clause, kws[n - 1].j if n else start, kw.i)) is not None:
            member = mate  # «Ямщик оставил ход мне. Он грабит X»: the member named before
        elif not (member is not None and kw.i > 0 and clause[kw.i - 1].w in ("он", "она")) and \
                talk_of_others(clause, kw, lex, ctx.sender.role == "boss", ctx):
            # («За Тётю Валю: она охраняет меня»: the member named back)
            untied_subject(ctx, clause, kw, items)  # «Ночью Айболит лечит X»: whose move? Ask
            continue  # «пусть кто-нибудь проверит Дениса»
        elif member is None and ctx.sender.role == "boss" and clause[kw.i].w in lex.third and \
                action_for(kw.cls, ctx.sender, ctx.turn) is None and \
                not clan_subject(clause, kw.i) and \
                not _said_right_before(clause, kw.i) and (mate := unnamed_member(
                    ctx, clause, kws[n - 1].j if n else start, kw.i,
                    span(ctx.text, clause, kw.i, len(clause)),
                    lambda k: nick_at(ctx, clause, clause_words(clause), k))) is not None:
            if isinstance(mate, Problem):  # «ворует у X»: his one member whose role robs
                items.append(Item(clause[kw.i].start, problem=mate))
                continue
            member = mate
            if (sub := subject_after(ctx, clause, kw.j, mate.nick)):
                kw.j = hi = sub  # «Меня пусть охраняет Бастион»: he is the subject, no target
        elif clause[kw.i].w in lex.plural1 and (n or any(
                t.w == "," for t in clause[start:kw.i])):
            member = base = None  # «…, охранник охраняет Бобра, убиваем Лося»: the boss himself
            # («Шкаф на себе, режем Бублика»: after the member's heading and a comma)
            # (and after that the clause's moves are his: «…, убиваем X, голос Y»)
        elif n and kw.cls == V.VOTE and member is not None and clause[kw.i].w not in lex.third:
            member = base = None  # «чайник охраняет барсика голос за кису»: the boss's own vote
        elif n and base is not None and base is not ctx.sender and \
                clause[kw.i].w not in lex.third and action_for(kw.cls, base, ctx.turn) is None \
                and action_for(kw.cls, ctx.sender, ctx.turn) is not None:
            member = base = None  # «Няша обносит Ёжика, проверка — Алёнка»: the boss's own
            # check after the member's order (a move the member's role has not)
        elif n and clause[kw.i].w not in lex.third:
            member = base
        if kw.cls in (V.VISIT, V.BEAT) and member is None and ctx.sender.mafia and \
                (clause[kw.i].w in lex.plural1 or clan_subject(clause, kw.i)):
            kw.cls = V.KILL  # «наш клан навестит Сову», «навестим Сову», «Клан бьёт Графа»
        if kw.cls == V.WATCH and member is None and ctx.sender.role == "boss" and \
                clause[kw.i].w in lex.first:
            kw.cls = V.CHECK  # the boss's own «смотрю Утюга»: a look at a player is his check
        elif kw.cls == V.WATCH and member is None and ctx.sender.role == "detective" and \
                _night_look(clause, kw, lex.first):
            kw.cls = V.CHECK  # the detective's «Этой ночью смотрю на Ворона»: his check
        elif member is None and ctx.sender.role == "boss" and boss_look(clause, kws, n):
            kw.cls = V.CHECK  # «а я сама загляну к Остапу»: the boss's own visit, his check
        if member is not None and member.role == "guard" and kw.cls == V.WATCH:
            kw.cls = V.GUARD  # «Стражу поручаю присматривать за мной»: looking after is his guard
        if member is not None and member is not ctx.sender and kw.imperative:
            kw.imperative = False  # «Пряник, охраняй меня»: the boss orders his member
        if (own := owner_end(ctx, clause, kw)) is not None:
            kw.j = own  # «Голос Остапа — X» from Остап: his own vote
        elif (own := holder_end(ctx, clause, kw)) is not None:
            kw.j = own  # «МО у меня на Смита»: «у меня» is whose the move is
        lo = max(kws[n - 1].j if n > 0 else start, used)
        if kw.own and subjects[n] is not None:
            lo = max(lo, subjects[n][1])  # «Безумец зовёт гостей»: he is no target of his own
        mark = len(items)
        # a remark in a boss's «за X, если он сам не напишет: …» is no hypothesis of the move
        lead = _today_turn(clause, kws[n - 1].j, kw.i) if n else None
        # («Если завтра буду жива, позову X, а сегодня жду Y»: today's move after ``lead``)
        head = lead if lead is not None else start
        hypo = hypothetical(clause, kw.i, excluded | set(range(head)) if head else excluded)
        if hypo is True and member is not None and member is not ctx.sender and \
                silence_of(ctx, clause, kw.i, member.nick):
            hypo = False  # «Если не напишет — пусть ворует у X»: the rule restated, no hypothesis
        if not hypo and _would_before_target(ctx, clause, kw, hi):
            hypo = True  # «на линче я бы предложил X»: a wish between the word and its player
        cut = today_instead(clause, kw.i, hi)
        if hypo is True and cut is None and for_later_day(clause, kw.i):
            kw.hypothetical = "later"  # «если он роль, его же завтра валим»: not today's
        elif hypo and cut is None and passed_before(clause, kw.i):
            kw.hypothetical = "later"  # «Сегодня пас, может завтра проверю X»: not today's
        elif cut is not None and (
                (today_hit := nick_at(ctx, clause, clause_words(clause), cut[1])) is None or
                _own_subject(clause, cut[1] + today_hit.length)):
            # «завтра полечу X, а сегодня не знаю кого»: asked; «…, а сегодня пас»: no move
            kw.hypothetical = "later" if skips_today(clause, cut[1]) else True
        elif cut is not None:
            # «Может, завтра проверю Лося, а сегодня — Кузю»: only today's target counts
            kw.hypothetical = "later"
            read_move(ctx, member or ctx.sender, clause, kw, lo, cut[0], flags, items,
                      member is not None)
            today = Kw(kw.cls, cut[1], cut[1], weak=kw.weak)
            mark = len(items)
            used = read_move(ctx, member or ctx.sender, clause, today, cut[1], hi, flags,
                             items, member is not None)
            last = Prev(kw.cls, clause[0].start, member, items[mark:], clause)
            continue
        elif not (fronted := object_fronted(ctx, clause, kws[n - 1].j if n else start, kw.i)) \
                and how_of_things(clause, kw.j,
                                  lambda k: nick_at(ctx, clause, clause_words(clause), k) is not None):
            continue  # «проверю заодно, как там кот»: how things are, nobody named: talk
        elif (kw.j < len(clause) and clause[kw.j].w == "ли") or \
                (not fronted and asks_how(clause, kw.j)):
            kw.hypothetical = "hedged"  # «не знаю, проверять ли Маришку», «проверю, как там X»
        elif hypo is True and kw.cls == V.FEAR and if_chosen(clause, kw.i):
            pass  # «если большинство голосов будет на мне — вместо меня уходит X»: that is «Страх»
        elif ironic(clause, kw.i):
            kw.hypothetical = True  # «Ага, щас, буду я лечить Лося»: asked, never applied
        elif hypo and not (hypo == "hedged" and restates_priority(
                ctx, ctx.sender, clause, kw.i, action_for(kw.cls, ctx.sender, ctx.turn))):
            # (not «Клан убивает X, а если Лорд напишет своё, то пусть будет по его» from a
            # member: the boss's priority restated, no other possibility)
            kw.hypothetical = hypo
            if hypo is True and plan_for_later(clause, kw.i):
                kw.hypothetical = "plan"  # «Думаю, завтра проголосую за X»: asked, unless …
        elif plan_for_later(clause, kw.i):
            kw.hypothetical = "plan"  # «Проверяю Кузю. Завтра, наверное, проверю Лося»
        elif member is None and ctx.sender.role != "swindler" and trailing_condition(
                clause, kw.i, lambda k: nick_at(ctx, clause, clause_words(clause), k)) and \
                not restates_priority(ctx, ctx.sender, clause, kw.i,
                                      action_for(kw.cls, ctx.sender, ctx.turn)):
            # (not «убиваем Няшу, если Лорд не пришлёт другое» from a member: the rule restated)
            kw.hypothetical = True  # «стреляю в Графа, если он опять отмолчится»: asked
        elif (told := reported_order(clause[rep:], kw.i - rep)) and (
                told is True or ctx.sender.role != "boss") and \
                not (told == "other" and _sender_goes(ctx, clause, kw.i)):
            # (not «А ночью Лосик берёт ружьё и идёт охотиться на X» from Лосяш: his own story)
            kw.hypothetical = "reported"  # «Дон сказал воровать у Ромашки»
        elif said_by_other(clause[rep:], kw.i - rep) and not _kin_dictates(ctx, clause, kw.i):
            kw.hypothetical = "reported"  # «Бульдог написал: голос за Кузю»
            # (not «Бабуля говорит: обчищаем X» from her grandson at her keyboard)
        elif ctx.sender.role != "boss" and pronoun_does(clause, kw):
            kw.hypothetical = "later"  # «нет, она опять кого-то к себе позовёт»: her move
        if member is None and (owned := other_owner(ctx, clause, kw)) is not None:
            # «Голос деда Макара: Михалыч» from another player: that player's vote, reported
            kw.j, kw.hypothetical = owned, "reported"
        if kw.cls in (V.VOTE, V.KILL) and kw.j + 1 < hi and clause[kw.j].w in NUMBERED and (
                clause[kw.j + 1].w in (":", "—", "-", ")", ".") or (
                kw.cls == V.VOTE and ctx.votes > 1 and clause[kw.j + 1].word and
                clause[kw.j].w in ("1", "2"))):
            kw.j += 1  # «голос 1 — Жмых», «Kill #2: Барон», «голос 1 жмых»: the number
        if member is None and ctx.last_hit is not None and \
                same_again(ctx, clause, kw, hi, flags, items):
            last = Prev(kw.cls, clause[0].start, member, items[mark:], clause)
            continue
        used = read_move(ctx, member or ctx.sender, clause, kw, lo, hi, flags, items,
                         member is not None)
        if member is not None and writes_it_himself(clause, used):
            del items[mark:]  # «Лиса охраняет Мотю — сама напишет»: told, her own letter
            continue
        if kw.cls == V.KILL and ctx.turn.event == "full_moon":  # «двоих: X и кого-то ещё»
            one_of_two(ctx.text, clause, start, hi, items, mark)
        if len(items) > mark or kw.cls == V.VOTE:
            net(ctx, clause, kw, hi, items, mark)
        if kw.today:
            ctx.today.extend(items[mark:])
        last = Prev(kw.cls, clause[0].start, member, items[mark:], clause,
                    hypothetical=kw.hypothetical)
    return last


#: Third-person kill words that are the clan's kill only with «клан» (or «семья», «мафия»)
#: of the sender's own clan as their subject («Клан берёт X»); any other subject takes
#: something else («Шмыг берёт у X всё», «сам берёт ружьё»).
CLAN_ONLY_THIRD = frozenset({"берёт", "берет"})


#: Beginnings of the verbs of changing («поменяй», «меняю», «смени», «замените»,
#: «исправь», «переправь»).
_CHANGE_STEMS = ("помен", "меня", "смен", "замен", "измен", "исправ", "переправ", "перепиш")

#: Words that may stand before such a verb («ведущий, поменяй …», «пожалуйста, смени …»).
_CHANGE_LEAD = frozenset({"ведущий", "пожалуйста", "плиз", "ну", "а", "тогда", "давай",
                          "можно", "upd", "апд", "ой", "блин", "сорри"})


def _changes_to(ctx: Ctx, clause: list[Tok], start: int) -> bool:
    """«Поменяй на Вареника плиз», «меняю на X»: a clause with no move word that asks to
    change a move to a player, without saying which move."""
    k = start
    while k < len(clause) and (not clause[k].word or clause[k].w in _CHANGE_LEAD):
        k += 1
    if k + 2 >= len(clause) + 0 or not clause[k].w.startswith(_CHANGE_STEMS):
        return False
    n = k + 1
    while n < len(clause) and clause[n].word and clause[n].w in ("мне", "мой", "все", "всё"):
        n += 1
    if n + 1 >= len(clause) or clause[n].w != "на":
        return False
    return nick_at(ctx, clause, clause_words(clause), n + 1) is not None


#: Words that may open a sentence before «всё как вчера» («Сегодня всё то же самое»).
_BLANKET_LEAD = frozenset({"сегодня", "а", "ну", "и", "так", "ночью", "короче", "в", "общем",
                           "у", "меня"})
#: The «other day» phrases after «всё» that repeat every move of another day.
_BLANKET = (("как", "вчера"), ("как", "и", "вчера"), ("то", "же", "самое"), ("по-старому",),
            ("как", "в", "прошлый", "раз"), ("как", "раньше"), ("так", "же"))
#: «…, только X», «…, кроме X», «…, но X»: the one move that differs.
_BUT_ONLY = frozenset({"только", "кроме", "но"})


def _names_after(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when a player is named in ``clause`` from ``k`` on (not «…, только бью другого»:
    no name, asked as it is)."""
    words = clause_words(clause)
    return any(clause[n].word and nick_at(ctx, clause, words, n) is not None
               for n in range(k, len(clause)))


def blanket_end(clause: list[Tok]) -> int | None:
    """«Всё как вчера», «Сегодня всё то же самое, что вчера», «всё по-старому»: a clause
    opening (after a word or two of :data:`_BLANKET_LEAD`) with «всё» and a phrase that
    repeats another day's moves, every one of them, none named. The index of the comma
    after the phrase (or of the clause's end); None when the clause is no such."""
    words = clause_words(clause)
    k = 0
    while k < len(words) and k < 3 and words[k] in _BLANKET_LEAD:
        k += 1
    if k >= len(words) or words[k] not in ("все", "всё"):
        return None
    k += 1
    for phrase in _BLANKET:
        if tuple(words[k:k + len(phrase)]) == phrase:
            end = k + len(phrase)
            if end < len(words) and words[end] == "," and end + 2 < len(words) and \
                    words[end + 1] == "что" and words[end + 2] in ("и", "вчера"):
                end = next((n for n in range(end + 1, len(words)) if words[n] == ","),
                           len(words))  # («…, что (и) вчера»)
            if end == len(words) or words[end] in (",", ":", "—", "–"):
                return end  # (after a colon or a dash the moves are spelt out: «Всё как
                # вчера: голос за X» reads them, no question)
            return None
    return None


def _usual_aside(clause: list[Tok]) -> bool:
    """«Жук — простыни, как обычно», «прошу зафиксировать, как обычно, по пунктам»: «как
    обычно» (or «как всегда») after a comma says how the words before it go, a player's
    habit or the sender's way of writing; no earlier move is meant. True when that is the
    clause's only «other day» phrase and the stretch before its comma holds a verb (the
    clause has no move word) or a dash between two words («X — Y»)."""
    at = [k for k in range(1, len(clause) - 1) if clause[k].w == "как" and
          clause[k + 1].w in ("обычно", "всегда") and clause[k - 1].w == ","]
    if len(at) != 1:
        return False
    words = [t for t in clause[:at[0] - 1]]
    if any(t.word and t.w in _OTHER_DAY_WORDS for t in words + clause[at[0] + 2:]):
        return False
    lo = max([n + 1 for n, t in enumerate(words) if t.w == ","], default=0)
    part = words[lo:]
    dashed = any(t.w in ("—", "–") and 0 < n < len(part) - 1 and part[n - 1].word and
                 part[n + 1].word and is_noun(part[n + 1].w) for n, t in enumerate(part))
    return dashed or any(t.word and is_verb(t.w) for t in part)


#: The words of the «other day» phrases («вчера», «прежнего», «тот же» …).
_OTHER_DAY_WORDS = frozenset(w for p in V.OTHER_DAY_PHRASES for w in p
                             if w not in ("как", "обычно", "то", "же", "и", "в"))


#: The words of a bare «как вчера» sentence («Как вчера.», «Как и вчера.»).
_AS_YESTERDAY = frozenset({"как", "и", "вчера"})


def _remark_on_move(ctx: Ctx, clause: list[Tok], items: list[Item]) -> bool:
    """True when ``clause`` is a bare «как вчера» sentence right after the sentence of a move
    read with its player («Бью X. Линч Y. Как вчера.»): it says the move is yesterday's
    again, as «Линч Y, как вчера» does, and repeats nothing else. Only when the letter made a
    night move already or the sender has none (a civilian): else «Голос за Y. Как вчера.»
    may bring yesterday's night move back, asked."""
    words = [t.w for t in clause if t.word]
    if not words or not set(words) <= _AS_YESTERDAY or "вчера" not in words or not items:
        return False
    if ctx.sender.role != "civilian" and not any(
            it.move is not None and it.move.action != "vote" for it in items):
        return False
    last = items[-1]
    if last.move is None or not (last.move.target or last.move.targets) or \
            last.pos >= clause[0].start:
        return False
    between = ctx.text[last.pos:clause[0].start]
    return len(re.findall(r"[.!?\n]+", between.strip())) <= 1


def _compared(clause: list[Tok]) -> bool:
    """«Туман сегодня гуще вчерашнего»: «вчерашнего» right after a comparative compares
    with yesterday; it refers to no earlier move."""
    return any(t.w in ("вчерашнего", "вчерашней", "прежнего", "прежней") and k > 0 and
               clause[k - 1].word and comparative(clause[k - 1].w)
               for k, t in enumerate(clause))


#: Words between a vote's number and its player («Первый остаётся за Бароном»).
_TO_VOTE = frozenset({"за", "на", "против", "остается", "остаётся", "идет", "идёт", "уходит",
                      "отдаю", "отдан", "отдам", "ставлю", "голос"})


def _taken_from(ctx: Ctx, clause: list[Tok], start: int, kws: list[Kw]
                ) -> tuple[int, int] | None:
    """``(first, end)`` of a verb of the vote lexicon with «у» and a player right after it
    («сливаю у Кузи»: :func:`engine.grammar_keywords.at_somebody`), read by no keyword of the
    clause; None when there is none."""
    words = clause_words(clause)
    for k in range(start, len(clause) - 2):
        if not clause[k].word or words[k + 1] != "у" or not at_somebody(words[k], "у") or \
                any(kw.i <= k < kw.j for kw in kws) or move_class(words[k]) != V.VOTE:
            continue
        hit = nick_at(ctx, clause, words, k + 2)
        if hit is not None:
            return k, k + 2 + hit.length
    return None


def _ordinal_names(ctx: Ctx, clause: list[Tok], j: int) -> bool:
    """True when a player is named within two words after a vote's number heading
    («Первый — Кузе», «второй — за Кузю», «второй — мистеру Грею»), not a reason
    («Первый — за вчерашнее»)."""
    words = clause_words(clause)
    seen = 0
    for k in range(j, len(clause)):
        if not clause[k].word or words[k] in _TO_VOTE:
            continue
        if words[k] in V.SENDER_WORDS or nick_at(ctx, clause, words, k) is not None:
            return True
        seen += 1
        if seen == 2:
            return False
    return False


#: A word of the lynch vote earlier in the letter («Про линч. Голосов ведь два?»).
_VOTE_BEFORE = re.compile(r"(?i)голос|линч")


def _second_named(ctx: Ctx, clause: list[Tok], kw: Kw) -> int | None:
    """The end of the second vote when, after a word of the vote earlier in the letter
    (:data:`_VOTE_BEFORE`), the heading ``kw`` is «первый» with a player named
    after it (:func:`_ordinal_names`) and «второй» follows later in the clause with a player
    named after it too («Тогда первый — X, второй — Y»): two votes laid out; else None."""
    if kw.j - kw.i != 1 or clause[kw.i].w not in ("первый", "первое") or \
            not _VOTE_BEFORE.search(ctx.text, 0, clause[kw.i].start) or \
            not _ordinal_names(ctx, clause, kw.j):
        return None  # (not «Подозреваю двоих. Первый — X, второй — Y»: suspects listed)
    for k in range(kw.j, len(clause) - 1):
        if clause[k].w in ("второй", "второе") and k > 0 and not clause[k - 1].word and \
                clause[k + 1].w in ("—", "–", "-", ":") and _ordinal_names(ctx, clause, k + 1):
            end = k + 2
            while end < len(clause) and clause[end].w not in (",", ".", ";", "!", "?"):
                end += 1
            return end
    return None


#: A heading by a neuter ordinal of three or more («Третье: …», «Четвёртое — …»; «В-пятых,
#: …») at the start of a line or sentence: the letter numbers the points of a text (not
#: «Третий — X»: a third vote, asked as one too many).
_THIRD_POINT = re.compile(
    r"(?:^|[.!?\n])[ \t]*(?:(?:трет|четв[её]рт|пят|шест|седьм)(?:ье|ое)\s*[:—–-]"
    r"|в-(?:трет|четв[её]рт|пят|шест)ьих\b)", re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def points_numbered(text: str) -> bool:
    """True when ``text`` numbers the points of a text by ordinal headings past the second
    («Первое: … Второе: … Третье: …»): a day has two votes at most, so its «Первое:»,
    «Второе:» head points of talk, not votes."""
    return _THIRD_POINT.search(text) is not None


def _vote_za(ctx: Ctx, clause: list[Tok], start: int) -> int | None:
    """The index of «за» when it is the first word after a clan member's heading and a
    player is named after it («Шаман — за Сову», «Лось: за Бобра»); else None."""
    first = next((k for k in range(start, len(clause)) if clause[k].word), None)
    if first is None or clause[first].w != "за" or first + 1 >= len(clause):
        return None
    return first if nick_at(ctx, clause, clause_words(clause), first + 1) is not None else None


def _vote_told_before(text: str, pos: int) -> bool:
    """True when the sentence before offset ``pos`` (from its last full stop, «!», «?» or
    line break) holds a word of a vote («голосует», «голоса»): a vote told, gapped after it."""
    lo = max(text.rfind(mark, 0, pos) for mark in (".", "!", "?", "\n")) + 1
    return "голос" in text[lo:pos].lower()


def _names_player(ctx: Ctx, clause: list[Tok], lo: int, loose: bool = False) -> bool:
    """True when a nickname or «меня» is written in ``clause[lo:]``; ``loose``: also a pet
    form, a part or a given name of one nickname alone («Кису» for Kisa_Meow, «Маринку» for
    Маринка-Калина), as a kill suggested to the boss names its victim."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    return any(clause[k].word and (words[k] in V.SENDER_WORDS or
                                   idx.exact(words, k, None) is not None or
                                   (loose and len(words[k]) >= 3 and
                                    _one_reading(ctx, idx, words[k])))
               for k in range(lo, len(clause)))


def _may_be_victim(ctx: Ctx, clause: list[Tok], lo: int) -> bool:
    """True when ``clause[lo:]`` names someone a boss's order for a member with no move of
    his own (the Indian, the actor before he takes a role) could still be about: the sender
    («меня») or a living player of no clan of the sender's (the clan's kill). A remark that
    names only the boss's own clan mates or the dead («Арлекин — ты теперь вместо Совы, ходи
    как знаешь», «З77 — индеец, ему ходить нечем, МГ тоже сидит в запасе») orders nothing."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    players = ctx.state.players
    for k in range(lo, len(clause)):
        if not clause[k].word:
            continue
        if words[k] in V.SENDER_WORDS:
            return True
        hit = idx.exact(words, k, None)
        if hit is None:
            continue
        named = (hit.nick,) if hit.nick is not None else hit.candidates
        if any(n in players and players[n].alive and (
                players[n].clan is None or players[n].clan != ctx.sender.clan)
               for n in named):
            return True
    return False


def _next_keyword(kws: list[Kw], kw: Kw) -> int | None:
    """Token index of the first keyword of ``kws`` after ``kw`` (None: the clause's end):
    where the part ``kw`` governs ends («Бигуди, ты у меня в гостях и МО в Бигуди»: the name
    after «МО» is the hunt's, not the invitation's)."""
    return min((k.i for k in kws if k.i >= kw.j), default=None)


def _loose_advice(clause: list[Tok], items: list[Item]) -> bool:
    """True when a kill left to the boss in ``clause`` may name its victim by a pet form
    (:func:`_names_player` ``loose``): a wish with «бы» («Мочить бы Маринку, но это как Валера
    решит»), or any suggestion from a member whose letter has given no move of his own role
    before it («Охраняю Фокса. Убить предлагаю Кису, но пусть босс решает» is advice beside
    his move, read as before)."""
    return any(t.w in ("бы", "б") for t in clause) or not any(
        it.move is not None and it.move.action in ("rob", "guard") for it in items)


def _one_reading(ctx: Ctx, idx, word: str) -> bool:
    """True when ``word`` is a pet form, a part or a given name of exactly one nickname, not
    the sender's nor his boss's («решать Королеве»: the one who decides, no victim)."""
    hit = idx.approximate(word)
    return hit is not None and hit.kind in ("pet", "part", "name") and \
        len(hit.candidates) == 1 and hit.nick not in (ctx.sender.nick, my_boss(ctx))


def _said_right_before(clause: list[Tok], i: int) -> bool:
    """«Шаман сказал, что ворует у Сонечки», «Кузя говорит, что сам отпишется — охраняет
    меня»: a third-person move word inside another player's words (:func:`said_by_other`)
    with no comma, colon or semicolon between «что» and it. That member tells of his own
    move; no order of the boss, nothing to ask («…, что охраняет меня, но …, поэтому за
    Лося: охраняет меня» is an order again)."""
    if not said_by_other(clause, i):
        return False
    for k in range(i - 1, -1, -1):
        if clause[k].w == "что":
            return True
        if clause[k].w == ":":  # «Шаман написал: ворует у Сонечки»
            return k > 0 and (reading := verb_reading(clause[k - 1].w)) is not None and \
                reading[0] in SAYING_VERBS
        if clause[k].w in (",", ";", ".", "!", "?"):
            return False
    return False


#: Words that may follow a bare «снимаю» in its clause: the vote put off, nothing more said
#: («Снимаю, пока хз», «Снимаю его, подумаю ещё»).
_BARE_WITHDRAWAL_TAIL = frozenset({
    "пока", "хз", "не", "знаю", "решил", "решила", "решу", "потом", "позже", "попозже",
    "подумаю", "ещё", "еще", "его", "её", "ее", "свой", "мой", "тогда", "лучше", "уже",
    "наверное", "вечером", "напишу", "допишу", "посмотрю", "и", "я", "а", "ну", "ладно"})


def _bare_withdrawal(clause: list[Tok], items: list[Item]) -> bool:
    """True when ``clause`` opens with a withdrawal word (:data:`V.WITHDRAW_WORDS`) and says
    nothing more than that the vote is put off (:data:`_BARE_WITHDRAWAL_TAIL`), right after a
    vote of the letter: «Голос за Сову. Снимаю, пока хз» takes that vote back, as «хотя нет,
    снимаю» does (never the vote kept in silence). Not «Снимаю квартиру»: more is said."""
    said = [t.w for t in clause if t.word]
    return bool(said) and said[0] in V.WITHDRAW_WORDS and \
        all(w in _BARE_WITHDRAWAL_TAIL for w in said[1:]) and \
        any(it.move is not None and it.move.action == "vote" for it in items)


def _taken_off(ctx: Ctx, clause: list[Tok], items: list[Item]) -> tuple[str, ...]:
    """What a correction with a withdrawal word and no move word («Хотя нет, Ваню снимаю»)
    takes back: the players it names who are targets of the letter's moves other than votes
    (and of no vote), when it names no vote; else every vote (``("*",)``)."""
    if any(t.w.startswith("голос") for t in clause):
        return ("*",)
    voted, other = set(), set()
    for it in items:
        if it.move is not None and it.move.action not in ("on_behalf", "delegate", "swindle"):
            (voted if it.move.action == "vote" else other).update(
                t for t in move_targets(it.move) if t)
    if not other:
        return ("*",)
    named = [h.nick for h, _, _ in names_in(ctx, clause) if h.nick is not None]
    if not named or any(n in voted or n not in other for n in named):
        return ("*",)
    return tuple(dict.fromkeys(named))


def _name_first(ctx: Ctx, clause: list[Tok], lo: int, hi: int) -> bool:
    """True when ``clause[lo:hi]`` is a nickname with only fillers and punctuation around
    it."""
    words = clause_words(clause)
    k = lo
    while k < hi and (not clause[k].word or clause[k].w in V.FILLERS):
        k += 1
    hit = nick_at(ctx, clause, words, k) if k < hi else None
    # «Страж пусть Сову охраняет»: a name right before the move word is that move's target
    return hit is not None and only_fillers(clause, k + hit.length, hi) and \
        any(not t.word for t in clause[k + hit.length:hi])


def _on_his_own(clause: list[Tok], j: int) -> bool:
    """«сам», «сама» right after a third-person move word, not «сам себя»: the player named
    as its subject makes the move himself; the letter only tells about it."""
    if j >= len(clause) or clause[j].w not in ("сам", "сама", "сами"):
        return False
    nxt = clause[j + 1].w if j + 1 < len(clause) else ""
    return nxt not in V.SELF_WORDS


def _today_turn(clause: list[Tok], lo: int, i: int) -> int | None:
    """The index of «а»/«но» in «…, а сегодня» between the move before (ending at ``lo``)
    and the move word at ``i``: the condition or plan before it is not this move's. None
    when the turn is not there."""
    for k in range(lo + 1, i):
        if clause[k].w == "сегодня" and clause[k - 1].w in ("а", "но") and \
                clause[k - 2].w == ",":
            return k - 1
    return None


def _others_choice(ctx: Ctx, clause: list[Tok], kw: Kw) -> bool:
    """True when ``kw`` is «выбирает» (a choice in the third person) and the sender's own
    name is not its subject right before it: «Так что Лосяш выбирает X» from Лосяш is his
    choice; «пусть сама и выбирает, кого вместо себя» is another's, no keyword at all."""
    if clause[kw.i].w not in lexicon().third:
        return False
    hits = names_in(ctx, clause[:kw.i], forms=True)
    return not (hits and hits[-1][2] == kw.i and hits[-1][0].nick == ctx.sender.nick)


def _keeps_watch(clause: list[Tok], kw: Kw) -> bool:
    """True when the guard's word ``kw`` is «сторожить» in the first person or infinitive
    («сторожу X», «посторожу X», «буду сторожить X»): from the witness, her night watch over
    the player (a night watchman's word), not a guard's protection she has not."""
    return any(clause[n].w.startswith(("сторож", "посторож", "постерег", "стерег"))
               and not third_person(clause[n].w) for n in range(kw.i, kw.j))


#: «возьму X, пусть у меня посидит»: the host's words of taking a guest home.
_TAKE_HOME = frozenset({"возьму", "беру", "заберу", "забираю"})
_AT_HOME = (("у", "меня"), ("ко", "мне"), ("к", "себе"))


def _taken_home(clause: list[Tok], kw: Kw) -> bool:
    """True when the host's choosing word ``kw`` is «возьму», «беру», «заберу» and the clause
    says the player stays at the sender's home («у меня», «ко мне», «к себе»): «Филина
    возьму, пусть у меня ночку посидит» is her invitation."""
    if kw.j - kw.i != 1 or clause[kw.i].w not in _TAKE_HOME:
        return False
    for n in range(len(clause) - 1):
        pair = (clause[n].w, clause[n + 1].w)
        if pair in _AT_HOME and (pair != ("у", "меня") or any(
                t.word and (is_verb(t.w) or t.w == "гостях") for t in clause[n + 2:n + 5])):
            return True  # («у меня интуиция»: no stay)
    return False


#: «Возьму X», «Беру X»: the host's words of taking a guest for the night, no home named.
_TAKE_GUEST = frozenset({"возьму", "беру", "заберу"})
#: Words that may stand between the taking word and its guest («Возьму сегодня X»).
_GUEST_GAP = frozenset({"сегодня", "ночью", "нынче", "тогда", "же", "и", "я", "лучше",
                        "пожалуй", "на", "ночь", "эту", "вечер"})


def _takes_guest(ctx: Ctx, clause: list[Tok], kw: Kw, kws: list[Kw]) -> bool:
    """True when the host's choosing word ``kw`` («возьму», «беру», «заберу») is the only
    keyword of its clause and a player is named right after it or right before it, opening the
    clause («Возьму Кузю.», «Кузю сегодня беру»): the psycho's or hostess's guest of the night
    when no event makes it a choice; a word of taking with anything else between is talk."""
    if kw.j - kw.i != 1 or clause[kw.i].w not in _TAKE_GUEST or len(kws) != 1 or kw.negated:
        return False
    for hit, a, b in names_in(ctx, clause, forms=True):
        if hit.nick is None and not hit.candidates:
            continue
        if a >= kw.j and all(clause[n].word and clause[n].w in _GUEST_GAP
                             for n in range(kw.j, a)):
            return b >= len(clause) or not clause[b].word or clause[b].w in _GUEST_GAP
        if b <= kw.i and all(clause[n].word and clause[n].w in _GUEST_GAP
                             for n in range(b, kw.i)) and \
                all(not clause[n].word or clause[n].w in _GUEST_GAP for n in range(a)):
            return True
    return False


def _same_part(clause: list[Tok], a: int, b: int) -> bool:
    """True when no comma, dash, colon or semicolon stands between tokens ``a`` and ``b`` and
    a verb of the guest's coming in the past stands there («ко мне в гости пришёл X» after
    «чтобы»: only :func:`engine.grammar_own.guest_comes` reads it)."""
    return not any(clause[n].w in (",", "—", ":", ";") for n in range(a, b)) and \
        any(clause[n].w in CAME for n in range(a, b))


def _host_home(ctx: Ctx, clause: list[Tok], start: int, stop: int):
    """The host's invitation in her own words (engine.grammar_own): «сегодня у меня Лёлик»,
    or told as the guest's coming («у меня гостит Мишаня», «пусть Гром заглянет на
    бокальчик»: the guest named before the verb, which reads no target after it)."""
    idx = name_index(ctx.nicks)
    home = hostess_home(clause, start, stop, idx, ctx.text, ctx.sender.role)
    if home is None:
        home = guest_comes(clause, start, stop, idx, ctx.text)
    return home


#: Words between an object said first and its verb («Хлестакова же и убиваем»).
_OBJECT_GLUE = frozenset({"же", "и", "тоже", "сегодня", "ночью"})

#: Words that join two clauses whose objects are said first («Шкафа проверяю, а Буку убиваем»).
_OBJECT_JOINS = frozenset({"и", "а", "но"})


def _objects_first(ctx: Ctx, clause: list[Tok], lo: int, kw: Kw, nxt: Kw) -> int | None:
    """«Шкафа проверяю, Буку убиваем», «Хлестакова — проверяю, Хлестакова же и убиваем»: a
    name right before ``kw`` (a dash or words of ``_OBJECT_GLUE`` between allowed) and, after
    a comma, a name right before the next keyword ``nxt``: each verb's object is said first,
    so ``kw`` reads nothing after the comma. The two may also be joined by «и» / «а» / «но», with or without the comma
    («Шкафа проверяю, а Буку убиваем», «Шкафа проверяю и Буку убиваем»). Returns the index of
    the comma or joining word, or None."""
    comma = k = kw.j
    if k < nxt.i and clause[k].w == ",":
        k += 1
    if k < nxt.i and clause[k].w in _OBJECT_JOINS:
        k += 1
    if k == comma or k >= nxt.i:
        return None
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, k)
    if hit is None:
        return None
    k += hit.length
    while k < nxt.i and clause[k].w in _OBJECT_GLUE:
        k += 1
    if k != nxt.i:
        return None
    end = kw.i - 1 if kw.i > lo and clause[kw.i - 1].w in ("—", "-") else kw.i
    while end > lo and clause[end - 1].w in _OBJECT_GLUE:
        end -= 1
    for s in range(lo, end):
        before = nick_at(ctx, clause, words, s)
        if before is not None and s + before.length == end:
            return comma
    return None


def _contrast_object(ctx: Ctx, clause: list[Tok], j: int, hi: int) -> int | None:
    """The index of «а» / «но» after the keyword ending at ``j`` when a nickname follows it
    and then «мы» / «я» («…, а Глазастика мы отправим к рыбам»): the name is the object of
    the new subject's verb, no target of the keyword before. None otherwise."""
    for k in range(j, hi - 2):
        if clause[k].w in ("а", "но"):
            hit = nick_at(ctx, clause, clause_words(clause), k + 1)
            if hit is not None and k + 1 + hit.length < hi and \
                    clause[k + 1 + hit.length].w in ("мы", "я"):
                return k - 1 if k > j and clause[k - 1].w == "," else k
    return None


def _untold_deed(ctx: Ctx, clause: list[Tok], cut: int, hi: int) -> Item | None:
    """The question for «а Сову мы отправим к рыбам» after the contrast at ``cut``: the
    verb after «мы» / «я» is in the present or future (not «а Кефира я вчера лечил»), no
    move word the parser knows. None when it is in the past."""
    k = cut + (clause[cut].w == ",")
    verbs = [t.w for t in clause[k + 2:hi] if t.word and is_verb(t.w)]
    if not verbs or any(past_tense(w) for w in verbs[:1]):
        return None
    return Item(clause[k].start, problem=problem(span(ctx.text, clause, k + 1, hi),
                                                 "unparsed", "which_move"))


#: What may stand after two joined move labels before the name they share.
_SHARED_MARKS = frozenset({":", "—", "–", "-", "в", "на", "за"})


def _shared_object(clause: list[Tok], kw: Kw, nxt: Kw) -> bool:
    """True when ``kw`` and ``nxt`` are two one-word move labels of different classes (nouns
    or slang, no verbs) joined by «и» or «+» alone, a dash, colon or preposition after the
    second («МО и голос — Бегемоту», «голос и мо на Кекса»): both moves name the player after
    them."""
    if kw.cls == nxt.cls or kw.j - kw.i != 1 or nxt.j - nxt.i != 1 or nxt.i != kw.j + 1 or \
            clause[kw.j].w not in ("и", "+") or nxt.j >= len(clause) or \
            clause[nxt.j].w not in _SHARED_MARKS or kw.negated or nxt.negated:
        return False
    return not any(verb_reading(clause[k].w) or is_verb(clause[k].w) or is_infinitive(clause[k].w)
                   for k in (kw.i, nxt.i))


#: Words of tonight before a detective's «смотрю на X» that make it his night's look.
_TONIGHT = frozenset({"ночью", "ночь", "нынче", "сегодня", "седня", "сегодняшней"})


def _night_look(clause: list[Tok], kw: Kw, first: set[str]) -> bool:
    """True when a look verb of the sender's own («смотрю», «посмотрю») is followed by «на»
    and told of tonight before it («Этой ночью смотрю на Ворона», «Сегодня посмотрю на
    X»): the detective's check; «смотрю на это и плачу» is no look of tonight."""
    return kw.j - kw.i == 1 and clause[kw.i].w in first and kw.j < len(clause) and \
        clause[kw.j].w == "на" and any(t.w in _TONIGHT for t in clause[:kw.i])


#: Verbs of dreaming: a move told after them in the clause was dreamed, not made.
_DREAMS = frozenset({"снилось", "приснилось", "снится", "приснится", "снился", "снилась",
                     "приснился", "приснилась", "снились", "приснились"})


def _dream_at(clause: list[Tok]) -> int | None:
    """The index of a verb of dreaming in ``clause`` («Снилось, что …», «во сне»), or None."""
    for k, t in enumerate(clause):
        if t.w in _DREAMS or (t.w == "сне" and k and clause[k - 1].w == "во"):
            return k
    return None


def _sender_goes(ctx: Ctx, clause: list[Tok], i: int) -> bool:
    """True when the clause names, before the move word at ``i``, the sender himself by a
    capitalised form of his nick (a pet form too: «Лосик» for Лосяш) and no other player,
    and a player after it:
    «А ночью Лосик тихонько берёт ружьё и идёт охотиться на X» is the sender's own move told
    in the third person."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    if not any(t.word and (idx.exact(words, k, None) is not None or
                           (t.cap and idx.approximate(t.w) is not None))
               for k, t in enumerate(clause) if k > i):
        return False  # (no player after the move word: «Снегурочка продолжает искать доктора»)
    own = False
    for k in range(i):
        t = clause[k]
        if not t.word:
            continue
        hit = idx.exact(words, k, None)
        if hit is None and t.cap:
            hit = idx.approximate(t.w)
        if hit is None:
            continue
        if hit.nick != ctx.sender.nick or not t.cap:
            return False
        own = True
    return own


def _kin_dictates(ctx: Ctx, clause: list[Tok], i: int) -> bool:
    """True when the words before the move word at ``i`` are the speech of a kin word
    («Бабуля говорит: …», «Дед велит, что …»: the kin word right before a verb of saying, or
    at most seven words before it with no comma or colon between, «Бабушка благодарит X и
    говорит: …») in a letter whose writer presents himself as a relative near its start («это
    Дима, внук Зинаиды Петровны») or names the elder who dictates: the sender dictates, the
    move is the sender's own."""
    if not dictated(ctx.text):
        return False
    for k in range(i - 1):
        if not (clause[k].word and V.kin_word(clause[k].w)):
            continue
        for v in range(k + 1, min(i, k + 9)):
            if not clause[v].word and clause[v].w in (",", ":", "—", "-", ";"):
                break
            if clause[v].word and (r := verb_reading(clause[v].w)) is not None and \
                    r[0] in SAYING_VERBS:
                return True
    return False



def _would_before_target(ctx, clause: list[Tok], kw: Kw, hi: int) -> bool:
    """True when «бы» (a subjunctive: «я бы предложил», «я бы выбрал») stands between the
    move word at ``kw`` and the first player named after it, with no comma between:
    «На линче я бы предложил X» weighs a choice, it makes none."""
    words = clause_words(clause)
    end = min(hi, len(clause))
    if "бы" not in words[kw.i + 1:end] and "б" not in words[kw.i + 1:end]:
        return False  # (no subjunctive after the move word: most clauses, no name looked up)
    for k in range(kw.i + 1, end):  # («на линче я бы выбрал»: one word)
        t = clause[k]
        if not t.word:
            if t.w == ",":
                return False
            continue
        if t.w in ("бы", "б"):  # («залп дал бы по нему же»: a pronoun's player too)
            return any(clause[n].word and (nick_at(ctx, clause, words, n) is not None or
                                           clause[n].w in V.PRONOUNS)
                       for n in range(k + 1, end))
        if nick_at(ctx, clause, words, k) is not None:
            return False
    return False


#: The word of a rage day («ярость»), as a two-vote line may open with it.
_RAGE_WORDS = frozenset({"ярость", "ярости"})

#: Words that open a sentence and say nothing of their own before a colon («Значит так: X и
#: Y», «Итак: X и Y», «Ну всё, короче: X, Y»): the day's two votes follow. Not «итого»:
#: the sum of votes said before (engine.textnorm_votes.vote_summary reads it).
_LEAD_FILLERS = frozenset({"значит", "так", "итак", "короче", "ну", "ладно", "в", "общем",
                           "вобщем", "тогда", "окей", "ок", "всё", "все"})


def _event_lead(ctx: Ctx, clause: list[Tok], start: int) -> int:
    """The index after «на ярость», «в ярость» or «ярость» (with a dash or colon after it)
    opening the clause at ``start`` on a rage day («на ярость степаныч и ириска»: the two
    votes follow), or after a lead of filler words ended by a colon («значит так: Лёха и
    Грей», «ярость так ярость: X + Y»); ``start`` itself otherwise."""
    k = start
    fillers = _LEAD_FILLERS | (_RAGE_WORDS if ctx.turn.event == "rage" else frozenset())
    while k < len(clause) and (clause[k].w in fillers or clause[k].w == ","):
        k += 1
    if k > start and clause[k - 1].word and k + 1 < len(clause) and clause[k].w == ":" and \
            any(t.word for t in clause[start:k]):
        return k + 1
    if ctx.turn.event != "rage":
        return start
    k = start
    if k < len(clause) and clause[k].w in ("на", "в", "во"):
        k += 1
    if k >= len(clause) or clause[k].w not in _RAGE_WORDS:
        return start
    k += 1
    while k < len(clause) and clause[k].w in (":", "—", "–", "-", ","):
        k += 1
    return k if k < len(clause) else start


#: Words after a name that make it the subject of a clause of its own («…, а сегодня Кир
#: пусть отдохнёт»).
_LET = frozenset({"пусть", "пускай"})


def _own_subject(clause: list[Tok], k: int) -> bool:
    """True when the word at ``k``, right after the name that follows «а сегодня», makes
    that name the subject of a clause of its own: «пусть» / «пускай» or a verb in the third
    person («Завтра проверю Буку, а сегодня Кир пусть отдохнёт», «…, а сегодня Кир
    отдыхает»). Then the name is no target of the plan's move made today."""
    if k >= len(clause) or not clause[k].word:
        return False
    return clause[k].w in _LET or third_person(clause[k].w)
