"""A clause of one player's name and particles only, right after a move with its target
(issue 11, corrections): «Лечу Малину. Не, лучше Повара» corrects the move; «Лечу Малину.
Хм… Повара.» is asked about. Called by :func:`engine.parse_correct.correction`.
"""

from __future__ import annotations

import re

from . import grammar_vocab as V
from .legality import move_targets
from .grammar_keywords import find_keywords
from .grammar_rules import problem
from .grammar_tokens import Tok, clause_words, clauses, tokenize_span, visible_text
from .names import NameHit, name_index
from .parse_doubt import which_player
from .parse_types import Ctx, Item, Prev, names_in, nick_at
from .words import norm, third_person


#: Words that may stand beside a lone name after a move and change nothing in what it says
#: («Хм… Повара», «ну, Повара»): interjections and particles.
_ORPHAN_FILL = frozenset({
    "хм", "хмм", "ну", "а", "и", "или", "да", "же", "уж", "вот", "так", "эх", "ох", "ой", "ай",
    "ай-ай", "ой-ой", "ээ", "эээ", "мм", "ммм", "блин", "короче", "итак", "значит", "наверное",
    "пожалуй", "все-таки", "таки", "всетаки", "ладно", "лучше", "впрочем", "нет", "не", "стоп",
    "пусть", "будет", "давай", "давайте", "тогда", "окончательно", "финально", "точно", "вообще",
    "решено", "решила", "решил", "выбираю", "выбрала", "выбрал", "переиграла", "переиграл",
    "переиграем", "передумала", "передумал", "вернее", "точнее", "то", "есть", "хотя", "ок",
    "окей", "всё", "все", "итого", "в", "общем", "конце", "концов", "ведущий", "ведущая",
    # «Ворую у X. Но лучше у Y»
    "но",
    # «Охраняю X. Нет, подожди… лучше Y»: a pause before the change
    "подожди", "подождите", "погоди", "погодите", "постой", "постойте",
})
#: Of those, the words that may follow the name («Повара, пожалуй»): particles that are also
#: fillers (engine.grammar_vocab.FILLERS).
_AFTER_NAME = _ORPHAN_FILL & V.FILLERS
#: Of those, the words that say the name replaces the move's target («не, лучше Повара», «а
#: впрочем, Повара», «Ладно, пусть будет Повар», «Переиграла: Повар»).
_ORPHAN_CHANGE = frozenset({
    "лучше", "впрочем", "нет", "стоп", "ладно", "пусть", "давай", "давайте", "тогда",
    "окончательно", "финально", "решено", "решила", "решил", "выбираю", "выбрала", "выбрал",
    "переиграла", "переиграл", "переиграем", "передумала", "передумал", "вернее", "точнее",
    "хотя", "все-таки", "всетаки", "итого", "концов",
})


#: The prepositions a move's target may take («за», «в», «к», «у»): a lone name after any
#: other preposition belongs to another move.
_ORPHAN_PREPS = {"vote": frozenset({"за"}), "watch": frozenset({"за"}),
                 "hunt": frozenset({"в", "во", "на"}), "maniac_kill": frozenset({"к", "ко", "в", "во"}),
                 "invite": frozenset({"к", "ко"}), "rob": frozenset({"у"}), "search": frozenset({"у"}),
                 "guard": frozenset({"при", "у", "на"}), "mortar": frozenset({"по", "в", "во"})}
_WORD_RE = re.compile(r"\w[\w-]*")
#: A line of initials only («М.П.», «Д. К.»): how many sign a letter.
_INITIALS = re.compile(r"(?:[A-ZА-ЯЁ]\.\s?){2,3}")


def _first_name(ctx: Ctx, clause: list[Tok], words: list[str]) -> tuple[int, NameHit | None]:
    """The index of the clause's first token that is no particle (:data:`_ORPHAN_FILL`) or
    preposition, and the player's name read there (None when none)."""
    n = 0
    while n < len(clause) and (not clause[n].word or words[n] in _ORPHAN_FILL or
                               words[n] in V.PREPOSITIONS or (
            words[n] == "я" and n + 1 < len(words) and words[n + 1] in _ORPHAN_CHANGE)):
        n += 1  # («Но я лучше у Y»: the sender's «я» before a change word)
    return n, (nick_at(ctx, clause, words, n) if n < len(clause) else None)


def _talk_between(between: str) -> bool:
    """True when the text ``between`` two clauses holds no word (:data:`_WORD_RE`) or a word
    that is no particle of :data:`_ORPHAN_FILL`: ``not gap or any(w not in _ORPHAN_FILL for w
    in gap)`` for ``gap = _WORD_RE.findall(between)``, its words looked at up to the first
    such one (a long letter's chatter between is not cut into words)."""
    seen = False
    for m in _WORD_RE.finditer(between):
        if m.group() not in _ORPHAN_FILL:
            return True
        seen = True
    return not seen


def orphan(ctx: Ctx, clause: list[Tok], prev: Prev, adjacent: bool,
           items: list[Item]) -> int | bool | None:
    """A clause of one player's name and particles only, right after a move with its target
    (issue 11, corrections): «Лечу Малину. Не, лучше Повара» — a change word (see
    :data:`_ORPHAN_CHANGE`) makes it a correction: returns the name's token index, read as
    the corrected move. With no change word («Лечу Малину. Хм… Повара.») nobody can tell a
    correction from a remark: the move is held and the reply asks which of the two players
    is meant (``ambiguous``, the move's action kept for the answer); returns True. None when
    the clause is no such clause. A lone name on the letter's last line is a signature;
    «не Повара» (a negated name) and a name followed by words are something else."""
    if not prev.items or any(it.move is None for it in prev.items) or not prev.clause:
        return None
    between = ctx.text[prev.clause[-1].end:clause[0].start].lower()
    words = clause_words(clause)
    over_talk = False
    if not adjacent and _talk_between(between):
        over_talk = chosen_over_talk(ctx, clause, prev, items)
        if not over_talk:
            return None  # («Лечу Малину! Нет! Повара!»: only particles between)
    gap = _WORD_RE.findall(between)
    n, hit = _first_name(ctx, clause, words)
    if over_talk and hit is not None and hit.nick is None and len(hit.candidates) > 1:
        # («…голос пропадёт... ладно, пусть будет Кира» when Кира and Кир play): asked
        dropped = {id(it) for it in prev.items}
        items[:] = [it for it in items if id(it) not in dropped]
        items.append(which_player(prev.start, ctx.text[prev.start:clause[-1].end],
                                  prev.items[0].move.action, set(hit.candidates)))
        return True
    if hit is None or hit.nick is None or hit.nick == ctx.sender.nick or \
            (n > 0 and words[n - 1] == V.NEGATION):
        return None
    actions = {it.move.action for it in prev.items}
    targets = {t for it in prev.items for t in move_targets(it.move)}
    if any(t.word and t.w not in _AFTER_NAME and t.w not in V.PREPOSITIONS
           for t in clause[n + hit.length:]) and not (
            (not _ORPHAN_CHANGE.isdisjoint(words[:n]) or not _ORPHAN_CHANGE.isdisjoint(gap))
            and _remark(ctx, clause, n + hit.length, targets)):
        return None
    if hit.nick in targets or len(actions) != 1 or not targets or \
            "vote" in actions and ctx.votes > 1:
        return None  # the same player again; a second vote is engine.parse_more's
    preps = {w for w in words[:n] if w in V.PREPOSITIONS}
    if not preps <= _ORPHAN_PREPS.get(next(iter(actions)), frozenset()):
        return None  # «Зову Кукушку. За Чингачгука.»: another move's preposition (a vote)
    if over_talk or not _ORPHAN_CHANGE.isdisjoint(words[:n]) or not _ORPHAN_CHANGE.isdisjoint(gap):
        return n
    line_start = ctx.text.rfind("\n", 0, clause[0].start) + 1
    line_end = ctx.text.find("\n", clause[-1].end)
    line_end = len(ctx.text) if line_end < 0 else line_end
    written = ctx.text[clause[n].start:clause[n + hit.length - 1].end]
    if n == 0 and not ctx.text[line_start:clause[0].start].strip() and \
            not ctx.text[line_end:].strip() and norm(written) == norm(hit.nick):
        return None  # the nick as it is spelled, alone on the last line: a signature
    if not ctx.text[line_end:].strip() and \
            _INITIALS.fullmatch(ctx.text[line_start:line_end].strip()):
        return None  # «М.П.» alone on the last line: the writer's initials, a signature
    if _addressed_list(ctx, clause):
        return None  # «…и его же валим. Бульба, Ёж — ходы шлите сами»: players addressed
    dropped = {id(it) for it in prev.items}
    items[:] = [it for it in items if id(it) not in dropped]
    items.append(which_player(prev.start, ctx.text[prev.start:clause[-1].end], actions.pop(),
                              targets | {hit.nick}))
    return True


def _remark(ctx: Ctx, clause: list[Tok], end: int, old: set) -> bool:
    """True when the name ending at token ``end`` is followed by a comma and a remark that
    makes no move and names nobody but the players of the move before, ``old`` («лучше X,
    ему сейчас опасно», «лучше у X, у Y смысла нет»): a reason given for the change."""
    if end >= len(clause) or clause[end].w != "," or \
            find_keywords(clause[end:], set(), name_index(ctx.nicks)):
        return False
    return all(h.nick in old for h, i, _ in names_in(ctx, clause, True, forms=True) if i > end)


def _addressed_list(ctx: Ctx, clause: list[Tok]) -> bool:
    """True when the lone name of ``clause`` is followed by a comma and another player's
    name that goes on with a dash or more words («Бульба, Ёж — ходы шлите сами»): the
    players the sentence addresses, no correction of the move before."""
    rest = ctx.text[clause[-1].end:]
    m = re.match(r"\s*,\s*", rest)
    if m is None:
        return False
    start = clause[-1].end + m.end()
    end = ctx.text.find("\n", start)
    toks = tokenize_span(visible_text(ctx.text), start, len(ctx.text) if end < 0 else end)
    if not toks or not toks[0].word:
        return False
    toks = name_index(ctx.nicks).merge(toks)
    words = clause_words(toks)
    hit = nick_at(ctx, toks, words, 0)
    if hit is None and toks[0].cap:  # «Ёж» for «Хмурый Ёж»: a short word of a nick
        hit = name_index(ctx.nicks).approximate(words[0])
        hit = hit if hit is not None and hit.kind in ("part", "pet") else None
    if hit is None or hit.nick is None:
        return False
    after = toks[hit.length or 1:]
    return bool(after) and after[0].w in ("—", "–", "-", ",")


#: Of :data:`_ORPHAN_CHANGE`, the words that choose anew on their own, after talk about the
#: move before («…голос пропадёт... ладно, пусть будет Сова»): not «нет», «хотя», «стоп».
_CHOOSE_AGAIN = frozenset({"ладно", "пусть", "лучше", "давай", "давайте", "тогда", "решено",
                           "выбираю", "передумала", "передумал", "все-таки", "всетаки"})


def chosen_over_talk(ctx: Ctx, clause: list[Tok], prev: Prev, items: list[Item]) -> bool:
    """True when a lone name with words of choosing anew («ладно, пусть будет Сова») comes
    after talk about the move before, in the same paragraph: «Голос — Лось. Ой, за него же
    сегодня бесполезно, голос пропадёт... ладно, пусть будет Сова.» The talk between reads
    no move, names nobody but the move's own target (by name or pronoun), holds no move word
    but the move's own or a weak one («голос пропадёт», «иммунитет») and no question; the name then replaces the target as a correction would."""
    words = clause_words(clause)
    if _CHOOSE_AGAIN.isdisjoint(words[:4]) or not prev.items or not prev.clause or \
            any(it.move is None for it in prev.items):
        return False
    n, hit = _first_name(ctx, clause, words)
    if hit is None or any(t.word and t.w not in _AFTER_NAME for t in clause[n + hit.length:]):
        return False  # (a name and particles only: «ладно, пусть будет Сова»)
    lo, hi = prev.clause[-1].end, clause[0].start
    between = ctx.text[lo:hi]
    if "\n\n" in between or "?" in between or len(between) > 160 or any(
            lo <= it.pos < hi for it in items):
        return False
    idx = name_index(ctx.nicks)
    targets = {t for it in prev.items for t in move_targets(it.move)}
    for part in clauses(tokenize_span(visible_text(ctx.text), lo, hi)):
        if any(not kw.weak and kw.cls != prev.cls for kw in find_keywords(part, set(), idx)):
            return False  # (a move word of its own; «голос пропадёт», «иммунитет» are talk)
        said = clause_words(part)
        for k, t in enumerate(part):
            if t.word and (hit := idx.exact(said, k, None)) is not None and \
                    hit.nick not in targets:
                return False
    return True


#: A word of digits only, or a sum of them («7», «1000-7», «2+2»).
_NUMBER = re.compile(r"\d+(?:[-+*/=]\d+)*")


def bare_name(ctx: Ctx, visible: str) -> Item | None:
    """The whole letter is one player's name and marks («Бобра.», «+Лось», «→ Кузя», «Лось
    ✔») and nothing was read: every living player has two moves at least (the vote and a
    role move, a hunt or a clan kill order), so which one the name is for is asked
    (unparsed, ``which_move``); None otherwise. The sender's own name alone is his
    signature, no move."""
    toks = tokenize_span(visible, 0, len(visible))
    words = [t for t in toks if t.word]
    if any(t.w[0].isdigit() for t in words):
        # «1000-7.⏎Итачи», «1.⏎Лось»: numbers are no words of a move, the name is alone
        words = [t for t in words if _NUMBER.fullmatch(t.w) is None]
    if not words or len(words) > 3:
        return None
    idx = name_index(ctx.nicks)
    hit = idx.exact(clause_words(words), 0, None)
    if hit is None and len(words) == 1 and len(words[0].w) >= 3:
        hit = idx.approximate(words[0].w)
        hit = None if hit is None or hit.kind == "fuzzy" else hit
    if hit is None or hit.length != len(words) or hit.nick == ctx.sender.nick:
        return None
    text = ctx.text[words[0].start:words[-1].end]
    return Item(words[0].start, problem=problem(text, "unparsed", "which_move"))


#: A move said to be in a forwarded letter or an attachment, which the parser never reads
#: («Пересылаю с рабочей почты, ход там», «ходы во вложении», «голос — в письме ниже»).
_MOVE_NOUNS = frozenset({"ход", "ходы", "голос", "голоса", "приказы", "распоряжения"})
_THERE = frozenset({"там", "ниже", "внизу", "вложении", "приложении", "пересланном",
                    "пересылаемом", "аттаче"})
_ATTACHED = frozenset({"вложении", "приложении", "аттаче"})
_PAST_DAY = frozenset({"вчера", "вчерашний", "вчерашнее", "вчерашние", "вчерашнюю",
                       "прошлый", "прошлое", "прошлые", "позавчера"})


def forwarded_move(ctx: Ctx, visible: str) -> Item | None:
    """The letter read no move and says its move is in the letter it forwards or attaches
    (a forwarding verb of :data:`engine.grammar_vocab.FORWARD_WORDS` or «во вложении», and a
    sentence with «ход» and «там», «ниже», «во вложении»: «Пересылаю с рабочей почты, ход
    там»): that part is never read, so the player is asked to write the move in the letter
    itself (unparsed, ``forwarded``). Not a letter of yesterday's move («пересылаю свой
    вчерашний ход»): None then, as for any other letter."""
    if len(visible) > 400:
        return None
    for part in clauses(tokenize_span(visible, 0, len(visible))):
        words = set(clause_words(part))
        if words.isdisjoint(_MOVE_NOUNS) or words.isdisjoint(_THERE) or \
                not words.isdisjoint(_PAST_DAY):
            continue
        sentence = set(norm(w) for w in re.findall(r"\w+", visible))
        if sentence.isdisjoint(V.FORWARD_WORDS) and words.isdisjoint(_ATTACHED):
            continue
        if not sentence.isdisjoint(_PAST_DAY):
            return None
        text = ctx.text[part[0].start:part[-1].end]
        return Item(part[0].start, problem=problem(text, "unparsed", "forwarded"))
    return None


#: Subjects of a third-person verb that are somebody else («он мне в спину стреляет»).
_OTHER_SUBJECTS = frozenset({"он", "она", "они", "кто-то", "кто", "все", "никто"})


def said_of_other(ctx: Ctx, prev: Prev) -> bool:
    """True when the clause of a move still waiting for its target tells of somebody else:
    a third-person verb with a pronoun or a player outside the sender's clan before it
    («Саша мне в спину стреляет.⏎Кузя — …»): the name after it is no target of the
    sender's (a member's «Кот ворует:⏎у Кузи» is a boss's order and stays one)."""
    if prev.member is not None or not prev.clause:
        return False
    words = clause_words(prev.clause)
    verb = next((n for n, t in enumerate(prev.clause) if t.word and third_person(t.w)), None)
    if verb is None:
        return False
    for n in range(verb):
        if words[n] in _OTHER_SUBJECTS:
            return True
        hit = nick_at(ctx, prev.clause, words, n) if prev.clause[n].word else None
        if hit is not None and hit.nick is not None and hit.nick != ctx.sender.nick and \
                ctx.state.players[hit.nick].clan != ctx.sender.clan:
            return True
    return False
