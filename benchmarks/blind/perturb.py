"""Precision under the ways players mangle text: the blind letters, rewritten as a phone
writer would or laid out another way, must never gain a silent misparse (issue 11: «precision
first»).

Usage (from a checkout whose venv has the project installed):
    .venv/bin/python benchmarks/blind/perturb.py DIR_OR_FILE... [--kind KIND] [--shapes]
        [--per-set] [--show] [--lost]

Only letters the parser reads exactly as written are taken. The player's own lines of each
(not what his mail program added below them: quotes, attributions) are rewritten by a
perturbation that a careful host would still read the same way (or would ask about), and
parsed again. A letter *turns silent* when the rewritten text gives a move that is not
expected with no problem reported: the parser guessed where it should have asked. Prints,
per perturbation, how many letters stayed exact, were flagged (a problem: fine), lost a move
without a problem, or turned silent; ``--show`` prints the silent ones, ``--lost`` also the
lost ones, ``--per-set`` one row per set (directory or file) and kind besides the totals.
Without ``--kind`` the text kinds run; ``--shapes`` runs the shape kinds instead.

Text perturbations (seeded, deterministic; the whole own text):
- ``phone``: lower case, no capitals anywhere;
- ``nopunct``: lower case and every punctuation mark but the line break removed;
- ``typo``: one letter of every third word of four letters or more swapped with its neighbour;
- ``yo``: «ё» written as «е».

Shape perturbations (seeded, deterministic): the same moves in another layout. Each works on
the *move lines* of the own text: a line holding the span a move of the original reading was
read from (a span split by « / » is looked up piece by piece). A letter with a move whose span
lies on no single own line (a label and its name on two lines, a move rebuilt by a rewrite) is
not taken for the shape kinds (``n/a``), nor one the kind does not apply to:
- ``remark``: a short remark after the last move's span on every move line, cycling through
  « — достал уже», «: слишком тихий», « (он вчера врал)», «, потому что молчит», « )))»,
  « !!!», « 🙂» from a seeded start;
- ``frame``: a greeting line before the own text («Добрый вечер!» / «Привет, ведущий.»), a
  signature after it («--⏎Ваня» / «С уважением, Ваня»; another name when the roster has one
  like it), and a blank line between each two lines;
- ``chatter``: a line of three sentences of talk with no move word and no roster name
  (:data:`TALK`) before and after every move line;
- ``order``: the move lines in reverse order, each keeping its text (only for letters with two
  or more move lines, no correction word, «UPD», conditional or back-reference: see
  :data:`_ORDERED`, a correction's order matters; and no heading line, «Ночь:» or «## kill»,
  which gives the lines under it their move);
- ``dash``: a vote's span on a line with no other move rewritten between the verb form and the
  label form: «Голосую за X» (any span starting with a vote verb or «за») becomes «Голос — X» or
  «Голос: X» (the nick as the roster writes it; «Голоса — X, Y» for two), any other vote span
  becomes «Голосую за X» (the nick in the accusative, :func:`engine.words.inflect`); not for
  a letter that asks (its vote line may name a player the moves do not hold).
"""
from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass

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


# --- shape perturbations -------------------------------------------------------------------

@dataclass(frozen=True)
class Marks:
    """Where the moves of a letter's original reading lie in its own text.

    ``spans``: (line index, start, end, move JSON) per move, the offsets inside that line of
    the own text (the lines above the first added line); ``roster``: the roster nicks;
    ``asked``: the original reading asks something (a name read nowhere is in no move's JSON,
    so ``dash`` does not rebuild such a letter's vote).
    """

    spans: tuple[tuple[int, int, int, dict], ...]
    roster: tuple[str, ...]
    asked: bool = False

    @property
    def lines(self) -> list[int]:
        """The move lines' indices, in order."""
        return sorted({ln for ln, _a, _b, _m in self.spans})


REMARKS = (" — достал уже", ": слишком тихий", " (он вчера врал)", ", потому что молчит",
           " )))", " !!!", " 🙂")

#: Talk with no move word and no roster name (from benchmarks/chatter.py's sentences).
TALK = (
    "Ладно, давайте без паники, время ещё есть.",
    "Погода сегодня мерзкая, весь день дождь.",
    "Спасибо ведущему за отличную газету!",
    "Если честно, мне эта партия нравится больше прошлой.",
    "Вся ветка сегодня какая-то сонная.",
    "Напомню всем, что срок до полуночи.",
    "Как по мне, слишком рано делать выводы.",
    "Ребята, не ссорьтесь, это всего лишь игра.",
    "Мой кот опять уронил ноутбук, извините за опечатки.",
    "Я перечитал вчерашнюю ветку дважды и всё равно ничего не понял.",
    "Завтра с утра на работу, так что коротко.",
    "Было бы здорово, если бы молчуны тоже высказались.",
)

_GREETINGS = ("Добрый вечер!", "Привет, ведущий.")
_SIGNATURES = ("--\n{name}", "С уважением, {name}")
_SIGN_NAMES = ("Ваня", "Гоша", "Тёма", "Стёпа")

#: A correction, take-back, conditional or back-reference word: the letter's move lines are
#: not reordered (``order``), nor is a vote line with one rewritten (``dash``).
_ORDERED = re.compile(
    r"(?<!\w)(?:нет|не|то есть|вернее|точнее|хотя|передумал\w*|upd|апд|отбой|стоп|ой|"
    r"поправк\w*|исправ\w*|мен[яи]\w*|отмен\w*|сним\w*|вместо|иначе|если|когда|пока|тогда|"
    r"лучше|потом|сначала|затем|дальше|после|его|её|ее|ему|ей|него|неё|нему|ней|ним|тот|того|"
    r"тому|этого|этому|тоже|также|туда|или|либо|ps|п\.?\s?с|зачеркн\w*|забудь\w*|"
    r"ошиб\w*|опять|снова|оба|обоих)(?!\w)",
    re.IGNORECASE)

#: A line that heads the lines under it («Ночь:», «## kill», «Клан —»).
_HEADING = re.compile(r"^\s*#|[:—–-]\s*$")

_VOTE_VERB = re.compile(r"^\s*(?:голосую|голосуем|голосовать|проголос\w*|за)\b", re.IGNORECASE)


def _replace_lines(own: list[str], marks: Marks, new: dict[int, str]) -> list[str]:
    return [new.get(i, line) for i, line in enumerate(own)]


def remark(own: list[str], rng: random.Random, marks: Marks) -> list[str] | None:
    """A short remark after the last move's span on every move line."""
    start = rng.randrange(len(REMARKS))
    new = {}
    for n, ln in enumerate(marks.lines):
        end = max(b for line, _a, b, _m in marks.spans if line == ln)
        line = own[ln]
        new[ln] = line[:end] + REMARKS[(start + n) % len(REMARKS)] + line[end:]
    return _replace_lines(own, marks, new)


def frame(own: list[str], rng: random.Random, marks: Marks) -> list[str] | None:
    """A greeting line before, a signature after, a blank line between each two lines."""
    low = " ".join(marks.roster).lower()
    name = next((n for n in _SIGN_NAMES if n[:3].lower() not in low), "Ваня")
    body = "\n\n".join(own).split("\n")
    sign = rng.choice(_SIGNATURES).format(name=name)
    return [rng.choice(_GREETINGS), ""] + body + ["", *sign.split("\n")]


def chatter(own: list[str], rng: random.Random, marks: Marks) -> list[str] | None:
    """Three sentences of talk before and after every move line."""
    out = []
    moves = set(marks.lines)
    for i, line in enumerate(own):
        if i in moves:
            out.append(" ".join(rng.sample(TALK, 3)))
            out.append(line)
            out.append(" ".join(rng.sample(TALK, 3)))
        else:
            out.append(line)
    return out


def order(own: list[str], rng: random.Random, marks: Marks) -> list[str] | None:
    """The move lines in reverse order (None: fewer than two, or an order word in the text)."""
    lines = marks.lines
    if len(lines) < 2 or _ORDERED.search("\n".join(own)):
        return None
    if any(_HEADING.search(own[i]) for i in range(len(own)) if i not in lines):
        return None  # («## kill⏎X⏎## check⏎Y»: a heading gives the line under it its move)
    texts = [own[i] for i in lines]
    if len(set(texts)) < 2:
        return None
    return _replace_lines(own, marks, dict(zip(lines, reversed(texts))))


def _vote_targets(move: dict) -> list[str]:
    return list(move.get("targets") or [move["target"]]) if move.get("targets") or move.get("target") else []


def dash(own: list[str], rng: random.Random, marks: Marks) -> list[str] | None:
    """Every vote line with no other move, between verb form and label form (None: none, or
    the letter asks: its vote line may name a player no move holds)."""
    from engine.words import inflect
    if marks.asked:
        return None
    new = {}
    for ln in marks.lines:
        on_line = [(a, b, m) for line, a, b, m in marks.spans if line == ln]
        if len(on_line) != 1 or on_line[0][2].get("action") != "vote":
            continue
        a, b, move = on_line[0]
        line, targets = own[ln], _vote_targets(move)
        if not targets or _ORDERED.search(line):
            continue
        if _VOTE_VERB.match(line[a:b]):
            label = "Голоса" if len(targets) > 1 else "Голос"
            text = f"{label}{rng.choice((' — ', ': '))}{', '.join(targets)}"
        else:
            text = "Голосую за " + " и ".join(inflect(t, "accs") for t in targets)
        new[ln] = line[:a] + text + line[b:]
    return _replace_lines(own, marks, new) if new else None


SHAPES = {"remark": remark, "frame": frame, "chatter": chatter, "order": order, "dash": dash}


def _cut(text: str) -> tuple[list[str], list[str]]:
    lines = text.split("\n")
    cut = next((i for i, line in enumerate(lines) if _ADDED.search(line)), len(lines))
    return lines[:cut], lines[cut:]


def marks_of(text: str, moves, roster, asked: bool = False) -> Marks | None:
    """The move lines of ``text`` for the parsed ``moves`` (with spans); None when a move's
    span lies on no single own line. ``asked``: the reading asks something."""
    own, _rest = _cut(text)
    spans = []
    for move in moves:
        found = None
        for piece in sorted(move.span.split(" / "), key=len, reverse=True):
            piece = piece.strip()
            if not piece or "\n" in piece:
                continue
            for ln, line in enumerate(own):
                at = line.find(piece)
                if at >= 0:
                    found = (ln, at, at + len(piece), move.to_json())
                    break
            if found:
                break
        if found is None:
            return None
        spans.append(found)
    return Marks(tuple(spans), tuple(roster), asked) if spans else None


def perturb(kind: str, text: str, rng: random.Random, marks: Marks | None = None) -> str | None:
    """``text`` with the player's own lines (up to the first line the mail program added)
    rewritten by perturbation ``kind``; None when a shape kind does not apply."""
    own, rest = _cut(text)
    if kind in SHAPES:
        if marks is None:
            return None
        lines = SHAPES[kind](own, rng, marks)
        if lines is None:
            return None
        return "\n".join(lines + rest)
    out = KINDS[kind]("\n".join(own), rng)
    return "\n".join([out] + rest) if rest else out


def read(text: str, roster, letter) -> tuple[Counter, bool]:
    state, turn = build(roster, letter)
    result = parse_letter(own_text(text), letter["from"], state, turn)
    res = screen_letter(result, letter["from"], state, turn, ()).to_json()
    return Counter(canon(m) for m in split_kills(res["moves"])), bool(res["problems"])


def _spans(text: str, roster, letter):
    state, turn = build(roster, letter)
    return parse_letter(own_text(text), letter["from"], state, turn).moves


def main(argv: list[str]) -> None:
    show, lost, per_set = "--show" in argv, "--lost" in argv, "--per-set" in argv
    kinds = list(SHAPES) if "--shapes" in argv else list(KINDS)
    if "--kind" in argv:
        kinds = argv[argv.index("--kind") + 1].split(",")
    skip = set(kinds)
    paths = [a for a in argv if not a.startswith("--") and a not in skip]
    base = []
    total = 0
    for path in paths:
        letters = load([path])
        total += len(letters)
        for roster, letter in letters:
            expected = Counter(canon(m) for m in split_kills(letter.get("moves", [])))
            try:
                got, problem = read(letter["text"], roster, letter)
                marks = None
                if any(k in SHAPES for k in kinds):
                    marks = marks_of(letter["text"], _spans(letter["text"], roster, letter), roster,
                                     bool(letter.get("ask", False)))
            except Exception:  # noqa: BLE001 - score.py reports crashes
                continue
            if got == expected and problem == bool(letter.get("ask", False)):
                base.append((os.path.basename(path.rstrip("/")), roster, letter, expected, marks))
    print(f"letters read exactly as written: {len(base)} of {total}")
    for kind in kinds:
        counts: dict[str, Counter] = {}
        rows = []
        for set_name, roster, letter, expected, marks in base:
            c = counts.setdefault(set_name, Counter())
            text = perturb(kind, letter["text"], random.Random(letter["id"]), marks)
            if text is None:
                c["n/a"] += 1
                continue
            try:
                got, problem = read(text, roster, letter)
            except Exception as exc:  # noqa: BLE001
                c["crash"] += 1
                rows.append({"id": letter["id"], "crash": repr(exc)})
                continue
            if got - expected and not problem:
                c["silent"] += 1
                rows.append({"id": letter["id"], "out": "SILENT", "text": text,
                             "expected": sorted(expected), "got": sorted(got)})
            elif got == expected and problem == bool(letter.get("ask", False)):
                c["exact"] += 1
            elif problem:
                c["flagged"] += 1
            else:
                c["lost"] += 1
                if lost:
                    rows.append({"id": letter["id"], "out": "lost", "text": text,
                                 "expected": sorted(expected), "got": sorted(got)})

        def line(name: str, c: Counter) -> str:
            return (f"{name:8} exact {c['exact']}  flagged {c['flagged']}  "
                    f"lost-without-problem {c['lost']}  SILENT {c['silent']}  crash {c['crash']}"
                    + (f"  n/a {c['n/a']}" if c["n/a"] else ""))
        if per_set:
            for set_name, c in sorted(counts.items()):
                print(line(kind, c) + f"  [{set_name}]")
        print(line(kind, sum(counts.values(), Counter())))
        if show:
            for row in rows:
                print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
