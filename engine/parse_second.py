"""A second opinion on a move's target reached by one nick (issue 11: «when a name fits two
players, keep the readings the game allows; one left: take it; two left: ask, never guess»).

The name finder reads a written word by its first route that answers (a case form of a nick,
then a word of a nick, a prefix, a pet form, a given name). Another route may reach another
player as well: «линч: Кузь» is a vocative of Кузя and the beginning of «Кузьмич»; «выстрел в
Ника» is Ника's nominative after «в», which asks for the accusative of «Ник» (Nikita.S);
«голос куза» is a pet form of Кузя and begins «Кузьмич» as well; «за alex'а» is a word of
«Alex_K» and, read in Cyrillic, the accusative of «Алекс». :func:`second_opinion` widens such a
hit to every reading as good as the one taken, so that :func:`engine.parse_settle.settle` lets
the game decide and the player is asked when it cannot.

How good a reading is («as well»): a case form of a nick in a case the governing word asks
for (a preposition's case; with no preposition, any case a bare object or a list may be in)
beats any other reading, and is never doubted; a case form in a case nothing asks for (a
vocative, a locative with no preposition, a nominative after «в») is as good as a prefix, pet
form or given name of another nick; a word of a nick, a prefix, a pet form or a given name are
all as good as each other. A near miss (edit distance) is never a rival.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_tokens import Tok
from .names import NameHit, name_index
from .names_pets import thing_name
from .names_pieces import nick_pieces
from .names_given import names_in_word, names_written
from .translit import cyrillic_reading
from .words import LAT, norm

#: Cases a noun takes with no preposition before it in a move's target slot; a locative or a
#: vocative there agrees with nothing.
_BARE = frozenset({"nomn", "accs", "datv", "gent", "ablt"})

#: Prepositions of a target slot and every case they take (the parser's
#: :data:`engine.grammar_vocab.PREPOSITIONS` lists the case of a move's object only).
_GOVERN = {"в": frozenset({"accs", "loct"}), "во": frozenset({"accs", "loct"}),
           "на": frozenset({"accs", "loct"}), "с": frozenset({"ablt", "gent"}),
           "со": frozenset({"ablt", "gent"}), "о": frozenset({"loct"}),
           "об": frozenset({"loct"}), "из": frozenset({"gent"}), "без": frozenset({"gent"})}

#: The readings that are all as good as each other (not a case form, not a near miss).
_LOOSE = frozenset({"part", "prefix", "pet", "name"})

#: A Latin word with a Russian case ending, after an apostrophe or not («alex'а», «alexа»).
_LATIN_ENDING = re.compile(r"([a-z]{3,})['’]?([а-я]{1,3})")

#: Vowels a case ending or a pet ending may be; a word cut of it is its stem.
_ENDINGS = "аяуюеыиоё"


def slot_cases(clause: list[Tok], i: int) -> frozenset[str]:
    """The cases the word at ``clause[i]`` may agree with: the cases of the preposition right
    before it (:data:`_GOVERN`, :data:`engine.grammar_vocab.PREPOSITIONS`), else
    :data:`_BARE`."""
    k = i - 1
    while k >= 0 and not clause[k].word and clause[k].w in ("«", '"', "“", "„"):
        k -= 1
    if k >= 0 and clause[k].word and clause[k].w in _GOVERN:
        return _GOVERN[clause[k].w]
    if k >= 0 and clause[k].word and clause[k].w in V.PREPOSITIONS:
        return V.PREPOSITIONS[clause[k].w]
    return _BARE


def second_opinion(nicks: tuple[str, ...], clause: list[Tok], hit: NameHit, i: int,
                   j: int, free_next: bool = False) -> tuple[NameHit, frozenset[str]]:
    """``hit`` (the name read at ``clause[i]``) widened to every player another route reads
    the written word as, as well as the one taken (see the module's docstring); and the
    candidates of a given-name reading that are only guesses (the nick's name may be another
    one: «Сашу» for «Alex_99», Alex being Алексей too), which the game must not settle on.

    ``j``: the index after the words the target reader took for the name (more than one
    token: an aside after the name settled it, «Шуру (Alexandra_K)»: no doubt left).
    ``free_next``: the word after ``clause[i]`` is no target the move read; a case form of
    another nick there, in a case the hit's form is in too, makes one phrase of two nicks
    («убиваем деда мороза» with Дед and Мороз on the roster): either may be meant.

    A hit of several tokens, «себя», a hit already ambiguous, or read by a case form that
    agrees with the governing word comes back as it is. Pure; raises nothing."""
    if j > i + 1:
        return hit, frozenset()  # «Шуру (Alexandra_K)», «Ксюшу из Киева»: words after settled it
    if hit.nick is None or hit.length != 1 or hit.kind not in ("exact",) + tuple(_LOOSE) or \
            i >= len(clause) or not clause[i].word:
        return hit, _guesses(nicks, clause[i].w if i < len(clause) else "", hit)
    idx = name_index(nicks)
    w = clause[i].w
    if hit.kind == "exact":
        cases = idx.single.get(w, {}).get(hit.nick)
        if cases is not None and free_next and len(hit.candidates) == 1 and \
                (pair := _paired(idx, clause, i, hit.nick, cases)) is not None:
            return NameHit(None, tuple(sorted({hit.nick, pair})), "exact", 1), frozenset()
        if cases is None or cases & slot_cases(clause, i) or len(hit.candidates) > 1 or \
                (w in idx.bases.get(hit.nick, ()) and w[-1] not in "ая"):
            # (the nick as written, undeclined: «за Sergo», «за серго»; not «в Ника», which
            # a feminine nick is not after «в»)
            return hit, frozenset()
        rivals = _loose_readings(idx, [w])
    else:
        if hit.nick not in _loose_readings(idx, [w]):
            return hit, frozenset()  # (the hit was read from other words than this one)
        others = _spellings(w)[1:]
        rivals = _exact_readings(idx, others)
        if hit.kind == "pet":
            rivals |= _stem_readings(idx, w)
    rivals.discard(hit.nick)
    if not rivals:
        return hit, frozenset()
    kind = hit.kind if hit.kind != "exact" else "prefix"
    wide = NameHit(None, tuple(sorted(rivals | {hit.nick})), kind, 1)
    return wide, _guesses(nicks, w, wide)


def _paired(idx, clause: list[Tok], i: int, nick: str,
            cases: frozenset[str]) -> str | None:
    """The other nick whose case form is the word right after ``clause[i]`` (no punctuation
    between), in one of ``cases`` but not the nominative alone; None when there is none."""
    if i + 1 >= len(clause) or not clause[i + 1].word or clause[i + 1].start > clause[i].end + 1:
        return None
    owners = idx.single.get(clause[i + 1].w, {})
    if len(owners) != 1:
        return None
    (other, theirs), = owners.items()
    shared = theirs & cases
    return other if other != nick and shared and shared != {"nomn"} else None


def _loose_readings(idx, spellings: list[str]) -> set[str]:
    """The nicks one of ``spellings`` is a word, prefix, pet form or given name of (not a
    near miss)."""
    out: set[str] = set()
    for word in spellings:
        found = idx.approximate(word)
        if found is not None and found.kind in _LOOSE:
            out |= set(found.candidates)
    return out


def _exact_readings(idx, spellings: list[str]) -> set[str]:
    """The nicks one of ``spellings`` (a Cyrillic reading: «alex'а» → «алекса») is a case
    form of."""
    out: set[str] = set()
    for word in spellings:
        found = idx.exact([word], 0, None)
        if found is not None:
            out |= set(found.candidates)
    return out


def _stem_readings(idx, w: str) -> set[str]:
    """The one-word nicks the stem of ``w`` (its last vowel cut, three letters or more)
    begins: «куза» (a pet form of Кузя) begins «Кузьмич» as well; not a word of a nick
    («кота» of «Kot Begemot») nor a nick that is a thing's name («Котлета»)."""
    if len(w) < 4 or w[-1] not in _ENDINGS or w in idx.parts:
        return set()  # («кота»: a word of «Kot Begemot» is no pet form)
    stem = w[:-1]
    return {n for n, bases in idx.bases.items() if " " not in bases[0] and
            any(b.startswith(stem) for b in bases) and not thing_name(bases)}


def _spellings(w: str) -> list[str]:
    """``w``, and its Cyrillic reading when it holds Latin letters (the apostrophe of a case
    ending dropped: «alex'а» → «алекса»)."""
    out = [w]
    if LAT.search(w):
        m = _LATIN_ENDING.fullmatch(w)
        reading = cyrillic_reading(m.group(1)) + m.group(2) if m else \
            cyrillic_reading(w.replace("'", ""))
        if reading and reading != w and not LAT.search(reading):
            out.append(reading)
    return out


def _guesses(nicks: tuple[str, ...], w: str, hit: NameHit) -> frozenset[str]:
    """Of the candidates of an ambiguous given-name reading of ``w``, those whose nick holds
    other given names besides the ones ``w`` is a form of («Alex_99» for «Сашу»: Alex is
    Алексей too), and holds no word ``w`` is a form of."""
    if hit.nick is not None or hit.kind != "name" or len(hit.candidates) < 2 or not w:
        return frozenset()
    idx = name_index(nicks)
    written = names_written(w)
    if not written:
        return frozenset()
    return frozenset(n for n in hit.candidates
                     if idx.name_guess(n, written) and not _own_pet(n, w, written) and
                     n not in idx.single.get(w, {}) and n not in idx.parts.get(w, ()))


def _own_pet(nick: str, w: str, written: frozenset[str]) -> bool:
    """True when ``w`` is a pet form built on the nick's own first given-name word, a short
    name ending in «а»/«я» («Ленку», «Леночку» for «LenaVolkova»: whichever full name Лена
    is short for, Ленка is the same one), so no guess at the nick's name; not a full name
    the nick's word may stand for («Алексея» for «Alex_K»: Alex may be Александр)."""
    words = [norm(x) for x in re.findall(r"[^\W\d_]+", nick)]
    for word in dict.fromkeys(words + nick_pieces(nick)):
        names = names_in_word(word)
        if not names:
            continue
        base = cyrillic_reading(word) if LAT.search(word) else word
        stem = base[:-1]
        return base[-1:] in ("а", "я") and len(stem) >= 3 and w.startswith(stem) and \
            w != base and bool(written) and written <= names
    return False
