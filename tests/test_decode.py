"""decode(), strip_quotes(), html_to_text() on small literal letters of every awkward kind."""

from __future__ import annotations

import base64
from datetime import datetime, timedelta, timezone

import pytest

from mailer.decode import DecodedLetter, decode, decode_text, html_to_text, strip_quotes

# ---------------------------------------------------------------------------------------------
# strip_quotes
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "attribution",
    [
        "12 дек. 2026 г., в 10:00, Иван <a@b.c>:",
        "пн, 7 дек. 2026 г. в 21:03, Маруська <marus@example.ru>:",
        "On Mon, Dec 7, 2026 at 9:03 PM X <a@b.example> wrote:",
        "7.12.2026 21:03, Маруська пишет:",
        "Понедельник, 7 декабря 2026, 21:03 +03:00 от Ведущий <host@example.org>:",
        "07.12.2026, 21:03, \"Ведущий\" <host@example.org>:",
        "7 дек. 2026 г., в 21:03, Ведущий <host@example.org> написал(а):",
        "Вы писали 7 декабря 2026 г., 21:03:",
        "On 12/7/26 9:03 PM, Host wrote:",
    ],
)
def test_strip_quotes_attribution_one_line(attribution):
    text = f"Лечу Буку.\nЛинч: Serginio\n\n{attribution}\n> Ваши ходы?\n> Ведущий\n"
    assert strip_quotes(text) == "Лечу Буку.\nЛинч: Serginio"


def test_strip_quotes_attribution_two_lines():
    text = (
        "Шизю Буку\n\n"
        "пн, 7 дек. 2026 г. в 21:03, Ведущий мафии <\n"
        "host@example.org>:\n\n"
        "> Начался день 2\n"
    )
    assert strip_quotes(text) == "Шизю Буку"
    text_en = "Heal Buka\n\nOn Mon, Dec 7, 2026 at 9:03 PM Host Of The Game <host@example.org>\nwrote:\n> hi\n"
    assert strip_quotes(text_en) == "Heal Buka"


def test_strip_quotes_inline_reply_keeps_answers_between_quotes():
    text = "7.12.2026 21:03, Ведущий пишет:\n> Кого лечите?\nБуку\n> Кого линчуете?\nSerginio\n"
    # a question with a move word of the lexicon stays as the bare answer's heading
    # (tests/test_quote_form.py); «линчуете» is none of its words
    assert strip_quotes(text) == "Кого лечите: Буку\nSerginio"


@pytest.mark.parametrize(
    "marker",
    [
        "-----Исходное сообщение-----",
        "-----Original Message-----",
        "-------- Пересылаемое сообщение --------",
        "---------- Forwarded message ---------",
    ],
)
def test_strip_quotes_cuts_at_markers(marker):
    text = f"Проверяю Ягуарчика\n\n{marker}\nОт: Бука\nЛечу себя\n"
    assert strip_quotes(text) == "Проверяю Ягуарчика"


def test_strip_quotes_outlook_blocks():
    en = "Rob Buka\n\nFrom: Host <host@example.org>\nSent: Monday, December 7, 2026 9:03 PM\nTo: me\nSubject: Day 2\n\nMoves?\n"
    ru = ("Граблю Буку\n________________________________\nОт: Ведущий <host@example.org>\n"
          "Отправлено: 7 декабря 2026 г. 21:03\nКому: я\nТема: День 2\n\nЛечу Буку\n")
    flat = ("Граблю Буку\nОт: Ведущий <host@example.org> Отправлено: 7 декабря 2026 г. 21:03 "
            "Кому: я Тема: День 2\nЛечу Буку\n")
    assert strip_quotes(en) == "Rob Buka"
    assert strip_quotes(ru) == "Граблю Буку"
    assert strip_quotes(flat) == "Граблю Буку"


def test_strip_quotes_signatures():
    assert strip_quotes("Лечу Буку\n-- \nВася Пупкин\nтел. 123\n") == "Лечу Буку"
    assert strip_quotes("Лечу Буку\n--\nВася\n") == "Лечу Буку"
    assert strip_quotes("Лечу Буку\n\nОтправлено с iPhone\n") == "Лечу Буку"
    assert strip_quotes("Линч: Бука\n\nОтправлено из мобильной Почты Mail.ru\n") == "Линч: Бука"
    assert strip_quotes("Линч: Бука\nОтправлено с помощью Яндекс.Почты\n") == "Линч: Бука"
    assert strip_quotes("Линч: Бука\nSent from my iPhone\n") == "Линч: Бука"
    assert strip_quotes("Линч: Бука\nGet Outlook for Android\n") == "Линч: Бука"


def test_strip_quotes_keeps_dash_lists_and_inline_double_dash():
    text = "Ходы:\n- лечу Буку\n— линч: Serginio\n-- проверяю Ягуарчика\nБука -- мафия, точно"
    assert strip_quotes(text) == text


def test_strip_quotes_normalises_line_ends_and_blank_runs():
    assert strip_quotes("\r\n\r\nЛечу Буку\r\n\r\n\r\n\r\nЛинч: X\r\n\r\n") == "Лечу Буку\n\nЛинч: X"


# ---------------------------------------------------------------------------------------------
# html_to_text
# ---------------------------------------------------------------------------------------------


def test_html_to_text_blocks_entities_and_drops():
    html = (
        "<html><head><title>t</title><style>p{color:red}</style></head><body>"
        "<div>Лечу&nbsp;Буку</div><p>Линч: Serginio&amp;Co</p>строка<br>ещё<br/>"
        "<script>alert(1)</script>"
        "<blockquote>&gt; старый ход: лечу себя</blockquote>"
        "<ul><li>проверяю Ягуарчика</li></ul></body></html>"
    )
    assert html_to_text(html) == (
        "Лечу Буку\nЛинч: Serginio&Co\nстрока\nещё\n- проверяю Ягуарчика"
    )


def test_html_to_text_gmail_blank_line_and_pre():
    html = "<div>Лечу Буку</div><div><br></div><div>Линч: X</div><pre>a  b\nc</pre>"
    assert html_to_text(html) == "Лечу Буку\n\nЛинч: X\na  b\nc"


def test_html_to_text_nested_blockquote_and_broken_markup():
    html = "Мой ход<blockquote>a<blockquote>b</blockquote>c</blockquote>конец <b>жирный</i> &lt;x&gt;"
    assert html_to_text(html) == "Мой ходконец жирный <x>"


# ---------------------------------------------------------------------------------------------
# Literal letters
# ---------------------------------------------------------------------------------------------

PLAIN_UTF8 = (
    "From: =?utf-8?B?0JzQsNGA0YPRgdGM0LrQsA==?= <Marus@Example.RU>\r\n"
    "To: Host <host@example.org>, other@example.org\r\n"
    "Subject: =?utf-8?Q?=D0=A5=D0=BE=D0=B4_=D0=B4=D0=BD=D1=8F_2?=\r\n"
    "Date: Mon, 07 Dec 2026 21:03:00 +0300\r\n"
    "Message-ID: <abc123@mail.example.ru>\r\n"
    "In-Reply-To: <day2@host.example.org>\r\n"
    "References: <day1@host.example.org> <day2@host.example.org>\r\n"
    "MIME-Version: 1.0\r\n"
    "Content-Type: text/plain; charset=utf-8\r\n"
    "Content-Transfer-Encoding: 8bit\r\n"
    "\r\n"
    "Шизю Буку. Линч: Serginio\r\n"
    "\r\n"
    "7.12.2026 19:30, Ведущий пишет:\r\n"
    "> Лечу Буку\r\n"
).encode("utf-8")


def test_plain_utf8_letter():
    letter = decode(PLAIN_UTF8)
    assert isinstance(letter, DecodedLetter)
    assert letter.message_id == "abc123@mail.example.ru"
    assert letter.from_addr == "marus@example.ru"
    assert letter.from_name == "Маруська"
    assert letter.to_addrs == ["host@example.org", "other@example.org"]
    assert letter.subject == "Ход дня 2"
    assert letter.date_header == datetime(2026, 12, 7, 18, 3, tzinfo=timezone.utc)
    assert letter.date_header.utcoffset() == timedelta(hours=3)
    assert letter.in_reply_to == "day2@host.example.org"
    assert letter.references == ["day1@host.example.org", "day2@host.example.org"]
    assert letter.body == "Шизю Буку. Линч: Serginio"
    assert letter.full_text.startswith("Шизю Буку. Линч: Serginio\n\n7.12.2026 19:30, Ведущий пишет:")
    assert "> Лечу Буку" in letter.full_text
    assert letter.auto is None and letter.auth_failed is None
    assert letter.attachments_read == [] and letter.attachments_ignored == []
    assert letter.notes == []
    assert letter.unreadable is False


def _letter(headers: str, body: bytes) -> bytes:
    return headers.replace("\n", "\r\n").encode("utf-8") + b"\r\n" + body


def test_cp1251_bytes_labelled_koi8r():
    raw = _letter(
        "From: bukа@example.ru\nMessage-ID: <w1@x>\nContent-Type: text/plain; charset=koi8-r\n"
        "Content-Transfer-Encoding: 8bit\n".replace("а", "a"),
        "Лечу Буку, линчую Маруську".encode("cp1251"),
    )
    letter = decode(raw)
    assert letter.body == "Лечу Буку, линчую Маруську"
    assert any("koi8-r" in n and "cp1251" in n for n in letter.notes)


def test_utf8_labelled_windows1251():
    raw = _letter(
        "From: a@example.ru\nContent-Type: text/plain; charset=windows-1251\n",
        "Проверяю Ягуарчика".encode("utf-8"),
    )
    letter = decode(raw)
    assert letter.body == "Проверяю Ягуарчика"
    assert any("UTF-8" in n for n in letter.notes)


@pytest.mark.parametrize("label", ["cp-1251", "x-unknown", "Windows1251", ""])
def test_unknown_or_misspelled_charset_names(label):
    ctype = f"text/plain; charset={label}" if label else "text/plain"
    raw = _letter(f"From: a@example.ru\nContent-Type: {ctype}\n", "ВСЕ ЛИНЧУЕМ БУКУ".encode("cp1251"))
    assert decode(raw).body == "ВСЕ ЛИНЧУЕМ БУКУ"


def test_koi8r_all_lower_case_declared_correctly():
    raw = _letter("From: a@example.ru\nContent-Type: text/plain; charset=koi8-r\n",
                  "граблю буку".encode("koi8_r"))
    letter = decode(raw)
    assert letter.body == "граблю буку"
    assert letter.notes == []


def test_raw_8bit_cyrillic_headers():
    raw = (
        "From: Маруська <marus@example.ru>\r\nSubject: Ход на ночь\r\n".encode("cp1251")
        + b"Content-Type: text/plain; charset=windows-1251\r\n\r\n"
        + "Шизю Буку".encode("cp1251")
    )
    letter = decode(raw)
    assert letter.from_name == "Маруська"
    assert letter.from_addr == "marus@example.ru"
    assert letter.subject == "Ход на ночь"
    assert letter.body == "Шизю Буку"


def test_encoded_word_split_inside_a_character():
    word = "Маруська".encode("utf-8")
    # "М" is two bytes; split the name between them and across encoded words
    first, second = word[:1], word[1:]
    enc = lambda b: base64.b64encode(b).decode()  # noqa: E731
    raw = _letter(
        f"From: =?UTF-8?B?{enc(first)}?=\n =?utf-8?B?{enc(second)}?= <m@example.ru>\n"
        "Subject: =?koi8-r?Q?=F0=D2=C9=D7=C5=D4?=\n\n", "текст".encode("utf-8"))
    letter = decode(raw)
    assert letter.from_name == "Маруська"
    assert letter.subject == "Привет"


def test_unterminated_quoted_from_falls_back_to_raw():
    raw = _letter('From: "Бука <buka@example.ru>\nMessage-ID: <odd id with spaces\n'
                  .replace("Бука", "Buka"), b"Lechu\r\n")
    letter = decode(raw)
    assert letter.from_addr == "buka@example.ru"
    assert letter.message_id.startswith("sha256:")
    assert len(letter.message_id) == len("sha256:") + 64
    assert letter.body == "Lechu"
    assert any("Message-ID" in n for n in letter.notes)


def test_message_id_without_brackets_and_missing():
    assert decode(_letter("From: a@b.example\nMessage-ID: plain-id@x.example\n", b"x")).message_id \
        == "plain-id@x.example"
    raw = _letter("From: a@b.example\n", b"x")
    import hashlib

    assert decode(raw).message_id == "sha256:" + hashlib.sha256(raw).hexdigest()


@pytest.mark.parametrize(
    "date,expected",
    [
        ("", None),
        ("вчера вечером", None),
        # RFC 5322 §3.3: «-0000» is Universal Time, the sender's own zone unknown
        ("Mon, 07 Dec 2026 21:03:00 -0000", datetime(2026, 12, 7, 21, 3, tzinfo=timezone.utc)),
        ("Mon, 07 Dec 2026 21:03:00", None),
        ("Fri, 01 Jan 2100 00:00:00 +0000", datetime(2100, 1, 1, tzinfo=timezone.utc)),
    ],
)
def test_date_header_variants(date, expected):
    head = "From: a@b.example\n" + (f"Date: {date}\n" if date else "")
    assert decode(_letter(head, b"x")).date_header == expected


def test_html_only_letter():
    raw = _letter(
        "From: a@b.example\nContent-Type: text/html; charset=utf-8\n",
        "<div>Лечу Буку</div><div><br></div><div class=gmail_quote>"
        "<div>пн, 7 дек. 2026 г. в 21:03, Ведущий &lt;host@example.org&gt;:<br></div>"
        "<blockquote>Ваш ход? Лечу себя</blockquote></div>".encode("utf-8"),
    )
    letter = decode(raw)
    assert letter.body == "Лечу Буку"
    assert "Лечу себя" not in letter.full_text
    assert any("HTML" in n for n in letter.notes)


ALTERNATIVE_EMPTY_PLAIN = (
    b"From: a@b.example\r\nMIME-Version: 1.0\r\n"
    b'Content-Type: multipart/alternative; boundary="b1"\r\n\r\n'
    b"--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n \r\n"
    b"--b1\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    + base64.encodebytes("<p>Граблю Буку</p>".encode("utf-8"))
    + b"--b1--\r\n"
)


def test_alternative_with_empty_plain_uses_html():
    assert decode(ALTERNATIVE_EMPTY_PLAIN).body == "Граблю Буку"


ALTERNATIVE_BOTH = (
    b"From: a@b.example\r\nMIME-Version: 1.0\r\n"
    b'Content-Type: multipart/alternative; boundary="b1"\r\n\r\n'
    b"--b1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
    b"=D0=9B=D0=B5=D1=87=D1=83 =D0=91=D1=83=D0=BA=D1=83\r\n"
    b"--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>HTML version</p>\r\n"
    b"--b1--\r\n"
)


def test_alternative_prefers_plain():
    letter = decode(ALTERNATIVE_BOTH)
    assert letter.body == "Лечу Буку"
    assert letter.notes == []


FORWARD_RFC822 = (
    b"From: fan@b.example\r\nMIME-Version: 1.0\r\nMessage-ID: <fw@b.example>\r\n"
    b'Content-Type: multipart/mixed; boundary="m"\r\n\r\n'
    b"--m\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
    + "Ищу комиссара: Бука".encode("utf-8") + b"\r\n"
    b"--m\r\nContent-Type: message/rfc822\r\n\r\n"
    b"From: doc@b.example\r\nSubject: x\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
    + "Лечу Маруську".encode("utf-8") + b"\r\n"
    b"--m--\r\n"
)


def test_forwarded_rfc822_part_not_credited():
    letter = decode(FORWARD_RFC822)
    assert letter.body == "Ищу комиссара: Бука"
    assert "Маруську" not in letter.full_text
    assert any("пересланное письмо" in n for n in letter.notes)


def test_inline_forward_not_credited():
    raw = _letter("From: a@b.example\nContent-Type: text/plain; charset=utf-8\n",
                  "Смотри, что мне прислали\n\n-------- Пересылаемое сообщение --------\n"
                  "07.12.2026, 21:03, \"Доктор\" <doc@b.example>:\nЛечу Буку\n".encode("utf-8"))
    letter = decode(raw)
    assert letter.body == "Смотри, что мне прислали"
    assert any("пересланный текст" in n for n in letter.notes)


WITH_ATTACHMENTS = (
    b"From: a@b.example\r\nMIME-Version: 1.0\r\n"
    b'Content-Type: multipart/mixed; boundary="zz"\r\n\r\n'
    b"--zz\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
    + "Линч: Бука".encode("utf-8") + b"\r\n"
    b'--zz\r\nContent-Type: text/plain; charset=windows-1251\r\nContent-Disposition: attachment; filename="hody.txt"\r\n\r\n'
    + "Проверяю Ягуарчика\r\n-- \r\nподпись".encode("cp1251") + b"\r\n"
    b'--zz\r\nContent-Type: image/jpeg\r\nContent-Disposition: attachment; filename="=?utf-8?B?'
    + base64.b64encode("фото.jpg".encode("utf-8")) + b'?="\r\nContent-Transfer-Encoding: base64\r\n\r\n/9j/4AAQ\r\n'
    b"--zz\r\nContent-Type: application/pdf; name=rules.pdf\r\n\r\n%PDF\r\n"
    b"--zz--\r\n"
)


def test_txt_attachment_read_others_listed():
    letter = decode(WITH_ATTACHMENTS)
    assert letter.body == "Линч: Бука\n\nПроверяю Ягуарчика"
    assert letter.attachments_read == ["hody.txt"]
    assert letter.attachments_ignored == ["фото.jpg", "rules.pdf"]
    assert "подпись" in letter.full_text and "подпись" not in letter.body


@pytest.mark.parametrize(
    "header,reason_part",
    [
        ("Auto-Submitted: auto-replied", "Auto-Submitted"),
        ("Precedence: bulk", "Precedence: bulk"),
        ("Precedence: junk", "Precedence: junk"),
        ("X-Autoreply: yes", "X-Autoreply"),
        ("X-Autorespond: Я в отпуске".encode("utf-8").decode("latin-1"), "X-Autorespond"),
        ("Return-Path: <>", "Return-Path"),
    ],
)
def test_auto_reply_headers(header, reason_part):
    raw = ("From: a@b.example\r\n" + header + "\r\n\r\nЯ в отпуске").encode("latin-1", "replace")
    assert reason_part in (decode(raw).auto or "")


def test_not_auto_reply():
    raw = _letter("From: a@b.example\nAuto-Submitted: no\nPrecedence: first-class\nReturn-Path: <a@b.example>\n", b"hi")
    assert decode(raw).auto is None


def test_bounce_report_and_daemon_sender():
    report = (
        b"From: Mail Delivery System <MAILER-DAEMON@mx.example>\r\n"
        b'Content-Type: multipart/report; report-type=delivery-status; boundary="r"\r\n\r\n'
        b"--r\r\nContent-Type: text/plain\r\n\r\nDelivery failed\r\n"
        b"--r\r\nContent-Type: message/delivery-status\r\n\r\nAction: failed\r\n--r--\r\n"
    )
    letter = decode(report)
    assert letter.auto is not None and "multipart/report" in letter.auto
    daemon = _letter("From: postmaster@mx.example\n", b"undeliverable")
    assert "postmaster@mx.example" in (decode(daemon).auto or "")


def test_authentication_results():
    raw = _letter(
        "From: a@b.example\n"
        "Authentication-Results: mx.example.org; dkim=pass header.d=b.example;\n"
        " spf=fail smtp.mailfrom=b.example; dmarc=fail (p=reject) header.from=b.example\n",
        b"x")
    assert decode(raw).auth_failed == "spf=fail smtp.mailfrom=b.example; dmarc=fail (p=reject) header.from=b.example"
    ok = _letter("From: a@b.example\nAuthentication-Results: mx; dkim=pass; spf=softfail\n", b"x")
    assert decode(ok).auth_failed is None


def test_garbage_is_unreadable_but_does_not_raise():
    letter = decode(b"\x00\x01\x02")
    assert letter.unreadable is True
    assert letter.full_text == "" and letter.from_addr == ""
    assert decode(b"From: a@b.example\r\n\r\n").unreadable is False
    empty = decode(b"")
    assert empty.unreadable is True
    assert empty.message_id == "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_decode_text_ascii_and_empty():
    assert decode_text(b"", "utf-8") == ("", None)
    assert decode_text(b"plain", "x-unknown") == ("plain", None)


def test_authentication_results_only_from_the_receiving_server():
    raw = _letter(
        "From: a@b.example\n"
        "Authentication-Results: mx.host.example; dkim=pass header.d=b.example\n"
        "Authentication-Results: mx.host.example; dmarc=fail header.from=b.example\n"
        "Authentication-Results: relay.other.example; spf=fail smtp.mailfrom=b.example\n",
        b"x")
    assert decode(raw).auth_failed == "dmarc=fail header.from=b.example"


FLOWED = (
    b"From: a@b.example\r\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=no\r\n\r\n"
    + "Лечу \r\nБуку. Линч: \r\nSerginio\r\n From here on\r\n\r\n> Ваш \r\n> ход?\r\n-- \r\nВася\r\n".encode("utf-8")
)


def test_format_flowed_soft_breaks_joined():
    letter = decode(FLOWED)
    assert letter.full_text == "Лечу Буку. Линч: Serginio\nFrom here on\n\n> Ваш ход?\n-- \nВася"
    assert letter.body == "Лечу Буку. Линч: Serginio\nFrom here on"


def test_format_flowed_delsp():
    raw = (b"From: a@b.example\r\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n\r\n"
           + "Прове \r\nряю Ягуарчика\r\n".encode("utf-8"))
    assert decode(raw).body == "Проверяю Ягуарчика"


def test_utf8_label_with_a_broken_byte_and_cp1251_labelled_utf8():
    broken = "Лечу Буку".encode("utf-8")[:-1] + b" and more"
    letter = decode(_letter("From: a@b.example\nContent-Type: text/plain; charset=utf-8\n", broken))
    assert letter.body == "Лечу Бук\ufffd and more"
    assert any("не прочитана" in n for n in letter.notes)
    cp = decode(_letter("From: a@b.example\nContent-Type: text/plain; charset=utf-8\n",
                        "Граблю Маруську".encode("cp1251")))
    assert cp.body == "Граблю Маруську"
    assert any("«utf-8»" in n and "cp1251" in n for n in cp.notes)


@pytest.mark.parametrize(
    "line",
    [
        "Проверяю Буку в 21:03:",
        "Бука пишет, что он доктор:",
        "Линч: Serginio (писал мне на a@b.example)",
        "От: Бука ушёл голос, теперь так:",
        "Ходы на 7.12.2026:",
    ],
)
def test_strip_quotes_keeps_player_lines_that_look_like_headers(line):
    text = f"{line}\nлечу Буку"
    assert strip_quotes(text) == text


def test_message_id_with_stray_brackets_falls_back_to_hash():
    raw = _letter("From: a@b.example\nMessage-ID: <0<>abc123@mail.example.ru>\n", b"x")
    assert decode(raw).message_id.startswith("sha256:")

