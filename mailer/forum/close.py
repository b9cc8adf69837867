"""What ``close-day`` takes from the thread (FORUM.md, last section): the day's thread votes
merged with letter votes by time (the latest per player wins) and the thread's word counts
for autokill. Host imports (``votes import``, ``posts import``) stay overrides."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, func, select

from engine.words import inflect

from ..store import DayInput, DayRow, Game, Letter, loads, utc
from .db import ForumPost


def merge_thread(s: Session, row: DayRow, letters: list[Letter], inputs: list[DayInput],
                 votes: dict[str, list[str]], words: dict[str, int], told: list[str] | None = None,
                 closing: datetime | None = None,
                 sources: dict[str, dict] | None = None) -> tuple[dict[str, list[str]], dict[str, int]]:
    """``(votes, words)`` of day ``row`` for the resolver: ``votes``/``words`` as the host's
    inputs gave them, completed from the stored thread when the day has posts in it.

    A player's thread vote stands when it is later than his latest letter vote and the host
    imported no vote for him; every living player gets a thread word count (0 when silent)
    unless the host imported one. With ``told``, Russian lines for the host are appended to it
    (close-day prints them): how many votes and word counts came from the thread, each letter
    vote a later thread vote replaced, who is under the autokill word count by the thread.
    ``closing``: close-day closes the day at that moment; the day's posts are those of the
    span it will have once closed (:func:`mailer.forum.tally.day_tally`). With ``sources``
    (:func:`vote_source`), every standing thread vote is entered there, counted or not, and
    what replaced it (a later letter vote, the host's import): ``explain`` names them; a thread
    vote a later letter replaced is told in ``told`` too (it went unsaid)."""
    from .tally import day_tally

    if s.exec(select(func.count()).select_from(ForumPost)).one() == 0:
        _tell_no_words(s, row, words, told, loaded=False)
        return votes, words
    if told is not None and closing is not None:
        _tell_after_close(s, row, closing, told)
    t = day_tally(s, row.day, closing=closing)
    if t.posts == 0:
        _tell_no_words(s, row, words, told, loaded=True)
        return votes, words
    hosted = {i.nick for i in inputs if i.kind == "vote"}
    latest_letter = letter_vote_times(letters)
    votes = dict(votes)
    taken: list[str] = []
    overruled: list[str] = []  # thread votes a later letter vote replaced
    zone = s.get(Game, 1).timezone
    if not t.secret:
        for nick, p in t.players.items():
            if not p.votes:
                continue
            where = f"пост {_post_named(p.vote_post, p.vote_at, zone)}"
            if nick in hosted:
                vote_source(sources, letters, nick, "post", p.votes, where, "host", zone)
                continue
            if nick in latest_letter and latest_letter[nick] > p.vote_at:
                vote_source(sources, letters, nick, "post", p.votes, where, "letter", zone)
                overruled.append(nick)
                continue
            vote_source(sources, letters, nick, "post", p.votes, where, None, zone)
            votes[nick] = list(p.votes)
            taken.append(nick)
    for f in t.refused if not t.secret else ():  # a post's vote the rules refused: explain names it
        vote_source(sources, letters, f["player"], "refused", [], f"пост {_post_named(f['post'], f['at'], zone)}",
                    "rules", zone, detail=f["detail"])
    from_thread = {nick: p.words for nick, p in t.players.items() if nick not in words}
    words = {**{nick: p.words for nick, p in t.players.items()}, **words}
    if told is not None:
        lost = {i.nick for i in inputs if i.kind == "lost_vote"}
        _tell(told, row, t, taken, latest_letter, from_thread, hosted, lost, words, zone,
              thread_loaded(s), min(closing, utc(row.deadline)) if closing else utc(row.deadline))
        _tell_flags(s, told, row, t, zone)
        later = [n for n in overruled if n not in lost]
        if later:  # the other way round is told by _tell: a letter vote a later post replaced
            latest = latest_vote_letters(letters)
            told.append("голос в ветке заменён более поздним голосом из письма: " + "; ".join(
                f"{n} — за {', '.join(inflect(v, 'accs') for v in t.players[n].votes)} (пост "
                f"{_post_named(t.players[n].vote_post, t.players[n].vote_at, zone)}) → "
                f"{letter_vote_told(latest[n], zone)}" for n in later))
        rivals = untimed_rivals(t, latest_letter, hosted, zone)
        if rivals:
            told.append(f"{RIVALS_HEAD} (решает ведущий: reopen-day {row.day}, votes import, "
                        "close-day): " + "; ".join(rivals))
    return votes, words


def palms_found(s: Session, day: int, *, only: set[str] | None = None, skip: set[str] = frozenset(),
                closing: datetime | None = None) -> dict[str, str]:
    """Under «Пальмы цветут» (DECISIONS.md §6.7; FORUM.md flag ``forbidden_words``): nick →
    the forbidden words the stored thread of ``day`` finds in his posts and which posts,
    «««меня», «не» в посте 07.12 20:15»» (the forum's own post number where it has one, a
    pasted post by its time; at most three posts, then «и ещё в N»). ``only``: these players
    only; ``skip``: not these; ``closing``: the open day counted as close-day will close it
    then (:func:`mailer.forum.tally.day_tally`). Empty when no thread is stored."""
    from .tally import day_tally

    if s.exec(select(func.count()).select_from(ForumPost)).one() == 0:
        return {}
    zone = s.get(Game, 1).timezone
    t = day_tally(s, day, closing=closing)
    flags = [f for f in t.flags if f["kind"] == "forbidden_words" and f["player"] not in skip
             and (only is None or f["player"] in only)]
    at = {p.post_id: utc(p.at) for p in s.exec(select(ForumPost).where(
        ForumPost.post_id.in_([f["post"] for f in flags])))}
    posts: dict[str, list[str]] = {}
    for f in flags:
        words = ", ".join(f"«{w}»" for w in f["detail"].split(", "))
        where = _post_named(f["post"], at[f["post"]], zone) if f["post"] in at else f["post"]
        posts.setdefault(f["player"], []).append(f"{words} в посте {where}")
    return {nick: "; ".join(said[:3]) + (f" и ещё в {len(said) - 3}" if len(said) > 3 else "")
            for nick, said in posts.items()}


#: The host's line where a letter vote and a vote of an undated pasted line compete.
RIVALS_HEAD = ("голос письмом и голос в ветке строкой «Ник: текст» без времени — у строки нет "
               "своего времени, ей дано время файла ветки, и по нему засчитан более поздний голос")


def untimed_rivals(t, latest_letter: dict[str, datetime], hosted=(), tz: str = "UTC") -> list[str]:
    """The players whose standing thread vote is a pasted «Ник: текст» line with no time of its
    own (its time is the file's, FORUM.md «Day of a post») while a letter vote of theirs the
    same day competes with it (the latest of the two counts, FORUM.md last section): Russian
    items «Ник — письмо 14:05, строка 16:30: засчитано письмо» for the host to check.
    ``latest_letter``: :func:`letter_vote_times`; ``hosted``: nicks with a ``votes import``
    vote (it stands over both, not told)."""
    from zoneinfo import ZoneInfo

    zone = ZoneInfo(tz)
    out = []
    for nick, p in t.players.items():
        if not p.votes or not p.vote_untimed or nick not in latest_letter or nick in hosted:
            continue
        letter, line = latest_letter[nick], p.vote_at
        won = "письмо" if letter > line else "строка ветки"
        out.append(f"{nick} — письмо {letter.astimezone(zone).strftime('%d.%m %H:%M')}, строка "
                   f"{line.astimezone(zone).strftime('%d.%m %H:%M')}: засчитано {won}")
    return out


def _tell_after_close(s: Session, row: DayRow, closing: datetime, told: list[str]) -> None:
    """The host's line for the posts the open day's count held (dated before its deadline)
    that closing it at ``closing`` leaves out: they are the next day's (their time is after
    the close), so the host is told, not left to find them gone."""
    from zoneinfo import ZoneInfo

    from .tally import windows

    game = s.get(Game, 1)
    open_end = next(e for d, _b, e in windows(s, game, row.day) if d == row.day)
    closed_end = next(e for d, _b, e in windows(s, game, row.day, closing=closing) if d == row.day)
    if closed_end >= open_end:
        return
    later = list(s.exec(select(ForumPost).where(
        ForumPost.at >= closed_end, ForumPost.at < open_end, ForumPost.kind != "host",
        ForumPost.deleted == False).order_by(ForumPost.at)))  # noqa: E712
    if later:
        zone = ZoneInfo(game.timezone)
        told.append(f"посты позже закрытия дня {row.day} (в его подсчёт не вошли, это посты дня "
                    f"{row.day + 1}): " + ", ".join(
                        f"{p.author} {utc(p.at).astimezone(zone).strftime('%d.%m.%Y %H:%M')}"
                        for p in later))


def _tell_no_words(s: Session, row: DayRow, words: dict[str, int], told: list[str] | None, *,
                   loaded: bool) -> None:
    """The host's line when day ``row`` has no forum words to count (no thread loaded, or none
    of its posts in the day) and no word counts of his own (``posts import``): the autokill
    rule of house rule ``autokill_words`` (DECISIONS.md §7) gives nobody a point that day — a
    fresh host's game skipped it without a word. Not said when the rule is off
    (``autokill_words = 0``, a game played by mail only)."""
    from ..day.context import load_state  # (the game's state, parsed once per version)

    if told is None or words:
        return
    limit = load_state(s.get(Game, 1)).rules.autokill_words
    if limit <= 0:
        return
    where = (f"в загруженной ветке форума нет постов дня {row.day}" if loaded
             else "ветка форума не загружена (forum sync или forum import)")
    told.append(f"{where} — правило автокилла «меньше {limit} слов за день» в день {row.day} не "
                "применено, штрафных очков за слова нет ни у кого; игра только по почте — "
                "autokill_words = 0 в [game.house_rules], и этой строки не будет")


def thread_loaded(s: Session) -> datetime | None:
    """When the stored thread was last read (aware UTC): the latest copy of a post (a saved
    page's or a paste's file time, a download's time) or page check — a download, or a page
    ``forum sync`` found unchanged (304) in a walk that reached the last page
    (:func:`mailer.forum.sync.sync_topic`); None when no time is stored (rows of an earlier
    version)."""
    from .db import ForumPage

    seen = s.exec(select(func.max(ForumPost.seen_at))).one()
    fetched = s.exec(select(func.max(ForumPage.fetched_at))).one()
    times = [utc(x) for x in (seen, fetched) if x is not None]
    return max(times) if times else None


def letter_vote_times(letters: list[Letter]) -> dict[str, datetime]:
    """Player → when his latest letter with a vote, or taking one back («Снимаю голос.»),
    among ``letters`` was received (aware UTC): a thread vote stands only when it is later
    (FORUM.md, last section)."""
    latest: dict[str, datetime] = {}
    for letter in letters:
        if letter.nick and (any(m.get("action") == "vote" for m in loads(letter.moves_json) or [])
                            or loads(letter.unvote_json or "[]")):
            at = utc(letter.received)
            latest[letter.nick] = max(latest.get(letter.nick, at), at)
    return latest


def latest_vote_letters(letters: list[Letter]) -> dict[str, Letter]:
    """Player → his latest letter among ``letters`` with a vote or taking one back (the one
    :func:`letter_vote_times` times)."""
    latest: dict[str, Letter] = {}
    for letter in letters:
        if letter.nick and (any(m.get("action") == "vote" for m in loads(letter.moves_json) or [])
                            or loads(letter.unvote_json or "[]")):
            mine = latest.get(letter.nick)
            if mine is None or (utc(letter.received), letter.id or 0) >= (utc(mine.received), mine.id or 0):
                latest[letter.nick] = letter
    return latest


def letter_vote_told(letter: Letter, zone: str) -> str:
    """How the host's lines name a letter's vote: «письмо 12 (07.12 22:00) — за Лиса», or
    «… — голос снят» for a letter that only takes the vote back."""
    targets = [t for m in loads(letter.moves_json) or [] if m.get("action") == "vote"
               for t in (m.get("targets") or [m.get("target")]) if t]
    said = "за " + ", ".join(inflect(v, "accs") for v in targets) if targets else "голос снят"
    return f"письмо {letter.id} ({_short_time(letter.received, zone)}) — {said}"


def vote_source(sources: dict[str, dict] | None, letters: list[Letter], nick: str, kind: str,
                targets: list[str], where: str, replaced_by: str | None, zone: str,
                detail: str = "") -> None:
    """Enter into ``sources`` (nothing when None) a vote of ``nick`` that no letter carried:
    ``kind`` ``"post"`` (the thread), ``"host"`` (``votes import``) or ``"refused"`` (a post
    whose vote the rules refused, ``detail`` why with the post's words; ``replaced_by``
    ``"rules"``), its ``targets``, where it is (``where``: «пост 07.12 21:00»), and
    ``replaced_by`` (None: it counted; ``"letter"``: a later letter vote; ``"host"``: the
    host's import). The entry of ``nick`` also names his latest vote letter (number and time,
    ``letters``), so ``explain`` names it (:func:`engine.explain.explain_turn`)."""
    if sources is None:
        return
    entry = sources.setdefault(nick, {"letter": None, "letter_at": None, "votes": []})
    latest = latest_vote_letters([x for x in letters if x.nick == nick]).get(nick)
    if latest is not None:
        entry["letter"], entry["letter_at"] = str(latest.id), _short_time(latest.received, zone)
    entry["votes"].append({"kind": kind, "targets": list(targets), "where": where, "replaced_by": replaced_by,
                           **({"detail": detail} if detail else {})})


def _post_named(post_id: str, at: datetime, zone: str) -> str:
    """How the host's line names a thread post: the forum's own post number as it is (he finds
    it on the page); a pasted post (mailer.forum.textpaste: a stored id «t…», a digest he
    cannot find anywhere) by its time in the game's zone ``zone``, «08.12 14:05»."""
    return post_id if not post_id.startswith("t") else _short_time(at, zone)


def _short_time(moment: datetime, zone: str) -> str:
    """``moment`` (aware) as the host's lines of the thread write it, «08.12 14:05» in the
    game's zone ``zone``."""
    from zoneinfo import ZoneInfo

    return utc(moment).astimezone(ZoneInfo(zone)).strftime("%d.%m %H:%M")


def _tell(told: list[str], row: DayRow, t, taken: list[str], latest_letter: dict,
          from_thread: dict[str, int], hosted: set[str], lost: set[str],
          words: dict[str, int], zone: str = "UTC", loaded: datetime | None = None,
          day_end: datetime | None = None) -> None:
    """The host's lines of what close-day took from the thread of day ``row`` (Russian).
    The players under the autokill word count are those the resolver gives the point to
    (DECISIONS.md §7): by ``words`` as merged, a count the host imported (``posts import``)
    standing over the thread's, and marked so."""
    from ..words import count

    told.append(f"ветка форума дня {row.day}: {count(t.posts, 'пост', 'поста', 'постов')}; голоса из "
                f"ветки у {count(len(taken), 'игрока', 'игроков', 'игроков')}" + (" (сегодня «Тайна»: голоса ветки не считаются)" if t.secret else "")
                + (f", у {len(hosted)} — загруженные ведущим (votes import) вместо ветки" if hosted else "")
                + f"; слова для автокилла из ветки у {count(len(from_thread), 'игрока', 'игроков', 'игроков')} "
                "(mafia-mail forum tally — подробности)")
    replaced = [n for n in taken if n in latest_letter and n not in lost]  # (a lost vote is none)
    if replaced:
        told.append("голос из письма заменён более поздним голосом в ветке: " + "; ".join(
            f"{n} — за {', '.join(inflect(v, 'accs') for v in t.players[n].votes)} "
            f"(пост {_post_named(t.players[n].vote_post, t.players[n].vote_at, zone)})" for n in replaced))
    palms = {f["player"] for f in t.flags if f["kind"] == "forbidden_words"} - lost
    if palms:  # FORUM.md: a flag is the host's to decide; close-day applied none of them
        told.append("«Пальмы цветут»: запретные слова в ветке у " + ", ".join(inflect(n, "gent") for n in sorted(palms))
                    + f" — голос не снят (решает ведущий: reopen-day {row.day}, lost-vote НИК, "
                    "close-day; подробности — forum tally)")
    refused = t.refused
    if refused:  # a vote the rules refused is none; the host is told whose and why
        told.append(f"голос в ветке не принят правилами — не засчитан (решает ведущий: reopen-day {row.day}, "
                    "votes import, close-day; подробности — forum tally): " + "; ".join(
                        f"{f['player']} (пост {_post_named(f['post'], f['at'], zone)}) — {f['detail']}"
                        for f in refused))
    under = [n for n in t.players if words.get(n, 0) < t.autokill_words]
    stale = [n for n in under if n in from_thread]
    if stale and loaded is not None and day_end is not None and loaded < day_end:
        # the thread as last loaded is older than the day's end: the posts after it are not
        # counted, and a point given by a stale copy can knock players out (a fresh host's
        # copy loaded at noon gave every player a point)
        told.append(f"ветка загружена {_short_time(loaded, zone)}, раньше конца дня {row.day} "
                    f"({_short_time(day_end, zone)}): посты "
                    f"после этого не посчитаны, а штрафное очко за слова по ней получили "
                    f"{len(stale)} из {len(t.players)} игроков; если ветка неполная — reopen-day {row.day}, "
                    "forum sync или forum import, close-day")
    if under:
        told.append(f"меньше {t.autokill_words} слов в ветке (штрафное очко автокилла): "
                    + ", ".join(f"{n} — {words.get(n, 0)}" + ("" if n in from_thread else " (posts import)")
                                for n in under))


def _tell_flags(s: Session, told: list[str], row: DayRow, t, zone: str) -> None:
    """The host's lines of ``forum tally``'s flags close-day applies nothing for (FORUM.md
    «Flags for the host»: the host decides), so a host who did not run ``forum tally`` sees
    them among what is left to him: ``dead_posted`` (a dead player's post: neither vote nor
    words counted; the rules allow the dead only flood) and ``edited_after_deadline`` (the
    stored text, counted for votes and words, is the version after an edit made after the
    day's end). ``forbidden_words`` is told by :func:`_tell` with the votes it concerns."""
    ids = [f["post"] for f in t.flags if f["kind"] in ("dead_posted", "edited_after_deadline")]
    if not ids:
        return
    at = {p.post_id: utc(p.at) for p in s.exec(select(ForumPost).where(ForumPost.post_id.in_(ids)))}

    def posts(kind: str, detail: bool) -> list[str]:
        mine: dict[str, list[str]] = {}
        for f in t.flags:
            if f["kind"] == kind:
                named = _post_named(f["post"], at[f["post"]], zone) if f["post"] in at else f["post"]
                edit = f", правка {f['detail']}" if detail and f["detail"] else ""
                mine.setdefault(f["player"], []).append(named + edit)
        return [f"{n} — " + ("пост " if len(ps) == 1 else "посты ") + "; ".join(ps)
                for n, ps in mine.items()]

    dead = posts("dead_posted", False)
    if dead:
        told.append(f"посты выбывших игроков в ветке дня {row.day} («пишет мёртвый») — не посчитаны, ни "
                    "голос, ни слова (правила разрешают мёртвым только флуд; решает ведущий; "
                    "подробности — forum tally): " + "; ".join(dead))
    edited = posts("edited_after_deadline", True)
    if edited:
        told.append(f"посты дня {row.day}, отредактированные после конца дня («правка после срока») — "
                    "голос и слова посчитаны по тексту после правки (решает ведущий: reopen-day "
                    f"{row.day}, votes import или posts import, close-day; подробности — forum tally): "
                    + "; ".join(edited))
