"""A given name no player is known by, written beside a nick as who that player is (issue
11): «зову Костеньку нашего, Треплева», «второй — Геннадию, который Карась на форуме»
(the given name first, the nick after a comma), «Охраняю Лопахина, Ермолая Алексеича» (the
nick first, then the given name and patronymic after a comma). Used by
:func:`engine.grammar_targets.read_targets`.

Players who know each other by real names write the real name and then the nick, or the
nick and then the full polite name. The given name names nobody on the roster (a reading of
it would be a player of its own); it agrees in case with the nick's form, and the nick (or
the name) ends the slot, so that it is no list of two players.
"""

from __future__ import annotations

from .grammar_tokens import Tok
from .names import NameHit
from .names_given import names_listed
from .words import morph

#: Possessives and adjectives that may stand between the given name and the comma
#: («Костеньку нашего, Треплева»).
_OURS = frozenset({"нашего", "нашу", "нашему", "нашей", "наш", "наша", "моего", "мою", "моему",
                   "моей", "мой", "моя", "дорогого", "дорогую", "милого", "милую"})

#: Relative words that open «…, который X» after a given name.
_WHICH = frozenset({"который", "которая"})

#: Words that may follow the nick in «…, который X на форуме» (where he is called so).
_WHERE = (("на", "форуме"), ("в", "игре"), ("в", "ветке"), ("в", "теме"), ("у", "нас"),
          ("тут",), ("здесь",))


def _name_cases(word: str, patronymic: bool = False) -> frozenset[str]:
    """The cases the given name (or, ``patronymic``, the patronymic) ``word`` may be in: its
    parses tagged as such, or, for a pet form of the given-name table («Костеньку»), its
    noun parses; empty when it is no such word."""
    grammeme = "Patr" if patronymic else "Name"
    parses = morph().parse(word)
    named = [p for p in parses if grammeme in p.tag]
    if not named and not patronymic and names_listed(word):
        named = [p for p in parses if p.tag.POS == "NOUN"]
    return frozenset(p.tag.case for p in named if p.tag.case)


def _own_name_cases(word: str, own: frozenset[str]) -> frozenset[str]:
    """The cases the given name ``word`` may be in as a form of one of the given names
    ``own`` (a nick's: «Валентина» of «валентин» is its genitive or accusative, never the
    nominative of «Валентина»)."""
    if not own:
        return frozenset()
    return frozenset(p.tag.case for p in morph().parse(word)
                     if "Name" in p.tag and p.normal_form in own and p.tag.case)


def _form_cases(idx, word: str, nick: str) -> frozenset[str]:
    """The cases ``word`` is a form of ``nick`` in; a player's genitive is his accusative too
    («зову Треплева»)."""
    form = idx.single.get(word, {}).get(nick, frozenset())
    return form | {"accs"} if "gent" in form else form


def _unread(idx, words: list[str], k: int) -> bool:
    """True when the word at ``k`` names no player in any way the index knows."""
    w = words[k]
    return idx.exact(words, k, None) is None and idx.approximate(w) is None and \
        idx.given_name(w) is None


def _ends(clause: list[Tok], n: int, hi: int) -> bool:
    """True when the slot ends at ``n`` (the clause's end or punctuation)."""
    return n >= hi or (not clause[n].word and clause[n].w != "(")


def given_then_nick(idx, clause: list[Tok], words: list[str], k: int, hi: int,
                    read: bool = False) -> tuple[NameHit, int] | None:
    """The player a capitalised given name at ``k`` that names nobody is said to be by the
    nick after it: «Костеньку нашего, Треплева» (a possessive at most, a comma, the nick in a
    case the name is in too), «Геннадию, который Карась на форуме» (the nick in the
    nominative after «который», where he is called so at most); «нашего» or «который»
    says it is an aside (not a list, «Катя, Тихоня»). The nick ends the slot.
    Returns the nick's hit and the index after the aside; None when there is no such
    aside. ``read``: the given name names a player already (the caller compares the two)."""
    if not clause[k].cap or not (read or _unread(idx, words, k)):
        return None
    cases = _name_cases(words[k])
    if not cases:
        return None
    n = k + 1
    ours = n < hi and words[n] in _OURS
    n += ours
    if n + 1 >= hi or clause[n].w not in (",", "—"):
        return None
    n += 1
    which = words[n] in _WHICH
    if not (ours or which):
        return None  # «Голоса: Катя, Тихоня»: a list of two players, no aside
    n += which
    hit = idx.exact(words, n, None) if n < hi and clause[n].word else None
    if hit is None or hit.nick is None or hit.length != 1:
        return None
    form = _form_cases(idx, words[n], hit.nick)
    end = n + 1
    if which:
        if "nomn" not in form:
            return None
        for tail in _WHERE:
            if tuple(words[end:end + len(tail)]) == tail:
                end += len(tail)
                break
    elif not form & cases:
        return None
    if not _ends(clause, end, hi):
        return None
    return NameHit(hit.nick, (hit.nick,), hit.kind, hit.length), end


def aside_rival(idx, clause: list[Tok], words: list[str], k: int, hi: int,
                hit: NameHit, end: int) -> tuple[NameHit, int]:
    """``hit`` (a given name or pet form read at ``k`` as a player, «Геннадию» as «Гена»)
    and the index ``end`` after it, or, when the aside after it says the player is another
    nick («…, который Карась на форуме», «Генку нашего, Треплева»), both players asked
    about (a name that fits two players in two ways is never settled in silence) and the
    index after the aside; the same player named by the aside settles nothing new."""
    if hit.kind not in ("name", "pet") or end != k + 1:
        return hit, end
    put = given_then_nick(idx, clause, words, k, hi, read=True)
    if put is None or put[0].nick in hit.candidates:
        return hit, end
    both = tuple(sorted(set(hit.candidates) | {put[0].nick}))
    return NameHit(None, both, hit.kind, hit.length), put[1]


def name_after_nick(idx, clause: list[Tok], words: list[str], k: int, hi: int,
                    nick: str, at: int) -> int | None:
    """The index after «, Ермолая Алексеича» (or «— Валентина Григорьевича») at the comma or
    dash ``k`` right after the one-word nick form at ``at`` (``nick``'s): a capitalised given
    name that names nobody (or is a form of the nick's own given name) and a capitalised
    patronymic, both in a case the nick's form is in, ending the slot — who the player is,
    no second target. None when there is no such aside."""
    n = k + 1
    if n + 1 >= hi or clause[k].w not in (",", "—", "–") or not clause[n].cap or \
            not clause[n + 1].cap:
        return None
    if _unread(idx, words, n):
        named = _name_cases(words[n])
    else:  # «Valentin1947 — Валентина Григорьевича»: a form of the nick's own given name
        named = _own_name_cases(words[n], idx.given_of.get(nick, frozenset()))
        if not named or ((two := idx.exact(words, n, None)) is not None and two.length > 1):
            return None
    form = _form_cases(idx, words[at], nick)
    cases = form & named & _name_cases(words[n + 1], patronymic=True)
    if not cases or not _ends(clause, n + 2, hi):
        return None
    return n + 2
