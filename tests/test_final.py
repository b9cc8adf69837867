"""The end of the game told (issue 12): the last newspaper names every player's role and fate,
those hidden by «Солнечное затмение» too, the winner and a day-by-day table, in text and
BBCode; every player, the dead too, gets a final letter."""

from __future__ import annotations

from datetime import timedelta

from mailer.store import DayRow
from mailer.sync import sync
from mailer.day import close_day, set_event
from test_sync import DEADLINE, START, Game, letter


def test_final_newspaper_and_letters(tmp_path):
    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "eclipse", now=START)
        for n, voter in enumerate(("marusya@example.org", "jaguar@example.org", "buka@example.org")):
            g.deliver(letter(voter, "лимонад. Линч: Serginio", msgid=f"d1.{n}@x"), START + timedelta(hours=2))
        g.sync()
        first = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        assert first.result.lynched == ["Serginio"] and "Мирный" not in first.newspaper.split("Покинули игру:")[1]
        set_event(g.cfg, g.store, "none", now=DEADLINE + timedelta(minutes=6))
        for n, voter in enumerate(("marusya@example.org", "buka@example.org")):
            g.deliver(letter(voter, "лимонад. Линч: Ягуарчик", msgid=f"d2.{n}@x"), DEADLINE + timedelta(hours=2))
        sync(g.cfg, g.store, now=DEADLINE + timedelta(hours=3))
        last = close_day(g.cfg, g.store, now=DEADLINE + timedelta(days=1, minutes=5))
        assert last.winner == "civilians"
        paper = last.newspaper
        assert "ИГРА ОКОНЧЕНА. Победа: мирные." in paper
        players = paper[paper.index("Роли и судьбы всех игроков:"):paper.index("Игра по дням:")]
        assert players.splitlines()[1:] == [
            "Игрок     Роль           Итог",
            "----------------------------------------",
            "Маруська  Детектив       в игре до конца",
            "Бука      Врач           в игре до конца",
            "Ягуарчик  Босс (Клан 1)  день 2: линч",
            "Serginio  Мирный         день 1: линч",
            "",
        ]
        days = paper[paper.index("Игра по дням:"):].splitlines()
        assert days[1:5] == [
            "День  Событие             Линч      Другие выбытия",
            "--------------------------------------------------",
            "1     Солнечное затмение  Serginio  —",
            "2     без события         Ягуарчик  —",
        ]
        assert all(len(line) <= 80 for line in paper.splitlines())
        with g.store.session() as s:
            bbcode = s.get(DayRow, 2).newspaper_bbcode
        assert "[tr][td]Serginio[/td][td]Мирный[/td][td]день 1: линч[/td][/tr]" in bbcode
        assert "[tr][td]1[/td][td]Солнечное затмение[/td][td]Serginio[/td][td]—[/td][/tr]" in bbcode
        finals = {r.to_nick: r for r in g.replies("final")}
        assert set(finals) == {"Маруська", "Бука", "Ягуарчик", "Serginio"}  # the dead too
        body = finals["Serginio"].body
        assert finals["Serginio"].subject == "[Синк] Игра окончена"
        assert "Игра «Синк» окончена. Победа: мирные." in body
        assert "Ваша роль: Мирный. Итог: день 1: линч." in body
        assert "Ягуарчик  Босс (Клан 1)" in body
        # a letter after the game ended: the player is told, the host sees it (trial 13)
        after = DEADLINE + timedelta(days=1, hours=2)
        g.deliver(letter("marusya@example.org", "лимонад. Спасибо за игру! Проверяю Буку", msgid="end.1@x"), after)
        report = sync(g.cfg, g.store, now=after + timedelta(minutes=1))
        assert report.attention == ["marusya@example.org — после конца игры, тема «Ход»"]
        [row] = [r for r in g.rows() if r.message_id == "end.1@x"]
        assert (row.state, row.nick, row.day) == ("after_end", "Маруська", None)
        [answer] = [r for r in g.replies("reply") if "end.1@x" in r.ref]
        assert answer.to_nick == "Маруська" and answer.subject == "Re: Ход"
        assert answer.body == (
            "Здравствуйте, Маруська!\n\n"
            "Ваше письмо пришло 09.12.2026 21:30 (МСК), когда игра «Синк» уже окончилась, "
            "поэтому ходов из него я не принимаю. Победа: мирные. Итоги — в последней газете и в "
            "письме «игра окончена».\n\nВедущий увидит ваше письмо и, если нужно, ответит сам.\n\n"
            "— Ведущий (письмо составлено автоматически)\n")
        from mailer.reports import status
        from mailer.status import read_status

        assert status(g.cfg, g.store).attention == read_status(g.cfg).attention == 1
        assert sync(g.cfg, g.store, now=after + timedelta(minutes=2)).attention == []  # once
        assert len([r for r in g.replies("reply") if "end.1@x" in r.ref]) == 1
        # reopening day 1 of the ended game names the end of the game among what it undoes
        from mailer.day import GameError, reopen_day

        try:
            reopen_day(g.cfg, g.store, 1)
        except GameError as exc:
            refused = str(exc)
        assert "\n  - конец игры («Победа: мирные»): отменяется — день 1 снова открыт; кончится ли игра, решат его новые итоги\n" in refused
        assert refused.endswith("mafia-mail reopen-day 1 --undo-later")
        undone: list[str] = []
        reopen_day(g.cfg, g.store, 1, undo_later=True, undone=undone)
        assert undone[-1] == "конец игры («Победа: мирные»): отменяется — день 1 снова открыт; кончится ли игра, решат его новые итоги"
        assert undone[1].startswith("день 2 (без события, так задал ведущий) снова не закрыт: линч — Ягуарчик")
        # the game is on again: the letter refused as after its end is read again (a fresh
        # host could not re-read the «Страх» answer that came once he had ended the game)
        [row] = [r for r in g.rows() if r.message_id == "end.1@x"]
        assert row.state == "pending"
        assert [r.state for r in g.replies("reply") if "end.1@x" in r.ref] == ["dropped"]
        sync(g.cfg, g.store, now=after + timedelta(minutes=3))
        [row] = [r for r in g.rows() if r.message_id == "end.1@x"]
        assert row.state != "after_end" and row.nick == "Маруська"
    finally:
        g.store.dispose()
