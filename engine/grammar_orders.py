"""Words around a boss's order for a clan member (issue 11, DECISIONS.md §4 Boss (c)).

The boss's duplicate move for a member is used only when that member sends none, so a
condition saying just that («если он сам не напишет», «если опять промолчит») restates the
rule: the order stands (:func:`silence_remark`). «Кот сам», «Щипач — сам разберётся» leave the
member to move himself: no order (:func:`on_his_own`). «Кот отдал ход мне: …» hands the
member's move to the boss (:func:`handed_over`). A clause of several orders and an order
passed on through the host are :mod:`engine.grammar_boss_orders`'s. Indices are token
positions in one clause.
"""

from __future__ import annotations

import functools

from . import grammar_vocab as V
from .grammar_tokens import Tok, skip_words, clause_words
from .lexicon import lexicon
from .words import is_known_word, morph, role_words, third_person

#: Words that open a condition.
_IF = frozenset({"если", "ежели", "коли"})

#: Lemmas of a member's sending nothing («не напишет», «промолчит», «проспит», «забудет»).
SILENCE = frozenset({"написать", "писать", "прислать", "присылать", "промолчать", "молчать",
                      "отмолчаться", "забыть", "проспать", "успеть", "ответить", "отписаться",
                      "объявиться", "появиться", "слать", "выслать", "отправить", "прислать",
                      # «Хидан — если спишь, граблю за тебя X»: asleep, he sends nothing
                      "спать", "уснуть", "заснуть", "дрыхнуть", "отсутствовать", "пропасть"})

#: Marks that close a remark or open the move after it.
_MARKS = frozenset({",", ":", "—", "→", ")", "-"})


@functools.lru_cache(maxsize=4096)
def lemma(w: str) -> str:
    """The likeliest dictionary form of ``w`` ('' for a word pymorphy3 does not know)."""
    return morph().parse(w)[0].normal_form if is_known_word(w) else ""


@functools.lru_cache(maxsize=4096)
def silent_to_you(w: str) -> bool:
    """True for a verb of writing, sending or keeping silent in the second person singular
    («успеешь», «напишешь», «промолчишь»): said to the player addressed."""
    if not w.endswith(("ешь", "ишь", "ёшь")) or not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    return p.normal_form in SILENCE and p.tag.person == "2per"


def silence_remark(clause: list[Tok], k: int, names=None, lead: bool = False) -> int | None:
    """A condition that the member sends no move of his own, starting at token ``k`` (after
    «,», «:», «—», «а», «ну», «на случай»): «если он сам не напишет,», «если опять
    промолчит:», «если Лис не пришлёт свой ход —». It ends at the first «,», «:», «—» or «)»
    and holds a verb of writing, sending or keeping silent. ``names(k)`` gives the tokens a
    nickname takes at ``k`` (0 for none): a nickname in the remark makes it a condition on
    somebody else («если Зоя не напишет»), except, with ``lead``, the one right after «если»
    (the member himself, checked by the caller). Returns the index after the closing mark;
    None when there is no such remark."""
    n = _if_at(clause, k)
    if n is None:
        return None
    silent = False
    m, end = n + 1, min(len(clause), n + 12)
    while m < end:
        t = clause[m]
        if t.w == "(" and silent:
            # «если мелкий опять не пришлёт ход (он же вечно в школе до ночи), …»: an aside in
            # brackets after the condition is no part of it
            close = next((c for c in range(m + 1, min(len(clause), m + 20))
                          if clause[c].w in ("(", ")")), None)
            if close is None or clause[close].w != ")":
                return None
            m, end = close + 1, min(len(clause), close + 3)
            continue
        if not t.word:
            if t.w in _MARKS:
                return m + 1 if silent else None
            m += 1
            continue
        size = names(m) if names is not None else 0
        if size and not (lead and m == n + 1):
            return None
        if size:
            m += size
            continue
        if lemma(t.w) in SILENCE:
            silent = True
        m += 1
    return None


def silence_header(clause: list[Tok], names=None) -> int | None:
    """«На случай, если наши младшие коллеги проспят (…): Лис …», «Если ребята не напишут —
    …»: a boss's clause opening with a condition that his members send nothing, naming
    nobody (``names(k)``: the tokens a nickname takes at ``k``; none looked for without it),
    closed by «:», «—» or «,»;
    words in brackets are skipped. Returns the index after the closing mark, None when the
    clause opens otherwise (a condition naming one member is :func:`silence_remark`)."""
    n = _if_at(clause, 0)
    if n is None or clause[0].w not in _IF_OPENERS:
        return None
    silent, depth = False, 0
    for m in range(n + 1, min(len(clause), n + 40)):
        t = clause[m]
        if t.w in ("(", ")"):
            depth += 1 if t.w == "(" else -1
        elif depth > 0:
            continue
        elif not t.word:
            if t.w in (":", "—", ","):
                return m + 1 if silent else None
        elif names is not None and names(m):
            return None
        elif lemma(t.w) in SILENCE:
            silent = True
    return None


def remark_start(clause: list[Tok], lo: int, hi: int, names=None) -> int:
    """The index of the «,», «—» or «(» in ``clause[lo:hi]`` that opens a remark that the
    member sends nothing («Страж пусть меня охраняет, если сам забудет»): the order's
    targets end there. ``hi`` when there is none."""
    for k in range(lo, hi):
        if clause[k].w in (",", "—", "(") and k + 1 < hi and \
                clause[k + 1].w in _IF_OPENERS and \
                silence_remark(clause[:hi] + [_END], k + 1, names) is not None:
            return k
    return hi


_END = Tok(",", ",", 0, 0, False)  # closes a remark that runs to the end of the clause


#: Lemmas of a member's writing his move himself («если сам напишешь», «если пришлёт»).
_WRITES = frozenset({"написать", "писать", "прислать", "присылать", "отправить", "слать",
                     "выслать", "ответить", "отписаться"})


#: Lemmas of a member's forgetting or keeping silent.
_FORGETS = frozenset({"забыть", "забывать", "проспать", "промолчать", "молчать",
                      "отмолчаться", "пропасть"})


def _if_at(clause: list[Tok], k: int) -> int | None:
    """The index of «если» opening a remark from token ``k`` (after marks and «а», «ну»…),
    or None when the remark opens otherwise. The remark may stand in brackets: «Лена (если
    сама не успеет) — крадёт у X»."""
    n = k
    while n < len(clause) and (clause[n].w in _MARKS or clause[n].w in _REMARK_OPENERS or
                               clause[n].w == "("):
        n += 1
    return n if n < len(clause) and clause[n].w in _IF else None


def writes_himself(clause: list[Tok], k: int) -> bool:
    """True when a remark from token ``k`` (after a member's name) is a condition that he
    DOES write his own move: «Лис, если сам напишешь — пиши кражу у X» tells him what to
    write, it gives no order (his own letter decides; DECISIONS.md §4 Boss (c))."""
    n = _if_at(clause, k)
    if n is None:
        return False
    writes = False
    for t in clause[n + 1:n + 8]:
        if not t.word:
            break
        base = lemma(t.w)
        if t.w in ("не", "ни") or base in _FORGETS:
            return False  # «если не напишет», «если забудет ответить»: for his silence
        writes = writes or base in _WRITES
    return writes


#: Words before «если» in a remark («а если», «ну если», «на (всякий) случай, если»).
_REMARK_OPENERS = frozenset({"а", "ну", "и", "на", "случай", "всякий", "в"})
_IF_OPENERS = _IF | _REMARK_OPENERS


#: Words after «сам» that keep the member's own move («сам напишет», «сам разберётся»).
_OWN_WORDS = frozenset({"ты", "он", "она", "сам", "сама", "сами", "пусть", "пускай", "пишет",
                        "напишет", "пиши", "напиши", "пишешь", "напишешь", "решает", "решит",
                        "решай", "реши", "решишь", "разберется", "разберешься", "разбирается",
                        "справится", "справишься", "выберет", "выбирает", "выбирай", "ходит",
                        "походит", "сходит", "ходи", "сегодня", "тоже", "как", "обычно",
                        "пришлет", "присылает", "шлет", "пошлет", "отпишется", "в", "курсе",
                        "знает", "так", "что", "уж"})


def on_his_own(clause: list[Tok], k: int) -> int | None:
    """The words from token ``k`` (after a member's name) up to «,», «;» or the end say only
    that he moves himself: «(—) сам», «, ты сам», «пишет сам», «— сам разберётся». Returns
    the index after that part (``len(clause)`` at the end), None when it is no such part. A
    target after «сам» («сам на себе», «сам себя», «сам у Зои») is an order, not this."""
    words = []
    n = k
    while n < len(clause) and clause[n].w not in (",", ";", "."):
        if clause[n].word:
            words.append(clause[n].w)
        n += 1
    if words in (["как", "обычно"], ["как", "всегда"]) and n == len(clause):
        return n  # «Бегемот — как обычно»: nothing new for him
    if not words or not ({"сам", "сама", "сами"} & set(words)):
        return None
    if any(w in V.SELF_WORDS - {"сам", "сама"} or w in ("себе", "мне", "меня")
           for w in words):
        return None
    if not all(w in _OWN_WORDS or w in V.FILLERS for w in words):
        return None
    return min(n + 1, len(clause))


def writes_it_himself(clause: list[Tok], k: int) -> bool:
    """True when a member's move read up to token ``k`` is followed by a remark that he
    sends it himself («Лиса охраняет Мотю — сама напишет», «…, она сама пришлёт»): the boss
    tells of the member's own move, he gives no order (DECISIONS.md §4 Boss (c))."""
    while k < len(clause) and clause[k].w in ("—", "-", ",", "("):
        k += 1
    own = on_his_own(clause, k) if k < len(clause) else None
    return own is not None and any(clause[n].w in _WRITE_FORMS for n in range(k, own))


#: The verbs of sending one's own letter in such a remark.
_WRITE_FORMS = frozenset({"напишет", "пишет", "пришлет", "присылает", "шлет", "пошлет",
                          "отпишется", "сходит", "походит", "ходит"})


def name_sizes(idx, clause: list[Tok]):
    """``names(k)``: the tokens a nickname of ``idx`` written at ``k`` takes (0 when none)."""
    words = clause_words(clause)

    def names(k: int) -> int:
        hit = idx.exact(words, k, None)
        return hit.length if hit is not None else 0
    return names


#: «отдал ход мне», «оставил ход на меня»: the member's move handed to the boss.
_HANDED = frozenset({"отдал", "отдала", "передал", "передала", "оставил", "оставила",
                     "доверил", "доверила", "скинул", "скинула"})


def handed_over(clause: list[Tok], k: int) -> int | None:
    """«Кот отдал ход мне: обносит Ромашку», «Бастион оставил ход на меня — значит, стоит на
    Чинге», «Кефир сегодня на моё усмотрение: охраняет меня», «Кефир — на моё усмотрение:
    пусть охраняет меня», «Кот написал, что ход на моё усмотрение — пусть обнесёт X»: from
    token ``k`` (after the member's name) a verb of handing over, «ход», «мне» or «на меня»
    (or «на моё усмотрение», also after a dash or as the member's word reported, «написал,
    что …»), then «:», «—» or «,»; returns the index of the move after that mark (and a
    «значит», «так что», «тогда», «пусть», and the member's «он» / «она» before his verb), None
    otherwise."""
    words = []
    n = k
    if n + 1 < len(clause) and clause[n].w in ("—", "-") and clause[n + 1].w == "на":
        n += 1  # «Кефир — на моё усмотрение: …»
    if n + 2 < len(clause) and clause[n].w in _SAID and clause[n + 1].w == "," and \
            clause[n + 2].w == "что":
        n += 3  # «Кот написал, что ход на моё усмотрение — …»: his word, reported
    while n < len(clause) and clause[n].word and len(words) < 6:
        words.append(clause[n].w)
        n += 1
    mine = bool(words) and "усмотрение" in words and not ({"мое", "моё"}.isdisjoint(words)) \
        and set(words) <= V.AT_MY_WILL | _MOVE_NOUN  # «Кефир сегодня на моё усмотрение: …»
    # «Клюшку беру на себя: чистит Марину»: the boss takes the member's move on himself
    mine = mine or (bool(words) and _TAKE_ON.issubset(set(words) | {"беру"}) and
                    not _TAKE_VERBS.isdisjoint(words) and set(words) <= _TAKE_WORDS)
    if not mine and (not words or words[0] not in _HANDED or
                     not ({"ход", "ходы"} & set(words)) or not ({"мне", "меня"} & set(words))):
        return None
    if n >= len(clause) or clause[n].w not in (":", "—", ",", "→", "-"):
        return None
    n += 1
    while n < len(clause) and (clause[n].w in ("значит", "так", "что", "поэтому", "итак",
                                               "тогда") or
                               clause[n].w in (",", "—", ":") or
                               clause[n].w == "пусть" and mine):
        n += 1
    if n + 1 < len(clause) and clause[n].w in _HE_SHE and clause[n + 1].word:
        n += 1  # «Ямщик оставил ход мне — тогда он грабит X»: the member himself, as a pronoun
    return n if n < len(clause) else None


#: The subject pronoun of the member after his move is handed over (:func:`handed_over`).
_HE_SHE = frozenset({"он", "она"})


#: «беру на себя», «возьму на себя» after a member's name: the boss makes his move
#: (:func:`handed_over`); the words that may stand among them («сегодня», «ход его»).
_TAKE_ON = frozenset({"беру", "на", "себя"})
_TAKE_VERBS = frozenset({"беру", "возьму", "берем", "берём"})
_TAKE_WORDS = _TAKE_ON | _TAKE_VERBS | frozenset({"ход", "его", "её", "ее", "сегодня", "ночью",
                                                  "я", "тоже", "опять", "снова"})
#: Verbs of the member's word reported by the boss («Кот написал, что ход на моё усмотрение»).
_SAID = frozenset({"написал", "написала", "пишет", "сказал", "сказала", "говорит",
                   "сообщил", "сообщила", "передал", "передала"})
#: «ход» before «на моё усмотрение» («Кот написал, что ход на моё усмотрение»).
_MOVE_NOUN = frozenset({"ход", "его", "её", "ее"})


#: Verbs of standing by that a boss writes between his guard's name and the preposition of
#: his move («Бастион стоит на мне», «Витязь стоит у Щипача», «стоишь сам на себе»).
POSTURE = frozenset({"стоит", "стоишь", "стоять", "стой", "постоит", "постой", "постоять",
                     "дежурит", "дежуришь", "дежурь", "подежурит", "сидит", "сидишь", "сиди",
                     "посидит"})


#: The prepositions of a member's own move in an order without a verb («Старик у Ромашки»,
#: «Лис к Сове», «Страж при мне»).
#: «за тобой», «на тебе», «тебе», «твой/твоя (цель)»: the boss hands the member he addresses
#: his target («Лис, за тобой Сова», «Страж, на тебе Зоя», «Лис, твоя цель — Сова»).
_YOURS = frozenset({"твой", "твоя", "твое", "твои"})
_YOURS_NOUNS = frozenset({"цель", "клиент", "клиентка", "объект", "сегодня", "ночью",
                          "сегодняшняя", "сегодняшний"})


def assignment(clause: list[Tok], k: int, names) -> int | None:
    """After a member's name (ending at token ``k``): «, за тобой X», «— на тебе X», «, тебе
    X», «, твоя цель — X». Returns the index of the nickname X (``names(k)`` the tokens a
    nickname takes at ``k``, 0 for none), None when the words are no such assignment."""
    n = k
    while n < len(clause) and clause[n].w in (",", "—", ":", "-"):
        n += 1
    if n >= len(clause) or n == k:
        return None
    w = clause[n].w
    nxt = clause[n + 1].w if n + 1 < len(clause) else ""
    if (w, nxt) in (("за", "тобой"), ("на", "тебе")):
        n += 2
    elif w == "тебе":
        n += 1
    elif w in _YOURS:
        n += 1
        while n < len(clause) and clause[n].w in _YOURS_NOUNS:
            n += 1
    else:
        return None
    while n < len(clause) and (clause[n].w in (":", "—", "-") or clause[n].w in
                               ("сегодня", "ночью", "будет")):
        n += 1
    if n < len(clause) and clause[n].word and (names(n) or clause[n].cap):
        return n  # (a capitalised word that is no nickname is asked about by the caller)
    return None


#: «за тебя», «за неё»: the boss moving for the member he names («Лис, за тебя ворую у X»).
_FOR_YOU = frozenset({"тебя", "вас", "него", "нее", "неё"})

#: Words of the boss's writing before «за него» («я пишу за него: …», «пишу за неё —»).
_I_WRITE = frozenset({"я", "пишу", "напишу", "отпишу", "отписываю", "хожу", "это"})

#: The member as the subject pronoun of his move after «за него:» («за него: он грабит X»).
_HE = frozenset({"он", "она"})


def for_you(clause: list[Tok], k: int, cls: str | None) -> int:
    """After a member's name or a remark on him (token ``k``): «, за тебя», «— за неё» and a
    word of his role's move (``cls``) — «Лис, за тебя ворую у Совы» is the boss's order for
    him; the index of the move word. The boss may say that he writes it («я пишу за него:»),
    a «:» or «—» may follow the pronoun and «он»/«она» may stand before the move word
    («Если Лис сам не пришлёт — за него: грабит Сову», «…, я пишу за него: он грабит у Зои»).
    ``k`` when the words are no such part («Лис, за тебя голосую» votes)."""
    n = k
    while n < len(clause) and clause[n].w in _MARKS:
        n += 1
    m = n
    while m < n + 2 and m < len(clause) and clause[m].w in _I_WRITE:
        m += 1  # «я пишу за него»
    if m > n and not (m < len(clause) and clause[m].w == "за"):
        m = n
    n = m
    if cls is None or n + 2 >= len(clause) or clause[n].w != "за" or \
            clause[n + 1].w not in _FOR_YOU:
        return k
    m = n + 2
    while m < len(clause) and clause[m].w in (":", "—", "-"):
        m += 1
    if m > n + 2 and m < len(clause) and clause[m].w in _HE:
        m += 1  # «за него: он грабит у X»
    if m >= len(clause) or lexicon().words.get(clause[m].w) != cls:
        return k
    return m


#: What opens today's order after a remark on yesterday («Лис вчера был у Совы, сегодня
#: пусть идёт к Зое»).
_TODAY = frozenset({"сегодня", "теперь", "нынче", "а"})
#: Words before «вместо Y —» in a stand-in remark («X теперь у нас заместо Y — …»).
_STAND_IN_LEAD = (_TODAY - {"а"}) | {"у", "нас"}


def past_remark(clause: list[Tok], k: int) -> int:
    """After a member's name (ending at token ``k``): «вчера …,» (a remark on his last move)
    followed by «сегодня», «а сегодня», «теперь»: the index of that word, where today's
    order starts; ``k`` when there is no such remark."""
    if k >= len(clause) or clause[k].w != "вчера":
        return k
    for n in range(k + 1, min(len(clause) - 1, k + 10)):
        if clause[n].w in (",", "—", ";") and clause[n + 1].w in _TODAY:
            return n + 2 if clause[n + 1].w == "а" else n + 1  # «…, а сегодня …»
        if clause[n].w in (",", "—", ";") and n + 3 < len(clause) and \
                (clause[n + 1].w, clause[n + 2].w) in _SO and clause[n + 3].w in _TODAY:
            return n + 3  # «…, так что сегодня пусть идёт к X»
    return k


#: «так что», «а значит» between a member's last move and today's order.
_SO = frozenset({("так", "что"), ("а", "значит"), ("и", "поэтому"), ("а", "потому")})


#: The words telling a member his new role before it («, ты теперь у нас вор —»).
_NEW_ROLE = frozenset({",", "ты", "теперь", "сегодня", "у", "нас", "же"})


def stand_in_remark(clause: list[Tok], k: int, names) -> int:
    """After a member's name (ending at token ``k``): «теперь вместо Кота —», «теперь за
    Щуку:», «теперь у нас заместо Кота —» — the actor who took a dead member's role (DECISIONS.md §4 Actor); the index after
    the dash or colon, where his order starts; ``k`` when there is no such remark. ``names(k)``
    gives the tokens a nickname takes at ``k``; a capitalised word or a role word also names
    the member replaced («вместо вора»). Also his new role told him: «Анечка, ты теперь у нас
    воришка — обнеси X» (the index after the dash)."""
    n = skip_words(clause, k, _NEW_ROLE)
    if {"ты", "теперь"} & {t.w for t in clause[k:n]} and n + 1 < len(clause) and \
            clause[n].w in role_words() and clause[n + 1].w in ("—", ":", "-"):
        return n + 2
    n = skip_words(clause, k, _STAND_IN_LEAD)
    if n >= len(clause) or clause[n].w not in ("вместо", "заместо", "за") or n + 2 >= len(clause):
        return k
    size = names(n + 1) or (1 if clause[n + 1].cap or clause[n + 1].w in role_words() else 0)
    m = n + 1 + size
    if not size or m >= len(clause) or clause[m].w not in ("—", ":", "-"):
        return k
    return m + 1


#: Words of a remark that a member now holds a role («, ты теперь у нас воришка —»).
_NEW_ROLE_WORDS = frozenset({",", "ты", "теперь", "отныне", "сегодня", "у", "нас", "же",
                             "наш", "наша", "новый", "новая"})


def new_role_remark(clause: list[Tok], k: int) -> int:
    """After a member's name (ending at token ``k``): «, ты теперь у нас воришка —»,
    «теперь вор:», «, ты теперь за вора:», «, ты теперь наш карманник —» — the boss telling the actor the role he took (DECISIONS.md §4 Actor); the
    index after the dash, colon or comma, where his order starts; ``k`` when there is no
    such remark."""
    n = skip_words(clause, k, _NEW_ROLE_WORDS | {"за"})
    role = role_words().get(clause[n].w) if n < len(clause) else None
    if n == k or n + 1 >= len(clause) or clause[n + 1].w not in ("—", ":", "-", ","):
        return k
    said = {t.w for t in clause[k:n]}
    if role is None and "ты" in said and said & {"теперь", "отныне"} and \
            clause[n].word and clause[n].w not in lexicon().words and \
            clause[n + 1].w in ("—", ":"):
        return n + 2  # «, ты теперь наш карманник —»: his new role in a word of the boss's
    if role in (None, "boss"):
        return k
    return n + 2


def named_back(clause: list[Tok], k: int) -> int:
    """``k``, or the index after «он»/«она» at ``k`` when a verb in the third person follows:
    the member of a boss's order named back («За Тётю Валю: она охраняет меня»)."""
    n = k
    while n < len(clause) and clause[n].w in (":", "—", ",", "-"):
        n += 1
    if n + 1 < len(clause) and clause[n].w in ("он", "она") and clause[n + 1].word and \
            third_person(clause[n + 1].w):
        return n + 1
    return k
