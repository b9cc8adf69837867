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
from .words import count_words

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
#: a post's number before its date in a copied header («Сообщение #2 07 дек 2026, 21:00»,
#: «#15 10.12.2026 20:05», «Post #3 …»): the forum's numbering, no author (a fresh host's
#: phpBB copy had its posts read as written by «#2 07 дек 2026»)
_POST_NO = re.compile(r"^\s*(?:(?:сообщение|пост|post)\s*)?#\s*\d+\s*[:,.»—|-]?\s*", re.IGNORECASE)
_HEADER_SPLIT = re.compile(r"\s+(?:»|—|-|\|)\s+|,\s+(?=\S*\d)")
#: the engine's own edit line under a post (FORUM.md «Words»: not the author's, no post's
#: header): phpBB «Последний раз редактировалось Лиса 10 дек 2026, 14:20, всего
#: редактировалось 1 раз», IPB «Сообщение отредактировал Лиса: 10 дек 2026, 20:07»,
#: SMF «« Последнее редактирование: … »», punBB «Отредактировано Лиса (…)», English ones;
#: always with the edit's date or time (a digit): «Изменено: голосую за Буку» is the author's
_EDIT_LINE = re.compile(
    r"^(?=.*\d)\s*«?\s*(?:последний\s+раз\s+редактировал(?:ось|ся|а|и)?|(?:сообщение\s+)?"
    r"отредактировал[аио]?|последнее\s+редактирование|отредактировано|изменено|"
    r"last\s+edited(?:\s+by)?|edited\s+by|(?:this\s+)?(?:post|message)\s+(?:was\s+)?edited\s+by)"
    r"(?=[\s:])", re.IGNORECASE)
#: a quote's head as a browser copy of a quote block prints it, before the quoted lines:
#: «Бублик писал(а):» (phpBB, maybe with «↑»), «Лиса wrote:», «Лиса сказал(а):» (IPB,
#: XenForo), «Цитата: Лиса» / «Цитата: Лиса от 10 Декабря 2026, 20:05» (SMF), «Цитата(Лиса @
#: 10.12.2026, 20:05)» (IPB), «Quote from: Лиса on …», «Цитата: Сообщение от Лиса»,
#: «Originally Posted by Лиса» (vBulletin); group ``who``: the quoted author's name
_QUOTE_HEAD = re.compile(
    r"^\s*(?:"
    r"(?:цитата|quote)\s*\(\s*(?P<a1>[^@()]+?)\s*(?:@[^()]*|,[^()]*)?\)\s*:?"
    r"|(?:цитата|quote)\s*(?:from)?\s*:\s*(?:сообщение\s+от\s+|originally\s+posted\s+by\s+)?"
    r"(?P<a2>[^\s:].{0,58}?)(?:\s+(?:от|on)\s+.*\d.*)?"
    r"|(?:сообщение\s+от|originally\s+posted\s+by)\s*:?\s+(?P<a3>\S.{0,58}?)"
    r"|(?:on\s+[^,]+,\s*)?(?P<a4>[^\W_][\w .'-]{0,40}?)\s+(?:писал|написал|сказал|пишет|ответил|wrote|said)"
    r"(?:\s*\(\s*а\s*\)|а)?\s*:"
    r")\s*(?:↑|\^|▲)?\s*$", re.IGNORECASE)
#: XenForo's line at the end of a long quote: the quote ends there
_QUOTE_FOOT = re.compile(r"^\s*(?:нажмите\s+для\s+раскрытия|click\s+to\s+expand|развернуть)\s*\.*\s*$",
                         re.IGNORECASE)
#: engine labels of a spoiler (FORUM.md «Fixed readings»: «Спойлер» is the engine's word)
_SPOILER_LABEL = re.compile(r"\[(spoiler|hide)\s*=\s*\"?\s*(?:спойлер|spoiler|скрытый\s+текст|"
                            r"hidden\s+text|скрыто|показать|открыть)\s*\"?\s*\]", re.IGNORECASE)


def strip_bbcode(text: str) -> str:
    """``text`` without BBCode quote blocks (nested too) and with the other tags read as the
    post shows them (:func:`engine.textnorm.forum_markup`: formatting gone, struck-through
    text and pictures dropped, spoilers kept)."""
    return forum_markup(_SPOILER_LABEL.sub(lambda m: f"[{m.group(1)}]", text), mark="")


def edit_line(line: str) -> bool:
    """True when ``line`` is the engine's note that the post was edited (:data:`_EDIT_LINE`):
    no author's words and no post's header (FORUM.md «Words»: engine lines)."""
    return bool(_EDIT_LINE.match(line))


_EDIT_TAIL = re.compile(r"[,.;]?\s*(?:всего\s+редактировал(?:ось|ся)|edited\s+\d+\s+times?|"
                        r"причина\s*:|reason\s*:).*$", re.IGNORECASE)


def edit_time(line: str, tz: str, fetched: datetime) -> datetime | None:
    """The time an engine's edit line (:func:`edit_line`) gives, aware UTC, or None: the
    words after the editor's name that read as a post's time («Последний раз редактировалось
    Лиса 10 дек 2026, 14:20, всего редактировалось 1 раз» → 10 дек 2026, 14:20)."""
    text = _EDIT_TAIL.sub("", line.strip().strip("«»").strip())
    words = text.split()
    for k in range(1, len(words)):
        at = is_time_line(" ".join(words[k:]).strip(" :;()»«"), tz, fetched)
        if at is not None:
            return at
    return None


def quote_head(line: str) -> str | None:
    """The quoted author's name when ``line`` is the head of a copied quote
    (:data:`_QUOTE_HEAD`), else None. A name of more than four words is no name: a line of
    the author's own ending in «писал:» («Я вчера весь день писал:»)."""
    m = _QUOTE_HEAD.match(line)
    if m is None:
        return None
    who = next(g for g in m.group("a1", "a2", "a3", "a4") if g is not None).strip(" \"'«»")
    if not who or len(who.split()) > 4 or who.lower() in {"я", "i", "ты", "он", "она", "мы", "вы"}:
        return None
    if m.group("a4") is not None and (len(who.split()) > 3 or _move_word(who)):
        return None  # «Голосую за Буку, он сказал:» is the author's own line
    return who


def _chrome(line: str) -> bool:
    """True when ``line`` is the page's, not a post's: the author's profile box
    (:data:`_PROFILE`), a button or navigation (:data:`_CHROME`) or the engine's edit note
    (:func:`edit_line`)."""
    return bool(_PROFILE.match(line) or _CHROME.match(line) or _EDIT_LINE.match(line))


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


def _norm(text: str) -> str:
    """``text`` for comparing a quote with its source: lower case, «ё» as «е», runs of spaces
    as one, no spaces or punctuation at its ends."""
    return " ".join(text.lower().replace("ё", "е").split()).strip(" .,!?;:—-«»\"'")


def _quotes(lines: list[str], body: int, cut: int, texts_of, tz: str, fetched: datetime,
            author: str, page: PageRead) -> tuple[set[int], set[int]]:
    """The lines of a dated block (``lines[body:cut]``) that a copied quote holds
    (FORUM.md «Words», «Votes»: quoted text is not the author's words and holds no vote of
    his). A browser copy of a quote block keeps no marker of its end: its head («Бублик
    писал(а):», «Цитата: Лиса», :func:`quote_head`, with the date line some engines print
    under it), then the quoted lines, then the author's own text. The quote ends:

    1. after the lines equal (spaces and case aside) to text of the quoted author's posts
       (``texts_of(name)``: his posts in the paste and those already stored), or at
       XenForo's «Нажмите для раскрытия…»;
    2. else at the first blank line;
    3. else it cannot be told: the rest of the block. Its first line is the quote; the lines
       after it count as the author's words, but no vote is read from them (the host never
       gets a vote that was only quoted), and the host is told the line (``page.notes``).

    Returns ``(quoted, words_only)``: the line numbers dropped from the post's text, and
    those of them whose words still count."""
    quoted: set[int] = set()
    words_only: set[int] = set()
    n = body
    while n < cut:
        who = quote_head(lines[n]) if n not in quoted else None
        if who is None:
            n += 1
            continue
        start = n + 1
        if start < cut and is_time_line(lines[start].strip(), tz, fetched) is not None:
            start += 1
        while start < cut and not lines[start].strip():
            start += 1
        words = who.split()  # «Вчера Бука писал:»: the name may be the last words only
        sources = next(([_norm(t) for t in found] for k in range(len(words))
                        if (found := texts_of(" ".join(words[k:])))), [])
        j = start
        while j < cut and lines[j].strip() and not _QUOTE_FOOT.match(lines[j]):
            line = _norm(lines[j])
            if not line or not any(line in src for src in sources):
                break
            j += 1
        last = max((k for k in range(start, cut) if lines[k].strip()), default=start)
        blank = next((k for k in range(start, last) if not lines[k].strip()), None)
        stop = last + 1  # blank lines closing the block end no quote
        foot = next((k for k in range(start, blank if blank is not None else stop)
                     if _QUOTE_FOOT.match(lines[k])), None)
        if j > start:
            end = j + 1 if j < stop and _QUOTE_FOOT.match(lines[j]) else j
        elif foot is not None:
            end = foot + 1
        elif blank is not None:
            end = blank
        else:
            end = stop
            words_only.update(range(start + 1, stop))
            if start + 1 < stop:
                page.notes.append(
                    f"строка {n + 1}: пост {author} цитирует {who} («{lines[n].strip()[:40]}»), "
                    "и где цитата кончается, не видно: первая строка после заголовка цитаты "
                    "прочитана как цитата, остальные строки — как слова автора, но голос из них "
                    "не прочитан (если там голос самого автора, учтите его: votes import)")
        quoted.update(range(n, end))
        n = end
    return quoted, words_only


def _post_id(author: str, at: datetime | None, text: str, seen: dict[str, int]) -> str:
    base = hashlib.sha1(f"{author}\n{at.isoformat() if at else ''}\n{text}".encode()).hexdigest()[:16]
    seen[base] = seen.get(base, 0) + 1
    return f"t{base}" + (f"-{seen[base]}" if seen[base] > 1 else "")


def _header(lines: list[str], i: int, tz: str, fetched: datetime):
    """(author, time, first text line) if a post starts at line ``i``."""
    line = lines[i].strip()
    if not line or len(line) > 80 or _chrome(line) or quote_head(line) is not None:
        return None
    if i > 0 and quote_head(lines[i - 1].strip()) is not None:
        return None  # the date line under a quote's head («Лиса писал(а):↑⏎10 дек 2026, 20:05»)
    if _POST_NO.match(line) and is_time_line(_POST_NO.sub("", line), tz, fetched) is not None:
        return None  # the date line of the post whose author is the line above
    if i + 1 < len(lines):
        at = is_time_line(_POST_NO.sub("", lines[i + 1].strip()), tz, fetched)
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
                               own, seq=len(page.posts), untimed=True))


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
                 page: PageRead, addressed=None, skip: set[int] = frozenset()) -> list[int]:
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
        if n == body or inside or n in skip or line.lstrip().startswith((">", "[")) \
                or _SUBJECT.match(line) or _chrome(line):
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
              addressed=None, stored=None) -> PageRead:
    """Read a pasted thread.

    Args:
        tz: the forum's zone; fetched: aware time relative dates count from;
        undated: aware time given to «Ник: текст» lines that carry no date (a line lifted
            out of a dated post as an outsider's post gets that post's time instead);
        known: predicate «this name is a known account» (a player or the host), used to find
            «Ник: текст» lines after the dated blocks (see :func:`_tail_of_lines`);
        addressed: name → the player's nick it is the dative of (:func:`addressed_nick`),
            or None: such a line inside a post is the author's (see :func:`_inner_lines`);
        stored: name → the texts of that account's posts already stored (or None): where a
            copied quote of his ends (see :func:`_quotes`).
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
    # each block's own text before its quotes are known: what a quote of it in the paste holds
    ends = [starts[k + 1][0] if k + 1 < len(starts) else len(lines) for k in range(len(starts))]
    pasted: dict[str, list[str]] = {}
    for (i, author, at, body), end in zip(starts, ends):
        pasted.setdefault(_norm(author), []).append(_own(lines[body:end], author))

    def texts_of(name: str) -> list[str]:
        return pasted.get(_norm(name), []) + (list(stored(name)) if stored is not None else [])

    for k, (i, author, at, body) in enumerate(starts):
        end = ends[k]
        cut = _tail_of_lines(lines, body, end, known, author, page)
        quoted, words_only = _quotes(lines, body, cut, texts_of, tz, fetched, author, page)
        lifted = _inner_lines(lines, body, cut, known, author, page, addressed, quoted)
        own = _own([lines[n] for n in range(body, cut) if n not in lifted and n not in quoted],
                   author)
        edits = [t for n in range(body, cut) if _EDIT_LINE.match(lines[n])
                 and (t := edit_time(lines[n], tz, fetched)) is not None]
        words = None
        if words_only:
            words = count_words(own) + count_words(_own([lines[n] for n in sorted(words_only)]))
        page.posts.append(Post(_post_id(author, at, own, seen), author, at, own, seq=len(page.posts),
                               words=words, edited_at=max(edits) if edits else None))
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
