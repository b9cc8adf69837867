"""A player's answer to the reply's question about a name (issue 11: «when two readings
remain, ask the player»).

A letter «Лечу Кирку» with the players Кир and Кира is not applied: the reply asks «Не понял,
кого вы имеете в виду: «Кир» или «Кира»?». The player answers as people answer a question,
not as they write a move: «Кира», «Киру, конечно», «второго», «Кир!». Such a letter holds no
move word, so :func:`engine.parse.parse_letter` reads nothing from it. Given the problems the
reply asked about (the mailer finds them: the letter the answer replies to, else the
sender's letter of the day before it), :func:`read_answer` reads the answer as the asked
move with the chosen player. A name that was nobody's («Ни один ник … не подходит к слову «Вася»»)
is answered the same way, by the nick meant («Васька_07»).

Precision first: the answer is short (at most :data:`MAX_WORDS` words), names only players
among one asked problem's candidates, exactly one of them per problem (by the nickname as
written in the question, a case form that only one of them has, or «первый» / «второй» in
the question's order), and the asked move is one the sender's role makes himself. Anything
else is no answer, and the letter is read as any other letter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .grammar_tokens import tokenize
from .legality import may_make
from .model import SAME_OR_KEPT, TOO_MANY_VOTES, Move, ParseResult, Problem, TurnInfo
from .names import name_index
from .state import GameState
from .textnorm import clean_text
from .words import norm

__all__ = ["read_answer", "answerable", "asks_whole_vote", "wanted", "answer_move", "kept_votes", "one_answer",
           "MAX_WORDS"]

#: The longest answer read so (words): «Я имел в виду Киру, конечно, извините» is seven.
MAX_WORDS = 8

#: «первый», «второго» …: the candidates in the order the question lists them.
_ORDINALS = {
    **dict.fromkeys(("первый", "первого", "первую", "первая", "первое", "первым", "1"), 0),
    **dict.fromkeys(("второй", "второго", "вторую", "вторая", "второе", "вторым", "2"), 1),
    **dict.fromkeys(("третий", "третьего", "третью", "третья", "третье", "третьим", "3"), 2),
}

#: Words of an answer that name nobody and refuse nothing («я имел в виду», «конечно»).
_POLITE = frozenset({
    "я", "имел", "имела", "имею", "в", "виду", "конечно", "разумеется", "естественно", "да",
    "ну", "же", "то", "есть", "извините", "извиняюсь", "простите", "сорри", "спасибо",
    "пожалуйста", "это", "этот", "эта", "ник", "игрок", "игрока", "игрока", "про", "о",
    "речь", "шла", "шёл", "шел", "там", "был", "была", "тот", "та", "который", "которая",
})


#: The cases an answer to «кого вы имеете в виду?» names a player in: «Кира», «Киру» (Кира's
#: accusative, not Кир's dative), «Кира» for Кир only as written in the question.
_WHOM = frozenset({"nomn", "accs"})


def answerable(problem: Problem) -> bool:
    """True when the reply asked about ``problem`` so that an answer can settle it, with the
    asked move's ``action``: a name that fits several players (``ambiguous``, its
    ``candidates``), a name that is nobody's (``unknown_name``: any player may be meant), or
    «Голос тот же» after a move on a player (reason ``same_or_kept``: the nick answers it).
    A name read as a guess at one player («Саню» for Alex_M: «Не понял, кого вы имеете в виду:
    «Alex_M»?») is answered too: by his nick, or by a yes to the reply itself."""
    if not problem.action:
        return False
    return problem.kind == "unknown_name" or (problem.kind == "ambiguous" and len(problem.candidates) >= 1) \
        or asks_whole_vote(problem) or problem.reason == SAME_OR_KEPT


def asks_whole_vote(problem: Problem) -> bool:
    """True when the reply asked whom the player votes for («Названо больше игроков, чем у
    вас сегодня голосов: … Напишите, за кого вы голосуете.», reason ``too_many_votes``): any
    player may be the answer, and the answer names as many as the day's votes."""
    return problem.kind == "not_allowed" and problem.reason == TOO_MANY_VOTES


def wanted(problem: Problem, turn: TurnInfo) -> int:
    """How many players an answer to ``problem`` names: the day's votes for a vote asked
    whole (:func:`asks_whole_vote`), else one."""
    return turn.votes_per_player if asks_whole_vote(problem) else 1


def kept_votes(moves: Sequence[Move], problems: Sequence[Problem],
               turn: TurnInfo) -> list[Problem]:
    """``problems`` with each asked vote of a two-vote day (:func:`answerable`) given the
    players of the letter's vote that stood (``moves``, after the rules' screen) as ``kept``:
    «Линч: Бука и Серджио» keeps Бука and asks about «Серджио»; the answer «Serginio» makes
    the vote Бука and Serginio (:func:`read_answer`), not Serginio alone in its place."""
    if turn.votes_per_player < 2:
        return list(problems)
    vote = next((m for m in moves if m.action == "vote"), None)
    kept = () if vote is None else tuple(vote.targets or ((vote.target,) if vote.target else ()))
    if not kept:
        return list(problems)
    return [replace(p, kept=kept) if answerable(p) and p.action == "vote" else p
            for p in problems]


def _offered(problem: Problem, nicks: Sequence[str]) -> set[str]:
    """The players an answer to ``problem`` may name: its candidates, or every player for a
    name that was nobody's."""
    return set(problem.candidates) if problem.kind == "ambiguous" else set(nicks)


def read_answer(text: str, sender: str, state: GameState, turn: TurnInfo,
                asked: Sequence[Problem]) -> ParseResult | None:
    """The moves ``text`` makes as ``sender``'s answer to the questions ``asked``, or None.

    Args:
        text: the answer's own text (quotes cut), as :func:`engine.parse.parse_letter` takes it.
        sender: the player's roster nickname.
        state: the game before the turn; ``turn``: the day.
        asked: the problems of the letter the answer replies to (those not
            :func:`answerable` are skipped). On a two-vote day an asked vote's ``kept``
            players (:func:`kept_votes`) join the answered one in one vote: the answer's
            vote stands for the asked letter's whole vote.

    Returns:
        :class:`ParseResult` with one move per settled problem (``span``: the answer's text),
        no problems; None when the text is no such answer (too long, a name outside the
        candidates, two candidates of one problem, a move the sender's role does not make).
        The rules' screen (:func:`engine.legality.screen_letter`) is the caller's, as for
        any letter.
    """
    questions = [p for p in asked if answerable(p)]
    player = state.players.get(sender)
    if not questions or player is None:
        return None
    text = clean_text(text)
    toks = tokenize(text)
    if sum(t.word for t in toks) > MAX_WORDS:
        return None
    order = _named(toks, tuple(state.players), questions)
    if order is None:
        return None
    named = set(order)
    moves: list[Move] = []
    used: set[str] = set()
    settled = [(p, named & _offered(p, tuple(state.players))) for p in questions]
    for nick in named:  # one player answers one question: else which one is not clear
        if not one_answer(nick, [p for p, chosen in settled if nick in chosen]):
            return None
    for p, chosen in settled:
        if len(chosen) != wanted(p, turn):
            continue
        move = answer_move(p, chosen, order, turn, text.strip())
        if move is None or may_make(state, turn, player, move) is not None:
            return None
        moves.append(move)
        used |= chosen
    if not moves or named - used:
        return None
    return ParseResult(moves=tuple(moves))


def one_answer(nick: str, problems: Sequence[Problem]) -> bool:
    """Whether one nick answers all of ``problems`` (the questions it fits) as the player
    means it: one question, or several asked about one name (each «Кир» или «Кира»?, as for
    «Лечу Кирку. Линч: Кирку»: the same choices), which the nick settles all alike. Questions
    with other choices («Кир» или «Кира»? beside a name that was nobody's): which one the nick
    answers is not clear."""
    if len(problems) <= 1:
        return True
    return all(p.kind == "ambiguous" for p in problems) and \
        len({frozenset(p.candidates) for p in problems}) == 1 and nick in problems[0].candidates


def answer_move(p: Problem, chosen: set[str], order: Sequence[str], turn: TurnInfo,
                span: str) -> Move | None:
    """The move an answer makes for the asked problem ``p`` with the players it chose
    (``chosen``, as many as :func:`wanted`; ``order``: all the answer named, in its order):
    a vote asked whole names them all («Линч: А, Б, В» on a two-vote day answered «А и Б»); on
    a two-vote day an asked vote joins the players its letter kept (``p.kept``); else the
    asked move with the one chosen player. None when the chosen player is one the vote kept
    already, or the kept vote is full. ``span``: the answer's text."""
    if len(chosen) > 1:
        return Move("vote", targets=tuple(n for n in order if n in chosen), span=span)
    nick = next(iter(chosen))
    if p.action == "vote" and turn.votes_per_player > 1 and p.kept:
        if nick in p.kept or len(p.kept) >= turn.votes_per_player:
            return None
        return Move("vote", targets=p.kept + (nick,), span=span)
    return Move(p.action, target=nick, span=span)


def _named(toks, nicks: tuple[str, ...], questions: list[Problem]) -> list[str] | None:
    """The players the answer's words name, in the order it names them, or None when a word is neither such a name nor a
    word of :data:`_POLITE` (the letter then says something else), or a name fits none or
    several of the players the questions offer."""
    offered = {c for p in questions for c in _offered(p, nicks)}
    spelled = {norm(n): n for n in offered}
    idx = name_index(nicks)
    toks = idx.merge(toks)
    words = [t.w for t in toks]
    named: dict[str, None] = {}  # (a dict: the order they are named in)
    k = 0
    while k < len(toks):
        t = toks[k]
        if not t.word:
            k += 1
            continue
        if t.w in spelled:  # the nickname as the question wrote it: «Кира», not Кир's genitive
            named[spelled[t.w]] = None
            k += 1
            continue
        if t.w in _ORDINALS:
            picked = {p.candidates[_ORDINALS[t.w]] for p in questions
                      if _ORDINALS[t.w] < len(p.candidates)}
            if len(picked) != 1:
                return None
            named.update(dict.fromkeys(picked))
            k += 1
            continue
        hit = idx.exact(words, k, _WHOM)
        if hit is None:
            if t.w in _POLITE:
                k += 1
                continue
            return None
        fits = ({hit.nick} if hit.nick else set(hit.candidates)) & offered
        if len(fits) != 1:  # nobody asked about, or a form two of them share in those cases
            return None
        named.update(dict.fromkeys(fits))
        k += hit.length
    return list(named) or None
