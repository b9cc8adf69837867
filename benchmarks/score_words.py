"""Score blind letters with a game's own words (issue 11, the host's ``[words]``): the
``[words]`` table of a config file (or of a TOML file holding only that table, or of a blind
set file that carries its game's words) is handed to the parser the way the CLI does,
then ``benchmarks/blind/score.py`` runs as usual.

    .venv/bin/python benchmarks/score_words.py WORDS.toml benchmarks/blind/round48/terenty.toml [--quiet] [--json OUT]

``WORDS.toml`` ``-`` scores without game words (the same as score.py).
"""
from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, os.getcwd())
sys.path.insert(0, str(Path(__file__).resolve().parent / "blind"))


def main(argv: list[str]) -> None:
    """Install the game words of ``argv[0]`` and score the rest of ``argv`` with score.py."""
    import score

    from engine.lexicon import provide, shipped, shipped_with
    from engine.lexicon.game import conflicts, game_tables

    words_file, rest = argv[0], argv[1:]
    if words_file != "-":
        data = tomllib.loads(Path(words_file).read_text(encoding="utf-8"))
        tables = game_tables(data.get("words", {}))
        problems = conflicts(shipped(), tables)
        if problems:
            sys.exit("\n".join(f"{a}: {t}" for a, t in problems))
        provide(lambda: shipped_with(tables))
    score.main(rest)


if __name__ == "__main__":
    main(sys.argv[1:])
