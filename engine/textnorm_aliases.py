"""The host's aliases of players: a name a game's players call somebody by («Курганыч»,
«проф», «Саныч») that no rule of the parser could tie to the roster nick on its own, taught
once by the host (``[aliases]`` of the game's config or of a game file: alias = nick).

Before a letter is read, each alias said in any case form («Курганыча», «профу») is written
as the nick it stands for, so that every rule of the grammar reads it as that nick. The
aliases are installed for the process (:func:`install_aliases`), as the game's own words are
(:mod:`mailer.lexicon_cache`): the engine reads no file.
"""

from __future__ import annotations

import re

from .words import ending_forms, word_forms

#: alias (as the host wrote it) → roster nick; installed by :func:`install_aliases`
_ALIASES: dict[str, str] = {}
#: per roster (nicks tuple): the compiled pattern of every alias form and form → nick
_PATTERNS: dict[tuple[str, ...], tuple[re.Pattern[str] | None, dict[str, str]]] = {}


def install_aliases(aliases: dict[str, str] | None) -> None:
    """Make ``aliases`` (alias → roster nick, as the config's ``[aliases]``) the ones every
    later letter is read with; ``None`` or ``{}``: none. Replaces what was installed."""
    global _ALIASES
    _ALIASES = dict(aliases or {})
    _PATTERNS.clear()


def installed_aliases() -> dict[str, str]:
    """The aliases installed now (alias → nick), a copy."""
    return dict(_ALIASES)


def _forms(alias: str) -> set[str]:
    """The lowered case forms of ``alias``: each word in every singular case form pymorphy3
    knows for it (or the endings a noun of its shape takes, for a clipped word like «проф»),
    the words joined by the spaces, hyphens or underscores between them as written."""
    words = re.findall(r"[^\W_]+", alias.lower())
    seps = re.findall(r"[\W_]+", alias.lower().strip(" "))
    if not words:
        return set()
    options = []
    for w in words:
        forms = set(word_forms(w)) or {w}
        if forms == {w} and w.isalpha():
            forms |= set(ending_forms(w))
        options.append(forms)
    out = set(options[0])
    for sep, forms in zip(seps, options[1:]):
        out = {a + sep + b for a in out for b in forms}
    return out


def _pattern(nicks: tuple[str, ...]) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """The pattern of the installed aliases of players in ``nicks`` and the nick of each
    form (an alias whose form is a roster nick's own is left out: the nick wins)."""
    if nicks in _PATTERNS:
        return _PATTERNS[nicks]
    own = {n.lower() for n in nicks}
    of: dict[str, str] = {}
    for alias, nick in _ALIASES.items():
        if nick not in nicks:
            continue
        for form in _forms(alias):
            if form not in own:
                of.setdefault(form, nick)
    pattern = None
    if of:
        alts = "|".join(re.escape(f) for f in sorted(of, key=len, reverse=True))
        pattern = re.compile(rf"(?<![^\W_])(?:{alts})(?![^\W_])", re.IGNORECASE)
    _PATTERNS[nicks] = pattern, of
    return pattern, of


def aliases_named(text: str, nicks: tuple[str, ...]) -> str:
    """``text`` with every installed alias of a player of ``nicks`` (any case form, any
    letter case, as a whole word) written as that player's nick: «МО: Курганыча» →
    «МО: Профессор Курганов». Text with no installed alias is returned as it is."""
    if not _ALIASES:
        return text
    pattern, of = _pattern(nicks)
    if pattern is None:
        return text
    return pattern.sub(lambda m: of[m.group(0).lower()], text)


def alias_problem(alias: object, nick: object, nicks: tuple[str, ...],
                  taken: dict[str, str]) -> str | None:
    """Why ``alias = nick`` cannot be an alias of a game of ``nicks`` (a Russian sentence for
    the host), or None when it can. ``taken``: lowered alias → nick of the aliases accepted
    before it, updated with this one when it is accepted."""
    if not isinstance(nick, str) or not isinstance(alias, str):
        return "нужна строка: прозвище = \"ник игрока\""
    if not alias.strip() or not re.search(r"[^\W_]", alias):
        return "пустое прозвище"
    if nick not in nicks:
        return f"«{nick}» — не ник игрока этой игры"
    key = alias.strip().lower()
    other = next((n for n in nicks if n.lower() == key), None)
    if other is not None:
        return f"«{alias}» — ник игрока «{other}», прозвищем он быть не может"
    if taken.get(key, nick) != nick:
        return f"прозвище «{alias}» уже дано игроку «{taken[key]}»"
    taken[key] = nick
    return None
