"""The pieces a player may call a nickname by (issue 3, issue 11): its words cut at digits and
at capitals inside a word («NoobSlayer228» → noob, slayer), a digit between letters read as
the letter it stands for («J0ker» → joker, «N00b-Slayer» → noob), a nick spelled letter by
letter joined («k.a.t.y.a» → katya). Used by :mod:`engine.names` to build the form index.
"""

from __future__ import annotations

import re

from .words import THRESHOLDS, norm


#: A digit written between letters of a nickname stands for a letter («J0ker» is «Joker»,
#: «dron4ik» is «дрончик»: 4 is «ч» in Russian chat).
_LEET = {"0": "o", "1": "i", "3": "e", "4": "ch", "5": "s", "7": "t"}

#: The other letter a digit between Latin letters stands for in English leet: 4 is «a»
#: («Sh4dow» is «Shadow», «M4ks» is «Maks»), beside the «ч» of Russian chat.
_LEET_LATIN = {"4": "a"}


#: A number written between letters of a nickname read as its Russian name, a syllable of
#: the word («Pro100Vasya» is «Простовася», «Mega7ya» is «Мегасемья»): the Latin
#: spelling and the Cyrillic one.
_SAID = {"100": ("sto", "сто"), "7": ("sem", "семь")}


def _said(number: str, word: str) -> str:
    """``number`` (between letters of ``word``) as its Russian name in the word's script
    (:data:`_SAID`), or as written when it has none."""
    names = _SAID.get(number)
    if names is None:
        return number
    return names[0] if re.search(r"[a-zA-Z]", word) else names[1]


def _camel_words(word: str) -> list[str]:
    """The words of a word written in CamelCase once its digits are read as letters
    («NightWolf» → Night, Wolf); empty when it has no capital inside."""
    words = re.findall(r"[A-ZА-ЯЁ]?[a-zа-яё]+|[A-ZА-ЯЁ]+(?![a-zа-яё])", word)
    return words if len(words) > 1 else []


def nick_pieces(nick: str) -> list[str]:
    """The pieces a player may call a nickname by (normalised, three letters or more): its
    words cut at anything but letters, at digits and at a capital inside a word
    («NoobSlayer228» → noob, slayer; «Krot.exe» → krot, exe; «dron4ik» → dron), each word
    of the nick with a digit between letters read as a letter («J0ker» → joker, «dron4ik» →
    dronchik, «Sh4dow» → shadow as well as shchdow, «N00b-Slayer» → noob; its words cut at
    capitals once so read: «N1ghtW0lf» → night, wolf) or a number as its Russian name («Pro100Vasya» →
    prostovasya), a word with an apostrophe inside written without it
    («Lo'ra» → lora, «Д'Артаньян» → дартаньян), and the letters of a nick spelled letter by letter
    joined («k.a.t.y.a» → katya). The nick itself (one word) is not among them."""
    out: list[str] = []
    words = re.findall(r"[^\W_]+", nick)
    for word in words:
        for chunk in re.split(r"\d+", word):
            out += re.findall(r"[A-ZА-ЯЁ]?[a-zа-яё]+|[A-ZА-ЯЁ]+(?![a-zа-яё])", chunk)
    for word in words:  # («N00b-Slayer» → noob: a word of a longer nick too)
        leet = re.sub(r"(?<=[^\W\d_])\d\d?(?=[^\W\d_])",  # («N00b»: two digits too)
                      lambda m: "".join(_LEET.get(d, "") for d in m.group()), word)
        if leet != word:
            out.append(leet)
            out += _camel_words(leet)  # «N1ghtW0lf» → night, wolf: «Волка»
        if re.search(r"[a-zA-Z]\d\d?[a-zA-Z]", word) and any(d in word for d in _LEET_LATIN):
            latin = re.sub(r"(?<=[a-zA-Z])\d\d?(?=[a-zA-Z])",  # («Sh4dow» → shadow)
                           lambda m: "".join(_LEET_LATIN.get(d, _LEET.get(d, ""))
                                             for d in m.group()), word)
            if latin != leet:
                out.append(latin)
                out += _camel_words(latin)  # «Sh4dowFox» → shadow
        said = re.sub(r"(?<=[^\W\d_])\d+(?=[^\W\d_])", lambda m: _said(m.group(), word), word)
        if said != word:
            out.append(said)  # «Pro100Vasya» → prostovasya: «Простовася»
    if len(words) > 2 and all(len(w) == 1 for w in words):
        out.append("".join(words))
    for joined in re.findall(r"[^\W_]+(?:['’`][^\W_]+)+", nick):
        out.append(re.sub(r"['’`]", "", joined))  # «Lo'ra» is also «lora»: «Лору», «Лорочку»
    whole = norm(nick)
    seen: list[str] = []
    for piece in out:
        w = norm(piece)
        if len(w) >= THRESHOLDS["prefix_min_len"] and w != whole and w not in seen:
            seen.append(w)
    return seen


#: A digit typed for the letter it is drawn like, in a Cyrillic word («Кр0т», «3лой»: 0 is
#: «о», 3 «з») and in a Latin one («Bub1ik»: 1 is «l» or «i»), and letters typed for the
#: digits they are drawn like inside a number («2O1O» is 2010).
_DIGIT_CYRILLIC = {"0": ("о",), "3": ("з",), "4": ("ч",), "6": ("б",)}
_DIGIT_LATIN = {"0": ("o",), "1": ("l", "i"), "3": ("e",), "4": ("a",), "5": ("s",),
                "7": ("t",)}
#: A word with a digit touching a letter, the cheap test before :func:`digit_readings`.
MIXED_DIGIT = re.compile(r"\d[^\W\d_]|[^\W\d_]\d")
#: A digit anywhere (:func:`read_digits`' cheap test).
_ANY_DIGIT = re.compile(r"\d")
#: A lone digit inside or at the edge of a run of letters.
_LONE_DIGIT = re.compile(r"(?<!\d)\d(?!\d)")
#: A number typed with the letters «o», «о» for its zeros («2O1O»): digits and such letters
#: only, between anything but letters.
_LETTERED_NUMBER = re.compile(r"(?<![^\W\d_])(?=[\dоo]*\d)(?=[\dоo]*[оo])[\dоo]{2,}(?![^\W\d_])")


def digit_readings(word: str) -> tuple[str, ...]:
    """The readings of a written ``word`` (normalised) whose digits stand for letters or
    letters for digits, as players disguise a nick: a lone digit in a run of Cyrillic
    letters read as the Cyrillic letter it is drawn like («кр0та» → «крота», «3лой» →
    «злой»), in a run of Latin letters as the Latin one («bub1ik_tv» → «bublik_tv»), and a
    number written with «o» for zero read as digits («sanya_2о1о» → «sanya_2010»). Empty
    when there is nothing so to read."""
    out: list[str] = []
    number = _LETTERED_NUMBER.sub(lambda m: re.sub("[оo]", "0", m.group()), word)
    if number != word:
        out.append(number)
    variants = [word]
    for m in reversed(list(_LONE_DIGIT.finditer(word))):
        k = m.start()
        near = word[k - 1:k] + word[k + 1:k + 2]
        letters = [c for c in near if c.isalpha()]
        if not letters:
            continue
        if all("а" <= c <= "я" or c == "ё" for c in letters):
            choices = _DIGIT_CYRILLIC.get(m.group(), ())
        elif all("a" <= c <= "z" for c in letters):
            choices = _DIGIT_LATIN.get(m.group(), ())
        else:
            continue
        if choices:
            variants = [v[:k] + c + v[k + 1:] for v in variants for c in choices][:8]
    out += [v for v in variants if v != word]
    return tuple(dict.fromkeys(out))


def read_digits(toks: list, visible: str, lo: int, hi: int, named) -> list:
    """``toks`` (:class:`engine.grammar_tokens.Tok` of ``visible[lo:hi]``) with each word
    that is no nick form as written but is one read by :func:`digit_readings` («Кр0та»,
    «3лой», «Bub1ik_TV», «Sanya_2O1O») given that reading; ``named(w)``: True for a form of
    a nickname of the roster (a word of the dictionary is not enough: «6ой» stays). Returns
    the same list when nothing changed."""
    if _ANY_DIGIT.search(visible, lo, hi) is None:
        return toks  # no digit: the common case, at C speed
    out = None
    for n, t in enumerate(toks):
        if not t.word or MIXED_DIGIT.search(t.w) is None or named(t.w):
            continue
        reading = next((r for r in digit_readings(t.w) if named(r)), None)
        if reading is not None:
            out = out or list(toks)
            out[n] = t._replace(w=reading)
    return toks if out is None else out
