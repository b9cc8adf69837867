"""Words between a move word and its name that are no name (engine.grammar_targets): read
past on the way to the name, or ending the targets as talk.

A dictionary word or the day's event (:func:`plain_word`) is skipped, unless the move's noun
has a verb of its own (:func:`own_verb`: «Убийство — решает Ежевика», talk) or the verb an
object that is no player (:func:`names_thing`: «проверю почту»); what a guest is called for
(:func:`what_for`: «зову на партейку в преф Кабана») and the hostess's treat
(:func:`treat_after`: «к себе на сериальчик и пиццу нашего милого Гномика») come before whom.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_dropped import person_word
from .grammar_own import _OPEN_QUOTES, treat_then_name
from .grammar_rules import Actor
from .grammar_target_types import Targets
from .grammar_target_words import name_later, pet_later
from .grammar_tokens import Tok
from .names import NameIndex
from .words import (
    animate_noun, common_noun, is_imperative, is_infinitive, is_known_word, is_verb, morph,
    third_person,
)

#: Common nouns that name players of the game («ищу мафию»): a question, never chatter.
GAME_NOUNS = frozenset({"мафию", "мафиози", "убийцу", "игрока", "мирного", "мирную", "роль",
                        "человека", "предателя", "злодея", "крысу", "шпиона",
                        "один", "одним"})  # «Голос один, на Кардана»: a count


def plain_word(clause: list[Tok], words: list[str], k: int, lo: int, out: Targets, *,
               skipped: bool) -> bool:
    """True when token ``k`` is a dictionary word or a word of the day's event that names no
    person: no player («лечить приходится: Полнолуние, …»: the event; «голос по апелёвке»:
    slang of an event, no dictionary word). Not a being right after «за» before anything was
    skipped («голос за кота»: it stands where the player goes, so it is asked about)."""
    t, w = clause[k], words[k]
    # (a word in quotation marks is a name written so only right after the opening mark, or
    # capitalised: «Голосов два — за X» dictated inside quotation marks is plain speech)
    quoted = t.quoted and (k == 0 or clause[k - 1].w in _OPEN_QUOTES)  # (a nickname in quotes)
    return (w in V.EVENT_WORDS or is_known_word(w)) and not person_word(t) and \
        (not (quoted or (t.cap and k > 0)) or w in V.EVENT_WORDS) and \
        not (k > lo and words[k - 1] == "за" and not skipped and not out.roles and
             animate_noun(w))


#: Beginnings of the verbs of changing a move, said to the host in the imperative («голос
#: поменяй на X», «линч переставьте на X», «голос перенесите на X»): the sender's own move.
HOST_CHANGE = ("помен", "смен", "замен", "перенес", "перестав", "переправ", "исправ",
               "перекин", "перевед")


def own_verb(clause: list[Tok], w: str, lo: int, out: Targets, *, reported: bool) -> bool:
    """True when the word ``w`` after a move's noun (or infinitive) is a verb of its own: a
    past form, an imperative (not one of :data:`HOST_CHANGE`), a verb after a reported noun («…, что за охрану решит сам»), a
    third person after an infinitive («Убивать решает Графиня»: somebody else decides the
    move), «решает» with no role named («Убийство — решает Ежевика»: who decides, no order)."""
    return (w in V.PAST_WORDS or (reported and is_verb(w)) or
            (is_imperative(w) and not w.startswith(HOST_CHANGE))
            or (third_person(w) and lo > 0 and is_infinitive(clause[lo - 1].w))
            or (w in V.DECIDING and not out.roles))


def names_thing(w: str, out: Targets, *, skipped: bool) -> bool:
    """True when the first word skipped, ``w``, is a common noun that no player of the game
    is called («проверю почту»: the verb has an object that is no player; not «ищу мафию»)."""
    return not skipped and not out.roles and w not in GAME_NOUNS and (
        common_noun(w) or _inanimate_object(w))


def _inanimate_object(w: str) -> bool:
    """True when the likeliest reading of the dictionary word ``w`` is an inanimate common
    noun in the nominative plural, whose accusative is the same word («вагоны»,
    «документы»): after a move verb it is the verb's object, a thing (not a singular such
    as «нисан», a word of «Nissan_Patrol» as well)."""
    if not is_known_word(w):
        return False
    parses = morph().parse(w)[:4]
    best = parses[0]
    if best.tag.POS != "NOUN" or "inan" not in best.tag or "nomn" not in best.tag or \
            "plur" not in best.tag or \
            {"Name", "Surn", "Patr", "Geox"} & best.tag.grammemes:
        return False
    return any(p.normal_form == best.normal_form and p.tag.POS == "NOUN" and "accs" in p.tag
               for p in parses)


def what_for(idx: NameIndex, clause: list[Tok], words: list[str], k: int, lo: int,
             hi: int) -> bool:
    """True when the lower-case word ``k`` after «на» / «в» tells what for, and a name (or a
    pet name) follows later: «зову на партейку в преф Кабана» (or after «с» of a treat: «на
    чай с моти Алукарда»)."""
    t = clause[k]
    if not t.cap and not t.quoted and k > lo and words[k - 1] == "с" and \
            "на" in words[max(0, k - 4):k - 1]:  # «на чай с моти (и на марафон) X»: the treat
        return name_later(idx, words, k + 1, hi) or \
            treat_then_name(clause, k, hi, idx, reach=14) is not None
    return not t.cap and not t.quoted and k > lo and words[k - 1] in ("на", "в") and (
        name_later(idx, words, k + 1, hi) or pet_later(idx, clause, k + 1, hi))


def treat_after(idx: NameIndex, actor: Actor, clause: list[Tok], words: list[str], k: int,
                lo: int, hi: int) -> int | None:
    """Index after the treat of the hostess (or the psycho) that runs from the last «на»
    before ``k`` to a name («к себе на сериальчик и пиццу нашего милого Гномика»), or None."""
    if actor.role not in ("hostess", "psycho"):
        return None
    na = next((n for n in range(k - 1, lo - 1, -1) if words[n] == "на"), None)
    if na is None:
        return None
    return treat_then_name(clause, na + 1, hi, idx, reach=14)


def modifies_noun(idx: NameIndex, clause: list[Tok], words: list[str], k: int, hi: int) -> bool:
    """True when token ``k`` is a lower-case word the dictionary does not know that reads as
    an adjective or participle agreeing (number, case, and gender in the singular) with the
    next word, a lower-case dictionary common noun that is no nickname: a modifier in a noun
    phrase of a thing or of a person described («как пересвеченное небо», «для
    одного-единственного кабальеро»), no player's name («голос за хитрого Лиса» keeps Лис:
    a nickname next is never passed). The noun may stand past ``hi``, the end of the move's
    words («для одного-единственного гостя»: «гостя» is a word of the hostess's move)."""
    t = clause[k]
    if t.cap or t.quoted or not t.word or k + 1 >= len(clause) or is_known_word(words[k]):
        return False
    nxt = clause[k + 1]
    if not nxt.word or nxt.cap or nxt.quoted or not is_known_word(words[k + 1]) or \
            idx.exact(words, k + 1, None) is not None:
        return False
    adjs = [p.tag for p in morph().parse(words[k])[:4] if p.tag.POS in ("ADJF", "PRTF")]
    if not adjs or morph().parse(words[k])[0].tag.POS not in ("ADJF", "PRTF"):
        return False
    nouns = [p.tag for p in morph().parse(words[k + 1])
             if p.tag.POS == "NOUN" and not {"Name", "Surn", "Patr"} & p.tag.grammemes]
    return any(a.number == n.number and a.case == n.case and
               (a.number == "plur" or a.gender == n.gender or "ms-f" in n)
               for a in adjs for n in nouns)
