"""Heads of a swindler's branch the plain rules of engine.parse_branches miss: a table row
(«| доктор | лечу X |», «врач<TAB>лечу X»), a role asked on its line («- комм? тогда
проверяю X»), a misspelt role word («если свидетль — слежу за X»).
"""

from __future__ import annotations

import functools
import re

from . import grammar_vocab as V
from .grammar_fuzzy import fuzzy_verb
from .grammar_keywords import find_keywords
from .grammar_tokens import Tok, clauses, tokenize_span
from .names import name_index
from .translit import cyrillic_reading
from .parse_types import Ctx, SWINDLE_ROLES
from .words import is_known_word, role_words

#: Text before a branch's role word on its line: list marks, numbers, table bars only.
_LINE_LEAD = re.compile(r"[\s|*•·>\-–—\d.)(]*")

#: Text between a table row's role word and its move: a bar, a tab or a run of spaces.
_CELL_GAP = re.compile(r"\s*(\|\s*|\t\s*|\s{2,})")

#: Words that may stand before a role asked on its line («если он док?», «она комм?»).
_ASKED_OPENERS = frozenset({"если", "он", "она", "а", "вдруг", "if"})

#: Words that open the move after a role asked («комм? тогда проверяю X»).
THEN_WORDS = frozenset({"тогда", "то", "значит"})


def _line_lead(ctx: Ctx, pos: int) -> str:
    """The text of the line of ``pos`` before it."""
    return ctx.text[ctx.text.rfind("\n", 0, pos) + 1:pos]


def table_heads(ctx: Ctx, clause: list[Tok]) -> list[int]:
    """Indexes of the role words that open a table row of branches: the role word is the first
    word of its line (only bars, list marks or numbers before it), a bar, tab or run of
    spaces follows it, and then, right away, a move word of that role's branch
    («| стерва | зову Шефа в гости |»). A row whose move is of another role is no head
    here (the dash and «если» heads refuse it as a mismatch)."""
    rw = role_words()
    out = []
    for k, t in enumerate(clause[:-1]):
        role = rw.get(t.w) if t.word else None
        nxt = clause[k + 1]
        if role not in SWINDLE_ROLES or not nxt.word or \
                not _LINE_LEAD.fullmatch(_line_lead(ctx, t.start)) or \
                not _CELL_GAP.fullmatch(ctx.text[t.end:nxt.start]):
            continue
        kws = find_keywords(clause[k + 1:], set(), name_index(ctx.nicks))
        if kws and kws[0].i == 0 and kws[0].cls in V.BRANCH_CLASSES[role] and not kws[0].negated:
            out.append(k)
    return out


def asked_role(ctx: Ctx, clause: list[Tok]) -> str | None:
    """The role asked right before ``clause`` on its line, when the clause opens the move of
    that role's branch («- комм? тогда проверяю Пепегу», «если она док? лечу X»): the line
    before the clause is a list mark, then only «если», «он», «она» and one role word of a
    branch, then «?»; the clause opens with «тогда»/«то» or with the move word itself, a
    move word of that role's branch. None otherwise."""
    lead = _line_lead(ctx, clause[0].start)
    if not lead.rstrip().endswith("?") or "?" in lead.rstrip()[:-1]:
        return None
    start = clause[0].start - len(lead)
    toks = [t for c in clauses(tokenize_span(ctx.text, start, clause[0].start)) for t in c
            if t.word]
    rw = role_words()
    roles = [rw.get(t.w) for t in toks if t.w not in _ASKED_OPENERS]
    if len(roles) != 1 or roles[0] not in SWINDLE_ROLES or \
            not _LINE_LEAD.fullmatch(ctx.text[start:toks[0].start]):
        return None
    first = next((n for n, t in enumerate(clause) if t.word), None)
    if first is None:
        return None
    kws = find_keywords(clause, set(), name_index(ctx.nicks))
    at = first + 1 if clause[first].w in THEN_WORDS else first
    if not kws or kws[0].i != at or kws[0].cls not in V.BRANCH_CLASSES[roles[0]] or \
            kws[0].negated:
        return None
    return roles[0]


@functools.lru_cache(maxsize=1)
def _role_choices() -> dict[str, str]:
    """Single-word role words of the roles a swindler steals (six letters or more), each with
    its role: what a misspelt branch head («свидетль», «svidetel» read «свидетел») is
    compared with."""
    return {w: r for w, r in role_words().items()
            if r in SWINDLE_ROLES and " " not in w and len(w) >= 6}


@functools.lru_cache(maxsize=20_000)
def _near_role(word: str) -> str | None:
    """The one role ``word`` is a slip of (one edit from a role word of
    :func:`_role_choices`, no Russian word itself), or None."""
    from rapidfuzz.distance import OSA

    word = cyrillic_reading(word)  # («svidetel»: «свидетел»)
    if len(word) < 5 or word in role_words() or is_known_word(word):
        return None
    roles = {r for w, r in _role_choices().items()
             if abs(len(w) - len(word)) <= 1 and OSA.distance(word, w, score_cutoff=1) <= 1}
    return roles.pop() if len(roles) == 1 else None


#: Slang role words read only as a branch head with that role's move after them: as role
#: words anywhere they would be nicknames or moves («Бабочка», «шизю»).
_HEAD_SLANG = {"бабочка": "hostess", "шизя": "psycho", "шизо": "psycho"}


def role_like(word: str) -> bool:
    """True when ``word`` is a slang or misspelt role word («шизя», «свидетль»): a head of
    its role's branch under :func:`misspelt_heads`, no unknown word."""
    return word in _HEAD_SLANG or _near_role(word) is not None


def misspelt_heads(ctx: Ctx, clause: list[Tok], is_head) -> dict[int, str]:
    """Branch heads whose role word is misspelt or slang («если свидетль — слежу за X», «esli
    svidetel - slezhu za X», «бабочка → зову X»): a word one edit from a role word or of
    :data:`_HEAD_SLANG`, where a head stands
    (``is_head(clause, k)``), with a move word of that role's branch right after its dash
    or «то». Index → role."""
    out = {}
    for k, t in enumerate(clause[:-1]):
        if not t.word or (role := _HEAD_SLANG.get(t.w) or _near_role(t.w)) is None or \
                not is_head(clause, k):
            continue
        if fuzzy_verb(t.w) and not any(u.word for u in clause[:k]):
            continue  # («шизя — шизю X» opening a line reads «шизя» as a misspelt «шизю»)
        n = k + 1
        while n < len(clause) and (not clause[n].word or clause[n].w in THEN_WORDS):
            n += 1
        kws = find_keywords(clause[n:], set(), name_index(ctx.nicks))
        if kws and kws[0].i == 0 and kws[0].cls in V.BRANCH_CLASSES[role] and not kws[0].negated:
            out[k] = role
    return out
