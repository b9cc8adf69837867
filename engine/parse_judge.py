"""What one keyword with its targets is (engine.parse): a move, a problem for the reply, or
chatter. The game settles a name that fits several players; the sender's role turns the
keyword into an action; refusing to vote gets the rule told (DECISIONS.md §6–7).
"""

from __future__ import annotations

import re

from dataclasses import replace

from . import grammar_vocab as V
from .grammar_rules import ASK, Actor, action_for, max_targets, problem, repeats_last
from .lexicon import lexicon
from .grammar_flags import later_before
from .grammar_gaps import armed
from .grammar_delegate import other_decides
from .grammar_plans import IF_WORDS, asks_how, considered, if_survive, past_wish, whether_clause
from .grammar_keywords import Kw, find_keywords
from .grammar_target_types import Targets
from .grammar_targets import read_targets
from .grammar_dropped import LIST_AND, dropped_before_remark
from .grammar_asides import role_or_nick
from .grammar_own import occasion_word
from .grammar_tokens import Tok, span
from .legality import fan_found
from .model import Move, Problem
from .words import (animate_noun, common_noun, first_singular, is_infinitive, is_known_word, is_noun, is_verb, morph,
                    past_tense, role_words, short_adjective, verb_reading)
from .roles import ROLE_CIVILIANS
from .parse_types import MEMBER_ROLES, Ctx, Item, names_in, unknown_name
from .names import name_index
from .parse_settle import settled_in_clause
from .parse_mortar import maniac_hunt_unsure, maniac_shot, mortar_said
from .parse_abstain import abstain, put_off
from .parse_award_talk import joins_forum_game


#: The first word of the «Страх» choice said as a plain sentence («пусть линчуют X»,
#: engine/lexicon/fear.toml): from anybody else than the chosen player it is talk.
_FEAR_TALK = frozenset({"пусть"})


#: Words of a «my move» heading before a colon or dash («Мой ход сегодня: …»).
_MOVE_HEAD = frozenset({"мой", "ход", "сегодня", "на", "эту", "ночь", "этой", "ночью",
                        "ночной", "сегодняшний"})


def _my_move_head(clause: list[Tok], i: int) -> bool:
    """True when the clause opens with «Мой ход (сегодня):» or «Ход —» right before the move
    word at ``i``: the sentence after it is the sender's night move, however worded."""
    if i < 2 or clause[i - 1].w not in (":", "—"):
        return False
    words = [t.w for t in clause[:i - 1]]
    return "ход" in words and all(w in _MOVE_HEAD for w in words)


#: Words that may stand between an imperative and «мне» («проверь-ка мне», «проверьте
#: пожалуйста мне»).
_FOR_ME_GAP = frozenset({"пожалуйста", "плиз", "ка", "уж"})


def _for_me(clause: list[Tok] | None, kw: Kw) -> bool:
    """True when the imperative move word at ``kw.i`` is followed by «мне» (the dative of
    whom it is done for: «Проверь мне X», «проверьте, пожалуйста, мне X») and then the target
    word: the sender asks the host to make his own move for him, no order to another player."""
    if clause is None:
        return False
    k = kw.i + 1
    while k < len(clause) and (not clause[k].word and clause[k].w == "," or
                               clause[k].w in _FOR_ME_GAP):
        k += 1
    return k + 1 < len(clause) and clause[k].w == "мне" and clause[k + 1].word


def _suggested_if(clause: list[Tok], i: int) -> bool:
    """True when a word of suggesting (:data:`engine.grammar_vocab.SUGGEST_WORDS`) stands
    before the infinitive at ``i`` and «если» after it, with no «бы» in the clause
    («Предлагаю убрать X, если он окажется ролевым»): the sender's move put forward on a
    condition the host cannot know, no wish."""
    return any(t.w in V.SUGGEST_WORDS for t in clause[:i]) and \
        any(t.w in ("если", "ежели") for t in clause[i + 1:]) and \
        not any(t.w in ("бы", "б") for t in clause)


def judge(ctx: Ctx, actor: Actor, kw: Kw, action: str | None, tg: Targets, text: str,
          flags: dict, on_behalf: bool, clause: list[Tok] | None = None) -> Item | None:
    """Decide what one keyword with its targets is: a move, a problem, or chatter (None)."""
    if action == "delegate":
        if clause is not None and kw.weak and other_decides(ctx, clause, kw.i):
            return None  # «Голос — Гимли, пусть решает за всех»: Гимли decides, no delegation
        return Item(0, move=Move("delegate"), tried="delegate")
    if kw.cls == V.GUARD and clause is not None and not tg.hits and _proverb_guard(clause, kw):
        return None  # «Люська пускай меня охраняет, береженого бог бережет»: the proverb
    if kw.cls == V.HEAL and clause is not None and not tg.hits and _flying(clause, kw):
        return None  # «У понеділок полечу у відпустку»: «лететь» somewhere, no heal
    if action == "vote" and clause is not None and _sounded_vote(clause, kw):
        said = _sounded_vote_said(clause, tg)
        if said is not True:
            # «Вот за Жору я бы не голосовал»: talk; «вот за Жору спасибо»: asked
            return None if said is None else \
                Item(0, problem=problem(text, "unparsed", "which_move"), tried="vote")
    if action is None and kw.cls == V.VISIT and actor.role == "hostess" and clause is not None \
            and not (kw.negated or kw.hypothetical or kw.reported) and _my_move_head(clause, kw.i):
        action = "invite"  # «Мой ход сегодня: иду к Мирону в гости»: her night with him
    if action is None and kw.cls == V.FEAR and clause is not None and \
            clause[kw.i].w in _FEAR_TALK:
        return None  # «пусть линчуют X» from a player «Страх» did not choose: talk
    if kw.imperative and not (action == "fear_choice" and tg.hits) and \
            not (action == "search" and tg.hits and _fan_asks_search(ctx, clause, kw)) and \
            not (action is not None and tg.hits and not on_behalf and _for_me(clause, kw)):
        # (not «Проверь мне Монолита»: the sender's own move asked of the host «for me»)
        # (not «ищу своего кумира, проверь пожалуйста Мяу» from the fan: her search, asked of
        # the host in the words of a check)
        # (the player «Страх» chose says «вешайте X» to all: that is his choice itself)
        # «Вылечи Маруську» from the doctor: a request in his own role's words, perhaps to
        # himself: ask. From a player who cannot make it, talk to another (no problem).
        if action is None and tg.hits and not (kw.negated or kw.hypothetical or kw.reported) \
                and asks_host(clause or [], kw):
            # «Ведущий, проверьте, пожалуйста, X» from a plain civilian: he asks the host for
            # a move his role has not: refused, so that the host answers
            return _refuse_role(kw, text, tg.hits[0][0].nick or "", actor.role)
        if action is None or not (tg.hits or tg.unknown) or kw.negated or kw.hypothetical or \
                kw.reported:
            return None
        # («Проверьте Кузьмича» with no such nick: asked as with a nick, never dropped)
        return Item(0, problem=problem(text, "unparsed", "imperative"), tried=action)
    if action is None and kw.reported and kw.weak:
        return None  # «перечитывал ветку в поисках союзников Ведьмы»: talk, no move word of his
    if kw.hypothetical is True and kw.weak and not (tg.hits and (
            _maybe(clause, kw.i) or _polite_wish(clause, kw.i) or _english_own(clause, kw.i) or
            past_wish(clause, kw.i) or considered(clause, kw.i))) \
            and \
            not (action is not None and (tg.hits or tg.pronoun) and _if_then(clause, kw.i)) \
            and not (action is not None and tg.hits and _suggested_if(clause, kw.i)) \
            and not (action not in (None, "vote") and tg.hits and tg.hits[0][0].kind != "self" and
                     _own_wish(clause, kw.i)):
        # (not «Предлагаю убрать X, если он окажется ролевым»: a move put forward on a
        # condition, asked)
        # (not «Если Барса не повесят — проверять его»: the move of a condition, asked)
        # (not «Убить бы X», «В X бы пальнуть, что ли»: the sender's own move wished for,
        # an order or a daydream? Asked, never dropped)
        return None  # «я бы Диму в пару взял»: a wish, not a move
        # (not «Может, Бастиона пошизить…»: a move weighed, asked)
    if action in ("fear_choice", "partner") and [h.nick for h, _, _ in tg.hits] == [actor.nick]:
        return None  # «Страх выбрал меня», «иммунитет у меня»: a statement
    if kw.cls == V.DELEGATE:
        # a boss writing «X оставил ход на моё усмотрение» reports, he does not order
        return None if actor.role == "boss" or kw.weak else _refuse_role(kw, text, role=actor.role)
    if action is None and kw.cls in (V.CHOOSE, V.AWARD):
        return None
    if action == "vote" and kw.cls == V.AWARD and tg.hits and clause is not None and \
            joins_forum_game(ctx.text, clause):
        # «На форуме все друг друга награждают. Я тоже номинирую X»: his part in the forum's
        # game or his vote by letter? Asked
        return Item(0, problem=problem(text, "unparsed", "unread"), tried="vote")
    if kw.cls == V.CHOOSE and clause is not None and clause[kw.i].w in lexicon().third and \
            not kw.own:
        return None  # «пусть сама и выбирает, кого вместо себя»: only «Лосяш выбирает X» from
        # Лосяш (his own name the subject) is his choice
    if action in ("vote", "fear_choice") and kw.cls == V.CHOOSE and clause is not None and \
            clause[kw.i].w not in ("выбираю", "выберу") and \
            (action == "vote" or clause[kw.i].w in ("беру", "возьму")):
        # («Ромео вчера выбрал Тыкву»: a story, not the appeal day's vote; «беру X» is the
        # pair of «Выбери меня!» only)
        return None
    if action is None and kw.cls == V.VISIT and kw.weak:
        if actor.mafia and tg.hits and clause is not None and armed(clause, kw.i):
            # «а я иду к Сове с ножом» from a boss: the clan's kill or his own look? Ask
            return Item(0, problem=problem(text, "unparsed", "which_move"), tried="clan_kill")
        return None  # «иду к Сове» from a player whose move is no visit: talk
    if action is not None and kw.cls == V.VISIT and clause is not None and tg.hits and \
            _visit_purpose(clause, tg.hits[-1][2]):
        # «Зайду к Буке поболтать» from the maniac: a visit whose purpose is told, and it is
        # no move — his kill or a chat? Asked, never the kill read
        return Item(0, problem=problem(text, "unparsed", "which_move"), tried=action)
    if action is None and kw.cls == V.WATCH and kw.weak and clause is not None and \
            kw.j < len(clause) and clause[kw.j].w == "на":
        return None  # «Смотрю на Старого Лиса» from the maniac: a look at him, no watch
    if action in ("check", "boss_check") and tg.thing and tg.hits and clause is not None and \
            not (kw.negated or kw.hypothetical or kw.reported) and \
            _thing_checked(clause, kw, tg.hits[0][1]):
        # «Проверю-ка я подвеску у Стёпы, а то стучит» from the detective: a thing of the
        # player's checked, talk of his car or the check on him? Asked (not «проверяю роль у X»)
        return Item(0, problem=problem(text, "unparsed", "unread"), tried=action)
    if action == ASK and mortar_said(ctx, clause):
        action = "mortar"  # «Миномёт мой! Шмаляю по X»: the holder fires what he just got
    elif action == ASK and maniac_shot(ctx):
        action = "maniac_kill"  # «Ночью стреляю в X» from the maniac, no hunt in the letter
    if action == ASK or (action == "hunt" and tg.hits and maniac_hunt_unsure(ctx, clause, kw.i, kw.j)):
        # («Сегодня охочусь на X» from the maniac, with no word of his kill: which move?)
        return Item(0, problem=problem(text, "unparsed", "kill_or_hunt"), tried="hunt")
    if tg.hits and flags["later"] and clause is not None and \
            later_before(clause, kw.j, tg.hits[0][1]):
        if _weighing(clause, kw.j, tg.hits[0][1]):
            return None  # «голос пришлю позже — пока думаю между Бозоном и Гелием»: put off,
            # the names only the ones he weighs
        # «голос пришлю позже пока думаю вороны умнее…»: put off, and the name may be talk
        return Item(0, problem=problem(text, "unparsed", "later"), tried=action or "")
    if tg.nobody and not tg.hits:
        # «Линч: никого», «голосую ни за кого»: no abstaining vote; «Линч пока никому,
        # подумаю до вечера», «второй голос пока никому» put the vote off (the later letter
        # brings it)
        return abstain(text) if action == "vote" and tg.nobody_named and \
            not flags["later"] and not (clause is not None and put_off(clause, kw.j)) else None
    if action == "search" and tg.roles and not tg.hits and (
            tg.unknown is None or (clause is not None and _role_sought(clause, kw, tg))):
        return _fan_role_only(ctx, tg, text)
    if not tg.hits:
        if tg.unknown is not None and tg.unknown[0] in _ENGLISH_THINGS and \
                tg.unknown[1] == kw.j and clause is not None and clause[kw.i].w.isascii():
            return None  # «kill it with fire», «check this out»: an English verb on «it» or
            # «this», a thing, never a player (a nick «It» is found as a name, not here)
        if action is None and clause is not None and whether_clause(clause, kw.j):
            return None  # «проверяю, дошло ли моё письмо» from a civilian: no player, no move
        if kw.reported and kw.weak and tg.unknown is None:
            return None  # «…что на меня откроют охоту»: somebody else's move, no name
        if tg.retracted and action is not None:
            return Item(0, problem=problem(text, "unparsed", "retracted", action=action),
                        tried=action)
        if tg.unknown is not None and (not kw.weak or (
                (tg.unknown_slot or (on_behalf and (kw.i < kw.j or tg.unknown[1] <= kw.j + 2)))
                and action is not None and
                not kw.reported and not kw.negated and kw.hypothetical is not True)):
            # (a boss's order with a move word for his member is an order by its form:
            # «Лис — воруй у Брауна» asks about «Брауна»; so is a name right after the
            # member, a dash or a preposition: «Лис — Фенька», «Лис — у Феньки»)
            # «голос за Васяна»: a word where the name goes that fits nobody is asked about
            if action is None:
                if clause is not None and _thing_phrase(clause, tg.unknown[1]):
                    return None  # «проверю логи деплоя» from a civilian: a thing, no player
                if clause is not None and tg.thing and not tg.hits and \
                        clause[tg.unknown[1] - 1].w != "у":
                    return None  # «проверю вечером погоду, если ясно — …», «лечим ухо, ЛОР
                    # сказал капли»: the verb's object is a thing, so a word after it is no
                    # player of a move his role has not (not «ворую мёд у Кузи»: whose it is)
                if clause is not None and not on_behalf and _of_another(ctx, actor, clause, kw):
                    return None  # «она всех зазывает на чай» from the thief: another's move
                    # told of, no player of his named (as with a player named, below)
                if not on_behalf and not tg.unknown[0][:1].isupper() and \
                        _daydream(actor, kw, clause):
                    return None  # «завтра проверю сварочник перед сменой» from a civilian:
                    # a plan of a move he has not, on a word in lower case that fits no
                    # player (as with a player named, below; not «завтра проверю Васю»)
                return _refuse_role(kw, text, role=actor.role)
            asked = Item(0, problem=unknown_name(ctx, text, tg.unknown[0], action), tried=action,
                         occasion=action == "invite" and clause is not None and
                         occasion_word(clause, tg.unknown[1], kw.j))
            if action == "vote" and ctx.turn.votes_per_player == 2 and clause is not None and \
                    (second := _named_after_unknown(ctx, actor, clause, tg)) is not None:
                # «Линч: Васятка и Бука» on a two-vote day: the vote for Бука stands and
                # «Васятка» is asked, as for «Бука, Васятка» (never both dropped)
                return _kept_votes(ctx, second.hits, second, text, asked)
            return asked
        if flags["other_day"] is False and flags["later"] and not flags["keep"] and \
                action is not None and clause is not None and \
                _put_off_among(ctx, clause, kw):
            # «Напротив живут Ромашка и Кефир. За кем смотреть — решу ночью»: a choice
            # among the players just named, put off: asked, never dropped
            return Item(0, problem=problem(text, "unparsed", "later"), tried=action)
        if action is not None and not kw.weak and clause is not None and \
                _another_named(clause, kw) and not (kw.negated or kw.hypothetical or kw.reported):
            # «всё как вчера, только бью другого»: a new target, and no name: asked
            return Item(0, problem=problem(text, "unparsed", "no_target"), tried=action)
        if clause is not None and not (kw.negated or kw.hypothetical or kw.reported) and \
                not flags["other_day"] and (word := _person_slot(clause, kw)) is not None and \
                (action is not None or kw.cls == V.PARTNER):
            # «беру в пару папку», «вломлю кексу»: the word stands where only a player goes
            if action is None:
                return _refuse_role(kw, text, role=actor.role)
            return Item(0, problem=unknown_name(ctx, text, word, action), tried=action)
        if action is not None and clause is not None and kw.cls != V.PARTNER and \
                not (kw.negated or kw.hypothetical or kw.reported) and \
                not flags["other_day"] and _being_slot(clause, kw):
            # «бью мишку» from the thug: whom? Asked (dropped when the letter makes that
            # move on a player too: «лечу собаку, а в игре лечу X»)
            return Item(0, problem=problem(text, "unparsed", "no_target"), tried=action)
        if tg.described and flags["keep"] and action is not None and not kw.negated:
            # «Голос тот же, что у Лося»: kept as another's, not as the sender's own: asked
            return Item(0, problem=problem(text, "unparsed", "pronoun"), tried=action)
        if flags["other_day"] is False and (flags["keep"] or flags["later"]) and \
                not (flags["later"] and not flags["keep"] and action is not None and
                     clause is not None and _shrug_after_aim(clause, kw)):
            return None  # «линч прежний», «линч потом напишу»: no problem
            # (not «в капитана мб стрельну хз»: a shrug after a move aimed, asked)
        if flags["other_day"] is False and flags["abstain"]:
            # «Линч: воздержусь»; «воздерживаюсь от голосования»: the keyword's comma segment
            # is quoted, not the keyword alone
            whole = _segment(ctx, clause, kw) if clause else text
            return abstain(whole if len(whole) > len(text) else text) if action == "vote" else None
        if tg.statement and not flags["other_day"]:
            return None  # «Мирная охота — это зло»: a statement about the move
        if tg.thing and not flags["other_day"] and not tg.pronoun:
            return None  # «Проверю почту вечером»: the verb's object is no player
        if tg.described and action is not None and not kw.negated:
            return Item(0, problem=problem(text, "unparsed", "pronoun"), tried=action)
        if kw.weak and kw.cls != V.VISIT and tg.roles and tg.roles[0] in _HIDDEN_ROLES and \
                tg.role_at[0] <= kw.j + 2 and tg.unknown is None and \
                action not in (None, "search") and \
                not (kw.negated or kw.reported or kw.hypothetical) and not flags["other_day"]:
            # «Голос — за доктора», «Убийство: Доктор»: a role where the player goes; the
            # host knows no player by his hidden role: asked, never dropped (not «Иду к
            # врачу»: a visit to a doctor is talk; a strong move word asks anyway, no_target)
            return Item(0, problem=problem(text, "unparsed", "role_target"), tried=action)
        if kw.weak and action is not None and tg.pronoun and not flags["other_day"] and \
                _pronoun_right_after(clause, kw, tg.end):
            # «Слежу за Васей. Голос — за него же» where «него» may be two players: asked,
            # never dropped
            return Item(0, problem=problem(text, "unparsed", "pronoun"), tried=action)
        if (kw.weak or action is None) and not flags["other_day"] and \
                not (action is not None and (_heading_alone(clause, kw) or flags.get("joined"))):
            return None
        if action is None and kw.cls in (V.CHOOSE,):
            return None
        reason = "other_day" if flags["other_day"] else ("pronoun" if tg.pronoun else "no_target")
        if flags["skip"] and reason == "pronoun":
            return None
        if reason == "no_target" and clause is not None and _subordinate(clause, kw.i):
            return None  # «все умирают не там, где я лечу»: the verb of a subordinate clause
        if reason == "no_target" and clause is not None and _said_not(ctx, clause, kw):
            # «МО: нет», «нет, не на МО, просто бью X», «охоту вашу пока не понял»: the move
            # said not made, no player named: nothing to ask
            return None
        if reason == "no_target" and clause is not None and _untimely(clause, kw):
            return None  # «ещё рано в первый день стрелять»: when the move fits, no player
        if reason == "no_target" and clause is not None and _move_talked_of(clause, kw):
            # «мирная охота сегодня не нужна», «мирная охота вчера попала куда надо»: the
            # move's noun is what the sentence is about, no player named: talk
            return None
        if reason == "no_target" and clause is not None and \
                _skipped_right_after(clause, kw):
            return None  # «Линч — пас», «МО: пас»: the move skipped, as «На линче пас»
        return Item(0, problem=problem(text, "unparsed", reason), tried=action or "")
    if action is None and not on_behalf and _daydream(actor, kw, clause):
        # «мб завтра проверю X», «я бы проверил X» from a civilian: a daydream of a move he
        # has not (not «если можно, проверяю X»: he tries it, and is told); «если завтра
        # буду жив, проверю X» from anyone: a plan for a day he may not see
        return None
    if action is None and kw.weak and not on_behalf and clause is not None and \
            asks_how(clause, kw.j):
        # «посмотрю, что скажет X в свою защиту» from a player with no such move: a verb of
        # everyday speech whose object is a clause about how things are (asked of a player
        # who has the move, engine.grammar_plans.asks_how); no order, so no refusal either
        # (a strong move word, «проверю, чем дышит X», is still refused)
        return None
    if action is None and kw.weak and tg.thing and \
            all(h.nick == ctx.sender.nick for h, _, _ in tg.hits):
        return None  # «пошёл искать лошадку в тумане» from «Ёжик в тумане»: talk of a thing
    if action is None and kw.cls == V.PARTNER and clause is not None and \
            kw.j - kw.i == 1 and clause[kw.i].w.startswith("иммунитет") and \
            not any(t.word and first_singular(t.w) for t in clause):
        return None  # «Спасибо Катюше за иммунитет», «ИММУНИТЕТ СОВЕ» from a player who has
        # none: who got the immunity, no pair of his (not «…, но выбираю в пару X»: refused)
    if action is None and kw.cls == V.PARTNER and clause is not None and \
            (_couple_of(clause, kw) or _thanks_before(clause, kw) or
             _mortar_of_another(clause, kw, tg)):
        return None  # «задал пару точных вопросов Доценту»: a quantity; «Спасибо Кате за
        # пару!»: thanks for the pair she was chosen into, no pair of his
    if action is None and kw.cls == V.MORTAR and clause is not None and \
            _mortar_of_another(clause, kw, tg):
        return None  # «у неё миномёт, пусть сидит тихо»: who holds the mortar, no shot
    if flags["keep"] and not flags["other_day"] and clause is not None and \
            _stays_as_written(clause):
        return None  # «Наблюдение за Кротом и голос остаются, как писала»: the earlier
        # letter's moves stand as they are (DECISIONS.md §8), nothing new is named
    if action is None and clause is not None and 0 < kw.i and kw.j < len(clause) and \
            clause[kw.i - 1].w == "," and clause[kw.j].w == "," and kw.j - kw.i == 1:
        return None  # «а сегодня, смотрю, переключился на X»: a parenthetical word, no move
    if action is None and not on_behalf and clause is not None and \
            _of_another(ctx, actor, clause, kw):
        return None  # «Лось весь день защищает Санька», «…, пусть бьёт себя дальше»: talk
    if action is None and clause is not None and not on_behalf and \
            (_told_past(clause, kw, tg) or _home_remedy(ctx, clause, kw, tg) or
             _thing_then_aside(clause, kw, tg) or _we_shall_see(clause, kw, tg) or
             _thing_after(clause, kw, tg) or _all_along(clause, kw) or _likened(clause, kw) or
             _thing_sought(clause, kw) or _mettle_tested(clause, kw)):
        return None  # «вчера по Страху отправил X», «лечу себя чаем с мёдом»: everyday talk
        # («X кажется мирной, проверю на ней свою теорию»: a thing checked, X talked of)
    if action is None and kw.weak and clause is not None and _lower_namesake(ctx, clause, tg):
        return None  # «Пока стоим на якоре, …» beside «Проверяю Якоря»: a common noun, the
        # nick's namesake, after a word that is a move only with a name (not «Ворую у
        # маяка!» from a civilian: a strong move word, refused)
    if action is None and clause is not None and _calls_by_name(clause, kw, tg):
        return None  # «я её так про себя зову», «зову Лося котиком» from a player who is no
        # hostess: what he calls a player, no invitation tried
    if action is None:
        one = tg.hits[0][0].nick if len(tg.hits) == 1 else None
        return _refuse_role(kw, text, one or "", actor.role)
    if action == "invite" and clause is not None and tg.hits and \
            (home := [hit for hit in tg.hits if _at_home(ctx, clause, hit)]):
        # «пригласить X к себе, у меня …», «зову к себе — у меня марафон»: where the guest
        # goes, not whom she invites (never the hostess herself)
        tg.hits = [hit for hit in tg.hits if hit not in home]
        if not tg.hits:
            return None
    if action == "invite" and clause is not None and tg.hits and _calls_by_name(clause, kw, tg):
        return None  # «Про себя зову Лося котиком»: what she calls him, no invitation
    if tg.alternative and len(tg.hits) == 1:
        # «вместо меня лис или петя хз ладно петя»: «или» offers another player the reading
        # did not take: which one is meant is asked, never the first taken silently
        return Item(0, problem=problem(text, "unparsed", "alternative"), tried=action)
    if tg.alternative and len(tg.hits) > 1:
        names = tuple(dict.fromkeys(c for h, _, _ in tg.hits
                                    for c in (h.candidates if h.nick is None else (h.nick,))))
        # (the asked move's action kept: the player's answer «Гошу» makes it, engine.parse_answer)
        return Item(0, problem=problem(text, "ambiguous", "alternatives", candidates=names,
                                       action=action), tried=action)
    if action != "vote" and len({h.nick for h, _, _ in tg.hits}) == 1 and tg.hits[0][0].nick:
        tg.hits = tg.hits[:1]  # «ищу в Сове — совы же по ночам не спят»: one player, once
    most = max_targets(action, ctx.turn)
    if action == "vote" and most == 1 and clause is not None and _said_again_with_za(clause, tg):
        tg.hits = tg.hits[:1]  # «за тапка за тапка» on a one-vote day: one player said twice
    if action == "vote" and len(tg.hits) > most and clause is not None and \
            (one := _restated(clause, tg)) is not None:
        tg.hits = [one]  # «Голосую за Медведя — за Bear'а»: one player restated, one vote
    if action != "vote" and len(tg.hits) > most and clause is not None and \
            _apposed_only(clause, tg) and (one := _one_of_all(tg)) is not None:
        tg.hits = [one]  # «Проверяю Саныча, Анатолия»: a pet name, then the given name that
        # fits him among others: one player named twice, not a second target
    if on_behalf and len(tg.hits) > most and clause is not None:
        # «Медведь охраняет меня — за Медведя ставлю ход»: «за» and the member himself say
        # for whom the boss writes the move, no second target
        tg.hits = [(h, i, j) for h, i, j in tg.hits
                   if not (i > 0 and clause[i - 1].w == "за" and h.nick == actor.nick)] or tg.hits
    if len(tg.hits) > most and clause is not None and \
            (told := [(h, i, j) for h, i, j in tg.hits if _relay_addressee(clause, i, j)]) and \
            len(tg.hits) - len(told) >= 1:
        # «убиваем Ёжика, Димону передай, что я за»: the player the host is asked to tell
        # something (a dative name right before «передай», «скажи») is no second target
        tg.hits = [hit for hit in tg.hits if hit not in told]
    if action not in ("vote", "watch") and len(tg.hits) > most and clause is not None and \
            (avenged := [(h, i, j) for h, i, j in tg.hits if _avenged(ctx, clause, h, i)]) and \
            len(tg.hits) - len(avenged) >= 1:
        # «стреляю в Бобра, за Максика» with Максик dead: for whom he takes revenge, the
        # reason of the shot, never a second target (a dead player can be no target at all)
        tg.hits = [hit for hit in tg.hits if hit not in avenged]
    if len(tg.hits) > most and clause is not None and _repeated_in_joke(clause, tg, most):
        tg.hits = tg.hits[:most]  # «Голоса — Ёжик и Туман, пусть
        # ёжик в тумане и потеряется»: a pun on a name already listed, no third vote
    if len(tg.hits) > most:
        if all(h.nick is not None and h.nick not in ctx.alive for h, _, _ in tg.hits):
            # «Линч: Кир, Ягуар», both already out: that is what the player must be told
            return Item(0, problem=problem(text, "not_allowed", "target_dead", action=action,
                                           target=tg.hits[0][0].nick), tried=action)
        reason = "too_many_votes" if action == "vote" else "too_many_targets"
        return Item(0, problem=problem(text, "not_allowed", reason, action=action, role=actor.role),
                    tried=action)
    taken = {i for _, i, _ in tg.hits}
    tg.hits = [(settled_in_clause(ctx, actor, action, h, i, j, clause, i + 1 not in taken), i, j)
               for h, i, j in tg.hits]
    if clause is not None and any(h.nick is not None and role_or_nick(clause, i, j, h.nick)
                                  for h, i, j in tg.hits):
        # «Убиваем доктора» with a player named Доктор: the role or the player? Asked
        return Item(0, problem=problem(text, "unparsed", "role_or_nick"), tried=action)
    bad = [h for h, _, _ in tg.hits if h.nick is None]
    if bad:
        asked = Item(0, problem=problem(text, "ambiguous", "ambiguous",
                                        candidates=bad[0].candidates, action=action), tried=action)
        good = [(h, i, j) for h, i, j in tg.hits if h.nick is not None and h.nick in ctx.alive]
        if action != "vote" or ctx.turn.votes_per_player < 2 or not good:
            return asked
        # «Два голоса: Таню и Бармалея» with two Tanyas: the vote for Бармалей stands, the
        # other one is asked about
        return _kept_votes(ctx, good, tg, text, asked)
    targets = [h.nick for h, _, _ in tg.hits]
    if action == "vote" and len(targets) == 2 and targets[0] == targets[1] and \
            clause is not None and (kept := _one_player_two_words(clause, tg.hits)) is not None:
        # «голоса гусь и гусёнок» with ИП Гусев and Гусёнок alive, both words read as
        # Гусёнок: two players named, one found; the vote on the surer reading stands, the
        # other is asked about (never both votes on one player unsaid)
        asked = Item(0, problem=problem(text, "unparsed", "second_vote", action=action),
                     tried=action)
        return _kept_votes(ctx, [kept], tg, text, asked)
    living = [(h, i, j) for h, i, j in tg.hits if h.nick in ctx.alive]
    if action == "vote" and len(targets) > 1 and living and len(living) < len(tg.hits):
        # «Голоса: X и Y» on a two-vote day, X dead: the vote for Y stands, X's is refused
        dead = next(t for t in targets if t not in ctx.alive)
        refused = Item(0, problem=problem(text, "not_allowed", "target_dead", action=action,
                                          target=dead), tried=action)
        return _kept_votes(ctx, living, tg, text, refused)
    for t in targets:
        if t not in ctx.alive:
            return Item(0, problem=problem(text, "not_allowed", "target_dead", action=action,
                                           target=t), tried=action)
        if repeats_last(ctx.state, actor, action, t):
            return Item(0, problem=problem(text, "not_allowed", "same_target_twice",
                                           action=action, target=t), tried=action)
    if action == "check" and actor.role == "fan" and kw.cls == V.CHECK and clause is not None \
            and _asks_role(clause) and _fan_found(ctx, actor):
        # «Проверяю, не детектив ли X» from a fan who found the detective and still has her
        # earned check: the search wording of her role letter, and a search is over once she
        # found (DECISIONS.md §5 Fan); never her one check spent by that wording. Refused (her
        # check kept), and a move she cannot make does not exclude her hunt
        return Item(0, problem=problem(text, "not_allowed", "search_after_found",
                                       action="search", target=targets[0]))
    if action == "search" and kw.cls != V.CHECK and actor.role == "fan" and \
            ctx.sender.role == "fan" and not _fan_found(ctx, actor) and said_found(ctx.text):
        # «Доктора я нашла, проверку потратила. Тогда ищу маньяка у X»: the fan says she
        # found her role, so her search is over (DECISIONS.md §5 Fan) though the host's
        # record does not say so yet: refused, never applied as a search («Проверяю X»
        # after such words is the earned check she claims: the rules below)
        return Item(0, problem=problem(text, "not_allowed", "already_found"), tried=action)
    if action == "search" and kw.cls == V.CHECK and _fan_found(ctx, actor):
        # «Проверяю X» from a fan who found her role and used her earned check: no search
        # any more (DECISIONS.md §5 Fan), and no check left; a move she cannot make at all
        # does not exclude her hunt
        return Item(0, problem=problem(text, "not_allowed", "fan_check_used", action="check",
                                       target=targets[0]))
    if action == "search" and kw.cls == V.CHECK and clause is not None and (
            _checks_for_mafia(clause, tg.end) or _claims_found(ctx.text)):
        # («нашла комиссара, теперь моя очередь проверять: проверяю X»: the earned check she
        # believes she has, not her search; the state says she has none)
        # «Проверяю X на мафию» from a fan with no earned check: a check she has not, not
        # her search for the detective; refused, never read as the search
        return Item(0, problem=problem(text, "not_your_role", "not_your_role", action="check",
                                       target=targets[0]))
    if action == "vote" and len(targets) == 1 and ctx.turn.votes_per_player == 2 and \
            tg.dropped is not None:
        # «голоса шадоу и гром» where «гром» fits no nick: two names, one read; the vote
        # for Shadow stands, the other name is asked about (never one vote unsaid)
        word = tg.dropped[0]
        if name_index(ctx.nicks).exact([word.lower().replace("ё", "е")], 0, None) is not None:
            # «голосую тимофей сова остальные …»: a roster nick beside the vote, no mark
            # between (engine.grammar_targets._unpunctuated_pair): the second vote or the
            # subject of what follows, asked as a move not understood, not as a name not found
            asked = Item(0, problem=problem(text, "unparsed", "unread_name", action=action),
                         tried=action)
        else:
            asked = Item(0, problem=unknown_name(ctx, text, word, action), tried=action)
        return _kept_votes(ctx, tg.hits, tg, text, asked)
    if len(targets) == 1 and action != "vote" and clause is not None and \
            dropped_before_remark(clause, tg.dropped):
        # «Убиваем Бублика и Васю — полнолуние же», «Проверяю X и Васю: …»: a second name
        # after «и» that fits no nick, a remark after it; the whole move is asked, as it is
        # when the list ends the sentence (it kept X and dropped the other name unsaid)
        return Item(0, problem=unknown_name(ctx, text, tg.dropped[0], action), tried=action)
    if action == "vote" and len(targets) == 1 and ctx.turn.votes_per_player == 2 and \
            clause is not None and _both_votes(clause, kw, tg.end):
        targets = targets * 2  # «оба голоса — Шурику» on a two-vote day: both on one player
    move = _make_move(ctx, action, targets, tg, text)
    if isinstance(move, Problem):
        return Item(0, problem=move, tried=action)
    return Item(0, move=move, tried=action)


def _one_player_two_words(clause: list[Tok], hits) -> tuple | None:
    """The hit to keep when the two hits of a list of votes read one player from two
    different words («гусь и гусёнок»; not the same word twice, «Лось и Лось»): the one read
    exactly when the other is not, else the first; None when the words are the same."""
    (a, i, j), (b, m, n) = hits
    if [t.w for t in clause[i:j]] == [t.w for t in clause[m:n]]:
        return None
    if b.kind == "exact" and a.kind != "exact":
        return hits[1]
    return hits[0]


#: Prepositions that make «меня», «мне», «себя», «себе» the hostess's home, not her guest.
_HOME_PREPS = frozenset({"у", "к", "ко"})


def _visit_purpose(clause: list[Tok], end: int) -> bool:
    """True when the visited player's name (ending at token ``end``) is followed, at most two
    words between and no mark, by an infinitive that is no move word of the lexicon: the
    visit's purpose told («зайду к Буке поболтать», «загляну к Сове ночью чаю попить» — not
    «зайду к Буке прирезать», whose infinitive is the move; a verb of another tense or «и»
    between ends the look: «навестить X и унести веер» is the visit's own deed)."""
    for k in range(end, min(len(clause), end + 3)):
        t = clause[k]
        if not t.word:
            return False
        if is_infinitive(t.w):
            return t.w not in lexicon().words
        if is_verb(t.w) or t.w in ("и", "да"):
            return False  # («навестить Филина и облегчить его карманы»: the deed joined by
            # «и», the visit's own doing, not a purpose apart)
    return False


def _at_home(ctx: Ctx, clause: list[Tok], hit) -> bool:
    """True when an invitation's target is the sender read from «у меня», «ко мне», «к
    себе»: the place the guest goes to."""
    h, i, _ = hit
    return h.kind == "self" and h.nick == ctx.sender.nick and i > 0 and \
        clause[i - 1].w in _HOME_PREPS


def _restated(clause: list[Tok], tg: Targets):
    """The one hit of a vote's names that all name one player in other words — each that
    player, or a word that fits him among others («за Кота — за Kot_Matros'а»: the second
    name says which): the player written again to make sure, one vote. None when two players
    are named, or one written the same way twice («голос зяблик зяблик»: two votes meant?)."""
    sure = {h.nick for h, _, _ in tg.hits if h.nick is not None}
    if len(sure) != 1 or len({tuple(t.text.lower() for t in clause[i:j])
                              for _, i, j in tg.hits}) == 1:
        # (as written: «нитку.лену — nitka.lena» are two spellings though the merged
        # tokens of a nick share one key)
        return None
    nick = next(iter(sure))
    if any(h.nick is None and nick not in h.candidates for h, _, _ in tg.hits):
        return None
    return next(hit for hit in tg.hits if hit[0].nick == nick)


#: What may stand between two names of one player said twice in a role move: a comma, a
#: dash, a bracket (never a word of a list: «и», «а», «+», «/»).
_APPOSITION_MARKS = frozenset({",", "—", "–", "-", "(", ")"})


#: The readings of a name several players may carry as one of their names (a given name, a
#: pet form, a word of a multi-word nick: engine.names_hit.NameHit.kind).
_SHARED_KINDS = frozenset({"name", "pet", "part"})


def _one_of_all(tg: Targets):
    """The one hit of the names read that names one player for sure when every other name
    fits that player too, as a given name, a pet form or a word of a nick that others
    share («Анатолия» for Анатолий Саныч and Толик-Кольцо); None when no name is sure, two
    sure names are of two players, or another name is a case form two nicks share («Кира»:
    Кира, or Кир's genitive: «Кира, Киру» may name two players, asked)."""
    sure = {h.nick for h, _, _ in tg.hits if h.nick is not None}
    if len(sure) != 1:
        return None
    nick = next(iter(sure))
    if any(h.nick is None and (nick not in h.candidates or h.kind not in _SHARED_KINDS)
           for h, _, _ in tg.hits):
        return None
    return next(hit for hit in tg.hits if hit[0].nick == nick)


def _apposed_only(clause: list[Tok], tg: Targets) -> bool:
    """True when the names read as ``tg``'s hits stand side by side with only a comma, a
    dash or a bracket between each two («Сыр, Валентин», «другого Максима — Максима
    Карточкина», «Любовью (Зоотехник Люба)»): an apposition, the way a player is named
    again in other words; a word between (a list's «и», «а», «+», a verb) is no such
    apposition."""
    ordered = sorted(tg.hits, key=lambda h: h[1])
    for (_, _, end), (_, start, _) in zip(ordered, ordered[1:]):
        between = clause[end:start]
        if not between or any(t.word or t.w not in _APPOSITION_MARKS for t in between):
            return False
    return True


#: Verbs of passing words on to a player through the host («…, Димону передай, что я за»).
_RELAY_VERBS = frozenset({"передайте", "передай", "скажите", "скажи", "напишите", "напиши",
                          "сообщите", "сообщи", "шепните", "шепни"})


def _relay_addressee(clause: list[Tok], i: int, j: int) -> bool:
    """True when the name at ``clause[i:j]`` comes after a comma and right before a verb of
    passing words on («убиваем Ёжика, Димону передай, что я за»): the one to be told."""
    return 0 < i and clause[i - 1].w == "," and j < len(clause) and clause[j].w in _RELAY_VERBS


def _avenged(ctx: Ctx, clause: list[Tok], hit, i: int) -> bool:
    """True when the name at ``clause[i]`` (read as ``hit``) is written right after «за» and
    names a dead player (one of its readings: «Максика» for the dead Max Payne or the living
    Максимус) («бью Кузю за Петю», «стреляю в Бобра, за Максика»): the one avenged, the
    reason of a move on another player (never a vote's or a watch's: their target takes
    «за»)."""
    if not (0 < i and clause[i - 1].w == "за"):
        return False
    nicks = (hit.nick,) if hit.nick is not None else hit.candidates
    return any(n in ctx.state.players and n not in ctx.alive for n in nicks)


def _repeated_in_joke(clause: list[Tok], tg: Targets, most: int) -> bool:
    """True when the names read past the first ``most`` are each written in lower case after
    a comma and name a player already read: a word play on his nick after the list («Гость и
    Ветер, ветер в голове у обоих»), not one more target."""
    kept = {h.nick for h, _, _ in tg.hits[:most]}
    first_extra = tg.hits[most][1]
    comma = any(clause[n].w == "," for n in range(tg.hits[most - 1][2], first_extra))
    return None not in kept and comma and all(h.nick in kept and not clause[i].cap
                                              for h, i, _ in tg.hits[most:])


def _both_votes(clause: list[Tok], kw: Kw, end: int) -> bool:
    """True when «оба» / «два» stands right before the vote noun at ``kw`` («оба голоса
    Шурику», «два голоса — Кузе», «оба моих голоса за X») and its one name ends the clause:
    both votes go to that player."""
    before = [t.w for t in clause[max(0, kw.i - 2):kw.i] if t.word]
    if not before or not ({"оба", "обa", "два", "обоими", "двумя"} & set(before)):
        return False
    if before[-1] not in ("оба", "два", "обоими", "двумя", "моих", "мои", "своих", "свои"):
        return False
    # «два голоса, но уверен только в одном: X», «два голоса но знаю только одного — X»: the
    # writer says he has two and gives one, not both to X
    between = [t.w for t in clause[kw.i + 1:end] if t.word]
    if _ONE_OF_TWO & set(between) or sum(w not in _TO_WORDS for w in between) > 2:
        return False
    return all(not t.word for t in clause[end:])


#: Words between «два голоса» and its player saying one vote is given («только в одном»).
_ONE_OF_TWO = frozenset({"один", "одного", "одном", "одним", "одну", "только", "но", "а", "пока"})
#: Words that may stand between «оба голоса» and its player («оба голоса отдаю за X»).
_TO_WORDS = frozenset({"за", "на", "против", "в", "идут", "уходят", "отдаю", "кидаю", "даю", "ставлю"})


#: Words of the clan side a check looks for («на мафию», «на клан», «мафия ли он»).
_MAFIA_WORDS = ("маф", "клан", "злод", "черн")


#: A fan's words that she found the role she searched for («я нашла комиссара», «нашла
#: детектива!»): her «проверяю X» is then the earned check, never a search.
_FOUND = re.compile(r"(?<!не\s)\bнашл[аи]?\s+(?:наконец\s+|таки\s+)?(?:комиссар|детектив|шериф|кома\b|коммиссар)")


#: A fan's claim of an earned check of her own («хочу использовать свою проверку», «мне же
#: положена проверка», «трачу заработанную проверку»): the check she believes she has.
_OWN_CHECK = re.compile(
    r"(?<!\w)(?:(?:сво[юяей]|положен\w*|заработанн?\w*|заслуженн?\w*|собственн\w*|наградн\w*)"
    r"\s+(?:\w+\s+)?проверк|(?:использ|трач|потрач|юза|пользу)\w*\s+(?:(?:сво|мо|эт)\w*\s+)?"
    r"(?:\w+\s+)?проверк)")


def _claims_found(text: str) -> bool:
    """True when the letter says its writer found the detective (:data:`_FOUND`) or claims
    an earned check of her own (:data:`_OWN_CHECK`) in a sentence with no word of denial."""
    low = text.lower().replace("ё", "е")
    if _FOUND.search(low) is not None:
        return True
    if "проверк" not in low:
        return False
    for m in _OWN_CHECK.finditer(low):
        # the claim's own sentence says no «не»/«нет» («свою проверку я ещё не заработала»)
        start = max(low.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        ends = [e for e in (low.find(c, m.end()) for c in ".!?\n") if e >= 0]
        if _NO_WORD.search(low, start, min(ends, default=len(low))) is None:
            return True
    return False


#: The fan's spending the check that finding her role earns her («проверку потратила»,
#: «проверку уже использовала»).
_CHECK_SPENT = re.compile(r"(?<!\w)проверк[уа](?:\s+\w+){0,2}?\s+(?:потратил|использовал|"
                          r"истратил|израсходовал)")

#: Beginnings of the role words the fan finds («комиссара», «доктора», «врача», «маньяка»).
_ROLE_FOUND = ("комиссар", "детектив", "шериф", "доктор", "врач", "док", "лекар", "хозяйк",
               "стерв", "шизик", "психа", "громил", "свидетел", "маньяк", "кома")

#: The past forms of «найти» said by the fan of herself.
_FOUND_FORMS = frozenset({"нашла", "нашел", "нашли", "нашлa"})

#: Words that make a finding said no fact («если нашла», «нашла бы», «нашла ли»).
_NOT_FACT = frozenset({"бы", "если", "ли", "не", "нет", "ни"})


def said_found(text: str) -> bool:
    """True when the letter says in a sentence with no word of denial or condition that its
    writer, the fan, found the role she searched for (a role word within three words of
    «нашла» either way round: «доктора я нашла», «Нашла наконец комиссара!») or spent the
    check that finding earned her («проверку потратила»): a search is no longer hers to make
    (DECISIONS.md §5 Fan). Not «не нашла», «нашла бы», «если нашла», «нашла время», nor a
    question («нашла детектива??»)."""
    low = text.lower().replace("ё", "е")
    if "нашл" not in low and "проверк" not in low:
        return False
    for m in re.finditer(r"[^.!?\n]+[.!?\n]*", low):
        sentence = m.group()
        words = re.findall(r"\w+", sentence)
        if "?" in sentence or not _NOT_FACT.isdisjoint(words):
            continue  # («нашла детектива?? ведущий ответь»: a question, no claim)
        if _CHECK_SPENT.search(sentence) is not None:
            return True
        for i, w in enumerate(words):
            if w in _FOUND_FORMS and any(x.startswith(_ROLE_FOUND) for x in
                                         words[max(0, i - 3):i] + words[i + 1:i + 4]):
                return True
    return False


#: «не», «нет», «ни» as a word (a claim denied).
_NO_WORD = re.compile(r"(?<!\w)(?:не|нет|ни)(?!\w)")


def _lower_namesake(ctx: Ctx, clause: list[Tok], tg: Targets) -> bool:
    """True when every player found is a one-word nick written here in lower case as a
    dictionary common noun (any case), and the letter writes that nick capitalised elsewhere
    («Пока стоим на якоре, приказ по клану: … Проверяю Якоря»): the lower-case word is the
    common noun, the nick's namesake only by coincidence."""
    if not tg.hits:
        return False
    for hit, a, b in tg.hits:
        if hit.nick is None or b - a != 1 or not hit.nick.isalpha() or a >= len(clause):
            return False
        t = clause[a]
        if t.cap or t.quoted or not t.text[:1].islower() or not is_known_word(t.w):
            return False
        p = morph().parse(t.w)[0]
        if p.tag.POS != "NOUN" or {"Name", "Surn", "Patr", "Geox"} & p.tag.grammemes:
            return False
        stem = hit.nick[:max(3, len(hit.nick) - 2)]
        if not stem[:1].isupper() or \
                re.search(r"(?<!\w)" + re.escape(stem), ctx.text) is None:
            return False
    return True


def _calls_by_name(clause: list[Tok], kw: Kw, tg: Targets) -> bool:
    """True when «зову X» tells what the writer calls X: a noun or adjective in the
    instrumental right after the one name («зову Лося котиком», «зову её Лосем-красавцем»),
    or «про себя» right before the verb («про себя зову Лося …»)."""
    if not clause[kw.i].w.startswith(("зов", "зв", "позов", "позв")):
        return False
    if kw.i >= 2 and clause[kw.i - 2].w == "про" and clause[kw.i - 1].w == "себя":
        return True
    end = max(j for _, _, j in tg.hits)
    if end >= len(clause) or not clause[end].word or not is_known_word(clause[end].w):
        return False
    tag = morph().parse(clause[end].w)[0].tag
    return tag.POS in ("NOUN", "ADJF") and "ablt" in tag


def _asks_role(clause: list[Tok]) -> bool:
    """True when the clause asks whether somebody has a civilian role («не детектив ли X»,
    «X — доктор ли?»): a role word right before «ли», the fan's search wording (not «мирный
    ли он», a check's question)."""
    words = [t.w for t in clause if t.word]
    roles = role_words()
    return any(w == "ли" and n > 0 and roles.get(words[n - 1].replace("ё", "е"),
                                               roles.get(words[n - 1])) in ROLE_CIVILIANS
               for n, w in enumerate(words))


def _checks_for_mafia(clause: list[Tok], end: int) -> bool:
    """True when the words right after a check's target say it looks for the mafia («на
    мафию», «на принадлежность к клану», «— мафия ли он»), not for a role."""
    words = [t.w for t in clause[end:end + 5] if t.word]
    for n, w in enumerate(words):
        if w.startswith(_MAFIA_WORDS) and (n == 0 or words[n - 1] in ("на", "к", "ли")
                                           or (n + 1 < len(words) and words[n + 1] == "ли")):
            return True
    return False


def _named_after_unknown(ctx: Ctx, actor: Actor, clause: list[Tok], tg: Targets) -> Targets | None:
    """The targets read after the word no nick takes (``tg.unknown``) and a joiner («Васятка
    и Бука», «Васятка, Бука») when they are exactly one player and nothing else unknown; else
    None."""
    k = tg.unknown[1]
    if k + 2 >= len(clause) or clause[k + 1].w not in LIST_AND:
        return None
    second = read_targets(ctx, actor, clause, k + 2, len(clause))
    return second if len(second.hits) == 1 and second.unknown is None and second.dropped is None \
        else None


def _kept_votes(ctx: Ctx, good: list, tg: Targets, text: str, other: Item) -> Item:
    """The vote for the players ``good`` of a two-vote day, with ``other`` (the problem of
    the vote that cannot be taken) beside it; ``other`` alone when that vote fails too."""
    move = _make_move(ctx, "vote", [h.nick for h, _, _ in good], replace(tg, hits=good), text)
    if isinstance(move, Problem):
        return other
    return Item(0, move=move, tried="vote", also=other)


#: Words that open a subordinate clause: a move verb right after them (and «я», «мы») with no
#: player named tells what the sender does, it orders nothing («там, где я лечу»).
_SUBORDINATORS = frozenset({"где", "когда", "куда", "откуда", "пока", "кого", "кому", "чем",
                            "который", "которая", "которого", "которую", "чего", "зачем",
                            "почему", "сколько"})


def _subordinate(clause: list[Tok], i: int) -> bool:
    """True when the keyword at ``i`` opens a subordinate clause (see :data:`_SUBORDINATORS`)."""
    k = i - 1
    while k >= 0 and clause[k].word and clause[k].w in ("я", "мы", "же", "и", "не"):
        k -= 1
    return k >= 0 and clause[k].word and clause[k].w in _SUBORDINATORS


#: Roles that make other roles' moves (the actor once he takes a role, the swindler in his
#: branches): a move word of another role in their letters is never a daydream.
_MAY_BECOME = frozenset({"actor", "swindler"})


#: «другого», «другую»: another player than before, not named.
_ANOTHER = frozenset({"другого", "другую", "другой", "другому", "иного", "иную"})


#: The sender's own «беру/возьму/выбираю» of the pair under «Выбери меня!».
_TAKE = frozenset({"беру", "возьму", "выбираю", "выберу", "зову", "позову", "забираю"})


def _person_slot(clause: list[Tok], kw: Kw) -> str | None:
    """The word right after a move word whose object can only be a player, when it is a
    common noun of no player: the pair of «Выбери меня!» («беру в пару папку»), the dative
    after a weak beating verb («вломлю кексу»; not «вломлю по полной»). None otherwise."""
    k = kw.j
    if k >= len(clause) or not clause[k].word or len(clause[k].w) < 3:
        return None
    w = clause[k].w
    if kw.cls == V.PARTNER and any(t.w == "пару" for t in clause[kw.i:kw.j]) and \
            any(t.w in _TAKE for t in clause[max(0, kw.i - 2):kw.j]) and w not in V.PREPOSITIONS:
        nouns = [p for p in morph().parse(w) if "NOUN" in p.tag.grammemes]
        return clause[k].w if nouns and all("accs" in p.tag.grammemes or "nomn" in p.tag.grammemes
                                            for p in nouns[:1]) else None
    if kw.cls == V.BEAT and kw.weak and clause[kw.i].w in ("вломлю", "вломим", "врежу",
                                                            "вмажу", "наваляю", "влеплю"):
        parses = morph().parse(w)
        if parses and "NOUN" in parses[0].tag.grammemes and "datv" in parses[0].tag.grammemes:
            return w
    return None


#: Kin words: a being after a move word that is the writer's family, no pet name of a player
#: («лечу маму»).
_KIN = frozenset({"маму", "мамку", "мамочку", "папу", "папку", "бабушку", "бабулю", "бабку",
                  "дочку", "дочь", "жену", "сестру", "сестрёнку", "сестренку", "тещу", "тёщу",
                  "свекровь", "внучку", "племянницу", "подругу"})


def _being_slot(clause: list[Tok], kw: Kw) -> bool:
    """True when a strong move word is followed right away by a being in the accusative that
    is a common noun and no kin word («бью мишку», «убиваем зайку»): a player's pet name,
    maybe; not with a preposition after it («лечу собаку от блох»: whom and from what)."""
    k = kw.j
    if kw.weak or k >= len(clause) or not clause[k].word or len(clause[k].w) < 3:
        return False
    w = clause[k].w
    return w not in _KIN and w not in V.FILLERS and animate_noun(w) and common_noun(w) and \
        (k + 1 >= len(clause) or not clause[k + 1].word or clause[k + 1].w not in V.PREPOSITIONS)


def _another_named(clause: list[Tok], kw: Kw) -> bool:
    """True when the strong move word ``kw`` is followed right away (past a preposition) by
    «другого»/«другую» and no more words of the clause that may name somebody: «только бью
    другого» (not «бью другого Лося»)."""
    k = kw.j
    if k < len(clause) and clause[k].w in ("в", "у", "к", "на", "за"):
        k += 1
    if k >= len(clause) or clause[k].w not in _ANOTHER:
        return False
    return not any(t.word for t in clause[k + 1:])


def _lower_word(t: Tok) -> bool:
    """True when ``t`` is written in lower case, not quoted: a common word as the writer
    typed it, no nickname he capitalised or quoted."""
    return not t.cap and not t.quoted and t.text[:1].islower()


def _thing_phrase(clause: list[Tok], k: int) -> bool:
    """True when the word at ``k`` where a name would go (no nick fits it) is written in lower
    case and reads as a noun in the nominative plural (an object in that form is inanimate:
    «проверю логи»), or is followed right away by a lower-case inanimate dictionary noun in
    the genitive: a noun phrase of a thing («смотрю отчёт склада»), no player."""
    if k >= len(clause) or not clause[k].word:
        return False
    head = clause[k]
    if not _lower_word(head):
        return False
    p = morph().parse(head.w)[0]
    if p.tag.POS == "NOUN" and "plur" in p.tag and "nomn" in p.tag and \
            not ({"Name", "Surn", "Patr"} & p.tag.grammemes):
        return True
    if k + 1 >= len(clause) or not clause[k + 1].word:
        return False
    nxt = clause[k + 1]
    if not _lower_word(nxt) or not is_known_word(nxt.w):
        return False
    p = morph().parse(nxt.w)[0]
    return p.tag.POS == "NOUN" and "gent" in p.tag and "inan" in p.tag and \
        not ({"Name", "Surn", "Patr", "Geox"} & p.tag.grammemes)


def _told_past(clause: list[Tok], kw: Kw, tg: Targets) -> bool:
    """True when the move word the sender's role has not is told in the past tense before
    its player, with no wish («бы») in the clause: an event of an earlier day told («вчера
    по Страху отправил Щукаря»), no move tried now."""
    if kw.hypothetical or kw.negated or not tg.hits:
        return False
    end = min(h[1] for h in tg.hits)
    if end <= kw.i or any(t.w in ("бы", "б") for t in clause):
        return False
    return any(t.word and is_known_word(t.w) and past_tense(t.w) for t in clause[kw.i:end])


#: Words that open a span of time the verb lasts through («весь день», «всю игру»).
_ALL = frozenset({"весь", "всю", "всё", "все", "целый", "целую", "целое"})
#: Nouns of such a span («весь день», «всю игру», «всё утро», «целую неделю»).
_SPAN = frozenset({"день", "вечер", "утро", "игру", "неделю", "время", "тред", "ветку",
                   "обсуждение"})


def _all_along(clause: list[Tok], kw: Kw) -> bool:
    """True when the present-tense move word the sender's role has not goes with a span of
    time it lasts through («весь день», «всю игру», «целый вечер») in its clause: what the
    sender has been doing all along, in talk («Весь день наблюдаю за X: он …»), not a move
    of tonight. No wish, plan or negation (those are judged elsewhere)."""
    if kw.hypothetical or kw.negated or not clause[kw.i].word:
        return False
    reading = verb_reading(clause[kw.i].w)
    if reading is None or reading[2] == "past":
        return False
    # (the span before the move word's part ends: not «Проверяю X, он весь день увиливает»,
    # whose span, in a later part, is another verb's)
    hi = kw.j
    while hi < len(clause) and clause[hi].w not in _PART_MARKS:
        hi += 1
    words = [t.w for t in clause[:hi] if t.word]
    return any(a in _ALL and b in _SPAN for a, b in zip(words, words[1:]))


#: Marks that end the part of a clause a move word stands in (engine.parse_judge._all_along).
_PART_MARKS = frozenset({",", ";", ":", "—", "–", "(", ")", ".", "!", "?", "…"})


def _likened(clause: list[Tok], kw: Kw) -> bool:
    """True when the move word is a noun right after «как» («ведёт себя как гость»,
    «выглядит как проверка»): a likeness in talk, no move of the sender's (his role has
    none of that kind, the caller knows)."""
    return 0 < kw.i and clause[kw.i - 1].w == "как" and clause[kw.i].word and \
        morph().parse(clause[kw.i].w)[0].tag.POS == "NOUN"


def _home_remedy(ctx: Ctx, clause: list[Tok], kw: Kw, tg: Targets) -> bool:
    """True when a healing word the sender's role has not is aimed at the sender himself
    («лечу себя …») and followed within three words by a lower-case inanimate noun in the
    instrumental, the means of a cure («чаем с мёдом», «каплями»): his own cold told."""
    if kw.cls != V.HEAL or not tg.hits or \
            any(h.nick != ctx.sender.nick for h, _, _ in tg.hits):
        return False
    return any(t.word and _lower_word(t) and
               any(p.tag.POS == "NOUN" and "ablt" in p.tag and "inan" in p.tag
                   for p in morph().parse(t.w)[:4])
               for t in clause[kw.j:kw.j + 3])


def _thing_then_aside(clause: list[Tok], kw: Kw, tg: Targets) -> bool:
    """True when the move word is followed right away (past a preposition) by a lower-case
    inanimate dictionary noun, its object, and every player found comes only after a comma or
    dash after it: «слежу за веткой — примус сам себя не починит» (the thread watched, the
    name of another sentence part); a possessive or demonstrative pronoun may stand before the
    noun («проверю свою теорию, что … зевают ферзя»)."""
    k = kw.j
    if k < len(clause) and clause[k].w in V.PREPOSITIONS:
        k += 1
    while k < len(clause) and k < kw.j + 3 and clause[k].w in _OWN_BEFORE_OBJECT:
        k += 1
    if k >= len(clause) or not clause[k].word or not _lower_word(clause[k]) or \
            not is_known_word(clause[k].w):
        return False
    p = morph().parse(clause[k].w)[0]
    if p.tag.POS != "NOUN" or "inan" not in p.tag or \
            {"Name", "Surn", "Patr", "Geox"} & p.tag.grammemes:
        return False
    first = min(h[1] for h in tg.hits)
    return first > k + 1 and any(t.w in (",", "—", "-", ":") for t in clause[k + 1:first])


#: Words that may stand between a move word and its object: a possessive or demonstrative
#: pronoun, the particle «-ка» and the «я» after it («проверю-ка я …», «проверить свою …»).
_BEFORE_OBJECT = frozenset({"свою", "свой", "своё", "свое", "свои", "мою", "мой", "моё", "мое",
                            "мои", "эту", "этот", "это", "эти", "ка", "-", "я"})

#: The same without «-» and «я»: what may stand before a thing the sender checks.
_OWN_BEFORE_OBJECT = _BEFORE_OBJECT - {"-", "я"}

#: Nouns of time in the instrumental («днём», «ночью»): when a move is made, no object.
_TIME_NOUNS = frozenset({"день", "ночь", "вечер", "утро", "раз", "время", "час", "сутки"})


def _thing_after(clause: list[Tok], kw: Kw, tg: Targets) -> bool:
    """True when every player found stands before the move word (none after it) and the
    word after it (past a possessive or demonstrative pronoun, or «-ка я») is a
    lower-case inanimate dictionary noun in the accusative or instrumental, no noun of time:
    the verb's object or its means is a thing, the player only talked of before it («Маруся
    кажется мирной, хочу проверить свою теорию на ней», «…, но его я проверю выстрелом»:
    the means, a shot, given as its own move). Not «Сову проверю ночью» (a time)."""
    if not tg.hits or any(end > kw.i for _, _, end in tg.hits):
        return False
    k = kw.j
    while k < len(clause) and k < kw.j + 3 and clause[k].w in _BEFORE_OBJECT:
        k += 1
    if k >= len(clause) or not clause[k].word or not _lower_word(clause[k]) or \
            not is_known_word(clause[k].w):
        return False
    p = morph().parse(clause[k].w)[0]
    return p.tag.POS == "NOUN" and "inan" in p.tag and ("accs" in p.tag or "ablt" in p.tag) \
        and not ({"Name", "Surn", "Patr", "Geox"} & p.tag.grammemes) and \
        p.normal_form not in _TIME_NOUNS


def _we_shall_see(clause: list[Tok], kw: Kw, tg: Targets) -> bool:
    """True when the move word is «посмотрим» right after a comma or dash and every player
    found is before it, after a verb of its own: «пожульничаю у Марфы, посмотрим»: «we shall
    see», no look at the player (not «пирог для Марфы — посмотрим»: no verb has her, asked)."""
    if clause[kw.i].w != "посмотрим" or kw.i == 0 or clause[kw.i - 1].w not in (",", "—", "-") \
            or any(end > kw.i for _, _, end in tg.hits):
        return False
    first = min(h[1] for h in tg.hits)
    return any(t.word and morph().parse(t.w)[0].tag.POS in ("VERB", "INFN") for t in clause[:first])


#: «полечу»: the future of «лететь» too, besides «лечить».
_FLY_FORMS = frozenset({"полечу"})
#: Prepositions of where one flies to («в отпуск», «на море», Ukrainian «у відпустку»).
_FLY_TO = frozenset({"в", "во", "на", "у"})


def _flying(clause: list[Tok], kw: Kw) -> bool:
    """True when the heal word is «полечу» followed right away by a preposition of direction
    and a word no name reads («полечу в отпуск», «полечу на море», Ukrainian «полечу у
    відпустку»): the verb «лететь» (to fly somewhere); the patient of «лечить» is a bare
    accusative, never after «в» or «на»."""
    return kw.j - kw.i == 1 and clause[kw.i].w in _FLY_FORMS and kw.j + 1 < len(clause) and \
        clause[kw.j].w in _FLY_TO and clause[kw.j + 1].word and not clause[kw.j + 1].cap


def _proverb_guard(clause: list[Tok], kw: Kw) -> bool:
    """True when the guard word «бережёт» closes the proverb «бережёного Бог бережёт»
    («бережёного» up to two words before it): a saying, no move."""
    return clause[kw.i].w == "бережет" and \
        any(clause[n].w == "береженого" for n in range(max(0, kw.i - 3), kw.i))


def _mettle_tested(clause: list[Tok], kw: Kw) -> bool:
    """True when the check word of a player with no check is the idiom «проверить X на
    вшивость» («давайте проверим Доцента на вшивость: голосую за него»): to test somebody's
    mettle, everyday speech, no check asked for (the detective's own words still check)."""
    return kw.cls == V.CHECK and any(
        clause[n].w == "на" and clause[n + 1].w == "вшивость"
        for n in range(kw.j, min(len(clause) - 1, kw.j + 5)))


def _thing_sought(clause: list[Tok], kw: Kw) -> bool:
    """True when «искать» of a player with no search has its object written first, a thing
    («Ключ от квартиры, где деньги лежат, сегодня ищу у X»): the verb's place «у X» comes
    right after it and the clause opens with an inanimate common noun in the nominative or
    the accusative, no role word before the verb: a thing looked for at X, not the fan's
    search for a role (not «комиссара ищу у X»: a role, refused)."""
    if kw.cls != V.SEARCH or kw.j >= len(clause) or clause[kw.j].w != "у":
        return False
    first = next((n for n in range(kw.i) if clause[n].word), None)
    if first is None or any(clause[n].w in role_words() for n in range(kw.i) if clause[n].word):
        return False
    tag = morph().parse(clause[first].w)[0].tag
    return tag.POS == "NOUN" and "inan" in tag and bool({"nomn", "accs"} & tag.grammemes) and \
        not {"Name", "Surn", "Patr", "Geox", "Abbr"} & tag.grammemes


#: Things of a player a check may name for the player himself («проверяю роль у X»,
#: «пробью документы у X»): the check on him (lemmas).
_CHECKED_OF = frozenset({"роль", "карта", "карточка", "статус", "сторона", "цвет", "масть",
                         "принадлежность", "документ", "паспорт", "ксива", "алиби", "личность",
                         "биография", "досье", "подноготная", "прошлое", "команда", "ориентация", "сущность", "нутро", "душа"})


def _thing_checked(clause: list[Tok], kw: Kw, at: int) -> bool:
    """True when the player read at token ``at`` stands after «у» and a thing noun that is
    the check's object right after the move word ``kw`` («проверю подвеску у Стёпы»; «я»
    between allowed), and the thing is none a check names for the player himself
    (:data:`_CHECKED_OF`)."""
    if at < 2 or clause[at - 1].w != "у" or not clause[at - 2].word:
        return False
    n = kw.j
    while n < at - 2 and clause[n].w in ("я", "ка", "-"):
        n += 1
    if n != at - 2:
        return False
    lemma = morph().parse(clause[at - 2].w)[0].normal_form.replace("ё", "е")
    return lemma not in _CHECKED_OF


#: English words for a thing right after an English move word («kill it with fire»).
_ENGLISH_THINGS = frozenset({"it", "this"})


def _daydream(actor: Actor, kw: Kw, clause: list[Tok] | None) -> bool:
    """True when the move word ``kw`` of a role that has no such move is a wish, a plan for
    later or a daydream («мб завтра проверю X», «я бы проверил X», «завтра проверю сварочник»
    from a civilian) and not a try at the move: the role may not become one that has it (the
    actor, the swindler) and no «если» stands before the word («если можно, проверяю X» is
    tried and told); or the plan is for a day he may not see («если завтра буду жив, …»)."""
    return kw.hypothetical in (True, "later", "plan") and clause is not None and (
        (actor.role not in _MAY_BECOME and IF_WORDS.isdisjoint(t.w for t in clause[:kw.i])) or
        if_survive(clause, kw.i))


def _refuse_role(kw: Kw, text: str, target: str = "", role: str | None = None) -> Item | None:
    """A move word the sender's role (or today's event) does not give him; ``role``: the
    role he plays now, which the reply tells him the moves of."""
    if kw.cls == V.MORTAR:
        return Item(0, problem=problem(text, "not_your_role", "no_mortar", action="mortar",
                                        target=target))
    if kw.cls in (V.PARTNER, V.FEAR, V.CHOOSE):
        action = {V.PARTNER: "partner", V.FEAR: "fear_choice"}.get(kw.cls, "")
        return Item(0, problem=problem(text, "not_your_role", "not_event", action=action,
                                        target=target))
    action = "delegate" if kw.cls == V.DELEGATE else class_action_hint(kw.cls)
    return Item(0, problem=problem(text, "not_your_role", "not_your_role", action=action,
                                    target=target, role=role))


#: Words of a move only weighed («может, X пошизить»), not wished («я бы») nor planned.
_MAYBE = frozenset({"может", "возможно", "мб"})
_NOT_MAYBE = frozenset({"бы", "б", "завтра", "послезавтра", "если", "ежели", "вчера"})


def _english_own(clause: list[Tok] | None, i: int) -> bool:
    """True when the weak move word at ``i`` is an English verb right after «I» / «we»
    («Maybe tomorrow I check X»): the sender's own move weighed (asked), not talk."""
    return bool(clause) and i > 0 and clause[i - 1].w in ("i", "we") and \
        clause[i].w.isascii() and clause[i].w.isalpha()


def _maybe(clause: list[Tok] | None, i: int) -> bool:
    """True when the weak move word at ``i`` is weighed by «может» before it in its sentence,
    with no wish («бы»), condition or other day there: a move the sender considers (asked),
    not talk."""
    if not clause:
        return False
    words = {t.w for t in clause[:i] if t.word}
    return not words.isdisjoint(_MAYBE) and words.isdisjoint(_NOT_MAYBE)


#: Roles a player may name as a move's target while nobody knows who holds them («голос за
#: доктора», «за индейца»); not the clan's boss («решать боссу»: to him, not at him).
_HIDDEN_ROLES = frozenset(ROLE_CIVILIANS) | {"indian"}

#: «хотел(а) бы» in the polite form of a request («Хотел бы пальнуть в Карася»).
_WISH_VERBS = frozenset({"хотел", "хотела", "хотелось"})


#: Marks that open the consequence of a condition («если …, то …», «если … — …»).
_THEN = frozenset({"—", "–", "то", "тогда", ":"})


def _if_then(clause: list[Tok] | None, i: int) -> bool:
    """True when the infinitive move word at ``i`` is the consequence of «если» before it
    in its sentence («Если Барса не повесят — проверять его», «если повесят — тогда Гиви
    проверять»): an order on a condition the host cannot know yet, asked, not a wish."""
    if not clause or not is_infinitive(clause[i].w):
        return False
    k = next((n for n in range(i - 1, -1, -1) if clause[n].w in IF_WORDS), None)
    return k is not None and any(t.w in _THEN for t in clause[k + 1:i])


def _own_wish(clause: list[Tok] | None, i: int) -> bool:
    """True when «бы» («б») stands beside the move word at ``i`` (within the words next to
    it, no «не» among them): «В Налима бы пальнуть, что ли», «убить бы X», «мо в X закинул
    бы» — a move the sender may make, wished for: an order or a daydream? Asked, never
    dropped, never applied."""
    if not clause:
        return False
    near = [t.w for t in clause[max(0, i - 3):i + 4] if t.word]
    words = {t.w for t in clause if t.word}
    # («Завтра надо бы полечить X»: a plan; «Может, стоило бы …»: weighed, the hedge's own
    # question; «…, но светиться не хочу», «…, но сегодня не до того»: declined)
    # («Босс, X бы убрать, но решай сам»: left to the boss; «Хотя вернее было бы X
    # полечить»: a second thought, the correction's own question)
    return ("бы" in near or "б" in near) and _OTHER_DAY.isdisjoint(words) and \
        _MAYBE.isdisjoint(words) and "не" not in {t.w for t in clause[max(0, i - 3):]} and \
        _LEFT_OR_SECOND.isdisjoint(words)


#: Words of a wish left to another («решай сам», «как босс скажет») or of a second thought
#: («хотя», «было бы»).
_LEFT_OR_SECOND = frozenset({"решай", "решайте", "решит", "решать", "решает", "скажет",
                             "усмотрение", "хотя", "было"})


#: Words of another day: a wish for it is a plan, no move of today's.
_OTHER_DAY = frozenset({"завтра", "послезавтра", "вчера", "потом"})


def _polite_wish(clause: list[Tok] | None, i: int) -> bool:
    """True when «хотел(а) бы» stands right before the move word at ``i`` («Заодно хотел
    бы пальнуть в Карася»): the formal way to ask for a move, not a daydream; it is asked
    (the move may be his, or refused), never dropped with no word."""
    if not clause or i < 2:
        return False
    return clause[i - 1].w in ("бы", "б") and clause[i - 2].w in _WISH_VERBS


def class_action_hint(cls: str) -> str:
    """The first action a keyword class ``cls`` names (grammar_vocab.CLASS_ACTIONS), for a
    refusal's hint; "" for a class with none."""
    table = V.CLASS_ACTIONS.get(cls, {})
    return next(iter(table.values()), "") if table else ""


def _make_move(ctx: Ctx, action: str, targets: list[str], tg: Targets,
               text: str) -> Move | Problem:
    if action == "search":
        role = next((r for r in tg.roles if r in ROLE_CIVILIANS), None)
        if role is not None and role != "detective":
            if detective_alive(ctx):
                return problem(text, "not_allowed", "detective_alive", action="search",
                               target=targets[0])
            return Move("search", target=targets[0], role=role)
        return Move("search", target=targets[0])
    if len(targets) > 1:
        return Move(action, targets=tuple(targets))
    return Move(action, target=targets[0])


#: Possessives between the fan's verb and the role she seeks («ищу своего комиссара»).
_MY = frozenset({"своего", "свою", "моего", "мою", "нашего", "нашу"})

#: Prepositions before the player the fan looks for her role at («ищу комиссара у X»).
_SEARCHED_AT = frozenset({"у", "в", "к", "среди", "на", "между", "под"})


def _role_sought(clause: list[Tok], kw: Kw, tg: Targets) -> bool:
    """True when the fan's search word at ``kw`` takes a role as its object right after it
    (past a possessive: «ищу своего комиссара») and no preposition of a place stands between
    the role and the word after it that fits nobody (not «ищу комиссара у Васи», «… сегодня
    у нашего медика»): the role is what she seeks, the word after it a remark («ищу
    комиссара, как Норма …», «ищу доктора, травницу нашу», «ищу комисара срежи наших»), no
    player searched."""
    k = kw.j
    while k < len(clause) and clause[k].w in _MY:
        k += 1
    at = tg.unknown[1]
    return bool(tg.role_at) and tg.role_at[0] == k and at > k and \
        not any(t.w in _SEARCHED_AT for t in clause[k + 1:at]) and (
            not clause[at].cap or any(not t.word for t in clause[k + 1:at]))
    # (a capitalised word right after the role may be the player: «ищу комиссара Мурку»)


def _fan_role_only(ctx: Ctx, tg: Targets, text: str) -> Item | None:
    role = next((r for r in tg.roles if r in ROLE_CIVILIANS), None)
    if role is None or role == "detective":
        return Item(0, problem=problem(text, "unparsed", "no_target"), tried="search",
                    sought=role or "")
    if detective_alive(ctx):
        return Item(0, problem=problem(text, "not_allowed", "detective_alive", action="search"),
                     tried="search")
    return Item(0, move=Move("search", role=role), tried="search")


def asks_host(clause: list[Tok], kw: Kw) -> bool:
    """True when the polite imperative at ``kw`` («проверьте») is asked of the host: «пожалуйста»
    or «ведущий» in its sentence and no role named as the one asked («Комиссар, проверьте
    X» asks the detective)."""
    if not clause or kw.i >= len(clause):
        return False
    words = {t.w for t in clause if t.word}
    if any(w in role_words() for w in words):
        return False
    if clause[kw.i].w.endswith("те"):
        return not words.isdisjoint(_TO_HOST)
    # «ведущий проверь пж шамана»: the plain imperative with the host named in its sentence;
    # «Проверь X плиз» opening the sentence, nobody called before it: the letter's reader is
    # asked (not «Кузя, проверь X плиз»: a player spoken to)
    return not words.isdisjoint(_HOST) or (
        not words.isdisjoint(_TO_HOST) and all(not t.word for t in clause[:kw.i]))


def _fan_asks_search(ctx: Ctx, clause: list[Tok] | None, kw: Kw) -> bool:
    """True when the fan's imperative «проверь(те)» at ``kw`` is asked of the host
    («пожалуйста», «ведущий» in its clause) and her search is named before it in the same sentence («ищу своего
    кумира, проверь пожалуйста X») or in an exclamation right before it on the same line
    («я ищу своего кумира!!! проверь пожалуйста X», :func:`_exclaimed_before`): she asks the
    host to run her search on X."""
    if not clause or kw.i >= len(clause) or {t.w for t in clause}.isdisjoint(_TO_HOST):
        return False
    at = clause[kw.i].start
    lo = max(ctx.text.rfind(c, 0, at) for c in ".!?\n") + 1
    lex = lexicon().words
    return any(lex.get(w) == V.SEARCH for w in re.findall(r"\w+", ctx.text[lo:at].lower())) or \
        any(lex.get(w) == V.SEARCH for w in re.findall(r"\w+", _exclaimed_before(ctx.text, lo)))


def _exclaimed_before(text: str, lo: int) -> str:
    """The sentence that ends with «!» right before the sentence starting at ``lo`` on the
    same line (lower case; «» when the sentence at ``lo`` opens its line or the one before
    ends otherwise): «я ищу своего кумира!!! проверь пожалуйста X» — the fan's cry and her
    request are one thought, the exclamation marks no new subject."""
    k = lo - 1
    while k >= 0 and text[k] == "!":
        k -= 1
    if k == lo - 1 or k < 0:
        return ""
    start = max(text.rfind(c, 0, k + 1) for c in ".!?\n") + 1
    return text[start:k + 1].lower()


#: The host named as the one asked («Ведущий, проверь X»).
_HOST = frozenset({"ведущий", "ведущая", "ведущему", "ведущей"})
#: Words that address a request to the host («Ведущий, проверьте, пожалуйста, X»).
_TO_HOST = frozenset({"пожалуйста", "пожалуста", "пожалста", "пожалуйсто", "пж", "пжл",
                      "пжлст", "плз", "плиз"}) | _HOST


def _fan_found(ctx: Ctx, actor: Actor) -> bool:
    """True when ``actor`` is the fan and has found the role she searched for."""
    p = ctx.state.players.get(actor.nick)
    return actor.role == "fan" and p is not None and fan_found(p)


def detective_alive(ctx: Ctx) -> bool:
    """True while the game's detective (not a clan member) lives (the fan's search role)."""
    return any(p.alive and p.role == "detective" and p.clan is None
               for p in ctx.state.players.values())


def _segment(ctx: Ctx, clause: list[Tok], kw: Kw) -> str:
    """The words of ``clause`` between the commas around keyword ``kw``, as written."""
    lo = next((n + 1 for n in range(kw.i - 1, -1, -1) if clause[n].w in (",", ";")), 0)
    hi = next((n for n in range(kw.j, len(clause)) if clause[n].w in (",", ";")), len(clause))
    return span(ctx.text, clause, lo, hi)


#: Third-person pronouns that stand for a player named before («за него же», «голос ей»).
_THIRD = frozenset({"его", "него", "ему", "нему", "ее", "её", "нее", "неё", "ей", "ней"})


#: Verbs of weighing before «между» («думаю между X и Y», «выбираю между X и Y»).
_WEIGH = frozenset({"думаю", "выбираю", "колеблюсь", "мечусь", "разрываюсь", "сомневаюсь",
                    "размышляю", "определяюсь", "кручусь", "болтаюсь", "решаю"})


def _weighing(clause: list[Tok], lo: int, at: int) -> bool:
    """True when a verb of weighing and «между» (at most two words apart) stand between
    tokens ``lo`` and ``at`` (the first name): «пока думаю между Бозоном и Гелием» names the
    players weighed, no choice of one."""
    return any(clause[n].w == "между" and
               any(clause[m].w in _WEIGH for m in range(max(lo, n - 3), n))
               for n in range(lo, at))


def _pronoun_right_after(clause: list[Tok] | None, kw: Kw, end: int) -> bool:
    """True when a vote's target is a third-person pronoun right after its word (past a dash,
    a preposition, «тоже», «же») and ends the order: «Голос — за него же», «голос тоже ей».
    Not an infinitive («голосовать против него можно»: talk) nor more words after it."""
    if clause is None or kw.cls != V.VOTE or is_infinitive(clause[kw.i].w) or \
            not 0 < end <= len(clause) or clause[end - 1].w not in _THIRD:
        return False
    rest = clause[end:]
    stop = next((n for n, t in enumerate(rest) if t.w in (",", "—", "(")), len(rest))
    return all(not t.word or t.w in V.PREPOSITIONS or t.w in ("тоже", "же", "также")
               for t in clause[kw.j:end - 1]) and \
        all(not t.word or t.w in ("же", "тоже") for t in rest[:stop])


#: Words that may stand between a move's word and «пас» («Линч — сегодня пас»).
_BEFORE_SKIP = frozenset({"сегодня", "пока", "я", "тоже"})


def _skipped_right_after(clause: list[Tok], kw: Kw) -> bool:
    """True when a phrase of skipping (:data:`engine.grammar_vocab.SKIP_PHRASES`: «пас»,
    «пропускаю») follows the move word at ``kw`` right after it, past a colon or a dash and
    «сегодня» («Линч — пас», «МО: сегодня пас»): the move said skipped, as «На линче пас»
    or «Голос — пас» say it; with no player named nothing is asked."""
    k = kw.j
    while k < len(clause) and (clause[k].w in (":", "—", "-", "–") or
                               clause[k].w in _BEFORE_SKIP):
        k += 1
    words = [t.w for t in clause[k:k + 4]]
    return any(words[:len(p)] == list(p) for p in V.SKIP_PHRASES)


def _heading_alone(clause: list[Tok] | None, kw: Kw) -> bool:
    """True when the keyword ends its clause with a colon («Два убийства:», «Голос:»): a
    heading whose names follow on the next lines, no word of talk."""
    return clause is not None and kw.j < len(clause) and \
        all(not t.word for t in clause[kw.j:]) and clause[-1].w == ":"


#: «у него миномёт», «миномёт у неё»: the pronouns of another holder after «у».
_HOLDER_OTHERS = frozenset({"него", "неё", "нее", "них", "тебя", "вас"})

#: Verbs telling that somebody got the mortar («Лосяшу подарили миномёт»).
_GIVEN = frozenset({"подарили", "дали", "выдали", "вручили", "достался", "выпал", "попал",
                    "перепал", "подарил", "дал"})


def _mortar_of_another(clause: list[Tok], kw: Kw, tg: Targets | None = None) -> bool:
    """True when the mortar's noun (or the immunity's) is said to be another player's
    («миномёт у него», «у неё миномёт»), or to have been given to somebody («Лосяшу подарили
    миномёт»), in a letter from a player who does not hold it: who has the mortar, not a
    shot (who is immune, not a pair). With no player aimed at after the holder (``tg``'s
    players), also past words of :data:`_HOLDER_FILLERS` and with a person's noun as the
    holder («у него ж сегодня иммунитет», «миномёт у костюмерши»; not «У Пекаря теперь
    миномёт, пусть применяет его по X»: a shot suggested, refused)."""
    if kw.j - kw.i != 1 or not clause[kw.i].w.startswith(("миномёт", "миномет", "иммунитет")):
        return False
    after = [t.w for t in clause[kw.j:kw.j + 2]]
    before = [t.w for t in clause[max(0, kw.i - 2):kw.i]]
    if (len(after) == 2 and after[0] == "у" and after[1] in _HOLDER_OTHERS) or \
            (len(before) == 2 and before[0] == "у" and before[1] in _HOLDER_OTHERS) or \
            (bool(before) and before[-1] in _GIVEN) or _named_holder(clause[:kw.i]) or \
            _named_holder(clause[kw.j:], after=True):
        return True
    if tg is None or any(a > kw.j + 1 + sum(t.w in _HOLDER_FILLERS for t in clause[kw.j:a])
                         for _, a, _ in tg.hits):
        return False
    after = [t.w for t in clause[kw.j:kw.j + 6] if t.w not in _HOLDER_FILLERS][:2]
    before = [t.w for t in clause[max(0, kw.i - 5):kw.i]]
    while before and before[-1] in _HOLDER_FILLERS:
        before.pop()
    before = before[-2:]
    return (len(after) == 2 and after[0] == "у" and _holder_word(after[1])) or \
        (len(before) == 2 and before[0] == "у" and _holder_word(before[1]))


def _holder_word(w: str) -> bool:
    """True when ``w`` after «у» names who holds a thing and is not the sender: a pronoun of
    :data:`_HOLDER_OTHERS` or an animate dictionary noun in the genitive («у костюмерши»)."""
    if w in _HOLDER_OTHERS:
        return True
    if not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    return p.tag.POS == "NOUN" and "anim" in p.tag and "gent" in p.tag


#: Words that may stand between the mortar's noun and «у» of its holder.
_HOLDER_FILLERS = frozenset({"сегодня", "теперь", "сейчас", "же", "ж", "вроде", "нынче", "ведь"})


def _named_holder(toks: list[Tok], after: bool = False) -> bool:
    """True when ``toks`` (the words before the mortar's noun, or ``after`` it) are «у» and
    one to three capitalised words right beside the noun («раз у Валентины Сергеевны
    миномёт», «миномёт у Деда»): the holder named, no shot of the sender's."""
    if after:
        while toks and toks[0].w in _HOLDER_FILLERS:
            toks = toks[1:]  # «миномёт сегодня у Деда»
        if len(toks) < 2 or toks[0].w != "у":
            return False
        name = []
        for t in toks[1:4]:
            if not (t.word and t.cap):
                break
            name.append(t)
        return bool(name)
    for k in range(len(toks) - 2, max(-1, len(toks) - 5), -1):
        if toks[k].w == "у":
            return all(t.word and t.cap for t in toks[k + 1:])
    return False


def _of_another(ctx: Ctx, actor: Actor, clause: list[Tok], kw: Kw) -> bool:
    """True when the move word at ``kw`` is in the third person («ворует», «защищает»,
    «охотится»), is not the sender's own move told of himself (``kw.own``), and nobody the
    sender may move for could make it: somebody else's move told about, not an order. The
    sender's role has no such move (the caller knows). A clan member's letter about a move
    of a clan role stays asked: the boss's order for his member (asked when the member is
    unsaid or gone), or a member ordering for another («наш Вор пусть обчистит X»: only the
    boss may)."""
    if kw.own or kw.imperative or not (clause[kw.i].w in lexicon().third or
                                       _governed_by_another(clause, kw.i)):
        return False
    if any(h.nick == actor.nick or (h.nick is None and actor.nick in h.candidates)
           for h, _, _ in names_in(ctx, clause[:kw.i], True, forms=True)):
        return False  # «Леди Мэри надевает плащ и проверит X» from Леди Мэри: her own move
    if actor.clan is None:
        return True
    return not any(action_for(kw.cls, Actor("", role, actor.clan, True), ctx.turn) is not None
                   for role in MEMBER_ROLES)


#: Words that make the sender the subject of a clause («я пытался убить X»).
_FIRST = frozenset({"я", "мы", "сам", "сама"})


def _governed_by_another(clause: list[Tok], i: int) -> bool:
    """True when the infinitive move word at ``i`` hangs on the finite verb right before it
    in the third person or the past tense, with a subject before that verb which is not
    the sender («кто-то пытался убить X», «Ёжик с ходу полез защищать Колобка», «он
    начал лечить X»): what another player tried or began, not an order. A verb that opens
    the clause («Решил проверить X») may be the sender's, with «я» left out: not taken."""
    if not is_infinitive(clause[i].w) or i < 2 or not clause[i - 1].word:
        return False
    reading = verb_reading(clause[i - 1].w)
    if reading is None or not (reading[1] == "3per" or reading[2] == "past"):
        return False
    before = [t for t in clause[:i - 1] if t.word]
    return bool(before) and not any(t.w in _FIRST for t in before)


#: Words saying a move stays as it is («остаётся», «в силе», «прежний»).
_STAYS = frozenset({"остается", "остаются", "остаётся", "прежний", "прежнее", "прежняя",
                    "прежним", "прежней", "прежними", "прежние", "силе"})
#: Words pointing at the player's earlier letter («как писала», «как в прошлом письме»).
_WRITTEN = frozenset({"писал", "писала", "написал", "написала", "письме", "письма"})


def _stays_as_written(clause: list[Tok]) -> bool:
    """True when the clause says its moves stay («остаются», «в силе», «прежний») as the
    player's earlier letter has them («как писала», «как в прошлом письме»): both are said,
    so the names in it are that letter's, not a new move."""
    words = {t.w for t in clause if t.word}
    return not words.isdisjoint(_STAYS) and not words.isdisjoint(_WRITTEN) and "как" in words


def _couple_of(clause: list[Tok], kw: Kw) -> bool:
    """True when «пару»/«пара» at ``kw`` counts the plural noun after it, adjectives allowed
    between («пару точных вопросов», «пару дней»): a quantity, not the «Выбери меня!» pair."""
    if kw.j - kw.i != 1 or clause[kw.i].w not in ("пару", "пара"):
        return False
    for t in clause[kw.j:kw.j + 3]:
        if not t.word:
            return False
        tag = morph().parse(t.w)[0].tag
        if tag.POS == "ADJF" and tag.case == "gent" and tag.number == "plur":
            continue
        return tag.POS == "NOUN" and tag.case == "gent" and tag.number == "plur"
    return False


#: Words of thanks («Спасибо Кате за пару»).
_THANKS = frozenset({"спасибо", "благодарю", "благодарна", "благодарен", "благодарны",
                     "благодарим", "спасибочки", "спс", "мерси", "merci", "thanks", "thx"})


def _thanks_before(clause: list[Tok], kw: Kw) -> bool:
    """True when a word of thanks stands before the pair word in its clause and no
    first-person verb does: who was thanked for the pair, no choice of the sender's."""
    before = [t for t in clause[:kw.i] if t.word]
    return any(t.w in _THANKS for t in before) and not any(first_singular(t.w) for t in before)


#: Words that say a move named with no player is not made («МО: нет», «не шлю»).
_NO_WORDS = frozenset({"не", "нет", "net", "ne", "нету"})


def _said_not(ctx: Ctx, clause: list[Tok], kw: Kw) -> bool:
    """True when a word of «no» stands right by the move word at ``kw``: up to two words
    before it («не на МО»), or right after it past a colon or a dash, ending the clause
    («МО: нет») or its part (:func:`_no_then_next`: «мо — не, доку же нельзя вместе», «мо
    нет линч сицилианка»)."""
    lo = kw.i
    while lo > 0 and kw.i - lo < 2 and clause[lo - 1].word:
        lo -= 1
    if any(clause[k].w in _NO_WORDS and clause[k + 1].word for k in range(lo, kw.i)):
        return True  # (not a spoken «не, …» taking back what came before)
    k = kw.j
    while k < len(clause) and clause[k].w in (":", "—", "-", "–"):
        k += 1
    # (the clause's last word: not «обношу… не, вчера у него был», a spoken «no»)
    return k < len(clause) and clause[k].w in _NO_WORDS and (
        k + 1 == len(clause) or _no_then_next(ctx, clause, kw, k + 1))


def _no_then_next(ctx: Ctx, clause: list[Tok], kw: Kw, k: int) -> bool:
    """True when the «нет» / «не» said right after a move's noun (no verb: «МО», «охота») is
    followed by a comma or a dash and no name («мо — не, доку же нельзя вместе»), or by the
    next move's keyword («проверка ладья мо нет линч сицилианка»): the move said not made."""
    if is_verb(clause[kw.i].w):
        return False  # («обношу… не, вчера у него был»: a spoken «no» taking a verb back)
    if clause[k].w in (",", "—", "–", ";"):
        return not names_in(ctx, clause[k + 1:])
    found = find_keywords(clause[k:], set(), name_index(ctx.nicks))
    return bool(found) and found[0].i == 0


#: Verbs whose «не» says the move is made («мирную охоту не забыла, не пропустила»).
_NOT_MISSED = frozenset({"забыть", "забывать", "позабыть", "пропустить", "пропускать", "упустить",
                         "проспать"})


#: Predicates of the move not being allowed («МО вместе с проверкой нельзя»): a rule told.
_CANNOT = frozenset({"нельзя", "невозможно", "запрещено", "запрещена"})

#: Abbreviated move nouns («МО» for «мирная охота»).
_MOVE_ABBREVIATIONS = frozenset({"мо"})


#: Predicates of a move's time not being right («рано стрелять», «поздно лечить»).
_UNTIMELY = frozenset({"рано", "рановато", "поздно", "поздновато"})


def _untimely(clause: list[Tok], kw: Kw) -> bool:
    """True when the move word at ``kw`` is an infinitive whose comma segment says before it
    that the time is not right for it («ещё рано в первый день стрелять», «поздно уже
    лечить»): the move talked of, not made; with no player named, nothing to ask."""
    if not is_infinitive(clause[kw.i].w):
        return False
    k = kw.i - 1
    while k >= 0 and (clause[k].word or clause[k].w not in (",", "—", ":", ";", "(")):
        if clause[k].w in _UNTIMELY:
            return True
        k -= 1
    return False


def _move_talked_of(clause: list[Tok], kw: Kw) -> bool:
    """True when the move word at ``kw`` is a noun («мирная охота», «МО») that its own
    segment (up to a comma, a dash or the clause's end) makes the subject or object of a
    verb of talk: a word of its not being allowed («МО с проверкой нельзя»: a rule told,
    whatever move it names), or, with no move word in the segment, a verb in the past tense
    («мирная охота вчера попала куда надо», «охоту вашу не понял») or a short adjective
    said with «не» («мирная охота сегодня не нужна»). A heading («Мирная охота: …»), a
    present or future verb («мирную охоту трачу …», «… не пропущу»), «не забыла» or
    «нельзя пропускать» (the move said made or due) is not: the move may be meant there."""
    if not any(clause[n].w in _MOVE_ABBREVIATIONS or is_noun(clause[n].w)
               for n in range(kw.i, kw.j)) or kw.j >= len(clause) or not clause[kw.j].word:
        return False
    seg = []
    for t in clause[kw.j:]:
        if not t.word:
            break
        seg.append(t.w)
    if "бы" in seg or "б" in seg or any(
            morph().parse(w)[0].normal_form in _NOT_MISSED for w in seg):
        return False  # «мирную охоту не забыла»: the move said made, its target not written
    if any(w in _CANNOT for w in seg):
        return True
    words = lexicon().words
    if any(w in words for w in seg):
        return False  # («мирную охоту провёл, а теперь стреляю …»: a move word)
    return any(past_tense(w) for w in seg) or any(
        w == "не" and n + 1 < len(seg) and short_adjective(seg[n + 1])
        for n, w in enumerate(seg))


#: Words that may stand between a target written first and its move word («в X мб стрельну»).
_AIM_GAP = frozenset({"мб", "может", "наверное", "наверно", "пожалуй", "возможно", "ну", "и",
                      "тоже", "сегодня", "ночью"})


def _shrug_after_aim(clause: list[Tok], kw: Kw) -> bool:
    """True when the only word putting the move at ``kw`` off is «хз» (a shrug) and a
    word stands before the move word after a preposition («ну и в капитана мб стрельну хз»):
    a move aimed at somebody the parser did not read, not a move promised for later."""
    if later_before(clause, 0, len(clause)):
        return False  # («…, потом напишу»: really put off)
    k = kw.i - 1
    while k >= 0 and clause[k].word and clause[k].w in _AIM_GAP:
        k -= 1
    return k >= 1 and clause[k].word and clause[k - 1].w in V.PREPOSITIONS


#: Question words that open a move put off («За кем смотреть — решу», «Кого лечить — не знаю»).
_WHOM = frozenset({"кем", "кого", "кому"})


def _put_off_among(ctx: Ctx, clause: list[Tok], kw: Kw) -> bool:
    """True when the move word at ``kw`` follows «за кем» / «кого» / «к кому» in its clause
    and the clause before names two players or more: the sender weighs them and puts the
    choice off."""
    if not any(t.w in _WHOM for t in clause[max(0, kw.i - 3):kw.i]) or not ctx.prev_clause:
        return False
    named = {h.nick for h, _, _ in names_in(ctx, ctx.prev_clause) if h.nick is not None and
             h.nick != ctx.sender.nick}
    return len(named) >= 2


#: What may follow «вот за X» for it to be the vote («vote» written in Cyrillic): the reason,
#: of X, after a comma or a dash («вот за Жору, он весь день молчит»).
_SOUNDED_REASON = frozenset({"он", "она", "ведь", "потому", "ибо", "слишком", "подозрительный",
                             "подозрительная", "мутный", "мутная"})
_SOUNDED_PAUSE = frozenset({",", "—", "-", "(", ":"})


def _sounded_vote(clause: list[Tok], kw: Kw) -> bool:
    """True when the keyword is «вот за» (the gamer's «vote за X»), which is also the common
    «вот за это спасибо»."""
    return kw.j - kw.i == 2 and clause[kw.i].w == "вот" and clause[kw.i + 1].w == "за"


def _sounded_vote_said(clause: list[Tok], tg: Targets) -> bool | None:
    """Whether «вот за X» is the vote: True when the clause ends at X or goes on with a
    reason about X after a pause (or names nobody: left to the weak idiom); None (talk) when a negation or «бы» follows («вот за Жору
    я бы не голосовал»); False (asked) otherwise («вот за Жору спасибо»)."""
    if not tg.hits:
        return True  # (no name: «вот за это спасибо», the weak idiom reads nothing)
    if len(tg.hits) != 1:
        return False
    rest = [t for t in clause[tg.hits[0][2]:] if t.w not in ("!", ".", "…", "...")]
    words = {t.w for t in rest}
    if V.NEGATION in words or "бы" in words or "б" in words or \
            not lexicon().words.keys().isdisjoint(words):
        return None  # (a move word after it: «вот за Павловной и послежу», that move's)
    if not rest or (not any(t.word for t in rest) and all(t.w not in _SOUNDED_PAUSE
                                                           for t in rest)):
        return True
    return rest[0].w in _SOUNDED_PAUSE and len(rest) > 1 and rest[1].w in _SOUNDED_REASON


def _said_again_with_za(clause: list[Tok], tg: Targets) -> bool:
    """True when every target of a vote is the same player, each written after «за» («Голос
    за степана нет за тапка за тапка»): the vote said again, as «за X, за X» is; a bare
    name written twice («голос зяблик зяблик») may mean two votes, and is asked."""
    if len(tg.hits) < 2 or not tg.hits[0][0].nick or \
            len({h.nick for h, _, _ in tg.hits}) != 1:
        return False
    return all(i > 0 and clause[i - 1].w == "за" for _, i, _ in tg.hits)
