"""How much a condensed letter could save (issue 11, forty-fourth session).

The idea measured: drop, early in :func:`engine.parse.parse_letter`, the sentences of a long
letter that hold no mark any later pass reacts to, so that the ~25 whole-letter passes see a
shorter text. Two questions decide it before any code is changed:

1. **How many sentences hold no mark at all?** The marks are derived from the passes'
   own word lists and patterns, imported, not copied: every regex and every string (or
   collection of strings) bound at the top of an ``engine`` module. A word is marked when
   it is one of their literal letter runs, or starts with one of three letters or more
   (``сним`` of ``сним(?:аю|аем)`` marks «снимаю»). A sentence is droppable when none of its
   words is marked, it holds no digit and no mark but «,», «.», «!», and no capital after
   its first word. Counted for every sentence of :mod:`benchmarks.chatter`'s long letters.
2. **What would the letter cost without the droppable sentences?** An upper bound, by an
   oracle that is *not* a correct keep-set: every sentence without a roster name form, a
   capitalised word after its first, a digit, or a hot word of the letter
   (:func:`engine.grammar_hot.hot_words` with the sender's triggers: move words, misspelt
   and Latin ones, flag and correction words) is cut out of the text, and the original and
   the cut letters are parsed in alternating batches in one process (CPU time), as
   ``ab_speed.py`` does. Any correct keep-set keeps more sentences, so it saves less.
3. **The same with a keep-set closer to a correct one**: the oracle's marks, and a word no
   dictionary knows (a name the roster may hold misspelt), a mark other than «,», «.», «!»,
   and the words that act with no name or move word beside them: the first words of the
   skip, cancel, other-day, keep, later and abstain phrases, the correction and take-back
   words (:mod:`engine.grammar_flags`, :mod:`engine.grammar_vocab`), «если», «бы», «как»,
   «вчера», «ладно», «давай(те)», «итого», «точка». Still incomplete (see question 1); with
   and without the neighbours of a kept sentence kept too (a sentence dropped between two
   kept ones makes them neighbours: «Лечу X. <talk>. Нет, Y.» would then correct X).

Usage (repository root, the project venv)::

    python benchmarks/condense_bound.py --letters 400 --runs 3
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO)]

#: A run of letters inside a pattern or a word list (escapes like ``\b``, ``\w`` removed first).
_RUN = re.compile(r"[а-яёa-z]+", re.IGNORECASE)
_ESCAPE = re.compile(r"\\[a-zA-Z]")
_WORD = re.compile(r"\w+")


def pass_literals() -> tuple[frozenset[str], frozenset[str]]:
    """(every literal letter run of the engine's module-level patterns and strings, those of
    three letters or more), lower case with «е» for «ё»."""
    import engine

    patterns, strings = [], set()

    def walk(value, depth: int = 0) -> None:
        if isinstance(value, re.Pattern):
            if isinstance(value.pattern, str):
                patterns.append(value.pattern)
        elif isinstance(value, str):
            if len(value) < 200:
                strings.add(value)
        elif isinstance(value, (frozenset, set, tuple, list)) and depth < 3:
            for item in value:
                walk(item, depth + 1)
        elif isinstance(value, dict) and depth < 3:
            for key, item in value.items():
                walk(key, depth + 1)
                walk(item, depth + 1)

    for info in pkgutil.iter_modules(engine.__path__):
        module = importlib.import_module(f"engine.{info.name}")
        for name, value in vars(module).items():
            if not name.startswith("__"):
                walk(value)
    runs = set()
    for text in patterns:
        runs.update(r.lower().replace("ё", "е") for r in _RUN.findall(_ESCAPE.sub(" ", text)))
    for text in strings:
        runs.update(r.lower().replace("ё", "е") for r in _RUN.findall(text))
    return frozenset(runs), frozenset(r for r in runs if len(r) >= 3)


def marked(word: str, runs: frozenset[str], stems: frozenset[str]) -> bool:
    """True when a pass's literal is ``word`` or a stem (3+ letters) ``word`` starts with."""
    return word in runs or any(word[:i] in stems for i in range(3, len(word) + 1))


def droppable(sentence: str, runs, stems) -> bool:
    """True when ``sentence`` holds no mark of question 1 (see the module's docstring)."""
    if re.search(r"[^\w\s,.!]|\d", sentence):
        return False
    words = _WORD.findall(sentence)
    if any(w[:1].isupper() for w in words[1:]):
        return False
    return not any(marked(w.lower().replace("ё", "е"), runs, stems) for w in words)


def _sentences(text: str) -> list[str]:
    """The sentences of ``text`` as the net cuts them (:func:`engine.parse_unread.sentence_spans`)."""
    from engine.parse_unread import sentence_spans

    return [text[a:b] for a, b in sentence_spans(text)]


def oracle_cut(text: str, sender: str, state) -> tuple[str, int]:
    """``text`` without the sentences the oracle of question 2 drops, and their count."""
    from engine.grammar_hot import hot_words
    from engine.grammar_triggers import sender_triggers
    from engine.names import name_index
    from engine.parse_unread import sentence_spans

    names = name_index(tuple(state.players)).trigger_forms()
    hot = hot_words(text.lower(), sender_triggers(state.players[sender].role, names))
    out, lo, dropped = [], 0, 0
    for a, b in sentence_spans(text):
        s = text[a:b]
        words = _WORD.findall(s)
        low = [w.lower().replace("ё", "е") for w in words]
        if any(w[:1].isupper() for w in words[1:]) or not names.isdisjoint(low) or \
                any(w in hot for w in low) or re.search(r"\d", s):
            continue
        out.append(text[lo:a])
        lo, dropped = b, dropped + 1
    out.append(text[lo:])
    return "".join(out), dropped


def _act_alone() -> frozenset[str]:
    """The words of question 3 that act with no name or move word beside them."""
    from engine import grammar_flags as F
    from engine import grammar_vocab as V

    words = set(V.CORRECTION_WORDS) | F._MARK_WORDS | F._TAKE_BACK
    for table in (F.SKIP, F.CANCEL, F.OTHER_DAY, F._KEEP, F._LATER, F._ABSTAIN):
        words.update(table)
    return frozenset(words | {"если", "бы", "б", "как", "вчера", "ладно", "давай", "давайте",
                              "итого", "точка"})


def closer_cut(text: str, sender: str, state, neighbours: bool) -> tuple[str, int]:
    """``text`` without the sentences question 3's keep-set drops, and their count."""
    from engine.grammar_hot import hot_words
    from engine.grammar_triggers import sender_triggers
    from engine.names import name_index
    from engine.parse_unread import sentence_spans
    from engine.words import is_known_word

    names = name_index(tuple(state.players)).trigger_forms()
    hot = hot_words(text.lower(), sender_triggers(state.players[sender].role, names))
    alone = _act_alone()
    spans = sentence_spans(text)
    keep = []
    for a, b in spans:
        s = text[a:b]
        words = _WORD.findall(s)
        low = [w.lower().replace("ё", "е") for w in words]
        keep.append(any(w[:1].isupper() for w in words[1:]) or not names.isdisjoint(low) or
                    any(w in hot or w in alone for w in low) or
                    re.search(r"[^\w\s,.!]|\d", s) is not None or
                    not all(map(is_known_word, low)))
    if neighbours:
        keep = [k or (i > 0 and keep[i - 1]) or (i + 1 < len(keep) and keep[i + 1])
                for i, k in enumerate(keep)]
    out, lo, dropped = [], 0, 0
    for (a, b), k in zip(spans, keep):
        if not k:
            out.append(text[lo:a])
            lo, dropped = b, dropped + 1
    out.append(text[lo:])
    return "".join(out), dropped


def _compare(parse_letter, state, turn, whole, cut, runs: int, label: str) -> None:
    """Parse ``whole`` and ``cut`` in alternating batches of 25, ``runs`` times; print the
    rates and the median ratio."""
    ratios = []
    for r in range(runs):
        cpu = [0.0, 0.0]
        for k, i in enumerate(range(0, len(whole), 25)):
            for j in ((0, 1) if k % 2 == 0 else (1, 0)):
                t0 = time.process_time()
                for text, sender in (whole, cut)[j][i:i + 25]:
                    parse_letter(text, sender, state, turn)
                cpu[j] += time.process_time() - t0
        rates = [len(whole) / c for c in cpu]
        ratios.append(rates[1] / rates[0])
        print(f"  run {r + 1}: whole {rates[0]:,.0f}/s, cut {rates[1]:,.0f}/s, "
              f"cut/whole {ratios[-1]:.3f}", flush=True)
    print(f"  {label}: cut/whole median {statistics.median(ratios):.3f} "
          f"(range {min(ratios):.3f}–{max(ratios):.3f})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--letters", type=int, default=400)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    from benchmarks import chatter
    from engine.model import TurnInfo
    from engine.parse import parse_letter
    from engine.state import GameState

    runs, stems = pass_literals()
    print(f"pass literals: {len(runs)} runs, {len(stems)} of 3+ letters")
    for template in chatter._CHATTER:
        if "{" not in template:
            words = [w.lower().replace("ё", "е") for w in _WORD.findall(template)]
            hits = [w for w in words if marked(w, runs, stems)]
            print(f"  {'DROP' if droppable(template, runs, stems) else 'keep'} {template}"
                  f"  marks: {' '.join(hits[:6])}")
    letters = chatter.chatter_letters(args.letters, seed=12)
    total = sum(len(_sentences(t)) for t, _, _ in letters)
    free = sum(droppable(s, runs, stems) for t, _, _ in letters for s in _sentences(t))
    print(f"long letters: {total / len(letters):.1f} sentences a letter, "
          f"{free / len(letters):.2f} hold no mark of the passes")

    state = GameState.new(1, chatter._roster())
    turn = TurnInfo(day=2, event="none")
    for text, sender, _ in chatter.chatter_letters(100, seed=99):
        parse_letter(text, sender, state, turn)
    cut, dropped = [], 0
    for text, sender, _ in letters:
        short, k = oracle_cut(text, sender, state)
        cut.append((short, sender))
        dropped += k
    print(f"oracle (names, capitals, digits, hot words kept): {dropped / len(letters):.1f} "
          f"sentences a letter cut")
    whole = [(t, s) for t, s, _ in letters]
    _compare(parse_letter, state, turn, whole, cut, args.runs, "oracle")
    for neighbours in (False, True):
        cut, dropped = [], 0
        for text, sender, _ in letters:
            short, k = closer_cut(text, sender, state, neighbours)
            cut.append((short, sender))
            dropped += k
        label = "closer keep-set" + (", neighbours kept" if neighbours else "")
        print(f"{label}: {dropped / len(letters):.1f} sentences a letter cut")
        _compare(parse_letter, state, turn, whole, cut, args.runs, label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
