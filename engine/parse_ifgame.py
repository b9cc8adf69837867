"""Conditional moves that the game itself settles (issue 11): «Лечу Лапулю — или это уже было
вчера? Если было вчера, то Сову», «ворую у Остапа, а если нельзя два раза подряд — у Мадам»,
«мирному охотиться можно? Если да — стреляю в Кузю», «если Лось живой — бью Лося».

A careful host answers such a condition himself and applies the branch the rules select. The
condition is recognised by its *type* and evaluated with the engine's own code, never a copy:

- ``rule``: whether a move is allowed to the sender («если можно», «если нельзя», «если да»
  after a question on the rules): the move of the branch, or the move written before the
  condition, is read by the parser and judged by :func:`engine.legality.screen_letter`;
- ``repeat``: whether the move written before repeats yesterday's target («если я у неё вчера
  уже крал», «если это было вчера»): the legality refusal ``same_target_twice``, only for a
  move that has the rule (:data:`engine.legality.NO_REPEAT`);
- ``alive`` / ``dead``: whether a named player lives (the game state).

Any other condition (a hidden role, the future, another player's doings) is left as written,
so the parser asks. The chosen branch is kept and the others, with the condition words, are
blanked out of the text (same length, so every offset holds) before the letter is read; a
condition that cannot be settled for sure leaves the text as it is. The conditions and their
types are found in :mod:`engine.parse_ifgame_kind`.
"""

from __future__ import annotations

import re
from typing import Callable

from . import grammar_vocab as V
from .grammar_keywords import find_keywords
from .legality import NO_REPEAT, SELF_SETTLED, move_targets, screen_letter
from .model import ParseResult, TurnInfo
from .names import name_index
from .grammar_tokens import tokenize_span
from .parse_ifgame_kind import (if_words, RULE_Q, YESTERDAY, Branch, condition_groups,
                                question_before)
from .state import GameState

#: A parser without this pass: (text, sender, state, turn) -> result.
Reader = Callable[[str, str, GameState, TurnInfo], ParseResult]


def settle_conditions(text: str, sender: str, state: GameState, turn: TurnInfo,
                      read: Reader, asked: list[str] | None = None) -> str:
    """``text`` with every condition the game settles answered: the branch the rules select
    is kept (its condition words blanked), the other branches blanked (issue 11).

    Args:
        text: the normalised letter text; sender, state, turn: as for the parser.
        read: the parser without this pass (to read a branch's move).
        asked: when given, a branch under «если можно» whose question was about another move
            («можно мне тоже миномёт? Если можно — стреляю в X»: :func:`_asked_of_another`)
            is blanked with its condition and its words appended here, for the parser to ask
            about (the host answers the request; the shot is never read as the hunt).

    Returns:
        The text, same length; unchanged when no condition is of a settled type, when the
        sender is the swindler (his «если <роль>» are branches of his swindle) or when the
        branch to keep cannot be told for sure (the parser then asks)."""
    p = state.players.get(sender)
    if p is None or not p.alive or p.role == "swindler" or not if_words(text):
        return text
    for group in condition_groups(text, state, sender):
        chosen = _choose(text, sender, state, turn, read, group, asked)
        if chosen is not None:
            text = chosen
    return text


def blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with every span replaced by spaces (line breaks kept)."""
    chars = list(text)
    for lo, hi in spans:
        for k in range(lo, hi):
            if chars[k] != "\n":
                chars[k] = " "
    return "".join(chars)


def _refusals(result: ParseResult) -> list:
    """The legality refusals among ``result``'s problems."""
    return [pr for pr in result.problems if pr.kind in ("not_allowed", "not_your_role") and
            pr.action]


def _screened(read: Reader, text: str, sender: str, state: GameState, turn: TurnInfo):
    return screen_letter(read(text, sender, state, turn), sender, state, turn)


def _key(m) -> tuple:
    return (m.action, m.target, tuple(m.targets or ()), m.member,
            None if m.move is None else (m.move.action, m.move.target))


def _choose(text: str, sender: str, state: GameState, turn: TurnInfo, read: Reader,
            group: list[Branch], asked: list[str] | None = None) -> str | None:
    """The text with the branch of ``group`` that holds kept, or None when unsure."""
    lead_kinds = {b.kind for b in group}
    if "silent" in lead_kinds:
        return _silent_kept(text, sender, state, turn, read, group)
    if lead_kinds & {"alive", "dead"}:
        if not lead_kinds <= {"alive", "dead"} or len({b.nick for b in group}) > 1:
            return None
        holds = [b for b in group if state.players[b.nick].alive == (b.kind == "alive")]
        if not holds:
            return None  # «если Лось жив — бью Лося» with Лось dead: the parser tells why
        return _keep(text, sender, state, turn, read, group, holds[0], need_move=True)
    yes = [b for b in group if b.kind == "yes"]
    if yes:  # the branch's own move, judged by the rules
        b = yes[0]
        if len(group) == 1 and _adds_one_more(text, sender, state, turn, read, group, b):
            # «Зову Сову. Можно двоих? Если можно — тогда ещё и Кузю»: one guest a night,
            # the move written before stands
            return blank(text, [(b.lo, b.hi)])
        allowed = _branch_allowed(text, sender, state, turn, read, group, b)
        if allowed == "asked":
            if asked is None or len(group) != 1:
                return None
            asked.append(text[b.body:b.hi].strip(" \t\n—–-,:.!"))
            return blank(text, [(b.lo, b.hi)])
        if allowed is None:
            return None
        if allowed:
            return _keep(text, sender, state, turn, read, group, b, need_move=True)
        others = [o for o in group if o.kind == "no"]
        if not others:
            return None  # «если можно — X» refused: the refusal explains it
        # («если нельзя — тогда никого»: no move instead; the refusal tells why)
        return _keep(text, sender, state, turn, read, group, others[0], need_move=True)
    # a fallback after a move written before: «X. Если нельзя / если вчера уже — тогда Y»
    if len(group) != 1:
        return None
    b = group[0]
    asked = _question_tail(text, b.lo)
    if asked is not None:  # «Лечу Лапулю — или это уже было вчера?»: the rules answer it
        text = blank(text, [asked])
    before = blank(text, [(b.lo, b.hi)])
    res = _screened(read, before, sender, state, turn)
    window = _sentence_window(text, b.lo)
    told = [(text.rfind(pr.text, window, b.lo), pr.action, pr.reason, (pr.target,))
            for pr in _refusals(res) if pr.text] + \
        [(text.rfind(m.span, window, b.lo), m.action, None, move_targets(m))
         for m in res.moves if m.span]
    told = [t for t in told if t[0] >= 0]
    if not told:
        return None
    pos, action, reason, aimed = max(told)  # the move the fallback is for: the last before it
    if b.nick is not None and b.nick not in aimed:
        return None  # «Бью Кузю. Если Бобра нельзя — …»: the condition is on another move
    switched = _switch(text, b)
    if switched is None:
        return None
    got = _screened(read, switched, sender, state, turn)
    fallback = [m for m in got.moves if m.action == action and m.span and
                switched.find(m.span, b.lo) >= 0]
    if not fallback and not any(pr.action == action and pr.text and
                                switched.find(pr.text, b.lo) >= 0 for pr in _refusals(got)):
        return None  # the fallback is no other target of that move
    if b.kind == "repeat" and state.players[sender].role not in NO_REPEAT.get(action, ()):
        return None  # no rule on it: whether it repeats is not the rules' to answer
    if reason is None:
        return before
    if fallback and (b.kind != "repeat" or reason == "same_target_twice"):
        return switched
    return None


def _silent_kept(text: str, sender: str, state: GameState, turn: TurnInfo, read: Reader,
                 group: list[Branch]) -> str | None:
    """A condition that a clan mate sends nothing (``silent``) restates the rule: the text
    with its words blanked, when its branch is a move the rule is about — the boss's order
    for that member (the member's name is kept as the order's subject: «Лиса пусть обносит
    Сову») or a member's clan kill under his boss's silence; None otherwise (asked)."""
    if len(group) != 1:
        return None
    b = group[0]
    spans = [(b.lo, b.body)]
    boss = state.players[sender].role == "boss"
    if boss:
        at = _name_span(text, b, state)
        if at is None:
            return None
        spans = [(b.lo, at[0]), (at[1], b.body)]
    out = blank(text, spans)
    before = _screened(read, blank(text, [(b.lo, b.hi)]), sender, state, turn)
    after = _screened(read, out, sender, state, turn)
    old = {_key(m) for m in before.moves}
    new = [m for m in after.moves if _key(m) not in old]
    if not new or [pr for pr in after.problems if pr not in before.problems]:
        return None
    if boss and all(m.action == "on_behalf" and m.member == b.nick for m in new):
        return out
    if not boss and all(m.action == "clan_kill" for m in new):
        return out
    return None


def _name_span(text: str, b: Branch, state: GameState) -> tuple[int, int] | None:
    """Where the mate's name of the ``silent`` condition ``b`` is written in ``text``."""
    toks = [t for t in tokenize_span(text, b.lo, b.body) if t.word]
    words = [t.w for t in toks]
    idx = name_index(tuple(state.players))
    for n in range(len(toks)):
        hit = idx.exact(words, n, None)
        if hit is None and toks[n].cap and len(words[n]) >= 3:
            hit = idx.approximate(words[n])
        if hit is not None and hit.nick == b.nick:
            last = toks[n + hit.length - 1]
            return toks[n].start, last.end
    return None


def _question_tail(text: str, at: int) -> tuple[int, int] | None:
    """The rule question right before the condition at ``at``, as the span to blank: a
    sentence «…?» that asks about the rules or yesterday's move; from its last «—», «,»,
    «(» or «или» when a move is written before those («кражу у Остапа опять, можно же?»)."""
    q = question_before(text, at)
    if q is None or not (RULE_Q.search(q) or YESTERDAY.search(q)):
        return None
    hi = text.rfind("?", 0, at) + 1
    lo = hi - len(q)
    cut = max([lo + n for n, c in enumerate(q) if c in "—,("] +
              [lo + mm.start() for mm in re.finditer(r"(?i)(?<![\w-])или(?![\w-])", q)],
              default=lo)
    while cut > lo and text[cut - 1] in " \t,—–-(":
        cut -= 1  # («… — или это уже было вчера?»: the dash before «или» too)
    return (cut, hi) if text[lo:cut].strip() else (lo, hi)


def _switch(text: str, b: Branch) -> str | None:
    """The text where the fallback ``b`` replaces the move before it: its condition blanked
    and «. тогда» before its words, so the parser reads them as the correction of that move
    («Лечу X. Тогда Y»); None when there is no room for it."""
    then = re.search(r"(?i)(?<![\w-])(тогда|значит)(?![\w-])", text[b.body:b.hi])
    if then is not None and (len(text[b.body:b.body + then.start()].split()) <= 2 or
                             _aside_before(text[b.body:b.body + then.start()])):
        cut = b.body + then.start()
        out = blank(text, [(b.lo, cut)])
    elif b.body - b.lo >= 8:
        cut = b.body - 6
        out = blank(text, [(b.lo, b.body)])
        out = out[:cut] + "тогда" + out[cut + 5:]
    else:
        return None
    if b.lo < cut - 1 and out[b.lo] == " ":
        out = out[:b.lo] + "." + out[b.lo + 1:]
    return out


def _aside_before(words: str) -> bool:
    """True when ``words`` (between a condition and its «тогда») are a short aside closed by
    a dash: «если нельзя, как мне внучка сказала, — тогда …» (at most six words, no other
    condition in them)."""
    return bool(re.fullmatch(r"[^—–\n]*,\s*[—–-]\s*", words)) and len(words.split()) <= 7 and \
        not re.search(r"(?i)(?<![\w-])(если|ежели)(?![\w-])", words)


def _sentence_window(text: str, at: int) -> int:
    """Where the text a fallback at ``at`` may refer back to starts: the start of the
    sentence before it (one line at most above)."""
    line = text.rfind("\n", 0, at)
    prev = text.rfind("\n", 0, line) if line > 0 else -1
    return max(prev, 0)


def _branch_allowed(text, sender, state, turn, read, group, b) -> bool | str | None:
    """Whether the move of branch ``b`` is allowed: True, False, or None when the branch
    names no move the parser reads; ``"asked"`` when the question before it was about
    another move (:func:`_asked_of_another`)."""
    others = [(o.lo, o.hi) for o in group]
    base = _screened(read, blank(text, others), sender, state, turn)
    kept = _screened(read, blank(text, [(o.lo, o.hi) for o in group if o is not b] +
                                  [(b.lo, b.body)]), sender, state, turn)
    old = {_key(m) for m in base.moves}
    new = [m for m in kept.moves if _key(m) not in old]
    refusals = {(pr.action, pr.target) for pr in _refusals(base)}
    bad = [pr for pr in _refusals(kept) if (pr.action, pr.target) not in refusals]
    if bad and not new:
        return False
    if any(_unsettled(text, sender, state, m) for m in new):
        return None
    if new and _asked_of_another(text, b, state, sender, new):
        return "asked"
    if new and not bad and not [pr for pr in kept.problems if pr not in base.problems]:
        return True
    return None


def _adds_one_more(text, sender, state, turn, read, group, b) -> bool:
    """True when the branch ``b`` only adds a second target to a move of one target written
    before it («…тогда ещё и Кузю»): with the branch the letter's moves are refused as
    ``conflicting`` or ``too_many_targets``, without it the move stands."""
    if not re.search(r"(?i)(?<![\w-])(ещё|еще|также|плюс)(?![\w-])", text[b.body:b.hi]):
        return False
    base = _screened(read, blank(text, [(o.lo, o.hi) for o in group]), sender, state, turn)
    kept = _screened(read, blank(text, [(o.lo, o.hi) for o in group if o is not b] +
                                  [(b.lo, b.body)]), sender, state, turn)
    bad = [pr for pr in kept.problems if pr not in base.problems]
    if not bad and base.moves and {_key(m) for m in kept.moves} == {_key(m) for m in base.moves}:
        # («… Сова 🦉 А можно двоих? Если можно — тогда ещё и Кузя»: after the question the
        # bare «ещё и Кузя» adds to no move read)
        return bool(re.fullmatch(r"(?i)\s*(?:ещё|еще|также|плюс)\s+(?:и\s+)?[\w.-]+(?:\s+[\w.-]+)?"
                                 r"[\s.!)]*", text[b.body:b.hi]))
    return bool(base.moves) and bool(bad) and \
        all(pr.reason in ("conflicting", "too_many_targets") for pr in bad)


def _asked_of_another(text: str, b: Branch, state: GameState, sender: str, new: list) -> bool:
    """True when the question right before branch ``b`` names a move word (the mortar, a
    move of a role) and none of the branch's moves ``new`` is that move: «а можно мне тоже
    миномёт? Если можно — стреляю в X» from a player without the mortar asks the host for
    it, and the shot read as his hunt is not what the answer «можно» was about."""
    q = question_before(text, b.lo) or _question_near(text, b.lo)
    if q is None:
        return False
    p = state.players[sender]
    asked = set()
    for kw in find_keywords(tokenize_span(q, 0, len(q)), set(), name_index(tuple(state.players))):
        if kw.cls == V.MORTAR:
            asked.add("mortar")
            continue
        table = V.CLASS_ACTIONS.get(kw.cls, {})
        own = table.get(p.role) or table.get("mafia" if p.clan else "civil")
        if own is not None:
            asked.add(own)
    return bool(asked) and not asked & {m.action for m in new}


def _question_near(text: str, at: int) -> str | None:
    """The question sentence before ``at`` in the same paragraph with at most one short
    remark of five words after it, whatever ends the remark («…миномёт? Праздник же общий 🙂
    Если можно — …»), or None."""
    k = text.rfind("?", 0, at)
    if k < 0 or "\n\n" in text[k:at] or len(text[k + 1:at].split()) > 5:
        return None
    lo = max(text.rfind(c, 0, k) for c in ".!?\n")
    return text[lo + 1:k + 1]


def _unsettled(text: str, sender: str, state: GameState, m) -> bool:
    """True when the rules leave the question on branch move ``m`` open: it aims at the
    sender with a move whose self-aim the rules do not settle (:data:`SELF_SETTLED`), or the
    parser reads its move word in another sense than the word's own («проверяю» from a fan
    without an earned check is her search: the question was whether she may check)."""
    if sender in move_targets(m) and m.action not in SELF_SETTLED:
        return True
    p = state.players[sender]
    toks = tokenize_span(m.span, 0, len(m.span)) if m.span else []
    for kw in find_keywords(toks, set(), name_index(tuple(state.players))):
        table = V.CLASS_ACTIONS.get(kw.cls, {})
        own = table.get(p.role) or table.get("mafia" if p.clan else "civil")
        if own is not None and own != m.action:
            return True
    return False


def _keep(text, sender, state, turn, read, group, b, need_move: bool,
          lead: bool = False) -> str | None:
    """``text`` with branch ``b`` kept (only its condition words blanked; with ``lead``
    «тогда» stays so the parser reads the branch as the correction of the move before) and
    the other branches of ``group`` blanked; None when ``b`` is None and nothing is left, or
    when ``need_move`` and the branch gives the letter no move of its own."""
    spans = [(o.lo, o.hi) for o in group if o is not b]
    if b is not None:
        cut = b.body
        if lead:
            then = re.search(r"(?i)(?<![\w-])тогда(?![\w-])", text[b.lo:b.body])
            cut = b.lo + then.start() if then else b.body
        spans.append((b.lo, cut))
    out = blank(text, spans)
    if b is None or not need_move:
        return out
    before = _screened(read, blank(text, [(o.lo, o.hi) for o in group]), sender, state, turn)
    after = _screened(read, out, sender, state, turn)
    old = {_key(m) for m in before.moves}
    if not any(_key(m) not in old for m in after.moves):
        return None
    return out
