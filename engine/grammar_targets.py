"""The players a move names: the words after (or before) a keyword (issue 3).

:func:`read_targets` reads the names after a keyword: the first content word must be a
nickname (any case form, a prefix, a near miss, «себя»), further names only after «,», «и» …;
«или» marks alternatives, a pronoun looks back for the one name of its clause
(:func:`antecedent`), and :func:`read_back` finds a name written before its keyword.
``ctx`` is the parser's context: it gives ``nicks`` (the roster) and ``sender`` (an Actor).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from . import grammar_vocab as V
from .grammar_flags import takes_back
from .grammar_rules import Actor
from .grammar_tokens import Tok
from .names import NameHit, name_index
from .words import (
    CYR, common_noun, is_imperative, is_infinitive, is_known_word, is_noun, is_verb, not_a_name,
    person_name, role_words, third_person,
)


class Roster(Protocol):
    """What target reading needs of the parser's context."""

    nicks: tuple[str, ...]
    sender: Actor


@dataclass
class Targets:
    """What the words after a keyword name."""

    hits: list[tuple[NameHit, int, int]] = field(default_factory=list)
    unknown: tuple[str, int] | None = None
    #: the unknown word stands where the name goes, right after the keyword (and its
    #: preposition or colon), and looks like a name (a capital, or no dictionary word)
    unknown_slot: bool = False
    pronoun: bool = False
    alternative: bool = False  # «X или Y»
    statement: bool = False  # «— это …» right after the keyword: it is described, not made
    negated: bool = False  # names after «не» were dropped («лечу не Буку, а Сергея»)
    nobody: bool = False  # «МО никому»
    nobody_named: bool = False  # the words name nobody («никого», «ни за кого»)
    thing: bool = False  # the first word after the keyword is a common noun («проверю почту»)
    roles: list[str] = field(default_factory=list)
    role_at: list[int] = field(default_factory=list)  # token index of each of ``roles``
    end: int = -1  # index after the last token used
    retracted: bool = False  # the names were taken back with no other named («…ой, нет»)


def read_targets(ctx: Roster, actor: Actor, clause: list[Tok], lo: int, hi: int, *,
                 noun: bool = False, reported: bool = False) -> Targets:
    """Names after a keyword (tokens ``[lo, hi)``): the first content word must be a name;
    further names only after «,», «и», «/» … A name after «не» is dropped («лечу не Буку, а
    Сергея»); a further name followed by «—» or «:» starts a new statement and ends the list
    («линч — Бука, Маруська — подозрительная»).

    ``noun``: the keyword is a noun or an infinitive («охота», «голос», «лечить»). Then
    dictionary words up to a comma («охота на ведьм какая-то, Сергей прав») or «вчера»
    before the name («голос вчера ушёл Маруське») make it a statement (``statement``), and so
    does a verb between a reported noun and the name (``reported``: «…, что за охрану решит
    сам»)."""
    idx = name_index(ctx.nicks)
    words = [t.w for t in clause]
    out = Targets()
    expected: frozenset[str] | None = frozenset({"accs"})
    joined = True
    k = lo
    rw = role_words()
    negated: list[int] = []  # hits written after «не» («лечу не Буку, а Кира»)
    neg = skipped = False
    restated: set[str] = set()  # the dictionary words skipped before the first name
    if noun:
        k = _after_header(idx, clause, words, lo, hi)  # «Голоса на «Ярость»: X и Y»
    while k < hi:
        t = clause[k]
        if noun and skipped and not out.hits and t.w in (",", "(") and \
                not restated <= _RESTATE_WORDS:
            out.statement = True
            break
        if not t.word:
            if t.w in (":", "—", "→") and not out.hits:
                expected = None
            elif t.w in V.TARGET_JOINERS:
                joined = True
            elif t.w in ("«", "“", "„", "(") and not out.hits:
                k = _skip_title(idx, clause, words, k, hi)  # «Лучший из Лучших», (remark)
                continue
            elif t.w in ("«", "»", '"', "“", "”", "„", "(", ")"):
                pass
            elif out.hits:
                break
            k += 1
            continue
        w = t.w
        if out.hits and w in _SELF_CORRECTION:
            nxt = _corrected_name(idx, clause, words, k, hi)
            if nxt is None:
                if _retracts(clause, k, hi):
                    out.hits, out.retracted = [], True  # «за Мельника… ой, нет, он же свой»
                break
            out.hits, k, joined, expected = [], nxt[0], True, nxt[1]
            continue
        if w == "это" and not out.hits and k == _first_word(clause, lo):
            out.statement = True
        if w == "как" and out.hits:
            break  # «Охраняю Ворону, как Мышь сказала»
        if w in ("или", "либо") and out.hits:
            out.alternative = joined = True
            k += 1
            continue
        if w in V.TARGET_JOINERS and out.hits:
            joined = True
            k += 1
            continue
        if w in V.VOTE_ORDINALS and out.hits and joined:
            k += 1  # «первый голос — Бегемоту, второй — Доценту»
            continue
        if w in V.PREPOSITIONS:
            expected = V.PREPOSITIONS[w]
            if w in ("в", "во") and actor.role == "fan":
                expected = expected | {"loct"}  # «ищу комиссара в Сове»: her search
            k += 1
            continue
        if not out.hits and not out.pronoun and not skipped and (w in V.SENDER_WORDS or (
                w in V.SENDER_AFTER and k > lo and words[k - 1] in V.SENDER_AFTER[w] and
                actor.role == "guard")):  # «Страж — при мне»; «проверка при мне» is no move
            # «обворую, он у меня любимый клиент»: «меня» after a remark is no target
            out.hits.append((NameHit(ctx.sender.nick, (ctx.sender.nick,), "self"), k, k + 1))
            joined, out.end = False, k + 1
            k += 1
            continue
        if w in V.SELF_WORDS and not out.hits and k > lo and words[k - 1] in _THIRD_PRONOUNS:
            break  # «посмотрим, как он себя поведёт»: his «себя», not the sender
        if w in V.SELF_WORDS:
            if out.hits and not joined:
                if out.hits[-1][0].kind != "self":
                    break
                out.end = k + 1  # «сам себя»
                k += 1
                continue
            if neg:  # «бью не себя, а Барона»
                negated.append(len(out.hits))
                neg = False
            out.hits.append((NameHit(actor.nick, (actor.nick,), "self"), k, k + 1))
            joined, out.end = False, k + 1
            k += 1
            continue
        if (w == V.NEGATION or w == "вместо") and (joined or not out.hits):
            # «вместо Галины — Тётя Клава»: the name after «вместо» is the one replaced
            neg = True
            k += 1
            continue
        if w == "вместо" and not out.hits:
            neg, expected = True, frozenset({"gent"})  # «вместо Галины — Тётя Клава»
            k += 1
            continue
        if out.hits and joined and k > 0 and words[k - 1] in ("—", "-") and not t.cap and \
                not t.quoted and is_known_word(w):
            break  # «ищу комиссара в Сове — совы же по ночам не спят»: a remark, not a name
        hit = idx.exact(words, k, expected)
        if hit is not None and out.hits and _opens_statement(clause, k + hit.length) and \
                not (joined and words[k - 1] in V.PREPOSITIONS):
            # «за Гошу и за Тихоню — оба мутные»: the preposition said again lists a name
            break  # «Линч — Бука, Маруська — подозрительная»: a new «X — …» statement
        bare = not joined and _bare_pair(clause, k, hi, out)
        if hit is not None and out.hits and not joined and \
                _names_end(clause, k + hit.length, hi) and clause[k - 1].word and \
                ctx.sender.nick not in (hit.nick, *hit.candidates) and \
                not _same_player(out.hits[-1][0], hit):
            # «голоса семёныч шмель»: names side by side to the end are a list; not the
            # sender signing («… Бобра Кузя») nor a word of the same nick
            joined = True
        if hit is not None and not out.hits and _not_role_after(words, k + hit.length, hi, rw):
            out.statement = True  # «два дня ищу — то Ромашка не врач, то …»: about him
            break
        if hit is not None and out.hits and joined and \
                _told_of(clause, k + hit.length, len(clause)):
            break  # «слежу за X, за Y и так полгорода следит»: Y belongs to a new statement
        if hit is not None and (joined or not out.hits):
            if neg:
                negated.append(len(out.hits))
                neg = False
            out.hits.append((hit, k, k + hit.length))
            k += hit.length
            joined, out.end, expected = False, k, frozenset({"accs"})
            continue
        if out.hits and not joined and not bare:
            break
        if not out.hits and not out.pronoun and _same_as_before(clause, k, hi):
            out.pronoun, out.end = True, k + 1  # «голос туда же», «линч тоже он»
            k += 1
            continue
        if neg and w in V.PRONOUNS:
            neg = False  # «стреляю не в неё, а в Доцента»: the pronoun is the one not meant
            out.negated = True
            k += 1
            continue
        if not out.hits and (w in V.NOBODY or (w in V.PRONOUNS and not out.pronoun)):
            out.nobody = w in V.NOBODY
            if out.nobody:  # «никого», «ни за кого»; not «ни разу»
                nxt = clause[k + 1].w if k + 1 < len(clause) else ""
                out.nobody_named = w in ("никого", "никому") or nxt in ("за", "кого", "в", "на")
            out.pronoun = not out.nobody
            out.end = k + 1
            if out.nobody:
                break
            k += 1
            continue
        if out.pronoun and w not in V.FILLERS:
            approx = idx.approximate(w) if t.cap and clause[k - 1].w in V.PREPOSITIONS else None
            if approx is not None and approx.kind != "fuzzy":  # «туда же, в Мышь»
                out.pronoun = False
                out.hits.append((approx, k, k + 1))
                out.end = k + 1
                joined = False
                k += 1
                continue
            break  # «ищу его у Сергея»: only a name right after the pronoun
        if w in rw:
            if neg:
                neg = False  # «ищу не врача, а свидетеля»: the role after «не» is not sought
            else:
                out.roles.append(rw[w])
                out.role_at.append(k)
            out.end = k + 1
            k += 1
            continue
        if w in V.FILLERS:
            k += 1
            continue
        known = is_known_word(w)
        # «Малой и Вафля»: a capitalised word joined to a name is read as a name too
        strict = bool(out.hits) and known and not (joined and t.cap and not person_name(w))
        approx = (idx.approximate(w, strict=strict)
                  if len(w) >= 3 and (not strict or t.cap or t.quoted) and
                  not (known and not (t.cap or t.quoted) and is_verb(w)) else None)
        # a verb in lower case is no pet form of a nick («в пару беру Кузю»: not «Берёза»)
        listed = False
        if approx is None and known and out.hits and joined and len(w) >= 3 and \
                _list_item(clause, k, hi) and is_noun(w):
            # «голоса: нуб и пони», «крот, вафля»: a noun alone between the joiners of a list
            # of names that is a word or a pet form of a nick names that player
            loose = idx.approximate(w)
            if loose is not None and loose.kind in ("part", "pet"):
                approx, listed = loose, True
        if approx is not None and out.hits and joined and _told_of(clause, k + 1, len(clause)):
            break  # see _told_of
        if approx is not None and bare and _same_player(out.hits[0][0], approx):
            k += 1  # «Мышь Серая»: the words of one nick in another order
            out.end = k
            continue
        if approx is not None and (listed or not (known and not (t.cap or t.quoted) and
                                                  out.hits)):
            if neg:
                negated.append(len(out.hits))
                neg = False
            out.hits.append((approx, k, k + 1))
            k += 1
            joined, out.end = False, k
            continue
        if out.hits:
            break
        if is_known_word(w) and not (t.quoted or (t.cap and k > 0)):
            if noun and (w in V.PAST_WORDS or (reported and is_verb(w)) or is_imperative(w)
                         or (third_person(w) and lo > 0 and is_infinitive(clause[lo - 1].w))):
                # «Убивать решает Графиня»: somebody else decides the move
                out.statement = True  # «за охрану решит сам»: a verb of its own
                break
            if not skipped and not out.roles and w not in _GAME_NOUNS and common_noun(w):
                out.thing = True  # «проверю почту»: the verb has an object that is no player
            skipped = True
            restated.add(w)
            k += 1
            continue
        if not t.cap and not t.quoted and not_a_name(w):
            skipped = True  # «голосую почти рандомно»: slang that is no noun
            k += 1
            continue
        if not t.cap and not t.quoted and k > lo and words[k - 1] in ("на", "в") and \
                _name_later(idx, words, k + 1, hi):
            skipped = True  # «зову на партейку в преф Кабана»: what for, then whom
            k += 1
            continue
        out.unknown = (t.text, k)
        out.unknown_slot = not skipped and not out.roles and not neg and \
            (t.cap or t.quoted or (CYR.search(w) and not is_known_word(w))) and \
            idx.far_from_all(w)
        out.end = k + 1
        break
    if negated:
        out.hits = [h for n, h in enumerate(out.hits) if n not in negated]
        out.negated = True
    return out


#: Personal pronouns whose «себя» is their own («он себя»), never the sender.
_THIRD_PRONOUNS = frozenset({"он", "она", "оно", "они", "ты", "вы"})

#: Words that say a move stays as it was («Голос прежний, за X», «Голос тот же, за X»): a
#: name after them and a comma restates the move, it is no talk.
_RESTATE_WORDS = frozenset({w for p in V.KEEP_PHRASES + V.OTHER_DAY_PHRASES for w in p}) | {
    "на", "линче", "суде", "мой", "свой"}

#: Common nouns that name players of the game («ищу мафию»): a question, never chatter.
_GAME_NOUNS = frozenset({"мафию", "мафиози", "убийцу", "игрока", "мирного", "мирную", "роль",
                         "человека", "предателя", "злодея", "крысу", "шпиона"})

_SELF_CORRECTION = frozenset({"нет", "вернее", "точнее", "ой", "вру", "то", "нет-нет", "хотя"})


def _corrected_name(idx, clause: list[Tok], words: list[str], k: int, hi: int):
    """«Лечу Кузю… нет, лучше Бобра», «Проверяю Лося, ой, то есть Кузю»: after correction
    words, a name replaces the names read so far. Returns ``(index of that name, expected
    cases)`` or None when no name follows."""
    expected = frozenset({"accs"})
    head = False
    while k < hi:
        t = clause[k]
        if t.word:
            if t.w in V.CORRECTION_WORDS:
                head = head or t.w in V.CORRECTION_HEADS or t.w in ("ой", "то")
            elif t.w in V.PREPOSITIONS:
                expected = V.PREPOSITIONS[t.w]
            elif t.w == V.NEGATION and head and k + 1 < hi and clause[k + 1].word and \
                    some_name(idx, words, k + 1):
                k += 1 + some_name(idx, words, k + 1)  # «ой нет, не Крот: Малой»
                continue
            elif t.w not in V.FILLERS:
                break
        k += 1
    if not head or k >= hi or idx.exact(words, k, expected) is None:
        return None
    return k, expected


def _bare_pair(clause: list[Tok], k: int, hi: int, out: Targets) -> bool:
    """True when word ``k`` is the last word of the clause and comes right after the one
    name read so far, nothing between («голоса Лютик Пони»): a list of two names written
    without a separator."""
    if len(out.hits) != 1 or out.hits[0][2] != k or out.negated or out.roles:
        return False
    return not any(clause[j].word for j in range(k + 1, hi))


def _same_player(a: NameHit, b: NameHit) -> bool:
    """True when two hits may name one player (a candidate in common)."""
    return bool({a.nick, *a.candidates} & {b.nick, *b.candidates} - {None})


def _list_item(clause: list[Tok], k: int, hi: int) -> bool:
    """True when word ``k`` stands alone between a joiner of names («и», «,», «+») right
    before it and the end of the list (the clause's end, a joiner, punctuation) after it."""
    before = clause[k - 1].w if k > 0 else ""
    if before not in V.TARGET_JOINERS and before not in (",", "и"):
        return False
    return k + 1 >= hi or not clause[k + 1].word or clause[k + 1].w in V.TARGET_JOINERS


def some_name(idx, words: list[str], k: int) -> int:
    """Tokens a nickname written at ``k`` takes (a case form, or one word read as a pet or
    short form), 0 when there is none."""
    hit = idx.exact(words, k, None)
    if hit is not None:
        return hit.length
    approx = idx.approximate(words[k]) if len(words[k]) >= 3 else None
    return 1 if approx is not None and approx.kind != "fuzzy" else 0


def _after_header(idx, clause: list[Tok], words: list[str], lo: int, hi: int) -> int:
    """Index of the colon that ends a short heading after a noun keyword with no name in it
    («Голоса на «Ярость»: …», «Голос (тайный): …», «Голос на суде Линча: …»); ``lo`` when
    there is none (the names start right after the keyword)."""
    for c in range(lo, min(hi, lo + 8)):
        if clause[c].w == ":":
            if c > lo and not any(clause[n].word and (idx.exact(words, n, None) or
                                                      words[n] in _ME_WORDS)
                                  for n in range(lo, c)):
                return c
            return lo
        if clause[c].w in ("—", "→"):
            return lo
    return lo


#: The sender or the mover himself before a colon: a target, not a heading («охранять
#: меня: …»).
_ME_WORDS = V.SENDER_WORDS | V.SELF_WORDS | frozenset(V.SENDER_AFTER)


def _retracts(clause: list[Tok], k: int, hi: int) -> bool:
    """True when the correction words from ``k`` hold a head («нет», «вернее»…) and no name
    follows them: the names before are taken back («Голосую за Мельника… ой, нет, он же
    свой»)."""
    words = []
    while k < hi and (not clause[k].word or clause[k].w in V.CORRECTION_WORDS):
        words.append(clause[k].w)
        k += 1
    return takes_back(words)


def _skip_title(idx, clause: list[Tok], words: list[str], k: int, hi: int) -> int:
    """Index after an opening quote or bracket: after the whole quotation when it is a title
    of three words or more with no nickname in it («премию «Лучший из Лучших» Кузе»), or
    after a bracketed remark with no nickname («Линч (раз сегодня Тайна): Петрович»); else
    k + 1."""
    end = k + 1
    close = (")",) if clause[k].w == "(" else ("»", "”", '"')
    while end < hi and clause[end].w not in close:
        end += 1
    inner = [n for n in range(k + 1, end) if clause[n].word]
    least = 1 if close == (")",) else 3
    if end < hi and len(inner) >= least and not any(idx.exact(words, n, None) for n in inner):
        return end + 1
    return k + 1


def _same_as_before(clause: list[Tok], k: int, hi: int) -> bool:
    """«туда же», «он же», «тоже он» at the end of a move: the player named before."""
    w = clause[k].w
    nxt = clause[k + 1].w if k + 1 < hi else ""
    if w == "туда" and nxt == "же":
        return True
    if w in ("он", "она") and (nxt in ("", "же") or not clause[k + 1].word) and \
            k > 0 and clause[k - 1].w in ("тоже", "же", "—", ":"):
        return True
    return False


#: Words after a further name that make it the subject of a new statement («убиваем Ириску,
#: Лось пусть живёт», «охраняю Графиню, Тень сама справится», «…, Графине я сказал»).
_SUBJECT_NEXT = frozenset({"пусть", "пускай", "сам", "сама", "сами", "я", "мы", "он", "она"})


def _opens_statement(clause: list[Tok], k: int) -> bool:
    """True when a dash or colon follows token ``k - 1`` (a name that starts «X — …»), or a
    verb or a subject's word does («…, Лось пусть живёт»)."""
    if k >= len(clause):
        return False
    t = clause[k]
    if t.w in ("—", ":"):
        return True
    return t.word and (t.w in _SUBJECT_NEXT or is_verb(t.w))


def _told_of(clause: list[Tok], k: int, hi: int) -> bool:
    """True when a third-person verb follows token ``k - 1`` in its comma segment (the name
    before it is talked about, not one more target)."""
    for n in range(k, hi):
        t = clause[n]
        if not t.word:
            if t.w in (",", "—", ":", "(", ")"):
                return False
            continue
        if third_person(t.w):
            return True
    return False


def _names_end(clause: list[Tok], k: int, hi: int) -> bool:
    """True when nothing but punctuation follows token ``k - 1`` up to ``hi``."""
    return all(not clause[n].word for n in range(k, hi))
def _not_role_after(words: list[str], k: int, hi: int, rw: dict) -> bool:
    """True when «не» and a role word follow a name («Ромашка не врач»)."""
    return k + 1 < hi and words[k] == V.NEGATION and words[k + 1] in rw


def _name_later(idx, words: list[str], lo: int, hi: int) -> bool:
    """True when a nickname is written in ``words[lo:hi]`` within four words."""
    return any(idx.exact(words, k, None) is not None for k in range(lo, min(hi, lo + 4)))


def _first_word(clause: list[Tok], lo: int) -> int:
    return next((k for k in range(lo, len(clause)) if clause[k].word), len(clause))


def antecedent(ctx: Roster, clause: list[Tok], lo: int, hi: int):
    """The player a pronoun points at («Миралисса, лечу её»): the one nickname written
    earlier in the same clause; None when there are none or several."""
    idx = name_index(ctx.nicks)
    words = [t.w for t in clause]
    found = []
    k = lo
    while k < hi:
        hit = idx.exact(words, k, None) if clause[k].word else None
        if hit is not None:
            found.append((hit, k, k + hit.length))
            k += hit.length
        else:
            k += 1
    nicks = {h.nick for h, _, _ in found}
    if len(found) >= 1 and len(nicks) == 1 and None not in nicks:
        return found[-1]
    return None


def read_back(ctx: Roster, actor: Actor, clause: list[Tok], lo: int, hi: int):
    """A name written before its keyword («Буку лечу», «Serginio — линч»): exact only."""
    idx = name_index(ctx.nicks)
    words = [t.w for t in clause]
    for k in range(hi - 1, lo - 1, -1):
        t = clause[k]
        if not t.word:
            continue
        if t.w in V.SELF_WORDS:
            return NameHit(actor.nick, (actor.nick,), "self"), k, k + 1
        if t.w in V.SENDER_WORDS and actor.role == "guard":  # «Страж, от меня ни на шаг»
            return NameHit(ctx.sender.nick, (ctx.sender.nick,), "self"), k, k + 1
        hit = idx.exact(words, k, None)
        if hit is not None and k + hit.length <= hi:
            return hit, k, k + hit.length
        if t.w not in V.FILLERS and t.w not in V.PREPOSITIONS:
            return None
    return None
