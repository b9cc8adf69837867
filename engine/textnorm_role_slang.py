"""A role's move said as a community idiom (issue 11, idioms54), written in the words the
lexicon reads. Two shapes:

- the guard's belay as a label, «На страховке — X», «На страховке: X» (a line or a sentence
  opening with it, a dash or a colon after it): written «У меня на страховке — X»
  (engine/lexicon/guard.toml ``weak_idioms``), the belay held by the sender; the noun phrase
  anywhere else is talk («Квартира у Кузи на страховке»: :func:`belay_label`);
- the swindler's own slang verb «кинуть»:

«Сегодня кидаю Проводницу.», «Кину Гудка, если он доктор — …»: in a swindler's mouth «кинуть
кого» is «обмануть», his own move, but the verb is the forum's word of a vote and a heal too
(«кидаю тапок в X», «кидаю голос за X», «кидаю аптечку на X»), so no lexicon holds it. The
shape read here is narrow: a present or future first-person form of «кидать» / «кинуть» /
«обувать» / «обуть» (:data:`_VERB`), an optional time word, then a word with a capital (one to
three words: the player) that ends the statement (a stop, a comma, a dash, a bracket, «если»,
the line's end). That verb is written «жулю» (engine/lexicon/swindle.toml ``words``), so the
grammar reads the swindle with its usual logic (negation, conditions, corrections, the
branches). Any other role's letter, and every other shape («кидаю тапок в X», «кидаю Гудку
привет»), is returned unchanged. Pure; the length may change.
"""

from __future__ import annotations

import re

__all__ = ["belay_label", "swindle_slang"]

#: The first-person forms of the verbs («кидаю», «кину», «кидаем», «кинем», «обую», «обуваю»).
_VERB = r"(кидаю|кину|кидаем|кинем|обую|обуваю|обуем|обуваем)"
#: Time words allowed between the verb and the player.
_WHEN = r"(?:(?:сегодня|нынче|ночью|этой\s+ночью|опять|снова)\s+)?"
#: The player: a word with a capital (Cyrillic or Latin) and up to two more such words or
#: numbers («Помощника 13», «Профессора Курганова»; not «Гудку привет»).
_WHO = r"[A-ZА-ЯЁ][\w'’.-]*(?:[ \t]+[A-ZА-ЯЁ0-9][\w'’.-]*){0,2}?"
#: What ends the statement right after the player.
_END = r"(?=[ \t]*(?:[.,;:!—–(\n]|-\s|$|если(?![^\W\d_])))"

_SLANG = re.compile(rf"(?i:(?<![^\W\d_]){_VERB})(?=[ \t]+{_WHEN}{_WHO}{_END})")
_HINT = re.compile(r"(?i)(?:кида|кину|кине|обу[юяв])")


def swindle_slang(text: str, role: str | None) -> str:
    """``text`` with the swindler's «кидаю X» written «жулю X» (the module's docstring);
    ``role`` is the sender's role: any other role's letter is returned unchanged."""
    if role != "swindler" or not _HINT.search(text):
        return text
    return _SLANG.sub(lambda m: "Жулю" if m.group(1)[0].isupper() else "жулю", text)


#: «На страховке — X», «на страховке: X», «На страховке сегодня — X» opening a line or a
#: sentence (group 1: the opening «Н» or «н»).
_BELAY = re.compile(r"(?m)(?:^|(?<=[.!?…])[ \t]+)[ \t]*(?:[-–—•*][ \t]*)?(?=([Нн])а[ \t]+страховке"
                    r"(?:[ \t]+(?:сегодня|нынче|ночью|этой[ \t]+ночью))?[ \t]*[—–:-])")


#: Roles whose letters may label a belay: the guard himself, the boss ordering him.
_BELAY_ROLES = frozenset({"guard", "boss"})


def belay_label(text: str, role: str | None) -> str:
    """``text`` with the label «На страховке — X» written «У меня на страховке — X» (the
    module's docstring); unchanged when it holds no such label or ``role`` (the sender's) is
    not one of :data:`_BELAY_ROLES` (another role's label stays asked in his own words)."""
    if role not in _BELAY_ROLES or "страховке" not in text:
        return text
    return _BELAY.sub(lambda m: m.group(0) + ("У меня " if m.group(1) == "Н" else "у меня "),
                      text).replace("У меня На страховке", "У меня на страховке")
