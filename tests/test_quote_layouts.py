"""Reply layouts of the common mail clients, plain text and HTML, in several languages
(issue 11, «quote blocks the product does not know»).

Each letter is our own, written on the layout a client produces (learnt from the public test
e-mails of the reply-parsing projects). The new text carries one move set and the quoted
letter a different one; the letter goes through the real :func:`mailer.decode.decode` and
:func:`engine.parse.parse_letter` (and a few through a real ``sync`` of a Maildir), and only
the new moves may count — on a two-vote day («Ярость») too, where a quoted vote would
otherwise be taken silently as the second vote.
"""

from __future__ import annotations

import base64
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlmodel import select

from engine.model import TurnInfo
from engine.parse import parse_letter
from engine.state import GameState
from mailer.config import load_config
from mailer.decode import decode
from mailer.store import Letter, Store
from mailer.sync import sync
from mailer.day import init_game
from e2e_config import folder_sections

ROSTER = {
    "Кузя": "doctor", "Бобёр": "detective", "Лось": "clan1.boss", "Ёжик": "civilian",
    "Воришка": "clan1.thief", "Serginio": "civilian",
}
SENDER = "Кузя"
NEW = "Лечу Бобра.\nЛинч: Ёжик"
#: What the new text means; the quotes below carry «Лечу Лося» and «Линч: Лось» instead.
EXPECTED = [{"action": "heal", "target": "Бобёр"}, {"action": "vote", "target": "Ёжик"}]
OLD = "Лечу Лося.\nЛинч: Лось"

# --------------------------------------------------------------------------- plain text layouts

PLAIN = {
    "outlook_ru": f"{NEW}\n\n________________________________\nОт: Ведущий <host@example.org>\n"
                  "Отправлено: 4 декабря 2026 г. 15:19\nКому: Кузя <kuzya@example.org>\n"
                  f"Тема: RE: Ход\n\n{OLD}\n",
    "outlook_en": f"{NEW}\n\n________________________________\nFrom: Host <host@example.org>\n"
                  "Sent: Friday, December 4, 2026 3:19 PM\nTo: kuzya@example.org\n"
                  f"Subject: RE: Ход\n\n{OLD}\n",
    "outlook_nl": f"{NEW}\n\nVan: Ведущий <host@example.org>\nVerzonden: vrijdag 4 december 2026 15:19\n"
                  f"Aan: Кузя\nOnderwerp: Ход\n\n{OLD}\n",
    "outlook_fr": f"{NEW}\n\n________________________________\nDe : Ведущий <host@example.org>\n"
                  "Envoyé : vendredi 4 décembre 2026 15:19\nÀ : Кузя <kuzya@example.org>\n"
                  f"Objet : Ход\n\n{OLD}\n",
    "outlook_de": f"{NEW}\n\nVon: Ведущий <host@example.org>\nGesendet: Freitag, 4. Dezember 2026 15:19\n"
                  f"An: Кузя\nBetreff: Ход\n\n{OLD}\n",
    "outlook_pl": f"{NEW}\n\nOd: Ведущий <host@example.org>\nWysłano: piątek, 4 grudnia 2026 15:19\n"
                  f"Do: Кузя\nTemat: Ход\n\n{OLD}\n",
    "outlook_bold": f"{NEW}\n\n*From:* Host <host@example.org>\n*Sent:* Friday, December 4, 2026 3:19 PM\n"
                    f"*To:* kuzya@example.org\n\n{OLD}\n",
    "outlook_flat": f"{NEW}\nОт: Ведущий <host@example.org> Отправлено: 4 декабря 2026 г. 15:19 "
                    f"Кому: Кузя Тема: Ход\n{OLD}\n",
    "hotmail_date_first": f"{NEW}\n\nDate: Fri, 4 Dec 2026 15:19:00 +0300\nSubject: Ход\n"
                          f"From: host@example.org\nTo: kuzya@example.org\n\n{OLD}\n",
    "original_ru": f"{NEW}\n\n-----Исходное сообщение-----\nОт: Ведущий\nЛечу Лося\n{OLD}\n",
    "original_en": f"{NEW}\n\n-----Original Message-----\n{OLD}\n",
    "original_de": f"{NEW}\n\n-----Ursprüngliche Nachricht-----\nVon: Ведущий <host@example.org>\n"
                   f"An: Кузя\nBetreff: Ход\nDatum: 04.12.2026 15:19\n\n{OLD}\n",
    "original_fr": f"{NEW}\n\n-------- Message d'origine --------\n{OLD}\n",
    "yahoo_original": f"{NEW}\n\n\n----- Original Message -----\nFrom: Host <host@example.org>\n"
                      f"To: kuzya@example.org\nCc:\nSent: Friday, December 4, 2026 3:19 PM\n"
                      f"Subject: Ход\n\n{OLD}\n",
    "forward_ru": f"{NEW}\n\n-------- Пересылаемое сообщение --------\n04.12.2026, 15:19, "
                  f"\"Бобёр\" <bober@example.org>:\n{OLD}\n",
    "forward_en": f"{NEW}\n\n---------- Forwarded message ---------\nFrom: Бобёр <bober@example.org>\n{OLD}\n",
    "forward_apple": f"{NEW}\n\nBegin forwarded message:\n\nFrom: Бобёр <bober@example.org>\n{OLD}\n",
    "gmail_ru_unmarked": f"{NEW}\n\nпт, 4 дек. 2026 г. в 15:19, Ведущий <host@example.org>:\n\n{OLD}\n",
    "gmail_ru_marked": f"{NEW}\n\nпт, 4 дек. 2026 г. в 15:19, Ведущий <host@example.org>:\n\n"
                       "> Лечу Лося.\n> Линч: Лось\n",
    "gmail_en_unmarked": f"{NEW}\n\nOn Fri, Dec 4, 2026 at 3:19 PM Host <host@example.org> wrote:\n{OLD}\n",
    "gmail_en_wrapped": f"{NEW}\n\nOn Fri, Dec 4, 2026 at 3:19 PM Ведущий игры в мафию <\n"
                        f"host@example.org> wrote:\n\n> Лечу Лося.\n> Линч: Лось\n",
    "polish": f"{NEW}\n\nW dniu 4.12.2026 o 15:19, Ведущий <host@example.org> napisał:\n{OLD}\n",
    "french": f"{NEW}\n\nLe ven. 4 déc. 2026 à 15:19, Ведущий <host@example.org> a écrit :\n\n{OLD}\n",
    "german_wrapped": f"{NEW}\n\nAm Fr., 4. Dez. 2026 um 15:19 Uhr schrieb Ведущий\n<host@example.org>:\n\n{OLD}\n",
    "german_name": f"{NEW}\n\nAm 04.12.2026 um 15:19 schrieb Ведущий:\n{OLD}\n",
    "spanish": f"{NEW}\n\nEl vie, 4 dic 2026 a las 15:19, Ведущий (<host@example.org>) escribió:\n{OLD}\n",
    "dutch": f"{NEW}\n\nOp vr 4 dec. 2026 om 15:19 schreef Ведущий <host@example.org>:\n\n{OLD}\n",
    "yandex": f"{NEW}\n\n04.12.2026, 15:19, \"Ведущий\" <host@example.org>:\n{OLD}\n",
    "mailru": f"{NEW}\n\nПятница, 4 декабря 2026, 15:19 +03:00 от Ведущий <host@example.org>:\n{OLD}\n",
    "thebat": f"{NEW}\n\nВы писали 4 декабря 2026 г., 15:19:\n\n> {OLD.replace(chr(10), chr(10) + '> ')}\n",
    "bottom_posted": f"On Fri, Dec 4, 2026 at 3:19 PM Host <host@example.org> wrote:\n> Лечу Лося.\n"
                     f"> Линч: Лось\n\n{NEW}\n",
    "bottom_posted_ru": f"пт, 4 дек. 2026 г. в 15:19, Ведущий <host@example.org>:\n\n> Лечу Лося.\n"
                        f">\n> Линч: Лось\n\n{NEW}\n\n-- \nКузя\n",
    "interleaved": "04.12.2026, 15:19, \"Ведущий\" <host@example.org>:\n> Кого лечите? Лечу Лося?\n"
                   "Лечу Бобра.\n> Кого на линч? Линч: Лось?\nЛинч: Ёжик\n> Ведущий\n",
    "signature_fr": f"{NEW}\n\nEnvoyé de mon iPhone\n\nLe 4 déc. 2026 à 15:19, Ведущий <host@example.org> a écrit :\n\n"
                    "> Лечу Лося.\n> Линч: Лось\n",
}


def _plain_letter(body: str) -> bytes:
    return (
        "From: =?utf-8?B?" + base64.b64encode("Кузя".encode()).decode() + "?= <kuzya@example.org>\r\n"
        "To: host@example.org\r\nSubject: Re: Day 1\r\nMessage-ID: <q@example.org>\r\n"
        "Date: Fri, 04 Dec 2026 15:30:00 +0300\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    ).encode("ascii") + base64.encodebytes(body.replace("\n", "\r\n").encode("utf-8"))


# --------------------------------------------------------------------------- HTML-only layouts

_NEW_HTML = "<div>Лечу Бобра.</div><div>Линч: Ёжик</div>"
_OLD_HTML = "<div>Лечу Лося.</div><div>Линч: Лось</div>"

HTML = {
    "gmail": f"<div dir=\"ltr\">{_NEW_HTML}</div><br><div class=\"gmail_quote gmail_quote_container\">"
             "<div dir=\"ltr\" class=\"gmail_attr\">пт, 4 дек. 2026&nbsp;г. в 15:19, Ведущий &lt;"
             "<a href=\"mailto:host@example.org\">host@example.org</a>&gt;:<br></div>"
             f"<blockquote class=\"gmail_quote\" style=\"margin:0px 0px 0px 0.8ex\">{_OLD_HTML}</blockquote></div>",
    "gmail_bottom_posted": "<div class=\"gmail_quote\"><div class=\"gmail_attr\">On Fri, Dec 4, 2026 at "
                           "3:19 PM Host &lt;host@example.org&gt; wrote:<br></div><blockquote class=\"gmail_quote\">"
                           f"{_OLD_HTML}</blockquote></div><div><br></div>{_NEW_HTML}",
    # answered between the quoted paragraphs: Gmail keeps the player's lines inside its
    # gmail_quote div, between the blockquotes
    "gmail_interleaved": "<div dir=\"ltr\"><br></div><div class=\"gmail_quote gmail_quote_container\">"
                         "<div dir=\"ltr\" class=\"gmail_attr\">пт, 4 дек. 2026&nbsp;г. в 15:19, Ведущий "
                         "&lt;host@example.org&gt;:<br></div><blockquote class=\"gmail_quote\"><div>Кого лечите? "
                         "Вчера: Лечу Лося.</div></blockquote><div>Лечу Бобра.</div><blockquote class=\"gmail_quote\">"
                         "<div>Кого на линч? Вчера: Линч: Лось</div></blockquote><div>Линч: Ёжик</div></div>",
    "gmail_no_blockquote": f"<div dir=\"ltr\">{_NEW_HTML}</div><div class=\"gmail_quote\">{_OLD_HTML}</div>",
    "yahoo": f"<html><body><div class=\"ydp3f0c1a2byahoo-style-wrap\">{_NEW_HTML}</div><div><br></div>"
             "<div id=\"ydp5a7e9c1dyahoo_quoted_4477120931\" class=\"ydp5a7e9c1dyahoo_quoted\">"
             "<div style=\"font-family:Helvetica\"><div>On Friday, December 4, 2026 at 03:19:00 PM GMT+3, "
             f"Host <host@example.org> wrote:</div><div><br></div><div><div dir=\"ltr\">{_OLD_HTML}</div></div>"
             "</div></div></body></html>",
    "hotmail": f"<html><body class='hmmessage'><div dir='ltr'>{_NEW_HTML}<div><br><div>"
               "<hr id=\"stopSpelling\">Date: Fri, 4 Dec 2026 15:19:00 +0300<br>Subject: Ход<br>"
               f"From: host@example.org<br>To: kuzya@example.org<br><br><div dir=\"ltr\">{_OLD_HTML}"
               "</div></div></div></div></body></html>",
    "outlook_com": f"<html><body><div dir=\"ltr\">{_NEW_HTML}</div><div id=\"appendonsend\"></div>"
                   "<hr style=\"display:inline-block;width:98%\" tabindex=\"-1\"><div id=\"divRplyFwdMsg\" dir=\"ltr\">"
                   "<font face=\"Calibri\"><b>От:</b> Ведущий &lt;host@example.org&gt;<br><b>Отправлено:</b> "
                   "4 декабря 2026 г. 15:19<br><b>Кому:</b> Кузя<br><b>Тема:</b> Ход</font><div>&nbsp;</div></div>"
                   f"<div>{_OLD_HTML}</div></body></html>",
    "outlook_forwarded_copy": f"<div>{_NEW_HTML}</div><hr><div id=\"x_divRplyFwdMsg\"><b>From:</b> Host"
                              f"</div><div>{_OLD_HTML}</div>",
    "outlook_desktop": f"<html><body lang=RU><div class=WordSection1><p class=MsoNormal>Лечу Бобра.</p>"
                       "<p class=MsoNormal>Линч: Ёжик</p><p class=MsoNormal>&nbsp;</p>"
                       "<div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'>"
                       "<p class=MsoNormal><b>From:</b> Host &lt;host@example.org&gt;<br><b>Sent:</b> "
                       "Friday, December 4, 2026 3:19 PM</p></div>"
                       "<p class=MsoNormal>Лечу Лося.</p><p class=MsoNormal>Линч: Лось</p></div></body></html>",
    "windows_mail": f"<div dir=\"ltr\">{_NEW_HTML}<div style=\"padding-top: 5px; border-top-color: rgb(229, 229, 229); "
                    "border-top-width: 1px; border-top-style: solid;\"><div><font><b>От:</b>&nbsp;"
                    "<a href=\"mailto:host@example.org\">Ведущий</a><br><b>Отправлено:</b>&nbsp;пятница, 4 декабря "
                    "2026 г. 15:19<br><b>Кому:</b>&nbsp;Кузя</font></div></div><div><br></div>"
                    f"<div>{_OLD_HTML}</div></div>",
    "thunderbird": f"<html><body><p>Лечу Бобра.<br>Линч: Ёжик</p><div class=\"moz-cite-prefix\">04.12.2026 15:19, "
                   "Ведущий пишет:<br></div><blockquote type=\"cite\" cite=\"mid:day@example.org\">"
                   f"{_OLD_HTML}</blockquote></body></html>",
    "thunderbird_interleaved": "<div class=\"moz-cite-prefix\">On 04.12.2026 15:19, Host wrote:<br></div>"
                               "<blockquote type=\"cite\">Кого лечите? Лечу Лося?</blockquote>"
                               "<p>Лечу Бобра.</p><blockquote type=\"cite\">Кого на линч? Линч: Лось?</blockquote>"
                               "<p>Линч: Ёжик</p>",
    "apple": f"<html><body style=\"word-wrap: break-word;\">{_NEW_HTML}<div><br><blockquote type=\"cite\">"
             "<div>On 4 Dec 2026, at 15:19, Host &lt;host@example.org&gt; wrote:</div><br "
             f"class=\"Apple-interchange-newline\"><div>{_OLD_HTML}</div></blockquote></div><br></body></html>",
    "apple_bottom_posted": "<html><body><div><blockquote type=\"cite\"><div>On 4 Dec 2026, at 15:19, Host "
                           f"&lt;host@example.org&gt; wrote:</div>{_OLD_HTML}</blockquote></div><br>{_NEW_HTML}"
                           "</body></html>",
    "mailru": f"<HTML><BODY>{_NEW_HTML}<br><br>Пятница, 4 декабря 2026, 15:19 +03:00 от Ведущий &lt;"
              "host@example.org&gt;:<br><blockquote style=\"border-left:1px solid #0857A6; margin:10px; "
              f"padding:0 0 0 10px;\"><div id=\"\"><div class=\"js-helper js-readmsg-msg\">{_OLD_HTML}"
              "</div></div></blockquote><br></BODY></HTML>",
    "mailru_bottom_posted": "<HTML><BODY>Пятница, 4 декабря 2026, 15:19 +03:00 от Ведущий &lt;host@example.org&gt;:"
                            f"<br><blockquote>{_OLD_HTML}</blockquote><br>{_NEW_HTML}</BODY></HTML>",
    "yandex": f"<div>{_NEW_HTML}</div><div> </div><div>04.12.2026, 15:19, \"Ведущий\" &lt;host@example.org&gt;:</div>"
              f"<blockquote>{_OLD_HTML}</blockquote>",
    "unclosed_quote": f"<div>{_NEW_HTML}</div><blockquote><div>{_OLD_HTML}",
}


def _html_letter(html: str) -> bytes:
    return (
        "From: kuzya@example.org\r\nTo: host@example.org\r\nSubject: Re: Day 1\r\n"
        "Message-ID: <h@example.org>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    ).encode("ascii") + base64.encodebytes(html.encode("utf-8"))


def _moves(body: str, event: str) -> tuple[list[dict], list[str]]:
    state = GameState.new(1, ROSTER)
    result = parse_letter(body, SENDER, state, TurnInfo(day=1, event=event))
    return sorted((m.to_json() for m in result.moves), key=json.dumps), [p.kind for p in result.problems]


@pytest.mark.parametrize("event", ["none", "rage"])
@pytest.mark.parametrize("name", sorted(PLAIN))
def test_plain_text_layout_only_new_moves_count(name, event):
    letter = decode(_plain_letter(PLAIN[name]))
    assert "Лося" not in letter.body and "Лось" not in letter.body
    assert _moves(letter.body, event) == (EXPECTED, [])


@pytest.mark.parametrize("event", ["none", "rage"])
@pytest.mark.parametrize("name", sorted(HTML))
def test_html_only_layout_only_new_moves_count(name, event):
    letter = decode(_html_letter(HTML[name]))
    assert "Лося" not in letter.body and "Лось" not in letter.body
    assert _moves(letter.body, event) == (EXPECTED, [])
    if name != "windows_mail":  # its quote is marked by text only (the header block), not by HTML
        assert "Лечу Лося" not in letter.full_text  # quoted HTML is not the sender's text either


def test_the_quote_would_be_a_second_vote_on_a_rage_day():
    """Why the layouts matter: a quoted vote read as the sender's is a silent second vote."""
    assert _moves(f"{NEW}\nЛинч: Лось", "rage") == (
        [{"action": "heal", "target": "Бобёр"}, {"action": "vote", "targets": ["Ёжик", "Лось"]}], [])


@pytest.mark.parametrize("text", [
    # ordinary letters that only look like layouts keep their moves
    "Маруська в 21:03 написала:\n«я мирная»\nВрёт! Линч: Ёжик\nЛечу Бобра.",
    "От: Кузи привет всем!\nЛечу Бобра.\nЛинч: Ёжик",
    "Тема: ночь\nЛечу Бобра.\nЛинч: Ёжик",
    "Лечу Бобра.\n- про Лося потом\nЛинч: Ёжик\nБобёр -- не мафия",
])
def test_player_text_that_resembles_a_layout_is_kept(text):
    assert _moves(decode(_plain_letter(text)).body, "rage")[0] == EXPECTED


# --------------------------------------------------------------------------- through a real sync

CONFIG = """\
[game]
name = "Цитаты"
start = "2026-12-04 19:30"
seed = 5
database = "g.db"
[[player]]
nick = "Кузя"
email = "kuzya@example.org"
role = "doctor"
[[player]]
nick = "Бобёр"
email = "bober@example.org"
role = "detective"
[[player]]
nick = "Лось"
email = "los@example.org"
role = "clan1.boss"
[[player]]
nick = "Ёжик"
email = "ezhik@example.org"
role = "civilian"
[[player]]
nick = "Воришка"
email = "vor@example.org"
role = "clan1.thief"
[[player]]
nick = "Serginio"
email = "serg@example.org"
role = "civilian"
""" + folder_sections()
START = datetime(2026, 12, 4, 16, 30, tzinfo=timezone.utc)


def sync_maildir(tmp_path: Path, event: str, layouts: list[tuple[str, bytes]]) -> tuple[dict, list]:
    """Put ``layouts`` ((name, raw letter) pairs) into a Maildir, run a real ``sync`` of a
    fresh game with ``event``; the sync report's states and (nick, moves, problems) of each
    stored letter, in order."""
    (tmp_path / "game.toml").write_text(CONFIG, encoding="utf-8")
    for sub in ("new", "cur", "tmp"):
        (tmp_path / "box" / sub).mkdir(parents=True)
    cfg = load_config(tmp_path / "game.toml")
    store = Store(cfg.database_url)
    try:
        init_game(cfg, store, now=START - timedelta(hours=1), event=event)
        for n, (name, raw) in enumerate(layouts):
            raw = raw.replace(b"Message-ID: <q@example.org>", f"Message-ID: <{name}@example.org>".encode())
            raw = raw.replace(b"Message-ID: <h@example.org>", f"Message-ID: <{name}@example.org>".encode())
            at = START + timedelta(hours=1, minutes=n)
            (tmp_path / "box" / "new" / f"{int(at.timestamp())}.M{n}P1.test").write_bytes(raw)
        report = sync(cfg, store, now=START + timedelta(hours=3))
        with store.session() as s:
            rows = s.exec(select(Letter).order_by(Letter.id)).all()
            got = [(r.nick, sorted(json.loads(r.moves_json), key=json.dumps), json.loads(r.problems_json))
                   for r in rows]
        return report.states, got
    finally:
        store.dispose()


@pytest.mark.parametrize("event", ["rage", "none"])
def test_sync_of_a_maildir_counts_only_the_new_moves(tmp_path: Path, event):
    layouts = [("outlook_ru", _plain_letter(PLAIN["outlook_ru"])),
               ("gmail_ru_unmarked", _plain_letter(PLAIN["gmail_ru_unmarked"])),
               ("bottom_posted_ru", _plain_letter(PLAIN["bottom_posted_ru"])),
               ("hotmail", _html_letter(HTML["hotmail"])),
               ("apple_bottom_posted", _html_letter(HTML["apple_bottom_posted"])),
               ("yahoo", _html_letter(HTML["yahoo"]))]
    states, got = sync_maildir(tmp_path, event, layouts)
    assert states == {"applied": len(layouts)}
    assert got == [("Кузя", EXPECTED, [])] * len(layouts)
