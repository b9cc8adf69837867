"""A role's move in its own words, with no move verb (issue 11).

The hostess tells of her evening as of her own home: «сегодня у меня Лёлик», «ко мне сегодня
Бобёр», «жду Витязя», «сегодня снова жду Ванечку Малого — пусть отдохнёт». Said by anybody
else these words are talk, and even from the hostess they are her move only when the name
closes the statement (up to the end of the clause, a comma or a dash, or the next move word):
«у меня Кузя под подозрением», «жду Кузю в ветке с объяснениями» are talk.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_keywords import Kw
from .grammar_tokens import Tok, clause_words
from .names import NameIndex
from .words import common_noun, past_tense, third_person

#: The hostess's own words of having a guest: «у меня», «ко мне», and the verbs of waiting.
_HOME = (("у", "меня"), ("ко", "мне"))
_WAIT = frozenset({"жду", "ожидаю", "поджидаю", "заждалась"})
#: The same said of her things («мой камин ждёт X»: :func:`_her_things`).
_THINGS_WAIT = frozenset({"ждут", "ждет", "ждёт", "заждались", "заждался", "дожидаются"})

#: Words around them that say nothing else: the time, «снова», «к себе», «в гостях».
_AROUND = frozenset({
    "сегодня", "сегодня-то", "нынче", "ночью", "вечером", "вечерком", "этой", "эту", "ночь",
    "на", "снова", "опять", "вновь", "тоже", "а", "и", "ну", "вот", "к", "себе", "в",
    "гостях", "гости", "ночует", "заночует", "ночевать", "ко", "мне", "у", "меня", "уже",
})

#: Punctuation that closes the statement («жду Витязя, пусть доспехи начищает»).
_CLOSE = frozenset({",", "—", "-", "(", ":", ";"})


#: Words that join the statement to what was said before it («так что сегодня жду X»).
_JOIN = frozenset({"так", "что", "зато", "поэтому", "значит", "тогда", "итак", "короче"})

#: «сегодня у меня будет Смердяков»: the guest's coming in the future.
_WILL_BE = frozenset({"будет", "будут"})
#: «(хочу,) чтобы у меня ночевала Сова», «…в гостях был Бульдозер»: the past form after
#: «чтобы» is a wish of tonight, no story.
_WISH_BE = frozenset({"был", "была", "ночевал", "ночевала", "гостил", "гостила", "побыл",
                      "побыла", "переночевал", "переночевала", "посидел", "посидела"})

#: The words that make a hostess's sentence worth reading (engine.grammar_windows).
HOSTESS_TRIGGERS = _WAIT | _THINGS_WAIT | {"меня", "мне"}


def hostess_home(clause: list[Tok], start: int, stop: int,
                 idx: NameIndex, text: str = "", role: str = "") -> tuple[Kw, int] | None:
    """The hostess's invitation in her own words in ``clause[start:stop]`` (``stop``: the
    first move word or the end): an ``INVITE`` keyword over «у меня» / «жду» and the end of
    its statement; None when the words are not there or anything but the name and words of
    :data:`_AROUND` stand in the statement."""
    words = clause_words(clause)
    k = next((n for n in range(start, stop) if words[n] in _WAIT or _home_at(words, n) or
              (words[n] in _THINGS_WAIT and (_her_things(clause, start, n) or
                                             _herself(clause, start, n, role)))), None)
    evening = _evening_with(clause, start, stop if k is None else k, idx, text)
    if evening is not None:
        return evening  # «сегодня пицца и сериал с нашим милым Богданчиком 🍕»
    if k is None:
        return None
    lo = next((n + 1 for n in range(k - 1, start - 1, -1) if words[n] in _CLOSE), start)
    if lo == k and k - 1 > start and words[k - 1] in ("—", "-") and _home_at(words, k):
        # «Сицилианка — ко мне»: the dash stands for the verb left out, the guest before it
        lo = next((n + 1 for n in range(k - 2, start - 1, -1) if words[n] in _CLOSE), start)
        other = [n for n in range(lo, k - 1) if clause[n].word and words[n] not in _AROUND
                 and words[n] not in _JOIN]
        return _guest_first(clause, other, k, stop, idx, text) if other else None
    if words[k] in _THINGS_WAIT:
        lo = k  # (the things before the verb were checked by _her_things)
    wish = any(words[n] == "чтобы" for n in range(lo, k))
    other = [n for n in range(lo, k) if clause[n].word and words[n] not in _AROUND and
             words[n] not in _JOIN and not (wish and words[n] == "чтобы")]
    if other:
        # «Сегодня снова Ромео ко мне», «Сегодня Остапа жду в гости»: the guest named first
        return _guest_first(clause, other, k, stop, idx, text, 1 + _home_at(words, k)) \
            if _home_at(words, k) or words[k] in _WAIT else None
    kw = Kw(V.INVITE, k, k + (1 if words[k] in _WAIT | _THINGS_WAIT else 2), weak=True,
            own=True)
    k = kw.j
    be = _WILL_BE | (_WISH_BE if wish else frozenset())
    while k < stop and clause[k].word and (words[k] in _AROUND or (
            words[k] in be and _home_at(words, kw.i))):
        k += 1
    if k > kw.j and words[k - 1] == "на" and not clause[k].cap and \
            (m := treat_then_name(clause, k, stop, idx, reach=14, skip=be)) is not None:
        k = m  # «жду на бокал глинтвейна и «Трёх мушкетёров» нашего милого Санчо»
        kw.j = m  # (the treat is no target: the guest is read from his name, in any case)
    if (named := _described_first(clause, k, stop, idx)) > k:
        k = kw.j = named  # (the description is no target: the guest is read from his name)
    hit = idx.exact(words, k, None) if k < stop and clause[k].word else None
    size = hit.length if hit is not None else _pet_size(clause, k, stop, idx)
    if not size:
        return None
    k += size
    if hit is not None and k < stop and clause[k].word and clause[k].cap and \
            (more := idx.approximate(words[k])) is not None and more.kind == "part" and \
            more.nick == hit.nick:
        k += 1  # «жду Остапа Бендера»: a famous hero's surname after his given name
    while k + 1 < stop and words[k] in ("или", "либо") and \
            (more := idx.exact(words, k + 1, None)) is not None:
        k += 1 + more.length  # «у меня будет Барсук или Черника»: asked (engine.parse_move)
    while k < stop and (not clause[k].word or words[k] in _AROUND) and words[k] not in _CLOSE:
        k += 1
    if k < stop and words[k] not in _CLOSE:
        return None
    return kw, k


#: «наш», «мой» before the guest's description («будет наш ветеринар, X»).
_OURS = frozenset({"наш", "наша", "нашего", "нашу", "мой", "моя", "моего", "мою"})


def _described_first(clause: list[Tok], k: int, stop: int, idx: NameIndex) -> int:
    """«Сегодня ночевать у меня будет наш ветеринар, Николай», «жду моего соседа, Кузю»: the
    guest described first (a possessive and an animate noun that is no player's name, then a
    comma) and named after it: the index of the name; ``k`` when the words are not there."""
    if k + 3 >= stop or clause[k].w not in _OURS or not clause[k + 1].word or \
            clause[k + 2].w != "," or not clause[k + 3].word:
        return k
    words = clause_words(clause)
    if idx.exact(words, k + 1, None) is not None or idx.approximate(words[k + 1]) is not None:
        return k
    from .words import morph
    tag = morph().parse(words[k + 1])[0].tag
    return k + 3 if tag.POS == "NOUN" and "anim" in tag else k


def _guest_first(clause: list[Tok], other: list[int], home: int, stop: int,
                 idx: NameIndex, text: str, width: int = 2) -> tuple[Kw, int] | None:
    """«Сегодня снова Ромео ко мне 🍷»: the guest named before «ко мне» / «у меня» (``other``:
    the words before it that are not :data:`_AROUND`, which must be exactly one name) and
    nothing but such words after it up to the statement's end: an ``INVITE`` keyword of no
    width at the name, and that end."""
    words = clause_words(clause)
    first = other[0]
    # («ромашечка сегодня у меня на преферансе»: a name in lower case opening the clause)
    bare = first == 0 and not clause[first].cap and _lower_name(clause, first, idx)
    hit = idx.exact(words, first, None) if clause[first].cap or clause[first].quoted or \
        bare else None
    size = hit.length if hit is not None else (
        1 if bare else _pet_size(clause, first, home, idx))
    if not size or other[-1] >= first + size:
        return None
    k = home + width  # («у меня», «ко мне»; «жду»)
    while k < stop and (not clause[k].word or words[k] in _AROUND or (
            (words[k] in _SHOWS or words[k].startswith(_TREATS_AT)) and words[k - 1] == "на"
    )) and words[k] not in _CLOSE \
            and not text[clause[k - 1].end:clause[k].start].strip():
        k += 1
    if width == 1 and not any(words[n] in _SHOWS or words[n] in ("гости", "себе", "себя")
                              for n in range(home + 1, k)):
        return None  # «Кактуса жду, пусть объяснится»: waiting is no invitation by itself
    if k < stop and words[k] not in _CLOSE and (
            not text[clause[k - 1].end:clause[k].start].strip() or past_tense(words[k]) or
            third_person(words[k])):
        return None  # «Ромео ко мне приставал»: a story (an emoji ends the statement)
    return Kw(V.INVITE, first, first, weak=True, own=True), k


def treat_then_name(clause: list[Tok], k: int, hi: int, idx: NameIndex, reach: int = 10,
                    skip: frozenset[str] = frozenset()) -> int | None:
    """In an invitation, what the guest is treated to after «на» (from token ``k``) and then
    the guest: «на бокал глинтвейна и Феллини милейшего Гену», «на сериальчик и пиццу нашего
    милого Гномика» — lower-case words that are no verb and no move word, «и», titles in
    quotes and capitalised words no nickname reads (a film's maker). The index of the first
    name after them (a form of a nickname, or a capitalised word the index takes for a pet
    form or a part of one), within eight words; None when a mark, a verb or a move word
    comes first (``reach``: how many tokens to look through; ``skip``: verbs that may stand
    there, «у меня на преферансе будет X»)."""
    from .lexicon import lexicon
    from .words import is_verb, role_words

    words = clause_words(clause)
    moves = lexicon().words
    for m in range(k, min(hi, k + reach)):
        t = clause[m]
        if not t.word:
            if t.w in ("«", "»", '"', "“", "”", "„"):
                continue
            return None
        if idx.exact(words, m, None) is not None:
            return m if m > k else None
        if t.quoted:
            continue
        if t.cap:
            near = idx.approximate(t.w)
            if near is not None and near.kind != "fuzzy":
                return m if m > k else None
            if near is not None or t.w in role_words():
                return None
            continue  # «Феллини»: no player
        if t.w in skip:
            continue
        if t.w in moves or is_verb(t.w):
            return None
    return None


#: What the guest is asked to at her home («жду Остапа в гости на фильм»).
_SHOWS = frozenset({"фильм", "фильмец", "кино", "киношку", "сериал", "сериальчик", "ужин",
                    "чай", "чаек", "кофе", "пиццу", "пироги", "пирожки", "вино", "винишко"})

#: «мой камин и глинтвейн ждут X»: her (our) things of home waiting for the guest.
_MINE = frozenset({"мой", "моя", "мое", "моё", "мои", "наш", "наша", "наше", "наши"})
_THINGS = frozenset({
    "камин", "плед", "пледик", "глинтвейн", "чай", "чаек", "чаёк", "чайник", "самовар",
    "пироги", "пирожки", "пирог", "торт", "тортик", "печенье", "плюшки", "кофе", "кофеек",
    "вино", "винишко", "бокал", "бокальчик", "бокалы", "ужин", "диван", "диванчик", "кресло",
    "дом", "домик", "двери", "дверь", "стол", "столик", "ванна", "баня", "банька", "свечи",
    "постель", "подушки", "гостиная", "кухня", "кров", "уют", "варенье", "коньяк",
    "коньячок", "шампанское", "камин-то"})


#: The host's own role in the nominative, as she names herself («сегодня хозяйка ждёт X»).
_SELF_NAMES = {"hostess": frozenset({"хозяйка", "хозяюшка", "стерва", "хостесс", "хостесса"}),
               "psycho": frozenset({"шизик", "псих", "шиза", "психопат", "шизофреник"})}


def _herself(clause: list[Tok], start: int, k: int, role: str) -> bool:
    """True when the words before the verb at ``k`` back to ``start`` (or a mark) are the
    sender's own role word in the nominative and words of :data:`_AROUND` / :data:`_JOIN`
    only: «Сегодня хозяйка ждёт X» from the hostess (never another role's word: «хозяйка
    ждёт X» from the psycho is talk of her)."""
    own = _SELF_NAMES.get(role, frozenset())
    found = False
    for n in range(k - 1, start - 1, -1):
        t = clause[n]
        if not t.word:
            break
        if t.w in own and not found:
            found = True
        elif t.w not in _AROUND and t.w not in _JOIN:
            return False
    return found


def _her_things(clause: list[Tok], start: int, k: int) -> bool:
    """True when the words before the verb at ``k`` back to ``start`` (or to a mark other
    than a comma) are her own things: «мой камин, плед и глинтвейн ждут X», «сегодня мои
    пирожки ждут X»; one possessive of hers and one such thing at least."""
    mine = thing = False
    n = k - 1
    while n >= start:
        t = clause[n]
        if not t.word:
            if t.w != ",":
                break
        elif t.w in _MINE:
            mine = True
        elif t.w in _THINGS:
            thing = True
        elif t.w not in _AROUND and t.w not in _JOIN:
            return False
        n -= 1
    return mine and thing


#: What an evening at her home is made of, named before «с X» («пицца и сериал с X»).
_EVENING = frozenset({"пицца", "пиццу", "сериал", "сериальчик", "кино", "киношка", "фильм",
                      "фильмец", "чай", "чаек", "вино", "винишко", "ужин", "глинтвейн",
                      "настолки", "посиделки", "вечер", "вечерок"})
#: Kind words before the guest's name in the instrumental («с нашим милым X»).
_KIND = frozenset({"нашим", "моим", "милым", "дорогим", "любимым", "нашей", "моей", "милой",
                   "дорогой", "любимой"})


def _evening_with(clause: list[Tok], start: int, stop: int, idx: NameIndex,
                  text: str) -> tuple[Kw, int] | None:
    """The hostess's evening with her guest, with no verb: a statement of only the time and
    things of an evening at home (:data:`_EVENING`, one at least), «с», kind words and a
    name that closes it («сегодня пицца и сериал с нашим милым Богданчиком 🍕»): an
    ``INVITE`` keyword over «с» and the statement's end; None otherwise."""
    words = clause_words(clause)
    n = next((m for m in range(start, stop) if words[m] in ("с", "со")), None)
    if n is None:
        return None
    lo = next((m + 1 for m in range(n - 1, start - 1, -1) if words[m] in _CLOSE), start)
    before = [words[m] for m in range(lo, n) if clause[m].word]
    if not any(w in _EVENING for w in before) or \
            not all(w in _EVENING or w in _AROUND or w in _JOIN or w == "но" for w in before):
        return None
    k = n + 1
    while k < stop and words[k] in _KIND:
        k += 1
    hit = idx.exact(words, k, None) if k < stop and clause[k].word else None
    size = hit.length if hit is not None else _pet_size(clause, k, stop, idx)
    if size == 2 and text[clause[k].end:clause[k + 1].start].strip():
        size = 1  # «… Богданчиком 🍕 Пусть посидит»: the emoji ends the name
    if not size:
        return None
    k += size
    if k < stop and words[k] not in _CLOSE and \
            not text[clause[k - 1].end:clause[k].start].strip():
        return None  # «… с Богданом обсуждали»: a story (an emoji ends the statement)
    return Kw(V.INVITE, n, n + 1, weak=True, own=True), k


def _lower_name(clause: list[Tok], k: int, idx: NameIndex) -> bool:
    """True when the lower-case word at ``k`` reads as a nickname or its pet form (not a
    fuzzy near miss) and is no word of the dictionary used otherwise."""
    from .words import is_known_word

    if not clause[k].word:
        return False
    if idx.exact(clause_words(clause), k, None) is not None:
        return True
    near = idx.approximate(clause[k].w)
    return near is not None and near.kind != "fuzzy" and not is_known_word(clause[k].w)


def _home_at(words: list[str], k: int) -> bool:
    """True when «у меня» or «ко мне» (:data:`_HOME`) is written at word ``k``."""
    return tuple(words[k:k + 2]) in _HOME  # (a tuple's ``in``: == with each, no generator)


def _pet_size(clause: list[Tok], k: int, stop: int, idx: NameIndex) -> int:
    """Words of a name written in a form the exact index does not know («Ванечку Малого»):
    a capitalised word the index takes for some nickname, and a second capitalised word."""
    if k >= stop or not clause[k].word or not clause[k].cap or idx.approximate(clause[k].w) is None:
        return 0
    return 2 if k + 1 < stop and clause[k + 1].word and clause[k + 1].cap else 1


#: The hostess's words to her guest in the second person: «приходи», «заходи», «ночуешь у
#: меня» (with the guest named first, as an address: «Ванечка, … приходи ещё сегодня»).
HOSTESS_COME = frozenset({"приходи", "заходи", "прилетай", "приезжай", "забегай", "ночуешь",
                          "заночуешь", "ночуй", "заглядывай",
                          # the polite plural: «Гамлет, приходите»
                          "приходите", "заходите", "прилетайте", "приезжайте", "забегайте",
                          "ночуете", "заночуете", "ночуйте", "заглядывайте"})


def hostess_vocative(clause: list[Tok], start: int, idx: NameIndex) -> Kw | None:
    """«Ванечка, вчера было так хорошо, приходи ещё сегодня», «Ксюшенька, ты опять у меня
    ночуешь»: the hostess addresses her guest by name (the clause opens with the name and a
    comma) and asks him over in the second person: an ``INVITE`` keyword of no width at the
    name (its target); None otherwise."""
    words = clause_words(clause)
    if start + 2 < len(clause) and clause[start].w in _OPEN_QUOTES:
        start += 1  # «Пишу записку: «Ванечка, приходи сегодня!»»: her note to the guest
    if start + 1 >= len(clause) or not clause[start].word or not clause[start].cap or (
            HOSTESS_COME.isdisjoint(words[start + 1:]) and "мне" not in words and
            "гостях" not in words and _WAIT.isdisjoint(words) and "меня" not in words and
            "сюда" not in words and _GUEST_NOUNS.isdisjoint(words)):
        return None
    hit = idx.exact(words, start, None)
    size = hit.length if hit is not None else _pet_size(clause, start, len(clause), idx)
    if not size or start + size >= len(clause) or words[start + size] != ",":
        return None
    come = next((k for k in range(start + size, len(clause)) if _come_at(words, k)), None)
    if come is None or not _ELSEWHERE.isdisjoint(words[come + 1:come + 4]):
        return None  # «Ванечка, заходи в ветку почаще»: the forum, not her home
    end = next((k for k in range(come + 1, len(clause)) if words[k] in _CLOSE), len(clause))
    if any(clause[k].word and past_tense(words[k]) for k in range(come + 1, end)):
        return None  # «Ванечка, ко мне вчера заходил X»: a story
    if "завтра" in words[start + size:end]:
        return None  # «Ванечка, завтра ты у меня на бокальчике»: not tonight's move
    return Kw(V.INVITE, start, start, weak=True, own=True)


#: Opening quote marks before the addressed guest's name.
_OPEN_QUOTES = frozenset({"«", '"', "“", "„"})


def _come_at(words: list[str], k: int) -> bool:
    """True when the hostess asks the addressed guest over at ``k``: «приходи», «жду вас /
    тебя», «ко мне» (on the tea, tonight …)."""
    return words[k] in HOSTESS_COME or (words[k] in _WAIT and k + 1 < len(words) and (
        words[k + 1] in ("вас", "тебя") or _at_hour(words, k + 1))) or \
        tuple(words[k:k + 2]) == ("ко", "мне") or (tuple(words[k:k + 2]) in _COME_HERE and (
            k + 2 >= len(words) or words[k + 2] in _CLOSE or words[k + 2] in ("!", ".", "мне")
        )) or \
        (words[k] in _GUEST_NOUNS and k > 1 and words[k - 1] in ("моя", "мой") and
         "ты" in words[max(0, k - 4):k]) or \
        tuple(words[k:k + 4]) == ("у", "меня", "в", "гостях") or \
        (tuple(words[k:k + 3]) == ("у", "меня", "на") and k + 3 < len(words) and
         words[k + 3].startswith(_TREATS_AT))  # «Мостовой, котик, ты у меня на бокальчике»
        # (not «ты у меня на примете»: suspicion)


#: The hours a hostess names for her guest («жду в восемь», «к девяти»), as words.
_HOURS = frozenset({
    "шесть", "семь", "восемь", "девять", "десять", "одиннадцать", "двенадцать", "полночь",
    "шести", "семи", "восьми", "девяти", "десяти", "одиннадцати", "двенадцати", "полуночи"})


def _at_hour(words: list[str], k: int) -> bool:
    """True when an hour of the evening follows at ``k`` («в восемь», «к девяти», «в 20:00»,
    «вечером»): «Ванечка, жду в восемь» asks the guest over without «тебя»."""
    if k < len(words) and words[k] in ("вечером", "вечерком", "ночью"):
        return True
    return k + 1 < len(words) and words[k] in ("в", "к") and (
        words[k + 1] in _HOURS or words[k + 1].isdigit())


def own_guest(clause: list[Tok], k: int) -> bool:
    """True when the word at ``k`` is «гостья» / «гость» after «моя» / «мой» with «ты» just
    before («Лялечка, сегодня ты моя гостья»): the guest addressed, named before it."""
    words = clause_words(clause)
    return words[k] in _GUEST_NOUNS and _come_at(words, k)


#: «Маруська, иди сюда, посидим»: the addressed guest called over to her home.
_COME_HERE = frozenset({("иди", "сюда"), ("идите", "сюда"), ("иди", "ко"), ("идите", "ко")})
#: «Лялечка, сегодня ты моя гостья»: the addressed guest named her guest.
_GUEST_NOUNS = frozenset({"гостья", "гость", "гостьей", "гостем"})


#: Beginnings of the treats a guest is at in the hostess's home («ты у меня на винишке»).
_TREATS_AT = ("бокал", "винишк", "вине", "чае", "чаю", "чайк", "чаепити", "глинтвейн",
              "ужин", "коф", "коньяк", "коньячк", "сериал", "фильм", "кино", "посиделк",
              "ночевк", "ночёвк", "пирог", "пирожк", "пицц", "настойк", "настоечк", "наливк",
              "коктейл", "шампанск", "рюмочк", "рюмк", "бутылочк", "чаек", "чаёк", "какао",
              "пледик", "обед", "завтрак", "блин", "тортик", "свидани", "винн",
              "преферанс", "префе", "вечеринк", "партейк", "пульк", "ночевк", "девичник")


#: Places that are not the hostess's home («заходи в ветку», «приходи на форум»).
_ELSEWHERE = frozenset({"ветку", "ветке", "форум", "форуме", "чат", "тему", "обсуждение",
                        "игру", "дискорд", "телегу", "телеграм"})



def elsewhere(clause: list[Tok], k: int, hi: int) -> bool:
    """True when the words from token ``k`` (after an invitation's word and its target) ask
    to a place that is not the hostess's home: «(приглашаю всех) на форум», «(зову Кузю) в
    ветку» — talk about the game, no invitation."""
    words = clause_words(clause)
    return any(words[n] in ("на", "в", "во") and words[n + 1] in _ELSEWHERE
               for n in range(k, min(hi, k + 2, len(clause) - 1)))


#: A guest's staying at the host's home («у меня гостит X», «в моём замке гостит X»).
_STAYS = frozenset({"гостит", "погостит", "гостят", "погостят"})
#: A guest's coming to it («ко мне идёт X», «пусть X заглянет на бокальчик»).
_COMES = frozenset({"идет", "придет", "приходит", "зайдет", "заходит", "заглянет",
                    "заглядывает", "пожалует", "наведается", "забежит", "поднимется",
                    "спустится", "заедет", "приедет"})
#: The guest's coming in the past after the host's «чтобы» («Хочу, чтобы ко мне в гости
#: пришёл X»): her wish, so her invitation.
CAME = frozenset({"пришел", "пришла", "зашел", "зашла", "заглянул", "заглянула", "поднялся",
                   "поднялась", "заехал", "заехала", "приехал", "приехала"})
#: A guest's coming over that «пусть» alone makes the host's invitation («пусть заглянет X»;
#: not «пусть идёт X»: let him go; not «пусть приходит»: he may come, if he likes).
_COMES_OVER = frozenset({"придет", "зайдет", "заглянет", "пожалует", "наведается", "забежит",
                         "поднимется", "спустится", "заедет", "приедет"})
#: An evening at the host's home, named beside the guest's coming.
_PARTY = frozenset({"вечеринка", "вечеринку", "пижамная", "пижамную", "пати", "девичник",
                    "праздник", "чаепитие", "застолье"})

#: The words that make a host's sentence of the guest's coming worth reading («Маруська, иди
#: сюда»: :func:`hostess_vocative`).
GUEST_WORDS = _STAYS | _COMES | CAME | {"сюда"}

#: «в моём замке», «в мой подвал»: the host's own place.
_MY = frozenset({"моем", "моём", "мой", "моей", "мою", "моё", "мое", "нашем", "наш", "нашей"})
#: Words a host's statement of the guest's coming may hold besides the verb, the name, the
#: place and the treat.
_GUEST_AROUND = _AROUND | _JOIN | {"пусть", "пускай", "ко", "мне", "чтобы", "чтоб", "наверх",
                                   "лучше"}  # («…ой, нет. Пусть лучше придёт X»)


#: «к моему …», «к нашей …»: the dative of the host's own place after «к».
_MY_TO = frozenset({"моему", "моей", "нашему", "нашей"})
#: Nouns of feeling after «к моему» («к моему удивлению придёт X»): no place.
_FEELINGS = frozenset({"удивлению", "сожалению", "стыду", "счастью", "несчастью", "радости",
                       "ужасу", "огорчению", "изумлению", "разочарованию", "облегчению",
                       "восторгу", "позору", "неудовольствию", "недоумению", "досаде",
                       "прискорбию", "мнению"})


def own_place_at(clause: list[Tok], words: list[str], k: int, hi: int) -> bool:
    """True when ``clause[k:k + 3]`` (below ``hi``) is the host's own place said with «к» and
    a possessive: «к моему костру», «к моей палатке», «к нашему шалашу» (a common noun in the
    dative in lower case, not a feeling of :data:`_FEELINGS`: «к моему удивлению»). Idioms54: a host's
    community place idiom, «сегодня к моему костру придёт X», read as «ко мне придёт X»."""
    from .words import is_known_word, morph

    if not (words[k] in ("к", "ко") and k + 2 < hi and words[k + 1] in _MY_TO and
            clause[k + 2].word and not clause[k + 2].cap and words[k + 2] not in _FEELINGS and
            is_known_word(words[k + 2])):
        return False
    return any(p.tag.POS == "NOUN" and "datv" in p.tag and
               not ({"Name", "Surn", "Patr", "Geox"} & p.tag.grammemes)
               for p in morph().parse(words[k + 2])[:3])


def guest_comes(clause: list[Tok], start: int, stop: int,
                idx: NameIndex, text: str = "") -> tuple[Kw, int] | None:
    """The host's invitation told as the guest's coming or staying, in ``clause[start:stop]``:
    «у меня гостит Мишаня», «этой ночью в моём замке гостит Незнайка», «сегодня ко мне идёт
    Серж», «сегодня пусть Гром заглянет на бокальчик». The statement (up to a comma, a dash
    or the end) holds the verb (:data:`_STAYS`, :data:`_COMES`), exactly one name, the host's
    place («у меня», «ко мне», «в моём …») or a treat after «на» («на бокальчик», «на чай»)
    or, for staying, neither, and nothing but the time and such words besides (a verb of the
    past, another player or any other word: talk, «ко мне идёт Кузя с претензиями»). Returns
    an ``INVITE`` keyword of no width at the name and the statement's end, None otherwise."""
    words = clause_words(clause)
    v = next((n for n in range(start, stop) if words[n] in _STAYS or words[n] in _COMES or
              words[n] in CAME), None)
    if v is None:
        return None
    lo = next((n + 1 for n in range(v - 1, start - 1, -1) if words[n] in _CLOSE), start)
    hi = next((n for n in range(v + 1, stop) if words[n] in _CLOSE), stop)
    name = None
    mine = treat = wish = False
    k = lo
    while k < hi:
        t, w = clause[k], words[k]
        if not t.word:
            if k + 1 < hi and w not in ("!", "."):
                return None  # («ко мне идёт Кузя? …»)
            k += 1
            continue
        if k == v:
            k += 1
            continue
        if tuple(words[k:k + 2]) in _HOME:
            mine, k = True, k + 2
            if words[k - 2] == "ко" and k + 1 < hi and words[k] in ("в", "во", "на") and \
                    clause[k + 1].word and not clause[k + 1].cap and \
                    common_noun(words[k + 1]):
                k += 2  # «ко мне в баньку идёт X», «ко мне на дачу придёт X»: her place
            continue
        if w in ("в", "во") and k + 2 < hi and words[k + 1] in _MY and clause[k + 2].word:
            mine, k = True, k + 3  # «в моём замке»
            continue
        if own_place_at(clause, words, k, hi):
            mine, k = True, k + 3  # «к моему костру», «к нашему шалашу»: her place
            continue
        if w == "на" and k + 1 < hi and (words[k + 1] in _SHOWS or words[k + 1] in _THINGS or
                                         words[k + 1] in _EVENING):
            treat, k = True, k + 2  # «на бокальчик»
            continue
        if w in _GUEST_AROUND or w in _PARTY or w in _EVENING:  # («у меня вечеринка 🍕 приходит X»)
            wish = wish or w in ("пусть", "пускай", "чтобы", "чтоб")
            k += 1
            continue
        if name is None and t.cap:
            hit = idx.exact(words, k, None)
            size = hit.length if hit is not None else _pet_size(clause, k, hi, idx)
            if size:
                name, k = k, k + size
                continue
        return None
    if words[v] in CAME and not ({"чтобы", "чтоб"} & set(words[lo:hi])):
        return None  # («ко мне вчера зашёл X»: a story)
    if name is None or not (mine or (treat and wish) or words[v] in _STAYS or
                            (wish and (words[v] in _COMES_OVER or words[v] in CAME))):
        # («тогда пусть придёт X»: the host's wish that a guest comes over is her invitation)
        return None
    return Kw(V.INVITE, name, name, weak=True, own=True), hi


#: Prepositions that open what the guest is asked to or its part («на Кагор», «из
#: черноплодки», «в «дурака»», «с чабрецом»): the guest is never governed by them.
_OCCASION_PREPS = frozenset({"на", "в", "во", "из", "с", "со"})


def occasion_word(clause: list[Tok], k: int, lo: int) -> bool:
    """True when the word at ``k`` of an invitation's slot (from ``lo``) belongs to what the
    guest is asked to rather than being the guest: right after a preposition of
    :data:`_OCCASION_PREPS` (quote marks between: «на партейку в «дурака»»), or right after a
    noun in the genitive within a phrase opened by «на» («на шарлотку и разбор партии
    Карлсена»: whose game), or, in lower case, right after «и» that joins it to a lifeless
    noun right after such a preposition («на глинтвейн и тирамису»). The guest of «звать», «приглашать» is a
    bare accusative («на чай Васю»: after «чай» in the accusative the word is still the
    guest)."""
    from .words import morph

    n = k - 1
    while n >= lo and not clause[n].word and clause[n].w in ("«", "\"", "“", "„"):
        n -= 1
    if n < lo or not clause[n].word:
        return False
    if clause[n].w in _OCCASION_PREPS:
        return True
    words = clause_words(clause)
    if words[n] == "и" and n >= 2 and clause[n - 1].word and words[n - 2] in _OCCASION_PREPS \
            and not clause[k].cap:
        # «зову Карпаччо — на глинтвейн и тирамису»: the second treat of the list after the
        # preposition (the first may end the invitation's own idiom, «на глинтвейн»); not a
        # word with a capital, who may be a guest («на чай и Васятку»: asked)
        first = morph().parse(words[n - 1])[0].tag
        return first.POS == "NOUN" and "Name" not in first and "anim" not in first
    top = morph().parse(words[n])[0].tag
    return top.POS == "NOUN" and "gent" in top and "Name" not in top and \
        "на" in words[lo:n] and all(clause[m].word for m in range(lo, n))
