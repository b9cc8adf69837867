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


def game_tables(words: Mapping[str, Sequence[str] | Mapping[str, Sequence[str]]]
                ) -> list[tuple[str, dict]]:
    """Lexicon tables (``(name, table)``, for :func:`engine.lexicon.build` after the shipped
    files) of a game's ``[words]``: action id → the host's words (classified by
    :func:`classify`, all weak), or action id → fields as in engine/lexicon/README.md.

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
                field = classify(entry)
                table.setdefault(field, []).append(entry)
                if _WEAK_OF[field]:
                    table.setdefault(_WEAK_OF[field], []).append(entry)
        tables.append((f"[words] {action}", table))
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

    out: list[str] = []
    owner: dict[object, tuple[str, str]] = {}  # form or phrase → (class, action) of the game
    for name, table in tables:
        cls = table["class"]
        action = name.removeprefix("[words] ")
        for field in _MAKING:
            for entry in table.get(field, ()):
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
                    out.append((action, f"«{entry}» {what} ({shown}{more})"))
    return out
