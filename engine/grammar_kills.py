"""The full moon's second clan kill in forms of its own (issue 11, DECISIONS.md §4: under
«Полнолуние» the clan kills two).

«Режем Кузю. Второго — Бобра», «А вторым — Бобёр»: an ordinal of the second, after the
letter already holds a clan kill, names the second victim (:func:`second_kill`). «Работаем
в две руки: Кузя и Бобёр», «Сегодня двое: Кузя и Бобёр»: a heading of counting words and
time words only, then exactly two names, names both (:func:`counted_kill`). Both only from a
clan member on a full-moon day; elsewhere they are talk. Indices are token positions in one
clause.
"""

from __future__ import annotations

from .grammar_tokens import Tok, skip_words

#: Forms of «второй» that open the second victim's clause.
SECOND = frozenset({"второго", "второй", "вторую", "вторым", "второе", "вторая", "второму"})

#: Words between the ordinal and the name («Второй жертвой будет X», «а второго тоже — X»,
#: «Второй труп от клана: X»).
_SECOND_WORDS = frozenset({"жертвой", "целью", "будет", "пусть", "идет", "тоже", "тогда",
                           "убиваем", "валим", "режем", "пойдет", "станет", "—", ":", "-",
                           ",", "труп", "жертва", "жертву", "заказ", "ликвидация", "от",
                           "клана"})

#: Words that may open such a clause («А второго — X»).
_OPENERS = frozenset({"а", "и", "ну", "ещё", "еще", "плюс"})

#: Nouns of a kill that may stand after the ordinal of the second victim («Второй труп от
#: клана: X», «Вторая жертва — X»): with one of them the ordinal names a kill even when the
#: letter gives no first kill (a clan member naming the full moon's second victim).
SECOND_KILL_NOUNS = frozenset({"труп", "жертва", "жертву", "заказ", "ликвидация"})

#: Words of the full moon said as the reason before the ordinal («Раз полнолуние — второй
#: труп от клана: X», «Полнолуние, так что второго — X»).
_MOON_REASON = frozenset({"раз", "полнолуние", "луна", "полная", "так", "что", "—", "-", ",",
                          ":"})


def ordinal_at(clause: list[Tok], start: int) -> int:
    """The index of an ordinal of the second victim that opens ``clause`` at ``start``
    after opening words («А второго — X») or the full moon said as the reason («Раз
    полнолуние — второй труп от клана: X»); -1 when no such ordinal opens the clause."""
    k = skip_words(clause, start, _OPENERS)
    if k < len(clause) and clause[k].w in SECOND:
        return k
    j = skip_words(clause, k, _MOON_REASON)
    said = {t.w for t in clause[k:j]}
    if j < len(clause) and clause[j].w in SECOND and said & {"полнолуние", "луна"} and \
            said & {"—", "-", ",", ":"}:
        return j
    return -1


def noun_after_ordinal(clause: list[Tok], start: int) -> bool:
    """True when a kill noun of :data:`SECOND_KILL_NOUNS` follows the ordinal that opens
    ``clause`` at ``start`` (:func:`ordinal_at`): «Второй труп: X»."""
    k = ordinal_at(clause, start)
    return 0 <= k < len(clause) - 1 and clause[k + 1].w in SECOND_KILL_NOUNS

#: Counting words of a two-kill heading («двое», «двоих», «в две руки», «по двум целям»).
_COUNT = frozenset({"двое", "двоих", "два", "две", "двум", "двух", "обоих", "оба", "пару",
                    "парочку"})

#: The other words a two-kill heading may hold before its colon or dash.
_HEADING = _COUNT | frozenset({
    "работаем", "работать", "в", "руки", "сегодня", "ночью", "этой", "на", "эту", "ночь",
    "полнолуние", "луна", "полная", "так", "что", "значит", "раз", "у", "нас", "от", "клана",
    "уходят", "уйдут", "берем", "берём", "забираем", "цели", "жертвы", "а", "и", "ну", "целей",
    "жертв", "целям", "жертвам", "сразу", "по", ",",
    # «го двоих: X и Y», «давай двоих: X и Y» (let's)
    "го", "давай", "давайте",
    # «Две пули: X и Y», «Два выстрела — X, Y», «два заказа: X и Y»: the kills counted by
    # the noun of a kill (the count word is still needed: «Пули: X и Y» alone is no heading)
    "пули", "пуль", "выстрела", "выстрелов", "заказа", "заказов", "убийства", "убийств",
    "трупа", "трупов",
})

#: Counting words that may end a two-kill heading with no mark when exactly two players
#: follow to the clause's end («Полнолуние, го двоих Кузю и Бобра»).
_BARE_COUNT = frozenset({"двоих", "двое", "обоих", "обеих"})

#: The words a two-kill heading may hold (engine.textnorm_clan reads a count's sentence).
HEADING_WORDS = _HEADING

#: The marks that end a two-kill heading (and may stand inside it before the counting word:
#: «Полнолуние — берём двоих: X и Y»).
_MARKS = (":", "—", "-")

#: The counting words of a two-kill heading: on a full-moon day a clan member's sentence
#: holding one is worth reading (engine.parse).
KILL_COUNTS = _COUNT


def second_kill(clause: list[Tok], start: int, names, near=None) -> int | None:
    """«Второго — X», «А вторым будет X» from token ``start``: the index where the name
    starts, when an ordinal of the second and only :data:`_SECOND_WORDS` come before a
    nickname (``names(k)``: the tokens a nickname takes at ``k``, 0 for none), or before one
    word that may be one (``near(k)``: a pet form, a lower-case short name: «второй — женя»)
    ending the clause; else None."""
    k = ordinal_at(clause, start)
    if k < 0:
        return None
    k = skip_words(clause, _aside_end(clause, k + 1, names), _SECOND_WORDS)
    if k >= len(clause):
        return None
    if names(k):
        return k
    if near is not None and clause[k].word and \
            not any(t.word for t in clause[k + 1:]) and near(k):
        return k  # (read, and if unsure asked about, by the move's reading)
    return None


#: The longest bracketed aside (in tokens, brackets included) skipped after the ordinal.
_ASIDE_MAX = 6


def _aside_end(clause: list[Tok], k: int, names) -> int:
    """The index after a short bracketed aside naming nobody that opens at ``k`` («Вторым
    (полнолуние) — X», «Второго (раз луна) — Y»: why there is a second one), or such an
    aside between commas followed by a dash or colon («Вторую, раз полнолуние, — X»);
    ``k`` when none."""
    if k >= len(clause) or clause[k].w not in ("(", ","):
        return k
    close = ")" if clause[k].w == "(" else ","
    for n in range(k + 1, min(len(clause), k + _ASIDE_MAX)):
        if clause[n].w == close and (close == ")" or n > k + 1 and n + 1 < len(clause) and
                                     clause[n + 1].w in _LABEL_MARKS):
            return n + 1
        if clause[n].word and names(n):
            return k
    return k


#: Forms of «первый» (and the number 1) that open the first of two labelled kills.
FIRST_LABELS = frozenset({"первого", "первый", "первую", "первым", "первое", "первая", "1"})

#: Forms of «второй» and the number 2 that open the second of two labelled kills.
SECOND_LABELS = SECOND | {"2"}

#: Marks between a labelled kill's ordinal and its name («Нитка 1: X», «Первым стволом — X»).
_LABEL_MARKS = frozenset({":", "—", "-", "–"})


#: Words after «первым» that make it an idiom, not the first of two kills.
_NOT_LABELS = frozenset({"делом", "долгом", "классом"})


def labelled_kill(clause: list[Tok], start: int, names, ordinals=FIRST_LABELS,
                  near=None) -> tuple[int, str] | None:
    """«Нитка 1: X», «Первым стволом — X», «2: Y» from token ``start``: an optional label
    word, an ordinal of ``ordinals``, at most one more word, a mark of :data:`_LABEL_MARKS`,
    then a nickname (``names(k)``, or one word that may be one: ``near(k)``, read and if
    unsure asked about by the move's reading) ending the clause. Returns the name's index and the label
    word («» when none); None otherwise. Whether the pair of such lines is there is the
    caller's to check (:func:`engine.parse_clan_kill.full_moon_kill`)."""
    k = skip_words(clause, start, _OPENERS)
    label = ""
    if k + 1 < len(clause) and clause[k].word and clause[k].w not in ordinals and \
            clause[k + 1].w in ordinals and not names(k):
        label, k = clause[k].w, k + 1
    if k >= len(clause) or clause[k].w not in ordinals:
        return None
    k += 1
    if k < len(clause) and clause[k].word and not names(k):
        if clause[k].w in _NOT_LABELS:
            return None  # («Первым делом — X»: «first of all», no kill of a pair)
        k += 1  # («Первым стволом — X»)
    if k >= len(clause) or clause[k].w not in _LABEL_MARKS:
        return None
    k += 1
    size = names(k) if k < len(clause) else 0
    if not size and near is not None and k < len(clause) and clause[k].word and near(k):
        size = 1  # («Первым стволом — Сокол» for Sokol.M)
    if not size or any(t.word for t in clause[k + size:]):
        return None
    return k, label


def counted_kill(clause: list[Tok], start: int, names, near=None) -> int | None:
    """«Работаем в две руки: X и Y», «Полнолуние — берём двоих: X и Y», «по двум целям: X,
    Y» from token ``start``: the index after the colon or dash that ends the heading when the
    words before it are heading words with a counting word among them and exactly two players
    joined by «и», «+» or a comma follow; else None. A player is a nickname (``names(k)``: the
    tokens it takes at ``k``) or one word that may be one (``near(k)``: a pet form, a near
    miss; read and, if unsure, asked about by the move's reading) before «и», a mark or the
    end («Серхио и Алёнка»); with no ``near``, one such word needs an exact nickname beside it."""
    k, counted = start, False
    while k < len(clause) and (clause[k].w in _HEADING or
                               (clause[k].w in _MARKS and not counted)):
        counted = counted or clause[k].w in _COUNT
        k += 1
    if not counted or k >= len(clause):
        return None
    bare = clause[k].w not in _MARKS
    if bare and (clause[k - 1].w not in _BARE_COUNT or not clause[k].word):
        return None  # («двоих X и Y» with no mark: only right after «двоих», «двое»)
    after = k if bare else k + 1
    if after == len(clause) and near is not None:
        return after  # «Двое:⏎1) X⏎2) Y»: the heading of a list (engine.parse_listed)
    n, found, exact = after, 0, 0
    while n < len(clause):
        size = names(n)
        if size:
            found, exact = found + 1, exact + 1
            n += size
        elif clause[n].w in ("и", ",", ".", "+"):
            n += 1
        elif clause[n].word and (n + 1 >= len(clause) or not clause[n + 1].word or
                                 clause[n + 1].w == "и") and (near is None or near(n)):
            found += 1  # a word that is no exact nickname («ostap'a», «Юльку»): read, asked
            n += 1
        elif near is not None and found and not bare:
            break  # «двоих: X и кого-нибудь ещё»: read, the second kill asked about
        else:
            return None
    if bare:
        return after if found == 2 and exact >= 1 else None
    if near is None:
        return after if found == 2 and exact >= 1 else None
    return after if found else None


def count_said(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when ``clause[lo:hi]`` holds a counting word of two victims («двоих», «двое», «по
    двум целям», «обоих»)."""
    return any(t.w in _COUNT and t.w not in ("пару", "парочку") for t in clause[lo:hi])


#: Prepositions that may stand before each of the two victims («два визита: к X и к Y»).
_TO = frozenset({"к", "ко"})

#: What may join the two victims after a heading.
_JOINS = frozenset({"и", ",", "+", "&"})


def free_counted_kill(clause: list[Tok], start: int, names, near=None) -> tuple[int, str] | None:
    """«Двоих в кювет: X и Y», «Закрываем две позиции: X и Y», «Ассасинов двое: к X и к Y»
    from token ``start``: a heading in any words up to its first colon or dash, judged by
    :func:`engine.grammar_kill_heading.heading_verdict`, then exactly two players (each may
    follow «к»; a verb of the first person plural may open them: «двоих: шлюзуем X и Y»)
    joined by «и», «+» or a comma and ending the clause. Returns the index where the first
    player starts and the verdict (``"kill"`` or ``"ask"``); None when the clause is no such
    heading. ``names``/``near`` as for :func:`counted_kill`."""
    from .grammar_kill_heading import COUNTS, MARKS, heading_verdict
    from .words import is_known_word, morph

    count = next((k for k in range(start, len(clause)) if clause[k].w in COUNTS), None)
    mark = None if count is None else \
        next((k for k in range(count, len(clause)) if clause[k].w in MARKS), None)
    if mark is None:
        return None  # (marks before the count may stand in the heading: «Полнолуние — …»)
    verdict = heading_verdict(clause, start, mark, names)
    if verdict is None:
        return None
    k = mark + 1
    if k < len(clause) and clause[k].word and not names(k) and is_known_word(clause[k].w):
        tag = morph().parse(clause[k].w)[0].tag
        if tag.POS == "VERB" and tag.person == "1per" and tag.number == "plur" and \
                tag.tense != "past":
            k += 1  # («двоих: шлюзуем X и Y»)
    first, found, n, to = None, 0, k, 0
    while n < len(clause):
        if clause[n].w in _TO and n + 1 < len(clause) and clause[n + 1].word:
            n, to = n + 1, to + 1
        size = names(n) if clause[n].word else 0
        if not size and clause[n].word and near is not None and near(n) and (
                n + 1 >= len(clause) or not clause[n + 1].word or clause[n + 1].w in _JOINS):
            size = 1  # (a word that may be a nickname: read and, if unsure, asked about)
        if not size:
            return None
        first = n if first is None else first
        found += 1
        n += size
        if found == 2:
            break
        if n >= len(clause) or clause[n].w not in _JOINS:
            return None
        while n < len(clause) and clause[n].w in _JOINS:
            n += 1
    if found != 2 or any(t.word for t in clause[n:]):
        return None
    if verdict == "who":  # («Ассасинов двое: к X и к Y»: the two are where the killers go)
        verdict = "kill" if to == 2 else "ask"
    return first, verdict
