"""Markup variants of the engines' templates (phpBB 3.3 times and coloured names, SMF 2.1,
Invision 4.6 with the phone author pane, cp1251 pages): each reader finds id, author, time,
own text, edit time and the next page."""

from __future__ import annotations

from datetime import datetime, timezone

from mailer.forum.readers import detect, read_html
from mailer.forum.service import _decode

FETCHED = datetime(2026, 12, 8, 12, 0, tzinfo=timezone.utc)


def _read(html: str, engine: str | None = None):
    engine = engine or detect(html)
    return engine, read_html(engine, html, url="https://forum.example.org/t/1", tz="Europe/Moscow",
                             fetched=FETCHED)


PHPBB33 = """<!DOCTYPE html><html dir="ltr" lang="ru"><head><meta charset="utf-8"></head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr">
<div id="p2345" class="post has-profile bg2 online"><div class="inner">
<dl class="postprofile" id="profile2345"><dt class="has-profile-rank has-avatar">
<div class="avatar-container"><a href="./memberlist.php?mode=viewprofile&amp;u=54" class="avatar"><img class="avatar" src="./a.png" alt="Аватара пользователя"></a></div>
<a href="./memberlist.php?mode=viewprofile&amp;u=54" style="color: #AA0000;" class="username-coloured">Ягуар</a></dt>
<dd class="profile-rank">Модератор</dd></dl>
<div class="postbody"><div id="post_content2345">
<h3><a href="#p2345">Re: Мафия</a></h3>
<p class="author"><a class="unread" href="./viewtopic.php?p=2345#p2345" title="Сообщение"><i class="icon fa-file fa-fw" aria-hidden="true"></i><span class="sr-only">Сообщение</span></a><span class="responsive-hide"><strong><a href="./memberlist.php?mode=viewprofile&amp;u=54" style="color: #AA0000;" class="username-coloured">Ягуар</a></strong> &raquo; </span><time datetime="2026-12-07T17:15:00+00:00">07 дек 2026, 20:15</time></p>
<div class="content"><blockquote cite="./viewtopic.php?p=2344#p2344"><div><cite><a href="./memberlist.php?mode=viewprofile&amp;u=5">Лис</a> писал(а): <a href="./viewtopic.php?p=2344#p2344" data-post-id="2344">↑</a><span class="responsive-hide">07 дек 2026, 20:10</span></cite>Я не мафия</div></blockquote>
Не верю<br>ни единому слову.<div class="inline-attachment"><dl class="file"><dt class="attach-image"><img class="postimage" src="./download/file.php?id=1" alt="скрин.png"></dt><dd>скрин.png (15.2 КБ) 12 просмотров</dd></dl></div></div>
<div class="notice">Последний раз редактировалось <a href="./memberlist.php?mode=viewprofile&amp;u=54" style="color: #AA0000;" class="username-coloured">Ягуар</a> Сегодня, 10:00, всего редактировалось 2 раза.</div>
<div id="sig2345" class="signature">Подпись Ягуара</div>
</div></div></div></div>
<div class="action-bar bar-bottom"><div class="pagination"><ul><li class="arrow next"><a class="button button-icon-only" href="./viewtopic.php?t=1&amp;start=20" rel="next" role="button"><span class="sr-only">След.</span></a></li></ul></div></div>
</body></html>"""


def test_phpbb_33():
    engine, page = _read(PHPBB33)
    assert engine == "phpbb"
    (post,) = page.posts
    assert (post.post_id, post.author, post.at) == ("2345", "Ягуар", datetime(2026, 12, 7, 17, 15, tzinfo=timezone.utc))
    assert post.text == "Не верю ни единому слову."
    assert post.edited_at == datetime(2026, 12, 8, 7, 0, tzinfo=timezone.utc)
    assert page.next_url == "https://forum.example.org/t/viewtopic.php?t=1&start=20"


SMF21 = """<!DOCTYPE html><html lang="ru-RU"><head><meta charset="UTF-8"><script>var smf_scripturl = "https://f.example.org/index.php";</script></head><body>
<div class="pagesection"><div class="pagelinks floatleft"><a class="nav_page" href="https://f.example.org/index.php?topic=1.0">1</a> <span class="current_page">2</span> <a class="nav_page" href="https://f.example.org/index.php?topic=1.40">3</a></div></div>
<div id="forumposts"><form>
<div class="windowbg" id="msg5010"><div class="post_wrapper">
<div class="poster"><h4><a href="https://f.example.org/index.php?action=profile;u=7" title="Просмотр профиля Зоя">Зоя</a></h4></div>
<div class="postarea"><div class="keyinfo"><div id="subject_5010" class="subject_title"><a href="https://f.example.org/index.php?msg=5010">Re: Мафия</a></div>
<span class="page_number floatright">#21</span>
<div class="postinfo"><span class="messageicon"><img src="xx.png" alt=""></span><a href="https://f.example.org/index.php?msg=5010" title="Ответ #21 - 07 Декабря 2026, 21:00:00" class="smalltext">07 Декабря 2026, 21:00:00 »</a>
<span class="spacer"></span><span class="smalltext modified floatright mvisible" id="modified_5010"><span class="lastedit">Последнее редактирование</span>: Вчера в 23:59:00 от Зоя</span></div></div>
<div class="post"><div class="inner" data-msgid="5010" id="msg_5010"><blockquote class="bbc_standard_quote"><cite><a href="https://f.example.org/index.php?msg=5001">Цитата: Лис от 07 Декабря 2026, 20:20:00</a></cite>Линч Зое</blockquote><br>Голосую за Гнома <img src="smiley.png" alt="&#58;&#41;" title="Улыбка" class="smiley"></div></div>
</div>
<div class="moderatorbar"><div class="signature" id="msg_5010_signature">Зоя, врач</div></div>
</div></div>
</form></div></body></html>"""


def test_smf_21():
    engine, page = _read(SMF21)
    assert engine == "smf"
    (post,) = page.posts
    assert (post.post_id, post.author, post.text) == ("5010", "Зоя", "Голосую за Гнома")
    assert post.at == datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc)
    assert post.edited_at == datetime(2026, 12, 7, 20, 59, tzinfo=timezone.utc)
    assert page.next_url == "https://f.example.org/index.php?topic=1.40"


IPS46 = """<!DOCTYPE html><html lang="ru-RU" dir="ltr"><head><meta charset="utf-8"></head>
<body class="ipsApp ipsApp_front ipsJS_none">
<article id="elComment_777" class="cPost ipsBox ipsResponsive_pull ipsComment ipsComment_parent">
<div class="cAuthorPane_mobile ipsResponsive_showPhone"><div class="cAuthorPane_content"><h3 class="ipsType_sectionHead cAuthorPane_author ipsType_break ipsType_blendLinks ipsFlex ipsFlex-ai:center"><a href="https://f.example.org/profile/9-kuzya/" class="ipsType_break">Кузя</a></h3>
<div class="ipsType_light ipsType_reset"><a href="https://f.example.org/topic/1/?do=findComment&amp;comment=777" class="ipsType_blendLinks">Опубликовано <time datetime="2026-12-07T18:30:00Z" title="07.12.2026 21:30" data-short="1 дн">7 декабря</time></a></div></div></div>
<aside class="ipsComment_author cAuthorPane ipsColumn ipsColumn_medium ipsResponsive_hidePhone"><h3 class="ipsType_sectionHead cAuthorPane_author ipsType_blendLinks ipsType_break"><strong><a href="https://f.example.org/profile/9-kuzya/" class="ipsType_break">Кузя</a></strong></h3></aside>
<div class="ipsColumn ipsColumn_fluid ipsMargin:none"><div id="comment-777_wrap" data-commentid="777" class="ipsComment_content ipsType_medium">
<div class="ipsComment_meta ipsType_light"><div class="ipsType_reset ipsType_medium ipsType_blendLinks"><a href="#" class="ipsType_blendLinks">Опубликовано <time datetime="2026-12-07T18:30:00Z" title="07.12.2026 21:30" data-short="1 дн">7 декабря</time></a></div></div>
<div class="cPost_contentWrap"><div data-role="commentContent" class="ipsType_normal ipsType_richText ipsPadding_bottom ipsContained">
<p>Линч Буке!</p><div class="ipsSpoiler" data-ipsspoiler=""><div class="ipsSpoiler_header"><span>Скрытый текст</span></div><div class="ipsSpoiler_contents"><p>он мафия</p></div></div>
</div></div></div></div></article></body></html>"""


def test_invision_46_phone_pane_first():
    engine, page = _read(IPS46)
    assert engine == "invision"
    (post,) = page.posts
    assert (post.post_id, post.author, post.text) == ("777", "Кузя", "Линч Буке! он мафия")
    assert post.at == datetime(2026, 12, 7, 18, 30, tzinfo=timezone.utc)
    assert page.next_url is None


def test_cp1251_page_is_decoded():
    raw = PHPBB33.replace('<meta charset="utf-8">', '<meta charset="windows-1251">').encode("cp1251", "replace")
    html = _decode(raw)
    assert "Не верю" in html and detect(html) == "phpbb"
