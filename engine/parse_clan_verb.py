"""The clan's kill in the community's own verb (issue 11, DECISIONS.md §4 Clan kill): a
sentence no rule read whose only deed is done to one player by the clan.

«тушим: Искру», «Ночью высаживаем Аудюху насовсем, это заказ от клана», «шортим Свечу»
from the boss; «Клан сегодня тушит Петровича», «Клан этой ночью выезжает на Лома» from any
member of a clan. Each community has its slang for the kill, so the verb is no fixed list:
it is judged by what it is, as the full moon's headings are
(:func:`engine.grammar_kill_heading.word_verdict`): a verb of talk, thinking, sparing or of
another move is no kill; a verb of the first person plural from the boss (the clan's deed
said by its head), or any verb of the present or future said of the clan, is.

Read only where nothing else can be meant (:func:`clan_verb_kills`):

- the sender is in a clan and his letter makes no clan kill yet, and makes a lynch vote
  (a first-person plural verb of the lynch in slang, «прокатываем X», is never taken for
  the kill: the vote is elsewhere);
- the sentence is no question, speaks of no other day or condition («если», «бы»,
  «завтра», «может»), has no «не»; its verb opens it (after a list's number, words of time
  or «от клана»), or follows «клан», and right after the verb (past a colon, a dash, words
  of time or one preposition for the clan's verb) stands one living player of another
  side, and nothing but the end of the sentence, a comma, a dash or a bracket after him.

The rule read no other move from such a sentence, so the net of unread sentences asked
about it (reason ``unread``) or passed it by: the question is dropped for the kill.
Pure (no I/O); a letter with no clan sender, or one with a clan kill or no vote, costs
nothing.
"""

from __future__ import annotations

import re

from .grammar_kill_heading import word_verdict
from .grammar_tokens import clause_words, tokenize_span
from .model import Move, Problem
from .names import name_index
from .parse_types import Ctx, Item
from .parse_unread import overlaps, player_at, read_ranges, sentence_spans
from .textcase import lower_of
from .words import morph

__all__ = ["clan_verb_kills"]

#: Words that may open the sentence before the verb: a list's marks, time, the clan.
_LEAD = frozenset({"сегодня", "ночью", "этой", "нынче", "сейчас", "от", "клана", "нашего",
                   "итак", "так", "значит", "ну", "а", "и", "тогда", "теперь", "1", "2", "3",
                   "4", "5", "6"})

#: Words between the verb and its player.
_GAP = frozenset({":", "—", "-", "–", "сегодня", "ночью", "этой", "нынче", "от", "клана"})

#: Prepositions the clan's verb of motion takes its player with («выезжает на Лома»).
_PREPS = frozenset({"на", "по", "к", "ко"})

#: Words that make the sentence a plan, a condition, a wish, a doubt, a negation or another
#: day: no order of tonight.
_NOT_ORDER = frozenset({"если", "ежели", "бы", "б", "может", "можно", "наверное", "наверно",
                        "возможно", "завтра", "вчера", "позавчера", "надо", "нужно", "не",
                        "ни", "или", "либо", "предлагаю", "предлагаем", "хотим", "хочу",
                        "думаю", "думаем", "пусть"})

#: Marks after the player that end his clause («высаживаем X насовсем, это заказ»).
_ENDS = frozenset({",", "—", "-", "–", "(", ".", "!", ";", ")"})


def clan_verb_kills(ctx: Ctx, visible: str, read: list[Item], moves: list[Move],
                    problems: list[Problem]) -> tuple[list[Move], list[Problem]]:
    """``moves`` with the clan kill the module's rule reads from the sender's own text
    ``visible`` (at most one), and ``problems`` less the unread net's question about its
    sentence; both unchanged when there is none. ``read``: what the rules read (items, and
    the moves and problems so far at offset -1)."""
    sender = ctx.sender
    if sender.clan is None or not sender.alive or \
            any(m.action == "clan_kill" for m in moves) or \
            not any(m.action == "vote" for m in moves):
        return moves, problems
    boss = sender.role == "boss"
    if boss and (kill := _same_one_kill(visible, moves)) is not None:
        return list(moves) + [kill], [
            p for p in problems if p.reason != "unread" or kill.span not in p.text]
    if not boss and "клан" not in lower_of(visible):
        return moves, problems
    ranges = idx = None
    for lo, hi in sentence_spans(visible):
        text = visible[lo:hi]
        if "?" in text or not _may_hold(text.lower(), boss):
            continue  # (most sentences: no word of the clan, no plural verb)
        if ranges is None:
            asked = [it for it in read if it.pos == -1 and it.problem is not None and
                     it.problem.reason == "unread"]
            ranges = read_ranges(visible, [it for it in read if not any(it is a for a in asked)])
            idx = name_index(ctx.nicks)
        if overlaps(ranges, lo, hi):
            continue
        toks = idx.merge(tokenize_span(visible, lo, hi))
        words = clause_words(toks)
        if not _NOT_ORDER.isdisjoint(words):
            continue
        target = _kill_of(ctx, idx, toks, words, boss)
        if target is None:
            continue
        said = text.strip().rstrip(_SENTENCE_MARKS)
        kill = Move("clan_kill", target=target, span=said)
        return list(moves) + [kill], [
            # (the question quotes the sentence with its mark: «…, нечего на ноге стоять;»)
            p for p in problems if p.reason != "unread" or
            p.text.strip().rstrip(_SENTENCE_MARKS) not in said]
    return moves, problems


#: The marks ending a sentence, cut off the kill's words and the net's question alike.
_SENTENCE_MARKS = ".!…;"


#: «… и её же едим», «…, и его же тушим»: the player of the move just said, then the
#: clan's verb (group 1) ending its clause.
_SAME_ONE = re.compile(r"\s*,?\s*(и\s+(?:её|ее|его)\s+же\s+(\w+))(?=\s*(?:$|[.,:;!—–)\n]|-\s))",
                       re.IGNORECASE)


def _same_one_kill(visible: str, moves: list[Move]) -> Move | None:
    """The boss's «Проверяю X и её же едим»: right after the words of his check come «и её
    (его) же» and a verb that is the clan's deed (:func:`_clan_verb`, the community's own
    kill verb in the first person plural) ending the clause: the clan kill of the checked
    player (DECISIONS.md §4 Boss (a), (b)); None when the letter says no such thing. No
    question, no condition (the words are fixed: the pronoun, «же», the verb)."""
    for m in moves:
        if m.action != "boss_check" or not m.target or not m.span:
            continue
        at = visible.find(m.span)
        if at < 0:
            continue
        found = _SAME_ONE.match(visible, at + len(m.span))
        if found is None or not _clan_verb(found.group(2).lower(), False, True):
            continue
        end = min((n for n in (visible.find(c, found.end()) for c in ".!?\n") if n >= 0),
                  default=len(visible))
        if "?" in visible[found.end():end + 1]:
            continue  # («… и её же едим?»: a question, no order)
        return Move("clan_kill", target=m.target, span=found.group(1))
    return None


def _may_hold(low: str, boss: bool) -> bool:
    """True when the lower-case sentence may hold the clan's verb: «клан», or from the boss
    a word ending as a verb of the first person plural does («-ем», «-им», «-ём»)."""
    if "клан" in low:
        return True
    return boss and any(w.rstrip(".,:;!—-)»").endswith(("ем", "им", "ём")) for w in low.split())


def _kill_of(ctx: Ctx, idx, toks, words: list[str], boss: bool) -> str | None:
    """The player of the sentence's clan kill (see the module's doc), or None."""
    k = 0
    while k < len(words) and (not toks[k].word and words[k] in (")", ".", "-", "—", "•", "*")
                              or words[k] in _LEAD):
        k += 1
    clan = k < len(words) and words[k] in ("клан", "мы")
    if clan:
        k += 1
        while k < len(words) and words[k] in _LEAD:
            k += 1
    if k >= len(words) or not toks[k].word or not words[k].isalpha():
        return None
    if not _clan_verb(words[k], clan, boss):
        return None
    m = k + 1
    while m < len(words) and words[m] in _GAP:
        m += 1
    if clan and m < len(words) and words[m] in _PREPS:
        m += 1
    if m >= len(words):
        return None
    hit = player_at(idx, toks, words, m)
    if hit is None or not hit.nick:
        return None  # (nobody, or a name two players share: left to the other nets)
    who = ctx.state.players.get(hit.nick)
    if who is None or not who.alive or who.clan == ctx.sender.clan:
        return None
    n = m + 1
    if n < len(words) and words[n].isalpha() and \
            any(p.tag.POS == "ADVB" for p in morph().parse(words[n])[:1]):
        n += 1  # («высаживаем X насовсем, …»)
    if n < len(words) and words[n] not in _ENDS:
        return None  # (more than the player: «… и Y», «… за кошельком»: another reading)
    return hit.nick


def _clan_verb(w: str, clan: bool, boss: bool) -> bool:
    """True when ``w`` is the clan's deed (:func:`word_verdict` «kill»): from the boss a verb
    of the first person plural, present or future; after «клан» also one of the third person
    singular."""
    if word_verdict(w, clan) != "kill":
        return False
    for p in morph().parse(w)[:1]:
        tag = p.tag
        if tag.POS != "VERB" or tag.tense == "past" or "impr" in tag:
            return False
        if tag.person == "1per" and tag.number == "plur":
            return boss or clan
        return clan and tag.person == "3per" and tag.number == "sing"
    return False
