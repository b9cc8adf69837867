"""Moves a careful host would not apply although every word of them was read (issue 11):

- a letter that labels its moves for another night or day than today («Ходы на вторую
  ночь: …» in a letter of day 3, «На ночь 5:», «ходы за вчера»): every move asked;
  «на сегодняшнюю ночь», today's number, «на завтра» (a plan, engine.grammar_plans) are not
  labels of another day;
- the maniac's «выхожу на охоту за X», «иду на охоту — X»: his kill or a civilian hunt
  (which excludes his kill)? The hunt asked; a civilian's «на охоту за X» stays a hunt;
- «пальну по X из чего есть» on a holiday from a player who does not hold the mortar: a
  mortar wish or a hunt? The hunt asked; a plain «стреляю в X» stays a hunt.

- a shot read from «стрельнуть» / «стрелять» whose player stands after «у» («стрельну
  автограф у X», «у X сигаретку стрельну»): to cadge something from X, no shot; asked.

(A member's kill «если X не против» with X a player other than his boss waits for that
player's consent: asked, engine.grammar_delegate.awaits_consent, read by
engine.parse_net.suggested_kill; «если босс не против» stays an order.)

Each check runs once a letter, behind a substring guard, on the moves already read.
"""
from __future__ import annotations

import re

from .grammar_rules import problem
from .textcase import lower_of, matched_at_word, plain_lower, word_places

#: Ordinal stems of a night or day number («на вторую ночь», «за третий день»).
_ORDINALS = {"перв": 1, "втор": 2, "трет": 3, "четвёрт": 4, "четверт": 4, "пят": 5,
             "шест": 6, "седьм": 7, "восьм": 8, "девят": 9, "десят": 10, "одиннадцат": 11,
             "двенадцат": 12}
_ORD_RE = "|".join(sorted(_ORDINALS, key=len, reverse=True))

#: A label of the letter's moves with a night or day: at the start of a line or sentence
#: («На ночь 5: …»), or after «ход(ы)», «действия» («Мои ходы на вторую ночь»).
_WHEN = (r"(?:на|за)\s+(?:"
         r"(?P<ord>" + _ORD_RE + r")\w*\s+(?:ночь|день|сутки)"
         r"|(?:ночь|день)\s*(?:№\s*)?(?P<num>\d{1,2})(?!\d)"
         r"|(?P<num2>\d{1,2})\s*-?\s*(?:ю|ую|й|ой|ый)?\s+(?:ночь|день))")
_LABEL = re.compile(
    r"(?:\bход\w*|\bдействи\w*)\s+" + _WHEN +
    r"|(?:^|[.!?\n])[ \t]*" + _WHEN.replace("?P<", "?P<h_") + r"\s*[:—–-]",
    re.IGNORECASE)

#: «Ходы за вчера», «ход на вчерашнюю ночь»: yesterday's moves sent today.
_YESTERDAY = re.compile(r"\bход\w*\s+(?:на|за)\s+(?:вчера\b|вчерашн\w*\s+(?:ночь|день))",
                        re.IGNORECASE)

#: A hunt named as a going out «на охоту» (the maniac's kill or the hunt?).
_ON_HUNT = re.compile(r"\bна\s+охоту\b", re.IGNORECASE)

#: A shot «из чего есть / из миномёта / из пушки»: a weapon, on a holiday the mortar's (not
#: a mention of the mortar others got, not «из рогатки»: a hunt).
_WEAPON = re.compile(r"\bиз\s+(?:чего\b|миномёт|миномет|пушк|орудия|всего\b|всех\s+стволов)",
                     re.IGNORECASE)


#: «просто» (with «так что», «тогда», «а так» before it) right before the hunt: the sender
#: says the hunt is a plain one, not the weapon's shot he spoke of («из миномёта бы
#: шмальнула, да не дали, так что просто МО в X»).
_PLAIN = re.compile(r"\bпросто\s*[:—–-]?\s*$", re.IGNORECASE)


#: A shooting verb that also means to cadge («стрельнуть сигарету у X»).
_SHOT_VERB = re.compile(r"\bстрел(?:ьн|я)\w*", re.IGNORECASE)
#: «у» before a word: the one a thing is cadged from; «в», «по»: a shot's aim.
_FROM = re.compile(r"(?:^|[\s(,])у\s+\w", re.IGNORECASE)
_AIM = re.compile(r"(?:^|\s)(?:в|во|по)\s+\w", re.IGNORECASE)


def _cadged(text: str, span: str) -> bool:
    """True when the move ``span`` of ``text`` is read from «стрельнуть» / «стрелять» and its
    player stands after «у» («Стрельну автограф у X», «у X сигаретку стрельну»), with no
    «в» / «по» of an aim in it: to cadge from X, not to shoot at X."""
    at = text.find(span) if span else -1
    if at < 0 or not _SHOT_VERB.search(span):
        return False
    around = text[max(0, at - 3):at + len(span)]
    return _FROM.search(around) is not None and _AIM.search(span) is None


def _plain_hunt(text: str, span: str) -> bool:
    """True when the hunt ``span`` of ``text`` follows «просто» («…, так что просто МО в X»,
    «тогда просто на мирную охоту»): a plain hunt instead of the weapon named before it."""
    at = text.find(span) if span else -1
    return at > 0 and _PLAIN.search(text, max(0, at - 12), at) is not None


def _sentence(text: str, span: str) -> str:
    """The sentence (line part between . ! ? and line ends) of ``text`` holding ``span``;
    ``span`` itself when it is not found."""
    at = text.find(span) if span else -1
    if at < 0:
        return span or ""
    lo = max(text.rfind(c, 0, at) for c in ".!?\n") + 1
    end = at + len(span)
    his = [i for i in (text.find(c, end) for c in ".!?\n") if i >= 0]
    return text[lo:min(his) if his else len(text)]


def _other_day(text: str, day: int) -> bool:
    """True when the letter labels its moves with another night or day than ``day``."""
    low = lower_of(text)
    if "ноч" not in low and "ден" not in low and "вчера" not in low:
        return False
    plain = plain_lower(text) is not None
    if "вчера" in low and _yesterday(text, low, plain):
        return True
    for m in _labels(text, low, plain):
        g = {k.removeprefix("h_"): v for k, v in m.groupdict().items() if v}
        if "ord" in g:
            stem = g["ord"].lower()
            n = next(v for k, v in _ORDINALS.items() if stem.startswith(k))
        else:
            n = int(g.get("num") or g["num2"])
        if n != day:
            return True
    return False


def _yesterday(text: str, low: str, plain: bool) -> bool:
    """``_YESTERDAY.search(text) is not None``, tried only where «ход» is written when
    ``plain`` (``low`` is ``text`` lowered letter by letter, with no old letter form: a
    case-blind «ход» is then a «ход» of ``low`` at the same place; one C-level ``find``
    each instead of the case-blind pattern at every character of a long letter)."""
    if not plain:
        return _YESTERDAY.search(text) is not None
    return matched_at_word(_YESTERDAY, text, low, "ход")


#: Characters after which a label at a sentence's start may begin (:data:`_LABEL`), with
#: the «на»/«за» every such label starts with after them (:data:`_WHEN`; either case: the
#: letters have no other case-blind forms in a ``plain`` letter, see :func:`_labels`).
_LABEL_OPENERS = re.compile(r"[.!?\n](?=[ \t]*[нНзЗ][аА])")



def _labels(text: str, low: str, plain: bool):
    """The matches of :data:`_LABEL` in ``text``, as ``_LABEL.finditer(text)`` finds them,
    tried only where one can start (``low``: ``text`` in lower case; ``plain``: lowered
    letter by letter, no old letter form): the text's start, a mark that ends a sentence or
    a line before «на»/«за», «ход», «действи» (one C-level search each, not the case-blind
    pattern at every character of a long letter)."""
    if not plain:
        yield from _LABEL.finditer(text)
        return
    starts = {0}
    starts.update(m.start() for m in _LABEL_OPENERS.finditer(text))
    starts.update(word_places(low, "ход", "действи"))
    pos = 0
    match = _LABEL.match
    for at in sorted(starts):
        if at < pos:
            continue
        m = match(text, at)
        if m is not None:
            yield m
            pos = m.end()


def _asked(move, reason: str, role: str):
    return problem(move.span or move.action, "unparsed", reason, action=move.action,
                   target=move.target or "", role=role)


def silent_doubts(text: str, actor, turn, moves, problems):
    """``(moves, problems)`` with the moves of the kinds above asked instead of applied."""
    if not moves:
        return moves, problems
    if _other_day(text, turn.day):
        return [], list(problems) + [_asked(m, "labelled_day", actor.role) for m in moves]
    keep, asked = [], []
    low = lower_of(text)
    for m in moves:
        if m.action in ("hunt", "maniac_kill", "clan_kill") and "стрел" in low and \
                _cadged(text, m.span):
            asked.append(_asked(m, "unread", actor.role))
        elif m.action == "hunt" and "охот" in low and actor.role == "maniac" and \
                _ON_HUNT.search(_sentence(text, m.span)):
            asked.append(_asked(m, "kill_or_hunt", actor.role))
        elif m.action == "hunt" and turn.event == "holiday" and turn.mortar != actor.nick and \
                _WEAPON.search(_sentence(text, m.span)) and not _plain_hunt(text, m.span):
            asked.append(_asked(m, "kill_or_hunt", actor.role))
        else:
            keep.append(m)
    if not asked:
        return moves, problems
    return keep, list(problems) + asked
