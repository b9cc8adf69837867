"""``--config`` written after the command («mafia-mail status --config game.toml») is the
group's own: the host's common slip used to get «Нет такого параметра '--config'»."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mailer.cli import config_first, main


@pytest.mark.parametrize("args, expected", [
    (["status", "--config", "g.toml"], ["--config", "g.toml", "status"]),
    (["forum", "tally", "--config=g.toml", "--json"], ["--config=g.toml", "forum", "tally", "--json"]),
    (["--config", "a.toml", "status"], ["--config", "a.toml", "status"]),
    (["parse", "--", "--config", "x"], ["parse", "--", "--config", "x"]),
    (["status", "--config"], ["status", "--config"]),  # no value: click says so
])
def test_config_first(args, expected):
    assert config_first(args) == expected


def test_config_after_the_command_names_the_game(tmp_path):
    missing = tmp_path / "nope.toml"
    result = CliRunner().invoke(main, ["status", "--config", str(missing)])
    assert result.exit_code == 1
    assert f"файл настроек не найден: {missing}" in result.output
    assert "нет такого параметра" not in result.output.lower()
