"""Game files without a mail server or a database (SCENARIOS.md): one letter read as the
live game would read it (``mafia-mail parse``), a whole game replayed (``mafia-mail replay``).
"""

from __future__ import annotations

from engine.gamefile import GameFile, load_game_file


def read_game(path: str) -> GameFile:
    """The game file at ``path`` (TOML, UTF-8; SCENARIOS.md «Game file»); a file that carries
    the game's words (``[words]``, as ``export`` writes them) has them handed to the parser,
    joined to those already installed (a named config's and its taught ones); so are its
    aliases of players (``[aliases]``).

    Raises:
        engine.gamefile.GameFileError: not a valid game file (Russian message).
        OSError: the file cannot be read.
    """
    with open(path, encoding="utf-8") as fh:
        game = load_game_file(fh.read())
    if game.words:  # the file's own words (an exported game's): its letters are read with them
        from .config import merged_words
        from .lexicon_cache import install, installed_words

        file_lists = {a: w for a, w in game.words.items() if isinstance(w, list)}
        install(merged_words({**game.words, **installed_words()}, file_lists))
    if game.aliases:  # the file's aliases of players, joined to a named config's
        from engine.textnorm_aliases import install_aliases, installed_aliases

        install_aliases({**installed_aliases(), **game.aliases})
    return game


def letter_text(raw: bytes, *, eml: bool):
    """The player's own text of a letter, as ``sync`` reads it: a whole RFC 822 letter
    (``eml``) decoded (:func:`mailer.decode.decode`), or a plain-text body (UTF-8, broken
    bytes replaced) with its quotes and signature cut (:func:`mailer.quotes.strip_quotes`)."""
    if eml:
        from .decode import decode

        return decode(raw).body
    from .quotes import strip_quotes

    return strip_quotes(raw.decode("utf-8", errors="replace"))


def parse_letter(game_path: str, sender: str, raw: bytes, *, eml: bool, at: str | None,
                 day: int | None):
    """Read one letter of ``sender`` in the game of ``game_path`` (``mafia-mail parse``):
    :func:`engine.replay.parse_in_game` on :func:`letter_text`. ``at``: local receipt time
    «ГГГГ-ММ-ДД ЧЧ:ММ»; ``day``: the game day (by default from ``at``, else 1).

    Returns:
        engine.parse.ParseResult (its ``to_json()`` is SCENARIOS.md's parse output).
    Raises:
        engine.gamefile.GameFileError: a bad game file, sender, time or day (Russian message).
    """
    return read_letter(game_path, sender, raw, eml=eml, at=at, day=day)[0]


def read_letter(game_path: str, sender: str, raw: bytes, *, eml: bool, at: str | None,
                day: int | None):
    """:func:`parse_letter` and the host's notes on the letter, as ``sync`` stores them
    (``mafia-mail parse``): each question to the host in the sender's own text
    (:func:`mailer.questions.for_host`: not one the reply answers, «не поздно?») as «вопрос
    ведущему: «…»», the note ``show``
    and ``inbox`` read. Returns (engine.parse.ParseResult, [note, …]).

    Raises:
        engine.gamefile.GameFileError: a bad game file, sender, time or day (Russian message).
    """
    from engine.replay import parse_in_game

    from .questions import QUESTION_NOTE, for_host

    text = letter_text(raw, eml=eml)
    result = parse_in_game(read_game(game_path), sender, text, at=at, day=day)
    return result, [f"{QUESTION_NOTE}«{q}»" for q in for_host(text)[0]]


def replay_file(game_path: str) -> tuple[GameFile, dict]:
    """Replay the whole game of ``game_path`` by the live game's code path (``mafia-mail
    replay``). Returns (the game file, SCENARIOS.md's replay JSON ``{"turns", "winner"}``).

    Raises:
        engine.gamefile.GameFileError: a bad game file (Russian message).
    """
    from engine.replay import replay_game

    game = read_game(game_path)
    return game, replay_game(game)
