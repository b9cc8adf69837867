"""``forum sync``: read the topic at ``[forum].url`` over HTTP (httpx), page by page along the
engine's own pagination (FORUM.md «Commands»).

A page read before is asked again only when it may have changed: with its validators
(``If-None-Match``/``If-Modified-Since``: a 304 costs no download), or, when the server gave
none, only if it was the last page. Each page is stored in its own transaction, so a server
error in the middle keeps the pages before it; the next sync starts again where it failed.
Posts are stored once by id; an edited post replaces its text.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime

from ..store import Store, to_db
from .db import ForumPage
from .model import ForumError
from .service import StoreReport, read_page, refresh_authors, store_posts
from .settings import forum_settings

#: connect/read timeouts (seconds) of every request
TIMEOUT = 15.0
MAX_PAGES = 20_000
USER_AGENT = "mafia-mail (forum thread reader; +https://example.invalid/mafia-mail)"


#: how far the server's ``Date`` may stand from the machine's clock and still be the same
#: moment: the header has whole seconds (RFC 9110 §5.6.7), and the request takes a while
SAME_CLOCK = timedelta(minutes=1)


def _fetched_at(response, now: datetime) -> datetime:
    """When the page was fetched, on the host's clock ``now`` (aware UTC).

    A server whose ``Date`` (RFC 9110 §6.6.1) agrees with the machine's clock within
    :data:`SAME_CLOCK` fetched it ``now``: the header's whole seconds, moved by the rehearsal
    clock's offset (``MAFIA_MAIL_NOW``) with its fraction of a second, put a sync at 19:00:00
    at 18:59:59 and close-day named it «18:59». A server whose clock differs is believed,
    moved by that offset (:func:`mailer.when.clock_offset`: «сегодня в 14:05» on the page is
    the server's today, on the host's clock, as every other command counts it). No readable
    ``Date``: ``now``."""
    from ..when import clock_offset

    value = response.headers.get("date")
    if value:
        try:
            at = parsedate_to_datetime(value)
            at = at.astimezone(timezone.utc) if at.tzinfo else at.replace(tzinfo=timezone.utc)
        except (TypeError, ValueError):
            return now
        if abs(at - datetime.now(timezone.utc)) < SAME_CLOCK:
            return now
        return at + clock_offset(now)
    return now


def sync_topic(cfg, store: Store, *, now: datetime, client=None) -> StoreReport:
    """Read every page of the topic that may hold new or edited posts and store its posts.

    Args:
        now: aware current time (a page's time when the server sends no ``Date``).
        client: an ``httpx.Client`` to use (default: a new one with :data:`TIMEOUT`).
    Returns:
        StoreReport: ``pages`` downloaded (200), ``not_modified`` (304), new posts per day;
        ``problems`` names a page that failed (a network error or a status other than
        200/304): the sync stops there, keeping the pages before it.
    Raises:
        ForumError: no ``[forum].url`` or a bad ``[forum]`` table (Russian message).
    """
    import httpx

    settings = forum_settings(cfg)
    if not settings.url:
        raise ForumError("в настройках нет адреса темы: [forum] url = \"https://…\"")
    report = StoreReport()
    own = client is None
    client = client or httpx.Client(timeout=httpx.Timeout(TIMEOUT), follow_redirects=True,
                                    headers={"User-Agent": USER_AGENT})
    engine = None if settings.engine == "auto" else settings.engine
    url: str | None = settings.url
    seen: set[str] = set()
    number = 0
    # pages found unchanged (304, or not asked again): stamped with this check only when the
    # walk reaches the last page, so close-day's «loaded at» (mailer.forum.close.thread_loaded)
    # is the last sync that checked every page
    unchanged: dict[str, datetime] = {}
    failed = False
    try:
        while url and url not in seen and number < MAX_PAGES:
            seen.add(url)
            number += 1
            with store.session() as s:
                known = s.get(ForumPage, url)
            if known is not None and known.next_url and not (known.etag or known.last_modified):
                unchanged[url] = now
                url = known.next_url  # read before, not the last page, no validators: unchanged
                continue
            headers = {}
            if known is not None and known.etag:
                headers["If-None-Match"] = known.etag
            if known is not None and known.last_modified:
                headers["If-Modified-Since"] = known.last_modified
            try:
                response = client.get(url, headers=headers)
            except httpx.HTTPError as exc:
                report.problems.append(f"страница {number} ({url}): не скачалась: {http_problem(exc)}")
                failed = True
                break
            if response.status_code == 304 and known is not None:
                report.not_modified += 1
                unchanged[url] = _fetched_at(response, now)
                url = known.next_url
                continue
            if response.status_code != 200:
                report.problems.append(f"страница {number} ({url}): сервер ответил "
                                       f"{response.status_code}; остальное — при следующем sync")
                failed = True
                break
            report.pages += 1
            fetched = _fetched_at(response, now)
            body = response.content
            digest = hashlib.sha1(body).hexdigest()
            with store.session() as s:
                row = s.get(ForumPage, url) or ForumPage(url=url, number=number)
                if row.digest != digest:
                    page = read_page(body, settings, url=str(response.url), fetched=fetched,
                                     engine=engine)
                    engine = engine or page.engine
                    report.engine = report.engine or page.engine
                    report.problems += [f"страница {number}: {p}" for p in page.problems]
                    report.notes += [f"страница {number}: {p}" for p in page.notes]
                    store_posts(s, settings, page.posts, report, url, now, fetched)
                    row.next_url, row.posts = page.next_url, len(page.posts)
                row.digest = digest
                row.number = number
                row.etag = response.headers.get("etag")
                row.last_modified = response.headers.get("last-modified")
                row.fetched_at = to_db(fetched)
                s.add(row)
            url = row.next_url
        with store.session() as s:
            if not failed:
                for page_url, at in unchanged.items():
                    row = s.get(ForumPage, page_url)
                    row.fetched_at = to_db(at)
                    s.add(row)
            refresh_authors(s, settings)
    finally:
        if own:
            client.close()
    return report


def http_problem(exc: BaseException) -> str:
    """What went wrong with a forum page's download, in the host's words (Russian), from an
    ``httpx.HTTPError`` and the OS error under it: a server that refuses the connection, a
    name that resolves to nothing, a timeout, a failed TLS handshake; any other failure is
    told with its own text."""
    import socket
    import ssl

    import httpx

    chain, seen = [], exc
    while seen is not None and len(chain) < 10:
        chain.append(seen)
        seen = seen.__cause__ or seen.__context__
    if any(isinstance(c, ConnectionRefusedError) for c in chain):
        return "сервер не принимает соединения (отказ в соединении); остальное — при следующем sync"
    if any(isinstance(c, socket.gaierror) for c in chain):
        return "сервер не найден: проверьте адрес темы ([forum] url)"
    if any(isinstance(c, (httpx.TimeoutException, socket.timeout, TimeoutError)) for c in chain):
        return "сервер не ответил вовремя; остальное — при следующем sync"
    if any(isinstance(c, ssl.SSLError) for c in chain):
        return f"не удалось установить шифрованное соединение ({exc})"
    if isinstance(exc, httpx.ConnectError):
        return f"не удалось соединиться с сервером ({exc})"
    return f"связь с сервером прервалась ({exc}); остальное — при следующем sync"
