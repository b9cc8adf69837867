"""Broken typing a host reads without effort, written out (issue 11, glued words and layout).

Three slips of the keyboard or of voice input, each put right only when the roster or the
lexicon backs the one reading it gives:

- words run together with no spaces (a broken space bar): «бьюпепегу», «ГОЛОСУЮЗАСМИТАИКОТА»
  → «бью пепегу», «ГОЛОСУЮ ЗА СМИТА И КОТА». A long Cyrillic token that is no Russian
  word, no move word and no nickname form is cut into move words, prepositions, «и» and
  nickname forms (a word-break over those words, :func:`_split`); the cut is made only when
  it opens with a move word or a preposition, holds a nickname form, no other cut into as
  few pieces exists and the token is no pet form of a nick («Барончик» is no «Барон чик»);
- a word typed in the wrong keyboard layout (ЙЦУКЕН typed on QWERTY or back): «ktxe» →
  «лечу», «ujkjc» → «голос», «руфд» → «heal», «Ыьшер» → «Smith»: a Latin token that is no
  nickname form becomes a Cyrillic move word or nickname form; a Cyrillic token that is no
  Russian word becomes a Latin move word or nickname form;
- two neighbouring letters swapped in a move word, a role's name, a word that tells whether
  a move is made (correction, suggestion, doubt: :data:`_SLIP_WORDS`) or a nickname form (a
  phone writer's slip): «сомтрю» → «смотрю», «хтоя» → «хотя», «вмсето» → «вместо»,
  «стрева» → «стерва», «Кюсша» → «Ксюша»: a Cyrillic token of four letters or more that is
  no Russian word, no move word and no nickname form, and that one swap makes into exactly
  one such word; and, failing those, a plain Russian word one swap makes of it when exactly
  one swap does, a verb, pronoun or function word («тодга» → «тогда», «скзаал» → «сказал»,
  «нгео» → «него»; no noun nor plain adjective, which a name may look like): never a token a
  nickname reading takes (a nick's beginning «некра», a pet form, one edit from a nick form)
  nor in a letter written in Ukrainian («краде» is no slip);
- a letter held on the key or drawn out for feeling («себяяя», «лечууу», «Булочкуууу»): a
  Cyrillic token of four letters or more that is no word as it stands and holds a letter
  three times or more in a row becomes the one word (a Russian word, a move word or a
  nickname form) the run cut to one letter, or else to two, makes of it;
- a nickname's number said in words (voice input): «нуба девяносто шесть» → «нуба 96»,
  «агента ноль ноль семь» → «агента 007», «танка два два восемь» → «танка 228», when the
  word before it is a form of a nickname holding exactly that number.

Only tokens that match nothing are tried, each with set look-ups; a piece of text between
spaces found to need nothing is remembered (for every roster when it holds no Latin letter,
no number word and only Russian words of four letters or more), so a letter of pieces seen
before costs one C-level split and a set difference. Pure but for those memos (their
answers are the same with and without them); the length of the text may change.
"""

from __future__ import annotations

import re

from .lexicon import lexicon
from .grammar_vocab import DEFER_VERBS, MODALS, PREPOSITIONS, SUGGEST_WORDS
from .textcase import pieces_of
from .names import name_index
from .textnorm_fields import is_move_word
from .textnorm_learner import _CYR_LETTERS
from .words import first_singular, is_known_word, morph, role_words

__all__ = ["typing_fixed"]

_LAT_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
_CYR_KEYS = "йцукенгшщзхъфывапролджэячсмитьбюё"
_TO_CYR = str.maketrans(_LAT_KEYS, _CYR_KEYS)

#: A token of at least seven Cyrillic letters, no part of a hyphened or mixed word.
_LONG = re.compile(r"(?<![\w-])[а-яёА-ЯЁ]{7,}(?![\w-])")
#: A Latin token, with the keys that stand for Cyrillic letters in it («ujkjce.» for
#: «голосую»); not inside a nickname written with «_», «.», «@», digits or a link.
_LATIN = re.compile(r"(?<![\w@/.'`-])[A-Za-z][A-Za-z\[\];',.`]*(?![\w@/-])")
#: A Cyrillic token of letters only (a Latin word typed on a Cyrillic layout).
_CYRILLIC = re.compile(r"(?<![\w-])[а-яА-Я]{4,}(?![\w-])")
_KEYS_PUNCT = ".,;'[]`"

#: Number words: (value, rank); rank 4 is «тысяча», 3 hundreds, 2 tens, 1 units and teens.
_NUMBERS: dict[str, tuple[int, int]] = {
    "ноль": (0, 0), "нуль": (0, 0), "один": (1, 1), "одна": (1, 1), "два": (2, 1),
    "две": (2, 1), "три": (3, 1), "четыре": (4, 1), "пять": (5, 1), "шесть": (6, 1),
    "семь": (7, 1), "восемь": (8, 1), "девять": (9, 1), "десять": (10, 1),
    "одиннадцать": (11, 1), "двенадцать": (12, 1), "тринадцать": (13, 1),
    "четырнадцать": (14, 1), "пятнадцать": (15, 1), "шестнадцать": (16, 1),
    "семнадцать": (17, 1), "восемнадцать": (18, 1), "девятнадцать": (19, 1),
    "двадцать": (20, 2), "тридцать": (30, 2), "сорок": (40, 2), "пятьдесят": (50, 2),
    "шестьдесят": (60, 2), "семьдесят": (70, 2), "восемьдесят": (80, 2), "девяносто": (90, 2),
    "сто": (100, 3), "двести": (200, 3), "триста": (300, 3), "четыреста": (400, 3),
    "пятьсот": (500, 3), "шестьсот": (600, 3), "семьсот": (700, 3), "восемьсот": (800, 3),
    "девятьсот": (900, 3), "тысяча": (1000, 4), "тысячи": (1000, 4), "тысяч": (1000, 4),
}
_NUMBER_WORD = "|".join(sorted(_NUMBERS, key=len, reverse=True))
#: A word, then a run of number words («нуба девяносто шесть»).
_SPOKEN_NUMBER = re.compile(
    rf"(?<![\w-])([^\W\d_]+)([ \t]+)((?:{_NUMBER_WORD})(?:[ \t-]+(?:{_NUMBER_WORD}))*)(?![\w-])",
    re.IGNORECASE)


def typing_fixed(text: str, nicks: tuple[str, ...]) -> str:
    """``text`` with the slips of the module's docstring written out. Never raises."""
    if not nicks:
        return text
    # (C-level: the pieces between spaces seen before as needing nothing are dropped at
    # once; only a new piece is looked at, see _kinds)
    new = pieces_of(text) - _PLAIN  # (set(text.split()), made once per letter)
    if not new:
        return text
    t = _tables(nicks)
    new -= t.plain
    kinds: set[str] = set()
    for piece in new:
        kinds |= _kinds(piece, t)
    if "long" in kinds:
        cuts = {}
        for m in _LONG.finditer(text):
            cut = _unglued(m.group(0).lower(), t)
            if cut is not None and cut is not m.group(0).lower():
                cuts[m.group(0).lower()] = cut
        if cuts:
            text = _LONG.sub(lambda m: _cut_as_written(m.group(0), cuts), text)
    if "latin" in kinds:
        text = _latin_words(text, t)
    if "cyrillic" in kinds:
        text = _CYRILLIC.sub(lambda m: _cyrillic_layout(m.group(0), t), text)
    if "held" in kinds:
        text = _SWAPPABLE.sub(lambda m: _unheld(m.group(0), t), text)
    if "number" in kinds:
        text = _SPOKEN_NUMBER.sub(lambda m: _digits(m, t.idx), text)
    if "swap" in kinds:
        # (not into a Russian word in a letter written in Ukrainian: «краде» is no slip)
        words = not _UKRAINIAN.search(text)
        text = _SWAPPABLE.sub(lambda m: _unswapped(m.group(0), t, words), text)
    if _settled_head(text):
        # «всё-ткаи за X»: the particle that settles a correction, its second half slipped
        text = _SETTLED_SLIP.sub(lambda m: m.group(1) + _cased(m.group(2), "таки"), text)
    return text


def _settled_head(text: str) -> bool:
    """True when one of :data:`_SETTLED_HEADS` is written in ``text``: each ends in «-», so
    the text's hyphens (from the fourth character on) are found by C-level ``str.find`` and
    the three characters before each looked at (one scan of a long letter, not six)."""
    at = text.find("-", 3)
    while at >= 0:
        if text[at - 3:at + 1] in _SETTLED_HEADS:
            return True
        at = text.find("-", at + 1)
    return False


#: A letter of the Ukrainian alphabet: the letter is written in Ukrainian.
_UKRAINIAN = re.compile("[іїєґІЇЄҐ]")

#: A Cyrillic token that may hold two neighbouring letters swapped (see the docstring).
_SWAPPABLE = re.compile(r"(?<![\w-])[а-яёА-ЯЁ]{4,}(?![\w-])")

#: Words of correction, of a second vote, of a suggestion or of a move left to another a
#: slip is read back into, beside the move words and nickname forms («хтоя нет» is «хотя
#: нет», «вмсето» «вместо», «втоорй» «второй», «прделагаю убить» «предлагаю убить», «пусть
#: Пирожок ршеает» «решает»): the words that tell whether a move is made.
_SLIP_WORDS = frozenset({"хотя", "вместо", "второй", "второе", "вторая", "второго", "второму",
                         "передумал", "передумала", "лучше", "голоса", "голосую", "линч",
                         "снимаю", "меняю", "отменяю", "вычеркните", "поправка",
                         "решать", "решает", "решай", "решайте", "решит", "пусть", "может",
                         "наверное", "вчера", "завтра", "сегодня", "если", "ежели", "хотела", "хотел",
                         "себя", "себе", "собой",
                         # («знаю, что X вчера не голосоавл»: a denial under «Апелёвка»)
                         "голосовал", "голосовала", "голосовали", "проголосовал",
                         "проголосовала",
                         # a retraction, a restatement, a settled choice, irony («отмнеа
                         # голос», «остаются, как пиасла», «ландо, пусть будет Y», «ну
                         # даавйте я вылечу X»)
                         "отмена", "отбой", "стоп", "писал", "писала", "писали", "ладно",
                         "давайте", "давай",
                         *SUGGEST_WORDS, *DEFER_VERBS, *MODALS})


_ROLE_FORMS: list = []


def _role_forms() -> frozenset[str]:
    """The one-word Cyrillic names of roles in all their forms («стерва», «шизика»), for the
    slips of :func:`swaps` («стрева», «шиизк» in a swindler's branches)."""
    if not _ROLE_FORMS:
        _ROLE_FORMS.append(frozenset(w for w in role_words() if re.fullmatch("[а-яё]{4,}", w)))
    return _ROLE_FORMS[0]


def swaps(word: str):
    """``word`` with each pair of neighbouring (different) letters swapped (a phone writer's
    slip: «втоорй» for «второй», «глоос» for «голос»); ``word`` itself is not among them."""
    for i in range(len(word) - 1):
        if word[i] != word[i + 1]:
            yield word[:i] + word[i + 1] + word[i] + word[i + 2:]


#: «всё-таки» with the letters of «таки» swapped («всё-ткаи», «все-атки», «всё-таик»).
_SETTLED_HEADS = frozenset({"всё-", "все-", "Всё-", "Все-", "ВСЁ-", "ВСЕ-"})
_SETTLED_SLIP = re.compile(r"(?<!\w)(вс[её]-)(" + "|".join(swaps("таки")) + r")(?!\w)",
                           re.IGNORECASE)


def _unswapped(token: str, t: _Tables, words: bool = True) -> str:
    """``token`` read back into the one word a swap of two neighbouring letters makes of it
    (see :attr:`_Tables.swapped`; with ``words``, also :func:`_word_swap`), or ``token`` as
    it stands."""
    low = token.lower().replace("ё", "е")
    found = t.swapped.get(low) or (_word_swap(low, t) if words else None)
    if found is None or _known(low, t):
        return token
    return _cased(token, found)


def _nick_like(low: str, t: _Tables) -> bool:
    """True when the token is read as a nickname by more than a far slip: a nick's beginning
    («некра» for Necromant, «барма»), a pet form («саске»), or one edit from a nickname form
    («олгу» for «Ольгу»): it is left to the name readings, never made a dictionary word."""
    found = t.idx.approximate(low)
    if found is None:
        return False
    return found.kind != "fuzzy" or not t.idx.far_from_all(low, edits=1)


#: Parts of speech (pymorphy's) of the plain words a slip is read back into: verbs, pronouns
#: and function words, the words that tell how a move is meant («скзаал», «нгео», «тодга»).
_TELLING_POS = frozenset({"VERB", "INFN", "GRND", "PRTS", "NPRO", "CONJ", "PRCL", "PREP",
                          "PRED", "INTJ", "NUMR"})


def _telling(word: str) -> bool:
    """True when the likeliest reading of the dictionary word ``word`` is a verb, a pronoun
    (a pronominal adjective «всех» or adverb «тогда» too), a number («деявть голосов») or a
    function word; never a noun, a
    plain adjective or adverb, which a name may look like («барсик» is no «барски», «кулбка»
    no «клубка»)."""
    tag = morph().parse(word)[0].tag
    return tag.POS in _TELLING_POS or "Apro" in tag or "Dmns" in tag or "Ques" in tag


def _word_swap(low: str, t: _Tables) -> str | None:
    """The one Russian word a swap of two neighbouring letters makes of the normalised token
    ``low`` («тодга» → «тогда», «скзаал» → «сказал», «нгео» → «него», «тажке» → «также»), when
    no swap of it is a move word, a word of :data:`_SLIP_WORDS`, a role's or a nickname's form
    (those are read by :attr:`_Tables.swapped` alone) and no other swap is a word; else None.
    A slip left as it stands may be taken for a nickname by a loose reading («тажке» for
    Tank_2000), or hide the word that tells the move is not made («…, раз все так хоятт»)."""
    memo = t.word_swaps
    if low in memo:
        return memo[low]
    found = None
    if len(low) >= 4 and not _known(low, t):
        words = {v for v in swaps(low) if is_known_word(v) and _telling(v)}
        if len(words) == 1 and not any(v in t.swap_targets for v in swaps(low)) and \
                not _nick_like(low, t):
            found = words.pop()
    if len(memo) > 50_000:
        memo.clear()
    memo[low] = found
    return found


#: Pieces of text between spaces that need nothing with any roster: no Latin letter, every
#: word of four letters or more a Russian word and no number word.
_PLAIN: set[str] = set()
_RUNS = re.compile(r"[^\W\d_]+")
#: A Cyrillic letter written three times or more in a row (a held key: «себяяя»).
_HELD = re.compile(r"([а-яё])\1{2,}")


def _held(low: str, t: _Tables) -> str | None:
    """The one word the lower-case token ``low`` is when each run of :data:`_HELD` is cut
    to one letter (or, failing that, to two: «ваннна»); None when ``low`` is a word as it
    stands or neither cut gives one."""
    if _known(low, t):
        return None
    for keep in (r"\1", r"\1\1"):
        word = _HELD.sub(keep, low)
        if len(word) >= 3 and _known(word, t):
            return word
    return None


def _unheld(token: str, t: _Tables) -> str:
    """``token`` with its held letters cut (:func:`_held`), its letter case kept where the
    word's letters stand; the token as written when no single word comes of it."""
    low = token.lower()
    if not _HELD.search(low):
        return token
    word = _held(low.replace("ё", "е"), t)
    if word is None:
        return token
    keep = r"\1" if len(_HELD.sub(r"\1", low)) == len(word) else r"\1\1"
    return re.sub(r"([а-яёА-ЯЁ])(?i:\1){2,}", keep, token)
_ASCII_LETTER = re.compile("[A-Za-z]")


def _kinds(piece: str, t: _Tables) -> set[str]:
    """The slips ``piece`` (text between spaces, first seen) may hold: «long» (words run
    together), «latin», «cyrillic» (a layout), «number» (a number word); empty when none,
    and then the piece is remembered as needing nothing (for every roster or for ``t``'s)."""
    kinds: set[str] = set()
    local = False  # (plain for this roster only)
    if _ASCII_LETTER.search(piece):
        local = True
        if any(_latin_layout(m.group(0), t) != m.group(0) for m in _LATIN.finditer(piece)):
            kinds.add("latin")
    for run in _RUNS.findall(piece):
        low = run.lower().replace("ё", "е")
        if low in _NUMBERS:
            local = True
            if t.idx.numbered:  # (a roster with no number in a nick: nothing to read)
                kinds.add("number")
        elif _ASCII_LETTER.search(low):
            pass
        elif len(low) >= 4 and not is_known_word(low):
            local = True
            if (low in t.swapped or _word_swap(low, t)) and not _known(low, t):
                kinds.add("swap")
            if len(low) >= 7 and _unglued(low, t) not in (None, low):
                kinds.add("long")
            if low in t.cyr_images and not _known(low, t):
                kinds.add("cyrillic")
            if _HELD.search(low) and _held(low, t) is not None:
                kinds.add("held")
    if not kinds:
        memo = t.plain if local else _PLAIN
        if len(memo) > 100_000:
            memo.clear()
        memo.add(piece)
    return kinds


class _Tables:
    """The words a slip may be read as, for one roster and lexicon (:func:`_tables`)."""

    def __init__(self, nicks: tuple[str, ...]):
        from .lexicon import lexicon

        lex = lexicon()
        idx = name_index(nicks)
        self.lex = lex
        self.idx = idx
        nick_forms = {f for f in (*idx.single, *idx.parts) if len(f) >= 3}
        self.cyr_nick = frozenset(f for f in nick_forms if re.fullmatch("[а-я]+", f))
        self.lat_nick = frozenset(f for f in nick_forms if re.fullmatch("[a-z]+", f))
        self.cyr_moves = frozenset(w for w in lex.words if re.fullmatch("[а-я]{2,}", w))
        lat_moves = frozenset(w for w in lex.words if re.fullmatch("[a-z]{4,}", w))
        self.pieces = {w: "move" for w in self.cyr_moves}
        self.pieces.update({w: "word" for w in PREPOSITIONS})
        self.pieces["и"] = "word"
        self.pieces.update({w: "nick" for w in self.cyr_nick})  # (a nick form wins)
        self.longest = max(map(len, self.pieces))
        #: the Cyrillic keys of a Latin move word or nick form → that word
        self.cyr_images = {w.translate(_TO_CYR): w for w in lat_moves | self.lat_nick
                           if len(w) >= 4}
        # (no imperative nor third person: «bob» is no «ищи»)
        self.cyr_targets = frozenset(w for w in self.cyr_moves | self.cyr_nick if len(w) >= 3
                                     and w not in lex.imperative and w not in lex.third)
        #: a word of four letters or more with two neighbouring letters swapped → the one
        #: move word, word of correction or Cyrillic nickname form it comes from (a slip
        #: that two such words may come from is left out)
        targets = {w.replace("ё", "е") for w in (*self.cyr_moves, *_SLIP_WORDS, *_role_forms(),
                                                  *(f for f in (*idx.single, *idx.parts)
                                                    if re.fullmatch("[а-яё]+", f)))
                   if len(w) >= 4}
        swapped: dict[str, str | None] = {}
        for w in targets:
            for v in swaps(w):
                if v in targets:
                    continue
                swapped[v] = None if v in swapped and swapped[v] != w else w
        self.swapped = {v: w for v, w in swapped.items() if w is not None}
        self.swap_targets = frozenset(targets)
        #: a token → the one dictionary word a swap makes of it, or None (_word_swap)
        self.word_swaps: dict[str, str | None] = {}
        self.plain: set[str] = set()  # pieces of text that need nothing (typing_fixed)
        self.written = frozenset(re.sub(r"[^\w]+", " ", " ".join(nicks)).lower().split())


_TABLES: dict = {}


def _tables(nicks: tuple[str, ...]) -> _Tables:
    found = _TABLES.get(nicks)
    if found is None or found.lex is not lexicon():
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[nicks] = _Tables(nicks)
    return found


def _known(low: str, t: _Tables) -> bool:
    """True when the normalised token is a word as it stands."""
    return low in t.pieces or low in t.idx.single or low in t.idx.parts or \
        low in t.written or is_known_word(low)


def _unglued(low: str, t: _Tables):
    """The pieces of the lower-case token ``low`` run together (see the module's
    docstring); None when it is a Russian word; ``low`` itself when it is left whole."""
    norm = low.replace("ё", "е")
    if is_known_word(norm):
        return None
    if norm in t.pieces or norm in t.idx.single or norm in t.idx.parts or norm in t.written:
        return low
    cut = _split(norm, t)
    if cut is None or t.idx.approximate(norm) is not None:  # «Барончик»: a pet form, no «чик»
        return low
    return cut


def _cut_as_written(token: str, cuts: dict[str, list[str]]) -> str:
    """``token`` cut where its lower-case form is cut in ``cuts`` (its letter case kept)."""
    cut = cuts.get(token.lower())
    if cut is None:
        return token
    out, at = [], 0
    for piece in cut:
        out.append(token[at:at + len(piece)])
        at += len(piece)
    return " ".join(out)


def _split(low: str, t: _Tables) -> list[str] | None:
    """The one cut of ``low`` into the fewest pieces of ``t.pieces`` holding a move word and
    a nick form; None when there is none or two."""
    n = len(low)
    best: list = [None] * (n + 1)  # position → (pieces, ways (at most 2), previous position)
    best[0] = (0, 1, -1)
    for i in range(n):
        if best[i] is None:
            continue
        count, ways, _ = best[i]
        for j in range(i + 1, min(n, i + t.longest) + 1):
            if low[i:j] not in t.pieces:
                continue
            here = best[j]
            if here is None or here[0] > count + 1:
                best[j] = (count + 1, ways, i)
            elif here[0] == count + 1:
                best[j] = (here[0], 2, here[2])
    if best[n] is None or best[n][1] > 1:
        return None
    pieces, at = [], n
    while at > 0:
        prev = best[at][2]
        pieces.append(low[prev:at])
        at = prev
    pieces.reverse()
    kinds = {t.pieces[p] for p in pieces}
    if len(pieces) < 2 or "move" not in kinds or "nick" not in kinds or \
            t.pieces[pieces[0]] == "nick":  # (a move word or a preposition first)
        return None
    return pieces


def _cased(source: str, target: str) -> str:
    """``target`` with the letter case of ``source``, character by character."""
    return "".join(c.upper() if s.isupper() else c for s, c in zip(source, target))


def _latin_layout(token: str, t: _Tables) -> str:
    """«ktxe» → «лечу»: a Latin token (keys of punctuation included, the longest reading
    first) that is no nickname form and reads as a Cyrillic move word or nick form."""
    low = token.lower()
    word = low.rstrip(_KEYS_PUNCT)
    if len(word) < 3 or word in t.idx.single or word in t.idx.parts or word in t.written or \
            word in t.lex.words:
        return token
    for end in range(len(low), len(word) - 1, -1):
        cyr = low[:end].translate(_TO_CYR).replace("ё", "е")
        if cyr in t.cyr_targets:
            return _cased(token, low[:end].translate(_TO_CYR)) + token[end:]
    return token


def _latin_words(text: str, t: _Tables) -> str:
    """``text`` with its Latin tokens read by :func:`_latin_layout`; a short one between
    them that reads as a preposition or «и» is read so too («ujkjc pf cvbnf» → «голос за
    смита»: only beside a word read in Cyrillic, and only with a space between)."""
    found = list(_LATIN.finditer(text))
    new = [_latin_layout(m.group(0), t) for m in found]
    changed = [n != m.group(0) for n, m in zip(new, found)]
    if not any(changed):
        return text
    for k, m in enumerate(found):
        cyr = m.group(0).lower().translate(_TO_CYR)
        if changed[k] or len(cyr) > 3 or (cyr not in PREPOSITIONS and cyr != "и"):
            continue
        before = k > 0 and changed[k - 1] and not text[found[k - 1].end():m.start()].strip()
        after = k + 1 < len(found) and changed[k + 1] and \
            not text[m.end():found[k + 1].start()].strip()
        if before or after:
            new[k] = _cased(m.group(0), cyr)
    out, last = [], 0
    for m, word in zip(found, new):
        out += (text[last:m.start()], word)
        last = m.end()
    return "".join(out) + text[last:]


def _cyrillic_layout(token: str, t: _Tables) -> str:
    """«руфд» → «heal», «Ыьшер» → «Smith»: a Cyrillic token that is no Russian word and no
    nickname form and reads as a Latin move word or nick form."""
    low = token.lower()
    lat = t.cyr_images.get(low)
    if lat is None or _known(low, t):
        return token
    return _cased(token, lat)


def _digits(m: re.Match, idx) -> str:
    """«нуба девяносто шесть» → «нуба 96» when the word is a form of a nickname holding
    that number (two digits or more); else the text as written."""
    number = _number(re.split(r"[ \t-]+", m.group(3).lower()))
    word = m.group(1).lower().replace("ё", "е")
    if number is None or len(number) < 2 or \
            not any(word in forms for _, forms in idx.numbered.get(number, ())):
        return m.group(0)
    return m.group(1) + m.group(2) + number


def _number(words: list[str]) -> str | None:
    """The digits a run of number words says: each compound number in falling order of
    places is one group («двести двадцать восемь» → 228), groups are written one after
    the other («ноль ноль семь» → 007, «два два восемь» → 228)."""
    groups: list[str] = []
    value, rank = 0, 9  # the group being read and the rank of its last word
    for w in words:
        num, r = _NUMBERS[w]
        if r == 4:  # «две тысячи»: the group so far counts thousands
            if rank == 4:
                return None
            value, rank = (value or 1) * 1000, 4
            continue
        if r == 0 or r >= rank or (r == 1 and rank == 1):
            if rank != 9:
                groups.append(str(value))
            value, rank = num, r
            if r == 0:
                groups.append("0")
                value, rank = 0, 9
            continue
        if value % 1000 and r == 1 and 10 <= num and rank == 2:
            return None  # «двадцать одиннадцать»
        value, rank = value + num, r
    if rank != 9:
        groups.append(str(value))
    return "".join(groups) or None


#: The hyphen of two words joined by it, the first ending as a verb of the first person
#: singular does and the second so ending too («посмотрю-проверю»). (The pattern opens with
#: the first word's last letter, not with its whole: ``re`` skips along at C speed to it.)
_DOUBLED = re.compile(r"[юуьЮУЬ]-([а-яёА-ЯЁ]+[юуЮУ])(?![\w-])")


def _doubled_matches(text: str):
    """The matches of :data:`_DOUBLED` in ``text``, as ``_DOUBLED.finditer(text)`` gives them:
    every match opens with one letter and a hyphen, so it is tried only right before each
    hyphen (C-level ``str.find``), never at a place inside the match before (``finditer``
    goes on from a match's end); its set of first letters holds common letters, tried at
    most characters of a long letter."""
    pos = 0
    at = text.find("-", 1)
    while at >= 0:
        if at - 1 >= pos and (m := _DOUBLED.match(text, at - 1)) is not None:
            yield m
            pos = m.end()
        at = text.find("-", at + 1)


def doubled_verbs(text: str) -> str:
    """``text`` with a doubled verb of the spoken style split: «посмотрю-проверю Щукаря» →
    «посмотрю проверю Щукаря», when both halves read as verbs of the first person singular and
    the second is a move word, so the move is read (or refused) as the plain form is. Any
    other hyphened word as it is."""
    if "-" not in text:
        return text
    cuts = []
    for m in _doubled_matches(text):
        lo = m.start()
        while lo > 0 and text[lo - 1] in _CYR_LETTERS:
            lo -= 1
        if lo > 0 and (text[lo - 1].isalnum() or text[lo - 1] in "-_"):
            continue
        a, b = text[lo:m.start() + 1], m.group(1)
        if is_move_word(b) and first_singular(a.lower()) and first_singular(b.lower()):
            cuts.append(m.start() + 1)
    for at in reversed(cuts):
        text = text[:at] + " " + text[at + 1:]
    return text
