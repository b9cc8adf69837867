"""What a reply says beyond its own letter: a boss's clan members with no night move so far
(:func:`clan_idle`), and the sender's earlier replies of the day still waiting in the queue,
which a later letter's reply replaces or marks (:func:`earlier_replies`, :func:`fold`).

A player who writes twice before the host sends the queue would otherwise get a first reply
that still accepts the move his second letter replaced. The later reply is what holds then:
an earlier reply that only restated accepted moves (no refusal, question or notice of its
own) is taken off the queue (``dropped``) and the later reply says that letter was read; an
earlier reply with more to say stays and is marked that a later letter replaced part of it.
Both happen in the transaction that queues the later reply, so a sync that crashes and runs
again neither loses nor doubles a reply (the later letter is no longer pending then).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session, select

from engine.legality import night_role_moves, standing_moves
from engine.model import Move

from .answers import answered_letter
from .letter_state import LetterState
from .out_state import OutState
from .questions import QUESTION_NOTE
from .store import Letter, Outgoing, loads, utc

__all__ = ["EarlierReply", "FOLDED_REASON", "clan_head", "clan_idle", "earlier_replies", "fold", "folded_letters", "pending_senders", "plain_reply", "wrote_later"]

#: Notes that make a letter's reply say more than its moves (:mod:`mailer.reading`).
_OWN_NOTES = (QUESTION_NOTE, "пришло после срока")
#: The head of the line that marks a reply a later letter replaced part of (once per reply).
MARK_HEAD = "Следом пришло ваше письмо"
#: How many of a sender's latest unsent replies a new letter looks at: a plain one is held
#: back at the next letter already, so only replies with more to say pile up (a flood).
RECENT = 10


@dataclass
class EarlierReply:
    """A queued reply to one of the sender's earlier letters of the day: the letter's id and
    receipt time, whether the reply only restated accepted moves (``plain``), and the reply
    itself, as a row of this batch not yet written (``row``) or a stored one (``out_id``)."""

    letter_id: int
    received: datetime
    plain: bool
    row: dict | None = None
    out_id: int | None = None
    body: str = ""
    #: ``(received, letter id)`` of the letters whose replies this one already stood for
    folded: list[tuple[datetime, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.row is not None:
            self.body = self.row["body"]


def plain_reply(state: str, problems, asked, notes) -> bool:
    """True when a letter's reply says nothing a later reply of the day would not: the letter
    was read on time (moves accepted or none), with no refusal, no question asked of the
    player, no question to the host and no notice of a missed deadline."""
    return (state in (LetterState.APPLIED, LetterState.NO_MOVES) and not problems and not asked
            and not any(str(n).startswith(_OWN_NOTES) for n in notes))


def earlier_replies(s: Session, batch_replies: list[tuple[str, int, EarlierReply]],
                    stored: list[tuple[int, str]], nick: str, day: int, before: tuple[datetime, int],
                    in_reply_to: str | None = None, text: str = "",
                    memo: dict | None = None) -> list[EarlierReply]:
    """The queued (not sent) replies to ``nick``'s letters of ``day`` received ``before`` the
    new one (its receipt time and row id): those of this batch (``batch_replies``: ``(nick,
    day, reply)`` as the loop recorded them) and the stored ones (``stored``: their ``(id,
    ref)``, :meth:`mailer.batch_context.BatchContext.queued_replies`), oldest letter first. The
    reply the new letter answers (its ``in_reply_to``, a Message-ID) or quotes (a move line of
    it in the letter's ``text``) is left out: the player has it, whatever the queue says.
    ``memo``: the stored replies already looked at in this batch, by id."""
    memo = {} if memo is None else memo
    found = [e for n, d, e in batch_replies if (n, d) == (nick, day) and e.row["state"] == OutState.QUEUED.value
             and e.row["message_id"] != in_reply_to and MARK_HEAD not in e.row["body"]]
    for out_id, _ref in stored[-RECENT:]:
        out = s.get(Outgoing, out_id)
        if out is None or out.state != OutState.QUEUED.value or out.message_id == in_reply_to \
                or MARK_HEAD in out.body:
            continue
        if out_id not in memo:
            message_id, row = answered_letter(out.ref.partition("~")[0])
            q = select(Letter).where(Letter.nick == nick, Letter.day == day, Letter.message_id == message_id)
            letter = s.exec(q.where(Letter.id == row) if row is not None else q).first()
            memo[out_id] = letter and EarlierReply(
                letter.id, utc(letter.received), plain_reply(letter.state, loads(letter.problems_json),
                                                             loads(letter.asked_json), loads(letter.notes_json) or []),
                out_id=out_id, folded=_folded_into(s, letter))
        if memo[out_id] is not None:
            memo[out_id].body = out.body
            found.append(memo[out_id])
    found = sorted((e for e in found if (e.received, e.letter_id) < before), key=lambda e: (e.received, e.letter_id))
    return [e for e in found[-RECENT:] if not _quoted(e.body, text)]


_FOLD_NOTE = "ответ на прежнее письмо {} снят с очереди: этот ответ говорит и о нём"
_FOLD_NOTES = "этот ответ говорит и о прежних письмах {}: ответы на них сняты с очереди"
_FOLD_NOTE_RE = re.compile("|".join(re.escape(n).replace(re.escape("{}"), r"([\d, ]+)")
                                    for n in (_FOLD_NOTE, _FOLD_NOTES)))


def _folded_into(s: Session, letter: Letter) -> list[tuple[datetime, int]]:
    """``(received, id)`` of the letters whose replies ``letter``'s reply stood for: its note
    names them all (:func:`fold`)."""
    ids = {int(i) for n in loads(letter.notes_json) or [] if (m := _FOLD_NOTE_RE.fullmatch(str(n)))
           for i in re.findall(r"\d+", m.group(m.lastindex))}
    return [(utc(row.received), row.id) for row in s.exec(select(Letter).where(Letter.id.in_(ids)))] if ids else []


def folded_letters(earlier: list[EarlierReply]) -> list[tuple[datetime, int]]:
    """``(received, id)`` of every letter a new reply stands for, oldest first: the ``plain``
    earlier replies' letters and those their replies stood for."""
    return sorted({t for e in earlier if e.plain for t in ((e.received, e.letter_id), *e.folded)})


def _quoted(reply: str, text: str) -> bool:
    """True when ``text`` (a player's letter) holds a move line of ``reply`` («  - Лечение:
    Маруська»), quoted («> ») or pasted, whatever its spacing."""
    lines = [" ".join(line.split()) for line in reply.splitlines() if line.startswith("  - ")]
    if not lines or not text:
        return False
    plain = " ".join(" ".join(line.lstrip("> \t").split()) for line in text.splitlines())
    return any(line in plain for line in lines)


#: Why a reply :func:`fold` took off the queue is, as ``outbox --all`` shows it (``Outgoing.error``).
FOLDED_REASON = "ответ на следующее письмо игрока (входящее {}) стоит и за это"


def strike_lines(body: str, struck: list[tuple[str, str | None]]) -> str:
    """``body`` (a queued reply) with each move line («  - Голоса на линче: Бука и Гоша») of
    ``struck`` — ``(move line, what is left of it or None)`` — replaced by what is left, or
    dropped; a block heading («Принято (день 2):») left with no move line goes with it, and
    so does the block's note under it («  (сегодня у каждого два голоса …)»)."""
    gone = {f"  - {o}" for o, n in struck if not n}
    cut = {f"  - {o}": f"  - {n}" for o, n in struck if n}
    if not any(line in gone or line in cut for line in body.split("\n")):
        return body
    lines, out, k = body.split("\n"), [], 0
    while k < len(lines):
        line = lines[k]
        j = k + 1
        if line.strip() and not line.startswith(" ") and line.endswith(":"):
            while j < len(lines) and lines[j].startswith("  "):
                j += 1
            block = lines[k + 1:j]
            moves = [b for b in block if b.startswith("  - ")]
            kept = [cut.get(b, b) for b in block if b not in gone]
            if moves and not any(b.startswith("  - ") for b in kept):
                k = j  # every move of the block taken back: the heading and its notes go
                continue
            out += [line, *kept]
        elif line not in gone:
            out.append(cut.get(line, line))
        k = j
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out))


def fold(s: Session, earlier: list[EarlierReply], *, replaced: bool, mark: str, by: int | None = None,
         struck: list[tuple[str, str | None]] = ()) -> list[str]:
    """Take the ``plain`` earlier replies off the queue (the later reply says what holds;
    ``by``: the later letter's id, kept as the reason, :data:`FOLDED_REASON`) and, when the
    later letter ``replaced`` a move or withdrew the night's, add ``mark`` (a line naming the
    later letter, :data:`MARK_HEAD`) at the head of the others, once: a marked reply is left
    alone after, save for ``struck``: the move lines of the votes the later letter took back
    («Снимаю голос.»), dropped or cut to what is left (:func:`strike_lines`), so no queued
    reply lists a vote that no longer stands. Returns the host's notes."""
    ids = [i for _, i in folded_letters(earlier)]
    notes = [(_FOLD_NOTE if len(ids) == 1 else _FOLD_NOTES).format(", ".join(map(str, ids)))] if ids else []
    for e in earlier:
        if e.plain:
            why = FOLDED_REASON.format(by) if by is not None else None
            if e.row is not None:
                e.row["state"], e.row["error"] = OutState.DROPPED.value, why
            else:
                out = s.get(Outgoing, e.out_id)
                out.state, out.error = OutState.DROPPED.value, why
                s.add(out)
        elif replaced:
            holder = e.row if e.row is not None else s.get(Outgoing, e.out_id)
            body = holder["body"] if e.row is not None else holder.body
            cut = strike_lines(body, list(struck))
            if MARK_HEAD in body and cut == body:
                continue
            if MARK_HEAD in body:
                body = cut
            else:
                head, sep, rest = cut.partition("\n\n")
                body = f"{head}{sep}{mark}\n\n{rest}" if sep else f"{mark}\n\n{cut}"
            if e.row is not None:
                holder["body"] = body
            else:
                holder.body = body
                s.add(holder)
            notes.append(f"в ответ на прежнее письмо {e.letter_id} добавлено, что это письмо заменило часть его ходов")
    return notes


def clan_idle(state, turn, boss: str, moves: list[Move], letters_of, unread=lambda nicks: set()) -> list[dict]:
    """A boss's living clan members who owe a night role move tonight
    (:func:`engine.legality.night_role_moves`) and have none standing so far: no move of their
    own in the letters read before this one (``letters_of(nick)``: their applied letters of
    the day as ``(moves, cancels)``), and none ``moves`` of the boss (his moves standing after
    this letter) makes for them. A member with a letter not read yet (``unread(nicks)``: those
    of ``nicks`` who wrote after this letter, in the day's time) is left out: the tool does not
    know yet what he wrote. ``[{"nick", "role", "delegated"}]`` in roster order;
    ``delegated``: the member left his move to the boss (DECISIONS.md §4 Boss (c)). Empty for
    anyone but a boss."""
    me = state.players.get(boss)
    if me is None or me.role != "boss" or not me.alive:
        return []
    ordered = {m.member for m in moves if m.action == "on_behalf"}
    members = [n for n, p in state.players.items() if n != boss and p.clan == me.clan and n not in ordered]
    later = unread(members) if members else set()
    out = []
    for nick in members:
        p = state.players[nick]
        if nick in later:
            continue
        owed = night_role_moves(state, turn, nick)
        if not owed:
            continue
        own = {m.action for m in standing_moves(letters_of(nick))}
        if not own & owed:
            out.append({"nick": nick, "role": p.role, "delegated": "delegate" in own})
    return out


def clan_head(state, nick: str, letters_of) -> dict:
    """Who may move for clan member ``nick`` tonight and what he sent for him so far: the
    living player holding the boss role in ``nick``'s clan (the son once he took it, the
    actor who took it; DECISIONS.md §4 Boss (c), Son, Actor) and the member's move among the
    boss's moves standing so far (``letters_of(boss)``: his applied letters of the day as
    ``(moves, cancels)``). ``{"boss": nick | None, "ordered": Move | None}``: no boss when the
    clan has none alive (nobody moves for the member), no order when the boss sent none."""
    from engine.grammar_rules import clan_boss

    boss = clan_boss(state, nick)
    ordered = None
    for m in standing_moves(letters_of(boss)) if boss else ():
        if m.action == "on_behalf" and m.member == nick and m.move is not None:
            ordered = m.move
    return {"boss": boss, "ordered": ordered}


def pending_senders(s: Session) -> list[tuple[datetime, str]]:
    """``(received, address)`` of every letter not read yet, its address from its From header
    (read once a sync, for :func:`wrote_later`)."""
    from sqlalchemy import func

    from .letter_headers import parse_addresses, raw_headers

    t = Letter.__table__
    out = []
    for r in s.execute(select(t.c.received, func.substr(t.c.raw, 1, 16384).label("head"))
                       .where(t.c.state == LetterState.PENDING, t.c.raw.is_not(None))):
        # the From header read as the decoder reads it (mailer.decode), so the address is the
        # one the letter will be stored under
        froms = [parse_addresses(value)[0] for name, value in raw_headers(bytes(r.head or b""))
                 if name == "from"]
        out.append((utc(r.received), froms[0][0][1] if froms and froms[0] else ""))
    return out


def wrote_later(s: Session, addresses: dict[str, str], nicks, after: datetime, deadline: datetime,
                pending: list[tuple[datetime, str]]) -> set[str]:
    """Those of ``nicks`` with a letter received after ``after`` and on time for ``deadline``
    (DECISIONS.md §8), by their ``addresses`` (address → nick, as the roster gives them): a
    letter read already by its sender's address, one not read yet by ``pending``
    (:func:`pending_senders`)."""
    from engine.calendar import on_time

    from .store import to_db

    t = Letter.__table__
    mine = {a for a, n in addresses.items() if n in set(nicks)}
    read = s.execute(select(t.c.received, t.c.from_addr).where(
        t.c.from_addr.in_(mine), t.c.received > to_db(after)))
    return {addresses[addr] for received, addr in [*((utc(r.received), r.from_addr) for r in read), *pending]
            if addr in mine and received > after and on_time(received, deadline)}
