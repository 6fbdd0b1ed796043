"""Close-match suggestions ("did you mean ...") by edit distance, with transpositions."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def distance(a: str, b: str, limit: int = 1 << 30) -> int:
    """Optimal-string-alignment distance: insertions, deletions, substitutions, swaps."""
    if a == b:
        return 0
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate the user most likely meant, or None when nothing is close.

    Case is ignored; a candidate within about one edit per three letters wins, the
    nearest first; failing that, a long name that mostly matches (difflib ratio >= 0.75).
    """
    folded = {c.casefold(): c for c in candidates}
    key = word.casefold()
    if key in folded:
        return folded[key]
    allowed = max(1, min(3, len(key) // 3))
    best: tuple[int, str] | None = None
    for option in folded:
        d = distance(key, option, allowed)
        if d <= allowed and (best is None or d < best[0]):
            best = (d, option)
    if best is not None:
        return folded[best[1]]
    close = difflib.get_close_matches(key, list(folded), n=1, cutoff=0.75)
    return folded[close[0]] if close else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`; did you mean "x"?` for the closest candidate, or an empty string."""
    match = closest(word, candidates)
    return f'; did you mean "{match}"?' if match is not None and match != word else ""
