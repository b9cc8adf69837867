"""A clan member leaving his move to his boss, named as the member writes him (issue 11,
DECISIONS.md §4 Boss (c): the boss's duplicate move is used when the member leaves his move
to him).

«Пусть Гроссмейстер решает за меня», «Гросс решит, кого охранять», «Пусть Доктор решает за
меня» (the boss is Dr.Who), «Ход — Графу» (Graf Orlov): the boss is named by his nickname,
a part or prefix of it, or the Russian translation of one of its English words
(:func:`boss_ref`); the words of the clause say only that he decides for the sender
(:func:`boss_decides`). Indices are token positions in one clause.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_kw_merge import only_fillers
from .grammar_rules import clan_boss
from .grammar_tokens import Tok, clause_words
from .lexicon import lexicon
from .names import name_index
from .names_english import translations
from .words import is_infinitive, is_verb, norm, role_words

#: Verbs of a boss deciding or moving for his member («пусть X решает», «X решит»,
#: «пусть X походит за меня»).
DECIDES = frozenset({"решает", "решит", "распорядится", "распоряжается", "выберет",
                     "выбирает", "походит", "сходит", "сделает", "ходит", "скажет",
                     "прикажет", "велит", "укажет"})

#: The boss having made the member's move already («ход за меня босс отправил»): read only
#: after «ход за меня» (:func:`_decides_from`).
_DID = frozenset({"отправил", "отправила", "сделал", "сделала", "написал", "написала",
                  "прислал", "прислала", "решил", "решила", "походил", "походила"})

#: The boss called by his title, not his nickname («пусть вождь решает»): the title words of
#: the boss (engine.words.role_words) and the chief of the Indian's tribe.
_CHIEF = frozenset({"вождь", "вождя", "вождю"})

#: Words such a clause may hold besides the boss and the verb.
_SKIP = frozenset({"пусть", "пускай", "ход", "мой", "сам", "сегодня", "за", "ним", "ночью",
                   "тогда", "уж", "лучше", "как", "и", "всегда", "обычно", "опять", "снова",
                   "тоже", "этой", "а", "ну", "вот", "целиком", "полностью", "новый", "новая",
                   "наш", "наша", "папочка", "папа", "мамочка", "мама",
                   # «всё как решит Анна Аркадьевна»: all of his move
                   "все"})

#: Honorifics written after the boss's name with a hyphen («Эл-сама», «Лорд-сан»).
_HONORIFICS = frozenset({"сама", "самы", "саме", "саму", "самой", "сан", "сана", "сану",
                         "тян", "кун", "семпай", "сенсей", "sama", "san", "sensei"})

#: Words opening what the boss decides («кого охранять», «у кого воровать», «что делать»).
_WHAT = frozenset({"кого", "что", "куда", "к", "у", "чем", "как"})


def boss_ref(ctx, clause: list[Tok], k: int) -> int:
    """The tokens the sender's own living boss takes at ``k`` (0 when he is not named
    there): his nickname in any case; a part, prefix or pet form of it that fits nobody
    else («Гросс» for Гроссмейстер, «Графу» for Graf Orlov); the Russian word of one of its
    English words («Доктор» for Dr.Who), which the caller reads only where the boss is
    meant (a member's move left to him)."""
    if k >= len(clause) or not clause[k].word:
        return 0
    boss = my_boss(ctx)
    if boss is None:
        return 0
    idx = name_index(ctx.nicks)
    hit = idx.exact(clause_words(clause), k, None)
    if hit is not None:
        return hit.length if hit.nick == boss else 0
    w = clause[k].w
    if "-" in w and w.rsplit("-", 1)[1] in _HONORIFICS:
        w = w.rsplit("-", 1)[0]  # «Эл-сама», «Граф-сан»: the boss with an honorific
        hit = idx.exact([w], 0, None)
        if hit is not None:
            return 1 if hit.nick == boss else 0
    approx = idx.approximate(w) if len(w) >= 3 else None
    if approx is not None and approx.kind != "fuzzy" and approx.candidates == (boss,):
        return 1
    if approx is None and (clause[k].cap or clause[k].quoted):
        # «Эл» for «L», «Бин» for «Mr.Bean»: a reading that names the boss only written as
        # a name
        approx = idx.capital_reading(w)
        if approx is not None and approx.candidates == (boss,):
            return 1
    words = [norm(x) for x in re.findall(r"[^\W\d_]+", boss)]
    return 1 if any(_translates(w, x) for x in words) else 0


def my_boss(ctx) -> str | None:
    """The nickname of the sender's own living boss when the sender is a clan member who is
    not the boss himself (the one his move may be left to, DECISIONS.md §4 Boss (c)); None
    otherwise."""
    me = ctx.sender
    if not me.mafia or me.role == "boss":
        return None
    return clan_boss(ctx.state, me.nick)


def _translates(written: str, word: str) -> bool:
    """True when ``written`` is a case form of a Russian translation of the English nick
    word ``word`` («доктора» for «dr»)."""
    for tr in translations(word)[0]:
        if written == tr or (written.startswith(tr) and len(written) - len(tr) <= 2):
            return True
    return False


def boss_decides(ctx, clause: list[Tok], start: int) -> int | None:
    """«Пусть Гроссмейстер решает за меня», «Гросс решит, кого охранять», «Ход: решает
    Доктор»: from a clan member (not the boss), his move left to his own living boss
    (:func:`boss_ref`). Besides the boss and a verb of deciding the clause may hold only
    «пусть», «за меня», «ход» and the like, and what he decides («кого охранять», «у кого
    воровать»); a «,», «—» or «(» after both ends what is read. Returns the index where the
    part read ends, None when the clause is no such part."""
    me = ctx.sender
    if not me.mafia or me.role == "boss" or (DECIDES | _DID).isdisjoint(t.w for t in clause[start:]):
        return None  # (cheap checks first: most clauses of a letter are talk)
    found = _decides_from(ctx, clause, start)
    if found is None and (dash := _remark_dash(ctx, clause, start)) is not None:
        found = _decides_from(ctx, clause, dash + 1)  # «Остальное — как Дед решит»
    if found is None and me.role in NO_ROLE_MOVE and \
            (dash := _kill_asked(clause, start)) is not None:
        found = _decides_from(ctx, clause, dash + 1)  # «А кого убивать — пусть Роза решает»
    if found is None and (dash := _kill_asked(clause, start, me.role)) is not None:
        found = _decides_from(ctx, clause, dash + 1)  # «Кого обворовать — пусть решает X»
    if found is None:
        for after in remark_commas(ctx, clause, start):
            found = _decides_from(ctx, clause, after)  # «я хз что делать, пусть босс решает»
            if found is not None and not _his_move(clause, after, found) and \
                    not _unsure(clause, start, after):
                found = None  # («это я так, мысли вслух, шеф решит»: the kill he just
                # weighed, not his move)
            if found is not None:
                break
    if found is not None and _of_vote(clause, start, found):
        return None  # «пусть Король решает, кого линчевать»: the day's vote, no night move
    return found


def _his_move(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when ``clause[lo:hi]`` says that what the boss decides is the sender's move: «за
    меня», «ход», «всё»."""
    ws = [t.w for t in clause[lo:hi]]
    return "ход" in ws or "все" in ws or any(
        a == "за" and b == "меня" for a, b in zip(ws, ws[1:]))


#: Words of a remark saying the sender does not know his own move («сам не знаю, у кого
#: шуровать», «хз кого лечить», «мне ходить нечем»): the boss's decision after its comma is
#: his move.
_UNSURE = frozenset({"хз", "нечем", "незнаю"})


def _unsure(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when ``clause[lo:hi]`` (a remark before a comma) says the sender does not know
    or has nothing for his move: «не знаю», «не решил», «хз», «нечем»."""
    ws = [t.w for t in clause[lo:hi] if t.word]
    return any(w in _UNSURE for w in ws) or any(
        a == "не" and b in ("знаю", "решил", "решила", "придумал", "придумала")
        for a, b in zip(ws, ws[1:]))


def _of_vote(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when a word of the vote or the lynch stands in ``clause[lo:hi]``."""
    words = lexicon().words
    return any(t.word and words.get(t.w) == V.VOTE for t in clause[lo:hi])


#: Clan roles with no night move of their own: the clan's kill is all they may leave to the
#: boss («кого убивать — пусть дон решает» from the Indian leaves him his move).
NO_ROLE_MOVE = frozenset({"indian", "actor"})


def _kill_asked(clause: list[Tok], start: int, role: str | None = None) -> int | None:
    """The «—» or «:» after «(а) кого убивать», «кого мочить сегодня», «по убийству» (a
    question word or «по» and a word of the clan kill only): what follows may leave the kill to the boss. None otherwise
    («Убийство — решает дон», «Убиваем — как скажет X» tell who decides the kill, no move of
    the sender's is left). With ``role``: the word of that role's own move instead of the
    kill («Кого обворовать этой ночью —» from the thief: his move is what is left)."""
    from .lexicon import lexicon
    from .grammar_vocab import CLASS_ACTIONS

    words = lexicon().words
    own = {cls for cls, table in CLASS_ACTIONS.items() if role in table} if role else {"KILL"}
    kill = asked = False
    for k in range(start, len(clause)):
        t = clause[k]
        if t.w in ("—", ":", "-") and kill and asked:
            return k
        if not t.word:
            return None
        if words.get(t.w) in own and (role is None or is_infinitive(t.w)):
            kill = True
        elif t.w in _ASKED or (t.w == "по" and role is None and not kill):
            asked = True  # («По убийству — как дон скажет»: the kill as a heading)
        elif t.w not in ("а", "и", "ну", "сегодня", "ночью", "этой") and \
                not (role and t.w in ("у", "к") and not asked):  # («у кого воровать —»)
            return None
    return None


#: Verbs of a member giving his move, said of himself in the third person («Индеец ход
#: оставляет дону», «Зорро отдаёт свой ход боссу»).
_GIVES = frozenset({"оставляет", "отдает", "передает", "доверяет", "отдал", "оставил",
                    "передал", "доверил", "отдала", "оставила", "передала", "доверила"})


def to_my_boss(ctx, clause: list[Tok], start: int) -> bool:
    """:func:`_to_my_boss_from` read from ``start`` or after a leading remark and its comma
    (:func:`remark_commas`: «ходов у меня нет, так что всё на Деда»)."""
    me = ctx.sender
    if not me.mafia or me.role == "boss":
        return False
    return _to_my_boss_from(ctx, clause, start) or any(
        _to_my_boss_from(ctx, clause, after) for after in remark_commas(ctx, clause, start))


#: Words that join a remark to what follows its comma («…, так что всё на Деда»).
_THEN = frozenset({"так", "что", "поэтому", "потому", "значит", "короче", "вот", "но", "а",
                   "и", "ну", "тогда", "ладно", "ок", "окей"})

#: Words of another's speech or view in a remark («Лось сказал, пусть босс решает»): what
#: follows the comma may be his words, not the sender's.
_REPORTED = frozenset({"он", "она", "они", "сказал", "сказала", "сказали", "говорит",
                       "говорил", "говорила", "пишет", "написал", "написала", "ответил",
                       "ответила", "считает", "просил", "просила", "предлагает", "хочет"})


#: Infinitives of moving at all, talk in a remark («мне ходить нечем»).
_GO = frozenset({"ходить", "походить"})


def remark_commas(ctx, clause: list[Tok], start: int) -> list[int]:
    """Where a member's move left to his boss may begin after a leading remark of his own
    and its comma («я хз что делать, пусть босс за меня решает», «ролей у меня нет, так что
    всё на Деда»): the index after each «,» (and after joining words, :data:`_THEN`) whose
    words before hold only talk: no player named (nor a word that may be one), no «за» (a
    wish: «я за Ксю, но решает Дарк»), no move word of the lexicon, no infinitive but
    «делать», no one else's speech (:data:`_REPORTED`), no other punctuation. Empty
    when the clause has no such comma."""
    if not any(t.w == "," for t in clause[start + 1:]):
        return []  # (a start only ever follows a comma)
    lex, idx = lexicon(), name_index(ctx.nicks)
    words = clause_words(clause)
    out: list[int] = []
    for k in range(start, len(clause)):
        t = clause[k]
        if t.w == "," and k > start:
            n = k + 1
            while n < len(clause) and clause[n].w in _THEN:
                n += 1
            if n < len(clause):
                out.append(n)
            continue
        if t.word and is_infinitive(t.w) and (
                t.w in _GO or (k > start and clause[k - 1].w in _WHAT_ASKED)):
            continue  # «мне ходить нечем», «не знаю, у кого шуровать»: his move not known
        if not t.word or t.w in lex.words or t.w in _REPORTED or t.w == "за" or \
                (is_infinitive(t.w) and t.w not in ("делать", "сделать")) or \
                idx.exact(words, k, None) is not None or _may_name(idx, t.w):
            break  # (not «я за Ксю, но решает Дарк»: her wish for the kill, the boss decides)
    return out


def _may_name(idx, word: str) -> bool:
    """True when ``word`` may be a player written loosely (a part, pet form or slip of a
    nickname): a remark holding it may be about him."""
    if len(word) < 3:
        return False
    near = idx.approximate(word)
    return near is not None and bool(near.candidates)


def _to_my_boss_from(ctx, clause: list[Tok], start: int) -> bool:
    """«Ход — Графу», «Мой ход: дону», «Индеец ход оставляет дону», «Зорро отдаёт свой ход
    боссу»: a clan member (not the boss) gives his move to his clan's living boss, named in the
    dative by his nickname (:func:`boss_ref`) or his title («дону», «боссу», «шефу»), nothing
    else in the clause. A giving verb (:data:`_GIVES`) counts only after the sender named as
    its subject, by his own role word or nickname («Лис отдаёт ход дону» from another member
    tells of Лис: no move of the sender). Called by :func:`to_my_boss` only, which has
    already left out a sender who is no clan member or is the boss."""
    me = ctx.sender
    words = clause_words(clause)
    idx = name_index(ctx.nicks)
    called = _boss_called(ctx, clause, start)
    if called is not None:
        start = called  # «Шеф (Оливье), кражу оставляю на тебя»: the boss addressed first
    lead = start + 2 < len(clause) and clause[start].w in _I_LEAVE and clause[start + 1].w == "все"
    start += lead  # «Оставляю всё на Деда»: the sender's own verb of leaving first
    k = start
    hit = idx.exact(words, k, None) if k < len(clause) and clause[k].word else None
    own = hit is not None and hit.nick == me.nick
    subject = own or (k < len(clause) and clause[k].word and role_words().get(words[k]) == me.role)
    if subject:
        k += hit.length if own else 1
    gives = move = by_noun = False
    if subject and not own and own_move_noun(me, words[start]) and not words[start].endswith("а"):
        subject, move, by_noun = False, True, True  # («Охрану оставляю на дона»: the noun of
        # his move, no role word of the subject)
    while k < len(clause) and clause[k].word:
        w = clause[k].w
        if (w in ("ход", "ходы") or (w == "все" and k == start and k + 1 < len(clause) and
                                      clause[k + 1].w in ("на", "—", ":"))) and not move:
            move = True  # («всё на Деда», «всё — Деду»: all of his move)
        elif not move and not subject and own_move_noun(me, w):
            move = by_noun = True  # «Охрану сегодня оставляю на дона»: his role's move
        elif ((subject and w in _GIVES) or (not subject and w in _I_GIVE)) and not gives:
            gives = True
        elif w not in ("мой", "свой", "сегодня", "а", "и") and not (move and w in _AS_ALWAYS):
            break
        k += 1
    if not move or k >= len(clause) or (by_noun and not gives):
        return False  # (his move's noun only with a giving verb: «Охрана — дону» may be the
        # guard of the boss)
    onto = False
    if gives and clause[k].w == "на" and k + 1 < len(clause):
        # «Охрану оставляю на дона», «ход отдаю на Жеку»: the boss in the accusative, not
        # «оставляю на доне» (where the guard stays)
        k += 1
        if called is not None and words[k] in _YOU:
            # «Шеф, кражу оставляю на тебя»: the boss just addressed
            return only_fillers(clause, k + 1, next(
                (n for n in range(k + 1, len(clause)) if clause[n].w in (",", "—", "(")),
                len(clause)))
        size = boss_ref(ctx, clause, k)
        title = role_words().get(words[k]) == "boss"
        if not (size or title) or (words[k + (size or 1) - 1].endswith(("е", "и")) and
                                   not _as_named(ctx, words[k:k + (size or 1)])):
            return False  # (not «на доне»; «на Оливье»: his indeclinable nickname itself)
        end = k + (size or 1)
        stop = next((n for n in range(end, len(clause)) if clause[n].w in (",", "—", "(")),
                    len(clause))
        return only_fillers(clause, end, stop)
    if not gives:
        if clause[k].w not in ("—", ":", "→", "на"):
            return False
        # «Ход как всегда на Шефа»: the boss in the accusative (not from the guard: his
        # «ход на Шефа» may be his guard of the boss)
        onto = clause[k].w == "на"
        if onto and me.role == "guard":
            return False
        k += 1
    size = boss_ref(ctx, clause, k)
    if size and not onto and idx.exact(words, k, frozenset({"datv"})) is None and \
            not words[k + size - 1].endswith(("у", "ю", "е", "и")):
        return False  # «Ход — Графу»: the boss in the dative (a form of his or a part)
    if onto and not size and not ((words[start] == "все" or k > start + 2) and
                                  k < len(clause) and role_words().get(words[k]) == "boss" and
                                  words[k].endswith(("а", "я"))):
        return False  # («ход на босса» is a phrase of the lexicon; «всё на дона» is not, nor
        # is «ход как всегда на дона», «мой ход сегодня на босса»: words between)
    if not size and not onto and (k >= len(clause) or role_words().get(words[k]) != "boss" or
                                  not words[k].endswith(("у", "ю"))):
        return False  # (after «на», «всё на дона»: the boss by his title in the accusative)
    end = k + (size or 1)
    if not lead and words[start] == "все" and end < len(clause) and clause[end].w in _I_LEAVE:
        end += 1  # «Всё на Деда оставляю»: the verb of leaving after the boss
    stop = next((n for n in range(end, len(clause)) if clause[n].w in (",", "—", "(")),
                len(clause))
    return only_fillers(clause, end, stop)


def left_to_addressee(ctx, clause: list[Tok], start: int) -> int | None:
    """«Лось, кражу оставляю на тебя», «Шеф (Гроссмейстер), охрану отдаю на вас» from a clan
    member (not the boss): a player or a title addressed first, then the noun of the sender's
    own move or «ход», a first-person verb of giving it away (:data:`_I_GIVE`) and «на тебя /
    на вас». The move is left to the one addressed, never made on him; when he is not the
    sender's own living boss (:func:`to_my_boss` reads that one) the caller asks. Returns
    the index after «тебя / вас», None when the clause is no such part."""
    me = ctx.sender
    if not me.mafia or me.role == "boss" or start >= len(clause) or not clause[start].word:
        return None
    words = clause_words(clause)
    idx = name_index(ctx.nicks)
    k = start
    hit = idx.exact(words, k, None)
    if hit is not None:
        k += hit.length
    elif role_words().get(words[k]) == "boss":
        k += 1
        if k + 1 < len(clause) and clause[k].w == "(":
            hit = idx.exact(words, k + 1, None)
            if hit is None or k + 1 + hit.length >= len(clause) or \
                    clause[k + 1 + hit.length].w != ")":
                return None
            k += hit.length + 2
    else:
        return None
    if k >= len(clause) or clause[k].w != ",":
        return None
    k += 1
    move = gives = False
    while k < len(clause) and clause[k].word:
        w = clause[k].w
        if not move and (w == "ход" or own_move_noun(me, w)):
            move = True
        elif move and not gives and w in _I_GIVE:
            gives = True
        elif w not in ("мой", "свой", "сегодня", "а", "и"):
            break
        k += 1
    if move and gives and k + 1 < len(clause) and clause[k].w == "на" and \
            clause[k + 1].w in _YOU:
        return k + 2
    return None


def _as_named(ctx, written: list[str]) -> bool:
    """True when ``written`` is the sender's boss's nickname itself, word for word (an
    indeclinable one such as «Оливье» stays so after «на»)."""
    boss = my_boss(ctx)
    return boss is not None and [norm(w) for w in re.findall(r"[\w-]+", boss.lower())] == written


#: The one addressed, after «на» («кражу оставляю на тебя»).
_YOU = frozenset({"тебя", "вас"})


def _boss_called(ctx, clause: list[Tok], start: int) -> int | None:
    """The index after the comma when ``clause[start:]`` opens with the sender's living boss
    addressed: his nickname or part of it (:func:`boss_ref`) or his title in the nominative
    («Шеф», «Босс», «Дон»), perhaps with his nickname in brackets after the title («Шеф
    (Оливье),»), then «,». None otherwise."""
    if start >= len(clause) or not clause[start].word:
        return None
    size = boss_ref(ctx, clause, start)
    if not size and clause[start].w not in ("шеф", "босс", "дон", "пахан", "главарь"):
        return None
    k = start + (size or 1)
    if not size and k + 2 < len(clause) and clause[k].w == "(":
        inner = boss_ref(ctx, clause, k + 1)
        if not inner or k + 1 + inner >= len(clause) or clause[k + 1 + inner].w != ")":
            return None
        k += inner + 2
    if k + 1 >= len(clause) or clause[k].w != ",":
        return None
    return k + 1


#: The sender's own verbs of leaving all of his move to the boss («Оставляю всё на Деда»,
#: «Всё на Деда оставляю»).
_I_LEAVE = frozenset({"оставляю", "отдаю", "доверяю", "скидываю", "перекладываю"})


#: First-person verbs of giving one's move away, said with no subject («ход оставляю
#: дону», «охрану отдаю на босса»).
_I_GIVE = frozenset({"оставляю", "оставлю", "отдаю", "отдам", "передаю", "передам",
                     "доверяю", "доверю"})


def own_move_noun(me, word: str) -> bool:
    """True when ``word`` is a noun of the lexicon (no verb form) naming the night move of
    ``me``'s own role or his clan's kill («охрану» from the guard, «кражу» from the thief)."""
    lex = lexicon()
    cls = lex.words.get(word)
    if cls is None or word not in lex.weak or word in lex.first or is_verb(word):
        return False
    table = V.CLASS_ACTIONS.get(cls, {})
    return me.role in table or (me.mafia and "mafia" in table)


#: «Ход как всегда на Шефа»: words of habit after «ход».
_AS_ALWAYS = frozenset({"как", "всегда", "обычно", "опять", "снова", "тоже"})


#: Question words naming what is decided («Кого резать — пусть Барон решает»).
_ASKED = frozenset({"кого", "кому", "что", "куда", "чем", "кем", "чего"})
_WHAT_ASKED = _WHAT | _ASKED


def _remark_dash(ctx, clause: list[Tok], start: int) -> int | None:
    """The first «—» or «:» after ``start`` when the words before it name no player and hold
    no move word, question word or infinitive («Остальное —», «Ходов, значит, нет —»): what
    follows may leave the sender's move to the boss. None otherwise."""
    from .lexicon import lexicon

    lex, idx = lexicon(), name_index(ctx.nicks)
    words = clause_words(clause)
    for k in range(start, len(clause)):
        t = clause[k]
        if t.w in ("—", ":") and k > start:
            return k
        if t.word and (t.w in lex.words or t.w in _ASKED or
                       is_infinitive(t.w) or idx.exact(words, k, None) is not None):
            return None  # («Кого резать ночью — пусть Барон решает»: the clan's kill)
    return None


def _decides_from(ctx, clause: list[Tok], start: int) -> int | None:
    """:func:`boss_decides` read from ``start``. «за меня» may stand before the verb too
    («ход за меня босс отправил»: then a past verb of the boss's having moved, :data:`_DID`,
    counts); «за него / за неё» after it only from a sender who tells of himself in the third
    person (:func:`_of_himself`: «Алиса устала. Пусть Бармалей решит за неё»). The boss is
    named by his nickname (:func:`boss_ref`) or his title («босс», «дон», «вождь»)."""
    seen_boss = seen_verb = for_me = False
    k = start
    while k < len(clause):
        t = clause[k]
        if not t.word:
            if t.w == "," and seen_boss and seen_verb and _so_be_it(clause, k + 1):
                return k  # «пусть Король решает, как скажет — так и будет»
            if t.w == "," and seen_verb and k + 1 < len(clause) and clause[k + 1].w in _WHAT:
                k = _what(clause, k + 1)  # «Гросс решит, кого охранять»
                continue
            if t.w in (",", "(", "—", "-", ":", ";") and seen_boss and seen_verb:
                return k
            k += 1
            continue
        if not seen_verb and t.w == "за" and k + 1 < len(clause) and clause[k + 1].w == "меня":
            for_me, k = True, k + 2  # «ход за меня босс отправил»
            continue
        if not seen_verb and (t.w in DECIDES or (for_me and t.w in _DID)):
            seen_verb, k = True, k + 1
            if k + 1 < len(clause) and clause[k].w == "за" and (
                    clause[k + 1].w == "меня" or
                    (clause[k + 1].w in _HIMSELF and _of_himself(ctx, clause))):
                k += 2  # («пусть вождь решает за него» from «Индеец сидит у костра. …»)
            continue
        if seen_verb and t.w in _WHAT:
            k = _what(clause, k)
            continue
        if t.w in _SKIP:
            k += 1
            continue
        size = (boss_ref(ctx, clause, k) or _title(ctx, t.w)) if not seen_boss else 0
        if not size:
            return None
        seen_boss, k = True, k + size
    return k if seen_boss and seen_verb else None


#: «…, как скажет, так и будет»: the words of the member's consent to what the boss decides.
_AS_HE = frozenset({"он", "она", "сам", "сама", "скажет", "решит", "прикажет", "велит",
                    "захочет", "выберет"})
_SO_BE = frozenset({"будет", "сделаю", "сделаем", "поступлю", "будь", "быть"})


def _so_be_it(clause: list[Tok], k: int) -> bool:
    """True when «как (он) скажет, так и будет» («как решит — так и сделаю») stands at ``k``
    and ends the clause or a part of it: the member agrees beforehand to what the boss
    decides, it names no move of its own."""
    if k >= len(clause) or clause[k].w != "как":
        return False
    n, verb = k + 1, False
    while n < len(clause) and clause[n].w in _AS_HE:
        verb = verb or clause[n].w not in ("он", "она", "сам", "сама")
        n += 1
    while n < len(clause) and clause[n].w in (",", "—", "-"):
        n += 1
    if not verb or [t.w for t in clause[n:n + 2]] != ["так", "и"]:
        return False
    n += 2
    return n < len(clause) and clause[n].w in _SO_BE and (
        n + 1 == len(clause) or not clause[n + 1].word)


#: The sender as «him» / «her» («пусть вождь решает за него»).
_HIMSELF = frozenset({"него", "нее", "неё"})


def _title(ctx, word: str) -> int:
    """1 when ``word`` is a title of the boss («босс», «дону», «вождь») and the sender has a
    living boss (:func:`my_boss`), else 0."""
    if my_boss(ctx) is None:
        return 0
    return 1 if word in _CHIEF or role_words().get(word) == "boss" else 0


def _of_himself(ctx, clause: list[Tok]) -> bool:
    """True when the sentences before ``clause`` tell of the sender in the third person: the
    first word of one of them is his nickname, a part or pet form of it that fits nobody
    else, or the word of his role («Индеец сидит у костра», «Алиса сегодня устала» from
    Лиса Алиса)."""
    me = ctx.sender
    idx = name_index(ctx.nicks)
    before = ctx.text[:clause[0].start] if clause else ""
    for sentence in re.split(r"[.!?\n]+", before):
        words = [norm(x) for x in re.findall(r"[^\W\d_]+", sentence)]
        if not words:
            continue
        hit = idx.exact(words, 0, None)
        if hit is not None:
            if hit.nick == me.nick:
                return True
            continue
        near = idx.approximate(words[0]) if len(words[0]) >= 3 else None
        if (near is not None and near.kind != "fuzzy" and near.candidates == (me.nick,)) or \
                role_words().get(words[0]) == me.role:
            return True
    return False


def _what(clause: list[Tok], k: int) -> int:
    """After «кого», «у кого», «что» …: the index after its infinitive («кого охранять»)."""
    n = k
    while n < len(clause) and n - k < 4 and clause[n].word:
        w = clause[n].w
        n += 1
        if w.endswith(("ть", "ти", "чь", "ться")):
            break
    return n


#: Verbs of advising the boss («подсказываю боссу», «предлагаю», «советую»).
_ADVISE = frozenset({"подсказываю", "подскажу", "предлагаю", "предложу", "советую",
                     "посоветую", "рекомендую"})

#: Words that call a kill the member's own opinion («это моё мнение, но решать ему»).
_OPINION = frozenset({"мнение", "имхо"})

#: Words of the boss's deciding («решать ему», «решает босс», «на его усмотрение»).
_DECIDE_WORDS = DECIDES | frozenset({"решать", "усмотрение"})

#: The boss named by his title or as «him» after advice («боссу подсказываю, решать ему»).
_BOSS_WORDS = frozenset({"босс", "боссу", "босса", "дон", "дону", "дона", "шеф", "шефу", "ему"})


def suggests_kill(ctx, clause: list[Tok], kill_at: int) -> bool:
    """True when a clan member (not the boss) only suggests the clan kill whose word is at
    ``kill_at`` and leaves it to his boss: «X бы убрать — это я так, боссу подсказываю,
    решать ему», «предлагаю убить X, но решает босс». Whether that is the clan's order is
    unclear: the caller asks. Needs the kill in the infinitive (not «убиваем X — предлагаю
    боссу», an order with a remark) or called his opinion («убиваем X — это моё мнение, но
    решать ему»), advice («бы», «предлагаю», «советую»), the boss named
    and his deciding («решать ему») in the clause, told to the host (advice said to the boss
    himself, «решай сам», is talk between them)."""
    me = ctx.sender
    if not me.mafia or me.role == "boss":
        return False
    words = [t.w for t in clause if t.word]
    present = set(words)
    if {"решай", "решайте", "реши", "решите"} & present or left_to_you(words, 0) or (
            len(clause) > 1 and clause[0].w in _BOSS_WORDS and clause[1].w == ","):
        return False  # «Босс, убить предлагаю X, но решай сам»: advice said to the boss
    opinion = bool(_OPINION & present)
    if not is_infinitive(clause[kill_at].w) and not opinion:
        return False  # «Убиваем Буку — предлагаю боссу»: the order, with a remark
    # («убиваем X — передайте Барону, что это моё мнение, но решать ему»: advice all the same)
    advice = "бы" in words or opinion or any(w in _ADVISE for w in words)
    boss = any(w in _BOSS_WORDS for w in words) or any(
        boss_ref(ctx, clause, k) for k in range(len(clause)) if clause[k].cap)
    # «…, если Граф не против»: the boss named right after «если», his consent awaited
    consent = not _CONSENT.isdisjoint(present) and any(
        t.w == "если" and k + 1 < len(clause) and (clause[k + 1].w in _BOSS_WORDS or (
            clause[k + 1].cap and boss_ref(ctx, clause, k + 1)))
        for k, t in enumerate(clause))
    return advice and boss and (consent or any(w in _DECIDE_WORDS for w in words))


def proposes_to_boss(ctx, clause: list[Tok], kill) -> bool:
    """True when a clan member (not the boss) opens the clause by calling his boss and puts
    the clan kill at keyword ``kill`` to him in the indicative: «Шеф, кланом предлагаю X»,
    «Мишань, предлагаю убить X», «Босс, убить советую X, но решай сам». Every member may
    order the clan's kill (DECISIONS.md §4), but said to the boss it may as well be advice
    between them: the caller asks (unless the letter holds the member's own move, where the
    advice is a remark beside it, engine.parse_finish). Not a wish in the conditional («Шеф,
    я бы убрал X, но решай сам»: no proposal made) nor under «не»."""
    me = ctx.sender
    if not me.mafia or me.role == "boss":
        return False
    from .grammar_context import suggested

    words = [t.w for t in clause if t.word]
    if not suggested(clause, kill.i, kill.j) or {"бы", "б", "не", "ни"} & set(words):
        return False
    k = 0
    while k < len(clause) and clause[k].w in _CALL_OPENERS:
        k += 1
    if k >= len(clause):
        return False
    size = 1 if clause[k].w in _BOSS_CALLED else boss_ref(ctx, clause, k)
    return bool(size) and k + size < kill.i and clause[k + size].w == ","


#: Words before the boss called at the head of a clause («Ну, шеф, …», «Слушай, босс, …»).
_CALL_OPENERS = frozenset({"ну", "слушай", "слышь", ",", "эй", "о"})

#: The boss called by his title («Шеф, …», «Босс, …»).
_BOSS_CALLED = frozenset({"босс", "шеф", "дон", "батя", "главный", "командир"})


#: Second-person pronouns the deciding is left to («решать тебе», «вам решать»).
_TO_YOU = frozenset({"тебе", "вам", "тобой", "вами"})

#: The addressee's saying so («как скажешь», «как скажете», «как решишь»).
_AS_YOU_SAY = frozenset({"скажешь", "скажете", "решишь", "решите", "прикажешь",
                         "прикажете"})


def left_to_you(words: list[str], lo: int = 0) -> bool:
    """True when ``words[lo:]`` leave the deciding to the one the member speaks to, in the
    second person: «решать тебе», «вам решать», «решение за тобой», «как скажешь» — the
    same as «решай сам»: talk between the member and his boss, no order to the host (the
    host decides no clan kill). ``words``: a clause's words (engine.grammar_tokens
    .clause_words)."""
    for k in range(lo, len(words)):
        w = words[k]
        if w in ("решать", "решение", "выбор", "слово") and any(
                x in _TO_YOU for x in words[max(lo, k - 1):k + 3]):
            return True  # («решать тебе», «тебе решать», «решение за тобой», «слово за вами»)
        if w == "как" and k + 1 < len(words) and words[k + 1] in _AS_YOU_SAY:
            return True
    return False


def _decider_at(words: list[str], k: int) -> bool:
    """True when the word at ``k`` stands as the subject of a verb of deciding
    (:data:`DECIDES`) right beside it («пусть проф решает», «решает шеф»): there a word in
    lower case may be the boss's short name (the caller checks it is one)."""
    return (k + 1 < len(words) and words[k + 1] in DECIDES) or (
        k > 0 and words[k - 1] in DECIDES)


def wishes_kill(ctx, clause: list[Tok], lo: int) -> bool:
    """True when a clan member (not the boss) whose clan kills tonight wishes a kill in the
    conditional, a kill verb in the past tense with «бы» («Я бы убил X», «X я бы убрал,
    но решать не мне»), on a living player of no clan of his, in ``clause[lo:]``: the clan's
    kill, if the boss sends none (DECISIONS.md §4), or advice to him? The caller asks,
    never drops it. Not under «не» («я бы не стал убивать X»: the verb is no kill), nor
    with the boss told to decide in the clause («…, но решай сам»: talk between them) or
    said to decide it («пусть Барон решает»: the kill left to him)."""
    me = ctx.sender
    if not me.mafia or me.role == "boss" or not any(t.w in ("бы", "б") for t in clause[lo:]):
        return False  # (the cheap tests first: most clauses are no wish)
    from .grammar_rules import action_for
    from .parse_unread_words import move_class
    from .words import past_tense

    if action_for(V.KILL, me, ctx.turn) != "clan_kill":
        return False
    words = clause_words(clause)
    if {"не", "ни", "решай", "решайте", "реши", "решите"} & set(words[lo:]) or \
            left_to_you(words, lo):
        return False  # («…, но решать тебе, как скажешь»: said to the boss, as «решай сам»)
    if not DECIDES.isdisjoint(words[lo:]) and any(
            words[k] in _BOSS_WORDS or ((clause[k].cap or _decider_at(words, k)) and
                                        boss_ref(ctx, clause, k))
            for k in range(lo, len(clause))):
        return False  # «Кого резать — пусть Барон решает, я бы X пришил»: left to the boss
    # («…, но это пусть проф решает»: the boss's short name in lower case as the subject)
    if not any(clause[k].word and move_class(words[k]) == V.KILL and past_tense(words[k])
               for k in range(lo, len(clause))):
        return False
    idx = name_index(ctx.nicks)
    for k in range(lo, len(clause)):
        hit = idx.exact(words, k, None) if clause[k].word else None
        if hit is not None and hit.nick is not None and hit.nick != me.nick and \
                hit.nick in ctx.alive and ctx.state.players[hit.nick].clan != me.clan:
            return True
    return False


def advice_left_to_boss(ctx, clause: list[Tok], items) -> bool:
    """True when a kill the member only suggests (:func:`suggests_kill`) is no question for
    the host: the letter has already left the member's own move to his boss (a
    ``delegate`` move among ``items``: «Босс, реши за меня. Убить бы X, но это как босс
    скажет»), or the member says he will give the advice to the boss himself, later
    («Дону предложу убрать X, пусть сам решает»: talk between them, as «решай сам»). The
    advice said to the host now («Предлагаю боссу убить X, но решать ему») is asked."""
    if any(it.move is not None and it.move.action == "delegate" for it in items):
        return True
    words = [t.w for t in clause if t.word]
    for n, w in enumerate(words):
        if w in _ADVISE_LATER and any(
                v in _BOSS_TO for v in words[max(0, n - 4):n] + words[n + 1:n + 3]):
            return True
    return False


#: The member's advice promised for later («Дону предложу …», «боссу шепну …»).
_ADVISE_LATER = frozenset({"подскажу", "предложу", "посоветую", "шепну", "намекну",
                           "скажу", "напишу"})

#: The boss by his title in the dative, the one the advice goes to («Дону предложу»).
_BOSS_TO = frozenset({"боссу", "дону", "шефу"})


#: Words of the boss's consent a suggested kill waits for («если Граф не против»).
_CONSENT = frozenset({"против", "возражает", "разрешит", "позволит", "согласен", "согласна",
                      "одобрит"})

#: Subjects of a consent that name nobody in particular («если никто не против»): a courtesy,
#: the order stands; «вы» is the host.
_ANYONE = frozenset({"никто", "все", "вы", "кто", "кто-то", "кто-нибудь", "возражений"})


def awaits_consent(ctx, clause: list[Tok], kill_j: int) -> bool:
    """True when a clan member's kill (its keyword ending at token ``kill_j``) is followed in
    its clause by «(,) если X (не) против» with X a player other than his boss («…, если
    Филин не против», «…, ежели Граф согласен» where Граф is no boss of his): the kill waits
    for another player's consent, which the host cannot know, so it is no order: the caller
    asks. Not when X is his boss, by title («босс», «шеф», «дон») or by a form of his nick
    («…, если босс не против», «…, если Волк разрешит»): that is the rules' own order of the
    clan kill (DECISIONS.md §4: the boss's order first), so the member's kill is his order.
    Not «если никто не против» / «если вы не против» (a courtesy) nor a consent said as done
    («Филин не против, мы обсудили»: no «если»)."""
    from .parse_types import nick_at

    words = clause_words(clause)
    for k in range(kill_j, len(clause) - 2):
        if clause[k].w not in ("если", "ежели") or (k > 0 and clause[k - 1].word and
                                                      clause[k - 1].w not in ("а", "но")):
            continue
        n = k + 1
        if clause[n].w in _ANYONE or not clause[n].word:
            continue
        if clause[n].w in _BOSS_WORDS or clause[n].w in _BOSS_CALLED or boss_ref(ctx, clause, n):
            continue  # «…, если босс (Волк) не против»: the rules' own order (DECISIONS.md §4
            # Clan kill: the boss's order first) — the member's kill stands when the boss sends
            # none, so it is his order (writers of five letters split three to two on it)
        hit = nick_at(ctx, clause, words, n) if clause[n].cap else None
        size = hit.length if hit is not None else 0
        if not size:
            continue
        rest = [t.w for t in clause[n + size:n + size + 3] if t.word]
        if any(w in _CONSENT for w in rest[:2]) or (rest[:1] == ["не"] and rest[1:2] and
                                                    rest[1] in _CONSENT):
            return True
    return False


def member_nominates(ctx, clause: list[Tok], kill) -> bool:
    """True when a clan member (not the boss) suggests the clan kill at keyword ``kill`` to
    the host: «Убить предлагаю Катюху», «На убийство предлагаю Лося». Every member may order
    the clan's kill (DECISIONS.md §4 Clan kill: the boss's order first, then the thief's, …),
    so a member's suggestion in a letter to the host is his order. Not when the clause speaks
    to the boss («Босс, убить предлагаю X»: advice between them), names him or his deciding
    («предлагаю боссу», «решать ему»: :func:`suggests_kill` asks), or denies («не»)."""
    me = ctx.sender
    if not me.mafia or me.role == "boss":
        return False
    from .grammar_context import negated, suggested

    words = [t.w for t in clause if t.word]
    cond = next((k for k in range(kill.j, len(clause)) if clause[k].w in ("если", "ежели")),
                len(clause))
    own = [t.w for t in clause[:cond] if t.word]  # («…, если он не ответит»: the condition's
    # «не» denies nothing of the kill; the condition itself is judged with the move)
    if not suggested(clause, kill.i, kill.j) or negated(clause, kill.i) or "не" in own or \
            "бы" in own:
        return False
    if any(w in _BOSS_WORDS or w in _DECIDE_WORDS or w in _CHIEF for w in words) or any(
            boss_ref(ctx, clause, k) for k in range(len(clause)) if clause[k].cap):
        return False
    if {"решай", "решайте", "реши", "решите"} & set(words):
        return False
    return True


def other_decides(ctx, clause: list[Tok], i: int) -> bool:
    """True when the weak «пусть (сам) решает» at ``i`` has no subject of its own and follows
    a player named right before its comma who is not the sender's boss («Голос — Гимли, пусть
    решает за всех»): its implied subject is that player, the sender leaves no move to his
    boss. A subject written after the verb («…, пусть решает дон») is read as usual."""
    if i < 2 or clause[i].w not in ("пусть", "пускай") or clause[i - 1].w != ",":
        return False
    n = i + 1
    while n < len(clause) and clause[n].w in ("сам", "сама", "решает", "решит"):
        n += 1
    if n < len(clause) and clause[n].word and clause[n].w != "за" and (
            boss_ref(ctx, clause, n) or _title(ctx, clause[n].w) or clause[n].cap):
        return False  # («…, пусть решает Дон»: the subject after the verb)
    from .parse_types import nick_at

    words = clause_words(clause)
    boss = my_boss(ctx)
    for k in range(max(0, i - 4), i - 1):
        hit = nick_at(ctx, clause, words, k) if clause[k].word else None
        if hit is None or k + hit.length != i - 1:
            continue
        nicks = {hit.nick} if hit.nick is not None else set(hit.candidates)
        return bool(nicks) and boss not in nicks and ctx.sender.nick not in nicks
    return False
