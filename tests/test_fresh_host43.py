"""What a fresh host found (forty-third session): a letter read again after ``words add`` lost
what its first reply said of the sender's earlier letters (read too, their questions); a move
word of another role got a garbled «Ваша роль не может …»; the CLI's «день 1 уже закрыт,
открыт день 2» read oddly; the result letters did not say who died; ``words`` showed only the
parser's span of what was not understood."""

from __future__ import annotations

from datetime import timedelta

from mailer.taught_words import reread_changed, teach, with_taught
from test_sync import DEADLINE, START, Game, letter
from test_taught_words import game  # noqa: F401  (the fixture: a game; the shipped lexicon after)

NOW = DEADLINE - timedelta(hours=1)


def _queued_replies(game):
    return [r for r in game.replies("reply") if r.state == "queued"]


def _teach_heal(game):
    before = with_taught(game.cfg, game.store).words
    teach(game.cfg, game.store, "лечение", ["отпаивать компотом"], now=NOW)
    return reread_changed(game.cfg, game.store, before, now=NOW)


def test_a_reread_reply_still_stands_for_the_earlier_letter_and_its_question(game):
    """Two letters of Бука, one reply (the second's): it said that the first was read and
    repeated its question to the host. The second is read again after ``words add``: the new
    reply says both again, beside the move now understood; the first letter's reply stays off
    the queue."""
    game.deliver(letter("buka@example.org", "Ведущий, а можно лечить себя? Линч: Ягуарчик", msgid="a@x"),
                 START + timedelta(hours=2))
    game.deliver(letter("buka@example.org", "Отпаиваю компотом Маруську", msgid="b@x"), START + timedelta(hours=3))
    game.sync()
    [first] = _queued_replies(game)
    assert "тоже прочитано" in first.body and "«Ведущий, а можно лечить себя?»" in first.body
    ids, _ = _teach_heal(game)
    assert ids == [2]
    [again] = _queued_replies(game)
    assert again.id != first.id
    assert "Ваше письмо, полученное 07.12.2026 21:30 (МСК), тоже прочитано" in again.body
    assert "Вопрос к ведущему (ответит ведущий сам): «Ведущий, а можно лечить себя?»" in again.body
    assert "Лечение: Маруська" in again.body and "Не понял" not in again.body
    assert "Голос на линче: Ягуарчик" in again.body


def test_a_reread_earlier_letter_is_followed_by_the_later_ones_of_its_sender(game):
    """The changed letter is the first of two; the second's reply stood for it. Both are read
    again, in order: one reply goes out, the second's, and it says what stands after both
    (the heal now understood, the later vote in place of the earlier) — not the first's new
    reply claiming the later vote was replaced by it."""
    game.deliver(letter("buka@example.org", "Отпаиваю компотом Маруську. Линч: Ягуарчик", msgid="a@x"),
                 START + timedelta(hours=2))
    game.deliver(letter("buka@example.org", "Линч: Serginio", msgid="b@x"), START + timedelta(hours=3))
    game.sync()
    ids, report = _teach_heal(game)
    assert ids == [1, 2] and report.processed == 2 and report.followed == [2]
    [reply] = _queued_replies(game)
    assert reply.ref == "reply:b@x"
    body = reply.body
    assert "тоже прочитано" in body and "Не понял" not in body
    assert body.index("Принято (день 1):\n  - Голос на линче: Serginio") < body.index("Лечение: Маруська")
    assert "заменены этим письмом:\n  - Голос на линче: Ягуарчик" in body


#: One player of every role beside the four of test_sync's game (detective, doctor, boss,
#: plain civilian).
EVERY_ROLE = ("clan1.thief", "clan1.guard", "clan1.indian", "clan1.actor", "son", "hostess", "psycho", "fan",
              "thug", "swindler", "witness", "maniac")


def test_a_move_word_of_another_role_is_told_with_what_the_senders_role_does(tmp_path):
    """«Вколю Маруську» (the doctor's word) from every other role: the reply says what the
    words were read as, that it is another role's move and so not accepted, and the sender's
    own night move with how to write it; an inactive son is told as a plain civilian."""
    from mailer.store import Letter, loads
    from sqlmodel import select

    players = "".join(f'\n[[player]]\nnick = "P{i}"\nemail = "p{i}@example.org"\nrole = "{r}"\n'
                      for i, r in enumerate(EVERY_ROLE))
    g = Game(tmp_path, players=players)
    try:
        senders = ["marusya", "jaguar", "serg"] + [f"p{i}" for i in range(len(EVERY_ROLE))]
        for i, who in enumerate(senders):
            g.deliver(letter(f"{who}@example.org", "Вколю Маруську", msgid=f"m{i}@x"),
                      START + timedelta(hours=2, minutes=i))
        g.sync()
        with g.store.session() as s:
            told = {l.nick: [p["message"] for p in loads(l.problems_json)] for l in s.exec(select(Letter))}
        reply = next(r.body for r in g.replies("reply") if r.to_addr == "p11@example.org")
    finally:
        g.store.dispose()
    head = "«Вколю Маруську» — это лечение, ход другой роли, поэтому он не принят. Ваша роль — "
    assert told == {
        "Маруська": [head + "Детектив, ваш ночной ход — проверка («проверяю …»)."],
        "Ягуарчик": [head + "Босс, ваши ночные ходы — проверка босса («проверяю …») и убийство от клана "
                            "(«убиваем …»)."],
        "Serginio": [head + "Мирный: своего ночного хода нет, ночью можно участвовать в мирной охоте («МО: …»)."],
        "P0": [head + "Вор, ваш ночной ход — кража («ворую у …»)."],
        "P1": [head + "Охранник, ваш ночной ход — охрана («охраняю …»)."],
        "P2": [head + "Индеец: своего ночного хода нет."],
        "P3": [head + "Актёр: своего ночного хода нет."],
        "P4": [head + "Мирный: своего ночного хода нет, ночью можно участвовать в мирной охоте («МО: …»)."],
        "P5": [head + "Стерва, ваш ночной ход — приглашение («приглашаю в гости …»)."],
        "P6": [head + "Шизик, ваш ночной ход — приглашение к Шизику («шизю …»)."],
        "P7": [head + "Фанатка, ваш ночной ход — поиск («проверяю, не детектив ли …»)."],
        "P8": [head + "Громила, ваш ночной ход — избиение («бью …»)."],
        "P9": [head + "Жулик, ваш ночной ход — жульничество («жульничаю против …»)."],
        "P10": [head + "Свидетель, ваш ночной ход — слежка («слежу за …»)."],
        "P11": [head + "Маньяк, ваш ночной ход — убийство маньяка («убиваю …»)."],
    }
    assert "Не принято:\n  - " + head + "Маньяк" in reply and "Ваша роль не может" not in reply


def test_a_clan_kill_or_a_hunt_of_the_wrong_side_says_whose_move_it_is(tmp_path):
    """The clan's kill from the doctor, the civilians' hunt from the boss."""
    g = Game(tmp_path)
    try:
        got = g.answers(("buka@example.org", "Убиваем Маруську", "k@x"), ("jaguar@example.org", "МО: Маруська", "h@x"))
    finally:
        g.store.dispose()
    assert ("«Убиваем Маруську» — это убийство от клана, ход клана, поэтому он не принят. Ваша роль — Врач, "
            "ваш ночной ход — лечение («лечу …»).") in got["reply:k@x"]
    assert "это мирная охота, ход мирных жителей, поэтому он не принят. Ваша роль — Босс" in got["reply:h@x"]


def test_close_day_before_the_deadline_says_which_day_is_open_and_its_deadline(tmp_path):
    """«день 1 уже закрыт, открыт день 2: срок дня 2 — …» read oddly: the refusal names the
    day open now and its deadline in one sentence (day 1: no closed day before it)."""
    from click.testing import CliRunner

    from mailer.cli import main as cli_main

    g = Game(tmp_path)
    g.store.dispose()
    shown = CliRunner().invoke(cli_main, ["--config", str(tmp_path / "game.toml"), "close-day"],
                               env={"MAFIA_MAIL_NOW": (START + timedelta(hours=2)).isoformat(), "COLUMNS": "200"})
    assert shown.exit_code == 1
    assert " ".join(shown.output.split()) == (
        "Ошибка: сейчас идёт день 1, его срок — 08.12.2026 19:30 (МСК), и он ещё не прошёл. Закрыть день 1 "
        f"раньше срока (ходы, что придут потом, в него не войдут): mafia-mail --config {tmp_path / 'game.toml'} "
        "close-day --early")


def _results(g):
    return {r.to_nick: r.body for r in g.replies("result")}


def test_the_result_letter_tells_the_days_deaths_as_the_newspaper_does(tmp_path):
    """Each result letter says who left the game this turn — the lynched and the night's dead,
    with the roles the newspaper reveals — so a player knows it without the forum."""
    from mailer.day import close_day
    from mailer.store import DayRow

    g = Game(tmp_path)
    try:
        for i, (who, body) in enumerate((("marusya", "Линч: Бука. Проверяю Ягуарчика"),
                                         ("buka", "Линч: Бука. Лечу Маруську"),
                                         ("jaguar", "Линч: Бука. Убиваем Serginio"), ("serg", "Линч: Бука"))):
            g.deliver(letter(f"{who}@example.org", body, msgid=f"m{i}@x"), START + timedelta(hours=2 + i))
        g.sync()
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        letters = _results(g)
        with g.store.session() as s:
            paper = s.get(DayRow, 1).newspaper
    finally:
        g.store.dispose()
    told = "За день из игры ушли:\n  - Бука, Врач — линч.\n  - Serginio, Мирный — убийство ночью.\n"
    assert set(letters) == {"Маруська", "Бука", "Ягуарчик", "Serginio"}
    assert all(told in body for body in letters.values())
    assert "  - Бука, Врач — линч\n" in paper and "  - Serginio, Мирный — убийство ночью\n" in paper


def test_the_result_letter_hides_the_roles_the_eclipse_hides_and_says_when_nobody_died(tmp_path):
    """«Солнечное затмение»: the newspaper names the hanged without his role, and so does the
    result letter; a day nobody died is said so."""
    from mailer.day import close_day, set_event

    g = Game(tmp_path)
    try:
        set_event(g.cfg, g.store, "eclipse", now=START)
        for i, who in enumerate(("marusya", "buka", "jaguar", "serg")):
            g.deliver(letter(f"{who}@example.org", "Линч: Serginio", msgid=f"e{i}@x"), START + timedelta(hours=2 + i))
        g.sync()
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        eclipsed = _results(g)
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(days=1, minutes=5))
        quiet = {n: b for n, b in _results(g).items() if "Итоги дня 2" in b}
    finally:
        g.store.dispose()
    for body in eclipsed.values():
        assert "За день из игры ушли:\n  - Serginio — линч.\n" in body
        assert "Солнечное затмение: роли ушедших сегодня не раскрываются." in body
        assert "Мирный" not in body
    assert quiet and all("За день никто не погиб: ни на линче, ни ночью." in b for b in quiet.values())


def test_words_shows_the_sentence_around_what_was_not_understood(game):
    """``mafia-mail words`` showed only the parser's span; it shows the letter's sentence
    around it, and the span when the sentence says more; a long sentence is cut at words."""
    from click.testing import CliRunner

    from mailer.cli import main as cli_main
    from mailer.taught_words import sentence_around

    game.deliver(letter("marusya@example.org", "Привет! Линч: Ягуарчик.\nСегодня ночью вколю Буку, а потом "
                        "посмотрим, что будет.\nПока!", msgid="own@x"), START + timedelta(hours=3))
    env = {"MAFIA_MAIL_CONFIG": str(game.root / "game.toml"), "MAFIA_MAIL_NOW": NOW.isoformat(), "COLUMNS": "200"}
    assert CliRunner().invoke(cli_main, ["sync"], env=env).exit_code == 0
    listed = CliRunner().invoke(cli_main, ["words"], env=env)
    assert listed.exit_code == 0, listed.output
    [line] = [ln for ln in listed.output.splitlines() if ln.startswith("  1: ")]
    assert line == "  1: Маруська — «Сегодня ночью вколю Буку, а потом посмотрим, что будет» (не понято: «вколю Буку»)"

    long = "Ну " + "очень " * 60 + "и вот отпаиваю компотом Маруську, потому что " + "так " * 60 + "надо."
    cut = sentence_around(long, "отпаиваю компотом Маруську")
    assert len(cut) <= 200 and cut.startswith("…очень ") and cut.endswith(" так…")
    assert "и вот отпаиваю компотом Маруську, потому что так" in cut
    # a line break before a capital ends a sentence; a line the mail client wrapped goes on
    assert sentence_around("Линч: Бука\nСегодня отпаиваю\nкомпотом Маруську\nПока", "отпаиваю компотом Маруську") \
        == "Сегодня отпаиваю компотом Маруську"
    assert sentence_around("совсем другое", "отпаиваю  компотом") == "отпаиваю компотом"


def test_words_add_names_the_later_letters_it_read_again_apart(game):
    from click.testing import CliRunner

    from mailer.cli import main as cli_main

    game.deliver(letter("buka@example.org", "Отпаиваю компотом Маруську. Линч: Ягуарчик", msgid="a@x"),
                 START + timedelta(hours=2))
    game.deliver(letter("buka@example.org", "Линч: Serginio", msgid="b@x"), START + timedelta(hours=3))
    env = {"MAFIA_MAIL_CONFIG": str(game.root / "game.toml"), "MAFIA_MAIL_NOW": NOW.isoformat(), "COLUMNS": "200"}
    assert CliRunner().invoke(cli_main, ["sync"], env=env).exit_code == 0
    added = CliRunner().invoke(cli_main, ["words", "add", "heal", "отпаивать компотом"], env=env)
    assert added.exit_code == 0, added.output
    assert ("Письма дня, которые теперь читаются иначе, прочитаны заново: письмо 1 (и следом более поздние письма тех же "
            "игроков за день: письмо 2); новые ответы — в очереди (mafia-mail outbox).") in " ".join(added.output.split())
