"""What ``mafia-mail status`` shows: the open day and, per player, what he sent today.

The host runs ``status`` often (before the deadline, to see who has not written), so it must
start fast: for a SQLite game :func:`read_status` reads the database with the standard
library's ``sqlite3``, read-only, without importing SQLAlchemy/sqlmodel (which take most of any
other command's start-up, see benchmarks/README.md). Any other database, or one that needs an
upgrade first, goes through :func:`mailer.reports.status` (SQLModel); both build the same
:class:`StatusReport` with :func:`player_rows`.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from engine.legality import HUNT_EXCLUDED_BY, move_targets, named_partner, night_role_moves, standing_moves
from engine.model import Move

from .letter_state import ATTENTION_STATES, PLAYER_LETTER_STATES, LetterState
from .out_state import OutState
from .questions import QUESTION_NOTE

__all__ = ["PlayerStatus", "StatusReport", "player_rows", "no_moves_of", "refused_of", "question_ids_of", "asked_of", "asked_twice_of", "read_status",
           "open_day_status", "thread_votes", "with_taught_read_only", "ATTENTION_STATES", "PARDON", "PARDON_WHY_RU", "pardon_why", "pardon_line"]



@dataclass
class PlayerStatus:
    nick: str
    alive: bool
    moves: list[str] = field(default_factory=list)
    voted: bool = False
    #: the players his standing letter vote names («Ярость», «Голос»: one or two), [] when
    #: his vote came from the host's import or the thread only
    vote_targets: list[str] = field(default_factory=list)
    letters: int = 0
    autokill_points: int = 0
    words: int | None = None  # thread words today (None: no thread read)
    lost_vote: bool = False  # stripped of his vote today («Парадокс», «Пальмы цветут»)
    dealt: str = ""  # the role dealt at init («clan1.boss»): the config's ``role`` may differ
    role: str = ""  # the role he plays now («psycho»): names his moves as his letters do
    moved_for: list[str] = field(default_factory=list)  # a boss: the members he moved for today
    #: the role moves he makes at night today (engine.legality.night_role_moves), sorted
    night: list[str] = field(default_factory=list)
    #: «Выбери меня!»: the partner his standing letter names («Пара: ник»), else None
    partner: str | None = None


@dataclass
class StatusReport:
    """The open (or last) day: ``deadline`` aware UTC; ``queued``/``uncertain``: outgoing
    letters in those states; ``attention``: letters in ATTENTION_STATES; ``no_moves``: the
    day's letters from players in which nothing was understood (questions to the host among
    them: the reply only said that no move was found); ``questions``: the day's letters with
    a question to the host (:mod:`mailer.questions`); both leave the count once the host marks
    the letter done."""

    name: str
    day: int
    event: str
    deadline: datetime | None
    finished: bool
    players: list[PlayerStatus]
    queued: int
    uncertain: int
    attention: int
    autokill_words: int = 66
    no_moves: int = 0
    #: the day's letters with no move accepted because a rule refused their moves (not yet
    #: marked done), per rule in the host's words (:func:`refused_of`)
    refused: dict[str, int] = field(default_factory=dict)
    #: players whose letter of the day asked which player they meant and who have not
    #: answered yet (:func:`asked_of`)
    asked: list[str] = field(default_factory=list)
    #: those of them with two questions or more open at once (:func:`asked_twice_of`)
    asked_twice: list[str] = field(default_factory=list)
    #: the day's cancelled autokill points, as lines (:func:`mailer.inputs.pardon_lines`)
    pardoned: list[str] = field(default_factory=list)
    #: the numbers of the day's letters with a question to the host not marked done, and of
    #: such letters of the days before (a closed day's question is still unanswered: ``inbox
    #: --questions`` lists it), in order (``write`` and ``inbox --done`` take them)
    question_ids: list[int] = field(default_factory=list)
    old_question_ids: list[int] = field(default_factory=list)
    #: who won a finished game (SCENARIOS.md ``winner``: civilians, clan1, clan2), else None
    winner: str | None = None
    #: the numbers of the ``attention`` letters (``inbox`` shows them by number)
    attention_ids: list[int] = field(default_factory=list)
    #: «Страх» after the deadline (DECISIONS.md §6): ``(chosen, choice)``, the player whose
    #: choice the day waits for (close-day asked him) and his choice once read (else None)
    fear: tuple[str, str | None] | None = None
    #: when the last closed day was closed (aware UTC; None before any): a clock earlier
    #: than it is not the game's (a rehearsal run without its ``MAFIA_MAIL_NOW``)
    last_closed: datetime | None = None
    #: when the last ``sync`` finished fetching (aware UTC; None before any): the table counts
    #: only the letters fetched by then (:func:`sync_age`)
    last_sync: datetime | None = None
    #: «Выбери меня!» (DECISIONS.md §6): the player the draw made immune for the day, else None
    immune: str | None = None

    @property
    def questions(self) -> int:
        """How many of the day's letters hold a question to the host not marked done."""
        return len(self.question_ids)

    @property
    def old_questions(self) -> int:
        """How many letters of the days before hold a question to the host not marked done."""
        return len(self.old_question_ids)

    def immune_line(self) -> str | None:
        """«Выбери меня!»: who is immune on the lynch today and the partner the immune player
        named in his standing letter (or that he has named none yet), as ``status`` and
        ``sync`` tell it; None on any other day."""
        if self.event != "choose_me" or not self.immune:
            return None
        mine = next((p for p in self.players if p.nick == self.immune), None)
        partner = mine.partner if mine is not None and mine.partner != self.immune else None
        return (f"«Выбери меня!»: иммунитет на линче — {self.immune} (по жребию)"
                + (f" и {partner} (пара); голоса за них не засчитываются" if partner else
                   "; пара ещё не названа (письмо игрока «Пара: ник»); голоса за игрока с "
                   "иммунитетом не засчитываются"))

    @property
    def stripped(self) -> list[str]:
        """Living players the host stripped of their vote today, in roster order."""
        return [p.nick for p in self.players if p.alive and p.lost_vote]

    @property
    def no_night(self) -> list[str]:
        """Living players whose night role move is missing today, in roster order: none sent,
        none left to the boss («на усмотрение босса») or made by the boss for them, no hunt
        sent in place of a role move it excludes (close-day resolves the night without it)."""
        covered = {member for p in self.players for member in p.moved_for}
        return [p.nick for p in self.players if p.alive and p.nick not in covered and _night_missing(p)]

    @property
    def moved(self) -> list[str]:
        """Living players with an accepted move or a vote today, in roster order."""
        return [p.nick for p in self.players if p.alive and (p.moves or p.voted)]

    def progress(self) -> str:
        """How many living players have moved today and who has not, as ``status``, ``sync``
        and ``demo`` tell it: «День 1: ход или голос принят у 22 из 24 живых игроков; ещё нет
        у 2: Гоша, Тортилла», who moved but has no vote yet (DECISIONS.md §6: an autokill
        point) and who sent something (a vote) but not the night move his role makes tonight
        (:attr:`no_night`) (players, not letters: a player may send several)."""
        alive = sum(1 for p in self.players if p.alive)
        of = f"{alive} живого игрока" if alive % 10 == 1 and alive % 100 != 11 else f"{alive} живых игроков"
        silent = self.silent
        unvoted = [p.nick for p in self.players
                   if p.alive and p.moves and not p.voted and not p.lost_vote]
        moved = self.moved
        nightless = [nick for nick in self.no_night if nick in moved]
        return (f"День {self.day}: ход или голос принят у {len(moved)} из {of}"
                + (f"; ещё нет у {len(silent)}: {', '.join(silent)}" if silent else "")
                + (f"; ходы есть, голоса ещё нет у {len(unvoted)}: {', '.join(unvoted)} (без голоса — "
                   "штрафное очко автокилла)" if unvoted else "")
                + (f"; голос или ход есть, ночного хода роли ещё нет у {len(nightless)}: "
                   f"{', '.join(nightless)}" if nightless else ""))

    @property
    def silent(self) -> list[str]:
        """Living players with no accepted move and no vote today (a letter that was refused or
        late counts for nothing), in roster order."""
        return [p.nick for p in self.players if p.alive and not p.moves and not p.voted]


def _night_missing(p: PlayerStatus) -> bool:
    """Whether living ``p`` owes a night role move today and has none standing: not one of
    ``p.night`` made, nothing left to the boss, no hunt in place of a move it excludes (the
    boss's move for him is the caller's to check)."""
    made = set(p.moves)
    return bool(p.night) and not made & set(p.night) and "delegate" not in made and \
        not ("hunt" in made and any(a in HUNT_EXCLUDED_BY for a in p.night))


def player_rows(state, letters, imported_votes: set[str],
                lost_votes: set[str] = frozenset(), turn=None) -> list[PlayerStatus]:
    """Per player of ``state`` (engine.state.GameState): alive, the kinds of moves his
    accepted letters of the day carry (votes apart), whether he voted (by letter or by a
    vote the host imported), how many letters, autokill points, whether the host stripped
    him of his vote today (``lost_votes``) and, given the day (``turn``: engine.model.TurnInfo),
    the night role moves he makes today. ``letters``: (nick, state, moves_json, handled,
    notes_json, problems_json[, cancel, skip[, unvote_json]]) of the day's letters in order; a
    letter that cancels or skips the moves withdraws the role moves of the letters before it,
    one that takes back a vote («Снимаю голос.») their vote."""
    players = []
    for nick, p in state.players.items():
        mine = [(moves, bool(rest[3] or rest[4]) if len(rest) > 4 else False,
                 tuple(json.loads(rest[5] or "[]")) if len(rest) > 5 else ())
                for n, st, moves, *rest in letters if n == nick and st in PLAYER_LETTER_STATES]
        # what stands is the legality module's word (a cancel withdraws the night moves before it)
        standing = standing_moves(
            ([Move.from_json(m) for m in json.loads(moves or "[]") or []], cancels, unvote)
            for moves, cancels, unvote in mine)
        actions = [m.action for m in standing]
        vote = next((m for m in reversed(standing) if m.action == "vote"), None)
        players.append(PlayerStatus(
            nick=nick, alive=p.alive, moves=sorted(set(a for a in actions if a != "vote")),
            voted="vote" in actions or nick in imported_votes, letters=len(mine),
            vote_targets=move_targets(vote) if vote else [],
            autokill_points=p.autokill_points, lost_vote=nick in lost_votes, dealt=p.dealt,
            role=p.role, moved_for=[m.member for m in standing if m.action == "on_behalf" and m.member],
            night=sorted(night_role_moves(state, turn, nick)) if turn is not None else [],
            partner=named_partner(standing)))
    return players


def thread_votes(players: list[PlayerStatus], state, info, posts_of) -> None:
    """Mark as voted the living players without a vote by letter or import whose standing
    vote in today's forum thread is one (FORUM.md: ``close-day`` counts it;
    :func:`mailer.forum.vote_read.thread_voters`). ``posts_of(nicks)``: ``(nick, text)`` of
    their posts of the day in thread order. Under «Тайна» nothing is marked."""
    want = {p.nick for p in players if p.alive and not p.voted and not p.lost_vote}
    if not want or info.event == "secret":
        return
    posts = posts_of(want)
    if not posts:
        return
    from .forum.vote_read import thread_voters

    voted = thread_voters(posts, state, info, want)
    for p in players:
        if p.nick in voted:
            p.voted = True


def apply_words(players: list[PlayerStatus], thread: dict[str, int] | None,
                imported: dict[str, int]) -> None:
    """Set each player's words of the day as close-day counts them: the host's imported count
    (``posts import``, ``imported``) wins over the thread's (``thread``: nick → words of the
    day's posts, None when no post of the day was read); a player with neither keeps None
    (no figure: close-day gives him no word point)."""
    for p in players:
        if p.nick in imported:
            p.words = imported[p.nick]
        elif thread is not None:
            p.words = thread.get(p.nick, 0)


def no_moves_of(letters) -> int:
    """How many of the day's letter rows (nick, state, moves_json, handled, notes_json,
    problems_json) understood nothing and are not yet marked dealt with by the host
    (``inbox --done``); a letter whose moves were understood and refused by a rule is
    counted by :func:`refused_of` instead."""
    answered = {int(m.group(1)) for row in letters for n in json.loads(row[4] or "[]") or []
                if isinstance(n, str) and (m := ANSWERED_NOTE.match(n))} if letters and len(letters[0]) > 9 else set()
    return sum(1 for row in letters if row[1] == LetterState.NO_MOVES and not row[3] and not _refused(row)
               and not _in_questions(row) and not (len(row) > 9 and row[9] in answered))


#: The host's note on a letter read as an answer that settled or closed the question of
#: letter N (:mod:`mailer.answered`: «прочитано как ответ на вопрос к письму N («…»)», «ответ
#: на вопрос к письму N («…»): не ход — вопрос закрыт»; not one asked again), with the
#: questions' lines in «» (``inbox``, ``words``: :mod:`mailer.settled`).
ANSWERED_NOTE = re.compile(r"^(?:прочитано как ответ|ответ) на вопрос к письму (\d+) \((.*)\)"
                           r"(?!.*вопрос задан снова)")


#: The host's notes on a letter read as an answer to the reply's question (settled or asked
#: again: :mod:`mailer.answered`).
_ANSWER_NOTES = ("прочитано как ответ на вопрос", "ответ на вопрос")


def _in_questions(row) -> bool:
    """Whether a letter row (as :func:`no_moves_of` takes them) of no move belongs to the
    reply's questions about a name, which ``status`` shows on their own line («Ждут ответа
    игрока») or which an answer settled: a letter whose every problem is such a question, or
    the player's answer to one (a reply that only answers it is no letter «без единого
    понятого хода»)."""
    from engine.model import asked_problems

    notes = json.loads(row[4] or "[]") or [] if len(row) > 4 else []
    if any(isinstance(n, str) and n.startswith(_ANSWER_NOTES) for n in notes):
        return True
    stored = [p for p in (json.loads(row[5] or "[]") or [] if len(row) > 5 else []) if isinstance(p, dict)]
    return bool(stored) and len(asked_problems(stored)) == len(stored)


def refused_of(letters) -> dict[str, int]:
    """The day's letter rows (as :func:`no_moves_of` takes them) with no move accepted because
    a rule refused the moves they asked for, not yet marked done: how many letters per rule
    (a letter under its first one), in the words ``inbox`` and ``explain`` use («цель уже
    выбыла из игры»). A letter is no longer counted once a later letter of the same player
    made the refused move (any move when the refusal names none): the player corrected it."""
    from .words import refusal_label

    out: dict[str, int] = {}
    for k, row in enumerate(letters):
        refused = _refused(row) if row[1] == LetterState.NO_MOVES and not row[3] else []
        if refused and not _settled_later(letters, k, {p.get("action") or "" for p in refused}):
            first = refusal_label(refused[0])
            out[first] = out.get(first, 0) + 1
    return out


def _settled_later(letters, k: int, actions: set[str]) -> bool:
    """Whether a later letter of row ``k``'s player (rows as :func:`no_moves_of` takes them)
    made one of ``actions`` (any move for an empty action: a row stored without it)."""
    later = {m.get("action") for r in letters[k + 1:] if r[0] == letters[k][0]
             for m in json.loads(r[2] or "[]") or []}
    return any(a in later if a else later for a in actions or {""})


def _refused(row) -> list[dict]:
    """A letter row's stored problems that are a rule's refusal (in order)."""
    from .words import refusal_label

    return [p for p in json.loads(row[5] or "[]") or [] if refusal_label(p)] if len(row) > 5 else []


def asked_of(letters) -> list[str]:
    """The players (in the order of their letters) whose letter of the day, among ``letters``
    (rows as :func:`no_moves_of` takes them), holds a name the reply asked about (one that fits
    several players, or a move's name that is nobody's) that no later letter of theirs settled: none made that move (any move, for a row stored
    without the asked move), and the host has not marked the letter done."""
    out: list[str] = []
    for k, row in enumerate(letters):
        if row[3] or not row[0] or row[0] in out:
            continue
        asked = {p.get("action") or "" for p in json.loads(row[5] or "[]") or []
                 if p.get("kind") == "ambiguous" or (p.get("kind") == "unknown_name" and p.get("action"))
                 } if len(row) > 5 else set()
        if asked and not _settled_later(letters, k, asked):
            out.append(row[0])
    return out


def asked_twice_of(letters) -> list[str]:
    """The players among :func:`asked_of`'s (in its order) with more than one question about
    a name open at once: one nick in the answer settles neither (which question it answers is
    not known), so ``status`` does not promise that it does; questions about one name (the
    same choices: «Лечу Кирку. Линч: Кирку») count as one, as one nick settles them all
    (:func:`engine.parse_answer.one_answer`)."""
    from engine.model import asked_problems

    open_: dict[str, set[tuple[str, str]]] = {}
    for k, row in enumerate(letters):
        if row[3] or not row[0] or len(row) <= 5:
            continue
        for p in asked_problems(json.loads(row[5] or "[]") or []):
            if p.kind in ("ambiguous", "unknown_name") and not _settled_later(letters, k, {p.action}):
                # questions about one name (the same choices) are settled by one nick alike
                open_.setdefault(row[0], set()).add(("", frozenset(p.candidates)) if p.kind == "ambiguous"
                                                    else (p.text, p.action))
    return [nick for nick in asked_of(letters) if len(open_.get(nick, ())) > 1]


def question_ids_of(letters) -> list[int]:
    """The letter numbers, in order, of the day's letter rows (as :func:`no_moves_of` takes
    them, with the letter's id as the tenth column) that hold a question to the host
    (:mod:`mailer.questions`) he has not marked done (``inbox --done``)."""
    return [row[9] for row in letters if not row[3] and QUESTION_NOTE in (row[4] or "")]


def _sqlite_path(url: str) -> Path | None:
    prefix = "sqlite:///"
    if not url.startswith(prefix) or "?" in url:
        return None
    path = Path(url[len(prefix):])
    return path if path.is_file() else None


def _utc(text: str | None) -> datetime | None:
    if not text:
        return None
    value = datetime.fromisoformat(text)
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


#: How long after the last ``sync`` ``remind`` and ``status`` say nothing of letters not fetched.
SYNC_FRESH = timedelta(minutes=10)


def sync_age(last_sync: datetime | None, now: datetime, zone) -> str | None:
    """When mail was last fetched, in the host's words («ни разу», «последний раз 06.12.2026
    14:05» in ``zone``), when ``last_sync`` (aware, or None: never) is more than
    :data:`SYNC_FRESH` before ``now`` (aware); None while it is fresh. ``remind`` and
    ``status`` warn with it: letters waiting in the mailbox are in neither."""
    if last_sync is not None and now - last_sync <= SYNC_FRESH:
        return None
    return "ни разу" if last_sync is None else f"последний раз {last_sync.astimezone(zone):%d.%m.%Y %H:%M}"


def read_status(cfg) -> StatusReport | None:
    """The status of ``cfg``'s game read straight from its SQLite file (read-only), or None
    when that is not possible: another database, no file or no game yet, a schema from an
    older version (the caller then uses :func:`mailer.reports.status`, which upgrades it and
    reports a missing game). Never writes."""
    from engine.state import GameState

    path = _sqlite_path(cfg.database_url)
    if path is None:
        return None
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    except sqlite3.Error:
        return None
    try:
        game = con.execute("SELECT name, current_day, finished, state_json, start, last_sync FROM game "
                           "WHERE id = 1").fetchone()
        if game is None:
            return None
        name, day, finished, state_json, start, last_sync = game
        row = con.execute("SELECT event, deadline, immune, mortar, fear_chosen, fear_choice FROM dayrow "
                          "WHERE day = ?", (day,)).fetchone()
        letters = con.execute("SELECT nick, state, moves_json, handled, notes_json, problems_json, cancel, "
                              "skip, unvote_json, id FROM letter "
                              "WHERE day = ? ORDER BY received, id", (day,)).fetchall()
        imported = {nick for (nick,) in con.execute(
            "SELECT nick FROM dayinput WHERE day = ? AND kind = 'vote'", (day,))}
        lost = {nick for (nick,) in con.execute(
            "SELECT nick FROM dayinput WHERE day = ? AND kind = 'lost_vote'", (day,))}
        pardoned = [pardon_line(day, nick, pardon_why(value))
                    for nick, value in con.execute("SELECT nick, value_json FROM dayinput WHERE day = ? AND kind = ? "
                                                   "ORDER BY id", (day, PARDON)) if nick]
        imported_words = {nick: json.loads(value) for nick, value in con.execute(
            "SELECT nick, value_json FROM dayinput WHERE day = ? AND kind = 'words'", (day,))}
        outgoing = dict(con.execute("SELECT state, count(*) FROM outgoing WHERE state IN (?, ?) "
                                    "GROUP BY state", (OutState.QUEUED.value, OutState.UNCERTAIN.value)).fetchall())
        marks = ", ".join("?" * len(ATTENTION_STATES))
        (last_closed,) = con.execute("SELECT max(closed_at) FROM dayrow WHERE status = 'closed'").fetchone()
        old_question_ids = [letter_id for (letter_id,) in con.execute(
            "SELECT id FROM letter WHERE day < ? AND NOT handled AND instr(coalesce(notes_json, ''), ?) > 0 "
            "ORDER BY id", (day, QUESTION_NOTE))]
        attention_ids = [letter_id for (letter_id,) in con.execute(
            f"SELECT id FROM letter WHERE state IN ({marks}) AND NOT handled ORDER BY id", ATTENTION_STATES)]
        from .forum.today import posts_today, words_today

        words = words_today(con, day, _utc(start))
        state = GameState.from_json(json.loads(state_json))
        info = None
        if row is not None:
            from engine.model import TurnInfo

            info = TurnInfo(day=day, event=row[0], immune=row[2], mortar=row[3], fear_chosen=row[4])
        players = player_rows(state, letters, imported, lost, info)
        if words and info is not None:  # today's thread votes count as close-day counts them
            thread_votes(players, state, info, lambda nicks: posts_today(con, day, _utc(start), nicks))
    except sqlite3.Error:
        return None
    finally:
        con.close()
    apply_words(players, words, imported_words)
    return StatusReport(
        name=name, day=day, event=row[0] if row else "none", deadline=_utc(row[1]) if row else None,
        finished=bool(finished), players=players, winner=state.winner,
        queued=outgoing.get(OutState.QUEUED, 0), uncertain=outgoing.get(OutState.UNCERTAIN, 0),
        attention=len(attention_ids), autokill_words=state.rules.autokill_words, no_moves=no_moves_of(letters),
        refused=refused_of(letters), question_ids=question_ids_of(letters), old_question_ids=old_question_ids,
        asked=asked_of(letters), asked_twice=asked_twice_of(letters), pardoned=pardoned,
        attention_ids=attention_ids, fear=fear_wait(*row[0:1], *row[4:6]) if row else None,
        last_closed=_utc(last_closed) if last_closed else None, last_sync=_utc(last_sync) if last_sync else None,
        immune=row[2] if row else None)


def fear_wait(event: str, chosen: str | None, choice: str | None) -> tuple[str, str | None] | None:
    """``(chosen, choice)`` when the day's event is «Страх» and close-day has asked ``chosen``
    for his choice (it sets the day's ``fear_chosen`` only then), else None."""
    return (chosen, choice) if event == "fear" and chosen else None


def open_day_status(cfg, store=None) -> StatusReport | None:
    """The :class:`StatusReport` of ``cfg``'s game when a day is open (None: no game yet, or
    the game is over): straight from a SQLite file, else through ``store``
    (:func:`mailer.reports.status`; None without a store)."""
    rep = read_status(cfg)
    if rep is None and store is not None:
        from .day.context import GameError
        from .reports import status

        try:
            rep = status(cfg, store)
        except GameError:
            return None
    return None if rep is None or rep.finished else rep


def with_taught_read_only(cfg):
    """``cfg`` (:class:`mailer.config.GameConfig`) whose ``words`` hold the words the host
    taught the game too (``mafia-mail words``, :mod:`mailer.taught_words`), and its ``aliases``
    the aliases of players he taught, read straight from
    its SQLite file, read-only, as :func:`read_status` reads (no SQLAlchemy); ``cfg`` itself
    for another database, no file or no such table. Never writes."""
    from dataclasses import replace

    from .config import merged_words

    path = _sqlite_path(cfg.database_url)
    if path is None:
        return cfg
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        try:
            rows = con.execute("SELECT action, word FROM taughtword ORDER BY id").fetchall()
            try:
                aliases = dict(con.execute("SELECT alias, nick FROM taughtalias ORDER BY id").fetchall())
            except sqlite3.Error:  # (a database of a version before the aliases)
                aliases = {}
        finally:
            con.close()
    except sqlite3.Error:
        return cfg
    more: dict[str, list[str]] = {}
    for action, word in rows:
        more.setdefault(action, []).append(word)
    if not more and not aliases:
        return cfg
    return replace(cfg, words=merged_words(cfg.words, more) if more else cfg.words,
                   aliases={**cfg.aliases, **aliases})


#: The day input (``DayInput.kind``) of a player whose autokill point of the day the host
#: cancelled: its value is who did it — ``"host"`` (``autokill-cancel``) or ``"revived"``
#: (``reopen-day`` brought the player back: he believed himself dead that day).
PARDON = "no_autokill"

#: How ``explain`` and ``status`` say a cancelled point, by the value of its input.
PARDON_WHY_RU = {"host": "ведущий снял (autokill-cancel)",
                 "revived": "игрок в этот день считался выбывшим по ошибке ведущего (reopen-day)"}


def pardon_why(value_json: str | None) -> str:
    """Why a cancelled point is cancelled, in the words of :data:`PARDON_WHY_RU`, from its
    stored :data:`PARDON` input's value (JSON; anything unknown reads as the host's)."""
    return PARDON_WHY_RU.get(json.loads(value_json or "null"), PARDON_WHY_RU["host"])


def pardon_line(day: int, nick: str, why: str) -> str:
    """One cancelled autokill point of ``day`` as ``explain`` and ``status`` say it."""
    return f"Очко автокилла за день {day} не начисляется: {nick} — {why}."
