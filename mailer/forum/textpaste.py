"""The ``text`` engine: a thread pasted as text (FORUM.md «forum import»).

Two shapes: blocks of an author line, a date line and the post's text (what a browser copy of
most forum pages gives), or single lines «Ник: текст». Lines starting with «>» are quotes;
BBCode quote blocks are dropped and other BBCode tags removed (this is text, not HTML).
Posts get stable ids from their author, time and text, so overlapping pastes store each post
once.
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime

from .dates import is_time_line
from .model import PageRead, Post

_SINGLE = re.compile(r"^\s*(?P<nick>[^:\n]{1,60}?)\s*:\s+(?P<text>\S.*)$")
_QUOTE_OPEN = re.compile(r"\[quote(?:=[^\]]*)?\]", re.IGNORECASE)
_QUOTE_CLOSE = re.compile(r"\[/quote\]", re.IGNORECASE)
_TAG = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]", re.IGNORECASE)
#: words a copied header line puts before the author («Сообщение Ягуар » 07 дек 2026, 20:15»)
_PREFIX = re.compile(r"^\s*(?:сообщение|автор|написал[аи]?|добавлено)\s*:?\s+", re.IGNORECASE)
#: a copied post's subject line («Re: Мафия, день 2»): the engine's, not the author's
_SUBJECT = re.compile(r"^\s*re(?:\[\d+\])?:\s", re.IGNORECASE)
_HEADER_SPLIT = re.compile(r"\s+(?:»|—|-|\|)\s+|,\s+(?=\S*\d)")


def strip_bbcode(text: str) -> str:
    """``text`` without BBCode quote blocks (nested too) and without the other tags."""
    out, depth, pos = [], 0, 0
    tokens = sorted([(m.start(), m.end(), 1) for m in _QUOTE_OPEN.finditer(text)]
                    + [(m.start(), m.end(), -1) for m in _QUOTE_CLOSE.finditer(text)])
    for start, end, step in tokens:
        if depth == 0:
            out.append(text[pos:start])
        depth = max(0, depth + step)
        pos = end
    if depth == 0:
        out.append(text[pos:])
    return _TAG.sub(" ", "".join(out))


def _own(lines: list[str]) -> str:
    kept = [ln for ln in lines if not ln.lstrip().startswith(">") and not _SUBJECT.match(ln)]
    return strip_bbcode("\n".join(kept)).strip()


def _post_id(author: str, at: datetime | None, text: str, seen: dict[str, int]) -> str:
    base = hashlib.sha1(f"{author}\n{at.isoformat() if at else ''}\n{text}".encode()).hexdigest()[:16]
    seen[base] = seen.get(base, 0) + 1
    return f"t{base}" + (f"-{seen[base]}" if seen[base] > 1 else "")


def _header(lines: list[str], i: int, tz: str, fetched: datetime):
    """(author, time, first text line) if a post starts at line ``i``."""
    line = lines[i].strip()
    if not line or len(line) > 80:
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


def read_text(text: str, tz: str, fetched: datetime, undated: datetime) -> PageRead:
    """Read a pasted thread.

    Args:
        tz: the forum's zone; fetched: aware time relative dates count from;
        undated: aware time given to «Ник: текст» lines that carry no date.
    Returns:
        PageRead; ``problems`` lists the lines that are neither a post nor inside one.
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
    for n in range(first):
        line = lines[n]
        if not line.strip() or _SUBJECT.match(line):
            continue
        m = _SINGLE.match(line)
        if m is None:
            page.problems.append(f"строка {n + 1}: не понял, чей это пост: «{line.strip()[:60]}»")
            continue
        own = _own([m["text"]])
        page.posts.append(Post(_post_id(m["nick"], None, own, seen), m["nick"].strip(), undated,
                               own, seq=len(page.posts)))
    for k, (i, author, at, body) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        own = _own(lines[body:end])
        page.posts.append(Post(_post_id(author, at, own, seen), author, at, own, seq=len(page.posts)))
    return page
