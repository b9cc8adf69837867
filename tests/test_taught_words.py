"""``mafia-mail words``: the host teaches the game a player's own words for a move once, and
the open day's letters that used them are read again with them (issue 11, per-game learning)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from click.testing import CliRunner

from mailer.day import GameError
from mailer.lexicon_cache import install
from mailer.reread import reread
from mailer.taught_words import forget, taught, teach, unread_letters, with_taught
from test_sync import DEADLINE, START, Game, letter

NOW = DEADLINE - timedelta(hours=1)
OWN_WORDS = "Отпаиваю компотом Маруську. Линч: Ягуарчик"


@pytest.fixture
def game(tmp_path):
    g = Game(tmp_path)
    yield g
    install()  # the shipped lexicon again for the next test in this process
    g.store.dispose()


def _moves(game, letter_id):
    from mailer.store import Letter, loads

    with game.store.session() as s:
        row = s.get(Letter, letter_id)
        return row.state, loads(row.moves_json), [p["kind"] for p in loads(row.problems_json)]


def test_taught_words_read_the_days_letter_again_and_every_later_one(game):
    game.deliver(letter("buka@example.org", OWN_WORDS, msgid="own@x"), START + timedelta(hours=3))
    game.sync()
    [(letter_id, who, texts, sentences)] = unread_letters(game.store)
    assert (who, texts, sentences) == ("Бука", ["Отпаиваю компотом Маруську"], ["Отпаиваю компотом Маруську"])
    assert _moves(game, letter_id) == ("applied", [{"action": "vote", "target": "Ягуарчик"}], ["unparsed"])

    done = teach(game.cfg, game.store, "лечение", ["отпаивать  компотом"], now=NOW)
    assert (done.action, done.name, done.changed, done.unchanged) == ("heal", "лечение", ["отпаивать компотом"], [])
    assert taught(game.store) == {"heal": ["отпаивать компотом"]}
    cfg = with_taught(game.cfg, game.store)
    assert cfg.words == {"heal": ["отпаивать компотом"]} and game.cfg.words == {}
    install(cfg.words)

    report = reread(cfg, game.store, [letter_id], now=NOW, open_day=True)
    assert report.processed == 1 and report.withdrawn == 1  # the unsent «не понял» reply goes
    assert _moves(game, letter_id) == ("applied", [{"action": "heal", "target": "Маруська"},
                                                   {"action": "vote", "target": "Ягуарчик"}], [])
    assert unread_letters(game.store) == []
    replies = game.replies("reply")
    assert [r.state for r in replies] == ["dropped", "queued"]
    assert "Лечение: Маруська" in replies[1].body and "Не понял" not in replies[1].body

    # a later letter in another form of the taught words is read at once
    game.deliver(letter("buka@example.org", "Отпаиваем компотом Ягуарчика", msgid="later@x"), START + timedelta(hours=5))
    game.cfg = cfg
    game.sync()
    later = max(r.id for r in game.rows())
    assert _moves(game, later) == ("applied", [{"action": "heal", "target": "Ягуарчик"}], [])


def test_another_roles_move_is_listed_only_from_a_role_with_a_move_of_its_own(game):
    """A plain civilian's «Вколю Маруську» is understood (the doctor's move) and refused: no word
    of his to teach, so ``words`` does not list it (two fresh hosts, s48, were invited to teach
    it); the same from the detective may be his own word for his check: listed."""
    game.deliver(letter("serg@example.org", "Вколю Маруську", msgid="c@x"), START + timedelta(hours=3))
    game.deliver(letter("marusya@example.org", "Вколю Ягуарчика", msgid="d@x"),
                 START + timedelta(hours=3, minutes=1))
    game.sync()
    assert [(who, texts) for _id, who, texts, _s in unread_letters(game.store)] == [
        ("Маруська", ["Вколю Ягуарчика"])]
    assert _moves(game, 1)[2] == ["not_your_role"]  # (Serginio's: refused, told in the reply)


def test_reread_alone_still_refuses_a_letter_whose_moves_were_taken(game):
    game.deliver(letter("buka@example.org", OWN_WORDS, msgid="own@x"), START + timedelta(hours=3))
    game.sync()
    [row] = game.rows()
    with pytest.raises(GameError, match=r"не подходят: 1 \(ходы приняты\)"):
        reread(game.cfg, game.store, [row.id], now=NOW)


def test_a_word_that_means_another_move_is_refused_and_nothing_is_stored(game):
    with pytest.raises(GameError, match="Слово игры должно значить один ход"):
        teach(game.cfg, game.store, "heal", ["проверять"], now=NOW)
    assert taught(game.store) == {}


def test_moves_by_id_or_russian_name_and_an_unknown_move_lists_them(game):
    with pytest.raises(GameError, match=r"нет такого хода «лечилка»; ходы: .*heal \(лечение\)"):
        teach(game.cfg, game.store, "лечилка", ["отпаивать компотом"], now=NOW)
    with pytest.raises(GameError, match="нет такого хода «убийство»"):  # two moves begin so
        teach(game.cfg, game.store, "убийство", ["в расход"], now=NOW)
    assert teach(game.cfg, game.store, "голос", ["чёрная метка"], now=NOW).action == "vote"
    teach(game.cfg, game.store, "Приглашение", ["забирать в изолятор"], now=NOW)
    again = teach(game.cfg, game.store, "invite", ["забирать в изолятор", "звать на чай"], now=NOW)
    assert (again.changed, again.unchanged) == (["звать на чай"], ["забирать в изолятор"])
    assert taught(game.store) == {"vote": ["чёрная метка"], "invite": ["забирать в изолятор", "звать на чай"]}
    gone = forget(game.store, "приглашение", ["забирать в изолятор", "пить чай"])
    assert (gone.changed, gone.unchanged) == (["забирать в изолятор"], ["пить чай"])
    assert taught(game.store) == {"vote": ["чёрная метка"], "invite": ["звать на чай"]}


def test_taught_words_join_the_configs_own_words(tmp_path):
    g = Game(tmp_path, extra='[words]\nheal = ["штопать"]\n')
    try:
        teach(g.cfg, g.store, "heal", ["отпаивать компотом"], now=NOW)
        assert with_taught(g.cfg, g.store).words == {"heal": ["штопать", "отпаивать компотом"]}
    finally:
        g.store.dispose()


def test_the_words_command_teaches_rereads_lists_and_forgets(game):
    from mailer.cli import main

    game.deliver(letter("buka@example.org", OWN_WORDS, msgid="own@x"), START + timedelta(hours=3))
    env = {"MAFIA_MAIL_CONFIG": str(game.root / "game.toml"), "MAFIA_MAIL_NOW": NOW.isoformat(), "COLUMNS": None}
    runner = CliRunner()
    synced = runner.invoke(main, ["sync"], env=env)
    assert synced.exit_code == 0, synced.output
    assert "Писем дня, где что-то не понято: 1 (какие и что: mafia-mail words; если это ход своими словами — " \
           "научите игру: mafia-mail words add ХОД «слова»; если прозвище игрока — mafia-mail words add НИК " \
           "«прозвище»)" in " ".join(synced.output.split())
    helped = runner.invoke(main, ["words", "--help"], env=env)
    assert helped.output.startswith("Использование: main words [ПАРАМЕТРЫ] [КОМАНДА] [АРГУМЕНТЫ]...")
    listed = runner.invoke(main, ["words"], env=env)
    assert listed.exit_code == 0, listed.output
    assert "У игры нет своих слов" in listed.output and "1: Бука — «Отпаиваю компотом Маруську»" in listed.output

    added = runner.invoke(main, ["words", "add", "heal", "отпаивать компотом"], env=env)
    assert added.exit_code == 0, added.output
    assert "Игра знает новые слова хода heal (лечение): «отпаивать компотом»." in added.output
    assert "Письма дня, которые теперь читаются иначе, прочитаны заново: письмо 1; новые ответы — в очереди " \
           "(mafia-mail outbox)." in added.output and "Непонятое" not in added.output
    assert _moves(game, 1)[1] == [{"action": "heal", "target": "Маруська"}, {"action": "vote", "target": "Ягуарчик"}]

    listed = runner.invoke(main, ["words"], env=env)
    assert "heal (лечение): «отпаивать компотом» (добавлено)" in listed.output
    status = runner.invoke(main, ["status"], env=env)
    assert "лечение: «отпаивать компотом»" in status.output, status.output
    again = runner.invoke(main, ["words", "add", "лечение", "Отпаивать компотом"], env=env)
    assert "Уже были: «Отпаивать компотом»." in again.output
    assert "Письма открытого дня эти слова не меняют: заново читать нечего." in again.output

    bad = runner.invoke(main, ["words", "add", "heal", "проверять"], env=env)
    assert bad.exit_code != 0 and "Слово игры должно значить один ход" in bad.output

    # forgetting the words reads the letter again as close-day will: «не понял» once more
    removed = runner.invoke(main, ["words", "remove", "heal", "отпаивать компотом"], env=env)
    assert removed.exit_code == 0 and "Забыты слова хода heal (лечение): «отпаивать компотом»." in removed.output
    assert "прочитаны заново: письмо 1;" in removed.output
    assert taught(game.store) == {} and _moves(game, 1) == (
        "applied", [{"action": "vote", "target": "Ягуарчик"}], ["unparsed"])
    never = runner.invoke(main, ["words", "remove", "heal", "штопать"], env=env)
    assert never.exit_code == 1 and "Этим словам игру не учили: «штопать»" in never.output


def test_parse_with_the_config_reads_the_taught_words_of_its_game(game):
    from mailer.cli import main

    env = {"MAFIA_MAIL_CONFIG": str(game.root / "game.toml"), "MAFIA_MAIL_NOW": NOW.isoformat(), "COLUMNS": None}
    runner = CliRunner()
    exported = runner.invoke(main, ["export", str(game.root / "game-file.toml")], env=env)
    assert exported.exit_code == 0, exported.output
    parse = ["parse", "--game", str(game.root / "game-file.toml"), "--from", "Бука"]
    before = runner.invoke(main, parse, input="Отпаиваю компотом Маруську", env=env)
    assert '"moves": []' in before.output and '"unparsed"' in before.output
    teach(game.cfg, game.store, "heal", ["отпаивать компотом"], now=NOW)
    after = runner.invoke(main, parse, input="Отпаиваю компотом Маруську", env=env)
    assert after.output.strip() == '{"moves": [{"action": "heal", "target": "Маруська"}], "problems": []}'


def test_close_day_does_what_the_reply_after_the_words_change_says(game):
    """close-day reads the day's letters again with the words of its moment: after a change
    of the words the changed letters are read again at once, so the reply and close-day agree."""
    from mailer.day import close_day
    from mailer.store import DayRow, loads
    from mailer.taught_words import reread_changed

    game.deliver(letter("buka@example.org", OWN_WORDS, msgid="own@x"), START + timedelta(hours=3))
    game.deliver(letter("buka@example.org", "Линч: Serginio", msgid="vote@x"), START + timedelta(hours=4))
    game.sync()
    before = with_taught(game.cfg, game.store).words
    teach(game.cfg, game.store, "heal", ["отпаивать компотом"], now=NOW)
    ids, report = reread_changed(game.cfg, game.store, before, now=NOW)
    # the vote-only letter reads the same, but its reply stood for the first letter's and
    # said what stood after it: read again after it, its reply is the one that goes out
    assert ids == [1, 2] and report.processed == 2
    assert "Лечение: Маруська" in game.replies("reply")[-1].body
    assert [r.ref for r in game.replies("reply") if r.state == "queued"] == ["reply:vote@x"]
    close_day(with_taught(game.cfg, game.store), game.store, now=DEADLINE + timedelta(minutes=5))
    with game.store.session() as s:
        result = loads(s.get(DayRow, 1).result_json)
    heals = [m for m in result["moves"] if m["action"] == "heal"]
    assert [(m["by"], m["target"], m["outcome"]) for m in heals] == [("Бука", "Маруська", "done")]


def test_an_exported_game_carries_its_taught_words_and_replays_on_its_own(game):
    """A fresh host (session 53): ``export`` left out the words taught with ``words add``, so
    ``replay --check`` of the file away from the game's config read the taught letter as
    nothing and the day came out otherwise. The file now carries the game's words (``[words]``)
    and replays alone; the same file without them does not match its own expectations."""
    import tomllib

    from mailer.cli import main
    from mailer.day import close_day

    game.deliver(letter("jaguar@example.org", "Убить Serginio", msgid="k@x"), START + timedelta(hours=2))
    game.deliver(letter("buka@example.org", "Отпаиваю компотом Serginio. Линч: Маруська", msgid="own@x"),
                 START + timedelta(hours=3))
    game.sync()
    from mailer.taught_words import reread_changed

    before = with_taught(game.cfg, game.store).words
    teach(game.cfg, game.store, "heal", ["отпаивать компотом"], now=NOW)
    reread_changed(game.cfg, game.store, before, now=NOW)  # as `words add` does
    close_day(with_taught(game.cfg, game.store), game.store, now=DEADLINE + timedelta(minutes=5))
    install()
    runner = CliRunner()
    env = {"MAFIA_MAIL_CONFIG": str(game.root / "game.toml"), "MAFIA_MAIL_NOW": NOW.isoformat(), "COLUMNS": None}
    path = game.root / "archive.toml"
    assert runner.invoke(main, ["export", str(path)], env=env).exit_code == 0
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["words"] == {"heal": ["отпаивать компотом"]}
    assert data["turn"][0]["expect"]["dead"] == ["Маруська"]  # lynched; Serginio healed
    alone = {"MAFIA_MAIL_CONFIG": None, "COLUMNS": None}
    res = runner.invoke(main, ["replay", str(path), "--check"], env=alone)
    assert res.exit_code == 0, res.output
    bare = game.root / "bare.toml"
    bare.write_text(path.read_text(encoding="utf-8").replace('[words]\n"heal" = ["отпаивать компотом"]\n', ""),
                    encoding="utf-8")
    assert "words" not in tomllib.loads(bare.read_text(encoding="utf-8"))
    res = runner.invoke(main, ["replay", str(bare), "--check"], env=alone)
    assert res.exit_code == 1 and "Serginio" in res.output, res.output
