"""The conditions of a letter whose type the game settles (engine.parse_ifgame): each «если
…» / «ежели …» with its lead words, its branch up to the sentence's end, and its type —
``yes`` / ``no`` (whether a move is allowed: «если можно», «если нет» after a question on the
rules), ``repeat`` (whether the move before repeats yesterday's: «если это было вчера»),
``alive`` / ``dead`` (whether a named player lives: «если Лось живой»). A condition of any
other type is not read here (the parser asks about it). Choosing the branch that holds is
:func:`engine.parse_ifgame.settle_conditions`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .names import name_index
from .grammar_tokens import tokenize_span
from .state import GameState
from .textcase import lower_of, plain_lower, word_places
from .words import is_known_word

_IF = re.compile(r"(?i)(?P<lead>(?:(?<![\w-])(?:ну|а|но|или|и|либо)[ \t,]+)*)(?<![\w-])"
                 r"(?:если|ежели)(?![\w-])(?P<phrase>[^—–:,.!?;\n()]*?)"
                 r"(?P<delim>[ \t]*(?:\([^)\n]*\)[ \t]*)?(?:,?[ \t]*[—–:]|,?[ \t]*-(?=\s)|,"
                 r"|[ \t]+(?=(?:то|тогда|значит)(?![\w-])))[ \t]*"
                 r"(?:(?:то|тогда|значит)(?![\w-])[ \t,]*)?)")

#: The word «если» / «ежели» that every :data:`_IF` match ends its lead words with (the same
#: letters as ``(?i)`` matches them, «с» with its old form «ᲃ», and the same word bounds), as
#: a pattern that opens with one character set: ``re`` skips along at C speed to each «е»,
#: where :data:`_IF` (opening with its optional lead words) is tried at every position.
IF_WORD = re.compile(r"[еЕ](?<![\w-][еЕ])(?:[сСᲃ][лЛ][иИ]|[жЖ][еЕ][лЛ][иИ])(?![\w-])")
#: Every character of :data:`_IF`'s lead words and the spaces between them (``(?i)`` as
#: there: «о» with «ᲂ»): a match starts no further back from its «если» than their run.
_LEAD_CHARS = frozenset(" \t,нуаоилбНУАОИЛБᲂ")

#: Where a branch ends: the end of a sentence («. » before a capital, «!», «?», a line),
#: «, а если», «иначе».
_END = re.compile(r"(?:[.!?]+(?=\s*(?:$|[A-ZА-ЯЁ«\"]))|[!?]|\n|;|(?=[\s,]+(?:а|но|или|либо)?[\s,]*"
                  r"(?:если|ежели)(?![\w-]))|(?=[\s,]+иначе(?![\w-])))")

_YES = frozenset({"можно", "да", "разрешается", "разрешено", "разрешат", "позволено",
                  "положено", "можно так", "так можно", "это можно", "это разрешено",
                  "всё-таки можно", "все-таки можно", "таки можно"})
_NO = frozenset({"нельзя", "нет", "не разрешается", "не разрешено", "не положено", "не можно",
                 "вдруг нет", "вдруг нельзя", "всё-таки нельзя", "все-таки нельзя", "так нельзя",
                 "это нельзя"})
#: Words that may stand beside «можно» / «нельзя» in the condition: the move's target named
#: back, «сегодня», «вдруг» («если за него сегодня нельзя»).
_ASIDE = frozenset({"за", "него", "неё", "нее", "его", "её", "ее", "у", "в", "сегодня", "вдруг",
                    "всё-таки", "все-таки", "таки", "так", "это", "мне", "уже"})
#: Words of a question on the rules («можно?», «разрешается?», «мирный может охотиться?»).
RULE_Q = re.compile(r"(?i)(?<![\w-])(можно|нельзя|разреша\w*|разрешено|положено|может|могу"
                    r"|могут|можем|вправе|имею право)(?![\w-])")
#: Words of yesterday's move («вчера», «в прошлый ход», «прошлой ночью»).
YESTERDAY = re.compile(r"(?i)(?<![\w-])(вчера|прошл\w+ (?:ход|ночь\w*|раз)|два раза подряд"
                       r"|дважды|подряд)(?![\w-])")
_FIRST = re.compile(r"(?i)(?<![\w-])(я|мне|меня|у меня|было|был|была)(?![\w-])")
_ALIVE = frozenset({"жив", "жива", "живой", "живая", "живы", "живет", "живёт"})
_DEAD = frozenset({"мёртв", "мертв", "мёртвый", "мертвый", "убит", "убита", "умер", "умерла",
                   "погиб", "погибла", "мёртвая", "мертвая", "мертва", "мёртва"})
#: Words that may stand beside a player and «жив» in a condition on the game as it stands.
_NOW = frozenset({"ещё", "еще", "уже", "всё", "все", "сейчас", "пока", "вообще"})


@dataclass
class Branch:
    """One branch of a condition: where its lead words start, where its words start and
    end in the letter's text, the condition's type and the player it names (``alive`` /
    ``dead``)."""
    lo: int          # start of the lead words («ну или, если …»)
    body: int        # first character of the branch (after «—», «то», «тогда»)
    hi: int          # end of the branch
    kind: str        # "yes", "no", "repeat", "alive", "dead"
    nick: str | None = None


def condition_groups(text: str, state: GameState, sender: str | None = None
                     ) -> list[list[Branch]]:
    """The conditions of settled types, grouped: branches next to each other (nothing but
    spaces between one's end and the next one's start) form one group. ``sender``: the
    letter's writer (for ``silent``, a clan mate who sends nothing)."""
    out: list[list[Branch]] = []
    last_end = -1
    for m in _if_matches(text):
        kind, nick = _kind(text, m, state)
        if kind is None and sender is not None:
            nick = _silent_mate(text, m, state, sender)
            kind = "silent" if nick is not None else None
        lo = m.start("lead") if m.group("lead") else m.start()
        if kind is None and out and last_end >= 0 and not text[last_end:lo].strip(" \t,.;"):
            # «Если разрешается — лечу себя, а если вдруг нет — …»: the same question's
            # other answer
            phrase = " ".join(m.group("phrase").lower().split())
            kind = {"yes": "no" if phrase in _NO else None,
                    "no": "yes" if phrase in _YES else None}.get(out[-1][-1].kind)
        if kind is None:
            last_end = -1
            continue
        body = m.end()
        end = _END.search(text, body)
        hi = end.start() if end else len(text)
        b = Branch(lo, body, hi, kind, nick)
        if out and last_end >= 0 and not text[last_end:b.lo].strip(" \t,.;"):
            out[-1].append(b)
        else:
            out.append([b])
        last_end = hi
    return out


def if_words(text: str) -> list[re.Match]:
    """The matches of :data:`IF_WORD` in ``text``, as ``IF_WORD.finditer(text)`` finds them:
    with a plain lowered text (:func:`engine.textcase.plain_lower`) tried only where «если»
    or «ежели» is written (C-level ``find``s instead of a try at every «е» of the letter;
    two such words never overlap, each match is one of them)."""
    low = plain_lower(text)
    if low is None:
        return list(IF_WORD.finditer(text))
    match = IF_WORD.match
    return [m for at in word_places(low, "если", "ежели") if (m := match(text, at)) is not None]


def _if_matches(text: str):
    """The matches of :data:`_IF` in ``text``, as ``_IF.finditer(text)`` finds them, tried
    only just before each «если» (:data:`IF_WORD`): a match holds one, after lead words
    made of :data:`_LEAD_CHARS` alone, so it starts inside their run before the word."""
    pos = 0
    for word in if_words(text):
        if word.start() < pos:
            continue  # (inside the match before)
        start = word.start()
        while start > pos and text[start - 1] in _LEAD_CHARS:
            start -= 1
        for at in range(start, word.start() + 1):
            m = _IF.match(text, at)
            if m is not None:
                yield m
                pos = m.end()
                break


def _kind(text: str, m: re.Match, state: GameState) -> tuple[str | None, str | None]:
    """The type of the condition matched by ``m`` (see the module doc), or None."""
    phrase = " ".join(m.group("phrase").lower().split())
    core = " ".join(w for w in phrase.split() if w not in _ASIDE)
    if core and (core in _YES or core in _NO):  # («если за него сегодня нельзя»)
        phrase = core
    named = _named_rule(text, m, state)
    if named is not None:  # «Если Вощину нельзя — тогда себя»: the target named back
        return named
    if phrase in _YES or phrase in _NO:
        q = question_before(text, m.start())
        if phrase == "да" or phrase.endswith("нет"):
            if q is None:
                return None, None  # «если нет» answers a question: it must be on the rules
            if YESTERDAY.search(q) and _FIRST.search(q) and not RULE_Q.search(q):
                return ("repeat" if phrase == "да" else None), None
            if not RULE_Q.search(q):
                return None, None
        return ("yes" if phrase in _YES else "no"), None
    if phrase in ("так", "это так"):
        q = question_before(text, m.start())
        if q is not None and YESTERDAY.search(q) and _FIRST.search(q):
            return "repeat", None
        if q is not None and RULE_Q.search(q) and not YESTERDAY.search(q):
            return "yes", None  # «…мирный может стрелять на охоте? Если так, стреляю в X»
        return None, None
    if re.search(r"(?<![\w-])(нельзя|не разрешается|не разрешено)(?![\w-])", phrase) and \
            YESTERDAY.search(phrase):
        return "no", None  # «если нельзя два раза подряд одного и того же»
    if re.search(r"(?<![\w-])(можно|разрешается|разрешено)(?![\w-])", phrase) and \
            YESTERDAY.search(phrase) and " не " not in f" {phrase} ":
        return "yes", None
    if re.search(r"(?<![\w-])вчера(?![\w-])", phrase) and _FIRST.search(phrase) and \
            not re.search(r"(?<![\w-])(не|завтра|сегодня)(?![\w-])", phrase) and \
            not any(_nick_at(text, state, m.start("phrase"), m.end("phrase"))):
        return "repeat", None  # «если я у неё вчера уже крал», «если это было вчера»
    nicks = _nick_at(text, state, m.start("phrase"), m.end("phrase"))
    if len(nicks) == 1:  # «если Лось живой», «если Кузя ещё жив»: nothing else, no future
        named = {t.w for t in tokenize_span(nicks[0].lower(), 0, len(nicks[0])) if t.word}
        rest = [t.w for t in tokenize_span(text, m.start("phrase"), m.end("phrase"))
                if t.word and t.w not in _NOW]
        state_words = [w for w in rest if w in _ALIVE or w in _DEAD]
        if len(state_words) == 1 and len(rest) <= len(named) + 2 and \
                all(w in named or w in state_words or not is_known_word(w) for w in rest):
            return ("alive" if state_words[0] in _ALIVE else "dead"), nicks[0]
    return None, None


def _named_rule(text: str, m: re.Match, state: GameState) -> tuple[str, str] | None:
    """``("yes" | "no", nick)`` when the condition of ``m`` is whether a move on one named
    player is allowed («если Вощину нельзя», «если Кузю сегодня можно»): one roster nick
    and, besides its words and :data:`_ASIDE`, only a phrase of :data:`_YES` / :data:`_NO`
    other than the bare answers «да» / «нет» (those answer a question). None otherwise."""
    lo, hi = m.start("phrase"), m.end("phrase")
    toks = [t for t in tokenize_span(text, lo, hi) if t.word]
    if len(toks) < 2:
        return None
    idx = name_index(tuple(state.players))
    words = [t.w for t in toks]
    found, rest, k = [], [], 0
    while k < len(toks):
        hit = idx.exact(words, k, None)
        if hit is None and toks[k].cap and len(words[k]) >= 3:
            hit = idx.approximate(words[k])  # («если Машку нельзя»: a pet form of Маша2005)
        if hit is not None and hit.nick is not None:
            found.append(hit.nick)
            k += hit.length
        else:
            rest.append(words[k])
            k += 1
    core = " ".join(w for w in rest if w not in _ASIDE)
    if len(found) != 1 or core in ("", "да", "нет") or not (core in _YES or core in _NO):
        return None
    return ("yes" if core in _YES else "no"), found[0]


#: Words for the boss of one's own clan in a condition («если босс опять забудет …»).
_BOSS = frozenset({"босс", "дон", "шеф", "пахан"})
#: Words a clan mate's sending nothing is told with besides his name («если Лис опять не
#: пришлёт свой ход», «если Джонни забудет прислать убийство»): nothing about anything else.
_SILENT_WORDS = frozenset({
    "не", "опять", "снова", "вдруг", "сам", "сама", "свой", "своё", "свое", "своего", "ход",
    "хода",
    "убийство", "заказ", "приказ", "решение", "ничего", "вовремя", "сегодня", "письмо",
    "прислать", "написать", "отправить", "пришлет", "пришлёт", "напишет", "отправит",
    "забудет", "промолчит", "проспит", "отпишется", "ответит", "успеет", "ещё", "еще",
    "до", "срока", "дедлайна", "вечера", "пока", "молчит", "забыл", "забыла",
    "прислал", "прислала", "написал", "написала", "отправил", "отправила", "успел", "успела",
    "ответил", "ответила", "отписался", "отписалась"})
#: Verbs of sending that say the mate sends nothing only with «не» before them (the past
#: too: «если Горыныч своё не прислал —», «если Коменда ещё не написала,»).
_SENDS = frozenset({"пришлет", "пришлёт", "напишет", "отправит", "отпишется", "ответит",
                    "успеет", "прислал", "прислала", "написал", "написала", "отправил",
                    "отправила", "успел", "успела", "ответил", "ответила", "отписался",
                    "отписалась"})
#: Verbs that say so alone («если босс молчит —»).
_FAILS = frozenset({"забудет", "промолчит", "проспит", "молчит", "забыл", "забыла"})


def _silent_mate(text: str, m: re.Match, state: GameState, sender: str) -> str | None:
    """The clan mate a condition says sends no move of his own, when the rules settle what
    the sender orders under it (DECISIONS.md §4): the boss's duplicate move for a member
    («Если Лиса не пришлёт свой ход — пусть обносит Сову»), or a member's kill order under
    his boss's silence («если Джонни опять забудет прислать убийство, то убиваем X»; the
    boss's order wins anyway). The mate's nickname (a living one), or None."""
    me = state.players.get(sender)
    if me is None or me.clan is None:
        return None
    toks = [t for t in tokenize_span(text, m.start("phrase"), m.end("phrase")) if t.word]
    if len(toks) < 2:
        return None
    words = [t.w for t in toks]
    idx = name_index(tuple(state.players))
    hit = idx.exact(words, 0, None)
    if hit is None and (toks[0].cap or text == lower_of(text)) and len(words[0]) >= 3:
        # («если батя не пришлёт …» in a letter all in lower case: for «Батя МАЗ»)
        hit = idx.approximate(words[0])  # «Лиса» for Лиса-Алиса, «Джонни» for Johnny_D
        hit = hit if hit is not None and hit.kind != "fuzzy" else None
    if hit is None and toks[0].cap:
        hit = idx.capital_reading(words[0].split("-")[0])  # «Эл», «Эл-сама» for «L»
    if hit is None and me.role != "boss" and len(words[0]) >= 4:
        # («если регент не успеет —» from a member: his boss «Регент_Фёдор» in lower case)
        hit = idx.approximate(words[0])
        hit = hit if hit is not None and hit.kind != "fuzzy" and hit.nick is not None and \
            state.players[hit.nick].role == "boss" and \
            state.players[hit.nick].clan == me.clan else None
    if hit is not None and hit.nick is not None:
        mate, rest = hit.nick, words[hit.length:]
    elif words[0] in _BOSS and me.role != "boss":
        mate, rest = next((n for n, p in state.players.items() if p.clan == me.clan and
                           p.role == "boss" and p.alive), None), words[1:]
    else:
        return None
    p = state.players.get(mate) if mate is not None else None
    if p is None or not p.alive or p.clan != me.clan or mate == sender or \
            (me.role != "boss" and p.role != "boss"):
        return None
    if not rest or not _SILENT_WORDS.issuperset(rest):
        return None
    fails = any(w in _FAILS for w in rest) or any(
        w in _SENDS and n and rest[n - 1] == "не" for n, w in enumerate(rest))
    return mate if fails else None


def question_before(text: str, at: int, aside: bool = True) -> str | None:
    """The question sentence right before ``at`` (nothing but spaces between its «?» and
    ``at``, or one short remark of at most five words: «…вчера? Что-то я запуталась. Если
    …»), or None."""
    k = at - 1
    while k >= 0 and text[k] in " \t\n)»\"":
        k -= 1
    if aside and k >= 0 and text[k] in ".!":
        lo = max(text.rfind(c, 0, k) for c in ".!?\n")
        if lo >= 0 and text[lo] == "?" and len(text[lo + 1:k].split()) <= 5:
            return question_before(text, lo + 1, False)
    if k < 0 or text[k] != "?":
        return None
    lo = max(text.rfind(c, 0, k) for c in ".!\n")
    q = text.rfind("?", 0, k)
    while q >= 0 and q > lo and q == k - 1:
        k, q = q, text.rfind("?", 0, q)
    return text[max(lo, q) + 1:k + 1]


def _nick_at(text: str, state: GameState, lo: int, hi: int) -> list[str]:
    """The roster nicknames written in ``text[lo:hi]``."""
    toks = tokenize_span(text, lo, hi)
    idx = name_index(tuple(state.players))
    words = [t.w for t in toks]
    out, k = [], 0
    while k < len(toks):
        hit = idx.exact(words, k, None) if toks[k].word else None
        if hit is not None and hit.nick is not None:
            out.append(hit.nick)
            k += hit.length
        else:
            k += 1
    return out
