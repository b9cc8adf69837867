"""The screens a received letter passes before its moves are read, in the order of :data:`CHAIN`.

Each screen is one yes/no question about the letter (Mailman 3's rules and chains are the
model): it returns the Russian reason when it stops the letter, None to let it through. The
table :data:`CHAIN` says, for each screen in turn, the state a stopped letter gets, whether
the reason goes to the letter's notes for the host, whether the letter still counts as its
sender's (his nick recorded) and what answer, if any, the sender gets. A reader sees the whole
order at a glance; the read/reply loop (:mod:`mailer.reading`) runs the chain and acts on the
first screen that says yes.

The screens write nothing: a screen may add a side note to the letter (``Candidate.notes``)
and the duplicate screen names the first copy (``Candidate.duplicate_of``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING, Callable, NamedTuple

from .letter_state import LetterState

if TYPE_CHECKING:
    from .config import PlayerConfig
    from .decode import DecodedLetter

__all__ = ["Seen", "Candidate", "Gate", "Answer", "Link", "CHAIN", "run_chain", "text_hash"]


def text_hash(from_addr: str, body: str) -> str:
    """The duplicate screen's fingerprint of a letter: SHA-256 (hex) of its sender's address
    and its own text (quotes and signature cut), as stored in ``Letter.text_hash``."""
    return hashlib.sha256(f"{from_addr}\x00{body}".encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Seen:
    """A letter under the same Message-ID as the one screened (stored, or earlier in the batch).

    ``text_hash``: its :func:`text_hash` (None: not known, e.g. a row of an older database or a
    letter too large to download); ``has_raw``: its raw bytes are stored (False: too large).
    """

    id: int
    state: str
    duplicate_of: int | None
    text_hash: str | None = None
    has_raw: bool = True


@dataclass
class Candidate:
    """The letter being screened: what the screens ask about it.

    ``earlier``: letters under its Message-ID that came before it (:class:`Seen`);
    ``ours_by_id``: its Message-ID is one the game gave an outgoing letter; ``nick``/``player``:
    the sender's player (None: unknown address); ``day_open``: a day is open (the game runs);
    ``own_text``: () → its text without pasted copies of the game's letters (asked only by the
    screens that need it); ``game_over``: the game has ended. ``notes`` collects the Russian
    notes for the host.
    """

    decoded: "DecodedLetter"
    message_id: str
    received: datetime
    earlier: list[Seen]
    ours_by_id: bool
    nick: str | None
    player: "PlayerConfig | None"
    day_open: bool
    own_text: Callable[[], str]
    notes: list[str] = field(default_factory=list)
    duplicate_of: int | None = None
    game_over: bool = False


@dataclass(frozen=True)
class Gate:
    """What the screens know of the game: the host's and the game's own addresses (canonical),
    a test for the game's own Message-ID form (:func:`mailer.outbox.is_game_message_id`),
    whether code words are required, and ``same_letter(seen, candidate)``: True when an
    earlier letter is another delivery of the candidate (same sender and own text)."""

    own_addrs: frozenset[str]
    is_own_message_id: Callable[[str], bool]
    require_code: bool
    same_letter: Callable[[Seen, Candidate], bool]


# --- the screens: each returns the Russian reason when it stops the letter, else None

def duplicate(c: Candidate, gate: Gate) -> str | None:
    """Another delivery of a letter already read: same Message-ID, sender and own text."""
    first = next((e for e in c.earlier if e.duplicate_of is None and gate.same_letter(e, c)), None)
    if first is not None:
        c.duplicate_of = first.id
        return f"повтор письма {first.id}"
    if c.earlier:
        c.notes.append(f"тот же Message-ID, что у письма {c.earlier[0].id}, но другой текст: "
                       "письмо читается как новое")
    return None


def unreadable(c: Candidate, gate: Gate) -> str | None:
    """Neither a text nor a sender could be read."""
    return "письмо не удалось прочитать" if c.decoded.unreadable else None


def auto_reply(c: Candidate, gate: Gate) -> str | None:
    """An auto-reply or a bounce (RFC 3834 Auto-Submitted, RFC 3464 reports, vacation)."""
    return f"автоответ или отказ доставки: {c.decoded.auto}" if c.decoded.auto else None


def own_letter(c: Candidate, gate: Gate) -> str | None:
    """The game's own letter or the host's: from their addresses or under a game Message-ID."""
    if c.decoded.from_addr in gate.own_addrs or gate.is_own_message_id(c.message_id) or c.ours_by_id:
        return "письмо самой игры или ведущего: не ход игрока"
    return None


def authentication(c: Candidate, gate: Gate) -> str | None:
    """The receiving server's Authentication-Results (RFC 8601) failed: possibly forged."""
    if c.decoded.auth_failed:
        return f"проверка подлинности не прошла: {c.decoded.auth_failed}; ответа не было"
    return None


def several_from(c: Candidate, gate: Gate) -> str | None:
    """More than one author address in From (RFC 5322 §3.6.2): whose moves is unclear."""
    if len(c.decoded.from_addrs) > 1:
        return (f"в заголовке From несколько адресов ({', '.join(c.decoded.from_addrs)}): "
                "неясно, кто автор; ответа не было")
    return None


def unknown_sender(c: Candidate, gate: Gate) -> str | None:
    """The address is no player's."""
    return "неизвестный адрес" if c.nick is None else None


def game_over(c: Candidate, gate: Gate) -> str | None:
    """The game has ended: the player is told so, the host sees the letter."""
    return "письмо пришло после конца игры: ходы не принимаются" if c.game_over else None


def no_open_day(c: Candidate, gate: Gate) -> str | None:
    """No day is open (the game has not started)."""
    return None if c.day_open else "игра ещё не начата или уже окончена"


def code_word(c: Candidate, gate: Gate) -> str | None:
    """The config requires code words and the player's is missing from his own text."""
    code = c.player.code if c.player is not None else None
    if gate.require_code and code and code.lower() not in c.own_text().lower():
        return "В письме нет вашего кодового слова, поэтому ходы не приняты."
    return None


class Answer(Enum):
    """What the sender of a stopped letter is told."""

    NONE = "none"  # nothing (a copy, a robot, the game itself, a held letter)
    STRANGER = "stranger"  # the unknown-sender notice (once per address and local day)
    REFUSAL = "refusal"  # a reply to his letter with the reason as its one problem
    GAME_OVER = "game_over"  # the game is over: no moves are taken (and who won)


class Link(NamedTuple):
    """One row of :data:`CHAIN`: a screen and what a «yes» from it means."""

    screen: Callable[[Candidate, Gate], str | None]
    state: LetterState
    answer: Answer = Answer.NONE
    noted: bool = True  # the reason goes to the letter's notes for the host
    senders: bool = True  # the letter is still its sender's (his nick is recorded)


#: The screens in the order they run; the first that says yes decides.
CHAIN: tuple[Link, ...] = (
    Link(duplicate, LetterState.DUPLICATE, noted=False, senders=False),
    Link(unreadable, LetterState.UNREADABLE, senders=False),
    Link(auto_reply, LetterState.AUTO_REPLY, senders=False),
    Link(own_letter, LetterState.HOST, senders=False),
    Link(authentication, LetterState.HELD),
    Link(several_from, LetterState.HELD),
    Link(unknown_sender, LetterState.UNKNOWN_SENDER, Answer.STRANGER, noted=False),
    Link(game_over, LetterState.AFTER_END, Answer.GAME_OVER),
    Link(no_open_day, LetterState.NO_MOVES),
    Link(code_word, LetterState.HELD, Answer.REFUSAL, noted=False),
)


def run_chain(c: Candidate, gate: Gate) -> tuple[Link, str] | None:
    """Run the screens of :data:`CHAIN` in order on ``c``; the first link whose screen says
    yes and its reason (added to ``c.notes`` when the link says so), or None when the letter
    passed every screen."""
    for link in CHAIN:
        reason = link.screen(c, gate)
        if reason is not None:
            if link.noted:
                c.notes.append(reason)
            return link, reason
    return None
