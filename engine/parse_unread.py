"""The safety net for unread orders (engine.parse, issue 11): a sentence of the sender's own
text that names a living player beside a move word, where no rule read anything, is asked
about rather than left out.

A host who reads «Енот ночью пробирается к Остапу и выносит всё» and finds no move he knows
the form of does not drop the sentence: he asks the player what he meant. The parser does the
same for a sentence that

- names a living roster player other than the sender (any form the name finder accepts),
- near a word of a move lexicon (any person, any tense; a verb by its lemma, a noun in any
  case) or a first-person verb of action,
- from which no rule read a move or a problem,
- and is not clearly talk: a question, reported speech, a plan under «если»/«бы», a move word
  under «не», a narration of the past («вчера …», a verb in the past tense).

The problem is an ``unparsed`` one (reason ``unread``) quoting the sentence, so the reply asks
(SCENARIOS.md: the JSON shape of a problem is unchanged). The cheap first test of which
sentences may ask at all is :mod:`engine.parse_unread_cheap`.
"""

from __future__ import annotations

import bisect
import functools
import re

from .grammar_hot import letter_pieces, lowered
from .grammar_keywords import at_somebody, find_keywords
from .grammar_orders import name_sizes, remark_start, silence_remark, writes_himself
from .grammar_rules import action_for, problem
from .grammar_tokens import (_SHOUT, _TOKEN_TEXT, _WORD_FORMS, Tok, _word_form, clause_words,
                             tokenize_span)
from .legality import HUNT_EXCLUDED_BY, ROLE_MOVES
from .lexicon import lexicon
from .model import Problem
from .names import name_index
from .parse_types import Ctx, Item, done_action, one_a_turn
from .parse_contrast import contrasts
from .net_pieces import holds_word, plain_tokens
from .parse_unread_cheap import may_ask, may_ask_where, own_words, sentence_verdict, tally
from .parse_vote_net import vote_lines
from .parse_pause import (after_pause, claimed, if_branches, net_asks, plain_order, today_part,
                          unvetoed)
from . import parse_unread_words as W
from . import parse_slots as S
from .words import is_known_word, morph, person_name, role_words

#: How many tokens apart a name and a move word may stand.
_NEAR = 4

def unread(ctx: Ctx, visible: str, items: list[Item],
           wide: frozenset[str] = frozenset()) -> list[Problem]:
    """The problems of the net (see the module's doc) for the letter's own text ``visible``
    (quotes and signature blanked), given the ``items`` the rules read. ``wide``: players
    counted as living for :mod:`engine.parse_dead_net` (the dead, words on no roster); a
    move word the rules know is not left to them when such a player is named before it
    («к Барсуку загляну»: the rules read the player after the word)."""
    read = read_ranges(visible, items, hunt_is_excluded(ctx))
    mates = frozenset()
    if any(it.move is not None and it.move.action == "delegate" for it in items):
        # «Ход свой отдаю на откуп Бегемоту. Пусть решает.»: the boss named beside a
        # delegation is part of it
        mates = frozenset(n for n, p in ctx.state.players.items()
                          if ctx.sender.clan and p.clan == ctx.sender.clan)
    out: list[Problem] = []
    idx = name_index(ctx.nicks)
    spans = sentence_spans(visible)
    own = own_words(ctx)
    lower = lowered(visible)
    # (a night move read anywhere accounts for a move word the rules know on its player:
    # «бью сычуань / сорян автозамена. бью СЫЧА» reads the beat from the correction)
    anywhere = mates.union(*(on for _, _, on, vote in read if not vote))
    for n in may_ask_where(ctx, visible, lower, spans, own, idx):
        lo, hi = spans[n]
        if overlaps(read, lo, hi):
            # (read by a rule: the cheaper test first; a clause of its own before or after
            # the read part, set off by a comma, is looked at alone: «подкармливаю Тыкву,
            # линч Лопух» — the vote read, the heal in the sender's own verb not)
            parts = free_parts(visible, read, lo, hi)
            if not parts:
                continue
        else:
            parts = [(lo, hi)]
        out.extend(_asked_parts(ctx, visible, lower, spans, n, parts, read, items, own, idx,
                                mates, anywhere, wide))
    if wide:  # («Бармалей — мой» from the maniac of a dead player: his kill of last night)
        return out + after_pause(ctx, visible, spans, read, out)
    out.extend(_open_moves(ctx, visible, lower, spans, read, items, out))
    out.extend(vote_lines(ctx, visible, spans, read, out))
    out.extend(after_pause(ctx, visible, spans, read, out))
    out.extend(claimed(ctx, visible, spans, read))
    out.extend(if_branches(ctx, visible, spans, read, out))
    out.extend(contrasts(ctx, visible, lower, spans, read, out))
    return out


#: A comma or a semicolon between clauses of one sentence.
_CLAUSE_CUT = re.compile(r"[,;]\s")


def free_parts(visible: str, read, lo: int, hi: int) -> list[tuple[int, int]]:
    """The clauses of the sentence ``lo``…``hi`` (cut at «, » and «; ») that no part ``read``
    (:func:`read_ranges`) overlaps, when the parts read in it are votes only; each with a
    letter in it. «подкармливаю Тыкву, линч Лопух» → «подкармливаю Тыкву»; none beside a
    night move read («За Лёху сам хожу, он уехал: охраняет Кочегара»: its order's header)."""
    if any(a < hi and lo < b and not vote for a, b, _, vote in read):
        return []  # (a night move read in it: «За Лёху сам хожу, … охраняет X» is its order)
    cuts = [m.start() for m in _CLAUSE_CUT.finditer(visible, lo, hi)]
    if not cuts:
        return []
    bounds = [lo] + [c + 1 for c in cuts] + [hi]
    clauses = [(a, b - 1 if b != hi else b) for a, b in zip(bounds, bounds[1:])]
    if any(_CONTRAST_OPEN.match(visible, a) for a, _ in clauses[1:]):
        # «Палю Паяца с первого дня, но голос сегодня Ромео», «Трачу время на Окуня, а голос
        # — Сазан»: a clause set against the vote is what the writer does not do today
        return []
    out = []
    for a, b in clauses:  # (the comma itself belongs to no clause)
        if not overlaps(read, a, b) and _order_shaped(visible[a:b]):
            out.append((a, b))
    return out


#: A clause opened by a word of contrast or concession («, но …», «, а …», «, хотя …»).
_CONTRAST_OPEN = re.compile(r"\s*(?:но|а|зато|хотя|однако|только|ведь|потому|так как|если|"
                            r"пока|раз|чтобы|как|что|когда)\b", re.IGNORECASE)

#: A word of a clause (letters, a hyphen or an apostrophe inside).
_CLAUSE_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def _order_shaped(clause: str) -> bool:
    """Whether a comma clause beside a read vote has an order's shape: two to four words, the
    first a first-person singular present verb («подкармливаю Тыкву», «прикармливаю Буку»;
    not «Буку жалко», not «он достал»)."""
    words = _CLAUSE_WORD.findall(clause)
    if not 2 <= len(words) <= 4:
        return False
    first = words[0].lower()
    return first.endswith(("ю", "у")) and len(first) >= 4 and first not in _NOT_VERBS


#: Words of a clause's start ending like a first-person verb that are no verb.
_NOT_VERBS = frozenset({"сегодня", "потому", "почему", "всему", "кому", "никому", "тому",
                        "этому", "своему", "моему", "твоему", "нашему", "вашему", "одному",
                        "другому", "каждому", "свою", "твою", "нашу", "вашу", "одну",
                        "другую", "какую", "такую", "ничью", "сразу"})


def _asked_parts(ctx: Ctx, visible: str, lower: str, spans, n: int, parts, read, items, own,
                 idx, mates, anywhere, wide) -> list[Problem]:
    """The net's problems for the parts ``parts`` (offsets) of sentence ``n`` of ``spans``
    (the whole sentence, or its clauses no rule read: :func:`free_parts`)."""
    out: list[Problem] = []
    for lo, hi in parts:
        verdict = sentence_verdict(ctx, visible[lo:hi], lower[lo:hi], own)
        if verdict is not True:
            # «Зову Джека — Jack_R, если по нику» (no part without a word of talk)
            part = unvetoed(visible, lower, lo, hi) if verdict is None else None
            if part is None or not may_ask(ctx, visible[part[0]:part[1]],
                                            lower[part[0]:part[1]], own):
                continue
            lo, hi = part
            # (today's part after the past, «Вчера был у Кэт, сегодня работаю по Кедру», is a
            # sentence of its own: any first-person verb of it counts, as in a whole one)
            whole = today_part(lower, lo, hi)
        else:
            whole = True
        plain = plain_tokens(idx, visible, lo, hi)
        if plain is not None and _no_move_word(ctx, plain, {}):
            continue  # (the same answer from the pieces' tokens: the letter's not made;
            # asked first, as every test here only leaves a sentence: most leave here)
        near_lo = spans[n - 1][0] if n else lo
        near_hi = spans[n + 1][1] if n + 1 < len(spans) else hi
        if any(lo <= m < near_hi for m in ctx.marks):
            continue  # «… идёт к Еноту… Ладно, шучу»: taken back in the next sentence
        # «Кузя сегодня прячется у Лося. Ночью вылезет и бьёт его.»: a player a move of the
        # sentence before or after is on is accounted for
        skip = mates.union(*(on for a, b, on, _ in read if a < near_hi and near_lo < b))
        # (a vote on X does not account for a move word of the lexicon on X beside it:
        # «Сегодня иду к Лисе… Голос — Лиса» — any verb of the sender's is still accounted)
        night = mates.union(*(on for a, b, on, vote in read
                              if a < near_hi and near_lo < b and not vote))
        sentence = visible[lo:hi].strip()
        toks = idx.merge(tokenize_span(visible, lo, hi))
        hits: dict = {}  # (the names of these tokens, for both questions)
        if _no_move_word(ctx, toks, hits) or not net_asks(
                ctx, toks, skip, night, frozenset(), hits,
                whole and (not wide or _wide_visited(ctx, toks, wide))):
            continue  # (for the wide net a word of a move lexicon only, or a visit «к X»:
            # «скорблю о X» is talk)
        # (a part left by a word of talk was left by the rules for that word: asked)
        kws = find_keywords(toks, set(), idx)
        known = {k for kw in kws for k in range(kw.i, kw.j)}
        # (a word of a move lexicon the sender can use today, on a night move, that the rules
        # left with no move and no problem, is the net's: «Обношу нашего толстосума Кедра»)
        night_known = {k for kw in kws if not plain_order(ctx, kw) for k in range(kw.i, kw.j)}
        # (a move word the rules know and left unread is left to them: «голосую против
        # линча X», «иду к X поболтать»; other verbs of the sentence are the net's)
        if not known or not whole or net_asks(ctx, toks, skip, night, known, hits, whole) or \
                (night_known != known and
                 _asks(ctx, toks, anywhere, night_known, hits, strict=True)) or \
                (wide and _wide_before(ctx, toks, wide, min(known))):
            if not _made_later(ctx, visible, hi, toks, kws, items):
                out.append(problem(sentence.rstrip(".!…"), "unparsed", "unread"))
    return out


def overlaps(read, lo: int, hi: int) -> bool:
    """True when one of the parts ``read`` (:func:`read_ranges`) overlaps ``[lo, hi)``: as
    ``any(a < hi and lo < b for a, b, _, _ in read)``, with no generator made per sentence."""
    for a, b, _, _ in read:
        if a < hi and lo < b:
            return True
    return False


def _no_move_word(ctx: Ctx, toks: list[Tok], hits: dict) -> bool:
    """True when :func:`_asks` surely asks nothing of the sentence ``toks``, whatever players
    it names and leaves out: a word of it is talk (:func:`_talk_said`: :func:`_facts` is
    False), or no word of it is a word of a move lexicon (:func:`W.move_word`) but right
    after «не» (where :func:`_asks` stops), none is «мной»/«мною» (a passive of the
    sender's), and the sender is no story's subject but by «я» (a verb of his story counts
    only after his name or role word). «Я не исключаю, что X просто новичок», «С X я
    согласен»: the net leaves them with no look-up of their names. ``hits``: as for
    :func:`_asks` (filled)."""
    words = clause_words(toks)
    if _talk_said(words):
        return True
    if not W.BY_ME.isdisjoint(words) or any(
            t.word and (W.move_word(w) or not k and (W.first_read_second(w) or W.unknown_first(w))) and
            not (k and words[k - 1] == "не") for k, (t, w) in enumerate(zip(toks, words))):
        return False
    story = _sender_subject(ctx, toks, words, hits)
    return story is None or words[story] == "я"


def _talk_test(idx, address: bool) -> tuple[str, object]:
    """The name and the test of :func:`holds_word` for :func:`_talk_anyway`: a word of talk
    wherever it stands (:func:`S.talk_word`) that is one letter long or that
    :func:`player_at` reads as nobody (a word no multi-word nick starts with, no number:
    its answer is the word's and its capital's alone)."""

    def test(w: str, cap: bool) -> bool:
        return S.talk_word(w, address) and (
            len(w) < 2 or player_at(idx, [Tok(w, w, 0, len(w), True, cap)], [w], 0) is None)

    return ("talk_anyway" if address else "talk_anyway_boss"), test


def _wide_visited(ctx: Ctx, toks: list[Tok], wide: frozenset[str]) -> bool:
    """True when a player of ``wide`` is named in ``toks`` right after «к» or «у» (a visit:
    «Пробираюсь ночью в погреб к X»)."""
    idx = name_index(ctx.nicks)
    words = clause_words(toks)
    return any(toks[k].word and words[k - 1] in ("к", "ко", "у") and
               (hit := player_at(idx, toks, words, k)) is not None and hit.nick in wide
               for k in range(1, len(toks)))


def _wide_before(ctx: Ctx, toks: list[Tok], wide: frozenset[str], first: int) -> bool:
    """True when a player of ``wide`` is named in ``toks`` before token ``first``."""
    idx = name_index(ctx.nicks)
    words = clause_words(toks)
    for k in range(min(first, len(toks))):
        if toks[k].word and len(toks[k].w) > 1 and \
                (hit := player_at(idx, toks, words, k)) is not None and hit.nick in wide:
            return True
    return False


def _made_later(ctx: Ctx, visible: str, hi: int, toks: list[Tok], kws, items: list[Item]
                ) -> bool:
    """True when the moves the letter makes plainly AFTER the sentence ending at ``hi``
    account for it (the writer's last word is the move; the sentence before it a draft):

    - its move words (rules' keywords, lexicon words of a known move) all mean moves made once
      a turn that a later move makes («Приглашаю Мира… ой, его ж вчера звала. Тогда Лося
      зову»: the invitation is Лось's);
    - else, with only first-person verbs of no known move («прилетаю к X и…»), every player
      it names is the target of a role move made later («… режу. Маньячу X»); not a hunt or
      a vote beside it, not from a boss (his check and kill may share a target).

    ``items``: what the rules read; the letter's final moves come with offset -1."""
    later = []
    for it in items:
        m = it.move
        if it.pos != -1 or m is None or not m.span:
            continue
        at = visible.find(m.span.strip(), hi)
        if at >= 0:
            later.append(m)
    if not later:
        return False
    words = clause_words(toks)
    acts: set[str] = set()
    vague = False
    for kw in kws:
        act = action_for(kw.cls, ctx.sender, ctx.turn)
        if act is not None:
            acts.add(act)
    known = {k for kw in kws for k in range(kw.i, kw.j)}
    for k, w in enumerate(words):
        if k in known or not toks[k].word:
            continue
        kind = W.move_word(w)
        cls = W.move_class(w) if kind else ""
        if cls == "VOTE" and k + 1 < len(words) and at_somebody(w, words[k + 1]):
            continue  # («сливаю у Кузи»: no vote, so a later vote does not account for it)
        if cls:
            act = action_for(cls, ctx.sender, ctx.turn)
            if act is not None:
                acts.add(act)
        elif kind == "first":
            vague = True
    done = {done_action(m) for m in later}
    if acts:
        return all(one_a_turn(ctx, a) and a in done for a in acts)
    if not vague or ctx.sender.role == "boss":
        return False  # (a boss's «навещаем X» before «Убиваем X» may be his check)
    on = set()
    for m in later:
        if m.action in ("vote", "hunt"):
            continue  # (the verb may be the role move a hunt beside it leaves unsaid)
        on.update(filter(None, (m.target, *m.targets)))
    idx = name_index(ctx.nicks)
    named = []
    for k in _names(ctx, toks, words):
        hit = player_at(idx, toks, words, k)
        named.append(hit.nick if hit is not None else None)
    return bool(named) and all(n is not None and n in on for n in named)


def _open_moves(ctx: Ctx, visible: str, lower: str, spans: list[tuple[int, int]], read,
                items: list[Item], asked: list[Problem]) -> list[Problem]:
    """The open-move net (:mod:`engine.parse_slots`): a sentence no rule read and the net
    above did not ask about, naming a living player with a sign of a move the sender has
    not made in the letter, is asked about."""
    slots = None
    out: list[Problem] = []
    idx = name_index(ctx.nicks)
    quoted = {p.text for p in asked}
    showing = None
    if len(spans) > _FEW:
        slots = S.open_slots(ctx, items)
        if not slots:
            return out  # (as below: no open move, nothing to ask)
        voted = frozenset().union(*(on for _, _, on, vote in read if vote))
        moved = frozenset().union(*(on for _, _, on, vote in read if not vote))
        showing = _may_show_where(ctx, visible, lower, spans, slots)
    for n, (lo, hi) in enumerate(spans):
        if showing is not None and n not in showing:
            continue  # (no sign of any move: the cheap test, for the whole letter at once)
        if overlaps(read, lo, hi):
            continue
        sentence = visible[lo:hi].strip()
        if sentence.endswith("?") or _QUOTE_OR_Q.search(sentence) or tally(sentence):
            continue  # (a question, a quote, a tally of the thread's votes)
        pieces = _WORD_RE.findall(lower, lo, hi)  # (no look-around: as in the slice)
        if not _CAPITAL_AFTER.search(sentence) and idx.trigger_forms().isdisjoint(pieces):
            continue  # (names nobody: no capitalised word, no nick form)
        if slots is None:
            slots = S.open_slots(ctx, items)
            if not slots:
                return out
            # (the players a move of the letter is on: «Итого: X» after a vote for X)
            voted = frozenset().union(*(on for _, _, on, vote in read if vote))
            moved = frozenset().union(*(on for _, _, on, vote in read if not vote))
        if not S.may_show(ctx, sentence, pieces, slots):
            continue  # (no sign of an open move: the cheap test before the tokens)
        if _nobody(idx, visible, lo, hi):
            continue  # («Привет всем!», «Я пропустил.»: no name, no tokens made)
        if ctx.sender.role == "boss" and _IF_HINT.search(lower, lo, hi):
            hi = _before_silence(idx, visible, lo, hi)  # «Света, держишь меня, если сама
            # не напишет»: the condition restates the rule of the boss's order, no talk
        if (m := _VOTE_OPENING.match(lower, lo, hi)) is not None:
            # «голос X — слишком правильный, так не бывает»: a vote line's own words end at
            # its first comma; the talk after it is the writer's comment on the vote, no
            # talk that makes the line none (it was left with no word to the player)
            comma = lower.find(",", m.end(), hi)
            if comma > 0:
                hi = comma
                sentence = visible[lo:hi].strip()
        if holds_word(idx, visible, lo, hi, *_talk_test(idx, ctx.sender.role != "boss")):
            continue  # (:func:`_talk_anyway` surely true, told from the pieces: no tokens)
        toks = idx.merge(tokenize_span(visible, lo, hi))
        words = clause_words(toks)
        if _talk_anyway(idx, toks, words, ctx.sender.role != "boss"):
            continue  # (a word of talk that names nobody: :func:`S.talk` whatever it names)
        names = {n: on for n in _names(ctx, toks, words)
                 if (on := _used(idx, toks, words, n, ctx, voted, moved)) is not None}
        if not names or S.talk(words, names, ctx.sender.role != "boss"):
            continue
        if not S.asks(ctx, toks, words, names, slots):
            continue
        text = sentence.rstrip(".!…")
        if text not in quoted:
            out.append(problem(text, "unparsed", "unread"))
    return out


#: A sentence opening with a vote word and a word after it («голос X», «линч X …»; lower case).
_VOTE_OPENING = re.compile(r"\s*(?:голос|линч)\s+\w")

#: «если», «ежели», «коли» in a sentence (lower case): a condition may end it.
_IF_HINT = re.compile(r"(?<!\w)(?:если|ежели|коли)(?!\w)")


_CLOSE = Tok(",", ",", 0, 0, False)  # closes a remark that runs to the end of the sentence


def _before_silence(idx, visible: str, lo: int, hi: int) -> int:
    """The end of the sentence ``visible[lo:hi]`` before a remark closing it that the member
    the boss orders sends no move himself («…, если сама не напишет», «…, ежели забудет»):
    that remark only restates when a boss's order counts (DECISIONS.md §4 Boss (c)), so the
    order before it is read as if it stood alone. ``hi`` when there is no such remark."""
    toks = idx.merge(tokenize_span(visible, lo, hi))
    while toks and not toks[-1].word:
        toks.pop()  # (the sentence's end mark)
    names = name_sizes(idx, toks)
    cut = remark_start(toks, 1, len(toks), names)
    if cut >= len(toks) or not any(t.word for t in toks[:cut]) or \
            writes_himself(toks, cut + 1) or \
            silence_remark(toks + [_CLOSE], cut + 1, names) != len(toks) + 1:
        return hi  # (a remark in the middle, or «если сам пришлёшь ход — …»: not this one)
    return toks[cut].start


def _talk_anyway(idx, toks: list[Tok], words: list[str], address: bool) -> bool:
    """True when a word of the sentence ``toks`` that :func:`_names` surely does not take for
    a player (no word, a word of one letter, or one :func:`player_at` reads as nobody) is a
    word of talk wherever it stands (:func:`S.talk_word`): the open-move net leaves the
    sentence whatever players it names (no name: nothing to ask; names: :func:`S.talk`
    finds that word among the words that are none of them), so their look-up is spared."""
    for k, w in enumerate(words):
        if S.talk_word(w, address):
            t = toks[k]
            if not t.word or len(t.w) < 2 or player_at(idx, toks, words, k) is None:
                return True
    return False


#: A letter of this many sentences or fewer has each tried (:func:`_may_show_where`).
_FEW = 6


def _may_show_where(ctx: Ctx, visible: str, lower: str, spans: list[tuple[int, int]],
                    slots: frozenset[str]) -> set[int] | None:
    """The indices of the sentences ``spans`` that :func:`S.may_show` may pass with the open
    ``slots``, or None when each is to be tried: for a sender who is no boss and no clan
    member, the sentences of four words or fewer, those with a heading mark, and those
    holding a piece of the letter (cut at whitespace, as :func:`letter_pieces`) with a word
    that is a sign of an open move (:func:`S.shows`); every other sentence fails the test
    surely (issue 11: a sentence with no move word costs almost nothing). The pieces known
    to hold no word that is a sign of any move are dropped by one set difference; a
    sentence's words are the words of its pieces (a sentence ends at whitespace, ``lower``
    is ``visible`` lowered letter by letter)."""
    if not S.plain_words_only(ctx.sender) or len(lower) != len(visible):
        return None
    out: set[int] = set()
    starts = [lo for lo, _ in spans]
    # (the three kinds of sentence in, each looked for only among those not in yet: the
    # pieces with a sign first, then the heading marks, then the words counted)
    signs = [p for p in _sign_pieces(letter_pieces(visible)) if _shows_piece(p, slots)]
    if signs:
        size = len(visible)
        for piece in signs:
            at = visible.find(piece)
            while at >= 0:  # (the piece itself: whitespace or an end on both sides)
                end = at + len(piece)
                if (at == 0 or visible[at - 1].isspace()) and \
                        (end == size or visible[end].isspace()):
                    n = bisect.bisect_right(starts, at) - 1
                    if n >= 0 and at < spans[n][1]:
                        out.add(n)
                at = visible.find(piece, end)
    for mark in _HEADING_CHARS:  # (the few sentences holding a mark of a heading: found by
        at = visible.find(mark)  # C-level searches of the letter, each tested as before)
        while at >= 0:
            n = bisect.bisect_right(starts, at) - 1
            if n >= 0 and n not in out and at < spans[n][1] and \
                    S.heading_mark(visible[slice(*spans[n])]):
                out.add(n)
            at = visible.find(mark, at + 1)
    five, five_at = _FIVE_WORDS.search, _FIVE_WORDS.match
    for n, (lo, hi) in enumerate(spans):
        if n in out:
            continue
        # (a sentence opening with a word: tried there alone — the first word of five opens
        # the first match if any, and a sentence of four words or fewer is then not tried
        # again at each of its characters; ``\w`` is ``str.isalnum`` or «_»)
        c = lower[lo] if lo < hi else ""
        if (five_at if c.isalnum() or c == "_" else five)(lower, lo, hi) is None:
            out.add(n)
    return out


#: Five words or more as :data:`_WORD_RE` finds them (each word as long as it goes, as
#: ``findall`` takes it: a search finds five exactly when ``findall`` finds five or more).
_FIVE_WORDS = re.compile(r"\w[\w'-]*+(?:\W+\w[\w'-]*+){4}")


#: The marks :func:`S.heading_mark` looks for first.
_HEADING_CHARS = ("—", ":", "→", " - ")


def _sign_pieces(pieces: set[str]) -> list[str]:
    """The pieces of a letter (cut at whitespace) holding a word that may be a sign of a
    move (:func:`S.no_sign` false); a piece with none is remembered (:data:`_NO_SIGN_PIECES`),
    and so is a piece with one (:data:`_SIGN_PIECES`)."""
    out = []
    for piece in pieces.difference(_NO_SIGN_PIECES):
        if piece in _SIGN_PIECES:
            out.append(piece)
        elif all(map(S.no_sign, _WORD_RE.findall(piece.lower().replace("ё", "е")))):
            if len(_NO_SIGN_PIECES) > 200_000:
                _NO_SIGN_PIECES.clear()
            _NO_SIGN_PIECES.add(piece)
        else:
            if len(_SIGN_PIECES) > 200_000:
                _SIGN_PIECES.clear()
            _SIGN_PIECES.add(piece)
            out.append(piece)
    return out


#: Pieces of text holding a word that may be a sign of a move (:func:`_sign_pieces`), and
#: (piece, open slots) → whether the piece shows one of them (:func:`S.shows` of its words):
#: pure functions of their keys, remembered (emptied past 200,000).
_SIGN_PIECES: set[str] = set()
_SHOWS: dict[tuple[str, frozenset], bool] = {}


def _shows_piece(piece: str, slots: frozenset[str]) -> bool:
    """:func:`S.shows` of the words of ``piece`` (lower case, «е» for «ё»), remembered."""
    key = (piece, slots)
    hit = _SHOWS.get(key)
    if hit is None:
        if len(_SHOWS) > 200_000:
            _SHOWS.clear()
        hit = _SHOWS[key] = S.shows(_WORD_RE.findall(piece.lower().replace("ё", "е")), slots)
    return hit


#: Pieces of text (cut at whitespace, as written) none of whose words is a sign of a move
#: (:func:`S.no_sign`): a pure function of the piece, remembered (emptied past 200,000).
_NO_SIGN_PIECES: set[str] = set()


def _nobody(idx, visible: str, lo: int, hi: int) -> bool:
    """True when the sentence ``visible[lo:hi]`` surely names nobody :func:`_names` finds:
    the tokens :func:`tokenize_span` cuts it into (their text found by the same pattern, its
    words read by the same :func:`_word_form`) hold no word a multi-word nick may be joined
    from (:meth:`NameIndex.merge` leaves them as they are: none of the words it starts or
    ends a join at, no initials: no word of one letter with a dot as the next token) and
    no word :func:`player_at` reads as a player. False
    when unsure (a line in capitals, a roster of names with patronymics spelt)."""
    if idx.spelled or _SHOUT.search(visible, lo, hi):
        return False
    memo = idx._quiet_memo
    letter = initial = False
    for raw in _TOKEN_TEXT.findall(visible, lo, hi):
        kind = memo.get(raw)
        if kind is None:
            if len(memo) > 50_000:
                memo.clear()
            kind = memo[raw] = _quiet_kind(idx, raw)
        if kind is _LOUD:
            return False
        if letter and kind is _DOT:
            initial = True
        letter = kind is _ONE_LETTER
    # («Т.П.»: initials may be joined; the merge joins a word of one letter only when the
    # very next token is a dot, so «Я пропустил.» names nobody)
    return not (initial and idx.initials)


#: What :func:`_quiet_kind` makes of a token: it may name somebody or start a join; a word
#: of one letter (an initial with a dot); a dot; anything else.
_LOUD, _ONE_LETTER, _DOT, _QUIET = "loud", "letter", "dot", "quiet"


def _quiet_kind(idx, raw: str) -> str:
    """What a token written ``raw`` is to :func:`_nobody` (as :func:`tokenize_span` reads it:
    a word when remembered as one or opening with a letter, a digit or «_»)."""
    form = _WORD_FORMS.get(raw)
    if form is None and (raw[0].isalnum() or raw[0] == "_"):
        form = _word_form(raw)
    if form is None:
        return _DOT if raw == "." else _QUIET
    w, cap = form
    if "_" in w or w[:1].isdigit() or w[:1] == "\x00" or w in idx.multi_first or \
            w in idx.multi_last or w in idx.heads or w in idx.initials:
        return _LOUD
    if len(w) < 2:
        return _ONE_LETTER
    if idx.exact([w], 0, None) is not None:
        return _LOUD
    if (cap or not is_known_word(w)) and w.isalpha():
        hit = idx.approximate(w)
        if hit is not None and hit.kind != "fuzzy":
            return _LOUD
    return _QUIET


def _used(idx, toks: list[Tok], words: list[str], k: int, ctx: Ctx, voted, moved
          ) -> str | None:
    """What a move of the letter makes of the name at token ``k``: None when it may be the
    sender («Дед» of «Дед Мазай» signing his letter), ``"night"`` when a move other than a
    vote is on the player, ``"vote"`` when a vote is, else ``""``."""
    hit = player_at(idx, toks, words, k)
    owners = (hit.nick,) if hit.nick else hit.candidates
    if ctx.sender.nick in owners:
        return None
    if any(o in moved for o in owners):
        return "night"
    return "vote" if any(o in voted for o in owners) else ""


_CAPITAL_AFTER = re.compile(r"(?:^|[\s,(—-])[А-ЯЁA-Z]")
_WORD_RE = re.compile(r"\w[\w'-]*")

#: A question mark or a quotation mark: a sentence holding one asks or quotes somebody.
_QUOTE_OR_Q = re.compile("[?«»\"“”„]")


#: The end of a sentence: «.», «!», «?», «…» before a space, or a line break (not
#: «Mr.Hyde», «Ю.Гагарин»: a dot inside a nick); the spaces (group 1) or the line break
#: lie between two sentences. (One set of every first character, so the search skips along
#: at C speed — ``re`` skips so only for a pattern opening with one set or one letter, not
#: for branches opening with sets; the look-behinds after it tell which branch it opens.)
_END = re.compile(r"[\n.!?…\u2600-\u27bf\u2b50\ufe0f\U0001f300-\U0001faff;:)]"
                  r"(?:(?<=\n)|(?<=[.!?…])([ \t]+)"
                  # a picture or a smiley closes a chat sentence when a capital or a vote
                  # word opens the next: «жду на чай Радара ☕ Голосую за Штурмана», «посидим у
                  # меня ;) линч борт» (not «Кидаю Лося )) а, нельзя же дважды»: the words
                  # after it may take it back; the spaces (group 2) are where it ends)
                  r"|(?:(?<=[\u2600-\u27bf\u2b50\ufe0f\U0001f300-\U0001faff])"
                  r"|(?<=[;:])(?:\)|-\)|D)|(?<=\))\))"
                  r"([ \t]+)(?=[A-ZА-ЯЁ]|(?:голос|линч)(?!\w)))")
_LETTER = re.compile(r"\w")


@functools.lru_cache(maxsize=8)
def sentence_spans(visible: str) -> tuple[tuple[int, int], ...]:
    """The letter cut into sentences (offsets), each with some letter or digit in it.
    (Remembered: the nets of a letter and :func:`engine.parse_doubt.hedged_musings` cut the
    same text.)"""
    out: list[tuple[int, int]] = []
    lo = 0
    search = _LETTER.search
    for m in _END.finditer(visible):
        at, end = m.span()  # (a line break is the match; after a mark, the spaces are)
        if m.group(2) is not None:
            at = m.start(2)  # (after a picture or a smiley: where its spaces begin)
        elif visible[at] != "\n":
            at += 1
        if at > lo and (visible[lo].isalnum() or search(visible, lo, at)):
            out.append((lo, at))  # (a sentence opens with a letter mostly: no search)
        lo = end
    if search(visible, lo):
        out.append((lo, len(visible)))
    return tuple(out)


def hunt_is_excluded(ctx: Ctx) -> bool:
    """True when the sender has a role move that excludes a hunt (DECISIONS.md §4: the
    detective's or the fan's earned check, healing, inviting, beating, swindling, the maniac's
    kill)."""
    moves = set(ROLE_MOVES.get(ctx.sender.role, ()))
    if ctx.sender.role == "fan" and ctx.sender.fan_check_left:
        moves.add("check")
    return not moves.isdisjoint(HUNT_EXCLUDED_BY)


def read_ranges(visible: str, items: list[Item], hunt_excluded: bool = False
                 ) -> list[tuple[int, int, frozenset[str], bool]]:
    """The parts of the letter a rule read something from, each with the players its move
    is on and whether the move is a vote: each item's offset, and every place its move's or problem's words are written
    at. With ``hunt_excluded`` (the sender has a role move that excludes a hunt) a hunt is
    on nobody for the sentences beside it: «Трачу её на Кузю. И МО тоже в Кузю» from the fan
    with her check may be the check the hunt excludes, asked, never left to the hunt."""
    out: list[tuple[int, int, frozenset[str], bool]] = []
    for it in items:
        texts: set[str] = set()
        targets: set[str] = set()
        for found in (it, it.also):
            if found is None:
                continue
            if found.problem is not None:
                texts.add(found.problem.text)
            move = found.move
            while move is not None:
                texts.add(move.span)
                if move.branches:  # (most moves have none: no generator made)
                    texts.update(b.span for _, b in move.branches)
                targets.update(filter(None, (move.target, *move.targets)))
                move = move.move
        on = frozenset() if hunt_excluded and it.move is not None and \
            it.move.action == "hunt" else frozenset(targets)
        vote = it.move is not None and it.move.action == "vote"
        if it.pos >= 0:
            out.append((it.pos, it.pos + 1, on, vote))
        for text in texts:
            text = text.strip()
            # (a move read from two places of the letter has its spans joined by « / »: «ищу
            # доктора / Первый кандидат — X»; each place is read)
            pieces = (text,) if " / " not in text or visible.find(text) >= 0 else \
                tuple(p.strip() for p in text.split(" / "))
            for t in pieces:
                at = visible.find(t) if t else -1
                while at >= 0:
                    out.append((at, at + len(t), on, vote))
                    at = visible.find(t, at + 1)
    return out


def _asks(ctx: Ctx, toks: list[Tok], mates: frozenset[str] = frozenset(),
          known: set[int] = frozenset(), hits: dict | None = None,
          strict: bool = False) -> bool:
    """True when the tokens of one sentence name a living player near a move word with no
    sign of talk (see the module's doc). ``hits``: :func:`player_at`'s answers for these
    tokens so far (filled here, with the sentence's :func:`_facts` and its names per
    ``mates``; pass the same dict to ask again of the same tokens).
    ``strict``: only a word of a move lexicon counts, not any first-person verb of action
    nor a verb of the sender's story («Ставлю на Zorro» is no move word)."""
    hits = {} if hits is None else hits
    facts = hits.get(_FACTS)  # (the same sentence asked again: its words and story as found)
    if facts is None:
        facts = hits[_FACTS] = _facts(ctx, toks, hits)
    if facts is False:
        return False
    words, story = facts
    names = hits.get(mates)
    if names is None:
        names = hits[mates] = [n for n in _names(ctx, toks, words, mates, hits) if n != story]
    if not names:
        return False
    lex = lexicon()
    # («Мною проверяется X», «Охраняемым мной будет X»: the sender's move in the passive)
    by_me = not W.BY_ME.isdisjoint(words) and not any(W.past(w) for w in words)
    for k, w in enumerate(words):
        if not toks[k].word or k in names or k in known:
            continue  # («Грею»: the name, not «греть»; a keyword the rules read)
        if w in W.OTHERS and (story is None or story < k):
            return False  # «пусть кто-нибудь проверит X», «посмотрим, кого он …»
        kind = W.move_word(w)
        cls = W.move_class(w) if kind else ""
        if not kind and by_me and (cls := W.passive_class(w)):
            kind = "move"
        if cls and action_for(cls, ctx.sender, ctx.turn) is None:
            continue  # «смотрю на X» from a player who watches nobody: talk
        if kind and k and words[k - 1] == "не":
            return False
        if strict and kind == "first":
            continue
        if not kind and k == 0 and k + 1 in names and (W.first_read_second(w) or
                                                       W.unknown_first(w)):
            kind = "first"  # «Душу Киру», «Кошу Ворону»: the verb's reading, before the name
            # («Шкерю Боцмана»: a verb no dictionary knows, guessed in the first person)
        if kind == "" and not strict and story is not None and story < k and \
                words[story] != "я" and not _subject_between(ctx, words, story, k, ()):
            kind = W.story_verb(w)  # «Енот ночью пробирается к X»: any verb of the sender
            # (not one of another subject's: «Буся (которую все путают с Масей)»)
            if kind and words[k - 1] == "не":
                continue  # «Держак в руке не дрогнет, электрод …»: a verb under «не» tells
                # what the sender does not do, no move (as a move word under «не», above)
        if not kind:
            continue
        if kind in ("past", "third"):
            if story is None or story > k or _subject_between(ctx, words, story, k, names):
                if kind == "past":
                    return False  # a narration of the past («Лось вчера проверял X»)
                continue  # «Лось защищает Кузю», «доктор лечит X»: another's move, talk
        if k + 1 < len(words) and words[k + 1] in lex.not_before.get(cls, ()):
            continue  # «смотрю на …»: no move
        if kind == "noun":
            if any(_noun_names(words, k, n) for n in names):
                return True
        elif any(_object(words, k, n, kind, story, cls == "INVITE") and
                 not _own_thing(words, k, n, names) for n in names):
            return True
    return False


#: The key of :func:`_facts`' answer in the ``hits`` of a sentence (no token index).
_FACTS = "facts"


def _facts(ctx: Ctx, toks: list[Tok], hits: dict) -> tuple[list[str], int | None] | bool:
    """What :func:`_asks` finds of a sentence whatever players it leaves out: False when a
    word of it is talk (a plan, a condition, the past, words to somebody, the sender's own
    past, a verb of saying); else its words and the index of the sender as its subject
    (:func:`_sender_subject`, or None)."""
    words = clause_words(toks)
    if _talk_said(words):
        return False  # a plan, a condition, the past, words to somebody («Ёжик, не трать …»)
    story = _sender_subject(ctx, toks, words, hits)
    if story is not None and words[story] == "я" and any(W.past(w) for w in words):
        return False  # «я лечила Алексея», «я заметил, что …»: the sender tells the past
    if any(W.speech(w) and not _aside(words, k) for k, w in enumerate(words)):
        return False  # «Убийство — решает Ежевика», «… говорят, точит нож на X»
        # (not «Енот пробирается к X — там, говорят, бинокль»: a remark after the move)
    return words, story


def _talk_said(words: list[str], plan: frozenset[str] = W.NOT_ORDER) -> bool:
    """True when a word of ``words`` tells a plan or a condition (a word of ``plan``), the
    forum, the past («вчерашн…») or speaks to somebody: the sentence is talk for
    :func:`_facts` (and, with its own plan words, for the quiet net)."""
    # (the two sets first, each one C-level pass: the tests are pure, so their order does not
    # change the answer)
    return not plan.isdisjoint(words) or not W.FORUM.isdisjoint(words) or \
        any(w.startswith("вчерашн") or W.address(w) for w in words)


def _aside(words: list[str], k: int) -> bool:
    """True when the word at ``k`` stands between commas late in the sentence, after a dash
    («… к X — там, говорят, бинокль остался»): a remark of its own, not who acts."""
    return 4 <= k < len(words) - 1 and words[k - 1] == "," and words[k + 1] == "," and \
        any(w in ("—", "-") for w in words[1:k - 1])


def _object(words: list[str], k: int, n: int, kind: str, story: int | None,
            treat: bool = False) -> bool:
    """True when the name at ``n`` is the object of the verb at ``k``: right after it (past
    commas, prepositions and a few words; with ``treat``, an invitation, a few more: «Зову к
    себе на глинтвейн и преф Джека»), or, in a story of the sender, before it after a
    preposition («К Мальку он нынче заглянёт»; not inside a relative clause closed before
    the verb: «Кнопка, которую путают с Пуговкой, молчит»)."""
    if n > k:
        return n - k <= _NEAR + 3 * treat and not any(
            w in W.PARTS or w in W.WH for w in words[k + 1:n])
    if any(w in W.RELATIVE for w in words[:n]) and \
            any(w in (",", ")") for w in words[n + 1:k]):
        return False  # «Кнопка, которую путают с Пуговкой, молчит»: the name is the closed
        # relative clause's
    return (story is None or story < n) and k - n <= _NEAR and n > 0 and \
        words[n - 1] in W.PREPS_BEFORE and not any(w in W.PARTS for w in words[n + 1:k])


def _own_thing(words: list[str], k: int, n: int, names: list[int]) -> bool:
    """True when the verb at ``k`` has an object of its own that is a thing, and a comma
    parts it from the name at ``n``: the name belongs to another clause («жму руку, Майк»,
    «я на сушке, жру гречку», «у костра посижу, там Палыч на гитаре»). The thing is a
    dictionary noun that is no name of the sentence, inanimate: in the accusative right after
    the verb, or (the name after the verb) after a preposition right before it."""
    lo, hi = (k, n) if n > k else (n, k)
    if "," not in words[lo + 1:hi]:
        return False
    if k + 1 < len(words) and k + 1 not in names and k + 1 != n and \
            _thing_noun(words[k + 1], "accs"):
        return True
    return n > k and k >= 2 and k - 1 not in names and words[k - 2] in W.PREPS_BEFORE and \
        _thing_noun(words[k - 1], "")


@functools.lru_cache(maxsize=20_000)
def _thing_noun(w: str, case: str) -> bool:
    """True when the likeliest reading of the dictionary word ``w`` is an inanimate common
    noun (in the case ``case`` when one is given: the same word read in it too), and no word
    of a move («на охоту пойду, на Вито»: the move's own noun, its player after it)."""
    if len(w) < 3 or not is_known_word(w) or W.move_word(w) or w in lexicon().words:
        return False
    parses = morph().parse(w)
    best = parses[0]
    if best.tag.POS != "NOUN" or "inan" not in best.tag or \
            {"Name", "Surn", "Patr", "Geox", "Orgn"} & best.tag.grammemes:
        return False
    return not case or any(p.normal_form == best.normal_form and p.tag.POS == "NOUN" and
                           case in p.tag for p in parses[:4])


def _noun_names(words: list[str], k: int, n: int) -> bool:
    """True when the move noun at ``k`` is followed by a dash or a colon and the name at
    ``n`` («последний ужин — Кузя», «Визит: к Кузе»)."""
    if not k < n <= k + _NEAR:
        return False
    between = words[k + 1:n]
    return any(w in ("—", ":", "-", "→") for w in between) and \
        all(w in W.PARTS or w in W.PREPS_BEFORE or w in W.TIMES or w == "," for w in between)


def _subject_between(ctx: Ctx, words: list[str], story: int, k: int, names: list[int]) -> bool:
    """True when between the sender's word at ``story`` and the verb at ``k`` somebody else
    becomes the subject: another player's name, another role's word, a pronoun, or a
    subordinate clause («Ромашка видела во сне, как громила бьёт Крыску»; a relative one
    still open at the verb, «Буся (которую все путают с Масей)»: the verb is the relative
    clause's)."""
    roles = role_words()
    for m in range(story + 1, k):
        w = words[m]
        if m in names and (m == 0 or words[m - 1] not in W.PREPS_BEFORE):
            return True
        if w in W.RELATIVE and not any(x in (",", ")", "—", "-", ";") for x in words[m + 1:k]):
            return True  # (the verb inside the relative clause; not «X (которого все
            # боятся) путает Y»: the clause closed before the verb)
        if w in W.WH or w in W.OTHERS or (w in roles and roles[w] != ctx.sender.role):
            return True
    return False


def _sender_subject(ctx: Ctx, toks: list[Tok], words: list[str],
                    hits: dict | None = None) -> int | None:
    """The index of the first word that names the sender as a story's subject: a form of his
    nick (its part or pet form too: «Енотик», «Лисичка»), the word of his own role
    («Доктор …» from the doctor) or «я»; None when there is none."""
    idx = name_index(ctx.nicks)
    roles = role_words()
    for k, t in enumerate(toks):
        if not t.word or len(t.w) < 2:
            if t.w == "я":
                return k
            continue
        if roles.get(t.w) == ctx.sender.role and (k == 0 or words[k - 1] not in W.PREPS_BEFORE):
            return k
        hit = player_at(idx, toks, words, k, hits)
        if hit is not None and hit.nick == ctx.sender.nick and not _oblique_word(t):
            return k  # (one player only: «Алекс» of «Алексей» and «Alex_77» is nobody sure)
    return None


def _oblique_word(t: Tok) -> bool:
    """True when ``t`` is a dictionary noun in lower case with no nominative reading: a
    common word in another case that the sender's nick is made of, no subject («три сброса
    подряд» beside the nick «Сброс»)."""
    if t.cap or t.quoted or not t.text[:1].islower() or not is_known_word(t.w):
        return False
    parses = [p for p in morph().parse(t.w) if p.tag.POS == "NOUN"]
    return bool(parses) and not any("nomn" in p.tag for p in parses)


def player_at(idx, toks: list[Tok], words: list[str], k: int, hits: dict | None = None):
    """The nickname written at token ``k`` as the net reads names: a case form, or for a
    capitalised word or a word no dictionary knows, a part or pet form of a nick (never a
    fuzzy guess); may be ambiguous (``nick`` None); None when it names nobody. ``hits``:
    the answers for these tokens so far (token index → answer), read and filled."""
    if hits is not None and k in hits:
        return hits[k]
    t = toks[k]
    w = words[k]
    if w == t.w and w not in idx.multi_first and not w[:1].isdigit() and w[:1] != "\x00":
        # (the answer reads no other word: remembered per word and capital, as exact's is)
        memo = idx._at_memo
        key = (w, t.cap)
        hit = memo.get(key, _NOT_YET)
        if hit is _NOT_YET:
            if len(memo) > 50_000:
                memo.clear()
            hit = memo[key] = _player_at(idx, toks, words, k)
    else:
        hit = _player_at(idx, toks, words, k)
    if hits is not None:
        hits[k] = hit
    return hit


#: :func:`player_at`'s "not looked up yet" (None is an answer).
_NOT_YET = object()


def _player_at(idx, toks: list[Tok], words: list[str], k: int):
    """:func:`player_at`'s answer, looked up."""
    hit = idx.exact(words, k, None)
    t = toks[k]
    if hit is None and (t.cap or not is_known_word(t.w) or person_name(t.w)) and t.w.isalpha():
        # (a first name written small is a player's too: «переезжаю лёху»)
        hit = idx.approximate(t.w)
        if hit is not None and hit.kind == "fuzzy":
            hit = None
    return hit


def _names(ctx: Ctx, toks: list[Tok], words: list[str],
           mates: frozenset[str] = frozenset(), hits: dict | None = None) -> list[int]:
    """The token indices of the living players (not the sender, none of ``mates``) named in
    a sentence (``hits``: see :func:`player_at`)."""
    idx = name_index(ctx.nicks)
    out = []
    for k, t in enumerate(toks):
        if not t.word or len(t.w) < 2:
            continue
        hit = player_at(idx, toks, words, k, hits)
        if hit is None:
            continue
        owners = (hit.nick,) if hit.nick else hit.candidates
        if any(o in ctx.alive and o != ctx.sender.nick and o not in mates for o in owners):
            out.append(k)
    return out

