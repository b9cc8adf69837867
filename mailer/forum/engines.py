"""HTML readers, one per engine (selectolax/Lexbor)."""

from __future__ import annotations

READERS: dict = {}


def detect_html(text: str) -> str:
    """The engine id of an HTML page, or ``text`` when no engine is recognised."""
    return "text"
