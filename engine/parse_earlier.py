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
    earlier move of one target is re-targeted by the letter and the letter then reads whole.
    Pure: parses only (engine.parse.parse_letter)."""
    if plain.moves or plain.skip or plain.cancel or plain.unvote or not plain.problems:
        return None
    player = state.players.get(sender)
    if player is None or not player.alive:
        return None
    from .parse import parse_letter  # (parse imports the grammar, which imports this module's peers)

    found: list[Move] = []
    for move in earlier:
        if move.action in _SKIPPED or not move.target or move.targets:
            continue
        label = action_name(move.action, player.role)
        again = parse_letter(f"{label[:1].upper()}{label[1:]}: {move.target}.\n{text}", sender, state, day)
        if again.problems or again.skip or again.cancel or again.unvote or len(again.moves) != 1:
            continue
        new = again.moves[0]
        if new.action == move.action and new.target and new.target != move.target and not new.targets:
            found.append(new)
    if len(found) != 1:
        return None
    return ParseResult(moves=(found[0],))
