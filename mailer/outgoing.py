"""What the host does with outgoing letters before ``send``: list the queue (``outbox``),
read a letter exactly as it will leave (``preview``), correct its text (``edit``) and take it
off the queue (``drop``). Sending is :mod:`mailer.outbox`."""

from __future__ import annotations

from dataclasses import dataclass, field

from .config import GameConfig
from .day import GameError
from .out_state import TO_SEND, OutState
from .outbox import drop_unsent
from .store import Outgoing, Store

#: Headers ``preview`` leaves out: MIME plumbing the host need not read.
_PLUMBING = ("content-type", "content-transfer-encoding", "mime-version")


def outbox_rows(store: Store, *, show_all: bool = False) -> list[Outgoing]:
    """The letters waiting to be sent (queued, uncertain, failed), in queue order; with
    ``show_all`` every outgoing letter, sent ones too."""
    with store.session() as s:
        return store.outgoing(s) if show_all else store.outgoing(s, *TO_SEND, OutState.FAILED)


@dataclass(frozen=True)
class Preview:
    """One letter as ``send`` will send it: ``headers`` in order (name, value), without MIME
    plumbing; ``text`` the decoded body."""

    id: int
    state: str
    headers: list[tuple[str, str]]
    text: str


def preview(cfg: GameConfig, store: Store, letter_id: int | None = None) -> list[Preview]:
    """Letter ``letter_id`` (any state), or every letter still to be sent (queued and
    uncertain), built exactly as sent (:func:`mailer.outbox.build_message`).

    Raises:
        GameError: no letter ``letter_id``.
        mailer.addresses.AddressError: an address that cannot be written in a header.
    """
    from .outbox import build_message

    with store.session() as s:
        if letter_id is not None:
            row = s.get(Outgoing, letter_id)
            if row is None:
                raise GameError(f"письма {letter_id} нет в очереди")
            rows = [row]
        else:
            rows = store.outgoing(s, *TO_SEND)
    shown = []
    for row in rows:
        msg = build_message(cfg, row)
        headers = [(name, str(value)) for name, value in msg.items() if name.lower() not in _PLUMBING]
        shown.append(Preview(id=row.id, state=row.state, headers=headers,
                             text=msg.get_content().rstrip("\n")))
    return shown


def _editable(s, letter_id: int) -> Outgoing:
    row = s.get(Outgoing, letter_id)
    if row is None:
        raise GameError(f"письма {letter_id} нет (номера — в mafia-mail outbox --all)")
    if row.state not in TO_SEND:
        raise GameError(f"письмо {letter_id} уже не в очереди ({OutState(row.state).ru}): "
                        "исправить его нельзя, при необходимости напишите игроку отдельно")
    return row


def letter_body(store: Store, letter_id: int) -> str:
    """The text of letter ``letter_id`` still to be sent (``edit`` opens it in the editor).

    Raises:
        GameError: no such letter in the queue (sent, failed or never queued).
    """
    with store.session() as s:
        return _editable(s, letter_id).body


def edit_letter(store: Store, letter_id: int, body: str) -> bool:
    """Replace the text of letter ``letter_id`` by ``body`` (the host's correction, kept until
    sent). Returns False when ``body`` is the text it already has (nothing written).

    Raises:
        GameError: the letter is no longer in the queue (it may have been sent meanwhile).
    """
    with store.session() as s:
        row = _editable(s, letter_id)
        if body == row.body:
            return False
        row.body = body
        s.add(row)
        return True


def dropped_by_host(row: Outgoing, reason: str | None) -> str:
    """Why the host's ``drop`` took ``row`` off the queue, as ``outbox --all`` shows it
    (Russian): «снято ведущим», then the host's ``reason`` when he gave one; a letter with an
    error stored (refused by the server, or of unknown fate) keeps it after them (``error``
    holds one text only)."""
    why = "снято ведущим" + (f": {reason.strip()}" if reason and reason.strip() else "")
    if row.error:
        why += f" (до этого — {OutState(row.state).ru}: {row.error})"
    return why


@dataclass(frozen=True)
class Dropped:
    """What ``drop`` did: ``dropped`` the letters taken off the queue now, ``before`` those
    taken off by an earlier ``drop`` (nothing done to them)."""

    dropped: list[int]
    before: list[int]
    #: one line per letter dropped now: its number, recipient and subject («129  Бука  [Игра] Итоги»)
    lines: list[str] = field(default_factory=list)


def drop_letters(store: Store, letter_ids: list[int], reason: str | None = None) -> Dropped:
    """Take letters ``letter_ids`` off the queue: they will not be sent (state ``dropped``,
    «снято с очереди»; the row stays, so the same letter is never queued again). Safe to
    repeat: a letter already dropped is reported in :attr:`Dropped.before`. Queued, uncertain
    and refused (failed) letters may be dropped; nothing is dropped when any of the letters
    cannot be. Each letter dropped keeps why, for ``outbox --all`` (:func:`dropped_by_host`:
    «снято ведущим», with the host's ``reason`` when given).

    >>> drop_letters(store, [7])            # doctest: +SKIP
    Dropped(dropped=[7], before=[])

    Raises:
        GameError: no such letter, or a letter already sent (or being sent), in Russian.
    """
    with store.session() as s:
        rows = []
        for letter_id in dict.fromkeys(letter_ids):
            row = s.get(Outgoing, letter_id)
            if row is None:
                raise GameError(f"письма {letter_id} нет (номера — в mafia-mail outbox --all). "
                                "Ничего не снято.")
            if row.state in (OutState.SENT, OutState.SENDING):
                raise GameError(f"письмо {letter_id} уже {OutState(row.state).ru}: снять его с "
                                "очереди нельзя, оно ушло к получателю; при необходимости "
                                "напишите ему отдельно. Ничего не снято.")
            rows.append(row)
        report = Dropped(dropped=[], before=[])
        for row in rows:
            if row.state == OutState.DROPPED:
                report.before.append(row.id)
                continue
            drop_unsent(s, row, dropped_by_host(row, reason), keep_ref=True)  # (never queued again)
            report.dropped.append(row.id)
            report.lines.append(f"{row.id}  {row.to_nick or row.to_addr}  {row.subject}")
        return report
