"""A memo for :meth:`engine.names_match.NameIndex.exact` (issue 11: parse speed).

The parser asks the roster's form index for the name at a word many times a letter (targets,
keywords, run-on cuts, the precision net), mostly for the same everyday words. When no
multi-word nickname starts with the word and the word is no number, the answer depends on
the word and the expected cases only (the index never changes once built), so it is
remembered per index.
"""

from __future__ import annotations

import functools

#: A memo's "not looked up yet" (None is an answer).
_NOT_YET = object()


def remembered_by_word(exact):
    """``exact(self, words, i, expected)`` with its answer remembered in ``self._exact_memo``
    per ``(words[i], expected)`` when no multi-word nick starts with ``words[i]`` (the multi
    nicks' first-word forms, ``self.multi_first``) and it is no number or marked nick (the
    answer then reads no other word); emptied past 50,000 answers."""

    @functools.wraps(exact)
    def remembered(self, words: list[str], i: int, expected):
        w = words[i]
        if w in self.multi_first or w[:1].isdigit() or w[:1] == "\x00":
            return exact(self, words, i, expected)
        key = (w, expected)
        memo = self._exact_memo
        hit = memo.get(key, _NOT_YET)
        if hit is _NOT_YET:
            if len(memo) > 50_000:
                memo.clear()
            hit = memo[key] = exact(self, words, i, expected)
        return hit
    return remembered
