"""Game files without a server (mailer.offline): what ``parse`` and ``replay`` call, used
without click."""

from __future__ import annotations

import pytest

from engine.gamefile import GameFileError
from mailer.offline import parse_letter, replay_file

GAME = """
[game]
seed = 7
start = "2026-12-07 19:30"
[roles]
"Ягуарчик" = "clan1.boss"
"Serginio" = "doctor"
"Маруська" = "psycho"
"Бука" = "civilian"
[[turn]]
event = "none"
[turn.votes]
"Ягуарчик" = ["Бука"]
"Serginio" = ["Бука"]
"Маруська" = ["Бука"]
"""

QUOTED = ("Лечу Маруську\n\n________________________________\nОт: Serginio <s@example.org>\n"
          "Отправлено: 4 декабря 2026 г. 15:19\nКому: host@example.org\nТема: ход\n\nЛечу Буку")


def test_parse_letter_reads_text_and_whole_letters_as_sync_does(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text(GAME, encoding="utf-8")
    plain = parse_letter(str(game), "Serginio", QUOTED.encode(), eml=False, at=None, day=None)
    assert plain.to_json() == {"moves": [{"action": "heal", "target": "Маруська"}], "problems": []}
    eml = ("From: Serginio <s@example.org>\r\nTo: host@example.org\r\nSubject: =?utf-8?b?"
           "0YXQvtC0?=\r\nContent-Type: text/plain; charset=koi8-r\r\n"
           "Content-Transfer-Encoding: 8bit\r\n\r\n").encode() + "Лечу Буку".encode("koi8-r")
    whole = parse_letter(str(game), "Serginio", eml, eml=True, at=None, day=None)
    assert whole.to_json() == {"moves": [{"action": "heal", "target": "Бука"}], "problems": []}
    with pytest.raises(GameFileError):
        parse_letter(str(game), "Никто", b"Linch", eml=False, at=None, day=None)


def test_replay_file_gives_the_game_and_its_replay(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text(GAME, encoding="utf-8")
    parsed, result = replay_file(str(game))
    assert parsed.roles == {"Ягуарчик": "clan1.boss", "Serginio": "doctor", "Маруська": "psycho",
                            "Бука": "civilian"}
    assert len(result["turns"]) == 1 and result["turns"][0]["lynched"] == ["Бука"]
    bad = tmp_path / "bad.toml"
    bad.write_text("seed = 'x'\n", encoding="utf-8")
    with pytest.raises(GameFileError):
        replay_file(str(bad))


def test_parse_marks_a_question_to_the_host_as_sync_does(tmp_path):
    """A question in the letter («Ведущий, а можно лечить себя?») is marked on stderr with the
    note sync stores for it (``show``: «вопрос ведущему: «…»»); the JSON on stdout keeps the
    keys and shape of SCENARIOS.md (a fresh user: parse said nothing of the question)."""
    import json

    from click.testing import CliRunner

    from mailer.cli import main

    game = tmp_path / "game.toml"
    game.write_text(GAME, encoding="utf-8")
    text = "Лечу Буку. Ведущий, а можно лечить себя?"
    out = CliRunner().invoke(main, ["parse", "--game", str(game), "--from", "Serginio"], input=text)
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout) == {"moves": [{"action": "heal", "target": "Бука"}], "problems": []}
    assert out.stderr == "вопрос ведущему: «Ведущий, а можно лечить себя?»\n"
    # near: a letter without a question prints its JSON only
    plain = CliRunner().invoke(main, ["parse", "--game", str(game), "--from", "Serginio"], input="Лечу Буку.")
    assert plain.exit_code == 0 and plain.stderr == ""
    assert json.loads(plain.stdout) == {"moves": [{"action": "heal", "target": "Бука"}], "problems": []}
