"""Russian words as the parser needs them (issue 3): the normal form of a written word, the
pymorphy3 dictionary (known word, verb, infinitive, imperative, third person, common noun),
the case forms of a word (those by its letters alone, and a Latin nickname's, are
:mod:`engine.words_endings`'s; its ``CYR``, ``LAT`` and ``ALL_CASES`` are importable here
too), role words, the tunable thresholds of matching, and a nickname inflected for a reply.

pymorphy3 is imported lazily so that the CLI's ``--help`` never loads the dictionary.
"""

from __future__ import annotations

import functools
import re

from .roles import ROLE_SYNONYMS
from .words_endings import ALL_CASES, CYR, LAT, ending_forms, latin_forms


#: Every tunable threshold of name and keyword matching, in one place.
THRESHOLDS = {
    "name_fuzzy_min_len": 4,       # shorter tokens are never matched by edit distance
    "name_fuzzy_long_len": 8,      # from this length two edits are allowed, below one
    "prefix_min_len": 3,           # a shorter abbreviation never names a player
    "known_word_fuzzy_max_len": 5,  # a dictionary word this short is not taken as a typo
    "verb_fuzzy_min_len": 4,       # keyword typos: only for words at least this long
    "verb_fuzzy_long_len": 9,      # from this length two edits, below one
}


_HOMOGLYPHS = str.maketrans("aeopcxykmthb", "аеорсхукмтнв")


_LAT_ALL = re.compile(r"[a-z]")
#: The «x» between digits («4x4», «6х6», «2×2»), written in any alphabet.
_TIMES = re.compile(r"(?<=\d)[хx×](?=\d)")


@functools.lru_cache(maxsize=100_000)
def norm(word: str) -> str:
    """Lower case, ё → е, typographic apostrophes unified; in a mostly Cyrillic word, Latin
    look-alike letters become Cyrillic («Кирa» with a Latin «a» → «кира»)."""
    w = word.lower().replace("ё", "е").replace("’", "'").replace("`", "'")
    if "х" in w or "×" in w:
        w = _TIMES.sub("x", w)  # «4х4» with a Cyrillic «х» is the «4x4» of a nick
    lat = len(_LAT_ALL.findall(w))
    if lat and len(CYR.findall(w)) >= lat and not _LAT_ALL.search(w.translate(_HOMOGLYPHS)) \
            and not _LATIN_ENDED.fullmatch(w):  # «X'а» of «Mr.X'а»: a Latin word declined
        if _LATIN_PIECE.search(w):  # «Настя_PM»: a Latin word of the nick stays Latin
            return "".join(p if _LATIN_PIECE.fullmatch(p) else p.translate(_HOMOGLYPHS)
                           for p in re.split(r"([_.\-]+)", w))
        w = w.translate(_HOMOGLYPHS)
    return _SPOKEN.get(w, w)


#: A Latin word with a Russian case ending after an apostrophe or a hyphen («X'а», «K'у» of
#: «Mr.X'а», «Sasha.K'у», «Dima.K-у»): its Latin letters are the nick's, no look-alikes in a
#: Cyrillic word.
_LATIN_ENDED = re.compile(r"[a-z\d]+['\-][а-я]{1,3}")

#: A word of two Latin letters or more between separators of a compound word («_PM» of
#: «Настя_PM»): typed in Latin on purpose, not a look-alike slip inside a Cyrillic word.
_LATIN_PIECE = re.compile(r"(?<![^_.\-])[a-z]{2,}(?![^_.\-])")


#: Pronouns spelt as they are said («мо в нево же», «ево же и лечу»): no other word is
#: written so («сибя» is one of engine.grammar_vocab.SELF_WORDS); the Ukrainian «ні» of a
#: correction («Краду у Совы. Ой ні, у Лося») is the Russian «нет».
_SPOKEN = {"ево": "его", "нево": "него", "ні": "нет", "ні-ні": "нет-нет"}


class _Analyzer:
    """pymorphy3's analyzer with a memo on :meth:`parse` (a word's readings never change;
    the parser asks for the same everyday words again and again in every letter)."""

    def __init__(self, analyzer) -> None:
        self._analyzer = analyzer
        self.word_is_known = analyzer.word_is_known

    @functools.lru_cache(maxsize=200_000)  # noqa: B019 (one instance, kept for the process)
    def parse(self, word: str) -> tuple:
        """The readings of ``word``, likeliest first, as pymorphy3's ``parse`` gives them
        (a tuple of ``Parse`` named tuples, shared: never change it)."""
        return tuple(self._analyzer.parse(word))


@functools.lru_cache(maxsize=1)
def morph() -> _Analyzer:
    """The shared pymorphy3 analyzer (loaded on first use, ~0.1 s), its ``parse`` memoised."""
    import pymorphy3

    return _Analyzer(pymorphy3.MorphAnalyzer())


@functools.lru_cache(maxsize=100_000)
def is_known_word(word: str) -> bool:
    """True when ``word`` (normalised) is in the Russian dictionary."""
    return bool(CYR.search(word)) and morph().word_is_known(word)


def compound_splits(word: str, min_tail: int) -> list[tuple[str, str]]:
    """The ways ``word`` may be a Russian compound noun: (stem, head) cut at a linking vowel
    «о» or «е» («бетон-о-мешалка» → («бетон», «мешалка»)), with a stem of three letters or
    more and a head of ``min_tail`` letters or more, leftmost cut first. What each reader
    asks of the stem and the head is its own (:func:`engine.names._compound_tail`,
    :func:`engine.grammar_members.compound_heads`)."""
    return [(word[:k], word[k + 1:]) for k in range(3, len(word) - min_tail) if word[k] in "ое"]


#: Laughter written as a word («хехе», «ахаха», «гыгы», «муахаха», «лолол»): a syllable said
#: over and over, never a nickname nor a slip of one («хехе» is no «Лехе»).
laughter = re.compile(r"(?:му?)?[аэп]?([хгк][аеиоуыэя])\1+[хгк]?|(?:ло){2,}л?").fullmatch


#: Other interjections in chat letters («лол», «кек», «хм», «ммм», «ыы»).
_INTERJECTION = re.compile(r"(?:[аоэеиы]?х[аоэеиы]?){2,}х?|л+о+л+|к+е+к+|ы{2,}|хм+|м{3,}")


#: Chat abbreviations of everyday words («кста» is «кстати», «крч» «короче»).
_CHAT_WORDS = frozenset({"кста", "кст", "крч", "кароч", "короч", "кмк", "имхо", "хз", "спс",
                         "пасиб", "ваще", "щас", "оч", "тыщ", "мб", "кнч", "прям",
                         # teen slang after an order («голос за X, изи», «…, кринж»)
                         "изи", "изян", "кринж", "рофл", "жиза", "имба", "сорян",
                         # «fed up with him» after an order («ворую у X, задолбал»)
                         "задолбал", "задолбала", "задолбали", "задолбало",
                         # Ukrainian courtesy («Стежу за Малышом, дякую»)
                         "дякую", "дякуємо", "спасибі", "дуже",
                         # a word of address the dictionary lacks, after an order («голос
                         # за X, бро»; Caucasian «джан», «ахпер», «генацвале», «кацо»)
                         "бро", "братиш", "братюнь", "джан", "джана", "ахпер", "генацвале",
                         "кацо"})


#: A sound drawn out in consonants only («жжж», «бррр», «тсс», «пфф»).
_SOUND = re.compile(r"[бвгджзклмнпрстфхцчшщ]*([бвгджзклмнпрстфхцчшщ])\1+")

#: The likeliest readings of a word said twice for effect («тайно-тайно», «ура-ура»).
_REDUPLICATED_POS = frozenset({"ADVB", "INTJ", "PRCL", "CONJ", "PRED", "ADJS"})


def is_interjection(word: str) -> bool:
    """True for laughter, interjections and chat abbreviations written in lower case in chat
    letters («хехе», «ахахах», «лол», «кек», «кста»), a sound drawn out in consonants
    («жжж», «бррр») and an adverb or interjection said twice («тайно-тайно», «ура-ура»; not
    a name said twice, «таня-таня»): never a nickname, whatever it is near to."""
    return bool(laughter(word)) or _INTERJECTION.fullmatch(word) is not None or \
        word in _CHAT_WORDS or (len(word) >= 3 and _SOUND.fullmatch(word) is not None) or \
        _reduplicated(word) or _fond_adverb(word)


@functools.lru_cache(maxsize=4096)
def _reduplicated(word: str) -> bool:
    """«тайно-тайно», «тихо-тихо-тихо»: one dictionary adverb, interjection or particle
    (never a name) written two or more times with hyphens."""
    parts = word.split("-")
    if len(parts) < 2 or len(set(parts)) != 1 or not is_known_word(parts[0]):
        return False
    readings = morph().parse(parts[0])
    return readings[0].tag.POS in _REDUPLICATED_POS and not any(
        tag in p.tag for p in readings for tag in ("Name", "Surn", "Patr"))


#: The endings of an adverb's fond form built on its stem («тайненько» of «тайно»).
_FOND_ADVERB = re.compile(r"([а-яё]{3,}?)(?:енько|онько|ёнько)")


@functools.lru_cache(maxsize=4096)
def _fond_adverb(word: str) -> bool:
    """«тайненько», «тайно-претайно», «тихо-претихо»: the fond or the intensified form of a
    dictionary adverb (its stem with «-енько», or the adverb, a hyphen, «пре» and the
    adverb again), which pymorphy3 may not know: never a name."""
    parts = word.split("-")
    if len(parts) == 2 and parts[1] == "пре" + parts[0]:
        base = parts[0]
    elif len(parts) == 1 and (m := _FOND_ADVERB.fullmatch(word)) is not None:
        base = m.group(1) + "о"
    else:
        return False
    if not is_known_word(base):
        return False
    readings = morph().parse(base)
    return readings[0].tag.POS == "ADVB" and not any(
        tag in p.tag for p in readings for tag in ("Name", "Surn", "Patr"))


#: The particles of an indefinite pronoun («кто-то», «что-нибудь», «где-либо»).
_INDEFINITE = frozenset({"то", "нибудь", "либо"})


@functools.lru_cache(maxsize=100_000)
def not_a_name(word: str) -> bool:
    """True for a word pymorphy3 does not know but confidently reads as an adverb, a verb
    or an adjective by its ending («рандомно», «затащил»), or laughter («хехе», see
    :data:`laughter`): slang, never a nickname."""
    if is_interjection(word):
        return True
    if not CYR.search(word) or len(word) < 5:
        return False
    base, dash, particle = word.rpartition("-")
    if dash and particle in _INDEFINITE and base.endswith("ой") and \
            morph().parse(base[:-1])[0].tag.POS == "NPRO":
        return True  # «чегой-то», «ктой-то»: «чего-то», «кто-то» said the village way
    p = morph().parse(word)[0]
    return p.tag.POS in ("ADVB", "ADJS", "VERB", "INFN", "GRND", "PRTF", "PRTS", "COMP") \
        and p.score >= 0.5


@functools.lru_cache(maxsize=4096)
def plural_with(word: str) -> bool:
    """True for a lower-case word of Cyrillic letters, five or more, whose every likely
    reading is a plural in the instrumental («пироженками», «печеньками»): after «с» it tells
    what comes along («на чай с пироженками»), never a nickname (a player is one, not many)."""
    if len(word) < 5 or not CYR.search(word) or word[-3:] not in ("ами", "ями"):
        return False
    parses = morph().parse(word)
    return all("plur" in p.tag and "ablt" in p.tag for p in parses if p.score >= 0.05 or
               p is parses[0])


@functools.lru_cache(maxsize=100_000)
def is_verb(word: str) -> bool:
    """True when ``word``'s likeliest reading is a finite verb or an infinitive."""
    return is_known_word(word) and morph().parse(word)[0].tag.POS in ("VERB", "INFN")


def maybe_verb(word: str) -> bool:
    """True when ``word`` may be a verb: a dictionary word with some finite or infinitive
    reading («режу»), or a word no dictionary knows (slang: «шизю»); not «защита»."""
    return not is_known_word(word) or any(p.tag.POS in ("VERB", "INFN")
                                          for p in morph().parse(word))


@functools.lru_cache(maxsize=100_000)
def noun_lemma(word: str) -> str | None:
    """The nominative singular of ``word`` when its likeliest reading is a dictionary noun in
    another case («кота» → «кот», «гросса» → «гросс»), else None."""
    if not is_known_word(word):
        return None
    p = morph().parse(word)[0]
    if p.tag.POS != "NOUN" or "nomn" in p.tag or "plur" in p.tag:
        return None
    return p.normal_form.replace("ё", "е")


@functools.lru_cache(maxsize=100_000)
def is_noun(word: str) -> bool:
    """True when ``word``'s likeliest reading is a noun («пони», «вафля»)."""
    return is_known_word(word) and morph().parse(word)[0].tag.POS == "NOUN"


@functools.lru_cache(maxsize=100_000)
def thing_noun(word: str) -> bool:
    """True when ``word``'s likeliest reading is an inanimate common noun, known or read by
    its ending («сериальчик», «вискарик»), not a person's name."""
    if not CYR.search(word):
        return False
    tag = morph().parse(word)[0].tag
    return tag.POS == "NOUN" and "inan" in tag and "Name" not in tag and "Surn" not in tag


@functools.lru_cache(maxsize=100_000)
def animate_noun(word: str) -> bool:
    """True when ``word``'s likeliest reading is an animate noun in the accusative or the genitive, the same form («кота»,
    «деда»): after «за» it stands where a player goes, though no nick fits it."""
    if not is_known_word(word):
        return False
    tag = morph().parse(word)[0].tag
    return tag.POS == "NOUN" and "anim" in tag and ("accs" in tag or "gent" in tag)


@functools.lru_cache(maxsize=100_000)
def is_infinitive(word: str) -> bool:
    """True when ``word``'s likeliest reading is an infinitive («убивать»)."""
    return is_known_word(word) and morph().parse(word)[0].tag.POS == "INFN"


@functools.lru_cache(maxsize=100_000)
def third_person(word: str) -> bool:
    """True when ``word``'s likeliest reading is a finite verb in the third person
    («решает», «решит»): somebody else is the subject."""
    if not is_known_word(word):
        return False
    tag = morph().parse(word)[0].tag
    return tag.POS == "VERB" and tag.person == "3per"


@functools.lru_cache(maxsize=4096)
def plural_third(w: str) -> bool:
    """True when the move word ``w`` is a verb in the third person plural («убирают»,
    «валят», «уберут»): somebody else's deed unless the clan is its subject."""
    return any(p.tag.POS == "VERB" and p.tag.person == "3per" and p.tag.number == "plur"
               for p in morph().parse(w))


@functools.lru_cache(maxsize=20_000)
def first_singular(word: str) -> bool:
    """True when ``word``'s likeliest reading is a finite verb in the first person singular
    («стреляю», «пальну»): the sender alone is the subject, not «мы»."""
    if not is_known_word(word):
        return False
    tag = morph().parse(word)[0].tag
    return tag.POS == "VERB" and tag.person == "1per" and tag.number == "sing"


@functools.lru_cache(maxsize=100_000)
def predicate(word: str) -> bool:
    """True when ``word``'s likeliest reading says something of a subject: a finite verb in
    the third person or the past tense («решает», «сдала»), a short adjective («согласна»),
    a predicative («жалко»)."""
    if not is_known_word(word):
        return False
    tag = morph().parse(word)[0].tag
    return (tag.POS == "VERB" and (tag.person == "3per" or tag.tense == "past")) or \
        tag.POS in ("ADJS", "PRED")


@functools.lru_cache(maxsize=20_000)
def dative_plural(word: str) -> bool:
    """True when ``word``'s likeliest reading is a noun in the dative plural
    («наблюдениям», «проверкам»)."""
    if not is_known_word(word):
        return False
    tag = morph().parse(word)[0].tag
    return tag.POS == "NOUN" and "datv" in tag and "plur" in tag


@functools.lru_cache(maxsize=20_000)
def plural_predicate(word: str) -> bool:
    """True when ``word`` is a :func:`predicate` in the plural («темнят», «врали», «согласны»):
    it cannot say something of a singular subject such as «голос»."""
    return predicate(word) and morph().parse(word)[0].tag.number == "plur"


@functools.lru_cache(maxsize=20_000)
def verb_reading(word: str) -> tuple[str, str | None, str | None] | None:
    """``(lemma, person, tense)`` of ``word``'s likeliest reading when it is a finite verb
    («сказал» → ``("сказать", None, "past")``, «велит» → ``("велеть", "3per", "pres")``);
    None for anything else."""
    if not is_known_word(word):
        return None
    p = morph().parse(word)[0]
    if p.tag.POS != "VERB":
        return None
    return p.normal_form, p.tag.person, p.tag.tense


@functools.lru_cache(maxsize=20_000)
def person_name(word: str) -> bool:
    """True when ``word``'s likeliest reading is a first name, surname or patronymic
    («Петю»): such a word is matched to the roster by the name rules alone."""
    if not is_known_word(word):
        return False
    return bool({"Name", "Surn", "Patr"} & morph().parse(word)[0].tag.grammemes)


@functools.lru_cache(maxsize=20_000)
def may_be_name(word: str) -> bool:
    """True when ``word`` is no dictionary word, or one of its readings is a first name
    («люду»: «Люда» as well as «люд»; not «слава», «вера» read as common nouns only
    when no name reading exists)."""
    if not is_known_word(word):
        return True
    return any("Name" in p.tag.grammemes for p in morph().parse(word))


@functools.lru_cache(maxsize=100_000)
def is_imperative(word: str) -> bool:
    """True when ``word``'s likeliest reading is an imperative («пали», «проверьте»)."""
    return is_known_word(word) and "impr" in morph().parse(word)[0].tag


@functools.lru_cache(maxsize=100_000)
def common_noun(word: str) -> bool:
    """True when ``word``'s likeliest reading is a common noun (not a first name, surname,
    patronymic or place) in the accusative: an object of a verb that is no player."""
    if not is_known_word(word):
        return False
    p = morph().parse(word)[0]
    t = p.tag
    return t.POS == "NOUN" and "accs" in t and not ({"Name", "Surn", "Patr", "Geox"} & t.grammemes)


def max_distance(length: int, kind: str = "name") -> int:
    """Edit distance allowed for a token of ``length`` letters (``kind`` "name" or "verb")."""
    t = THRESHOLDS
    if kind == "verb":
        if length < t["verb_fuzzy_min_len"]:
            return 0
        return 2 if length >= t["verb_fuzzy_long_len"] else 1
    if length < t["name_fuzzy_min_len"]:
        return 0
    return 2 if length >= t["name_fuzzy_long_len"] else 1


@functools.lru_cache(maxsize=20_000)
def word_forms(word: str) -> dict[str, frozenset[str]]:
    """Singular case forms of one written word (normalised) → the cases each form can be.

    Cyrillic words: pymorphy3's paradigms of every nominative-singular reading (adjectives and
    participles in their own gender), or :func:`ending_forms` when it has none. Latin or mixed words: the
    word, the word with Russian endings attached, and its transliteration declined.
    """
    if not word:
        return {}
    if LAT.search(word) or not CYR.search(word) or re.search(r"\d|_", word):
        return latin_forms(word)
    forms: dict[str, frozenset[str]] = {word: frozenset({"nomn"})}
    found = False
    for p in morph().parse(word):
        tag = p.tag
        if tag.POS not in ("NOUN", "ADJF", "PRTF") or "nomn" not in tag or "plur" in tag:
            continue
        found = True
        for f in p.lexeme:
            ft = f.tag
            if "plur" in ft or ft.case is None:
              continue
            if tag.POS == "PRTF" and (ft.POS != "PRTF" or ft.tense != tag.tense or
                                      ft.voice != tag.voice):
              continue  # «сидящего» for «сидящий», not «сидевшего»
            if ft.gender != tag.gender and (tag.POS == "ADJF" or "ms-f" not in tag):
              continue  # «Петрович» is no form of «Петровна» (one lexeme in pymorphy3)
            w = norm(f.word)
            forms[w] = forms.get(w, frozenset()) | {ft.case if ft.case in ALL_CASES else "loct"}
    if not found:
        for w, cases in ending_forms(word).items():
            forms[w] = forms.get(w, frozenset()) | cases
        for w, cases in _plural_forms(word).items():
            forms[w] = forms.get(w, frozenset()) | cases
    return forms


def _plural_forms(word: str) -> dict[str, frozenset[str]]:
    """The plural case forms of a noun written in the nominative plural with no singular
    nominative reading («кошки» → «кошек», «кошкам», «кошками», «кошках»; «Близнецы»,
    «Шахматы»): a nick that is a plural noun is declined in the plural («Линч Кошкам-7»)."""
    forms: dict[str, frozenset[str]] = {}
    for p in morph().parse(word):
        tag = p.tag
        if tag.POS != "NOUN" or "nomn" not in tag or "plur" not in tag or \
                {"Name", "Surn", "Patr"} & tag.grammemes:
            continue
        for f in p.lexeme:
            ft = f.tag
            if "plur" not in ft or ft.case is None:
                continue
            w = norm(f.word)
            forms[w] = forms.get(w, frozenset()) | {ft.case if ft.case in ALL_CASES else "loct"}
    return forms


_ROLE_FORM_BLOCK = frozenset({"кому", "кома", "коме", "комой", "коп", "копа", "копу"})


@functools.lru_cache(maxsize=1)
def role_words() -> dict[str, str]:
    """Every case form of every role synonym (engine.roles.ROLE_SYNONYMS) → role id.

    Multi-word synonyms are keyed by their words joined with a space.
    """
    out: dict[str, str] = {}
    for role, synonyms in ROLE_SYNONYMS.items():
        for syn in synonyms:
            words = syn.split()
            if len(words) > 1:
              out[syn] = role
              continue
            for form in word_forms(syn):
              if form not in _ROLE_FORM_BLOCK or form == syn:
                    out.setdefault(form, role)
    for form, role in _ROLE_EXTRA.items():
        out.setdefault(form, role)
    for form, role in list(out.items()):
        if "и" in form and " " not in form:  # Ukrainian spelling: «комісара», «лікаря»
            out.setdefault(form.replace("и", "і"), role)
    return out


_ROLE_EXTRA = {"комма": "detective", "комму": "detective", "коммом": "detective",
              "комис": "detective", "комиса": "detective", "комису": "detective",
              "комисом": "detective", "комисар": "detective", "комисара": "detective",
              "комисару": "detective", "комисаром": "detective",
              "комиссарша": "detective", "комиссаршу": "detective", "шерифа": "detective",
              # the misspelling with a double «м» («ищу коммисара у X»)
              "коммисар": "detective", "коммисара": "detective", "коммисару": "detective",
              "коммисаром": "detective", "коммисаре": "detective",
              # Ukrainian «лікар» (the Russian «лекарь» with «і»: «шукаю лікаря у X»)
              "лікар": "doctor", "лікаря": "doctor", "лікарю": "doctor", "лікарем": "doctor",
              "лікарка": "doctor", "лікарку": "doctor",
              # the fan's idol is the detective she searches for («ищу своего кумира у X»)
              "кумир": "detective", "кумира": "detective", "кумиру": "detective",
              "кумиром": "detective", "кумире": "detective"} | {
              # diminutives («ищу своего комиссарчика»)
              stem + end: "detective" for stem in ("комиссарчик", "детективчик")
              for end in ("", "а", "у", "ом", "е")} | {
              # «esli doc — lechu X»: the English short word of a Latin-letter letter
              "doc": "doctor", "doca": "doctor", "docu": "doctor"} | {
              # «maniak» read from Latin letters («esli maniak to …»)
              "маниак" + end: "maniac" for end in ("", "а", "у", "ом", "е")}
# The English role words of a mixed letter («witness → X», «if doctor: …») and slang role
# words («шиза —», «хозяйка —») are in engine.roles.ROLE_SYNONYMS, with the other role words.


@functools.lru_cache(maxsize=1)
def _role_spellings() -> dict[str, str]:
    """Single-word role word forms of six letters or more, each with its role: what a
    misspelt role word is compared with (:func:`misspelt_role`)."""
    return {w: r for w, r in role_words().items() if " " not in w and len(w) >= 6}


@functools.lru_cache(maxsize=8192)
def misspelt_role(word: str) -> str | None:
    """The correctly spelt role word form that ``word`` (normalised, lower case) is a slip of,
    or None: «дэтэктива» (an «э» for «е»), «доктара», «свидетиля», «детектеива» — one edit
    from a role word form of six letters or more (after «э» → «е»), all such forms of one
    role, and ``word`` itself no dictionary word and no role word. The caller decides where a
    role word may stand (the fan's sought role: :mod:`engine.grammar_targets`)."""
    if len(word) < 6 or word in role_words() or is_known_word(word):
        return None
    from rapidfuzz.distance import OSA

    plain = word.replace("э", "е")
    if plain in role_words():
        return plain
    near = sorted((d, w) for w in _role_spellings()
                  if abs(len(w) - len(plain)) <= 1 and (d := OSA.distance(plain, w, score_cutoff=1)) <= 1)
    if not near or len({role_words()[w] for _, w in near}) != 1:
        return None
    return near[0][1]


def compound_role(w: str) -> str | None:
    """The role a hyphenated word names when each of its parts is a role word
    («кумира-комиссара»): its last part's; None otherwise."""
    if "-" not in w:
        return None
    rw = role_words()
    parts = w.split("-")
    return rw[parts[-1]] if all(p in rw for p in parts) else None


@functools.lru_cache(maxsize=4096)
def epithet_role(w: str) -> str | None:
    """The role of a hyphenated word whose last part is a role word and whose first part a
    given name put before it as an epithet («ромео-комиссара»: the detective she calls her
    Romeo); None otherwise. The caller makes sure the name fits no player («Машу-доктора»
    for a Маша on the roster is that player)."""
    rw = role_words()
    parts = w.split("-")
    if len(parts) != 2 or parts[1] not in rw or len(parts[0]) < 3:
        return None
    return rw[parts[1]] if any("Name" in p.tag for p in morph().parse(parts[0])[:2]) else None


#: Grammatical cases :func:`inflect` takes (pymorphy3 tags).
CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})


@functools.lru_cache(maxsize=4096)
def inflect(nick: str, case: str) -> str:
    """A nickname in a Russian grammatical case (pymorphy3 tags nomn/gent/datv/accs/ablt/loct),
    word by word, keeping the capitalisation; Latin or unknown words stay as they are. A nick
    names a person, so a word read as an animate noun is declined as one, and the accusative
    of a masculine noun the dictionary knows only as a thing is its genitive («за Кабана»,
    not «за Кабан»). Remembered per (nick, case): letters name the same players again and
    again."""
    if case not in CASES or case == "nomn":
        return nick
    words, first, ended = [], True, False
    for word in nick.split(" "):
        pieces = re.split(r"([_.-])", word)
        if len(pieces) > 1 and not (
                all(len(s) >= 2 and s.isalpha() for s in pieces[::2]) and
                all(pieces[n - 1] != "." or pieces[n][:1].isupper()
                    for n in range(2, len(pieces), 2))):
            # «Ирина.К», «Химичка-87», «Зав.отделением», «Сова.ночная»: an initial, a number
            # or an abbreviation's dot in the word: kept as written (it read «Ирина.ку»,
            # «Сова.ночной»), and so are the words after it
            words.append(word)
            ended, first = True, False
            continue
        # «Серый_Волк», «Анна-Мария», «Папа_Лёши», «Лена.Ферми»: each word of the nick
        # declined as if written apart, the joining marks kept (it read «Серый_волка»,
        # «Папа_лёшам», «Лена.ферми»)
        for n in range(0, len(pieces), 2):
            form = None if ended else _inflect_word(pieces[n], case, first)
            ended, first = form is None, False
            pieces[n] = pieces[n] if form is None else form
        words.append("".join(pieces))
    return " ".join(words)


def _inflect_word(word: str, case: str, first: bool) -> str | None:
    """One word of :func:`inflect`'s nick in ``case``, ``first`` when it opens the nick; None
    when it ends the head phrase: a word after the first that is no nominative singular
    («Тайги», «Лёши»: a genitive said of the head, «Хозяин Тайги»; «в», «на»: a preposition)
    is kept as written and so are the words after it («Тени-на-плетень», «Ёжику в тумане»).
    Words with no Cyrillic letter are kept."""
    if not word or not any("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in word):
        return word
    parses = [p for p in morph().parse(word) if "nomn" in p.tag]
    if not first and not any("sing" in p.tag or "Fixd" in p.tag for p in parses):
        return None  # («Папа Лёши» → «Папе Лёши», not «Папе Лёшам»)
    best = next((p for p in parses if "NOUN" in p.tag and "anim" in p.tag),
                next((p for p in parses if "NOUN" in p.tag), parses[0] if parses else None))
    if best is not None and "Fixd" in best.tag and word[-1].lower() in "ая":
        # a guessed indeclinable reading of a word in «-а» («Волчара»): a declinable noun
        # reading declines it as «папа» is («за Волчару», not «за Волчара»)
        best = next((p for p in parses if "NOUN" in p.tag and "Fixd" not in p.tag), best)
    wanted = case
    if case == "accs" and best is not None and "NOUN" in best.tag and "inan" in best.tag \
            and "masc" in best.tag and "sing" in best.tag:
        wanted = "gent"  # a person's accusative (a masculine thing's is its nominative)
    form = best.inflect({wanted}) if best else None
    out = form.word if form else word
    if word[0].isupper():
        out = out[0].upper() + out[1:]
    if word.isupper() and len(word) > 1:
        out = out.upper()
    return out


@functools.lru_cache(maxsize=4096)
def past_tense(word: str) -> bool:
    """True when ``word``'s likeliest reading is a verb in the past tense («была», «воровал»)."""
    p = morph().parse(word)[0]
    return p.tag.POS == "VERB" and "past" in p.tag


@functools.lru_cache(maxsize=4096)
def short_adjective(word: str) -> bool:
    """True when some reading of the known word ``word`` is a short adjective, even one
    the dictionary ranks second («прав»: «право» in the genitive plural first)."""
    return is_known_word(word) and any(p.tag.POS == "ADJS" for p in morph().parse(word))


@functools.lru_cache(maxsize=4096)
def comparative(word: str) -> bool:
    """True when one of the two likeliest readings of ``word`` is a comparative («гуще»,
    «лучше»)."""
    return any("COMP" in p.tag for p in morph().parse(word)[:2])


@functools.lru_cache(maxsize=8192)
def is_patronymic(word: str) -> bool:
    """True when some pymorphy3 reading of ``word`` is a patronymic («Петровну», «Ивановной»,
    «Ефимович»); remembered (a pure function of the word)."""
    return any("Patr" in p.tag for p in morph().parse(word))


#: Parts of speech that never name anybody: a finite verb, a predicative, a pronoun noun.
_NO_NAME_POS = frozenset({"VERB", "PRED", "NPRO"})


@functools.lru_cache(maxsize=20_000)
def no_name_reading(word: str) -> bool:
    """True when every dictionary reading of ``word`` is a finite verb («Схожу»,
    «Натерпелась»), a predicative («Можно»), a pronoun noun («кто-то») or a pronominal
    adjective («своих»), with no name among them: such a word is no nickname even when
    written with a capital (a writer who capitalises every word), so where a player's name
    goes it ends the slot rather than being asked about."""
    if not is_known_word(word):
        return False
    readings = morph().parse(word)
    if any({"Name", "Surn", "Patr", "Geox"} & p.tag.grammemes for p in readings):
        return False
    if readings[0].tag.POS in ("VERB", "PRED") and readings[0].score >= 0.5:
        return True  # «Приму таблеточку»: a verb first, «прима» a distant second
    return all(p.tag.POS in _NO_NAME_POS or (p.tag.POS == "ADJF" and "Apro" in p.tag)
               for p in readings)
