"""A clan's night told as a story or in slang, written out as the plain orders the parser
reads (issue 11, DECISIONS.md §4 Clan kill, Boss (c)).

Only in the letter of a player who may give the clan kill (:func:`engine.grammar_rules.
action_for`; a civilian's same words stay talk), and only in a sentence with no question
mark, no condition or musing («если», «может», «завтра») and no mourning or lynch words:

- the clan going to a player: «Клан плывёт к дуплу Совуньи», «Этой ночью клан идёт сразу к
  двоим: к X и к Y», «клан работает по X» → «убиваем X», «убиваем двоих: X и Y»;
- the clan in the third person with a kill verb the lexicon keeps for the first:
  «клан 1 сегодня устраняет двоих» → «клан 1 сегодня убивает двоих»;
- a named player's death or parting with no kill verb: «А умрёт этой ночью X» (the name
  ends the clause), «Пусть X уснёт навек», «Сегодня X отправится
  спать навсегда», «X мы больше не увидим», «Пусть X больше не проснётся», «X покидает
  нас» → «убиваем X» (the words just
  before the name may only be «пусть», «а», «сегодня», …; the rest of the sentence is kept);
- «отправляем X на небеса / к праотцам» → «убиваем X»;
- the kill handed to a member to decide: «Убийство сегодня отдаю Воришке: пусть выберет
  сам» → «пусть выберет сам» (the name after the verb of handing is who decides, never the
  victim);
- on a full-moon day, a line counting two kills over a list of them («Два убийства от
  клана, отлично.⏎1) X⏎2) Y», «full moon, we kill two:⏎- X⏎- Y», «у нас две пули⏎1. X⏎2.
  Y») → «убиваем двоих:⏎…» (the sentence of the count, to the line's end); a sentence
  counting them, then the two by ordinals («Двоих сегодня. Первый — X. Второй — Y.») →
  «убиваем двоих: X и Y» (one of the two a player's name); the count ending its sentence,
  then the two alone («Полнолуние, значит двоих. X и Y.»), or counted in English on one line
  («two kills tonight: X and Y») → «убиваем двоих: X и Y»;
- a kill said against another victim: «убиваем не X, а Y», «Убийство: не X (…), а Y» →
  «убиваем Y», «Убийство: Y».

From a boss only, his orders for members told as a story:

- «Енот сегодня лезет к X за пилюлями»: the purpose after the rob's «к X» goes;
- «Скапен, мой ловкий плут, — сегодня ты …»: the apposition after the member's name goes;
- «Страж — ты на мне», «Страж, ты, как всегда, при мне»: the «ты» said to the member before
  the place of his move goes («Страж — на мне»);
- «охранять мою особу», «стоять при моей особе», «охранять Нашу особу»: the boss calling
  himself «особа» → «меня», «при мне»;
- «Охрана теперь на Лисе — за неё: охраняет меня»: the duty «on» a member, then his move
  «за него» → «Лиса — охраняет меня» (the member who holds the duty is named, not guarded);
- «Дима на моё усмотрение охраняет меня»: the move left to the boss, then the move with no
  mark between → «Дима на моё усмотрение: охраняет меня».

A letter with none of the marker words costs a few C-level searches. Pure; the length of
the text may change.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .grammar_rules import Actor, TurnInfo, action_for
from .grammar_tokens import clause_words, tokenize_span
from .names import name_index

__all__ = ["clan_story_fixed"]

#: The cheap test: a letter with none of these holds none of the phrases.
_MARKERS = re.compile(r"(?i)клан|умр|двоих|двое|следом|если|сн[её]т|спать навсегда|покида|не увидим|не дожив|"
                      r"не просн|отправ|\bне\s|лезет|, (?:мой|моя|наш|наша) |отда|переда|довер|"
                      r"поруч|удар|два|две|2|two|kill|(?<!\w)ты(?!\w)|за\s+(?:него|нее|неё)|особ|усмотрение")

_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")

#: Words that make a sentence a musing, a condition, a question, mourning or the lynch.
_MUSING = re.compile(r"(?i)(?<!\w)(?:если|может|можно|наверно|наверное|возможно|завтра|вчера|"
                     r"бы|хочу|хотел|хотела|думаю|жаль|увы|сожалению|бедн\w*|эх|линч\w*|"
                     r"суд\w*|повес\w*|вешаем|виселиц\w*|голос\w*|казн\w*|второй|другой|"
                     r"чужой|вражеский|их|ихний|слышал\w*|говорят)(?!\w)")

#: «Клан плывёт к дуплу X», «клан идёт сразу к двоим: к X и к Y», «клан работает по X».
_CLAN_GOES = re.compile(
    r"(?i)(?<!\w)(?:наш\s+|весь\s+|мой\s+)?клан(?:\s*[12])?(?:\s+(?:сегодня|этой|ночью|тихо|"
    r"тогда|сразу|опять|снова|всем|составом|полным))*\s+"
    r"(?:(?:ид[её]т|плыв[её]т|ед[её]т|пойд[её]т|поплыв[её]т|поедет|направляется|отправляется|"
    r"наведается|заглянет|заходит|зайд[её]т|нагрянет|наносит\s+визит|приходит|придёт|придет)"
    r"(?:\s+(?:сегодня|ночью|тихо|сразу|прямо))*\s+(?:к|ко)|(?:работает|ударяет|ударит|"
    r"(?:наносит|нанес[её]т)\s+(?:свой\s+)?удар)\s+по)\s+"
    r"(?:(?P<two>двоим|обоим)\s*[:—-]?\s*(?:к\s+)?)?"
    r"(?:(?:дуплу|дому|норе|каюте|двери|дверям|порогу|избушке|берлоге|логову|квартире|хате|"
    r"окну|окнам|постели|кровати)\s+)?")

#: «Удар по X», «Наносим удар по X», «Ударяем по X»: the clan's strike as a noun or a verb of
#: the first person plural, «по» and a player's name.
_STRIKE = re.compile(
    r"(?i)(?<![\w-])(?:(?:наш|мой|клановый)\s+)?(?:удар(?:\s+клана)?|(?:наносим|нанес[её]м|"
    r"наношу|нанесу)\s+(?:свой\s+|наш\s+)?удар|ударяем|ударим|ударю|ударяю)"
    r"(?:\s+(?:сегодня|этой\s+ночью|ночью))*\s*[—:-]?\s*по\s+([^,.;:!?—()\n]{2,40})")

#: «клан 1 сегодня устраняет двоих»: a kill verb of the third person after «клан».
_CLAN_KILLS = re.compile(
    r"(?i)(?<!\w)(клан(?:\s*[12])?(?:\s+(?:сегодня|этой|ночью|тихо|тогда))*\s+)"
    r"(?:устраняет|устранит|ликвидирует|убирает|уберёт|уберет)(?!\w)")

#: A player's parting with no kill verb.
_PARTING = re.compile(
    r"(?i)\s+(?:(?:сегодня|этой\s+ночью|ночью|тихо)\s+)?(?:(?:больше|уже|никогда|так\s+и)\s+)?"
    r"(?:(?:у|за)сн[её]т\s+(?:навек|навеки|"
    r"навсегда)|отправится\s+спать\s+навсегда|покида(?:ет|ют)\s+нас|не\s+дожив[её]т\s+до\s+"
    r"утра|не\s+просн[её]тся|мы\s+(?:его\s+|её\s+|ее\s+)?больше\s+не\s+увидим)(?!\w)")

#: «А умрёт этой ночью X»: the death told before the name (the name ends the clause).
_DIES = re.compile(r"(?i)(?<!\w)(?:а\s+)?умр[её]т\s+(?:(?:этой\s+ночью|сегодня|нынче|ночью)\s+)?"
                   r"([^,.;:!?—()\n]{2,40})")

#: «отправляем X на небеса».
_SEND_OFF = re.compile(r"(?i)(?<!\w)(?:отправляем|отправим|отправляю|отправлю)\s+"
                       r"([^.,!?;:\n]{1,40}?)\s+(?:на\s+небеса|на\s+небо|к\s+праотцам|"
                       r"к\s+ангелам|на\s+тот\s+свет)(?!\w)")

#: «убиваем не X, а Y», «Убийство: не X (…), а Y».
_NOT_BUT = re.compile(r"(?i)((?<!\w)(?:убиваем|убийство|валим|убьём|убьем|заказ)\s*[:—-]?\s*)"
                      r"не\s+[^,.;!?\n()]{1,40}?(?:\s*\([^)\n]{0,80}\))?\s*,\s*а\s+")

#: A clan kill said in words elsewhere in the letter («Убиваем Сову. Лось покидает нас»).
_KILL_SAID = re.compile(r"(?i)(?<!\w)(?:убива\w*|убь[её]м|валим|мочим|режем|гасим|убийство|"
                        r"в расход|клан\s*[:—-])")

#: An aside in brackets (its words are no musing of the sentence's: «не Бобёр (сын может
#: быть), а X»).
_ASIDE = re.compile(r"\([^)\n]*\)")

#: A kill of two said in the sentence: «убиваем двоих», «валим двоих».
_TWO = re.compile(r"(?i)(?<!\w)(?:убиваем|валим|убьём|убьем|режем|гасим|убивает)\s+(?:двоих|обоих)"
                  r"(?!\w)")

#: «X, который колотит всех, и Y»: a relative clause between the two victims.
_WHICH = re.compile(r"(?i),\s*(?:который|которая|которого|которую|что)\s[^,.;!?\n]{1,60},\s*и\s+")

#: «… КАРАСЯ И ЛОСЯ ОБОИХ»: «обоих» closing the list of two.
_BOTH_TAIL = re.compile(r"(?i)\s+(?:обоих|обеих)(?=\s*[.!]*\s*$)")

#: «убиваем X,⏎А следом — Y» on a full-moon day: the second kill, joined to the first
#: («убиваем X и Y»).
_FULL_MOON = re.compile(r"(?i)(убиваем\s+[^\s,.;!?]+(?:\s[А-ЯЁA-Z][^\s,.;!?]*)?)[ \t]*[,;]?\s*"
                        r"(?:а|и)\s+следом\s*[—:-]\s*")

#: «если Мельник своё не пришлёт, »: a member's kill for when the boss sends none (the
#: boss's order wins anyway, DECISIONS.md §4 Clan kill).
_UNLESS = re.compile(r"(?i)(?<!\w)если\s+([^,.!?\n]{1,30}?)\s+(?:сво[её]|свой|сам|сама|ничего)?\s*"
                     r"не\s+(?:пришл[её]т|напишет|отправит|скинет|даст|назов[её]т)"
                     r"(?:\s+(?:сво[её]|свой|ход|приказ|заказ))?\s*,\s*")

#: «Убийство сегодня отдаю Воришке», «кил передаю на Стража»: the kill's decision handed to
#: a player (group 1: the words from the name on, to the end of the clause).
_HANDS_KILL = re.compile(r"(?i)(?<!\w)(?:убийство|кил|килл|заказ|выстрел|выбор\s+жертвы)"
                         r"(?:\s+(?:сегодня|этой\s+ночью|ночью|я|тоже|клана|от\s+клана))*\s+"
                         r"(?:отдаю|передаю|доверяю|поручаю|оставляю)\s+(?:на\s+)?"
                         r"([^.,;:!?\n—()]{2,40})\s*[:—,-]?\s*")

#: A line counting a full moon's two kills whose next line opens a list: group 1 is the
#: sentence of the count, to the line's end.
_COUNT_LINE = re.compile(
    r"(?im)((?<![^\s.!?])[^.!?\n]*?(?<!\w)(?:(?:два|две|2)\s+(?:убийства|заказа|выстрела|"
    r"трупа|пули|жертвы|цели)|двоих|двое|(?:kill|killing)\s+(?:two|2)|(?:two|2)\s+kills)(?!\w)"
    r"(?P<tail>[^\n]*))\n(?=[ \t]*(?:1[.)]|[-•*—])[ \t]*\S)")

#: What follows the count on its line when the line itself names the victims («— убиваем
#: двоих: X и Y;»): no heading of the list below.
_NAMED_AFTER = re.compile(r"(?::|(?<!\S)[—–-])[ \t]*[^\W\d_]")  # (not «наконец-то»)

#: A sentence counting a full moon's two kills («Двоих сегодня.», «У нас две пули!»), then
#: the victims by ordinals («Первый — X. Второй — Y.», «первая - X, вторая - Y»): group 1
#: is the count, groups 2 and 3 the two names (to the end of their sentences).
_COUNT_ORDINALS = re.compile(
    r"(?i)((?<![^\s.!?])[^.!?\n]*?(?<!\w)(?:(?:два|две|2)\s+(?:убийства|заказа|выстрела|"
    r"трупа|пули|жертвы|цели)|двоих|двое)(?!\w)[^.!?\n:]*[.!:]*)\s*"
    r"перв(?:ый|ая|ого|ую|ой|ым)\s*[-—–:]\s*([^.,;!?\n()—–-][^.,;!?\n()]*?)\s*[.,;]\s*(?:а\s+)?"
    r"втор(?:ой|ая|ого|ую|ым)\s*[-—–:]\s*([^.,;!?\n()—–-][^.,;!?\n()]*?)(?=\s*(?:[.;!]|\n|$))")

#: A sentence counting a full moon's two kills that ends on the count («Полнолуние, значит
#: двоих.»), then a sentence of two players joined by «и» alone («Кузю и Бобра.»): group 1
#: is the count, groups 2 and 3 the two names.
_COUNT_PAIR = re.compile(
    r"(?i)((?<![^\s.!?])[^.!?\n]*?(?<!\w)(?:двоих|двое)[ \t]*[.!]+)[ \t]*\n?[ \t]*"
    r"([^\W\d_][^.,;:!?\n()—–]*?)\s+и\s+([^\W\d_][^.,;:!?\n()—–]*?)(?=[ \t]*(?:[.;!]|\n|$))")

#: The full moon's two kills counted in English, then the two players on the same line
#: («two kills tonight: X and Y», «we kill two: X и Y»; groups 1 and 2: the names).
_EN_TWO = re.compile(
    r"(?i)(?<!\w)(?:(?:we\s+)?kill(?:ing)?\s+(?:two|2)|(?:two|2)\s+(?:kills|heads|victims|"
    r"targets))(?:\s+(?:tonight|today|this\s+night))?[ \t]*[:—–-][ \t]*"
    r"([^\W\d_][^\n.,;:!?()]*?)[ \t]+(?:and|и|&|\+)[ \t]+([^\W\d_][^\n.,;:!?()]*?)"
    r"(?=[ \t]*(?:[.;!]|\n|$))")

#: What may open the sentence before an English count of two kills («Full moon — two kills
#: tonight: …», «So, we kill two: …»): no subject of a report («the maniac got two kills»).
_EN_LEAD = re.compile(r"(?i)[\s,—–:-]*(?:(?:full\s+moon|so|ok|okay|tonight|today|then|"
                      r"and|host|master)[\s,—–:!-]*)*")

#: The words of a count's sentence (:data:`_COUNT_PAIR`) besides the two-kill heading words
#: (engine.grammar_kills): the clan's kill verbs of the first person plural.
_COUNT_VERBS = frozenset({"убиваем", "валим", "режем", "мочим", "гасим", "убираем", "берем",
                          "берём", "забираем", "го", "давай", "давайте",
                          # («Ведущий, полнолуние — значит двоих.»)
                          "ведущий", "ведущая", "ведущему"})


def _count_heading(sentence: str) -> bool:
    """True when ``sentence`` (a count of two kills ending on «двоих») holds only heading
    words, the clan's kill verbs and an address to the host: «Полнолуние, значит двоих.»,
    not «Маньяк убил двоих.» (a report of the night)."""
    from .grammar_kills import HEADING_WORDS

    toks = tokenize_span(sentence, 0, len(sentence))
    return all(not t.word or t.w in HEADING_WORDS or t.w in _COUNT_VERBS
               for t in toks)


#: Words that may stand before the name of a parting («Пусть X уснёт навек»).
_BEFORE_NAME = frozenset({"пусть", "а", "и", "но", "сегодня", "этой", "ночью", "же", "вот",
                          "так", "тогда", "—", "-", ":", "ну", "ведь"})

#: «Енот сегодня лезет к X за пилюлями»: the rob's purpose after «к X».
_PURPOSE = re.compile(r"(?i)((?<!\w)(?:лезет|полезет|залезет|наведается|заглянет|пролезет)"
                      r"\s+(?:к|ко)\s+[^\s.,!?;:]+(?:\s[А-ЯЁA-Z][^\s.,!?;:]*)?)\s+за\s+"
                      r"[а-яё]+(?=[\s.,!?;]|$)")

#: «Скапен, мой ловкий плут, — …»: an apposition after a member's name.
_APPOSITION = re.compile(r"(?m)(^|[.!?]\s*)([^\s,.!?—]+(?:\s[^\s,.!?—]+)?),\s+"
                         r"(?:мой|моя|наш|наша)\s+[а-яё ]{1,30},\s*—\s*")


#: «Страж — ты на мне», «Страж, ты, как всегда, при мне»: a member's name (group 2), the «ты»
#: said to him, then the preposition of his move's place.
_YOU_THERE = re.compile(r"(?im)(^|[.!?;]\s*)([^\s,.!?—:]+(?:\s[^\s,.!?—:]+)?)\s*[,—:-]\s*ты"
                        r"(?:\s*,?\s*(?:как\s+(?:всегда|обычно)|сегодня|опять|снова|ночью))*"
                        r"\s*,?\s+(?=(?:на|при|у|к|ко)\s)")


#: «Охрана (теперь) на X (…) — за него: …»: the member holding a duty (group 1), then his
#: move for him.
_DUTY_ON = re.compile(r"(?i)(?<!\w)(?:охрана|кража|воровство|грабеж|грабёж)\s+(?:(?:теперь|сегодня|"
                      r"у\s+нас)\s+)*на\s+([^\s,.!?—:()]+(?:\s[^\s,.!?—:()]+)?)\s*"
                      r"(?:\([^)\n]{0,60}\)\s*)?[—:-]\s*за\s+(?:него|нее|неё)\s*[:—-]?\s*")


#: «Дима на моё усмотрение охраняет меня»: the member's move left to the boss, then the
#: move itself with no mark between (group 2: the word after).
_AT_MY_WILL = re.compile(r"(?i)(?<!\w)(на\s+(?:мо[её]|наше)\s+усмотрение)(?=[ \t]+([^\W\d_]+))")


def _at_my_will(m: re.Match) -> str:
    """«на моё усмотрение» and a mark after it when the word after is «пусть» or a move word
    in the third person (:data:`_AT_MY_WILL`): «Дима на моё усмотрение: охраняет меня»."""
    from .lexicon import lexicon

    w = m.group(2).lower().replace("ё", "е")
    return m.group(1) + ":" if w == "пусть" or w in lexicon().third else m.group(0)


#: «мою особу», «при моей особе»: the boss calling himself «особа» (group 1: the preposition).
_MY_PERSON = re.compile(r"(?i)(?<!\w)(?:(при|к|ко|на|у)\s+)?(?:мо(?:ю|ей|ея)|наш(?:у|ей|ея))\s+"
                        r"(?:(?:драгоценн|скромн|высочайш|светл)\w+\s+)?особ(?:у|е|ы)(?!\w)")


def _my_person(m: re.Match) -> str:
    prep = (m.group(1) or "").lower()
    if not prep:
        return "меня"
    return {"при": "при мне", "на": "на мне", "к": "ко мне", "ко": "ко мне", "у": "у меня"}[prep]


def clan_story_fixed(text: str, nicks: tuple[str, ...], actor: Actor | None,
                     turn: TurnInfo, boss: str | None = None) -> str:
    """``text`` with the phrases of the module's docstring written out, for ``actor`` (None:
    not on the roster, nothing changed); ``boss``: the nick of the boss of the sender's clan
    when the sender is another member of it."""
    if actor is None:
        return text
    kills = action_for(V.KILL, actor, turn) == "clan_kill"
    if not kills and actor.role != "boss" or not _MARKERS.search(text):
        return text  # (the role first: most senders give no clan kill and no order)
    if kills:
        if boss is not None and boss != actor.nick:
            text = _unless_boss(text, boss, nicks)
        text = _HANDS_KILL.sub(lambda m: "" if _is_name(m.group(1).strip(), nicks)
                               else m.group(0), text)
        said = _KILL_SAID.search(text) is not None
        if "удар" in text.lower():
            text = _strikes(text, nicks)
        text = _sentences(text, nicks, lambda x, n: _kill_fixed(x, n, said))
        if turn.event == "full_moon":
            text = _FULL_MOON.sub(r"\1 и ", text)
            text = _COUNT_LINE.sub(lambda m: m.group(0) if "?" in m.group(1) or _MUSING.search(
                _ASIDE.sub("", m.group(1))) or _NAMED_AFTER.search(m.group("tail"))
                else "убиваем двоих:\n", text)
            text = _COUNT_ORDINALS.sub(lambda m: m.group(0) if any(
                _MUSING.search(_ASIDE.sub("", m.group(g))) for g in (1, 2, 3)) or not (
                    _is_name(m.group(2), nicks) or _is_name(m.group(3), nicks))
                else f"убиваем двоих: {m.group(2)} и {m.group(3)}", text)
            if "two" in text.lower() or "2" in text:
                text = _EN_TWO.sub(lambda m: m.group(0) if not _EN_LEAD.fullmatch(
                    m.string, max(m.string.rfind(c, 0, m.start()) for c in ".!?\n") + 1,
                    m.start()) or not (
                    _may_be_name(m.group(1), nicks) and _may_be_name(m.group(2), nicks)) or not (
                    _is_name(m.group(1), nicks) or _is_name(m.group(2), nicks))
                    else f"убиваем двоих: {m.group(1)} и {m.group(2)}", text)
            text = _COUNT_PAIR.sub(lambda m: m.group(0) if _MUSING.search(
                _ASIDE.sub("", m.group(1))) or not _count_heading(m.group(1)) or not all(
                    _may_be_name(m.group(g), nicks) for g in (2, 3)) or not (
                    _is_name(m.group(2), nicks) or _is_name(m.group(3), nicks))
                else f"убиваем двоих: {m.group(2)} и {m.group(3)}", text)
    if actor.role == "boss":
        text = _PURPOSE.sub(r"\1", text)
        text = _APPOSITION.sub(lambda m: _apposition(m, nicks), text)
        text = _MY_PERSON.sub(_my_person, text) if "особ" in text.lower() else text
        text = _YOU_THERE.sub(lambda m: _apposition(m, nicks), text)
        if "усмотрение" in text.lower():
            text = _AT_MY_WILL.sub(_at_my_will, text)
        text = _DUTY_ON.sub(lambda m: m.group(1) + " — " if _is_name(m.group(1), nicks)
                            else m.group(0), text)
    return text


def _sentences(text: str, nicks: tuple[str, ...], fix) -> str:
    out, last = [], 0
    for s in _SENTENCE.finditer(text):
        sentence = s.group(0)
        if "?" in sentence or _MUSING.search(_ASIDE.sub("", sentence)):
            continue
        fixed = fix(sentence, nicks)
        if fixed != sentence:
            out.append(text[last:s.start()])
            out.append(fixed)
            last = s.end()
    out.append(text[last:])
    return "".join(out)


def _kill_fixed(sentence: str, nicks: tuple[str, ...], said: bool) -> str:
    """One sentence of a player who may give the clan kill, written out; ``said``: the
    letter says a clan kill in words (a parting beside it is no second kill)."""
    sentence = _NOT_BUT.sub(r"\1", sentence)
    if _TWO.search(sentence):
        sentence = _WHICH.sub(" и ", sentence)
        sentence = _BOTH_TAIL.sub("", sentence)
    sentence = _CLAN_KILLS.sub(r"\1убивает", sentence)
    m = _CLAN_GOES.search(sentence)
    if m is not None:
        rest = sentence[m.end():]
        if m.group("two"):
            rest = re.sub(r"(?i)(?<!\w)и\s+(?:к|ко)\s+", "и ", rest, count=1)
        sentence = sentence[:m.start()] + ("убиваем двоих: " if m.group("two") else
                                           "убиваем ") + rest
    m = _SEND_OFF.search(sentence)
    if m is not None and _is_name(m.group(1), nicks):
        sentence = sentence[:m.start()] + "убиваем " + m.group(1) + sentence[m.end():]
    m = None if said else _DIES.search(sentence)
    if m is not None and _is_name(m.group(1).strip(), nicks):
        sentence = sentence[:m.start()] + "убиваем " + m.group(1) + sentence[m.end():]
    m = None if said else _PARTING.search(sentence)
    if m is not None:
        head = sentence[:m.start()]
        cut = max(head.rfind(c) for c in ",;:—(") + 1
        toks = tokenize_span(head, cut, len(head))
        words = clause_words(toks)
        k, let = 0, None
        while k < len(toks) and (not toks[k].word or words[k] in _BEFORE_NAME):
            let = toks[k].start if words[k] == "пусть" and let is None else let
            k += 1
        if k < len(toks) and _names_all(toks, words, k, nicks):
            lo = toks[k].start  # («Пусть X уснёт навек»: «пусть» goes with the idiom)
            sentence = sentence[:lo if let is None else let] + "убиваем " + head[lo:] + \
                sentence[m.end():]
    return sentence


def _strikes(text: str, nicks: tuple[str, ...]) -> str:
    """«Удар по X», «Наносим удар по X» (:data:`_STRIKE`) → «убиваем X» when X is a player's
    name and the sentence up to it is no question, musing or lynch talk (a vote after it in
    the same sentence is no matter: «Удар по X, голос Y»)."""
    out, last = [], 0
    for m in _STRIKE.finditer(text):
        lo = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1  # (the sentence's start)
        hi = m.end(1)
        if text[hi:hi + 1] == "?" or _MUSING.search(text[lo:hi]) or \
                not _is_name(m.group(1).strip(), nicks):
            continue
        out += [text[last:m.start()], "убиваем "]
        last = m.start(1)
    out.append(text[last:])
    return "".join(out)


def _unless_boss(text: str, boss: str, nicks: tuple[str, ...]) -> str:
    """«если Мельник своё не пришлёт, валим X» of a member: the condition goes when it names
    the clan's boss."""
    def fix(m: re.Match) -> str:
        toks = tokenize_span(m.group(1), 0, len(m.group(1)))
        words = clause_words(toks)
        hit = name_index(nicks).exact(words, 0, None) if toks else None
        if hit is None and toks and toks[0].cap:
            hit = name_index(nicks).approximate(words[0])
        return "" if hit is not None and boss in (hit.candidates or (hit.nick,)) and \
            len(toks) <= hit.length else m.group(0)
    return _UNLESS.sub(fix, text) if "если" in text.lower() else text


def _names_all(toks, words: list[str], k: int, nicks: tuple[str, ...]) -> bool:
    """True when the tokens from ``k`` on are one player's name (a case form, or a capital
    word that is a part or pet form of a nick)."""
    idx = name_index(nicks)
    rest = [n for n in range(k, len(toks)) if toks[n].word]
    if not rest or len(rest) > 3:
        return False
    hit = idx.exact(words, k, None)
    if hit is not None and hit.nick is not None:
        return len(rest) <= hit.length
    if len(rest) != 1 or not toks[k].cap or len(words[k]) < 3:
        return False
    approx = idx.approximate(words[k])
    return approx is not None and approx.nick is not None and approx.kind != "fuzzy"


def _is_name(piece: str, nicks: tuple[str, ...]) -> bool:
    toks = tokenize_span(piece, 0, len(piece))
    return bool(toks) and _names_all(toks, clause_words(toks), 0, nicks)


def _may_be_name(piece: str, nicks: tuple[str, ...]) -> bool:
    """True when ``piece`` is a player's name (:func:`_is_name`) or one word that is a case,
    part or pet form of a nick written in lower case («перфа» for Перфоратор)."""
    if _is_name(piece, nicks):
        return True
    toks = tokenize_span(piece, 0, len(piece))
    if len(toks) != 1 or not toks[0].word or len(toks[0].w) < 3:
        return False
    approx = name_index(nicks).approximate(clause_words(toks)[0])
    return approx is not None and approx.nick is not None and approx.kind != "fuzzy"


def _apposition(m: re.Match, nicks: tuple[str, ...]) -> str:
    if not _is_name(m.group(2), nicks):
        return m.group(0)
    return f"{m.group(1)}{m.group(2)} — "
