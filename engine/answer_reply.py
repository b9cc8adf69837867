"""A player's reply to the game's question about a name, read against the question's choices.

The reply to «Голосую за Кирку» (players Кир and Кира) asks «Не понял, кого вы имеете в
виду: «Кир» или «Кира»?». :func:`engine.parse_answer.read_answer` reads a short answer made
of the name and polite words only («Кира, конечно»), because it also reads a new letter of
the same day as a possible answer. A letter that is a reply to that very question (the
mailer knows it: its In-Reply-To or References name the game's reply, or it quotes the
question) is an answer whatever else it says, as people answer: «Кира, девушка которая»,
«Кира, которая стерва, не Кир». :func:`read_reply_answer` reads such a letter against the
question's own choices only: the nickname as the question wrote it, a case form of it that
fits one of the choices («Киру»), «первый» / «второй» in the question's order (in a short
answer). A question the reply settles to exactly one of its choices gives the asked move
(with the chosen player); a question it settles to none or to two is still open, and the
caller asks it again. A reply that names another player (not the sender himself, who may
sign his letter) talks about something else: it settles nothing. A choice right after «не»
(«которая не Кир») is not chosen: which one is meant is asked again.

Pure: no mail, no storage, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .grammar_tokens import tokenize
from .model import Move, ParseResult, Problem, TurnInfo
from .names import name_index
from .parse_answer import _ORDINALS, _WHOM, MAX_WORDS, _offered, answer_move, answerable, one_answer, wanted
from .state import GameState
from .textnorm import clean_text
from .words import norm

__all__ = ["ReplyAnswer", "read_reply_answer", "reasked", "question", "asked_again", "AGAIN", "ASK_AGAIN",
           "REMIND", "ONE_NICK", "WHETHER", "offered_reading", "offered_question", "says_yes"]

#: Words that refuse the name right after them («не Кир»).
_NOT = frozenset({"не", "ни"})

@dataclass(frozen=True)
class ReplyAnswer:
    """What a reply to the question settled.

    ``result``: the asked moves with the chosen players (one per settled question; ``span``:
    the reply's text), None when it settled none. ``open``: the questions it settled to no
    choice or to two (to be asked again). ``named``: the choices it named, in order.
    """

    result: ParseResult | None
    open: tuple[Problem, ...]
    named: tuple[str, ...] = ()


def read_reply_answer(text: str, sender: str, state: GameState, turn: TurnInfo,
                      asked: Sequence[Problem]) -> ReplyAnswer:
    """Read ``text``, ``sender``'s reply to the game's question about ``asked``.

    Args:
        text: the reply's own text (quotes cut).
        sender: the player's roster nickname.
        state: the game before the turn; ``turn``: the day.
        asked: the problems the question was about (those not
            :func:`engine.parse_answer.answerable` are skipped). On a two-vote day an asked
            vote's ``kept`` players join the chosen one in one vote.

    Returns:
        :class:`ReplyAnswer`. The moves are not screened by the rules: the caller screens
        them (:func:`engine.legality.screen_letter`), as for any letter, so that a move the
        rules refuse is refused with its reason.
    """
    questions = [p for p in asked if answerable(p)]
    player = state.players.get(sender)
    if not questions or player is None:
        return ReplyAnswer(None, tuple(questions))
    nicks = tuple(state.players)
    text = clean_text(text)
    idx = name_index(nicks)
    toks = idx.merge(tokenize(text))
    words = [t.w for t in toks]
    short = sum(t.word for t in toks) <= MAX_WORDS
    offered = {c for p in questions for c in _offered(p, nicks)}
    spelled = {norm(n): n for n in offered}
    named: list[str] = []  # the choices named, in order
    both: set[str] = set()  # choices a form named together («Кирку»: Кир's or Кира's)
    k = 0
    negated = False  # «которая не Кир»: the choice right after «не» is not chosen
    while k < len(toks):
        t = toks[k]
        if not t.word:
            k += 1
            continue
        if t.w in _NOT:
            negated = True
            k += 1
            continue
        was, negated = negated, False
        if t.w in spelled:  # the nickname as the question wrote it: «Кира», not Кир's genitive
            if not was:
                named.append(spelled[t.w])
            k += 1
            continue
        if short and t.w in _ORDINALS:
            for p in questions:
                if p.kind == "ambiguous" and _ORDINALS[t.w] < len(p.candidates):
                    named.append(p.candidates[_ORDINALS[t.w]])
            k += 1
            continue
        hit = idx.exact(words, k, _WHOM)
        if hit is None:
            k += 1
            continue
        fits = {hit.nick} if hit.nick else set(hit.candidates)
        if fits - offered - {sender}:  # another player: the letter is about something else
            if not fits & offered:
                return ReplyAnswer(None, tuple(questions))
        mine = fits & offered
        if was:
            pass  # «не Кира»: not chosen (which one he does mean is asked again)
        elif len(mine) == 1:
            named.append(next(iter(mine)))
        elif len(mine) > 1:
            both |= mine
        k += hit.length
    if not named and not both and says_yes(text) and \
            all(p.kind == "ambiguous" and len(p.candidates) == 1 for p in questions):
        # «Да» to «Не понял, кого вы имеете в виду: «Alex_M»?»: the one player offered
        named = [p.candidates[0] for p in questions]
    moves: list[Move] = []
    still: list[Problem] = []
    chosen_by: dict[str, list[Problem]] = {}
    picks = []
    for p in questions:
        options = _offered(p, nicks)
        chosen = ({n for n in named if n in options} | (both & options))
        picks.append((p, chosen))
        for n in chosen:
            chosen_by.setdefault(n, []).append(p)
    for p, chosen in picks:
        # a nick that fits two questions answers both only when they asked about one name
        move = answer_move(p, chosen, named, turn, text.strip()) \
            if len(chosen) == wanted(p, turn) and all(one_answer(n, chosen_by[n]) for n in chosen) else None
        if move is None:
            still.append(p)  # none, two, one name for two questions, or a kept vote: asked again
            continue
        moves.append(move)
    order = tuple(dict.fromkeys(named))
    return ReplyAnswer(ParseResult(moves=tuple(moves)) if moves else None, tuple(still), order)


#: The words that led the question asked again up to session 58 («Вопрос остаётся: Не понял,
#: …»): a message stored with them is still read back by :func:`question`.
AGAIN = "Вопрос остаётся: "
#: The words that lead the question asked again (:func:`asked_again`) and that close it.
ASK_AGAIN = "Спрашиваю ещё раз: "
REMIND = "Напомню: "
ONE_NICK = "Ответьте на это письмо одним ником."
#: The question about a name, as the parser words it and as it is asked again.
_WHO, _WHO_AGAIN = "Не понял, кого вы имеете в виду: ", "кого вы имеете в виду — "
_CHECK, _NOBODY = " Проверьте ник.", "ни один ник"


def question(problem: Problem) -> str:
    """The question the reply asked about ``problem``: its message (the first question's,
    when it was asked again already), else made from its choices."""
    said = problem.message
    if AGAIN in said:
        said = said.split(AGAIN, 1)[1].removesuffix(ONE_NICK).strip()
    elif ASK_AGAIN + _WHO_AGAIN in said:
        said = _WHO + said.split(ASK_AGAIN + _WHO_AGAIN, 1)[1].removesuffix(ONE_NICK).strip()
    elif REMIND in said:
        said = said.split(REMIND, 1)[1].removesuffix(ONE_NICK).strip()
        said = said[:1].upper() + said[1:] + (_CHECK if said.startswith(_NOBODY) else "")
    if said:
        return said
    if problem.kind == "ambiguous":
        choices = " или ".join(f"«{c}»" for c in problem.candidates)
        return f"{_WHO}{choices}? (в строке «{problem.text}»)"
    return f"Не понял, кого вы имеете в виду в строке «{problem.text}». Проверьте ник."


def asked_again(problem: Problem) -> str:
    """The question about ``problem`` (:func:`question`) as the reply asks it again, in plain
    Russian: «Спрашиваю ещё раз: кого вы имеете в виду — «Кир» или «Кира»? (в строке …)»,
    «Напомню: ни один ник из списка игроков не подходит к слову …» (not «Вопрос остаётся:
    Не понял, …», a question nested in another). :func:`question` reads it back."""
    said = question(problem)
    if said.startswith(_WHO):
        return ASK_AGAIN + _WHO_AGAIN + said[len(_WHO):]
    if said.lower().startswith(_NOBODY):
        said = said.removesuffix(_CHECK)
    return REMIND + said[:1].lower() + said[1:]


def reasked(problems: Sequence[Problem], answer: str, named: Sequence[str]) -> tuple[Problem, ...]:
    """The questions ``problems`` asked again in the reply to the answer ``answer`` (the
    player's words, shortened) that settled them to ``named`` (none, or two of the choices):
    the same problems, their message saying why the answer did not settle them."""
    words = " ".join(clean_text(answer).split())
    if len(words) > 60:
        words = words[:60].rsplit(" ", 1)[0] + "…"
    out = []
    for p in problems:
        fits = [n for n in named if p.kind != "ambiguous" or n in p.candidates]
        why = (f"в вашем ответе «{words}» названы оба ({', '.join(f'«{n}»' for n in fits)})"
               if len(fits) > 1 else f"из вашего ответа «{words}» я не понял, кого вы выбрали")
        message = f"{why[:1].upper()}{why[1:]}. {asked_again(p)} {ONE_NICK}"
        out.append(replace(p, message=message))
    return tuple(out)


#: The start of the reply's question whether a sentence is a move (engine.grammar_rules:
#: «Не понял, ход ли это: «…» — …»).
WHETHER = "Не понял, ход ли это: "

#: «Да», «Да, убиваем», «ага, это ход», «конечно»: a short reply that says yes, first thing.
_YES = re.compile(r"(?i)^\W*(?:да|ага|угу|конечно|верно|точно|именно|так\s+и\s+есть|yes|это\s+(?:мой\s+)?ход)\b")
#: Words that turn a yes into something else («да нет», «да, но не сегодня»).
_BUT = re.compile(r"(?i)\b(?:нет|не|но|или|если|может|наверное)\b")


def offered_reading(problem: Problem, sender: str, state: GameState, turn: TurnInfo) -> Move | None:
    """The one move the reply's question whether a sentence is a move («Не понял, ход ли это:
    «может, лечу Маруську»» …) offers ``sender``: its quoted words read as a letter of their
    own give exactly that move and nothing else («лечу Маруську» → heal Маруська). None when
    the problem is no such question, or its words read as no move, as more than one, or with
    a problem of their own («Вылечи Маруську» is asked again as a request): a yes then says
    nothing of which move is meant."""
    from .parse import parse_letter
    from .parse_own_verb import own_verb_reading

    if problem.kind != "unparsed" or not problem.message.startswith(WHETHER) or not problem.text:
        return None
    got = parse_letter(problem.text, sender, state, turn)
    if not got.moves and not got.skip and not got.cancel and not got.unvote and \
            (own := own_verb_reading(problem.text, sender, state)) is not None:
        return own  # («Подкормлю сегодня Медуницу»: the role's one move, engine.parse_own_verb)
    if len(got.moves) != 1 or got.problems or got.skip or got.cancel or got.unvote:
        return None
    move = got.moves[0]
    if not move.target or move.targets or move.branches or move.member or move.move or move.role:
        return None  # (a yes is read as the question's one choice: an action and a player)
    return replace(move, span="")


def offered_question(text: str, move: Move) -> Problem:
    """The question whether ``text`` is a move, with ``move`` its one reading
    (:func:`offered_reading`), as a question about a name with that single choice: a yes to
    it (:func:`read_reply_answer`) is that move, live and at close-day alike, stored as any
    asked question is (:meth:`engine.model.Problem.asked_json`)."""
    return Problem(text=text, kind="ambiguous", candidates=(move.target,), action=move.action)


def says_yes(text: str) -> bool:
    """True when ``text`` (a reply's own words) is a short yes: a yes word first («Да», «Да,
    убиваем», «ага, это ход»), at most :data:`MAX_WORDS` words, with no word that takes it
    back or makes it a condition («да нет», «да, но завтра», «да, если …»)."""
    text = " ".join(clean_text(text).split())
    return bool(text) and len(text.split()) <= MAX_WORDS and _YES.search(text) is not None \
        and _BUT.search(text) is None
