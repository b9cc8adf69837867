"""A real HTTP server on 127.0.0.1 (http.server in a thread) serving a forum topic's pages,
with ETag / Last-Modified validators (304 answers), a fixed ``Date`` per page, injected
errors, and a log of every request."""

from __future__ import annotations

import hashlib
import threading
from datetime import datetime, timezone
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class TopicServer:
    """``pages``: path (with query) → HTML; ``dates``: path → the ``Date`` to send;
    ``fail``: path → how many next requests get a 500; ``validators``: send ETag and
    Last-Modified. ``log``: (path, status) of every request."""

    def __init__(self, validators: bool = True):
        self.pages: dict[str, str] = {}
        self.dates: dict[str, datetime] = {}
        self.fail: dict[str, int] = {}
        self.validators = validators
        self.log: list[tuple[str, int]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            disable_nagle_algorithm = True  # headers and body go out at once (no 40 ms ACK waits)

            def log_message(self, *args):  # quiet
                pass

            def date_time_string(self, timestamp=None):
                at = server.dates.get(self.path)
                return format_datetime(at.astimezone(timezone.utc), usegmt=True) if at else super().date_time_string(timestamp)

            def do_GET(self):
                if server.fail.get(self.path, 0) > 0:
                    server.fail[self.path] -= 1
                    return self._answer(500, b"oops")
                html = server.pages.get(self.path)
                if html is None:
                    return self._answer(404, b"not found")
                body = html.encode("utf-8")
                etag = '"' + hashlib.md5(body).hexdigest() + '"'
                if server.validators and self.headers.get("If-None-Match") == etag:
                    return self._answer(304, b"", etag=etag)
                self._answer(200, body, etag=etag if server.validators else None)

            def _answer(self, status, body, etag=None):
                server.log.append((self.path, status))
                self.send_response(status)
                if etag:
                    self.send_header("ETag", etag)
                    self.send_header("Last-Modified", "Mon, 07 Dec 2026 16:00:00 GMT")
                if status != 304:
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if status != 304:
                    self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def start(self) -> "TopicServer":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def fetched(self, status: int = 200) -> list[str]:
        """Paths answered with ``status``, in order; the log is then cleared."""
        out = [p for p, s in self.log if s == status]
        return out

    def reset(self) -> None:
        self.log.clear()
