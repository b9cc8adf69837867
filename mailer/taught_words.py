"""Words the host teaches the game while it runs (``mafia-mail words``; issue 11).

A letter's move written in the player's own words («забираю к себе в палату Зину» from the
psycho) reaches the host as «не понял» in the sync summary. Once the host knows what those
words mean in this game, he teaches them (``mafia-mail words add invite "забирать в палату"``):
from then on every letter of the game reads them as that move, read as the config's
``[words]`` are (:mod:`engine.lexicon.game`: any person, tense and case, weak — a move only
with a player's name beside them), and the open day's letters he names are read again with
them (``mafia-mail reread``). The config stays the host's file: taught words live in the game
database (:class:`TaughtWord`) and join the config's ``[words]`` for every command that opens
the game (:func:`with_taught`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime

from sqlmodel import Field, SQLModel, select

from .config import GameConfig
from .store import Letter, Store, utc

__all__ = ["TaughtWord", "taught", "with_taught", "teach", "forget", "action_of",
           "unread_letters", "Taught"]

#: The problems of a letter that a taught word may settle: a sentence not understood as a
#: move, or a move word the parser took for another role's (engine.model.Problem kinds).
UNREAD_KINDS = ("unparsed", "not_your_role")


class TaughtWord(SQLModel, table=True):
    """One word or phrase the host taught the game for one move (``action``: SCENARIOS.md id),
    as he typed it; ``at``: when (aware, UTC in storage)."""

    id: int | None = Field(default=None, primary_key=True)
    action: str = Field(index=True)
    word: str
    at: datetime


@dataclass
class Taught:
    """What :func:`teach` or :func:`forget` did: the move's id and Russian name, the words
    added (or removed) and the words that were there already (or were not there)."""

    action: str
    name: str
    changed: list[str]
    unchanged: list[str]


def action_of(text: str) -> str:
    """The move id of the host's ``text``: an action id of the game words (``heal``) or its
    Russian name (``лечение``, any case, :data:`engine.reasons.ACTIONS_RU`).

    Raises:
        mailer.day.GameError: no such move (the message lists them, Russian).
    """
    from engine.lexicon.game import ACTION_CLASSES
    from engine.reasons import ACTIONS_RU

    from .day import GameError
    from .words import code_for

    names = {a: ACTIONS_RU.get(a, a) for a in ACTION_CLASSES}
    code = code_for(text, names)
    if code is None:
        known = "; ".join(f"{a} ({n})" for a, n in names.items())
        raise GameError(f"нет такого хода «{text}»; ходы: {known}")
    return code


def taught(store: Store) -> dict[str, list[str]]:
    """The game's taught words: action id → words in the order taught (empty: none)."""
    with store.session() as s:
        rows = list(s.exec(select(TaughtWord).order_by(TaughtWord.id)))
    out: dict[str, list[str]] = {}
    for row in rows:
        out.setdefault(row.action, []).append(row.word)
    return out


def _merged(config_words: dict, more: dict[str, list[str]]) -> dict:
    """The config's ``[words]`` with ``more`` appended to each move's list (a move the config
    gives as lexicon fields, which :func:`teach` refuses to add to, keeps its fields)."""
    words = {a: (list(v) if isinstance(v, list) else v) for a, v in config_words.items()}
    for action, items in more.items():
        have = words.get(action)
        if have is None:
            words[action] = list(items)
        elif isinstance(have, list):
            words[action] = have + [w for w in items if w not in have]
    return words


def with_taught(cfg: GameConfig, store: Store) -> GameConfig:
    """``cfg`` whose ``words`` are the config's ``[words]`` and the taught words together
    (``cfg`` itself when nothing was taught). A database without the table (an older
    version's, before its first command) has nothing taught."""
    more = taught(store)
    return replace(cfg, words=_merged(cfg.words, more)) if more else cfg


def _check(words: dict) -> None:
    """Raise mailer.day.GameError when ``words`` are no good game words: an empty entry, or a
    word the shipped lexicon already gives to another move (the config's check, Russian)."""
    from engine.lexicon.game import GameWordsError, game_tables

    from .day import GameError
    from .lexicon_cache import conflicts

    try:
        tables = game_tables(words, derived=False)
    except GameWordsError as exc:
        raise GameError(exc.detail) from None
    found = conflicts(words, tables)
    if found:
        raise GameError("; ".join(line for _a, line in found) + ". Слово игры должно значить один ход")


def teach(cfg: GameConfig, store: Store, action: str, words: list[str], *, now: datetime) -> Taught:
    """Teach the game ``words`` for the move ``action`` (an id or its Russian name): checked
    as the config's ``[words]`` are, then stored.

    Args:
        cfg: the loaded config (its ``[words]``, without the taught ones); store: the game
            database; action: ``heal`` or «лечение»; words: as the host typed them (dictionary
            form: «забирать в палату», «чёрная метка»); now: aware current time.
    Returns:
        :class:`Taught`: ``changed`` the words stored, ``unchanged`` those the game had already.
    Raises:
        mailer.day.GameError: no such move, an empty word, or a word that already means
            another move (Russian; nothing is stored).
    """
    from engine.reasons import ACTIONS_RU

    from .day import GameError

    code = action_of(action)
    words = [" ".join(w.split()) for w in words]
    if not words or not all(words):
        raise GameError("пустое слово: напишите слова хода, например «забирать в палату»")
    have = _merged(cfg.words, taught(store))
    known = have.get(code)
    if known is not None and not isinstance(known, list):
        raise GameError(f"слова хода {code} заданы в настройках полями словаря ([words.{code}]): "
                        "допишите новое слово туда")
    old = set(known) if isinstance(known, list) else set()
    new = [w for w in dict.fromkeys(words) if w not in old]
    if new:
        _check(_merged(have, {code: new}))
        with store.session() as s:
            for word in new:
                s.add(TaughtWord(action=code, word=word, at=utc(now)))
            s.commit()
    return Taught(code, ACTIONS_RU.get(code, code), new, [w for w in words if w in old])


def forget(store: Store, action: str, words: list[str]) -> Taught:
    """Take back taught ``words`` of the move ``action`` (the config's ``[words]`` are the
    host's file: edited there). Returns :class:`Taught` (``unchanged``: words not taught).

    Raises:
        mailer.day.GameError: no such move (Russian).
    """
    from engine.reasons import ACTIONS_RU

    code = action_of(action)
    wanted = [" ".join(w.split()) for w in words]
    with store.session() as s:
        rows = list(s.exec(select(TaughtWord).where(TaughtWord.action == code)))
        gone = [r for r in rows if r.word in wanted]
        for row in gone:
            s.delete(row)
        s.commit()
    removed = [r.word for r in gone]
    return Taught(code, ACTIONS_RU.get(code, code), removed, [w for w in wanted if w not in removed])


def unread_letters(store: Store) -> list[tuple[int, str, list[str]]]:
    """The open day's letters with something not understood (:data:`UNREAD_KINDS`), for the
    host to read again once he taught the words: ``(letter id, sender's nick, the texts not
    understood)`` in order of receipt; empty when no day is open."""
    from .day.context import current_context
    from .reread import open_day_states

    with store.session() as s:
        ctx = current_context(s)
        if ctx is None:
            return []
        rows = list(s.exec(select(Letter).where(Letter.day == ctx.day,
                                                Letter.state.in_([st.value for st in open_day_states()]))
                           .order_by(Letter.received, Letter.id)))
    out = []
    for row in rows:
        texts = [p.get("text", "") for p in json.loads(row.problems_json or "[]")
                 if isinstance(p, dict) and p.get("kind") in UNREAD_KINDS]
        if texts:
            out.append((row.id, row.nick or row.from_addr, texts))
    return out
