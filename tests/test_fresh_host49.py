"""What a fresh host found playing the demo game on (session 49): a swindle left with no
branch accepted with no word of what it still does."""

from __future__ import annotations

from test_fresh_user28 import _game, _reply, _send


def test_a_swindle_without_a_branch_says_it_only_cancels_the_targets_move(tmp_path):
    """DECISIONS.md §5 Swindler: a swindle with no branch for the target's role still cancels
    the target's role move, and the swindler does nothing in its place; a swindle with no
    branch at all is told so, one with a branch is not."""
    g = _game(tmp_path)
    try:
        _send(g, "swind@example.org", "Жульничаю у Маруськи. Голос — Кира", "s1@x", 2)
        body = " ".join(_reply(g, "s1@x").body.split())
        assert "Жульничество: Маруська" in body
        assert ("В жульничестве нет ни одной ветки: если у Маруськи роль ролевого мирного, ход этой "
                "роли ночью отменится, а вы вместо него ничего не сделаете.") in body
        _send(g, "swind@example.org", "Жульничаю у Маруськи, если доктор — лечу Киру", "s2@x", 3)
        body = _reply(g, "s2@x").body
        assert "если врач — Лечение: Кира" in body and "нет ни одной ветки" not in body
    finally:
        g.store.dispose()
