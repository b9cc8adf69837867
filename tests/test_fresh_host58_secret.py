"""What a fresh host found in session 58 outside the forum package: under «Тайна» a letter
vote refused for its own reason was told it came by the wrong channel."""

from __future__ import annotations

from test_fresh_user28 import _game, _reply, _send


def test_a_refused_letter_vote_under_secret_is_not_told_it_came_the_wrong_way(tmp_path):
    """DECISIONS.md §6.8 «Тайна»: votes by letter only. «Линч: A, B, C» on a one-vote day is
    refused for naming too many players; the reply said «…не принят: сегодня («Тайна»)
    голосуют только письмом» — she did vote by letter. It now gives the refusal's own reason
    and what a missing vote costs; a letter with no vote at all still hears that under
    «Тайна» only letters count."""
    from mailer.day import set_event
    from test_sync import START

    g = _game(tmp_path)
    try:
        set_event(g.cfg, g.store, "secret", now=START)
        _send(g, "kira@example.org", "Линч: Маруська, Бука, Ягуарчик", "v1@x", 2)
        body = " ".join(_reply(g, "v1@x").body.split())
        assert "Названо больше игроков, чем у вас сегодня голосов" in body
        assert ("Голос на линче из письма не принят: если до срока не пришлёте голос письмом, за "
                "день будет штрафное очко автокилла.") in body
        assert "голосуют только письмом" not in body
        _send(g, "buka@example.org", "Привет всем, я думаю.", "v2@x", 3)
        body = " ".join(_reply(g, "v2@x").body.split())
        assert ("Голоса на линче в письме нет: сегодня («Тайна») голосуют только письмом; если не "
                "проголосуете до срока, за день будет штрафное очко автокилла.") in body
    finally:
        g.store.dispose()
