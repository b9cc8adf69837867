"""Session 56 (a fresh host's trial): under «Выбери меня!» a thread vote for the partner the
immune player named by letter was read as a vote; it replaced the voter's earlier, valid
letter vote, and close-day then refused it (``target_immune``), so his vote was lost and
``explain`` called the thread vote counted. FORUM.md: thread votes are checked by the same
legality as letters — the partner's immunity included — so the post's vote is refused (no
vote, the host is told) and the letter vote stands."""

from __future__ import annotations

from datetime import timedelta

from mailer.day import close_day
from mailer.sync import sync

from .game import DAY1_END, PLAYERS, START, make_game
from .test_forum_rules import _letter, _paste, _run


def test_a_thread_vote_for_the_named_partner_does_not_replace_a_letter_vote(tmp_path):
    from mailer.store import DayRow

    cfg, store = make_game(tmp_path / "g", event="choose_me")
    with store.session() as s:
        immune = s.get(DayRow, 1).immune
    nicks = [p[0] for p in PLAYERS]
    partner, voter, target = [n for n in nicks if n != immune and " " not in n][:3]
    _letter(cfg, nicks.index(immune), START + timedelta(minutes=20), f"Пара: {partner}")
    _letter(cfg, nicks.index(voter), START + timedelta(minutes=30), f"Линч: {target}")
    sync(cfg, store, now=START + timedelta(hours=1))
    thread = f"{voter}\n07.12.2026, 21:00\nГолосую за {partner}.\n"
    _run(cfg, "forum", "import", _paste(tmp_path, "t.txt", thread))
    tally = _run(cfg, "forum", "tally").output
    assert f"{voter}" in tally and "иммунитет" in tally, tally
    close_day(cfg, store, now=DAY1_END + timedelta(minutes=5))
    explained = _run(cfg, "explain", "--day", "1").output
    lines = [x.strip() for x in explained.splitlines()]
    assert any(x.startswith("• голос на линче") and f"→ {target} — учтён" in x for x in lines), explained
    assert not any(f"→ {partner} — учтён" in x for x in lines), explained
    store.dispose()
