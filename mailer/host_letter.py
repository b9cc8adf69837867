"""Letters the host writes himself (``mafia-mail write``): an answer to a player's letter
(«Можно ли лечить себя?», a name the reply asked about, a complaint) or a letter to a player.

The letter goes to the outbox like every other one: ``preview`` shows it, ``edit`` and ``drop``
work on it, ``send`` sends it. An answer to a received letter is threaded under it (In-Reply-To
and References, RFC 5322 §3.6.4) with the subject «Re: …», and the letter is marked as dealt
with (``inbox --done``), so it leaves ``inbox --questions``. The letter is the host's own, not
an automatic one: Auto-Submitted: no (RFC 3834 §5), so the player's mail program may answer
it as it answers people.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from .config import GameConfig
from .day.context import GameError
from .store import Letter, Store

__all__ = ["Addressee", "Written", "addressee", "draft", "write_letter", "own_text"]

#: The line between the host's text and the quoted letter in the editor's draft; it and what
#: follows it are left out of the letter unless the host keeps the quote himself.
QUOTE_MARK = "# ↑ Напишите ответ выше. Строки ниже, начинающиеся с «>», уйдут цитатой; удалите их, если цитата не нужна."


@dataclass(frozen=True)
class Addressee:
    """Whom a host letter goes to: ``nick`` (None for a stranger's letter), ``address``, the
    ``subject`` it gets by default, and for an answer the received ``letter`` (its id, Message-ID
    and text)."""

    nick: str | None
    address: str
    subject: str
    letter_id: int | None = None
    message_id: str | None = None
    letter_text: str = ""
    received: datetime | None = None
    #: a player who is out of the game: when and how, for the host's warning (:func:`addressee`)
    gone: str = ""

    @property
    def warning(self) -> str:
        """The host's warning that the letter goes to a player out of the game (a host may
        still write to him: the game's end, a question he asked), or ""."""
        return (f"Внимание: {self.nick} уже не в игре ({self.gone}). Письмо всё равно встанет в очередь."
                if self.gone else "")


@dataclass(frozen=True)
class Written:
    """A queued host letter: outbox ``row_id``, whom it goes to, its subject; ``already``: the
    same letter was queued before (nothing new queued); ``marked_done``: the received letter it
    answers, marked as dealt with now (None when there is none or it was marked before)."""

    row_id: int
    to: Addressee
    subject: str
    already: bool
    marked_done: int | None


def addressee(cfg: GameConfig, store: Store, to: str) -> Addressee:
    """Whom ``to`` names: a number of a received letter (``inbox``; the answer goes to its
    sender's address) or a player's nick as the host types it (any case, ё as е, one word of a
    nick of several words when only that nick has it).

    Raises:
        GameError: no letter with that number, a letter with no address to answer, or a name
            that is no player (with the nearest nick as a hint).
    """
    from engine.roles import typed_nick

    from .day.context import address_of
    from .inputs import nick_hint, short_nick

    typed = to.strip()
    if typed.isdigit():
        with store.session() as s:
            letter = s.get(Letter, int(typed))
            if letter is None:
                raise GameError(f"нет письма с номером {typed} (номера — в mafia-mail inbox)")
            if not letter.from_addr:
                raise GameError(f"у письма {typed} нет обратного адреса: ответить некуда")
            return Addressee(nick=letter.nick, address=letter.from_addr,
                             subject=_reply_subject(letter.subject, cfg), letter_id=letter.id,
                             message_id=letter.message_id, letter_text=letter.body,
                             received=letter.received, gone=_gone(s, letter.nick))
    nicks = [p.nick for p in cfg.players]
    nick = typed_nick(typed, nicks) or short_nick(typed, nicks)
    if nick is None:
        raise GameError(f"нет игрока «{typed}» (и это не номер письма из inbox)" + nick_hint(typed, nicks))
    with store.session() as s:
        gone = _gone(s, nick)
    return Addressee(nick=nick, address=address_of(cfg, nick), subject=cfg.subject("письмо ведущего"),
                     gone=gone)


def _gone(s, nick: str | None) -> str:
    """How player ``nick`` left the game, as the host is told it (the
    newspaper's words, which need no gender: «день 2, линч»), or "" while he plays (or before
    ``init``)."""
    from .day.context import load_state
    from .render_words import CAUSE_RU
    from .store import Game

    game = s.get(Game, 1)
    if nick is None or game is None or not game.state_json:
        return ""
    player = load_state(game).players.get(nick)
    if player is None or player.alive:
        return ""
    cause = CAUSE_RU.get(player.death_cause or "", player.death_cause or "")
    return ", ".join(filter(None, (f"день {player.died_day}" if player.died_day else "", cause))) or "выбытие"


def _reply_subject(subject: str, cfg: GameConfig) -> str:
    from .answers import reply_subject

    return reply_subject(subject) if subject.strip() else cfg.subject("ответ ведущего")


def draft(to: Addressee) -> str:
    """The text the host's editor opens with: an empty place for the answer and, for an answer
    to a letter, :data:`QUOTE_MARK` and the player's text quoted with «> » (RFC 3676 quoting)."""
    if to.letter_id is None:
        return "\n"
    quoted = "\n".join(("> " + line) if line else ">" for line in to.letter_text.strip().splitlines())
    return f"\n\n{QUOTE_MARK}\n{quoted}\n"


def own_text(edited: str) -> str:
    """The letter the host wrote in :func:`draft`: the draft's mark line is taken out (the
    quote below it stays if the host kept it), outer blank lines trimmed; "" when only the
    quote is left (nothing written)."""
    lines = [line for line in edited.splitlines() if line.strip() != QUOTE_MARK]
    text = "\n".join(lines).strip("\n")
    if not any(line.strip() and not line.lstrip().startswith(">") for line in lines):
        return ""
    return text.rstrip() + "\n"


def write_letter(cfg: GameConfig, store: Store, to: Addressee, body: str, *, now: datetime,
                 subject: str | None = None) -> Written:
    """Queue the host's letter ``body`` (plain text, as written) to ``to`` (:func:`addressee`),
    dated ``now`` (aware). The same text to the same addressee queued again is not doubled
    (``already``). An answer to a received letter marks it as dealt with.

    Raises:
        GameError: an empty ``body``.
    """
    from sqlmodel import select

    from .outbox import queue
    from .store import DayRow, Outgoing

    if not body.strip():
        raise GameError("письмо пустое: писать нечего")
    subject = (subject or "").strip() or to.subject
    digest = hashlib.sha256(f"{to.address}\n{subject}\n{body}".encode()).hexdigest()[:16]
    target = f"letter{to.letter_id}" if to.letter_id is not None else (to.nick or to.address)
    ref = f"host:{target}:{digest}"
    with store.session() as s:
        before = s.exec(select(Outgoing.id).where(Outgoing.ref == ref)).first()
        open_day = s.exec(select(DayRow.day).where(DayRow.status == "open")).first()
        row = queue(s, cfg, ref=ref, kind="host", day=open_day, to_addr=to.address, to_nick=to.nick,
                    subject=subject, body=body, now=now, in_reply_to=to.message_id,
                    references=[], auto_submitted="no")
        marked = None
        if to.letter_id is not None:
            letter = s.get(Letter, to.letter_id)
            if letter is not None and not letter.handled:
                letter.handled = True
                s.add(letter)
                marked = letter.id
        row_id = row.id
    return Written(row_id=row_id, to=to, subject=subject, already=before is not None, marked_done=marked)
