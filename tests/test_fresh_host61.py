"""A fresh host's findings (session 60's trial), fixed in session 61."""

from __future__ import annotations

from datetime import timedelta

import pytest

from test_fresh_host55 import _run
from test_sync import DEADLINE, START, Game, letter


@pytest.fixture
def game(tmp_path):
    g = Game(tmp_path)
    yield g
    g.store.dispose()


def _said(result) -> str:
    return " ".join(result.output.split())


# 4. A letter moved into the mailbox from the spam folder after the day's close: ``sync`` said
#    «пришли после итогов дня: 1» with no letter number and no hint; now it names the letters
#    and the reopen-day / reread way.

def test_sync_names_letters_read_after_the_days_close(game):
    game.deliver(letter("marusya@example.org", "Линч: Serginio", msgid="m@x"), START + timedelta(hours=2))
    game.sync()
    assert _run(game, ["close-day"], DEADLINE + timedelta(minutes=5)).exit_code == 0
    # two letters sent on time, found in the spam folder and moved in after the close
    game.deliver(letter("buka@example.org", "Линч: Маруська", msgid="b@x"), START + timedelta(hours=3))
    game.deliver(letter("jaguar@example.org", "Линч: Маруська", msgid="j@x"), START + timedelta(hours=4))
    synced = _run(game, ["sync"], DEADLINE + timedelta(minutes=20))
    said = _said(synced)
    assert synced.exit_code == 0, synced.output
    ids = sorted(r.id for r in game.rows() if r.message_id in ("b@x", "j@x"))
    assert "пришли после итогов дня: 2" in said
    assert (f"Письма {ids[0]}, {ids[1]} пришли в срок дня 1, но день 1 уже закрыт: ходы не засчитаны, игрокам — "
            f"ответ об этом. Засчитать их в день 1: mafia-mail reopen-day 1, затем mafia-mail reread "
            f"{ids[0]} {ids[1]}") in said, said


# 3. «Да» answering a question that offered no reading («Не понял, ход ли это: …» with no move
#    to say yes to) got «В письме я не нашёл ни одного хода»: it is told the yes answers
#    nothing there and what to write instead.

@pytest.mark.parametrize("text, told", [
    ("Сегодня ночью — Маруська",
     "«Да» ничего не засчитывает: в вопросе о словах «Сегодня ночью — Маруська» я не предложил хода — не понял, "
     "какой ход в них и за кого. Если это ваш ход, напишите его прямо: действие и ник"),
    ("Кладу в палату Маруську. Сегодня ночью — Ягуарчик",
     "«Да» ничего не засчитывает: вопросов было несколько («Кладу в палату Маруську», «Сегодня ночью — "
     "Ягуарчик»), и я не знаю, к какому из них относится ваше «да». Напишите ход прямо: действие и ник"),
])
def test_a_yes_to_a_question_with_no_reading_is_told_what_to_write(game, text, told):
    from test_answers import _letters, _reply_to
    from test_fresh_host58 import _flat, _quoted

    game.deliver(letter("buka@example.org", text, msgid="q3@x"), START + timedelta(hours=2))
    game.sync()
    asked = _reply_to(game, "q3@x")
    assert "Не понял, ход ли это" in _flat(asked.body)
    game.deliver(letter("buka@example.org", "Да" + _quoted(asked.body), msgid="a3@x",
                        extra=f"In-Reply-To: <{asked.message_id}>\r\n"), START + timedelta(hours=3))
    game.sync()
    body = _flat(_reply_to(game, "a3@x").body)
    assert told in body, body
    assert "не нашёл ни одного хода" not in body
    assert _letters(game)["a3@x"].moves_json in (None, "[]", "null")


# 2. A player brought back into the game by reopen-day (his death was the host's error) was
#    never told so in his corrected results once his «снова открыт» letter had gone out, and
#    his reply to the vote he sent while believed dead explained nothing: now each says it.

_MORE = ('[[player]]\nnick = "Лопух"\nemail = "lopuh@example.org"\nrole = "civilian"\n'
         '[[player]]\nnick = "Тыква"\nemail = "tykva@example.org"\nrole = "civilian"\n')


def _wrong_death(g: Game) -> None:
    """Serginio killed on night 1 because Бука's heal came from an address not yet in the
    roster; results and Serginio's reply to his day-2 vote sent; the host adds the address,
    reopens day 1 (the «снова открыт» letters sent), rereads the heal and closes it again."""
    from test_reread import _add_address

    hour = timedelta(hours=1)
    g.deliver(letter("jaguar@example.org", "Убиваю Serginio. Линч: Маруська", msgid="j@x"), START + 2 * hour)
    g.deliver(letter("buka.work@example.net", "Лечу Serginio. Линч: Лопух", msgid="b@x"), START + 2 * hour)
    assert _run(g, ["sync"], START + 3 * hour).exit_code == 0
    assert _run(g, ["close-day"], DEADLINE + timedelta(minutes=5)).exit_code == 0
    assert _run(g, ["send"], DEADLINE + timedelta(minutes=6)).exit_code == 0
    g.deliver(letter("serg@example.org", "Линч: Ягуарчик", msgid="s2@x"), DEADLINE + 2 * hour)
    assert _run(g, ["sync"], DEADLINE + 3 * hour).exit_code == 0
    assert _run(g, ["send"], DEADLINE + 3 * hour).exit_code == 0
    _add_address(g, "buka@example.org", "buka.work@example.net")
    assert _run(g, ["reopen-day", "1", "--yes", "--undo-later"], DEADLINE + 4 * hour).exit_code == 0
    assert _run(g, ["send"], DEADLINE + 4 * hour).exit_code == 0
    [heal] = [r.id for r in g.rows() if r.message_id == "b@x"]
    assert _run(g, ["reread", str(heal)], DEADLINE + 4 * hour).exit_code == 0
    closed = _run(g, ["close-day"], DEADLINE + 5 * hour)
    assert closed.exit_code == 0, closed.output


def _queued_to(g: Game, nick: str, kind: str):
    with g.store.session() as s:
        return [o for o in g.store.outgoing(s) if o.to_nick == nick and o.kind == kind and o.state == "queued"]


@pytest.mark.parametrize("more", [_MORE, ""])
def test_a_player_brought_back_is_told_so_in_results_and_in_his_corrected_reply(tmp_path, more):
    g = Game(tmp_path, players=more)
    try:
        _wrong_death(g)
        [result] = _queued_to(g, "Serginio", "result")
        [reply] = _queued_to(g, "Serginio", "reply")
    finally:
        g.store.dispose()
    assert result.subject.endswith("(исправлено)")
    assert ("Исправленные итоги дня 1: это письмо заменяет прежнее письмо с итогами дня 1. Вы снова в игре: "
            "по прежним итогам дня 1 вы выбыли, теперь это отменено.") in result.body, result.body
    assert "Было: «Вас убили ночью." in result.body
    assert reply.subject.endswith("(исправлено)"), reply.subject
    body = " ".join(reply.body.split())
    if more:  # the game went on: his vote was refused «Вы выбыли из игры»
        assert ("Что изменилось: - вы снова в игре: по прежним итогам дня 1 вы выбыли, теперь это отменено, и "
                "ваши ходы принимаются. - теперь принято «Голос на линче: Ягуарчик».") in body, body
    else:  # the wrong death had ended the game: his vote was answered «игра окончена»
        assert ("Исправление: ведущий снова открыл день 1 и пересмотрел его итоги — игра не окончена, и вы снова в "
                "игре: по прежним итогам дня 1 вы выбыли, теперь это отменено. Ваше письмо, полученное "
                "08.12.2026 21:30 (МСК), прочитано заново. Прежний ответ, что игра окончена и ходы не "
                "принимаются, больше не верен") in body, body
    assert "Принято (день 2): - Голос на линче: Ягуарчик" in body


# 1. A player's second letter correcting his vote with no verb («Ой, не Лопух, а Помидорка!»)
#    was neither read nor asked: the old vote stood and the reply said «не нашёл ни одного
#    хода». The earlier vote's player named after «не» makes it the new vote; a change that
#    names no player after «не» («Передумала: Помидорка»), or names one no earlier move has, is
#    asked. The replay of the day (close-day) reads it as the reply did.

_VEG = ('[[player]]\nnick = "Лопух"\nemail = "lopuh@example.org"\nrole = "civilian"\n'
        '[[player]]\nnick = "Помидорка"\nemail = "pomi@example.org"\nrole = "civilian"\n')


@pytest.mark.parametrize("second, vote, asked", [
    ("Ой, не Лопух, а Помидорка!", "Помидорка", None),
    ("Не Лопух — Помидорка", "Помидорка", None),
    ("не Лопуха, а Помидорку", "Помидорка", None),
    ("Передумала: Помидорка", "Лопух",
     "Не понял, ход ли это: «Передумала: Помидорка». Если вы меняете голос на линче (сейчас — Лопух) на "
     "Помидорку, напишите, пожалуйста, ход целиком: «Голос на линче: Помидорка»"),
    ("Не Бука — Помидорка", "Лопух",
     "Не понял, ход ли это: «Не Бука — Помидорка». Хода на Буку в ваших прежних письмах за сегодня нет (в силе: "
     "«Голос на линче: Лопух»)"),
    ("Помидорка молодец, хорошо пишет", "Лопух", None),
])
def test_a_vote_corrected_with_no_verb_is_read_or_asked(tmp_path, second, vote, asked):
    from test_answers import _reply_to
    from test_fresh_host58 import _flat

    g = Game(tmp_path, players=_VEG)
    try:
        g.deliver(letter("serg@example.org", "Линч: Лопух", msgid="v1@x"), START + timedelta(hours=2))
        g.sync()
        g.deliver(letter("serg@example.org", second, msgid="v2@x"), START + timedelta(hours=3))
        g.sync()
        body = _flat(_reply_to(g, "v2@x").body)
        closed = _run(g, ["close-day"], DEADLINE + timedelta(minutes=5))
    finally:
        g.store.dispose()
    if vote == "Помидорка":
        assert "Принято (день 1): - Голос на линче: Помидорка" in body, body
    else:
        assert "Остаются в силе ходы из ваших прежних писем за день 1: - Голос на линче: Лопух" in body, body
    if asked:
        assert asked in body, body
    else:
        assert "Не понял" not in body
    assert closed.exit_code == 0 and f"{vote} — " in closed.output and "Serginio" in closed.output, closed.output


# 5. The host could not teach a themed word that is another move's built-in slang («окучивать»
#    is the swindler's): ``words add`` refused with no way around. ``--override`` makes the
#    game's word win in this game (stored with the game, exported with it), with a warning.

def test_words_add_override_makes_the_games_word_win(game):
    from test_answers import _reply_to
    from test_fresh_host58 import _flat

    at = START + timedelta(hours=1)
    refused = _run(game, ["words", "add", "heal", "окучивать"], at)
    said = _said(refused)
    assert refused.exit_code != 0 and "«окучивать» уже значит ход «жульничество»" in said, said
    assert "mafia-mail words add heal окучивать --override" in said, said
    taught = _run(game, ["words", "add", "heal", "окучивать", "--override"], at)
    said = _said(taught)
    assert taught.exit_code == 0, taught.output
    assert ("Внимание: встроенные слова отдают «окучивать» ходу «жульничество». В этой игре «окучивать» (во всех "
            "формах) значит лечение, а не жульничество") in said, said
    listed = _said(_run(game, ["words"], at))
    assert "«окучивать»" in listed and "!окучивать" not in listed, listed
    game.deliver(letter("buka@example.org", "Окучиваю Маруську", msgid="o5@x"), START + timedelta(hours=2))
    _run(game, ["sync"], START + timedelta(hours=3))
    body = _flat(_reply_to(game, "o5@x").body)
    assert "Принято (день 1): - Лечение: Маруська" in body, body
    path = game.root / "export.toml"
    exported = _run(game, ["export", str(path)], START + timedelta(hours=4))
    assert exported.exit_code == 0 and '"!окучивать"' in path.read_text(encoding="utf-8"), exported.output
    closed = _run(game, ["close-day"], DEADLINE + timedelta(minutes=5))
    assert closed.exit_code == 0, closed.output
    explained = _said(_run(game, ["explain", "--day", "1"], DEADLINE + timedelta(minutes=6)))
    assert "лечение → Маруська — выполнено" in explained, explained
    removed = _run(game, ["words", "remove", "heal", "окучивать"], DEADLINE + timedelta(minutes=7))
    assert removed.exit_code == 0 and "Забыты слова хода heal" in removed.output, removed.output


# 6. The open day's ``explain`` showed outcomes of the night («выполнено», «не удалось: цель
#    выбыла (повешен)») though README says it does not; role letters listed every move's game
#    words (the maniac's the clan kill's), and a changed role's letter (the son as boss, the
#    actor) listed none.

def test_explain_of_the_open_day_tells_no_night_outcome(game):
    at = START + timedelta(hours=2)
    game.deliver(letter("jaguar@example.org", "Убиваю Serginio. Линч: Маруська", msgid="j6@x"), at)
    game.deliver(letter("buka@example.org", "Лечу Маруську. Линч: Маруська", msgid="b6@x"), at)
    game.deliver(letter("marusya@example.org", "Проверяю Ягуарчика. Линч: Ягуарчик", msgid="m6@x"), at)
    assert _run(game, ["sync"], START + timedelta(hours=3)).exit_code == 0
    shown = _run(game, ["explain", "--day", "1"], START + timedelta(hours=4))
    text = shown.output
    assert shown.exit_code == 0 and "НЕ ОКОНЧАТЕЛЬНО" in text, text
    for told in ("убийство от клана → Serginio", "лечение → Маруська", "проверка → Ягуарчик"):
        assert f"{told} — принят(о); чем кончится, скажут итоги дня" in text, text
    assert "голос на линче → Маруська — учтён" in text
    for outcome in ("выполнено", "не удалось", "не состоялось", "повешен", "убит"):
        assert outcome not in text, text


_WORDS = '[words]\nheal = ["класть в палату"]\nclan_kill = ["отправлять к рыбам"]\nmaniac_kill = ["пилить бензопилой"]\nvote = ["чёрная метка"]\n'
_ROLES = ('[[player]]\nnick = "Лис"\nemail = "lis@example.org"\nrole = "clan1.actor"\n'
          '[[player]]\nnick = "Пила"\nemail = "pila@example.org"\nrole = "maniac"\n'
          '[[player]]\nnick = "Бублик"\nemail = "bublik@example.org"\nrole = "son"\n')


def _letters(g: Game, kind: str) -> dict[str, str]:
    with g.store.session() as s:
        return {o.to_nick: o.body for o in g.store.outgoing(s) if o.kind == kind}


def test_role_letters_list_the_games_words_of_the_roles_own_moves(tmp_path):
    g = Game(tmp_path, extra=_WORDS, players=_ROLES)
    try:
        roles = _letters(g, "role")
    finally:
        g.store.dispose()
    mine = {"Пила": ["пилить бензопилой", "чёрная метка"], "Ягуарчик": ["отправлять к рыбам", "чёрная метка"],
            "Бука": ["класть в палату", "чёрная метка"], "Бублик": ["чёрная метка"],
            "Serginio": ["чёрная метка"], "Лис": ["отправлять к рыбам", "чёрная метка"]}
    every = {"класть в палату", "отправлять к рыбам", "пилить бензопилой", "чёрная метка"}
    for nick, words in mine.items():
        for word in words:
            assert f"«{word}»" in roles[nick], (nick, roles[nick])
        for word in every - set(words):
            assert f"«{word}»" not in roles[nick], (nick, word, roles[nick])


def test_an_actor_who_takes_a_role_is_told_its_games_words(tmp_path):
    g = Game(tmp_path, extra=_WORDS, players=_ROLES[:_ROLES.index('[[player]]\nnick = "Бублик"')])
    try:
        for n, address in enumerate(("marusya@example.org", "buka@example.org", "serg@example.org",
                                     "pila@example.org")):
            g.deliver(letter(address, "Линч: Ягуарчик", msgid=f"l6{n}@x"), START + timedelta(hours=1 + n))
        g.sync()
        assert _run(g, ["close-day"], DEADLINE + timedelta(minutes=5)).exit_code == 0
        lis = _letters(g, "result")["Лис"]
    finally:
        g.store.dispose()
    assert "Вы — глава клана." in lis, lis
    assert "Слова этой игры для ваших ходов" in lis and "«отправлять к рыбам»" in lis, lis
    assert "«пилить бензопилой»" not in lis and "«класть в палату»" not in lis
