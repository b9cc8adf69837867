"""Which parts of a letter are worth reading (issue 11: chatter costs almost nothing).

:func:`reading_windows` finds the sentences that hold a trigger word
(:func:`engine.grammar_triggers.trigger_words`:
move words, flag and correction words; a phrase word only with its phrase), with a
neighbour when a pronoun or an open end needs it; :func:`may_hold_move` drops a clause with
no trigger and no name before any closer look. Transliterated move words count
(:mod:`engine.translit`).
"""

from __future__ import annotations

import functools
import re

from . import grammar_vocab as V
from .grammar_tokens import Tok
from .lexicon import lexicon
from .words import role_words
from .grammar_flags import CANCEL, OTHER_DAY, SKIP
from .grammar_plans import SEGMENT_MARKS
from .grammar_headers import CLAN_GIVERS, DAY_HEADS, NIGHT_HEADS, NIGHT_HEDGES
from .grammar_keywords import fuzzy_verb
from .grammar_triggers import trigger_phrases, trigger_words
from .grammar_hot import hot_words, letter_pieces, lowered
from .grammar_own import HOSTESS_COME
from .grammar_talk import attention_only
from .grammar_window_links import taken_back_between, today_against_plan, two_votes_told


_ELLIPSIS = "\x01"


#: Words that point at a player named in the sentence before («маньячу его»).
_POINTERS = frozenset({"его", "ее", "её", "ей", "ему", "него", "нее", "неё", "нему", "ней",
                       "тогда", "считать", "считайте", "засчитать", "засчитайте"})


#: «!», «?», «;», a line break, or «.» before a space or the end («Dr.Who» goes on), not
#: the dot of an English title before a space («Mr. Hyde», «Dr. Watson»: the nick goes on).
#: (Each pattern here opens with one set of characters, so a search skips along at C speed.)
_SENTENCE_END = re.compile(
    r"[!?;\n.](?:(?<=[!?;\n])|(?<!\bmr\.)(?<!\bmrs\.)(?<!\bms\.)(?<!\bdr\.)(?=\s|$))")

#: :data:`_SENTENCE_END` on the reversed text: the sentence before a place is found by one
#: search backwards, not by cutting the whole letter into sentences.
_SENTENCE_END_BACK = re.compile(
    r"[!?;\n.](?:(?<=[!?;\n])|(?<!\S\.)(?!(?:rm|srm|sm|rd)\b))")

#: An aside in brackets on one line, with «!» or «?» in it (ending no sentence).
_BRACKETED = re.compile(r"\([^()\n]*[!?][^()\n]*\)")


#: A capital letter alone, then a dot and a capitalised word: an initial before a surname
#: («А. Блока», «Ю. Гагарина») or a sentence ending in an initial after a name («Наташу Г.
#: Лечу …»); :func:`_initials_unended` tells them apart by the word before.
#: (The capital first, the look-behind after it: ``re`` skips along at C speed to each
#: capital instead of trying the look-behind at every position; the same matches.)
_INITIAL = re.compile(r"[A-ZА-ЯЁ]\.(?<![\w.]..)(?= ?[A-ZА-ЯЁ][a-zа-яё])")


def _initials_unended(visible: str, low: str) -> str:
    """``low`` with the dot of each leading initial blanked (same length: offsets stay): a
    capital letter alone before a capitalised word («ищу А. Блока», «голос за Ю. Гагарина»)
    is the initial of the name after it, no end of a sentence; not when a capitalised word
    stands right before it (a name, then its initial: «за Наташу Г. Лечу Бобра» may end
    there), nor «Я» (the pronoun ending a sentence). The dot of a name's trailing initial
    with a word in lower case after it is blanked too («Oksana K. и Саня Рельс»)."""
    out = None
    for m in _INITIAL.finditer(visible):
        if m.group()[0] == "Я":
            continue
        prev = _LAST_WORD.search(visible, max(0, m.start() - 40), m.start())
        if prev is not None and prev.group(1)[:1].isupper():
            continue  # «Наташу Г. Лечу …»: a name's trailing initial, perhaps a sentence's end
        out = out or list(low)
        out[m.end() - 1] = " "
    for m in _TRAILING_INITIAL.finditer(visible):
        prev = _LAST_WORD.search(visible, max(0, m.start() - 40), m.start())
        if m.group()[0] == "Я" or prev is None or not prev.group(1)[:1].isupper():
            continue
        out = out or list(low)  # «Голоса: Oksana K. и Саня Рельс»: a name's trailing
        out[m.end() - 1] = " "  # initial, the sentence goes on in lower case after it
    return low if out is None else "".join(out)


#: A capital letter alone, then a dot and a word in lower case: with a capitalised word
#: before it, a name's trailing initial inside a sentence («Oksana K. и Саня Рельс»).
_TRAILING_INITIAL = re.compile(r"[A-ZА-ЯЁ]\.(?<![\w.]..)(?= [a-zа-яё])")


#: The word right before a place (spaces between at most).
_LAST_WORD = re.compile(r"(\w+)[ \t]*$")


#: «т.е.», «т. е.» («то есть») inside a sentence: its dots end no sentence (the tokenizer
#: reads it as «то есть», engine.grammar_tokens), so a clarification after it is read with
#: the name it clarifies («Голосую за Туза пик, т.е. за Ace_of_Spades»).
_THAT_IS_DOTS = re.compile(r"(?<![\w.])т\. ?е\.(?= +\S)")


def _aside_unended(m: re.Match) -> str:
    """The bracketed aside with its «!» and «?» blanked (same length: offsets stay)."""
    return m.group().replace("!", " ").replace("?", " ")


_ALNUM = re.compile(r"[^\W_]")  # str.isalnum, at C speed


_WORD_SPLIT = re.compile(r"[\s,:—–()«»\"“”„/+&*•<>\[\]{}\x01…]+")


def reading_windows(visible: str, extra: frozenset[str] = frozenset(), talk=None,
                    dropped: list | None = None, beside_self=None) -> list[tuple[int, int]]:
    """The parts of a letter worth tokenizing, as ``(start, end)`` offsets in order: every
    sentence holding a trigger word (:func:`trigger_words`, a phrase of
    :func:`trigger_phrases`, a misspelt move word, or one of ``extra``: a boss's members
    «Страж: Индиго»); with the sentence before it when it holds a pronoun (the name it points
    at; one more when that one is read anyway), and with the one after it when it ends open («Линч:⏎Бука»). Other sentences are
    chatter, with or without nicknames, and are never tokenized (issue 11: chatter costs
    almost nothing). The hot words are found with a few set operations on the letter's
    pieces (:func:`hot_words`) and searched (C-level ``str.find``); only their sentences
    are cut out (one regex search each way, :func:`_sentence_start`).

    ``talk`` (:func:`engine.grammar_talk.talk_test`), when given, is asked of each sentence
    with hot words and no neighbour to read: a window made only of sentences it calls talk
    is left out, and put into ``dropped`` (when given) instead, as ``(start, end, its
    sentences as (start, end))``.

    ``beside_self``, when given, is ``(words, named)``: hot words that make a sentence worth
    reading only when ``named(its words)`` says it names the sender
    (:func:`engine.grammar_triggers.side_thirds`: «Лосяш стреляет в X», not «Кузя говорит,
    что стреляет в X»)."""
    if len(visible) < 200:
        return [(0, len(visible))] if visible.strip() else []
    low = lowered(visible)  # (ё as е: the same length)
    if len(low) != len(visible):
        return [(0, len(visible))]
    low = low.replace("...", _ELLIPSIS * 3).replace("..", _ELLIPSIS * 2)
    if "(" in low:  # «А голоса (их же два, да?) — X и Y»: an aside's «?» ends no sentence
        low = _BRACKETED.sub(_aside_unended, low)
    if ". " in visible:  # «ищу А. Блока»: the dot of a leading initial ends no sentence
        low = _initials_unended(visible, low)
    if "т.е" in low or "т. е" in low:  # «Голосую за X, т.е. за Y»: one sentence
        low = _THAT_IS_DOTS.sub(lambda m: m.group().replace(".", " "), low)
    hot_here = hot_words(low, extra, letter_pieces(visible))
    if not hot_here:
        return []
    size = len(low)
    back = low[::-1]
    sentences: dict[int, set[str]] = {}  # start of a sentence → its hot words
    back_end = _SENTENCE_END_BACK.search  # (:func:`_sentence_start`, inline: per place)
    for w in hot_here:
        at = low.find(w)
        while at >= 0:
            end = at + len(w)
            if (at == 0 or not low[at - 1].isalnum()) and \
                    (end == size or not low[end].isalnum()) and \
                    not (w == "нет" and _compared(low, at)):
                m = back_end(back, size - at)
                lo = size - m.start() if m else 0
                if lo in sentences:
                    sentences[lo].add(w)
                else:
                    sentences[lo] = {w}
            at = low.find(w, end)
    hot: list[tuple[int, int, bool, bool]] = []  # (start, end, with the one before, the next)
    trig = trigger_words()
    weak = _weak_triggers()
    for lo in sorted(sentences):
        hi = _sentence_end(low, lo)
        found = sentences[lo]
        if attention_only(found, low[lo:hi]):
            continue  # «Смотрите, как X защищает Y»: no move asked (engine.grammar_talk)
        weak_only = found <= weak.keys()
        if weak_only and not _weak_may_hold(low, lo, hi, found, weak):
            continue  # (no phrase's words even as bits of the sentence: cut no words)
        text = low[lo:hi].rstrip(" \t\n.!?;")
        words = list(filter(None, _WORD_SPLIT.split(text)))
        if not words:
            continue
        if weak_only and not _weak_holds(found, words, weak):
            continue  # «Вчера все молчали»: a phrase word without its phrase is chatter
        if beside_self is not None and found <= beside_self[0] and not beside_self[1](words):
            continue  # «Кузя говорит, что стреляет в X»: another's shot (a civilian's letter)
        before = not _POINTERS.isdisjoint(words)  # «…маньячу его»: the name before
        after = text.endswith((":", "—", "-", ",", "→", ">")) or \
            (words[-1] in trig and not (words[-1] == "нет" and words[-2:-1] == ["чем"])) or \
            words[-1] in V.PREPOSITIONS or two_votes_told(words) or \
            taken_back_between(low, hi, sentences, _sentence_after) or \
            today_against_plan(words, low, hi) or _REVEAL_NEXT.match(low, hi) is not None or \
            low[lo:hi].rstrip(" \t").endswith(";")  # «Голоса: X; Y»: a list goes on after «;»
        if _OPEN_NEXT.match(low, hi) is not None:  # «Обношу X. Или Y. Хз, ещё подумаю»
            hi = _open_after(low, hi)
        chosen = _choice_after(low, hi) if _HESITATION.search(low, lo, hi) else hi
        if chosen > hi:  # «Голосую... ох, трудно. Пусть будет X»
            hi, after = chosen, False
        # «Линч:⏎Бука», «Голосую за…⏎Сергей», «Голоса у нас сегодня два. Тиму и Лёху.»
        if text.endswith(":") and (listed := _LIST_AFTER.match(low, hi)) is not None:
            hi = listed.end()  # «Голоса:⏎1. X⏎2. Y»: the list's lines, «1.» no sentence's end
        hot.append((lo, hi, before, after, talk is not None and not before and not after and
                    talk(_standing(found, words, weak), words, visible[lo:hi])))
    out: list[tuple[int, int]] = []
    read: list[bool] = []  # per window of ``out``: it holds a sentence that is no talk
    starts = {h[0] for h in hot}
    for lo, hi, before, after, chat in hot:
        if before:
            lo = _sentence_before(low, back, lo)
            if lo in starts:  # read anyway: «…мне Пульхерия. Портрет — на чай. Шизю её»
                lo = _sentence_before(low, back, lo)
        if after:
            hi = _sentence_after(low, hi)
        keep = not chat
        while out and lo <= out[-1][1]:  # (the sentences before may reach back further)
            lo, hi = min(out[-1][0], lo), max(out[-1][1], hi)
            out.pop()
            keep = read.pop() or keep
        out.append((lo, hi))
        read.append(keep)
    if talk is None or all(read):
        return out
    if dropped is not None:
        talks = [(h[0], h[1]) for h in hot if h[4]]
        dropped.extend((lo, hi, tuple(t for t in talks if lo <= t[0] < hi))
                       for (lo, hi), r in zip(out, read) if not r)
    return [w for w, r in zip(out, read) if r]


#: A sentence that names the player the sentence before described, opening with a word of
#: assent and closed by «!» («…молчун с цветком в горшке. Да-да, Леон!»): read with it
#: (see engine.parse_correct._revealed_target).
_REVEAL_NEXT = re.compile(
    r"\s*(?:" + "|".join(sorted(V.REVEAL_WORDS, key=lambda w: (-len(w), w))) +
    r")[,!\s—][^.!?\n]{1,60}!")


#: A sentence right after (on the same line or the next) that offers another choice or puts
#: the choice off to later («Обношу X. Или Y. Хз, ещё подумаю», «Думаю замочить X. Посмотрю
#: вечером, может, ещё напишу»): read with the hot one before it, as a short letter reads
#: every sentence, so that the move it leaves open is asked about (engine.parse_alternative,
#: engine.parse_doubt), not taken. A long letter's window ended at the move, and the
#: alternative, holding a name but no move word, was left out as chatter.
_OPEN_NEXT = re.compile(
    r"[ \t]*\n?[ \t]*(?:(?:или|либо|а\s+может|может\s+быть|хотя\s+может)(?![а-я])|"
    r"[^.!?;\n\x01…]{0,60}?(?<![а-я])"
    r"(?:подумаю|надумаю|допишу|дошлю|определюсь|присмотрюсь|решу|посмотрю|хз)(?![а-я]))")


#: A sentence that settles a choice left open before it («…⏎ну или за Y хз⏎не, за X,
#: финал», «Ладно, X»): read with the open sentences before it.
_SETTLE_NEXT = re.compile(
    r"[ \t]*\n?[ \t]*(?:не|нет|ладно|ок|окей|короче|итого|значит|тогда|всё-таки|все-таки|"
    r"пусть|давай|окончательно|финал|решено)(?![а-я])")


def _open_after(low: str, hi: int) -> int:
    """The end of the last of the (up to three) sentences right after the one ending at
    ``hi`` that each offer another choice or put it off (:data:`_OPEN_NEXT`), and of one more
    that settles the choice (:data:`_SETTLE_NEXT`), if it comes next."""
    for _ in range(3):
        if hi >= len(low) or _OPEN_NEXT.match(low, hi) is None:
            break
        hi = _sentence_after(low, hi)
    if hi < len(low) and _SETTLE_NEXT.match(low, hi) is not None:
        hi = _sentence_after(low, hi)
    return hi


#: A sentence that opens with words concluding a hesitation («Голосую... ох, трудно. Пусть
#: будет Котик», «И голос... не знаю. Ладно, давай Бармалея»; not a bare «пусть», a wish
#: about somebody: «Пусть ночь посидит у меня»): read with the sentence before, whose move
#: word may be left open (engine.parse_choice.final_choice chooses its
#: target; nothing is read when that move was made).
_CHOICE_NEXT = re.compile(
    r"\s*(?:(?:ну|ладно|ок|окей|хорошо|короче|а|и|так|тогда)[\s,\x01.!—–-]+){0,3}"
    r"(?:(?:пусть|пускай)\s+будет|давай|давайте)[\s,—–:-]")

#: The mark of a hesitation in a sentence: an ellipsis («Голосую... ох, трудно») or a
#: question («Кого лечить?»). Only such a sentence is read on to a concluding one (not
#: «…голосует всегда вместе с X. Сегодня зову Лёху. Пусть ночь посидит у меня»).
_HESITATION = re.compile(r"[\x01…?]")


#: How many sentences after a hot one may come before the sentence concluding its choice.
CHOICE_LOOK_AHEAD = 3


def _choice_after(low: str, hi: int) -> int:
    """The end of the first sentence among the :data:`CHOICE_LOOK_AHEAD` after the one
    ending at ``hi`` that opens with words concluding a hesitation (:data:`_CHOICE_NEXT`:
    «Голосую за... не знаю. Наверное, Сова. Хотя может Какаду. Ладно, пусть будет Сова»), so
    that the window reads the doubt and its conclusion together (the move left open is
    chosen by engine.parse_choice.final_choice); ``hi`` when there is none. A blank line
    ends the search (another topic)."""
    start = hi
    for _ in range(CHOICE_LOOK_AHEAD):
        if start >= len(low) or _BLANK_LINE.match(low, start):
            return hi
        if (m := _CHOICE_NEXT.match(low, start)) is not None:
            return _sentence_end(low, m.end())
        start = _sentence_end(low, _SPACES.match(low, start).end())
    return hi


#: Spaces and line breaks at a place (a line break ends a sentence: skipped before the next).
_SPACES = re.compile(r"\s*")

#: A blank line right at a place (spaces and one line break before it at most).
_BLANK_LINE = re.compile(r"[ \t]*\n[ \t]*\n")


#: The lines of a numbered or bulleted list right after a heading's colon (each line a mark
#: and its words): the window of the heading takes them all.
_LIST_AFTER = re.compile(r"(?:[ \t]*\n)?[ \t]*(?:\d{1,2}[.)]|[-•*—–])[ \t]*[^\n]*"
                         r"(?:\n[ \t]*(?:\d{1,2}[.)]|[-•*—–])[ \t]*[^\n]*)*")


def _sentence_start(back: str, size: int, at: int) -> int:
    """The start of the sentence holding offset ``at`` (``back``: the lower-cased letter
    reversed, ``size`` its length): the end of the last :data:`_SENTENCE_END` at or before
    ``at``, or 0."""
    m = _SENTENCE_END_BACK.search(back, size - at)
    return size - m.start() if m else 0


def _sentence_end(low: str, lo: int) -> int:
    """The end of the sentence starting at ``lo``: the end of the first
    :data:`_SENTENCE_END` after it, or the end of the letter."""
    m = _SENTENCE_END.search(low, lo)
    return m.end() if m else len(low)


def _sentence_before(low: str, back: str, lo: int) -> int:
    """The start of the nearest sentence before the one starting at ``lo`` that has a letter
    in it (an empty line is no sentence); ``lo`` when there is none."""
    end = lo
    while end > 0:
        start = _sentence_start(back, len(low), end - 1)
        if _ALNUM.search(low, start, end):
            return start
        end = start
    return lo


def _sentence_after(low: str, hi: int) -> int:
    """The end of the nearest sentence after the one ending at ``hi`` that has a letter in
    it; ``hi`` when there is none."""
    start = hi
    while start < len(low):
        end = _sentence_end(low, start)
        if _ALNUM.search(low, start, end):
            return end
        start = end
    return hi


@functools.lru_cache(maxsize=1)
def _weak_triggers() -> dict[str, list[frozenset[str]]]:
    """Hot words that matter only with the rest of their phrase in the same sentence («как
    вчера», «то есть», «никого не лечу»), as word → its phrases. A «как вчера» word alone
    («вчерашний») matters in a short sentence or next to a move-talk word (see
    :func:`_weak_holds`); it maps to an empty list."""
    strong = trigger_words()
    out = {k: v for k, v in trigger_phrases().items() if k not in strong}
    out["есть"] = [frozenset({"то", "есть"})]
    for p in V.OTHER_DAY_PHRASES:
        if len(p) == 1:
            out[p[0]] = []
    return out


def _weak_may_hold(low: str, lo: int, hi: int, found: set[str], weak: dict) -> bool:
    """False when :func:`_weak_holds` surely is for the sentence ``low[lo:hi]``: no phrase of
    its weak words has all its other words even as substrings of the sentence (its words
    are), and none is a lone «как вчера» word (which needs the words counted)."""
    for w in found:
        phrases = weak[w]
        if not phrases:
            return True
        for p in phrases:
            for u in p:
                if u != w and low.find(u, lo, hi) < 0:
                    break
            else:
                return True
    return False


def _compared(low: str, at: int) -> bool:
    """True when the «нет» at ``at`` follows «чем» (spaces between): the second member of a
    comparison («скорее мирный, чем нет», «скорее да, чем нет»), no correction word and no
    open end (engine.parse_correct reads no correction there either)."""
    k = at
    while k > 0 and low[k - 1] in " \t":
        k -= 1
    return k >= 3 and low.startswith("чем", k - 3) and (k == 3 or not low[k - 4].isalnum())


def _standing(found: set[str], words: list[str], weak: dict) -> set[str]:
    """The hot words of a sentence that stand for something in it: ``found`` without the
    weak words (:func:`_weak_triggers`) whose phrase the sentence does not hold («заходить»
    of «заходить к» in «так что буду реже заходить»: a phrase word without its phrase is
    chatter, as for a sentence of weak words only). Such a word is then one more word of
    the sentence for the talk test (engine.grammar_talk), which asks it to be plain."""
    if weak.keys().isdisjoint(found):
        return found
    return {w for w in found if w not in weak or _weak_holds({w}, words, weak)}


def _weak_holds(found: set[str], words: list[str], weak: dict) -> bool:
    """True when a sentence whose hot words are all weak (:func:`_weak_triggers`) still
    holds what they stand for: a whole phrase, or a lone «как вчера» word in a sentence of
    at most four words or with a move-talk word («Ход вчерашний»)."""
    present = set(words)
    for w in found:
        phrases = weak[w]
        if not phrases:
            if len(words) <= 4 or V.move_talk(words):
                return True
        elif any(p <= present for p in phrases):
            return True
    return False


@functools.lru_cache(maxsize=1)
def clause_triggers() -> frozenset[str]:
    """:func:`trigger_words` with every role word, third-person and imperative verb, and the
    first words of phrases (inside a window a clause is looked at closely)."""
    lex = lexicon()
    out = set(trigger_words()) | set(role_words()) | lex.third | lex.imperative | \
        {p[0] for p in lex.phrases}
    for table in (SKIP, CANCEL, OTHER_DAY):
        out |= set(table)
    out |= {"есть"} | HOSTESS_COME  # «Ванечка, приходи ещё» (engine.grammar_own)
    out.update(part for w in role_words() if " " in w for part in w.split())
    return frozenset(out)


_HEADS = NIGHT_HEADS | DAY_HEADS


def may_hold_move(clause: list[Tok], names: frozenset[str]) -> bool:
    """False when a clause surely holds no move, flag or correction: none of its words is a
    trigger word or a nickname form (``names``), and no word where a misspelt verb is looked
    for is one. Cheap: set look-ups, and cached misspelling look-ups."""
    words = [t.w for t in clause if t.word]
    if not clause_triggers().isdisjoint(words) or not names.isdisjoint(words):
        return True
    if words and words[0] in _HEADS and len(clause) > 1 and clause[1].w in (":", "—"):
        return True  # «Ночь: X», «День — X» (engine.grammar_headers)
    if words and words[0] in NIGHT_HEADS and len(words) > 1 and words[1] in NIGHT_HEDGES:
        return True  # «Ночью, наверное, Петю.» (engine.grammar_headers)
    if "вчера" in words and "сегодня" in words:  # «Себя вчера полечила, сегодня — X»
        return True
    if "от" in words and not CLAN_GIVERS.isdisjoint(words):
        return True  # «От бригады — Снайпер»: the clan as the giver of its kill
    if any(w[:1] == "\x00" for w in words):
        return True
    first = True
    seen = 0
    for t in clause:
        if not t.word:
            first = first or t.w in SEGMENT_MARKS
            continue
        if (first or seen < 3) and len(t.w) >= 4 and fuzzy_verb(t.w):
            return True
        first = False
        seen += 1
    return False
