"""Russian written in Latin letters («golosuyu za Kuzyu, MO v Grafinyu», issue 11).

Players on a phone without a Russian keyboard write Russian in the informal transliteration
everybody reads at a glance. The parser reads such a word as its Cyrillic spelling when that
spelling is a Russian word, a move word or a nickname form; a Latin word that is itself a
nickname form («Smith», «Lucky») stays as it is. Only the normalised word of a token changes:
its place in the letter (and so every quoted span) is kept.
"""

from __future__ import annotations

import functools
import re

from .names_english import translations

#: Informal transliteration, longest first (GOST-like and the common phone spellings).
_TABLE: tuple[tuple[str, str], ...] = (
    ("shch", "щ"), ("sch", "щ"), ("zh", "ж"), ("kh", "х"), ("ch", "ч"), ("sh", "ш"),
    ("ts", "ц"), ("tz", "ц"), ("yu", "ю"), ("ju", "ю"), ("ya", "я"), ("ja", "я"),
    ("yo", "е"), ("jo", "е"), ("ye", "е"), ("je", "е"), ("iy", "ий"), ("yy", "ый"),
    ("ij", "ий"), ("ej", "ей"), ("ey", "ей"), ("oj", "ой"), ("oy", "ой"), ("aj", "ай"),
    ("ay", "ай"), ("uj", "уй"), ("'", "ь"), ("’", "ь"), ("`", "ь"),
    ("a", "а"), ("b", "б"), ("v", "в"), ("g", "г"), ("d", "д"), ("e", "е"), ("z", "з"),
    ("i", "и"), ("j", "й"), ("k", "к"), ("l", "л"), ("m", "м"), ("n", "н"), ("o", "о"),
    ("p", "п"), ("r", "р"), ("s", "с"), ("t", "т"), ("u", "у"), ("f", "ф"), ("h", "х"),
    ("c", "ц"), ("y", "ы"), ("w", "в"), ("x", "кс"), ("q", "к"),
)
#: A vowel, then «y» or «j», then a vowel: the «y» starts the next syllable («zaya» → «зая»,
#: «golosuju» → «голосую», «novoye» → «новое»; «mayor» stays «майор»), longest first.
_GLIDES: tuple[tuple[str, str], ...] = tuple(
    (v + g + w, cv + cw) for v, cv in (("a", "а"), ("e", "е"), ("i", "и"), ("o", "о"), ("u", "у"))
    for g in "yj" for w, cw in (("a", "я"), ("u", "ю"), ("e", "е")))
_TABLE = _GLIDES + _TABLE
_VOWELS = "аеиоуыэюя"
#: English words of mixed letters («Two votes: X and Y», «My vote: X») that read as Russian
#: words in Cyrillic («and» → «анд», «my» → «мы»): kept as written.
_ENGLISH = frozenset({"and", "or", "my", "is", "the", "for", "to", "of", "in", "on", "at",
                      "it", "me", "we", "he", "she", "you", "a", "i", "no", "not", "but"})
_LATIN_WORD = re.compile(r"[a-z'’`]+")
CYRILLIC = re.compile("[а-яё]").match


@functools.lru_cache(maxsize=20_000)
def cyrillic_reading(word: str) -> str:
    """The Cyrillic spelling of a transliterated Russian word («golosuyu» → «голосую»,
    «b'yu» → «бью», «grafinej» → «графиней»); ``word`` is lower-case Latin (apostrophes for
    the soft sign). A lone «y» after a vowel is «й», else «ы». Not Latin: returned as is."""
    if not _LATIN_WORD.fullmatch(word):
        return word
    return transcribe(word, _TABLE, _y_after_vowel)


#: A Latin word with a Russian case ending after an apostrophe («losyash'a», «fox'om»).
LATIN_CASE = re.compile(r"[a-z]{3,}'[a-z]{1,3}")

#: Ukrainian letters Russian spells otherwise (і, ї → и; є → е; ґ → г).
_UKRAINIAN = re.compile("[іїєґ]")
_UKRAINIAN_TO_RUSSIAN = str.maketrans("іїєґ", "ииег")


def russian_spelling(word: str) -> str | None:
    """A Cyrillic word (normalised) with Ukrainian letters in Russian spelling («шмідта» →
    «шмидта», «комісара» → «комисара»); None for a word with none or with Latin letters."""
    if not _UKRAINIAN.search(word) or re.search("[a-z]", word):
        return None
    return word.translate(_UKRAINIAN_TO_RUSSIAN)


def _y_after_vowel(lat: str, cyr: str, out: list[str]) -> str:
    return "й" if lat == "y" and out and out[-1][-1:] in _VOWELS else cyr


def transcribe(word: str, table: tuple[tuple[str, str], ...], adjust=None) -> str:
    """``word`` rewritten by ``table`` (pairs of source and target spellings, longest source
    first; the first that matches at each place wins; a character no pair has stays).
    ``adjust(source, target, written so far)`` may change a pair's target by its context."""
    out: list[str] = []
    i = 0
    while i < len(word):
        for lat, cyr in table:
            if word.startswith(lat, i):
                out.append(adjust(lat, cyr, out) if adjust else cyr)
                i += len(lat)
                break
        else:
            out.append(word[i])
            i += 1
    return "".join(out)


#: A Latin word with a digit Russian chat types for a letter in it («4ek» is «чек», «ho4u»
#: «хочу»): 3 is «з», 4 «ч», 6 «ш».
_CHAT_DIGIT_WORD = re.compile(r"(?=[a-z]*[346])(?=[346]*[a-z])[a-z346]{3,}")
_CHAT_DIGITS = str.maketrans({"3": "з", "4": "ч", "6": "ш"})
_LATIN_RUN = re.compile("[a-z]+")

#: A character whose lower case starts with a Latin letter (ASCII, the Kelvin sign, «İ»):
#: a span without one has no token for :func:`read_latin` to read.
_LATIN_START = re.compile("[A-Za-z\u212a\u0130]").search


def read_latin(toks: list, visible: str, known, respell=None, named=None) -> list:
    """``toks`` (:class:`engine.grammar_tokens.Tok`) with each Latin word that ``known``
    rejects as written but accepts in Cyrillic («lechu» → «лечу») given the Cyrillic ``w``;
    a soft-sign apostrophe right after the word («Ten'») is read with it; a lone «i» after or
    before a word read in Cyrillic is «и» («Murku i Peskarja», «za dimona i mo v …»); a word
    dotted to a Latin word left as written stays too («Vitalik.by» is no «Vitalik.бы»); a
    word of parts joined by «_» or «-» («Zhenyu_K») is read part by part, each part known.
    ``named(cyr)``: True for a word of a nickname, which a Latin word also reads as by its
    English sound or translation (:func:`english_readings`: «Mr Bean» is «Мистер Бин»).
    ``respell(cyr)``: a known spelling of a reading the transliteration could not give
    (a soft sign left out: «vafelku» → «вафельку»), or None. ``known(w)``: True
    for a word the parser knows (a Russian word, a move word, a nickname form). Returns the
    same list when nothing changed."""
    if not toks or _LATIN_START(visible, toks[0].start, toks[-1].end) is None:
        return toks  # no word can start with a Latin letter: the common case, at C speed
    out = None
    for n, t in enumerate(toks):
        if t.w == "i" and n > 0 and toks[n - 1].word and CYRILLIC((out or toks)[n - 1].w):
            out = out or list(toks)  # «Murku i Peskarja»: «i» after a word read in Cyrillic
            out[n] = t._replace(w="и")
            continue
        if t.word and t.w[:1] < "{" and _CHAT_DIGIT_WORD.fullmatch(t.w) and not known(t.w):
            # «4ek Токсика»: the digits Russian chat types for letters, in a Latin word
            cyr = _LATIN_RUN.sub(lambda m: cyrillic_reading(m.group()), t.w).translate(_CHAT_DIGITS)
            if known(cyr):
                out = out or list(toks)
                out[n] = t._replace(w=cyr)
            continue
        if not t.word or not ("a" <= t.w[:1] <= "z") or t.w in _ENGLISH or known(t.w):
            continue
        if n > 1 and toks[n - 1].w == "." and toks[n - 2].word and \
                toks[n - 2].end == toks[n - 1].start and toks[n - 1].end == t.start and \
                "a" <= (out or toks)[n - 2].w[:1] <= "z":
            continue  # «Vitalik.by»: a word dotted to a Latin word kept is one name with it
        w = t.w
        if t.end < len(visible) and visible[t.end] in "'’`":
            w += "'"
        if "_" in w or "-" in w:  # «Zhenyu_K», «Verochku_K»: each part read on its own
            cyr = _LATIN_WORD.sub(lambda m: cyrillic_reading(m.group()), w)
            if cyr == w or not all(known(c) for c in re.split(r"[_-]", cyr) if c):
                continue
        else:
            cyr = cyrillic_reading(w)
            if cyr != w and not known(cyr):
                cyr = next((c for c in phone_readings(w) if known(c)), cyr)
            if cyr != w and not known(cyr) and respell is not None:
                cyr = respell(cyr) or cyr  # «Vafelku»: «вафелку» is «вафельку»
            if (cyr == w or not known(cyr)) and named is not None:
                # «Mr Bean» for «Мистер Бин»: a Cyrillic nick's word in its English
                # spelling or translation, read back only into a nick's word
                cyr = next((r for r in english_readings(w) if named(r)), cyr)
            if cyr == w or not known(cyr):
                continue
        if out is None:
            out = list(toks)
        out[n] = t._replace(w=cyr)
    if out is not None:  # «za dimona i mo v …»: «i» before a word read in Cyrillic is «и»
        for n, t in enumerate(out[:-1]):
            if t.w == "i" and n > 0 and out[n - 1].word and out[n + 1].word and \
                    CYRILLIC(out[n + 1].w) and toks[n + 1].w != out[n + 1].w:
                out[n] = t._replace(w="и")
    return toks if out is None else out


#: A Latin vowel: a «u» after one is «ю» on a phone («ohranyau» → «охраняю», «delau» →
#: «делаю»), an «i» after one at the word's end or before a consonant is «й» («reshai» →
#: «решай», «moika»).
_PHONE_U = re.compile(r"(?<=[aeio])u")
_PHONE_I = re.compile(r"(?<=[aeou])i(?![aeiouy])")


def phone_readings(word: str) -> tuple[str, ...]:
    """Other Cyrillic readings of a Latin word as phones type Russian, for a word whose usual
    reading (:func:`cyrillic_reading`) is no Russian word: a «u» after a vowel as «ю», an
    «i» after a vowel and before no vowel as «й» («ohranyau» → «охраняю», «reshai» →
    «решай»), an «sh» as «щ» («ishu» → «ищу»). Empty when none applies."""
    marked = [pattern.sub(mark, word) for pattern, mark in ((_PHONE_U, "\x01"), (_PHONE_I, "\x02"))
              if pattern.search(word)]
    if len(marked) == 2:
        marked.append(_PHONE_I.sub("\x02", _PHONE_U.sub("\x01", word)))
    shch = (cyrillic_reading(word.replace("sh", "shch")),) \
        if "sh" in word and "shch" not in word else ()  # «ishu» → «ищу»
    if _ICAO.search(word):  # «okhraniaiu», «golosuiu», «liechu»: passport spelling
        marked.append(_ICAO.sub(lambda m: _ICAO_MARK[m.group()], word))
    if _SOFT_IOTA.search(word):  # «maniachu» → «маньячу», «semya» → «семья»: «ь» left out
        marked.append(_SOFT_IOTA.sub(lambda m: m.group(1) + _SOFT_MARK[m.group(2)[-1]], word))
    if "tch" in word:  # «lintch» → «линч»: the English spelling of «ч»
        marked.append(word.replace("tch", "ch"))
    return tuple(cyrillic_reading_marked(m) for m in marked) + shch


def english_readings(word: str) -> tuple[str, ...]:
    """The Cyrillic words a Latin ``word`` (lower case) may stand for in English: its
    Russian translations as a nick's word (:mod:`engine.names_english`: «mr» → «мистер»,
    «old» → «старый») and its English sound (:func:`name_readings`: «bean» → «бин»)."""
    return tuple(dict.fromkeys((*translations(word)[0], *name_readings(word)[:6])))


#: The passport (ICAO 9303) spelling of я, ю and a soft е: «ia», «iu», «ie».
_ICAO = re.compile("i[aue]")
_ICAO_MARK = {"ia": "\x03", "iu": "\x01", "ie": "\x04"}
#: «ья», «ью», «ье» after a consonant with the soft sign left out, as phones spell them
#: («maniachu», «semya», «vyuga»): «i» or «y» then the vowel.
_SOFT_IOTA = re.compile("([bdfgklmnprstvz])([iy][aue])")
_SOFT_MARK = {"a": "\x05", "u": "\x06", "e": "\x07"}


def cyrillic_reading_marked(word: str) -> str:
    """:func:`cyrillic_reading` of a word with «\x01» standing for «ю», «\x02» for «й»,
    «\x03» for «я», «\x04» for «е», «\x05» for «ья», «\x06» for «ью», «\x07» for «ье»."""
    parts = re.split("([\x01-\x07])", word)
    return "".join(_MARKED[p] if p in _MARKED else
                   (transcribe(p, _TABLE, _y_after_vowel) if p else "") for p in parts)


_MARKED = {"\x01": "ю", "\x02": "й", "\x03": "я", "\x04": "е", "\x05": "ья", "\x06": "ью",
           "\x07": "ье"}


def latin_words(words) -> dict[str, str]:
    """The Cyrillic readings of the Latin words among ``words`` (a letter's word set), as
    reading → word written, for finding the sentences a transliterated move word is in."""
    return {cyrillic_reading(w): w for w in words if "a" <= w[:1] <= "z" and
            _LATIN_WORD.fullmatch(w)}


#: Letters read as vowels in a Latin nickname (for the context rules of :func:`name_readings`).
_LAT_VOWELS = "aeiouy"

#: Endings of Latin and Greek names as Russian writes them (Tacitus → Тацит, Ignatius →
#: Игнатий, Pulcheria → Пульхерия, Centurio → Центурион): Latin ending → Russian readings,
#: the usual one first.
_NAME_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ius", ("ий", "иус")), ("ium", ("ий", "иум")), ("ia", ("ия",)), ("io", ("ио", "ион")),
    ("us", ("", "ус")), ("um", ("", "ум")), ("o", ("о", "он")),
    # an English «-le» after a consonant is said with no vowel: «Marple» → «Марпл», «Castle»
    ("ple", ("пл",)), ("ble", ("бл",)), ("tle", ("тл",)), ("dle", ("дл",)), ("gle", ("гл",)),
    ("ckle", ("кл",)), ("kle", ("кл",)),
)

#: Spellings with more than one Russian reading (Latin or English sound), the first usual.
_NAME_UNITS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # German letters: «chs» is said «кс» («Fuchs» → «Фукс», «Sachs» → «Закс»), an umlaut as
    # Russian books and players write it («Bär» → «Бер», «Бэр»; «Götz» → «Гёц»; «Müller» →
    # «Мюллер»), «ß» a double «с» («Strauß» → «Штраус»)
    ("chs", ("кс", "хс", "чс")), ("ä", ("е", "э")), ("ö", ("е", "о")), ("ü", ("ю", "у")),
    ("ß", ("сс", "с")),
    ("sch", ("ш", "сх")), ("shch", ("щ",)), ("sh", ("ш", "щ")), ("zh", ("ж",)), ("kh", ("х",)),
    ("ch", ("х", "ч")), ("th", ("т", "ф")), ("ae", ("е", "э")), ("oe", ("е",)), ("ph", ("ф",)), ("ck", ("к",)), ("qu", ("кв",)),
    ("ts", ("ц", "тс")), ("tz", ("ц",)), ("zz", ("зз", "цц")), ("ee", ("и",)), ("oo", ("у",)), ("au", ("ав", "ау")),
    ("eu", ("ев", "эу")), ("ey", ("ей", "эй")), ("oye", ("ое", "ойе")), ("aye", ("ае", "айе", "ее")),
    ("ay", ("ай", "ей", "эй")), ("oy", ("ой",)), ("ou", ("оу", "ау", "у")),
    ("ai", ("аи", "ай", "ей", "эй")),
    ("ow", ("ов", "ау", "оу")), ("wo", ("во", "ву")), ("wa", ("ва", "уо", "во")),
    ("ya", ("я",)), ("yu", ("ю",)), ("yo", ("е",)), ("ye", ("е",)), ("ja", ("я", "джа")),
    ("ju", ("ю", "джу")), ("igh", ("иг", "ай")), ("x", ("кс",)), ("w", ("в", "у")), ("q", ("к",)),
    ("a", ("а",)), ("b", ("б",)), ("d", ("д",)), ("f", ("ф",)), ("g", ("г",)), ("i", ("и",)),
    ("k", ("к",)), ("m", ("м",)), ("n", ("н",)), ("o", ("о",)), ("p", ("п",)), ("r", ("р",)),
    ("s", ("с",)), ("t", ("т",)), ("u", ("у",)), ("v", ("в",)), ("z", ("з",)),
)


#: English vowels before one consonant and a silent final «e» (their usual Russian readings
#: after the plain one): «Kate» → «Кейт», «Mike» → «Майк», «Stone» → «Стоун», «Duke» → «Дюк»,
#: «Hyde» → «Хайд».
_MAGIC_E = {"a": ("а", "ей", "э", "е"), "i": ("и", "ай"), "o": ("о", "оу"), "u": ("у", "ю"),
            "y": ("и", "ай", "ы")}


def _silent_inner_e(word: str, i: int) -> bool:
    """True when ``word[i]`` is an English «e» that may be silent inside a word: after a
    vowel and one consonant, before a consonant (not «r», «l») and a vowel, the vowel before
    it the word's first («Bateman» → «Бейтман», «Jameson» → «Джеймсон»; not «Cameron»)."""
    return word[i:i + 1] == "e" and i >= 2 and word[i - 2] in _MAGIC_E and \
        word[i - 1] not in _LAT_VOWELS and word[i + 1:i + 2] not in ("", *_LAT_VOWELS, "r", "l") \
        and word[i + 2:i + 3] in _VOWEL_CHARS and not _A_VOWEL.search(word[:i - 2])


#: :func:`_silent_inner_e`'s vowels one by one (a tuple: ``"" in`` a string is true) and as a
#: pattern.
_VOWEL_CHARS = tuple(_LAT_VOWELS)
_A_VOWEL = re.compile(f"[{_LAT_VOWELS}]")


def _unit_choices(word: str, i: int, english: bool) -> tuple[int, tuple[str, ...]]:
    """The Russian readings of the spelling at ``word[i:]`` → (its length, readings);
    ``english``: the word may be an English name (no Latin ending was cut off)."""
    ch = word[i]
    nxt = word[i + 1:i + 2]
    after = word[i + 2:i + 3]
    if english and ch in _MAGIC_E and nxt and nxt not in _LAT_VOWELS and after == "e" and \
            i + 3 == len(word) and (i > 0 or nxt not in "rx"):
        # a silent final «e»: «Kate» → «Кейт», «Mike» → «Майк»; so in a word of three
        # letters: «Ice» → «Айс», «Ace» → «Эйс» (not «Ore», «Axe»)
        return 1, _MAGIC_E[ch]
    if english and ch in _MAGIC_E and i > 0 and _silent_inner_e(word, i + 2):
        return 1, _MAGIC_E[ch]  # a silent «e» inside: «Bateman» → «Бейтман», «Jameson»
    if english and ch == "e" and _silent_inner_e(word, i):
        return 1, ("е", "")
    if english and ch == "e" and i == len(word) - 1 and i >= 2 and \
            word[i - 1] not in _LAT_VOWELS and word[i - 2] in _MAGIC_E:
        return 1, ("е", "")  # («Ice», «Axe»: the three-letter words too)
    if english and ch == "e" and i == len(word) - 2 and word[-1] == "s" and i > 2 and \
            word[i - 1] not in _LAT_VOWELS + "sxzh" and word[i - 2] in _LAT_VOWELS + "lrn":
        return 1, ("е", "")  # an English «-es» said «-с»: «Holmes» → «Холмс», «Jones» → «Джонс»
    if english and i >= 2 and i + 2 == len(word) and word[i:] in ("ey", "ie") and \
            word[i - 1] not in _LAT_VOWELS:
        # an English final «-ey», «-ie» after a consonant is said «и»: «Crowley» → «Кроули»,
        # «Bowie» → «Боуи», «Charlie» → «Чарли» (the letters' own reading first)
        return 2, ("ей", "и", "эй") if word[i:] == "ey" else ("ие", "и")
    if english and word[i:i + 3] == "eau" and i > 0:
        return 3, ("еау", "ью", "о")  # «eau»: English «Beauty» → «Бьюти», French «Beau» → «Бо»
    if english and ch == "o" and nxt == "a" and after and after not in _LAT_VOWELS:
        return 2, ("оа", "оу", "о")  # English «oa»: «Road» → «Роуд», «Toast» → «Тост»
    if english and ch == "a" and nxt == "w" and (not after or after not in _LAT_VOWELS):
        return 2, ("ав", "ау", "о")  # English «aw»: «Hawk» → «Хок», «Dawn» → «Дон»
    if english and ch == "a" and nxt == "l" and after and after in "lk" and i > 0:
        return 1, ("а", "о")  # English «all», «alk»: «Small» → «Смолл», «Walker» → «Уолкер»
    if english and ch == "y" and i > 0 and not re.search(f"[{_LAT_VOWELS}]", word[:i]) and (
            i + 1 == len(word) or (nxt not in _LAT_VOWELS and after and after in _LAT_VOWELS)):
        # an English «y», the word's first vowel, at its end or before a consonant and a
        # vowel, is said «ай»: «Sky» → «Скай», «Cyber» → «Сайбер», «Tyler» → «Тайлер»
        return 1, ("и", "ай", "ы")
    if english and ch in "iu" and nxt == "r" and after and after not in _LAT_VOWELS + "r" and \
            i > 0:
        # an English «ir», «ur» before a consonant is said «ёр»: «Girl» → «Гёрл», «Bird» →
        # «Бёрд», «Burn» → «Бёрн»
        return 1, ("и", "е") if ch == "i" else ("у", "а", "е")
    if english and ch == "a" and word[i + 1:] == "ry" and i > 0:
        return 1, ("а", "э", "е")  # an English «-ary»: «Mary» → «Мэри», «Gary» → «Гэри»
    if english and ch == "i" and i == 0 and nxt == "r" and after and after in _LAT_VOWELS:
        return 1, ("и", "ай")  # an English «ir» before a vowel: «Iron» → «Айрон»
    if english and ch == "g" and nxt and nxt in "ei" and i + 2 < len(word):
        return 1, ("г", "дж")  # a soft English «g»: «Ginger» → «Джинджер», «Gena» → «Гена»
    if english and ch in "kw" and nxt == ("n" if ch == "k" else "r") and i == 0:
        return 2, ("кн", "н") if ch == "k" else ("вр", "р")  # silent: «Knight», «Wright»
    if english and ch == "i" and nxt and nxt not in _LAT_VOWELS + "hrwy" and after and \
            after in _LAT_VOWELS and i + 3 < len(word) and \
            len(re.findall(f"[{_LAT_VOWELS}]+", word)) == 2:
        return 1, ("и", "ай")  # English open «i»: «Sniper» → «Снайпер», «Tiger» → «Тайгер»
    if english and ch == "u" and nxt and nxt not in _LAT_VOWELS and \
            (not after or after not in _LAT_VOWELS) and i > 0:
        return 1, ("у", "а")  # English short «u»: «Hunter» → «Хантер», «Buster» → «Бастер»
    if english and ch in "ct" and i > 0 and word[i - 1] in _LAT_VOWELS and \
            word[i + 1:i + 3] in ("ea", "ia", "io"):
        # an English «c», «t» before «ea», «ia», «io» is said «ш»: «Ocean» → «Оушен»,
        # «Nation» → «Нейшн»
        return 1, (("ц", "с") if ch == "c" else ("т",)) + ("ш",)
    if ch == "c" and nxt not in ("h", "k"):  # c → ц before e, i, y, ae, oe (Latin), else к
        soft = (nxt and nxt in "eiy") or word[i + 1:i + 3] in ("ae", "oe")
        return 1, ("ц", "с") if soft else ("к",)
    if ch == "l":
        if nxt == "l":  # «Bulldozer» → «Бульдозер», «Кассандра»-style doubles kept too
            return 2, ("лл", "ль", "л")
        if not nxt or nxt not in _LAT_VOWELS:  # before a consonant or at the end: soft
            return 1, ("л", "ль")
        return 1, ("л",)
    if ch == "g" and nxt == "h" and i == 0:
        return 2, ("г", "гх")  # «Ghost» → «Гост»
    if english and ch == "w" and nxt == "h" and i == 0:
        # an English «wh» is said «у» («White» → «Уайт»), before «o» «х» («Who» → «Ху»)
        return 2, ("х", "у", "в") if after == "o" else ("у", "в")
    if english and ch == "o" and i == 2 and word[:2] == "wh":
        return 1, ("у", "о")  # («Who» → «Ху», «Whom» → «Хум»)
    if english and nxt == ch and i + 2 == len(word) and i > 1 and ch in "fsnmtpkdgbrz":
        one = _unit_choices(word, i + 1, english)[1]  # «Sheriff» → «Шериф», «Boss» → «Бос»
        return 2, tuple(dict.fromkeys([one[0] * 2, *one]))
    if ch == "w" and word[i + 1:i + 3] == "ai":
        # «w» before «ai», not «wa»: «Gawain» → «Гавейн», «Dwain» → «Двейн»
        return 1, ("в", "у")
    if ch == "h":
        if english and 0 < i and word[i - 1] == "o" and nxt == "n":
            return 1, ("", "х")  # a silent English «h» in «ohn»: «John» → «Джон», «Johnny»
        return 1, ("х", "", "г") if i == 0 else ("х",)
    if ch == "y" and nxt == "o" and i == 0:
        return 2, ("е", "йо")  # «Yorick» → «Йорик», «Yoda» → «Йода»
    if ch == "j":
        if i > 0 and word[i - 1] not in _LAT_VOWELS + "j" and nxt and nxt in "au" and \
                i + 2 < len(word):
            # a German or Polish «j» softens the vowel after a consonant: «Katjuscha» →
            # «Катюша», «Tanjusha» → «Танюша» (the English «дж» first)
            vowel = "я" if nxt == "a" else "ю"
            return 2, ("дж" + transcribe(nxt, _TABLE), vowel, "ж" + transcribe(nxt, _TABLE),
                       "й" + transcribe(nxt, _TABLE))
        if nxt and nxt in "au" and i + 2 == len(word):  # «Ninja» → «Ниндзя», «Maja» → «Мая»
            vowel = "я" if nxt == "a" else "ю"
            return 2, ("дж" + transcribe(nxt, _TABLE), vowel, "ж" + transcribe(nxt, _TABLE),
                       "дз" + vowel)
        if nxt == "u" and i == 0:  # «Junior» → «Джуниор», «Юниор»; «Julia» → «Юлия»
            size, u = _unit_choices(word, 1, english)
            if size == 1:
                return 2, tuple(dict.fromkeys(["дж" + u[0], "ю", *("дж" + c for c in u[1:]),
                                               "ж" + u[0], "й" + u[0]]))
        if nxt == "a" and i == 0 and after and after not in _LAT_VOWELS:
            # a word-initial «ja» of the Russian transliteration is «я»: «Jakor» → «Якорь»,
            # «Jana» → «Яна» (the English «дж» first: «Jack» → «Джек»)
            size, a = _unit_choices(word, 1, english)
            if size == 1:
                return 2, tuple(dict.fromkeys([*("дж" + c for c in a), "я", "ж" + a[0],
                                               "й" + a[0]]))
        return 1, ("дж", "й", "ж")
    if ch == "e" and nxt == "i" and i > 0 and word[i - 1] not in _LAT_VOWELS:
        return 2, ("еи", "ей", "ай")  # «ei»: «Zeitnot» → «Цейтнот», «Einstein» → «Эйнштейн»
    if english and ch == "e" and nxt == "a" and i > 0 and after and after not in _LAT_VOWELS:
        # English «ea»: «Bear» → «Бер», «Dean» → «Дин»; before «r» also «иа» («Near» → «Ниар»)
        return 2, ("еа", "е", "и", "иа") if after == "r" else ("еа", "е", "и")
    if ch == "e" and nxt == "e":
        return 2, ("и", "ее")  # English «ee»: «Lee» → «Ли», «Steel» → «Стил»
    if english and ch == "i" and nxt == "e" and i > 0 and after and after not in _LAT_VOWELS:
        if word[i + 2:] == "l":  # a final «-iel» is two syllables: «Ariel» → «Ариэль»
            return 2, ("ие", "иэ", "и")
        return 2, ("ие", "и")  # English «ie» before a consonant: «Priest» → «Прист», «Field»
    if ch == "e" and i > 0 and word[i - 1] in "aiouy":
        # an «e» after another vowel is written «э» as well: «Ariel» → «Ариэль», «Raphael»
        # → «Рафаэль», «Noel» → «Ноэль» (as in «поэт», «дуэль»)
        return 1, ("е", "э")
    if ch == "e":
        return 1, ("э", "е") if i == 0 else ("е",)
    if ch == "y" and (not nxt or nxt not in "aoue"):
        prev_vowel = i > 0 and word[i - 1] in _LAT_VOWELS
        return 1, ("й",) if prev_vowel and (not nxt or nxt not in _LAT_VOWELS) else ("и", "ы")
    if ch in _LAT_VOWELS and ch != "y" and nxt in ("y", "j") and after and after in "au":
        return 1, _unit_choices(word[i], 0, english)[1]  # «zaya» → «зая», not «зайа»
    if english and ch == "a" and nxt and nxt not in _LAT_VOWELS and nxt not in "rlwy" and after and \
            after in _LAT_VOWELS and (i + 3 < len(word) or after == "y") and \
            len(re.findall(f"[{_LAT_VOWELS}]+", word)) == 2:
        return 1, ("а", "ей", "е", "э")  # English open «a»: «Jason» → «Джейсон», «Lady» →
        # «Леди», «Shadow» → «Шэдоу»
    if english and ch == "a" and i > 0 and nxt and nxt in "bcdgkmnpt" and after == nxt:
        return 1, ("а", "э", "е")  # English short «a» before a double: «Danny» → «Дэнни»
    if english and ch == "o" and i == 0 and nxt and nxt not in _LAT_VOWELS + "hrwy" and \
            after and after in _LAT_VOWELS and len(re.findall(f"[{_LAT_VOWELS}]+", word)) == 2:
        return 1, ("о", "оу")  # an English open «o» starting a word: «Ocean» → «Оушен»
    if english and ch == "a" and nxt and nxt in "cdkmnptx" and \
            (not after or after not in _LAT_VOWELS) and \
            (len(re.findall(f"[{_LAT_VOWELS}]+", word)) == 1 or i + 2 == len(word)):
        # English short «a»: «Mad» → «Мэд», «Jack» → «Джек»; so in a last syllable closed by
        # one consonant: «Tankman» → «Танкмэн»
        return 1, ("а", "э", "е")
    if english and ch == "a" and i > 0 and word[i + 1:] == "sh":
        return 1, ("а", "э", "е")  # an English «-ash»: «Stash» → «Стэш», «Flash» → «Флэш»
    if english and ch == "g" and nxt == "e" and i + 2 == len(word) and i > 2:
        return 2, ("ге", "ж", "дж")  # «Vintage» → «Винтаж», «George» → «Джордж»
    if english and ch in "zr" and i == len(word) - 1 and i > 2:
        return 1, ("з", "зь") if ch == "z" else ("р", "рь")  # «Vityaz» → «Витязь»
    if ch == "z" and (i == 0 or word[i - 1] not in _LAT_VOWELS) and nxt and nxt != "h":
        return 1, ("з", "ц")  # a German «z» is said «ц»: «Zugzwang» → «Цугцванг», «Zeitnot»
    if ch == "s" and 0 < i and word[i - 1] in _LAT_VOWELS + "lnr" and nxt and nxt in _LAT_VOWELS:
        # between vowels, or after «l», «n», «r» before one: «Caesar» → «Цезарь», «Tensor» →
        # «Тензор», «Elsa» → «Эльза»
        return 1, ("с", "з")
    for lat, cyr in _NAME_UNITS:
        if word.startswith(lat, i):
            return len(lat), cyr
    return 1, (ch,)


#: A Latin nickname word :func:`name_readings` reads: lower-case Latin letters, German too.
_NAME_WORD = re.compile("[a-zäöüß]+")


@functools.lru_cache(maxsize=4096)
def name_readings(word: str, limit: int = 24, shortest: int = 3) -> tuple[str, ...]:
    """The Cyrillic spellings Russians give a Latin name or nickname word (lower case,
    letters only, German umlauts and «ß» too), the usual first: Latin and Greek names as in Russian classics (c → ц
    before e, i, y, else к; ch → х; qu → кв; th → т; ph → ф; au → ав; «-us» dropped,
    «-ius» → «-ий», «-ia» → «-ия», «-io» → «-ион»: Tacitus → «Тацит», Ignatius →
    «Игнатий», Pulcheria → «Пульхерия», Centurio → «Центурион», Marcus → «Марк»), English
    sounds (j → дж, an open a → ей: Jason → «Джейсон»), a soft l before a consonant
    («Вульпекула»), an h said or not («Иероним»), a Russian word in Latin letters with its
    soft sign («Vityaz» → «Витязь»). At most ``limit`` readings, each with at most three
    choices other than the usual one, of ``shortest`` letters or more. Not lower-case Latin
    letters: ``()``."""
    if not _NAME_WORD.fullmatch(word):
        return ()
    stem, tails = word, ("",)
    for lat, cyr in _NAME_ENDINGS:
        if word.endswith(lat) and (len(word) - len(lat) >= 3 or
                                   (lat == "ia" and len(word) == 3 and word[0] not in _LAT_VOWELS)):
            # («Mia» → «Мия», «Lia» → «Лия»: a short «-ia» name too)
            stem, tails = word[:-len(lat)], cyr + (lat,)  # the plain spelling comes last
            break
    units: list[tuple[str, ...]] = []
    i = 0
    while i < len(stem):
        size, choices = _unit_choices(stem, i, tails == ("",))
        units.append(choices)
        i += size
    if stem.endswith("t") and tails[0][:1] == "и":  # «Lucretia» → «Лукреция»
        units[-1] = ("т", "ц")
    units.append(tuple(_plain_tail(t) for t in tails))
    out: list[str] = []
    partial: list[tuple[str, int]] = [("", 0)]
    for choices in units:
        partial = [(text + c, odd + (n > 0)) for text, odd in partial
                   for n, c in enumerate(choices) if odd + (n > 0) <= 3]
        partial.sort(key=lambda p: p[1])
        del partial[limit * 4:]
    for text, _ in sorted(partial, key=lambda p: p[1]):
        if text not in out and len(text) >= shortest:
            out.append(text)
    if word in _HONORIFICS:  # «Dasha-chan» is «Даша-тян»
        out.insert(0, _HONORIFICS[word])
    out = out[:limit]
    if (french := french_reading(word)) and len(french) >= shortest:
        out.append(french)
    if _ITALIAN_GI.search(word):
        # an Italian «gi» before «a», «o», «u» is said «дж»: «Sergio» → «Серджо», «Giulia»
        # → «Джулия», «Giorgio» → «Джорджо» (after the readings letter by letter)
        out += [_GI_READ.sub("дж", r) for r in out[:4]]
    return tuple(dict.fromkeys(out))


#: An Italian «gi» before a vowel other than «e», «i» (its «i» silent: «Sergio»).
_ITALIAN_GI = re.compile(r"gi[aou]")
#: Its letter-by-letter readings «ги», «джи» before «а», «о», «у».
_GI_READ = re.compile(r"(?:дж|г)и(?=[аоу])")


#: A French name: «oi» before a consonant, or «eau», somewhere in it («Poirot», «Rousseau»),
#: or ending in «-ault» said «-о» («Renault» → «Рено», «Perrault» → «Перро»), or in «-et»
#: after a consonant with a vowel before it, said «-э» («Maigret» → «Мегрэ»).
_FRENCH = re.compile(r"[a-z]*(?:oi(?=[^aeiouy])|eau)[a-z]*|[a-z]{2,}ault|"
                     r"[a-z]*[aeiouy][a-z]*[^aeiouy]et")

#: French spellings and their Russian sound, longest first.
_FRENCH_UNITS: tuple[tuple[str, str], ...] = (
    ("eau", "о"), ("oi", "уа"), ("ou", "у"), ("au", "о"), ("ai", "е"), ("ch", "ш"), ("qu", "к"),
)


def french_reading(word: str) -> str | None:
    """The Russian reading of a French name (lower-case Latin letters) as Russian books spell
    it: «oi» → «уа», «ou» → «у», «eau», «au» → «о», «ai» → «е», «ch» → «ш», a final t, s, x
    or d after a vowel silent, a final «-et» said «-э» («Poirot» → «Пуаро», «Rousseau» →
    «Руссо», «Maigret» → «Мегрэ»). None for a word with no French mark («oi» before a
    consonant, «eau», a final «-ault» or «-et»)."""
    if not _FRENCH.fullmatch(word):
        return None
    final = ""
    if len(word) > 3 and word.endswith("et") and word[-3] not in "aeiouy":
        word, final = word[:-2], "э"  # «Maigret» → «Мегрэ»: the «t» silent, the «e» open
    elif len(word) > 3 and word[-1] in "tsxd" and word[-2] in "aeiouy":
        word = word[:-1]
    elif word.endswith("ault"):
        word = word[:-2]  # «Renault» → «Рено»: the final «lt» silent
    out, i = [], 0
    while i < len(word):
        for lat, cyr in _FRENCH_UNITS:
            if word.startswith(lat, i):
                out.append(cyr)
                i += len(lat)
                break
        else:
            out.append(transcribe(word[i], _TABLE))
            i += 1
    return "".join(out) + final


#: Japanese honorifics of anime-styled nicks and the way Russian fans spell them.
_HONORIFICS = {"chan": "тян", "tyan": "тян", "kun": "кун", "san": "сан", "sama": "сама",
               "senpai": "семпай", "sensei": "сенсей"}


def _plain_tail(tail: str) -> str:
    """A Latin ending kept as written, read letter by letter («us» → «ус»)."""
    return transcribe(tail, _TABLE) if tail and "a" <= tail[0] <= "z" else tail
