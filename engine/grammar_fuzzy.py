"""Misspelt move verbs («лечю», «провиряю», «линчю»): :func:`fuzzy_verb` (one edit from a
strong keyword of one class) and where :mod:`engine.grammar_keywords` looks for one
(:func:`any_fuzzy_verb`)."""

from __future__ import annotations

import functools

from . import grammar_vocab as V
from .grammar_plans import SEGMENT_MARKS
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .words import is_known_word, max_distance, role_words


def any_fuzzy_verb(clause: list[Tok], first_three: bool) -> bool:
    """True when a word where :func:`engine.grammar_keywords._fuzzy_keywords` looks for a misspelt verb is one (the
    first word, the first word after a comma, dash or colon, and with ``first_three`` the
    first three words)."""
    seen, limit = 0, 3 if first_three else 1
    before = None  # the token before ``t``
    for t in clause:
        if t.word:
            if (seen < limit or (not before.word and before.w in SEGMENT_MARKS)) and \
                    fuzzy_verb(t.w):
                return True
            seen += 1
        before = t
    return False


@functools.lru_cache(maxsize=1)
def _verb_choices() -> list[str]:
    """Strong keywords a misspelt verb is compared with."""
    lex = lexicon()
    return [w for w in lex.words if w not in lex.weak and len(w) >= 3]


@functools.lru_cache(maxsize=50_000)
def fuzzy_verb(word: str) -> str | None:
    """The keyword class of a misspelt verb (one edit, see engine.names.THRESHOLDS), or None
    when the word is a dictionary word, a role word, or near keywords of several classes."""
    limit = max_distance(len(word), "verb")
    if limit and slang_past(word) is not None:
        return None  # «шизил»: the past of a slang verb, told, no misspelt «шизю»
    hits = _near(word, _verb_choices(), limit) if limit else []
    if not hits:
        return None
    best = min(s for _, s, _ in hits)
    classes = {lexicon().words[c] for c, s, _ in hits if s == best}
    if len(classes) > 1 and best == 1:
        # «шежу» (шижу / режу), «провераю» (проверяю / проведаю): a vowel written for its
        # sound-alike outranks another letter
        classes = {lexicon().words[c] for c, s, _ in hits if s == 1 and vowel_slip(word, c)}
    return classes.pop() if len(classes) == 1 else None


#: Vowels written for one another where they sound alike (unstressed «о»/«а», «е»/«и»/«я»,
#: the soft and hard pairs «у»/«ю», «ы»/«и», «е»/«э»).
_SOUND_ALIKE = (frozenset("аоя"), frozenset("еияэ"), frozenset("ую"), frozenset("ыи"))


def vowel_slip(word: str, other: str) -> bool:
    """True when ``word`` is ``other`` with one vowel written as its sound-alike
    (:data:`_SOUND_ALIKE`): «провераю» of «проверяю», «рижу» of «режу»."""
    if len(word) != len(other):
        return False
    diff = [(a, b) for a, b in zip(word, other) if a != b]
    return len(diff) == 1 and any(diff[0][0] in g and diff[0][1] in g for g in _SOUND_ALIKE)


@functools.lru_cache(maxsize=20_000)
def slang_past(word: str) -> str | None:
    """The keyword class of ``word`` when it is the past tense of a slang move verb the
    dictionary does not know and the lexicon lists by its infinitive («шизил», «шизила» of
    «шизить»; «чекал» of «чекать»), else None."""
    if len(word) < 5 or is_known_word(word):
        return None
    for end in ("л", "ла", "ли", "ло"):
        if word.endswith(end):
            cls = lexicon().words.get(word[:-len(end)] + "ть")
            if cls is not None:
                return cls
    return None


def _near(word: str, choices: list[str], limit: int) -> list[tuple[str, int, int]]:
    """The keywords of ``choices`` at most ``limit`` edits (OSA: a swap of two letters is
    one) from ``word``, as rapidfuzz gives them; none for a dictionary word or a role word."""
    if is_known_word(word) or word in role_words():
        return []
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    return process.extract(word, choices, scorer=OSA.distance, score_cutoff=limit, limit=None)


@functools.lru_cache(maxsize=1)
def _noun_choices() -> list[str]:
    """Weak keywords of four letters or more a misspelt move noun is compared with
    («голос», «линч»)."""
    lex = lexicon()
    return [w for w in lex.weak if len(w) >= 4 and not w.isascii()]


@functools.lru_cache(maxsize=50_000)
def fuzzy_noun(word: str) -> str | None:
    """The keyword class of a misspelt weak keyword («глоос», «гоолс» for «голос»: one edit,
    a transposition counting as one), or None when the word is a dictionary word, a role
    word, shorter than four letters, or near weak keywords of several classes. Only where a
    label stands (see engine.grammar_keywords._fuzzy_keywords)."""
    hits = _near(word, _noun_choices(), 1) if len(word) >= 4 else []
    if not hits:
        return None
    classes = {lexicon().words[c] for c, s, _ in hits}
    return classes.pop() if len(classes) == 1 else None


def run_on_verbs(clause: list[Tok], ends: list[int], excluded: set[int],
                 idx) -> list[tuple[int, str]]:
    """Misspelt verbs in a run-on sentence with no punctuation («шизю сову голомую за
    бармалея»): a word right after the name that follows a move word (the move words end
    at ``ends``), one edit from a move verb (:func:`fuzzy_verb`) and followed by a
    preposition or a player's name (``idx``: the roster's name index). (index, class) each."""
    words = clause_words(clause)
    out: list[tuple[int, str]] = []
    for j in ends:
        hit = idx.exact(words, j, None) if j < len(clause) else None
        if hit is None:
            continue
        k = j + hit.length
        if k + 1 >= len(clause) or not clause[k].word or not clause[k + 1].word or \
                k in excluded or len(words[k]) < 5:
            continue
        if words[k + 1] not in V.PREPOSITIONS and idx.exact(words, k + 1, None) is None:
            continue
        if idx.exact(words, k, None) is None and (cls := fuzzy_verb(words[k])):
            out.append((k, cls))
    return out
