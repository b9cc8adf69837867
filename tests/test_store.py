"""Storage: aware UTC times round-trip; a database from an earlier version gains new columns.
Every test runs on a SQLite file and on a real PostgreSQL (the ``database_url`` fixture)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import text

from mailer.store import DayRow, Game, Letter, Outgoing, Store, engine_url


def test_times_round_trip_as_aware_utc(database_url):
    store = Store(database_url)
    moscow = timezone(timedelta(hours=3))
    with store.session() as s:
        s.add(DayRow(day=1, deadline=datetime(2026, 12, 8, 19, 30, tzinfo=moscow)))
    with store.session() as s:
        row = s.get(DayRow, 1)
        assert row.deadline == datetime(2026, 12, 8, 16, 30, tzinfo=timezone.utc)
        assert row.deadline.tzinfo is not None and row.deadline.utcoffset() == timedelta(0)
    store.dispose()


def test_naive_time_refused(database_url):
    store = Store(database_url)
    with pytest.raises(Exception, match="timezone"):
        with store.session() as s:
            s.add(DayRow(day=1, deadline=datetime(2026, 12, 8, 19, 30)))
    with store.session() as s:
        assert s.get(DayRow, 1) is None
    store.dispose()


def test_old_database_gains_missing_columns(database_url):
    Store(database_url).dispose()
    store = Store(database_url)
    postgres = store.engine.dialect.name == "postgresql"
    with store.engine.begin() as con:
        con.execute(text("ALTER TABLE dayrow DROP COLUMN paper_json"))
        con.execute(text("ALTER TABLE dayrow DROP COLUMN revision"))
        con.execute(text("ALTER TABLE letter DROP COLUMN skip"))
        stamp = "2026-12-08 16:30:00+00" if postgres else "2026-12-08 16:30:00"
        con.execute(text("INSERT INTO dayrow (day, event, deadline, status, draws_json) "
                         f"VALUES (1, 'none', '{stamp}', 'closed', '[]')"))
        con.execute(text("INSERT INTO letter (source, key, message_id, size, received, state, "
                         "from_addr, subject, body, moves_json, problems_json, cancel, notes_json) "
                         f"VALUES ('box', 'k1', 'm@x', 3, '{stamp}', 'applied', 'a@x', 'Ход', 'т', "
                         f"'[]', '[]', {'false' if postgres else 0}, '[]')"))
    store.dispose()
    store = Store(database_url)
    with store.session() as s:
        row = s.get(DayRow, 1)
        assert (row.revision, row.paper_json, row.status) == (0, None, "closed")
        assert row.deadline == datetime(2026, 12, 8, 16, 30, tzinfo=timezone.utc)
        [letter] = store.letters(s)
        assert (letter.skip, letter.key, letter.subject) == (False, "k1", "Ход")
    store.dispose()


def test_long_text_and_bytes_round_trip(database_url):
    """No length limit on any text column; raw letters are bytes, NUL bytes included."""
    store = Store(database_url)
    long_id = "<" + "x" * 900 + "@example.org>"
    raw = bytes(range(256)) * 4000  # ~1 MB, every byte value
    body = "Лечу Буку. " * 20_000
    at = datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc)
    with store.session() as s:
        s.add(Letter(source="box", key="k" * 300, message_id=long_id, raw=raw, size=len(raw),
                     received=at, body=body, subject="Тема " * 200))
        s.add(Outgoing(ref="reply:1", message_id=long_id, kind="reply", to_addr="zoya@почта.рф",
                       subject="Re: " + "я" * 95, body=body, created=at))
    with store.session() as s:
        [letter] = store.letters(s)
        [out] = store.outgoing(s)
        assert (letter.raw, letter.body, letter.message_id, letter.received) == (raw, body, long_id, at)
        assert (out.to_addr, out.subject) == ("zoya@почта.рф", "Re: " + "я" * 95)
    store.dispose()


def test_nul_stored_as_replacement_character_on_every_database(database_url):
    """A NUL that reaches a text column (PostgreSQL text cannot hold it) is stored as U+FFFD
    on both databases; a lookup with the same NUL finds the row."""
    store = Store(database_url)
    at = datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc)
    with store.session() as s:
        s.add(Letter(source="box", key="k\x00", message_id="a\x00b@x", received=at, body="т\x00т"))
    with store.session() as s:
        [letter] = store.letters(s, message_id="a\x00b@x")
        assert (letter.key, letter.message_id, letter.body) == ("k\ufffd", "a\ufffdb@x", "т\ufffdт")
    store.dispose()


def test_unique_ref_enforced(database_url):
    store = Store(database_url)
    at = datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc)
    with store.session() as s:
        s.add(Outgoing(ref="role:Бука", message_id="a@x", kind="role", to_addr="b@x", subject="s",
                       body="b", created=at))
    with pytest.raises(Exception, match="(?i)unique"):
        with store.session() as s:
            s.add(Outgoing(ref="role:Бука", message_id="b@x", kind="role", to_addr="b@x",
                           subject="s", body="b", created=at))
    with store.session() as s:
        assert [o.message_id for o in store.outgoing(s)] == ["a@x"]
        assert s.get(Game, 1) is None
    store.dispose()


def test_postgresql_url_uses_installed_driver():
    assert engine_url("postgresql://game@127.0.0.1:5432/mafia") == "postgresql+psycopg://game@127.0.0.1:5432/mafia"
    assert engine_url("postgres://game:p%40ss@db/mafia") == "postgresql+psycopg://game:p%40ss@db/mafia"
    assert engine_url("postgresql+psycopg2://db/mafia") == "postgresql+psycopg2://db/mafia"
    assert engine_url("sqlite:///g.db") == "sqlite:///g.db"


def _outgoing(n: int) -> Outgoing:
    return Outgoing(ref=f"reply:{n}", message_id=f"m{n}@x", kind="reply", to_addr="B@x",
                    subject="s", body="b", created=datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc))


def _queue_drop_queue(store: Store) -> list[int]:
    """Queue three letters, delete the last (as ``reread`` takes an unsent reply off), queue
    one more: the ids of the rows left."""
    with store.session() as s:
        for n in (1, 2, 3):
            s.add(_outgoing(n))
    with store.session() as s:
        s.delete(store.outgoing(s)[-1])
    with store.session() as s:
        s.add(_outgoing(4))
    with store.session() as s:
        return [o.id for o in store.outgoing(s)]


def test_outgoing_ids_of_deleted_rows_never_come_back(database_url):
    """A letter number the host saw (``outbox``, ``preview 3``) names one letter only: the
    id of a deleted outgoing row is not given to the next one (SQLite AUTOINCREMENT)."""
    store = Store(database_url)
    assert _queue_drop_queue(store) == [1, 2, 4]
    store.dispose()


@pytest.mark.sqlite_only
def test_old_sqlite_database_gains_autoincrement_outgoing_ids(database_url):
    """A game database of an earlier version (outgoing without AUTOINCREMENT) keeps its
    letters and their numbers, and from then on gives no deleted number again."""
    Store(database_url).dispose()
    store = Store(database_url)
    with store.engine.begin() as con:
        made = con.execute(text("SELECT sql FROM sqlite_master WHERE name = 'outgoing'")).scalar()
        con.execute(text("DROP TABLE outgoing"))
        con.execute(text(made.replace("AUTOINCREMENT", "")))
    with store.session() as s:
        s.add(_outgoing(7))
    with store.session() as s:
        s.delete(store.outgoing(s)[0])
    with store.session() as s:  # the old table gives the deleted number again
        s.add(_outgoing(8))
        s.flush()
        assert [o.id for o in store.outgoing(s)] == [1]
    store.dispose()
    store = Store(database_url)
    with store.engine.begin() as con:
        made = con.execute(text("SELECT sql FROM sqlite_master WHERE name = 'outgoing'")).scalar()
        indexes = set(con.execute(text("SELECT name FROM sqlite_master WHERE type = 'index' "
                                       "AND tbl_name = 'outgoing'")).scalars())
    assert "AUTOINCREMENT" in made and "ix_outgoing_to_addr_lower" in indexes
    with store.session() as s:
        assert [(o.id, o.ref) for o in store.outgoing(s)] == [(1, "reply:8")]
        s.add(_outgoing(9))
        s.delete(store.outgoing(s)[0])
    with store.session() as s:
        s.delete(store.outgoing(s)[0])
    with store.session() as s:
        s.add(_outgoing(10))
        s.flush()
        assert [o.id for o in store.outgoing(s)] == [3]
    Store(database_url).dispose()  # opened again: nothing more to do
    store.dispose()
