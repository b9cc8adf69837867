"""Which player a pronoun in a move points back at (engine.parse, from :mod:`engine.parse_move`):
«…и её же убиваем» (the letter's last target), «голосую за него же и за Кузю» (a pronoun in a
list of names), and whether another player was named since that target, so the pronoun is
asked about.
"""

from __future__ import annotations

from . import grammar_vocab as V
from .grammar_refs import PRONOUN_GENDER, common_word, named_before
from .grammar_target_types import Targets
from .grammar_tokens import Tok, tokenize_span, visible_text
from .names import name_index
from .parse_types import Ctx
from .textnorm import QUOTE_MARK
from .words import is_known_word


#: Pronouns right before a move word that point at the letter's last target.
PRONOUN_BEFORE = frozenset({"его", "ее", "её", "ей", "ему", "него", "нее", "неё", "нему",
                             "ней"})


def listed_back(ctx: Ctx, tg: Targets) -> bool:
    """«Краду у Гоши. Голосую за него же и за Кузю»: a pronoun in a list of names stands for
    the single target of the move before (or the one player the clause before names); it is
    put among ``tg.hits`` in its place. False when there is no such player or he is named in
    the list already (then the reply asks)."""
    back = ctx.last_hit or named_before(ctx)
    if back is None or back[0].nick is None or \
            any(back[0].nick == h[0].nick for h in tg.hits):
        return False
    p = tg.listed_pronoun
    tg.hits.append((back[0], p, p + 1))
    tg.hits.sort(key=lambda h: h[1])
    tg.end = max(tg.end, p + 1)
    return True


#: «(прошу) считать это моей проверкой»: what the sentence before did is this move.


def pronoun_before(ctx: Ctx, clause: list[Tok], lo: int, hi: int, same: bool = False,
                   skip: tuple = ()):
    """«…и её же убиваем»: a pronoun right before the keyword (fillers between) points at the
    letter's last target; ``same``: only with «же» after it. Another player named since
    (in the clause before the pronoun too; those of ``skip`` aside): None."""
    k = _fronted_pronoun(clause, lo, hi, same)
    if k is None or (not same and named_since(ctx, clause, ctx.last_hit[0].nick,
                                              clause[k].start, skip)):
        return None  # («Лечу Кузю. Зайду к Лосю. Его и проверю»: which one?)
    return ctx.last_hit[0], k, k + 1


def _fronted_pronoun(clause: list[Tok], lo: int, hi: int, same: bool,
                     between: frozenset[str] = frozenset()) -> int | None:
    """The index of a pronoun of :data:`PRONOUN_BEFORE` right before the keyword at ``hi``
    (fillers and ``between`` words between); None when another word stands first, or when
    ``same`` and no «же» follows the pronoun."""
    gap = False  # an adverb of :data:`SAME_GAP` passed: only «его же» may stand before it
    for k in range(hi - 1, lo - 1, -1):
        t = clause[k]
        if not t.word:
            continue
        if t.w in PRONOUN_BEFORE:
            return None if (same or gap) and (k + 1 >= len(clause) or clause[k + 1].w != "же") \
                else k
        if t.w == "туда":  # «МО в Roy.Queen'у и туда же голос»: the same player, with «же»
            return k if k + 1 < len(clause) and clause[k + 1].w == "же" and not gap else None
        if t.w in SAME_GAP:
            gap = True
        elif t.w not in V.FILLERS and t.w not in between:
            return None
    return None


#: Adverbs of sequence that may stand between «его же», «её же» and the move word after it
#: («Проверяю Галочку и её же сразу убираем», «его же заодно и валим»): with «же» only
#: («его сразу убираем» may be anybody's).
SAME_GAP = frozenset({"сразу", "заодно", "следом", "попутно", "тотчас", "немедленно", "первым",
                      "первой"})


#: Words that may stand between a fronted pronoun and its move word besides fillers: the
#: sender as the subject («её я и проверяю»).
_SUBJECT_I = frozenset({"я", "мы"})
#: Words opening a subordinate clause: a pronoun after one of them is in somebody's belief,
#: wish or condition, not the sender's plain move.
_SUBORDINATE = frozenset({"что", "чтобы", "если", "ежели", "когда", "будто", "якобы", "раз",
                          "пока", "хотя", "ли"})


def pronoun_named_before(ctx: Ctx, clause: list[Tok], lo: int, hi: int, same: bool = False):
    """«Графиня Розина подозрительна. Её я и проверяю», «…кто такая Графиня Розина, — её
    проверяю»: a pronoun right before the keyword (fillers, «я» between) when no move before
    it has a target: it points at the one player named earlier in the clause, or else in the
    clause before (of the pronoun's gender). None when there is none or several (asked).
    A player found only in the clause before must not be named again since and must fit the
    pronoun's gender («Маргарита» is no «его»): «Граф мутный. Его и режу». ``same``: only with
    «же» after the pronoun (a noun keyword)."""
    from .grammar_refs import antecedent
    k = _fronted_pronoun(clause, lo, hi, same, _SUBJECT_I)
    if k is None:
        return None
    w = clause[k].w
    found = antecedent(ctx, clause, lo, k, w, ctx.sender.nick)
    if any(clause[n].w in _SUBORDINATE for n in range(found[2] if found else lo, k)):
        return None  # «Ворон уверен, что я его вылечу»: another's belief, asked
    if found is None:
        if any(clause[n].word and clause[n].cap and not is_known_word(clause[n].w)
               for n in range(lo + 1, k)):
            return None  # a name the roster did not read may be the one meant
        found = named_before(ctx, w)
        if found is not None and found[0].nick is not None and (
                named_since(ctx, clause, found[0].nick) or
                not _may_be_of(found[0].nick, PRONOUN_GENDER.get(w))):
            return None
    return (found[0], k, k + 1) if found is not None and found[0].nick is not None else None
    return None


def _may_be_of(nick: str, gender: str | None) -> bool:
    """False when every animate noun reading of the nick's first word is of the other gender
    than ``gender`` («Маргарита» for «его»; a Latin nick or one of no reading may be either)."""
    from .words import morph, norm

    word = norm(nick.split()[0]) if nick.strip() else ""
    genders = {p.tag.gender for p in morph().parse(word)[:4]
               if p.tag.POS == "NOUN" and "anim" in p.tag}
    return gender is None or not genders or gender in genders


def same_pronoun_before(clause: list[Tok], lo: int, hi: int) -> bool:
    """True when «её же», «его же» stands right before the keyword at ``hi`` (fillers
    between): the target is a player named before, whoever that is."""
    return same_pronoun_at(clause, lo, hi) is not None


def same_pronoun_at(clause: list[Tok], lo: int, hi: int) -> int | None:
    """The index of «её», «его» of «её же», «его же» right before the keyword at ``hi``
    (fillers between), or None (:func:`same_pronoun_before`)."""
    for k in range(hi - 1, lo - 1, -1):
        t = clause[k]
        if not t.word:
            continue
        if t.w in PRONOUN_BEFORE:
            return k if k + 1 < len(clause) and clause[k + 1].w == "же" else None
        if t.w not in V.FILLERS and t.w not in SAME_GAP:
            return None
    return None


def named_since(ctx: Ctx, clause: list[Tok], nick: str | None, until: int | None = None,
                skip: tuple = ()) -> bool:
    """True when the letter's text between the clause that named ``nick`` (the last move's
    target, or the player the clause before names) and ``clause`` names another player
    («Пусть ворует у Киски. Хочу знать, кто такая Лора. Проверяю её»): a pronoun then may
    point at either, so it is asked about rather than given to ``nick``. A forum post cut
    from between them (:data:`engine.textnorm.QUOTE_MARK`) counts as naming another player:
    the pronoun may point into it («[quote=X]…[/quote] Голосую за него»). With ``until`` (the
    pronoun's offset), the clause's own words before the pronoun count too («ВР вчера у Совы
    воровал, пусть и сегодня у неё ворует»); the players of ``skip`` (the member ordered)
    never count."""
    if nick is None or not clause:
        return False
    lo = ctx.last_hit_at if ctx.last_hit is not None and ctx.last_hit[0].nick == nick else -1
    capital = ctx.last_hit_cap if lo >= 0 else nick[:1].isupper()
    if lo < 0:
        for prev in (ctx.prev_clause, ctx.earlier):
            if prev and any(t.w == "\x00" + nick or t.text == nick for t in prev):
                lo = prev[0].start
                break
    end = clause[0].start if until is None else max(until, clause[0].start)
    if until is not None and lo == clause[0].start and ctx.last_hit_end > lo:
        # «Играем как Ласкер: проверяю Бет и её же убиваем»: the target read in this very
        # clause; only the players named after it, before the pronoun, are rivals
        lo = ctx.last_hit_end
    if lo < 0 or lo >= end:
        return False
    if QUOTE_MARK in ctx.text[lo:end]:
        return True
    idx = name_index(ctx.nicks)
    toks = idx.merge(tokenize_span(visible_text(ctx.text), lo, end))
    words = [t.w for t in toks]
    for k, t in enumerate(toks):
        if not t.word:
            continue
        hit = idx.exact(words, k, None)
        if hit is None and t.cap and len(t.w) >= 3 and not is_known_word(t.w):
            hit = idx.approximate(t.w)  # «кто такая Lo'ra»: a nick by its letters
            hit = hit if hit is not None and hit.kind != "prefix" else None
            if hit is None and "-" in t.w.strip("-") and not _place(t.w):
                return True  # «…лучше к Винни-Пуху»: a name the roster did not read
                # (not «при осаде Ла-Рошели», «в Нью-Йорке»: a place, nobody to point at)
        if hit is not None and hit.nick not in (nick, ctx.sender.nick) and hit.nick not in skip \
                and not (hit.length == 1 and not t.cap and capital and common_word(t.w)):
            # (a nick that is a common word, written in lower case in a letter that writes
            # names with capitals, ``nick``'s too, is that word: «по итогам прослушки» is no
            # Прослушка)
            return True
    return False


def _place(word: str) -> bool:
    """True when every noun reading of the hyphened ``word`` the dictionary gives is of a
    thing, none of a person («ла-рошели», «нью-йорке»): a place, no player's name; False
    when it has no noun reading or an animate one («винни-пуху»)."""
    from .words import morph

    nouns = [p.tag for p in morph().parse(word)[:3] if p.tag.POS == "NOUN"]
    return bool(nouns) and all("inan" in tag for tag in nouns)

