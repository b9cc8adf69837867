"""The shape perturbations of benchmarks/blind/perturb.py over letters of our own (issue 11).

Every letter of tests/parse_corpus/issue11_shapes58.toml that is read as moves with no
problem is rewritten by each shape kind (``remark``, ``frame``, ``chatter``, ``order``,
``dash``: the same moves in another layout, a careful host reads them the same way) and
must be read with exactly the same moves and still no problem. The letters of that file are
invented for this (roster ``shapes58``), not copied from the blind sets. So that the check
cannot pass by doing nothing, each kind must apply to a given number of letters and change
their text.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import random
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from engine.parse import parse_letter
from tests.test_parse import CORPUS, build

_PERTURB = Path(__file__).resolve().parent.parent / "benchmarks" / "blind" / "perturb.py"

#: How many letters each kind must rewrite at least (the file has more of each).
_AT_LEAST = {"remark": 12, "frame": 12, "chatter": 12, "order": 5, "dash": 6}


@functools.cache
def _perturb_module():
    """benchmarks/blind/perturb.py, imported from its path (it is no package)."""
    sys.path.insert(0, str(_PERTURB.parent))
    try:
        spec = importlib.util.spec_from_file_location("blind_perturb", _PERTURB)
        module = importlib.util.module_from_spec(spec)
        sys.modules["blind_perturb"] = module  # (its dataclass looks its module up)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(_PERTURB.parent))
    return module


def _exact_letters() -> list[tuple[str, dict]]:
    """The cases of issue11_shapes58.toml read as moves with no problem, as (id, case)."""
    data = tomllib.loads((CORPUS / "issue11_shapes58.toml").read_text(encoding="utf-8"))
    return [(f"shapes58-{n:03d}", case) for n, case in enumerate(data["case"])
            if case.get("moves") and not case.get("problems")]


def _canon(moves: list[dict]) -> Counter:
    return Counter(json.dumps(m, ensure_ascii=False, sort_keys=True) for m in moves)


@pytest.mark.parametrize("kind", list(_AT_LEAST))
def test_shape_keeps_the_reading(kind):
    perturb = _perturb_module()
    rewritten = 0
    for cid, case in _exact_letters():
        state, turn = build(case)
        first = parse_letter(case["text"], case["from"], state, turn)
        assert first.to_json() == {"moves": case["moves"], "problems": []}, cid
        marks = perturb.marks_of(case["text"], first.moves, tuple(state.players))
        text = perturb.perturb(kind, case["text"], random.Random(cid), marks)
        if text is None:
            continue
        assert text != case["text"], (kind, cid)
        rewritten += 1
        state, turn = build(case)
        again = parse_letter(text, case["from"], state, turn).to_json()
        assert again["problems"] == [], (kind, cid, text, again)
        assert _canon(again["moves"]) == _canon(case["moves"]), (kind, cid, text, again)
    assert rewritten >= _AT_LEAST[kind], (kind, rewritten)


def test_marks_find_the_move_lines():
    """The move lines are the lines the spans of the moves lie on (not the greeting)."""
    perturb = _perturb_module()
    case = next(c for _, c in _exact_letters() if c["text"].startswith("Добрый вечер.\nЛечу"))
    state, turn = build(case)
    first = parse_letter(case["text"], case["from"], state, turn)
    marks = perturb.marks_of(case["text"], first.moves, tuple(state.players))
    assert marks.lines == [1, 2]
    rng = random.Random(1)
    assert perturb.perturb("order", case["text"], rng, marks) == \
        "Добрый вечер.\nГолосую за Сухарика.\nЛечу Пряника."
    assert perturb.perturb("dash", case["text"], random.Random(2), marks).split("\n")[2] in \
        ("Голос — Сухарик.", "Голос: Сухарик.")
