"""A boss's order for a clan member who already sent that move himself (a fresh host,
session 41): the reply said «Принято: Кража за Ловчилу» though the resolver carries out the
member's own move and voids the order (engine.collect, ``member_moved``; DECISIONS.md §4 Boss).
The reply says so; a member who left his move to the boss does not overrule it."""

from __future__ import annotations

from test_fresh_user28 import _game, _reply, _send


def test_the_reply_says_the_members_own_move_is_carried_out(tmp_path):
    g = _game(tmp_path)
    try:
        _send(g, "thief@example.org", "Ворую у Буки. Линч: Кира", "m1@x", 2)
        _send(g, "jaguar@example.org", "За Ловчилу: ворует у Киры. Линч: Кира", "b1@x", 3)
        body = _reply(g, "b1@x").body
        assert "Принято (день 1):" in body
        assert ("Ловчила уже прислал(а) свой ход (кража): по правилам выполняется ход участника, "
                "ваш ход за Ловчилу не состоится, если Ловчила до срока не отменит свой или не "
                "оставит ход на ваше усмотрение.") in body, body
    finally:
        g.store.dispose()


def test_no_such_line_without_the_members_move_or_when_he_left_it_to_the_boss(tmp_path):
    g = _game(tmp_path)
    try:
        _send(g, "jaguar@example.org", "За Ловчилу: ворует у Киры. Линч: Кира", "b1@x", 2)
        assert "уже прислал" not in _reply(g, "b1@x").body
        _send(g, "thief@example.org", "Ворую у Буки", "m1@x", 3)
        _send(g, "thief@example.org", "Передумал: ход на усмотрение босса", "m2@x", 3.5)
        _send(g, "jaguar@example.org", "За Ловчилу: ворует у Буки", "b2@x", 4)
        assert "уже прислал" not in _reply(g, "b2@x").body
    finally:
        g.store.dispose()
