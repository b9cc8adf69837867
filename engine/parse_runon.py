"""Run-on lines of phone letters: several moves with no punctuation between them (issue 11).

«бью тыкву мо не буду голос ромео», «лечу себя сегодня страшно голоса барон и вася», «бью
тыкву стоп не бью зяблика голос ромео». A host reads such a line as if it were punctuated:
a new clause starts at each move word (a verb or a move noun such as «голос», «линч», «мо»)
that follows a complete clause, and a correction («стоп», «ой нет», «хотя нет») right after a
complete clause starts a clause of its own that corrects the one before. :func:`run_on_parts`
makes those cuts; everything else reads the parts as it reads any clauses.

A clause is complete when its move word has what it needs after it: a player (a nickname's
form, «себя», «меня», a pronoun) or a refusal («мо не», «мо не буду», «мо сегодня не
отправляю»). Only runs of words are cut: where punctuation stands between two move words
the writer has already told where his clauses end.
"""

from __future__ import annotations

from operator import attrgetter

from . import grammar_vocab as V
from .grammar_keywords import find_keywords, keyword_first
from .grammar_tokens import Tok, clause_words
from .grammar_plans import IF_WORDS
from .parse_unread_words import SPEECH
from .words import is_verb, morph, third_person

_W = attrgetter("w")  # a token's normalised text

#: Who a move is on, besides a nickname's form: the sender himself and pronouns.
_SELF = frozenset({"себя", "меня", "мне", "собой", "мной", "сам", "сама"})
#: Words that start a correction in the middle of a run-on line («…стоп…», «…ой нет…»).
_OPENERS = frozenset({"стоп", "ой", "хотя", "нет", "нет-нет", "отбой", "блин"})
#: Heads one of which a mid-line correction must hold.
_HEADS = frozenset({"стоп", "нет", "нет-нет", "отбой"})
#: Subjects of the next clause («…я чекаю юляшу», «…мы валим тыкву»).
_SUBJECTS = frozenset({"я", "мы"})


def run_on_parts(clause: list[Tok], idx) -> list[list[Tok]]:
    """``clause`` cut where a run-on line starts a new clause (see the module's text): a list
    of clauses, ``[clause]`` when nothing is cut. A correction cut off gets a comma after its
    words («стоп не бью зяблика» reads as «стоп, не, бью зяблика» when the player differs
    from the one before, so «не» is the spoken «no»)."""
    if len(clause) < 4:
        return [clause]
    first = keyword_first()
    if first.isdisjoint(map(_W, clause)):  # (no punctuation starts a keyword)
        return [clause]
    # a cut needs two move words, or one and a correction word after it; a keyword starts at
    # a word of ``first`` or a hyphenated one (find_keywords), so most chatter stops here
    starts = sum(1 for t in clause if t.word and (t.w in first or "-" in t.w))
    if starts == 1 and not any(t.word and t.w in _OPENERS for t in clause):
        return [clause]
    kws = [kw for kw in find_keywords(clause, set(), idx)]
    if not kws:
        return _uncut(clause, idx, kws)
    words = clause_words(clause)
    parts: list[list[Tok]] = []
    prefix: list[Tok] = []  # a correction's words opening the part being made
    lo = 0
    for n, a in enumerate(kws):
        if a.i < lo:
            continue
        nxt = kws[n + 1] if n + 1 < len(kws) else None
        hi = nxt.i if nxt is not None else len(clause)
        if any(not clause[k].word for k in range(a.j, hi)):
            continue  # punctuation between: the writer's own clauses
        cut = _correction_cut(clause, words, a, hi, idx)
        if cut is not None:
            c, end = cut
            parts.append(prefix + clause[lo:c])
            prefix = clause[c:end]
            if end < len(clause) and (words[end - 1] != V.NEGATION or (
                    nxt is not None and nxt.i == end and
                    _target_word(words, nxt.j) != _target_word(words, a.j))):
                prefix = prefix + [_comma(clause[end - 1])]  # «стоп не бью зяблика»
            lo = end
            if nxt is not None and nxt.i > end and not _third(clause[nxt.i]) and \
                    _target_end(clause, words, end, nxt.i, idx) == nxt.i:
                parts.append(prefix + clause[end:nxt.i])  # «стоп ромео голос зяблика»
                prefix, lo = [], nxt.i
            continue
        if nxt is None:
            break
        end = _parallel_end(clause, words, a, nxt, idx) or \
            _clause_end(clause, words, a, nxt, idx)
        if end is not None:
            parts.append(prefix + clause[lo:end])
            prefix, lo = [], end
    if not parts:
        return _uncut(clause, idx, kws)
    parts.append(prefix + clause[lo:])
    return [p for p in parts if p]


#: The keywords :func:`run_on_parts` found in a clause it left whole, kept for the reading of
#: that clause (:func:`found_keywords`): id of the clause → (the clause, the name index, the
#: keywords). The clause is held, so its id is not reused while it is here.
_FOUND: dict[int, tuple[list, object, list]] = {}


def _uncut(clause: list[Tok], idx, kws: list) -> list[list[Tok]]:
    """``[clause]``, its keywords (unchanged: nothing here alters a keyword) kept for
    :func:`found_keywords`."""
    if len(_FOUND) > 32:
        _FOUND.clear()
    _FOUND[id(clause)] = (clause, idx, kws)
    return [clause]


def found_keywords(clause: list[Tok], excluded: set[int], idx, own: str | None = None) -> list:
    """``find_keywords(clause, excluded, idx, own)`` (a pure function of them): the keywords
    :func:`run_on_parts` already found in this very clause when it left it whole and nothing
    is excluded (handed over once: the reader may change them), else found afresh. Those
    were found without the sender's nick ``own``: found again when a vote noun of the
    clause was left out and the nick may be its subject («Сова пишет голос за X»), or a
    vote verb in the third person was read whose subject may be another player."""
    if not excluded and _FOUND:
        kept = _FOUND.pop(id(clause), None)
        if kept is not None and kept[0] is clause and kept[1] is idx:
            if own is None or not (_vote_noun_left(clause, kept[2]) or
                                   _told_vote_verb(clause, kept[2])):
                return kept[2]
    return find_keywords(clause, excluded, idx, own)


def _vote_noun_left(clause: list[Tok], kws: list) -> bool:
    """True when a vote noun of ``clause`` («голос») after another word starts none of ``kws``."""
    return any(t.w in _VOTE_NOUNS and k > 0 and not any(kw.i == k for kw in kws)
               for k, t in enumerate(clause))


def _told_vote_verb(clause: list[Tok], kws: list) -> bool:
    """True when one of ``kws`` is a vote verb in the third person after another word
    («Шатун всю игру голосует так, …»): its subject may be another player than the sender."""
    return any(kw.cls == V.VOTE and kw.j == kw.i + 1 and kw.i > 0 and
               clause[kw.i].w not in _VOTE_NOUNS and third_person(clause[kw.i].w) for kw in kws)


#: The vote nouns :func:`engine.grammar_keywords.find_keywords` may leave to another player.
_VOTE_NOUNS = frozenset({"голос", "голоса", "голосок"})


def _comma(t: Tok) -> Tok:
    """A comma the writer left out, right after token ``t`` (no text of its own)."""
    return Tok("", ",", t.end, t.end, False)


def _target_word(words: list[str], k: int) -> str:
    return words[k] if k < len(words) else ""


def _target_end(clause: list[Tok], words: list[str], lo: int, hi: int, idx) -> int | None:
    """Where the target that completes a move word ending at ``lo`` ends, when
    ``clause[lo:hi]`` opens with one (after prepositions and fillers): a player (a nickname's
    form, «себя», «меня», a pronoun; more joined by «и», «,»), or a refusal within its first
    three words («не», «не буду», «сегодня не отправляю»: the end is ``hi`` then). None when
    nothing completes it."""
    k = lo
    while k < hi and (words[k] in V.PREPOSITIONS or words[k] in V.FILLERS):
        k += 1
    if k > lo and words[k - 1] == "и" and k + 1 < hi and words[k + 1] == "же" and \
            words[k] in V.PRONOUNS:
        return None  # «за Зельца голосую и его же ночью режу»: the next move's object
    end = None
    while k < hi:
        size = _player_at(clause, words, k, idx)
        if not size:
            break
        end = k = k + size
        if k + 1 < hi and words[k] in ("и", ",") and words[k - 1] not in V.PRONOUNS and \
                words[k + 1] not in V.PRONOUNS and words[k + 1] not in _SELF:
            k += 1
            continue
        break
    if end is None and any(words[n] == V.NEGATION for n in range(lo, min(hi, lo + 3))):
        return hi
    return end


def _player_at(clause: list[Tok], words: list[str], k: int, idx) -> int:
    """The number of words of the player named at ``k`` (0 when none is)."""
    w = words[k]
    if w[:1] == "\x00" or w in _SELF or w in V.PRONOUNS:
        return 1
    hit = idx.exact(words, k, None)
    if hit is not None:
        return hit.length
    if len(w) >= 4 and not is_verb(w) and (clause[k].cap or _near_name(idx, w)):
        return 1  # («бью Кузяку голос …», «чекаю васю голос …»: a form of a nickname)
    return 0


def _names_someone(clause: list[Tok], words: list[str], lo: int, hi: int, idx) -> bool:
    """True when ``clause[lo:hi]`` names a player or holds a pronoun or a condition: it may
    be the next move's object or subject («проверяю Кузю и его убиваем»), so no cut."""
    return any(_player_at(clause, words, k, idx) or words[k] in IF_WORDS
               for k in range(lo, hi))


def _near_name(idx, w: str) -> bool:
    near = idx.approximate(w)
    return near is not None and near.kind in ("part", "pet")


def _third(t: Tok) -> bool:
    return t.word and third_person(t.w)


def _clause_end(clause: list[Tok], words: list[str], a, b, idx) -> int | None:
    """Where the clause of keyword ``a`` ends before keyword ``b`` in a run of words, or
    None when it does not end there. It ends when a target completes ``a`` and nothing after
    that target but plain words stands before ``b``; a «не» right before ``b`` negates ``b``;
    «я», «мы» before it are its subject. Never before «и», «а» (the writer joined the two),
    at a verb in the third person (a member's order, a remark: «кекс грабит тыкву»), at a
    move noun of ``a``'s own class, or after a condition («если»)."""
    end = b.i
    if _third(clause[a.i]) or _third(clause[b.i]) or (
            b.cls == a.cls and not is_verb(words[b.i])) or \
            (b.weak and b.cls not in (V.VOTE, V.HUNT)):
        return None
    if end > a.j and words[end - 1] == V.NEGATION:
        end -= 1
    if end > a.j and words[end - 1] in _SUBJECTS and is_verb(words[b.i]):
        end -= 1
    if end > a.j and words[end - 1] in ("и", "а", "или", "либо"):
        return None
    target = _target_end(clause, words, a.j, end, idx)
    if target is None or (_names_someone(clause, words, target, end, idx) and
                          not _own_vote_after_talk(clause, words, target, b, idx)):
        return None
    if is_verb(words[b.i]) and end - 2 >= a.j and words[end - 2] in ("и", ","):
        return None  # «ворую у Мурки и Совушку мочим»: the last name may be the verb's object
    if is_verb(words[b.i]) and words[a.j] == "и" and words[end - 1] == "же":
        return None  # «орка режу и за него же голосую»: the pronoun is the next verb's object
    # (a refusal's plain words are scanned too: «охоту не шлю может завтра поохочусь на X»)
    return _plan_start(words, a.j if target == end else target, end)


#: Words right before a vote noun that make it somebody else's words («… сказал что голос
#: X», «… мол голос X»): no cut there.
_REPORTING = frozenset({"что", "чтобы", "мол", "типа", "якобы", "дескать"})


def _own_vote_after_talk(clause: list[Tok], words: list[str], lo: int, b, idx) -> bool:
    """True when keyword ``b`` is a vote noun («голос», «голоса») that a player completes
    right after it, and the plain words ``clause[lo:b.i]`` between the move before and it
    hold pronouns only, no nickname («шизю X пусть знает где он находится голос Y», «шизю X
    она мне вчера сказала что у меня сечка ужас какой голос Y»): a pronoun there cannot be
    the vote noun's object (its player follows it), so the talk ends before the vote. Not
    when the words right before the noun report somebody's words («…сказал что голос Y»,
    a verb of saying or «что», «мол» there)."""
    if b.cls != V.VOTE or words[b.i] not in _VOTE_NOUNS or is_verb(words[b.i]):
        return False
    nxt = b.j
    while nxt < len(words) and words[nxt] in V.PREPOSITIONS:
        nxt += 1
    if nxt >= len(words) or words[nxt] in _SELF or words[nxt] in V.PRONOUNS or \
            idx.exact(words, nxt, None) is None and not _player_at(clause, words, nxt, idx):
        return False
    if any(idx.exact(words, k, None) is not None or words[k] in IF_WORDS
           for k in range(lo, b.i)):
        return False
    before = words[max(lo, b.i - 2):b.i]
    return not any(w in _REPORTING or w in _SAYING_FORMS or
                   any(p.normal_form in SPEECH for p in morph().parse(w)[:1])
                   for w in before)


#: Short forms of saying that the morphology may miss.
_SAYING_FORMS = frozenset({"грит", "грю", "пишет", "велел", "велела", "сказал", "сказала"})


def _named_before(clause: list[Tok], words: list[str], lo: int, at: int, idx) -> bool:
    """True when a player's name (one of :func:`_player_at`) ends right at ``at``, starting at
    ``lo`` or later."""
    return any(_player_at(clause, words, k, idx) == at - k for k in range(max(lo, at - 4), at))


def _parallel_end(clause: list[Tok], words: list[str], a, b, idx) -> int | None:
    """Where the clause of keyword ``a`` ends when it and ``b`` are two moves of one class,
    each written after its player, joined by «и» («Zhenya777 на разделку и Тесака на фарш»,
    «Лося в расход и Кузю в расход»): at the «и» (each place word has its own player, never
    the second player read as the first's); None otherwise. Verbs are left to
    :func:`_clause_end` («ворую у Мурки и Совушку мочим»)."""
    if a.cls != b.cls or is_verb(words[a.i]) or is_verb(words[b.i]) or \
            a.j >= b.i or words[a.j] != "и" or a.i == 0:
        return None
    if not _named_before(clause, words, 0, a.i, idx) or \
            not _named_before(clause, words, a.j + 1, b.i, idx) or \
            _player_at(clause, words, a.j + 1, idx) != b.i - a.j - 1:
        return None
    return a.j


def _plan_start(words: list[str], lo: int, end: int) -> int:
    """Where the next clause starts when it would start at ``end``: at the first word of a
    plan or a doubt («может», «завтра», «возможно», «вдруг») among the plain words from ``lo``
    on, which belong to the move word after them, not to the clause before («голос мишке
    может завтра постреляю в кота»: the shot is a plan, not tonight's move)."""
    return next((k for k in range(lo, end) if words[k] in V.HYPOTHETICAL_WORDS), end)


def _correction_cut(clause: list[Tok], words: list[str], a, hi: int,
                    idx) -> tuple[int, int] | None:
    """A correction opening right after the target of keyword ``a`` (before ``hi``): (where
    it starts, where its words end), or None. Its words are a run of correction words
    holding a head («стоп», «ой нет», «хотя нет»), and a «не» right after them; a lone «нет»
    opens one only before a move word or a name («бью тыкву нет бью зяблика»)."""
    if _third(clause[a.i]):
        return None
    c = _target_end(clause, words, a.j, hi - (words[hi - 1] == V.NEGATION), idx)
    if c is None or c >= hi or words[c] not in _OPENERS:
        return None
    end = c
    while end < len(clause) and clause[end].word and words[end] in V.CORRECTION_WORDS:
        end += 1
    if _HEADS.isdisjoint(words[c:end]):
        return None
    if end < len(clause) and words[end] == V.NEGATION:
        end += 1
    if words[c] == "нет" and end == c + 1 and end < len(clause) and not (
            words[end] in keyword_first() or idx.exact(words, end, None) is not None):
        return None  # «лечу тыкву нет смысла …»: no correction
    return c, end
