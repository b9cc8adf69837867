"""The letter parser: free Russian text → moves and problems (issue 3, SCENARIOS.md).

A letter is cut into clauses (:mod:`engine.grammar_tokens`). In each clause the parser finds
move keywords (:mod:`engine.grammar_vocab`); the words after a keyword, up to the next one,
hold its target(s), found in the roster's form index (:mod:`engine.names`). The sender's
current role turns a keyword into an action (:mod:`engine.grammar_rules`). A move the parser
is not sure of becomes a :class:`engine.model.Problem`, never a move.

Special forms: a boss moving for a clan member («за вора: ворую у X», «охранник охраняет
Y»), a member leaving his move to the boss («на усмотрение дона»), the swindler's
conditional letter («если доктор — лечу X»), the fan naming the role she searches for, and
the event moves (mortar, partner, fear choice). A clause of one name finishes the move of
the line before («Линч:⏎Бука») or corrects it («Хотя нет, Сергей»). «Линч прежний»,
«линч потом напишу» are neither moves nor problems; «как вчера» is unparsed; «воздержусь»
is told that there is no abstaining vote.

The steps, one module each: :mod:`engine.parse_clause` (a clause),
:mod:`engine.parse_correct` (corrections between clauses), :mod:`engine.parse_move` (one
keyword's targets and subject), :mod:`engine.parse_judge` (what the keyword with its targets
is), :mod:`engine.parse_forms` (a boss's orders for his members), :mod:`engine.parse_branches`
(the swindler's branches), :mod:`engine.parse_ifgame` (conditions the rules answer: «если
нельзя два раза подряд — тогда Y», read before the rest),
:mod:`engine.parse_votes` (layouts of a day's votes), :mod:`engine.parse_net` (the
precision net: names a move did not read, hedges), :mod:`engine.parse_finish` (the letter as
a whole), :mod:`engine.parse_unread` (the safety net: a sentence naming a player beside a
move word that no rule read is asked about); :mod:`engine.parse_types` holds their shared records.
"""

from __future__ import annotations

import re

import functools
from operator import attrgetter

from .grammar_rules import (Actor, actor_of, cancel_told_of_none, clan_boss, left_to_the_host, problem,
                            with_own_examples)
from .grammar_keywords import find_keywords
from .textcase import lower_of
from .grammar_questions import asked_rule_cut, is_question
from .textnorm_short import short_seniority
from .grammar_flags import clause_flags, correction_end, correction_marks
from .grammar_talk import may_mark, talk_test
from .grammar_triggers import TWO_VOTE_TRIGGERS, sender_triggers, side_thirds
from .grammar_windows import clause_triggers, may_hold_move, reading_windows
from . import grammar_vocab as V
from .grammar_gaps import unglued
from .grammar_tokens import Tok, clauses, span, tokenize_span, visible_text, clause_words
from .model import Move, ParseResult, TurnInfo
from .legality import ROLE_MOVES, SECOND_VOTE
from .names import name_index
from .words import is_known_word, morph, role_words
from .state import GameState
from .textnorm_restart import false_starts
from .textnorm_remark import remarks_apart
from .textnorm import (
    clean_text, colon_numbers, earlier_letter_asides, forum_markup, list_headings, spoken_marks,
    sub_numbers,
)
from .textnorm_case import case_rejoined
from .textnorm_aliases import aliases_named
from .textnorm_layout import layout_labels
from .textnorm_change import swindle_target_changes, vote_changes
from .textnorm_role_slang import belay_label, swindle_slang  # «кидаю X», «На страховке — X»
from .textnorm_votes import vote_phrases  # «ну го X», «линч 🦊», «за обоих»
from .textnorm_sender import sender_named
from .textnorm_own_place import own_place
from .textnorm_idioms import eyes_kept_on
from .textnorm_whether import whether_searched
from .textnorm_script import caps_lookalikes, translit_letter
from .textnorm_typing import doubled_verbs, typing_fixed
from .textnorm_learner import learner_fixed
from .textnorm_clan import clan_story_fixed
from .textnorm_callsign import call_line_blanked
from .textnorm_radio import radio_signoff_blanked
from .textnorm_mortar import mortar_story_fixed
from .translit import read_latin
from .names_pieces import read_digits
from .parse_verb_after import verb_after_target
from .parse_alternative import alternative, doubted
from .parse_choice import KEEP_AFTER, answered_next, choice_words, final_choice, kept_vote, named_players, offered, \
    open_move, weighed_candidate
from .parse_clause import read_clause
from .grammar_members import compound_head, compound_head_forms
from .parse_listed import list_heading
from .parse_types import ReadLog
from .parse_own_verb import own_verb_questions
from .parse_unread import unread
from .parse_dead_ask import dead_request
from .parse_quiet_net import quiet_net
from .parse_member_net import drop_asked, member_net
from .parse_clan_verb import clan_verb_kills
from .parse_self_story import self_story
from .parse_hunt_beside import hunts_beside
from .parse_today import today_moves
from .parse_dead_net import dead_unread, unknown_unread
from .parse_clan_net import clan_said, same_one_after
from .parse_lost_net import pronoun_unread, self_unread
from .parse_label_net import label_lines
from .parse_runon import run_on_parts
from .parse_autofix import messenger_fixes
from .parse_correct import asks_leave, correction
from .parse_orphan import bare_name, chosen_over_talk, forwarded_move
from .parse_refused import refused_move
from .parse_asked import candidate_question, own_question, self_question, unanswered
from .parse_doubt import correction_doubts, hedge_doubts, hedged_musings, host_choice_doubts, \
    retaken_doubts, role_only_search
from .parse_second_thoughts import second_thoughts
from .parse_rival_names import rival_readings
from .parse_finish import finish
from .parse_withdrawn import withdrawn_move
from .parse_swap import (cancel_of_another, cancel_rest, cancelled_move, cancelled_postscript,
                         cancelled_target,
                         swapped)
from .parse_branches import attach_branches, branches_of_another_day, read_branches
from .parse_forms import member_prefix
from .parse_subject import own_short_form
from .parse_clan_kill import listed_two_kills, parting_kill, settle_member_kills, \
    settle_second_kills
from .grammar_kills import KILL_COUNTS
from .grammar_boss_orders import split_orders
from .grammar_runon import split_run_on
from .parse_types import MEMBER_ROLES, Ctx, Item, Prev, passed
from .parse_or_bracket import bracketed_choice
from .parse_ifgame import settle_conditions
from .parse_fear import FEAR_GOES, early_choices
from .parse_summary import vote_summary
from .parse_repeat import repeated_yesterday
from .parse_silent import silent_doubts


#: A courtesy title before a name («его сиятельство Графа», «её величество Королеву»): its
#: «его»/«её» names no player mentioned before, so the title is read as no words at all.
_TITLE = re.compile(r"\b(?:его|её|ее|их|ваше|вашего|вашему|вашим|вашей)\s+(?:сиятельств|величеств|"
                    r"высочеств|превосходительств|светлост|преосвященств|благороди)\w*(?=\s+\w)",
                    re.IGNORECASE)

#: The words a :data:`_TITLE` is made of, in lower case: a letter with none of them has no
#: title, found by ``str``'s C-level search instead of the slower case-blind regex. (The
#: old letter forms U+1C80–U+1C85 match «в», «д», «о», «с», «т» under IGNORECASE: a letter
#: with one goes to the regex.)
_TITLE_WORDS = ("сиятельств", "величеств", "высочеств", "превосходительств", "светлост",
                "преосвященств", "благороди")
_OLD_LETTER_FORMS = re.compile("[\u1c80-\u1c85]")
_OLD_FORMS = "\u1c80\u1c81\u1c82\u1c83\u1c84\u1c85"


#: A withdrawal of the vote cut by a line break before or after its «с» («Снимаю голос⏎с X,
#: голосую за Y», «Снимаю голос с⏎X», «Голос снимаю⏎с X»): one statement, not two.
_WITHDRAW_CUT = re.compile(
    r"(?:\b(?:сним(?:аю|аем|у)|отзыва(?:ю|ем)|отзову|забира(?:ю|ем)|заберу|убира(?:ю|ем)|уберу)"
    r"[ \t]+(?:(?:свой|мой|оба|свои|мои)[ \t]+)?голос(?:а|ок)?"
    r"|\bголос(?:а|ок)?[ \t]+(?:свой[ \t]+|мой[ \t]+)?"
    r"(?:сним(?:аю|аем|у)|отзыва(?:ю|ем)|отзову|забира(?:ю|ем)|заберу|убира(?:ю|ем)|уберу))"
    r"(?:[ \t]*\n[ \t]*(?=(?:с|со)[ \t])|[ \t]+(?:с|со)[ \t]*\n)",
    re.IGNORECASE)


def _withdrawal_rejoined(text: str) -> str:
    """``text`` with the line break inside a cut withdrawal of the vote
    (:data:`_WITHDRAW_CUT`) turned into a space (same length): «Снимаю голос⏎с X, голосую
    за Y» withdraws from X and votes for Y, never a vote for X."""
    at = text.find("олос")
    if at < 0 or "\n" not in text:
        return text
    out = text
    while at >= 0:  # (only the few words around each «голос»: a long letter stays cheap)
        lo = max(0, at - 16)
        if "\n" in text[lo:at + 30]:
            for m in _WITHDRAW_CUT.finditer(text, lo, min(len(text), at + 30)):
                if m.start() <= at:
                    out = out[:m.start()] + m.group(0).replace("\n", " ") + out[m.end():]
        at = text.find("олос", at + 4)
    return out


#: A word joined to the spoken particle «-ка» («заберу-ка», «проверю-ка», «давай-ка»).
_PARTICLE_KA = re.compile(r"(?<![\w-])([^\W\d_]{3,})-ка(?![\w-])", re.IGNORECASE)


def _particle_ka_blanked(text: str) -> str:
    """``text`` with the particle «-ка» blanked (same length) after a verb in the first person
    or the imperative («Заберу-ка я у Совы всё», «Проверю-ка Кузю»): it only softens the verb,
    whose move the rules then read as if written alone. A word of its own with «-ка» (no
    such verb before it: a nick) is left as it is."""
    if "-ка" not in text and "-КА" not in text:
        return text
    return _PARTICLE_KA.sub(_ka_blank, text)


def _ka_blank(m: re.Match) -> str:
    """The match of :data:`_PARTICLE_KA` with «-ка» blanked when its word is a verb in the
    first person or the imperative (the morphology's first two readings), else as it is."""
    w = m.group(1).lower().replace("ё", "е")
    if is_known_word(w) and any(p.tag.POS == "VERB" and ("1per" in p.tag or "impr" in p.tag)
                                for p in morph().parse(w)[:2]):
        return m.group(1) + "   "
    return m.group(0)


def _titles_blanked(text: str) -> str:
    """``text`` with every courtesy title (:data:`_TITLE`) blanked (same length)."""
    low = lower_of(text)
    if not any(w in low for w in _TITLE_WORDS) and not _old_forms(text):
        return text
    return _TITLE.sub(lambda m: " " * len(m.group(0)), text)


def _old_forms(text: str) -> bool:
    """True when ``text`` holds one of the old letter forms U+1C80–U+1C85 (a long letter:
    one C-level ``in`` each, many times faster than the class's scan; a short one: the
    class, cheaper than six calls)."""
    if len(text) < 300:
        return _OLD_LETTER_FORMS.search(text) is not None
    return any(c in text for c in _OLD_FORMS)


#: A speech tag between dashes inside a quoted line: «…, — сказал босс, не отрываясь от
#: газеты, — …» (the speaker is the word right after the verb).
_SPEECH_TAG = re.compile(
    r"—\s*(?:сказал|сказала|говорит|произн[её]с|произнесла|бросил|бросила|буркнул|буркнула|"
    r"процедил|процедила|прошептал|прошептала|ответил|ответила|добавил|добавила|"
    r"приказал|приказала|велел|велела|молвил|молвила)\s+(\w+)[^—\n.!?«»]{0,60}?"
    r"(?:—|(?=[.!?]*(?:\n|$)))",  # («— За X, — ответил я.»: the tag ends the line)
    re.IGNORECASE)


def _own_speech_tags_blanked(text: str, actor: Actor, nicks: tuple[str, ...]) -> str:
    """``text`` with each speech tag whose speaker is the sender (his role word, «я», his
    nick or its short form) blanked, same length: «Крыска, — сказал босс, — сегодня ты
    навестишь X» reads as the boss's own order to Крыска. A tag of another speaker stays
    (his words are no order of the sender's)."""
    if "—" not in text:
        return text

    out = list(text)
    for m in _SPEECH_TAG.finditer(text):
        w = m.group(1).lower().replace("ё", "е")
        if not (w == "я" or role_words().get(w) == actor.role or
                own_short_form(actor.nick, nicks, w) or
                w == actor.nick.lower().replace("ё", "е").split()[0]):
            continue
        out[m.start():m.end()] = " " * (m.end() - m.start())
        # the quote marks around his line go too: his own words, no quote of another's
        opening = text.rfind("«", 0, m.start())
        closing = text.find("»", m.end())
        if opening >= 0 and "»" not in text[opening:m.start()] and closing >= 0 and \
                "«" not in text[m.end():closing]:
            out[opening] = out[closing] = " "
    return "".join(out)


def parse_letter(text: str, sender: str, state: GameState, turn: TurnInfo, *,
                 _settle: bool = True) -> ParseResult:
    """Read one letter of ``sender`` as a careful host would (issue 3).

    Args:
        text: the letter body (plain text; quoted «>» lines and the signature are ignored).
        sender: the sender's roster nickname.
        state: the game before the turn (roles, clans, alive flags, ``last_targets``).
        turn: the day and its event (who holds the mortar, immunity, the fear choice).

    Returns:
        :class:`engine.model.ParseResult`: moves with roster nicknames as targets and
        ``span`` set; problems (``unknown_name``, ``ambiguous``, ``not_your_role``,
        ``not_allowed``, ``unparsed``) with the span, the reason and a Russian message;
        ``skip`` / ``cancel`` flags. Moves before a cancel phrase are dropped. A dead
        sender gets every move refused (``not_allowed``, reason ``dead``).
    """
    text = clean_text(text)  # NFC, invisible and look-alike characters (engine/textnorm.py)
    text = forum_markup(text)  # a pasted forum quote cut, BBCode tags read as the post shows
    text = radio_signoff_blanked(text)  # «Сокол на связи. … ⏎Отбой»: the sign-off, no take-back
    text = call_line_blanked(  # «Помощник 13 — Депо.⏎…»: the radio call, no move
        text, tuple(state.players), frozenset(n for n, p in state.players.items() if p.alive),
        sender)
    text = colon_numbers(text)  # «Двоих:⏎1: X⏎2: Y» as «1) X⏎2) Y»
    text = sub_numbers(text)  # «4. Линч:⏎4.1. X;⏎4.2. Y» as «4. Линч:⏎1. X;⏎2. Y»
    text = earlier_letter_asides(text)  # «п. 1 моего предыдущего письма (охрана X)»
    nicks = tuple(state.players)
    text = aliases_named(text, nicks)  # «МО: Курганыча», the host's alias of Профессор Курганов
    text = case_rejoined(text, nicks)  # «за dimon а и тимофея»: «Dimon'а» lost its apostrophe
    text = short_seniority(text, nicks)  # «палыч мл» for «Палыч-младший»
    text = translit_letter(text, nicks)  # «ohochus na Tamaru», a phone with no Cyrillic
    text = caps_lookalikes(text, nicks)  # «OXOTA - TAMAPA», Latin caps in a Cyrillic line
    text = sender_named(text, nicks, sender)  # «… ГОЛОС НИНЕ ИВАНОВНЕ ВАЛЯ», «Голос деда - X»
    text = own_place(text, sender)  # «к себе в палату X» from «Палата №6»: «к себе в гости X»
    text = whether_searched(text)  # «ищу, не X ли детектив»: «ищу детектива — X»
    text = eyes_kept_on(text)  # «глаз с X не спускаю»: «не спускаю глаз с X»
    text = doubled_verbs(typing_fixed(text, nicks))  # «бьюпепегу», «ktxe» for «лечу», «нуба девяносто шесть»
    player = state.players.get(sender)  # «мы проверил X», «ich prüfe X», «к X ходить и брать всё»
    text = learner_fixed(text, nicks, player.role if player is not None else None)
    own_actor = actor_of(state, sender)  # (made once: the clan fixes and the reading below)
    alive = frozenset([n for n, p in state.players.items() if p.alive])
    # «Клан плывёт к дуплу X», «Пусть X уснёт навек», «убиваем не X, а Y»: a clan's orders
    text = clan_story_fixed(text, nicks, own_actor, turn, clan_boss(state, sender))
    text = mortar_story_fixed(text, own_actor, turn)  # «Применяю его по X»: the mortar's shot
    text = spoken_marks(text, nicks)  # «точка», «запятая» typed out by voice input
    text = false_starts(text, nicks)  # «у Сов… у Совёнка»: the cut-off piece blanked
    text = remarks_apart(text, nicks, turn.votes_per_player)  # «Голос Лось — достал уже»: the remark a sentence
    text = list_headings(text)  # «## Проверка⏎- X» as «Проверка:⏎- X»
    text = layout_labels(text, nicks, sender)  # «🗳 X», «МО-X», «Голос⏎X», «1) X 2) Y» in words
    text = _titles_blanked(text)  # «его сиятельство Графа»
    text = _particle_ka_blanked(text)  # «Заберу-ка я у Совы всё»: «Заберу    я у Совы всё»
    text = _withdrawal_rejoined(text)  # «Снимаю голос⏎с X, голосую за Y»: one line
    text = vote_changes(text, player.role if player is not None else None)  # «Меняю на X»
    # «Цель меняю на X, ветки те же» from the swindler: «жульничаю X»
    text = swindle_target_changes(text, player.role if player is not None else None)
    text = swindle_slang(text, player.role if player is not None else None)  # «кидаю X»
    text = belay_label(text, player.role if player is not None else None)  # «На страховке — X»
    text = vote_phrases(text, nicks, alive, turn.votes_per_player, sender)
    if _settle:  # «ворую у X, а если нельзя два раза подряд — у Y»: the rules answer
        if_asked: list[str] = []  # «можно мне миномёт? Если можно — стреляю в X»: asked
        text = settle_conditions(text, sender, state, turn, _read_plain, if_asked)
        # «Если меня выберут в страхе — вешайте X»: an advance «Страх» choice, asked
        text, early_fear = early_choices(text, sender, state, turn, _read_plain)
    else:
        early_fear, if_asked = [], []
    text, summary = vote_summary(text, turn.votes_per_player)  # «Итого Барон и Ленка»
    actor = own_actor or Actor(sender, "civilian", None, False)
    text = _own_speech_tags_blanked(text, actor, nicks)  # «Лис, — сказал босс, — обчисти X»
    ctx = Ctx(text, state, turn, actor, nicks, alive, votes=turn.votes_per_player)
    ctx.marks.extend(summary)
    items: list[Item] = ReadLog()  # (every item read, for the net: engine.parse_unread)
    log = items
    skip = False
    cancel_pos = -1
    cancel_earlier = ""  # the words taking back a move kind an earlier letter made (withdrawn_move)
    pending_member: Actor | None = None
    swindle_branches: list[tuple[str, Move, int]] = []
    prev: Prev | None = None
    moved: Prev | None = None  # the last clause that read a move
    held: Prev | None = None  # a move left open over talk («Шизю… не знаю. … Ладно, X»)
    last_start = -1  # offset of the clause before this one
    branch_end = -1  # end of the clause before when it held a swindler's branch
    idx = name_index(nicks)
    names = idx.trigger_forms()
    if actor.role == "boss":  # «Мотя — меня»: a member by a part of his nickname
        names = _with_members(nicks, names, tuple(sorted(
            n for n, p in state.players.items() if p.clan == actor.clan and n != sender)))
    if turn.event == "full_moon" and actor.mafia:  # «Полнолуние, значит двое: X и Y»
        names = names | KILL_COUNTS
    visible = visible_text(text)
    extra = sender_triggers(actor.role, names)
    if turn.votes_per_player > 1:
        extra = extra | TWO_VOTE_TRIGGERS  # «А другой — Кармен»: the second vote
    if turn.event == "fear" and turn.fear_chosen == sender:
        extra = extra | FEAR_GOES  # «Решаю: уходит X» (engine.parse_fear.goes_instead)
    if choice := choice_words(visible):  # «…Алекса? Или Тапочка? … Пусть будет Алекс»
        extra = extra | choice  # (no copy of the set when the letter weighs nobody)
    talk = talk_test(idx, actor, turn) if len(visible) >= 200 else None
    clause_list = _clauses(visible, idx, extra, talk, _beside_self(idx, actor))
    questions: list[tuple[str, Item]] = []  # questions about the sender's own moves (engine.parse_asked)
    if actor.role == "boss":  # «Страж — на мне, Лис — к Сове»: one order a clause
        clause_list = _orders_apart(clause_list, state, actor, idx)
    elif actor.mafia and (boss := clan_boss(state, actor.nick)) is not None:
        clause_list = _move_left_apart(clause_list, boss, idx)  # «…, ход — Еноту»
    clause_list = list(_kept_apart(_bare_corrections_joined(clause_list)))
    bracketed = "(" in text  # (a line «X (или Y)» needs a bracket: most letters have none)
    for clause in clause_list:
        if clause is None:  # chatter skipped between two windows
            # (a choice among players offered stays open over it: «…Тогда Тапочка? …
            # Пусть будет Алекс»)
            last_start, pending_member = -1, None
            held = held if held is not None and offered(held) else None
            continue
        if type(clause) is Talk:  # talk left unread (engine.grammar_talk): its marks only
            if may_hold_move(clause, names):
                ctx.marks.extend(correction_marks(clause))  # («…, так что …»)
            passed(ctx, clause)
            continue
        adjacent, last_start = prev is not None and prev.start == last_start, clause[0].start
        ctx.here = clause[0].start
        if bracketed and (choice := bracketed_choice(ctx, clause)) is not None:
            if items and prev is not None and items[-1] in prev.items and \
                    items[-1].problem is not None and items[-1].problem.reason == "no_target":
                items.pop()  # («Голосую:⏎— Шишка (или Вишня)»: the heading's open move)
            items.append(choice)  # «— Шишка (или Вишня)»: which of the two? Asked
            prev = held = None
            passed(ctx, clause)
            continue
        if not may_hold_move(clause, names) and \
                (held is None or (len(clause) > 6 and clause[0].w not in _CHOICE_OPENERS)) and \
                not (ctx.votes > 1 and _pair_alone(clause)) and \
                not (prev is not None and _more_too(clause)):
            pending_member = None  # chatter: nothing to read
            passed(ctx, clause)
            continue
        count = len(items)
        if (doubt := doubted(ctx, clause, prev, adjacent, items)) or \
                alternative(ctx, clause, prev, adjacent, items):
            # «мо в Зефирку. ну или Ктулху хз»: neither is an order, unless a later «ладно,
            # давай X» chooses
            weighed = named_players(ctx, prev.clause) | named_players(ctx, clause) \
                if prev.clause else frozenset()  # («Стреляю в X... или в Y... в X.»)
            # (a doubt offers the one player it put in doubt: «линч — X. или нет. да. X.»
            # names him again alone, and so settles it)
            held = Prev(prev.cls, prev.start, prev.member, [
                it for it in items if it.pos >= prev.start and it.problem is not None and
                it.problem.reason == "alternative"], prev.clause,
                offered=weighed if len(weighed) > 1 or (doubt and weighed) else frozenset())
            prev = None
            continue
        if prev is not None and _self_asked(clause) and open_move(prev) and \
                is_question(text, clause):
            last_start = prev.start  # «Ищу комиссара... где? У Лося.»: she answers herself
            continue
        if is_question(text, clause) and (correction_end(clause) is None or
                                          weighed_candidate(ctx, clause)):
            # «а, нет, стоп, он у него уже воровал?» still takes the move back
            if asks_leave(ctx, clause, items):
                prev = None  # «а можно я ещё раз проверю Грея?»: the host answers
                passed(ctx, clause)  # («… проверю Лёху? … Голосую за него же»: named there)
                continue
            asked = find_keywords(clause, set(), name_index(nicks))
            own = own_question(ctx, clause, asked)
            if own is None and not asked and prev is not None:
                own = candidate_question(ctx, clause, prev.cls)  # «… Тогда Тапочка?»
            if own is not None:
                questions.append(own)  # «Может, полечить Малину?»: asked if nothing else
                held = _weighed(ctx, clause, asked[-1].cls if asked else prev.cls, held)
            elif self_question(ctx, clause, asked) and answered_next(text, clause[-1].end):
                # «Голосовать надо, да? Ну пусть X»: the writer asks herself, a later
                # «пусть X», «давай X» answers (engine.parse_choice.final_choice)
                held = Prev(asked[-1].cls, clause[0].start, clause=clause)
            prev = Prev(asked[-1].cls, clause[0].start, clause=clause, asked=True) \
                if asked else prev
            # («Линч Буке? Нет, …»)
            continue
        clause = asked_rule_cut(text, clause)  # «… — охота ведь разрешена, да?»: the move
        flags = clause_flags(clause)
        ctx.marks.extend(correction_marks(clause))
        if items and swapped(ctx, clause, flags, items):
            prev = held = None  # «UPD: Кефира меняю на Шустрика»: one target exchanged
            continue
        if prev is not None and not prev.items and moved is not None and \
                prev.cls in (None, moved.cls) and \
                chosen_over_talk(ctx, clause, moved, items):
            prev, adjacent = moved, False  # «Голос — Лось. Ой, за него бесполезно… Ладно, Сова»
        if refused_move(ctx, clause, prev, adjacent, items):
            prev = held = None  # «Стреляю в X... а, не, никуда не стреляю»: no move
            passed(ctx, clause)
            continue
        if (branch_end < 0 or "\n" in text[branch_end:clause[0].start]) and \
                correction(ctx, clause, prev, adjacent, flags, items):
            # (a correction on the line of a swindler's branch is the branch's, see
            # engine.parse_branches; «UPD: …» on a line of its own may fix the swindle)
            if items and items[-1].pos == clause[0].start and items[-1].problem is not None \
                    and items[-1].problem.reason == "retracted":
                # «Лечу Кузю… а нет, стоп. Лучше Бобра»: a name right after a retraction
                # takes the retracted move
                prev = Prev(prev.cls, clause[0].start, prev.member, [items[-1]], prev.clause)
            held = prev if open_move(prev) else None
            continue
        if held is not None and final_choice(ctx, clause, held, flags, items):
            prev = held = None  # «…Кузю вчера звали в гости. Лучше Бобра»
            continue
        if adjacent and kept_vote(ctx, clause, prev, flags, items):
            continue  # «снимаю голос с пони, вместо него Лютик. фрост остаётся»
        if (taken := withdrawn_move(ctx, clause, items)) is not None:
            # «МО снимаю», «Охоту отменяю»: that kind of move taken back, this letter's or
            # an earlier letter's (then the earlier letters' night moves are cancelled)
            prev = held = None
            lo, hi = taken[1], taken[2]
            if taken[0].startswith("+"):
                cancel_earlier = span(ctx.text, clause, lo, hi)
            rest = clause[:max(lo - 1, 0)] + clause[hi + 1:]
            if not any(t.word for t in rest):
                passed(ctx, clause)
                continue
            clause = rest  # «Слежу за X, МО снимаю», «МО отменяю, а поиск меняю на Y»
            flags = clause_flags(clause)
        clause_skip = flags["skip"]
        if flags["cancel"] is not None:
            if cancelled_postscript(ctx, clause, flags["cancel"], items):
                prev = held = None  # «P.P.S. Отменяю P.S., оставляю X»: the postscript only
                passed(ctx, clause)
                continue
            if cancelled_move(ctx, clause, flags["cancel"], items):
                prev = held = None  # «Отменяю МО»: that move only
                rest = None if items and items[-1].problem is not None and \
                    items[-1].pos == clause[0].start else \
                    cancel_rest(ctx, clause, flags["cancel"])  # (not when the cancel is asked)
                if rest is None:
                    passed(ctx, clause)
                    continue
                # «Голос отменяю, голос Y»: the new order behind the comma is read
                clause = clause[rest:]
                flags = clause_flags(clause)
                clause_skip = flags["skip"]
            elif (rest := cancelled_target(ctx, clause, flags["cancel"], items)) is not None:
                prev = held = None  # «Отменяю X: …»: the moves on X only, the rest read
                if not any(t.word for t in clause[rest:]):
                    passed(ctx, clause)
                    continue
                clause = clause[rest:]
                flags = clause_flags(clause)
                clause_skip = flags["skip"]
            elif cancel_of_another(ctx, clause, items):
                prev = held = None  # «Вчерашнее про Бендера отменяю»: asked, no move dropped
                passed(ctx, clause)
                continue
            if flags["cancel"] is not None:
                cancel_pos = clause[0].start
        member_actor, start, pending_member = member_prefix(ctx, clause, pending_member, items)
        if member_actor is False:
            skip = skip or clause_skip
            continue
        excluded: set[int] = set()
        if actor.role == "swindler" and member_actor is None:
            read_branches(ctx, clause, items, swindle_branches, excluded)
            if excluded:
                clause_skip = False  # «комиссар — пропускаю»: a branch left out, not the turn
        skip = skip or clause_skip
        last = read_clause(ctx, clause, start, member_actor, flags, excluded, items)
        list_heading(ctx, clause, last, items, count)  # «Мои голоса такие:⏎1. X⏎2. Y»
        passed(ctx, clause)
        if last is not None:
            prev = last if not excluded else None
            moved = last if last.items and not excluded else moved
        branch_end = clause[-1].end if excluded else -1
        if len(items) != count or (last is not None and not last.items):
            held = prev if open_move(prev) else (held if len(items) == count else None)
    if ctx.today and not swindle_branches:
        # «Сегодня — Кузя» from a swindler with no «если …» branches: which move? Ask.
        items = [_today_problem(ctx, it) if it in ctx.today else it for it in items]
    if swindle_branches:
        attach_branches(ctx, items, swindle_branches)
    elif actor.role == "swindler":
        items = branches_of_another_day(ctx, clause_list, items)  # «всё как вчера, только у X»
    items = [it for it in items if it.pos >= cancel_pos]
    settle_member_kills(items)  # «Индеец стреляет в X» beside «Убиваем Y»: ask
    settle_second_kills(items)  # «Убиваем двоих: X. и Y»: the second read after all
    listed_two_kills(ctx, items)  # «Двое:⏎1) X⏎2) Вася»: the second asked
    parting_kill(ctx, items)  # «Лось покидает нас» from a clan member: asked
    items += unanswered(questions, items, ctx.votes)
    read_clauses = [c for c in clause_list if c is not None]
    # «Сегодня за Петровичем. Маньячу.»: a lone role verb after the sentence naming its target
    log.ever.extend(verb_after_target(ctx, read_clauses, items))
    if ctx.za_follows:  # «Сегодня за Палычем.» still a vote: which move? Asked
        items = [_za_asked(ctx, it) for it in items]
    correction_doubts(ctx, read_clauses, items)
    # («охраняю X. Нет, подожди… лучше Y, …»: asked, never X silently)
    retaken_doubts(ctx, read_clauses, items, log.ever)
    # («охраняю X. нет, лучше главного прикрою, X никому не нужна»: asked, never X again)
    hedge_doubts(ctx, read_clauses, items)  # («Наверно голосую за X, но хочу ещё почитать»)
    host_choice_doubts(ctx, items)  # («Стреляю в деда… выбирай любого»: the host to choose)
    repeated_yesterday(ctx, items)  # («сегодня опять к Ларисе загляну»: yesterday's rob again)
    # «Снимаю голос.», «Снимаю голос с X» and no vote given instead: the votes of the
    # player's earlier letters it names are taken back (engine.legality.withdraw_vote);
    # «Снимаю голос с X. Линч: Y» (X named, before any vote of this letter): the vote for X
    # alone, Y given in its place (engine.legality.merged_vote)
    taken_back = [name for it in items if it.withdraw is not None for name in it.withdraw]
    first_vote = min((it.pos for it in items if it.move is not None and it.move.action == "vote"),
                     default=None)
    moves, problems = finish(ctx, items)
    # «Ходы на вторую ночь: …» on day 3, the maniac's «иду на охоту за X», «пальну из чего
    # есть» without the mortar: asked
    moves, problems = silent_doubts(visible, actor, turn, moves, problems)
    # «Остапа» for «Остап Бендер» or «Ostap.B» read in Cyrillic: a word that fits another
    # player by another kind of reading is asked about, not picked
    moves, problems = rival_readings(ctx, moves, problems)
    voted = any(m.action == "vote" for m in moves)
    named_first = "*" not in taken_back and first_vote is not None and all(
        it.pos < first_vote for it in items if it.withdraw is not None)
    unvote = () if not taken_back or (voted and not named_first) or \
        any(p.action == "vote" for p in problems) else \
        ("*",) if "*" in taken_back else tuple(dict.fromkeys(taken_back))
    if ctx.second_only and voted and not unvote and not any(p.action == "vote" for p in problems):
        unvote = (SECOND_VOTE,)  # «Второй голос — Лось.»: joins the earlier letters' vote
    if not moves and not problems and not skip and cancel_pos < 0 and len(visible) < 40 and \
            (bare := bare_name(ctx, visible)) is not None:
        problems = [bare.problem]  # «Бобра.», «+Лось»: which move?
    if not moves and not problems and not skip and cancel_pos < 0 and \
            (sent := forwarded_move(ctx, visible)) is not None:
        problems = [sent.problem]  # «Пересылаю с рабочей почты, ход там»: write it here
    if not skip and cancel_pos < 0:
        # a sentence naming a player beside a move word that no rule read: asked
        read = _read_so_far(log, moves, problems)
        problems = list(problems) + unread(ctx, visible, read)
        # «Енот пробирается в дупло к Совунье» (dead): the move on the dead is refused
        problems += dead_unread(ctx, visible, read, problems)
        # «Сегодня к Барсуку загляну в кладовку» (no Барсук): the word is not found
        problems += unknown_unread(ctx, visible, read, problems)
        # «может у X украду, а может и нет»: a move mused about, asked
        problems += hedged_musings(ctx, visible, _read_so_far(log, moves, problems))
        # «Сегодня у Фроста подрежу ход», «Проверка — наш рыболов, X» and nothing else asked:
        # a sentence naming a player beside a sign of the sender's move, left unread, is
        # read when it surely means his own role move, else asked (engine.parse_quiet_net)
        moves, problems = today_moves(ctx, visible, list(moves), list(problems))
        if not problems:
            more, asked = quiet_net(ctx, visible, read)  # (no problem yet: ``read`` is the
            # letter's moves alone, as when it was built)
            if more or asked:
                moves, problems = list(moves) + more, problems + asked
        if not problems:  # «Фредди стоит над кроваткой Снегурочки» from Freddy K.: his own
            # night told in the third person, no move word: asked (engine.parse_self_story)
            problems = self_story(ctx, visible, _read_so_far(log, moves, ()))
        # «Ху — грабишь Смита» from the boss, read by no rule: his member's order, read when
        # certain, else asked (engine.parse_member_net)
        more, asked = member_net(ctx, visible, _read_so_far(log, moves, problems))
        if more or asked:
            moves, problems = list(moves) + more, drop_asked(problems, more) + asked
        # «тушим: Искру», «Клан сегодня тушит X» and no clan kill read: the clan's kill in
        # the community's verb (engine.parse_clan_verb)
        moves, problems = clan_verb_kills(ctx, visible, _read_so_far(log, moves, problems),
                                          list(moves), list(problems))
        # «Проверяю X. И давайте сразу МО в Y»: the hunt the check excludes, refused;
        # «у меня есть проверка!!! … охота тоже X»: the unread check beside the hunt, asked
        problems = list(problems) + hunts_beside(ctx, visible, list(moves), list(problems))
        # «Заказное (от клана) — X», «Проверяю X и её же высаживаем»: a clan's night order no
        # rule read, asked (engine.parse_clan_net)
        read = _read_so_far(log, moves, problems)
        problems = list(problems) + clan_said(ctx, visible, read, list(problems))
        problems += same_one_after(ctx, visible, read, problems)
        # «Вот её и убираем, пока не пальнула»: a move said on a pronoun no rule took back
        # to its name, asked (engine.parse_lost_net)
        problems += pronoun_unread(ctx, visible, read, moves, problems)
        # «сегодня сам себя приложу» from the thug, no move of his read: asked
        problems += self_unread(ctx, visible, read, moves, problems)
        # «Метка Тимуру.», «Облава: Лаки7»: a label no lexicon knows and a player, no rule
        # read: asked (engine.parse_label_net)
        problems += label_lines(ctx, visible, read, problems)
    if moves:  # «шизю X… нет, передумала, никого не шизю»: a second thought unread, asked
        # (a letter that skips its turn and still makes a move too: «…никого не бью»)
        problems = list(problems) + second_thoughts(
            ctx, visible, _read_so_far(log, moves, problems), moves, problems)
    problems = list(problems) + [problem(q, "unparsed", "fear_early") for q in early_fear]
    problems += [problem(q, "unparsed", "conditional") for q in if_asked]
    if cancel_earlier and ctx.sender.role in ROLE_MOVES and \
            not any(m.action != "vote" for m in moves):
        # «МО отменяю» alone from a role with a night move of its own: the cancel takes back
        # all of the earlier letters' night moves (ParseResult.cancel has no kind), a watch
        # or a heal too; none sent again here, so the player is told so, never one lost with
        # no word (a plain civilian's only night move is the hunt: nothing else to lose)
        problems.append(problem(cancel_earlier, "unparsed", "cancel_earlier"))
    if not problems:  # «ищу доктора!! прошу автограф у Марьяши»: whose search? Asked
        moves, problems = role_only_search(ctx, list(moves), list(problems))
    if not ctx.sender.alive:
        # a dead player is asked nothing (which player he meant, an order for his clan's
        # member not understood: the reply would tell him who is in his clan now): whatever
        # the nets took for a move is refused because he is out
        problems = [p if p.reason == "dead" else
                    problem(p.text, "not_allowed", "dead", action=p.action or "", target=p.target or "")
                    for p in problems]
    if not moves and not problems and not skip and cancel_pos < 0:
        # «я уже на мойке 😅 но можно я нож в X кину?»: a dead player's request, refused
        problems = dead_request(ctx, visible)
    # «Если это ваш ход, напишите его … например «убиваю …»»: the sender's own moves
    problems = with_own_examples(left_to_the_host(problems, ctx.sender.role, ctx.text), ctx.sender.role)
    # «Подкормлю сегодня Медуницу» from the doctor, asked by a net: likely his one night move
    # in his community's verb, offered in the question (engine.parse_own_verb)
    problems = own_verb_questions(ctx, list(moves), problems)
    if not moves:  # «…Ходы этого письма я принял как написаны» said of a letter with none
        problems = cancel_told_of_none(problems)
    return ParseResult(tuple(moves), tuple(problems), skip=skip, cancel=cancel_pos >= 0 or bool(cancel_earlier),
                       unvote=unvote)


def _read_so_far(log, moves, problems) -> list[Item]:
    """What the nets after the rules are given as read: every item the rules made (``log``,
    :class:`engine.parse_types.ReadLog`), then the letter's moves and problems so far as
    items at offset -1."""
    return log.ever + [Item(-1, move=m) for m in moves] + [Item(-1, problem=p) for p in problems]


#: A bare question word the writer asks herself before naming the target of her move
#: («Ищу комиссара... где? У Лося.», «Стреляю... в кого? В Лося»).
_SELF_ASKED = frozenset({"где", "кого", "кому", "куда", "кто", "у", "в", "на", "за", "к", "а",
                         "ну", "и"})


def _self_asked(clause) -> bool:
    """True when ``clause`` is only a question word or two («где?», «а у кого?»)."""
    words = [t.w for t in clause if t.word]
    return 0 < len(words) <= 3 and words[-1] in ("где", "кого", "кому", "куда") and \
        all(w in _SELF_ASKED for w in words)


#: Words opening the sentence that names the player put in place of a move taken back
#: («…а нет, стоп, она мирная. Лучше Костю Лазарева, он слишком спокойный»): read however
#: long the sentence is.
_CHOICE_OPENERS = frozenset({"лучше", "тогда", "вместо"})


def _weighed(ctx: Ctx, clause, cls: str, held: Prev | None) -> Prev:
    """The move of class ``cls`` weighed in the question ``clause`` («Охраняю… X или Y?»,
    «Тихоне? или Вороне?»), held open with the players it offers (those of ``held``, the
    same move weighed just before, too): a later sentence of one of them settles it
    (:func:`engine.parse_choice.final_choice`), else the question is asked."""
    names = named_players(ctx, clause)
    if held is not None and held.cls == cls:
        names = names | held.offered
    return Prev(cls, clause[0].start, None, [], clause, offered=names)


def _pair_alone(clause) -> bool:
    """True when a clause is two capitalised words joined by «и», «,» or «+» and nothing
    else («Тиму и Лёху»): on a two-vote day it may be the two votes by pet forms
    (:func:`engine.parse_votes.bare_pair` reads it)."""
    return len(clause) == 3 and clause[0].cap and clause[2].cap and \
        clause[1].w in ("и", ",", "+")


def _za_asked(ctx: Ctx, it: Item) -> Item:
    """The vote ``it`` read from a bare «за X» clause with X in the instrumental
    (``ctx.za_follows``) as the question which move it is; any other item as it is."""
    if it.move is None or it.move.action != "vote":
        return it
    for (lo, hi), text in ctx.za_follows.items():
        if lo <= it.pos < hi:
            return Item(it.pos, problem=problem(text, "unparsed", "which_move"))
    return it


def _orders_apart(clause_list, state: GameState, actor, idx):
    """The boss's clauses with each order for a member apart
    (:func:`engine.grammar_boss_orders.split_orders`, :func:`engine.grammar_runon.split_run_on`)."""
    mates = {n for n, p in state.players.items()
             if p.clan == actor.clan and p.alive and n != actor.nick}
    for clause in clause_list:
        if clause is None:
            yield clause
            continue
        parts = split_orders(clause, _member_sizes(clause, idx, mates)) \
            if any(t.w == "," for t in clause) else [clause]
        for part in parts:  # «кекс грабит ромаху дмон охраняет меня валим мышь»
            yield from split_run_on(part, _member_sizes(part, idx, mates), idx)


def _move_left_apart(clause_list, boss: str, idx):
    """A clan member's clauses with «…, (а) ход — <boss>» apart («голосую за Ёжика, ход —
    Еноту»): the move left to his boss (engine.grammar_delegate.to_my_boss) reads as a
    clause of its own, not as one more name of the move before. The boss is named by his
    nickname or a part of it that fits him alone, or by his title («боссу», «дону»)."""
    roles = role_words()
    for clause in clause_list:
        cut = None if clause is None else next(
            (n for n in range(1, len(clause) - 2) if clause[n].w == "," and
             (k := _heading_end(clause, n + 1)) is not None and k < len(clause) and
             _names_boss(clause, k, boss, idx, roles)), None)
        if cut is None:
            yield clause
        else:
            yield clause[:cut]
            yield clause[cut + 1:]


def _heading_end(clause, k: int) -> int | None:
    """After «(а|и) (мой|свой) ход —» (or «:», «→») at ``k``: the index after the dash; None
    when no such heading stands there."""
    if k < len(clause) and clause[k].w in ("а", "и"):
        k += 1
    if k < len(clause) and clause[k].w in ("мой", "свой"):
        k += 1
    if k + 1 < len(clause) and clause[k].w == "ход" and clause[k + 1].w in ("—", ":", "→"):
        return k + 2
    return None


def _names_boss(clause, k: int, boss: str, idx, roles) -> bool:
    """True when the word at ``k`` names ``boss``: his nickname (or its start), a part of it
    that fits nobody else, or a boss's title («боссу», «дону»)."""
    if not clause[k].word:
        return False
    hit = idx.exact(clause_words(clause), k, None)
    if hit is not None:
        return hit.nick == boss
    near = idx.approximate(clause[k].w) if len(clause[k].w) >= 3 else None
    if near is not None and near.kind != "fuzzy" and near.candidates == (boss,):
        return True
    return roles.get(clause[k].w) == "boss"


def _member_sizes(clause, idx, mates):
    """``members(k)``: the tokens a living member of the boss's clan (``mates``) takes at
    token ``k`` of ``clause`` — by nickname, a capitalised part of it, or his role word after
    the first token — 0 for none."""
    words = clause_words(clause)

    def members(k: int) -> int:
        if k and role_words().get(words[k]) in MEMBER_ROLES:
            return 1  # «Вор — у Совы, охрана на Чингачгука»: a member by his role
        hit = idx.exact(words, k, None)
        if hit is None and clause[k].cap and len(words[k]) >= 2 and \
                words[k].replace("'", "").replace("’", "").isalpha():  # («Smith'а»)
            hit = idx.approximate(words[k])  # «…, Хантер — караулишь меня» (Hunter_77)
            if hit is not None and (hit.kind == "fuzzy" or
                                    len(mates.intersection(hit.candidates)) != 1):
                hit = None
            if hit is None and idx.approximate(words[k]) is None and \
                    sum(compound_head(words[k], n) for n in mates) == 1:
                return 1  # «…, Мешалка — на мне» (Бетономешалка)
            return 1 if hit is not None else 0
        return hit.length if hit is not None and hit.nick in mates else 0
    return members


_W = attrgetter("w")  # a token's normalised text


#: Words that seal the move said before them («Убиваем X. Окончательно.»).
_SEALS = frozenset({"окончательно", "финально"})


def _bare_corrections_joined(clause_list):
    """The clauses, a clause of correction words only («Нет.», «Ой, нет.», «Стоп.») joined to
    the clause after it as if a comma stood between when that one opens with a word of
    correcting or choosing («Голосую за X. Нет. Лучше Y» reads as «Нет, лучше Y»)."""
    held = None
    for clause in clause_list:
        if held is not None:
            first = next((t.w for t in clause if t.word), "") if clause is not None else ""
            if first not in V.CORRECTION_WORDS and first not in V.CHOOSE_WORDS:
                yield held  # («…ой нет, стоп. Мирона вчера звали»: a reason, no new choice)
            else:
                comma = Tok(",", ",", held[-1].end, held[-1].end, False)
                clause = held + [comma] + clause
            held = None
        if clause is not None and all(not t.word or t.w in V.CORRECTION_WORDS for t in clause) \
                and any(t.w in V.CORRECTION_HEADS or t.w == "хотя" for t in clause) and \
                not all(not t.word or t.w in _SEALS for t in clause):
            # («Убиваем X. Окончательно.⏎За Лиса: …»: the word seals the move before it, as
            # in :func:`_corrections_joined`)
            # («Хотя... нет, она …»: «хотя» alone goes on into «нет, …»)
            held = clause
            continue
        yield clause
    if held is not None:
        yield held


def _kept_apart(clause_list):
    """The clauses, a clause that takes a vote off and ends with «, X оставляю» or «, X
    остаётся» (up to three words after its last comma) cut at that comma: the vote kept is
    read as a clause of its own right after the withdrawal (engine.parse_choice.kept_vote:
    «снимаю голос с X, Смита оставляю»)."""
    for clause in clause_list:
        if clause is None or type(clause) is Talk or \
                V.WITHDRAW_WORDS.isdisjoint(map(_W, clause)):
            yield clause
            continue
        n = max((k for k, t in enumerate(clause) if t.w == ","), default=-1)
        rest = [t for t in clause[n + 1:] if t.word] if n > 0 else []
        if 2 <= len(rest) <= 3 and (rest[-1].w in KEEP_AFTER or rest[0].w in KEEP_AFTER) and \
                not any(t.w in V.WITHDRAW_WORDS for t in rest):
            yield clause[:n]
            yield clause[n + 1:]
        else:
            yield clause


class Talk(list):
    """A clause of talk (:mod:`engine.grammar_talk`), never read: its tokens, or one empty
    token at its start when it was not cut into words (it names nobody: a pronoun after it
    looks past it as past a clause of words)."""


def _beside_self(idx, actor: Actor):
    """``(words, named)`` for :func:`reading_windows`: the third-person verbs of the sender's
    moves by his side (:func:`side_thirds`), and the test that a sentence's words name him:
    a form or pet form of his nickname (never only another player's) or his own role word
    («А Лосяш сам берёт ружьё и стреляет в X» from Лосяш)."""
    if actor.role == "boss":
        return None
    roles = role_words()

    def named(words: list[str]) -> bool:  # (asked only of a sentence with such a verb)
        for k, w in enumerate(words):
            if roles.get(w) == actor.role:
                return True
            if len(w) < 3 or not w.isalpha():
                continue
            hit = idx.exact(words, k, None) or idx.approximate(w)
            if hit is not None and getattr(hit, "kind", "") != "fuzzy" and \
                    actor.nick in ((hit.nick,) if hit.nick else hit.candidates):
                return True
        return False
    return side_thirds(actor.role), named


def _clauses(visible: str, idx, extra: frozenset[str], talk=None, beside_self=None):
    """The clauses of the parts of a letter worth reading (:func:`reading_windows`), with a
    ``None`` between two parts; a part of talk (:mod:`engine.grammar_talk`) as one
    :class:`Talk` a sentence (each is one clause), cut into words only when it may hold a
    correction mark."""
    known = _known_word(idx)
    # no capital anywhere (one C-level pass, not a loop; the lowered letter is remembered for
    # the reading windows' :func:`engine.grammar_hot.lowered`, which lowers it again else)
    lower = visible == lower_of(visible)
    dropped: list = []
    windows = reading_windows(visible, extra, talk, dropped, beside_self)
    if dropped:
        windows = sorted([(lo, hi, ()) for lo, hi in windows] + dropped)
        for n, (lo, hi, talks) in enumerate(windows):
            if n:
                yield None
            if talks:
                for a, b in talks:
                    if may_mark(visible[a:b].lower()):
                        yield from map(Talk, clauses(tokenize_span(visible, a, b)))
                    else:
                        yield Talk([Tok("", "", a, a, False)])
            else:
                yield from _window_clauses(visible, lo, hi, idx, known, lower)
        return
    for n, (lo, hi) in enumerate(windows):
        if n:
            yield None
        yield from _window_clauses(visible, lo, hi, idx, known, lower)


def _window_clauses(visible: str, lo: int, hi: int, idx, known, lower: bool) -> list:
    """The clauses of ``visible[lo:hi]``, a part of the letter worth reading."""
    toks = read_latin(messenger_fixes(tokenize_span(visible, lo, hi)), visible, known,
                      idx.soft_sign_form, idx.is_nick_form)
    toks = unglued(idx.merge(read_digits(toks, visible, lo, hi, idx.is_nick_form)), idx)
    mid = _NO_BETWEEN.search(visible, lo, hi) is not None  # («…, не, …»: rare, C-level)
    found = [_no_said(c, mid) for c in clauses(_as_capitals(toks, idx) if lower else toks)]
    found = [part for c in found for part in run_on_parts(c, idx)]  # («бью X мо не голос Y»)
    return _corrections_joined(found, idx)


#: «не» alone between commas somewhere in the text (:func:`_no_said` looks then only).
_NO_BETWEEN = re.compile(r",\s*[нН][еЕ]\s*,")


def _no_said(clause: list, mid: bool = False) -> list:
    """A clause opening with «не,» read as opening with «нет,»: the spoken «не» of «…Маргоша?
    не, Зорро», «не, давай X» answers no; so does «, не,» inside it when ``mid`` (the text
    holds one)."""
    if len(clause) >= 2 and clause[0].w == "не" and clause[1].w == ",":
        return [clause[0]._replace(w="нет")] + clause[1:]
    if len(clause) >= 3 and clause[0].w == "не" and clause[1].w in _SPOKEN_FILL:
        k = 1
        while k < len(clause) and clause[k].w in _SPOKEN_FILL:
            k += 1
        if k < len(clause) and clause[k].w in _CHANGED_MIND:
            # «не короче передумал голос на X»: the spoken «нет», then the change of mind
            return [clause[0]._replace(w="нет")] + clause[1:]
    if mid and len(clause) >= 5:
        # «клан — Туманный тоже, не, клан Бродяга»: «не» alone between commas inside the
        # clause is the same spoken «no»
        out = None
        for k in range(1, len(clause) - 1):
            if clause[k].w == "не" and clause[k - 1].w == "," and clause[k + 1].w == ",":
                out = out or list(clause)
                out[k] = clause[k]._replace(w="нет")
        return out or clause
    return clause


#: Fillers of speech between a spoken «не» and the change of mind («не, ну, короче …»).
_SPOKEN_FILL = frozenset({"короче", "ну", "типа", "блин", ","})
#: Words of a change of mind that make a clause's opening «не» the spoken «нет».
_CHANGED_MIND = frozenset({"передумал", "передумала", "передумали", "стоп"})


def _corrections_joined(found: list, idx) -> list:
    """«иду к бегемоту. нет. к ёжику.»: a sentence of correction words alone («нет.») goes
    on into the next one when that one is a preposition and a player's name, as «нет, к
    ёжику» (not «Нет. К сожалению, …»)."""
    out: list = []
    for c in found:
        if out and len(c) >= 2 and c[0].w in V.PREPOSITIONS and \
                correction_end(out[-1]) == len(out[-1]) and \
                not all(not t.word or t.w in _SEALS for t in out[-1]) and \
                (idx.exact([t.w for t in c], 1, None) is not None or
                 getattr(idx.approximate(c[1].w), "kind", "fuzzy") in ("part", "pet")):
            out[-1] = out[-1] + c
        else:
            out.append(c)
    return out


def _as_capitals(toks: list, idx) -> list:
    """The tokens of a letter written with no capital at all (a phone, a hurry), with every
    word that is a case form of a nickname marked as written with a capital: such a writer
    tells a name from a word by nothing, so the parser reads his «голоса сова и гость»,
    «или ёжика» as a writer with capitals is read («Сова и Гость», «или Ёжика»)."""
    names = idx.single
    firsts = idx.multi_first
    return [t._replace(cap=True) if t.word and not t.cap and (t.w in names or t.w in firsts)
            else t for t in toks]


def _today_problem(ctx, it):
    """The swindler's «Сегодня — X» without branches: unparsed (it may be his swindle or his
    vote)."""
    if it.move is None:
        return it
    return Item(it.pos, problem=problem(it.move.span, "unparsed", "which_move"))


@functools.lru_cache(maxsize=64)
def _with_members(nicks: tuple[str, ...], names: frozenset[str],
                  members: tuple[str, ...]) -> frozenset[str]:
    """``names`` and the one-word parts of the boss's members' nicknames («мотя» for «Тётя
    Мотя»): a boss's clause naming a member so is worth reading («Мотя — меня»)."""
    parts = {w for w, owners in name_index(nicks).parts.items()
             if not owners.isdisjoint(members)}
    parts |= {f for n in members for f in compound_head_forms(n)}  # «Мешалка — на мне»
    return names | frozenset(parts) if parts - names else names


def _known_word(idx):
    """What the parser knows as a word (for reading transliterated Russian, engine.translit):
    a nickname form or word, a move or trigger word, a Russian dictionary word."""
    forms, parts, triggers = idx.trigger_forms(), idx.parts, clause_triggers()

    def known(w: str) -> bool:
        return w in forms or w in parts or w in triggers or is_known_word(w)
    return known


def _read_plain(text: str, sender: str, state: GameState, turn: TurnInfo) -> ParseResult:
    """:func:`parse_letter` without settling conditions (engine.parse_ifgame reads a branch)."""
    return parse_letter(text, sender, state, turn, _settle=False)


def _more_too(clause: list[Tok]) -> bool:
    """True when a short clause opens with «и» / «ещё» and holds «тоже» / «также» («И
    Зугцванга тоже»): one more target for the move before, its name perhaps written in
    another alphabet than the roster's (no form of it known before it is read)."""
    words = [t.w for t in clause if t.word]
    return 2 < len(words) <= 6 and words[0] in ("и", "еще", "ещё") and \
        not {"тоже", "также"}.isdisjoint(words[2:])
