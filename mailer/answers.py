"""The answers queued to a received letter: the reply restating its moves and problems, the
unknown-sender notice, and the notice that a letter counts for the next day; each withheld
when the loop breaker (:mod:`mailer.loop_breaker`) says its address had enough answers today.
Nothing is written here: the rows go to an :class:`Outcome` that the read/reply loop
(:mod:`mailer.reading`) writes with the letter's state in one transaction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from .config import GameConfig
from .letter_state import LetterState
from .loop_breaker import MAX_EMPTY_REPLIES_PER_DAY, EmptyAnswers
from .outbox import outgoing_row
from .own_letters import cut_own_letters
from .render import Renderer
from .store import utc

__all__ = ["Outcome", "Answers", "reply_subject"]


@dataclass
class Outcome:
    """What processing one letter decided: its Letter columns, the rows to queue
    (:func:`mailer.outbox.outgoing_row`), the reply body (for :class:`OwnLetters`) and the
    «Страх» answer it carries."""

    columns: dict
    queued: list[dict] = field(default_factory=list)
    reply_body: str | None = None
    fear_choice: str | None = None
    #: how ``sync`` counts the letter when not by its state: a letter that only takes back a
    #: vote is no letter with moves accepted (:data:`mailer.words.UNVOTED`, or «без ходов»
    #: when there was nothing to take back)
    reported: str | None = None
    #: the letter's questions to the host (:func:`mailer.questions.host_questions`), which the
    #: sync summary lists for the host
    questions: list[str] = field(default_factory=list)
    #: a letter that came after the host closed the day before early, on time for that day's
    #: deadline (it counts for the open day): ``(that day, its deadline)``, which ``sync``
    #: tells the host (``reopen-day`` counts it in that day)
    early_for: tuple | None = None



class Answers:
    """The answers of one sync: ``renderer`` writes them, ``now`` (aware) is their Date,
    ``empty`` the loop breaker's counts (replaced when a batch is rolled back)."""

    def __init__(self, cfg: GameConfig, renderer: Renderer, now: datetime, empty: EmptyAnswers,
                 key: str = "") -> None:
        self.cfg, self.renderer, self.now, self.empty = cfg, renderer, now, empty
        self.key = key  # the database's Game.key, part of the replies' Message-IDs

    def stranger(self, out: Outcome, decoded, received: datetime) -> None:
        """Queue the unknown-sender notice (once per address and local day), when the address
        can be answered at all."""
        if not _REPLYABLE.fullmatch(decoded.from_addr):
            return
        day = received.astimezone(self.cfg.zone).date().isoformat()
        out.queued.append(outgoing_row(
            self.cfg, ref=f"unknown:{decoded.from_addr}:{day}", kind="unknown_sender",
            to_addr=decoded.from_addr, subject=reply_subject(decoded.subject),
            body=self.renderer.unknown_sender(decoded.from_addr), now=self.now,
            in_reply_to=decoded.message_id, references=decoded.references,
            auto_submitted="auto-replied", key=self.key))

    def _loop_stops(self, from_addr: str, received: datetime, notes: list[str]) -> bool:
        """True (and a note for the host) when the loop breaker withholds an answer to a letter
        that accepted nothing: the address had MAX_EMPTY_REPLIES_PER_DAY such answers that day."""
        if not self.empty.exhausted(from_addr, received):
            return False
        notes.append(f"ответа нет: с этого адреса уже {MAX_EMPTY_REPLIES_PER_DAY} письма без "
                     "принятых ходов за день (защита от переписки с автоответчиком)")
        return True

    def game_over(self, out: Outcome, r, decoded, notes: list[str], earlier, winner: str | None,
                  last_deadline: tuple[datetime, datetime | None] | None = None) -> None:
        """Tell a player whose letter came after the game ended that no moves are taken any
        more, and how the game ended (``winner``); ``last_deadline``: the deadline and the close
        of the game's last day (aware), see :meth:`mailer.render.Renderer.game_over`. Once per
        letter; the loop breaker applies."""
        cols = out.columns
        if self._loop_stops(cols["from_addr"], r.received, notes):
            return
        body = self.renderer.game_over(nick=cols["nick"], received=utc(r.received), winner=winner,
                                       last_deadline=last_deadline)
        out.queued.append(outgoing_row(
            self.cfg, ref=_ref("reply", cols["message_id"], r.id, earlier), kind="reply",
            to_addr=decoded.from_addr, to_nick=cols["nick"], subject=reply_subject(decoded.subject),
            body=body, now=self.now, in_reply_to=decoded.message_id, references=decoded.references,
            auto_submitted="auto-replied", key=self.key))
        out.reply_body = body

    def next_day(self, out: Outcome, r, decoded, row, notes: list[str], earlier) -> None:
        """Tell the sender at once that his letter came after ``row``'s deadline and counts
        for the next day (its moves are answered after the day's results). One notice per
        letter (ref ``next_day:<Message-ID>``, as :meth:`reply`'s); the loop breaker applies."""
        cols = out.columns
        if self._loop_stops(cols["from_addr"], r.received, notes):
            return
        body = self.renderer.next_day(nick=cols["nick"], row=row, received=utc(r.received))
        out.queued.append(outgoing_row(
            self.cfg, ref=_ref(_NEXT_DAY, cols["message_id"], r.id, earlier), kind="reply",
            to_addr=decoded.from_addr, to_nick=cols["nick"], subject=reply_subject(decoded.subject),
            body=body, now=self.now, day=row.day + 1, in_reply_to=decoded.message_id,
            references=decoded.references, auto_submitted="auto-replied", key=self.key))
        out.reply_body = body

    def reply(self, *, s, out, r, decoded, ctx, moves, problems, state, notes, earlier,
              late_deadline=None, late_row=None, came_after=None, moved=False, closed_early=None, standing=(),
              questions=(), replaced=(), clan_idle=(), folded=(), quoted=(), head=None, overruled=(),
              empty_body=None, unvote=False, withdrawn=(), unvote_none=(), quote_skipped=None, carried=(),
              timing=(), subject_moves=False) -> None:
        """Queue the answer to the letter (once per Message-ID), unless it accepted nothing
        and its sender already had MAX_EMPTY_REPLIES_PER_DAY such answers that day (loop
        breaker). ``standing``: moves of the sender's earlier letters of the day that still
        stand after this one (the reply lists them), ``replaced``: those it replaces (listed
        too, so a player who sent two letters knows which move counts); ``questions``: the
        letter's questions to the host (:func:`mailer.questions.host_questions`), which the
        reply says the host answers himself (a sentence of them the parser could not read is not listed again; one
        the parser already answered as a question, reason ``question``, is not repeated). A
        letter read on time (moves accepted or none) that leaves its sender without a lynch
        vote he owes (:func:`_vote_missing`) is told so, with the autokill point it costs, and
        one without his night role move (:func:`_night_missing`) likewise; ``clan_idle`` and
        ``folded``: see :meth:`mailer.render.Renderer.reply`; ``quoted``: the moves of a letter
        without one of its own that stand only in what it quotes (:func:`moves_in_quote`);
        ``head``: who moves for a clan member (:func:`mailer.reply_context.clan_head`), so
        that his night line says what really stands for him; ``subject_moves``: the letter's
        text holds no move and its subject does (told with ``empty_body``, the subject, as an
        empty letter is); ``empty_body``: the letter's
        subject when it has no text of its own (:meth:`mailer.render.Renderer.reply`);
        ``unvote``: the letter takes back a vote and gives none, ``withdrawn``: the votes of
        the sender's earlier letters it took back, ``unvote_none``: the players it takes a vote
        from that none of his earlier letters of the day voted for (told there was nothing to
        take back, also beside a new vote); ``quote_skipped``: the head of a quote
        without «>» the letter's text was cut at, and whether the player's text under it was
        kept (:meth:`mailer.render.Renderer.reply`); ``carried``: what the replies this one
        stands for said beyond the moves (:func:`mailer.reply_context.still_carried`);
        ``closed_early``: the day before, closed early before this letter came on time for it
        (:meth:`mailer.render.Renderer.reply`); ``overruled``: the boss's orders of the letter
        a member's own move voids (:func:`mailer.reply_context.overruled_orders`); ``timing``:
        the letter's questions whether it came in time (:func:`mailer.questions.for_host`),
        answered in the reply with when it came."""
        cols = out.columns
        if state != LetterState.APPLIED and self._loop_stops(cols["from_addr"], r.received, notes):
            return
        if questions:  # a sentence is told once: as the parser's question, or as a question
            told = [p.text for p in problems if p.reason == "question" and p.text]
            questions = [q for q in questions if not any(t in q for t in told)]
            problems = [p for p in problems if not (
                p.kind == "unparsed" and p.reason != "question" and p.text
                and any(p.text in q for q in questions))]
        # what stands after it is told, a refused move's too; not in the awaited «Страх» choice:
        # the host closes the day as soon as it comes, so «до срока» would promise time there is not
        read = state in _READ_ON_TIME and out.fear_choice is None
        no_vote = read and _vote_missing(s, ctx, cols["nick"], [*moves, *standing], problems)
        lost = ctx.row.event if read and ctx is not None and any(m.action == "vote" for m in moves) \
            and _vote_lost(s, ctx, cols["nick"]) else None
        no_night = _night_missing(ctx, cols["nick"], [*moves, *standing], problems, head) \
            if read and not (cols["skip"] or cols["cancel"]) else None
        body = self.renderer.reply(nick=cols["nick"], moves=moves, problems=problems, questions=list(questions),
                                   state=ctx.state, day_row=ctx.row, late_deadline=late_deadline,
                                   late_row=late_row, came_after=came_after, moved=moved,
                                   closed_early=closed_early, status=state, skip=cols["skip"], cancel=cols["cancel"],
                                   now=self.now, standing=list(standing), replaced=list(replaced),
                                   no_vote=no_vote, no_night=no_night, clan_idle=clan_idle,
                                   folded=folded, quoted=list(quoted), empty_body=empty_body,
                                   subject_moves=subject_moves,
                                   unvote=unvote, withdrawn=list(withdrawn), unvote_none=list(unvote_none), quote_skipped=quote_skipped,
                                   carried=list(carried), lost_vote=lost, overruled=list(overruled),
                                   timing=list(timing), received=utc(r.received),
                                   boss_kill=_boss_kill_over(head, cols["nick"], moves))
        out.queued.append(outgoing_row(
            self.cfg, ref=_ref("reply", cols["message_id"], r.id, earlier), kind="reply", to_addr=decoded.from_addr, to_nick=cols["nick"],
            subject=reply_subject(decoded.subject), body=body, now=self.now, day=cols["day"],
            in_reply_to=decoded.message_id, references=decoded.references,
            auto_submitted="auto-replied", key=self.key))
        out.reply_body = body



def moves_in_quote(full_text: str, nick: str, ctx, own_bodies, standing=()) -> list:
    """The moves of ``nick`` in what his letter quotes (:func:`mailer.quotes.quoted_text` of
    its ``full_text``: a «+1» under a vote pasted from another letter), read as if he had
    written them, less copies of the game's own letters to him (``own_bodies``, a quoted
    reply) and less moves already ``standing`` for him: the reply to a letter without a move
    of his own says that a move in a quote does not count (DECISIONS.md §8: a letter's moves
    are its sender's own) and asks for it in his own words. [] when nothing quoted holds one."""
    from engine.parse import parse_letter

    from .quotes import quoted_text

    quoted = quoted_text(full_text)
    if ctx is None or not quoted:
        return []
    quoted = cut_own_letters(quoted, own_bodies)[0]
    if not quoted:
        return []
    return [m for m in parse_letter(quoted, nick, ctx.state, ctx.info).moves if m not in standing]


#: A letter read for its day on time, with moves accepted or none: its reply tells what the
#: sender still lacks for the day (a vote, a night move).
_READ_ON_TIME = (LetterState.APPLIED, LetterState.NO_MOVES)


def _vote_missing(s, ctx, nick: str, moves, problems) -> bool:
    """True when ``nick``'s moves standing after his letter (``moves``: the letter's and the
    earlier letters' still in force) hold no lynch vote, the host imported none for him today,
    his posts in the day's forum thread stand as none, and the rules want one of him (:func:`engine.legality.owes_vote`: alive, not stripped of
    his vote), so the day would cost him an autokill point (DECISIONS.md §6–7). False when the
    letter's abstention («Линч: никого») already told him so."""
    from engine.legality import owes_vote

    if ctx is None or any(m.action == "vote" for m in moves) or any(p.reason == "abstain" for p in problems):
        return False
    kinds = _inputs_of(s, ctx, nick)
    if "vote" in kinds:
        return False
    if not owes_vote(ctx.state, ctx.info, nick, {nick} if "lost_vote" in kinds else ()):
        return False
    return not _voted_in_thread(s, ctx, nick)


def _vote_lost(s, ctx, nick: str) -> bool:
    """Whether the host stripped ``nick`` of his vote for the day (``lost-vote``: «Парадокс»,
    «Пальмы цветут»): a vote in his letter is then no vote, and his reply says so."""
    return "lost_vote" in _inputs_of(s, ctx, nick)


def _inputs_of(s, ctx, nick: str) -> set[str]:
    """The kinds of the host's inputs for ``nick`` on the day (``vote``, ``words``,
    ``lost_vote``: :class:`mailer.store.DayInput`)."""
    from sqlmodel import select

    from .store import DayInput

    return set(s.exec(select(DayInput.kind).where(DayInput.day == ctx.day, DayInput.nick == nick)))


def _voted_in_thread(s, ctx, nick: str) -> bool:
    """Whether ``nick``'s standing vote in the day's forum thread is a vote (FORUM.md:
    close-day counts it; :func:`mailer.forum.vote_read.thread_voters`)."""
    from .forum.today import thread_voters_sql
    from .store import Game

    game = s.get(Game, 1)
    return game is not None and nick in thread_voters_sql(s, ctx, {nick}, utc(game.start))


def _boss_kill_over(head: dict | None, nick: str, moves) -> dict | None:
    """``{"boss": nick, "kill": Move}`` when the letter of clan member ``nick`` (not the boss)
    orders a clan kill while his boss's own kill order stands (``head``:
    :func:`mailer.reply_context.clan_head`): the reply says the boss's order is the one used
    (DECISIONS.md §4 Clan kill: the senior role's order), so «Принято» promises no more than
    close-day does. None otherwise."""
    if not head or not head.get("kill") or head.get("boss") in (None, nick) or \
            not any(m.action == "clan_kill" for m in moves):
        return None
    return {"boss": head["boss"], "kill": head["kill"]}


def _night_missing(ctx, nick: str, moves, problems, head: dict | None = None) -> dict | None:
    """What the reply says of ``nick``'s night move when his moves standing after the letter
    (``moves``: the letter's and the earlier letters' still in force) hold none of the role
    moves he makes tonight (:func:`engine.legality.night_role_moves`), nor a move standing for
    them (the move left to the boss; a hunt where it excludes the role move): ``None``
    when nothing is missing, else ``{"actions": [action ids], "refused": bool, "role": str,
    "clan": bool, "head": dict | None}`` — ``refused`` when the letter's problems name one
    of those moves (it was written and not accepted), ``clan`` for a clan member other than
    the boss, ``head`` then (:func:`mailer.reply_context.clan_head`, None: not known) the
    clan's living boss, who may move for him, and the move he already sent for him.
    A player who lets his night pass unsaid learns it before the deadline, not in the
    night's results (DECISIONS.md §4 Boss (c), §8)."""
    from engine.legality import HUNT_EXCLUDED_BY, night_role_moves

    if ctx is None:
        return None
    owed = night_role_moves(ctx.state, ctx.info, nick)
    if not owed:
        return None
    made = {m.action for m in moves}
    if made & owed or "delegate" in made:
        return None
    if "hunt" in made and any(a in HUNT_EXCLUDED_BY for a in owed):
        return None
    p = ctx.state.players[nick]
    clan = p.is_mafia and p.role != "boss"
    return {"actions": sorted(owed), "role": p.role, "clan": clan,
            "refused": any(pr.action in owed for pr in problems), "head": head if clan else None}


#: An address a reply may go to: one "@", a dot in the domain, no spaces or control characters.
_REPLYABLE = re.compile(r"[^@\s\x00-\x1f\x7f]+@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f]+")


_NEXT_DAY = "next_day"
#: The ref prefix of a «counts for the next day» notice: ``next_day:<Message-ID>[#<id>]``.
NEXT_DAY_REF = _NEXT_DAY + ":"


def next_day_message_id(ref: str) -> str:
    """The Message-ID of the letter a next-day notice with ``ref`` answers."""
    return answered_letter(ref)[0]


def answered_letter(ref: str) -> tuple[str, int | None]:
    """The letter an answer with ``ref`` (``<kind>:<Message-ID>[#<letter id>]``, as
    :func:`_ref` makes it) answers: its Message-ID and, when the ref names it, its row id."""
    message_id, _, row = ref.partition(":")[2].partition("#")
    return message_id, int(row) if row.isdigit() else None


def next_day_told(told: frozenset[str], message_id: str, letter_id: int) -> bool:
    """Whether ``told`` (from :func:`told_next_day`) holds the notice to this letter (its ref
    as :func:`_ref` makes it, with or without the letter id)."""
    return bool({f"{NEXT_DAY_REF}{message_id}", f"{NEXT_DAY_REF}{message_id}#{letter_id}"} & told)


def told_next_day(s) -> frozenset[str]:
    """The refs of the «counts for the next day» notices already sent or perhaps sent (see
    :meth:`Answers.next_day`); a letter's is ``next_day:<Message-ID>`` or ``…#<letter id>``."""
    from sqlmodel import select

    from .out_state import MAYBE_SENT
    from .store import Outgoing

    return frozenset(s.exec(select(Outgoing.ref).where(Outgoing.ref.startswith(NEXT_DAY_REF),
                                                       Outgoing.state.in_(MAYBE_SENT))))


def _ref(kind: str, message_id: str, letter_id: int, earlier) -> str:
    """The ``ref`` of an answer to a letter: once per Message-ID; a different letter under a
    reused Message-ID (one of ``earlier`` came before it) gets its own answer."""
    ref = f"{kind}:{message_id}"
    return ref + f"#{letter_id}" if any(e.id < letter_id for e in earlier) else ref


def reply_subject(subject: str) -> str:
    """The subject of an answer: «Re: » and the letter's subject («Ход» when it has none)."""
    subject = subject.strip() or "Ход"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def drop_superseded_notices(s) -> int:
    """Take off the queue (:func:`mailer.outbox.drop_unsent`, kept as «снято с очереди» with
    why) every unsent «counts for the next day» notice (:meth:`Answers.next_day`) whose letter
    has been read since, when its player has a newer reply about the same day (queued after
    the notice, not taken off): that reply says what the notice promised for later — the
    letter counts for the next day, and what was accepted from it — so the notice, going out
    with it, would tell him his moves were still to be read. Returns how many."""
    from sqlmodel import select

    from .letter_state import LetterState
    from .out_state import UNSENT, OutState
    from .outbox import drop_unsent
    from .store import Letter, Outgoing

    dropped = 0
    for notice in list(s.exec(select(Outgoing).where(Outgoing.ref.startswith(NEXT_DAY_REF),
                                                     Outgoing.state.in_(UNSENT)).order_by(Outgoing.id))):
        message_id, row = answered_letter(notice.ref)
        letter = s.get(Letter, row) if row is not None else s.exec(
            select(Letter).where(Letter.message_id == message_id).order_by(Letter.id)).first()
        if letter is None or letter.state == LetterState.PENDING:
            continue  # not read yet: the notice is all the player has
        newer = s.exec(select(Outgoing.id).where(
            Outgoing.kind == "reply", Outgoing.to_nick == notice.to_nick, Outgoing.day == notice.day,
            Outgoing.id > notice.id, Outgoing.state != OutState.DROPPED.value,
            ~Outgoing.ref.startswith(NEXT_DAY_REF)).order_by(Outgoing.id.desc())).first()
        if newer is not None:
            drop_unsent(s, notice, f"его заменил ответ {newer} о дне {notice.day}: письмо прочитано, "
                                   "там сказано, что из него принято")
            dropped += 1
    return dropped
