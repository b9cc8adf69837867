"""Words around a name in a target list (issue 3): what ends or restates it (a correction,
«…ой, то есть Кузю», is :mod:`engine.grammar_target_fix`'s).

Predicates :func:`engine.grammar_targets.read_targets` asks about the tokens near a name:
a heading before the names («Голоса на «Ярость»: …»), a
title or remark in quotes or brackets, a name that starts a new statement («Линч — Бука,
Маруська — подозрительная»), a name talked about rather than named («…, за Y и так полгорода
следит»). Indices are token positions in one clause; ``idx`` is a :class:`names.NameIndex`.
"""

from __future__ import annotations

import functools

from typing import TYPE_CHECKING

from . import grammar_vocab as V
from .grammar_tokens import _QUOTES, Tok, clause_words
from .lexicon import lexicon
from .names import NameHit
from .names_qualifier import qualified_owners
from .words import (
    is_known_word, is_noun, is_verb, may_be_name, morph, norm, past_tense, predicate,
    short_adjective, third_person,
)

if TYPE_CHECKING:
    from .grammar_target_types import Targets


def bare_pair(clause: list[Tok], k: int, hi: int, out: Targets) -> bool:
    """True when word ``k`` is the last word of the clause and comes right after the one
    name read so far, nothing between («голоса Лютик Пони»): a list of two names written
    without a separator."""
    if len(out.hits) != 1 or out.hits[0][2] != k or out.negated or out.roles:
        return False
    return not any(clause[j].word for j in range(k + 1, hi))


def same_player(a: NameHit, b: NameHit) -> bool:
    """True when two hits may name one player (a candidate in common)."""
    return bool({a.nick, *a.candidates} & {b.nick, *b.candidates} - {None})


def list_item(clause: list[Tok], k: int, hi: int) -> bool:
    """True when word ``k`` stands alone between a joiner of names («и», «,», «+») right
    before it and the end of the list (the clause's end, a joiner, punctuation) after it."""
    before = clause[k - 1].w if k > 0 else ""
    if before not in V.TARGET_JOINERS and before not in (",", "и"):
        return False
    return k + 1 >= hi or not clause[k + 1].word or clause[k + 1].w in V.TARGET_JOINERS


def some_name(idx, words: list[str], k: int) -> int:
    """Tokens a nickname written at ``k`` takes (a case form, or one word read as a pet or
    short form; «себя», the writer himself: «хотя нет, не себя, а Кузю»), 0 when there is
    none."""
    if words[k] == "себя":
        return 1
    hit = idx.exact(words, k, None)
    if hit is not None:
        return hit.length
    approx = idx.approximate(words[k]) if len(words[k]) >= 3 else None
    return 1 if approx is not None and approx.kind != "fuzzy" else 0


def _pet_named(idx, clause: list[Tok], words: list[str], n: int) -> bool:
    """True when the capitalised word at ``n`` is a player by a pet form or a part of a nick
    right after the sender's own verb («Зову Остапа: он обещал …»; not «отдаю Коту: …», whose
    move is given away): the colon after it closes no heading."""
    w = words[n]
    return clause[n].cap and n > 0 and is_verb(words[n - 1]) and \
        words[n - 1] not in _GIVE_AWAY and len(w) >= 3 and \
        (near := idx.approximate(w)) is not None and near.kind in ("pet", "part", "name")


#: Verbs by which a move is given to another player to make («отдаю Коту: …»).
_GIVE_AWAY = frozenset({"отдаю", "отдам", "передаю", "передам", "поручаю", "доверяю",
                        "оставляю"})


def after_header(idx, clause: list[Tok], words: list[str], lo: int, hi: int) -> int:
    """Index of the colon that ends a short heading after a noun keyword with no name in it
    («Голоса на «Ярость»: …», «Голос (тайный): …», «Голос на суде Линча: …»); ``lo`` when
    there is none (the names start right after the keyword)."""
    depth = counted = 0
    for c in range(lo, min(hi, lo + 20)):
        if clause[c].w == "(":
            depth += 1
        elif clause[c].w == ")" and depth:
            depth -= 1
        elif not depth:
            counted += 1  # («Два голоса, как две сестры (третья где-то в Москве): X и Y»:
            # a bracketed remark in the heading does not count towards its length)
        if counted > 10:
            return lo
        if clause[c].w == ":" and not depth:
            if c > lo and not any(clause[n].word and (idx.exact(words, n, None) or (
                    words[n] in ME_WORDS and not (n > lo and words[n - 1] == "у")) or
                                  (n == lo and _pet_named(idx, clause, words, n)) or
                                  _pronoun_closes(words, n, c))
                                  for n in range(lo, c)):
                # («Голосов у меня нынче два, как бокалов: …»: whose votes, a heading)
                return c
            return lo
        if clause[c].w in ("—", "→"):
            return lo
    return lo


def _pronoun_closes(words: list[str], n: int, c: int) -> bool:
    """True when ``words[n]`` is a pronoun for a player standing last before the colon at
    ``c`` («Голос тоже ему: …», «голос за неё же: …»): the target, then why; no heading."""
    return words[n] in LISTED_PRONOUNS and (n + 1 == c or (n + 2 == c and words[n + 1] == "же"))


#: The sender or the mover himself before a colon: a target, not a heading («охранять
#: меня: …»).
ME_WORDS = V.SENDER_WORDS | V.SELF_WORDS | frozenset(V.SENDER_AFTER)


def skip_title(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int:
    """Index after an opening quote or bracket: after the whole quotation when it is a title
    of three words or more with no nickname in it («премию «Лучший из Лучших» Кузе») or of
    two dictionary words, the first capitalised («на «Иронию судьбы» зову X»; not «на чай»), or
    after a bracketed remark with no nickname («Линч (раз сегодня Тайна): Петрович»); else
    k + 1."""
    end = k + 1
    close = (")",) if clause[k].w == "(" else ("»", "”", '"')
    while end < hi and clause[end].w not in close:
        end += 1
    inner = [n for n in range(k + 1, end) if clause[n].word]
    least = 1 if close == (")",) else 3
    if least == 3 and len(inner) == 2 and clause[inner[0]].cap and not clause[inner[1]].cap and \
            all(is_known_word(clause[n].w) for n in inner):
        least = 2  # «на глинтвейн и «Иронию судьбы» зову X»: two dictionary words, a title
    if end < hi and len(inner) >= least and not any(idx.exact(words, n, None) for n in inner):
        return end + 1
    return k + 1


#: Words that send «туда же» back to an earlier day («куда и вчера», «как в прошлый раз»).
_EARLIER_DAY = frozenset({"вчера", "позавчера", "прошлый", "прошлой", "прошлом", "прошлую",
                          "раньше", "прежде", "прежнему", "всегда"})


def same_as_before(clause: list[Tok], k: int, hi: int) -> bool:
    """«туда же», «тоже туда», «он же», «тоже он» at the end of a move: the player named
    before."""
    w = clause[k].w
    nxt = clause[k + 1].w if k + 1 < hi else ""
    if w == "туда" and nxt == "же":
        # not «туда же, куда и вчера»: the place of an earlier day, not the player named before
        return not any(t.w in _EARLIER_DAY for t in clause[k + 2:min(hi, k + 7)])
    if w == "туда" and k > 0 and clause[k - 1].w == "тоже" and \
            (nxt == "" or nxt in (".", "!", "?", ";", "…", ")")):
        return True  # «голос тоже туда»
    if w in ("он", "она") and (nxt in ("", "же") or not clause[k + 1].word) and \
            k > 0 and clause[k - 1].w in ("тоже", "же", "—", ":"):
        return True
    return False


#: Words after a further name that make it the subject of a new statement («убиваем Ириску,
#: Лось пусть живёт», «охраняю Графиню, Тень сама справится», «…, Графине я сказал»).
SUBJECT_NEXT = frozenset({"пусть", "пускай", "сам", "сама", "сами", "я", "мы", "он", "она"})


def opens_statement(clause: list[Tok], k: int) -> bool:
    """True when a dash or colon follows token ``k - 1`` (a name that starts «X — …»), or a
    verb or a subject's word does («…, Лось пусть живёт»)."""
    if k >= len(clause):
        return False
    t = clause[k]
    if t.w in ("—", ":"):
        return True
    return t.word and (t.w in SUBJECT_NEXT or is_verb(t.w))


def told_of(clause: list[Tok], k: int, hi: int, governed: bool = False,
            named=None) -> bool:
    """True when a predicate (:func:`engine.words.predicate`: a third-person or past verb, a
    short adjective, «жалко») follows token ``k - 1`` in its comma segment: the name before
    it is talked about, not one more target («за Дятла, Чайка со мной согласна»). A name
    ``governed`` by a preposition («и за Михалыча») is no subject: only a third-person verb
    counts then («за X, за Y и так полгорода следит»), not «…и за Михалыча оба хороши».
    ``named(n)``: True when a player is named at token ``n``; the predicate after another
    player's name is his («убиваем немо и гектора чайник охраняет меня»: Чайник guards)."""
    n = k
    while n < hi:
        t = clause[n]
        if not t.word:
            if t.w == "," and (m := _aside_end(clause, n, hi)):
                n = m  # «Лейтенант, говорят, на меня зуб точит»: the aside read past
                continue
            if t.w in (",", "—", ":", "(", ")"):
                return False
            n += 1
            continue
        if named is not None and named(n):
            return False
        if t.w in _NEW_CLAUSE or (n > k and t.w in _OWN_SUBJECTS):
            # «за пашу экзе а охота на пепегу потому что он орёт»: a verb after «а», «потому
            # что» or a subject pronoun of its own is another clause's, not said of the name
            return False
        if (third_person(t.w) or past_tense(t.w)) if governed else \
                (predicate(t.w) or short_adjective(t.w)):
            # (a past verb after a governed name tells of another day: «шарю у Глухаря, у
            # Егеря вчера был»; a short adjective read second by the dictionary: «Собакевич
            # в ветке прав»)
            return True
        if not governed and t.w in _SLANG_PREDICATES:
            return True  # «голос на X, бизон вроде норм пацан»: chat «he's fine», of Бизон
        if not governed and n + 1 < hi and (t.w, clause[n + 1].w) in _SAID_OF:
            return True  # «убиваем Хануму — Гетьман в курсе»
        if not governed and n == k and n + 2 < hi and (t.w, clause[n + 1].w) == ("и", "так") \
                and clause[n + 2].word:
            return True  # «убиваем X, Ромашка и так под подозрением»: «и так» = anyway
        n += 1
    return False


#: Words that open another clause inside a comma segment (a letter dictated with no commas):
#: a predicate after them is not said of the name before them (:func:`told_of`).
_NEW_CLAUSE = frozenset({"а", "но", "потому", "ведь", "чтобы", "если", "хотя"})

#: Subject pronouns: a verb after one (not right after the name) has its own subject.
_OWN_SUBJECTS = frozenset({"он", "она", "оно", "они", "я", "ты", "мы", "вы"})


#: Words said as an aside between commas («X, говорят, …», «X, кажется, …»).
_ASIDES = frozenset({"говорят", "кажется", "видимо", "похоже", "наверное", "наверно", "вроде",
                     "конечно", "кстати", "думаю", "говорю", "слышала", "слышал", "знаете"})


def _aside_end(clause: list[Tok], n: int, hi: int) -> int:
    """The index after «, говорят,» when the comma at ``n`` opens such an aside, else 0."""
    if n + 2 < hi and clause[n + 1].w in _ASIDES and clause[n + 2].w == ",":
        return n + 3
    return 0


#: Two-word predicates said of the name before them («Гетьман в курсе», «Дед не против»).
_SAID_OF = frozenset({("в", "курсе"), ("в", "теме"), ("не", "против")})
#: Chat words that say «he is fine» of the name before them, as a short adjective would.
_SLANG_PREDICATES = frozenset({"норм", "нормас", "ок", "окей", "ok", "okay"})


def names_end(clause: list[Tok], k: int, hi: int) -> bool:
    """True when nothing but punctuation follows token ``k - 1`` up to ``hi``."""
    return all(not clause[n].word for n in range(k, hi))


def not_role_after(words: list[str], k: int, hi: int, rw: dict) -> bool:
    """True when «не» and a role word follow a name («Ромашка не врач»)."""
    return k + 1 < hi and words[k] == V.NEGATION and words[k + 1] in rw


def name_later(idx, words: list[str], lo: int, hi: int) -> bool:
    """True when a nickname is written in ``words[lo:hi]`` within four words."""
    return any(idx.exact(words, k, None) is not None for k in range(lo, min(hi, lo + 4)))


def first_word(clause: list[Tok], lo: int) -> int:
    """Index of the first word token from ``lo`` (``len(clause)`` when there is none)."""
    return next((k for k in range(lo, len(clause)) if clause[k].word), len(clause))


#: «он», «она» opening what follows a named target: a reason about that player.
REASON_PRONOUNS = frozenset({"он", "она"})

#: Verbs of saying: «голос за X она сказала» reports another's words, it gives no reason.
_SAYING = frozenset({"сказал", "сказала", "говорит", "пишет", "написал", "написала",
                     "просит", "просил", "просила", "предлагает", "советует", "велел", "велела"})


def reason_about(clause: list[Tok], t: Tok, hi: int) -> bool:
    """True when the word ``t`` after a target is «он»/«она» opening a reason about that
    player («голос за Zhenyu_K он чет оч тихий сидит»), not reporting what someone said
    («… она сказала»)."""
    if not t.word or t.w not in REASON_PRONOUNS:
        return False
    k = clause.index(t)
    return not any(c.w in _SAYING for c in clause[k + 1:min(hi, k + 3)])


#: Words of a short aside between commas right after a move word («Голосую, как ни жаль, за
#: X», «Лечу, пожалуй, Бобра»): they hold no name and no verb.
_ASIDE_WORDS = frozenset({"как", "ни", "жаль", "увы", "пожалуй", "наверное", "видимо",
                          "конечно", "разумеется", "признаться", "честно", "говоря", "прости",
                          "простите", "уж", "так", "и", "быть", "ну", "что", "ж", "же",
                          "делать", "грустно", "жалко", "обидно", "тем", "не", "менее",
                          # «Голос, к сожалению, за X», «…, к несчастью, …», «…, по-моему, …»
                          "к", "сожалению", "несчастью", "счастью", "по-моему", "всё-таки",
                          "все-таки", "опять", "снова", "тоже", "также", "сегодня",
                          # «Мой голос, стало быть, — X», «Голос, значит, за X»
                          "стало", "значит", "видно", "впрочем", "естественно", "итак",
                          # «Проверка, кстати, — X»
                          "кстати",
                          # clan51: «Убиваем, прости Господи, X», «…, боже мой, …»
                          "господи", "боже", "мой", "ей-богу"})


#: Words after «если» of a turn of speech that sets no condition («Голос, если что, — X»,
#: «Убийство, если спросят, — X», «…, если кто спросит, …»).
_IF_TURN = frozenset({"что", "чё", "че", "чо", "спросят", "спросит", "интересно"})


def _if_turn(clause: list[Tok], n: int, hi: int) -> bool:
    """True when token ``n`` is a word of a turn of speech with «если» that sets no
    condition: «если» before a word of :data:`_IF_TURN` (or «кто», «кому» and such a word),
    or one of those words after it («Голос, если что, — X», «…, если кто спросит, — X»)."""
    w = clause[n].w
    if w == "если":
        nxt = n + 1 + (n + 1 < hi and clause[n + 1].w in ("кто", "кому"))
        return nxt < hi and clause[nxt].w in _IF_TURN
    back = n - 1 - (clause[n - 1].w in ("кто", "кому") and w in _IF_TURN)
    return (w in _IF_TURN or w in ("кто", "кому")) and back >= 0 and clause[back].w == "если" \
        and _if_turn(clause, back, hi)


#: Words that go on to another matter after an aside («Голос — как вчера, а Кузя …»).
_THEN_ON = frozenset({"а", "но", "и", "только", "хотя", "однако", "зато"})


#: The day's events named as a reason after «раз» («раз страх,», «раз полнолуние,»).
_EVENT_REASONS = frozenset({"страх", "полнолуние", "ярость", "затмение", "праздник"})


#: Words between «раз» and the day's event («раз уж сегодня «Ярость»», «раз у нас страх»).
_EVENT_LEAD = frozenset({"уж", "сегодня", "ведь", "же", "у", "нас", "теперь", "нынче"})


def _event_reason(clause: list[Tok], n: int, hi: int) -> int:
    """The index after the comma that closes «(уж) (сегодня) «Ярость»,» from token ``n``
    (right after «раз»): the day's event, perhaps quoted, as a reason; 0 when it is not
    there."""
    lead = 0
    while n < hi and clause[n].w in _EVENT_LEAD and lead < 3:
        n, lead = n + 1, lead + 1
    n += n < hi and clause[n].w in _QUOTES
    if n >= hi or clause[n].w not in _EVENT_REASONS:
        return 0
    n += 1
    n += n < hi and clause[n].w in _QUOTES
    return n + 1 if n < hi and clause[n].w == "," else 0


def _same_as_yesterday(clause: list[Tok], k: int, hi: int) -> int:
    """The index of the name after «тот же(,) что (и) вчера(,) —» from token ``k`` right
    after a move word («голос тот же, что вчера, — Кузя»), the aside of «как вчера» said at
    length; 0 when it is not there or no word follows the dash."""
    if not (k and clause[k - 1].word and k + 1 < hi and clause[k].w in ("тот", "та", "то")
            and clause[k + 1].w == "же"):
        return 0
    n = k + 2
    n += n < hi and clause[n].w == ","
    if not (n < hi and clause[n].w == "что"):
        return 0
    n += 1
    n += n < hi and clause[n].w == "и"
    if not (n < hi and clause[n].w == "вчера"):
        return 0
    n += 1
    n += n < hi and clause[n].w == ","
    if n + 1 < hi and clause[n].w in ("—", "–", ":") and clause[n + 1].word and \
            clause[n + 1].w not in _THEN_ON:
        return n + 1
    return 0


def comma_aside(clause: list[Tok], k: int, hi: int) -> int:
    """Index after a short aside of up to four words of :data:`_ASIDE_WORDS` closed by a
    comma, when token ``k`` is the comma that opens it («Голосую, как ни жаль, за X»);
    else ``k``."""
    if k + 3 < hi and k and clause[k].w == "как" and clause[k - 1].word:
        n = k + 2 if clause[k + 1].w == "и" else k + 1
        if n + 2 < hi and clause[n].w == "вчера" and clause[n + 1].w in ("—", "–", ":") and \
                clause[n + 2].word and clause[n + 2].w not in _THEN_ON:
            return n + 2  # «Линч как вчера — X»: the aside with no comma, then the name
    if (end := _same_as_yesterday(clause, k, hi)):
        return end  # «Голос тот же, что вчера, — X»: the aside, then the name
    if k < hi and k and clause[k].w in ("как", "раз") and clause[k - 1].w in ("—", "–", ":"):
        k -= 1  # (a noun's targets read from after its dash)
    if k >= hi or clause[k].w not in (",", "—", "–", ":"):
        return k
    n = k + 1
    if n + 2 < hi and clause[n].w == "раз" and (end := _event_reason(clause, n + 1, hi)):
        return end  # «По линчу — раз страх, Лёха»: the day's event as the reason
        # («Голоса, раз уж сегодня «Ярость», за X и за Y»)
    as_ = k + 1 < hi and clause[k + 1].w == "как"  # («…, как и вчера, X»)
    while n < hi and clause[n].word and (clause[n].w in _ASIDE_WORDS or (
            as_ and clause[n].w in ("вчера", "обычно", "всегда")) or _if_turn(clause, n, hi)) \
            and n - k <= 4:
        n += 1
    if clause[k].w != "," and not (k + 1 < n and clause[k + 1].w == "как" and n + 1 < hi and
                                   clause[n + 1].word and clause[n + 1].w not in _THEN_ON):
        return k  # after a dash or a colon only «как вчера, X»: «Убийство — как вчера, X»
    return n + 1 if k + 1 < n < hi and clause[n].w == "," else k


#: Demonstratives that open a description of the player instead of his nick («за того, кто…»).
_THAT_ONE = frozenset({"того", "ту", "тех", "этого", "эту", "этих", "тому", "той"})
#: Words that go on with such a description («…, кто вчера…», «…же, что и Лось»).
_WHO = frozenset({"кто", "что", "который", "которая", "которого", "которую", "которые", "кого"})


#: Words before a description of the players a vote is given among («только из тех, кто …»).
_AMONG = frozenset({"только", "лишь", "из", "среди"})

#: The first words a description can open with (the cheap test before the rest).
_OPENS_DESCRIPTION = frozenset({"за", "на", "как", "так"}) | _THAT_ONE


def by_description(idx, clause: list[Tok], k: int, hi: int) -> bool:
    """True when the target after a move word (tokens from ``k``) is another player's choice
    or a description, not a nick: «голос как у Лося», «голосую так же, как Лось», «за того,
    кто вчера голосовал за Петю», «за того же, что и Лось». The name in it is not the target:
    the reply asks (precision first)."""
    if k < hi and clause[k].w == ",":
        return False  # «Голоса, как и писал, Доцент и Бегемот»: an aside, then the names
    first = next((n for n in range(k, hi) if clause[n].word), hi)
    while first + 1 < hi and clause[first].w in _AMONG and clause[first + 1].word:
        first += 1  # «голосую только из тех, кто вчера за X был»: the set described
    if first == hi or clause[first].w not in _OPENS_DESCRIPTION:
        return False  # the common case, decided by the first word
    if any(clause[n].w in ("—", ":") for n in range(first, hi)):
        return False  # «за того, кто молчит — за Буку»: the dash names him
    words = [t.w for t in clause[first:hi] if t.word]
    if words[:1] == ["за"] or words[:1] == ["на"]:
        words = words[1:]
    if not words:
        return False
    if words[:2] == ["так", "же"]:
        words = words[2:]  # («голосую так же.»: nothing after it)
    if not words:
        return False
    if words[:1] == ["как"]:  # «как у Лося», «как и Лось», «как Лось» (not «как обычно»)
        n = 2 if words[1:2] in (["у"], ["и"]) else 1
        return n < len(words) and idx.exact(words, n, None) is not None
    if words[0] in _THAT_ONE:
        rest = words[1:]
        if rest[:1] == ["же"]:
            rest = rest[1:]
        return bool(rest) and rest[0] in _WHO
    return False


#: «Голоса те же», «голос тот же», «такие же»: the same as someone's.
_SAME = frozenset({"тот", "та", "те", "то", "такой", "такая", "такие", "такое"})

#: Words that make «тот же, что …» a day before, not another player («что и вчера»).
_BEFORE = frozenset({"вчера", "вчерашний", "вчерашние", "вчерашнего", "прошлый", "прошлые",
                     "прошлого", "прошлом", "раньше", "прежде", "позавчера", "днем", "днём"})


def same_as_someone(clause: list[Tok], k: int, hi: int) -> bool:
    """True when the words from ``k`` after a move noun say the move is another's («Голоса
    те же, что у него», «голос такой же, как у босса»): no target of the sender's own, the
    reply asks whom (not «тот же, что и вчера»: the sender's own earlier move, read
    elsewhere)."""
    words = [t.w for t in clause[k:hi] if t.word]
    if len(words) < 4 or words[0] not in _SAME or words[1] != "же" or \
            words[2] not in ("что", "как"):
        return False
    rest = words[3:]
    return rest[0] in ("у", "и") and not any(w in _BEFORE for w in rest)


def said_again(clause: list[Tok], last, k: int, hit) -> bool:
    """True when the name at ``k`` repeats, word for word, the name of the hit ``last`` (one
    player written twice: «голоса шурик шурик»), not another word of one nickname."""
    _, i, j = last
    return hit.nick is not None and last[0].nick == hit.nick and \
        [t.w for t in clause[i:j]] == [t.w for t in clause[k:k + hit.length]]


def named_again(clause: list[Tok], last, k: int, hit) -> bool:
    """True when the name at ``k``, after a comma, names the player of the hit ``last`` in
    other words («Лиса старого, Старого Лиса»: one target said twice, not a list; a nick
    merged into one token keeps its own spelling in ``text``)."""
    _, i, j = last
    return k > 0 and clause[k - 1].w == "," and hit.nick is not None and \
        last[0].nick == hit.nick and \
        [t.text.lower() for t in clause[i:j]] != [t.text.lower() for t in clause[k:k + hit.length]]


def dash_remark(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int:
    """Index of the name after a remark between two dashes starting at token ``k`` («— как ни
    жаль — Шмелю»): up to five lower-case words, none a nickname, then the closing dash and a
    nickname; 0 when the dashes hold no such remark."""
    m = k + 1
    while m < min(hi, k + 7) and clause[m].word and not clause[m].cap and \
            idx.exact(words, m, None) is None:
        m += 1
    if m == k + 1 or m + 1 >= hi or clause[m].w != "—" or not clause[m + 1].word:
        return 0
    return m + 1 if idx.exact(words, m + 1, None) is not None else 0


def bracket_remark(idx, clause: list[Tok], words: list[str], k: int, hi: int,
                   nick: str | None) -> int:
    """Index of the joiner after a bracketed remark opening at token ``k`` that a further
    target follows («за Петра Палыча (простите, П.П., но вы сердитый) и ещё за Зубра»): up
    to twenty tokens, no bracket inside and no player named but ``nick`` (the name before
    it), then «)» and «и», «,» or «+» with a word after it (not «, а …»); 0 otherwise."""
    m = k + 1
    while m < min(hi, k + 21) and clause[m].w not in ("(", ")"):
        if clause[m].word and (named := idx.exact(words, m, None)) is not None and \
                not (named.nick is not None and named.nick == nick):
            return 0  # «Котику (Сова) и Мурке»: the bracket says who is meant, asked
        m += 1
    if m == k + 1 or m + 2 >= hi or clause[m].w != ")" or \
            clause[m + 1].w not in ("и", ",", "+") or not clause[m + 2].word or \
            clause[m + 2].w in ("а", "но"):
        return 0
    return m + 1


def pet_later(idx, clause: list[Tok], lo: int, hi: int) -> bool:
    """True when the first capitalised word within five words of ``lo``, before any
    punctuation, is a pet form or a part of a nickname («… в преф Пряничка», «на сериальчик
    и пиццу нашего милого Гномика»)."""
    for k in range(lo, min(hi, lo + 5)):
        if not clause[k].word:
            return False
        if clause[k].cap:
            hit = idx.approximate(clause[k].w)
            return hit is not None and hit.kind != "fuzzy"
    return False


def described(idx, w: str, rw: dict[str, str]) -> NameHit | None:
    """The player a name joined by a hyphen to a role word names («Танюхи-доктора»,
    «Ирины-свидетельницы»: the writer's guess at the role, or her role as he knows it), when
    the name alone names one (not by a slip: no fuzzy match); else None."""
    head, _, tail = w.rpartition("-")
    if not head or "-" in head:
        return None
    if tail not in rw:
        return _qualified(idx, head, tail)
    hit = idx.exact([head], 0, None) or (idx.approximate(head) if len(head) >= 3 else None)
    return hit if hit is not None and hit.kind != "fuzzy" else None


def _qualified(idx, head: str, tail: str) -> NameHit | None:
    """The player a name joined by a hyphen to a word of his nick names when the name alone
    fits several («Ленку-сейлз» for «lena.sales» beside «qa.lena», «Лёху-бэкендера» for
    «Лёха Backend»; :func:`engine.names_qualifier.qualified_owners`), or the one player it
    fits when the word is a word of his nick too: the one candidate the word names; None when the name is no player's, the word names another player, or it
    picks not exactly one."""
    if len(tail) < 2 or len(head) < 2:
        return None
    hit = idx.exact([head], 0, None) or (idx.approximate(head) if len(head) >= 3 else None)
    if hit is None or hit.kind == "fuzzy":
        return None
    if idx.exact([tail], 0, None) is not None:
        return None  # («Мишку-Медведя»: a second player's nick, no qualifier)
    chosen = qualified_owners(tail, hit.candidates or (hit.nick,))
    if not chosen and hit.nick is not None and hit.kind != "part" and len(tail) >= 4 and \
            may_be_name(head) and is_noun(tail) and idx.approximate(tail) is None:
        # «Костика-стажёра»: the one player the name names, and what he is (not a dictionary
        # word's compound, «гномиком-извращенцем»: a thing he was called)
        return hit
    if len(chosen) != 1:
        return None
    nick = chosen.pop()
    return NameHit(nick, (nick,), hit.kind, hit.length)


def possessive(idx, clause: list[Tok], k: int) -> bool:
    """True when a common noun stands at ``k - 1`` and the one-word nickname at ``k`` is
    written in the genitive singular and in no nominative or accusative singular form
    («аватарку Тыквы», not «бедняжку Тыкву», «либо Бульдозера»): it says whose thing that
    is."""
    words = clause_words(clause)
    if not k or not clause[k - 1].word or words[k - 1] in V.PREPOSITIONS:
        return False
    hit = idx.exact(words, k, None)  # (the cheap test first: most words name nobody)
    if hit is None or hit.length != 1 or hit.nick is None:
        return False
    # a nick of several words read as one token (engine.names_merge) is in the case of its
    # first word as written («в гостях Папа Гоши»: «Папа», not «Гоши», says the case)
    w = norm(clause[k].text) if words[k][:1] == "\x00" else words[k]
    return _noun_or_unknown(words[k - 1]) and _genitive_only(w)


@functools.lru_cache(maxsize=20_000)
def _noun_or_unknown(word: str) -> bool:
    """True when ``word``'s likeliest reading is a noun, or the dictionary does not know it."""
    p = morph().parse(word)[0]
    return not p.is_known or p.tag.POS == "NOUN"


@functools.lru_cache(maxsize=20_000)
def _genitive_only(word: str) -> bool:
    """True when ``word`` may be a genitive singular and is no nominative or accusative
    singular («Тыквы», not «Тыкву»)."""
    tags = [p.tag for p in morph().parse(word)]
    return any("gent" in t and "sing" in t for t in tags) and \
        not any(("accs" in t or "nomn" in t) and "sing" in t for t in tags)


#: Pronouns that may stand in a list of names for a player named before («за Кузю и за него
#: же»).
LISTED_PRONOUNS = frozenset({"его", "ее", "её", "ему", "ей", "него", "нее", "неё", "нему",
                              "ней"})

#: Words that join the elements of a list of targets.
LIST_JOINERS = frozenset({"и", ",", "+", "плюс", "также"})


def listed_after(words: list[str], pron_at: int, k: int) -> bool:
    """True when a joiner of a list stands between the pronoun at ``pron_at`` and the name at
    ``k`` («него же и за Кузю»): the pronoun is one of the targets, not an apposition of the
    name («туда же, в Мышь»)."""
    return pron_at >= 0 and words[pron_at] in LISTED_PRONOUNS and any(
        words[n] in LIST_JOINERS for n in range(pron_at + 1, k))


def pronoun_ends(clause: list[Tok], k: int, hi: int) -> bool:
    """True when the pronoun at ``k`` ends its part of the clause (only «же», then a mark or
    the end of the clause): it is a listed target, not the object of a move word after it."""
    for n in range(k + 1, min(hi, len(clause))):
        if not clause[n].word:
            return True
        if clause[n].w != "же":
            return False
    return hi >= len(clause) or not clause[hi].word


@functools.lru_cache(maxsize=20_000)
def attribute_of(adjective: str, noun: str) -> bool:
    """True when ``adjective`` may be an adjective agreeing with the common noun ``noun`` (same
    case and number, and gender in the singular: «старый фильм», «старого фильма»): a word of
    a nick written so is an attribute, not the player («приглашаю на старый фильм»)."""
    adj = [p.tag for p in morph().parse(adjective) if p.tag.POS == "ADJF"]
    if not adj or not is_known_word(noun):
        return False
    for n in morph().parse(noun):
        t = n.tag
        if t.POS != "NOUN" or "Name" in t or "Surn" in t:
            continue
        for a in adj:
            if a.case == t.case and a.number == t.number and (
                    t.number == "plur" or a.gender == t.gender or "ms-f" in t):
                return True
    return False


def colon_after(words: list[str], k: int, hi: int) -> bool:
    """True when a «:» (or a dash) follows at ``k`` after filler words, a count and a verb
    of using only («у меня сегодня: …», «голосов у меня два: …», «голос у меня сегодня один
    использую — за X»)."""
    while k < hi and (words[k] in V.FILLERS or words[k] in _COUNTS or words[k] in _USE):
        k += 1
    return k < hi and words[k] in (":", "—", "–")


#: How many moves the sender has, between «у меня» and the colon («голосов у меня два: …»).
_COUNTS = frozenset({"два", "две", "2", "двое", "оба", "нынче", "сегодня", "один", "одна",
                     "1", "только"})

#: Verbs of using a vote, between «у меня» and the dash («голос у меня один использую — …»).
_USE = frozenset({"использую", "трачу", "потрачу", "задействую"})


def next_verb_object(clause: list[Tok], k: int) -> bool:
    """True when token ``k`` is a move verb in the first person («…и катюху мочим», «…и
    Бобра проверяю»): the name right before it is that move's object, said before its verb,
    not one more name of the list before."""
    if k >= len(clause) or not clause[k].word:
        return False
    lex = lexicon()
    return clause[k].w in lex.words and clause[k].w in lex.first


def object_form(idx, w: str, hit, expected: frozenset[str] | None) -> bool:
    """True when the one-word name ``w`` (read as ``hit``) is written only in a case the move
    word asks for (``expected``), never in the nominative: the move's object, not a
    subject."""
    cases = idx.single.get(w, {}).get(hit.nick) if hit.nick is not None else None
    return bool(expected and cases and "nomn" not in cases and cases & expected)


def written_object(t, hit, expected: frozenset[str] | None) -> bool:
    """True when the name at token ``t`` (read as ``hit``, a nickname of several words or
    one merged token: «Нину Заречную», «Графиню Розину») opens with a word the dictionary
    reads only in a case the move word asks for (``expected``), never in the nominative:
    «Убиваем Кармен и Нину Заречную — пусть улетают вместе» lists her, the remark after the
    dash is no «Нина — …» statement. An unknown or indeclinable word tells nothing."""
    if not expected or hit.nick is None or not (hit.length > 1 or t.w[:1] == "\x00"):
        return False
    word = t.text.lower().replace("ё", "е")
    if not word.isalpha() or not is_known_word(word):
        return False
    cases = {p.tag.case for p in morph().parse(word)}
    return "nomn" not in cases and bool(cases & expected)


#: Words that open a remark about a player after a comma («…, этот шизоид меня напрягает»).
_REMARK_SUBJECTS = frozenset({"этот", "эта", "он", "она", "они", "тот", "та"})


#: Past verbs of telling or deciding in a remark «как X сказал» after a list of names.
_TOLD = frozenset({"сказал", "сказала", "сказали", "велел", "велела", "решил", "решила",
                   "решили", "приказал", "приказала", "просил", "просила", "договаривались",
                   "договорились", "написал", "написала"})


def as_told(words: list[str], k: int) -> bool:
    """True when «как» at ``k`` opens a remark of who told or decided it, with a past verb
    of telling within three words («— как Граф сказал», «— как и договаривались»): it is of
    the whole list before the dash, no new statement about the last name."""
    return k < len(words) and words[k] == "как" and \
        any(w in _TOLD for w in words[k + 1:k + 4])


def plural_verb(after: list[str]) -> bool:
    """True when the one word of ``after`` is a verb of the third person plural («…Тень и
    Лось — ходят парой»): the remark after the dash is of both names, no new statement."""
    if not after or not after[0].isalpha():
        return False
    tag = morph().parse(after[0])[0].tag
    return tag.POS == "VERB" and "plur" in tag and "3per" in tag


def remark_before(clause, lo: int, k: int) -> bool:
    """True when a comma between tokens ``lo`` and ``k`` opens a remark about a player
    («…, этот шизоид меня напрягает», «…, он меня бесит»): a «меня» in it is no target."""
    return any(clause[n].w == "," and (clause[n + 1].w in _REMARK_SUBJECTS or (
        clause[n + 1].w in ("пусть", "пускай") and clause[n + 2].w == "у"))
               for n in range(lo, k - 1))  # («…, пусть у меня посидит»: where, not whom)
