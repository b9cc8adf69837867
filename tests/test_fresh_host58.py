"""A fresh host's findings (session 57's trial), fixed in session 58."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mailer.outbox import send_all
from mailer.store import loads
from test_answers import EXTRA_PLAYERS, _letters, _reply_to
from test_sync import DEADLINE, START, Game, letter


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def kira(tmp_path):
    g = Game(tmp_path, players=EXTRA_PLAYERS)
    yield g
    g.store.dispose()


def _quoted(body: str) -> str:
    return "\n\n" + "\n".join("> " + line for line in body.splitlines())


def ask_then_answer(g: Game, text: str, answer: str, tag: str, *, quote: bool = True):
    """Бука's letter ``text`` (Message-ID ``q<tag>@x``) synced, then his reply ``answer`` to the
    game's reply to it (``a<tag>@x``: In-Reply-To that reply, which is quoted below the answer
    unless ``quote`` is False), synced an hour later. Returns the reply that asked and the
    answer's stored letter."""
    g.deliver(letter("buka@example.org", text, msgid=f"q{tag}@x"), START + timedelta(hours=2))
    g.sync()
    asked = _reply_to(g, f"q{tag}@x")
    g.deliver(letter("buka@example.org", answer + (_quoted(asked.body) if quote else ""), msgid=f"a{tag}@x",
                     extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
    g.sync()
    return asked, _letters(g)[f"a{tag}@x"]


def _explain(g: Game) -> str:
    from mailer.reports import explain_day

    return explain_day(g.store, 1)


# 1. A player's answer to the parser's question was lost: «Кира, девушка которая» in a reply
#    to «Кир или Кира?» was read as a letter of no move; ``explain`` showed neither.

def test_a_reply_to_the_question_is_read_against_its_choices(kira):
    from mailer.day import close_day

    g = kira
    asked, answer = ask_then_answer(g, "Голосую за Кирку", "Кира, девушка которая", "1")
    assert "«Кир» или «Кира»" in asked.body
    assert (answer.state, loads(answer.moves_json)) == ("applied", [{"action": "vote", "target": "Кира"}])
    assert "Голос на линче: Кира" in _reply_to(g, "a1@x").body
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    text = _explain(g)
    q, a = _letters(g)["q1@x"].id, answer.id
    assert "голос на линче → Кира — учтён" in text
    assert (f"письмо {q}: ответ игроку спросил — Не понял, кого вы имеете в виду: «Кир» или «Кира»? "
            "(в строке «Голосую за Кирку»)") in text
    assert (f"письмо {a} — прочитано как ответ на вопрос к письму {q} («Голосую за Кирку»): "
            "«Кира, девушка которая» → Голос на линче: Кира") in text


def test_an_answer_that_fits_both_or_none_is_asked_again(kira):
    """Quoted question (no In-Reply-To): «Кирку» fits both — asked again; «не знаю» fits
    none — asked again; «вторую» settles it. ``explain`` shows each step."""
    from mailer.day import close_day

    g = kira
    g.deliver(letter("buka@example.org", "Лечу Кирку", msgid="q2@x"), START + timedelta(hours=2))
    g.sync()
    send_all(g.cfg, g.store, now=START + timedelta(hours=2, minutes=30))
    asked = _reply_to(g, "q2@x")
    g.deliver(letter("buka@example.org", "Ну Кирку же, сказал же" + _quoted(asked.body), msgid="a2@x"),
              START + timedelta(hours=3))
    g.sync()
    send_all(g.cfg, g.store, now=START + timedelta(hours=3, minutes=30))
    again = _reply_to(g, "a2@x")
    assert _letters(g)["a2@x"].state == "no_moves"
    # session 59: asked again in plain Russian, not «Вопрос остаётся: Не понял, кого …»
    assert "Спрашиваю ещё раз: кого вы имеете в виду — «Кир» или «Кира»? (в строке «Лечу Кирку»)" in _flat(again.body)
    g.deliver(letter("buka@example.org", "А я не знаю, кто из них кто, честно", msgid="a3@x",
                     extra=f"In-Reply-To: <{again.message_id}>\r\n"), START + timedelta(hours=4))
    g.sync()
    send_all(g.cfg, g.store, now=START + timedelta(hours=4, minutes=30))
    third = _reply_to(g, "a3@x")
    assert "Из вашего ответа «А я не знаю, кто из них кто, честно» я не понял, кого вы выбрали" in _flat(third.body)
    g.deliver(letter("buka@example.org", "Вторую! Которая девушка", msgid="a4@x",
                     extra=f"In-Reply-To: <{third.message_id}>\r\n"), START + timedelta(hours=5))
    g.sync()
    assert loads(_letters(g)["a4@x"].moves_json) == [{"action": "heal", "target": "Кира"}]
    assert "Лечение: Кира" in _reply_to(g, "a4@x").body
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    text = _explain(g)
    rows = _letters(g)
    assert f"письмо {rows['a2@x'].id} — ответ на вопрос к письму {rows['q2@x'].id} («Лечу Кирку») не понят" in text
    assert f"письмо {rows['a3@x'].id} — ответ на вопрос к письму {rows['a2@x'].id}" in text
    assert "→ Лечение: Кира" in text
    assert "на вопрос ответа не пришло" not in text


def test_a_question_left_unanswered_is_named_in_explain(kira):
    from mailer.day import close_day

    g = kira
    g.deliver(letter("buka@example.org", "Голосую за Кирку", msgid="q5@x"), START + timedelta(hours=2))
    g.sync()
    close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
    text = _explain(g)
    assert "ответ игроку спросил — Не понял, кого вы имеете в виду" in text
    assert "на вопрос ответа не пришло: тот ход не засчитан" in text


def test_a_reply_naming_another_player_is_no_answer(kira):
    g = kira
    _asked, answer = ask_then_answer(g, "Лечу Кирку", "Кира. А вообще Ягуарчик мафия, точно говорю", "6",
                                     quote=False)
    assert loads(answer.moves_json) == []
    assert "Спрашиваю ещё раз: кого вы имеете в виду" in _flat(_reply_to(g, "a6@x").body)


# 2. A reply queued before the deadline («Ходы можно изменить до …») stayed in the queue after
#    close-day (and after reopen-day + close-day) and went out next to the results.

INVITE = "Ходы можно изменить до 08.12.2026 19:30 (МСК): пришлите новое письмо, последний ход заменит прежний."


def test_unsent_reply_no_longer_invites_changes_after_a_close_past_the_deadline(tmp_path):
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Ягуарчик", msgid="b1@x"),
                  START + timedelta(hours=2))
        g.sync()
        [before] = [r.body for r in g.replies("reply") if r.ref == "reply:b1@x"]
        assert INVITE in before
        closed = _run(g, ["close-day"], DEADLINE + timedelta(minutes=5))
        assert closed.exit_code == 0, closed.output
        [after] = [r.body for r in g.replies("reply") if r.ref == "reply:b1@x"]
        told = ("День 1 закрыт 08.12.2026 19:35 (МСК): ходы этого дня больше не меняются; "
                "итоги — в письме с итогами дня 1.")
        assert after == before.replace(INVITE, told)
        assert ("Ответов игрокам на письма дня 1, ещё не отправленных: 1 — «Ходы можно изменить до …» в них "
                "заменено на «День 1 закрыт …: ходы этого дня больше не меняются»") in _flat(closed.output)
        # reopen-day invites changes again; the next close takes it back again
        reopened = _run(g, ["reopen-day", "1", "--yes"], DEADLINE + timedelta(minutes=10))
        assert reopened.exit_code == 0, reopened.output
        [open_again] = [r.body for r in g.replies("reply") if r.ref == "reply:b1@x"]
        assert "Ведущий снова открыл день 1: ходы можно прислать или изменить до" in open_again
        again = _run(g, ["close-day"], DEADLINE + timedelta(minutes=15))
        assert again.exit_code == 0, again.output
        [last] = [r.body for r in g.replies("reply") if r.ref == "reply:b1@x"]
        assert "Ведущий снова открыл" not in last and "Ходы можно" not in last
        assert "ходы этого дня больше не меняются" in last
    finally:
        g.store.dispose()


# 3. After ``reread`` of a letter from a newly added address the player was not told the
#    letter now counts: the «no word-for-word repeat» rule dropped the reply, though he never
#    received a reply for that letter (only «адрес не знаком»).

def test_reread_of_a_letter_never_answered_tells_the_player(tmp_path):
    from test_fresh_host57 import _letters as _out, reread_from_added_address

    g = Game(tmp_path)
    try:
        done, last = reread_from_added_address(g)
        assert "слово в слово" not in done.output
        [queued] = [o for o in _out(g, last) if o.state == "queued"]
        assert queued.to_nick == "Бука"
        body = _flat(queued.body)
        assert body.startswith("Здравствуйте, Бука! Ваше письмо с адреса buka.work@example.net, полученное "
                               "07.12.2026 21:30 (МСК), теперь засчитано: ведущий добавил этот адрес к вашим.")
        assert "Лечение: Маруська" in body and "Голос на линче: Ягуарчик" in body
        assert body.count("теперь засчитано") == 1
        send_all(g.cfg, g.store, now=START + timedelta(hours=6))
        send_all(g.cfg, g.store, now=START + timedelta(hours=6, minutes=1))
        assert [o.state for o in _out(g, last)].count("sent") == 1
    finally:
        g.store.dispose()



# 4. A player stripped of his vote by «Пальмы цветут» was not told whom he had voted for;
#    ``explain --day`` dropped that forum vote.

def test_palms_tells_the_stripped_player_his_vote_and_explain_keeps_it(tmp_path):
    from click.testing import CliRunner
    from sqlmodel import select

    from forum.game import DAY1_END
    from mailer.cli import main
    from mailer.store import Outgoing
    from test_fresh_host57 import PALMS, _cli, _forum_game, _paste

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
            bodies = {o.to_nick: _flat(o.body) for o in s.exec(select(Outgoing)) if o.kind == "result"}
        assert ("Голос на линче: Ягуар (в ветке, пост 07.12 20:15) — не состоялся: вы лишены голоса («Пальмы "
                "цветут»: запретные слова в теме игры — «меня», «не» в посте 07.12 20:15), и ваш голос засчитан "
                "против вас самих.") in bodies["Гном"], bodies["Гном"]
        assert "Голос на линче: Лис (в ветке, пост 07.12 21:00) — не состоялся" in bodies["Кузя"], bodies["Кузя"]
        text = CliRunner().invoke(main, ["--config", str(cfg.path), "explain", "--day", "1"], env=at).output
        assert ("  Гном (Мирный) — писем нет:\n"
                "    • голос на линче в ветке (пост 07.12 20:15) → Ягуар — не учтён: лишён(а) голоса ведущим\n"
                "    • лишён(а) голоса ведущим («Пальмы цветут»: его голос — против него самого → Гном)\n") in text, text
    finally:
        store.dispose()


# 5. A letter that arrived after an early close, before the day's real deadline, was only
#    «без ходов» in ``sync``: the host is told it came before the real deadline, and how to
#    count it in that day.

def test_sync_tells_the_host_of_a_letter_after_an_early_close_before_the_deadline(tmp_path):
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Лечу Маруську", msgid="b1@x"), START + timedelta(hours=2))
        early = _run(g, ["close-day", "--early", "--yes"], START + timedelta(hours=3))
        assert early.exit_code == 0, early.output
        g.deliver(letter("serg@example.org", "Привет! Линч: Ягуарчик", msgid="s1@x"), START + timedelta(hours=10))
        g.deliver(letter("marusya@example.org", "лимонад. Как дела у всех?", msgid="m1@x"), START + timedelta(hours=11))
        done = _run(g, ["sync"], START + timedelta(hours=12))
        assert done.exit_code == 0, done.output
        ids = {r.message_id: r.id for r in g.rows()}
        said = _flat(done.output)
        assert (f"Пришли после досрочного закрытия дня 1, но до его настоящего срока 08.12.2026 19:30 (МСК): "
                f"письма {ids['s1@x']} (Serginio, ходы приняты), {ids['m1@x']} (Маруська, без ходов) — засчитаны "
                "в день 2. Если их нужно засчитать в день 1: mafia-mail reopen-day 1") in said, said
        # a sync with nothing new says nothing of them again
        again = _run(g, ["sync"], START + timedelta(hours=12, minutes=5))
        assert "досрочного закрытия" not in again.output
    finally:
        g.store.dispose()


# 6. Small ones.

ZINA = """
[[player]]
nick = "Зинаида"
email = "zina@example.org"
role = "civilian"
gender = "f"
"""


def test_lost_vote_hints_a_pet_form_of_a_given_name(tmp_path):
    from test_fresh_host55 import _run

    g = Game(tmp_path, players=ZINA)
    try:
        from mailer.day import set_event

        set_event(g.cfg, g.store, "palms", now=START + timedelta(minutes=1))
        done = _run(g, ["lost-vote", "Зину"], START + timedelta(hours=1))
        assert done.exit_code == 1, done.output
        assert "нет игрока «Зину» (может быть, «Зинаида»?)" in _flat(done.output), done.output
    finally:
        g.store.dispose()


@pytest.mark.parametrize("typed", ["Пальмы", "пальм", "«Пальмы»", "ПАЛЬМЫ ЦВЕТУТ"])
def test_open_day_takes_a_beginning_of_an_events_name(tmp_path, typed):
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        done = _run(g, ["open-day", "--event", typed, "--yes"], START + timedelta(minutes=5))
        assert done.exit_code == 0, done.output
        assert "День 1: событие «Пальмы цветут»" in _flat(done.output), done.output
        vague = _run(g, ["open-day", "--event", "П", "--yes"], START + timedelta(minutes=6))
        assert vague.exit_code == 1 and "нет такого события «П»" in vague.output
    finally:
        g.store.dispose()


def test_words_add_names_the_letters_read_again_by_number(tmp_path):
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        g.deliver(letter("buka@example.org", "Отпаиваю компотом Маруську", msgid="c1@x"), START + timedelta(hours=1))
        g.sync()
        [number] = [r.id for r in g.rows() if r.message_id == "c1@x"]
        done = _run(g, ["words", "add", "heal", "отпаивать компотом"], START + timedelta(hours=2))
        assert done.exit_code == 0, done.output
        assert f"Письма дня, которые теперь читаются иначе, прочитаны заново: письмо {number};" in _flat(done.output)
    finally:
        g.store.dispose()


def test_reopen_of_the_game_ending_day_says_what_is_true(tmp_path):
    from test_fresh_host49 import ended_on_day_two
    from test_fresh_host55 import _run

    g = Game(tmp_path)
    try:
        end = ended_on_day_two(g, event="paradox")
        done = _run(g, ["reopen-day", "2", "--yes"], end + timedelta(minutes=10))
        assert done.exit_code == 0, done.output
        said = _flat(done.output)
        assert "игра продолжится" not in said
        assert "отменяется — день 2 снова открыт; кончится ли игра, решат его новые итоги" in said, said
    finally:
        g.store.dispose()


def test_explain_agrees_with_a_womans_gender(tmp_path):
    """Маруська (detective) checks Зинаида (a woman): «мирная»; Зинаида stripped of her vote
    under «Пальмы цветут»: «её голос — против неё самой», «лишена»."""
    from mailer.day import close_day, set_event
    from mailer.inputs import set_lost_votes

    g = Game(tmp_path, players=ZINA)
    try:
        set_event(g.cfg, g.store, "palms", now=START + timedelta(minutes=1))
        g.deliver(letter("marusya@example.org", "лимонад. Проверяю Зинаиду", msgid="m1@x"), START + timedelta(hours=1))
        for n, voter in enumerate(("buka@example.org", "jaguar@example.org")):  # (she is not hanged)
            g.deliver(letter(voter, "Линч: Serginio", msgid=f"v{n}@x"), START + timedelta(hours=1))
        g.sync()
        set_lost_votes(g.store, ["Зинаида"])
        close_day(g.cfg, g.store, now=DEADLINE + timedelta(minutes=5))
        text = _explain(g)
        assert "  • Маруська: проверка → Зинаида: мирная" in text, text
        assert "лишена голоса ведущим («Пальмы цветут»: её голос — против неё самой → Зинаида)" in text, text
    finally:
        g.store.dispose()


def test_forum_import_of_a_missing_file_says_so_in_russian(tmp_path):
    from test_fresh_host57 import _cli, _forum_game

    cfg, store = _forum_game(tmp_path)
    try:
        done = _cli(cfg, "forum", "import", str(tmp_path / "nope.txt"))
        assert done.exit_code == 1
        assert f"не могу прочитать файл {tmp_path / 'nope.txt'}: нет такого файла или папки" in done.output
        assert "No such file" not in done.output
    finally:
        store.dispose()
