"""Lynch votes in a player's own words written out as the parser's plain vote (issue 11):

- a vote word typed with Latin letters among the Cyrillic ones, or wholly in Latin
  in Ukrainian («gолос za Ponchika», «Holos — Kuzya»): «голос за …», «Голос — …»;
- «ну го X» (gamer slang «let's go»), the nick ending its sentence: «голос: X»;
- a picture standing for a nick after a vote word («линч 🦊»): the one living nick of that
  animal; with none or several the picture stays (asked about);
- on a two-vote day: «Один даю X, второй даю Y» as «Первый голос отдаю X, второй отдаю Y»,
  «…, отдаю только один — X» as «…, отдаю только один голос — X», «Голосую за обоих» after
  a sentence naming exactly two players: «Голос: X и Y»;
- on a two-vote day, «А первый отдаю X» as «А первый голос отдаю X»; «Второй голос ещё не решил, первый — X»: two sentences, the vote read
  in the second;
- «Голос же, чтобы …, отдаю за X»: the reason between the noun and its verb left out;
- on a two-vote day, the day's event named as the heading of a sentence («Ярость: X, Y»,
  «Ярость — X + Y», the nick right after it): «Голоса: X, Y» (the event changes nothing but
  the votes; «Ярость — моё любимое событие» names no player and stays);
- others' vote told, then the sender's with its verb left out («Все голосуют за X, а я за
  Y»): the comma before «а я» a full stop, so «А я за Y» reads as «Я за Y».

Pure; the text is returned unchanged when it holds none of these.
"""

from __future__ import annotations

import re

from .names import name_index
from .textcase import lower_of
from .textnorm import LATIN_SOUNDS, scripts_touch

#: Latin letters typed by mistake inside a Cyrillic vote word (a phone's keyboard switch).
_LATIN = str.maketrans(LATIN_SOUNDS)
_VOTE_WORDS = frozenset({"голос", "голосую", "линч", "линчую", "голоса"})
_MIXED = re.compile(r"\b(?=[a-zA-Z]*[а-яёА-ЯЁ])(?=[а-яёА-ЯЁ]*[a-zA-Z])[a-zA-Zа-яёА-ЯЁ]{3,9}\b")
_LATIN_VOTE = re.compile(r"(?im)^(\s*)(holos)(\s*(?:[—:]|-\s|za\s))")
_ZA = re.compile(r"(?i)\b(голос|голосую)(\s+)za(\s+)(?=\w)")

_GO = re.compile(r"(?im)(^|[.!?]\s+)((?:ну|ок|ладно|короч|короче)\s+)?го\s+([\w'’-]+)(?=\s*(?:$|[.!?)]|[^\w\s,]))")

#: Animals a picture stands for: the stems of their Russian and English words.
_ANIMALS = {"🦊": ("лис", "fox"), "🐺": ("волк", "wolf"), "🐻": ("медвед", "мишк", "bear"),
            "🦉": ("сов", "owl"), "🐸": ("жаб", "лягуш", "frog"), "🐍": ("зме", "snake"),
            "🐷": ("свин", "хрюш", "pig"), "🐗": ("кабан", "boar"), "🐰": ("заяц", "зай", "кролик", "bunny", "rabbit"),
            "🐭": ("мыш", "mouse"), "🦁": ("лев", "льв", "lion"), "🐯": ("тигр", "tiger"),
            "🐼": ("панд", "panda"), "🦔": ("еж", "ёж", "hedgehog"), "🐝": ("пчел", "пчёл", "bee"),
            "🐱": ("кот", "кош", "cat"), "🐈": ("кот", "кош", "cat"), "🐶": ("пес", "пёс", "собак", "dog"),
            "🐧": ("пингвин", "penguin"), "🦅": ("орел", "орёл", "eagle"), "🐢": ("черепах", "turtle"),
            "🦫": ("бобр", "бобёр", "beaver"), "🦌": ("олен", "лось", "deer"), "🐙": ("осьмин", "octo")}
_PICTURE_VOTE = re.compile(r"(?i)\b(линч|голос|голосую\s+за|голос\s+за)(\s*[:—-]?\s*)(" +
                           "|".join(_ANIMALS) + r")\ufe0f?")

_ONE_GIVE = re.compile(r"(?i)\b(один)(\s+)(даю|отдаю)\b(?=[^.!?\n]*\bвторой\s+(?:даю|отдаю)\b)")
#: «Голос один даю, за X», «Один голос отдаю, за X» on a two-vote day: one vote given (the
#: second kept), said with the count word: read as «первый голос отдаю за X».
_ONE_VOTE_GIVE = re.compile(r"(?i)\b(?:голос\s+один|один\s+голос)\s*,?\s*(?:даю|отдаю|отдам)\b(?:\s*,)?")
#: «Голос один, второй пока берегу: X», «Голос (один, второй пока оставлю себе, подумаю) — X»,
#: «Голос у меня один, второй не знаю кому: X» on a two-vote day: the aside that the second vote is kept, between the vote word and the
#: colon or dash before the player; the aside is left out («Голос: X»). It must say the
#: second is kept (:data:`_KEPT_WORDS`), else it stays.
_SECOND_KEPT = re.compile(r"(?i)\b(голос)(?:\s+у\s+меня)?(?:\s+сегодня)?\s*(?:\(\s*один\s*,\s*второй\b([^()\n]{0,60})\)|"
                          r"один\s*,\s*второй\b([^:—–\n.!?()]{0,50}?))(?=\s*[:—–])")
#: «Линч X, второй голос пока не отдаю» on a two-vote day: the second vote said kept after
#: the vote, in the same sentence; the comma made a full stop (the vote is read alone).
_SECOND_TAIL = re.compile(r"(?i),(\s+(?:а\s+)?второй\s+голос\b)([^.!?\n,]{0,50})")
#: «Голос у меня (сегодня) один — за X» on a two-vote day: one vote given, «Голос — за X».
_ONE_ONLY = re.compile(r"(?i)\b(голос)\s+у\s+меня(?:\s+сегодня)?\s+один(?=\s*[—–:])")
#: «Голос у меня сегодня один, и он за X», «Голос один, и тот за X»: the count of the votes,
#: then the one vote given by a pronoun of it; read as «Голос за X» (any day).
_ONE_IT = re.compile(r"(?i)\b(голос)(?:\s+у\s+меня)?(?:\s+сегодня)?\s+один\s*,?\s+(?:и\s+)?"
                     r"(?:он|тот)(?=\s+за\s+[^\W\d_])")
#: «МО в X и туда же голос», «…, туда же и голос»: the vote for the player of the move just
#: said, the pronoun first; written «голос туда же» (the same length), which the rules read.
_THERE_VOTE = re.compile(r"(?i)\b(туда)(\s+)(же)(\s+)(и\s+)?(голос|линч)(?=\s*(?:[.!,;)\n]|$))")
#: Words of an aside saying the second vote is kept for later.
_KEPT_WORDS = re.compile(r"(?i)\b(?:оставл\w*|берегу|сберегу|берёгу|придерж\w*|приберег\w*|попридерж\w*|"
                         r"не\s+трачу|не\s+отдаю|не\s+знаю|пока|позже|потом|подумаю)\b")
_FIRST_GIVE = re.compile(r"(?i)\b(первый)(\s+)(даю|отдаю|отдам)\b")
_SECOND_GIVE = re.compile(r"(?i)\b(второй\s+)даю\b")
_ONLY_ONE = re.compile(r"(?i)(\bотдаю\s+только\s+один)(\s*[—:-]\s*)(?=\w)")
_SECOND_FIRST = re.compile(r"(?i)(\bвтор(?:ой|ое)\s+(?:голос\s+)?[^.!?\n,]{0,40}?),(\s+)(?:а\s+)?"
                           r"(?:первый|первое)(?=\s*[—:-])")
_BOTH = re.compile(r"(?i)\bголосую\s+за\s+(?:обоих|обеих|обоими)\b")
#: «Шкаф — один голос, Котофей — второй», «Шкаф — первый, Котофей — другой»: the players
#: named first, each vote's number (or «голос») after its dash (a two-vote day). A dash is
#: «—», «–» or a spaced «-» (not the hyphen inside «Тёма-Борода»).
_DASH = r"(?:\s*[—–]\s*|\s+-\s+)"
_FIRST_LABEL = r"(?:(?:один|первый|1-?й)(?:\s+голос)?|голос\s+(?:один|первый|№?\s?1))"
_NEXT_LABEL = (r"(?:(?:(?:ещ[её]\s+)?один|второй|другой|2-?й)(?:\s+голос)?|"
               r"голос\s+(?:второй|другой|№?\s?2))")
_LABELLED_PAIR = re.compile(
    r"(?im)(?<![\w\-])(?P<a>\w[\w.'’]*(?:[ -]\w[\w.'’]*){0,2})" + _DASH + _FIRST_LABEL +
    r"\s*[,;]\s*(?:а\s+)?(?P<b>\w[\w.'’]*(?:[ -]\w[\w.'’]*){0,2})" + _DASH + _NEXT_LABEL +
    r"(?=\s*(?:$|[.!?,;:)]))")
#: «Ярость: X, Y» opening a line or a sentence: the event's name as the heading of the votes.
_EVENT_HEAD = re.compile(r"(?im)(^|[.!?]\s+)(ярость|ярости)(\s*(?::|[—–]|\s-\s)\s*)([\w'’.-]+)")
#: «ярость так ярость вальдшнеп и шатун», «Ярость так ярость, X и Y»: the event's «so be it»
#: said before the two votes with no mark; read as the heading «ярость: X и Y» when the word
#: after it is a form of a nick (:func:`_event_head` then reads the votes).
_SO_BE_IT = re.compile(r"(?im)(^|[.!?]\s+)((?:ну\s+)?(?:ярость|ярости))\s+так\s+(?:ярость|ярости)"
                       r"\s*,?(\s+)([\w'’.-]+)")
_REASON = re.compile(r"(?i)\b(голос(?:\s+же)?\s*,)(\s*(?:чтобы|чтоб|раз|потому что|так как)\b[^.!?\n]{5,160}?,)"
                     r"(\s*(?:отдаю|даю|отдам)\s+(?:за\s+)?)(?=\w)")


#: «Голос на линче, как и прежде, — X», «Голос, тайный как исповедь, — X»: an aside between
#: commas after the vote word that opens the sentence, then a dash and the player; the aside
#: (words of no hedge, :data:`_ASIDE_HEDGES`) is left out, «Голос на линче — X» is read.
_ASIDE = re.compile(r"(?im)((?:^|(?<=[.!?…]\s))[ \t]*(?:(?:мой|мои)[ \t]+)?голос(?:а)?"
                    r"(?:[ \t]+(?:мой|мои|на[ \t]+линче|на[ \t]+суде))?)[ \t]*,"
                    r"([^,.!?\n—–()«»:;]{2,40}),([ \t]*[—–][ \t]*)(?=\w)")
#: What every match of :data:`_ASIDE` holds from its vote word on (a charset first: ``re``
#: skips to each «г» at C speed, where :data:`_ASIDE` tries its line start at every place).
_ASIDE_HINT = re.compile(r"[гГ](?i:олоса?(?:[ \t]+(?:мой|мои|на[ \t]+линче|на[ \t]+суде))?)"
                         r"[ \t]*,[^,.!?\n—–()«»:;]{2,40},[ \t]*[—–]")
#: Words that make the aside a hedge or a condition («Голос, наверное, — X»): kept.
_ASIDE_HEDGES = frozenset({
    "наверное", "наверно", "может", "возможно", "вероятно", "пожалуй", "видимо", "кажется",
    "скорее", "пока", "думаю", "если", "или", "не", "ни", "хз", "мб", "либо", "завтра",
    "вчера", "наверн", "вроде", "типа"})


def _aside(m: re.Match) -> str:
    words = re.findall(r"\w+", m.group(2).lower())
    if not words or len(words) > 5 or not _ASIDE_HEDGES.isdisjoint(words):
        return m.group(0)
    return m.group(1) + m.group(3)


#: The head of :data:`_REASON` in lower case (a literal first: a quick search).
_REASON_HEAD = re.compile(r"голос(?:\s+же)?\s*,")

#: Others' vote told, then the sender's own with the verb left out: «Все голосуют за X, а я
#: за Y», «Гоша голосовал за X, ну а я — за Y»: the comma before «я» made a full stop (the
#: same length: the letter's words, and so the reply's quotes, stay as written), «А я за Y»
#: then reads as any «Я за Y». A pronoun or «то» after «за» names nobody.
#: (The case-blind ``(?i)(?:\bголосу(?:ет|ют)|\bголосовал[аи]?\b|\bпроголосовал[аи]?\b)…``
#: written with its first letter as a set of both cases first and the word's start looked
#: behind after it — «г» and «п» have no case forms but their capitals —, so ``re`` skips
#: along to each at C speed; the same matches, a quarter of the time on a long letter.)
_OWN_AFTER_OTHERS = re.compile(
    r"[гГпП](?<!\w.)(?i:(?<=[гГ])(?:олосу(?:ет|ют)|олосовал[аи]?\b)|(?<=[пП])роголосовал[аи]?\b)"
    r"(?i:[^.!?\n]{1,80}?(,)"
    r"(?=\s*(?:(?:а|но|ну|ну\s+а)\s+)?я\s*(?:[—–-]\s*)?за\s+(?!(?:то|это|того|него|неё|нее|"
    r"них|всех|обоих|обеих|себя|меня|тебя|вас|нас)\b)\w))")


def _go_word(low: str) -> bool:
    """True when «го» stands as a word after the start, a space or a sentence's end in the
    lower-cased ``low`` (as «(?:^|[\\s.!?])го\\s» would): at the start, else by
    :data:`_GO_INSIDE` (the literal first: ``re`` skips to each «го» at C speed, where a loop
    of ``str.find`` stopped in Python at every «его», «много», «голос»)."""
    return (low.startswith("го") and low[2:3].isspace()) or _GO_INSIDE.search(low) is not None


#: «го» after a space or a sentence's end and before a space (``\s`` is ``str.isspace``).
_GO_INSIDE = re.compile(r"го(?<=[\s.!?]го)(?=\s)")


def _there_vote(m: re.Match) -> str:
    """«туда же (и) голос» of :data:`_THERE_VOTE` as «(и) голос туда же», the first letter's
    case kept («Туда же голос.» → «Голос туда же.»)."""
    out = (m.group(5) or "") + m.group(6) + m.group(2) + m.group(1).lower() + m.group(4) + \
        m.group(3)
    return out[0].upper() + out[1:] if m.group(1)[0].isupper() else out


def _norm(w: str) -> str:
    return w.lower().replace("ё", "е")


def vote_phrases(text: str, nicks: tuple[str, ...], alive: frozenset[str] | None,
                 votes: int, sender: str = "") -> str:
    """``text`` with the vote phrases of the module's docstring written as plain votes.

    Args:
        text: the letter (after the other text normalisers).
        nicks: the roster's nicknames; ``alive``: the living ones (None: all).
        votes: the day's votes per player (2 under «Ярость» and «Голос»).
        sender: the sender's nickname (his own name in a story is none of «обоих»).
    """
    low = lower_of(text)
    if scripts_touch(text) and _MIXED.search(text):
        text = _MIXED.sub(_mixed_word, text)
        low = text.lower()
    if "holos" in low:  # Ukrainian «holos» (engine.translit reads the Russian «golos»)
        text = _LATIN_VOTE.sub(lambda m: m.group(1) + "Голос" + m.group(3).replace("za", "за"),
                               text)
        low = text.lower()
    if " za " in low:
        text = _ZA.sub(lambda m: m.group(1) + m.group(2) + "за" + m.group(3), text)
    if _go_word(low):
        text = _GO.sub(lambda m: _go(m, nicks), text)
    if any(p in text for p in _ANIMALS):
        text = _PICTURE_VOTE.sub(lambda m: _picture(m, nicks, alive), text)
    if "туда же" in low:  # «МО в X и туда же голос»: «голос туда же»
        text = _THERE_VOTE.sub(_there_vote, text)
    if "один" in low and _ONE_IT.search(text):
        text = _ONE_IT.sub(lambda m: m.group(1), text)  # «Голос у меня один, и он за X»
    if votes == 2:
        if "один" in low:
            if _ONE_GIVE.search(text):
                text = _ONE_GIVE.sub(lambda m: "первый голос" + m.group(2) + "отдаю", text)
                text = _SECOND_GIVE.sub(lambda m: m.group(1) + "отдаю", text)
            text = _ONLY_ONE.sub(lambda m: m.group(1) + " голос" + m.group(2), text)
            # «Голос один даю, за X»: one of the two votes given
            given = _ONE_VOTE_GIVE.sub(
                lambda m: ("Первый" if m.group(0)[0].isupper() else "первый") + " голос отдаю",
                text)
            if given != text:  # («…, второй даю Y»: the second vote given as the first was)
                text = _SECOND_GIVE.sub(lambda m: m.group(1) + "отдаю", given)
            # «Голос (один, второй пока оставлю себе) — X»: the second vote kept
            text = _SECOND_KEPT.sub(_second_kept, text)
            text = _ONE_ONLY.sub(lambda m: m.group(1), text)  # «Голос у меня один — за X»
        if "втор" in low:  # «Линч X, второй голос пока не отдаю»: two sentences
            text = _SECOND_TAIL.sub(lambda m: _second_tail(m, nicks), text)
        if "первый" in low:  # «А первый отдаю X»: «первый голос отдаю X»
            text = _FIRST_GIVE.sub(lambda m: m.group(1) + " голос" + m.group(2) + m.group(3), text)
        if "втор" in low:  # «Второй голос ещё не решил, первый — X»: two sentences
            text = _SECOND_FIRST.sub(lambda m: m.group(1) + "." + m.group(2) + "Первый", text)
        if "обо" in low or "обе" in low:
            text = _both(text, nicks, alive, sender)
        if "один" in low or "первый" in low or "1" in low:
            text = _LABELLED_PAIR.sub(lambda m: _labelled_pair(m, nicks), text)
        if "ярост" in low:
            if " так " in low:  # «ярость так ярость X и Y»: «ярость: X и Y»
                text = _SO_BE_IT.sub(lambda m: _so_be_it(m, nicks), text)
            text = _EVENT_HEAD.sub(lambda m: _event_head(m, nicks), text)
    if " я" in low and "голос" in low and _OWN_AFTER_OTHERS.search(text):
        text = _OWN_AFTER_OTHERS.sub(lambda m: m.group(0)[:-1] + ".", text)
    if "," in text and _REASON_HEAD.search(low):
        text = _REASON.sub(lambda m: m.group(1) + m.group(3), text)
    if "," in text and "голос" in low and _ASIDE_HINT.search(text):
        text = _ASIDE.sub(_aside, text)
    return text


def _second_tail(m: re.Match, nicks: tuple[str, ...]) -> str:
    """«Линч X, второй голос пока не отдаю» → «Линч X. второй голос пока не отдаю» when the
    tail says the second vote is kept (:data:`_KEPT_WORDS`, no «за»/«на» and a name after it)
    and the words right before the comma end with a nick's form (the vote read alone names a
    player); else the match as it was."""
    tail = m.group(2)
    if not _KEPT_WORDS.search(tail) or re.search(r"\b(?:за|на)\s+\w", tail):
        return m.group(0)
    line = m.string[max(m.string.rfind("\n", 0, m.start()) + 1, m.start() - 60):m.start()]
    if _tail_nick(line, nicks) is None:
        return m.group(0)
    return "." + m.group(1) + tail


def _second_kept(m: re.Match) -> str:
    """«Голос (один, второй пока оставлю себе) — X» → «Голос — X» when the aside says the
    second vote is kept (:data:`_KEPT_WORDS`); else the match as it was."""
    aside = m.group(2) if m.group(2) is not None else m.group(3)
    return m.group(1) if _KEPT_WORDS.search(aside or "") else m.group(0)


def _event_head(m: re.Match, nicks: tuple[str, ...]) -> str:
    """«Ярость: X» → «Голоса: X» when the word after the heading is a form of a nick."""
    word = _norm(m.group(4).rstrip("."))
    if not _nick_of(word, nicks) and _whole_nick(word, nicks) is None:
        near = name_index(nicks).approximate(word) if len(word) >= 3 else None
        if near is None or near.kind not in ("part", "pet"):
            return m.group(0)  # («Ярость — моё любимое событие»: no player named)
    word = "Голоса" if m.group(2)[0].isupper() else "голоса"
    return m.group(1) + word + m.group(3) + m.group(4)


def _so_be_it(m: re.Match, nicks: tuple[str, ...]) -> str:
    """«ярость так ярость X» of :data:`_SO_BE_IT` → «ярость: X» when the word after it is a
    form of a nick (as :func:`_event_head` tells); else the match as it was."""
    word = _norm(m.group(4).rstrip("."))
    if not _nick_of(word, nicks) and _whole_nick(word, nicks) is None:
        near = name_index(nicks).approximate(word) if len(word) >= 3 else None
        if near is None or near.kind not in ("part", "pet"):
            return m.group(0)
    return m.group(1) + m.group(2) + ":" + m.group(3) + m.group(4)


def _mixed_word(m: re.Match) -> str:
    """«gолос» → «голос»: a word of both scripts that is a vote word read in Cyrillic."""
    w = m.group(0)
    cyr = w.lower().translate(_LATIN)
    if cyr not in _VOTE_WORDS:
        return w
    return cyr.capitalize() if w[0].isupper() else cyr


def _nick_of(word: str, nicks: tuple[str, ...]) -> set[str]:
    """The nicks ``word`` (a single word) is a form of."""
    return set(name_index(nicks).single.get(_norm(word), {}))


def _go(m: re.Match, nicks: tuple[str, ...]) -> str:
    """«ну го X» → «голос: X» when X is a form of a nick."""
    if not _nick_of(m.group(3), nicks):
        return m.group(0)
    return m.group(1) + "голос: " + m.group(3)


def _picture(m: re.Match, nicks: tuple[str, ...], alive: frozenset[str] | None) -> str:
    """«линч 🦊» → «линч Лиса-Алиса» when exactly one living nick is that animal."""
    stems = _ANIMALS[m.group(3)]
    fit = [n for n in nicks if (alive is None or n in alive) and
           any(re.search(r"(?:^|[^\wа-яё])" + re.escape(s), _norm(n)) for s in stems)]
    if len(fit) != 1:
        return m.group(0)
    sep = m.group(2) if m.group(2).strip() else ": "
    return m.group(1) + sep + fit[0] + " "


_SENTENCE = re.compile(r"[^.!?\n]*[.!?\n]*")


def _both(text: str, nicks: tuple[str, ...], alive: frozenset[str] | None,
          sender: str) -> str:
    """«… Крыска и Ирокез! Голосую за обоих.» → «… Голос: Крыска и Ирокез.»: the sentence
    before names exactly two living players (and no other)."""
    m = _BOTH.search(text)
    if m is None:
        return text
    before = text[:m.start()].rstrip().rstrip(".!?…»\"' ")
    cut = max(before.rfind(c) for c in ".!?\n")
    sentence = before[cut + 1:]
    found: list[str] = []
    for w in re.findall(r"[\w'’-]+", sentence):
        owners = _nick_of(w, nicks)
        if len(owners) > 1:
            return text  # a word of two nicks: which two is not sure
        for n in owners:
            if (alive is None or n in alive) and n != sender and n not in found:
                found.append(n)
    if len(found) != 2:
        return text
    return text[:m.start()] + f"Голос: {found[0]} и {found[1]}" + text[m.end():]


def _whole_nick(phrase: str, nicks: tuple[str, ...]) -> str | None:
    """The one nick ``phrase`` (one to three words) is a form of, every word of it read;
    else None."""
    from .grammar_tokens import tokenize  # (import here: the tokenizer imports no normaliser)

    toks = [t for t in tokenize(phrase) if t.word]
    words = [t.w for t in toks]
    for start in range(len(words)):
        hit = name_index(nicks).exact(words, start, None)
        if hit is not None and hit.nick is not None and start + hit.length == len(words):
            return hit.nick
    return None


def _labelled_pair(m: re.Match, nicks: tuple[str, ...]) -> str:
    """«Шкаф — один голос, Котофей — второй» → «голоса: Шкаф и Котофей» when both names are
    forms of two different nicks (a word before the first name, such as «а» or «ну», may
    stand in the phrase: the last words that make a nick are the name)."""
    a, b = _tail_nick(m.group("a"), nicks), _whole_nick(m.group("b"), nicks)
    if a is None or b is None or a[1] == b:
        return m.group(0)
    return m.group("a")[:a[0]] + "голоса: " + m.group("a")[a[0]:] + " и " + m.group("b")


def _tail_nick(phrase: str, nicks: tuple[str, ...]) -> tuple[int, str] | None:
    """(offset, nick): the shortest tail of ``phrase`` that is a whole nick form, or None."""
    spots = [n.start() for n in re.finditer(r"(?<![\w\-])\w", phrase)]
    for at in reversed(spots):
        nick = _whole_nick(phrase[at:], nicks)
        if nick is not None:
            return at, nick
    return None
