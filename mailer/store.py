"""Storage of one game: SQLModel tables (SQLite file by default, any SQLAlchemy URL).

Every raw letter is stored before anything else is done with it; every outgoing letter is a
row with a deterministic Message-ID and the states ``queued → sending → sent`` (or
``uncertain`` when a crash left its fate unknown, ``failed`` on a permanent refusal). Times
are aware UTC datetimes (SQLModel's UTC column type stores and returns them so; :func:`utc`
normalises any value read back).
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, Iterator

from sqlalchemy import Column, Index, LargeBinary, UniqueConstraint, event, false, text
from sqlalchemy.types import TypeDecorator
from sqlmodel import AutoString, Field, Session, SQLModel, create_engine, select

from .letter_state import LetterState
from .out_state import OutState

UTC = timezone.utc


def utc(value: datetime | None) -> datetime | None:
    """A stored or aware datetime as aware UTC (a naive value is taken as UTC)."""
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def to_db(value: datetime | None) -> datetime | None:
    """An aware datetime as aware UTC for storage.

    Raises:
        ValueError: ``value`` is naive.
    """
    if value is None:
        return None
    if value.tzinfo is None:
        raise ValueError("naive datetime given where an aware one is required")
    return value.astimezone(UTC)


class Game(SQLModel, table=True):
    """One row: the game and its current state (engine.state.GameState as JSON)."""

    id: int | None = Field(default=1, primary_key=True)
    name: str
    seed: int
    timezone: str
    start: datetime
    roles_json: str  # {nick: role string} as dealt
    state_json: str  # current GameState
    current_day: int = 1
    finished: bool = False
    last_sync: datetime | None = None  # when the last sync finished fetching
    #: Random per database, part of the game's Message-IDs: a rehearsal and the real game with
    #: the same config never send two letters under one Message-ID ("" in databases made
    #: before it existed: their ids stay as they were).
    key: str = ""


class Cursor(SQLModel, table=True):
    """Where fetching stopped in one mailbox folder (IMAP UIDVALIDITY + last UID)."""

    source: str = Field(primary_key=True)
    uidvalidity: int = 0
    last_uid: int = 0


class Letter(SQLModel, table=True):
    """One received message, raw bytes kept, with what was understood from it.

    ``state``: a :class:`mailer.letter_state.LetterState` value (stored as its plain string).
    """

    __table_args__ = (UniqueConstraint("source", "key"),)
    id: int | None = Field(default=None, primary_key=True)
    source: str
    key: str
    message_id: str = Field(index=True)
    raw: bytes | None = Field(default=None, sa_column=Column(LargeBinary))
    size: int = 0
    received: datetime = Field(index=True)
    state: str = Field(default=LetterState.PENDING.value, index=True)
    from_addr: str = Field(default="", index=True)
    nick: str | None = Field(default=None, index=True)
    subject: str = ""
    body: str = ""
    day: int | None = Field(default=None, index=True)
    moves_json: str = "[]"
    problems_json: str = "[]"
    skip: bool = False
    cancel: bool = False
    #: the votes of the sender's earlier letters of the day this one takes back, giving none
    #: (engine.model.ParseResult.unvote: ``["*"]`` the whole vote, else the players named)
    unvote_json: str = Field(default="[]", sa_column_kwargs={"server_default": "[]"})
    notes_json: str = "[]"
    duplicate_of: int | None = None
    #: the asked problems (:data:`engine.model.ASKED_KINDS`, stored as ``problems_json``) of
    #: the earlier letter this one was read as answering (:mod:`mailer.answered`): close-day
    #: and ``export`` read it again the same way
    asked_json: str = Field(default="[]", sa_column_kwargs={"server_default": "[]"})
    #: SHA-256 of the sender's address and own text (:func:`mailer.screens.text_hash`): the
    #: duplicate screen compares it instead of decoding the earlier letter again (None: a
    #: row of an older version, or a letter too large to download)
    text_hash: str | None = None
    #: the host dealt with it (``inbox --done``): off the attention list
    handled: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class DayRow(SQLModel, table=True):
    """One game day: its event and draws, deadline, and after closing the result."""

    day: int = Field(primary_key=True)
    event: str = "none"
    deadline: datetime
    status: str = "open"  # open | closed
    revision: int = 0  # how many times the day was reopened (result letters are per revision)
    immune: str | None = None
    partner: str | None = None
    mortar: str | None = None
    fear_chosen: str | None = None  # «Страх»: the most-voted player, asked by letter
    fear_choice: str | None = None
    draws_json: str = "[]"
    state_before_json: str | None = None
    result_json: str | None = None
    explain: str | None = None
    newspaper: str | None = None
    newspaper_bbcode: str | None = None
    paper_json: str | None = None  # the newspaper's context (mailer.render.Renderer.newspaper)
    closed_at: datetime | None = None  # its first close
    #: its latest close (``reopen-day``, then ``close-day`` again; None in databases made before
    #: it existed: ``closed_at``): letters received and thread posts written before it, on
    #: time, are the day's (:func:`mailer.stamp.letters_closed_at`,
    #: :func:`mailer.forum.today.posts_closed_at`)
    last_closed_at: datetime | None = None
    #: the lynch votes and autokill word counts close-day resolved the day with ({"votes",
    #: "words"}): a closed day's figures stay these, whatever the thread later shows
    figures_json: str | None = None


class DayInput(SQLModel, table=True):
    """Host-supplied inputs of a day: imported votes, word counts, lost votes."""

    id: int | None = Field(default=None, primary_key=True)
    day: int = Field(index=True)
    kind: str  # vote | words | lost_vote
    nick: str
    value_json: str = "null"
    at: datetime | None = None


class Outgoing(SQLModel, table=True):
    """One outgoing letter. ``ref`` makes queuing idempotent (``"reply:17"``, ``"result:3:Бука"``)."""

    # the latest letters to one address, whatever the case of its spelling (mailer.own_letters.OwnLetters);
    # on SQLite the id of a deleted row (a reply taken off by ``reread``, a notice of a moved
    # deadline) is never given again: a letter number the host saw names one letter only
    __table_args__ = (Index("ix_outgoing_to_addr_lower", text("lower(to_addr)")),
                      {"sqlite_autoincrement": True})

    id: int | None = Field(default=None, primary_key=True)
    ref: str = Field(unique=True)
    message_id: str = Field(unique=True)
    kind: str  # role | reply | unknown_sender | result | newspaper | reminder | activation
    day: int | None = None
    to_addr: str
    to_nick: str | None = None
    subject: str
    body: str
    headers_json: str = "{}"
    state: str = OutState.QUEUED.value  # mailer.out_state.OutState
    error: str | None = None
    created: datetime
    sent_at: datetime | None = None


class NulFreeText(TypeDecorator):
    """Every text column of the game: any Python ``str`` can be stored on every database.

    PostgreSQL's text types cannot hold NUL (U+0000), SQLite's can; a NUL that reaches a
    column (a hostile header, a pasted file) is stored as U+FFFD (the replacement character)
    on both, so the same letters give the same rows and PostgreSQL never refuses a batch.
    """

    impl = AutoString
    cache_ok = True

    def process_bind_param(self, value: Any, dialect) -> Any:
        if isinstance(value, str) and "\x00" in value:
            return value.replace("\x00", "\ufffd")
        return value


def _nul_free_text_columns() -> None:
    """Give every plain text column of the metadata (the game's and the forum's tables) the
    :class:`NulFreeText` type."""
    for table in SQLModel.metadata.tables.values():
        for column in table.columns:
            if type(column.type) is AutoString:
                column.type = NulFreeText(length=column.type.length)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def loads(text: str | None) -> Any:
    return json.loads(text) if text else None


def engine_url(url: str) -> str:
    """The SQLAlchemy URL to open for the config's ``database`` URL.

    A PostgreSQL URL without a driver (``postgresql://…``, or ``postgres://…`` as many hosting
    panels print it) uses psycopg 3 (``postgresql+psycopg://…``), the driver mafia-mail
    installs; any other URL is returned unchanged.
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url) if "://" in url else None
    if parsed is not None and parsed.drivername in ("postgresql", "postgres"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    return url


class DatabaseUnavailable(Exception):
    """The game's database cannot be opened (Russian message naming the URL without its
    password, the driver's reason and what to check)."""


def shown_url(url: str) -> str:
    """The database URL as the host may see it: without its password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - a URL SQLAlchemy cannot even read
        return url.split("@")[-1]


def _unavailable(url: str, exc: BaseException) -> DatabaseUnavailable:
    shown = shown_url(url)
    reason = getattr(exc, "orig", None) or exc
    first = (str(reason).strip().splitlines() or [type(reason).__name__])[0]
    hint = ("проверьте адрес database в конфиге, что сервер PostgreSQL запущен и база создана "
            "(createdb); пароль — в переменной PGPASSWORD или в ~/.pgpass"
            if url.startswith("postgres") else "проверьте путь database в конфиге"
            if url.startswith("sqlite") else
            "database — это путь к файлу SQLite или адрес postgresql://…")
    return DatabaseUnavailable(f"база игры {shown} недоступна: {first}; {hint}")


class Store:
    """A handle on one game database. ``Store(url)`` creates the tables when missing.

    ``url``: a SQLAlchemy URL: ``sqlite:///path`` (the default, WAL journal) or
    ``postgresql://user@host/db`` (psycopg 3, see :func:`engine_url`); the database itself
    must exist, the tables are made here.

    Raises:
        DatabaseUnavailable: the database cannot be opened (no server, no such database,
            refused login, a driver that is not installed, a folder that does not exist).
    """

    def __init__(self, url: str):
        from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

        given, url = url, engine_url(url)
        sqlite = url.startswith("sqlite")
        connect_args = {"timeout": 30} if sqlite else {}
        try:
            self.engine = create_engine(url, connect_args=connect_args)
        except (ArgumentError, NoSuchModuleError, ImportError) as exc:
            raise _unavailable(given, exc) from exc
        if sqlite:
            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn, _record):  # pragma: no cover - trivial
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.close()
        from .forum import db as _forum_tables  # noqa: F401  (the forum thread's tables)
        from . import taught_words as _taught_table  # noqa: F401  (the host's taught words)

        _nul_free_text_columns()
        try:
            SQLModel.metadata.create_all(self.engine)
            self._add_missing_columns()
            if sqlite:
                self._autoincrement_ids()
        except DBAPIError as exc:
            self.engine.dispose()
            raise _unavailable(given, exc) from exc

    def _add_missing_columns(self) -> None:
        """Bring a database made by an earlier version up to date: every column the models
        have and the table lacks is added (nullable, or with its scalar default written as
        the database's own literal: ``DEFAULT false`` on PostgreSQL, ``DEFAULT 0`` on SQLite)."""
        from sqlalchemy import inspect
        from sqlalchemy.schema import CreateIndex

        inspector = inspect(self.engine)
        dialect = self.engine.dialect
        with self.engine.begin() as conn:
            for table in SQLModel.metadata.sorted_tables:
                have = {c["name"] for c in inspector.get_columns(table.name)}
                for column in table.columns:
                    if column.name in have:
                        continue
                    kind = column.type.compile(dialect=dialect)
                    default = column.default.arg if column.default is not None and column.default.is_scalar else None
                    clause = ""
                    if isinstance(default, (bool, int, str)):
                        literal = column.type.literal_processor(dialect)
                        clause = f" DEFAULT {literal(default) if literal else repr(default)}"
                    conn.execute(text(f'ALTER TABLE "{table.name}" ADD COLUMN "{column.name}" {kind}{clause}'))
                for index in table.indexes:  # IF NOT EXISTS: expression indexes are not reflected
                    conn.execute(CreateIndex(index, if_not_exists=True))

    def _autoincrement_ids(self) -> None:
        """Bring a SQLite table made by an earlier version without AUTOINCREMENT (the ids of
        deleted rows came back) up to date where the model now wants it (``Outgoing``): the
        rows, ids kept, move into a new table made as the model says, which then takes the
        old one's place (SQLite never gives an id at most the largest kept again). A copy left
        by a run that stopped half-way is dropped first; the old table goes only in the same
        transaction as the copy's rows. Nothing to do on PostgreSQL (sequences never go back)."""
        from sqlalchemy import MetaData
        from sqlalchemy.schema import CreateIndex, CreateTable

        with self.engine.begin() as conn:
            for table in SQLModel.metadata.sorted_tables:
                if not table.dialect_options["sqlite"].get("autoincrement"):
                    continue
                made = conn.execute(text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = :n"),
                                    {"n": table.name}).scalar()
                if made is None or "AUTOINCREMENT" in made.upper():
                    continue
                new = f"{table.name}_autoincrement"
                conn.execute(text(f'DROP TABLE IF EXISTS "{new}"'))
                conn.execute(CreateTable(table.to_metadata(MetaData(), name=new)))
                names = ", ".join(f'"{c.name}"' for c in table.columns)
                conn.execute(text(f'INSERT INTO "{new}" ({names}) SELECT {names} FROM "{table.name}"'))
                conn.execute(text(f'DROP TABLE "{table.name}"'))
                conn.execute(text(f'ALTER TABLE "{new}" RENAME TO "{table.name}"'))
                for index in table.indexes:
                    conn.execute(CreateIndex(index, if_not_exists=True))

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session in one transaction: committed on success, rolled back on error."""
        with Session(self.engine, expire_on_commit=False) as s:
            try:
                yield s
                s.commit()
            except BaseException:
                s.rollback()
                raise

    def game(self, s: Session) -> Game | None:
        return s.get(Game, 1)

    def day(self, s: Session, day: int) -> DayRow | None:
        return s.get(DayRow, day)

    def letters(self, s: Session, **where: Any) -> list[Letter]:
        q = select(Letter)
        for k, v in where.items():
            q = q.where(getattr(Letter, k) == v)
        return list(s.exec(q.order_by(Letter.received, Letter.id)))

    def outgoing(self, s: Session, *states: str) -> list[Outgoing]:
        q = select(Outgoing)
        if states:
            q = q.where(Outgoing.state.in_(states))
        return list(s.exec(q.order_by(Outgoing.id)))

    def dispose(self) -> None:
        self.engine.dispose()
