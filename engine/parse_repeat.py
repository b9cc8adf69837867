"""Yesterday's move made again (issue 11, precision first): «сегодня опять к Ларисе загляну»
from the thief who robbed Лариса yesterday, «Снова к Ромашке в гости», «зову его опять».
The rules forbid the same player two turns in a row for the thief, the doctor, the hostess
and the thug (DECISIONS.md §4); a letter that says it repeats yesterday's move on yesterday's
player is refused in the reply (``same_target_twice``), even when no rule read its words as
a move: the player learns why, and may send another target.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .lexicon import lexicon
from .grammar_rules import problem
from .grammar_tokens import Tok, tokenize_span, visible_text
from .legality import NO_REPEAT
from .names import name_index
from .parse_types import Ctx, Item, names_in
from .words import CYR, morph

#: Words saying that a move is made again.
AGAIN = frozenset({"опять", "снова", "вновь", "again", "opyat", "snova"})

#: The verb classes of each no-repeat move («зову его опять», «обворовать … Лося. Опять»).
_CLASSES = {"rob": frozenset({V.ROB, V.VISIT}), "heal": frozenset({V.HEAL}),
            "invite": frozenset({V.INVITE}), "beat": frozenset({V.BEAT})}

#: «туда же» (the same place as yesterday's), «тот же», «без изменений», «как вчера»: the same
#: target as yesterday's said without naming him («Вчера у Громова был, сегодня схожу туда
#: же», «Гость: без изменений»).
_SAME_PLACE = frozenset({"туда", "к", "у"})
_KEEP_SAID = (("без", "изменений"), ("как", "вчера"), ("тот", "же"), ("та", "же"),
              ("того", "же"), ("ту", "же"), ("той", "же"), ("тому", "же"))
_KEEP_WORDS = frozenset({"прежний", "прежняя", "прежнее", "прежнего", "прежнюю", "прежней",
                         "прежнему", "по-прежнему", "по-старому"})

#: Participles of the no-repeat moves («Кузя будет вылечен мной. Опять.»).
_PARTICIPLES = {"heal": ("вылечен", "излечен", "подлечен"), "beat": ("избит", "побит"),
                "rob": ("обворован", "ограблен"), "invite": ("приглашен",)}

#: Prepositions of a visit before yesterday's player («опять к Ларисе», «снова у Совы»).
_VISIT = frozenset({"к", "ко", "у"})

#: Pronouns that stand for yesterday's player in the sentence naming him («у Лисы был, сегодня
#: опять к ней», «Мишаня мило посидел, зову его опять»).
_PRONOUNS = frozenset({"его", "ее", "её", "ней", "нему", "него", "нее", "неё", "ним", "ней"})


#: A hostess's (or psycho's) own home named in her sentence («к себе», «ко мне», «ночует у
#: меня»): the word of her invitation when no verb of it is written.
_HOME = frozenset({("к", "себе"), ("ко", "мне"), ("у", "меня"), ("у", "себя")})

#: «её же», «его же» (the same player) after «сегодня» in the sentence that tells yesterday's
#: move on its player: «Вчера лечила Ласточку, и сегодня её же».
_SAME_PRONOUNS = frozenset({"его", "ее", "её", "него", "нее", "неё"})

#: Past-tense stems of the no-repeat moves, for the sentence that tells yesterday's move
#: («лечила», «избил», «звала»).
_PAST_STEMS = {"heal": ("лечил", "вылечил", "подлечил"), "beat": ("бил", "избил", "побил"),
               "rob": ("обокрал", "обворовал", "ограбил"), "invite": ("звал", "позвал",
                                                                      "приглашал", "пригласил")}


def _home_said(words: list[str]) -> bool:
    """True when the sentence ``words`` names the sender's own home (:data:`_HOME`)."""
    return any((words[k], words[k + 1]) in _HOME for k in range(len(words) - 1))


def _same_today(words: list[str]) -> bool:
    """True when «сегодня» is followed by «её же» / «его же» in ``words`` (the same player
    again, said of today's move)."""
    if "сегодня" not in words:
        return False
    k = words.index("сегодня")
    return any(words[n] in _SAME_PRONOUNS and words[n + 1] in ("же", "ж")
               for n in range(k + 1, len(words) - 1))


def repeated_yesterday(ctx: Ctx, items: list[Item]) -> None:
    """Add to ``items`` the refusal of each no-repeat move of the sender's role (see
    :data:`engine.legality.NO_REPEAT`) that the letter repeats on yesterday's player: a
    sentence holding a word of :data:`AGAIN` (or followed by a sentence opening with one:
    «…Лося. Опять, да.») names yesterday's target of that move after «к»/«у», or holds a move
    word (not the vote's). Nothing when a move (or a problem) of that action was read
    already. ``items`` is changed in place."""
    acts = [a for a, roles in NO_REPEAT.items() if ctx.sender.role in roles]
    player = ctx.state.players.get(ctx.sender.nick)
    if not acts or player is None:
        return
    done = {it.move.action if it.move is not None else it.tried for it in items} | {
        it.problem.action for it in items if it.problem is not None}
    pairs = [(a, player.last_targets.get(a)) for a in acts if a not in done]
    pairs = [(a, t) for a, t in pairs if t in ctx.alive]
    if not pairs:
        return
    sentences = _sentences(ctx.text)
    idx, lex = name_index(ctx.nicks), lexicon().words
    for n, sent in enumerate(sentences):
        sent = _own_part(sent, lex)
        words = [t.w for t in sent]
        there = _same_place(words)
        kept = _kept(words)
        said = not AGAIN.isdisjoint(words)
        same = _same_today(words)
        again = said or there or kept or same or (
            n + 1 < len(sentences) and next((t.w for t in sentences[n + 1] if t.word), "")
            in AGAIN)
        if not again:
            continue
        hits = names_in(ctx, sent, forms=True)
        others = [h for h, _, _ in hits if h.nick != ctx.sender.nick]
        for action, target in pairs:
            keyed = any(lex.get(w) in _CLASSES[action] or w.startswith(_PARTICIPLES[action])
                        for w in words) or (action == "invite" and _home_said(words)) or (
                same and any(w.startswith(_PAST_STEMS[action]) for w in words))
            if kept and keyed and not there and "не" not in words and not any(
                    h.nick != target for h, _, _ in hits if h.nick != ctx.sender.nick):
                named = [kept]  # «Гость: без изменений»: yesterday's guest, not named
            elif said and keyed and "не" not in words and not any(
                    h.nick is None or h.nick != target for h in others):
                # «сегодня опять дедулю к себе зову», «…, сегодня опять его к себе на чай»: a
                # word of the move and «опять», no other player named: yesterday's player
                # again (a pet form no rule reads, a pronoun)
                named = [next(i for i, w in enumerate(words) if w in AGAIN)]
            else:
                named = [i for h, i, j in hits if h.nick == target] + [
                    k for k in range(len(sent)) if sent[k].word and
                    (k and words[k - 1] in _VISIT or target == ctx.sender.nick) and
                    (h := idx.approximate(words[k])) is not None and h.kind != "fuzzy" and
                    h.nick == target]  # («опять у кисы»: a pet form written small; «БУБУ
                # ОПЯТЬ БИТЬ БУБУ»: the thug's own name in capitals)
                if said and not keyed and \
                        (told := _object_again(ctx, idx, sent, words, target, hits)):
                    named, keyed = told, True  # («Лею снова на ремонт»: no move word)
            if not named:
                continue
            visit = any(i > 0 and words[i - 1] in _VISIT for i in named) or any(
                w in _PRONOUNS and k > 0 and words[k - 1] in _VISIT for k, w in enumerate(words))
            if there and not (visit and action in ("rob", "invite")):
                continue  # «туда же» is a place: the thief's or hostess's visit only
            if not (visit or keyed) or "не" in words[:min(named)] or \
                    (there and "не" in words[there - 2:there + 3]):
                continue  # («опять к ней не пойду», «туда же не пойду»)
            text = ctx.text[sent[0].start:sent[-1].end]
            items.append(Item(sent[0].start, problem=problem(
                text, "not_allowed", "same_target_twice", action=action, target=target),
                tried=action))
            return


#: Word classes that open another move's order («линч», «голос», «МО»): the words after one
#: are that move's, never yesterday's move told again («снайперочка опять ко мне 🥰 линч X»).
_OTHER_ORDERS = frozenset({V.VOTE, V.HUNT})


def _own_part(sent: list[Tok], lex) -> list[Tok]:
    """``sent`` up to the first word (not the first) that opens a vote or a hunt."""
    for k in range(1, len(sent)):
        if sent[k].word and lex.get(sent[k].w) in _OTHER_ORDERS:
            return sent[:k]
    return sent


def _object_again(ctx: Ctx, idx, sent: list[Tok], words: list[str], target: str,
                  hits) -> list[int]:
    """The index of yesterday's player named as an object (not in the nominative) next to a
    word of :data:`AGAIN` («Лею снова на ремонт», «Подкормка опять Пугалу», «сегодня опять
    Розочку под крыло»), or «сам себя» when yesterday's target was the sender himself («Опять в
    карантин сам себя»): the move told again in words no rule reads. Empty when none, or when
    another player is named in the sentence (a remark about several players)."""
    if any(h.nick != target and h.nick != ctx.sender.nick for h, _, _ in hits):
        return []
    again = [k for k, w in enumerate(words) if w in AGAIN]
    for k, t in enumerate(sent):
        if not t.word or (k and words[k - 1] == "не"):
            continue
        if target == ctx.sender.nick:
            if t.w == "себя" and words[k - 1:k] == ["сам"]:
                return [k]  # («сам себя»: the sender's own move on himself, anywhere)
            continue
        if not any(0 < abs(k - a) <= 2 for a in again):
            continue
        hit = next((h for h, i, _ in hits if i == k), None)
        if hit is None:
            hit = idx.approximate(t.w)
            if hit is None or hit.kind == "fuzzy":
                continue
        if hit.nick == target and _object_form(idx, t.w, target):
            return [k]
    return []


def _object_form(idx, word: str, nick: str) -> bool:
    """True when ``word`` (a form of ``nick``) cannot be the nominative: a case form of the
    nick that is no nominative, or a word whose every dictionary reading is not one."""
    cases = idx.single.get(word, {}).get(nick)
    if cases:
        return "nomn" not in cases
    if not CYR.search(word):
        return False
    return not any("nomn" in p.tag for p in morph().parse(word))


def _same_place(words: list[str]) -> int:
    """The index of «туда» in «туда же» (0: none; never the first word)."""
    for k in range(1, len(words) - 1):
        if words[k] == "туда" and words[k + 1] in ("же", "ж"):
            return k
    return 0


def _kept(words: list[str]) -> int:
    """The index of a phrase saying «the same as yesterday» («без изменений», «как вчера»,
    «тот же», «прежний»), 0 when none (never the first word: a keyed word comes first)."""
    for k in range(1, len(words)):
        if words[k] in _KEEP_WORDS or tuple(words[k:k + 2]) in _KEEP_SAID:
            return k
    return 0


#: Marks that end a sentence.
_ENDS = frozenset(".!?\n")


def _sentences(text: str) -> list[list[Tok]]:
    """The letter's tokens cut into sentences (at «.», «!», «?» and line ends; not at «…», a
    pause: «Обворовать решила я... Лося»)."""
    visible = visible_text(text)
    out: list[list[Tok]] = [[]]
    toks = tokenize_span(visible, 0, len(visible))
    for k, t in enumerate(toks):
        if not t.word and not _ENDS.isdisjoint(t.w) and not (t.w == "." and (
                (k and toks[k - 1].w == ".") or (k + 1 < len(toks) and toks[k + 1].w == "."))):
            if out[-1]:
                out.append([])
            continue
        if k and "\n" in visible[toks[k - 1].end:t.start] and out[-1]:
            out.append([])
        out[-1].append(t)
    return [s for s in out if s]
