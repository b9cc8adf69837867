"""A word standing as a name in a list of names that no reading took (issue 11, two-vote
days): «голоса шадоу и гром» where «гром» fits no nick, «голоса скунс и вий» where
«скунс» fits none. :func:`engine.grammar_targets.read_targets` keeps it in
``Targets.dropped`` so that a two-vote day's vote with fewer players read than names
written is asked about, never cut to one vote unsaid (:mod:`engine.parse_judge`).
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_tokens import Tok
from .names_given import names_written
from .words import CYR, is_interjection, is_known_word, morph, not_a_name, person_name

#: Joiners of a list of names («X и Y», «X, Y», «X + Y»); not «а», «—» (a remark may follow).
LIST_AND = frozenset({"и", ",", "+", "and"})

#: Parts of speech a name may be read as when no nick fits (a noun «гром», an adjective
#: «серый»); never a pronoun «всё», a particle, an adverb.
_NAME_POS = frozenset({"NOUN", "ADJF"})


def name_like(clause: list[Tok], k: int) -> bool:
    """True when token ``k`` may be a name nobody could read: a word of three letters or more
    (or Latin), a noun or an adjective when it is a dictionary word: no verb, pronoun
    («всё»), filler, interjection or slang adverb, no word of the sender («меня»)."""
    t = clause[k]
    w = t.w
    if not t.word or len(w) < 3 or w in V.PRONOUNS or w in V.FILLERS or \
            w in V.SENDER_WORDS or w in V.SELF_WORDS or w in V.NOBODY or \
            w in V.PREPOSITIONS or w in V.TARGET_JOINERS:
        return False
    if not CYR.search(w):
        return w.isalpha() or any(c.isdigit() for c in w)
    if is_interjection(w) or not_a_name(w) or w.startswith("котор"):  # («…, которая»)
        return False
    return not is_known_word(w) or morph().parse(w)[0].tag.POS in _NAME_POS


def list_ends(clause: list[Tok], k: int, hi: int) -> bool:
    """True when the word at ``k`` ends its clause or stands before punctuation (the list
    of names ends with it: «… и гром», «… и гром.», «… и гром — оба мутные»), a
    demonstrative after it allowed («… и спартаковец этот, который …»: a player described)."""
    if k + 1 < hi and clause[k + 1].w in DEMONSTRATIVES:
        k += 1
    return k + 1 >= hi or not clause[k + 1].word


#: Demonstratives a speaker puts after a word describing a player («спартаковец этот»).
DEMONSTRATIVES = frozenset({"этот", "эта", "тот", "та", "этого", "эту", "того", "ту"})


def after_joiner(clause: list[Tok], k: int, lo: int) -> bool:
    """True when the word at ``k`` follows a list joiner, a preposition between them allowed
    («X и Y», «за X и за Y»)."""
    j = k - 1
    if j >= lo and clause[j].word and clause[j].w in V.PREPOSITIONS:
        j -= 1
    return j >= lo and clause[j].w in LIST_AND


def dropped_before_remark(clause: list[Tok], dropped: tuple[str, int] | None) -> bool:
    """True when ``dropped`` (``Targets.dropped``: a name after a list joiner that no reading
    took, with its index in ``clause``) is a capitalised word right after «и» that stands
    before punctuation and more of the clause («Убиваем X и Васю — полнолуние же»): the list
    ended with a name nobody could read, whatever the remark after it says (not a word after
    a comma, «Лечу себя, любимого, — …»: an epithet or an aside)."""
    if dropped is None:
        return False
    k = dropped[1]
    return 0 < k < len(clause) - 1 and clause[k - 1].w == "и" and clause[k].cap and \
        not clause[k + 1].word


def slot_after_preposition(clause: list[Tok], k: int, lo: int) -> bool:
    """True when the word at ``k`` follows «и за», «и на» … the preposition of the list said
    again («за нуба и за пашу экзе»): the place of a name, whatever word stands there (a
    verb's form too: «пашу»), unless it is a pronoun, a filler or «то» («и за то, что …»)."""
    t = clause[k]
    if k - 2 < lo or not clause[k - 1].word or clause[k - 1].w not in V.PREPOSITIONS or \
            clause[k - 2].w not in ("и", "+", "and"):  # (not «…, у которой …»)
        return False
    return t.word and len(t.w) >= 3 and t.w not in V.PRONOUNS and t.w not in V.FILLERS and \
        t.w not in V.SENDER_WORDS and t.w not in V.SELF_WORDS and t.w not in V.NOBODY and \
        not is_interjection(t.w)


#: «один» after a vote noun: the count of votes given («голос один, X»).
_ONE = frozenset({"один", "одна", "одним", "одной"})


def first_of_pair(clause: list[Tok], k: int, lo: int) -> int | None:
    """For a name read at ``k`` right after a joiner («скунс и вий»): the index of the word
    before the joiner when it is the first word after the keyword (punctuation before it
    only) and may be a name; else None."""
    j = k - 1
    if j <= lo or clause[j].w not in LIST_AND:
        return None
    j -= 1
    if j < lo or not name_like(clause, j):
        return None
    if clause[j].w in _ONE and not clause[j].cap:
        return None  # «голос один, Тыковка»: how many votes, no first name
    if any(t.word and t.w not in V.PREPOSITIONS for t in clause[lo:j]):
        return None
    return j


def person_word(t: Tok) -> bool:
    """True when the word of ``t``, written in Cyrillic, is at its likeliest a person's given
    name of the table or a patronymic («ксюше», «петровичу», «ивановне»): in a move's slot
    such a word is a player written so, never a thing the move is about, so one no nick
    takes is asked (not «ауф», a rare name pymorphy3 knows, read from a German «auf»)."""
    if not CYR.search(t.text) or not person_name(t.w):
        return False
    return bool(names_written(t.w)) or "Patr" in morph().parse(t.w)[0].tag
