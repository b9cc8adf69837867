"""Names written away from the keyword's list (issue 3): a pronoun's antecedent
(«Миралисса, лечу её») and a name before its keyword («Буку лечу»).

``ctx`` is the parser's context (:class:`engine.grammar_target_types.Roster`): ``nicks`` and
``sender``.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from . import grammar_vocab as V
from .grammar_antecedent import alive_only, clauses_before
from .grammar_rules import Actor
from .grammar_tokens import Tok, clause_words, match_phrase
from .lexicon import lexicon
from .names import NameHit, name_index
from .words import is_infinitive, is_known_word, morph, norm, role_words
from .words_endings import CYR

if TYPE_CHECKING:
    from .grammar_target_types import Roster


def apposition(ctx: Roster, clause: list[Tok], k: int):
    """The player a pronoun ending at ``k`` is named as right after it, after a comma and
    perhaps its preposition again («Голос за неё же, за Маргошу»; a word of when may stand
    before the comma: «Лечу её сегодня, Розу Марковну»): (hit, start, end), or None."""
    if k < len(clause) and clause[k].w == "же":
        k += 1
    k = _past_adverbs(clause, k)
    if k + 1 >= len(clause) or clause[k].w != ",":
        return None
    k += 1
    if clause[k].w in V.PREPOSITIONS:
        k += 1
    hit = name_index(ctx.nicks).exact(clause_words(clause), k, None) if k < len(clause) else None
    if hit is None or hit.nick is None:
        return None
    end = k + hit.length
    return (hit, k, end) if end == len(clause) or not clause[end].word else None


#: Words of when or again that may stand between a pronoun and the name it is said as
#: («Лечу её сегодня, Розу Марковну», «голос за него опять, за Лиса»): tonight's move, no
#: other day («завтра» is not here).
_WHEN_WORDS = frozenset({"сегодня", "опять", "снова", "вновь", "тоже", "также", "ещё", "еще",
                         "ночью", "сейчас", "теперь"})


def _past_adverbs(clause: list[Tok], k: int) -> int:
    """``k`` moved past at most two words of :data:`_WHEN_WORDS` standing at it."""
    n = k
    while n < len(clause) and n - k < 2 and clause[n].word and clause[n].w in _WHEN_WORDS:
        n += 1
    return n


def alone_self(clause: list[Tok], k: int) -> bool:
    """True when «сам», «сама» at ``k`` (after «я») ends its phrase («голос за Графа, это я
    сам»): after a target, the sender as the one who moves (not «я сам себя»; «лечение — я
    сама» with no target before is herself as the target)."""
    return clause[k].w[:3] == "сам" and (k + 1 == len(clause) or not clause[k + 1].word)


def unnamed_pronoun(ctx: Roster, clause: list[Tok], tg) -> int | None:
    """``tg.listed_pronoun`` (a pronoun listed beside the targets ``tg`` read), or None when
    the one target read names it right after it (:func:`apposition`)."""
    k = tg.listed_pronoun
    if k is None or len(tg.hits) != 1:
        return k
    named = apposition(ctx, clause, k + 1)
    if named is not None and named[1] == tg.hits[0][1]:
        return None
    # «голос за него, за Лиса», «за ней, ну за Ксю»: the one target read (by any form of
    # the name) stands right after the pronoun, a comma and perhaps «ну» and the preposition
    return None if _named_after(clause, k + 1) == tg.hits[0][1] else k


def _named_after(clause: list[Tok], k: int) -> int | None:
    """Where a name may start right after a pronoun ending at ``k``: after «же», a comma,
    «ну» and the preposition again («за неё же, ну за Ксю»); None when no comma follows."""
    if k < len(clause) and clause[k].w == "же":
        k += 1
    if k + 1 >= len(clause) or clause[k].w != ",":
        return None
    k += 1
    if clause[k].w == "ну":
        k += 1
    if k < len(clause) and clause[k].w in V.PREPOSITIONS:
        k += 1
    return k


def antecedent(ctx: Roster, clause: list[Tok], lo: int, hi: int, pronoun: str = "",
               besides: str | None = None, asked: bool = False):
    """The player a pronoun points at («Миралисса, лечу её»): the one nickname written
    earlier in the same clause; None when there are none or several. With two players
    named, the ``pronoun``'s gender may settle it: «Мадам Жужу вчера голосовала за Бизона —
    голосую за неё» (the other one's name is surely of the other gender). ``besides``: a
    player (the sender telling of himself in the third person: «Бабайка живёт у Кирюхи»)
    who is no antecedent when another player is named beside him. ``asked``: a pet form
    that is the clause's only name and fits several players («Толика зову, мне с ним
    понравилось» with «Толик 4x4» and «Толян») is returned as that ambiguous reading, for
    the move to be asked about rather than lost."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    found = []
    k = lo
    while k < hi:
        hit = idx.exact(words, k, None) if clause[k].word else None
        if hit is not None:
            found.append((alive_only(ctx, hit), k, k + hit.length))
            k += hit.length
        else:
            k += 1
    if besides is not None and any(h.nick != besides for h, _, _ in found):
        found = [f for f in found if f[0].nick != besides]
    if len({h.nick for h, _, _ in found}) > 1:
        found = _capitals_over_words(clause, found)
    nicks = {h.nick for h, _, _ in found}
    if len(found) >= 1 and len(nicks) == 1 and None not in nicks:
        return found[-1]
    if not found:  # «Ведущий, Кисуленька мне понравилась, зову её опять»
        pets = [p for p in (_pet_first(idx, clause, k, k) for k in range(lo, hi)
                            if clause[k].word and clause[k].cap) if p is not None]
        if len({h.nick for h, _, _ in pets}) == 1 and pets[0][0].nick is not None:
            return pets[-1]
        if asked and pets and len({h.candidates for h, _, _ in pets}) == 1 and \
                pets[0][0].nick is None and len(pets[0][0].candidates) > 1:
            return pets[-1]
    want = PRONOUN_GENDER.get(pronoun)
    if want is None or len(nicks) != 2 or None in nicks:
        return None
    fits = [f for f in found if written_gender(clause[f[1]].text) == want]
    other = [f for f in found if f[0].nick not in {h.nick for h, _, _ in fits}]
    if len({h.nick for h, _, _ in fits}) == 1 and other and all(
            written_gender(clause[f[1]].text, known=True) not in (None, want) for f in other):
        # only the dictionary's genders rule the other out: a guessed one calls «Громозека»,
        # «Кузя» feminine
        return fits[-1]
    # «Кэт вчера голосовала за Dr.Who, вот его и шизю»: the verb a name is the subject of
    # tells its gender (a past tense agrees), so only the other one fits the pronoun
    genders = [_agreed(clause, f[2], hi) or written_gender(clause[f[1]].text, known=True) or
               nick_gender(f[0].nick) for f in found]
    left = [f for f, g in zip(found, genders) if g is None or g == want]
    if len({h.nick for h, _, _ in left}) == 1 and len(left) < len(found):
        return left[-1]
    return None


def _capitals_over_words(clause: list[Tok], found: list) -> list:
    """``found`` (hits of several players) without those written in lower case as the common
    word a nickname is («по итогам прослушки звонков … сотрудника: SLA_Boss. Проверяю его»:
    the nick Прослушка is the word «прослушка» there) when every other hit is written with a
    capital; else ``found`` as it is."""
    common = [f for f in found if f[2] - f[1] == 1 and not clause[f[1]].cap and
              f[0].nick is not None and common_word(clause[f[1]].w)]
    if not common or len(common) == len(found) or \
            not all(clause[f[1]].cap for f in found if f not in common):
        return found
    return [f for f in found if f not in common]


def common_word(w: str) -> bool:
    """True when the lower-case ``w`` is a dictionary noun that is no given name or
    surname (every reading of it so)."""
    if not is_known_word(w):
        return False
    parses = [p for p in morph().parse(w) if p.is_known]
    return bool(parses) and all(p.tag.POS == "NOUN" and not {"Name", "Surn", "Patr"} &
                                p.tag.grammemes for p in parses)


#: Words that may stand between a name and the verb it is the subject of («Кэт вчера
#: голосовала»).
_BEFORE_VERB = frozenset({"вчера", "сегодня", "опять", "снова", "тоже", "же", "уже", "всё",
                          "все", "ведь", "прямо"})


def _agreed(clause: list[Tok], k: int, hi: int) -> str | None:
    """The gender of the past-tense verb in the singular right after a name ending at
    ``k`` (words of :data:`_BEFORE_VERB` between): «Кэт вчера голосовала» → femn; None when
    no such verb follows."""
    while k < hi and clause[k].word and clause[k].w in _BEFORE_VERB:
        k += 1
    if k >= hi or not clause[k].word:
        return None
    tag = morph().parse(clause[k].w)[0].tag
    if tag.POS == "VERB" and tag.tense == "past" and tag.number == "sing" and \
            tag.gender in ("masc", "femn"):
        return tag.gender
    return None


#: The gender of a third-person pronoun («её» points at a woman's or a feminine nick).
PRONOUN_GENDER = {w: "femn" for w in ("ее", "её", "нее", "неё", "ей", "ней", "ею", "нею",
                                      "она")} | \
    {w: "masc" for w in ("его", "него", "ему", "нему", "им", "ним", "он")}


@functools.lru_cache(maxsize=1024)
def nick_gender(nick: str) -> str | None:
    """The gender of a Cyrillic nickname of two words or more read in the nominative
    («Валентина Сергеевна» → femn: a given name and a patronymic), when every word the
    dictionary knows as a name or patronymic agrees; None otherwise (a one-word nick, whose
    written form tells, or a Latin one)."""
    words = [w for w in re.split(r"[^\w]+|_", norm(nick)) if w]
    if len(words) < 2 or not all(CYR.search(w) for w in words):
        return None
    genders = set()
    for w in words:
        for p in morph().parse(w)[:4]:
            if p.is_known and {"Name", "Patr"} & p.tag.grammemes and p.tag.case == "nomn" \
                    and p.tag.number == "sing":
                genders.add(p.tag.gender)
    return genders.pop() if len(genders) == 1 and genders <= {"masc", "femn"} else None


@functools.lru_cache(maxsize=4096)
def written_gender(text: str, known: bool = False) -> str | None:
    """The grammatical gender of a name as written (its first word: «Мадам Жужу» → femn,
    «Бизона» → masc), when every noun reading of it agrees; None when unknown or both
    («Маруська», «Саша», a Latin nick). ``known``: only the dictionary's own readings count
    (a guessed one calls «Кирюхи» a feminine thing)."""
    word = norm(text.replace("\x00", "").split()[0]) if text.strip() else ""
    genders = {p.tag.gender for p in morph().parse(word)[:4] if p.tag.POS == "NOUN" and
               (p.is_known or not known)}
    return genders.pop() if len(genders) == 1 and genders <= {"masc", "femn"} else None


def named_before(ctx, pronoun: str = "") -> tuple | None:  # ctx: engine.parse_types.Ctx
    """The one player the previous clause names («Сегодня в моём списке — Максик. Маньячу
    его.»), or, when it names nobody, the clause before it («Сегодня позирует мне
    Пульхерия. Портрет до утра. Шизю её»), as ``(NameHit,)``; None when it names none or
    several, or a name of the other gender than ``pronoun``."""
    here = getattr(ctx, "here", -1)
    # the sentences as written (chatter and questions the reading skipped too: «Остап —
    # жулик? проверяю его»), else the clauses read before
    for prev in (clauses_before(ctx, here) if here >= 0 else (ctx.prev_clause, ctx.earlier)):
        if not prev:
            return None
        found = antecedent(ctx, prev, 0, len(prev), pronoun, ctx.sender.nick)
        if found is not None:
            gender = written_gender(prev[found[1]].text, known=True)
            want = PRONOUN_GENDER.get(pronoun)
            if want and gender and gender != want:
                if here >= 0 and _one_name(ctx, prev) and found[0].nick is not None and \
                        nick_gender(found[0].nick) not in (None, want):
                    # «стреляю в Деда. У Валентины Сергеевны миномёт. Голос тоже ему»: the
                    # only one that sentence names is surely a woman (her name and
                    # patronymic); the one before may be his
                    continue
                return None
            return (found[0],)
        idx = name_index(ctx.nicks)
        words = [t.w for t in prev]
        if any(t.word and (hit := idx.exact(words, k, None)) and hit.nick != ctx.sender.nick
               for k, t in enumerate(prev)):
            return None  # several players named: which one?
        if _unread_name(prev):
            # «…к Винни-Пуху. Вот у него и поищу»: he may be the one not read; «…кто такая
            # Lo'ra. Проверяю её»: a nick spelled so that only its marks differ is read
            one = _spelled_nick(ctx, prev) if here >= 0 else None
            return (one,) if one is not None else None
    return None


def _one_name(ctx, clause: list[Tok]) -> bool:
    """True when ``clause`` names exactly one player other than the sender (by a nick's
    exact form)."""
    idx = name_index(ctx.nicks)
    words = [t.w for t in clause]
    named = {hit.nick for k, t in enumerate(clause)
             if t.word and (hit := idx.exact(words, k, None)) is not None}
    named.discard(ctx.sender.nick)
    return len(named) == 1 and None not in named


def _spelled_nick(ctx, clause: list[Tok]) -> NameHit | None:
    """The one player (not the sender) whose nick the capitalised words of no dictionary in
    ``clause`` (after its first word) spell letter for letter, marks aside («Lo'ra» written
    «Lora» or «Lo'ra»); None when any such word spells none or another."""
    first = next((k for k, t in enumerate(clause) if t.word), None)
    keys = {"".join(ch for ch in n.lower() if ch.isalnum()): n for n in ctx.nicks}
    found = set()
    for k, t in enumerate(clause):
        if t.word and t.cap and k != first and not is_known_word(t.w):
            nick = keys.get("".join(ch for ch in t.w if ch.isalnum()))
            if nick is None:
                return None
            found.add(nick)
    found.discard(ctx.sender.nick)
    if len(found) != 1:
        return None
    nick = found.pop()
    return NameHit(nick, (nick,), "exact")


def _unread_name(clause: list[Tok]) -> bool:
    """True when ``clause`` has a capitalised word of no dictionary after its first word
    («Стучится лучше к Винни-Пуху»): a name the roster did not read, which a pronoun after
    it may point at as well as a player named before."""
    from .words import is_known_word

    first = next((k for k, t in enumerate(clause) if t.word), None)
    return any(t.word and t.cap and k != first and not is_known_word(t.w)
               for k, t in enumerate(clause))


#: «сам», «сама», «сами»: the nominative of «oneself», the subject's emphasis («сам побью»).
_EMPHATIC_SELF = frozenset({"сам", "сама", "сами"})


def read_back(ctx: Roster, actor: Actor, clause: list[Tok], lo: int, hi: int):
    """A name written before its keyword («Буку лечу», «Serginio — линч»): exact only."""
    idx = name_index(ctx.nicks)
    words = clause_words(clause)
    aside = False  # a parenthetical word passed (:data:`_ASIDE_WORDS`)
    for k in range(hi - 1, lo - 1, -1):
        t = clause[k]
        if not t.word:
            continue
        if t.w in _EMPHATIC_SELF:
            continue  # «Буку сегодня сам побью»: «сам» in the nominative is who acts (the
            # verb's subject, «I myself»), never its object («себя»); the object is further back
        if t.w in V.SELF_WORDS:
            return NameHit(actor.nick, (actor.nick,), "self"), k, k + 1
        if t.w in V.SENDER_WORDS and (actor.role == "guard" or (
                ctx.sender.role == "boss" and hi < len(clause) and
                clause[hi].w in lexicon().third)):
            # «Страж, от меня ни на шаг»; «Страж пусть меня охраняет» from the other clan's
            # boss: the boss is the target (and the move not his)
            return NameHit(ctx.sender.nick, (ctx.sender.nick,), "self"), k, k + 1
        hit = idx.exact(words, k, None)
        if hit is not None and hit.nick is None:  # two nicks: the case may settle it
            hit = idx.exact(words, k, _case_before(clause, words, k, lo, hi))
        if hit is not None and k + hit.length <= hi:
            if _host_named(words, k, k + hit.length, hi):
                return None  # «остаются у Юно в гостях»: whose home, not the guest
            if aside and k == lo and "nomn" in idx.single.get(words[k], {}).get(
                    hit.nick or "", frozenset({"nomn"})):
                return None  # «Кузя, кстати, голосую…»: a name called, then the aside
            return hit, k, k + hit.length
        if t.w in _ASIDE_WORDS and k > lo and clause[k - 1].w == "," and k + 1 < hi and \
                clause[k + 1].w == ",":
            aside = True
            continue  # «За Тензора, кстати, и голосую»: a word between commas, an aside
        if t.w not in V.FILLERS and t.w not in V.PREPOSITIONS:
            if t.cap and k > lo and t.w in role_words() and hi < len(clause) and \
                    clause[hi].w in lexicon().first:
                # «Вот Доктора и зову к себе» with «Dr.Who» named in the letter: the player
                from .grammar_targets import _titled_player
                titled = _titled_player(ctx, clause, clause_words(clause), t.w, k, k + 1, actor)
                if titled is not None:
                    return NameHit(titled, (titled,), "part", 1), k, k + 1
            if k > lo and len(t.w) >= 3 and (clause[k - 1].w in _BEFORE_PART or (
                    clause[k - 1].w in _AIMED_AT and k == hi - 1 and
                    lexicon().words.get(clause[hi].w) in _AIMED_CLASSES and
                    clause[hi].w in lexicon().first and
                    not (hi + 1 < len(clause) and clause[hi + 1].w in _AIMED_AT))):
                # («в Фортуну стреляю»: the aim before the shot, the part right before the verb;
                # not «в лесу стреляю в X»: a shot with its own aim after it)
                near = idx.approximate(t.w)  # «к Алисе загляну»: a part after «к», «у»
                if near is not None and (near.kind in ("part", "pet") or (
                        near.kind == "name" and t.cap)):  # («я за Клавкой присмотрю»: Клава's)
                    if _host_named(words, k, k + 1, hi):
                        return None
                    return NameHit(near.nick, near.candidates, near.kind, 1), k, k + 1
            verb = hi < len(clause) and (own_move_word(clause, hi) or (
                actor.nick != ctx.sender.nick and order_word(clause, hi)))
            # «катюху мочим»: before a verb only; in lower case in a phone's letter, or
            # right before the verb («сегодня ежа проверяю»)
            lower = verb and (k == hi - 1 or ctx.text == ctx.text.lower())
            hit = _pet_first(idx, clause, k, lo, lower=lower, part=True,
                             slip=verb and k == hi - 1)
            return None if lower and hit is not None and hit[0].nick == ctx.sender.nick else hit
    return None


#: Parenthetical words that, between commas, stand between a name and its move word
#: («За Тензора, кстати, и голосую», «Бобра, пожалуй, и проверю»): the look back passes them.
_ASIDE_WORDS = frozenset({"кстати", "пожалуй", "наверное", "наверно", "думаю", "конечно",
                          "видимо", "похоже", "впрочем", "разумеется",
                          "естественно", "пожалуйста", "значит", "короче", "всё-таки",
                          "все-таки", "однозначно", "определенно", "определённо"})
ASIDE_WORDS = _ASIDE_WORDS  # (public: a vote told past an aside, engine/grammar_keywords.py)

#: The noun of a stay at somebody's home, after «в»: «у X в гостях» names X the host.
_STAY = frozenset({"гостях"})


def _host_named(words: list[str], k: int, end: int, hi: int) -> bool:
    """True when the name at ``words[k:end]`` follows «у» and the keyword at ``hi`` is «в
    гостях» right after it («у Юно в гостях», «у Кузи в гостях»): the name says at whose home
    one stays, the host, never the guest the keyword's target would be."""
    return k > 0 and words[k - 1] == "у" and words[end:hi] == ["в"] and \
        hi < len(words) and words[hi] in _STAY


def own_move_word(clause: list[Tok], k: int) -> bool:
    """True when the keyword at token ``k`` is the sender's own order word: a verb in the first
    person («проверяю», «мочим»), a slang word of the lexicon taken as written that is no
    noun, no third person and no request («режу», «шизю», «мо»), or a phrase of the lexicon
    starting there that is none of those («в канаву», «к себе», «чик»): a name written right
    before it in lower case is its object («соньку сегодня чик», «бегемота шизю»)."""
    lex = lexicon()
    w = clause[k].w
    if w in lex.first:
        return True
    if w in lex.words and w not in lex.weak and w not in lex.third and w not in lex.imperative:
        return True
    return any(match_phrase(clause, k, p) and p not in lex.third_phrases and
               p not in lex.imperative_phrases for p, _ in lex.by_first.get(w, ()))


def order_word(clause: list[Tok], k: int) -> bool:
    """True when the keyword at token ``k`` is a verb a boss's order for his member is said
    in: the imperative or the second person said to him («бутса — кипера береги»), the
    third person said of him, or the infinitive («за Шило: петю обчистить»); a name right
    before it is the member's object as before the sender's own verb
    (:func:`own_move_word`)."""
    lex = lexicon()
    w = clause[k].w
    return w in lex.words and (w in lex.imperative or w in lex.third or is_infinitive(w))


def names_listed_before(ctx: Roster, actor: Actor, clause: list[Tok], lo: int, k: int) -> list:
    """«котэ и лолипоп линч»: the names listed with «и», «,», «+» before the one read back
    at ``k`` (each right before the joining word), first to last; the move's count of targets
    is judged later (two on a one-vote day are asked about)."""
    out: list = []
    while k - 1 > lo and clause[k - 1].w in ("и", ",", "+"):
        hit = read_back(ctx, actor, clause, lo, k - 1)
        if hit is None or hit[2] != k - 1 or hit[0].kind == "self":
            break
        out.insert(0, hit)
        k = hit[1]
    if k > lo and clause[k - 1].w == "между":
        return []  # «думаю между Вишней и Мироном, голос отдам …»: a choice still open
    return out


#: Prepositions before a name written ahead of its move word («к Алисе загляну», «у Кузи
#: ворую», «за Павловной послежу»): the word after them is read as a part or pet form of a
#: nickname too.
_BEFORE_PART = frozenset({"к", "ко", "у", "за"})
#: Prepositions of an aim written right before the sender's shot («в Фортуну стреляю», «по
#: Дейзи стреляю»), and the classes of the verbs that take them.
_AIMED_AT = frozenset({"в", "по"})
_AIMED_CLASSES = frozenset({"SHOOT", "HUNT"})


def _case_before(clause: list[Tok], words: list[str], k: int, lo: int,
                 hi: int) -> frozenset[str] | None:
    """The case a name at ``k`` before its keyword (at ``hi``) is in: the case of a
    preposition right before it («за Лиса голосую»), else the accusative when the keyword is
    a transitive verb (pymorphy3: «Лису обчищу» is «Лиса Алиса», not Лис's dative); None
    when nothing says (a noun keyword: «Лиса — линч»)."""
    if k > lo and words[k - 1] in V.PREPOSITIONS:
        return V.PREPOSITIONS[words[k - 1]]
    if hi >= len(clause) or not clause[hi].word:
        return None
    verbs = [p for p in morph().parse(words[hi])[:3] if p.tag.POS == "VERB"]
    if verbs and all("tran" in p.tag for p in verbs):
        return frozenset({"accs"})
    return None


#: Words that may stand before a pet form opening the clause («Опять Максика к себе зову»).
_PET_LEAD = frozenset({"и", "а", "ну", "опять", "снова", "вновь", "сегодня", "ночью", "тогда",
                       "я", "мы", "лучше", "пожалуй", "теперь"})
# («Я сегодня Дусю к себе позову»: the sender, the subject; «нет, лучше Петровича прикрою»:
# the new choice of a correction written before its verb)
#: Turns of speech that may open the part of a clause before such a name («Короче, …»).
_TURN_LEAD = frozenset({"короче", "ладно", "итак", "значит", "вот", "ок", "окей", "так"})


def _pet_first(idx, clause: list[Tok], k: int, lo: int, lower: bool = False,
               part: bool = False, slip: bool = False):
    """«Тишу снова к себе зову»: a capitalised word opening the clause (after words of
    :data:`_PET_LEAD` only: «Опять Максика к себе зову», or the part after the move before
    and «и»: «ворую у X и катюху мочим») before the move word read as a pet
    form, given name or part of a nickname (a prefix only when it is no dictionary word;
    never a near miss); the hit or None. ``lower``: the letter has no capital at all (a
    phone): a word in lower case is read so too. ``part``: the word may open a part of the
    clause after a comma or a dash, after a turn of speech too («Короче, Ксюху вырубаю»,
    «…надоело, сегодня Ксюху бью»). ``slip``: the word stands right before a move verb of
    the sender's: a near miss of one nickname only, no dictionary word of six letters or more,
    is read too («сегодня моррарти проверяю»)."""
    t = clause[k]
    lead = _PET_LEAD
    if part:
        lo = max([m + 1 for m in range(lo, k) if clause[m].w in (",", "—", "–") or (
            clause[m + 1].cap and clause[m + 1].start - clause[m].end > 2 and
            clause[m].word)], default=lo)  # «какао ☕❄️ Вьюжку …»: an emoji (no token) between
        lead = _PET_LEAD | _TURN_LEAD
    if slip:  # «…в тумане Короче ежа проверяю»: a turn of speech opening a sentence unmarked
        lo = max([m for m in range(lo, k) if clause[m].cap and clause[m].w in _TURN_LEAD],
                 default=lo)
    if not (t.cap or lower) or len(t.w) < 3 or t.w in role_words() or \
            any(clause[m].word and clause[m].w not in lead for m in range(lo, k)):
        return None
    hit = idx.approximate(t.w)
    if hit is None or (hit.kind == "prefix" and is_known_word(t.w)):
        return None
    if hit.kind == "fuzzy" and not (slip and hit.nick is not None and len(t.w) >= 6 and
                                    not is_known_word(t.w)):
        return None
    return NameHit(hit.nick, hit.candidates, hit.kind, 1), k, k + 1
