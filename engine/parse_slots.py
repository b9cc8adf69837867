"""The open-move net (engine.parse_unread, issue 11): a sentence no rule read that names a
living player while the sender still has a move he did not make in the letter is asked
about rather than dropped.

A host who finds no vote in «Суд — Пьеро. …» from a maniac who named no kill, or no vote in
«Голоса, коих сегодня два, отдаю синьору Вито и Доктору Кто», does not drop the sentence:
the player meant a move the host cannot read with certainty, so he asks. The net
(:func:`open_slot_asks`) asks about a sentence of the sender's own text that

- no rule read a move or a problem from,
- names a living player other than the sender,
- is no talk: no question, no quotation, no word of a plan, a condition or the forum
  (:data:`engine.parse_unread_words.VETO`), no verb of saying, no verb in the past tense,
- while the letter lacks a move the sender can make today (an open *slot*: fewer votes than
  the day gives, or no night move of his role, or for a clan boss no clan kill / no order
  for a member who has a move),
- and shows the move by one of these signs:

  * a word of the open move's lexicon, any form of it (the imperative and the second
    person of a boss's order to a member too: «Дед, воруй у Китти», «Кузя — охраняешь
    меня»), the name after it in the sentence;
  * a short heading and a dash, a colon or an arrow before the name, no verb in the
    heading («Суд — Пьеро», «Последний ужин — Кузя», «Ярость: Лось + Бобёр»), or the
    name alone with a word or two of no meaning («Снова Графа.», «Ок, Хлестакова.»).

The problem is an ``unparsed`` one (reason ``unread``) quoting the sentence.
"""

from __future__ import annotations

import functools
import re

from . import grammar_vocab as V
from . import parse_unread_words as W
from .grammar_rules import ASK, Actor, action_for
from .grammar_tokens import Tok
from .legality import ROLE_MOVES
from .model import TurnInfo
from .parse_types import Ctx, Item
from .words import is_infinitive, is_known_word, is_verb, morph, past_tense

#: A mark in :func:`open_slots`' answer: a move of the sender's role (or the boss's clan kill,
#: or an event's move) is open, not only a hunt or a member's wish of a clan kill.
MAIN = "main"

#: A mark in :func:`open_slots`' answer: the vote is open and the letter holds no move at
#: all (a bare name then may be the vote: «Белый, конечно.»).
VOTE_ONLY = "vote_only"

#: The moves an event gives (DECISIONS.md §6): each is the sender's own when action_for
#: gives it.
_EVENT_MOVES = frozenset({"mortar", "partner", "fear_choice"})

#: Marks between a heading and the name it gives («Суд — Пьеро», «Голоса: …», «Хайд → Лиса»).
_SEPARATORS = frozenset({"—", "-", ":", "→"})

#: Marks and words that may follow the name of a heading shape («Второй — Катя88, она …»).
_AFTER = frozenset({",", "(", "—", "-", ";", "!", ".", "…", "+", "и", "/"})

#: Words of no meaning around a bare name («Снова Графа.», «Ок, Хлестакова.»).
_FILLERS = frozenset({"снова", "опять", "ок", "окей", "ok", "конечно", "ну", "тогда",
                      "сегодня", "ладно", "итак", "значит", "же", "все-таки", "всё-таки",
                      "таки", "давайте", "го", "пожалуй", "разумеется"})

#: The most heading words a heading shape may have («Сегодня моя работа — Лось»).
_HEAD = 3


def open_slots(ctx: Ctx, items: list[Item]) -> frozenset[str]:
    """The move classes (``engine.grammar_vocab``) the sender may still use today: those of
    a move he can make that the letter's ``items`` hold no move of (a vote while fewer
    vote targets were read than the day gives; for a clan boss, the move of a living member
    he gave no order for; a fan's search that names the role sought and nobody)."""
    actions: set[str] = set()
    members: set[str] = set()
    votes = 0
    for it in items:
        for found in (it, it.also):
            move = found.move if found is not None else None
            if move is None:
                continue
            if move.action == "search" and not move.target:
                continue  # «теперь ищу врача»: the role named, whom she searches still open
            actions.add(move.action)
            if move.action == "vote":
                votes += len([t for t in (move.target, *move.targets) if t])
            if move.action == "on_behalf" and move.member:
                members.add(move.member)
    out: set[str] = set()
    if ctx.votes and votes < ctx.votes:
        out.add(V.VOTE if actions else VOTE_ONLY)
    sender = ctx.sender
    for cls, action, own in _night_moves(sender, ctx.turn):
        if action not in actions:
            out.add(cls)
            if own:
                out.add(MAIN)
    if sender.role == "boss" and sender.clan:
        for nick, p in ctx.state.players.items():
            if p.alive and p.clan == sender.clan and nick != sender.nick and \
                    nick not in members:
                if p.role == "thief":
                    out.update((V.ROB, V.VISIT))
                elif p.role == "guard":
                    out.add(V.GUARD)
    return frozenset(out)


@functools.lru_cache(maxsize=4096)
def _night_moves(sender: Actor, turn: TurnInfo) -> tuple[tuple[str, str, bool], ...]:
    """``(class, action, main)`` of every night move class ``sender`` may use on ``turn``
    (:func:`engine.grammar_rules.action_for`; not a vote, a delegation or a question), with
    ``main`` when the action is his role's own move, the boss's clan kill or an event's."""
    main = ROLE_MOVES.get(sender.role, frozenset()) | _EVENT_MOVES
    if sender.role == "boss":
        main = main | {"clan_kill"}
    out = []
    for cls in _NIGHT_CLASSES:
        action = action_for(cls, sender, turn)
        if action is not None and action not in (ASK, "vote", "delegate"):
            out.append((cls, action, action in main))
    return tuple(out)


def may_show(ctx: Ctx, sentence: str, pieces: list[str], slots: frozenset[str]) -> bool:
    """The cheap test before :func:`asks` (no tokens yet): a sentence may show one of the
    open ``slots`` only with a separator of a heading before a capital, four words or fewer
    (a bare name), a word of an open move's lexicon (a verb of action of the sender's while
    his role move is open, «отдаю» while the vote is), or from a clan member a word of
    tonight or of the clan («Енот сегодня лезет к X», «клан идёт к X»)."""
    if len(pieces) <= 4 or heading_mark(sentence) or \
            (ctx.sender.role == "boss" and "," in sentence):
        return True
    if ctx.sender.clan and not (W.TIMES.isdisjoint(pieces) and
                                V.CLAN_SUBJECTS.isdisjoint(pieces)):
        return True
    return shows(pieces, slots)


def shows(pieces: list[str], slots: frozenset[str]) -> bool:
    """True when one of the words ``pieces`` is a sign of one of the open ``slots`` for
    :func:`may_show`: a word of an open move's lexicon, a verb of action of the sender's
    while his role move is open, «отдаю» while the vote is."""
    if _NO_SIGN.issuperset(pieces):
        return False  # (chatter: every word known to be no sign of any move, one C-level test)
    vote = V.VOTE in slots or VOTE_ONLY in slots
    main = MAIN in slots
    for w in pieces:
        if w in _NO_SIGN:
            continue
        cls = W.move_class(w)
        if cls and (cls in slots or (cls == V.VOTE and vote)):
            return True
        if (main and W.move_word(w) == "first") or (vote and _giving(w)):
            return True
        no_sign(w)  # (remembered when it is a sign of no slot's move)
    return False


#: Words of no move lexicon that are no verb of action of the sender's and no «отдаю»
#: (:func:`may_show` finds no sign in them whatever the open slots): a pure function of the
#: word, remembered (emptied past 200,000 words).
_NO_SIGN: set[str] = set()


def no_sign(w: str) -> bool:
    """True when the word ``w`` (lower case, «е» for «ё») is a sign of no move for
    :func:`may_show` whatever slots are open: no word of a move lexicon, no verb of action
    in the first person, no «отдаю» (remembered in :data:`_NO_SIGN`)."""
    if w in _NO_SIGN:
        return True
    if W.move_class(w) or W.move_word(w) == "first" or _giving(w):
        return False
    if len(_NO_SIGN) > 200_000:
        _NO_SIGN.clear()
    _NO_SIGN.add(w)
    return True


def plain_words_only(sender: Actor) -> bool:
    """True when :func:`may_show` for ``sender`` asks of a sentence of five words or more
    with no heading mark only whether a word of it is a sign (:func:`no_sign`): no boss
    (any comma may be an order), no clan member (a word of tonight or of the clan)."""
    return sender.role != "boss" and not sender.clan


#: A separator of a heading before a capital («Суд — Пьеро», «ярость: Танк»; lower case
#: phone letters too: «последний ужин — кузя» is found by the nick forms' test).
_HEADING_MARK = re.compile(r"(?:[—:→]| - )\s*\w")


def heading_mark(sentence: str) -> bool:
    """:data:`_HEADING_MARK` in ``sentence`` (its marks looked for first, at C speed: most
    sentences hold none)."""
    return ("—" in sentence or ":" in sentence or "→" in sentence or " - " in sentence) and \
        _HEADING_MARK.search(sentence) is not None


def asks(ctx: Ctx, toks: list[Tok], words: list[str], names: dict[int, str],
         slots: frozenset[str]) -> bool:
    """True when a sentence (its merged tokens, their words, and the living players other
    than the sender it names: token index → ``"vote"`` when a vote of the letter is on the
    player, ``"night"`` when another move is, ``""`` when none is) shows one of the open
    ``slots`` (see the module's doc); talk is the caller's test (:func:`talk`)."""
    if not slots or not names:
        return False
    order = sorted(names)
    if any(w == "не" and _finite(words[m + 1]) for m, w in enumerate(words[:-1])):
        return False  # («На охоту сегодня не пойду: …»)
    for k, w in enumerate(words):
        if not toks[k].word or k in names:
            continue
        cls = W.move_class(w)
        if cls not in slots and _giving(w) and any(W.move_class(x) == V.VOTE for x in words):
            cls = V.VOTE  # («Голоса … отдаю X»: not «отдаю ход» of a delegation here)
        kind = W.move_word(w)
        if not cls and kind == "first" and MAIN in slots:
            # («сегодня ломаю Шамана»: a verb of action of the sender's, his move open)
            if any(0 < n - k <= 2 and not names[n] and _takes(words, k, n) for n in order):
                return True
            continue
        if not cls or (cls not in slots and not (cls == V.VOTE and VOTE_ONLY in slots)):
            continue
        if k and words[k - 1] in ("не", V.AGAINST):
            return False  # («не голосую за X», «я против линча X»)
        if kind in ("third", "past"):
            continue  # («Ночью Кира тихо лечит Буку»: another's move)
        noun = kind == "noun" or cls == V.VOTE and not _finite(w)
        if not noun and _infinitive(w):
            continue  # («буду я стрелять по указке Барона»)
        used = "vote" if cls == V.VOTE else "night"
        for n in order:
            if n > k and names[n] != used and n - k <= _REACH and _takes(words, k, n) and \
                    (not noun or _ends(words, n, names)):
                return True
    if "не" in words:
        return False
    fresh = [n for n in order if not names[n]]
    if fresh and ((bool({MAIN, V.VOTE, VOTE_ONLY} & slots) and _heading(toks, words, fresh))
                  or (bool({MAIN, VOTE_ONLY} & slots) and _bare(toks, words, fresh))):
        return True
    return _boss_order(ctx, toks, words, order, slots) or _clan_story(ctx, words, fresh, slots)


def _clan_story(ctx: Ctx, words: list[str], fresh: list[int], slots: frozenset[str]) -> bool:
    """«Клан идёт к Лосяшу», «Этой ночью клан идёт сразу к двоим: к Айболиту и к
    Снегурочке», «Мы выходим из машины у дома Пуаро»: a clan member with the clan kill open
    tells what the clan (or «мы») does tonight, a verb of the present before the name."""
    if not ctx.sender.clan or V.KILL not in slots or not fresh:
        return False
    subject = next((m for m, w in enumerate(words) if w in V.CLAN_SUBJECTS), None)
    if subject is None or subject > fresh[0]:
        return False
    return any(_present(w) for w in words[subject + 1:fresh[0]])


@functools.lru_cache(maxsize=50_000)
def _present(w: str) -> bool:
    """True for a verb in the present or future of the third or the first person plural."""
    if len(w) < 3 or not is_known_word(w):
        return False
    tag = morph().parse(w)[0].tag
    return "VERB" in tag and "past" not in tag and ("3per" in tag or "1per" in tag) and \
        "impr" not in tag


def _boss_order(ctx: Ctx, toks: list[Tok], words: list[str], names: list[int],
                slots: frozenset[str]) -> bool:
    """«Скапен, сегодня к Хлестакову», «Капитан, ты, как всегда, при мне», «Хайд → Лиса
    (беречь)», «Енот сегодня лезет к Айболиту»: the boss opens a sentence with the name of a
    member he gave no order yet (a thief or a guard), then a mark or a verb of the present,
    and names a player or himself after it."""
    if ctx.sender.role != "boss" or not ({V.ROB, V.GUARD} & slots) or names[0] != 0 or \
            len(words) < 3:
        return False
    hit = _player(ctx, toks, words, 0)
    member = ctx.state.players.get(hit) if hit else None
    if member is None or member.clan != ctx.sender.clan or \
            member.role not in ("thief", "guard") or \
            (V.ROB if member.role == "thief" else V.GUARD) not in slots:
        return False
    if any(w in _ON_HIS_OWN for w in words):
        return False  # «Кузя сегодня ходит сам», «Лисёнок — на своё усмотрение»
    if words[1] in (",", "—", "-", ":", "→"):
        if len(words) > 2 and 2 in names:
            return False  # «Тихоня, Ворона — как хотите»: the players spoken to
        return any(n > 1 for n in names[1:]) or any(w in _SELF for w in words[2:])
    # («Енот сегодня лезет к Айболиту», «Ёж чистит Мадам Зизи»: a verb of the present, and
    # a word of the member's move or «к»/«у» before the name)
    verb = [m for m in range(1, len(words)) if _present(words[m]) or W.address(words[m])]
    if not verb or W.TIMES.isdisjoint(words):
        return False  # (an order told as a story names tonight: «Енот сегодня лезет к X»)
    own = V.ROB if member.role == "thief" else V.GUARD
    moves = any(W.move_class(w) in (own, V.VISIT) for w in words[1:])
    return any(n > verb[0] and (moves or words[n - 1] in ("к", "ко", "у"))
               for n in names[1:])


#: The boss himself after an order to a member («ты охраняешь меня», «ты при мне»).
_SELF = frozenset({"меня", "мне", "мной", "мною", "моей", "мою"})

#: Words of a member left to himself («ходит сам», «на своё усмотрение»): no order.
_ON_HIS_OWN = frozenset({"сам", "сама", "сами", "самостоятельно", "усмотрение"})

#: How many tokens a move verb and the name it takes may stand apart.
_REACH = 6


def _player(ctx: Ctx, toks: list[Tok], words: list[str], k: int) -> str | None:
    """The one nick the token at ``k`` names, or None."""
    from .names import name_index
    from .parse_unread import player_at

    hit = player_at(name_index(ctx.nicks), toks, words, k)
    return hit.nick if hit is not None else None


def _heading(toks: list[Tok], words: list[str], names: list[int]) -> bool:
    """«Суд — Пьеро», «Ярость: Лось + Бобёр»: a short heading with no verb, a separator and
    the name (then the end, another name or a mark)."""
    n = names[0]
    k = n - 1
    while k >= 0 and words[k] in W.PREPS_BEFORE:
        k -= 1
    if k < 0 or words[k] not in _SEPARATORS:
        return False
    head = [m for m in range(k) if toks[m].word]
    if "," in words[:k] or any(words[m] in _NOT_HEAD or _numeral(words[m]) for m in head) or \
            not head or len(head) > _HEAD or any(_verb(words[m]) for m in head):
        return False
    if any(words[m] in _SEPARATORS for m in range(k)):
        return False
    m = n + 1
    while m < len(words) and (m in names or words[m] in ("+", "и", ",", "/")):
        m += 1
    return m == len(words) or words[m] in _AFTER


def _bare(toks: list[Tok], words: list[str], names: list[int]) -> bool:
    """«Снова Графа.», «Ок, Хлестакова.»: the name alone with a word or two of no meaning."""
    rest = [w for m, w in enumerate(words) if toks[m].word and m not in names]
    return len(names) == 1 and 1 <= len(rest) <= 2 and all(w in _FILLERS for w in rest)


#: Words that may stand between a move word and its name («голосую сегодня за X», «голоса,
#: коих сегодня два, отдаю X», «ломаю-ка я X»).
_BETWEEN = frozenset({"за", "на", "в", "во", "к", "ко", "—", ":", "-", "→", ",", "мой", "моя",
                      "мои", "свой", "свои", "свою", "я", "же", "ка", "отдаю", "отдам",
                      "дарю", "коих", "которых", "два", "оба", "обa", "только", "один",
                      "тоже", "снова", "опять"}) | W.TIMES


def _takes(words: list[str], k: int, n: int) -> bool:
    """True when only :data:`_BETWEEN` words (and a name) stand between the move word at
    ``k`` and the name at ``n`` («стреляю глазками в X», «голос у X», «голосую вслед за X»:
    other words, no move on X)."""
    return all(x in _BETWEEN or x == "" for x in words[k + 1:n])


def _ends(words: list[str], n: int, names) -> bool:
    """True when the name at ``n`` (and names joined to it) ends its clause: the end, a
    mark, «и»/«+» and another name («голос за X был ошибкой»: X is the subject of talk)."""
    m = n + 1
    while m < len(words) and (m in names or words[m] in ("+", "и", ",", "/")):
        m += 1
    return m == len(words) or words[m] in _AFTER


@functools.lru_cache(maxsize=50_000)
def _giving(w: str) -> bool:
    """True for a finite form of «отдать»/«отдавать» (a vote given: «Отдам Остапу»)."""
    if len(w) < 4 or not is_known_word(w):
        return False
    p = morph().parse(w)[0]
    return "VERB" in p.tag and "past" not in p.tag and p.normal_form in ("отдать", "отдавать")


#: Words of a heading about somebody else or the talk («Его цель — X», «Подозреваемых двое:
#: X и Y», «Клан: X»).
_NOT_HEAD = frozenset({"его", "ее", "её", "их", "клан", "клана", "подозреваемые",
                       "подозреваемых", "подозреваемый", "вопрос", "ход", "двое", "трое"})


@functools.lru_cache(maxsize=50_000)
def _tag(w: str):
    """The likeliest pymorphy3 tag of a dictionary word of three letters or more, else None."""
    return morph().parse(w)[0].tag if len(w) >= 3 and is_known_word(w) else None


def _numeral(w: str) -> bool:
    """True for a numeral or an ordinal («Два — X», «Второй — Y»): a list of the talk."""
    return w.isdigit() or ((tag := _tag(w)) is not None and ("NUMR" in tag or "Anum" in tag))


def _infinitive(w: str) -> bool:
    return len(w) >= 3 and is_infinitive(w)


def _verb(w: str) -> bool:
    """True for a word that reads as a verb (a finite form or an infinitive)."""
    return len(w) >= 3 and is_verb(w)


def talk(words: list[str], names, address: bool = True) -> bool:
    """True when a sentence is talk for the open-move net: before its last name a word of a
    plan, a condition or the forum, a question word, a verb of saying or a finite verb in
    the past tense («Голос утром был за X — снимаю его»; not «Скапен, к X — он опять набрал
    в долг»: what follows the name tells why), with ``address`` a verb in the imperative or
    the second person anywhere (words to the players: «как хотите»; not a boss's order)."""
    last = max(names) if names else len(words)
    for m, w in enumerate(words):
        if m in names:
            continue
        if talk_word(w, address):
            return True
        if m < last and (w in W.VETO or (w in W.WH and w != "как") or
                         w.startswith("вчерашн") or W.speech(w) or _past(w)):
            return True
    return False


def talk_word(w: str, address: bool = True) -> bool:
    """True when the word ``w`` makes a sentence talk for :func:`talk` wherever it stands
    (not a name of the sentence): a word of a plan, a condition or the forum, a word of
    withdrawing, of a habit, a question word, a finite verb of saying, with ``address`` a
    verb in the imperative or the second person."""
    return (address and W.address(w)) or w in V.WITHDRAW_WORDS or \
        (w in W.VETO and w not in ("пусть", "пускай")) or w in _HABIT or \
        (w in W.WH and w != "как") or (W.speech(w) and _finite(w))


#: Words of a habit, not of tonight («ходит к X каждую ночь»).
_HABIT = frozenset({"каждую", "каждый", "каждое", "всегда", "обычно", "постоянно", "вечно"})


def _finite(w: str) -> bool:
    return (tag := _tag(w)) is not None and "VERB" in tag


def _past(w: str) -> bool:
    """True for a finite verb in the past tense (not a participle: «подаренный мне»)."""
    return len(w) >= 3 and is_known_word(w) and past_tense(w)


#: The night move classes a sender may have open.
_NIGHT_CLASSES = (V.HEAL, V.CHECK, V.BEAT, V.INVITE, V.ROB, V.WATCH, V.GUARD, V.KILL,
                  V.MANIAC, V.SHOOT, V.HUNT, V.SEARCH, V.SWINDLE, V.MORTAR, V.PARTNER,
                  V.FEAR, V.VISIT)
