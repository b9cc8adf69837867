"""The sender's own move in his community's verb (issue 11, session 60).

A game's players borrow their moves' words from their community: a beekeepers' doctor writes
«Подкормлю сегодня Медуницу», a chess club's thug «Окуриваю Летка», a nurses' maniac «Ставлю
Практиканту последний укол». No lexicon holds every community's verbs; the nets
(:mod:`engine.parse_unread`, :mod:`engine.parse_quiet_net`) ask about such a sentence. A host
does not ask a player whose role has one night move and who writes an order-shaped sentence
«<my verb> <one living player>»: he reads it as that move, and the reply says what he read,
so a player who meant something else corrects it.

This module reads an asked sentence (a problem of reason ``unread``) as the sender's role
move when all of these hold, and leaves it asked otherwise:

- the sender's role has exactly one night move, of one target and no role or branches to
  tell (:data:`_READABLE`), and the letter makes no such move and asks nothing about it;
- the sentence opens (after words of time, «я», «а», «и», «ну», «так», «вот», «тогда»,
  «по игре», a colon or a dash) with a verb in the first person singular, present or future,
  indicative, that is no word of another move's lexicon and no verb of saying, thinking or
  feeling (:data:`engine.parse_unread_words.NOT_ACTION`, ``SPEECH``), or a verb of the
  sender's own move;
- it names exactly one player, living, one owner of the name, within a few words of the verb
  with no comma, no other verb and no «не» between (or «себя» / his own nick for a move the
  rules let him make on himself: heal, guard, beat);
- no question mark, quote, hedge («может», «наверное»), plan or condition («если», «бы»,
  «завтра»), the past, «не» or another subject anywhere in it;
- it is the only such sentence of the letter.

Pure (no I/O). The JSON of ``parse`` is unchanged in shape (SCENARIOS.md): the move is an
ordinary move with the sentence for its span.
"""

from __future__ import annotations

import functools

from .grammar_tokens import clause_words, tokenize_span
from .legality import ROLE_MOVES
from .model import Move, Problem
from .names import name_index
from .parse_types import Ctx
from .parse_unread import player_at
from . import parse_unread_words as W
from .words import is_known_word, morph

#: The role moves read here: one target, no role or branches to tell (the fan's search
#: names a role; the swindler's has branches; the boss has two night moves).
_READABLE = frozenset({"rob", "guard", "check", "heal", "invite", "beat", "watch",
                       "maniac_kill"})

#: Moves the rules let a player make on himself (DECISIONS.md §4): «подкормлю себя».
_SELF = frozenset({"guard", "heal", "beat"})

#: The lexicon class of each readable move (the sender's own move verb counts as his verb).
_CLASS = {"rob": "ROB", "guard": "GUARD", "check": "CHECK", "heal": "HEAL", "invite": "INVITE",
          "beat": "BEAT", "watch": "WATCH", "maniac_kill": "MANIAC"}

#: Words that may open the sentence before its verb.
_LEADS = frozenset({"я", "а", "и", "ну", "так", "вот", "тогда", "сегодня", "ночью", "этой",
                    "нынче", "сейчас", "теперь", "итак", "значит", "ладно", "по", "игре",
                    "делу", "ход", "мой", "ходу", "сам", "лично", ":", "—", "-", ",", "ну,"})

#: Words that may stand between the verb and the player («подкормлю сегодня Медуницу»,
#: «ставлю Практиканту последний укол» has the player first).
_BETWEEN = W.PREPS_BEFORE | W.TIMES | frozenset({"себе", "ко", "же", "сам", "сама", "лично",
                                                 "этой", "ночью", "сегодня", "нашего",
                                                 "нашу", "наш", "нашей", "дорогого",
                                                 "дорогую", "уважаемого", "уважаемую",
                                                 "всё", "все", "до", "капли", "у"})

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


def own_verb_moves(ctx: Ctx, moves: list[Move], problems: list[Problem]
                   ) -> tuple[list[Move], list[Problem]]:
    """``moves`` and ``problems`` with the one asked sentence (reason ``unread``) that surely
    means the sender's role move read as that move (see the module's doc); unchanged when no
    sentence, or more than one, does. Raises nothing."""
    action = _role_action(ctx)
    if action is None or any(m.action == action for m in moves) or \
            any(p.action == action for p in problems):
        return moves, problems
    read = [(p, target) for p in problems if p.reason == "unread" and p.kind == "unparsed"
            and (target := _target(ctx, p.text, action)) is not None]
    if len(read) != 1:
        return moves, problems
    p, target = read[0]
    # (in the letter's order: «Прикармливаю Буку. Голос — Кир.» gives the heal first)
    at = ctx.text.find(p.text)
    k = next((n for n, m in enumerate(moves) if at >= 0 and m.span and
              (where := ctx.text.find(m.span)) >= 0 and where > at), len(moves))
    move = Move(action, target=target, span=p.text)
    return moves[:k] + [move] + moves[k:], [q for q in problems if q is not p]


def _role_action(ctx: Ctx) -> str | None:
    """The sender's one readable night move, or None."""
    if not ctx.sender.alive:
        return None
    acts = ROLE_MOVES.get(ctx.sender.role, frozenset())
    if len(acts) != 1:
        return None
    (action,) = acts
    return action if action in _READABLE else None


def _target(ctx: Ctx, text: str, action: str) -> str | None:
    """The one player the sentence ``text`` orders ``action`` on, or None."""
    if "?" in text or "«" in text or '"' in text:
        return None
    idx = name_index(ctx.nicks)
    toks = idx.merge(tokenize_span(text, 0, len(text)))
    words = clause_words(toks)
    if not _NOT_ORDER.isdisjoint(words):
        return None
    verb = None
    for k, (t, w) in enumerate(zip(toks, words)):
        if not t.word:
            if w in _LEADS:
                continue
            return None
        if w in _LEADS:
            continue
        if _own_verb(w, action):
            verb = k
        break
    if verb is None:
        return None
    named: list[tuple[int, str]] = []
    hits: dict = {}
    for k, t in enumerate(toks):
        if not t.word or k == verb:
            continue
        if words[k] == "себя" and k > verb:
            named.append((k, ctx.sender.nick))  # («подкормлю себя», «окуриваю сам себя»)
            continue
        if len(t.w) < 2:
            continue
        hit = player_at(idx, toks, words, k, hits)
        if hit is None:
            continue
        if hit.nick is None:
            return None  # (a name fitting two players: asked)
        named.append((k, hit.nick))
    if len({n for _, n in named}) != 1:
        return None
    k, nick = named[0]
    if nick == ctx.sender.nick and action not in _SELF:
        return None
    if nick != ctx.sender.nick and nick not in ctx.alive:
        return None
    if k < verb or k - verb > 5 or not _NOT_HEAD.isdisjoint(words[:k]) or \
            any(W.past(w) for w in words[:k]):
        return None  # (the past or another's deed before the player: a story, not an order)
    between = words[verb + 1:k]
    if not all(w in _BETWEEN or _plain_word(w) for w in between):
        return None
    return nick


@functools.lru_cache(maxsize=20_000)
def _own_verb(w: str, action: str) -> bool:
    """True when ``w`` is a verb in the first person singular, present or future indicative,
    of no other move's lexicon and no verb of saying, thinking or feeling; or a first-person
    verb of ``action``'s own lexicon."""
    cls = W.move_class(w)
    if cls:
        return cls == _CLASS[action] and W.move_word(w) == "move"
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
    return pos in ("ADVB", "ADJF", "NOUN", "NUMR", "PREP")


def guessed_verb(span: str, action: str) -> str | None:
    """The verb, as written, that a move of ``action`` read from ``span`` (its sentence) was
    guessed from: the sentence's opening verb when it is a word of no move lexicon
    (:func:`own_verb_moves`' reading, «Подкормлю сегодня Медуницу» → «Подкормлю»); None when
    the move was read from a word the rules know or ``action`` is no move read here. The reply
    tells the player so (as :mod:`engine.names_told` does for a name read as a guess)."""
    if action not in _READABLE or not span:
        return None
    for t in tokenize_span(span, 0, len(span)):
        w = t.w.lower()
        if w in _LEADS or not t.word:
            continue
        return t.text if not W.move_class(w) and _own_verb(w, action) else None
    return None
