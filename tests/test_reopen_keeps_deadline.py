"""A day that ``reopen-day N --undo-later`` dropped opens again, when day N is closed again,
with the deadline it had — the host's moved deadline included (a fresh host's trial, session
59: the re-closed day got the next day's deadline, and a letter a minute after its real
deadline was read into it; its player lost the autokill point he had earned)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from mailer.day import close_day, reopen_day
from mailer.day.deadline import set_deadline
from mailer.store import DayRow, utc
from mailer.sync import sync
from test_sync import DEADLINE, START, Game, letter

UTC = timezone.utc


def _deadline(g: Game, day: int) -> datetime:
    with g.store.session() as s:
        return utc(s.get(DayRow, day).deadline)


def test_a_dropped_day_opens_again_with_the_deadline_it_had(tmp_path):
    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську", msgid="d1@x"),
                  START + timedelta(hours=2))
        g.sync()
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        moved = set_deadline(g.cfg, g.store, "09.12.2026 21:00", now=DEADLINE + timedelta(hours=1))
        assert moved == datetime(2026, 12, 9, 18, 0, tzinfo=UTC)  # 21:00 Moscow
        g.deliver(letter("buka@example.org", "Лечу Serginio", msgid="d2@x"), moved - timedelta(hours=1))
        g.deliver(letter("marusya@example.org", "лимонад. Проверяю Ягуарчика", msgid="late@x"),
                  moved + timedelta(minutes=1))
        sync(g.cfg, g.store, now=moved + timedelta(minutes=5))
        close_day(g.cfg, g.store, now=moved + timedelta(minutes=10))
        late = next(r for r in g.rows() if r.message_id == "late@x")
        assert late.day == 3
        # day 1 is fixed two days later, and closed again: day 2 comes back with its deadline
        fix = datetime(2026, 12, 10, 6, 0, tzinfo=UTC)
        reopen_day(g.cfg, g.store, 1, undo_later=True, now=fix)
        close_day(g.cfg, g.store, now=fix + timedelta(minutes=5))
        assert _deadline(g, 2) == moved
        sync(g.cfg, g.store, now=fix + timedelta(minutes=6))
        late = next(r for r in g.rows() if r.message_id == "late@x")
        assert late.day != 2
        # it is past: day 2 is closed again without --early, and the late letter is day 3's
        close_day(g.cfg, g.store, now=fix + timedelta(minutes=10))
        late = next(r for r in g.rows() if r.message_id == "late@x")
        assert late.day == 3
        assert _deadline(g, 3) > fix
    finally:
        g.store.dispose()


def test_a_day_opened_again_keeps_the_immunity_its_draw_told():
    """«Выбери меня!» drawn again after a fix of an earlier day: the player told «Жребий выбрал
    вас» keeps the immunity while alive (a fresh host's trial: it went to another player, and
    her «Пара» was refused with no word why); once dead, it is drawn again."""
    from engine.resolve import open_day
    from engine.state import GameState
    from mailer.day.open import kept_draw

    roster = {f"P{n}": "civilian" for n in range(1, 9)} | {"Boss": "clan1.boss", "Doc": "doctor"}
    state = GameState.new(2, roster)
    first = open_day(state, 3, "choose_me")
    state.players[first.immune].alive = False
    other = open_day(state, 3, "choose_me").immune
    state.players[first.immune].alive = True
    state.players[other].alive = False  # the fix: another player is dead now, the pool moved
    again = open_day(state, 3, "choose_me")
    assert again.immune != first.immune  # (the case the trial met: the draw moved)
    drawn = {"event": "choose_me", "immune": first.immune, "mortar": None}
    kept = kept_draw(state, again, drawn)
    assert kept.immune == first.immune
    assert (f"day3.immune", first.immune) in kept.draws
    state.players[first.immune].alive = False
    assert kept_draw(state, open_day(state, 3, "choose_me"), drawn).immune != first.immune
    assert kept_draw(state, again, {"event": "voice", "immune": first.immune}).immune == again.immune
