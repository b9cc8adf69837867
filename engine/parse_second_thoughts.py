"""The second-thoughts net (engine.parse_unread, issue 11, precision first): a sentence of
the sender's own text that changes his mind, refuses, negates or hedges beside a player's
name or a move word of his, and that no rule read, makes the letter ask.

The rules of the parser read many ways of taking a move back or doubting it («хотя нет,
Y», «может, X… а может и нет»), but players find new ones faster than rules are written:
«шизю Юлю… нет, передумала, никого сегодня не шизю», «громлю X. а не, лучше себя
отгромлю». When such a sentence is left unread, the move before it stands and the reply
confirms what the player took back: a silent misparse. A host reading «передумала» or «а
не» beside a name or a move word does not pass it by: he asks. So does this net, for a
sentence that

- holds a marker of a second thought (:data:`MARKERS`, :data:`PAIRS`: a correction «нет»,
  «передумал», «вместо», «а не»; a refusal «не буду», «отмена»; a negated move word «не
  шизю»; a hedge «не знаю», «может»),
- and a living player's name (not the sender alone) or a word of a move the sender can
  make today (his role's lexicon, any form),
- from which no rule read a move or a problem (the ranges of
  :func:`engine.parse_unread.read_ranges`; a correction the parser only marked, with the
  move before it left standing, counts as unread),
- in a letter that makes a move (a letter with no move has nothing applied by mistake).

The problem is ``unparsed`` with the reason ``second_thought`` quoting the sentence: the
reply asks for the final move (SCENARIOS.md: the JSON shape of a problem is unchanged).
Which markers hold for which kind of sentence was measured on the blind letters (see
:data:`MARKERS`): a hedge beside a name alone is talk about that player, not a move.
"""

from __future__ import annotations

import bisect
import functools
import re

from .grammar_hot import letter_pieces, lowered, memo_table
from .grammar_flags import takes_back
from .grammar_rules import action_for, problem
from .grammar_tokens import clause_words, tokenize_span
from .legality import move_targets
from .model import Move, Problem
from .names import name_index
from .net_pieces import plain_tokens
from .parse_doubt import came_back
from .parse_types import Ctx, Item, done_action
from .parse_unread import hunt_is_excluded, read_ranges, sentence_spans
from .parse_unread_cheap import alone_pattern
from .words import first_singular, is_known_word, morph
from . import grammar_vocab as V
from . import parse_unread_words as W

#: One-word markers of a second thought → their kind. ``correction`` and ``refusal`` hold
#: beside a name or a move word; ``hedge`` only beside a move word of the sender's.
MARKERS: dict[str, str] = {
    "передумал": "correction", "передумала": "correction", "передумали": "correction",
    "отмена": "refusal", "отменяю": "refusal", "отбой": "refusal", "отставить": "refusal",
    "впрочем": "correction", "правильнее": "correction", "надежнее": "correction",
    "разумнее": "correction",
    "вместо": "correction", "вернее": "correction", "точнее": "correction",
    "лучше": "correction", "хотя": "correction", "нет": "correction", "неа": "correction",
    "не-а": "correction", "стоп": "correction", "upd": "correction", "апд": "correction",
    "никого": "refusal", "никому": "refusal", "ни-кого": "refusal",
    "может": "hedge", "мб": "hedge", "наверное": "hedge", "наверно": "hedge",
    "возможно": "hedge", "хз": "hedge",
}

#: Two-word markers (the first word, the second) → their kind.
PAIRS: dict[tuple[str, str], str] = {
    ("не", "буду"): "refusal", ("не", "стану"): "refusal", ("не", "хочу"): "refusal",
    ("не", "надо"): "refusal", ("не", "нужно"): "refusal", ("не", "знаю"): "hedge",
    ("не", "уверен"): "hedge", ("не", "уверена"): "hedge", ("а", "не"): "correction",
    ("не", "сегодня"): "refusal", ("не", "сейчас"): "refusal",  # («Режу X. Но не сегодня.»)
}


#: Markers of a refusal that say the move is kept after «не» («охоту не отменяю»).
_KEPT_AFTER_NOT = frozenset({"отменяю", "отмена"})


def markers(words: list[str]) -> list[tuple[int, str, str]]:
    """The markers of a second thought in a sentence's ``words``: ``(index, marker, kind)``;
    a move word after «не» is the marker ``"не+move"`` (a refusal)."""
    out = []
    for k, w in enumerate(words):
        kind = MARKERS.get(w)
        if kind is not None and not (w in _KEPT_AFTER_NOT and k and words[k - 1] == "не"):
            out.append((k, w, kind))  # (not «охоту не отменяю»: the move is kept)
        if k + 1 < len(words):
            pair = PAIRS.get((w, words[k + 1]))
            if pair is not None:
                out.append((k, w + " " + words[k + 1], pair))
            elif w == "не" and W.move_class(words[k + 1]) and \
                    W.move_word(words[k + 1]) != "noun":
                out.append((k, "не+move", "refusal"))
            elif w == "ни" and ("кого" in words[k + 1:k + 3] or "кому" in words[k + 1:k + 3]):
                out.append((k, "ни кого", "refusal"))  # «ни в кого», «ни к кому»
    return out


def findings(ctx: Ctx, visible: str, items: list[Item], moves: list[Move],
             asked: list[Problem]) -> list[tuple[Problem, dict]]:
    """The net's problems (see the module's doc), each with what found it (for measuring:
    the marker, its kind and the relation to a move made). ``items``: every item the rules
    read; ``moves``: the letter's final moves."""

    lower = lowered(visible)
    # (the cheap test at C speed first, of the whole letter and then of each sentence: a
    # piece between whitespace that is a marker word or «не», «ни» (:data:`_MARK_PIECE`); the
    # sentences are cut at whitespace, so their pieces are the letter's — in the lowered
    # letter too when it has the letter's length, else the old way only)
    plain = len(lower) == len(visible)
    if plain:
        marks = _marker_pieces(visible)
        if not marks:
            return []
    spans = sentence_spans(visible)
    # (a second thought follows the move it takes back: the sentences before the first move
    # the letter makes are not looked at — «Не буду никого лечить… Лечу X» chose after)
    first = min((at for m in moves if m.span and (at := visible.find(m.span.strip())) >= 0),
                default=0)
    if plain:  # (the sentences where a marker piece is written: a C-level search each)
        marked = [(k, *spans[k]) for k in _sentences_of(spans, lower, marks)
                  if spans[k][1] > first and _may_mark(lower[slice(*spans[k])].split())]
    else:
        marked = [(k, lo, hi) for k, (lo, hi) in enumerate(spans) if hi > first and
                  _may_mark(lower[lo:hi].split())]
    if not marked:
        return []  # (no marker in any sentence: the cheap test, before the ranges read)

    read = read_ranges(visible, items, hunt_is_excluded(ctx))
    quoted = {p.text for p in asked}
    made = []  # (offset, action) of every move the rules read
    for it in items:
        if it.move is None:
            continue
        at = it.pos if it.pos >= 0 else visible.find(it.move.span.strip()) if it.move.span else -1
        if at >= 0:
            made.append((at, done_action(it.move)))
    out = []
    for k, lo, hi in marked:  # (the sentences with a marker only: the rest is not cut)
        ends = [b for a, b, _, _ in read if a < hi and lo < b]
        # (the sentence before held a move the rules read)
        was_after = k > 0 and any(a < spans[k - 1][1] and spans[k - 1][0] < b
                                  for a, b, _, _ in read)
        whole = not ends
        if ends:
            # (the rest of a sentence after the move read from it: «Слежу за X, хотя лучше
            # бы за Y послежу»)
            tail = max(ends)
            if tail >= hi or visible[tail:hi].strip(" ,.!…—-") == "":
                continue
            lo = tail
        if visible[lo:hi].rstrip().endswith("?"):
            continue  # (a question: the rules of questions ask or leave it)
        if not _may_relate(ctx, lower, lo, hi):
            continue  # (no name form and no move word: chatter, nothing cut into words)
        why, acts, found = _sentence(ctx, visible, lo, hi, moves, whole and was_after,
                                     not whole, spans[max(k - 1, 0)][0])
        if why is None and whole and not (was_after and "\n\n" not in visible[
                spans[k - 1][1]:lo]) and _changed_mind(ctx, visible, lo, hi):
            # («Лечу X.⏎X молчит.⏎UPD: передумала.»: away from the move, which is taken back?)
            why, acts = "taken_back", {a for _, a in made}
        if why is None:
            continue
        if acts is None:  # (the move read right before it)
            acts = {a for at, a in made if at < lo}
            acts = {max((at, a) for at, a in made if at < lo)[1]} if acts else set()
        if any(at >= hi and a in acts for at, a in made) or came_back(ctx, hi, {
                t for m in moves if done_action(m) in acts for t in _targets(m)}):
            continue  # («Хотя… нет, … Не хочу. Всё-таки Петровича.», «… Ладно, пусть
            # остаётся X»: settled after it)
        text = visible[lo:hi].strip(" ,—-").rstrip(".!…")
        if whole is False:
            text = visible[spans_of(spans, lo)[0]:hi].strip().rstrip(".!…")
        if text in quoted:
            continue
        out.append((problem(text, "unparsed", "second_thought"),
                    {"markers": found, "why": why + ("" if whole else "/tail"), "question": False}))
    return out


#: Punctuation around a word split at whitespace.
_PUNCT = ".,!?…:;—-–()«»\"'*"

#: Words after «не» that make a marker whatever they are (:data:`PAIRS`).
_AFTER_NOT = frozenset(b for a, b in PAIRS if a == "не")


def _may_mark(pieces: list[str]) -> bool:
    """The cheap test of a sentence (its lower-case pieces split at whitespace, «е» for «ё»)
    before it is cut into words: True when it may hold a marker of :func:`markers`."""
    for i, p in enumerate(pieces):
        w = p.strip(_PUNCT)
        if w in MARKERS:
            return True
        if w == "не" and i + 1 < len(pieces):
            nxt = pieces[i + 1].strip(_PUNCT)
            if nxt in _AFTER_NOT or W.move_class(nxt):
                return True
        elif w == "ни" and i + 2 < len(pieces) and (
                "кого" in pieces[i + 1] or "кому" in pieces[i + 1] or
                "кого" in pieces[i + 2] or "кому" in pieces[i + 2]):
            return True
    return False


_PIECE = re.compile(r"[а-яёa-z][а-яёa-z_'-]*")

#: A piece between whitespace that :func:`_may_mark` may take for a marker: a word of
#: :data:`MARKERS`, «не» or «ни», with punctuation of :data:`_PUNCT` only around it (``\s``
#: and ``\S`` are the whitespace ``str.split`` cuts at).
_MARK_PIECE = re.compile(
    r"(?<!\S)[%s]*(?:%s)[%s]*(?!\S)" % (
        re.escape(_PUNCT),
        "|".join(re.escape(w) for w in sorted({*MARKERS, "не", "ни"}, key=len, reverse=True)),
        re.escape(_PUNCT)))


#: The words a piece of :data:`_MARK_PIECE` holds between its marks.
_MARK_WORDS = frozenset({*MARKERS, "не", "ни"})

#: Pieces of text as written (cut at whitespace) that are no marker piece, and those that
#: are, each with its lowered form («е» for «ё»): pure functions of the piece, remembered
#: (emptied past 200,000).
_NO_MARK: set[str] = set()
_MARK_OF: dict[str, str] = {}


def _marker_pieces(visible: str) -> set[str]:
    """The pieces of the lowered letter (:func:`lowered`, of ``visible``'s length) that
    :data:`_MARK_PIECE` matches whole — those it matches in the lowered letter at all (its
    look-arounds stop it at whitespace; it holds none): the letter's pieces as written
    (:func:`letter_pieces`, shared) lowered, each looked at once (a piece lowered alone is
    lowered as in the letter: no case rule reaches over whitespace)."""
    out = set()
    for piece in letter_pieces(visible).difference(_NO_MARK):
        mark = _MARK_OF.get(piece)
        if mark is None:
            low = piece.lower().replace("ё", "е")
            if low.strip(_PUNCT) not in _MARK_WORDS:
                if len(_NO_MARK) > 200_000:
                    _NO_MARK.clear()
                _NO_MARK.add(piece)
                continue
            if len(_MARK_OF) > 200_000:
                _MARK_OF.clear()
            mark = _MARK_OF[piece] = low
        out.add(mark)
    return out


def _sentences_of(spans, lower: str, marks: set[str]) -> list[int]:
    """The indices (in order) of the sentences ``spans`` of the lowered letter ``lower``
    where one of the pieces ``marks`` is written (with whitespace or an end on both sides;
    :func:`alone_pattern` finds each at C speed)."""
    starts = [lo for lo, _ in spans]
    out = set()
    for mark in marks:
        for m in alone_pattern(mark).finditer(lower):
            n = bisect.bisect_right(starts, m.start()) - 1
            if n >= 0 and m.start() < spans[n][1]:
                out.add(n)
    return sorted(out)


#: The refusals and doubts :func:`_bare` reads, as written.
_BARE_PAIRS = ("не буду", "не стану", "не хочу", "не надо", "не нужно", "не знаю", "не уверен",
               "не сегодня", "не сейчас")


def _may_relate(ctx: Ctx, lower: str, lo: int, hi: int) -> bool:
    """The cheap test of a sentence before it is cut into words: some word of it is a form
    that may name a player (a nick form, a word of a nick), «себя», or a word of a move
    lexicon (any form)."""
    if any(pair in lower[lo:hi] for pair in _BARE_PAIRS):
        return True  # (a bare refusal or doubt: «Не, не буду — совестно»)
    if taken_back_only(re.findall(r"[^\W\d_]+", lower[lo:hi].replace("ё", "е"))):
        return True  # («UPD: передумал насчёт карт.»: a change of mind and nothing else)
    idx = name_index(ctx.nicks)
    # (each piece between whitespace answered once per roster: :data:`_PIECE` holds no
    # whitespace and looks at nothing outside its match, so the words it finds in the span
    # are those it finds in the span's pieces, one piece after the other)
    table = memo_table(_RELATES, idx.nicks, 200_000)
    for piece in lower[lo:hi].split():
        found = table.get(piece)
        if found is None:
            found = table[piece] = _piece_relates(idx, piece)
        if found:
            return True
    return False


#: roster → a lowered piece of text (cut at whitespace) → :func:`_piece_relates`'s answer:
#: a pure function of the piece for the roster's index, remembered (emptied past 64
#: rosters, a table past 200,000 pieces).
_RELATES: dict[tuple, dict[str, bool]] = {}


def _piece_relates(idx, piece: str) -> bool:
    """True when a word of the lowered ``piece`` (:data:`_PIECE`) is a form that may name a
    player of ``idx`` (a nick form, a word of a nick), «себя», or a word of a move lexicon
    (any form): :func:`_may_relate`'s test of one piece."""
    forms = idx.trigger_forms()
    for w in _PIECE.findall(piece):
        w = w.replace("ё", "е")
        if w in forms or w in idx.parts or w in idx.whole_words or w == "себя" or \
                W.move_class(w) or (len(w) >= 3 and idx.approximate(w) is not None):
            return True
    return False


def spans_of(spans, at: int) -> tuple[int, int]:
    """The sentence of ``spans`` holding offset ``at``."""
    return next((lo, hi) for lo, hi in spans if lo <= at <= hi)


def _sentence(ctx: Ctx, visible: str, lo: int, hi: int, moves: list[Move], after_move: bool,
              tail: bool, head: int = 0) -> tuple[str | None, set | None, list]:
    """The relation of the text ``visible[lo:hi]`` (a sentence no rule read, or the rest of
    one after its move, ``tail``) to the letter's ``moves`` (see :func:`_related`), with its
    markers and the actions it bears on (see :func:`_related`); ``after_move``: the sentence right before held a move (an elliptic «Не, не
    буду.» refuses it); ``head``: where the sentence before a ``tail``'s starts (its
    players are the ones a correction may take off)."""
    idx = name_index(ctx.nicks)
    toks = _tokens(idx, visible, lo, hi)
    words = clause_words(toks)
    found = markers(words)
    if not found:
        return None, None, found
    named, exact = {}, set()  # (the dead too: «Кузю уже не побить» names its object)
    for k, hit in _players(idx, toks, words):
        if ctx.sender.nick in ((hit.nick,) if hit.nick else hit.candidates):
            continue
        named[k] = _owner(hit)
        if hit.kind == "exact":
            exact.add(k)
    why, acts = _related(ctx, toks, words, found, named, exact, moves)
    if why is None and tail and _turns_at_head(ctx, toks, words, found, named, moves,
                                               named_in(ctx, visible, head, lo)):
        why = "turn"  # («охраняю бобра нет лучше себя …», «ворую у кузи хотя не у мурки лучше»)
    if why is None and not named and (after_move or tail) and _bare(toks, words, found) and \
            not any(t.word and W.move_class(words[k]) for k, t in enumerate(toks)):
        why = "bare"  # («Обчищаю X. Не, не буду — совестно.», «…, против Y, не знаю…»)
    return why, acts, found


def _changed_mind(ctx: Ctx, visible: str, lo: int, hi: int) -> bool:
    """True when the sentence ``visible[lo:hi]`` only says the sender changed his mind
    (:func:`taken_back_only`) and names no player."""
    idx = name_index(ctx.nicks)
    toks = _tokens(idx, visible, lo, hi)
    words = clause_words(toks)
    return taken_back_only([w for k, w in enumerate(words) if toks[k].word]) and \
        not any(True for _ in _players(idx, toks, words))


#: Words that name what a change of mind is about («передумал насчёт карт»).
_TOPIC = frozenset({"насчет", "поводу", "про", "относительно"})

#: Words that head an update of a letter («UPD: передумал»).
_UPDATE_HEADS = frozenset({"upd", "апд", "update", "ps", "пс", "p", "s", "ну", "все", "таки",
                           "я", "всё", "по"})


def taken_back_only(words: list[str]) -> bool:
    """True when the normalised ``words`` of a sentence (no punctuation) only take something
    back: correction words with a form of «передумать» among them, an update's heading, and perhaps what the change of mind is about
    after «насчёт», «по поводу» (three words at most: «UPD: передумал насчёт карт»). The
    moves it bears on are not said: the letter asks which stands."""
    if not words or len(words) > 8:
        return False
    k = next((n for n, w in enumerate(words) if w in _TOPIC), len(words))
    head, topic = words[:k], words[k + 1:]
    if len(topic) > 3 or (k < len(words) and not topic) or \
            any(w not in V.CORRECTION_WORDS and w not in _UPDATE_HEADS for w in head):
        return False
    return not _CHANGED.isdisjoint(head) and takes_back(head)


#: The forms of «передумать» (a change of mind, not «всё, отбой» signing off).
_CHANGED = frozenset({"передумал", "передумала", "передумали"})


#: Markers that turn a sentence's move to another player when they open the rest of it.
_TURNING = frozenset({"нет", "неа", "не-а", "хотя", "лучше", "вернее", "точнее", "впрочем",
                      "стоп", "upd", "апд"})

#: How many words after the move read from a sentence the marker (first) and the player
#: (after it) may stand at.
_TURN_HEAD, _TURN_REACH = 2, 6


def _players(idx, toks, words: list[str]):
    """Each ``(index, hit)`` of a word of ``toks`` (two letters or more) that names a player
    or several (:func:`engine.parse_unread.player_at`, the net's reader of names)."""
    from .parse_unread import player_at

    hits: dict = {}
    for k, t in enumerate(toks):
        if t.word and len(t.w) >= 2 and (hit := player_at(idx, toks, words, k, hits)):
            yield k, hit


def _tokens(idx, visible: str, lo: int, hi: int) -> list:
    """The merged tokens of ``visible[lo:hi]`` as the net reads them: their words, kinds and
    capitals only (no helper of the net looks at a token's offsets, text or quotes). Those
    :func:`engine.net_pieces.plain_tokens` makes from the text's pieces, when it is sure and
    the text holds no line break (a token of no piece: every token's index would move);
    else made."""
    if visible.find("\n", lo, hi) < 0:
        toks = plain_tokens(idx, visible, lo, hi)
        if toks is not None:
            return toks
    return idx.merge(tokenize_span(visible, lo, hi))


def named_in(ctx: Ctx, visible: str, lo: int, hi: int) -> set[str]:
    """The players (nicks) named in ``visible[lo:hi]`` (every candidate of a name that fits
    several)."""
    idx = name_index(ctx.nicks)
    toks = _tokens(idx, visible, lo, hi)
    return {n for _, hit in _players(idx, toks, clause_words(toks))
            for n in ((hit.nick,) if hit.nick else hit.candidates)}


def _turns_at_head(ctx: Ctx, toks, words: list[str], found, named: dict,
                   moves: list[Move], before: set[str]) -> bool:
    """True when the rest of a sentence after its move (a phone writer's run with no
    punctuation, or after a comma) opens with a correcting marker and names, a few words on,
    another living player or «себя»: «охраняю бобра нет лучше себя …», «ворую у кузи хотя
    не у мурки лучше», «Слежу за X, хотя лучше бы за Y послежу». Without the commas the
    rules cannot tell where the correction stands; the host asks (precision first). A
    player named ``before`` the rest (in the move's own part) is no other player: «проверяю
    X... хотя нет, X простой» takes X off."""
    spoken = [k for k, t in enumerate(toks) if t.word]
    if not spoken:
        return False
    head = spoken[:_TURN_HEAD]
    at = next((k for k in head for j, m, _ in found if j == k and m in _TURNING), None)
    if at is None:
        return False
    targets = {t for m in moves for t in _targets(m)}
    for k in spoken[:_TURN_REACH + 1]:
        if k <= at:
            continue
        nick = named.get(k)
        if (nick is not None and nick in ctx.alive and nick not in targets and
                nick not in before) or (words[k] == "себя" and ctx.sender.nick not in targets):
            return True
    return False


#: Words a bare refusal or doubt may stand with («Не, не буду — совестно», «ой, не знаю»).
_BARE_WORDS = frozenset({"не", "нет", "ой", "ай", "а", "ну", "хм", "эх", "все-таки", "всё-таки",
                         "но", "однако", "только", "сейчас",  # («Хочу пострелять в X, но не буду»)
                         "пожалуй", "пока", "сегодня", "наверное", "короче", "вообще",
                         "впрочем", "честно", "говоря", "уж", "еще", "ещё", "буду", "стану",
                         "хочу", "знаю", "уверен", "уверена"})


def _bare(toks, words: list[str], found) -> bool:
    """True when the text is a bare refusal or doubt of the move right before it: a refusal
    («не буду», «не стану», «не хочу») or a doubt («не знаю», «не уверена») with no verb of
    its own, its part of the sentence (see :func:`_parts`) only words of :data:`_BARE_WORDS`
    (a reason may follow in another part: «Не, не буду — совестно»)."""
    part = _parts(toks)
    for j, m, _ in found:
        if m not in _REFUSING and m not in _PUT_OFF and \
                m not in ("не знаю", "не уверен", "не уверена"):
            continue
        if j and words[j - 1] in ("никого", "ничего", "всех"):
            continue  # («никого не знаю»: no doubt)
        nxt = next((words[k] for k in range(j + 2, len(toks)) if toks[k].word), "")
        if nxt in _CLAUSE_HEADS:
            continue  # («не знаю, как склонять», «не хочу, чтобы …»: a clause of its own)
        # (a refusal may give its reason in a part of its own, «Не, не буду — совестно»; a
        # doubt is bare only alone, «…, не знаю…», not «Не знаю, она вроде тихая»)
        if all(not t.word or words[k] in _BARE_WORDS or words[k] in MARKERS
               for k, t in enumerate(toks) if part[k] == part[j] or m not in _REFUSING):
            return True
    return False


#: Markers putting the move before them off to another time («Режу Кузю. Но не сегодня.»).
_PUT_OFF = frozenset({"не сегодня", "не сейчас"})


#: Words that open a clause after «не знаю», «не хочу» («не знаю, кого охранять»).
_CLAUSE_HEADS = frozenset({"как", "кто", "кого", "кому", "что", "чем", "куда", "где", "почему",
                           "зачем", "ли", "чтобы", "чтоб", "когда", "какой", "какая", "каких"})


def _owner(hit) -> str | None:
    """The one player a name hit names, or None."""
    return None if hit is None else hit.nick


#: Words that may stand between a correcting marker and the player it brings in («нет,
#: лучше за Y», «нет, давай к Y»).
_LEAD = frozenset({",", "—", "-", ":", "…", "а", "и", "ну", "же", "уж", "все-таки", "всё-таки",
                   "таки", "давай", "пусть", "будет", "тогда", "за", "у", "к", "ко", "в", "во",
                   "на", "по", "с", "со", "лучше", "нет", "сегодня", "ночью", "наверное",
                   "может", "пожалуй", "правильнее", "впрочем"})

#: Markers that bring a new player into a move («нет, Y», «лучше Y»).
_BRINGING = frozenset({"нет", "неа", "не-а", "лучше", "вернее", "точнее", "передумал",
                       "передумала", "передумали", "стоп", "хотя", "впрочем", "правильнее",
                       "надежнее", "разумнее"})

#: «Нет» and its spoken forms: a correction only as an answer, not «X нет» (X is gone).
_NO = frozenset({"нет", "неа", "не-а"})

#: Markers of a retraction that need no player («передумала, не шизю»).
_RETRACTING = frozenset({"передумал", "передумала", "передумали", "отмена", "отменяю", "отбой",
                         "отставить"})

#: Words before a move's target that take it off the move («а не X», «вместо X», «не X, а Y»).
_TAKING_OFF = frozenset({"не", "вместо"})

#: Words of a condition or another day: the sentence is a plan or a story, no second
#: thought about today's move («бы», a wish, holds for its part of the sentence only).
_ANOTHER_DAY = frozenset({"если", "вчера", "позавчера", "завтра", "послезавтра"})

#: Object pronouns: a player named before, not the move's own target surely.
_PRONOUNS = frozenset({"него", "неё", "нее", "его", "её", "ее", "ему", "ей", "нему", "ней",
                       "них", "им", "их", "ним", "кого-то", "кого-нибудь", "тебя", "тебе",
                       "вас", "вам", "тобой", "вами"})

#: Object words that are no player and no refusal of every player («своих не проверяю»,
#: «Петровича своего не зову»): the move word is refused for them, not for its target.
_OBJECT_WORDS = frozenset({"своих", "своего", "свою", "своей", "своим", "своему", "всех", "чужих",
                           "мирных", "ролевых", "нашего", "наших", "нашу"})

#: Words naming the sender as a move's object.
_SELF = frozenset({"себя", "себе", "собой"})

#: Words that make «может» a hedge opening a thought, not the verb of a subject (as
#: engine.parse_doubt reads it).
_HEDGE_LEAD = frozenset({"а", "и", "ну", "хотя", "хз", "или", "но", "так", "вот", "да", ",",
                         "—", "-", "(", "…"})


def _related(ctx: Ctx, toks, words: list[str], found, named: dict, exact: set,
             moves: list[Move]) -> tuple[str | None, set | None]:
    """How the sentence bears on a move the letter made, or None (see the module's doc):
    ``"refused"`` (a word of that move refused or negated with no other player as its
    object, «нет, передумала, никого сегодня не шизю»), ``"changed"`` (a word of that move
    with a correcting marker and another player, or the sender, as its object, «а не, лучше
    себя отгромлю»), ``"hedged"`` (a word of that move hedged with a player named), ``"target"``
    (the move's target taken off, «не Чехова, а Остапа»), ``"new"`` (another player, or the
    sender, brought in right after a correcting marker, «нет, лучше Y»). The marker, the move
    word and the player stand in one part of the sentence (between commas, dashes) or in
    two parts side by side. Also returns the actions of the moves it bears on (None: the
    move right before it)."""
    if not _COUNTED.isdisjoint(words):
        return None, None  # («второй голос пока никому не отдаю»: a move not made)
    part = _parts(toks)
    # (the parts of a plan, a condition, another day: «если бы», «завтра»; not «лучше бы»)
    if not _ANOTHER_DAY.isdisjoint(words):
        return None, None  # (a condition, another day: «если …», «завтра, может, X гляну»)
    planned = {part[k] for k, w in enumerate(words)
               if w in ("бы", "б") and not _rather_before(words, k)}
    all_targets = {t for m in moves for t in _targets(m)}
    selves = [k for k, w in enumerate(words) if w == "себя" and
              not (k and words[k - 1] in _NOT_SELF)]
    pronouns = [k for k, w in enumerate(words) if w in _PRONOUNS]
    # (a player after «не», «вместо» is taken off, no new object: «лечу X, а не Y»)
    off = {k for k in named if _taken_off(words, k)}
    story = _story(words, found, part)
    caps = [n for n, t in enumerate(toks) if n and t.word and t.cap and n not in named and
            words[n] not in MARKERS and not is_known_word(words[n])]
    for k, w in enumerate(words):
        act = _own_move_word(ctx, w) if toks[k].word else None
        if act is None or not any(done_action(m) == act for m in moves):
            continue
        tg = {t for m in moves if done_action(m) == act for t in _targets(m)}
        near = {part[k] - 1, part[k], part[k] + 1}
        objects = {nick for n, nick in named.items()
                   if nick is not None and n not in off and part[n] in near}
        living = {nick for nick in objects if nick in ctx.alive}
        other = bool(objects - tg) or any(part[n] in near for n in selves) and \
            ctx.sender.nick not in tg
        unknown = any(part[n] in near for n in caps)  # («Петровича своего не зову»)
        if part[k] in story or part[k] in planned:
            continue  # («Кузю уже не побить, его вчера убили»: a story told)
        pronoun = any(part[n] in near for n in pronouns) or \
            any(w2 in _OBJECT_WORDS for w2 in words[max(0, k - 3):k + 3])
        bound = [(j, m, kind) for j, m, kind in found if part[j] in (part[k] - 1, part[k])
                 or (kind == "refusal" and part[j] == part[k] + 1 and j - k <= 3)]
        kinds = {kind for _, _, kind in bound}
        if not other and not pronoun and not unknown and (_refused(words, k, bound) or
                                          any(m in _RETRACTING for _, m, _ in bound)):
            return "refused", {act}
        new = bool(living - tg) or any(part[n] in near for n in selves) and \
            ctx.sender.nick not in tg
        if new and not pronoun and not _refused(words, k, bound) and any(
                kind == "correction" and (m not in _NO or _interjection(toks, j))
                for j, m, kind in bound):
            return "changed", {act}  # (not «передумал, в Y стрелять не буду»: Y spared)
        if "hedge" in kinds and (living or new) and _hedge(words, bound):
            return "hedged", {act}
    for k, nick in named.items():
        if part[k] in story or part[k] in planned or nick not in all_targets:
            continue
        if (k in off and k in exact) or _spared(ctx, toks, words, k, moves, nick):
            return "target", {done_action(m) for m in moves if nick in _targets(m)}  # («не Чехова, а Остапа», «Чехова не трогаю»)
    for k, m, _ in found:
        if m not in _BRINGING or (m in _NO and not _interjection(toks, k)):
            continue
        j = k + 1
        while j < len(words) and j < k + 5 and (words[j] in _LEAD or not toks[j].word):
            j += 1
        if j < len(words) and part[j] not in story and part[j] not in planned and (
                (named.get(j) in ctx.alive and named[j] not in all_targets) or j in selves) \
                and _closes(ctx, toks, words, j):
            return "new", None
    return None, None


#: Words of a better choice that make «бы» after them a second thought, not a plan
#: («лучше бы», «вернее было бы»).
_RATHER = frozenset({"лучше", "вернее", "правильнее", "разумнее", "надежнее", "надёжнее"})


def _rather_before(words: list[str], k: int) -> bool:
    """True when «бы» at ``k`` follows a word of :data:`_RATHER`, «было» between at most."""
    j = k - 1
    if j >= 0 and words[j] == "было":
        j -= 1
    return j >= 0 and words[j] in _RATHER


#: Words that count which move: «второй голос пока никому не отдаю» leaves a move not made.
_COUNTED = frozenset({"второй", "второго", "второе", "второму", "другой", "другого"})

#: Prepositions before «себя» that make it no move's object («вместо себя», «для себя»).
_NOT_SELF = frozenset({"вместо", "для", "от", "у", "с", "со", "без", "про", "при", "из",
                       "кроме", "около", "возле", "перед"})

#: Tokens that end a part of a sentence.
_PART_ENDS = frozenset({",", "—", "-", "–", ";", ":", "(", ")", "…"})


def _spared(ctx: Ctx, toks, words: list[str], k: int, moves: list[Move], nick: str) -> bool:
    """True when the player ``nick`` named at ``k`` (a move's target) is followed by «не»
    and a verb of the first person («Чехова не трогаю», «Вику не валю»): the player is
    spared. Not when that verb is a word of another move than the one on him («ни Лося не
    зову» beside a vote for Лось)."""
    if not (k + 2 < len(words) and words[k + 1] == "не" and toks[k + 2].word and
            is_known_word(words[k + 2]) and _first_person(words[k + 2])):
        return False
    act = _own_move_word(ctx, words[k + 2])
    return act is None or any(done_action(m) == act and nick in _targets(m) for m in moves)


def _closes(ctx: Ctx, toks, words: list[str], j: int) -> bool:
    """True when the player named at ``j`` is all his part of the sentence says: it ends
    after him, or a marker or a move word of the sender's follows («нет, лучше Y.», «лучше
    Y проверю»), not «нет, Y не надо», «хотя Y явно пустой»."""
    n = j + 1
    while n < len(toks) and toks[n].word and toks[n].w in _LEAD:
        n += 1
    if n >= len(toks) or not toks[n].word:
        return True
    if "не" in words[n + 1:n + 3]:
        return False  # («передумал, в Y стрелять не буду»: Y spared)
    return words[n] in MARKERS or _own_move_word(ctx, words[n]) is not None or \
        first_singular(words[n])  # («нет, лучше себя посторожу»)


@functools.lru_cache(maxsize=50_000)
def _first_person(w: str) -> bool:
    """True when ``w`` is at its likeliest a finite verb of the first person (a pure function
    of the word: remembered)."""
    tag = morph().parse(w)[0].tag
    return tag.POS == "VERB" and tag.person == "1per"


def _parts(toks) -> list[int]:
    """The part of the sentence (a running number, past each comma, dash, colon or
    bracket) each token stands in."""
    out, n = [], 0
    for t in toks:
        if not t.word and t.w in _PART_ENDS:
            n += 1
        out.append(n)
    return out


def _refused(words: list[str], k: int, bound) -> bool:
    """True when the move word at ``k`` is refused: «не» right before it (not «пока не …»:
    until), a refusal marker of ``bound`` right before it or right after it («не буду
    шизить», «не стану сегодня стрелять», «стрелять не стану»), a retraction near it
    («отмена голоса»)."""
    for j, m, kind in bound:
        if m == "не+move" and j == k - 1 and not (j and words[j - 1] == "пока"):
            return True
        if m in _REFUSING and (k == j + 2 or j == k + 1 or
                               (k == j + 3 and words[j + 2] in _BETWEEN)):
            return True
        if m in _RETRACTING and abs(j - k) <= 3:
            return True
    return False


#: Words that may stand between a refusal and its move word («не буду сегодня стрелять»).
_BETWEEN = frozenset({"сегодня", "больше", "никого", "никому", "ночью", "уже", "пока", "я"})


#: Refusals bound to a move word beside them («не буду шизить», «стрелять не стану»).
_REFUSING = frozenset({"не буду", "не стану", "не хочу", "не надо", "не нужно"})


def _story(words: list[str], found, part: list[int]) -> dict[int, bool]:
    """The parts of the sentence (see :func:`_parts`) that tell a story: with a verb in the
    past tense (not a marker's own «передумала», «ошибся», nor the conditional mood after
    «лучше бы») or in the third person («полечат», «повесят»), each ``part → True``; empty
    when none."""
    marks = {j for j, _, _ in found}
    # (a past form after «лучше бы», «вернее было бы» is the conditional mood, no story:
    # «Хотя лучше бы Мурку полечил»)
    wished = {part[k] for k, w in enumerate(words) if w in ("бы", "б") and _rather_before(words, k)}
    return {part[k]: True for k, w in enumerate(words)
            if k not in marks and w not in MARKERS and w not in V.CORRECTION_WORDS and
            part[k] not in wished and _told(w)}


@functools.lru_cache(maxsize=50_000)
def _told(w: str) -> bool:
    """True when ``w`` is at its likeliest a verb in the past tense or the third person (a
    pure function of the word: remembered)."""
    if len(w) < 3 or not is_known_word(w):
        return False
    tag = morph().parse(w)[0].tag
    return tag.POS == "VERB" and ("past" in tag or tag.person == "3per")


def _interjection(toks, k: int) -> bool:
    """True when «нет» at ``k`` answers no (first in the sentence, after «ой», «а», «хотя»,
    a comma), not «X нет» (X is gone)."""
    return k == 0 or toks[k - 1].w in ("ой", "а", "хотя", "ну", "нет", ",", "…")


def _taken_off(words: list[str], k: int) -> bool:
    """True when the name at ``k`` follows «не» or «вместо» (past a preposition): «не
    Чехова», «а не за Y», «вместо X»."""
    j = k - 1
    if j >= 0 and words[j] in V.PREPOSITIONS:
        j -= 1
    return j >= 0 and words[j] in _TAKING_OFF


def _hedge(words: list[str], found) -> bool:
    """True when a hedge marker of ``found`` is a hedge: «может» opening the sentence or a
    part of it («…, может, X»), not the verb of a subject («клан может убить двоих»)."""
    for k, m, kind in found:
        if kind != "hedge":
            continue
        if m != "может" or k == 0 or words[k - 1] in _HEDGE_LEAD:
            return True
    return False


def _targets(move: Move) -> tuple[str, ...]:
    """The players a move (a boss's order: the member's move) is on."""
    return tuple(move_targets(move.move if move.action == "on_behalf" and
                              move.move is not None else move))


def _own_move_word(ctx: Ctx, w: str) -> str | None:
    """The action of a move the sender can make today that ``w`` is a word of (a move
    lexicon's word in the first person, a noun or an infinitive: not a story of another's
    move, «его не повесят», nor the past), or None."""
    cls = W.move_class(w)
    if not cls:
        return None
    kind = W.move_word(w)
    if kind not in ("move", "noun") and not (
            kind == "" and is_known_word(w) and morph().parse(w)[0].tag.POS == "INFN"):
        return None
    if _told(w):
        return None  # («меня сегодня не повесят»: another's move)
    return action_for(cls, ctx.sender, ctx.turn)


def second_thoughts(ctx: Ctx, visible: str, items: list[Item], moves: list[Move],
                    asked: list[Problem]) -> list[Problem]:
    """The problems of the second-thoughts net (see the module's doc) for the letter's own
    text ``visible`` (a letter that makes a move), given every item the rules read and the
    problems ``asked`` already."""
    return [p for p, _ in findings(ctx, visible, items, moves, asked)]
