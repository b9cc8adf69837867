"""A heading that stands for a move word (issue 3, issue 11): «Врач — Бука» from the doctor,
«Клан: Бука» or «Жертва от клана: Бука» from a clan member, «Ярость: Барон и Лось» on a
two-vote day, «Моя цель на эту ночь: Бука» / «My target tonight: Бука» from a player with
one night move.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_rules import Actor
from .grammar_tokens import Tok
from .words import role_words
from .grammar_keywords import Kw


#: The keyword class of each role's own night move (the heading «Врач — X» from the doctor).
ROLE_CLASS = {"detective": V.CHECK, "doctor": V.HEAL, "hostess": V.INVITE,
                 "psycho": V.INVITE, "fan": V.SEARCH, "thug": V.BEAT, "witness": V.WATCH,
                 "maniac": V.MANIAC, "thief": V.ROB, "guard": V.GUARD,
                 "swindler": V.SWINDLE}


#: Headings of the clan's kill from a clan member («Клан: X», «Жертва — X»; the boss's list
#: in slang: «убой: X», «Кровь №2 — Y» on the full moon), before a colon or a dash only.
CLAN_HEADERS = frozenset({"клан", "мафия", "мафы", "жертва", "кровь", "убой", "мокруха"})


#: Words that may open a clause before a two-vote day's ordinal heading («А другой — X»,
#: «Тогда первый — X, второй — Y», «Итак, первый — X»).
_ORDINAL_LEADS = frozenset({"а", "и", "тогда", "итак", "значит"})

#: Verbs by which a two-vote day's ordinal says where that vote goes («Первый остаётся за X»).
_VOTE_GOES = frozenset({"остается", "остаётся", "идет", "идёт", "уходит", "отдаю", "отдан",
                        "отдам", "ставлю", "за",
                        # «Первый в X, второй в Y», «первый на X»: where the vote goes
                        "в", "во", "на"})


def header_keyword(clause: list[Tok], start: int, actor: Actor) -> list[Kw]:
    """«Врач — Бука» from the doctor, «Клан: Бука» from a clan member: a header word naming
    the sender's own role (or his clan) followed by a colon or a dash stands for the verb."""
    if start + 1 >= len(clause) or not clause[start].word:
        return []
    if clause[start].w in _ORDINAL_LEADS:
        lead = start + 1 + (clause[start + 1].w == ",")  # («Итак, первый — X»)
        if lead < len(clause) and clause[lead].w in V.VOTE_ORDINALS:
            start = lead  # «…, уж больно он командует. А другой — Кармен»; «Тогда первый — X»
        if start + 1 >= len(clause):
            return []  # («а второе» ending the clause)
    w = clause[start].w
    if actor.mafia and (end := from_clan(clause, start)) is not None:
        return [Kw(V.KILL, start, end)]  # «От клана сегодня — X», «А от фирмы по-прежнему X»
    if w in ("в", "за") and clause[start + 1].w == "клан" and actor.mafia:
        w = "клан"  # «В клан — Сова», «За клан — Сова»: a member's word for the clan's kill
    if w in CLAN_HEADERS and actor.mafia:  # «Жертва от клана: X», «Клан на эту ночь — X»
        k = start + 1 + (clause[start].w in ("в", "за"))
        while k < len(clause) and clause[k].word and clause[k].w in _HEADING_WORDS:
            k += 1
        k = _aside_end(clause, k)  # «Клан (полнолуние, двое): X и Y»
        if k < len(clause) and clause[k].w in (":", "—", "→"):
            return [Kw(V.KILL, start, k)]
    if w == "этой" and clause[start + 1].w in BOSS_HEADERS and actor.role == "boss" and \
            start + 2 < len(clause) and clause[start + 2].w in (":", "—", "→"):
        return [Kw(V.KILL, start, start + 2)]  # «Этой ночью — Филин», as «Ночью — Филин»
    if w in V.VOTE_ORDINALS and clause[start + 1].w in _VOTE_GOES:
        return [Kw(V.VOTE, start, start + 1)]  # «Первый остаётся за Бароном» (a two-vote day)
    if actor.role in ("hostess", "psycho") and (host := _host_heading(clause, start)):
        return host  # «последний ужин — Кузя», «в подвал сегодня — X»
    if clause[start + 1].w not in (":", "—", "→"):
        if actor.role == "boss" and w in BOSS_HEADERS and _bare_name(clause, start + 1):
            return [Kw(V.KILL, start, start + 1, weak=True)]  # «Ночью Филин.» from the boss
        if w == "клан" and actor.mafia and _bare_name(clause, start + 1):
            return [Kw(V.KILL, start, start + 1, weak=True)]  # «клан Вершинка» in a short SMS
        if w in NIGHT_HEADS and actor.role in ROLE_CLASS and \
                (k := _past_hedge(clause, start + 1)) > start + 1 and _bare_name(clause, k):
            # «Ночью, наверное, Петю.» from the maniac: his one night move, as «Ночью — Петю»
            # («наверное» as in «Убиваю, наверное, Петю»; «… Или Tensor'а» after it is asked)
            return [Kw(ROLE_CLASS[actor.role], start, start + 1)]
        return _night_target(clause, start, actor)
    if w in TODAY_HEADS and actor.role == "swindler":
        return [Kw(V.SWINDLE, start, start + 1, today=True)]  # «Сегодня — Тихоня.⏎Если …»
    if w == "жертва" and actor.role == "swindler":
        return [Kw(V.SWINDLE, start, start + 1)]  # «Моя жертва — X»
    if w in BOSS_HEADERS and actor.role == "boss":
        return [Kw(V.KILL, start, start + 1)]  # «Ночью — Филин»: the boss's night is the kill
    if w in ("жертва", "цель") and actor.role in ("maniac", "psycho"):
        return [Kw(V.MANIAC, start, start + 1)]
    if w == "цель" and actor.role == "swindler":
        return [Kw(V.SWINDLE, start, start + 1)]
    if (w in NIGHT_HEADS or w in TODAY_HEADS) and actor.role in ROLE_CLASS:
        # the maniac's «Ночь: X», «Сегодня — X»: the move of a role with one night move
        return [Kw(ROLE_CLASS[actor.role], start, start + 1)]
    if w in DAY_HEADS:
        return [Kw(V.VOTE, start, start + 1, weak=True)]  # «День: X» (weak: «День: тяжёлый»)
    if w in ("апелевка", "апелляция") and _those_who(clause, start + 1):
        return []  # «Апелёвка: можно только тех, кто вчера голосовал за X»: the day's rule
        # told, whose name is yesterday's lynched, no vote (a move word after it reads its own)
    if w in ("ярость", "голоса", "апелевка", "апелляция") or w in V.VOTE_ORDINALS:
        # «Ярость: Барон и Лось» on a rage day; «Апелёвка — Лось»: the day's vote by its event
        return [Kw(V.VOTE, start, start + 1)]
    if w in CLAN_HEADERS and actor.mafia:
        return [Kw(V.KILL, start, start + 1)]
    if role_words().get(w) == actor.role and actor.role in ROLE_CLASS:
        return [Kw(ROLE_CLASS[actor.role], start, start + 1)]
    return _night_target(clause, start, actor)


def _those_who(clause: list[Tok], k: int) -> bool:
    """True when «тех, кто» / «те, кто» / «из тех кто» stands in ``clause[k:]`` (the comma
    may be left out): the set of players the appeal day allows, described."""
    words = [t.w for t in clause[k:] if t.w != ","]
    return any(a in ("тех", "те", "тем") and b == "кто" for a, b in zip(words, words[1:]))


#: The host's place or treat as the heading of her guest («последний ужин — Кузя», «в подвал
#: сегодня — X», «в будуар: X»): the hostess's and the psycho's trigger words too.
HOST_HEADS = frozenset({"ужин", "ужинчик", "подвал", "подвальчик", "будуар", "спальню",
                        "гостиную", "каморку", "логово", "берлогу",
                        # the host's bath-house, the psycho's ward: «Сегодня в парилку — X»,
                        # «в палату — X»
                        "парилку", "парилочку", "палату"})
_HOST_FILLERS = frozenset({"сегодня", "сегодняшний", "этой", "ночью", "нынче", "на", "в", "ко",
                           "мне", "мой", "мою", "мое", "моё", "моя", "наш", "последний",
                           "прощальный", "ночной", "поздний"})


def _host_heading(clause: list[Tok], start: int) -> list[Kw]:
    """«Последний ужин — Кузя», «в подвал сегодня — мистер смит»: a heading of the host's
    place or treat (:data:`HOST_HEADS`, with time and possessive words around it) before a
    colon or a dash stands for her invitation, weak (a name must follow)."""
    head = False
    for k in range(start, min(len(clause), start + 5)):
        t = clause[k]
        if t.word and t.w in HOST_HEADS:
            head = True
        elif head and t.w in (":", "—", "-"):  # (a spaced hyphen as the dash)
            return [Kw(V.INVITE, start, k + 1, weak=True)]
        elif not t.word or t.w not in _HOST_FILLERS:
            return []
    return []


#: The clan as the giver of the night's kill: «от клана», «от (нашей) фирмы», «от семейства»
#: (a clan member's trigger words, engine.grammar_windows).
CLAN_GIVERS = frozenset({"клана", "фирмы", "семьи", "семейства", "мафии", "банды", "бригады"})

#: Words between «от клана» and the victim: when, «по-прежнему», «уходит» («От семейства
#: этой ночью уходит X»), «двое».
_FROM_CLAN_WORDS = frozenset({"сегодня", "этой", "эту", "ночью", "ночь", "на", "по-прежнему",
                              "опять", "снова", "уходит", "уходят", "уйдет", "уйдут", "двое",
                              "жертва", "будет", "же"})

_LEAVES = frozenset({"уходит", "уходят", "уйдет", "уйдут"})


def from_clan(clause: list[Tok], start: int) -> int | None:
    """«От клана сегодня — X», «А от фирмы по-прежнему X», «От семейства этой ночью уходит
    X», «Этой ночью от нас уходят двое: X и Y»: a clause opening with the clan as the giver
    (time words, «а», «и ещё» aside) names the clan kill. Returns the index where the names
    start; None when the clause is no such heading."""
    k = _topic_label(clause, start)  # «По делу: ночью от нас — X», «Теперь по клану: …»
    while k < len(clause) and (not clause[k].word and clause[k].w == "," or
                               clause[k].w in _FROM_CLAN_OPENERS):
        k += 1
    if k + 1 >= len(clause) or clause[k].w not in ("от", "для"):
        return None
    k += 1
    if k < len(clause) and clause[k].w in ("нашей", "нашего"):
        k += 1
    if k >= len(clause):
        return None
    ours = clause[k].w == "нас"  # «от нас» only with «уходит» or a dash (below)
    if clause[k].w not in CLAN_GIVERS and not ours:
        return None
    k += 1
    noun_end = k
    left = False
    while k < len(clause) and clause[k].word and clause[k].w in _FROM_CLAN_WORDS:
        left = left or clause[k].w in _LEAVES
        k += 1
    dash = k
    while k < len(clause) and clause[k].w in (":", "—", "→", "-"):
        k += 1
    if ours and not left and k == dash:
        return None  # «от нас» names the kill with «уходит» or before a dash («от нас — X»)
    if k == noun_end:
        return None  # «от клана Бархата ничего не слышно»: the clan of a player
    if k >= len(clause) or not clause[k].word or not (clause[k].cap or clause[k].quoted):
        return None  # «Для клана: предлагаю взять X»: a name must follow the heading
    return k


#: Words that may open a topic label before its «по»/«про» («Теперь по клану:», «А по делу:»).
_LABEL_OPENERS = frozenset({"теперь", "а", "ну", "итак", "так", "и", "дальше", "далее"})


def _topic_label(clause: list[Tok], start: int) -> int:
    """The index after a topic label opening the clause at ``start``: «по» or «про» and one
    word, then «:» or «—» («По делу: …», «Теперь по клану: …», «Про ночь: …»), after at most
    one word of :data:`_LABEL_OPENERS`; ``start`` itself when there is none. The label only
    says what part of the letter follows."""
    k = start + (start < len(clause) and clause[start].w in _LABEL_OPENERS)
    if k + 2 < len(clause) and clause[k].w in ("по", "про") and clause[k + 1].word and \
            clause[k + 2].w in (":", "—"):
        return k + 3
    return start


#: Words before «от клана» in its heading («А от клана …», «И ещё, от фирмы: …»).
_FROM_CLAN_OPENERS = frozenset({"а", "и", "еще", "ещё", "этой", "ночью", "сегодня", "ну"})

#: The words such a heading may open with (a cheap test before :func:`from_clan`).
CLAN_OPENERS = _FROM_CLAN_OPENERS | _LABEL_OPENERS | {"от", "для", "по", "про"}


#: «Сегодня — X» from a swindler whose letter has branches: his swindle's target; from
#: another role with one night move (:data:`ROLE_CLASS`), that move, as «Ночь: X».
TODAY_HEADS = frozenset({"сегодня"})


#: «Ночь: X» from a player with one night move (:data:`ROLE_CLASS`): that move.
NIGHT_HEADS = frozenset({"ночь", "ночью"})


#: «День: X»: the day's move is the vote.
DAY_HEADS = frozenset({"день", "днем"})


#: «Ночью — X» from a boss: his clan's night move is the kill (his check has its own word).
BOSS_HEADERS = frozenset({"ночью"})


#: Hedge words set off by commas after «Ночью» («Ночью, наверное, Петю.»).
NIGHT_HEDGES = frozenset({"наверное", "наверно", "видимо", "пожалуй", "может", "возможно",
                           "скорее", "вероятно", "думаю", "кажется"})


def _past_hedge(clause: list[Tok], k: int) -> int:
    """The index after commas and at least one hedge word of :data:`NIGHT_HEDGES` from
    ``k`` («, наверное,»); ``k`` when there is no hedge word there."""
    n, hedged = k, False
    while n < len(clause) and (clause[n].w == "," or clause[n].w in NIGHT_HEDGES):
        hedged = hedged or clause[n].w in NIGHT_HEDGES
        n += 1
    return n if hedged else k


def _bare_name(clause: list[Tok], k: int) -> bool:
    """Whether the clause from ``k`` to its end is a bare nickname only: one to three
    capitalised (or quoted) words and nothing else («Ночью Филин.», but not «Ночью Филин
    храпел»: a verb makes it a story)."""
    rest = [t for t in clause[k:] if t.word or t.w not in (".", "!")]
    return 0 < len(rest) <= 3 and all(t.word and (t.cap or t.quoted) for t in rest)


#: Words a clan heading may hold before its colon («Жертва от клана на эту ночь: X»).
_HEADING_WORDS = frozenset({"от", "клана", "нашего", "на", "эту", "ночь", "сегодня", "этой",
                            "ночи", "ночью", "1", "2", "№1", "№2"})  # «Жертва 2: X» on the full moon


#: The words a clan heading's aside in brackets may hold («Клан (полнолуние, двое): X»).
_ASIDE_WORDS = frozenset({"полнолуние", "луна", "полная", "двое", "двоих", "два", "две", ",",
                          "сегодня", "ночью", "на", "эту", "ночь", "этой", "убийства",
                          "убийство", "жертвы"})


def _aside_end(clause: list[Tok], k: int) -> int:
    """The index after an aside in brackets at ``k`` that holds :data:`_ASIDE_WORDS` only;
    ``k`` itself when there is none."""
    if k >= len(clause) or clause[k].w != "(":
        return k
    n = k + 1
    while n < len(clause) and clause[n].w in _ASIDE_WORDS:
        n += 1
    return n + 1 if n < len(clause) and clause[n].w == ")" and n > k + 1 else k


#: «Моё решение на эту ночь: X», «My target tonight: X», «Tonight: X»: a heading that names
#: the sender's night target; the words it may hold before its colon, dash or «is».
TARGET_HEADS = frozenset({"цель", "выбор", "решение", "мишень", "объект", "target", "tonight",
                          "choice", "ход", "действие", "ночник",  # «Ночной ход: X», «Ночник — X»
                          "assignee",  # a ticket's «Assignee: X» under «Ночной ход»
                          "работа"})  # the maniac's «Сегодня моя работа — X»


_TARGET_FILLERS = TARGET_HEADS | {"мой", "моя", "мое", "на", "эту", "этой", "ночь", "ночи",
                                   "ночью", "нынче", "моей", "нашей", "его", "ее", "её",
                                   "сегодня", "сегодняшняя", "my", "мы", "for", "the", "night",
                                   "is", "ночной", "ночное", "ролевой", "ролевое"}
# («my» is read «мы», engine.translit)

#: Heads that take their target after «на» with no colon: «Ход на X», «ночник на X».
_ON_HEADS = frozenset({"ход", "ночник"})

#: Heads that name the move itself, not its target: not a clan member's («Ход — Барону»:
#: his move left to the boss, engine.grammar_delegate).
_MOVE_HEADS = frozenset({"ход", "действие", "ночник", "ночной", "ночное", "ролевой", "ролевое"})


_VICTIM_HEADS = TARGET_HEADS | {"жертва"}

#: The heads that name the clan's victim from a clan member whose role has no night move of
#: its own beside the kill (the boss, the Indian, the actor): «Цель — X», «Цели: X, Y» on the
#: full moon («выбор», «решение» may be the boss's check).
_KILL_HEADS = frozenset({"цель", "цели", "мишень", "мишени", "target", "targets"})
_TARGET_OPENERS = _TARGET_FILLERS | _VICTIM_HEADS | _KILL_HEADS | {"жертвой", "целью"}


def _night_target(clause: list[Tok], start: int, actor: Actor) -> list[Kw]:
    """A heading naming «my target tonight» in the first words of a clause, from a player
    whose role has one night move (:data:`ROLE_CLASS`): that move, read after the colon,
    dash or «is»; weak, so without a name it is chatter."""
    cls = ROLE_CLASS.get(actor.role)
    heads = _VICTIM_HEADS if actor.role in ("swindler", "maniac") else TARGET_HEADS
    if actor.mafia and actor.role != "thief" and clause[start].w in _BECOME_OPENERS:
        cls = V.KILL  # «Нашей жертвой этой ночью станет X» from a clan member
    elif cls is None and actor.mafia:
        # «Цель на ночь — X» in a boss's orders (or from a member with no night move of his
        # own): the clan's kill; his check has words of its own («Проверка — Y»)
        cls, heads = V.KILL, _KILL_HEADS
    if cls is None or clause[start].w not in _TARGET_OPENERS:
        return []  # the common case: the clause opens with no word a heading holds
    if actor.mafia and any(t.w in _MOVE_HEADS for t in clause[start:start + 4]):
        return []  # «Ход — Барону»: a clan member leaves his move to the boss
    k = start
    head = None
    clan = False  # «Цель клана — X»: the clan's target, its kill (from any member)
    while k < min(len(clause), start + 8):
        t = clause[k]
        if t.word and t.w in heads:
            head = k if head is None else head
        elif head is not None and actor.mafia and t.word and t.w in CLAN_GIVERS:
            clan = True
        elif head is not None and (t.w in (":", "—") or t.w == "is" or (
                t.w == "на" and k == head + 1 and clause[head].w in _ON_HEADS)):
            if any(x.w in _OWNERS for x in clause[start:k]):
                return []  # «Его цель — X»: somebody else's (the possessives are for «станет»)
            return [Kw(V.KILL if clan else cls, start, k + 1, weak=True)]
        elif t.word and t.w in _BECOME_HEADS and (cls == V.MANIAC or actor.role == "maniac" or
                                                   cls == V.KILL or t.w == "целью") and \
                k + 1 < len(clause) and clause[k + 1].w in _BECOMES and \
                _victim_owner(clause, start, k, actor):
            # «сегодня его жертвой станет Мурзик» (the maniac's story of himself), «моей
            # целью будет X»: the name after the verb is the target
            return [Kw(V.KILL if cls == V.KILL else cls, start, k + 2, weak=True)]
        elif _own_role_word(clause, start, k, actor):
            pass  # «Ход жулика, объект — X», «Ход доктора: X»: the sender's own role named
        elif not t.word or t.w not in _TARGET_FILLERS:
            return []
        k += 1
    return []


def _own_role_word(clause: list[Tok], start: int, k: int, actor: Actor) -> bool:
    """True when token ``k`` of a heading is a word for the sender's own role right after
    «ход» / «действие» («Ход жулика: X»), or the comma right after such a word («Ход жулика,
    объект — X»)."""
    if not clause[k].word:
        return clause[k].w == "," and k - 1 > start and \
            _own_role_word(clause, start, k - 1, actor)
    return k > start and clause[k - 1].w in _MOVE_HEADS and \
        role_words().get(clause[k].w) == actor.role


#: «жертвой станет X», «целью будет X»: a victim or target in the instrumental before a verb
#: of becoming (:func:`_night_target`).
_BECOME_HEADS = frozenset({"жертвой", "целью"})
_BECOMES = frozenset({"станет", "будет", "окажется"})
_OWNERS = frozenset({"моей", "нашей", "его", "ее", "её"})
_BECOME_OPENERS = _BECOME_HEADS | _OWNERS | {"сегодня", "этой", "ночью", "нынче"}


def _victim_owner(clause: list[Tok], start: int, k: int, actor: Actor) -> bool:
    """True when the victim of «… жертвой станет X» is the sender's: no possessive, «моей»
    («нашей» from a clan member), or «его»/«её» in the maniac's story told of himself
    («Маньяк точит нож… сегодня его жертвой станет X»)."""
    owners = {t.w for t in clause[start:k] if t.word and t.w in _OWNERS}
    if not owners:
        return True
    if owners <= {"моей"} or (actor.mafia and owners <= {"моей", "нашей"}):
        return True
    return actor.role == "maniac" and owners <= {"его"}
