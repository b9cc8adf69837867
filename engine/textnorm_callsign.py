"""A radio call line opening a letter: «Помощник 13 — Депо.», «Первый — Депо. … Приём.»
(issue 11).

Players who write in radio style open the letter as a call: who calls, a dash, whom he calls
(«Сокол-7 — Базе», «Нина — Депо»: the host's call sign). Such a line is no move: the caller
is the sender himself, and the one called is the host, even when the call sign happens to
read as a player's nickname («Депо» for Depo_Boy). The first line of the letter is blanked
(spaces of the same length, so every span stays where it was) when it holds nothing but
``A — B`` (a word or two, a dash with spaces around it, one word with an optional number,
then only punctuation or emoji), and either

- ``A`` is the sender: his whole nickname («Помощник 13», «ТЭМ2») or a word of it that no
  other nickname holds («Нина» for Нина_диспетчер, «Сцепщик» for Лёха Сцепщик); or
- the letter speaks radio elsewhere («Приём.», «Конец связи», «Как поняли»: the marks of
  engine.textnorm_radio, or a last line «Приём.» / «Конец.»), ``A`` is one capitalised
  word that reads as no player («Первый», the boss's call sign), and ``B`` reads as no
  living player (a vote for him would be refused anyway).

Neither ``A`` nor ``B`` may be a word of a move lexicon («Голос — X», «Проверка — X» stay
moves), and the line must not be the whole letter. Pure.
"""

from __future__ import annotations

import re

from .names import name_index
from .textnorm_radio import RADIO_MARKS
from .words import norm

__all__ = ["call_line_blanked"]

#: The first line: ``A — B`` alone (group 1: the line; 2: the caller; 3: the called).
_CALL = re.compile(r"\A[ \t\r\n]*(([^\W_][\w.]*(?:[ \t]+[\w.]+)?)[ \t]+[—–-][ \t]+"
                   r"([^\W\d_][\w.]*(?:[ \t]+\d+)?)[ \t]*[.!]?[ \t]*[^\w\n]*)\n(?=.*\w)",
                   re.S)

#: A last line of the radio's «over» / «out» alone («Приём.», «Конец.»).
_OVER_LAST = re.compile(r"(?im)^[ \t]*(?:при[её]м|конец)[ \t]*[.!]*[ \t]*\Z")


def _words(s: str) -> list[str]:
    """The normalised words of ``s`` (letters and digits, split on anything else)."""
    return [norm(w) for w in re.findall(r"[^\W_]+", s)]


def _is_sender(caller: str, sender: str, nicks: tuple[str, ...]) -> bool:
    """True when ``caller`` is the sender's whole nickname or a word of it (three letters or
    more) that no other nickname holds."""
    mine = _words(sender)
    said = _words(caller)
    if said == mine:
        return True
    if len(said) != 1 or len(said[0]) < 3 or said[0] not in mine:
        return False
    return not any(said[0] in _words(n) for n in nicks if n != sender)


def _movelike(word: str) -> bool:
    """True when ``word`` (normalised) is a word of a move lexicon («голос», «проверка»)."""
    from .parse_unread_words import move_class

    return bool(move_class(word))


def _readings(idx, word: str) -> set[str]:
    """Every player ``word`` may name: exactly, by an approximate fit or as a capitalised
    reading (a transliteration, a translation)."""
    out: set[str] = set()
    hit = idx.exact([word], 0, None)
    if hit is not None:
        out.update(hit.candidates or (hit.nick,))
    for h in (idx.approximate(word), idx.capital_reading(word)):
        if h is not None:
            out.update(h.candidates or (h.nick,))
    out.discard(None)
    return out


def call_line_blanked(text: str, nicks: tuple[str, ...], alive: frozenset[str],
                      sender: str) -> str:
    """``text`` with an opening radio call line blanked (see the module's doc).

    Args:
        text: the letter's own text (cleaned).
        nicks: every roster nickname.
        alive: the nicknames of the living players.
        sender: the sender's nickname.
    """
    if "—" not in text[:80] and "–" not in text[:80] and " - " not in text[:80]:
        return text  # (the cheap test: no dash near the top)
    m = _CALL.match(text)
    if m is None:
        return text
    caller, called = m.group(2), m.group(3)
    called_words = _words(called)
    if not called_words or any(_movelike(w) for w in _words(caller) + called_words):
        return text
    if not _is_sender(caller, sender, nicks):
        if " " in caller.strip() or not caller[:1].isupper():
            return text
        rest = text[m.end(1):]
        if RADIO_MARKS.search(rest) is None and _OVER_LAST.search(rest.rstrip()) is None:
            return text
        idx = name_index(nicks)
        if _readings(idx, norm(caller)) or _readings(idx, called_words[0]) & alive:
            return text
    return text[:m.start(1)] + " " * len(m.group(1)) + text[m.end(1):]
