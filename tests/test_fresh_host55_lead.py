"""What a fresh host found running a game to its end (session 54's trial): after the last
close, ``close-day`` said only «игра окончена»."""

from __future__ import annotations

from datetime import timedelta

import pytest


def test_close_day_after_the_end_names_the_last_day_the_winner_and_what_to_do(tmp_path):
    """The game ended at day 2's close: another ``close-day`` is refused with the day it ended
    on, who won, and the two commands the host may want (status, reopen-day of that day)."""
    from mailer.day import GameError, close_day
    from test_fresh_host49 import ended_on_day_two
    from test_sync import Game

    g = Game(tmp_path)
    try:
        end = ended_on_day_two(g)
        with pytest.raises(GameError) as err:
            close_day(g.cfg, g.store, now=end + timedelta(hours=1))
        assert str(err.value) == ("игра окончена днём 2 (Победа: мирные): закрывать больше нечего. "
                                  "Итоги — mafia-mail status; исправить итоги дня 2 — "
                                  "mafia-mail reopen-day 2")
    finally:
        g.store.dispose()


def test_close_day_says_the_word_rule_was_not_applied_when_no_thread_is_loaded(tmp_path):
    """DECISIONS.md §7: a day with fewer than 66 forum words is an autokill point; with no
    thread loaded nobody gets it, and close-day now says so (a fresh host's game skipped the
    rule without a word). A game played by mail only turns the rule off with autokill_words =
    0: no such line, and the role letters promise only the vote rule."""
    from mailer.day import close_day
    from test_sync import DEADLINE, Game

    (tmp_path / "a").mkdir()
    g = Game(tmp_path / "a")
    try:
        rep = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        assert rep.thread == ["ветка форума не загружена (forum sync или forum import) — правило "
                              "автокилла «меньше 66 слов за день» в день 1 не применено, штрафных "
                              "очков за слова нет ни у кого; игра только по почте — autokill_words "
                              "= 0 в [game.house_rules], и этой строки не будет"]
        with g.store.session() as s:
            roles = [r.body for r in g.store.outgoing(s) if r.kind == "role"]
        assert roles and all("меньше 66 слов, и каждый день без голоса на линче — штрафное очко"
                             in " ".join(b.split()) for b in roles)
    finally:
        g.store.dispose()
    (tmp_path / "b").mkdir()
    g = Game(tmp_path / "b", extra="[game.house_rules]\nautokill_words = 0\n")
    try:
        rep = close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        assert rep.thread == []
        with g.store.session() as s:
            roles = [" ".join(r.body.split()) for r in g.store.outgoing(s) if r.kind == "role"]
        assert roles and all("Автокилл: каждый день без голоса на линче — штрафное очко; при 3 очках"
                             in b and "слов" not in b.split("Автокилл:")[1].split(".")[0] for b in roles)
    finally:
        g.store.dispose()


def test_a_withdrawal_beside_a_new_vote_with_nothing_to_take_back_is_told_by_name(tmp_path):
    """«Снимаю голос с Киры. Линч: Serginio» when no earlier letter of the day voted for Кира
    (a fresh host's player on a «Ярость» day thought a vote for Кира removed; the reply said
    nothing of it): the reply says there was no vote for Кира to take back, and the new vote
    is accepted. With an earlier vote for Кира it is taken back, and no such line."""
    from mailer.day import set_event
    from test_fresh_user28 import _game, _reply, _send
    from test_sync import START

    g = _game(tmp_path)
    try:
        set_event(g.cfg, g.store, "rage", now=START)
        _send(g, "marusya@example.org", "Линч: Бука", "n1@x", 2)
        _send(g, "marusya@example.org", "Снимаю голос с Киры. Линч: Serginio", "n2@x", 3)
        body = _reply(g, "n2@x").body
        assert "Снимать нечего: голоса за Киру в ваших прежних письмах за день 1 нет.\n\n" \
               "Принято (день 1):\n  - Голос на линче: Serginio\n" in body
        _send(g, "buka@example.org", "Линч: Кира, Маруська", "n3@x", 2)
        _send(g, "buka@example.org", "Снимаю голос с Киры. Линч: Serginio", "n4@x", 3)
        body = _reply(g, "n4@x").body
        assert "Снят ваш голос из прежнего письма за день 1:\n  - Голос на линче: Кира\n" in body
        assert "Снимать нечего" not in body
    finally:
        g.store.dispose()


def test_the_corrected_results_letter_pairs_each_old_line_with_its_new_one():
    """«(исправлено)» results (reopen-day, close-day again): each changed line's «Было» stands
    right before its «Стало» (a fresh host got every «Было» first and every «Стало» after);
    a line that only moved is no change; a line gone with nothing in its place is «Было» alone."""
    from mailer.day.close import changed_lines

    old = ("Итоги дня 2.\nПовешен: Кира.\nНочью убит: Бука.\nВаши ходы:\n  - Лечение: Маруська — выполнено\n"
           "Штрафное очко автокилла: нет голоса.")
    new = ("Итоги дня 2.\nПовешен: Serginio.\nНочью убит: Бука.\nВаши ходы:\n  - Лечение: Маруська — "
           "выполнено, вылечена от выстрела")
    assert changed_lines(old, new) == (
        "\nБыло: «Повешен: Кира.»\nСтало: «Повешен: Serginio.»"
        "\nБыло: «- Лечение: Маруська — выполнено»\nСтало: «- Лечение: Маруська — выполнено, вылечена от выстрела»"
        "\nБыло: «Штрафное очко автокилла: нет голоса.»")
    assert changed_lines("А.\nБ.", "Б.\nА.") == ""


def test_a_nick_in_a_with_a_guessed_indeclinable_reading_is_declined():
    """«Шерлок — за Волчара» in a fresh host's close-day line: pymorphy3 guesses «Волчара» an
    indeclinable animate noun first; a nick in «-а» with a declinable noun reading is declined
    as «папа» is. A nick with only the indeclinable reading stays as it is."""
    from engine.words import inflect

    assert [inflect("Волчара", c) for c in ("accs", "gent", "ablt")] == ["Волчару", "Волчары", "Волчарой"]
    assert inflect("Ниндзя", "accs") == "Ниндзя" and inflect("Маньячелло", "gent") == "Маньячелло"
    assert inflect("Громила", "accs") == "Громилу"


def test_ctrl_c_tells_the_host_that_nothing_is_lost(tmp_path):
    """Ctrl-C in a command (a fresh host interrupted a sync) printed only «Прервано.»: it says
    that nothing is lost and that running the command again finishes it (sync, send and
    close-day keep what they finished: tests/test_crash.py)."""
    from click.testing import CliRunner

    from mailer.cli import main

    @main.command("interrupted-test", hidden=True)
    def interrupted_test():
        raise KeyboardInterrupt

    try:
        shown = CliRunner().invoke(main, ["interrupted-test"])
    finally:
        main.commands.pop("interrupted-test", None)
    assert shown.exit_code == 1
    assert shown.output.strip().endswith("Прервано. Ничего не потеряно: что команда успела сделать, "
                                         "сохранено, остальное сделает её повторный запуск.")


def test_a_letter_marked_done_leaves_the_list_of_letters_not_understood(tmp_path):
    """A fresh host marked a letter with a move in the player's own words done (``inbox
    --done``): ``words`` still listed it and every sync still said «Писем дня, где что-то не
    понято: 1». A letter marked done is the host's dealt-with one: it leaves that list."""
    from mailer.inbox import mark_done
    from mailer.taught_words import unread_letters
    from test_fresh_user28 import _game, _send

    g = _game(tmp_path)
    try:
        _send(g, "marusya@example.org", "Лечу Буку. Линч: Serginio", "w1@x", 2)
        with g.store.session() as s:
            letter_id = next(l.id for l in g.store.letters(s) if l.message_id == "w1@x")
        listed = unread_letters(g.store)
        assert [row[0] for row in listed] == [letter_id], listed
        mark_done(g.store, [letter_id])
        assert unread_letters(g.store) == []
    finally:
        g.store.dispose()


def test_a_vote_taken_back_then_given_again_is_told_once_in_the_results():
    """«Линч: Лиса», then «Снимаю голос.», then «Голосую за Лису» (a fresh host's player, the
    last letter counted in the day after reopen-day): his results letter listed «Голос на
    линче: Лиса — не состоялся: вы сняли этот голос.» and «… — учтён.» both. The vote taken
    back is left out when a later vote stands; with no later vote it is told."""
    from mailer.render import told_moves

    kill = {"by": "М", "action": "maniac_kill", "target": "П", "outcome": "done", "reason": "ok"}
    taken = {"by": "М", "action": "vote", "target": "Лиса", "targets": ["Лиса"], "outcome": "void",
             "reason": "withdrawn"}
    again = {"by": "М", "action": "vote", "target": "Лиса", "targets": ["Лиса"], "outcome": "done", "reason": "ok"}
    told = told_moves([dict(kill), dict(taken), dict(again)], ["Лиса"])
    assert [(m["action"], m["outcome"]) for m in told] == [("maniac_kill", "done"), ("vote", "done")]
    told = told_moves([dict(kill), dict(taken)], [])
    assert [(m["action"], m["outcome"], m["reason"]) for m in told] == [
        ("maniac_kill", "done", "ok"), ("vote", "void", "withdrawn")]
