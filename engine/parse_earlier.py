"""A letter that corrects the target of a move the sender gave in an earlier letter of the day
(a fresh host's player, session 51: «Ой, ошибся: не Лисичку, а Бублика» sent as a reply to
his own «Охраняю Лисичку»; read alone it names no move, and the old guard stood).

The letter alone holds no move. For each standing move of the sender's earlier letters with
one target, the letter is read again after that move written as a label («Охрана: Лисичка.»,
the form every reply echoes): where exactly one such reading gives one move of that kind on
another player, with nothing left unread, the letter is that move — the grammar's own
corrections («нет», «не X, а Y», «то есть», «ой») decide, as they do inside one letter.
Two moves that the letter could correct («нет, Ёжика» after a heal and a vote) leave it
asked, as it was.

Both the live reading (mailer.reading) and the replay of a day (engine.replay.build_turn)
call :func:`corrected_earlier` with the same earlier letters, so what the reply promises is
what the resolver gets.
"""

from __future__ import annotations

from typing import Iterable

from .legality import Day
from .model import Move, ParseResult
from .reasons import action_name
from .state import GameState

__all__ = ["corrected_earlier"]

#: Moves a label cannot restate in one target (a boss's order for a member, a swindle with its
#: branches, a move with no target): never corrected this way.
_SKIPPED = frozenset({"on_behalf", "swindle", "delegate", "partner", "fear_choice"})


def corrected_earlier(text: str, sender: str, state: GameState, day: Day,
                      earlier: Iterable[Move], plain: ParseResult) -> ParseResult | None:
    """The reading of ``text`` (a letter of ``sender`` that ``plain``, its own reading, found
    no move in and something unread) as a correction of one of ``earlier`` (the moves that
    stand from his earlier letters of the day, engine.legality.standing_moves), or None.

    Returns a ParseResult holding the one corrected move (no problems), only when exactly one
    earlier move of one target is re-targeted by the letter and the letter then reads whole;
    a letter with nothing unread must name that move's player after «не» («Ой, не Лопух, а
    Помидорка!»). A letter with nothing unread that would re-target one earlier move but names
    no such player after «не» («Передумала: Помидорка», «Не Бука — Помидорка») gives a
    ParseResult with one question instead (:func:`_asked`, :func:`_unsure`): never read silently.
    Pure: parses only (engine.parse.parse_letter)."""
    if plain.moves or plain.skip or plain.cancel or plain.unvote:
        return None
    player = state.players.get(sender)
    if player is None or not player.alive:
        return None
    if not plain.problems:
        # nothing unread: a correction only when it names the earlier move's player after
        # «не» («Ой, не Лопух, а Помидорка!», «Не Лопух — Помидорка»: session 60's fresh host);
        # one that names none («Передумала: Помидорка») is asked (:func:`_asked`)
        earlier = list(earlier)
        denied = _denied(text, state)
        picked = [m for m in earlier if m.target in denied and not m.targets]
        if len(picked) != 1:  # («Не Бука — Помидорка» when Бука is no earlier move's player)
            return _asked(text, sender, state, day, earlier, player) or (
                _unsure(text, denied, earlier) if denied and not picked else None)
        earlier = picked
    found = _changes(text, sender, state, day, earlier, player)
    if len(found) != 1:
        return None
    return ParseResult(moves=(found[0][2],))


def _changes(text: str, sender: str, state: GameState, day: Day, earlier: list[Move],
             player) -> list[tuple[str, Move, Move]]:
    """Each earlier move of one target that ``text`` reads as given another player when the
    move is put before it («Линч: Лопух.⏎Ой, не Лопух, а Помидорка!»): ``(the move's Russian
    name, the earlier move, the new one)``."""
    from .parse import parse_letter  # (parse imports the grammar, which imports this module's peers)

    found = []
    for move in earlier:
        if move.action in _SKIPPED or not move.target or move.targets:
            continue
        label = action_name(move.action, player.role)
        again = parse_letter(f"{label[:1].upper()}{label[1:]}: {move.target}.\n{text}", sender, state, day)
        if again.problems or again.skip or again.cancel or again.unvote or len(again.moves) != 1:
            continue
        new = again.moves[0]
        if new.action == move.action and new.target and new.target != move.target and not new.targets:
            found.append((label, move, new))
    return found


#: The words that deny the player after them («не Лопух»).
_NOT = frozenset({"не"})


def _denied(text: str, state: GameState) -> set[str]:
    """The players ``text`` names right after «не» («Ой, не Лопух, а Помидорка» → {Лопух}),
    in any case form of the nick."""
    from .grammar_tokens import tokenize
    from .names import name_index
    from .textnorm import clean_text

    idx = name_index(tuple(state.players))
    toks = [t for t in idx.merge(tokenize(clean_text(text))) if t.word]
    words = [t.w for t in toks]
    out: set[str] = set()
    for k in range(1, len(toks)):
        if words[k - 1] in _NOT:
            hit = idx.exact(words, k, None)
            if hit is not None and hit.nick:
                out.add(hit.nick)
    return out


#: The question for a letter that may change an earlier move's player but does not say which
#: (the «Ход ли это» question, so the player's «нет, это не ход» closes it).
_ASK = ("Не понял, ход ли это: «{text}». Если вы меняете {what} (сейчас — {old}) на {new_accs}, напишите, "
        "пожалуйста, ход целиком: «{label}: {new}»; если нет — напишите ход прямо или что хода нет.")


def _asked(text: str, sender: str, state: GameState, day: Day, earlier: list[Move], player) -> ParseResult | None:
    """The letter ``text`` that names no player after «не» but reads as one earlier move given
    another player («Передумала: Помидорка» after «Линч: Лопух»): asked, not read (which move
    he changes, if any, is his to say); None when it reads as no such change."""
    from .model import Problem, ProblemKind

    found = _changes(text, sender, state, day, earlier, player)
    if len(found) != 1:
        return None
    label, move, new = found[0]
    said = " ".join(text.split())
    from .words import inflect

    message = _ASK.format(text=said, what=label[:1].lower() + label[1:], old=move.target, new=new.target,
                          new_accs=inflect(new.target, "accs"), label=label[:1].upper() + label[1:])
    return ParseResult(problems=(Problem(text=said, kind=ProblemKind.UNPARSED, message=message,
                                         action=move.action, target=new.target),))


def _unsure(text: str, denied: set[str], earlier: list[Move]) -> ParseResult | None:
    """The letter ``text`` that corrects a player after «не» (``denied``) that no earlier move
    of the sender names («Не Бука — Помидорка» after «Линч: Лопух»): asked, with what stands."""
    from .model import Problem, ProblemKind
    from .move_words import describe_move
    from .words import inflect

    standing = [m for m in earlier if m.target]
    if not standing:
        return None
    said = " ".join(text.split())
    who = " и ".join(sorted(inflect(n, "accs") for n in denied))
    now = "; ".join(f"«{describe_move(m)}»" for m in standing)
    return ParseResult(problems=(Problem(text=said, kind=ProblemKind.UNPARSED, message=(
        f"Не понял, ход ли это: «{said}». Хода на {who} в ваших прежних письмах за сегодня нет (в силе: {now}). "
        "Если вы исправляете ход, напишите его целиком: действие и ник.")),))
