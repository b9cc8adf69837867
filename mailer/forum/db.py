"""Tables of the forum thread (same SQLModel metadata as :mod:`mailer.store`, so ``Store``
creates them). Times are aware UTC."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel


class ForumPost(SQLModel, table=True):
    """One post of the game's topic, stored once by the forum's post id.

    ``kind``: ``player`` (``nick`` set), ``host`` (a ``host_names`` account) or ``outsider``,
    resolved from the config at every import and tally. ``text`` is the author's own text;
    ``words`` its word count; ``seq`` the order among posts of equal time (page, position)."""

    post_id: str = Field(primary_key=True)
    author: str
    nick: str | None = Field(default=None, index=True)
    kind: str = "outsider"
    at: datetime = Field(index=True)
    edited_at: datetime | None = None
    text: str = ""
    words: int = 0
    deleted: bool = False
    seq: int = 0
    source: str = ""
    stored_at: datetime | None = None
    #: a pasted «Ник: текст» line with no time of its own: ``at`` is the file's time
    #: (FORUM.md «Day of a post»: a paste's moment is its file's, as relative times are read);
    #: nullable, so a row an earlier version writes into the same database (None) reads False
    untimed: bool | None = None
    #: when the stored version was read (aware UTC on the host's clock): a saved page's or a
    #: paste's file time, a downloaded page's time. An older copy read later (a paste saved
    #: before the post was edited) does not put the older text back; None in rows an earlier
    #: version wrote (then the copy read last wins, as before)
    seen_at: datetime | None = None


class ForumPage(SQLModel, table=True):
    """One page of the topic as last downloaded: HTTP validators and what it held."""

    url: str = Field(primary_key=True)
    number: int = 0
    etag: str | None = None
    last_modified: str | None = None
    digest: str = ""
    next_url: str | None = None
    posts: int = 0
    fetched_at: datetime | None = None
