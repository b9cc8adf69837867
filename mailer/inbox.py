"""What the host sees of received letters: ``inbox`` (one row per stored letter) and
``show`` (the raw letter and what was understood from it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from .questions import QUESTION_NOTE
from .settled import SETTLED_WORDS, settled_problems
from .store import Letter, Store, loads, utc
from .words import problem_label, state_words


@dataclass(frozen=True)
class InboxRow:
    id: int
    message_id: str
    from_addr: str
    nick: str | None
    received: str  # ISO 8601 with the game zone's offset
    state: str
    day: int | None
    subject: str
    problems: list[dict[str, Any]]
    duplicate_of: int | None

    handled: bool = False
    #: the letter's questions to the host (:mod:`mailer.questions`), as written
    questions: tuple[str, ...] = ()
    #: the host's words for each problem, in order (:func:`mailer.words.problem_label`)
    labels: tuple[str, ...] = ()
    #: the host's words for this letter's state (:func:`mailer.words.state_words`: «голос
    #: снят» for a letter that only took back a vote, whose ``state`` is «applied»)
    state_label: str = ""

    def to_json(self) -> dict[str, Any]:
        """The keys of issue 6 (message_id, from, received, state, problems) and of issue 12:
        ``id`` (the number ``show`` and ``inbox --done`` take), ``nick`` (None for an unknown
        address), ``subject``."""
        return {"id": self.id, "message_id": self.message_id, "from": self.from_addr,
                "nick": self.nick, "subject": self.subject, "received": self.received,
                "state": self.state, "problems": self.problems}


def _row(letter: Letter, zone: ZoneInfo, settled: dict[int, int] | None = None) -> InboxRow:
    """``letter`` as ``inbox`` shows it; ``settled``: index of a problem → the later letter
    that settled it (:func:`mailer.settled.settled_problems`), marked in its label."""
    settled = settled or {}
    stored = loads(letter.problems_json) or []
    notes = loads(letter.notes_json) or []
    problems = [{"text": p.get("text", ""), "kind": p.get("kind", ""),
                 **({"candidates": p["candidates"]} if p.get("candidates") else {})}
                for p in stored]
    return InboxRow(
        id=letter.id, message_id=letter.message_id, from_addr=letter.from_addr, nick=letter.nick,
        received=utc(letter.received).astimezone(zone).isoformat(), state=letter.state,
        day=letter.day, subject=letter.subject, problems=problems, duplicate_of=letter.duplicate_of,
        handled=bool(letter.handled),
        labels=tuple(problem_label(p) + (f" — {SETTLED_WORDS} {settled[n]}" if n in settled else "")
                     for n, p in enumerate(stored)),
        questions=tuple(n[len(QUESTION_NOTE):] for n in notes if n.startswith(QUESTION_NOTE)),
        state_label=state_words(letter.state, notes),
    )


def mark_done(store: Store, ids: list[int]) -> tuple[list[int], list[int]]:
    """Mark letters the host has dealt with (``inbox --done``): they leave the «для внимания
    ведущего» count. Returns (the ids marked now, the ids that were already marked), each in
    the order given, without repeats.

    Raises:
        ValueError: no letter with one of the ids (Russian message; nothing marked).
    """
    ids = list(dict.fromkeys(ids))
    with store.session() as s:
        letters = [s.get(Letter, i) for i in ids]
        missing = [str(i) for i, letter in zip(ids, letters) if letter is None]
        if missing:
            raise ValueError(f"нет письма с номером {', '.join(missing)} (номера — в mafia-mail inbox)")
        marked, before = [], []
        for i, letter in zip(ids, letters):
            if letter.handled:
                before.append(i)
                continue
            letter.handled = True
            s.add(letter)
            marked.append(i)
    return marked, before


def inbox(store: Store, zone: ZoneInfo, *, state: str | None = None) -> list[InboxRow]:
    """Every stored letter in receipt order (optionally only one ``state``)."""
    with store.session() as s:
        letters = store.letters(s, state=state) if state else store.letters(s)
        settled = settled_problems(store.letters(s) if state else letters)
        return [_row(l, zone, settled.get(l.id)) for l in letters]


@dataclass(frozen=True)
class LetterView:
    row: InboxRow
    raw: bytes | None
    body: str
    moves: list[dict[str, Any]]
    notes: list[str]
    #: the reason the player's reply gives for each problem, in the order of ``row.problems``
    reasons: list[str]
    #: the sender's role now (None: not a player), so his moves are named as his reply names them
    role: str | None = None


def move_text(move: dict[str, Any], role: str | None = None) -> str:
    """A stored move (SCENARIOS.md JSON) as the player's reply restates it («Лечение: Бука»),
    named as ``role`` (the sender's) names it («Приглашение к Шизику: X» for the psycho,
    :func:`engine.reasons.action_name`); a move of an unexpected shape as stored (JSON)."""
    import json

    from engine.model import Move
    from engine.move_words import describe_move

    try:
        return describe_move(Move.from_json(move), None, role)
    except Exception:  # noqa: BLE001 - an unexpected shape is still shown, as stored
        return json.dumps(move, ensure_ascii=False)


def _role_of(store: Store, session, nick: str | None) -> str | None:
    """The role ``nick`` plays in the game now; None for no player (or no game yet)."""
    from .day import load_state

    game = store.game(session) if nick else None
    if game is None:
        return None
    player = load_state(game).players.get(nick)
    return player.role if player else None


def show(store: Store, zone: ZoneInfo, ref: str) -> LetterView | None:
    """One letter by its inbox ID or its Message-ID; None when there is no such letter."""
    from sqlmodel import select

    with store.session() as s:
        letter = s.get(Letter, int(ref)) if ref.isdigit() else None
        if letter is None:
            letter = s.exec(select(Letter).where(Letter.message_id == ref.strip("<>")).order_by(Letter.id)).first()
        if letter is None:
            return None
        same = store.letters(s, nick=letter.nick, day=letter.day) if letter.nick and letter.day is not None else []
        row = _row(letter, zone, settled_problems(same).get(letter.id))
        return LetterView(row=row, raw=letter.raw, body=letter.body,
                          moves=loads(letter.moves_json) or [], notes=loads(letter.notes_json) or [],
                          reasons=[p.get("message", "") for p in loads(letter.problems_json) or []],
                          role=_role_of(store, s, row.nick))
