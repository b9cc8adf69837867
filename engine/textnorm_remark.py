"""A remark after a move's target set apart as its own sentence (issue 11, shape of a move).

Players add a short remark right after the player a move names, joined by a dash or a colon:
«Голос Лось — достал уже», «голоса Бобёр и Кузя: слишком тихие», «Проверяю Лося — мутный»,
«голос туда же: слишком тихий». Read as written, the dash or colon makes the name the subject
or the label of the remark («Лось — достал уже»: Лось did something), and the move loses its
target: a bare label («голос X») is dropped with no word, a list of two votes loses its last
name. A host reads the remark as a remark. :func:`remarks_apart` writes the separator as a
sentence end («Голос Лось.  достал уже») when

- the words before it, back to the sentence's start (a line start, or «.», «!», «?», «;»
  followed by a space), end in a roster name (a form :meth:`engine.names.NameIndex.exact`
  reads, a word of a nick, or a part, prefix or pet form :meth:`~engine.names.NameIndex.approximate`
  reads; never a near miss) or a pronoun with «же» («туда же»), and hold a trigger word of a move before that
  name (:func:`engine.grammar_windows.clause_triggers`: «голос», «проверяю», «линч»); a name
  opening its sentence («Лось: ворует у Кузи», a boss's order) is left alone;
- the words after it, up to the sentence's end, are one to eight words with no trigger word,
  no roster name form, no capitalised word but the first, no word a misspelt move verb may
  hide in, no word of :data:`_NOT_REMARK` (a correction, a condition, a pronoun, a
  conjunction, a member writing or deciding himself: «Лечу Лося — нет, себя», «Бью Лося:
  если он жив», «Лиса охраняет Мотю — сама напишет») and no question mark.

The text keeps its length (the separator becomes «.» and spaces), so every span stays where
it was. Pure; cheap when the letter has no spaced dash and no colon followed by a space.
"""

from __future__ import annotations

import re

__all__ = ["remarks_apart"]

#: A dash with spaces around it, or a colon followed by a space.
_SEP = re.compile(r"[ \t]+[—–-][ \t]+|[ \t]*:[ \t]+")

#: A sentence end (or a line end) before or after a separator.
_END_BEFORE = re.compile(r"[.!?;][ \t]|\n")
_END_AFTER = re.compile(r"[.!?;](?=\s|$)|\n")  # («т.е.»: no end inside a word)

#: Pronouns that stand for the player of a move before them when «же» follows.
_SAME = frozenset({"туда", "его", "её", "ее", "ему", "ей", "него", "неё", "нее", "нему", "ней",
                   "на", "за"})

#: A bracketed aside that ends the words before a separator («Режу X (он вчера врал) — …»).
_ASIDE_END = re.compile(r"[ \t]*\([^()\n]{1,60}\)[ \t]*$")

#: Words that make what follows a separator more than a remark.
_NOT_REMARK = frozenset("""
нет не ни то есть т е т.е тоесть вернее точнее хотя лучше стоп ой отбой upd апд если когда пока тогда или
либо а и но да себя себе собой меня мне мной нас нам сам сама сами само его её ее ему ей их им
него неё нее нему ней них ним тоже также ещё еще потом сначала завтра вчера сегодня ночью
днём днем первый второй другой оба обоих вместо напишет напишу пришлёт пришлет
пришлю допишу скажет скажу решит решает решу там тут здесь говорят вы ты мы
""".split())

#: Words before the name that make the move a thing talked about («думаю, что линч X —
#: ошибка», «Голос как у X: ну вы поняли»), not a move made.
_REPORTED = frozenset({"что", "чтобы", "как", "будто", "мол"})

#: The same, for a bracketed aside between the name and the separator: its «он», «его»,
#: «вчера» speak of the player just named, as a reason («(он вчера врал)»).
_NOT_REMARK_ASIDE = _NOT_REMARK - frozenset({"он", "она", "его", "её", "ее", "ему", "ей", "вчера"})


def remarks_apart(text: str, nicks: tuple[str, ...], votes: int = 1) -> str:
    """``text`` with every dash or colon that sets a remark after a move's target (see the
    module docstring) written as a sentence end; the length unchanged. ``votes``: how many
    votes each player has today (a list «X, Y» before the remark is two votes only then)."""
    if " — " not in text and ": " not in text and " - " not in text and " – " not in text:
        return text
    from .grammar_tokens import tokenize_span, visible_text
    from .grammar_windows import clause_triggers, may_hold_move
    from .names import name_index
    idx = name_index(nicks)
    names = idx.trigger_forms()
    triggers = clause_triggers()
    visible = None
    cuts: list[tuple[int, int]] = []
    for m in _SEP.finditer(text):
        a, b = m.start(), m.end()
        start = max((e.end() for e in _END_BEFORE.finditer(text, 0, a)), default=0)
        if visible is None:
            visible = visible_text(text)
        aside = _ASIDE_END.search(text, start, a)
        upto = aside.start() if aside is not None and _plain_aside(
            tokenize_span(visible, aside.start(), aside.end()), idx, names) else a
        btoks = [t for t in tokenize_span(visible, start, upto) if t.word or t.w == ","]
        before = [t.w for t in btoks if t.word]
        k = _name_end(idx, before)
        if k is None or k == 0 or triggers.isdisjoint(before[:k]) or \
                _REPORTED.intersection(before[:k]) or _noun_genitive(idx, before, k) or \
                not _list_may_end(idx, btoks, k, votes):
            continue
        end_m = _END_AFTER.search(text, b)
        end = end_m.start() if end_m else len(text)
        if end_m is not None and end_m.group(0) == "?":
            continue
        toks = tokenize_span(visible, b, end)
        words = [t for t in toks if t.word]
        if not 1 <= len(words) <= 8 or any(t.cap for t in words[1:]) or \
                any(t.w in _NOT_REMARK for t in words) or may_hold_move(toks, names) or \
                any(idx.is_nick_form(t.w) for t in words) or \
                any(idx.exact([t.w for t in words], i, None) is not None for i in range(len(words))) or \
                any(_numeral(t.w) for t in words):
            continue
        cuts.append((a, b))
    if not cuts:
        return text
    out, last = [], 0
    for a, b in cuts:
        out.append(text[last:a] + "." + " " * (b - a - 1))
        last = b
    return "".join(out) + text[last:]


def _plain_aside(toks, idx, names) -> bool:
    """True when the tokens of a bracketed aside are a remark: one to eight words, none a
    trigger word, a name form or a word of :data:`_NOT_REMARK` («(он вчера врал)»; not «(нет,
    Сухарика)», «(если жив)»)."""
    from .grammar_windows import may_hold_move
    words = [t for t in toks if t.word]
    return 1 <= len(words) <= 8 and not may_hold_move(toks, names) and \
        not any(t.w in _NOT_REMARK_ASIDE or idx.is_nick_form(t.w) for t in words)


def _name_end(idx, words: list[str]) -> int | None:
    """The index of the first word of a roster name (or of a pronoun with «же») that ends
    ``words``, or None."""
    if len(words) >= 2 and words[-1] == "же" and words[-2] in _SAME:
        return len(words) - 2
    if not words:
        return None
    for k in range(max(0, len(words) - 4), len(words)):
        hit = idx.exact(words, k, None)
        if hit is not None and k + hit.length == len(words):
            return k
    last = words[-1]
    if idx.is_nick_form(last):  # «Лось» for «Лось.Стоп»: a word of a nick
        return len(words) - 1
    if len(last) >= 3 and last[:1].isalpha():
        hit = idx.approximate(last)  # «Петьку» for «Петя»: a pet form, never a near miss
        if hit is not None and hit.kind in ("part", "prefix", "pet", "name"):
            return len(words) - 1
    return None


def _noun_genitive(idx, words: list[str], k: int) -> bool:
    """True when the name at ``words[k]`` is a genitive right after a noun («линч Буки —
    ошибка», «Проверка Пончика — сложная», «Голос тоже Шмыги — громкий»): the name belongs to
    the noun, and the noun phrase is what the words after the separator speak of. Not a verb
    («Проверяю Пончика»), a preposition («охота на Шалого»), a nominative or a dative
    («Голос Лось», «голос Лосю»)."""
    from .words import is_noun, morph
    j = k - 1
    while j >= 0 and words[j] in ("тоже", "же", "и", "также"):
        j -= 1
    if j < 0 or not is_noun(words[j]) or \
            any(p.tag.POS in ("VERB", "INFN") for p in morph().parse(words[j])):
        return False  # («режу»: a verb, though a noun reading comes first)
    cases = _cases(idx, words, k)
    return bool(cases) and "gent" in cases and not cases & {"nomn", "datv"}


def _cases(idx, words: list[str], k: int) -> frozenset[str]:
    """The cases the name written at ``words[k:]`` (up to the end) may be in, for any player
    it names; empty when not known (a part or pet form)."""
    tail = words[k:]
    out: frozenset[str] = frozenset()
    if len(tail) == 1:
        for cases in idx.single.get(tail[0], {}).values():
            out |= cases
        return out
    for _nick, parts in idx.multi:
        if len(parts) == len(tail) and all(w in part for w, part in zip(tail, parts)):
            out |= parts[-1][tail[-1]]
    return out


def _list_may_end(idx, toks, k: int, votes: int) -> bool:
    """False when the name at word ``k`` of the words before a separator follows a comma
    after another name («Линч — Бука, Маруська — подозрительная»: the remark may be a
    statement about the last one alone) and either the day has one vote or the two names
    are in no common case («Голосую за Гортензию, Бобр — подозрительный»), or the last one
    may be a nominative and the first may not («за Пряника, Kefir — зануда»)."""
    words = [t for t in toks if t.word]
    at = toks.index(words[k])
    if at == 0 or toks[at - 1].w != ",":
        return True
    prev = [t.w for t in toks[:at - 1] if t.word]
    j = _name_end(idx, prev)
    if j is None:
        return True
    if votes < 2:
        return False
    mine, theirs = _cases(idx, [t.w for t in words], k), _cases(idx, prev, j)
    if not mine or not theirs:
        return True
    # a last name that may be a nominative is one more of the list only after a first one
    # that may be too («Голоса: Жумар, Dr.Rock — …»; not «за Пряника, Kefir — зануда»)
    return bool(mine & theirs) and ("nomn" not in mine or "nomn" in theirs)


def _numeral(word: str) -> bool:
    """True when ``word`` is a number word («Голосов за Пескаря — четыре»: a count)."""
    from .words import is_known_word, morph
    return word.isdigit() or is_known_word(word) and morph().parse(word)[0].tag.POS == "NUMR"
