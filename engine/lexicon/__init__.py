"""The move lexicon: one TOML file per verb class, words as lemmas (issue 11).

Each ``engine/lexicon/<class>.toml`` names a verb class (:mod:`engine.grammar_vocab`) and its
words; README.md in this folder describes the fields for the host. Verbs are dictionary
lemmas (the infinitive): pymorphy3 expands each into the forms a player writes to order a
move — first person singular and plural of the present/future and the «давайте» imperative
(strong keywords); the infinitive (weak: a move only with a name); never the plain
imperative («проверьте Маруську!» asks others);
the third person singular («Маруська проверяет …»: a move of whoever the subject is). Nouns
are expanded into every case form, singular and plural (weak). ``words`` are taken as
written (slang, forms the dictionary does not know); ``idioms`` are phrases of such words;
``verb_idioms`` are phrases whose first word is a verb lemma, expanded like ``verbs``
(«стоять у дверей» → «стою у дверей», «стоит у дверей», «стоишь у дверей»).

The lexicon is built once, on first use (pymorphy3 is loaded lazily so that ``--help`` never
loads the dictionary), or handed in ready by :func:`provide` (the CLI keeps a built copy:
:mod:`mailer.lexicon_cache`). Package data is read through :mod:`importlib.resources`.
Importing this module loads nothing heavy (:mod:`engine.words`, the TOML parser and the package
data reader only when building).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Lexicon:
    """The expanded lexicon.

    ``words``: normalised word → class; ``weak``: words that are a move only with a name;
    ``third``: third-person forms; ``imperative``: the plain imperative (a request: the parser asks); ``plural1``: first-person plural forms («убиваем»);
    ``phrases``: word tuple → class (longest first per first
    word in ``by_first``); ``weak_phrases``; ``third_phrases`` and ``imperative_phrases``:
    phrases of ``verb_idioms`` whose verb is in the third person («стоит на») or said to
    another («стоишь на»); ``not_before``: class → words that, right after a keyword of the
    class, make it ordinary speech («полечу в Сочи»), ``not_before_phrases`` the same of
    several words, by their first word («смотрит на меня»); ``classes``: class → its source file name;
    ``second``: first word of a phrase → the second words of its phrases.
    """

    words: dict[str, str] = field(default_factory=dict)
    weak: set[str] = field(default_factory=set)
    third: set[str] = field(default_factory=set)
    imperative: set[str] = field(default_factory=set)  # «вылечи», «проверьте»
    plural1: set[str] = field(default_factory=set)
    first: set[str] = field(default_factory=set)  # first-person forms («зову», «убиваем»)
    phrases: dict[tuple[str, ...], str] = field(default_factory=dict)
    weak_phrases: set[tuple[str, ...]] = field(default_factory=set)
    by_first: dict[str, list[tuple[tuple[str, ...], str]]] = field(default_factory=dict)
    not_before: dict[str, frozenset[str]] = field(default_factory=dict)
    not_before_phrases: dict[str, dict[str, list[tuple[str, ...]]]] = field(default_factory=dict)
    verb_phrases: set[tuple[str, ...]] = field(default_factory=set)  # of ``verb_idioms``
    third_phrases: set[tuple[str, ...]] = field(default_factory=set)  # «стоит на»
    imperative_phrases: set[tuple[str, ...]] = field(default_factory=set)  # «стоишь на»
    classes: dict[str, str] = field(default_factory=dict)
    #: first word → the second words of its phrases (a cheap test before trying them)
    second: dict[str, frozenset[str]] = field(default_factory=dict)
    #: nouns derived from a game's words (:func:`engine.lexicon.game.derived_table`) that are a
    #: move only at the head of a clause with a player after them («Камень — X», not «камень на
    #: душе у X»), → the prepositions that may stand before him («камень в X»)
    label_only: dict[str, frozenset[str]] = field(default_factory=dict)
    #: words that start a derived keyword (never read as one where they are a nickname's)
    derived: set[str] = field(default_factory=set)
    #: a derived noun of :attr:`label_only` → the first-person forms of the verb of the host's
    #: phrase it comes from, which may follow its player («автограф у X стрельну»)
    label_verbs: dict[str, frozenset[str]] = field(default_factory=dict)


def _verb_forms(lemma: str) -> list[tuple[str, str]]:
    """(form, kind) of a verb lemma; kind ``strong`` / ``plural1`` / ``weak`` / ``third`` /
    ``imperative`` (the plain imperative and the second person singular: «охраняй»,
    «охраняешь» — said to another player). For a lemma the dictionary does not know,
    pymorphy3's guessed paradigms are trusted only for forms that are no dictionary word of
    another lemma («отпинать» → «отпинаю»; not «шмонать» → «шмону», the noun «шмон»)."""
    from ..words import morph, norm

    parses = [p for p in morph().parse(lemma) if "INFN" in p.tag and p.is_known]
    guessed = not parses
    if guessed:
        parses = [p for p in morph().parse(lemma) if "INFN" in p.tag][:1]
        if not parses:
            return [(norm(lemma), "weak")]
    out: list[tuple[str, str]] = [(norm(lemma), "weak")] if guessed else []
    for p in parses:
        for f in p.lexeme:
            if guessed and any(q.is_known and q.normal_form != p.normal_form
                               for q in morph().parse(f.word)):
                continue
            t = f.tag
            if "INFN" in t:
                out.append((norm(f.word), "weak"))
            elif "impr" in t and "incl" in t:
                out.append((norm(f.word), "plural1"))  # «убьём», «проверим»
            elif "impr" in t:
                out.append((norm(f.word), "imperative"))  # «вылечи»: a request, never an order
            elif "2per" in t and "sing" in t and ("pres" in t or "futr" in t):
                out.append((norm(f.word), "imperative"))  # «охраняешь меня»: said to another
            elif "1per" in t and ("pres" in t or "futr" in t):
                out.append((norm(f.word), "plural1" if "plur" in t else "strong"))
            elif "3per" in t and "sing" in t and ("pres" in t or "futr" in t):
                out.append((norm(f.word), "third"))
    if not guessed:
        out += [(f, "strong") for f in _unalternated(out)]
    else:
        out += _regular_forms(lemma, out)
    return out


#: The present and the imperative of a regular verb in «-ать», «-ять» (the «делать» type):
#: ending → kind, as :func:`_verb_forms` gives them.
_REGULAR_ENDINGS = (("ю", "strong"), ("ем", "plural1"), ("ешь", "imperative"),
                    ("ет", "third"), ("й", "imperative"), ("йте", "imperative"))


def _regular_forms(lemma: str, forms: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The forms of the «делать» type of a slang verb in «-ать» / «-ять» the dictionary does
    not know, when pymorphy3's guessed paradigm drops the stem's vowel («шмонать» guessed as
    «стонать»: «шмонет»; players write «шмонает», «шмонаешь», «шмонай»): the stem before
    «ть» with the endings of that type, each no dictionary word."""
    from ..words import is_known_word, norm

    lemma = norm(lemma)
    if not lemma.endswith(("ать", "ять")):
        return []
    stem = lemma[:-2]
    if any(kind == "third" and f.startswith(stem) for f, kind in forms):
        return []  # («отпинать» → «отпинает»: the guess is the regular type already)
    return [(stem + end, kind) for end, kind in _REGULAR_ENDINGS
            if not is_known_word(stem + end)]


def _unalternated(forms: list[tuple[str, str]]) -> list[str]:
    """The first person singular written without the consonant change of the second
    conjugation, as in colloquial and children's speech («приютю» for «приючу», «угостю» for
    «угощу», «ловю» for «ловлю»): the stem of the third person «-ит» with «-ю», when the
    written first person has another stem and the new form is no dictionary word."""
    from ..words import is_known_word

    firsts = {f for f, kind in forms if kind == "strong"}
    out = []
    for f, kind in forms:
        if kind != "third" or not f.endswith("ит") or len(f) < 5:
            continue
        form = f[:-2] + "ю"
        if form not in firsts and f[:-2] + "у" not in firsts and \
                any(first[:-1] != f[:-2] and first[:2] == f[:2] for first in firsts) and \
                not is_known_word(form):
            out.append(form)
    return out


def _noun_forms(lemma: str) -> list[str]:
    from ..words import morph, norm

    parses = [p for p in morph().parse(lemma) if "NOUN" in p.tag and "nomn" in p.tag]
    if not parses:
        return [norm(lemma)]
    return sorted({norm(f.word) for f in parses[0].lexeme} | {norm(lemma)})


#: The words that make a room the mover's own before its noun: where the guest is («в моей
#: гримёрке», «у меня в избушке»; not where he is asked to, «в мою гостиную приглашается X»:
#: that has a move word of its own).
_MY_ROOM = (("в", "моей"), ("в", "моем"), ("у", "меня", "в"), ("у", "себя", "в"))


def _home_phrases(lemma: str) -> list[tuple[str, ...]]:
    """The phrases of a ``home_nouns`` lemma (a room of the mover's home: «гримёрка»): its
    locative after :data:`_MY_ROOM` («в моей гримёрке», «у меня в гримёрке»)."""
    from ..words import morph, norm

    parses = [p for p in morph().parse(lemma) if "NOUN" in p.tag and "nomn" in p.tag]
    forms = {norm(f.word) for p in parses[:1] for f in p.lexeme
             if "sing" in f.tag and ("loct" in f.tag or "loc2" in f.tag)}
    return [head + (form,) for form in sorted(forms) for head in _MY_ROOM]


def _files() -> list[tuple[str, dict]]:
    import tomllib
    from importlib import resources

    folder = resources.files(__name__)
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            out.append((entry.name, tomllib.loads(entry.read_text(encoding="utf-8"))))
    return out


def _wins_forms(data: dict, cls: str) -> dict:
    """The forms (words and phrases) of a game table's ``wins`` entries (engine.lexicon.game.WINS),
    each → ``cls``: built alone, as its fields give them."""
    wins = set(data.get("wins", ()))
    if not wins:
        return {}
    fields = {key: [e for e in items if e in wins] for key, items in data.items()
              if isinstance(items, list) and key not in ("wins", "not_before")}
    own = build([("wins", {"class": cls, **{k: v for k, v in fields.items() if v}})])
    return {**{w: cls for w in own.words}, **{p: cls for p in own.phrases}}


def build(files: list[tuple[str, dict]]) -> Lexicon:
    """Expand lexicon tables (``(file name, parsed TOML)``) into a :class:`Lexicon`.

    A word already given to another class keeps its first class (files in name order);
    explicit ``words`` win over expanded forms. Several tables may name one class (a game's
    own words after the shipped files, :mod:`engine.lexicon.game`): their ``not_before``
    lists add up and ``classes`` keeps the first file. A table with ``game = true`` (a game's
    words) changes no word that an earlier table has, not even to weak. Raises ``ValueError`` for a table
    without ``class``.
    """
    from ..words import norm

    lex = Lexicon()
    expanded: list[tuple[str, str, bool, str]] = []  # (form, class, weak, kind)
    won: dict = {}  # form or phrase → class: a game's word that wins over a shipped one
    derived = [(name, data) for name, data in files if data.get("derived")]
    for name, data in files:
        cls = data.get("class")
        if not cls:
            raise ValueError(f"{name}: нет поля class")
        if data.get("derived"):
            continue  # (after every other table: see _add_derived)
        lex.classes.setdefault(cls, name)  # (a game's words after the shipped file: keeps it)
        weak_verbs = {norm(v) for v in data.get("weak_verbs", ())}
        for lemma in data.get("verbs", ()):
            for form, kind in _verb_forms(lemma):
                weak = kind in ("weak", "imperative") or norm(lemma) in weak_verbs
                expanded.append((form, cls, weak, kind))
        for lemma in data.get("nouns", ()):
            for form in _noun_forms(lemma):
                expanded.append((form, cls, True, "noun"))
        weak_words = {norm(w) for w in data.get("weak_words", ())}
        # a game's table (``game``: engine.lexicon.game) never changes a word the files before it
        # have, but for the words the host marked as this game's («!окучивать»: ``wins``)
        wins = _wins_forms(data, cls) if data.get("game") else {}
        taken = frozenset(lex.words) - wins.keys() if data.get("game") else frozenset()
        won.update(wins)
        for w in list(data.get("words", ())) + list(data.get("weak_words", ())) + \
                list(data.get("typos", ())):
            w = norm(w)
            if w in taken:
                continue
            lex.words[w] = cls
            if w in weak_words:
                lex.weak.add(w)
        for w in data.get("words", ()):
            if norm(w).endswith(("ем", "им", "ём")) and len(w) > 4 and norm(w) not in taken:
                lex.plural1.add(norm(w))  # «режем», «мочим»
        for w in data.get("third_words", ()):
            if norm(w) in taken:
                continue
            lex.words[norm(w)] = cls
            lex.third.add(norm(w))
        for key, weak in (("verb_idioms", False), ("weak_verb_idioms", True)):
            for phrase in data.get(key, ()):
                lemma, *rest = phrase.split()
                tail = tuple(norm(w) for w in rest)
                for form, kind in _verb_forms(lemma):
                    words = (form,) + tail
                    lex.phrases.setdefault(words, cls)
                    lex.verb_phrases.add(words)
                    if weak or kind in ("weak", "imperative"):
                        lex.weak_phrases.add(words)
                    _mark_person(lex, kind, words, phrase=True)
        for before, lemma, after in data.get("inner_verb_idioms", ()):
            for form, kind in _verb_forms(lemma):  # «Сове кошелёк почистит»: always weak
                if kind in ("strong", "plural1", "weak", "third"):
                    words = tuple(norm(w) for w in before) + (form,) + \
                        tuple(norm(w) for w in after)
                    lex.phrases.setdefault(words, cls)
                    lex.verb_phrases.add(words)
                    lex.weak_phrases.add(words)
        for key, weak in (("idioms", False), ("weak_idioms", True)):
            for phrase in data.get(key, ()):
                words = tuple(norm(w) for w in phrase.split())
                lex.phrases.setdefault(words, cls)
                if weak:
                    lex.weak_phrases.add(words)
        for lemma in data.get("home_nouns", ()):
            for words in _home_phrases(lemma):  # «в моей гримёрке — X»: only with a name
                lex.phrases.setdefault(words, cls)
                lex.weak_phrases.add(words)
        stops = [tuple(norm(w) for w in item.split()) for item in data.get("not_before", ())]
        lex.not_before[cls] = lex.not_before.get(cls, frozenset()) | \
            frozenset(w[0] for w in stops if len(w) == 1)
        for w in stops:
            if len(w) > 1:
                lex.not_before_phrases.setdefault(cls, {}).setdefault(w[0], []).append(w)
    for form, cls, weak, kind in expanded:
        if kind in ("plural1", "strong"):
            lex.first.add(form)
        if kind == "plural1":
            lex.plural1.add(form)
        if form in lex.words:
            continue
        lex.words[form] = cls
        if weak:
            lex.weak.add(form)
        _mark_person(lex, kind, form)
    for form, cls in won.items():  # (after every table: the host's word for this game wins)
        if isinstance(form, str):
            lex.words[form] = cls
            lex.weak.add(form)
        else:
            lex.phrases[form] = cls
            lex.weak_phrases.add(form)
    _add_english_conjugated(lex)
    for _, data in derived:
        _add_derived(lex, data)
    lex.third |= {p[0] for p in lex.third_phrases}  # «Страж стоит на X»: its subject acts
    lex.imperative |= {p[0] for p in lex.imperative_phrases}
    for phrase, cls in sorted(lex.phrases.items(), key=lambda item: -len(item[0])):
        lex.by_first.setdefault(phrase[0], []).append((phrase, cls))
    lex.second = {w: frozenset(p[1] if len(p) > 1 else "" for p, _ in phrases)
                  for w, phrases in lex.by_first.items()}
    return lex


#: Russian verb endings a player puts on an English move verb («rob'ит», «robbит»,
#: «guard'ю», «kill'им», «check'аешь»), → the person they say (the kinds of
#: :func:`_verb_forms`).
_ENGLISH_ENDINGS = (("ит", "third"), ("ет", "third"), ("ает", "third"),
                    ("ю", "strong"), ("аю", "strong"),
                    ("им", "plural1"), ("ем", "plural1"), ("аем", "plural1"),
                    ("ишь", "imperative"), ("ешь", "imperative"), ("аешь", "imperative"),
                    ("ить", "weak"), ("ать", "weak"))

#: An English word of letters only (the base of :func:`_add_english_conjugated`).
_ENGLISH_WORD = frozenset("abcdefghijklmnopqrstuvwxyz")


def _english_stems(word: str) -> set[str]:
    """The stems a player writes an English verb ``word`` with before a Russian ending: the
    word itself, its final consonant doubled as in «robbing» («robb»), its final «e» dropped
    («invit» of «invite»)."""
    stems = {word}
    if len(word) >= 3 and word[-1] in "bdgmnprt" and word[-2] in "aeiou" and \
            word[-3] not in "aeiou":
        stems.add(word + word[-1])
    if word.endswith("e") and len(word) > 3:
        stems.add(word[:-1])
    return stems


def _add_english_conjugated(lex: Lexicon) -> None:
    """Add the English move verbs of the lexicon (its words of Latin letters only, not an
    «-ing» or third-person «-s» form) with a Russian verb ending, as players conjugate them
    («Vova rob'ит X», «Лёха robbит X», «Страж guard'ит меня», «kill'им X», «check'аю X»): with
    or without the apostrophe, each ending filed under its person (:data:`_ENGLISH_ENDINGS`:
    the third person is a move of the player named before it, the second person said to
    another, the first person and the infinitive as weak as the English word is). A form the
    lexicon already has keeps its class."""
    bases = [(w, cls) for w, cls in lex.words.items()
             if len(w) >= 3 and set(w) <= _ENGLISH_WORD and w not in lex.third and
             not w.endswith("ing")]
    for word, cls in bases:
        weak = word in lex.weak
        for stem in _english_stems(word):
            for ending, kind in _ENGLISH_ENDINGS:
                for form in (stem + ending, stem + "'" + ending):
                    if form in lex.words:
                        continue
                    lex.words[form] = cls
                    if kind in ("strong", "plural1"):
                        lex.first.add(form)
                    if kind == "plural1":
                        lex.plural1.add(form)
                    if kind in ("weak", "imperative") or (weak and kind != "third"):
                        lex.weak.add(form)
                    _mark_person(lex, kind, form)


def _mark_person(lex: Lexicon, kind: str, key, phrase: bool = False) -> None:
    """File a verb form of ``kind`` (:func:`_verb_forms`) under the person it is said in: a
    third-person form in ``third`` (a phrase, ``phrase``: ``third_phrases``), an imperative in
    ``imperative`` (``imperative_phrases``); any other form under none."""
    if kind == "third":
        (lex.third_phrases if phrase else lex.third).add(key)
    elif kind == "imperative":
        (lex.imperative_phrases if phrase else lex.imperative).add(key)


def _add_derived(lex: Lexicon, data: dict) -> None:
    """Add a table of derived forms of a game's words (:func:`engine.lexicon.game.derived_table`)
    to ``lex``, all weak. An entry goes in whole or not at all: not when any of its words or
    phrases already means another move (the shipped words and the host's own win)."""
    from ..words import norm

    cls = data["class"]

    def free(words, phrases) -> bool:
        return all(lex.words.get(w, cls) == cls for w in words) and \
            all(lex.phrases.get(p, cls) == cls for p in phrases)

    for lemma in data.get("verbs", ()):
        forms = _verb_forms(lemma)
        if not free([f for f, _ in forms], ()):
            continue
        for form, kind in forms:
            if form in lex.words:
                continue
            lex.words[form] = cls
            lex.weak.add(form)
            lex.derived.add(form)
            if kind in ("plural1", "strong"):
                lex.first.add(form)
            if kind == "plural1":
                lex.plural1.add(form)
            _mark_person(lex, kind, form)
    for label in data.get("label_nouns", ()):
        lemma, *before = label.split()
        forms = _noun_forms(lemma)
        if not free(forms, ()):
            continue
        for form in forms:
            if form not in lex.words:
                lex.words[form] = cls
                lex.weak.add(form)
                lex.label_only[form] = frozenset(before)
                lex.derived.add(form)
            for prep in before:
                # the noun and preposition the host wrote together in his phrase («дать залп
                # по») are his move in this game, not a shipped phrase of another («залп по»,
                # the mortar's): read as his noun at the head of a clause
                if lex.phrases.get((form, prep), cls) != cls and lex.label_only.get(form):
                    del lex.phrases[(form, prep)]
    for noun, verbs in data.get("label_verbs", ()):
        made = frozenset(form for verb in verbs for form, kind in _verb_forms(verb)
                         if kind in ("strong", "plural1"))
        for form in _noun_forms(noun):
            if form in lex.label_only and lex.words.get(form) == cls:
                lex.label_verbs[form] = lex.label_verbs.get(form, frozenset()) | made
    for phrase in data.get("idioms", ()):
        words = tuple(norm(w) for w in phrase.split())
        if free((), [words]) and words not in lex.phrases:
            lex.phrases[words] = cls
            lex.weak_phrases.add(words)
            lex.derived.add(words[0])
    for phrase in data.get("verb_idioms", ()):
        lemma, *rest = phrase.split()
        tail = tuple(norm(w) for w in rest)
        made = [((form,) + tail, kind) for form, kind in _verb_forms(lemma)]
        if not free((), [p for p, _ in made]):
            continue
        for words, kind in made:
            if words in lex.phrases:
                continue
            lex.phrases[words] = cls
            lex.verb_phrases.add(words)
            if lex.words.get(words[0]) != cls or words[0] in lex.weak:
                lex.weak_phrases.add(words)  # (no weaker than its verb: «заманиваю в трактир»)
            lex.derived.add(words[0])
            _mark_person(lex, kind, words, phrase=True)
    for before, lemma, after in data.get("inner_verb_idioms", ()):
        made = [tuple(norm(w) for w in before) + (form,) + tuple(norm(w) for w in after)
                for form, kind in _verb_forms(lemma) if kind in ("strong", "plural1", "weak")]
        if not free((), made):
            continue
        for words in made:  # «кошель режу у X»: the words before the verb, then it
            if words not in lex.phrases:
                lex.phrases[words] = cls
                lex.verb_phrases.add(words)
                lex.weak_phrases.add(words)
                lex.derived.add(words[0])


def shipped() -> Lexicon:
    """The shipped lexicon (engine/lexicon/*.toml) built here: pymorphy3 expands every lemma
    (~1.7 s on a 2-core machine)."""
    return build(_files())


def shipped_with(tables: list[tuple[str, dict]]) -> Lexicon:
    """The shipped lexicon and, after its files, more ``tables`` (a game's own words,
    :func:`engine.lexicon.game.game_tables`): a word the shipped files have keeps its class."""
    return build(_files() + list(tables))


_maker: Callable[[], Lexicon] | None = None


def provide(make: Callable[[], Lexicon] | None) -> None:
    """Get the lexicon from ``make`` at its first use instead of :func:`shipped` (``None``: build
    it here again). ``make`` must give what :func:`shipped` gives (the CLI's cached copy of it,
    :func:`mailer.lexicon_cache.cached`); call it before the first parse. A new ``make`` forgets
    the lexicon built so far; the same one again changes nothing."""
    global _maker
    if make is not _maker:
        _maker = make
        if lexicon.cache_info().currsize:
            forget_derived()  # tables the parser built from the lexicon in use so far
        lexicon.cache_clear()


#: Memo tables (module, name) of the parser that may hold what the lexicon in use decided; they
#: are filled lazily and may be emptied at any time. ``functools`` caches need no list.
_MEMOS = (("engine.parse_quiet_net", "_SIGN_WORDS"), ("engine.parse_quiet_net", "_USEFUL"),
          ("engine.grammar_hot", "_HOT_PIECES"), ("engine.grammar_hot", "_BORING"),
          ("engine.grammar_tokens", "_WORD_FORMS"), ("engine.net_pieces", "_TABLES"),
          ("engine.net_pieces", "_TOKENS"), ("engine.parse_unread_cheap", "_OWN"),
          ("engine.parse_unread_cheap", "_PLAIN"), ("engine.parse_unread_cheap", "_KEYED"),
          ("engine.parse_second_thoughts", "_MARK_OF"),
          ("engine.parse_second_thoughts", "_RELATES"), ("engine.parse_runon", "_FOUND"),
          ("engine.grammar_talk", "_PLAIN"), ("engine.parse_unread", "_SHOWS"),
          ("engine.textnorm_layout", "_LABELS"), ("engine.textnorm_layout", "_HYPHEN_MEMO"),
          ("engine.textnorm_typing", "_TABLES"))


#: Modules whose caches hold no word of the lexicon (the morphology: emptying it costs a new
#: load of the dictionary).
_NO_LEXICON = frozenset({"engine.words", "engine.lexicon", "engine.lexicon.game"})


def forget_derived() -> None:
    """Empty every cache the parser keeps of what the lexicon decided (``functools`` caches of
    the loaded ``engine`` modules and the memo tables of :data:`_MEMOS`), so that a lexicon
    handed in by :func:`provide` after some letters were parsed is the one every later parse
    reads (a process that parses for one game only never needs it)."""
    import sys

    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("engine.") or name in _NO_LEXICON:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()
    for name, attr in _MEMOS:
        module = sys.modules.get(name)
        table = getattr(module, attr, None) if module is not None else None
        if isinstance(table, dict):
            table.clear()
    parse_forms = sys.modules.get("engine.parse_rival_names")
    if parse_forms is not None:
        parse_forms._FORMS[:] = [None, {}]


@functools.lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The shipped lexicon (engine/lexicon/*.toml), built (or taken from :func:`provide`'s
    ``make``) on first use."""
    return (_maker or shipped)()
