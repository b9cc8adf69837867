"""Questions in a letter (issue 11): a clause that asks never gives moves
(:func:`is_question`), unless its question only supposes why the move before it is made
(«Проверяю Пончика — вдруг он доктор?»).
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_keywords import keyword_at, keyword_first
from .grammar_tokens import Tok
from .words import first_singular, is_imperative, is_infinitive, third_person


def is_question(text: str, clause: list[Tok]) -> bool:
    """A clause ending in «?» asks, it does not order: it never gives moves. So does one a
    phone writer left without «?» that opens as a question («ведущий а можно лечить себя»,
    «почему проверка не удалась»)."""
    rest = text[clause[-1].end:clause[-1].end + 8].lstrip(" )»\"")
    if not rest.startswith("?"):
        return asks_openly(clause)
    return not _supposed_reason(clause) and _confirming_tag(clause) < 0 and \
        _quoted_question(text, clause) < 0 and request_tag(clause) < 0


def asked_rule_cut(text: str, clause: list[Tok]) -> list[Tok]:
    """The clause without a remark that only asks to confirm the rule its move relies on
    (:func:`_confirming_tag`): «поохочусь на Кузю — охота ведь разрешена, да?» → «поохочусь на
    Кузю»; any other clause as it is."""
    rest = text[clause[-1].end:clause[-1].end + 8].lstrip(" )»\"")
    if not rest.startswith("?"):
        return clause
    d = _confirming_tag(clause)
    if d < 0:
        d = _quoted_question(text, clause)
    if d < 0:
        d = request_tag(clause)
    return clause[:d] if d > 0 else clause


def _quoted_question(text: str, clause: list[Tok]) -> int:
    """«Заглядываю к Нюше: «Нюша, а ты не доктор?»»: the question is said inside quotation
    marks opened after a move word of the clause (speech in the story, to the player the move
    names), not asked of the host: the move before the quote is an order. Returns the index
    of the first token inside the quote, or -1."""
    end = clause[-1].end
    if not text[end:end + 3].lstrip(" ").startswith("?»"):
        return -1
    q = text.rfind("«", clause[0].start, end)
    if q < 0 or "»" in text[q:end]:
        return -1
    d = next((k for k, t in enumerate(clause) if t.start > q), -1)
    first = keyword_first()
    if d < 2 or not any(clause[k].word and clause[k].w in first and keyword_at(clause, k)
                        for k in range(d)):
        return -1
    while d > 1 and not clause[d - 1].word:
        d -= 1  # (the colon and the opening mark go with the quote)
    return d


def asks_openly(clause: list[Tok]) -> bool:
    """True when the clause opens as a question (:data:`engine.grammar_vocab.ASKING` after at
    most three words of :data:`engine.grammar_vocab.ASKING_LEAD`): «ведущий а можно лечить
    себя» written with no «?»."""
    n = 0
    for t in clause:
        if not t.word:
            continue
        if t.w in V.ASKING:
            return True
        if t.w not in V.ASKING_LEAD or n == 3:
            return False
        n += 1
    return False


def _supposed_reason(clause: list[Tok]) -> bool:
    """«Проверяю Пончика — вдруг он доктор?», «Голосую за X — ну кто так пишет?»: the question
    after the last dash only supposes or asks rhetorically why (:func:`_rhetorical`: it opens
    with «вдруг», «кто», «разве» …, or holds «ведь») and holds no move word, and the clause
    weighs no choice («или»); the move before it is an order."""
    d = max((k for k, t in enumerate(clause) if t.w in ("—", "–")), default=-1)
    if d < 1:  # «Отдаю Пчёлке: она хихикала, а над чем тут хихикать?»: the reason after a colon
        d = max((k for k, t in enumerate(clause) if t.w == ":"), default=-1)
    if d < 1:  # «Голосую за X, потому что 1С опять лежит, совпадение?»: a reason after a comma
        d = next((k - 1 for k in range(2, len(clause)) if clause[k - 1].w == "," and
                  _reason_at(clause, k)), -1)
    if d < 1:  # «Лечу Кекса, а кто ещё его вылечит?», «Проверяю X, а вдруг он маф?»
        d = max((k - 1 for k in range(2, len(clause) - 1) if clause[k - 1].w == "," and
                 clause[k].w in ("а", "ну") and clause[k + 1].w in _SUPPOSING), default=-1)
    if d < 1 or d + 1 >= len(clause):
        return False
    tail = [k for k in range(d + 1, len(clause)) if clause[k].word]
    while len(tail) > 1 and clause[tail[0]].w in ("а", "ну"):
        tail = tail[1:]  # «— а вдруг он доктор?», «— ну кто так пишет?», «— ну а вдруг?»
    if not tail or not _rhetorical(clause, tail) or any(t.w == "или" for t in clause):
        return False
    first = keyword_first()
    if any(clause[k].w in first and keyword_at(clause, k) and not _they_do(clause[k].w) and
           not _whose_deed(clause, tail, k) for k in tail):
        return False  # (a move word of the tail; not «…, когда людей убивают?»: what they do)
    return any(clause[k].word and clause[k].w in first and keyword_at(clause, k)
               for k in range(d)) or \
        any(clause[k].w in V.VOTE_ORDINALS and clause[k + 1].w in ("отдаю", "даю", "отдам")
            for k in range(d - 1))  # «А первый отдаю X: …» (a two-vote day's ordinal)


def _they_do(w: str) -> bool:
    """True when ``w`` is a verb in the third person plural («убивают», «лечат»): what
    people do, no move of the sender's."""
    return w.endswith(("ют", "ят", "ут", "ат")) and third_person(w)


def _whose_deed(clause: list[Tok], tail: list[int], k: int) -> bool:
    """True when the move word at ``k`` of the rhetorical tail is said of «кто» before it, in
    the infinitive or the third person («— кто ж вас лечить будет?», «…, а кто ещё его
    вылечит?»): who else would do it, no move of the sender's asked."""
    if not any(clause[n].w == "кто" for n in tail if n < k) or \
            any(clause[n].cap for n in tail if n > k):
        return False  # (not «— а кто будет лечить Бобра?»: a player named, asked)
    w = clause[k].w
    return is_infinitive(w) or (third_person(w) and not _they_do(w))


def _reason_at(clause: list[Tok], k: int) -> bool:
    """True when a reason opens at token ``k``: «потому что», «так как», «ибо», «поскольку»."""
    w = clause[k].w
    return w in ("ибо", "поскольку") or (
        k + 1 < len(clause) and (w, clause[k + 1].w) in (("потому", "что"), ("так", "как")))


def _rhetorical(clause: list[Tok], tail: list[int]) -> bool:
    """True when the words ``tail`` (indices of the clause's words after its last dash) ask
    only rhetorically: the tail, or a comma part of it, opens (after «а», «ну», «но», «и») with
    a word of :data:`_SUPPOSING` («— вдруг он доктор?», «— у него такие умные глаза, ну разве
    может быть иначе?»), or the tail holds «ведь» («— это ведь не может быть просто мирный?»)."""
    if any(clause[k].w == "ведь" for k in tail):
        return True
    if _reason_at(clause, tail[0]):
        return True  # «— потому что 1С у нас опять лежит, совпадение?»: asked within the reason
    starts = [tail[0]] + [k for k in tail[1:] if clause[k - 1].w == ","]
    for k in starts:
        pos = tail.index(k)
        but = clause[k].w in ("а", "но")
        if clause[k].w in ("а", "ну", "но", "и") and pos + 1 < len(tail):
            k = tail[pos + 1]  # «— а вдруг он доктор?», «— ну кто так пишет?»
        if clause[k].w in _SUPPOSING:
            return True
        if clause[k].w in _TELL_BACK and not any(clause[n].w in _RULE_WORDS or
                                                 clause[n].w in ("ли", "можно") for n in tail):
            return True  # «— скажешь утром, кто она?»: the result asked for, the move told
        if but and pos > 0 and clause[k].w in _WHY and \
                not any(clause[n].w in _RULE_WORDS for n in tail):
            return True  # «: она хихикала, а над чем тут хихикать?» (a statement before it)
    return False


#: The tag that ends a question asking only to confirm the rule a move relies on («…, я
#: правильно понял?», «…, верно?», «…, да?»).
_TAGS = (("я", "правильно", "понял"), ("я", "правильно", "поняла"), ("правильно", "понимаю"),
         ("я", "правильно", "понимаю"), ("правильно", "понял"), ("правильно", "поняла"),
         ("верно",), ("да",), ("так", "ведь"), ("ведь", "так"), ("не", "так", "ли"),
         ("правильно",))


def _confirming_tag(clause: list[Tok]) -> int:
    """«Поохочусь на Кузю — охота ведь мирным разрешена, я правильно поняла?»: a first-person
    move word before the last dash, and after it a remark on the rule that ends in a tag
    asking to confirm it; the remark names nobody (no capitalised word) and holds no move
    word of another kind than the move's. The move is an order; the host answers the rest.
    Returns the dash's index, or -1."""
    d = max((k for k, t in enumerate(clause) if t.w in ("—", "–")), default=-1)
    if d < 1 or d + 2 >= len(clause):
        return -1
    words = [t.w for t in clause[d + 1:] if t.word]
    if not any(len(words) > len(tag) and tuple(words[-len(tag):]) == tag and
               clause[-len(tag) - 1].w == "," for tag in _TAGS):
        return -1
    if any(t.word and t.cap and t.w not in ("вы", "вас", "вам", "ведущий") for t in clause[d + 1:]):
        return -1
    first = keyword_first()
    before = {kw.cls for k in range(d) if clause[k].word and clause[k].w in first
              for kw in [keyword_at(clause, k)] if kw is not None and not kw.weak}
    if not before:
        return -1
    after = {kw.cls for k in range(d + 1, len(clause)) if clause[k].word and clause[k].w in first
             for kw in [keyword_at(clause, k)] if kw is not None}
    return d if after <= before else -1


#: The one-word tag that turns a move into a request for the host's nod («проверь мне X, а?»,
#: «ворую у X, ок?», «Голосую за X, правильно?»), or asks only whether the letter came in time
#: («Голосую за X и Y, успел?»: the timing question is answered by the reply, mailer.questions).
_REQUEST_TAGS = frozenset({"а", "ок", "окей", "ok", "ладно", "хорошо", "правильно", "верно", "норм",
                           "нормально", "годится", "пойдёт", "пойдет", "успел", "успела", "успеваю"})

#: Two-word tags of the same kind («…, я успел?», «…, не поздно?», «…, всё верно?»).
_REQUEST_TAGS2 = frozenset({("я", "успел"), ("я", "успела"), ("успел", "я"), ("успела", "я"),
                            ("не", "поздно"), ("не", "опоздал"), ("не", "опоздала"), ("всё", "верно"),
                            ("все", "верно"), ("всё", "правильно"), ("все", "правильно"), ("я", "успеваю")})

#: Words that make the clause before such a tag a question after all: it asks leave or
#: wavers («давай я X проверю, а?», «может, полечить X, а?»).
_ASKING_LEAVE = frozenset({"давай", "давайте", "может", "можно", "если", "или", "либо", "ли",
                           "кого", "кто", "где", "куда", "кому"})


def request_tag(clause: list[Tok]) -> int:
    """«Ведущий, проверь мне Вольво, а?», «Ворую у Лося, ок?»: a move word in the first
    person singular or the imperative, then a comma and one tag word (:data:`_REQUEST_TAGS`,
    or two: :data:`_REQUEST_TAGS2`) before the «?»: the move is told, the tag only asks for
    the host's nod. Not when the clause asks leave or wavers (:data:`_ASKING_LEAVE`: «давай
    я X проверю, а?») or its move word is an infinitive («может пошизить себя, а?»). Returns
    the comma's index, or -1."""
    if len(clause) >= 4 and clause[-1].w in _REQUEST_TAGS and clause[-2].w == ",":
        d = len(clause) - 2
    elif len(clause) >= 5 and (clause[-2].w, clause[-1].w) in _REQUEST_TAGS2 and clause[-3].w == ",":
        d = len(clause) - 3
    else:
        return -1
    if any(t.w in _ASKING_LEAVE or t.w in V.ASKING for t in clause[:d]):
        return -1
    first = keyword_first()
    for k in range(d):
        if not (clause[k].word and clause[k].w in first):
            continue
        kw = keyword_at(clause, k)
        if kw is not None and not kw.negated and (first_singular(clause[k].w) or
                                                  is_imperative(clause[k].w)):
            return d
    return -1


#: Words that open a supposition given as the reason of a move («— вдруг он доктор?»), or a
#: rhetorical question that is the reason («Голосую за X, он пишет «всех зашизю» — ну кто так
#: пишет?»).
_SUPPOSING = frozenset({"вдруг", "кто", "разве", "неужели"})

#: The host's telling in the second person («Проверяю X — скажешь утром, кто она?»): the
#: question asks for the result of the move told before it, not leave to make it.
_TELL_BACK = frozenset({"скажешь", "скажете", "сообщишь", "сообщите", "напишешь", "напишете",
                        "расскажешь", "расскажете", "подскажешь", "подскажете", "ответишь",
                        "ответите", "шепнёшь", "шепнешь", "шепнёте", "шепнете"})

#: Words opening a «why» asked after «а»/«но» and a statement of the reason («она хихикала,
#: а над чем тут хихикать?», «…, а зачем так делать?»): rhetorical.
_WHY = frozenset({"зачем", "почему", "отчего", "над", "чего"})

#: Words that make a «why» a question on the rules («…, а почему нельзя?»): asked.
_RULE_WORDS = frozenset({"можно", "нельзя", "разрешено", "запрещено", "правила", "правилам"})
