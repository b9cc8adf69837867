"""Nicknames and role words as players write them (issue 3).

A roster's *form index* lists, for every nickname, the forms a player may write: every
singular case form of every word (pymorphy3 inflects Russian words and guesses paradigms of
unknown ones; a small ending table covers what it cannot), Latin nicknames with Russian
endings attached («Serginio-у», «Serginio'ом»), and a Cyrillic transliteration of Latin
nicknames. A written token is matched exactly first, then as a prefix, then by edit distance
(rapidfuzz). All thresholds live in :data:`THRESHOLDS`.

The index is built once per roster (cached by the tuple of nicknames); words are normalised
to lower case with ё → е. pymorphy3 is imported lazily so that the CLI's ``--help`` never
loads the dictionary.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from .roles import ROLE_SYNONYMS
from .translit import transcribe

#: Every tunable threshold of name and keyword matching, in one place.
THRESHOLDS = {
    "name_fuzzy_min_len": 4,       # shorter tokens are never matched by edit distance
    "name_fuzzy_long_len": 8,      # from this length two edits are allowed, below one
    "prefix_min_len": 3,           # a shorter abbreviation never names a player
    "known_word_fuzzy_max_len": 5,  # a dictionary word this short is not taken as a typo
    "verb_fuzzy_min_len": 4,       # keyword typos: only for words at least this long
    "verb_fuzzy_long_len": 9,      # from this length two edits, below one
}

ALL_CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})
OBLIQUE = ALL_CASES - {"nomn"}

_CYR = re.compile(r"[а-я]")
_LAT = re.compile(r"[a-z]")
_LATIN_ENDINGS = ("а", "у", "ом", "ой", "е", "ы", "и", "ю", "ем", "я", "ым", "ого", "ому", "ой",
                  "a", "u", "om", "oy", "oi", "e", "y", "i", "ym", "ogo", "omu", "ovi")
_LATIN_SEPARATORS = ("", "-", "'", "’", "`")
_TRANSLIT = (
    ("sch", "щ"), ("sh", "ш"), ("ch", "ч"), ("zh", "ж"), ("kh", "х"), ("ts", "ц"), ("yu", "ю"),
    ("ya", "я"), ("yo", "е"), ("ye", "е"), ("ey", "ей"), ("ay", "ай"), ("oy", "ой"),
    ("iy", "ий"), ("ee", "и"), ("oo", "у"), ("ck", "к"), ("ph", "ф"),
    ("th", "т"), ("a", "а"), ("b", "б"), ("c", "к"), ("d", "д"), ("e", "е"), ("f", "ф"),
    ("g", "г"), ("h", "х"), ("i", "и"), ("j", "дж"), ("k", "к"), ("l", "л"), ("m", "м"),
    ("n", "н"), ("o", "о"), ("p", "п"), ("q", "к"), ("r", "р"), ("s", "с"), ("t", "т"),
    ("u", "у"), ("v", "в"), ("w", "в"), ("x", "кс"), ("y", "и"), ("z", "з"),
)


_HOMOGLYPHS = str.maketrans("aeopcxykmthb", "аеорсхукмтнв")
_LAT_ALL = re.compile(r"[a-z]")


@functools.lru_cache(maxsize=100_000)
def norm(word: str) -> str:
    """Lower case, ё → е, typographic apostrophes unified; in a mostly Cyrillic word, Latin
    look-alike letters become Cyrillic («Кирa» with a Latin «a» → «кира»)."""
    w = word.lower().replace("ё", "е").replace("’", "'").replace("`", "'")
    lat = len(_LAT_ALL.findall(w))
    if lat and len(_CYR.findall(w)) >= lat and not _LAT_ALL.search(w.translate(_HOMOGLYPHS)):
        w = w.translate(_HOMOGLYPHS)
    return w


@functools.lru_cache(maxsize=1)
def morph():
    """The shared pymorphy3 analyzer (loaded on first use, ~0.1 s)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@functools.lru_cache(maxsize=100_000)
def is_known_word(word: str) -> bool:
    """True when ``word`` (normalised) is in the Russian dictionary."""
    return bool(_CYR.search(word)) and morph().word_is_known(word)


@functools.lru_cache(maxsize=100_000)
def not_a_name(word: str) -> bool:
    """True for a word pymorphy3 does not know but confidently reads as an adverb, a verb
    or an adjective by its ending («рандомно», «затащил»): slang, never a nickname."""
    if not _CYR.search(word) or len(word) < 5:
        return False
    p = morph().parse(word)[0]
    return p.tag.POS in ("ADVB", "ADJS", "VERB", "INFN", "GRND", "PRTF", "PRTS", "COMP") \
        and p.score >= 0.5


@functools.lru_cache(maxsize=100_000)
def is_verb(word: str) -> bool:
    """True when ``word``'s likeliest reading is a finite verb or an infinitive."""
    return is_known_word(word) and morph().parse(word)[0].tag.POS in ("VERB", "INFN")


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


def _ending_table(word: str) -> dict[str, frozenset[str]]:
    """Case forms of a Russian noun by its last letter (fallback when pymorphy has none)."""
    out: dict[str, frozenset[str]] = {word: frozenset({"nomn"})}
    last, stem = word[-1:], word[:-1]

    def add(form, *cases):
        out[form] = out.get(form, frozenset()) | frozenset(cases)

    if last == "а":
        add(stem + "ы", "gent"), add(stem + "и", "gent"), add(stem + "е", "datv", "loct")
        add(stem + "у", "accs"), add(stem + "ой", "ablt"), add(stem + "ою", "ablt")
    elif last == "я":
        add(stem + "и", "gent"), add(stem + "е", "datv", "loct"), add(stem + "ю", "accs")
        add(stem + "ей", "ablt")
    elif last == "й":
        add(stem + "я", "gent", "accs"), add(stem + "ю", "datv"), add(stem + "ем", "ablt")
        add(stem + "е", "loct")
    elif last == "ь":
        add(stem + "я", "gent", "accs"), add(stem + "ю", "datv"), add(stem + "ем", "ablt")
        add(stem + "е", "loct"), add(stem + "и", "gent", "datv", "loct"), add(stem + "ью", "ablt")
    elif _CYR.fullmatch(last or "-") and last not in "оеиуюыэ":
        add(word + "а", "gent", "accs"), add(word + "у", "datv"), add(word + "ом", "ablt")
        add(word + "е", "loct")
    return out


@functools.lru_cache(maxsize=20_000)
def word_forms(word: str) -> dict[str, frozenset[str]]:
    """Singular case forms of one written word (normalised) → the cases each form can be.

    Cyrillic words: pymorphy3's paradigms of every nominative-singular reading (adjectives in
    their own gender), or :func:`_ending_table` when it has none. Latin or mixed words: the
    word, the word with Russian endings attached, and its transliteration declined.
    """
    if not word:
        return {}
    if _LAT.search(word) or not _CYR.search(word) or re.search(r"\d|_", word):
        return _latin_forms(word)
    forms: dict[str, frozenset[str]] = {word: frozenset({"nomn"})}
    found = False
    for p in morph().parse(word):
        tag = p.tag
        if tag.POS not in ("NOUN", "ADJF") or "nomn" not in tag or "plur" in tag:
            continue
        found = True
        for f in p.lexeme:
            ft = f.tag
            if "plur" in ft or ft.case is None:
                continue
            if tag.POS == "ADJF" and ft.gender != tag.gender:
                continue
            w = norm(f.word)
            forms[w] = forms.get(w, frozenset()) | {ft.case if ft.case in ALL_CASES else "loct"}
    if not found:
        for w, cases in _ending_table(word).items():
            forms[w] = forms.get(w, frozenset()) | cases
    return forms


def translit(word: str) -> str:
    """A plain Russian reading of a Latin word («serginio» → «сергинио»)."""
    return transcribe(word, _TRANSLIT)


def _latin_forms(word: str) -> dict[str, frozenset[str]]:
    forms: dict[str, frozenset[str]] = {word: ALL_CASES}
    for sep in _LATIN_SEPARATORS:
        for end in _LATIN_ENDINGS:
            forms.setdefault(word + sep + end, OBLIQUE)
    if _LAT.search(word) and not re.search(r"\d|_", word):
        cyr = translit(word)
        for w, cases in _ending_table(cyr).items():
            forms.setdefault(w, cases)
    return forms


@dataclass(frozen=True)
class NameHit:
    """A name found in a letter: ``nick`` when one player fits, else ``candidates``.

    ``kind``: ``exact`` (a case form), ``self`` («себя»), ``prefix``, ``fuzzy``;
    ``length``: how many tokens it took.
    """

    nick: str | None
    candidates: tuple[str, ...] = ()
    kind: str = "exact"
    length: int = 1


@dataclass
class NameIndex:
    """The form index of one roster. Build with :func:`name_index`."""

    nicks: tuple[str, ...]
    single: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)
    multi: list[tuple[str, tuple[dict[str, frozenset[str]], ...]]] = field(default_factory=list)
    bases: dict[str, list[str]] = field(default_factory=dict)  # nick → nominative spellings
    parts: dict[str, set[str]] = field(default_factory=dict)  # one word of a multi-word nick
    fuzzy_choices: list[str] = field(default_factory=list)
    fuzzy_owner: list[str] = field(default_factory=list)
    #: first-word form of a multi-word nickname → those nicknames (for :meth:`merge`)
    multi_first: dict[str, list[int]] = field(default_factory=dict)
    #: stem of a one-word Cyrillic nickname («пет» for «Петя») → nicknames (pet forms)
    stems: dict[str, set[str]] = field(default_factory=dict)
    _triggers: frozenset[str] | None = None
    _approx: dict = field(default_factory=dict)  # (word, strict) → approximate()'s answer

    def pet_form(self, word: str) -> NameHit | None:
        """A diminutive or pet form of a nickname («Петьку» → Петя, «Светочка» → Света,
        «Кузенька» → Кузя, «Лосик» → Лось): the word (or its pymorphy3 lemma) minus a
        diminutive suffix (:data:`DIMINUTIVE_SUFFIXES`) is a nickname's stem."""
        if not _CYR.search(word):
            return None
        lemmas = {word} | {p.normal_form.replace("ё", "е") for p in morph().parse(word)[:3]}
        for ending in ("у", "ю", "е", "и", "ы", "ой", "ей"):  # «Кирюшу» → «кирюша»
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                lemmas |= {word[:-len(ending)] + "а", word[:-len(ending)] + "я"}
        owners: set[str] = set()
        for lemma in lemmas:
            for suffix in DIMINUTIVE_SUFFIXES + ("а", "я", "э"):
                stem = lemma[:-len(suffix)]
                if lemma.endswith(suffix) and len(stem) >= 3:
                    owners |= self.stems.get(stem, set()) | self.stems.get(stem + "ь", set())
                    if len(stem) >= 3:
                        # «Петя» for «Пётр Первый», «Петрович»: a nickname built on the stem
                        owners |= {n for s, ns in self.stems.items() if s.startswith(stem)
                                   and len(s) <= len(stem) + 2 for n in ns}
        return _hit(sorted(owners), "pet") if owners else None

    def trigger_forms(self) -> frozenset[str]:
        """Every written form that may name a player exactly (one-word forms and the first
        words of multi-word nicknames): a clause without any, and without a move word, is
        chatter (see engine.grammar_keywords.may_hold_move)."""
        if self._triggers is None:
            self._triggers = frozenset(self.single) | frozenset(self.multi_first)
        return self._triggers

    def merge(self, toks: list) -> list:
        """Join the tokens of a multi-word nickname written with dots, spaces or dashes
        between its words («Dr.Who», «Ю. Гагарина», «Анну Марию») into one word token whose
        ``w`` is the key :meth:`exact` knows, so punctuation inside a nick never splits a
        clause or a move. ``toks``: :class:`engine.grammar_tokens.Tok` list; returns a new
        list (the same one when nothing was joined)."""
        present = {t.w for t in toks}
        if present.isdisjoint(self.multi_first) and not any("_" in w for w in present):
            return toks  # no multi-word nickname can start here
        out = None
        n, i = len(toks), 0
        while i < n:
            t = toks[i]
            cand = self.multi_first.get(t.w) if t.word else None
            best = None
            if t.word and "_" in t.w and t.w not in self.single:
                chunks = [c for c in t.w.split("_") if c]
                for m in self.multi_first.get(chunks[0], ()) if chunks else ():
                    nick, parts = self.multi[m]
                    if len(parts) == len(chunks) and all(c in f for c, f in zip(chunks, parts)):
                        best = (nick, i + 1)
            if cand and best is None:
                for m in cand:
                    nick, parts = self.multi[m]
                    end = _match_parts(toks, i, parts)
                    if end is not None and (best is None or end > best[1]):
                        best = (nick, end)
            if best is None:
                if out is not None:
                    out.append(t)
                i += 1
                continue
            if out is None:
                out = list(toks[:i])
            nick, end = best
            last = toks[end - 1]
            out.append(type(t)(t.text, _merged_key(nick), t.start, last.end, True, True, t.quoted))
            i = end
        return toks if out is None else out

    def exact(self, words: list[str], i: int, expected: frozenset[str] | None) -> NameHit | None:
        """The longest roster name written at ``words[i:]`` (normalised tokens), if any.

        Multi-word nicknames match word by word, each word in any case form. Among several
        nicknames sharing the form, the one whose form has the ``expected`` case wins when no
        other could be the uninflected nominative; otherwise the hit is ambiguous.
        """
        w = words[i]
        if w[:1] == "\x00":
            nick = w[1:]
            return NameHit(nick, (nick,), "exact", 1)
        best_len, owners = 0, {}
        for nick, parts in self.multi:
            n = len(parts)
            if n <= best_len or i + n > len(words):
                continue
            if all(words[i + k] in parts[k] for k in range(n)):
                best_len, owners = n, {nick: parts[-1][words[i + n - 1]]}
        if not owners:
            owners = self.single.get(words[i], {})
            best_len = 1
        if not owners:
            return None
        return _pick(owners, expected, best_len)

    def approximate(self, word: str, strict: bool = False) -> NameHit | None:
        """One word of a multi-word nickname, a prefix, a pet form, or a near miss of some
        nickname form (see :data:`THRESHOLDS`). Every nickname the first three ways find is a
        candidate («Макс»: «Max Payne» and «Максик» — ambiguous). ``strict``: only a word of
        a multi-word nickname (for a dictionary word such as «кукуруза» for «Kukuruza_77»)."""
        key = (word, strict)
        if key not in self._approx:
            if len(self._approx) > 50_000:
                self._approx.clear()
            self._approx[key] = self._approximate(word, strict)
        return self._approx[key]

    def _approximate(self, word: str, strict: bool) -> NameHit | None:
        owners = set(self.parts.get(word, ()))
        if strict:
            return _hit(sorted(owners), "part") if owners else None
        kind = "part" if owners else "prefix"
        if len(word) >= THRESHOLDS["prefix_min_len"]:
            heads = {word}
            if owners and word[-1] in "аяуюеыиой" and len(word) > 4:
                heads.add(word[:-1])  # «Макса»: also a prefix of «Максик»
            owners |= {n for n, bases in self.bases.items()
                       for b in bases for h in heads if b.startswith(h) and b != word}
        pet = self.pet_form(word)
        if pet is not None:
            owners |= set(pet.candidates)
            kind = kind if owners - set(pet.candidates) else "pet"
        if owners:
            return _hit(sorted(owners), kind)
        limit = max_distance(len(word))
        if limit == 0:
            return None
        if is_known_word(word) and len(word) <= THRESHOLDS["known_word_fuzzy_max_len"]:
            return None
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        found = process.extract(word, self.fuzzy_choices, scorer=OSA.distance,
                                score_cutoff=limit, limit=None)
        if not found:
            return None
        best = min(score for _, score, _ in found)
        owners = sorted({self.fuzzy_owner[idx] for _, score, idx in found if score == best})
        return _hit(owners, "fuzzy")


#: Russian diminutive and pet suffixes, longest first (see :meth:`NameIndex.pet_form`).
DIMINUTIVE_SUFFIXES: tuple[str, ...] = tuple(sorted({
    "ечка", "очка", "енька", "онька", "ушка", "юшка", "ушенька", "уська", "юська", "уся",
    "юся", "уля", "юля", "уша", "юша", "ька", "ка", "ик", "чик", "ок", "ек", "ечек", "очек",
    "ушок", "ёк", "уленька", "ишка", "ыш", "ша", "ся", "ня",
}, key=len, reverse=True))

_JOINERS = frozenset({".", "—"})


def _merged_key(nick: str) -> str:
    return "\x00" + nick


def _match_parts(toks: list, i: int, parts: tuple) -> int | None:
    """Index after the tokens spelling ``parts`` from ``toks[i]`` (dots and dashes, at most
    one, between the words; never a line break), or None."""
    k = i
    for n, forms in enumerate(parts):
        if n:
            if k < len(toks) and not toks[k].word and toks[k].w in _JOINERS:
                k += 1
            if k < len(toks) and toks[k].start - toks[k - 1].end > 2:
                return None
        if k >= len(toks) or not toks[k].word:
            return None
        if toks[k].w not in forms and not (n and _near(toks[k].w, forms)):
            return None
        k += 1
    return k


def _near(word: str, forms) -> bool:
    """A later word of a multi-word nickname written with a slip («Макса Пейна» for
    «Max Payne»: «пейна» ~ «пайне»): at most two edits, words of five letters or more."""
    if len(word) < 5:
        return False
    from rapidfuzz.distance import OSA

    return any(OSA.distance(word, f, score_cutoff=2) <= 2 for f in forms if len(f) >= 4)


def _hit(owners: list[str], kind: str) -> NameHit:
    if len(owners) == 1:
        return NameHit(owners[0], (owners[0],), kind)
    return NameHit(None, tuple(owners), kind)


def _pick(owners: dict[str, frozenset[str]], expected: frozenset[str] | None,
          length: int) -> NameHit:
    nicks = sorted(owners)
    if len(nicks) == 1:
        return NameHit(nicks[0], (nicks[0],), "exact", length)
    if expected:
        fit = [n for n in nicks if owners[n] & expected]
        nominative = [n for n in nicks if "nomn" in owners[n] and n not in fit]
        if len(fit) == 1 and not nominative:
            # the others stay in ``candidates``: the game may still rule this reading out
            return NameHit(fit[0], (fit[0],) + tuple(n for n in nicks if n != fit[0]),
                           "exact", length)
    return NameHit(None, tuple(nicks), "exact", length)


@functools.lru_cache(maxsize=64)
def name_index(nicks: tuple[str, ...]) -> NameIndex:
    """Build (once per roster) the form index of ``nicks`` (roster order).

    A nickname is cut into words at anything but letters and digits («Dr.Who», «Серый_Волк»,
    «Анна-Мария», «Агент 007» have two). One word: its case forms. Several: each word's case
    forms (matched word by word, see :meth:`NameIndex.exact` and :meth:`NameIndex.merge`),
    and the words written as one token joined by «_», «-» or nothing, in the same case
    («серого_волка», «анну-марию»)."""
    idx = NameIndex(nicks=nicks)
    for nick in nicks:
        words = [norm(w) for w in re.findall(r"[^\W_]+", nick)] or [norm(nick)]
        if len(words) > 1:
            for w in words:
                _add_stems(idx, nick, w)
            parts = tuple(word_forms(w) for w in words)
            idx.multi.append((nick, parts))
            _add(idx.single, nick, {"".join(words): frozenset({"nomn"})})
            _add(idx.single, nick, _joined_forms(words, parts))
            idx.bases[nick] = [" ".join(words), "".join(words), "_".join(words),
                               "-".join(words)]
            for w in words:
                for form in word_forms(w):
                    if len(w) >= THRESHOLDS["prefix_min_len"]:
                        idx.parts.setdefault(form, set()).add(nick)
                    idx.fuzzy_choices.append(form)
                    idx.fuzzy_owner.append(nick)
            continue
        forms = word_forms(words[0])
        _add(idx.single, nick, forms)
        _add_stems(idx, nick, words[0])
        head = re.fullmatch(r"([^\W\d_]{3,})\d+", words[0])
        if head:  # «Лёва2000» is also called «Лёва», «Лёву»: a word of the nick, as «Макс»
            for form in word_forms(head.group(1)):
                idx.parts.setdefault(form, set()).add(nick)
            _add_stems(idx, nick, head.group(1))
        idx.bases[nick] = [words[0]] + ([translit(words[0])] if _LAT.search(words[0]) else [])
        for form in forms:
            idx.fuzzy_choices.append(form)
            idx.fuzzy_owner.append(nick)
    idx.multi.sort(key=lambda item: -len(item[1]))
    for m, (nick, parts) in enumerate(idx.multi):
        for form in parts[0]:
            idx.multi_first.setdefault(form, []).append(m)
    return idx


def _add_stems(idx: NameIndex, nick: str, word: str) -> None:
    """Stems a pet form of ``word`` (a nickname's first word; Latin read in Cyrillic) may
    be built on: the word without its last vowel, and without a diminutive suffix
    («котик» → «кот»)."""
    if _LAT.search(word):
        if re.search(r"\d", word):
            return
        word = translit(word)
    if not _CYR.fullmatch(word[-1:] or "-") or len(word) < 3:
        return
    stems = {word, word[:-1] if word[-1] in "аяоеьйиыу" else word}
    for suffix in DIMINUTIVE_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stems.add(word[:-len(suffix)])
    for stem in stems:
        if len(stem) >= 3:
            idx.stems.setdefault(stem, set()).add(nick)


def _joined_forms(words: list[str], parts: tuple) -> dict[str, frozenset[str]]:
    """One-token spellings of a multi-word nickname: its words joined by «_», «-» or
    nothing, every word in the same case, or all but the last uninflected."""
    out: dict[str, frozenset[str]] = {}
    for case in ALL_CASES:
        per_word = []
        for w, forms in zip(words, parts):
            fit = [f for f, cases in forms.items() if case in cases] or [w]
            per_word.append(fit[:3])
        heads = [[]]
        for fit in per_word[:-1]:
            heads = [h + [f] for h in heads for f in fit]
        heads.append(words[:-1])
        for head in heads:
            for last in per_word[-1]:
                for sep in ("_", "-", ""):
                    key = sep.join(head + [last])
                    out[key] = out.get(key, frozenset()) | {case}
    if _LAT.search(words[-1]) or re.search(r"\d", words[-1]):
        for sep in ("_", "-", ""):
            for form, cases in _latin_forms(sep.join(words)).items():
                out.setdefault(form, cases)
    return out


def _add(table: dict[str, dict[str, frozenset[str]]], nick: str,
         forms: dict[str, frozenset[str]]) -> None:
    for form, cases in forms.items():
        slot = table.setdefault(form, {})
        slot[nick] = slot.get(nick, frozenset()) | cases


_ROLE_FORM_BLOCK = frozenset({"кому", "кома", "коме", "комой", "дока", "коп", "копа", "копу"})


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
    return out


_ROLE_EXTRA = {"комма": "detective", "комму": "detective", "коммом": "detective",
               "комиссарша": "detective", "комиссаршу": "detective", "шерифа": "detective"}


#: Grammatical cases :func:`inflect` takes (pymorphy3 tags).
CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})


@functools.lru_cache(maxsize=4096)
@functools.lru_cache(maxsize=4096)
def inflect(nick: str, case: str) -> str:
    """A nickname in a Russian grammatical case (pymorphy3 tags nomn/gent/datv/accs/ablt/loct),
    word by word, keeping the capitalisation; Latin or unknown words stay as they are.
    Remembered per (nick, case): letters name the same players again and again."""
    if case not in CASES or case == "nomn":
        return nick
    words = []
    for word in nick.split(" "):
        if not word or not any("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in word):
            words.append(word)
            continue
        parses = [p for p in morph().parse(word) if "nomn" in p.tag]
        best = next((p for p in parses if "NOUN" in p.tag), parses[0] if parses else None)
        form = best.inflect({case}) if best else None
        out = form.word if form else word
        if word[0].isupper():
            out = out[0].upper() + out[1:]
        if word.isupper() and len(word) > 1:
            out = out.upper()
        words.append(out)
    return " ".join(words)
