"""Which question of the game a player's letter may answer (:mod:`engine.parse_answer`).

When a name in a letter fits several players, the reply asks which one is meant («Не понял,
кого вы имеете в виду: «Кир» или «Кира»?») and applies nothing of that move. The player
answers in a reply to that reply (its In-Reply-To is the reply's Message-ID, RFC 5322
§3.6.4), or in a new letter the same day. :func:`asked_before` finds the letter whose reply
he answers: the one that reply went to, else his latest letter of the day before this one;
the letter's asked problems (a name that fits several players or nobody, stored with the
move's action, :func:`mailer.words.stored_problem`)
are what the answer may settle.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlmodel import Session, select

from engine.model import Problem, asked_problems

from .answers import answered_letter
from .letter_state import PLAYER_LETTER_STATES, LetterState
from .store import Letter, Outgoing, loads, to_db

__all__ = ["asked_before", "answer_note", "replies_to_question", "replies_to_whether", "as_asked", "unsettled_note"]

#: The ``ref`` prefix of a reply to a player's letter (:func:`mailer.answers.answered_letter`).
_REPLY_REF = "reply:"


def asked_before(s: Session, *, in_reply_to: str | None, nick: str, day: int, letter_id: int,
                 received: datetime) -> tuple[Letter | None, list[Problem]]:
    """The earlier letter of ``nick`` on ``day`` that a letter (row ``letter_id``, received at
    ``received``, aware UTC) may answer the reply of, and that letter's asked problems
    (:data:`engine.model.ASKED_KINDS`) with their action and candidates.

    The letter the game's reply ``in_reply_to`` (a Message-ID without brackets) answered,
    when it is ``nick``'s letter of ``day``; without such a reply, ``nick``'s latest letter of
    ``day`` received before this one. When that letter asked nothing and its reply stood for
    earlier letters (:mod:`mailer.reply_context`: it repeated their questions), the latest of
    those that asked something; when it asked nothing and made no move (an answer not
    understood), the latest earlier letter of ``day`` that asked, past letters of no move
    only. ``(None, [])`` when there is none.
    """
    letter = None
    if in_reply_to:
        ref = s.exec(select(Outgoing.ref).where(Outgoing.message_id == in_reply_to,
                                                Outgoing.kind == "reply")).first()
        if ref is not None and ref.startswith(_REPLY_REF):
            message_id, row = answered_letter(ref)
            q = select(Letter).where(Letter.nick == nick, Letter.day == day)
            q = q.where(Letter.id == row) if row is not None else \
                q.where(Letter.message_id == message_id)
            letter = s.exec(q.order_by(Letter.id.desc())).first()
    if letter is None:
        letter = s.exec(select(Letter).where(
            Letter.nick == nick, Letter.day == day, Letter.id != letter_id,
            Letter.received <= to_db(received),
            Letter.state.in_([st.value for st in PLAYER_LETTER_STATES]),
        ).order_by(Letter.received.desc(), Letter.id.desc())).first()
    if letter is None:
        return None, []
    asked = list(asked_problems(loads(letter.problems_json)))
    if not asked:  # its reply stood for earlier letters and repeated their questions
        from .reply_context import _folded_into

        for earlier in sorted(_folded_into(s, letter), key=lambda l: (l.received, l.id), reverse=True):
            asked = list(asked_problems(loads(earlier.problems_json)))
            if asked:
                return earlier, asked
    if not asked and letter.state == LetterState.NO_MOVES:
        # an answer not understood («Киру, конечно!» read as no move) stands between the
        # question and this answer: the question is still open (``status``: «Ждут ответа
        # игрока»), so the latest earlier letter of the day that asked, with only letters of
        # no move after it, is the one answered
        for earlier in s.exec(select(Letter).where(
                Letter.nick == nick, Letter.day == day, Letter.id != letter_id, Letter.id != letter.id,
                Letter.received <= letter.received,
                Letter.state.in_([st.value for st in PLAYER_LETTER_STATES]),
        ).order_by(Letter.received.desc(), Letter.id.desc())):
            found = list(asked_problems(loads(earlier.problems_json)))
            if found:
                return earlier, found
            if earlier.state != LetterState.NO_MOVES:
                break
    return letter, asked


def answer_note(letter: Letter, asked: list[Problem]) -> str:
    """The host's note on a letter read as an answer to the reply to ``letter``."""
    lines = "; ".join(f"«{p.text}»" for p in asked)
    return f"прочитано как ответ на вопрос к письму {letter.id} ({lines})"


#: Words of the game's question about a name, as a quote of it in the player's reply holds
#: them (:mod:`engine.grammar_rules`: «Не понял, кого вы имеете в виду», «Ни один ник …»).
#: and as a reply asks it again (:func:`engine.answer_reply.asked_again`: «Спрашиваю ещё раз: …»).
_QUESTION_WORDS = ("не понял, кого вы имеете в виду", "ни один ник из списка игроков не подходит к слову",
                   "спрашиваю ещё раз: кого вы имеете в виду")


def replies_to_question(s: Session, decoded, nick: str, day: int, asked: list[Problem]) -> bool:
    """True when the letter ``decoded`` (:class:`mailer.decode.DecodedLetter`) of ``nick``
    answers the game's reply that asked ``asked`` itself: its In-Reply-To or References name
    the game's reply to one of his letters of ``day`` (RFC 5322 §3.6.4; a reply to a letter
    of another day asked nothing of today), or its text quotes the question. Such a letter is
    read as an answer whatever else it says (:mod:`engine.answer_reply`)."""
    for message_id, row in _replied_to(s, decoded, nick):
        q = select(Letter.id).where(Letter.nick == nick, Letter.day == day)
        # (a reply queued again carries a «~mark» after the letter's Message-ID)
        q = q.where(Letter.id == row) if row is not None else \
            q.where(Letter.message_id.in_({message_id, message_id.rsplit("~", 1)[0]}))
        if s.exec(q).first() is not None:
            return True
    flat = _flat(decoded)
    return any(w in flat for w in _QUESTION_WORDS) and any(
        " ".join((p.message or p.text).split()).lower()[:40] in flat for p in asked)


def replies_to_whether(s: Session, decoded, nick: str, day: int, letter: Letter, whether: list[dict]) -> bool:
    """True when the letter ``decoded`` of ``nick`` answers the game's reply to his ``letter``
    of ``day`` that asked whether a sentence is a move (``whether``: those stored problems):
    its In-Reply-To or References name that reply, or its text quotes the question."""
    for message_id, row in _replied_to(s, decoded, nick):
        if row == letter.id or row is None and message_id.rsplit("~", 1)[0] == letter.message_id:
            return True
    flat = _flat(decoded)
    return any(" ".join(str(p.get("message", "")).split()).lower()[:60] in flat for p in whether)


def _replied_to(s: Session, decoded, nick: str) -> list[tuple[str, int | None]]:
    """The player's letters (Message-ID, letter id or None: :func:`mailer.answers.answered_letter`)
    whose game's replies to ``nick`` the letter ``decoded`` names in In-Reply-To or References
    (RFC 5322 §3.6.4)."""
    ids = [i for i in [decoded.in_reply_to, *decoded.references] if i]
    refs = s.exec(select(Outgoing.ref).where(Outgoing.message_id.in_(ids), Outgoing.kind == "reply",
                                             Outgoing.to_nick == nick)).all() if ids else []
    return [answered_letter(ref) for ref in refs if ref and ref.startswith(_REPLY_REF)]


def _flat(decoded) -> str:
    """The letter's whole text, quotes included, lower case, its «>» marks and line breaks
    as spaces: where a quoted question is looked for."""
    return " ".join((decoded.full_text or decoded.body).replace(">", " ").split()).lower()


def as_asked(asked, stored) -> list[Problem]:
    """The asked problems ``asked`` (:func:`engine.model.asked_problems` of ``stored``, the
    letter's stored problem dicts) with the message the reply asked them in, as stored."""
    said = {(p.get("text"), p.get("kind")): p.get("message") or "" for p in stored or []
            if isinstance(p, dict)}
    return [replace(p, message=said.get((p.text, p.kind)) or p.message) for p in asked]


def unsettled_note(letter: Letter | None, again: tuple[Problem, ...], answer: str) -> str:
    """The host's note on a reply to the question of the reply to ``letter`` that settled
    nothing: the question ``again`` is asked again."""
    lines = "; ".join(f"«{p.text}»" for p in again)
    where = f" к письму {letter.id}" if letter is not None else ""
    return f"ответ на вопрос{where} ({lines}) не понят: «{' '.join(answer.split())[:80]}» — вопрос задан снова"
