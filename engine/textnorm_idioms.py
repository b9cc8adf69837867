"""Idioms whose target stands inside them, put in the order the lexicon reads (issue 11).

«Глаз с Ромашки не спускаю», «глаз с X не сведу»: the witness's «не спускать глаз с X» with
the player inside the idiom, read as «не спускаю глаз с Ромашки» (engine/lexicon/watch.toml
weak_idioms). The words are moved, none is added or dropped (the spaces between them become
single ones). Pure; a letter with no «глаз» costs one C-level test.
"""

from __future__ import annotations

import re

__all__ = ["eyes_kept_on"]

#: «глаз с X не спускаю»: group 1 «глаз», 2 the preposition, 3 the player (one to three
#: words, no mark), 4 «не», 5 the verb of taking the eyes off.
#: (Case-blind but for the first letter, a set of both its cases, with the word's start
#: looked behind after it: «г» has no case form but «Г», so ``re`` skips along to each at C
#: speed — a roster's «Зоркий Глаз» puts «Глаз» in many letters; the same matches.)
_EYES = re.compile(
    r"([гГ](?<![^\W\d_].)(?i:лаз))(?i:[ \t]+(с|со)[ \t]+"
    r"([^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,2}?)"
    r"[ \t]+(не)[ \t]+(спускаю|спущу|спускаем|спустим|свожу|сведу|сводим|сведем|сведём)"
    r"(?![^\W\d_]))")


def eyes_kept_on(text: str) -> str:
    """``text`` with «глаз с X не спускаю» as «не спускаю глаз с X» (the module's docstring);
    a question or a negation of the verb is read as ever afterwards («не спускаю ли»)."""
    if "глаз" not in text and "Глаз" not in text and "ГЛАЗ" not in text:
        return text
    return _EYES.sub(_reordered, text)


def _reordered(m: re.Match) -> str:
    """The words of the match of :data:`_EYES` in the lexicon's order, capitalised as the
    first word was."""
    head = m.group(4)
    if m.group(1)[0].isupper():
        head = head[0].upper() + head[1:]
    eyes = m.group(1).lower() if m.group(1)[0].isupper() else m.group(1)
    return f"{head} {m.group(5)} {eyes} {m.group(2)} {m.group(3)}"
