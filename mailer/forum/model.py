"""What a forum reader gives back: posts of one page and the next page's address."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass
class Post:
    """One post as read from a page.

    ``post_id``: the forum's id as printed (a string); ``at``: aware UTC posting time;
    ``edited_at``: aware UTC time of the last edit where the engine prints it; ``text``: the
    author's own text (no quotes, signature, engine lines, images); ``deleted``: the engine
    shows the post as deleted (it is then not counted); ``seq``: order on its page.
    """

    post_id: str
    author: str
    at: datetime
    text: str
    edited_at: datetime | None = None
    deleted: bool = False
    seq: int = 0
    #: the post's word count where it is not ``text``'s (a text paste's quote whose end could
    #: not be told: the lines after its first count as words, no vote is read from them)
    words: int | None = None
    #: a text paste's «Ник: текст» line: no time of its own, ``at`` is the file's
    untimed: bool = False


@dataclass
class PageRead:
    """One page read: its posts, the next page's address (absolute) or None, and the posts or
    blocks that could not be read (Russian lines naming the post or line number), and
    ``notes``: lines that were read, but in a way the host should check (a «Ник: текст» line
    inside a post, read as its text or as an outsider's post)."""

    engine: str
    posts: list[Post] = field(default_factory=list)
    next_url: str | None = None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class ForumError(Exception):
    """A forum command that cannot be done; the message (Russian) says why."""
