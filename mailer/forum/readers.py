"""Forum engines: recognise the engine of a page and read its posts (filled in per engine)."""

from __future__ import annotations

from datetime import datetime

from .model import ForumError, PageRead

READERS: dict = {}


def looks_html(text: str) -> bool:
    """Whether ``text`` is an HTML page (else it is a text paste)."""
    head = text.lstrip()[:2000].lower()
    return head.startswith("<") and ("<html" in head or "<!doctype" in head or "<div" in head)


def detect(text: str) -> str:
    """The engine id of a page: an HTML forum engine (``unknown`` when none fits), or
    ``text`` for anything that is not HTML."""
    if not looks_html(text):
        return "text"
    from .engines import detect_html

    return detect_html(text)


def read_html(engine: str, text: str, *, url: str | None, tz: str, fetched: datetime) -> PageRead:
    """Read one HTML page with ``engine``'s reader."""
    from .engines import READERS as known

    reader = known.get(engine)
    if engine == "unknown":
        return PageRead(engine="unknown", problems=[
            "не узнал движок форума на этой странице; укажите [forum] engine = "
            "phpbb | invision | vbulletin | smf | xenforo | ucoz"])
    if reader is None:
        raise ForumError(f"не знаю, как читать страницы движка «{engine}»")
    return reader(text, url=url, tz=tz, fetched=fetched)
