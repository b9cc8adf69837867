"""The letter as a whole (engine.parse): corrections and withdrawals across sentences, votes
merged, conflicting duplicates refused, the fan's searched role, a hunt with an excluding
role move refused (engine.legality), a dead sender refused.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .grammar_delegate import NO_ROLE_MOVE
from .grammar_rules import max_targets, problem
from . import grammar_vocab as V
from .legality import SELF_SETTLED, hunt_refusal, move_targets, refusal_problem
from .lexicon import lexicon
from .model import Move, Problem
from .parse_appeal import appeal_denied
from .parse_judge import detective_alive
from .grammar_tokens import clause_words, tokenize
from .names import name_index
from .roles import ROLE_CIVILIANS
from .textnorm_typing import swaps
from .words import is_known_word, past_tense, role_words, verb_reading
from .parse_types import Ctx, Item, done_action, one_a_turn
from .parse_run_correction import correction_unread
from .parse_search_after import search_target_after, sentence_end, sentence_start, span_at


#: Words that, between a move and a wish of the same move after it, make the wish a second
#: thought («Слежу за X. Хотя лучше бы за Y послежу»), not a wish given up.
_RATHER = re.compile(r"(?<!\w)(?:хотя|лучше|вернее|правильнее|разумнее)(?!\w)")


def _rather_after(text: str, it: Item, items: list[Item]) -> bool:
    """True when the problem item ``it`` (a wish «бы …» of a move the letter makes) stands
    after that move with a word of :data:`_RATHER` between them: «Слежу
    за Кузей, хотя лучше бы за Муркой послежу» doubts the move made and is asked, while «Я
    бы проверил X, но проверяю Y» (the wish first) is a wish given up."""
    if it.problem.reason != "conditional" or it.pos < 0:
        return False
    made = [o.pos for o in items if o.move is not None and o.pos >= 0 and o.pos < it.pos and
            done_action(o.move) == it.tried]
    if not made:
        return False
    return _RATHER.search(text.lower(), max(made), it.pos + 1) is not None


def finish(ctx: Ctx, items: list[Item]) -> tuple[list[Move], list[Problem]]:
    """Merge votes, refuse conflicting duplicates and excluded hunts, refuse a dead sender."""
    items.sort(key=lambda it: it.pos)
    withdrew = any(it.withdraw is not None for it in items)
    if withdrew:
        # «Голоса: X и Y. … upd снимаю голос с Y, он же уже мёртв»: the vote on the dead
        # taken off by the writer himself later in the letter: nothing left to refuse
        items = [it for it in items if not (
            it.move is None and it.problem is not None and it.tried == "vote" and
            it.problem.reason == "target_dead" and it.pos >= 0 and it.problem.target and
            any(o.withdraw and o.pos > it.pos and it.problem.target in o.withdraw
                for o in items))]
    items = _withdrawn(_corrected(ctx, _misplaced_back(items)), ctx.text)
    done = {it.move.action for it in items if it.move is not None}
    items = [it for it in items if not (it.problem is not None and it.tried in done and (
        (it.problem.reason in ("no_target", "conditional", "hedge", "abstain", "reported") and
         not _rather_after(ctx.text, it, items)) or
        # «Миномёт мой, ееее! Шмаляю по X»: the mortar told of, then fired
        (it.tried == "mortar" and it.problem.reason == "unknown_name") or
        # «Мне выпал иммунитет «Выбери меня!». В пару беру X»: a quote read as the name
        (it.problem.reason == "unknown_name" and _quote_read(ctx.text, it) == "quote")))]
    items = [it for it in items if not _life_before_game(ctx.text, it, items)]
    # «в гости на Кагор и Пирожки зову Тамару Г.»: a word of what the guest is asked to,
    # the guest named by the letter's invitation: nothing to ask
    items = [it for it in items if not (it.occasion and it.move is None and "invite" in done)]
    # «…я иду на свидание к Кармен… (Это шутка, а не ход, если что.)»: the writer says
    # himself that what he just wrote is no move
    items = [it for it in items if not (
        it.move is None and it.problem is not None and it.pos >= 0 and
        _NO_MOVE_SAID.search(_this_and_next(ctx.text, it.pos).lower()))]
    if any(it.problem is not None and it.problem.reason == "abstain" for it in items) and \
            _penalty_taken(ctx.text.lower()):
        # «не голосую вовсе, пусть будет мне штрафной балл»: the writer knows what a day
        # without a vote costs and takes it; the abstain notice would tell him nothing new
        items = [it for it in items if not (
            it.move is None and it.problem is not None and it.problem.reason == "abstain")]
    # «я по «Страху» выбираю», «сегодня «Голос», по два»: the day's event named, no player
    items = [it for it in items if not (
        it.problem is not None and it.problem.reason == "unknown_name" and
        _quote_read(ctx.text, it) == "event")]
    if "vote" in done:
        # «я вчера голосовал за X? за X», «один голос я отдал за X», «почему был против X»: a
        # vote told in the past, on a player now dead, beside today's vote: history, no vote
        items = [it for it in items if not (
            it.move is None and it.problem is not None and it.tried == "vote" and
            it.problem.reason == "target_dead" and _told_in_past(ctx.text, it))]
    settled = set(ctx.declined)
    if "delegate" in done and ctx.sender.role in _DELEGATED_ROLE_MOVES:
        settled.add(_DELEGATED_ROLE_MOVES[ctx.sender.role])
    if settled:
        # «МО сегодня не отправляю. Может, завтра пальну в X», «Ход на усмотрение босса.
        # Завтра, может, X обнесу»: a move for tomorrow, today's refused or left to the boss:
        # no move today, nothing to ask
        items = [it for it in items if not (
            it.tried in settled and it.move is None and it.problem is not None and
            it.problem.reason == "conditional" and _tomorrow_said(ctx.text, it.pos))]
        # «Сегодня лечить никого не буду, а пойду на охоту. … я себя лечу компрессами с
        # димексидом»: the move refused for today, its move word on no player is about the
        # writer's life, nothing to ask
        items = [it for it in items if not (
            it.tried in settled and it.move is None and it.problem is not None and
            it.problem.reason == "unknown_name")]
    # «Завтра, может быть, зайду к Эллочке, но это завтра»: the writer says himself that the
    # move weighed is tomorrow's, none today: nothing to ask
    items = [it for it in items if not (
        it.move is None and it.problem is not None and it.problem.reason == "conditional" and
        _only_tomorrow(ctx.text, it.pos))]
    # «Слежу за... завтра решу»: a choice left open, the writer saying in the same
    # paragraph that he will decide it tomorrow: no move today, nothing to ask
    items = [it for it in items if not (
        it.move is None and it.problem is not None and
        it.problem.reason in ("alternative", "conditional") and _decided_later(ctx.text, it.pos))]
    if any(it.later for it in items) and (_LATER_SAID.search(low := ctx.text.lower()) or
                                          _TODAY_NONE.search(low)):
        # «Думаю, завтра проголосую за X … Пока без голоса, позже напишу»: a plan, and the
        # move is promised later (or today is said to have none: «Сегодня, простите, без
        # хода»): nothing to ask
        items = [it for it in items if not it.later]
    # «Обношу Бобра… стоп, нет, у него пусто. Обношу Петю»: the move made again after it was
    # taken back answers the question the retraction would ask
    items = [it for it in items if not (
        it.retracted and any(o.move is not None and o.pos > it.pos and
                             o.move.action == it.retracted
            for o in items))]
    items = [it for it in items if not _superseded(ctx, it, items)]
    # «Проверяю Ромашку… а, её нет уже. Проверяю Тюльпана»: a move on a dead player made
    # again on a living one later in the letter was chosen anew; no refusal to tell (a vote
    # for the dead stays refused: the reply tells which vote did not count). So is a move on
    # yesterday's target («лечу Соню… блин, её же вчера лечила, тогда лечу Маринку»)
    # A vote on the dead whose death the writer remarks himself before voting anew («Голос
    # за Маргариту... ой, её нет. За Алекса К.») needs no refusal either
    items = [it for it in items if not (
        it.move is None and it.problem is not None and it.tried == "vote" and
        it.problem.reason == "target_dead" and it.pos >= 0 and
        any(o.move is not None and o.pos > it.pos and o.move.action == "vote" and
            _GONE.search(ctx.text.lower(), it.pos, o.pos) for o in items))]
    items = [it for it in items if not (
        it.move is None and it.problem is not None and
        it.problem.reason in ("target_dead", "same_target_twice") and
        it.tried and it.tried != "vote" and
        any(o.move is not None and o.pos > it.pos and (o.move.action == it.tried or (
            # «Квин — обнести Лавину… а, она ж уже выбыла. Тогда Квин обносит Гондолу»: a
            # boss's order on the dead given anew to the member on a living player
            o.move.action == "on_behalf" and o.move.move is not None and
            it.problem.action == o.move.move.action)) for o in items))]
    # «охрану ставлю на себя. … Borman — охраняет меня» from a boss: the move word his role
    # has not, on the target of an order he gives a member for the same move in the letter,
    # is that order said twice, nothing to refuse
    items = [it for it in items if not (
        it.move is None and it.problem is not None and
        it.problem.reason == "not_your_role" and it.problem.action and
        any(o.move is not None and o.move.action == "on_behalf" and o.move.move is not None
            and o.move.move.action == it.problem.action
            and it.problem.target in move_targets(o.move.move) for o in items))]
    # «Двое: X и Y. … Стоп, X позавчера пытались … Меняю: вместо X — Z»: the doubt about X
    # is answered once the letter takes him off the move
    items = [it for it in items if not (
        it.move is None and it.spared and it.problem is not None and
        it.problem.reason == "retracted" and not any(
            o.move is not None and not set(it.spared).isdisjoint(move_targets(o.move))
            for o in items))]
    items = appeal_denied(ctx, _merge_votes(ctx, items))  # «знаю, что X за него не голосовал»
    items = _second_vote_lost(ctx, items, withdrew)
    items = _taken_back_kept(ctx, items)
    items = correction_unread(ctx, items)  # «ворую у X⏎поправка у Y» with no comma: asked
    items = _role_named_alone(items)  # «Ищу своего детектива. Сегодня ищу у X»
    items = _merge_duplicates(ctx, items)
    if any(it.move is not None and it.move.action in _OWN_ROLE_MOVES for it in items):
        # «ворую у X; убить предлагаю Y, но решай сам»: his own move stands, «решай сам» is
        # about the suggestion
        items = [it for it in items if it.move is None or it.move.action != "delegate"]
        # («Ворую у Розы. Босс, убить советую Гошу, но решай сам»: advice beside his move)
        items = [it for it in items if not it.advised]
    items = _advice_answered(items)
    items = _kill_idea_left(ctx, items)
    items = [it for it in items if not _kill_left(ctx, it)]
    items = _search_role(ctx, items)
    items = search_target_after(ctx, items)  # «Ищу доктора! Первый кандидат — X»
    items = _search_target_lost(ctx, items)
    items = _check_on_suspect(ctx, items)
    items = _exclude_hunt(ctx, items)
    items = [_self_aimed(ctx, it) for it in items]
    moves: list[Move] = []
    problems: list[Problem] = []
    for it in items:
        if not ctx.sender.alive and (it.move is not None or it.tried or (
                it.problem is not None and it.problem.kind in ("not_your_role", "not_allowed"))):
            # (a dead player's «Миномёт: X» is refused because he is out, not for the mortar)
            if it.move is not None:
                problems.append(problem(it.move.span, "not_allowed", "dead",
                                        action=it.move.action, target=it.move.target or ""))
            else:
                problems.append(problem(it.problem.text, "not_allowed", "dead", action=it.tried,
                                        target=it.problem.target or ""))
        elif it.move is not None:
            moves.append(it.move)
        elif it.problem is not None:
            problems.append(it.problem)
    return moves, problems


_OWN_ROLE_MOVES = frozenset({"rob", "guard"})


def _advice_answered(items: list[Item]) -> list[Item]:
    """«Шеф, кланом предлагаю X. Решай сам.»: a bare «решай сам» after a kill the member
    put to his boss (asked, ``Item.advised``) answers that proposal; it is no clear leaving
    of the member's own move to the boss, so no ``delegate`` is read from it."""
    first = min((it.pos for it in items if it.advised), default=None)
    if first is None:
        return items
    return [it for it in items if not (
        it.move is not None and it.move.action == "delegate" and it.pos > first and
        set(re.findall(r"\w+", (it.move.span or "").lower())) <= _DECIDE_YOURSELF)]


def _kill_idea_left(ctx: Ctx, items: list[Item]) -> list[Item]:
    """«Деда, может, Маринку уберём? Я бы предложила, но решай сам», «может, грохнем X?
    Хотя не знаю, это как босс скажет», «завтра может X уберём, подумаем ещё. Сегодня решай
    сам»: from a clan member who is not the boss, a bare leaving to the boss (:func:`_bare_left`)
    in the sentence of a kill put to him as a maybe («может», «давай», «бы», «?»: a player
    named beside a kill word, :func:`_kill_idea`) or in the sentence right after it answers
    that idea: the boss decides the kill, the member leaves him no move of his own, so no
    ``delegate`` is read from it. «По убийству — как босс скажет» names nobody: it leaves the
    kill to the boss (a ``delegate``, as before)."""
    me = ctx.sender
    if not me.mafia or me.role == "boss" or \
            not any(it.move is not None and it.move.action == "delegate" for it in items):
        return items
    out = []
    for it in items:
        if it.move is not None and it.move.action == "delegate" and it.pos >= 0 and \
                _bare_left(ctx, it.move.span or "") and _kill_idea(ctx, it.pos):
            continue
        out.append(it)
    return out


#: Words a bare leaving to the boss may hold besides :data:`_DECIDE_YOURSELF` («это как
#: босс скажет», «пусть дон решает»).
_AS_BOSS_SAYS = frozenset({"как", "это", "пусть", "пускай", "скажет", "решит", "решает",
                           "босс", "дон", "шеф", "главный", "хотя", "не", "знаю"})


def _bare_left(ctx: Ctx, span: str) -> bool:
    """True when the words of a ``delegate`` move's ``span`` are only those of a bare «решай
    сам» / «как босс скажет» and the boss's nickname: no word of the member's own move
    («ход», «усмотрение», «охранять»)."""
    words = set(re.findall(r"\w+", span.lower().replace("ё", "е")))
    boss = next((n for n, p in ctx.state.players.items() if p.alive and p.role == "boss" and
                 p.clan == ctx.sender.clan), None)
    own = set(re.findall(r"\w+", boss.lower().replace("ё", "е"))) if boss else set()
    return bool(words) and words <= _DECIDE_YOURSELF | _AS_BOSS_SAYS | own


#: Words that make a kill an idea put to the boss, no order («может, уберём X?»).
_MAYBE = frozenset({"может", "можно", "давай", "давайте", "бы", "предлагаю", "предложила",
                    "предложил"})


def _kill_idea(ctx: Ctx, at: int) -> bool:
    """True when the sentence holding offset ``at`` (up to ``at``) or the sentence before it
    holds a kill word (lexicon class KILL), a roster name and a word of :data:`_MAYBE` or
    ends with «?»."""
    text = ctx.text
    own = sentence_start(text, at)
    lo = sentence_start(text, own - 1) if own > 0 else own
    for a, b in ((own, at), (lo, own)):
        if b <= a:
            continue
        piece = text[a:b]
        toks = [t for t in tokenize(piece) if t.word]
        words = [t.w for t in toks]
        lex = lexicon()
        if not any(lex.words.get(w) == V.KILL for w in words):
            continue
        if not (_MAYBE.intersection(words) or piece.rstrip().endswith("?")):
            continue
        idx = name_index(ctx.nicks)
        if any(idx.exact(words, k, None) is not None or (
                len(w) >= 3 and (hit := idx.approximate(w)) is not None and hit.kind != "fuzzy")
               for k, w in enumerate(words)):
            return True
    return False


#: The words of a bare «решай сам» («Решай сам, ты главный», «ну решайте сами»).
_DECIDE_YOURSELF = frozenset({"решай", "решайте", "реши", "решите", "сам", "сама", "сами",
                              "ты", "вы", "ну", "уж", "тогда", "там", "главный", "главная",
                              "короче", "в", "общем", "же"})

#: The day's events by name («Страх», «Голос», «Выбери меня!»): in quotes, never a player.
_EVENT_NAME = re.compile(r"(?:страх|голос|ярост|затмени|парадокс|пальм|тайн|апел[её]вк|"
                         r"полнолуни|праздник)\w{0,3}|выбери")
_QUOTE_END = re.compile(r"«(\w[\w-]*)(»?)$")


#: «по игре», «в игре»: the words that set the game apart from the writer's life.
_IN_GAME = re.compile(r"(?<!\w)(?:по|в) игре(?!\w)")
#: «а дома», «а в жизни», «а на работе»: the words that turn from the game to the writer's
#: life (after the game's move).
_IN_LIFE = re.compile(r"(?<!\w)а (?:дома|в жизни|по жизни|в реале|на работе|на даче)(?!\w)")


def _life_before_game(text: str, it: Item, items: list[Item]) -> bool:
    """True when the problem item ``it`` is an unknown name of a move word that the letter
    makes later, after «по игре» or «в игре» («Деплою до ночи, охраняю прод от релизов. А
    по игре охраняю себя»; «слежу за турниром в Вейк-ан-Зее, но в игре — за X»): the writer
    sets his life apart from the game, the earlier move word is about his life and nothing
    is asked about it; so is the move word after the game's move and «а дома», «а на
    работе» («Охраняю X. А на работе охраняю сервер от хакеров»)."""
    if it.problem is None or it.problem.reason != "unknown_name" or not it.tried or \
            it.pos < 0:
        return False
    low = text.lower()
    return any(o.move is not None and done_action(o.move) == it.tried and (
        (o.pos > it.pos and _IN_GAME.search(low, it.pos, o.pos) is not None) or
        (0 <= o.pos < it.pos and _IN_LIFE.search(low, o.pos, it.pos) is not None))
        for o in items)


def _quote_read(text: str, it: Item) -> str:
    """"event" when the unknown name of ``it`` is an event's name in quotes («по „Страху“»,
    «сегодня «Голос»»); "quote" when it is the first word of a quote of several words
    («иммунитет — «Бывает так: …»»); "" otherwise (a one-word quote of no event, «голос за
    «Жмыха»», may be a nick and stays asked)."""
    m = _QUOTE_END.search(it.problem.text)
    if m is None:
        return ""
    if _EVENT_NAME.fullmatch(m.group(1).lower()):
        return "event"
    at = text.find(it.problem.text, it.pos)
    if m.group(2) or at < 0:
        return ""
    rest = text[at + len(it.problem.text):]
    close = rest.find("»")
    inside = rest[:close] if close >= 0 else rest[:40]
    return "quote" if re.search(r"\w", inside) else ""


def _told_in_past(text: str, it: Item) -> bool:
    """True when the words of ``it``'s problem, or of the question it echoes («голосовал за
    X? за X»), hold a verb in the past tense and no «бы» (not «голосовала бы за X»)."""
    at = text.find(it.problem.text, it.pos)
    if at < 0:
        return False
    lo = at
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, at)), default=0)
    if not text[start:at].strip() and start > 0 and text[start - 1] == "?":
        # (an echo answering the sentence before: look at that question too)
        lo = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start - 1)), default=0)
    words = [w.lower() for w in _WORD.findall(text[lo:at + len(it.problem.text)])]
    return "бы" not in words and any(past_tense(w) for w in words)


_TOMORROW = re.compile(r"\b(?:после)?завтра\b")


def _tomorrow_said(text: str, pos: int) -> bool:
    """True when «завтра» / «послезавтра» stands in the sentence of the letter at ``pos``."""
    lo = max((m.end() for m in _SENTENCE_END.finditer(text, 0, pos)), default=0)
    end = _SENTENCE_END.search(text, pos)
    return _TOMORROW.search(text[lo:end.start() if end else len(text)].lower()) is not None


#: The writer's word that what he wrote is no move («это шутка, а не ход», «это не ход»).
_NO_MOVE_SAID = re.compile(r"(?<!\w)(?:это\s+)?шутка,?\s+(?:а\s+)?не\s+ход(?!\w)|"
                           r"(?<!\w)это\s+не\s+ход(?!\w)")


def _this_and_next(text: str, pos: int) -> str:
    """The text from ``pos`` to the end of the sentence after the one at ``pos``."""
    end = _SENTENCE_END.search(text, pos)
    if end is None:
        return text[pos:]
    after = _SENTENCE_END.search(text, end.end())
    return text[pos:after.start() if after else len(text)]


#: The writer taking the penalty of a day without a vote («пусть будет мне штрафной балл»,
#: «поставьте мне штрафной балл, я переживу»), not asking about it («…штрафной балл?»).
_PENALTY = r"(?:штрафн\w*(?:\s+(?:балл|очк)\w*)?|штраф(?!\w)|автобал+\w*|автокил+\w*)"
_PENALTY_TAKEN = re.compile(
    r"(?<!\w)(?:пусть|пускай|поставьте|ставьте|поставь|ставь|готов|готова|согласен|согласна)"
    r"(?:\s+\w+){0,3}[\s,]+" + _PENALTY + r"(?![^.!?\n]*\?)|"
    r"(?<!\w)" + _PENALTY + r"[^.!?\n]{0,20}(?:переживу|плевать|не\s+страшно)"
    r"(?![^.!?\n]*\?)")
#: The words of that penalty, the cheap test before :data:`_PENALTY_TAKEN`.
_PENALTY_WORDS = ("штраф", "автобал", "автокил")


def _penalty_taken(low: str) -> bool:
    """True when the lower-cased letter ``low`` takes the penalty of a day without a vote
    («пусть будет штрафной, переживу», «пусть автобалл», «автокилл — плевать»), asking
    nothing about it (:data:`_PENALTY_TAKEN`)."""
    return any(w in low for w in _PENALTY_WORDS) and _PENALTY_TAKEN.search(low) is not None

#: The writer's remark that a player is dead («ой, её нет», «его же убили», «он же всё»).
_GONE = re.compile(r"(?<!\w)(?:(?:её|ее|его)\s+(?:же\s+)?(?:уже\s+)?нет(?:у)?|"
                   r"(?:уже\s+)?(?:убили|повесили|слили|линчевали|умер|умерла|выбыл|выбыла)|"
                   r"(?:он|она)\s+(?:же\s+)?(?:уже\s+)?(?:всё|все|мертв|мёртв|мертва|мёртвая))"
                   r"(?!\w)(?!\s+равно)")  # (not «он же всё равно молчит»)

#: «(но) это (уж) завтра»: the writer puts what he just said off to tomorrow.
_THAT_TOMORROW = re.compile(r"(?<!\w)это\s+(?:уж\s+|уже\s+)?(?:завтра|послезавтра)(?!\w)")


def _only_tomorrow(text: str, pos: int) -> bool:
    """True when the sentence of the letter at ``pos`` says, after ``pos``, «это завтра» /
    «это уж завтра» («…, может быть, и X навещу — но это уж завтра»)."""
    end = _SENTENCE_END.search(text, pos)
    return _THAT_TOMORROW.search(text[pos:end.start() if end else len(text)].lower()) is not None


#: The role move a clan member's «ход на усмотрение босса» leaves to the boss.
_DELEGATED_ROLE_MOVES = {"thief": "rob", "guard": "guard"}


def _superseded(ctx: Ctx, it: Item, items: list[Item]) -> bool:
    """True for an ``unparsed`` fragment the rules could not read («краду у этой, как её»,
    «громлю сову нет отмена», «Маньячу всех подряд») when the letter makes the same move
    (an action made once a turn) plainly LATER: the writer's last word is the move, the
    fragment before it a draft, a fumble or talk, and a careful host asks nothing about it.
    A fragment after the read move is still asked (it may correct it)."""
    p = it.problem
    if p is None or it.move is not None or p.kind != "unparsed" or not it.tried or \
            not one_a_turn(ctx, it.tried):
        return False
    return any(o.move is not None and o.pos > it.pos and done_action(o.move) == it.tried
               for o in items)

_WORD = re.compile(r"\w+")


#: «сам», «сама»: the mover himself as the subject («сам порешу»), no word for his target.
_SELF_SUBJECT = frozenset({"сам", "сама"})


def _self_aimed(ctx: Ctx, it: Item) -> Item:
    """A move the rules do not settle for the sender himself (a check, a kill, a hunt, a
    theft… — not heal, guard, beat, invite: engine.legality.SELF_SETTLED) read as aimed at
    him from a form of his own nick, not from «себя»/«меня», or a vote for him read from a
    part or look-alike of his nick, not the nick itself («Лин4 в тайну» from Хозяин_Тайги):
    a signature, a greeting or a look-alike word read as the target far more often than a
    player aiming at himself («Во вторник убийство» from «Вторник»). Asked (``self_aim``),
    never applied."""
    m = it.move
    if m is not None and m.action == "on_behalf" and m.move is not None and m.member and \
            m.move.action not in SELF_SETTLED and m.member in move_targets(m.move):
        # («за макса роб катя» read as Макс robbing himself: the member's own nick taken as
        # his target — a name the rules did not read stands beside it): asked
        return Item(it.pos, problem=problem(m.span, "unparsed", "member_self_aim",
                                            action=m.action), tried=m.action)
    if m is None or (m.action in SELF_SETTLED and m.action != "vote") or \
            m.action == "on_behalf" or ctx.sender.nick not in move_targets(m):
        # (a swindle too: «кручу финт на X» from Финт is his nick as a noun, not his target)
        return it
    at = ctx.text.find(m.span or "", it.pos) if m.span else -1
    # (the move's words and a few after them: «голос максу. да, себе»)
    near = ctx.text[at:at + len(m.span) + 40] if at >= 0 else (m.span or "")
    if m.action == "swindle":  # (the branches' «зову к себе» after it are not his)
        near = m.span or ""
    said = {w.lower() for w in _WORD.findall(near)}
    # (nominative «сам»/«сама» is «I myself», no object: «тамару сам порешу … лесник»)
    if not said.isdisjoint(V.SELF_WORDS - _SELF_SUBJECT) or \
            not said.isdisjoint({"меня", "мне", "мной", "я", "себе"}):
        return it
    if m.action == "vote":  # (a vote «oneself included»: when his nick is written in full)
        words = clause_words(tokenize(m.span or ""))
        idx = name_index(ctx.nicks)
        if any((hit := idx.exact(words, k, None)) is not None and hit.nick == ctx.sender.nick
               for k in range(len(words))):
            return it
    return Item(it.pos, problem=problem(m.span, "unparsed", "self_aim", action=m.action),
                tried=m.action)


#: A letter that promises its move later («позже напишу», «пока без голоса»).
_LATER_SAID = re.compile(r"(?:позже|потом|попозже|вечером|завтра) (?:на|до)?пишу|"
                         r"(?:на|до)пишу (?:позже|потом|попозже)|пока без (?:голоса|хода)|"
                         r"пока не (?:голосую|решил|решила|определил|определилась)")


#: The writer putting his choice off to another day: «завтра решу», «решу завтра» (a choice
#: put off to later today, «подумаю и напишу ещё», is still asked: the move is today's).
_DECIDE_LATER = re.compile(
    r"(?<!\w)(?:после)?завтра\s+(?:решу|определюсь)(?!\w)|"
    r"(?<!\w)(?:решу|определюсь)\s+(?:после)?завтра(?!\w)")


def _decided_later(text: str, pos: int) -> bool:
    """True when the paragraph (line) of the letter at ``pos`` says after ``pos`` that the
    writer will decide tomorrow (:data:`_DECIDE_LATER`)."""
    if pos < 0:
        return False
    end = text.find("\n", pos)
    return _DECIDE_LATER.search(text[pos:end if end >= 0 else len(text)].lower()) is not None


#: A letter that says today has no move («Сегодня без хода», «сегодня, простите, без
#: голоса»).
_TODAY_NONE = re.compile(r"сегодня(?:,\s*[^.!?\n,]{1,20},)?\s+без\s+(?:хода|ходов|голоса)")


def _misplaced_back(items: list[Item]) -> list[Item]:
    """«Маньячу X. Голос Y. UPD: нет, передумал. Маньячу Z»: a bare change of mind followed
    by a move of another kind than the one right before it, which changes an earlier move of
    that kind, is about that move (the correction mark keeps the later one): the move right
    before is given back and nothing is asked. Items sorted by offset."""
    out = items
    for it in items:
        if not it.restore or it.problem is None:
            continue
        after = next((o for o in out if o.pos > it.pos and o.move is not None), None)
        first = min(r.pos for r in it.restore)
        if after is None or after.move.action == it.retracted or not any(
                o.pos < first and o.move is not None and _key(o.move) == _key(after.move)
                for o in out):
            continue
        out = sorted([o for o in out if o is not it] + it.restore, key=lambda o: o.pos)
    return out


def _item_key(it: Item) -> tuple:
    if it.move is not None:
        return _key(it.move)
    return (it.tried, "", "")


#: Correction marks that conclude («так что», «поэтому») rather than take back.
_CONCLUDES = re.compile(r"(?i)так что|поэтому")


def _corrected(ctx: Ctx, items: list[Item]) -> list[Item]:
    """A correction mark («нет», «то есть», «хотя нет», «UPD», «передумал») between two moves
    of the same kind keeps only the later one (issue 11)."""
    for mark in sorted(set(ctx.marks)):
        so = _CONCLUDES.search(ctx.text, max(0, mark - 4), mark + 8) is not None  # (at «что»)
        after = {_item_key(it) for it in items if it.pos >= mark and (it.move or it.tried) and
                 not (so and it.problem is not None and it.problem.reason == "no_target")}
        # («Голосую за Лёлика. …, так что пусть покажет линч»: the move word again with no
        # target after «так что» takes nothing back; after «хотя нет» it does)
        if any(it.withdraw is not None and it.pos >= mark for it in items):
            after.discard(("vote", "", ""))  # «UPD: снимаю голос с X, второй — за Y»
        elif ("vote", "", "") in after and (kept := _second_added(ctx, items, mark)) is not None:
            after.discard(("vote", "", ""))  # «Голос — X. UPD: второй голос — Y»: one more
            items = kept
        if ("clan_kill", "", "") in after and _second_kill_after(ctx, items, mark):
            after.discard(("clan_kill", "", ""))  # «…хотя нет, Y не трогаем. Вторым — Z»
        items = [it for it in items
                 if it.pos >= mark or not (it.move or it.tried) or _item_key(it) not in after]
    return items


_SECOND_KILL = re.compile(r"\bвтор(?:ым|ого|ой|ую|ая)\b")


def _second_kill_after(ctx: Ctx, items: list[Item], mark: int) -> bool:
    """Under «Полнолуние», True when the first clan kill after the correction mark at
    ``mark`` is said to be the second («…хотя нет, Y пока не трогаем. Вторым убиваем Z»)
    and a clan kill of one player stands before the mark: the kill before stays beside it."""
    if ctx.turn.event != "full_moon":
        return False
    later = next((it for it in items if it.pos >= mark and it.move is not None and
                  it.move.action == "clan_kill"), None)
    before = [it for it in items if it.pos < mark and it.move is not None and
              it.move.action == "clan_kill"]
    if later is None or len(before) != 1 or before[0].move.targets or later.move.targets:
        return False
    end = ctx.text.find(later.move.span or "", later.pos)
    end = later.pos if end < 0 else end + len(later.move.span or "")
    return _SECOND_KILL.search(ctx.text[mark:end].lower()) is not None


#: Words by which a vote after a correction mark says it is the day's second vote, given
#: beside the first («UPD: второй голос — Y», «добавляю ещё один голос: Y»).
_SECOND_GIVEN = re.compile(r"\bвтор(?:ой|ое|ым|ому|ого)\b|\bещ[её] (?:один|одного)\b|\bдобавл\w+")


def _second_added(ctx: Ctx, items: list[Item], mark: int) -> list[Item] | None:
    """On a two-vote day, the letter's items when the first vote after the correction mark at
    ``mark`` is said to be the second vote («Голосую за X. UPD: второй голос — Y»): it is
    added beside the vote before, not put in its place (issue 11: a correction mark took the
    first vote away in silence). A vote of two players before keeps its first player only
    («Голос X и Z. UPD: Z снимаю, второй — Y»). None when the vote after the mark is not so
    said, or no single earlier vote item is there to keep."""
    if ctx.votes != 2:
        return None
    later = next((it for it in items if it.pos >= mark and it.move is not None and
                  it.move.action == "vote"), None)
    before = [it for it in items if it.pos < mark and it.move is not None and
              it.move.action == "vote"]
    if later is None or later.move.targets or len(before) != 1 or \
            any(it.pos < mark and it.tried == "vote" and it.move is None for it in items):
        return None
    end = ctx.text.find(later.move.span or "", later.pos)
    end = later.pos if end < 0 else end + len(later.move.span or "")
    if not _SECOND_GIVEN.search(ctx.text[mark:end].lower()):
        return None
    old = before[0]
    targets = old.move.targets or (old.move.target,)
    if len(targets) == 1:
        return items
    first = Item(old.pos, move=replace(old.move, target=targets[0], targets=()), tried="vote")
    return [first if it is old else it for it in items]


def _withdrawn(items: list[Item], text: str = "") -> list[Item]:
    """Drop the votes a later «снимаю голос с X» takes back, and the withdrawal items. A
    withdrawal naming no vote of the letter, said with no word of a vote, names the target
    of another move («Убиваем X и Y. Хотя нет, Y снимаю»): the full moon's second victim is
    dropped, another such move is asked (:func:`_move_withdrawn`)."""
    out: list[Item] = []
    for it in items:
        if it.withdraw is None:
            out.append(it)
            continue
        names = set(it.withdraw)
        if "*" not in names and text and not any(
                o.move is not None and o.move.action == "vote" and
                not names.isdisjoint(move_targets(o.move)) for o in out) and \
                "голос" not in text[sentence_start(text, it.pos):
                                    sentence_end(text, it.pos)].lower():
            out = [_move_withdrawn(o, names, text) for o in out]
        if "*" not in names and text:
            out = [_told_vote_doubted(o, names, it.pos, text) for o in out]
        out = [o for o in out if not _retraction_answered(o, names) and not (
            # «Утром писала, что голосую за X, — снимаю голос с X»: the vote told of is
            # taken back, nothing to ask about it
            o.move is None and o.tried == "vote" and o.aimed and o.problem is not None and
            o.problem.reason in ("reported", "conditional") and
            ("*" in names or set(o.aimed) <= names))]
        kept: list[Item] = []
        for o in out:
            if o.move is not None and o.move.action == "vote":
                targets = o.move.targets or (o.move.target,)
                left = [t for t in targets if "*" not in names and t not in names]
                if len(left) == len(targets):
                    kept.append(o)
                elif left:  # «снимаю голос с Бульдозера»: the other vote stays
                    kept.append(Item(o.pos, move=replace(o.move, target=left[0], targets=())
                                     if len(left) == 1 else replace(o.move, targets=tuple(left)),
                                     tried="vote"))
            elif not (o.move is None and o.tried == "vote" and "*" in names):
                kept.append(o)
        out = kept
    return out


#: The sender's own earlier word told («Утром писал, что голосую за X», «писала уже: за X»).
_TOLD_OWN = re.compile(r"\b(?:(?:на)?писал|говорил|сказал)[аи]?(?:[ \t]+\w+){0,2}[ \t]*"
                       r"(?:,[ \t]*что\b|что\b|:)", re.IGNORECASE)


def _told_vote_doubted(o: Item, names: set[str], pos: int, text: str) -> Item:
    """The vote ``o`` as a question when it stands in the sender's telling of what he wrote
    before («Утром писал, что голосую за X») and a withdrawal at ``pos`` later in the letter
    takes the vote off other players ``names`` («…, — снимаю голос с Y»): which vote
    stands is unclear, never the told one taken in silence. Any other item as it is."""
    if o.move is None or o.move.action != "vote" or o.pos >= pos or \
            not names.isdisjoint(move_targets(o.move)):
        return o
    start = sentence_start(text, o.pos)
    told = [m for m in _TOLD_OWN.finditer(text, start, o.pos)]
    if not told or len(text[told[-1].end():o.pos].split()) > 1:
        return o  # (the vote right after the telling, «я» at most between: its content)
    end = text.find(o.move.span, o.pos) if o.move.span else -1
    end = end + len(o.move.span) if end >= 0 else o.pos
    return Item(o.pos, problem=problem(text[o.pos:end] or text[start:pos].strip(),
                                       "unparsed", "reported"),
                tried="vote", aimed=tuple(move_targets(o.move)))


def _retraction_answered(o: Item, names: set[str]) -> bool:
    """True when ``o`` is the question of a bare «Хотя нет.» that took back votes
    (``retracted`` "vote", the votes kept in ``restore``) and a later withdrawal of the votes
    ``names`` takes back every one of them («Голосую за X. Хотя нет. Снимаю голос с X,
    подумаю»): the vote is withdrawn, nothing stands instead and nothing is left to ask. A
    vote it does not name («за X и Y. Хотя нет. Снимаю с X») keeps the question."""
    if o.retracted != "vote" or o.move is not None or not o.restore:
        return False
    targets = {t for r in o.restore if r.move is not None and r.move.action == "vote"
               for t in move_targets(r.move)}
    return bool(targets) and len(targets) == sum(r.move is not None for r in o.restore) and \
        ("*" in names or targets <= names)


#: Moves whose target a withdrawal («Хотя нет, Y снимаю») may name.
_TAKEN_OFF = frozenset({"clan_kill", "boss_check", "rob", "guard", "heal", "check", "watch",
                        "invite", "beat", "search", "maniac_kill", "hunt", "mortar"})


def _move_withdrawn(o: Item, names: set[str], text: str) -> Item:
    """``o`` with the players of ``names`` taken off its move: one of the full moon's two
    victims goes and the other stays; a move left with no target becomes a question (which
    move is meant: the take-back names no vote, and a later letter may bring the new one)."""
    if o.move is None or o.move.action not in _TAKEN_OFF:
        return o
    targets = move_targets(o.move)
    left = [t for t in targets if t not in names]
    if len(left) == len(targets):
        return o
    if left and o.move.action == "clan_kill":
        return Item(o.pos, move=replace(o.move, target=left[0], targets=())
                    if len(left) == 1 else replace(o.move, targets=tuple(left)),
                    tried="clan_kill")
    lo, hi = sentence_start(text, o.pos), sentence_end(text, o.pos)
    return Item(o.pos, problem=problem(text[lo:hi].strip(), "unparsed", "retracted",
                                        action=o.move.action), tried=o.move.action)


def _merge_votes(ctx: Ctx, items: list[Item]) -> list[Item]:
    """All the letter's votes as one move: one player named twice is one vote on a one-vote
    day; on a two-vote day the same players said again (``_restated``) are the same votes;
    more players than votes are asked about (``too_many_votes``)."""
    votes = [it for it in items if it.move is not None and it.move.action == "vote"]
    if len(votes) < 2:
        return items
    talk = [it for it in votes if _of_me(ctx, it)]
    if talk and len(talk) < len(votes) and _too_many(ctx, votes) and \
            not _too_many(ctx, [it for it in votes if it not in talk]):
        # «Город решил наградить меня премией… вручаю её X», «все топили за меня. Голос —
        # X», «номинации от клана Мазая» from Мазай: a vote on the sender named by «меня» or
        # his own nick beside a vote on another player is talk about him, no vote of his
        # (only when the votes are too many with it: «голос 1 — Лось, голос 2 — Лосяш» from
        # Лосяш on a two-vote day gives both)
        items = [it for it in items if it not in talk]
        votes = [it for it in votes if it not in talk]
        if len(votes) < 2:
            return items
    if ctx.turn.votes_per_player > 1:
        again = _restated(ctx, votes)
        items = [it for it in items if it not in again]
        votes = [it for it in votes if it not in again]
        if len(votes) < 2:
            return items
    if ctx.turn.votes_per_player > 1:
        votes, items = _full_set_last(ctx, votes, items)
        if len(votes) < 2:
            return items
    targets: list[str] = []
    for it in votes:
        targets.extend(it.move.targets or (it.move.target,))
    limit = ctx.turn.votes_per_player
    if limit == 1:
        targets = list(dict.fromkeys(targets))
    text = " / ".join(it.move.span for it in votes)
    rest = [it for it in items if it not in votes]
    if len(targets) > limit:
        p = problem(text, "not_allowed", "too_many_votes", action="vote")
        return rest + [Item(votes[0].pos, problem=p, tried="vote")]
    move = (Move("vote", target=targets[0]) if len(targets) == 1
            else Move("vote", targets=tuple(targets))).with_span(text)
    merged = rest + [Item(votes[0].pos, move=move, tried="vote")]
    merged.sort(key=lambda it: it.pos)
    return merged


def _too_many(ctx: Ctx, votes: list[Item]) -> bool:
    """True when ``votes`` name more players than the sender has votes today."""
    named = {t for it in votes for t in (it.move.targets or (it.move.target,))}
    return len(named) > ctx.turn.votes_per_player


#: The sender's own words for himself as a move's object: a vote «за себя» is meant so.
_MYSELF = re.compile(r"\bсеб[яе]\b|\bсам\w*\b")


def _of_me(ctx: Ctx, it: Item) -> bool:
    """True when the vote item ``it`` names only the sender, not by «себя» («наградить
    меня», «за меня», his own nick): said of him, never a vote he gives himself."""
    targets = it.move.targets or (it.move.target,)
    return set(targets) == {ctx.sender.nick} and not _MYSELF.search((it.move.span or "").lower())


def _full_set_last(ctx: Ctx, votes: list[Item], items: list[Item]) -> tuple[list[Item], list[Item]]:
    """On a day of more votes than one, a last vote line that names all the day's votes at once
    («Голосую за Незнайку. … Итак, голоса: Базаров и Муму») is the player's final answer: it
    replaces the vote lines before it (the last move of a kind counts, DECISIONS.md §2), unless
    its sentence says it adds to them («ещё», «тоже», «второй»; «оба голоса» names the full set)
    or the lines before already give all the votes (two full sets that differ are asked)."""
    last = votes[-1]
    targets = last.move.targets or (last.move.target,)
    if len(set(targets)) != ctx.turn.votes_per_player:
        return votes, items
    start = sentence_start(ctx.text, last.pos)
    own = ctx.text[start:last.pos + len(last.move.span or "")].lower()
    if _ADDS.search(own):
        return votes, items
    before = votes[:-1]
    if sum(len(it.move.targets or (it.move.target,)) for it in before) >= ctx.turn.votes_per_player:
        return votes, items  # two full sets that differ («Голоса: A и B. Итого: A и C»): asked
    return [last], [it for it in items if it not in before]


#: Words by which a vote line adds to the votes before it (``_full_set_last``; «оба голоса»
#: there names the full set).
_ADDS_WORDS = r"\bвтор\w*|\bтоже\b|\bещ[её]\b|\bтакже\b|\bдругой\b"
_ADDS = re.compile(_ADDS_WORDS)


#: Words by which a vote said again gives one more vote («второй тоже Лосю», «и ещё один —
#: Лосю»): not the same vote restated.
_ONE_MORE = re.compile(_ADDS_WORDS + r"|\bоба\b")


def _restated(ctx: Ctx, votes: list[Item]) -> list[Item]:
    """On a two-vote day, the vote items that name the same players as a vote before them
    («Голоса: Щука и Smith. … TL;DR: голоса — Щуку и Смита», «Голосую за Лося. … Итого:
    линч — Лось»): the summary says the same votes again, it gives no more (a second vote
    for one player is said so: «второй тоже Лосю»)."""
    seen: list[list[str]] = []
    again: list[Item] = []
    for it in votes:
        targets = sorted(it.move.targets or (it.move.target,))
        end = it.pos + len(it.move.span or "")
        start = sentence_start(ctx.text, it.pos)
        own = ctx.text[start:end].lower()  # (its sentence: «И ещё один — Лосю»)
        if targets in seen and not _ONE_MORE.search(own):
            again.append(it)
        seen.append(targets)
    return again


#: Words by which a two-vote day's vote line says it gives both votes («два голоса», «первый
#: … второй …», «оба своих голоса»; «на ярость X», the rage day's votes, as «Ярость: X»; not
#: a nick's number spelt after a hyphen, «Рукава-второго»).
_BOTH_VOTES = re.compile(r"(?<!-)\bвтор(?:ой|ое|ым|ому|ого)\b|\b(?:два|2|оба|обоими|обоих)\s+"
                         r"(?:(?:своих|моих|мои|свои)\s+)?голос|\b(?:на|в)\s+ярость\b")
#: The second vote's heading written with a slip of the finger or with a number («втоорй —
#: Y», «глоос 2: Y», «голос 2 Y»): read as «второй» by :func:`_second_vote_lost`.
_SECOND_SLIP = re.compile(
    r"(?<!-)\b(?:" + "|".join(w for base in ("второй", "второе", "вторая", "второму", "второго")
                        for w in swaps(base)) + r")\b|"
    r"\b(?:" + "|".join(("голос", *swaps("голос"))) + r")\s*(?:№\s*)?(?:2|два)\b")


#: A plural vote heading «Голоса: X и… Y» (not after a withdrawal of one of them); a phone
#: writer leaves the colon out («голоса бин и ёжик»): «голоса» then heads the votes when «и»
#: joins a second player within a few words, unless a word before it governs the genitive
#: («без голоса», «лишили голоса», «своего голоса»).
_PLURAL_HEAD = re.compile(
    r"\bголоса\s*(?:[:—–]|-\s)|(?<!\w)(?<!без )(?<!нет )(?<!для )(?<!от )(?<!до )(?<!из )"
    r"(?<!у )(?<!ни )(?<!его )(?<!её )(?<!ее )(?<!силу )(?<!часть )(?<!ради )"
    r"(?<!своего )(?<!моего )(?<!одного )(?<!вместо )(?<!против )(?<!половину )(?<!половина )"
    r"(?<!лишили )(?<!лишил )(?<!лишила )(?<!лишен )(?<!лишён )(?<!лишена )(?<!право )"
    r"голоса[ \t]+(?!(?:нет|не|у|в|на|от|с|со|ни|было|будет|есть)(?!\w))[^\W\d_]"
    r"(?=[^\W\d_]*(?:[ \t]+\S+){0,3}?[ \t]+и[ \t]+\w)")


#: A vote line that says one vote is given («голос один», «уверена только в одном»).
_ONE_VOTE = re.compile(r"\bголос\w*\s+(?:у меня\s+|сегодня\s+|пока\s+)?(?:один|одним)\b|\bодин\s+голос|"
                       r"\bодного\s+голос|\bтолько\s+(?:в\s+)?одн\w+|\bтолько\s+один")

#: What may follow «второй (голос)» when the second vote is kept, not given: «не трачу»,
#: «пока придержу», «оставлю при себе», «приберегу», «хз, потом допишу», «пусть лежит»,
#: hedged: «второй, думаю, может и не дам».
_KEPT = re.compile(r"(?:\s+(?:голос|кандидат|вариант)\w*)?[\s,—:-]*(?:(?:наверное|пожалуй|видимо|думаю|может|возможно)[\s,]+)*"
                   r"(?:и\s+)?(?:пусть\s+|я\s+)?"
                   r"(?:(?:ещ[её]|у\s+меня)\s+)?(?:не\b|нету?(?=\s*(?:[.,!;)]|$))|пока\b|хз\b|потом\b|"
                   r"позже\b|завтра\b|оста|придерж|приберег|берег|держ|сохран|лежит|подума|"
                   r"определ|никому\b|никого\b)")  # («второй голос никому не отдаю», «второго
# кандидата у меня нет»)


#: The first item of a numbered list («1) …», «1. …») and the second on the next line.
_FIRST_ITEM = re.compile(r"[ \t]*(?:1[.)]|№\s?1)[ \t]")
_NEXT_ITEM = re.compile(r"\n[ \t]*(?:2[.)]|№\s?2)[ \t]*\S")


#: A spoken «no» that takes back what was just said, written with no comma: «хотя нет»,
#: «а нет», «ой нет», «upd нет», «нет стоп», «нет подожди», «нет лучше».
_TAKEN_BACK = re.compile(
    r"\s+(?:(?:хотя|а|ой|ой-ой|упс|upd|апд|ups)\s+нет|нет\s+(?:стоп|подожди|постой|лучше))\b"
    r"(?![\s]+(?:смысла|толку|толка|причин|повода|смысл|сил|времени|ли|его|её|ее|их|никого|ничего|"
    r"ни|сомнений|вопросов|никаких|нигде|разницы)\b)",
    re.IGNORECASE)


def _taken_back_kept(ctx: Ctx, items: list[Item]) -> list[Item]:
    """A move followed, with no punctuation between, by a spoken «no» that takes it back
    («охраняю X хотя нет лучше Y», «голос X а нет …») and still the only move of its kind
    read: the letter's later words were not read as the new choice, so the choice is asked
    (issue 11: a taken-back move is never applied in silence); the move read stays."""
    out = list(items)
    for it in items:
        mv = it.move
        if mv is None or mv.action in ("delegate", "on_behalf") or not mv.span:
            continue
        where = span_at(ctx, it)
        if where is None:
            continue
        at, end = where
        m = _TAKEN_BACK.match(ctx.text, end)
        if m is None:
            continue
        if any(o is not it and o.pos >= end and (o.problem is not None or (
                o.move is not None and o.move.action == mv.action)) for o in items):
            continue  # the new choice was read, or is asked about already
        begin, stop = sentence_start(ctx.text, at), sentence_end(ctx.text, m.end())
        p = problem(ctx.text[begin:stop].strip(), "unparsed", "second_thought", action=mv.action)
        out.append(Item(it.pos + 1, problem=p, tried=mv.action))
    return out


#: More names trail the vote («… за Крота и ...»): the vote is not the second one alone.
_MORE_AFTER = re.compile(r"[\s,]*(?:и|да|ещ[её])\b", re.IGNORECASE)


def _second_vote_lost(ctx: Ctx, items: list[Item], withdrew: bool = False) -> list[Item]:
    """On a two-vote day, a letter whose one vote line says it gives both votes («два голоса:
    Бегемот и …», «первый — X, второй …», or whose vote is item 1 of a numbered list with an
    item 2 below) but where only one name was read asks about the second (issue 11: a lost
    vote is asked, never dropped in silence); the vote read stays."""
    if ctx.votes == 1:
        return _one_vote_two_named(ctx, items)
    if ctx.votes != 2:
        return items
    votes = [it for it in items if it.move is not None and it.move.action == "vote"]
    if len(votes) != 1 or votes[0].move.targets:
        return items
    text = ctx.text
    start = text.rfind("\n", 0, votes[0].pos) + 1
    stop = text.find("\n", votes[0].pos)
    stop = len(text) if stop < 0 else stop
    line = text[start:stop]
    if any(it.problem is not None and (it.tried == "vote" or start <= it.pos < stop)
           for it in items):
        return items  # the line's other name is asked about already («Диму и Маруську»)
    low = line.lower()
    at = votes[0].pos - start  # the vote's own sentence says whether one vote is meant
    lo = max(low.rfind(".", 0, at), low.rfind("!", 0, at), low.rfind("?", 0, at)) + 1
    hi = min((n for n in (low.find(".", at), low.find("!", at), low.find("?", at)) if n >= 0),
             default=len(low))
    numbered = _FIRST_ITEM.match(line) is not None and \
        _NEXT_ITEM.match(text, stop) is not None  # «1) Граф — мутный⏎2) Лиса»: item 2 unread
    ones = len(list(_ONE_VOTE.finditer(low, lo, hi)))  # («X — один голос, Y — один голос»: two)
    said = list(_BOTH_VOTES.finditer(low)) + ([] if withdrew else list(_PLURAL_HEAD.finditer(low)))
    said += list(_SECOND_SLIP.finditer(low))  # «голос 1 — X, глоос 2 — Y»: a slip, a number
    kept = any(m.group(0).startswith("втор") and _KEPT.match(low, m.end()) for m in said)
    # («я за Кота. второго не знаю кого»: the second said to be kept, whatever was said of
    # two votes before)
    both = ones >= 2 or (not kept and any(not _KEPT.match(low, m.end()) for m in said))
    if not numbered and ones == 0 and said and not kept and "перв" not in low and all(
            lo <= m.start() < at and not re.search(r"[,;]", low[m.end():at]) and
            (m.group(0).startswith("втор") or _SECOND_SLIP.fullmatch(m.group(0))) for m in said) and \
            not _MORE_AFTER.match(text, (span_at(ctx, votes[0]) or (0, stop))[1]):
        # «Второй голос — Лось.», «И второй голос за Лося»: the letter gives the second vote
        # alone, the first stands in an earlier letter: joined there (ParseResult.unvote
        # ``("+",)``, engine.legality.merged_vote), not asked
        ctx.second_only = True
        return items
    if not numbered and (ones == 1 or not both):
        more = _more_za(ctx, votes[0]) if ones != 1 and not kept else None
        if more is None:
            return items  # «голос один — X, второй придержу»; «второй пока не знаю кому»
        # «Голосую за X (…) и ещё за этого, как его, …»: a second «за» after the vote read,
        # its player unread: asked, never one vote kept in silence
        begin = sentence_start(text, votes[0].pos)
        line = text[begin:more]
    p = problem(line.strip(), "unparsed", "second_vote", action="vote")
    return items + [Item(votes[0].pos + 1, problem=p, tried="vote")]


def _one_vote_two_named(ctx: Ctx, items: list[Item]) -> list[Item]:
    """On a one-vote day, a vote followed with no punctuation by «и» and a living player's
    name («голосую за кузю и мурку оба темнят»): the name after «и» was taken for the
    subject of the next words, but the player may have named two for his one vote, as
    «Голосую за Кузю и Мурку.» does: the vote is refused and asked (``too_many_votes``),
    never one of the two applied in silence."""
    votes = [it for it in items if it.move is not None and it.move.action == "vote"]
    if len(votes) != 1 or votes[0].move.targets or \
            any(it.problem is not None and it.tried == "vote" for it in items):
        return items
    vote = votes[0]
    where = span_at(ctx, vote)
    if where is None:
        return items
    at, end = where
    m = _BARE_SECOND.match(ctx.text, end)
    if m is None or "," in m.group(0):
        return items
    w = m.group(1).lower()
    if w in _NOT_A_VOTE or len(w) < 3:
        return items
    hit = name_index(ctx.nicks).approximate(w)
    if hit is None or hit.kind == "fuzzy":
        return items
    fits = [n for n in ((hit.nick,) if hit.nick is not None else hit.candidates)
            if n in ctx.alive and n != vote.move.target]
    if not fits:  # («за Буку и Киру»: Кир or Кира, a second player either way)
        return items
    begin, stop = sentence_start(ctx.text, at), sentence_end(ctx.text, m.end())
    p = problem(ctx.text[begin:stop].strip(), "not_allowed", "too_many_votes", action="vote")
    return [it for it in items if it is not vote] + [Item(vote.pos, problem=p, tried="vote")]


#: A second «за» right after a vote's last name: «и (ещё) за …», «, за …», «+ за …», after a
#: bracketed remark or not, after «же» or not («за неё же и за …»); or the next sentence opening with «(И/А) ещё за …».
_MORE_ZA = re.compile(
    r"\s*(?:\([^()\n]{0,200}\)\s*)?(?:же\s*)?(?:"
    r"(?:,\s*|\+\s*|(?:,\s*)?(?:и|плюс)\s+)(?:ещ[её]\s+|также\s+|тоже\s+)?|"
    r"(?:,\s*)?(?:а\s+)?(?:ещ[её]|также)\s+|"
    r"[.!…]+\s+(?:и\s+|а\s+)?(?:ещ[её]|также)\s+(?:(?:один|второй)\s+)?(?:голос\s+)?)"
    r"за\s+(\w[\w.'-]*)", re.IGNORECASE)

#: Words after that «за» that name no player («и за то, чтобы …», «за всё хорошее»), or the
#: player voted for again («за Кота и за него же»).
_NOT_A_VOTE = frozenset({"то", "это", "что", "чтобы", "всё", "все", "всех", "всем", "нас", "вас",
                         "него", "неё", "нее", "них", "тем", "этим", "такого", "такую",
                         "компанию", "счёт", "счет", "раз", "день", "ночь",
                         "сегодня", "завтра", "вчера", "его", "ее", "её", "их", "мое", "моё",
                         "свое", "своё", "мой", "свой", "меня"})


#: A second name joined to a vote's last name with no «за» («голосую за X и Y …», «голоса X
#: плюс Y»): in a letter without punctuation the name after «и» is easily taken for the
#: subject of the next sentence («… за X и Y оба врут») and dropped.
_BARE_SECOND = re.compile(r"\s*(?:,\s*)?(?:и|плюс|\+|&|and)\s+(?!за\b)(\w[\w.'-]*)", re.IGNORECASE)


def _bare_second_named(ctx: Ctx, word: str) -> bool:
    """True when ``word``, written after «и» right after a two-vote day's one-player vote,
    may be a player: it comes near some nickname, or it is no word of the dictionary (a
    mangled name such as «глазз»), and it is not a word that names no player."""
    if word in _NOT_A_VOTE or len(word) < 3:
        return False
    hit = name_index(ctx.nicks).approximate(word)
    if hit is not None:
        return True
    return not is_known_word(word) and word.isalpha()


def _more_za(ctx: Ctx, vote: Item) -> int | None:
    """The end of a second «за …» written right after the one-player vote ``vote`` of a
    two-vote day (see :data:`_MORE_ZA`) whose word names neither the player voted for nor
    anything that is no player; None when there is none."""
    where = span_at(ctx, vote)
    if where is None:
        return None
    m = _MORE_ZA.match(ctx.text, where[1])
    if m is None:
        m = _BARE_SECOND.match(ctx.text, where[1])
        if m is None or not _bare_second_named(ctx, m.group(1).lower()):
            return None
    w = m.group(1).lower()
    if w in _NOT_A_VOTE:
        return None
    hit = name_index(ctx.nicks).approximate(w)
    if hit is not None and hit.kind != "fuzzy" and vote.move.target in (hit.nick, *hit.candidates):
        return None  # «за Кота, за Kot_Matros'а»: the same player said again
    return sentence_end(ctx.text, m.end())


def _key(move: Move) -> tuple:
    inner = move.move.action if move.move is not None else ""
    return move.action, move.member or "", inner


#: «вместо этого» / «вместо того» closing the text before a move word of the same sentence
#: («P.S. Прошу вместо этого позвать X», «Тогда вместо этого лечу X»).
_INSTEAD_OF_THAT = re.compile(r"(?i)(?<![\w-])вместо\s+(?:этого|того)(?![\w-])[^.!?\n]{0,30}$")


def _instead_of_that(text: str, first: int, last: int) -> bool:
    """True when the later of two moves of one kind (at ``last`` in ``text``, the earlier at
    ``first``) follows «вместо этого» in its own sentence: the sender replaces the move
    written before, and only the later one stands (no conflict to ask about)."""
    if not 0 <= first < last:
        return False
    return _INSTEAD_OF_THAT.search(text, max(first, last - 60), last) is not None


def _role_named_alone(items: list[Item]) -> list[Item]:
    """«Ищу своего детективчика. … Сегодня ищу у X»: the fan names the role she searches for
    in a sentence of its own and the player in another. The role alone asks nothing once the
    letter's search has its player: the question it raised (no player) is dropped."""
    if not any(it.move is not None and it.move.action == "search" and it.move.target
               for it in items):
        return items
    return [it for it in items if not (it.sought and it.move is None and it.problem is not None
                                       and it.problem.reason == "no_target")]


def _merge_duplicates(ctx: Ctx, items: list[Item]) -> list[Item]:
    if any(it.problem is not None and it.tried == "search" for it in items):
        # «Доктора я по-прежнему ищу. … Сегодня ищу доктора у Лёши» (Лёша fits two): the
        # search is asked; the role named alone is no second search
        items = [it for it in items if not (it.move is not None and it.move.action == "search"
                                            and it.move.target is None and it.move.role)]
    groups: dict[tuple, list[Item]] = {}
    for it in items:
        if it.move is not None:
            groups.setdefault(_key(it.move), []).append(it)
    drop: set[int] = set()
    extra: list[Item] = []
    for key, group in groups.items():
        if len(group) < 2:
            continue
        first = group[0].move
        if key[0] == "search":
            merged = _merge_search(group)
            if merged is not None:
                drop.update(id(g) for g in group[1:])
                group[0].move = merged
                continue
            checks = [g for g in group if g.via_check and not g.move.role]
            if checks and len(checks) < len(group) and _merge_search(
                    [g for g in group if g not in checks]) is not None:
                # «ищу врача у X … и ещё проверяю Y» without a check left: the search
                # stands, the check is refused
                for g in checks:
                    drop.add(id(g))
                    extra.append(Item(g.pos, problem=problem(
                        g.move.span, "not_allowed", "no_fan_check", action="check"),
                        tried="search"))
                group = [g for g in group if g not in checks]
                merged = _merge_search(group)
                drop.update(id(g) for g in group[1:])
                group[0].move = merged
                continue
        if all(first == g.move for g in group[1:]):
            drop.update(id(g) for g in group[1:])
            continue
        if len(group) == 2 and _instead_of_that(ctx.text, group[0].pos, group[1].pos):
            drop.add(id(group[0]))  # «Зову Юлю. P.S. Прошу вместо этого позвать X»
            continue
        if key[0] == "clan_kill" and max_targets("clan_kill", ctx.turn) == 2:
            targets = list(dict.fromkeys(t for g in group
                                         for t in (g.move.targets or (g.move.target,))))
            if len(targets) <= 2:
                drop.update(id(g) for g in group)
                text = " / ".join(g.move.span for g in group)
                extra.append(Item(group[0].pos, move=Move("clan_kill", targets=tuple(targets),
                                                          span=text), tried="clan_kill"))
                continue
        drop.update(id(g) for g in group)
        text = " / ".join(g.move.span for g in group)
        extra.append(Item(group[0].pos, problem=problem(text, "not_allowed", "conflicting",
                                                        action=key[0], role=ctx.sender.role), tried=key[0]))
    out = [it for it in items if id(it) not in drop] + extra
    out.sort(key=lambda it: it.pos)
    return out


def _search_role(ctx: Ctx, items: list[Item]) -> list[Item]:
    """The fan searches for the detective unless she names another role; once the detective
    is dead, a search that names no role is a question (which role?)."""
    me = ctx.state.players.get(ctx.sender.nick)
    if me is not None and ctx.sender.role == "fan" and any(
            it.problem is not None and it.problem.reason == "detective_alive" for it in items):
        # «Ищу врача, проверяю Сову» while the detective lives: the search is for the doctor,
        # which is not allowed yet; not a silent search for the detective
        return [Item(it.pos, problem=problem(it.move.span, "not_allowed", "detective_alive",
                                             action="search", target=it.move.target or ""),
                     tried="search")
                if it.move is not None and it.move.action == "search" and not it.move.role
                else it for it in items]
    if me is None or ctx.sender.role != "fan" or me.fan_search_role != "detective" or \
            detective_alive(ctx):
        return items
    named = None
    out = []
    for it in items:
        if it.move is not None and it.move.action == "search" and not it.move.role:
            named = named or _role_sought(ctx) or "?"
            if named != "?" and _named_in(ctx, it.move.span, it.move.target) and \
                    (_search_said(it.move.span) or _search_corrected(ctx.text, it.pos)):
                # «Доктора у Дарси не нашла. Ищу дальше — у Воланда»; «ищу у X… хотя нет,
                # у Y»: the search word before the correction that put Y in X's place
                it = Item(it.pos, move=replace(it.move, role=named), tried="search")
            else:
                it = Item(it.pos, problem=problem(it.move.span, "unparsed", "search_role"),
                          tried="search")
        out.append(it)
    return out


#: The fan's words that bring the player she searches, each with two neighbouring letters
#: swapped (a phone writer's slip: «сомтрю», «смортю», «пвоеряю»); the words as written are
#: read by the grammar, only the slips are here.
_SEARCH_SLIPS = frozenset(
    w for base in ("смотрю", "посмотрю", "смотрим", "проверяю", "проверю", "гляну", "чекаю",
                   "чекну", "погляжу", "поищу")
    for w in swaps(base))

#: «у <word>» in the search's sentence («ищу доктора у кюсши»): the player she searches at.
_AT_WORD = re.compile(r"(?<!\w)у\s+(\w[\w'-]*)", re.IGNORECASE)


def _search_target_lost(ctx: Ctx, items: list[Item]) -> list[Item]:
    """A search read with its role but no player, in a letter that seems to name the player
    all the same: a search word with a slip («сомтрю Зеленку»), or «у» and a word that is
    neither a dictionary word nor read as a player («ищу доктора у кюсши»). The search read
    stays (the role counts from now on) and the player is asked, never left out in silence."""
    if not any(it.move is not None and it.move.action == "search" and it.move.role and
               not it.move.target for it in items):
        return items
    if any(it.problem is not None and it.tried == "search" for it in items):
        return items
    text = ctx.text
    low = text.lower()
    out = list(items)
    for it in items:
        mv = it.move
        if mv is None or mv.action != "search" or not mv.role or mv.target:
            continue
        begin, stop = sentence_start(text, it.pos), sentence_end(text, it.pos)
        where = None
        for m in re.finditer(r"\w+", low):
            if m.group(0) in _SEARCH_SLIPS:
                where = m.start()
                break
        if where is None:
            for m in _AT_WORD.finditer(low, begin, stop):
                w = m.group(1)
                if len(w) >= 3 and w.isalpha() and not is_known_word(w) and \
                        name_index(ctx.nicks).approximate(w) is None:
                    where = m.start()
                    break
        if where is None:
            continue
        p = problem(text[sentence_start(text, where):sentence_end(text, where)].strip(),
                    "unparsed", "unread", action="search")
        out.append(Item(it.pos + 1, problem=p, tried="search"))
        break
    return out


def _check_on_suspect(ctx: Ctx, items: list[Item]) -> list[Item]:
    """The fan's «проверяю X» read as her search (no earned check) is asked when she also
    votes for or hunts X in the letter and says nowhere that she searches or for which role
    («сегодня проверяю Спартача, и голос тоже в него»): the player she would lynch is one she
    suspects of the mafia, so she may mean a check she believes she has, not the detective at
    him."""
    if ctx.sender.role != "fan" or not any(it.via_check for it in items):
        return items
    suspects = {t for it in items if it.move is not None and it.move.action in ("vote", "hunt")
                for t in move_targets(it.move)}
    if not suspects:
        return items
    words = {t.w for t in tokenize(ctx.text) if t.word}
    roles = role_words()
    if _SEEK_WORDS.intersection(words) or any(roles.get(w) in ROLE_CIVILIANS for w in words):
        return items  # («ищу комиссара», «проверяю X на доктора»: her search, said)
    return [Item(it.pos, problem=problem(it.move.span, "unparsed", "fan_check_or_search",
                                         action="search", target=it.move.target or ""),
                 tried="search")
            if it.via_check and it.move is not None and it.move.action == "search" and
            not it.move.role and it.move.target in suspects else it for it in items]


#: Words of seeking or finding a role besides the search keyword's own («Врача у Лося не
#: нашла», «кого я искала»).
_SEEK_WORDS = frozenset({"нашла", "нашел", "нашёл", "найти", "найду", "найдём", "найдем",
                         "искала", "искал", "ищу", "искать", "поищу", "ищем", "поиск", "поиски"})

#: Where a sentence ends for :func:`_role_sought`, :func:`_told_in_past` and
#: :func:`_tomorrow_said` (not «…»: «ищу теперь... ну пусть стерву»).
_SENTENCE_END = re.compile(r"(?<![.…])[.](?![.…])|[!?\n]+")


def _search_corrected(text: str, pos: int) -> bool:
    """True when the line of ``pos`` (or, when that line holds no search word, the line
    above) has a search word before ``pos`` and a correction head after it («ищу у Ёжика…
    хотя нет, у Сан Саныча»): the name at ``pos`` corrects a search said in full."""
    lex = lexicon().words
    hi = pos
    lo = text.rfind("\n", 0, pos) + 1
    for _ in range(2):
        toks = [t for t in tokenize(text[lo:hi]) if t.word]
        said = [n for n, t in enumerate(toks) if lex.get(t.w) == V.SEARCH]
        if said:
            return any(t.w in V.CORRECTION_HEADS for t in toks[said[-1] + 1:])
        if lo == 0:
            return False
        lo = text.rfind("\n", 0, lo - 1) + 1
    return False


def _search_said(text: str) -> bool:
    """True when ``text`` (a move's span) holds the search word itself («Ищу у Кисы»,
    «Проверяю X»: the fan's check word is her search), not a name alone that finished or
    weighed the move («…или у Буки, посмотрим»)."""
    lex = lexicon().words
    return any(t.word and lex.get(t.w) in (V.SEARCH, V.CHECK) for t in tokenize(text))


def _tested_for(every: list, tok, words: list[str], n: int) -> bool:
    """True when the role word ``tok`` (the ``n``-th word of a sentence whose tokens are
    ``every``) says what the fan's check tests the player for: after «на» («проверяю X на
    доктора») or after a dash or comma as a question («проверяю X — доктор она или нет»,
    «…, врач ли он»)."""
    if n and words[n - 1] == "на":
        return True
    at = every.index(tok)
    if at == 0 or every[at - 1].word or every[at - 1].w not in ("—", "–", "-", ","):
        return False
    rest = words[n + 1:n + 4]
    return "ли" in rest or ("или" in rest and "нет" in words[n + 1:n + 5])


def _named_in(ctx: Ctx, text: str, nick: str | None) -> bool:
    """True when ``text`` (a move's span) writes the player ``nick`` by a form of his name,
    not a pronoun that points back («проверяю её»)."""
    if nick is None:
        return False
    idx = name_index(ctx.nicks)
    words = [t.w for t in tokenize(text) if t.word]
    for n, w in enumerate(words):
        hit = idx.exact(words, n, None)
        if hit is None and len(w) >= 3:
            hit = idx.approximate(w)
            hit = hit if hit is not None and hit.kind != "fuzzy" else None
        if hit is not None and nick in (hit.candidates or (hit.nick,)):
            return True
    return False


def _role_sought(ctx: Ctx) -> str | None:
    """The one civilian role (not the detective's) that the fan names in a sentence of the
    letter that speaks of seeking or finding («буду теперь искать врача», «Доктора у Лося не
    нашла», «ищу теперь… ну пусть будет стерву»), neither negated («она не врач») nor written
    as a player's name; None when no role or two are named so."""
    rw = role_words()
    idx = name_index(ctx.nicks)
    found: set[str] = set()
    lex = lexicon().words
    for sentence in _SENTENCE_END.split(ctx.text):
        every = tokenize(sentence)
        toks = [t for t in every if t.word]
        words = [t.w for t in toks]
        seek = any(w in _SEEK_WORDS or lex.get(w) == V.SEARCH for w in words)
        if not seek and not any(lex.get(w) == V.CHECK for w in words):
            continue
        for n, t in enumerate(toks):
            role = rw.get(t.w)
            if role is None or role == "detective" or role not in ROLE_CIVILIANS or \
                    (n and words[n - 1] in ("не", "ни")) or \
                    (t.cap and n and idx.exact(words, n, None) is not None):
                continue
            if not seek and not _tested_for(every, t, words, n):
                continue  # «проверяю X»: a check word only with «на врача», «— врач ли он»
            found.add(role)
    return found.pop() if len(found) == 1 else None


def _merge_search(group: list[Item]) -> Move | None:
    """«Ищу врача. Проверяю X» → one search for X with the role named. The fan who names
    another role later in the letter changed her mind («Ищу стерву… Тогда снова ищу врача —
    у Гостя»): the last role named stands. Two players: a conflict (None)."""
    targets = {g.move.target for g in group if g.move.target}
    if len(targets) > 1:
        return None
    roles = [g.move.role for g in sorted(group, key=lambda g: g.pos) if g.move.role]
    spans = " / ".join(g.move.span for g in group)
    return Move("search", target=next(iter(targets), None), role=roles[-1] if roles else None,
                span=spans)


def _exclude_hunt(ctx: Ctx, items: list[Item]) -> list[Item]:
    """DECISIONS.md §4–5: a hunt in the same letter as a role move that excludes it (even one
    refused for its target) is refused; :func:`engine.legality.hunt_refusal` decides and
    :func:`engine.legality.refusal_problem` words it, as in the reply and the resolver."""
    reason = hunt_refusal({it.tried for it in items if it.tried})
    if reason is None:
        return items
    out = []
    for it in items:
        if it.move is not None and it.move.action == "hunt":
            out.append(Item(it.pos, problem=refusal_problem(ctx.state, ctx.turn, it.move, reason),
                            tried="hunt"))
        else:
            out.append(it)
    return out


#: Words naming the member's own move: «мой ход — как решит дон» leaves it to the boss.
_MOVE_WORDS = frozenset({"ход", "хода", "ходом", "ходу", "ходы"})

#: «(А) кого убивать — пусть …», «По убийству — как … скажет»: the clan's kill as a heading,
#: then the member's leaving it to the boss (a wish «пусть», or «как он скажет/решит»).
_LEFT_KILL = re.compile(r"\s*(?:(?:а|ну)\s+)?(?:кого|по)\s+([а-яё]+)(?:\s+[а-яё]+)?"
                        r"\s*[—:–-]+\s*(?:пусть|пускай|как)\b", re.IGNORECASE)


def _kill_left(ctx: Ctx, it: Item) -> bool:
    """True when ``it`` is a delegation whose sentence is about the clan kill only («Кого
    убивать — решает дон», «кого бы я убрал, это его дело, пусть решает сам»): the boss
    decides the kill anyway (DECISIONS.md §4 Clan kill), so it leaves no move of the sender's
    to him; talk, not a delegation. «Мой ход — как решит дон», «Убийство — на усмотрение
    дона» stay one."""
    if it.move is None or it.move.action != "delegate" or it.pos < 0:
        return False
    text = ctx.text
    lo, hi = sentence_start(text, it.pos), sentence_end(text, it.pos)
    lex = lexicon()
    if ctx.sender.role in NO_ROLE_MOVE and (m := _LEFT_KILL.match(text, lo, hi)) and \
            _kill_word(lex, m.group(1).lower().replace("ё", "е")):
        return False  # «А кого убивать — пусть Роза решает», «по убийству — как дон скажет»
        # from the actor or the Indian: the clan's kill is all he may leave to the boss
        # (not «Кого убивать — решает дон»: he tells who decides)
    words = [w.lower().replace("ё", "е") for w in re.findall(r"[А-Яа-яЁё-]+", text[lo:hi])]
    if not _MOVE_WORDS.isdisjoint(words) or "усмотрение" in words:
        return False  # («Убийство — на усмотрение Смита»: left to him in so many words)
    return any(_kill_word(lex, w) for w in words)


def _kill_word(lex, w: str) -> bool:
    """True when ``w`` (lower case) is a word of the kill, or a form of a verb of it."""
    return lex.words.get(w) == V.KILL or (
        (r := verb_reading(w)) is not None and lex.words.get(r[0]) == V.KILL)
