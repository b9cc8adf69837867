"""Which of a player's moves his results letter lists (:func:`mailer.render.told_moves`): a
move a later letter replaced is left out, a refused one too when a later letter made that
move again and it was taken (a fresh host, s46: a late letter's heal of a player killed that
night, then the next day's own heal, read as two heals in one results letter)."""

from __future__ import annotations

from mailer.render import told_moves


def _heal(target: str, outcome: str, reason: str) -> dict:
    return {"by": "Пчёлка", "action": "heal", "target": target, "outcome": outcome, "reason": reason}


def test_a_refused_move_replaced_by_a_later_one_is_not_listed():
    moves = [_heal("Шершень", "refused", "target_dead"), _heal("Миралисса", "done", "ok")]
    assert [m["target"] for m in told_moves(moves, counted=[])] == ["Миралисса"]


def test_a_refused_change_after_the_move_that_stands_is_listed():
    """The later letter's heal was refused: the earlier heal stands, and the player is told
    his change was not taken."""
    moves = [_heal("Миралисса", "done", "ok"), _heal("Шершень", "refused", "target_dead")]
    assert [(m["target"], m["outcome"]) for m in told_moves(moves, counted=[])] == [
        ("Миралисса", "done"), ("Шершень", "refused")]


def test_a_refused_move_alone_or_of_another_kind_is_listed():
    vote = {"by": "Пчёлка", "action": "vote", "target": "Бука", "targets": ["Бука"], "outcome": "done",
            "reason": "ok"}
    moves = [_heal("Шершень", "refused", "target_dead"), vote]
    assert [(m["action"], m["outcome"]) for m in told_moves(moves, counted=["Бука"])] == [
        ("heal", "refused"), ("vote", "done")]


def test_two_thread_votes_are_told_in_the_plural():
    """«Ярость»: the two votes counted from the thread are told as votes (a fresh host, s47:
    «Голоса на линче: Ягуарчик и Лисичка — учтён ваш голос с форума»)."""
    [told] = told_moves([], counted=["Ягуарчик", "Лисичка"])
    assert told["told"] == "учтены ваши голоса с форума"
    [one] = told_moves([], counted=["Ягуарчик"])
    assert one["told"] == "учтён ваш голос с форума"
    host = {"by": "Пчёлка", "action": "vote", "targets": ["Бука", "Шершень"], "target": "Бука",
            "outcome": "done", "reason": "host_vote"}
    [same] = told_moves([host], counted=["Шершень", "Бука"])
    assert same["told"] == "учтены: ведущий засчитал те же голоса с форума"
