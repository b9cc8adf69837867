"""What a reply says beyond its own letter: a boss's clan members with no night move so far
(:func:`clan_idle`), and the sender's earlier replies of the day still waiting in the queue,
which a later letter's reply stands for (:func:`earlier_replies`, :func:`fold`).

The rule, one for every case: **a reply still in the queue when the same player's next
letter of the day is read is taken off the queue (``dropped``), and the later letter's reply
stands for it.** So two (or more) letters of one player read before the host sends the queue
— in one sync or in several — get one reply, the latest, and it says:

- that the earlier letters were read and get no reply of their own (their receipt times);
- what counts after all of them (accepted in this letter, replaced by it, standing from the
  earlier ones): the moves :func:`engine.legality.standing_moves` gives, which are the moves
  close-day resolves, so no reply ever promises a move the resolver will not use;
- whatever only an earlier reply said and still matters (:func:`carried_block`): that
  letter's refusals and questions («Не принято»; a problem about a move of a kind that now
  stands is settled and left out), its questions to the host, the notice that it came after
  a deadline, a move found only in a quote.

A reply already sent is the player's; so is one the new letter answers (In-Reply-To) or
quotes: those are never touched, and the new letter simply gets its own reply. ``watch``
sends each reply at once, so there every letter gets its own. The drop happens in the
transaction that queues the later reply, so a sync that crashes and runs again neither
loses nor doubles a reply (the later letter is no longer pending then).
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

__all__ = ["EarlierReply", "FOLDED_REASON", "carried_block", "clan_head", "clan_idle", "earlier_replies", "fold",
           "folded_letters", "pending_senders", "still_carried", "wrote_later"]

#: The notes of a letter its reply told the player of, beside its moves and problems
#: (:mod:`mailer.reading`): a later reply that stands for it repeats them (:func:`carried_block`).
LATE_NOTE = "пришло после срока дня "
QUOTE_NOTE = "ход только в цитате, не засчитан: "
#: The head of the line that marked a reply a later letter replaced part of (replies queued
#: by versions before the rule of this module; such a reply is left alone).
MARK_HEAD = "Следом пришло ваше письмо"
#: How many of a sender's latest unsent replies a new letter looks at (each is held back at
#: the next letter, so more than one only piles up when the player answered or quoted them).
RECENT = 10


@dataclass
class EarlierReply:
    """A queued reply to one of the sender's earlier letters of the day: the letter's id and
    receipt time, what that reply said beyond the moves that stand (``carried``: blocks of
    :func:`carried_block`, its own and those of the letters it already stood for), and the
    reply itself, as a row of this batch not yet written (``row``) or a stored one (``out_id``)."""

    letter_id: int
    received: datetime
    carried: list[dict] = field(default_factory=list)
    row: dict | None = None
    out_id: int | None = None
    body: str = ""
    #: ``(received, letter id)`` of the letters whose replies this one already stood for
    folded: list[tuple[datetime, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.row is not None:
            self.body = self.row["body"]


def carried_block(received: datetime, problems, notes) -> dict | None:
    """What the reply to a letter received at ``received`` said beyond the moves that stand,
    for a later reply that stands for it: the messages of its ``problems`` (stored dicts,
    :func:`mailer.words.stored_problem`, or :class:`engine.model.Problem`) with their
    actions, its questions to the host and its notices (came after a deadline, a move only
    in a quote) from its ``notes``. None when there is nothing of the kind."""
    probs = []
    for p in problems or ():
        get = p.get if isinstance(p, dict) else (lambda k, p=p: getattr(p, k, None))
        text = get("message") or (f"«{get('text')}»: не понял эту часть письма" if get("text") else "")
        if text:
            probs.append({"message": text, "action": get("action") or None})
    notes = [str(n) for n in notes or ()]
    questions = [n[len(QUESTION_NOTE):].strip("«»") for n in notes if n.startswith(QUESTION_NOTE)]
    notices = []
    for n in notes:
        if n.startswith(LATE_NOTE):  # «пришло после срока дня 1, до его закрытия: ходы засчитаны в день 2»
            notices.append(n)
        elif n.startswith(QUOTE_NOTE):
            notices.append(f"ход только в цитате (чужие слова), не засчитан: {n[len(QUOTE_NOTE):]}")
    if not (probs or questions or notices):
        return None
    return {"received": received, "problems": probs, "questions": questions, "notices": notices}


def still_carried(blocks: list[dict], standing_actions) -> list[dict]:
    """``blocks`` (:func:`carried_block`) as a later reply repeats them: a problem about a
    move whose kind now stands (``standing_actions``: the actions of the moves that count
    after the later letter) was settled by a later letter and is left out; a block left
    with nothing is dropped. Oldest letter first, each letter once."""
    standing_actions = set(standing_actions)
    out, seen = [], set()
    for b in sorted(blocks, key=lambda b: b["received"]):
        key = (b["received"], tuple(p["message"] for p in b["problems"]), tuple(b["questions"]))
        if key in seen:
            continue
        seen.add(key)
        probs = [p for p in b["problems"] if not (p["action"] and p["action"] in standing_actions)]
        if probs or b["questions"] or b["notices"]:
            out.append(b | {"problems": probs})
    return out


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
                letter.id, utc(letter.received), _stored_blocks(s, letter), out_id=out_id,
                folded=[(utc(l.received), l.id) for l in _folded_into(s, letter)])
        if memo[out_id] is not None:
            memo[out_id].body = out.body
            found.append(memo[out_id])
    found = sorted((e for e in found if (e.received, e.letter_id) < before), key=lambda e: (e.received, e.letter_id))
    return [e for e in found[-RECENT:] if not _quoted(e.body, text)]


_FOLD_NOTE = "ответ на прежнее письмо {} снят с очереди: этот ответ говорит и о нём"
_FOLD_NOTES = "этот ответ говорит и о прежних письмах {}: ответы на них сняты с очереди"
_FOLD_NOTE_RE = re.compile("|".join(re.escape(n).replace(re.escape("{}"), r"([\d, ]+)")
                                    for n in (_FOLD_NOTE, _FOLD_NOTES)))


def _folded_into(s: Session, letter: Letter) -> list[Letter]:
    """The letters whose replies ``letter``'s reply stood for: its note names them all
    (:func:`fold`)."""
    ids = {int(i) for n in loads(letter.notes_json) or [] if (m := _FOLD_NOTE_RE.fullmatch(str(n)))
           for i in re.findall(r"\d+", m.group(m.lastindex))}
    return list(s.exec(select(Letter).where(Letter.id.in_(ids)))) if ids else []


def _stored_blocks(s: Session, letter: Letter) -> list[dict]:
    """What a stored letter's queued reply carried (:func:`carried_block`): its own, and
    those of the letters it stood for."""
    blocks = [carried_block(utc(l.received), loads(l.problems_json), loads(l.notes_json) or [])
              for l in [*_folded_into(s, letter), letter]]
    return [b for b in blocks if b is not None]


def folded_letters(earlier: list[EarlierReply]) -> list[tuple[datetime, int]]:
    """``(received, id)`` of every letter a new reply stands for, oldest first: the earlier
    replies' letters and those their replies stood for."""
    return sorted({t for e in earlier for t in ((e.received, e.letter_id), *e.folded)})


def _quoted(reply: str, text: str) -> bool:
    """True when ``text`` (a player's letter) holds a move line of ``reply`` («  - Лечение:
    Маруська»), quoted («> ») or pasted, whatever its spacing."""
    lines = [" ".join(line.split()) for line in reply.splitlines() if line.startswith("  - ")]
    if not lines or not text:
        return False
    plain = " ".join(" ".join(line.lstrip("> \t").split()) for line in text.splitlines())
    return any(line in plain for line in lines)


#: Why a reply :func:`fold` took off the queue is, as ``outbox --all`` shows it (``Outgoing.error``).
FOLDED_REASON = "его заменил ответ на следующее письмо игрока (входящее {}), где сказано и о прежнем письме"


def fold(s: Session, earlier: list[EarlierReply], *, by: int | None = None) -> list[str]:
    """Take every reply of ``earlier`` off the queue: the later reply (to letter ``by``,
    kept as the reason, :data:`FOLDED_REASON`) says what holds after all of them and repeats
    what they said beyond it (the module's rule). Returns the host's notes."""
    ids = [i for _, i in folded_letters(earlier)]
    notes = [(_FOLD_NOTE if len(ids) == 1 else _FOLD_NOTES).format(", ".join(map(str, ids)))] if ids else []
    why = FOLDED_REASON.format(by) if by is not None else None
    from .outbox import drop_unsent

    for e in earlier:  # (the ref stays: the letter is answered, by the later reply)
        drop_unsent(s, e.row if e.row is not None else s.get(Outgoing, e.out_id), why, keep_ref=True)
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


def overruled_orders(moves: list[Move], letters_of) -> list[dict]:
    """The boss's orders among ``moves`` (``on_behalf``) for a clan member who already sent
    that move himself today and did not leave his move to the boss (``letters_of(nick)``: his
    applied letters of the day as ``(moves, cancels)``): the resolver carries out the member's
    own move and voids the order (engine.collect, reason ``member_moved``; DECISIONS.md §4
    Boss), so the reply says so instead of a plain «Принято». ``[{"nick", "action"}]``."""
    out = []
    for m in moves:
        if m.action != "on_behalf" or m.move is None or not m.member:
            continue
        own = {x.action for x in standing_moves(letters_of(m.member))}
        if m.move.action in own and "delegate" not in own:
            out.append({"nick": m.member, "action": m.move.action})
    return out


def clan_head(state, nick: str, letters_of) -> dict:
    """Who may move for clan member ``nick`` tonight and what he sent for him so far: the
    living player holding the boss role in ``nick``'s clan (the son once he took it, the
    actor who took it; DECISIONS.md §4 Boss (c), Son, Actor) and the member's move among the
    boss's moves standing so far (``letters_of(boss)``: his applied letters of the day as
    ``(moves, cancels)``). ``{"boss": nick | None, "ordered": Move | None, "kill": Move | None}``:
    no boss when the clan has none alive (nobody moves for the member), no order when the
    boss sent none; ``kill`` the boss's own clan kill standing (the senior order, DECISIONS.md
    §4 Clan kill: a member's kill order is not used while it stands)."""
    from engine.grammar_rules import clan_boss

    boss = clan_boss(state, nick)
    ordered = kill = None
    for m in standing_moves(letters_of(boss)) if boss else ():
        if m.action == "on_behalf" and m.member == nick and m.move is not None:
            ordered = m.move
        elif m.action == "clan_kill":
            kill = m
    return {"boss": boss, "ordered": ordered, "kill": kill}


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
