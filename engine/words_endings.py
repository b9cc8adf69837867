"""Case forms of a word by its letters alone (issue 3), for :func:`engine.words.word_forms`
and the name index: a Russian noun's forms by its last letter (when pymorphy3 knows none),
a Latin nickname's forms (as written, with Russian endings attached, its Cyrillic reading
declined), and the Cyrillic and Latin letters and case sets they use. No dictionary here.
"""

from __future__ import annotations

import re

from .translit import transcribe


#: Every grammatical case a name form may be in (pymorphy3 tags).
ALL_CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})


#: Every case but the nominative.
OBLIQUE = ALL_CASES - {"nomn"}


#: A Cyrillic letter (of a normalised word).
CYR = re.compile(r"[а-я]")


#: A Latin letter (of a normalised word).
LAT = re.compile(r"[a-z]")


_LATIN_ENDINGS = ("а", "у", "ом", "ой", "е", "ы", "и", "ю", "ем", "я", "ым", "ого", "ому", "ой",
                  "a", "u", "om", "oy", "oi", "e", "y", "i", "ym", "ogo", "omu", "ovi")


_LATIN_SEPARATORS = ("", "-", "'", "’", "`")

#: The case endings of a Latin word in «-ya» («Valya», «Tanja»: «Валя», «Таня») written after
#: its stem and an apostrophe for the soft sign («Baba_Val'е», «Tan'ю»), and the plain Latin
#: genitive whose «y» stands for «и» as phones type it («u Tany», «v Baba_Valy»).
_YA_ENDINGS = {"я": frozenset({"nomn"}), "ю": frozenset({"accs"}), "и": frozenset({"gent"}),
               "е": frozenset({"datv", "loct"}), "ей": frozenset({"ablt"}),
               "u": frozenset({"accs"}), "i": frozenset({"gent"}), "e": frozenset({"datv", "loct"})}

#: The case endings of a Latin word in «-a» written after its stem and an apostrophe
#: («Seryoga_Dach'у», «Tomato_Mam'ой»).
_A_ENDINGS = {"а": frozenset({"nomn"}),  # «Lol'а» for «Lola»: its «a» typed in Cyrillic
              "у": frozenset({"accs"}), "ы": frozenset({"gent"}), "и": frozenset({"gent"}),
              "е": frozenset({"datv", "loct"}), "ой": frozenset({"ablt"}),
              "u": frozenset({"accs"}), "y": frozenset({"gent"}), "i": frozenset({"gent"}),
              "e": frozenset({"datv", "loct"}), "oi": frozenset({"ablt"})}


_TRANSLIT = tuple(  # a vowel, «y», a vowel: «zaya» → «зая», not «зайа»
    (v + "y" + w, cv + cw) for v, cv in (("a", "а"), ("e", "е"), ("i", "и"), ("o", "о"),
                                         ("u", "у")) for w, cw in (("a", "я"), ("u", "ю"))
) + (
    ("sch", "щ"), ("sh", "ш"), ("ch", "ч"), ("zh", "ж"), ("kh", "х"), ("ts", "ц"), ("yu", "ю"),
    ("ya", "я"), ("yo", "е"), ("ye", "е"), ("ey", "ей"), ("ay", "ай"), ("oy", "ой"),
    ("iy", "ий"), ("ee", "и"), ("oo", "у"), ("ck", "к"), ("ph", "ф"),
    ("th", "т"), ("a", "а"), ("b", "б"), ("c", "к"), ("d", "д"), ("e", "е"), ("f", "ф"),
    ("g", "г"), ("h", "х"), ("i", "и"), ("j", "дж"), ("k", "к"), ("l", "л"), ("m", "м"),
    ("n", "н"), ("o", "о"), ("p", "п"), ("q", "к"), ("r", "р"), ("s", "с"), ("t", "т"),
    ("u", "у"), ("v", "в"), ("w", "в"), ("x", "кс"), ("y", "и"), ("z", "з"),
)


def ending_forms(word: str) -> dict[str, frozenset[str]]:
    """Case forms of a Russian noun (normalised) by its last letter → the cases each form
    can be (fallback when pymorphy has none; the Cyrillic readings of Latin nicknames)."""
    out: dict[str, frozenset[str]] = {word: frozenset({"nomn"})}
    last, stem = word[-1:], word[:-1]

    def add(form, *cases):
        out[form] = out.get(form, frozenset()) | frozenset(cases)

    if last == "а":
        add(stem + "ы", "gent"), add(stem + "и", "gent"), add(stem + "е", "datv", "loct")
        add(stem + "у", "accs"), add(stem + "ой", "ablt"), add(stem + "ою", "ablt")
        if stem[-1:] in "жшчщц":  # «Надюшей», «Маришкой»: unstressed «ой» after a hush is «ей»
            add(stem + "ей", "ablt"), add(stem + "ею", "ablt")
        if stem[-1:] == "и":  # «Мариа» read from Maria is «Мария»: «Марии» in any oblique case
            add(stem + "и", "datv", "loct")
    elif last == "я":
        add(stem + "и", "gent"), add(stem + "е", "datv", "loct"), add(stem + "ю", "accs")
        add(stem + "ей", "ablt")
        if stem[-1:] == "и":  # «Марии», «Лилии»: dative and locative of «-ия» in «-ии»
            add(stem + "и", "datv", "loct")
    elif last == "й":
        add(stem + "я", "gent", "accs"), add(stem + "ю", "datv"), add(stem + "ем", "ablt")
        add(stem + "е", "loct")
    elif last == "ь":
        add(stem + "я", "gent", "accs"), add(stem + "ю", "datv"), add(stem + "ем", "ablt")
        add(stem + "е", "loct"), add(stem + "и", "gent", "datv", "loct"), add(stem + "ью", "ablt")
    elif CYR.fullmatch(last or "-") and last not in "оеиуюыэ":
        add(word + "а", "gent", "accs"), add(word + "у", "datv"), add(word + "ом", "ablt")
        add(word + "е", "loct")
        if last in "жшчщц":
            add(word + "ем", "ablt")  # «Матвеичем»
        if len(word) >= 5 and word[-2:] in ("ок", "ек", "ец") and word[-3] not in "аеиоуыэюя":
            # the fleeting vowel («Тапок» → «Тапка», «Пенёк» → «Пенька», «Хитрец» →
            # «Хитреца» and «Хитрца»): both spellings, as nobody can tell an unknown word's
            for short in {word[:-2] + word[-1], word[:-2] + "ь" + word[-1]} if \
                    word[-2] == "е" else {word[:-2] + word[-1]}:
                add(short + "а", "gent", "accs"), add(short + "у", "datv")
                add(short + "ом", "ablt"), add(short + "е", "loct")
                if short[-1] == "ц":
                    add(short + "ем", "ablt")
    return out


def translit(word: str) -> str:
    """A plain Russian reading of a Latin word («serginio» → «сергинио»)."""
    return transcribe(word, _TRANSLIT)


def latin_forms(word: str) -> dict[str, frozenset[str]]:
    """The forms of a Latin nickname word: as written (any case), with Russian case endings
    attached («serginio-у», «smith'a»), and its Cyrillic readings' case forms."""
    forms: dict[str, frozenset[str]] = {word: ALL_CASES}
    for sep in _LATIN_SEPARATORS:
        for end in _LATIN_ENDINGS:
            forms.setdefault(word + sep + end, OBLIQUE)
    if re.fullmatch(r"[a-z]{3,}a", word):  # «Dach'у», «Mam'ы» for «Dacha», «Mama»: the «a»
        for sep in _LATIN_SEPARATORS[2:]:  # declined away as in «Даша» (an apostrophe only)
            for end, cases in _A_ENDINGS.items():
                forms.setdefault(word[:-1] + sep + end, cases)
    if re.fullmatch(r"(?:[a-z]+[_-])?[a-z]{2,}[yj]a", word) and word[-3] not in "aeiouy":
        for sep in _LATIN_SEPARATORS[2:]:  # «Val'е», «Val'ю» for «Valya»
            for end, cases in _YA_ENDINGS.items():
                forms.setdefault(word[:-2] + sep + end, cases)
        forms.setdefault(word[:-1], frozenset({"gent"}))  # «Valy»: «Вали»
    if LAT.search(word) and not re.search(r"\d|_", word):
        readings = {translit(word)}
        if "u" in word:  # an English «u» is often said «а»: «Lucky» → «Лаки», «Bud» → «Бад»
            readings.add(translit(word.replace("u", "a")))
        read: dict[str, frozenset[str]] = {}
        for cyr in sorted(readings):  # («мику»: Miku's nominative and «мика»'s accusative,
            for w, cases in ending_forms(cyr).items():  # whatever order the set holds)
                read[w] = read.get(w, frozenset()) | cases
        for w, cases in read.items():
            forms.setdefault(w, cases)
    return forms
