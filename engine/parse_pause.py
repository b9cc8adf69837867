"""The safety net for a move split by a pause or beside talk (engine.parse_unread, issue 11): a sentence
with a move word of the sender's that ends in «…» or in a question of «кого»/«куда», and the
next sentence that names a living player right at its start, where no rule read anything
from either, is asked about.

«Бить буду... Лося.», «Зову к себе... Сову», «Маньячить сегодня кого буду? Зою.», «а куда
стрелять то?? ну ладно давайте в лису алису»: the move word and its target stand in two
sentences, so neither alone is an order to the net; a host reads them as one and would not
drop the move unsaid. The problem is an ``unparsed`` one (reason ``unread``) quoting both.

A word of talk (:data:`engine.parse_unread_words.VETO`: «если», «пусть», «вчера» …) makes
the net leave a whole sentence alone; :func:`unvetoed` gives back the part of it the word does
not touch: the order before a remark («Зову Джека — Jack_R, если по нику», «В пару беру
Остапа, пусть тоже живёт») or today's order after yesterday's («Вчера у Тимохи ничего не
нашёл, сегодня иду к Лисе»).
"""

from __future__ import annotations

import bisect
import re
from operator import itemgetter

from .grammar_rules import action_for, problem
from .textcase import lower_of
from .grammar_tokens import Tok, clause_words, tokenize_span
from .model import Problem
from .names import name_index
from . import grammar_vocab as V
from .parse_types import Ctx
from . import parse_unread_words as W
from .words import third_person

#: Question words that ask for a move's target («кого зову?», «куда стрелять?»).
_WHOM = frozenset({"кого", "кому", "куда"})

#: Words that may open the answer before its name («ну ладно давайте в Лису»).
_LEAD = frozenset({"ну", "ладно", "давайте", "давай", "тогда", "значит", "итак", "а", "и",
                   "наверное", "пожалуй", "конечно", "хм", "эх", "ок", "окей", "ну-ка"})

#: A word of :data:`_WHOM` in a sentence (any case), found before it is tokenized:
#: ``(?i)(?<!\w)(?:кого|кому|куда)(?!\w)`` written with each letter's case-blind forms
#: (the old forms «ᲂ», «ᲁ» too) and its first letter first, so ``re`` skips to each «к» by
#: its charset scan instead of trying the look behind at every character.
_WHOM_RE = re.compile(r"[кК](?<!\w.)(?:[оОᲂ](?:[гГ][оОᲂ]|[мМ][уУ])|[уУ][дДᲁ][аА])(?!\w)")

#: A word of :data:`_MINE` in a sentence (any case), found before it is tokenized:
#: ``(?i)(?<!\w)мо[йяеё](?!\w)`` written as :data:`_WHOM_RE` is.
_MINE_RE = re.compile(r"[мМ](?<!\w.)[оОᲂ][йяеёЙЯЕЁ](?!\w)")

#: Quotation marks: the answer quotes somebody.
_QUOTE_MARK = re.compile("[«»\"“”„]")

#: How many words of the answer may stand before the name.
_FIRST = 4

#: The end marks of a pause: the sentence before goes on in the next one.
_PAUSES = ("...", "…", "..")
#: The end marks of a sentence :func:`after_pause` looks at: a pause or a question.
_ENDS = _PAUSES + ("?",)


def after_pause(ctx: Ctx, visible: str, spans: list[tuple[int, int]],
                read: list[tuple[int, int, frozenset[str], bool]],
                asked: list[Problem]) -> list[Problem]:
    """The problems for the move words whose target follows a pause or a question to
    oneself (see the module's doc). ``spans``: the sentences (offsets, in order); ``read``:
    the parts of the letter a rule read (:func:`engine.parse_unread.read_ranges`);
    ``asked``: the net's problems so far (a sentence already asked about is left alone).
    Never raises; returns the new problems."""
    out: list[Problem] = []
    done = [p.text for p in asked]
    for n in _ended(visible, spans):
        lo, hi = spans[n]
        lo2, hi2 = spans[n + 1]
        first = visible[lo:hi].rstrip()
        pause = first.endswith(_PAUSES)
        if not (pause or first.endswith("?")) or "\n" in visible[hi:lo2]:
            continue
        if any(a < hi2 and lo < b for a, b, _, _ in read) or \
                any(t and (t in visible[lo:hi2]) for t in done):
            continue
        second = visible[lo2:hi2]
        if second.rstrip().endswith("?") or _QUOTE_MARK.search(second):
            continue
        if not pause and not _WHOM_RE.search(first):
            continue  # (cheap: most questions of talk ask no «кого»/«куда»)
        if _answers(ctx, visible, lo, hi, lo2, hi2, pause):
            text = visible[lo:hi2].strip().rstrip(".!…")
            out.append(problem(text, "unparsed", "unread"))
            done.append(text)
    return out


_START = itemgetter(0)  # a sentence's start (its first offset)


def _ended(visible: str, spans: list[tuple[int, int]]) -> list[int]:
    """The indices (in order) of the sentences ``spans`` but the last that end, trailing
    whitespace aside, in a pause or a question mark (:data:`_ENDS`): those :func:`after_pause`
    reads on from. Each such sentence holds the mark (a «?», a «…» or the second dot of
    «..») as its last character but whitespace, so the sentences are found from the marks'
    places in the letter (C-level ``str.find``; a long letter has few) instead of a test
    of every sentence."""
    last = len(spans) - 1
    if last <= 0:
        return []
    out: set[int] = set()
    for mark, size in (("?", 1), ("…", 1), ("..", 2)):
        at = visible.find(mark)
        while at >= 0:
            end = at + size  # (the sentence ends there, or after whitespace only)
            n = bisect.bisect_right(spans, at, key=_START) - 1
            if 0 <= n < last and end <= spans[n][1] and \
                    not visible[end:spans[n][1]].strip():
                out.add(n)
            at = visible.find(mark, at + 1)
    return sorted(out)


def _answers(ctx: Ctx, visible: str, lo: int, hi: int, lo2: int, hi2: int,
             pause: bool) -> bool:
    """True when the sentence ``lo``…``hi`` holds a move word the sender may use today (and,
    after a question, a word of «кого»/«куда») and the sentence ``lo2``…``hi2`` names a
    living player other than the sender among its first words, with no sign of talk."""
    from .parse_unread import _names, player_at  # (the net's own reader of names)

    idx = name_index(ctx.nicks)
    words = clause_words(idx.merge(tokenize_span(visible, lo, hi)))
    if any(w in W.VETO or W.speech(w) or W.address(w) for w in words):
        return False
    if not pause and _WHOM.isdisjoint(words):
        return False
    if not _usable(ctx, words):
        return False
    toks = idx.merge(tokenize_span(visible, lo2, hi2))
    words2 = clause_words(toks)
    names = _names(ctx, toks, words2)
    if not names:
        return False
    k = names[0]
    hit = player_at(idx, toks, words2, k)
    if not (k and words2[k - 1] in W.PREPS_BEFORE) and hit is not None and \
            words2[k] == (hit.nick or "").lower().replace("ё", "е"):
        return False  # «Ворон, по-моему, самый тихий»: the nick as written, no object
    lead = [w for w in words2[:k] if any(c.isalnum() for c in w)]
    if len(lead) > _FIRST or any(w not in _LEAD and w not in W.PREPS_BEFORE for w in lead):
        return False
    cut = next((m for m in range(k + 1, len(words2)) if words2[m] in (",", "—", ":", ";")),
               len(words2))
    # (the answer's own part: «Ворона, пусть расскажет …» is the name and a remark)
    return not any(w in W.VETO or W.speech(w) or third_person(w) for w in words2[:cut])
    # («Кузя опять молчит»: talk about the player)


def _usable(ctx: Ctx, words: list[str]) -> bool:
    """True when ``words`` hold a word of a move lexicon (any form) not under «не» whose
    move the sender can make today."""
    for k, w in enumerate(words):
        cls = W.move_class(w)
        if cls and not (k and words[k - 1] == "не") and \
                action_for(cls, ctx.sender, ctx.turn) is not None:
            return True
    return False


#: Where a sentence's remark may begin: a comma, a dash between spaces, «;», «:», a bracket.
_BOUNDARY = re.compile(r"[,;:(]|\s[—–-]\s|[\U0001F300-\U0001FAFF]")

#: A word of the letter (lower case).
_WORD = re.compile(r"\w[\w'-]*")

#: Words of the past that end where «сегодня» begins («Вчера … сегодня иду к X»).
_PAST = frozenset({"вчера", "позавчера"})

#: Words that open today's part of a sentence.
_TODAY = frozenset({"сегодня", "теперь"})


def unvetoed(visible: str, lower: str, lo: int, hi: int) -> tuple[int, int] | None:
    """The part of the sentence ``lo``…``hi`` (offsets into ``visible``; ``lower`` is it in
    lower case with «е» for «ё») that no word of talk touches: the text before the remark
    (a comma, a dash, «;», «:», a bracket or an emoji) that holds the first word of
    :data:`W.VETO`, or the text from the last «сегодня»/«теперь» after them (after «вчера» or
    «позавчера» alone; after any other such word only as «а сегодня»). None when there is
    no such part."""
    if W.VETO.isdisjoint(_WORD.findall(lower, lo, hi)):
        return None  # (no word of talk: the words as strings first, no match objects)
    vetoes = [m for m in _WORD.finditer(lower, lo, hi) if m.group() in W.VETO]
    first = vetoes[0].start()
    cuts = [m.start() for m in _BOUNDARY.finditer(visible, lo, first)]
    if cuts and any(c.isalpha() for c in visible[lo:cuts[-1]]):
        return lo, cuts[-1]
    words = list(_WORD.finditer(lower, vetoes[-1].end(), hi))
    past = all(m.group() in _PAST for m in vetoes)
    for n in range(len(words) - 1, -1, -1):
        if words[n].group() in _TODAY and (past or (n and words[n - 1].group() == "а")):
            return words[n].start(), hi  # «если завтра доживу …, а сегодня бью X»
    return None


def today_part(lower: str, lo: int, hi: int) -> bool:
    """True when the part ``lo``…``hi`` of a sentence (as :func:`unvetoed` gives it) opens
    with a word of today («сегодня работаю по Кедру» after «Вчера был у Кэт,»): a clause of
    its own, not a fragment cut before a word of talk."""
    m = _WORD.search(lower, lo, hi)
    return m is not None and m.group() in _TODAY


#: «X мой»: the maniac's claim on his victim.
_MINE = frozenset({"мой", "моя", "мое", "моё"})

#: Words that may stand around it («снова Кедр мой», «сегодня Кедр — мой»).
_AROUND = frozenset({"снова", "опять", "сегодня", "теперь", "ну", "а", "и", "вот", "этой",
                     "ночью", "тогда", "значит", "—", "-", ",", "!", ".", "…"})


def claimed(ctx: Ctx, visible: str, spans: list[tuple[int, int]],
            read: list[tuple[int, int, frozenset[str], bool]]) -> list[Problem]:
    """«снова Кедр мой» from the maniac: a sentence of a living player's name and «мой»
    (with «снова», «сегодня» … around it) claims the victim; a host would not drop it, the
    net asks (``unparsed``, reason ``unread``). Only the maniac; a sentence a rule read is
    left alone. Never raises."""
    if ctx.sender.role != "maniac":
        return []
    from .parse_unread import _names, overlaps  # (the net's own reader of names)

    out: list[Problem] = []
    idx = name_index(ctx.nicks)
    for lo, hi in spans:
        if not _MINE_RE.search(visible, lo, hi) or overlaps(read, lo, hi):
            continue  # (cheap: a sentence with no «мой» claims nobody)
        toks = idx.merge(tokenize_span(visible, lo, hi))
        words = clause_words(toks)
        names = _names(ctx, toks, words)
        if len(names) != 1 or not words:
            continue
        k = names[0]
        last = max((m for m, w in enumerate(words) if w not in _AROUND), default=-1)
        if last > k and words[last] in _MINE and \
                all(w in _AROUND for m, w in enumerate(words) if m not in (k, last)):
            out.append(problem(visible[lo:hi].strip().rstrip(".!…"), "unparsed", "unread"))
    return out


def plain_order(ctx: Ctx, kw) -> bool:
    """True when keyword ``kw`` is a night move the sender can make today, written as an
    order of his (not negated, reported, a plan, an imperative or a withdrawal)."""
    return kw.cls != V.VOTE and not (kw.negated or kw.reported or kw.hypothetical or
                                     kw.imperative or kw.withdraw or kw.weak) and \
        action_for(kw.cls, ctx.sender, ctx.turn) is not None


def net_asks(ctx: Ctx, toks: list[Tok], skip: frozenset[str], night: frozenset[str],
             known, hits: dict, whole: bool) -> bool:
    """:func:`engine.parse_unread._asks` for a sentence (``whole``) or the part of one a word
    of talk does not touch (a word of a move lexicon only): with the players any move beside
    it is on (``skip``), or only a word of a move lexicon with the players a move other than
    a vote beside it is on (``night``)."""
    from .parse_unread import _asks  # (the net's own test)

    if whole and skip != night and _other_move(ctx, toks):
        # «В мирной охоте участвую, целюсь в X. Голос тоже X»: a vote on X accounts for no
        # verb of a sentence that holds a word of another move the sender can make
        skip = night
    return (whole and _asks(ctx, toks, skip, known, hits)) or \
        _asks(ctx, toks, night, known, hits, strict=True)


def _other_move(ctx: Ctx, toks: list[Tok]) -> bool:
    """True when a word of ``toks`` (a keyword the rules left unread too; not after «не»)
    is a first-person form or a noun of a move lexicon other than the vote, of a move the
    sender can make today («охоте», «проверка»)."""
    words = clause_words(toks)
    for k, w in enumerate(words):
        if not toks[k].word or W.move_word(w) not in ("move", "noun") or \
                (k and words[k - 1] == "не"):
            continue
        cls = W.move_class(w)
        if cls and cls != V.VOTE and action_for(cls, ctx.sender, ctx.turn) not in (None, "vote"):
            return True
    return False


#: «Если можно — X», «а если не напишу — то X»: a condition, a dash, then only a player.
_IF_DASH = re.compile(r"(?i)(?<!\w)если(?!\w)[^—–\n]*\s[—–]\s")

#: Words that may stand beside the player after the dash («тогда только Лиса», «то Лину»,
#: «опять Кузю», «нашего Старого Лиса и себя»).
_BRANCH_FILL = frozenset({"тогда", "только", "то", "опять", "снова", "нашего", "нашу", "нашей",
                          "нашему", "наш", "наша", "и", "себя", "уж", "лучше", "ну"})

#: Words of a condition on the sender himself («если меня убьют»).
_ABOUT_ME = frozenset({"меня", "мне", "мной", "мною", "умру", "погибну", "убьют", "повесят"})

#: Words to somebody after the branch's player («— Серж, я тебя предупредил»).
_TO_YOU = frozenset({"ты", "тебя", "тебе", "тобой", "вы", "вас", "вам", "вами"})

#: Where the branch's player ends: a comma, a bracket, «;», a full stop.
_BRANCH_END = re.compile(r"[,;(.!…]")


def if_branches(ctx: Ctx, visible: str, spans: list[tuple[int, int]],
                read: list[tuple[int, int, frozenset[str], bool]],
                asked: list[Problem]) -> list[Problem]:
    """«Можно охранять двоих? Если можно — Лиса и себя. Если нельзя — только Лиса.»: a
    sentence of a condition whose branch after a dash is a living player alone (no move
    word, no verb), in a letter from which the rules read no night move of the sender, is
    the sender's role move made on a condition (a question to the host about the rules, a
    default «если не напишу — то X»); the rules read none of it, so the net asks
    (``unparsed``, reason ``unread``) rather than drop it. Only a sender with a night move
    of his role; a sentence a rule read is left alone. Never raises."""
    if "если" not in lower_of(visible) or ctx.sender.role in ("civilian", "son") or \
            any(not vote and on for _, _, on, vote in read):
        return []  # (cheap: no «если»; or a night move read: the branch may be its remark)
    from .parse_unread import _names, overlaps  # (the net's own reader of names)

    out: list[Problem] = []
    done = {p.text for p in asked}
    idx = name_index(ctx.nicks)
    for lo, hi in spans:
        m = _IF_DASH.search(visible, lo, hi)
        if m is None or visible[lo:hi].rstrip().endswith("?") or \
                overlaps(read, lo, hi):
            continue
        start = m.end()
        cond = set(_WORD.findall(visible[m.start():start].lower()))
        if not cond.isdisjoint(_ABOUT_ME):
            continue  # («Если меня повесят — Серж, …»: the sender's fate, no move of his)
        stop = _BRANCH_END.search(visible, start, hi)
        end = stop.start() if stop else hi
        toks = idx.merge(tokenize_span(visible, start, end))
        words = clause_words(toks)
        names = set(_names(ctx, toks, words))
        if not names:
            continue
        if any(toks[k].word and k not in names and words[k] not in _BRANCH_FILL
               for k in range(len(toks))):
            continue  # («Если меня убьют — виноват Лось»: more than a player)
        if not _TO_YOU.isdisjoint(_WORD.findall(visible[end:hi].lower())):
            continue  # («— Серж, я тебя предупредил»: words to the player)
        text = visible[lo:hi].strip().rstrip(".!…")
        if text not in done:
            out.append(problem(text, "unparsed", "unread"))
            done.add(text)
    return out
