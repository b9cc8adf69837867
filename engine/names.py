"""Nicknames and role words as players write them (issue 3).

A roster's *form index* lists, for every nickname, the forms a player may write: every
singular case form of every word (pymorphy3 inflects Russian words and guesses paradigms of
unknown ones; a small ending table covers what it cannot), Latin nicknames with Russian
endings attached («Serginio-у», «Serginio'ом»), and a Cyrillic transliteration of Latin
nicknames. A written token is matched exactly first, then as a prefix, then by edit distance
(rapidfuzz). All thresholds live in :data:`engine.words.THRESHOLDS`; the word-level
knowledge (normal form, dictionary look-ups, case forms, role words) is :mod:`engine.words`.

The index is built once per roster (cached by the tuple of nicknames); words are normalised
to lower case with ё → е. pymorphy3 is imported lazily so that the CLI's ``--help`` never
loads the dictionary.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from operator import attrgetter

from .words import (
    ALL_CASES, CYR, LAT, THRESHOLDS, inflect, is_known_word, latin_forms, max_distance, morph,
    norm, role_words, translit, word_forms,
)

_W = attrgetter("w")  # a token's normalised text (engine.grammar_tokens.Tok.w)

#: The form index, and the word helpers other packages have always imported from here.
__all__ = ["NameHit", "NameIndex", "name_index", "DIMINUTIVE_SUFFIXES", "THRESHOLDS",
           "inflect", "is_known_word", "morph", "norm", "role_words"]


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
    #: a case form of a whole word (three letters or more) of a multi-word nickname →
    #: those nicknames: a one-word nickname written so may be either
    whole_words: dict[str, set[str]] = field(default_factory=dict)
    #: last-word form of a two-word nickname → those nicknames (a first word with a slip)
    multi_last: dict[str, list[int]] = field(default_factory=dict)
    #: stem of a one-word Cyrillic nickname («пет» for «Петя») → nicknames (pet forms)
    stems: dict[str, set[str]] = field(default_factory=dict)
    _triggers: frozenset[str] | None = None
    _soft: dict[str, str] | None = None
    _approx: dict = field(default_factory=dict)  # (word, strict) → approximate()'s answer

    def pet_form(self, word: str) -> NameHit | None:
        """A diminutive or pet form of a nickname («Петьку» → Петя, «Светочка» → Света,
        «Кузенька» → Кузя, «Лосик» → Лось, «Lemur'чика» → Lemur): the word (or its pymorphy3
        lemma) minus a diminutive suffix (:data:`DIMINUTIVE_SUFFIXES`) or an ending is a
        nickname's stem (see :func:`_add_stems`), with the consonant changes of Russian
        diminutives («Пряничек» → Пряник); after a true suffix, a nickname may also be cut
        short before it («Бронтик» → Бронтозавр, «Пельмешка» → Пельмень). Every nickname
        that fits is a candidate."""
        head = _LATIN_HEAD.fullmatch(word)
        if head:  # a Latin nick with a Russian suffix: «Lemur'чика» read as «лемурчика»
            word = translit(head.group(1)) + head.group(2)
        if not CYR.search(word) or LAT.search(word):
            return None
        lemmas = {word} | {p.normal_form.replace("ё", "е") for p in morph().parse(word)[:3]}
        for ending in ("у", "ю", "е", "и", "ы", "ой", "ей"):  # «Кирюшу» → «кирюша»
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                lemmas |= {word[:-len(ending)] + "а", word[:-len(ending)] + "я"}
        owners: set[str] = set()
        for lemma in lemmas:
            for suffix in DIMINUTIVE_SUFFIXES + _ENDINGS:
                stem = lemma[:-len(suffix)]
                if not lemma.endswith(suffix) or len(stem) < 3:
                    continue
                heads = {stem}
                clipped = suffix in _CLIP_SUFFIXES
                if clipped and stem[-1] in _ALTERNATION:  # «прянич-ек» → «пряник»
                    heads |= {stem[:-1] + c for c in _ALTERNATION[stem[-1]]}
                for h in heads:
                    if suffix not in _CLIP_ONLY:
                        owners |= self.stems.get(h, set()) | self.stems.get(h + "ь", set())
                    # «Петя» for «Пётр Первый»; after a true suffix any nickname cut short
                    # («бронт-ик» for «Бронтозавр», «пельме-шка» for «Пельмень»)
                    owners |= {n for s, ns in self.stems.items() if s.startswith(h)
                               and (clipped or len(s) <= len(h) + 2)
                               and (s != h or suffix not in _CLIP_ONLY) for n in ns}
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
        present = set(map(_W, toks))
        if present.isdisjoint(self.multi_first) and present.isdisjoint(self.multi_last) and \
                "_" not in "".join(present):
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
            if best is None and t.word and t.w not in self.single and t.w not in self.multi_first:
                best = self._slipped_first(toks, i)
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

    def _slipped_first(self, toks: list, i: int) -> tuple[str, int] | None:
        """A two-word nickname whose second word is written exactly and whose first word
        (four letters or more) one edit away from a form of it («Леди Грей» for «Lady.Grey»,
        read «лади грей»): ``(nick, index after it)`` or None."""
        t = toks[i]
        if len(t.w) < 4 or i + 1 >= len(toks):
            return None
        k = i + 1
        if not toks[k].word and toks[k].w in _JOINERS:
            k += 1
        if k >= len(toks) or not toks[k].word or toks[k].start - toks[k - 1].end > 2:
            return None
        found = {self.multi[m][0] for m in self.multi_last.get(toks[k].w, ())
                 if _near(t.w, self.multi[m][1][0], 1, 4)}
        return (found.pop(), k + 1) if len(found) == 1 else None

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
            if not owners and "э" in w:  # «Дэн» for «Ден»: э written for е in a name
                owners = self.single.get(w.replace("э", "е"), {})
            best_len = 1
            if owners and words[i] in self.whole_words:
                # «Мельника»: the nick Мельник, or «Старый Мельник» by one of its words
                others = self.whole_words[words[i]] - set(owners)
                if others:
                    return NameHit(None, tuple(sorted(set(owners) | others)), "exact", 1)
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

    def soft_sign_form(self, word: str) -> str | None:
        """The nickname form ``word`` is with its soft signs left out, as a word read from
        Latin letters lacks them («вафелку» → «вафельку» for «Vafelku»); None when there is
        none or several."""
        if self._soft is None:
            table: dict[str, set[str]] = {}
            for form in list(self.single) + list(self.parts):
                if "ь" in form:
                    table.setdefault(form.replace("ь", ""), set()).add(form)
            self._soft = {k: next(iter(v)) for k, v in table.items() if len(v) == 1}
        return self._soft.get(word)

    def far_from_all(self, word: str) -> bool:
        """True when ``word`` is more than two edits from every nickname form (and so no
        slip of any nick: «Васяна» with no Вася on the roster)."""
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        return process.extractOne(word, self.fuzzy_choices, scorer=OSA.distance,
                                  score_cutoff=2) is None

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
    "ушок", "ёк", "уленька", "ишка", "ыш", "ша", "ся", "ня", "юха", "уха", "ёха", "шка",
    "шек", "шечка", "ёнок", "онок", "ечик", "уня", "юня",
}, key=len, reverse=True))


#: Endings a pet form may end in with no diminutive suffix («Вафля» for «Вафелька»).
_ENDINGS = ("а", "я", "э", "ий", "ый")

#: Suffixes after which a nickname may be cut short anywhere («Бронт-ик», «Кот-ик»);
#: «-ка», «-шка» after a cut word make other nouns («Потрош-ка», «Потро-шка»).
_CLIP_SUFFIXES = frozenset({"ик", "чик", "ечик", "ок", "ек", "ёк", "уха", "юха", "ёха", "ечек",
                            "очек", "ушок"})

#: Suffixes that make a pet form only of a nickname short of its last letters («Пельме-шка»
#: for «Пельмень»); after the whole nickname they make another word («Бука-шка»).
_CLIP_ONLY = frozenset({"шка", "шек", "шечка"})

#: Consonants that change before a diminutive suffix (written → the nickname's).
_ALTERNATION = {"ч": "кц", "ж": "гз", "ш": "хс"}

#: A Latin word with a Russian suffix after an apostrophe («lemur'чика»).
_LATIN_HEAD = re.compile(r"([a-z]{3,})['’`]([а-я]{2,})")

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


def _near(word: str, forms, edits: int = 2, least: int = 5) -> bool:
    """A later word of a multi-word nickname written with a slip («Макса Пейна» for
    «Max Payne»: «пейна» ~ «пайне»): at most ``edits`` edits, words of ``least`` letters
    or more."""
    if len(word) < least:
        return False
    from rapidfuzz.distance import OSA

    return any(OSA.distance(word, f, score_cutoff=edits) <= edits for f in forms
               if len(f) >= 4)


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
                        idx.whole_words.setdefault(form, set()).add(nick)
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
        idx.bases[nick] = [words[0]] + ([translit(words[0])] if LAT.search(words[0]) else [])
        for form in forms:
            idx.fuzzy_choices.append(form)
            idx.fuzzy_owner.append(nick)
    for nick in nicks:
        _add_pieces(idx, nick)
    idx.multi.sort(key=lambda item: -len(item[1]))
    for m, (nick, parts) in enumerate(idx.multi):
        for form in parts[0]:
            idx.multi_first.setdefault(form, []).append(m)
        if len(parts) == 2:
            for form in parts[1]:
                if len(form) >= 3 and CYR.search(form):
                    idx.multi_last.setdefault(form, []).append(m)
    return idx


#: A digit written between letters of a nickname stands for a letter («J0ker» is «Joker»,
#: «dron4ik» is «дрончик»: 4 is «ч» in Russian chat).
_LEET = {"0": "o", "1": "i", "3": "e", "4": "ch", "5": "s", "7": "t"}


def nick_pieces(nick: str) -> list[str]:
    """The pieces a player may call a nickname by (normalised, three letters or more): its
    words cut at anything but letters, at digits and at a capital inside a word
    («NoobSlayer228» → noob, slayer; «Krot.exe» → krot, exe; «dron4ik» → dron), the whole
    nick with a digit between letters read as a letter («J0ker» → joker, «dron4ik» →
    dronchik), and the letters of a nick spelled letter by letter joined («k.a.t.y.a» →
    katya). The nick itself (one word) is not among them."""
    out: list[str] = []
    words = re.findall(r"[^\W_]+", nick)
    for word in words:
        for chunk in re.split(r"\d+", word):
            out += re.findall(r"[A-ZА-ЯЁ]?[a-zа-яё]+|[A-ZА-ЯЁ]+(?![a-zа-яё])", chunk)
    if len(words) == 1:
        leet = re.sub(r"(?<=[^\W\d_])\d(?=[^\W\d_])", lambda m: _LEET.get(m.group(), ""),
                      words[0])
        if leet != words[0]:
            out.append(leet)
    if len(words) > 2 and all(len(w) == 1 for w in words):
        out.append("".join(words))
    whole = norm(nick)
    seen: list[str] = []
    for piece in out:
        w = norm(piece)
        if len(w) >= THRESHOLDS["prefix_min_len"] and w != whole and w not in seen:
            seen.append(w)
    return seen


def _add_pieces(idx: NameIndex, nick: str) -> None:
    """Index the pieces of ``nick`` (:func:`nick_pieces`) as words of it (their case forms,
    Latin ones also read in Cyrillic) and as stems of its pet forms («нуба», «Нубик» for
    «NoobSlayer228»; «дрончику» for «dron4ik»)."""
    for piece in nick_pieces(nick):
        forms = dict(word_forms(piece))
        if LAT.search(piece):
            for reading in _readings(piece)[1:]:
                for w, cases in word_forms(reading).items():
                    forms.setdefault(w, cases)
        for form in forms:
            idx.parts.setdefault(form, set()).add(nick)
        for reading in _readings(piece) if LAT.search(piece) else [piece]:
            _add_stems(idx, nick, reading)


def _readings(word: str) -> list[str]:
    """A Latin word and the Cyrillic spellings players use for it: the plain reading
    («kestrel» → «кестрел»), an English «u» said «а» («lucky» → «лаки»), a «j» said «ж»
    («joker» → «жокер»)."""
    out = [word, translit(word)]
    if "u" in word:
        out.append(translit(word.replace("u", "a")))
    if "j" in word:
        out.append(translit(word).replace("дж", "ж"))
    return list(dict.fromkeys(out))


def _add_stems(idx: NameIndex, nick: str, word: str) -> None:
    """Stems a pet form of ``word`` (a nickname's first word; Latin read in Cyrillic) may
    be built on: the word without its last vowel, and without a diminutive suffix
    («котик» → «кот»)."""
    if LAT.search(word):
        if re.search(r"\d", word):
            return
        word = translit(word)
    if not CYR.fullmatch(word[-1:] or "-") or len(word) < 3:
        return
    stems = {word, word[:-1] if word[-1] in "аяоеьйиыу" else word}
    for suffix in DIMINUTIVE_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stems.add(word[:-len(suffix)])
    for stem in list(stems):  # a fleeting vowel: «вафел-ька» is also «вафл-я»
        if len(stem) >= 4 and stem[-2] in "ео" and stem[-1] not in "аяоеьйиыуюэ":
            stems.add(stem[:-2] + stem[-1])
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
    if LAT.search(words[-1]) or re.search(r"\d", words[-1]):
        for sep in ("_", "-", ""):
            for form, cases in latin_forms(sep.join(words)).items():
                out.setdefault(form, cases)
    return out


def _add(table: dict[str, dict[str, frozenset[str]]], nick: str,
         forms: dict[str, frozenset[str]]) -> None:
    for form, cases in forms.items():
        slot = table.setdefault(form, {})
        slot[nick] = slot.get(nick, frozenset()) | cases
