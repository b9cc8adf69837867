"""Headers of outgoing letters written so every client threads them and every server takes
them (RFC 5322, RFC 2047, RFC 6532).

Python's default policy refolds every header with its generic algorithm, which turns a long
Message-ID in In-Reply-To/References into an RFC 2047 encoded word (the player's client then
cannot thread the reply) and can fold a long Cyrillic subject into encoded words longer than
75 characters that lose a space when decoded. :data:`POLICY` writes those headers itself:

- ``Message-ID``, ``In-Reply-To``, ``References``: the ids verbatim, folded only between ids;
- ``Subject``: plain when ASCII, else UTF-8 encoded words of at most 75 characters that
  carry their own spaces, one per folded line.
"""

from __future__ import annotations

from email.header import Header
from email.policy import EmailPolicy

ID_HEADERS = frozenset({"message-id", "in-reply-to", "references"})
_LINE = 78  # RFC 5322 §2.1.1: lines SHOULD be at most 78 characters


def fold_ids(name: str, value: str, linesep: str) -> str:
    """``References: <a> <b>`` folded only between ids: each id stays whole on its line,
    however long (RFC 5322 §3.6.4 allows a line up to 998 characters)."""
    ids = value.split()
    lines, line = [], f"{name}:"
    for msgid in ids:
        if len(line) + 1 + len(msgid) > _LINE and line != f"{name}:":
            lines.append(line)
            line = " " + msgid
        else:
            line += " " + msgid
    lines.append(line)
    return linesep.join(lines) + linesep


def fold_subject(name: str, value: str, linesep: str) -> str:
    """The Subject header: ASCII folded at spaces, anything else as UTF-8 encoded words
    (RFC 2047 §2: at most 75 characters each) whose text includes the spaces, so decoding
    gives back exactly ``value``."""
    if value.isascii() and all(len(w) < _LINE - len(name) - 2 for w in value.split()):
        header = Header(value, "us-ascii", maxlinelen=_LINE, header_name=name)
    else:
        header = Header(value, "utf-8", maxlinelen=_LINE - 2, header_name=name)
    return f"{name}: " + header.encode(linesep=linesep) + linesep


class OutgoingPolicy(EmailPolicy):
    """:class:`email.policy.EmailPolicy` that writes ids and the subject as described in the
    module docstring; every other header as the default policy does."""

    def header_store_parse(self, name, value):
        if name.lower() in ID_HEADERS or name.lower() == "subject":
            return (name, str(value))
        return super().header_store_parse(name, value)

    def _own(self, name: str, value) -> str | None:
        if not isinstance(value, str) or hasattr(value, "name"):
            return None
        low = name.lower()
        if low in ID_HEADERS and value.isascii():
            return fold_ids(name, value, self.linesep)
        if low == "subject":
            return fold_subject(name, " ".join(value.splitlines()), self.linesep)
        return None

    def fold(self, name, value):
        own = self._own(name, value)
        return own if own is not None else super().fold(name, value)

    def fold_binary(self, name, value):
        own = self._own(name, value)
        if own is not None:
            return own.encode("ascii" if not self.utf8 else "utf-8")
        return super().fold_binary(name, value)


#: The policy of every letter the game sends (``linesep`` "\n"; smtplib sends CRLF).
POLICY = OutgoingPolicy()
