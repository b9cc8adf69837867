"""The safety net for unread orders (engine.parse, issue 11): a sentence of the sender's own
text that names a living player beside a move word, where no rule read anything, is asked
about rather than left out.

A host who reads «Енот ночью пробирается к Остапу и выносит всё» and finds no move he knows
the form of does not drop the sentence: he asks the player what he meant. The parser does the
same for a sentence that

- names a living roster player other than the sender (any form the name finder accepts),
- near a word of a move lexicon (any person, any tense; a verb by its lemma, a noun in any
  case) or a first-person verb of action,
- from which no rule read a move or a problem,
- and is not clearly talk: a question, reported speech, a plan under «если»/«бы», a move word
  under «не», a narration of the past («вчера …», a verb in the past tense).

The problem is an ``unparsed`` one (reason ``unread``) quoting the sentence, so the reply asks
(SCENARIOS.md: the JSON shape of a problem is unchanged).
"""

from __future__ import annotations

import functools

from .grammar_rules import action_for, problem
from .grammar_tokens import Tok, clause_words, tokenize_span
from .lexicon import lexicon
from .model import Problem
from .names import name_index
from .parse_types import Ctx, Item
from .words import is_known_word, morph, role_words

#: How many tokens apart a name and a move word may stand.
_NEAR = 4

#: Words of a plan, a wish or a condition: the sentence is no order.
_NOT_ORDER = frozenset({"если", "бы", "б", "может", "можно", "наверное", "завтра",
                        "вчера", "позавчера", "хотел", "хотела", "хочется", "думаю", "думал",
                        "думала", "кажется", "подозреваю", "считаю", "уверен", "уверена", "нельзя",
                        "надо", "нужно", "стоит", "потом", "пусть", "пускай"})

#: Verbs of saying and thinking: a sentence with one reports or muses.
_SPEECH = frozenset({"сказать", "говорить", "писать", "написать", "заявить", "заявлять",
                     "утверждать", "кричать", "обещать", "пообещать", "спрашивать", "спросить",
                     "ответить", "отвечать", "думать", "считать", "знать", "подозревать",
                     "верить", "понимать", "понять", "казаться", "решать", "решить",
                     "предлагать", "предложить", "сомневаться"})

#: First-person verbs that are no action on a player.
_NOT_ACTION = frozenset({"быть", "мочь", "хотеть", "знать", "думать", "считать", "видеть",
                         "понимать", "верить", "надеяться", "сомневаться", "подозревать",
                         "помнить", "любить", "просить", "благодарить", "извиняться", "читать",
                         "согласиться", "соглашаться", "слышать", "чувствовать", "бояться",
                         "болеть", "целовать", "обнимать", "цитировать", "обещать",
                         "различать", "полагать", "снимать", "снять", "пересылать", "переслать",
                         "оставить", "оставлять", "жить", "присматриваться",
                         "приглядываться", "напоминать", "напомнить", "колебаться",
                         "отдавать", "отдать", "отменять", "отменить"})


@functools.lru_cache(maxsize=1)
def _lemmas() -> tuple[dict[str, str], dict[str, str]]:
    """The verb and noun lemmas of every move lexicon file → its class."""
    from .lexicon import _files  # the tables as written (their lemmas, not their forms)

    verbs: dict[str, str] = {}
    nouns: dict[str, str] = {}
    for _, data in _files():
        for v in data.get("verbs", ()):
            verbs.setdefault(v.replace("ё", "е"), data["class"])
        for v in data.get("nouns", ()):
            nouns.setdefault(v.replace("ё", "е"), data["class"])
    return verbs, nouns


@functools.lru_cache(maxsize=50_000)
def _class(w: str) -> str:
    """The move class of a word of a move lexicon (any form), or ``""``."""
    found = lexicon().words.get(w)
    if found or len(w) < 3 or not is_known_word(w):
        return found or ""
    verbs, nouns = _lemmas()
    for p in morph().parse(w)[:2]:
        lemma = p.normal_form.replace("ё", "е")
        table = verbs if "VERB" in p.tag else nouns if "NOUN" in p.tag else {}
        if lemma in table:
            return table[lemma]
    return ""


@functools.lru_cache(maxsize=50_000)
def _move_word(w: str) -> str:
    """What word ``w`` is to the net: ``"move"`` for a first-person form or a noun of a move
    lexicon, ``"third"`` for a third-person form of a move verb, ``"past"`` for its past
    tense, ``"first"`` for a first-person verb of action; ``""`` for anything else (an
    infinitive or an imperative of a move verb asks nobody: «лечить нельзя», «смотрите»)."""
    lex = lexicon()
    if w in lex.third:
        return "third"
    if w in lex.imperative:
        return ""
    if w in lex.words and len(w) >= 3:
        p = morph().parse(w)[0] if is_known_word(w) else None
        if p is not None and "INFN" in p.tag:
            return ""
        return "noun" if p is not None and p.tag.POS == "NOUN" else "move"
    if len(w) < 3 or not is_known_word(w):
        return ""
    verbs, nouns = _lemmas()
    for n, p in enumerate(morph().parse(w)[:2]):
        lemma = p.normal_form.replace("ё", "е")
        if "VERB" in p.tag:
            if "impr" in p.tag or "2per" in p.tag:
                return ""
            if lemma in verbs:
                return "past" if "past" in p.tag else "third" if "3per" in p.tag else "move"
            if not n and "1per" in p.tag and lemma not in _NOT_ACTION and \
                    lemma not in _SPEECH:  # («мою»: «мой» first, not «мыть»)
                return "first"
        elif "NOUN" in p.tag and lemma in nouns:
            return "noun"
    return ""


@functools.lru_cache(maxsize=50_000)
def _speech(w: str) -> bool:
    if not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    return ("VERB" in p.tag or "INFN" in p.tag) and p.normal_form in _SPEECH


class ReadLog(list):
    """The items list of a letter that remembers every item ever put in it: a sentence a
    rule read a move from and a correction took back was read all the same."""

    def __init__(self) -> None:
        super().__init__()
        self.ever: list[Item] = []

    def append(self, item) -> None:  # noqa: D102 (list's own)
        self.ever.append(item)
        super().append(item)

    def extend(self, found) -> None:  # noqa: D102
        found = list(found)
        self.ever.extend(found)
        super().extend(found)

    def insert(self, i, item) -> None:  # noqa: D102
        self.ever.append(item)
        super().insert(i, item)

    def __setitem__(self, i, value) -> None:
        if isinstance(i, slice):
            value = list(value)
            self.ever.extend(value)
        else:
            self.ever.append(value)
        super().__setitem__(i, value)


def unread(ctx: Ctx, visible: str, items: list[Item]) -> list[Problem]:
    """The problems of the net (see the module's doc) for the letter's own text ``visible``
    (quotes and signature blanked), given the ``items`` the rules read."""
    read = _read_ranges(visible, items)
    mates = frozenset()
    if any(it.move is not None and it.move.action == "delegate" for it in items):
        # «Ход свой отдаю на откуп Бегемоту. Пусть решает.»: the boss named beside a
        # delegation is part of it
        mates = frozenset(n for n, p in ctx.state.players.items()
                          if ctx.sender.clan and p.clan == ctx.sender.clan)
    out: list[Problem] = []
    idx = name_index(ctx.nicks)
    spans = _sentences(visible, idx.merge(tokenize_span(visible, 0, len(visible))))
    for n, toks in enumerate(spans):
        lo, hi = toks[0].start, toks[-1].end
        if any(a < hi and lo < b for a, b in read):
            continue
        after = spans[n + 1][-1].end if n + 1 < len(spans) else hi
        if any(lo <= m < after for m in ctx.marks):
            continue  # «… идёт к Еноту… Ладно, шучу»: taken back in the next sentence
        sentence = visible[lo:hi].strip()
        if sentence.endswith("?") or any(t.w in _QUOTES for t in toks):
            continue
        if _asks(ctx, toks, mates):
            out.append(problem(sentence.rstrip(".!…"), "unparsed", "unread"))
    return out


#: Quotation marks: a sentence holding one reports somebody's words.
_QUOTES = frozenset({"«", "»", '"', "“", "”", "„"})

#: Tokens that end a sentence.
_ENDS = frozenset({".", "!", "?", "…", "...", "?!", "!!", "!!!", "??"})


def _sentences(visible: str, toks: list[Tok]) -> list[list[Tok]]:
    """The letter's tokens cut into sentences: at «.», «!», «?», «…» and at line breaks."""
    out: list[list[Tok]] = []
    cur: list[Tok] = []
    for t in toks:
        if cur and "\n" in visible[cur[-1].end:t.start]:
            out.append(cur)
            cur = []
        cur.append(t)
        if not t.word and (t.w in _ENDS or set(t.w) <= set(".!?…")):
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return [c for c in out if any(t.word for t in c)]


def _read_ranges(visible: str, items: list[Item]) -> list[tuple[int, int]]:
    """The parts of the letter a rule read something from: each item's offset, and every
    place its move's or problem's words are written at."""
    out = [(it.pos, it.pos + 1) for it in items if it.pos >= 0]
    texts: set[str] = set()
    for it in items:
        for found in (it, it.also):
            if found is None:
                continue
            if found.problem is not None:
                texts.add(found.problem.text)
            move = found.move
            while move is not None:
                texts.add(move.span)
                texts.update(b.span for _, b in move.branches)
                move = move.move
    for t in texts:
        t = t.strip()
        if not t:
            continue
        at = visible.find(t)
        while at >= 0:
            out.append((at, at + len(t)))
            at = visible.find(t, at + 1)
    return out


#: Subjects that are somebody else («пусть кто-нибудь проверит X», «все голосуют за X»).
_OTHERS = frozenset({"кто-нибудь", "кто-то", "кто", "никто", "он", "она", "они",
                     "каждый", "всех", "кого-то", "кого-нибудь"})


def _asks(ctx: Ctx, toks: list[Tok], mates: frozenset[str] = frozenset()) -> bool:
    """True when the tokens of one sentence name a living player near a move word with no
    sign of talk (see the module's doc)."""
    words = clause_words(toks)
    if any(w in _NOT_ORDER or w.startswith("вчерашн") or _address(w) for w in words):
        return False  # a plan, a condition, the past, words to somebody («Ёжик, не трать …»)
    story = _sender_subject(ctx, toks, words)
    if story is not None and words[story] == "я" and any(_past(w) for w in words):
        return False  # «я лечила Алексея», «я заметил, что …»: the sender tells the past
    if any(_speech(w) for w in words):
        return False  # «Убийство — решает Ежевика», «… говорят, точит нож на X»
    names = [n for n in _names(ctx, toks, words, mates) if n != story]
    if not names:
        return False
    lex = lexicon()
    for k, w in enumerate(words):
        if not toks[k].word or k in names:
            continue  # («Грею»: the name, not «греть»)
        if w in _OTHERS and (story is None or story < k):
            return False  # «пусть кто-нибудь проверит X», «посмотрим, кого он …»
        kind = _move_word(w)
        cls = _class(w) if kind else ""
        if cls and action_for(cls, ctx.sender, ctx.turn) is None:
            continue  # «смотрю на X» from a player who watches nobody: talk
        if kind and k and words[k - 1] == "не":
            return False
        if kind == "" and story is not None and story < k and words[story] != "я":
            kind = _story_verb(w)  # «Енот ночью пробирается к X»: any verb of the sender
        if not kind:
            continue
        if kind in ("past", "third"):
            if story is None or story > k or _subject_between(ctx, words, story, k, names):
                if kind == "past":
                    return False  # a narration of the past («Лось вчера проверял X»)
                continue  # «Лось защищает Кузю», «доктор лечит X»: another's move, talk
        if k + 1 < len(words) and words[k + 1] in lex.not_before.get(cls, ()):
            continue  # «смотрю на …»: no move
        if kind == "noun":
            if any(_noun_names(words, k, n) for n in names):
                return True
        elif any(_object(words, k, n, kind, story) for n in names):
            return True
    return False


#: Punctuation that parts a verb from the name after it («ищу — то Ромашка не врач»).
_PARTS = frozenset({"—", ":", ";", "(", ")", "→", "-"})

#: Question words: a verb before one thinks or says («посмотрим, кто …»).
_WH = frozenset({"кто", "кого", "кому", "что", "как", "где", "куда", "чем", "зачем", "почему"})


def _object(words: list[str], k: int, n: int, kind: str, story: int | None) -> bool:
    """True when the name at ``n`` is the object of the verb at ``k``: right after it (past
    commas, prepositions and a few words), or, in a story of the sender, before it after a
    preposition («К Мальку он нынче заглянёт»)."""
    if n > k:
        return n - k <= _NEAR and not any(
            w in _PARTS or w in _WH for w in words[k + 1:n])
    return (story is None or story < n) and k - n <= _NEAR and n > 0 and \
        words[n - 1] in _PREPS_BEFORE and not any(w in _PARTS for w in words[n + 1:k])


def _noun_names(words: list[str], k: int, n: int) -> bool:
    """True when the move noun at ``k`` is followed by a dash or a colon and the name at
    ``n`` («последний ужин — Кузя», «Визит: к Кузе»)."""
    if not k < n <= k + _NEAR:
        return False
    between = words[k + 1:n]
    return any(w in ("—", ":", "-", "→") for w in between) and \
        all(w in _PARTS or w in _PREPS_BEFORE or w in _TIMES or w == "," for w in between)


#: Words of time between a move noun and its name («голос сегодня — Бармалей»).
_TIMES = frozenset({"сегодня", "ночью", "этой", "нынче", "сейчас", "сегодняшней", "ночи"})


def _subject_between(ctx: Ctx, words: list[str], story: int, k: int, names: list[int]) -> bool:
    """True when between the sender's word at ``story`` and the verb at ``k`` somebody else
    becomes the subject: another player's name, another role's word, a pronoun, or a
    subordinate clause («Ромашка видела во сне, как громила бьёт Крыску»)."""
    roles = role_words()
    for m in range(story + 1, k):
        w = words[m]
        if m in names and (m == 0 or words[m - 1] not in _PREPS_BEFORE):
            return True
        if w in _WH or w in _OTHERS or (w in roles and roles[w] != ctx.sender.role):
            return True
    return False


@functools.lru_cache(maxsize=50_000)
def _address(w: str) -> bool:
    """True for a verb in the imperative or the second person («трать», «проверьте»,
    «решай»): the sentence speaks to somebody, it is no order of the sender's."""
    if len(w) < 3 or not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    return "VERB" in p.tag and ("impr" in p.tag or "2per" in p.tag) and "incl" not in p.tag


#: «к Кузе поспешил»: a preposition before a name written before the story's verb.
_PREPS_BEFORE = frozenset({"к", "ко", "у", "в", "на", "за", "с", "со"})


def _sender_subject(ctx: Ctx, toks: list[Tok], words: list[str]) -> int | None:
    """The index of the first word that names the sender as a story's subject: a form of his
    nick (its part or pet form too: «Енотик», «Лисичка»), the word of his own role
    («Доктор …» from the doctor) or «я»; None when there is none."""
    idx = name_index(ctx.nicks)
    roles = role_words()
    for k, t in enumerate(toks):
        if not t.word or len(t.w) < 2:
            if t.w == "я":
                return k
            continue
        if roles.get(t.w) == ctx.sender.role and (k == 0 or words[k - 1] not in _PREPS_BEFORE):
            return k
        hit = idx.exact(words, k, None)
        if hit is None and (t.cap or not is_known_word(t.w)) and t.w.isalpha():
            hit = idx.approximate(t.w)
            if hit is not None and hit.kind == "fuzzy":
                hit = None
        if hit is not None and hit.nick == ctx.sender.nick:
            return k  # (one player only: «Алекс» of «Алексей» and «Alex_77» is nobody sure)
    return None


@functools.lru_cache(maxsize=50_000)
def _past(w: str) -> bool:
    """True for a verb in the past tense."""
    return len(w) >= 3 and is_known_word(w) and "past" in morph().parse(w)[0].tag


@functools.lru_cache(maxsize=50_000)
def _story_verb(w: str) -> str:
    """``"third"`` for a verb of action in the third person or the past tense (the sender's
    story of himself: «пробирается», «поспешил»), else ``""``."""
    if len(w) < 3 or not is_known_word(w):
        return ""
    p = morph().parse(w)[0]
    if "VERB" not in p.tag or "impr" in p.tag or p.normal_form in _NOT_ACTION or \
            p.normal_form in _SPEECH:
        return ""
    return "third" if "3per" in p.tag or "past" in p.tag else ""


def _names(ctx: Ctx, toks: list[Tok], words: list[str],
           mates: frozenset[str] = frozenset()) -> list[int]:
    """The token indices of the living players (not the sender, none of ``mates``) named in
    a sentence."""
    idx = name_index(ctx.nicks)
    out = []
    for k, t in enumerate(toks):
        if not t.word or len(t.w) < 2:
            continue
        hit = idx.exact(words, k, None)
        if hit is None and (t.cap or not is_known_word(t.w)) and t.w.isalpha():
            hit = idx.approximate(t.w)
            if hit is not None and hit.kind == "fuzzy":
                hit = None
        if hit is None:
            continue
        owners = (hit.nick,) if hit.nick else hit.candidates
        if any(o in ctx.alive and o != ctx.sender.nick and o not in mates for o in owners):
            out.append(k)
    return out
