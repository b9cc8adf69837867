"""The sender's own move in his community's verb, offered in the question (issue 11, session 60).

A game's players borrow their moves' words from their community: a beekeepers' doctor writes
«Подкормлю сегодня Медуницу», a thug «Окуриваю Летка», a nurses' maniac «Ставлю Практиканту
последний укол». No lexicon holds every community's verbs; the nets
(:mod:`engine.parse_unread`, :mod:`engine.parse_quiet_net`) ask about such a sentence
(«Не понял, ход ли это: …»). The reading is likely (the sender's role has one night move) but
not sure: writers who wrote such letters as careful hosts expected the move about nine times
in ten and a question the tenth («Глушу Кувалду» from the psycho: to stun, or to invite?);
SCENARIOS.md: a move the parser is not sure of goes to ``problems``, never silently into
``moves``. So the sentence stays asked, and the question offers the one reading: «Если это ваш
ночной ход — лечение (Медуница), ответьте «Да»», which the player's yes makes
(:func:`engine.answer_reply.offered_reading`).

A sentence asked with reason ``unread`` offers its reading when all of these hold:

- the sender's role has exactly one night move, of one target and no role or branches to
  tell (:data:`_READABLE`), and the letter makes no such move and asks nothing about it;
- the sentence opens (after words of time, «я», «а», «и», «ну», «так», «вот», «тогда»,
  «по игре», a colon or a dash) with a verb in the first person singular, present or future,
  indicative, of no move lexicon (a word the rules know and left is theirs) and no verb of
  saying, thinking or feeling (:data:`engine.parse_unread_words.NOT_ACTION`, ``SPEECH``);
- it names exactly one player, living, one owner of the name (not a small-letter dictionary
  word: «стою на страже»), within a few words of the verb with nothing but prepositions
  (not «с»/«за»: a companion), words of time, adverbs, adjectives or nouns between, and no
  word after him that says what he is called («Зову Лося медвежонком»); or «себя» for a move
  the rules let him make on himself (heal, guard, beat);
- no question mark, quote, hedge («может», «наверное»), plan or condition («если», «бы»,
  «завтра») anywhere in it, and no «не», the past or another's deed before the player.

Pure (no I/O). The JSON of ``parse`` is unchanged (SCENARIOS.md): the problem keeps its text
and kind; only the reply's sentence offers the reading.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from .grammar_rules import action_ru, actor_of
from .grammar_tokens import clause_words, tokenize_span
from .legality import ROLE_MOVES
from .model import Move, Problem
from .names import name_index
from .parse_types import Ctx
from .parse_unread import player_at
from .state import GameState
from . import parse_unread_words as W
from .words import is_known_word, morph

#: The role moves read here: one target, no role or branches to tell (the fan's search
#: names a role; the swindler's has branches; the boss has two night moves).
_READABLE = frozenset({"rob", "guard", "check", "heal", "invite", "beat", "watch",
                       "maniac_kill"})

#: Moves the rules let a player make on himself (DECISIONS.md §4): «подкормлю себя».
_SELF = frozenset({"guard", "heal", "beat"})

#: Words that may open the sentence before its verb.
_LEADS = frozenset({"я", "а", "и", "ну", "так", "вот", "тогда", "сегодня", "ночью", "этой",
                    "нынче", "сейчас", "теперь", "итак", "значит", "ладно", "по", "игре",
                    "делу", "ход", "мой", "ходу", "сам", "лично", ":", "—", "-", ",", "ну,"})

#: Words that may stand between the verb and the player («подкормлю сегодня Медуницу»,
#: «работаю по Карасю»); not «с»/«за» («Лечу со Штопором на рыбалку»: a companion).
_BETWEEN = (W.PREPS_BEFORE - {"с", "со", "за"}) | W.TIMES | frozenset({
    "себе", "ко", "же", "сам", "сама", "лично", "по", "нашего", "нашу", "наш", "нашей",
    "дорогого", "дорогую", "уважаемого", "уважаемую", "всё", "все", "до", "капли"})

#: Words that make the sentence no order of today wherever they stand (a plan, a hedge, a
#: condition, a joke).
_NOT_ORDER = (W.NOT_ORDER - {"пусть", "пускай", "вчера", "позавчера"}) | frozenset({
    "наверно", "пожалуй", "возможно", "подумаю", "посмотрим", "позже", "попозже", "хочу",
    "буду", "будем", "собираюсь", "планирую", "предлагаю", "давайте", "давай", "зачем",
    "почему", "шучу", "шутка", "ли", "или", "либо"})

#: Words that make it no order before the player is named («не», another's deed, a question
#: word); after him, a reason or a purpose may follow («Окуриваю Летка, чтоб до утра лежал»).
_NOT_HEAD = frozenset({"не", "ни", "нет", "пусть", "пускай", "когда", "чтобы", "чтоб", "кто",
                       "кого", "что", "как", "вчера", "позавчера"})


def own_verb_questions(ctx: Ctx, moves: list[Move], problems: list[Problem]) -> list[Problem]:
    """``problems`` with the one asked sentence (reason ``unread``) that likely means the
    sender's role move asked with that reading offered (see the module's doc): its message
    says which move a «Да» makes. Unchanged when no sentence, or more than one, offers one.
    Raises nothing."""
    action = _role_action(ctx.sender)
    if action is None or any(m.action == action for m in moves) or \
            any(p.action == action for p in problems):
        return problems
    read = [(p, target) for p in problems if p.reason == "unread" and p.kind == "unparsed"
            and (target := _target(ctx.nicks, ctx.alive, ctx.sender.nick, p.text, action)) is not None]
    if len(read) != 1:
        return problems
    p, target = read[0]
    shown = "на себя" if target == ctx.sender.nick else target
    offered = replace(p, message=_OFFER.format(q=f"«{p.text}»", move=action_ru(action, ctx.sender.role),
                                               target=shown))
    return [offered if q is p else q for q in problems]


def own_verb_reading(text: str, sender: str, state: GameState) -> Move | None:
    """The move a question about ``text`` (an asked sentence of ``sender``'s letter) offers
    (see the module's doc), or None. ``state``: the game (the roster, the living, the
    sender's role)."""
    player = actor_of(state, sender)
    if player is None:
        return None
    action = _role_action(player)
    if action is None:
        return None
    target = _target(tuple(state.players), frozenset(state.alive()), sender, text, action)
    return Move(action, target=target) if target is not None else None


#: The question of a sentence whose one reading is offered (it opens as every «ход ли это»
#: question does: engine.answer_reply.WHETHER).
_OFFER = ("Не понял, ход ли это: {q}. Если это ваш ночной ход — {move} ({target}), ответьте на "
          "это письмо «Да»; если нет — напишите ход прямо: действие и ник (или что хода нет).")


def _role_action(player) -> str | None:
    """The one readable night move of ``player`` (an :class:`engine.grammar_rules.Actor`),
    or None."""
    if not player.alive:
        return None
    acts = ROLE_MOVES.get(player.role, frozenset())
    if len(acts) != 1:
        return None
    (action,) = acts
    return action if action in _READABLE else None


def _target(nicks: tuple[str, ...], alive: frozenset[str], sender: str, text: str,
            action: str) -> str | None:
    """The one player the sentence ``text`` of ``sender`` orders ``action`` on, or None.
    ``nicks``: the roster in its order; ``alive``: the living."""
    if "?" in text or "«" in text or '"' in text:
        return None
    idx = name_index(nicks)
    toks = idx.merge(tokenize_span(text, 0, len(text)))
    words = clause_words(toks)
    if not _NOT_ORDER.isdisjoint(words):
        return None
    verb = _verb_at(toks, words)
    if verb is None:
        return None
    named: list[tuple[int, str]] = []
    hits: dict = {}
    for k, t in enumerate(toks):
        if not t.word or k == verb:
            continue
        if words[k] == "себя" and k > verb:
            named.append((k, sender))  # («подкормлю себя», «окуриваю сам себя»)
            continue
        if len(t.w) < 2:
            continue
        hit = player_at(idx, toks, words, k, hits)
        if hit is None:
            continue
        if hit.nick is None:
            return None  # (a name fitting two players: asked)
        if not t.cap and _common_word(words[k]):
            return None  # («Стою на страже» beside a player Страж: the word's, asked)
        named.append((k, hit.nick))
    if len({n for _, n in named}) != 1:
        return None
    k, nick = named[0]
    if nick == sender and action not in _SELF:
        return None
    if nick != sender and nick not in alive:
        return None
    if k < verb or k - verb > 5 or not _NOT_HEAD.isdisjoint(words[:k]) or \
            any(W.past(w) for w in words[:k]):
        return None  # (the past or another's deed before the player: a story, not an order)
    between = words[verb + 1:k]
    if not all(w in _BETWEEN or _plain_word(w) for w in between):
        return None
    if k + 1 < len(words) and _calls(words[k + 1]):
        return None  # («Зову Лося медвежонком»: what the player is called, no move on him)
    return nick


def _verb_at(toks, words: list[str]) -> int | None:
    """The index of the verb the sentence opens with (after the words of :data:`_LEADS`) when
    it is an own verb (:func:`_own_verb`), else None."""
    for k, (t, w) in enumerate(zip(toks, words)):
        if w in _LEADS:
            continue
        return k if t.word and _own_verb(w) else None
    return None


def own_verb_word(text: str) -> str | None:
    """The infinitive of the own verb the asked sentence ``text`` opens with («Подкармливаю
    Пиона» → «подкармливать»), the word a «Да» to the offered reading confirmed as the
    player's word for his move (the host may teach it to the game: ``mafia-mail words add``);
    None when the sentence opens with no such verb. Pure; raises nothing."""
    toks = tokenize_span(text, 0, len(text))
    words = clause_words(toks)
    k = _verb_at(toks, words)
    return morph().parse(words[k])[0].normal_form.replace("ё", "е") if k is not None else None


@functools.lru_cache(maxsize=20_000)
def _common_word(w: str) -> bool:
    """True when ``w`` (written in small letters) is a word of the dictionary that is no
    name («страже», «клубнику»; not «серегу»)."""
    if not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    return not {"Name", "Surn", "Patr"} & p.tag.grammemes


@functools.lru_cache(maxsize=20_000)
def _calls(w: str) -> bool:
    """True when ``w`` is an animate noun or an adjective in the instrumental: what a player
    is called or taken for («медвежонком», «предателем», «хорошим»), not a tool («кулаком»)."""
    if not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    return "ablt" in p.tag and (p.tag.POS in ("ADJF", "PRTF") or
                                (p.tag.POS == "NOUN" and "anim" in p.tag))


@functools.lru_cache(maxsize=20_000)
def _own_verb(w: str) -> bool:
    """True when ``w`` is a verb in the first person singular, present or future indicative,
    of no move lexicon (a word the rules know and left is theirs: «Зову Лося медвежонком»,
    «Полечу с Мариной в Сочи») and no verb of saying, thinking or feeling."""
    if W.move_class(w):
        return False  # (a word the rules know: what they made of it stands)
    if len(w) < 4 or not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    if p.tag.POS != "VERB" or not {"1per", "sing", "indc"} <= p.tag.grammemes or \
            "past" in p.tag:
        return False
    lemma = p.normal_form.replace("ё", "е")
    return lemma not in W.NOT_ACTION and lemma not in W.SPEECH


@functools.lru_cache(maxsize=20_000)
def _plain_word(w: str) -> bool:
    """True when ``w`` may stand between the verb and its player: an adverb, an adjective
    or a noun of a phrase («до капли», «последний укол»), never a verb or a conjunction."""
    if not w or not w[0].isalpha():
        return False
    if not is_known_word(w):
        return False
    pos = morph().parse(w)[0].tag.POS
    return pos in ("ADVB", "ADJF", "NOUN", "NUMR")  # (a preposition only of _BETWEEN)
