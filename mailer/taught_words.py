"""Words the host teaches the game while it runs (``mafia-mail words``; issue 11).

A letter's move written in the player's own words («забираю к себе в палату Зину» from the
psycho) reaches the host as «не понял» in the sync summary. Once the host knows what those
words mean in this game, he teaches them (``mafia-mail words add invite "забирать в палату"``):
from then on every letter of the game reads them as that move, read as the config's
``[words]`` are (:mod:`engine.lexicon.game`: any person, tense and case, weak — a move only
with a player's name beside them). ``close-day`` reads the day's letters again with the words
of that moment (the day's letters are its turn, as in a replay), so a change of the words is
followed at once by a new reading of every letter of the open day it reads otherwise
(:func:`reread_changed`): its sender gets a new reply, and what the reply says is what
close-day does. The config stays the host's file: taught words live in the game database
(:class:`TaughtWord`) and join the config's ``[words]`` for every command that opens the game
(:func:`with_taught`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime

from sqlmodel import Field, SQLModel, select

from .config import GameConfig, merged_words
from .store import Store, loads, utc

__all__ = ["TaughtWord", "TaughtAlias", "taught", "taught_aliases", "with_taught", "teach", "forget",
           "teach_aliases", "forget_aliases", "action_of", "unread_letters",
           "sentence_around", "reread_changed", "Taught"]

#: The problems of a letter that a taught word may settle: a sentence not understood as a
#: move, or a move word the parser took for another role's (engine.model.Problem kinds).
UNREAD_KINDS = ("unparsed", "not_your_role", "unknown_name")  # (a name: an alias to teach)


class TaughtWord(SQLModel, table=True):
    """One word or phrase the host taught the game for one move (``action``: SCENARIOS.md id),
    as he typed it; ``at``: when (aware, UTC in storage)."""

    id: int | None = Field(default=None, primary_key=True)
    action: str = Field(index=True)
    word: str
    at: datetime


class TaughtAlias(SQLModel, table=True):
    """One alias the host taught the game for a player (``alias`` as he typed it, ``nick`` the
    roster nick it stands for, :mod:`engine.textnorm_aliases`); ``at``: when (aware, UTC)."""

    id: int | None = Field(default=None, primary_key=True)
    alias: str
    nick: str = Field(index=True)
    at: datetime


@dataclass
class Taught:
    """What :func:`teach` or :func:`forget` did: the move's id, the words added (or removed)
    and the words that were there already (or were not there)."""

    action: str
    changed: list[str]
    unchanged: list[str]
    #: ``teach(override=True)``: ``(word, the move it meant)`` for each taught word that the
    #: built-in words give to another move and that now means this one in this game
    overrides: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        """The move's Russian name (:data:`engine.reasons.ACTIONS_RU`)."""
        from engine.reasons import ACTIONS_RU

        return ACTIONS_RU.get(self.action, self.action)


def action_of(text: str, nicks=()) -> str:
    """The move id of the host's ``text``: an action id of the game words (``heal``), its
    Russian name (``лечение``, any case, :data:`engine.reasons.ACTIONS_RU`) or the first word
    of one move's name only («голос»; not «убийство», which begins two).

    Raises:
        mailer.day.GameError: no such move (the message lists them, Russian), with «может
            быть, …?» when a move's id or name, or one of ``nicks`` (``words add`` takes a
            player's nick too), is close to ``text`` (:func:`mailer.inputs.close_hint`).
    """
    from engine.lexicon.game import ACTION_CLASSES
    from engine.reasons import ACTIONS_RU

    from .day import GameError
    from .words import code_for

    names = {a: ACTIONS_RU.get(a, a) for a in ACTION_CLASSES}
    code = code_for(text, names)
    if code is None:  # the first word of one move's name only: «голос» for «голос на линче»
        first = {a: n.split()[0] for a, n in names.items()}
        fits = [a for a in names if code_for(text, {a: first[a]}) == a]
        code = fits[0] if len(fits) == 1 else None
    if code is None:
        from .inputs import close_hint

        known = "; ".join(f"{a} ({n})" for a, n in names.items())
        hint = close_hint(text, [*names, *names.values()]) or close_hint(text, nicks, "игрок ")
        raise GameError(f"нет такого хода «{text}»{hint}; ходы: {known}")
    return code


def taught(store: Store) -> dict[str, list[str]]:
    """The game's taught words: action id → words in the order taught (empty: none)."""
    with store.session() as s:
        rows = list(s.exec(select(TaughtWord).order_by(TaughtWord.id)))
    out: dict[str, list[str]] = {}
    for row in rows:
        out.setdefault(row.action, []).append(row.word)
    return out


def taught_aliases(store: Store) -> dict[str, str]:
    """The aliases of players taught to the game: alias → roster nick, in the order taught."""
    with store.session() as s:
        return {row.alias: row.nick for row in s.exec(select(TaughtAlias).order_by(TaughtAlias.id))}


def with_taught(cfg: GameConfig, store: Store) -> GameConfig:
    """``cfg`` whose ``words`` are the config's ``[words]`` and the taught words together, and
    whose ``aliases`` are the config's ``[aliases]`` and the taught ones (``cfg`` itself when
    nothing was taught). A database without the tables (an older version's, before its first
    command) has nothing taught."""
    more, aliases = taught(store), taught_aliases(store)
    if not more and not aliases:
        return cfg
    return replace(cfg, words=merged_words(cfg.words, more) if more else cfg.words,
                   aliases={**cfg.aliases, **aliases})


def aliases_by_player(aliases: dict[str, str]) -> dict[str, list[str]]:
    """``aliases`` (alias → nick) as nick → his aliases, in their order."""
    out: dict[str, list[str]] = {}
    for alias, nick in aliases.items():
        out.setdefault(nick, []).append(alias)
    return out


def teach_aliases(cfg: GameConfig, store: Store, nick: str, aliases: list[str], *,
                  now: datetime) -> Taught:
    """Teach the game ``aliases`` of the player ``nick``: names the game's players call him by
    («Курганыч», «проф»), read as his nick in every letter from now on
    (:mod:`engine.textnorm_aliases`), checked as the config's ``[aliases]`` are, then stored.

    Args:
        cfg: the loaded config (its ``[aliases]``, without the taught ones); store: the game
            database; nick: the player's roster nick; aliases: as the host typed them;
            now: aware current time.
    Returns:
        :class:`Taught` whose ``action`` is the nick: ``changed`` the aliases stored,
        ``unchanged`` those he had already.
    Raises:
        mailer.day.GameError: an empty alias, another player's nick, or an alias of another
            player (Russian; nothing is stored).
    """
    from engine.textnorm_aliases import alias_problem

    from .day import GameError

    aliases = _typed(aliases)
    have = {**cfg.aliases, **taught_aliases(store)}
    nicks = tuple(p.nick for p in cfg.players)
    taken = {a.lower(): n for a, n in have.items()}
    new, old = [], []
    for alias in aliases:
        if taken.get(alias.lower()) == nick:
            old.append(alias)
            continue
        why = alias_problem(alias, nick, nicks, taken)
        if why:
            raise GameError(f"{alias}: {why}")
        new.append(alias)
    if new:
        with store.session() as s:
            for alias in new:
                s.add(TaughtAlias(alias=alias, nick=nick, at=utc(now)))
            s.commit()
    return Taught(nick, new, old)


def forget_aliases(store: Store, nick: str, aliases: list[str]) -> Taught:
    """Take back taught ``aliases`` of the player ``nick`` (the config's ``[aliases]`` are
    edited in its file). Returns :class:`Taught` (``action``: the nick; ``unchanged``: aliases
    not taught for him)."""
    wanted = _typed(aliases)
    asked = {w.lower() for w in wanted}
    with store.session() as s:
        rows = list(s.exec(select(TaughtAlias).where(TaughtAlias.nick == nick)))
        gone = [r for r in rows if r.alias.lower() in asked]
        for row in gone:
            s.delete(row)
        s.commit()
    found = {r.alias.lower() for r in gone}
    return Taught(nick, [r.alias for r in gone], [w for w in wanted if w.lower() not in found])


def _check(words: dict, hint: str = "") -> None:
    """Raise mailer.day.GameError when ``words`` are no good game words: an empty entry, or a
    word the shipped lexicon already gives to another move (the config's check, Russian;
    ``hint`` ends the message: how the host makes his word win)."""
    from engine.lexicon.game import GameWordsError, game_tables

    from .day import GameError
    from .lexicon_cache import conflicts

    try:
        tables = game_tables(words, derived=False)
    except GameWordsError as exc:
        raise GameError(exc.detail) from None
    found = conflicts(words, tables)
    if found:
        raise GameError("; ".join(line for _a, line in found) + ". Слово игры должно значить один ход." + hint)


def teach(cfg: GameConfig, store: Store, action: str, words: list[str], *, now: datetime,
          override: bool = False) -> Taught:
    """Teach the game ``words`` for the move ``action`` (an id or its Russian name): checked
    as the config's ``[words]`` are, then stored. ``override``: a word the built-in words give
    to another move («окучивать», the swindler's slang, taught for heal) means ``action`` in
    this game (stored marked «!», :data:`engine.lexicon.game.WINS`; ``overrides`` names what
    it takes over); without it such a word is refused, the message naming the flag.

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
    from .day import GameError

    code = action_of(action, [p.nick for p in cfg.players])
    words = _typed(words)
    if not words or not all(words):
        raise GameError("пустое слово: напишите слова хода, например «забирать в палату»")
    have = merged_words(cfg.words, taught(store))
    known = have.get(code)
    if known is not None and not isinstance(known, list):
        raise GameError(f"слова хода {code} заданы в настройках полями словаря ([words.{code}]): "
                        "допишите новое слово туда")
    from engine.lexicon.game import WINS, plain_word

    words = [plain_word(w) for w in words]
    mark = WINS if override else ""
    old = {_same(w if override else plain_word(w)) for w in known} if isinstance(known, list) else set()
    new = list({_same(w): w for w in reversed(words) if _same(mark + w) not in old}.values())[::-1]
    overrides: list[tuple[str, str]] = []
    if new:
        example = " ".join(f"«{w}»" if " " in w else w for w in new)
        merged = merged_words(have, {code: [mark + w for w in new]})
        _check(merged, "" if override else f" Если в этой игре слово должно значить этот ход, а не встроенный: "
                                           f"mafia-mail words add {code} {example} --override")
        if override:
            overrides = _overridden(merged, code)
        with store.session() as s:
            if override:  # (a word taught before without the mark gives way to the marked one)
                marked = {_same(w) for w in new}
                for row in s.exec(select(TaughtWord).where(TaughtWord.action == code)):
                    if _same(row.word) in marked:
                        s.delete(row)
            for word in new:
                s.add(TaughtWord(action=code, word=mark + word, at=utc(now)))
            s.commit()
    return Taught(code, new, [w for w in words if _same(mark + w) in old], tuple(overrides))


def _overridden(words: dict, code: str) -> list[tuple[str, str]]:
    """``(word, the move the built-in words give it)`` for the marked words of ``code`` in
    ``words`` (:func:`engine.lexicon.game.overridden`)."""
    from engine.lexicon.game import game_tables, overridden

    from .lexicon_cache import cached

    return [(entry, other) for action, entry, other in overridden(cached(), game_tables(words, derived=False))
            if action == code]


def _typed(words: list[str]) -> list[str]:
    """The host's words with their spaces made single."""
    return [" ".join(w.split()) for w in words]


def _same(word: str) -> str:
    """A word as compared for sameness: lower case, «ё» as «е»."""
    return word.lower().replace("ё", "е")


def forget(store: Store, action: str, words: list[str]) -> Taught:
    """Take back taught ``words`` of the move ``action`` (the config's ``[words]`` are the
    host's file: edited there). Returns :class:`Taught` (``unchanged``: words not taught).

    Raises:
        mailer.day.GameError: no such move (Russian).
    """
    from engine.lexicon.game import plain_word

    code = action_of(action)
    wanted = [plain_word(w) for w in _typed(words)]
    asked = {_same(w) for w in wanted}
    with store.session() as s:
        rows = list(s.exec(select(TaughtWord).where(TaughtWord.action == code)))
        gone = [r for r in rows if _same(plain_word(r.word)) in asked]
        for row in gone:
            s.delete(row)
        s.commit()
    removed = [plain_word(r.word) for r in gone]
    found = {_same(w) for w in removed}
    return Taught(code, removed, [w for w in wanted if _same(w) not in found])


def unread_letters(store: Store) -> list[tuple[int, str, list[str], list[str]]]:
    """The open day's letters with something not understood (:data:`UNREAD_KINDS`; another
    role's move only from a player with a night move of his own besides the hunt, the move a
    word of his may mean), for the host to read again once he taught the words:
    ``(letter id, sender's nick, the texts not
    understood, the sentence of the letter around each, :func:`sentence_around`)`` in order
    of receipt, less the letters the host marked done (``inbox --done``) and the problems a later
    letter of the player settled (:func:`mailer.settled.settled_problems`); empty when no day
    is open. A question the parser did not read as a move
    (reason ``question``) is not listed: the host answers it (``inbox --questions``)."""
    from engine.legality import ROLE_MOVES

    from .reread import open_day_letters

    from .settled import settled_problems

    out = []
    with store.session() as s:
        ctx, rows = open_day_letters(s)
    settled = settled_problems(rows)
    for row in rows:
        if row.handled:  # the host marked it done (``inbox --done``): he has dealt with it
            continue
        done = settled.get(row.id, {})
        player = ctx.state.players.get(row.nick) if row.nick else None
        # another role's move from a player whose only night move is the hunt (a plain
        # civilian's «Лечу Маруську»): understood and refused, no word of his to teach
        own = player is not None and player.role in ROLE_MOVES
        texts = [p.get("text", "") for n, p in enumerate(loads(row.problems_json) or [])
                 if isinstance(p, dict) and p.get("kind") in UNREAD_KINDS
                 and n not in done  # a later answer of the player settled it
                 and (own or p.get("kind") != "not_your_role")
                 # a question to the host is his to answer (``write``), no word to teach
                 and p.get("reason") not in ("question", "not_a_move", "yes_to_nothing")]  # («нет, это не ход», «да» to nothing: told)
        if texts:
            out.append((row.id, row.nick or row.from_addr, texts,
                        [sentence_around(row.body or "", text) for text in texts]))
    return out


#: How long a sentence :func:`sentence_around` gives at most (characters, «…» included).
SENTENCE_LIMIT = 200

#: Where a sentence of a letter ends: «.», «!», «?», «…» before a space; a blank line; a line
#: break before a capital letter or a list item (a line wrapped by the mail client goes on in
#: lower case).
_END = re.compile(r"[.!?…]+(?=\s|$)|\n\s*\n|\n(?=[ \t]*(?:[-*•>]|\d+[.)]|[A-ZА-ЯЁ]))")


def sentence_around(body: str, text: str, limit: int = SENTENCE_LIMIT) -> str:
    """The sentence of the letter ``body`` that holds ``text`` (the parser's span of what it
    did not understand), whitespace folded: from the end of the sentence before (:data:`_END`)
    to the end of its own (its final «.» left out, as it stands in «»); cut to ``limit``
    characters around ``text`` with «…» where cut. ``text`` itself when the body
    does not hold it (words in another order, a quote cut off)."""
    words = re.findall(r"\w+", text)
    if not words:
        return " ".join(text.split())
    found = re.search(r"\W+".join(map(re.escape, words)), body, re.IGNORECASE)
    if found is None:
        return " ".join(text.split())
    start = max((m.end() for m in _END.finditer(body, 0, found.start())), default=0)
    after = _END.search(body, found.end())
    end = after.end() if after is not None and not after.group().isspace() else (
        after.start() if after is not None else len(body))
    before, after_text = body[start:found.start()], body[found.end():end]
    head, span, tail = (" ".join(part.split()) for part in (before, found.group(), after_text))
    if len(head) + len(span) + len(tail) + 2 > limit:  # keep the span, cut both sides at a word
        room = max(limit - len(span) - 4, 0)
        keep_head = min(len(head), room // 2 if len(tail) > room - room // 2 else room - len(tail))
        keep_tail = min(len(tail), room - keep_head)
        if keep_head < len(head):
            head = "…" + head[len(head) - keep_head:].split(" ", 1)[-1] if keep_head else "…"
        if keep_tail < len(tail):
            tail = (tail[:keep_tail].rsplit(" ", 1)[0] if keep_tail else "") + "…"
    # (the span keeps its place: a space beside it only where the letter has one)
    gap = " " if head and before[-1:].isspace() or head == "…" else ""
    shown = (head + gap + span + (" " if tail and after_text[:1].isspace() else "") + tail).strip()
    return shown[:-1] if shown.endswith(".") and not shown.endswith("..") else shown  # as quoted in «»


def answered_alike(rows: list, now_read: list[dict]) -> list[int]:
    """The indexes into ``rows`` (the open day's letters) of the letters whose every problem
    a later letter of the same player already settled (:func:`mailer.settled.settled_problems`:
    his «Да» to «Не понял, ход ли это: «Раскатываю Калача»»), and whose reading with the new
    words (``now_read``, ``ParseResult.to_json()`` in the order of ``rows``) asks nothing and
    makes only moves he and those answers made: the host taught the word the answer confirmed,
    and reading such a letter again would only send the player a second reply of the same
    moves (and tell his «Да», no longer an answer, that it holds no move)."""
    from .settled import settled_problems

    settled = settled_problems(rows)
    by_id = {row.id: row for row in rows}
    out = []
    for n, (row, read) in enumerate(zip(rows, now_read)):
        marks = settled.get(row.id) or {}
        asked = loads(row.problems_json) or []
        if not marks or len(marks) < len(asked) or read["problems"]:
            continue
        made = list(loads(row.moves_json) or [])
        for i in set(marks.values()):
            made += loads(by_id[i].moves_json) or [] if i in by_id else []
        if read["moves"] and all(m in made for m in read["moves"]):
            out.append(n)
    return out


def reread_changed(own: GameConfig, store: Store, before: dict, *, now: datetime,
                   aliases_before: dict | None = None):
    """Read again, with the game's words now (``own``'s ``[words]`` and the taught ones) and its
    aliases of players now, every letter of the open day (read with moves, with none, or late
    for the day before) that they read otherwise than the words ``before`` (and the aliases
    ``aliases_before``) did: ``close-day`` reads the day's letters with
    the words of its moment, so each such letter's sender gets a new reply now and the reply
    says what close-day will do. The sender's later letters of the day are read again after
    it, in order of receipt: each reply says what stands after the letters before it, so the
    last one says what stands after all of them (and, its reply still unsent, stands for the
    earlier ones, :mod:`mailer.reply_context`). Installs the new words for this process.

    Args:
        own: the config as loaded (its own ``[words]``, without the taught ones); store: the
            game database; before: the game's words before the change (``with_taught(...).words``);
            now: aware current time (the Date of the replies); aliases_before: the game's
            aliases of players before the change (``with_taught(...).aliases``; None: unchanged).
    Returns:
        ``(ids, report)``: the letters read again (in order of receipt; the later letters of
        their senders too, ``report.followed``) and the
        :class:`mailer.intake.SyncReport` of their reading (None when there were none).
    Raises:
        mailer.day.GameError: a sync of this game is running (Russian).
    """
    from engine.parse import parse_letter
    from engine.textnorm_aliases import install_aliases

    from .lexicon_cache import install
    from .reread import changed_letters, open_day_letters, reread

    after = with_taught(own, store)
    aliases_before = after.aliases if aliases_before is None else aliases_before
    with store.session() as s:
        ctx, letters = open_day_letters(s)
    rows = [row for row in letters if row.nick is not None]

    def readings(words: dict, aliases: dict) -> list:
        install(words)
        install_aliases(aliases)
        return [parse_letter(row.body, row.nick, ctx.state, ctx.info).to_json() for row in rows]

    ids: list[int] = []
    followed: list[int] = []
    if rows and (before != after.words or aliases_before != after.aliases):
        was, now_read = readings(before, aliases_before), readings(after.words, after.aliases)
        for n in answered_alike(rows, now_read):
            was[n] = now_read[n]  # (its question answered already as the new words read it)
        ids, followed = changed_letters(rows, was, now_read)
    install(after.words)
    install_aliases(after.aliases)
    if not ids:
        return [], None
    report = reread(after, store, ids, now=now, open_day=True)
    report.followed = followed
    return ids, report
