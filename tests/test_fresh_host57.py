"""A fresh host's findings (session 56's trial), fixed in session 57.

1. ``reopen-day`` → ``lost-vote`` → ``close-day`` with no ``send`` between: close-day took the
   unsent «День 2 снова открыт» letters off the queue («новые итоги скажут, что изменилось»),
   but the corrected results never said «Вы снова в игре» to the player the withdrawn results
   had hanged (nor, with ``--undo-later``, that the later days' results he got are withdrawn).
   What such a letter said that still holds is now said by the letter the close queues him.
"""

from __future__ import annotations

from datetime import timedelta

from mailer.outbox import send_all
from test_fresh_host49 import ended_on_day_two
from test_fresh_host55 import _run
from test_sync import DEADLINE, START, Game, letter


def _flat(text: str) -> str:
    return " ".join(text.split())


def _ended_on_paradox_day_two(g: Game):
    """Serginio hanged on day 1; day 2 under «Парадокс», Маруська and Бука hang Ягуарчик and
    the civilians win. Every letter sent. Returns the moment of day 2's close."""
    end = ended_on_day_two(g, event="paradox")
    send_all(g.cfg, g.store, now=end + timedelta(minutes=1))
    return end


def _letters(g: Game, after: int):
    with g.store.session() as s:
        return [o for o in g.store.outgoing(s) if o.id > after]


def test_reopen_then_close_without_send_tells_all_the_reopen_letter_said(tmp_path):
    g = Game(tmp_path)
    try:
        end = _ended_on_paradox_day_two(g)
        last = max(o.id for o in _letters(g, 0))
        reopened = _run(g, ["reopen-day", "2", "--yes"], end + timedelta(minutes=10))
        assert reopened.exit_code == 0, reopened.output
        reopen = {o.to_nick: o for o in _letters(g, last) if o.kind == "reopen"}
        assert set(reopen) == {"Маруська", "Бука", "Ягуарчик", "Serginio"}
        assert "Вы снова в игре" in reopen["Ягуарчик"].body
        lost = _run(g, ["lost-vote", "Маруську", "Буку"], end + timedelta(minutes=11))
        assert lost.exit_code == 0, lost.output
        closed = _run(g, ["close-day"], end + timedelta(minutes=12))
        assert closed.exit_code == 0, closed.output
        assert "Писем «день 2 снова открыт», так и не отправленных: 4 — сняты с очереди" in _flat(closed.output)
        new = [o for o in _letters(g, last) if o.kind != "reopen" and o.state == "queued"]
        # everyone the reopen letter was queued to gets a letter saying what it said
        by_nick = {o.to_nick: _flat(o.body) for o in new}
        assert set(by_nick) == set(reopen), sorted(by_nick)
        for nick, body in by_nick.items():
            assert "прежнее письмо «Игра окончена» отменено — игра продолжается" in body, (nick, body)
        assert "Вы снова в игре: по прежним итогам дня 2 вы выбыли, теперь это отменено." in by_nick["Ягуарчик"]
        assert "Вы снова в игре" not in by_nick["Маруська"] + by_nick["Бука"] + by_nick["Serginio"]
        # idempotent: sending twice sends each once
        send_all(g.cfg, g.store, now=end + timedelta(minutes=20))
        send_all(g.cfg, g.store, now=end + timedelta(minutes=21))
        sent = [o for o in _letters(g, last) if o.state == "sent"]
        assert len(sent) == len(new)
    finally:
        g.store.dispose()


def test_undo_later_results_withdrawn_are_told_when_the_reopen_letter_never_went(tmp_path):
    """Day 1 reopened with ``--undo-later`` after day 2's results went out, closed again with
    no send between: the day-1 letter says the day-2 results he got are withdrawn."""
    from mailer.day import close_day, set_event
    from mailer.sync import sync

    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "paradox", now=START)
        for n, voter in enumerate(("marusya@example.org", "jaguar@example.org", "buka@example.org")):
            g.deliver(letter(voter, "Линч: Serginio", msgid=f"d1.{n}@x"), START + timedelta(hours=2))
        g.sync()
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        set_event(g.cfg, g.store, "none", now=DEADLINE + timedelta(minutes=6))
        g.deliver(letter("buka@example.org", "Линч: Маруська", msgid="d2@x"), DEADLINE + timedelta(hours=2))
        sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=3))
        end = DEADLINE + timedelta(days=1, minutes=5)
        close_day(g.cfg, g.store, now=end)
        send_all(g.cfg, g.store, now=end + timedelta(minutes=1))
        last = max(o.id for o in _letters(g, 0))
        done = _run(g, ["reopen-day", "1", "--undo-later", "--yes"], end + timedelta(minutes=10))
        assert done.exit_code == 0, done.output
        lost = _run(g, ["lost-vote", "Ягуарчика"], end + timedelta(minutes=11))
        assert lost.exit_code == 0, lost.output
        closed = _run(g, ["close-day"], end + timedelta(minutes=12))
        assert closed.exit_code == 0, closed.output
        bodies = {o.to_nick: _flat(o.body) for o in _letters(g, last) if o.kind == "result"}
        for nick in ("Маруська", "Бука", "Ягуарчик"):
            assert ("Итоги дня 2, которые вы получили письмом, отменены: ведущий снова открыл день 1 и "
                    "пересмотрел его итоги. День 2 пройдёт заново: его итоги придут отдельным письмом.") \
                in bodies[nick], (nick, bodies[nick])
    finally:
        g.store.dispose()


# 2. ``reread`` after the host added a player's address: the player had re-sent his letter from
#    his own address after the «unknown address» answer and been told «Принято»; the letter
#    read again (in its place in time, before the re-sent one) queued him a second «Принято»
#    saying word for word the same. It is taken off the queue now, and the host is told.

#: The move of the letters sent from both addresses.
MOVE = "Лечу Маруську. Линч: Ягуарчик"


def reread_from_added_address(g: Game):
    """Бука writes from an unknown address, then the same from his own; the replies go; the
    host adds the first address and rereads that letter. Returns the ``reread`` run and the
    last outgoing row's id before it."""
    from test_reread import _add_address

    g.deliver(letter("buka.work@example.net", MOVE, msgid="w@x"), START + timedelta(hours=2))
    g.deliver(letter("buka@example.org", MOVE, msgid="o@x"), START + timedelta(hours=3))
    g.sync()
    send_all(g.cfg, g.store, now=START + timedelta(hours=4))
    last = max(o.id for o in _letters(g, 0))
    _add_address(g, "buka@example.org", "buka.work@example.net")
    [first] = [r.id for r in g.rows() if r.message_id == "w@x"]
    done = _run(g, ["reread", str(first)], START + timedelta(hours=5))
    assert done.exit_code == 0, done.output
    return done, last


def test_reread_does_not_repeat_a_reply_word_for_word(tmp_path):
    g = Game(tmp_path)
    try:
        move = MOVE
        done, last = reread_from_added_address(g)
        # (session 58: he never had a reply to the letter read again — only «адрес не знаком» —
        # so the reply is no repeat: it tells him that letter now counts)
        assert "слово в слово" not in _flat(done.output), done.output
        [told] = [o for o in _letters(g, last) if o.state == "queued"]
        assert "Ваше письмо с адреса buka.work@example.net, полученное 07.12.2026 21:30 (МСК), теперь засчитано" \
            in _flat(told.body)
        sent = _run(g, ["send"], START + timedelta(hours=5, minutes=1))
        assert "Отправлено: 1" in sent.output, sent.output
        last = max(o.id for o in _letters(g, 0))
        # something new in the letter read again (a question to the host): the reply goes
        g.deliver(letter("buka.work@example.net", f"{move} А можно лечить себя?", msgid="w2@x"),
                  START + timedelta(hours=1))
        # (a new letter from the added address, received earlier than both: read in its place)
        from mailer.sync import sync

        sync(g.cfg, g.store, now=START + timedelta(hours=6))
        queued = [o for o in _letters(g, last) if o.state == "queued" and o.to_nick == "Бука"]
        assert len(queued) == 1 and "А можно лечить себя?" in queued[0].body, [o.body for o in queued]
    finally:
        g.store.dispose()


# 3. A post «Голосую за Снегиря! Его голос против Айболитки» (the author talks of another
#    player's vote) was read as two votes on a one-vote day: «названо больше игроков, чем
#    голосов», the post's vote refused and the author's earlier letter vote used. A clause
#    about another player's vote is talk (FORUM.md: a post's vote is its author's).

def _forum_game(tmp_path, event: str = "none"):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from forum.game import make_game

    return make_game(tmp_path / "g", event=event)


def _paste(tmp_path, text: str):
    import os

    from forum.game import DAY1_END

    path = tmp_path / "thread.txt"
    path.write_text(text, encoding="utf-8")
    ts = (DAY1_END - timedelta(hours=1)).timestamp()
    os.utime(path, (ts, ts))
    return str(path)


def _cli(cfg, *args):
    from click.testing import CliRunner

    from mailer.cli import main

    return CliRunner().invoke(main, ["--config", str(cfg.path), *args], catch_exceptions=False)


TALK = """Гном
07.12.2026, 20:15
Голосую за Ягуара! Его голос против Зои — вот что подозрительно.

Кузя
07.12.2026, 21:00
Линч: Лис. У него голос за Гошу, а её голоса вообще нет.

Зоя
07.12.2026, 22:00
Их голоса за Гнома ничего не решат. Мой голос — за Буку!
"""


def test_talk_of_another_players_vote_is_not_the_posts_vote(tmp_path):
    import json

    cfg, store = _forum_game(tmp_path)
    try:
        assert _cli(cfg, "forum", "import", _paste(tmp_path, TALK)).exit_code == 0
        data = json.loads(_cli(cfg, "forum", "tally", "--json").output)
        votes = {nick: data["players"][nick]["votes"] for nick in ("Гном", "Кузя", "Зоя")}
        assert votes == {"Гном": ["Ягуар"], "Кузя": ["Лис"], "Зоя": ["Бука"]}, votes
        from mailer.forum.tally import day_tally

        with store.session() as s:
            assert day_tally(s).refused == []
    finally:
        store.dispose()


# 4. ``lost-vote Айболитку Лису`` refused «Лису» (the first word of «Лиса Алиса», in the
#    accusative the command's sentence wants) with no hint: now «может быть, …?», as ``words
#    add`` gives.

FOX = """
[[player]]
nick = "Лиса Алиса"
email = "fox@example.org"
role = "civilian"
"""


def test_lost_vote_suggests_the_nick_whose_first_word_was_typed(tmp_path):
    from mailer.day import set_event

    g = Game(tmp_path, players=FOX)
    try:
        set_event(g.cfg, g.store, "paradox", now=START)
        done = _run(g, ["lost-vote", "Маруську", "Лису"], START + timedelta(hours=1))
        assert done.exit_code == 1
        assert "нет игрока «Лису» (может быть, «Лиса Алиса»?)" in _flat(done.output), done.output
        listed = _run(g, ["lost-vote"], START + timedelta(hours=1))
        assert "Маруська" not in listed.output  # nothing stored: the command is one transaction
        back = _run(g, ["lost-vote", "--undo", "Алисой"], START + timedelta(hours=1))
        assert "(может быть, «Лиса Алиса»?)" in _flat(back.output), back.output
        typo = _run(g, ["lost-vote", "Лиска"], START + timedelta(hours=1))
        assert "нет игрока «Лиска» (может быть, «Лиса Алиса»?)" in _flat(typo.output), typo.output
        done = _run(g, ["lost-vote", "Маруську", "Лиса Алиса"], START + timedelta(hours=1))
        assert done.exit_code == 0, done.output
    finally:
        g.store.dispose()


# 5. ``explain`` did not list the thread votes the rules refused; close-day's «решает ведущий»
#    lines stood among the others. explain now names each under its player, and close-day
#    prints them last, in a block of their own.

REFUSED = """Гном
07.12.2026, 20:15
Голосую за Лиса и Буку.

Кузя
07.12.2026, 21:00
Линч: Лис.
"""


def test_refused_thread_votes_in_explain_and_apart_in_close_day(tmp_path):
    from forum.game import DAY1_END

    cfg, store = _forum_game(tmp_path)
    try:
        assert _cli(cfg, "forum", "import", _paste(tmp_path, REFUSED)).exit_code == 0
        from click.testing import CliRunner

        from mailer.cli import main

        at = {"MAFIA_MAIL_NOW": (DAY1_END + timedelta(minutes=5)).isoformat()}
        closed = CliRunner().invoke(main, ["--config", str(cfg.path), "close-day"], env=at)
        assert closed.exit_code == 0, closed.output
        out = closed.output
        block = out.index("РЕШАЕТ ВЕДУЩИЙ — close-day этого не применил, итоги дня 1 подведены без этого (1):")
        assert "  ! Голос в ветке не принят правилами — не засчитан (решает ведущий" in out[block:], out
        assert "Голос в ветке не принят правилами" not in out[:block], out  # only in the block
        assert out.rstrip().endswith("=" * 80), out[-300:]
        said = _flat(CliRunner().invoke(main, ["--config", str(cfg.path), "explain"], env=at).output)
        assert ("Гном (Мирный) — писем нет: • голос в ветке (пост 07.12 20:15) не принят правилами: названо "
                "больше игроков, чем голосов за день (1): «Голосую за Лиса и Буку» — не засчитан, решает "
                "ведущий") in said, said
    finally:
        store.dispose()


# 6. «Пальмы цветут»: the player whose vote the host took was not told which words (in which
#    post) cost it; «его», «меня» looked flagged beyond the event's list. DECISIONS.md §6.7:
#    «я, ты, он, она, они, мы, вы and their forms, да, не, нет» — «меня», «его» are forms of
#    «я», «он», so flagging them is the rule; the event's text now says «в любой форме».

PALMS = """Гном
07.12.2026, 20:15
Голосую за Ягуара, меня так просто не проведёшь.

Кузя
07.12.2026, 21:00
Линч: Лис. Подозрительно его молчание.
"""


def test_palms_tells_the_player_which_words_in_which_post_cost_his_vote(tmp_path):
    from click.testing import CliRunner

    from engine.reasons import EVENT_RULES_RU
    from forum.game import DAY1_END
    from mailer.cli import main
    from mailer.store import Outgoing

    assert "я, ты, он, она, они, мы, вы в любой форме — «меня», «его», «нам»…, а также да, не, нет" \
        in EVENT_RULES_RU["palms"]
    cfg, store = _forum_game(tmp_path, event="palms")
    try:
        assert _cli(cfg, "forum", "import", _paste(tmp_path, PALMS)).exit_code == 0
        at = {"MAFIA_MAIL_NOW": (DAY1_END - timedelta(minutes=5)).isoformat()}
        lost = CliRunner().invoke(main, ["--config", str(cfg.path), "lost-vote", "Гном", "Кузя"], env=at)
        assert lost.exit_code == 0, lost.output
        at = {"MAFIA_MAIL_NOW": (DAY1_END + timedelta(minutes=5)).isoformat()}
        closed = CliRunner().invoke(main, ["--config", str(cfg.path), "close-day"], env=at)
        assert closed.exit_code == 0, closed.output
        with store.session() as s:
            bodies = {o.to_nick: _flat(o.body) for o in s.exec(__import__("sqlmodel").select(Outgoing))
                      if o.kind == "result"}
        assert ("Голос на линче: Ягуар (в ветке, пост 07.12 20:15) — не состоялся: вы лишены голоса («Пальмы цветут»: запретные слова "
                "в теме игры — «меня», «не» в посте 07.12 20:15), и ваш голос засчитан против вас самих") \
            in bodies["Гном"], bodies["Гном"]
        assert "запретные слова в теме игры — «его» в посте 07.12 21:00)" in bodies["Кузя"], bodies["Кузя"]
    finally:
        store.dispose()


# 7. «Пальмы цветут»: close-day found the forbidden words and closed anyway. FORUM.md: a flag
#    applies nothing, the host decides; DECISIONS.md §6.7: the tool finds them, the host
#    confirms. close-day now names them and asks before it closes (a confirmation: it takes
#    no vote itself); «нет» (or no answer) leaves the day open, lost-vote then close-day
#    strips them, «да» or --yes closes as it is.

def test_close_day_asks_before_closing_over_forbidden_words(tmp_path):
    from click.testing import CliRunner

    from forum.game import DAY1_END
    from mailer.cli import main

    cfg, store = _forum_game(tmp_path, event="palms")
    try:
        assert _cli(cfg, "forum", "import", _paste(tmp_path, PALMS)).exit_code == 0
        at = {"MAFIA_MAIL_NOW": (DAY1_END + timedelta(minutes=5)).isoformat()}

        def run(*args, input=None):
            return CliRunner().invoke(main, ["--config", str(cfg.path), *args], env=at, input=input)

        asked = run("close-day")
        assert asked.exit_code == 1, asked.output
        said = _flat(asked.output)
        assert ("«Пальмы цветут»: запретные слова в ветке дня 1 у Гнома, Кузи — голос пока не снят (решает "
                "ведущий): Гном: «меня», «не» в посте 07.12 20:15 Кузя: «его» в посте 07.12 21:00 Лишить "
                "голоса: mafia-mail ") in said, said
        assert " lost-vote Гном Кузя, затем снова close-day." in said, said
        assert "Закрыть день, не лишая их голоса?" in said and "Ничего не сделано: день не закрыт." in said
        assert "ГАЗЕТА" not in said  # the day is still open
        assert run("lost-vote", "Гном").exit_code == 0
        again = run("close-day", input="нет\n")
        assert again.exit_code == 1 and "у Кузи — голос пока не снят" in _flat(again.output), again.output
        closed = run("close-day", input="да\n")
        assert closed.exit_code == 0 and "День 1 закрыт." in closed.output, closed.output
    finally:
        store.dispose()


def test_close_day_yes_closes_over_forbidden_words_without_asking(tmp_path):
    from click.testing import CliRunner

    from forum.game import DAY1_END
    from mailer.cli import main

    cfg, store = _forum_game(tmp_path, event="palms")
    try:
        assert _cli(cfg, "forum", "import", _paste(tmp_path, PALMS)).exit_code == 0
        at = {"MAFIA_MAIL_NOW": (DAY1_END + timedelta(minutes=5)).isoformat()}
        closed = CliRunner().invoke(main, ["--config", str(cfg.path), "close-day", "--yes"], env=at)
        assert closed.exit_code == 0 and "День 1 закрыт." in closed.output, closed.output
        assert "Закрыть день, не лишая их голоса?" not in closed.output
    finally:
        store.dispose()


# A fresh host's trial (session 57): `lost-vote Зинаиду Кира` meant Кир in the accusative
# (README: a nick in any case) and took the vote of the player Кира, with no word. The exact
# nick still wins; the command now says the typed word is also another nick's case form.

def test_lost_vote_warns_when_an_exact_nick_is_another_nicks_case_form(tmp_path, monkeypatch):
    import forum.game as fg

    monkeypatch.setattr(fg, "PLAYERS", fg.PLAYERS + [("Лиса", "civilian", None)])
    cfg, store = _forum_game(tmp_path, event="palms")
    try:
        done = _cli(cfg, "lost-vote", "Лиса")
        said = _flat(done.output)
        assert done.exit_code == 0, done.output
        assert "Без голоса сегодня: Лиса" in said, said
        assert ("Внимание: «Лиса» — ник игрока Лиса, но так же пишется и падежная форма ника «Лис»; "
                "голоса лишён Лиса.") in said, said
        plain = _cli(cfg, "lost-vote", "Гнома")  # a case form of one nick only: no warning
        assert plain.exit_code == 0 and "Внимание" not in plain.output, plain.output
    finally:
        store.dispose()
