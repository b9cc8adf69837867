"""The member net (issue 11, session 48): a boss's order for one of his members is never
dropped without a word.

«Ху (Dr.Who, если кто не понял) — грабишь Смита», «Света пусть держит меня — это тоже дубль»,
«За Диму: убивает тоже Фотинию»: the boss writes an order for a living member of his clan in
a form no rule read, and the rest of the letter reads well. A host who sees such a line does
not drop it silently: he applies it when it is plain, else he asks. This net looks, in a
boss's own text, at each sentence that

- no rule read anything from (no move, no problem overlaps it),
- names a living member of his clan (any route of the name index) for whom the letter makes
  no move yet,
- after that name, carries a verb of a move (a form of the move lexicon but the past and
  the votes), a second-person or imperative verb, or a third-person verb right after the
  name or after «пусть» (an infinitive only when the member heads the sentence: «вовке
  батю обчистить»), and after the verb, in the same clause, a living player, «меня» or
  «себя» for its object (not past «не»; no verb of no action: «можешь», «оставляет»),
- and is not plainly talk: a question, a quote, the past or a verb of saying before the
  verb, a plan or a condition («если», «бы», «завтра»; not «если сам не напишет», the boss's
  usual reason to write the order, nor a remark in brackets).

Such a sentence is read as the member's order when it is certain (:func:`_sure`: the verb is
of the member's own role move, said to him or of him, on one player, with no hedge); else
it is reported as ``unparsed`` (reason ``member_unread``) with its text, so the reply asks.
Pure (no I/O). Only a boss's letter with a sign of a move in an unread sentence is tokenized.
"""

from __future__ import annotations

import re

from .grammar_hot import letter_pieces
from .grammar_rules import action_for, problem
from .grammar_tokens import clause_words, tokenize_span
from .legality import ROLE_MOVES
from .model import Move, Problem
from .names import name_index
from .parse_types import Ctx, Item
from .parse_unread import _QUOTE_OR_Q, overlaps, player_at, read_ranges, sentence_spans
from .parse_quiet_net import _members, _piece_signs, _sign
from . import parse_unread_words as W
from .textcase import sentences_holding
from .words import is_known_word, morph

#: Words that make a sentence a plan, a condition, a wish or the past.
_NOT_TODAY = frozenset({"если", "ежели", "бы", "б", "можно", "завтра", "вчера", "позавчера",
                        "хотел", "хотела", "хочется", "нельзя", "надо", "нужно", "может",
                        "наверное", "думаю", "кажется", "потом", "когда", "раньше",
                        "прошлой", "прошлую"})

#: «если (он) сам не напишет», «ежели она забудет»: the boss's reason to write the order,
#: no condition of the order itself.
_OWN_IF = re.compile(r",?\s*(?:если|ежели)\s+(?:(?:он|она|вдруг)\s+)*(?:(?:сам|сама)\s+)?"
                     r"(?:не\s+\w+|забудет|забудут|проспит|забьёт|забьет|молчит|промолчит)"
                     r"\s*,?", re.IGNORECASE)

#: A remark in brackets («(Dr.Who, если кто не понял, к кому обращаюсь)») and the boss
#: saying he writes for the member («я пишу за него»).
_BRACKETS = re.compile(r"\([^()]*\)|(?:пишу|хожу|походу|отправляю)\s+(?:я\s+)?за\s+"
                       r"(?:него|неё|нее|них)", re.IGNORECASE)

#: A remark saying the member writes his own move («(если сам напишет — пусть пишет своё)»),
#: unless negated («если сам не напишет»).
_HIS_OWN = re.compile(r"(?<!\w)(?:сам|сама)(?!\w)", re.IGNORECASE)
_NOT_RE = re.compile(r"(?<!\w)не(?!\w)", re.IGNORECASE)

#: Question words before the verb that make the sentence talk («кто», «что»; not «как
#: всегда»).
_WH = W.WH - {"как"}

#: Pieces that may hold the object of an order in a sentence with no move word («коля
#: ставит меня на подогрев»).
_OBJECT_PIECES = ("меня", "мне", "себя")

#: Pronouns that are the boss or the member as the object of the order.
_ME = frozenset({"меня", "мне", "мою", "себя"})

#: Words that hedge an order: it is asked, never read.
_HEDGES = frozenset({"может", "наверное", "наверно", "пожалуй", "возможно", "или"})


def member_net(ctx: Ctx, visible: str, read: list[Item]) -> tuple[list[Move], list[Problem]]:
    """The moves and problems of the member net (see the module's doc) for the boss's own
    text ``visible`` given what the rules read (``read``: items, and the final moves and
    problems with offset -1)."""
    members = _members(ctx)  # (none but a boss's)
    if not members:
        return [], []
    finals = [it.move for it in read if it.pos == -1 and it.move is not None]
    ordered = {m.member for m in finals if m.action == "on_behalf"}
    open_members = {a.nick: a for a in members if a.nick not in ordered}
    if not open_members:
        return [], []
    useful = [p for p in letter_pieces(visible) if _piece_useful(p)]
    if not useful:
        return [], []  # (no sign of a move in the letter: most letters)
    spans = sentence_spans(visible)
    idx = name_index(ctx.nicks)
    ranges = asked = None
    # (a sentence the unread net asked about, «Амфора — бери Бусинку», is read here all the
    # same: a certain order replaces that question, see :func:`drop_asked`)
    unread_asked = [it for it in read if it.pos == -1 and it.problem is not None and
                    it.problem.reason == "unread"]
    read = [it for it in read if not any(it is u for u in unread_asked)]
    moves: list[Move] = []
    out: list[Problem] = []
    for n in sentences_holding(spans, visible, tuple(useful)):
        lo, hi = spans[n]
        text = visible[lo:hi]
        if text.rstrip().endswith("?") or _QUOTE_OR_Q.search(text):
            continue
        if ranges is None:
            ranges = read_ranges(visible, read)
            asked = read_ranges(visible, unread_asked)
        if overlaps(ranges, lo, hi):
            continue
        found = _order(ctx, idx, visible, lo, hi, open_members, overlaps(asked, lo, hi))
        if found is None:
            continue
        mate, move = found
        said = text.strip().rstrip(".!…;")
        if move is not None and mate not in {m.member for m in moves}:
            moves.append(Move("on_behalf", member=mate, move=move, span=said))
        elif not overlaps(asked, lo, hi):
            out.append(problem(said, "unparsed", "member_unread"))
    return moves, out


def drop_asked(problems, moves: list[Move]) -> list[Problem]:
    """``problems`` less the unread net's questions (reason ``unread``) about a sentence the
    member net read an order from (``moves``: its moves): «Амфора — бери Бусинку» is asked
    by the net of unread sentences, then read as the thief's order."""
    spans = [m.span for m in moves if m.span]
    return [p for p in problems
            if p.reason != "unread" or not any(p.text.strip() in s for s in spans)]


def _piece_useful(piece: str) -> bool:
    """True when the piece of text may hold the verb of an order: a form of a move word,
    a second-person or imperative verb or «пусть»."""
    low = piece.lower().replace("ё", "е")
    if "пусть" in low or "пускай" in low:
        return True
    if _piece_signs(piece) or low.strip(".,!;:()—-") in _OBJECT_PIECES:
        return True
    low = low.rstrip(".,!;:)»")
    if low.endswith(("шь", "шься")):
        return True
    # (an imperative said to the member: «Амфора — бери Бусинку»)
    return low.endswith(("и", "й", "ь")) and low.isalpha() and len(low) >= 3 and \
        _verb_kind(low) == "second"


def _verb_kind(w: str) -> str:
    """«second» for a second-person or imperative verb, «third» for a third-person verb
    of the present or future, else «» (a verb of no action on a player too: «можешь»,
    «оставляет»)."""
    for p in morph().parse(w)[:2]:
        tag = p.tag
        if tag.POS != "VERB" or p.normal_form in W.NOT_ACTION:
            continue
        if "impr" in tag or "2per" in tag:
            return "second"
        if "3per" in tag and "past" not in tag:
            return "third"
    return ""


def _order(ctx: Ctx, idx, visible: str, lo: int, hi: int, open_members: dict,
           strict: bool = False):
    """(member, move or None) when the sentence ``visible[lo:hi]`` holds an unread order for
    one of ``open_members`` (see the module's doc); the move when :func:`_sure`; else None.
    ``strict`` (the unread net asked about the sentence already): a move only with its player
    right after the verb (:func:`_direct`), «Юркий наведается к Жучке» stays asked."""
    text = visible[lo:hi]
    aside = [m.span() for r in (_BRACKETS, _OWN_IF) for m in r.finditer(text)]
    if any(_HIS_OWN.search(text, a, b) and not _NOT_RE.search(text, a, b) for a, b in aside):
        return None  # («Ловкач (если сам напишет — пусть пишет своё) ворует у X»: his own)
    toks = idx.merge(tokenize_span(visible, lo, hi))
    words = clause_words(toks)
    # (a remark in brackets or «если сам не напишет» is no plan of the order: its words are
    # left out of the talk test and hold no verb, its name may still be the member's)
    inside = {k for k, t in enumerate(toks)
              if any(a <= t.start - lo < b for a, b in aside)}
    said = [w for k, w in enumerate(words) if k not in inside]
    if not _NOT_TODAY.isdisjoint(said) or not W.FORUM.isdisjoint(said):
        return None
    hits: dict = {}
    names: list[tuple[int, tuple[str, ...]]] = []
    for k, t in enumerate(toks):
        if t.word and len(t.w) >= 2:
            hit = player_at(idx, toks, words, k, hits)
            if hit is not None:
                owners = (hit.nick,) if hit.nick else tuple(hit.candidates)
                names.append((k, owners))
    mates = [(k, o) for k, o in names if any(x in open_members for x in o)]
    if not mates:
        return None
    k0, owners0 = mates[0]
    heads = all(not t.word or w == "за" or w.isdigit() for t, w in zip(toks[:k0], words[:k0]))
    # (a list's number before the member: «3) Репшнур держит меня»)
    let = False
    for j in range(k0 + 1, len(words)):
        if j in inside:
            continue
        w = words[j]
        if w in ("пусть", "пускай"):
            let = True
            continue
        if W.past(w) or W.speech(w) or w in _WH:
            return None  # (the past, reported speech, a question word: talk)
        kind, cls = _sign(w)
        if cls == "VOTE":
            continue  # (a member's vote is his own, never his boss's order)
        verb = _verb_kind(w) if toks[j].word and w.isalpha() else ""
        if kind in ("past", "noun") or (not verb and kind not in ("form", "third", "move")):
            continue
        if j and words[j - 1] == "не":
            return None  # («не охранять меня», «не грабит»: no order)
        if verb == "" and kind == "form":
            # (an infinitive is an order only said to the member who opens the sentence:
            # «вовке батю обчистить», «за Щуку: у Вани всё вынести»)
            if not heads or (target := _object_of(ctx, words, names, j, k0, inside)) is None:
                continue
            sole = [x for x in owners0 if x in open_members]
            if len(sole) == 1 and (not strict or _direct(names, words, j)) and \
                    not any(_finite(words[m]) for m in range(k0 + 1, j) if m not in inside):
                # («Лёве — обчистить гримёрку у Розы» said to the one member heading the
                # sentence, on one player, no verb between: his order, as a second-person one)
                return sole[0], _sure(ctx, open_members[sole[0]], cls, "second", target, words)
            return sole[0], None
        if verb == "third" and not let and not cls and not _subject_ok(words, k0, j):
            continue
        target = _object_of(ctx, words, names, j, k0)
        if target is None:
            if (verb == "second" or let or heads) and \
                    (mate := _own_verb_of(ctx, owners0, open_members, cls)) is not None and \
                    _object_unread(toks, words, j):
                return mate, None  # («За Женька хожу я: пусть чистит Олю-диспетчершу»:
                # his own role verb on a word that names nobody known: asked)
            continue
        sole = [x for x in owners0 if x in open_members]
        if len(sole) != 1:
            return sole[0], None  # (a name two members share: asked)
        mate = sole[0]
        # (a third-person order is read only with the member heading the sentence, or with
        # «он»/«она» for him right before the verb: «Лося охраняет Кабан» has its object
        # first; a second-person one is said to him)
        head = verb == "second" or heads or \
            words[j - 1] in ("он", "она") or words[j - 2:j] in (["он", "сам"], ["она", "сама"])
        if (strict or not cls) and not _direct(names, words, j):
            return mate, None  # («Сорока, загляни на огонёк к Тюленю»: a verb of no move
            # with its player past other words may be a visit, not the theft: asked)
        return mate, _sure(ctx, open_members[mate], cls, verb, target, words) if head else None
    return None


def _finite(w: str) -> bool:
    """True when ``w`` is a finite verb («хочет», «решил»): between the member and an
    infinitive it makes the sentence a tale of his wish or plan («Шаман хочет Маргошу
    обокрасть»), no order said to him."""
    return w.isalpha() and any(p.tag.POS == "VERB" for p in morph().parse(w)[:1])


def _direct(names, words: list[str], j: int) -> bool:
    """True when a player is named right after the verb at ``j`` (past «у» or a dash): its
    direct object («бери Бусинку», «обесточивает Милу», «шманает у Лиса»)."""
    m = j + 1
    while m < len(words) and words[m] in ("у", "—", ":"):
        m += 1
    return any(k == m for k, _ in names)


def _own_verb_of(ctx: Ctx, owners, open_members: dict, cls: str) -> str | None:
    """The one open member among ``owners`` whose own role move (a theft or a guard) the
    move class ``cls`` is; None when there is none or more than one."""
    if not cls:
        return None
    sole = [x for x in owners if x in open_members]
    if len(sole) != 1:
        return None
    act = action_for(cls, open_members[sole[0]], ctx.turn)
    mate = open_members[sole[0]]
    return sole[0] if act in ("rob", "guard") and act in ROLE_MOVES.get(mate.role, ()) else None


#: Words after an order's verb that name no object of it («как обычно», «кого хочет»).
_NO_OBJECT = frozenset({"как", "кого", "кому", "что", "где", "сам", "сама", "тоже", "опять",
                        "снова", "всех", "всё", "все", "никого", "ничего", "его", "её", "ее",
                        "их", "него", "неё", "нее", "них", "тебя", "нас", "вас"})


def _object_unread(toks, words: list[str], j: int) -> bool:
    """True when the verb at ``j`` is followed in its clause (past «у», «к», «ко», a word of
    time) by a word that may name a player none of the name routes found: a capitalised or
    unknown word, or a noun («у банщика»)."""
    m = j + 1
    while m < len(words) and words[m] in ("у", "к", "ко", "сегодня", "ночью", "опять", "снова"):
        m += 1
    if m >= len(words) or not toks[m].word or not words[m].isalpha() and "-" not in words[m]:
        return False
    w = words[m]
    if w in _NO_OBJECT or w in _ME:
        return False
    if toks[m].cap or not is_known_word(w.split("-")[0]):
        return True
    return any(p.tag.POS == "NOUN" for p in morph().parse(w)[:1])


def _subject_ok(words: list[str], k0: int, j: int) -> bool:
    """True when nothing but a dash, a colon, a comma or a word of time stands between the
    member's name and a third-person verb of no move lexicon («Света держит меня»)."""
    return all(w in (",", "—", "-", ":", "сегодня", "ночью", "тоже", "опять", "снова")
               for w in words[k0 + 1:j])


def _object_of(ctx: Ctx, words: list[str], names, j: int, k0: int, back=None):
    """The object of the verb at ``j``: a living player named within a few words after it
    in the same clause, or «меня»/«себя»; ("me"/"self", None) or
    ("player", owners); None when there is none. With ``back`` (the tokens of the remarks
    left out), a player named between the member's name and the verb, in the same clause,
    counts too («вовке батю обчистить»)."""
    if back is not None:
        for k, owners in names:
            if k0 < k < j and not {",", "и", "—"} & {
                    words[m] for m in range(k0 + 1, k) if m not in back} and \
                    (alive := tuple(o for o in owners if o in ctx.alive)):
                return ("player", alive)
    for m in range(j + 1, min(len(words), j + 6)):
        w = words[m]
        if w in _ME:
            return ("self" if w.startswith("себ") else "me", None)
        for k, owners in names:
            if k == m and k != k0:
                alive = tuple(o for o in owners if o in ctx.alive)
                if alive:
                    return ("player", alive)
        if w in (".", ";", "?", "!", ",", "—", "-", "и", "а", "но", "не"):
            return None  # (past a comma the name is another clause's: «Щит пусть отдохнёт,
            # Ландыш его не тронет»)
    return None


def _one_move(mate) -> str | None:
    """The one night move of the member's role (DECISIONS.md §4: the thief robs, the guard
    guards; engine.legality.ROLE_MOVES), the move an order to him in a verb of no move
    lexicon means («Амфора — бери Бусинку», «Каска обесточивает Милу»); None for a role
    with no such move (the Indian, the actor who took no role)."""
    moves = ROLE_MOVES.get(mate.role, frozenset())
    return next(iter(moves)) if len(moves) == 1 and moves <= {"rob", "guard"} else None


def _sure(ctx: Ctx, mate, cls: str, verb: str, target, words: list[str]):
    """The member's move when the order is certain: the verb is of his own role move
    (:func:`action_for`; a verb of no move lexicon on another player: his role's one move,
    :func:`_one_move`),
    said to him or of him (a second-person, imperative, third-person
    verb or «пусть»), on one player («меня» is the boss, «себя» the member), with no hedge;
    else None."""
    if not verb or not _HEDGES.isdisjoint(words):
        return None
    kind, owners = target
    if not cls and kind != "player":
        return None  # (a verb of no move on «меня» may be said to the boss himself:
        # «Часовой, держишь меня в курсе»; on another player it is the member's move)
    act = action_for(cls, mate, ctx.turn) if cls else _one_move(mate)
    if act is None or act not in ROLE_MOVES.get(mate.role, ()) or act not in ("rob", "guard"):
        return None
    if kind == "me":
        who = ctx.sender.nick
    elif kind == "self":
        who = mate.nick
    elif len(owners) == 1 and (verb == "second" or
                               ctx.state.players[owners[0]].clan != ctx.sender.clan):
        who = owners[0]  # (of a third person, not a clan mate: «Кабан охраняет Лося» may be
        # said either way round)
    else:
        return None
    return Move(act, target=who)
