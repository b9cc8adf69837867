"""The host's view of a day's thread count (``forum tally``) and the status column."""

from __future__ import annotations

from ..store import Store
from .service import refresh_authors
from .settings import forum_settings
from .tally import DayTally, day_tally


def tally_for_host(cfg, store: Store, day: int | None) -> DayTally:
    """Day ``day`` of the thread (default: the open day), authors matched with the current
    config first. Raises ForumError (no game, no such day)."""
    settings = forum_settings(cfg)
    with store.session() as s:
        refresh_authors(s, settings)
        return day_tally(s, day, tz=settings.timezone)


def letter_votes(store: Store, t: DayTally) -> tuple[list[str], list[str], list[str]]:
    """What the players' letters and the host's ``votes import`` change in the thread's count
    ``t`` as close-day merges them (:func:`mailer.forum.close.merge_thread`): ``(voted by
    letter only, letter vote later than the thread vote, a vote the host imported and no
    thread vote)``, nicknames in the count's order. The thread tally (FORUM.md JSON) is the
    thread's alone; the host's text says these beside it."""
    from sqlmodel import select

    from ..letter_state import LetterState
    from ..store import DayInput, Letter
    from .close import letter_vote_times

    with store.session() as s:
        letters = list(s.exec(select(Letter).where(Letter.day == t.day,
                                                   Letter.state == LetterState.APPLIED.value)))
        latest = letter_vote_times(letters)
        imported = set(s.exec(select(DayInput.nick).where(DayInput.day == t.day,
                                                          DayInput.kind == "vote")))
    only = [n for n in t.players if n in latest and not t.players[n].votes]
    later = [n for n in t.players if n in latest and t.players[n].votes
             and t.players[n].vote_at is not None and latest[n] > t.players[n].vote_at]
    hosted = [n for n in t.players if n in imported and not t.players[n].votes and n not in latest]
    return only, later, hosted


def rivals(store: Store, t: DayTally) -> list[str]:
    """:func:`mailer.forum.close.untimed_rivals` of count ``t``: the letter votes that compete
    with a vote of an undated pasted «Ник: текст» line (Russian items for the host)."""
    from sqlmodel import select

    from ..letter_state import LetterState
    from ..store import DayInput, Game, Letter
    from .close import letter_vote_times, untimed_rivals

    if t.closed or t.secret:
        return []
    with store.session() as s:
        letters = list(s.exec(select(Letter).where(Letter.day == t.day,
                                                   Letter.state == LetterState.APPLIED.value)))
        hosted = set(s.exec(select(DayInput.nick).where(DayInput.day == t.day,
                                                        DayInput.kind == "vote")))
        game = s.get(Game, 1)
        return untimed_rivals(t, letter_vote_times(letters), hosted, game.timezone)


def text_report(t: DayTally, by_letter: tuple[list[str], list[str], list[str]] = ([], [], []),
                untimed: list[str] = ()) -> str:
    """The count as plain Russian text for the host's terminal; ``by_letter``: what
    :func:`letter_votes` found, told under the count; ``untimed``: :func:`rivals`."""
    from engine.reasons import day_named

    day = day_named(t.day, t.event)
    lines = [f"{day}; постов в ветке: {t.posts}"]
    if t.secret:
        lines.append("«Тайна»: голоса в ветке не считаются (голосуют только письмами).")
    lines.append("")
    width = max((len(n) for n in t.players), default=5)
    for nick, p in t.players.items():
        vote = ", ".join(p.votes) if p.votes else "—"
        mark = "  < " + str(t.autokill_words) if p.words < t.autokill_words else ""
        lines.append(f"  {nick:<{width}}  постов {p.posts:>3}  слов {p.words:>5}{mark:<6}  голос: {vote}")
    if not t.secret:
        lines.append("")
        lines.append("Голоса:")
        for e in t.tally:
            lines.append(f"  {e['target']} — {e['count']}: {', '.join(e['voters'])}")
        if not t.tally:
            lines.append("  пока нет")
        lines.append("Не голосовали: " + (", ".join(t.not_voted) or "—"))
        only, later, hosted = by_letter
        if only and not t.closed:
            lines.append("  из них голосовали письмом (close-day учтёт): " + ", ".join(only))
        if hosted and not t.closed:
            lines.append("  из них голос внесён ведущим (votes import, close-day учтёт): "
                         + ", ".join(hosted))
        if later and not t.closed:
            lines.append("Голос письмом позже голоса в ветке (close-day возьмёт письмо): " + ", ".join(later))
        if untimed and not t.closed:
            from .close import RIVALS_HEAD

            lines.append(RIVALS_HEAD[:1].upper() + RIVALS_HEAD[1:] + " (проверьте; иначе — "
                         "votes import до close-day): " + "; ".join(untimed))
    lines.append(f"Меньше {t.autokill_words} слов: " + (", ".join(t.under_words) or "—"))
    if t.closed:  # its results are made: nothing of close-day to come is told
        pass
    elif t.under_words and t.posts == 0:  # close-day takes words only from a day with posts
        lines.append("  постов этого дня в ветке нет: close-day слов из ветки не считает и штрафных "
                     "очков за слова не даёт (загрузите ветку дня до close-day, если она есть)")
    elif t.under_words:  # close-day counts the stored thread's words (FORUM.md): say what it does
        lines.append(f"  close-day даст каждому из них ({len(t.under_words)}) штрафное очко автокилла "
                     "по словам этой ветки (если загружена не вся ветка дня, догрузите её до close-day; "
                     "посты, загруженные по ошибке, убирает mafia-mail forum forget)")
    if t.outsiders:
        from .settings import looks_like_host

        lines.append("Посторонние: " + ", ".join(f"{o['author']} ({o['posts']})" for o in t.outsiders))
        hosts = [o["author"] for o in t.outsiders if looks_like_host(o["author"])]
        if hosts:  # FORUM.md «Config»: the host's accounts go to host_names
            listed = ", ".join(f'"{a}"' for a in hosts)
            lines.append(f"  похоже на аккаунт ведущего: {', '.join(hosts)} — впишите в настройки "
                         f"[forum] host_names = [{listed}], и его посты не будут считаться")
    kinds = {"dead_posted": "пишет мёртвый", "forbidden_words": "запретные слова",
             "edited_after_deadline": "правка после срока",
             "vote_refused": "голос не принят (решает ведущий)"}
    for f in t.flags + t.refused:
        detail = f": {f['detail']}" if f["detail"] else ""
        lines.append(f"  ! {f['player']}, пост {f['post']} — {kinds[f['kind']]}{detail}")
    return "\n".join(lines) + "\n"


def words_warnings(cfg, store: Store, days, now) -> list[str]:
    """Russian lines for the host after a forum import or sync, one per open day of ``days``
    (day numbers that got new posts; None and closed days are skipped) whose deadline has
    passed by ``now`` (an aware datetime: the import close-day will count) on which living
    players have fewer words in the stored thread than the ``autokill_words`` house rule
    (DECISIONS.md §7): close-day would give each of them an autokill point, so a host who
    loaded part of a day's thread learns it now, not from the results. A day not begun yet
    is skipped; other errors as :func:`tally_for_host` (ForumError: no game)."""
    from .model import ForumError

    out = []
    for day in sorted(d for d in days if d is not None):
        try:
            t = tally_for_host(cfg, store, day)
        except ForumError:  # (a day not begun yet: posts ahead of the game's days)
            continue
        if t.closed or not t.posts or not t.under_words or now < t.end:
            continue
        shown = ", ".join(f"{n} — {t.players[n].words}" for n in t.under_words[:8]) + \
            (", …" if len(t.under_words) > 8 else "")
        out.append(f"  внимание: день {day} — меньше {t.autokill_words} слов в загруженной ветке у "
                   f"{len(t.under_words)} из {len(t.players)} живых игроков ({shown}): если так и "
                   "останется, close-day даст каждому из них штрафное очко автокилла. Если "
                   "загружена не вся ветка дня, догрузите её до close-day; загрузку по ошибке "
                   "убирает mafia-mail forum forget --source ФАЙЛ")
    return out
