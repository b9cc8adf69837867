"""Move words inside talk about the others (issue 11): «…, но вешать его сегодня — это то,
чего хочет клан» (the others' wish, not the sender's vote) and «Голосов за Лося — три» (a
count of the others' votes on the thread, not a vote). Both read as no move at all.
"""

from __future__ import annotations

from .grammar_tokens import Tok

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
