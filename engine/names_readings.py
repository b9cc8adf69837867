"""The Cyrillic readings of a Latin nickname word for the name index (issue 3, issue 11),
used by :func:`engine.names.name_index`: the spellings Russians give it («Тацита» for
Tacitus), a short word's two-letter reading («Доктора Ху»), and which readings may name the
player alone: a reading that is a short common Russian word («Бера», «Бин» for Bear,
Mr.Bean) names him only written with a capital.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .translit import name_readings
from .words import THRESHOLDS, is_known_word, morph, person_name, word_forms
from .words_endings import ALL_CASES, ending_forms

if TYPE_CHECKING:
    from .names_match import NameIndex


def reading_forms(word: str) -> dict[str, frozenset[str]]:
    """The case forms of the Cyrillic spellings Russians give a Latin nickname word
    (:func:`engine.translit.name_readings`: Tacitus → «Тацит», «Тацита»; Pulcheria →
    «Пульхерию») that :func:`engine.words.word_forms` does not already give; ``{}`` for a
    word that is not all Latin letters."""
    base = word_forms(word)
    out: dict[str, frozenset[str]] = {}
    for reading in name_readings(word):
        forms = ending_forms(reading)
        if _adjective(reading):  # («у Злого», «Крутому» for Dr.Zloy, Krutoy)
            forms = {**forms, **{f: forms.get(f, frozenset()) | c
                                 for f, c in word_forms(reading).items()}}
        for form, cases in forms.items():
            if form not in base:
                out[form] = out.get(form, frozenset()) | cases
    return out


def _adjective(reading: str) -> bool:
    """True when a Cyrillic reading is, by the dictionary, a masculine adjective in the
    nominative («злой», «крутой», «тихий»): it declines as one («Злого», «Злому»)."""
    if not reading.endswith(("ой", "ый", "ий")):
        return False
    return any(p.tag.POS == "ADJF" and "masc" in p.tag and "nomn" in p.tag and
               "sing" in p.tag for p in morph().parse(reading))


def short_reading(word: str) -> dict[str, frozenset[str]]:
    """The usual Cyrillic reading of two letters of a short Latin word of a multi-word nick,
    undeclined («ху» for the «Who» of «Dr.Who»: «Доктора Ху»); it names the player only
    beside the nick's other words (never alone: it is no key of ``idx.parts``)."""
    if not re.fullmatch(r"[a-z]{2,3}", word):
        return {}
    short = [r for r in name_readings(word, shortest=2) if len(r) == 2][:1]
    return {r: ALL_CASES for r in short}


def safe_readings(forms: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """``forms`` without the short common Russian words among them («марка», «марку» from
    Marcus's «Марк»; five letters or fewer, see ``known_word_fuzzy_max_len``): such a word
    alone never names a player by a reading."""
    short = THRESHOLDS["known_word_fuzzy_max_len"]
    return {f: c for f, c in forms.items()
            if (len(f) > short or not is_known_word(f) or person_name(f) or _loan(f, forms)
                or _abbreviation(f)) and not _oblique_adjective(f)}


#: Endings of an adjective's oblique cases («тихого», «крутому», «седым»).
_OBLIQUE = ("ого", "его", "ому", "ему", "ым", "им")


def _oblique_adjective(form: str) -> bool:
    """True for an oblique case of a dictionary adjective («тихого», «крутому»): a reading
    so written names the player only with a capital («у Крутого», never «крутого парня»)."""
    return form.endswith(_OBLIQUE) and any(
        p.tag.POS == "ADJF" and p.tag.case not in (None, "nomn") for p in morph().parse(form))


def capital_readings(idx: NameIndex, nick: str,
                      forms: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """``forms`` (readings of a Latin word of ``nick``) that :func:`safe_readings` keeps; the others,
    common Russian words («Бера», «Бин»: Bear, Mr.Bean), go to ``idx.capital_readings``:
    they name the player only written with a capital inside a sentence."""
    safe = safe_readings(forms)
    for form in forms.keys() - safe.keys():
        idx.capital_readings.setdefault(form, set()).add(nick)
    return safe


def _abbreviation(word: str) -> bool:
    """True for a word pymorphy3 knows only as an abbreviation («гост»: ГОСТ), which nobody
    writes as a common word in lower case (so «гост» may read Ghost)."""
    return all("Abbr" in p.tag for p in morph().parse(word))


def _loan(form: str, forms: dict[str, frozenset[str]]) -> bool:
    """True when ``form`` is, at its likeliest, the very word a reading is, an indeclinable
    word Russian borrowed («леди» for Lady, «мисс» for Miss), not another word it happens to
    spell («марка» is no form of Marcus's «Марк», «сам» no reading of Sam)."""
    best = morph().parse(form)[0]
    return "Fixd" in best.tag and "nomn" in forms.get(best.normal_form.replace("ё", "е"), ())
