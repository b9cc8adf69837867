"""Where ``watch`` learns that new mail may have come: IMAP IDLE (RFC 2177), inotify on a
Maildir (:mod:`watchfiles`), or polling; and the backoff between reconnection attempts.

- IMAP: a second connection selects the folder read-only and waits with IDLE (RFC 2177),
  re-issued every :data:`IDLE_RENEW` seconds (the RFC lets a server drop an IDLE after 30
  minutes). Without IDLE in the server's capabilities, or with ``[watch] idle = false``, the
  watch polls every ``[watch] poll`` seconds.
- Maildir: inotify through :mod:`watchfiles` on ``new/`` and ``cur/``; polling where that
  cannot start or with ``idle = false``.

Each source has ``open()``, ``wait(timeout) -> bool`` (True: look for new mail now; raises
:class:`Lost` when the connection is gone), ``describe()`` (Russian, for the log) and
``close()``.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .config import GameConfig

__all__ = ["Lost", "PollSource", "ImapIdleSource", "MaildirSource", "Backoff", "duration_ru",
           "is_setting_error", "IDLE_RENEW", "BACKOFF_START", "BACKOFF_MAX", "SLICE"]

#: Seconds after which an IMAP IDLE is ended and issued again (RFC 2177: at most 29 minutes).
IDLE_RENEW = 29 * 60
#: The first wait before reconnecting after a lost connection, seconds; doubled each failure.
BACKOFF_START = 1.0
#: The longest wait between two reconnection attempts, seconds.
BACKOFF_MAX = 60.0
#: Longest single wait in the loop (seconds): how soon a signal or a due timer is noticed.
SLICE = 0.5


class Lost(Exception):
    """The mailbox connection is gone (server restart, network drop, expired login)."""


class PollSource:
    """No news from the server: say "look" every ``every`` seconds."""

    def __init__(self, every: float, what: str) -> None:
        self.every, self.what = every, what
        self.next = time.monotonic() + every

    def open(self) -> None:
        self.next = time.monotonic() + self.every

    def wait(self, timeout: float) -> bool:
        left = self.next - time.monotonic()
        if left > timeout:
            time.sleep(timeout)
            return False
        time.sleep(max(0.0, left))
        self.next = time.monotonic() + self.every
        return True

    def describe(self) -> str:
        return f"{self.what}, проверка раз в {duration_ru(self.every)}"

    def close(self) -> None:
        pass


class ImapIdleSource:
    """An IMAP connection that waits with IDLE (RFC 2177) on the game's folder (read-only).

    :meth:`open` raises MailboxError when the server cannot be reached and returns False when
    it does not offer IDLE (the caller then polls). :meth:`wait` raises :class:`Lost` when the
    connection is gone.
    """

    def __init__(self, cfg: GameConfig) -> None:
        self.cfg = cfg
        self.client = None
        self.started = 0.0
        self._fast_empty = 0

    def open(self) -> bool:
        from .fetch import _connect_imap, _quiet_logout, _select_readonly, check_tls_mode, MailboxError

        mb = self.cfg.mailbox
        check_tls_mode(mb.tls, mb.host, MailboxError)
        self.close()
        client = _connect_imap(mb.host, mb.port, mb.tls, mb.user, mb.password(), None)
        try:
            if not client.has_capability("IDLE"):
                _quiet_logout(client)
                return False
            _select_readonly(client, mb.folder)
            client.idle()
        except MailboxError:
            _quiet_logout(client)
            raise
        except Exception as exc:  # noqa: BLE001 - any trouble here is a lost connection
            _quiet_logout(client)
            raise MailboxError(f"IDLE на сервере {mb.host}:{mb.port} не начался: {exc}") from exc
        self.client, self.started, self._fast_empty = client, time.monotonic(), 0
        return True

    def wait(self, timeout: float) -> bool:
        client = self.client
        if client is None:
            raise Lost("нет соединения")
        try:
            if time.monotonic() - self.started >= IDLE_RENEW:
                client.idle_done()
                client.idle()
                self.started = time.monotonic()
            began = time.monotonic()
            responses = client.idle_check(timeout=timeout)
        except Exception as exc:  # noqa: BLE001 - socket, TLS or protocol error: reconnect
            raise Lost(str(exc) or type(exc).__name__) from exc
        if any(r and r[0] == b"BYE" for r in responses):
            raise Lost("сервер закрыл соединение (BYE)")
        if not responses and time.monotonic() - began < timeout / 2:
            # the socket was readable but gave no line: the server closed it (EOF)
            self._fast_empty += 1
            if self._fast_empty >= 3:
                raise Lost("сервер закрыл соединение")
        else:
            self._fast_empty = 0
        return any(len(r) > 1 and r[1] in (b"EXISTS", b"RECENT") for r in responses)

    def describe(self) -> str:
        mb = self.cfg.mailbox
        return f"IMAP IDLE, папка {mb.folder} на {mb.host}:{mb.port}"

    def close(self) -> None:
        from .fetch import _quiet_logout

        if self.client is None:
            return
        client, self.client = self.client, None
        try:
            client.idle_done()
        except Exception:  # noqa: BLE001 - the connection may be gone
            pass
        _quiet_logout(client)


class MaildirSource:
    """inotify (through :mod:`watchfiles`) on the Maildir's ``new/`` and ``cur/``."""

    def __init__(self, cfg: GameConfig, stop: threading.Event) -> None:
        self.cfg, self.stop = cfg, stop
        self._changes = None

    def open(self) -> bool:
        """Start watching; False when inotify cannot be used here (the caller then polls)."""
        try:
            import watchfiles
        except ImportError:
            return False
        root = self.cfg.mailbox.path
        folders = [str(root / sub) for sub in ("new", "cur") if (root / sub).is_dir()]
        if not folders:
            return False
        self._changes = watchfiles.watch(
            *folders, watch_filter=None, debounce=200, step=20, stop_event=self.stop,
            rust_timeout=int(SLICE * 1000), yield_on_timeout=True, raise_interrupt=False,
            force_polling=False, recursive=False)
        try:
            next(self._changes)  # starts the watcher (events from now on are seen)
        except StopIteration:
            return True
        except Exception:  # noqa: BLE001 - e.g. the inotify watch limit reached
            self._changes = None
            return False
        return True

    def wait(self, timeout: float) -> bool:
        if self._changes is None:
            raise Lost("наблюдение за папкой прервалось")
        try:
            return bool(next(self._changes))
        except StopIteration:
            return False
        except Exception as exc:  # noqa: BLE001
            self._changes = None
            raise Lost(str(exc)) from exc

    def describe(self) -> str:
        return f"Maildir {self.cfg.mailbox.path}, inotify"

    def close(self) -> None:
        if self._changes is not None:
            self._changes.close()
            self._changes = None


def duration_ru(value: float) -> str:
    """``value`` seconds in Russian for the log: «2 ч», «5 мин», «0.5 с»."""
    if value >= 3600 and value % 3600 == 0:
        return f"{int(value // 3600)} ч"
    if value >= 60 and value % 60 == 0:
        return f"{int(value // 60)} мин"
    return f"{value:g} с"


@dataclass
class Backoff:
    """1 s, 2 s, 4 s … up to BACKOFF_MAX."""

    delay: float = BACKOFF_START

    def next(self) -> float:
        value = self.delay
        self.delay = min(self.delay * 2, BACKOFF_MAX)
        return value

    def reset(self) -> None:
        self.delay = BACKOFF_START



def is_setting_error(exc: Exception) -> bool:
    """True for a MailboxError no reconnecting can cure (wrong login, folder, TLS setting)."""
    text = str(exc)
    return any(word in text for word in ("не принял логин", "не найдена", "не похожа на Maildir",
                                         "Неизвестный режим", "не найден:", "без шифрования"))

