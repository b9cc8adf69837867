"""The sender's own name where it names no target (issue 11, text written oddly).

Two ways a letter names its own sender beside a move, read as a host reads them:

- a signature glued to the last move on one line with no punctuation: «ВЕДУЩИЙ ПРИВЕТ
  СЕГОДНЯ ОБВОРОВЫВАЮ ОЛЬГУ 58 ГОЛОС НИНЕ ИВАНОВНЕ ВАЛЯ» from Валя Пчёлкина: the last words
  of the letter, the sender's name in the nominative right after another word that is no
  move word, preposition or conjunction, go to a line of their own (a signature);
- a letter dictated in the third person: «Голос деда - Михалыч» typed by a grandson for Дед
  Макар: «голос» with the sender's name in the genitive, then a dash or colon, is the
  sender's own vote («Голос - Михалыч»);
- a letter typed by the sender's relative («это Лёша, внук Виктора Павловича»), the
  sender's words quoted after «диктует:», «говорит:»: the quotes go, the words are his;
- a chat speaker label: «Катамаран: клан – X» from Катамаран, his nick as written and a
  colon opening a line, like a messenger's export: the label goes, the line is his own;
- the sender's home named by her nick: «В гости к тёще идёт X» from Тёща, «в гостях у
  Медуницы — X» from Медуница: «в гости ко мне», «в гостях у меня» (:func:`_own_home`).

Pure; a letter that does not end in the sender's name and has no «олос» costs two C-level
tests.
"""

from __future__ import annotations

import functools
import re

from .lexicon import lexicon
from .textcase import matched_at_word, plain_lower
from .words import role_words

__all__ = ["sender_named"]

_WORD = r"[^\W\d_]+"
#: The letter's last one or two words (and what closes it: marks, emoji, spaces).
_LAST = re.compile(rf"(?<=[^\W_]) +({_WORD}(?: {_WORD})?)([^\w\n]*)\Z")
#: «голос» and one or two words, then a dash or colon.
#: The word before the name: a target's name ends the move the signature is glued to
#: («… ГОЛОС НИНЕ ИВАНОВНЕ ВАЛЯ»), a number may end it («ОЛЬГУ 58»).
_PREV = re.compile(rf"({_WORD})[ \d-]*\Z")
_VOTE_OF = re.compile(rf"(?<![^\W\d_])(голос|голоса)(\s+)({_WORD}(?:\s+{_WORD})?)(?=\s*[-—–:])",
                      re.IGNORECASE)
#: The dash or colon every match of :data:`_VOTE_OF` looks ahead to (C-level ``in`` tests
#: of the letter, :func:`_any_mark`, before the case-blind pattern is tried at every place).
_VOTE_MARK_CHARS = ("-", "—", "–", ":")
#: A writer who presents himself as the sender's relative («это Дима, внук Зинаиды
#: Петровны», «пишет дочка»): he types what the sender says.
WRITER_KIN = re.compile(r"(?i)(?<![^\W\d_])(?:внук|внучка|внучок|внучек|внученька|сын|сынок|"
                        r"дочь|дочка|зять|невестка|сноха|племянник|племянница|правнук|"
                        r"правнучка)(?![^\W\d_])")

#: The sender's words quoted after a verb of saying or dictating and a colon: «Он диктует:
#: «Убиваем X. Проверяю Y.»», «Бабушка говорит так: "Стреляю в X"» (one or two words such as
#: «так», «вот что» may stand before the colon; the quotes are «…», "…" or „…“: the groups
#: of the marks that matched open and close the quoted words, see :func:`_unquoted`).
_DICTATED = re.compile(r"(?i)(?<![^\W\d_])(?:диктует|продиктовал|продиктовала|говорит|"
                       r"сказал|сказала|велел|велела|велит|просит\s+передать|передает|"
                       r"передаёт)(?:\s+(?:вот\s+так|вот\s+что|так|следующее))?\s*:\s*"
                       r"(?:(«)[^«»]{1,600}(»)|(\")[^\"«»]{1,600}(\")|(„)[^„“”«»]{1,600}([“”]))")

#: The quote marks :data:`_DICTATED` reads (C-level ``in`` tests, :func:`_any_mark`,
#: before the pattern is tried).
_QUOTE_MARK_CHARS = ("«", "\"", "„")


def _any_mark(text: str, marks: tuple[str, ...]) -> bool:
    """True when ``text`` holds one of the characters ``marks`` (``re.search`` of their set
    would be the same answer), told by a C-level ``in`` test each: a set opening a pattern
    is tried at every character of a long letter (~10 µs), an ``in`` test is a fast scan."""
    for c in marks:
        if c in text:
            return True
    return False


def _unquoted(m: re.Match) -> str:
    """A match of :data:`_DICTATED` with its two quote marks blanked (offsets kept)."""
    o = next(k for k in (1, 3, 5) if m.group(k) is not None)
    g, a, b = m.group(0), m.start(o) - m.start(), m.start(o + 1) - m.start()
    return g[:a] + " " + g[a + 1:b] + " " + g[b + 1:]


#: The elder the writer types for, named as the subject of her vote («бабушка», «дед»).
_ELDER = (r"(?:бабушка|бабуля|бабуленька|дед|дедушка|деда|дедуля|мама|мать|папа|отец|"
          r"свекровь|тёща|теща|тесть|свёкор|свекор)")

_ELDER_WORDS = _ELDER[3:-1]

#: An elder who speaks the letter to whoever types it: the elder's kin word opening a sentence
#: (no «моя», «как» before it: «как говорит моя бабушка» is a saying), then, within the same
#: sentence and at most six words on, a verb of saying or dictating in the present tense
#: («Бабушка говорит:», «Дед опять диктует», «Бабушка благодарит X и говорит: …»).
_ELDER_SAYS = re.compile(
    r"(?:^|(?<=[\n.!?:;)]))[ \t]*(?:(?:а|и|ещё|еще|тут|вот|сейчас|теперь)[ \t]+)?"
    rf"(?i:{_ELDER_WORDS})(?:[ \t,]+[^\s.!?:;]+){{0,6}}?[ \t,]+"
    r"((?i:говорит|диктует|велит|просит[ \t]+передать|передаёт|передает))(?![^\W\d_])")

#: The writer who types the letter presents himself by his name («Это снова Артём», «это
#: Даша», «Пишет Оля»): an elder who says something then speaks through him (an elder's
#: words with no writer named, «Бабушка говорит: обчищаем X», stay a report, asked).
_WRITER_NAMED = re.compile(r"(?<![^\W\d_])(?:[Ээ]то|[Пп]ишет|[Пп]ишу|[Тт]ут)[ \t]+"
                           r"(?:(?:снова|опять|же|вам|ещё|еще)[ \t]+)?[А-ЯЁ][а-яё]+")

#: A third-person «голосует за» in a letter typed by the sender's relative, its subject an
#: elder's kin word or none: the clause opens the line or a sentence, or follows «и», «и
#: ещё», «а», «передать», a colon (group 1: what is kept before the verb, group 2: the verb).
_KIN_VOTE = re.compile(
    rf"(?i)((?:^|(?<=[\n.!:;]))[ \t]*(?:(?:и|а)[ \t]+)?(?:ещ[её][ \t]+)?(?:{_ELDER}[ \t]+)?"
    rf"(?:(?:сказал|сказала|просил|просила|велел|велела)[ \t]+передать[ \t]+)?|"
    rf"(?<![^\W\d_])передать[ \t]+)(голосует)(?=[ \t]+(?:за|против)[ \t])")


def _own_vote(m: re.Match) -> str:
    """«… голосует» → «… голосую»: the sender's own vote."""
    return m.group(1) + ("Голосую" if m.group(2)[0].isupper() else "голосую")


def dictated(text: str) -> bool:
    """True when the first 400 characters of ``text`` present its writer as the sender's
    relative (:data:`WRITER_KIN`), or name an elder who dictates («бабушка опять диктует»),
    or who says something in a letter whose writer names himself (:data:`_ELDER_SAYS`,
    :data:`_WRITER_NAMED`: «Это снова Артём. Бабушка говорит: …»): the words the writer
    says the sender said are the sender's."""
    if WRITER_KIN.search(text, 0, 400) is not None:
        return True
    says = _ELDER_SAYS.search(text, 0, 400)
    return says is not None and (says.group(1).lower() == "диктует" or
                                 _WRITER_NAMED.search(text, 0, 400) is not None)


def sender_named(text: str, nicks: tuple[str, ...], sender: str) -> str:
    """``text`` with the sender's name read as the module's docstring says."""
    if sender not in nicks:
        return text
    if _any_mark(text, _QUOTE_MARK_CHARS) and dictated(text):
        # «это Лёша, внук Виктора Павловича. Он диктует: «Убиваем X.»»: the quotes hold the
        # sender's own words, read as his (blanked, offsets kept)
        text = _DICTATED.sub(_unquoted, text)
    if "олосует" in text and dictated(text):
        text = _KIN_VOTE.sub(_own_vote, text)  # «И ещё бабушка голосует за X»: hers
    if (sender + ":" in text or sender + " :" in text) and not _heading_word(sender):
        text = _label_blanked(text, sender)
    m = _LAST.search(text, max(0, len(text) - 80))
    if m is not None:
        words = m.group(1).lower().replace("ё", "е").split()
        cut = None
        if _is_form(words, nicks, sender, "nomn"):
            cut = m.start(1)  # both words are the name
        elif len(words) == 2 and _is_form(words[1:], nicks, sender, "nomn"):
            cut = m.start(1) + len(m.group(1)) - len(words[1])
        if cut is not None:
            prev = _PREV.search(text, max(0, cut - 40), cut)
            if prev is not None and _is_name_form(prev.group(1).lower().replace("ё", "е"), nicks, sender):
                text = text[:cut].rstrip(" ") + "\n" + text[cut:]
    if (c := text.rfind(",", max(0, len(text) - 60))) >= 0:
        text = _comma_signed(text, c, nicks, sender)
    if "гост" in text or "ГОСТ" in text:
        text = _AT_SENDER.sub(lambda h: _own_home(h, nicks, sender), text)
    if ("олос" in text or "ОЛОС" in text) and _any_mark(text, _VOTE_MARK_CHARS) and \
            (len(text) < 300 or _may_vote_of(text)):
        text = _VOTE_OF.sub(lambda v: v.group(1) if _is_form(
            v.group(3).lower().replace("ё", "е").split(), nicks, sender, "gent") else v.group(),
            text)
    return text


#: idioms53: «в гости к <the sender>», «в гостях у <the sender>»: group 1 the words of the
#: visit («в гости к», «в гостях у»), group 2 the preposition, group 3 one or two words after it.
_AT_SENDER = re.compile(rf"(?i)(?<![^\W\d_])(в[ \t]+гост(?:и|ях)[ \t]+)(ко|к|у)[ \t]+"
                        rf"({_WORD}(?:[ \t]+{_WORD})?)")


def _own_home(m: re.Match, nicks: tuple[str, ...], sender: str) -> str:
    """A sender who speaks of her home by her nick (the hostess's or the psycho's guest):
    «В гости к тёще идёт X» from Тёща,
    «в гостях у Медуницы — X» from Медуница read as «в гости ко мне», «в гостях у меня»
    (``m``: a match of :data:`_AT_SENDER`): the nick in the dative after «к», in the genitive
    after «у», the whole nick or its first word; the second word, when it is no word of the
    nick, is kept. Any other name stays: «в гости к Сове» is the sender's going to Сова, and
    so does a word another nick shares («в гости к Маше» from Маша Канат beside Маша Ивановна)."""
    prep = m.group(2).lower()
    case = "gent" if prep == "у" else "datv"
    words = m.group(3).split()
    low = [w.lower().replace("ё", "е") for w in words]
    for n in range(len(low), 0, -1):
        if _is_form(low[:n], nicks, sender, case) and \
                (n > 1 or not _is_name_form(low[0], nicks, sender)):
            own = "меня" if prep == "у" else "мне"
            head = "у" if prep == "у" else "ко"
            if m.group(2)[0].isupper():
                head = head.capitalize()
            rest = " ".join(words[n:])
            return m.group(1) + head + " " + own + (" " + rest if rest else "")
    return m.group()


#: The letter's end after its last comma: one to four words and what closes it.
_AFTER_COMMA = re.compile(rf",[ \t]*((?:{_WORD}[ \t]+){{0,3}}{_WORD})([^\w\n]*)\Z")


def _comma_signed(text: str, c: int, nicks: tuple[str, ...], sender: str) -> str:
    """``text`` with the sender's own name after the last comma of the letter (at ``c``) put
    on a line of its own, when it opens what follows the comma in the nominative and at most
    two words that name nobody and are no move words come after it («голосую за X и Y, carpe
    diem блин» from Carpe_Diem, «…, Маша»): he signs, he votes for nobody more."""
    after = text[c + 1:]
    if after.strip(" \t.!)").lower() == sender.lower():
        at = c + 1 + len(after) - len(after.lstrip(" \t"))  # «…, Carpe_Diem»: as written
        return text[:c] + "\n" + text[at:]
    m = _AFTER_COMMA.match(text, c)
    if m is None:
        return text
    words = m.group(1).lower().replace("ё", "е").split()
    lex = lexicon().words
    for n in range(min(len(words), 2), 0, -1):
        rest = words[n:]
        if len(rest) <= 2 and _is_form(words[:n], nicks, sender, "nomn") and \
                not any(w in lex or _is_name_form(w, nicks, sender) for w in rest):
            return text[:c] + "\n" + text[m.start(1):]
    return text


#: Headings a nick may also be («Клан: X» from a player named Клан stays the heading).
_HEADINGS = frozenset({"клан", "мафия", "жертва", "ночь", "ночью", "день", "сегодня", "цель",
                       "ход", "ходы"})


def _heading_word(nick: str) -> bool:
    """True when the nick is also a move word or heading («Голос», «Доктор», «Клан»): «Голос:
    X» from the player Голос is his vote, no speaker label."""
    w = nick.lower().replace("ё", "е")
    return w in _HEADINGS or w in lexicon().words or w in role_words()


def _label_blanked(text: str, sender: str) -> str:
    """``text`` with «Nick:» blanked (same length) where the sender's nick as written and a
    colon open a line and more words follow («Катамаран: клан – X»)."""
    label = re.compile(rf"(?m)^([ \t]*){re.escape(sender)}[ \t]*:(?=[ \t]*[^\W\d_])")
    return label.sub(lambda m: m.group(1) + " " * (m.end() - m.end(1)), text)


def _may_vote_of(text: str) -> bool:
    """False when :data:`_VOTE_OF` surely matches nowhere in ``text``: with a plain lowered
    text (:func:`engine.textcase.plain_lower`) it is tried only where «голос» is written
    (a C-level ``find`` each, not the case-blind pattern at every character)."""
    low = plain_lower(text)
    if low is None:
        return True
    return matched_at_word(_VOTE_OF, text, low, "голос")


def _is_form(words: list[str], nicks: tuple[str, ...], sender: str, case: str) -> bool:
    """True when ``words`` (lower case) are the sender's nick, or its first word, in ``case``."""
    single, multi = _sender_forms(nicks, sender, case)
    if len(words) == 1 and words[0] in single:
        return True
    if len(words) == 1:  # the first word of the nick as written («Валя» of «Валя Пчёлкина»)
        return bool(multi) and words[0] in multi[0][0]
    return any(len(words) <= len(m) and all(w in m[i] for i, w in enumerate(words))
               for m in multi)


def _sender_forms(nicks: tuple[str, ...], sender: str, case: str):
    """(one-word forms of the sender's nick in ``case``, the word forms of a multi-word nick
    in ``case``, word by word)."""
    single, multi = _roster_forms(nicks)
    return single.get((sender, case), frozenset()), multi.get((sender, case), ())


@functools.lru_cache(maxsize=16)
def _roster_forms(nicks: tuple[str, ...]):
    """The nominative, genitive and dative forms of every nick of the roster, as
    :func:`_sender_forms` gives them, keyed by (nick, case)."""
    from .names import name_index

    idx = name_index(nicks)
    single: dict = {}
    for w, owners in idx.single.items():
        for nick, cases in owners.items():
            for case in ("nomn", "gent", "datv"):
                if case in cases:
                    single.setdefault((nick, case), set()).add(w)
    multi: dict = {}
    for nick, dicts in idx.multi:
        for case in ("nomn", "gent", "datv"):
            words = tuple(frozenset(w for w, cases in d.items() if case in cases) for d in dicts)
            multi[(nick, case)] = multi.get((nick, case), ()) + (words,)
    return {k: frozenset(v) for k, v in single.items()}, multi


def _is_name_form(word: str, nicks: tuple[str, ...], sender: str) -> bool:
    """True when ``word`` (lower case) is a form of another nick than the sender's or of a
    word of one."""
    from .names import name_index

    idx = name_index(nicks)
    owners = set(idx.single.get(word, ())) | set(idx.parts.get(word, ()))
    return bool(owners - {sender})
