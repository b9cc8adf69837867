"""The lead's fixes of session 56 from the helpers' findings.

1. «Выбери меня!»: a vote for the partner the immune player had named in an earlier letter
   was promised in the reply («голос … принят») and then refused at close-day
   (``target_immune``): what a reply promises is what happens (DECISIONS.md §2, «One source
   of legality»). The reply now refuses it, as ``parse --game`` and close-day do.
2. ``explain`` said «цель уже выбыла из игры» of a move whose target died earlier in the same
   turn (as the result letters did before session 56): it now says how he left («цель выбыла
   раньше в этот же ход (повешен(а))») — pinned in test_replay's and test_fresh_host21's
   explain tests.
3. ``mafia-mail --version`` printed the usage only.
4. A nick joined by «_» or «-» was declined as one word in letters («Серый_волка»).
"""

from __future__ import annotations

import json
from datetime import timedelta

from test_fresh_host56 import ADDRESS, _choose_me, _flat, game  # noqa: F401 (fixture)
from test_sync import START, letter


def _reply_to(g, nick: str, msgid: str) -> str:
    with g.store.session() as s:
        [body] = [o.body for o in g.store.outgoing(s)
                  if o.kind == "reply" and o.to_nick == nick and
                  json.loads(o.headers_json or "{}").get("In-Reply-To") == f"<{msgid}>"]
    return _flat(body)


def _stored_moves(g, msgid: str) -> list[dict]:
    from sqlmodel import select

    from mailer.store import Letter
    with g.store.session() as s:
        [row] = s.exec(select(Letter).where(Letter.message_id == msgid)).all()
        return json.loads(row.moves_json or "[]")


def test_a_vote_for_the_named_partner_is_refused_in_the_reply(game):
    immune = _choose_me(game)
    partner, voter, other = [n for n in ADDRESS if n != immune][:3]
    code = "лимонад " if immune == "Маруська" else ""
    game.deliver(letter(ADDRESS[immune], f"{code}Пара: {partner}", msgid="pair@x"), START + timedelta(hours=1))
    game.sync()
    code = "лимонад " if voter == "Маруська" else ""
    game.deliver(letter(ADDRESS[voter], f"{code}Линч: {partner}", msgid="late@x"), START + timedelta(hours=2))
    code = "лимонад " if other == "Маруська" else ""
    game.deliver(letter(ADDRESS[other], f"{code}Линч: {voter}", msgid="fine@x"), START + timedelta(hours=2))
    game.sync()
    assert _stored_moves(game, "late@x") == []
    refused = _reply_to(game, voter, "late@x")
    assert partner in refused and "иммунитет" in refused, refused
    assert _stored_moves(game, "fine@x") == [{"action": "vote", "target": voter}]


def test_a_vote_for_the_partner_before_he_is_named_stands_in_the_reply(game):
    immune = _choose_me(game)
    partner, voter = [n for n in ADDRESS if n != immune][:2]
    code = "лимонад " if voter == "Маруська" else ""
    game.deliver(letter(ADDRESS[voter], f"{code}Линч: {partner}", msgid="early@x"), START + timedelta(hours=1))
    game.sync()
    assert _stored_moves(game, "early@x") == [{"action": "vote", "target": partner}]


def test_version_prints_the_installed_version():
    """A fresh host's trial (session 56): ``mafia-mail --version`` printed the usage only."""
    from importlib.metadata import version

    from click.testing import CliRunner

    from mailer.cli import main

    done = CliRunner().invoke(main, ["--version"])
    assert done.exit_code == 0 and done.output == f"mafia-mail {version('mafia-mail')}\n", done.output


def test_a_nick_joined_by_underscore_or_hyphen_is_declined_word_by_word():
    """Letters and the newspaper named «Серый_Волк» as «Серый_волка» and «Папа_Лёши» as
    «Папа_лёшам» (the joined nick declined as one word, its second word lowered); found by
    reading every blind roster's nicks back (benchmarks/blind/nick_roundtrip.py). Each word is
    declined as if written apart, the joining mark kept; a word after the head that is no
    nominative singular (a genitive said of it: «Тайги», «Лёши») stays as written."""
    from engine.words import inflect

    assert [inflect("Серый_Волк", c) for c in ("gent", "datv")] == ["Серого_Волка", "Серому_Волку"]
    assert inflect("Анна-Мария", "accs") == "Анну-Марию"
    assert inflect("Кот_Бегемот", "ablt") == "Котом_Бегемотом"
    assert [inflect("Папа_Лёши", c) for c in ("datv", "accs")] == ["Папе_Лёши", "Папу_Лёши"]
    assert inflect("Хозяин_Тайги", "datv") == "Хозяину_Тайги"
    assert inflect("Мат в два хода", "datv") == "Мату в два хода"
    # a preposition ends the head phrase: what follows it stays as written
    assert inflect("Тень-на-плетень", "datv") == "Тени-на-плетень"
    assert inflect("Галя-из-окна", "accs") == "Галю-из-окна"
