"""The ``text`` engine: a thread pasted as text (FORUM.md «forum import»).

Two shapes: blocks of an author line, a date line and the post's text (what a browser copy of
most forum pages gives), or single lines «Ник: текст». Lines starting with «>» are quotes;
BBCode quote blocks are dropped and other BBCode tags read as the post shows them (this is
text, not HTML; :func:`engine.textnorm.forum_markup`, as in letters).
Posts get stable ids from their author, time and text, so overlapping pastes store each post
once.
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime

from engine.textnorm import forum_markup

from .dates import is_time_line
from .model import PageRead, Post

_SINGLE = re.compile(r"^\s*(?P<nick>[^:\n]{1,60}?)\s*:\s+(?P<text>\S.*)$")
#: words a copied header line puts before the author («Сообщение Ягуар » 07 дек 2026, 20:15»)
#: (phpBB's «Непрочитанное сообщение» / «Unread post by»: the alt text of the post's icon)
_PREFIX = re.compile(r"^\s*(?:(?:непрочитанное|новое)\s+сообщение|сообщение|автор|написал[аи]?|"
                     r"добавлено|(?:unread\s+)?post\s+by)\s*:?\s+", re.IGNORECASE)
#: a line of the author's profile box a copied page holds beside his post («Зарегистрирован:
#: Пн янв 01, 2018 12:00», «Сообщения: 120»): neither a post's header nor its text
_PROFILE = re.compile(r"^\s*(?:зарегистрирован[а]?|регистрация|сообщени[йя]|откуда|репутация|"
                      r"благодарил[аи]?|поблагодарили|joined|registered|posts|location)\s*:",
                      re.IGNORECASE)
#: a line of the page's own buttons and navigation a browser copy holds («Вернуться к началу»,
#: «Ответить с цитатой», «Страница 3 из 5 [ Сообщений: 112 ]», «Модератор: …»): no one's words
_CHROME = re.compile(r"^\s*(?:вернуться\s+к\s+началу|наверх|ответить(?:\s+с\s+цитатой)?|цитата|"
                     r"пожаловаться(?:\s+на\s+это\s+сообщение)?|страница\s+\d+\s+из\s+\d+.*|"
                     r"\[?\s*сообщений\s*:\s*\d+\s*\]?|модератор[ыа]?\s*:.*|back\s+to\s+top|"
                     r"reply(?:\s+with\s+quote)?|page\s+\d+\s+of\s+\d+.*|moderators?\s*:.*)\s*$",
                     re.IGNORECASE)
#: a copied post's subject line («Re: Мафия, день 2»): the engine's, not the author's
_SUBJECT = re.compile(r"^\s*re(?:\[\d+\])?:\s", re.IGNORECASE)
_HEADER_SPLIT = re.compile(r"\s+(?:»|—|-|\|)\s+|,\s+(?=\S*\d)")


def strip_bbcode(text: str) -> str:
    """``text`` without BBCode quote blocks (nested too) and with the other tags read as the
    post shows them (:func:`engine.textnorm.forum_markup`: formatting gone, struck-through
    text and pictures dropped, spoilers kept)."""
    return forum_markup(text, mark="")


def _chrome(line: str) -> bool:
    """True when ``line`` is the page's, not a post's: the author's profile box
    (:data:`_PROFILE`) or a button or navigation (:data:`_CHROME`)."""
    return bool(_PROFILE.match(line) or _CHROME.match(line))


def _own(lines: list[str], author: str = "") -> str:
    """The post's own text of ``lines``: no quotes, subject lines or page chrome; the
    ``author``'s nick alone on a line just above his profile box («Ягуар⏎Сообщения: 120») is
    the box's too."""
    def profile_next(n: int) -> bool:
        nxt = next((ln for ln in lines[n + 1:] if ln.strip()), "")
        return bool(_PROFILE.match(nxt))

    kept = [ln for n, ln in enumerate(lines)
            if not ln.lstrip().startswith(">") and not _SUBJECT.match(ln) and not _chrome(ln)
            and not (author and ln.strip() == author and profile_next(n))]
    return strip_bbcode("\n".join(kept)).strip()


def _post_id(author: str, at: datetime | None, text: str, seen: dict[str, int]) -> str:
    base = hashlib.sha1(f"{author}\n{at.isoformat() if at else ''}\n{text}".encode()).hexdigest()[:16]
    seen[base] = seen.get(base, 0) + 1
    return f"t{base}" + (f"-{seen[base]}" if seen[base] > 1 else "")


def _header(lines: list[str], i: int, tz: str, fetched: datetime):
    """(author, time, first text line) if a post starts at line ``i``."""
    line = lines[i].strip()
    if not line or len(line) > 80 or _chrome(line):
        return None
    if i + 1 < len(lines):
        at = is_time_line(lines[i + 1].strip(), tz, fetched)
        if at is not None and not is_time_line(line, tz, fetched):
            return line, at, i + 2
    parts = _HEADER_SPLIT.split(line, maxsplit=1)
    if len(parts) == 2:
        parts[0] = _PREFIX.sub("", parts[0])
    if len(parts) == 2 and parts[0].strip():
        at = is_time_line(parts[1].strip(), tz, fetched)
        if at is not None:
            return parts[0].strip(), at, i + 1
    return None


def _single_lines(lines: list[str], first: int, end: int, page: PageRead, seen: dict[str, int],
                  undated: datetime, known=None) -> None:
    """Read ``lines[first:end]`` as «Ник: текст» posts; other non-empty lines are problems.
    ``known`` (a predicate of known accounts, or None): a line naming no known account is a
    problem too — the page's title or a caption above the dated posts («Мафия: демо — день
    2»), not an outsider's post."""
    for n in range(first, end):
        line = lines[n]
        if not line.strip() or _SUBJECT.match(line) or _chrome(line):
            continue
        m = _SINGLE.match(line)
        if m is None:
            page.problems.append(f"строка {n + 1}: не понял, чей это пост: «{line.strip()[:60]}»")
            continue
        if known is not None and not known(m["nick"].strip()):
            page.problems.append(f"строка {n + 1}: «{line.strip()[:60]}» — над постами, и «"
                                 f"{m['nick'].strip()}» не игрок и не ведущий: пропущена "
                                 "(заголовок страницы?)")
            continue
        own = _own([m["text"]])
        page.posts.append(Post(_post_id(m["nick"], None, own, seen), m["nick"].strip(), undated,
                               own, seq=len(page.posts)))


def _tail_of_lines(lines: list[str], body: int, end: int, known, author: str,
                   page: PageRead) -> int:
    """Where a dated block's text ends when «Ник: текст» lines follow it (a mixed paste).

    After a blank line inside the block, a line «Ник: текст» naming a known account (a player
    or the host) followed by at least one more «Ник: текст» line starts the single-line part:
    the block ends there. A lone such line stays the block's text (:func:`_inner_lines` tells
    the host)."""
    if known is None:
        return end
    for n in range(body + 1, end):
        if lines[n - 1].strip() or not lines[n].strip():
            continue
        m = _SINGLE.match(lines[n])
        if m is None or not known(m["nick"].strip()):
            continue
        if sum(1 for k in range(n, end) if _SINGLE.match(lines[k])) >= 2:
            return n
    return end


def _move_word(name: str) -> bool:
    """«Линч», «Голос», «МО», «Проверка»…: a word a move starts with, so «Линч: Бука» in a
    post is the author's move, not somebody's post."""
    from engine.grammar_keywords import keyword_first

    first = keyword_first()
    return any(w in first or w.replace("ё", "е") in first
               for w in re.findall(r"\w+", name.lower()))


#: Labels a post's own line starts with («UPD: …», «Итог: …», «ЗЫ: …»): never a name.
_LABELS = frozenset({"upd", "up", "ps", "p.s", "p.s.", "pps", "зы", "edit", "update", "nb", "итог",
                     "итого", "вывод", "кстати", "имхо", "imho", "офф", "оффтоп", "offtop", "ot",
                     "добавлю", "дополнение", "вопрос", "ответ", "цитата", "напоминаю", "важно"})


def _handle(name: str) -> bool:
    """True when ``name`` of a «name: text» line inside a post looks like somebody's forum
    name: no label of a post's own line, and each word either no Russian dictionary word
    («Vasya_77», «Кысь») or a person's name («Васька», «Петрова»). «Итог», «Вывод», «UPD»
    and other ordinary words before a colon are the author's own text."""
    from engine.words import is_known_word, norm, person_name

    words = re.findall(r"[\w'-]+", name.lower())
    if not words or name.lower().strip(" .") in _LABELS or any(w in _LABELS for w in words):
        return False
    return all(person_name(norm(w)) or not is_known_word(norm(w)) for w in words)


def addressed_nick(name: str, nicks: tuple[str, ...]) -> str | None:
    """The roster nick (of ``nicks``) that ``name`` is in the dative, the case a post
    addresses a player in at a line's start («Зое: подумай ещё» to Зоя, «Тёте Асе: …»);
    None when ``name`` is no dative of one nick (its nominative, a form of several nicks, or
    of none). The case forms are the parser's (:func:`engine.names.name_index`)."""
    from engine.names import name_index, norm

    words = [norm(w) for w in re.findall(r"[^\W_]+", name)]
    if not words:
        return None
    idx = name_index(nicks)
    owners: dict[str, frozenset[str]] = {}
    if len(words) == 1:
        owners = dict(idx.single.get(words[0], {}))
    for nick, parts in idx.multi:
        if len(parts) == len(words) and all(w in part for w, part in zip(words, parts)):
            owners[nick] = parts[-1][words[-1]]
    if len(owners) != 1:
        return None
    nick, cases = next(iter(owners.items()))
    return nick if "datv" in cases and "nomn" not in cases else None


def _inner_lines(lines: list[str], body: int, cut: int, known, author: str,
                 page: PageRead, addressed=None) -> list[int]:
    """The lines of a dated block's text (after its first) that have the shape «Ник: текст»
    of a single-line post (FORUM.md «forum import»), and which of them are posts of their own.

    A line naming a known account (a player or the host) may be the author's own words
    («Зоя: подумай ещё»): it stays the post's text, and the host is told its number. So does
    a line that starts with a player's nick in the dative (``addressed``: name → that nick
    or None), the author addressing him («Зое: подумай ещё»). A line whose name is no known
    account, no player addressed and no move word («Васька: голосую за Буку») is an
    outsider's post (FORUM.md «Author»: other accounts are outsiders): it is lifted out of the
    block, so its words and its vote are never the author's, and the host is told its number.
    Returns the numbers of the lifted lines."""
    if known is None:
        return []
    lifted: list[int] = []
    depth = 0
    for n in range(body, cut):
        line = lines[n]
        low = line.lower()
        inside = depth > 0
        depth = max(0, depth + low.count("[quote") - low.count("[/quote]"))
        if n == body or inside or line.lstrip().startswith((">", "[")) or _SUBJECT.match(line) \
                or _chrome(line):
            continue
        m = _SINGLE.match(line)
        if m is None:
            continue
        name = m["nick"].strip()
        if known(name):
            page.notes.append(f"строка {n + 1}: «{line.strip()[:60]}» прочитана как часть "
                                 f"поста {author}, не как отдельный пост (если это отдельный "
                                 "пост, напишите его блоком: ник, строка с временем, текст)")
            continue
        outsider = re.search(r"[^\w .'-]", name) is None and not _move_word(name) and _handle(name)
        to = addressed(name) if outsider and addressed is not None else None
        if to is not None:
            page.notes.append(f"строка {n + 1}: «{line.strip()[:60]}» прочитана как часть "
                                 f"поста {author} (обращение к игроку {to}), не как отдельный пост")
        elif outsider:
            lifted.append(n)
            page.notes.append(f"строка {n + 1}: «{line.strip()[:60]}» — «{name}» не игрок и "
                                 f"не ведущий: прочитана как отдельный пост постороннего, не как "
                                 f"часть поста {author} (его голос и слова никому не засчитаны)")
    return lifted


def read_text(text: str, tz: str, fetched: datetime, undated: datetime, known=None,
              addressed=None) -> PageRead:
    """Read a pasted thread.

    Args:
        tz: the forum's zone; fetched: aware time relative dates count from;
        undated: aware time given to «Ник: текст» lines that carry no date (a line lifted
            out of a dated post as an outsider's post gets that post's time instead);
        known: predicate «this name is a known account» (a player or the host), used to find
            «Ник: текст» lines after the dated blocks (see :func:`_tail_of_lines`);
        addressed: name → the player's nick it is the dative of (:func:`addressed_nick`),
            or None: such a line inside a post is the author's (see :func:`_inner_lines`).
    Returns:
        PageRead; ``problems`` lists the lines that are neither a post nor inside one,
        ``notes`` the «Ник: текст» lines inside a post, read as its text or as an outsider's
        post, named for the host to check.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    page = PageRead(engine="text")
    seen: dict[str, int] = {}
    starts = []
    for i in range(len(lines)):
        head = _header(lines, i, tz, fetched)
        if head is not None and (not starts or i >= starts[-1][3]):
            starts.append((i, *head))
    first = starts[0][0] if starts else len(lines)
    _single_lines(lines, 0, first, page, seen, undated, known if starts else None)
    for k, (i, author, at, body) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        cut = _tail_of_lines(lines, body, end, known, author, page)
        lifted = _inner_lines(lines, body, cut, known, author, page, addressed)
        own = _own([lines[n] for n in range(body, cut) if n not in lifted], author)
        page.posts.append(Post(_post_id(author, at, own, seen), author, at, own, seq=len(page.posts)))
        for n in lifted:
            # an outsider's line inside a dated post: written no later than the post was read
            # as a whole, it takes the post's time (not the file's: a later day's, maybe);
            # its id stays as before, so a paste imported again stores it once
            m = _SINGLE.match(lines[n])
            text = _own([m["text"]])
            page.posts.append(Post(_post_id(m["nick"].strip(), None, text, seen), m["nick"].strip(),
                                   at, text, seq=len(page.posts)))
        _single_lines(lines, cut, end, page, seen, undated)
    return page
