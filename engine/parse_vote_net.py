"""The net for bare vote lines (issue 11, missed without a problem): «голос - ёж»,
«голос лису и всё», «gолос в сову» — a sentence that is nothing but a vote word and one or
two words naming a living player in lower case. The name finder leaves a lower-case word of
the dictionary («ёж», «лису», «сову») to the dictionary, so no rule reads the vote and the
net for unread orders (:mod:`engine.parse_unread`, which wants a name it is sure of) passes
the sentence by; the vote would be lost with no word to the player. Such a sentence is
asked about (``unparsed``, reason ``unread``): its every word is the vote's (a vote word, a
preposition of a vote, the players, «и», «тоже»), so it is no chatter.

Cheap: one regular-expression search over the letter before any work.
"""

from __future__ import annotations

import re

from .grammar_rules import problem
from .model import Problem
from .names import name_index
from .parse_types import Ctx, asked_already
from .textcase import lower_of, plain_lower, sentences_holding
from .words import is_known_word, morph

#: A vote word heading a sentence (the cheap test; Latin «g» of a mixed keyboard too).
_HEAD = re.compile(r"(?:^|(?<=[\s.!;—–-]))(?:[gг]олос|линч)", re.IGNORECASE)

#: A whole bare vote sentence: the vote word, a dash or colon, a preposition of a vote, one
#: or two words (group 1), «и» / «,» / «+» between them, a closing «и всё» / «тоже» / «же».
_LINE = re.compile(
    r"\s*(?:[gг]олос(?:а|ую)?|линч[ьа]?|на\s+линч[ье]?)\s*(?:[:—–-]\s*)?"
    r"(?:(?:за|za|в|на|против)\s+)?"
    r"([^\W\d_]{2,}(?:\s*(?:,|\+|\bи\b)\s*[^\W\d_]{2,})?)"
    r"(?:\s+(?:тоже|же))?[^\w]*", re.IGNORECASE | re.DOTALL)

#: Words after which a sentence is more than a bare vote («голос потом», «голос отдам»).
_NOT_NAME = frozenset({"и", "за", "в", "на", "против", "тоже", "же", "все", "всё", "тот",
                       "той", "того", "него", "нее", "неё", "нему", "ней", "никому", "никого",
                       "потом", "позже", "завтра", "свой", "мой", "отдам", "отдаю"})

#: «… и всё» closing a vote line («голос лису и всё»).
_ALL_DONE = re.compile(r"\s+и\s+вс[её]\W*$", re.IGNORECASE)

_WORD = re.compile(r"[^\W\d_]{2,}")


def vote_lines(ctx: Ctx, visible: str, spans: list[tuple[int, int]], read,
               asked: list[Problem]) -> list[Problem]:
    """The problems of the bare vote sentences of ``visible`` (see the module's doc) among
    ``spans`` that no rule read (``read``: the read ranges of :mod:`engine.parse_unread`)
    and no problem quotes (``asked``)."""
    if any(it[3] for it in read):
        return []  # (a vote read in the letter: the line may be its repeat or a tally)
    low = lower_of(visible)
    if ("олос" not in low and "линч" not in low) or not _head_in(visible):
        return []
    if len(low) != len(visible):
        low = None  # (a letter lowered into more characters: each sentence lowered alone)
    idx = name_index(ctx.nicks)
    quoted = {p.text for p in asked}
    out: list[Problem] = []
    # (the sentences' «олос»/«линч» are the lowered letter's there: each character lowered
    # alone, the same place; found by C-level searches of the letter, no copy)
    for n in sentences_holding(spans, low, _HEAD_STEMS) if low is not None else \
            range(len(spans)):
        lo, hi = spans[n]
        sentence = visible[lo:hi]
        if low is None and not _may_head(sentence):
            continue
        if _HEAD.search(sentence) is None:
            continue
        ends = [b for a, b, _, _ in read if a < hi and lo < b]
        if ends:
            # «Зову к себе Белку, и на линче её же топлю»: the part after what a rule read
            rest = visible[max(ends):hi]
            after = _after_smiley(rest)
            if after is not None:
                # «громлю себя, пусть никто не доберётся)) голоса фрося и пропер»: a smiley
                # ends the sentence read before; the vote after it is a sentence of its own
                sentence = after
            else:
                if _HEAD.search(rest) is None:
                    continue
                if not _loose(ctx, idx, rest.lstrip(" ,;—–-")):
                    # «шизю X потому что … палево ну и голос тоже ей а ещё …»: a run-on
                    # letter's vote clause opened by «и» / «а» after the words read
                    opened = [m.start(1) for m in _CLAUSE_VOTE.finditer(rest)]
                    if not opened or not _loose(ctx, idx, rest[opened[-1]:]):
                        continue
                    rest = rest[opened[-1]:]
                    cut = _CLAUSE_END.search(rest, len(_CLAUSE_VOTE.match(rest).group(1)))
                    rest = rest[:cut.start()] if cut is not None else rest
                text = rest.strip(" ,;—–-").rstrip(".!…")
                if text and text not in quoted and not any(text in q for q in quoted):
                    out.append(problem(text, "unparsed", "unread"))
                continue
        head = sentence.split(",")[0] if "," in sentence else sentence
        head = _ALL_DONE.sub("", head.strip())
        m = _LINE.fullmatch(head)
        if m is None:
            if not _loose(ctx, idx, sentence):
                continue
        else:
            words = [w.lower().replace("ё", "е") for w in _WORD.findall(m.group(1))]
            names = [w for w in words if w != "и"]
            if not names or any(w in _NOT_NAME for w in names):
                continue
            if not all(_living(idx, ctx, w) for w in names) and not _loose(ctx, idx, sentence):
                continue
        text = sentence.strip().rstrip(".!…")
        if not asked_already(text, quoted):
            out.append(problem(text, "unparsed", "unread"))
    return out


#: A vote clause of a run-on sentence opened by «и» or «а» («… ну и голос тоже ей»): group 1
#: where the clause starts.
_CLAUSE_VOTE = re.compile(r"(?<!\w)((?:ну\s+)?(?:и|а)\s+(?:[gг]олос|линч))", re.IGNORECASE)

#: Where such a clause ends: «а», «но» or a comma after its vote word.
_CLAUSE_END = re.compile(r"\s+(?:а|но)\s|,", re.IGNORECASE)

#: A smiley of brackets ending a sentence within a line («…)) голос X»).
_SMILEY_END = re.compile(r"\){2,}\s+")


def _after_smiley(rest: str) -> str | None:
    """The part of ``rest`` after its last bracket smiley («…доберётся)) голоса X и Y» →
    «голоса X и Y») when that part opens with a vote word; None otherwise."""
    ends = [m.end() for m in _SMILEY_END.finditer(rest)]
    if not ends:
        return None
    after = rest[ends[-1]:]
    return after if _HEAD.match(after) else None


#: The words every match of :data:`_HEAD` holds (lowered).
_HEAD_STEMS = ("олос", "линч")


def _head_in(visible: str) -> bool:
    """``_HEAD.search(visible) is not None``, tried only where the lowered letter holds
    «олос» or «линч» when it stands for the letter place by place (:func:`plain_lower`:
    the case-blind words are then its words there; one C-level search each, not the
    case-blind pattern at every character)."""
    low = plain_lower(visible)
    if low is None:
        return _HEAD.search(visible) is not None
    for stem in _HEAD_STEMS:
        at = low.find(stem)
        while at >= 0:
            p = at - 1 if stem == "олос" else at  # (the match's start: «г», «g» or «л»)
            if p >= 0 and (stem == "линч" or low[p] in "гg") and \
                    (p == 0 or visible[p - 1].isspace() or visible[p - 1] in ".!;—–-"):
                return True
            at = low.find(stem, at + 1)
    return False


def _may_head(text: str) -> bool:
    """False when ``text`` surely holds no match of :data:`_HEAD` (no «олос», «линч» in any
    case): a literal search before the regular expression."""
    low = text.lower()
    return "олос" in low or "линч" in low


def _living(idx, ctx: Ctx, w: str) -> bool:
    """True when the lower-case word ``w`` is a case, part or pet form of one living player
    other than the sender (never a fuzzy guess)."""
    hit = idx.exact([w], 0, None)
    if hit is None:
        hit = idx.approximate(w)
        if hit is None or hit.kind == "fuzzy":
            return False
    owners = (hit.nick,) if hit.nick else tuple(hit.candidates)
    return bool(owners) and all(o in ctx.alive and o != ctx.sender.nick for o in owners)


#: A vote noun opening a loose vote sentence (:func:`_loose`).
_VOTE_NOUNS = frozenset({"голос", "голоса", "линч", "линчь", "линче"})

#: Words that may stand before the vote noun («И голос …», «На линче голос …», «два голоса …»).
_LOOSE_LEAD = frozenset({"и", "а", "ну", "на", "тайном", "суде", "сегодня", "итак",
                         "значит", "тогда", "мой", "мои", "два", "две", "оба"})

#: Words of the vote itself between the noun and its target («голос на линче тоже отдаю
#: ему», «голос мой — …», «голос, как и прежде, — …», «Линч только …»).
_LOOSE_FILL = frozenset({"за", "в", "на", "против", "тоже", "же", "мой", "мои", "сегодня", "голос", "голоса",
                         "линче", "тайном", "отдаю", "как", "и", "прежде", "всегда", "опять",
                         "снова", "только", "—", "-", "–", ":", ","})

#: Verbs of giving a vote that may close it («на линче её же топлю»).
_VOTE_VERBS = frozenset({"топлю", "отдаю", "кидаю", "вешаю", "ставлю", "даю", "отправляю"})

#: A pronoun standing for the player of the sentence before («голос тоже ему»).
_PRONOUNS = frozenset({"ему", "ей", "ее", "него", "нее", "нему", "ней", "его"})

#: Words that make the sentence no vote given (a promise, a withdrawal, «тот же»).
_LOOSE_NO = frozenset({"потом", "позже", "завтра", "тот", "та", "то", "те", "тех", "той", "того", "тому",
                       "пока", "никому", "никого", "не", "нет", "ни", "себе", "себя", "сам",
                       "сама", "всем", "все", "всё", "прежний", "прежнему", "оставлю",
                       "оставляю", "подумаю", "воздерживаюсь", "воздержусь", "пропускаю",
                       "допишу", "напишу", "решу", "кто", "кого", "кому", "если", "может",
                       "вчера", "второй", "первый", "один", "два", "оба", "обоих", "двоих",
                       "я", "мне", "меня", "ты", "тебе", "тебя", "вы", "вас", "вам", "он",
                       "она", "они", "их", "им", "мы", "нас", "нам"})

_LOOSE_TOKEN = re.compile(r"[^\W\d_](?:\.[^\W\d_]\.?)+|[\w'-]+|[—–:,-]")
_INITIALS = re.compile(r"[^\W\d_](?:\.[^\W\d_]\.?)+")

#: How many words of its target a loose vote sentence may hold.
_LOOSE_TARGET = 3


#: A word of letters and digits («бх7», «кран_40», «r2d2»): a nick's form, no word.
_NICKLIKE = re.compile(r"(?=[\w-]*[^\W\d_])(?=[\w-]*\d)[\w-]{2,}")

#: One-letter words that are words, not initials («и», «а», «в»).
_ONE_LETTER_WORDS = frozenset("иавксуоя")


def _end_of(sentence: str, toks: list[str], target: list[int]) -> int:
    """The offset in ``sentence`` right after the last of the ``target`` tokens."""
    at = 0
    for k, t in enumerate(toks):
        at = sentence.find(t, at) + len(t)
        if k == target[-1]:
            return at
    return len(sentence)


#: How many first letters a word shares with a word of a nick to be a slip of it.
_SLIP_HEAD = 4


def _slip(ctx: Ctx, idx, w: str, raw: str) -> bool:
    """True when the lower-case word ``w`` (``raw`` as written) may be a living player's
    nick written amiss: a form of one, letters with digits, a word no dictionary knows, a
    near miss the name finder guesses, or a word whose first letters open a word of a living
    nick other than the sender's («пельмень» — Пельмешка, «гайку» — Гайковёрт)."""
    if _living(idx, ctx, w) or _NICKLIKE.fullmatch(raw):
        return True
    if len(w) < 3:
        return len(raw) == 1 and raw.isupper()  # («Голос — Т.»: an initial)
    if not is_known_word(w):
        return w.replace("-", "").isalpha()
    hit = idx.approximate(w)
    if hit is not None and any(o in ctx.alive and o != ctx.sender.nick
                               for o in ((hit.nick,) if hit.nick else hit.candidates)):
        return True
    head = w[:_SLIP_HEAD]
    return len(head) == _SLIP_HEAD and any(
        part.startswith(head) or _one_off(w, part) for n in ctx.alive
        if n != ctx.sender.nick
        for part in re.split(r"[\W_]+", n.lower().replace("ё", "е")) if part)


def _one_off(w: str, part: str) -> bool:
    """True when ``w`` and ``part``, five letters or more each and of one length, differ in
    one letter only («сирый» for «Серый»)."""
    return len(w) == len(part) >= 5 and sum(a != b for a, b in zip(w, part)) == 1


#: Words of when the vote comes (nouns in form: «Голос вечером», «голос утром»): a promise.
_WHEN = frozenset({"вечером", "утром", "ночью", "днем", "днём", "позднее", "отдельно",
                   "следом", "сегодня", "сейчас", "вечерком", "попозже", "скоро", "сразу"})


def _animate_target(w: str, before: str) -> bool:
    """True when the word ``w`` of the dictionary is an animate noun in the case a vote gives
    its player (``before``: the word before it): the dative right after the vote noun
    («голос окуню»), the accusative after «за» («голос за кота»)."""
    case = "datv" if before in _VOTE_NOUNS else "accs" if before == "за" else None
    return case is not None and len(w) >= 3 and is_known_word(w) and any(
        p.tag.POS == "NOUN" and "anim" in p.tag and case in p.tag for p in morph().parse(w)[:3])


def _nominal(w: str) -> bool:
    """True when the known word ``w`` may be a noun or an adjective (a nick's slip), never
    a verb, an adverb or a particle."""
    return any(p.tag.POS in ("NOUN", "ADJF") for p in morph().parse(w)[:3])


def _loose(ctx: Ctx, idx, sentence: str) -> bool:
    """True when ``sentence`` is a vote the rules left with no target read (issue 11): a vote
    noun opening it (after «и», «на линче» …), the vote's own words, then up to three words
    of its target before a comma, a colon or a bracket: a pronoun («И голос тоже ему»),
    initials («голос т.п.»), a form of a nick the name finder reads only as a part or pet form
    («Голос за Наташку-букинистку», «голос мой — Ветру в Голове»), or a word no dictionary
    knows. Never a word of the dictionary that names nobody («голос за правду»), a word of a
    promise, a withdrawal or talk (:data:`_LOOSE_NO`), a verb other than a vote's, nor a
    question."""
    if sentence.rstrip().endswith("?"):
        return False
    toks = _LOOSE_TOKEN.findall(sentence)
    low = [t.lower().replace("ё", "е") for t in toks]
    v = next((k for k, w in enumerate(low) if w in _VOTE_NOUNS), None)
    if v is None or v > 3 or any(w not in _LOOSE_LEAD for w in low[:v]):
        return False
    target: list[int] = []
    stop = None
    for k in range(v + 1, len(low)):
        w = low[k]
        if w in _LOOSE_NO:
            return False
        if target and (w in (",", ":", "—", "–", "-", "а", "но") or
                       (w == "и" and len(target) > 1)):
            stop = w
            break
        if w not in _LOOSE_FILL and w not in _PRONOUNS and is_known_word(w) and \
                morph().parse(w)[0].tag.POS in ("VERB", "INFN"):
            if target and w in _VOTE_VERBS:
                break  # («на линче её же топлю»: the verb of the vote after its target)
            return False  # («голос отдам позже», «Голос за X снимаю», «голос вождь пришлёт»)
        if w in _LOOSE_FILL and not (target and w == "в"):
            continue
        if w == "в" or w == "и":
            continue
        target.append(k)
    if not target or len(target) > _LOOSE_TARGET:
        return False
    if stop in ("—", "–", "-", ":") and target[0] == v + 1:
        return False  # («Голос Барсука — самый громкий»: whose voice, no vote)
    bare = stop is None and not _WORD.search(sentence[_end_of(sentence, toks, target):])
    # (a bare line may hold words of the dictionary when one of its words is a slip of a
    # living player's nick: «голос пельмень» for Пельмешка; not «Линч — дело серьёзное»)
    bare = bare and any(_slip(ctx, idx, low[k], toks[k]) for k in target)
    for n, k in enumerate(target):
        w, raw = low[k], toks[k]
        if w in _PRONOUNS:
            if len(target) > 1:
                return False
            continue
        if _INITIALS.fullmatch(raw) or _living(idx, ctx, w) or _NICKLIKE.fullmatch(raw):
            continue  # (a word of letters and digits is a nick's: «голос — бх7»)
        if bare and len(raw) == 1 and raw.isalpha() and n == len(target) - 1 and \
                (n > 0 or raw.isupper()) and w not in _ONE_LETTER_WORDS:
            continue  # (an initial closing the line: «линч жанна б», «Голос — Т.»)
        if bare and len(w) >= 3 and is_known_word(w) and w.isalpha() and _nominal(w) and \
                w not in _WHEN:
            continue  # (a bare vote line on a word no player is: «голос пельмень», «линчь
            # сирый», «голос за гайку ворд»: a slip of a nick, never chatter)
        if n == 0 and _animate_target(w, low[k - 1]):
            continue  # («голос окуню, он молчит», «голос за кота»: a being the vote is given
            # to, so somebody's nick — or a slip of one — not talk)
        if len(w) < 3 or is_known_word(w) or not w.replace("-", "").isalpha():
            return False  # («голос за правду», «линч — дело серьёзное»: a word, no name)
    end = toks[target[-1]]
    head = sentence[:sentence.find(end, sentence.find(toks[target[0]])) + len(end)]
    return not any(q in head for q in "«»\"“”„")

