"""Precision under the ways players mangle text: the blind letters, rewritten as a phone
writer would, must never gain a silent misparse (issue 11: «precision first»).

Usage (from a checkout whose venv has the project installed):
    .venv/bin/python benchmarks/blind/perturb.py DIR_OR_FILE... [--kind phone|nopunct|typo|yo] [--show]

Only letters the parser reads exactly as written are taken. The player's own lines of each
(not what his mail program added below them: quotes, attributions) are rewritten by a
perturbation that a careful host would still read the same way (or would ask about), and
parsed again. A letter *turns silent* when the rewritten text gives a move that is not
expected with no problem reported: the parser guessed where it should have asked. Prints,
per perturbation, how many letters stayed exact, were flagged (a problem: fine), lost a move
without a problem, or turned silent; ``--show`` prints the silent ones.

Perturbations (seeded, deterministic):
- ``phone``: lower case, no capitals anywhere;
- ``nopunct``: lower case and every punctuation mark but the line break removed;
- ``typo``: one letter of every third word of four letters or more swapped with its neighbour;
- ``yo``: «ё» written as «е».
"""
from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import Counter

sys.path.insert(0, os.getcwd())
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from score import build, canon, load, own_text, split_kills  # noqa: E402

from engine.legality import screen_letter  # noqa: E402
from engine.parse import parse_letter  # noqa: E402

_WORD = re.compile(r"\w{4,}")
_PUNCT = re.compile(r"[^\w\s\n]+")


def phone(text: str, _rng: random.Random) -> str:
    return text.lower()


def nopunct(text: str, _rng: random.Random) -> str:
    return re.sub(r"[ \t]+", " ", _PUNCT.sub(" ", text.lower()))


def typo(text: str, rng: random.Random) -> str:
    words = list(_WORD.finditer(text))
    out, last = [], 0
    for i, m in enumerate(words):
        if i % 3 != 2:
            continue
        w = m.group(0)
        j = rng.randrange(1, len(w) - 2)
        out.append(text[last:m.start()] + w[:j] + w[j + 1] + w[j] + w[j + 2:])
        last = m.end()
    return "".join(out) + text[last:]


def yo(text: str, _rng: random.Random) -> str:
    return text.replace("ё", "е").replace("Ё", "Е")


KINDS = {"phone": phone, "nopunct": nopunct, "typo": typo, "yo": yo}

#: The first line of what the mail program added below the player's own text (a quote, an
#: attribution, a forwarded or Outlook header block): perturbations stop there, since the
#: player did not type it.
_ADDED = re.compile(r"^\s*(?:>|-{3,}|_{5,}|(?:от|from|sent|отправлено|date|кому|to)\s*:)|@|wrote:|написал|пишет:",
                    re.IGNORECASE)


def perturb(kind: str, text: str, rng: random.Random) -> str:
    """``text`` with the player's own lines (up to the first line the mail program added)
    rewritten by perturbation ``kind``."""
    lines = text.split("\n")
    cut = next((i for i, line in enumerate(lines) if _ADDED.search(line)), len(lines))
    own = KINDS[kind]("\n".join(lines[:cut]), rng)
    return "\n".join([own] + lines[cut:]) if cut < len(lines) else own


def read(text: str, roster, letter) -> tuple[Counter, bool]:
    state, turn = build(roster, letter)
    result = parse_letter(own_text(text), letter["from"], state, turn)
    res = screen_letter(result, letter["from"], state, turn, ()).to_json()
    return Counter(canon(m) for m in split_kills(res["moves"])), bool(res["problems"])


def main(argv: list[str]) -> None:
    show = "--show" in argv
    kinds = list(KINDS)
    if "--kind" in argv:
        kinds = [argv[argv.index("--kind") + 1]]
    paths = [a for a in argv if not a.startswith("--") and a not in KINDS]
    letters = load(paths)
    base = []
    for roster, letter in letters:
        expected = Counter(canon(m) for m in split_kills(letter.get("moves", [])))
        try:
            got, problem = read(letter["text"], roster, letter)
        except Exception:  # noqa: BLE001 - score.py reports crashes
            continue
        if got == expected and problem == bool(letter.get("ask", False)):
            base.append((roster, letter, expected))
    print(f"letters read exactly as written: {len(base)} of {len(letters)}")
    for kind in kinds:
        counts = Counter()
        silent = []
        for roster, letter, expected in base:
            text = perturb(kind, letter["text"], random.Random(letter["id"]))
            try:
                got, problem = read(text, roster, letter)
            except Exception as exc:  # noqa: BLE001
                counts["crash"] += 1
                silent.append({"id": letter["id"], "crash": repr(exc)})
                continue
            if got - expected and not problem:
                counts["silent"] += 1
                silent.append({"id": letter["id"], "text": text, "expected": sorted(expected),
                               "got": sorted(got)})
            elif got == expected and problem == bool(letter.get("ask", False)):
                counts["exact"] += 1
            elif problem:
                counts["flagged"] += 1
            else:
                counts["lost"] += 1
        print(f"{kind:8} exact {counts['exact']}  flagged {counts['flagged']}  "
              f"lost-without-problem {counts['lost']}  SILENT {counts['silent']}  crash {counts['crash']}")
        if show:
            for row in silent:
                print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
