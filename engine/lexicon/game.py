"""A game's own words for the moves (the host's ``[words]`` table, issue 11).

Themed games name the moves in their own words («сливаю соляру у X» for a theft in a truck
drivers' game). The host writes them by action id (SCENARIOS.md); this module turns them into
lexicon tables (the fields of engine/lexicon/README.md) that :func:`engine.lexicon.build`
expands after the shipped files. Everything here is data in, data out: the engine never reads
the game's config, the mailer hands these tables in (:mod:`mailer.lexicon_cache`).

Each entry is classified the way a host would fill the fields by hand: one infinitive →
``verbs`` (every person and tense: «сливать» → «сливаю», «сольём»…); a phrase whose first word
is an infinitive → ``verb_idioms``; one noun in the nominative → ``nouns`` (every case); any
other word or phrase is taken as written (``words`` / ``idioms``). Game words are *weak*: a
move only with a player's name beside them («камера на Кузю» is a watch, «вчера камера на
трассе сломалась» is talk). A host who wants a strong word writes the fields himself
(``[words.rob] verbs = [...]``): then nothing is made weak that he did not list as weak.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..grammar_vocab import (BEAT, CHECK, CHOOSE, CLASS_ACTIONS, DELEGATE, FEAR, GUARD, HEAL,
                             HUNT, INVITE, KILL, MANIAC, MORTAR, PARTNER, ROB, SEARCH, SWINDLE,
                             VOTE, WATCH)

#: Action id (SCENARIOS.md) → the verb class its words get. The sender's role still decides
#: the move (:data:`engine.grammar_vocab.CLASS_ACTIONS`): a ``rob`` word from the swindler is his
#: swindle, a ``watch`` word from the fan her search, a ``maniac_kill`` word from the psycho
#: his invitation, a ``clan_kill`` word from the maniac his kill.
ACTION_CLASSES: dict[str, str] = {
    "heal": HEAL, "rob": ROB, "guard": GUARD, "check": CHECK, "boss_check": CHECK,
    "clan_kill": KILL, "maniac_kill": MANIAC, "invite": INVITE, "beat": BEAT, "watch": WATCH,
    "hunt": HUNT, "search": SEARCH, "mortar": MORTAR, "vote": VOTE, "delegate": DELEGATE,
    "swindle": SWINDLE, "fear_choice": FEAR, "partner": PARTNER,
}

#: The fields a host may write himself (``[words.rob] verbs = [...]``); README.md of this folder.
FIELDS = ("verbs", "weak_verbs", "nouns", "words", "weak_words", "third_words", "idioms",
          "weak_idioms", "verb_idioms", "weak_verb_idioms", "typos", "not_before")

#: Where a classified entry goes, and the weak field it is also listed in.
_WEAK_OF = {"verbs": "weak_verbs", "verb_idioms": "weak_verb_idioms", "words": "weak_words",
            "idioms": "weak_idioms", "nouns": None}

#: Moves of classes with no role in :data:`CLASS_ACTIONS` (for the host's messages).
_OTHER_CLASSES_RU = {VOTE: "голос на линче", MORTAR: "выстрел из миномёта",
                     FEAR: "выбор при «Страхе»", PARTNER: "выбор пары при «Выбери меня!»",
                     DELEGATE: "ход на усмотрение босса", CHOOSE: "выбор",
                     "AWARD": "голос на линче при «Парадоксе»"}


class GameWordsError(ValueError):
    """A ``[words]`` entry the parser cannot take: ``key`` (the action id, or
    ``action.field``) and ``detail`` (Russian, for the host); ``str()`` says both."""

    def __init__(self, key: str, detail: str):
        super().__init__(f"[words] {key}: {detail}")
        self.key, self.detail = key, detail


def class_ru(cls: str) -> str:
    """What a verb class means, in the host's words: the moves it makes («кража / жульничество»
    for ``ROB``)."""
    from ..reasons import action_name

    if cls in CLASS_ACTIONS:
        names: list[str] = []
        for role, action in CLASS_ACTIONS[cls].items():
            name = action_name(action, role if role not in ("mafia", "civil") else None)
            if name not in names:
                names.append(name)
        return " / ".join(names)
    return _OTHER_CLASSES_RU.get(cls, cls)


def classify(entry: str) -> str:
    """The lexicon field an entry of the host's goes to: ``verbs`` (one infinitive),
    ``verb_idioms`` (a phrase that starts with one), ``nouns`` (one noun in the nominative
    singular), else ``words`` (one word) or ``idioms`` (a phrase), taken as written."""
    from ..words import morph

    words = entry.split()
    first = words[0].lower().replace("ё", "е")
    parses = morph().parse(first)
    infinitive = any("INFN" in p.tag and p.is_known for p in parses)
    if len(words) > 1:
        return "verb_idioms" if infinitive else "idioms"
    if infinitive:
        return "verbs"
    if any("NOUN" in p.tag and "nomn" in p.tag and "sing" in p.tag and p.is_known
           and p.normal_form.replace("ё", "е") == first for p in parses):
        return "nouns"
    return "words"


def _entries(key: str, value) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        name = key.rsplit(".", 1)[-1]
        raise GameWordsError(key, f"нужен список слов в кавычках, например "
                                  f"{name} = [\"слово\", \"выражение из слов\"]")
    out = [" ".join(v.split()) for v in value]
    if not out:
        raise GameWordsError(key, "пустой список — впишите слова хода или уберите строку")
    if any(not v for v in out):
        raise GameWordsError(key, "пустое слово \"\" — впишите слово или уберите его")
    return out


#: What opens a game's word (in a move's list of ``[words]``) that means the host's move in
#: this game even where the shipped lexicon gives it to another move («!окучивать» for heal:
#: the swindler's built-in slang, the doctor's word in a garden-themed game). ``words add
#: --override`` stores it so; :func:`conflicts` lets it through, :func:`overridden` names what
#: it takes over, and :func:`engine.lexicon.build` gives its forms to the host's move.
WINS = "!"


def plain_word(entry: str) -> str:
    """A game's word as the host reads it: without the :data:`WINS` mark."""
    return " ".join(entry[len(WINS):].split()) if entry.startswith(WINS) else entry


def game_tables(words: Mapping[str, Sequence[str] | Mapping[str, Sequence[str]]],
                derived: bool = True) -> list[tuple[str, dict]]:
    """Lexicon tables (``(name, table)``, for :func:`engine.lexicon.build` after the shipped
    files) of a game's ``[words]``: action id → the host's words (classified by
    :func:`classify`, all weak), or action id → fields as in engine/lexicon/README.md. With
    ``derived``, after them the forms a host would accept too (:func:`derived_table`) of each
    classified list (a host who writes the fields himself gets only what he wrote).

    Raises:
        GameWordsError: an unknown action id, an empty entry or list, an unknown field (Russian).
    """
    tables = []
    for action, value in words.items():
        cls = ACTION_CLASSES.get(action)
        if cls is None:
            known = ", ".join(ACTION_CLASSES)
            raise GameWordsError(action, f"нет такого хода «{action}»; ходы: {known}")
        table: dict = {"class": cls, "game": True}  # (build: changes no shipped word)
        if isinstance(value, Mapping):
            for key, items in value.items():
                if key not in FIELDS:
                    raise GameWordsError(f"{action}.{key}", "нет такого поля; поля: "
                                         + ", ".join(FIELDS))
                table[key] = _entries(f"{action}.{key}", items)
            if len(table) == 2:
                raise GameWordsError(action, "нет ни одного слова")
        else:
            for entry in _entries(action, value):
                if entry.startswith(WINS):  # «!окучивать»: the game's meaning wins (see WINS)
                    entry = plain_word(entry)
                    if not entry:
                        raise GameWordsError(action, "пустое слово \"!\" — впишите слово после «!»")
                    table.setdefault("wins", []).append(entry)
                field = classify(entry)
                table.setdefault(field, []).append(entry)
                if _WEAK_OF[field]:
                    table.setdefault(_WEAK_OF[field], []).append(entry)
        tables.append((f"[words] {action}", table))
    if derived:
        for (name, table), value in zip(list(tables), words.values()):
            if not isinstance(value, Mapping):
                more = derived_table(table["class"], table)
                if len(more) > 3:
                    tables.append((f"{name} ~", more))
    return tables


#: The fields whose entries make words of the lexicon (``weak_*`` of a classified entry repeat it).
_MAKING = ("verbs", "nouns", "words", "weak_words", "third_words", "idioms", "weak_idioms",
           "verb_idioms", "weak_verb_idioms", "typos")


def _same_move(cls: str, action: str) -> bool:
    """Whether the shipped class ``cls`` already makes ``action`` for the role that has it (the
    host's maniac_kill word «замочить» is the shipped kill word, the maniac's kill): no conflict."""
    return action in CLASS_ACTIONS.get(cls, {}).values()


def conflicts(base, tables: list[tuple[str, dict]]) -> list[tuple[str, str]]:
    """(action id, Russian line), one an entry of ``tables`` some form of which ``base`` (the
    shipped :class:`engine.lexicon.Lexicon`) or an earlier entry gives to another class: the
    game's word would not mean the move the host wrote it for. A shipped word whose class
    already makes the host's move for the role that has it («замочить» written for maniac_kill:
    the kill word, the maniac's kill) is no conflict; the shipped reading stays. Empty when
    there is none."""
    from . import build

    out: list[tuple[str, str]] = []
    owner: dict[object, tuple[str, str]] = {}  # form or phrase → (class, action) of the game
    for name, table in tables:
        if table.get("derived"):
            continue  # (a derived form that means another move is left out, no error)
        cls = table["class"]
        action = name.removeprefix("[words] ")
        wins = set(table.get("wins", ()))
        for field in _MAKING:
            for entry in table.get(field, ()):
                if entry in wins:
                    continue  # (the host chose: this game's meaning wins, :func:`overridden`)
                own = build([(name, {"class": cls, field: [entry]})])
                clash: dict[str, list[str]] = {}
                for form in list(own.words) + list(own.phrases):
                    other = (base.words if isinstance(form, str) else base.phrases).get(form)
                    text = form if isinstance(form, str) else " ".join(form)
                    if other is not None and other != cls and not _same_move(other, action):
                        clash.setdefault(f"уже значит ход «{class_ru(other)}»", []).append(text)
                    elif form in owner and owner[form][0] != cls:
                        clash.setdefault(f"уже записано у хода {owner[form][1]}",
                                         []).append(text)
                    owner.setdefault(form, (cls, action))
                for what, forms in clash.items():
                    shown = ", ".join(f"«{f}»" for f in sorted(forms)[:4])
                    more = " …" if len(forms) > 4 else ""
                    line = (action, f"«{entry}» {what} ({shown}{more})")
                    if line not in out:  # (an entry is in its field and its weak_ field)
                        out.append(line)
    return out


def overridden(base, tables: list[tuple[str, dict]]) -> list[tuple[str, str, str]]:
    """``(action id, entry, the Russian name of the move it meant)`` for each :data:`WINS` entry
    of ``tables`` some form of which ``base`` (the shipped lexicon) gives to another move: what
    the game's word takes over in this game (the host is warned)."""
    from . import build

    out: list[tuple[str, str, str]] = []
    for name, table in tables:
        if table.get("derived"):
            continue
        cls = table["class"]
        action = name.removeprefix("[words] ")
        for entry in table.get("wins", ()):
            for field in _MAKING:
                if entry not in table.get(field, ()):
                    continue
                own = build([(name, {"class": cls, field: [entry]})])
                others = sorted({o for form in list(own.words) + list(own.phrases)
                                 if (o := (base.words if isinstance(form, str) else base.phrases).get(form))
                                 is not None and o != cls and not _same_move(o, action)})
                for other in others:
                    line = (action, entry, class_ru(other))
                    if line not in out:
                        out.append(line)
    return out


# --- derived forms of the game's words -----------------------------------------------------------
#
# A host who announced «бросить камень в» for the vote would also take «бросаю камень в X»,
# «камень в X», «Камень — X», «камни: X, Y», «камень бросаю в X»; «срезать кошель у» — also
# «режу кошель у X», «срезаю»; «воля магистра» — also «на волю магистра». Those forms are
# made here from his own entries (:func:`derived_table`), all weak, and the lexicon takes one
# only when none of its forms means another move (:func:`engine.lexicon.build`).

#: Verb prefixes, longest first (a prefixed perfective's plain verb: «срезать» → «резать»).
_PREFIXES = ("недо", "пере", "пред", "подо", "обо", "ото", "разо", "раз", "рас", "воз", "вос",
             "под", "над", "без", "бес", "при", "про", "вз", "вс", "вы", "до", "за", "из", "ис",
             "на", "об", "от", "по", "со", "в", "о", "с", "у")

#: Consonant alternations of a perfective stem in its imperfective («пустить» → «пускать»,
#: «обчистить» → «обчищать», «отравить» → «отравлять»); ("", "") keeps the stem.
_ALTERNATIONS = (("", ""), ("ст", "щ"), ("ст", "ск"), ("т", "ч"), ("т", "щ"), ("д", "ж"),
                 ("д", "жд"), ("з", "ж"), ("с", "ш"), ("к", "ч"), ("г", "ж"), ("б", "бл"),
                 ("п", "пл"), ("в", "вл"), ("м", "мл"), ("ф", "фл"))

#: Whole endings that change between the two aspects («снять» → «снимать», «послать» →
#: «посылать», «обнести» → «обносить», «переехать» → «переезжать»): perfective, imperfective.
_PAIRED_ENDINGS = (("нять", "нимать"), ("слать", "сылать"), ("брать", "бирать"),
                   ("звать", "зывать"), ("драть", "дирать"), ("ехать", "езжать"),
                   ("нести", "носить"), ("вести", "водить"), ("везти", "возить"),
                   ("ечь", "екать"), ("ечь", "игать"), ("нуть", "ать"), ("нуть", "ывать"),
                   ("нуть", "ивать"), ("нуть", "дывать"), ("нуть", "дать"),
                   ("януть", "ягивать"), ("ьнуть", "ять"))
# («стянуть» → «стягивать», «стрельнуть» → «стрелять»)


def _o_to_a(stem: str) -> str | None:
    """``stem`` with its last «о» made «а», as a root vowel turns in an imperfective in
    «-ивать»/«-ывать» («устроить» → «устраивать», «заработать» → «зарабатывать»), or None."""
    k = stem.rfind("о")
    return stem[:k] + "а" + stem[k + 1:] if k > 0 else None

#: Prepositions that may end a phrase of the host's (its target follows: «камень в X»).
_PREPOSITIONS = frozenset({"в", "во", "на", "у", "к", "ко", "с", "со", "за", "по", "для",
                           "против", "от", "из", "о", "об", "про"})


def _aspects(lemma: str) -> set[str]:
    """The aspects (``perf``, ``impf``) of ``lemma`` as a known infinitive (empty: none)."""
    from ..words import morph

    return {a for p in morph().parse(lemma) if "INFN" in p.tag and p.is_known
            for a in ("perf", "impf") if a in p.tag}


def _root_vowel(stem: str) -> bool:
    """True when ``stem`` keeps a vowel once a prefix is taken off («оглуш», not «сл» of
    «слить» or «отб» of «отбить», whose «и» is the root's own)."""
    for prefix in _PREFIXES + ("",):
        if stem.startswith(prefix) and len(stem) > len(prefix):
            return any(c in "аеиоуыэюяё" for c in stem[len(prefix):])
    return False


def _imperfectives(lemma: str) -> list[str]:
    """Spellings an imperfective of the perfective ``lemma`` may have (unchecked)."""
    out = []
    for perf, impf in _PAIRED_ENDINGS:
        if lemma.endswith(perf):
            out.append(lemma[:-len(perf)] + impf)
    if lemma.endswith(("ить", "еть")) and _root_vowel(lemma[:-3]):
        stem = lemma[:-3]
        for a, b in _ALTERNATIONS:
            if stem.endswith(a):
                base = stem[:len(stem) - len(a)] + b
                out += [base + e for e in ("ать", "ять", "ивать", "ывать")]
                if (turned := _o_to_a(base)) is not None:
                    out += [turned + e for e in ("ивать", "ывать")]
    if lemma.endswith(("ать", "ять")) and _root_vowel(lemma[:-3]):
        out += [lemma[:-3] + e for e in ("ывать", "ивать")]
        if (turned := _o_to_a(lemma[:-3])) is not None:
            out += [turned + e for e in ("ывать", "ивать")]
    if lemma.endswith("ть"):
        out.append(lemma[:-2] + "вать")  # «отбить» → «отбивать», «слить» → «сливать»
    return out


def _perfectives(lemma: str) -> list[str]:
    """Spellings a perfective of the imperfective ``lemma`` may have (unchecked)."""
    out = []
    for perf, impf in _PAIRED_ENDINGS:
        if lemma.endswith(impf):
            out.append(lemma[:-len(impf)] + perf)
    if lemma.endswith("вать") and lemma[-5:-4] in "аеиуыя":
        out.append(lemma[:-4] + "ть")  # «сливать» → «слить», «наливать» → «налить»
    if lemma.endswith(("ать", "ять")):
        stem = lemma[:-3]
        stems = [stem]
        if stem.endswith(("ыв", "ив")):
            stem = stem[:-2]
            k = stem.rfind("а")  # («устраивать» → «устроить»: the root's «о» back)
            stems = [stem] + ([stem[:k] + "о" + stem[k + 1:]] if k > 0 else [])
        for one in stems:
            for a, b in _ALTERNATIONS:
                if one.endswith(b):
                    base = one[:len(one) - len(b)] + a
                    out += [base + e for e in ("ить", "ать")]
        out.append(stems[0] + "нуть")
    return out


def aspect_partners(lemma: str) -> list[str]:
    """Known infinitives of the other aspect made from ``lemma`` by the regular rules of
    Russian aspect pairs («заглянуть» → «заглядывать», «снять» → «снимать», «метнуть» →
    «метать», «сливать» → «слить»); empty for a verb the dictionary does not know. A
    biaspectual verb («срезать»: «срежу», «срезаю») has none: its own forms are both."""
    aspects = _aspects(lemma)
    if len(aspects) != 1:
        return []
    made = _imperfectives(lemma) if "perf" in aspects else _perfectives(lemma)
    want = "impf" if "perf" in aspects else "perf"
    out: list[str] = []
    for cand in made:
        if cand != lemma and cand not in out and want in _aspects(cand):
            out.append(cand)
    return out


def unprefixed(lemma: str) -> str | None:
    """The plain imperfective of a prefixed perfective («срезать» → «резать», «поставить» →
    «ставить»: «режу кошель у X»), or None. Used inside a phrase of the host's only, where its
    object keeps the meaning («режу кошель у X»; never «ехать» of «переехать» alone)."""
    if "perf" not in _aspects(lemma):
        return None
    for prefix in _PREFIXES:
        rest = lemma[len(prefix):]
        if lemma.startswith(prefix) and len(rest) >= 4 and "impf" in _aspects(rest):
            return rest
    return None


def _noun(word: str, case: str | None = None, inanimate: bool = True):
    """The known noun parse of ``word`` (in ``case`` when given; inanimate only when
    ``inanimate``), or None."""
    from ..words import morph

    found = [p for p in morph().parse(word)
             if "NOUN" in p.tag and p.is_known and (case is None or case in p.tag) and
             (not inanimate or "anim" not in p.tag or "inan" in p.tag)]
    return next((p for p in found if "sing" in p.tag), found[0] if found else None)


def _noun_phrase_forms(words: list[str]) -> list[str]:
    """Every case and number of a noun phrase in the nominative the host wrote: a noun with
    words after it («воля магистра» → «волю магистра», «воле магистра») or an adjective and a
    noun («отравленный кинжал» → «отравленным кинжалом», «отравленные кинжалы»); empty when
    ``words`` is no such phrase."""
    from ..words import morph

    lower = [w.lower() for w in words]
    head = _noun(lower[0], "nomn", inanimate=False)
    if head is not None and head.word == lower[0] and not (
            len(lower) == 2 and _noun(lower[1], "nomn", inanimate=False) is not None and any(
                ("ADJF" in p.tag or "PRTF" in p.tag) and "nomn" in p.tag and p.is_known
                for p in morph().parse(lower[0]))):
        # (an adjective that is a noun too — «магнитная», «подзорная» — before a noun in the
        # nominative is the adjective of an adjective and a noun, below)
        return sorted({" ".join([f.word] + words[1:]) for f in head.lexeme
                       if "NOUN" in f.tag} - {" ".join(lower)})
    if len(lower) != 2:
        return []
    noun = _noun(lower[1], "nomn", inanimate=False)
    adjs = [p for p in morph().parse(lower[0]) if ("ADJF" in p.tag or "PRTF" in p.tag)
            and "nomn" in p.tag and p.is_known]
    if noun is None or not adjs:
        return []
    out = set()
    for f in noun.lexeme:
        if "NOUN" not in f.tag or f.tag.case is None:
            continue
        grams = {f.tag.case, f.tag.number}
        if f.tag.number == "sing" and noun.tag.gender:
            grams.add(noun.tag.gender)
        if f.tag.case == "accs" and noun.tag.animacy and \
                (f.tag.number == "plur" or noun.tag.gender == "masc"):
            grams.add(noun.tag.animacy)
        adj = adjs[0].inflect(grams)
        if adj is not None:
            out.add(f"{adj.word} {f.word}")
    return sorted(out - {" ".join(lower)})


def _adjective(word: str) -> bool:
    """True when ``word`` is known only as a full adjective (no noun reading)."""
    from ..words import morph

    parses = [p for p in morph().parse(word) if p.is_known]
    return bool(parses) and all("ADJF" in p.tag for p in parses)


def derived_table(cls: str, fields: Mapping[str, Sequence[str]]) -> dict:
    """The forms a host who announced the classified entries ``fields`` (of one move, class
    ``cls``) would accept too, as a lexicon table (``derived``: :func:`engine.lexicon.build`
    takes an entry of it only when no form means another move; every form weak):

    - the other aspect of a verb («отбить» → «отбиваю»; «сливать» → «солью»);
    - in a verb phrase also the prefixless verb («срезать кошель у» → «режу кошель у»), the
      words before the verb («кошель режу у X», «на подогрев ставлю X»), and its object noun
      on its own at the head of a clause, a player after it («Камень — X», «камни: X, Y»,
      «камень в X»: ``label_nouns``, the noun and the phrase's preposition, which «!» makes
      needed: a person sent, «Ассасин — к X») or its place
      («поставить на подогрев» → «на подогрев X»);
    - a place of the host's on its own: «на мойку» → «Мойка: X»;
    - a noun phrase in every case («воля магистра» → «на волю магистра»), and an adjective's
      noun on its own at the head of a clause («отравленный кинжал» → «Кинжал — X»).
    """
    from ..words import is_known_word

    out: dict = {"class": cls, "game": True, "derived": True}

    def add(field, item):
        if item not in out.setdefault(field, []):
            out[field].append(item)

    for lemma in fields.get("verbs", ()):
        for other in aspect_partners(lemma.lower().replace("ё", "е")):
            add("verbs", other)
    for phrase in fields.get("verb_idioms", ()):
        lemma, *rest = phrase.lower().split()
        lemma = lemma.replace("ё", "е")
        lemmas = [lemma] + aspect_partners(lemma)
        plain = unprefixed(lemma)
        if plain is not None and plain not in lemmas:
            lemmas.append(plain)
        for other in lemmas[1:]:
            add("verb_idioms", " ".join([other] + rest))
        tail = rest[-1:] if rest and rest[-1] in _PREPOSITIONS else []
        core = rest[:len(rest) - len(tail)]
        if core:
            for other in lemmas:
                add("inner_verb_idioms", (tuple(core), other, tuple(tail)))
        labels = len(out.get("label_nouns", ()))
        if core and core[0] not in _PREPOSITIONS:
            obj = _noun(core[0], "accs")
            if obj is not None and len(core) == 1:
                add("label_nouns", " ".join([obj.normal_form] + tail))  # «Камень — X»
            elif len(core) == 1 and tail and \
                    (someone := _noun(core[0], "accs", inanimate=False)) is not None:
                # «послать ассасина к» → «Ассасин — к X»: a person sent, only with the
                # phrase's preposition (never «X — ассасин», a guess at a role)
                add("label_nouns", f"{someone.normal_form} {tail[0]} !")
            elif len(core) == 1 and (thing := _noun(core[0])) is not None:
                # an object in another case: «налить рому» → «Ром — X», «рому X»; «отходить
                # линьком» → «Линёк — X», «линьком X»
                add("label_nouns", " ".join([thing.normal_form] + tail))
            elif len(core) == 1 and _adjective(core[0]):
                # an adjective standing for its noun («устроить тёмную»): «Тёмную — X», as written
                add("label_nouns", " ".join(core + tail))
            if len(out.get("label_nouns", ())) > labels:
                # «автограф у X стрельну»: the phrase's verb after the player is the noun's
                add("label_verbs", (out["label_nouns"][-1].split()[0], tuple(lemmas)))
        elif 2 <= len(core) <= 3 and (_noun(core[-1], inanimate=False) is not None or
                                      not is_known_word(core[-1])):
            # «поставить на подогрев» → «на подогрев X»; «отправить к Дейви Джонсу» → «к Дейви
            # Джонсу X» (a name the dictionary does not know)
            add("idioms", " ".join(core + tail))
            place = _place(core) if not tail else None
            if place is not None:
                add("label_nouns", place)  # «забирать в палату» → «Палата: X», as «на мойку»
    for phrase in fields.get("idioms", ()):
        words = phrase.split()
        if len(words) == 2 and words[0].lower() in _PREPOSITIONS:
            place = _place(words)
            if place is not None:
                add("label_nouns", place)  # «на мойку» → «Мойка: X»
            continue
        # («подзорная труба на» → «подзорную трубу на X»: the phrase before its preposition)
        tail = words[-1:] if len(words) > 2 and words[-1].lower() in _PREPOSITIONS else []
        forms = _noun_phrase_forms(words[:len(words) - len(tail)])
        for form in forms:
            add("idioms", " ".join([form] + tail))
        if len(words) == 2 and forms and _noun(words[0].lower()) is None:  # (no tail: all words)
            noun = _noun(words[1].lower(), "nomn")
            if noun is not None:
                add("label_nouns", noun.normal_form)  # «отравленный кинжал» → «Кинжал — X»
        if len(words) == 3 and words[1].lower() in _TARGET_PREPOSITIONS and \
                (head := _noun(words[0].lower(), "nomn")) is not None and \
                head.word == words[0].lower() and _noun(words[2].lower()) is not None:
            # «ордер на выселение» → «Ордер — на X», «ордер на X»: the head noun, the player
            # where the host's thing was
            add("label_nouns", f"{head.normal_form} {words[1].lower()}")
    return out


def _place(words: list[str]) -> str | None:
    """The dictionary form of the place in a two-word phrase «<preposition> <noun>» («на
    мойку» → «мойка», «в палату» → «палата»), or None when it is no such phrase."""
    if len(words) != 2 or words[0].lower() not in _PREPOSITIONS:
        return None
    place = next(filter(None, (_noun(words[1].lower(), case)
                               for case in ("accs", "loct", "gent", "datv"))), None)
    return place.normal_form if place is not None else None


#: Prepositions before which a player may stand in place of the host's noun («ордер на X»).
_TARGET_PREPOSITIONS = frozenset({"на", "за", "у", "к", "в", "против", "для", "по"})
