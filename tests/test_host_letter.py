"""``mafia-mail write``: the host answers a player's letter himself (threaded under it, the
letter marked as dealt with) or writes to a player; the letter goes through the outbox."""

from __future__ import annotations

from datetime import timedelta
from email import message_from_bytes, policy

import click
import pytest
from click.testing import CliRunner
from sqlmodel import select

from mailer.cli import main
from mailer.day import GameError
from mailer.host_letter import QUOTE_MARK, addressee, draft, own_text, write_letter
from mailer.store import Letter, Outgoing, loads
from mailer.sync import sync
from test_templates_host import START, demo  # noqa: F401 (demo: the demo game, day 1 open)

LATER = START + timedelta(hours=5)


@pytest.fixture
def game(demo):
    """The demo game, day 1 open, its letters synced: (config path, config, store)."""
    cfg, store, _templates = demo
    sync(cfg, store, now=LATER)
    return cfg.path, cfg, store


def _run(path, *args, input=None):
    return CliRunner().invoke(main, ["--config", str(path), *args], input=input,
                              env={"MAFIA_MAIL_NOW": LATER.isoformat()})


def _letter(store, nick):
    with store.session() as s:
        return s.exec(select(Letter).where(Letter.nick == nick).order_by(Letter.id)).first()


def test_an_answer_is_threaded_under_the_letter_and_marks_it_dealt_with(game):
    path, cfg, store = game
    letter = _letter(store, "Маруська")
    assert not letter.handled
    res = _run(path, "write", str(letter.id), "--text", "Себя лечить можно, но не два дня подряд.")
    assert res.exit_code == 0, res.output
    with store.session() as s:
        [row] = s.exec(select(Outgoing).where(Outgoing.kind == "host")).all()
        assert s.get(Letter, letter.id).handled
    assert row.to_nick == "Маруська" and row.to_addr == letter.from_addr
    assert row.subject == "Re: " + letter.subject
    assert row.body == "Себя лечить можно, но не два дня подряд."
    headers = loads(row.headers_json)
    assert headers == {"Auto-Submitted": "no", "In-Reply-To": f"<{letter.message_id}>",
                       "References": f"<{letter.message_id}>"}
    assert f"Письмо в очереди: номер {row.id}, кому: Маруська <{letter.from_addr}>" in res.output
    assert f"Письмо {letter.id} отмечено как разобранное." in res.output
    # the same letter again is not queued twice; the host is told which one it is
    again = _run(path, "write", str(letter.id), "--text", "Себя лечить можно, но не два дня подряд.")
    assert again.exit_code == 0
    assert f"Такое письмо уже в очереди или отправлено: номер {row.id}" in again.output
    with store.session() as s:
        assert len(s.exec(select(Outgoing).where(Outgoing.kind == "host")).all()) == 1
    # it is sent like every other letter, as the host's own (Auto-Submitted: no)
    assert _run(path, "send").exit_code == 0
    [eml] = [p for p in (path.parent / "outbox").glob("*.eml") if b"Auto-Submitted: no" in p.read_bytes()]
    msg = message_from_bytes(eml.read_bytes(), policy=policy.default)
    assert msg["In-Reply-To"] == f"<{letter.message_id}>"
    assert msg.get_content().strip() == "Себя лечить можно, но не два дня подряд."


def test_a_letter_to_a_player_by_nick_from_stdin(game):
    path, cfg, store = game
    res = _run(path, "write", "бука", "--text", "-", input="Бука, срок сегодня в 19:30.\n")
    assert res.exit_code == 0, res.output
    with store.session() as s:
        [row] = s.exec(select(Outgoing).where(Outgoing.kind == "host")).all()
    assert (row.to_nick, row.subject, row.body) == ("Бука", "[Мафия: демо] Письмо ведущего",
                                                    "Бука, срок сегодня в 19:30.\n")
    assert loads(row.headers_json) == {"Auto-Submitted": "no"}
    assert row.day == 1
    listing = _run(path, "outbox")
    assert "от ведущего" in listing.output


def _kill(store, nick: str, day: int, cause: str) -> None:
    """Make ``nick`` out of the game in the stored state (as close-day leaves it)."""
    from engine.state import GameState
    from mailer.store import Game, dumps

    with store.session() as s:
        game = s.get(Game, 1)
        state = GameState.from_json(loads(game.state_json))
        p = state.players[nick]
        p.alive, p.died_day, p.death_cause = False, day, cause
        game.state_json = dumps(state.to_json())
        s.add(game)


def test_a_letter_to_a_player_out_of_the_game_is_queued_with_a_warning(game):
    """«write» to a dead player, by nick or by the number of his letter, warns the host in
    Russian (when and how he left the game) and still queues the letter; a living player's
    letter is queued with no warning."""
    path, cfg, store = game
    letter = _letter(store, "Маруська")
    _kill(store, "Маруська", 1, "lynch")
    res = _run(path, "write", "маруська", "--text", "Игра для вас окончена, спасибо!")
    assert res.exit_code == 0, res.output
    assert "Внимание: Маруська уже не в игре (день 1, линч). Письмо всё равно встанет в очередь." in res.output
    assert "Письмо в очереди: номер" in res.output
    res = _run(path, "write", str(letter.id), "--text", "Ответ на ваш вопрос: да.")
    assert res.exit_code == 0, res.output
    assert "Внимание: Маруська уже не в игре (день 1, линч)." in res.output
    with store.session() as s:
        rows = s.exec(select(Outgoing).where(Outgoing.kind == "host")).all()
    assert [r.to_nick for r in rows] == ["Маруська", "Маруська"]
    res = _run(path, "write", "Бука", "--text", "Срок сегодня в 19:30.")
    assert res.exit_code == 0 and "Внимание" not in res.output
    assert addressee(cfg, store, "Бука").warning == ""


def test_a_name_that_is_no_player_or_a_number_that_is_no_letter(game):
    path, cfg, store = game
    res = _run(path, "write", "Буква", "--text", "x")
    assert res.exit_code == 1
    assert "нет игрока «Буква» (и это не номер письма из inbox) (может быть, «Бука»?)" in res.output
    res = _run(path, "write", "9999", "--text", "x")
    assert res.exit_code == 1 and "нет письма с номером 9999" in res.output
    with pytest.raises(GameError, match="письмо пустое"):
        write_letter(cfg, store, addressee(cfg, store, "Бука"), "  \n", now=LATER)


def test_the_editor_draft_quotes_the_letter_and_keeps_only_what_the_host_wrote(game, monkeypatch):
    path, cfg, store = game
    letter = _letter(store, "Бука")
    to = addressee(cfg, store, str(letter.id))
    text = draft(to)
    first = letter.body.strip().splitlines()[0]
    assert QUOTE_MARK in text and f"> {first}" in text
    assert own_text(text) == ""  # nothing written: nothing to send
    assert own_text("Принято.\n" + text) == "Принято.\n\n\n> " + text.split("> ", 1)[1].rstrip("\n") + "\n"
    seen = []

    def edit(start, extension):
        seen.append(start)
        return "Принято, спасибо.\n" + start
    monkeypatch.setattr(click, "edit", edit)
    res = _run(path, "write", str(letter.id))
    assert res.exit_code == 0, res.output
    assert seen == [text]
    with store.session() as s:
        [row] = s.exec(select(Outgoing).where(Outgoing.kind == "host")).all()
    assert row.body.startswith("Принято, спасибо.\n") and QUOTE_MARK not in row.body
    assert f"> {first}" in row.body
    # an editor closed with only the quote queues nothing
    monkeypatch.setattr(click, "edit", lambda start, extension: start)
    res = _run(path, "write", "Бука")
    assert res.exit_code == 0 and "Письмо не поставлено в очередь: текст пустой." in res.output
