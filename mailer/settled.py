"""Which problems of a player's letter a later letter of his settled (``inbox``, ``show``,
``words``).

The reply to a letter asks the player about what it did not take («Не понял, кого вы имеете
в виду: «Кир» или «Кира»?», «Не понял, ход ли это: …»). A later letter of the same player and
day settles such a question when it was read as the answer to it (its note «прочитано как
ответ на вопрос к письму N («…»)», or «… вопрос закрыт») or when it made the asked move
itself («Линч: Кот» after the question about «Линч: Кирку»). The host is then shown the
problem as settled, with the letter that settled it, not as one still to deal with.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.model import asked_problems

from .status import ANSWERED_NOTE
from .store import Letter, loads

__all__ = ["settled_problems", "SETTLED_WORDS"]

#: How ``inbox`` and ``show`` mark a settled problem («… — решено письмом 7»).
SETTLED_WORDS = "решено письмом"


def settled_problems(letters: Iterable[Letter]) -> dict[int, dict[int, int]]:
    """For ``letters`` (any rows; only those of a player and a day are compared, in receipt
    order): letter id → {index of a problem in its ``problems_json`` → the id of the later
    letter that settled it}. A problem is settled by a later letter of the same player and
    day that answered it (its note names the letter and the problem's words) or, for a
    question about a name, that made the asked move."""
    by_player: dict[tuple[str, int], list[Letter]] = {}
    for letter in letters:
        if letter.nick and letter.day is not None:
            by_player.setdefault((letter.nick, letter.day), []).append(letter)
    out: dict[int, dict[int, int]] = {}
    for rows in by_player.values():
        rows.sort(key=lambda l: (l.received, l.id))
        answers: dict[int, list[tuple[str, int]]] = {}  # asked letter id → (its lines, by)
        for row in rows:
            for note in loads(row.notes_json) or []:
                m = ANSWERED_NOTE.match(note) if isinstance(note, str) else None
                if m:
                    answers.setdefault(int(m.group(1)), []).append((m.group(2), row.id))
        for k, row in enumerate(rows):
            for n, p in enumerate(loads(row.problems_json) or []):
                if not isinstance(p, dict):
                    continue
                by = next((b for lines, b in answers.get(row.id, ()) if f"«{p.get('text', '')}»" in lines), None)
                if by is None and (asked := asked_problems([p])):
                    action = asked[0].action
                    by = next((later.id for later in rows[k + 1:] if action and any(
                        m.get("action") == action or (m.get("move") or {}).get("action") == action
                        for m in loads(later.moves_json) or [] if isinstance(m, dict))), None)
                if by is not None:
                    out.setdefault(row.id, {})[n] = by
    return out
