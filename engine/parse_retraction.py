"""A clause that takes back the move right before it (engine.parse_correct): «Голосую за
Лося… Хотя нет, он же свой.» opens with a correction head, names no move and no new target:
the move is dropped and the reply asks what stands instead (precision first); a move taken
back as a joke («шутка») is dropped with nothing asked. A change of mind about another player
(«передумала насчёт Пончика») is about an earlier letter and takes nothing back.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_rules import problem
from .grammar_keywords import find_keywords
from .grammar_flags import clause_flags, correction_end, takes_back
from .grammar_tokens import Tok, span, clause_words
from .names import name_index
from .words import is_noun, past_tense, third_person
from .parse_types import Ctx, Item, Prev, nick_at, prev_targets


def retraction(ctx: Ctx, clause: list[Tok], prev: Prev, adjacent: bool,
                items: list[Item], named: bool = False, spared: bool = False) -> bool:
    """«Голосую за Лося… Хотя нет, он же свой.»: a clause opening with a correction head and
    naming no move takes back the move right before; the reply asks what stands instead
    (precision first); one taken back as a joke («шучу», «шутка») is dropped with no question
    (the reply's echo shows no such move). A player it names without «насчёт», «про» («Хотя нет, пусть будет
    X» that was not read; ``named``: a correction to names that was not read) is asked
    about too; one it names so is about an earlier letter. ``spared``: the clause spares a
    target of the move («Нет, Кузю не надо», «Кузю не трогаем»), which takes it back
    whatever the correction words. True when the clause was one."""
    k = correction_end(clause)
    if spared and k is None:
        k = 0
    if k is None or not adjacent or not prev.items or \
            not (spared or takes_back([clause[n].w for n in range(k)])):
        return False
    flags = clause_flags(clause)
    if flags["cancel"] is not None or flags["skip"] or \
            (not named and _own_keywords(ctx, clause)) or \
            any(t.word and t.w in V.WITHDRAW_WORDS for t in clause):
        return False
    if _names_other(ctx, clause, k, prev, about=True):
        return False  # «Голос за X. Передумала насчёт Пончика»: about an earlier letter
    if _explains_change(clause, prev, items):
        return True  # «Снимаю голос с X, голосую за Y. Передумал.»: why, not a new change
    dropped = {id(it) for it in prev.items}
    tried = next((it.move.action for it in prev.items if it.move is not None), "") or \
        next((it.tried for it in prev.items if it.problem is not None and it.tried and
              it.problem.kind == "not_allowed"), "")
    # («Зову Бэлу... ах нет, она вчера у меня была, нельзя»: the move the rules refused,
    # taken back by the sender himself: its refusal goes with it)
    if not tried:
        return False
    items[:] = [it for it in items if id(it) not in dropped]
    if not V.JOKE_WORDS.isdisjoint(clause[n].w for n in range(k)):
        return True  # «Убиваем Лося :) шутка.»: the move was never meant, nothing to ask
    bare = all(not t.word or t.w in V.CORRECTION_WORDS or t.w in _UPDATE for t in clause) or \
        _names_earlier_only(ctx, clause, k, prev, items)
    ask_back(ctx, clause, items, tried,
             [it for it in prev.items if id(it) in dropped] if bare else [])
    return True


def ask_back(ctx: Ctx, clause: list[Tok], items: list[Item], tried: str,
             restore: list[Item] | None = None) -> None:
    """Append to ``items`` the question about the move ``tried`` that ``clause`` took back
    (``unparsed``, reason ``retracted``; the reply asks what stands instead). ``restore``:
    the items given back when a later move of another kind shows the change of mind was
    about that one (engine.parse_finish._misplaced_back)."""
    items.append(Item(clause[0].start, problem=problem(
        span(ctx.text, clause, 0, len(clause)), "unparsed", "retracted", action=tried),
        retracted=tried, restore=restore or []))


#: Words that head an update of a letter («UPD: нет, передумал»).
_UPDATE = frozenset({"upd", "апд", "update", "p.s", "ps", "пс"})


#: Words before a name that the change of mind is about («передумала насчёт Пончика»).
_ABOUT = frozenset({"насчет", "про", "о", "об", "обо", "поводу", "относительно"})


def _names_other(ctx: Ctx, clause: list[Tok], k: int, prev: Prev, about: bool = False) -> bool:
    """True when ``clause[k:]`` names a player who is no target of the move before («…
    передумала насчёт Пончика»): the change of mind is about that player, not this move.
    With ``about``, only a name right after «насчёт», «про», «о» counts."""
    targets = prev_targets(prev)
    words = clause_words(clause)
    for n in range(k, len(clause)):
        if not clause[n].word or (about and (n == 0 or words[n - 1] not in _ABOUT)):
            continue
        hit = nick_at(ctx, clause, words, n)
        if hit is not None and not (targets & ({hit.nick} | set(hit.candidates))):
            return True
    return False


def _names_earlier_only(ctx: Ctx, clause: list[Tok], k: int, prev: Prev,
                        items: list[Item]) -> bool:
    """True when ``clause[k:]`` names players, each of them a target of a move of the letter
    before the move right before (``prev``) and none of its own («Обчищаю Пушкина! Голос:
    Хлестаков. UPD: нет, передумал, у Пушкина и брать-то нечего»): the change of mind is
    about that earlier move, as a bare «передумал» followed by a move of its kind
    (engine.parse_finish gives the move right before back when such a move follows)."""
    before = {t for it in items if it.move is not None and it.pos < prev.start
              for t in (it.move.targets or (it.move.target,))}
    own = prev_targets(prev)
    words = clause_words(clause)
    named = False
    for n in range(k, len(clause)):
        if not clause[n].word:
            continue
        hit = nick_at(ctx, clause, words, n)
        if hit is None:
            continue
        if hit.nick is None or hit.nick not in before or hit.nick in own:
            return False
        named = True
    return named


#: A change of mind said alone («Передумал.»), without «нет», «стоп», «хотя».
_CHANGED_MIND = frozenset({"передумал", "передумала", "передумали", "я"})
#: Words by which a clause changes its own move («снимаю голос с X, голосую за Y»).
_SWITCH_WORDS = frozenset({"снимаю", "меняю", "вместо", "поменяй", "поменяйте", "смените",
                           "смени", "перевожу", "переношу", "переголосовываю"})


def _explains_change(clause: list[Tok], prev: Prev, items: list[Item]) -> bool:
    """True when ``clause`` is a bare «Передумал.» right after a clause that itself changed
    its move («Снимаю голос с X, голосую за Y», «Меняю на Y»): it tells why, and takes
    nothing back."""
    words = [t.w for t in clause if t.word]
    if not words or not _CHANGED_MIND.issuperset(words) or words == ["я"]:
        return False
    return any(it.withdraw is not None and it.pos >= prev.start for it in items) or \
        not _SWITCH_WORDS.isdisjoint(t.w for t in prev.clause)


def _own_keywords(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when ``clause`` holds a move word that may be a move of the sender's: not
    another player's told with «он/она» (:func:`pronoun_does`), nor a weak one that is a noun
    with a verb of its own after it («гость под раздачу попадёт») in a clause naming no player."""
    kws = find_keywords(clause, set(), name_index(ctx.nicks))
    if not kws:
        return False
    words = clause_words(clause)
    nameless = not any(t.word and nick_at(ctx, clause, words, n) is not None
                       for n, t in enumerate(clause))
    return any(not pronoun_does(clause, kw, past=True) and
               not (kw.weak and nameless and kw.j == kw.i + 1 and is_noun(clause[kw.i].w) and
                    any(t.word and third_person(t.w) for t in clause[kw.j:kw.j + 3]))
               for kw in kws)


#: Pronouns that, as the subject of a move verb, make it another player's move.
_THIRD_SUBJECTS = frozenset({"он", "она", "они", "кто-то", "кто-нибудь", "кое-кто"})


def pronoun_does(clause: list[Tok], kw, past: bool = False) -> bool:
    """True when the keyword ``kw`` ends in a finite verb of the third person and «он»,
    «она», «они» or «кто-то» stands before it in its comma segment («она опять кого-то к себе
    позовёт», «его уже кто-то зазывает»): what another player does, no move of the sender.
    ``past``: a verb in the past tense counts too, its person shown by that pronoun alone
    («хотя нет, она опять кого-то в гости зазвала»: a reason, what she did)."""
    verb = clause[kw.j - 1].w
    if not (third_person(verb) or (past and past_tense(verb))):
        return False
    k = kw.j - 2  # (in the verb's own comma segment)
    while k >= 0 and clause[k].word:
        if clause[k].w in _THIRD_SUBJECTS:
            return True
        k -= 1
    return False
