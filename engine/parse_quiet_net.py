"""The quiet net (issue 11, session 38): nothing the sender ordered is silently ignored.

A letter that the rules and the other nets read with no problem at all may still hold a
sentence that orders a move in a form no rule read («Сегодня у Фроста подрежу ход»,
«Голос, тайный как исповедь, — Vito», «Заодно пальнёт из рогатки в Шапокляк»). A host who finds
such a sentence does not apply the rest and drop it without a word: he asks. This net looks,
in such a letter only, at each sentence of the sender's own text that

- no rule read anything from (no move, no problem overlaps it),
- names a living player other than the sender,
- carries a sign of a move (a word of a move lexicon in any form, or a first-person verb of
  action) that :func:`decide` finds aimed at that player,
- and is not plainly talk: a question, a quote, a plan or condition («если», «завтра»,
  «бы»), the past, another's deed, a verb of saying or thinking, «не», the forum.

Such a sentence is reported as ``unparsed`` (reason ``unread``) with its text, so the reply
asks; only the sender's own role move on one living player, with no hedge and nothing but
prepositions between the verb and the player, is read instead (:func:`quiet_net`). Pure
(no I/O); runs only on letters with no problem, and a letter with no word that may be such
a sign costs one set difference (:func:`candidates`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .grammar_hot import letter_pieces, lowered, memo_table
from .grammar_rules import action_for, actor_of, problem
from .grammar_tokens import clause_words, tokenize_span
from .legality import ROLE_MOVES
from .model import Move, Problem
from .names import name_index
from .parse_types import Ctx, Item, done_action, one_a_turn
from .parse_unread import (_NEAR, _QUOTE_OR_Q, _WORD_RE, _aside, _object, _talk_said,
                           hunt_is_excluded, overlaps, player_at, read_ranges, sentence_spans)
from .textcase import sentences_holding
from . import parse_unread_words as W
from .words import role_words


@dataclass
class Seen:
    """What the net found in one sentence (its offsets, text, tokens and signs)."""

    lo: int
    hi: int
    text: str
    names: list = field(default_factory=list)  # (k, nicks, word before)
    signs: list = field(default_factory=list)  # (k, word, kind, class, action, member's)
    roles: list = field(default_factory=list)  # (k, word, role)
    words: list = field(default_factory=list)
    story: int | None = None
    done: frozenset = frozenset()  # the actions the letter's moves make
    on: frozenset = frozenset()  # the players the letter's moves are on
    night: frozenset = frozenset()  # the players the letter's moves but votes are on
    open: frozenset = frozenset()  # the sender's role moves the letter does not make
    sure: tuple | None = None  # (action, player) when :func:`decide` finds the one move meant


def quiet_net(ctx: Ctx, visible: str, read: list[Item]) -> tuple[list[Move], list[Problem]]:
    """The moves and problems of the net (see the module's doc) for the letter's own text
    ``visible`` given what the rules read (``read``: items, and the final moves with offset
    -1). The caller asks only of a letter with no problem so far.

    A sentence whose sign is a first-person verb or a noun of the sender's own role move,
    aimed at one living player, with no hedge («может», «наверное»), is read as that move
    («Сегодня у Фроста подрежу ход»: the theft from Frostbyte); any other is asked."""
    moves: list[Move] = []
    out: list[Problem] = []
    for seen in candidates(ctx, visible, read):
        if decide(ctx, seen):
            text = seen.text.rstrip(".!…")
            if seen.sure is not None and not moves:
                moves.append(Move(seen.sure[0], target=seen.sure[1], span=text))
            else:
                out.append(problem(text, "unparsed", "unread"))
    if out and moves:  # (more than one sentence: none read, each asked)
        out.insert(0, problem(moves[0].span, "unparsed", "unread"))
        moves = []
    return moves, out


def candidates(ctx: Ctx, visible: str, read: list[Item]) -> list[Seen]:
    """The sentences no rule read that name a living player beside a sign of a move the
    sender may mean (:func:`_useful`), each with what the net found in it."""
    finals = [it.move for it in read if it.pos == -1 and it.move is not None]
    done = frozenset(done_action(m) for m in finals)
    opened = ROLE_MOVES.get(ctx.sender.role, frozenset()) - done
    members = _members(ctx)
    memo = _useful_table(ctx, done, members)
    useful: list[str] = []  # (the pieces holding a sign the net reads)
    for piece in letter_pieces(visible).difference(_NO_SIGN):
        signs = _SIGN_WORDS.get(piece)
        if signs is None:
            signs = _piece_signs(piece)
        for w in signs:
            if w not in memo:
                memo[w] = _useful(ctx, w, done, opened, members)
            if memo[w]:
                useful.append(piece)
                break
    if not useful:
        return []  # (no word of the letter is a sign the net reads: most letters)
    spans = sentence_spans(visible)
    where = sentences_holding(spans, visible, tuple(useful))  # (the sentences those pieces
    # are written in: a piece holds no space, so one that starts in a sentence ends in it)
    idx = name_index(ctx.nicks)
    lower = lowered(visible)
    forms = idx.trigger_forms()
    same = len(lower) == len(visible)
    ranges = None
    out = []
    for n in where:
        lo, hi = spans[n]
        if same and not _may_fire(ctx, visible, lower, lo, hi, forms, memo, done, opened,
                                  members):
            continue
        if ranges is None:
            ranges = read_ranges(visible, read, hunt_is_excluded(ctx))
        if overlaps(ranges, lo, hi):
            continue
        seen = _seen(ctx, visible, lo, hi, idx, members)
        if seen.names and seen.signs:
            seen.done, seen.open = done, opened
            seen.on = frozenset(t for m in finals for mm in (m, m.move) if mm is not None
                                for t in (mm.target, *mm.targets) if t)
            seen.night = frozenset(t for m in finals if m.action != "vote"
                                   for mm in (m, m.move) if mm is not None
                                   for t in (mm.target, *mm.targets) if t)
            out.append(seen)
    return out


def _seen(ctx: Ctx, visible: str, lo: int, hi: int, idx, members: list) -> Seen:
    """What the net finds in the sentence ``visible[lo:hi]``: the living players it names
    (not the sender), the sender as its subject, role words and signs of moves."""
    roles = role_words()
    toks = idx.merge(tokenize_span(visible, lo, hi))
    words = clause_words(toks)
    seen = Seen(lo, hi, visible[lo:hi].strip(), words=list(words))
    hits: dict = {}
    for k, t in enumerate(toks):
        w = words[k]
        if not t.word:
            continue
        if len(t.w) >= 2:
            hit = player_at(idx, toks, words, k, hits)
            if hit is not None:
                owners = (hit.nick,) if hit.nick else hit.candidates
                if ctx.sender.nick in owners:
                    if seen.story is None:
                        seen.story = k
                    continue
                if any(o in ctx.alive for o in owners):
                    seen.names.append((k, tuple(owners), words[k - 1] if k else ""))
                    continue
        if w in roles:
            seen.roles.append((k, w, roles[w]))
        if w == "я" and seen.story is None:
            seen.story = k
        kind, cls = _sign(w)
        if kind:
            act = action_for(cls, ctx.sender, ctx.turn) if cls else None
            member = next((a for m in members if (a := action_for(cls, m, ctx.turn))),
                          None) if cls and act is None else None
            seen.signs.append((k, w, kind, cls, act, member))
    return seen


#: A capitalised word after a sentence's first (a word as the cheap test reads it:
#: parse_unread's ``_WORD_RE``).
_CAPITAL = re.compile(r"[\s,(—-][А-ЯЁA-Z]")


def _may_fire(ctx: Ctx, visible: str, lower: str, lo: int, hi: int, forms, memo: dict,
              done: frozenset, opened: frozenset, members: list) -> bool:
    """The cheap first test of a sentence ``visible[lo:hi]`` (``lower``: the letter lowered
    letter by letter): False when :func:`decide` surely leaves it — a question, a quote, a
    word of a plan or of the forum, no sign :func:`_useful` keeps, no capitalised word after
    its first and no form of a nick — so its tokens are never made. ``memo``: each word's
    answer in this letter."""
    text = visible[lo:hi]
    if text.rstrip().endswith("?") or _QUOTE_OR_Q.search(text):
        return False
    words = _WORD_RE.findall(lower, lo, hi)
    if not _NOT_TODAY.isdisjoint(words) or not W.FORUM.isdisjoint(words):
        return False
    if _CAPITAL.search(text) is None and forms.isdisjoint(words):
        return False
    marked = None
    for w in words:
        useful = memo.get(w)
        if useful is None:  # (a word cut otherwise than in its piece)
            useful = memo[w] = _useful(ctx, w, done, opened, members)
        if useful == _NOUN:  # (a noun is read only before a dash, a colon or an arrow)
            if marked is None:
                marked = any(m in text for m in _DASHES)
            if marked:
                return True
        elif useful:
            return True
    return False


#: Pieces of text (cut at whitespace, as written) holding no sign of a move (:func:`_sign`),
#: and the sign words of the others (lower case, «е» for «ё»): pure functions of the piece,
#: remembered (emptied past 200,000).
_NO_SIGN: set[str] = set()
_SIGN_WORDS: dict[str, tuple[str, ...]] = {}


def _piece_signs(piece: str) -> tuple[str, ...]:
    """The words of ``piece`` that are signs of a move (:func:`_sign`), remembered."""
    signs = tuple(w for w in _WORD_RE.findall(piece.lower().replace("ё", "е")) if _sign(w)[0])
    if not signs:
        if len(_NO_SIGN) > 200_000:
            _NO_SIGN.clear()
        _NO_SIGN.add(piece)
    else:
        if len(_SIGN_WORDS) > 200_000:
            _SIGN_WORDS.clear()
        _SIGN_WORDS[piece] = signs
    return signs


#: (sender, turn, actions made, members) → word → :func:`_useful`'s answer: a pure
#: function of its keys, remembered (:func:`engine.grammar_hot.memo_table`).
_USEFUL: dict[tuple, dict[str, int]] = {}


def _useful_table(ctx: Ctx, done: frozenset, members: list) -> dict[str, int]:
    """The table of :func:`_useful`'s answers for this sender, turn and letter's moves."""
    turn, me = ctx.turn, ctx.sender
    # (what :func:`action_for` and :func:`one_a_turn` read of the sender, his members and
    # the turn: plain strings and flags, cheap to hash)
    key = (me.nick, me.role, me.clan, me.fan_check_left, turn.event, turn.mortar,
           turn.immune, turn.fear_chosen, done,
           tuple((m.nick, m.role, m.clan) for m in members) if members else ())
    return memo_table(_USEFUL, key, 50_000)


#: :func:`_useful`'s answer for a noun: a sign only before a dash, a colon or an arrow.
_NOUN = 2


def _useful(ctx: Ctx, w: str, done: frozenset, opened: frozenset, members: list) -> int:
    """Whether the word ``w`` may be a sign :func:`decide` reads: a first-person form or
    (:data:`_NOUN`) a noun of a move the sender can make today and has not made, a
    third-person form of such a move but a vote, a form of a move a boss's member can make
    and has not made, or a first-person verb of action while the sender's role move is
    open (1); else 0."""
    kind, cls = _sign(w)
    if not kind:
        return 0
    if not cls:
        return int(kind == "first" and bool(opened))
    act = action_for(cls, ctx.sender, ctx.turn)
    if act is not None:
        if act in done and one_a_turn(ctx, act):
            return 0
        return _NOUN if kind == "noun" else int(kind in ("move", "third") and act != "vote")
    return int(kind in ("move", "third", "form") and any(
        (a := action_for(cls, m, ctx.turn)) and a not in done for m in members))


def _members(ctx: Ctx) -> list:
    """The living members of a boss's clan (as actors), or [] for any other sender."""
    if ctx.sender.role != "boss":
        return []
    out = []
    for n, p in ctx.state.players.items():
        if n != ctx.sender.nick and p.alive and p.clan == ctx.sender.clan:
            a = actor_of(ctx.state, n)
            if a is not None:
                out.append(a)
    return out


def _sign(w: str) -> tuple[str, str]:
    """What word ``w`` is as a sign of a move: (kind, class) — kind as
    :func:`W.move_word` («move», «noun», «third», «past», «first») or «form» for any other
    form of a move word (an infinitive, an imperative, a participle); ("", "") for none."""
    cls = W.move_class(w)
    if not cls:
        return ("first", "") if W.move_word(w) == "first" else ("", "")
    return (W.move_word(w) or "form"), cls


#: Words that make a whole sentence a plan, a condition, a wish or the past («если»,
#: «завтра», «бы», «надо»): no order of today, wherever they stand. («может», «наверное»
#: are hedges of a move: the net asks about them.)
_NOT_TODAY = frozenset({"если", "бы", "б", "можно", "завтра", "вчера", "позавчера", "хотел",
                        "хотела", "хочется", "нельзя", "надо", "нужно"})

#: Words of musing or of another's deed («думаю», «пусть», «потом»): talk when they stand
#: before the move word.
_MUSING = W.NOT_ORDER - _NOT_TODAY - {"может", "наверное"}

#: Words that may stand before a third-person verb with no subject of its own, the
#: sender's story going on («Заодно пальнёт …», «А ночью ещё навестит …»).
_STORY_LEADS = W.TIMES | frozenset({"а", "и", "заодно", "ещё", "еще", "также", "тоже",
                                    "затем", "сразу", ",", "—"})

#: A dash, a colon or an arrow between a move noun and its player («проверка — Лёха»).
_DASHES = ("—", ":", "-", "→")


def decide(ctx: Ctx, seen: Seen) -> bool:
    """True when the sentence ``seen`` is asked about: it is no plain talk and

    - a first-person verb (not a vote's: those are the rules') or a noun of a move the
      sender can make today and has not made in the letter has a named player for its
      object, with no comma between («Сегодня у Фроста подрежу ход»), the noun only past a
      dash («Голос, тайный как исповедь, — Vito»);
    - from a boss, a verb of a move one of his members can make, not made in the letter,
      has a named player for its object («пусть грабит сыча»; an infinitive only after his
      own verb: «велю обчистить Локи»);
    - a first-person verb of no move lexicon has a named player for its object while the
      sender's role move is not made in the letter («Сижу на засидке у Сома»);
    - a third-person verb of the sender's move (not a vote) with nothing before it but a
      word of time or «заодно», «и» (his story goes on from the sentence before: no subject
      of its own) has a named player no night move is on for its object («Заодно пальнёт
      из рогатки в Шапокляк»)."""
    words = seen.words
    text = seen.text.rstrip()
    if text.endswith("?") or _QUOTE_OR_Q.search(text) or _talk_said(words, _NOT_TODAY):
        return False  # (a question, a quote, a plan, the forum, words to somebody)
    free = [k for k, owners, _ in seen.names if seen.on.isdisjoint(owners)]
    story = seen.story
    for k, w, kind, cls, act, member in seen.signs:
        if act and (kind == "noun" or (kind == "move" and act != "vote")) and \
                not _made(ctx, seen, act):
            # (a vote verb the rules left is theirs: «Голосую вслед за X», «против линча X»)
            # (a player another move is on may still be this night move's: «Проверяю мужа
            # Ковалёвой» beside a theft from Ковалёва; never a vote's: «Два голоса: X и…»)
            for n, owners, _ in seen.names:
                if (act == "vote" and n not in free) or _blocked(ctx, seen, k, n, True):
                    continue
                if n + 1 < len(words) and words[n + 1] == "не":
                    continue  # («…: Грима не трогаю»: the player is the negated verb's)
                if _dash_name(words, k, n) if kind == "noun" else _close(words, k, n, story):
                    seen.sure = _sure(ctx, seen, act, n) if n in free else None
                    return True
        if member and kind in ("move", "third", "form") and member not in seen.done and \
                (kind != "form" or any(j < k and i in ("first", "move")
                                       for j, _, i, _, _, _ in seen.signs)):
            # (an infinitive after the boss's own verb: «велю обчистить X»; not a bare
            # «Навести X» after talk)
            for n in free:
                if not _blocked(ctx, seen, k, n, False) and \
                        _object(words, k, n, "move", story, False):
                    return True
        if kind == "first" and seen.open:
            for n, _, _ in seen.names:
                if not _blocked(ctx, seen, k, n, True) and \
                        _object(words, k, n, "move", story, False):
                    return True
        if kind == "third" and story is None and act and act != "vote" and \
                not _made(ctx, seen, act) and \
                all(w in _STORY_LEADS for w in words[:k]):
            for n, owners, _ in seen.names:
                if seen.night.isdisjoint(owners) and not _blocked(ctx, seen, k, n, True) and \
                        _object(words, k, n, "move", story, cls == "INVITE"):
                    return True
    return False


#: Words that hedge a move: a sentence with one is asked, never read.
_HEDGES = frozenset({"может", "наверное", "наверно", "пожалуй", "возможно", "подумаю",
                     "посмотрим", "позже", "попозже"})

#: The role moves the net may read (one target, no role or branches to tell).
_READABLE = frozenset({"rob", "guard", "boss_check", "check", "heal", "invite", "beat",
                       "watch", "maniac_kill"})


def _sure(ctx: Ctx, seen: Seen, action: str, n: int) -> tuple[str, str] | None:
    """(action, player) when the sentence surely means the sender's own role move
    ``action`` on the one living player named at token ``n``: no hedge, no other player
    named, one owner of the name; else None (the sentence is asked)."""
    if action not in _READABLE or action not in ROLE_MOVES.get(ctx.sender.role, ()) or \
            not _HEDGES.isdisjoint(seen.words):
        return None
    owners = {o for k, nicks, _ in seen.names for o in nicks}
    named = [nicks for k, nicks, _ in seen.names if k == n]
    if len(owners) != 1 or not named or len(named[0]) != 1 or named[0][0] not in ctx.alive:
        return None
    return action, named[0][0]


def _made(ctx: Ctx, seen: Seen, action: str) -> bool:
    """True when the letter already makes ``action`` and makes it once a turn."""
    return action in seen.done and one_a_turn(ctx, action)


def _blocked(ctx: Ctx, seen: Seen, k: int, n: int, musing: bool) -> bool:
    """True when the move word at ``k`` and the name at ``n`` are talk: the past, a question
    word or another subject, (with ``musing``) a word of musing before the move word; a verb
    of saying or thinking or «не» before either; «без» right before the move word («без
    жульничества»); another role's word before the move word («Хозяйка зовёт Барсика»)."""
    words = seen.words
    before = words[:k]
    if any(W.past(w) for w in before) or \
            any(x in W.WH or x in W.OTHERS for x in before) or \
            (musing and not _MUSING.isdisjoint(before)):
        return True
    upto = words[:max(n, k)]
    if "не" in upto or (k and words[k - 1] == "без") or \
            any(W.speech(w) and not _aside(words, j) for j, w in enumerate(upto)):
        return True
    return any(j < k and role != ctx.sender.role for j, _, role in seen.roles)


#: Words that may stand between a move verb and the player it is on («зову к себе Кузю»,
#: «иду сегодня к Кузе»).
_CLOSE = W.PREPS_BEFORE | W.TIMES | frozenset({"себе", "ко", "же"})


def _close(words: list[str], k: int, n: int, story: int | None) -> bool:
    """True when the name at ``n`` is the object of the verb at ``k`` with nothing but
    prepositions and words of time between («подрежу у Фроста», «зову к себе Кузю»), or
    stands before it after a preposition («у Фроста подрежу ход»): not «ломаю голову над
    X», «стреляю глазками в X» (another object between)."""
    if n > k:
        return n - k <= _NEAR and all(w in _CLOSE for w in words[k + 1:n])
    return _object(words, k, n, "move", story, False)


def _dash_name(words: list[str], k: int, n: int) -> bool:
    """True when the name at ``n`` stands after the move noun at ``k`` past a dash, a colon
    or an arrow, with nothing but a preposition or a word of time between that mark and the
    name («Голос, тайный как исповедь, — Vito»; not «Линч — дело серьёзное, Бука»)."""
    if n <= k or n - k > 8:
        return False
    between = words[k + 1:n]
    marks = [i for i, w in enumerate(between) if w in _DASHES]
    return bool(marks) and all(w in W.PREPS_BEFORE or w in W.TIMES or w in _DASHES
                               for w in between[marks[-1] + 1:])
