"""What the host brings from the forum: vote tallies, word counts and posts, lost votes.

All of it is stored as :class:`mailer.store.DayInput` rows of the open day and read by
``close-day``. Imported votes and votes by letter merge by the latest time (issue 5).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import delete, select

from engine.roles import typed_nick

from .config import GameConfig
from .status import PARDON, pardon_line, pardon_why
from .store import DayInput, Store, dumps, loads, to_db
from .day import GameError, current_context

#: «Пальмы цветут»: forbidden words (DECISIONS.md §6, event 7) as pymorphy3 lemmas, plus the
#: particles that have no forms.
PALMS_LEMMAS = frozenset({"я", "ты", "он", "она", "оно", "они", "мы", "вы"})
PALMS_WORDS = frozenset({"да", "не", "нет"})
_WORD = re.compile(r"[\w'-]+", re.UNICODE)
_POST = re.compile(r"^\s*(?P<nick>[^:—\-\n]{1,60}?)\s*[:—]\s*(?P<text>.*)$")


@dataclass
class ImportReport:
    """What an import did: ``rows`` players imported; ``problems`` one Russian line per line of
    the file not understood or from an unknown poster («строка 3: …»); ``flagged`` nick → the
    forbidden words of «Пальмы цветут» he used."""

    rows: int = 0
    problems: list[str] = field(default_factory=list)
    flagged: dict[str, list[str]] = field(default_factory=dict)  # nick → forbidden words used
    #: «Ник: Пират → Лесник»: players whose vote accepted from a letter today the import
    #: replaces with another (the host is told; close-day counts the import, DECISIONS.md §6)
    replaced: list[str] = field(default_factory=list)


class ImportFailed(GameError):
    """An import with lines not understood and no ``--skip-bad``: nothing was imported. The
    message lists the lines; ``report`` is the report of the lines that would have loaded."""

    def __init__(self, what: str, report: ImportReport):
        self.report = report
        lines = "\n".join(f"  {p}" for p in report.problems)
        super().__init__(f"{what}: строк, которые не удалось понять: {len(report.problems)}; "
                         f"ничего не загружено.\n{lines}\nИсправьте файл или загрузите остальное "
                         "с --skip-bad.")


def _open_day(store: Store):
    with store.session() as s:
        ctx = current_context(s)
    if ctx is None:
        raise GameError("нет открытого дня")
    return ctx


def _nick(ctx, name: str) -> str | None:
    """The roster nick of a name in an imported file: the nick as :func:`typed_nick` reads
    it, or one whole word of a nick of several words when no other nick has that word
    («Лис» for «Лис Патрикеевич», as letters name him too), or a case form of one nick
    («Пчёлку», :func:`engine.names.one_named`)."""
    from engine.names import one_named

    nick = typed_nick(name, ctx.state.players)
    if nick is not None:
        return nick
    # («lost-vote Зайца»: a case form of one nick, as --fear-choice takes it)
    return short_nick(name, ctx.state.players) or one_named(name, tuple(ctx.state.players))


def short_nick(name: str, nicks) -> str | None:
    """The nick of several words (``nicks``) that alone has the word ``name`` (any case,
    ё = е, «» or quotes around it); None when no nick or several have it."""
    def words(s: str) -> list[str]:
        return re.findall(r"\w+", s.lower().replace("ё", "е"))

    typed = words(name.strip().strip("«»\"'“”"))
    if len(typed) != 1:
        return None
    owners = [n for n in nicks if typed[0] in words(n)]
    return owners[0] if len(owners) == 1 and len(words(owners[0])) > 1 else None


def nick_hint(name: str, nicks) -> str:
    """« (может быть, «Тортилла»?)» after a name the host typed that is no roster nick
    (``nicks``) when one nick is close (rapidfuzz ratio ≥ 75, letter case and ё ignored);
    else, for a name of one word, the nick of several words one of whose words it is in some
    case or close to («Лису» → «Лиса Алиса»: the host named the player by the first word of
    his nick, in the case the command's sentence wants), when that is one nick only; else
    empty."""
    hint = close_hint(name, nicks)
    if hint:
        return hint
    from engine.words import word_forms

    typed = re.findall(r"\w+", name.lower().replace("ё", "е"))
    if len(typed) != 1:
        return ""
    word = typed[0]
    owners, words = set(), {}  # (then the letters' reading of the word: «Зину» → «Зинаида»)
    for nick in nicks:
        parts = re.findall(r"\w+", str(nick).lower().replace("ё", "е"))
        if len(parts) < 2:
            continue
        for part in parts:
            words.setdefault(part, set()).add(nick)
            if word in word_forms(part):
                owners.add(nick)
    if len(owners) == 1:
        return f" (может быть, «{next(iter(owners))}»?)"
    if owners:
        return ""
    from rapidfuzz import fuzz, process

    best = process.extractOne(word, list(words), scorer=fuzz.ratio, score_cutoff=75)
    if best and len(words[best[0]]) == 1:
        return f" (может быть, «{next(iter(words[best[0]]))}»?)"
    return _read_hint(word, nicks)


def _read_hint(word: str, nicks) -> str:
    """« (может быть, «Зинаида»?)» for a word the letters would read as one nick of ``nicks``
    (the engine's public name reading: a pet form of a given name, «Зину» for Зинаида; a pet
    form of the nick, «Ягуара» for Ягуарчик); empty when it reads as none or several."""
    from engine.names import name_index

    idx = name_index(tuple(str(n) for n in nicks))
    for read in (idx.given_name, idx.pet_form, idx.approximate):
        found = read(word)
        if found is not None and found.nick:
            return f" (может быть, «{found.nick}»?)"
        if found is not None:  # fits several: no one hint
            return ""
    return ""


def close_hint(typed: str, known, what: str = "") -> str:
    """« (может быть, «invite»?)» after a word the host typed (a move, a nick, a file name)
    that is none of ``known`` when one of them is close (rapidfuzz ratio ≥ 75, letter case and
    ё ignored), ``what`` before it («игрок »: « (может быть, игрок «Незабудка»?)»); else
    empty."""
    from rapidfuzz import fuzz, process

    keys = {str(k).lower().replace("ё", "е"): str(k) for k in known}
    best = process.extractOne(typed.strip().lower().replace("ё", "е"), list(keys),
                              scorer=fuzz.ratio, score_cutoff=75)
    return f" (может быть, {what}«{keys[best[0]]}»?)" if best else ""


def _posters(cfg: GameConfig, ctx):
    """``poster(name) -> (host, nick)`` for the authors of a pasted thread: the host's own
    forum accounts (``[forum].host_names``, FORUM.md) are no players and their lines are
    skipped; a player's ``forum_name`` or nick gives his roster nick (None: nobody). The
    config's forum settings are read once per import."""
    from .forum.settings import ForumError, forum_settings

    try:
        who = forum_settings(cfg).who
    except ForumError:
        who = None

    def poster(name: str) -> tuple[bool, str | None]:
        kind, nick = who(name) if who is not None else ("", None)
        return kind == "host", nick or _nick(ctx, name)
    return poster


def _save_inputs(store: Store, day: int, kind: str, values: dict, at: datetime | None = None) -> None:
    """Store ``values`` (nick → JSON-able value, or None for no value) as the ``kind`` rows of
    ``day``, replacing each nick's earlier row of that kind (one transaction)."""
    with store.session() as s:
        for nick, value in values.items():
            s.exec(delete(DayInput).where(DayInput.day == day, DayInput.kind == kind,
                                          DayInput.nick == nick))
            s.add(DayInput(day=day, kind=kind, nick=nick,
                           value_json=dumps(value),
                           at=None if at is None else to_db(at)))


#: The field separators of a CSV line: the comma, the semicolon that Excel writes in a
#: Russian locale (where the comma is the decimal point), the tab of a copied table.
CSV_DELIMITERS = (",", ";", "\t")


def csv_row(line: str) -> list[str]:
    """The fields of one CSV line, split at whichever of :data:`CSV_DELIMITERS` it uses most
    (a file may mix them: rows typed by hand under an Excel export); quotes as the csv module
    reads them. [] for a blank line."""
    if not line.strip():
        return []
    delimiter = max(CSV_DELIMITERS, key=line.count)
    return next(csv.reader([line], delimiter=delimiter), [])


def import_votes(cfg: GameConfig, store: Store, text: str, *, now: datetime,
                 skip_bad: bool = False) -> ImportReport:
    """Import the forum's lynch tally for the open day, in one transaction.

    ``text`` is CSV ``voter,target[,target2]`` (or with «;» or tabs, :func:`csv_row`) or the
    forum thread pasted as text, one post a line ``Ник: …голосую за X…`` (votes read by the
    same grammar as letters). Each voter's
    imported vote replaces his earlier imported one; it is stamped ``now``. Every line not
    understood or from an unknown poster is listed in ``problems`` with its number; the host's
    own posts (``[forum].host_names``) are skipped, a player's ``forum_name`` is his.

    Raises:
        ImportFailed: a line was not understood and ``skip_bad`` is false (nothing imported).
        GameError: no open day.
    """
    from engine.parse import parse_letter
    from engine.textnorm import clean_text

    text = clean_text(text)  # a page copied from a browser: NBSP, zero-width, soft hyphens
    ctx = _open_day(store)
    poster = _posters(cfg, ctx)
    report = ImportReport()
    votes: dict[str, list[str]] = {}
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    if any(d in first for d in CSV_DELIMITERS) and ":" not in first:
        for line_no, line in enumerate(text.splitlines(), start=1):
            row = csv_row(line)
            if not row or row[0].strip().lower() in ("voter", "голосующий"):
                continue
            voter = _nick(ctx, row[0])
            targets = [_nick(ctx, t) for t in row[1:] if t.strip()]
            if voter is None or not targets or None in targets:
                unknown = "".join(f"; нет такого игрока «{n.strip()}»{nick_hint(n, ctx.state.players)}"
                                  for n in row if n.strip() and _nick(ctx, n) is None)
                report.problems.append(f"строка {line_no}: не понял «{line.strip()}»{unknown}")
                continue
            votes[voter] = targets
    else:
        for line_no, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            m = _POST.match(line)
            if not m:
                report.problems.append(f"строка {line_no}: не понял, чей это пост: «{line.strip()[:60]}»")
                continue
            host, voter = poster(m["nick"])
            if host:
                continue  # the host's own post («Ведущий: напоминаю…»)
            if voter is None:
                report.problems.append(f"строка {line_no}: нет такого игрока «{m['nick'].strip()}»"
                                       + nick_hint(m["nick"], ctx.state.players))
                continue
            parsed = parse_letter(m["text"], voter, ctx.state, ctx.info)
            found = [mv for mv in parsed.moves if mv.action == "vote"]
            if found:
                votes[voter] = list(found[-1].targets or (found[-1].target,))
            elif parsed.problems:
                from .words import problem_label, stored_problem

                why = problem_label(stored_problem(parsed.problems[0]))  # «названо больше игроков, чем голосов»
                report.problems.append(f"строка {line_no}: {why}: «{line.strip()[:80]}»")
    if report.problems and not skip_bad:
        raise ImportFailed("голоса не загружены", report)
    report.replaced = _letter_votes_replaced(store, ctx.day, votes)
    _save_inputs(store, ctx.day, "vote", votes, now)
    report.rows = len(votes)
    return report


def _letter_votes_replaced(store: Store, day: int, votes: dict[str, list[str]]) -> list[str]:
    """«Ник: A → B» for each player whose latest vote accepted from a letter of ``day``
    differs from the ``votes`` being imported for him."""
    from .letter_state import LetterState

    mailed: dict[str, list[str]] = {}
    with store.session() as s:
        for letter in store.letters(s, day=day):
            if letter.nick in votes and letter.state == LetterState.APPLIED:
                for m in loads(letter.moves_json) or []:
                    if m.get("action") == "vote":
                        mailed[letter.nick] = list(m.get("targets") or [m.get("target")])
    return [f"{nick}: {', '.join(mailed[nick])} → {', '.join(votes[nick])}"
            for nick in sorted(mailed) if sorted(mailed[nick]) != sorted(votes[nick])]


#: Events under which the host strips players of their vote (DECISIONS.md §6.6, §6.7).
VOTE_LOSING_EVENTS = frozenset({"paradox", "palms"})


def clear_lost_votes(s, day: int) -> list[str]:
    """Delete the ``lost_vote`` rows of ``day`` in session ``s`` (the host changed the day's
    event to one that strips no vote). Returns the nicks that got their vote back."""
    rows = list(s.exec(select(DayInput).where(DayInput.day == day, DayInput.kind == "lost_vote")))
    for row in rows:
        s.delete(row)
    return [row.nick for row in rows]


def set_lost_votes(store: Store, nicks: list[str]) -> list[str]:
    """Strip these players of their vote for the open day («Парадокс», «Пальмы цветут»).
    ``nicks``: as the host typed them (any case, е for ё). Returns the roster nicks.

    Raises:
        GameError: no open day, a day whose event strips no vote (DECISIONS.md §6: only
            «Парадокс» and «Пальмы цветут» do), a name that is no player, or a dead player
            (he has no vote to lose); nothing is stored then.
    """
    from engine.reasons import event_named

    ctx = _open_day(store)
    if ctx.info.event not in VOTE_LOSING_EVENTS:
        raise GameError(
            f"лишить голоса можно только в день «Парадокс» или «Пальмы цветут»; день {ctx.day} — "
            f"{event_named(ctx.info.event) or 'без события'}")
    done = []
    for name in nicks:
        nick = _nick(ctx, name)
        if nick is None:
            raise GameError(f"нет игрока «{name}»" + nick_hint(name, ctx.state.players))
        if not ctx.state.players[nick].alive:
            raise GameError(f"{nick} уже не в игре: голоса, которого можно лишить, нет")
        done.append(nick)
    _save_inputs(store, ctx.day, "lost_vote", dict.fromkeys(done))
    return done


def case_rivals(store: Store, names: list[str]) -> list[tuple[str, list[str]]]:
    """The names of ``names`` (as the host typed them after ``lost-vote``) that are one
    player's nick written exactly and also a case form of other nicks («Кира»: the player
    Кира, and Кир in the accusative — README: a nick in any case): ``(nick, others)`` for
    each, so the command can say which player it took and how to name the other. The exact
    nick wins (:func:`_nick`); this only tells the host. Empty when no day is open."""
    from engine.grammar_tokens import tokenize
    from engine.names import name_index
    from engine.textnorm import clean_text

    try:
        ctx = _open_day(store)
    except GameError:
        return []
    players = tuple(ctx.state.players)
    idx = name_index(players)
    out = []
    for name in names:
        nick = typed_nick(name, ctx.state.players)
        if nick is None:
            continue
        toks = [tk.w for tk in idx.merge(tokenize(clean_text(name.strip()))) if tk.word]
        hit = idx.exact(toks, 0, None) if toks else None
        others = [n for n in (hit.candidates if hit is not None else ()) if n != nick]
        if others:
            out.append((nick, others))
    return out


def restore_votes(store: Store, nicks: list[str]) -> list[str]:
    """Give back the vote :func:`set_lost_votes` took today (the host named the wrong player).
    ``nicks``: as the host typed them. Returns the roster nicks whose vote came back.

    Raises:
        GameError: no open day, a name that is no player, or a player who has his vote
            (nothing to give back); nothing is changed then.
    """
    ctx = _open_day(store)
    lost = _lost_on(store, ctx.day)
    back = []
    for name in nicks:
        nick = _nick(ctx, name)
        if nick is None:
            raise GameError(f"нет игрока «{name}»" + nick_hint(name, ctx.state.players))
        if nick not in lost:
            raise GameError(f"{nick} голоса сегодня не лишён: возвращать нечего")
        back.append(nick)
    with store.session() as s:
        s.exec(delete(DayInput).where(DayInput.day == ctx.day, DayInput.kind == "lost_vote",
                                      DayInput.nick.in_(back)))
    return back


def lost_votes_today(store: Store) -> list[str]:
    """The players stripped of their vote for the open day, in roster order.

    Raises:
        GameError: no open day.
    """
    ctx = _open_day(store)
    lost = _lost_on(store, ctx.day)
    return [n for n in ctx.state.players if n in lost]


def _lost_on(store: Store, day: int) -> set[str]:
    """The players stripped of their vote on ``day`` (its ``lost_vote`` inputs)."""
    with store.session() as s:
        return set(s.exec(select(DayInput.nick).where(DayInput.day == day,
                                                      DayInput.kind == "lost_vote")))


def palms_words(text: str) -> list[str]:
    """Forbidden words of «Пальмы цветут» in ``text`` (any form: «вас», «нам», «ему»)."""
    from engine.names import morph

    found = []
    for word in _WORD.findall(text.lower().replace("ё", "е")):
        if word in PALMS_WORDS:
            found.append(word)
            continue
        parses = morph().parse(word)
        if parses and parses[0].tag.POS == "NPRO" and parses[0].normal_form in PALMS_LEMMAS:
            found.append(word)
    return found


def import_posts(cfg: GameConfig, store: Store, text: str, *, skip_bad: bool = False) -> ImportReport:
    """Import the day's forum posts (``Ник: текст`` per line, or CSV ``nick,words``, also
    with «;» or a tab, :func:`csv_row`): store
    each player's word count for autokill (DECISIONS.md §7) and, under «Пальмы цветут», flag
    the forbidden words for the host to confirm with ``lost-vote``. One transaction: the
    counts of the players in the file replace their earlier ones, the others' stay.

    Raises:
        ImportFailed: a line was not understood or names an unknown poster and ``skip_bad``
            is false (nothing imported, earlier counts kept).
        GameError: no open day.
    """
    from engine.textnorm import clean_text

    text = clean_text(text)  # a page copied from a browser: NBSP, zero-width, soft hyphens
    ctx = _open_day(store)
    poster = _posters(cfg, ctx)
    report = ImportReport()
    counts: dict[str, int] = {}
    for line_no, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = csv_row(line)  # «nick,words», or «nick;words» from Excel
        if len(parts) == 2 and parts[1].strip().isdigit() and _nick(ctx, parts[0]):
            counts[_nick(ctx, parts[0])] = int(parts[1])
            continue
        m = _POST.match(line)
        host, nick = poster(m["nick"]) if m else (False, None)
        if m is None:
            report.problems.append(f"строка {line_no}: не понял, чей это пост: «{line.strip()[:60]}»")
            continue
        if host:
            continue  # the host's own post: no player's words
        if nick is None:
            report.problems.append(f"строка {line_no}: нет такого игрока «{m['nick'].strip()}»")
            continue
        counts[nick] = counts.get(nick, 0) + len(_WORD.findall(m["text"]))
        if ctx.info.event == "palms":
            bad = palms_words(m["text"])
            if bad:
                report.flagged.setdefault(nick, []).extend(bad)
    if report.problems and not skip_bad:
        raise ImportFailed("посты не загружены", report)
    _save_inputs(store, ctx.day, "words", counts)
    report.rows = len(counts)
    return report


def cancel_autokill(store: Store, name: str, *, day: int | None = None, undo: bool = False) -> tuple[str, int]:
    """Cancel ``name``'s autokill point of ``day`` (default: the open day), or give it back
    (``undo``): the day's close counts none for him, whatever the reason (no vote, few forum
    words); stored as the day's :data:`PARDON` input, shown by ``status`` and ``explain``.
    A closed day's points are counted already: the host reopens it first (``reopen-day``).
    Returns (the roster nick, the day).

    Raises:
        GameError: no open day, a day that is not the open one (closed: the message names
            ``reopen-day``), a name that is no player, or a player out of the game (no point
            to cancel); nothing is stored then.
    """
    ctx = _open_day(store)
    day = ctx.day if day is None else day
    if day < ctx.day:
        raise GameError(f"день {day} уже закрыт, его очки автокилла подсчитаны: снять очко — "
                        f"mafia-mail reopen-day {day}, затем autokill-cancel {name} --day {day}, затем close-day")
    if day > ctx.day:
        raise GameError(f"день {day} ещё не начался (сейчас идёт день {ctx.day})")
    nick = _nick(ctx, name)
    if nick is None:
        raise GameError(f"нет игрока «{name}»" + nick_hint(name, ctx.state.players))
    if not undo and not ctx.state.players[nick].alive:
        # (a player out of the game gets no autokill point: nothing to cancel; one the host
        # brings back is pardoned by reopen-day itself)
        raise GameError(f"{nick} выбыл(а) из игры: очков автокилла у выбывших нет, снимать нечего")
    with store.session() as s:
        s.exec(delete(DayInput).where(DayInput.day == day, DayInput.kind == PARDON, DayInput.nick == nick))
        if not undo:
            s.add(DayInput(day=day, kind=PARDON, nick=nick, value_json=dumps("host")))
    return nick, day


def pardoned_on(s, day: int) -> dict[str, str]:
    """The players whose autokill point of ``day`` is cancelled (its :data:`PARDON` inputs):
    nick → why, in the words of :data:`mailer.status.PARDON_WHY_RU`."""
    rows = s.exec(select(DayInput).where(DayInput.day == day, DayInput.kind == PARDON).order_by(DayInput.id))
    return {r.nick: pardon_why(r.value_json) for r in rows if r.nick}


def pardon_revived(s, nicks: list[str], days: range) -> None:
    """``reopen-day`` brought ``nicks`` back into the game: the days of ``days`` they believed
    themselves dead (by the host's error) cost them no autokill point (:data:`PARDON`)."""
    for day in days:
        for nick in nicks:
            s.exec(delete(DayInput).where(DayInput.day == day, DayInput.kind == PARDON, DayInput.nick == nick))
            s.add(DayInput(day=day, kind=PARDON, nick=nick, value_json=dumps("revived")))


def pardon_lines(s, day: int) -> list[str]:
    """The lines ``explain`` and ``status`` give the cancelled autokill points of ``day``."""
    return [pardon_line(day, nick, why) for nick, why in pardoned_on(s, day).items()]
