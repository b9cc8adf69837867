"""``mafia-mail show``: the letter as it came, readable — header lines as they are with each
encoded word decoded beside it, base64 and quoted-printable bodies decoded part by part —
and ``show --raw``: the stored bytes, every one of them, untouched."""

from __future__ import annotations

import base64
import quopri
from datetime import timedelta

from click.testing import CliRunner

from mailer.cli import main
from test_sync import START, Game

TEXT = "Линч: Бука.\nЛечу Кузю, он хороший.\n"


def _multipart() -> bytes:
    """A letter as webmail sends it: base64 plain part in cp1251, quoted-printable HTML in
    UTF-8, a PNG attachment, an encoded-word subject, and one stray 8-bit byte in a header."""
    plain = base64.encodebytes(TEXT.encode("cp1251"))
    html = quopri.encodestring(f"<p>{TEXT}</p>".encode("utf-8"))
    png = base64.encodebytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    return (b"From: =?utf-8?b?" + base64.b64encode("Маруська".encode()) + b"?= <marusya@example.org>\r\n"
            b"To: host@example.org\r\nSubject: =?utf-8?q?=D0=A5=D0=BE=D0=B4?=\r\n"
            b"Message-ID: <mp@x>\r\nDate: Mon, 07 Dec 2026 21:00:00 +0300\r\nX-Junk: \xff\xfe\r\n"
            b"MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"B1\"\r\n\r\n"
            b"--B1\r\nContent-Type: multipart/alternative; boundary=\"B2\"\r\n\r\n"
            b"--B2\r\nContent-Type: text/plain; charset=windows-1251\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            + plain + b"\r\n--B2\r\nContent-Type: text/html; charset=utf-8\r\n"
            b"Content-Transfer-Encoding: quoted-printable\r\n\r\n" + html + b"\r\n--B2--\r\n"
            b"--B1\r\nContent-Type: image/png; name=\"cat.png\"\r\nContent-Disposition: attachment; "
            b"filename=\"cat.png\"\r\nContent-Transfer-Encoding: base64\r\n\r\n" + png + b"\r\n--B1--\r\n")


def test_show_decodes_the_body_and_raw_gives_every_byte(tmp_path):
    g = Game(tmp_path)
    raw = _multipart()
    g.deliver(raw, START + timedelta(hours=1))
    g.sync()
    config = ["--config", str(tmp_path / "game.toml")]
    runner = CliRunner()
    shown = runner.invoke(main, [*config, "show", "1"])
    assert shown.exit_code == 0, shown.output
    seen = shown.output.split("--- письмо как есть: заголовки и раскодированный текст "
                              f"(байт в байт: mafia-mail --config {tmp_path / 'game.toml'} show 1 --raw) ---\n")[1]
    lines = seen.splitlines()
    assert lines[:3] == ["From: =?utf-8?b?0JzQsNGA0YPRgdGM0LrQsA==?= <marusya@example.org>",
                         "    [From, раскодировано: Маруська <marusya@example.org>]",
                         "To: host@example.org"]
    assert "Subject: =?utf-8?q?=D0=A5=D0=BE=D0=B4?=\n    [Subject, раскодировано: Ход]\n" in seen
    body = seen.split("\n\n", 1)[1]
    assert body == (
        "--- часть 1: text/plain; charset=windows-1251; base64 ---\n" + TEXT.rstrip("\n") + "\n"
        "--- часть 2: text/html; charset=utf-8; quoted-printable ---\n" + f"<p>{TEXT}</p>" + "\n"
        "--- часть 3: image/png; base64 ---\n[вложение «cat.png», 264 байт: не показано]\n")
    assert "0LvQuNC9" not in shown.output and "=D0" not in body  # no base64 / QP left in the body
    exact = runner.invoke(main, [*config, "show", "1", "--raw"])
    assert exact.exit_code == 0
    assert exact.stdout_bytes == raw
    g.store.dispose()


def test_show_of_a_plain_base64_letter_is_its_text(tmp_path):
    """A one-part base64 letter (as the demo's): the body is the text, with no part heading."""
    g = Game(tmp_path)
    raw = (b"From: marusya@example.org\r\nTo: host@example.org\r\nSubject: Hod\r\nMessage-ID: <b64@x>\r\n"
           b"Date: Mon, 07 Dec 2026 21:00:00 +0300\r\nMIME-Version: 1.0\r\n"
           b"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
           + base64.encodebytes(TEXT.encode()))
    g.deliver(raw, START + timedelta(hours=1))
    g.sync()
    shown = CliRunner().invoke(main, ["--config", str(tmp_path / "game.toml"), "show", "1"])
    assert shown.exit_code == 0, shown.output
    assert shown.output.endswith("Content-Transfer-Encoding: base64\n\n" + TEXT)
    g.store.dispose()
