"""The subject of a third-person move word (engine.parse_move): the sender himself, a boss's
clan member («Страж охраняет …»), a player of the other clan (refused), or somebody else
(«пусть кто-нибудь проверит …», «мой сын … но следит за ней»: talk).
"""

from __future__ import annotations

import functools
import re

from . import grammar_vocab as V
from .grammar_keywords import Kw, me_too
from .grammar_rules import Actor, action_for, problem
from .grammar_tokens import Tok, span, clause_words
from .lexicon import lexicon
from .model import Problem
from .names import name_index
from .words import is_known_word, morph, past_tense, role_words, third_person
from .parse_forms import member_ref
from .grammar_between import between_start, duration_start, object_start, with_noun
from .roles import CLAN_ROLES
from .parse_types import Ctx, Item, member_at, names_in, nick_at

def subject(ctx: Ctx, clause: list[Tok], kw: Kw) -> tuple[int, int] | None:
    """``(first, end)`` tokens of the nickname or role word right before a third-person move
    word («Маруська проверяет …», «а Страж охраняет …»), or None."""
    if clause[kw.i].w not in lexicon().third:
        if third_idiom(clause, kw):
            return _subject_before(ctx, clause, kw.i - 1, True)  # «Свидетель не сводит глаз с X»
        if kw.j - 1 > kw.i and clause[kw.j - 1].w in lexicon().third:
            return _subject_before(ctx, clause, kw.i - 1, True)  # «Кира к себе зовёт …»
        if (w := with_noun(clause, kw)) is not None:
            return _subject_before(ctx, clause, w - 1, True)  # «Alex-S с миномётом»
        k = _verb_before_noun(ctx, clause, kw)
        return None if k is None else _subject_before(ctx, clause, k - 1, True)
    return _subject_before(ctx, clause, kw.i - 1, True)


def third_idiom(clause: list[Tok], kw: Kw) -> bool:
    """True when the keyword is an idiom whose verb, inside it after «не», is in the third
    person («не сводит глаз с», «глаз не спускает с»): a story of whoever its subject is."""
    return kw.j - kw.i > 2 and any(
        clause[m - 1].w == V.NEGATION and third_person(clause[m].w)
        for m in range(kw.i + 1, kw.j))


#: Dative pronouns between a verb and its noun («ставит ему капельницу»).
_DATIVES = frozenset({"ему", "ей", "им", "себе"})


def _verb_before_noun(ctx: Ctx, clause: list[Tok], kw: Kw) -> int | None:
    """The index of a third-person verb right before a move noun, a dative pronoun or a
    nickname between («Доктор ставит Буке капельницу»: the noun's subject is the verb's), or
    None."""
    if kw.i != kw.j - 1 or not kw.weak or clause[kw.i].w in lexicon().third or \
            kw.cls == V.VOTE:
        return None
    k = kw.i - 1
    if k >= 1 and clause[k].word and (clause[k].w in _DATIVES or name_index(ctx.nicks).exact(
            clause_words(clause), k, None) is not None):
        k -= 1
    if k < 1 or not clause[k].word or not third_person(clause[k].w) or \
            clause[k].w in lexicon().words:
        return None  # («воришка пусть обворует шкафа голос за …»: a move of its own)
    return k


def _subject_before(ctx: Ctx, clause: list[Tok], k: int, first_try: bool):
    """The subject ending at token ``k`` or before it (see :func:`subject`); once, a target
    written before the verb is passed over («а Страж Сову охраняет», «Страж пусть меня
    охраняет»)."""
    boss = ctx.sender.role == "boss"
    while k >= 0 and (clause[k].w in ("«", "»", '"', "уж", "ведь") or clause[k].w in V.SUBJECT_SKIP or
                      _adverb(clause[k].w) or clause[k].w in (",", ")") or
                      (k >= 1 and clause[k].w in _TIMES and clause[k - 1].w in _TIME_PREPS) or
                      (not boss and duration_start(clause, k) is not None)):
        if clause[k].w in _TIMES and k >= 1 and clause[k - 1].w in _TIME_PREPS:
            k -= 1  # «Крыска к утру вынесет …»: a time between the subject and its verb
        elif not boss and (d := duration_start(clause, k)) is not None:
            k = d  # «Лось весь день защищает X»: a stretch of time between them (a boss's
            # «Винни всю ночь сторожит X» is his member's order, read by engine.parse_forms)
        elif clause[k].w == ",":
            k = _aside_start(clause, k)  # «доктор, кутаясь в плащ, пробирается …»
            if k is None:
                return None
        elif clause[k].w == ")":
            k = _me_aside_start(clause, k)  # «Свидетельница (то есть я) прячется …»
            if k is None:
                return None
        k -= 1
    if k >= 1 and clause[k].w == "и" and first_try:
        # «доктор пробирается к дому Буки и ставит ему капельницу»: the verb before «и»
        # has the same subject
        m = next((m for m in range(k - 1, 0, -1) if clause[m].word and
                  (third_person(clause[m].w) or _story_past(clause[m].w))), None)
        # («Свидетель устроился на чердаке … и не сводит глаз с X»: a past verb before it)
        return None if m is None else _subject_before(ctx, clause, m - 1, False)
    if k < 0 or not clause[k].word:
        return None
    if clause[k].w in role_words():
        return k, k + 1
    if first_try and clause[k].w in V.SENDER_WORDS:
        return _subject_before(ctx, clause, k - 1, False)  # «Страж меня охраняет»
    if not boss and (o := object_start(clause, k)) is not None:
        return _subject_before(ctx, clause, o - 1, first_try)  # «охранник сам себя прикрывает»
    words = clause_words(clause)
    for first in range(max(0, k - 2), k + 1):  # multi-word nicknames end at k
        hit = nick_at(ctx, clause, words, first)
        if hit is not None and first + hit.length == k + 1:
            if object_form(ctx, words, first, hit):
                # «Страж пусть Сову охраняет»: Сову is the target, not the subject
                return _subject_before(ctx, clause, first - 1, False) if first_try else None
            return first, k + 1
    if clause[k].cap and own_short_form(ctx.sender.nick, ctx.nicks, words[k]):
        return k, k + 1  # «Пилюля лечит X» from Пилюлькин: his own nick cut short
    if member_at(ctx, clause, k) is not None:
        if first_try and _never_nominative(words[k]):
            return _subject_before(ctx, clause, k - 1, False)  # «Хайд — Лису бережёт»
        return k, k + 1  # «пони ворует у Крота» from the boss: his member in lower case
    if ctx.sender.role == "boss" and len(words[k]) >= 3 and (k == 0 or not clause[k - 1].word) \
            and (near := name_index(ctx.nicks).approximate(words[k])) is not None and \
            near.kind in ("part", "pet") and near.nick not in (None, ctx.sender.nick):
        return k, k + 1  # «…, лиса грабит X» from the other clan's boss: refused, not talk
    return None




#: Final vowels dropped from a nickname's short form before its stem is compared.
_SHORT_ENDS = "аяоеиыую"


@functools.lru_cache(maxsize=4096)
def own_short_form(nick: str, nicks: tuple[str, ...], w: str) -> bool:
    """True when ``w`` (lower case) is the sender's nick ``nick`` cut short into a word of
    its own («Пилюля» for Пилюлькин, «Кувалд» no): its stem (a final vowel dropped), of four
    letters at least, begins a word of his nick that is longer, and no word of another
    nick. A story told of «Пилюля» in his letter is his own move."""
    stem = w[:-1] if w.endswith(tuple(_SHORT_ENDS)) else w
    if len(stem) < 4 or w in role_words():
        return False
    def parts(n: str) -> list[str]:
        return [x for x in re.split(r"[\W\d_]+", n.lower().replace("ё", "е")) if x]
    if not any(x.startswith(stem) and len(x) > len(w) for x in parts(nick)):
        return False
    return not any(x.startswith(stem) for n in nicks if n != nick for x in parts(n))


def own_nick_word(nick: str, nicks: tuple[str, ...], w: str) -> bool:
    """True when ``w`` (lower case) is a whole word of the sender's nick of several words, as
    written, and a word of no other nick («Лиса» for Лиса Алиса, though the index also reads
    it as Dark Fox's): a story told of it in his letter is told of himself."""
    if len(w) < 3 or w in role_words():
        return False
    def parts(n: str) -> list[str]:
        return [x for x in re.split(r"[\W\d_]+", n.lower().replace("ё", "е")) if x]
    mine = parts(nick)
    return len(mine) > 1 and w in mine and not any(w in parts(n) for n in nicks if n != nick)


@functools.lru_cache(maxsize=4096)
def _story_past(w: str) -> bool:
    """True for a known verb in the past tense, singular («устроился», «спряталась»)."""
    if not is_known_word(w):
        return False
    tag = morph().parse(w)[0].tag
    return tag.POS == "VERB" and "past" in tag and "sing" in tag


#: «к утру», «до рассвета», «под утро»: a time between a subject and its verb.
_TIMES = frozenset({"утру", "утра", "утро", "вечеру", "рассвету", "рассвета", "полуночи",
                    "ночи"})
_TIME_PREPS = frozenset({"к", "до", "под"})

@functools.lru_cache(maxsize=20_000)
def _adverb(w: str) -> bool:
    """True for an adverb of manner or time between a subject and its verb («доктор тихо
    пробирается»): a dictionary adverb that is no role word."""
    if not is_known_word(w) or w in role_words() or w in _OTHERS:
        return False
    return morph().parse(w)[0].tag.POS == "ADVB"


#: Words of an aside in brackets that says the subject is the sender («(то есть я)»).
_ME_ASIDE = frozenset({"то", "есть", "я", "это", "т", "е", "ну", "в", "смысле", "короче"})


def _me_aside_start(clause: list[Tok], k: int) -> int | None:
    """The index of the «(» that opens a bracketed aside closed at ``k`` when the aside says
    «я» and nothing else («(то есть я)», «(это я)»); else None."""
    for p in range(k - 1, max(-1, k - 7), -1):
        if clause[p].w == "(":
            inside = [t.w for t in clause[p + 1:k] if t.word]
            return p if "я" in inside and all(w in _ME_ASIDE for w in inside) else None
    return None


def _aside_start(clause: list[Tok], k: int) -> int | None:
    """The index of the comma that opens an aside closed by the comma at ``k`` when the
    aside opens with a verbal adverb or participle («, кутаясь в плащ,»); else None."""
    for p in range(k - 1, max(-1, k - 8), -1):
        if clause[p].w == ",":
            if p + 1 < k and clause[p + 1].word and is_known_word(clause[p + 1].w) and \
                    morph().parse(clause[p + 1].w)[0].tag.POS in ("GRND", "PRTF"):
                return p
            return None
        if not clause[p].word:
            return None
    return None


def object_form(ctx: Ctx, words: list[str], first: int, hit) -> bool:
    """True when the nickname ``hit`` at ``first`` is written in a case form that cannot be
    the nominative («Сову», «Кешу»): it is an object, never the subject of a verb."""
    if hit.nick is None or hit.kind != "exact":
        # «Хайд — Лису бережёт»: a part of «Лиса Алиса» (or of two nicks) in a form the
        # dictionary never reads as a nominative
        return hit.length == 1 and _never_nominative(words[first])
    idx = name_index(ctx.nicks)
    last = words[first + hit.length - 1]
    if hit.length == 1:
        cases = idx.single.get(last, {}).get(hit.nick)
    else:
        cases = next((parts[-1].get(last) for nick, parts in idx.multi if nick == hit.nick),
                     None)
    return bool(cases) and "nomn" not in cases


@functools.lru_cache(maxsize=4096)
def _never_nominative(w: str) -> bool:
    """True when the dictionary knows ``w`` only as a noun form of another case than the
    nominative («лису», «мурку»): such a word is an object, never a subject."""
    if not is_known_word(w):
        return False
    cases = [p.tag.case for p in morph().parse(w) if p.tag.POS == "NOUN"]
    return bool(cases) and None not in cases and "nomn" not in cases


_OTHERS = frozenset({"кто-нибудь", "кто-то", "кто", "он", "она", "оно", "они", "все", "всё",
                     "никто", "каждый", "любой", "кто-либо", "тот", "та", "который", "которая"})


#: The third-person future auxiliaries («он будет охранять»), and third-person verbs of
#: starting or meaning to before an infinitive («все сразу стали голосовать за меня»).
_WILL = frozenset({"будет", "будут", "станет", "станут", "стали", "начали", "стал", "стала",
                   "начал", "начала", "хотят", "хочет", "собираются", "собирается"})


def talk_of_others(clause: list[Tok], kw: Kw, lex, boss: bool = False,
                   ctx: Ctx | None = None) -> bool:
    """A third-person move word whose subject is somebody unnamed («пусть кто-нибудь
    проверит Дениса», «он проверяет всех») or, in a letter from anyone but a boss (with
    ``ctx``), a capitalised name that is not the sender («пусть Шерлок Холмс его спасает»):
    talk, not a move."""
    if asked_or_anyone(clause, kw, lex, boss):
        return True  # «Интересно, кого сегодня навестит маньяк», «он кого-то лечит»
    if ctx is not None and not boss and _named_subject(ctx, clause, kw, lex):
        return True
    if (not boss or kw.cls == V.VOTE) and _pronoun_subject(clause, kw, lex):
        # (a boss's «он голосует …» is no order either: a vote is never given for a member)
        return not (ctx is not None and _immune_self(ctx, clause, kw))
    if ctx is not None and not boss and _let_other(clause, kw, lex) and \
            action_for(kw.cls, ctx.sender, ctx.turn) is None:
        return True  # «ворую у Ксю, пусть поищет свой шарфик»: a move not his, let another
    k = kw.i - 1
    if clause[kw.i].w not in lex.third and (w := with_noun(clause, kw)) is not None:
        k = w - 1  # «раз он с миномётом бабахнул в Грома»
    elif clause[kw.i].w not in lex.third:
        if k < 0 or clause[k].w not in _WILL:
            return False
        k -= 1  # «он себя будет охранять»: a third-person future
    while k >= 0:
        d = between_start(clause, k)  # («он восьмой день охраняет X», «она всех лечит»)
        if d is None and not (clause[k].w in V.SUBJECT_SKIP or clause[k].w in V.SELF_WORDS or
                              clause[k].w in _HABIT):
            break
        k = (k if d is None else d) - 1
    if k < 0 or not clause[k].word:
        return False
    if clause[k].w in _OTHERS:
        return True
    if clause[k].w in ("но", "и", "а") and clause[kw.i].w in lex.third and not boss and any(
            clause[m].word and clause[m].w not in lex.third and third_person(clause[m].w)
            for m in range(k)) and any(
            t.word and (t.w in _OTHER_SUBJECTS or (not t.cap and _common_subject(t.w) == "anim")
                        or (m and clause[m - 1].w in _MY and t.w in role_words()))
            for m, t in enumerate(clause[:k])):
        return True  # «сын в игре не участвует, но следит за ней»: the subject of the verb before
    if clause[k].w == "и" and ctx is not None and not boss and clause[kw.i].w in lex.third and \
            _player_began(ctx, clause, k):
        return True  # «Шеф весь день спорит с Прорабом и голосует за X»: Шеф votes
    kind = None if boss else _common_subject(clause[k].w)
    # «за Карамелькой и так полгорода следит»; «мой друг голосует за X» (not a nick: lower case)
    return kind == "inan" or (kind == "anim" and not clause[k].cap)


#: Question words that may be the object of a third-person move word («Интересно, кого
#: сегодня навестит маньяк», «гадаю, кому он позвонит»): the move is asked about, not given.
_ASKED = frozenset({"кого", "кому", "кем"})

#: Prepositions before a question word («к кому», «у кого»), and the marks before which an
#: answer follows the question in the same clause («Кого сегодня доктор вылечит — X»).
_ASKED_AFTER = frozenset({"к", "у", "за", "от"})
_ANSWER_MARKS = frozenset({"—", "–", "-", ":"})

#: Relative words that open a clause about somebody already named («выдал простыню, где
#: защищает X», «жулик, который однажды украдёт ход у X»): its move word is no order.
_RELATIVE = frozenset({"где", "который", "которая", "которое", "которые"})

#: Indefinite pronouns as the object of a third-person move word («он кого-то лечит»).
_ANYONE = frozenset({"кого-то", "кого-нибудь", "кого-либо", "кого-ньть", "кому-то",
                     "кому-нибудь", "кем-то", "кем-нибудь"})


def asked_or_anyone(clause: list[Tok], kw: Kw, lex, boss: bool = False,
                    asked_only: bool = False) -> bool:
    """True when a third-person move word has for its object a question word that opens its
    part of the sentence («Интересно, кого сегодня ночью навестит маньяк», «Кого же завтра
    проверит комиссар?») or, in a letter from anyone but a boss, an indefinite pronoun right
    before or after it («он ночами не спит, значит кого-то лечит»): somebody else's move
    wondered about or guessed, which names no player; talk, never a move of the sender
    (a first-person «не знаю, кого проверю» is still read and asked); so does one in a
    relative clause opened by «где» or «который» («…, где защищает Маргошу»). ``asked_only``:
    the question or relative word alone («Интересно, кого сегодня доктор вылечит»)."""
    if clause[kw.i].w not in lex.third:
        return False
    for k in range(kw.i - 1, max(-1, kw.i - 6), -1):
        t = clause[k]
        if not t.word:
            break
        if t.w in _ASKED:  # not when answered after a dash («Кого лечу — X»)
            return (k == 0 or not clause[k - 1].word or clause[k - 1].w in _ASKED_AFTER) and \
                not any(c.w in _ANSWER_MARKS for c in clause[kw.j:])
        if t.w in _RELATIVE:
            return True  # «…, где защищает Маргошу», «Жулик, который украдёт ход у X»
        if t.w in _CLAUSE_OPENERS or t.w in lex.third:
            break
    if boss or asked_only:
        return False
    near = [clause[k].w for k in (kw.i - 1, kw.j) if 0 <= k < len(clause) and clause[k].word]
    return any(w in _ANYONE for w in near)


#: Words that end the look back from a third-person verb for its pronoun subject: a new
#: clause or a question starts there («…, что она голосует», «кто он, если голосует…»).
_CLAUSE_OPENERS = frozenset({"и", "а", "но", "что", "чтобы", "если", "когда", "кто", "где",
                             "как", "раз", "пока", "потому", "хотя", "или", "либо"})


def _pronoun_subject(clause: list[Tok], kw: Kw, lex) -> bool:
    """True when «он», «она» or «они» stands a few words before the third-person move word
    with no punctuation, verb or conjunction between («он всё время против меня голосует»,
    «она с первого дня голосует вместе с X», «он весь форум громит»): a personal pronoun in
    the nominative is never the sender, the move is somebody else's (talk)."""
    return _word_before(clause, kw, lex, _HE, 6)


_HE = frozenset({"он", "она", "оно", "они"})


def _immune_self(ctx: Ctx, clause: list[Tok], kw: Kw) -> bool:
    """«Снегурочке выпало «Выбери меня!» … И она берёт в пару X» from Снегурочка, the player
    «Выбери меня!» chose: the partner is named by her alone (DECISIONS.md §6.4), so «она»
    there is the sender telling of herself, when the clauses before name her and no other
    player."""
    if kw.cls != V.PARTNER or ctx.turn.event != "choose_me" or ctx.turn.immune != ctx.sender.nick:
        return False
    named = {hit.nick for c in (ctx.earlier, ctx.prev_clause, clause[:kw.i]) if c
             for hit, _, _ in names_in(ctx, c, forms=True)}
    return named == {ctx.sender.nick}


def _word_before(clause: list[Tok], kw: Kw, lex, wanted: frozenset[str], reach: int,
                 joined: bool = False) -> bool:
    """True when one of ``wanted`` stands at most ``reach`` plain words before the
    third-person move word ``kw``, with no punctuation, verb, infinitive or conjunction
    between (``joined``: an «и» right before the move word does not end the look back)."""
    if clause[kw.i].w not in lex.third:
        return False
    for k in range(kw.i - 1, max(-1, kw.i - reach - 1), -1):
        t = clause[k]
        if not t.word:
            return False
        if t.w in wanted:
            return True
        if (t.w in _CLAUSE_OPENERS and not (joined and t.w == "и" and k == kw.i - 1)) or (
                is_known_word(t.w) and morph().parse(t.w)[0].tag.POS in ("VERB", "INFN")):
            return False
    return False


def _no_name_before(ctx: Ctx, clause: list[Tok], words: list[str], first: int) -> bool:
    """True when no nickname stands between the last punctuation mark before token ``first``
    and ``first`` (the subject's nick is the first name of its part of the clause)."""
    p = next((n for n in range(first - 1, -1, -1) if not clause[n].word), -1)
    return not any(nick_at(ctx, clause, words, n) is not None for n in range(p + 1, first))


#: «пусть», «пускай»: what follows is let to somebody else.
_LET = frozenset({"пусть", "пускай"})


def _let_other(clause: list[Tok], kw: Kw, lex) -> bool:
    """True when «пусть» or «пускай» stands a few plain words before the third-person move
    word («пусть поищет свою лупу», «пусть Лосик и бахает по X»): somebody else is let make
    it (the caller checks that the sender's role has no such move)."""
    return _word_before(clause, kw, lex, _LET, 4, joined=True)


def _player_began(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when the clause's first word is the nickname of a player who is not the sender
    and a third-person verb (no move word) stands between it and «и» at token ``k``: the
    verb after «и» shares that subject («Шеф весь день спорит с Прорабом и голосует за X»
    tells of Шеф)."""
    first = next((n for n, t in enumerate(clause) if t.word), None)
    if first is None or first >= k or not clause[first].cap:
        return False
    hit = nick_at(ctx, clause, clause_words(clause), first)
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick:
        return False
    third = lexicon().third
    return any(clause[m].word and clause[m].w not in third and third_person(clause[m].w)
               for m in range(first + hit.length, k))


#: Subjects that are surely not the sender («который …, но следит за ней», «он …, но …»).
_OTHER_SUBJECTS = frozenset({"который", "которая", "которые", "он", "она", "они"})


#: Possessives before a noun that names somebody else («мой сын», «наш свидетель»).
_MY = frozenset({"мой", "моя", "мои", "наш", "наша", "наши"})


#: Adverbs of habit between a subject and its verb («он всегда голосует за X»), beside
#: :data:`V.SUBJECT_SKIP` («тоже», «снова», «опять»).
_HABIT = frozenset({"всегда", "обычно", "вечно", "постоянно", "часто", "также", "традиционно",
                    "как-всегда",
                    # and of a guess («он же наверное сам себя прикроет»)
                    "же", "наверное", "наверно", "наверн", "наверняка", "точно", "сам", "сама",
                    "сами", "небось", "явно",
                    # and of surprise («все почему-то сразу стали голосовать за меня»)
                    "почему-то", "сразу", "вдруг", "дружно",
                    # and of a forecast («кто-нибудь скоро выстрелит», «оно непременно …»)
                    "скоро", "непременно", "обязательно"})


#: Nouns of a group that may give the clan's order («клан убивает X»).
_CLAN_NOUNS = frozenset({"клан", "семья", "мафия", "банда", "команда", "наши"})


@functools.lru_cache(maxsize=20_000)
def _common_subject(w: str) -> str | None:
    """``"inan"`` for a common inanimate noun in the nominative («полгорода», «город»,
    «народ»), ``"anim"`` for an animate one («друг», «сосед»): a subject that is no player,
    no role, no clan and no name; else None."""
    if w in _CLAN_NOUNS or w in role_words() or not is_known_word(w):
        return None
    tag = morph().parse(w)[0].tag
    if tag.POS != "NOUN" or "nomn" not in tag or {"Name", "Surn", "Patr"} & tag.grammemes:
        return None
    return "anim" if "anim" in tag else "inan" if "inan" in tag else None


def subject_actor(ctx: Ctx, clause: list[Tok], subject: tuple[int, int],
                   member: Actor | None, items: list[Item], kw: Kw | None = None):
    """Who makes the move whose subject is written before it. The sender himself (his nick
    or role word): his own move (``member`` unchanged). For a boss, a member of his clan: a
    move for that member (DECISIONS.md §4 Boss (c)); another clan's player: still read, to
    be refused. For anyone else another player's name is talk about him: ``False``."""
    first, end = subject
    if me_too(clause):
        return member  # «Гоша голосует за Буку, я тоже»: the sender joins the move told
    words = clause_words(clause)
    hit = nick_at(ctx, clause, words, first)
    if hit is not None and (hit.nick == ctx.sender.nick or _sender_named(ctx, words, first, hit)
                            or _own_word_of_dead(ctx, words[first], hit)):
        return member
    if ctx.sender.role != "boss":
        if hit is not None and hit.nick is None and ctx.sender.nick in hit.candidates and \
                clause[first].cap and own_nick_word(ctx.sender.nick, ctx.nicks, words[first]):
            return member  # «Лиса грабит X» from Лиса Алиса (beside Dark Fox): her own word
        if hit is not None and hit.nick is None and ctx.sender.nick in hit.candidates and \
                end == first + 1 and all(_oblique_only(words[first], n)
                                         for n in hit.candidates if n != ctx.sender.nick):
            return member  # «лис голосует за X» from Dark Fox beside «Лиса Алиса»: «лис» is
            # her word only in the genitive plural, no subject; the subject is the sender
        if kw is not None and hit is not None and hit.nick is None and \
                ctx.sender.nick in hit.candidates and hit.kind != "exact":
            _whose_pet(ctx, clause, first, kw, items)  # «Мурочка приглашает X»: Мурка or Мурзик?
            return False
        bid = any(t.w in ("пусть", "пускай") for t in clause[end:end + 3])
        if hit is None and not _own_role_word(ctx.sender, words[first], bid):
            return False  # «Хозяйка зовёт Барсика» from the psycho: another role's move, talk
        if hit is not None and ctx.sender.mafia and hit.nick in ctx.state.players and \
                ctx.state.players[hit.nick].clan == ctx.sender.clan and \
                words[first] in role_words() and bid:
            return member  # «наш воришка пусть нынче обчистит X» from the guard: refused
        return member if hit is None else False  # a role word: «Комиссар проверяет X»
    ref = member_ref(ctx, clause, first)
    if ref is None and hit is None and end == first + 1 and words[first] not in role_words():
        near = name_index(ctx.nicks).approximate(words[first])  # «лиса грабит X» (a part)
        hit = near if near is not None and near.kind in ("part", "pet") else None
    if ref is None and hit is not None and hit.nick in ctx.state.players and \
            hit.nick != ctx.sender.nick and words[first] not in role_words() and \
            (member is not None or hit.kind != "exact") and \
            ctx.state.players[hit.nick].clan != ctx.sender.clan and \
            _named_after(ctx, clause, end + 1):
        # «енот грабит X, лиса грабит Y» from the other clan's boss: refused, never the
        # member's before (a full nick with no member before: read, refused by its role)
        stop = next((n for n in range(end, min(len(clause), end + 2))
                     if not clause[n].word), min(len(clause), end + 2))
        items.append(Item(clause[first].start, problem=problem(
            span(ctx.text, clause, first, stop), "not_allowed", "not_clan_member")))
        return False
    if ref is None and hit is not None and hit.nick in ctx.state.players and \
            not ctx.state.players[hit.nick].clan and words[first] not in role_words() and \
            (all(not t.word or t.w in V.FILLERS for t in clause[:first]) or
             (hit.kind == "exact" and _no_name_before(ctx, clause, words, first))):
        # «Филин следит, и, кажется, за мной» from a boss: a town player's own move; his
        # nick written in full after a comma or dash too, with no other name between
        # («…, на неё Бармалей охотится»; not «Воробей пусть Пуаро обчистит»)
        return False
    if ref is None or ref[1] != end:
        return member
    if isinstance(ref[0], Problem):
        items.append(Item(clause[first].start, problem=ref[0]))
        return False
    return ref[0]


def _whose_pet(ctx: Ctx, clause: list[Tok], first: int, kw: Kw, items: list[Item]) -> None:
    """The subject at ``first`` is a pet form or part that fits the sender and another
    player («Мурочка приглашает Остапа» from Мурка, with Мурзик in the game): when the move
    is one the sender's role makes and a player is named right after its word, the host
    cannot tell whose move it is, so a problem is added (asked) instead of the talk of
    another player it would be."""
    if action_for(kw.cls, ctx.sender, ctx.turn) is None or clause[kw.i].w not in lexicon().third:
        return
    words = clause_words(clause)
    end = next((n + 1 for n in range(kw.j, min(len(clause), kw.j + 4)) if clause[n].word and
                nick_at(ctx, clause, words, n) is not None), None)
    if end is None:
        return
    items.append(Item(clause[first].start, problem=problem(span(ctx.text, clause, first, end),
                                                           "unparsed", "whose_pet")))


@functools.lru_cache(maxsize=4096)
def _oblique_only(w: str, nick: str) -> bool:
    """True when the written subject word ``w`` (lower case) is a case form of a word of
    ``nick`` only in a case other than the nominative («лис» of «Лиса Алиса»: her «лиса» in
    the genitive plural): as the subject of a verb it cannot name that player. False for
    a word that is no inflection of his nick's words (a pet form, a translation)."""
    mine = {x for x in re.split(r"[\W\d_]+", nick.lower().replace("ё", "е")) if x}
    if w in mine:
        return False
    lemmas = [p for p in morph().parse(w) if p.normal_form.replace("ё", "е") in mine]
    return bool(lemmas) and not any("nomn" in p.tag for p in lemmas)


def _own_word_of_dead(ctx: Ctx, w: str, hit) -> bool:
    """True when the subject ``w`` (a nominative word of the sender's own nick: «Торпедо» from
    Вася_Торпедо) names, as a whole nick, only players who are dead: the living writer
    speaks of himself in the third person («Торпедо голосует за X»)."""
    if w not in [x for x in re.split(r"[\W\d_]+", ctx.sender.nick.lower().replace("ё", "е")) if x]:
        return False
    named = [n for n in (hit.candidates or (hit.nick,)) if n != ctx.sender.nick]
    players = ctx.state.players
    return bool(named) and all(n in players and not players[n].alive for n in named)


def _sender_named(ctx: Ctx, words: list[str], first: int, hit) -> bool:
    """True when the name ``hit`` at ``first`` fits two players, one of them the sender, and
    for the sender it is the nominative («Кира» from Кира beside Кир, whose genitive it is):
    as a subject it names the sender."""
    if hit.nick is not None or ctx.sender.nick not in hit.candidates or hit.length != 1 or \
            hit.kind != "exact":
        return False
    cases = name_index(ctx.nicks).single.get(words[first], {}).get(ctx.sender.nick)
    return bool(cases) and "nomn" in cases


def _own_role_word(sender: Actor, w: str, bid: bool = False) -> bool:
    """True when the role word ``w`` names the sender's own role («Доктор лечит X» from the
    doctor; «мирный» from the son or a plain civilian): a story told of that role is his
    move, a story of another role is talk about another player. ``bid``: «пусть» after the
    word; a clan member's «наш вор пусть обчистит X» is an order he may not give (read, and
    refused)."""
    role = role_words().get(w)
    if role is None or role == sender.role or (sender.mafia and role in CLAN_ROLES and bid):
        return True  # («наш воришка пусть обчистит X» from the guard: read, and refused)
    return role == "civilian" and sender.role == "son"


def _named_after(ctx: Ctx, clause: list[Tok], k: int) -> bool:
    """True when a nickname stands at token ``k`` or right after a preposition there («…
    грабит Шерлока», «… ворует у Совы»): the move has its target, an order's form."""
    words = clause_words(clause)
    idx = name_index(ctx.nicks)
    if k < len(clause) and words[k] in V.PREPOSITIONS:
        k += 1
    return k < len(clause) and clause[k].word and (
        idx.exact(words, k, None) is not None or idx.approximate(words[k]) is not None)


#: Object pronouns between a subject and its verb («Шерлок Холмс его спасает»).
_OBJECTS = frozenset({"его", "её", "ее", "их", "ему", "ей", "им", "меня", "нас", "тебя"})


def _named_subject(ctx: Ctx, clause: list[Tok], kw: Kw, lex) -> bool:
    """True when right before the third-person move word (past «пусть», «тоже», an object
    pronoun) stands a capitalised word inside the clause (not its first word) that is no role
    word, no clan noun and no form of the sender's nickname: somebody else, a player or a
    book's hero, makes that move («пусть Шерлок Холмс его спасает» from the hostess)."""
    if clause[kw.i].w not in lex.third:
        return False
    k = kw.i - 1
    while k >= 0:
        d = between_start(clause, k)
        if d is None and not (clause[k].w in V.SUBJECT_SKIP or clause[k].w in _OBJECTS or
                              clause[k].w in _HABIT or _adverb(clause[k].w)):
            break
        k = (k if d is None else d) - 1
    first = next((n for n, t in enumerate(clause) if t.word), len(clause))
    if k <= first or not clause[k].word or not clause[k].cap or not clause[k].w.isalpha():
        return False
    w = clause[k].w
    if w in role_words() or w in _CLAN_NOUNS or w in V.SENDER_WORDS:
        return False
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    for start in range(max(0, k - 2), k + 1):
        hit = nick_at(ctx, clause, words, start)
        if hit is not None and start + hit.length > k and ctx.sender.nick in (
                (hit.nick,) if hit.nick else hit.candidates):
            return False  # the sender himself («Сёма зовёт Пепла»)
    near = idx.approximate(w)
    return near is None or ctx.sender.nick not in ((near.nick,) if near.nick else near.candidates)


def untied_subject(ctx: Ctx, clause: list[Tok], kw: Kw, items: list[Item]) -> None:
    """A story whose third-person move word has for its subject a capitalised word that is
    no player, no role and no form of the sender's nick («Ночью Айболит лечит Буку» from the
    doctor): when the move is one the sender's role makes and a player is named after it,
    the host cannot tell whose move it is, so a problem is added to ``items`` (asked)
    instead of the talk it would be for another player's name."""
    lex = lexicon()
    if ctx.sender.role == "boss" or clause[kw.i].w not in lex.third:
        return
    k = kw.i - 1
    while k >= 0:
        d = between_start(clause, k, objects=False)
        if d is None and not (clause[k].w in V.SUBJECT_SKIP or clause[k].w in _HABIT or
                              _adverb(clause[k].w)):
            break
        k = (k if d is None else d) - 1
    if k < 1 or not clause[k].word or not clause[k].cap or not clause[k].w.isalpha() or \
            clause[k].w in role_words() or clause[k].w in _CLAN_NOUNS or \
            clause[k - 1].w in ("пусть", "пускай") or any(t.w in ("пусть", "пускай")
                                                         for t in clause[k:kw.i]):
        return
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    if any(idx.exact(words, n, None) is not None for n in range(max(0, k - 2), k + 1)) or \
            idx.approximate(words[k]) is not None or \
            idx.approximate(words[k], strict=True) is not None:
        return  # another player (or a near miss of one): talk about him
    if action_for(kw.cls, ctx.sender, ctx.turn) is None:
        return
    end = next((n + 1 for n in range(kw.j, min(len(clause), kw.j + 4)) if clause[n].word and
                idx.exact(words, n, None) is not None), None)
    if end is None:
        return
    items.append(Item(clause[k].start, problem=problem(span(ctx.text, clause, k, end),
                                                       "unparsed", "story_subject")))


#: Words that speak of the sender's move («ход как вчера», «делаю то же самое»).
_MY_MOVE = frozenset({"ход", "хода", "ходы", "ходом", "делаю", "сделаю", "повторяю"})


def of_another(clause: list[Tok], ctx: Ctx | None = None) -> bool:
    """«Михалыч умничает — ну, как обычно»: a clause whose verb is in the third person and
    that names no move of the sender tells about somebody else's manner, no move; so does
    one that opens with another player's nickname (not a boss's own clan member) or «он» /
    «она» and has a verb in the past («Гоги, как обычно, пошутил и ушёл»)."""
    if any(t.w in _MY_MOVE for t in clause):
        return False
    if any(t.word and third_person(t.w) for t in clause):
        return True
    first = next((n for n, t in enumerate(clause) if t.word), None)
    if ctx is None or first is None or not any(
            t.word and past_tense(t.w) for t in clause[first + 1:]):
        return False
    if clause[first].w in ("он", "она"):
        return True
    hit = nick_at(ctx, clause, clause_words(clause), first)
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick or \
            hit.nick not in ctx.state.players:
        return False
    mate = ctx.sender.clan is not None and ctx.state.players[hit.nick].clan == ctx.sender.clan
    return not (ctx.sender.role == "boss" and mate)


def own_subject(ctx: Ctx, clause: list[Tok], subj: tuple[int, int]) -> bool:
    """True when the one-word subject ``subj`` names the sender by his own role word
    («Доктор спешит к X — у неё жар» from the doctor) or his nick cut short («Пилюля …»):
    the story is his own move, the words after its target say why."""
    first, end = subj
    if end != first + 1 or not clause[first].word:
        return False
    w = clause[first].w
    if role_words().get(w) == ctx.sender.role:
        return True
    return clause[first].cap and (own_short_form(ctx.sender.nick, ctx.nicks, w) or
                                  own_nick_word(ctx.sender.nick, ctx.nicks, w))
