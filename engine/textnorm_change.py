"""A change of the lynch vote told without the word «голос» (issue 11):

- «Снимаю с X, ставлю на Y»: taking off one player and putting on another is said of the
  vote (the noun left out is «голос», as in «снимаю голос с X, ставлю на Y»): written with
  the noun; so is «Снимаю голос с X. Ставлю на Y», the putting on in the next sentence;
- «Меняю на Y», «Поменяй(те) на Y» from a player whose only moves are the vote and the
  hunt (a plain civilian, the inactive son), in a letter that names neither of them: the
  change of his vote, the move a reply to the host's «Принято» changes («МО меняю на Y»
  names the hunt). A player with a role move may mean it, and stays asked about.
- «Цель меняю на Y», «Меняю цель на Y», «Новая цель — Y» from the swindler in a letter that
  names his swindle (a «жульнича…» or «жулик…» word): the target of the swindle replaced,
  the branches kept (what «ветки те же» says, and what «UPD: жульничаю Y» already does):
  written as «поправка: жульничаю Y».

Pure; the text is returned unchanged when it holds none of these.
"""

from __future__ import annotations

import re

from .textcase import lower_of

#: «снимаю с X, ставлю на Y»: both verbs, no noun between the verb and its preposition.
_OFF_ON = re.compile(r"(?i)\b(снимаю)(\s+)(?=с[оа]?\s+[^.!?\n]{1,40}?,?\s*(?:а\s+)?"
                     r"(?:ставлю|переставляю|кидаю|перекидываю)\s+на\s)")

#: «Снимаю голос с X (— why). Ставлю на Y»: the sentence right after taking the vote off
#: one player opens with putting it on another; the noun left out there is «голос».
_OFF_THEN_ON = re.compile(r"(?i)(\bснимаю\s+(?:свой\s+|мой\s+)?голос\s+с[оа]?\s+[^.!?\n]{1,120}"
                          r"[.!…]+\s+)(ставлю|переставляю|кидаю|перекидываю)(\s+)(?=на\s)")

#: «меняю на Y», «поменяй на Y», «смените на Y»: the verb of changing right before «на».
_CHANGE_ON = re.compile(r"(?i)\b(меняю|поменяю|поменяй(?:те)?|смени(?:те)?|"
                        r"перемени(?:те)?)(\s+)(?=на\s+\w)")
#: What every match of :data:`_CHANGE_ON` holds, in the lowered letter (its «меня», «мени»
#: and «на» have no case-blind form but their capitals; «те» is any word's end here, for
#: the old forms of «т»): a search that skips along at C speed to each «мен», where the
#: case-blind one tries every place (and «меня» is common).
_CHANGE_HINT = re.compile(r"(?:меня[юй]|мени)\w*\s+на\s")

#: Words of a move a player without a role move can make (the vote, the hunt): a letter
#: naming one leaves «меняю на Y» to the parser's other rules.
_MOVE_WORD = re.compile(r"(?i)(?<!\w)(?:голос\w*|линч\w*|мо|охот\w*|стреля\w*|выстрел\w*|"
                        r"пальн\w*|вешать|вешаем|повесить|казн\w*)(?!\w)")

#: Roles whose only own moves are the vote and the hunt.
_VOTE_ONLY = frozenset({"civilian", "son"})


def vote_changes(text: str, role: str | None) -> str:
    """``text`` with the vote changes of the module's docstring written with «голос».

    Args:
        text: the letter (after the other text normalisers).
        role: the sender's role (``son`` only while inactive: an active son is a boss).
    """
    low = lower_of(text)
    if "снимаю" in low:
        text = _OFF_ON.sub(lambda m: m.group(1) + " голос" + m.group(2), text)
        text = _OFF_THEN_ON.sub(lambda m: m.group(1) + m.group(2) + " голос" + m.group(3), text)
    if role in _VOTE_ONLY and " на " in low and ("меня" in low or "мени" in low) and \
            _CHANGE_HINT.search(low) and _CHANGE_ON.search(text) and \
            not _MOVE_WORD.search(text):
        text = _CHANGE_ON.sub(lambda m: m.group(1) + " голос" + m.group(2), text, count=1)
    return text


#: «цель меняю на Y», «меняю цель на Y», «поменяю цель на Y», «новая цель — Y», «цель теперь
#: — Y»: the words before the swindler's new target.
_SWINDLE_TARGET = re.compile(
    r"(?i)(?<![\w-])(?:(?:цель|объект|жертву)\s+(?:меняю|поменяю|сменю|меняем)\s+на|"
    r"(?:меняю|поменяю|сменю)\s+(?:цель|объект|жертву)\s+на|"
    r"(?:новая\s+цель|цель\s+теперь|теперь\s+цель)\s*(?:[—–:-]+|\s)\s*)(?=\s*\w)")
#: A word of the swindle in the letter («жульничаю», «жульничество», «жулик жульничает»).
_SWINDLE_WORD = re.compile(r"(?i)(?<!\w)(?:жульнич|жулик)\w*")


def swindle_target_changes(text: str, role: str | None) -> str:
    """``text`` with the swindler's change of target (the module's docstring, last point)
    written as «поправка: жульничаю Y», a correction of the swindle as «UPD: …» is.
    ``role`` is the sender's role; any other role's letter, or a letter of the swindler
    that names no swindle, is returned unchanged."""
    if role != "swindler":
        return text
    low = lower_of(text)
    if "цел" not in low and "объект" not in low and "жертв" not in low:
        return text
    if not _SWINDLE_WORD.search(text):
        return text
    return _SWINDLE_TARGET.sub("поправка: жульничаю ", text)
