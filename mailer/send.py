"""Send the host's letters: by SMTP, or into a folder of ``.eml`` files for a mail client.

SMTP follows RFC 5321 with implicit TLS (RFC 8314, "ssl"), STARTTLS (RFC 3207, "starttls")
or no encryption ("none", only to a loopback host). Replies 5xx are permanent failures, 4xx
and lost connections temporary ones (RFC 5321 §4.2.1), so the caller knows whether to retry.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import smtplib
import socket
import ssl
import tempfile
from email.message import EmailMessage
from pathlib import Path

from mailer.fetch import check_tls_mode

__all__ = ["SendError", "send_smtp", "write_to_folder", "eml_name"]

#: Longest file stem made from a Message-ID; longer ids are shortened with a hash.
MAX_STEM = 120


class SendError(Exception):
    """A letter was not sent. The message is Russian, for the host.

    ``permanent``: True when retrying cannot help (5xx reply, rejected login, bad settings),
    False for temporary trouble (4xx reply, connection lost or refused, timeout).
    ``maybe_delivered``: the trouble came while the letter was being handed over, without a
    reply from the server (connection lost or timed out inside MAIL…DATA): the server may have
    taken it (RFC 5321 §4.1.1.4, §6.1), so it must not be resent blindly.
    """

    def __init__(self, message: str, *, permanent: bool, maybe_delivered: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent
        self.maybe_delivered = maybe_delivered


def _reply_text(code: int, message: bytes | str) -> str:
    text = message.decode("utf-8", "replace") if isinstance(message, bytes) else str(message)
    return f"{code} {text}".strip()


@functools.lru_cache(maxsize=1)
def _default_context() -> ssl.SSLContext:
    """The system-trust TLS context, made once per process (loading the CA store costs ~25 ms,
    which a letter-by-letter send paid for every letter)."""
    return ssl.create_default_context()


def _open(host, port, tls, timeout, context):
    """A connected (and for starttls, encrypted) SMTP session."""
    if tls == "ssl":
        return smtplib.SMTP_SSL(host, port, timeout=timeout, context=context)
    smtp = smtplib.SMTP(host, port, timeout=timeout)
    try:
        if tls == "starttls":
            smtp.ehlo()
            smtp.starttls(context=context)
            smtp.ehlo()
    except BaseException:
        smtp.close()
        raise
    return smtp


def _recipients_refused(exc: smtplib.SMTPRecipientsRefused) -> SendError:
    codes = [code for code, _ in exc.recipients.values()]
    detail = "; ".join(f"{rcpt}: {_reply_text(code, msg)}" for rcpt, (code, msg) in exc.recipients.items())
    return SendError(f"Сервер отказался принять получателей: {detail}",
                     permanent=all(500 <= code < 600 for code in codes))


def _translate(exc: Exception, where: str) -> SendError:
    """The SendError for an exception raised while talking to ``where``."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return _recipients_refused(exc)
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return SendError(f"Сервер {where} не принял логин и пароль: {_reply_text(exc.smtp_code, exc.smtp_error)}",
                         permanent=True)
    if isinstance(exc, smtplib.SMTPNotSupportedError):
        return SendError(f"Сервер {where} не поддерживает нужную команду ({exc}): проверьте tls и порт.",
                         permanent=True)
    if isinstance(exc, smtplib.SMTPResponseException):
        permanent = 500 <= exc.smtp_code < 600
        kind = "отказал" if permanent else "временно не принял письмо"
        return SendError(f"Сервер {where} {kind}: {_reply_text(exc.smtp_code, exc.smtp_error)}",
                         permanent=permanent)
    if isinstance(exc, ssl.SSLError):
        return SendError(f"Не удалось установить шифрованное соединение с {where}: {exc}", permanent=True)
    if isinstance(exc, ConnectionRefusedError):
        return SendError(f"Сервер {where} не принимает соединения (отказ в соединении).", permanent=False)
    if isinstance(exc, socket.gaierror):
        return SendError(f"Сервер {where} не найден: проверьте имя сервера.", permanent=True)
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return SendError(f"Сервер {where} не ответил вовремя.", permanent=False)
    if isinstance(exc, (smtplib.SMTPException, OSError)):
        return SendError(f"Связь с сервером {where} прервалась: {exc}", permanent=False)
    return SendError(f"Письмо не отправлено через {where}: {exc}", permanent=True)


class SmtpSender:
    """One SMTP connection for many letters: opened on the first letter, checked with NOOP
    before each next one and opened again if the server closed it meanwhile (nothing of a
    letter has been sent at that point, so this never doubles a letter). After a failed
    letter the connection is dropped and the next letter opens a new one.

    Arguments as :func:`send_smtp`. Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, *, host: str, port: int, tls: str, user: str | None, password: str | None,
                 timeout: float = 30, ssl_context=None) -> None:
        try:
            check_tls_mode(tls, host, ValueError)
        except ValueError as exc:
            raise SendError(str(exc), permanent=True) from None
        self.host, self.port, self.tls, self.timeout = host, port, tls, timeout
        self.user, self.password = user, password
        self.context = ssl_context if ssl_context is not None or tls == "none" else _default_context()
        self.where = f"{host}:{port}"
        self._smtp: smtplib.SMTP | None = None

    def _connect(self) -> smtplib.SMTP:
        try:
            smtp = _open(self.host, self.port, self.tls, self.timeout, self.context)
        except Exception as exc:
            raise _translate(exc, self.where) from exc
        try:
            if self.user:
                smtp.login(self.user, self.password or "")
        except Exception as exc:
            smtp.close()
            raise _translate(exc, self.where) from exc
        return smtp

    def _alive(self) -> bool:
        try:
            return self._smtp is not None and self._smtp.noop()[0] == 250
        except Exception:
            return False

    def _ready(self) -> smtplib.SMTP:
        if not self._alive():
            self.close()
            self._smtp = self._connect()
        return self._smtp

    def offers_smtputf8(self) -> bool:
        """Whether the server takes addresses in UTF-8 (RFC 6531 SMTPUTF8); connects first.
        Raises SendError as :meth:`send`."""
        smtp = self._ready()
        try:
            smtp.ehlo_or_helo_if_needed()
        except Exception as exc:
            self.close()
            raise _translate(exc, self.where) from exc
        return bool(smtp.has_extn("smtputf8"))

    def send(self, msg: EmailMessage) -> None:
        """Send one letter. Raises SendError (see :class:`SendError`)."""
        self._ready()
        try:
            self._smtp.send_message(msg)
        except Exception as exc:
            self.close()
            error = _translate(exc, self.where)
            error.maybe_delivered = not error.permanent and not isinstance(
                exc, (smtplib.SMTPResponseException, smtplib.SMTPRecipientsRefused))
            raise error from exc

    def close(self) -> None:
        if self._smtp is None:
            return
        try:
            self._smtp.quit()
        except Exception:
            self._smtp.close()
        self._smtp = None

    def __enter__(self) -> "SmtpSender":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def send_smtp(msg: EmailMessage, *, host: str, port: int, tls: str, user: str | None,
              password: str | None, timeout: float = 30, ssl_context=None) -> None:
    """Send ``msg`` to its To/Cc/Bcc recipients through the SMTP server ``host``:``port``.

    ``tls``: "ssl", "starttls" or "none" (allowed only to 127.x, ::1, localhost). ``user`` and
    ``password``: AUTH credentials, or None to send without logging in. ``timeout``: seconds
    per network operation. ``ssl_context``: default ``ssl.create_default_context()`` (made once
    per process; not made at all for "none").
    Non-ASCII addresses use SMTPUTF8 when the server offers it (smtplib does this).

    Raises SendError (Russian, ``.permanent`` as described there); raises it with
    permanent=True for an invalid ``tls`` or plain text to a remote host.
    """
    with SmtpSender(host=host, port=port, tls=tls, user=user, password=password,
                    timeout=timeout, ssl_context=ssl_context) as sender:
        sender.send(msg)


def eml_name(msg: EmailMessage) -> str:
    """File name ``<safe Message-ID>.eml`` for ``msg``; by content hash if it has no id.

    Characters other than letters, digits and ``._@+-`` become "_"; a long id is cut and
    suffixed with a short hash so different ids stay different.
    """
    raw_id = str(msg.get("Message-ID", "") or "").strip().strip("<>").strip()
    if not raw_id:
        return "sha256-" + hashlib.sha256(msg.as_bytes()).hexdigest()[:32] + ".eml"
    stem = re.sub(r"[^A-Za-z0-9._@+-]", "_", raw_id).lstrip(".") or "_"
    if len(stem) > MAX_STEM or stem != raw_id:
        digest = hashlib.sha256(raw_id.encode("utf-8", "surrogateescape")).hexdigest()[:12]
        stem = f"{stem[:MAX_STEM]}-{digest}"
    return stem + ".eml"


def write_to_folder(msg: EmailMessage, folder: str | Path) -> Path:
    """Write ``msg`` atomically to ``folder``/<safe Message-ID>.eml and return the path.

    The folder is created if missing. The bytes go to a temporary file in the same folder,
    are flushed to disk, then renamed over the target (``os.replace``), so a reader never sees
    half a letter. Writing the same Message-ID again replaces the file: idempotent.
    Raises SendError (permanent) when the folder cannot be written.
    """
    target_dir = Path(folder)
    target = target_dir / eml_name(msg)
    tmp_name = None
    try:
        target_dir.mkdir(parents=True, exist_ok=True)
        data = msg.as_bytes()
        fd, tmp_name = tempfile.mkstemp(prefix=".tmp-", suffix=".eml", dir=target_dir)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp_name, target)
        tmp_name = None
    except OSError as exc:
        raise SendError(f"Не удалось записать письмо в папку {target_dir}: {exc}", permanent=True) from exc
    finally:
        if tmp_name is not None:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass
    return target
