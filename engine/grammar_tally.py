"""Move words inside talk about the others (issue 11): «…, но вешать его сегодня — это то,
чего хочет клан» (the others' wish, not the sender's vote), «Голосов за Лося — три» (a
count of the others' votes on the thread, not a vote) and «его на линч тянут» (what people
do, told with a verb of the third person plural and no subject). All read as no move at all.
"""

from __future__ import annotations

from .grammar_tokens import Tok, part_around
from .words import is_known_word, morph

_ENDS = frozenset({".", "!", "?", "…", ";", "\n"})

#: Third-person verbs of wanting or waiting after «это то, чего …»: somebody else's wish.
_WISH = frozenset({"хочет", "хотят", "хотел", "хотела", "хотели", "хочется", "хотелось",
                   "ждет", "ждут", "ждал", "ждала", "ждали", "добивается", "добиваются",
                   "добивались", "добивался", "добивалась"})
#: A wisher of the first person between «чего» and the verb («это то, чего я хотела»).
_ME = frozenset({"я", "мы", "мне", "нам"})

#: Forms of «голос» that count («голосов за X», «голоса за X — два»).
_COUNTED = frozenset({"голосов", "голоса"})
#: Number words that answer «how many votes».
_NUMBERS = frozenset({"ноль", "нуль", "один", "одна", "два", "две", "три", "четыре", "пять",
                      "шесть", "семь", "восемь", "девять", "десять", "одиннадцать",
                      "двенадцать", "полдюжины", "половина", "большинство"})
#: Words allowed before the number («— уже пять», «— пока всего два»).
_BEFORE_NUMBER = frozenset({"уже", "всего", "пока", "только", "целых", "аж", "ровно", "около",
                            "примерно", "почти", "штуки", "штук", "ещё", "еще", "лишь"})
_DASHES = frozenset({"—", ":", "="})


def _sentence_after(clause: list[Tok], i: int) -> list[str]:
    """The normalised words of ``clause`` after token ``i`` up to the sentence's end."""
    out = []
    for t in clause[i + 1:]:
        if t.w in _ENDS:
            break
        out.append(t.w)
    return out


def others_wish(clause: list[Tok], i: int) -> bool:
    """True when the move word at token ``i`` is followed, in its sentence, by «это то,
    чего хочет / хотят / ждёт X» (a wisher who is not «я» / «мы»): «вешать его — это то,
    чего хочет клан» tells what others want, no move of the sender's."""
    after = [w for w in _sentence_after(clause, i) if w != ","]
    for k in range(len(after) - 2):
        if after[k] == "то" and after[k + 1] == "чего" and (k == 0 or after[k - 1] in (
                "это", "именно", "как", "—")):
            rest = after[k + 2:k + 5]
            for n, w in enumerate(rest):
                if w in _WISH:
                    return _ME.isdisjoint(rest[:n])
    return False


def vote_tally(clause: list[Tok], i: int) -> bool:
    """True when the vote word at token ``i`` is a counted «голосов» / «голоса» whose
    sentence ends on a dash (or colon) and a number («Голосов за Лося — три», «голоса за
    Сову: уже 4»): a tally of the others' votes, no vote of the sender's."""
    if clause[i].w not in _COUNTED:
        return False
    after = _sentence_after(clause, i)
    while after and after[-1] in (",", ")", "(", "!"):
        after.pop()
    k = len(after) - 1
    if k < 1 or not (after[k] in _NUMBERS or after[k].isdigit()):
        return False
    k -= 1
    skipped = False
    while k >= 0 and after[k] in _BEFORE_NUMBER:
        k, skipped = k - 1, True
    if k >= 1 and after[k] in _DASHES:
        return True
    return skipped and clause[i].w == "голосов" and k >= 1  # «Голосов за Лося пока 2»


#: Marks that bound the part of a sentence a vote word stands in («Охраняю Кольку, его на
#: линч тянут»).
_PART_ENDS = _ENDS | {",", "—", "–", ":", "(", ")"}
#: Words by which the sender is in that part, or that make a third person plural his wish
#: («пусть его на линч отправят»).
_OWN_PART = _ME | {"пусть", "пускай", "давай", "давайте", "меня", "нас"}


def _plural_third(word: str) -> bool:
    """True when one of the two likeliest readings of the known ``word`` is a finite verb of
    the third person plural («хотят»; «тянут», a short participle first)."""
    if not is_known_word(word):
        return False
    return any(p.tag.POS == "VERB" and p.tag.person == "3per" and p.tag.number == "plur"
               for p in morph().parse(word)[:2])


#: The first word of a vote said as where the player is sent («на линч», «на виселицу»).
_TO_LYNCH = frozenset({"на"})


def others_send(clause: list[Tok], i: int, j: int) -> bool:
    """True when the vote words at tokens ``i`` to ``j``, a place the player is sent to
    («на линч», not «голос за X»), stand in a part of their sentence
    (between commas, dashes) whose verb is of the third person plural, with no subject
    and no word of the sender's (an indefinite-personal sentence: «Охраняю Кольку, его на
    линч тянут», «его на линч хотят отправить»): what people do, no vote of the sender's.
    Not with «пусть» («пусть его на линч отправят»: the sender's wish)."""
    if clause[i].w not in _TO_LYNCH:
        return False  # («голос за Буку оба темнят»: run on, the vote is the sender's)
    lo, hi = part_around(clause, i, j, _PART_ENDS)
    part = [t for n, t in enumerate(clause[lo:hi], lo) if t.word and not i <= n < j]
    if any(t.w in _OWN_PART for t in part):
        return False
    return any(t.w.isalpha() and t.w == t.w.lower() and _plural_third(t.w) for t in part)
