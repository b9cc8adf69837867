"""Test pages of a game topic for every forum engine, written for these tests after each
engine's public templates (phpBB 3.3 prosilver viewtopic_body.html, XenForo 2 post macros,
Invision Community 4 and IPB 3.4 topic views, vBulletin 4 postbit_legacy, SMF 2 Display
template, uCoz forum post template) and Russian language packs («Цитата», «написал(а)»,
«Последний раз редактировалось», «Сообщение отредактировал», «Спойлер»).

A post is a list of segments, rendered in each engine's own markup:
``("t", text)`` own text, ``("b", a, b)`` a word split by an inline tag, ``("q", author,
segments)`` a quote (quotes nest), ``("sp", text)`` a spoiler, ``("code", text)``,
``("smile", alt)`` a smilie image.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from html import escape
from zoneinfo import ZoneInfo

MSK = ZoneInfo("Europe/Moscow")
MONTHS_SHORT = "янв фев мар апр май июн июл авг сен окт ноя дек".split()
MONTHS_GEN = ("января февраля марта апреля мая июня июля августа сентября октября ноября "
              "декабря").split()
MONTHS_NOM = ("Январь Февраль Март Апрель Май Июнь Июль Август Сентябрь Октябрь Ноябрь "
              "Декабрь").split()
WEEKDAYS = "Понедельник Вторник Среда Четверг Пятница Суббота Воскресенье".split()


@dataclass
class P:
    """One post: forum id, account, local Moscow time, segments, signature, edit time."""

    pid: int
    author: str
    at: datetime
    body: list
    sig: str | None = None
    edited: datetime | None = None
    deleted: bool = False
    relative: bool = False  # shown as «Сегодня, ЧЧ:ММ» where the engine prints so


def msk(day: int, hh: int, mm: int) -> datetime:
    return datetime(2026, 12, day, hh, mm, tzinfo=MSK)


NESTED = ("q", "lis_fox", [("t", "Я не мафия!"), ("q", "Ягуар", [("t", "Голосую за Лиса")])])

#: The scenario: day 1 ends 08.12 19:30, day 2 ends 09.12 19:30 (Moscow).
SCENARIO = [
    P(101, "Ведущий", msk(7, 19, 35), [("t", "День первый. Голосуем в ветке, линч Кузе в шутку.")]),
    P(102, "Ягуар", msk(7, 20, 15), [("t", "Голосую за Лиса. Он явно мафия, смотрите на его ответы."),
                                     ("smile", ":)")], sig="Ягуар — гроза джунглей"),
    P(103, "lis_fox", msk(7, 20, 20), [("q", "Ягуар", [("q", "Ведущий", [("t", "Голосуем")]),
                                                      ("t", "Голосую за Лиса")]),
                                       ("t", "Я не мафия! Линч Ягуару.")]),
    P(104, "Кот Матроскин", msk(7, 21, 0), [("t", "Мяу, голосую за Зою.")]),
    P(105, "Зоя", msk(7, 22, 0), [("sp", "Секретный план: лечить всех"), ("b", "При", "вет"),
                                  ("t", "всем"), ("code", "print ok"), ("t", "Голосую за Гнома")]),
    P(106, "Гном", msk(8, 9, 0), [("t", "Линч Зое")], deleted=True),
    P(107, "Зоя", msk(8, 10, 0), [("t", "Снимаю голос. Подумаю.")], relative=True),
    P(108, "Гном", msk(8, 19, 29), [("t", "Линч Лису, и точка.")], edited=msk(8, 20, 0), relative=True),
    P(109, "Кузя", msk(8, 19, 45), [("t", "Линч Буке!"), ("smile", ":D")]),
    P(110, "tetya_asya", msk(8, 20, 10), [NESTED, ("t", "Я тут. Голос Ягуару.")], sig="Ася, 1955"),
    P(111, "lis_fox", msk(8, 21, 0), [("t", "Я мёртв, но скажу: Бука мафия.")]),
]
PAGES = [SCENARIO[0:4], SCENARIO[4:8], SCENARIO[8:11]]
#: when each page was saved/fetched (page 2 shows «Сегодня» times of 08.12)
FETCHED = [msk(8, 19, 35), msk(8, 19, 35), msk(8, 21, 30)]


def expected_day1(ids: dict[int, str] | None = None) -> dict:
    """The FORUM.md JSON of day 1 for this scenario (counted by hand)."""
    pid = (lambda n: (ids or {}).get(n, str(n)))
    silent = {"posts": 0, "words": 0, "votes": [], "vote_post": None}
    return {
        "day": 1, "event": "none", "posts": 6,
        "players": {
            "Ягуар": {"posts": 1, "words": 10, "votes": ["Лис"], "vote_post": pid(102)},
            "Лис": {"posts": 1, "words": 5, "votes": ["Ягуар"], "vote_post": pid(103)},
            "Зоя": {"posts": 2, "words": 14, "votes": [], "vote_post": None},
            "Гном": {"posts": 1, "words": 4, "votes": ["Лис"], "vote_post": pid(108)},
            "Кузя": silent, "Гоша": silent, "Тётя Ася": silent, "Бука": silent,
        },
        "tally": [{"target": "Лис", "count": 2, "voters": ["Ягуар", "Гном"]},
                  {"target": "Ягуар", "count": 1, "voters": ["Лис"]}],
        "not_voted": ["Зоя", "Кузя", "Гоша", "Тётя Ася", "Бука"],
        "under_words": ["Ягуар", "Лис", "Зоя", "Гном", "Кузя", "Гоша", "Тётя Ася", "Бука"],
        "outsiders": [{"author": "Кот Матроскин", "posts": 1}],
        "flags": [{"player": "Гном", "kind": "edited_after_deadline", "post": pid(108),
                   "detail": "08.12.2026 20:00"}],
    }


def expected_day2(ids: dict[int, str] | None = None) -> dict:
    """Day 2 after Лис was lynched, event «Пальмы цветут»."""
    pid = (lambda n: (ids or {}).get(n, str(n)))
    silent = {"posts": 0, "words": 0, "votes": [], "vote_post": None}
    return {
        "day": 2, "event": "palms", "posts": 3,
        "players": {
            "Ягуар": silent, "Зоя": silent, "Гном": silent,
            "Кузя": {"posts": 1, "words": 2, "votes": ["Бука"], "vote_post": pid(109)},
            "Гоша": silent,
            "Тётя Ася": {"posts": 1, "words": 4, "votes": ["Ягуар"], "vote_post": pid(110)},
            "Бука": silent,
        },
        "tally": [{"target": "Бука", "count": 1, "voters": ["Кузя"]},
                  {"target": "Ягуар", "count": 1, "voters": ["Тётя Ася"]}],
        "not_voted": ["Ягуар", "Зоя", "Гном", "Гоша", "Бука"],
        "under_words": ["Ягуар", "Зоя", "Гном", "Кузя", "Гоша", "Тётя Ася", "Бука"],
        "outsiders": [],
        "flags": [{"player": "Тётя Ася", "kind": "forbidden_words", "post": pid(110), "detail": "я"},
                  {"player": "Лис", "kind": "dead_posted", "post": pid(111), "detail": ""}],
    }


# --- time formats ----------------------------------------------------------------------------

def iso_utc(at: datetime) -> str:
    return at.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _today(p: P, fetched: datetime, fmt: str, absolute: str) -> str:
    if p.relative and p.at.date() == fetched.astimezone(MSK).date():
        return fmt.format(p.at.strftime("%H:%M"))
    return absolute


# --- engines ---------------------------------------------------------------------------------

def _segments(segs, q, sp, code, smile, b=lambda a, c: f"{escape(a)}<b>{escape(c)}</b>") -> str:
    out = []
    for seg in segs:
        kind = seg[0]
        if kind == "t":
            out.append(escape(seg[1]))
        elif kind == "b":
            out.append(b(seg[1], seg[2]))
        elif kind == "q":
            out.append(q(seg[1], _segments(seg[2], q, sp, code, smile, b)))
        elif kind == "sp":
            out.append(sp(escape(seg[1])))
        elif kind == "code":
            out.append(code(escape(seg[1])))
        elif kind == "smile":
            out.append(smile(escape(seg[1])))
        out.append("<br>\n" if kind == "t" else "\n")
    return "".join(out)


def phpbb(posts: list[P], n: int, total: int, url, fetched: datetime) -> str:
    def q(author, inner):
        return (f'<blockquote><div><cite><a href="./memberlist.php?mode=viewprofile&amp;u=5">'
                f'{escape(author)}</a> написал(а):</cite>{inner}</div></blockquote>')

    body = []
    for p in posts:
        shown = _today(p, fetched, "Сегодня, {}", f"{p.at.day:02d} {MONTHS_SHORT[p.at.month - 1]} "
                                                   f"{p.at.year}, {p.at:%H:%M}")
        text = _segments(
            p.body, q,
            lambda t: f'<div class="spoiler"><div class="spoiler-title">Спойлер</div><div class="spoiler-body">{t}</div></div>',
            lambda t: f'<div class="codebox"><p>Код: <a href="#" onclick="selectCode(this); return false;">Выделить всё</a></p><pre><code>{t}</code></pre></div>',
            lambda a: f'<img class="smilies" src="./images/smilies/icon_e_smile.gif" width="15" height="17" alt="{a}" title="Улыбка">')
        notice = ""
        if p.edited:
            notice = (f'<div class="notice">Последний раз редактировалось <a href="./memberlist.php" class="username">'
                      f'{escape(p.author)}</a> {p.edited.day:02d} {MONTHS_SHORT[p.edited.month - 1]} '
                      f'{p.edited.year}, {p.edited:%H:%M}, всего редактировалось 1 раз.</div>')
        hidden = ""
        if p.deleted:
            hidden = (f'<div class="ignore" id="post_hidden{p.pid}">Сообщение было удалено.<br>'
                      f'<a href="#" class="display_post">Показать</a></div>')
        sig = f'<div id="sig{p.pid}" class="signature">{escape(p.sig)}</div>' if p.sig else ""
        body.append(f"""
<div id="p{p.pid}" class="post has-profile bg2">
 <div class="inner">
  <dl class="postprofile" id="profile{p.pid}">
   <dt class="has-profile-rank no-avatar"><div class="avatar-container"></div>
    <a href="./memberlist.php?mode=viewprofile&amp;u=3" class="username">{escape(p.author)}</a></dt>
   <dd class="profile-rank">Участник</dd>
   <dd class="profile-posts"><strong>Сообщения:</strong> <a href="./search.php">12</a></dd>
  </dl>
  <div class="postbody">
   {hidden}
   <div id="post_content{p.pid}"{' style="display: none;"' if p.deleted else ''}>
    <h3><a href="#p{p.pid}">Re: Мафия, игра 12</a></h3>
    <ul class="post-buttons"><li><a href="./posting.php?mode=quote&amp;p={p.pid}" title="Ответить с цитатой" class="button button-icon-only"><span>Цитата</span></a></li></ul>
    <p class="author"><a class="unread" href="./viewtopic.php?p={p.pid}#p{p.pid}" title="Сообщение"><span class="sr-only">Сообщение</span></a><span class="responsive-hide"><strong><a href="./memberlist.php" class="username">{escape(p.author)}</a></strong> &raquo; </span>{shown} </p>
    <div class="content">{text}</div>
    {notice}{sig}
   </div>
  </div>
  <div class="back2top"><a href="#top" class="top" title="Вернуться к началу">Вернуться к началу</a></div>
 </div>
</div>
<hr class="divider" />""")
    nxt = (f'<li class="arrow next"><a class="button button-icon-only" href="{url(n + 1)}" rel="next" role="button">'
           f'<span class="sr-only">След.</span></a></li>') if n < total else ""
    return f"""<!DOCTYPE html>
<html dir="ltr" lang="ru"><head><meta charset="utf-8"><title>Мафия, игра 12 - Страница {n}</title></head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr "><div id="wrap" class="wrap">
<h2 class="topic-title"><a href="{url(n)}">Мафия, игра 12</a></h2>
<div class="action-bar bar-top"><div class="pagination">{len(posts)} сообщений <ul>{nxt}</ul></div></div>
{''.join(body)}
<div class="action-bar bar-bottom"><div class="pagination"><ul>{nxt}</ul></div></div>
</div></body></html>"""


def xenforo(posts: list[P], n: int, total: int, url, fetched: datetime) -> str:
    def q(author, inner):
        return (f'<blockquote data-attributes="member: 7" data-quote="{escape(author)}" data-source="post: 1" '
                f'class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch">'
                f'<div class="bbCodeBlock-title"><a href="/goto/post?id=1" class="bbCodeBlock-sourceJump" '
                f'data-xf-click="attribution">{escape(author)} написал(а):</a></div>'
                f'<div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent js-expandContent ">{inner}</div>'
                f'<div class="bbCodeBlock-expandLink js-expandLink"><a role="button" tabindex="0">Нажмите для раскрытия...</a></div>'
                f'</div></blockquote>')

    def t(at: datetime) -> str:
        return (f'<time class="u-dt" dir="auto" datetime="{at.strftime("%Y-%m-%dT%H:%M:%S%z")}" '
                f'data-time="{int(at.timestamp())}" data-date-string="{at:%d.%m.%Y}" '
                f'data-time-string="{at:%H:%M}" title="{at:%d.%m.%Y} в {at:%H:%M}">{at:%d.%m.%Y}</time>')

    body = []
    for p in posts:
        text = _segments(
            p.body, q,
            lambda s: ('<div class="bbCodeSpoiler"><button type="button" class="button bbCodeSpoiler-button button--longText" '
                       'data-xf-click="toggle" data-xf-init="tooltip"><span class="button-text"><span>Спойлер</span></span></button>'
                       f'<div class="bbCodeSpoiler-content"><div class="bbCodeBlock bbCodeBlock--spoiler"><div class="bbCodeBlock-content">{s}</div></div></div></div>'),
            lambda s: f'<div class="bbCodeBlock bbCodeBlock--screenLimited bbCodeBlock--code"><div class="bbCodeBlock-title">Код:</div><div class="bbCodeBlock-content" dir="ltr"><pre class="bbCodeCode" dir="ltr"><code>{s}</code></pre></div></div>',
            lambda a: f'<img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" class="smilie smilie--sprite smilie--sprite1" alt="{a}" title="Smile    {a}" loading="lazy" data-shortname="{a}">')
        edit = f'<div class="message-lastEdit">Последнее редактирование: {t(p.edited)}</div>' if p.edited else ""
        sig = (f'<aside class="message-signature"><div class="bbWrapper">{escape(p.sig)}</div></aside>'
               if p.sig else "")
        deleted = " message--deleted" if p.deleted else ""
        notice = ('<div class="messageNotice messageNotice--deleted">Это сообщение было удалено '
                  f'пользователем {escape(p.author)}.</div>') if p.deleted else ""
        body.append(f"""
<article class="message message--post js-post js-inlineModContainer{deleted}" data-author="{escape(p.author)}" data-content="post-{p.pid}" id="js-post-{p.pid}">
 <span class="u-anchorTarget" id="post-{p.pid}"></span>
 <div class="message-inner">
  <div class="message-cell message-cell--user"><section class="message-user">
   <div class="message-userDetails"><h4 class="message-name"><a href="/members/x.3/" class="username " dir="auto" data-user-id="3">{escape(p.author)}</a></h4>
   <h5 class="userTitle message-userTitle" dir="auto">Участник</h5></div></section></div>
  <div class="message-cell message-cell--main"><div class="message-main js-quickEditTarget">
   <header class="message-attribution message-attribution--split"><ul class="message-attribution-main listInline ">
    <li class="u-concealed"><a href="/threads/mafia.12/post-{p.pid}" rel="nofollow">{t(p.at)}</a></li></ul>
    <ul class="message-attribution-opposite message-attribution-opposite--list "><li><a href="/threads/mafia.12/post-{p.pid}">#{p.pid}</a></li></ul></header>
   {notice}
   <div class="message-content js-messageContent">
    <div class="message-userContent lbContainer js-lbContainer " data-lb-id="post-{p.pid}">
     <article class="message-body js-selectToQuote"><div class="bbWrapper">{text}</div><div class="js-selectToQuoteEnd">&nbsp;</div></article>
    </div>
    {edit}{sig}
   </div>
   <footer class="message-footer"><div class="message-actionBar actionBar"><div class="actionBar-set actionBar-set--external">
    <a href="/threads/mafia.12/reply?quote={p.pid}" class="actionBar-action actionBar-action--reply" title="Ответить, цитируя это сообщение" rel="nofollow">Ответ</a></div></div></footer>
  </div></div>
 </div>
</article>""")
    link = f'<link rel="next" href="{url(n + 1)}" />' if n < total else ""
    nav = (f'<a href="{url(n + 1)}" class="pageNav-jump pageNav-jump--next">Вперёд</a>') if n < total else ""
    return f"""<!DOCTYPE html>
<html id="XF" lang="ru-RU" dir="LTR" data-app="public" data-template="thread_view" class="has-no-js template-thread_view">
<head><meta charset="utf-8" /><title>Мафия, игра 12 | Страница {n} | Форум</title>{link}</head>
<body data-template="thread_view"><div class="p-pageWrapper" id="top">
<div class="pageNav">{nav}</div>
<div class="block-body js-replyNewMessageContainer">{''.join(body)}</div>
<div class="pageNav">{nav}</div></div></body></html>"""


def invision(posts: list[P], n: int, total: int, url, fetched: datetime) -> str:
    def q(author, inner):
        return (f'<blockquote class="ipsQuote" data-ipsquote="" data-ipsquote-contentapp="forums" '
                f'data-ipsquote-username="{escape(author)}"><div class="ipsQuote_citation">{escape(author)} написал:</div>'
                f'<div class="ipsQuote_contents ipsClearfix">{inner}</div></blockquote>')

    body = []
    for p in posts:
        text = _segments(
            p.body, q,
            lambda s: f'<div class="ipsSpoiler" data-ipsspoiler=""><div class="ipsSpoiler_header"><span>Спойлер</span></div><div class="ipsSpoiler_contents ipsClearfix" data-gramm="false">{s}</div></div>',
            lambda s: f'<pre class="ipsCode prettyprint lang-html prettyprinted">{s}</pre>',
            lambda a: f'<img alt="{a}" data-emoticon="" height="20" src="https://forum.example.org/uploads/emoticons/smile.png" title="{a}" width="20">')
        edit = ""
        if p.edited:
            edit = (f'<p class="ipsType_reset ipsType_medium ipsType_light" data-excludequote="">'
                    f'<strong>Изменено <time datetime="{iso_utc(p.edited)}" title="{p.edited:%d.%m.%Y %H:%M}" '
                    f'data-short="1 ч">{p.edited:%d.%m.%Y}</time> пользователем {escape(p.author)}</strong></p>')
        sig = (f'<div data-role="memberSignature" class="ipsResponsive_hidePhone"><hr class="ipsHr">'
               f'<div class="ipsType_richText ipsType_normal" data-controller="core.front.core.lightboxedImages">{escape(p.sig)}</div></div>'
               if p.sig else "")
        hidden = " ipsComment_hidden" if p.deleted else ""
        body.append(f"""
<a id="comment-{p.pid}"></a>
<article id="elComment_{p.pid}" class="cPost ipsBox ipsResponsive_pull ipsComment ipsComment_parent ipsClearfix ipsClear ipsColumns ipsColumns_noSpacing ipsColumns_collapsePhone{hidden}">
 <div class="cAuthorPane_mobile ipsResponsive_showPhone"></div>
 <aside class="ipsComment_author cAuthorPane ipsColumn ipsColumn_medium ipsResponsive_hidePhone">
  <h3 class="ipsType_sectionHead cAuthorPane_author ipsType_blendLinks ipsType_break"><strong><a href="https://forum.example.org/profile/3-x/" class="ipsType_break">{escape(p.author)}</a></strong></h3>
  <ul class="cAuthorPane_info ipsList_reset"><li data-role="group">Пользователи</li><li class="ipsType_light">12 сообщений</li></ul>
 </aside>
 <div class="ipsColumn ipsColumn_fluid ipsMargin:none">
  <div id="comment-{p.pid}_wrap" data-controller="core.front.core.comment" data-commentapp="forums" data-commenttype="forums" data-commentid="{p.pid}" class="ipsComment_content ipsType_medium">
   <div class="ipsComment_meta ipsType_light ipsFlex ipsFlex-ai:center ipsFlex-jc:between ipsFlex-fd:row-reverse">
    <div class="ipsType_reset ipsType_medium ipsType_blendLinks ipsFlex-flex:11">
     <a href="https://forum.example.org/topic/12-mafia/?do=findComment&amp;comment={p.pid}" rel="nofollow" class="ipsType_blendLinks">Опубликовано <time datetime="{iso_utc(p.at)}" title="{p.at:%d.%m.%Y %H:%M}" data-short="1 дн">{p.at.day} {MONTHS_GEN[p.at.month - 1]}</time></a>
    </div></div>
   <div class="cPost_contentWrap">
    <div data-role="commentContent" class="ipsType_normal ipsType_richText ipsPadding_bottom ipsContained" data-controller="core.front.core.lightboxedImages">{text}
     {edit}
    </div>
    <ul class="ipsComment_controls ipsClearfix ipsList_inline" data-role="commentControls"><li><a href="#" data-action="multiQuoteComment" class="ipsButton ipsButton_light ipsButton_verySmall">Цитата</a></li></ul>
    {sig}
   </div>
  </div>
 </div>
</article>""")
    link = f'<link rel="next" href="{url(n + 1)}">' if n < total else ""
    nxt = (f'<li class="ipsPagination_next"><a href="{url(n + 1)}" rel="next" data-page="{n + 1}" '
           f'data-ipstooltip="" title="Следующая страница">Далее</a></li>') if n < total else \
        '<li class="ipsPagination_next ipsPagination_inactive"><a href="#">Далее</a></li>'
    return f"""<!DOCTYPE html>
<html lang="ru-RU" dir="ltr"><head><meta charset="utf-8"><title>Мафия, игра 12 - Страница {n} - Форум</title>{link}</head>
<body class="ipsApp ipsApp_front ipsJS_none ipsClearfix" data-controller="core.front.core.app">
<div data-role="commentFeed">{''.join(body)}</div>
<ul class="ipsPagination" data-pages="{total}">{nxt}</ul></body></html>"""


def ipb3(posts: list[P], n: int, total: int, url, fetched: datetime) -> str:
    def shown(at):
        return f"{at.day:02d} {MONTHS_NOM[at.month - 1]} {at.year} - {at:%H:%M}"

    def q(author, inner):
        return (f'<blockquote class="ipsBlockquote" data-author="{escape(author)}" data-cid="1" data-time="1">'
                f'<p class="citation">{escape(author)} писал:</p>{inner}</blockquote>')

    body = []
    for p in posts:
        text = _segments(
            p.body, q,
            lambda s: f'<div class="bbc_spoiler"><span class="spoiler_title">Спойлер</span> <input type="button" class="bbc_spoiler_show" value="Показать"><div class="bbc_spoiler_wrapper"><div class="bbc_spoiler_content" style="display:none;">{s}</div></div></div>',
            lambda s: f'<pre class="prettyprint">{s}</pre>',
            lambda a: f'<img src="https://forum.example.org/public/style_emoticons/default/smile.png" class="bbc_emoticon" alt="{a}">')
        edit = (f'<p class="edit">Сообщение отредактировал {escape(p.author)}: {shown(p.edited)}</p>'
                if p.edited else "")
        sig = f'<div class="signature" data-memberid="3">{escape(p.sig)}</div>' if p.sig else ""
        deleted = " moderated deleted" if p.deleted else ""
        body.append(f"""
<a id="entry{p.pid}"></a>
<div class="post_block hentry clear clearfix{deleted}" id="post_id_{p.pid}">
 <div class="post_wrap">
  <h3 class="row2"><span class="author vcard" itemprop="creator name"><a hovercard-ref="member" hovercard-id="3" class="_hovertrigger url fn name " href="https://forum.example.org/user/3-x/" title="Просмотр профиля"><span itemprop="name">{escape(p.author)}</span></a></span></h3>
  <div class="author_info"><ul class="basic_info"><li class="avatar"></li><li class="group_title">Пользователи</li></ul></div>
  <div class="post_body">
   <p class="posted_info desc lighter ipsType_small">Опубликовано <abbr class="published" itemprop="commentTime" title="{iso_utc(p.at)}">{shown(p.at)}</abbr></p>
   <div itemprop="commentText" class="post entry-content ">{text}
    {edit}
   </div>
   {sig}
  </div>
  <ul class="post_controls clear clearfix"><li class="multiquote"><a href="#">Цитата</a></li></ul>
 </div>
</div>""")
    nxt = (f'<li class="next"><a href="{url(n + 1)}" rel="next" title="Следующая страница">&rarr;</a></li>'
           if n < total else "")
    return f"""<!DOCTYPE html>
<html xml:lang="ru" lang="ru" xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="UTF-8" /><title>Мафия - Страница {n}</title>
<script type="text/javascript">ipb.vars['base_url'] = 'https://forum.example.org/index.php?';</script></head>
<body id="ipboard_body"><div id="ipbwrapper"><div class="topic hfeed clear clearfix">{''.join(body)}</div>
<div class="topic_controls"><ul class="pagination left">{nxt}</ul></div></div></body></html>"""


def vbulletin(posts: list[P], n: int, total: int, url, fetched: datetime) -> str:
    def q(author, inner):
        return (f'<div class="bbcode_container"><div class="bbcode_description">Цитата:</div>'
                f'<div class="bbcode_quote"><div class="quote_container"><div class="bbcode_quote_container"></div>'
                f'<div class="bbcode_postedby"><img title="Цитата" src="images/misc/quote_icon.png" alt="Цитата" /> '
                f'Сообщение от <strong>{escape(author)}</strong> <a href="showthread.php?p=1#post1" rel="nofollow">'
                f'<img class="inlineimg" src="images/buttons/viewpost-right.png" alt="Посмотреть сообщение" /></a></div>'
                f'<div class="message">{inner}</div></div></div></div>')

    def shown(p, at):
        day = f"{at:%d.%m.%Y}"
        return _today(p, fetched, 'Сегодня, <span class="time">{}</span>', f'{day}, <span class="time">{at:%H:%M}</span>')

    body = []
    for p in posts:
        text = _segments(
            p.body, q,
            lambda s: f'<div class="spoiler"><div class="spoiler-head" onclick="toggleSpoiler(this)">Спойлер</div><div class="spoiler-body" style="display: none;">{s}</div></div>',
            lambda s: f'<div class="bbcode_container"><div class="bbcode_description">Код:</div><pre class="bbcode_code" style="height:36px;">{s}</pre></div>',
            lambda a: f'<img src="images/smilies/smile.png" border="0" alt="" title="Smile" class="inlineimg" />')
        edit = (f'<blockquote class="postcontent lastedited"><img src="images/buttons/edit_40b.png" class="editedbyimg" alt="" />'
                f' Последний раз редактировалось {escape(p.author)}; <span class="date">{p.edited:%d.%m.%Y} в '
                f'<span class="time">{p.edited:%H:%M}</span></span>.</blockquote>') if p.edited else ""
        sig = (f'<blockquote class="signature restore"><div class="signaturecontainer">{escape(p.sig)}</div></blockquote>'
               if p.sig else "")
        if p.deleted:
            body.append(f"""
<li class="postbitdeleted postbitim postcontainer" id="post_{p.pid}">
 <div class="posthead"><span class="postdate"><span class="date">{shown(p, p.at)}</span></span></div>
 <div class="postdetails_noavatar"><div class="posthead"><div class="userinfo_noavatar"><div class="username_container"><a class="username" href="member.php?u=3"><strong>{escape(p.author)}</strong></a></div></div></div></div>
 <div class="postbody"><div class="postrow"><div class="deletedreason">Сообщение удалено пользователем {escape(p.author)}.</div></div></div>
</li>""")
            continue
        body.append(f"""
<li class="postbitlegacy postbitim postcontainer old" id="post_{p.pid}">
 <div class="posthead">
  <span class="postdate old"><span class="date">{shown(p, p.at)}</span></span>
  <span class="nodecontrols"><a name="post{p.pid}" href="showthread.php?t=12&amp;p={p.pid}#post{p.pid}" class="postcounter">#{p.pid}</a></span>
 </div>
 <div class="postdetails">
  <div class="userinfo"><div class="username_container"><div class="popupmenu memberaction">
   <a class="username offline popupctrl" href="member.php?u=3" title="{escape(p.author)} вне форума"><strong>{escape(p.author)}</strong></a></div></div>
   <span class="usertitle">Участник</span></div>
  <div class="postbody"><div class="postrow">
   <h2 class="posttitle icon">Re: Мафия</h2>
   <div class="content"><div id="post_message_{p.pid}"><blockquote class="postcontent restore ">{text}</blockquote></div></div>
   {edit}
   <div class="after_content">{sig}</div>
  </div></div>
 </div>
 <div class="postfoot"><span class="postcontrols"><a id="qrwq_{p.pid}" class="newreply" href="newreply.php?do=newreply&amp;p={p.pid}" rel="nofollow" title="Ответить с цитированием"><img src="images/buttons/quote_40b.png" alt="Ответить с цитированием" /> Ответить с цитированием</a></span></div>
</li>""")
    nxt = (f'<span class="prev_next"><a rel="next" href="{url(n + 1)}" title="Следующая страница - с {n * 4 + 1} по {n * 4 + 4} из 11">'
           f'<img src="images/pagination/next-right.png" alt="Следующая" /></a></span>') if n < total else ""
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" dir="ltr" lang="ru" id="vbulletin_html">
<head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /><meta name="generator" content="vBulletin 4.2.5" />
<title>Мафия - Страница {n}</title></head>
<body><div class="above_body"></div><div class="body_wrapper">
<div id="pagination_top" class="pagination_top"><form class="pagination popupmenu nohovermenu">{nxt}</form></div>
<div id="postlist" class="postlist restrain"><ol id="posts" class="posts" start="1">{''.join(body)}</ol></div>
<div id="pagination_bottom" class="pagination_bottom"><form class="pagination popupmenu nohovermenu">{nxt}</form></div>
</div></body></html>"""


def smf(posts: list[P], n: int, total: int, url, fetched: datetime) -> str:
    def shown(p, at):
        return _today(p, fetched, "<strong>Сегодня</strong> в {}:00",
                      f"{at.day:02d} {MONTHS_GEN[at.month - 1].capitalize()} {at.year}, {at:%H:%M}:00")

    def q(author, inner):
        return (f'<div class="quoteheader"><div class="topslice_quote"><a href="index.php?topic=12.msg1#msg1">'
                f'Цитата: {escape(author)} от 07 Декабря 2026, 20:15:00</a></div></div>'
                f'<blockquote class="bbc_standard_quote">{inner}</blockquote><div class="quotefooter"><div class="botslice_quote"></div></div>')

    body = []
    for k, p in enumerate(posts):
        if p.deleted:
            continue  # SMF removes deleted posts (the recycle bin is another board)
        text = _segments(
            p.body, q,
            lambda s: f'<div class="sp-wrap"><div class="sp-head" title="Нажмите, чтобы раскрыть">Спойлер</div><div class="sp-body">{s}</div></div>',
            lambda s: f'<div class="codeheader">Код: <a href="javascript:void(0);" onclick="return smfSelectText(this);" class="codeoperation">[Выделить]</a></div><code class="bbc_code">{s}</code>',
            lambda a: f'<img src="https://forum.example.org/Smileys/default/smiley.gif" alt="{a}" title="Улыбка" class="smiley" />')
        modified = (f'<div class="smalltext modified" id="modified_{p.pid}">&#171; <em>Последнее редактирование: '
                    f'{p.edited.day:02d} {MONTHS_GEN[p.edited.month - 1].capitalize()} {p.edited.year}, {p.edited:%H:%M}:00 от {escape(p.author)}</em> &#187;</div>'
                    if p.edited else f'<div class="smalltext modified" id="modified_{p.pid}"></div>')
        sig = f'<div class="signature" id="msg_{p.pid}_signature">{escape(p.sig)}</div>' if p.sig else ""
        body.append(f"""
<div class="windowbg{'2' if k % 2 else ''}"><span class="topslice"><span></span></span>
 <div class="post_wrapper">
  <div class="poster"><h4><a href="index.php?action=profile;u=3" title="Просмотр профиля {escape(p.author)}">{escape(p.author)}</a></h4>
   <ul class="reset smalltext" id="msg_{p.pid}_extra_info"><li class="membergroup">Игрок</li><li class="postcount">Сообщений: 12</li></ul></div>
  <div class="postarea">
   <div class="flow_hidden"><div class="keyinfo">
    <div class="messageicon"><img src="Themes/default/images/post/xx.gif" alt="" /></div>
    <h5 id="subject_{p.pid}"><a href="index.php?topic=12.msg{p.pid}#msg{p.pid}" rel="nofollow">Re: Мафия</a></h5>
    <div class="smalltext">&#171; <strong>Ответ #{k} :</strong> {shown(p, p.at)} &#187;</div>
    <div id="msg_{p.pid}_quick_mod"></div></div>
    <ul class="reset smalltext quickbuttons"><li class="quote_button"><a href="index.php?action=post;quote={p.pid}" onclick="return oQuickReply.quote({p.pid});">Цитировать</a></li></ul>
   </div>
   <div class="post"><div class="inner" id="msg_{p.pid}">{text}</div></div>
  </div>
  <div class="moderatorbar">{modified}{sig}</div>
 </div>
<span class="botslice"><span></span></span></div>
<hr class="post_separator" />""")
    link = f'<link rel="next" href="{url(n + 1)}" />' if n < total else ""
    links = " ".join(f'<strong>{i}</strong>' if i == n else f'<a class="navPages" href="{url(i)}">{i}</a>'
                     for i in range(1, total + 1))
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<title>Мафия</title>{link}
<script type="text/javascript"><!-- // --><![CDATA[ var smf_theme_url = "Themes/default"; var smf_scripturl = "index.php"; // ]]></script></head>
<body><div id="wrapper"><div id="content_section">
<div class="pagesection"><div class="pagelinks floatleft">Страницы: [{links}]</div></div>
<div id="forumposts"><form action="index.php?action=quickmod2;topic=12.0" method="post" id="quickModForm">{''.join(body)}</form></div>
</div></div></body></html>"""


def ucoz(posts: list[P], n: int, total: int, url, fetched: datetime) -> str:
    def shown(p, at):
        return _today(p, fetched, "Сегодня, {}", f"{WEEKDAYS[at.weekday()]}, {at:%d.%m.%Y}, {at:%H:%M}")

    def q(author, inner):
        return (f'<!--uzquote--><div class="bbQuoteBlock"><div class="bbQuoteName" style="padding-left:5px;font-size:7pt">'
                f'<b>Цитата</b> <span class="qName"><!--qn-->{escape(author)}<!--/qn--></span></div>'
                f'<div class="quoteMessage" style="border:1px inset;max-height:200px;overflow:auto;">{inner}</div></div><!--/uzquote-->')

    body = []
    for k, p in enumerate(posts):
        if p.deleted:
            continue
        text = _segments(
            p.body, q,
            lambda s: f'<!--uSpoiler--><div class="uSpoilerClosed" id="uSpoilerxyz"><div class="uSpoilerButBl"><input type="button" class="uSpoilerButton" value="Спойлер"></div><div class="uSpoilerText"><!--ust-->{s}<!--/ust--></div></div><!--/uSpoiler-->',
            lambda s: f'<!--uzcode--><div class="bbCodeBlock"><div class="bbCodeName" style="padding-left:5px;font-weight:bold;font-size:7pt">Код</div><div class="codeMessage" style="border:1px inset;">{s}</div></div><!--/uzcode-->',
            lambda a: f'<img rel="usm" src="https://s1.ucoz.net/sm/1/smile.gif" border="0" align="absmiddle" alt="smile">')
        edit = (f'<br><br><div class="edited">Сообщение отредактировал <span class="editedBy">{escape(p.author)}</span> - '
                f'<span class="editedTime">{WEEKDAYS[p.edited.weekday()]}, {p.edited:%d.%m.%Y}, {p.edited:%H:%M}</span></div>') if p.edited else ""
        sig = (f'<br><hr size="1" width="150" align="left" class="signatureHr"><span class="signatureView">{escape(p.sig)}</span>'
               if p.sig else "")
        body.append(f"""
<tr><td><a name="{p.pid}"></a>
<table border="0" width="100%" cellspacing="1" cellpadding="2" class="postTable" id="post{p.pid}">
<tr><td width="23%" class="postTdTop" align="center"><a class="postUser" href="javascript://" rel="nofollow" onClick="emoticon('[b]{escape(p.author)}[/b],');return false;">{escape(p.author)}</a></td>
<td class="postTdTop">Дата: {shown(p, p.at)} | Сообщение # <a rel="nofollow" name="{p.pid}" class="postNumberLink" href="javascript://" onclick="prompt('', 'https://mafia.ucoz.ru/forum/2-12-{p.pid}-16-1'); return false;">{(n - 1) * 4 + k + 1}</a></td></tr>
<tr><td class="postTdInfo" valign="top"><div class="postRankName">Игрок</div></td>
<td class="posttdMessage" valign="top" style="word-wrap: break-word;"><span class="ucoz-forum-post" id="ucoz-forum-post-{p.pid}" edit-url="">{text}</span>{edit}{sig}</td></tr>
<tr><td class="postBottom" align="center">&nbsp;</td><td class="postBottom"><a href="javascript://" rel="nofollow" onclick="quote(); return false;">Цитата</a></td></tr>
</table></td></tr>""")
    pages = " ".join(f'<b class="swchItemA"><span>{i}</span></b>' if i == n else
                     f'<a class="swchItem" href="{url(i)}" onclick="spages(\'{i}\');return false;"><span>{i}</span></a>'
                     for i in range(1, total + 1))
    if n < total:
        pages += f' <a class="swchItem swchItem-next" href="{url(n + 1)}" onclick="spages(\'{n + 1}\');return false;"><span>&raquo;</span></a>'
    return f"""<html><head><meta http-equiv="content-type" content="text/html; charset=UTF-8">
<title>Мафия - Форум</title><script src="//s740.ucoz.net/src/u.js"></script></head>
<body><div class="forumContent"><table class="ThrTopButtonsTbl"><tr><td class="ThrTopButtonsCl11">
<div id="pagesBlock1" style="display:inline;"><span class="pagesBlockuz1"><b>Страница <b>{n}</b> из <b>{total}</b></b> {pages}</span></div></td></tr></table>
<table border="0" cellpadding="0" cellspacing="0" width="100%" class="gTable"><tr><td class="gTableTop">Мафия</td></tr>
<tr><td><div id="posts-content"><table border="0" width="100%" cellspacing="1" cellpadding="0" class="gTable" id="forumPostsTable">{''.join(body)}</table></div></td></tr></table>
</div></body></html>"""


ENGINES = {"phpbb": phpbb, "xenforo": xenforo, "invision": invision, "ipb3": ipb3,
           "vbulletin": vbulletin, "smf": smf, "ucoz": ucoz}

#: the engine id each builder's pages are read as
ENGINE_ID = {"phpbb": "phpbb", "xenforo": "xenforo", "invision": "invision", "ipb3": "invision",
             "vbulletin": "vbulletin", "smf": "smf", "ucoz": "ucoz"}

#: each engine's address of page n (relative to the server's root)
URLS = {
    "phpbb": lambda n: f"/viewtopic.php?t=12&start={(n - 1) * 4}" if n > 1 else "/viewtopic.php?t=12",
    "xenforo": lambda n: f"/threads/mafia.12/page-{n}" if n > 1 else "/threads/mafia.12/",
    "invision": lambda n: f"/topic/12-mafia/page/{n}/" if n > 1 else "/topic/12-mafia/",
    "ipb3": lambda n: f"/topic/12-mafia/page__st__{(n - 1) * 4}" if n > 1 else "/topic/12-mafia/",
    "vbulletin": lambda n: f"/showthread.php?t=12&page={n}" if n > 1 else "/showthread.php?t=12",
    "smf": lambda n: f"/index.php?topic=12.{(n - 1) * 4}" if n > 1 else "/index.php?topic=12.0",
    "ucoz": lambda n: f"/forum/2-12-{n}" if n > 1 else "/forum/2-12-1",
}


def render(engine: str, pages: list[list[P]] | None = None, base: str = "") -> list[str]:
    """Every page of the topic in ``engine``'s markup; links are ``base`` + the engine's URLs."""
    pages = pages or PAGES
    fetched = FETCHED if pages is PAGES else [msk(8, 21, 30)] * len(pages)
    url = URLS[engine]
    return [ENGINES[engine](posts, n, len(pages), lambda k: base + url(k), fetched[n - 1])
            for n, posts in enumerate(pages, start=1)]
