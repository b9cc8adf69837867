"""HTML readers, one per forum engine, on selectolax (Lexbor): each engine is a
:class:`Spec` of CSS selectors taken from its public templates (phpBB 3 prosilver,
Invision Community 4 and IPB 3.4, vBulletin 4, SMF 2, XenForo 2, uCoz).

A post's own text is its message element without the engine's quote blocks, signature,
edit line, spoiler/code titles, buttons and images (smilies are images, never words);
spoiler and code contents stay. Block elements and ``<br>`` separate words, inline ones do
not («при<b>вет</b>» is one word).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import urljoin

from selectolax.lexbor import LexborHTMLParser, LexborNode

from .dates import parse_forum_time
from .model import PageRead, Post

_BLOCK = frozenset(
    "address article aside blockquote br dd details div dl dt fieldset figcaption figure footer "
    "form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot "
    "th thead tr ul".split())
_SKIP = frozenset("script style img noscript button input select textarea template svg iframe "
                  "object embed video audio".split())
_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True)
class Spec:
    """Selectors of one engine. ``post``: each post's element; ``post_id``: (selector or "",
    attribute) whose digits are the id ("" = the post element itself); ``author``; ``time``
    (elements tried in order; a ``datetime``/``data-time``/``title`` attribute wins over the
    text); ``content``: the message element; ``drop``: removed from it; ``edit``: the edit
    line (its time is the edit time); ``deleted``: a post matching it is deleted; ``next``:
    the next page's link."""

    name: str
    post: str
    post_id: tuple[tuple[str, str], ...]
    author: tuple[str, ...]
    time: tuple[str, ...]
    content: tuple[str, ...]
    drop: tuple[str, ...] = ()
    edit: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    next: tuple[str, ...] = ('link[rel="next"]', 'a[rel="next"]')
    time_drop: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)


def own_text(node: LexborNode) -> str:
    """The text of ``node`` with blocks and ``<br>`` as spaces, skipping images and controls."""
    out: list[str] = []

    def walk(n: LexborNode) -> None:
        child = n.child
        while child is not None:
            tag = child.tag
            if tag == "-text":
                out.append(child.text_content or "")
            elif tag in _SKIP or tag == "_comment" or tag == "-comment":
                pass
            elif tag in _BLOCK:
                out.append(" ")
                walk(child)
                out.append(" ")
            else:
                walk(child)
            child = child.next

    walk(node)
    return " ".join("".join(out).split())


def _first(node: LexborNode, selectors: tuple[str, ...]) -> LexborNode | None:
    for sel in selectors:
        found = node.css_first(sel)
        if found is not None:
            return found
    return None


def _time_of(node: LexborNode, tz: str, fetched: datetime, drop: tuple[str, ...] = ()) -> datetime | None:
    attrs = node.attributes
    for key in ("datetime", "data-time", "data-timestamp", "title"):
        value = attrs.get(key)
        if not value:
            continue
        if key in ("data-time", "data-timestamp") and value.isdigit():
            from datetime import timezone

            return datetime.fromtimestamp(int(value), timezone.utc)
        at = parse_forum_time(value, tz, fetched)
        if at is not None:
            return at
    for inner in node.css("time[datetime], abbr[title], span[title]"):
        at = _time_of(inner, tz, fetched) if inner is not node else None
        if at is not None:
            return at
    if drop:
        node = LexborHTMLParser(node.html or "").body or node
        for sel in drop:
            while (n := node.css_first(sel)) is not None:
                n.decompose()
    return parse_forum_time(own_text(node), tz, fetched)


def read_with(spec: Spec, text: str, *, url: str | None, tz: str, fetched: datetime) -> PageRead:
    """Read one page with ``spec``. Posts whose id, author or time cannot be found are listed
    in ``problems`` by their number on the page."""
    tree = LexborHTMLParser(text)
    page = PageRead(engine=spec.name)
    seen: set[str] = set()
    for k, node in enumerate(tree.css(spec.post), start=1):
        try:
            post = _read_post(spec, node, k, tz, fetched)
        except _Unreadable as exc:
            page.problems.append(f"пост {k} на странице: {exc}")
            continue
        if post is not None and post.post_id not in seen:  # a selector group may match twice
            seen.add(post.post_id)
            page.posts.append(post)
    link = _first(tree.root, spec.next)
    if link is not None and link.attributes.get("href"):
        href = link.attributes["href"].strip()
        page.next_url = urljoin(url, href) if url else href
    return page


class _Unreadable(Exception):
    pass


def _read_post(spec: Spec, node: LexborNode, k: int, tz: str, fetched: datetime) -> Post | None:
    digits: list[str] = []
    for sel, attr in spec.post_id:
        holder = node if not sel else node.css_first(sel)
        digits = _DIGITS.findall((holder.attributes.get(attr) or "") if holder is not None else "")
        if digits:
            break
    if not digits:
        raise _Unreadable("не нашёл номер поста")
    post_id = digits[-1]
    author_node = _first(node, spec.author)
    author = own_text(author_node) if author_node is not None else ""
    if not author:
        raise _Unreadable(f"не нашёл автора (пост {post_id})")
    deleted = any(node.css_matches(sel) or node.css_first(sel) is not None for sel in spec.deleted)
    time_node = _first(node, spec.time)
    at = _time_of(time_node, tz, fetched, spec.time_drop) if time_node is not None else None
    if at is None:
        raise _Unreadable(f"не понял время поста {post_id}")
    edited_at = None
    edit_node = _first(node, spec.edit)
    if edit_node is not None:
        edited_at = _edit_time(edit_node, tz, fetched)
    content = _first(node, spec.content)
    if content is None:
        if deleted:
            return Post(post_id, author, at, "", edited_at, True, k)
        raise _Unreadable(f"не нашёл текст поста {post_id}")
    for drop in spec.drop + COMMON_DROP:
        while (n := content.css_first(drop)) is not None:  # outermost first: nested quotes go with it
            n.decompose()
    return Post(post_id, author, at, own_text(content), edited_at, deleted, k)


def _edit_time(node: LexborNode, tz: str, fetched: datetime) -> datetime | None:
    for inner in node.css("time, abbr[title], span.date, span.editedTime"):
        at = _time_of(inner, tz, fetched)
        if at is not None:
            return at
    clone = LexborHTMLParser(node.html or "").body
    if clone is not None:
        while (n := clone.css_first("a, .username, strong, b, .editedBy")) is not None:
            n.decompose()
        return parse_forum_time(own_text(clone), tz, fetched)
    return None


# --- the engines -------------------------------------------------------------------------------

#: Spoiler labels and buttons of the common spoiler add-ons of every engine (their text is the
#: engine's, not the author's; the spoiler's body stays).
COMMON_DROP = ("[class*='spoiler-head']", "[class*='spoiler-title']", "[class*='spoiler_title']",
               "[class*='spoiler-btn']", "[class*='spoiler-button']", "[class*='spoilertitle']",
               "div.sp-head")

PHPBB = Spec(
    name="phpbb",
    post="div.post[id^='p']",
    post_id=(("", "id"),),
    author=("dl.postprofile dt a.username", "dl.postprofile dt a.username-coloured",
            "p.author strong a", "p.author strong", "dl.postprofile dt"),
    time=("p.author time", "p.author"),
    time_drop=("strong", "span.responsive-hide", "a", "span.sr-only"),
    content=("div.content",),
    drop=("blockquote", "div.codebox > p", "div.spoiler-title", "div.spoiler > .spoiler-head",
          "dl.attachbox", "div.inline-attachment dd", "dl.file dd", "dl.thumbnail dd"),
    edit=("div.notice:not(.post_deleted_msg)",),
    deleted=("div.ignore", "p.post-notice.deleted", "div.post_deleted_msg"),
    next=('link[rel="next"]', 'a[rel="next"]', "li.arrow.next a", "a.right-box"),
)

XENFORO = Spec(
    name="xenforo",
    post=".message--post",
    post_id=(("", "data-content"), ("", "id")),
    author=("h4.message-name .username", ".message-name", ),
    time=("header.message-attribution time.u-dt", "time.u-dt"),
    content=("div.message-userContent .bbWrapper", "article.message-body .bbWrapper",
             "div.message-content .bbWrapper"),
    drop=("blockquote.bbCodeBlock--quote", ".bbCodeBlock-title", ".bbCodeBlock-expandLink",
          ".bbCodeSpoiler-button", "aside.message-signature", "div.message-lastEdit"),
    edit=("div.message-lastEdit",),
    deleted=("div.messageNotice--deleted",),
    next=('link[rel="next"]', "a.pageNav-jump--next", 'a[rel="next"]'),
)

INVISION = Spec(
    name="invision",
    post="article.cPost, article[id^='elComment_']",
    post_id=(("", "id"), ("[data-commentid]", "data-commentid")),
    author=("aside.cAuthorPane h3.cAuthorPane_author a", "h3.cAuthorPane_author",
            ".cAuthorPane_author a", "[itemprop='author'] [itemprop='name']"),
    time=("div.ipsComment_meta time", "time[datetime]"),
    content=("div[data-role='commentContent']",),
    drop=("blockquote.ipsQuote", ".ipsQuote_citation", ".ipsSpoiler_header",
          "[data-role='memberSignature']", "p[data-excludequote]", "span.ipsType_reset.ipsType_medium",
          ".ipsComment_controls"),
    edit=("p[data-excludequote] strong", "p[data-excludequote]"),
    deleted=(".ipsComment_hidden", ".ipsModerated"),
    next=('link[rel="next"]', "li.ipsPagination_next:not(.ipsPagination_inactive) a",),
)

IPB3 = Spec(
    name="invision",
    post="div.post_block",
    post_id=(("", "id"),),
    author=("span.author.vcard a", "span.author.vcard", "[itemprop~='creator']"),
    time=("abbr.published", "p.posted_info"),
    content=("div[itemprop='commentText']", "div.post.entry-content"),
    drop=("blockquote.ipsBlockquote", "p.citation", "div.blockquote", ".spoiler_title",
          "input.bbc_spoiler_show", "p.edit", "div.signature"),
    edit=("p.edit",),
    deleted=(".post_block.moderated.deleted", "div.post_block.deleted"),
    next=('link[rel="next"]', "li.next a", 'a[rel="next"]'),
)

VBULLETIN = Spec(
    name="vbulletin",
    post="li.postcontainer[id^='post_'], li.postbitlegacy[id^='post_']",
    post_id=(("", "id"),),
    author=("div.username_container a.username", "div.username_container .username",
            ".postdetails .username"),
    time=("div.posthead span.postdate span.date", "span.postdate"),
    content=("div[id^='post_message_'] blockquote.postcontent", "div[id^='post_message_']"),
    drop=("div.bbcode_container div.bbcode_quote", "div.bbcode_description",
          "blockquote.lastedited", "blockquote.signature", "div.signaturecontainer",
          "div.spoiler-head", "input.spoiler-button"),
    edit=("blockquote.lastedited",),
    deleted=("li.postbitdeleted",),
    next=('link[rel="next"]', 'span.prev_next a[rel="next"]', 'a[rel="next"]'),
)

SMF = Spec(
    name="smf",
    post="div.post_wrapper",
    post_id=(("div.inner[id^='msg_']", "id"), ("div.inner[data-msgid]", "data-msgid"),
             ("h5[id^='subject_']", "id")),
    author=("div.poster h4 a", "div.poster h4"),
    time=("div.keyinfo div.smalltext", "div.keyinfo a.smalltext", "div.postinfo a.smalltext"),
    content=("div.post div.inner",),
    drop=("div.quoteheader", "blockquote", "div.quotefooter", "div.codeheader", "div.sp-head",
          "div.signature"),
    edit=(".modified",),
    deleted=(),
    next=('link[rel="next"]', "div.pagelinks strong + a.navPages", "div.pagelinks span.current_page + a.nav_page",
          'a[rel="next"]'),
)

UCOZ = Spec(
    name="ucoz",
    post="table.postTable",
    post_id=(("span.ucoz-forum-post", "id"), ("", "id"), ("a.postNumberLink", "name")),
    author=("a.postUser", ".postUser"),
    time=("td.postTdTop:last-child", "td.postTdTop + td.postTdTop"),
    time_drop=("a",),
    content=("span.ucoz-forum-post", "td.posttdMessage"),
    drop=("div.bbQuoteBlock", "div.bbCodeName", "div.uSpoilerButBl", "span.signatureView",
          "div.edited", "hr"),
    edit=("div.edited",),
    deleted=(),
    next=('link[rel="next"]', "a.swchItem-next", "span.pagesBlockuz1 b.swchItemA + a.swchItem",
          "span.pagesBlockuz2 b.swchItemA + a.swchItem"),
)


def _invision(text: str, *, url, tz, fetched) -> PageRead:
    spec = IPB3 if "post_block" in text and "cPost" not in text else INVISION
    return read_with(spec, text, url=url, tz=tz, fetched=fetched)


def _reader(spec: Spec):
    def read(text: str, *, url, tz, fetched) -> PageRead:
        return read_with(spec, text, url=url, tz=tz, fetched=fetched)

    return read


READERS: dict = {
    "phpbb": _reader(PHPBB), "xenforo": _reader(XENFORO), "invision": _invision,
    "vbulletin": _reader(VBULLETIN), "smf": _reader(SMF), "ucoz": _reader(UCOZ),
}


def detect_html(text: str) -> str:
    """The engine id of an HTML page by the engine's own marks (generator meta, body/html
    ids, script variables, post containers); ``text`` when none is recognised."""
    tree = LexborHTMLParser(text)
    gen = tree.css_first('meta[name="generator"]')
    generator = (gen.attributes.get("content") or "").lower() if gen is not None else ""
    html = tree.css_first("html")
    body = tree.body
    html_id = (html.attributes.get("id") or "") if html is not None else ""
    body_id = (body.attributes.get("id") or "") if body is not None else ""
    if "vbulletin" in generator or tree.css_first("li.postcontainer, li.postbitlegacy") is not None:
        return "vbulletin"
    if html_id == "XF" or "xenforo" in generator or tree.css_first("article.message--post") is not None:
        return "xenforo"
    if body_id == "phpbb" or tree.css_first("div.post div.postbody") is not None:
        return "phpbb"
    if tree.css_first("article.cPost, div.post_block, body.ipsApp") is not None or "invision" in generator:
        return "invision"
    if tree.css_first("div.post_wrapper") is not None or "smf_scripturl" in text:
        return "smf"
    if tree.css_first("table.postTable, span.ucoz-forum-post") is not None or "ucoz" in text.lower():
        return "ucoz"
    return _by_trying(text)


def _by_trying(text: str) -> str:
    """An HTML page without the engine's marks (a customised style): the reader that finds the
    most posts, or ``unknown``."""
    from datetime import timezone

    now = datetime.now(timezone.utc)  # relative times do not matter for counting posts
    best, found = "unknown", 0
    for name, reader in READERS.items():
        try:
            n = len(reader(text, url=None, tz="UTC", fetched=now).posts)
        except Exception:  # noqa: BLE001 - a reader that cannot read this page is not it
            continue
        if n > found:
            best, found = name, n
    return best
