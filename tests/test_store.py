"""Storage: aware UTC times round-trip; a database from an earlier version gains new columns."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

from mailer.store import DayRow, Store


def test_times_round_trip_as_aware_utc(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'g.db'}")
    moscow = timezone(timedelta(hours=3))
    with store.session() as s:
        s.add(DayRow(day=1, deadline=datetime(2026, 12, 8, 19, 30, tzinfo=moscow)))
    with store.session() as s:
        row = s.get(DayRow, 1)
        assert row.deadline == datetime(2026, 12, 8, 16, 30, tzinfo=timezone.utc)
        assert row.deadline.tzinfo is not None
    store.dispose()


def test_old_database_gains_missing_columns(tmp_path):
    path = tmp_path / "old.db"
    Store(f"sqlite:///{path}").dispose()
    con = sqlite3.connect(path)
    con.execute("ALTER TABLE dayrow DROP COLUMN paper_json")
    con.execute("ALTER TABLE dayrow DROP COLUMN revision")
    con.execute("INSERT INTO dayrow (day, event, deadline, status, draws_json) VALUES (1, 'none', '2026-12-08 16:30:00', 'closed', '[]')")
    con.commit()
    con.close()
    store = Store(f"sqlite:///{path}")
    with store.session() as s:
        row = s.get(DayRow, 1)
        assert (row.revision, row.paper_json, row.status) == (0, None, "closed")
    store.dispose()
