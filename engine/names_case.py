"""A word that is a form of words of several nicks, narrowed by the case the governing word
asks for (issue 11): «голосую за Лиса» is the accusative of «Лис» (the nick «Старый Лис»),
not the nominative of «Лиса» (a word of «Лиса Алиса», whose accusative is «Лису»).
Used by :func:`engine.grammar_targets.read_targets`.
"""

from __future__ import annotations

import re

from .names_english import translations
from .names_given import names_written
from .names_match import NameHit, NameIndex
from .words import CYR, LAT, norm, word_forms


def word_cases(idx: NameIndex, word: str, nick: str) -> frozenset[str] | None:
    """The cases ``word`` (normalised) is in as a form of a Cyrillic word of ``nick``; None
    when it is no such form or may name the nick otherwise: a reading of a Latin word, a pet
    form, a prefix, a given name the nick holds (the case says nothing then)."""
    if names_written(word) & idx.given_of.get(nick, frozenset()):
        return None  # «Алису»: Alice_W by the name Алиса, in any case
    found: frozenset[str] | None = None
    for w in re.findall(r"[^\W\d_]+", norm(nick)):
        if CYR.search(w) and not LAT.search(w):
            cases = word_forms(w).get(word)
            if cases:
                found = (found or frozenset()) | cases
    return found


def case_fit(idx: NameIndex, word: str, hit: NameHit | None,
             expected: frozenset[str] | None) -> NameHit | None:
    """``hit`` (a word that fits several nicks) narrowed to the one nick it is a form of in
    a case ``expected`` asks for, when every other candidate has the word only as a form in
    other cases («за Лиса»: Лис's accusative; «Лиса» of «Лиса Алиса» is a nominative); a
    candidate the word reaches otherwise (pet form, prefix, given name) may be any case and
    keeps the hit asked. ``hit`` as it is when nothing narrows it."""
    if hit is None or hit.nick is not None or not expected or len(hit.candidates) < 2:
        return hit
    cases = {n: word_cases(idx, word, n) for n in hit.candidates}
    fit = [n for n in hit.candidates if cases[n] is None or cases[n] & expected]
    if len(fit) != 1 or cases[fit[0]] is None:
        return hit
    if any(_one_surname(fit[0], n) for n in hit.candidates if n != fit[0]):
        # «за кузнецова»: Кузнецов В.П.'s accusative, or «Валентина Кузнецова» by the same
        # surname, the woman's form undeclined: two players of one family name, asked
        return hit
    return NameHit(fit[0], (fit[0],), hit.kind, hit.length)


def _one_surname(nick: str, other: str) -> bool:
    """True when a Cyrillic word of ``nick`` and one of ``other`` are the man's and the
    woman's forms of one Russian surname («Кузнецов» and «Кузнецова», «Вишневский» and
    «Вишневская», «Ильин» and «Ильина»)."""
    mine = [w for w in re.findall(r"[^\W\d_]+", norm(nick)) if CYR.search(w)]
    theirs = [w for w in re.findall(r"[^\W\d_]+", norm(other)) if CYR.search(w)]
    for a in mine:
        for b in theirs:
            man, woman = (a, b) if len(a) < len(b) or a.endswith("ий") else (b, a)
            if re.fullmatch(r"\w{2,}(?:ов|ев|ин|ын)", man) and woman == man + "а":
                return True
            if re.fullmatch(r"\w{2,}[сц]кий", man) and woman == man[:-2] + "ая":
                return True
    return False


def translation_fit(idx: NameIndex, word: str, hit: NameHit | None,
                    expected: frozenset[str] | None) -> NameHit | None:
    """``hit`` (a word that is a word of one nick and the Russian translation of a Latin
    nick, :attr:`NameIndex.part_translated`) given to the nick written so when the word is
    its form in the case the governing word asks for, or bare («громлю лису», «МО — Лиса»:
    «Лиса Патрикеевна», «Старый Лис»); in another case («стреляю в лису»: Лис's dative, the
    fox's accusative) or when the nick is itself only read from Latin letters («Lisa.K»), the
    translation is as good a reading and the hit stays asked. A Latin nick that is the
    translated word alone («Dispatcher» beside «Нина_диспетчер», «зову Диспетчера»; not
    «ShadowFox»: :func:`_whole_translation`) is named by the word as wholly as the other nick
    by one of its words: asked too."""
    if hit is None or hit.nick is not None or word not in idx.part_translated:
        return hit
    if any(_whole_translation(word, n) for n in idx.part_translated[word]):
        return hit
    written = [n for n in hit.candidates if n not in idx.part_translated[word]]
    if len(written) != 1:
        return hit
    cases = word_cases(idx, word, written[0])
    if cases is None or (expected and not cases & (expected | {"nomn"})):
        return hit
    return NameHit(written[0], (written[0],), hit.kind, hit.length)


def _whole_translation(word: str, nick: str) -> bool:
    """True when the Latin ``nick`` is one English noun alone, letters only («Dispatcher»,
    «Knight»; not «ShadowFox», «Grey_Fox», «Fox77»), and ``word`` is a case form of its
    Russian translation (:func:`engine.names_english.translations`)."""
    plain = norm(nick)
    if not re.fullmatch(r"[a-z]+", plain):
        return False
    return any(word in word_forms(ru) for ru in translations(plain)[0])


def spelled_by_other(word: str, hit: NameHit, narrowed: NameHit | None) -> bool:
    """True when ``word``, which :func:`case_fit` narrowed from ``hit``'s candidates to
    ``narrowed``'s one nick by its case, is written exactly as a whole word of another
    candidate spells it («Лиса» of «Лиса Алиса», «Шрёдингера» of «Кот_Шрёдингера»): a nick's
    word is often written unchanged where the verb asks for another case, so that reading is
    as good as the case form and the name stays asked."""
    if narrowed is None or narrowed.nick is None:
        return False
    return any(word in {norm(x) for x in re.findall(r"[^\W\d_]+", n)}
               for n in hit.candidates if n != narrowed.nick)
