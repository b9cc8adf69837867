"""The sender's role explains a verb the lexicon does not know (issue 11, community jargon).

A player writes his own night move in his community's words: a maniac «сбиваю с трассы
Саню», a thief «обношу Васаби» or «увожу коня у Мустанга», a thug «отбиваю Демигласа», a
psycho «подкину до себя Матиза», a doctor «ставлю капельницу Медунице». No move lexicon
knows the verb, so the safety net (:mod:`engine.parse_unread`) asks about the sentence
(``unparsed``, reason ``unread``). A human host reads it at once: he knows the sender's
role, and a maniac who does something to one player at night means his kill.

:func:`role_verb_moves` reads such an asked sentence as the sender's role move when all of:

- the sender's role has exactly ONE targeted night move today
  (:func:`engine.legality.night_role_moves`; not the swindler, whose move needs its
  branches; not the fan with her earned check left), and the letter makes that move
  nowhere else and holds no other night move in question (a refused mortar shot);
- the sentence holds a verb in the first person singular, present or perfective future,
  indicative (pymorphy3's grammemes; a slang verb no dictionary knows stays asked: the
  host teaches it with ``words add``), and no word of a move lexicon (the rules
  left that one unread on purpose), no verb in the past tense, none of the verbs of
  attitude, thought, perception, speech, sparing or forum talk (:data:`STOP_LEMMAS`, with
  the net's :data:`engine.parse_unread_words.NOT_ACTION` and ``SPEECH``);
- the sentence names exactly one roster player, living and not the sender, unambiguous,
  and exactly one such verb governs him (:func:`_object_of`): close after the verb (or
  right before it), in the accusative after a transitive verb (a name Russian does not
  decline in any case); after a preposition of :data:`_GOVERNING` in its case («у X» for a
  theft or a watch, «за X» for a watch or the maniac's hunt, «по X» for any move), transitive
  or not; «к себе X», «до себя X», «X к себе» for an invitation; the dative beside a thing
  given («ставлю капельницу X») for a heal, a beating or the maniac's kill; the owner of a
  thing taken («вскрываю терминал X») for a theft;
- nothing in the sentence makes it talk: no question mark, no «не»/«ни», no word of a
  condition, a plan or a correction (:data:`_VETO`; a remark after a comma or a dash may
  wish the player well or ill: «…, пусть полежит»), and nothing right after it takes it
  back (:func:`_taken_back`);
- it is the only such sentence of the letter, asked or not (two: both stay asked).

The boss has two moves (his check, his clan's kill), so his verb in the singular is never
read; his verb in the first person PLURAL, transitive, with one living player of no clan of
his in the accusative, is the clan's kill when the letter gives none («шлюзуем X»,
«тушим X»; not under the full moon, when two victims may be meant).

Everything else stays asked, as before. Pure.
"""

from __future__ import annotations

import functools

from .grammar_tokens import Tok, clause_words, tokenize_span
from .legality import night_role_moves
from .model import Move, Problem
from .names import name_index
from . import parse_unread_words as W
from .words import is_known_word, morph

#: The night moves a role verb may stand for (one target each; the swindle needs branches,
#: the boss's two moves are never told apart by a verb alone).
_ACTIONS = frozenset({"maniac_kill", "rob", "beat", "invite", "heal", "watch", "check",
                      "search", "guard", "clan_kill"})

#: Lemmas of first-person verbs that are no action on a player whatever the sender's role:
#: attitude, thought, perception, speech, a choice said in words, sparing or helping (the
#: opposite of a kill: «щажу Кузю» from the maniac), the forum's own acts.
STOP_LEMMAS = frozenset({
    # attitude and feeling
    "уважать", "жалеть", "пожалеть", "любить", "полюбить", "поддерживать", "поддержать",
    "одобрять", "одобрить", "осуждать", "осудить", "хвалить", "похвалить", "ругать",
    "обвинять", "обвинить", "ненавидеть", "обожать", "ценить", "бояться", "опасаться",
    "подозревать", "заподозрить", "держать", "доверять", "благодарить", "поблагодарить",
    "приветствовать", "поприветствовать", "поздравлять", "поздравить", "обнимать",
    "обнять", "целовать", "поцеловать", "жать", "пожать", "терпеть", "потерпеть",
    "ласкать", "приласкать", "гладить", "погладить", "баловать", "побаловать",
    "радовать", "порадовать", "утешать", "утешить",
    # thought and perception
    "видеть", "увидеть", "понимать", "понять", "слушать", "послушать", "слышать",
    "услышать", "замечать", "заметить", "помнить", "запомнить", "вспоминать", "вспомнить",
    "забывать", "забыть", "узнавать", "узнать", "находить", "найти", "считать", "знать",
    "представлять", "представить", "оценивать", "оценить", "изучать", "изучить",
    "читать", "прочитать", "перечитывать", "читнуть", "чувствовать", "почувствовать",
    "чуять", "учуять", "подмечать", "подметить", "ощущать",
    # speech and the forum
    "спрашивать", "спросить", "просить", "попросить", "звонить", "позвонить", "писать",
    "написать", "отвечать", "ответить", "называть", "назвать", "упоминать", "упомянуть",
    "цитировать", "процитировать", "обсуждать", "обсудить", "игнорировать",
    "проигнорировать", "тегать", "тэгать", "отмечать", "отметить", "передавать",
    "передать", "желать", "пожелать", "советовать", "посоветовать", "предлагать",
    "предложить", "приглашать", "звать", "будить", "разбудить", "дразнить", "подразнить",
    "троллить", "потроллить", "пинговать", "пингануть", "лайкать", "лайкнуть", "плюсовать",
    "минусовать", "банить", "забанить", "хейтить",
    # a choice or a change said in words (a vote's as likely as a night move's)
    "выбирать", "выбрать", "выдвигать", "выдвинуть", "менять", "поменять", "сменить",
    "заменять", "заменить", "вычёркивать", "вычеркнуть", "исключать", "исключить",
    "добавлять", "добавить", "включать", "включить", "пропускать", "пропустить",
    "оставлять", "оставить",
    # sparing and helping (the opposite of most night moves)
    "щадить", "пощадить", "миловать", "помиловать", "прощать", "простить", "отпускать",
    "отпустить", "спасать", "спасти", "беречь", "сберечь", "помогать", "помочь",
    "трогать", "тронуть", "ждать", "подождать", "дожидаться", "дождаться", "встречать",
    "встретить", "провожать", "проводить", "искать", "поискать", "ловить", "поймать",
    # trying, missing, judging, sending words or gifts
    "пробовать", "попробовать", "скучать", "тосковать", "судить", "слать", "прислать",
    "посылать", "послать", "дарить", "подарить", "задавать", "задать", "играть",
    "поиграть", "жить", "пожить",
})

#: Words that make the sentence no plain order: a condition, a plan, a wish, a doubt, a
#: correction or a choice still open («или»), a negation, a joke.
_VETO = W.NOT_ORDER | frozenset({
    "не", "ни", "нет", "неа", "когда", "чтобы", "чтоб", "ли", "раз", "или", "либо",
    "лучше", "вернее", "точнее", "передумал", "передумала", "хотя", "вместо", "наверно",
    "вдруг", "мб", "возможно", "пожалуй", "вроде", "типа", "шучу", "шутка", "будто",
    "словно", "буду", "будем", "собираюсь", "планирую", "попробую", "попытаюсь",
    "хочу", "хотим", "мог", "могу", "планировал", "планировала", "план", "снова", "опять",
})

#: Words of :data:`_VETO` a remark after the move may hold («Обношу Кузю, пусть поплачет»:
#: a wish for the player, no plan of the move), with «не» only after one of them («…, и
#: пусть никуда не спешит»).
_REMARK_OK = frozenset({"пусть", "пускай"})

#: Prepositions: a name right after one is no direct object.
_PREPS = frozenset({"к", "ко", "у", "в", "во", "на", "за", "с", "со", "о", "об", "обо",
                    "по", "от", "до", "из", "для", "про", "при", "над", "под", "перед",
                    "через", "без", "между", "среди", "около", "возле", "мимо", "против"})

#: The prepositions that may govern the player of a move, each with the case the name must
#: be in and the moves it may stand for (None: any): «увожу коня у X» (a theft; the
#: witness's watch at X's), «иду за X» (the witness follows, the maniac hunts), «работаю
#: по X» (any move's «target»).
_GOVERNING = {
    "у": ("gent", frozenset({"rob", "watch"})),
    "за": ("ablt", frozenset({"watch", "maniac_kill"})),
    "по": ("datv", None),
}

#: Moves whose player may be the dative beside a thing given («ставлю капельницу X»,
#: «отвешиваю люлей X», «подсыплю дусту X»).
_GIVEN_TO = frozenset({"heal", "beat", "maniac_kill"})

#: Words that may stand between the verb and its object («обношу сегодня ночью Кузю»,
#: «сбиваю с трассы Саню»: a short phrase of place or manner).
_NEAR = 4


def role_verb_moves(ctx, visible: str, moves: list[Move],
                    problems: list[Problem]) -> tuple[list[Move], list[Problem]]:
    """``moves`` and ``problems`` with the one asked sentence whose first-person verb the
    sender's role explains read as his role move (see the module's doc); else both as
    they are."""
    action = _own_action(ctx)
    if action is None or any(m.action == action for m in moves) or \
            any(p.action not in ("", "vote") for p in problems):
        return moves, problems  # (his move made, or another night move in question)
    found = []
    for n, p in enumerate(problems):
        if p.kind != "unparsed" or p.reason != "unread":
            continue
        nick = _read(ctx, visible, p.text, action)
        if nick is not None:
            found.append((n, nick))
    if len(found) != 1:
        return moves, problems  # (none, or two sentences: which one is the move? asked)
    (n, nick), = found
    if _another_verb(ctx, visible, problems[n].text):
        return moves, problems  # («Сверяю с плакатом X. … Вызываю на дуэль Y»: which?)
    if _taken_back(ctx, visible, problems[n].text):
        return moves, problems  # («отпаиваю бульоном X… ой стоп, её ж вчера»: asked)
    move = Move(action, target=nick, span=problems[n].text)
    return list(moves) + [move], problems[:n] + problems[n + 1:]


def _own_action(ctx) -> str | None:
    """The sender's one targeted night move today (an id of :data:`_ACTIONS`), or None: a
    role with none, with two (the boss; the fan with her earned check left), the swindle."""
    sender = ctx.sender
    if sender.role == "boss":
        # (his clan's kill by a verb in the first person plural: «шлюзуем X»; one victim)
        return "clan_kill" if sender.alive and ctx.turn.event != "full_moon" and \
            "clan_kill" in night_role_moves(ctx.state, ctx.turn, sender.nick) else None
    if not sender.alive or (sender.role == "fan" and sender.fan_check_left):
        return None
    own = night_role_moves(ctx.state, ctx.turn, sender.nick)
    if len(own) != 1:
        return None
    (action,) = own
    return action if action in _ACTIONS else None


def _read(ctx, visible: str, text: str, action: str) -> str | None:
    """The player the sentence ``text`` (found in ``visible``) makes ``action`` on by a
    first-person verb the role explains, or None (see the module's doc). A remark after
    the verb and its player, behind a comma or a dash («…, пусть поплачет», «— от
    радикулита»), is read only for the words that make the whole sentence no order."""
    if "?" in text:
        return None
    lo = visible.find(text)
    if lo < 0:
        return None
    idx = name_index(ctx.nicks)
    if not _sentence_plain(idx, visible, lo, lo + len(text)):
        return None  # («Вчера был у X, сегодня работаю по Y»: the past beside it)
    toks = idx.merge(tokenize_span(visible, lo, lo + len(text)))
    words = list(clause_words(toks))
    from .parse_unread import player_at  # (the net's reading of names: the same players)

    hits: dict = {}
    named: list[tuple[int, str]] = []
    verbs: list[int] = []
    end = len(toks)
    for k, t in enumerate(toks):
        if not t.word:
            if t.w in _REMARK_BREAKS and verbs and named:
                end = k  # (a remark after the move and its player)
                break
            continue
        hit = player_at(idx, toks, words, k, hits) if len(t.w) > 1 else None
        if hit is not None and hit.kind != "self":
            if hit.nick is None:
                return None  # (a name two players fit: asked)
            if hit.nick == ctx.sender.nick:
                continue  # (his own name, a signature)
            if named and named[-1][1] == hit.nick and named[-1][0] + 1 == k:
                continue  # (the rest of a nick written in two words)
            if hit.kind != "exact" and not t.cap:
                return None  # («закатываю серегу»: a first name written small, a guess)
            named.append((k, hit.nick))
            continue
        kind = _verb_kind(t.w)
        if kind == "veto" or t.w in _VETO:
            return None  # a verb of the lexicon, of the past, of attitude or speech; a plan
        if kind in (("we",) if action == "clan_kill" else ("own", "intr")):
            verbs.append(k)
        elif action == "clan_kill" and kind:
            return None  # (the boss's own «сверяю X» may be his check: asked)
    if not _remark_plain(words[end:]) or \
            any(toks[m].word and _first_person(words[m]) for m in range(end, len(toks))):
        return None  # (a plan in the remark, or a second action: «…, посидим у меня»)
    for t in toks[end:]:
        hit = player_at(idx, toks, words, toks.index(t), hits) if t.word and len(t.w) > 1 \
            else None
        if hit is not None and hit.nick != ctx.sender.nick and hit.kind != "self":
            return None  # (another player in the remark: «…, камень в Сову»)
    if len({nick for _, nick in named}) != 1 or len(named) > 1:
        return None  # (nobody, two players, or the name twice: a story more than an order)
    n, nick = named[0]
    if nick not in ctx.alive:
        return None
    if action == "clan_kill" and ctx.state.players[nick].clan == ctx.sender.clan:
        return None  # (a mate of his clan: an order to him, never the clan's victim)
    governing = [k for k in verbs if _object_of(idx, toks, words, k, n, nick, action)]
    if len(governing) != 1:
        return None
    return nick


#: Marks that part a remark from the move before it.
_REMARK_BREAKS = frozenset({",", "—", "-", ":", ";", "(", "→"})


def _sentence_plain(idx, visible: str, lo: int, hi: int) -> bool:
    """True when the whole sentence holding ``visible[lo:hi]`` (a part the net asked about)
    has no word of :data:`_VETO` outside that part nor a word of yesterday: a part of today
    after the past is still the past's sentence («Вчера был у X, сегодня работаю по Y»)."""
    from .parse_unread import sentence_spans

    first, last = lo, hi
    for a, b in sentence_spans(visible):
        if a <= lo < b or lo <= a < hi:
            first, last = min(first, a), max(last, b)
    words = [t.w for t in tokenize_span(visible, first, lo) + tokenize_span(visible, hi, last)]
    words += [t.w for t in tokenize_span(visible, lo, hi)]
    outside = len(words) - len(tokenize_span(visible, lo, hi))
    return _VETO.isdisjoint(words[:outside]) and \
        not any(w.startswith("вчерашн") for w in words)


def _remark_plain(words: list[str]) -> bool:
    """True when the remark ``words`` after a move holds no word that makes the sentence no
    order (:data:`_VETO`; «пусть» allowed, and «не» after it)."""
    wish = False
    for w in words:
        if w in _REMARK_OK:
            wish = True
        elif w in _VETO and not (wish and w in ("не", "ни")):
            return False
    return True


def _another_verb(ctx, visible: str, text: str) -> bool:
    """True when a sentence of ``visible`` other than ``text`` also holds a first-person
    verb the role may explain (:func:`_verb_kind` ``"own"``) and names a living player
    other than the sender, whether the net asked about it or not: the letter writes two
    actions on players in words no lexicon knows, and which is the move is the writer's to
    say."""
    from .parse_unread import _names, sentence_spans

    at = visible.find(text)
    idx = name_index(ctx.nicks)
    for lo, hi in sentence_spans(visible):
        if lo <= at < hi or at <= lo < at + len(text):
            continue
        toks = idx.merge(tokenize_span(visible, lo, hi))
        words = clause_words(toks)
        if any(t.word and _verb_kind(t.w) in ("own", "intr", "we") for t in toks) and \
                _names(ctx, toks, words):
            return True
    return False


def _taken_back(ctx, visible: str, text: str) -> bool:
    """True when the sentence ``text`` may be taken back right after it: a correction
    mark of the rules (``ctx.marks``) in it or in the next sentence, or a word of a second
    thought opening the next sentence («… ой стоп, её ж вчера», «Хотя нет»)."""
    from .parse_unread import sentence_spans

    at = visible.find(text)
    spans = sentence_spans(visible)
    nxt = next((n for n, (lo, _) in enumerate(spans) if lo >= at + len(text)), None)
    hi = spans[nxt][1] if nxt is not None else len(visible)
    if any(at <= m < hi for m in ctx.marks):
        return True
    if nxt is None:
        return False
    words = visible[spans[nxt][0]:hi].lower().replace("ё", "е").split()
    return any(w.strip(".,!?…)(:;-—") in _SECOND_THOUGHT for w in words[:4])


#: Words of a second thought that open the sentence after a move («…ой стоп», «Хотя нет»).
_SECOND_THOUGHT = frozenset({"ой", "стоп", "нет", "не", "хотя", "тогда", "лучше", "вернее",
                             "точнее", "передумал", "передумала", "отмена", "отбой", "шучу",
                             "upd", "апд", "вместо", "или", "ладно"})


@functools.lru_cache(maxsize=10_000)
def _first_person(w: str) -> bool:
    """True when ``w`` reads first as a verb in the first person, either number, in the
    present or the future («посидим», «гляжу»)."""
    if len(w) < 3 or not is_known_word(w):
        return False
    tag = morph().parse(w)[0].tag
    return "VERB" in tag and "1per" in tag


@functools.lru_cache(maxsize=50_000)
def _verb_kind(w: str) -> str:
    """What word ``w`` is to the role-verb reading: ``"own"`` for a first-person singular
    verb of action in the present or perfective future, indicative, transitive, none of
    :data:`STOP_LEMMAS` and no move lexicon's; ``"intr"`` for such a verb that is
    intransitive (its player only after a preposition: «сижу у X»); ``"we"`` for a
    transitive one in the first person plural (a boss's clan kill: «шлюзуем X»); ``"veto"`` for any
    word of a move lexicon (the rules left it unread on purpose), a verb in the past tense,
    a first-person verb of :data:`STOP_LEMMAS` or of the net's verbs of no action or of
    speech; ``""`` else."""
    if len(w) < 3:
        return ""
    if W.move_word(w) in ("move", "noun", "third", "past") or W.move_class(w):
        return "veto"
    if not is_known_word(w):
        return ""  # (a slang verb no dictionary knows stays asked: the host teaches it)
    for p in morph().parse(w)[:3]:
        tag = p.tag
        if "VERB" not in tag:
            continue
        lemma = p.normal_form.replace("ё", "е")
        if "past" in tag:
            return "veto"
        if "1per" not in tag:
            return ""
        if lemma in STOP_LEMMAS or lemma in W.NOT_ACTION or lemma in W.SPEECH:
            return "veto"
        if "indc" in tag and ("pres" in tag or "futr" in tag) and \
                not lemma.endswith(("ся", "сь")):
            if "plur" in tag:  # («шлюзуем X»: a boss's clan kill)
                return "we" if "tran" in tag else ""
            return "own" if "tran" in tag else "intr"
        return ""
    return ""


def _object_of(idx, toks: list[Tok], words: list[str], k: int, n: int, nick: str,
               action: str) -> bool:
    """True when the player ``nick`` named at token ``n`` is the object of the verb at
    token ``k`` for ``action`` (see the module's doc): close after it with only words
    between (no mark), or right before it; in the accusative after a transitive verb; after
    a preposition of :data:`_GOVERNING` in its case, or «к себе»/«до себя» for an
    invitation; the dative after a thing given (:data:`_GIVEN_TO`); for a theft the owner
    of a thing taken («вскрываю терминал X»)."""
    if n > k:
        if n - k - 1 > _NEAR or any(not toks[m].word for m in range(k + 1, n)):
            return False  # (a dash, a colon, a comma: another clause, or a remark)
    elif k - n - 1 > 2 or any(not toks[m].word for m in range(n + 1, k)):
        return False
    before = words[n - 1] if n and toks[n - 1].word else ""
    transitive = _verb_kind(words[k]) in ("own", "we")
    if action == "clan_kill":  # (the clan's victim: the accusative alone)
        return transitive and before not in _PREPS and \
            _case(idx, toks, words, n, nick, "accs", loose=n > k)
    if action == "invite":  # (a guest comes to the sender's home: said, or no move)
        return _to_self(words, k, n)  # «тащу к себе X», «X к себе тащу»
    if before in _GOVERNING:
        case, actions = _GOVERNING[before]
        return (actions is None or action in actions) and \
            _case(idx, toks, words, n, nick, case)
    if before in _PREPS or not transitive:
        return False  # «иду с Кузей»: no object of the move
    if _case(idx, toks, words, n, nick, "accs", loose=n > k):
        return True
    thing = n > k + 1 and _thing(words[n - 1])
    if n == k + 1 and k and toks[k - 1].word and _thing(words[k - 1]):
        thing = True  # («Дусту подсыплю X»: the thing before the verb)
    if thing:
        if action in _GIVEN_TO and _case(idx, toks, words, n, nick, "datv"):
            return True  # «ставлю капельницу X», «подсыплю дусту X»
        if action == "rob" and _case(idx, toks, words, n, nick, "gent"):
            return True  # «вскрываю терминал X»: the owner of what is taken
    return False


def _to_self(words: list[str], k: int, n: int) -> bool:
    """True when «к себе», «ко мне», «до себя» or «в гости» stands between the verb at
    ``k`` and the name at ``n`` (either order), nothing else but two words beside."""
    lo, hi = (k, n) if k < n else (n, k)
    pair = list(zip(words[lo + 1:hi], words[lo + 2:hi]))
    return any(p in _SELF_PAIRS for p in pair) and hi - lo <= 5


_SELF_PAIRS = frozenset({("к", "себе"), ("ко", "мне"), ("до", "себя"), ("в", "гости")})


@functools.lru_cache(maxsize=10_000)
def _thing(w: str) -> bool:
    """True when ``w`` may be a thing given or taken: an inanimate noun in the accusative
    or the genitive («капельницу», «дусту», «терминал»), or a Cyrillic word no dictionary
    knows («пчелоужаливание»)."""
    if len(w) < 3:
        return False
    if not is_known_word(w):
        return all("а" <= ch <= "я" or ch == "ё" for ch in w)
    return any("NOUN" in p.tag and "inan" in p.tag and
               ("accs" in p.tag or "gent" in p.tag or "gen2" in p.tag)
               for p in morph().parse(w)[:2])


def _case(idx, toks: list[Tok], words: list[str], n: int, nick: str, case: str,
          loose: bool = False) -> bool:
    """True when the name written at token ``n`` (``nick``'s) may be in ``case``: a form of
    that case by the name index or, for a name joined from several words or read as a pet
    form, a reading of its first word by the morphology; a name in Latin letters may be
    any. With ``loose`` (the name after the verb) a nominative form that is an accusative
    too is taken: a form Russian does not decline («Рипли», «Бельмондо») or that the
    morphology reads as one («Бетон»)."""
    w = words[n]
    forms = idx.single.get(w, {}).get(nick)
    if forms is not None:
        if case in forms:
            return True
        piece = w.split("-")[0]
        return loose and case == "accs" and "nomn" in forms and (
            piece.endswith(_UNDECLINED) or
            any("accs" in p.tag for p in morph().parse(piece)[:2]))
    first = toks[n].text.split()[0] if toks[n].text.split() else toks[n].text
    first = first.lstrip("\x00").split("-")[0].split("'")[0].split("’")[0]
    if not first or not any("а" <= ch <= "я" or ch == "ё" for ch in first.lower()):
        return True  # (Latin letters: Russian leaves them undeclined)
    parses = morph().parse(first.lower())
    return any(case in p.tag for p in parses[:4]) or \
        (not is_known_word(first.lower()) and case == "accs")


#: Endings of a name Russian leaves undeclined («Рипли», «Бельмондо», «Кьюри»).
_UNDECLINED = ("о", "е", "ё", "и", "ы", "у", "ю", "э")
