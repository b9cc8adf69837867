"""The net for label lines (issue 11, missed without a problem): «Метка Тимуру.»,
«Трибунал — Лея.», «Облава: Лаки7», «В стоп-лист Тесто», «Дуст — Sergeich'у».

A player writes a move as a label and a name, the label being the game's own word for it
(«чёрная метка» for the vote of a pirate game, «облава» for a hunt), a noun of slang or a
prepositional phrase («на мойку», «по доске»). When no lexicon knows the label no rule reads
the line, and the net for unread orders (:mod:`engine.parse_unread`) passes it by, as it
holds no move word: the move would be lost with no word to the player. A host reading such a
line would not drop it: he asks. So does this net.

A sentence is a label line when

- it is no question, quotes nothing and does not end in a colon (that opens what follows);
- it is a label of one to three words, an optional dash or colon, then one living player
  other than the sender (any form the name finder reads for sure: a case form, a part or a
  pet form of a nick, never a fuzzy guess), and after the name nothing but punctuation,
  pictures, «же» / «тоже», or a comma and a remark with no verb and no other player
  («Метка Тимуру, что-то он мутный»); or the label and a pronoun with «же» for the player of
  a line before («Тёмную — ему же», «Её же — под трибунал»), asked only when a move on a
  player was read, or a label line asked, before it;
- its label holds a noun or a short word no dictionary knows («МО», «ПМ»), and no verb,
  pronoun, conjunction, number, ordinal («Вариант второй — X») nor name (a verb makes it a
  sentence the other nets judge; «Привет, Лось» and «Спасибо Лосю» are greetings and thanks,
  not labels, and «Милая Мурка» is an address); no role word («Врач — X» tells what X is),
  no word of a move lexicon and no word of the game the rules judge («Ход — X», «Цель клана
  — X», «Удар по X»);
- a name after a label with no preposition is not a genitive only («Заявка Жулика», «ответ
  Лисички»: whose, not on whom; «Метка Бизани» may be a dative: asked);
- no rule read anything from it, no problem quotes it, and no move read in the sentence
  before or after is on its player («В списке — Лисичка. Маньячу её.»).

Such a sentence is asked about (``unparsed``, reason ``unread``). Pure (no I/O); cheap: a
sentence of more than 160 characters is left at the first look, and most others at their
first word that is neither a label word nor a name.
"""

from __future__ import annotations

from .grammar_rules import problem
from .grammar_tokens import Tok, clause_words, tokenize_span
from .model import Problem
from .names import name_index
from .parse_types import Ctx, Item, asked_already
from .parse_unread import overlaps, player_at, read_ranges, sentence_spans
from .words import CYR, is_known_word, morph, role_words
from . import parse_unread_words as W

__all__ = ["label_lines"]

#: Marks that may stand between the label and the name.
_SEPARATORS = frozenset({":", "—", "-", "–", "→", "=", ">"})

#: Words that may close the line after the name («Метку ему же», «Камень — Лосю тоже»).
_CLOSERS = frozenset({"же", "тоже", "также"})

#: Labels that greet, thank, address or sign: a line of them and a name is no move.
_NOT_LABEL = frozenset({
    "привет", "приветик", "приветики", "здравствуй", "здравствуйте", "здорово", "салют",
    "спасибо", "благодарю", "пока", "целую", "обнимаю", "уважаемый", "уважаемая", "дорогой",
    "дорогая", "милый", "милая", "ведущий", "ведущая", "ведущему", "ведущей", "ребята",
    "друзья", "народ", "всем", "удачи", "респект", "ура", "hi", "hello", "hey", "dear",
    "thanks", "cheers", "bye", "подпись", "автор", "от", "ваш", "ваша", "твой", "твоя",
    "с", "уважением", "добрый", "доброе", "доброй", "вечер", "утро", "день", "ночи",
    "поздравляю", "прости", "простите", "извини", "извините", "сорри", "сорян", "тема",
    "кому", "копия", "re", "fwd", "цитата", "p", "s", "ps", "пс", "upd", "оос",
    "зы", "слава", "остальное", "остальные", "остальным", "всё", "все",
    # words of the game the rules read and judge («Цель клана — X» from a civilian no move;
    # the labels of engine.parse_label_before; «Ход — X» is asked when no rule read it: a clan
    # member's «Мой ход — X», his own move or his move left to X, engine.grammar_headers)
    "цель", "цели", "клан", "клана", "клану", "мишень", "жертва",
    "клиент", "кандидат", "списке", "удар",
    # a correction («В смысле X»), not a move of its own
    "смысле",
}) | W.FORUM

#: Parts of speech that make a word no label word (a verb, its forms, pronouns, joiners).
_NOT_LABEL_POS = frozenset({"VERB", "INFN", "PRTF", "PRTS", "GRND", "NPRO", "CONJ", "PRCL",
                            "INTJ", "NUMR", "ADVB", "PRED", "COMP"})

#: Words that may open the line or stand in its label without being the label («И облава:
#: Лаки7», «Дегустация сегодня: Тётя Зина»).
_LEAD = frozenset({"и", "а", "ну", "так", "вот", "короче", "итак", "значит", "сегодня",
                   "ночью", "нынче", "сейчас", "теперь", "снова", "опять"})


def label_lines(ctx: Ctx, visible: str, items: list[Item], asked: list[Problem]
                ) -> list[Problem]:
    """The problems of the label lines of ``visible`` (the sender's own text) that no rule
    read (``items``: what the rules read) and no problem of ``asked`` quotes (see the
    module's doc)."""
    idx = None
    read = None
    quoted = {p.text for p in asked}
    out: list[Problem] = []
    spans = sentence_spans(visible)
    for n, (lo, hi) in enumerate(spans):
        if hi - lo > 160:
            continue  # (a long sentence is no label line)
        chunk = visible[lo:hi]
        if "?" in chunk or any(q in chunk for q in "«»\"“”„") or chunk.rstrip().endswith(":"):
            continue  # (a question, a quote, a line that opens what follows)
        toks = tokenize_span(visible, lo, hi)
        if len(toks) < 2 or not toks[0].word:
            continue
        idx = idx or name_index(ctx.nicks)
        owners = _label_line(ctx, idx, toks)
        if not owners:
            continue
        if read is None:
            read = read_ranges(visible, items)
        if overlaps(read, lo, hi):
            continue
        # («В списке — Лисичка. Маньячу её.»: a move read in the sentence before or after on
        # the same player is the line's)
        if owners == (ONE_BEFORE,):
            # (on a pronoun: asked when a move on a player was read or a label line asked
            # before it, and no rule read the line)
            if not out and not any(b <= lo and on for a, b, on, _ in read):
                continue
            owners = ()
        near_lo = spans[n - 1][0] if n else lo
        near_hi = spans[n + 1][1] if n + 1 < len(spans) else hi
        if any(a < near_hi and near_lo < b and not on.isdisjoint(owners)
               for a, b, on, _ in read):
            continue
        text = chunk.strip().rstrip(".!…")
        if text and not asked_already(text, quoted):
            out.append(problem(text, "unparsed", "unread"))
            quoted.add(text)
    return out


def _label_line(ctx: Ctx, idx, toks: list[Tok]) -> tuple[str, ...]:
    """The player (or the players a word fits) when the tokens of one sentence are a label, a
    separator and one living player (not the sender), as the module's doc says; ``(ONE_BEFORE,)``
    for a label and a pronoun with «же» («Тёмную — ему же», «Её же — под трибунал»); else
    ``()``."""
    words = clause_words(toks)
    if len(words) > 2 and words[0] in _PRONOUNS and words[1] == "же":
        # («Её же — под трибунал»: the pronoun first, then the label)
        k = 2
        while k < len(toks) and not toks[k].word and toks[k].w in _SEPARATORS:
            k += 1
        label = [w for w in words[k:] if toks[words.index(w, k)].word]
        if all(t.word or t.w in ".!…" for t in toks[k:]) and 1 <= len(label) <= 3 and \
                all(player_at(idx, toks, words, j) is None for j in range(k, len(toks))) and \
                _is_label([w for w in label if w not in _LEAD]):
            return (ONE_BEFORE,)
        return ()
    hits: dict = {}
    k = 0
    if len(words) > 2 and words[0] in _LEAD and words[1] == ":":
        k = 2  # («Короче: абордаж — Рипли»)
    label: list[str] = []
    while k < len(toks):
        t = toks[k]
        if not t.word or t.w in _PRONOUNS:
            break
        if player_at(idx, toks, words, k, hits) is not None:
            break
        if t.w not in _LEAD:
            label.append(t.w)
        k += 1
    if not 1 <= len(label) <= 3 or k > 5 or k >= len(toks):
        return ()
    while k < len(toks) and not toks[k].word and toks[k].w in _SEPARATORS:
        k += 1
    if k >= len(toks) or not toks[k].word:
        return ()
    if words[k] in _PRONOUNS:
        # («Тёмную — ему же», «На мойку его же»: the player of a sentence before)
        if k + 1 >= len(toks) or words[k + 1] != "же" or \
                not _end_or_remark(ctx, idx, toks, words, k + 2):
            return ()
        return (ONE_BEFORE,) if _is_label(label) else ()
    hit = player_at(idx, toks, words, k, hits)
    if hit is None or hit.kind == "fuzzy" or hit.kind == "self":
        return ()
    owners = (hit.nick,) if hit.nick is not None else hit.candidates
    if not owners or any(n == ctx.sender.nick or n not in ctx.alive for n in owners):
        return ()
    name = toks[k]
    k += max(hit.length, 1)
    if not _end_or_remark(ctx, idx, toks, words, k):
        return ()
    if not _is_label(label):
        return ()
    if not any(w in _PREPOSITIONS for w in label) and _genitive(name, owners):
        return ()  # («Заявка Жулика», «ответ Лисички»: whose, not on whom)
    return tuple(owners)


#: The answer of :func:`_label_line` for a line on a pronoun: the player named before.
ONE_BEFORE = "\x00before"

#: Pronouns of a player named before, and «туда» («Камень туда же»).
_PRONOUNS = frozenset({"его", "её", "ее", "ему", "ей", "него", "неё", "нее", "нему", "ней",
                       "туда"})


def _end_or_remark(ctx: Ctx, idx, toks: list[Tok], words: list[str], k: int) -> bool:
    """True when the tokens from ``k`` on close the line: words of :data:`_CLOSERS` and
    punctuation only, or a comma and a remark naming no other player and holding no verb
    («Метка Тимуру, что-то он мутный»)."""
    while k < len(toks) and (not toks[k].word and toks[k].w not in (",", "(") or
                             words[k] in _CLOSERS):
        k += 1
    if k >= len(toks):
        return True
    if words[k] not in (",", "("):
        return False
    hits: dict = {}
    for j in range(k + 1, len(toks)):
        if toks[j].word:
            hit = player_at(idx, toks, words, j, hits)
            if hit is not None and hit.kind != "fuzzy" and hit.nick != ctx.sender.nick:
                return False  # («Трибунал — Лея, Кузя и Бобёр»: a list, not a remark)
            if is_known_word(words[j]) and morph().parse(words[j])[0].tag.POS == "VERB":
                return False  # («Игрок X, напротив, пишет мало»: the player is a subject)
    return True


#: Prepositions a label may hold («на мойку X», «очередь за X», «по доске X»).
_PREPOSITIONS = frozenset({"в", "во", "на", "за", "по", "у", "к", "ко", "для", "против", "с",
                           "со", "под"})


def _genitive(name: Tok, owners) -> bool:
    """True when the name's first word ``name`` is an inflected form of the nick (not the nick
    as spelled) that may be a genitive and not a dative: after a noun with no preposition it
    says whose."""
    w = name.w
    if any(w == n.lower().replace("ё", "е").split()[0] for n in owners if n):
        return False
    parses = morph().parse(w)[:3]
    # (a form that may also be a dative is the label's addressee: «Метка Бизани»)
    return any("gent" in p.tag for p in parses) and not any("datv" in p.tag for p in parses)


def _is_label(label: list[str]) -> bool:
    """True when the words ``label`` (lowered) make a label: no word of
    :data:`_NOT_LABEL`, no verb, pronoun, joiner or number, and a noun or a word no
    dictionary knows among them (a preposition and adjectives may stand beside it)."""
    noun = False
    for w in label:
        if w in _NOT_LABEL or not w.isalpha() or not CYR.search(w) or W.move_class(w) or \
                w in role_words():
            return False  # (a word of a move lexicon: the rules and the other nets judge;
            # a role: «Врач — X» tells what X is)
        if not is_known_word(w):
            if len(w) > 4:
                return False  # (a word no dictionary knows is a label when short: «МО»)
            noun = True
            continue
        parses = morph().parse(w)
        best = parses[0].tag
        if best.POS in _NOT_LABEL_POS or "Anum" in best:
            return False  # (a verb; «Вариант первый — X», «Второй кандидат — X»: a list)
        if "Name" in best or "Surn" in best or "Patr" in best:
            return False  # (a first name: «Кузя, Лось» is an address or a list)
        if best.POS == "NOUN":
            noun = True
    return noun

