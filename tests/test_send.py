"""send_smtp against real aiosmtpd servers (tests/servers.py) and write_to_folder on disk."""

from __future__ import annotations

import email
import ssl
from email import policy
from email.message import EmailMessage

import pytest

from mailer.send import SendError, eml_name, send_smtp, write_to_folder
from servers import free_port

# the AUTH test server deliberately allows AUTH without TLS (loopback only)
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")

BODY = "Доброе утро, город!\nЛинч: Бука (3 голоса).\nНочью погиб Serginio — он был доктором.\n"


def make_letter(msg_id: str | None = "<day2.news@host.example.org>") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Ведущий мафии <host@example.org>"
    msg["To"] = "Маруська <marus@example.ru>, buka@example.org"
    msg["Cc"] = "serginio@example.org"
    msg["Bcc"] = "archive@example.org"
    msg["Subject"] = "Газета: день 2 — итоги ночи"
    if msg_id:
        msg["Message-ID"] = msg_id
    msg.set_content(BODY)
    return msg


def send(server, msg=None, **kw):
    options = dict(host=server.host, port=server.port, tls="none", user=None, password=None,
                   timeout=10)
    options.update(kw)
    send_smtp(msg or make_letter(), **options)


def test_send_delivers_headers_and_utf8_body(smtp_server):
    send(smtp_server)
    assert len(smtp_server.messages) == 1
    got = smtp_server.messages[0]
    assert got.mail_from == "host@example.org"
    assert sorted(got.rcpt_tos) == sorted(
        ["marus@example.ru", "buka@example.org", "serginio@example.org", "archive@example.org"])
    parsed = email.message_from_bytes(got.data, policy=policy.default)
    assert parsed["Subject"] == "Газета: день 2 — итоги ночи"
    assert parsed["From"].addresses[0].display_name == "Ведущий мафии"
    assert parsed["Message-ID"] == "<day2.news@host.example.org>"
    assert "Bcc" not in parsed  # blind copies stay blind
    assert parsed.get_content().replace("\r\n", "\n") == BODY  # SMTP carries CRLF line ends
    assert parsed.get_content_charset() == "utf-8"


def test_send_with_auth(smtp_auth_server):
    send(smtp_auth_server, user="game@example.org", password="pa55")
    assert len(smtp_auth_server.messages) == 1


def test_wrong_password_is_permanent(smtp_auth_server):
    with pytest.raises(SendError, match="не принял логин и пароль") as err:
        send(smtp_auth_server, user="game@example.org", password="wrong")
    assert err.value.permanent is True
    assert smtp_auth_server.messages == []


def test_auth_required_but_not_given(smtp_auth_server):
    with pytest.raises(SendError) as err:
        send(smtp_auth_server)
    assert err.value.permanent is True
    assert "530" in str(err.value)


@pytest.mark.parametrize(
    "smtp_reject_server,permanent,code",
    [
        (("RCPT", "550 5.1.1 No such user"), True, "550"),
        (("RCPT", "450 4.2.1 Mailbox busy"), False, "450"),
        (("DATA", "554 5.7.1 Spam rejected"), True, "554"),
        (("DATA", "451 4.3.0 Try again later"), False, "451"),
        (("MAIL", "553 5.7.1 Sender not allowed"), True, "553"),
    ],
    indirect=["smtp_reject_server"],
)
def test_server_rejections(smtp_reject_server, permanent, code):
    with pytest.raises(SendError) as err:
        send(smtp_reject_server)
    assert err.value.permanent is permanent
    assert code in str(err.value)
    assert smtp_reject_server.messages == []


def test_connection_refused_is_temporary():
    with pytest.raises(SendError, match="не принимает соединения") as err:
        send_smtp(make_letter(), host="127.0.0.1", port=free_port(), tls="none", user=None,
                  password=None, timeout=5)
    assert err.value.permanent is False


def test_plain_text_only_to_loopback():
    with pytest.raises(SendError, match="только с этим же компьютером") as err:
        send_smtp(make_letter(), host="192.0.2.10", port=25, tls="none", user="u",
                  password="p")
    assert err.value.permanent is True


def test_starttls_not_offered(smtp_server):
    with pytest.raises(SendError) as err:
        send(smtp_server, tls="starttls")
    assert err.value.permanent is True
    assert smtp_server.messages == []


# ---------------------------------------------------------------------------------------------
# write_to_folder
# ---------------------------------------------------------------------------------------------


def test_write_to_folder_atomic_and_idempotent(tmp_path):
    out = tmp_path / "outbox" / "day2"
    path = write_to_folder(make_letter(), out)
    assert path == out / "day2.news@host.example.org.eml"
    parsed = email.message_from_bytes(path.read_bytes(), policy=policy.default)
    assert parsed["Subject"] == "Газета: день 2 — итоги ночи"
    assert parsed.get_content() == BODY
    first = path.read_bytes()
    again = write_to_folder(make_letter(), out)
    assert again == path and again.read_bytes() == first
    assert sorted(p.name for p in out.iterdir()) == ["day2.news@host.example.org.eml"]
    other = write_to_folder(make_letter("<other@host.example.org>"), out)
    assert sorted(p.name for p in out.iterdir()) == [
        "day2.news@host.example.org.eml", "other@host.example.org.eml"]
    assert other.parent == out


def test_eml_name_is_safe():
    evil = make_letter("<../../etc/passwd@x>")
    name = eml_name(evil)
    assert "/" not in name and not name.startswith(".")
    assert name.startswith("_.._etc_passwd@x-") and name.endswith(".eml")
    assert eml_name(make_letter("<a/b@x>")) != eml_name(make_letter("<a_b@x>"))
    no_id = make_letter(None)
    assert eml_name(no_id) == eml_name(make_letter(None))
    assert eml_name(no_id).startswith("sha256-")
    long_id = make_letter("<" + "x" * 300 + "@host>")
    assert len(eml_name(long_id)) < 150


def test_write_to_folder_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SendError, match="Не удалось записать письмо") as err:
        write_to_folder(make_letter(), blocker)
    assert err.value.permanent is True


def test_send_over_tls(smtp_tls_server, tls_cert):
    context = ssl.create_default_context(cafile=str(tls_cert[0]))
    send(smtp_tls_server, tls=smtp_tls_server.tls, ssl_context=context)
    assert len(smtp_tls_server.messages) == 1
    parsed = email.message_from_bytes(smtp_tls_server.messages[0].data, policy=policy.default)
    assert parsed["Subject"] == "Газета: день 2 — итоги ночи"


def test_untrusted_certificate_is_permanent(smtp_tls_server):
    with pytest.raises(SendError, match="шифрованное соединение") as err:
        send(smtp_tls_server, tls=smtp_tls_server.tls)  # system CAs only
    assert err.value.permanent is True
    assert "CERTIFICATE_VERIFY_FAILED" in str(err.value)
    assert smtp_tls_server.messages == []


def test_plain_text_refused_by_starttls_only_server(tls_cert):
    from servers import RecordingHandler, SmtpServer

    server = SmtpServer(RecordingHandler(), tls="starttls", cert=tls_cert).start()
    try:
        with pytest.raises(SendError, match="530") as err:
            send(server)
        assert err.value.permanent is True
    finally:
        server.stop()


def test_tls_context_made_once_per_process_and_never_for_plain(smtp_server, monkeypatch):
    """Loading the CA store costs ~25 ms; a game day sends hundreds of letters one by one."""
    import mailer.send as send_module

    made = []
    monkeypatch.setattr(send_module.ssl, "create_default_context",
                        lambda *a, **k: made.append(1) or ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT))
    send_module._default_context.cache_clear()
    for _ in range(3):
        send(smtp_server)
    assert len(smtp_server.messages) == 3 and made == []
    assert send_module._default_context() is send_module._default_context()
    assert made == [1]
    send_module._default_context.cache_clear()


def test_many_letters_over_one_connection(smtp_server):
    from mailer.send import SmtpSender

    with SmtpSender(host=smtp_server.host, port=smtp_server.port, tls="none", user=None,
                    password=None) as sender:
        for i in range(5):
            m = EmailMessage()
            m["From"], m["To"], m["Subject"] = "host@example.org", f"p{i}@example.org", f"Итоги {i}"
            m.set_content(f"Письмо {i}")
            sender.send(m)
    assert [m.rcpt_tos for m in smtp_server.messages] == [[f"p{i}@example.org"] for i in range(5)]
    assert len({m.peer for m in smtp_server.messages}) == 1


def test_timeout_after_data_means_maybe_delivered():
    import asyncio

    from mailer.send import SmtpSender
    from servers import RecordingHandler, SmtpServer

    class SlowAfterData(RecordingHandler):
        async def handle_DATA(self, server, session, envelope):
            await asyncio.sleep(2)  # the letter is in; the final reply comes too late
            return await super().handle_DATA(server, session, envelope)

    server = SmtpServer(SlowAfterData()).start()
    try:
        m = EmailMessage()
        m["From"], m["To"], m["Subject"] = "host@example.org", "p@example.org", "Итоги"
        m.set_content("Письмо")
        with SmtpSender(host=server.host, port=server.port, tls="none", user=None, password=None,
                        timeout=0.5) as sender:
            with pytest.raises(SendError) as err:
                sender.send(m)
        assert err.value.maybe_delivered and not err.value.permanent
    finally:
        server.stop()


def test_refused_connection_is_not_maybe_delivered():
    from mailer.send import SmtpSender

    with pytest.raises(SendError) as err:
        SmtpSender(host="127.0.0.1", port=free_port(), tls="none", user=None, password=None).send(EmailMessage())
    assert not err.value.maybe_delivered and not err.value.permanent
