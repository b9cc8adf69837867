"""Sentences that are talk by their words alone (issue 11: chatter costs almost nothing).

A sentence of chatter may hold a move word that is no move of the sender's role («На
выходных полечу в Сочи» from a civilian, «Проверю почту вечером» from a doctor). When it
names no player and points at none, such a word is never a move, a problem or a correction
of the letter: the parser reads it only to give nothing. :func:`talk_test` tells such
sentences apart by a few set look-ups, so that :func:`engine.grammar_windows.reading_windows`
leaves them unread (a window made only of them is never tokenized).

The rule, as a host would state it: a sentence whose only move words are of moves the sender
cannot make (a doctor's «полечу» in a civilian's letter), or whose one move word of his own
is ordinary speech by the word right after it («полечу в Сочи» from the doctor) or has a thing
for its object («Проверю почту вечером» from the detective), with no nickname or part, pet form
or near miss of one, no pronoun, «меня», «себя», no role word, no word the dictionary does
not know, no other word the parser looks at closely (correction, flag, «как вчера» words,
role words, third-person verbs), no question and no open end, is talk. A capitalised word
after its first one may be a name, so such a sentence is talk only when the move word is
followed by a word that makes it ordinary speech («полечу в Сочи», the lexicon's
``not_before``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from . import grammar_vocab as V
from .grammar_rules import Actor, action_for
from .lexicon import lexicon
from .model import TurnInfo
from .grammar_target_skip import GAME_NOUNS
from .words import common_noun, is_interjection, is_known_word, is_verb, role_words

#: Move classes a sentence may hold as talk: the night moves of roles (never the vote, the
#: event moves, the clan's delegation, or shooting, which may be a hunt or a kill).
_ROLE_CLASSES = frozenset({V.HEAL, V.CHECK, V.BEAT, V.INVITE, V.ROB, V.WATCH, V.GUARD,
                           V.MANIAC, V.SEARCH, V.SWINDLE, V.VISIT, V.HUNT, V.KILL})

#: Senders whose letters have forms of their own around a move word of another role (a
#: boss's orders for his members, a swindler's «если доктор — лечу X», the hostess's «Ванечка,
#: приходи»): their sentences are always read.
_OWN_FORMS = frozenset({"boss", "swindler", "hostess"})

#: Words that look back at a player, speak of the sender, his clan or today, deny, suppose
#: or hedge: a sentence holding one is read.
_CLOSE_WORDS = frozenset({"есть", "не", "ни", "ли", "или", "если", "ежели",
                          "мне", "мной", "нас", "нам", "мы", "наш", "наша", "наши", "свой",
                          "своего", "сегодня", "ночью", "этой", "тоже", "же", "туда", "тот",
                          "того", "тому", "том", "та", "ту", "той", "те", "тех", "всех",
                          "вместо", "сам", "сама", "лучше", "пусть"})

#: What makes a sentence more than one clause, or a question (engine.grammar_tokens.clauses:
#: «.», «!», «?», «;», a line break, «…», a member's heading after «,» and «:» or «—»).
_CUTS = re.compile(r"[.!?;\n…:—–\x01]")
_FIRST_LETTER = re.compile(r"\w")
_PLAIN_WORD = re.compile(r"[а-я]+")


def talk_test(idx, actor: Actor, turn: TurnInfo) -> Callable[[set, list, str], bool] | None:
    """The test :func:`engine.grammar_windows.reading_windows` asks of each sentence with
    hot words, for the letter of ``actor`` on ``turn`` with the roster's form index ``idx``
    (see the module's rule): ``talk(found, words, text)`` with the sentence's hot words, its
    lower-case words and its text as written. None for a sender whose sentences are always
    read (a boss, a swindler, the hostess, a dead player)."""
    if actor.role in _OWN_FORMS or not actor.alive:
        return None
    classes = _foreign_classes(actor, turn)
    foreign, own = _foreign_words(classes), _foreign_words(_ROLE_CLASSES - classes)
    plain = _plain_words(idx)
    not_before = lexicon().not_before
    words_cls = lexicon().words

    def talk(found: set, words: list, text: str) -> bool:
        # (every test is pure: the cheap ones first, the own word's reading last)
        mine = not foreign.issuperset(found)
        if mine and not (len(found) == 1 and own.issuperset(found)):
            return False
        core = text.strip().rstrip(".!;")
        if _CUTS.search(core) is not None:
            return False  # a question, or more than one clause («т.е.», «…», «:»)
        for w in words:
            if w not in found and not plain(w):
                return False
        if _has_flag(words):
            return False
        if mine and not (_ordinary(next(iter(found)), words, text, not_before, words_cls) or
                         _thing_after(next(iter(found)), words, text)):
            return False
        first = _FIRST_LETTER.search(core)
        rest = core[first.end():] if first else ""
        if rest != rest.lower():
            # a capitalised word may be a name: talk only after «полечу в …»
            if len(found) > 1:
                return False
            for k, w in enumerate(words[:-1]):
                if w in found and words[k + 1] in not_before.get(words_cls[w], ()) and \
                        is_verb(w):
                    break
            else:
                return False
        return True
    return talk


def _ordinary(w: str, words: list, text: str, not_before: dict, words_cls: dict) -> bool:
    """True when the move verb ``w``, written once, is followed right away (a space between)
    by a word that makes it ordinary speech («полечу в Сочи» from the doctor, the lexicon's
    ``not_before``; engine.parse_move reads no move then)."""
    if words.count(w) != 1:
        return False
    k = words.index(w)
    if k + 1 >= len(words) or words[k + 1] not in not_before.get(words_cls[w], ()) or \
            words[k + 1] == "как" or not is_verb(w):
        return False
    return re.search(rf"(?<!\w){w}\s+{words[k + 1]}(?!\w)", text.lower().replace("ё", "е")) \
        is not None


def _thing_after(w: str, words: list, text: str) -> bool:
    """True when the move verb ``w`` (first person singular), written once, has right after
    it (a space between) a common noun in the accusative that is no player («Проверю почту
    вечером» from the detective: the verb's object is a thing, engine.grammar_targets)."""
    lex = lexicon()
    if w not in lex.first or w in lex.plural1 or w in lex.weak or words.count(w) != 1:
        return False
    k = words.index(w)
    if k + 1 >= len(words):
        return False
    nxt = words[k + 1]
    if nxt in V.FILLERS or nxt in V.TITLES or nxt in GAME_NOUNS or is_interjection(nxt) or \
            not common_noun(nxt):
        return False
    return re.search(rf"(?<!\w){w}\s+{nxt}(?!\w)", text.lower().replace("ё", "е")) is not None


def may_mark(text: str) -> bool:
    """True when a sentence of talk (lower case) may hold a correction mark («…, так что
    …», :func:`engine.grammar_flags.correction_marks`): it is then cut into words for its
    marks."""
    return any(w in text for w in _mark_words())


@functools.lru_cache(maxsize=1)
def _mark_words() -> tuple[str, ...]:
    """The mark words (:data:`engine.grammar_flags._MARK_WORDS`) a sentence of talk may
    hold (the others keep a sentence read)."""
    from .grammar_flags import _MARK_WORDS

    return tuple(sorted(w for w in _MARK_WORDS if w not in _blocked()))


@functools.lru_cache(maxsize=256)
def _foreign_classes(actor: Actor, turn: TurnInfo) -> frozenset[str]:
    """The role move classes that are no move of ``actor`` on ``turn``."""
    out = {cls for cls in _ROLE_CLASSES if action_for(cls, actor, turn) is None}
    if actor.mafia:
        out.discard(V.VISIT)  # «навестим Сову»: the clan kill
    return frozenset(out)


@functools.lru_cache(maxsize=64)
def _foreign_words(classes: frozenset[str]) -> frozenset[str]:
    """The lexicon's single move words of ``classes`` that are in no phrase of the lexicon
    (a phrase may be of another class: «в пару беру»)."""
    lex = lexicon()
    in_phrases = {w for p in lex.phrases for w in p}
    return frozenset(w for w, cls in lex.words.items()
                     if cls in classes and w not in in_phrases and _PLAIN_WORD.fullmatch(w))


#: Per name index (by identity): word → whether it is plain (see :func:`_plain_words`).
_PLAIN: dict[int, tuple[object, dict[str, bool]]] = {}


def _plain_words(idx) -> Callable[[str], bool]:
    """``plain(word)``: True when ``word`` (lower case) is a dictionary word of Cyrillic
    letters that is no form, part, pet form or near miss of a nickname of ``idx``, no role
    word, pronoun or word of the sender, and no word the parser looks at closely."""
    entry = _PLAIN.get(id(idx))
    if entry is None or entry[0] is not idx:
        if len(_PLAIN) > 64:
            _PLAIN.clear()
        entry = _PLAIN[id(idx)] = (idx, {})
    seen = entry[1]
    blocked = _blocked()
    single, firsts, parts = idx.single, idx.multi_first, idx.parts

    def plain(w: str) -> bool:
        ok = seen.get(w)
        if ok is None:
            e = w.replace("э", "е")
            ok = bool(_PLAIN_WORD.fullmatch(w)) and w not in blocked and \
                not w.startswith("голос") and w not in single and e not in single and \
                w not in firsts and w not in parts and is_known_word(w) and \
                idx.approximate(w) is None and idx.approximate(w, strict=True) is None
            if len(seen) > 50_000:
                seen.clear()
            seen[w] = ok
        return ok
    return plain


@functools.lru_cache(maxsize=1)
def _blocked() -> frozenset[str]:
    """Words that keep a sentence read (see :func:`_plain_words`): trigger and move words of
    every kind, role words, pronouns, correction and choice words, the one-word flag phrases
    and :data:`_CLOSE_WORDS`. (A phrase of the lexicon or of «как вчера», skip or cancel
    words makes its longest word a hot word of the sentence, which then is no talk; the
    other flag phrases are looked for whole, :func:`_flag_phrases`.)"""
    from .grammar_triggers import trigger_words
    from .grammar_own import HOSTESS_COME

    lex = lexicon()
    out = set(trigger_words()) | set(role_words()) | set(lex.words) | lex.third | \
        lex.imperative | V.PRONOUNS | V.SENDER_WORDS | V.SELF_WORDS | V.CORRECTION_WORDS | \
        V.CHOOSE_WORDS | V.WITHDRAW_WORDS | V.DOUBT_WORDS | HOSTESS_COME | _CLOSE_WORDS
    for table in _FLAG_TABLES:
        out |= {p[0] for p in table if len(p) == 1}
    out |= {w for k in role_words() for w in k.split()}
    return frozenset(out)


_FLAG_TABLES = (V.SKIP_PHRASES, V.CANCEL_PHRASES, V.OTHER_DAY_PHRASES, V.ABSTAIN_PHRASES)


@functools.lru_cache(maxsize=1)
def _flag_phrases() -> dict[str, tuple[frozenset[str], ...]]:
    """The flag phrases of several words (skip, cancel, «как вчера», abstain), as word sets
    keyed by their longest word."""
    out: dict[str, list[frozenset[str]]] = {}
    for table in _FLAG_TABLES:
        for p in table:
            if len(p) > 1:
                out.setdefault(max(p, key=len), []).append(frozenset(p))
    return {k: tuple(v) for k, v in out.items()}


def _has_flag(words: list[str]) -> bool:
    """True when a flag phrase of several words has all its words in ``words``."""
    phrases = _flag_phrases()
    present = None
    for w in words:
        for p in phrases.get(w, ()):
            present = present or set(words)
            if p <= present:
                return True
    return False


#: Imperatives of looking that call the readers' attention («Смотрите, как …»).
_ATTENTION = frozenset({"смотри", "смотрите", "посмотри", "посмотрите", "гляди", "глядите",
                        "погляди", "поглядите"})
_LOOK = re.compile(r"(?<![\w-])(?:по)?(?:смотри|гляди)(?:те)?(?![\w-])")
_LOOK_HOW = re.compile(r"(?<![\w-])(?:по)?(?:смотри|гляди)(?:те)?\s*,\s*как(?![\w-])")


def attention_only(found: set, text: str) -> bool:
    """True when the only hot words of a sentence (``found``; ``text``: the sentence in lower
    case, ё as е) are imperatives of looking, each followed by «, как»: «Смотрите, как X
    защищает Y, это подозрительно» calls the readers' attention to what follows and asks
    nobody to watch anyone, so the sentence is chatter (:func:`engine.grammar_windows.
    reading_windows` leaves it unread, as a sentence with no move word). «Смотрите за X»,
    «Смотрите, как я лечу X» (the sender's own move word) are read."""
    return found <= _ATTENTION and \
        len(_LOOK.findall(text)) == len(_LOOK_HOW.findall(text))
