"""Questions to the host in a player's letter («Ведущий, а можно лечить себя?»).

The parser reads moves, not questions; a question sent beside a move (or alone) used to get
only the echo of the moves, or «не нашёл ни одного хода», and the host never learned of it
unless he read every letter. A letter's own text (quotes already cut) is searched for
sentences that end with «?» and are put to the host: they address him, ask about the rules
or the game («можно», «считается», «когда итоги»), ask about the sender himself («Я что,
умер?», «меня избили чтоли?»), or ask whether a letter arrived. Rhetorical
questions of forum talk («Совпадение?», «Кто бы это мог быть?») name no such word and stay
unflagged; alternatives of a move («или Бобра?») are the parser's to ask about. Small talk
put to the host («Ведущий, как дела?», «как ты?», «что нового?») asks him nothing he must
answer and is not listed (:func:`small_talk`); a real question after it in the same letter
(«Ведущий, как дела? А можно завтра лечить себя?») is.
The reply tells the player that the host answers questions himself, the letter carries a
note, and ``status`` counts such letters until the host marks them done (``inbox --done``).
"""

from __future__ import annotations

import re

from engine.grammar_vocab import ASKING, ASKING_LEAD

__all__ = ["host_questions", "for_host", "timing_question", "small_talk", "answered_by_refusals", "QUESTION_NOTE"]

#: The start of the letter note that marks a question to the host (``status`` counts them).
QUESTION_NOTE = "вопрос ведущему: "

#: A sentence of a letter ending with «?» (also «?!», «??»), without the line or sentence
#: break before it.
_QUESTION = re.compile(r"[^.!?…\n]*[^.!?…\n\s][^.!?…\n]*\?[?!]*")

#: Words that put a question to the host rather than to the other players (lower case).
_TO_HOST = re.compile(
    r"(?<![а-яё])(?:ведущ|вопрос|спрос|подскаж|скажите|объясните|уточн|можно|нельзя|могу|могут|"
    r"может ли|разреш|засчит|счита|правил|когда|до скольки|во сколько|надо|нужно|обязательно|"
    r"дошл|дошло|дошёл|получил|итог|газет|поздно|успел|опоздал|в срок|host|admin)", re.IGNORECASE)

#: The sender speaking of himself in a question («Я что, умер?», «меня вчера избили чтоли?»,
#: «А что с моей проверкой?»): what happened to him is the host's to tell (lower case).
_ABOUT_ME = re.compile(
    r"(?<![а-яё])(?:я|меня|мне|мной|мною|мой|моя|моё|мое|мою|мои|моего|моей|моему|моим|моих)"
    r"(?![а-яё])", re.IGNORECASE)

#: Words of a question whether the letter came, or came in time («Ой, не поздно?», «Письмо
#: дошло?», «Успел?»): every reply answers it, saying when the letter came and for which day
#: it counts (lower case).
_TIMING = re.compile(
    r"(?<![а-яё])(?:не )?(?:поздно|успел[аи]?|опоздал[аи]?|в срок|дошл[оаи]|дошёл|дошел|"
    r"получил[аи]?|пришл[оаи]|пришёл|пришел)(?![а-яё])", re.IGNORECASE)

#: An address or a filler beside such a question («Ведущий, а письмо дошло?»).
_TIMING_REST = re.compile(
    r"(?<![а-яё])(?:ведущ[а-яё]*|уважаем[а-яё]*|а|ой|ну|и|ли|ещё|еще|уже|вы|ты|моё|мое|"
    r"письмо|письмецо|ход|ходы|мой|мои|до|срока|вообще|точно|всё|все|хоть|вроде|случайно|"
    r"не|же|я|его|оно|host|admin|"
    # an apology or a hedge before it («Извините, опоздал?», «Кажется, не успел?»; s47)
    r"извините|извини|простите|прости|сорри|sorry|кажется|похоже|наверное)(?![а-яё])", re.IGNORECASE)


def timing_question(question: str) -> bool:
    """True when ``question`` (a question to the host, :func:`host_questions`) only asks
    whether the letter came, or came in time: every reply answers it itself (when the letter
    came and for which day it counts), so it is not one for the host.

    >>> timing_question("Ой, не поздно?"), timing_question("Ведущий, письмо дошло?")
    (True, True)
    >>> timing_question("Не поздно ещё поменять, можно?")
    False
    """
    question = _own_sentence(question)
    if not _TIMING.search(question):
        return False
    rest = _TIMING_REST.sub(" ", _TIMING.sub(" ", question))
    return not re.search(r"[а-яёa-z0-9]", rest, re.IGNORECASE)


def for_host(text: str) -> tuple[list[str], list[str]]:
    """The questions of ``text`` (:func:`host_questions`) split in two: those the host answers
    himself, and those only about whether the letter came in time, which the reply answers
    (:func:`timing_question`), each without the sentence before it that a bare question is
    shown with. Returns (for the host, answered by the reply)."""
    host: list[str] = []
    timing: list[str] = []
    for q in host_questions(text):
        if timing_question(q):
            timing.append(_own_sentence(q))
        else:
            host.append(q)
    return host, timing


def _own_sentence(question: str) -> str:
    """``question`` without the statement :func:`_with_context` put before it."""
    return re.split(r"(?<=[.!…])\s+", question.strip())[-1]


#: A line that opens as a question to the host with no «?» (a phone writer's): up to three
#: words of address and «а», then «можно», «почему» …: the words the parser reads so
#: (:func:`engine.grammar_questions.asks_openly`), so what it refuses as a move is asked here.
_OPEN_QUESTION = re.compile(
    r"^\s*(?:(?:" + "|".join(sorted(ASKING_LEAD, key=len, reverse=True)) + r")[\s,:!—-]+){0,3}"
    r"(?:" + "|".join(sorted(ASKING)) + r")(?![\w-])", re.IGNORECASE)

#: The opening of a question that goes on from the one before («И сколько всего мафов?»).
_MORE = re.compile(r"^(?:и|а|ещё|еще|также|и ещё|и еще|кстати)\b", re.IGNORECASE)

#: A question that only offers another target for a move («или Бобра?»): the parser's part.
_ALTERNATIVE = re.compile(r"^\W*(?:или|а может|может)\b", re.IGNORECASE)

#: Small talk put to the host: a greeting or an address («Ведущий», «привет») and a courtesy
#: formula, nothing else («Ведущий, как дела?», «Привет, как ты?», «Как жизнь, ведущий?»).
_ADDRESS = r"(?:ведущ[а-яё]*|уважаем[а-яё]*|дорог[а-яё]*|привет|приветик|здравствуй(?:те)?|добрый (?:день|вечер)|доброе утро|а|ну|и|host|admin)"
_SMALL_TALK = re.compile(
    r"^(?:" + _ADDRESS + r"[\s,!.:—-]*)*"
    r"(?:как (?:у (?:тебя|вас) )?(?:дела|делишки|жизнь|жизнь молодая|сам|сама|сами|ты|вы|оно|настроение|"
    r"самочувствие|здоровье|поживаешь|поживаете|выходные|день|вечер|ночь|спалось)|что нового|как твои дела|как ваши дела)"
    r"(?:\s*у (?:тебя|вас))?(?:[\s,!.:—-]+" + _ADDRESS + r")*[\s?!.)]*$", re.IGNORECASE)


def small_talk(sentence: str) -> bool:
    """True when ``sentence`` (a question put to the host) is only small talk: a greeting or
    an address and a courtesy formula («Ведущий, как дела?»). It is not listed for the host;
    a question that goes on from it («…? И сколько всего мафов?») is still his.

    >>> small_talk("Ведущий, как дела?"), small_talk("Ведущий, а можно лечить себя?")
    (True, False)
    """
    return bool(_SMALL_TALK.match(sentence.strip()))


#: A player saying he leaves the game or asks for a substitute («я выхожу из игры», «прошу
#: замену», «больше не смогу играть»): the host decides what follows (a fresh host's trial,
#: session 59: such a letter got only «не нашёл ни одного хода» and an autokill point, and the
#: host was not shown it), so the line is listed for him as a question is (lower case).
_LEAVING = re.compile(
    r"(?<![а-яё])(?:(?:выхож|выйду|выйти|ухож|уйду|уйти|покида|покину|покинуть|выбыва)[а-яё]* "
    r"(?:из |с )?(?:игры|игру)|(?:прошу|нужна|нужен|ищите|найдите|дайте|найти) (?:мне )?замен[а-яё]*|"
    r"не (?:смогу|могу|буду) (?:больше |дальше |уже )?(?:играть|участвовать)|"
    r"слива[юе][а-яё]* (?:из |с )?игры)(?![а-яё])", re.IGNORECASE)


def host_questions(text: str, limit: int = 5) -> list[str]:
    """The questions to the host in ``text`` (a letter's own text, quotes cut), in order,
    each as written (stripped, at most 200 characters), at most ``limit`` of them; a line
    where the player says he leaves the game or asks for a substitute is one too.

    >>> host_questions("Лечу Бобра. Ведущий, а себя лечить можно? Кто бы это мог быть?")
    ['Ведущий, а себя лечить можно?']
    >>> host_questions("Всем пока, я выхожу из игры: на работе завал.")
    ['Всем пока, я выхожу из игры: на работе завал.']
    """
    found: list[str] = []
    before_line = ""  # the letter's line before this one (its own text)
    for line in text.splitlines():
        if line.lstrip().startswith(">"):
            continue
        above, before_line = before_line, line if line.strip() else before_line
        if _LEAVING.search(line):
            found.append(line.strip()[:200])
            if len(found) == limit:
                return found
            continue
        if "?" not in line:
            if _OPEN_QUESTION.match(line):  # «ведущий а можно лечить себя» from a phone
                found.append(line.strip()[:200])
                if len(found) == limit:
                    return found
            continue
        follows = -1  # end of the last question to the host on this line
        for m in _QUESTION.finditer(line):
            sentence = m.group(0).strip(" \t-–—:;,")
            if sentence.count("(") > sentence.count(")") and line[m.end():m.end() + 1] == ")":
                sentence += ")"  # «Проверяю X (у меня же теперь есть проверка?)»: whole
            # «Ведущий, а когда итоги? И сколько всего мафов?»: a question right after one
            # put to the host is his too
            after_host = follows >= 0 and not line[follows:m.start()].strip(" \t") and \
                bool(_MORE.match(sentence))
            if _ALTERNATIVE.match(sentence) or not (after_host or _TO_HOST.search(sentence) or
                                                     _ABOUT_ME.search(sentence)):
                follows = -1
                continue
            if small_talk(sentence):  # put to the host, but nothing for him to answer
                follows = m.end()
                continue
            found.append(_with_context(sentence, line[:m.start()] if line[:m.start()].strip() else above)[:200])
            follows = m.end()
            if len(found) == limit:
                return found
    return found


#: A question to the host this short («Объясните?», «Можно?») says nothing without the
#: sentence before it: the host is shown both.
_BARE_WORDS = 2


def _with_context(sentence: str, before: str) -> str:
    """``sentence`` (a question to the host) with the statement right before it when the
    question alone is bare («Ведущий, я не понял правила полнолуния. Объясните?»);
    ``before``: the text before it on its line, or the line above. A question before it is
    one of its own (found already): not repeated."""
    if len(re.findall(r"\w+", sentence)) > _BARE_WORDS:
        return sentence
    before = before.strip()
    if not before or before.startswith(">") or before[-1] not in ".!…":
        return sentence
    last = re.split(r"(?<=[.!?…])\s+", before)[-1].strip(" \t-–—:;,")
    return f"{last} {sentence}" if last else sentence


#: A dead player's question about his own death («Я что, умер?», «Меня убили?»): his reply
#: refuses his moves with «Вы выбыли из игры», which answers it (lower case).
_DEATH = re.compile(r"(?<![а-яё])(?:умер|умерла|умерли|убит|убита|убили|повесили|повешен|повешена|"
                    r"выбыл|выбыла|мёртв|мертв|жив|жива|труп)(?![а-яё])", re.IGNORECASE)

#: Problem kinds whose reply sentence says why the rules refuse the move (engine.model).
_REFUSALS = ("not_allowed", "not_your_role")


def answered_by_refusals(questions: list[str], problems, *, dead: bool) -> list[str]:
    """The questions of ``questions`` (:func:`for_host`'s, for the host) that the letter's
    reply already answers with a refusal (``problems``: :class:`engine.model.Problem` after
    the rules' screen): a question that holds the text of a move the rules refuse («Можно я
    снова вылечу Бобра?» → «Нельзя выбирать одного и того же игрока два хода подряд»), and,
    when the sender is ``dead``, a question about his own death («Я что, умер?» → «Вы выбыли
    из игры»). A fresh host found such questions listed for him after the reply had answered
    them. The parser's own question problem (reason ``question``) answers nothing."""
    refused = [p.text.strip().lower() for p in problems
               if p.kind in _REFUSALS and p.reason != "question" and p.text and p.text.strip()]
    out = []
    for q in questions:
        low = q.lower()
        if any(t in low for t in refused) or (dead and _ABOUT_ME.search(low) and _DEATH.search(low)):
            out.append(q)
    return out
